"""Ce qu'un système contient, lu sans sa valeur ``SYSTEME`` : les fichiers de ``docs/<système>/``,
les blocs de ses pages (``lanceur``, ``tableau``, ``fiche``) et les valeurs définies dans les modules
de ``jdr_core/<système>/``. Les tests ``test_<système>_systeme.py`` comparent la valeur déclarée à
cet inventaire : une mécanique écrite mais pas déclarée, une page ajoutée hors du menu, une table
déclarée qu'aucune page ne montre se voient. (Pas un fichier de tests : pytest ne le lit pas.)"""

from __future__ import annotations

import importlib
import re
from pathlib import Path

from jdr_core import registre
from jdr_core.mecanique import Mecanique, Systeme
from jdr_core.suivi import Suivi

RACINE = Path(__file__).resolve().parent.parent
DOCS = RACINE / "docs"


def _blocs(systeme: str, sorte: str) -> list[dict[str, str]]:
    """Les options de chaque bloc ```<sorte> …``` des pages du système."""
    trouves = []
    for page in sorted((DOCS / systeme).rglob("*.md")):
        for ligne in re.findall(rf"^\s*```{sorte} (.*)$", page.read_text(encoding="utf-8"), re.M):
            trouves.append(dict(re.findall(r'(\w+)="([^"]*)"', ligne)))
    return trouves


def _definis(systeme: str, sorte: type) -> set[int]:
    """L'identité de chaque valeur de ``sorte`` nommée au niveau d'un module du système."""
    trouves = set()
    for fichier in sorted((RACINE / "jdr_core" / systeme).glob("*.py")):
        module = importlib.import_module(f"jdr_core.{systeme}.{fichier.stem}")
        trouves.update(id(valeur) for valeur in vars(module).values() if isinstance(valeur, sorte))
    return trouves


def ecarts(systeme: Systeme) -> list[str]:
    """Ce qui sépare la valeur déclarée de l'inventaire du système ; vide quand tout concorde."""
    nom, vus = systeme.nom, []
    pages = {p.relative_to(DOCS).as_posix() for p in (DOCS / nom).rglob("*.md")}
    if set(systeme.pages) != pages or len(systeme.pages) != len(pages):
        vus.append(f"pages : déclarées {sorted(systeme.pages)}, dans docs/{nom}/ {sorted(pages)}")
    if systeme.pages[:1] != (f"{nom}/index.md",):
        vus.append(f"on entre par {systeme.pages[:1]}, pas par {nom}/index.md")
    if systeme.parcours is not None:
        etapes = (systeme.parcours.lire, systeme.parcours.jet, systeme.parcours.fiche)
        vus += [f"parcours : {e} hors des pages" for e in etapes if e and e.partition("#")[0] not in systeme.pages]
    if registre.systeme(nom) is not systeme:
        vus.append(f"le registre ne lit pas cette valeur sous le nom {nom}")
    comparer = [
        ("mécaniques", {m.nom for m in systeme.mecaniques}, {b["mecanique"] for b in _blocs(nom, "lanceur")}),
        ("tables", {t.nom for t in systeme.tables}, {b["nom"] for b in _blocs(nom, "tableau")}),
        ("suivis", {s.nom for s in systeme.suivis}, {b.get("suivi", systeme.suivi.nom if systeme.suivi else "?")
                                                    for b in _blocs(nom, "fiche") if b.get("systeme", nom) == nom}),
    ]
    for quoi, declares, sur_les_pages in comparer:
        if declares != sur_les_pages:
            vus.append(f"{quoi} : déclarées {sorted(declares)}, sur les pages {sorted(sur_les_pages)}")
    for quoi, sorte, declares in (("mécaniques", Mecanique, systeme.mecaniques), ("suivis", Suivi, systeme.suivis)):
        oublies = _definis(nom, sorte) - {id(v) for v in declares}
        if oublies:
            vus.append(f"{quoi} : {len(oublies)} définis dans jdr_core/{nom}/ sans être déclarés")
    return vus
