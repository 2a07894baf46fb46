"""D10 : initiative, attaques au contact et à distance, couverts, dégâts."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from jdr_core.d10.action import RegleAction
from jdr_core.d10.blessures import Gravite
from jdr_core.d10.combat import (
    Arrondi,
    Couvert,
    Defense,
    RegleCombat,
    attaquer,
    difficulte_melee,
    difficulte_tir,
    distribution_attaque,
    initiative,
    lancer_degats,
    terme_distance,
)
from jdr_core.des import DesAleatoires, DesScriptes
from jdr_core.erreurs import JdrErreur

from .enumeration import enumerer


class TestInitiative:
    """1D10 + AGI, puis l'AGI, puis des dés pour les égalités (relances bornées)."""

    def test_ordre_simple(self) -> None:
        ini = initiative([("Lina", 4), ("Marek", 6)], des=DesScriptes([9, 2]))
        assert ini.ordre == ("Lina", "Marek") and ini.jets[0].total == 13

    def test_de_ordinaire_ou_ouvert(self) -> None:
        """Hypothèse : « 1D10 » sans dé ouvert par défaut ; ouvert (sans compétence) en paramètre."""
        assert initiative([("Lina", 4)], des=DesScriptes([1])).jets[0].total == 5
        ouvert = initiative([("Lina", 4)], des=DesScriptes([1, 6]), ouvert=True)
        assert ouvert.jets[0].total == -1
        assert initiative([("Lina", 4)], des=DesScriptes([10]), ouvert=True).jets[0].total == 14

    def test_agi_departage(self) -> None:
        ini = initiative([("Lina", 4), ("Marek", 6)], des=DesScriptes([6, 4]))
        assert ini.ordre == ("Marek", "Lina")

    def test_de_departage(self) -> None:
        des = DesScriptes([5, 5, 3, 9])
        ini = initiative([("Lina", 4), ("Sacha", 4)], des=des)
        assert ini.ordre == ("Sacha", "Lina") and ini.jets[0].departage == (9,)
        des.fin()

    def test_relances_bornees(self) -> None:
        des = DesScriptes([5, 5, 3, 3, 3, 3])
        ini = initiative([("Lina", 4), ("Sacha", 4)], des=des, relances_max=1)
        assert ini.ordre == ("Lina", "Sacha")
        des.fin()

    def test_trois_ex_aequo(self) -> None:
        des = DesScriptes([5, 5, 5, 7, 2, 7, 1, 6])
        ini = initiative([("A", 3), ("B", 3), ("C", 3)], des=des)
        assert ini.ordre == ("C", "A", "B")
        des.fin()

    def test_phrase(self) -> None:
        ini = initiative([("Lina", 4)], des=DesScriptes([3]))
        assert str(ini) == "1. Lina : 3 + AGI 4 = 7."

    @pytest.mark.parametrize("combattants", [[], [("Lina", 4), ("Lina", 5)], [("", 3)], [("Lina", 11)]])
    def test_refus(self, combattants: list[tuple[str, int]]) -> None:
        with pytest.raises(JdrErreur):
            initiative(combattants, des=DesScriptes([5, 5]))

    @given(st.lists(st.integers(1, 10), min_size=1, max_size=8), st.integers(0, 2**32))
    def test_ordre_total(self, agis: list[int], graine: int) -> None:
        ini = initiative([(f"C{i}", a) for i, a in enumerate(agis)], des=DesAleatoires(graine))
        cles = [(j.total, j.agi) for j in ini.jets]
        assert cles == sorted(cles, reverse=True) and len(ini.jets) == len(agis)

    def test_egalite_parfaite_probabilites(self) -> None:
        """Deux ex æquo passent devant à parts égales, sauf quand toutes les relances égalisent (1/1000)."""
        d = enumerer(lambda des: initiative([("A", 4), ("B", 4)], des=des, relances_max=1).ordre[0])
        assert d["A"] - d["B"] == Fraction(1, 1000)


class TestDifficultes:
    """Contact : 5 + AGI + Esquive ; tir : 5 + X + Esquive."""

    def test_melee(self) -> None:
        assert difficulte_melee(4, 2) == 11

    def test_melee_sans_competence_telle_quelle(self) -> None:
        """Par défaut, une Esquive absente vaut 0 et la compétence de l'attaquant ne compte pas."""
        assert difficulte_melee(4, 0) == difficulte_melee(4, 0, comp_attaquant=3) == 9
        assert difficulte_melee(4, 2, comp_attaquant=0) == 11

    @pytest.mark.parametrize(("comp", "esquive", "attendue"), [(3, 0, 14), (0, 2, 6), (0, 0, 9), (3, 2, 11)])
    def test_melee_compensee(self, comp: int, esquive: int, attendue: int) -> None:
        """Avec compensation : +5 contre un défenseur sans Esquive, −5 pour un attaquant sans compétence."""
        assert difficulte_melee(4, esquive, comp_attaquant=comp, regle=RegleCombat(compenser=True)) == attendue

    def test_compensation_sans_competence_de_l_attaquant_refusee(self) -> None:
        with pytest.raises(JdrErreur, match="compétence de l'attaquant"):
            difficulte_melee(4, 0, regle=RegleCombat(compenser=True))

    def test_distance(self) -> None:
        assert [terme_distance(d) for d in (1, 5, 6, 15, 16, 55, 56)] == [1, 5, 6, 6, 7, 10, 11]
        assert [terme_distance(d, Arrondi.COMPLETE) for d in (6, 15, 24, 25)] == [5, 6, 6, 7]
        assert difficulte_tir(20, 3) == 15

    @given(st.integers(1, 499))
    def test_distance_croissante(self, d: int) -> None:
        for arrondi in Arrondi:
            assert terme_distance(d, arrondi) <= terme_distance(d + 1, arrondi) <= terme_distance(d, arrondi) + 1

    def test_distance_refusee(self) -> None:
        with pytest.raises(JdrErreur, match="distance"):
            terme_distance(0)


class TestDegats:
    """D10 + marge + arme − (5 + CON + armure + couvert), puis la bande."""

    def test_couverts(self) -> None:
        assert [c.bonus for c in Couvert] == [0, 2, 5, 10]

    def test_calcul(self) -> None:
        d = lancer_degats(3, 6, Defense(4, armure=2, couvert=Couvert.LEGER), des=DesScriptes([7]))
        assert d.valeur == 7 + 3 + 6 - (5 + 4 + 2 + 2) and d.gravite is Gravite.LEGERE
        assert str(d) == ("Dégâts : dé 7 + marge 3 + arme 6 − (5 + CON 4 + armure 2 + couvert 2) = 3 : "
                          "une blessure légère.")

    def test_de_ordinaire_par_defaut(self) -> None:
        """Par défaut, un 10 aux dégâts reste un 10 : aucun dé n'est ajouté."""
        des = DesScriptes([10])
        d = lancer_degats(2, 5, Defense(4), des=des, comp=4)
        assert d.de == 10 and d.ouvert is None and des.restants == 0

    def test_de_ouvert(self) -> None:
        ouvert = RegleCombat(degats_ouverts=True)
        haut = lancer_degats(4, 5, Defense(6), des=DesScriptes([10, 7]), comp=4, combat=ouvert)
        assert haut.de == 14 and haut.valeur == 14 + 4 + 5 - 11 and haut.gravite is Gravite.CRITIQUE
        assert str(haut).startswith("Dégâts : dé 10 + 7 = 17, ramené à 14 (plafond : 10 + compétence) ; 14 + marge 4")
        bas = lancer_degats(0, 5, Defense(6), des=DesScriptes([1, 6]), comp=4, combat=ouvert)
        assert bas.de == -5 and bas.gravite is Gravite.ERAFLURE

    def test_defense_refusee(self) -> None:
        with pytest.raises(JdrErreur, match="armure"):
            Defense(4, armure=99)


class TestAttaque:
    """L'action, puis les dégâts avec sa marge si elle touche."""

    def test_manque(self) -> None:
        a = attaquer(15, agi=4, comp=2, arme=5, defense=Defense(4), des=DesScriptes([2]))
        assert not a.touche and a.degats is None and a.gravite is None

    def test_touche(self) -> None:
        a = attaquer(11, agi=5, comp=3, arme=5, defense=Defense(4), des=DesScriptes([7, 9]))
        assert a.touche and a.action.marge == 3 and a.degats is not None and a.degats.valeur == 8
        assert a.gravite is Gravite.GRAVE

    @pytest.mark.parametrize("regle", [RegleAction(), RegleAction(enchainer=True, egalite_reussit=False)])
    @pytest.mark.parametrize("combat", [RegleCombat(), RegleCombat(degats_ouverts=True)])
    def test_loi_contre_enumeration(self, regle: RegleAction, combat: RegleCombat) -> None:
        defense = Defense(3, armure=1, couvert=Couvert.MOYEN)
        brute = enumerer(lambda des: attaquer(12, agi=5, comp=4, arme=9, defense=defense, des=des,
                                              regle=regle, combat=combat).gravite)
        attendue = {k: p for k, p in distribution_attaque(12, agi=5, comp=4, arme=9, defense=defense,
                                                            regle=regle, combat=combat).items() if p}
        assert brute == attendue

    def test_des_degats_ouverts_plus_dangereux(self) -> None:
        """Ouvert, le dé des dégâts peut tuer là où un D10 ordinaire s'arrête à la blessure critique."""
        ordinaire = distribution_attaque(8, agi=6, comp=6, arme=5, defense=Defense(4))
        ouvert = distribution_attaque(8, agi=6, comp=6, arme=5, defense=Defense(4),
                                      combat=RegleCombat(degats_ouverts=True))
        assert ordinaire[Gravite.MORT] == 0 < ouvert[Gravite.MORT]
