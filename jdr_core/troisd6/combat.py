"""Le combat : initiative, deux actions par tour, attaque, défense, dégâts.

Jules (PHYSIQUE 4) agit avant le suspect (PHYSIQUE 3) :

>>> ordre = ordre_initiative([Combattant("le suspect", 3), Combattant("Jules", 4, pj=True)])
>>> [c.nom for c in ordre]
['Jules', 'le suspect']
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum
from typing import TypedDict, Unpack

from ..des import SourceDes
from ..erreurs import RegleEnfreinte, entier_borne
from ..francais import accorder, compter, majuscule, signe
from ..loi import Loi
from .test import (
    FP_MAX,
    Critique,
    JetTest,
    ReglagesTest,
    RegleCritique,
    reussite,
    tester,
)

ARME_MIN, ARME_MAX = 1, 5
PROTECTION_MAX = 4
#: Succès supplémentaires qu'une défense peut exiger (position défensive totale).
DEFENSE_MAX = 2
ACTIONS_PAR_TOUR = 2


class Nature(Enum):
    """Départage de l'initiative à Physique égal, dans cet ordre."""

    ANIMAL = 1
    ROBOT = 2
    NON_HUMAIN = 3
    HUMAIN = 4
    AUTRE = 5


@dataclass(frozen=True)
class Combattant:
    nom: str
    physique: int
    nature: Nature = Nature.HUMAIN
    pj: bool = False


def ordre_initiative(combattants: Sequence[Combattant]) -> list[Combattant]:
    """Physique décroissant, puis animaux, robots, non-humains, humains, autres ; puis PJ d'abord."""
    from ..francais import de  # « Physique d'Ursula »

    for c in combattants:
        entier_borne(f"Physique {de(c.nom)}", c.physique, 1, 15)
    return sorted(combattants, key=lambda c: (-c.physique, c.nature.value, not c.pj))


def annoncer_ordre(combattants: Sequence[Combattant]) -> str:
    """L'ordre d'initiative dit à la table.

    >>> print(annoncer_ordre([Combattant("le suspect", 3), Combattant("Jules", 4, pj=True)]))
    Jules agit en premier, puis le suspect.
    >>> print(annoncer_ordre([Combattant("le garde", 3)]))
    Le garde agit seul.
    """
    noms = [c.nom for c in ordre_initiative(combattants)]
    if not noms:
        raise RegleEnfreinte("l'initiative demande au moins un combattant")
    if len(noms) == 1:
        return f"{majuscule(noms[0])} agit seul."
    suite = noms[1] if len(noms) == 2 else f"{', '.join(noms[1:-1])} et {noms[-1]}"
    return f"{majuscule(noms[0])} agit en premier, puis {suite}."


class Action(Enum):
    ATTAQUER = "attaquer"
    MAITRISE = "déclencher une maîtrise"
    PREPARER = "préparer son coup"
    DEFENDRE = "se défendre"
    DEPLACER = "se déplacer"
    AIDER = "aider"
    GENER = "gêner"
    SE_RELEVER = "se relever"


@dataclass(frozen=True)
class Activation:
    """Les deux actions d'un personnage pendant son tour.

    ``au_sol`` : le personnage commence son tour à terre ; se relever lui coûte une action.
    Hypothèse (le texte est muet) : à terre, on se relève avant de se déplacer, sauf si
    ``ramper`` l'autorise.

    >>> Activation((Action.PREPARER, Action.ATTAQUER)).avantages_attaque
    1
    >>> Activation((Action.ATTAQUER, Action.ATTAQUER))
    Traceback (most recent call last):
    ...
    jdr_core.erreurs.RegleEnfreinte: une seule attaque par activation
    >>> Activation((Action.SE_RELEVER, Action.DEPLACER), au_sol=True).debout
    True
    """

    actions: tuple[Action, ...]
    au_sol: bool = False
    ramper: bool = False

    def __post_init__(self) -> None:
        if not isinstance(self.actions, tuple) or not all(isinstance(a, Action) for a in self.actions):
            raise RegleEnfreinte("une activation est une suite d'actions de la liste : attaquer, se défendre…")
        self._verifier_au_sol()
        if len(self.actions) > ACTIONS_PAR_TOUR:
            raise RegleEnfreinte(f"{len(self.actions)} actions : au plus {ACTIONS_PAR_TOUR} par tour")
        if self.actions.count(Action.ATTAQUER) > 1:
            raise RegleEnfreinte("une seule attaque par activation")
        if Action.PREPARER in self.actions:
            i = self.actions.index(Action.PREPARER)
            if i + 1 >= len(self.actions) or self.actions[i + 1] is not Action.ATTAQUER:
                raise RegleEnfreinte("préparer son coup se fait juste avant une attaque")

    def _verifier_au_sol(self) -> None:
        """Se relever n'a de sens qu'à terre, une fois ; à terre, pas de déplacement avant."""
        a_terre = self.au_sol
        for action in self.actions:
            if action is Action.SE_RELEVER:
                if not a_terre:
                    raise RegleEnfreinte("se relever : le personnage est déjà debout")
                a_terre = False
            elif action is Action.DEPLACER and a_terre and not self.ramper:
                raise RegleEnfreinte("à terre, il faut d'abord se relever (une action) avant de se déplacer")

    @property
    def debout(self) -> bool:
        """Le personnage est-il debout à la fin de son tour ?"""
        return not self.au_sol or Action.SE_RELEVER in self.actions

    @property
    def avantages_attaque(self) -> int:
        """Préparer son coup donne un avantage à l'attaque qui suit."""
        return 1 if Action.PREPARER in self.actions else 0

    @property
    def defense(self) -> Defense | None:
        n = self.actions.count(Action.DEFENDRE)
        return se_defendre(n) if n else None

    def __str__(self) -> str:
        """Les deux actions et ce qu'elles rapportent.

        >>> print(Activation((Action.DEFENDRE, Action.DEFENDRE)))
        Se défendre deux fois : position défensive totale, tout attaquant doit obtenir 2 succès de plus.
        """
        if not self.actions:
            return "Aucune action."
        if len(self.actions) == 2 and self.actions[0] is self.actions[1]:
            texte = majuscule(f"{self.actions[0].value} deux fois")
        else:
            texte = majuscule(", puis ".join(a.value for a in self.actions))
        effets = []
        if Action.SE_RELEVER in self.actions:
            effets.append("de nouveau debout")
        elif self.au_sol:
            effets.append("toujours à terre")
        if self.avantages_attaque:
            effets.append("un avantage au test d'attaque")
        if self.defense is not None:
            effets.append(self.defense.effet())
        return texte + (f" : {', '.join(effets)}." if effets else ".")


@dataclass(frozen=True)
class Defense:
    """Succès supplémentaires exigés de tout attaquant jusqu'à la prochaine activation."""

    bonus: int
    reaction: bool = False

    @property
    def perd_prochaine_activation(self) -> bool:
        return self.reaction

    def effet(self) -> str:
        """L'effet de la défense, à placer dans une phrase."""
        nom = "position défensive totale" if self.bonus >= DEFENSE_MAX else "position défensive"
        exige = compter(self.bonus, "succès de plus", "succès de plus")
        if self.reaction:
            return f"{nom} en réaction, tout attaquant doit obtenir {exige}, mais la prochaine activation est perdue"
        return f"{nom}, tout attaquant doit obtenir {exige}"

    def __str__(self) -> str:
        """La défense dite à la table.

        >>> print(se_defendre(1))
        Position défensive, tout attaquant doit obtenir 1 succès de plus.
        """
        return majuscule(self.effet()) + "."


def se_defendre(actions: int = 1, *, reaction: bool = False) -> Defense:
    """1 action : +1 succès exigé ; 2 actions : +2 (position défensive totale).

    En réaction, pendant le tour d'un adversaire, c'est toujours une position défensive totale,
    et le défenseur perd sa prochaine activation.

    >>> se_defendre(1).bonus, se_defendre(2).bonus, se_defendre(reaction=True).bonus
    (1, 2, 2)
    """
    if reaction:
        return Defense(DEFENSE_MAX, reaction=True)
    entier_borne("actions de défense", actions, 1, DEFENSE_MAX)
    return Defense(actions)


@dataclass(frozen=True)
class Modificateur:
    """Aider ou gêner : l'action réussit toujours et donne un avantage ou un désavantage."""

    avantages: int = 0
    desavantages: int = 0

    def __str__(self) -> str:
        """L'effet de l'aide ou de la gêne.

        >>> print(gener())
        Gêne réussie : un désavantage au test de l'adversaire.
        """
        if self.avantages:
            return "Aide réussie : un avantage au test de l'allié."
        return "Gêne réussie : un désavantage au test de l'adversaire."


def aider() -> Modificateur:
    return Modificateur(avantages=1)


def gener() -> Modificateur:
    return Modificateur(desavantages=1)


class Milieu(Enum):
    SOL = "au sol"
    AIR = "dans les airs"
    EAU = "dans l'eau"


METRES_PAR_ACTION = {Milieu.SOL: 10, Milieu.AIR: 10, Milieu.EAU: 5}
METRES_PAR_SUCCES_TERRAIN_DIFFICILE = 2


@dataclass(frozen=True)
class Deplacement:
    milieu: Milieu
    metres: int
    jets: tuple[JetTest, ...] = ()

    def __str__(self) -> str:
        """La distance parcourue, et les tests s'il a fallu en faire.

        >>> print(se_deplacer(Milieu.EAU, 2))
        10 m dans l'eau.
        """
        texte = f"{self.metres} m {self.milieu.value}"
        if self.jets:
            texte += " en terrain difficile (" + " ; ".join(str(j).removesuffix(".") for j in self.jets) + ")"
        return texte + "."


def se_deplacer(
    milieu: Milieu,
    actions: int = 1,
    *,
    terrain_difficile: bool = False,
    physique: int | None = None,
    des: SourceDes | None = None,
) -> Deplacement:
    """Distance parcourue en combat ou en poursuite.

    Sur terrain difficile, chaque action demande un test de Physique : 2 m par
    succès, doublés sur une réussite critique. Hypothèse : dans l'eau, le terrain
    difficile se joue de même, avec un désavantage sur chaque test.

    >>> se_deplacer(Milieu.EAU, 2).metres
    10
    >>> from jdr_core.des import DesScriptes
    >>> se_deplacer(Milieu.SOL, terrain_difficile=True, physique=3, des=DesScriptes([1, 2, 6])).metres
    4
    """
    entier_borne("actions de déplacement", actions, 1, ACTIONS_PAR_TOUR)
    if not isinstance(milieu, Milieu):
        raise RegleEnfreinte(f"milieu inconnu : {', '.join(m.value for m in Milieu)}")
    if not terrain_difficile:
        return Deplacement(milieu, METRES_PAR_ACTION[milieu] * actions)
    if physique is None or des is None:
        raise RegleEnfreinte("terrain difficile : il faut le Physique et des dés pour les tests")
    desavantages = 1 if milieu is Milieu.EAU else 0
    jets = tuple(tester(physique, desavantages=desavantages, des=des) for _ in range(actions))
    metres = 0
    for jet in jets:
        gain = jet.succes * METRES_PAR_SUCCES_TERRAIN_DIFFICILE
        metres += gain * 2 if jet.critique is Critique.REUSSITE else gain
    return Deplacement(milieu, metres, jets)


@dataclass(frozen=True)
class Attaque:
    """Une attaque résolue : le test, la touche et le détail des dégâts."""

    jet: JetTest
    requis: int
    arme: int
    fp: int
    protection: int
    automatique: bool

    @property
    def touche(self) -> bool:
        return bool(self.jet.reussi)

    @property
    def base(self) -> int:
        """Dégâts de base, doublés sur une réussite critique."""
        return base_de(self.arme, self.jet.critique)

    @property
    def aggravation(self) -> int:
        return aggravation_de(self.jet.succes, self.requis) if self.touche else 0

    @property
    def protection_effective(self) -> int:
        return 0 if self.automatique else self.protection

    @property
    def degats(self) -> int:
        """PE perdus par la cible : base + aggravation + FP − protection, jamais négatif."""
        return calculer_degats(
            self.jet.succes, self.jet.critique, requis=self.requis, arme=self.arme, fp=self.fp,
            protection=self.protection_effective,
        )[1]

    @property
    def arme_cassee(self) -> bool:
        return self.jet.critique is Critique.ECHEC

    def __str__(self) -> str:
        """Les dés, la touche, puis le détail des dégâts.

        >>> from jdr_core.des import DesScriptes
        >>> print(attaquer(3, arme=2, defense=1, des=DesScriptes([4, 5, 1])))
        4, 5, 1 contre 3 : 1 succès pour 2 demandés, raté.
        """
        jet = self.jet
        faces = ", ".join(str(f) for f in jet.des)
        texte = f"{faces} contre {jet.caracteristique} : {compter(jet.succes, 'succès', 'succès')}"
        if jet.fp:
            texte += f" (dont {jet.fp} grâce au FP)"
        texte += f" pour {self.requis} {accorder(self.requis, 'demandé')}"
        if not self.touche:
            if self.arme_cassee:
                mais = ", mais" if jet.succes >= self.requis else " et"
                return texte + f"{mais} échec critique : raté, l'arme est cassée ou enrayée."
            return texte + ", raté."
        morceaux = [f"base {self.base}"]
        if self.aggravation:
            morceaux.append(f"aggravation {signe(self.aggravation)}")
        if self.fp:
            morceaux.append(f"FP {signe(self.fp)}")
        if self.protection_effective:
            morceaux.append(f"protection {signe(-self.protection_effective)}")
        elif self.automatique and self.protection:
            morceaux.append("protection ignorée (dégâts automatiques)")
        if jet.critique is Critique.REUSSITE:
            texte += ", réussite critique : touché, dégâts de base doublés."
        else:
            texte += ", touché."
        perte = compter(self.degats, "PE perdu", "PE perdus")
        return texte + f" Dégâts : {', '.join(morceaux)}, soit {perte}."


def base_de(arme: int, critique: Critique) -> int:
    """Dégâts de base de l'arme, doublés sur une réussite critique."""
    return arme * 2 if critique is Critique.REUSSITE else arme


def aggravation_de(succes: int, requis: int) -> int:
    """+1 par succès au-delà de ceux qu'il fallait pour toucher."""
    return max(0, succes - requis)


def calculer_degats(
    succes: int, critique: Critique, *, requis: int, arme: int, fp: int, protection: int
) -> tuple[bool, int]:
    """(touché, PE perdus) pour un nombre de succès : la seule formule des dégâts.

    >>> calculer_degats(3, Critique.AUCUN, requis=1, arme=1, fp=0, protection=1)
    (True, 2)
    """
    if not reussite(succes, critique, requis):
        return (False, 0)
    return (True, max(0, base_de(arme, critique) + aggravation_de(succes, requis) + fp - protection))


class OptionsAttaque(TypedDict, total=False):
    """Les réglages d'une attaque, au-delà du Physique et de l'arme (défauts dans :class:`ReglagesAttaque`)."""

    protection: int
    fp: int
    fp_protection: int
    defense: int
    automatique: bool
    avantages: int
    desavantages: int
    relances: int
    regle_critique: RegleCritique


@dataclass(frozen=True)
class ReglagesAttaque:
    """Une attaque décrite une fois : le test qu'elle demande (:attr:`test`), puis ce que
    le jet fait à la cible (:meth:`resoudre`). Le lanceur et la loi exacte passent par là."""

    physique: int
    arme: int
    protection: int = 0
    fp: int = 0
    fp_protection: int = 0
    defense: int = 0
    automatique: bool = False
    avantages: int = 0
    desavantages: int = 0
    relances: int = 0
    regle_critique: RegleCritique = RegleCritique.TRIPLE

    def __post_init__(self) -> None:
        entier_borne("arme", self.arme, ARME_MIN, ARME_MAX)
        entier_borne("protection", self.protection, 0, PROTECTION_MAX)
        entier_borne("FP de la protection", self.fp_protection, 0, FP_MAX)
        entier_borne("défense", self.defense, 0, DEFENSE_MAX)

    @property
    def test(self) -> ReglagesTest:
        """Test de Physique : 1 succès pour toucher, plus le bonus de défense de la cible."""
        return ReglagesTest(
            self.physique, avantages=self.avantages, desavantages=self.desavantages, relances=self.relances,
            fp=self.fp, difficulte=1 + self.defense, regle_critique=self.regle_critique,
        )

    def resoudre(self, jet: JetTest) -> Attaque:
        return Attaque(jet, 1 + self.defense, self.arme, self.fp, self.protection + self.fp_protection,
                       self.automatique)

    def lancer(self, des: SourceDes) -> Attaque:
        return self.resoudre(self.test.lancer(des))

    def loi(self) -> Loi[Attaque]:
        """La loi exacte des attaques (jets ramenés à leurs dés finaux, voir :meth:`ReglagesTest.loi`)."""
        return self.test.loi().map(self.resoudre)


def distribution_degats(physique: int, *, arme: int, **options: Unpack[OptionsAttaque]) -> Loi[tuple[bool, int]]:
    """Loi exacte de (touché, PE perdus), tirée du code de :func:`attaquer`.

    >>> d = distribution_degats(4, arme=1, protection=1)
    >>> d[(False, 0)]
    Fraction(1, 27)
    """
    return ReglagesAttaque(physique, arme, **options).loi().map(lambda a: (a.touche, a.degats))


def attaquer(physique: int, *, des: SourceDes, arme: int, **options: Unpack[OptionsAttaque]) -> Attaque:
    """Test de Physique : 1 succès pour toucher, plus le bonus de défense de la cible
    (réglages : :class:`OptionsAttaque`).

    Le FP de l'attaquant (dans son domaine) compte comme succès et s'ajoute aux
    dégâts ; celui de la cible s'ajoute à sa protection. Les dégâts automatiques
    (psychiques ou magiques) ignorent la protection.

    Le coup de poing de Jules : 3 succès, poing 1, aggravation +2, blouson −1.

    >>> from jdr_core.des import DesScriptes
    >>> coup = attaquer(4, arme=1, protection=1, des=DesScriptes([1, 2, 4]))
    >>> coup.degats
    2
    """
    return ReglagesAttaque(physique, arme, **options).lancer(des)


@dataclass(frozen=True)
class DegatsContinus:
    """Asphyxie, feu, poison… de 1 à 3 PE par tour jusqu'à des soins.

    >>> DegatsContinus(2).total(tours=3)
    6
    >>> DegatsContinus(2).total(tours=3, soigne_apres=1)
    2
    """

    par_tour: int

    def __post_init__(self) -> None:
        entier_borne("dégâts par tour", self.par_tour, 1, 3)

    def total(self, *, tours: int, soigne_apres: int | None = None) -> int:
        entier_borne("tours", tours, 0, 1000)
        subis = tours if soigne_apres is None else min(tours, soigne_apres)
        return self.par_tour * subis
