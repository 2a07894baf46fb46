"""enCORE : la table des dangers et leur issue (jdr_core/encore/dangers.py)."""

from __future__ import annotations

from jdr_core.des import DesScriptes
from jdr_core.encore.dangers import DANGERS, PAR_CLE, affronter
from jdr_core.encore.fiche import Fiche
from jdr_core.encore.ton import Ton


class TestDangers:
    """Dix dangers ; l'échec blesse sans armure, la partielle évite avec complication."""

    def test_table(self) -> None:
        assert len(DANGERS) == 10
        assert PAR_CLE["piege-mortel"].attributs == ("PER", "DEX")

    def test_partielle_evite(self) -> None:
        f = Fiche.nouvelle("A", Ton.BLOCKBUSTER)
        e = affronter(f, PAR_CLE["chute-haute"], 2, des=DesScriptes([5, 1]))
        assert e.evite and e.apres == f and "complication" in str(e)
