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
        raise ValueError(sante)  # inatteignable : la Santé est toujours bornée

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
