"""L'affichage des probabilités (jdr_core/cotes.py), contre un calcul fait à la main sur les fractions :
l'arrondi au plus proche (au pair pour une moitié exacte), la virgule, les zéros inutiles retirés."""

from __future__ import annotations

from fractions import Fraction
from math import floor

import pytest

from jdr_core.cotes import pourcentage


def _a_la_main(p: Fraction, decimales: int) -> str:
    """Le pourcentage écrit sans flottant : arrondi au pair d'une moitié exacte, puis chiffre à chiffre."""
    echelle = p * 100 * 10**decimales
    bas = floor(echelle)
    reste = echelle - bas
    entier = bas + 1 if reste > Fraction(1, 2) or (reste == Fraction(1, 2) and bas % 2) else bas
    unites, fraction = divmod(entier, 10**decimales)
    texte = f"{unites},{fraction:0{decimales}d}".rstrip("0").rstrip(",") if decimales else str(unites)
    return f"{texte} %"


@pytest.mark.parametrize("decimales", [0, 1, 2])
def test_chaque_fraction_de_petit_denominateur(decimales: int) -> None:
    """Toutes les probabilités p/q, q ≤ 64 ou q de deux et trois d6 : le texte du calcul à la main."""
    for q in [*range(1, 65), 72, 108, 216]:
        for p in range(q + 1):
            assert pourcentage(Fraction(p, q), decimales) == _a_la_main(Fraction(p, q), decimales), (p, q)


@pytest.mark.parametrize(("p", "attendu"), [
    (Fraction(0), "0 %"), (Fraction(1), "100 %"), (Fraction(1, 8), "12,5 %"), (Fraction(1, 1000), "0,1 %"),
    (Fraction(1, 2001), "0 %"), (Fraction(215, 216), "99,5 %"),
])
def test_valeurs_de_bord(p: Fraction, attendu: str) -> None:
    assert pourcentage(p) == attendu
