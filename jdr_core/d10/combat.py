"""Le combat : initiative, attaques au contact et à distance, couverts, dégâts.

* Initiative : 1D10 + AGI ; on agit du plus haut au plus bas, l'AGI départage, puis un dé.
* Au contact : D10 + AGI + compétence contre 5 + AGI + Esquive du défenseur.
* À distance : D10 + AGI + compétence contre 5 + X + Esquive, X venant de la distance (pour
  une arme de poing : la distance en mètres jusqu'à 5 m, puis +1 par tranche de 10 m).
* Dégâts : D10 + marge + dégâts de l'arme − (5 + CON + armure + couvert).

Deux points que le texte laisse ouverts sont des réglages (:class:`RegleCombat`) : le D10
des dégâts est-il ouvert, et que vaut le contact quand un seul camp s'aide d'une compétence.

>>> from jdr_core.des import DesScriptes
>>> defense = Defense(constitution=4, armure=1, couvert=Couvert.MOYEN)
>>> print(attaquer(difficulte_tir(12, 2), agi=5, comp=4, arme=8, defense=defense, des=DesScriptes([9, 6])))
Dé : 9 ; 9 + 5 + 4 = 18 contre 13 : réussite, marge 4 (l'écart de 5 est plafonné à la compétence, qui vaut 4).
Dégâts : dé 6 + marge 4 + arme 8 − (5 + CON 4 + armure 1 + couvert 5) = 3 : une blessure légère.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from enum import Enum

from ..des import SourceDes
from ..erreurs import ParametreInvalide, entier_borne
from ..francais import nombre_relatif
from ..loi import Loi, loi_du_jet
from .action import (
    REGLE,
    Action,
    DeOuvert,
    RegleAction,
    agir,
    distribution_action,
    lancer_de_ouvert,
)
from .blessures import Gravite, gravite_de
from .regles import COMP_MAX, COMP_MIN, STAT_MAX, STAT_MIN, cas_de

#: Bornes : dégâts d'une arme, armure, distance de tir (m), combattants, relances des égalités.
ARME_MIN, ARME_MAX = 0, 20
ARMURE_MIN, ARMURE_MAX = 0, 15
DISTANCE_MIN, DISTANCE_MAX = 1, 500
COMBATTANTS_MAX = 20
RELANCES_DEFAUT, RELANCES_MAX = 3, 10
#: Hypothèse : le texte écrit « Init = 1D10+AGI » sans renvoyer au dé ouvert des actions ; D10 ordinaire.
INITIATIVE_OUVERTE = False


@dataclass(frozen=True)
class RegleCombat:
    """Les hypothèses du combat, là où le texte se tait.

    * ``degats_ouverts`` : le D10 des dégâts s'ouvre comme celui d'une action (un 10 ajoute un
      D10, un 1 en retranche un, entre COMP − 10 et 10 + COMP pour la compétence d'arme) ;
      défaut : non, c'est un D10 ordinaire, de 1 à 10 ;
    * ``compenser`` : au contact, quand un seul des deux s'aide d'une compétence (attaquant sans
      compétence d'arme, ou défenseur sans Esquive), la difficulté se corrige de ±5 comme dans
      la table des cas ; défaut : non, 5 + AGI + Esquive tel quel (une Esquive absente vaut 0).
    """

    degats_ouverts: bool = False
    compenser: bool = False


COMBAT = RegleCombat()


# --- Initiative ----------------------------------------------------------------------


@dataclass(frozen=True)
class Init:
    """Un jet d'initiative : le dé, l'AGI et les dés lancés pour départager une égalité ; le
    suivi de combat garde celui de chaque combattant."""

    de: int
    agi: int
    departage: tuple[int, ...] = ()

    @property
    def total(self) -> int:
        return self.de + self.agi

    @property
    def texte(self) -> str:
        """« 7 + AGI 5 = 12 (départage : 3, 6) » : le jet tel qu'on le lit à la table."""
        texte = f"{nombre_relatif(self.de)} + AGI {self.agi} = {nombre_relatif(self.total)}"
        if self.departage:
            texte += f" (départage : {', '.join(map(str, self.departage))})"
        return texte


@dataclass(frozen=True)
class JetInitiative(Init):
    """Le jet d'initiative d'un combattant, à son nom."""

    nom: str = field(kw_only=True)

    def __str__(self) -> str:
        return f"{self.nom} : {self.texte}"


@dataclass(frozen=True)
class Initiative:
    """L'ordre du tour : les jets de chacun, du premier au dernier à agir."""

    jets: tuple[JetInitiative, ...]

    @property
    def ordre(self) -> tuple[str, ...]:
        return tuple(j.nom for j in self.jets)

    def __str__(self) -> str:
        lignes = [f"{i + 1}. {j}." for i, j in enumerate(self.jets)]
        return "\n".join(lignes)


def initiative(combattants: Sequence[tuple[str, int]], *, des: SourceDes,
               relances_max: int = RELANCES_DEFAUT, ouvert: bool = INITIATIVE_OUVERTE) -> Initiative:
    """Lance l'initiative de chacun (nom, AGI) et range : total, puis AGI, puis dés de départage.

    Les égalités complètes relancent un D10 chacun, au plus ``relances_max`` fois ; au-delà,
    l'ordre de la liste tranche (hypothèse : il faut bien finir). ``ouvert`` (hypothèse) : le D10
    de l'initiative s'ouvre comme celui d'une action, sans compétence (un 1 retranche un D10).

    >>> from jdr_core.des import DesScriptes
    >>> print(initiative([("Lina", 4)], des=DesScriptes([1, 6]), ouvert=True))
    1. Lina : −5 + AGI 4 = −1.

    >>> from jdr_core.des import DesScriptes
    >>> print(initiative([("Lina", 4), ("Marek", 6), ("Sacha", 4)], des=DesScriptes([7, 5, 7, 3, 8])))
    1. Marek : 5 + AGI 6 = 11.
    2. Sacha : 7 + AGI 4 = 11 (départage : 8).
    3. Lina : 7 + AGI 4 = 11 (départage : 3).
    """
    if not 1 <= len(combattants) <= COMBATTANTS_MAX:
        raise ParametreInvalide("combattants", len(combattants), f"de 1 à {COMBATTANTS_MAX}")
    entier_borne("relances", relances_max, 0, RELANCES_MAX)
    noms = [nom for nom, _ in combattants]
    if len(set(noms)) != len(noms) or not all(isinstance(n, str) and n.strip() for n in noms):
        raise ParametreInvalide("noms des combattants", ", ".join(map(str, noms)), "des noms non vides et distincts")
    from ..francais import de  # « AGI d'Oskar »

    for nom, agi in combattants:
        entier_borne(f"AGI {de(nom)}", agi, STAT_MIN, STAT_MAX)
    from .action import lancer_de_ouvert

    jets = [JetInitiative(lancer_de_ouvert(0, des=des).total if ouvert else des.lancer(10), agi, nom=nom)
            for nom, agi in combattants]
    # Les ex æquo (même total, même AGI) lancent un D10 chacun ; ceux qui tirent encore la même
    # face relancent entre eux, au plus relances_max fois.
    departages: dict[str, list[int]] = {j.nom: [] for j in jets}

    def departager(membres: list[str], tour: int) -> None:
        if len(membres) < 2 or tour > relances_max:
            return
        tirages = {nom: des.lancer(10) for nom in membres}
        for nom, face in tirages.items():
            departages[nom].append(face)
        for face in sorted(set(tirages.values()), reverse=True):
            departager([n for n in membres if tirages[n] == face], tour + 1)

    groupes: dict[tuple[int, int], list[str]] = {}
    for j in jets:
        groupes.setdefault((j.total, j.agi), []).append(j.nom)
    for cle in sorted(groupes, reverse=True):
        departager(groupes[cle], 0)
    rang = {nom: i for i, nom in enumerate(noms)}
    complets = [replace(j, departage=tuple(departages[j.nom])) for j in jets]
    complets.sort(key=lambda j: (-j.total, -j.agi, tuple(-f for f in j.departage), rang[j.nom]))
    return Initiative(tuple(complets))


# --- Difficultés ----------------------------------------------------------------------


def difficulte_melee(agi_defenseur: int, esquive: int, *, comp_attaquant: int | None = None,
                     regle: RegleCombat = COMBAT) -> int:
    """Au contact : 5 + AGI + Esquive du défenseur.

    Avec ``regle.compenser``, la compétence d'arme de l'attaquant (``comp_attaquant``, 0 :
    sans compétence) et l'Esquive décident d'une correction de +5 ou −5, comme pour toute
    action opposée.

    >>> difficulte_melee(5, 3)
    13
    >>> sans_esquive = RegleCombat(compenser=True)
    >>> difficulte_melee(5, 0, comp_attaquant=4, regle=sans_esquive), difficulte_melee(5, 3, comp_attaquant=0,
    ...                                                                                 regle=sans_esquive)
    (15, 8)
    """
    entier_borne("AGI du défenseur", agi_defenseur, STAT_MIN, STAT_MAX)
    entier_borne("Esquive", esquive, COMP_MIN, COMP_MAX)
    if not regle.compenser:
        return 5 + agi_defenseur + esquive
    if comp_attaquant is None:
        raise ParametreInvalide("compétence de l'attaquant", None, "un entier de 0 à 10 pour compenser")
    entier_borne("compétence de l'attaquant", comp_attaquant, COMP_MIN, COMP_MAX)
    return 5 + agi_defenseur + esquive + cas_de(comp_attaquant > 0, esquive > 0).ajustement


class Arrondi(Enum):
    """Comment compter une tranche de 10 m commencée (au-delà de 5 m)."""

    ENTAMEE = "entamee"
    COMPLETE = "complete"


def terme_distance(distance: int, arrondi: Arrondi = Arrondi.ENTAMEE) -> int:
    """Le terme X d'une arme de poing : la distance jusqu'à 5 m, puis +1 par tranche de 10 m.

    Hypothèse : une tranche commencée compte (6 à 15 m : 6 ; 16 à 25 m : 7) ; avec
    ``Arrondi.COMPLETE``, seules les tranches entières comptent (6 à 14 m : 5 ; 15 m : 6).

    >>> [terme_distance(d) for d in (1, 5, 6, 15, 16, 25, 26)]
    [1, 5, 6, 6, 7, 7, 8]
    >>> [terme_distance(d, Arrondi.COMPLETE) for d in (6, 14, 15, 25)]
    [5, 5, 6, 7]
    """
    entier_borne("distance (m)", distance, DISTANCE_MIN, DISTANCE_MAX)
    if distance <= 5:
        return distance
    au_dela = distance - 5
    tranches = -(-au_dela // 10) if arrondi is Arrondi.ENTAMEE else au_dela // 10
    return 5 + tranches


def difficulte_tir(distance: int, esquive: int, arrondi: Arrondi = Arrondi.ENTAMEE) -> int:
    """À distance, arme de poing : 5 + X + Esquive.

    >>> difficulte_tir(3, 2), difficulte_tir(12, 2)
    (10, 13)
    """
    entier_borne("Esquive", esquive, COMP_MIN, COMP_MAX)
    return 5 + terme_distance(distance, arrondi) + esquive


# --- Couverts et dégâts ------------------------------------------------------------------


class Couvert(Enum):
    """Les couverts : bonus à la résistance aux dégâts."""

    AUCUN = 0
    LEGER = 2
    MOYEN = 5
    LOURD = 10

    @property
    def bonus(self) -> int:
        return self.value

    @property
    def libelle(self) -> str:
        return {Couvert.AUCUN: "à découvert", Couvert.LEGER: "couvert léger (buissons, haie)",
                Couvert.MOYEN: "couvert moyen (porte en bois, comptoir)",
                Couvert.LOURD: "couvert lourd (mur, porte en métal)"}[self]


@dataclass(frozen=True)
class Defense:
    """Ce qui protège la cible des dégâts : sa CON, son armure, son couvert."""

    constitution: int
    armure: int = 0
    couvert: Couvert = Couvert.AUCUN

    def __post_init__(self) -> None:
        entier_borne("CON", self.constitution, STAT_MIN, STAT_MAX)
        entier_borne("armure", self.armure, ARMURE_MIN, ARMURE_MAX)
        if not isinstance(self.couvert, Couvert):
            raise ParametreInvalide("couvert", self.couvert, "aucun, léger, moyen ou lourd")

    @property
    def resistance(self) -> int:
        """5 + CON + armure + couvert."""
        return 5 + self.constitution + self.armure + self.couvert.bonus


@dataclass(frozen=True)
class Degats:
    """Les dégâts d'une touche : le D10 (``ouvert`` : ses dés, s'il est ouvert), la marge, l'arme,
    et la résistance de la cible."""

    de: int
    marge: int
    arme: int
    defense: Defense
    ouvert: DeOuvert | None = None

    @property
    def valeur(self) -> int:
        return self.de + self.marge + self.arme - self.defense.resistance

    @property
    def gravite(self) -> Gravite:
        return gravite_de(self.valeur)

    def __str__(self) -> str:
        d = self.defense
        resistance = f"5 + CON {d.constitution}"
        if d.armure:
            resistance += f" + armure {d.armure}"
        if d.couvert.bonus:
            resistance += f" + couvert {d.couvert.bonus}"
        de = f"dé {nombre_relatif(self.de)}"
        if self.ouvert is not None and len(self.ouvert.des) > 1:
            de = f"dé {self.ouvert.texte} ; {nombre_relatif(self.de)}"
        return (f"Dégâts : {de} + marge {self.marge} + arme {self.arme} − ({resistance}) = "
                f"{nombre_relatif(self.valeur)} : {self.gravite.libelle}.")


def lancer_degats(marge: int, arme: int, defense: Defense, *, des: SourceDes, comp: int = 0,
                  combat: RegleCombat = COMBAT, regle: RegleAction = REGLE) -> Degats:
    """Lance le D10 des dégâts ; ouvert (``combat.degats_ouverts``), il est borné par ``comp``.

    >>> from jdr_core.des import DesScriptes
    >>> print(lancer_degats(2, 5, Defense(3), des=DesScriptes([4])))
    Dégâts : dé 4 + marge 2 + arme 5 − (5 + CON 3) = 3 : une blessure légère.
    >>> ouvert = RegleCombat(degats_ouverts=True)
    >>> print(lancer_degats(2, 5, Defense(3), des=DesScriptes([10, 2]), comp=3, combat=ouvert))
    Dégâts : dé 10 + 2 = 12 ; 12 + marge 2 + arme 5 − (5 + CON 3) = 11 : une blessure critique.
    """
    entier_borne("marge", marge, 0, COMP_MAX)
    entier_borne("dégâts de l'arme", arme, ARME_MIN, ARME_MAX)
    if combat.degats_ouverts:
        de = lancer_de_ouvert(comp, des=des, regle=regle)
        return Degats(de.total, marge, arme, defense, de)
    return Degats(des.lancer(10), marge, arme, defense)


# --- Attaque -----------------------------------------------------------------------------


@dataclass(frozen=True)
class Attaque:
    """Une attaque : l'action (dé ouvert compris), puis les dégâts si elle touche."""

    action: Action
    degats: Degats | None = field(default=None)

    @property
    def touche(self) -> bool:
        return self.action.reussie

    @property
    def gravite(self) -> Gravite | None:
        return None if self.degats is None else self.degats.gravite

    def __str__(self) -> str:
        if self.degats is None:
            return f"{self.action} L'attaque manque."
        return f"{self.action}\n{self.degats}"


def attaquer(difficulte: int, *, agi: int, comp: int, arme: int, defense: Defense, des: SourceDes,
             malus: int = 0, automatique: bool = False, regle: RegleAction = REGLE,
             combat: RegleCombat = COMBAT) -> Attaque:
    """Une attaque (contact ou distance, la difficulté le dit) et ses dégâts : D10 + marge + arme
    − (5 + CON + armure + couvert).

    ``automatique`` : l'attaquant renonce au dé d'attaque, permis si AGI (ou AGI + compétence)
    dépasse la difficulté ; il touche sans marge, et seul le dé des dégâts roule.

    >>> from jdr_core.des import DesScriptes
    >>> print(attaquer(13, agi=4, comp=3, arme=4, defense=Defense(5), des=DesScriptes([3])))
    Dé : 3 ; 3 + 4 + 3 = 10 contre 13 : échec. L'attaque manque.
    >>> print(attaquer(9, agi=4, comp=6, arme=4, defense=Defense(5), des=DesScriptes([8]), automatique=True))
    Pas de dé : 4 + 6 dépasse déjà 9 ; réussite automatique, sans marge.
    Dégâts : dé 8 + marge 0 + arme 4 − (5 + CON 5) = 2 : une blessure légère.
    """
    entier_borne("dégâts de l'arme", arme, ARME_MIN, ARME_MAX)
    action = agir(agi, comp, difficulte, des=des, malus=malus, automatique=automatique, regle=regle)
    if action.marge is None:
        return Attaque(action)
    return Attaque(action, lancer_degats(action.marge, arme, defense, des=des, comp=comp, combat=combat, regle=regle))


def distribution_attaque(difficulte: int, *, agi: int, comp: int, arme: int, defense: Defense, malus: int = 0,
                         regle: RegleAction = REGLE, combat: RegleCombat = COMBAT) -> Loi[Gravite | None]:
    """Loi exacte de la gravité infligée (``None`` : l'attaque manque).

    >>> d = distribution_attaque(13, agi=5, comp=4, arme=8, defense=Defense(4))
    >>> d[None], d[Gravite.MORT]
    (Fraction(3, 10), Fraction(0, 1))
    """
    entier_borne("dégâts de l'arme", arme, ARME_MIN, ARME_MAX)

    # Les deux temps d':func:`attaquer` : l'action (sa loi, groupée par marge, seule chose que
    # lisent les dégâts), puis, si elle touche, le D10 de :func:`lancer_degats`.
    def degats(marge: int | None) -> Loi[Gravite | None]:
        if marge is None:
            return Loi.certaine(None)
        return loi_du_jet(lambda des: lancer_degats(marge, arme, defense, des=des, comp=comp, combat=combat,
                                                    regle=regle).gravite)

    return distribution_action(agi, comp, difficulte, malus=malus, regle=regle).lier(degats)
