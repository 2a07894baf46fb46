"""Le système 3D6 à comptage de succès, tel que le registre le lit."""

from __future__ import annotations

from ..mecanique import Systeme
from .lanceurs import MECANIQUES
from .tables import TABLES

SYSTEME = Systeme(nom="troisd6", titre="3D6 à succès", mecaniques=MECANIQUES, tables=TABLES)
