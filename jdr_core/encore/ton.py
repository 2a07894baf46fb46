"""Les deux tons d'enCORE : Blockbuster (héroïque) et Raw (âpre).

Tout ce qui change d'un ton à l'autre est rassemblé ici, dans une valeur figée.

>>> REGLES[Ton.BLOCKBUSTER].sante_max, REGLES[Ton.RAW].sante_max
(8, 6)
>>> REGLES[Ton.RAW].stress_evenement[Evenement.HORREUR]
2
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from ..erreurs import ParametreInvalide, membre_nomme
from ..francais import enumerer

STRESS_MAX = 6


class Ton(Enum):
    BLOCKBUSTER = "blockbuster"
    RAW = "raw"


class Palier(Enum):
    """Les quatre paliers de Santé, du meilleur au pire."""

    VALIDE = "valide"
    BLESSE = "blessé"
    GRAVEMENT_BLESSE = "gravement blessé"
    HORS_DE_COMBAT = "hors de combat"


def lire_ton(valeur: object) -> Ton:
    """Le ton nommé par une saisie ou une sauvegarde, sans tenir compte des majuscules.

    >>> lire_ton("Raw")
    <Ton.RAW: 'raw'>
    >>> lire_ton("epique")
    Traceback (most recent call last):
    ...
    jdr_core.erreurs.JdrErreur: Ton inconnu : choisissez Blockbuster ou Raw.
    """
    return membre_nomme(Ton, valeur, f"Ton inconnu : choisissez {enumerer([t.value.capitalize() for t in Ton], 'ou')}.")


def lire_palier(valeur: object) -> Palier:
    """Le palier de Santé nommé par une sauvegarde.

    >>> lire_palier("blessé")
    <Palier.BLESSE: 'blessé'>
    >>> lire_palier(["blessé"])
    Traceback (most recent call last):
    ...
    jdr_core.erreurs.JdrErreur: Palier inconnu : valide, blessé, gravement blessé ou hors de combat.
    """
    return membre_nomme(Palier, valeur, f"Palier inconnu : {enumerer([p.value for p in Palier], 'ou')}.")


class Evenement(Enum):
    """Les événements marquants qui font monter le Stress."""

    CHOC = "Choc"
    HORREUR = "Horreur"
    INDICIBLE = "Indicible"


@dataclass(frozen=True)
class ReglesDuTon:
    sante_max: int
    #: Bornes (min, max) de chaque palier, du meilleur au pire.
    paliers: tuple[tuple[Palier, int, int], ...]
    stress_evenement: dict[Evenement, int]
    #: Blockbuster : +1 Stress à chaque perte de Santé.
    stress_si_blesse: bool
    #: Effet d'une relance sur le Stress (−1 en Blockbuster, +1 en Raw).
    stress_relance: int
    fin_de_conflit: bool
    coup_d_eclat: bool
    rupture: bool
    #: Raw : −1d6 à tous les jets entre ces deux valeurs de Stress.
    malus_stress: tuple[int, int] | None

    def palier(self, sante: int) -> Palier:
        for palier, bas, haut in self.paliers:
            if bas <= sante <= haut:
                return palier
        raise ParametreInvalide("Santé", sante, f"un entier de 0 à {self.sante_max}")

    def rang(self, palier: Palier) -> int:
        return [p for p, _, _ in self.paliers].index(palier)

    def haut_du_palier(self, palier: Palier) -> int:
        return next(haut for p, _, haut in self.paliers if p is palier)


REGLES: dict[Ton, ReglesDuTon] = {
    Ton.BLOCKBUSTER: ReglesDuTon(
        sante_max=8,
        paliers=((Palier.VALIDE, 7, 8), (Palier.BLESSE, 4, 6), (Palier.GRAVEMENT_BLESSE, 1, 3),
                 (Palier.HORS_DE_COMBAT, 0, 0)),
        stress_evenement={Evenement.CHOC: 1, Evenement.HORREUR: 1, Evenement.INDICIBLE: 2},
        stress_si_blesse=True,
        stress_relance=-1,
        fin_de_conflit=True,
        coup_d_eclat=True,
        rupture=False,
        malus_stress=None,
    ),
    Ton.RAW: ReglesDuTon(
        sante_max=6,
        paliers=((Palier.VALIDE, 5, 6), (Palier.BLESSE, 3, 4), (Palier.GRAVEMENT_BLESSE, 1, 2),
                 (Palier.HORS_DE_COMBAT, 0, 0)),
        stress_evenement={Evenement.CHOC: 1, Evenement.HORREUR: 2, Evenement.INDICIBLE: 3},
        stress_si_blesse=False,
        stress_relance=+1,
        fin_de_conflit=False,
        coup_d_eclat=False,
        rupture=True,
        malus_stress=(4, 5),
    ),
}
