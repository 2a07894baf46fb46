"""Probabilités exactes : des fractions, jamais des flottants, sauf à l'affichage.

Les lois elles-mêmes (issue → probabilité) sont des :class:`jdr_core.loi.Loi` ; ce module
ne garde que leur affichage.

>>> from fractions import Fraction
>>> pourcentage(Fraction(5, 8))
'62,5 %'
>>> pourcentage(Fraction(1, 3))
'33,3 %'
"""

from __future__ import annotations

from fractions import Fraction


def pourcentage(p: Fraction, decimales: int = 1) -> str:
    """Affiche une probabilité en pourcentage, à la française (virgule, espace)."""
    valeur = round(p * 100, decimales)
    texte = f"{float(valeur):.{decimales}f}".replace(".", ",")
    if "," in texte:
        texte = texte.rstrip("0").rstrip(",")
    return f"{texte} %"
