"""Les sortes d'hébergeurs que le banc compare, chacune servant le même site construit.

* ``precompresse`` : le serveur du projet (``site_plugins.serveur``), qui sert les ``.br``/``.gz``
  écrits à la construction, avec les en-têtes du site (cache, CSP) ;
* ``a_la_volee`` : un hébergeur qui compresse lui-même en gzip, à chaque réponse, les types qu'on
  compresse d'ordinaire (texte, JavaScript, JSON, SVG, WebAssembly), comme le font beaucoup
  d'hébergeurs et de CDN ; il ignore les ``.br``/``.gz`` du site ;
* ``brut`` : les fichiers tels quels, sans compression (``python -m http.server``, la commande que
  le README propose après ``nox -s docs``).

Hors du banc, pour les tests : ``par_morceaux``, qui compresse à la volée comme ``a_la_volee`` mais
sans annoncer la longueur de ce qu'il compresse (envoi jusqu'à la fermeture, comme nginx avec
``gzip on``, qui envoie par morceaux) : le worker ne sait alors pas combien d'octets le réseau a portés.

Les deux derniers n'envoient que les en-têtes d'un hébergement statique ordinaire : le type, la
longueur, la date de modification, ``Cache-Control: max-age=600`` (celui de GitHub Pages). Ni CSP
ni cache long : ils ne lisent pas ``site/_headers``.

>>> sorted(HOTES)
['a_la_volee', 'brut', 'precompresse']
>>> compressible("application/wasm"), compressible("application/zip"), compressible("text/css; charset=utf-8")
(True, False, True)
"""

from __future__ import annotations

import email.utils
import functools
import gzip
import threading
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, contextmanager
from http.server import SimpleHTTPRequestHandler
from pathlib import Path
from typing import Any

from site_plugins.serveur import TYPES, Serveur, en_arriere_plan, en_fond

#: Les types que compresse un hébergeur qui compresse à la volée (Hypothèse du banc : la liste
#: ``gzip_types`` qu'on rencontre d'ordinaire, WebAssembly compris ; jamais une archive zip).
TYPES_COMPRESSIBLES = ("text/", "application/javascript", "application/json", "application/manifest+json",
                       "image/svg+xml", "application/wasm", "application/xml")
#: Le niveau de gzip de l'hébergeur (celui de zlib par défaut).
NIVEAU_GZIP = 6


def compressible(type_mime: str) -> bool:
    return type_mime.startswith(TYPES_COMPRESSIBLES)


class _Statique(SimpleHTTPRequestHandler):
    """Un hébergement statique ordinaire ; ``gzip`` : compresse à la volée ce qui s'y prête."""

    extensions_map = {**SimpleHTTPRequestHandler.extensions_map, **TYPES}  # noqa: RUF012  (attribut de la bibliothèque standard)
    gzip = False
    #: Faux : la longueur d'une réponse compressée à la volée n'est pas annoncée.
    longueur = True
    #: Les corps déjà compressés, par chemin : un CDN garde aussi ses réponses compressées.
    compresses: dict[str, bytes]
    verrou: threading.Lock

    def log_message(self, format: str, *args: Any) -> None:
        pass

    def do_GET(self) -> None:
        self._servir(corps=True)

    def do_HEAD(self) -> None:
        self._servir(corps=False)

    def _servir(self, *, corps: bool) -> None:
        chemin = Path(self.translate_path(self.path))
        if chemin.is_dir():
            if not self.path.split("?")[0].endswith("/"):
                self.send_response(301)
                self.send_header("Location", self.path.split("?")[0] + "/")
                self.send_header("Content-Length", "0")
                self.end_headers()
                return
            chemin = chemin / "index.html"
        if not chemin.is_file():
            self.send_error(404)
            return
        type_mime = self.guess_type(str(chemin))
        donnees = chemin.read_bytes()
        encodage = None
        if self.gzip and compressible(type_mime) and "gzip" in self.headers.get("Accept-Encoding", ""):
            with self.verrou:
                if str(chemin) not in self.compresses:
                    self.compresses[str(chemin)] = gzip.compress(donnees, NIVEAU_GZIP, mtime=0)
                donnees = self.compresses[str(chemin)]
            encodage = "gzip"
        self.send_response(200)
        self.send_header("Content-Type", type_mime)
        if encodage is None or self.longueur:
            self.send_header("Content-Length", str(len(donnees)))
        self.send_header("Last-Modified", email.utils.formatdate(chemin.stat().st_mtime, usegmt=True))
        self.send_header("Cache-Control", "max-age=600")
        if encodage:
            self.send_header("Content-Encoding", encodage)
        if self.gzip:
            self.send_header("Vary", "Accept-Encoding")
        self.end_headers()
        if corps:
            self.wfile.write(donnees)


@contextmanager
def _statique(site: Path, *, compresser: bool, longueur: bool = True) -> Iterator[str]:
    attributs = {"gzip": compresser, "longueur": longueur, "compresses": {}, "verrou": threading.Lock()}
    classe = type("Hebergeur", (_Statique,), attributs)
    # Serveur : un navigateur qui renonce à une réponse (l'instantané refusé) n'est pas une panne.
    with en_fond(Serveur(("127.0.0.1", 0), functools.partial(classe, directory=str(site.resolve())))) as adresse:
        yield adresse


def a_la_volee(site: Path) -> AbstractContextManager[str]:
    return _statique(site, compresser=True)


def par_morceaux(site: Path) -> AbstractContextManager[str]:
    return _statique(site, compresser=True, longueur=False)


def brut(site: Path) -> AbstractContextManager[str]:
    return _statique(site, compresser=False)


#: Chaque sorte d'hébergeur : (son titre dans le tableau du banc, ce qui le sert le temps d'un bloc).
HOTES: dict[str, tuple[str, Callable[[Path], AbstractContextManager[str]]]] = {
    "precompresse": ("servi précompressé (serveur du projet, .br/.gz)", en_arriere_plan),
    "a_la_volee": ("compressé à la volée (gzip, comme beaucoup d'hébergeurs)", a_la_volee),
    "brut": ("fichiers tels quels (sans compression)", brut),
}
