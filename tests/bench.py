"""Mesures du site dans Chromium : imprime des chiffres, n'affirme rien.

    nox -s bench            (ou : python tests/bench.py --essais 5)

Pour chaque chiffre, la médiane de plusieurs essais, chacun dans un profil neuf sauf
mention contraire. Le site est construit puis servi par le serveur HTTP de la
bibliothèque standard, sur 127.0.0.1.
"""

from __future__ import annotations

import argparse
import functools
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

RACINE = Path(__file__).resolve().parent.parent
PAGE = "/3d6/test/"
EXEMPLE = '.jdr-exemple[data-exemple="pierre-ruelle"]'
DRAPEAUX = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
            "--disable-sync", "--no-first-run", "--disable-quic"]

# Clique sur Exécuter et attend data-etat, en mesurant dans la page (performance.now()).
CLIC_JS = """async (sel) => {
  const bloc = document.querySelector(sel);
  const t0 = performance.now();
  bloc.querySelector('.jdr-executer').click();
  while (!bloc.dataset.etat) await new Promise(r => setTimeout(r, 2));
  return [performance.now() - t0, bloc.dataset.etat];
}"""


class _Silencieux(SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: object) -> None:
        pass


def construire(cible: Path) -> float:
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
    cmd = [sys.executable, "-m", "mkdocs", "build", "--strict", "-q", "-d", str(cible)]
    subprocess.run(cmd, cwd=RACINE, check=True, env=env)  # premier passage : caches chauds
    debut = time.perf_counter()
    subprocess.run(cmd, cwd=RACINE, check=True, env=env)
    return time.perf_counter() - debut


def servir(site: Path) -> tuple[ThreadingHTTPServer, str]:
    httpd = ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(_Silencieux, directory=str(site)))
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    return httpd, f"http://127.0.0.1:{httpd.server_address[1]}"


class Octets:
    """Octets reçus (en-têtes + corps, tels que transférés), requêtes du worker comprises."""

    def __init__(self, page: Any) -> None:
        self.total = 0
        self.urls: list[str] = []
        page.on("requestfinished", self._fini)

    def _fini(self, requete: Any) -> None:
        try:
            tailles = requete.sizes()
        except Exception:  # requête annulée pendant la mesure
            return
        self.total += tailles["responseBodySize"] + tailles["responseHeadersSize"]
        self.urls.append(requete.url)


def mediane(valeurs: list[float]) -> float:
    return statistics.median(valeurs)


def essai_froid(navigateur: Any, url: str, attente_ms: int = 0) -> tuple[float, int, str]:
    contexte = navigateur.new_context()
    page = contexte.new_page()
    octets = Octets(page)
    page.goto(url + PAGE, wait_until="load")
    if attente_ms:
        page.wait_for_timeout(attente_ms)
    duree, etat = page.evaluate(CLIC_JS, EXEMPLE)
    contexte.close()
    return duree, octets.total, etat


def essai_sans_interaction(navigateur: Any, url: str) -> tuple[int, int]:
    """(octets avant tout démarrage de Python, octets après 10 s sans interaction)."""
    contexte = navigateur.new_context()
    page = contexte.new_page()
    octets = Octets(page)
    avant: list[int] = []
    page.on("worker", lambda _w: avant.append(octets.total))
    page.goto(url + PAGE, wait_until="load")
    page.wait_for_timeout(10_000)
    total = octets.total
    contexte.close()
    return (avant[0] if avant else total), total


def essai_pret_second_passage(playwright: Any, executable: str, url: str) -> float:
    """Profil persistant : une première visite remplit le cache, on mesure la seconde."""
    with tempfile.TemporaryDirectory() as profil:
        contexte = playwright.chromium.launch_persistent_context(profil, executable_path=executable, args=DRAPEAUX)
        page = contexte.new_page()
        page.goto(url + PAGE)
        page.evaluate(CLIC_JS, EXEMPLE)
        page.goto(url + "/a-propos/")
        debut = time.perf_counter()
        page.goto(url + PAGE)
        page.wait_for_function("() => document.documentElement.dataset.jdrMoteur === 'pret'", timeout=60_000)
        duree = time.perf_counter() - debut
        contexte.close()
        return duree


def repeter(n: int, f: Callable[[], Any]) -> list[Any]:
    return [f() for _ in range(n)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--essais", type=int, default=5)
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    executable = os.environ.get("CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"
    with tempfile.TemporaryDirectory() as tmp:
        site = Path(tmp) / "site"
        construction = construire(site)
        httpd, url = servir(site)
        with sync_playwright() as p:
            navigateur = p.chromium.launch(executable_path=executable, args=DRAPEAUX)
            froids = repeter(args.essais, lambda: essai_froid(navigateur, url))
            repos = repeter(args.essais, lambda: essai_froid(navigateur, url, attente_ms=5000))
            sans = repeter(args.essais, lambda: essai_sans_interaction(navigateur, url))
            navigateur.close()
            seconds = repeter(args.essais, lambda: essai_pret_second_passage(p, executable, url))
        httpd.shutdown()

    assert all(e == "ok" for _, _, e in froids + repos), "un exemple a échoué pendant la mesure"
    print(f"Mesures sur {PAGE}, médiane de {args.essais} essais (Chromium headless, 127.0.0.1, sans gzip)")
    print(f"  octets sans interaction, avant le démarrage de Python : {mediane([a for a, _ in sans]) / 1024:,.0f} Kio")
    print(f"  octets sans interaction, 10 s (préchargement compris) : {mediane([b for _, b in sans]) / 1e6:,.2f} Mo")
    print(f"  clic sur Exécuter → résultat, page froide           : {mediane([d for d, _, _ in froids]):,.0f} ms")
    print(f"  octets transférés jusqu'à ce premier résultat        : {mediane([o for _, o, _ in froids]) / 1e6:,.2f} Mo")
    print(f"  clic → résultat après 5 s de repos (préchargé)       : {mediane([d for d, _, _ in repos]):,.0f} ms")
    print(f"  prêt à la seconde visite (cache chaud)               : {mediane(seconds) * 1000:,.0f} ms")
    print(f"  construction du site (mkdocs build, à chaud)         : {construction:,.2f} s")


if __name__ == "__main__":
    main()
