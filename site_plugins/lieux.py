"""Où est l'erreur : le fichier et la ligne qu'un message d'auteur nomme.

Un bloc mal écrit, un jet inconnu, une page du menu absente : le message dit « docs/troisd6/test.md,
ligne 42 : … », pour que l'auteur aille droit à la ligne. Superfences et Python-Markdown ne donnent
pas la ligne d'un bloc ou d'un motif : on la retrouve dans le texte du fichier (tel qu'il est sur
le disque, en-tête YAML compris), par l'en-tête du bloc (mêmes options, lues comme superfences les
lit) ou par le texte exact du jet.

>>> texte = "# Titre\\n\\n```lanceur mecanique=\\"a\\"\\n```\\n\\n```lanceur mecanique=\\"b\\"\\nx = 1\\n```\\n"
>>> ligne_du_bloc(texte, "lanceur", {"mecanique": "b"})
6
>>> lieu("docs/essai.md", 6), lieu("docs/essai.md", None)
('docs/essai.md, ligne 6', 'docs/essai.md')
"""

from __future__ import annotations

import re
from pathlib import Path

from pymdownx.superfences import RE_OPTIONS

#: L'ouverture d'un bloc clôturé (au besoin en retrait ou dans une citation) : son langage, ses options.
_OUVERTURE = re.compile(r"^(?P<retrait>[ \t>]*)(?P<cloture>`{3,}|~{3,})[ \t]*(?P<langage>[\w+-]+)(?P<options>.*)$")


def lieu(fichier: str, ligne: int | None) -> str:
    """« fichier, ligne N », ou le fichier seul quand la ligne n'a pas été retrouvée."""
    return f"{fichier}, ligne {ligne}" if ligne else fichier


def options_d_en_tete(texte: str) -> dict[str, str]:
    """Les options d'un en-tête de bloc, lues comme superfences les lit (``cle="valeur"``, ou la clé
    seule, qui vaut alors son nom).

    >>> options_d_en_tete(' mecanique="3d6-test" id=\\'a\\' seul')
    {'mecanique': '3d6-test', 'id': 'a', 'seul': 'seul'}
    """
    options = {}
    for m in RE_OPTIONS.finditer(texte):
        options[m.group("key")] = m.group("value") if m.group("value") is not None else m.group("key")
    return options


def _corps(lignes: list[str], debut: int, cloture: str, retrait: str) -> str:
    corps = []
    for ligne in lignes[debut + 1:]:
        if ligne.strip() == cloture:
            break
        corps.append(ligne[len(retrait):] if ligne.startswith(retrait) else ligne.lstrip())
    return "\n".join(corps).strip()


def ligne_du_bloc(texte: str, langage: str, options: dict[str, str], corps: str | None = None,
                  apres: int = 0) -> int | None:
    """La ligne (à partir de 1) de l'ouverture du bloc ``langage`` dont l'en-tête a ces options (et ce
    corps, s'il est donné) ; la première après la ligne ``apres`` d'abord (deux blocs pareils se
    suivent dans l'ordre où superfences les lit), sinon la première du texte ; None si aucune."""
    lignes = texte.splitlines()
    trouvees = []
    for i, ligne in enumerate(lignes):
        m = _OUVERTURE.match(ligne)
        if not m or m["langage"] != langage or options_d_en_tete(m["options"]) != options:
            continue
        if corps is not None and _corps(lignes, i, m["cloture"], m["retrait"]) != corps.strip():
            continue
        trouvees.append(i + 1)
    return next((n for n in trouvees if n > apres), trouvees[0] if trouvees else None)


def ligne_du_texte(texte: str, extrait: str) -> int | None:
    """La ligne (à partir de 1) où ``extrait`` paraît d'abord dans ``texte`` ; None s'il n'y est pas.

    >>> ligne_du_texte("a\\nb {{jet x | y}}\\n", "{{jet x | y}}")
    2
    """
    position = texte.find(extrait)
    return None if position < 0 else texte.count("\n", 0, position) + 1


def chemin_lisible(fichier: str | Path, racine: str | Path) -> str:
    """Le chemin d'un fichier tel que l'auteur le voit depuis la racine du projet (« docs/x.md »),
    le chemin entier s'il est ailleurs."""
    chemin = Path(fichier)
    try:
        return chemin.resolve().relative_to(Path(racine).resolve()).as_posix()
    except ValueError:
        return chemin.as_posix()
