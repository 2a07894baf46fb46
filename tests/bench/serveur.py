"""Le serveur local sous charge : latence de 50 lecteurs à la fois. Imprime, n'affirme rien.

    python -m tests.bench.serveur                  (construit le site dans un dossier temporaire)
    python -m tests.bench.serveur --site site      (un site déjà construit)

Le serveur tourne dans son propre processus (``python -m site_plugins.serveur``), comme
avec ``nox -s serve`` ; chaque client ouvre une connexion par requête, comme un
navigateur qui charge une page et ses fichiers, et demande les versions compressées.
La latence va de l'ouverture de la connexion au dernier octet reçu.
"""

from __future__ import annotations

import argparse
import http.client
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass
from pathlib import Path

RACINE = Path(__file__).resolve().parents[2]


@dataclass(frozen=True)
class Charge:
    """Latences mesurées (millisecondes) pour ``clients`` clients simultanés."""

    clients: int
    requetes: int
    p50_ms: float
    p99_ms: float
    max_ms: float
    echecs: int
    debit: float  # requêtes servies par seconde, sur toute la mesure

    def lignes(self) -> list[str]:
        return [
            f"  serveur local, {self.clients} clients simultanés, {self.requetes} requêtes "
            f"({self.echecs} en échec), {self.debit:,.0f} requêtes/s",
            f"    latence p50 : {self.p50_ms:,.1f} ms   p99 : {self.p99_ms:,.1f} ms   max : {self.max_ms:,.1f} ms",
        ]


def _port_libre() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def _adresses(site: Path) -> list[str]:
    """Une page, sa feuille de style et ses scripts : ce qu'un lecteur demande en arrivant."""
    css = sorted(site.glob("assets/stylesheets/main.*.min.css"))
    chemins = ["/", "/troisd6/test/", "/encore/fiche/", "/assets/jdr/jdr.js", "/assets/jdr/jdr.css"]
    return chemins + [f"/{f.relative_to(site).as_posix()}" for f in css]


def _attendre(port: int, processus: subprocess.Popen[bytes]) -> None:
    limite = time.monotonic() + 30
    while time.monotonic() < limite:
        if processus.poll() is not None:
            raise SystemExit("le serveur s'est arrêté au démarrage")
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            return
        except OSError:
            time.sleep(0.05)
    raise SystemExit("le serveur ne répond pas après 30 s")


def mesurer_serveur(site: Path, clients: int = 50, par_client: int = 20) -> Charge:
    """Lance le serveur du projet sur ``site`` et mesure ``clients`` clients qui envoient
    chacun ``par_client`` requêtes, tous en même temps."""
    port = _port_libre()
    processus = subprocess.Popen(
        [sys.executable, "-m", "site_plugins.serveur", str(site), "--port", str(port)],
        cwd=RACINE, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )
    try:
        _attendre(port, processus)
        adresses = _adresses(site)
        depart = threading.Barrier(clients)
        verrou = threading.Lock()
        durees: list[float] = []
        echecs = [0]

        def client(numero: int) -> None:
            depart.wait()
            for i in range(par_client):
                chemin = adresses[(numero + i) % len(adresses)]
                debut = time.perf_counter()
                try:
                    connexion = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
                    connexion.request("GET", chemin, headers={"Accept-Encoding": "br, gzip"})
                    reponse = connexion.getresponse()
                    reponse.read()
                    connexion.close()
                    ok = reponse.status == 200
                except OSError:
                    ok = False
                duree = (time.perf_counter() - debut) * 1000
                with verrou:
                    durees.append(duree)
                    echecs[0] += not ok

        fils = [threading.Thread(target=client, args=(n,)) for n in range(clients)]
        debut_total = time.perf_counter()
        for fil in fils:
            fil.start()
        for fil in fils:
            fil.join()
        total = time.perf_counter() - debut_total
    finally:
        processus.terminate()
        processus.wait(timeout=10)
    centiles = statistics.quantiles(durees, n=100, method="inclusive")
    return Charge(clients, len(durees), centiles[49], centiles[98], max(durees), echecs[0], len(durees) / total)


def construire(cible: Path) -> None:
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
    subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "-q", "-d", str(cible)],
                   cwd=RACINE, check=True, env=env)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--site", type=Path, help="site déjà construit (sinon, construit dans un dossier temporaire)")
    parser.add_argument("--clients", type=int, default=50)
    parser.add_argument("--requetes", type=int, default=20, help="requêtes par client")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        site = args.site
        if site is None:
            site = Path(tmp) / "site"
            construire(site)
        charge = mesurer_serveur(site.resolve(), args.clients, args.requetes)
    print("\n".join(charge.lignes()))


if __name__ == "__main__":
    main()
