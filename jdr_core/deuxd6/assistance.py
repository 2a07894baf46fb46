"""Agir à plusieurs : l'assistance sur une même tâche, et les actions parallèles (la fouille).

**Assistance.** Chaque assistant (même compétence, ou très complémentaire, au niveau 1
au moins) lance sa compétence ; le personnage principal ne garde que le meilleur
modificateur obtenu :

==============  ==================================================
réussite        +1
critique        +Dd, sans dépasser le niveau du personnage principal
échec           rien
maladresse      −Dd
==============  ==================================================

Un assistant au niveau 0 n'apporte rien ; on ne peut pas être aidé par plus
d'assistants que son propre niveau.

Gaspard (niveau 2) est aidé par Lina (niveau 1) et Marc (niveau 3) :

>>> from jdr_core.des import DesScriptes
>>> aide = assister(2, [1, 3], des=DesScriptes([3, 4, 4, 4]))
>>> print(aide)  # doctest: +NORMALIZE_WHITESPACE
Le premier assistant fait 3 et 4 = 7 contre 8 : réussite, donc +1.
Le deuxième assistant fait 4 et 4 = 8 contre 10 : réussite critique (Dd 4), donc +2 (plafonné au niveau 2).
Modificateur retenu : +2.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum
from fractions import Fraction

from ..des import SourceDes
from ..erreurs import RegleEnfreinte, entier_borne
from ..francais import conjuguer, majuscule, ordinal, quantite, signe
from ..loi import Loi, loi_du_jet
from .jet import NIVEAU_MAX, NIVEAU_MIN, Jet2D6, Niveau, cible_competence, lancer_2d6, valider_cible

#: Tentatives de fouille au même endroit : la n-ième a un malus de −(n − 1).
TENTATIVES_MAX = 10
#: Nombre maximal de fouilleurs.
FOUILLEURS_MAX = 8
#: Le malus que le MJ peut imposer pour le désordre, quand il laisse aider trop de monde.
DESORDRE_MIN = -10


class Cumul(Enum):
    """Hypothèse : comment une maladresse (−Dd) se combine aux bonus des autres assistants.

    Le texte ne garde que « le meilleur bonus ».

    * ``MEILLEUR`` (par défaut) : on garde le modificateur le plus haut, quel qu'il
      soit ; une maladresse ne pèse que si aucun assistant n'a fait mieux ;
    * ``BONUS_ET_MALUS`` : le meilleur bonus positif, plus le pire malus : un assistant
      maladroit gâche toujours un peu l'aide des autres.
    """

    MEILLEUR = "meilleur"
    BONUS_ET_MALUS = "bonus_et_malus"


def bonus_aide(niveau: Niveau, dd: int | None, niveau_principal: int) -> int:
    """La table de l'assistance.

    >>> bonus_aide(Niveau.REUSSITE_CRITIQUE, 5, 3), bonus_aide(Niveau.MALADRESSE, 4, 3)
    (3, -4)
    """
    if niveau is Niveau.REUSSITE:
        return 1
    if niveau is Niveau.REUSSITE_CRITIQUE:
        assert dd is not None
        return min(dd, niveau_principal)
    if niveau is Niveau.MALADRESSE:
        assert dd is not None
        return -dd
    return 0


def combiner(bonus: Sequence[int], cumul: Cumul = Cumul.MEILLEUR) -> int:
    """Le modificateur retenu à partir de ceux des assistants (0 sans assistant).

    >>> combiner([1, -3]), combiner([1, -3], Cumul.BONUS_ET_MALUS), combiner([-2, -5])
    (1, -2, -2)
    """
    if not bonus:
        return 0
    if cumul is Cumul.MEILLEUR:
        return max(bonus)
    return max(0, *bonus) + min(0, *bonus)


@dataclass(frozen=True)
class Aide:
    """Ce qu'apporte un assistant : son jet (aucun au niveau 0) et son modificateur."""

    niveau: int
    jet: Jet2D6 | None
    bonus: int
    plafonne: bool = False

    def __str__(self) -> str:
        """La fin de la phrase « Le premier assistant … » (voir :meth:`Assistance.phrases`)."""
        if self.jet is None:
            return "est au niveau 0 : il ne lance pas et n'apporte rien"
        if self.bonus == 0:
            return f"fait {self.jet.texte}, sans effet"
        texte = f"fait {self.jet.texte}, donc {signe(self.bonus)}"
        if self.plafonne:
            texte += f" (plafonné au niveau {self.bonus})"
        return texte


@dataclass(frozen=True)
class Assistance:
    """Les aides reçues et le modificateur que garde le personnage principal."""

    niveau_principal: int
    aides: tuple[Aide, ...]
    cumul: Cumul = Cumul.MEILLEUR
    #: Le malus du MJ pour le désordre, quand il a laissé aider plus d'assistants que permis (0 sinon).
    desordre: int = 0

    @property
    def modificateur(self) -> int:
        return combiner([a.bonus for a in self.aides if a.jet is not None], self.cumul) + self.desordre

    def bilan(self) -> str:
        """« Modificateur retenu : +2. »"""
        return f"Modificateur retenu : {signe(self.modificateur)}."

    def phrases(self) -> list[str]:
        """Une phrase par assistant, puis le modificateur retenu."""
        phrases = [f"Le {ordinal(i + 1)} assistant {aide}." for i, aide in enumerate(self.aides)]
        if self.desordre:
            phrases.append(f"{quantite(len(self.aides), 'assistant').capitalize()} pour un personnage principal de "
                           f"niveau {self.niveau_principal}, c'est trop : le MJ impose {signe(self.desordre)} "
                           "pour le désordre.")
        return [*phrases, self.bilan()]

    def __str__(self) -> str:
        return " ".join(self.phrases())


def verifier_assistants(niveau_principal: int, niveaux_aides: Sequence[int], desordre: int | None = None) -> int:
    """Pas plus d'assistants que le niveau du personnage principal, sauf si le MJ laisse faire
    avec un malus pour le désordre (``desordre``, de −10 à 0). Rend le malus qui s'applique
    (0 quand le nombre d'assistants est permis)."""
    entier_borne("niveau du personnage principal", niveau_principal, NIVEAU_MIN, NIVEAU_MAX)
    for n in niveaux_aides:
        entier_borne("niveau d'un assistant", n, NIVEAU_MIN, NIVEAU_MAX)
    if desordre is not None:
        entier_borne("malus pour le désordre", desordre, DESORDRE_MIN, 0)
    if len(niveaux_aides) <= niveau_principal:
        return 0
    if desordre is None:
        permis = (f"il en accepte au plus {niveau_principal}" if niveau_principal
                  else "il en accepte au plus autant que son niveau, donc aucun")
        raise RegleEnfreinte(
            f"{quantite(len(niveaux_aides), 'assistant')}, c'est trop pour un personnage principal de niveau "
            f"{niveau_principal} : {permis}"
        )
    return desordre


def assister(
    niveau_principal: int,
    niveaux_aides: Sequence[int],
    *,
    des: SourceDes,
    modificateur: int = 0,
    cumul: Cumul = Cumul.MEILLEUR,
    desordre: int | None = None,
) -> Assistance:
    """Chaque assistant de niveau 1 ou plus lance 7 + niveau + ``modificateur``, dans l'ordre.

    Hypothèse : les assistants subissent le même modificateur de difficulté que la tâche.
    Au-delà du nombre permis d'assistants, il faut un malus pour le désordre (``desordre``) :
    le texte laisse le MJ l'imposer ; il s'ajoute au modificateur retenu.

    >>> from jdr_core.des import DesScriptes
    >>> print(assister(1, [2, 2], des=DesScriptes([2, 3, 6, 6]), desordre=-2))  # doctest: +NORMALIZE_WHITESPACE
    Le premier assistant fait 2 et 3 = 5 contre 9 : réussite, donc +1.
    Le deuxième assistant fait 6 et 6 = 12 contre 9 : maladresse (Dd 6), donc −6.
    2 assistants pour un personnage principal de niveau 1, c'est trop : le MJ impose −2 pour le désordre.
    Modificateur retenu : −1.
    """
    malus = verifier_assistants(niveau_principal, niveaux_aides, desordre)
    aides = tuple(aider(n, niveau_principal, modificateur, des) for n in niveaux_aides)
    return Assistance(niveau_principal, aides, cumul, malus)


def aider(niveau_aide: int, niveau_principal: int, modificateur: int, des: SourceDes) -> Aide:
    """Un assistant : au niveau 0 il ne lance pas ; sinon son jet donne son modificateur."""
    if niveau_aide == 0:
        return Aide(0, None, 0)
    jet = lancer_2d6(cible_competence(niveau_aide, modificateur), des=des)
    bonus = bonus_aide(jet.niveau, jet.dd, niveau_principal)
    plafonne = jet.critique and jet.dd is not None and jet.dd > niveau_principal
    return Aide(niveau_aide, jet, bonus, plafonne)


def distribution_aide(niveau_aide: int, niveau_principal: int, modificateur: int = 0) -> Loi[int]:
    """Loi exacte du modificateur apporté par un seul assistant, tirée de :func:`aider`."""
    return loi_du_jet(lambda des: aider(niveau_aide, niveau_principal, modificateur, des).bonus)


def distribution_assistance(
    niveau_principal: int,
    niveaux_aides: Sequence[int],
    *,
    modificateur: int = 0,
    cumul: Cumul = Cumul.MEILLEUR,
    desordre: int | None = None,
) -> Loi[int]:
    """Probabilités exactes du modificateur retenu (0 sans assistant utile), désordre compris.

    >>> d = distribution_assistance(1, [1])
    >>> d[1]
    Fraction(13, 18)
    """
    malus = verifier_assistants(niveau_principal, niveaux_aides, desordre)
    # État : le plus haut et le plus bas des modificateurs vus (:func:`combiner` ne lit rien
    # d'autre), vide tant qu'aucun assistant n'a lancé ; puis la règle même d':class:`Assistance`.
    vus: Loi[tuple[int, ...]] = Loi.certaine(())
    for n in niveaux_aides:
        if n > 0:
            vus = vus.combiner(distribution_aide(n, niveau_principal, modificateur),
                               lambda e, b: (max(*e, b), min(*e, b)) if e else (b, b))
    return vus.map(lambda e: combiner(e, cumul) + malus)


# --- Actions parallèles : la fouille ------------------------------------------------


@dataclass(frozen=True)
class Fouille:
    """Chaque fouilleur a son jet (caché) ; seul compte celui qui cherchait au bon endroit."""

    noms: tuple[str, ...]
    jets: tuple[Jet2D6, ...]
    bon_endroit: int
    tire_au_sort: bool
    malus: int

    @property
    def trouve(self) -> bool:
        return self.jets[self.bon_endroit].reussi

    def __str__(self) -> str:
        nom = self.noms[self.bon_endroit]
        fouillait = f"{nom} {conjuguer(nom, 'fouillait', 'fouillaient')} au bon endroit."
        morceaux = [f"Tirage au sort : {fouillait}" if self.tire_au_sort else majuscule(fouillait)]
        if self.malus:
            morceaux.append(f"Malus de fouille : {signe(self.malus)}.")
        morceaux.append(f"{majuscule(nom)} {conjuguer(nom, 'fait', 'font')} {self.jets[self.bon_endroit]}")
        morceaux.append("L'objet est trouvé." if self.trouve else "Rien n'est trouvé.")
        return " ".join(morceaux)


def malus_fouille(tentative: int, dissimulation: int = 0) -> int:
    """Malus de la n-ième fouille (1 : aucun, 2 : −1, 3 : −2…) plus celui de la cachette.

    >>> malus_fouille(1), malus_fouille(3, -2)
    (0, -4)
    """
    entier_borne("tentative", tentative, 1, TENTATIVES_MAX)
    entier_borne("malus de dissimulation", dissimulation, -10, 0)
    return -(tentative - 1) + dissimulation


def fouiller(
    cibles: Sequence[int],
    *,
    des: SourceDes,
    bon_endroit: int | None = None,
    tentative: int = 1,
    dissimulation: int = 0,
    noms: Sequence[str] | None = None,
) -> Fouille:
    """Un jet par fouilleur (cible propre + malus) ; ``bon_endroit`` est l'indice de celui qui
    cherche au bon endroit, ou ``None`` : on le tire au sort d'abord (un dé à autant de faces
    que de fouilleurs, aucun s'il n'y en a qu'un).
    """
    entier_borne("nombre de fouilleurs", len(cibles), 1, FOUILLEURS_MAX)
    noms_t = tuple(noms) if noms is not None else tuple(f"le fouilleur {i + 1}" for i in range(len(cibles)))
    if len(noms_t) != len(cibles):
        raise RegleEnfreinte("il faut autant de noms que de fouilleurs")
    malus = malus_fouille(tentative, dissimulation)
    for c in cibles:
        valider_cible(c + malus)
    tire = bon_endroit is None
    if bon_endroit is None:
        bon_endroit = 0 if len(cibles) == 1 else des.lancer(len(cibles)) - 1
    else:
        entier_borne("bon endroit", bon_endroit, 0, len(cibles) - 1)
    jets = tuple(lancer_2d6(c + malus, des=des) for c in cibles)
    return Fouille(noms_t, jets, bon_endroit, tire, malus)


def _chance_2d6(cible: int) -> Fraction:
    return loi_du_jet(lambda des: lancer_2d6(cible, des=des).reussi)[True]


def chance_trouver(
    cibles: Sequence[int], *, bon_endroit: int | None = None, tentative: int = 1, dissimulation: int = 0
) -> Fraction:
    """Probabilité exacte de trouver (tirage au sort uniforme si ``bon_endroit`` est ``None``)."""
    entier_borne("nombre de fouilleurs", len(cibles), 1, FOUILLEURS_MAX)
    malus = malus_fouille(tentative, dissimulation)
    chances = [_chance_2d6(valider_cible(c + malus)) for c in cibles]
    if bon_endroit is None:
        return sum(chances, Fraction(0)) / len(chances)
    entier_borne("bon endroit", bon_endroit, 0, len(cibles) - 1)
    return chances[bon_endroit]
