"""La trace des sources : chaque nom du jeu se retrouve sur les pages de son système, et chaque
règle de chaque texte source a sa page, son ancre et le test qui l'exerce.

Les données sont dans ``tests/trace/`` ; les comptes (règles, énoncées, exercées) s'impriment
en fin de session (``pytest_terminal_summary`` de ``tests/conftest.py``).
"""

from __future__ import annotations

import re

import pytest

from tests.trace.pages import normaliser, texte_systeme
from tests.trace.termes import TERMES


def _present(terme: str, texte: str) -> bool:
    """Le terme, mot entier (« arc » ne se trouve pas dans « marche »)."""
    return re.search(rf"(?<!\w){re.escape(normaliser(terme))}(?!\w)", texte) is not None


class TestTermes:
    """Les noms du jeu gardent l'orthographe de la source, sur les pages de leur système."""

    @pytest.mark.parametrize("systeme", sorted(TERMES))
    def test_chaque_nom_sur_les_pages(self, systeme: str) -> None:
        texte = texte_systeme(systeme)
        manquants = [f"ligne {ligne} ({sorte}) : « {nom} »" for ligne, sorte, nom in TERMES[systeme]
                     if not _present(nom, texte)]
        assert not manquants, f"{systeme} : noms absents de docs/{systeme}/ :\n" + "\n".join(manquants)

    @pytest.mark.parametrize("systeme", sorted(TERMES))
    def test_lignes_de_la_source(self, systeme: str) -> None:
        """Chaque nom se lit bien à la ligne annoncée de la source (accents rétablis permis)."""
        lignes = source(systeme)
        faux = [f"ligne {ligne} : « {nom} »" for ligne, _, nom in TERMES[systeme]
                if not 1 <= ligne <= len(lignes) or normaliser(nom) not in normaliser(lignes[ligne - 1])]
        assert not faux, f"{systeme} : noms introuvables à la ligne annoncée :\n" + "\n".join(faux)


def source(systeme: str) -> list[str]:
    """Les lignes du texte source d'un système (../shared/seeds), ou un saut du test s'il manque."""
    from tests.trace.pages import RACINE
    from tests.trace.termes import SOURCES

    chemin = RACINE.parent / "shared" / "seeds" / SOURCES[systeme]
    if not chemin.exists():
        pytest.skip(f"{chemin} absent de cette machine")
    return chemin.read_text(encoding="utf-8").splitlines()
