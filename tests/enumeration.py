"""L'énumération de toutes les suites de dés, partagée par les tests de cotes exactes.

On rejoue un préfixe de faces ; quand le code de jet demande un dé de plus, la suite se
divise en autant de branches que le dé a de faces. Chaque suite complète pèse le produit
de 1/faces de ses dés. Le même code de jet que les lanceurs sert donc de référence.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Hashable, Iterator
from fractions import Fraction
from typing import Any, TypeVar

from jdr_core.des import SourceDes

R = TypeVar("R")


class _Embranchement(BaseException):
    def __init__(self, faces: int) -> None:
        self.faces = faces


class DesPrefixe:
    """Rejoue un préfixe de faces, puis signale le dé suivant pour que l'énumération se divise."""

    def __init__(self, prefixe: tuple[int, ...]) -> None:
        self.prefixe = prefixe
        self.position = 0

    def lancer(self, faces: int) -> int:
        if self.position < len(self.prefixe):
            face = self.prefixe[self.position]
            self.position += 1
            assert 1 <= face <= faces
            return face
        raise _Embranchement(faces)


def suites(jouer: Callable[[SourceDes], R], limite: int = 200_000) -> Iterator[tuple[R, Fraction]]:
    """Chaque suite de dés possible : le résultat de ``jouer`` et sa probabilité exacte."""
    pile: list[tuple[tuple[int, ...], Fraction]] = [((), Fraction(1))]
    vues = 0
    while pile:
        prefixe, p = pile.pop()
        try:
            resultat = jouer(DesPrefixe(prefixe))
        except _Embranchement as e:
            pile.extend(((*prefixe, f), p / e.faces) for f in range(1, e.faces + 1))
            continue
        vues += 1
        assert vues <= limite, "trop de suites de dés pour une énumération brute"
        yield resultat, p


def enumerer(jouer: Callable[[SourceDes], Hashable], limite: int = 200_000) -> dict[Any, Fraction]:
    """Probabilité exacte de chaque issue, en parcourant toutes les suites de dés."""
    totaux: dict[Any, Fraction] = defaultdict(Fraction)
    for issue, p in suites(jouer, limite):
        totaux[issue] += p
    assert sum(totaux.values()) == 1
    return dict(totaux)
