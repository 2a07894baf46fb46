"""2D6 : tâches à réussites, arguments, outils et sabotage (jdr_core/deuxd6/tache.py)."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from jdr_core.des import DesAleatoires, DesScriptes
from jdr_core.deuxd6.jet import cible_competence
from jdr_core.deuxd6.tache import (
    Argument,
    Genre,
    Outils,
    Reprise,
    avec_arguments,
    chance_accomplir,
    difficulte_sabotage,
    distribution_sabotage,
    distribution_tache,
    mener_tache,
    reprendre,
    saboter,
)
from jdr_core.erreurs import JdrErreur

from .enumeration import enumerer


class TestTache:
    """Réussites à aligner, bonus de Dd, arrêt au premier jet raté, reprise après maladresse."""

    def test_philip_repare(self) -> None:
        cible = cible_competence(2, -2)
        t = mener_tache(4, cible, des=DesScriptes([3, 2, 2, 2]), jets_max=2)
        assert cible == 7 and t.reussites == 2 and t.restantes == 2 and t.bonus_suivant == 2
        suite = t.continuer(des=DesScriptes([5, 4, 1, 2]))
        assert suite.jets[2].cible == 9 and suite.jets[3].cible == 7 and suite.accomplie

    def test_josephine(self) -> None:
        t = mener_tache(3, cible_competence(2, 1), des=DesScriptes([5, 3]), genre=Genre.RELATION, jets_max=1)
        assert t.jets[0].cible == 10 and t.restantes == 2 and str(t).endswith("Encore 2 réussites à obtenir.")

    def test_arret_au_premier_echec(self) -> None:
        des = DesScriptes([1, 2, 6, 5, 1, 1])
        t = mener_tache(3, 8, des=des)
        assert t.arretee and t.reussites == 1 and t.maladresse is None and des.restants == 2

    def test_maladresse_et_reprise(self) -> None:
        t = mener_tache(3, 7, des=DesScriptes([1, 2, 5, 5]))
        assert t.maladresse == 5
        assert reprendre(t) == (8, 7)
        assert reprendre(t, reprise=Reprise.MALUS) == (3, 2)
        assert reprendre(t, progres_conserve=True) == (7, 7)

    def test_reprise_apres_echec_simple(self) -> None:
        t = mener_tache(4, 7, des=DesScriptes([1, 2, 1, 3, 6, 5]))
        assert reprendre(t) == (4, 7) and reprendre(t, progres_conserve=True) == (2, 7)

    def test_critique_sans_bonus(self) -> None:
        t = mener_tache(2, 7, des=DesScriptes([1, 1, 4, 4]), bonus_critique=False)
        assert t.jets[1].cible == 7 and t.maladresse == 4

    def test_arguments_et_outils(self) -> None:
        assert avec_arguments(3, 0, [Argument.CLASSIQUE]) == (4, 2)
        assert avec_arguments(3, 0, [Argument.DELICAT, Argument.EXCLUSIF]) == (2, -1)
        assert avec_arguments(1, 0, [Argument.DELICAT]) == (1, -2)
        assert (Outils.ADEQUATS.modificateur, Outils.AUCUN.modificateur) == (1, -3)

    def test_bornes(self) -> None:
        with pytest.raises(JdrErreur, match="réussites à obtenir 21 : attendu un entier de 1 à 20"):
            mener_tache(21, 7, des=DesScriptes([]))

    @pytest.mark.parametrize(("requis", "cible", "bonus"),
                             [(1, 7, True), (2, 8, True), (3, 6, True), (2, 3, False), (3, 9, False)])
    def test_distribution_contre_brute_force(self, requis: int, cible: int, bonus: bool) -> None:
        d = enumerer(lambda des: (lambda t: (t.reussites, None if t.accomplie else t.jets[-1].niveau))(
            mener_tache(requis, cible, des=des, bonus_critique=bonus)))
        attendu = distribution_tache(requis, cible, bonus_critique=bonus)
        assert {k: d.get(k, Fraction(0)) for k in attendu} == attendu and set(d) <= set(attendu)

    def test_le_critique_aide(self) -> None:
        assert chance_accomplir(3, 7) > chance_accomplir(3, 7, bonus_critique=False)

    @given(requis=st.integers(1, 20), cible=st.integers(-10, 25), graine=st.integers(0, 2**32))
    def test_propriete(self, requis: int, cible: int, graine: int) -> None:
        t = mener_tache(requis, cible, des=DesAleatoires(graine))
        assert t.accomplie != t.arretee
        assert all(j.reussi for j in t.jets[:-1]) and len(t.jets) <= requis
        for avant, apres in zip(t.jets, t.jets[1:], strict=False):
            assert apres.cible == cible + (avant.dd if avant.critique else 0)  # type: ignore[operator]


class TestSabotage:
    """Difficulté de la réparation selon les jets du saboteur."""

    def test_cas_du_texte(self) -> None:
        assert difficulte_sabotage(4, 2, 4, True, False) == 4
        assert difficulte_sabotage(4, 2, 3, False, False) == 3
        assert difficulte_sabotage(4, 2, 1, False, False) == 2
        assert difficulte_sabotage(4, 2, 0, False, False) == 2
        assert difficulte_sabotage(4, 0, 0, False, False) == 1
        assert difficulte_sabotage(4, 2, 3, False, True) == 0

    def test_saboter(self) -> None:
        s = saboter(4, 2, des=DesScriptes([1, 2, 2, 3, 1, 4, 6, 5]))
        assert s.difficulte == 3 and not s.repare_d_office and "3 réussites" in str(s)
        s = saboter(4, 2, des=DesScriptes([1, 2, 6, 6]))
        assert s.repare_d_office and s.difficulte == 0 and "sans jet" in str(s)
        s = saboter(2, 2, des=DesScriptes([1, 2, 3, 4]))
        assert s.difficulte == 2 and "Sabotage réussi" in str(s)

    def test_distribution_contre_brute_force(self) -> None:
        cible = cible_competence(1, -3)
        d = enumerer(lambda des: saboter(3, 1, des=des, modificateur=-3).difficulte)
        assert d == distribution_sabotage(3, 1, cible)

    def test_bornes(self) -> None:
        with pytest.raises(JdrErreur, match="niveau de compétence du saboteur 11"):
            saboter(3, 11, des=DesScriptes([]))
