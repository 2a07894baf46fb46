"""Le site sous sa propre CSP, dans Chromium : les pages que le parcours d'axe ne lit pas (page 404,
renvois des anciennes adresses), Python, un exemple et un lanceur ; et le témoin qui prouve que la
CSP privée de 'wasm-unsafe-eval' bloquerait Python. Le serveur lui-même : tests/test_serveur.py."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from site_plugins import entetes
from site_plugins.serveur import en_arriere_plan

from ..conftest import ecouter_la_csp, sans_moteur
from .test_accessibilite import pages_du_site

# Dans Chromium : chaque page du site sous la CSP, sans la moindre violation. Les pages des règles
# sont lues sous la CSP par le parcours d'axe (navigateur/test_accessibilite.py, test_aucune_violation), qui
# vérifie en passant qu'aucune ne la viole ; ici, les autres (page 404, renvois des anciennes adresses).


def _adresses_html(site: Path) -> list[str]:
    adresses = []
    for page in sorted(site.rglob("*.html")):
        relatif = page.relative_to(site).as_posix()
        adresses.append("/" + (relatif[: -len("index.html")] if relatif.endswith("index.html") else relatif))
    return adresses


@pytest.fixture(scope="module")
def page_csp(navigateur: Browser, serveur: str) -> Iterator[tuple[Page, list[str]]]:
    contexte = navigateur.new_context(locale="fr-FR")
    messages: list[str] = []
    page = ecouter_la_csp(contexte.new_page(), messages)
    page.set_default_timeout(60_000)
    yield page, messages
    contexte.close()


@pytest.mark.navigateur
@pytest.mark.construction
class TestCSPDansChromium:
    """Le site tient sous sa propre CSP : chaque page (et le worker de la recherche), Python, exemple et lanceur."""

    def test_pages_hors_des_regles(self, page_csp: tuple[Page, list[str]], serveur: str, site_construit: Path) -> None:
        """Chaque page que le parcours d'axe ne lit pas (404, renvois des anciennes adresses) et le worker de sa
        recherche ; le moteur de règles y reste muet (conftest.MOTEUR_MUET) : il démarre sous la même CSP
        partout, ce que lit test_python_exemple_et_lanceur."""
        contexte, messages = page_csp[0].context, page_csp[1]
        page = ecouter_la_csp(sans_moteur(contexte.new_page()), messages)
        toutes = _adresses_html(site_construit)
        lues_par_axe = set(pages_du_site(site_construit))
        assert lues_par_axe and lues_par_axe < set(toutes)
        adresses = [a for a in toutes if a not in lues_par_axe]
        assert "/404.html" in adresses
        for chemin in adresses:
            reponse = page.goto(serveur + chemin, wait_until="load")
            assert reponse is not None and "content-security-policy" in reponse.headers, chemin
            page.wait_for_timeout(200)
            assert page.evaluate("window.__violations || []") == [], chemin
        page.close()
        assert messages == []

    def test_page_404_profonde(self, page_csp: tuple[Page, list[str]], serveur: str) -> None:
        """Une adresse inconnue, même profonde, montre la page 404 du site, mise en forme."""
        page, messages = page_csp
        reponse = page.goto(serveur + "/regles/inconnues/tres/profondes/", wait_until="load")
        assert reponse is not None and reponse.status == 404
        expect(page.locator("h1")).to_have_text("Page introuvable")
        # La feuille de Material est chargée : l'en-tête du site est collé en haut.
        assert page.evaluate("getComputedStyle(document.querySelector('.md-header')).position") == "sticky"
        page.get_by_role("link", name="Revenir à l'accueil").click()
        expect(page).to_have_url(serveur + "/")
        assert page.evaluate("window.__violations || []") == []
        assert messages == []

    def test_python_exemple_et_lanceur(self, page_csp: tuple[Page, list[str]], serveur: str,
                                       site_construit: Path) -> None:
        page, messages = page_csp
        reponse = page.goto(serveur + "/troisd6/test/", wait_until="load")
        assert reponse is not None
        csp = reponse.headers["content-security-policy"]
        assert "'wasm-unsafe-eval'" in csp and "'unsafe-eval'" not in csp
        bloc = page.locator(".jdr-exemple").first
        bloc.get_by_role("button", name="Exécuter").first.click()
        expect(bloc).to_have_attribute("data-etat", "ok", timeout=90_000)
        form = page.locator("form.jdr-lanceur").first
        form.locator("button[type=submit]").click()
        expect(form.locator("output .jdr-resultat")).to_be_visible(timeout=60_000)
        assert page.evaluate("window.__violations || []") == []
        assert messages == []

    def test_sans_wasm_unsafe_eval_python_est_bloque(self, navigateur: Browser, site_construit: Path) -> None:
        """Témoin : la même CSP privée de 'wasm-unsafe-eval' bloque Python, et le test le voit
        (le refus vient du worker) ; la CSP du site n'a donc rien de trop ni de trop peu."""
        regles = entetes.regles(site_construit)
        amputee = tuple((nom, valeur.replace(" 'wasm-unsafe-eval'", "")) for nom, valeur in regles[0].entetes)
        with en_arriere_plan(site_construit, regles=(entetes.Regle("/*", amputee), *regles[1:])) as url:
            contexte = navigateur.new_context()
            page = contexte.new_page()
            messages: list[str] = []
            page.on("console", lambda m: messages.append(m.text))
            page.goto(url + "/troisd6/test/", wait_until="load")
            page.locator(".jdr-exemple").first.get_by_role("button", name="Exécuter").first.click()
            fin = time.monotonic() + 60
            while time.monotonic() < fin and not any("Content Security" in m for m in messages):
                page.wait_for_timeout(250)
            contexte.close()
        assert any("WebAssembly" in m and "Content Security" in m for m in messages), messages
