"""Opposition, actions de groupe, tâches longues et poursuites : d'autres usages du test.

Pierre (0 succès) tente d'échapper au garde (2 succès) :

>>> from jdr_core.des import DesScriptes
>>> from jdr_core.troisd6.test import tester
>>> pierre = tester(1, des=DesScriptes([4, 2, 6]))
>>> garde = tester(3, des=DesScriptes([1, 3, 5]))
>>> resultat = opposer(pierre, garde, noms=("Pierre", "le garde"))
>>> print(resultat)
Pierre n'obtient aucun succès, le garde 2 : le garde l'emporte de 2 succès.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from enum import Enum

from ..erreurs import RegleEnfreinte, entier_borne
from ..francais import accorder, compter, majuscule, minuscule
from ..loi import Loi
from .test import Critique, Issue, JetTest, pour_la_difficulte


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
        """Les succès de chacun, puis qui l'emporte et de combien.

        >>> from jdr_core.des import DesScriptes
        >>> from jdr_core.troisd6.test import tester
        >>> a = tester(3, des=DesScriptes([1, 2, 6]))
        >>> b = tester(3, des=DesScriptes([3, 5, 6]))
        >>> print(opposer(a, b, noms=("Le personnage", "L'adversaire")))
        Le personnage obtient 2 succès, l'adversaire 1 : le personnage l'emporte d'un succès.
        """
        a, b = (minuscule(n) for n in self.noms)
        sa, sb = self.jet_a.succes, self.jet_b.succes
        if sa == sb:
            debut = f"{a} obtient {sa} succès, {b} aussi" if sa else f"{a} n'obtient aucun succès, {b} non plus"
        else:
            debut = f"{a} obtient {sa} succès" if sa else f"{a} n'obtient aucun succès"
            debut += f", {b} {sb if sb else 'aucun'}"
        debut = majuscule(debut) + " : "
        gagnant = self.gagnant
        if gagnant is None:
            if self.egalite is None or self.egalite is Egalite.AVANTAGE_PJ:
                return debut + "égalité, au MJ de trancher (relancer, donner la victoire au PJ ou match nul)."
            return debut + f"égalité, {self.egalite.value}."
        nom, perdant = (a, b) if gagnant == 0 else (b, a)
        jet_gagnant, jet_perdant = (self.jet_a, self.jet_b) if gagnant == 0 else (self.jet_b, self.jet_a)
        if self.critiques_decisifs and _rang(jet_gagnant.critique) != _rang(jet_perdant.critique):
            if jet_gagnant.critique is Critique.REUSSITE:
                return debut + f"{nom} l'emporte par une réussite critique."
            return debut + f"{nom} l'emporte, car {perdant} fait un échec critique."
        if self.marge == 0:
            return debut + f"égalité, tranchée en faveur du personnage du joueur : {nom} l'emporte."
        ecart = "d'un succès" if self.marge == 1 else f"de {self.marge} succès"
        return debut + f"{nom} l'emporte {ecart}."


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


def distribution_opposition(a: Loi[Issue], b: Loi[Issue], critiques_decisifs: bool = False) -> Loi[int | None]:
    """Loi exacte du gagnant : A (0), B (1), égalité (``None``), par la règle de :class:`Opposition`."""
    return a.combiner(b, lambda ia, ib: gagnant_opposition(ia, ib, critiques_decisifs))


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
        """Le décompte du groupe, puis le verdict commun.

        >>> from jdr_core.des import DesScriptes
        >>> from jdr_core.troisd6.test import tester
        >>> jets = [tester(3, des=DesScriptes([1, 2, 6])), tester(2, des=DesScriptes([4, 5, 6]))]
        >>> print(action_de_groupe(jets, 2))
        1 personnage sur 2 réussit, pas plus de la moitié : tout le groupe échoue.
        >>> print(action_de_groupe(jets, 1, avancee=True))
        2 succès cumulés pour 2 demandés (2 personnages × difficulté 1) : le groupe réussit.
        """
        n = len(self.jets)
        if self.avancee:
            debut = (
                f"{compter(self.total, 'succès cumulé', 'succès cumulés')} {pour_la_difficulte(self.requis)} "
                f"({compter(n, 'personnage')} × difficulté {self.difficulte})"
            )
        else:
            verbe = "ne réussit" if self.reussites == 0 else accorder(self.reussites, "réussit", "réussissent")
            debut = f"{compter(self.reussites, 'personnage')} sur {n} {verbe}"
            if self.reussites:
                debut += ", plus de la moitié" if self.reussi else ", pas plus de la moitié"
        return majuscule(debut) + (" : le groupe réussit." if self.reussi else " : tout le groupe échoue.")


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

    def __str__(self) -> str:
        """Où en est la tâche : succès réunis, temps passé, et ce qui reste.

        >>> tache = TacheLongue(objectif=8, duree_par_jet=60, limite=3)
        >>> print(tache)
        Rien n'est encore fait : 8 succès à réunir, en 3 périodes de 1 heure au plus.
        >>> print(tache.periode(("Carmen", 1)))
        1 succès réuni sur 8 en 1 période (1 heure) : il reste 2 périodes.
        """
        if self.periodes == 0:
            from ..francais import de  # « d'une heure »

            texte = f"Rien n'est encore fait : {self.objectif} succès à réunir"
            if self.limite is not None:
                texte += f", en {compter(self.limite, 'période', feminin=True)} {de(duree(self.duree_par_jet))} au plus"
            return texte + "."
        texte = (
            f"{compter(self.cumul, 'succès réuni', 'succès réunis')} sur {self.objectif} "
            f"en {compter(self.periodes, 'période', feminin=True)} ({duree(self.temps_ecoule)})"
        )
        if self.terminee:
            suite = "la tâche est accomplie"
        elif self.echouee:
            suite = "le temps est écoulé, la tâche échoue"
        elif self.limite is not None:
            suite = f"il reste {compter(self.limite - self.periodes, 'période', feminin=True)}"
        else:
            suite = "le travail continue"
        return f"{majuscule(texte)} : {suite}."

    def periode(self, *jets: tuple[str, int]) -> TacheLongue:
        """Une période de travail : des paires (personnage, succès obtenus)."""
        if self.terminee:
            raise RegleEnfreinte("la tâche est déjà accomplie : plus de jet à ajouter")
        if self.echouee:
            raise RegleEnfreinte("le temps imparti est écoulé : plus de jet à ajouter")
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


def duree(minutes: int) -> str:
    """Une durée en minutes, dite en jours, en heures ou en minutes.

    >>> duree(1440), duree(180), duree(90), duree(1)
    ('1 jour', '3 heures', '90 minutes', '1 minute')
    """
    if minutes and minutes % (60 * 24) == 0:
        return compter(minutes // (60 * 24), "jour")
    if minutes and minutes % 60 == 0:
        return compter(minutes // 60, "heure", feminin=True)
    return compter(minutes, "minute", feminin=True)


#: L'écart de départ : « généralement » 1 (courte distance) à 5 (longue), dit la source ; ce
#: n'est pas une borne, le MJ peut partir de plus loin, tant que la poursuite n'est pas déjà finie.
ECART_HABITUEL_MIN, ECART_HABITUEL_MAX = 1, 5
ECART_MIN_DEPART, ECART_FUITE = 1, 10
ECART_MAX_DEPART = ECART_FUITE - 1


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

    def __str__(self) -> str:
        """L'écart en crans, et l'issue si la poursuite est finie.

        >>> print(Poursuite(4))
        4 crans d'écart au départ.
        >>> print(Poursuite(2).tour(poursuivants=3, poursuivis=1))
        Plus aucun cran d'écart après 1 tour : les poursuivis sont rattrapés.
        """
        if self.tours == 0:
            return f"{compter(self.ecart, 'cran')} d'écart au départ."
        ecart = "plus aucun cran" if self.ecart == 0 else compter(self.ecart, "cran")
        texte = f"{majuscule(ecart)} d'écart après {compter(self.tours, 'tour')}"
        if self.issue == "rattrapés":
            return texte + " : les poursuivis sont rattrapés."
        if self.issue == "semés":
            return texte + " : les poursuivis ont semé leurs poursuivants."
        return texte + " : la poursuite continue."

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
