"""Le système 3D6 à comptage de succès, tel que le registre le lit."""

from __future__ import annotations

from ..mecanique import Parcours, Systeme
from .lanceurs import MECANIQUES
from .suivi import SUIVI
from .tables import TABLES

SYSTEME = Systeme(
    nom="troisd6",
    titre="3D6 à succès",
    principe="3D6 contre une caractéristique de 1 à 5, on compte les succès",
    pages=tuple(f"troisd6/{page}.md"
                for page in ("index", "test", "usages", "combat", "energie", "fiche", "tables", "ecran")),
    mecaniques=MECANIQUES,
    tables=TABLES,
    suivis=(SUIVI,),
    # Nouveau venu : la page à lire d'abord, un premier jet, puis la fiche.
    parcours=Parcours(lire="troisd6/index.md", jet="troisd6/test.md#exemple-pierre-ruelle", fiche="troisd6/fiche.md"),
)
