"""3D6 : le suivi de la fiche (jdr_core/troisd6/suivi.py) : tests par le lanceur de test, énergie, jauge des PE."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from jdr_core import registre
from jdr_core.des import DesAleatoires
from jdr_core.erreurs import JdrErreur
from jdr_core.troisd6.fiche import FORMAT, Personnage
from jdr_core.troisd6.lanceurs import TEST
from jdr_core.troisd6.suivi import operer, parametres_test, tests_de


def _creer(**champs: Any) -> dict[str, Any]:
    return operer(None, {"op": "creer", "nom": "Jules", "physique": 4, "mental": 2, "social": 3, **champs})


def _op(etat: dict[str, Any], op: str, **champs: Any) -> dict[str, Any]:
    return operer(etat, {"op": op, **champs})


class TestTests:
    def test_maitrise_un_avantage_sur_sa_caracteristique(self) -> None:
        etat = _op(_creer()["etat"], "ajouter_maitrise", nom="Athlétisme", caracteristique="physique")["etat"]
        r = _op(etat, "tester", caracteristique="physique", maitrise="athlétisme", graine=11)
        assert r["rejeu"]["parametres"]["avantages"] == 1
        assert len(r["rejeu"]["des"][0]["des"]) == 4
        with pytest.raises(JdrErreur, match="accompagne le Physique, pas le Social"):
            _op(etat, "tester", caracteristique="social", maitrise="Athlétisme", graine=11)
        with pytest.raises(JdrErreur, match="n'a pas de maîtrise « Vol »"):
            _op(etat, "tester", caracteristique="physique", maitrise="Vol", graine=11)

    def test_affaibli_un_desavantage_de_plus(self) -> None:
        etat = _op(_creer()["etat"], "subir", degats=4)["etat"]
        r = _op(etat, "tester", caracteristique="mental", desavantages=1, graine=3)
        assert r["rejeu"]["parametres"]["desavantages"] == 2
        assert "désavantage de l'état affaibli est déjà compté" in r["vue"]["avis"][0]

    def test_a_zero_pe_pas_de_test(self) -> None:
        etat = _op(_creer()["etat"], "subir", degats=6)["etat"]
        with pytest.raises(JdrErreur, match="ne peut pas agir vraiment"):
            _op(etat, "tester", caracteristique="mental", graine=3)
        assert _op(etat, "lire")["vue"]["tests"] == []

    def test_le_lien_de_rejeu_redonne_les_memes_des(self) -> None:
        r = _op(_creer()["etat"], "tester", caracteristique="social", difficulte=3, avantages=2, graine=424242)
        rejoue = registre.executer(r["rejeu"]["mecanique"], r["rejeu"]["parametres"], r["graine"])
        assert rejoue["groupes"] == r["rejeu"]["des"]

    def test_le_jet_est_celui_du_lanceur(self) -> None:
        p = Personnage.nouveau("Carmen", physique=2, mental=4, social=2)
        valeurs = parametres_test(p, "mental", difficulte=3, relances=1)
        r = _op(FORMAT.en_json(p), "tester", caracteristique="mental", difficulte=3, relances=1, graine=99)
        jet = TEST.lancer(valeurs, DesAleatoires(99))
        assert r["rejeu"]["des"] == TEST.afficher(jet, valeurs)["groupes"]
        assert r["etat"] == FORMAT.en_json(p)  # un test sans dépense ne change pas la fiche

    def test_depense_payee_avant_le_jet_ou_refus_sans_rien_changer(self) -> None:
        etat = _creer()["etat"]
        r = _op(etat, "tester", caracteristique="physique", depense="pouvoir", graine=5)
        assert r["vue"]["pe"] == 4
        assert "Pouvoir utilisé, 2 PE dépensés : 6 → 4 PE sur 6, en forme." in r["message"]
        bas = _op(etat, "subir", degats=5)["etat"]
        with pytest.raises(JdrErreur, match="ce pouvoir coûte 2 PE, il n'en reste que 1"):
            _op(bas, "tester", caracteristique="physique", depense="pouvoir", graine=5)

    @given(st.integers(0, 4), st.integers(0, 3), st.integers(0, 3), st.booleans())
    def test_chances_de_la_question_egales_aux_cotes_du_lanceur(self, difficulte: int, avantages: int,
                                                                desavantages: int, affaibli: bool) -> None:
        p = Personnage.nouveau("Jules", physique=4, mental=2, social=3).ajouter_maitrise("Ruse", "social")
        if affaibli:
            p = p.subir(4)
        etat = FORMAT.en_json(p)
        reglages = {"difficulte": difficulte, "avantages": avantages, "desavantages": desavantages}
        tests = _op(etat, "chances", **reglages)["reponse"]["tests"]
        assert _op(etat, "chances", **reglages)["etat"] == etat
        for test in tests:
            valeurs = parametres_test(p, test["caracteristique"], maitrise=test["maitrise"], **reglages)
            reussir = next(c for c in TEST.cotes(valeurs) if c.cle == "reussite")
            assert test["phrase"].endswith(f"({reussir.probabilite})")
        assert [t["libelle"] for t in tests] == ["Physique (4)", "Mental (2)", "Social (3)", "Ruse (Social 3)"]
        assert tests == tests_de(p, reglages)


class TestEnergie:
    def test_soins_critique_infirme_faute_de_stabilisation(self) -> None:
        etat = _op(_creer()["etat"], "subir", degats=8)["etat"]
        vue = _op(etat, "lire")["vue"]
        assert vue["critique"] and vue["sequelle"]
        # Sans stabilisation, les soins qui rendent des PE laissent le défaut Infirme.
        for graine in range(200):
            r = _op(etat, "soigner", mental=5, graine=graine)
            if r["vue"]["pe"] > -2:
                assert r["vue"]["infirme"]
                break
        else:
            pytest.fail("aucun soin réussi en 200 graines")

    def test_stabiliser_epargne_la_sequelle(self) -> None:
        etat = _op(_op(_creer()["etat"], "subir", degats=8)["etat"], "stabiliser")["etat"]
        vue = _op(etat, "recuperer", periodes=3)["vue"]
        assert (vue["pe"], vue["infirme"]) == (3, False)

    def test_se_stabiliser_seulement_en_etat_critique(self) -> None:
        with pytest.raises(JdrErreur, match="on ne se stabilise qu'en état critique"):
            _op(_creer()["etat"], "se_stabiliser", graine=1)
        r = _op(_op(_creer()["etat"], "subir", degats=8)["etat"], "se_stabiliser", graine=1)
        assert r["rejeu"]["parametres"]["difficulte"] == 3
        assert r["rejeu"]["parametres"]["caracteristique"] == 4

    def test_robot_repos_par_heure(self) -> None:
        r = _op(_op(_creer(robot=True)["etat"], "subir", degats=3)["etat"], "recuperer", periodes=2)
        assert r["message"].startswith("Repos de Jules (2 heures branchées)")


class TestJaugePe:
    """La jauge des PE : ses repères suivent les états de la règle, robot compris."""

    @staticmethod
    def _region(g: dict[str, float]) -> str:
        """La région où un navigateur range la valeur d'un <meter> dont l'optimum est au maximum
        (HTML, « gauge region »), le haut ramené au maximum comme le fait l'élément."""
        haut = min(g["haut"], g["max"])
        if g["optimum"] > haut:
            if g["valeur"] >= haut:
                return "optimum"
            return "moins bon" if g["valeur"] >= g["bas"] else "encore moins bon"
        return "optimum" if g["bas"] <= g["valeur"] <= haut else "moins bon"

    @given(physique=st.integers(1, 5), mental=st.integers(1, 5), robot=st.booleans(), degats=st.integers(0, 30))
    def test_la_region_de_la_jauge_dit_l_etat(self, physique: int, mental: int, robot: bool, degats: int) -> None:
        r = _creer(physique=physique, mental=mental, robot=robot)
        r = _op(r["etat"], "subir", degats=degats)
        v = r["vue"]
        attendu = {"en_forme": "optimum", "affaibli": "moins bon"}.get(v["etat"], "encore moins bon")
        if v["etat"] == "affaibli" and v["jauge_pe"]["haut"] == v["jauge_pe"]["bas"]:
            attendu = "optimum"  # maximum sous le seuil « en forme » : affaibli est le mieux qu'il puisse être
        assert self._region(v["jauge_pe"]) == attendu

    def test_un_robot_n_a_pas_de_zone_affaiblie(self) -> None:
        humain = _creer()["vue"]["jauge_pe"]
        robot = _creer(robot=True)["vue"]["jauge_pe"]
        assert (humain["bas"], humain["haut"]) == (0.5, 2.5)  # affaibli à 1 et 2 PE
        assert (robot["bas"], robot["haut"]) == (0.5, 0.5)  # en forme dès 1 PE


def test_la_chance_d_une_ligne_de_cotes_par_sa_cle() -> None:
    valeurs = TEST.valider({"caracteristique": 3, "difficulte": 2})
    assert TEST.chance(valeurs, "reussite") == next(c.probabilite for c in TEST.cotes(valeurs) if c.cle == "reussite")
    with pytest.raises(JdrErreur, match="lanceur 3d6-test : pas de ligne de cotes 'victoire'"):
        TEST.chance(valeurs, "victoire")
