"""2D6 : l'échelle des distances et les manœuvres d'une poursuite (jdr_core/deuxd6/manoeuvres.py)."""

from __future__ import annotations

import pytest

from jdr_core.deuxd6.manoeuvres import Distance
from jdr_core.erreurs import ParametreInvalide


class TestDistance:
    """Cinq crans, de Contact à Extrême, dans l'ordre."""

    def test_ordre(self) -> None:
        assert [d.nom for d in Distance] == ["Contact", "Court", "Moyen", "Long", "Extrême"]
        assert [d.rang for d in Distance] == [0, 1, 2, 3, 4]

    def test_de_rang_borne(self) -> None:
        assert Distance.de_rang(2) is Distance.MOYEN
        with pytest.raises(ParametreInvalide):
            Distance.de_rang(5)
