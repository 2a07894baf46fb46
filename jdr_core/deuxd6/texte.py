"""Le petit outil de rédaction française du 2D6 : accords et signes.

>>> accorder(1, "manche")
'1 manche'
>>> accorder(3, "réussite")
'3 réussites'
>>> accorder(2, "succès", "succès")
'2 succès'
>>> majuscule("le garde")
'Le garde'
>>> signe(-3), signe(2), signe(0)
('−3', '+2', '0')
"""

from __future__ import annotations


def accorder(nombre: int, singulier: str, pluriel: str | None = None) -> str:
    """Le nombre suivi du nom, au pluriel à partir de 2 (règle française : 0 et 1 au singulier)."""
    mot = singulier if abs(nombre) < 2 else (pluriel if pluriel is not None else singulier + "s")
    return f"{nombre} {mot}"


def majuscule(texte: str) -> str:
    """Le texte avec une capitale initiale (« le douanier » → « Le douanier »)."""
    return texte[:1].upper() + texte[1:]


def signe(nombre: int) -> str:
    """Un modificateur écrit avec son signe typographique (« +2 », « −3 », « 0 »)."""
    if nombre > 0:
        return f"+{nombre}"
    if nombre < 0:
        return f"−{-nombre}"
    return "0"


def nombre_relatif(nombre: int) -> str:
    """Un entier relatif avec le vrai signe moins (« −2 »), sans « + » pour les positifs."""
    return f"−{-nombre}" if nombre < 0 else str(nombre)
