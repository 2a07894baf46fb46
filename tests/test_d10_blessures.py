"""D10 : bandes de dégâts, cascade des blessures, malus, jets de KO et de survie."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from jdr_core.d10.action import RegleAction
from jdr_core.d10.blessures import (
    Blessures,
    Gravite,
    chance_resistance,
    distribution_survie,
    encaisser,
    gravite_de,
    jet_ko,
    jet_survie,
    survivre,
)
from jdr_core.des import DesAleatoires, DesScriptes
from jdr_core.erreurs import JdrErreur

from .enumeration import enumerer


class TestBandes:
    """Moins de 1 éraflure ; 1–5 légère ; 6–10 grave ; 11–15 critique ; 16+ mort."""

    def test_limites(self) -> None:
        attendu = {-3: Gravite.ERAFLURE, 0: Gravite.ERAFLURE, 1: Gravite.LEGERE, 5: Gravite.LEGERE,
                   6: Gravite.GRAVE, 10: Gravite.GRAVE, 11: Gravite.CRITIQUE, 15: Gravite.CRITIQUE,
                   16: Gravite.MORT, 40: Gravite.MORT}
        assert {d: gravite_de(d) for d in attendu} == attendu

    def test_malus(self) -> None:
        assert [g.malus for g in Gravite] == [0, 1, 2, 4, 0]


class TestCascade:
    """Deux légères → une grave, deux graves → une critique, deux critiques → la mort."""

    def test_legeres(self) -> None:
        c = Blessures(legeres=1).ajouter(Gravite.LEGERE)
        assert c.apres == Blessures(graves=1) and c.etapes == ("deux légères font une grave",)

    def test_cascade_complete(self) -> None:
        c = Blessures(legeres=1, graves=1, critiques=1).ajouter(Gravite.LEGERE)
        assert c.apres.mort and len(c.etapes) == 3
        assert str(c) == ("Une blessure légère de plus : deux légères font une grave, deux graves font une "
                          "critique puis deux critiques font la mort. C'est la mort.")

    def test_eraflure(self) -> None:
        c = Blessures(legeres=1).ajouter(Gravite.ERAFLURE)
        assert c.apres == Blessures(legeres=1) and "éraflure" in str(c)

    def test_mort_directe(self) -> None:
        assert Blessures().ajouter(Gravite.MORT).apres.mort

    def test_phrases(self) -> None:
        assert str(Blessures()) == "aucune blessure"
        assert str(Blessures(legeres=1, graves=1)) == "1 blessure grave et 1 blessure légère"
        assert str(Blessures(critiques=1, graves=1, legeres=1)) == ("1 blessure critique, 1 blessure grave et "
                                                                     "1 blessure légère")

    @given(st.lists(st.sampled_from(list(Gravite)), max_size=12))
    def test_jamais_deux_d_une_gravite(self, coups: list[Gravite]) -> None:
        etat = Blessures()
        for g in coups:
            etat = etat.ajouter(g).apres
        assert etat.mort or (etat.legeres <= 1 and etat.graves <= 1 and etat.critiques <= 1)

    @given(st.lists(st.sampled_from([Gravite.LEGERE, Gravite.GRAVE, Gravite.CRITIQUE]), max_size=12))
    def test_poids_conserve(self, coups: list[Gravite]) -> None:
        """Une grave vaut deux légères, une critique quatre : la cascade ne perd rien avant la mort."""
        etat = Blessures()
        poids = 0
        for g in coups:
            etat = etat.ajouter(g).apres
            poids += {Gravite.LEGERE: 1, Gravite.GRAVE: 2, Gravite.CRITIQUE: 4}[g]
        assert etat.mort == (poids >= 8)
        if not etat.mort:
            assert etat.legeres + 2 * etat.graves + 4 * etat.critiques == poids

    def test_refus(self) -> None:
        with pytest.raises(JdrErreur, match="blessures légères"):
            Blessures(legeres=-1)


class TestMalus:
    """Hypothèse par défaut : les malus s'additionnent ; sinon seul le pire compte."""

    def test_cumul(self) -> None:
        b = Blessures(legeres=1, graves=1, critiques=1)
        assert b.malus() == 7 and b.malus(cumul=False) == 4 and Blessures().malus() == 0


class TestKO:
    """D10 ouvert + VOL ou CON contre les dégâts ; d'office si dégâts < carac."""

    def test_automatique(self) -> None:
        j = jet_ko(3, 4, carac="CON", des=DesScriptes([]))
        assert j.reussi and j.de is None

    def test_jet(self) -> None:
        j = jet_ko(9, 4, des=DesScriptes([4]))
        assert not j.reussi and j.issue == "KO" and str(j) == "Jet de KO : dé 4 ; 4 + VOL 4 = 8 contre 9 : KO."

    def test_malus(self) -> None:
        assert not jet_ko(8, 4, des=DesScriptes([5]), malus=2).reussi

    def test_carac_refusee(self) -> None:
        with pytest.raises(JdrErreur, match="VOL ou CON"):
            jet_ko(8, 4, carac="FOR", des=DesScriptes([5]))

    @pytest.mark.parametrize(("degats", "valeur", "malus"), [(8, 5, 0), (3, 3, 0), (12, 6, 3), (2, 5, 0)])
    def test_chance_contre_enumeration(self, degats: int, valeur: int, malus: int) -> None:
        for regle in (RegleAction(), RegleAction(enchainer=True, egalite_reussit=False)):
            d = enumerer(lambda des, r=regle: jet_ko(degats, valeur, des=des, malus=malus, regle=r).reussi)
            assert d.get(True, Fraction(0)) == chance_resistance(degats, valeur, malus=malus, regle=regle)


class TestSurvie:
    """CON contre les dégâts jusqu'aux soins, puis un jet par jour sans soins."""

    def test_jamais_d_office(self) -> None:
        j = jet_survie(2, 5, des=DesScriptes([3]))
        assert j.de is not None and j.reussi

    def test_suite(self) -> None:
        s = survivre(14, 6, des=DesScriptes([9, 5]), jours_sans_soins=3)
        assert len(s.jets) == 2 and s.jour_de_la_mort == 1 and not s.survit

    def test_tient_bon(self) -> None:
        s = survivre(5, 6, des=DesScriptes([3, 3]), jours_sans_soins=1)
        assert s.survit and str(s).endswith("Tient bon 1 jour sans soins.")

    def test_loi_contre_enumeration(self) -> None:
        d = enumerer(lambda des: survivre(13, 5, des=des, jours_sans_soins=2).jour_de_la_mort)
        attendu = {k: p for k, p in distribution_survie(13, 5, jours_sans_soins=2).items() if p}
        assert d == attendu

    def test_jours_refuses(self) -> None:
        with pytest.raises(JdrErreur, match="jours sans soins"):
            survivre(16, 5, des=DesScriptes([]), jours_sans_soins=-1)


class TestEncaisser:
    """Un coup : cascade, puis KO (malus compris) ou, à la mort, KO d'office et survie."""

    def test_ko_avec_malus(self) -> None:
        c = encaisser(Blessures(), 7, carac_ko="CON", valeur_ko=5, constitution=5, des=DesScriptes([3]))
        assert c.cascade.apres == Blessures(graves=1) and c.ko is not None and c.ko.malus == 2 and c.assomme

    def test_sans_malus(self) -> None:
        c = encaisser(Blessures(), 7, carac_ko="CON", valeur_ko=5, constitution=5, des=DesScriptes([3]),
                      malus_au_ko=False)
        assert c.ko is not None and not c.assomme

    def test_mort(self) -> None:
        c = encaisser(Blessures(critiques=1), 12, carac_ko="VOL", valeur_ko=5, constitution=6,
                      des=DesScriptes([4]))
        assert c.cascade.apres.mort and c.assomme and c.ko is None and c.survie is not None and c.mort
        assert "KO d'office." in str(c)

    def test_eraflure_sans_jet_de_ko(self) -> None:
        """Une éraflure ne blesse pas : ni dé ni « jet de KO réussi d'office », la phrase dit qu'il n'y en a pas."""
        c = encaisser(Blessures(graves=1), -5, carac_ko="CON", valeur_ko=6, constitution=6, des=DesScriptes([]))
        assert c.ko is None and c.survie is None and not c.assomme
        assert c.cascade.apres == Blessures(graves=1)
        assert str(c).splitlines()[-1] == "Une éraflure ne blesse pas : pas de jet de KO."
        assert "dépasse les dégâts" not in str(c)
        # Dès 1 point de dégâts, le jet revient (ici réussi d'office : CON 6 dépasse 1).
        c = encaisser(Blessures(), 1, carac_ko="CON", valeur_ko=6, constitution=6, des=DesScriptes([]))
        assert c.ko is not None and c.ko.reussi and "pas de jet de KO" not in str(c)

    def test_eraflure_valide_la_carac(self) -> None:
        """Même sans jet, une caractéristique hors bornes est refusée."""
        with pytest.raises(JdrErreur):
            encaisser(Blessures(), -5, carac_ko="FOR", valeur_ko=6, constitution=6, des=DesScriptes([]))

    @given(st.integers(-10, 30), st.integers(1, 10), st.integers(1, 10), st.integers(0, 2**32))
    def test_toujours_un_resultat(self, degats: int, vol: int, con: int, graine: int) -> None:
        c = encaisser(Blessures(legeres=1), degats, carac_ko="VOL", valeur_ko=vol, constitution=con,
                      des=DesAleatoires(graine))
        # Un seul jet : KO, ou survie à la mort ; aucun sur une éraflure (elle ne blesse pas).
        if degats < 1:
            assert c.ko is None and c.survie is None and c.sans_jet_ko and not c.assomme
        else:
            assert (c.survie is None) != (c.ko is None)
        assert "True" not in str(c) and "Fraction" not in str(c)
