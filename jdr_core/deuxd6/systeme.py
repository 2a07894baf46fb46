"""Le système 2D6 sous le seuil, tel que le registre le lit."""

from __future__ import annotations

from ..mecanique import Systeme
from .lanceurs import MECANIQUES
from .lanceurs_poursuite import MECANIQUES_POURSUITE, TABLES_POURSUITE
from .tables import TABLES

SYSTEME = Systeme(
    nom="deuxd6",
    titre="2D6 sous le seuil",
    mecaniques=(*MECANIQUES, *MECANIQUES_POURSUITE),
    tables=(*TABLES, *TABLES_POURSUITE),
)
