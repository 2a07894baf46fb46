"""La fiche 3D6 : création bornée, tests faits par le lanceur de test, PE, format sauvegardé."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from jdr_core import registre
from jdr_core.des import DesAleatoires
from jdr_core.erreurs import JdrErreur
from jdr_core.troisd6.fiche import FORMAT, MAITRISES_MAX, Personnage
from jdr_core.troisd6.lanceurs import TEST
from jdr_core.troisd6.suivi import SUIVI, operer, parametres_test, tests_de


def _creer(**champs: Any) -> dict[str, Any]:
    return operer(None, {"op": "creer", "nom": "Jules", "physique": 4, "mental": 2, "social": 3, **champs})


def _op(etat: dict[str, Any], op: str, **champs: Any) -> dict[str, Any]:
    return operer(etat, {"op": op, **champs})


class TestCreation:
    def test_pe_de_depart(self) -> None:
        r = _creer(fp=2, domaine="le feu")
        assert r["vue"]["pe"] == r["vue"]["pe_max"] == 4 + 2 + 2
        assert r["message"] == "Nouvelle fiche : Jules, 8 PE."

    @pytest.mark.parametrize(("champs", "message"), [
        ({"physique": 0}, "Physique « 0 » : attendu un entier de 1 à 5"),
        ({"social": 6}, "Social « 6 » : attendu un entier de 1 à 5"),
        ({"fp": 11}, "Facteur de puissance « 11 » : attendu un entier de 0 à 10"),
        ({"fp": 2}, "Un Facteur de puissance vaut pour un domaine (les flammes, le tir…) : nommez-le."),
        ({"nom": "  "}, "Le nom du personnage est vide : donnez un nom au personnage."),
        ({"nom": "x" * 41}, "Le nom du personnage est trop long : 40 caractères au plus."),
        ({"mental": "trois"}, "Mental « trois »"),
    ])
    def test_refus_en_francais(self, champs: dict[str, Any], message: str) -> None:
        with pytest.raises(JdrErreur) as refus:
            _creer(**champs)
        assert message in str(refus.value)

    def test_un_texte_hostile_reste_un_texte(self) -> None:
        nom = "<img src=x onerror=alert(1)>"
        r = _creer(nom=nom)
        assert r["vue"]["nom"] == nom  # la vue l'écrit en nœud texte, jamais en HTML


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


class TestFormat:
    @given(st.builds(
        dict, physique=st.integers(1, 5), mental=st.integers(1, 5), social=st.integers(1, 5), fp=st.integers(0, 10),
        robot=st.booleans(), degats=st.integers(0, 30), accord=st.sampled_from(["", "il", "elle"]), maitrises=st.lists(
            st.tuples(st.text(st.characters(categories=["L", "N"]), min_size=1, max_size=20),
                      st.sampled_from(["physique", "mental", "social"])),
            max_size=MAITRISES_MAX, unique_by=lambda m: m[0].casefold())))
    def test_aller_retour(self, d: dict[str, Any]) -> None:
        p = Personnage.nouveau("Zoé", physique=d["physique"], mental=d["mental"], social=d["social"], fp=d["fp"],
                               domaine="le tir" if d["fp"] else "", robot=d["robot"],
                               accord=d["accord"]).subir(d["degats"])
        for nom, carac in d["maitrises"]:
            try:
                p = p.ajouter_maitrise(nom, carac)
            except JdrErreur:
                continue  # un nom que lire_texte resserre en un autre déjà pris
        assert FORMAT.depuis_json(FORMAT.en_json(p)) == p
        assert SUIVI.depuis_json(_op(FORMAT.en_json(p), "lire")["etat"]) == p

    @pytest.mark.parametrize(("changement", "raison"), [
        ({"physique": 9}, "Physique doit être un entier de 1 à 5"),
        ({"pe": 99}, "les PE doit être un entier de -50 à 6"),
        ({"maitrises": "beaucoup"}, "la liste des maîtrises est mal formée"),
        ({"maitrises": [{"nom": "Tir", "caracteristique": "agilité"}]}, "Caractéristique inconnue"),
        ({"genre": "encore.fiche"}, "ce n'est pas une fiche 3D6 sauvegardée"),
        ({"version": 7}, f"sauvegarde d'une version plus récente (7) que ce site ({FORMAT.version})"),
        ({"accord": "<script>"}, "l'accord"),
    ])
    def test_sauvegarde_abimee_refusee(self, changement: dict[str, Any], raison: str) -> None:
        etat = {**_creer()["etat"], **changement}
        with pytest.raises(JdrErreur) as refus:
            _op(etat, "lire")
        assert str(refus.value).startswith("Fiche illisible")
        assert raison in str(refus.value)

    def test_refus_d_un_nom_dit_une_seule_fois(self) -> None:
        """Un nom absent ou vide : le refus ne répète pas « Fiche illisible »."""
        etat = {k: v for k, v in _creer()["etat"].items() if k != "nom"}
        with pytest.raises(JdrErreur, match=r"^Fiche illisible : le nom manque\.$"):
            _op(etat, "lire")
        with pytest.raises(JdrErreur) as refus:
            _op({**etat, "nom": "   "}, "lire")
        assert str(refus.value).count("illisible") == 1

    def test_sauvegarde_de_la_version_1_relue(self) -> None:
        """Une fiche sauvegardée avant l'accord (version 1, au format exact d'alors) se relit, sans genre."""
        ancienne = {"genre": "troisd6.fiche", "version": 1, "nom": "Jules", "physique": 4, "mental": 2, "social": 3,
                    "fp": 0, "domaine": "", "robot": False, "pe": 2, "infirme": False, "sequelle": False,
                    "maitrises": [{"nom": "Athlétisme", "caracteristique": "physique"}]}
        r = _op(ancienne, "lire")
        assert r["etat"]["version"] == FORMAT.version and r["etat"]["accord"] == ""
        assert r["vue"]["etat_texte"] == "2 PE sur 6 : état affaibli, un désavantage sur toutes les actions."

    @pytest.mark.parametrize(("accord", "etat", "phrase"), [
        ("", "état affaibli", "La fiche de Jules a changé dans un autre onglet"),
        ("elle", "affaiblie", "Jules a été modifiée dans un autre onglet"),
        ("il", "affaibli", "Jules a été modifié dans un autre onglet"),
    ])
    def test_l_etat_et_les_phrases_s_accordent(self, accord: str, etat: str, phrase: str) -> None:
        """Le genre, facultatif, est demandé à la création ; jamais deviné d'après le nom."""
        r = _op(_op(_creer(accord=accord)["etat"], "subir", degats=4)["etat"], "lire")
        assert f"PE sur 6 : {etat}, un désavantage" in r["vue"]["etat_texte"]
        assert r["vue"]["phrases"]["modifiee_ailleurs"].startswith(phrase)

    def test_registre(self) -> None:
        assert registre.suivi("troisd6") is SUIVI


def test_la_chance_d_une_ligne_de_cotes_par_sa_cle() -> None:
    valeurs = TEST.valider({"caracteristique": 3, "difficulte": 2})
    assert TEST.chance(valeurs, "reussite") == next(c.probabilite for c in TEST.cotes(valeurs) if c.cle == "reussite")
    with pytest.raises(JdrErreur, match="lanceur 3d6-test : pas de ligne de cotes 'victoire'"):
        TEST.chance(valeurs, "victoire")
