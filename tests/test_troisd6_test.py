"""Le test 3D6 (jdr_core/troisd6/test.py) : nombre de dés, succès, relances, FP, difficulté, critiques, cotes,
phrases."""

from fractions import Fraction
from itertools import product

import icepool
import pytest

from jdr_core.des import DesScriptes
from jdr_core.erreurs import JdrErreur
from jdr_core.troisd6.test import (
    Critique,
    RegleCritique,
    chance_de_reussite,
    distribution_test,
    face_critique,
    nombre_de_des,
    pour_la_difficulte,
    relancer_un_echec,
    tester,
)

from .phrases_troisd6 import jet, propre


class TestNombreDeDes:
    """Avantage 4D6, désavantage 2D6, les deux s'annulent quels que soient les nombres."""

    @pytest.mark.parametrize(
        ("avantages", "desavantages", "attendu"),
        [(0, 0, 3), (1, 0, 4), (5, 0, 4), (0, 1, 2), (0, 4, 2), (1, 1, 3), (1, 2, 3), (3, 1, 3)],
    )
    def test_cas(self, avantages: int, desavantages: int, attendu: int) -> None:
        assert nombre_de_des(avantages, desavantages) == attendu

    def test_negatif_refuse(self) -> None:
        with pytest.raises(JdrErreur, match="avantages -1 : attendu"):
            nombre_de_des(-1, 0)


class TestSucces:
    """Un succès par dé inférieur ou égal à la caractéristique, plus le FP."""

    def test_pierre(self) -> None:
        jet = tester(3, des=DesScriptes([2, 3, 5]))
        assert (jet.succes, jet.compte) == (2, (True, True, False))
        assert jet.reussi is None and jet.marge is None

    def test_fp_succes_automatiques(self) -> None:
        jet = tester(1, fp=4, difficulte=5, des=DesScriptes([1, 6, 6]))
        assert (jet.succes_des, jet.succes, jet.reussi, jet.marge) == (1, 5, True, 0)

    def test_difficulte_zero(self) -> None:
        assert tester(1, difficulte=0, des=DesScriptes([6, 5, 4])).reussi is True

    @pytest.mark.parametrize("carac", [0, 6, -3])
    def test_caracteristique_hors_bornes(self, carac: int) -> None:
        with pytest.raises(JdrErreur, match=f"caractéristique {carac} : attendu un entier de 1 à 5"):
            tester(carac, des=DesScriptes([1, 1, 1]))

    def test_rien_n_est_lance_si_invalide(self) -> None:
        des = DesScriptes([1, 2, 3])
        with pytest.raises(JdrErreur):
            tester(3, relances=99, des=des)
        assert des.restants == 3


class TestRelances:
    """Chaque relance reprend un dé raté ; aucune n'est gâchée sur un succès."""

    def test_choix_par_defaut(self) -> None:
        assert relancer_un_echec([5, 6, 1], 3) == 1
        assert relancer_un_echec([5, 5, 1], 3) == 0
        assert relancer_un_echec([1, 1, 1], 3) is None

    def test_deux_relances_successives_sur_le_meme_de(self) -> None:
        jet = tester(2, relances=2, des=DesScriptes([6, 1, 1, 5, 2]))
        assert [(r.indice, r.avant, r.apres) for r in jet.relances] == [(0, 6, 5), (0, 5, 2)]
        assert jet.des == (2, 1, 1) and jet.des_initiaux == (6, 1, 1)

    def test_relance_inutile_non_consommee(self) -> None:
        des = DesScriptes([1, 2, 3])
        jet = tester(3, relances=2, des=des)
        des.fin()
        assert jet.relances == ()

    def test_critique_apres_relance(self) -> None:
        jet = tester(4, relances=1, des=DesScriptes([2, 2, 6, 2]))
        assert jet.critique is Critique.REUSSITE


class TestCritiques:
    """Un triple décide seul ; l'hypothèse sur 2 et 4 dés est un paramètre."""

    def test_triple_reussite_bat_la_difficulte(self) -> None:
        assert tester(3, difficulte=4, des=DesScriptes([3, 3, 3])).reussi is True

    def test_triple_echec_malgre_les_succes(self) -> None:
        jet = tester(5, difficulte=0, des=DesScriptes([6, 6, 6]))
        assert (jet.critique, jet.reussi) == (Critique.ECHEC, False)

    @pytest.mark.parametrize(
        ("des", "regle", "attendu"),
        [
            ((2, 2), RegleCritique.TRIPLE, None),
            ((2, 2), RegleCritique.TOUS, 2),
            ((2, 2), RegleCritique.SEULEMENT_3D6, None),
            ((4, 4, 1, 4), RegleCritique.TRIPLE, 4),
            ((4, 4, 1, 4), RegleCritique.TOUS, None),
            ((4, 4, 4, 4), RegleCritique.TOUS, 4),
            ((4, 4, 4, 4), RegleCritique.SEULEMENT_3D6, None),
            ((5, 5, 5), RegleCritique.SEULEMENT_3D6, 5),
        ],
    )
    def test_regles(self, des: tuple[int, ...], regle: RegleCritique, attendu: int | None) -> None:
        assert face_critique(des, regle) == attendu


class TestCotes:
    """Cotes exactes : somme à 1, accord avec icepool et avec une énumération brute."""

    @pytest.mark.parametrize("carac", range(1, 6))
    @pytest.mark.parametrize("modifs", [(0, 0), (1, 0), (0, 1)])
    def test_accord_icepool(self, carac: int, modifs: tuple[int, int]) -> None:
        n = nombre_de_des(*modifs)
        d = distribution_test(carac, avantages=modifs[0], desavantages=modifs[1])
        assert sum(d.values()) == 1
        succes = n @ (icepool.d6 <= carac)
        for k in range(n + 1):
            mien = sum((p for (s, _), p in d.items() if s == k), Fraction(0))
            assert mien == succes.probability(k)
        critique = sum((p for (_, c), p in d.items() if c is not Critique.AUCUN), Fraction(0))
        assert critique == icepool.d6.pool(n).largest_count().probability(">=", 3)

    @pytest.mark.parametrize("relances", [1, 2])
    def test_relances_par_enumeration_brute(self, relances: int) -> None:
        carac = 3
        total = Fraction(0)
        for faces in product(range(1, 7), repeat=3 + relances):
            jet = tester(carac, relances=relances, difficulte=2, des=DesScriptes(faces))
            if jet.reussi:
                total += Fraction(1, 6 ** (3 + relances))
        d = distribution_test(carac, relances=relances)
        # Les faces non consommées n'influent pas : la somme sur toutes les suites est exacte.
        assert chance_de_reussite(d, 2) == total

    def test_une_relance_aide(self) -> None:
        sans = chance_de_reussite(distribution_test(3), 2)
        avec = chance_de_reussite(distribution_test(3, relances=1), 2)
        assert (sans, avec) == (Fraction(1, 2), Fraction(11, 16))


class TestPhraseDuTest:
    """Les dés, les succès comptés et accordés, la difficulté, le triple et le verdict."""

    @pytest.mark.parametrize(("faces", "attendu"), [
        ((4, 5, 6), "4, 5, 6 contre 3 : aucun succès."),
        ((1, 5, 6), "1, 5, 6 contre 3 : 1 succès."),
        ((2, 3, 5), "2, 3, 5 contre 3 : 2 succès."),
    ])
    def test_sans_difficulte(self, faces: tuple[int, ...], attendu: str) -> None:
        assert propre(str(jet(3, *faces))) == attendu

    @pytest.mark.parametrize(("difficulte", "attendu"), [
        (0, "4, 5, 6 contre 3 : aucun succès pour une action automatique, c'est réussi."),
        (1, "4, 5, 6 contre 3 : aucun succès pour 1 demandé, c'est raté."),
        (2, "4, 5, 6 contre 3 : aucun succès pour 2 demandés, c'est raté."),
    ])
    def test_difficulte(self, difficulte: int, attendu: str) -> None:
        assert propre(str(jet(3, 4, 5, 6, difficulte=difficulte))) == attendu

    def test_triple_qui_contredit_ou_confirme(self) -> None:
        assert str(jet(2, 1, 1, 1, difficulte=4)).endswith("pour 4 demandés, mais réussite critique, c'est réussi.")
        assert str(jet(3, 2, 2, 2, difficulte=2)).endswith("pour 2 demandés et réussite critique, c'est réussi.")
        assert str(jet(5, 6, 6, 6, fp=1, difficulte=1)).endswith(
            "1 succès (dont 1 grâce au FP) pour 1 demandé, mais échec critique, c'est raté.")
        assert str(jet(3, 6, 6, 6)) == "6, 6, 6 contre 3 : aucun succès, échec critique."

    def test_relances_racontees(self) -> None:
        texte = str(jet(2, 6, 2, 5, 5, 1, relances=2))
        assert texte == "1, 2, 5 contre 2 (le 6 relancé a donné 5, puis le 5 relancé a donné 1) : 2 succès."

    def test_pour_la_difficulte(self) -> None:
        assert [pour_la_difficulte(d) for d in (0, 1, 2)] == [
            "pour une action automatique", "pour 1 demandé", "pour 2 demandés"]
