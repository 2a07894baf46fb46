"""Le texte des pages d'un système, tel qu'un lecteur le lit, et sa forme comparable.

Sans construire le site : le Markdown de ``docs/<systeme>/*.md``, où chaque bloc
``tableau`` est remplacé par les cellules de sa table (lues dans le cœur, comme le fait le
greffon). La comparaison ignore la casse, les accents (rétablir « Évident » est permis), les
espaces insécables, l'apostrophe typographique, la ligature « œ » et la mise en gras.
"""

from __future__ import annotations

import re
import unicodedata
from functools import cache
from pathlib import Path

from jdr_core.registre import tables

RACINE = Path(__file__).resolve().parents[2]
DOCS = RACINE / "docs"
TABLEAU = re.compile(r'^```tableau nom="([^"]+)"\n```', re.MULTILINE)


def normaliser(texte: str) -> str:
    """La forme comparable d'un texte : « Cotte de maille » et « cotte de  maille » se valent."""
    texte = unicodedata.normalize("NFKC", texte).replace("’", "'").replace("œ", "oe").replace("Œ", "OE")
    texte = "".join(c for c in unicodedata.normalize("NFD", texte) if not unicodedata.combining(c))
    texte = texte.replace("*", "").replace("\u00a0", " ").replace("\u202f", " ")
    texte = re.sub(r"\s*/\s*", "/", texte)
    return re.sub(r"\s+", " ", texte).casefold().strip()


def avec_tables(markdown: str) -> str:
    """Le Markdown d'une page, chaque bloc ``tableau`` remplacé par ses cellules."""
    def cellules(m: re.Match[str]) -> str:
        table = tables()[m.group(1)]
        return "\n".join(" | ".join(ligne) for ligne in (table.colonnes, *table.lignes))
    return TABLEAU.sub(cellules, markdown)


@cache
def texte_systeme(systeme: str) -> str:
    """Tout le texte des pages d'un système, sous sa forme comparable."""
    pages = sorted((DOCS / systeme).glob("*.md"))
    return normaliser("\n".join(avec_tables(p.read_text(encoding="utf-8")) for p in pages))
