"""Outils des tests du 3D6 (pas un fichier de tests) : un test aux dés scriptés, et le contrôle des
phrases montrées aux joueurs (zéro, singulier et pluriel, jamais « (s) »)."""

from __future__ import annotations

import re
from typing import Any

from jdr_core.des import DesScriptes
from jdr_core.troisd6.test import JetTest, tester

#: Ce qu'aucune phrase ne doit contenir : « (s) », un moins ASCII devant un chiffre, une
#: capitale d'article après deux-points, un booléen ou un repr de nos classes.
INTERDITS = re.compile(r"\(s\)|(?<![\w])-\d| : (Le|La|Les|L'|Un|Une|Aucun|Aucune) |True|False|\w+\(\w+=")


def jet(carac: int, *faces: int, **kw: Any) -> JetTest:
    """Le test d'une caractéristique, avec ces faces pour dés."""
    return tester(carac, des=DesScriptes(faces), **kw)


def propre(phrase: str) -> str:
    assert not INTERDITS.search(phrase), phrase
    return phrase
