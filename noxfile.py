"""Points d'entrée du projet : ``nox -s serve``, ``tests``, ``rapide``, ``docs``, ``publier``, ``lint``,
``bench``, ``ecrire``, ``nouveau``."""

from __future__ import annotations

import os
import shutil
import sys
from pathlib import Path

import nox

nox.options.sessions = ["tests"]
nox.options.reuse_existing_virtualenvs = True
# uv quand il est là (la CI l'installe, .ci/run), virtualenv et pip sinon : sur un clone neuf, la création du
# venv et l'installation passent de 15 s à 3 s (nox -s tests -- --co : 20,4 s → 6,8 s, collecte comprise).
nox.options.default_venv_backend = "uv|virtualenv"
RACINE = Path(__file__).parent


def _npm(session: nox.Session) -> None:
    """Installe Pyodide, épinglé par package-lock.json, si node_modules est absent ou périmé."""
    marque = RACINE / "node_modules" / ".package-lock.json"
    verrou = RACINE / "package-lock.json"
    if marque.exists() and marque.stat().st_mtime >= verrou.stat().st_mtime:
        return
    if shutil.which("npm") is None:
        session.error("npm est introuvable : installez Node.js 20 ou plus récent (avec npm)")
    session.run("npm", "ci", "--no-audit", "--no-fund", external=True)


def _installer(session: nox.Session, extra: str) -> None:
    session.install("-e", f".[{extra}]")
    _npm(session)


@nox.session
def serve(session: nox.Session) -> None:
    """Construit le site et le sert sur http://127.0.0.1:8000, comme en production
    (fichiers .br/.gz, cache long de Pyodide)."""
    _installer(session, "site")
    # Compression rapide : le site local n'a pas besoin des derniers pour-cent de Brotli 11.
    session.run("mkdocs", "build", "--strict", "--clean", env={"NO_MKDOCS_2_WARNING": "1", "JDR_COMPRESSION": "rapide"})
    session.run("python", "-m", "site_plugins.serveur", "site", "--port", "8000", *session.posargs)


@nox.session
def publier(session: nox.Session) -> None:
    """Le site à publier dans site/ : SITE_URL=https://hote/chemin/ nox -s publier.

    Compression maximale, adresse publiée dans les liens canoniques et le plan du site ;
    écrit aussi site-nginx.conf (les en-têtes du site pour nginx, voir README)."""
    adresse = os.environ.get("SITE_URL", "")
    if not adresse.startswith(("https://", "http://")):
        session.error("SITE_URL manque : donnez l'adresse publiée, par exemple SITE_URL=https://exemple.org/regles/")
    _installer(session, "site")
    session.run("mkdocs", "build", "--strict", "--clean",
                env={"NO_MKDOCS_2_WARNING": "1", "SITE_URL": adresse, "JDR_COMPRESSION": "maximale"})
    prefixe = "/" + adresse.split("://", 1)[1].partition("/")[2]
    with open(RACINE / "site-nginx.conf", "w", encoding="utf-8") as sortie:
        session.run("python", "-m", "site_plugins.entetes", "site", "--prefixe", prefixe, stdout=sortie)
    session.log(f"Site prêt dans site/ pour {adresse} ; en-têtes nginx dans site-nginx.conf")


@nox.session
def ecrire(session: nox.Session) -> None:
    """Pour écrire les pages : mkdocs serve, qui reconstruit la page enregistrée, et elle seule (--dirty),
    en y montrant le verdict de chacun de ses exemples (✓, ou ✗ avec l'attendu et l'obtenu : option
    ecriture du greffon, voir site_plugins/verdicts.py)."""
    _installer(session, "site")
    session.run("mkdocs", "serve", "--strict", "--dirty", "-a", "127.0.0.1:8000", *session.posargs,
                env={"JDR_HORS_LIGNE": "false", "JDR_COMPRESSION": "rapide", "JDR_ECRITURE": "true"})


@nox.session(python=False)
def nouveau(session: nox.Session) -> None:
    """Un nouveau système : nox -s nouveau -- <nom> "<Titre>" écrit jdr_core/<nom>/, tests/test_<nom>_<module>.py et
    docs/<nom>/, et l'inscrit au registre (une ligne) ; nox -s nouveau -- --retirer <nom> le retire. Le générateur
    (site_plugins/nouveau.py) n'utilise que la bibliothèque standard : pas d'environnement à installer."""
    if not session.posargs:
        session.error('nox -s nouveau -- <nom> "<Titre>" (ou -- --retirer <nom>) : voir docs/auteurs/index.md')
    session.run(sys.executable, "-m", "site_plugins.nouveau", *session.posargs)


@nox.session
def docs(session: nox.Session) -> None:
    """Construit le site statique dans site/ (mkdocs build --strict)."""
    _installer(session, "site")
    session.run("mkdocs", "build", "--strict", "--clean", *session.posargs)


#: Les tests qui ne coûtent rien : ni Chromium, ni construction de site, ni Node, ni lenteur
#: (les marques de coût sont vérifiées par tests/conftest.py).
SANS_COUT = "not navigateur and not construction and not node and not lent"


@nox.session
def tests(session: nox.Session) -> None:
    """Toute la suite (celle de la CI) : unitaires, propriétés, doctests (CPython et Pyodide), navigateur."""
    _installer(session, "tests")
    # Les .pyc écrits (__pycache__, ignorés par git) : une machine qui pose PYTHONDONTWRITEBYTECODE recompilait
    # le cœur, le greffon et les tests (réécriture des assertions) dans chaque processus, soit la collecte de pytest
    # 2,1–2,5 s au lieu de 5,2–6,0 s dans chacun des quatre, et chaque construction ou sous-processus de même.
    env = {"PYTHONHASHSEED": "0", "PYTHONDONTWRITEBYTECODE": ""}
    # Deux processus de plus que de cœurs : les tests de Chromium attendent souvent (réseau bridé, délais de la
    # page, aller-retour avec Playwright), les processus de plus occupent ces attentes. Mesuré sur 2 cœurs :
    # 2 processus, 9 min 1 s à 9 min 33 s (avant les 260 tests ajoutés le 6 décembre) ; 3 processus, 8 min 25 s
    # et 8 min 41 s, 4 processus, 8 min 13 s (3 507 tests) ; le 6 décembre au soir (3 713 tests, même code, machine
    # seule) : 3 processus 430 s et 830 s de processeur, 4 processus 413 s et 821 s. Le processeur est plein dès
    # 3 : au-delà de 4, rien à gagner. Le site est construit une fois pour tous (tests/conftest.py).
    # --durations : les 25 tests les plus longs, dans la sortie de la CI, pour savoir où gagner du temps.
    # --dist worksteal : un processus qui a fini sa part prend des tests aux autres (pas de longue fin à un seul).
    processus = str((os.cpu_count() or 1) + 2)
    session.run("pytest", "--hypothesis-profile=ci", "-n", processus, "--dist", "worksteal", "--durations=25",
                _dossier_temporaire(session),
                *session.posargs, env=env)


@nox.session
def rapide(session: nox.Session) -> None:
    """En moins d'une minute, sans Chromium, sans Node ni npm : tout ce qui ne construit pas le site
    (règles, propriétés, doctests des pages et des modules sous CPython, greffon, serveur)."""
    session.install("-e", ".[tests]")
    # Deux processus (pytest-xdist) : 2 636 tests en 28 s (65 s sur un seul) sur cette machine à 2 cœurs.
    session.run("pytest", "-m", SANS_COUT, "-n", "auto", _dossier_temporaire(session), *session.posargs,
                env={"PYTHONHASHSEED": "0"})


def _dossier_temporaire(session: nox.Session) -> str:
    """Les fichiers temporaires de pytest dans .nox/ : /tmp/pytest-of-<utilisateur>/ n'en garde que
    trois sessions, et une autre session lancée à côté effacerait le site construit en cours de route."""
    return f"--basetemp={Path(session.create_tmp()) / 'pytest'}"


@nox.session
def lint(session: nox.Session) -> None:
    """ruff et mypy --strict sur jdr_core et site_plugins."""
    _installer(session, "lint")
    session.run("ruff", "check", "jdr_core", "site_plugins", "tests", "noxfile.py")
    session.run("mypy", "--strict", "jdr_core", "site_plugins")


@nox.session
def bench(session: nox.Session) -> None:
    """Mesures (octets, temps de chargement, construction) : imprime des chiffres, n'affirme rien."""
    _installer(session, "tests")
    session.run("python", "-m", "tests.bench", *session.posargs, env={"CHROMIUM": os.environ.get("CHROMIUM", "")})
