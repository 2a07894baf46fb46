"""Les en-têtes HTTP du site, définis à un seul endroit.

La construction les écrit dans ``site/_headers``, le format que lisent Netlify et
Cloudflare Pages ; ``site_plugins.serveur`` sert exactement les mêmes, tirés de
:func:`regles` appliquée au même dossier, et ``python -m site_plugins.entetes site``
les écrit en configuration nginx (:func:`nginx`). Changer un en-tête ici le change partout.

La politique de sécurité du contenu (CSP) n'ouvre que ce dont le site se sert :

* des scripts venus du site lui-même ; les quelques scripts écrits dans les pages
  (ceux de Material : thème, onglets) sont admis un à un, par l'empreinte SHA-256 de
  leur texte, relevée dans les pages construites ;
* des workers du site : le moteur Python, la recherche, le service worker ``/sw.js`` ;
* ``'wasm-unsafe-eval'``, sans quoi Pyodide ne peut pas compiler son WebAssembly ;
  ni ``'unsafe-eval'`` ni ``'unsafe-inline'`` : tests/navigateur/test_csp.py démarre Python
  dans Chromium sous cette politique et échoue à la moindre violation ;
* rien qui vienne d'un autre domaine, et aucune page étrangère ne peut encadrer le site.
"""

from __future__ import annotations

import base64
import hashlib
import re
from dataclasses import dataclass
from pathlib import Path

#: Le fichier des en-têtes, à la racine du site construit (jamais servi lui-même).
NOM_FICHIER = "_headers"
#: Cache des fichiers versionnés de Pyodide : leur adresse change avec leur contenu.
CACHE_LONG = "public, max-age=31536000, immutable"
#: Ce qui n'a pas de règle de cache est revalidé à chaque visite (comme le font par
#: défaut Netlify et Cloudflare Pages, qui n'ont donc pas besoin de la ligne).
CACHE_DEFAUT = "no-cache"

_SCRIPT = re.compile(r"<script\b([^>]*)>(.*?)</script\s*>", re.IGNORECASE | re.DOTALL)
_SRC = re.compile(r"\ssrc\s*=", re.IGNORECASE)
_TYPE = re.compile(r"""\stype\s*=\s*["']?([^"'\s>]+)""", re.IGNORECASE)
#: Types de <script> que le navigateur exécute ; les autres (JSON des exemples, de
#: Material) ne sont que des données, que la CSP ne regarde pas.
_TYPES_EXECUTES = frozenset({"", "text/javascript", "application/javascript", "module"})


@dataclass(frozen=True)
class Regle:
    """Des en-têtes pour les adresses qui commencent par ``motif`` (``/*``) ou lui sont égales."""

    motif: str
    entetes: tuple[tuple[str, str], ...]

    def couvre(self, adresse: str) -> bool:
        if self.motif.endswith("*"):
            return adresse.startswith(self.motif[:-1])
        return adresse == self.motif


def empreintes_scripts(site: Path) -> list[str]:
    """Les sources CSP (``'sha256-…'``) des scripts écrits dans les pages HTML de ``site``.

    Une seule politique vaut pour tout le site : elle réunit les empreintes de toutes
    les pages (un script de Material change d'une profondeur de page à l'autre)."""
    empreintes: set[str] = set()
    for page in sorted(site.rglob("*.html")):
        for attributs, texte in _SCRIPT.findall(page.read_text(encoding="utf-8")):
            trouve = _TYPE.search(attributs)
            if _SRC.search(attributs) or (trouve.group(1).lower() if trouve else "") not in _TYPES_EXECUTES:
                continue
            condense = base64.b64encode(hashlib.sha256(texte.encode("utf-8")).digest()).decode("ascii")
            empreintes.add(f"'sha256-{condense}'")
    return sorted(empreintes)


def politique(empreintes: list[str]) -> str:
    """La Content-Security-Policy du site, scripts en ligne admis par ``empreintes``."""
    directives = {
        "default-src": ["'self'"],
        "script-src": ["'self'", "'wasm-unsafe-eval'", *empreintes],
        "worker-src": ["'self'"],
        "connect-src": ["'self'"],
        "style-src": ["'self'"],
        # Material dessine ses icônes de CSS avec des images SVG en data:.
        "img-src": ["'self'", "data:"],
        "font-src": ["'self'"],
        "manifest-src": ["'self'"],
        "object-src": ["'none'"],
        "base-uri": ["'self'"],
        "form-action": ["'self'"],
        "frame-ancestors": ["'none'"],
    }
    return "; ".join(f"{nom} {' '.join(sources)}" for nom, sources in directives.items())


def regles(site: Path) -> tuple[Regle, ...]:
    """Les en-têtes de chaque adresse du site construit dans ``site``."""
    securite = (
        ("Content-Security-Policy", politique(empreintes_scripts(site))),
        ("X-Content-Type-Options", "nosniff"),
        ("Referrer-Policy", "same-origin"),
        ("X-Frame-Options", "DENY"),
        ("Cross-Origin-Opener-Policy", "same-origin"),
    )
    return (
        Regle("/*", securite),
        Regle("/pyodide/*", (("Cache-Control", CACHE_LONG),)),
    )


def pour(liste: tuple[Regle, ...], adresse: str) -> list[tuple[str, str]]:
    """Les en-têtes que reçoit ``adresse`` (chemin de l'URL, sans requête), dans l'ordre des règles."""
    return [entete for regle in liste if regle.couvre(adresse) for entete in regle.entetes]


def texte(liste: tuple[Regle, ...]) -> str:
    """Le contenu de ``_headers`` : chaque motif, puis ses en-têtes indentés."""
    lignes = [
        "# En-têtes du site, pour les hébergeurs qui lisent ce fichier (Netlify, Cloudflare Pages).",
        "# Écrit à la construction par site_plugins/entetes.py ; site_plugins/serveur.py sert les mêmes.",
        f"# Sans règle de cache, une adresse est revalidée à chaque visite ({CACHE_DEFAUT}).",
    ]
    for regle in liste:
        lignes.append(regle.motif)
        lignes.extend(f"  {nom}: {valeur}" for nom, valeur in regle.entetes)
    return "\n".join(lignes) + "\n"


def lire(contenu: str) -> tuple[Regle, ...]:
    """Relit un fichier ``_headers`` (l'inverse de :func:`texte`)."""
    liste: list[Regle] = []
    for ligne in contenu.splitlines():
        if not ligne.strip() or ligne.lstrip().startswith("#"):
            continue
        if not ligne[0].isspace():
            liste.append(Regle(ligne.strip(), ()))
        elif liste:
            nom, _, valeur = ligne.strip().partition(":")
            liste[-1] = Regle(liste[-1].motif, (*liste[-1].entetes, (nom.strip(), valeur.strip())))
    return tuple(liste)


def ecrire(site: Path) -> None:
    """Écrit ``site/_headers`` ; appelée à la fin de la construction, pages HTML comprises."""
    (site / NOM_FICHIER).write_text(texte(regles(site)), encoding="utf-8")


def normaliser_prefixe(prefixe: str) -> str:
    """« projet », « /projet » ou « /projet/ » → « /projet/ » ; vide ou « / » → « / »."""
    return "/" + prefixe.strip("/") + "/" if prefixe.strip("/") else "/"


def nginx(liste: tuple[Regle, ...], prefixe: str = "/") -> str:
    """Les mêmes en-têtes en configuration nginx, pour un site publié sous ``prefixe``.

    nginx n'hérite pas des ``add_header`` d'un bloc englobant dès qu'un bloc en déclare :
    chaque ``location`` répète donc tous les en-têtes qui la couvrent (:func:`pour`)."""
    base = normaliser_prefixe(prefixe)
    lignes = [
        "# En-têtes de Règles vivantes pour nginx, écrits par site_plugins/entetes.py depuis le site construit.",
        "# À régénérer à chaque publication : la CSP contient les empreintes des scripts des pages.",
        "# À inclure dans le bloc server { … } qui sert le dossier site/.",
        "types { application/wasm wasm; text/javascript mjs; application/manifest+json webmanifest; }",
        "gzip_static on;  # sert les fichiers .gz écrits à la construction (brotli_static si le module est là)",
        f"location = {base}{NOM_FICHIER} {{ return 404; }}",
    ]
    for regle in sorted(liste, key=lambda r: len(r.motif), reverse=True):
        chemin = regle.motif[:-1] if regle.motif.endswith("*") else regle.motif
        correspondance = "^~" if regle.motif.endswith("*") else "="
        lignes.append(f"location {correspondance} {base}{chemin.lstrip('/')} {{")
        for nom, valeur in pour(liste, chemin):
            lignes.append(f'  add_header {nom} "{valeur}" always;')
        lignes.append("}")
    return "\n".join(lignes) + "\n"


def main(arguments: list[str] | None = None) -> None:
    """``python -m site_plugins.entetes site [--prefixe /projet/]`` : la configuration nginx du site construit."""
    import argparse

    lecteur = argparse.ArgumentParser(description="Écrit les en-têtes du site construit en configuration nginx.")
    lecteur.add_argument("site", type=Path, help="le dossier du site construit (site/)")
    lecteur.add_argument("--prefixe", default="/", help="le chemin sous lequel le site est publié (défaut : /)")
    options = lecteur.parse_args(arguments)
    if not (options.site / "index.html").is_file():
        lecteur.error(f"{options.site} n'est pas un site construit (pas d'index.html) : lancez d'abord nox -s publier")
    print(nginx(regles(options.site), options.prefixe), end="")


if __name__ == "__main__":
    main()
