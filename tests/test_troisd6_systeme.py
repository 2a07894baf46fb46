"""3D6 : la valeur ``SYSTEME`` de jdr_core/troisd6/systeme.py, contre l'inventaire du dossier et des pages."""

from __future__ import annotations

from jdr_core.troisd6.systeme import SYSTEME

from .inventaire import ecarts


def test_trois_lanceurs_une_fiche_et_rien_d_oublie() -> None:
    assert ecarts(SYSTEME) == []
    assert [m.nom for m in SYSTEME.mecaniques] == ["3d6-test", "3d6-opposition", "3d6-attaque"]
    assert [s.nom for s in SYSTEME.suivis] == ["fiche"]
