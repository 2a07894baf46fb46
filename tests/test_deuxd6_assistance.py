"""2D6 : l'assistance et la fouille à plusieurs (jdr_core/deuxd6/assistance.py)."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from jdr_core.des import DesAleatoires, DesScriptes
from jdr_core.deuxd6.assistance import (
    Cumul,
    assister,
    bonus_aide,
    chance_trouver,
    combiner,
    distribution_aide,
    distribution_assistance,
    fouiller,
    malus_fouille,
)
from jdr_core.deuxd6.jet import Niveau
from jdr_core.erreurs import JdrErreur, RegleEnfreinte

from .enumeration import enumerer


class TestAssistance:
    """Table de l'aide, meilleur bonus, plafond, niveau 0, nombre d'assistants."""

    def test_table(self) -> None:
        assert bonus_aide(Niveau.REUSSITE, None, 3) == 1
        assert bonus_aide(Niveau.REUSSITE_CRITIQUE, 2, 3) == 2
        assert bonus_aide(Niveau.REUSSITE_CRITIQUE, 5, 3) == 3
        assert bonus_aide(Niveau.ECHEC, None, 3) == 0
        assert bonus_aide(Niveau.MALADRESSE, 4, 3) == -4

    def test_combiner(self) -> None:
        assert combiner([]) == 0 and combiner([1, 3, 0]) == 3 and combiner([-4, -2]) == -2
        assert combiner([2, -4], Cumul.BONUS_ET_MALUS) == -2 and combiner([2, 0], Cumul.BONUS_ET_MALUS) == 2

    def test_gaspard(self) -> None:
        a = assister(2, [1, 3], des=DesScriptes([3, 4, 4, 4]))
        assert [x.bonus for x in a.aides] == [1, 2] and a.modificateur == 2 and a.aides[1].plafonne

    def test_niveau_zero_ne_lance_pas(self) -> None:
        des = DesScriptes([1, 2])
        a = assister(2, [0, 1], des=des)
        assert a.aides[0].jet is None and a.modificateur == 1 and des.restants == 0
        assert str(a).startswith("Le premier assistant est au niveau 0 : il ne lance pas et n'apporte rien.")

    def test_maladresse_seule(self) -> None:
        a = assister(1, [1], des=DesScriptes([5, 5]))
        assert a.modificateur == -5

    def test_trop_d_assistants(self) -> None:
        attendu = "3 assistants, c'est trop pour un personnage principal de niveau 2 : il en accepte au plus 2"
        with pytest.raises(RegleEnfreinte, match=attendu):
            assister(2, [1, 1, 1], des=DesScriptes([]))
        with pytest.raises(RegleEnfreinte, match="au plus autant que son niveau, donc aucun"):
            assister(0, [1], des=DesScriptes([]))

    def test_desordre_permet_le_surnombre(self) -> None:
        """Le MJ laisse aider trop de monde : le malus du désordre s'ajoute au modificateur retenu."""
        aide = assister(1, [2, 2], des=DesScriptes([1, 2, 6, 5]), desordre=-2)
        assert aide.desordre == -2 and aide.modificateur == 1 - 2
        assert "c'est trop : le MJ impose −2 pour le désordre." in str(aide)

    def test_desordre_sans_effet_dans_la_limite(self) -> None:
        aide = assister(2, [2], des=DesScriptes([1, 2]), desordre=-3)
        assert aide.desordre == 0 and aide.modificateur == 1 and "désordre" not in str(aide)

    def test_desordre_borne(self) -> None:
        with pytest.raises(JdrErreur, match="malus pour le désordre 1"):
            assister(1, [2, 2], des=DesScriptes([]), desordre=1)

    @pytest.mark.parametrize("cumul", list(Cumul))
    def test_desordre_contre_brute_force(self, cumul: Cumul) -> None:
        d = enumerer(lambda des: assister(1, [1, 3], des=des, cumul=cumul, desordre=-4).modificateur)
        assert d == {k: p for k, p in distribution_assistance(1, [1, 3], cumul=cumul, desordre=-4).items() if p}

    def test_distribution_aide(self) -> None:
        d = distribution_aide(1, 1)
        assert d == {1: Fraction(26, 36), 0: Fraction(8, 36), -5: Fraction(1, 36), -6: Fraction(1, 36)}
        assert distribution_aide(0, 3) == {0: 1}

    @pytest.mark.parametrize(("principal", "aides", "cumul"), [
        (2, [1, 3], Cumul.MEILLEUR), (2, [1, 3], Cumul.BONUS_ET_MALUS), (3, [0, 2], Cumul.MEILLEUR),
        (1, [], Cumul.MEILLEUR), (1, [4], Cumul.BONUS_ET_MALUS),
    ])
    def test_distribution_contre_brute_force(self, principal: int, aides: list[int], cumul: Cumul) -> None:
        d = enumerer(lambda des: assister(principal, aides, des=des, modificateur=-1, cumul=cumul).modificateur)
        assert d == distribution_assistance(principal, aides, modificateur=-1, cumul=cumul)

    @given(principal=st.integers(0, 10), aides=st.lists(st.integers(0, 10), max_size=10),
           cumul=st.sampled_from(Cumul), graine=st.integers(0, 2**32))
    def test_propriete(self, principal: int, aides: list[int], cumul: Cumul, graine: int) -> None:
        if len(aides) > principal:
            with pytest.raises(RegleEnfreinte, match="c'est trop"):
                assister(principal, aides, des=DesAleatoires(graine), cumul=cumul)
            return
        a = assister(principal, aides, des=DesAleatoires(graine), cumul=cumul)
        bonus = [x.bonus for x in a.aides if x.jet is not None]
        assert all(b <= max(1, principal) for b in bonus)
        if cumul is Cumul.MEILLEUR:
            assert a.modificateur == (max(bonus) if bonus else 0)
        assert str(a).endswith(".")


class TestFouille:
    """Seul compte celui qui cherche au bon endroit ; malus croissant à chaque nouvelle fouille."""

    def test_malus(self) -> None:
        assert [malus_fouille(n) for n in (1, 2, 3, 4)] == [0, -1, -2, -3]
        assert malus_fouille(2, -3) == -4
        with pytest.raises(JdrErreur, match="tentative 11"):
            malus_fouille(11)

    def test_bon_endroit_connu(self) -> None:
        f = fouiller([9, 8, 7], des=DesScriptes([6, 6, 1, 2, 6, 5]), bon_endroit=1, noms=["Ana", "Ben", "Chloé"])
        assert f.trouve and "Ben fouillait au bon endroit" in str(f)

    def test_tirage_au_sort(self) -> None:
        des = DesScriptes([3, 1, 2, 1, 2, 6, 5])
        f = fouiller([9, 8, 7], des=des, tentative=2, dissimulation=-1)
        assert f.bon_endroit == 2 and not f.trouve and f.jets[2].cible == 5 and des.restants == 0
        assert "Tirage au sort : le fouilleur 3 fouillait" in str(f) and "Malus de fouille : −2." in str(f)

    def test_seul_fouilleur(self) -> None:
        des = DesScriptes([1, 2])
        assert fouiller([7], des=des).trouve and des.restants == 0

    def test_noms_et_bornes(self) -> None:
        with pytest.raises(RegleEnfreinte, match="autant de noms"):
            fouiller([7, 7], des=DesScriptes([]), noms=["Ana"])
        with pytest.raises(JdrErreur, match="nombre de fouilleurs 0"):
            fouiller([], des=DesScriptes([]))

    def test_chance_contre_brute_force(self) -> None:
        d = enumerer(lambda des: fouiller([9, 6], des=des, tentative=3).trouve)
        assert d[True] == chance_trouver([9, 6], tentative=3)
        d = enumerer(lambda des: fouiller([9, 6], des=des, bon_endroit=1).trouve)
        assert d[True] == chance_trouver([9, 6], bon_endroit=1) == Fraction(15, 36)
