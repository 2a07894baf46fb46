"""Réseaux lents, coupés ou absents : ce que voit le lecteur, dans Chromium.

Le débit est bridé par le protocole de Chromium (CDP), les requêtes bloquées ou figées
par ``page.route``, la coupure en cours de route par un petit relais qui tronque la
première réponse ; hors ligne par ``context.set_offline`` après une première visite.
"""

from __future__ import annotations

import http.server
import json
import re
import struct
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, CDPSession, Page, Route, expect

from jdr_core import pont
from jdr_core.francais import typographier
from site_plugins.runtime import MARQUE_SERVICE_WORKER, ecrire_service_worker

from ..bench.hotes import a_la_volee, brut, par_morceaux
from ..conftest import DELAIS_ESSAI, RACINE, attendre_promesse

pytestmark = [pytest.mark.navigateur, pytest.mark.construction]
DELAI = 60_000
expect.set_options(timeout=DELAI)
EXEMPLE = '.jdr-exemple[data-exemple="pierre-ruelle"]'
RUNTIME = re.compile(r".*/runtime-[0-9a-f]+\.zip$")
INSTANTANE_CONSTRUIT = re.compile(r".*/runtime-[0-9a-f]+\.instantane$")
RUNTIME_GZ = re.compile(r".*/runtime-[0-9a-f]+\.zip\.gz$")
INSTANTANE_GZ = re.compile(r".*/runtime-[0-9a-f]+\.instantane\.gz$")
WASM = re.compile(r".*/pyodide\.asm\.wasm$")
#: Un jet rejoué (graine fixe) : mêmes dés attendus quel que soit le démarrage de Python.
REJEU = "/troisd6/test/?lanceur=3d6-test&graine=4242&caracteristique=3&relances=1"
ANGLAIS = ("Failed to fetch", "exit(", "Program terminated", "dynamically imported", "undefined")


def _ouvrir_bride(contexte: BrowserContext, page: Page, adresse: str, mbit: float) -> CDPSession:
    """Ouvre ``adresse`` et bride le lien de la page à ``mbit`` dès que la navigation est engagée : le
    document arrive à pleine vitesse, ses fichiers et ceux de Python sur le lien bridé (le worker ne
    part qu'au repos ou au premier geste, bien après). Bridée avant son départ, une navigation est
    restée trois fois, sous la suite entière, 60 s sans être engagée (« navigating to …, waiting until
    load », sans « navigated to »), jamais quand on ouvre la page seule : Chromium, pas le site (le même
    document, non bridé, s'ouvre dans des centaines d'autres tests). Ces tests visent les téléchargements
    de Python, pas celui du document. On attend le document lu et ses scripts passés (DOMContentLoaded),
    pas « load » : sous la suite entière, « load » n'est pas venu en 60 s une fois sur cinq passages de ce
    fichier à 4 workers (7 décembre), bridé après l'engagement de la navigation ; un clic arrivé avant le
    branchement des widgets est rejoué par jdr.js."""
    cdp = contexte.new_cdp_session(page)
    cdp.send("Network.enable")
    page.goto(adresse, wait_until="commit")
    _brider(cdp, mbit)
    page.wait_for_load_state("domcontentloaded")
    return cdp


def _brider(cdp: CDPSession, mbit: float | None) -> None:
    """Le lien de la page bridé à ``mbit`` (40 ms de latence), ou libéré (None)."""
    octets = -1 if mbit is None else mbit * 1e6 / 8
    cdp.send("Network.emulateNetworkConditions", {"offline": False, "latency": 0 if mbit is None else 40,
                                                  "downloadThroughput": octets, "uploadThroughput": octets})


def _mesure(page: Page, cle: str) -> Any:
    """Attend que les mesures du worker portent « cle », et rend sa valeur."""
    page.wait_for_function("(cle) => JSON.parse(document.documentElement.dataset.jdrMesures || '{}')[cle]", arg=cle)
    return json.loads(page.evaluate("document.documentElement.dataset.jdrMesures"))[cle]


def _jet_rejoue(page: Page, serveur: str) -> list[str]:
    page.goto(serveur + REJEU)
    formulaire = page.locator('form[data-mecanique="3d6-test"]')
    expect(formulaire.locator("output .jdr-resultat")).to_be_visible()
    return formulaire.locator("output .jdr-de").all_inner_texts()


def _executer_exemple(page: Page) -> None:
    bloc = page.locator(EXEMPLE)
    bloc.locator("button.jdr-executer").click()
    expect(bloc).to_have_attribute("data-etat", "ok")


@pytest.fixture
def contexte(chromium: Browser) -> Iterator[BrowserContext]:
    """Un profil neuf, sans service worker (ses réponses échapperaient à ``page.route``)."""
    ctx = chromium.new_context(locale="fr-FR", service_workers="block")
    ctx.set_default_timeout(DELAI)
    yield ctx
    ctx.close()


@pytest.fixture
def contexte_sw(chromium: Browser) -> Iterator[BrowserContext]:
    """Un profil neuf où le service worker du site peut s'installer."""
    ctx = chromium.new_context(locale="fr-FR")
    ctx.set_default_timeout(DELAI)
    yield ctx
    ctx.close()


class TestLent:
    """Un réseau lent : on attend tant que des octets arrivent, et on le montre."""

    def test_reseau_lent_barre_qui_avance_puis_resultat(self, contexte: BrowserContext, serveur: str) -> None:
        """À 3 Mbit/s (environ 10 s de téléchargement, bien plus que le chien de garde de la page,
        raccourci pour les tests) : la barre avance, le calcul aboutit, sans abandon ni second worker."""
        page = contexte.new_page()
        demandes: list[str] = []
        page.on("request", lambda requete: demandes.append(requete.url))
        _ouvrir_bride(contexte, page, serveur + "/troisd6/test/", 3.0)
        page.locator(EXEMPLE).locator("button.jdr-executer").click()
        barre = page.get_by_role("progressbar", name="Téléchargement de Python")
        expect(barre).to_be_visible()
        chiffres = page.locator(".jdr-chargement-chiffres")
        # Insécable entre un nombre et son unité : « 3,6 Mo » ne se coupe pas en fin de ligne.
        # Le participe s'accorde au nombre écrit : « 1,6 Mo reçu », « 2,0 Mo reçus ».
        expect(chiffres).to_have_text(re.compile(
            r"^(?:[01],\d\u00a0Mo reçu|(?:[2-9]|[1-9]\d+),\d\u00a0Mo reçus) sur \d+,\d\u00a0Mo, "
            r"encore environ \d+\u00a0(s|min)\.$"))
        # La barre se dit avec la même phrase (lecteur d'écran), pas un pourcentage seul.
        # Lues d'un seul coup : la page met les deux à jour ensemble, toutes les 150 ms.
        dite, ecrite = page.evaluate("""() => [
            document.querySelector(".jdr-chargement progress").getAttribute("aria-valuetext"),
            document.querySelector(".jdr-chargement-chiffres").textContent]""")
        assert dite == ecrite, (dite, ecrite)
        valeurs = []
        debut = time.monotonic()
        while len(set(valeurs)) < 3 and time.monotonic() - debut < 10:
            valeurs.append(float(barre.evaluate("b => b.value")))
            time.sleep(1)
        assert len(set(valeurs)) >= 3 and valeurs == sorted(valeurs) and valeurs[-1] < 1, valeurs
        expect(page.locator(EXEMPLE)).to_have_attribute("data-etat", "ok", timeout=120_000)
        garde = DELAIS_ESSAI["silence_telechargement"] / 1000
        assert time.monotonic() - debut > garde, f"le téléchargement bridé aurait dû durer plus de {garde} s"
        assert page.evaluate("document.documentElement.dataset.jdrWorkers") == "1"
        expect(page.locator(".jdr-chargement")).to_be_hidden()
        # Lien lent : l'instantané de construction (3,8 Mo de plus) n'est pas même demandé.
        assert _mesure(page, "instantane_construit") == "lien trop lent"
        assert not [url for url in demandes if INSTANTANE_CONSTRUIT.match(url)]

    def test_apres_le_telechargement_le_demarrage_se_dit(self, contexte: BrowserContext, serveur: str) -> None:
        """Pendant le chargement, le bouton du lanceur garde un libellé lisible ; une fois les
        octets reçus, l'avis dit que Python démarre (plus de « 3,6 Mo sur 3,6 Mo » muet), puis s'efface."""
        page = contexte.new_page()
        _ouvrir_bride(contexte, page, serveur + "/troisd6/test/", 8.0)
        formulaire = page.locator('form.jdr-lanceur[data-mecanique="3d6-test"]').first
        bouton = formulaire.locator("button[type=submit]")
        bouton.click()
        expect(bouton).to_be_disabled()
        expect(bouton).to_have_text("Lancer les dés")
        # Couleurs lues une fois finie la transition de Material (125 ms) vers le style inactif : lue tout de suite,
        # sur une machine chargée, la couleur était encore le blanc du bouton actif (rouge une fois en CI).
        couleurs = bouton.evaluate("""async (b) => {
            await Promise.all(b.getAnimations().map((a) => a.finished.catch(() => null)));
            return [getComputedStyle(b).color,
                    getComputedStyle(document.querySelector('.md-main')).backgroundColor || 'rgb(255, 255, 255)'];
        }""")
        assert couleurs[0] not in ("rgb(255, 255, 255)", couleurs[1]), couleurs
        expect(formulaire.locator(".jdr-etat")).to_have_text(re.compile("moteur de règles"))
        expect(page.locator(".jdr-chargement-texte")).to_have_text("Téléchargement terminé : démarrage de Python…")
        expect(formulaire.locator("output .jdr-resultat")).to_be_visible()
        expect(page.locator(".jdr-chargement")).to_be_hidden()

    def test_silence_sans_octet_echoue_en_francais(self, contexte: BrowserContext, serveur: str) -> None:
        """Une archive qui ne répond jamais : échec annoncé en français après le délai de silence."""
        page = contexte.new_page()
        figees: list[Route] = []
        page.route(RUNTIME, lambda route: figees.append(route))  # jamais de réponse
        page.goto(serveur + "/troisd6/test/")
        page.locator(EXEMPLE).locator("button.jdr-executer").click()
        alerte = page.get_by_role("alert").filter(has_text="Le moteur de règles n'a pas pu se charger")
        secondes = DELAIS_ESSAI["silence_reseau"] // 1000
        expect(alerte).to_contain_text(f"le réseau n'a plus rien envoyé depuis {secondes} secondes", timeout=40_000)
        assert figees, "la requête de l'archive n'a pas été interceptée"
        texte = page.locator("body").inner_text()
        assert not any(mot in texte for mot in ANGLAIS)
        expect(page.get_by_role("button", name="Réessayer")).to_be_visible()


class _Relais(http.server.BaseHTTPRequestHandler):
    """Relaie vers le serveur du site, sans compression (comme un hébergeur qui sert les fichiers tels
    quels : le worker prend alors la version .gz de l'archive) ; la première réponse de ce .gz
    s'arrête à mi-course : connexion coupée (« coupe ») ou laissée ouverte sans plus rien envoyer
    (« fige »)."""

    cible = ""
    mode = "coupe"
    plages: list[str | None]
    coupees = 0

    def log_message(self, format: str, *args: Any) -> None:
        pass

    def do_GET(self) -> None:
        entetes = {"Range": self.headers["Range"]} if self.headers["Range"] else {}
        archive = RUNTIME_GZ.match(self.path) is not None
        if archive:
            self.plages.append(self.headers["Range"])
        try:
            with urllib.request.urlopen(urllib.request.Request(self.cible + self.path, headers=entetes)) as reponse:
                statut, garder, corps = reponse.status, reponse.headers, reponse.read()
        except urllib.error.HTTPError as erreur:
            statut, garder, corps = erreur.code, erreur.headers, erreur.read()
        self.send_response(statut)
        for nom in ("Content-Type", "Content-Range", "Accept-Ranges"):
            if garder.get(nom):
                self.send_header(nom, garder[nom])
        self.send_header("Content-Length", str(len(corps)))
        self.send_header("Cache-Control", "no-store")
        self.end_headers()
        if archive and type(self).coupees == 0:
            type(self).coupees += 1
            self.wfile.write(corps[: len(corps) // 2])
            self.wfile.flush()
            time.sleep(0.3 if self.mode == "coupe" else DELAIS_ESSAI["silence_reseau"] / 1000 + 3)
            self.close_connection = True
            self.connection.shutdown(2)
            return
        self.wfile.write(corps)


@pytest.fixture(params=["coupe", "fige"])
def relais(serveur: str, request: pytest.FixtureRequest) -> Iterator[tuple[str, type[_Relais]]]:
    classe = type("Relais", (_Relais,), {"cible": serveur, "plages": [], "coupees": 0, "mode": request.param})
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), classe)
    fil = threading.Thread(target=httpd.serve_forever, daemon=True)
    fil.start()
    yield f"http://127.0.0.1:{httpd.server_address[1]}", classe
    httpd.shutdown()
    httpd.server_close()


def test_coupure_reprise_par_range(contexte: BrowserContext, relais: tuple[str, type[_Relais]]) -> None:
    """Une archive coupée à mi-course, ou figée (plus un octet pendant le délai de silence) : la suite est
    redemandée avec Range par le même worker, le même décompresseur la reçoit, Python démarre."""
    adresse, classe = relais
    page = contexte.new_page()
    page.goto(adresse + "/troisd6/test/")
    _executer_exemple(page)
    assert "runtime" in " ".join(_mesure(page, "variantes_gz"))
    assert classe.coupees == 1
    assert classe.plages[0] is None, classe.plages
    reprises = [p for p in classe.plages[1:] if p]
    assert reprises and re.fullmatch(r"bytes=[1-9]\d*-", reprises[0]), classe.plages
    assert page.evaluate("document.documentElement.dataset.jdrWorkers") == "1"


def test_runtime_bloque_annonce_une_fois_en_francais(contexte: BrowserContext, serveur: str) -> None:
    """Une archive refusée par le réseau (et sa version .gz, que le worker demande alors) : annoncé tout
    de suite, une seule fois, en français."""
    page = contexte.new_page()
    refusee = re.compile(r".*/runtime-[0-9a-f]+\.zip(\.gz)?$")
    page.route(refusee, lambda route: route.abort("blockedbyclient"))
    refus: list[float] = []
    page.on("requestfailed", lambda r: refusee.match(r.url) and refus.append(time.monotonic()))
    page.goto(serveur + "/troisd6/test/")
    page.locator(EXEMPLE).locator("button.jdr-executer").click()
    alerte = page.get_by_role("alert").filter(has_text="Le moteur de règles n'a pas pu se charger")
    expect(alerte).to_be_visible(timeout=30_000)
    # Mesuré depuis le refus de la requête (le démarrage du worker dépend de la machine).
    assert refus and time.monotonic() - refus[0] < 3, "l'échec doit être annoncé dès le refus de la requête"
    expect(alerte).to_contain_text("réseau coupé ou bloqué")
    expect(page.locator(EXEMPLE)).to_have_attribute("data-etat", "echec")
    texte = page.locator("body").inner_text()
    assert texte.count("n'a pas pu se charger") == 1, texte
    assert not any(mot in texte for mot in ANGLAIS), texte
    # Sur un téléphone l'avis cache le bas de l'écran : on peut le fermer.
    page.get_by_role("button", name="Fermer").click()
    expect(alerte).to_be_hidden()


class TestRequetes:
    """Les limites du pont, côté page : une requête refusée ne touche pas au moteur."""

    def test_trop_profonde_ou_intransmissible(self, contexte: BrowserContext, serveur: str) -> None:
        page = contexte.new_page()
        page.goto(serveur + "/troisd6/test/")
        _executer_exemple(page)
        reponses = page.evaluate("""async () => {
          const { moteur } = await import("/assets/jdr/moteur/client.js");
          const { verifierRequete } = await import("/assets/jdr/moteur/requete.js");
          const racine = {};
          let c = racine;
          for (let i = 0; i < 5000; i++) { c.a = {}; c = c.a; }
          const profonde = await moteur.demander({ type: "suivi", systeme: "encore", etat: racine });
          // Une fonction passe JSON.stringify mais fait échouer postMessage.
          const intransmissible = await moteur.demander({ type: "cotes", mecanique: "3d6-test", f: () => 1 });
          return { profonde, intransmissible, enCours: moteur.enCours.size, etat: moteur.etat,
                   simple: verifierRequete({ a: [1, 2, { b: "c" }] }) };
        }""")
        assert "trop imbriquées" in reponses["profonde"]["erreur"]
        assert "ne peuvent pas être transmises" in reponses["intransmissible"]["erreur"]
        assert reponses["enCours"] == 0, "aucun minuteur ne doit rester armé"
        assert reponses["etat"] == "pret" and reponses["simple"] is None
        _executer_exemple(page)
        assert page.evaluate("document.documentElement.dataset.jdrWorkers") == "1"


def test_prechauffe_seulement_les_systemes_de_la_page(contexte: BrowserContext, serveur: str) -> None:
    """Python démarré sans instantané (celui de la construction, qui a tout préchauffé, refusé ici) ne
    charge que le système de la page."""
    page = contexte.new_page()
    page.route(INSTANTANE_CONSTRUIT, lambda route: route.abort())
    page.goto(serveur + "/troisd6/test/")
    _executer_exemple(page)
    page.wait_for_function("() => JSON.parse(document.documentElement.dataset.jdrMesures || '{}').prechauffe")
    mesures = json.loads(page.evaluate("document.documentElement.dataset.jdrMesures"))
    assert mesures["prechauffes"] == ["troisd6"]
    # Ce que Python a vraiment importé, demandé à Python lui-même à travers le pont.
    source = (">>> import sys\n>>> sorted({m.split('.')[1] for m in sys.modules if m.startswith('jdr_core.')})\n"
              "[]\n")
    obtenu = page.evaluate("""async (source) => {
      const { moteur } = await import("/assets/jdr/moteur/client.js");
      return (await moteur.demander({ type: "exemple", source })).lignes[1].obtenu;
    }""", source)
    charges = set(json.loads(obtenu.replace("'", '"')))
    assert "troisd6" in charges and not charges & {"deuxd6", "d10", "encore"}, charges


def test_prechauffer_n_importe_que_les_systemes_nommes() -> None:
    """Sous CPython aussi : préchauffer le 3D6 n'importe ni le 2D6 ni le D10."""
    code = ("import sys; from jdr_core import pont; pont.prechauffer(['troisd6']); "
            "print(sorted(m.split('.')[1] for m in sys.modules if m.count('.') >= 1 and m.startswith('jdr_core.')))")
    sortie = subprocess.run([sys.executable, "-c", code], cwd=RACINE, capture_output=True, text=True, check=True)
    charges = set(json.loads(sortie.stdout.replace("'", '"')))
    assert "troisd6" in charges and not charges & {"deuxd6", "d10", "encore"}


class TestInstantaneDeConstruction:
    """La première visite, sur un lien rapide, restaure Python depuis l'instantané préparé à la
    construction (site_plugins/instantane.mjs) au lieu de le démarrer ; au moindre défaut, Python
    démarre normalement. Le lien local des tests passe pour rapide (conftest, lien_rapide_ms)."""

    def test_restaure_meme_jet_puis_devient_l_instantane_local(
        self, chromium: Browser, contexte: BrowserContext, serveur: str
    ) -> None:
        page = contexte.new_page()
        des = _jet_rejoue(page, serveur)
        assert _mesure(page, "instantane_construit") == "restauré"
        page.wait_for_function("() => JSON.parse(document.documentElement.dataset.jdrMesures).instantane === 'rangé'")
        assert _mesure(page, "instantane_octets") > 1_000_000
        # Le même jet qu'un Python démarré normalement, l'instantané de construction refusé.
        autre = chromium.new_context(locale="fr-FR", service_workers="block")
        try:
            page_autre = autre.new_page()
            page_autre.route(INSTANTANE_CONSTRUIT, lambda route: route.abort())
            assert _jet_rejoue(page_autre, serveur) == des
            assert _mesure(page_autre, "instantane_construit").startswith("non reçu")
        finally:
            autre.close()
        # La visite suivante repart de l'instantané local, sans redemander celui de la construction.
        demandes: list[str] = []
        page.on("request", lambda requete: demandes.append(requete.url))
        assert _jet_rejoue(page, serveur) == des
        assert _mesure(page, "instantane") == "restauré"
        assert not [url for url in demandes if INSTANTANE_CONSTRUIT.match(url)]

    @pytest.mark.parametrize(("entetes", "raison"), [
        # Annoncé compressé (Chromium rend le corps d'une réponse de page.route tel quel) : la somme de
        # contrôle voit le défaut avant Pyodide.
        ({"Content-Encoding": "br"}, "écarté : Error: somme de contrôle fausse"),
        # Servi tel quel (un hébergeur qui ignore les .br/.gz du site) : 15 Mo, on n'en veut pas.
        ({}, "servi sans compression"),
    ])
    def test_abime_ou_trop_lourd_python_demarre_normalement(
        self, contexte: BrowserContext, serveur: str, entetes: dict[str, str], raison: str
    ) -> None:
        # Au format rangé (worker/instantane.js) : en-tête [MAGIE, taille de page, longueur, pages,
        # somme], carte des pages, une page non nulle ; la somme est fausse.
        corps = bytes([1, 0, 0, 0]) + bytes(range(1, 256)) * 16 + bytes(16)
        paquet = struct.pack("<5I", 0x31495652, 4096, 4096, 1, 12345) + corps
        page = contexte.new_page()
        page.route(INSTANTANE_CONSTRUIT, lambda route: route.fulfill(
            status=200, headers={"Content-Type": "application/octet-stream", **entetes}, body=paquet))
        wasm: list[str] = []
        page.on("request", lambda requete: WASM.match(requete.url) and wasm.append(requete.url))
        page.goto(serveur + "/troisd6/test/")
        _executer_exemple(page)
        assert _mesure(page, "instantane_construit") == raison
        # Démarré normalement : préchauffé pour la page, comme à une première visite ordinaire.
        assert _mesure(page, "prechauffes") == ["troisd6"]
        # Le refus ne coûte ni second téléchargement du WebAssembly ni seconde compilation : le module
        # compilé pendant qu'il arrivait sert aux deux démarrages (worker/webassembly.js), celui préparé
        # pour l'instantané, abandonné, et le démarrage normal.
        assert len(wasm) == 1, wasm
        assert _mesure(page, "wasm_instanciations") == 2

    @pytest.mark.parametrize("hote", [brut, a_la_volee, par_morceaux], ids=["brut", "a_la_volee", "par_morceaux"])
    def test_hebergeur_sans_les_fichiers_compresses_du_site(
        self, contexte: BrowserContext, site_construit: Path, hote: Any
    ) -> None:
        """Chez un hébergeur qui ne sert pas les .br/.gz du site (fichiers tels quels, ou gzip à la volée
        du seul texte et du WebAssembly, avec ou sans longueur annoncée : sans elle, le WebAssembly
        décompressé ne mesure pas le lien), l'archive d'exécution arrive non compressée : l'instantané ne
        pourrait venir que par sa version .gz, plus lourde, qui demande un lien plus rapide que le
        Brotli. À 8 Mbit/s, sous le seuil des tests (voir conftest.CONSTRUIRE), elle n'est pas même
        demandée : la décision tombe avant la fin des téléchargements (le lien est ensuite libéré, pour
        finir vite), et Python démarre normalement, avec une seule compilation."""
        with hote(site_construit) as adresse:
            _prechauffer_le_cdn(site_construit, adresse)
            page = contexte.new_page()
            demandes: list[str] = []
            page.on("request", lambda requete: demandes.append(requete.url))
            cdp = _ouvrir_bride(contexte, page, adresse + "/troisd6/test/", 8.0)
            bloc = page.locator(EXEMPLE)
            bloc.locator("button.jdr-executer").click()
            # Ce que lit le joueur pendant le téléchargement : les mégaoctets portés par le réseau ; sans longueur
            # annoncée, le réseau ne les dit pas, la phrase donne la proportion seule (« Reçu à 40 %, … »).
            phrase = r"^Reçu à \d+\u202f%" if hote is par_morceaux else r"^\d+,\d\u00a0Mo reçus? sur \d+,\d\u00a0Mo"
            expect(page.locator(".jdr-chargement-chiffres")).to_have_text(re.compile(phrase))
            assert _mesure(page, "instantane_construit") == "lien trop lent"
            decision = json.loads(page.evaluate("document.documentElement.dataset.jdrMesures"))
            _brider(cdp, None)
            expect(bloc).to_have_attribute("data-etat", "ok")
            assert _mesure(page, "prechauffes") == ["troisd6"]
            mesures = json.loads(page.evaluate("document.documentElement.dataset.jdrMesures"))
        assert "module" not in decision, decision
        assert not [url for url in demandes if INSTANTANE_CONSTRUIT.match(url) or INSTANTANE_GZ.match(url)]
        assert len([url for url in demandes if WASM.match(url)]) == 1
        assert mesures["wasm_instanciations"] == 1 and mesures["encodage_runtime"] == ""
        assert mesures["decision_instantane"] < mesures["module"], mesures

    def test_hebergeur_sans_les_fichiers_compresses_version_gz(self, chromium: Browser, site_construit: Path) -> None:
        """Des fichiers tels quels (l'hébergeur à gzip à la volée sert aussi le .gz tel quel), sur un lien
        rapide : l'instantané arrive par sa version .gz, servie comme un fichier ordinaire et décompressée
        par le worker, et Python est restauré, le jet affiché (la somme de contrôle garantit la même
        mémoire que le Brotli, dont le jet est comparé à un démarrage normal plus haut). Une machine très
        chargée peut juger le lien local trop lent : un essai de plus, dans un contexte neuf, au plus
        trois en tout."""
        with brut(site_construit) as adresse:
            issues = []
            for _ in range(3):
                contexte = chromium.new_context(locale="fr-FR", service_workers="block")
                try:
                    page = contexte.new_page()
                    demandes: list[str] = []
                    page.on("request", lambda requete, d=demandes: d.append(requete.url))
                    des = _jet_rejoue(page, adresse)
                    issues.append(_mesure(page, "instantane_construit"))
                    if issues[-1] == "restauré":
                        mesures = json.loads(page.evaluate("document.documentElement.dataset.jdrMesures"))
                        break
                    assert issues[-1] == "lien trop lent", issues
                finally:
                    contexte.close()
        assert issues[-1] == "restauré", issues
        assert mesures["instantane_variante"] == "gz" and mesures["wasm_instanciations"] == 1, mesures
        assert [url for url in demandes if INSTANTANE_GZ.match(url)]
        assert not [url for url in demandes if INSTANTANE_CONSTRUIT.match(url)]
        # Le jet de la graine, tel que le cœur le calcule sous CPython.
        attendu = json.loads(pont.traiter(json.dumps({"type": "lancer", "mecanique": "3d6-test", "graine": 4242,
                                                      "parametres": {"caracteristique": "3", "relances": "1"}})))
        assert des == [str(de["face"]) for groupe in attendu["groupes"] for de in groupe["des"]]


def _prechauffer_le_cdn(site: Path, adresse: str) -> None:
    """Un CDN garde ses réponses compressées : la première compression du WebAssembly (9,6 Mo) se fait
    ici, pas pendant la visite, où une machine chargée la ferait passer pour un silence."""
    for fichier in [*site.glob("pyodide/*/pyodide.asm.wasm"), *site.glob("pyodide/*/pyodide.asm.mjs")]:
        chemin = fichier.relative_to(site).as_posix()
        urllib.request.urlopen(urllib.request.Request(f"{adresse}/{chemin}",
                                                      headers={"Accept-Encoding": "gzip"})).read()


def _attendre_cache_complet(page: Page) -> None:
    """Le service worker contrôle la page et garde le WebAssembly de Pyodide."""
    page.wait_for_function("() => navigator.serviceWorker && navigator.serviceWorker.controller")
    attendre_promesse(page, """async () => {
      for (const nom of await caches.keys()) {
        if (!nom.startsWith("regles-vivantes-site-")) continue;
        const cles = (await (await caches.open(nom)).keys()).map((r) => r.url);
        if (cles.some((u) => u.endsWith("pyodide.asm.wasm")) && cles.some((u) => /runtime-[0-9a-f]+\\.zip$/.test(u))) {
          return true;
        }
      }
      return false;
    }""", intervalle_ms=500)


def test_hors_ligne_apres_une_visite(contexte_sw: BrowserContext, serveur: str) -> None:
    """Après une visite, sans réseau : la page, l'index de recherche, l'exemple et le lanceur."""
    page = contexte_sw.new_page()
    page.goto(serveur + "/troisd6/test/")
    _executer_exemple(page)
    _attendre_cache_complet(page)
    contexte_sw.set_offline(True)
    page.reload()
    expect(page.locator("h1").first).to_be_visible()
    _executer_exemple(page)
    form = page.locator('form.jdr-lanceur[data-mecanique="3d6-test"]').first
    form.locator("button[type=submit]").click()
    expect(form.locator("output .jdr-resultat")).to_be_visible()
    assert page.evaluate("async () => (await fetch('/search/search_index.json')).ok")
    # Une autre page jamais ouverte : gardée dès l'installation ; sa fiche de suivi démarre
    # Python depuis le cache et propose de créer une fiche.
    page.goto(serveur + "/encore/fiche/")
    expect(page.locator("h1").first).to_be_visible()
    page.locator(".jdr-fiche").first.hover()
    page.wait_for_function("() => document.documentElement.dataset.jdrMoteur === 'pret'")
    expect(page.get_by_role("button", name="Créer la fiche").first).to_be_visible()


def test_attendre_une_promesse(chromium: Browser) -> None:
    """``attendre_promesse`` attend vraiment : un prédicat asynchrone faux échoue à son délai, un prédicat
    qui devient vrai au troisième essai passe."""
    page = chromium.new_page()
    try:
        with pytest.raises(Exception, match="toujours faux après 300 ms"):
            attendre_promesse(page, "async () => false", intervalle_ms=50, delai_ms=300)
        attendre_promesse(page, "async (n) => (window.essais = (window.essais || 0) + 1) >= n", 3, intervalle_ms=10)
        assert page.evaluate("window.essais") == 3
    finally:
        page.close()


def test_aucun_predicat_asynchrone_a_wait_for_function() -> None:
    """``wait_for_function`` tient une promesse pour vraie d'emblée : aucun test ne lui en donne (chaîne
    sur la même ligne ou la suivante, f-chaîne ou non)."""
    motif = re.compile(r"wait_for_function\(\s*f?(\"\"\"|\"|')\s*async", re.S)
    fautifs = [f.name for f in (RACINE / "tests").rglob("*.py") if motif.search(f.read_text(encoding="utf-8"))]
    assert fautifs == []


#: Ce que garde le cache du site des deux gros fichiers : pour chacun, son nom → [octets, en-tête de copie locale].
COPIES_DU_RUNTIME = r"""async () => {
  const vus = {};
  for (const nom of await caches.keys()) {
    if (!nom.startsWith("regles-vivantes-site-")) continue;
    const cache = await caches.open(nom);
    for (const requete of await cache.keys()) {
      const fichier = requete.url.split("/").pop();
      if (!/^(pyodide\.asm\.wasm|runtime-[0-9a-f]+\.zip)(\.gz)?$/.test(fichier)) continue;
      const reponse = await cache.match(requete);
      vus[fichier] = [(await reponse.arrayBuffer()).byteLength, reponse.headers.get("X-Jdr-Copie-Locale")];
    }
  }
  return vus;
}"""


def test_hebergeur_sans_compression_le_retour_ne_decompresse_rien(contexte_sw: BrowserContext,
                                                                   site_construit: Path) -> None:
    """Chez un hébergeur qui sert tout tel quel, le worker prend le WebAssembly et l'archive d'exécution
    en .gz ; une fois Python prêt, le service worker les garde décompressés sous leur propre adresse
    (octets du fichier, marqués copie locale), sans leur .gz. La visite suivante les lit tels quels :
    aucun .gz demandé, rien de pris en .gz ; et sans réseau, l'exemple s'exécute encore."""
    wasm, = site_construit.glob("pyodide/*/pyodide.asm.wasm")
    runtime, = site_construit.glob("pyodide/*/runtime-*.zip")
    attendu = {wasm.name: [wasm.stat().st_size, "1"], runtime.name: [runtime.stat().st_size, "1"]}
    with brut(site_construit) as adresse:
        page = contexte_sw.new_page()
        page.goto(adresse + "/troisd6/test/")
        _executer_exemple(page)
        assert sorted(_mesure(page, "variantes_gz")) == sorted([wasm.name, runtime.name])
        attendre_promesse(page, f"""async (attendu) => {{
          const vus = await ({COPIES_DU_RUNTIME})();
          return Object.keys(vus).length === 2 && Object.entries(attendu).every(([nom, [octets, copie]]) =>
            vus[nom] && vus[nom][0] === octets && vus[nom][1] === copie);
        }}""", attendu, intervalle_ms=500)
        demandes: list[str] = []
        page.on("request", lambda requete: demandes.append(requete.url.split("/").pop()))
        page.reload()
        _executer_exemple(page)
        assert "variantes_gz" not in json.loads(page.evaluate("document.documentElement.dataset.jdrMesures"))
        assert wasm.name in demandes and runtime.name in demandes
        assert not [nom for nom in demandes if nom.endswith(".zip.gz") or nom.endswith(".wasm.gz")], demandes
        contexte_sw.set_offline(True)
        page.reload()
        _executer_exemple(page)


# La mise à jour d'une version à l'autre (deux constructions de suite) : tests/navigateur/test_publication.py.


class TestServiceWorkerConstruit:
    """Le sw.js écrit par la construction."""

    def test_version_suit_le_contenu(self, tmp_path: Path) -> None:
        modele = RACINE / "site_plugins/assets/hors-ligne/sw.js"
        assert MARQUE_SERVICE_WORKER in modele.read_text(encoding="utf-8")
        (tmp_path / "a").mkdir()
        (tmp_path / "a/index.html").write_text("un", encoding="utf-8")
        (tmp_path / "index.html").write_text("racine", encoding="utf-8")
        (tmp_path / "index.html.br").write_bytes(b"x")
        (tmp_path / "pyodide/1").mkdir(parents=True)
        (tmp_path / "pyodide/1/pyodide.asm.wasm").write_bytes(b"\0asm")
        v1 = ecrire_service_worker(tmp_path, modele)
        texte = (tmp_path / "sw.js").read_text(encoding="utf-8")
        config = json.loads(re.search(r"const CONFIG_SW = (\{.*\});", texte).group(1))  # type: ignore[union-attr]
        assert config["version"] == v1 and sorted(config["pages"]) == ["./", "a/"]
        assert config["runtime"] == ["pyodide/1/pyodide.asm.wasm"], "le runtime n'est pas préchargé d'avance"
        assert ecrire_service_worker(tmp_path, modele) == v1, "même contenu, même version"
        (tmp_path / "a/index.html").write_text("deux", encoding="utf-8")
        assert ecrire_service_worker(tmp_path, modele) != v1


# --- Le délai de réponse, sur une horloge simulée --------------------------------------------
# Un faux worker à la place de jdr-worker.js (les autres workers, la recherche, restent vrais) :
# il se dit prêt aussitôt, puis répond aux requêtes une à une, chacune après « pas » ms de
# l'horloge de Playwright, ou jamais (« muet »). Le délai de 20 s passe en une fraction de seconde.
FAUX_WORKER = r"""(() => {
  const Vrai = window.Worker;
  const faux = window.jdrFaux = { recues: 0, arrets: 0, muet: false, pas: 15000 };
  window.Worker = function (url, options) {
    if (!String(url).includes("jdr-worker.js")) return new Vrai(url, options);
    let file = Promise.resolve();
    const w = {
      onmessage: null, onerror: null,
      terminate() { faux.arrets++; },
      postMessage(message) {
        const dire = (data) => w.onmessage && w.onmessage({ data });
        if (message.init) return void setTimeout(() => dire({ etat: "pret", detail: "" }), 0);
        faux.recues++;
        if (faux.muet) return;
        file = file.then(() => new Promise((fini) => setTimeout(fini, faux.pas)))
          .then(() => dire({ id: message.id, reponse: { numero: message.id } }));
      },
    };
    return w;
  };
})();"""
#: Trois requêtes d'un coup (window.jdrReponses reçoit les réponses dans l'ordre d'arrivée).
TROIS_REQUETES = """async () => {
  const { moteur } = await import("/assets/jdr/moteur/client.js");
  window.jdrReponses = [];
  for (let i = 0; i < 3; i++) {
    moteur.demander({ type: "cotes", mecanique: "3d6-test" }).then((r) => jdrReponses.push(r));
  }
}"""


@pytest.mark.contexte_neuf
def test_delai_de_reponse_juge_le_silence_pas_la_file(contexte: BrowserContext, serveur: str) -> None:
    """Trois requêtes d'un coup, auxquelles le worker répond toutes les 15 s : la dernière attend
    45 s, plus que le délai de réponse (20 s), et arrive pourtant, sans abandon, car chaque réponse
    relance l'attente des suivantes. Un worker muet pendant tout le délai, lui, est arrêté, et
    la page le dit en français."""
    delai = DELAIS_ESSAI["reponse"]
    page = contexte.new_page()
    page.add_init_script(FAUX_WORKER)
    contexte.clock.install()
    page.goto(serveur + "/a-propos/")
    page.clock.pause_at(page.evaluate("Date.now()") + 1000)
    page.evaluate(TROIS_REQUETES)
    page.clock.run_for(1000)  # le faux worker se dit prêt : les trois délais courent
    assert page.evaluate("(async () => (await import('/assets/jdr/moteur/client.js')).moteur.etat)()") == "pret"
    page.clock.run_for(3 * 15_000 + 1000)
    reponses = page.evaluate("jdrReponses")
    assert [r.get("numero") for r in reponses] == [1, 2, 3], reponses
    assert page.evaluate("[jdrFaux.arrets, document.documentElement.dataset.jdrWorkers]") == [0, "1"]
    # Muet : rien avant la fin du délai, puis l'arrêt du worker et une phrase française.
    page.evaluate("""async () => { jdrFaux.muet = true; jdrReponses = [];
        const { moteur } = await import("/assets/jdr/moteur/client.js");
        moteur.demander({ type: "cotes", mecanique: "3d6-test" }).then((r) => jdrReponses.push(r)); }""")
    page.clock.run_for(delai - 1000)
    assert page.evaluate("[jdrReponses.length, jdrFaux.arrets]") == [0, 0]
    page.clock.run_for(2000)
    reponses = page.evaluate("jdrReponses")
    assert len(reponses) == 1 and "moteur de règles est indisponible" in reponses[0]["erreur"], reponses
    raison = f"il ne répondait plus depuis {delai // 1000} secondes"
    assert page.evaluate("[jdrFaux.arrets, document.documentElement.dataset.jdrAbandon]") == [1, f"pret : {raison}"]
    # Prêt puis arrêté : l'avis ne dit pas « n'a pas pu se charger » ; typographie française (insécables).
    alerte = page.get_by_role("alert").filter(has_text="Le moteur de règles s'est arrêté")
    expect(alerte).to_have_text(typographier(f"Le moteur de règles s'est arrêté : {raison}. "
                                             "Les résultats affichés restent ceux de la page."), use_inner_text=True)
    assert "\u00a0:" in alerte.text_content() and "20\u00a0secondes" in alerte.text_content()
