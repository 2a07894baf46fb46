"""Le graphique des chances dans Chromium : présent sans JavaScript, mis à jour, comparé, accessible."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

from ..conftest import injecter_axe, pages_construites, sans_animation, sans_modeles

pytestmark = [pytest.mark.navigateur, pytest.mark.construction]
DELAI = 40_000  # ms, comme tests/test_navigateur.py : une machine de CI chargée
expect.set_options(timeout=DELAI)


@pytest.fixture
def page(contexte_servi: BrowserContext) -> Iterator[Page]:
    """Une page du contexte servi (conftest.contexte_servi), sans erreur JavaScript."""
    page = contexte_servi.new_page()
    erreurs: list[str] = []
    page.on("pageerror", lambda e: erreurs.append(str(e)))
    page.set_default_timeout(DELAI)
    yield page
    assert erreurs == [], "erreurs JavaScript"


@pytest.fixture
def page_sans_js(chromium: Browser) -> Iterator[Page]:
    contexte = chromium.new_context(java_script_enabled=False, viewport={"width": 390, "height": 900})
    yield contexte.new_page()
    contexte.close()


def pages_avec_lanceurs(site: Path) -> dict[str, int]:
    """Chaque page construite qui porte un lanceur, et son nombre de lanceurs."""
    pages: dict[str, int] = {}
    for html in pages_construites(site):
        n = len(re.findall(r'<form class="jdr-lanceur"', sans_modeles(html.read_text(encoding="utf-8"))))
        if n:
            pages[("/" + html.parent.relative_to(site).as_posix() + "/").replace("/./", "/")] = n
    return pages


def signature(page: Page, selecteur: str) -> str:
    """Le texte du graphique (libellés et pourcentages) : il change quand la loi change."""
    return page.locator(f"{selecteur} figure.jdr-graphique svg.jdr-graphique-svg").text_content() or ""


def test_un_graphique_dans_chaque_lanceur_sans_javascript(page_sans_js: Page, serveur: str,
                                                         site_construit: Path) -> None:
    """Sans JavaScript, chaque lanceur de chaque page montre son graphique, titré, et son tableau."""
    from jdr_core import registre

    pages = pages_avec_lanceurs(site_construit)
    vues: set[str] = set()
    for chemin, nombre in pages.items():
        page_sans_js.goto(serveur + chemin.replace("//", "/"))
        formulaires = page_sans_js.locator("form.jdr-lanceur")
        expect(formulaires).to_have_count(nombre)
        for i in range(nombre):
            form = formulaires.nth(i)
            vues.add(form.get_attribute("data-mecanique") or "")
            svg = form.locator("figure.jdr-graphique svg.jdr-graphique-svg[role=img]")
            expect(svg).to_be_visible()
            titre = svg.get_attribute("aria-labelledby")
            assert titre and page_sans_js.locator(f"[id='{titre}']").count() == 1, (chemin, titre)
            assert page_sans_js.locator(f"[id='{titre}']").text_content()
            assert svg.locator("rect").count() >= 2
            assert "%" in (svg.text_content() or "")
            # Les chiffres en tableau, repliés sous « Voir les chiffres » ; les fractions exactes y sont.
            form.locator("details.jdr-graphique-chiffres > summary").click()
            cellules = form.locator("table.jdr-graphique-table td.jdr-graphique-fraction")
            expect(cellules.first).to_be_visible()
            assert all(re.fullmatch(r"\d+/\d+", t) for t in cellules.all_text_contents())
            # Le mode « comparer » a besoin de JavaScript : il ne s'affiche pas sans lui.
            expect(form.locator(".jdr-comparer")).to_be_hidden()
    assert vues >= set(registre.mecaniques())


def test_le_graphique_suit_les_reglages_et_le_jet(page: Page, serveur: str) -> None:
    """Un réglage changé redessine le graphique ; un jet surligne sa barre."""
    page.goto(serveur + "/troisd6/test/")
    form = page.locator('form[data-mecanique="3d6-test"]').first
    avant = signature(page, 'form[data-mecanique="3d6-test"]')
    assert not re.search(r"4\s+succès", avant)  # \s : l'espace insécable du graphique comprise
    form.locator("input[name=avantages]").fill("1")
    expect(form.locator("figure.jdr-graphique svg.jdr-graphique-svg")).to_contain_text("4 succès")
    apres = signature(page, 'form[data-mecanique="3d6-test"]')
    assert apres != avant
    form.locator("input[name=caracteristique]").fill("5")
    expect(form.locator("figure.jdr-graphique svg.jdr-graphique-svg")).not_to_have_text(apres)
    # Un jet : une seule barre surlignée, celle du nombre de succès annoncé.
    form.locator("button[type=submit]").click()
    expect(form.locator("output .jdr-resultat")).to_be_visible()
    marquee = form.locator(".jdr-graphique-ligne--realisee")
    expect(marquee).to_have_count(1)
    phrase = form.locator(".jdr-details").inner_text()
    succes = re.search(r"(\d+|aucun)\s+succès aux dés", phrase)  # \s : insécable comprise
    cle = marquee.get_attribute("data-cle")
    assert succes and cle is not None
    aux_des = 0 if succes.group(1) == "aucun" else int(succes.group(1))
    assert int(cle) == aux_des  # sans facteur de puissance, les succès sont ceux des dés
    expect(marquee).to_contain_text("(ce jet)")


def test_comparer_deux_reglages(page: Page, serveur: str) -> None:
    """Figer un réglage, en changer : deux séries, une légende, deux colonnes ; puis revenir à une."""
    page.goto(serveur + "/troisd6/test/")
    form = page.locator('form[data-mecanique="3d6-test"]').first
    figer = form.get_by_role("button", name="Comparer : figer ce réglage")
    expect(figer).to_be_visible()
    figer.click()
    form.locator("input[name=avantages]").fill("1")
    figure = form.locator("figure.jdr-graphique[data-series='2']")
    expect(figure).to_be_visible()
    expect(figure.locator("svg.jdr-graphique-svg")).to_contain_text("Actuel : Avantages 1")
    expect(figure.locator("svg.jdr-graphique-svg")).to_contain_text("Figé : Avantages 0")
    ligne = figure.locator("g[data-cle='2']")
    expect(ligne.locator("rect")).to_have_count(2)
    expect(figure.locator("thead th")).to_have_count(1 + 2 * 3)
    # Un jet garde la comparaison.
    form.locator("button[type=submit]").click()
    expect(form.locator("output .jdr-resultat")).to_be_visible()
    expect(form.locator("figure.jdr-graphique[data-series='2'] .jdr-graphique-ligne--realisee")).to_have_count(1)
    form.get_by_role("button", name="Arrêter la comparaison").click()
    expect(form.locator("figure.jdr-graphique[data-series='1']")).to_be_visible()
    expect(form.get_by_role("button", name="Arrêter la comparaison")).to_be_hidden()


def test_un_reglage_hors_bornes_ne_se_fige_pas(page: Page, serveur: str) -> None:
    """Une valeur refusée : rien n'est figé, le graphique reste à une série."""
    page.goto(serveur + "/troisd6/test/")
    form = page.locator('form[data-mecanique="3d6-test"]').first
    form.locator("input[name=caracteristique]").fill("9")
    form.get_by_role("button", name="Comparer : figer ce réglage").click()
    expect(form.get_by_role("button", name="Arrêter la comparaison")).to_be_hidden()
    assert form.get_attribute("data-comparer") is None
    expect(form.locator(".jdr-cotes .jdr-erreur")).to_contain_text("attendu un entier de 1 à 5")
    # Le graphique du dernier réglage valide reste, grisé ; il revient à la normale une fois corrigé.
    expect(form.locator(".jdr-graphique-zone")).to_have_class(re.compile("jdr-graphique-perime"))
    form.locator("input[name=caracteristique]").fill("4")
    expect(form.locator(".jdr-graphique-zone")).not_to_have_class(re.compile("jdr-graphique-perime"))
    expect(form.locator("figure.jdr-graphique[data-series='1']")).to_be_visible()


def test_axe_ne_trouve_rien_dans_le_graphique(contexte_servi: BrowserContext, serveur: str) -> None:
    """axe-core (épinglé dans package.json) sur le graphique ouvert en mode comparer, clair et sombre, la page
    sous la CSP du site (axe entre par le protocole de Chromium : conftest.injecter_axe)."""
    page = contexte_servi.new_page()
    page.set_viewport_size({"width": 390, "height": 900})
    page.goto(serveur + "/troisd6/test/")
    # Material anime le changement de couleur : sans transition, axe lit la couleur finale.
    sans_animation(page)
    form = page.locator('form[data-mecanique="3d6-test"]').first
    form.get_by_role("button", name="Comparer : figer ce réglage").click()
    form.locator("input[name=avantages]").fill("1")
    expect(form.locator("figure.jdr-graphique[data-series='2']")).to_be_visible()
    # Les cotes du nouveau réglage arrivées : tant qu'elles se calculent (aria-busy), le graphique est
    # grisé (opacité 0,45, jdr.css) et axe y lisait des contrastes trop faibles (rouge une fois sous charge).
    expect(form.locator(".jdr-cotes")).not_to_have_attribute("aria-busy", "true")
    expect(form.locator(".jdr-graphique-zone")).not_to_have_class(re.compile("jdr-graphique-perime"))
    form.locator("details.jdr-graphique-chiffres > summary").click()
    # axe lit ce lanceur-ci seulement : les autres lanceurs de la page calculent encore leurs cotes, à leur
    # heure (graphique grisé tant qu'elles arrivent) ; les lire faisait échouer ce test sous charge.
    form.evaluate("(f) => { f.dataset.essaiAxe = '1'; }")
    injecter_axe(page)
    for schema in ("default", "slate"):
        page.evaluate(f"document.body.setAttribute('data-md-color-scheme', '{schema}')")
        violations = page.evaluate(
            "async () => (await axe.run({ include: [['form[data-essai-axe] .jdr-graphique-zone'],"
            " ['form[data-essai-axe] .jdr-comparer']] }))"
            ".violations.map(v => v.id + ' : ' + v.nodes.map(n => n.target.join(' ')).join(', '))")
        assert violations == [], json.dumps(violations, ensure_ascii=False)
    page.close()
