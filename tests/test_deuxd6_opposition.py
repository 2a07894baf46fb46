"""2D6 : les scènes mineures (jdr_core/deuxd6/opposition.py) : comparer deux jets, opposer, relances."""

from __future__ import annotations

from fractions import Fraction
from itertools import product

import pytest

from jdr_core.des import DesScriptes
from jdr_core.deuxd6.jet import PAIRES, Niveau, niveau_de
from jdr_core.deuxd6.opposition import (
    Egalite,
    chances_un_essai,
    comparer,
    comparer_jets,
    distribution_opposition,
    opposer,
)
from jdr_core.erreurs import JdrErreur

from .enumeration import enumerer


def _cle_naive(niveau: Niveau, total: int) -> tuple[int, int]:
    """Une autre écriture de l'ordre des scènes mineures : on trie sur (rang, ±total)."""
    return niveau.rang, total if niveau.reussi else -total


class TestComparer:
    """L'ordre complet des scènes mineures, égalités comprises."""

    def test_un_seul_reussit(self) -> None:
        assert comparer(Niveau.REUSSITE, 9, Niveau.MALADRESSE, 2) == 0
        assert comparer(Niveau.ECHEC, 3, Niveau.REUSSITE, 12) == 1

    def test_deux_reussites(self) -> None:
        assert comparer(Niveau.REUSSITE_CRITIQUE, 2, Niveau.REUSSITE, 9) == 0
        assert comparer(Niveau.REUSSITE, 6, Niveau.REUSSITE, 8) == 1
        assert comparer(Niveau.REUSSITE_CRITIQUE, 6, Niveau.REUSSITE_CRITIQUE, 4) == 0

    def test_deux_echecs(self) -> None:
        assert comparer(Niveau.MALADRESSE, 10, Niveau.ECHEC, 11) == 1
        assert comparer(Niveau.ECHEC, 9, Niveau.ECHEC, 10) == 0
        assert comparer(Niveau.MALADRESSE, 12, Niveau.MALADRESSE, 10) == 1

    def test_egalite_parfaite(self) -> None:
        assert comparer(Niveau.REUSSITE, 7, Niveau.REUSSITE, 7) is None

    def test_contre_ecriture_naive(self) -> None:
        for (a1, a2), (b1, b2) in product(PAIRES, PAIRES):
            na, nb = niveau_de(a1, a2, 8), niveau_de(b1, b2, 6)
            ka, kb = _cle_naive(na, a1 + a2), _cle_naive(nb, b1 + b2)
            attendu = None if ka == kb else (0 if ka > kb else 1)
            assert comparer(na, a1 + a2, nb, b1 + b2) == attendu


class TestOpposer:
    """Relances bornées des égalités parfaites, ou choix du MJ."""

    def test_relance_puis_gagnant(self) -> None:
        o = opposer(9, 8, des=DesScriptes([3, 4, 2, 5, 6, 2, 1, 2]), noms=("Aline", "Bruno"))
        assert o.relances == 1 and o.gagnant == 0 and str(o).endswith("Aline l'emporte.")

    def test_choix_du_mj(self) -> None:
        des = DesScriptes([3, 4, 2, 5, 1, 1])
        o = opposer(9, 8, des=des, egalite=Egalite.MJ)
        assert o.gagnant is None and des.restants == 2
        assert str(o).endswith("Égalité parfaite : au MJ de trancher.")

    def test_relances_epuisees(self) -> None:
        o = opposer(9, 8, des=DesScriptes([3, 4, 2, 5, 3, 4, 2, 5]), relances_max=1)
        assert o.gagnant is None and o.relances == 1 and "plus de relance permise" in str(o)

    def test_bornes(self) -> None:
        with pytest.raises(JdrErreur, match="relances 11 : attendu un entier de 0 à 10"):
            opposer(7, 7, des=DesScriptes([]), relances_max=11)

    @pytest.mark.parametrize(("ca", "cb"), [(7, 7), (9, 5), (2, 12), (-1, 4)])
    def test_un_essai_contre_brute_force(self, ca: int, cb: int) -> None:
        d = enumerer(lambda des: comparer_jets(*opposer(ca, cb, des=des, egalite=Egalite.MJ).paires[0]))
        assert {k: d.get(k, Fraction(0)) for k in (0, 1, None)} == chances_un_essai(ca, cb)

    def test_relances_contre_brute_force(self) -> None:
        d = enumerer(lambda des: opposer(4, 11, des=des, relances_max=1).gagnant)
        assert {k: d.get(k, Fraction(0)) for k in (0, 1, None)} == distribution_opposition(4, 11, relances_max=1)

    def test_symetrie(self) -> None:
        d = distribution_opposition(8, 8)
        assert d[0] == d[1] and sum(d.values()) == 1
