"""Le vocabulaire des poursuites du 2D6 : les camps, l'échelle des distances, les manœuvres et
leurs règles (modificateur, crans gagnés, effets), et leurs textes. La manche et la poursuite
qui les jouent sont dans :mod:`.poursuite`, leurs cotes exactes dans :mod:`.poursuite_cotes`.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from ..erreurs import JdrErreur, ParametreInvalide, entier_borne
from ..francais import signe

#: Malus que s'inflige le défenseur qui contre (demi-tour, renversement), en plus de celui de la manœuvre.
MALUS_CONTRE = -3
#: Malus de l'adversaire pour passer de courte distance au contact d'un camp qui fait des embardées.
MALUS_EMBARDEES_RAPPROCHEMENT = -2
#: Écart maximal, en crans, d'une « autre manœuvre » réussie.
CRANS_MAX = 2


class Camp(Enum):
    """Les deux côtés d'une poursuite.

    >>> Camp.POURSUIVANT.autre.value
    'poursuivi'
    """

    POURSUIVANT = "poursuivant"
    POURSUIVI = "poursuivi"

    @property
    def autre(self) -> Camp:
        return Camp.POURSUIVI if self is Camp.POURSUIVANT else Camp.POURSUIVANT

    @property
    def rang(self) -> int:
        """0 pour le poursuivant, 1 pour le poursuivi (l'ordre de ``noms``)."""
        return 0 if self is Camp.POURSUIVANT else 1


class Distance(Enum):
    """L'échelle des distances, du plus près au plus loin.

    >>> print(Distance.COURT.nom, Distance.COURT.rang, Distance.COURT.locution)
    Court 1 à courte distance
    """

    CONTACT = "contact"
    COURT = "court"
    MOYEN = "moyen"
    LONG = "long"
    EXTREME = "extreme"

    @property
    def rang(self) -> int:
        return ORDRE_DISTANCES.index(self)

    @property
    def nom(self) -> str:
        """Le nom de l'échelle (« Contact », « Court »…)."""
        return NOMS_DISTANCES[self][0]

    @property
    def locution(self) -> str:
        """« au contact », « à courte distance »…"""
        return NOMS_DISTANCES[self][1]

    @staticmethod
    def de_rang(rang: int) -> Distance:
        return ORDRE_DISTANCES[entier_borne("cran de distance", rang, 0, len(ORDRE_DISTANCES) - 1)]


ORDRE_DISTANCES: tuple[Distance, ...] = tuple(Distance)
NOMS_DISTANCES: dict[Distance, tuple[str, str]] = {
    Distance.CONTACT: ("Contact", "au contact"),
    Distance.COURT: ("Court", "à courte distance"),
    Distance.MOYEN: ("Moyen", "à moyenne distance"),
    Distance.LONG: ("Long", "à longue distance"),
    Distance.EXTREME: ("Extrême", "à distance extrême"),
}


class Manoeuvre(Enum):
    """Les manœuvres d'une poursuite (le renversement n'existe qu'en l'air).

    >>> print(Manoeuvre.FORCER_BLOQUER.nom)
    Forcer sur le côté/Bloquer en freinant devant
    """

    RATTRAPER_FUIR = "rattraper_fuir"
    ECRASER_FONCER = "ecraser_foncer"
    FORCER_BLOQUER = "forcer_bloquer"
    EMBARDEES = "embardees"
    SE_CACHER = "se_cacher"
    DEMI_TOUR = "demi_tour"
    STABILISER = "stabiliser"
    AUTRE = "autre"
    RENVERSEMENT = "renversement"

    @property
    def regle(self) -> RegleManoeuvre:
        return REGLES_MANOEUVRES[self]

    @property
    def nom(self) -> str:
        return self.regle.nom


@dataclass(frozen=True)
class RegleManoeuvre:
    """Où une manœuvre se tente, avec quel modificateur, par qui, et ce qu'elle fait.

    >>> regle = Manoeuvre.DEMI_TOUR.regle
    >>> regle.modificateur, regle.contre
    (-3, True)
    """

    nom: str
    #: Modificateur imposé ; ``None`` : choisi par l'attaquant (ou dépendant de la distance).
    modificateur: int | None
    effet: str
    #: Les distances où elle se tente : toutes par défaut, comme une :class:`Autre` manœuvre.
    distance_min: Distance = Distance.CONTACT
    distance_max: Distance = Distance.EXTREME
    #: Une contre-manœuvre du défenseur, à la manière d'une contre-attaque.
    contre: bool = False
    aerienne: bool = False
    camps: frozenset[Camp] = frozenset(Camp)
    #: Ce que dit une phrase : « tente de fuir », « tente un demi-tour »…
    verbe: str = ""


#: Se cacher : le malus dépend de la distance.
MALUS_CACHETTE: dict[Distance, int] = {Distance.MOYEN: -3, Distance.LONG: -2, Distance.EXTREME: -1}

REGLES_MANOEUVRES: dict[Manoeuvre, RegleManoeuvre] = {
    Manoeuvre.RATTRAPER_FUIR: RegleManoeuvre(
        "Rattraper/Fuir", None,
        "Le camp qui a la main gagne un cran : le poursuivant se rapproche, le poursuivi s'éloigne "
        "(au-delà d'Extrême, il a semé son poursuivant).", verbe="rattraper"),
    Manoeuvre.ECRASER_FONCER: RegleManoeuvre(
        "Écraser/Foncer sur l'adversaire", None,
        "Une attaque de Conduite contre l'autre véhicule ; les dégâts dépendent de la vitesse.",
        distance_max=Distance.CONTACT, verbe="foncer sur"),
    Manoeuvre.FORCER_BLOQUER: RegleManoeuvre(
        "Forcer sur le côté/Bloquer en freinant devant", -3,
        "L'adversaire est arrêté net : la poursuite s'achève.",
        distance_max=Distance.CONTACT, verbe="forcer sur le côté"),
    Manoeuvre.EMBARDEES: RegleManoeuvre(
        "Faire des embardées", -2,
        "Tant que durent les embardées, les tirs adverses comptent un cran de distance de plus, "
        "et l'adversaire prend −2 pour passer de Court au contact.", verbe="faire des embardées"),
    Manoeuvre.SE_CACHER: RegleManoeuvre(
        "Se cacher en tournant rapidement", None,
        "Le poursuivant doit réussir un jet de SEN, sinon il perd la trace du poursuivi.",
        distance_min=Distance.MOYEN, camps=frozenset({Camp.POURSUIVI}), verbe="se cacher"),
    Manoeuvre.DEMI_TOUR: RegleManoeuvre(
        "Faire demi-tour complet", MALUS_CONTRE,
        "Contre-manœuvre du défenseur : réussie, il prend l'initiative ; ratée, la manœuvre adverse "
        "réussit d'office.", contre=True, verbe="un demi-tour"),
    Manoeuvre.STABILISER: RegleManoeuvre(
        "Stabiliser la vitesse", 0,
        "Ses tirs comptent un cran de distance de moins ; l'initiative passe à l'adversaire, "
        "sauf sur une réussite critique.", verbe="stabiliser l'allure"),
    Manoeuvre.AUTRE: RegleManoeuvre(
        "Autre manœuvre", None,
        "Fixée avec le MJ (obstacle imprévu, deux roues…) : ses distances, son modificateur "
        "et les crans qu'elle fait gagner.", verbe="tenter une manœuvre"),
    Manoeuvre.RENVERSEMENT: RegleManoeuvre(
        "Renversement (en l'air)", MALUS_CONTRE,
        "Contre-manœuvre du défenseur pour passer derrière et tirer : réussie, il prend l'initiative.",
        distance_max=Distance.COURT, contre=True, aerienne=True, verbe="un renversement"),
}


def texte_modificateur(manoeuvre: Manoeuvre) -> str:
    """Le modificateur tel que l'écrit la table des manœuvres.

    >>> texte_modificateur(Manoeuvre.SE_CACHER), texte_modificateur(Manoeuvre.FORCER_BLOQUER)
    ('−3 (Moyen), −2 (Long), −1 (Extrême)', '−3')
    """
    if manoeuvre is Manoeuvre.SE_CACHER:
        return ", ".join(f"{signe(m)} ({d.nom})" for d, m in MALUS_CACHETTE.items())
    if manoeuvre is Manoeuvre.ECRASER_FONCER:
        return "selon la défense adverse"
    if manoeuvre.regle.contre:
        return f"{signe(MALUS_CONTRE)}, en plus de celui de la manœuvre adverse"
    modificateur = manoeuvre.regle.modificateur
    return "au choix de l'attaquant" if modificateur is None else signe(modificateur)


def texte_distances(manoeuvre: Manoeuvre) -> str:
    """Les distances permises, en clair.

    >>> texte_distances(Manoeuvre.SE_CACHER), texte_distances(Manoeuvre.EMBARDEES)
    ('Moyen ou plus', 'toutes')
    """
    if manoeuvre is Manoeuvre.AUTRE:
        return "à fixer avec le MJ"
    regle = manoeuvre.regle
    if regle.distance_min is regle.distance_max:
        return regle.distance_min.nom
    if regle.distance_min is Distance.CONTACT and regle.distance_max is Distance.EXTREME:
        return "toutes"
    if regle.distance_min is Distance.CONTACT:
        return f"{regle.distance_max.nom} ou moins"
    return f"{regle.distance_min.nom} ou plus"


@dataclass(frozen=True)
class Autre:
    """Une manœuvre inventée avec le MJ : où elle se tente et combien de crans elle fait gagner.

    >>> Autre("passer sur deux roues", Distance.LONG, Distance.COURT)
    Traceback (most recent call last):
    ...
    jdr_core.erreurs.JdrErreur: autre manœuvre : la distance minimale (Long) dépasse la maximale (Court)
    """

    nom: str
    distance_min: Distance = Distance.CONTACT
    distance_max: Distance = Distance.EXTREME
    #: Crans gagnés par le camp qui a la main si elle réussit (0 : un effet purement narratif).
    crans: int = 1

    def __post_init__(self) -> None:
        if self.distance_min.rang > self.distance_max.rang:
            raise JdrErreur(
                f"autre manœuvre : la distance minimale ({self.distance_min.nom}) "
                f"dépasse la maximale ({self.distance_max.nom})"
            )
        entier_borne("crans gagnés", self.crans, 0, CRANS_MAX)
        if not self.nom.strip() or len(self.nom) > 60:
            raise ParametreInvalide("nom de la manœuvre", self.nom, "de 1 à 60 caractères")
