"""La typographie française des textes qu'écrivent les scripts de la page ou que rend le pont, dans
Chromium, au fil d'une séance scriptée. La règle elle-même et sa copie en JavaScript :
tests/test_typographie.py."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import BrowserContext, expect

from ..conftest import combat_d10_a_deux
from ..test_pages import fautes_de_typographie


@pytest.mark.construction
@pytest.mark.navigateur
def test_textes_ecrits_dans_le_navigateur(contexte_servi: BrowserContext, serveur: str) -> None:
    """Une séance scriptée dans Chromium (combat D10, lanceur, exemple rejoué, fiches enCORE, journal) :
    tout texte écrit par les scripts ou rendu par le pont a la typographie et les élisions."""
    page = contexte_servi.new_page()
    try:
        combat = combat_d10_a_deux(page, serveur)
        combat.get_by_role("button", name="Lancer l'initiative").click()
        expect(combat.locator("li.jdr-combattant--actif")).to_have_count(1, timeout=60_000)
        attaque = combat.locator("section.jdr-combat-attaque")
        # Une seule attaque : ses dés sont tirés au hasard, et une cible mise hors de combat ne
        # pourrait plus attaquer au tour suivant (le test échouait alors faute d'option « Nadia »).
        for attaquant, cible in (("Oskar", "Nadia"),):
            attaque.get_by_role("combobox", name="Attaquant", exact=True).select_option(label=attaquant)
            attaque.get_by_role("combobox", name="Cible", exact=True).select_option(label=cible)
            attaque.get_by_role("button", name="Attaquer").click()
            expect(combat.locator("output.jdr-sortie")).to_contain_text(f"{attaquant} attaque {cible}")
        textes = {"suivi de combat": combat.evaluate("n => n.outerHTML")}

        page.goto(serveur + "/troisd6/test/")
        form = page.locator('form[data-mecanique="3d6-test"]')
        form.get_by_role("button", name="Lancer les dés").click()
        expect(form.locator("output .jdr-phrase")).not_to_be_empty(timeout=60_000)
        bloc = page.locator('[data-exemple="pierre-ruelle"]')
        bloc.get_by_role("button", name="Avec d'autres dés").click()
        expect(bloc).to_have_attribute("data-etat", re.compile("ok|ecart"), timeout=60_000)
        textes["lanceur"] = form.evaluate("n => n.outerHTML")
        textes["exemple"] = bloc.evaluate("n => n.outerHTML")

        # Une fiche enCORE, puis une deuxième : le groupe se compte en personnages.
        page.goto(serveur + "/encore/fiche/")
        fiche = page.locator(".jdr-fiche[data-fiche='fiche-principale']")
        for nom in ("Lucrèce", "Oskar"):
            if nom != "Lucrèce":
                fiche.get_by_role("button", name="Nouvelle fiche").click()
            fiche.locator(".jdr-fiche-creation input[type=text]").fill(nom)
            fiche.get_by_role("button", name="Créer la fiche").click()
            expect(fiche.locator(".jdr-fiche-entete")).to_contain_text(nom, timeout=60_000)
        expect(fiche.locator("label.jdr-champ-ligne").filter(has=page.get_by_role("combobox"))).to_have_text(
            re.compile(r"Fiche du groupe \(2\s+personnages\)"))
        fiche.get_by_role("spinbutton", name="INT").fill("3")
        fiche.get_by_role("button", name="Premiers soins (lancer INT)").click()
        expect(fiche.locator("output.jdr-sortie")).not_to_be_empty(timeout=60_000)
        textes["fiche enCORE"] = fiche.evaluate("n => n.outerHTML")

        page.get_by_role("button", name="Journal des jets").click()
        panneau = page.get_by_role("dialog", name="Journal des jets")
        expect(panneau.locator("li.jdr-journal-entree").first).to_be_visible()
        textes["journal"] = panneau.evaluate("n => n.outerHTML")
    finally:
        page.close()
    fautes = [f"{nom} : {faute}" for nom, html in textes.items() for faute in fautes_de_typographie(html)]
    assert not fautes, "\n".join(fautes[:20])
