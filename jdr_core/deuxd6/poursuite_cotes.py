"""Les cotes exactes d'une poursuite du 2D6 : une chaîne de Markov sur ses états, dont chaque
transition vient de toutes les paires de dés d'une manche jouée par :meth:`.Poursuite.tour`
(le code qui lance les dés est celui qui compte les chances).
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache
from itertools import product

from ..erreurs import entier_borne
from ..loi import Loi, loi_du_jet
from .poursuite import TOURS_MAX, Issue, Poursuite, Tactique

# --- Cotes exactes : une chaîne de Markov sur les états de la poursuite -------------------


def _classes_de_paires() -> tuple[tuple[tuple[int, ...], Fraction], ...]:
    """Les 36 paires de 2D6 regroupées par (total, double) : une manche n'en voit pas plus.

    Le Dd d'un double se déduit de son total ; 15 classes au lieu de 36 paires.
    """
    representants: dict[tuple[int, bool], tuple[int, int]] = {}
    for a, b in product(range(1, 7), repeat=2):
        representants.setdefault((a + b, a == b), (a, b))
    classes = Loi(((a + b, a == b), 1) for a, b in product(range(1, 7), repeat=2))
    return tuple((representants[cle], p) for cle, p in classes.items())


_PAIRES_POIDS = _classes_de_paires()


def par_paires(faces: int) -> tuple[tuple[tuple[int, ...], Fraction], ...]:
    """Les branches de l'énumération (:func:`jdr_core.loi.suites`) d'une manche : quand elle
    demande un dé, on lui prépare une paire entière, l'une des 15 classes, qui pèse son nombre
    de paires sur 36. Une manche ne lit d'un jet que son total, s'il est double et son Dd, et
    demande ses dés par deux, comme :func:`lancer_2d6`.

    >>> from jdr_core.loi import suites
    >>> from jdr_core.deuxd6.manoeuvres import Camp, Distance, Manoeuvre
    >>> depart = Poursuite(1, 1, Distance.MOYEN, Camp.POURSUIVI)
    >>> issues = list(suites(lambda des: depart.tour(Manoeuvre.STABILISER, des=des), branches=par_paires))
    >>> len(issues), sum(p for _, p in issues)
    (15, Fraction(1, 1))
    """
    return _PAIRES_POIDS


@lru_cache(maxsize=4096)
def _transitions(etat: Poursuite, poursuivant: Tactique, poursuivi: Tactique) -> Loi[Poursuite]:
    return loi_du_jet(lambda des: etat._jouer_manche(poursuivant, poursuivi, des).etat,
                      branches=par_paires)


def distribution_poursuite(
    depart: Poursuite, poursuivant: Tactique, poursuivi: Tactique, *, tours: int
) -> Loi[Issue]:
    """Probabilités exactes de chaque issue après au plus ``tours`` manches.

    L'état de la chaîne : distance, camp qui a la main, effets d'embardées et de
    stabilisation en cours (l'historique ne compte pas). Chaque transition vient de
    toutes les paires de dés d'une manche, jouée par le même code que :meth:`Poursuite.tour`.

    >>> from jdr_core.deuxd6.manoeuvres import Camp, Distance
    >>> d = distribution_poursuite(Poursuite(1, 2, Distance.EXTREME, Camp.POURSUIVI), Tactique(), Tactique(), tours=1)
    >>> print(d[Issue.DISTANCE])
    5/18
    """
    entier_borne("nombre de manches", tours, 1, TOURS_MAX)
    etats = Loi.certaine(depart.etat).repeter(
        lambda etat: _transitions(etat, poursuivant, poursuivi), tours, fini=lambda etat: etat.issue.finie)
    return etats.map(lambda etat: etat.issue)


def chance_d_echapper(depart: Poursuite, poursuivant: Tactique, poursuivi: Tactique, *, tours: int) -> Fraction:
    """Probabilité exacte que le poursuivi s'en sorte en ``tours`` manches au plus.

    >>> from jdr_core.deuxd6.manoeuvres import Camp, Distance
    >>> print(chance_d_echapper(Poursuite(1, 2, Distance.EXTREME, Camp.POURSUIVI), Tactique(), Tactique(), tours=1))
    5/18
    """
    return distribution_poursuite(depart, poursuivant, poursuivi, tours=tours).chance(lambda issue: issue.echappe)
