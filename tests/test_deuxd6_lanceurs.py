"""Les lanceurs du 2D6 (jdr_core/deuxd6/lanceurs.py) : paramètres, cotes contre énumération et contre 20 000 jets,
affichage."""

from __future__ import annotations

import dataclasses
import html
import json
import re
from fractions import Fraction
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from jdr_core import registre
from jdr_core.des import DesAleatoires, DesScriptes
from jdr_core.deuxd6.assistance import Cumul, assister, chance_trouver, distribution_assistance
from jdr_core.deuxd6.jet import Niveau, distribution_2d6
from jdr_core.deuxd6.lanceurs import MECANIQUES, cible_test, regle_scene
from jdr_core.deuxd6.opposition import Egalite, distribution_opposition
from jdr_core.deuxd6.rattrapage import Facon, distribution_rattrapage
from jdr_core.deuxd6.scene import distribution_scene_complete
from jdr_core.deuxd6.tache import distribution_sabotage, distribution_tache
from jdr_core.erreurs import JdrErreur
from jdr_core.mecanique import ROLES, Entier, Mecanique

from .conftest import RACINE
from .test_khi2 import Cas, Exacte, Issue, par_cas, verifier_les_cotes

PAR_NOM: dict[str, Mecanique[Any]] = {m.nom: m for m in MECANIQUES}


# L'énumération de toutes les suites de dés contre les cotes, pour chaque mécanique (y compris
# celles-ci), est dans tests/test_enumeration.py.


def _scene(v: dict[str, Any]) -> dict[Any, Fraction]:
    return distribution_scene_complete(regle_scene(v), surprise=v["surprise"], relances_max=v["relances"],
                                       echanges_max=v["echanges"])


def _tache(v: dict[str, Any]) -> dict[Any, Fraction]:
    from jdr_core.deuxd6.jet import cible_competence
    cible = cible_competence(v["niveau"], int(v["difficulte"]) + v["autre"])
    return dict(distribution_tache(v["requis"], cible, bonus_critique=v["bonus_critique"]))


def _assistance(v: dict[str, Any]) -> dict[Any, Fraction]:
    from jdr_core.deuxd6.jet import cible_competence
    m = int(v["difficulte"]) + v["autre"]
    cible = cible_competence(v["niveau"], m)
    resultat: dict[Any, Fraction] = {}
    niveaux = [v[f"niveau_aide_{i}"] for i in range(1, v["assistants"] + 1)]
    for bonus, p in distribution_assistance(v["niveau"], niveaux, modificateur=m,
                                            cumul=Cumul(v["cumul"])).items():
        for n, q in distribution_2d6(cible + bonus).items():
            resultat[(bonus, n)] = p * q
    return resultat


CAS_KHI2: list[Cas] = [
    ("2d6-test", {"niveau": 1, "difficulte": "-1"}, lambda r: r.niveau, lambda v: distribution_2d6(cible_test(v) or 0)),
    ("2d6-test", {"jet": "sans_competence", "proche": True, "caracteristique": 4},
     lambda r: r.niveau, lambda v: distribution_2d6(7)),
    ("2d6-opposition", {"cible_a": 9, "cible_b": 7, "relances": 1}, lambda o: o.gagnant,
     lambda v: distribution_opposition(9, 7, egalite=Egalite.RELANCER, relances_max=1)),
    ("2d6-scene-majeure", {"manches_a": 2, "contre_b": True, "echanges": 6}, lambda s: s.vainqueur, _scene),
    ("2d6-scene-majeure", {"surprise": True, "manches_a": 3, "manches_b": 2, "ordre": "simultane",
                           "score": "remise_a_zero", "echanges": 8}, lambda s: s.vainqueur, _scene),
    ("2d6-tache", {"requis": 3, "niveau": 1}, lambda t: (t.reussites, None if t.accomplie else t.jets[-1].niveau),
     _tache),
    ("2d6-sabotage", {"niveau_vise": 4, "niveau": 2}, lambda s: s.difficulte,
     lambda v: distribution_sabotage(4, 2, 9)),
    ("2d6-assistance",
     {"niveau": 3, "assistants": 2, "niveau_aide_1": 2, "niveau_aide_2": 4, "cumul": "bonus_et_malus"},
     lambda r: (r.assistance.modificateur, r.jet.niveau), _assistance),
    ("2d6-jet-cache", {"niveau": 0, "difficulte": "-1"}, lambda r: r.jet.niveau, lambda v: distribution_2d6(6)),
    ("2d6-rattrapage", {"niveau": 0, "cible_chance": 6}, lambda r: r.issue,
     lambda v: distribution_rattrapage(7, facon=Facon.CHANCE, cible_chance=6)),
    ("2d6-rattrapage", {"niveau": 3, "difficulte": "-3", "facon": "critique"}, lambda r: r.issue,
     lambda v: distribution_rattrapage(7, facon=Facon.CRITIQUE)),
]


@pytest.mark.lent
@par_cas(CAS_KHI2)
def test_lanceur_suit_les_cotes(nom: str, bruts: dict[str, Any], issue: Issue, exacte: Exacte) -> None:
    """20 000 jets graines (une graine par jet, comme dans le navigateur) contre la loi exacte."""
    verifier_les_cotes(PAR_NOM[nom], bruts, issue, exacte)


def test_niveaux_dans_l_ordre() -> None:
    """Les niveaux se listent du meilleur au pire (ordre des cotes affichées)."""
    assert [c.libelle for c in PAR_NOM["2d6-test"].cotes(PAR_NOM["2d6-test"].valider({}))][1:] == [
        "Réussite critique", "Réussite simple", "Échec simple", "Maladresse"]
    assert next(iter(Niveau)) is Niveau.REUSSITE_CRITIQUE


def _valeur_brute(p: Any) -> st.SearchStrategy[Any]:
    if isinstance(p, Entier):
        return st.integers(p.minimum, p.maximum)
    if hasattr(p, "valeurs"):
        return st.sampled_from(p.valeurs)
    return st.booleans()


@st.composite
def _requete(draw: st.DrawFn) -> tuple[Mecanique[Any], dict[str, Any]]:
    meca = draw(st.sampled_from(MECANIQUES))
    bruts = {p.nom: draw(_valeur_brute(p)) for p in meca.parametres if draw(st.booleans())}
    if meca.nom == "2d6-scene-majeure":
        bruts["echanges"] = draw(st.integers(1, 8))
        bruts["manches_a"] = draw(st.integers(1, 3))
        bruts["manches_b"] = draw(st.integers(1, 3))
    return meca, bruts


def assert_phrase_lisible(texte: str) -> None:
    """Une phrase pour un joueur : pas de « (s) », le vrai signe moins, pas de capitale après un
    deux-points, et au plus un deux-points par proposition (pas de « Nom : jet : résultat »)."""
    assert "(s)" not in texte, texte
    assert re.search(r"(?<![\w−])-\d", texte) is None, texte
    assert re.search(r" : [A-ZÀ-ÖØ-Þ]", texte) is None, texte
    for proposition in re.split(r"[.;] ", texte):
        assert proposition.count(" : ") <= 1, texte


class TestProprietes:
    """Toute saisie valide donne un affichage conforme au schéma, ou une JdrErreur expliquée."""

    @given(requete=_requete(), graine=st.integers(0, 2**53 - 1))
    def test_saisie_valide(self, requete: tuple[Mecanique[Any], dict[str, Any]], graine: int) -> None:
        meca, bruts = requete
        valeurs = meca.valider(bruts)
        try:
            resultat = meca.lancer(valeurs, DesAleatoires(graine))
            cotes = meca.cotes(valeurs)
        except JdrErreur as e:
            assert " : " in str(e) and ("attendu" in str(e) or "au plus" in str(e))
            return
        assert sum(c.probabilite for c in cotes if not c.libelle.startswith(("Réussite (", "Modificateur"))) == 1
        affichage = meca.afficher(resultat, valeurs)
        # « revelation » n'existe que pour les dés cachés : le résultat montré après le clic.
        assert {"phrase", "issue", "groupes", "details"} <= set(affichage) <= {
            "phrase", "issue", "groupes", "details", "revelation"}
        assert affichage["phrase"] and affichage["issue"] in ("reussite", "neutre", "echec")
        for groupe in affichage["groupes"]:
            for de in groupe["des"]:
                assert de["role"] in ROLES and 1 <= de["face"] <= de["faces"] == 6
        assert all(isinstance(ligne, str) and ligne for ligne in affichage["details"])
        assert set(meca.classer(resultat)) <= {c.cle for c in cotes}
        revelation = affichage.get("revelation")
        textes = [affichage["phrase"], *affichage["details"], *(groupe["titre"] for groupe in affichage["groupes"])]
        if revelation is not None:
            textes += [revelation["phrase"], *revelation["details"]]
        for texte in textes:
            assert "Fraction" not in texte and "True" not in texte and "Niveau." not in texte
            assert_phrase_lisible(texte)

    @given(nom=st.sampled_from(sorted(PAR_NOM)), valeur=st.one_of(st.integers(-10**6, 10**6), st.text(max_size=5)))
    def test_saisie_invalide(self, nom: str, valeur: object) -> None:
        meca = PAR_NOM[nom]
        for p in meca.parametres:
            try:
                p.convertir(valeur)
            except JdrErreur as e:
                assert "attendu" in str(e)

    def test_parametre_inconnu(self) -> None:
        with pytest.raises(JdrErreur, match="paramètre inconnu"):
            PAR_NOM["2d6-test"].valider({"pirate": 1})


class TestAffichage:
    """Quelques affichages précis : dé caché, échec d'office, doubles."""

    def test_de_cache(self) -> None:
        meca = PAR_NOM["2d6-jet-cache"]
        v = meca.valider({})
        a = meca.afficher(meca.lancer(v, DesAleatoires(5)), v)
        roles = [d["role"] for d in a["groupes"][0]["des"]]
        assert roles[1] == "cache" and roles[0] != "cache"
        v = meca.valider({"mode": "mj"})
        a = meca.afficher(meca.lancer(v, DesAleatoires(5)), v)
        assert [d["role"] for d in a["groupes"][0]["des"]] == ["cache", "cache"]

    def test_echec_d_office(self) -> None:
        meca = PAR_NOM["2d6-test"]
        v = meca.valider({"jet": "sans_competence", "apprentissage": True})
        r = meca.lancer(v, DesAleatoires(1))
        a = meca.afficher(r, v)
        assert a["issue"] == "echec" and a["groupes"] == [] and meca.classer(r) == {"echec"}

    def test_scene_details(self) -> None:
        meca = PAR_NOM["2d6-scene-majeure"]
        v = meca.valider({"manches_a": 3, "echanges": 10})
        a = meca.afficher(meca.lancer(v, DesAleatoires(11)), v)
        assert any(ligne.startswith("Échange 1 :") for ligne in a["details"])

    def test_tache_meme_bilan_en_titre_et_dans_le_recit(self) -> None:
        meca = PAR_NOM["2d6-tache"]
        v = meca.valider({"requis": 3})
        for graine in range(30):
            t = meca.lancer(v, DesAleatoires(graine))
            a = meca.afficher(t, v)
            assert a["phrase"] == t.bilan() and str(t).endswith(t.bilan())
            assert [g["titre"] for g in a["groupes"]][:2] == ["Premier jet", "Deuxième jet"][:len(t.jets)]

    def test_scene_legendes_des_derniers_des(self) -> None:
        meca = PAR_NOM["2d6-scene-majeure"]
        v = meca.valider({"manches_a": 2, "echanges": 6})
        a = meca.afficher(meca.lancer(v, DesAleatoires(3)), v)
        assert all(g["titre"].startswith("Dernier échange, ") for g in a["groupes"])


class TestFouille:
    """Le lanceur de fouille en parallèle : un jet par fouilleur, seul compte celui du bon endroit."""

    def test_cotes_de_la_regle(self) -> None:
        meca = PAR_NOM["2d6-fouille"]
        v = meca.valider({"fouilleurs": 3, "niveau_1": 2, "niveau_2": 0, "niveau_3": 1, "dissimulation": -1,
                          "tentative": 2})
        cotes = {c.libelle: c.probabilite for c in meca.cotes(v)}
        assert cotes["L'objet est trouvé"] == chance_trouver([9, 7, 8], tentative=2, dissimulation=-1)
        assert cotes["L'objet est trouvé"] + cotes["Rien n'est trouvé"] == 1

    def test_bon_endroit_choisi(self) -> None:
        """Quand les joueurs ont dit où chacun cherchait, seul le jet du bon fouilleur compte."""
        meca = PAR_NOM["2d6-fouille"]
        v = meca.valider({"fouilleurs": 2, "niveau_1": 0, "niveau_2": 10, "bon_endroit": "2"})
        assert {c.libelle: c.probabilite for c in meca.cotes(v)}["L'objet est trouvé"] == 1
        a = meca.afficher(meca.lancer(v, DesScriptes([6, 6, 6, 5])), v)
        assert a["phrase"] == ("Le deuxième fouilleur, au bon endroit, fait 6 et 5 = 11 contre 17 : réussite. "
                               "L'objet est trouvé.")
        assert a["groupes"][1]["titre"] == "Le deuxième fouilleur (au bon endroit)"

    def test_bon_endroit_hors_de_l_equipe_refuse(self) -> None:
        meca = PAR_NOM["2d6-fouille"]
        v = meca.valider({"fouilleurs": 2, "bon_endroit": "3"})
        with pytest.raises(JdrErreur, match="fouilleur au bon endroit, le troisième : attendu l'un des 2 premiers"):
            meca.lancer(v, DesScriptes([1, 2, 3, 4]))


class TestAssistance:
    """Le lanceur de l'action aidée : un niveau par assistant, et les liens d'avant qui n'en avaient qu'un."""

    def test_gaspard_lina_et_marc(self) -> None:
        """Réglé comme l'exemple de Gaspard (niveau 2, Lina au niveau 1, Marc au niveau 3), avec les dés de
        son histoire, le lanceur dit ce que dit l'exemple : cibles 8 et 10, +1 puis +2 plafonné."""
        meca = PAR_NOM["2d6-assistance"]
        v = meca.valider({"niveau": "2", "assistants": "2", "niveau_aide_1": "1", "niveau_aide_2": "3"})
        r = meca.lancer(v, DesScriptes([3, 4, 4, 4, 2, 3]))
        assert str(r.assistance) == str(assister(2, [1, 3], des=DesScriptes([3, 4, 4, 4])))
        assert str(r.assistance).startswith("Le premier assistant fait 3 et 4 = 7 contre 8 : réussite, donc +1. "
                                            "Le deuxième assistant fait 4 et 4 = 8 contre 10 :")
        assert meca.pour_journal(r, v)["situation"] == ("Compétence de niveau 2, difficulté standard (0), "
                                                        "avec 2 assistants de niveaux 1 et 3")
        cotes = {c.cle: c.probabilite for c in meca.cotes(v)}
        assert cotes["modificateur_+2"] == distribution_assistance(2, [1, 3])[2]

    def test_votre_version_de_gaspard(self) -> None:
        """Sur la page, « Modifier » l'exemple de Gaspard ouvre un formulaire réglé comme son histoire ;
        le lanceur de la page porte les anciens noms de ses champs, pour les vieux liens."""
        from .test_plugin import convertir

        page = (RACINE / "docs" / "deuxd6" / "cas-speciaux.md").read_text(encoding="utf-8")
        rendu = convertir(("deuxd6/cas-speciaux.md", "deuxd6/cas-speciaux/", page))["deuxd6/cas-speciaux.md"]
        modele = re.search(r'<form class="jdr-lanceur" data-mecanique="2d6-assistance" '
                           r'id="exemple-gaspard-coffre-situation".*?</form>', rendu, re.S)
        assert modele
        champs = dict(re.findall(r'name="(\w+)"[^>]*value="([^"]*)"', modele.group(0)))
        assert {nom: champs[nom] for nom in ("niveau", "assistants", "niveau_aide_1", "niveau_aide_2")} == {
            "niveau": "2", "assistants": "2", "niveau_aide_1": "1", "niveau_aide_2": "3"}
        assert 'for="exemple-gaspard-coffre-situation-niveau_aide_2">Niveau du deuxième assistant<' in modele.group(0)
        lanceur = re.search(r'<form class="jdr-lanceur" data-mecanique="2d6-assistance" id="lanceur-2d6-assistance"'
                            r'[^>]*data-anciens="([^"]+)"', rendu)
        assert lanceur
        assert json.loads(html.unescape(lanceur.group(1))) == {f"niveau_aide_{i}": "niveau_aides" for i in range(1, 5)}

    def test_niveaux_bornes(self) -> None:
        meca = PAR_NOM["2d6-assistance"]
        with pytest.raises(JdrErreur, match="Niveau du deuxième assistant 11 : attendu un entier de 0 à 10"):
            meca.valider({"niveau_aide_2": "11"})

    def test_niveaux_au_dela_des_assistants_ignores(self) -> None:
        """Le niveau d'un champ d'assistant au-delà de leur nombre ne compte pas, ni au jet ni au journal."""
        meca = PAR_NOM["2d6-assistance"]
        v = meca.valider({"assistants": "1", "niveau_aide_1": "2", "niveau_aide_3": "9"})
        r = meca.lancer(v, DesScriptes([1, 2, 3, 3]))
        assert len(r.assistance.aides) == 1 and r.assistance.aides[0].niveau == 2
        assert meca.pour_journal(r, v) == {
            "situation": "Compétence de niveau 2, difficulté standard (0), avec 1 assistant de niveau 2",
            "reglages": []}

    def test_vieux_lien_a_un_seul_niveau(self) -> None:
        """Un lien de rejeu d'avant (un seul niveau pour tous les assistants) rejoue le même jet : chaque
        assistant prend ce niveau ; un niveau donné sous son nouveau nom l'emporte."""
        vieux = {"niveau": "2", "assistants": "2", "niveau_aides": "3", "graine": "41"}
        nouveau = {"niveau": "2", "assistants": "2", **{f"niveau_aide_{i}": "3" for i in range(1, 5)}}
        rejoue = registre.executer("2d6-assistance", vieux, 41)
        assert rejoue == registre.executer("2d6-assistance", nouveau, 41)
        assert [rejoue["parametres"][f"niveau_aide_{i}"] for i in range(1, 5)] == [3, 3, 3, 3]
        assert "niveau_aides" not in rejoue["parametres"]
        meca = PAR_NOM["2d6-assistance"]
        assert meca.valider({"niveau_aides": "3", "niveau_aide_2": "1"})["niveau_aide_2"] == 1
        with pytest.raises(JdrErreur, match="Niveau du premier assistant 11 : attendu un entier de 0 à 10"):
            meca.valider({"niveau_aides": "11"})

    def test_ancien_nom_mal_declare(self) -> None:
        """Un ancien nom doit céder sa valeur à des paramètres actuels, sans en être un lui-même."""
        meca = PAR_NOM["2d6-assistance"]
        for anciens in ((("niveau_aides", ("inconnu",)),), (("niveau", ("niveau_aide_1",)),),
                        (("niveau_aides", ()),)):
            with pytest.raises(JdrErreur, match="l'ancien paramètre"):
                dataclasses.replace(meca, anciens=anciens)


class TestReprise:
    """Le lanceur de tâche dit ce que coûterait une nouvelle tentative, selon ses deux réglages."""

    @pytest.mark.parametrize(("reglages", "des", "attendu"), [
        ({}, [1, 2, 6, 5], "4 réussites, contre 9"),
        ({"progres_conserve": True}, [1, 2, 6, 5], "3 réussites, contre 9"),
        ({}, [1, 2, 5, 5], "9 réussites, contre 9"),
        ({"reprise": "malus"}, [1, 2, 5, 5], "4 réussites, contre 4"),
    ])
    def test_nouvelle_tentative(self, reglages: dict[str, object], des: list[int], attendu: str) -> None:
        meca = PAR_NOM["2d6-tache"]
        v = meca.valider({"requis": 4, "niveau": 2, **reglages})
        details = meca.afficher(meca.lancer(v, DesScriptes(des)), v)["details"]
        assert details[-1] == f"Si les circonstances changent, une nouvelle tentative demandera {attendu} à chaque jet."

    def test_rien_a_reprendre_si_accomplie(self) -> None:
        meca = PAR_NOM["2d6-tache"]
        v = meca.valider({"requis": 1})
        details = meca.afficher(meca.lancer(v, DesScriptes([1, 2])), v)["details"]
        assert not any("nouvelle tentative" in d for d in details)
