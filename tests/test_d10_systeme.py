"""D10 (jdr_core/d10/systeme.py) : deux suivis, le combat d'abord."""

from jdr_core.d10.systeme import SYSTEME

from .inventaire import ecarts

LANCEURS = ("d10-action", "d10-opposition", "d10-attaque", "d10-ko", "d10-survie")


def test_le_suivi_de_combat_d_abord() -> None:
    """Un bloc « fiche » sans option « suivi » montre le premier : celui du combat ; le reste de la
    déclaration concorde avec l'inventaire du dossier et des pages."""
    assert [s.nom for s in SYSTEME.suivis] == ["combat", "fiche"] and SYSTEME.suivi is SYSTEME.suivis[0]
    assert tuple(m.nom for m in SYSTEME.mecaniques) == LANCEURS
    assert ecarts(SYSTEME) == []
