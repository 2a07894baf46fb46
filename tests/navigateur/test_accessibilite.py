"""Accessibilité : axe-core (épinglé dans package.json, injecté depuis node_modules, jamais
servi par le site) sur chaque page construite, dans les deux thèmes et à 1280 et 375 px,
puis sur les widgets après usage ; quelques contrôles de confort qu'axe ne fait pas.

Un seul Chromium ; chaque adresse ouverte une fois (la première d'un groupe chargée, les autres par la
navigation instantanée, comme en suivant le menu), le thème et la largeur changés sans recharger.
Toutes les règles d'axe tournent dans le thème clair ; dans le sombre, seules celles qui lisent les
couleurs (le reste ne dépend pas de la palette). Le cadre de Material (en-tête, menu principal), le même
partout, est lu sur la première page de chaque groupe. Les pages restent sous la CSP du site (axe entre
par le protocole de Chromium, conftest.injecter_axe) : le même parcours vérifie qu'aucune ne la viole.
"""

from __future__ import annotations

import re
import urllib.request
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import BrowserContext, Page, expect

from ..conftest import (
    GROUPES_DE_PAGES,
    aller,
    combat_d10_a_deux,
    ecouter_la_csp,
    groupe_de_page,
    injecter_axe,
    pages_construites,
    sans_animation,
    sans_moteur,
)

pytestmark = [pytest.mark.navigateur, pytest.mark.construction]
DELAI = 60_000  # ms : large pour une machine de CI chargée
LARGEURS = (1280, 375)
THEMES = ("light", "dark")


def ouvrir(contexte: BrowserContext, theme: str, largeur: int = 1280, *, moteur: bool = True) -> Page:
    """Une page du contexte servi (conftest.contexte_servi), au thème et à la largeur voulus ; avec
    ``moteur=False``, pour lire une page qu'on n'utilise pas, le moteur y reste muet (conftest.MOTEUR_MUET)."""
    page = contexte.new_page() if moteur else sans_moteur(contexte.new_page())
    page.set_viewport_size({"width": largeur, "height": 900})
    page.emulate_media(color_scheme=theme)  # type: ignore[arg-type]
    page.set_default_timeout(DELAI)
    return page


def axe(page: Page, contexte: str = "document", regles: list[str] | None = None,
        sauf: list[str] | None = None, hors: list[str] | None = None) -> list[dict[str, Any]]:
    """Les violations qu'axe trouve dans la page telle qu'elle est affichée maintenant
    (toutes ses règles, seulement celles nommées, ou toutes sauf celles de ``sauf``), dans tout le
    document sauf les parties désignées par ``hors``."""
    injecter_axe(page)
    violations: list[dict[str, Any]] = page.evaluate(
        """async ([contexte, regles, sauf, hors]) => {
            const cible = contexte !== "document" ? document.querySelector(contexte)
                : hors ? {exclude: hors.map((s) => [s])} : document;
            const options = {resultTypes: ["violations"]};
            if (regles) options.runOnly = {type: "rule", values: regles};
            if (sauf) options.rules = Object.fromEntries(sauf.map((r) => [r, {enabled: false}]));
            const r = await axe.run(cible, options);
            return r.violations.map(v => ({
                regle: v.id,
                noeuds: v.nodes.slice(0, 3).map(n => n.target.join(" ") + " : " + (n.failureSummary || "")
                    .replace(/\\s+/g, " ").slice(0, 200)),
            }));
        }""",
        [contexte, regles, sauf, hors],
    )
    return violations


#: Les règles d'axe qui lisent les couleurs : les seules que le thème sombre peut changer.
REGLES_DE_COULEUR = ["color-contrast", "link-in-text-block"]
#: Les règles d'axe dont l'issue dépend de la mise en page (ce qui défile, la taille et l'écart des cibles
#: tactiles, le contenu visible hors des repères, la fenêtre) : les seules que la largeur peut changer, le
#: DOM restant le même.
REGLES_DE_MISE_EN_PAGE = ["scrollable-region-focusable", "target-size", "meta-viewport", "region"]
#: Vrai quand jdr.js a fini de marquer les blocs qui défilent à la largeur actuelle (il le fait
#: peu après un redimensionnement) : chaque bloc qui défile est focalisable, aucun autre n'est marqué.
DEFILABLES_A_JOUR = """() => [...document.querySelectorAll(".md-typeset__scrollwrap, .md-typeset pre > code")]
    .every(b => b.scrollWidth > b.clientWidth + 1
        ? b.dataset.jdrDefilable === "oui" || b.hasAttribute("tabindex")
        : b.dataset.jdrDefilable !== "oui")"""


#: Vrai quand plus aucune transition ni animation finie ne tourne (Material fait glisser et
#: fondre ses menus après un changement de largeur ou de thème : axe lirait des couleurs en route).
SANS_TRANSITION = """() => document.getAnimations()
    .every(a => a.playState !== "running" || a.effect?.getComputedTiming().iterations === Infinity)"""

#: Passe la page au thème voulu (« light » ou « dark ») comme le fait le bouton de Material : les attributs
#: data-md-color-* du corps reçoivent ceux de l'entrée de palette de ce thème (mkdocs.yml, theme.palette).
#: Changer prefers-color-scheme après le chargement (page.emulate_media) ne suffit pas : Material ne lit la
#: palette qu'au chargement.
POSER_LE_THEME = """(theme) => {
    const media = theme === "dark" ? "(prefers-color-scheme: dark)" : "(prefers-color-scheme: light)";
    // L'entrée de la palette, pas le corps : Material y recopie aussi data-md-color-media.
    const entree = document.querySelector(`input[data-md-color-media='${media}']`);
    for (const nom of ["scheme", "primary", "accent"]) {
        document.body.setAttribute(`data-md-color-${nom}`, entree.getAttribute(`data-md-color-${nom}`));
    }
}"""


def poser_le_theme(page: Page, theme: str) -> None:
    page.evaluate(POSER_LE_THEME, theme)


#: Les attributs de palette du corps et les couleurs calculées de quelques éléments de la page.
COULEURS_LUES = """() => {
    const style = (sel) => { const e = document.querySelector(sel); if (!e) return null;
        const s = getComputedStyle(e); return [s.color, s.backgroundColor, s.borderColor]; };
    return {scheme: document.body.dataset.mdColorScheme, primary: document.body.dataset.mdColorPrimary,
            accent: document.body.dataset.mdColorAccent,
            couleurs: ["body", ".md-header", ".md-typeset a", ".md-typeset .md-button", ".jdr-fiche", ".md-typeset h1",
                       ".md-nav__link", ".md-typeset code"].map(style)};
}"""


def largeur(page: Page, pixels: int) -> None:
    """Change la largeur sans recharger, puis attend que la page s'y soit remise."""
    page.set_viewport_size({"width": pixels, "height": 900})
    page.wait_for_function(DEFILABLES_A_JOUR)
    page.wait_for_function(SANS_TRANSITION)


def resume(violations: list[dict[str, Any]]) -> str:
    return "\n".join(f"  {v['regle']} : {' | '.join(v['noeuds'])}" for v in violations)


#: Le cadre de Material autour du contenu : le même sur chaque page (l'en-tête, le menu principal, dont seul
#: l'élément de la page courante change, avec les mêmes styles) ; la table des matières, propre à la page, reste lue.
CADRE_DU_SITE = [".md-header", ".md-sidebar--primary"]


def _entetes(adresse: str) -> dict[str, str]:
    """Les en-têtes de réponse d'une adresse (requête HEAD), noms en minuscules."""
    with urllib.request.urlopen(urllib.request.Request(adresse, method="HEAD"), timeout=30) as reponse:
        return {nom.lower(): valeur for nom, valeur in reponse.headers.items()}


def pages_du_site(site: Path) -> list[str]:
    chemins = []
    for html in pages_construites(site, "index.html"):
        if "pyodide" in html.parts:
            continue
        chemin = "/" + html.parent.relative_to(site).as_posix() + "/"
        chemins.append(chemin.replace("/./", "/"))
    return chemins


class TestChaquePage:
    """axe ne trouve rien sur aucune page, replis ouverts, dans les deux thèmes et aux deux largeurs.

    Chaque adresse est chargée une fois par thème ; la largeur change sans recharger. Les pages
    sont réparties par dossier (les processus de pytest-xdist se les partagent)."""

    def test_chaque_page_dans_un_groupe(self, site_construit: Path) -> None:
        chemins = pages_du_site(site_construit)
        assert len(chemins) >= 20
        assert {groupe_de_page(c) for c in chemins} == set(GROUPES_DE_PAGES)

    @pytest.mark.parametrize("groupe", GROUPES_DE_PAGES)
    def test_aucune_violation(self, contexte_servi: BrowserContext, serveur: str, site_construit: Path,
                              groupe: str) -> None:
        """Chaque page ouverte une fois (la première du groupe chargée, les suivantes par la navigation
        instantanée, qui recrée leurs scripts), sous la CSP du site, sans la violer : toutes les règles d'axe dans
        le thème clair à 1 280 px ; puis,
        passée au thème sombre comme le fait son bouton, celles qui lisent les couleurs (le reste ne
        dépend pas de la palette) ; puis à 375 px celles qui lisent la mise en page (REGLES_DE_MISE_EN_PAGE).

        Le thème tient tout entier aux attributs data-md-color-* du corps de la page (Material les pose au
        chargement d'après prefers-color-scheme, son bouton les change sans recharger ; jdr.css ne lit que
        [data-md-color-scheme], aucun script du site ne lit le thème) : les changer sur place montre la page
        sombre telle qu'un chargement en sombre la montre, test_telephone_menu_ouvert et TestWidgetsApresUsage
        chargeant, eux, des pages en sombre. À 375 px le DOM est le même qu'à 1 280 px, et ce qui s'y
        montre en plus (barre du haut, menu) est lu à 375 px, toutes règles, par test_telephone_menu_ouvert,
        sur une page de chaque sorte ; aucune couleur ne change avec la largeur (jdr.css n'en met aucune
        sous @media écran, Material non plus)."""
        page = ouvrir(contexte_servi, "light", moteur=False)
        messages_csp: list[str] = []
        ecouter_la_csp(page, messages_csp)
        chemins = [c for c in pages_du_site(site_construit) if groupe_de_page(c) == groupe]
        assert chemins
        problemes: list[str] = []

        def lire(chemin: str, ou: str, violations: list[dict[str, Any]]) -> None:
            if violations:
                problemes.append(f"{chemin} ({ou})\n{resume(violations)}")

        for rang, chemin in enumerate(chemins):
            if rang == 0:
                reponse = page.goto(serveur + chemin)
                assert reponse is not None and "content-security-policy" in reponse.headers, chemin
                # axe lit l'état d'arrivée : les transitions de Material (menus, recherche) sont coupées
                # plutôt qu'attendues après chaque changement de largeur ou de thème.
                sans_animation(page)
            else:
                # Les pages suivantes arrivent par la navigation instantanée, comme pour un lecteur qui suit
                # le menu : Material y recrée les scripts du contenu sous la CSP de la page (aucune violation,
                # lu plus bas) ; l'en-tête de chacune est lu à part, sans navigateur.
                assert "content-security-policy" in _entetes(serveur + chemin), chemin
                aller(page, serveur + chemin)
                poser_le_theme(page, "light")  # Material remet sur la page reçue la palette du document
                page.wait_for_function(SANS_TRANSITION)
            # Les replis ouverts : le code des exemples est lu lui aussi.
            page.evaluate("() => document.querySelectorAll('.md-typeset details').forEach(d => { d.open = true; })")
            largeur(page, LARGEURS[0])
            assert page.evaluate("document.body.dataset.mdColorScheme") == "default", chemin
            # L'en-tête et le menu du site, les mêmes sur chaque page, sont lus sur la première du groupe.
            hors = None if rang == 0 else CADRE_DU_SITE
            lire(chemin, f"light, {LARGEURS[0]} px", axe(page, hors=hors))
            poser_le_theme(page, "dark")
            page.wait_for_function(SANS_TRANSITION)
            lire(chemin, f"dark, {LARGEURS[0]} px", axe(page, regles=REGLES_DE_COULEUR, hors=hors))
            for pixels in LARGEURS[1:]:
                largeur(page, pixels)
                lire(chemin, f"{pixels} px", axe(page, regles=REGLES_DE_MISE_EN_PAGE, hors=hors))
            page.set_viewport_size({"width": LARGEURS[0], "height": 900})
            # Sous la CSP du site : la page, ses styles, ses scripts et le worker de sa recherche (parti
            # pendant la lecture d'axe) n'en violent aucune règle.
            assert page.evaluate("window.__violations || []") == [], chemin
        page.close()
        assert messages_csp == []
        assert not problemes, "violations d'axe :\n" + "\n".join(problemes)

    def test_theme_sombre_sur_place_comme_au_chargement(self, contexte_servi: BrowserContext, serveur: str) -> None:
        """Le témoin de test_aucune_violation : une page passée en sombre sur place porte les mêmes
        attributs de palette, et les mêmes couleurs calculées, que la même page chargée en sombre."""
        lues = []
        for theme in THEMES:
            page = ouvrir(contexte_servi, theme, moteur=False)
            page.goto(serveur + "/troisd6/fiche/")
            sans_animation(page)
            if theme == "light":
                poser_le_theme(page, "dark")
            lues.append(page.evaluate(COULEURS_LUES))
            # Material garde la palette choisie (localStorage) : la page suivante suit alors le thème demandé.
            page.evaluate("localStorage.clear()")
            page.close()
        assert lues[0] == lues[1], lues
        assert lues[0]["scheme"] == "slate"


    @pytest.mark.parametrize("chemin", ["/", "/troisd6/", "/encore/fiche/", "/d10/ecran/"])
    @pytest.mark.parametrize("theme", THEMES)
    def test_telephone_menu_ouvert(self, contexte_servi: BrowserContext, serveur: str, theme: str,
                                   chemin: str) -> None:
        """Sur téléphone, la page puis le menu ouvert (le parcours des pages le laisse fermé) : toutes les
        règles en clair, celles des couleurs en sombre (test_aucune_violation les lit à 1 280 px)."""
        regles = None if theme == "light" else REGLES_DE_COULEUR
        page = ouvrir(contexte_servi, theme, 375, moteur=False)
        page.goto(serveur + chemin)
        sans_animation(page)
        page.evaluate("() => document.querySelectorAll('.md-typeset details').forEach(d => { d.open = true; })")
        largeur(page, 375)
        problemes = []
        if fermee := axe(page, regles=regles):
            problemes.append(f"{chemin} ({theme}, 375 px, menu fermé)\n{resume(fermee)}")
        page.locator("label.md-header__button[for='__drawer']").click()
        page.wait_for_function(SANS_TRANSITION)
        if menu := axe(page, "nav.md-nav--primary", regles=regles):
            problemes.append(f"{chemin} ({theme}, 375 px, menu ouvert)\n{resume(menu)}")
        page.close()
        assert not problemes, "violations d'axe :\n" + "\n".join(problemes)


class TestWidgetsApresUsage:
    """Les widgets, une fois utilisés, restent sans violation (thème sombre, 375 px)."""

    def test_lanceur_lance(self, contexte_servi: BrowserContext, serveur: str) -> None:
        page = ouvrir(contexte_servi, "dark", 375)
        page.goto(serveur + "/troisd6/test/")
        formulaire = page.locator("form.jdr-lanceur").first
        formulaire.get_by_role("button", name="Lancer les dés").click()
        expect(formulaire.locator(".jdr-phrase")).to_be_visible(timeout=DELAI)
        violations = axe(page)
        page.close()
        assert not violations, resume(violations)

    def test_situation_d_exemple_ouverte(self, contexte_servi: BrowserContext, serveur: str) -> None:
        """« Modifier » ouvert sur les deux sortes d'exemples (champs du lanceur, nombres de l'exemple) ; la
        seconde page suivie par la navigation instantanée (le moteur de la première reste)."""
        page = ouvrir(contexte_servi, "dark", 375)
        page.goto(serveur + "/troisd6/test/")
        for chemin, exemple in (("/troisd6/test/", "carmen-code"), ("/troisd6/energie/", "pe-depart")):
            aller(page, serveur + chemin)
            bloc = page.locator(f'.jdr-exemple[data-exemple="{exemple}"]')
            bloc.get_by_role("button", name="Modifier", exact=True).click()
            expect(bloc.locator(".jdr-situation form")).to_be_visible(timeout=DELAI)
            violations = axe(page)
            assert not violations, resume(violations)
        page.close()

    def test_lecteur_d_ecran_ni_cotes_relues_ni_graine_lue(self, contexte_servi: BrowserContext, serveur: str) -> None:
        """Un second jet aux mêmes réglages ne touche pas la zone des cotes (aria-live) ; la graine
        se voit mais ses chiffres sont cachés aux lecteurs d'écran."""
        page = ouvrir(contexte_servi, "light")
        page.goto(serveur + "/troisd6/test/")
        formulaire = page.locator("form.jdr-lanceur").first
        bouton = formulaire.get_by_role("button", name="Lancer les dés")
        bouton.click()
        graine = formulaire.locator(".jdr-graine")
        expect(graine).to_have_count(1, timeout=DELAI)
        premiere = graine.text_content()
        page.evaluate(
            """() => { window.mutationsCotes = 0;
                new MutationObserver(m => { window.mutationsCotes += m.length; }).observe(
                    document.querySelector('form.jdr-lanceur .jdr-cotes'),
                    {subtree: true, childList: true, characterData: true}); }"""
        )
        bouton.click()
        expect(graine).not_to_have_text(premiere or "", timeout=DELAI)
        mutations = page.evaluate("() => window.mutationsCotes")
        chiffres = graine.locator("[aria-hidden=true]").text_content() or ""
        lu = graine.evaluate(
            """g => { const c = g.cloneNode(true); c.querySelectorAll('[aria-hidden=true]').forEach(n => n.remove());
                      return c.textContent; }"""
        )
        page.close()
        assert mutations == 0
        assert re.fullmatch(r"\d{6,}", chiffres), chiffres
        assert not re.search(r"\d{4,}", lu) and "Numéro de tirage" in lu, lu

    def test_exemple_execute(self, contexte_servi: BrowserContext, serveur: str) -> None:
        page = ouvrir(contexte_servi, "light", 375)
        page.goto(serveur + "/troisd6/combat/")
        bloc = page.locator('.jdr-exemple[data-exemple="initiative"]')
        bloc.locator("button.jdr-executer").click()
        expect(bloc).to_have_attribute("data-etat", re.compile("ok|echec"), timeout=DELAI)
        bloc.locator("details.jdr-exemple-code").evaluate("d => { d.open = true; }")
        violations = axe(page)
        page.close()
        assert not violations, resume(violations)

    @pytest.mark.parametrize("theme", THEMES)
    def test_fiche_apres_operation(self, contexte_servi: BrowserContext, serveur: str, theme: str) -> None:
        """La fiche enCORE créée puis modifiée : jauges nommées, titres dans l'ordre, focus gardé."""
        page = ouvrir(contexte_servi, theme, 375)
        page.goto(serveur + "/encore/fiche/")
        fiche = page.locator(".jdr-fiche[data-fiche='fiche-principale']")
        fiche.locator("input[type=text]").first.fill("Gideon")
        fiche.get_by_role("button", name="Créer la fiche").click()
        expect(fiche.locator(".jdr-fiche-stress")).to_be_visible(timeout=DELAI)
        fiche.get_by_role("button", name="Indicible (+2)").click()
        expect(fiche.locator(".jdr-fiche-stress h4")).to_contain_text("Stress 2/", timeout=DELAI)
        focus = page.evaluate("() => document.activeElement ? document.activeElement.tagName : ''")
        violations = axe(page)
        page.close()
        assert focus != "BODY", "le focus est retombé sur la page après un bouton de la fiche"
        assert not violations, resume(violations)


    def test_combat_d10_apres_initiative(self, contexte_servi: BrowserContext, serveur: str) -> None:
        """Le suivi de combat D10 : deux combattants, l'initiative lancée, à 375 px en sombre."""
        page = ouvrir(contexte_servi, "dark", 375)
        combat = combat_d10_a_deux(page, serveur, delai=DELAI)
        combat.get_by_role("button", name="Lancer l'initiative").click()
        expect(combat.locator("li.jdr-combattant--actif")).to_have_count(1, timeout=DELAI)
        violations = axe(page)
        page.close()
        assert not violations, resume(violations)


class TestConfort:
    """Ce qu'axe ne mesure pas : focus, cibles tactiles, débordements à 375 px."""

    def test_focus_visible_sur_un_champ_numerique(self, contexte_servi: BrowserContext, serveur: str) -> None:
        page = ouvrir(contexte_servi, "light", moteur=False)
        page.goto(serveur + "/troisd6/test/")
        champ = page.locator("form.jdr-lanceur input[type=number]").first
        champ.focus()
        style = champ.evaluate("e => { const s = getComputedStyle(e); return [s.outlineStyle, s.outlineWidth]; }")
        page.close()
        assert style[0] != "none" and style[1] != "0px", style

    def test_boutons_de_44_px_sur_telephone(self, contexte_servi: BrowserContext, serveur: str) -> None:
        page = ouvrir(contexte_servi, "light", 375, moteur=False)
        page.goto(serveur + "/troisd6/test/")
        hauteurs = page.locator(".jdr-exemple-actions .md-button, form.jdr-lanceur button[type=submit]").evaluate_all(
            "bs => bs.filter(b => b.offsetParent).map(b => b.getBoundingClientRect().height)"
        )
        page.close()
        assert hauteurs and min(hauteurs) >= 44, hauteurs

    def test_bouton_inactif_se_voit_inactif(self, contexte_servi: BrowserContext, serveur: str) -> None:
        page = ouvrir(contexte_servi, "light", moteur=False)
        page.goto(serveur + "/troisd6/test/")
        bouton = page.locator(".jdr-exemple-actions .md-button").first
        actif = bouton.evaluate("b => getComputedStyle(b).opacity")
        bouton.evaluate("b => { b.disabled = true; }")
        inactif = bouton.evaluate("b => [getComputedStyle(b).opacity, getComputedStyle(b).cursor]")
        page.close()
        assert float(inactif[0]) <= 0.6 < float(actif) and inactif[1] == "not-allowed"

    def test_a_375_px_ni_code_coupe_ni_colonne_cachee(self, contexte_servi: BrowserContext, serveur: str) -> None:
        page = ouvrir(contexte_servi, "light", 375, moteur=False)
        page.goto(serveur + "/troisd6/test/")
        page.evaluate("() => document.querySelectorAll('.jdr-exemple details').forEach(d => { d.open = true; })")
        coupes = page.locator(".jdr-exemple pre > code").evaluate_all(
            "cs => cs.filter(c => c.scrollWidth > c.clientWidth + 1).length"
        )
        page.goto(serveur + "/troisd6/tables/")
        # La dernière colonne des tableaux à quatre colonnes reste dans l'écran sans défiler.
        debordes = page.locator(".md-typeset table").evaluate_all(
            """ts => ts.filter(t => t.querySelectorAll('thead th').length === 4)
                   .filter(t => { const d = t.querySelector('thead th:last-child').getBoundingClientRect();
                                  return d.right > document.documentElement.clientWidth + 1; })
                   .map(t => t.querySelector('thead').textContent.trim())"""
        )
        page.close()
        assert coupes == 0
        assert debordes == []

    def test_tableau_qui_defile_se_parcourt_au_clavier(self, contexte_servi: BrowserContext, serveur: str) -> None:
        page = ouvrir(contexte_servi, "light", 375, moteur=False)
        page.goto(serveur + "/d10/tables/")
        page.wait_for_function(DEFILABLES_A_JOUR)
        blocs = page.locator(".md-typeset__scrollwrap").evaluate_all(
            "bs => bs.filter(b => b.scrollWidth > b.clientWidth + 1)"
            ".map(b => [b.tabIndex, b.getAttribute('role'), b.getAttribute('aria-label')])"
        )
        page.close()
        for tabindex, role, nom in blocs:
            assert tabindex == 0 and role == "region" and nom, (tabindex, role, nom)

    def test_resultat_de_la_fiche_visible_sur_telephone(self, contexte_servi: BrowserContext, serveur: str) -> None:
        page = ouvrir(contexte_servi, "light", 375)
        page.set_viewport_size({"width": 375, "height": 640})
        page.goto(serveur + "/encore/fiche/")
        fiche = page.locator(".jdr-fiche[data-fiche='fiche-principale']")
        fiche.locator("input[type=text]").first.fill("Gideon")
        fiche.get_by_role("button", name="Créer la fiche").click()
        bouton = fiche.get_by_role("button", name="Indicible (+2)")
        bouton.click()
        message = fiche.locator("output.jdr-sortie p")
        expect(message).not_to_be_empty(timeout=DELAI)
        page.wait_for_timeout(300)
        haut, bas = message.evaluate("p => { const r = p.getBoundingClientRect(); return [r.top, r.bottom]; }")
        page.close()
        assert haut >= 0 and bas <= 641, (haut, bas)  # 1 px : arrondi des positions fractionnaires

    def test_recherche_a_un_nom(self, contexte_servi: BrowserContext, serveur: str) -> None:
        page = ouvrir(contexte_servi, "light", moteur=False)
        page.goto(serveur + "/")
        expect(page.get_by_role("dialog", name="Recherche dans les règles", include_hidden=True)).to_have_count(1)
        page.close()
