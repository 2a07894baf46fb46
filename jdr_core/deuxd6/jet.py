"""Le jet : deux dés à six faces, additionnés, à faire sous une cible.

On réussit si le total ne dépasse pas la cible. Un double (deux faces pareilles)
rend la réussite critique, ou l'échec maladroit ; la face doublée, le **Dd**, mesure
alors l'ampleur de l'effet.

La cible d'une compétence vaut 7 + niveau, plus le modificateur de difficulté ;
sans la compétence, quand l'action reste faisable, on tente 2 + caractéristique.

Basile, mécanicien de niveau 1, serre un écrou rouillé (« assez difficile », −3) :

>>> from jdr_core.des import DesScriptes
>>> cible = cible_competence(1, -3)
>>> cible
5
>>> print(lancer_2d6(cible, des=DesScriptes([1, 3])))
1 et 3 = 4 contre 5 : réussite.
>>> print(lancer_2d6(cible, des=DesScriptes([4, 4])))
4 et 4 = 8 contre 5 : maladresse (Dd 4).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from itertools import product

from ..des import SourceDes
from ..erreurs import entier_borne
from ..francais import nombre_relatif, signe
from ..loi import Loi, loi_du_jet

#: Niveau d'une compétence : 0 pour la « simple base », 10 au plus.
NIVEAU_MIN, NIVEAU_MAX = 0, 10
#: Caractéristique (FOR, DEX, INT…) et attribut (caractéristique secondaire : fatigue…).
CARACTERISTIQUE_MIN, CARACTERISTIQUE_MAX = 1, 10
ATTRIBUT_MIN, ATTRIBUT_MAX = 0, 20
#: Bornes de la table des difficultés (un seul modificateur choisi dans la table).
MODIFICATEUR_MIN, MODIFICATEUR_MAX = -10, 5
#: Bornes d'un modificateur total (difficulté, outils, arguments, Dd… cumulés).
MODIFICATEUR_TOTAL_MIN, MODIFICATEUR_TOTAL_MAX = -25, 15
#: Bornes d'une cible : sous 2 le jet rate toujours, dès 12 il réussit toujours.
CIBLE_MIN, CIBLE_MAX = -40, 40
#: Un jet par défaut aidé d'une compétence proche ne dépasse jamais cette cible.
PLAFOND_PROCHE = 7
#: Hypothèse : la base d'un jet de caractéristique simple (voir :func:`cible_jet_caracteristique`).
BASE_CARACTERISTIQUE = 2
BASE_CARACTERISTIQUE_MAX = 7

#: La table des difficultés : modificateur → nom.
MODIFICATEURS: dict[int, str] = {
    5: "Évident",
    3: "Très facile",
    1: "Assez facile",
    0: "Standard",
    -1: "Pas évident",
    -3: "Assez difficile",
    -5: "Très difficile",
    -10: "Quasiment impossible",
}

#: Les 36 issues équiprobables de 2D6, dans l'ordre (premier dé, second dé).
PAIRES: tuple[tuple[int, int], ...] = tuple(product(range(1, 7), range(1, 7)))


class Niveau(Enum):
    """Les quatre niveaux d'un jet, du meilleur au pire."""

    REUSSITE_CRITIQUE = "réussite critique"
    REUSSITE = "réussite"
    ECHEC = "échec"
    MALADRESSE = "maladresse"

    @property
    def reussi(self) -> bool:
        return self in (Niveau.REUSSITE_CRITIQUE, Niveau.REUSSITE)

    @property
    def double(self) -> bool:
        """Le niveau vient d'un double (le Dd en mesure l'ampleur)."""
        return self in (Niveau.REUSSITE_CRITIQUE, Niveau.MALADRESSE)

    @property
    def rang(self) -> int:
        """3 pour une réussite critique … 0 pour une maladresse."""
        return {Niveau.REUSSITE_CRITIQUE: 3, Niveau.REUSSITE: 2, Niveau.ECHEC: 1, Niveau.MALADRESSE: 0}[self]


def niveau_de(de1: int, de2: int, cible: int) -> Niveau:
    """Le niveau d'une paire de dés contre une cible.

    >>> niveau_de(3, 3, 6).value, niveau_de(3, 3, 5).value, niveau_de(1, 6, 6).value
    ('réussite critique', 'maladresse', 'échec')
    """
    reussi = de1 + de2 <= cible
    if de1 == de2:
        return Niveau.REUSSITE_CRITIQUE if reussi else Niveau.MALADRESSE
    return Niveau.REUSSITE if reussi else Niveau.ECHEC


def valider_cible(cible: int) -> int:
    return entier_borne("cible", cible, CIBLE_MIN, CIBLE_MAX)


def valider_modificateur(modificateur: int) -> int:
    return entier_borne("modificateur", modificateur, MODIFICATEUR_TOTAL_MIN, MODIFICATEUR_TOTAL_MAX)


def nom_difficulte(modificateur: int) -> str:
    """Le nom de la table pour un modificateur, ou le modificateur signé s'il n'y figure pas.

    >>> nom_difficulte(-3), nom_difficulte(2)
    ('Assez difficile', '+2')
    """
    return MODIFICATEURS.get(modificateur, signe(modificateur))


#: La base d'un jet de compétence, à laquelle s'ajoutent le niveau et la difficulté.
BASE_COMPETENCE = 7


def cible_competence(niveau: int, modificateur: int = 0) -> int:
    """Cible d'un jet de compétence : 7 + niveau + modificateur (niveau 0 : simple base).

    >>> cible_competence(2, -1)
    8
    >>> cible_competence(11)
    Traceback (most recent call last):
    ...
    jdr_core.erreurs.ParametreInvalide: niveau de compétence 11 : attendu un entier de 0 à 10
    """
    entier_borne("niveau de compétence", niveau, NIVEAU_MIN, NIVEAU_MAX)
    return BASE_COMPETENCE + niveau + valider_modificateur(modificateur)


def cible_caracteristique(caracteristique: int, modificateur: int = 0) -> int:
    """Cible du jet par défaut, sans la compétence mais pour une action faisable : 2 + caractéristique.

    >>> cible_caracteristique(3, 1)
    6
    """
    entier_borne("caractéristique", caracteristique, CARACTERISTIQUE_MIN, CARACTERISTIQUE_MAX)
    return 2 + caracteristique + valider_modificateur(modificateur)


def cible_attribut(attribut: int, modificateur: int = 0) -> int:
    """Cible d'un jet d'attribut (caractéristique secondaire, la fatigue par exemple) : 2 + attribut.

    >>> cible_attribut(4)
    6
    """
    entier_borne("attribut", attribut, ATTRIBUT_MIN, ATTRIBUT_MAX)
    return 2 + attribut + valider_modificateur(modificateur)


def cible_jet_caracteristique(caracteristique: int, modificateur: int = 0, *, base: int = BASE_CARACTERISTIQUE) -> int:
    """Cible d'un jet de caractéristique simple (soulever une caisse avec la FOR) : base + caractéristique.

    Hypothèse : le texte dit quand faire ce jet et donne sa table de difficultés,
    mais pas sa cible. Par défaut on prend ``base = 2``, comme pour un attribut et
    pour le jet par défaut sans compétence ; ``base`` est un paramètre (0 à 7).

    >>> cible_jet_caracteristique(4), cible_jet_caracteristique(4, base=7)
    (6, 11)
    """
    entier_borne("base du jet de caractéristique", base, 0, BASE_CARACTERISTIQUE_MAX)
    entier_borne("caractéristique", caracteristique, CARACTERISTIQUE_MIN, CARACTERISTIQUE_MAX)
    return base + caracteristique + valider_modificateur(modificateur)


def cible_sans_competence(
    caracteristique: int,
    *,
    apprentissage: bool = False,
    niveau_proche: int | None = None,
    modificateur: int = 0,
    plafond_avant_modificateur: bool = True,
) -> int | None:
    """Cible quand le personnage n'a pas la compétence demandée, ou ``None`` : échec d'office.

    * ``apprentissage`` : la compétence demandée exige une formation théorique
      (piloter un avion). Sans elle, pas de jet ; avec une compétence proche
      (``niveau_proche`` non nul ou 0), le MJ permet le jet par défaut 2 + caractéristique.
    * Sinon l'action reste faisable au jet par défaut, et une compétence proche
      ajoute son niveau, sans que la cible dépasse :data:`PLAFOND_PROCHE` (7).

    Hypothèse : le plafond de 7 porte sur le jet avant les modificateurs de
    difficulté (``plafond_avant_modificateur=True``) ; l'autre lecture plafonne la
    cible finale.

    Une hache avec Épée 2 et FOR 3, puis FOR 5 (plafonné) ; un hélicoptère avec Pilotage Avion :

    >>> cible_sans_competence(3, niveau_proche=2), cible_sans_competence(5, niveau_proche=2)
    (7, 7)
    >>> cible_sans_competence(3, apprentissage=True) is None
    True
    >>> cible_sans_competence(3, apprentissage=True, niveau_proche=2)
    5
    """
    entier_borne("caractéristique", caracteristique, CARACTERISTIQUE_MIN, CARACTERISTIQUE_MAX)
    valider_modificateur(modificateur)
    if niveau_proche is not None:
        entier_borne("niveau de la compétence proche", niveau_proche, NIVEAU_MIN, NIVEAU_MAX)
    base = 2 + caracteristique
    if apprentissage:
        return None if niveau_proche is None else base + modificateur
    if niveau_proche is None:
        return base + modificateur
    if plafond_avant_modificateur:
        return min(PLAFOND_PROCHE, base + niveau_proche) + modificateur
    return min(PLAFOND_PROCHE, base + niveau_proche + modificateur)


@dataclass(frozen=True)
class Jet2D6:
    """Un jet de 2D6 contre une cible : les deux dés, le total et ce qu'il vaut."""

    des: tuple[int, int]
    cible: int

    @property
    def total(self) -> int:
        return self.des[0] + self.des[1]

    @property
    def reussi(self) -> bool:
        return self.total <= self.cible

    @property
    def double(self) -> bool:
        return self.des[0] == self.des[1]

    @property
    def critique(self) -> bool:
        """Réussite critique : un double qui réussit."""
        return self.double and self.reussi

    @property
    def maladresse(self) -> bool:
        """Un double qui rate."""
        return self.double and not self.reussi

    @property
    def dd(self) -> int | None:
        """La face du dé doublé, ou ``None`` sans double."""
        return self.des[0] if self.double else None

    @property
    def niveau(self) -> Niveau:
        return niveau_de(self.des[0], self.des[1], self.cible)

    @property
    def marge(self) -> int:
        """Cible moins total : positive ou nulle en cas de réussite."""
        return self.cible - self.total

    @property
    def texte(self) -> str:
        """La phrase du jet, sans point final (pour l'insérer dans une autre)."""
        a, b = self.des
        texte = f"{a} et {b} = {self.total} contre {nombre_relatif(self.cible)} : {self.niveau.value}"
        if self.dd is not None:
            texte += f" (Dd {self.dd})"
        return texte

    def __str__(self) -> str:
        return self.texte + "."


@dataclass(frozen=True)
class EchecAutomatique:
    """Pas de jet : l'action demande une formation que le personnage n'a pas."""

    @property
    def reussi(self) -> bool:
        return False

    @property
    def niveau(self) -> Niveau:
        return Niveau.ECHEC

    def __str__(self) -> str:
        return "Pas de jet : sans la formation voulue, l'action échoue d'office."


def lancer_2d6(cible: int, *, des: SourceDes) -> Jet2D6:
    """Lance deux dés contre ``cible`` (vérifiée avant de toucher aux dés).

    >>> from jdr_core.des import DesScriptes
    >>> print(lancer_2d6(8, des=DesScriptes([1, 6])))
    1 et 6 = 7 contre 8 : réussite.
    >>> print(lancer_2d6(7, des=DesScriptes([2, 2])))
    2 et 2 = 4 contre 7 : réussite critique (Dd 2).
    """
    valider_cible(cible)
    premier = des.lancer(6)
    second = des.lancer(6)
    return Jet2D6((premier, second), cible)


def tenter(cible: int | None, *, des: SourceDes) -> Jet2D6 | EchecAutomatique:
    """Lance le jet, ou rend un :class:`EchecAutomatique` sans toucher aux dés si ``cible`` est ``None``.

    >>> from jdr_core.des import DesScriptes
    >>> print(tenter(cible_sans_competence(4, apprentissage=True), des=DesScriptes([])))
    Pas de jet : sans la formation voulue, l'action échoue d'office.
    """
    if cible is None:
        return EchecAutomatique()
    return lancer_2d6(cible, des=des)


def distribution_2d6(cible: int) -> Loi[Niveau]:
    """Probabilités exactes des quatre niveaux (les 36 issues de 2D6).

    >>> d = distribution_2d6(7)
    >>> d[Niveau.REUSSITE_CRITIQUE], d[Niveau.REUSSITE], d[Niveau.ECHEC], d[Niveau.MALADRESSE]
    (Fraction(1, 12), Fraction(1, 2), Fraction(1, 3), Fraction(1, 12))
    """
    return loi_du_jet(lambda des: lancer_2d6(cible, des=des).niveau)


def distribution_dd(cible: int) -> Loi[tuple[Niveau, int | None]]:
    """Probabilités exactes de (niveau, Dd) : utile quand l'ampleur d'un double compte.

    >>> distribution_dd(7)[(Niveau.MALADRESSE, 4)]
    Fraction(1, 36)
    """
    return loi_du_jet(lambda des: (lambda jet: (jet.niveau, jet.dd))(lancer_2d6(cible, des=des)))
