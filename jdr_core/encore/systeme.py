"""enCORE (Santé et Stress), tel que le registre le lit : lanceurs, tables et fiche de suivi."""

from __future__ import annotations

from ..mecanique import Suivi, Systeme
from .lanceurs import MECANIQUES, TABLES
from .suivi import BORNES, operer

SYSTEME = Systeme(
    nom="encore",
    titre="enCORE",
    mecaniques=MECANIQUES,
    tables=TABLES,
    # Avant la fiche nommée par système, le widget rangeait l'état sous « jdr-fiche:<id> ».
    suivi=Suivi(operer=operer, bornes=BORNES, anciennes_cles=("jdr-fiche:{id}",)),
)
