"""La fiche 3D6 (jdr_core/troisd6/fiche.py) : création bornée, format sauvegardé, registre."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from jdr_core import registre
from jdr_core.erreurs import JdrErreur
from jdr_core.troisd6.fiche import FORMAT, MAITRISES_MAX, Personnage
from jdr_core.troisd6.suivi import SUIVI

from .test_troisd6_suivi import _creer, _op


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
