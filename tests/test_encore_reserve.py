"""enCORE : la réserve de d6 (jdr_core/encore/reserve.py) : taille, issues, hypothèse, cotes exactes."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest

from jdr_core.des import DesScriptes
from jdr_core.encore.reserve import (
    Difficulte,
    Hypothese,
    Issue,
    chances,
    distribution_reserve,
    lancer_reserve,
    taille_reserve,
)
from jdr_core.encore.suivi import phrase_jet
from jdr_core.erreurs import JdrErreur

from .test_encore_francais import sans_restes


def jet(*faces: int, difficulte: Difficulte = Difficulte.STANDARD) -> Any:
    return lancer_reserve(len(faces), des=DesScriptes(faces), difficulte=difficulte)


class TestReserve:
    """Taille, plafond, minimum, issues et Coup d'éclat, sous l'hypothèse paramétrable."""

    @pytest.mark.parametrize(("attribut", "bonus", "malus", "eclat", "attendu"), [
        (3, 0, 0, False, 3), (3, 9, 0, False, 6), (1, 0, 3, False, 1), (0, 0, 0, False, 1),
        (0, 0, 5, True, 4), (3, 9, 0, True, 9),
    ])
    def test_taille(self, attribut: int, bonus: int, malus: int, eclat: bool, attendu: int) -> None:
        assert taille_reserve(attribut, bonus, malus, coup_d_eclat=eclat) == attendu

    def test_issues(self) -> None:
        assert jet(5, 1, 1).issue is Issue.REUSSITE
        assert jet(5, 1, 1, difficulte=Difficulte.DIFFICILE).issue is Issue.PARTIELLE
        assert jet(1, 2, 4, difficulte=Difficulte.DIFFICILE).issue is Issue.ECHEC
        assert jet(6, 5).succes == 2

    def test_coup_d_eclat_ne_rate_jamais(self) -> None:
        for diff in Difficulte:
            d = distribution_reserve(1, malus=5, difficulte=diff, coup_d_eclat=True)
            assert d[Issue.ECHEC] == 0
        assert distribution_reserve(0, coup_d_eclat=True)[Issue.REUSSITE] == 1

    def test_hypothese_modifiable(self) -> None:
        h = Hypothese(face_succes=4, requis={Difficulte.STANDARD: 2, Difficulte.DIFFICILE: 3})
        assert lancer_reserve(2, des=DesScriptes([4, 4]), hypothese=h).issue is Issue.REUSSITE
        with pytest.raises(JdrErreur, match="Face de succès 7"):
            Hypothese(face_succes=7)

    @pytest.mark.parametrize("attribut", range(0, 7))
    def test_distribution_somme_a_un(self, attribut: int) -> None:
        assert sum(distribution_reserve(attribut, bonus=2, malus=1).values()) == 1

    def test_attribut_hors_bornes(self) -> None:
        with pytest.raises(JdrErreur, match="Attribut 7"):
            taille_reserve(7)


def test_lucrece_cotes_exactes() -> None:
    d = distribution_reserve(3, difficulte=Difficulte.DIFFICILE, coup_d_eclat=True)
    assert d == {Issue.REUSSITE: Fraction(473, 729), Issue.PARTIELLE: Fraction(256, 729), Issue.ECHEC: 0}


class TestJet:
    """La phrase d'une réserve : aucun, un, plusieurs succès ; Coup d'éclat."""

    @pytest.mark.parametrize(("faces", "attendu"), [
        ((1, 2), "2d6 (1, 2) en Standard : aucun succès, échec."),
        ((5,), "1d6 (5) en Standard : 1 succès, réussite."),
        ((6, 5, 1), "3d6 (6, 5, 1) en Standard : 2 succès, réussite."),
    ])
    def test_succes(self, faces: tuple[int, ...], attendu: str) -> None:
        jet = lancer_reserve(len(faces), des=DesScriptes(faces))
        assert sans_restes(str(jet)) == attendu

    def test_difficile_partielle(self) -> None:
        jet = lancer_reserve(2, difficulte=Difficulte.DIFFICILE, des=DesScriptes([6, 1]))
        assert str(jet) == "2d6 (6, 1) en Difficile : 1 succès, réussite partielle."

    def test_coup_d_eclat(self) -> None:
        jet = lancer_reserve(0, coup_d_eclat=True, des=DesScriptes([1, 1, 1, 1]))
        assert str(jet) == "4d6 (1, 1, 1, 1) en Standard, Coup d'éclat : aucun succès, réussite."

    @pytest.mark.parametrize(("attribut", "attendu"), [("INT", "Jet d'INT"), ("CON", "Jet de CON")])
    def test_phrase_jet(self, attribut: str, attendu: str) -> None:
        jet = lancer_reserve(1, des=DesScriptes([2]))
        assert phrase_jet(attribut, jet) == f"{attendu}, Standard : 1d6 (2), aucun succès, échec."


class TestChances:
    """Les chances en une phrase : pourcentages, « impossible », « assurée »."""

    def test_trois_issues(self) -> None:
        assert str(chances(3, difficulte=Difficulte.DIFFICILE)) == (
            "Réussite 25,9 %, réussite partielle 44,4 %, échec 29,6 %.")

    def test_impossible_et_assuree(self) -> None:
        assert str(chances(0, coup_d_eclat=True)) == (
            "Réussite assurée, réussite partielle impossible, échec impossible.")

    def test_echec_assure(self) -> None:
        jamais = Hypothese(requis={Difficulte.STANDARD: 2, Difficulte.DIFFICILE: 3})
        assert str(chances(1, hypothese=jamais, difficulte=Difficulte.DIFFICILE)) == (
            "Réussite impossible, réussite partielle 33,3 %, échec 66,7 %.")
