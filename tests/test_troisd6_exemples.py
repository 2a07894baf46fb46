"""Les valeurs internes derrière les exemples des pages du 3D6.

Les pages ne montrent que des phrases ; les comptes exacts qu'elles portaient (dés qui
comptent, relances, marges, états) sont épinglés ici, et chaque jeu de dés scriptés est
entièrement consommé.
"""

from __future__ import annotations

from fractions import Fraction

from jdr_core.des import DesScriptes
from jdr_core.troisd6 import combat
from jdr_core.troisd6.energie import Etat, Vitalite
from jdr_core.troisd6.opposition import Mode, Poursuite, TacheLongue, action_de_groupe, opposer
from jdr_core.troisd6.test import (
    Critique,
    RegleCritique,
    Relance,
    chance_de_reussite,
    distribution_test,
    nombre_de_des,
    tester,
)


class TestPageTest:
    """docs/troisd6/test.md."""

    def test_pierre_ruelle(self) -> None:
        des = DesScriptes([2, 3, 5])
        jet = tester(3, des=des)
        des.fin()
        assert jet.compte == (True, True, False) and jet.succes == 2

    def test_jules_mur(self) -> None:
        assert (nombre_de_des(avantages=1, desavantages=2), nombre_de_des(desavantages=2),
                nombre_de_des(avantages=3)) == (3, 2, 4)

    def test_carmen_code(self) -> None:
        des = DesScriptes([3, 6, 2, 1])
        jet = tester(4, avantages=1, difficulte=3, des=des)
        des.fin()
        assert (len(jet.des), jet.succes, jet.reussi, jet.marge) == (4, 3, True, 0)

    def test_relance(self) -> None:
        des = DesScriptes([6, 2, 4, 1])
        jet = tester(2, relances=1, difficulte=2, des=des)
        des.fin()
        assert jet.des_initiaux == (6, 2, 4) and jet.des == (1, 2, 4)
        assert jet.relances == (Relance(indice=0, avant=6, apres=1),) and jet.reussi

    def test_fp(self) -> None:
        jet = tester(2, fp=4, difficulte=6, des=DesScriptes([1, 5, 2]))
        assert (jet.succes_des, jet.succes, jet.reussi) == (2, 6, True)

    def test_critiques(self) -> None:
        des = DesScriptes([1, 1, 1, 6, 6, 6])
        reussi = tester(2, difficulte=4, des=des)
        rate = tester(5, difficulte=1, des=des)
        des.fin()
        assert reussi.critique is Critique.REUSSITE and reussi.succes == 3 and reussi.reussi
        assert rate.critique is Critique.ECHEC and rate.reussi is False

    def test_critiques_hypothese(self) -> None:
        des = DesScriptes([3, 6, 3, 3, 3, 6, 3, 3, 5, 5])
        triple = tester(4, avantages=1, des=des)
        tous = tester(4, avantages=1, regle_critique=RegleCritique.TOUS, des=des)
        double = tester(4, desavantages=1, regle_critique=RegleCritique.TOUS, des=des)
        des.fin()
        assert (triple.critique, tous.critique, double.critique) == (Critique.REUSSITE, Critique.AUCUN, Critique.ECHEC)

    def test_cotes_3d6(self) -> None:
        d = distribution_test(3)
        assert [chance_de_reussite(d, n) for n in (1, 2, 3, 4)] == [
            Fraction(7, 8), Fraction(1, 2), Fraction(1, 8), Fraction(1, 72)]

    def test_accueil(self) -> None:
        des = DesScriptes([1, 4, 6])
        jet = tester(4, difficulte=2, des=des)
        des.fin()
        assert jet.succes == 2 and jet.reussi


class TestPageUsages:
    """docs/troisd6/usages.md."""

    def test_tache_longue(self) -> None:
        tache = TacheLongue(objectif=8, duree_par_jet=60, limite=3, mode=Mode.RELAIS)
        tache = tache.periode(("Carmen", 3)).periode(("Jules", 1))
        assert (tache.cumul, tache.terminee, tache.echouee) == (4, False, False)
        tache = tache.periode(("Carmen", 2))
        assert (tache.cumul, tache.temps_ecoule, tache.echouee) == (6, 180, True)

    def test_pierre_garde(self) -> None:
        des = DesScriptes([4, 2, 6, 1, 3, 5])
        duel = opposer(tester(1, des=des), tester(3, des=des), noms=("Pierre", "le garde"))
        des.fin()
        assert (duel.gagnant, duel.marge) == (1, 2)

    def test_groupe(self) -> None:
        des = DesScriptes([1, 2, 6, 3, 3, 1, 5, 6, 2, 2, 4, 1])
        jets = [tester(c, des=des) for c in (3, 3, 2, 4)]
        des.fin()
        assert [j.succes for j in jets] == [2, 3, 1, 3]
        simple, avancee = action_de_groupe(jets, 2), action_de_groupe(jets, 2, avancee=True)
        assert (simple.reussites, simple.reussi) == (3, True)
        assert (avancee.total, avancee.requis, avancee.reussi) == (9, 8, True)

    def test_poursuite(self) -> None:
        p = Poursuite(ecart=4).tour(poursuivants=1, poursuivis=3).tour(poursuivants=0, poursuivis=2)
        assert (p.ecart, p.issue) == (8, None)
        p = p.tour(poursuivants=1, poursuivis=4)
        assert (p.ecart, p.issue, p.tours) == (10, "semés", 3)


class TestPageCombat:
    """docs/troisd6/combat.md."""

    def test_initiative(self) -> None:
        ordre = combat.ordre_initiative([
            combat.Combattant("le garde", 3),
            combat.Combattant("Jules", 3, pj=True),
            combat.Combattant("le chien", 3, combat.Nature.ANIMAL),
            combat.Combattant("l'androïde", 4, combat.Nature.ROBOT),
        ])
        assert [c.nom for c in ordre] == ["l'androïde", "le chien", "Jules", "le garde"]

    def test_actions(self) -> None:
        assert combat.Activation((combat.Action.PREPARER, combat.Action.ATTAQUER)).avantages_attaque == 1
        defense = combat.Activation((combat.Action.DEFENDRE, combat.Action.DEFENDRE)).defense
        assert defense is not None and defense.bonus == 2
        reaction = combat.se_defendre(reaction=True)
        assert (reaction.bonus, reaction.perd_prochaine_activation) == (2, True)
        au_sol, a_la_nage = combat.se_deplacer(combat.Milieu.SOL, 2), combat.se_deplacer(combat.Milieu.EAU, 2)
        assert (au_sol.metres, a_la_nage.metres) == (20, 10)
        des = DesScriptes([2, 2, 2])
        assert combat.se_deplacer(combat.Milieu.SOL, terrain_difficile=True, physique=3, des=des).metres == 12
        des.fin()
        assert combat.aider().avantages == 1

    def test_degats_continus(self) -> None:
        poison = combat.DegatsContinus(2)
        assert (poison.total(tours=4), poison.total(tours=4, soigne_apres=1)) == (8, 2)

    def test_jules_entrepot(self) -> None:
        des = DesScriptes([1, 3, 5, 1, 2, 4])
        tir = combat.attaquer(3, arme=2, defense=combat.se_defendre(1).bonus, des=des)
        coup = combat.attaquer(4, arme=1, protection=1, des=des)
        des.fin()
        assert (tir.requis, tir.jet.succes, tir.touche, tir.degats) == (2, 2, True, 2)
        assert (coup.aggravation, coup.protection_effective, coup.degats) == (2, 1, 2)
        suspect = Vitalite.nouvelle(physique=3, mental=1).subir(2).subir(coup.degats)
        assert (suspect.pe, suspect.etat) == (0, Etat.GRAVEMENT_BLESSE)

    def test_jules_entrepot_coherence(self) -> None:
        des = DesScriptes([1, 3, 5, 2, 4, 1, 1, 3, 5, 1, 3, 5, 1, 3, 5])
        tireur, jules = tester(3, des=des), tester(4, des=des)
        simple = combat.attaquer(3, arme=2, defense=combat.se_defendre(1).bonus, des=des)
        totale = combat.attaquer(3, arme=2, defense=combat.se_defendre(2).bonus, des=des)
        sans_esquive = combat.attaquer(3, arme=2, des=des)
        des.fin()
        assert max(0, tireur.succes - jules.succes) == 0
        assert (simple.touche, simple.degats) == (True, 2)
        assert (totale.requis, totale.touche) == (3, False)
        assert (sans_esquive.jet.succes * 1 + 2, sans_esquive.degats) == (4, 3)


class TestPageEnergie:
    """docs/troisd6/energie.md."""

    def test_etats(self) -> None:
        heros = Vitalite.nouvelle(physique=3, mental=2).subir(3)
        assert (heros.pe, heros.etat, heros.desavantages) == (2, Etat.AFFAIBLI, 1)
        heros = heros.subir(4)
        assert (heros.pe, heros.etat) == (-2, Etat.CRITIQUE)
        heros = heros.reprendre_conscience().recuperer(1)
        assert (heros.pe, heros.infirme) == (1, True)
        robot = Vitalite.nouvelle(physique=4, mental=2, robot=True).subir(4)
        assert (robot.pe, robot.etat) == (2, Etat.EN_FORME)

    def test_stabiliser(self) -> None:
        blesse = Vitalite.nouvelle(physique=3, mental=3).subir(8)
        aide = blesse.stabiliser()
        assert (aide.pe, aide.recuperer(2).infirme) == (0, False)
        des = DesScriptes([1, 2, 3])
        seul = blesse.se_stabiliser(tester(3, difficulte=3, des=des))
        des.fin()
        assert (seul.pe, seul.sequelle_menace, seul.recuperer(1).infirme) == (0, False, False)

    def test_soigner(self) -> None:
        des = DesScriptes([1, 3, 5, 2, 2, 2, 6, 6, 6, 1, 5, 6])
        patient = Vitalite(1, 7)
        assert patient.soigner(tester(3, des=des)).pe == 3
        assert patient.soigner(tester(3, des=des)).pe == 7
        rate = patient.soigner(tester(3, des=des))
        assert (rate.pe, rate.infirme) == (1, True)
        assert Vitalite(1, 9, robot=True, physique=3).soigner(tester(2, des=des)).pe == 7
        des.fin()
