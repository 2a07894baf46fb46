"""Le système 3D6 à comptage de succès, tel que le registre le lit."""

from __future__ import annotations

from ..mecanique import Systeme
from .lanceurs import MECANIQUES
from .suivi import SUIVI
from .tables import TABLES

SYSTEME = Systeme(
    nom="troisd6",
    titre="3D6 à succès",
    principe="3D6 contre une caractéristique de 1 à 5, on compte les succès",
    pages=("3d6/test.md", "3d6/usages.md", "3d6/combat.md", "3d6/energie.md", "3d6/fiche.md", "3d6/tables.md",
           "3d6/ecran.md"),
    mecaniques=MECANIQUES,
    tables=TABLES,
    suivis=(SUIVI,),
)
