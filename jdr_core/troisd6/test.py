"""Le test : 3D6 par défaut, un succès par dé inférieur ou égal à la caractéristique.

Pierre fouille la ruelle avec 3 en MENTAL et obtient 2, 3 et 5 :

>>> from jdr_core.des import DesScriptes
>>> jet = tester(3, des=DesScriptes([2, 3, 5]))
>>> jet.succes
2
>>> print(jet)
2, 3, 5 contre 3 : 2 succès.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from enum import Enum
from fractions import Fraction
from functools import lru_cache
from typing import TypedDict, Unpack

from ..des import SourceDes
from ..erreurs import entier_borne
from ..francais import accorder, compter
from ..loi import Loi, loi_du_jet

CARACTERISTIQUE_MIN = 1
CARACTERISTIQUE_MAX = 5
#: 4 est le maximum humain ; au-delà, seul un Facteur de puissance permet de réussir.
DIFFICULTE_MAX_HUMAINE = 4
DIFFICULTE_MAX = 12
FP_MAX = 10
RELANCES_MAX = 6
MODIFICATEURS_MAX = 10


class Critique(Enum):
    """Ce qu'un triple fait d'un test."""

    AUCUN = "aucun"
    REUSSITE = "réussite critique"
    ECHEC = "échec critique"


class RegleCritique(Enum):
    """Hypothèse : ce qu'est un « triple » quand on lance 2 ou 4 dés.

    Le texte ne décrit les critiques que sur 3D6 (111 à 666).

    * ``TRIPLE`` (par défaut) : au moins trois dés identiques. Sur 2D6 il n'y a donc
      jamais de critique ; sur 4D6, trois dés pareils sur quatre suffisent.
    * ``TOUS`` : tous les dés lancés identiques (un double sur 2D6, un quadruple sur 4D6).
    * ``SEULEMENT_3D6`` : les critiques n'existent que sur un lancer de trois dés.
    """

    TRIPLE = "triple"
    TOUS = "tous"
    SEULEMENT_3D6 = "3d6"


def nombre_de_des(avantages: int = 0, desavantages: int = 0) -> int:
    """Nombre de dés lancés : 4 avec avantage, 2 avec désavantage, sinon 3.

    Plusieurs avantages valent un seul avantage ; un avantage et un désavantage
    s'annulent, quels que soient leurs nombres (Jules et le mur) :

    >>> nombre_de_des(avantages=1, desavantages=2)
    3
    >>> nombre_de_des(avantages=3)
    4
    """
    entier_borne("avantages", avantages, 0, MODIFICATEURS_MAX)
    entier_borne("désavantages", desavantages, 0, MODIFICATEURS_MAX)
    if avantages and desavantages:
        return 3
    if avantages:
        return 4
    if desavantages:
        return 2
    return 3


def face_critique(des: Sequence[int], regle: RegleCritique = RegleCritique.TRIPLE) -> int | None:
    """La face du triple si le lancer en contient un, selon la règle choisie.

    >>> face_critique([4, 4, 4])
    4
    >>> face_critique([3, 3, 6, 3])
    3
    >>> face_critique([5, 5]) is None
    True
    >>> face_critique([5, 5], RegleCritique.TOUS)
    5
    """
    if regle is RegleCritique.TOUS:
        return des[0] if len(set(des)) == 1 else None
    if regle is RegleCritique.SEULEMENT_3D6 and len(des) != 3:
        return None
    for face in sorted(set(des)):
        if des.count(face) >= 3:
            return face
    return None


def critique_de(des: Sequence[int], caracteristique: int, regle: RegleCritique) -> Critique:
    face = face_critique(des, regle)
    if face is None:
        return Critique.AUCUN
    return Critique.REUSSITE if face <= caracteristique else Critique.ECHEC


ChoixRelance = Callable[[Sequence[int], int], "int | None"]


def relancer_un_echec(des: Sequence[int], caracteristique: int) -> int | None:
    """Choix par défaut : le dé raté le plus haut (le premier en cas d'égalité).

    Rend l'indice du dé à relancer, ou ``None`` si tous les dés sont des succès.

    >>> relancer_un_echec([2, 6, 5], 3)
    1
    >>> relancer_un_echec([1, 2, 3], 3) is None
    True
    """
    candidats = [i for i, face in enumerate(des) if face > caracteristique]
    if not candidats:
        return None
    return max(candidats, key=lambda i: (des[i], -i))


@dataclass(frozen=True)
class Relance:
    """Un dé relancé : sa place, l'ancienne face et la nouvelle."""

    indice: int
    avant: int
    apres: int


@dataclass(frozen=True)
class JetTest:
    """Le résultat complet d'un test, dés compris."""

    caracteristique: int
    des_initiaux: tuple[int, ...]
    relances: tuple[Relance, ...]
    des: tuple[int, ...]
    fp: int
    critique: Critique
    difficulte: int | None

    @property
    def succes_des(self) -> int:
        """Succès apportés par les dés seuls."""
        return sum(1 for face in self.des if face <= self.caracteristique)

    @property
    def succes(self) -> int:
        """Succès des dés plus les succès automatiques du Facteur de puissance."""
        return self.succes_des + self.fp

    @property
    def compte(self) -> tuple[bool, ...]:
        """Pour chaque dé final, s'il donne un succès."""
        return tuple(face <= self.caracteristique for face in self.des)

    @property
    def reussi(self) -> bool | None:
        """Réussite face à la difficulté ; ``None`` si aucune difficulté n'est fixée."""
        if self.difficulte is None:
            return None
        return reussite(self.succes, self.critique, self.difficulte)

    @property
    def marge(self) -> int | None:
        """Succès au-delà de la difficulté (négatif s'il en manque)."""
        return None if self.difficulte is None else self.succes - self.difficulte

    def __str__(self) -> str:
        """La phrase de la table : les dés, les succès, le triple et le verdict.

        >>> from jdr_core.des import DesScriptes
        >>> print(tester(2, relances=1, difficulte=2, des=DesScriptes([6, 2, 4, 1])))
        1, 2, 4 contre 2 (le 6 relancé a donné 1) : 2 succès pour 2 demandés, c'est réussi.
        """
        faces = ", ".join(str(f) for f in self.des)
        texte = f"{faces} contre {self.caracteristique}"
        if self.relances:
            texte += " (" + ", puis ".join(f"le {r.avant} relancé a donné {r.apres}" for r in self.relances) + ")"
        texte += f" : {compter(self.succes, 'succès', 'succès')}"
        if self.fp:
            texte += f" (dont {self.fp} grâce au FP)"
        if self.difficulte is None:
            if self.critique is not Critique.AUCUN:
                texte += f", {self.critique.value}"
            return texte + "."
        texte += f" {pour_la_difficulte(self.difficulte)}"
        if self.critique is not Critique.AUCUN:
            # Le triple décide : « mais » quand il contredit le décompte des succès.
            contredit = (self.succes >= self.difficulte) != (self.critique is Critique.REUSSITE)
            texte += f"{', mais' if contredit else ' et'} {self.critique.value}"
        return texte + f", c'est {'réussi' if self.reussi else 'raté'}."


def pour_la_difficulte(difficulte: int) -> str:
    """Ce qu'on demande, dit à la table : « pour 1 demandé », « pour 3 demandés ».

    >>> pour_la_difficulte(0), pour_la_difficulte(1), pour_la_difficulte(3)
    ('pour une action automatique', 'pour 1 demandé', 'pour 3 demandés')
    """
    if difficulte == 0:
        return "pour une action automatique"
    return f"pour {difficulte} {accorder(difficulte, 'demandé')}"


def reussite(succes: int, critique: Critique, difficulte: int) -> bool:
    """Un triple décide seul ; sinon il faut au moins autant de succès que la difficulté."""
    if critique is Critique.REUSSITE:
        return True
    if critique is Critique.ECHEC:
        return False
    return succes >= difficulte


class OptionsTest(TypedDict, total=False):
    """Les réglages d'un test, au-delà de la caractéristique (défauts dans :class:`ReglagesTest`)."""

    avantages: int
    desavantages: int
    relances: int
    fp: int
    difficulte: int | None
    regle_critique: RegleCritique
    choix_relance: ChoixRelance


@dataclass(frozen=True)
class ReglagesTest:
    """Un test décrit une fois : :meth:`lancer` le joue avec des dés, :meth:`loi` en tire la
    loi exacte en faisant passer toutes les faces par les mêmes étapes (premier lancer, puis
    chaque relance, états mémorisés)."""

    caracteristique: int
    avantages: int = 0
    desavantages: int = 0
    relances: int = 0
    fp: int = 0
    difficulte: int | None = None
    regle_critique: RegleCritique = RegleCritique.TRIPLE
    choix_relance: ChoixRelance = relancer_un_echec

    def __post_init__(self) -> None:
        entier_borne("caractéristique", self.caracteristique, CARACTERISTIQUE_MIN, CARACTERISTIQUE_MAX)
        entier_borne("relances", self.relances, 0, RELANCES_MAX)
        entier_borne("FP", self.fp, 0, FP_MAX)
        if self.difficulte is not None:
            entier_borne("difficulté", self.difficulte, 0, DIFFICULTE_MAX)
        nombre_de_des(self.avantages, self.desavantages)

    def _premier_lancer(self, des: SourceDes) -> tuple[int, ...]:
        return tuple(des.lancer(6) for _ in range(nombre_de_des(self.avantages, self.desavantages)))

    def _relancer(self, faces: tuple[int, ...], des: SourceDes) -> tuple[tuple[int, ...], Relance | None]:
        """Une relance : le dé choisi est relancé ; aucun dé lancé si tous comptent déjà."""
        indice = self.choix_relance(faces, self.caracteristique)
        if indice is None:
            return faces, None
        nouvelle = des.lancer(6)
        return (*faces[:indice], nouvelle, *faces[indice + 1 :]), Relance(indice, faces[indice], nouvelle)

    def _jet(self, initiaux: tuple[int, ...], relances: tuple[Relance, ...], faces: tuple[int, ...]) -> JetTest:
        return JetTest(
            caracteristique=self.caracteristique,
            des_initiaux=initiaux,
            relances=relances,
            des=faces,
            fp=self.fp,
            critique=critique_de(faces, self.caracteristique, self.regle_critique),
            difficulte=self.difficulte,
        )

    def lancer(self, des: SourceDes) -> JetTest:
        initiaux = faces = self._premier_lancer(des)
        faites: list[Relance] = []
        for _ in range(self.relances):
            faces, relance = self._relancer(faces, des)
            if relance is None:
                break
            faites.append(relance)
        return self._jet(initiaux, tuple(faites), faces)

    def loi(self) -> Loi[JetTest]:
        """La loi exacte des jets, chaque jet ramené à ses dés finaux (sans l'historique des
        relances, qui ne change ni les succès, ni le triple, ni la réussite).

        Avec le choix de relance par défaut, seul compte l'ensemble des faces, pas leur ordre
        (:func:`relancer_un_echec` prend la plus haute face ratée, où qu'elle soit) : les états
        sont alors rangés, 126 au lieu de 1 296 sur 4D6.
        """
        return _loi_test(self)


@lru_cache(maxsize=128)
def _loi_test(reglages: ReglagesTest) -> Loi[JetTest]:
    ranger: Callable[[tuple[int, ...]], tuple[int, ...]] = (
        (lambda f: tuple(sorted(f))) if reglages.choix_relance is relancer_un_echec else (lambda f: f))
    faces = loi_du_jet(reglages._premier_lancer).map(ranger).repeter(
        lambda f: loi_du_jet(lambda des: ranger(reglages._relancer(f, des)[0])), reglages.relances)
    return faces.map(lambda f: reglages._jet(f, (), f))


def tester(caracteristique: int, *, des: SourceDes, **options: Unpack[OptionsTest]) -> JetTest:
    """Lance un test et rend un :class:`JetTest` (réglages : :class:`OptionsTest`).

    Carmen casse le code : MENTAL 4, un avantage, difficulté 3, dés 3, 6, 2 et 1.

    >>> from jdr_core.des import DesScriptes
    >>> jet = tester(4, avantages=1, difficulte=3, des=DesScriptes([3, 6, 2, 1]))
    >>> jet.succes, jet.reussi
    (3, True)

    Une relance reprend un dé raté ; le premier 6 est relancé et donne 1 :

    >>> jet = tester(2, relances=1, des=DesScriptes([6, 2, 4, 1]))
    >>> jet.des, jet.succes
    ((1, 2, 4), 2)
    """
    return ReglagesTest(caracteristique, **options).lancer(des)


Issue = tuple[int, Critique]


def distribution_test(caracteristique: int, **options: Unpack[OptionsTest]) -> Loi[Issue]:
    """Loi exacte de (succès, critique), relances comprises, tirée du code de :func:`tester`.

    >>> d = distribution_test(3)
    >>> d[(3, Critique.AUCUN)] + d[(3, Critique.REUSSITE)]
    Fraction(1, 8)
    """
    return ReglagesTest(caracteristique, **options).loi().map(lambda jet: (jet.succes, jet.critique))


def chance_de_reussite(distribution: Loi[Issue], difficulte: int) -> Fraction:
    """Probabilité exacte de réussir contre ``difficulte`` succès demandés.

    >>> from fractions import Fraction
    >>> chance_de_reussite(distribution_test(4, avantages=1), 3) > Fraction(1, 2)
    True
    """
    entier_borne("difficulté", difficulte, 0, DIFFICULTE_MAX)
    return distribution.chance(lambda issue: reussite(issue[0], issue[1], difficulte))
