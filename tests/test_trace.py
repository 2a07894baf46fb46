"""La trace des sources : chaque nom du jeu se retrouve sur les pages de son système, et chaque
règle de chaque texte source a sa page, son ancre et le test qui l'exerce.

Les données sont dans ``tests/trace/`` ; les comptes (règles, énoncées, exercées) s'impriment
en fin de session (``pytest_terminal_summary`` de ``tests/conftest.py``).
"""

from __future__ import annotations

import re

import pytest

from tests.trace import SOURCES, SYSTEMES, preuve_existe, regles, termes
from tests.trace.ancres import ancres
from tests.trace.pages import DOCS, normaliser, texte_systeme


def _present(terme: str, texte: str) -> bool:
    """Le terme, mot entier (« arc » ne se trouve pas dans « marche »)."""
    return re.search(rf"(?<!\w){re.escape(normaliser(terme))}(?!\w)", texte) is not None


class TestTermes:
    """Les noms du jeu gardent l'orthographe de la source, sur les pages de leur système."""

    @pytest.mark.parametrize("systeme", SYSTEMES)
    def test_chaque_nom_sur_les_pages(self, systeme: str) -> None:
        texte = texte_systeme(systeme)
        manquants = [f"ligne {ligne} ({sorte}) : « {nom} »" for ligne, sorte, nom in termes(systeme)
                     if not _present(nom, texte)]
        assert not manquants, f"{systeme} : noms absents de docs/{systeme}/ :\n" + "\n".join(manquants)

    @pytest.mark.parametrize("systeme", SYSTEMES)
    def test_lignes_de_la_source(self, systeme: str) -> None:
        """Chaque nom se lit bien à la ligne annoncée de la source (accents rétablis permis)."""
        lignes = source(systeme)
        faux = [f"ligne {ligne} : « {nom} »" for ligne, _, nom in termes(systeme)
                if not 1 <= ligne <= len(lignes) or normaliser(nom) not in normaliser(lignes[ligne - 1])]
        assert not faux, f"{systeme} : noms introuvables à la ligne annoncée :\n" + "\n".join(faux)


def source(systeme: str) -> list[str]:
    """Les lignes du texte source d'un système (../shared/seeds), ou un saut du test s'il manque."""
    from tests.trace.pages import RACINE

    chemin = RACINE.parent / "shared" / "seeds" / SOURCES[systeme]
    if not chemin.exists():
        pytest.skip(f"{chemin} absent de cette machine")
    return chemin.read_text(encoding="utf-8").splitlines()


class TestTrace:
    """Chaque règle tracée pointe une ligne réelle de sa source, une ancre qui existe sur sa page
    et un test ou un exemple qui existe : renommer un titre ou supprimer un test fait rougir."""

    @pytest.mark.parametrize("systeme", SYSTEMES)
    def test_lignes_de_la_source(self, systeme: str) -> None:
        lignes = source(systeme)
        faux = [f"{r.ident} : ligne {r.ligne}" for r in regles(systeme)
                if not 1 <= r.ligne <= len(lignes) or not lignes[r.ligne - 1].strip()]
        assert not faux, f"{systeme} : lignes absentes ou vides de la source :\n" + "\n".join(faux)

    @pytest.mark.parametrize("systeme", SYSTEMES)
    def test_identifiants_uniques(self, systeme: str) -> None:
        idents = [r.ident for r in regles(systeme)]
        assert len(idents) == len(set(idents)), sorted({i for i in idents if idents.count(i) > 1})

    @pytest.mark.parametrize("systeme", SYSTEMES)
    def test_ancres_existent(self, systeme: str) -> None:
        faux = []
        for r in regles(systeme):
            if r.ancre is None:
                continue
            page, _, ancre = r.ancre.partition("#")
            if not page.startswith(f"{systeme}/") or not (DOCS / page).exists() or ancre not in ancres(page):
                faux.append(f"{r.ident} : {r.ancre}")
        assert not faux, f"{systeme} : ancres introuvables :\n" + "\n".join(faux)

    @pytest.mark.parametrize("systeme", SYSTEMES)
    def test_preuves_existent(self, systeme: str) -> None:
        faux = [f"{r.ident} : {r.preuve}" for r in regles(systeme)
                if r.preuve is not None and not preuve_existe(r.preuve)]
        assert not faux, f"{systeme} : tests ou exemples introuvables :\n" + "\n".join(faux)

    @pytest.mark.parametrize("systeme", SYSTEMES)
    def test_assez_de_regles(self, systeme: str) -> None:
        """Une trace couvre sa source : au moins une règle toutes les deux lignes non vides pour un
        texte court (le D10), 40 au moins pour les autres."""
        non_vides = sum(bool(ligne.strip()) for ligne in source(systeme))
        assert len(regles(systeme)) >= min(40, non_vides // 2)
