"""Le code modifié d'un exemple dans Chromium, sur le site construit (« Modifier », « Exécuter ma
version ») : boucle sans fin, récursion, sortie de 10 Mo, arrêts de Python, jdr_core modifié,
messages contrefaits. Le pont et la traduction des erreurs, sous CPython : tests/test_bac.py.
"""

from __future__ import annotations

import json
import re
import time
from collections.abc import Iterator

import pytest
from playwright.sync_api import BrowserContext, Locator, Page, expect

from jdr_core.francais import typographier

from ..conftest import sans_erreur_de_console

DELAI = 40_000
PAGE_TEST = "/troisd6/test/"
EXEMPLE = '.jdr-exemple[data-exemple="pierre-ruelle"]'
LANCEUR = 'form[data-mecanique="3d6-test"]'
SANS_FIN = typographier("Votre code tourne sans fin : arrêté après 2 s.")
JOURNAL_JS = "() => localStorage.getItem('jdr-journal')"
# Le même jet que donnerait le lanceur 3D6 avec la graine 4242, demandé au moteur de la page.
JET_JS = """async () => {
  const jdr = document.querySelector('script[src$="jdr.js"]').src;
  const { moteur } = await import(new URL("moteur/client.js", jdr).href);
  return JSON.stringify(await moteur.demander({ type: "lancer", mecanique: "3d6-test",
    parametres: { caracteristique: "3", relances: "1" }, graine: 4242 }));
}"""
# Du clic sur « Exécuter ma version » au retour de la main (boutons actifs, message affiché).
CHRONO_JS = """(bloc) => {
  const bouton = [...bloc.querySelectorAll("button")].find((b) => b.textContent === "Exécuter ma version");
  bouton.addEventListener("click", () => {
    const debut = performance.now();
    const suivre = new MutationObserver(() => {
      if (bloc.querySelector("output .jdr-erreur") && !bouton.disabled) {
        window.__chrono = performance.now() - debut;
        suivre.disconnect();
      }
    });
    suivre.observe(bloc, { subtree: true, childList: true, attributes: true });
  }, { once: true });
}"""
# Le plus grand écart entre deux tours d'un minuteur de 10 ms : la page gelée pendant ce temps.
SURVEILLER_JS = """() => { window.__gel = 0; let t = performance.now();
  clearInterval(window.__minuteur);
  window.__minuteur = setInterval(() => {
    const n = performance.now(); window.__gel = Math.max(window.__gel, n - t); t = n;
  }, 10); }"""


@pytest.fixture
def page(contexte_servi: BrowserContext) -> Iterator[Page]:
    with sans_erreur_de_console(contexte_servi.new_page(), DELAI) as page:
        yield page
        page.close()


def _modifier_le_code(bloc: Locator) -> None:
    """« Modifier », puis « Modifier le code » quand l'exemple montre d'abord sa situation en champs."""
    bloc.get_by_role("button", name="Modifier", exact=True).click()
    code = bloc.get_by_role("button", name="Modifier le code")
    if bloc.locator("template.jdr-situation-modele, template.jdr-reglages-modele").count():
        code.click()
    expect(bloc.locator("textarea.jdr-code-modifiable")).to_be_visible()


def _ouvrir(page: Page, serveur: str) -> tuple[Locator, Locator]:
    """La page du test 3D6, le moteur prêt (un jet), l'exemple en mode « Modifier », son Python prêt."""
    page.goto(serveur + PAGE_TEST)
    _lancer(page)
    bloc = page.locator(EXEMPLE)
    _modifier_le_code(bloc)
    _python_a_part_pret(page)
    return bloc, bloc.locator("textarea.jdr-code-modifiable")


def _python_a_part_pret(page: Page) -> None:
    page.wait_for_function("() => document.documentElement.dataset.jdrEdition === 'pret'", timeout=DELAI)


def _lancer(page: Page) -> str:
    form = page.locator(LANCEUR)
    form.locator("output").evaluate("(o) => o.replaceChildren()")
    form.locator("button[type=submit]").click()
    expect(form.locator("output .jdr-resultat")).to_be_visible(timeout=DELAI)
    return form.locator(".jdr-phrase").inner_text()


def _executer(bloc: Locator, zone: Locator, code: str) -> None:
    zone.fill(code)
    bloc.get_by_role("button", name="Exécuter ma version").click()


def _fin(bloc: Locator) -> None:
    """L'exécution est finie : le bloc n'attend plus, ses boutons répondent."""
    expect(bloc).not_to_have_attribute("data-attente", "1", timeout=DELAI)
    expect(bloc.get_by_role("button", name="Exécuter ma version")).to_be_enabled()


def _version_saine(page: Page, bloc: Locator, zone: Locator) -> None:
    """Après un arrêt, la version suivante tourne dans un Python neuf et donne son résultat."""
    _python_a_part_pret(page)
    _executer(bloc, zone, ">>> print(2 + 2)\n4\n")
    expect(bloc).to_have_attribute("data-etat", "ok", timeout=DELAI)


@pytest.mark.construction
@pytest.mark.navigateur
def test_boucle_sans_fin_arretee_et_lanceur_repond(page: Page, serveur: str) -> None:
    """`while True: pass` : le lanceur répond pendant la boucle ; la main revient en moins de 3 s."""
    bloc, zone = _ouvrir(page, serveur)
    zone.fill(">>> while True: pass\n")
    # Mesuré dans la page : du clic au message, sans les allers-retours de Playwright.
    bloc.evaluate(CHRONO_JS)
    debut = time.monotonic()
    bloc.get_by_role("button", name="Exécuter ma version").click()
    phrase = _lancer(page)
    lanceur = time.monotonic() - debut
    assert bloc.get_attribute("data-attente") == "1", \
        f"l'exemple devait encore tourner quand le lanceur a répondu (après {lanceur:.1f} s)"
    assert phrase and "indisponible" not in phrase
    expect(bloc.locator("output .jdr-erreur")).to_have_text(re.compile(re.escape(SANS_FIN)), timeout=DELAI)
    _fin(bloc)
    duree = page.evaluate("() => window.__chrono")
    assert duree < 3000, f"la main revient après {duree:.0f} ms"
    assert page.evaluate("() => document.documentElement.dataset.jdrMoteur") == "pret"
    expect(page.locator(".jdr-chargement[data-etat='echec']")).to_have_count(0)
    _version_saine(page, bloc, zone)


@pytest.mark.navigateur
@pytest.mark.parametrize(("code", "attendu"), [
    (">>> def f(n):\n...     return f(n + 1)\n>>> f(0)\n", r"Ligne 3 : récursion trop profonde"),
    # Sans limite de récursion, Python creuse la pile : arrêté par le budget ou par la pile.
    (">>> import sys; sys.setrecursionlimit(10 ** 7)\n>>> def f(n):\n...     return f(n + 1)\n>>> f(0)\n",
     r"Votre code tourne sans fin|pile du navigateur est épuisée|récursion trop profonde"),
])
@pytest.mark.construction
def test_recursion_profonde(page: Page, serveur: str, code: str, attendu: str) -> None:
    bloc, zone = _ouvrir(page, serveur)
    _executer(bloc, zone, code)
    # Une expression régulière ne confond pas l'espace insécable de la typographie avec une espace.
    expect(bloc.locator("output")).to_contain_text(re.compile(attendu.replace(" ", r"\s")), timeout=DELAI)
    _fin(bloc)
    _lancer(page)
    _version_saine(page, bloc, zone)


@pytest.mark.construction
@pytest.mark.navigateur
def test_sortie_de_dix_megaoctets_tronquee_page_fluide(page: Page, serveur: str) -> None:
    bloc, zone = _ouvrir(page, serveur)
    page.evaluate(SURVEILLER_JS)
    _executer(bloc, zone, ">>> print('x' * 10_000_000)\n")
    expect(bloc.locator("output .jdr-obtenu")).to_contain_text("sortie tronquée", timeout=DELAI)
    _fin(bloc)
    gel = page.evaluate("() => window.__gel")
    longueur = bloc.locator("output .jdr-obtenu").evaluate("(e) => e.textContent.length")
    assert longueur < 100_200
    assert gel < 1000, f"page gelée {gel:.0f} ms"


@pytest.mark.navigateur
@pytest.mark.parametrize(("code", "attendu"), [
    (">>> raise KeyboardInterrupt\n", "Ligne 1 : votre code a interrompu Python (KeyboardInterrupt)"),
    (">>> import sys; sys.exit(0)\n", "Ligne 1 : votre code a demandé l'arrêt de Python (sys.exit)"),
    (">>> import os; os._exit(0)\n", "Votre code a arrêté Python (os._exit ou un équivalent)"),
])
@pytest.mark.construction
def test_arrets_de_python(page: Page, serveur: str, code: str, attendu: str) -> None:
    """Le code arrête Python : c'est dit (jamais « Python n'a pas pu démarrer »), la suite repart d'un Python neuf."""
    bloc, zone = _ouvrir(page, serveur)
    workers = int(page.evaluate("() => document.documentElement.dataset.jdrEditionWorkers"))
    _executer(bloc, zone, code)
    expect(bloc.locator("output")).to_contain_text(attendu, timeout=DELAI)
    expect(bloc.locator("output")).to_contain_text("La prochaine exécution repart d'un Python neuf.")
    assert "pas pu démarrer" not in bloc.inner_text()
    _fin(bloc)
    _python_a_part_pret(page)
    # Le Python qui servira la version suivante est un nouveau worker.
    assert int(page.evaluate("() => document.documentElement.dataset.jdrEditionWorkers")) == workers + 1
    _version_saine(page, bloc, zone)
    assert page.evaluate("() => document.documentElement.dataset.jdrWorkers") == "1"
    _lancer(page)


#: Remplace le cœur du jet et le point d'entrée du pont, puis le prouve.
PIRATAGE = """>>> import random, jdr_core.pont as p, jdr_core.des as d
>>> random.Random.randint = lambda self, a, b: b
>>> random.Random.random = lambda self: 0.999
>>> p.traiter = lambda texte: '{"erreur": "piraté"}'
>>> print(p.traiter("{}"))
"""


@pytest.mark.construction
@pytest.mark.navigateur
def test_jdr_core_modifie_ne_change_ni_lanceur_ni_journal(page: Page, serveur: str) -> None:
    """Le code modifié remplace des morceaux de jdr_core : le même jet (même graine) reste le même,
    le lanceur et le journal n'en voient rien, et la version suivante retrouve un jdr_core intact."""
    bloc, zone = _ouvrir(page, serveur)
    avant = page.evaluate(JET_JS)
    assert "piraté" not in avant and "erreur" not in json.loads(avant)
    _executer(bloc, zone, PIRATAGE)
    expect(bloc.locator("output")).to_contain_text('{"erreur": "piraté"}', timeout=DELAI)
    _fin(bloc)
    assert page.evaluate(JET_JS) == avant
    phrase = _lancer(page)
    assert "piraté" not in phrase
    _python_a_part_pret(page)
    _executer(bloc, zone, ">>> import random, jdr_core.pont as p\n>>> print(p.traiter('[]')[:60])\n")
    expect(bloc.locator("output .jdr-obtenu")).to_contain_text("requête illisible", timeout=DELAI)


#: Ce que le code modifié essaie d'atteindre hors de son worker ; il imprime ce qu'il a trouvé.
EVASION = """>>> import js
>>> trouves = []
>>> for nom in ("postMessage", "close", "caches", "indexedDB", "BroadcastChannel", "fetch", "Worker", "XMLHttpRequest"):
...     for lieu, objet in (("self", js.self), ("proto", js.Object.getPrototypeOf(js.self))):
...         if js.Reflect.has(objet, nom):
...             trouves.append(f"{lieu}.{nom}")
>>> for nom in ("locks", "serviceWorker", "storage"):
...     if js.Reflect.has(js.navigator, nom):
...         trouves.append(f"navigator.{nom}")
>>> print(trouves)
[]
"""

#: Une réponse contrefaite de l'intérieur du pont : « autres dés », graine et lien de rejeu.
CONTREFACON = """>>> import json
>>> faux = ('{"ok": true, "mode": "autres_des", "graine": 1, "verdict": "Mêmes règles : rien ne change.", '
...         '"lignes": [{"attendu": "", "obtenu": "10/10", "ok": true}], "etat": "echec", "mesures": {}}')
>>> json.dumps = lambda *a, faux=faux, **k: faux
"""


@pytest.mark.construction
@pytest.mark.navigateur
def test_messages_contrefaits_ignores(page: Page, serveur: str) -> None:
    """Le code modifié ne peut parler ni à la page ni au stockage partagé ; une réponse contrefaite
    n'ouvre ni lien de rejeu ni entrée de journal, et le moteur n'en est pas troublé."""
    bloc, zone = _ouvrir(page, serveur)
    _executer(bloc, zone, EVASION)
    expect(bloc).to_have_attribute("data-etat", "ok", timeout=DELAI)
    _fin(bloc)
    journal = page.evaluate(JOURNAL_JS)
    _python_a_part_pret(page)
    _executer(bloc, zone, CONTREFACON)
    expect(bloc.locator("output .jdr-obtenu")).to_contain_text("10/10", timeout=DELAI)
    _fin(bloc)
    assert page.evaluate(JOURNAL_JS) == journal
    expect(bloc.locator("a.jdr-lien")).to_have_count(0)
    assert page.evaluate("() => document.documentElement.dataset.jdrMoteur") == "pret"
    expect(page.locator(".jdr-chargement[data-etat='echec']")).to_have_count(0)
    assert "autres dés" not in (bloc.get_attribute("data-etat") or "")
    _lancer(page)


@pytest.mark.construction
@pytest.mark.navigateur
def test_moteur_des_lanceurs_refuse_le_code_modifie(page: Page, serveur: str) -> None:
    """Même demandé directement, le moteur des lanceurs n'exécute pas de code modifié."""
    page.goto(serveur + PAGE_TEST)
    _lancer(page)
    reponse = page.evaluate("""async () => {
      const jdr = document.querySelector('script[src$="jdr.js"]').src;
      const { moteur } = await import(new URL("moteur/client.js", jdr).href);
      return moteur.demander({ type: "exemple", mode: "modifie", source: ">>> 1 + 1\\n2\\n" });
    }""")
    assert reponse == {"erreur": "Le code modifié tourne à part, pas dans le moteur des lanceurs."}


@pytest.mark.construction
@pytest.mark.navigateur
def test_erreurs_de_syntaxe_et_de_nom_en_francais(page: Page, serveur: str) -> None:
    bloc, zone = _ouvrir(page, serveur)
    _executer(bloc, zone, ">>> from jdr_core.troisd6 import tester\n>>> x = tester(3\n")
    erreur = bloc.locator("output .jdr-erreur-exemple")
    expect(erreur).to_contain_text("Erreur de syntaxe à la ligne 2 : parenthèse « ( » ouverte et jamais fermée.",
                                   timeout=DELAI)
    assert "was never closed" not in erreur.locator("> span").all_inner_texts()[-1]
    _fin(bloc)
    _python_a_part_pret(page)
    _executer(bloc, zone, ">>> from jdr_core.troisd6 import tester\n>>> print(testr(3))\n")
    expect(erreur).to_contain_text("Ligne 2 : « testr » n'est défini nulle part (vouliez-vous écrire « tester » ?).",
                                   timeout=DELAI)


@pytest.mark.navigateur
@pytest.mark.parametrize(("chemin", "ident"), [
    # Les deux exemples les plus longs à calculer sous CPython (pont.executer_exemple).
    ("/deuxd6/poursuites/", "philip-chances"),
    ("/", "accueil"),
])
@pytest.mark.construction
def test_exemples_lents_tiennent_dans_le_budget(page: Page, serveur: str, chemin: str, ident: str) -> None:
    """Le code d'origine des exemples les plus lents, exécuté comme version modifiée dans un
    Python à part, sans instantané (le moteur n'a pas servi), tient dans le budget : les modules
    que le code nomme sont importés avant que le budget ne coure."""
    page.goto(serveur + chemin)
    bloc = page.locator(f'.jdr-exemple[data-exemple="{ident}"]')
    _modifier_le_code(bloc)
    _python_a_part_pret(page)
    bloc.get_by_role("button", name="Exécuter ma version").click()
    expect(bloc).to_have_attribute("data-etat", "ok", timeout=DELAI)
    expect(bloc.locator(".jdr-etat")).to_have_text("Votre version donne les mêmes résultats que le texte.")


@pytest.mark.construction
@pytest.mark.navigateur
def test_reponse_reduite_et_python_rendu(page: Page, serveur: str) -> None:
    """La page ne garde d'une réponse du Python à part que des textes et des booléens, en mode
    « modifie » ; « Revenir au texte » rend le Python préparé d'avance."""
    bloc, _ = _ouvrir(page, serveur)
    nettoye = page.evaluate("""async () => {
      const ici = document.querySelector('script[src$="jdr.js"]').src;
      const { nettoyer } = await import(new URL("widgets/edition.js", ici).href);
      return [nettoyer({ ok: 1, mode: "autres_des", graine: 7, verdict: "v", etat: "echec",
                         lignes: [{ obtenu: { toString: null }, attendu: "a", ok: true, erreur: { message: 3 } }, 5] }),
              nettoyer({ etat: "pret" }), nettoyer(null)];
    }""")
    assert nettoye[0] == {"ok": False, "mode": "modifie", "verdict": "v",
                          "lignes": [{"attendu": "a", "obtenu": "", "ok": True, "erreur": {"message": ""}}]}
    illisible = "La réponse de Python pour votre version est illisible : rien n'est affiché."
    assert nettoye[1] == nettoye[2] == {"erreur": illisible}
    bloc.get_by_role("button", name="Revenir au texte").click()
    page.wait_for_function("() => document.documentElement.dataset.jdrEdition === 'attente'")
