"""2D6 : les scènes majeures (jdr_core/deuxd6/scene.py) : initiative, échanges, manches."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from jdr_core.des import DesAleatoires, DesScriptes
from jdr_core.deuxd6.jet import PAIRES, Jet2D6
from jdr_core.deuxd6.manoeuvres import Camp, Distance, Manoeuvre
from jdr_core.deuxd6.poursuite import Echange as EchangePoursuite
from jdr_core.deuxd6.poursuite import Poursuite, Resultat
from jdr_core.deuxd6.scene import (
    IssueEchange,
    Ordre,
    RegleScene,
    Score,
    chances_echange,
    chances_initiative,
    determiner_initiative,
    distribution_scene,
    distribution_scene_complete,
    issue_echange,
    jets_echange,
    jouer_scene,
)
from jdr_core.erreurs import JdrErreur

from .enumeration import enumerer


class TestEchange:
    """Les quatre issues d'un échange, les Dd et la contre-attaque."""

    def test_quatre_issues(self) -> None:
        regle = RegleScene(cibles=(8, 8))
        cas = {(1, 2, 6, 5): IssueEchange.MANCHE, (1, 2, 1, 3): IssueEchange.STATU_QUO,
               (6, 5, 1, 2): IssueEchange.INITIATIVE, (6, 5, 6, 4): IssueEchange.INITIATIVE}
        for faces, issue in cas.items():
            scene = jouer_scene(regle, des=DesScriptes(faces), echanges_max=1)
            assert scene.echanges[0].issue is issue

    def test_critique_impose_le_dd(self) -> None:
        att, dfn, lu = jets_echange(9, 8, Ordre.ATTAQUANT, (3, 3), (2, 4))
        assert att.critique and dfn.cible == 8 and dfn.reussi
        assert lu.ajustement_defenseur == -3 and not lu.defenseur_reussit
        assert issue_echange(lu) is IssueEchange.MANCHE

    def test_maladresse_donne_le_dd(self) -> None:
        _, dfn, lu = jets_echange(8, 6, Ordre.DEFENSEUR, (4, 5), (4, 4))
        assert dfn.maladresse and lu.ajustement_attaquant == 4 and lu.attaquant_reussit

    def test_simultane(self) -> None:
        _, _, lu = jets_echange(8, 8, Ordre.SIMULTANE, (2, 2), (3, 3))
        assert (lu.ajustement_attaquant, lu.ajustement_defenseur) == (-3, -2)
        assert lu.attaquant_reussit and lu.defenseur_reussit

    @pytest.mark.parametrize("ordre", list(Ordre))
    def test_le_critique_du_defenseur_compte(self, ordre: Ordre) -> None:
        """Deux réussites, critique du défenseur (Dd 2) : l'attaquant relit son 7 contre 6 et perd la main."""
        _, _, lu = jets_echange(8, 8, ordre, (3, 4), (2, 2))
        assert lu.ajustement_attaquant == -2 and issue_echange(lu) is IssueEchange.INITIATIVE

    @pytest.mark.parametrize("ordre", list(Ordre))
    def test_la_maladresse_du_defenseur_compte(self, ordre: Ordre) -> None:
        """Deux échecs, maladresse du défenseur (Dd 5) : l'attaquant relit son 9 contre 13 et gagne la manche."""
        _, _, lu = jets_echange(8, 8, ordre, (4, 5), (5, 5))
        assert lu.ajustement_attaquant == 5 and issue_echange(lu) is IssueEchange.MANCHE

    def test_deux_critiques_selon_l_ordre(self) -> None:
        """Le seul cas où l'ordre compte : deux doubles dans le même échange."""
        issues = {o: issue_echange(jets_echange(7, 6, o, (3, 3), (2, 2))[2]) for o in Ordre}
        assert issues == {Ordre.ATTAQUANT: IssueEchange.MANCHE, Ordre.DEFENSEUR: IssueEchange.INITIATIVE,
                          Ordre.SIMULTANE: IssueEchange.INITIATIVE}

    @pytest.mark.parametrize("ordre", list(Ordre))
    @pytest.mark.parametrize(("ca", "cd"), [(8, 8), (9, 6), (5, 10), (12, 3)])
    def test_meme_lecture_qu_en_poursuite(self, ca: int, cd: int, ordre: Ordre) -> None:
        """Les mêmes dés donnent la même issue dans un échange de scène et dans une manche de poursuite."""
        correspondance = {Resultat.REUSSIE: IssueEchange.MANCHE, Resultat.SANS_EFFET: IssueEchange.STATU_QUO,
                          Resultat.RATEE: IssueEchange.INITIATIVE}
        for da in PAIRES:
            for dd in PAIRES:
                chasse = EchangePoursuite(Jet2D6(da, ca), Jet2D6(dd, cd), ordre).resultat
                assert issue_echange(jets_echange(ca, cd, ordre, da, dd)[2]) is correspondance[chasse]

    def test_poursuite_ordre_defenseur_lance_d_abord(self) -> None:
        """En poursuite aussi, l'ordre « défenseur d'abord » lance ses dés en premier et lit son double d'abord."""
        depart = Poursuite(2, 2, Distance.MOYEN, Camp.POURSUIVI, ordre=Ordre.DEFENSEUR, noms=("Ugo", "Ada"))
        manche = depart.tour(Manoeuvre.RATTRAPER_FUIR, des=DesScriptes([2, 2, 3, 3])).manches[0]
        assert manche.jet_defenseur is not None and manche.jet_defenseur.des == (2, 2)
        assert manche.ajustement_attaquant == -2 and manche.ajustement_defenseur == -3
        texte = str(manche)
        assert texte.index("Critique adverse (−2) : Ada") < texte.index("Critique adverse (−3) : Ugo")

    def test_ordre_defenseur_lit_les_des_du_defenseur_d_abord(self) -> None:
        regle = RegleScene(cibles=(8, 8), ordre=Ordre.DEFENSEUR)
        e = jouer_scene(regle, des=DesScriptes([1, 1, 6, 5]), echanges_max=1).echanges[0]
        assert e.jet_defenseur is not None and e.jet_defenseur.des == (1, 1)
        assert e.lecture is not None and e.lecture.ajustement_attaquant == 0 and e.issue is IssueEchange.INITIATIVE

    def test_relecture_racontee(self) -> None:
        regle = RegleScene(cibles=(8, 8), noms=("Hugo", "Inès"))
        texte = str(jouer_scene(regle, des=DesScriptes([3, 4, 2, 2]), echanges_max=1))
        assert "Inès fait 2 et 2 = 4 contre 8 : réussite critique (Dd 2). Critique adverse (−2) : Hugo échoue " \
               "(7 contre 6). Inès prend l'initiative." in texte

    def test_modificateur_de_l_attaquant_pour_les_deux(self) -> None:
        regle = RegleScene(cibles=(9, 8), modificateurs=(-3, 2))
        assert regle.cibles_echange(0) == (6, 5) and regle.cibles_echange(1) == (10, 11)

    def test_contre_attaque_reussie(self) -> None:
        regle = RegleScene(cibles=(9, 9), contre_attaque=(False, True))
        des = DesScriptes([1, 2])
        scene = jouer_scene(regle, des=des, echanges_max=1)
        e = scene.echanges[0]
        assert e.contre_attaque and e.jet_attaquant is None and e.jet_defenseur.cible == 6
        assert e.issue is IssueEchange.INITIATIVE and scene.initiative == 1 and des.restants == 0

    def test_contre_attaque_ratee(self) -> None:
        regle = RegleScene(cibles=(9, 9), contre_attaque=(False, True))
        scene = jouer_scene(regle, des=DesScriptes([5, 3]), echanges_max=1)
        assert scene.vainqueur == 0 and "Contre-attaque ratée" in str(scene)

    def test_chances_echange(self) -> None:
        for ordre in Ordre:
            c = chances_echange(RegleScene(cibles=(9, 6), ordre=ordre), 0)
            assert sum(c.values()) == 1
        c = chances_echange(RegleScene(cibles=(9, 9), contre_attaque=(False, True)), 0)
        assert c[IssueEchange.INITIATIVE] == Fraction(15, 36) and c[IssueEchange.STATU_QUO] == 0


class TestScene:
    """Manches à gagner, score, initiative, borne du nombre d'échanges."""

    def test_manches(self) -> None:
        regle = RegleScene(cibles=(9, 7), manches=(2, 1), noms=("Nora", "le garde"))
        scene = jouer_scene(regle, des=DesScriptes([1, 2, 6, 5, 2, 3, 4, 5]))
        assert scene.vainqueur == 0 and scene.score == (2, 0) and len(scene.echanges) == 2
        assert "(1 sur 2)" in str(scene) and str(scene).endswith("Nora remporte la scène.")

    def test_score_par_camp_ou_remis_a_zero(self) -> None:
        faces = [1, 2, 6, 5, 6, 5, 1, 2]  # manche pour A, puis A rate : B prend la main
        garde = jouer_scene(RegleScene(cibles=(9, 7), manches=(2, 2)), des=DesScriptes(faces), echanges_max=2)
        remis = jouer_scene(RegleScene(cibles=(9, 7), manches=(2, 2), score=Score.REMISE_A_ZERO),
                            des=DesScriptes(faces), echanges_max=2)
        assert garde.score == (1, 0) and remis.score == (0, 0)
        assert garde.initiative == remis.initiative == 1

    def test_borne_des_echanges(self) -> None:
        scene = jouer_scene(RegleScene(cibles=(12, 12)), des=DesAleatoires(1), echanges_max=5)
        assert len(scene.echanges) <= 5
        with pytest.raises(JdrErreur, match="échanges 61"):
            jouer_scene(RegleScene(cibles=(7, 7)), des=DesAleatoires(1), echanges_max=61)

    def test_sans_vainqueur(self) -> None:
        scene = jouer_scene(RegleScene(cibles=(20, 20)), des=DesScriptes([1, 2, 1, 3]), echanges_max=1)
        assert scene.vainqueur is None and "rien n'est joué" in str(scene)

    def test_regle_validee(self) -> None:
        with pytest.raises(JdrErreur, match="manches à gagner 0"):
            RegleScene(cibles=(7, 7), manches=(0, 1))
        with pytest.raises(JdrErreur, match="cible 99"):
            RegleScene(cibles=(99, 7))

    def test_initiative(self) -> None:
        des = DesScriptes([])
        assert determiner_initiative(5, 9, des=des, surprise=True).camp == 0
        assert determiner_initiative(5, 9, des=DesScriptes([6, 1, 2, 3])).camp == 1
        egal = determiner_initiative(7, 7, des=DesScriptes([3, 4, 4, 3]), relances_max=0)
        assert egal.camp == 0 and "reste à A" in str(egal)

    def test_chances_initiative_contre_brute_force(self) -> None:
        d = enumerer(lambda des: determiner_initiative(6, 9, des=des, relances_max=0).camp)
        assert d == {k: v for k, v in chances_initiative(6, 9, relances_max=0).items() if v}

    @pytest.mark.parametrize("regle", [
        RegleScene(cibles=(9, 8)),
        RegleScene(cibles=(7, 9), ordre=Ordre.DEFENSEUR, modificateurs=(-2, 1)),
        RegleScene(cibles=(8, 8), ordre=Ordre.SIMULTANE),
    ])
    def test_markov_un_echange_contre_brute_force(self, regle: RegleScene) -> None:
        d = enumerer(lambda des: jouer_scene(regle, des=des, echanges_max=1).vainqueur)
        attendu = distribution_scene(regle, echanges_max=1)
        assert {k: d.get(k, Fraction(0)) for k in attendu} == attendu

    @pytest.mark.parametrize("score", list(Score))
    def test_markov_contre_attaques_contre_brute_force(self, score: Score) -> None:
        regle = RegleScene(cibles=(8, 9), contre_attaque=(True, True), manches=(2, 1), score=score)
        d = enumerer(lambda des: jouer_scene(regle, des=des, echanges_max=3).vainqueur)
        attendu = distribution_scene(regle, echanges_max=3)
        assert {k: d.get(k, Fraction(0)) for k in attendu} == attendu

    def test_markov_deux_echanges_a_la_main(self) -> None:
        regle = RegleScene(cibles=(8, 9))
        a, b = chances_echange(regle, 0), chances_echange(regle, 1)
        m, s_, i = IssueEchange.MANCHE, IssueEchange.STATU_QUO, IssueEchange.INITIATIVE
        d = distribution_scene(regle, echanges_max=2)
        assert d[0] == a[m] + a[s_] * a[m]
        assert d[1] == a[i] * b[m]
        assert d[None] == a[s_] * (a[s_] + a[i]) + a[i] * (b[s_] + b[i])

    def test_markov_converge(self) -> None:
        d = distribution_scene(RegleScene(cibles=(9, 8)), echanges_max=60)
        assert d[None] < Fraction(1, 10**6) and sum(d.values()) == 1

    def test_scene_complete_melange_l_initiative(self) -> None:
        regle = RegleScene(cibles=(9, 8))
        surprise = distribution_scene_complete(regle, surprise=True, echanges_max=3)
        assert surprise == distribution_scene(regle, initiative=0, echanges_max=3)
        ouverte = distribution_scene_complete(regle, echanges_max=3)
        assert sum(ouverte.values()) == 1 and ouverte[0] < surprise[0]

    @given(ca=st.integers(-5, 20), cb=st.integers(-5, 20), ma=st.integers(1, 4), mb=st.integers(1, 4),
           contre=st.tuples(st.booleans(), st.booleans()), ordre=st.sampled_from(Ordre),
           score=st.sampled_from(Score), graine=st.integers(0, 2**32), n=st.integers(1, 30))
    def test_propriete_scene(self, ca: int, cb: int, ma: int, mb: int, contre: tuple[bool, bool], ordre: Ordre,
                             score: Score, graine: int, n: int) -> None:
        regle = RegleScene(cibles=(ca, cb), manches=(ma, mb), contre_attaque=contre, ordre=ordre, score=score)
        scene = jouer_scene(regle, des=DesAleatoires(graine), echanges_max=n)
        assert 1 <= len(scene.echanges) <= n
        for e in scene.echanges[:-1]:
            assert e.vainqueur is None
        if scene.vainqueur is not None:
            assert scene.score[scene.vainqueur] == regle.manches[scene.vainqueur]
        for e in scene.echanges:
            assert (e.jet_attaquant is None) == contre[1 - e.attaquant]
            if e.issue is IssueEchange.INITIATIVE:
                assert e.initiative == 1 - e.attaquant
        assert str(scene)


def test_jet_brut_reste_une_valeur() -> None:
    """Un Jet2D6 ne change pas quand on le réutilise dans un échange."""
    jet = Jet2D6((2, 2), 7)
    jets_echange(7, 7, Ordre.ATTAQUANT, jet.des, (1, 2))
    assert jet.cible == 7 and jet.critique
