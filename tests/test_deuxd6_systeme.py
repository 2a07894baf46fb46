"""2D6 : ce que déclare jdr_core/deuxd6/systeme.py.

Les poursuites vivent à part (lanceurs_poursuite.py) : le système les range après les neuf autres
lanceurs, et leurs tables après les autres tables ; l'ensemble doit concorder avec l'inventaire du
dossier et des pages (tests/inventaire.py)."""

from __future__ import annotations

from jdr_core.deuxd6.lanceurs import MECANIQUES
from jdr_core.deuxd6.lanceurs_poursuite import MECANIQUES_POURSUITE, TABLES_POURSUITE
from jdr_core.deuxd6.systeme import SYSTEME

from .inventaire import ecarts


def test_les_poursuites_rejoignent_les_autres_lanceurs() -> None:
    assert SYSTEME.mecaniques == (*MECANIQUES, *MECANIQUES_POURSUITE) and len(MECANIQUES) == 9
    assert [m.nom for m in MECANIQUES_POURSUITE] == ["2d6-poursuite"]
    assert SYSTEME.tables[-len(TABLES_POURSUITE):] == TABLES_POURSUITE
    assert ecarts(SYSTEME) == []
