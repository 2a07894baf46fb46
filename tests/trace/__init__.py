"""Les données de la trace règle par règle : les noms du jeu et les règles de chaque texte source.

Ce sont des tables, rangées comme telles, une ligne par entrée, colonnes séparées par des
tabulations (un tableur les ouvre et les trie) :

* ``regles_<systeme>.tsv`` : ligne de la source, identifiant court de la règle, « page.md#ancre »
  qui l'énonce, preuve qui l'exerce, note. Une preuve est un test (« tests/fichier.py::Classe::test »)
  ou un exemple d'une page (« docs/systeme/page.md::identifiant ») ; une case vide dit honnêtement
  ce qui manque. La note, quand elle existe, dit ce que la relecture de l'issue 37 a trouvé (nom
  renommé, règle manquante, contredite ou reformulée) et ce qui a changé.
* ``termes_<systeme>.tsv`` : ligne de la source, sorte de nom, nom tel qu'écrit par la source. Un
  nom est un fait : le site le garde tel que la source l'écrit (accents rétablis permis,
  « Evident » → « Évident »), sur les pages de son système, tables du cœur comprises.

Lues par ``tests/test_trace.py`` ; le bilan (règles, énoncées, exercées par source) s'imprime en
fin de session quand ce test a tourné (``pytest_terminal_summary`` de ``tests/conftest.py``)."""

from __future__ import annotations

import ast
import csv
from dataclasses import dataclass
from functools import cache
from pathlib import Path

RACINE = Path(__file__).resolve().parents[2]
#: Les systèmes, dans l'ordre de leurs sources (000, 002, 003, 004).
SYSTEMES = ("troisd6", "encore", "deuxd6", "d10")
#: Fichier source de chaque système (dans ../shared/seeds).
SOURCES = {
    "troisd6": "000_066cc0b35476fd36.txt",
    "encore": "002_a49b8b4d8f698bc5.txt",
    "deuxd6": "003_3acb80e975cfd387.txt",
    "d10": "004_acb040dadeff05ec.txt",
}
DOSSIER = Path(__file__).resolve().parent


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


def _table(nom: str, colonnes: tuple[str, ...]) -> list[dict[str, str]]:
    """Les lignes de ``tests/trace/<nom>.tsv`` ; son en-tête doit être ``colonnes``, chaque ligne en avoir
    autant (une tabulation perdue ou en trop décale une colonne : refusé)."""
    with (DOSSIER / f"{nom}.tsv").open(encoding="utf-8", newline="") as f:
        lignes = list(csv.reader(f, delimiter="\t"))
    if tuple(lignes[0]) != colonnes:
        raise ValueError(f"{nom}.tsv : en-tête {lignes[0]}, attendu {list(colonnes)}")
    for numero, ligne in enumerate(lignes[1:], start=2):
        if len(ligne) != len(colonnes):
            raise ValueError(f"{nom}.tsv, ligne {numero} : {len(ligne)} colonnes au lieu de {len(colonnes)}")
    return [dict(zip(colonnes, ligne, strict=True)) for ligne in lignes[1:]]


@cache
def regles(systeme: str) -> tuple[Regle, ...]:
    """La trace d'un système, lue dans ``tests/trace/regles_<systeme>.tsv``."""
    return tuple(Regle(int(r["ligne"]), r["regle"], r["ancre"] or None, r["preuve"] or None, r["note"])
                 for r in _table(f"regles_{systeme}", ("ligne", "regle", "ancre", "preuve", "note")))


@cache
def termes(systeme: str) -> tuple[tuple[int, str, str], ...]:
    """Les noms du jeu d'un système (ligne de la source, sorte, nom), lus dans ``termes_<systeme>.tsv``."""
    lignes = _table(f"termes_{systeme}", ("ligne", "sorte", "nom"))
    return tuple((int(t["ligne"]), t["sorte"], t["nom"]) for t in lignes)


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
    lignes = []
    for systeme in SYSTEMES:
        trace = regles(systeme)
        enoncees = sum(r.ancre is not None for r in trace)
        exercees = sum(r.preuve is not None for r in trace)
        corrigees = sum(bool(r.note) for r in trace)
        lignes.append(f"{SOURCES[systeme][:3]} {systeme:8} : {len(trace)} règles, {enoncees} énoncées, "
                      f"{exercees} exercées ({corrigees} corrigées par l'issue 37) ; "
                      f"{len(termes(systeme))} noms du jeu")
    return lignes
