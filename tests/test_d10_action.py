"""D10 : le dé ouvert, l'action, la marge, la réussite automatique ; lois contre un calcul indépendant."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from jdr_core.d10.action import (
    Action,
    RegleAction,
    agir,
    bornes_de,
    distribution_action,
    distribution_de_ouvert,
    lancer_de_ouvert,
    marge_de,
)
from jdr_core.des import DesAleatoires, DesScriptes
from jdr_core.erreurs import JdrErreur

from .enumeration import enumerer
from .loi_d10 import loi_de_ouvert, loi_marge

REGLES = [RegleAction(), RegleAction(enchainer=True), RegleAction(egalite_reussit=False),
          RegleAction(enchainer=True, egalite_reussit=False)]


class TestDeOuvert:
    """Un 10 ajoute un D10, un 1 en retranche un ; total entre COMP − 10 et 10 + COMP."""

    def test_face_simple(self) -> None:
        de = lancer_de_ouvert(3, des=DesScriptes([6]))
        assert de.des == (6,) and de.total == 6 and de.sens == 0 and str(de) == "Dé : 6."

    def test_dix_ajoute(self) -> None:
        de = lancer_de_ouvert(5, des=DesScriptes([10, 3]))
        assert de.total == 13 and de.sens == 1 and not de.plafonne

    def test_un_retranche(self) -> None:
        de = lancer_de_ouvert(5, des=DesScriptes([1, 3]))
        assert de.total == -2 and de.sens == -1 and de.texte == "1 − 3 = −2"

    def test_plafond(self) -> None:
        de = lancer_de_ouvert(2, des=DesScriptes([10, 8]))
        assert de.brut == 18 and de.total == 12 and de.plafonne

    def test_plancher(self) -> None:
        de = lancer_de_ouvert(4, des=DesScriptes([1, 9]))
        assert de.brut == -8 and de.total == -6 and "plancher" in de.texte

    def test_sans_competence_le_dix_ne_monte_pas(self) -> None:
        de = lancer_de_ouvert(0, des=DesScriptes([10]))
        assert de.des == (10,) and de.total == 10

    def test_enchainer(self) -> None:
        de = lancer_de_ouvert(0, des=DesScriptes([1, 10, 7]), regle=RegleAction(enchainer=True))
        assert de.des == (1, 10, 7) and de.total == -10
        seul = lancer_de_ouvert(0, des=DesScriptes([1, 10]))
        assert seul.des == (1, 10) and seul.total == -9

    @pytest.mark.parametrize("comp", range(0, 11))
    @pytest.mark.parametrize("regle", REGLES)
    def test_loi_contre_calcul_independant(self, comp: int, regle: RegleAction) -> None:
        """La loi du moteur, et les suites de dés de son lanceur, égalent la règle recalculée sans lui."""
        attendu = loi_de_ouvert(comp, regle.enchainer)
        assert dict(distribution_de_ouvert(comp, regle)) == attendu
        assert dict(enumerer(lambda des: lancer_de_ouvert(comp, des=des, regle=regle).total)) == attendu

    @given(st.integers(0, 10), st.integers(0, 2**32), st.booleans())
    def test_bornes(self, comp: int, graine: int, enchainer: bool) -> None:
        bas, haut = bornes_de(comp)
        de = lancer_de_ouvert(comp, des=DesAleatoires(graine), regle=RegleAction(enchainer=enchainer))
        assert bas <= de.total <= haut and len(de.des) <= 7


class TestMarge:
    """Points au-dessus de la difficulté, au plus COMP ; l'égalité réussit par défaut."""

    def test_cas(self) -> None:
        assert marge_de(15, 10, 3) == 3 and marge_de(12, 10, 3) == 2 and marge_de(10, 10, 3) == 0
        assert marge_de(9, 10, 3) is None
        assert marge_de(10, 10, 3, RegleAction(egalite_reussit=False)) is None

    @given(st.integers(-30, 60), st.integers(-20, 60), st.integers(0, 10))
    def test_borne(self, total: int, difficulte: int, comp: int) -> None:
        m = marge_de(total, difficulte, comp)
        assert (m is None) == (total < difficulte)
        assert m is None or 0 <= m <= comp


class TestAction:
    """D10 ouvert + STAT + COMP − malus contre la difficulté."""

    def test_phrase(self) -> None:
        a = agir(4, 3, 11, des=DesScriptes([8]))
        assert isinstance(a, Action) and a.total == 15 and a.marge == 3
        assert str(a) == ("Dé : 8 ; 8 + 4 + 3 = 15 contre 11 : réussite, marge 3 "
                          "(l'écart de 4 est plafonné à la compétence, qui vaut 3).")

    def test_malus(self) -> None:
        a = agir(4, 3, 11, des=DesScriptes([5]), malus=2)
        assert a.total == 10 and not a.reussie and "− 2 = 10 contre 11 : échec" in str(a)

    def test_automatique(self) -> None:
        a = agir(7, 2, 8, des=DesScriptes([]), automatique=True)
        assert a.automatique and a.reussie and a.marge == 0

    def test_automatique_refusee(self) -> None:
        with pytest.raises(JdrErreur, match="réussite automatique impossible"):
            agir(3, 2, 5, des=DesScriptes([]), automatique=True)

    @pytest.mark.parametrize(("nom", "kw"), [("caractéristique", {"stat": 0}), ("compétence", {"comp": 11}),
                                             ("difficulté", {"difficulte": 99}), ("malus", {"malus": -1})])
    def test_refus(self, nom: str, kw: dict[str, int]) -> None:
        valeurs = {"stat": 4, "comp": 3, "difficulte": 11, **kw}
        with pytest.raises(JdrErreur, match=nom):
            agir(valeurs["stat"], valeurs["comp"], valeurs["difficulte"], des=DesScriptes([5]),
                 malus=kw.get("malus", 0))

    @pytest.mark.parametrize("regle", REGLES)
    @pytest.mark.parametrize(("stat", "comp", "difficulte", "malus"),
                             [(4, 3, 11, 0), (1, 0, 15, 0), (10, 10, 25, 3), (5, 2, -3, 0)])
    def test_loi_contre_calcul_independant(self, stat: int, comp: int, difficulte: int, malus: int,
                                           regle: RegleAction) -> None:
        """La loi de la marge, celle du moteur comme celle des suites de dés d'``agir``, égale la règle
        recalculée sans le moteur."""
        attendu = loi_marge(stat, comp, difficulte, malus=malus, enchainer=regle.enchainer,
                            egalite_reussit=regle.egalite_reussit)
        assert dict(distribution_action(stat, comp, difficulte, malus=malus, regle=regle)) == attendu
        suites = enumerer(lambda des: agir(stat, comp, difficulte, des=des, malus=malus, regle=regle).marge)
        assert dict(suites) == attendu

    @given(st.integers(-5, 15), st.integers(-5, 15), st.integers(-30, 70), st.integers(-3, 45),
           st.integers(0, 2**32), st.booleans())
    def test_valide_ou_erreur(self, stat: int, comp: int, difficulte: int, malus: int, graine: int,
                              automatique: bool) -> None:
        """Toute saisie donne un résultat conforme aux règles, ou une JdrErreur en français."""
        try:
            a = agir(stat, comp, difficulte, des=DesAleatoires(graine), malus=malus, automatique=automatique)
        except JdrErreur as e:
            assert "attendu" in str(e) or "impossible" in str(e)
            return
        assert 1 <= stat <= 10 and 0 <= comp <= 10
        if a.de is not None:
            assert a.total == a.de.total + stat + comp - malus
        assert a.reussie == (a.marge is not None)
        assert a.marge is None or 0 <= a.marge <= comp
        assert "True" not in str(a) and "(s)" not in str(a)

    def test_chaque_face_a_sa_part(self) -> None:
        d = distribution_de_ouvert(5)
        assert sum(d.values()) == 1 and d[7] == Fraction(1, 10) and min(d) == -5 and max(d) == 15
