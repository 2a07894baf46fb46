"""Outils partagés : les marques de coût, le site construit une fois, servi sur 127.0.0.1, et Chromium.

Chaque test qui coûte porte sa marque, et ce fichier y veille : un test qui lance Chromium,
construit un site ou fait tourner Node sans la marque voulue échoue, avec le nom de la
marque à ajouter. ``nox -s rapide`` lance tout le reste (aucune marque) en moins d'une minute.

Playwright n'est importé que si un test de navigateur tourne.
"""

from __future__ import annotations

import contextlib
import fcntl
import json
import os
import re
import shutil
import subprocess
import sys
import threading
from collections.abc import Callable, Generator, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest
from hypothesis import HealthCheck, settings

from site_plugins.serveur import en_arriere_plan

if TYPE_CHECKING:
    from playwright.sync_api import Browser, BrowserContext, Locator, Page

pytest_plugins = ["pytester"]

RACINE = Path(__file__).resolve().parent.parent
DRAPEAUX_CHROMIUM = [
    "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
    "--disable-sync", "--no-first-run", "--disable-quic",
    # WebAssembly laissé au premier compilateur de V8 (Liftoff) : un test ne garde pas une page assez
    # longtemps pour que la seconde compilation de Pyodide (TurboFan, en tâche de fond) se rembourse ;
    # sur deux cœurs, elle prenait le processeur aux tests (exemples et lanceurs : 63 → 48 s).
    # --no-wasm-tier-up seul laissait encore TurboFan compiler en tâche de fond (ThreadPoolForeground
    # du moteur de rendu) : --liftoff-only le coupe tout à fait (fiches, journal et suivi : 213 → 193 s
    # de processeur, 0,12 s de moins par démarrage de Python).
    # Le banc (tests/bench/) mesure, lui, le navigateur d'un lecteur, sans ces drapeaux.
    "--js-flags=--no-wasm-tier-up --liftoff-only",
]

#: Les marques de coût (déclarées aussi dans pyproject.toml) et ce qu'elles annoncent.
MARQUES = {
    "navigateur": "lance Chromium (Playwright)",
    "construction": "construit un site avec MkDocs (le site complet ou un petit site d'essai)",
    "node": "fait tourner Node.js ou un outil de node_modules (Pyodide sous Node, esbuild)",
    "lent": "prend plusieurs secondes sans navigateur, construction ni Node (khi-deux sur 20 000 jets, roue)",
}
#: Les fixtures qui coûtent, et la marque que doit porter un test qui s'en sert (même indirectement).
FIXTURES_MARQUEES = {
    "chromium": "navigateur",
    "navigateur": "navigateur",
    "serveur": "construction",
    "site_construit": "construction",
    "site_publie": "construction",
}

#: Les délais du navigateur dans le site construit pour les tests (option « delais » du greffon jdr) :
#: courts là où un test attend qu'ils s'écoulent, ceux du site publié ailleurs (un démarrage de
#: Python ou une requête lourde peuvent être lents sur une machine chargée). L'index de recherche,
#: lui, ne se construit plus au repos (10 min) : 0,4 s de calcul dans chaque page ouverte plus de
#: 4 s, que seuls les tests qui cherchent demandent (test_recherche.py vérifie le délai sous Node).
DELAIS_ESSAI = {"silence_reseau": 4000, "silence_telechargement": 6000, "silence_demarrage": 60000, "reponse": 20000,
                "recherche": 600_000}

# Hypothesis : « dev » (par défaut, et pour nox -s rapide) essaie peu d'exemples, « ci » (nox -s tests)
# en essaie davantage ; choisir avec --hypothesis-profile=ci. Aucun test ne fixe max_examples.
settings.register_profile("dev", max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("ci", max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow],
                          derandomize=True, print_blob=True)
settings.load_profile("dev")  # --hypothesis-profile (lu après ce fichier) l'emporte


# --- La trace des sources, comptée en fin de session -------------------------------------------

def pytest_terminal_summary(terminalreporter: Any) -> None:
    """Quand tests/test_trace.py a tourné, le bilan de la trace : par source, les règles tracées,
    celles qu'une page énonce et celles qu'un test exerce (issue 37)."""
    rapports = [r for liste in terminalreporter.stats.values() for r in liste if hasattr(r, "nodeid")]
    if not any(r.nodeid.startswith("tests/test_trace.py") for r in rapports):
        return
    from tests.trace import bilan

    terminalreporter.section("Trace des sources")
    for ligne in bilan():
        terminalreporter.write_line(ligne)


# --- Les marques, vérifiées -------------------------------------------------------------------

_EN_COURS: list[pytest.Item] = []  # le test dont on prépare, exécute ou démonte les fixtures


def _manque(item: pytest.Item, marque: str, cause: str) -> None:
    if item.get_closest_marker(marque) is None:
        pytest.fail(
            f"{item.nodeid} {cause} sans la marque « {marque} » ({MARQUES[marque]}) : ajoutez "
            f"@pytest.mark.{marque} au test, à sa classe, ou à pytestmark dans son module "
            "(les marques de coût sont décrites dans tests/conftest.py)",
            pytrace=False,
        )


def _verifier_commande(args: Any) -> None:
    """Appelée à chaque lancement de processus : Node, MkDocs ou Chromium sans sa marque échouent.
    La construction d'avance du site (``_construire_d_avance``), dans son propre fil, n'est à aucun test."""
    if not _EN_COURS or threading.current_thread() is not threading.main_thread():
        return
    item = _EN_COURS[-1]
    morceaux = [str(a) for a in args] if isinstance(args, list | tuple) else [str(args)]
    if not morceaux:
        return
    programme = Path(morceaux[0])
    if "playwright" in programme.parts and "driver" in programme.parts:
        _manque(item, "navigateur", "lance Chromium (le pilote de Playwright)")
    elif programme.name in ("node", "nodejs") or "node_modules" in programme.parts:
        _manque(item, "node", f"lance {programme.name}")
    elif "mkdocs" in morceaux[1:4] and "build" in morceaux:
        _manque(item, "construction", "construit un site (mkdocs build)")


_popen_init = subprocess.Popen.__init__


def _popen_surveille(self: subprocess.Popen[Any], args: Any, *a: Any, **kw: Any) -> None:
    _verifier_commande(args)
    _popen_init(self, args, *a, **kw)


subprocess.Popen.__init__ = _popen_surveille  # type: ignore[method-assign]


#: Les modules de Chromium aux tests les plus longs (10 à 25 s chacun, mesurés par --durations) :
#: rangés en tête des tests de Chromium, pour que la session ne finisse pas sur l'un d'eux, seul,
#: pendant que les autres processus n'ont plus rien à faire.
MODULES_LONGS = ("test_onglets_sans_verrous.py", "test_onglets.py", "test_accessibilite.py", "test_reseau.py")


def _cout(item: pytest.Item) -> tuple[int, int]:
    """(0 : ne coûte rien ; 1 : lent ou Node ; 2 : construit un site ; 3 : lance Chromium), puis, parmi
    les tests de Chromium, les modules longs d'abord."""
    for rang, marque in ((3, "navigateur"), (2, "construction"), (1, "node"), (1, "lent")):
        if item.get_closest_marker(marque) is not None:
            return rang, int(rang == 3 and item.path.name not in MODULES_LONGS)
    return 0, 0


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Les tests qui ne coûtent rien d'abord, Chromium en dernier, ses modules longs en tête (tri
    stable : l'ordre des fichiers reste à rang égal). Sous pytest-xdist, le premier processus qui
    demande le site le construit pendant que les autres avancent dans les tests sans coût, au lieu
    d'attendre le verrou ; et les tests longs partent tôt, les courts comblent la fin."""
    items.sort(key=_cout)


def pytest_runtest_setup(item: pytest.Item) -> None:
    """Avant toute fixture : celles qui coûtent (même demandées par une autre) exigent leur marque."""
    for fixture, marque in FIXTURES_MARQUEES.items():
        if fixture in item.fixturenames:  # type: ignore[attr-defined]
            _manque(item, marque, f"utilise la fixture « {fixture} »")


def _suivre(item: pytest.Item) -> Generator[None, None, None]:
    _EN_COURS.append(item)
    try:
        return (yield)
    finally:
        _EN_COURS.pop()


# Pendant la préparation, l'exécution et le démontage d'un test, on sait lequel lance un processus.
@pytest.hookimpl(wrapper=True, tryfirst=True, specname="pytest_runtest_setup")
def pytest_runtest_setup_suivi(item: pytest.Item) -> Generator[None, None, None]:
    return (yield from _suivre(item))


@pytest.hookimpl(wrapper=True, tryfirst=True, specname="pytest_runtest_call")
def pytest_runtest_call_suivi(item: pytest.Item) -> Generator[None, None, None]:
    return (yield from _suivre(item))


@pytest.hookimpl(wrapper=True, tryfirst=True, specname="pytest_runtest_teardown")
def pytest_runtest_teardown_suivi(item: pytest.Item) -> Generator[None, None, None]:
    return (yield from _suivre(item))


# --- Le site, le serveur, Chromium --------------------------------------------------------------

#: Les binaires de Chromium essayés pour les tests, dans l'ordre (après la variable CHROMIUM) : d'abord
#: l'ancien mode sans interface (paquet Debian chromium-headless-shell, le même Chromium 156 sans le
#: navigateur autour ; c'est aussi celui que Playwright prend en mode headless quand il télécharge ses
#: navigateurs), puis le navigateur complet. Mêmes 3 042 tests verts ; la suite : 545 → 455 s, le
#: processus principal de Chromium deux fois moins chargé. Le banc (tests/bench/) mesure, lui, le
#: navigateur complet d'un lecteur.
CHROMIUMS_DES_TESTS = ("chromium-headless-shell", "chromium")


def chemin_chromium() -> str:
    candidats = [os.environ.get("CHROMIUM")]
    for nom in CHROMIUMS_DES_TESTS:
        candidats += [shutil.which(nom), f"/usr/bin/{nom}"]
    for candidat in candidats:
        if candidat and Path(candidat).exists():
            return candidat
    pytest.fail("Chromium introuvable : installez le paquet Debian « chromium-headless-shell » (ou « chromium ») ;"
                " voir .ci/run")


#: Construit le site de mkdocs.yml, l'option « delais » du greffon jdr remplacée (argv : dossier, délais).
CONSTRUIRE = """
import json, sys
from mkdocs.commands.build import build
from mkdocs.config import load_config
from mkdocs.utils import yaml_load

with open("mkdocs.yml", "rb") as f:
    greffons = yaml_load(f)["plugins"]
delais = json.loads(sys.argv[2])
for i, greffon in enumerate(greffons):
    nom = greffon if isinstance(greffon, str) else next(iter(greffon))
    if nom == "jdr":
        options = {} if isinstance(greffon, str) else dict(greffon["jdr"] or {})
        # Le lien local passe pour rapide même sur une machine chargée, jamais un lien bridé à 8 Mbit/s
        # (1 Mo en plus d'une seconde) : chaque première visite d'un test prend le même chemin.
        greffons[i] = {"jdr": {**options, "delais": {**options.get("delais", {}), **delais}, "lien_rapide_ms": 800}}
build(load_config("mkdocs.yml", site_dir=sys.argv[1], strict=True, plugins=greffons))
"""


@pytest.fixture(scope="session")
def assets_node(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Les scripts du site (site_plugins/assets) copiés avec le module de configuration que la
    construction écrit à côté d'eux : Node importe ainsi ceux qui le lisent (limites du pont,
    réglages des cotes), sans construire le site."""
    from site_plugins import configuration

    cible = tmp_path_factory.mktemp("assets-node")
    shutil.copytree(RACINE / "site_plugins" / "assets", cible, dirs_exist_ok=True)
    (cible / configuration.NOM).write_text(configuration.texte(configuration.constantes()), encoding="utf-8")
    return cible


@pytest.fixture(scope="session")
def site_construit(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Le site, construit une fois par session en mode strict, avec les délais courts des tests.

    Sous pytest-xdist, les workers d'une même session se partagent une construction
    (le premier construit, les autres attendent le verrou)."""
    return _construire(tmp_path_factory)


@pytest.fixture(scope="session", autouse=True)
def _construire_d_avance(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> None:
    """Quand la session a des tests qui lisent le site construit, sa construction part dès le premier
    test, dans un fil à part, pendant que les tests sans coût (rangés d'abord) avancent : le premier
    test qui en a besoin n'attend plus toute la construction. Un échec ici ne dit rien : la fixture
    ``site_construit`` reconstruit alors elle-même, et c'est elle qui échoue avec le message."""
    if any("site_construit" in getattr(item, "fixturenames", ()) for item in request.session.items):
        # Le dossier temporaire de la session, créé ici d'abord : sinon le fil et le premier test qui en
        # demande un (tmp_path_factory.mktemp) le créent ensemble, et l'un des deux trouve la place prise.
        tmp_path_factory.getbasetemp()
        threading.Thread(target=_construire_sans_bruit, args=(tmp_path_factory,), daemon=True).start()


def _construire_sans_bruit(tmp_path_factory: pytest.TempPathFactory) -> None:
    with contextlib.suppress(Exception):
        _construire(tmp_path_factory, sortie=subprocess.DEVNULL)


def _construire(tmp_path_factory: pytest.TempPathFactory, sortie: int | None = None) -> Path:
    return _une_fois_par_session(
        tmp_path_factory, "site-construit",
        lambda cible: [sys.executable, "-c", CONSTRUIRE, str(cible), json.dumps(DELAIS_ESSAI)], {}, sortie)


def _une_fois_par_session(tmp_path_factory: pytest.TempPathFactory, nom: str, commande: Callable[[Path], list[str]],
                          env: dict[str, str], sortie: int | None = None) -> Path:
    """Le site que ``commande`` construit dans le dossier qu'elle reçoit, une fois par session : sous
    pytest-xdist, le premier worker construit, les autres attendent le verrou puis lisent le même."""
    dossier = tmp_path_factory.getbasetemp()
    if os.environ.get("PYTEST_XDIST_WORKER"):
        dossier = dossier.parent  # commun aux workers de cette session
    cible, fini = dossier / nom / "site", dossier / nom / "fini"
    cible.parent.mkdir(exist_ok=True)
    with (dossier / f"{nom}.verrou").open("w") as verrou:
        fcntl.flock(verrou, fcntl.LOCK_EX)
        if not fini.exists():
            subprocess.run(
                commande(cible),
                # Compression rapide : la première construction d'une machine neuve (la CI) gagne plus d'une
                # minute ; le niveau maximal est celui de nox -s publier (tests/test_publication.py, TestCompression).
                cwd=RACINE, check=True,
                env={**os.environ, "NO_MKDOCS_2_WARNING": "1", "JDR_COMPRESSION": "rapide", **env},
                stdout=sortie, stderr=sortie,
            )
            fini.touch()
    return cible


#: L'adresse publiée (SITE_URL) du site que construit ``site_publie``.
ADRESSE_PUBLIEE = "https://exemple.org/regles/"


@pytest.fixture(scope="session")
def site_publie(tmp_path_factory: pytest.TempPathFactory, site_construit: Path) -> Path:
    """Le site construit avec SITE_URL (ADRESSE_PUBLIEE), une fois par session : tests/test_publication.py
    le lit, tests/navigateur/test_publication.py le sert comme « nouvelle version » après site_construit
    (les deux constructions diffèrent, ne serait-ce que par l'adresse). Lu seulement, jamais modifié.

    Construit après site_construit : sur une machine neuve, l'archive d'exécution, l'instantané et les fichiers
    compressés de Pyodide sont alors pris dans le cache (node_modules/.cache) au lieu d'être refaits en même temps."""
    assert site_construit.is_dir()
    return _une_fois_par_session(
        tmp_path_factory, "site-publie",
        lambda cible: [sys.executable, "-m", "mkdocs", "build", "--strict", "-q", "-d", str(cible)],
        {"SITE_URL": ADRESSE_PUBLIEE})


@pytest.fixture(scope="session")
def serveur(site_construit: Path) -> Iterator[str]:
    """Le serveur du projet (fichiers précompressés, types MIME, cache) sur un port libre."""
    with en_arriere_plan(site_construit) as adresse:
        yield adresse


@pytest.fixture(scope="session")
def chromium() -> Iterator[Browser]:
    """Chromium de Debian, lancé une fois par processus de tests (Playwright ne télécharge rien).

    Une fois par session et non par module : sous pytest-xdist, un processus passe d'un module à
    l'autre au gré du partage des tests, et chaque retour à un module relançait Chromium et
    refroidissait son contexte."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        navigateur = p.chromium.launch(executable_path=chemin_chromium(), args=DRAPEAUX_CHROMIUM)
        yield navigateur
        navigateur.close()


@pytest.fixture(scope="session")
def navigateur(chromium: Browser) -> Browser:
    """Le même Chromium, sous le nom qu'emploient certains modules."""
    return chromium


#: Un test qui demande un contexte servi mais qui mesure ou prépare une première visite (cache vide,
#: aucun instantané de Python, service worker absent) porte cette marque : il reçoit un contexte neuf.
CONTEXTE_NEUF = "contexte_neuf"
#: Un test qui suit la vie de l'instantané de Python (rangé après le premier jet, restauré, écarté)
#: porte celle-ci : il reçoit le contexte servi sans l'instantané, mais avec le cache HTTP et le
#: WebAssembly compilé des autres tests (un contexte neuf coûtait 8 à 10 s de processeur de plus).
SANS_INSTANTANE = "sans_instantane"
#: axe-core (épinglé dans package.json, jamais servi par le site) : l'outil des tests d'accessibilité.
AXE = RACINE / "node_modules" / "axe-core" / "axe.min.js"


def injecter_axe(page: Page) -> None:
    """axe-core dans la page, s'il n'y est pas déjà. Il passe par le protocole de Chromium (page.evaluate),
    que la CSP du site ne bride pas, au lieu d'une balise <script> qu'elle refuserait : les pages lues par
    axe restent sous leur propre CSP, et leur contexte est celui des autres tests (son cache, son Python)."""
    if page.evaluate("() => typeof window.axe !== 'undefined'"):
        return
    if not AXE.is_file():
        pytest.fail("axe-core introuvable dans node_modules : lancez « npm ci » à la racine du projet")
    page.evaluate(AXE.read_text(encoding="utf-8"))


#: Coupe transitions et animations (axe lit l'état d'arrivée, pas des couleurs en route).
SANS_ANIMATION = "*, *::before, *::after { transition: none !important; animation: none !important; }"


def sans_animation(page: Page) -> None:
    """Plus de transition ni d'animation dans la page, par une feuille de style construite (la CSP du site
    refuse une balise <style> ajoutée, pas une feuille adoptée par le document)."""
    page.evaluate("""(regles) => { const feuille = new CSSStyleSheet(); feuille.replaceSync(regles);
        document.adoptedStyleSheets = [...document.adoptedStyleSheets, feuille]; }""", SANS_ANIMATION)


#: Script d'initialisation qui note chaque violation de la CSP de la page dans window.__violations.
ECOUTE_CSP = """document.addEventListener("securitypolicyviolation", (e) => {
  (window.__violations = window.__violations || []).push(`${e.violatedDirective} ${e.blockedURI}`);
});"""


def ecouter_la_csp(page: Page, messages: list[str]) -> Page:
    """La page, dont les messages de console qui parlent de la CSP (les siens et ceux de ses workers) vont
    dans ``messages``, et dont les violations vont dans window.__violations (ECOUTE_CSP)."""
    page.add_init_script(ECOUTE_CSP)

    def noter(message: Any) -> None:
        if re.search(r"content.security.policy|refused to", message.text, re.IGNORECASE):
            messages.append(message.text)

    page.on("console", noter)  # les messages des workers arrivent aussi ici
    page.on("worker", lambda w: w.on("console", noter))
    return page


#: Le cache (Cache Storage) où le worker range l'instantané (jdr-worker.js).
CACHE_DES_INSTANTANES = "regles-vivantes-instantanes"


def _options_du_contexte(request: pytest.FixtureRequest) -> dict[str, Any]:
    """Les options des contextes d'un module : 1 280 × 900 en français, plus son ``OPTIONS_DU_CONTEXTE``
    (``{"service_workers": "block"}`` là où page.route doit tout voir, par exemple)."""
    return {"viewport": {"width": 1280, "height": 900}, "locale": "fr-FR",
            **getattr(request.module, "OPTIONS_DU_CONTEXTE", {})}


@pytest.fixture(scope="session")
def _contextes_servis(chromium: Browser) -> Iterator[dict[str, BrowserContext]]:
    """Les contextes servis d'un processus de tests, un par jeu d'options : les modules aux mêmes
    options se partagent le même (son cache HTTP, son WebAssembly compilé, son instantané)."""
    contextes: dict[str, BrowserContext] = {}
    yield contextes
    for contexte in contextes.values():
        contexte.close()


@pytest.fixture
def _contexte_du_module(request: pytest.FixtureRequest, chromium: Browser,
                        _contextes_servis: dict[str, BrowserContext]) -> BrowserContext:
    options = _options_du_contexte(request)
    cle = json.dumps(options, sort_keys=True)
    if cle not in _contextes_servis:
        _contextes_servis[cle] = chromium.new_context(**options)
    return _contextes_servis[cle]


@pytest.fixture
def contexte_servi(request: pytest.FixtureRequest, chromium: Browser, serveur: str) -> Iterator[BrowserContext]:
    """Un contexte Chromium pour un test (voir _options_du_contexte), comme celui d'un lecteur qui revient sans
    rien avoir gardé : cache HTTP, WebAssembly compilé, instantané de Python et service worker
    servent d'un test à l'autre (et d'un module à l'autre, à options égales), le stockage du site
    (localStorage, IndexedDB) est vidé.

    Un contexte neuf coûte 8 à 10 s de processeur jusqu'au premier jet (rien en cache), un
    contexte servi 2 à 3 s : la suite passe surtout son temps là. Un test marqué
    ``contexte_neuf`` reçoit un contexte neuf, fermé après lui."""
    if request.node.get_closest_marker(CONTEXTE_NEUF) is not None:
        neuf = chromium.new_context(**_options_du_contexte(request))
        yield neuf
        neuf.close()
        return
    contexte: BrowserContext = request.getfixturevalue("_contexte_du_module")
    vider_le_stockage(contexte, serveur, instantane=request.node.get_closest_marker(SANS_INSTANTANE) is not None)
    yield contexte
    _fermer_les_onglets(contexte)
    contexte.clear_cookies()
    contexte.clear_permissions()
    contexte.set_offline(False)
    contexte.unroute_all(behavior="ignoreErrors")
    # Le contexte sert aussi aux autres modules : les délais d'attente reviennent à ceux de Playwright.
    contexte.set_default_timeout(30_000)
    contexte.set_default_navigation_timeout(30_000)


@contextlib.contextmanager
def sans_erreur_de_page(contexte: BrowserContext) -> Iterator[None]:
    """Pendant le bloc, note les erreurs non rattrapées des pages du contexte ; à la fin, il n'y en a aucune."""
    erreurs: list[str] = []

    def noter(e: Any) -> None:
        erreurs.append(str(e.error))

    contexte.on("weberror", noter)
    try:
        yield
    finally:
        contexte.remove_listener("weberror", noter)
    assert not erreurs, erreurs


@contextlib.contextmanager
def sans_erreur_de_console(page: Page, delai: int) -> Iterator[Page]:
    """La page, à son délai par défaut ; pendant le bloc, note ses erreurs non rattrapées et ses messages
    d'erreur de console ; à la fin, il n'y en a aucun."""
    erreurs: list[str] = []
    page.on("pageerror", lambda e: erreurs.append(str(e)))
    page.on("console", lambda m: erreurs.append(m.text) if m.type == "error" else None)
    page.set_default_timeout(delai)
    yield page
    assert erreurs == [], "erreurs de console"


@pytest.fixture
def contexte(contexte_servi: BrowserContext) -> Iterator[BrowserContext]:
    """Le contexte servi, où aucune page ne doit lever d'erreur non rattrapée (un module peut le redéfinir)."""
    with sans_erreur_de_page(contexte_servi):
        yield contexte_servi


#: Script d'initialisation d'une page dont le test lit le texte, pas les règles : le moteur (jdr-worker.js),
#: que chaque page à widgets démarre au repos, y est un worker muet. Sans lui, chaque adresse chargée
#: lançait Python pour rien, et ce calcul prenait au test voisin un des deux cœurs : axe sur chaque page,
#: 187 s de tests → 122 s. La page reste dans l'état « téléchargement » qu'un lien lent montre au lecteur ;
#: le moteur prêt est lu ailleurs (TestWidgetsApresUsage, test_python_exemple_et_lanceur).
MOTEUR_MUET = """(() => {
  const Vrai = window.Worker;
  if (!Vrai) return;
  window.Worker = function Worker(url, options) {
    if (!String(url).includes("/jdr-worker.js")) return new Vrai(url, options);
    return {postMessage() {}, terminate() {}, addEventListener() {}, removeEventListener() {}};
  };
})()"""


#: Script d'initialisation qui note, dans window.__creations, où part chaque worker du moteur :
#: « tete » (le corps de la page pas encore lu : amorce.js) ou « corps » (jdr.js, plus tard).
CREATIONS_DE_WORKERS = """window.__creations = [];
const Vrai = window.Worker;
window.Worker = function Worker(url, options) {
  if (String(url).includes("/jdr-worker.js")) window.__creations.push(document.body ? "corps" : "tete");
  return new Vrai(url, options);
};"""


def sans_moteur(page: Page) -> Page:
    """La page, avant sa première adresse, avec le moteur muet (voir MOTEUR_MUET)."""
    page.add_init_script(MOTEUR_MUET)
    return page


#: Une page vide gardée ouverte par contexte servi : le stockage s'y vide par le protocole de Chromium,
#: au lieu d'ouvrir puis de fermer un onglet avant chaque test (0,12 s de processeur chacun).
_PAGES_DE_SERVICE: dict[BrowserContext, Page] = {}


def _page_de_service(contexte: BrowserContext) -> Page:
    page = _PAGES_DE_SERVICE.get(contexte)
    if page is None or page.is_closed():
        page = _PAGES_DE_SERVICE[contexte] = contexte.new_page()
    return page


def _fermer_les_onglets(contexte: BrowserContext) -> None:
    """Ferme les onglets du contexte, sauf sa page de service."""
    for page in contexte.pages:
        if page is not _PAGES_DE_SERVICE.get(contexte):
            page.close()


def vider_le_stockage(contexte: BrowserContext, serveur: str, *, instantane: bool = False) -> None:
    """Le stockage du site vidé dans ``contexte`` (localStorage et IndexedDB ; chaque page a son
    sessionStorage neuf), par le protocole de Chromium ; le cache (HTTP et Cache Storage, où dort
    l'instantané) reste, sauf l'instantané si ``instantane`` (le cache hors ligne du service worker,
    lui, reste toujours). Les pages du contexte sont fermées, sauf sa page de service (vide)."""
    service = _page_de_service(contexte)
    _fermer_les_onglets(contexte)
    session = contexte.new_cdp_session(service)
    origine = serveur.rstrip("/")
    session.send("Storage.clearDataForOrigin", {"origin": origine, "storageTypes": "local_storage,indexeddb"})
    session.detach()
    if instantane:  # Cache Storage se lit depuis un document de l'origine : un fichier sans script suffit
        service.goto(origine + "/sitemap.xml")
        service.evaluate(f"caches.delete({CACHE_DES_INSTANTANES!r})")
        service.goto("about:blank")  # la page de service ne reste pas un client du service worker


def executer_node(script: str, *arguments: str, role: str, entree: str | None = None) -> dict[str, Any]:
    """Fait tourner ``script`` (module ES) dans Node, ``arguments`` dans ``process.argv`` (à partir de 1) et
    ``entree`` sur son entrée standard ; rend l'objet JSON qu'il écrit. ``role`` : ce que Node fait tourner,
    dit dans l'échec si Node manque."""
    node = shutil.which("node")
    if node is None:
        pytest.fail(f"node introuvable : il fait tourner {role}")
    fini = subprocess.run([node, "--no-warnings", "--input-type=module", "-e", script, *arguments], input=entree,
                          capture_output=True, text=True, encoding="utf-8", timeout=60, check=False)
    assert fini.returncode == 0, fini.stderr
    resultat: dict[str, Any] = json.loads(fini.stdout)
    return resultat


def attendre_promesse(page: Page, predicat: str, arg: Any = None, *, intervalle_ms: int = 250,
                      delai_ms: int = 60_000) -> None:
    """Attend que ``predicat`` (une fonction asynchrone de la page, qui reçoit ``arg``) rende vrai.

    ``page.wait_for_function`` n'attend pas une promesse : elle est vraie d'emblée, et l'attente
    finissait aussitôt (vérifié : ``async () => false`` passe). La boucle tourne donc dans la page,
    qui relance le prédicat toutes les ``intervalle_ms`` jusqu'à ``delai_ms``. Contrairement à
    ``wait_for_function``, elle ne survit pas à une navigation de la page (l'évaluation échoue)."""
    page.evaluate(f"""async (arg) => {{
      const predicat = {predicat};
      const fin = Date.now() + {delai_ms};
      while (!(await predicat(arg))) {{
        if (Date.now() > fin) throw new Error("toujours faux après {delai_ms} ms : " + {json.dumps(predicat[:200])});
        await new Promise((r) => setTimeout(r, {intervalle_ms}));
      }}
    }}""", arg)


def ranger_avant_d_ouvrir(page: Page, serveur: str, valeurs: dict[str, str]) -> None:
    """Range ``valeurs``, seules, dans le localStorage du site avant d'ouvrir l'une de ses pages (l'appelant la charge
    ensuite) : depuis le manifeste du site, un document de l'origine affiché en texte brut, au lieu de charger
    une page du site, d'y écrire puis de la recharger (un démarrage de Python et une page de moins). Pas depuis
    sitemap.xml ni une image : Chromium les habille de styles en ligne, que la CSP du site refuse (console)."""
    page.goto(serveur.rstrip("/") + "/manifest.webmanifest")
    page.evaluate("(v) => { localStorage.clear();"
                  " for (const [cle, x] of Object.entries(v)) localStorage.setItem(cle, x); }", valeurs)


#: Les pages du site par dossier de docs/ (« racine » : celles qui sont à la racine), pour répartir les
#: tests qui parcourent tout le site entre les processus de pytest-xdist.
GROUPES_DE_PAGES = [*sorted(d.name for d in (RACINE / "docs").glob("*/")), "racine"]


def pages_construites(site: Path, motif: str = "*.html") -> list[Path]:
    """Les pages HTML du site construit (``motif`` : ``index.html`` pour celles d'un dossier), dans
    l'ordre, sans les pages de renvoi des anciennes adresses (site_plugins/renvois.py), qui ne sont
    pas des pages des règles : tests/test_renvois.py les vérifie, navigateur/test_csp.py les lit sous la CSP."""
    return [p for p in sorted(site.rglob(motif)) if "data-jdr-vers=" not in p.read_text(encoding="utf-8")[:300]]


def sans_modeles(html: str) -> str:
    """Le HTML d'une page sans ses modèles (``<template>``) : ce que la page montre à son ouverture
    (les formulaires de « Modifier » attendent dans un modèle, voir fences.formater_exemple)."""
    import re

    return re.sub(r"<template\b.*?</template>", "", html, flags=re.DOTALL)


def groupe_de_page(chemin: str) -> str:
    """Le groupe d'une adresse du site (« /troisd6/test/ » → « 3d6 », « /a-propos/ » → « racine »)."""
    premier = chemin.strip("/").split("/")[0]
    return premier if premier in GROUPES_DE_PAGES[:-1] else "racine"


def aller(page: Page, adresse: str) -> None:
    """Va à l'adresse comme un lecteur qui suit un lien : par la navigation instantanée de
    Material quand la page en a une (le worker et son Python restent), sinon en la chargeant."""
    if page.url == adresse:
        return
    if not page.evaluate("() => !!(window.location$ && document.querySelector('.md-content'))"):
        page.goto(adresse)
        return
    page.evaluate("() => { document.querySelector('.md-content').dataset.jdrPagePrecedente = '1';"
                  " window.jdrMemeDocument = true; }")
    page.evaluate("""(url) => { const a = Object.assign(document.createElement("a"), { href: url });
                                document.body.append(a); a.click(); a.remove(); }""", adresse)
    page.wait_for_url(adresse)
    page.wait_for_function("() => !document.querySelector('[data-jdr-page-precedente]')")
    # Un rechargement complet passerait aussi les deux attentes : le document, lui, aurait changé
    # (le plan du site servi pour un autre port suffisait à couper la navigation instantanée).
    assert page.evaluate("() => window.jdrMemeDocument === true"), f"{adresse} : rechargée, navigation non instantanée"


#: Le suivi de combat D10 de la page /d10/suivi/.
COMBAT_D10 = ".jdr-fiche[data-fiche='combat-d10']"


def combat_d10_a_deux(page: Page, serveur: str, *, delai: int = 60_000) -> Locator:
    """Ouvre le suivi de combat D10 et y crée « Duel sur le quai » avec Nadia et Oskar (le stockage du
    contexte est vidé avant chaque test : conftest.contexte_servi)."""
    from playwright.sync_api import expect

    page.goto(serveur + "/d10/suivi/")
    combat = page.locator(COMBAT_D10)
    combat.get_by_role("textbox", name="Nom du combat").fill("Duel sur le quai")
    combat.get_by_role("button", name="Nouveau combat").click()
    expect(combat.locator(".jdr-fiche-entete strong")).to_have_text("Duel sur le quai", timeout=delai)
    for nom in ("Nadia", "Oskar"):
        ajout = combat.locator("details.jdr-combat-ajout")
        if ajout.get_attribute("open") is None:
            ajout.locator("summary").click()
        ajout.get_by_role("textbox", name="Nom").fill(nom)
        ajout.get_by_role("button", name="Ajouter").click()
        expect(combat.locator(f".jdr-combattant-nom:text-is('{nom}')")).to_have_count(1, timeout=delai)
    return combat


def vue_de_la_fiche(fiche: Locator, mode: str = "edition") -> None:
    """Choisit l'onglet d'une fiche de personnage : « Jouer » (``jeu``) ou « Modifier la fiche » (``edition``).
    L'onglet choisi est gardé par l'onglet du navigateur (sessionStorage), d'un rendu à l'autre."""
    fiche.locator(f".jdr-fiche-modes button[data-mode={mode}]").click()


def double_clic_lent(page: Page, cible: Locator, ecart_ms: int) -> None:
    """Deux clics de souris au même endroit, le second ``ecart_ms`` après le premier et marqué par le
    navigateur comme second clic d'un double clic (detail 2), comme le fait un joueur qui double-clique
    lentement : le premier résultat a pu s'afficher entre les deux."""
    cible.scroll_into_view_if_needed()
    boite = cible.bounding_box()
    assert boite, "la cible du double clic n'est pas affichée"
    page.mouse.move(boite["x"] + boite["width"] / 2, boite["y"] + boite["height"] / 2)
    page.mouse.down(click_count=1)
    page.mouse.up(click_count=1)
    page.wait_for_timeout(ecart_ms)
    page.mouse.down(click_count=2)
    page.mouse.up(click_count=2)
