"""Se rattraper (règle optionnelle des scènes de relation et de réflexion) : un échec simple
effacé par un jet de chance, ou par une réussite critique de la compétence au jet suivant.

C'est le MJ qui l'accorde, et il choisit la façon. Seul un **échec simple** se rattrape : une
réussite n'en a pas besoin, une maladresse ne se rattrape jamais.

* Le **jet de chance** : 2D6 contre une cible que le texte ne donne pas. Hypothèse : 7 par
  défaut (la cible d'une compétence de simple base, sans modificateur), réglable
  (``cible_chance``) ; seul compte qu'il réussisse, un double n'y ajoute rien.
* La **réussite critique au jet suivant** : le jet suivant de la même compétence, contre la
  même cible, doit être un double qui réussit ; une réussite ordinaire ne suffit pas.

Rémi (cible 8) crochète une serrure et rate ; le MJ lui accorde un jet de chance :

>>> from jdr_core.des import DesScriptes
>>> print(jet_rattrapable(8, des=DesScriptes([5, 4, 2, 3])))  # doctest: +NORMALIZE_WHITESPACE
Jet de compétence, 5 et 4 = 9 contre 8 : échec. Jet de chance, 2 et 3 = 5 contre 7 : réussite.
L'échec est rattrapé : l'action réussit.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from ..des import SourceDes
from ..erreurs import JdrErreur, entier_borne
from ..loi import Loi, loi_du_jet
from .jet import Jet2D6, Niveau, lancer_2d6, valider_cible

#: Hypothèse : la cible du jet de chance, et ses bornes (sous 2 il rate toujours, dès 12 il réussit toujours).
CIBLE_CHANCE = 7
CIBLE_CHANCE_MIN, CIBLE_CHANCE_MAX = 2, 12


class Facon(Enum):
    """La façon de se rattraper, au choix du MJ."""

    CHANCE = "chance"
    CRITIQUE = "critique"

    @property
    def titre(self) -> str:
        """Le nom du second jet : « Jet de chance », « Jet suivant »."""
        return "Jet de chance" if self is Facon.CHANCE else "Jet suivant"


class Issue(Enum):
    """Ce que devient l'action, rattrapage compris."""

    REUSSITE = "reussite"
    RATTRAPE = "rattrape"
    ECHEC = "echec"
    MALADRESSE = "maladresse"

    @property
    def reussi(self) -> bool:
        return self in (Issue.REUSSITE, Issue.RATTRAPE)


def valider_cible_chance(cible: int) -> int:
    return entier_borne("cible du jet de chance", cible, CIBLE_CHANCE_MIN, CIBLE_CHANCE_MAX)


def sauve(facon: Facon, second: Jet2D6) -> bool:
    """La règle du second jet : le jet de chance doit réussir, le jet suivant être un critique.

    >>> sauve(Facon.CHANCE, Jet2D6((3, 4), 7)), sauve(Facon.CRITIQUE, Jet2D6((3, 4), 9))
    (True, False)
    >>> sauve(Facon.CRITIQUE, Jet2D6((4, 4), 9))
    True
    """
    return second.reussi if facon is Facon.CHANCE else second.critique


@dataclass(frozen=True)
class Rattrapage:
    """Le jet de compétence et, après un échec simple, le second jet qui peut l'effacer."""

    jet: Jet2D6
    facon: Facon
    second: Jet2D6 | None = None

    def __post_init__(self) -> None:
        if (self.second is None) == (self.jet.niveau is Niveau.ECHEC):
            raise JdrErreur("rattrapage : un second jet suit un échec simple, et lui seul")

    @property
    def rattrape(self) -> bool:
        return self.second is not None and sauve(self.facon, self.second)

    @property
    def issue(self) -> Issue:
        if self.jet.reussi:
            return Issue.REUSSITE
        if self.jet.maladresse:
            return Issue.MALADRESSE
        return Issue.RATTRAPE if self.rattrape else Issue.ECHEC

    @property
    def reussi(self) -> bool:
        return self.issue.reussi

    def bilan(self) -> str:
        """Ce que devient l'action, en une phrase (la même en titre du lanceur et à la fin du récit).

        >>> from jdr_core.des import DesScriptes
        >>> print(jet_rattrapable(8, des=DesScriptes([5, 5])).bilan())
        Une maladresse ne se rattrape pas : l'action rate.
        """
        if self.issue is Issue.REUSSITE:
            return "Rien à rattraper : l'action réussit."
        if self.issue is Issue.MALADRESSE:
            return "Une maladresse ne se rattrape pas : l'action rate."
        if self.issue is Issue.RATTRAPE:
            return "L'échec est rattrapé : l'action réussit."
        if self.facon is Facon.CRITIQUE and self.second is not None and self.second.reussi:
            return "Ce n'est pas une réussite critique : l'échec reste."
        return "Le rattrapage rate : l'échec reste."

    def phrases(self) -> list[str]:
        """Chaque jet en une phrase, puis le bilan."""
        lignes = [f"Jet de compétence, {self.jet}"]
        if self.second is not None:
            lignes.append(f"{self.facon.titre}, {self.second}")
        return [*lignes, self.bilan()]

    def __str__(self) -> str:
        return " ".join(self.phrases())


def rattraper(jet: Jet2D6, *, des: SourceDes, facon: Facon = Facon.CHANCE,
              cible_chance: int = CIBLE_CHANCE) -> Rattrapage:
    """Après un jet de compétence déjà fait : lance le second jet s'il y a un échec simple à rattraper.

    Le jet suivant (façon ``CRITIQUE``) se fait contre la même cible que le jet raté.

    >>> from jdr_core.des import DesScriptes
    >>> print(rattraper(Jet2D6((6, 4), 9), des=DesScriptes([3, 3]), facon=Facon.CRITIQUE))
    ... # doctest: +NORMALIZE_WHITESPACE
    Jet de compétence, 6 et 4 = 10 contre 9 : échec. Jet suivant, 3 et 3 = 6 contre 9 : réussite critique
    (Dd 3). L'échec est rattrapé : l'action réussit.
    """
    valider_cible_chance(cible_chance)
    if jet.niveau is not Niveau.ECHEC:
        return Rattrapage(jet, facon)
    cible = cible_chance if facon is Facon.CHANCE else jet.cible
    return Rattrapage(jet, facon, lancer_2d6(cible, des=des))


def jet_rattrapable(cible: int, *, des: SourceDes, facon: Facon = Facon.CHANCE,
                    cible_chance: int = CIBLE_CHANCE) -> Rattrapage:
    """Le jet de compétence contre ``cible``, puis, sur un échec simple, le rattrapage accordé."""
    valider_cible(cible)
    valider_cible_chance(cible_chance)
    return rattraper(lancer_2d6(cible, des=des), des=des, facon=facon, cible_chance=cible_chance)


def distribution_rattrapage(cible: int, *, facon: Facon = Facon.CHANCE,
                            cible_chance: int = CIBLE_CHANCE) -> Loi[Issue]:
    """Les chances exactes de chaque issue, tirées de :func:`jet_rattrapable` lui-même.

    >>> d = distribution_rattrapage(7)
    >>> d[Issue.REUSSITE], d[Issue.RATTRAPE], d[Issue.ECHEC], d[Issue.MALADRESSE]
    (Fraction(7, 12), Fraction(7, 36), Fraction(5, 36), Fraction(1, 12))
    """
    valider_cible(cible)
    valider_cible_chance(cible_chance)
    return loi_du_jet(lambda des: jet_rattrapable(cible, des=des, facon=facon, cible_chance=cible_chance).issue)
