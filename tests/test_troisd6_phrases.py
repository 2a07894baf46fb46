"""Les phrases que le 3D6 montre aux joueurs : zéro, singulier et pluriel, jamais « (s) »."""

from __future__ import annotations

import re
from typing import Any

import pytest

from jdr_core.des import DesScriptes
from jdr_core.erreurs import RegleEnfreinte
from jdr_core.troisd6.combat import (
    Action,
    Activation,
    Combattant,
    Milieu,
    aider,
    annoncer_ordre,
    attaquer,
    gener,
    se_defendre,
    se_deplacer,
)
from jdr_core.troisd6.energie import Vitalite
from jdr_core.troisd6.opposition import Egalite, Mode, Poursuite, TacheLongue, action_de_groupe, duree, opposer
from jdr_core.troisd6.test import pour_la_difficulte, tester

#: Ce qu'aucune phrase ne doit contenir : « (s) », un moins ASCII devant un chiffre, une
#: capitale d'article après deux-points, un booléen ou un repr de nos classes.
INTERDITS = re.compile(r"\(s\)|(?<![\w])-\d| : (Le|La|Les|L'|Un|Une|Aucun|Aucune) |True|False|\w+\(\w+=")


def jet(carac: int, *faces: int, **kw: Any):  # type: ignore[no-untyped-def]
    return tester(carac, des=DesScriptes(faces), **kw)


def propre(phrase: str) -> str:
    assert not INTERDITS.search(phrase), phrase
    return phrase


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


class TestPhraseAttaque:
    """Touché ou raté, et le détail des dégâts avec le vrai signe moins."""

    def test_rate_zero_un_plusieurs_demandes(self) -> None:
        assert propre(str(attaquer(3, arme=2, des=DesScriptes([4, 5, 6])))) == \
            "4, 5, 6 contre 3 : aucun succès pour 1 demandé, raté."
        assert str(attaquer(3, arme=2, defense=2, des=DesScriptes([1, 5, 6]))) == \
            "1, 5, 6 contre 3 : 1 succès pour 3 demandés, raté."

    @pytest.mark.parametrize(("protection", "perte"), [(0, "soit 2 PE perdus"), (1, "soit 1 PE perdu"),
                                                       (2, "soit aucun PE perdu")])
    def test_pe_perdus(self, protection: int, perte: str) -> None:
        texte = str(attaquer(3, arme=2, protection=protection, des=DesScriptes([1, 5, 6])))
        assert propre(texte).endswith(perte + ".")
        if protection:
            assert f"protection −{protection}" in texte

    def test_fp_et_aggravation(self) -> None:
        texte = str(attaquer(3, arme=1, fp=1, des=DesScriptes([1, 2, 6])))
        assert texte == ("1, 2, 6 contre 3 : 3 succès (dont 1 grâce au FP) pour 1 demandé, touché. "
                         "Dégâts : base 1, aggravation +2, FP +1, soit 4 PE perdus.")

    def test_degats_automatiques(self) -> None:
        texte = str(attaquer(3, arme=2, protection=2, automatique=True, des=DesScriptes([1, 5, 6])))
        assert texte.endswith("Dégâts : base 2, protection ignorée (dégâts automatiques), soit 2 PE perdus.")

    def test_critiques(self) -> None:
        critique = str(attaquer(3, arme=2, des=DesScriptes([2, 2, 2])))
        assert "réussite critique : touché, dégâts de base doublés" in critique
        casse = str(attaquer(4, arme=2, des=DesScriptes([5, 5, 5])))
        assert propre(casse) == "5, 5, 5 contre 4 : aucun succès pour 1 demandé et échec critique : " \
                                "raté, l'arme est cassée ou enrayée."


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


class TestPhraseCombat:
    """Initiative, activations, défense, aide, déplacement."""

    def test_initiative(self) -> None:
        assert annoncer_ordre([Combattant("Jules", 4)]) == "Jules agit seul."
        assert annoncer_ordre([Combattant("le garde", 2), Combattant("l'androïde", 3)]) == \
            "L'androïde agit en premier, puis le garde."
        assert annoncer_ordre([Combattant(n, 3) for n in ("Ada", "Bo", "Cy")]) == \
            "Ada agit en premier, puis Bo et Cy."
        with pytest.raises(RegleEnfreinte, match="au moins un combattant"):
            annoncer_ordre([])

    def test_activations(self) -> None:
        assert str(Activation(())) == "Aucune action."
        assert str(Activation((Action.DEPLACER,))) == "Se déplacer."
        assert str(Activation((Action.DEFENDRE, Action.DEPLACER))) == \
            "Se défendre, puis se déplacer : position défensive, tout attaquant doit obtenir 1 succès de plus."
        assert str(Activation((Action.PREPARER, Action.ATTAQUER))) == \
            "Préparer son coup, puis attaquer : un avantage au test d'attaque."

    def test_defenses(self) -> None:
        assert str(se_defendre(2)) == "Position défensive totale, tout attaquant doit obtenir 2 succès de plus."
        assert str(se_defendre(reaction=True)).endswith("mais la prochaine activation est perdue.")

    def test_aide_gene(self) -> None:
        assert str(aider()) == "Aide réussie : un avantage au test de l'allié."
        assert str(gener()) == "Gêne réussie : un désavantage au test de l'adversaire."

    def test_deplacement(self) -> None:
        assert str(se_deplacer(Milieu.AIR)) == "10 m dans les airs."
        terrain = se_deplacer(Milieu.EAU, 2, terrain_difficile=True, physique=3, des=DesScriptes([4, 5, 1, 6]))
        assert propre(str(terrain)) == \
            "2 m dans l'eau en terrain difficile (4, 5 contre 3 : aucun succès ; 1, 6 contre 3 : 1 succès)."


class TestPhraseVitalite:
    """Les PE (avec le vrai signe moins), l'état, son effet et la séquelle."""

    @pytest.mark.parametrize(("pe", "debut"), [
        (5, "5 PE sur 5 : en forme."),
        (1, "1 PE sur 5 : affaibli, un désavantage sur toutes les actions."),
        (0, "0 PE sur 5 : gravement blessé, incapable d'agir vraiment avant d'avoir retrouvé 1 PE."),
        (-1, "−1 PE sur 5 : état critique, à stabiliser ou à soigner"),
    ])
    def test_etats(self, pe: int, debut: str) -> None:
        assert propre(str(Vitalite(pe, 5))).startswith(debut)

    def test_sequelle(self) -> None:
        tombe = Vitalite.nouvelle(physique=3, mental=2).subir(6)
        assert str(tombe).endswith("; la séquelle Infirme menace, faute de stabilisation.")
        assert str(tombe.stabiliser()).endswith("avant d'avoir retrouvé 1 PE.")
        assert str(tombe.reprendre_conscience().recuperer(3)) == "3 PE sur 5 : en forme, avec le défaut Infirme."
