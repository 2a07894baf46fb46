"""Le suivi de combat D10 dans Chromium : le récit d'une attaque s'écrit à côté du bouton
« Attaquer », dans l'écran sans défiler (1440×900 et 390 px de large), annoncé (rôle status) ;
une éraflure dit « pas de jet de KO » ; la réussite automatique sans marge ; le journal reste déplié."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from playwright.sync_api import BrowserContext, Locator, Page, expect

from ..conftest import COMBAT_D10, sans_erreur_de_console

pytestmark = [pytest.mark.navigateur, pytest.mark.construction]
DELAI = 60_000
expect.set_options(timeout=DELAI)


@pytest.fixture
def ecran(request: pytest.FixtureRequest, contexte_servi: BrowserContext) -> Iterator[Page]:
    """Une page du contexte servi (conftest.contexte_servi) à la taille d'écran voulue, sans erreur de console."""
    largeur, hauteur = request.param
    page = contexte_servi.new_page()
    page.set_viewport_size({"width": largeur, "height": hauteur})
    with sans_erreur_de_console(page, DELAI):
        yield page


ECRANS = [pytest.param((1440, 900), id="1440x900"), pytest.param((390, 844), id="390")]


def _ajouter(combat: Locator, nom: str, **valeurs: int) -> None:
    ajout = combat.locator("details.jdr-combat-ajout")
    if ajout.get_attribute("open") is None:
        ajout.locator("summary").click()
    ajout.get_by_role("textbox", name="Nom").fill(nom)
    for libelle, valeur in valeurs.items():
        ajout.get_by_role("spinbutton", name=libelle, exact=True).fill(str(valeur))
    ajout.get_by_role("button", name="Ajouter").click()
    expect(combat.locator(f".jdr-combattant-nom:text-is('{nom}')")).to_have_count(1)


def _combat(page: Page, serveur: str) -> Locator:
    """Nadia (AGI 10) contre Oskar, qui ne peut pas être blessé par elle : AGI 1, Esquive 0, CON 10,
    armure 5 ; Nadia frappe à mains nues (arme 0, corps à corps 0) : au plus 10 − (5 + 10 + 5) = −10."""
    page.goto(serveur + "/d10/suivi/")  # stockage déjà vidé (conftest.contexte_servi)
    combat = page.locator(COMBAT_D10)
    combat.get_by_role("textbox", name="Nom du combat").fill("La cour de l'auberge")
    combat.get_by_role("button", name="Nouveau combat").click()
    expect(combat.locator(".jdr-fiche-entete strong")).to_have_text("La cour de l'auberge")
    _ajouter(combat, "Nadia", **{"AGI": 10, "Corps à corps": 0, "Arme au contact": 0})
    _ajouter(combat, "Oskar", **{"AGI": 1, "CON": 10, "Esquive": 0, "Armure": 5})
    combat.get_by_role("button", name="Lancer l'initiative").click()
    expect(combat.locator("p.jdr-combat-tour")).to_contain_text("Tour 1")
    return combat


def _dans_l_ecran(page: Page, zone: Locator) -> None:
    boite = zone.bounding_box()
    taille = page.viewport_size
    assert boite is not None and taille is not None
    assert boite["y"] >= 0 and boite["y"] + boite["height"] <= taille["height"] + 1, (boite, taille)
    assert boite["x"] >= 0 and boite["x"] + boite["width"] <= taille["width"] + 1, (boite, taille)


@pytest.mark.parametrize("ecran", ECRANS, indirect=True)
def test_le_resultat_s_affiche_a_cote_du_bouton(ecran: Page, serveur: str) -> None:
    """Après « Attaquer », le récit est juste sous le bouton, dans l'écran, sans que le lecteur défile."""
    page = ecran
    combat = _combat(page, serveur)
    attaque = combat.locator("section.jdr-combat-attaque")
    attaque.get_by_role("combobox", name="Attaquant", exact=True).select_option(label="Nadia")
    attaque.get_by_role("combobox", name="Cible", exact=True).select_option(label="Oskar")
    attaque.get_by_role("button", name="Attaquer").click()
    # La sortie annoncée (rôle status) est dans la section d'attaque, juste après son bouton.
    statut = combat.locator("section.jdr-combat-attaque").get_by_role("status")
    expect(statut).to_contain_text(re.compile(r"Nadia attaque Oskar au contact"))
    page.wait_for_timeout(300)  # le défilement doux éventuel est fini
    recit = statut.locator("p")
    _dans_l_ecran(page, recit)
    _dans_l_ecran(page, attaque.get_by_role("button", name="Attaquer"))
    bouton = attaque.get_by_role("button", name="Attaquer").bounding_box()
    sous = recit.bounding_box()
    assert bouton is not None and sous is not None
    assert 0 <= sous["y"] - (bouton["y"] + bouton["height"]) < 40, (bouton, sous)
    # Plus rien sous la fiche : le message n'est qu'à un endroit.
    assert combat.locator("output.jdr-sortie").count() == 1
    # Le journal du combat se lit sans rien ouvrir.
    journal = combat.locator("section.jdr-combat-journal")
    expect(journal.get_by_role("heading", name="Journal du combat")).to_be_visible()
    expect(journal.locator("li").first).to_be_visible()
    expect(journal.locator("li").first).to_contain_text("Nadia attaque Oskar")


@pytest.mark.parametrize("ecran", [ECRANS[0]], indirect=True)
def test_eraflure_et_reussite_automatique(ecran: Page, serveur: str) -> None:
    """Nadia renonce au dé (AGI 10 > 5 + 1 + 0) : elle touche sans marge, le coup n'est qu'une
    éraflure, et le récit dit « pas de jet de KO ». Oskar, lui, n'y a pas droit : refus en français."""
    page = ecran
    combat = _combat(page, serveur)
    attaque = combat.locator("section.jdr-combat-attaque")
    attaque.get_by_role("combobox", name="Attaquant", exact=True).select_option(label="Nadia")
    attaque.get_by_role("combobox", name="Cible", exact=True).select_option(label="Oskar")
    attaque.get_by_role("checkbox", name=re.compile("renonce au dé")).check()
    attaque.get_by_role("button", name="Attaquer").click()
    statut = combat.locator("section.jdr-combat-attaque").get_by_role("status")
    expect(statut).to_contain_text(re.compile(r"réussite automatique, sans\smarge"))
    expect(statut).to_contain_text(re.compile(r"marge\s0"))
    expect(statut).to_contain_text(re.compile(r"Une éraflure ne blesse pas\s:\spas de jet de KO\."))
    assert "dépasse les dégâts" not in statut.inner_text()
    # La case reste cochée d'un coup à l'autre ; Oskar (AGI 1 + 3 contre 5 + 10 + 2) n'y a pas droit.
    attaque = combat.locator("section.jdr-combat-attaque")
    expect(attaque.get_by_role("checkbox", name=re.compile("renonce au dé"))).to_be_checked()
    etat = page.evaluate("() => localStorage.getItem('jdr-suivi:d10:combat-d10')")
    attaque.get_by_role("combobox", name="Attaquant", exact=True).select_option(label="Oskar")
    attaque.get_by_role("combobox", name="Cible", exact=True).select_option(label="Nadia")
    attaque.get_by_role("button", name="Attaquer").click()
    refus = combat.locator("section.jdr-combat-attaque .jdr-erreur")
    expect(refus).to_contain_text(re.compile(r"Réussite automatique impossible pour Oskar"))
    _dans_l_ecran(page, refus)
    assert page.evaluate("() => localStorage.getItem('jdr-suivi:d10:combat-d10')") == etat
    # Un message sans ancre (annuler, en bas de la fiche) retourne sous la fiche, près de son bouton.
    combat.get_by_role("button", name=re.compile("Annuler la dernière opération")).click()
    expect(combat.locator("output.jdr-sortie")).to_have_text(re.compile("Dernière opération annulée"))
    expect(combat.locator("section.jdr-combat-attaque output")).to_have_count(0)
    expect(combat.locator(".jdr-fiche-corps + output.jdr-sortie")).to_have_count(1)
