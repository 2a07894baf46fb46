"""Scènes majeures : l'initiative, les manches, les Dd et la contre-attaque.

Celui qui a l'initiative, l'**attaquant**, choisit un modificateur qui vaut pour les
deux jets de l'échange. Puis chacun lance sous sa cible :

* l'attaquant réussit, le défenseur rate : l'attaquant gagne la manche (et la scène
  s'il a gagné toutes les manches demandées) ;
* tous deux réussissent : rien ne change ;
* l'attaquant rate : le défenseur prend l'initiative.

Quand les deux réussissent, un critique oblige l'autre à relire son jet avec un malus
égal au Dd ; quand les deux ratent, une maladresse lui permet de le relire avec un bonus
égal au Dd. Tout double compte, de l'attaquant comme du défenseur (voir
:mod:`jdr_core.deuxd6.doubles`, la même lecture que les poursuites). Le défenseur peut aussi **contre-attaquer** :
il lance seul avec 3 de malus en plus ; réussi, il prend l'initiative sans attendre ;
raté, l'attaquant gagne la manche d'office.

Trois points que le texte laisse ouverts sont des réglages (voir :class:`Ordre`,
:class:`Score` et :func:`determiner_initiative`).

Camille (cible 9) cherche à convaincre un douanier (cible 8) ; une manche suffit :

>>> from jdr_core.des import DesScriptes
>>> regle = RegleScene(cibles=(9, 8), noms=("Camille", "le douanier"))
>>> scene = jouer_scene(regle, des=DesScriptes([2, 5, 4, 6]))
>>> print(scene)  # doctest: +NORMALIZE_WHITESPACE
Échange 1 : Camille mène. Camille fait 2 et 5 = 7 contre 9 : réussite.
Le douanier fait 4 et 6 = 10 contre 8 : échec. Camille gagne la manche (1 sur 1).
Camille remporte la scène.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from fractions import Fraction
from functools import lru_cache

from ..des import SourceDes
from ..erreurs import entier_borne
from ..francais import au, conjuguer, majuscule, quantite, signe
from ..loi import Loi, loi_du_jet
from .doubles import Lecture, lire_doubles, phrases_relectures
from .doubles import Ordre as Ordre  # réexporté : les réglages de scène le nomment ici
from .jet import Jet2D6, lancer_2d6, valider_cible, valider_modificateur
from .opposition import RELANCES_DEFAUT, Egalite, Opposition, distribution_opposition, opposer

#: Manches qu'un attaquant doit gagner : de 1 à 10.
MANCHES_MAX = 10
#: Nombre maximal d'échanges joués ou comptés (la boucle est bornée).
ECHANGES_MAX = 60
ECHANGES_DEFAUT = 20
#: Malus que s'inflige en plus le défenseur qui contre-attaque.
MALUS_CONTRE_ATTAQUE = 3
MALUS_CONTRE_ATTAQUE_MAX = 10


class Score(Enum):
    """Hypothèse : ce que deviennent les manches gagnées quand l'initiative change de camp.

    * ``PAR_CAMP`` (par défaut) : chaque camp garde les manches qu'il a gagnées ;
    * ``REMISE_A_ZERO`` : tout changement d'initiative remet les deux compteurs à zéro.
    """

    PAR_CAMP = "par_camp"
    REMISE_A_ZERO = "remise_a_zero"


class IssueEchange(Enum):
    """Les trois suites possibles d'un échange."""

    MANCHE = "l'attaquant gagne la manche"
    STATU_QUO = "l'attaquant garde l'initiative"
    INITIATIVE = "le défenseur prend l'initiative"


@dataclass(frozen=True)
class RegleScene:
    """Les réglages d'une scène majeure entre le camp 0 et le camp 1.

    ``modificateurs[i]`` est le modificateur choisi par le camp ``i`` quand il attaque
    (il vaut pour les deux jets) ; ``manches[i]`` le nombre de manches que le camp
    ``i`` doit gagner ; ``contre_attaque[i]`` dit si le camp ``i`` contre-attaque
    quand il défend.
    """

    cibles: tuple[int, int]
    modificateurs: tuple[int, int] = (0, 0)
    manches: tuple[int, int] = (1, 1)
    contre_attaque: tuple[bool, bool] = (False, False)
    ordre: Ordre = Ordre.ATTAQUANT
    score: Score = Score.PAR_CAMP
    malus_contre_attaque: int = MALUS_CONTRE_ATTAQUE
    noms: tuple[str, str] = field(default=("A", "B"), compare=False)

    def __post_init__(self) -> None:
        for cible in self.cibles:
            valider_cible(cible)
        for modificateur in self.modificateurs:
            valider_modificateur(modificateur)
        for manches in self.manches:
            entier_borne("manches à gagner", manches, 1, MANCHES_MAX)
        entier_borne("malus de contre-attaque", self.malus_contre_attaque, 0, MALUS_CONTRE_ATTAQUE_MAX)

    def cibles_echange(self, attaquant: int) -> tuple[int, int]:
        """(cible de l'attaquant, cible du défenseur) avec le modificateur de l'attaquant."""
        m = self.modificateurs[attaquant]
        return self.cibles[attaquant] + m, self.cibles[1 - attaquant] + m

    def nom(self, camp: int, capitale: bool = False) -> str:
        return majuscule(self.noms[camp]) if capitale else self.noms[camp]

    def dit(self, camp: int, singulier: str, pluriel: str, capitale: bool = False) -> str:
        """Le nom du camp suivi du verbe accordé : « Camille mène », « les gardes mènent »."""
        return f"{self.nom(camp, capitale)} {conjuguer(self.noms[camp], singulier, pluriel)}"


def jets_echange(
    cible_att: int, cible_def: int, ordre: Ordre, des_att: tuple[int, int], des_def: tuple[int, int]
) -> tuple[Jet2D6, Jet2D6, Lecture]:
    """Les deux jets d'un échange ordinaire, chacun contre sa cible, et leur lecture avec les doubles.

    >>> a, d, lu = jets_echange(9, 8, Ordre.ATTAQUANT, (3, 3), (2, 4))
    >>> print(d)
    2 et 4 = 6 contre 8 : réussite.
    >>> lu.ajustement_defenseur, lu.defenseur_reussit
    (-3, False)
    """
    att, dfn = Jet2D6(des_att, cible_att), Jet2D6(des_def, cible_def)
    return att, dfn, lire_doubles(att, dfn, ordre)


def issue_echange(lecture: Lecture) -> IssueEchange:
    if not lecture.attaquant_reussit:
        return IssueEchange.INITIATIVE
    return IssueEchange.STATU_QUO if lecture.defenseur_reussit else IssueEchange.MANCHE


@dataclass(frozen=True)
class Echange:
    """Un échange joué : qui attaquait, les jets (``lecture`` : leur lecture avec les doubles,
    ``None`` pour une contre-attaque), l'issue, puis l'état de la scène."""

    numero: int
    attaquant: int
    jet_attaquant: Jet2D6 | None
    jet_defenseur: Jet2D6
    lecture: Lecture | None
    issue: IssueEchange
    score: tuple[int, int]
    initiative: int
    vainqueur: int | None
    regle: RegleScene

    @property
    def contre_attaque(self) -> bool:
        return self.lecture is None

    def __str__(self) -> str:
        r, x = self.regle, self.attaquant
        y = 1 - x
        morceaux = [f"Échange {self.numero} : {r.dit(x, 'mène', 'mènent')}"]
        if r.modificateurs[x]:
            morceaux[0] += f" ({signe(r.modificateurs[x])} pour les deux)"
        morceaux[0] += "."
        if self.lecture is None:
            faire = conjuguer(r.noms[y], "fait", "font")
            morceaux.append(f"{r.dit(y, 'contre-attaque', 'contre-attaquent', True)} et {faire} "
                            f"{self.jet_defenseur}")
            if self.issue is IssueEchange.INITIATIVE:
                morceaux.append(f"{r.dit(y, 'prend', 'prennent', True)} l'initiative sans attendre.")
            else:
                morceaux.append(f"Contre-attaque ratée : {r.dit(x, 'gagne', 'gagnent')} la manche {self._compte()}.")
        else:
            assert self.jet_attaquant is not None and self.lecture is not None
            morceaux.append(f"{r.dit(x, 'fait', 'font', True)} {self.jet_attaquant}")
            morceaux.append(f"{r.dit(y, 'fait', 'font', True)} {self.jet_defenseur}")
            morceaux += phrases_relectures(r.ordre, (r.nom(x), self.lecture.ajustement_attaquant, self.jet_attaquant),
                                           (r.nom(y), self.lecture.ajustement_defenseur, self.jet_defenseur))
            if self.issue is IssueEchange.MANCHE:
                morceaux.append(f"{r.dit(x, 'gagne', 'gagnent', True)} la manche {self._compte()}.")
            elif self.issue is IssueEchange.STATU_QUO:
                morceaux.append(f"Les deux réussissent : {r.dit(x, 'garde', 'gardent')} l'initiative.")
            else:
                morceaux.append(f"{r.dit(y, 'prend', 'prennent', True)} l'initiative.")
        return " ".join(morceaux)

    def _compte(self) -> str:
        x = self.attaquant
        return f"({self.score[x]} sur {self.regle.manches[x]})"


@dataclass(frozen=True)
class Initiative:
    """Qui mène au départ, et le jet d'opposition qui l'a décidé s'il y en a eu un."""

    camp: int
    opposition: Opposition | None
    noms: tuple[str, str] = ("A", "B")

    def __str__(self) -> str:
        nom = self.noms[self.camp]
        prend = f"{majuscule(nom)} {conjuguer(nom, 'prend', 'prennent')} l'initiative"
        if self.opposition is None:
            return f"{prend} sans jet (surprise ou adversaire passif)."
        jets = " ".join(self.opposition.phrases_jets(capitale=False))
        if self.opposition.gagnant is None:
            fin = f"Égalité persistante : l'initiative reste {au(self.noms[0])}, qui a lancé la scène."
            return f"Pour l'initiative, {jets} {fin}"
        return f"Pour l'initiative, {jets} {prend}."


def determiner_initiative(
    cible_a: int,
    cible_b: int,
    *,
    des: SourceDes,
    surprise: bool = False,
    relances_max: int = RELANCES_DEFAUT,
    noms: tuple[str, str] = ("A", "B"),
) -> Initiative:
    """L'initiative de départ : au camp 0 (qui lance la scène) s'il surprend ou si l'autre est passif.

    Sinon chacun lance sous sa cible et le meilleur jet, jugé comme en scène mineure,
    prend l'initiative. Hypothèse : si l'égalité parfaite survit aux relances,
    l'initiative reste à celui qui a lancé la scène (le camp 0).

    >>> from jdr_core.des import DesScriptes
    >>> print(determiner_initiative(8, 8, des=DesScriptes([6, 2, 1, 3]), noms=("Iris", "Olaf")))
    ... # doctest: +NORMALIZE_WHITESPACE
    Pour l'initiative, Iris fait 6 et 2 = 8 contre 8 : réussite ; Olaf fait 1 et 3 = 4 contre 8 : réussite.
    Iris prend l'initiative.
    """
    if surprise:
        valider_cible(cible_a)
        valider_cible(cible_b)
        return Initiative(0, None, noms)
    opposition = opposer(cible_a, cible_b, des=des, relances_max=relances_max, noms=noms)
    gagnant = opposition.gagnant
    return Initiative(0 if gagnant is None else gagnant, opposition, noms)


def chances_initiative(
    cible_a: int, cible_b: int, *, surprise: bool = False, relances_max: int = RELANCES_DEFAUT
) -> dict[int, Fraction]:
    """Probabilités exactes que chaque camp mène au départ."""
    if surprise:
        valider_cible(cible_a)
        valider_cible(cible_b)
        return {0: Fraction(1), 1: Fraction(0)}
    d = distribution_opposition(cible_a, cible_b, egalite=Egalite.RELANCER, relances_max=relances_max)
    return {0: d[0] + d[None], 1: d[1]}


def jouer_echange(
    regle: RegleScene, attaquant: int, *, des: SourceDes
) -> tuple[Jet2D6 | None, Jet2D6, Lecture | None, IssueEchange]:
    """Lance les dés d'un échange et rend (jet de l'attaquant, jet du défenseur, lecture, issue)."""
    cible_att, cible_def = regle.cibles_echange(attaquant)
    if regle.contre_attaque[1 - attaquant]:
        jet = lancer_2d6(cible_def - regle.malus_contre_attaque, des=des)
        return None, jet, None, IssueEchange.INITIATIVE if jet.reussi else IssueEchange.MANCHE
    premier = (des.lancer(6), des.lancer(6))
    second = (des.lancer(6), des.lancer(6))
    if regle.ordre is Ordre.DEFENSEUR:
        premier, second = second, premier
    att, dfn, lecture = jets_echange(cible_att, cible_def, regle.ordre, premier, second)
    return att, dfn, lecture, issue_echange(lecture)


Etat = tuple[int, int, int]
PositionScene = tuple[Etat, int | None]


def suite(regle: RegleScene, etat: Etat, issue: IssueEchange) -> tuple[Etat, int | None]:
    """L'état (initiative, manches du camp 0, manches du camp 1) après une issue, et le vainqueur éventuel."""
    x, sa, sb = etat
    score = [sa, sb]
    if issue is IssueEchange.MANCHE:
        score[x] += 1
        if score[x] >= regle.manches[x]:
            return (x, score[0], score[1]), x
        return (x, score[0], score[1]), None
    if issue is IssueEchange.INITIATIVE:
        if regle.score is Score.REMISE_A_ZERO:
            score = [0, 0]
        return (1 - x, score[0], score[1]), None
    return etat, None


@dataclass(frozen=True)
class Scene:
    """Une scène majeure jouée échange par échange."""

    regle: RegleScene
    depart: Initiative
    echanges: tuple[Echange, ...]
    echanges_max: int

    @property
    def vainqueur(self) -> int | None:
        return self.echanges[-1].vainqueur if self.echanges else None

    @property
    def initiative(self) -> int:
        return self.echanges[-1].initiative if self.echanges else self.depart.camp

    @property
    def score(self) -> tuple[int, int]:
        return self.echanges[-1].score if self.echanges else (0, 0)

    def bilan(self) -> str:
        """Une scène qui n'est pas finie, en une phrase sans capitale initiale.

        >>> from jdr_core.des import DesScriptes
        >>> scene = jouer_scene(RegleScene(cibles=(9, 9), noms=("Hugo", "Inès")), des=DesScriptes([6, 5, 1, 2]),
        ...                     echanges_max=1)
        >>> print(scene.bilan())
        rien n'est joué : Inès mène, et aucune manche n'est encore gagnée.
        """
        r = self.regle
        a, b = self.score
        if a == b == 0:
            compte = "aucune manche n'est encore gagnée"
        else:
            compte = f"le score est de {quantite(a, 'manche')} pour {r.nom(0)}, {b} pour {r.nom(1)}"
        return f"rien n'est joué : {r.dit(self.initiative, 'mène', 'mènent')}, et {compte}."

    def __str__(self) -> str:
        lignes = [] if self.depart.opposition is None else [str(self.depart)]
        lignes += [str(e) for e in self.echanges]
        r = self.regle
        if self.vainqueur is not None:
            lignes.append(f"{r.dit(self.vainqueur, 'remporte', 'remportent', True)} la scène.")
        else:
            lignes.append(f"Après {quantite(len(self.echanges), 'échange')}, {self.bilan()}")
        return "\n".join(lignes)


def jouer_scene(
    regle: RegleScene,
    *,
    des: SourceDes,
    initiative: int | Initiative = 0,
    echanges_max: int = ECHANGES_DEFAUT,
) -> Scene:
    """Joue la scène jusqu'à un vainqueur, ou jusqu'à ``echanges_max`` échanges.

    ``initiative`` est le camp qui mène au départ, ou le résultat de :func:`determiner_initiative`.
    """
    entier_borne("échanges", echanges_max, 1, ECHANGES_MAX)
    depart = initiative if isinstance(initiative, Initiative) else Initiative(
        entier_borne("initiative", initiative, 0, 1), None, regle.noms)
    etat = (depart.camp, 0, 0)
    echanges: list[Echange] = []
    for numero in range(1, echanges_max + 1):
        x = etat[0]
        att, dfn, lecture, issue = jouer_echange(regle, x, des=des)
        etat, vainqueur = suite(regle, etat, issue)
        echanges.append(Echange(numero, x, att, dfn, lecture, issue, (etat[1], etat[2]), etat[0], vainqueur,
                                regle))
        if vainqueur is not None:
            break
    return Scene(regle, depart, tuple(echanges), echanges_max)


@lru_cache(maxsize=256)
def chances_echange(regle: RegleScene, attaquant: int) -> Loi[IssueEchange]:
    """Probabilités exactes des trois issues d'un échange mené par ``attaquant``.

    >>> c = chances_echange(RegleScene(cibles=(7, 7)), 0)
    >>> c[IssueEchange.MANCHE] + c[IssueEchange.STATU_QUO] + c[IssueEchange.INITIATIVE]
    Fraction(1, 1)
    """
    return loi_du_jet(lambda des: jouer_echange(regle, attaquant, des=des)[3])


def distribution_scene(
    regle: RegleScene, *, initiative: int = 0, echanges_max: int = ECHANGES_DEFAUT
) -> Loi[int | None]:
    """Probabilités exactes : le camp 0 gagne, le camp 1 gagne, ou rien n'est joué (``None``)
    au bout de ``echanges_max`` échanges.

    Chaîne de Markov finie sur (initiative, manches de chaque camp), en fractions.

    >>> d = distribution_scene(RegleScene(cibles=(9, 7)), echanges_max=1)
    >>> d[0] == chances_echange(RegleScene(cibles=(9, 7)), 0)[IssueEchange.MANCHE]
    True
    """
    entier_borne("échanges", echanges_max, 1, ECHANGES_MAX)
    entier_borne("initiative", initiative, 0, 1)
    # Position : (état, vainqueur) ; un vainqueur arrête la chaîne.
    def pas(position: PositionScene) -> Loi[PositionScene]:
        return chances_echange(regle, position[0][0]).map(lambda issue: suite(regle, position[0], issue))

    depart: Loi[PositionScene] = Loi.certaine(((initiative, 0, 0), None))
    return depart.repeter(pas, echanges_max, fini=lambda position: position[1] is not None).map(lambda pos: pos[1])


def distribution_scene_complete(
    regle: RegleScene,
    *,
    surprise: bool = False,
    relances_max: int = RELANCES_DEFAUT,
    echanges_max: int = ECHANGES_DEFAUT,
) -> Loi[int | None]:
    """Comme :func:`distribution_scene`, l'initiative de départ étant tirée au préalable."""
    depart = chances_initiative(regle.cibles[0], regle.cibles[1], surprise=surprise, relances_max=relances_max)
    return Loi(depart).lier(lambda camp: distribution_scene(regle, initiative=camp, echanges_max=echanges_max))
