"""2D6 : le lanceur de poursuite et sa table (jdr_core/deuxd6/lanceurs_poursuite.py)."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction

import pytest

from jdr_core.des import DesAleatoires, DesScriptes
from jdr_core.deuxd6.lanceurs_poursuite import MECANIQUES_POURSUITE, POURSUITE, TABLES_POURSUITE
from jdr_core.deuxd6.manoeuvres import Camp, Distance, Manoeuvre
from jdr_core.deuxd6.poursuite import Issue, Poursuite, Tactique
from jdr_core.deuxd6.poursuite_cotes import distribution_poursuite
from jdr_core.erreurs import ParametreInvalide, RegleEnfreinte
from jdr_core.mecanique import ROLES

from .enumeration import suites as enumerer
from .test_deuxd6_lanceurs import assert_phrase_lisible
from .test_khi2 import khi2, seuil_khi2


class TestTableManoeuvres:
    """La table publiée compte une ligne par manœuvre, avec distance, modificateur et effet."""

    def test_une_ligne_par_manoeuvre(self) -> None:
        (table,) = TABLES_POURSUITE
        assert table.nom == "2d6-manoeuvres"
        assert table.colonnes[:3] == ("Manœuvre", "Distance", "Modificateur")
        assert [ligne[0] for ligne in table.lignes] == [m.nom for m in Manoeuvre]

    def test_contenu(self) -> None:
        lignes = {ligne[0]: ligne for ligne in TABLES_POURSUITE[0].lignes}
        assert lignes["Forcer sur le côté/Bloquer en freinant devant"][1:3] == ("Contact", "−3")
        assert lignes["Faire des embardées"][1:3] == ("toutes", "−2")
        assert lignes["Se cacher en tournant rapidement"][1:3] == (
            "Moyen ou plus", "−3 (Moyen), −2 (Long), −1 (Extrême)")
        assert lignes["Stabiliser la vitesse"][2] == "0"
        assert lignes["Renversement (en l'air)"][1] == "Court ou moins"
        assert lignes["Rattraper/Fuir"][2] == "au choix de l'attaquant"


class TestLanceur:
    """Le formulaire, les cotes, le lancer et l'affichage."""

    @pytest.mark.parametrize(("crans", "attendu"), [(0, "La distance ne change pas : à longue distance."),
                                                    (1, "Le poursuivi s'éloigne : les voilà à distance extrême."),
                                                    (2, "Le poursuivi sème le poursuivant")])
    def test_autre_manoeuvre_et_ses_crans(self, crans: int, attendu: str) -> None:
        """Le réglage des crans d'une autre manœuvre réussie vient du formulaire."""
        v = POURSUITE.valider({"manoeuvre_poursuivi": "autre", "crans_autre": crans, "distance": "long",
                               "tours": 1})
        p = POURSUITE.lancer(v, DesScriptes([1, 2, 6, 5]))
        assert p.manches[0].manoeuvre is Manoeuvre.AUTRE and attendu in " ".join(p.manches[0].lignes())

    def test_autre_manoeuvre_hors_de_ses_distances(self) -> None:
        """Hors des distances fixées avec le MJ, la tactique se rabat sur la manœuvre suivante (fuir)."""
        v = POURSUITE.valider({"manoeuvre_poursuivi": "autre", "autre_min": "contact", "autre_max": "court",
                               "distance": "long", "tours": 1})
        p = POURSUITE.lancer(v, DesScriptes([1, 2, 6, 5]))
        assert p.manches[0].manoeuvre is Manoeuvre.RATTRAPER_FUIR

    def test_declare(self) -> None:
        assert [m.nom for m in MECANIQUES_POURSUITE] == ["2d6-poursuite"]

    @pytest.mark.parametrize("petit", POURSUITE.petits, ids=[str(i) for i in range(len(POURSUITE.petits))])
    def test_enumeration_egale_cotes(self, petit: dict[str, object]) -> None:
        v = POURSUITE.valider(petit)
        cotes = {c.cle: c.probabilite for c in POURSUITE.cotes(v)}
        observe = dict.fromkeys(cotes, Fraction(0))
        for resultat, poids in enumerer(lambda des: POURSUITE.lancer(v, des), limite=50_000):
            cles = POURSUITE.classer(resultat)
            assert set(cles) <= set(cotes)
            for cle in cles:
                observe[cle] += poids
        assert observe == cotes

    def test_cotes_partagent_les_issues(self) -> None:
        v = POURSUITE.valider({"distance": "long", "manoeuvre_poursuivi": "se_cacher", "tours": "6"})
        cotes = POURSUITE.cotes(v)
        assert [c.libelle for c in cotes] == [
            "Le poursuivi s'échappe", "Le poursuivi est arrêté", "La poursuite dure encore après 6 manches"]
        assert sum(c.probabilite for c in cotes) == 1

    def test_afficher(self) -> None:
        v = POURSUITE.valider({"tours": "5", "distance": "court"})
        p = POURSUITE.lancer(v, DesAleatoires(11))
        a = POURSUITE.afficher(p, v)
        assert a["issue"] in ("reussite", "neutre", "echec")
        assert len(a["details"]) == len(p.manches)
        assert all(d["role"] in ("somme", "double") and d["role"] in ROLES for g in a["groupes"] for d in g["des"])
        assert a["phrase"].startswith("Après ")
        # Seulement les dés de la dernière manche ; le récit de chaque manche est dans les détails.
        assert 1 <= len(a["groupes"]) <= 3
        assert all(g["titre"].startswith("Dernière manche, ") for g in a["groupes"])
        for texte in [a["phrase"], *a["details"], *(g["titre"] for g in a["groupes"])]:
            assert_phrase_lisible(texte)

    def test_renversement_au_sol_refuse(self) -> None:
        v = POURSUITE.valider({"contre_poursuivi": "renversement"})
        with pytest.raises(RegleEnfreinte, match="aérienne"):
            POURSUITE.cotes(v)

    def test_valider(self) -> None:
        with pytest.raises(ParametreInvalide):
            POURSUITE.valider({"tours": "21"})
        with pytest.raises(ParametreInvalide):
            POURSUITE.valider({"distance": "loin"})


JETS = 20_000


@pytest.mark.lent
@pytest.mark.parametrize("bruts", [
    {"distance": "moyen", "tours": 4, "modificateur_poursuivi": -1},
    {"distance": "long", "tours": 3, "manoeuvre_poursuivi": "se_cacher", "contre_poursuivant": "demi_tour",
     "sen_poursuivant": 5},
])
def test_khi2_poursuites(bruts: dict[str, object]) -> None:
    v = POURSUITE.valider(bruts)
    observes: Counter[Issue] = Counter(POURSUITE.lancer(v, DesAleatoires(graine)).issue for graine in range(JETS))
    poursuivant, poursuivi = (Tactique((Manoeuvre.FORCER_BLOQUER, Manoeuvre.RATTRAPER_FUIR), 0),
                              Tactique(modificateur=-1))
    if "manoeuvre_poursuivi" in bruts:
        poursuivant = Tactique((Manoeuvre.FORCER_BLOQUER, Manoeuvre.RATTRAPER_FUIR), 0, Manoeuvre.DEMI_TOUR)
        poursuivi = Tactique((Manoeuvre.SE_CACHER, Manoeuvre.RATTRAPER_FUIR))
    depart = Poursuite(1, 2, Distance(v["distance"]), Camp.POURSUIVI, sen_poursuivant=v["sen_poursuivant"])
    attendus = {i: p for i, p in distribution_poursuite(depart, poursuivant, poursuivi, tours=v["tours"]).items() if p}
    assert sum(attendus.values()) == 1
    stat, ddl = khi2(observes, attendus, JETS)  # type: ignore[arg-type]
    assert stat < seuil_khi2(ddl), f"khi2 = {stat:.1f} pour {ddl} ddl (seuil {seuil_khi2(ddl):.1f})"
