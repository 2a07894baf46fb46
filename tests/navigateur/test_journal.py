"""Le journal des jets dans Chromium : les jets des lanceurs, des exemples et des fiches de
suivi y arrivent ; il survit au rechargement, passe d'un onglet à l'autre, reste borné,
s'exporte, se copie et s'efface ; un lien de rejeu se présente comme tel."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlparse

import pytest
from playwright.sync_api import Browser, BrowserContext, Locator, Page, expect

from jdr_core import registre
from jdr_core.francais import typographier

from ..conftest import combat_d10_a_deux, injecter_axe, ranger_avant_d_ouvrir, sans_moteur

pytestmark = [pytest.mark.navigateur, pytest.mark.construction]
DELAI = 40_000
expect.set_options(timeout=DELAI)
CLE = "jdr-journal"


class Erreurs:
    """Erreurs de console, erreurs de page et requêtes hors de l'origine, sur toutes les pages d'un contexte."""

    def __init__(self, contexte: BrowserContext, origine: str) -> None:
        self.liste: list[str] = []
        self.origine = urlparse(origine).netloc
        contexte.on("page", self.suivre)

    def suivre(self, page: Page) -> None:
        page.on("console", lambda m: self.liste.append(m.text) if m.type == "error" else None)
        page.on("pageerror", lambda e: self.liste.append(str(e)))
        page.on("request", lambda r: self.liste.append(f"hors origine : {r.url}")
                if urlparse(r.url).scheme.startswith("http") and urlparse(r.url).netloc != self.origine else None)


@pytest.fixture
def contexte(contexte_servi: BrowserContext, serveur: str) -> Iterator[BrowserContext]:
    contexte_servi.set_default_timeout(DELAI)
    erreurs = Erreurs(contexte_servi, serveur)
    yield contexte_servi
    contexte_servi.remove_listener("page", erreurs.suivre)
    assert erreurs.liste == [], "erreurs de console ou requêtes hors de l'origine"


@pytest.fixture
def page(contexte: BrowserContext) -> Page:
    return contexte.new_page()


def _journal(page: Page) -> Any:
    return page.evaluate(f"() => JSON.parse(localStorage.getItem('{CLE}') || 'null')")


def _attendre_entrees(page: Page, n: int) -> Any:
    page.wait_for_function(
        f"() => (JSON.parse(localStorage.getItem('{CLE}') || '{{\"entrees\": []}}').entrees || []).length === {n}")
    return _journal(page)


def _lancer(page: Page, mecanique: str) -> Locator:
    form = page.locator(f'form[data-mecanique="{mecanique}"]')
    expect(form).to_have_attribute("data-branche", "pret")
    form.get_by_role("button", name="Lancer les dés").click()
    expect(form.locator("output .jdr-resultat")).to_be_visible()
    return form


def _ouvrir(page: Page) -> Locator:
    page.get_by_role("button", name="Journal des jets").click()
    panneau = page.get_by_role("dialog", name="Journal des jets")
    expect(panneau).to_be_visible()
    return panneau


def _entree(i: int) -> dict[str, Any]:
    return {"temps": "2026-11-29T21:00:00.000Z", "source": "lanceur", "systeme": "3D6 à succès", "page": "Le test",
            "titre": f"Lanceur : jet ancien {i}", "reglages": [], "des": "1, 2, 3", "issue": f"Issue {i}.",
            "lien": "", "graine": str(i)}


def _semer(page: Page, serveur: str, n: int, ecartees: int = 0) -> None:
    """Un journal de ``n`` jets rangé avant d'ouvrir une page du site (conftest.ranger_avant_d_ouvrir)."""
    journal = {"version": 1, "ecartees": ecartees, "entrees": [_entree(i) for i in range(n)]}
    ranger_avant_d_ouvrir(page, serveur, {CLE: json.dumps(journal)})


def test_jets_d_un_lanceur_d_un_exemple_et_d_un_suivi(page: Page, serveur: str) -> None:
    """Un jet de lanceur, un tirage « Avec d'autres dés » et une initiative de combat D10 arrivent au journal."""
    page.goto(serveur + "/troisd6/test/")
    form = _lancer(page, "3d6-test")
    des = form.locator("output .jdr-de").all_inner_texts()
    lanceur = _attendre_entrees(page, 1)["entrees"][0]
    assert lanceur["source"] == "lanceur" and lanceur["systeme"] == "3D6 à succès"
    assert lanceur["des"] == ", ".join(des)
    assert lanceur["issue"] == form.locator(".jdr-phrase").inner_text()
    assert "graine=" in lanceur["lien"] and lanceur["lien"] == form.locator("a.jdr-lien").get_attribute("href")
    # Réglages par défaut : la situation dit ce qui a été joué, aucun réglage n'est listé.
    assert lanceur["situation"] == typographier("Caractéristique 3, 3D6 contre 2 succès demandés")
    assert lanceur["reglages"] == []

    bloc = page.locator('.jdr-exemple[data-exemple="pierre-ruelle"]')
    bloc.get_by_role("button", name="Avec d'autres dés").click()
    expect(bloc).to_have_attribute("data-etat", re.compile("ok|ecart"))
    exemple = _attendre_entrees(page, 2)["entrees"][1]
    assert exemple["source"] == "exemple" and "exemple=pierre-ruelle" in exemple["lien"]
    assert exemple["issue"].split("\n") == bloc.locator("output .jdr-obtenu").all_inner_texts()

    combat = combat_d10_a_deux(page, serveur, delai=DELAI)  # le stockage garde le journal
    assert len(_journal(page)["entrees"]) == 2  # créer, ajouter : aucun dé, rien de noté
    combat.get_by_role("button", name="Lancer l'initiative").click()
    suivi = _attendre_entrees(page, 3)["entrees"][2]
    assert suivi["source"] == "suivi" and suivi["titre"] == "Duel sur le quai — Lancer l'initiative"
    assert suivi["systeme"] == "D10 + carac + compétence" and suivi["graine"].isdigit()
    assert suivi["issue"] == combat.locator("output.jdr-sortie").inner_text()

    panneau = _ouvrir(page)
    entrees = panneau.locator("li.jdr-journal-entree")
    expect(entrees).to_have_count(3)
    expect(entrees.first).to_contain_text("Duel sur le quai — Lancer l'initiative")  # le plus récent en haut
    expect(entrees.nth(2).locator("a.jdr-journal-rejeu")).to_have_attribute("href", lanceur["lien"])
    expect(panneau.locator(".jdr-journal-resume")).to_have_text("3 jets enregistrés.")


def test_entree_dit_la_situation_et_les_seuls_reglages_changes(page: Page, serveur: str) -> None:
    """Un jet 2D6 sans la compétence, avec une compétence proche : l'entrée dit la cible et ne
    liste que les réglages changés, comme le cœur les rend."""
    page.goto(serveur + "/deuxd6/")
    form = page.locator('form[data-mecanique="2d6-test"]')
    expect(form).to_have_attribute("data-branche", "pret")
    # Le lanceur de la page part de la situation de Basile (plutôt difficile) : remis en Standard.
    form.get_by_label("Difficulté", exact=True).select_option("0")
    form.get_by_label("Jet", exact=True).select_option("sans_competence")
    form.get_by_label("Le personnage a une compétence proche").check()
    _lancer(page, "2d6-test")
    entree = _attendre_entrees(page, 1)["entrees"][0]
    attendu = registre.executer("2d6-test", {"jet": "sans_competence", "proche": True}, 1)["journal_jet"]
    assert entree["situation"] == typographier(attendu["situation"])
    assert entree["situation"] == typographier(
        "Sans la compétence, caractéristique 3, difficulté standard (0) : 2D6 contre 6")
    assert entree["reglages"] == [["Le personnage a une compétence proche", ""]]
    panneau = _ouvrir(page)
    ligne = panneau.locator("li.jdr-journal-entree").first
    expect(ligne.locator(".jdr-journal-situation")).to_have_text(typographier(attendu["situation"]))
    expect(ligne.locator(".jdr-journal-reglages")).to_have_text(
        "Réglages\u00a0: Le personnage a une compétence proche")
    expect(ligne).not_to_contain_text("formation théorique")  # réglage par défaut : pas listé


def test_panneau_accessible_et_charge_a_la_demande(page: Page, serveur: str) -> None:
    """Aucune requête pour le journal avant l'interaction ; Échap ferme le panneau et rend le focus au bouton."""
    demandes: list[str] = []
    sans_moteur(page)  # le panneau seul : Python ne sert pas ici (le réseau calme n'attend plus son téléchargement)
    page.on("request", lambda r: demandes.append(r.url))
    page.goto(serveur + "/a-propos/")
    bouton = page.get_by_role("button", name="Journal des jets")
    expect(bouton).to_be_visible()
    page.wait_for_load_state("networkidle")
    assert not [u for u in demandes if "/table/journal/journal.js" in u]
    bouton.focus()
    page.keyboard.press("Enter")
    panneau = page.get_by_role("dialog", name="Journal des jets")
    expect(panneau).to_be_visible()
    assert [u for u in demandes if "/table/journal/journal.js" in u]
    expect(panneau.locator(".jdr-journal-resume")).to_contain_text("Aucun jet enregistré")
    page.keyboard.press("Escape")
    expect(panneau).to_be_hidden()
    assert page.evaluate("() => document.activeElement.classList.contains('jdr-journal-bouton')")
    # Un seul bouton, même après une navigation instantanée.
    page.get_by_role("navigation").get_by_role("link", name="Le test").first.click()
    expect(page.locator("form.jdr-lanceur").first).to_be_visible()
    expect(page.locator(".jdr-journal-bouton")).to_have_count(1)


def test_rechargement_et_second_onglet(contexte: BrowserContext, serveur: str) -> None:
    """Le journal survit au rechargement ; un second onglet voit arriver les nouveaux jets sans recharger."""
    page = contexte.new_page()
    page.goto(serveur + "/troisd6/test/")
    _lancer(page, "3d6-test")
    _attendre_entrees(page, 1)
    autre = contexte.new_page()
    autre.goto(serveur + "/journal/")
    liste = autre.locator(".jdr-journal li.jdr-journal-entree")
    expect(liste).to_have_count(1)
    _lancer(page, "3d6-test")
    expect(liste).to_have_count(2)  # arrivé par l'événement « storage », sans rechargement
    page.reload()
    panneau = _ouvrir(page)
    expect(panneau.locator("li.jdr-journal-entree")).to_have_count(2)
    panneau.get_by_role("button", name="Fermer").click()
    # Navigation instantanée : le journal suit, et un nouveau jet s'ajoute.
    page.get_by_role("navigation").get_by_role("link", name="Autres usages du test").first.click()
    expect(page).to_have_url(re.compile(r"/troisd6/usages/"))
    expect(page.locator("form.jdr-lanceur").first).to_have_attribute("data-branche", "pret")
    page.locator("form.jdr-lanceur").first.get_by_role("button", name="Lancer les dés").click()
    expect(liste).to_have_count(3)
    expect(_ouvrir(page).locator("li.jdr-journal-entree")).to_have_count(3)


def test_borne_et_nombre_retire(page: Page, serveur: str) -> None:
    """À 200 jets, le suivant pousse le plus ancien dehors, et le journal dit combien sont partis."""
    _semer(page, serveur, 200, ecartees=4)
    page.goto(serveur + "/troisd6/test/")
    _lancer(page, "3d6-test")
    page.wait_for_function(f"() => JSON.parse(localStorage.getItem('{CLE}')).ecartees === 5")
    journal = _journal(page)
    assert len(journal["entrees"]) == 200
    assert journal["entrees"][0]["titre"] == "Lanceur : jet ancien 1"
    assert journal["entrees"][-1]["source"] == "lanceur"
    panneau = _ouvrir(page)
    expect(panneau.locator(".jdr-journal-resume")).to_have_text(
        "200 jets enregistrés. Le journal garde les 200 derniers : 5 jets plus anciens ont été retirés.")
    expect(panneau.locator("li.jdr-journal-entree")).to_have_count(200)


def test_export_copie_et_effacement_dans_les_deux_onglets(contexte: BrowserContext, serveur: str) -> None:
    """Export JSON valide, copie (presse-papiers, puis repli quand il est refusé), effacement partout."""
    contexte.grant_permissions(["clipboard-read", "clipboard-write"], origin=serveur)
    page = sans_moteur(contexte.new_page())  # le journal rangé, lu sans jet : Python ne sert pas ici
    _semer(page, serveur, 3)
    page.goto(serveur + "/journal/")
    vue = page.locator(".jdr-journal")
    expect(vue.locator("li.jdr-journal-entree")).to_have_count(3)

    with page.expect_download() as telechargement:
        vue.get_by_role("button", name="Enregistrer dans un fichier").click()
    fichier = telechargement.value
    assert re.fullmatch(r"journal-des-jets-\d{4}-\d\d-\d\d\.json", fichier.suggested_filename)
    exporte = json.loads(Path(fichier.path()).read_text(encoding="utf-8"))
    # Des entrées d'avant la situation : relues, elles ont une situation vide.
    assert exporte["entrees"] == [{**_entree(i), "situation": ""} for i in range(3)] and exporte["ecartees"] == 0
    expect(vue.locator(".jdr-journal-message")).to_contain_text("Fichier prêt")

    vue.get_by_role("button", name="Copier (texte)").click()
    expect(vue.locator(".jdr-journal-message")).to_contain_text("Journal copié dans le presse-papiers : 3 jets.")
    copie = page.evaluate("() => navigator.clipboard.readText()")
    assert copie.startswith("Journal des jets (Règles vivantes) : 3 jets enregistrés.")
    assert "Lanceur : jet ancien 2" in copie and "Issue 0." in copie
    # Presse-papiers refusé : le texte est proposé, sélectionné, dans une zone à copier soi-même.
    page.evaluate("() => { navigator.clipboard.writeText = () => Promise.reject(new Error('refus')); }")
    vue.get_by_role("button", name="Copier (texte)").click()
    zone = vue.get_by_role("textbox", name="Journal des jets en texte")
    expect(zone).to_be_visible()
    assert zone.input_value() == copie
    expect(vue.locator(".jdr-journal-message")).to_contain_text("copiez-le avec Ctrl+C")

    autre = sans_moteur(contexte.new_page())
    autre.goto(serveur + "/troisd6/test/")
    panneau = _ouvrir(autre)
    expect(panneau.locator("li.jdr-journal-entree")).to_have_count(3)
    page.once("dialog", lambda d: d.dismiss())
    vue.get_by_role("button", name="Effacer le journal").click()
    expect(vue.locator("li.jdr-journal-entree")).to_have_count(3)  # refusé : rien n'a changé
    page.once("dialog", lambda d: d.accept())
    vue.get_by_role("button", name="Effacer le journal").click()
    expect(vue.locator(".jdr-journal-resume")).to_contain_text("Aucun jet enregistré")
    expect(panneau.locator("li.jdr-journal-entree")).to_have_count(0)
    expect(panneau.locator(".jdr-journal-resume")).to_contain_text("Aucun jet enregistré")
    assert _journal(page) is None


REJEU = "/troisd6/test/?lanceur=3d6-test&graine=4242&caracteristique=3&relances=1"


def test_lien_de_rejeu_dit_qu_il_rejoue(page: Page, serveur: str) -> None:
    """Un lien de rejeu montre « Jet rejoué depuis un lien » et n'ajoute rien au journal ; un nouveau jet, si."""
    page.goto(serveur + REJEU)
    form = page.locator('form[data-mecanique="3d6-test"]')
    expect(form.locator("output .jdr-resultat")).to_be_visible()
    avis = form.locator(".jdr-avis-rejeu")
    expect(avis).to_contain_text("Jet rejoué depuis un lien : mêmes réglages et mêmes dés que le jet d'origine")
    page.wait_for_timeout(500)
    assert _journal(page) is None
    form.get_by_role("button", name="Lancer les dés").click()
    _attendre_entrees(page, 1)
    expect(avis).to_have_count(0)


def test_rejouer_depuis_le_journal(page: Page, serveur: str) -> None:
    """« Rejouer ce jet » dans le panneau (navigation instantanée) redonne les mêmes dés, annoncés comme rejoués."""
    page.goto(serveur + "/troisd6/test/")
    form = page.locator('form[data-mecanique="3d6-test"]')
    form.locator('[name="caracteristique"]').fill("4")
    _lancer(page, "3d6-test")
    des = form.locator("output .jdr-de").all_inner_texts()
    _attendre_entrees(page, 1)
    page.get_by_role("navigation").get_by_role("link", name="Le combat").first.click()
    expect(page).to_have_url(re.compile(r"/troisd6/combat/"))
    panneau = _ouvrir(page)
    panneau.get_by_role("link", name="Rejouer ce jet").click()
    expect(panneau).to_be_hidden()
    expect(page).to_have_url(re.compile(r"/troisd6/test/\?lanceur=3d6-test"))
    form = page.locator('form[data-mecanique="3d6-test"]')
    expect(form.locator(".jdr-avis-rejeu")).to_contain_text("Jet rejoué depuis un lien")
    expect(form.locator("output .jdr-resultat")).to_be_visible()
    assert form.locator("output .jdr-de").all_inner_texts() == des
    assert form.locator('[name="caracteristique"]').input_value() == "4"
    assert len(_journal(page)["entrees"]) == 1  # le rejeu n'est pas un nouveau jet


def test_de_cache_revele_dans_la_meme_entree(contexte: BrowserContext, serveur: str) -> None:
    """Le dé caché reste « ? » au journal ; révélé, la même entrée montre sa face, aussi dans un autre onglet."""
    page = contexte.new_page()
    autre = contexte.new_page()
    autre.goto(serveur + "/journal/")
    page.goto(serveur + "/deuxd6/")
    form = _lancer(page, "2d6-jet-cache")
    [jet] = _attendre_entrees(page, 1)["entrees"]
    visible = form.locator("output .jdr-de:not(.jdr-de--cache)").inner_text()
    assert jet["des"] == f"{visible}, ?"
    vue = autre.locator(".jdr-journal li.jdr-journal-entree")
    expect(vue).to_have_count(1)
    expect(vue.locator(".jdr-journal-des")).to_have_text(f"Dés : {visible}, ?")
    form.get_by_role("button", name="Révéler").click()
    expect(form.locator("output .jdr-de--cache")).to_have_count(0)
    des = ", ".join(form.locator("output .jdr-de").all_inner_texts())
    page.wait_for_function(f"() => JSON.parse(localStorage.getItem('{CLE}')).entrees[0].des === {json.dumps(des)}")
    [revu] = _journal(page)["entrees"]
    assert "?" not in revu["des"]
    assert revu["issue"] == form.locator(".jdr-phrase").inner_text()  # la phrase du résultat, plus celle d'attente
    assert {k: v for k, v in revu.items() if k not in ("des", "issue")} == {
        k: v for k, v in jet.items() if k not in ("des", "issue")}
    expect(vue).to_have_count(1)  # la même entrée, pas une de plus
    expect(vue.locator(".jdr-journal-des")).to_have_text(f"Dés : {des}")
    expect(vue.locator(".jdr-journal-issue")).to_have_text(revu["issue"])


def test_journal_abime_signale_et_garde(page: Page, serveur: str) -> None:
    """Un journal abîmé : message en français, rien d'effacé, les nouveaux jets ne l'écrasent pas."""
    abime = '{"version": 1, "entrees": "pas une liste"'
    ranger_avant_d_ouvrir(page, serveur, {CLE: abime})
    page.goto(serveur + "/troisd6/test/")
    _lancer(page, "3d6-test")
    panneau = _ouvrir(page)
    alerte = panneau.get_by_role("alert").first
    expect(alerte).to_contain_text("Le journal des jets enregistré est illisible (ce n'est pas du JSON valide)")
    expect(panneau).to_contain_text("Ce jet n'a pas été noté")
    assert page.evaluate(f"() => localStorage.getItem('{CLE}')") == abime
    with page.expect_download() as telechargement:
        panneau.get_by_role("button", name="Télécharger tel quel").click()
    assert Path(telechargement.value.path()).read_text(encoding="utf-8") == abime
    page.once("dialog", lambda d: d.accept())
    panneau.get_by_role("button", name="Effacer le journal illisible").click()
    expect(panneau.locator(".jdr-journal-resume")).to_contain_text("Aucun jet enregistré")


@pytest.mark.parametrize("schema", ["light", "dark"])
def test_telephone_390_px(chromium: Browser, serveur: str, schema: str, tmp_path: Path) -> None:
    """Sur un téléphone (390 px), clair ou sombre : le panneau tient dans l'écran, sans défilement horizontal."""
    ctx = chromium.new_context(viewport={"width": 390, "height": 844}, locale="fr-FR", color_scheme=schema,  # type: ignore[arg-type]
                               device_scale_factor=1, is_mobile=True, has_touch=True)
    try:
        page = sans_moteur(ctx.new_page())  # le journal rangé, lu sans jet : Python ne sert pas ici
        _semer(page, serveur, 4, ecartees=2)
        page.goto(serveur + "/troisd6/test/")
        panneau = _ouvrir(page)
        expect(panneau.locator("li.jdr-journal-entree")).to_have_count(4)
        mesure = panneau.evaluate(
            "(d) => ({ l: d.getBoundingClientRect().width, defile: d.scrollWidth - d.clientWidth })")
        assert mesure["l"] <= 390 and mesure["defile"] <= 0
        page.screenshot(path=str(tmp_path / f"journal-{schema}.png"))
        fond = panneau.evaluate("(d) => getComputedStyle(d).backgroundColor")
        assert (fond == "rgb(255, 255, 255)") == (schema == "light"), fond
        page.keyboard.press("Escape")
        bouton = page.get_by_role("button", name="Journal des jets")
        expect(bouton).to_be_focused()
        boite = bouton.bounding_box()
        assert boite and boite["x"] >= 0 and boite["x"] + boite["width"] <= 390  # dans l'en-tête, à l'écran
        page.screenshot(path=str(tmp_path / f"entete-{schema}.png"), clip={"x": 0, "y": 0, "width": 390, "height": 120})
    finally:
        ctx.close()


@pytest.mark.parametrize("schema", ["light", "dark"])
def test_axe_panneau_et_page(contexte_servi: BrowserContext, serveur: str, schema: str) -> None:
    """axe-core (outil de test, jamais servi par le site) ne trouve rien dans le panneau ni sur la page du journal,
    lus sous la CSP du site (axe entre par le protocole de Chromium : conftest.injecter_axe)."""
    page = sans_moteur(contexte_servi.new_page())  # le journal rangé, lu sans jet : Python ne sert pas ici
    page.emulate_media(color_scheme=schema)  # type: ignore[arg-type]
    page.set_default_timeout(DELAI)
    _semer(page, serveur, 4, ecartees=1)
    page.goto(serveur + "/troisd6/test/")
    panneau = _ouvrir(page)
    expect(panneau.locator("li.jdr-journal-entree")).to_have_count(4)
    analyse = "async (cible) => { const r = await axe.run(document.querySelector(cible), " \
        "{ runOnly: ['wcag2a', 'wcag2aa', 'wcag21aa'] }); " \
        "return r.violations.map((v) => `${v.id} : ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`); }"
    injecter_axe(page)
    assert page.evaluate(analyse, "dialog.jdr-journal-panneau") == []
    page.keyboard.press("Escape")
    assert page.evaluate(analyse, ".md-header") == []
    page.goto(serveur + "/journal/")
    expect(page.locator(".jdr-journal li.jdr-journal-entree")).to_have_count(4)
    injecter_axe(page)
    assert page.evaluate(analyse, ".jdr-journal") == []
    page.close()
