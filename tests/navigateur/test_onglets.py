"""Rien ne se perd entre onglets : deux onglets qui cliquent au même instant (fiche enCORE,
combat D10, journal des jets), les doubles clics, un message rejoué, la saisie gardée, et le
stockage plein pour le journal.

Les deux pages sont dans un même contexte de Chromium (un même localStorage, comme deux
onglets d'un navigateur). Chaque « même instant » est un horodatage ``Date.now()`` commun,
attendu par un ``setTimeout`` dans chaque page : les clics partent dans la même milliseconde,
sans attente réelle du côté du test (il attend des conditions, jamais une durée)."""

from __future__ import annotations

import contextlib
import json
import re
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Error, Locator, Page, expect

from jdr_core.d10.suivi import operer as operer_d10
from jdr_core.francais import nombre_relatif, typographier

from ..conftest import COMBAT_D10, combat_d10_a_deux, double_clic_lent, ranger_avant_d_ouvrir, vue_de_la_fiche

pytestmark = pytest.mark.navigateur
DELAI = 40_000
expect.set_options(timeout=DELAI)
TOURS = 20
FICHE = ".jdr-fiche[data-fiche='fiche-principale']"
STRESS = ".jdr-fiche-stress h4"
LANCEUR = 'form[data-mecanique="3d6-test"]'
#: Les doubles clics lents par bouton (attaque, dépense, lanceur) et par écart (100 et 250 ms).
ESSAIS_DOUBLE_CLIC = 3


#: Sans service worker : chaque onglet lit le réseau (les tests retiennent ou coupent des requêtes).
OPTIONS_DU_CONTEXTE = {"service_workers": "block"}


@pytest.fixture(autouse=True)
def _delai(request: pytest.FixtureRequest) -> None:
    """Les attentes de Playwright bornées à DELAI dans le contexte (conftest.contexte) des tests qui le prennent."""
    if "contexte" in request.fixturenames:
        request.getfixturevalue("contexte").set_default_timeout(DELAI)


# --- Outils ---------------------------------------------------------------------------------

#: Programme, pour l'instant ``cible`` (Date.now()), un clic sur le bouton de ``racine`` dont le
#: texte commence par ``nom`` ; window.jdrCoup dit s'il a trouvé un bouton actif. Rend la marge qui
#: restait avant l'instant (négative : la page a été programmée trop tard pour cliquer avec l'autre).
PROGRAMMER = r"""([cible, racine, nom]) => {
    window.jdrCoup = new Promise((fini) => setTimeout(() => {
        // \s : les espaces insécables de la typographie comprises.
        const b = [...document.querySelectorAll(racine + ' button')]
            .find((x) => x.textContent.replace(/\s+/g, " ").trim().startsWith(nom));
        const actif = Boolean(b && !b.disabled);
        if (actif) b.click();
        fini(actif);
    }, cible - Date.now()));
    return cible - Date.now();
}"""

#: L'avance (ms) entre la programmation des clics et leur instant commun : courte tant que chaque
#: page est programmée à temps (deux appels de Playwright, quelques ms), doublée jusqu'à 1,2 s dès qu'une page
#: l'est trop tard (machine chargée), pour les tours suivants de ce processus de tests.
_AVANCE = {"ms": 40}


def _au_meme_instant(coups: list[tuple[Page, str, str]]) -> list[bool]:
    """Chaque page clique au même instant Date.now() ; rend, pour chacune, si son bouton était actif."""
    cible = coups[0][0].evaluate(f"() => Date.now() + {_AVANCE['ms']}")
    marges = [page.evaluate(PROGRAMMER, [cible, racine, nom]) for page, racine, nom in coups]
    if min(marges) <= 0:
        _AVANCE["ms"] = min(2 * _AVANCE["ms"], 1200)
    return [page.evaluate("() => window.jdrCoup") for page, _, _ in coups]


#: Attend, dans la page, que le suivi de ``racine`` ait fini ses opérations et montre la fiche rangée,
#: de version au moins ``minimum`` ; rend cette version. Un seul aller et retour avec Chromium (la
#: page vérifie toutes les 10 ms) ; au-delà de ``delai`` ms, une erreur (jamais d'attente sans fin).
POSER = """async ([racine, minimum, delai]) => {
    const fin = Date.now() + delai;
    const range = (s) => s.cle !== null && s.etat !== null && localStorage.getItem(s.cle) !== null
        && Number(localStorage.getItem(s.cle + '#version') || 0) === s.version && s.version >= minimum
        && JSON.stringify(s.etat) === JSON.stringify(JSON.parse(localStorage.getItem(s.cle)));
    for (;;) {
        const s = document.querySelector(racine)?.jdrSuivi;
        if (s) {
            await s.file;
            if (range(s)) {
                await s.file;
                if (range(s)) return s.version;
            }
        }
        if (Date.now() > fin) {
            throw new Error(`suivi ${racine} pas posé en ${delai} ms (version ${s?.version}, attendue ≥ ${minimum})`);
        }
        await new Promise((r) => setTimeout(r, 10));
    }
}"""


def _suivi_pose(page: Page, racine: str, minimum: int = 0) -> int:
    """Attend que le suivi de la page ait fini ses opérations et montre la fiche rangée ; rend sa version."""
    version: int = page.evaluate(POSER, [racine, minimum, 15_000])
    return version


def _onglets_poses(pages: list[Page], racine: str) -> None:
    """Attend que chaque onglet ait fini ses opérations et que tous voient la même version rangée.
    Chaque processus de Chromium garde sa copie de localStorage, mise à jour par messages : juste
    après l'écriture d'un autre onglet, celui-ci peut encore lire la version d'avant (l'écriture
    n'est pas perdue, elle arrive un instant plus tard, avec l'évènement « storage »)."""
    versions = [_suivi_pose(page, racine) for page in pages]
    for page, version in zip(pages, versions, strict=True):
        if version < max(versions):
            _suivi_pose(page, racine, max(versions))


def _etat_range(page: Page, racine: str) -> Any:
    return page.evaluate(f"() => JSON.parse(localStorage.getItem(document.querySelector({racine!r}).jdrSuivi.cle))")


def _refus(page: Page, racine: str) -> bool:
    return bool(page.locator(f"{racine} output.jdr-sortie .jdr-erreur").count())


def _nouvelles_entrees(avant: list[str], apres: list[str]) -> int:
    """Combien d'entrées le journal du combat (fenêtre glissante de 30) a reçues."""
    for perdues in range(len(avant) + 1):
        garde = avant[perdues:]
        if apres[:len(garde)] == garde:
            return len(apres) - len(garde)
    raise AssertionError("le journal du combat ne prolonge pas le précédent")


def _nombre_au_journal(page: Page) -> int:
    n: int = page.evaluate("() => (JSON.parse(localStorage.getItem('jdr-journal') || 'null')?.entrees || []).length")
    return n


def _creer_lucrece(page: Page, serveur: str) -> Locator:
    """La fiche enCORE de Lucrèce créée dans ``page``, premier onglet du test : le stockage du contexte est
    déjà vide (conftest.contexte_servi, ou contexte neuf), sans le vider puis recharger (un Python de plus)."""
    page.goto(serveur + "/encore/fiche/")
    fiche = page.locator(FICHE)
    fiche.locator(".jdr-fiche-creation input[type=text]").fill("Lucrèce")
    fiche.get_by_role("button", name="Créer la fiche").click()
    expect(fiche.locator(".jdr-fiche-entete")).to_contain_text("Lucrèce")
    return fiche


def _second_onglet(contexte: BrowserContext, serveur: str, chemin: str, racine: str, nom: str) -> Page:
    b = contexte.new_page()
    b.goto(serveur + chemin)
    expect(b.locator(f"{racine} .jdr-fiche-entete strong")).to_have_text(nom)
    return b


def _onglet(contexte: BrowserContext, adresse: str) -> Page:
    """Un onglet neuf ouvert sur ``adresse`` ; premier onglet du test, il trouve le stockage du site vide
    (conftest.contexte_servi le vide avant chaque test : ni effacement ni rechargement de plus)."""
    page = contexte.new_page()
    page.goto(adresse)
    return page


def _combat_au_tour_1(page: Page, serveur: str) -> Locator:
    """Le combat D10 à deux ouvert dans ``page``, stockage vidé, l'initiative lancée : le tour 1 s'affiche."""
    combat = combat_d10_a_deux(page, serveur, delai=DELAI)
    combat.get_by_role("button", name="Lancer l'initiative").click()
    expect(combat.locator(".jdr-combat-tour")).to_contain_text("Tour 1")
    return combat


# --- Deux onglets au même instant ------------------------------------------------------------


class TestMemeInstant:
    """Deux onglets cliquent dans la même milliseconde, 20 fois : aucune opération ne se perd."""

    @pytest.mark.construction
    def test_fiche_encore(self, contexte: BrowserContext, serveur: str) -> None:
        a = contexte.new_page()
        _creer_lucrece(a, serveur)
        b = _second_onglet(contexte, serveur, "/encore/fiche/", FICHE, "Lucrèce")
        pertes, silencieuses = [], []
        for tour in range(TOURS):
            avant = _etat_range(a, FICHE)["stress"]
            # Les deux onglets font le même pas (+1 ou −1 chacun) : le Stress reste entre 1 et 5.
            nom, pas = ("Choc (+1)", 1) if avant <= 3 else ("Relance (−1 Stress)", -1)
            assert _au_meme_instant([(a, FICHE, nom), (b, FICHE, nom)]) == [True, True]
            _onglets_poses([a, b], FICHE)
            apres = _etat_range(a, FICHE)["stress"]
            perdues = 2 - (apres - avant) // pas
            if perdues:
                pertes.append((tour, perdues))
                if not _refus(a, FICHE) and not _refus(b, FICHE):
                    silencieuses.append(tour)
            for page in (a, b):
                expect(page.locator(f"{FICHE} {STRESS}")).to_contain_text(f"Stress {apres}/6")
        print(f"fiche enCORE : {sum(n for _, n in pertes)} opérations perdues sur {2 * TOURS}, "
              f"{len(silencieuses)} tours où les deux onglets ont dit « fait »")
        assert pertes == [], f"{sum(n for _, n in pertes)}/{2 * TOURS} perdues (tour, nombre) : {pertes}"

    @pytest.mark.construction
    def test_fiche_3d6(self, contexte: BrowserContext, serveur: str) -> None:
        """La fiche 3D6, sur le même contrat : deux « Encaisser » au même instant, vingt fois."""
        racine = ".jdr-fiche[data-systeme='troisd6']"
        a = _onglet(contexte, serveur + "/troisd6/fiche/")
        creation = a.locator(f"{racine} .jdr-fiche-creation")
        creation.get_by_label("Nom").fill("Jules")
        creation.get_by_label("Physique (1 à 5)").fill("5")
        creation.get_by_label("Mental (1 à 5)").fill("5")
        creation.get_by_role("button", name="Créer la fiche").click()
        expect(a.locator(f"{racine} .jdr-fiche-entete")).to_contain_text("Jules")
        b = _second_onglet(contexte, serveur, "/troisd6/fiche/", racine, "Jules")
        tours = TOURS  # 10 PE, 2 perdus par tour : −30 PE à la fin (les PE descendent jusqu'à −50)
        for tour in range(tours):
            assert _au_meme_instant([(a, racine, "Encaisser"), (b, racine, "Encaisser")]) == [True, True], tour
            _onglets_poses([a, b], racine)
        pe = _etat_range(a, racine)["pe"]
        assert pe == 10 - 2 * tours, f"{10 - 2 * tours - pe} opérations perdues sur {2 * tours}"
        for page in (a, b):
            expect(page.locator(f"{racine} .jdr-fiche-etat")).to_contain_text(
                typographier(f"{nombre_relatif(pe)} PE sur 10"))

    @pytest.mark.construction
    @pytest.mark.parametrize(("chemin", "systeme", "niveau"), [
        ("/deuxd6/fiche/", "deuxd6", "Niveau (0 : simple base)"), ("/d10/fiche/", "d10", "Niveau")])
    def test_fiches_2d6_et_d10(self, contexte: BrowserContext, serveur: str, chemin: str, systeme: str,
                               niveau: str) -> None:
        """Les fiches 2D6 et D10, sur le même contrat : deux « Ajouter la compétence » au même instant
        (un nom par onglet), douze fois ; les 24 compétences sont toutes sur la fiche rangée."""
        racine = f".jdr-fiche[data-systeme='{systeme}']"
        a = _onglet(contexte, serveur + chemin)
        creation = a.locator(f"{racine} .jdr-fiche-creation")
        creation.get_by_label("Nom").fill("Nadia")
        creation.get_by_role("button", name="Créer la fiche").click()
        expect(a.locator(f"{racine} .jdr-fiche-entete")).to_contain_text("Nadia")
        b = _second_onglet(contexte, serveur, chemin, racine, "Nadia")
        for page in (a, b):  # les compétences s'ajoutent dans la vue « Modifier la fiche »
            vue_de_la_fiche(page.locator(racine))
        avant = len(_etat_range(a, racine)["competences"])
        tours = 12  # 24 compétences : sous le plafond de 30 d'une fiche, les trois du combat D10 comprises
        for tour in range(tours):
            for page, lettre in ((a, "A"), (b, "B")):
                fiche = page.locator(racine)
                fiche.get_by_label("Nouvelle compétence").fill(f"Métier {lettre}{tour}")
                fiche.get_by_label(niveau, exact=True).fill("1")
            coups = [(a, racine, "Ajouter la compétence"), (b, racine, "Ajouter la compétence")]
            assert _au_meme_instant(coups) == [True, True], tour
            _onglets_poses([a, b], racine)
        noms = {c["nom"] for c in _etat_range(a, racine)["competences"]}
        attendus = {f"Métier {lettre}{t}" for lettre in "AB" for t in range(tours)}
        assert len(noms) == avant + 2 * tours, f"perdues : {sorted(attendus - noms)}"
        for page in (a, b):
            expect(page.locator(racine)).to_contain_text(f"Métier B{tours - 1}")

    @pytest.mark.construction
    def test_combat_d10(self, contexte: BrowserContext, serveur: str) -> None:
        a = contexte.new_page()
        _combat_au_tour_1(a, serveur)
        _suivi_pose(a, COMBAT_D10)
        b = _second_onglet(contexte, serveur, "/d10/suivi/", COMBAT_D10, "Duel sur le quai")
        _suivi_pose(b, COMBAT_D10)
        pertes, silencieuses = [], []
        for tour in range(TOURS):
            avant = _etat_range(a, COMBAT_D10)
            actifs = _au_meme_instant([(a, COMBAT_D10, "Nouveau tour"), (b, COMBAT_D10, "Relancer l'initiative")])
            assert actifs == [True, True]
            diverge = []
            for page in (a, b):
                try:
                    _suivi_pose(page, COMBAT_D10)
                except Error:  # l'onglet montre une fiche qui n'est plus la fiche rangée
                    diverge.append(page)
            if diverge:
                for page in diverge:
                    page.reload()
                    _suivi_pose(page, COMBAT_D10)
            _onglets_poses([a, b], COMBAT_D10)
            apres = _etat_range(a, COMBAT_D10)
            faites = _nouvelles_entrees(avant["journal"], apres["journal"])
            assert apres["tour"] - avant["tour"] in (0, 1)
            if faites != 2 or diverge:
                pertes.append((tour, 2 - faites, len(diverge)))
                if not _refus(a, COMBAT_D10) and not _refus(b, COMBAT_D10):
                    silencieuses.append(tour)
        print(f"combat D10 : {sum(n for _, n, _ in pertes)} opérations perdues sur {2 * TOURS}, "
              f"{len(silencieuses)} tours où les deux onglets ont dit « fait », "
              f"{sum(d for _, _, d in pertes)} fois un onglet resté sur une fiche qui n'est plus la fiche rangée")
        perdues = sum(n for _, n, _ in pertes)
        assert pertes == [], f"{perdues}/{2 * TOURS} perdues (tour, perdues, divergences) : {pertes}"
        assert _etat_range(a, COMBAT_D10)["tour"] == 1 + TOURS

    @pytest.mark.construction
    def test_journal_jets_simultanes(self, contexte: BrowserContext, serveur: str) -> None:
        a = _onglet(contexte, serveur + "/troisd6/test/")
        b = contexte.new_page()
        b.goto(serveur + "/troisd6/test/")
        # Un premier jet par onglet, l'un après l'autre : Python démarre, rien n'est compté.
        for i, page in enumerate((a, b)):
            expect(page.locator(LANCEUR)).to_have_attribute("data-branche", "pret")
            page.locator(LANCEUR).get_by_role("button", name="Lancer les dés").click()
            page.wait_for_function("(n) => (JSON.parse(localStorage.getItem('jdr-journal') || 'null')?.entrees || [])"
                                   ".length === n", arg=i + 1)
        attendu = 2
        perdus = []
        for tour in range(TOURS):
            assert _au_meme_instant([(a, LANCEUR, "Lancer les dés"), (b, LANCEUR, "Lancer les dés")]) == [True, True]
            attendu += 2
            for page in (a, b):  # les deux jets ont leur réponse ; leur note suit de peu
                expect(page.locator(f"{LANCEUR} button[type=submit]")).to_be_enabled()
            with contextlib.suppress(Error):  # un jet perdu : compté ci-dessous
                a.wait_for_function(
                    "(n) => (JSON.parse(localStorage.getItem('jdr-journal') || 'null')?.entrees || []).length >= n",
                    arg=attendu, timeout=5_000)
            n = _nombre_au_journal(a)
            if n != attendu:
                perdus.append((tour, attendu - n))
                attendu = n
        print(f"journal, jets simultanés : {sum(n for _, n in perdus)} jets perdus sur {2 * TOURS}")
        assert perdus == [], f"{sum(n for _, n in perdus)}/{2 * TOURS} jets perdus (tour, nombre) : {perdus}"

    @pytest.mark.construction
    def test_journal_rafales(self, contexte: BrowserContext, serveur: str) -> None:
        """40 jets par onglet, partis au même instant, chacun dans sa tâche : les 80 sont notés."""
        a = _onglet(contexte, serveur + "/a-propos/")
        b = contexte.new_page()
        b.goto(serveur + "/a-propos/")
        rafale = """([cible, onglet]) => { window.jdrRafale = (async () => {
            const src = document.querySelector('script[src*="assets/jdr/jdr.js"]').src;
            const journal = await import(src.replace(/jdr\\.js.*$/, 'table/journal/journal.js'));
            await new Promise((r) => setTimeout(r, cible - Date.now()));
            const notes = [];
            for (let i = 0; i < 40; i++) {
                const jet = { source: 'lanceur', titre: `Onglet ${onglet}, jet ${i}`, issue: `Issue ${i}.` };
                notes.push(journal.noter(jet));
                await new Promise((r) => setTimeout(r, 0));
            }
            return (await Promise.all(notes)).filter((refus) => !refus).length;
        })(); }"""
        cible = a.evaluate("() => Date.now() + 600")
        a.evaluate(rafale, [cible, "A"])
        b.evaluate(rafale, [cible, "B"])
        notes = [page.evaluate("() => window.jdrRafale") for page in (a, b)]
        journal = a.evaluate("() => JSON.parse(localStorage.getItem('jdr-journal'))")
        titres = [e["titre"] for e in journal["entrees"]]
        print(f"journal, rafales : {80 - len(titres)} jets perdus sur 80")
        assert notes == [40, 40]  # chaque onglet a su que ses 40 jets étaient notés
        assert sorted(titres) == sorted(f"Onglet {o}, jet {i}" for o in "AB" for i in range(40))


# --- Une opération par intention --------------------------------------------------------------


class TestUneOperationParIntention:
    """Un double clic, une rafale de clics ou un message rejoué n'appliquent qu'une opération."""

    def _combat(self, page: Page, serveur: str) -> Locator:
        combat = _combat_au_tour_1(page, serveur)
        _suivi_pose(page, COMBAT_D10)
        return combat

    @pytest.mark.construction
    @pytest.mark.parametrize("facon", ["dblclick", "rafale"])
    def test_attaquer_une_fois(self, contexte: BrowserContext, serveur: str, facon: str) -> None:
        page = contexte.new_page()
        combat = self._combat(page, serveur)
        avant = _etat_range(page, COMBAT_D10)["journal"]
        attaquer = combat.get_by_role("button", name="Attaquer", exact=True)
        if facon == "dblclick":
            attaquer.dblclick()
        else:
            attaquer.evaluate("(b) => { for (let i = 0; i < 20; i++) b.click(); }")
        _suivi_pose(page, COMBAT_D10)
        apres = _etat_range(page, COMBAT_D10)["journal"]
        assert _nouvelles_entrees(avant, apres) == 1, apres[len(avant):]
        expect(combat.get_by_role("button", name="Attaquer", exact=True)).to_be_enabled()

    @pytest.mark.construction
    @pytest.mark.parametrize("ecart_ms", [100, 250])
    def test_double_clic_lent(self, contexte: BrowserContext, serveur: str, ecart_ms: int) -> None:
        """Un double clic lent (le second clic 100 ou 250 ms après le premier, quand le bouton est revenu) :
        une attaque au combat, une dépense de PE sur la fiche 3D6, un jet au lanceur ; trois essais chacun."""
        page = contexte.new_page()
        combat = self._combat(page, serveur)
        attaquer = combat.get_by_role("button", name="Attaquer", exact=True)
        faites = []
        for _ in range(ESSAIS_DOUBLE_CLIC):
            avant = _etat_range(page, COMBAT_D10)["journal"]
            double_clic_lent(page, attaquer, ecart_ms)
            _suivi_pose(page, COMBAT_D10)
            faites.append(_nouvelles_entrees(avant, _etat_range(page, COMBAT_D10)["journal"]))
        racine = ".jdr-fiche[data-systeme='troisd6']"
        page.goto(serveur + "/troisd6/fiche/")
        creation = page.locator(f"{racine} .jdr-fiche-creation")
        creation.get_by_label("Nom").fill("Jules")
        creation.get_by_role("button", name="Créer la fiche").click()
        depenser = page.locator(racine).get_by_role("button", name=re.compile("^Utiliser une compétence"))
        for fois in range(ESSAIS_DOUBLE_CLIC):
            double_clic_lent(page, depenser, ecart_ms)
            _suivi_pose(page, racine)
            faites.append(6 - fois - _etat_range(page, racine)["pe"])
        page.goto(serveur + "/troisd6/test/")
        lancer = page.locator(LANCEUR).get_by_role("button", name="Lancer les dés")
        expect(page.locator(LANCEUR)).to_have_attribute("data-branche", "pret")
        base = _nombre_au_journal(page)
        for fois in range(ESSAIS_DOUBLE_CLIC):
            double_clic_lent(page, lancer, ecart_ms)
            page.wait_for_function("(n) => (JSON.parse(localStorage.getItem('jdr-journal') || 'null')?.entrees || [])"
                                   ".length >= n", arg=base + fois + 1)
            expect(lancer).to_be_enabled()
            page.wait_for_timeout(ecart_ms)  # un jet de trop aurait eu le temps de partir
            faites.append(_nombre_au_journal(page) - base - fois)
        print(f"double clic lent à {ecart_ms} ms : {sum(n - 1 for n in faites)} opérations en trop sur {len(faites)}")
        assert faites == [1] * 3 * ESSAIS_DOUBLE_CLIC, faites

    @pytest.mark.construction
    def test_bouton_desactive_jusqu_a_la_reponse(self, contexte: BrowserContext, serveur: str) -> None:
        page = contexte.new_page()
        combat = self._combat(page, serveur)
        # Au clic, le bouton se désactive aussitôt (avant toute réponse du moteur).
        assert combat.get_by_role("button", name="Nouveau tour").evaluate("(b) => { b.click(); return b.disabled; }")
        _suivi_pose(page, COMBAT_D10)
        expect(combat.get_by_role("button", name="Nouveau tour")).to_be_enabled()
        assert _etat_range(page, COMBAT_D10)["tour"] == 2

    @pytest.mark.construction
    def test_message_rejoue_applique_une_fois(self, contexte: BrowserContext, serveur: str) -> None:
        """La même opération (même clé) envoyée deux fois, dans un onglet puis dans l'autre : un seul tour."""
        a = contexte.new_page()
        self._combat(a, serveur)
        b = _second_onglet(contexte, serveur, "/d10/suivi/", COMBAT_D10, "Duel sur le quai")
        rejouer = f"""() => {{
            const s = document.querySelector({COMBAT_D10!r}).jdrSuivi;
            s.operer({{ op: "nouveau_tour", cle: "rejeu-essai-1" }});
            return s.operer({{ op: "nouveau_tour", cle: "rejeu-essai-1" }});
        }}"""
        a.evaluate(rejouer)
        _suivi_pose(a, COMBAT_D10)
        assert _etat_range(a, COMBAT_D10)["tour"] == 2
        _suivi_pose(b, COMBAT_D10)
        b.evaluate(rejouer)
        _suivi_pose(b, COMBAT_D10)
        assert _etat_range(b, COMBAT_D10)["tour"] == 2
        expect(b.locator(f"{COMBAT_D10} output.jdr-sortie")).to_contain_text("Cette opération a déjà été appliquée")


class TestVerrouCourt:
    """Un verrou ne se tient que le temps de lire, changer et écrire : jamais pendant qu'un onglet
    attend son propre Python."""

    @pytest.mark.construction
    def test_un_onglet_pret_n_attend_pas_le_telechargement_d_un_autre(self, contexte: BrowserContext,
                                                                        serveur: str) -> None:
        a = contexte.new_page()
        fiche_a = _creer_lucrece(a, serveur)
        b = contexte.new_page()
        retenues: list[Any] = []
        libre = {"oui": False}

        def retenir(route: Any) -> None:  # le Python de B n'arrive pas tant que le test ne le libère pas
            if libre["oui"]:
                route.continue_()
            else:
                retenues.append(route)

        b.route("**/pyodide/**", retenir)
        b.goto(serveur + "/encore/fiche/")
        fiche_b = b.locator(FICHE)
        fiche_b.get_by_role("button", name="Nouvelle fiche").click()
        fiche_b.locator(".jdr-fiche-creation input[type=text]").fill("Gideon")
        fiche_b.get_by_role("button", name="Créer la fiche").click()
        # B le dit, en mots, au lieu d'attendre en silence…
        expect(fiche_b.locator("output.jdr-sortie")).to_contain_text("Le moteur de règles se charge")
        # … et ne garde pas le verrou du groupe : A joue sans attendre.
        fiche_a.get_by_role("button", name="Choc (+1)").click()
        expect(fiche_a.locator(STRESS)).to_contain_text("Stress 1/6", timeout=10_000)
        libre["oui"] = True
        for route in retenues:
            route.continue_()
        expect(fiche_b.get_by_role("combobox", name="Fiche du groupe").locator("option")).to_have_count(2)


# --- Refus tenus, saisie gardée ----------------------------------------------------------------


class TestAutreOnglet:
    """Ce que l'autre onglet change ne fait perdre au lecteur ni sa saisie ni un refus."""

    @pytest.mark.construction
    def test_saisie_gardee_pendant_un_rafraichissement(self, contexte: BrowserContext, serveur: str) -> None:
        a = contexte.new_page()
        combat = _combat_au_tour_1(a, serveur)
        ajout = combat.locator("details.jdr-combat-ajout")
        if ajout.get_attribute("open") is None:
            ajout.locator("summary").click()
        ajout.get_by_role("textbox", name="Nom").fill("Marek")
        ajout.get_by_role("textbox", name="Nom").focus()
        b = _second_onglet(contexte, serveur, "/d10/suivi/", COMBAT_D10, "Duel sur le quai")
        b.locator(COMBAT_D10).get_by_role("button", name="Nouveau tour").click()
        expect(combat.locator(".jdr-combat-tour")).to_contain_text("Tour 2")
        expect(ajout.get_by_role("textbox", name="Nom")).to_have_value("Marek")
        expect(ajout).to_have_attribute("open", "")
        ajout.get_by_role("button", name="Ajouter").click()
        expect(combat.locator(".jdr-combattant-nom:text-is('Marek')")).to_have_count(1)

    @pytest.mark.construction
    def test_refus_tenu_jusqu_a_l_action_du_lecteur(self, contexte: BrowserContext, serveur: str) -> None:
        """Oskar est retiré ailleurs pendant que la page l'affiche : attaquer Oskar est refusé, et
        le refus reste affiché quand l'autre onglet change encore le combat."""
        a = contexte.new_page()
        combat = _combat_au_tour_1(a, serveur)
        _suivi_pose(a, COMBAT_D10)
        cle = a.evaluate(f"() => document.querySelector({COMBAT_D10!r}).jdrSuivi.cle")
        etat = _etat_range(a, COMBAT_D10)
        ids = {c["nom"]: c["id"] for c in etat["combattants"]}
        sans_oskar = operer_d10(etat, {"op": "retirer", "combattant": ids["Oskar"]})["etat"]
        # Écrit par « un autre onglet » (la page ne reçoit pas l'évènement de ses propres écritures).
        a.evaluate("""([cle, etat]) => {
            localStorage.setItem(cle, JSON.stringify(etat));
            localStorage.setItem(cle + '#version', String(Number(localStorage.getItem(cle + '#version')) + 1));
        }""", [cle, sans_oskar])
        attaque = combat.locator("section.jdr-combat-attaque")
        attaque.get_by_role("combobox", name="Attaquant", exact=True).select_option(label="Nadia")
        attaque.get_by_role("combobox", name="Cible", exact=True).select_option(label="Oskar")
        attaque.get_by_role("button", name="Attaquer", exact=True).click()
        refus = combat.locator("output.jdr-sortie .jdr-erreur")
        expect(refus).to_contain_text("Opération refusée")
        _suivi_pose(a, COMBAT_D10)
        expect(combat.locator(".jdr-combattant-nom:text-is('Oskar')")).to_have_count(0)
        texte = refus.inner_text()
        b = _second_onglet(contexte, serveur, "/d10/suivi/", COMBAT_D10, "Duel sur le quai")
        b.locator(COMBAT_D10).get_by_role("button", name="Nouveau tour").click()
        expect(combat.locator(".jdr-combat-tour")).to_contain_text("Tour 2")
        _suivi_pose(a, COMBAT_D10)
        expect(refus).to_have_text(texte)
        expect(combat.locator("output.jdr-sortie")).to_contain_text("a changé dans un autre onglet")
        # Le lecteur agit : le refus laisse la place à la réponse.
        combat.get_by_role("button", name="Au suivant").click()
        expect(refus).to_have_count(0)


# --- Stockage plein : le jet le dit lui-même ------------------------------------------------------


@pytest.mark.construction
def test_journal_plein_dit_a_cote_du_jet(contexte: BrowserContext, serveur: str) -> None:
    page = _onglet(contexte, serveur + "/troisd6/test/")
    form = page.locator(LANCEUR)
    expect(form).to_have_attribute("data-branche", "pret")
    page.evaluate("""() => {
        Storage.prototype.setItem = function () {
            throw new DOMException("Le quota est dépassé.", "QuotaExceededError");
        };
    }""")
    form.get_by_role("button", name="Lancer les dés").click()
    expect(form.locator("output .jdr-resultat")).to_be_visible()
    note = form.locator("output.jdr-sortie .jdr-jet-non-note")
    expect(note).to_contain_text("Ce jet n'a pas été noté au journal des jets")
    expect(note).to_contain_text("stockage")
    assert _nombre_au_journal(page) == 0


@pytest.mark.construction
def test_fiche_pleine_refuse_l_operation_dont_la_cle_ne_se_note_pas(contexte: BrowserContext, serveur: str) -> None:
    """Stockage plein : une opération qui ne rallonge pas la fiche (une relance, −1 Stress) passerait, mais
    sa clé ne pourrait pas être notée (rejouée, elle compterait deux fois) : elle est refusée en français,
    rien ne change ; de la place libérée, elle passe une fois."""
    page = contexte.new_page()
    fiche = _creer_lucrece(page, serveur)
    fiche.get_by_role("button", name="Choc (+1)").click()
    expect(fiche.locator(STRESS)).to_contain_text("Stress 1/6")
    _suivi_pose(page, FICHE)
    page.evaluate("""() => {
        window.jdrVraiSetItem = Storage.prototype.setItem;
        Storage.prototype.setItem = function (cle, valeur) {
            const avant = this.getItem(cle);
            if (avant === null || String(valeur).length > avant.length) {
                throw new DOMException("Le quota est dépassé.", "QuotaExceededError");
            }
            return window.jdrVraiSetItem.call(this, cle, valeur);
        };
    }""")
    fiche.get_by_role("button", name="Relance (−1 Stress)").click()
    expect(fiche.locator("output .jdr-erreur")).to_contain_text("Sauvegarde impossible")
    _suivi_pose(page, FICHE)
    assert _etat_range(page, FICHE)["stress"] == 1
    page.evaluate("() => { Storage.prototype.setItem = window.jdrVraiSetItem; }")
    fiche.get_by_role("button", name="Relance (−1 Stress)").click()
    expect(fiche.locator(STRESS)).to_contain_text("Stress 0/6")
    _suivi_pose(page, FICHE)
    assert _etat_range(page, FICHE)["stress"] == 0


@pytest.mark.construction
def test_sauvegardes_d_avant_se_relisent(contexte: BrowserContext, serveur: str) -> None:
    """Un combat rangé par le code d'avant (état JSON et compteur de version seuls) se relit et s'opère."""
    etat = operer_d10(None, {"op": "creer", "nom": "Vieux quai"})["etat"]
    for nom in ("Nadia", "Oskar"):
        etat = operer_d10(etat, {"op": "ajouter", "nom": nom})["etat"]
    page = contexte.new_page()
    ranger_avant_d_ouvrir(page, serveur, {"jdr-suivi:d10:combat-d10": json.dumps(etat, ensure_ascii=False,
                                                                                 separators=(",", ":")),
                                          "jdr-suivi:d10:combat-d10#version": "3"})
    page.goto(serveur + "/d10/suivi/")
    combat = page.locator(COMBAT_D10)
    expect(combat.locator(".jdr-fiche-entete strong")).to_have_text("Vieux quai")
    combat.get_by_role("button", name="Lancer l'initiative").click()
    expect(combat.locator(".jdr-combat-tour")).to_contain_text("Tour 1")
    _suivi_pose(page, COMBAT_D10)
    assert page.evaluate("() => localStorage.getItem('jdr-suivi:d10:combat-d10#version')") == "4"
    assert json.loads(page.evaluate("() => localStorage.getItem('jdr-suivi:d10:combat-d10')"))["tour"] == 1


@pytest.mark.construction
def test_copie_en_retard_reprend_l_ecriture_du_registre(contexte: BrowserContext, serveur: str) -> None:
    """Une copie de localStorage qui n'a pas encore reçu l'écriture d'un autre onglet (plus d'une seconde
    sous la charge de la CI : une compétence perdue sur 24) la reprend du registre avant de calculer ;
    une copie effacée hors du module n'est jamais remplacée, et l'écrivain note ce qu'il a trouvé."""
    page = contexte.new_page()
    page.goto(serveur + "/d10/suivi/")
    r = page.evaluate("""async () => {
        const src = document.querySelector('script[src*="assets/jdr/jdr.js"]').src;
        const s = await import(src.replace(/jdr\\.js.*$/, 'table/stockage.js'));
        // Pose une note dans le registre des versions, comme l'écrivain d'un autre onglet.
        // La base telle que stockage.js la tient (version 2 : le registre et les verrous à bail) ; chaque
        // connexion du test se ferme après usage, comme celle d'un onglet qui s'en va.
        const ouvrir = () => new Promise((ok) => { const d = indexedDB.open('jdr-stockage', 2);
            d.onupgradeneeded = () => { for (const nom of ['versions', 'verrous']) {
                if (!d.result.objectStoreNames.contains(nom)) d.result.createObjectStore(nom); } };
            d.onsuccess = () => ok(d.result); });
        const poser = async (cle, note) => { const base = await ouvrir(); await new Promise((ok) => {
            const tx = base.transaction('versions', 'readwrite');
            tx.objectStore('versions').put(note, cle); tx.oncomplete = () => ok(); }); base.close(); };
        const lireNote = async (cle) => { const base = await ouvrir(); const note = await new Promise((ok) => {
            const g = base.transaction('versions').objectStore('versions').get(cle);
            g.onsuccess = () => ok(g.result); }); base.close(); return note; };
        const cle = 'essai-reprise';
        localStorage.setItem(cle, '"a"');
        localStorage.setItem(cle + '#version', '1');
        // Un autre onglet a écrit « b » (version 2) sous le verrou ; cette copie ne l'a pas reçu.
        await poser(cle, {version: '2', valeur: '"b"', operations: '["op-b"]', precedent: '"a"',
                          versionPrecedente: '1'});
        const lue = await s.sousVerrou(cle, () => localStorage.getItem(cle));
        const reprise = [localStorage.getItem(cle + '#version'), s.operationFaite(cle, 'op-b')];
        await s.sousVerrou(cle, () => s.ecrireTexte(cle, '"d"'));
        const note = await lireNote(cle);
        // Effacée hors du module : la note (écriture de « e ») ne la remplace pas.
        localStorage.removeItem(cle);
        localStorage.removeItem(cle + '#version');
        await poser(cle, {version: '4', valeur: '"e"', operations: null, precedent: '"d"', versionPrecedente: '3'});
        const effacee = await s.sousVerrou(cle, () => localStorage.getItem(cle));
        return {lue, reprise, note, effacee};
    }""")
    assert r["lue"] == '"b"'
    assert r["reprise"] == ["2", True]
    assert r["note"] == {"version": "3", "valeur": '"d"', "operations": '["op-b"]', "precedent": '"b"',
                         "versionPrecedente": "2"}
    assert r["effacee"] is None
    page.close()


@pytest.mark.construction
def test_sans_verrou_partage_repli_dans_l_onglet(chromium: Browser, serveur: str) -> None:
    """Sans navigator.locks (navigateur ancien, contexte non sûr) : le verrou à bail d'IndexedDB fait passer
    les opérations l'une après l'autre, et une écriture faite ailleurs hors de tout verrou est reprise sur la
    fiche à jour grâce au compteur de version."""
    ctx = chromium.new_context(locale="fr-FR", service_workers="block")
    ctx.set_default_timeout(DELAI)
    ctx.add_init_script(
        "Object.defineProperty(Navigator.prototype, 'locks', { get: () => undefined, configurable: true });")
    try:
        page = ctx.new_page()
        fiche = _creer_lucrece(page, serveur)
        assert page.evaluate("""async () => {
            const src = document.querySelector('script[src*="assets/jdr/jdr.js"]').src;
            return (await import(src.replace(/jdr\\.js.*$/, 'table/stockage.js'))).VERROUS_PARTAGES;
        }""") is False
        cle = page.evaluate(f"() => document.querySelector({FICHE!r}).jdrSuivi.cle")
        etat = _etat_range(page, FICHE)
        page.evaluate("""([cle, etat]) => {
            localStorage.setItem(cle, JSON.stringify({ ...etat, stress: 3 }));
            localStorage.setItem(cle + '#version', String(Number(localStorage.getItem(cle + '#version')) + 1));
        }""", [cle, etat])
        fiche.get_by_role("button", name="Choc (+1)").evaluate("(b) => { b.click(); b.click(); }")
        expect(fiche.locator(STRESS)).to_contain_text("Stress 4/6")
        expect(fiche.locator("output.jdr-sortie")).to_contain_text("Fait sur la fiche à jour")
        _suivi_pose(page, FICHE)
        assert _etat_range(page, FICHE)["stress"] == 4
    finally:
        ctx.close()


@pytest.mark.construction
def test_sauvegarde_illisible_se_telecharge_et_se_supprime(contexte: BrowserContext, serveur: str) -> None:
    page = contexte.new_page()
    ranger_avant_d_ouvrir(page, serveur, {"jdr-suivi:d10:combat-d10": '{"version": 99}'})
    page.goto(serveur + "/d10/suivi/")
    combat = page.locator(COMBAT_D10)
    expect(combat.locator("output.jdr-sortie .jdr-erreur")).to_contain_text("La fiche sauvegardée est illisible (")
    expect(combat.locator("output.jdr-sortie .jdr-erreur")).not_to_contain_text("..")
    with page.expect_download() as telechargement:
        combat.get_by_role("button", name="Télécharger la sauvegarde telle quelle").click()
    with open(telechargement.value.path(), encoding="utf-8") as f:
        assert f.read() == '{"version": 99}'
    page.once("dialog", lambda d: d.accept())
    combat.get_by_role("button", name="Supprimer la sauvegarde illisible").click()
    expect(combat.locator("output.jdr-sortie")).to_have_text("La sauvegarde illisible a été supprimée.")
    assert page.evaluate("() => localStorage.getItem('jdr-suivi:d10:combat-d10')") is None
    expect(combat.get_by_role("button", name="Nouveau combat")).to_be_visible()


@pytest.mark.construction
def test_import_depuis_un_fichier(contexte: BrowserContext, serveur: str) -> None:
    etat = operer_d10(None, {"op": "creer", "nom": "Quai en fichier"})["etat"]
    page = _onglet(contexte, serveur + "/d10/suivi/")
    combat = page.locator(COMBAT_D10)
    combat.locator("details.jdr-import summary").click()
    combat.get_by_label("Fichier de la fiche").set_input_files(
        files=[{"name": "combat.json", "mimeType": "application/json", "buffer": json.dumps(etat).encode()}])
    expect(combat.locator(".jdr-fiche-entete strong")).to_have_text("Quai en fichier")
    expect(combat.locator("output.jdr-sortie")).to_contain_text("Fiche importée : Quai en fichier rejoint le groupe.")
    combat.locator("details.jdr-import summary").click()
    combat.get_by_label("Fichier de la fiche").set_input_files(
        files=[{"name": "enorme.json", "mimeType": "application/json", "buffer": b" " * 200_000}])
    expect(combat.locator("output.jdr-sortie .jdr-erreur")).to_have_text(
        "Import refusé : le fichier « enorme.json » fait 200 ko, 100 ko au plus. Rien n'a changé.")
