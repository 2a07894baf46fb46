"""Le suivi enCORE dans Chromium : un groupe de personnages, deux onglets, l'annulation, les
clics répétés, le stockage plein, un moteur absent, et les lanceurs liés à une fiche."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from playwright.sync_api import BrowserContext, Locator, Page, expect

from jdr_core import registre
from jdr_core.encore.fiche import Fiche
from jdr_core.encore.suivi import operer
from jdr_core.encore.ton import Ton
from jdr_core.francais import typographier

from ..conftest import ranger_avant_d_ouvrir, vue_de_la_fiche

pytestmark = [pytest.mark.navigateur, pytest.mark.construction]
expect.set_options(timeout=40_000)

FICHE = ".jdr-fiche[data-fiche='fiche-principale']"
CLE = "jdr-suivi:encore:fiche-principale"
STRESS = ".jdr-fiche-stress h4"


#: Sans service worker : ses réponses échapperaient à page.route (voir test_reseau.py).
OPTIONS_DU_CONTEXTE = {"service_workers": "block"}


@pytest.fixture
def page(contexte: BrowserContext) -> Page:
    return contexte.new_page()


def _fiche(page: Page) -> Locator:
    return page.locator(FICHE)


def _creer(page: Page, nom: str, ton: str = "blockbuster", accord: str | None = None) -> None:
    fiche = _fiche(page)
    fiche.locator(".jdr-fiche-creation input[type=text]").fill(nom)
    fiche.get_by_role("combobox", name="Ton", exact=True).select_option(ton)
    if accord is not None:
        fiche.get_by_role("combobox", name="Accord (facultatif)").select_option(label=accord)
    fiche.get_by_role("button", name="Créer la fiche").click()
    expect(fiche.locator(".jdr-fiche-entete")).to_contain_text(nom)


def _ranges(page: Page) -> dict[str, Any]:
    """Les fiches rangées par le suivi (hors compteurs de version), par clé."""
    brut = page.evaluate("""() => Object.fromEntries(Object.keys(localStorage)
        .filter((k) => k.startsWith('jdr-suivi:encore:') && !k.endsWith('#version'))
        .map((k) => [k, localStorage.getItem(k)]))""")
    return {cle: json.loads(valeur) for cle, valeur in brut.items()}


def _attendre_file(page: Page) -> None:
    """Attend que toutes les opérations en file du suivi soient passées."""
    page.evaluate(f"() => document.querySelector({FICHE!r}).jdrSuivi.file")


def _jets_du_journal(page: Page, n: int) -> list[dict[str, Any]]:
    """Les entrées du journal des jets, une fois qu'il y en a ``n``."""
    page.wait_for_function("(n) => (JSON.parse(localStorage.getItem('jdr-journal') || 'null')?.entrees || [])"
                           ".length === n", arg=n)
    entrees: list[dict[str, Any]] = page.evaluate("() => JSON.parse(localStorage.getItem('jdr-journal')).entrees")
    return entrees


def _des_du_message(message: str) -> str:
    """« 3d6 (6, 2, 1) » dans la phrase de la fiche → « 6, 2, 1 »."""
    trouve = re.search(r"\dd6 \(([\d, ]+)\)", message)
    assert trouve, message
    return trouve.group(1)


def _ranger(page: Page, serveur: str, etat: dict[str, Any], cle: str = CLE) -> None:
    """Range une fiche exactement comme le code d'avant les groupes : JSON.stringify de l'état."""
    ranger_avant_d_ouvrir(page, serveur, {cle: json.dumps(etat, ensure_ascii=False, separators=(",", ":"))})
    page.goto(serveur + "/encore/fiche/")


class TestGroupe:
    """Plusieurs personnages, chacun rangé à part ; le format d'aujourd'hui se relit."""

    def test_sauvegarde_d_aujourd_hui_se_relit(self, page: Page, serveur: str) -> None:
        etat = operer(None, {"op": "creer", "nom": "Lucrèce", "ton": "raw"})["etat"]
        # En Raw, le jet de CON est obligatoire (issue 37) : des dés fixés, qui ratent.
        etat = operer(etat, {"op": "evenement", "evenement": "Horreur", "con": 0, "graine": 1})["etat"]
        _ranger(page, serveur, etat)
        expect(_fiche(page).locator(".jdr-fiche-entete")).to_contain_text("Lucrèce")
        expect(_fiche(page).locator(STRESS)).to_contain_text("Stress 2/6")
        assert _ranges(page) == {CLE: etat}

    def test_ajouter_renommer_dupliquer_supprimer(self, page: Page, serveur: str) -> None:
        page.goto(serveur + "/encore/fiche/")  # stockage déjà vidé (conftest.contexte_servi)
        fiche = _fiche(page)
        _creer(page, "Lucrèce")
        fiche.get_by_role("button", name="Nouvelle fiche").click()
        _creer(page, "Gideon", "raw")
        choix = fiche.get_by_role("combobox", name="Fiche du groupe")
        expect(choix.locator("option")).to_have_text(["Lucrèce", "Gideon"])
        vue_de_la_fiche(fiche)
        fiche.get_by_role("textbox", name="Nouveau nom").fill("Gédéon")
        fiche.get_by_role("button", name="Renommer").click()
        expect(choix.locator("option")).to_have_text(["Lucrèce", "Gédéon"])
        fiche.get_by_role("button", name="Dupliquer").click()
        expect(choix.locator("option")).to_have_text(["Lucrèce", "Gédéon", "Gédéon (copie)"])
        choix.select_option(label="Lucrèce")
        expect(fiche.locator(".jdr-fiche-entete")).to_contain_text("Blockbuster")
        page.once("dialog", lambda d: d.dismiss())
        fiche.get_by_role("button", name="supprimer cette fiche").click()
        expect(choix.locator("option")).to_have_count(3)  # refusé : rien n'est effacé
        page.once("dialog", lambda d: d.accept())
        fiche.get_by_role("button", name="supprimer cette fiche").click()
        expect(choix.locator("option")).to_have_text(["Gédéon", "Gédéon (copie)"])
        noms = sorted(e["nom"] for e in _ranges(page).values())
        assert noms == ["Gédéon", "Gédéon (copie)"]


class TestDeuxOnglets:
    """Deux onglets ne s'écrasent jamais : chacun voit les changements de l'autre."""

    def test_deux_personnages_rien_ne_se_perd(self, contexte: BrowserContext, serveur: str) -> None:
        a = contexte.new_page()
        a.goto(serveur + "/encore/fiche/")
        _creer(a, "Lucrèce")
        b = contexte.new_page()
        b.goto(serveur + "/encore/fiche/")
        expect(_fiche(b).locator(".jdr-fiche-entete")).to_contain_text("Lucrèce")
        _fiche(b).get_by_role("button", name="Nouvelle fiche").click()
        _creer(b, "Gideon")
        # L'onglet A apprend l'arrivée de Gideon sans rien perdre de Lucrèce.
        expect(_fiche(a).get_by_role("combobox", name="Fiche du groupe").locator("option")).to_have_count(2)
        _fiche(a).get_by_role("button", name="Choc (+1)").click()
        expect(_fiche(a).locator(STRESS)).to_have_text("Stress 1/6")
        _fiche(b).get_by_role("button", name="Indicible (+2)").click()
        expect(_fiche(b).locator(STRESS)).to_have_text("Stress 2/6")
        stress = {e["nom"]: e["stress"] for e in _ranges(a).values()}
        assert stress == {"Lucrèce": 1, "Gideon": 2}
        # B passe sur Lucrèce et la modifie : A, qui l'affiche, voit le changement.
        _fiche(b).get_by_role("combobox", name="Fiche du groupe").select_option(label="Lucrèce")
        expect(_fiche(b).locator(STRESS)).to_have_text("Stress 1/6")
        _fiche(b).get_by_role("button", name="Choc (+1)").click()
        expect(_fiche(a).locator(STRESS)).to_have_text("Stress 2/6")
        # Lucrèce n'a pas de genre donné : la phrase ne s'accorde pas avec elle.
        expect(_fiche(a).locator("output .jdr-message")).to_contain_text(
            typographier("La fiche de Lucrèce a changé dans un autre onglet : la voici à jour."))
        _fiche(a).get_by_role("button", name="Choc (+1)").click()
        expect(_fiche(a).locator(STRESS)).to_have_text("Stress 3/6")
        stress = {e["nom"]: e["stress"] for e in _ranges(a).values()}
        assert stress == {"Lucrèce": 3, "Gideon": 2}

    def test_phrase_accordee_au_genre_donne(self, contexte: BrowserContext, serveur: str) -> None:
        """Mara, créée « elle » : l'onglet qui l'affiche dit qu'elle a été modifiée ailleurs."""
        a = contexte.new_page()
        a.goto(serveur + "/encore/fiche/")  # stockage déjà vidé (conftest.contexte_servi)
        expect(_fiche(a).get_by_role("combobox", name="Accord (facultatif)").locator("option")).to_have_text(
            ["non précisé", "il", "elle"])
        _creer(a, "Mara", accord="elle")
        assert _ranges(a)[CLE]["accord"] == "elle"
        b = contexte.new_page()
        b.goto(serveur + "/encore/fiche/")
        expect(_fiche(b).locator(".jdr-fiche-entete")).to_contain_text("Mara")
        _fiche(b).get_by_role("button", name="Choc (+1)").click()
        expect(_fiche(a).locator(STRESS)).to_have_text("Stress 1/6")
        expect(_fiche(a).locator("output .jdr-message")).to_have_text(
            typographier("Mara a été modifiée dans un autre onglet : voici sa fiche à jour."))
        # Supprimée dans B : A le dit, accordé aussi.
        b.once("dialog", lambda d: d.accept())
        vue_de_la_fiche(_fiche(b))
        _fiche(b).get_by_role("button", name="supprimer cette fiche").click()
        expect(_fiche(a).locator("output .jdr-message")).to_have_text("Mara a été supprimée dans un autre onglet.")

    def test_ecriture_perimee_refusee(self, page: Page, serveur: str) -> None:
        page.goto(serveur + "/encore/fiche/")  # stockage déjà vidé (conftest.contexte_servi)
        _creer(page, "Lucrèce")
        # Un autre onglet (simulé : l'onglet ne reçoit pas d'événement de ses propres écritures)
        # a mis Lucrèce à 4 de Stress.
        ailleurs = Fiche("Lucrèce", Ton.BLOCKBUSTER, 8, stress=4).en_json()
        page.evaluate("""([cle, etat]) => {
            localStorage.setItem(cle, JSON.stringify(etat));
            localStorage.setItem(cle + '#version', String(Number(localStorage.getItem(cle + '#version')) + 1));
        }""", [CLE, ailleurs])
        # Un choc s'ajoute à tout Stress : il est fait sur la fiche à jour (relue sous le verrou), et le dit.
        _fiche(page).get_by_role("button", name="Choc (+1)").click()
        expect(_fiche(page).locator(STRESS)).to_have_text("Stress 5/6")
        expect(_fiche(page).locator("output .jdr-message")).to_contain_text(
            typographier("Fait sur la fiche à jour de Lucrèce : elle avait changé dans un autre onglet."))
        assert _ranges(page)[CLE]["stress"] == 5
        # Renommer pose une valeur lue sur la page : sur une fiche changée ailleurs, c'est refusé.
        plus_tard = Fiche("Lucrèce", Ton.BLOCKBUSTER, 8, stress=1).en_json()
        page.evaluate("""([cle, etat]) => {
            localStorage.setItem(cle, JSON.stringify(etat));
            localStorage.setItem(cle + '#version', String(Number(localStorage.getItem(cle + '#version')) + 1));
        }""", [CLE, plus_tard])
        vue_de_la_fiche(_fiche(page))
        _fiche(page).get_by_role("textbox", name="Nouveau nom").fill("Lucie")
        _fiche(page).get_by_role("button", name="Renommer").click()
        expect(_fiche(page).locator("output .jdr-erreur")).to_contain_text(
            typographier("Opération refusée : la fiche de Lucrèce a changé dans un autre onglet"))
        expect(_fiche(page).locator(STRESS)).to_have_text("Stress 1/6")
        expect(_fiche(page).get_by_role("textbox", name="Nouveau nom")).to_have_value("Lucie")  # saisie gardée
        assert _ranges(page)[CLE] == plus_tard


class TestAnnuler:
    """Les dix dernières opérations (et plus) s'annulent, au bouton ou par Ctrl+Z."""

    def test_dix_annulations(self, page: Page, serveur: str) -> None:
        page.goto(serveur + "/encore/fiche/")
        _creer(page, "Lucrèce")
        fiche = _fiche(page)
        ops = ["Choc (+1)", "Choc (+1)", "Choc (+1)", "Relance", "Relance", "Choc (+1)",
               "Choc (+1)", "Relance", "Choc (+1)", "Choc (+1)", "Choc (+1)", "Relance"]
        stress = [0]
        for op in ops:
            fiche.get_by_role("button", name=op).click()
            stress.append(stress[-1] + (1 if op.startswith("Choc") else -1))
            expect(fiche.locator(STRESS)).to_contain_text(f"Stress {stress[-1]}/6")
        expect(fiche.get_by_role("button", name="Annuler la dernière opération")).to_have_text(
            "Annuler la dernière opération (12)")
        expect(fiche.locator(".jdr-fiche-outils--jeu")).to_contain_text("ne survit pas à un rechargement")
        for i in range(10):
            if i % 2:
                fiche.get_by_role("button", name="Annuler la dernière opération").click()
            else:
                fiche.get_by_role("button", name="Imprimer la fiche").focus()
                page.keyboard.press("Control+z")
            expect(fiche.locator(STRESS)).to_contain_text(f"Stress {stress[-2 - i]}/6")
        assert _ranges(page)[CLE]["stress"] == stress[2]


    def test_annulation_ne_defait_pas_l_autre_onglet(self, contexte: BrowserContext, serveur: str) -> None:
        a = contexte.new_page()
        a.goto(serveur + "/encore/fiche/")
        _creer(a, "Lucrèce")
        _fiche(a).get_by_role("button", name="Choc (+1)").click()
        expect(_fiche(a).get_by_role("button", name="Annuler la dernière opération")).to_be_enabled()
        b = contexte.new_page()
        b.goto(serveur + "/encore/fiche/")
        expect(_fiche(b).locator(STRESS)).to_have_text("Stress 1/6")
        _fiche(b).get_by_role("button", name="Indicible (+2)").click()
        expect(_fiche(a).locator(STRESS)).to_have_text("Stress 3/6")
        # L'historique de A repart de zéro : annuler ne peut plus effacer le travail de B.
        expect(_fiche(a).get_by_role("button", name="Annuler la dernière opération")).to_be_disabled()
        _fiche(a).get_by_role("button", name="Imprimer la fiche").focus()
        a.keyboard.press("Control+z")
        expect(_fiche(a).locator("output .jdr-message")).to_have_text(
            "Rien à annuler pour cette fiche dans cet onglet.")
        assert _ranges(a)[CLE]["stress"] == 3


class TestClicsRepetes:
    """Un clic, une opération : ni dégâts appliqués deux fois, ni demandes empilées."""

    @pytest.mark.parametrize("facon", ["dblclick", "deux_clics_js"])
    def test_appliquer_les_degats_une_fois(self, page: Page, serveur: str, facon: str) -> None:
        page.goto(serveur + "/encore/fiche/")
        _creer(page, "Gideon", accord="il")
        fiche = _fiche(page)
        fiche.get_by_role("spinbutton", name="Dégâts").fill("3")
        fiche.get_by_role("button", name="Encaisser").click()
        fiche.locator(".jdr-fiche-blessures-a-nommer input[type=text]").first.fill("entaille")
        appliquer = fiche.get_by_role("button", name="Appliquer les dégâts")
        if facon == "dblclick":
            appliquer.dblclick()
        else:
            appliquer.evaluate("(b) => { b.click(); b.click(); }")
        expect(fiche.locator("h4").first).to_have_text("Santé 5/8 : blessé")
        _attendre_file(page)
        expect(fiche.locator(".jdr-blessure")).to_have_count(1)
        assert _ranges(page)[CLE]["sante"] == 5

    def test_vingt_clics_sur_encaisser_une_demande(self, page: Page, serveur: str) -> None:
        page.goto(serveur + "/encore/fiche/")
        _creer(page, "Gideon", accord="il")
        fiche = _fiche(page)
        fiche.get_by_role("spinbutton", name="Dégâts").fill("3")
        fiche.get_by_role("button", name="Encaisser").evaluate("(b) => { for (let i = 0; i < 20; i++) b.click(); }")
        expect(fiche.locator(".jdr-fiche-blessures-a-nommer")).to_have_count(1)
        _attendre_file(page)
        expect(fiche.locator(".jdr-fiche-blessures-a-nommer")).to_have_count(1)
        fiche.locator(".jdr-fiche-blessures-a-nommer input[type=text]").first.fill("entaille")
        fiche.get_by_role("button", name="Appliquer les dégâts").click()
        expect(fiche.locator("h4").first).to_have_text("Santé 5/8 : blessé")


class TestStockage:
    """Stockage plein, moteur absent, import démesuré : la fiche rangée reste la vérité."""

    def test_stockage_plein_memoire_egale_stockage(self, page: Page, serveur: str) -> None:
        page.goto(serveur + "/encore/fiche/")
        _creer(page, "Gideon", accord="il")
        fiche = _fiche(page)
        page.evaluate("""() => {
            window.setItemNormal = Storage.prototype.setItem;
            Storage.prototype.setItem = function () {
                throw new DOMException("Le quota est dépassé.", "QuotaExceededError");
            };
        }""")
        fiche.get_by_role("button", name="Choc (+1)").click()
        expect(fiche.locator("output .jdr-erreur")).to_contain_text("Sauvegarde impossible : le stockage")
        expect(fiche.locator(STRESS)).to_have_text("Stress 0/6")
        memoire = page.evaluate(f"() => document.querySelector({FICHE!r}).jdrSuivi.etat")
        assert memoire == _ranges(page)[CLE]
        assert memoire["stress"] == 0
        page.evaluate("() => { Storage.prototype.setItem = window.setItemNormal; }")
        fiche.get_by_role("button", name="Choc (+1)").click()
        expect(fiche.locator(STRESS)).to_have_text("Stress 1/6")
        assert _ranges(page)[CLE]["stress"] == 1

    @pytest.mark.contexte_neuf
    def test_moteur_bloque_la_sauvegarde_reste(self, page: Page, serveur: str) -> None:
        etat = operer(None, {"op": "creer", "nom": "Lucrèce", "ton": "raw"})["etat"]
        ranger_avant_d_ouvrir(page, serveur, {CLE: json.dumps(etat)})
        page.route(re.compile(r".*(\.wasm|/runtime-[0-9a-f]+\.zip)(\.gz)?$"), lambda route: route.abort())
        page.goto(serveur + "/encore/fiche/")
        fiche = _fiche(page)
        expect(fiche.locator("output .jdr-erreur")).to_contain_text("Le moteur de règles n'a pas pu se charger")
        expect(fiche.locator("output .jdr-erreur")).to_contain_text("elle est intacte")
        expect(fiche.locator("output .jdr-erreur")).not_to_contain_text("illisible")
        expect(fiche.get_by_role("button", name="Créer la fiche")).to_have_count(0)
        expect(fiche.get_by_role("button", name="Réessayer")).to_be_visible()
        assert _ranges(page) == {CLE: etat}

    def test_import_trop_profond_ou_trop_gros(self, page: Page, serveur: str) -> None:
        page.goto(serveur + "/encore/fiche/")
        _creer(page, "Gideon", accord="il")
        fiche = _fiche(page)
        vue_de_la_fiche(fiche)
        zone = fiche.locator(".jdr-fiche-outils .jdr-import")
        zone.locator("summary").click()
        zone.locator("textarea").fill("[" * 5000 + "]" * 5000)
        zone.get_by_role("button", name="Ouvrir ce texte").click()
        expect(fiche.locator("output .jdr-erreur")).to_have_text(
            "Import refusé : 5000 niveaux d'imbrication, 32 au plus. Rien n'a changé.")
        zone.locator("textarea").fill(json.dumps({"nom": "x" * 120_000}))
        zone.get_by_role("button", name="Ouvrir ce texte").click()
        expect(fiche.locator("output .jdr-erreur")).to_contain_text(
            "Import refusé : le texte fait 121 ko, 100 ko au plus")
        fiche.get_by_role("button", name="Choc (+1)").click()  # le moteur répond toujours
        expect(fiche.locator(STRESS)).to_have_text("Stress 1/6")
        assert len(_ranges(page)) == 1


class TestLanceursLies:
    """Les lanceurs d'enCORE prennent un personnage du suivi et lui appliquent leur jet."""

    def test_danger_applique_a_la_fiche(self, page: Page, serveur: str) -> None:
        gideon = Fiche.nouvelle("Gideon", Ton.BLOCKBUSTER, "il").subir(5, [("cheville", ("course",)), ("brûlure", ())])
        parametres = {"danger": "chute-haute", "attribut": 0, "stress": gideon.stress}
        graine = next(g for g in range(300)
                      if registre.executer("encore-danger", parametres, g)["issue"] == "echec")
        _ranger(page, serveur, gideon.en_json())
        expect(_fiche(page).locator(".jdr-fiche-entete")).to_contain_text("Gideon")
        page.goto(f"{serveur}/encore/dangers/?lanceur=encore-danger&graine={graine}"
                  f"&danger=chute-haute&attribut=0&stress={gideon.stress}")
        form = page.locator('form[data-mecanique="encore-danger"]')
        expect(form.locator("output .jdr-resultat")).to_be_visible()
        form.get_by_role("combobox", name="Personnage du suivi").select_option(label="Gideon")
        expect(form.locator(".jdr-liaison-fiche")).to_contain_text(
            "Gideon : Santé 3 sur 8 (gravement blessé), Stress 1 sur 6, 2 blessures : cheville (gêne course)")
        form.get_by_role("button", name="Appliquer à Gideon").dblclick()
        expect(form.locator(".jdr-liaison-fiche")).to_contain_text("Santé 3 → 0, Stress 1 → 3.")
        expect(form.get_by_role("button", name="Appliquer à Gideon")).to_be_disabled()
        apres = Fiche.depuis_json(_ranges(page)[CLE])
        # Les règles : −4 Santé (plancher 0), +1 Stress de la perte, +1 du Choc, une blessure « hors de combat ».
        assert (apres.sante, apres.stress, len(apres.blessures)) == (0, 3, 3)
        assert apres.blessures[-1].palier.value == "hors de combat"
        page.goto(serveur + "/encore/fiche/")
        expect(_fiche(page).locator("h4").first).to_contain_text("Santé 0/8")

    def test_sans_les_modules_du_suivi_le_lanceur_marche(self, page: Page, serveur: str) -> None:
        """Les modules du suivi et du journal n'arrivent pas (réseau coupé avant que le service worker
        les garde) : le lanceur de dangers lance quand même, sans le choix du personnage, le jet dit
        qu'il n'est pas noté, le bouton du journal qu'il est indisponible, et aucune erreur ne reste
        sans réponse dans la page (le contexte le vérifie)."""
        page.route("**/assets/jdr/table/stockage.js", lambda route: route.abort())
        page.route("**/assets/jdr/table/journal/vue.js", lambda route: route.abort())
        page.goto(f"{serveur}/encore/dangers/")
        form = page.locator('form[data-mecanique="encore-danger"]')
        form.get_by_role("button", name="Lancer les dés").click()
        expect(form.locator("output .jdr-resultat")).to_be_visible()
        expect(form.locator(".jdr-phrase")).to_contain_text(re.compile(r"^Le PJ (évite|subit) le danger"))
        assert form.locator(".jdr-liaison").count() == 0
        # Le journal, qui se sert du même module, ne note pas le jet et le dit sous le résultat.
        expect(form.locator(".jdr-jet-non-note")).to_have_text(typographier(
            "Ce jet n'a pas été noté au journal des jets : le module du journal n'a pas pu se charger"
            " (réseau coupé ?). Rechargez la page une fois le réseau revenu."))
        # Le bouton du journal, dont le panneau ne vient pas non plus, le dit.
        bouton = page.locator("button.jdr-journal-bouton")
        bouton.click()
        expect(bouton).to_have_attribute("title", re.compile("^Journal des jets indisponible"))

    def test_le_jet_nomme_le_personnage_choisi(self, page: Page, serveur: str) -> None:
        """Mira choisie dans la liste, le jet du lanceur de dangers parle d'elle (accordé : elle est
        « blessée » si le danger la touche), comme le cœur le dit avec sa fiche ; sans personnage
        choisi, le même jet reparle du PJ."""
        mira = Fiche.nouvelle("Mira", Ton.BLOCKBUSTER, "elle")
        _ranger(page, serveur, mira.en_json())
        expect(_fiche(page).locator(".jdr-fiche-entete")).to_contain_text("Mira")
        page.goto(f"{serveur}/encore/dangers/")
        form = page.locator('form[data-mecanique="encore-danger"]')
        choix = form.get_by_role("combobox", name="Personnage du suivi")
        choix.select_option(label="Mira")
        expect(form.locator(".jdr-liaison-fiche")).to_contain_text("Mira : Santé 8 sur 8")
        form.get_by_role("button", name="Lancer les dés").click()
        phrase = form.locator(".jdr-phrase")
        expect(phrase).to_contain_text(re.compile(r"^Mira (évite|subit) le danger"))
        lien = form.locator("a.jdr-lien").get_attribute("href")
        assert lien
        graine = re.search(r"graine=(\d+)", lien)
        assert graine
        parametres = {nom: form.locator(f'[name="{nom}"]').input_value()
                      for nom in ("danger", "attribut", "ton", "stress")}
        attendu = registre.executer("encore-danger", parametres, graine.group(1), None, mira.en_json())
        expect(phrase).to_have_text(typographier(attendu["phrase"]))
        assert form.locator(".jdr-details li").all_inner_texts() == [typographier(d) for d in attendu["details"]]
        assert "Le PJ" not in form.locator("output").inner_text()
        choix.select_option(index=0)
        form.get_by_role("button", name="Lancer les dés").click()
        expect(phrase).to_contain_text(re.compile(r"^Le PJ (évite|subit) le danger"))

    def test_danger_applique_entre_au_journal_et_se_rejoue(self, page: Page, serveur: str) -> None:
        """Le danger appliqué à une fiche Raw à 4 de Stress entre au journal ; son lien ouvre le
        lanceur réglé comme la fiche (ton, Stress, donc un dé de malus) et montre les mêmes dés."""
        ada = Fiche("Ada", Ton.RAW, 5, stress=4)
        _ranger(page, serveur, ada.en_json())
        expect(_fiche(page).locator(".jdr-fiche-entete")).to_contain_text("Ada")
        page.goto(f"{serveur}/encore/dangers/?lanceur=encore-danger&graine=1234&danger=poison&attribut=3")
        form = page.locator('form[data-mecanique="encore-danger"]')
        expect(form.locator("output .jdr-resultat")).to_be_visible()
        des_du_formulaire = form.locator("output .jdr-de").all_inner_texts()
        form.get_by_role("combobox", name="Personnage du suivi").select_option(label="Ada")
        expect(form.locator('[name="ton"]')).to_have_value("raw")
        form.get_by_role("button", name="Appliquer à Ada").click()
        expect(form.locator(".jdr-liaison-fiche")).to_contain_text("Fiche mise à jour dans le suivi.")
        message = form.locator(".jdr-liaison-fiche").inner_text().removesuffix(" Fiche mise à jour dans le suivi.")
        [jet] = _jets_du_journal(page, 1)  # le jet rejoué depuis le lien n'y était pas : seule la fiche y entre
        assert (jet["source"], jet["titre"], jet["graine"]) == ("suivi", "Suivi : danger, appliqué à Ada", "1234")
        assert jet["issue"] == message and jet["des"] == _des_du_message(message)
        assert "ton=raw" in jet["lien"] and "stress=4" in jet["lien"] and jet["lien"].endswith("#lanceur-encore-danger")
        # Le malus de Stress de la fiche (Raw, 4) retire un dé au jet du formulaire (Blockbuster, 0).
        assert len(jet["des"].split(", ")) == len(des_du_formulaire) - 1

        page.goto(jet["lien"])
        form = page.locator('form[data-mecanique="encore-danger"]')
        expect(form.locator(".jdr-avis-rejeu")).to_contain_text("Jet rejoué depuis un lien")
        expect(form.locator("output .jdr-resultat")).to_be_visible()
        assert ", ".join(form.locator("output .jdr-de").all_inner_texts()) == jet["des"]
        issue = re.search(r"succès, ([^.]+)\.", message)
        assert issue, message
        classe = {"réussite": "reussite", "réussite partielle": "neutre", "échec": "echec"}[issue.group(1)]
        expect(form.locator("output .jdr-resultat")).to_have_class(re.compile(f"jdr-resultat--{classe}"))
        expect(form.locator('[name="stress"]')).to_have_value("4")
        assert _ranges(page)[CLE]["stress"] >= 4  # la fiche a bien reçu le jet, une seule fois
        assert len(_jets_du_journal(page, 1)) == 1

    def test_jet_de_la_fiche_se_rejoue_dans_le_lanceur(self, page: Page, serveur: str) -> None:
        """Des premiers soins lancés sur la page de la fiche : l'entrée du journal renvoie au lanceur de
        réserve (autre page, adresse rendue à la construction) et redonne les mêmes dés."""
        _ranger(page, serveur, Fiche("Ada", Ton.RAW, 5, stress=4).en_json())
        fiche = _fiche(page)
        expect(fiche.locator(".jdr-fiche-entete")).to_contain_text("Ada")
        fiche.get_by_role("spinbutton", name="INT").fill("3")
        fiche.get_by_role("checkbox", name="Le soigneur a une trousse de premiers soins").check()
        fiche.get_by_role("button", name="Premiers soins (lancer INT)").click()
        [jet] = _jets_du_journal(page, 1)
        message = fiche.locator("output.jdr-sortie").inner_text()
        assert jet["titre"] == "Ada — Premiers soins (lancer INT)" and jet["issue"] == message
        assert jet["des"] == _des_du_message(message)
        assert re.search(r"/encore/reserve/\?lanceur=encore-reserve&.*graine=\d+#lanceur-encore-reserve$", jet["lien"])
        page.goto(jet["lien"])
        form = page.locator('form[data-mecanique="encore-reserve"]')
        expect(form.locator(".jdr-avis-rejeu")).to_contain_text("Jet rejoué depuis un lien")
        expect(form.locator("output .jdr-resultat")).to_be_visible()
        assert ", ".join(form.locator("output .jdr-de").all_inner_texts()) == jet["des"]
        expect(form.locator('[name="attribut"]')).to_have_value("3")
        expect(form.locator('[name="bonus"]')).to_have_value("1")  # le dé de la trousse

    def test_coup_d_eclat_sous_six_refuse(self, page: Page, serveur: str) -> None:
        page.goto(serveur + "/encore/reserve/")
        form = page.locator('form[data-mecanique="encore-reserve"]')
        form.locator('[name="coup_d_eclat"]').check()
        form.locator('[name="stress"]').fill("2")
        form.locator("button[type=submit]").click()
        expect(form.locator("output .jdr-erreur")).to_have_text(
            "Coup d'éclat refusé : il se déclare à 6 de Stress, et le personnage n'en a que 2.")
        form.locator('[name="stress"]').fill("6")
        form.locator("button[type=submit]").click()
        expect(form.locator("output .jdr-phrase")).to_contain_text("le Stress redescend à 3")

    def test_coup_d_eclat_applique_a_une_fiche_sous_six_refuse(self, page: Page, serveur: str) -> None:
        _ranger(page, serveur, Fiche("Lucrèce", Ton.BLOCKBUSTER, 8, stress=2).en_json())
        expect(_fiche(page).locator(".jdr-fiche-entete")).to_contain_text("Lucrèce")
        page.goto(f"{serveur}/encore/reserve/?lanceur=encore-reserve&graine=7&coup_d_eclat=1&stress=6")
        form = page.locator('form[data-mecanique="encore-reserve"]')
        expect(form.locator("output .jdr-resultat")).to_be_visible()
        form.get_by_role("combobox", name="Personnage du suivi").select_option(label="Lucrèce")
        expect(form.locator('[name="stress"]')).to_have_value("2")
        form.get_by_role("button", name="Appliquer à Lucrèce").click()
        expect(form.locator(".jdr-liaison-fiche .jdr-erreur")).to_have_text(
            "Rien n'a été appliqué : Coup d'éclat refusé : il se déclare à 6 de Stress, "
            "et le personnage n'en a que 2.")
        assert _ranges(page)[CLE]["stress"] == 2
