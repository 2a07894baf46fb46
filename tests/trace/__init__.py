"""Les données de la trace règle par règle : les noms du jeu et les règles de chaque texte source.

Lues par ``tests/test_trace.py`` ; le bilan (règles, énoncées, exercées par source) s'imprime en
fin de session quand ce test a tourné (``pytest_terminal_summary`` de ``tests/conftest.py``)."""

from __future__ import annotations

import ast
import importlib
from dataclasses import dataclass
from functools import cache
from pathlib import Path

RACINE = Path(__file__).resolve().parents[2]
#: Les systèmes, dans l'ordre de leurs sources (000, 002, 003, 004).
SYSTEMES = ("troisd6", "encore", "deuxd6", "d10")


@dataclass(frozen=True)
class Regle:
    """Une règle d'une source : sa ligne, son identifiant, où la page l'énonce, ce qui l'exerce."""

    ligne: int
    ident: str
    ancre: str | None
    preuve: str | None
    #: Ce que la relecture de l'issue 37 a trouvé (nom renommé, règle manquante, contredite ou
    #: reformulée) et ce qui a été fait ; vide quand la page disait déjà ce que dit la source.
    note: str = ""


def regles(systeme: str) -> tuple[Regle, ...]:
    """La trace d'un système, lue dans ``tests/trace/regles_<systeme>.py``."""
    module = importlib.import_module(f"tests.trace.regles_{systeme}")
    return tuple(Regle(*r) for r in module.REGLES)


@cache
def _definitions(fichier: str) -> frozenset[str]:
    """« Classe.fonction » et « fonction » de chaque définition d'un fichier Python."""
    arbre = ast.parse((RACINE / fichier).read_text(encoding="utf-8"))
    noms: set[str] = set()
    for noeud in arbre.body:
        if isinstance(noeud, (ast.FunctionDef, ast.ClassDef)):
            noms.add(noeud.name)
        if isinstance(noeud, ast.ClassDef):
            noms.update(f"{noeud.name}::{f.name}" for f in noeud.body if isinstance(f, ast.FunctionDef))
    return frozenset(noms)


def preuve_existe(preuve: str) -> bool:
    """Le test (« tests/f.py::Classe::test ») ou l'exemple (« docs/s/page.md::id ») existe."""
    from tests.trace.ancres import exemples

    fichier, _, nom = preuve.partition("::")
    if fichier.startswith("docs/") and fichier.endswith(".md"):
        return (RACINE / fichier).exists() and nom in exemples(fichier.removeprefix("docs/"))
    return fichier.endswith(".py") and (RACINE / fichier).exists() and nom in _definitions(fichier)


def bilan() -> list[str]:
    """Une ligne par source : règles tracées, énoncées par une page, exercées par un test."""
    from tests.trace.termes import SOURCES, TERMES

    lignes = []
    for systeme in SYSTEMES:
        trace = regles(systeme)
        enoncees = sum(r.ancre is not None for r in trace)
        exercees = sum(r.preuve is not None for r in trace)
        corrigees = sum(bool(r.note) for r in trace)
        lignes.append(f"{SOURCES[systeme][:3]} {systeme:8} : {len(trace)} règles, {enoncees} énoncées, "
                      f"{exercees} exercées ({corrigees} corrigées par l'issue 37) ; "
                      f"{len(TERMES[systeme])} noms du jeu")
    return lignes
