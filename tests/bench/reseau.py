"""Réseau lent : clic → résultat sur une page froide, à 1 et 2 Mbit/s. Imprime, n'affirme rien.

    python -m tests.bench.reseau --essais 3            (construit le site dans un dossier temporaire)
    python -m tests.bench.reseau --site /chemin/site   (un site déjà construit)

Chaque essai part d'un profil neuf (ni cache HTTP, ni service worker, ni instantané), ouvre
la page du test 3D6, clique « Exécuter » sur l'exemple de Pierre dès la page chargée et
attend le verdict. Le débit est bridé par Chromium (CDP), avec 40 ms de latence. La
fonction :func:`mesurer` rend les chiffres pour que ``nox -s bench`` les imprime.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

RACINE = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(RACINE))

from site_plugins.serveur import en_arriere_plan  # noqa: E402

DRAPEAUX = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
            "--disable-sync", "--no-first-run", "--disable-quic"]
CHEMIN = "/troisd6/test/"
EXEMPLE = '.jdr-exemple[data-exemple="pierre-ruelle"]'
LIMITE_MS = 240_000


@dataclass(frozen=True)
class Lent:
    """La médiane de plusieurs essais froids à un débit donné."""

    mbit: float
    mediane_ms: float
    essais_ms: tuple[float, ...]
    telechargement_ms: float  # médiane, du démarrage du worker à la fin des téléchargements
    workers_max: int  # plus de 1 : le chargement a été abandonné puis relancé
    verdicts: tuple[str, ...]

    def __str__(self) -> str:
        essais = ", ".join(f"{e / 1000:,.1f}" for e in self.essais_ms)
        return (f"  clic → résultat, froid à {self.mbit:g} Mbit/s, 40 ms : {self.mediane_ms / 1000:6.1f} s "
                f"(dont téléchargement {self.telechargement_ms / 1000:,.1f} s ; essais : {essais} s ; "
                f"workers au plus : {self.workers_max} ; verdicts : {', '.join(self.verdicts)})")


def _essai(navigateur: Any, url: str, mbit: float) -> tuple[float, int, str, float]:
    contexte = navigateur.new_context()
    page = contexte.new_page()
    cdp = contexte.new_cdp_session(page)
    cdp.send("Network.enable")
    octets = mbit * 1e6 / 8
    cdp.send("Network.emulateNetworkConditions",
             {"offline": False, "latency": 40, "downloadThroughput": octets, "uploadThroughput": octets})
    page.goto(url + CHEMIN, wait_until="load", timeout=LIMITE_MS)
    bloc = page.locator(EXEMPLE)
    debut = time.perf_counter()
    bloc.locator("button.jdr-executer").click()
    page.wait_for_function(f"() => document.querySelector({json.dumps(EXEMPLE)}).dataset.etat", timeout=LIMITE_MS)
    duree = (time.perf_counter() - debut) * 1000
    workers = int(page.evaluate("document.documentElement.dataset.jdrWorkers || '0'"))
    verdict = bloc.get_attribute("data-etat") or ""
    mesures = json.loads(page.evaluate("document.documentElement.dataset.jdrMesures || '{}'"))
    contexte.close()
    return duree, workers, verdict, float(mesures.get("module", 0))


def mesurer(url: str, executable: str, debits: tuple[float, ...] = (1.0, 2.0), essais: int = 3) -> list[Lent]:
    """Pour chaque débit, la médiane de ``essais`` mesures froides de clic → résultat."""
    from playwright.sync_api import sync_playwright

    resultats = []
    with sync_playwright() as p:
        navigateur = p.chromium.launch(executable_path=executable, args=DRAPEAUX)
        for mbit in debits:
            mesures = [_essai(navigateur, url, mbit) for _ in range(essais)]
            durees = tuple(m[0] for m in mesures)
            resultats.append(Lent(mbit, statistics.median(durees), durees, statistics.median(m[3] for m in mesures),
                                  max(m[1] for m in mesures), tuple(m[2] for m in mesures)))
        navigateur.close()
    return resultats


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--essais", type=int, default=3)
    parser.add_argument("--site", type=Path, default=None)
    args = parser.parse_args()
    executable = os.environ.get("CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"
    with tempfile.TemporaryDirectory() as tmp:
        site = args.site
        if site is None:
            site = Path(tmp) / "site"
            subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "-q", "-d", str(site)], cwd=RACINE,
                           check=True, env={**os.environ, "NO_MKDOCS_2_WARNING": "1"})
        with en_arriere_plan(site) as url:
            resultats = mesurer(url, executable, essais=args.essais)
    print(f"Réseau lent, médiane de {args.essais} essais froids (profil neuf), Chromium headless, 127.0.0.1")
    for r in resultats:
        print(r)


if __name__ == "__main__":
    main()
