"""Outils partagés : le site construit une fois, servi sur 127.0.0.1, et Chromium."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Locator, Page, expect, sync_playwright

from site_plugins.serveur import en_arriere_plan

RACINE = Path(__file__).resolve().parent.parent
DRAPEAUX_CHROMIUM = [
    "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
    "--disable-sync", "--no-first-run", "--disable-quic",
]


def chemin_chromium() -> str:
    for candidat in (os.environ.get("CHROMIUM"), shutil.which("chromium"), "/usr/bin/chromium"):
        if candidat and Path(candidat).exists():
            return candidat
    pytest.fail("Chromium introuvable : installez le paquet Debian « chromium » (voir .ci/run)")


@pytest.fixture(scope="session")
def site_construit(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Le site, construit une fois par session avec mkdocs build --strict."""
    cible = tmp_path_factory.mktemp("site") / "site"
    subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "-q", "-d", str(cible)],
        cwd=RACINE, check=True, env={**os.environ, "NO_MKDOCS_2_WARNING": "1"},
    )
    return cible


@pytest.fixture(scope="session")
def serveur(site_construit: Path) -> Iterator[str]:
    """Le serveur du projet (fichiers précompressés, types MIME, cache) sur un port libre."""
    with en_arriere_plan(site_construit) as adresse:
        yield adresse


@pytest.fixture(scope="module")
def chromium() -> Iterator[Browser]:
    """Chromium de Debian, lancé une fois par module de tests (Playwright ne télécharge rien)."""
    with sync_playwright() as p:
        navigateur = p.chromium.launch(executable_path=chemin_chromium(), args=DRAPEAUX_CHROMIUM)
        yield navigateur
        navigateur.close()


@pytest.fixture(scope="module")
def navigateur(chromium: Browser) -> Browser:
    """Le même Chromium, sous le nom qu'emploient certains modules."""
    return chromium


#: Le suivi de combat D10 de la page /d10/suivi/.
COMBAT_D10 = ".jdr-fiche[data-fiche='combat-d10']"


def combat_d10_a_deux(page: Page, serveur: str, *, vider: bool = False, delai: int = 60_000) -> Locator:
    """Ouvre le suivi de combat D10 et y crée « Duel sur le quai » avec Nadia et Oskar.

    vider=True efface d'abord le stockage local (un combat laissé par un test précédent) ;
    le journal des jets vit dans le même stockage, d'où le choix laissé à l'appelant."""
    page.goto(serveur + "/d10/suivi/")
    if vider:
        page.evaluate("() => localStorage.clear()")
        page.reload()
    combat = page.locator(COMBAT_D10)
    combat.get_by_role("textbox", name="Nom du combat").fill("Duel sur le quai")
    combat.get_by_role("button", name="Nouveau combat").click()
    expect(combat.locator(".jdr-fiche-entete strong")).to_have_text("Duel sur le quai", timeout=delai)
    for nom in ("Nadia", "Oskar"):
        ajout = combat.locator("details.jdr-combat-ajout")
        if ajout.get_attribute("open") is None:
            ajout.locator("summary").click()
        ajout.get_by_role("textbox", name="Nom").fill(nom)
        ajout.get_by_role("button", name="Ajouter").click()
        expect(combat.locator(f".jdr-combattant-nom:text-is('{nom}')")).to_have_count(1, timeout=delai)
    return combat
