"""Le cœur dans Pyodide (CPython 3.14) sous Node : mêmes exemples, mêmes jets."""

from __future__ import annotations

import ast
import doctest
import json
import re
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

from jdr_core import registre
from jdr_core.pont import typographier_reponse
from site_plugins.runtime import archive_sources, modules_de

from .conftest import RACINE
from .test_docs import EXEMPLES

LANCERS = [
    {"mecanique": nom, "parametres": {}, "graine": graine}
    for nom in sorted(registre.mecaniques())
    for graine in (0, 1, 2**53 - 1)
] + [{"mecanique": "3d6-test", "parametres": {"caracteristique": "2", "relances": "3", "avantages": "1"}, "graine": 77}]


pytestmark = [pytest.mark.node, pytest.mark.construction]


def _imports(source: str) -> set[str]:
    """Les modules qu'un code importe (``import a.b`` compte ``a`` et ``a.b``), relatifs exclus."""
    noms: set[str] = set()
    for noeud in ast.walk(ast.parse(source)):
        if isinstance(noeud, ast.Import):
            complets = [alias.name for alias in noeud.names]
        elif isinstance(noeud, ast.ImportFrom) and not noeud.level and noeud.module:
            complets = [noeud.module]
        else:
            continue
        for complet in complets:
            parties = complet.split(".")
            noms.update(".".join(parties[: i + 1]) for i in range(len(parties)))
    return noms


def _importes_par_le_coeur_et_les_exemples() -> set[str]:
    sources = [f.read_text(encoding="utf-8") for f in sorted((RACINE / "jdr_core").rglob("*.py"))]
    sources += [x.source for e in EXEMPLES for x in doctest.DocTestParser().get_examples(e.source)]
    return set().union(*map(_imports, sources)) - {"__future__"}


@pytest.fixture(scope="module")
def _deux_pythons(site_construit: Path, tmp_path_factory: pytest.TempPathFactory) -> dict[str, dict[str, Any]]:
    """Un processus Node, deux Python : démarré depuis l'archive (« normal »), puis restauré depuis l'instantané
    mémoire que le premier a pris (« instantane », la voie des visites suivantes dans le navigateur, voir
    jdr-worker.js) ; les mêmes vérifications dans chacun (tests/pyodide/executer.mjs)."""
    node = shutil.which("node")
    if node is None:
        pytest.fail("Node.js introuvable : il faut Node 20 ou plus récent")
    requete = tmp_path_factory.mktemp("pyodide") / "requete.json"
    requete.write_text(json.dumps({
        "exemples": [{"id": e.ident, "source": e.source} for e in EXEMPLES],
        "lancers": LANCERS,
        "modules": modules_de(archive_sources(["jdr_core"])),
        "importes": sorted(_importes_par_le_coeur_et_les_exemples()),
    }), encoding="utf-8")
    (runtime,) = site_construit.glob("pyodide/*/runtime-*.zip")
    sortie = subprocess.run(
        [node, str(RACINE / "tests/pyodide/executer.mjs"), str(runtime), str(requete)],
        cwd=RACINE, capture_output=True, text=True, timeout=300,
    )
    assert sortie.returncode == 0, sortie.stderr[-3000:]
    resultats: dict[str, dict[str, Any]] = json.loads(sortie.stdout)
    return resultats


@pytest.fixture(params=["normal", "instantane"])
def pyodide(request: pytest.FixtureRequest, _deux_pythons: dict[str, dict[str, Any]]) -> dict[str, Any]:
    """Les résultats d'un des deux démarrages."""
    resultat = _deux_pythons[request.param]
    # Restauré, le Python arrive préchauffé (la preuve que l'instantané a bien servi) ; démarré depuis
    # l'archive, il n'avait rien importé d'avance.
    assert resultat["restaure"] is (request.param == "instantane")
    return resultat


def test_version_de_pyodide(pyodide: dict[str, Any]) -> None:
    assert pyodide["version"].startswith("3.14")


def test_coeur_charge_depuis_l_archive_precompilee(pyodide: dict[str, Any]) -> None:
    assert pyodide["origine"].startswith("/lib/python314.zip/jdr_core/__init__.pyc")


def test_exemples_des_pages(pyodide: dict[str, Any]) -> None:
    echecs = {e["id"]: e for e in pyodide["exemples"] if not e.get("ok")}
    assert len(pyodide["exemples"]) == len(EXEMPLES)
    assert not echecs, json.dumps(echecs, ensure_ascii=False, indent=1)[:3000]


def test_doctests_des_modules(pyodide: dict[str, Any]) -> None:
    assert pyodide["modules"], "aucun module trouvé"
    assert sum(total for _, total in pyodide["modules"].values()) > 20
    assert {nom: r for nom, r in pyodide["modules"].items() if r[0]} == {}


def test_memes_jets_que_cpython(pyodide: dict[str, Any]) -> None:
    """Une graine rejoue le même jet dans Pyodide et dans CPython (liens « rejouer »)."""
    for lancer, obtenu in zip(LANCERS, pyodide["lancers"], strict=True):
        attendu = registre.executer(lancer["mecanique"], lancer["parametres"], lancer["graine"])
        # Le pont rend les phrases avec la typographie française (espaces insécables).
        assert obtenu == json.loads(json.dumps(typographier_reponse(attendu))), lancer


def test_exploration_sans_exception(pyodide: dict[str, Any]) -> None:
    """Entrées au hasard dans le runtime réduit : toujours une réponse, jamais d'exception."""
    assert pyodide["exploration"]["erreurs"] == []
    assert pyodide["exploration"]["reponses"] >= 1000


def test_traces_a_travers_l_archive(pyodide: dict[str, Any]) -> None:
    """L'archive réduit les tables de positions de la stdlib et de jdr_core (runtime.mjs, sans_lignes :
    options lignes_stdlib et lignes_coeur, fausses par défaut) ; une trace d'erreur qui les traverse se
    formate encore, avec la ligne du « def » de chaque fonction (une table vide faisait lever le module
    traceback lui-même)."""
    traces = pyodide["traces"]
    assert traces["lignes_de_traiter"] == 1, "jdr_core garde ses tables de positions complètes"
    assert re.search(r'json/decoder\.py", line \d+, in raw_decode', traces["stdlib"]), traces["stdlib"]
    assert traces["stdlib"].rstrip().splitlines()[-1].startswith("json.decoder.JSONDecodeError")
    assert re.search(r'jdr_core/registre\.py", line \d+, in mecanique', traces["coeur"]), traces["coeur"]
    assert "lanceur inconnu" in traces["coeur"].rstrip().splitlines()[-1]



def test_tout_ce_que_le_coeur_et_les_exemples_importent_est_dans_l_archive(pyodide: dict[str, Any]) -> None:
    """L'archive d'exécution ne garde de la bibliothèque standard que ce qui sert (runtime.mjs) : chaque
    module qu'importe un fichier de jdr_core ou un exemple des pages (lus sous CPython, imports faits dans
    une fonction compris) s'importe dans ce Python, qui n'a qu'elle."""
    assert pyodide["importes"]["manquants"] == []
    assert pyodide["importes"]["essayes"] > 40, pyodide["importes"]
