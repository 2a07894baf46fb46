"""Le runtime du navigateur : Pyodide versionné, archive précompilée, fichiers compressés.

À la construction :

* l'archive d'exécution (bibliothèque standard réduite + ``jdr_core``, en ``.pyc``) est
  produite par ``runtime.mjs`` dans Pyodide sous Node, puis gardée en cache tant que
  rien de ce qui la compose ne change ;
* les fichiers de Pyodide sont copiés sous ``pyodide/<version>/`` : l'adresse change avec
  la version, ce qui permet de les servir avec un cache « immutable » ;
* chaque fichier texte ou binaire notable reçoit ses versions ``.br`` et ``.gz``, que le
  serveur du projet (:mod:`site_plugins.serveur`) ou tout hébergeur « static gzip » sert
  directement.
"""

from __future__ import annotations

import gzip
import hashlib
import importlib
import io
import json
import os
import shutil
import subprocess
import tempfile
import zipfile
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

import brotli

ICI = Path(__file__).parent
FICHIERS_PYODIDE = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm")
#: Les fichiers du paquet npm requis pour construire (la stdlib d'origine et le verrou en font partie).
FICHIERS_REQUIS = (*FICHIERS_PYODIDE, "python_stdlib.zip", "pyodide-lock.json", "package.json")
A_COMPRESSER = {".html", ".css", ".js", ".mjs", ".json", ".wasm", ".zip", ".xml", ".svg", ".txt", ".map", ".instantane"}
DATE_ZIP = (2024, 1, 1, 0, 0, 0)


class ErreurRuntime(RuntimeError):
    """La construction du runtime a échoué ; le message dit quoi faire."""


@dataclass(frozen=True)
class Reglages:
    """Comment réduire la bibliothèque standard (voir ``runtime.mjs``)."""

    optimiser_stdlib: int = 2  # docstrings et assert retirés de la stdlib (jamais de jdr_core)
    lignes_stdlib: bool = False  # tables de positions de la stdlib réduites à la ligne de chaque « def »
    #: De même pour les paquets (jdr_core) : un tiers de leurs octets compressés ; le lecteur n'y perd
    #: rien (les lignes qu'il lit sont celles de l'exemple), une trace d'erreur qui traverse jdr_core
    #: dans le navigateur ne donne que la ligne du « def » de chaque fonction.
    lignes_coeur: bool = False
    garder: tuple[str, ...] = ()  # modules gardés même si le cœur ne les importe pas


def version_pyodide(dossier: Path) -> str:
    return str(json.loads((dossier / "package.json").read_text(encoding="utf-8"))["version"])


def _empreinte(*morceaux: bytes) -> str:
    h = hashlib.sha256()
    for m in morceaux:
        h.update(hashlib.sha256(m).digest())
    return h.hexdigest()


def archive_sources(paquets: list[str]) -> bytes:
    """Zip des sources ``.py`` des paquets purs Python, à octets reproductibles."""
    tampon = io.BytesIO()
    with zipfile.ZipFile(tampon, "w", zipfile.ZIP_DEFLATED) as archive:
        for nom in paquets:
            module = importlib.import_module(nom)
            if module.__file__ is None:
                raise ErreurRuntime(f"paquet {nom} introuvable")
            racine = Path(module.__file__).parent
            for chemin in sorted(racine.rglob("*")):
                if chemin.suffix not in (".py", ".typed") or "__pycache__" in chemin.parts:
                    continue
                info = zipfile.ZipInfo(f"{nom}/{chemin.relative_to(racine).as_posix()}", DATE_ZIP)
                info.compress_type = zipfile.ZIP_DEFLATED
                archive.writestr(info, chemin.read_bytes())
    return tampon.getvalue()


def modules_de(sources: bytes) -> list[str]:
    noms = []
    for nom in zipfile.ZipFile(io.BytesIO(sources)).namelist():
        if nom.endswith(".py"):
            module = nom[:-3].replace("/", ".")
            noms.append(module.removesuffix(".__init__"))
    return sorted(noms)


def construire_runtime(
    pyodide: Path, sources: bytes, exemples: list[str], reglages: Reglages, cache: Path
) -> tuple[bytes, dict[str, Any]]:
    """L'archive d'exécution précompilée, depuis le cache si rien n'a changé."""
    script = ICI / "runtime.mjs"
    entree = {
        "modules_coeur": modules_de(sources),
        "exemples": exemples,
        **asdict(reglages),
        "garder": list(reglages.garder),
    }
    cle = _empreinte(
        (pyodide / "python_stdlib.zip").read_bytes(), version_pyodide(pyodide).encode(), sources,
        json.dumps(entree, sort_keys=True).encode(), script.read_bytes(),
    )[:20]
    zip_cache, resume_cache = cache / f"runtime-{cle}.zip", cache / f"runtime-{cle}.json"
    if zip_cache.exists() and resume_cache.exists():
        return zip_cache.read_bytes(), json.loads(resume_cache.read_text(encoding="utf-8"))
    cache.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        fichier_sources = Path(tmp) / "coeur.zip"
        fichier_sources.write_bytes(sources)
        fichier_entree = Path(tmp) / "entree.json"
        fichier_entree.write_text(json.dumps({**entree, "coeur": str(fichier_sources)}), encoding="utf-8")
        sortie = Path(tmp) / "runtime.zip"
        imprime = _pyodide_sous_node(script, [fichier_entree, sortie], pyodide,
                                     "précompiler le runtime Python", "précompilation dans Pyodide impossible")
        donnees = sortie.read_bytes()
    resume = json.loads(imprime)
    zip_cache.write_bytes(donnees)
    resume_cache.write_text(json.dumps(resume), encoding="utf-8")
    return donnees, resume


def construire_instantane(pyodide: Path, runtime: bytes, verrou: dict[str, Any], cache: Path) -> bytes:
    """L'instantané de construction (voir ``instantane.mjs``), depuis le cache si rien n'a changé.

    Il dépend du runtime exact (jdr_core compris), de Pyodide, du verrou et du format rangé."""
    script = ICI / "instantane.mjs"
    cle = _empreinte(
        runtime, version_pyodide(pyodide).encode(), json.dumps(verrou, sort_keys=True).encode(),
        script.read_bytes(), (ICI / "assets" / "moteur" / "worker" / "instantane.js").read_bytes(),
    )[:20]
    en_cache = cache / f"instantane-{cle}.bin"
    if en_cache.exists():
        return en_cache.read_bytes()
    cache.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        fichier_runtime, fichier_verrou = Path(tmp) / "runtime.zip", Path(tmp) / "verrou.json"
        fichier_runtime.write_bytes(runtime)
        fichier_verrou.write_text(json.dumps(verrou), encoding="utf-8")
        sortie = Path(tmp) / "instantane.bin"
        _pyodide_sous_node(script, [fichier_runtime, fichier_verrou, sortie], pyodide,
                           "préparer l'instantané de Python", "instantané de Python impossible")
        donnees = sortie.read_bytes()
    provisoire = en_cache.with_name(f"{en_cache.name}.{os.getpid()}")
    provisoire.write_bytes(donnees)
    provisoire.replace(en_cache)
    return donnees


def _pyodide_sous_node(script: Path, arguments: list[Path], pyodide: Path, pour: str, echec: str) -> str:
    """Lance ``script`` (Pyodide sous Node, depuis la racine du projet) et rend ce qu'il imprime.
    ``pour`` dit à quoi sert Node s'il manque ; ``echec`` ouvre le message d'un échec."""
    node = shutil.which("node")
    if node is None:
        raise ErreurRuntime(f"Node.js (20 ou plus) est requis pour {pour}")
    fait = subprocess.run(
        [node, str(script), *map(str, arguments)],
        cwd=pyodide.parent.parent, capture_output=True, text=True, timeout=300,
    )
    if fait.returncode != 0:
        raise ErreurRuntime(f"{echec} :\n" + _erreur_lisible(fait.stderr))
    return fait.stdout


def _erreur_lisible(sortie: str) -> str:
    """La trace Python d'un échec dans Pyodide, sans les lignes de JavaScript minifié qui l'entourent."""
    lignes = [ligne for ligne in sortie.splitlines() if len(ligne) < 400]
    debut = max((i for i, ligne in enumerate(lignes) if "Traceback" in ligne), default=max(0, len(lignes) - 30))
    return "\n".join(lignes[debut:])[-3000:]


def verrou_minimal(pyodide: Path) -> dict[str, Any]:
    """Le verrou passé en ligne à loadPyodide : aucun paquet à charger, pas de requête."""
    verrou = json.loads((pyodide / "pyodide-lock.json").read_text(encoding="utf-8"))
    return {"info": verrou["info"], "packages": {}}


#: Niveaux de compression : le site publié prend les plus hauts (Brotli 11, gzip 9) ;
#: le serveur local (nox -s serve) des niveaux rapides, pour une première construction courte.
NIVEAUX_COMPRESSION = {"maximale": (11, 9), "rapide": (5, 6)}
#: La fenêtre de Brotli par défaut (4 Mo), sauf pour l'instantané de construction (voir compresser).
FENETRE_BROTLI = 22


def compresser(fichier: Path, cache: Path, niveau: str = "maximale") -> None:
    """Écrit ``fichier.br`` et ``fichier.gz`` au ``niveau`` donné, via un cache par contenu et niveau."""
    qualite_br, qualite_gz = NIVEAUX_COMPRESSION[niveau]
    fenetre = FENETRE_BROTLI
    if fichier.suffix == ".instantane" and niveau == "maximale":
        # L'instantané de construction (15 Mo), au site publié : une fenêtre de 16 Mo le prend en entier
        # (4,37 → 3,77 Mo au niveau 11, 0,12 s de moins à 40 Mbit/s, le lien le plus lent qui le
        # télécharge), pour 50 s de compression, une fois par instantané (cache).
        fenetre = 24
    donnees = fichier.read_bytes()
    cle = hashlib.sha256(donnees).hexdigest()[:24]
    nom_br = f"-b{qualite_br}.br" if fenetre == FENETRE_BROTLI else f"-b{qualite_br}w{fenetre}.br"
    compresseurs = (
        (nom_br, ".br", lambda d: brotli.compress(d, quality=qualite_br, lgwin=fenetre)),
        (f"-g{qualite_gz}.gz", ".gz", lambda d: gzip.compress(d, qualite_gz, mtime=0)),
    )
    for suffixe_cache, suffixe, fonction in compresseurs:
        # Le niveau 11 garde l'ancien nom du cache (même contenu qu'avant ce réglage).
        ancien_nom = niveau == "maximale" and fenetre == FENETRE_BROTLI
        en_cache = cache / (f"{cle}{suffixe}" if ancien_nom else f"{cle}{suffixe_cache}")
        if not en_cache.exists():
            cache.mkdir(parents=True, exist_ok=True)
            provisoire = en_cache.with_name(f"{en_cache.name}.{os.getpid()}")
            provisoire.write_bytes(fonction(donnees))
            provisoire.replace(en_cache)  # deux constructions en même temps ne lisent jamais un fichier à moitié écrit
        shutil.copyfile(en_cache, fichier.with_name(fichier.name + suffixe))


def compresser_site(site: Path, cache: Path, niveau: str = "maximale", depuis: float | None = None) -> None:
    """Compresse tout ce qui se télécharge (plus de 1 ko) au ``niveau`` donné ; avec ``depuis`` (un
    instant de ``time.time()``), les seuls fichiers écrits après lui (une reconstruction qui reprend le
    site de la précédente : les autres ont déjà leurs versions compressées)."""
    for fichier in site.rglob("*"):
        if not fichier.is_file() or fichier.suffix not in A_COMPRESSER:
            continue
        infos = fichier.stat()
        if infos.st_size > 1024 and (depuis is None or infos.st_mtime > depuis):
            compresser(fichier, cache, niveau)


#: Ligne du service worker remplacée par sa configuration à la construction.
MARQUE_SERVICE_WORKER = "const CONFIG_SW = null; // remplacé à la construction"
#: Ce que le service worker ne garde pas d'avance : le runtime (gardé au passage, voir
#: sw.js), les variantes compressées, les fichiers pour hébergeurs ou robots, l'instantané de
#: construction (téléchargé sur un lien rapide seulement, puis rangé par le worker lui-même).
_HORS_PRECHARGE = (".br", ".gz", ".map", ".instantane")
_FICHIERS_HORS_PRECHARGE = {"sw.js", "_headers", "sitemap.xml"}


#: Le service worker d'un site construit sans hors-ligne (nox -s ecrire, qui reconstruit
#: à chaque modification) : il remplace celui d'une visite précédente sur la même adresse,
#: efface ses caches et se retire, pour que chaque page vienne du serveur.
SERVICE_WORKER_RETRAIT = """// Hors ligne désactivé pour ce site (écrit par site_plugins/runtime.py).
self.addEventListener("install", () => self.skipWaiting());
self.addEventListener("activate", (evenement) => evenement.waitUntil((async () => {
  for (const nom of await caches.keys()) if (nom.startsWith("regles-vivantes-site-")) await caches.delete(nom);
  await self.registration.unregister();
})()));
"""


def tailles_compressees(fichier: Path, cache: Path, niveau: str) -> dict[str, int]:
    """Ce que pèsent les versions ``.br`` et ``.gz`` de ``fichier``, écrites dès ici (via le cache de
    :func:`compresser` ; l'étape de compression les reprend telles quelles). Chez un hébergeur qui
    sert les fichiers tels quels, le worker télécharge le ``.gz`` comme un fichier ordinaire et le
    décompresse lui-même : la configuration en donne la taille (progression, seuil du lien). Des
    versions déjà écrites après ``fichier`` sont lues telles quelles : la configuration se recalcule
    à chaque reconstruction de ``nox -s ecrire``, et les recopier du cache y coûtait 38 ms."""
    sorties = [fichier.with_name(f"{fichier.name}.{ext}") for ext in ("br", "gz")]
    if not all(s.exists() and s.stat().st_mtime >= fichier.stat().st_mtime for s in sorties):
        compresser(fichier, cache, niveau)
    return {s.suffix.removeprefix("."): s.stat().st_size for s in sorties}


def tailles_runtime(dossier_pyodide: Path, nom_runtime: str) -> dict[str, int]:
    """Tailles non compressées des deux gros fichiers : la page en tire sa barre de progression."""
    return {
        "wasm": (dossier_pyodide / "pyodide.asm.wasm").stat().st_size,
        "runtime": (dossier_pyodide / nom_runtime).stat().st_size,
    }


def systemes_des_mecaniques() -> dict[str, str]:
    """Nom de chaque mécanique → paquet de son système : le worker ne préchauffe que les
    systèmes dont la page porte un widget (tirée du registre, aucun système nommé ici)."""
    from jdr_core import registre

    return {m.nom: s.nom for s in registre.systemes() for m in s.mecaniques}


def _lunr_inutile(chemin: str, langues: tuple[str, ...]) -> bool:
    """Les fichiers de langue de la recherche (lunr) pour d'autres langues que celles du site,
    et ses découpeurs de thaï ou de japonais (plus de 700 ko) : pas de préchargement."""
    if not chemin.startswith("assets/javascripts/lunr/"):
        return False
    nom = chemin.rsplit("/", 1)[-1]
    return not (any(f".{langue}." in nom for langue in langues) or "stemmer.support" in nom or ".multi." in nom)


def ecrire_service_worker(site: Path, modele: Path, langues: tuple[str, ...] = ("fr",),
                          variantes_gz: tuple[str, ...] = ()) -> str:
    """Écrit ``site/sw.js`` : sa version est l'empreinte de tout le site construit, si bien
    qu'une nouvelle construction remplace proprement le cache du lecteur. Rend la version.

    ``variantes_gz`` : les fichiers du runtime (chemins dans le site) que le worker prend en ``.gz``
    chez un hébergeur qui les sert tels quels ; le service worker en garde la version décompressée,
    sous le type que le serveur du projet donnerait au fichier (``serveur.TYPES``)."""
    from .serveur import TYPES
    fichiers = sorted(
        f for f in site.rglob("*")
        if f.is_file() and f.suffix not in _HORS_PRECHARGE and f.name not in _FICHIERS_HORS_PRECHARGE
        and not _lunr_inutile(f.relative_to(site).as_posix(), langues)
    )
    empreinte = hashlib.sha256()
    pages, runtime = [], []
    for fichier in fichiers:
        chemin = fichier.relative_to(site).as_posix()
        empreinte.update(chemin.encode() + b"\0" + hashlib.sha256(fichier.read_bytes()).digest())
        if chemin.startswith("pyodide/"):
            runtime.append(chemin)
        elif not chemin.startswith("assets/jdr/sw.js"):
            # Une page « dossier/index.html » se demande sous « dossier/ ».
            pages.append(chemin.removesuffix("index.html") or "./")
    version = empreinte.hexdigest()[:16]
    texte = modele.read_text(encoding="utf-8")
    if MARQUE_SERVICE_WORKER not in texte:
        raise ErreurRuntime("sw.js ne contient plus la ligne de configuration attendue")
    types = {chemin: TYPES.get(Path(chemin).suffix, "application/octet-stream") for chemin in variantes_gz}
    config = {"version": version, "pages": pages, "runtime": runtime, "variantes_gz": types}
    (site / "sw.js").write_text(texte.replace(MARQUE_SERVICE_WORKER, f"const CONFIG_SW = {json.dumps(config)};"),
                                encoding="utf-8")
    return version
