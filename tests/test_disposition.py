"""La disposition des tests, pour qu'un nouveau venu s'y retrouve (issue 38, point 5) : chaque module du
cœur, ``jdr_core/<x>.py`` ou ``jdr_core/<système>/<m>.py`` (hors ``__init__.py``), a un fichier de tests
nommé comme lui, ``tests/test_<x>.py`` ou ``tests/test_<système>_<m>.py``, qui importe ce module.

Un fichier ``tests/test_<système>_<sujet>.py`` dont le sujet n'est aucun module traverse plusieurs
modules du système : il est déclaré ci-dessous, avec ce qu'il couvre, et sa docstring le dit."""

from __future__ import annotations

import ast
from pathlib import Path

RACINE = Path(__file__).resolve().parent.parent
TESTS = RACINE / "tests"

#: Les fichiers d'un système qui ne sont nommés comme aucun module : ce qu'ils couvrent, à travers lui.
TRANSVERSAUX = {
    "test_troisd6_exemples.py": "les valeurs derrière les exemples des pages du 3D6, page par page",
    "test_deuxd6_scenes.py": "les phrases des scènes du 2D6 (opposition, scene, tache), lues de la même façon",
    "test_deuxd6_erreurs.py": "chaque fonction du 2D6 refuse ses entrées hors bornes avant le moindre dé",
    "test_encore_francais.py": "chaque erreur qu'un joueur peut provoquer dans enCORE, dite en français",
}


def modules_du_coeur(racine: Path = RACINE) -> dict[str, str]:
    """Chaque module du cœur (nom pointé) et le nom du fichier de tests qui lui revient."""
    attendus = {}
    for fichier in sorted((racine / "jdr_core").rglob("*.py")):
        parties = fichier.relative_to(racine / "jdr_core").with_suffix("").parts
        if parties[-1] != "__init__":
            attendus[".".join(("jdr_core", *parties))] = f"test_{'_'.join(parties)}.py"
    return attendus


def importes(fichier: Path) -> set[str]:
    """Les modules de jdr_core qu'un fichier importe (``from jdr_core.a import b`` compte pour
    ``jdr_core.a`` et ``jdr_core.a.b``)."""
    trouves: set[str] = set()
    for noeud in ast.walk(ast.parse(fichier.read_text(encoding="utf-8"))):
        if isinstance(noeud, ast.Import):
            trouves.update(alias.name for alias in noeud.names)
        elif isinstance(noeud, ast.ImportFrom) and noeud.module and not noeud.level:
            trouves.add(noeud.module)
            trouves.update(f"{noeud.module}.{alias.name}" for alias in noeud.names)
    return trouves


def ecarts(racine: Path = RACINE) -> list[str]:
    """Ce qui manque à la disposition, une ligne par défaut ; vide quand tout y est."""
    vus = []
    for module, nom in modules_du_coeur(racine).items():
        fichier = racine / "tests" / nom
        if not fichier.exists():
            vus.append(f"{module} : pas de tests/{nom}")
        elif module not in importes(fichier):
            vus.append(f"tests/{nom} n'importe pas {module}")
    return vus


def test_chaque_module_du_coeur_a_son_fichier_de_tests() -> None:
    assert len(modules_du_coeur()) > 40
    assert ecarts() == []


def test_un_fichier_de_systeme_nomme_comme_aucun_module_est_declare() -> None:
    systemes = {p.name for p in (RACINE / "jdr_core").iterdir() if (p / "systeme.py").exists()}
    fichiers = set(modules_du_coeur().values())
    orphelins = sorted(f.name for f in TESTS.glob("test_*.py")
                       if f.name.split("_")[1] in systemes and f.name not in fichiers)
    assert orphelins == sorted(TRANSVERSAUX)
    for nom in TRANSVERSAUX:
        assert ast.get_docstring(ast.parse((TESTS / nom).read_text(encoding="utf-8"))), nom


def test_un_module_sans_tests_serait_vu(tmp_path: Path) -> None:
    """Sur un petit arbre : un module sans fichier, puis un fichier qui n'importe pas son module."""
    (tmp_path / "jdr_core" / "brume").mkdir(parents=True)
    (tmp_path / "tests").mkdir()
    for chemin in ("jdr_core/__init__.py", "jdr_core/des.py", "jdr_core/brume/__init__.py", "jdr_core/brume/jet.py"):
        (tmp_path / chemin).write_text("", encoding="utf-8")
    (tmp_path / "tests" / "test_des.py").write_text("from jdr_core.des import DesScriptes\n", encoding="utf-8")
    assert ecarts(tmp_path) == ["jdr_core.brume.jet : pas de tests/test_brume_jet.py"]
    (tmp_path / "tests" / "test_brume_jet.py").write_text("from jdr_core.des import DesScriptes\n", encoding="utf-8")
    assert ecarts(tmp_path) == ["tests/test_brume_jet.py n'importe pas jdr_core.brume.jet"]
    (tmp_path / "tests" / "test_brume_jet.py").write_text("from jdr_core.brume import jet\n", encoding="utf-8")
    assert ecarts(tmp_path) == []
