"""2D6 : ce que déclare jdr_core/deuxd6/systeme.py.

Les poursuites vivent à part (lanceurs_poursuite.py) : le système les range après les neuf autres
lanceurs, et leurs tables après les autres tables ; l'ensemble doit concorder avec l'inventaire du
dossier et des pages (tests/inventaire.py)."""

from __future__ import annotations

from jdr_core.deuxd6.lanceurs import MECANIQUES
from jdr_core.deuxd6.lanceurs_poursuite import MECANIQUES_POURSUITE, TABLES_POURSUITE
from jdr_core.deuxd6.systeme import SYSTEME
from jdr_core.mecanique import Entier

from .inventaire import ecarts
from .test_deuxd6_lanceurs import PAR_NOM


def test_les_poursuites_rejoignent_les_autres_lanceurs() -> None:
    assert SYSTEME.mecaniques == (*MECANIQUES, *MECANIQUES_POURSUITE) and len(MECANIQUES) == 9
    assert [m.nom for m in MECANIQUES_POURSUITE] == ["2d6-poursuite"]
    assert SYSTEME.tables[-len(TABLES_POURSUITE):] == TABLES_POURSUITE
    assert ecarts(SYSTEME) == []


class TestSysteme:
    """La valeur SYSTEME : noms préfixés, tables bien formées."""

    def test_noms(self) -> None:
        assert SYSTEME.nom == "deuxd6"
        assert all(m.nom.startswith("2d6-") for m in SYSTEME.mecaniques)
        assert {"2d6-test", "2d6-opposition", "2d6-scene-majeure", "2d6-assistance", "2d6-fouille",
                "2d6-jet-cache", "2d6-rattrapage"} <= set(PAR_NOM)
        assert len({m.nom for m in SYSTEME.mecaniques}) == len(SYSTEME.mecaniques)

    def test_tables(self) -> None:
        noms = {t.nom for t in SYSTEME.tables}
        assert {"2d6-modificateurs", "2d6-assistance"} <= noms and all(n.startswith("2d6-") for n in noms)
        modificateurs = next(t for t in SYSTEME.tables if t.nom == "2d6-modificateurs")
        assert [ligne[0] for ligne in modificateurs.lignes] == ["+5", "+3", "+1", "0", "−1", "−3", "−5", "−10"]

    def test_defauts_valides(self) -> None:
        for m in MECANIQUES:
            for p in m.parametres:
                if isinstance(p, Entier):
                    assert p.minimum <= p.defaut <= p.maximum, (m.nom, p.nom)
