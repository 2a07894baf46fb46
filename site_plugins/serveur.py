"""Un serveur statique pour le site construit : ``python -m site_plugins.serveur site``.

Ce qu'un hébergeur bien réglé fait aussi, en quelques lignes de bibliothèque standard :

* il sert les versions précompressées (``.br`` puis ``.gz``) quand le navigateur les accepte ;
* il donne le bon type MIME à ``.wasm`` et ``.mjs`` (sans ``application/wasm``,
  ``loadPyodide`` ne se termine jamais) ;
* il met en cache pour un an, « immutable », les fichiers versionnés de ``/pyodide/`` ;
  le reste est revalidé (``no-cache``, avec ``Last-Modified``).
"""

from __future__ import annotations

import argparse
import functools
import os
import threading
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

TYPES = {".wasm": "application/wasm", ".mjs": "text/javascript", ".js": "text/javascript",
         ".json": "application/json", ".zip": "application/zip"}
ENCODAGES = ((".br", "br"), (".gz", "gzip"))


class Gestionnaire(SimpleHTTPRequestHandler):
    encodages = ENCODAGES
    extensions_map = {**SimpleHTTPRequestHandler.extensions_map, **TYPES}  # noqa: RUF012  (attribut de la bibliothèque standard)
    silencieux = True

    def log_message(self, format: str, *args: Any) -> None:
        if not self.silencieux:
            super().log_message(format, *args)

    def send_head(self) -> Any:
        self._encodage: str | None = None
        self._type: str | None = None
        adresse = self.path.split("?", 1)[0].split("#", 1)[0]
        chemin = Path(self.translate_path(adresse))
        if chemin.is_dir() and adresse.endswith("/") and (chemin / "index.html").is_file():
            adresse, chemin = adresse + "index.html", chemin / "index.html"
        if chemin.is_file():
            acceptes = self.headers.get("Accept-Encoding", "")
            for suffixe, nom in self.encodages:
                if nom in acceptes and chemin.with_name(chemin.name + suffixe).is_file():
                    self._type = super().guess_type(str(chemin))
                    self._encodage = nom
                    self.path = adresse + suffixe
                    break
        return super().send_head()

    def guess_type(self, path: str | os.PathLike[str]) -> str:
        return self._type or super().guess_type(path)

    def end_headers(self) -> None:
        encodage = getattr(self, "_encodage", None)
        if encodage:
            self.send_header("Content-Encoding", encodage)
        self.send_header("Vary", "Accept-Encoding")
        if self.path.startswith("/pyodide/") and self.path.count("/") > 2:
            self.send_header("Cache-Control", "public, max-age=31536000, immutable")
        else:
            self.send_header("Cache-Control", "no-cache")
        super().end_headers()


def creer(
    dossier: Path, hote: str = "127.0.0.1", port: int = 0, encodages: tuple[tuple[str, str], ...] = ENCODAGES
) -> ThreadingHTTPServer:
    classe = type("GestionnaireSite", (Gestionnaire,), {"encodages": encodages})
    return ThreadingHTTPServer((hote, port), functools.partial(classe, directory=str(dossier)))


@contextmanager
def en_arriere_plan(dossier: Path, encodages: tuple[tuple[str, str], ...] = ENCODAGES) -> Iterator[str]:
    """Sert ``dossier`` sur un port libre le temps d'un bloc ; rend l'adresse de base."""
    httpd = creer(dossier, encodages=encodages)
    fil = threading.Thread(target=httpd.serve_forever, daemon=True)
    fil.start()
    try:
        yield f"http://127.0.0.1:{httpd.server_address[1]}"
    finally:
        httpd.shutdown()
        httpd.server_close()


def main() -> None:
    parser = argparse.ArgumentParser(description="Sert le site construit, fichiers compressés compris.")
    parser.add_argument("dossier", nargs="?", default="site")
    parser.add_argument("--hote", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8000)
    args = parser.parse_args()
    Gestionnaire.silencieux = False
    httpd = creer(Path(args.dossier), args.hote, args.port)
    print(f"Règles vivantes : http://{args.hote}:{args.port}/ (Ctrl+C pour arrêter)")
    with suppress(KeyboardInterrupt):
        httpd.serve_forever()


if __name__ == "__main__":
    main()
