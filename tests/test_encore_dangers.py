"""enCORE : la table des dangers et leur issue (jdr_core/encore/dangers.py)."""

from __future__ import annotations

from jdr_core.des import DesScriptes
from jdr_core.encore.dangers import DANGERS, PAR_CLE, affronter
from jdr_core.encore.fiche import Fiche
from jdr_core.encore.ton import Ton

from .test_encore_francais import sans_restes


class TestDangers:
    """Dix dangers ; l'échec blesse sans armure, la partielle évite avec complication."""

    def test_table(self) -> None:
        assert len(DANGERS) == 10
        assert PAR_CLE["piege-mortel"].attributs == ("PER", "DEX")

    def test_partielle_evite(self) -> None:
        f = Fiche.nouvelle("A", Ton.BLOCKBUSTER)
        e = affronter(f, PAR_CLE["chute-haute"], 2, des=DesScriptes([5, 1]))
        assert e.evite and e.apres == f and "complication" in str(e)


class TestDanger:
    """Éviter, éviter avec complication, subir."""

    def test_reussite(self) -> None:
        e = affronter(Fiche.nouvelle("Ada", Ton.RAW), PAR_CLE["incendie"], 2, des=DesScriptes([5, 6]))
        assert str(e) == "Ada évite le danger (incendie)."

    def test_partielle(self) -> None:
        e = affronter(Fiche.nouvelle("Ada", Ton.RAW), PAR_CLE["incendie"], 2, des=DesScriptes([5, 1]))
        assert str(e) == "Ada évite le danger (incendie), mais une complication surgit."

    def test_echec_sante_et_stress(self) -> None:
        e = affronter(Fiche.nouvelle("Ada", Ton.RAW), PAR_CLE["noyade"], 1, des=DesScriptes([1]),
                      blessures=[("poumons", [])])
        assert sans_restes(str(e)) == "Ada subit le danger (noyade ou asphyxie) : −2 Santé, +1 Stress."

    def test_echec_sante_seule(self) -> None:
        e = affronter(Fiche.nouvelle("Ada", Ton.RAW), PAR_CLE["poison"], 1, des=DesScriptes([1]),
                      blessures=[("nausée", [])])
        assert str(e) == "Ada subit le danger (poison) : −2 Santé."

    def test_echec_sans_effet(self) -> None:
        f = Fiche("Ada", Ton.RAW, 0, 0)
        e = affronter(f, PAR_CLE["poison"], 1, des=DesScriptes([1]))
        assert str(e) == "Ada subit le danger (poison) : rien de plus ne change."
