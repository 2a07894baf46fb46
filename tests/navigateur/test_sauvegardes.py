"""Les sauvegardes d'aujourd'hui (version 1 : fiche enCORE, combat D10) relues par la page, dans
Chromium : affichées avec les couleurs de leurs paliers, puis enregistrées migrées à la première
opération. Le contrat des suivis et leurs migrations, sous CPython : tests/test_suivi.py."""

from __future__ import annotations

import json
from typing import Any
from urllib.parse import urlsplit

import pytest

from jdr_core.d10.suivi import SUIVI as COMBAT
from jdr_core.encore.suivi import SUIVI as FICHE

from ..conftest import ranger_avant_d_ouvrir, sans_erreur_de_page
from ..test_suivi import COMBAT_V1_QUAI, FICHE_V1_GIDEON

#: Sans service worker : la page relit ce que le test range, pas une copie hors ligne.
OPTIONS_DU_CONTEXTE = {"service_workers": "block"}


@pytest.fixture
def onglet(contexte_servi: Any) -> Any:
    """Une page du contexte servi (conftest.contexte_servi, stockage vidé), sans erreur non rattrapée."""
    with sans_erreur_de_page(contexte_servi):
        page = contexte_servi.new_page()
        page.set_default_timeout(40_000)
        yield page


def _ranger_puis_ouvrir(onglet: Any, adresse: str, cle: str, sauvegarde: dict[str, Any]) -> None:
    """Range ``sauvegarde`` seule dans localStorage, sous ``cle``, puis ouvre ``adresse``."""
    origine = urlsplit(adresse)
    ranger_avant_d_ouvrir(onglet, f"{origine.scheme}://{origine.netloc}",
                          {cle: json.dumps(sauvegarde, ensure_ascii=False)})
    onglet.goto(adresse)


def _rangee(onglet: Any, cle: str) -> Any:
    """La sauvegarde rangée sous ``cle``, relue de localStorage."""
    return json.loads(onglet.evaluate("(c) => localStorage.getItem(c)", cle))


@pytest.mark.navigateur
class TestSauvegardesDansLaPage:
    """Une sauvegarde de la version 1, rangée là où la page d'aujourd'hui la range, s'affiche avec
    les couleurs de ses paliers, puis s'enregistre migrée à la première opération."""

    @pytest.mark.construction
    def test_fiche_encore_v1(self, onglet: Any, serveur: str) -> None:
        from playwright.sync_api import expect

        cle = "jdr-suivi:encore:fiche-principale"
        _ranger_puis_ouvrir(onglet, serveur + "/encore/fiche/", cle, FICHE_V1_GIDEON)
        fiche = onglet.locator(".jdr-fiche[data-fiche='fiche-principale']")
        expect(fiche.locator(".jdr-fiche-sante h4")).to_have_text("Santé 1/8 : palier « gravement blessé »",
                                                                  timeout=60_000)
        expect(fiche.locator(".jdr-blessure").first).to_contain_text("cheville foulée (palier blessé)")
        case = fiche.locator(".jdr-jauge-sante .jdr-case--pleine")
        expect(case).to_have_attribute("data-palier", "gravement_blesse")
        assert case.evaluate("(c) => getComputedStyle(c).backgroundColor") == "rgb(198, 40, 40)"
        vides = fiche.locator(".jdr-jauge-sante .jdr-case:not(.jdr-case--pleine)")
        assert vides.evaluate_all("(cs) => cs.map((c) => c.dataset.palier)") == [
            "gravement_blesse", "gravement_blesse", "blesse", "blesse", "blesse", "valide", "valide"]
        # Rien n'est réécrit à la lecture ; la première opération range la version 2.
        assert _rangee(onglet, cle) == FICHE_V1_GIDEON
        fiche.get_by_role("button", name="Nouvelle scène").click()
        expect(fiche.locator("output .jdr-message")).to_contain_text("Nouvelle scène")
        rangee = _rangee(onglet, cle)
        assert (rangee["version"], rangee["genre"]) == (FICHE.format.version, "encore.fiche")
        assert [b["palier"] for b in rangee["blessures"]] == ["blesse", "gravement_blesse"]

    @pytest.mark.construction
    def test_combat_d10_v1(self, onglet: Any, serveur: str) -> None:
        from playwright.sync_api import expect

        cle = "jdr-suivi:d10:combat-d10"
        _ranger_puis_ouvrir(onglet, serveur + "/d10/suivi/", cle, COMBAT_V1_QUAI)
        combat = onglet.locator(".jdr-fiche[data-fiche='combat-d10']")
        expect(combat.locator(".jdr-fiche-entete strong")).to_have_text("Le quai", timeout=60_000)
        etats = combat.locator("li.jdr-combattant").evaluate_all("(ls) => ls.map((l) => l.dataset.etat)")
        assert etats == ["debout", "mort", "ko"]
        combat.get_by_role("button", name="Au suivant").click()
        expect(combat.locator(".jdr-combat-tour")).to_contain_text("Tour 2")
        rangee = _rangee(onglet, cle)
        assert (rangee["version"], rangee["genre"], rangee["tour"]) == (COMBAT.format.version, "d10.combat", 2)
