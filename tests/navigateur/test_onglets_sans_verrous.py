"""Les rondes à deux onglets de test_onglets.py (fiches enCORE, 3D6, 2D6, D10, combat D10, journal),
là où le navigateur n'offre pas Web Locks : le site servi sur une adresse de la machine sur le réseau
local, en http, comme un MJ le partage avec les téléphones de sa table (un contexte non sûr :
navigator.locks n'existe pas, stockage.js prend le verrou à bail d'IndexedDB).

Une machine sans autre adresse que localhost (un conteneur sans réseau) prend l'autre chemin vers
le même contexte : le site en localhost, navigator.locks retiré avant tout script de la page.
Le test ``test_sans_web_locks`` dit lequel des deux a servi."""

from __future__ import annotations

import socket
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, BrowserContext

from site_plugins.serveur import en_arriere_plan

from ..conftest import DRAPEAUX_CHROMIUM, sans_erreur_de_page, sans_moteur, vider_le_stockage
from . import test_onglets
from .test_onglets import _delai  # noqa: F401  # fixture autouse de test_onglets.py, reprise ici

pytestmark = [pytest.mark.navigateur, pytest.mark.construction]

#: navigator.locks retiré avant tout script de la page (repli d'une machine sans adresse réseau).
SANS_WEB_LOCKS = "Object.defineProperty(Navigator.prototype, 'locks', { get: () => undefined, configurable: true });"


def adresse_du_reseau() -> str | None:
    """Une adresse IPv4 de cette machine autre que localhost, ou None."""
    try:
        sortie = subprocess.run(["hostname", "-I"], capture_output=True, text=True, timeout=5, check=False).stdout
    except (OSError, subprocess.SubprocessError):
        sortie = ""
    for mot in sortie.split():
        if mot.count(".") == 3 and not mot.startswith("127."):
            try:
                with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as essai:
                    essai.bind((mot, 0))
            except OSError:
                continue
            return mot
    return None


@pytest.fixture(scope="module")
def serveur(site_construit: Path) -> Iterator[str]:
    """Le serveur du projet sur l'adresse réseau de la machine (ou localhost, à défaut)."""
    with en_arriere_plan(site_construit, hote=adresse_du_reseau() or "127.0.0.1") as adresse:
        yield adresse


@pytest.fixture(scope="module")
def _contexte_sans_verrous(chromium: Browser, serveur: str) -> Iterator[BrowserContext]:
    # Chromium traite une adresse du réseau local en http comme un contexte non sûr, comme un téléphone.
    contexte = chromium.new_context(viewport={"width": 1280, "height": 900}, locale="fr-FR", service_workers="block")
    if "127.0.0.1" in serveur:
        contexte.add_init_script(SANS_WEB_LOCKS)
    yield contexte
    contexte.close()


@pytest.fixture
def contexte(_contexte_sans_verrous: BrowserContext, serveur: str) -> Iterator[BrowserContext]:
    """Le contexte sans Web Locks, stockage vidé pour chaque test, sans erreur de page."""
    vider_le_stockage(_contexte_sans_verrous, serveur)
    with sans_erreur_de_page(_contexte_sans_verrous):
        yield _contexte_sans_verrous
    for page in _contexte_sans_verrous.pages[1:]:
        page.close()


def test_sans_web_locks(contexte: BrowserContext, serveur: str) -> None:
    """Le contexte de ces rondes n'a pas Web Locks, et la page écrit sous le verrou à bail."""
    page = sans_moteur(contexte.new_page())  # le contexte de la page seul : Python ne sert pas ici
    page.goto(serveur + "/encore/fiche/")
    chemin = "réseau local" if "127.0.0.1" not in serveur else "localhost, Web Locks retiré"
    print(f"rondes sans Web Locks servies par {serveur} ({chemin})")
    assert page.evaluate("() => navigator.locks === undefined")
    assert page.evaluate("() => window.isSecureContext") is ("127.0.0.1" in serveur)
    assert DRAPEAUX_CHROMIUM  # le même Chromium que les autres tests


class TestMemeInstantSansWebLocks(test_onglets.TestMemeInstant):
    """Les mêmes rondes que test_onglets.TestMemeInstant (20 tours, deux onglets dans la même
    milliseconde), sans Web Locks : aucune opération ne se perd, aucune ne se perd en silence."""
