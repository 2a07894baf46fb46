"""Opposition, actions de groupe, tâches longues et poursuites (jdr_core/troisd6/opposition.py)."""

from fractions import Fraction

import pytest

from jdr_core.des import DesScriptes
from jdr_core.erreurs import JdrErreur, RegleEnfreinte
from jdr_core.troisd6 import opposition
from jdr_core.troisd6.test import distribution_test, tester


def jet(carac: int, *faces: int, **kw: int):  # type: ignore[no-untyped-def]
    return tester(carac, des=DesScriptes(faces), **kw)


class TestOpposition:
    """Le plus de succès gagne ; l'égalité revient au MJ."""

    def test_egalite_non_tranchee(self) -> None:
        o = opposition.opposer(jet(3, 1, 5, 6), jet(3, 2, 6, 6))
        assert o.gagnant is None and "au MJ" in str(o)

    def test_egalite_au_pj(self) -> None:
        o = opposition.opposer(jet(3, 1, 5, 6), jet(3, 2, 6, 6), egalite=opposition.Egalite.AVANTAGE_PJ, pj=1)
        assert o.gagnant == 1

    def test_critiques_decisifs(self) -> None:
        a, b = jet(1, 1, 1, 1), jet(5, 1, 2, 3, fp=2)
        assert opposition.opposer(a, b).gagnant == 1
        assert opposition.opposer(a, b, critiques_decisifs=True).gagnant == 0

    def test_distribution_symetrique(self) -> None:
        d = opposition.distribution_opposition(distribution_test(3), distribution_test(3))
        assert d[0] == d[1] and sum(d.values()) == 1
        assert d[None] == Fraction(5, 16)


class TestGroupe:
    """Majorité stricte (simple) ou personnages × difficulté (avancée)."""

    def test_egalite_echoue(self) -> None:
        g = opposition.action_de_groupe([jet(3, 1, 1, 6), jet(3, 6, 6, 6)], 2)
        assert not g.reussi

    def test_avancee_manque_un(self) -> None:
        g = opposition.action_de_groupe([jet(3, 1, 1, 6), jet(3, 1, 6, 6)], 2, avancee=True)
        assert (g.total, g.requis, g.reussi) == (3, 4, False)


class TestTacheLongue:
    """Cumul vers un objectif de 4 à 20, avec durée et limite."""

    def test_objectif_hors_bornes(self) -> None:
        with pytest.raises(JdrErreur, match="objectif 21"):
            opposition.TacheLongue(objectif=21, duree_par_jet=10)

    def test_relais_un_seul(self) -> None:
        t = opposition.TacheLongue(objectif=4, duree_par_jet=10, mode=opposition.Mode.RELAIS)
        with pytest.raises(RegleEnfreinte, match="un seul"):
            t.periode(("A", 1), ("B", 1))

    def test_pas_deux_jets_du_meme(self) -> None:
        with pytest.raises(RegleEnfreinte):
            opposition.TacheLongue(objectif=4, duree_par_jet=10).periode(("A", 1), ("A", 1))

    def test_terminee_refuse_les_jets(self) -> None:
        t = opposition.TacheLongue(objectif=4, duree_par_jet=10).periode(("A", 4))
        with pytest.raises(RegleEnfreinte, match="déjà accomplie"):
            t.periode(("A", 1))

    def test_temps_ecoule_refuse_les_jets(self) -> None:
        t = opposition.TacheLongue(objectif=4, duree_par_jet=10, limite=1).periode(("A", 1))
        with pytest.raises(RegleEnfreinte, match="temps imparti est écoulé"):
            t.periode(("A", 1))


class TestPoursuite:
    """Écart de départ « généralement » 1 à 5 (pas une borne), rattrapés à 0, semés à 10."""

    def test_bornes_depart(self) -> None:
        assert opposition.Poursuite(6).ecart == 6  # « généralement » 1 à 5 : le MJ peut partir de plus loin
        for hors_jeu in (0, 10):
            with pytest.raises(JdrErreur):
                opposition.Poursuite(hors_jeu)

    def test_plafond(self) -> None:
        assert opposition.Poursuite(5).tour(poursuivants=0, poursuivis=9).ecart == 10

    def test_finie(self) -> None:
        p = opposition.Poursuite(1).tour(poursuivants=3, poursuivis=0)
        assert p.issue == "rattrapés"
        with pytest.raises(RegleEnfreinte):
            p.tour(poursuivants=1, poursuivis=1)
