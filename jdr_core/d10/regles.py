"""Le personnage et la difficulté : caractéristiques, compétences, difficulté variable.

* Six caractéristiques en deux familles (physique, mental), de 1 à 10 pour un humain.
* Une compétence monte d'un niveau après 1, 3, 6, 10… ans de pratique régulière (le
  niveau N demande 1 + 2 + … + N ans) ; une pratique intensive divise ces durées par 2 ou 3.
* La difficulté d'une action vaut 5 (fixe) + une difficulté variable (DV).

>>> annees_pour_niveau(4), niveau_pour_annees(12)
(Fraction(10, 1), 4)
>>> duree(annees_pour_niveau(4, diviseur=3))
'3 ans et 4 mois'
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from fractions import Fraction

from ..erreurs import ParametreInvalide, entier_borne
from ..francais import compter

STAT_MIN, STAT_MAX = 1, 10
COMP_MIN, COMP_MAX = 0, 10
#: Diviseurs permis pour une pratique intensive (1 : pratique régulière moyenne).
DIVISEURS = (1, 2, 3)
#: Années de pratique au plus qu'on accepte de convertir.
ANNEES_MAX = 200
#: Bornes d'une valeur de difficulté d'environnement (5 compris).
ENVIRONNEMENT_MIN, ENVIRONNEMENT_MAX = 1, 25


@dataclass(frozen=True)
class Caracteristique:
    abreviation: str
    nom: str
    famille: str
    role: str


#: Les six caractéristiques : (physique, mental) × (puissance, résistance, précision).
CARACTERISTIQUES: tuple[Caracteristique, ...] = (
    Caracteristique("FOR", "Force", "physique", "puissance"),
    Caracteristique("CON", "Constitution", "physique", "résistance"),
    Caracteristique("AGI", "Agilité", "physique", "précision"),
    Caracteristique("FM", "Force mentale", "mental", "puissance"),
    Caracteristique("VOL", "Volonté", "mental", "résistance"),
    Caracteristique("INT", "Intelligence", "mental", "précision"),
)


def valider_stat(nom: str, valeur: int) -> int:
    return entier_borne(nom, valeur, STAT_MIN, STAT_MAX)


def valider_comp(nom: str, valeur: int) -> int:
    return entier_borne(nom, valeur, COMP_MIN, COMP_MAX)


def _diviseur(diviseur: int) -> int:
    if isinstance(diviseur, bool) or diviseur not in DIVISEURS:
        raise ParametreInvalide("diviseur de pratique intensive", diviseur, "1, 2 ou 3")
    return diviseur


def annees_pour_niveau(niveau: int, *, diviseur: int = 1) -> Fraction:
    """Les années de pratique qu'il faut pour atteindre un niveau (1, 3, 6, 10… ans), divisées
    par 2 ou 3 pour une pratique intensive.

    >>> [int(annees_pour_niveau(n)) for n in range(1, 11)]
    [1, 3, 6, 10, 15, 21, 28, 36, 45, 55]
    >>> annees_pour_niveau(2, diviseur=2)
    Fraction(3, 2)
    """
    entier_borne("niveau de compétence", niveau, COMP_MIN, COMP_MAX)
    return Fraction(niveau * (niveau + 1) // 2, _diviseur(diviseur))


def niveau_pour_annees(annees: int | Fraction, *, diviseur: int = 1) -> int:
    """Le niveau atteint après tant d'années de pratique (10 au plus).

    >>> niveau_pour_annees(0), niveau_pour_annees(5), niveau_pour_annees(5, diviseur=3), niveau_pour_annees(99)
    (0, 2, 5, 10)
    """
    if isinstance(annees, bool) or not isinstance(annees, int | Fraction) or not 0 <= annees <= ANNEES_MAX:
        raise ParametreInvalide("années de pratique", annees, f"un nombre de 0 à {ANNEES_MAX}")
    _diviseur(diviseur)
    return max(n for n in range(COMP_MIN, COMP_MAX + 1) if annees_pour_niveau(n, diviseur=diviseur) <= annees)


def duree(annees: Fraction) -> str:
    """Une durée en années, dite en français : « 1 an », « 6 mois », « 1 an et 6 mois ».

    >>> duree(Fraction(1)), duree(Fraction(1, 2)), duree(Fraction(3, 2)), duree(Fraction(55, 3))
    ('1 an', '6 mois', '1 an et 6 mois', '18 ans et 4 mois')
    """
    mois_total = annees * 12
    entiers, mois = divmod(int(mois_total), 12)
    if entiers == 0:
        return f"{mois} mois"
    texte = compter(entiers, "an")
    return f"{texte} et {mois} mois" if mois else texte


class Cas(Enum):
    """Qui lance quoi contre quoi : l'ajustement de la difficulté variable."""

    COMPETENCE_CONTRE_COMPETENCE = 0
    COMPETENCE_CONTRE_CARAC = 5
    CARAC_CONTRE_COMPETENCE = -5

    @property
    def ajustement(self) -> int:
        return self.value

    @property
    def libelle(self) -> str:
        return {
            Cas.COMPETENCE_CONTRE_COMPETENCE: "carac + compétence contre carac + compétence, ou contre l'environnement",
            Cas.COMPETENCE_CONTRE_CARAC: "carac + compétence contre une carac seule",
            Cas.CARAC_CONTRE_COMPETENCE: "carac seule contre carac + compétence, ou contre l'environnement",
        }[self]


def cas_de(avec_comp: bool, adverse_avec_comp: bool) -> Cas:
    """Le cas d'après qui s'aide d'une compétence (deux caracs seules : comme deux compétences, +0).

    >>> cas_de(True, False).ajustement, cas_de(False, True).ajustement, cas_de(False, False).ajustement
    (5, -5, 0)
    """
    if avec_comp and not adverse_avec_comp:
        return Cas.COMPETENCE_CONTRE_CARAC
    if adverse_avec_comp and not avec_comp:
        return Cas.CARAC_CONTRE_COMPETENCE
    return Cas.COMPETENCE_CONTRE_COMPETENCE


def difficulte_opposee(stat_adverse: int, comp_adverse: int, cas: Cas) -> int:
    """Contre un autre personnage : 5 + sa STAT + sa COMP, ajusté selon le cas.

    >>> difficulte_opposee(5, 4, Cas.COMPETENCE_CONTRE_COMPETENCE)
    14
    >>> difficulte_opposee(5, 0, Cas.COMPETENCE_CONTRE_CARAC)
    15
    """
    valider_stat("caractéristique adverse", stat_adverse)
    valider_comp("compétence adverse", comp_adverse)
    return 5 + stat_adverse + comp_adverse + cas.ajustement


#: Les noms des difficultés d'environnement, de la plus douce à la plus rude.
NOMS_BANDES = ("Très facile", "Facile", "Moyen", "Difficile", "Très difficile")
#: Chaque bande couvre 5 valeurs (5 fixe compris) : 1 à 5, 6 à 10… jusqu'à 25.
BANDES: tuple[tuple[str, int, int], ...] = tuple((nom, 5 * i + 1, 5 * i + 5) for i, nom in enumerate(NOMS_BANDES))


def bande_environnement(valeur: int) -> str:
    """Le nom de la bande d'une difficulté d'environnement.

    >>> bande_environnement(5), bande_environnement(13), bande_environnement(25)
    ('Très facile', 'Moyen', 'Très difficile')
    """
    entier_borne("difficulté d'environnement", valeur, ENVIRONNEMENT_MIN, ENVIRONNEMENT_MAX)
    return next(nom for nom, bas, haut in BANDES if bas <= valeur <= haut)


def difficulte_environnement(valeur: int, cas: Cas = Cas.COMPETENCE_CONTRE_COMPETENCE) -> int:
    """Contre l'environnement : la valeur choisie dans sa bande (le 5 fixe y est déjà compris),
    moins 5 si l'on n'a que sa caractéristique à opposer.

    >>> difficulte_environnement(13), difficulte_environnement(13, Cas.CARAC_CONTRE_COMPETENCE)
    (13, 8)
    """
    bande_environnement(valeur)
    return valeur + cas.ajustement
