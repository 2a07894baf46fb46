"""Le site construit, dans Chromium (Playwright, Chromium de Debian), servi sur 127.0.0.1."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlparse

import pytest
from playwright.sync_api import Browser, BrowserContext, ConsoleMessage, Locator, Page, Request, expect

from ..conftest import (
    CREATIONS_DE_WORKERS,
    GROUPES_DE_PAGES,
    aller,
    combat_d10_a_deux,
    groupe_de_page,
    pages_construites,
    ranger_avant_d_ouvrir,
    sans_modeles,
    sans_moteur,
    vue_de_la_fiche,
)

pytestmark = [pytest.mark.navigateur, pytest.mark.construction]
DELAI = 40_000  # ms : large pour une machine de CI chargée ; le chien de garde du site est à 20 s
expect.set_options(timeout=DELAI)


class Surveillance:
    """Erreurs de console et requêtes hors de l'origine, relevées pendant un test."""

    def __init__(self, page: Page, origine: str) -> None:
        self.erreurs: list[str] = []
        self.sorties: list[str] = []
        self.origine = urlparse(origine).netloc
        page.on("console", self._console)
        page.on("pageerror", lambda e: self.erreurs.append(str(e)))
        page.on("request", self._requete)

    def _console(self, message: ConsoleMessage) -> None:
        if message.type == "error":
            self.erreurs.append(message.text)

    def _requete(self, requete: Request) -> None:
        url = urlparse(requete.url)
        if url.scheme in ("http", "https", "ws", "wss") and url.netloc != self.origine:
            self.sorties.append(requete.url)


@pytest.fixture
def page(contexte_servi: BrowserContext, serveur: str) -> Iterator[Page]:
    page = contexte_servi.new_page()
    page.surveillance = Surveillance(page, serveur)  # type: ignore[attr-defined]
    page.set_default_timeout(DELAI)
    yield page
    surveillance: Surveillance = page.surveillance  # type: ignore[attr-defined]
    page.close()
    assert surveillance.erreurs == [], "erreurs de console"
    assert surveillance.sorties == [], "requêtes hors de l'origine"


def _pages_avec_exemples(site: Path) -> dict[str, list[str]]:
    pages: dict[str, list[str]] = {}
    for html in pages_construites(site, "index.html"):
        ids = re.findall(r'data-exemple="([^"]+)"', html.read_text(encoding="utf-8"))
        if ids:
            chemin = "/" + html.parent.relative_to(site).as_posix() + "/"
            pages[chemin.replace("/./", "/")] = ids
    return pages


MEMES_RESULTATS = "Le calcul du navigateur donne les mêmes résultats que le texte."


def test_exemples_et_lanceurs_dans_un_groupe(site_construit: Path) -> None:
    """Les exemples et les lanceurs du site sont tous dans un groupe de pages parcouru ci-dessous."""
    exemples, lanceurs = _pages_avec_exemples(site_construit), _pages_avec_lanceurs(site_construit)
    assert sum(len(v) for v in exemples.values()) >= 15 and lanceurs
    assert {groupe_de_page(c) for c in [*exemples, *lanceurs]} <= set(GROUPES_DE_PAGES)


#: Clique chaque bouton ``selecteur`` des exemples de la page, tous d'un coup, comme un lecteur pressé
#: (le worker les sert l'un après l'autre). Chaque bloc cliqué garde le texte d'état d'avant le clic.
CLIQUER_CHAQUE_EXEMPLE = """(selecteur) => {
    for (const bloc of document.querySelectorAll(".jdr-exemple[data-exemple]")) {
        const bouton = bloc.querySelector(selecteur);
        if (bouton) { bloc.dataset.testEtatAvant = bloc.querySelector(".jdr-etat")?.textContent ?? ""; bouton.click(); }
    }
}"""
#: Vrai quand chaque exemple cliqué a fini : plus en attente, un état final, un texte d'état changé.
EXEMPLES_FINIS = """() => [...document.querySelectorAll(".jdr-exemple[data-test-etat-avant]")].every(b =>
    !("attente" in b.dataset) && /^(ok|echec|ecart)$/.test(b.dataset.etat || "")
    && (b.querySelector(".jdr-etat")?.textContent ?? "") !== b.dataset.testEtatAvant)"""
#: Ce que montre chaque exemple cliqué : son état, le texte d'état, une ligne juste visible, son lien.
LIRE_LES_EXEMPLES = """() => [...document.querySelectorAll(".jdr-exemple[data-test-etat-avant]")].map(b => {
    delete b.dataset.testEtatAvant;
    const ok = b.querySelector("output.jdr-sortie .jdr-ok");
    return {id: b.dataset.exemple, etat: b.dataset.etat, texte: b.querySelector(".jdr-etat").textContent.trim(),
            okVisible: !!ok && ok.getClientRects().length > 0,
            liens: b.querySelectorAll("output a.jdr-lien").length, sortie: b.innerText.slice(0, 400)};
})"""


def _executer_chaque_exemple(page: Page, bouton: str) -> list[dict[str, Any]]:
    page.evaluate(CLIQUER_CHAQUE_EXEMPLE, bouton)
    page.wait_for_function(EXEMPLES_FINIS, polling=50)
    lus: list[dict[str, Any]] = page.evaluate(LIRE_LES_EXEMPLES)
    return lus


@pytest.mark.parametrize("groupe", GROUPES_DE_PAGES)
def test_tous_les_exemples_passent(page: Page, serveur: str, site_construit: Path, groupe: str) -> None:
    """Chaque exemple des pages d'un dossier, de page en page par la navigation instantanée : un seul
    démarrage de Python par dossier (le démarrage d'une page est testé ailleurs). Sur chaque page,
    tous les « Exécuter » sont cliqués d'un coup, puis tous les « Avec d'autres dés » : un seul aller
    et retour avec Chromium par page au lieu de plusieurs par exemple, et des clics rapprochés servis
    chacun à son bloc."""
    pages = {c: ids for c, ids in _pages_avec_exemples(site_construit).items() if groupe_de_page(c) == groupe}
    if not pages:
        pytest.skip(f"aucun exemple dans {groupe}")
    for chemin, ids in pages.items():
        aller(page, serveur + chemin.replace("//", "/"))
        executes = _executer_chaque_exemple(page, "button.jdr-executer")
        assert sorted(e["id"] for e in executes) == sorted(set(ids)), chemin
        for exemple in executes:
            assert exemple["etat"] == "ok", f"{chemin} {exemple['id']} : {exemple['sortie']}"
            assert exemple["okVisible"], f"{chemin} {exemple['id']}"
            assert exemple["texte"] == MEMES_RESULTATS, f"{chemin} {exemple['id']} : {exemple['texte']}"
        # La même situation avec d'autres dés : un résultat, jamais une erreur, et un lien de rejeu.
        for exemple in _executer_chaque_exemple(page, "button.jdr-autres-des"):
            situation = f"{chemin} {exemple['id']} : {exemple['sortie']}"
            assert "Mêmes règles, d'autres dés" in exemple["texte"], situation
            assert exemple["etat"] in ("ok", "ecart"), situation
            assert exemple["liens"] == 1, situation
    racine = "document.documentElement.dataset"
    workers, abandon = page.evaluate(f"[{racine}.jdrWorkers, {racine}.jdrAbandon]")
    assert workers == "1", abandon


def test_exemple_avec_d_autres_des_et_rejeu(page: Page, serveur: str) -> None:
    """« Avec d'autres dés » : une issue en français et un lien qui rejoue exactement ce tirage."""
    page.goto(serveur + "/troisd6/test/")
    bloc = page.locator('.jdr-exemple[data-exemple="pierre-ruelle"]')
    bloc.get_by_role("button", name="Avec d'autres dés").click()
    expect(bloc).to_have_attribute("data-etat", re.compile("ok|ecart"))
    expect(bloc.locator(".jdr-etat")).to_contain_text("Mêmes règles, d'autres dés")
    sorties = bloc.locator("output .jdr-obtenu").all_inner_texts()
    assert sorties and all("Fraction(" not in t and "True" not in t for t in sorties)
    lien = bloc.locator("a.jdr-lien").get_attribute("href")
    assert lien and "exemple=pierre-ruelle" in lien and "graine=" in lien
    autre = page.context.new_page()
    autre.goto(lien)
    bloc2 = autre.locator('.jdr-exemple[data-exemple="pierre-ruelle"]')
    expect(bloc2.locator(".jdr-etat")).to_contain_text("Tirage rejoué depuis un lien", timeout=DELAI)
    expect(bloc2).to_have_attribute("data-etat", re.compile("ok|ecart"), timeout=DELAI)
    assert bloc2.locator("output .jdr-obtenu").all_inner_texts() == sorties
    autre.close()


#: Le panneau de « Modifier » (sélecteur donné) se tient au-dessus du résultat de l'exemple.
AU_DESSUS_DU_RESULTAT = """(b, panneau) => !!(b.querySelector(panneau).compareDocumentPosition(
  b.querySelector(":scope > output.jdr-sortie")) & Node.DOCUMENT_POSITION_FOLLOWING)"""


def test_exemple_modifier_executer_revenir(page: Page, serveur: str) -> None:
    """« Modifier » : un nombre changé donne un autre résultat (≠) ; une erreur est dite en
    français et la page continue de marcher ; « Revenir au texte » rend le code d'origine."""
    page.goto(serveur + "/troisd6/test/")
    bloc = page.locator('.jdr-exemple[data-exemple="pierre-ruelle"]')
    source = json.loads(bloc.locator("template.jdr-source").evaluate("(t) => t.content.textContent") or "")
    bloc.get_by_role("button", name="Modifier", exact=True).click()
    bloc.get_by_role("button", name="Modifier le code").click()
    zone = bloc.locator("textarea.jdr-code-modifiable")
    expect(zone).to_be_focused()
    assert zone.input_value() == source
    # L'éditeur prend la place des boutons, au-dessus du résultat qu'il va produire.
    assert bloc.evaluate(AU_DESSUS_DU_RESULTAT, ".jdr-editeur")
    zone.fill(source.replace("tester(3", "tester(5"))
    zone.press("Control+Enter")
    expect(bloc).to_have_attribute("data-etat", "ecart")
    expect(bloc.locator("output .jdr-ecart").first).to_be_visible()
    expect(bloc.locator(".jdr-etat")).to_contain_text("Votre version donne")
    zone.fill(source.replace("tester(3", "tester(9"))
    bloc.get_by_role("button", name="Exécuter ma version").click()
    expect(bloc).to_have_attribute("data-etat", "echec")
    erreur = bloc.locator("output .jdr-erreur-exemple")
    expect(erreur).to_contain_text("attendu un entier de 1 à 5")
    assert "Traceback" not in (bloc.inner_text())
    zone.fill(">>> x = (\n")
    bloc.get_by_role("button", name="Exécuter ma version").click()
    expect(bloc.locator("output .jdr-erreur-exemple")).to_contain_text(
        "Erreur de syntaxe à la ligne 1 : parenthèse « ( » ouverte et jamais fermée.")
    bloc.get_by_role("button", name="Revenir au texte").click()
    expect(bloc.locator("textarea")).to_have_count(0)
    bloc.get_by_role("button", name="Exécuter").first.click()
    expect(bloc).to_have_attribute("data-etat", "ok")
    expect(bloc.locator(".jdr-etat")).to_have_text(MEMES_RESULTATS)


def test_modifier_la_situation_en_champs(page: Page, serveur: str) -> None:
    """« Modifier » sur un exemple relié à un lanceur : ses réglages en champs, ses chances exactes,
    recalculées quand un champ change, un jet sur place qui entre au journal, et un lien de rejeu
    qui mène au lanceur de la mécanique (c'est là qu'un lien rejoue un jet)."""
    page.goto(serveur + "/troisd6/test/")
    bloc = page.locator('.jdr-exemple[data-exemple="carmen-code"]')
    modifier = bloc.get_by_role("button", name="Modifier", exact=True)
    modifier.click()
    form = bloc.locator("form.jdr-lanceur")
    champ = form.get_by_role("spinbutton", name=re.compile("Caractéristique"))
    expect(champ).to_be_focused()
    expect(champ).to_have_value("4")
    assert bloc.evaluate(AU_DESSUS_DU_RESULTAT, ".jdr-situation")
    assert form.locator('[name="difficulte"]').input_value() == "3"
    cotes = form.locator(".jdr-cotes ul").inner_text()
    champ.fill("2")
    expect(form.locator(".jdr-cotes ul")).not_to_have_text(cotes, timeout=DELAI)
    form.get_by_role("button", name="Lancer les dés").click()
    resultat = form.locator("output .jdr-resultat")
    expect(resultat).to_be_visible(timeout=DELAI)
    expect(resultat.locator(".jdr-de").first).to_be_visible()
    assert re.search(r"[a-zé]{3,}", resultat.locator(".jdr-phrase").inner_text())
    faces = resultat.locator(".jdr-de").evaluate_all("(des) => des.map((d) => d.dataset.face)")
    lien = resultat.locator("a.jdr-lien").get_attribute("href") or ""
    params = dict(re.findall(r"[?&]([^=&#]+)=([^&#]*)", lien))
    assert params["lanceur"] == "3d6-test" and params["caracteristique"] == "2" and params.get("graine")
    assert lien.split("#")[1] == "lanceur-3d6-test"
    page.locator(".jdr-journal-bouton").click()
    entree = page.locator(".jdr-journal-entree").first
    expect(entree).to_contain_text("Carmen casse un code (votre version)", timeout=DELAI)
    page.keyboard.press("Escape")
    bloc.get_by_role("button", name="Revenir au texte").click()
    expect(bloc.locator("form.jdr-lanceur")).to_have_count(0)
    expect(modifier).to_be_focused()
    # Le lien rejoue ce jet dans le lanceur de la mécanique : mêmes réglages, mêmes dés.
    autre = page.context.new_page()
    autre.goto(lien)
    form2 = autre.locator('form.jdr-lanceur[data-mecanique="3d6-test"]').first
    expect(form2.locator("output .jdr-resultat")).to_be_visible(timeout=DELAI)
    assert form2.locator('[name="caracteristique"]').input_value() == "2"
    assert form2.locator("output .jdr-de").evaluate_all("(des) => des.map((d) => d.dataset.face)") == faces
    autre.close()


def test_modifier_les_nombres_d_un_exemple_sans_lanceur(page: Page, serveur: str) -> None:
    """« Modifier » sur un exemple sans lanceur : ses propres nombres en champs, par étape ; exécutés
    à part, avec les écarts au texte marqués ≠ ; un champ qui n'est pas un entier est refusé en
    français sans rien lancer ; une valeur que la règle refuse est dite par la règle."""
    page.goto(serveur + "/troisd6/energie/")
    bloc = page.locator('.jdr-exemple[data-exemple="pe-depart"]')
    bloc.get_by_role("button", name="Modifier", exact=True).click()
    form = bloc.locator("form.jdr-reglages")
    expect(form.locator(".jdr-etape-titre")).to_have_text(["Étape 1 : PE de départ", "Étape 2 : PE de départ"])
    physique = form.get_by_role("spinbutton", name="Physique").first
    expect(physique).to_be_focused()
    expect(physique).to_have_value("4")
    physique.fill("5")
    form.get_by_role("button", name="Exécuter avec ces valeurs").click()
    expect(bloc).to_have_attribute("data-etat", "ecart", timeout=DELAI)
    expect(bloc.locator("output .jdr-ecart .jdr-obtenu")).to_have_text(re.compile(r"débute avec 8\sPE"))
    expect(bloc.locator("output .jdr-ok")).to_have_count(1)
    physique.fill("")
    form.get_by_role("button", name="Exécuter avec ces valeurs").click()
    expect(bloc.locator("output .jdr-erreur")).to_contain_text("écrivez un nombre entier")
    expect(physique).to_be_focused()
    physique.fill("40")
    form.get_by_role("button", name="Exécuter avec ces valeurs").click()
    expect(bloc.locator("output .jdr-erreur-exemple")).to_be_visible(timeout=DELAI)
    assert "Traceback" not in bloc.inner_text()
    bloc.get_by_role("button", name="Modifier le code").click()
    expect(bloc.locator("textarea.jdr-code-modifiable")).to_be_focused()
    expect(bloc.locator("form.jdr-reglages")).to_have_count(0)
    bloc.get_by_role("button", name="Revenir au texte").click()
    expect(bloc.get_by_role("button", name="Modifier", exact=True)).to_be_focused()


def test_lancer_cette_situation(page: Page, serveur: str, site_construit: Path) -> None:
    """Un exemple relié à un lanceur ouvre ce lanceur avec les valeurs de l'exemple."""
    liens = []
    for html in pages_construites(site_construit):
        liens += re.findall(r'class="jdr-lancer-situation md-button" href="([^"]+)"', html.read_text(encoding="utf-8"))
        if liens:
            depart = "/" + html.parent.relative_to(site_construit).as_posix() + "/"
            break
    if not liens:
        pytest.skip("aucun exemple n'est encore relié à un lanceur")
    page.goto(serveur + depart.replace("//", "/"))
    page.locator("a.jdr-lancer-situation").first.click()
    params = dict(re.findall(r"[?&]([^=&#]+)=([^&#]*)", page.url))
    form = page.locator(f'form.jdr-lanceur[data-mecanique="{params["lanceur"]}"]')
    expect(form.locator("button[type=submit]")).to_be_focused(timeout=DELAI)
    form.locator("button[type=submit]").click()
    expect(form.locator("output .jdr-resultat")).to_be_visible(timeout=DELAI)
    for nom, valeur in params.items():
        if nom != "lanceur" and form.locator(f'input[type=number][name="{nom}"]').count():
            assert form.locator(f'[name="{nom}"]').input_value() == valeur


def _lancer(page: Page, mecanique: str) -> list[str]:
    form = page.locator(f'form.jdr-lanceur[data-mecanique="{mecanique}"]').first
    form.locator("button[type=submit]").click()
    expect(form.locator("output .jdr-resultat")).to_be_visible()
    return form.locator("output .jdr-de").all_inner_texts()


def _ouvrir_et_lancer(page: Page, adresse: str, mecanique: str) -> Locator:
    """Ouvre ``adresse``, y lance une fois le lanceur ``mecanique`` et rend son formulaire."""
    page.goto(adresse)
    _lancer(page, mecanique)
    return page.locator(f'form[data-mecanique="{mecanique}"]')


def _pages_avec_lanceurs(site: Path) -> dict[str, list[str]]:
    pages: dict[str, list[str]] = {}
    for html in pages_construites(site):
        noms = re.findall(r'<form class="jdr-lanceur" data-mecanique="([^"]+)"',
                          sans_modeles(html.read_text(encoding="utf-8")))
        if noms:
            pages["/" + html.parent.relative_to(site).as_posix() + "/"] = noms
    return pages


@pytest.mark.parametrize("groupe", GROUPES_DE_PAGES)
def test_chaque_lanceur_montre_des_et_issue(page: Page, serveur: str, site_construit: Path, groupe: str) -> None:
    """Chaque mécanique du registre a son lanceur sur une page, et chaque lanceur des pages d'un dossier
    donne un jet lisible (de page en page par la navigation instantanée, un démarrage de Python)."""
    from jdr_core import registre

    pages = _pages_avec_lanceurs(site_construit)
    assert {m for noms in pages.values() for m in noms} >= set(registre.mecaniques())
    pages = {c: noms for c, noms in pages.items() if groupe_de_page(c) == groupe}
    if not pages:
        pytest.skip(f"aucun lanceur dans {groupe}")
    for chemin, noms in pages.items():
        aller(page, serveur + chemin.replace("//", "/"))
        for mecanique in dict.fromkeys(noms):
            des = _lancer(page, mecanique)
            assert des and all(re.fullmatch(r"\d{1,2}|\?", d) for d in des), (mecanique, des)
            form = page.locator(f'form[data-mecanique="{mecanique}"]').first
            assert form.locator(".jdr-phrase").inner_text().strip(), mecanique
            expect(form.locator(".jdr-cotes li").first).to_contain_text("%")
            expect(form.locator(".jdr-etat")).to_have_attribute("data-etat", "pret")
            expect(form.locator(".jdr-etat")).to_have_text("")  # rien à dire une fois prêt
            expect(form.locator(".jdr-erreur")).to_have_count(0)
            # Le focus revient au bouton : on relance au clavier sans tout reparcourir.
            form.locator("button[type=submit]").focus()
            page.keyboard.press("Enter")
            expect(form.locator("button[type=submit]")).to_be_focused()


def test_jet_cache_se_revele(page: Page, serveur: str) -> None:
    """Le dé du MJ reste caché (« ? ») jusqu'au clic sur « Révéler »."""
    form = _ouvrir_et_lancer(page, serveur + "/deuxd6/", "2d6-jet-cache")
    cache = form.locator("output .jdr-de--cache")
    expect(cache).to_have_count(1)
    expect(cache).to_have_text("?")
    attente = form.locator(".jdr-phrase").inner_text()
    assert "caché" in attente
    form.locator("output .jdr-de--cache").focus()
    page.keyboard.press("Enter")
    expect(form.locator("output .jdr-de--cache")).to_have_count(0)
    expect(form.get_by_role("button", name="Révéler")).to_have_count(0)
    des = form.locator("output .jdr-de").all_inner_texts()
    assert all(d in "123456" for d in des)
    # Le résultat remplace la phrase d'attente, et le focus va au résultat.
    expect(form.locator(".jdr-phrase")).to_contain_text(f"{des[0]} et {des[1]} = {int(des[0]) + int(des[1])} contre")
    expect(form.locator(".jdr-phrase")).to_be_focused()


def test_cotes_perimees_jamais_affichees_comme_a_jour(page: Page, serveur: str) -> None:
    """Pendant un recalcul, la zone des cotes est marquée « calcul… » ; la dernière saisie l'emporte."""
    form = _ouvrir_et_lancer(page, serveur + "/troisd6/test/", "3d6-test")
    champ = form.locator('[name="difficulte"]')
    for valeur in ("1", "3", "1"):
        champ.fill(valeur)
    expect(form.locator(".jdr-cotes")).to_have_attribute("aria-busy", "true")
    expect(form.locator(".jdr-cotes")).not_to_have_attribute("aria-busy", "true")
    expect(form.locator(".jdr-cotes li").first).to_contain_text("(7/8)")


#: Script d'initialisation : tant que window.__retenir est vrai, les réponses de cotes du moteur attendent dans
#: window.__retenues (des fonctions qui les livrent) au lieu d'arriver à la page.
RETENIR_LES_COTES = """(() => {
  const Vrai = window.Worker;
  if (!Vrai) return;
  window.__retenues = [];
  window.Worker = function Worker(url, options) {
    const w = new Vrai(url, options);
    if (!String(url).includes("/jdr-worker.js")) return w;
    const cotes = new Set();
    const poster = w.postMessage.bind(w);
    w.postMessage = (m, t) => {
      if (m && m.requete && m.requete.type === "cotes") cotes.add(m.id);
      return t ? poster(m, t) : poster(m);
    };
    let recu = null;
    Object.defineProperty(w, "onmessage", {
      get: () => recu,
      set(f) {
        recu = f;
        w.addEventListener("message", (e) => {
          if (window.__retenir && cotes.has(e.data && e.data.id)) window.__retenues.push(() => f(e));
          else f(e);
        });
      },
    });
    return w;
  };
})()"""


def test_reponse_d_une_saisie_d_avant_ne_retire_pas_le_calcul(page: Page, serveur: str) -> None:
    """Les cotes d'une saisie arrivent pendant les 200 ms d'attente de la saisie suivante : elles sont d'avant,
    la zone reste « calcul… » (elle montrait ces cotes comme à jour), puis montre celles de la dernière saisie."""
    page.add_init_script(RETENIR_LES_COTES)
    form = _ouvrir_et_lancer(page, serveur + "/troisd6/test/", "3d6-test")
    champ = form.locator('[name="difficulte"]')
    page.evaluate("() => { window.__retenir = true; }")
    champ.fill("3")
    page.wait_for_function("() => window.__retenues.length === 1")  # les cotes de « 3 » sont en route
    occupee = champ.evaluate("""async (c) => {
        c.value = "1";
        c.dispatchEvent(new Event("input", { bubbles: true }));  // la saisie suivante, dans les 200 ms
        window.__retenir = false;
        window.__retenues.splice(0).forEach((livrer) => livrer());  // les cotes de « 3 » arrivent
        await new Promise((r) => setTimeout(r, 0));
        return c.form.querySelector(".jdr-cotes").getAttribute("aria-busy");
    }""")
    assert occupee == "true", "les cotes d'une saisie d'avant ont été montrées comme à jour"
    expect(form.locator(".jdr-cotes")).not_to_have_attribute("aria-busy", "true")
    expect(form.locator(".jdr-cotes li").first).to_contain_text("(7/8)")


def test_issue_impossible_dite_apres_un_changement(page: Page, serveur: str) -> None:
    """Réglé à la main sur deux dés pour trois succès, le lanceur dit l'issue cherchée impossible
    (la ligne vient du cœur, par la réponse du worker) au lieu de vider sa liste de chances."""
    form = _ouvrir_et_lancer(page, serveur + "/troisd6/test/", "3d6-test")
    form.locator('[name="caracteristique"]').fill("4")
    form.locator('[name="desavantages"]').fill("1")
    form.locator('[name="difficulte"]').fill("3")
    expect(form.locator(".jdr-cotes")).not_to_have_attribute("aria-busy", "true")
    expect(form.locator(".jdr-cotes li")).to_have_text(["Réussir (difficulté 3) : impossible (0 %)"])
    expect(form.locator(".jdr-cotes .jdr-fraction")).to_have_count(0)


def test_longues_fractions_en_infobulle(page: Page, serveur: str) -> None:
    """Une fraction exacte illisible (des dizaines de chiffres) passe en infobulle, le pourcentage reste."""
    sans_moteur(page)  # les chances écrites par la construction : Python ne sert pas ici
    page.goto(serveur + "/deuxd6/scenes/")
    cotes = page.locator('form[data-mecanique="2d6-scene-majeure"] .jdr-cotes li strong[title^="Fraction exacte"]')
    expect(cotes.first).to_be_visible()


def test_lien_refuse_ou_sans_cible_le_dit(page: Page, serveur: str) -> None:
    """Un lien de rejeu refusé ne prétend pas avoir rejoué ; un lien vers un lanceur ou un exemple
    absent de la page le dit (le nom reçu, hostile ou non, reste du texte)."""
    page.goto(serveur + "/troisd6/test/?lanceur=3d6-test&caracteristique=9&graine=5#x")
    form = page.locator('form[data-mecanique="3d6-test"]')
    expect(form.locator("output .jdr-erreur")).to_be_visible()
    expect(form.locator(".jdr-avis-rejeu")).to_contain_text("n'a rejoué aucun jet")
    page.goto(serveur + "/troisd6/test/?lanceur=%3Cimg%20src%3Dx%3E&exemple=fantome&graine=5")
    avis = page.locator(".jdr-lien-sans-cible")
    expect(avis).to_contain_text("le lanceur «\u202f<img src=x>\u202f» et l'exemple «\u202ffantome\u202f»")
    expect(avis).to_contain_text("rien n'a été rejoué")
    assert page.locator("article img[src='x']").count() == 0


def test_lien_rejoue_le_meme_jet(page: Page, serveur: str) -> None:
    page.goto(serveur + "/troisd6/test/")
    form = page.locator('form[data-mecanique="3d6-test"]')
    form.locator('[name="caracteristique"]').fill("4")
    form.locator('[name="relances"]').fill("2")
    form.locator('[name="avantages"]').fill("1")
    des = _lancer(page, "3d6-test")
    phrase = form.locator(".jdr-phrase").inner_text()
    lien = form.locator("a.jdr-lien").get_attribute("href")
    assert lien and "graine=" in lien and "caracteristique=4" in lien
    autre = page.context.new_page()
    autre.goto(lien)
    form2 = autre.locator('form[data-mecanique="3d6-test"]')
    expect(form2.locator("output .jdr-resultat")).to_be_visible(timeout=DELAI)
    assert form2.locator("output .jdr-de").all_inner_texts() == des
    assert form2.locator(".jdr-phrase").inner_text() == phrase
    assert form2.locator('[name="caracteristique"]').input_value() == "4"
    # Le même lien fait avant que le dossier 3d6 devienne troisd6 : renvoyé, graine et réglages compris.
    assert "/troisd6/test/" in lien
    autre.goto(lien.replace("/troisd6/", "/3d6/"))
    expect(autre).to_have_url(lien)
    expect(form2.locator("output .jdr-resultat")).to_be_visible(timeout=DELAI)
    assert form2.locator("output .jdr-de").all_inner_texts() == des


def test_vieux_lien_rejoue_le_meme_jet(page: Page, serveur: str) -> None:
    """Un lien fait quand l'action aidée n'avait qu'un niveau pour tous ses assistants règle chaque
    assistant à ce niveau (table des anciens noms du cœur) et rejoue les dés que le cœur rejoue."""
    from jdr_core import registre
    from jdr_core.francais import typographier

    vieux = {"niveau": "2", "assistants": "2", "niveau_aides": "3"}
    attendu = registre.executer("2d6-assistance", vieux, 41)
    page.goto(serveur + "/deuxd6/cas-speciaux/?lanceur=2d6-assistance&niveau=2&assistants=2&niveau_aides=3&graine=41")
    form = page.locator('form[data-mecanique="2d6-assistance"]#lanceur-2d6-assistance')
    expect(form.locator("output .jdr-resultat")).to_be_visible(timeout=DELAI)
    assert [form.locator(f'[name="niveau_aide_{i}"]').input_value() for i in range(1, 5)] == ["3"] * 4
    assert form.locator("output .jdr-de").all_inner_texts() == [
        str(d["face"]) for g in attendu["groupes"] for d in g["des"]]
    assert form.locator(".jdr-phrase").inner_text() == typographier(attendu["phrase"])
    expect(form.locator(".jdr-avis-rejeu")).to_contain_text("mêmes réglages et mêmes dés")


def test_hypothese_repliee_a_l_ecran_imprimee_sur_papier(page: Page, serveur: str) -> None:
    """À l'écran, un encadré « Hypothèse » est replié sous sa question ; imprimée, la page est une
    page de livre : la réponse s'imprime aussi."""
    sans_moteur(page)  # du texte seulement : Python ne sert pas ici
    page.goto(serveur + "/troisd6/test/")
    boite = page.locator("details.hypothese").first
    reponse = boite.locator("p").first
    expect(boite.locator("summary")).to_have_text(re.compile(r"^Hypothèse\s:\s.+\s\?$"))
    expect(reponse).to_be_hidden()
    page.emulate_media(media="print")
    expect(reponse).to_be_visible()
    page.emulate_media(media="screen")
    expect(reponse).to_be_hidden()


def test_ancre_d_une_page_scindee(page: Page, serveur: str) -> None:
    """Un lien gardé vers une section devenue sa propre page y mène, requête et ancre comprises ; une
    ancre restée sur la page ne bouge pas."""
    sans_moteur(page)  # des adresses seulement : Python ne sert pas ici
    page.goto(serveur + "/deuxd6/scenes/?graine=7#le-sabotage")
    expect(page).to_have_url(serveur + "/deuxd6/scenes-reflexion/?graine=7#le-sabotage")
    expect(page.locator("h2#le-sabotage")).to_be_visible()
    page.goto(serveur + "/deuxd6/scenes/#scenes-majeures")
    page.wait_for_function("() => document.querySelector('[data-branche]') !== null")
    assert page.url == serveur + "/deuxd6/scenes/#scenes-majeures"
    # Arrivé par la navigation instantanée (la page scindée remplacée sur place) : la carte des ancres
    # est encore lue (Material recrée les scripts du contenu sans leurs attributs : elle n'en est pas un).
    page.goto(serveur + "/deuxd6/")
    page.evaluate("""(url) => { const a = Object.assign(document.createElement("a"), { href: url });
                                document.body.append(a); a.click(); a.remove(); }""",
                  serveur + "/deuxd6/scenes/#le-sabotage")
    expect(page).to_have_url(serveur + "/deuxd6/scenes-reflexion/#le-sabotage")
    expect(page.locator("h2#le-sabotage")).to_be_visible()


def test_navigation_instantanee_garde_le_worker(page: Page, serveur: str) -> None:
    _ouvrir_et_lancer(page, serveur + "/troisd6/test/", "3d6-test")
    page.evaluate("() => { window.jdrAvantLeClic = true; }")
    page.locator(".md-sidebar--primary a[href$=\"combat/\"]").first.click()
    page.wait_for_url(re.compile(r"/troisd6/combat/$"))
    # Le même document : un rechargement complet aurait remis à zéro window et le compte des workers.
    assert page.evaluate("() => window.jdrAvantLeClic === true"), "page rechargée : pas de navigation instantanée"
    des = _lancer(page, "3d6-attaque")
    assert des
    workers = page.evaluate("() => document.documentElement.dataset.jdrWorkers")
    assert workers == "1", "Pyodide rechargé : le worker n'a pas survécu à la navigation"


def test_saisie_hors_bornes(page: Page, serveur: str) -> None:
    page.goto(serveur + "/troisd6/test/")
    form = page.locator('form[data-mecanique="3d6-test"]')
    form.locator('[name="caracteristique"]').fill("9")
    form.locator("button[type=submit]").click()
    erreur = form.locator("output .jdr-erreur")
    expect(erreur).to_have_text("Caractéristique 9 : attendu un entier de 1 à 5")
    expect(form.locator("output .jdr-de")).to_have_count(0)


def test_saisie_qui_n_est_pas_un_nombre(page: Page, serveur: str) -> None:
    """Autre chose qu'un nombre dans un champ numérique : le refus le dit, pas « (texte vide) »."""
    page.goto(serveur + "/troisd6/test/")
    form = page.locator('form[data-mecanique="3d6-test"]')
    champ = form.locator('[name="caracteristique"]')
    champ.fill("")
    champ.press_sequentially("1e-")
    assert champ.evaluate("c => c.validity.badInput")
    form.locator("button[type=submit]").click()
    erreur = form.locator("output .jdr-erreur")
    expect(erreur).to_have_text("Caractéristique (pas un nombre) : attendu un entier de 1 à 5")


def test_adresse_hostile_affichee_comme_texte(page: Page, serveur: str) -> None:
    page.goto(serveur + "/troisd6/test/?lanceur=3d6-test"
              "&regle_critique=%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E&graine=1")
    form = page.locator('form[data-mecanique="3d6-test"]')
    expect(form.locator("output .jdr-erreur")).to_contain_text("attendu une valeur parmi")
    assert page.locator("output img").count() == 0


def test_cotes_recalculees(page: Page, serveur: str) -> None:
    page.goto(serveur + "/troisd6/test/")
    form = page.locator('form[data-mecanique="3d6-test"]')
    expect(form.locator(".jdr-cotes li").first).to_contain_text("(1/2)")
    form.locator('[name="difficulte"]').fill("1")
    expect(form.locator(".jdr-cotes li").first).to_contain_text("(7/8)")


@pytest.mark.contexte_neuf
def test_echec_de_chargement_annonce(page: Page, serveur: str) -> None:
    page.route(re.compile(r".*\.wasm(\.gz)?$"), lambda route: route.abort())
    page.goto(serveur + "/troisd6/test/")
    bloc = page.locator('.jdr-exemple[data-exemple="pierre-ruelle"]')
    bloc.locator("button.jdr-executer").click()
    expect(bloc).to_have_attribute("data-etat", "echec")
    expect(bloc.locator(".jdr-erreur")).to_contain_text("moteur de règles")
    # Le résultat attendu, rendu à la construction, reste lisible.
    expect(bloc.locator(".jdr-exemple-sorties p").first).to_be_visible()
    page.surveillance.erreurs.clear()  # type: ignore[attr-defined]  # l'échec réseau voulu est journalisé


#: Ce qui bouge quand un texte pousse la suite de la page : la place de chaque titre de l'article, la hauteur
#: du document.
MISE_EN_PAGE = """async () => {
  await document.fonts.ready;
  return [...document.querySelectorAll('article h2, article h3')]
    .map((t) => Math.round(t.getBoundingClientRect().top + scrollY)).concat(document.documentElement.scrollHeight);
}"""


def test_le_chargement_ne_pousse_pas_la_suite(chromium: Browser, serveur: str) -> None:
    """Le branchement des widgets et l'état du moteur (« Chargement du moteur de règles… ») ont leur place réservée
    (jdr.css : .jdr-etat, .jdr-comparer) : rien ne pousse la suite de la page pendant que Python arrive. Au
    téléphone, chaque poussée refaisait la mise en page et la peinture de tout le document (tâches de 60 à 90 ms)."""
    # Un contexte à lui, sans service worker : page.route doit voir passer les modules des widgets (celui d'un
    # test précédent les servirait de son cache, sans passer par la route).
    contexte = chromium.new_context(viewport={"width": 1280, "height": 900}, locale="fr-FR", service_workers="block")
    contexte.set_default_timeout(DELAI)
    try:
        page = sans_moteur(contexte.new_page())
        adresse = serveur + "/troisd6/test/"
        # La page telle que la construction la rend : les modules des widgets n'arrivent pas.
        widgets = re.compile(r".*/assets/jdr/widgets/.*\.js$")
        page.route(widgets, lambda route: route.abort())
        page.goto(adresse)
        expect(page.locator("form.jdr-lanceur .jdr-comparer[hidden]")).to_have_count(1)
        avant = page.evaluate(MISE_EN_PAGE)
        page.unroute(widgets)
        page.goto(adresse)
        expect(page.locator("[data-branche='1']")).to_have_count(0)
        expect(page.locator("form.jdr-lanceur .jdr-comparer:not([hidden])")).to_have_count(1)
        assert page.evaluate(MISE_EN_PAGE) == avant, "le branchement des widgets pousse la page"
        bloc = page.locator('.jdr-exemple[data-exemple="pierre-ruelle"]')
        bloc.locator("button.jdr-executer").click()
        chargement = re.compile("moteur de règles")
        expect(bloc.locator(".jdr-etat")).to_have_text(chargement)
        expect(page.locator("form.jdr-lanceur .jdr-actions .jdr-etat").first).to_have_text(chargement)
        assert page.evaluate(MISE_EN_PAGE) == avant, "l'état du moteur pousse la page"
    finally:
        contexte.close()


def test_sans_javascript(chromium: Browser, serveur: str) -> None:
    contexte = chromium.new_context(java_script_enabled=False)
    page = contexte.new_page()
    page.goto(serveur + "/troisd6/test/")
    expect(page.locator('.jdr-exemple[data-exemple="carmen-code"]')).to_contain_text("réussi")
    expect(page.locator('form[data-mecanique="3d6-test"] .jdr-cotes')).to_contain_text("50 %")
    contexte.close()


def test_accueil_sans_widget_ne_charge_pas_python(page: Page, serveur: str) -> None:
    page.goto(serveur + "/a-propos/")
    page.wait_for_timeout(1500)
    ressources = page.evaluate("() => performance.getEntriesByType('resource').map(e => e.name)")
    assert not [r for r in ressources if "pyodide" in r]


def test_mobile(chromium: Browser, serveur: str) -> None:
    contexte = chromium.new_context(viewport={"width": 375, "height": 740}, is_mobile=True, has_touch=True)
    page = sans_moteur(contexte.new_page())  # la largeur de la page seule : Python ne sert pas ici
    page.goto(serveur + "/troisd6/combat/")
    largeur = page.evaluate("() => document.documentElement.scrollWidth")
    assert largeur <= 375
    contexte.close()


def test_reserve_coup_d_eclat_refuse_en_raw(page: Page, serveur: str) -> None:
    page.goto(serveur + "/encore/reserve/")
    form = page.locator('form[data-mecanique="encore-reserve"]')
    form.locator('[name="ton"]').select_option("raw")
    form.locator('[name="coup_d_eclat"]').check()
    form.locator("button[type=submit]").click()
    expect(form.locator("output .jdr-erreur")).to_have_text("le Coup d'éclat n'existe qu'en Blockbuster")


def test_danger_choisi(page: Page, serveur: str) -> None:
    page.goto(serveur + "/encore/dangers/")
    form = page.locator('form[data-mecanique="encore-danger"]')
    form.locator('[name="danger"]').select_option("incendie")
    expect(form.locator(".jdr-cotes li").first).to_contain_text("(7/27)")
    _lancer(page, "encore-danger")
    expect(form.locator(".jdr-details")).to_contain_text("CON Difficile")


FICHE = ".jdr-fiche[data-fiche='fiche-principale']"


def _creer_gideon(page: Page, serveur: str) -> None:
    page.goto(serveur + "/encore/fiche/")
    fiche = page.locator(FICHE)
    fiche.locator("input[type=text]").first.fill("Gideon")
    fiche.get_by_role("combobox", name="Accord (facultatif)").select_option(label="il")
    fiche.get_by_role("button", name="Créer la fiche").click()
    expect(fiche.locator("h4").first).to_have_text("Santé 8/8 : valide")


def test_fiche_deux_paliers_deux_noms_et_rechargement(page: Page, serveur: str) -> None:
    _creer_gideon(page, serveur)
    fiche = page.locator(FICHE)
    fiche.get_by_role("spinbutton", name="Dégâts").fill("5")
    fiche.get_by_role("button", name="Encaisser").click()
    a_nommer = fiche.locator(".jdr-fiche-blessures-a-nommer input[type=text]")
    expect(a_nommer).to_have_count(4)  # deux blessures : nom + actions gênées
    expect(fiche.locator("h4").first).to_have_text("Santé 8/8 : valide")  # rien n'est appliqué avant les noms
    for i, texte in enumerate(["cheville foulée", "course", "brûlure", "tir"]):
        a_nommer.nth(i).fill(texte)
    fiche.get_by_role("button", name="Appliquer les dégâts").click()
    expect(fiche.locator("h4").first).to_have_text("Santé 3/8 : gravement blessé")
    expect(fiche.locator(".jdr-blessure")).to_have_count(2)
    expect(fiche.locator(".jdr-fiche-stress h4")).to_have_text("Stress 1/6")
    page.reload()
    expect(fiche.locator("h4").first).to_have_text("Santé 3/8 : gravement blessé")
    expect(fiche.locator(".jdr-blessure").first).to_contain_text("cheville foulée")


def test_fiche_coup_d_eclat(page: Page, serveur: str) -> None:
    _creer_gideon(page, serveur)
    fiche = page.locator(FICHE)
    for _ in range(3):
        fiche.get_by_role("button", name="Indicible (+2)").click()
    expect(fiche.locator(".jdr-fiche-stress h4")).to_have_text("Stress 6/6 : Coup d'éclat prêt !")
    fiche.get_by_role("button", name="Déclarer le Coup d'éclat").click()
    expect(fiche.locator(".jdr-fiche-stress h4")).to_have_text("Stress 3/6")


def test_fiche_clics_rapides_sans_perte(page: Page, serveur: str) -> None:
    """Trois clics avant la réponse : une opération (le bouton attend la réponse) ; chaque clic
    répondu compte, aucun ne se perd (les opérations sont en file)."""
    _creer_gideon(page, serveur)
    fiche = page.locator(FICHE)
    page.evaluate("""() => {
        const boutons = [...document.querySelectorAll('.jdr-fiche button')].filter(b => b.textContent === 'Choc (+1)');
        boutons[0].click(); boutons[0].click(); boutons[0].click();
    }""")
    expect(fiche.locator(".jdr-fiche-stress h4")).to_have_text("Stress 1/6")
    for _ in range(2):
        fiche.get_by_role("button", name="Choc (+1)").click()
    expect(fiche.locator(".jdr-fiche-stress h4")).to_have_text("Stress 3/6")


def test_fiche_corrompue_signalee_sans_rien_casser(page: Page, serveur: str) -> None:
    for contenu in ("{pas du json", '{"version": 1, "nom": "X", "ton": "raw", "sante": 99, "stress": 0}'):
        ranger_avant_d_ouvrir(page, serveur, {"jdr-suivi:encore:fiche-principale": contenu})
        page.goto(serveur + "/encore/fiche/")
        erreur = page.locator(f"{FICHE} .jdr-erreur")
        expect(erreur).to_contain_text("illisible")
        assert page.evaluate("() => localStorage.getItem('jdr-suivi:encore:fiche-principale')") == contenu
        expect(page.locator(FICHE).get_by_role("button", name="Créer la fiche")).to_be_visible()


def test_fiche_ancienne_sauvegarde_relue_et_migree(page: Page, serveur: str) -> None:
    """Une fiche rangée sous l'ancienne clé (« jdr-fiche:<id> ») se relit, puis vit sous la nouvelle."""
    from jdr_core.encore.suivi import operer

    etat = operer(None, {"op": "creer", "nom": "Lucrèce", "ton": "raw"})["etat"]
    # En Raw, un événement marquant se résiste par un jet de CON (issue 37) : des dés fixés, qui ratent.
    etat = operer(etat, {"op": "evenement", "evenement": "Choc", "con": 0, "graine": 1})["etat"]
    ranger_avant_d_ouvrir(page, serveur, {"jdr-fiche:fiche-principale": json.dumps(etat)})
    page.goto(serveur + "/encore/fiche/")
    fiche = page.locator(FICHE)
    expect(fiche.locator(".jdr-fiche-entete")).to_contain_text("Lucrèce")
    expect(fiche.locator(".jdr-fiche-stress h4")).to_have_text("Stress 1/6")
    assert page.evaluate("() => localStorage.getItem('jdr-fiche:fiche-principale')") is None
    assert json.loads(page.evaluate("() => localStorage.getItem('jdr-suivi:encore:fiche-principale')")) == etat


def test_fiche_guerir_blessure_durable_avec_la_duree_par_defaut(page: Page, serveur: str) -> None:
    """Le champ « jours de repos » part de la durée des règles : Guérir marche sans rien saisir."""
    _creer_gideon(page, serveur)
    fiche = page.locator(FICHE)
    fiche.get_by_role("spinbutton", name="Dégâts").fill("2")
    fiche.get_by_role("button", name="Encaisser").click()
    fiche.locator(".jdr-fiche-blessures-a-nommer input[type=text]").first.fill("entaille")
    fiche.get_by_role("button", name="Appliquer les dégâts").click()
    fiche.get_by_role("button", name="Rendre durable").click()
    jours = fiche.get_by_role("spinbutton", name="jours de repos")
    expect(jours).to_have_value("3")
    fiche.get_by_role("button", name="Guérir (soins médicaux)").click()
    expect(fiche.locator(".jdr-blessure")).to_have_count(0)
    expect(fiche.locator(".jdr-erreur")).to_have_count(0)


def test_fiche_export_import_reinitialisation(page: Page, serveur: str) -> None:
    _creer_gideon(page, serveur)
    fiche = page.locator(FICHE)
    fiche.get_by_role("button", name="Choc (+1)").click()
    expect(fiche.locator(".jdr-fiche-stress h4")).to_have_text("Stress 1/6")
    vue_de_la_fiche(fiche)
    # Un clic, un fichier : le téléchargement part aussitôt, et la page dit son nom.
    with page.expect_download() as telechargement:
        fiche.get_by_role("button", name="Enregistrer dans un fichier").click()
    assert telechargement.value.suggested_filename == "fiche-Gideon.json"
    exporte = Path(telechargement.value.path()).read_text(encoding="utf-8")
    expect(fiche.locator("output .jdr-message")).to_contain_text("fiche-Gideon.json")
    page.once("dialog", lambda d: d.accept())
    fiche.get_by_role("button", name="Réinitialiser").click()
    expect(fiche.get_by_role("button", name="Créer la fiche")).to_be_visible()
    fiche.locator("summary").click()
    fiche.locator(".jdr-import textarea").fill('{"version": 1}')
    fiche.locator(".jdr-import").get_by_role("button", name="Ouvrir ce texte").click()
    expect(fiche.locator(".jdr-erreur")).to_contain_text("Import refusé")
    fiche.locator(".jdr-import textarea").fill(exporte)
    fiche.locator(".jdr-import").get_by_role("button", name="Ouvrir ce texte").click()
    expect(fiche.locator(".jdr-fiche-stress h4")).to_have_text("Stress 1/6")


# --- Instantané local de Python (jdr-worker.js) : rangé à la première visite, restauré
# aux suivantes, écarté s'il est abîmé, sans que le lecteur perde quoi que ce soit.
REJEU = "/troisd6/test/?lanceur=3d6-test&graine=4242&caracteristique=3&relances=1"
MESURES_JS = "() => JSON.parse(document.documentElement.dataset.jdrMesures || '{}')"


def _instantane(page: Page, attendu: str) -> dict[str, Any]:
    """Attend que le worker annonce l'état de l'instantané commençant par « attendu »."""
    page.wait_for_function(
        f"() => (JSON.parse(document.documentElement.dataset.jdrMesures || '{{}}').instantane || '')"
        f".startsWith({json.dumps(attendu)})")
    return page.evaluate(MESURES_JS)  # type: ignore[no-any-return]


def _jet_rejoue(page: Page, serveur: str) -> list[str]:
    page.goto(serveur + REJEU)
    form = page.locator('form[data-mecanique="3d6-test"]')
    expect(form.locator("output .jdr-resultat")).to_be_visible()
    return form.locator("output .jdr-de").all_inner_texts()


def _abimer(page: Page, code: str) -> None:
    """Modifie l'instantané rangé dans Cache Storage (code : corps JS sur `octets`, qui peut
    renvoyer d'autres octets à ranger à la place)."""
    # Le code est inséré dans la fonction évaluée (la CSP du site refuse `new Function` dans la page).
    page.evaluate("""async () => {
      const cache = await caches.open("regles-vivantes-instantanes");
      const [cle] = (await cache.keys()).filter((r) => r.url.endsWith(".instantane"));
      const octets = new Uint8Array(await (await cache.match(cle)).arrayBuffer());
      const abimes = ((octets) => { CODE })(octets) || octets;
      await cache.put(cle, new Response(abimes));
    }""".replace("CODE", code))


@pytest.mark.sans_instantane
def test_instantane_range_puis_restaure(page: Page, serveur: str) -> None:
    des = _jet_rejoue(page, serveur)
    premiere = _instantane(page, "rangé")
    assert premiere["instantane_octets"] > 1_000_000
    assert _jet_rejoue(page, serveur) == des  # même graine, même jet, depuis l'instantané
    assert _instantane(page, "restauré")
    bloc = page.locator('.jdr-exemple[data-exemple="pierre-ruelle"]')
    bloc.locator("button.jdr-executer").click()
    expect(bloc).to_have_attribute("data-etat", "ok")


#: Deux façons d'abîmer l'instantané rangé (code JS sur `octets`, voir _abimer) et ce que le
#: worker dit en l'écartant : l'une que le worker voit avant Pyodide, l'autre que seul Pyodide voit.
#: Les autres refus du format (fichier tronqué, coupé, en-tête inconnu) sont ceux de la même fonction
#: (worker/instantane.js), lue dans Node par test_worker_js.py ; ici, le chemin du navigateur.
INSTANTANES_ABIMES = [
    # Un octet changé au milieu : la somme de contrôle le voit avant Pyodide.
    ("octets[octets.length >> 1] ^= 0xff;", "somme de contrôle"),
    # Somme recalculée mais en-tête de Pyodide faux : c'est Pyodide qui refuse.
    ("""const m = new Uint32Array(octets.buffer); const debut = 20 + Math.ceil(m[3] / 4) * 4;
        new Uint32Array(octets.buffer, debut, 1)[0] = 0xdeadbeef;
        let h = 0x811c9dc5; const mots = new Uint32Array(octets.buffer, 20);
        for (let i = 0; i < mots.length; i++) h = Math.imul(h ^ mots[i], 0x01000193);
        m[4] = h >>> 0;""", "Error"),
]


@pytest.mark.sans_instantane
def test_instantane_abime_ecarte(page: Page, serveur: str) -> None:
    """Chaque instantané abîmé est écarté, Python démarre normalement (même jet) et un instantané sain
    le remplace ; celui d'une visite restée en plan (marque « essai ») est écarté aussi. Les cas
    s'enchaînent : l'instantané sain rangé à la fin d'un cas est celui que le suivant abîme (un
    démarrage complet et un rangement de moins par cas qu'avec un test par cas)."""
    des = _jet_rejoue(page, serveur)
    _instantane(page, "rangé")
    for abimer, raison in INSTANTANES_ABIMES:
        _abimer(page, abimer)
        assert _jet_rejoue(page, serveur) == des, raison  # Python a démarré normalement
        mesures = page.evaluate(MESURES_JS)
        assert raison in mesures.get("instantane_ecarte", ""), mesures
        _instantane(page, "rangé")  # et un instantané sain le remplace
        # Parti de la tête de la page (amorce.js), le worker a reçu les systèmes à préchauffer à part.
        assert "troisd6" in page.evaluate(MESURES_JS).get("prechauffes", []), raison
    # Une visite restée en plan avec l'instantané (marque « essai ») : on ne le reprend pas.
    page.evaluate("""async () => {
      const cache = await caches.open("regles-vivantes-instantanes");
      const [cle] = await cache.keys();
      await cache.put(cle.url + ".essai", new Response("1"));
    }""")
    assert _jet_rejoue(page, serveur) == des
    assert "n'a pas abouti" in page.evaluate(MESURES_JS).get("instantane_ecarte", "")


DEPART_JS = """window.__departs = [];
document.addEventListener("DOMContentLoaded",
  () => window.__departs.push(document.documentElement.dataset.jdrWorkers || ""));
""" + CREATIONS_DE_WORKERS


@pytest.mark.sans_instantane
def test_seconde_visite_le_worker_part_sans_attendre(page: Page, serveur: str) -> None:
    """L'instantané rangé, la page s'en souvient : à la visite suivante d'une page à widgets, le
    worker part de la tête de la page (amorce.js), avant que son corps soit lu, et moteur.js
    l'adopte (un seul worker, ses premiers messages gardés : il se dit restauré, puis répond) ;
    une page sans widget n'en lance aucun ; sans l'indice, rien ne part avant le repos."""
    page.add_init_script(DEPART_JS)
    _jet_rejoue(page, serveur)
    _instantane(page, "rangé")
    assert page.evaluate("window.__creations") == ["corps"]  # première visite : après la lecture de la page
    assert page.evaluate("localStorage.getItem('jdr-instantane')") == "1"
    page.goto(serveur + "/troisd6/test/")
    assert page.evaluate("window.__departs") == ["1"]
    assert page.evaluate("window.__creations") == ["tete"]
    _instantane(page, "restauré")
    form = page.locator('form[data-mecanique="3d6-test"]').first
    form.get_by_role("button", name="Lancer les dés").click()
    expect(form.locator("output .jdr-resultat")).to_be_visible()
    assert page.evaluate("[window.__creations, document.documentElement.dataset.jdrWorkers]") == [["tete"], "1"]
    page.goto(serveur + "/a-propos/")
    page.wait_for_timeout(300)
    assert page.evaluate("window.__departs") == [""]
    assert page.evaluate("document.documentElement.dataset.jdrWorkers") is None
    page.evaluate("localStorage.removeItem('jdr-instantane')")
    page.goto(serveur + "/troisd6/test/")
    assert page.evaluate("window.__departs") == [""]
    # Le repos de la page (après DOMContentLoaded) peut déjà l'avoir lancé, jamais la tête.
    assert "tete" not in page.evaluate("window.__creations")


@pytest.mark.sans_instantane
def test_copie_locale_effacee_depuis_a_propos(page: Page, serveur: str) -> None:
    _jet_rejoue(page, serveur)
    _instantane(page, "rangé")
    page.goto(serveur + "/a-propos/")
    zone = page.locator(".jdr-copie-locale")
    expect(zone.locator(".jdr-message")).to_contain_text("est enregistrée")
    zone.locator("button").click()
    expect(zone.locator(".jdr-message")).to_contain_text("Aucune copie locale")
    expect(zone.locator("button")).to_be_disabled()
    assert page.evaluate("async () => (await caches.keys()).includes('regles-vivantes-instantanes')") is False




def test_combat_d10_initiative_attaque_et_rechargement(page: Page, serveur: str) -> None:
    """Un combat à deux : initiative, une attaque appliquée par le cœur, et tout survit au rechargement."""
    combat = combat_d10_a_deux(page, serveur)
    combat.get_by_role("button", name="Lancer l'initiative").click()
    expect(combat.locator("li.jdr-combattant--actif")).to_have_count(1)
    expect(combat.locator("p.jdr-combat-tour")).to_contain_text("Tour 1")
    attaque = combat.locator("section.jdr-combat-attaque")
    attaque.get_by_role("combobox", name="Attaquant", exact=True).select_option(label="Nadia")
    attaque.get_by_role("combobox", name="Cible", exact=True).select_option(label="Oskar")
    attaque.get_by_role("button", name="Attaquer").click()
    message = combat.locator("output.jdr-sortie")
    # La phrase de l'attaque elle-même (le message de l'initiative nomme déjà Nadia) : l'état lu plus
    # bas est celui d'après l'attaque, pas celui d'avant (rouge une fois sous charge).
    expect(message).to_contain_text("Nadia attaque Oskar")
    texte = message.inner_text()
    assert "(s)" not in texte and "None" not in texte
    journal = combat.locator("section.jdr-combat-journal")
    expect(journal.get_by_role("heading", name="Journal du combat")).to_be_visible()
    expect(journal.locator("li").first).to_contain_text("Nadia attaque Oskar")
    etat = page.evaluate("() => localStorage.getItem('jdr-suivi:d10:combat-d10')")
    page.reload()
    expect(combat.locator(".jdr-combattant-nom")).to_have_count(2)
    expect(combat.locator("p.jdr-combat-tour")).to_contain_text("Tour 1")
    assert page.evaluate("() => localStorage.getItem('jdr-suivi:d10:combat-d10')") == etat


def test_combat_d10_corrompu_export_import(page: Page, serveur: str) -> None:
    """Un combat abîmé est signalé sans être effacé ; l'export se réimporte à l'identique."""
    combat = combat_d10_a_deux(page, serveur)
    with page.expect_download() as telechargement:
        combat.get_by_role("button", name="Enregistrer dans un fichier").click()
    exporte = Path(telechargement.value.path()).read_text(encoding="utf-8")
    page.evaluate("() => localStorage.setItem('jdr-suivi:d10:combat-d10', '{\"version\": 1, \"nom\": 3}')")
    page.reload()
    expect(combat.locator(".jdr-erreur")).to_contain_text("illisible")
    assert page.evaluate("() => localStorage.getItem('jdr-suivi:d10:combat-d10')") == '{"version": 1, "nom": 3}'
    combat.locator(".jdr-import summary").click()
    combat.locator(".jdr-import textarea").fill(exporte)
    combat.locator(".jdr-import").get_by_role("button", name="Ouvrir ce texte").click()
    expect(combat.locator(".jdr-combattant-nom")).to_have_count(2)
    page.once("dialog", lambda d: d.accept())
    combat.get_by_role("button", name="Réinitialiser").click()
    expect(combat.get_by_role("button", name="Nouveau combat")).to_be_visible()


@pytest.mark.contexte_neuf
def test_clic_avant_le_chargement_du_module_n_est_pas_perdu(page: Page, serveur: str) -> None:
    """Un clic sur « Exécuter » pendant que le module des exemples arrive encore est rejoué ensuite."""
    retenues: list[Any] = []
    page.route(re.compile(r".*/assets/jdr/widgets/exemple\.js.*"), lambda route: retenues.append(route))
    page.goto(serveur + "/troisd6/test/", wait_until="domcontentloaded")
    bloc = page.locator('.jdr-exemple[data-exemple="pierre-ruelle"]')
    expect(bloc).to_have_attribute("data-branche", "1")  # repéré, module pas encore là
    bloc.locator("button.jdr-executer").click()
    assert retenues, "le module des exemples aurait dû être retenu"
    for route in retenues:
        route.continue_()
    page.unroute(re.compile(r".*/assets/jdr/widgets/exemple\.js.*"))
    expect(bloc).to_have_attribute("data-etat", "ok")
