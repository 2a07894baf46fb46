"""Les issues d'une mécanique : ses lignes de cotes, déclarées une fois, et tout ce qu'on en tire.

Une mécanique dit une seule fois ce qui peut arriver : chaque :class:`Ligne` a une clé ASCII
stable, un libellé français et une condition sur le *résumé* d'un jet (ce que ``lancer`` rend,
ramené par :attr:`Issues.resume` à ce que les lignes lisent : un niveau, un gagnant, un jet
entier) ; une :class:`Famille` déclare d'un coup une ligne par valeur entière (une marge, un
nombre de succès, un jour). De ces lignes et de la loi exacte du résumé, :class:`Issues` tire :

* les cotes (:meth:`Issues.cotes`) : la probabilité de chaque ligne, dans l'ordre déclaré ;
* le classement d'un jet (:meth:`Issues.classer`) : les clés des lignes qu'il réalise ;
* le graphique (:meth:`Issues.repartition`) : des lignes qui s'excluent (:class:`Graphique`,
  par défaut les lignes de cotes elles-mêmes), et la barre qu'un jet réalise (:meth:`Issues.barre`).

Une cote, le classement d'un jet et la barre surlignée ne peuvent donc pas se contredire : ils
lisent les mêmes conditions. La loi du résumé est, par défaut, celle de toutes les suites de
dés du lanceur (:func:`jdr_core.loi.loi_du_jet`) ; une mécanique ne la remplace
(:attr:`Issues.loi`) que là où une chaîne de Markov ou une forme close évite une énumération
trop longue, et les tests comparent les deux sur de petits réglages.

>>> six = Issues(resume=lambda face: face, lignes=(
...     Ligne("six", "Faire 6", est(6)), Ligne("autre", "Autre chose", lambda face: face != 6)))
>>> [(c.cle, str(c.probabilite)) for c in six.cotes({}, Loi.de(6))]
[('six', '1/6'), ('autre', '5/6')]
>>> sorted(six.classer(6))
['six']
>>> six.barre(2)
'autre'
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Generic, TypeVar

from .cotes import pourcentage
from .erreurs import JdrErreur
from .loi import Loi

#: Les réglages validés d'une mécanique (nom du paramètre → valeur).
Valeurs = dict[str, Any]
R = TypeVar("R")
#: Le résumé d'un jet : ce que lisent les lignes (hachable, pour en faire une loi).
S = TypeVar("S", bound=Hashable)


def est(valeur: object) -> Callable[[object], bool]:
    """La condition « le résumé vaut ``valeur`` » (la plupart des lignes ne demandent que cela).

    >>> est(None)(None), est(0)(None)
    (True, False)
    """
    return lambda resume: resume == valeur


# --- Cotes -------------------------------------------------------------------------


@dataclass(frozen=True)
class Cote:
    """Une issue, sa probabilité exacte, et sa clé : un identifiant ASCII stable (ce que rend
    le classement d'un jet), si bien que reformuler le libellé affiché ne change rien.

    >>> Cote("réussite", "Réussite", Fraction(1, 2))
    Traceback (most recent call last):
    ...
    jdr_core.erreurs.JdrErreur: cote « Réussite » : clé 'réussite' : attendu des lettres ASCII, chiffres, _ + -
    """

    cle: str
    libelle: str
    probabilite: Fraction

    def __post_init__(self) -> None:
        verifier_cle(self.cle, f"cote « {self.libelle} »")

    def en_json(self) -> dict[str, str]:
        """La ligne telle que la page la montre : une issue impossible le dit en toutes lettres,
        sans fraction (« 0/1 » n'apprend rien de plus).

        >>> Cote("reussite", "Réussir (difficulté 5)", Fraction(0)).en_json()["pourcentage"]
        'impossible (0 %)'
        """
        p = self.probabilite
        return {
            "cle": self.cle,
            "libelle": self.libelle,
            "fraction": f"{p.numerator}/{p.denominator}" if p else "",
            "pourcentage": _pourcentage_lisible(p),
        }


def verifier_cle(cle: str, quoi: str) -> None:
    """Une clé de ligne : lettres ASCII, chiffres, ``_ + -`` (ce qu'une sauvegarde garde)."""
    if not cle or not all(c.isascii() and (c.isalnum() or c in "_+-") for c in cle):
        raise JdrErreur(f"{quoi} : clé {cle!r} : attendu des lettres ASCII, chiffres, _ + -")


def cotes_affichees(lignes: Iterable[Cote]) -> list[dict[str, str]]:
    """Les cotes telles que la page les montre : une issue impossible n'est pas listée
    (« 0 % (0/1) » n'apprend rien au lecteur), sauf quand elles le sont toutes : la première
    ligne, l'issue que le jet cherche, dit alors qu'elle est impossible, pour que la liste ne
    reste pas vide. Le graphique, lui, garde toutes les barres.

    >>> deux_des = [Cote("reussite", "Réussir (difficulté 3)", Fraction(0)),
    ...             Cote("critique", "Réussite critique", Fraction(0))]
    >>> [f"{c['libelle']} : {c['pourcentage']}" for c in cotes_affichees(deux_des)]
    ['Réussir (difficulté 3) : impossible (0 %)']
    """
    lignes = list(lignes)
    possibles = [c.en_json() for c in lignes if c.probabilite]
    return possibles or [c.en_json() for c in lignes[:1]]


def _pourcentage_lisible(p: Fraction) -> str:
    if not p:
        return f"impossible ({pourcentage(p)})"
    if 0 < p < Fraction(1, 1000):
        return "moins de 0,1 %"
    if Fraction(999, 1000) < p < 1:
        return "plus de 99,9 %"
    return pourcentage(p)


# --- Répartition (le graphique d'un lanceur) ---------------------------------------


@dataclass(frozen=True)
class Barre:
    """Une issue du graphique : une clé stable, un libellé, sa probabilité exacte, et le
    libellé de sa lecture « au moins » (« au moins 2 succès ») quand elle a un sens."""

    cle: str
    libelle: str
    probabilite: Fraction
    au_moins: str = ""


@dataclass(frozen=True)
class Repartition:
    """Des issues ordonnées (de la pire à la meilleure, ou croissantes) qui s'excluent et
    dont les probabilités font exactement 1.

    ``au_moins`` dit si la lecture cumulée (« au moins N ») a un sens : succès, totaux,
    marges, gravités ; pas pour « qui l'emporte ».

    >>> Repartition("Issue", (Barre("a", "A", Fraction(1, 2)), Barre("b", "B", Fraction(1, 3))))
    Traceback (most recent call last):
    ...
    jdr_core.erreurs.JdrErreur: répartition « Issue » : les probabilités font 5/6, pas 1
    """

    titre: str
    barres: tuple[Barre, ...]
    au_moins: bool = False

    def __post_init__(self) -> None:
        total = sum((b.probabilite for b in self.barres), Fraction(0))
        if total != 1:
            raise JdrErreur(f"répartition « {self.titre} » : les probabilités font {total}, pas 1")
        if len({b.cle for b in self.barres}) != len(self.barres):
            raise JdrErreur(f"répartition « {self.titre} » : deux barres ont la même clé")
        if any(b.probabilite < 0 for b in self.barres):
            raise JdrErreur(f"répartition « {self.titre} » : probabilité négative")

    @property
    def cles(self) -> tuple[str, ...]:
        return tuple(b.cle for b in self.barres)


# --- Les lignes déclarées --------------------------------------------------------------


@dataclass(frozen=True)
class Ligne(Generic[S]):
    """Une issue déclarée : sa clé, son libellé (un texte, ou une fonction des réglages quand il
    les cite : « Réussir (difficulté 3) ») et sa condition sur le résumé d'un jet.

    >>> [(r.cle, r.libelle) for r in Ligne("reussir", lambda v: f"Réussir ({v['n']})", est(True)).resoudre({"n": 3})]
    [('reussir', 'Réussir (3)')]
    """

    cle: str
    libelle: str | Callable[[Valeurs], str]
    si: Callable[[S], bool]
    #: Sa lecture cumulée dans un graphique « au moins » ; par défaut « <libellé> ou mieux ».
    au_moins: str = ""

    def __post_init__(self) -> None:
        verifier_cle(self.cle, "ligne")

    def resoudre(self, valeurs: Valeurs, vues: Iterable[int] = ()) -> list[_Resolue[S]]:
        """La ligne pour ces réglages : sa clé, son libellé, sa lecture cumulée, sa condition."""
        libelle = self.libelle if isinstance(self.libelle, str) else self.libelle(valeurs)
        return [_Resolue(self.cle, libelle, self.au_moins or f"{libelle} ou mieux", self.si)]

    def cles_de(self, resume: S) -> list[str]:
        """Sa clé si le résumé la réalise."""
        return [self.cle] if self.si(resume) else []


@dataclass(frozen=True)
class Famille(Generic[S]):
    """Une ligne par valeur entière lue dans le résumé (``valeur`` ; ``None`` : le jet n'est dans
    aucune ligne de la famille), nommée par ``cle`` et ``libelle``.

    Les valeurs qui ont une ligne : par défaut celles que la loi atteint, croissantes ; sinon
    ``valeurs(réglages, atteintes)`` les choisit (toutes les marges jusqu'à la compétence,
    chaque nombre de succès de 0 au plus grand…), et une valeur choisie mais jamais atteinte
    donne une ligne de probabilité nulle.

    >>> succes = Famille(lambda n: n, lambda n: f"s{n}", lambda n: f"{n} succès")
    >>> [(c.cle, str(c.probabilite)) for c in Issues(lambda n: n, (succes,)).cotes({}, Loi.de(2))]
    [('s1', '1/2'), ('s2', '1/2')]
    """

    valeur: Callable[[S], int | None]
    cle: Callable[[int], str]
    libelle: Callable[[int], str]
    valeurs: Callable[[Valeurs, list[int]], Iterable[int]] | None = None
    #: La lecture cumulée de chaque ligne dans un graphique « au moins » ; par défaut
    #: « <libellé> ou mieux ».
    au_moins: Callable[[int], str] | None = None

    def resoudre(self, valeurs: Valeurs, vues: Iterable[int] = ()) -> list[_Resolue[S]]:
        """Une ligne par valeur retenue (``vues`` : les valeurs que la loi atteint)."""
        atteintes = sorted(set(vues))
        retenues = atteintes if self.valeurs is None else self.valeurs(valeurs, atteintes)
        lignes = []
        for n in retenues:
            libelle = self.libelle(n)
            lignes.append(_Resolue(self.cle(n), libelle,
                                   f"{libelle} ou mieux" if self.au_moins is None else self.au_moins(n),
                                   _vaut(self.valeur, n)))
        return lignes

    def cles_de(self, resume: S) -> list[str]:
        """La clé de la valeur que lit le résumé, s'il en a une."""
        n = self.valeur(resume)
        return [] if n is None else [self.cle(n)]


def _vaut(valeur: Callable[[S], int | None], n: int) -> Callable[[S], bool]:
    return lambda resume: valeur(resume) == n


@dataclass(frozen=True)
class _Resolue(Generic[S]):
    """Une ligne pour des réglages donnés : ce que rendent les cotes et le graphique."""

    cle: str
    libelle: str
    au_moins: str
    si: Callable[[S], bool]


Declaree = Ligne[S] | Famille[S]


@dataclass(frozen=True)
class Graphique(Generic[S]):
    """Le graphique d'une mécanique : des lignes qui s'excluent et couvrent tous les jets, de la
    pire issue à la meilleure. ``au_moins`` : chaque barre se lit aussi « ce résultat ou mieux »."""

    lignes: tuple[Declaree[S], ...]
    titre: str = "Issue du jet"
    au_moins: bool = False


@dataclass(frozen=True)
class Issues(Generic[R, S]):
    """Les issues d'une mécanique : ce que ses lignes lisent d'un jet, ses lignes de cotes (dans
    l'ordre où la page les montre), son graphique, et, s'il le faut, la loi exacte du résumé.

    ``loi`` : ``None``, la loi vient de toutes les suites de dés du lanceur (voir
    :meth:`jdr_core.mecanique.Mecanique.loi`) ; sinon une fonction des réglages qui la rend
    sans tout énumérer (une chaîne de Markov, une forme close). ``graphique`` : ``None``, les
    lignes de cotes elles-mêmes, qui doivent alors s'exclure.
    """

    resume: Callable[[R], S]
    lignes: tuple[Declaree[S], ...]
    graphique: Graphique[S] | None = None
    loi: Callable[[Valeurs], Loi[S]] | None = None

    def __post_init__(self) -> None:
        cles = [ligne.cle for ligne in self.lignes if isinstance(ligne, Ligne)]
        if len(set(cles)) != len(cles):
            raise JdrErreur(f"issues : deux lignes portent la même clé ({', '.join(cles)})")

    def resoudre(self, valeurs: Valeurs, loi: Loi[S], lignes: tuple[Declaree[S], ...] | None = None
                 ) -> list[_Resolue[S]]:
        """Les lignes (de cotes, ou ``lignes``) pour ces réglages, familles dépliées."""
        resolues: list[_Resolue[S]] = []
        for ligne in self.lignes if lignes is None else lignes:
            vues = () if isinstance(ligne, Ligne) else _atteintes(ligne, loi)
            resolues += ligne.resoudre(valeurs, vues)
        if len({r.cle for r in resolues}) != len(resolues):
            raise JdrErreur(f"issues : deux lignes portent la même clé ({', '.join(r.cle for r in resolues)})")
        return resolues

    def cotes(self, valeurs: Valeurs, loi: Loi[S]) -> list[Cote]:
        """Chaque ligne et sa probabilité exacte sous ``loi``, dans l'ordre déclaré."""
        return [Cote(r.cle, r.libelle, loi.chance(r.si)) for r in self.resoudre(valeurs, loi)]

    def classer(self, resultat: R) -> frozenset[str]:
        """Les clés des lignes de cotes que réalise un jet (elles peuvent se recouper)."""
        return self.cles_du_resume(self.resume(resultat))

    def cles_du_resume(self, resume: S) -> frozenset[str]:
        """Les clés des lignes de cotes que réalise un résumé (une issue de la loi)."""
        return frozenset(cle for ligne in self.lignes for cle in ligne.cles_de(resume))

    def repartition(self, valeurs: Valeurs, loi: Loi[S]) -> Repartition:
        """Le graphique pour ces réglages : ses barres et leurs probabilités sous ``loi``."""
        g = self.graphique
        if g is None:
            g = Graphique(self.lignes)
            lignes = self.resoudre(valeurs, loi)
            total = sum((loi.chance(r.si) for r in lignes), Fraction(0))
            if total != 1:
                raise JdrErreur(f"ses cotes se recoupent (elles font {total}) : il doit déclarer son graphique")
        else:
            lignes = self.resoudre(valeurs, loi, g.lignes)
        return Repartition(g.titre, tuple(
            Barre(r.cle, r.libelle, loi.chance(r.si), r.au_moins if g.au_moins else "") for r in lignes), g.au_moins)

    def barre(self, resultat: R) -> str:
        """La clé de la seule ligne du graphique que réalise un jet."""
        return self.barre_du_resume(self.resume(resultat))

    def barre_du_resume(self, resume: S) -> str:
        """La clé de la seule ligne du graphique que réalise un résumé (une issue de la loi)."""
        lignes = self.lignes if self.graphique is None else self.graphique.lignes
        trouvees = [cle for ligne in lignes for cle in ligne.cles_de(resume)]
        if len(trouvees) != 1:
            raise JdrErreur(f"le résultat réalise {len(trouvees)} barres au lieu d'une")
        return trouvees[0]


def _atteintes(famille: Famille[S], loi: Loi[S]) -> list[int]:
    return [n for n in (famille.valeur(resume) for resume in loi) if n is not None]

