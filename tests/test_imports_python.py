"""Les modules Python du cœur et du greffon ne s'importent pas en cercle (issue 38).

Le graphe est lu dans les sources (ast) : chaque ``import`` et ``from … import``, au niveau du
module comme dans une fonction (un import retardé reste une dépendance), sauf sous
``if TYPE_CHECKING:`` (les annotations seules). Le même lecteur de cycles que celui des scripts
(tests/test_pieces_js.py)."""

from __future__ import annotations

import ast
from pathlib import Path

from .test_pieces_js import cycles

RACINE = Path(__file__).resolve().parent.parent
PAQUETS = ("jdr_core", "site_plugins")


def _modules() -> dict[str, Path]:
    """Chaque module des paquets, par son nom pointé (« jdr_core.troisd6.test »)."""
    trouves = {}
    for paquet in PAQUETS:
        for fichier in (RACINE / paquet).rglob("*.py"):
            parties = fichier.relative_to(RACINE).with_suffix("").parts
            trouves[".".join(parties[:-1] if parties[-1] == "__init__" else parties)] = fichier
    return trouves


MODULES = _modules()


def imports(nom: str) -> set[str]:
    """Les modules des paquets que ``nom`` importe."""
    fichier = MODULES[nom]
    paquet = nom if fichier.name == "__init__.py" else nom.rpartition(".")[0]
    trouves: set[str] = set()

    def lire(noeud: ast.AST) -> None:
        for fils in ast.iter_child_nodes(noeud):
            if isinstance(fils, ast.If) and "TYPE_CHECKING" in ast.unparse(fils.test):
                continue
            if isinstance(fils, ast.ImportFrom):
                base = fils.module or ""
                if fils.level:
                    parties = paquet.split(".")
                    base = ".".join(parties[:len(parties) - fils.level + 1] + ([base] if base else []))
                for alias in fils.names:
                    # « from paquet import module » importe le module ; « from module import nom », le module.
                    cible = f"{base}.{alias.name}"
                    if cible in MODULES:
                        trouves.add(cible)
                    elif base in MODULES:
                        trouves.add(base)
            elif isinstance(fils, ast.Import):
                trouves.update(alias.name for alias in fils.names if alias.name in MODULES)
            lire(fils)

    lire(ast.parse(fichier.read_text(encoding="utf-8")))
    trouves.discard(nom)
    return trouves


def test_les_modules_sont_lus() -> None:
    assert {"jdr_core.pont", "jdr_core.troisd6.test", "site_plugins.plugin", "site_plugins.etapes"} <= set(MODULES)
    assert "jdr_core.registre" in imports("jdr_core.pont")
    assert "jdr_core.mecanique" in imports("jdr_core.troisd6.lanceurs")


def test_aucun_cycle() -> None:
    assert cycles({nom: imports(nom) for nom in MODULES}) == []


def test_un_cycle_serait_vu() -> None:
    """Le lecteur voit un cycle quand il y en a un (deux modules, ou trois en boucle)."""
    assert cycles({"a": {"b"}, "b": {"a"}, "c": set()}) != []
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}}) != []
