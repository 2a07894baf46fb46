"""Le système D10 + carac + compétence, tel que le registre le lit : lanceurs, tables et suivi de combat."""

from __future__ import annotations

from ..mecanique import Parcours, Systeme
from .lanceurs import MECANIQUES
from .suivi import SUIVI
from .suivi_fiche import SUIVI as FICHE
from .tables import TABLES

SYSTEME = Systeme(
    nom="d10",
    titre="D10 + carac + compétence",
    principe="D10 ouvert + caractéristique + compétence contre 5 + la difficulté",
    pages=("d10/index.md", "d10/action.md", "d10/combat.md", "d10/blessures.md", "d10/fiche.md", "d10/suivi.md",
           "d10/tables.md", "d10/ecran.md"),
    mecaniques=MECANIQUES,
    tables=TABLES,
    # Le combat d'abord : un bloc fiche sans option « suivi » reste le suivi de combat.
    suivis=(SUIVI, FICHE),
    # Nouveau venu : la page à lire d'abord, un premier jet, puis la fiche.
    parcours=Parcours(lire="d10/index.md", jet="d10/index.md#exemple-d10-nadia-mur", fiche="d10/fiche.md"),
)
