"""La recherche en français : les mots tapés par un lecteur trouvent leur page, le code non.

Les requêtes passent par la vraie boîte de recherche de Material, dans Chromium, sur le
site construit ; l'index publié est aussi relu pour vérifier ce qu'il contient.
"""

from __future__ import annotations

import doctest
import json
import re
import shutil
import subprocess
import unicodedata
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import material
import pytest
from playwright.sync_api import Browser, Page

from site_plugins import recherche
from site_plugins.configuration import texte as texte_de_configuration
from site_plugins.etapes import reglages_recherche
from site_plugins.plugin import DelaisConfig

from .conftest import DELAIS_ESSAI, RACINE

DELAI = 40_000  # ms, large pour une machine de CI chargée

#: (ce que tape le lecteur, une page que les premiers résultats doivent proposer)
REQUETES = [
    ("initiative", "d10/combat/"),
    ("initiative", "troisd6/combat/"),
    ("l'initiative", "d10/combat/"),
    ("éclat", "encore/reserve/"),
    ("eclat", "encore/reserve/"),
    ("Éclat", "encore/reserve/"),
    ("eclats", "encore/reserve/"),
    ("blessure", "encore/sante/"),
    ("blessures", "encore/sante/"),
    ("blessures", "d10/blessures/"),
    ("sante", "encore/sante/"),
    ("degats", "troisd6/combat/"),
    ("dégât", "troisd6/combat/"),
    ("energie", "troisd6/energie/"),
    ("poursuites", "deuxd6/poursuites/"),
    ("caracteristique", "d10/action/"),
    ("caractéristiques", "d10/action/"),
    ("stress", "encore/stress/"),
    ("reserve", "encore/reserve/"),
]

#: (article élidé, mot, page attendue parmi les cinq premières) : des requêtes de joueurs, qui
#: tapent l'article comme ils l'écrivent. Chaque mot est aussi cherché avec chaque article, avec
#: l'apostrophe droite et la typographique, et sans accents ; tous doivent rendre les mêmes pages
#: que le mot seul.
ELISIONS = [
    (("l", "d", "qu"), "initiative", "d10/combat/"),
    (("l",), "avantage", "troisd6/test/"),
    (("l", "d"), "éclat", "encore/reserve/"),
    (("s",), "aider", "deuxd6/cas-speciaux/"),
    (("l", "n"), "esquive", "troisd6/combat/"),
    (("d",), "énergie", "troisd6/energie/"),
    (("l",), "échec", "deuxd6/scenes/"),
    (("l",), "adversaire", "deuxd6/scenes/"),
    (("l", "j"), "aide", "deuxd6/cas-speciaux/"),
]

#: (requête avec ses accents, variantes qui doivent rendre les mêmes pages, page attendue).
ACCENTS = [
    ("dé ouvert", ("de ouvert", "dés ouverts", "Dé ouvert"), "d10/action/"),
    ("dégâts", ("degats", "dégats", "Dégâts"), "troisd6/combat/"),
    ("réussite critique", ("reussite critique",), "troisd6/test/"),
    ("caractéristiques", ("caracteristique", "caractéristique"), "d10/action/"),
]

APOSTROPHES = ("'", "’")


def sans_accents(texte: str) -> str:
    return "".join(c for c in unicodedata.normalize("NFD", texte) if not unicodedata.combining(c))


#: Libellés de widgets et fragments de code qui n'ont rien à faire dans l'index.
HORS_INDEX = [
    "Lancer les dés", "Réglages avancés", "Chances exactes avant de lancer", "&gt;&gt;&gt;",
    "print(", "Comparer : figer ce réglage", "Lancer cette situation",
]


@pytest.fixture(scope="module")
def page_recherche(navigateur: Browser, serveur: str) -> Iterator[Page]:
    """Une seule page, ouverte sur l'accueil : chaque requête remplace la précédente."""
    contexte = navigateur.new_context(viewport={"width": 1280, "height": 900}, locale="fr-FR")
    page = contexte.new_page()
    page.set_default_timeout(DELAI)
    page.goto(serveur + "/")
    yield page
    contexte.close()


def chercher(page: Page, requete: str, *, frappe: bool = False) -> list[str]:
    """Tape la requête dans la boîte de recherche et rend les pages des résultats, dans l'ordre."""
    return [chemin for chemin, _ in chercher_avec_manques(page, requete, frappe=frappe)]


def chercher_avec_manques(page: Page, requete: str, *, frappe: bool = False) -> list[tuple[str, set[str]]]:
    """Les pages des résultats, chacune avec les mots marqués « Non trouvé » dans ses sections
    visibles (pas celles repliées sous « de plus sur cette page »)."""
    champ = page.locator("input.md-search__input")
    meta = page.locator(".md-search-result__meta")
    champ.click()
    champ.fill("")
    champ.press("End")
    # Champ vide : Material revient à son invite ; la réponse suivante sera celle de la requête.
    page.wait_for_function(
        "() => /Taper pour/.test(document.querySelector('.md-search-result__meta').textContent)",
        polling=50,
    )
    # Material lit le champ à chaque touche relâchée (keyup) : la requête entière, puis une seule
    # touche, font une seule recherche et une seule réponse, qu'on n'a pas à laisser « passer ».
    # La frappe lettre à lettre, elle, est celle de test_surlignage_avec_le_mot_du_texte.
    if frappe:
        champ.press_sequentially(requete, delay=20)
    else:
        champ.fill(requete)
        champ.press("End")
    page.wait_for_function(
        "() => /document/.test(document.querySelector('.md-search-result__meta').textContent)",
        polling=50,
    )
    if frappe:
        page.wait_for_timeout(400)  # la frappe est finie : laisser passer la dernière réponse
    assert "document" in meta.inner_text()
    resultats = page.locator(".md-search-result__item").evaluate_all(
        """items => items.map(li => [
            new URL(li.querySelector(':scope > a.md-search-result__link').href).pathname,
            [...li.querySelectorAll(':scope > a .md-search-result__terms del')].map(d => d.textContent),
        ])"""
    )
    pages: list[tuple[str, set[str]]] = []
    for chemin, manques in resultats:
        chemin = chemin.lstrip("/")
        if chemin not in [p for p, _ in pages]:
            pages.append((chemin, set(manques)))
    return pages


@pytest.mark.construction
class TestIndexALaDemande:
    """L'index de recherche ne se construit plus à l'ouverture de chaque page (0,5 s de calcul
    pendant le démarrage de Python) : recherche-worker.js, à la place du worker de Material,
    ne le charge qu'à l'approche d'une recherche, ou après quelques secondes."""

    def test_pose_a_cote_du_worker_de_material(self, site_construit: Path) -> None:
        html = (site_construit / "troisd6" / "test" / "index.html").read_text(encoding="utf-8")
        config = json.loads(re.search(r'<script id="__config" type="application/json">(.*?)</script>', html, re.S)[1])
        assert config["search"] == "../../assets/javascripts/workers/recherche-worker.js"
        dossier = site_construit / "assets" / "javascripts" / "workers"
        # Servi tel qu'écrit (réduit) : l'adresse du worker de Material est dans la configuration du site,
        # celle que Material donnait à la page, depuis le même dossier.
        assert (dossier / "recherche-worker.js").is_file()
        texte = (site_construit / "assets" / "jdr" / "configuration.js").read_text(encoding="utf-8")
        materiel = re.search(r'recherche:\{material:"\./([^"]+)"', texte)
        assert materiel and (dossier / materiel[1]).is_file() and materiel[1].startswith("search.")
        assert not (site_construit / "assets" / "jdr" / "recherche-worker.js").exists()

    @staticmethod
    def ouvrir(navigateur: Browser, serveur: str) -> tuple[Page, list[str]]:
        contexte = navigateur.new_context(viewport={"width": 1280, "height": 900}, locale="fr-FR")
        charges: list[str] = []
        # Seulement les demandes des pages et de leurs workers : le service worker, lui, range
        # tous les fichiers du site pour le hors-ligne, celui-ci compris.
        contexte.on("request", lambda r: charges.append(r.url)
                    if "/workers/search." in r.url and r.service_worker is None else None)
        page = contexte.new_page()
        page.set_default_timeout(DELAI)
        page.goto(serveur + "/troisd6/test/")
        return page, charges

    @pytest.mark.navigateur
    def test_charge_a_l_approche_de_la_boite(self, navigateur: Browser, serveur: str) -> None:
        page, charges = self.ouvrir(navigateur, serveur)
        page.wait_for_timeout(1500)
        assert charges == []  # rien à l'ouverture de la page
        page.locator("input.md-search__input").focus()
        page.wait_for_timeout(500)  # le message du canal, puis la demande du worker de Material
        assert len(charges) == 1
        assert "encore/sante/" in chercher(page, "blessure")[:8]
        assert chercher(page, "eclat")
        page.context.close()

    def test_delai_du_repos_pris_dans_la_configuration(self, site_construit: Path) -> None:
        """Le délai au bout duquel l'index se construit sans recherche est celui de l'option
        delais.recherche (celui du site des tests ici ; 4 s par défaut, voir TestWorkerSousNode)."""
        texte = (site_construit / "assets" / "jdr" / "configuration.js").read_text(encoding="utf-8")
        # Réduit par esbuild : « attenteMs:6e5 ».
        delai = re.search(r"\battenteMs:([0-9.e+]+)", texte)
        assert delai and float(delai[1]) == DELAIS_ESSAI["recherche"]


@pytest.mark.navigateur
@pytest.mark.construction
class TestRequetes:
    """Chaque mot tapé par un lecteur trouve sa page parmi les premiers résultats."""

    @pytest.mark.parametrize(("requete", "attendue"), REQUETES)
    def test_requete_trouve_sa_page(self, page_recherche: Page, requete: str, attendue: str) -> None:
        pages = chercher(page_recherche, requete)
        assert attendue in pages[:8], f"« {requete} » : {pages[:8]}"

    def test_mot_absent_ne_trouve_rien(self, page_recherche: Page) -> None:
        assert chercher(page_recherche, "xylophone") == []


class TestFrancais:
    """Les requêtes telles qu'un joueur les tape : article élidé, apostrophe droite ou
    typographique, accents oubliés. Elles trouvent les mêmes pages que le mot seul, et
    « Non trouvé » ne marque jamais le mot cherché sur la page qui le contient."""

    @staticmethod
    def verifier(pages: list[tuple[str, set[str]]], attendue: str, mots: str, requete: str) -> None:
        chemins = [p for p, _ in pages]
        assert attendue in chemins[:5], f"« {requete} » : {chemins[:5]}"
        manques = dict(pages)[attendue]
        for mot in mots.split():
            assert mot not in manques and sans_accents(mot) not in manques, f"« {requete} » : {mot} « Non trouvé »"

    @pytest.mark.navigateur
    @pytest.mark.construction
    @pytest.mark.parametrize(("articles", "mot", "attendue"), ELISIONS, ids=[m for _, m, _ in ELISIONS])
    def test_article_elide(self, page_recherche: Page, articles: tuple[str, ...], mot: str, attendue: str) -> None:
        seul = chercher_avec_manques(page_recherche, mot)
        self.verifier(seul, attendue, mot, mot)
        variantes = [a + apostrophe + mot for a in articles for apostrophe in APOSTROPHES]
        variantes += [sans_accents(mot), f"{articles[0]}'{sans_accents(mot)}", mot.capitalize()]
        for requete in dict.fromkeys(variantes):
            pages = chercher_avec_manques(page_recherche, requete)
            assert [p for p, _ in pages] == [p for p, _ in seul], f"« {requete} » ≠ « {mot} »"
            self.verifier(pages, attendue, mot, requete)

    @pytest.mark.navigateur
    @pytest.mark.construction
    @pytest.mark.parametrize(("requete", "variantes", "attendue"), ACCENTS, ids=[r for r, _, _ in ACCENTS])
    def test_accents_sans_importance(self, page_recherche: Page, requete: str, variantes: tuple[str, ...],
                                     attendue: str) -> None:
        reference = chercher_avec_manques(page_recherche, requete)
        self.verifier(reference, attendue, requete, requete)
        for variante in variantes:
            pages = chercher_avec_manques(page_recherche, variante)
            assert [p for p, _ in pages] == [p for p, _ in reference], f"« {variante} » ≠ « {requete} »"

    @pytest.mark.navigateur
    @pytest.mark.construction
    def test_surlignage_avec_le_mot_du_texte(self, page_recherche: Page) -> None:
        """Tapé sans accent, le mot est surligné dans les résultats et, sur la page d'arrivée
        (paramètre h), écrit comme le texte l'écrit."""
        chercher(page_recherche, "l'eclat", frappe=True)
        marques = page_recherche.locator(".md-search-result mark").all_inner_texts()
        assert "éclat" in [m.lower() for m in marques]
        liens = page_recherche.locator(".md-search-result__link").evaluate_all("liens => liens.map(a => a.href)")
        assert any("h=%C3%A9clat" in lien for lien in liens)
        assert not any(re.search(r"h=[^&#]*\bl\b", lien) for lien in liens)


def _index(site: Path) -> dict[str, Any]:
    donnees: dict[str, Any] = json.loads((site / "search" / "search_index.json").read_text(encoding="utf-8"))
    return donnees


@pytest.mark.construction
class TestIndex:
    """L'index publié : du texte de règles, pas de code ni de libellé de widget."""

    def test_aucun_code_ni_libelle_de_widget(self, site_construit: Path) -> None:
        for section in _index(site_construit)["docs"]:
            texte = section["text"] + section["title"]
            assert "<pre>" not in texte, section["location"]
            for fragment in HORS_INDEX:
                assert fragment not in texte, f"{section['location']} : « {fragment} » indexé"
            # La page d'accueil peut citer le libellé entre guillemets ; le bouton, jamais.
            assert not re.search(r"(?<!« )Voir le code", texte), section["location"]

    def test_mots_colles_absents(self, site_construit: Path) -> None:
        """Un mot suivi d'un bouton ou d'une autre cellule ne se colle pas à lui."""
        tout = " ".join(s["text"] for s in _index(site_construit)["docs"])
        assert "initiativeExécuter" not in tout
        assert not re.search(r"[a-zé]</?(?:td|th)>?[A-Z]", tout)
        assert "critiquetotal" not in tout.lower()

    def test_histoires_des_exemples_indexees(self, site_construit: Path) -> None:
        """Ce que raconte un exemple reste cherchable (seul son code est retiré)."""
        tout = " ".join(s["text"] for s in _index(site_construit)["docs"])
        assert "L&#x27;androïde agit en premier" in tout or "L'androïde agit en premier" in tout

    def test_pas_de_champ_plie(self, site_construit: Path) -> None:
        """Les accents se plient dans le navigateur : l'index publié n'en porte pas de copie."""
        index = _index(site_construit)
        assert set(index["config"]["fields"]) == {"title", "text", "tags"}
        assert not any(set(s) - {"location", "title", "text", "tags", "boost"} for s in index["docs"])

    def test_separateur_coupe_les_elisions(self, site_construit: Path) -> None:
        separateur = re.compile(_index(site_construit)["config"]["separator"])
        assert separateur.split("l'initiative d’éclat") == ["l", "initiative", "d", "éclat"]


class TestModule:
    """Les fonctions de site_plugins/recherche.py."""

    def test_doctests(self) -> None:
        resultat = doctest.testmod(recherche)
        assert resultat.attempted >= 1 and resultat.failed == 0

    def test_exclusion_ne_touche_pas_le_texte(self) -> None:
        page = '<p class="jdr-exemple-titre">Titre</p><form class="jdr-lanceur"><label>Dés</label></form>'
        sortie = recherche.exclure_widgets(page)
        assert '<p class="jdr-exemple-titre">Titre</p>' in sortie
        assert f'<form {recherche.ATTRIBUT_EXCLU} class="jdr-lanceur">' in sortie


#: Le worker du site sous Node, avec le vrai worker de Material et lunr.fr : mise en place, puis
#: requêtes, comme la page les envoie ; rend les résultats (lieu et mots de chaque section).
NOEUD = r"""
const vm = require("vm"), fs = require("fs"), path = require("path"), { pathToFileURL, fileURLToPath } = require("url");
const [source, workers, entree, configuration] = process.argv.slice(1);
const cible = new EventTarget();
const recus = [];
const c = {
  console, URL, MessageEvent, TextEncoder, TextDecoder, setTimeout: () => 0,
  addEventListener: cible.addEventListener.bind(cible), dispatchEvent: cible.dispatchEvent.bind(cible),
  postMessage: (m) => recus.push(m),
  location: { href: pathToFileURL(path.join(workers, "recherche-worker.js")).href },
};
c.self = c;
// La configuration du site (assets/jdr/configuration.js dans le site) est celle que le test a écrite.
c.importScripts = (...adresses) => {
  for (const a of adresses) {
    const ici = `${a}`.endsWith("/jdr/configuration.js");
    const fichier = ici ? configuration : fileURLToPath(new URL(a, c.location.href));
    vm.runInContext(fs.readFileSync(fichier, "utf8"), c);
  }
};
vm.createContext(c);
vm.runInContext(fs.readFileSync(source, "utf8"), c);
const { index, requetes } = JSON.parse(fs.readFileSync(entree, "utf8"));
const envoyer = (data) => cible.dispatchEvent(new MessageEvent("message", { data }));
const resultats = () => recus.filter((m) => m.type === 3);
(async () => {
  envoyer({ type: 0, data: index });
  for (const q of requetes) envoyer({ type: 2, data: q });
  for (let i = 0; i < 100 && resultats().length < requetes.length; i++) await new Promise((r) => setImmediate(r));
  const reecrites = requetes.map((q) => c.reecrire(q).requete);
  console.log(JSON.stringify({
    prets: recus.filter((m) => m.type === 1).length, reecrites,
    resultats: resultats().map((m) => m.data.items.map((g) => g.map((d) => [d.location, d.terms]))),
  }));
})();
"""

#: Le même worker sous Node, ses minuteurs tenus par le test : mise en place, état (« prêt » reçus,
#: chargements du worker de Material, délais demandés), puis le minuteur du repos déclenché à la main,
#: une requête, et l'état d'après.
NOEUD_REPOS = (
    NOEUD.replace("setTimeout: () => 0,", "setTimeout: (f, ms) => minuteurs.push([f, ms]),")
    .replace("const recus = [];", "const recus = [], minuteurs = [], charges = [];")
    .replace("c.importScripts = (...adresses) => {",
             "c.importScripts = (...adresses) => {\n  charges.push(...adresses.map((a) => `${a}`.split('/').pop()));")
    .replace(NOEUD[NOEUD.index("(async () => {"):], r"""(async () => {
  const prets = () => recus.filter((m) => m.type === 1).length;
  envoyer({ type: 0, data: index });
  const avant = { prets: prets(), charges: [...charges], minuteurs: minuteurs.map(([, ms]) => ms) };
  minuteurs.shift()[0]();
  envoyer({ type: 2, data: "initiative" });
  for (let i = 0; i < 100 && resultats().length < 1; i++) await new Promise((r) => setImmediate(r));
  const lieux = resultats().map((m) => m.data.items.map((g) => g.map((d) => [d.location, d.terms])));
  console.log(JSON.stringify({ avant, apres: { charges, resultats: lieux } }));
})();
""")
)


#: Un petit index au format de Material : trois sections, de quoi tromper « l* » et « de* ».
PETIT_INDEX = {
    "config": {"lang": ["fr"], "separator": "[\\s\\-'’.,;:!?()\\[\\]«»\"/…–—]+", "pipeline": ["stopWordFilter"],
               "fields": {"title": {"boost": 1000}, "text": {"boost": 1}}},
    "docs": [
        {"location": "combat/", "title": "Le combat", "text": "<p>Qui a l'initiative agit en premier.</p>"},
        {"location": "jet/", "title": "Le jet", "text": "<p>Le dé ouvert se relance sur un 10, jusqu'à trois dés.</p>"},
        {"location": "lire/", "title": "Lire", "text": "<p>Lire de loin, Léa lit les coups d'éclat des autres.</p>"},
    ],
    "options": {"suggest": False},
}


@pytest.mark.node
class TestWorkerSousNode:
    """recherche-worker.js avec le vrai worker de Material et lunr.fr, sous Node (sans navigateur) :
    les élisions, les accents et les pluriels, à l'index comme à la requête."""

    @staticmethod
    def lancer(tmp_path: Path, requetes: list[str], script: str = NOEUD) -> dict[str, Any]:
        """Le worker sous Node (``script`` : NOEUD, ou NOEUD_REPOS), sur PETIT_INDEX ; rend ce qu'il imprime."""
        if shutil.which("node") is None:
            pytest.skip("Node.js absent")
        workers = Path(material.__file__).parent / "templates" / "assets" / "javascripts" / "workers"
        entree = tmp_path / "entree.json"
        entree.write_text(json.dumps({"index": PETIT_INDEX, "requetes": requetes}), encoding="utf-8")
        # La configuration que le site écrit pour le worker de Material du paquet installé.
        (materiel,) = workers.glob("search.*.min.js")
        configuration = tmp_path / "configuration.js"
        reglages = reglages_recherche(f"assets/javascripts/workers/{materiel.name}", DelaisConfig.recherche.default)
        configuration.write_text(texte_de_configuration({"recherche": reglages}), encoding="utf-8")
        sortie = subprocess.run(
            ["node", "-e", script, str(RACINE / "site_plugins/assets/recherche/recherche-worker.js"), str(workers),
             str(entree), str(configuration)], capture_output=True, text=True, check=True,
        )
        donnees: dict[str, Any] = json.loads(sortie.stdout)
        if script == NOEUD:
            assert donnees["prets"] == 1 and len(donnees["resultats"]) == len(requetes), sortie.stderr
        return donnees

    def test_index_construit_au_repos_apres_le_delai(self, tmp_path: Path) -> None:
        """Sans recherche, rien n'est chargé à la mise en place (« prêt » tout de suite) ; le worker de
        Material est chargé quand le minuteur du repos sonne (4 s, le défaut de delais.recherche), puis
        une requête trouve sa section. Les minuteurs sont ceux du test : aucune attente réelle."""
        donnees = self.lancer(tmp_path, [], NOEUD_REPOS)
        # Au départ, la configuration du site seulement (l'adresse du worker de Material et ce délai).
        assert donnees["avant"] == {"prets": 1, "charges": ["configuration.js"],
                                    "minuteurs": [DelaisConfig.recherche.default]}
        assert [f for f in donnees["apres"]["charges"] if re.fullmatch(r"search\.[0-9a-f]+\.min\.js", f)], donnees
        assert donnees["apres"]["resultats"] == [[[["combat/", {"initiative": True}]]]]

    def test_elisions_retirees(self, tmp_path: Path) -> None:
        formes = ["l", "d", "s", "qu", "n", "j", "c", "jusqu", "L", "QU"]
        requetes = ["initiative"] + [f"{f}{a}initiative" for f in formes for a in APOSTROPHES]
        donnees = self.lancer(tmp_path, requetes)
        assert set(donnees["reecrites"]) == {"initiative*^10"}
        seul, *autres = donnees["resultats"]
        assert seul == [[["combat/", {"initiative": True}]]]
        assert all(r == seul for r in autres)

    def test_accents_et_pluriels(self, tmp_path: Path) -> None:
        donnees = self.lancer(tmp_path, ["éclat", "eclats", "L'ÉCLAT", "de ouvert", "dés ouverts", "xylophone"])
        eclat, eclats, majuscules, de_ouvert, des_ouverts, rien = donnees["resultats"]
        # Le mot est trouvé dans le texte accentué, et le paramètre h le porte tel que le texte l'écrit.
        assert eclat == eclats == majuscules == [[["lire/", {"éclat": True}]]]
        # « de » tapé est le dé : l'article « de » n'est pas dans l'index, « dé » y est plié.
        assert [d[0] for d in de_ouvert[0]] == ["jet/"] and de_ouvert == des_ouverts
        assert de_ouvert[0][0][1]["ouvert"] is True
        assert rien == []

    def test_mots_vides_et_mots_courts(self, tmp_path: Path) -> None:
        donnees = self.lancer(tmp_path, ["l'", "le dé ", "jet de dés", "dé"])
        vide, le_de, _, de = donnees["reecrites"]
        assert vide == "" and donnees["resultats"][0] == []
        # Un mot court fini est cherché tel quel (singulier et pluriel), pas comme un préfixe ;
        # le dernier mot, que le lecteur tape peut-être encore, garde un préfixe de faible poids.
        assert le_de == "le^10 les^10 de^10 des^10"
        assert de == "de^10 des^10 de*^1"
        # « Non trouvé » ne cite jamais un mot vide (l'index ne les garde pas).
        for groupe in donnees["resultats"][1]:
            for _, termes in groupe:
                assert "le" not in termes
