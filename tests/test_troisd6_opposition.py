"""Opposition, actions de groupe, tâches longues et poursuites (jdr_core/troisd6/opposition.py), et leurs phrases."""

from fractions import Fraction

import pytest

from jdr_core.erreurs import JdrErreur, RegleEnfreinte
from jdr_core.troisd6 import opposition
from jdr_core.troisd6.opposition import Egalite, Mode, Poursuite, TacheLongue, action_de_groupe, duree, opposer
from jdr_core.troisd6.test import distribution_test

from .phrases_troisd6 import jet, propre


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


class TestPhraseOpposition:
    """« aucun », l'écart d'un succès ou de plusieurs, et les égalités."""

    @pytest.mark.parametrize(("a", "b", "attendu"), [
        ((4, 5, 6), (4, 5, 6), "Le personnage n'obtient aucun succès, l'adversaire non plus : égalité, au MJ"),
        ((1, 5, 6), (2, 5, 6), "Le personnage obtient 1 succès, l'adversaire aussi : égalité, au MJ"),
        ((4, 5, 6), (1, 5, 6), "Le personnage n'obtient aucun succès, l'adversaire 1 : l'adversaire l'emporte "
                               "d'un succès."),
        ((1, 2, 6), (4, 5, 6), "Le personnage obtient 2 succès, l'adversaire aucun : le personnage l'emporte "
                               "de 2 succès."),
    ])
    def test_decompte(self, a: tuple[int, ...], b: tuple[int, ...], attendu: str) -> None:
        texte = str(opposer(jet(3, *a), jet(3, *b), noms=("Le personnage", "L'adversaire")))
        assert propre(texte).startswith(attendu)

    def test_egalites_tranchees(self) -> None:
        a, b = jet(3, 1, 5, 6), jet(3, 2, 6, 6)
        assert str(opposer(a, b, noms=("Pierre", "le garde"), egalite=Egalite.MATCH_NUL)).endswith(
            ": égalité, match nul.")
        assert str(opposer(a, b, noms=("Pierre", "le garde"), egalite=Egalite.AVANTAGE_PJ)).endswith(
            "égalité, tranchée en faveur du personnage du joueur : Pierre l'emporte.")
        assert "au MJ" in str(opposer(a, b, egalite=Egalite.AVANTAGE_PJ, pj=None))

    def test_triples_decisifs(self) -> None:
        reussite, fort = jet(1, 1, 1, 1), jet(5, 1, 2, 3, fp=2)
        assert str(opposer(reussite, fort, noms=("Pierre", "le garde"), critiques_decisifs=True)).endswith(
            "Pierre l'emporte par une réussite critique.")
        echec = jet(5, 6, 6, 6, fp=3)
        assert str(opposer(echec, jet(1, 4, 5, 6), noms=("Pierre", "le garde"), critiques_decisifs=True)).endswith(
            "le garde l'emporte, car Pierre fait un échec critique.")


class TestPhraseGroupe:
    """Version simple (personnages qui réussissent) et avancée (succès cumulés)."""

    def test_simple(self) -> None:
        rate, reussi = (3, 4, 5, 6), (3, 1, 2, 6)
        assert propre(str(action_de_groupe([jet(*rate), jet(*rate)], 2))) == \
            "Aucun personnage sur 2 ne réussit : tout le groupe échoue."
        assert str(action_de_groupe([jet(*reussi), jet(*rate)], 2)) == \
            "1 personnage sur 2 réussit, pas plus de la moitié : tout le groupe échoue."
        assert str(action_de_groupe([jet(*reussi), jet(*reussi), jet(*rate)], 2)) == \
            "2 personnages sur 3 réussissent, plus de la moitié : le groupe réussit."

    def test_avancee(self) -> None:
        assert propre(str(action_de_groupe([jet(3, 4, 5, 6)], 1, avancee=True))) == \
            "Aucun succès cumulé pour 1 demandé (1 personnage × difficulté 1) : tout le groupe échoue."
        assert str(action_de_groupe([jet(3, 1, 5, 6)], 0, avancee=True)) == \
            "1 succès cumulé pour une action automatique (1 personnage × difficulté 0) : le groupe réussit."


class TestPhraseTacheEtPoursuite:
    """Succès réunis, périodes et durées ; crans d'écart et tours."""

    def test_tache(self) -> None:
        tache = TacheLongue(objectif=4, duree_par_jet=30)
        assert str(tache) == "Rien n'est encore fait : 4 succès à réunir."
        tache = tache.periode(("Carmen", 0))
        assert propre(str(tache)) == "Aucun succès réuni sur 4 en 1 période (30 minutes) : le travail continue."
        tache = tache.periode(("Carmen", 1), ("Jules", 3))
        assert str(tache) == "4 succès réunis sur 4 en 2 périodes (1 heure) : la tâche est accomplie."

    def test_tache_relais_limitee(self) -> None:
        tache = TacheLongue(objectif=5, duree_par_jet=60 * 24, limite=2, mode=Mode.RELAIS).periode(("Carmen", 1))
        assert str(tache) == "1 succès réuni sur 5 en 1 période (1 jour) : il reste 1 période."
        assert str(tache.periode(("Jules", 1))).endswith("(2 jours) : le temps est écoulé, la tâche échoue.")

    def test_duree(self) -> None:
        assert [duree(m) for m in (0, 1, 45, 120, 2880)] == [
            "aucune minute", "1 minute", "45 minutes", "2 heures", "2 jours"]

    def test_poursuite(self) -> None:
        assert str(Poursuite(1)) == "1 cran d'écart au départ."
        assert str(Poursuite(3).tour(poursuivants=1, poursuivis=0)) == \
            "2 crans d'écart après 1 tour : la poursuite continue."
        p = Poursuite(2).tour(poursuivants=0, poursuivis=0).tour(poursuivants=1, poursuivis=0)
        assert str(p) == "1 cran d'écart après 2 tours : la poursuite continue."
        assert propre(str(p.tour(poursuivants=2, poursuivis=0))) == \
            "Plus aucun cran d'écart après 3 tours : les poursuivis sont rattrapés."
