"""enCORE (Santé et Stress), tel que le registre le lit : lanceurs, tables et fiche de suivi."""

from __future__ import annotations

from ..mecanique import Parcours, Systeme
from .lanceurs import MECANIQUES
from .lanceurs import TABLES as TABLES_DES_PAGES
from .suivi import SUIVI
from .tables import TABLES as TABLES_DE_L_ECRAN

SYSTEME = Systeme(
    nom="encore",
    titre="enCORE",
    principe="réserve de d6, Santé et Stress, tons Blockbuster et Raw, fiche de suivi",
    pages=("encore/index.md", "encore/reserve.md", "encore/sante.md", "encore/stress.md", "encore/dangers.md",
           "encore/fiche.md", "encore/ecran.md"),
    mecaniques=MECANIQUES,
    # Les tables des pages de règles, puis celles que l'écran du MJ calcule en plus.
    tables=(*TABLES_DES_PAGES, *TABLES_DE_L_ECRAN),
    suivis=(SUIVI,),
    # Nouveau venu : la page à lire d'abord, un premier jet, puis la fiche.
    parcours=Parcours(lire="encore/index.md", jet="encore/reserve.md#exemple-reserve-lecture", fiche="encore/fiche.md"),
)
