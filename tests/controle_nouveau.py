"""Ce que le site montre d'un système écrit par ``nox -s nouveau`` : sa section du menu, sa ligne de
l'accueil, et ses pages converties par les blocs du greffon (lanceur vérifié, jet dans le texte, table,
exemple, plan de l'écran du MJ).

Ce fichier ne se lance que dans une copie du dépôt où le générateur a écrit un système : c'est
``tests/test_nouveau.py`` qui l'y lance (son nom ne commence pas par ``test_`` : pytest ne le lit pas
de lui-même). Rien n'est construit : la configuration de mkdocs.yml passe par le greffon, chaque page
par ses crochets et une instance de Markdown, comme dans ``tests/test_auteurs.py``.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from types import SimpleNamespace
from typing import Any

import markdown
import pytest
from mkdocs.config import load_config

from jdr_core.mecanique import Systeme
from jdr_core.registre import systemes
from site_plugins.nouveau import MARQUE

from .conftest import RACINE

#: Les systèmes que le générateur a écrits dans cette copie (leur systeme.py porte sa marque).
ECHAFAUDES = [s for s in systemes() if MARQUE in (RACINE / "jdr_core" / s.nom / "systeme.py").read_text("utf-8")]


@pytest.fixture(scope="module")
def greffon_et_config() -> Iterator[tuple[Any, Any]]:
    """mkdocs.yml de la copie, passé par le greffon jdr (on_config : le menu tiré du registre)."""
    config = load_config(str(RACINE / "mkdocs.yml"))
    greffon = config.plugins["jdr"]
    greffon.config.minifier = False  # esbuild ne sert qu'à l'écriture du site, qu'on ne fait pas ici
    greffon.on_startup(command="build", dirty=False)
    try:
        yield greffon, greffon.on_config(config)
    finally:
        greffon.on_shutdown()


def convertir(greffon: Any, config: Any, chemin: str) -> tuple[str, str]:
    """Une page de docs/ passée par on_page_markdown puis Markdown (nos blocs) : le Markdown, le HTML."""
    fichier = RACINE / "docs" / chemin
    texte = fichier.read_text(encoding="utf-8")
    page = SimpleNamespace(
        file=SimpleNamespace(src_uri=chemin, abs_src_path=str(fichier), content_string=texte),
        url="" if chemin == "index.md" else chemin.removesuffix(".md").removesuffix("index") + "/",
        title=None, meta={"hide": ["navigation"]} if chemin.endswith("/ecran.md") else {},
        is_homepage=chemin == "index.md")
    source = greffon.on_page_markdown(texte, page=page, config=config, files=None)
    md = markdown.Markdown(extensions=config.markdown_extensions, extension_configs=config.mdx_configs)
    return source, greffon.on_page_content(md.convert(source), page=page, config=config, files=None)


def test_un_systeme_au_moins() -> None:
    assert ECHAFAUDES, "aucun système écrit par nox -s nouveau dans ce dépôt"


@pytest.mark.parametrize("systeme", ECHAFAUDES, ids=[s.nom for s in ECHAFAUDES])
class TestSysteme:
    """Un système écrit par le générateur, tel que le site le montre."""

    def test_au_menu(self, greffon_et_config: tuple[Any, Any], systeme: Systeme) -> None:
        _, config = greffon_et_config
        (section,) = [entree[systeme.titre] for entree in config.nav
                      if isinstance(entree, dict) and systeme.titre in entree]
        assert [chemin for entree in section for chemin in entree.values()] == list(systeme.pages)
        assert next(iter(section[-1])) == "Écran du MJ"

    def test_a_l_accueil(self, greffon_et_config: tuple[Any, Any], systeme: Systeme) -> None:
        source, _ = convertir(*greffon_et_config, "index.md")
        assert f"| [**{systeme.titre}**]({systeme.pages[0]}) | {systeme.principe} |" in source
        (ligne,) = [ligne for ligne in source.splitlines() if ligne.startswith(f"| **{systeme.titre}** |")]
        assert f"]({systeme.nom}/regles.md#exemple-" in ligne and ligne.endswith("| pas de fiche de suivi |")

    def test_pages_rendues(self, greffon_et_config: tuple[Any, Any], systeme: Systeme) -> None:
        """Chaque page passe les vérifications des blocs (le lanceur : chances qui font 1, lignes atteintes)."""
        rendus = {chemin: convertir(*greffon_et_config, chemin)[1] for chemin in systeme.pages}
        regles = rendus[f"{systeme.nom}/regles.md"]
        (meca,) = systeme.mecaniques
        assert f'class="jdr-lanceur" data-mecanique="{meca.nom}" id="lanceur-{meca.nom}"' in regles
        assert 'class="jdr-jet-bouton"' in regles and 'data-exemple="' in regles
        assert all(f'data-table="{t.nom}"' in regles for t in systeme.tables)

    def test_ecran_du_mj(self, greffon_et_config: tuple[Any, Any], systeme: Systeme) -> None:
        """Le plan commun des écrans (tests/test_ecrans.py) : procédure, tables, glossaire."""
        _, ecran = convertir(*greffon_et_config, f"{systeme.nom}/ecran.md")
        assert re.findall(r'<h2 id="([^"]+)"', ecran) == ["la-procedure", "les-tables", "glossaire"]
        assert "<ol>" in ecran and len(re.findall(r"<dt>", ecran)) >= 5
        assert {t.nom for t in systeme.tables} == set(re.findall(r'data-table="([^"]+)"', ecran))
        assert 'class="jdr-pages-du-systeme"' in ecran
