"""Les lois exactes : une issue → sa probabilité, en fractions, dérivées du code qui lance.

Une :class:`Loi` est immuable ; on la construit à partir de poids entiers ou fractionnaires
(regroupés par issue, puis divisés par leur total), et on la transforme sans jamais écrire
d'accumulation à la main : :meth:`Loi.map` (une fonction des issues), :meth:`Loi.lier`
(une loi qui dépend de l'issue), :meth:`Loi.combiner` et ``+`` (deux lois indépendantes),
:meth:`Loi.repeter` (une chaîne de Markov finie, états mémorisés). Le modèle est icepool
(``Die``, ``map(repeat=…)``), réduit à ce dont nos règles ont besoin et sans dépendance,
puisque ce module tourne aussi dans le navigateur.

>>> de = Loi.de(6)
>>> (de + de)[7]
Fraction(1, 6)
>>> de.map(lambda f: f >= 5)[True]
Fraction(1, 3)

Surtout, :func:`loi_du_jet` rejoue une fonction qui lance des dés avec toutes les suites de
faces possibles : la loi vient du code même qui lance, elle ne peut pas le contredire.

>>> loi_du_jet(lambda des: max(des.lancer(6), des.lancer(6)))[6]
Fraction(11, 36)
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Iterator, Mapping, Sequence
from fractions import Fraction
from typing import Any, Generic, TypeVar

from .des import SourceDes
from .erreurs import BudgetDepasse, JdrErreur

K = TypeVar("K", bound=Hashable)
T = TypeVar("T", bound=Hashable)
R = TypeVar("R")

Poids = int | Fraction

_ZERO = Fraction(0)

#: Nombre de suites de dés qu'une énumération accepte de parcourir avant de refuser.
SUITES_MAX = 200_000


class Loi(Mapping[K, Fraction], Generic[K]):
    """Une loi de probabilité exacte sur des issues hachables, dans l'ordre de leur première
    apparition. Les issues de poids nul sont omises (``in`` ne les voit pas) et
    ``loi[issue]`` vaut 0 pour une issue qui n'arrive jamais.

    >>> Loi([("pile", 1), ("face", 1), ("pile", 2)])
    Loi({'pile': Fraction(3, 4), 'face': Fraction(1, 4)})
    >>> Loi({"rien": 0})
    Traceback (most recent call last):
    ...
    jdr_core.erreurs.JdrErreur: loi vide : aucun poids positif
    """

    __slots__ = ("_p",)
    _p: dict[K, Fraction]

    def __init__(self, poids: Mapping[K, Poids] | Iterable[tuple[K, Poids]]) -> None:
        paires = poids.items() if isinstance(poids, Mapping) else poids
        cumul: dict[K, Poids] = {}
        for issue, w in paires:
            if w < 0:
                raise JdrErreur(f"loi : poids négatif {w} pour {issue!r}")
            cumul[issue] = cumul.get(issue, 0) + w
        total = sum(cumul.values())
        if total <= 0:
            raise JdrErreur("loi vide : aucun poids positif")
        if total == 1:
            self._p = {issue: Fraction(w) for issue, w in cumul.items() if w}
        else:
            self._p = {issue: Fraction(w, 1) / total for issue, w in cumul.items() if w}

    # --- Constructions ---------------------------------------------------------

    @classmethod
    def certaine(cls, issue: K) -> Loi[K]:
        """L'issue sûre."""
        return cls({issue: 1})

    @classmethod
    def uniforme(cls, issues: Iterable[K]) -> Loi[K]:
        """Chaque issue (avec ses répétitions) autant que les autres."""
        return cls((issue, 1) for issue in issues)

    @staticmethod
    def de(faces: int = 6) -> Loi[int]:
        """Un dé à ``faces`` faces, de 1 à ``faces``."""
        return Loi.uniforme(range(1, faces + 1))

    @staticmethod
    def booleenne(p: Fraction) -> Loi[bool]:
        """Vrai avec la probabilité ``p``, faux sinon.

        >>> Loi.booleenne(Fraction(1, 3))[False]
        Fraction(2, 3)
        """
        return Loi([(True, p), (False, 1 - p)])

    @staticmethod
    def melange(lois: Iterable[tuple[Loi[T], Poids]]) -> Loi[T]:
        """Le mélange de lois, chacune pesant son poids."""
        return Loi((issue, p * w) for loi, w in lois for issue, p in loi.items())

    # --- Lecture ---------------------------------------------------------------

    def __getitem__(self, issue: K) -> Fraction:
        return self._p.get(issue, _ZERO)

    def __contains__(self, issue: object) -> bool:
        return issue in self._p

    def __iter__(self) -> Iterator[K]:
        return iter(self._p)

    def __len__(self) -> int:
        return len(self._p)

    def __repr__(self) -> str:
        return f"Loi({self._p!r})"

    def __eq__(self, autre: object) -> bool:
        """Égale à toute table qui donne la même probabilité à chaque issue (absente : 0).

        >>> Loi.de(2) == {1: Fraction(1, 2), 2: Fraction(1, 2), 3: Fraction(0)}
        True
        """
        if not isinstance(autre, Mapping):
            return NotImplemented
        return self._p == {issue: p for issue, p in autre.items() if p}

    __hash__ = None  # type: ignore[assignment]  # une loi est une table : comme dict, elle ne se hache pas

    def chance(self, condition: Callable[[K], bool]) -> Fraction:
        """La probabilité exacte des issues qui vérifient ``condition``.

        >>> Loi.de(6).chance(lambda f: f % 2 == 0)
        Fraction(1, 2)
        """
        return sum((p for issue, p in self._p.items() if condition(issue)), Fraction(0))

    # --- Transformations -------------------------------------------------------

    def map(self, fonction: Callable[[K], T]) -> Loi[T]:
        """La loi de ``fonction(issue)`` : les issues de même image se regroupent."""
        return Loi((fonction(issue), p) for issue, p in self._p.items())

    def lier(self, fonction: Callable[[K], Loi[T]]) -> Loi[T]:
        """La loi obtenue en tirant une issue, puis une issue de ``fonction(issue)``.

        >>> Loi.de(2).lier(lambda n: Loi.de(6).map(lambda f: f * n))[12]
        Fraction(1, 12)
        """
        return Loi.melange((fonction(issue), p) for issue, p in self._p.items())

    def combiner(self, autre: Loi[T], fonction: Callable[[K, T], R]) -> Loi[Any]:
        """La loi de ``fonction(a, b)`` pour deux tirages indépendants ``a`` et ``b``."""
        return Loi((fonction(a, b), p * q) for a, p in self._p.items() for b, q in autre.items())

    def __add__(self, autre: Loi[Any]) -> Loi[Any]:
        """La convolution : la somme de deux tirages indépendants."""
        return self.combiner(autre, lambda a, b: a + b)

    def somme(self, fois: int) -> Loi[Any]:
        """La somme de ``fois`` tirages indépendants (``fois`` ≥ 1).

        >>> Loi.de(6).somme(3)[10]
        Fraction(1, 8)
        """
        if fois < 1:
            raise JdrErreur(f"somme de {fois} tirages : au moins 1")
        total: Loi[Any] = self
        for _ in range(fois - 1):
            total = total + self
        return total

    def repeter(self, pas: Callable[[K], Loi[K]], fois: int, *,
                fini: Callable[[K], bool] | None = None) -> Loi[K]:
        """Une chaîne de Markov finie : ``fois`` pas au plus depuis cette loi d'états.

        ``pas(etat)`` rend la loi de l'état suivant ; il est calculé une fois par état
        (mémorisé), si bien que des chemins différents menant au même état ne coûtent rien.
        Un état ``fini`` est absorbant : il ne bouge plus. La chaîne s'arrête plus tôt quand
        tous les états sont finis.

        >>> tirages = Loi.certaine(0).repeter(lambda n: Loi([(n, 1), (n + 1, 1)]), 3, fini=lambda n: n >= 2)
        >>> tirages[2]
        Fraction(1, 2)
        """
        memo: dict[K, Loi[K]] = {}

        def suivant(etat: K) -> Loi[K]:
            if fini is not None and fini(etat):
                return Loi.certaine(etat)
            if etat not in memo:
                memo[etat] = pas(etat)
            return memo[etat]

        etats: Loi[K] = self
        for _ in range(fois):
            if fini is not None and all(fini(e) for e in etats):
                break
            etats = etats.lier(suivant)
        return etats


# --- L'énumération des dés -----------------------------------------------------------

#: Pour un dé demandé (son nombre de faces), les faces à rejouer et leur poids. Par défaut
#: chaque face seule, poids 1/faces ; une règle qui lit ses dés par groupes peut regrouper.
Branches = Callable[[int], Sequence[tuple[tuple[int, ...], Fraction]]]


def _une_face(faces: int) -> tuple[tuple[tuple[int, ...], Fraction], ...]:
    return tuple(((f,), Fraction(1, faces)) for f in range(1, faces + 1))


class _Embranchement(BaseException):
    """Le jet demande un dé que le préfixe n'a pas encore : la suite se divise.

    ``BaseException`` : aucun ``except Exception`` d'une règle ne doit l'avaler.
    """

    def __init__(self, faces: int) -> None:
        self.faces = faces


class DesPrefixe:
    """Rejoue un préfixe de faces, puis signale le dé suivant pour que l'énumération se divise."""

    def __init__(self, prefixe: tuple[int, ...]) -> None:
        self.prefixe = prefixe
        self.position = 0

    def lancer(self, faces: int) -> int:
        if self.position < len(self.prefixe):
            face = self.prefixe[self.position]
            self.position += 1
            if not 1 <= face <= faces:
                raise JdrErreur(f"énumération : face {face} rejouée sur un dé à {faces} faces")
            return face
        raise _Embranchement(faces)


def suites(jouer: Callable[[SourceDes], R], *, limite: int = SUITES_MAX,
           branches: Branches = _une_face, connus: tuple[int, ...] = ()) -> Iterator[tuple[R, Fraction]]:
    """Chaque suite de dés possible : le résultat de ``jouer`` et sa probabilité exacte.

    On rejoue un préfixe de faces ; quand ``jouer`` demande un dé de plus, la suite se divise
    selon ``branches``. Chaque suite complète pèse le produit des poids de ses branches.
    ``connus`` : les premières faces, déjà vues (la loi sachant ces dés).

    >>> sorted((r, str(p)) for r, p in suites(lambda des: des.lancer(2) + des.lancer(2)))
    [(2, '1/4'), (3, '1/4'), (3, '1/4'), (4, '1/4')]
    """
    pile: list[tuple[tuple[int, ...], Fraction]] = [(connus, Fraction(1))]
    vues = 0
    while pile:
        prefixe, p = pile.pop()
        try:
            resultat = jouer(DesPrefixe(prefixe))
        except _Embranchement as e:
            pile.extend(((*prefixe, *faces), p * q) for faces, q in reversed(branches(e.faces)))
            continue
        vues += 1
        if vues > limite:
            raise BudgetDepasse(f"plus de {limite} suites de dés : loi trop grande pour être énumérée")
        yield resultat, p


def loi_du_jet(jouer: Callable[[SourceDes], T], *, limite: int = SUITES_MAX,
               branches: Branches = _une_face, connus: tuple[int, ...] = ()) -> Loi[T]:
    """La loi exacte du résultat de ``jouer``, en parcourant toutes les suites de dés
    (celles qui commencent par les faces ``connus``).

    >>> loi_du_jet(lambda des: des.lancer(6) + des.lancer(6) >= 10)[True]
    Fraction(1, 6)
    >>> loi_du_jet(lambda des: des.lancer(6) + des.lancer(6) >= 10, connus=(6,))[True]
    Fraction(1, 2)
    """
    return Loi(suites(jouer, limite=limite, branches=branches, connus=connus))
