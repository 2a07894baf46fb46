"""Les modules qu'une page annonce dans son en-tête (``<link rel="modulepreload">``).

Le navigateur découvre sinon les modules un à un en les exécutant : ``jdr.js``, puis le
module de chaque widget, puis ses imports. Tout est lu dans les sources elles-mêmes, pour
qu'il n'existe qu'une liste : le manifeste ``widgets.json`` (sélecteur → module, chemin relatif à
``jdr.js``), que ``jdr.js`` lit aussi, et les imports statiques (``import … from "../commun/dom.js";``,
``import "./x.js";``, chemins relatifs au module qui importe) de chaque module, suivis de proche en
proche. Les imports dynamiques (``import("./x.js")``) ne sont pas suivis : ils partent plus tard, à la
demande.

``jdr.js`` ne demande pas le manifeste : il le lit dans le module de configuration que la
construction écrit (:mod:`site_plugins.configuration`), un import statique annoncé comme les
autres, qui n'existe pas dans les sources et n'importe rien.
"""

from __future__ import annotations

import json
import posixpath
import re
from dataclasses import dataclass
from pathlib import Path

from . import configuration

_SELECTEUR = re.compile(r"([a-z]*)\.([\w-]+)")
_MODULE = re.compile(r"\./(?:[\w-]+/)*[\w-]+\.js")
_IMPORT = re.compile(r'^import\s+(?:[^;"]*?\sfrom\s+)?"(\.\.?/[\w./-]+\.js)";', re.M)

#: Le manifeste des widgets, à côté de jdr.js (la construction le recopie dans le module de configuration).
MANIFESTE = "widgets.json"
#: Les modules écrits par la construction, absents des sources : annoncés, mais pas lus.
GENERES = frozenset({configuration.NOM})
#: Le module du moteur (le client de la page), qui nomme les widgets qui parlent à Python.
MODULE_MOTEUR = "moteur/client.js"


class ModulesIllisibles(Exception):
    """Les sources ne se lisent pas comme attendu ; le message dit quoi, en français."""


@dataclass(frozen=True)
class Prechargement:
    #: Ce que toute page charge : les imports statiques de jdr.js.
    communs: tuple[str, ...]
    #: Classe HTML du widget → ses modules (le sien, puis ses imports statiques).
    widgets: tuple[tuple[str, tuple[str, ...]], ...]
    #: Le manifeste tel qu'il est lu : (sélecteur, module), dans son ordre.
    manifeste: tuple[tuple[str, str], ...] = ()
    #: Les classes des widgets qui parlent à Python (AVEC_PYTHON du module du moteur).
    avec_python: tuple[str, ...] = ()

    def pour(self, html: str) -> list[str]:
        """Les modules à annoncer sur une page, dans l'ordre, sans doublon."""
        modules = list(self.communs)
        for classe, noms in self.widgets:
            if _a_la_classe(html, classe):
                modules += [nom for nom in noms if nom not in modules]
        return modules

    def parle_a_python(self, html: str) -> bool:
        """Vrai si la page a un widget qui parle à Python (elle reçoit alors amorce.js)."""
        return any(_a_la_classe(html, classe) for classe in self.avec_python)


def _a_la_classe(html: str, classe: str) -> bool:
    return re.search(r'class="(?:[^"]*\s)?' + re.escape(classe) + r'[\s"]', html) is not None


#: La ligne du module du moteur qui nomme les widgets qui parlent à Python.
_AVEC_PYTHON = re.compile(r'^export const AVEC_PYTHON = "([^"]+)";', re.M)


def lire_avec_python(assets: Path) -> tuple[str, ...]:
    """Les classes de AVEC_PYTHON (module du moteur), la seule liste de ces widgets."""
    trouve = _AVEC_PYTHON.search((assets / MODULE_MOTEUR).read_text(encoding="utf-8"))
    if trouve is None:
        raise ModulesIllisibles(f"{MODULE_MOTEUR} ne définit plus AVEC_PYTHON "
                                '(ligne attendue : export const AVEC_PYTHON = "…";)')
    classes = []
    for selecteur in trouve.group(1).split(","):
        if not _SELECTEUR.fullmatch(selecteur.strip()):
            raise ModulesIllisibles(f"AVEC_PYTHON ({MODULE_MOTEUR}) : sélecteur illisible « {selecteur.strip()} »")
        classes.append(selecteur.strip().partition(".")[2])
    return tuple(classes)


def resoudre(module: str, chemin: str) -> str:
    """Le chemin (depuis le dossier des fichiers) du module que ``module`` importe sous ``chemin``.

    >>> resoudre("table/suivi/fiche.js", "../../commun/dom.js"), resoudre("jdr.js", "./widgets/exemple.js")
    ('commun/dom.js', 'widgets/exemple.js')
    """
    cible = posixpath.normpath(posixpath.join(posixpath.dirname(module), chemin))
    if cible.startswith("../"):
        raise ModulesIllisibles(f"« {module} » importe « {chemin} », hors du dossier des fichiers du site")
    return cible


def _imports(assets: Path, nom: str) -> list[str]:
    """Le module et tout ce qu'il importe statiquement, de proche en proche."""
    vus: list[str] = []
    a_lire = [nom]
    while a_lire:
        courant = a_lire.pop(0)
        if courant in vus:
            continue
        if courant in GENERES:
            vus.append(courant)
            continue
        chemin = assets / courant
        if not chemin.is_file():
            raise ModulesIllisibles(f"le module « {courant} » est importé mais n'existe pas dans {assets}")
        vus.append(courant)
        a_lire += [resoudre(courant, importe) for importe in _IMPORT.findall(chemin.read_text(encoding="utf-8"))]
    return vus


def lire_manifeste(assets: Path) -> tuple[tuple[str, str], ...]:
    """Le manifeste des widgets : une liste de paires ``["balise.classe", "./module.js"]``."""
    chemin = assets / MANIFESTE
    try:
        donnees = json.loads(chemin.read_text(encoding="utf-8"))
    except (OSError, ValueError) as erreur:
        raise ModulesIllisibles(f"{MANIFESTE} illisible dans {assets} : {erreur}") from erreur
    if not isinstance(donnees, list):
        raise ModulesIllisibles(f"{MANIFESTE} : attendu une liste de paires [\"balise.classe\", \"./module.js\"]")
    entrees = []
    for entree in donnees:
        if not (isinstance(entree, list) and len(entree) == 2 and all(isinstance(x, str) for x in entree)
                and _SELECTEUR.fullmatch(entree[0]) and _MODULE.fullmatch(entree[1])):
            raise ModulesIllisibles(f"entrée de {MANIFESTE} illisible : {json.dumps(entree, ensure_ascii=False)} "
                                    '(attendu : ["balise.classe", "./module.js"])')
        entrees.append((entree[0], entree[1]))
    return tuple(entrees)


def lire(assets: Path) -> Prechargement:
    """Lire le manifeste des widgets et suivre les imports de chaque module."""
    manifeste = lire_manifeste(assets)
    widgets = []
    for selecteur, module in manifeste:
        classe = selecteur.partition(".")[2]
        widgets.append((classe, tuple(_imports(assets, resoudre("jdr.js", module)))))
    communs = _imports(assets, "jdr.js")[1:]  # jdr.js lui-même est déjà un <script> de la page
    return Prechargement(tuple(communs), tuple(widgets), manifeste, lire_avec_python(assets))

