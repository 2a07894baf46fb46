"""Les modules qu'une page annonce dans son en-tête (``<link rel="modulepreload">``).

Le navigateur découvre sinon les modules un à un en les exécutant : ``jdr.js``, puis le
module de chaque widget, puis ses imports. Tout est lu dans les sources elles-mêmes, pour
qu'il n'existe qu'une liste : la table ``WIDGETS`` de ``jdr.js`` (sélecteur → module) et les
imports statiques (``import … from "./x.js";``, ``import "./x.js";``) de chaque module, suivis de proche en proche.
Les imports dynamiques (``import("./x.js")``) ne sont pas suivis : ils partent plus tard, à
la demande.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

_TABLE = re.compile(r"^const WIDGETS = \[(.*?)^\];", re.M | re.S)
_LIGNE = re.compile(r'\[\s*"([a-z]*)\.([\w-]+)"\s*,\s*"\./([\w-]+\.js)"\s*\]')
_IMPORT = re.compile(r'^import\s+(?:[^;"]*?\sfrom\s+)?"\./([\w-]+\.js)";', re.M)


class ModulesIllisibles(Exception):
    """Les sources ne se lisent pas comme attendu ; le message dit quoi, en français."""


@dataclass(frozen=True)
class Prechargement:
    #: Ce que toute page charge : les imports statiques de jdr.js.
    communs: tuple[str, ...]
    #: Classe HTML du widget → ses modules (le sien, puis ses imports statiques).
    widgets: tuple[tuple[str, tuple[str, ...]], ...]

    def pour(self, html: str) -> list[str]:
        """Les modules à annoncer sur une page, dans l'ordre, sans doublon."""
        modules = list(self.communs)
        for classe, noms in self.widgets:
            if re.search(r'class="(?:[^"]*\s)?' + re.escape(classe) + r'[\s"]', html):
                modules += [nom for nom in noms if nom not in modules]
        return modules


def _imports(assets: Path, nom: str) -> list[str]:
    """Le module et tout ce qu'il importe statiquement, de proche en proche."""
    vus: list[str] = []
    a_lire = [nom]
    while a_lire:
        courant = a_lire.pop(0)
        if courant in vus:
            continue
        chemin = assets / courant
        if not chemin.is_file():
            raise ModulesIllisibles(f"le module « {courant} » est importé mais n'existe pas dans {assets}")
        vus.append(courant)
        a_lire += _IMPORT.findall(chemin.read_text(encoding="utf-8"))
    return vus


def lire(assets: Path) -> Prechargement:
    """Lire la table des widgets de ``jdr.js`` et suivre les imports de chaque module."""
    source = (assets / "jdr.js").read_text(encoding="utf-8")
    table = _TABLE.search(source)
    if not table:
        raise ModulesIllisibles("jdr.js n'a plus sa table « const WIDGETS = [ … ]; » (une ligne par widget)")
    lignes = [ligne.strip() for ligne in table.group(1).splitlines() if ligne.strip()]
    widgets = []
    for ligne in lignes:
        m = _LIGNE.fullmatch(ligne.rstrip(","))
        if not m:
            raise ModulesIllisibles(f"ligne de WIDGETS illisible dans jdr.js : {ligne} "
                                    '(attendu : ["balise.classe", "./module.js"],)')
        widgets.append((m.group(2), tuple(_imports(assets, m.group(3)))))
    communs = _imports(assets, "jdr.js")[1:]  # jdr.js lui-même est déjà un <script> de la page
    return Prechargement(tuple(communs), tuple(widgets))
