"""La loi exacte (jdr_core.loi) : construction, transformations, chaîne, énumération des dés."""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from itertools import product

import icepool
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from jdr_core.encore.reserve import Difficulte, Issue, distribution_reserve, lancer_reserve
from jdr_core.erreurs import BudgetDepasse, JdrErreur
from jdr_core.loi import Loi, loi_du_jet, suites
from jdr_core.troisd6.combat import ReglagesAttaque, calculer_degats, distribution_degats
from jdr_core.troisd6.test import Critique, ReglagesTest, distribution_test, tester


def _icepool(de: icepool.Die) -> dict[int, Fraction]:
    total = de.denominator()
    return {k: Fraction(w, total) for k, w in de.items()}


class TestConstruction:
    """Des poids regroupés par issue, divisés par leur total, rien de négatif ni de vide."""

    def test_poids_entiers_normalises(self) -> None:
        loi = Loi([("a", 2), ("b", 1), ("a", 1)])
        assert dict(loi) == {"a": Fraction(3, 4), "b": Fraction(1, 4)}

    def test_issue_absente_vaut_zero_sans_etre_dedans(self) -> None:
        loi = Loi({"a": 1, "b": 0})
        assert loi["b"] == 0 and "b" not in loi and list(loi) == ["a"]

    @pytest.mark.parametrize("poids", [{}, {"a": 0}])
    def test_loi_vide_refusee(self, poids: dict[str, int]) -> None:
        with pytest.raises(JdrErreur):
            Loi(poids)

    def test_poids_negatif_refuse(self) -> None:
        with pytest.raises(JdrErreur):
            Loi({"a": 2, "b": -1})

    def test_egale_un_dict(self) -> None:
        assert Loi.de(2) == {1: Fraction(1, 2), 2: Fraction(1, 2)}


class TestTransformations:
    """map, lier, combiner, somme : comparés à icepool, la bibliothèque de référence."""

    @settings(deadline=None)  # icepool construit ses dés à la première demande : durée variable
    @given(st.integers(2, 12), st.integers(1, 4))
    def test_somme_comme_icepool(self, faces: int, fois: int) -> None:
        assert Loi.de(faces).somme(fois) == _icepool(fois @ icepool.d(faces))

    @settings(deadline=None)
    @given(st.integers(2, 10), st.integers(2, 10))
    def test_addition_comme_icepool(self, a: int, b: int) -> None:
        assert Loi.de(a) + Loi.de(b) == _icepool(icepool.d(a) + icepool.d(b))

    def test_map_regroupe(self) -> None:
        assert Loi.de(6).map(lambda f: f > 4) == {False: Fraction(2, 3), True: Fraction(1, 3)}

    def test_lier_un_de_puis_autant_de_des(self) -> None:
        loi = Loi.de(2).lier(lambda n: Loi.de(2).somme(n))
        assert loi == {1: Fraction(1, 4), 2: Fraction(3, 8), 3: Fraction(1, 4), 4: Fraction(1, 8)}

    def test_combiner_le_plus_haut(self) -> None:
        assert Loi.de(6).combiner(Loi.de(6), max) == _icepool(icepool.d6.highest(2))

    def test_chance(self) -> None:
        assert Loi.de(6).chance(lambda f: f >= 5) == Fraction(1, 3)


class TestChaine:
    """repeter : une chaîne de Markov finie, un calcul par état, les états finis absorbants."""

    def test_marche_absorbee_comme_icepool(self) -> None:
        # Tant qu'on n'a pas atteint 6, on ajoute un d6 ; quatre pas au plus.
        loi = Loi.certaine(0).repeter(lambda n: Loi.de(6).map(lambda f: n + f), 4, fini=lambda n: n >= 6)
        attendu = icepool.Die([0]).map(lambda n: n if n >= 6 else n + icepool.d6, repeat=4)
        assert loi == _icepool(attendu)

    def test_un_calcul_par_etat(self) -> None:
        appels: list[int] = []

        def pas(n: int) -> Loi[int]:
            appels.append(n)
            return Loi.uniforme([min(n + 1, 3), max(n - 1, 0)])

        Loi.certaine(0).repeter(pas, 20)
        assert sorted(appels) == [0, 1, 2, 3]

    def test_zero_pas(self) -> None:
        assert Loi.de(3).repeter(lambda n: Loi.certaine(n + 1), 0) == Loi.de(3)


class TestEnumeration:
    """loi_du_jet : toutes les suites de faces rejouées par le code qui lance."""

    def test_deux_des_comme_produit(self) -> None:
        attendu = Loi((a + b, 1) for a, b in product(range(1, 7), repeat=2))
        assert loi_du_jet(lambda des: des.lancer(6) + des.lancer(6)) == attendu

    def test_nombre_de_des_variable(self) -> None:
        # On relance sur un 1, une fois : le second dé n'est lancé que dans un cas sur 6.
        loi = loi_du_jet(lambda des: (lambda f: des.lancer(6) if f == 1 else f)(des.lancer(6)))
        assert loi[1] == Fraction(1, 36) and loi[6] == Fraction(7, 36)

    def test_branches_regroupees(self) -> None:
        # Des paires regroupées par total : la même loi, moins de suites.
        classes = Loi((a + b, 1) for a, b in product(range(1, 7), repeat=2))

        def paires(faces: int) -> list[tuple[tuple[int, ...], Fraction]]:
            return [((1, t - 1) if t <= 7 else (t - 6, 6), p) for t, p in classes.items()]

        resultats = list(suites(lambda des: des.lancer(6) + des.lancer(6), branches=paires))
        assert len(resultats) == 11
        assert Loi(resultats) == classes

    def test_budget(self) -> None:
        with pytest.raises(BudgetDepasse):
            loi_du_jet(lambda des: [des.lancer(6) for _ in range(4)] and 0, limite=100)


class TestTroisD6Derive:
    """Le test et l'attaque du 3D6 : la loi vient des étapes mêmes du lanceur."""

    @pytest.mark.parametrize(("carac", "avantages", "relances"), [(3, 0, 0), (2, 1, 1), (4, 0, 2), (1, 1, 2)])
    def test_loi_egale_l_enumeration_brute_du_lanceur(self, carac: int, avantages: int, relances: int) -> None:
        brute = loi_du_jet(lambda des: (lambda j: (j.succes, j.critique))(
            tester(carac, avantages=avantages, relances=relances, des=des)))
        assert distribution_test(carac, avantages=avantages, relances=relances) == brute

    def test_choix_de_relance_qui_lit_l_ordre(self) -> None:
        """Un autre choix de relance (le premier dé raté) : les états gardent leur ordre, la loi
        égale toujours l'énumération brute du lanceur."""
        def premier_rate(des: Sequence[int], carac: int) -> int | None:
            return next((i for i, f in enumerate(des) if f > carac), None)

        brute = loi_du_jet(lambda des: (lambda j: (j.succes, j.critique))(
            tester(3, relances=2, choix_relance=premier_rate, des=des)))
        assert distribution_test(3, relances=2, choix_relance=premier_rate) == brute

    def test_trois_d6_a_la_main(self) -> None:
        """Un contrôle écrit autrement : 3D6 contre 3, par le produit des faces."""
        attendu = Loi(
            ((sum(f <= 3 for f in faces),
              Critique.AUCUN if len(set(faces)) > 1 else (Critique.REUSSITE if faces[0] <= 3 else Critique.ECHEC)), 1)
            for faces in product(range(1, 7), repeat=3))
        assert distribution_test(3) == attendu

    def test_degats_egalent_la_formule(self) -> None:
        reglages = ReglagesAttaque(3, 2, protection=1, defense=1, avantages=1)
        attendu = distribution_test(3, avantages=1).map(
            lambda issue: calculer_degats(issue[0], issue[1], requis=2, arme=2, fp=0, protection=1))
        assert distribution_degats(3, arme=2, protection=1, defense=1, avantages=1) == attendu
        assert reglages.loi().map(lambda a: (a.touche, a.degats)) == attendu

    def test_reglages_valides_une_fois(self) -> None:
        with pytest.raises(JdrErreur, match="relances"):
            ReglagesTest(3, relances=99)
        with pytest.raises(JdrErreur, match="arme"):
            distribution_degats(3, arme=9)


class TestReserveRegroupee:
    """La réserve d'enCORE (jusqu'à 30 dés) se calcule dé par dé regroupé ; sur de petites
    réserves, elle égale l'énumération de toutes les faces par le lanceur."""

    @pytest.mark.parametrize(("attribut", "coup_d_eclat"), [(1, False), (2, False), (3, False), (4, False),
                                                            (1, True), (2, True)])
    @pytest.mark.parametrize("difficulte", list(Difficulte))
    def test_regroupee_egale_l_enumeration(self, attribut: int, difficulte: Difficulte, coup_d_eclat: bool) -> None:
        brute = loi_du_jet(lambda des: lancer_reserve(attribut, des=des, difficulte=difficulte,
                                                      coup_d_eclat=coup_d_eclat).issue)
        assert distribution_reserve(attribut, difficulte=difficulte, coup_d_eclat=coup_d_eclat) == brute

    def test_grande_reserve_reste_exacte(self) -> None:
        d = distribution_reserve(6, bonus=3, difficulte=Difficulte.DIFFICILE)  # 9 dés : 10 millions de suites
        assert sum(d.values()) == 1 and d[Issue.ECHEC] == Fraction(2, 3) ** 9
