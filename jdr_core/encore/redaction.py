"""Ce qui manque encore au petit outil de rédaction partagé pour les phrases d'enCORE.

>>> enumerer([]), enumerer(["course"]), enumerer(["course", "saut"]), enumerer(["a", "b", "c"], "ou")
('', 'course', 'course et saut', 'a, b ou c')
>>> en_minuscule("Chute d'un étage")
"chute d'un étage"
"""

from __future__ import annotations

from collections.abc import Sequence


def enumerer(elements: Sequence[str], conjonction: str = "et") -> str:
    """Une énumération à la française : « a, b et c » (ou « a, b ou c »)."""
    if len(elements) < 2:
        return "".join(elements)
    return f"{', '.join(elements[:-1])} {conjonction} {elements[-1]}"


def en_minuscule(nom_commun: str) -> str:
    """Un nom commun placé au milieu d'une phrase (« Incendie » → « incendie »)."""
    return nom_commun[:1].lower() + nom_commun[1:]
