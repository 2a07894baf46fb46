"""Trouver les exemples (blocs ``exemple``) dans le Markdown.

Une seule lecture sert trois usages : la construction du site, pytest sous CPython
et le lanceur de doctests dans Pyodide sous Node.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

_OUVERTURE = re.compile(r"^(?P<indent>[ \t]*)(?P<fence>`{3,}|~{3,})exemple\b(?P<options>.*)$")
#: Tout autre bloc clôturé : ce qu'il contient est du texte montré, pas un exemple (un guide qui
#: montre la source d'un bloc exemple la met dans un bloc ````markdown, que superfences ne rend pas).
_AUTRE_BLOC = re.compile(r"^[ \t]*(?P<fence>`{3,}|~{3,})")
_ID = re.compile(r'\bid\s*=\s*"(?P<id>[^"]*)"')
ID_VALIDE = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")


@dataclass(frozen=True)
class Exemple:
    ident: str
    source: str
    fichier: str
    ligne: int


class ExempleInvalide(ValueError):
    """Un bloc exemple mal formé (identifiant absent, bloc non fermé…)."""


def extraire(texte: str, fichier: str = "<markdown>") -> list[Exemple]:
    r"""Les blocs ``exemple`` d'un texte Markdown, avec leur identifiant et leur ligne ; ceux qu'un autre
    bloc contient (une source montrée) n'en sont pas.

    >>> [e.ident for e in extraire('````markdown\n```exemple id="montre"\n>>> 1\n1\n```\n````\n'
    ...                            '```exemple id="vrai"\n>>> 1\n1\n```\n')]
    ['vrai']
    """
    lignes = texte.splitlines()
    exemples: list[Exemple] = []
    i = 0
    while i < len(lignes):
        m = _OUVERTURE.match(lignes[i])
        if not m:
            autre = _AUTRE_BLOC.match(lignes[i])
            i += 1
            if autre:  # jusqu'à sa clôture : même caractère, au moins aussi longue, rien d'autre
                fence = autre.group("fence")
                while i < len(lignes) and not _ferme(lignes[i], fence):
                    i += 1
                i += 1
            continue
        debut = i
        indent, fence = m.group("indent"), m.group("fence")
        mid = _ID.search(m.group("options"))
        if not mid or not ID_VALIDE.match(mid.group("id")):
            raise ExempleInvalide(f"{fichier}:{i + 1} : bloc exemple sans id=\"…\" valide")
        corps: list[str] = []
        i += 1
        while i < len(lignes) and lignes[i].strip() != fence:
            ligne = lignes[i]
            corps.append(ligne[len(indent):] if ligne.startswith(indent) else ligne.lstrip())
            i += 1
        if i >= len(lignes):
            raise ExempleInvalide(f"{fichier}:{debut + 1} : bloc exemple jamais fermé")
        exemples.append(Exemple(mid.group("id"), "\n".join(corps) + "\n", fichier, debut + 2))
        i += 1
    return exemples


def _ferme(ligne: str, fence: str) -> bool:
    """La ligne clôt un bloc ouvert par ``fence``.

    >>> _ferme("````", "```"), _ferme("```", "````"), _ferme("```python", "```")
    (True, False, False)
    """
    texte = ligne.strip()
    return len(texte) >= len(fence) and set(texte) == {fence[0]}


def tous_les_exemples(docs: Path) -> list[Exemple]:
    """Tous les exemples de ``docs/``, en refusant les identifiants en double."""
    vus: dict[str, Exemple] = {}
    resultat = []
    for chemin in sorted(docs.rglob("*.md")):
        for ex in extraire(chemin.read_text(encoding="utf-8"), str(chemin)):
            if ex.ident in vus:
                raise ExempleInvalide(f"id d'exemple en double : {ex.ident} ({vus[ex.ident].fichier})")
            vus[ex.ident] = ex
            resultat.append(ex)
    return resultat
