"""Scènes de relation et de réflexion face à un adversaire passif, et le sabotage.

Interroger un témoin, réparer un moteur, désamorcer une bombe : le personnage doit
aligner un nombre de réussites fixé par le MJ. Une réussite critique donne un bonus
égal au Dd sur le jet suivant ; le premier jet raté (échec ou maladresse) arrête tout.
Après une maladresse, recommencer coûte le Dd : en malus sur tous les jets ou en
réussites de plus à obtenir (un interlocuteur devenu hostile, une panne aggravée).

Hector (cible 8) crochète trois serrures d'un coffre :

>>> from jdr_core.des import DesScriptes
>>> t = mener_tache(3, 8, des=DesScriptes([1, 3, 1, 1, 5, 4]))
>>> print(t)  # doctest: +NORMALIZE_WHITESPACE
Premier jet, 1 et 3 = 4 contre 8 : réussite. Deuxième jet, 1 et 1 = 2 contre 8 : réussite critique (Dd 1).
Troisième jet, avec +1 grâce au critique, 5 et 4 = 9 contre 9 : réussite. Tâche accomplie : 3 réussites sur 3.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from enum import Enum
from fractions import Fraction

from ..des import SourceDes
from ..erreurs import entier_borne
from ..francais import compter, majuscule, ordinal, quantite, signe
from ..loi import Loi, loi_du_jet
from .jet import (
    CARACTERISTIQUE_MAX,
    CARACTERISTIQUE_MIN,
    NIVEAU_MAX,
    NIVEAU_MIN,
    Jet2D6,
    Niveau,
    cible_competence,
    lancer_2d6,
    valider_cible,
    valider_modificateur,
)

#: Réussites à obtenir : de 1 à 20 (la boucle des jets est bornée par ce nombre).
REQUIS_MAX = 20


class Genre(Enum):
    """Le genre de la scène : il ne change que les mots et ce qu'aggrave une maladresse."""

    RELATION = "relation"
    REFLEXION = "réflexion"


@dataclass(frozen=True)
class Effet:
    """Ce qu'un argument ou des outils changent à une tâche : le modificateur du jet, les
    réussites à obtenir en plus ou en moins, et leur nom au milieu d'une phrase."""

    libelle: str
    modificateur: int
    manches: int = 0


class AvecEffet(Enum):
    """Un choix de la scène dont l'effet est une ligne de :data:`EFFETS` (une seule table pour
    les arguments et les outils, qu'on lit aussi dans les tables des pages)."""

    @property
    def modificateur(self) -> int:
        return EFFETS[self].modificateur

    @property
    def manches(self) -> int:
        return EFFETS[self].manches

    @property
    def libelle(self) -> str:
        return EFFETS[self].libelle


class Argument(AvecEffet):
    """Arguments d'une scène de relation : (modificateur du jet, manches en plus ou en moins)."""

    EXCLUSIF = "exclusif"
    DELICAT = "delicat"
    CLASSIQUE = "classique"


class Outils(AvecEffet):
    """Outils d'une scène de réflexion : le modificateur qu'ils donnent au jet."""

    ADEQUATS = "adequats"
    ORDINAIRES = "ordinaires"
    AUCUN = "aucun"


EFFETS: dict[AvecEffet, Effet] = {
    Argument.EXCLUSIF: Effet("une information que lui seul connaît", 1, 0),
    Argument.DELICAT: Effet("un argument délicat", -2, -1),
    Argument.CLASSIQUE: Effet("un argument classique", 2, 1),
    Outils.ADEQUATS: Effet("outils adéquats", 1),
    Outils.ORDINAIRES: Effet("outils ordinaires", 0),
    Outils.AUCUN: Effet("aucun outil", -3),
}


class Reprise(Enum):
    """Ce que coûte une nouvelle tentative après une maladresse (Dd du double raté).

    * ``MALUS`` : −Dd sur tous les jets de la nouvelle tentative ;
    * ``REUSSITES`` : Dd réussites de plus à obtenir (la panne accrue d'une scène de
      réflexion, un interlocuteur plus méfiant).
    """

    MALUS = "malus"
    REUSSITES = "reussites"


#: Hypothèse : « le jet VOL+INT de la victime » se lit comme la somme VOL + INT, sans la base 2
#: d'un jet de caractéristique (le livre ne l'écrit pas « 2+VOL+INT »).
BASE_INTERROGATOIRE = 0
BASE_INTERROGATOIRE_MAX = 2


def reussites_interrogatoire(vol: int, intelligence: int, *, base: int = BASE_INTERROGATOIRE) -> int:
    """Les réussites que doit obtenir qui interroge un prisonnier : le jet VOL+INT de la victime.

    ``base`` (hypothèse) : 0 lit ce jet comme VOL + INT ; 2 comme 2 + VOL + INT.

    >>> reussites_interrogatoire(2, 2), reussites_interrogatoire(2, 2, base=2)
    (4, 6)
    """
    entier_borne("VOL", vol, CARACTERISTIQUE_MIN, CARACTERISTIQUE_MAX)
    entier_borne("INT", intelligence, CARACTERISTIQUE_MIN, CARACTERISTIQUE_MAX)
    entier_borne("base du jet VOL+INT", base, 0, BASE_INTERROGATOIRE_MAX)
    return min(REQUIS_MAX, base + vol + intelligence)


def avec_arguments(requis: int, modificateur: int, arguments: Sequence[Argument]) -> tuple[int, int]:
    """(réussites à obtenir, modificateur) une fois les arguments pris en compte.

    Hypothèse : un argument délicat ne descend jamais sous une réussite à obtenir.

    >>> avec_arguments(3, 0, [Argument.DELICAT])
    (2, -2)
    >>> avec_arguments(1, 0, [Argument.DELICAT, Argument.EXCLUSIF])
    (1, -1)
    """
    entier_borne("réussites à obtenir", requis, 1, REQUIS_MAX)
    valider_modificateur(modificateur)
    for argument in arguments:
        requis += argument.manches
        modificateur += argument.modificateur
    return max(1, min(REQUIS_MAX, requis)), valider_modificateur(modificateur)


def bonus_apres(jet: Jet2D6, bonus_critique: bool = True) -> int:
    """Le bonus que vaut un jet au suivant : le Dd d'un critique (si la règle le donne), sinon 0."""
    return jet.des[0] if bonus_critique and jet.critique else 0


@dataclass(frozen=True)
class Tache:
    """Une tâche à réussites : chaque jet, dans l'ordre, et où on en est."""

    requis: int
    cible: int
    jets: tuple[Jet2D6, ...]
    genre: Genre = Genre.REFLEXION
    bonus_critique: bool = True

    @property
    def reussites(self) -> int:
        return sum(1 for j in self.jets if j.reussi)

    @property
    def accomplie(self) -> bool:
        return self.reussites >= self.requis

    @property
    def restantes(self) -> int:
        return max(0, self.requis - self.reussites)

    @property
    def arretee(self) -> bool:
        """Un jet raté a mis fin à la tentative."""
        return bool(self.jets) and not self.jets[-1].reussi

    @property
    def maladresse(self) -> int | None:
        """Le Dd de la maladresse qui a tout arrêté, s'il y en a une."""
        return self.jets[-1].dd if self.arretee and self.jets[-1].maladresse else None

    @property
    def bonus_suivant(self) -> int:
        """Le bonus du prochain jet : le Dd d'un critique au dernier jet."""
        return bonus_apres(self.jets[-1], self.bonus_critique) if self.jets else 0

    def continuer(self, *, des: SourceDes, jets_max: int | None = None) -> Tache:
        """Lance les jets suivants jusqu'au bout (ou ``jets_max`` jets de plus)."""
        if self.accomplie or self.arretee:
            return self
        limite = self.restantes
        if jets_max is not None:
            limite = min(limite, entier_borne("jets", jets_max, 0, REQUIS_MAX))
        jets = list(self.jets)
        for _ in range(limite):
            bonus = replace(self, jets=tuple(jets)).bonus_suivant
            jet = lancer_2d6(self.cible + bonus, des=des)
            jets.append(jet)
            if not jet.reussi:
                break
        return replace(self, jets=tuple(jets))

    def titre_jet(self, indice: int) -> str:
        """« Premier jet », « Deuxième jet »… (``indice`` part de 0)."""
        return majuscule(f"{ordinal(indice + 1)} jet")

    def phrase_jet(self, indice: int) -> str:
        """Un jet de la tâche en une phrase, avec le bonus d'un critique précédent s'il y en a un."""
        jet = self.jets[indice]
        bonus = jet.cible - self.cible
        ajout = f", avec {signe(bonus)} grâce au critique" if bonus else ""
        return f"{self.titre_jet(indice)}{ajout}, {jet}"

    def bilan(self) -> str:
        """Où en est la tâche, en une phrase (la même en titre du lanceur et à la fin du récit).

        >>> from jdr_core.des import DesScriptes
        >>> print(mener_tache(3, 8, des=DesScriptes([5, 6])).bilan())
        Raté, la tentative s'arrête : aucune réussite sur 3.
        """
        faites = f"{compter(self.reussites, 'réussite', feminin=True)} sur {self.requis}"
        if self.accomplie:
            return f"Tâche accomplie : {faites}."
        if self.maladresse is not None:
            return (f"Maladresse, la tentative s'arrête : {faites} ; une nouvelle tentative "
                    f"coûtera {self.maladresse} de plus.")
        if self.arretee:
            return f"Raté, la tentative s'arrête : {faites}."
        texte = f"Encore {quantite(self.restantes, 'réussite')} à obtenir"
        if self.bonus_suivant:
            texte += f", avec {signe(self.bonus_suivant)} au prochain jet"
        return texte + "."

    def __str__(self) -> str:
        return " ".join([*(self.phrase_jet(i) for i in range(len(self.jets))), self.bilan()])


def mener_tache(
    requis: int,
    cible: int,
    *,
    des: SourceDes,
    genre: Genre = Genre.REFLEXION,
    jets_max: int | None = None,
    bonus_critique: bool = True,
) -> Tache:
    """Lance jusqu'à ``requis`` réussites ou au premier jet raté (ou ``jets_max`` jets, pour s'arrêter en route).

    ``cible`` comprend déjà tous les modificateurs (difficulté, outils, arguments).
    """
    entier_borne("réussites à obtenir", requis, 1, REQUIS_MAX)
    valider_cible(cible)
    return Tache(requis, cible, (), genre, bonus_critique).continuer(des=des, jets_max=jets_max)


def reprendre(
    tache: Tache, *, reprise: Reprise = Reprise.REUSSITES, progres_conserve: bool = False
) -> tuple[int, int]:
    """(réussites à obtenir, cible) d'une nouvelle tentative, quand les circonstances ont changé.

    Après une maladresse, le Dd s'ajoute aux réussites à obtenir ou se retranche de la
    cible, selon ``reprise``. Hypothèse : après un échec simple, la tâche repart de son
    niveau complet ; avec ``progres_conserve`` les réussites déjà obtenues le diminuent
    (la réparation faite « à moitié » du texte).

    >>> from jdr_core.des import DesScriptes
    >>> t = mener_tache(4, 8, des=DesScriptes([1, 2, 5, 5]))
    >>> reprendre(t), reprendre(t, reprise=Reprise.MALUS)
    ((9, 8), (4, 3))
    """
    requis = tache.requis
    if progres_conserve and not tache.accomplie:
        requis = max(1, requis - tache.reussites)
    cible = tache.cible
    if tache.maladresse is not None:
        if reprise is Reprise.REUSSITES:
            requis = min(REQUIS_MAX, requis + tache.maladresse)
        else:
            cible = valider_cible(cible - tache.maladresse)
    return requis, cible


#: Issue d'une tâche : (réussites obtenues, niveau du jet qui l'a arrêtée, ou None si accomplie).
IssueTache = tuple[int, Niveau | None]
EtatTache = tuple[int, int, Niveau | None]


def distribution_tache(requis: int, cible: int, *, bonus_critique: bool = True) -> Loi[IssueTache]:
    """Probabilités exactes de chaque issue, Dd des critiques compris.

    >>> d = distribution_tache(1, 7)
    >>> d[(1, None)], d[(0, Niveau.ECHEC)], d[(0, Niveau.MALADRESSE)]
    (Fraction(7, 12), Fraction(1, 3), Fraction(1, 12))
    """
    entier_borne("réussites à obtenir", requis, 1, REQUIS_MAX)
    valider_cible(cible)

    # État : (réussites obtenues, bonus du prochain jet, niveau du jet raté qui a tout arrêté) ;
    # chaque pas est un jet de :meth:`Tache.continuer` : même cible, même bonus, même arrêt.
    def pas(etat: EtatTache) -> Loi[EtatTache]:
        faites, bonus, _ = etat
        return loi_du_jet(lambda des: lancer_2d6(cible + bonus, des=des)).map(
            lambda jet: (faites + 1, bonus_apres(jet, bonus_critique), None) if jet.reussi else (faites, 0, jet.niveau))

    depart: Loi[EtatTache] = Loi.certaine((0, 0, None))
    fins = depart.repeter(pas, requis, fini=lambda etat: etat[2] is not None)
    return fins.map(lambda etat: (etat[0], etat[2]))


def chance_accomplir(requis: int, cible: int, *, bonus_critique: bool = True) -> Fraction:
    """Probabilité exacte d'obtenir toutes les réussites demandées."""
    return distribution_tache(requis, cible, bonus_critique=bonus_critique)[(requis, None)]


# --- Sabotage ----------------------------------------------------------------------


@dataclass(frozen=True)
class Sabotage:
    """Le sabotage : les jets du saboteur décident de la difficulté de la réparation."""

    niveau_vise: int
    niveau_competence: int
    tache: Tache

    @property
    def repare_d_office(self) -> bool:
        """Une maladresse : le sabotage sera défait vite et sans jet."""
        return self.tache.maladresse is not None

    @property
    def difficulte(self) -> int:
        """Réussites qu'il faudra pour réparer ; 0 si la réparation se fait d'office."""
        return difficulte_sabotage(self.niveau_vise, self.niveau_competence, self.tache.reussites,
                                   self.tache.accomplie, self.repare_d_office)

    def bilan(self) -> str:
        """Ce que vaut le sabotage, en une phrase (la même en titre du lanceur et à la fin du récit)."""
        if self.repare_d_office:
            return "Sabotage bâclé : il sera réparé vite et sans jet."
        if self.tache.accomplie:
            return f"Sabotage réussi : la réparation demandera {quantite(self.difficulte, 'réussite')}."
        return f"Sabotage incomplet : la réparation demandera {quantite(self.difficulte, 'réussite')}."

    def __str__(self) -> str:
        return f"{self.tache} {self.bilan()}"


def difficulte_sabotage(niveau_vise: int, niveau_competence: int, reussites: int, accompli: bool,
                        maladresse: bool) -> int:
    """La règle seule : le niveau visé si tout a réussi ; sinon les réussites obtenues, mais au
    moins le niveau de compétence du saboteur et au moins 1 ; 0 (réparation d'office) après une maladresse.

    >>> difficulte_sabotage(4, 2, 3, False, False), difficulte_sabotage(4, 2, 1, False, False)
    (3, 2)
    """
    if maladresse:
        return 0
    if accompli:
        return niveau_vise
    return max(reussites, niveau_competence, 1)


def saboter(
    niveau_vise: int,
    niveau_competence: int,
    *,
    des: SourceDes,
    modificateur: int = 0,
    cible: int | None = None,
    bonus_critique: bool = True,
) -> Sabotage:
    """Le saboteur lance jusqu'à ``niveau_vise`` réussites (cible 7 + compétence + modificateur par défaut).

    Hypothèse : un critique du saboteur donne, comme dans toute scène de réflexion, +Dd
    au jet suivant (``bonus_critique``).
    """
    entier_borne("niveau de compétence du saboteur", niveau_competence, NIVEAU_MIN, NIVEAU_MAX)
    if cible is None:
        cible = cible_competence(niveau_competence, modificateur)
    tache = mener_tache(niveau_vise, cible, des=des, bonus_critique=bonus_critique)
    return Sabotage(niveau_vise, niveau_competence, tache)


def distribution_sabotage(
    niveau_vise: int, niveau_competence: int, cible: int, *, bonus_critique: bool = True
) -> Loi[int]:
    """Probabilités exactes de la difficulté de réparation (0 : réparée d'office)."""
    entier_borne("niveau de compétence du saboteur", niveau_competence, NIVEAU_MIN, NIVEAU_MAX)
    return distribution_tache(niveau_vise, cible, bonus_critique=bonus_critique).map(
        lambda issue: difficulte_sabotage(niveau_vise, niveau_competence, issue[0], issue[1] is None,
                                          issue[1] is Niveau.MALADRESSE))
