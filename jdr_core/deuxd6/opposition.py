"""Scènes mineures : un seul jet, contre une chose passive ou contre un adversaire actif.

Contre un adversaire passif (une serrure, un garde endormi), le jet du personnage
décide seul. Contre un adversaire actif, chacun lance sous sa propre cible :

* un seul réussit : il l'emporte ;
* tous deux réussissent : la réussite critique bat la réussite simple, et à niveau
  égal le total **le plus haut** l'emporte ;
* tous deux ratent : l'échec simple bat la maladresse, et à niveau égal le total
  **le plus bas** l'emporte ;
* même niveau et même total : égalité parfaite, on relance (un nombre borné de
  fois) ou le MJ tranche.

Aline (cible 9) et Bruno (cible 8) se disputent le dernier taxi :

>>> from jdr_core.des import DesScriptes
>>> o = opposer(9, 8, des=DesScriptes([3, 4, 2, 5, 6, 2, 1, 2]), noms=("Aline", "Bruno"))
>>> print(o)  # doctest: +NORMALIZE_WHITESPACE
Aline fait 3 et 4 = 7 contre 9 : réussite ; Bruno fait 2 et 5 = 7 contre 8 : réussite.
Égalité parfaite, on relance.
Aline fait 6 et 2 = 8 contre 9 : réussite ; Bruno fait 1 et 2 = 3 contre 8 : réussite.
Aline l'emporte.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from functools import lru_cache

from ..des import SourceDes
from ..erreurs import entier_borne
from ..francais import conjuguer, majuscule
from ..loi import Loi, loi_du_jet
from .jet import Jet2D6, Niveau, lancer_2d6, valider_cible

#: Nombre maximal de relances après une égalité parfaite (la boucle est bornée).
RELANCES_MAX = 10
RELANCES_DEFAUT = 3


class Egalite(Enum):
    """Ce qu'on fait d'une égalité parfaite (même niveau, même total)."""

    RELANCER = "relancer"
    MJ = "choix du MJ"


def comparer(niveau_a: Niveau, total_a: int, niveau_b: Niveau, total_b: int) -> int | None:
    """Le camp (0 ou 1) qui l'emporte, ou ``None`` pour une égalité parfaite.

    >>> comparer(Niveau.REUSSITE, 5, Niveau.REUSSITE, 8)        # le plus haut
    1
    >>> comparer(Niveau.ECHEC, 9, Niveau.ECHEC, 11)             # le plus bas
    0
    >>> comparer(Niveau.REUSSITE, 8, Niveau.REUSSITE_CRITIQUE, 4)
    1
    >>> comparer(Niveau.ECHEC, 12, Niveau.MALADRESSE, 10)
    0
    """
    if niveau_a.reussi != niveau_b.reussi:
        return 0 if niveau_a.reussi else 1
    if niveau_a.rang != niveau_b.rang:
        return 0 if niveau_a.rang > niveau_b.rang else 1
    if total_a == total_b:
        return None
    if niveau_a.reussi:
        return 0 if total_a > total_b else 1
    return 0 if total_a < total_b else 1


def comparer_jets(a: Jet2D6, b: Jet2D6) -> int | None:
    """:func:`comparer` appliquée à deux jets."""
    return comparer(a.niveau, a.total, b.niveau, b.total)


@dataclass(frozen=True)
class Opposition:
    """Une opposition de scène mineure : chaque paire de jets, relances comprises."""

    paires: tuple[tuple[Jet2D6, Jet2D6], ...]
    egalite: Egalite
    noms: tuple[str, str] = ("A", "B")

    @property
    def gagnant(self) -> int | None:
        """0 ou 1 ; ``None`` si l'égalité parfaite reste au MJ."""
        a, b = self.paires[-1]
        return comparer_jets(a, b)

    @property
    def relances(self) -> int:
        return len(self.paires) - 1

    def phrases_jets(self, *, capitale: bool = True) -> list[str]:
        """Les jets, paire par paire, avec les relances annoncées.

        Sans ``capitale``, la première phrase commence par une minuscule (pour suivre
        « Pour l'initiative, »).
        """
        morceaux: list[str] = []
        for i, (a, b) in enumerate(self.paires):
            nom_a, nom_b = self.noms
            debut = majuscule(nom_a) if capitale or i else nom_a
            morceaux.append(f"{debut} {conjuguer(nom_a, 'fait', 'font')} {a.texte} ; "
                            f"{nom_b} {conjuguer(nom_b, 'fait', 'font')} {b.texte}.")
            if i < len(self.paires) - 1:
                morceaux.append("Égalité parfaite, on relance.")
        return morceaux

    def bilan(self) -> str:
        """Qui l'emporte, en une phrase (la même en titre du lanceur et à la fin du récit)."""
        if self.gagnant is None:
            if self.egalite is Egalite.RELANCER:
                return "Égalité parfaite, et plus de relance permise : au MJ de trancher."
            return "Égalité parfaite : au MJ de trancher."
        gagnant = self.noms[self.gagnant]
        verbe = conjuguer(gagnant, "l'emporte", "l'emportent")
        return f"{majuscule(gagnant)} {verbe}."

    def __str__(self) -> str:
        return " ".join([*self.phrases_jets(), self.bilan()])


def opposer(
    cible_a: int,
    cible_b: int,
    *,
    des: SourceDes,
    egalite: Egalite = Egalite.RELANCER,
    relances_max: int = RELANCES_DEFAUT,
    noms: tuple[str, str] = ("A", "B"),
) -> Opposition:
    """Chaque camp lance 2D6 sous sa cible (A d'abord) ; relance bornée des égalités parfaites.

    Avec ``egalite=Egalite.MJ`` on ne relance jamais : une égalité parfaite va au MJ.
    """
    valider_cible(cible_a)
    valider_cible(cible_b)
    entier_borne("relances", relances_max, 0, RELANCES_MAX)
    essais = 1 + (relances_max if egalite is Egalite.RELANCER else 0)
    paires: list[tuple[Jet2D6, Jet2D6]] = []
    for _ in range(essais):
        a, b = _essai(cible_a, cible_b, des)
        paires.append((a, b))
        if comparer_jets(a, b) is not None:
            break
    return Opposition(tuple(paires), egalite, noms)


def _essai(cible_a: int, cible_b: int, des: SourceDes) -> tuple[Jet2D6, Jet2D6]:
    """Un essai : A lance, puis B."""
    return lancer_2d6(cible_a, des=des), lancer_2d6(cible_b, des=des)


@lru_cache(maxsize=512, typed=True)
def chances_un_essai(cible_a: int, cible_b: int) -> Loi[int | None]:
    """Un seul essai : victoire de A (0), de B (1), égalité parfaite (``None``), par :func:`comparer_jets`."""
    return loi_du_jet(lambda des: comparer_jets(*_essai(cible_a, cible_b, des)))


def distribution_opposition(
    cible_a: int,
    cible_b: int,
    *,
    egalite: Egalite = Egalite.RELANCER,
    relances_max: int = RELANCES_DEFAUT,
) -> Loi[int | None]:
    """Probabilités exactes : A l'emporte (0), B l'emporte (1), égalité laissée au MJ (``None``).

    Comme :func:`opposer` : un essai, puis un autre tant que l'égalité est parfaite, au plus
    ``1 + relances_max`` essais (un seul avec ``Egalite.MJ``).

    >>> d = distribution_opposition(7, 7, egalite=Egalite.MJ)
    >>> d[0] == d[1], sum(d.values())
    (True, Fraction(1, 1))
    """
    entier_borne("relances", relances_max, 0, RELANCES_MAX)
    un = chances_un_essai(cible_a, cible_b)
    essais = 1 + (relances_max if egalite is Egalite.RELANCER else 0)
    egalite_parfaite: Loi[int | None] = Loi.certaine(None)
    return egalite_parfaite.repeter(lambda _: un, essais, fini=lambda gagnant: gagnant is not None)
