"""Le greffon MkDocs ``jdr``.

Il vérifie la configuration (échec immédiat et clair), ajoute les fichiers du
navigateur aux pages, et, après la construction, dépose dans le site le runtime
Pyodide auto-hébergé et l'archive du cœur ``jdr_core``.
"""

from __future__ import annotations

import re
import shutil
import zipfile
from html import unescape
from pathlib import Path
from typing import Any

from mkdocs.config import base
from mkdocs.config import config_options as c
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import PluginError
from mkdocs.plugins import BasePlugin

ASSETS = Path(__file__).parent / "assets"
#: Les fichiers du paquet npm pyodide dont le site a besoin, et seulement eux.
FICHIERS_PYODIDE = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)
BLOCS = {
    "exemple": "site_plugins.fences.formater_exemple",
    "lanceur": "site_plugins.fences.formater_lanceur",
}
_EXEMPLE_ID = re.compile(r'data-exemple="([^"]+)"')
_ERREUR = re.compile(r'<p class="jdr-erreur-construction">([^<]*)</p>')
#: Date fixe dans l'archive : même contenu, mêmes octets, donc cache du navigateur utile.
DATE_ZIP = (2024, 1, 1, 0, 0, 0)


class JdrConfig(base.Config):  # type: ignore[no-untyped-call]  # __init_subclass__ de MkDocs non typé
    pyodide = c.Type(str, default="node_modules/pyodide")
    paquets = c.ListOfItems(c.Type(str), default=["jdr_core"])


class JdrPlugin(BasePlugin[JdrConfig]):  # type: ignore[no-untyped-call]  # idem
    def __init__(self) -> None:
        self._ids: dict[str, str] = {}

    # Vérifier la configuration avant tout travail.
    def on_config(self, config: MkDocsConfig) -> MkDocsConfig:
        self._ids = {}
        if "pymdownx.superfences" not in config.markdown_extensions:
            raise PluginError("jdr : l'extension pymdownx.superfences est requise")
        reglages = config.mdx_configs.get("pymdownx.superfences", {})
        declares = {f.get("name"): f.get("format") for f in reglages.get("custom_fences", [])}
        for nom, fonction in BLOCS.items():
            format_ = declares.get(nom)
            chemin = f"{getattr(format_, '__module__', '')}.{getattr(format_, '__name__', '')}"
            if chemin != fonction:
                raise PluginError(
                    f"jdr : le bloc « {nom} » doit être déclaré dans pymdownx.superfences "
                    f"custom_fences avec format: !!python/name:{fonction}"
                )
        pyodide = Path(self.config.pyodide)
        if not pyodide.is_absolute():
            pyodide = Path(config.config_file_path).parent / pyodide
        manquants = [f for f in FICHIERS_PYODIDE if not (pyodide / f).is_file()]
        if manquants:
            raise PluginError(
                f"jdr : runtime Pyodide introuvable dans {pyodide} ({', '.join(manquants)}) : "
                "lancez « npm ci » à la racine du projet"
            )
        self._pyodide = pyodide
        for fichier in ("assets/jdr/jdr.css",):
            if fichier not in config.extra_css:
                config.extra_css.append(fichier)
        if "assets/jdr/jdr.js" not in [str(s) for s in config.extra_javascript]:
            config.extra_javascript.append("assets/jdr/jdr.js")
        return config

    # Un bloc mal écrit arrête la construction ; un identifiant d'exemple ne sert qu'une fois.
    def on_page_content(self, html: str, *, page: Any, config: MkDocsConfig, files: Any) -> str:
        erreur = _ERREUR.search(html)
        if erreur:
            raise PluginError(f"jdr : {page.file.src_uri} : {unescape(erreur.group(1))}")
        for ident in _EXEMPLE_ID.findall(html):
            ailleurs = self._ids.setdefault(ident, page.file.src_uri)
            if ailleurs != page.file.src_uri:
                raise PluginError(f"jdr : exemple « {ident} » en double ({ailleurs}, {page.file.src_uri})")
        return html

    # Déposer les fichiers du navigateur, le runtime et le cœur dans le site.
    def on_post_build(self, *, config: MkDocsConfig) -> None:
        site = Path(config.site_dir)
        shutil.copytree(ASSETS, site / "assets" / "jdr", dirs_exist_ok=True)
        cible = site / "pyodide"
        cible.mkdir(parents=True, exist_ok=True)
        for fichier in FICHIERS_PYODIDE:
            source, dest = self._pyodide / fichier, cible / fichier
            # copy2 garde la date : une date ou une taille différente signale un autre Pyodide.
            if not dest.exists() or dest.stat()[6:9:2] != source.stat()[6:9:2]:
                shutil.copy2(source, dest)
        construire_archive(self.config.paquets, site / "assets" / "jdr" / "jdr_core.zip")
        (site / "_headers").write_text(ENTETES, encoding="utf-8")


ENTETES = """\
# Entêtes pour les hébergeurs qui lisent ce fichier (Netlify, Cloudflare Pages).
/pyodide/*
  Cache-Control: public, max-age=31536000, immutable
/pyodide/*.wasm
  Content-Type: application/wasm
/assets/jdr/*
  Cache-Control: public, max-age=3600
"""


def construire_archive(paquets: list[str], cible: Path) -> None:
    """Zip des sources ``.py`` des paquets purs Python, à octets reproductibles."""
    import importlib

    cible.parent.mkdir(parents=True, exist_ok=True)
    temporaire = cible.with_suffix(".tmp")
    with zipfile.ZipFile(temporaire, "w", zipfile.ZIP_DEFLATED) as archive:
        for nom in paquets:
            module = importlib.import_module(nom)
            if module.__file__ is None:
                raise PluginError(f"jdr : paquet {nom} introuvable")
            racine = Path(module.__file__).parent
            for chemin in sorted(racine.rglob("*")):
                if chemin.suffix not in (".py", ".typed") or "__pycache__" in chemin.parts:
                    continue
                nom_zip = f"{nom}/{chemin.relative_to(racine).as_posix()}"
                info = zipfile.ZipInfo(nom_zip, DATE_ZIP)
                info.compress_type = zipfile.ZIP_DEFLATED
                archive.writestr(info, chemin.read_bytes())
    temporaire.replace(cible)
