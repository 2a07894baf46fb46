"""Le système 2D6 sous le seuil, tel que le registre le lit."""

from __future__ import annotations

from ..mecanique import Parcours, Systeme
from .lanceurs import MECANIQUES
from .lanceurs_poursuite import MECANIQUES_POURSUITE, TABLES_POURSUITE
from .suivi import SUIVI
from .tables import TABLES

SYSTEME = Systeme(
    nom="deuxd6",
    titre="2D6 sous le seuil",
    principe="2D6 à faire sous une cible : 7 + le niveau de compétence, ou 2 + la caractéristique",
    pages=tuple(f"deuxd6/{page}.md" for page in (
        "index", "scenes", "scenes-relation", "scenes-reflexion", "poursuites", "poursuites-exemples",
        "cas-speciaux", "fiche", "tables", "ecran")),
    mecaniques=(*MECANIQUES, *MECANIQUES_POURSUITE),
    tables=(*TABLES, *TABLES_POURSUITE),
    suivis=(SUIVI,),
    # Nouveau venu : la page à lire d'abord, un premier jet, puis la fiche.
    parcours=Parcours(lire="deuxd6/index.md", jet="deuxd6/index.md#exemple-basile-ecrou", fiche="deuxd6/fiche.md"),
)
