"""Les ancres d'une page et les exemples qu'elle contient, calculés comme les calcule le site.

Les ancres viennent de l'extension ``toc`` de Python-Markdown (celle que MkDocs emploie), avec
``attr_list`` pour les ``{#id}`` explicites. Les blocs clôturés (exemples, lanceurs, tables) et
l'en-tête YAML sont retirés d'abord : un ``#`` qui s'y trouve n'est pas un titre. Aucune
construction de site.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from functools import cache
from typing import Any

import markdown

from tests.trace.pages import DOCS

EXEMPLE = re.compile(r'^[ \t]*```exemple id="([^"]+)"', re.MULTILINE)
BLOC = re.compile(r"^(\s*)```.*?^\1```[ \t]*$", re.MULTILINE | re.DOTALL)
ENTETE = re.compile(r"\A---\n.*?^---\n", re.MULTILINE | re.DOTALL)


def _ids(jetons: list[dict[str, Any]]) -> Iterator[str]:
    for jeton in jetons:
        yield jeton["id"]
        yield from _ids(jeton["children"])


@cache
def ancres(page: str) -> frozenset[str]:
    """Les ancres des titres de ``docs/<page>`` (``troisd6/test.md``)."""
    texte = ENTETE.sub("", (DOCS / page).read_text(encoding="utf-8"))
    texte = BLOC.sub(lambda m: "\n" * m.group(0).count("\n"), texte)
    md = markdown.Markdown(extensions=["toc", "attr_list", "admonition", "tables"])
    md.convert(texte)
    return frozenset(_ids(md.toc_tokens))  # type: ignore[attr-defined]


@cache
def exemples(page: str) -> frozenset[str]:
    """Les identifiants des exemples (blocs ``exemple id="…"``) de ``docs/<page>``."""
    return frozenset(EXEMPLE.findall((DOCS / page).read_text(encoding="utf-8")))
