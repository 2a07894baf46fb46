"""Combat (jdr_core/troisd6/combat.py) : initiative, activations, défense, déplacement, attaque, dégâts, phrases."""


import pytest

from jdr_core.des import DesScriptes
from jdr_core.erreurs import JdrErreur, RegleEnfreinte
from jdr_core.troisd6 import combat

from .phrases_troisd6 import propre


class TestInitiative:
    """Physique décroissant, puis nature, puis PJ avant PNJ."""

    def test_ordre_complet(self) -> None:
        c = [
            combat.Combattant("autre", 3, combat.Nature.AUTRE),
            combat.Combattant("humain PNJ", 3),
            combat.Combattant("humain PJ", 3, pj=True),
            combat.Combattant("non-humain", 3, combat.Nature.NON_HUMAIN),
            combat.Combattant("robot", 3, combat.Nature.ROBOT),
            combat.Combattant("animal", 3, combat.Nature.ANIMAL),
            combat.Combattant("rapide", 5),
        ]
        assert [x.nom for x in combat.ordre_initiative(c)] == [
            "rapide", "animal", "robot", "non-humain", "humain PJ", "humain PNJ", "autre",
        ]


class TestActions:
    """Deux actions, une seule attaque, préparer juste avant d'attaquer."""

    def test_trop_d_actions(self) -> None:
        with pytest.raises(RegleEnfreinte, match="au plus 2"):
            combat.Activation((combat.Action.DEPLACER, combat.Action.DEPLACER, combat.Action.AIDER))

    def test_preparer_sans_attaque(self) -> None:
        with pytest.raises(RegleEnfreinte, match="juste avant"):
            combat.Activation((combat.Action.ATTAQUER, combat.Action.PREPARER))

    def test_defense_simple_et_totale(self) -> None:
        assert combat.Activation((combat.Action.DEFENDRE, combat.Action.ATTAQUER)).defense == combat.se_defendre(1)
        assert combat.se_defendre(2).bonus == 2 and not combat.se_defendre(2).perd_prochaine_activation
        assert combat.se_defendre(1, reaction=True).bonus == 2

    def test_aider_gener(self) -> None:
        assert (combat.aider().avantages, combat.gener().desavantages) == (1, 1)


class TestDeplacement:
    """10 m par action (sol, air), 5 m dans l'eau, 2 m par succès en terrain difficile."""

    def test_simple(self) -> None:
        assert combat.se_deplacer(combat.Milieu.AIR, 1).metres == 10

    def test_critique_double(self) -> None:
        d = combat.se_deplacer(combat.Milieu.SOL, 1, terrain_difficile=True, physique=4, des=DesScriptes([3, 3, 3]))
        assert d.metres == 12

    def test_eau_difficile_desavantage(self) -> None:
        d = combat.se_deplacer(combat.Milieu.EAU, 1, terrain_difficile=True, physique=3, des=DesScriptes([1, 6]))
        assert (len(d.jets[0].des), d.metres) == (2, 2)

    def test_terrain_difficile_sans_des(self) -> None:
        with pytest.raises(RegleEnfreinte):
            combat.se_deplacer(combat.Milieu.SOL, terrain_difficile=True)


class TestAttaque:
    """Toucher, aggravation, FP, protection, critiques, dégâts automatiques."""

    def test_rate_avec_defense(self) -> None:
        a = combat.attaquer(3, arme=3, defense=2, des=DesScriptes([1, 2, 6]))
        assert (a.requis, a.touche, a.degats) == (3, False, 0)

    def test_aggravation_et_fp(self) -> None:
        a = combat.attaquer(4, arme=3, fp=2, protection=1, fp_protection=1, des=DesScriptes([1, 2, 6]))
        # 2 succès des dés + 2 du FP = 4 ; aggravation 3 ; 3 + 3 + 2 − 2 = 6
        assert (a.jet.succes, a.aggravation, a.degats) == (4, 3, 6)

    def test_critique_double_la_base(self) -> None:
        a = combat.attaquer(3, arme=2, des=DesScriptes([2, 2, 2]))
        assert (a.base, a.aggravation, a.degats) == (4, 2, 6)

    def test_echec_critique_casse(self) -> None:
        a = combat.attaquer(5, arme=2, des=DesScriptes([6, 6, 6]))
        assert a.arme_cassee and not a.touche and "cassée" in str(a)

    def test_automatique_ignore_protection(self) -> None:
        a = combat.attaquer(3, arme=1, protection=4, automatique=True, des=DesScriptes([1, 5, 6]))
        assert a.degats == 1

    def test_protection_ne_rend_pas_de_pe(self) -> None:
        assert combat.attaquer(3, arme=1, protection=4, des=DesScriptes([1, 5, 6])).degats == 0

    @pytest.mark.parametrize("arme", [0, 6])
    def test_arme_hors_table(self, arme: int) -> None:
        with pytest.raises(JdrErreur, match="arme"):
            combat.attaquer(3, arme=arme, des=DesScriptes([1, 1, 1]))


class TestDegatsContinus:
    """De 1 à 3 par tour, jusqu'aux soins."""

    def test_bornes(self) -> None:
        with pytest.raises(JdrErreur):
            combat.DegatsContinus(4)
        assert combat.DegatsContinus(3).total(tours=2) == 6


class TestSeRelever:
    """Se relever coûte une action, seulement à terre ; à terre, on se relève avant de bouger."""

    def test_une_action_puis_une_autre(self) -> None:
        a = combat.Activation((combat.Action.SE_RELEVER, combat.Action.ATTAQUER), au_sol=True)
        assert a.debout and str(a) == "Se relever, puis attaquer : de nouveau debout."

    def test_reste_a_terre(self) -> None:
        assert not combat.Activation((combat.Action.DEFENDRE,), au_sol=True).debout

    def test_debout_par_defaut(self) -> None:
        assert combat.Activation((combat.Action.DEPLACER,)).debout

    @pytest.mark.parametrize(("actions", "au_sol"), [
        ((combat.Action.SE_RELEVER,), False),
        ((combat.Action.SE_RELEVER, combat.Action.SE_RELEVER), True),
    ])
    def test_deja_debout(self, actions: tuple[combat.Action, ...], au_sol: bool) -> None:
        with pytest.raises(RegleEnfreinte, match="déjà debout"):
            combat.Activation(actions, au_sol=au_sol)

    def test_pas_de_deplacement_a_terre(self) -> None:
        with pytest.raises(RegleEnfreinte, match="d'abord se relever"):
            combat.Activation((combat.Action.DEPLACER, combat.Action.SE_RELEVER), au_sol=True)

    def test_ramper_en_parametre(self) -> None:
        assert not combat.Activation((combat.Action.DEPLACER,), au_sol=True, ramper=True).debout

    def test_trois_actions_refusees(self) -> None:
        with pytest.raises(RegleEnfreinte, match="au plus 2"):
            combat.Activation((combat.Action.SE_RELEVER, combat.Action.DEPLACER, combat.Action.ATTAQUER), au_sol=True)

    def test_actions_illisibles(self) -> None:
        with pytest.raises(RegleEnfreinte, match="suite d'actions"):
            combat.Activation(("se relever",), au_sol=True)  # type: ignore[arg-type]


class TestErreursFrancaises:
    """Une saisie brute hors des choix donne une phrase, pas une KeyError."""

    def test_milieu_inconnu(self) -> None:
        with pytest.raises(RegleEnfreinte, match="milieu inconnu : au sol, dans les airs, dans l'eau"):
            combat.se_deplacer("sol", 1)  # type: ignore[arg-type]


class TestPhraseAttaque:
    """Touché ou raté, et le détail des dégâts avec le vrai signe moins."""

    def test_rate_zero_un_plusieurs_demandes(self) -> None:
        assert propre(str(combat.attaquer(3, arme=2, des=DesScriptes([4, 5, 6])))) == \
            "4, 5, 6 contre 3 : aucun succès pour 1 demandé, raté."
        assert str(combat.attaquer(3, arme=2, defense=2, des=DesScriptes([1, 5, 6]))) == \
            "1, 5, 6 contre 3 : 1 succès pour 3 demandés, raté."

    @pytest.mark.parametrize(("protection", "perte"), [(0, "soit 2 PE perdus"), (1, "soit 1 PE perdu"),
                                                       (2, "soit aucun PE perdu")])
    def test_pe_perdus(self, protection: int, perte: str) -> None:
        texte = str(combat.attaquer(3, arme=2, protection=protection, des=DesScriptes([1, 5, 6])))
        assert propre(texte).endswith(perte + ".")
        if protection:
            assert f"protection −{protection}" in texte

    def test_fp_et_aggravation(self) -> None:
        texte = str(combat.attaquer(3, arme=1, fp=1, des=DesScriptes([1, 2, 6])))
        assert texte == ("1, 2, 6 contre 3 : 3 succès (dont 1 grâce au FP) pour 1 demandé, touché. "
                         "Dégâts : base 1, aggravation +2, FP +1, soit 4 PE perdus.")

    def test_degats_automatiques(self) -> None:
        texte = str(combat.attaquer(3, arme=2, protection=2, automatique=True, des=DesScriptes([1, 5, 6])))
        assert texte.endswith("Dégâts : base 2, protection ignorée (dégâts automatiques), soit 2 PE perdus.")

    def test_critiques(self) -> None:
        critique = str(combat.attaquer(3, arme=2, des=DesScriptes([2, 2, 2])))
        assert "réussite critique : touché, dégâts de base doublés" in critique
        casse = str(combat.attaquer(4, arme=2, des=DesScriptes([5, 5, 5])))
        assert propre(casse) == "5, 5, 5 contre 4 : aucun succès pour 1 demandé et échec critique : " \
                                "raté, l'arme est cassée ou enrayée."


class TestPhraseCombat:
    """Initiative, activations, défense, aide, déplacement."""

    def test_initiative(self) -> None:
        assert combat.annoncer_ordre([combat.Combattant("Jules", 4)]) == "Jules agit seul."
        assert combat.annoncer_ordre([combat.Combattant("le garde", 2), combat.Combattant("l'androïde", 3)]) == \
            "L'androïde agit en premier, puis le garde."
        assert combat.annoncer_ordre([combat.Combattant(n, 3) for n in ("Ada", "Bo", "Cy")]) == \
            "Ada agit en premier, puis Bo et Cy."
        with pytest.raises(RegleEnfreinte, match="au moins un combattant"):
            combat.annoncer_ordre([])

    def test_activations(self) -> None:
        assert str(combat.Activation(())) == "Aucune action."
        assert str(combat.Activation((combat.Action.DEPLACER,))) == "Se déplacer."
        assert str(combat.Activation((combat.Action.DEFENDRE, combat.Action.DEPLACER))) == \
            "Se défendre, puis se déplacer : position défensive, tout attaquant doit obtenir 1 succès de plus."
        assert str(combat.Activation((combat.Action.PREPARER, combat.Action.ATTAQUER))) == \
            "Préparer son coup, puis attaquer : un avantage au test d'attaque."

    def test_defenses(self) -> None:
        assert str(combat.se_defendre(2)) == "Position défensive totale, tout attaquant doit obtenir 2 succès de plus."
        assert str(combat.se_defendre(reaction=True)).endswith("mais la prochaine activation est perdue.")

    def test_aide_gene(self) -> None:
        assert str(combat.aider()) == "Aide réussie : un avantage au test de l'allié."
        assert str(combat.gener()) == "Gêne réussie : un désavantage au test de l'adversaire."

    def test_deplacement(self) -> None:
        assert str(combat.se_deplacer(combat.Milieu.AIR)) == "10 m dans les airs."
        terrain = combat.se_deplacer(combat.Milieu.EAU, 2, terrain_difficile=True, physique=3,
                                     des=DesScriptes([4, 5, 1, 6]))
        assert propre(str(terrain)) == \
            "2 m dans l'eau en terrain difficile (4, 5 contre 3 : aucun succès ; 1, 6 contre 3 : 1 succès)."
