"""La recherche en français : les mots tapés par un lecteur trouvent leur page, le code non.

Ici, l'index publié, relu pour vérifier ce qu'il contient, le module et le worker de recherche
sous Node ; les requêtes dans la vraie boîte de recherche de Material, dans Chromium, sur le site
construit : tests/navigateur/test_recherche.py.
"""

from __future__ import annotations

import doctest
import json
import re
import shutil
import subprocess
from pathlib import Path
from typing import Any

import material
import pytest

from site_plugins import recherche
from site_plugins.configuration import texte as texte_de_configuration
from site_plugins.etapes import reglages_recherche
from site_plugins.plugin import DelaisConfig

from .conftest import DELAIS_ESSAI, RACINE

APOSTROPHES = ("'", "’")

#: Libellés de widgets et fragments de code qui n'ont rien à faire dans l'index.
HORS_INDEX = [
    "Lancer les dés", "Réglages avancés", "Chances exactes avant de lancer", "&gt;&gt;&gt;",
    "print(", "Comparer : figer ce réglage", "Lancer cette situation",
]


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

    def test_delai_du_repos_pris_dans_la_configuration(self, site_construit: Path) -> None:
        """Le délai au bout duquel l'index se construit sans recherche est celui de l'option
        delais.recherche (celui du site des tests ici ; 4 s par défaut, voir TestWorkerSousNode)."""
        texte = (site_construit / "assets" / "jdr" / "configuration.js").read_text(encoding="utf-8")
        # Réduit par esbuild : « attenteMs:6e5 ».
        delai = re.search(r"\battenteMs:([0-9.e+]+)", texte)
        assert delai and float(delai[1]) == DELAIS_ESSAI["recherche"]


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
