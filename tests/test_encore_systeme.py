"""La valeur ``SYSTEME`` d'enCORE (jdr_core/encore/systeme.py) telle que le registre la lit.

Elle déclare ce que contiennent le dossier du système et ses pages (tests/inventaire.py) : deux
lanceurs, la fiche du groupe, les huit tables de l'écran."""

from jdr_core.encore.systeme import SYSTEME
from tests.inventaire import ecarts


class TestDeclaration:
    def test_inventaire(self) -> None:
        assert not ecarts(SYSTEME), ecarts(SYSTEME)

    def test_lanceurs_et_fiche(self) -> None:
        assert [m.nom for m in SYSTEME.mecaniques] == ["encore-reserve", "encore-danger"]
        assert SYSTEME.suivi is not None and SYSTEME.suivi.nom == "fiche" and len(SYSTEME.tables) == 8
