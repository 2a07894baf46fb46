"""La réserve de d6 d'enCORE, et l'hypothèse qui la définit.

Le texte utilise la réserve sans la définir. Toute la lecture du projet tient dans
:class:`Hypothese`, une valeur que chaque table peut remplacer :

* la réserve vaut l'attribut en d6, plus les dés de bonus (jusqu'au plafond), moins
  les dés de malus (blessures, Stress en Raw) ; jamais moins d'un dé ;
* un dé réussit sur 5 ou 6 ;
* Standard demande 1 succès, Difficile 2 ;
* au moins un succès mais moins que demandé : réussite partielle ; aucun : échec.

Lucrèce déclare son Coup d'éclat : DEX 3, +3d6 hors plafond, en Difficile, aucun succès.

>>> from jdr_core.des import DesScriptes
>>> jet = lancer_reserve(3, difficulte=Difficulte.DIFFICILE, coup_d_eclat=True,
...                      des=DesScriptes([1, 2, 4, 3, 1, 2]))
>>> print(jet)
6d6 (1, 2, 4, 3, 1, 2) en Difficile, Coup d'éclat : aucun succès, réussite partielle.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import Enum
from fractions import Fraction
from typing import TypedDict, Unpack

from ..cotes import pourcentage
from ..des import SourceDes
from ..erreurs import ParametreInvalide, RegleEnfreinte, entier_borne
from ..francais import compter, majuscule
from ..loi import Loi
from .ton import STRESS_MAX

ATTRIBUT_MAX = 6
DES_MODIFICATEUR_MAX = 10
RESERVE_MAX = 30
BONUS_COUP_D_ECLAT = 3
#: Le Stress qu'il faut avoir pour déclarer un Coup d'éclat (Blockbuster) : le maximum.
STRESS_COUP_D_ECLAT = STRESS_MAX


class Difficulte(Enum):
    STANDARD = "Standard"
    DIFFICILE = "Difficile"


class Issue(Enum):
    ECHEC = "échec"
    PARTIELLE = "réussite partielle"
    REUSSITE = "réussite"


@dataclass(frozen=True)
class Hypothese:
    """Hypothèse : comment la réserve se lit. Chaque champ est modifiable."""

    face_succes: int = 5
    requis: dict[Difficulte, int] = field(
        default_factory=lambda: {Difficulte.STANDARD: 1, Difficulte.DIFFICILE: 2}
    )
    plafond_bonus: int = 3
    reserve_min: int = 1

    def __post_init__(self) -> None:
        entier_borne("Face de succès", self.face_succes, 2, 6)
        entier_borne("Plafond des bonus", self.plafond_bonus, 0, DES_MODIFICATEUR_MAX)
        entier_borne("Réserve minimale", self.reserve_min, 1, 3)
        for d in Difficulte:
            entier_borne(f"Succès requis en {d.value}", self.requis.get(d), 1, 10)

    def __hash__(self) -> int:
        return hash((self.face_succes, tuple(sorted((d.value, n) for d, n in self.requis.items())),
                     self.plafond_bonus, self.reserve_min))


HYPOTHESE = Hypothese()


def taille_reserve(
    attribut: int, bonus: int = 0, malus: int = 0, *, coup_d_eclat: bool = False,
    hypothese: Hypothese = HYPOTHESE,
) -> int:
    """Nombre de dés lancés.

    >>> taille_reserve(3, bonus=5)        # le bonus est plafonné à 3
    6
    >>> taille_reserve(2, malus=4)        # jamais moins d'un dé
    1
    >>> taille_reserve(2, malus=4, coup_d_eclat=True)   # ramené à 1d6, puis +3d6
    4
    """
    entier_borne("Attribut", attribut, 0, ATTRIBUT_MAX)
    entier_borne("Dés de bonus", bonus, 0, DES_MODIFICATEUR_MAX)
    entier_borne("Dés de malus", malus, 0, DES_MODIFICATEUR_MAX)
    n = max(hypothese.reserve_min, attribut + min(bonus, hypothese.plafond_bonus) - malus)
    if coup_d_eclat:
        n += BONUS_COUP_D_ECLAT
    return n


def issue_de(succes: int, difficulte: Difficulte, coup_d_eclat: bool, hypothese: Hypothese) -> Issue:
    """L'issue d'un jet ; le Coup d'éclat ne peut pas échouer (réussite en Standard)."""
    if coup_d_eclat and difficulte is Difficulte.STANDARD:
        return Issue.REUSSITE
    requis = hypothese.requis[difficulte]
    if succes >= requis:
        return Issue.REUSSITE
    if succes >= 1 or coup_d_eclat:
        return Issue.PARTIELLE
    return Issue.ECHEC


@dataclass(frozen=True)
class JetReserve:
    des: tuple[int, ...]
    difficulte: Difficulte
    coup_d_eclat: bool
    hypothese: Hypothese
    #: Faux pour un Coup d'éclat et pour la résistance au Stress (Raw) : pas de relance.
    relancable: bool = True

    @property
    def compte(self) -> tuple[bool, ...]:
        return tuple(f >= self.hypothese.face_succes for f in self.des)

    @property
    def succes(self) -> int:
        return sum(self.compte)

    @property
    def issue(self) -> Issue:
        return issue_de(self.succes, self.difficulte, self.coup_d_eclat, self.hypothese)

    @property
    def des_lances(self) -> str:
        """Les dés, comme on les annonce : « 3d6 (6, 1, 5) »."""
        return f"{len(self.des)}d6 ({', '.join(map(str, self.des))})"

    @property
    def bilan(self) -> str:
        """Les succès et l'issue : « aucun succès, échec », « 2 succès, réussite »."""
        return f"{compter(self.succes, 'succès', 'succès')}, {self.issue.value}"

    def __str__(self) -> str:
        eclat = ", Coup d'éclat" if self.coup_d_eclat else ""
        return f"{self.des_lances} en {self.difficulte.value}{eclat} : {self.bilan}."


def verifier_coup_d_eclat(stress: int) -> None:
    """Refuse un Coup d'éclat déclaré sans les 6 de Stress que la règle exige.

    Le Coup d'éclat n'est prêt qu'au maximum du Stress ; avant, il n'y a rien à déclarer.

    >>> verifier_coup_d_eclat(6)
    >>> verifier_coup_d_eclat(2)
    Traceback (most recent call last):
    ...
    jdr_core.erreurs.RegleEnfreinte: Coup d'éclat refusé : il se déclare à 6 de Stress, et le personnage n'en a que 2.
    """
    entier_borne("Stress", stress, 0, STRESS_COUP_D_ECLAT)
    if stress < STRESS_COUP_D_ECLAT:
        reste = "le personnage n'a aucun Stress" if stress == 0 else f"le personnage n'en a que {stress}"
        raise RegleEnfreinte(f"Coup d'éclat refusé : il se déclare à {STRESS_COUP_D_ECLAT} de Stress, et {reste}.")


class OptionsReserve(TypedDict, total=False):
    """Les réglages d'une réserve, au-delà de l'attribut (défauts dans :class:`ReglagesReserve`)."""

    bonus: int
    malus: int
    difficulte: Difficulte
    coup_d_eclat: bool
    hypothese: Hypothese


@dataclass(frozen=True)
class ReglagesReserve:
    """Une réserve décrite une fois : :meth:`lancer` la joue, :meth:`loi` en tire la loi exacte."""

    attribut: int
    bonus: int = 0
    malus: int = 0
    difficulte: Difficulte = Difficulte.STANDARD
    coup_d_eclat: bool = False
    hypothese: Hypothese = HYPOTHESE

    @property
    def taille(self) -> int:
        return taille_reserve(self.attribut, self.bonus, self.malus, coup_d_eclat=self.coup_d_eclat,
                              hypothese=self.hypothese)

    def lancer(self, des: SourceDes, *, relancable: bool = True) -> JetReserve:
        n = self.taille
        if n > RESERVE_MAX:
            raise ParametreInvalide("Réserve de", f"{n} dés", f"au plus {RESERVE_MAX} dés")
        faces = tuple(des.lancer(6) for _ in range(n))
        return JetReserve(faces, self.difficulte, self.coup_d_eclat, self.hypothese,
                          relancable=relancable and not self.coup_d_eclat)

    def loi(self) -> Loi[Issue]:
        """Probabilités exactes de chaque issue.

        Douze dés ne s'énumèrent pas face par face : on regroupe. Les succès d'un
        :class:`JetReserve` sont la somme de ceux de chaque dé ; la loi d'un dé (celle de
        :attr:`JetReserve.succes` sur un dé seul) est donc ajoutée à elle-même autant de fois
        qu'il y a de dés, puis :func:`issue_de` décide, comme :attr:`JetReserve.issue`.
        """
        un_de = Loi.de(6).map(lambda face: JetReserve((face,), self.difficulte, self.coup_d_eclat,
                                                      self.hypothese).succes)
        return un_de.somme(self.taille).map(
            lambda succes: issue_de(succes, self.difficulte, self.coup_d_eclat, self.hypothese))


def lancer_reserve(attribut: int, *, des: SourceDes, relancable: bool = True,
                   **options: Unpack[OptionsReserve]) -> JetReserve:
    """Lance la réserve (réglages : :class:`OptionsReserve`)."""
    return ReglagesReserve(attribut, **options).lancer(des, relancable=relancable)


def distribution_reserve(attribut: int, **options: Unpack[OptionsReserve]) -> Loi[Issue]:
    """Probabilités exactes de chaque issue (voir :meth:`ReglagesReserve.loi`).

    >>> d = distribution_reserve(3, difficulte=Difficulte.DIFFICILE, coup_d_eclat=True)
    >>> d[Issue.ECHEC] == 0, d[Issue.PARTIELLE] == Fraction(256, 729)
    (True, True)
    """
    return ReglagesReserve(attribut, **options).loi()


@dataclass(frozen=True)
class Chances:
    """Les chances exactes de chaque issue d'une réserve, lisibles en une phrase."""

    distribution: Mapping[Issue, Fraction]

    def __str__(self) -> str:
        morceaux = []
        for issue in (Issue.REUSSITE, Issue.PARTIELLE, Issue.ECHEC):
            p = self.distribution[issue]
            if p == 0:
                morceaux.append(f"{issue.value} impossible")
            elif p == 1:
                morceaux.append(f"{issue.value} assurée" if issue is not Issue.ECHEC else "échec assuré")
            else:
                morceaux.append(f"{issue.value} {pourcentage(p)}")
        return majuscule(", ".join(morceaux)) + "."


def chances(attribut: int, **options: Unpack[OptionsReserve]) -> Chances:
    """Les chances d'une réserve, en phrase.

    >>> print(chances(3, difficulte=Difficulte.DIFFICILE, coup_d_eclat=True))
    Réussite 64,9 %, réussite partielle 35,1 %, échec impossible.
    """
    return Chances(distribution_reserve(attribut, **options))
