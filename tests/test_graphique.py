"""Le graphique des chances : la répartition de chaque mécanique, son rendu SVG et son tableau."""

from __future__ import annotations

import html
import json
import subprocess
import sys
import xml.etree.ElementTree as ET
from dataclasses import replace
from fractions import Fraction
from itertools import pairwise
from typing import Any

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from jdr_core import registre
from jdr_core.des import DesAleatoires
from jdr_core.erreurs import JdrErreur
from jdr_core.francais import typographier
from jdr_core.graphique import Serie, _e, figure, lignes, pour_lanceur
from jdr_core.issues import Barre, Issues, Repartition
from jdr_core.mecanique import Choix, Entier, Mecanique, OuiNon
from jdr_core.pont import traiter
from site_plugins.fences import Registre, formater_lanceur

SVG = "{http://www.w3.org/2000/svg}"

def analyser(balisage: str) -> ET.Element:
    """Le balisage du graphique est du XML bien formé (SVG et tableau compris)."""
    return ET.fromstring(balisage)


def repartition_simple(*probas: Fraction, au_moins: bool = True) -> Repartition:
    return Repartition("Succès", tuple(
        Barre(str(i), f"{i} succès", p, f"au moins {i} succès") for i, p in enumerate(probas)), au_moins)


class TestRepartitionDesMecaniques:
    """Chaque mécanique de chaque système a un graphique (juste au cas de dés près : voir
    tests/test_enumeration.py, qui compte aussi les barres)."""

    def test_chaque_mecanique_a_un_graphique(self) -> None:
        """Aucune mécanique sans répartition : ses barres font exactement 1."""
        for meca in registre.mecaniques().values():
            r = meca.repartir(meca.valider({}))
            assert sum(b.probabilite for b in r.barres) == 1
            assert len(r.barres) >= 2, meca.nom

    def test_la_lecture_au_moins_ou_elle_a_un_sens(self) -> None:
        """Succès, PE, marges, gravités, niveaux de 2D6 : « au moins » ; qui l'emporte : non."""
        for nom in ("3d6-test", "d10-action", "2d6-test", "2d6-assistance", "2d6-jet-cache"):
            assert registre.mecanique(nom).repartir(registre.mecanique(nom).valider({})).au_moins, nom
        opposition = registre.mecanique("3d6-opposition")
        assert not opposition.repartir(opposition.valider({})).au_moins

    def test_au_moins_ecrit_seulement_s_il_apprend_quelque_chose(self) -> None:
        """Niveaux de 2D6 à la cible 7 : rien sur la pire issue (certaine) ni sur la meilleure
        (égale à sa barre) ; les deux du milieu portent leur cumul."""
        meca = registre.mecanique("2d6-test")
        r = meca.repartir(meca.valider({}))
        textes = [t.text for t in analyser(figure([Serie("Réglage actuel", r)], ident="g")).iter()
                  if "jdr-graphique-cumul" in (t.get("class") or "")]
        cumuls = [ligne["au_moins"][0] for ligne in lignes([Serie("Réglage actuel", r)])]
        attendus = [c for c, b in zip(cumuls, r.barres, strict=True) if c not in (1, b.probabilite)]
        assert len(attendus) == 2
        assert len(textes) == len(attendus)

    def test_la_barre_du_test_est_le_nombre_de_succes(self) -> None:
        """Le jet de 3D6 surligne la barre de son nombre de succès."""
        meca = registre.mecanique("3d6-test")
        valeurs = meca.valider({"fp": 2})
        repartition = meca.repartir(valeurs)
        for graine in range(20):
            jet = meca.lancer(valeurs, DesAleatoires(graine))
            assert meca.barre_de(jet, repartition) == str(jet.succes)
        assert repartition.cles[:2] == ("0", "1")
        assert repartition.barres[0].probabilite == 0 and repartition.barres[2].probabilite > 0

    def test_le_jet_cache_ne_trahit_pas_son_niveau(self) -> None:
        """Des dés cachés : aucune barre surlignée, même dans le balisage rendu."""
        r = registre.executer("2d6-jet-cache", {}, 5)
        assert r["graphique"]["realisee"] is None
        assert "realisee" not in r["graphique"]["html"].replace('"realisee"', "")
        assert "(ce jet)" not in r["graphique"]["html"]


class TestEchappement:
    """Le graphique échappe son texte lui-même, sans le module html (et son html.entities)."""

    @given(st.text())
    def test_comme_html_escape(self, texte: str) -> None:
        assert _e(texte) == html.escape(texte, quote=True)

    def test_demarrage_sans_module_html(self) -> None:
        """Importer le registre (toute requête du pont le fait) ne tire ni le graphique ni html."""
        code = ("import sys, jdr_core.registre, jdr_core.pont; "
                "print(sorted({'html', 'jdr_core.graphique'} & set(sys.modules)))")
        sortie = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
        assert sortie.stdout.strip() == "[]"


class TestContrat:
    """La répartition refuse ce qui ne forme pas une loi de probabilité."""

    def test_somme_differente_de_un(self) -> None:
        with pytest.raises(JdrErreur, match="font 3/4, pas 1"):
            repartition_simple(Fraction(1, 2), Fraction(1, 4))

    def test_cles_en_double(self) -> None:
        with pytest.raises(JdrErreur, match="même clé"):
            Repartition("x", (Barre("a", "A", Fraction(1, 2)), Barre("a", "B", Fraction(1, 2))))

    def test_cotes_qui_se_recoupent_sans_repartition(self) -> None:
        """Une mécanique dont les cotes se recoupent doit déclarer son graphique."""
        vraie = registre.mecanique("3d6-test")
        sans = replace(vraie, issues=Issues(vraie.issues.resume, vraie.issues.lignes, loi=vraie.issues.loi))
        with pytest.raises(JdrErreur, match="lanceur 3d6-test : ses cotes se recoupent"):
            sans.repartir(sans.valider({}))

    def test_par_defaut_les_cotes_exclusives(self) -> None:
        """Sans répartition déclarée, des cotes qui font 1 deviennent les barres, dans leur ordre."""
        meca = registre.mecanique("3d6-opposition")
        valeurs = meca.valider({})
        r = meca.repartir(valeurs)
        cotes = meca.cotes(valeurs)
        assert [(b.libelle, b.probabilite) for b in r.barres] == [(c.libelle, c.probabilite) for c in cotes]

    def test_sous_ensemble_de_cotes(self) -> None:
        """Le graphique du 2D6 reprend quatre de ses cinq lignes de cotes, du pire au meilleur."""
        meca = registre.mecanique("2d6-test")
        valeurs = meca.valider({})
        r = meca.repartir(valeurs)
        assert r.cles == ("maladresse", "echec", "reussite", "reussite_critique")
        assert r.barres[0].probabilite == Fraction(1, 18) and r.barres[0].libelle == "Maladresse"
        cotes = {c.cle: c for c in meca.cotes(valeurs)}
        assert [(b.libelle, b.probabilite) for b in r.barres] == [
            (cotes[k].libelle, cotes[k].probabilite) for k in r.cles]


class TestRendu:
    """Le SVG et le tableau : bien formés, échappés, accessibles."""

    def test_echappement(self) -> None:
        """Un libellé piégé reste du texte : rien ne s'ouvre, rien ne se ferme."""
        piege = '<script>alert("x")</script> & « fin »'
        r = Repartition("Titre <b>", (Barre("a", piege, Fraction(1, 3)), Barre('b"', "B", Fraction(2, 3))))
        balisage = figure([Serie('Série <i>', r)], ident="essai", realisee='b"')
        assert "<script>" not in balisage and "<b>" not in balisage and "<i>" not in balisage
        racine = analyser(balisage)
        textes = "".join(racine.itertext())
        assert piege in textes and "Série <i>" in textes
        assert racine.find(f".//{SVG}g[@data-cle='b\"']") is not None

    def test_titre_et_role(self) -> None:
        """Le SVG a le rôle d'image et son titre par aria-labelledby ; les chiffres sont en tableau."""
        racine = analyser(figure([Serie("Actuel", repartition_simple(Fraction(1, 4), Fraction(3, 4)))], ident="l1"))
        svg = racine.find(f"{SVG}svg")
        assert svg is not None and svg.get("role") == "img"
        titre = svg.find(f"{SVG}title")
        assert titre is not None and titre.get("id") == svg.get("aria-labelledby") == "l1-graphique-titre"
        assert racine.find("details/summary") is not None
        assert "Voir les chiffres" in "".join(racine.find("details/summary").itertext())  # type: ignore[union-attr]
        cellules = ["".join(td.itertext()) for td in racine.iter("td")]
        assert cellules == ["25 %", "1/4", "100 %", "75 %", "3/4", "75 %"]

    def test_issues_impossibles_cachees(self) -> None:
        """Une issue de probabilité 0 n'a ni barre ni ligne de tableau."""
        r = repartition_simple(Fraction(1, 2), Fraction(0), Fraction(1, 2))
        racine = analyser(figure([Serie("Actuel", r)], ident="z"))
        assert [g.get("data-cle") for g in racine.iter(f"{SVG}g") if g.get("data-cle")] == ["0", "2"]
        assert len(racine.findall(".//tbody/tr")) == 2

    def test_la_barre_realisee_est_marquee(self) -> None:
        racine = analyser(figure([Serie("Actuel", repartition_simple(Fraction(1, 4), Fraction(3, 4)))],
                                 ident="m", realisee="1"))
        marquees = [g.get("data-cle") for g in racine.iter(f"{SVG}g") if "realisee" in (g.get("class") or "")]
        assert marquees == ["1"]
        assert len(racine.findall(".//tbody/tr[@class='jdr-graphique-realisee']")) == 1

    def test_comparer_deux_series(self) -> None:
        """Deux réglages : une légende, deux barres par issue, deux jeux de colonnes ; l'ordre fusionné."""
        meca = registre.mecanique("3d6-test")
        balisage = pour_lanceur(meca, meca.valider({"avantages": 1}), ident="c", comparaison=meca.valider({}))
        racine = analyser(balisage)
        assert racine.get("data-series") == "2"
        legende = "".join("".join(g.itertext()) for g in racine.iter(f"{SVG}g")
                          if g.get("class") == "jdr-graphique-legende")
        assert "Actuel : Avantages 1" in legende and "Figé : Avantages 0" in legende
        cles = [g.get("data-cle") for g in racine.iter(f"{SVG}g") if g.get("data-cle")]
        assert cles == ["0", "1", "2", "3", "4"]
        for g in racine.iter(f"{SVG}g"):
            if g.get("data-cle"):
                assert len(g.findall(f".//{SVG}rect")) == 2
        entetes = ["".join(th.itertext()) for th in racine.findall(".//thead/tr/th")]
        assert entetes == ["Issue", "Chance (actuel)", "Fraction exacte (actuel)", "Au moins (actuel)",
                           "Chance (figé)", "Fraction exacte (figé)", "Au moins (figé)"]


class TestProprietes:
    """Pour tout réglage valide de toute mécanique : une loi exacte, lue dans le bon sens."""

    @staticmethod
    @st.composite
    def reglages(draw: st.DrawFn) -> tuple[Mecanique[Any], dict[str, Any]]:
        meca = draw(st.sampled_from(sorted(registre.mecaniques().values(), key=lambda m: m.nom)))
        bruts: dict[str, object] = {}
        for p in meca.parametres:
            if isinstance(p, Entier):
                bruts[p.nom] = draw(st.integers(p.minimum, min(p.maximum, p.minimum + 12)))
            elif isinstance(p, OuiNon):
                bruts[p.nom] = draw(st.booleans())
            elif isinstance(p, Choix):
                bruts[p.nom] = draw(st.sampled_from(p.valeurs))
        return meca, bruts

    @given(reglages(), st.integers(0, 10_000))
    def test_loi_exacte_au_moins_decroissant_barre_realisee(self, reglage: tuple[Mecanique[Any], dict[str, Any]],
                                                            graine: int) -> None:
        meca, bruts = reglage
        try:
            r = registre.executer(meca.nom, bruts, graine)
        except JdrErreur:
            assume(False)
            return
        valeurs = r["parametres"]
        repartition = meca.repartir(valeurs)
        assert sum(b.probabilite for b in repartition.barres) == 1
        contenu = lignes([Serie("Actuel", repartition)])
        if repartition.au_moins:
            cumuls = [ligne["au_moins"][0] for ligne in contenu]
            assert cumuls[0] == 1
            assert all(a >= b for a, b in pairwise(cumuls))
        realisee = r["graphique"]["realisee"]
        if realisee is not None:
            # La barre surlignée est une issue possible, et c'est la seule marquée dans le SVG.
            assert {b.cle: b.probabilite for b in repartition.barres}[realisee] > 0
            racine = analyser(r["graphique"]["html"])
            marquees = [g.get("data-cle") for g in racine.iter(f"{SVG}g") if "realisee" in (g.get("class") or "")]
            assert marquees == [realisee]


class TestPontEtBloc:
    """Le graphique rendu à la construction et renvoyé par le pont pour les mises à jour."""

    def test_le_bloc_porte_le_graphique(self) -> None:
        html = formater_lanceur("", "lanceur", "", {"mecanique": "d10-action", "id": "mon-lanceur"}, None,
                                registre=Registre())
        assert 'aria-labelledby="mon-lanceur-graphique-titre"' in html
        assert 'id="mon-lanceur-graphique-titre"' in html
        debut = html.index('<figure class="jdr-graphique"')
        analyser(html[debut:html.index("</figure>") + len("</figure>")])

    def test_cotes_avec_graphique_et_comparaison(self) -> None:
        reponse = json.loads(traiter(json.dumps({
            "type": "cotes", "mecanique": "3d6-test", "parametres": {"caracteristique": "4"},
            "graphique": {"id": "lanceur-3d6-test", "comparer": {"caracteristique": "2"}}})))
        assert reponse["graphique"]["series"] == 2
        assert reponse["cotes"][0]["libelle"] == "Réussir (difficulté 2)"
        assert 'id="lanceur-3d6-test-graphique-titre"' in reponse["graphique"]["html"]

    @pytest.mark.parametrize(("options", "message"), [
        ({"id": "x", "comparer": {"caracteristique": "9"}},
         "réglage figé pour comparer : Caractéristique 9 : attendu un entier de 1 à 5"),
        ({"id": '"><script>'}, "graphique : id invalide"),
        ({"id": "x", "comparer": [1]}, "comparaison illisible"),
        ("texte", "options du graphique illisibles"),
    ])
    def test_options_refusees(self, options: object, message: str) -> None:
        reponse = json.loads(traiter(json.dumps({"type": "cotes", "mecanique": "3d6-test", "parametres": {},
                                                 "graphique": options})))
        assert reponse["erreur"].startswith(typographier(message))

    def test_le_jet_surligne_sa_barre(self) -> None:
        reponse = json.loads(traiter(json.dumps({"type": "lancer", "mecanique": "d10-action", "parametres": {},
                                                 "graine": 12, "graphique": {"id": "a"}})))
        realisee = reponse["graphique"]["realisee"]
        marge = reponse["phrase"]
        assert realisee is not None
        assert (realisee == "Échec") == marge.startswith("Échec")
        assert f'data-cle="{realisee}"' in reponse["graphique"]["html"]
