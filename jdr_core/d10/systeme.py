"""Le système D10 + carac + compétence, tel que le registre le lit : lanceurs, tables et suivi de combat."""

from __future__ import annotations

from ..mecanique import Suivi, Systeme
from .lanceurs import MECANIQUES
from .suivi import BORNES, operer
from .tables import TABLES

SYSTEME = Systeme(
    nom="d10",
    titre="D10 + carac + compétence",
    mecaniques=MECANIQUES,
    tables=TABLES,
    suivi=Suivi(operer=operer, bornes=BORNES),
)
