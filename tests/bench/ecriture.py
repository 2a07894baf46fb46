"""Écrire une page : combien de temps entre l'enregistrement et le verdict visible ? Imprime, n'affirme rien.

    python -m tests.bench.ecriture                       (la plus longue page de docs/)
    python -m tests.bench.ecriture --page troisd6/test.md --essais 10 --navigateur

Lance ``mkdocs serve --dirty`` comme ``nox -s ecrire`` (option ``ecriture``, sans hors-ligne, compression
rapide) sur une copie de docs/ dans un dossier temporaire (les pages du dépôt ne sont jamais touchées),
attend la première construction, puis, à chaque essai, récrit la page en rendant faux (puis juste) la
sortie attendue de son premier exemple, et mesure :

* **serveur** : de l'écriture du fichier à la première réponse HTTP de la page qui porte le nouveau
  verdict (✗ ou ✓) : détection du changement par MkDocs (il interroge les fichiers toutes les
  0,5 s), reconstruction, écriture ;
* **navigateur** (``--navigateur``, Chromium) : de l'écriture au verdict affiché dans la page ouverte,
  que le script de rechargement de ``mkdocs serve`` recharge d'elle-même ;
* **reconstruction** : la durée que le greffon mesure lui-même (de on_config à la fin des étapes),
  lue dans son journal (« jdr : construit en … »).

Chaque chiffre : médiane et maximum des essais. La machine est partagée : la charge (uptime) est imprimée.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from pathlib import Path

RACINE = Path(__file__).resolve().parents[2]
#: L'ouverture d'un exemple et sa première sortie attendue (la ligne qui suit la première « >>> »
#: sans suite « ... ») : c'est elle que le banc rend fausse.
_PREMIERE_SORTIE = re.compile(r"(```exemple[^\n]*\n(?:>>> [^\n]*\n)+?)(?!\.\.\. )([^\n>][^\n]*)\n")
_CONSTRUIT = re.compile(r"jdr : construit en ([0-9]+,[0-9]+) s")
FAUX = "ce texte ne sort jamais"


def plus_longue_page(docs: Path) -> str:
    pages = [p for p in docs.rglob("*.md") if "```exemple" in p.read_text(encoding="utf-8")]
    return max(pages, key=lambda p: len(p.read_text(encoding="utf-8"))).relative_to(docs).as_posix()


def _port_libre() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _lire(url: str) -> str:
    with urllib.request.urlopen(url, timeout=10) as reponse:
        return str(reponse.read().decode("utf-8"))


def _charge() -> str:
    return os.getloadavg().__repr__()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--page", help="page de docs/ (par défaut : la plus longue qui a un exemple)")
    parser.add_argument("--essais", type=int, default=6)
    parser.add_argument("--navigateur", action="store_true", help="mesurer aussi dans Chromium (Playwright)")
    args = parser.parse_args()
    page = args.page or plus_longue_page(RACINE / "docs")
    with tempfile.TemporaryDirectory(prefix="banc-ecriture-") as tmp:
        dossier = Path(tmp)
        shutil.copytree(RACINE / "docs", dossier / "docs")
        shutil.copyfile(RACINE / "mkdocs.yml", dossier / "mkdocs.yml")
        (dossier / "node_modules").symlink_to(RACINE / "node_modules")
        fichier = dossier / "docs" / page
        juste = fichier.read_text(encoding="utf-8")
        m = _PREMIERE_SORTIE.search(juste)
        if not m:
            sys.exit(f"{page} : aucun exemple à rendre faux")
        faux = juste[:m.start(2)] + FAUX + juste[m.end(2):]
        port = _port_libre()
        env = {**os.environ, "NO_MKDOCS_2_WARNING": "1", "JDR_ECRITURE": "true", "JDR_HORS_LIGNE": "false",
               "JDR_COMPRESSION": "rapide"}
        serveur = subprocess.Popen(
            [sys.executable, "-m", "mkdocs", "serve", "--strict", "--dirty", "-a", f"127.0.0.1:{port}",
             "-f", str(dossier / "mkdocs.yml")],
            cwd=RACINE, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        journal: list[str] = []
        lecteur = threading.Thread(target=lambda: journal.extend(iter(serveur.stdout.readline, "")), daemon=True)  # type: ignore[union-attr]
        lecteur.start()
        adresse = f"http://127.0.0.1:{port}/" + page.removesuffix(".md").removesuffix("index") + "/"
        adresse = adresse.replace("//", "/").replace("http:/", "http://")
        try:
            debut = time.monotonic()
            while not any("Serving on" in ligne for ligne in journal):
                if serveur.poll() is not None or time.monotonic() - debut > 600:
                    sys.exit("mkdocs serve n'a pas démarré :\n" + "".join(journal[-30:]))
                time.sleep(0.2)
            print(f"page : docs/{page} ({len(juste)} caractères) ; première construction : "
                  f"{time.monotonic() - debut:.1f} s ; charge : {_charge()}")
            navigateur = _ouvrir(adresse) if args.navigateur else None
            serveur_s, navigateur_s, construits = [], [], []
            for essai in range(args.essais):
                texte, attendu = (faux, "jdr-verdict--ko") if essai % 2 == 0 else (juste, None)
                avant = len(journal)
                time.sleep(1.0)  # la reconstruction précédente finie, le serveur au repos
                t0 = time.monotonic()
                fichier.write_text(texte, encoding="utf-8")
                servi = affiche = None
                while servi is None or (navigateur is not None and affiche is None):
                    if servi is None and _verdict_dans(_lire(adresse), attendu):
                        servi = time.monotonic() - t0
                    if navigateur is not None and affiche is None and _verdict_affiche(navigateur, attendu):
                        affiche = time.monotonic() - t0
                    if time.monotonic() - t0 > 60:
                        sys.exit("aucun verdict après 60 s :\n" + "".join(journal[-30:]))
                    time.sleep(0.02)
                serveur_s.append(servi)
                if affiche is not None:
                    navigateur_s.append(affiche)
                while not any(_CONSTRUIT.search(ligne) for ligne in journal[avant:]):
                    time.sleep(0.05)
                construit = next(_CONSTRUIT.search(ligne) for ligne in journal[avant:] if _CONSTRUIT.search(ligne))
                construits.append(float(construit[1].replace(",", ".")))  # type: ignore[index]
            print(f"charge après : {_charge()}")
            print(_ligne("enregistrement → verdict servi (HTTP)", serveur_s))
            if navigateur_s:
                print(_ligne("enregistrement → verdict affiché (Chromium)", navigateur_s))
            print(_ligne("reconstruction mesurée par le greffon", construits))
            print("dernier bilan du greffon :", next(
                ligne.strip() for ligne in reversed(journal) if _CONSTRUIT.search(ligne)))
        finally:
            if navigateur is not None:
                navigateur[0].stop()
            serveur.terminate()
            serveur.wait(timeout=20)


def _ligne(titre: str, durees: list[float]) -> str:
    return f"{titre} : médiane {statistics.median(durees):.2f} s, max {max(durees):.2f} s ({len(durees)} essais)"


def _ouvrir(adresse: str):  # type: ignore[no-untyped-def]
    from playwright.sync_api import sync_playwright

    from tests.conftest import chemin_chromium

    pw = sync_playwright().start()
    navigateur = pw.chromium.launch(executable_path=chemin_chromium(), args=["--no-sandbox", "--disable-gpu"])
    onglet = navigateur.new_page()
    onglet.goto(adresse)
    return pw, navigateur, onglet


def _verdict_dans(html: str, attendu: str | None) -> bool:
    """Le nouveau verdict est dans la page : ✗ après l'avoir rendue fausse, ✓ seul après l'avoir rétablie."""
    return attendu in html if attendu else ("jdr-verdict--ko" not in html and "jdr-verdict--ok" in html)


def _verdict_affiche(navigateur, attendu: str | None) -> bool:  # type: ignore[no-untyped-def]
    """Le verdict affiché dans la page ouverte, que le script de rechargement de mkdocs serve recharge."""
    try:
        return _verdict_dans(navigateur[2].content(), attendu)
    except Exception:  # la page se recharge à cet instant : on réessaiera
        return False


if __name__ == "__main__":
    main()
