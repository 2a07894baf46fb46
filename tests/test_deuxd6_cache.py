"""2D6 : les jets cachés (jdr_core/deuxd6/cache.py)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from jdr_core.des import DesScriptes
from jdr_core.deuxd6.cache import ModeCache, chances_apres_un_de, jet_cache
from jdr_core.deuxd6.jet import Niveau, distribution_2d6
from jdr_core.erreurs import JdrErreur


class TestJetCache:
    """Un dé visible ou aucun, l'autre révélé plus tard."""

    def test_partage(self) -> None:
        j = jet_cache(8, des=DesScriptes([2, 5]))
        assert j.visibles == (2, None) and "voit un 2" in str(j)
        assert j.reveler().visibles == (2, 5) and str(j.reveler()) == "2 et 5 = 7 contre 8 : réussite."
        assert not j.revele  # révéler rend une nouvelle valeur

    def test_mj(self) -> None:
        j = jet_cache(8, des=DesScriptes([6, 6]), mode=ModeCache.MJ)
        assert j.visibles == (None, None) and "écran du MJ" in str(j)
        assert j.chances() == distribution_2d6(8)
        assert j.indice() == "Le joueur ne voit rien : seul le MJ connaît le résultat."

    def test_indice(self) -> None:
        assert "assurée" in jet_cache(8, des=DesScriptes([2, 1])).indice()
        assert "l'échec est assuré" in jet_cache(2, des=DesScriptes([6, 1])).indice()
        assert "50 % de chances" in jet_cache(7, des=DesScriptes([4, 1])).indice()

    def test_chances_apres_un_de(self) -> None:
        for face in range(1, 7):
            d = chances_apres_un_de(7, face)
            assert sum(d.values()) == 1
            assert d[Niveau.REUSSITE_CRITIQUE] + d[Niveau.MALADRESSE] == Fraction(1, 6)
        moyenne = {n: sum(chances_apres_un_de(7, f)[n] for f in range(1, 7)) / 6 for n in Niveau}
        assert moyenne == distribution_2d6(7)

    def test_revele_certain(self) -> None:
        j = jet_cache(7, des=DesScriptes([3, 3])).reveler()
        assert j.chances()[Niveau.REUSSITE_CRITIQUE] == 1

    def test_face_invalide(self) -> None:
        with pytest.raises(JdrErreur, match="face 7 : attendu un entier de 1 à 6"):
            chances_apres_un_de(7, 7)
