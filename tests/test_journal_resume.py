"""Ce que le journal des jets note d'un jet de lanceur, rendu par le cœur : la situation (ce
qui a été joué, la cible au bout) et les seuls réglages qui diffèrent de leur défaut."""

from __future__ import annotations

import json
from typing import Any

import pytest

from jdr_core import registre
from jdr_core.erreurs import JdrErreur
from jdr_core.francais import typographier
from jdr_core.mecanique import Choix, Entier, OuiNon
from jdr_core.pont import traiter


def _journal(mecanique: str, parametres: dict[str, object], graine: int = 3) -> dict[str, Any]:
    entree: dict[str, Any] = registre.executer(mecanique, parametres, graine)["journal_jet"]
    return entree


class TestSituations:
    """Une mécanique par système, au moins : la phrase dit la cible."""

    @pytest.mark.parametrize(("mecanique", "parametres", "situation"), [
        ("3d6-test", {}, "Caractéristique 3, 3D6 contre 2 succès demandés"),
        ("3d6-test", {"avantages": 1, "caracteristique": 4, "difficulte": 3},
         "Caractéristique 4, 4D6 contre 3 succès demandés"),
        ("encore-reserve", {}, "Attribut 3 en Blockbuster, jet Standard : 3d6"),
        ("encore-reserve", {"ton": "raw", "attribut": 4, "bonus": 1, "difficulte": "Difficile"},
         "Attribut 4 en Raw, jet Difficile : 5d6"),
        ("2d6-test", {}, "Compétence de niveau 2, difficulté standard (0) : 2D6 contre 9"),
        ("2d6-test", {"niveau": 4, "difficulte": "-3"},
         "Compétence de niveau 4, difficulté assez difficile (−3) : 2D6 contre 8"),
        ("2d6-test", {"jet": "sans_competence", "apprentissage": True},
         "Sans la compétence, caractéristique 3, difficulté standard (0) : pas de jet, la formation voulue manque"),
        ("d10-action", {}, "Caractéristique 4 + compétence 3 + D10 contre 11 (5 + DV 6)"),
        ("d10-action", {"malus": 2, "dv": -2}, "Caractéristique 4 + compétence 3 + D10 − malus 2 contre 3 (5 + DV −2)"),
    ])
    def test_situation(self, mecanique: str, parametres: dict[str, object], situation: str) -> None:
        assert _journal(mecanique, parametres)["situation"] == situation

    @pytest.mark.parametrize("nom", sorted(registre.mecaniques()))
    def test_chaque_lanceur_dit_sa_situation(self, nom: str) -> None:
        situation = _journal(nom, {})["situation"]
        assert situation[:1].isupper() and len(situation.split()) >= 4, situation
        assert any(c.isdigit() for c in situation), f"{nom} : la situation ne dit ni cible ni niveau : {situation}"

    def test_ce_que_la_situation_dit_n_est_pas_repete(self) -> None:
        assert _journal("3d6-test", {"caracteristique": 4, "difficulte": 3})["reglages"] == []
        assert _journal("d10-action", {"malus": 2, "dv": -2})["reglages"] == []


class TestReglages:
    """Seuls les réglages changés, comme le formulaire les montre."""

    def test_defauts_rien_a_lister(self) -> None:
        # Le cas du lecteur : « …formation théorique non · Plafond de 7 avant la difficulté oui ».
        assert _journal("2d6-test", {})["reglages"] == []

    def test_changes_seulement(self) -> None:
        reglages = _journal("2d6-test", {"jet": "sans_competence", "proche": True, "plafond_avant": False,
                                          "autre": -2})["reglages"]
        assert reglages == [
            ["Autre modificateur (outils, arguments, Dd…)", "−2"],
            ["Le personnage a une compétence proche", ""],
            ["Le plafond de 7 s'applique avant la difficulté (hypothèse)", "non"],
        ]

    def test_choix_par_son_libelle(self) -> None:
        assert ["Triples sur 2 ou 4 dés (hypothèse)", "tous les dés identiques"] in _journal(
            "3d6-test", {"regle_critique": "tous"})["reglages"]

    @pytest.mark.parametrize("nom", sorted(registre.mecaniques()))
    def test_toute_mecanique(self, nom: str) -> None:
        """Pour chaque lanceur : aux défauts, aucun réglage ; un réglage changé (le premier qui
        peut l'être hors situation), et lui seul, est listé avec son libellé."""
        meca = registre.mecanique(nom)
        assert _journal(nom, {})["reglages"] == []
        for p in meca.parametres:
            if p.nom in meca.dans_situation:
                continue
            if isinstance(p, OuiNon):
                autre: object = not p.defaut
            elif isinstance(p, Choix):
                autre = next(v for v in p.valeurs if v != p.defaut)
            else:
                assert isinstance(p, Entier)
                autre = p.defaut + 1 if p.defaut < p.maximum else p.defaut - 1
            try:
                entree = _journal(nom, {p.nom: autre})
            except JdrErreur:  # une valeur que ce lanceur refuse seule : on essaie la suivante
                continue
            assert [r[0] for r in entree["reglages"]] == [p.libelle]
            return
        pytest.skip("aucun réglage hors situation qui se change seul")

    def test_par_le_pont_typographie(self) -> None:
        reponse = json.loads(traiter(json.dumps({"type": "lancer", "mecanique": "3d6-test", "graine": 1,
                                                 "parametres": {"avantages": "1"}})))
        assert reponse["journal_jet"] == {
            "situation": typographier("Caractéristique 3, 4D6 contre 2 succès demandés"),
            "reglages": [["Avantages", "1"]],
        }
