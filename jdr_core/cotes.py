"""Probabilités exactes : des fractions, jamais des flottants, sauf à l'affichage.

>>> from fractions import Fraction
>>> pourcentage(Fraction(5, 8))
'62,5 %'
>>> pourcentage(Fraction(1, 3))
'33,3 %'
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Mapping
from fractions import Fraction
from typing import TypeVar

K = TypeVar("K", bound=Hashable)


def pourcentage(p: Fraction, decimales: int = 1) -> str:
    """Affiche une probabilité en pourcentage, à la française (virgule, espace)."""
    valeur = round(p * 100, decimales)
    texte = f"{float(valeur):.{decimales}f}".replace(".", ",")
    if "," in texte:
        texte = texte.rstrip("0").rstrip(",")
    return f"{texte} %"


def probabilite(distribution: Mapping[K, Fraction], condition: Callable[[K], bool]) -> Fraction:
    """Somme exacte des probabilités des issues qui vérifient ``condition``."""
    return sum((p for issue, p in distribution.items() if condition(issue)), Fraction(0))


def normaliser(poids: Iterable[tuple[K, int]], total: int) -> dict[K, Fraction]:
    """Regroupe des poids entiers par issue et les divise par ``total``."""
    cumul: dict[K, int] = {}
    for issue, poids_issue in poids:
        cumul[issue] = cumul.get(issue, 0) + poids_issue
    return {issue: Fraction(n, total) for issue, n in cumul.items()}
