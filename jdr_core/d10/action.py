"""L'action : D10 ouvert + caractéristique + compétence, contre 5 + difficulté variable.

Le dé est **ouvert** : un 10 ajoute un second D10, un 1 en retranche un. Le total du dé
reste entre COMP − 10 et 10 + COMP (le texte le borne ainsi), si bien que la loi du dé
est finie et ses chances exactes.

Lina (AGI 4, Crochetage 5) force un cadenas de difficulté 5 + 6 :

>>> from jdr_core.des import DesScriptes
>>> jet = agir(4, 5, 11, des=DesScriptes([10, 4]))
>>> print(f"Dé : {jet.de.texte if jet.de else ''} ; {jet.calcul} :")
Dé : 10 + 4 = 14 ; 14 + 4 + 5 = 23 contre 11 :
>>> print(f"{jet.issue}.")
réussite, marge 5 (l'écart de 12 est plafonné à la compétence, qui vaut 5).
>>> print(agir(4, 5, 11, des=DesScriptes([1, 6])))
Dé : 1 − 6 = −5 ; −5 + 4 + 5 = 4 contre 11 : échec.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from ..des import SourceDes
from ..erreurs import RegleEnfreinte, entier_borne
from ..francais import nombre_relatif
from ..loi import Loi, loi_du_jet
from .regles import COMP_MAX, COMP_MIN, STAT_MAX, STAT_MIN

#: Bornes d'une difficulté totale (5 + DV) et d'un malus de blessures.
DIFFICULTE_MIN, DIFFICULTE_MAX = -20, 60
MALUS_MAX = 40
#: Dés supplémentaires au plus quand le dé s'enchaîne (les plafonds arrêtent bien avant).
CHAINE_MAX = 5
#: La difficulté fixe, ajoutée à la difficulté variable.
DIFFICULTE_FIXE = 5


@dataclass(frozen=True)
class RegleAction:
    """Les hypothèses d'une action, là où le texte se tait.

    * ``enchainer`` : un dé ajouté (ou retranché) qui montre 10 en appelle un autre dans le
      même sens (défaut : non, seul le premier dé est ouvert) ;
    * ``egalite_reussit`` : un total égal à la difficulté réussit, marge 0 (défaut : oui).
    """

    enchainer: bool = False
    egalite_reussit: bool = True


REGLE = RegleAction()


def bornes_de(comp: int) -> tuple[int, int]:
    """Le plus petit et le plus grand total du dé ouvert pour une compétence.

    >>> bornes_de(0), bornes_de(4)
    ((-10, 10), (-6, 14))
    """
    entier_borne("compétence", comp, COMP_MIN, COMP_MAX)
    return comp - 10, 10 + comp


@dataclass(frozen=True)
class DeOuvert:
    """Le dé ouvert : la première face, puis les dés ajoutés (sur un 10) ou retranchés (sur un 1)."""

    des: tuple[int, ...]
    comp: int

    @property
    def sens(self) -> int:
        """+1 si le dé s'est ouvert vers le haut, −1 vers le bas, 0 sinon."""
        if len(self.des) < 2:
            return 0
        return 1 if self.des[0] == 10 else -1

    @property
    def brut(self) -> int:
        return self.des[0] + self.sens * sum(self.des[1:])

    @property
    def total(self) -> int:
        bas, haut = bornes_de(self.comp)
        return max(bas, min(haut, self.brut))

    @property
    def plafonne(self) -> bool:
        return self.total != self.brut

    @property
    def texte(self) -> str:
        """« 7 », « 10 + 4 = 14 », « 1 − 6 = −5 », « 10 + 10 = 20, ramené à 13 »."""
        premier = self.des[0]
        if len(self.des) == 1:
            if premier == 10 and self.comp == 0:
                return "10 (déjà au plus haut sans compétence)"
            return str(premier)
        operateur = " + " if self.sens > 0 else " − "
        texte = str(premier) + "".join(operateur + str(d) for d in self.des[1:]) + f" = {nombre_relatif(self.brut)}"
        if self.plafonne:
            borne = "plafond : 10 + compétence" if self.sens > 0 else "plancher : compétence − 10"
            texte += f", ramené à {nombre_relatif(self.total)} ({borne})"
        return texte

    def __str__(self) -> str:
        return f"Dé : {self.texte}."


def lancer_de_ouvert(comp: int, *, des: SourceDes, regle: RegleAction = REGLE) -> DeOuvert:
    """Lance le dé ouvert ; on s'arrête dès que le total touche sa borne (plus aucun dé n'y changerait rien).

    >>> from jdr_core.des import DesScriptes
    >>> print(lancer_de_ouvert(0, des=DesScriptes([10])))
    Dé : 10 (déjà au plus haut sans compétence).
    >>> print(lancer_de_ouvert(2, des=DesScriptes([10, 9])))
    Dé : 10 + 9 = 19, ramené à 12 (plafond : 10 + compétence).
    """
    bas, haut = bornes_de(comp)
    faces = [des.lancer(10)]
    sens = 1 if faces[0] == 10 else -1 if faces[0] == 1 else 0
    total = faces[0]
    while sens and bas < total < haut and len(faces) <= CHAINE_MAX:
        face = des.lancer(10)
        faces.append(face)
        total += sens * face
        if not (regle.enchainer and face == 10):
            break
    return DeOuvert(tuple(faces), comp)


def loi_de_ouvert(comp: int, regle: RegleAction = REGLE) -> Loi[DeOuvert]:
    """La loi exacte des dés ouverts : :func:`lancer_de_ouvert` rejoué sur toutes ses suites de faces."""
    return loi_du_jet(lambda des: lancer_de_ouvert(comp, des=des, regle=regle))


def distribution_de_ouvert(comp: int, regle: RegleAction = REGLE) -> Loi[int]:
    """La loi exacte du total du dé ouvert (bornes comprises).

    >>> d = distribution_de_ouvert(3)
    >>> d[5], d[13], d[-7], sum(d.values())
    (Fraction(1, 10), Fraction(2, 25), Fraction(3, 100), Fraction(1, 1))
    """
    return loi_de_ouvert(comp, regle).map(lambda de: de.total)


def valider_difficulte(difficulte: int) -> int:
    return entier_borne("difficulté", difficulte, DIFFICULTE_MIN, DIFFICULTE_MAX)


def valider_action(stat: int, comp: int, difficulte: int, malus: int) -> None:
    entier_borne("caractéristique", stat, STAT_MIN, STAT_MAX)
    entier_borne("compétence", comp, COMP_MIN, COMP_MAX)
    valider_difficulte(difficulte)
    entier_borne("malus", malus, 0, MALUS_MAX)


def reussite_automatique_possible(stat: int, comp: int, difficulte: int) -> bool:
    """Vrai si la caractéristique, ou caractéristique + compétence, dépasse la difficulté.

    >>> reussite_automatique_possible(4, 3, 7), reussite_automatique_possible(4, 3, 6)
    (False, True)
    """
    return stat > difficulte or stat + comp > difficulte


def marge_de(total: int, difficulte: int, comp: int, regle: RegleAction = REGLE) -> int | None:
    """La marge d'un total (points au-dessus de la difficulté, au plus COMP), ou ``None`` s'il échoue.

    >>> marge_de(14, 11, 5), marge_de(20, 11, 2), marge_de(11, 11, 2), marge_de(10, 11, 2)
    (3, 2, 0, None)
    """
    ecart = total - difficulte
    if ecart < 0 or (ecart == 0 and not regle.egalite_reussit):
        return None
    return min(ecart, comp)


@dataclass(frozen=True)
class Action:
    """Une action résolue : le dé ouvert (``None`` pour une réussite automatique choisie), les
    valeurs ajoutées, la difficulté et le malus de blessures."""

    de: DeOuvert | None
    stat: int
    comp: int
    difficulte: int
    malus: int = 0
    regle: RegleAction = REGLE

    @property
    def automatique(self) -> bool:
        return self.de is None

    @property
    def total(self) -> int:
        """Le total du jet (sans objet pour une réussite automatique : on rend STAT + COMP)."""
        base = self.stat + self.comp - self.malus
        return base if self.de is None else self.de.total + base

    @property
    def reussie(self) -> bool:
        return self.de is None or self.marge is not None

    @property
    def marge(self) -> int | None:
        """La marge (0 pour une réussite automatique), ou ``None`` pour un échec."""
        if self.de is None:
            return 0
        return marge_de(self.total, self.difficulte, self.comp, self.regle)

    @property
    def issue(self) -> str:
        """« réussite, marge 3 », « échec »… (sans point final)."""
        if self.de is None:
            return "réussite automatique, sans marge"
        if self.marge is None:
            return "échec"
        ecart = self.total - self.difficulte
        texte = f"réussite, marge {self.marge}"
        if ecart > self.marge:
            texte += f" (l'écart de {ecart} est plafonné à la compétence, qui vaut {self.comp})"
        return texte

    @property
    def calcul(self) -> str:
        """« 14 + 4 + 3 = 21 contre 11 » (le malus compris s'il y en a un)."""
        if self.de is None:
            fixe = f"{self.stat} + {self.comp}" if self.comp else str(self.stat)
            return f"{fixe} dépasse déjà {nombre_relatif(self.difficulte)}"
        termes = [nombre_relatif(self.de.total), str(self.stat)]
        if self.comp:
            termes.append(str(self.comp))
        texte = " + ".join(termes)
        if self.malus:
            texte += f" − {self.malus}"
        return f"{texte} = {nombre_relatif(self.total)} contre {nombre_relatif(self.difficulte)}"

    def __str__(self) -> str:
        if self.de is None:
            return f"Pas de dé : {self.calcul} ; {self.issue}."
        return f"Dé : {self.de.texte} ; {self.calcul} : {self.issue}."


def agir(stat: int, comp: int, difficulte: int, *, des: SourceDes, malus: int = 0, automatique: bool = False,
         regle: RegleAction = REGLE) -> Action:
    """Résout une action contre une difficulté totale (5 + DV, déjà calculée).

    ``automatique`` : le joueur choisit la réussite sans dé ni marge, permise seulement si la
    caractéristique (ou caractéristique + compétence) dépasse la difficulté.

    >>> from jdr_core.des import DesScriptes
    >>> print(agir(6, 2, 7, des=DesScriptes([]), automatique=True))
    Pas de dé : 6 + 2 dépasse déjà 7 ; réussite automatique, sans marge.
    >>> agir(3, 2, 7, des=DesScriptes([]), automatique=True)
    Traceback (most recent call last):
    ...
    jdr_core.erreurs.RegleEnfreinte: réussite automatique impossible : 3 + 2 ne dépasse pas 7
    """
    valider_action(stat, comp, difficulte, malus)
    if automatique:
        if not reussite_automatique_possible(stat, comp, difficulte):
            raise RegleEnfreinte(f"réussite automatique impossible : {stat} + {comp} ne dépasse pas "
                                 f"{nombre_relatif(difficulte)}")
        return Action(None, stat, comp, difficulte, malus, regle)
    return Action(lancer_de_ouvert(comp, des=des, regle=regle), stat, comp, difficulte, malus, regle)


def distribution_action(stat: int, comp: int, difficulte: int, *, malus: int = 0,
                        regle: RegleAction = REGLE) -> Loi[int | None]:
    """Loi exacte de la marge (``None`` : échec) d'une action lancée.

    >>> d = distribution_action(4, 3, 11)
    >>> d[None], d[3]
    (Fraction(3, 10), Fraction(2, 5))
    """
    valider_action(stat, comp, difficulte, malus)
    return loi_de_ouvert(comp, regle).map(lambda de: Action(de, stat, comp, difficulte, malus, regle).marge)


def chance_de_reussir(stat: int, comp: int, difficulte: int, *, malus: int = 0, regle: RegleAction = REGLE) -> Fraction:
    """Probabilité exacte de réussir l'action en lançant le dé.

    >>> chance_de_reussir(4, 3, 11)
    Fraction(7, 10)
    """
    return 1 - distribution_action(stat, comp, difficulte, malus=malus, regle=regle)[None]
