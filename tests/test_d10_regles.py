"""D10 : caractéristiques, années de pratique, difficulté variable et bandes d'environnement."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from jdr_core.d10.regles import (
    BANDES,
    CARACTERISTIQUES,
    Cas,
    annees_pour_niveau,
    bande_environnement,
    cas_de,
    difficulte_environnement,
    difficulte_opposee,
    duree,
    niveau_pour_annees,
)
from jdr_core.erreurs import JdrErreur


class TestCaracteristiques:
    """Six caractéristiques, deux familles de trois."""

    def test_familles(self) -> None:
        assert [c.nom for c in CARACTERISTIQUES if c.famille == "physique"] == ["Force", "Constitution", "Agilité"]
        assert [c.nom for c in CARACTERISTIQUES if c.famille == "mental"] == ["Force mentale", "Volonté",
                                                                               "Intelligence"]
        assert len({c.abreviation for c in CARACTERISTIQUES}) == 6


class TestAnnees:
    """Le niveau N demande 1 + 2 + … + N ans, divisés par 1, 2 ou 3."""

    def test_table_du_texte(self) -> None:
        assert [annees_pour_niveau(n) for n in range(1, 11)] == [1, 3, 6, 10, 15, 21, 28, 36, 45, 55]

    def test_diviseurs(self) -> None:
        assert annees_pour_niveau(4, diviseur=2) == 5
        assert annees_pour_niveau(4, diviseur=3) == Fraction(10, 3)

    def test_sens_inverse(self) -> None:
        assert [niveau_pour_annees(a) for a in (0, 1, 2, 3, 9, 10, 54, 55, 200)] == [0, 1, 1, 2, 3, 4, 9, 10, 10]
        assert niveau_pour_annees(Fraction(3, 2), diviseur=2) == 2

    @given(st.integers(0, 10), st.sampled_from([1, 2, 3]))
    def test_aller_retour(self, niveau: int, diviseur: int) -> None:
        annees = annees_pour_niveau(niveau, diviseur=diviseur)
        assert niveau_pour_annees(annees, diviseur=diviseur) == niveau
        if niveau:
            assert niveau_pour_annees(annees - Fraction(1, 12), diviseur=diviseur) == niveau - 1

    def test_duree(self) -> None:
        assert duree(Fraction(1, 3)) == "4 mois" and duree(Fraction(2)) == "2 ans"

    @pytest.mark.parametrize("diviseur", [0, 4, True])
    def test_diviseur_refuse(self, diviseur: int) -> None:
        with pytest.raises(JdrErreur, match="1, 2 ou 3"):
            annees_pour_niveau(3, diviseur=diviseur)

    def test_annees_refusees(self) -> None:
        with pytest.raises(JdrErreur, match="années de pratique"):
            niveau_pour_annees(-1)


class TestDifficulte:
    """5 + DV : +0, +5 ou −5 selon qui s'aide d'une compétence ; bandes d'environnement."""

    def test_cas(self) -> None:
        assert [c.ajustement for c in Cas] == [0, 5, -5]
        assert cas_de(True, True) is Cas.COMPETENCE_CONTRE_COMPETENCE
        assert cas_de(True, False) is Cas.COMPETENCE_CONTRE_CARAC
        assert cas_de(False, True) is Cas.CARAC_CONTRE_COMPETENCE

    def test_opposee(self) -> None:
        assert difficulte_opposee(6, 3, Cas.COMPETENCE_CONTRE_COMPETENCE) == 14
        assert difficulte_opposee(6, 0, Cas.COMPETENCE_CONTRE_CARAC) == 16
        assert difficulte_opposee(6, 3, Cas.CARAC_CONTRE_COMPETENCE) == 9

    def test_bandes(self) -> None:
        assert [(b, h) for _, b, h in BANDES] == [(1, 5), (6, 10), (11, 15), (16, 20), (21, 25)]
        assert [bande_environnement(v) for v in (1, 6, 15, 16, 21)] == ["Très facile", "Facile", "Moyen",
                                                                        "Difficile", "Très difficile"]
        assert difficulte_environnement(18, Cas.CARAC_CONTRE_COMPETENCE) == 13

    @pytest.mark.parametrize("valeur", [0, 26])
    def test_environnement_hors_bandes(self, valeur: int) -> None:
        with pytest.raises(JdrErreur, match="1 à 25"):
            bande_environnement(valeur)

    def test_stat_refusee(self) -> None:
        with pytest.raises(JdrErreur, match="caractéristique adverse 11 : attendu un entier de 1 à 10"):
            difficulte_opposee(11, 0, Cas.COMPETENCE_CONTRE_COMPETENCE)
