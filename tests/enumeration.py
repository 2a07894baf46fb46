"""L'énumération de toutes les suites de dés, partagée par les tests de cotes exactes.

C'est celle du cœur (:mod:`jdr_core.loi`), la même que celle dont les règles tirent leurs
cotes : on rejoue un préfixe de faces, et quand le code de jet demande un dé de plus, la
suite se divise en autant de branches que le dé a de faces.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable

from jdr_core.des import SourceDes
from jdr_core.loi import DesPrefixe, Loi, loi_du_jet, suites

__all__ = ["DesPrefixe", "enumerer", "suites"]


def enumerer(jouer: Callable[[SourceDes], Hashable], limite: int = 200_000) -> Loi[Hashable]:
    """Probabilité exacte de chaque issue, en parcourant toutes les suites de dés."""
    return loi_du_jet(jouer, limite=limite)
