"""La construction après les pages, en étapes nommées : ce que fait ``on_post_build`` du greffon.

Les pages écrites, le greffon dépose dans le site ce qui fait marcher Python et le hors-ligne.
Chaque étape est une fonction d'un :class:`Contexte` (dossiers, options du greffon, ce que les
pages ont appris, ce que les étapes précédentes ont produit) ; :data:`ETAPES` les range dans
l'ordre, et chacune se teste seule sur un petit site temporaire (tests/test_etapes.py) :

1. :func:`runtime` : les fichiers de Pyodide sous ``pyodide/<version>/`` et l'archive précompilée
   de la bibliothèque standard et de ``jdr_core`` ;
2. :func:`instantane` : l'instantané de Python démarré, préparé avec le site (option
   ``instantane_construit``) ;
3. :func:`fichiers` : nos scripts et styles, et le worker de recherche à côté de celui de Material ;
4. :func:`configuration` : le module de configuration du navigateur (:mod:`site_plugins.configuration`),
   le seul fichier de script écrit par la construction : aucun script n'est retouché ;
5. :func:`renvois` : les pages de renvoi des anciennes adresses ;
6. :func:`manifeste` : le manifeste d'application et ses icônes ;
7. :func:`minification` : nos scripts et styles réduits par esbuild ;
8. :func:`entetes` : ``_headers``, CSP comprise (empreintes des scripts en ligne des pages) ;
9. :func:`service_worker` : ``sw.js``, versionné par l'empreinte de tout ce qui précède ;
10. :func:`compression` : les versions ``.br`` et ``.gz`` de ce qui se télécharge.

L'ordre compte là où une étape lit ce qu'une autre écrit : la configuration nomme le runtime et
l'instantané ; les renvois sont des pages comme les autres, pour les en-têtes et le service
worker ; le service worker prend l'empreinte de tous les fichiers finis (réduits), et la
compression vient en dernier. Une étape qui manque de ce qu'une précédente devait produire le dit
(:class:`EtapeImpossible`) au lieu d'écrire un fichier faux.

Une reconstruction de ``mkdocs serve --dirty`` (``nox -s ecrire``) reprend le site de la précédente :
une :class:`Memoire` y saute chaque étape dont rien de ce qu'elle lit n'a changé (:data:`ENTREES`)
et dont aucune étape qu'elle suit n'a repassé (:data:`SUIT`), en reprenant ce qu'elle avait laissé
aux suivantes (:data:`PRODUITS`) ; la compression ne reprend que les fichiers récrits depuis.
"""

from __future__ import annotations

import hashlib
import json
import posixpath
import re
import shutil
import struct
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from mkdocs.exceptions import PluginError

from . import configuration as module_configuration
from .entetes import ecrire as ecrire_entetes
from .exemples import ExempleInvalide, tous_les_exemples
from .manifeste import ecrire as ecrire_manifeste
from .minification import minifier
from .options import JdrConfig
from .prechargement import MANIFESTE, ModulesIllisibles, Prechargement
from .recherche import WORKER as WORKER_RECHERCHE
from .renvois import RenvoiImpossible, ecrire_renvois
from .runtime import (
    FICHIERS_PYODIDE,
    SERVICE_WORKER_RETRAIT,
    ErreurRuntime,
    Reglages,
    archive_sources,
    compresser_site,
    construire_instantane,
    construire_runtime,
    ecrire_service_worker,
    systemes_des_mecaniques,
    tailles_compressees,
    tailles_runtime,
    verrou_minimal,
    version_pyodide,
)

#: Nos scripts et styles, tels qu'écrits.
ASSETS = Path(__file__).parent / "assets"
#: Où ils vont dans le site (le module de configuration et runtime.json aussi).
DOSSIER_ASSETS = "assets/jdr"
#: Le worker de Python dans le site. Les adresses de sa configuration partent, elles, du dossier
#: des fichiers (DOSSIER_ASSETS) : moteur/worker/config.js les y résout, où qu'il soit rangé.
WORKER = f"{DOSSIER_ASSETS}/moteur/jdr-worker.js"
#: Le service worker, écrit à la racine du site par son étape, d'après son modèle dans ASSETS.
SERVICE_WORKER = "sw.js"
MODELE_SERVICE_WORKER = ASSETS / "hors-ligne" / SERVICE_WORKER
#: Le worker de recherche dans ASSETS (posé à côté de celui de Material par l'étape « fichiers »).
SOURCE_RECHERCHE = ASSETS / "recherche" / WORKER_RECHERCHE
#: Ce que l'étape « fichiers » ne recopie pas dans DOSSIER_ASSETS : le service worker et le worker
#: de recherche vont ailleurs, le manifeste des widgets entre dans le module de configuration.
HORS_COPIE = (SERVICE_WORKER, WORKER_RECHERCHE, MANIFESTE)
#: L'instantané de construction ne se télécharge que si 1 Mo de Python arrive assez vite (voir
#: l'option lien_rapide_ms), et jamais après ce délai.
SEUIL_OCTETS_INSTANTANE = 1_000_000
DELAI_MAX_INSTANTANE_MS = 5000


class EtapeImpossible(Exception):
    """Une étape n'a pas ce qu'il lui faut (une étape précédente manque, un fichier attendu est
    absent) ; le message dit quoi, en français."""


@dataclass
class Contexte:
    """Ce que les étapes se passent : les dossiers, les options, ce que les pages ont appris, puis
    ce que chaque étape produit pour les suivantes."""

    #: Le site construit (site_dir de MkDocs).
    site: Path
    #: Les caches de la construction (runtime, instantané, icônes, minification, compression).
    cache: Path
    #: Le paquet npm de Pyodide (node_modules/pyodide).
    pyodide: Path
    #: Les options du greffon.
    options: JdrConfig
    #: Les pages Markdown (docs_dir), dont les exemples préchauffent le runtime.
    docs: Path
    #: Nom, description et adresse publique du site (mkdocs.yml).
    nom_du_site: str = ""
    description: str = ""
    adresse_du_site: str = ""
    #: Les modules des widgets, lus dans nos sources (prechargement.py) : le manifeste en vient.
    prechargement: Prechargement = field(default_factory=lambda: Prechargement((), ()))
    #: La commande d'esbuild (vide : pas de minification).
    esbuild: list[str] = field(default_factory=list)
    #: Le worker de recherche de Material dans le site (« assets/javascripts/workers/search.….min.js »),
    #: lu dans la configuration des pages (recherche.remplacer_worker) ; vide si aucune ne le demande.
    worker_material: str = ""
    # --- produit par les étapes ---
    #: L'archive précompilée (étape runtime) et son nom, qui porte l'empreinte de son contenu.
    runtime: bytes = b""
    nom_runtime: str = ""
    #: L'instantané de construction tel que le worker le lit (étape instantane) ; None sans lui.
    instantane: dict[str, Any] | None = None
    #: Le worker de recherche posé dans le site (étape fichiers) ; None sans recherche.
    worker_recherche: Path | None = None
    # --- une reconstruction qui reprend le site de la précédente (Memoire) ---
    #: Le site contient déjà ce qu'une construction précédente y a mis (mkdocs serve --dirty).
    reprise: bool = False
    #: La compression ne reprend que les fichiers modifiés après cet instant (time.time()) ; None : tous.
    modifies_depuis: float | None = None

    @property
    def version(self) -> str:
        return version_pyodide(self.pyodide)

    @property
    def dossier_pyodide(self) -> Path:
        """Les fichiers de Pyodide dans le site : l'adresse change avec la version (cache « immutable »)."""
        return self.site / "pyodide" / self.version

    @property
    def assets(self) -> Path:
        return self.site / DOSSIER_ASSETS

    def depuis_le_worker(self, chemin: str) -> str:
        """L'adresse de ``chemin`` (dans le site) vue du dossier des fichiers, d'où le worker de Python
        la résout (moteur/worker/config.js)."""
        return posixpath.relpath(chemin, DOSSIER_ASSETS)


Etape = Callable[[Contexte], None]


# --- 1. runtime ------------------------------------------------------------------------------

def runtime(ctx: Contexte) -> None:
    """Pyodide sous ``pyodide/<version>/``, l'archive précompilée à côté (nommée par son empreinte),
    et le résumé de son contenu dans ``runtime.json``."""
    ctx.dossier_pyodide.mkdir(parents=True, exist_ok=True)
    for fichier in FICHIERS_PYODIDE:
        shutil.copyfile(ctx.pyodide / fichier, ctx.dossier_pyodide / fichier)
    exemples = [e.source for e in tous_les_exemples(ctx.docs)]
    o = ctx.options
    ctx.runtime, resume = construire_runtime(
        ctx.pyodide, archive_sources(list(o.paquets)), exemples,
        Reglages(o.optimiser_stdlib, o.lignes_stdlib, o.lignes_coeur, tuple(o.garder)), ctx.cache,
    )
    ctx.nom_runtime = f"runtime-{hashlib.sha256(ctx.runtime).hexdigest()[:12]}.zip"
    (ctx.dossier_pyodide / ctx.nom_runtime).write_bytes(ctx.runtime)
    ctx.assets.mkdir(parents=True, exist_ok=True)
    (ctx.assets / "runtime.json").write_text(json.dumps(resume, indent=1), encoding="utf-8")


def _runtime_fait(ctx: Contexte, etape: str) -> None:
    if not ctx.nom_runtime or not (ctx.dossier_pyodide / ctx.nom_runtime).is_file():
        raise EtapeImpossible(f"l'étape {etape} a besoin du runtime : l'étape runtime doit passer avant elle")


# --- 2. instantané ---------------------------------------------------------------------------

def instantane(ctx: Contexte) -> None:
    """L'instantané de construction à côté du runtime, si l'option le demande ; le worker le
    télécharge sur un lien rapide seulement (sa configuration dit où, à quel seuil, et ce que pèsent
    ses versions compressées)."""
    if not ctx.options.instantane_construit:
        ctx.instantane = None
        return
    _runtime_fait(ctx, "instantane")
    paquet = construire_instantane(ctx.pyodide, ctx.runtime, verrou_minimal(ctx.pyodide), ctx.cache)
    nom = f"{ctx.nom_runtime.removesuffix('.zip')}.instantane"
    fichier = ctx.dossier_pyodide / nom
    fichier.write_bytes(paquet)
    ctx.instantane = {
        "adresse": ctx.depuis_le_worker(f"pyodide/{ctx.version}/{nom}"),
        # La longueur de la mémoire déballée (3e mot de l'en-tête) : Pyodide prépare la sienne d'avance.
        "longueur": struct.unpack_from("<I", paquet, 8)[0],
        "seuil_octets": SEUIL_OCTETS_INSTANTANE,
        "seuil_ms": ctx.options.lien_rapide_ms,
        "delai_max_ms": DELAI_MAX_INSTANTANE_MS,
        "octets": _octets_compresses(ctx, fichier),
    }


def _octets_compresses(ctx: Contexte, fichier: Path) -> dict[str, int]:
    """Ce que pèsent les versions ``.br`` et ``.gz`` de ``fichier`` (voir
    :func:`~site_plugins.runtime.tailles_compressees`) ; rien sans compression : le worker ne prend
    alors que ce que l'hébergeur sert. Pour l'instantané, la version ``.gz``, plus lourde que le
    Brotli, demande un lien plus rapide d'autant."""
    if not ctx.options.compresser:
        return {}
    return tailles_compressees(fichier, ctx.cache / "compresse", ctx.options.compression)


# --- 3. fichiers -----------------------------------------------------------------------------

def fichiers(ctx: Contexte) -> None:
    """Nos scripts et styles dans ``assets/jdr/``, tels qu'écrits ; le worker de recherche à côté de
    celui de Material (même dossier : ses chemins relatifs vers lunr restent justes), si une page
    le demande."""
    shutil.copytree(ASSETS, ctx.assets, dirs_exist_ok=True, ignore=shutil.ignore_patterns(*HORS_COPIE))
    ctx.worker_recherche = None
    if ctx.worker_material:
        materiel = ctx.site / ctx.worker_material
        if not materiel.is_file():
            raise EtapeImpossible(f"le worker de recherche de Material ({ctx.worker_material}) est introuvable "
                                  f"dans {ctx.site}")
        ctx.worker_recherche = materiel.with_name(WORKER_RECHERCHE)
        shutil.copyfile(SOURCE_RECHERCHE, ctx.worker_recherche)


# --- 4. configuration ------------------------------------------------------------------------

def reglages_recherche(worker_material: str, attente_ms: int) -> dict[str, Any] | None:
    """Ce que lit notre worker de recherche : celui de Material (son chemin dans le site), depuis le
    même dossier, et le délai du repos ; None sans recherche.

    >>> reglages_recherche("assets/javascripts/workers/search.0123abcd.min.js", 4000)
    {'material': './search.0123abcd.min.js', 'attenteMs': 4000}
    """
    if not worker_material:
        return None
    return {"material": f"./{posixpath.basename(worker_material)}", "attenteMs": attente_ms}


def _gros_fichiers(ctx: Contexte) -> dict[str, str]:
    """Le WebAssembly et l'archive d'exécution : clé de la configuration → nom dans le dossier de Pyodide."""
    return {"wasm": "pyodide.asm.wasm", "runtime": ctx.nom_runtime}


def _tailles_gz(ctx: Contexte) -> dict[str, int]:
    """Les octets des versions .gz du WebAssembly et de l'archive d'exécution (rien sans compression)."""
    octets = {cle: _octets_compresses(ctx, ctx.dossier_pyodide / nom) for cle, nom in _gros_fichiers(ctx).items()}
    return {cle: tailles["gz"] for cle, tailles in octets.items() if tailles}


def donnees_de_configuration(ctx: Contexte) -> dict[str, Any]:
    """Le contenu du module de configuration (voir :mod:`site_plugins.configuration`)."""
    _runtime_fait(ctx, "configuration")
    d = ctx.options.delais
    pyodide = ctx.depuis_le_worker(f"pyodide/{ctx.version}")
    return {
        # Le worker de Python : ses adresses partent de lui (new URL(…, import.meta.url)).
        "worker": {
            "pyodide": f"{pyodide}/",
            "runtime": f"{pyodide}/{ctx.nom_runtime}",
            "verrou": verrou_minimal(ctx.pyodide),
            "instantane": ctx.options.instantane_local,
            "instantane_construit": ctx.instantane,
            "tailles": tailles_runtime(ctx.dossier_pyodide, ctx.nom_runtime),
            # Les versions .gz des deux gros fichiers, que le worker prend à leur place chez un
            # hébergeur qui les sert tels quels (worker/telechargement.js, decompresseur).
            "tailles_gz": _tailles_gz(ctx),
            "mecaniques": systemes_des_mecaniques(),
            "silence_reseau": d.silence_reseau,
        },
        # La page (moteur.js) : ses délais de silence et de réponse.
        "delais": {"silenceTelechargement": d.silence_telechargement, "silenceDemarrage": d.silence_demarrage,
                   "reponse": d.reponse},
        "recherche": reglages_recherche(ctx.worker_material, d.recherche),
        # jdr.js : sélecteur de widget → module qui le branche (widgets.json).
        "widgets": [list(entree) for entree in ctx.prechargement.manifeste],
        **module_configuration.constantes(),
    }


def configuration(ctx: Contexte) -> None:
    """``assets/jdr/configuration.js``, que la page, le worker de Python et celui de recherche lisent."""
    texte = module_configuration.texte(donnees_de_configuration(ctx))
    (ctx.assets / module_configuration.NOM).write_text(texte, encoding="utf-8")


# --- 5. renvois ------------------------------------------------------------------------------

def renvois(ctx: Contexte) -> None:
    """Une page de renvoi à l'ancienne adresse de chaque page d'un dossier renommé (dans un site
    repris, les renvois de la construction précédente s'en vont d'abord)."""
    anciens = dict(ctx.options.anciens_dossiers)
    if ctx.reprise:
        for ancien in anciens:
            if posixpath.basename(ancien) == ancien and ancien not in ("", ".", ".."):
                shutil.rmtree(ctx.site / ancien, ignore_errors=True)
    ecrire_renvois(ctx.site, anciens, ctx.adresse_du_site)


# --- 6. manifeste ----------------------------------------------------------------------------

def manifeste(ctx: Contexte) -> None:
    """Le manifeste d'application et ses icônes, que le service worker garde ensuite."""
    ecrire_manifeste(ctx.site, ctx.cache / "icones", ctx.nom_du_site, ctx.description)


# --- 7. minification -------------------------------------------------------------------------

def minification(ctx: Contexte) -> None:
    """Nos scripts et styles réduits, le worker de recherche compris (sw.js l'est à son étape)."""
    if not ctx.esbuild:
        return
    a_reduire = sorted(ctx.assets.rglob("*"))
    if ctx.worker_recherche is not None:
        a_reduire.append(ctx.worker_recherche)
    minifier(a_reduire, ctx.esbuild, ctx.cache / "minifie")


# --- 8. en-têtes -----------------------------------------------------------------------------

def entetes(ctx: Contexte) -> None:
    """``_headers`` : sécurité (CSP avec les empreintes des scripts en ligne des pages) et cache."""
    ecrire_entetes(ctx.site)


# --- 9. service worker -----------------------------------------------------------------------

def service_worker(ctx: Contexte) -> None:
    """``sw.js`` à la racine, versionné par l'empreinte du site fini ; sans hors-ligne, celui qui
    retire le service worker d'une visite précédente."""
    sw = ctx.site / SERVICE_WORKER
    if ctx.options.hors_ligne:
        # Les fichiers que le worker peut prendre en .gz : ceux dont la configuration donne la taille du .gz.
        gros = _gros_fichiers(ctx)
        variantes = tuple(f"pyodide/{ctx.version}/{gros[cle]}" for cle in _tailles_gz(ctx))
        ecrire_service_worker(ctx.site, MODELE_SERVICE_WORKER, variantes_gz=variantes)
    else:
        sw.write_text(SERVICE_WORKER_RETRAIT, encoding="utf-8")
    if ctx.esbuild:
        minifier([sw], ctx.esbuild, ctx.cache / "minifie")


# --- 10. compression -------------------------------------------------------------------------

def compression(ctx: Contexte) -> None:
    """Les versions ``.br`` et ``.gz`` de ce qui se télécharge, au niveau de l'option."""
    if ctx.options.compresser:
        compresser_site(ctx.site, ctx.cache / "compresse", ctx.options.compression, depuis=ctx.modifies_depuis)


#: Les étapes, dans leur ordre (voir l'en-tête du module).
ETAPES: tuple[Etape, ...] = (
    runtime, instantane, fichiers, configuration, renvois, manifeste, minification, entetes, service_worker,
    compression,
)


# --- Une reconstruction qui reprend le site de la précédente ---------------------------------

def etat_des_fichiers(*dossiers: Path) -> list[tuple[str, int, int]]:
    """(chemin, taille, date en ns) de chaque fichier des dossiers : change dès qu'un fichier change."""
    etat = []
    for dossier in dossiers:
        for chemin in sorted(dossier.rglob("*")):
            if chemin.is_file() and "__pycache__" not in chemin.parts:
                infos = chemin.stat()
                etat.append((chemin.as_posix(), infos.st_size, infos.st_mtime_ns))
    return etat


def _dossiers_des_paquets(paquets: list[str]) -> list[Path]:
    import importlib

    return [Path(str(importlib.import_module(nom).__file__)).parent for nom in paquets]


#: Une ligne d'import dans le code d'un exemple (« >>> from jdr_core.des import DesScriptes »).
_IMPORT = re.compile(r"^[ \t]*(?:>>>|\.\.\.)[ \t]+((?:from[ \t]+\S+[ \t]+)?import[ \t].*?)[ \t]*$", re.M)


def imports_des_exemples(docs: Path) -> list[str]:
    """Les lignes d'import des exemples de ``docs/``, sans doublon : ce qui, dans les exemples, décide
    des modules que l'archive garde (voir runtime.mjs).

    >>> import tempfile
    >>> docs = Path(tempfile.mkdtemp())
    >>> _ = (docs / "a.md").write_text('```exemple id="a"\\n>>> import random\\n>>> 1\\n1\\n```\\n')
    >>> imports_des_exemples(docs)
    ['import random']
    """
    return sorted({m[1] for e in tous_les_exemples(docs) for m in _IMPORT.finditer(e.source)})


def _entrees_runtime(ctx: Contexte) -> object:
    """Ce dont dépend l'archive, pour une reconstruction : Pyodide, les options, les sources des paquets
    et les imports des exemples. Pas le reste des exemples : corriger une sortie attendue ou un nombre
    ne refait pas l'archive (dix secondes sous Node) ; la construction complète, elle, repart de tous
    les exemples, et ce qui change les modules à garder passe presque toujours par un import."""
    o = ctx.options
    return (ctx.version, list(o.paquets), o.optimiser_stdlib, o.lignes_stdlib, o.lignes_coeur, list(o.garder),
            etat_des_fichiers(*_dossiers_des_paquets(list(o.paquets))), imports_des_exemples(ctx.docs))


#: Ce que lit chaque étape qu'une reconstruction peut sauter, en plus de ce que lui laissent les
#: étapes qu'elle suit (:data:`SUIT`). Une étape absente d'ici repasse à chaque construction : les
#: en-têtes (les scripts en ligne de chaque page), la compression (les fichiers récrits seulement),
#: et le service worker du hors-ligne (l'empreinte du site entier).
ENTREES: dict[str, Callable[[Contexte], object]] = {
    "runtime": _entrees_runtime,
    "instantane": lambda ctx: (ctx.options.instantane_construit, ctx.options.lien_rapide_ms,
                               ctx.options.compresser, ctx.options.compression),
    "fichiers": lambda ctx: (etat_des_fichiers(ASSETS), ctx.worker_material),
    "configuration": lambda ctx: donnees_de_configuration(ctx),
    "renvois": lambda ctx: (dict(ctx.options.anciens_dossiers), ctx.adresse_du_site,
                            sorted(p.relative_to(ctx.docs).as_posix() for p in ctx.docs.rglob("*.md"))),
    "manifeste": lambda ctx: (ctx.nom_du_site, ctx.description),
    "minification": lambda ctx: list(ctx.esbuild),
}
#: Le service worker qui retire celui d'une visite précédente (sans hors-ligne) ne lit rien du site.
_SERVICE_WORKER_RETRAIT = "service_worker"
#: Les étapes qu'une étape suit : si l'une a repassé, elle repasse aussi (ce qu'elle lit a changé).
SUIT: dict[str, tuple[str, ...]] = {
    "instantane": ("runtime",),
    "configuration": ("runtime", "instantane"),
    "minification": ("fichiers", "configuration"),
}
#: Ce que chaque étape laisse dans le contexte pour les suivantes : repris quand elle est sautée.
PRODUITS: dict[str, tuple[str, ...]] = {
    "runtime": ("runtime", "nom_runtime"),
    "instantane": ("instantane",),
    "fichiers": ("worker_recherche",),
}


@dataclass
class Memoire:
    """Ce que la dernière construction a vu et produit, gardé par le greffon d'une construction à la
    suivante de ``mkdocs serve --dirty`` : le site n'est pas vidé entre les deux, une étape dont rien
    n'a changé n'a rien à y refaire."""

    #: Étape → l'empreinte de ses entrées à son dernier passage.
    empreintes: dict[str, str] = field(default_factory=dict)
    #: Étape → ce qu'elle avait laissé dans le contexte (:data:`PRODUITS`).
    produits: dict[str, dict[str, Any]] = field(default_factory=dict)
    #: Le site où elles ont eu lieu, et l'instant où la dernière compression a commencé.
    site: Path | None = None
    compression: float | None = None


def _empreinte(valeur: object) -> str:
    return hashlib.sha256(json.dumps(valeur, sort_keys=True, default=str).encode()).hexdigest()


@dataclass(frozen=True)
class Passage:
    """Ce qu'une étape a fait dans une construction : passée ou sautée, et en combien de secondes."""

    etape: str
    saute: bool
    secondes: float


def executer(ctx: Contexte, etapes: tuple[Etape, ...] = ETAPES, memoire: Memoire | None = None) -> list[Passage]:
    """Les étapes dans l'ordre ; l'échec de l'une arrête la construction, avec son message.

    Avec une ``memoire`` d'une construction précédente dans le même site (qui contient encore son
    module de configuration), chaque étape dont les entrées n'ont pas changé est sautée ; la mémoire
    est ensuite mise à jour. Rend ce que chaque étape a fait."""
    reprise = (memoire is not None and memoire.site == ctx.site
               and (ctx.assets / module_configuration.NOM).is_file())
    if memoire is not None and not reprise:
        memoire.empreintes.clear()
        memoire.produits.clear()
        memoire.compression = None
    ctx.reprise = reprise
    ctx.modifies_depuis = memoire.compression if memoire is not None and reprise else None
    passees: set[str] = set()
    rapport = []
    for etape in etapes:
        nom = etape.__name__
        debut = time.perf_counter()
        try:
            empreinte = None
            if memoire is not None:
                entrees = ENTREES.get(nom)
                if nom == _SERVICE_WORKER_RETRAIT and not ctx.options.hors_ligne:
                    entrees = ENTREES["minification"]
                empreinte = _empreinte(entrees(ctx)) if entrees is not None else None
                suivies = passees & set(SUIT.get(nom, ()))
                if (reprise and empreinte is not None and not suivies
                        and memoire.empreintes.get(nom) == empreinte):
                    for cle, valeur in memoire.produits.get(nom, {}).items():
                        setattr(ctx, cle, valeur)
                    rapport.append(Passage(nom, True, time.perf_counter() - debut))
                    continue
            if etape is compression and memoire is not None:
                memoire.compression = time.time()
            etape(ctx)
        except (EtapeImpossible, ErreurRuntime, ExempleInvalide, ModulesIllisibles, RenvoiImpossible) as erreur:
            raise PluginError(f"jdr : {erreur}") from erreur
        passees.add(nom)
        if memoire is not None:
            if empreinte is None:
                memoire.empreintes.pop(nom, None)
            else:
                memoire.empreintes[nom] = empreinte
            memoire.produits[nom] = {cle: getattr(ctx, cle) for cle in PRODUITS.get(nom, ())}
        rapport.append(Passage(nom, False, time.perf_counter() - debut))
    if memoire is not None:
        memoire.site = ctx.site
    return rapport
