"""Les fonctions pures du journal des jets (site_plugins/assets/table/journal/entrees.js), exécutées par Node :
la borne (les plus anciens partent, comptés), la relecture d'un journal abîmé, les textes."""

from __future__ import annotations

import json
import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

JOURNAL_JS = Path(__file__).resolve().parent.parent / "site_plugins" / "assets" / "table" / "journal" / "entrees.js"

# Un petit serveur Node : une ligne JSON {fn, args} en entrée, une ligne JSON en sortie.
# « remplir » ajoute n jets numérotés à un journal vide (le chemin du widget, sans le navigateur).
SERVEUR_NODE = """
import readline from "node:readline";
const j = await import(process.argv[1]);
const rl = readline.createInterface({ input: process.stdin });
const appels = {
  ...j,
  // Vrai si ajouter() a laissé intact le journal reçu.
  intact(journal, entree) {
    const avant = JSON.stringify(journal);
    j.ajouter(journal, entree, 1);
    return JSON.stringify(journal) === avant;
  },
  remplir(n, limite) {
    let journal = j.vide();
    for (let i = 0; i < n; i++) {
      journal = j.ajouter(journal, j.normaliser({ titre: `jet ${i}`, issue: `issue ${i}` }, new Date(0)), limite);
    }
    return journal;
  },
};
for await (const ligne of rl) {
  const { fn, args } = JSON.parse(ligne);
  let sortie;
  try {
    const valeurs = args.map((a) => (a && typeof a === "object" && "__date" in a ? new Date(a.__date) : a));
    const resultat = appels[fn](...valeurs);
    sortie = { ok: resultat === undefined ? null : resultat };
  } catch (e) {
    sortie = { erreur: e.message, classe: e.constructor.name };
  }
  process.stdout.write(JSON.stringify(sortie) + "\\n");
}
"""


class Node:
    def __init__(self) -> None:
        node = shutil.which("node")
        if node is None:
            pytest.fail("node introuvable : il fait tourner les fonctions pures du journal")
        self.processus = subprocess.Popen(
            [node, "--no-warnings", "--input-type=module", "-e", SERVEUR_NODE, JOURNAL_JS.as_uri()],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, encoding="utf-8",
        )

    def appel(self, fn: str, *args: Any) -> dict[str, Any]:
        assert self.processus.stdin and self.processus.stdout
        self.processus.stdin.write(json.dumps({"fn": fn, "args": list(args)}) + "\n")
        self.processus.stdin.flush()
        ligne = self.processus.stdout.readline()
        assert ligne, "Node s'est arrêté"
        return json.loads(ligne)  # type: ignore[no-any-return]

    def ok(self, fn: str, *args: Any) -> Any:
        reponse = self.appel(fn, *args)
        assert "ok" in reponse, reponse
        return reponse["ok"]

    def fermer(self) -> None:
        assert self.processus.stdin
        self.processus.stdin.close()
        self.processus.wait(timeout=10)


pytestmark = pytest.mark.node


@pytest.fixture(scope="module")
def node() -> Iterator[Node]:
    n = Node()
    yield n
    n.fermer()


def _entree(i: int) -> dict[str, Any]:
    return {"temps": "2026-11-29T21:00:00.000Z", "source": "lanceur", "systeme": "3D6 à succès", "page": "Le test",
            "titre": f"Lanceur : jet {i}", "reglages": [["Caractéristique", "3"]], "des": "2, 5, 6",
            "issue": f"Issue {i}.", "lien": f"http://127.0.0.1/troisd6/test/?graine={i}", "graine": str(i)}


class TestBorne:
    """Le journal garde les derniers jets, et compte ceux qu'il a retirés."""

    @given(n=st.integers(0, 450), limite=st.integers(1, 250))
    def test_les_plus_anciens_partent_et_sont_comptes(self, node: Node, n: int, limite: int) -> None:
        journal = node.ok("remplir", n, limite)
        assert len(journal["entrees"]) == min(n, limite)
        assert journal["ecartees"] == max(0, n - limite)
        gardes = [e["titre"] for e in journal["entrees"]]
        assert gardes == [f"jet {i}" for i in range(max(0, n - limite), n)]

    def test_limite_par_defaut_200(self, node: Node) -> None:
        journal = node.ok("ajouter", node.ok("remplir", 205, 200), _entree(1))
        assert len(journal["entrees"]) == 200 and journal["ecartees"] == 6
        assert node.ok("resume", journal) == ("200 jets enregistrés. Le journal garde les 200 derniers : "
                                              "6 jets plus anciens ont été retirés.")

    def test_ajouter_ne_modifie_pas_le_journal_recu(self, node: Node) -> None:
        assert node.ok("intact", node.ok("remplir", 3, 3), _entree(9)) is True
        apres = node.ok("ajouter", node.ok("remplir", 3, 3), _entree(9), 3)
        assert [e["titre"] for e in apres["entrees"]] == ["jet 1", "jet 2", "Lanceur : jet 9"]


class TestLecture:
    """Relire le stockage : un journal valide revient à l'identique, un journal abîmé est signalé en français."""

    @given(n=st.integers(0, 30), ecartees=st.integers(0, 10_000))
    def test_aller_retour(self, node: Node, n: int, ecartees: int) -> None:
        journal = {"version": 1, "ecartees": ecartees, "entrees": [_entree(i) for i in range(n)]}
        # Une entrée d'avant la situation (celles-ci) se relit, sa situation vide.
        attendu = {**journal, "entrees": [{**e, "situation": ""} for e in journal["entrees"]]}
        assert node.ok("lire", json.dumps(journal)) == attendu
        assert node.ok("lire", json.dumps(attendu)) == attendu

    @pytest.mark.parametrize(("brut", "raison"), [
        ("{pas du json", "ce n'est pas du JSON valide"),
        ("[1, 2]", "un objet était attendu"),
        ('{"version": 7, "ecartees": 0, "entrees": []}', "version 7 inconnue"),
        ('{"version": 1, "ecartees": 0}', "la liste des jets manque"),
        ('{"version": 1, "ecartees": -2, "entrees": []}', "le nombre de jets retirés est illisible"),
        ('{"version": 1, "ecartees": 0, "entrees": [{"temps": "hier", "issue": "x"}]}', "le jet n° 1 est illisible"),
    ])
    def test_journal_abime(self, node: Node, brut: str, raison: str) -> None:
        assert node.appel("lire", brut) == {"erreur": raison, "classe": "JournalIllisible"}

    @given(st.one_of(st.text(max_size=200), st.recursive(
        st.none() | st.booleans() | st.integers() | st.text(max_size=10),
        lambda enfants: st.lists(enfants, max_size=4) | st.dictionaries(
            st.sampled_from(["version", "ecartees", "entrees", "temps", "issue", "des"]), enfants, max_size=4),
        max_leaves=12).map(json.dumps)))
    def test_rien_d_autre_qu_une_erreur_en_francais(self, node: Node, brut: str) -> None:
        reponse = node.appel("lire", brut)
        assert "ok" in reponse or reponse["classe"] == "JournalIllisible", reponse

    def test_absent_donne_un_journal_vide(self, node: Node) -> None:
        assert node.ok("lire", None) == {"version": 1, "ecartees": 0, "entrees": []}


class TestTextes:
    """Ce que le lecteur lit et emporte : résumé accordé, texte copié, JSON exporté, liens sûrs."""

    def test_resume_accorde(self, node: Node) -> None:
        assert node.ok("resume", node.ok("remplir", 1, 200)) == "1 jet enregistré."
        assert node.ok("resume", node.ok("remplir", 2, 200)) == "2 jets enregistrés."
        un_retire = node.ok("resume", {"version": 1, "ecartees": 1, "entrees": [_entree(1)]})
        assert "1 jet plus ancien a été retiré." in un_retire and "(s)" not in un_retire
        assert node.ok("resume", node.ok("remplir", 0, 200)).startswith("Aucun jet enregistré")

    def test_des_en_groupes_et_des_caches(self, node: Node) -> None:
        un_groupe = [{"titre": "Dés", "des": [{"face": 2, "role": "succes"}, {"face": 6, "role": "cache"}]}]
        assert node.ok("desEnTexte", un_groupe) == "2, ?"
        deux = [*un_groupe, {"titre": "Dé de relance", "des": [{"face": 4, "role": "ecarte"}]}]
        assert node.ok("desEnTexte", deux) == "Dés : 2, ? ; Dé de relance : 4"

    def test_normaliser_borne_chaque_texte(self, node: Node) -> None:
        entree = node.ok("normaliser", {"titre": "t" * 5000, "issue": "i" * 9000, "des": "1, " * 900,
                                        "reglages": [["a", "b"]] * 100}, {"__date": "2026-11-29T21:00:00Z"})
        assert len(entree["titre"]) == 200 and len(entree["issue"]) == 2000 and len(entree["des"]) == 600
        assert len(entree["reglages"]) == 24 and entree["temps"] == "2026-11-29T21:00:00.000Z"

    def test_texte_copie(self, node: Node) -> None:
        texte = node.ok("enTexte", {"version": 1, "ecartees": 0, "entrees": [_entree(1), _entree(2)]})
        assert texte.startswith("Journal des jets (Règles vivantes) : 2 jets enregistrés.")
        assert "3D6 à succès · Lanceur : jet 1" in texte and "Réglages : Caractéristique : 3" in texte
        assert "Dés : 2, 5, 6" in texte and "Rejouer : http://127.0.0.1/troisd6/test/?graine=2" in texte

    def test_situation_et_reglages(self, node: Node) -> None:
        """La situation vient du cœur ; une case cochée est une phrase, dite sans « oui »."""
        entree = {**_entree(1), "situation": "Caractéristique 3, 3D6 contre 2 succès demandés",
                  "reglages": [["Avantages", "1"], ["Le personnage a une compétence proche", ""]]}
        texte = node.ok("entreeEnTexte", node.ok("normaliser", entree, {"__date": "2026-11-29T21:00:00Z"}))
        assert "\n  Caractéristique 3, 3D6 contre 2 succès demandés\n" in texte
        assert "  Réglages : Avantages : 1 ; Le personnage a une compétence proche\n" in texte
        # Une entrée d'avant la situation se relit (sans situation).
        assert node.ok("normaliser", _entree(2), {"__date": "2026-11-29T21:00:00Z"})["situation"] == ""

    def test_json_exporte(self, node: Node) -> None:
        journal = {"version": 1, "ecartees": 4, "entrees": [_entree(1)]}
        exporte = json.loads(node.ok("enJson", journal, {"__date": "2026-11-29T22:00:00Z"}))
        assert exporte["entrees"] == journal["entrees"] and exporte["ecartees"] == 4
        assert exporte["exporte"] == "2026-11-29T22:00:00.000Z"

    @pytest.mark.parametrize(("lien", "garde"), [
        ("http://127.0.0.1:8000/troisd6/test/?graine=1", True),
        ("https://exemple.fr/", True),
        ("javascript:alert(1)", False),
        ("data:text/html,x", False),
        ("", False),
    ])
    def test_seuls_les_liens_web_sont_cliquables(self, node: Node, lien: str, garde: bool) -> None:
        assert node.ok("lienSur", lien) == (lien if garde else "")


#: Les dés d'un jet caché une fois révélés, comme lanceur.js les envoie au journal.
REVELE = [{"titre": "2D6", "des": [{"face": 2, "role": "somme"}, {"face": 6, "role": "revele"}]}]


class TestRevision:
    """Un jet revu (dés cachés révélés) réécrit sa propre entrée, retrouvée par son lien de rejeu."""

    def test_la_plus_recente_au_meme_lien_seule_change(self, node: Node) -> None:
        cache = {**_entree(2), "des": "2, ?", "issue": "Le MJ garde le dé caché."}
        journal = {"version": 1, "ecartees": 3, "entrees": [_entree(1), cache, _entree(3)]}
        revu = node.ok("reviserEntree", journal, cache["lien"], {"des": REVELE, "issue": "8 contre 7 : réussite."})
        assert revu["entrees"][1] == {**cache, "des": "2, 6", "issue": "8 contre 7 : réussite."}
        assert revu["entrees"][0] == _entree(1) and revu["entrees"][2] == _entree(3) and revu["ecartees"] == 3
        assert journal["entrees"][1]["des"] == "2, ?"

    def test_meme_lien_deux_fois_la_derniere(self, node: Node) -> None:
        a, b = _entree(1), {**_entree(1), "temps": "2026-11-29T22:00:00.000Z"}
        revu = node.ok("reviserEntree", {"version": 1, "ecartees": 0, "entrees": [a, b]}, a["lien"], {"issue": "Revu."})
        assert [e["issue"] for e in revu["entrees"]] == ["Issue 1.", "Revu."]
        assert revu["entrees"][1]["des"] == "2, 5, 6"  # sans dés donnés, les dés restent

    @pytest.mark.parametrize("lien", ["", "http://127.0.0.1/troisd6/test/?graine=99"])
    def test_lien_inconnu_rien_a_reviser(self, node: Node, lien: str) -> None:
        journal = {"version": 1, "ecartees": 0, "entrees": [{**_entree(1), "lien": ""}]}
        assert node.ok("reviserEntree", journal, lien, {"issue": "Revu."}) is None

    def test_issue_revue_bornee(self, node: Node) -> None:
        journal = {"version": 1, "ecartees": 0, "entrees": [_entree(1)]}
        revu = node.ok("reviserEntree", journal, _entree(1)["lien"], {"issue": "x" * 9000})
        assert len(revu["entrees"][0]["issue"]) == 2000
