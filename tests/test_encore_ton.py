"""enCORE : les tons et leurs paliers (jdr_core/encore/ton.py), lus depuis une saisie, refusés en français."""

from __future__ import annotations

import pytest

from jdr_core.encore import ton as module_ton
from jdr_core.encore.ton import REGLES, Palier, Ton, lire_palier, lire_ton
from jdr_core.erreurs import JdrErreur


class TestErreursFrancaises:
    """Tout ce que lève ton.py est une JdrErreur en français, jamais un ValueError nu."""

    @pytest.mark.parametrize("brut", ["epique", [], {}, None, 3])
    def test_ton_inconnu(self, brut: object) -> None:
        with pytest.raises(JdrErreur) as erreur:
            lire_ton(brut)
        assert str(erreur.value) == "Ton inconnu : choisissez Blockbuster ou Raw."

    def test_ton_lu_sans_majuscules(self) -> None:
        assert lire_ton(" RAW ") is Ton.RAW and lire_palier("Blessé") is Palier.BLESSE

    @pytest.mark.parametrize("brut", ["épuisé", ["blessé"], None])
    def test_palier_inconnu(self, brut: object) -> None:
        with pytest.raises(JdrErreur, match="Palier inconnu : valide, blessé, gravement blessé ou hors de combat"):
            lire_palier(brut)

    def test_palier_hors_bornes_est_une_jdrerreur(self) -> None:
        with pytest.raises(JdrErreur, match="Santé 9 : attendu un entier de 0 à 8"):
            REGLES[Ton.BLOCKBUSTER].palier(9)

    def test_aucun_valueerror_nu_dans_ton(self) -> None:
        with open(module_ton.__file__, encoding="utf-8") as source:
            assert "raise ValueError" not in source.read()
