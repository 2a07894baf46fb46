"""amorce.js dans Chromium : à une visite de retour, le worker part de la tête de la page, et moteur.js
l'adopte avec les messages qu'il a déjà envoyés, rejoués dans l'ordre (un « prêt » comme un échec).

Pour que ces messages arrivent avant l'adoption, jdr.js (qui importe moteur.js) est retenu par
page.route jusqu'à ce que l'amorce les ait reçus : aucune attente en temps réel.
"""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import BrowserContext, Page, Route, expect

from ..conftest import CREATIONS_DE_WORKERS

pytestmark = [pytest.mark.navigateur, pytest.mark.construction]

#: Sans service worker : ses réponses échapperaient à page.route.
OPTIONS_DU_CONTEXTE = {"service_workers": "block"}
PAGE = "/troisd6/test/"
LANCEUR = 'form[data-mecanique="3d6-test"]'
DELAI = 60_000


def _lancer(page: Page) -> None:
    form = page.locator(LANCEUR).first
    form.get_by_role("button", name="Lancer les dés").click()
    expect(form.locator("output .jdr-resultat")).to_be_visible()


@pytest.fixture
def page(contexte: BrowserContext, serveur: str) -> Page:
    """Une page dont ce navigateur a déjà un instantané de Python (l'indice jdr-instantane est posé)."""
    page = contexte.new_page()
    page.set_default_timeout(DELAI)
    page.add_init_script(CREATIONS_DE_WORKERS)
    page.goto(serveur + PAGE)
    _lancer(page)
    page.wait_for_function("() => localStorage.getItem('jdr-instantane') === '1'")
    return page


def _retenir_jdr_js(page: Page) -> list[Route]:
    """jdr.js ne part plus vers la page tant que le test ne le lâche pas (routes rendues)."""
    retenues: list[Route] = []

    def retenir(route: Route) -> None:
        retenues.append(route)

    page.route("**/assets/jdr/jdr.js", retenir)
    return retenues


def _lacher(page: Page, retenues: list[Route]) -> None:
    page.wait_for_function("() => true")  # le gestionnaire de route a vu passer la requête
    assert len(retenues) == 1
    retenues[0].continue_()
    page.unroute("**/assets/jdr/jdr.js")


def _recus(page: Page) -> Any:
    return page.evaluate("() => (window.__jdrAmorce ? window.__jdrAmorce.recus : null)")


def test_pret_avant_l_adoption(page: Page, serveur: str) -> None:
    """Le worker de l'amorce se dit prêt (instantané restauré) avant que moteur.js existe ; l'adoption
    rejoue ces messages : la page est « prête » sans nouveau message, un seul worker, et il répond."""
    retenues = _retenir_jdr_js(page)
    page.goto(serveur + PAGE, wait_until="commit")
    page.wait_for_function("() => (window.__jdrAmorce?.recus || []).some((m) => m.etat === 'pret')")
    etats = [m["etat"] for m in _recus(page) if "etat" in m]
    assert etats[-1] == "pret" and "telechargement" in etats, etats
    _lacher(page, retenues)
    expect(page.locator("html")).to_have_attribute("data-jdr-moteur", "pret")
    assert page.evaluate("window.__jdrAmorce") is None  # adopté, une seule fois
    _lancer(page)
    assert page.evaluate("[window.__creations, document.documentElement.dataset.jdrWorkers]") == [["tete"], "1"]
    assert '"instantane":"restauré"' in (page.get_attribute("html", "data-jdr-mesures") or "")


def test_echec_avant_l_adoption(page: Page, serveur: str) -> None:
    """Le worker de l'amorce échoue (son script manque) avant que moteur.js existe : l'échec rejoué à
    l'adoption arrête le moteur et l'avis le dit ; « Réessayer » lance un seul nouveau worker, qui répond."""
    page.route("**/assets/jdr/moteur/jdr-worker.js", lambda route: route.fulfill(status=404, body="absent"))
    retenues = _retenir_jdr_js(page)
    page.goto(serveur + PAGE, wait_until="commit")
    page.wait_for_function("() => (window.__jdrAmorce?.recus || []).some((m) => m.etat === 'echec')")
    page.unroute("**/assets/jdr/moteur/jdr-worker.js")
    _lacher(page, retenues)
    expect(page.locator("html")).to_have_attribute("data-jdr-moteur", "echec")
    assert "une erreur l'a interrompu" in (page.get_attribute("html", "data-jdr-abandon") or "")
    page.get_by_role("button", name="Réessayer").click()
    expect(page.locator("html")).to_have_attribute("data-jdr-moteur", "pret")
    _lancer(page)
    assert page.evaluate("[window.__creations, document.documentElement.dataset.jdrWorkers]") == [
        ["tete", "corps"], "2"]
