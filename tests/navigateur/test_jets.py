"""Les jets écrits dans le texte (``{{jet …}}``, assets/widgets/jet-en-ligne.js) dans Chromium :
infobulle au focus, clavier, doigt, résultat, journal, un seul jet par double clic. L'extension
et le site construit : tests/test_jets.py."""

from __future__ import annotations

import json
import re
from urllib.parse import parse_qs, urlsplit

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

from jdr_core.francais import typographier

from ..conftest import double_clic_lent

DELAI = 90_000  # ms : Python démarre dans le navigateur au premier jet

def _journal(page: Page) -> list[dict[str, object]]:
    brut = page.evaluate("() => localStorage.getItem('jdr-journal')")
    return [] if brut is None else list(json.loads(brut)["entrees"])


@pytest.mark.navigateur
@pytest.mark.construction
class TestDansLeNavigateur:
    """Un jet du texte dans Chromium : infobulle au focus, clavier, résultat, journal, un seul jet."""

    def ouvrir(self, contexte: BrowserContext, serveur: str, largeur: int = 1280) -> Page:
        """La page des tests dans le contexte servi (conftest.contexte_servi : son stockage vidé, son cache et
        son Python gardés d'un test à l'autre)."""
        page = contexte.new_page()
        page.set_viewport_size({"width": largeur, "height": 900})
        page.set_default_timeout(DELAI)
        page.goto(serveur + "/troisd6/test/")
        return page

    def test_clavier_cotes_resultat_et_journal(self, contexte_servi: BrowserContext, serveur: str) -> None:
        page = self.ouvrir(contexte_servi, serveur)
        jet = page.locator(".jdr-jet", has=page.get_by_role("button", name="une action moyenne, 2 succès"))
        bouton = jet.get_by_role("button")
        expect(jet).to_have_attribute("data-branche", "pret")
        infobulle = jet.locator(".jdr-jet-cotes")
        expect(infobulle).to_be_hidden()
        # Au clavier : Tab mène au bouton (borné : la page a des dizaines d'éléments focalisables).
        for _ in range(300):
            page.keyboard.press("Tab")
            if bouton.evaluate("b => b === document.activeElement"):
                break
        else:
            pytest.fail("Tab n'atteint jamais le bouton du jet")
        expect(infobulle).to_be_visible()
        expect(bouton).to_have_accessible_description(re.compile(r"Réussir \(difficulté 2\)\s:\s50\s%\s\(1/2\)"))
        # Échap ferme l'infobulle sans quitter le bouton.
        page.keyboard.press("Escape")
        expect(infobulle).to_be_hidden()
        # Entrée n'a pas encore lancé : elle ouvre les cotes et le bouton « Lancer », qui prend le focus.
        page.keyboard.press("Enter")
        expect(bouton).to_have_attribute("aria-expanded", "true")
        lancer = jet.locator("xpath=..").get_by_role("button", name="Lancer", exact=True)
        expect(lancer).to_be_focused()
        expect(lancer).to_have_accessible_description(re.compile(r"Réussir \(difficulté 2\)\s:\s50\s%\s\(1/2\)"))
        assert _journal(page) == []
        page.keyboard.press("Enter")
        sortie = page.locator("#" + str(bouton.get_attribute("aria-controls")))
        expect(sortie.locator(".jdr-phrase")).not_to_be_empty(timeout=DELAI)
        assert sortie.locator(".jdr-de").count() == 3
        lien = sortie.get_by_role("link", name="Rejouer ce jet dans son lanceur")
        adresse = urlsplit(str(lien.get_attribute("href")))
        reglages = parse_qs(adresse.query)
        assert adresse.fragment == "lanceur-3d6-test" and reglages["difficulte"] == ["2"]
        assert reglages["graine"][0].isdigit()
        page.wait_for_function("() => (JSON.parse(localStorage.getItem('jdr-journal') || '{}').entrees || []).length")
        (entree,) = _journal(page)
        assert entree["titre"] == typographier("une action moyenne, 2 succès") and entree["source"] == "texte"
        assert entree["lien"] == lien.get_attribute("href") and entree["graine"] == reglages["graine"][0]
        assert entree["issue"] == sortie.locator(".jdr-phrase").text_content()
        assert entree["reglages"] == [["Caractéristique", "3"], ["Difficulté (succès demandés)", "2"]]
        # Espace relance aussi, et le focus reste sur « Lancer » ; Échap referme le panneau et rend le focus au texte.
        page.keyboard.press("Space")
        page.wait_for_function("() => JSON.parse(localStorage.getItem('jdr-journal')).entrees.length === 2")
        expect(lancer).to_be_focused()
        page.keyboard.press("Escape")
        expect(bouton).to_be_focused()
        expect(bouton).to_have_attribute("aria-expanded", "false")
        page.close()

    def test_au_doigt_le_premier_appui_montre_les_cotes(self, chromium: Browser, serveur: str) -> None:
        """Sur un écran tactile, un toucher ouvre les cotes et « Lancer » ; le jet part au second appui."""
        contexte = chromium.new_context(viewport={"width": 390, "height": 800}, locale="fr-FR", has_touch=True,
                                        is_mobile=True)
        page = contexte.new_page()
        page.set_default_timeout(DELAI)
        page.goto(serveur + "/troisd6/test/")
        bouton = page.get_by_role("button", name="une action moyenne, 2 succès")
        expect(bouton.locator("xpath=ancestor::span[@data-mecanique]")).to_have_attribute("data-branche", "pret")
        bouton.tap()
        panneau = page.locator(".jdr-jet-panneau:not([hidden])")
        expect(panneau).to_contain_text(typographier("Réussir (difficulté 2) : 50 %"))
        page.wait_for_timeout(300)
        assert _journal(page) == []
        panneau.get_by_role("button", name="Lancer").tap()
        page.wait_for_function("() => (JSON.parse(localStorage.getItem('jdr-journal') || '{}').entrees || []).length")
        assert len(_journal(page)) == 1
        contexte.close()

    @pytest.mark.parametrize("ecart_ms", [100, 250])
    def test_double_clic_lent_un_seul_jet(self, contexte_servi: BrowserContext, serveur: str, ecart_ms: int) -> None:
        """Un double clic lent (le second clic 100 ou 250 ms après le premier, après le résultat) : le
        navigateur le marque comme tel (detail 2), et il ne relance pas."""
        page = self.ouvrir(contexte_servi, serveur)
        bouton = page.get_by_role("button", name="une action extrême, 4 succès")
        expect(bouton.locator("xpath=ancestor::span[@data-mecanique]")).to_have_attribute("data-branche", "pret")
        double_clic_lent(page, bouton, ecart_ms)
        page.wait_for_function("() => (JSON.parse(localStorage.getItem('jdr-journal') || '{}').entrees || []).length")
        page.wait_for_timeout(600)
        assert len(_journal(page)) == 1
        page.close()

    def test_double_clic_un_seul_jet(self, contexte_servi: BrowserContext, serveur: str) -> None:
        """Un double clic rapide : un seul jet part."""
        page = self.ouvrir(contexte_servi, serveur)
        bouton = page.get_by_role("button", name="une action extrême, 4 succès")
        expect(bouton.locator("xpath=ancestor::span[@data-mecanique]")).to_have_attribute("data-branche", "pret")
        bouton.dblclick()
        page.wait_for_function("() => (JSON.parse(localStorage.getItem('jdr-journal') || '{}').entrees || []).length")
        page.wait_for_function("b => !b.hasAttribute('aria-disabled')", arg=bouton.element_handle())
        page.wait_for_timeout(1000)  # un second jet aurait eu le temps d'arriver
        assert len(_journal(page)) == 1
        assert page.locator(".jdr-jet-sortie .jdr-phrase").count() == 1
        page.close()

    def test_survol_et_telephone(self, contexte_servi: BrowserContext, serveur: str) -> None:
        """Au survol, l'infobulle s'ouvre ; à 390 px, ni elle ni le résultat ne font défiler la page
        en largeur."""
        page = self.ouvrir(contexte_servi, serveur, 390)
        bouton = page.get_by_role("button", name="trois dés contre un Mental de 3, un succès suffit")
        bouton.scroll_into_view_if_needed()
        bouton.hover()
        infobulle = page.locator("#" + str(bouton.get_attribute("aria-describedby")))
        expect(infobulle).to_be_visible()
        expect(infobulle).to_contain_text(typographier("Réussir (difficulté 1) : 87,5 %"))
        assert page.evaluate("() => document.documentElement.scrollWidth") <= 390
        bouton.click()
        sortie = page.locator("#" + str(bouton.get_attribute("aria-controls")))
        expect(sortie.locator(".jdr-phrase")).not_to_be_empty(timeout=DELAI)
        assert page.evaluate("() => document.documentElement.scrollWidth") <= 390
        boite = sortie.bounding_box()
        assert boite and boite["x"] >= 0 and boite["x"] + boite["width"] <= 390
        page.close()

    @pytest.mark.parametrize("theme", ["light", "dark"])
    def test_axe_apres_un_jet(self, contexte_servi: BrowserContext, serveur: str, theme: str) -> None:
        """Après un jet, infobulle ouverte au focus et résultat affiché : axe ne trouve rien, dans les
        deux thèmes (la page sous la CSP du site, axe injecté comme dans navigateur/test_accessibilite.py)."""
        from .test_accessibilite import axe, ouvrir, resume

        page = ouvrir(contexte_servi, theme, 390)
        page.set_default_timeout(DELAI)
        page.goto(serveur + "/d10/blessures/")
        bouton = page.locator(".jdr-jet-bouton").first
        bouton.click()
        sortie = page.locator("#" + str(bouton.get_attribute("aria-controls")))
        expect(sortie.locator(".jdr-phrase")).not_to_be_empty(timeout=DELAI)
        bouton.blur()
        page.keyboard.press("Shift+Tab")
        page.keyboard.press("Tab")
        expect(page.locator("#" + str(bouton.get_attribute("aria-describedby")))).to_be_visible()
        violations = axe(page)
        page.close()
        assert not violations, resume(violations)
