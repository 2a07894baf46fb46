"""Opposition, actions de groupe, tâches longues et poursuites : d'autres usages du test.

Pierre (0 succès) tente d'échapper au garde (2 succès) :

>>> from jdr_core.des import DesScriptes
>>> from jdr_core.troisd6.test import tester
>>> pierre = tester(1, des=DesScriptes([4, 2, 6]))
>>> garde = tester(3, des=DesScriptes([1, 3, 5]))
>>> resultat = opposer(pierre, garde, noms=("Pierre", "le garde"))
>>> print(resultat)
Pierre 0 succès, le garde 2 succès : le garde l'emporte de 2.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from enum import Enum
from fractions import Fraction

from ..erreurs import RegleEnfreinte, entier_borne
from .test import Critique, Issue, JetTest


class Egalite(Enum):
    """Ce que le MJ décide quand les succès sont égaux."""

    RELANCER = "on relance"
    AVANTAGE_PJ = "le personnage du joueur l'emporte"
    MATCH_NUL = "match nul"


@dataclass(frozen=True)
class Opposition:
    """Deux jets face à face : qui l'emporte, et de combien."""

    jet_a: JetTest
    jet_b: JetTest
    noms: tuple[str, str] = ("A", "B")
    critiques_decisifs: bool = False
    egalite: Egalite | None = None
    pj: int | None = 0

    @property
    def marge(self) -> int:
        """Écart de succès, toujours positif ou nul."""
        return abs(self.jet_a.succes - self.jet_b.succes)

    @property
    def gagnant(self) -> int | None:
        """0 ou 1 pour le camp gagnant ; ``None`` pour une égalité non tranchée."""
        return gagnant_opposition(
            (self.jet_a.succes, self.jet_a.critique),
            (self.jet_b.succes, self.jet_b.critique),
            self.critiques_decisifs,
            self.egalite,
            self.pj,
        )

    def __str__(self) -> str:
        a, b = self.noms
        debut = f"{a} {self.jet_a.succes} succès, {b} {self.jet_b.succes} succès : "
        if self.gagnant is None:
            if self.egalite is None:
                return debut + "égalité, au MJ de trancher (relancer, donner la victoire au PJ ou match nul)."
            return debut + f"égalité, {self.egalite.value}."
        nom = self.noms[self.gagnant]
        if self.marge == 0:
            return debut + f"égalité tranchée : {nom} l'emporte."
        return debut + f"{nom} l'emporte de {self.marge}."


def gagnant_opposition(
    a: Issue,
    b: Issue,
    critiques_decisifs: bool = False,
    egalite: Egalite | None = None,
    pj: int | None = 0,
) -> int | None:
    """Le camp (0 ou 1) qui a le plus de succès.

    Hypothèse : le texte ne dit rien des triples en opposition. Par défaut ils ne
    changent rien au décompte ; avec ``critiques_decisifs``, une réussite critique
    l'emporte sur un jet qui n'en est pas une, et un échec critique perd.
    """
    if critiques_decisifs:
        rang_a, rang_b = _rang(a[1]), _rang(b[1])
        if rang_a != rang_b:
            return 0 if rang_a > rang_b else 1
    if a[0] != b[0]:
        return 0 if a[0] > b[0] else 1
    if egalite is Egalite.AVANTAGE_PJ and pj is not None:
        return pj
    return None


def _rang(critique: Critique) -> int:
    return {Critique.ECHEC: -1, Critique.AUCUN: 0, Critique.REUSSITE: 1}[critique]


def opposer(
    jet_a: JetTest,
    jet_b: JetTest,
    *,
    noms: tuple[str, str] = ("A", "B"),
    critiques_decisifs: bool = False,
    egalite: Egalite | None = None,
    pj: int | None = 0,
) -> Opposition:
    """Compare deux jets. ``pj`` désigne le camp du personnage joueur (0, 1 ou ``None``)."""
    return Opposition(jet_a, jet_b, noms, critiques_decisifs, egalite, pj)


def distribution_opposition(
    a: dict[Issue, Fraction],
    b: dict[Issue, Fraction],
    critiques_decisifs: bool = False,
) -> dict[int | None, Fraction]:
    """Probabilités exactes : victoire de A (0), de B (1), égalité (``None``)."""
    resultat: dict[int | None, Fraction] = {0: Fraction(0), 1: Fraction(0), None: Fraction(0)}
    for ia, pa in a.items():
        for ib, pb in b.items():
            resultat[gagnant_opposition(ia, ib, critiques_decisifs)] += pa * pb
    return resultat


@dataclass(frozen=True)
class ActionDeGroupe:
    """Tous les personnages tentent la même action ; le groupe réussit ou échoue ensemble."""

    jets: tuple[JetTest, ...]
    difficulte: int
    avancee: bool

    @property
    def requis(self) -> int:
        """Version avancée : personnages × difficulté succès au total."""
        return len(self.jets) * self.difficulte

    @property
    def total(self) -> int:
        return sum(j.succes for j in self.jets)

    @property
    def reussites(self) -> int:
        return sum(1 for j in self.jets if j.reussi)

    @property
    def reussi(self) -> bool:
        if self.avancee:
            return self.total >= self.requis
        return self.reussites * 2 > len(self.jets)

    def __str__(self) -> str:
        if self.avancee:
            debut = f"{self.total} succès cumulés pour {len(self.jets)} × {self.difficulte} = {self.requis} demandés"
        else:
            debut = f"{self.reussites} réussite(s) sur {len(self.jets)} personnages"
        return debut + (" : le groupe réussit." if self.reussi else " : tout le groupe échoue.")


def action_de_groupe(
    jets: Sequence[JetTest], difficulte: int, *, avancee: bool = False
) -> ActionDeGroupe:
    """Version simple (majorité des réussites) ou avancée (total de succès).

    >>> groupe = action_de_groupe([], 2, avancee=True)
    Traceback (most recent call last):
    ...
    jdr_core.erreurs.ParametreInvalide: personnages 0 : attendu un entier de 1 à 20
    """
    entier_borne("personnages", len(jets), 1, 20)
    entier_borne("difficulté", difficulte, 0, 12)
    jets_fixes = tuple(replace(j, difficulte=difficulte) for j in jets)
    return ActionDeGroupe(jets_fixes, difficulte, avancee)


class Mode(Enum):
    """Comment les personnages se partagent une tâche longue."""

    ENSEMBLE = "tous ensemble"
    RELAIS = "un à la fois"


@dataclass(frozen=True)
class TacheLongue:
    """Une tâche qui cumule les succès de plusieurs jets jusqu'à un objectif.

    ``duree_par_jet`` est en minutes ; ``limite`` compte des périodes de jet
    (``None`` : pas de limite). En mode ensemble, chaque période accueille un jet
    par personnage ; en relais, un seul jet, mais n'importe quel personnage peut
    reprendre le travail.

    >>> tache = TacheLongue(objectif=6, duree_par_jet=60, limite=3)
    >>> tache = tache.periode(("Carmen", 2), ("Jules", 1))
    >>> tache = tache.periode(("Carmen", 3))
    >>> tache.cumul, tache.terminee, tache.temps_ecoule
    (6, True, 120)
    """

    objectif: int
    duree_par_jet: int
    limite: int | None = None
    mode: Mode = Mode.ENSEMBLE
    cumul: int = 0
    periodes: int = 0
    journal: tuple[tuple[int, str, int], ...] = field(default=())

    def __post_init__(self) -> None:
        entier_borne("objectif", self.objectif, 4, 20)
        entier_borne("durée par jet (minutes)", self.duree_par_jet, 1, 60 * 24 * 30)
        if self.limite is not None:
            entier_borne("limite de périodes", self.limite, 1, 1000)

    @property
    def terminee(self) -> bool:
        return self.cumul >= self.objectif

    @property
    def echouee(self) -> bool:
        """Le temps imparti est écoulé sans atteindre l'objectif."""
        return not self.terminee and self.limite is not None and self.periodes >= self.limite

    @property
    def temps_ecoule(self) -> int:
        return self.periodes * self.duree_par_jet

    def periode(self, *jets: tuple[str, int]) -> TacheLongue:
        """Une période de travail : des paires (personnage, succès obtenus)."""
        if self.terminee or self.echouee:
            raise RegleEnfreinte("la tâche est déjà terminée : plus de jet à ajouter")
        if not jets:
            raise RegleEnfreinte("une période de travail demande au moins un jet")
        if self.mode is Mode.RELAIS and len(jets) != 1:
            raise RegleEnfreinte("en relais, un seul personnage travaille à la fois")
        noms = [nom for nom, _ in jets]
        if len(set(noms)) != len(noms):
            raise RegleEnfreinte("un personnage ne lance qu'une fois par période")
        for _, succes in jets:
            entier_borne("succès", succes, 0, 30)
        numero = self.periodes + 1
        return replace(
            self,
            cumul=self.cumul + sum(s for _, s in jets),
            periodes=numero,
            journal=self.journal + tuple((numero, nom, s) for nom, s in jets),
        )


ECART_MIN_DEPART, ECART_MAX_DEPART, ECART_FUITE = 1, 5, 10


@dataclass(frozen=True)
class Poursuite:
    """Une course-poursuite mesurée en crans d'écart.

    >>> p = Poursuite(3).tour(poursuivants=2, poursuivis=0)
    >>> p.ecart, p.issue
    (1, None)
    >>> p.tour(poursuivants=1, poursuivis=0).issue
    'rattrapés'
    """

    ecart: int
    tours: int = 0

    def __post_init__(self) -> None:
        if self.tours == 0:
            entier_borne("écart de départ", self.ecart, ECART_MIN_DEPART, ECART_MAX_DEPART)

    @property
    def issue(self) -> str | None:
        if self.ecart <= 0:
            return "rattrapés"
        if self.ecart >= ECART_FUITE:
            return "semés"
        return None

    def tour(self, *, poursuivants: int, poursuivis: int) -> Poursuite:
        """Chaque succès des poursuivants réduit l'écart d'un cran, chaque succès des poursuivis l'augmente."""
        if self.issue is not None:
            raise RegleEnfreinte(f"la poursuite est finie : les poursuivis sont {self.issue}")
        entier_borne("succès des poursuivants", poursuivants, 0, 50)
        entier_borne("succès des poursuivis", poursuivis, 0, 50)
        ecart = min(ECART_FUITE, max(0, self.ecart - poursuivants + poursuivis))
        return Poursuite(ecart, self.tours + 1)
