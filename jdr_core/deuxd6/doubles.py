"""Deux jets face à face : le double de l'un pèse sur le jet de l'autre.

Dans un échange de scène majeure comme dans une manche de poursuite, l'attaquant et le
défenseur lancent chacun sous sa cible. Chaque jet se lit d'abord tel quel. Puis :

* si les deux réussissent, un **critique** oblige l'autre camp à relire son jet avec
  **−Dd** : s'il ne passe plus, il a raté ;
* si les deux ratent, une **maladresse** permet à l'autre camp de relire son jet avec
  **+Dd** : s'il passe désormais, il a réussi.

Le texte dit « si l'un des jets » : tout double compte, celui de l'attaquant comme celui
du défenseur. Il ne dit pas quoi faire quand les deux jets sont des doubles ; c'est
l':class:`Ordre`, un réglage. Un jet garde le niveau de sa première lecture (un critique
relu reste un critique pour ce qui suit).

Le défenseur fait un critique ; l'attaquant, qui avait réussi de justesse, ne passe plus :

>>> a, d = Jet2D6((3, 4), 8), Jet2D6((2, 2), 8)
>>> lecture = lire_doubles(a, d)
>>> lecture.attaquant_reussit, lecture.defenseur_reussit, lecture.ajustement_attaquant
(False, True, -2)
>>> print(phrase_relecture("Hugo", lecture.ajustement_attaquant, a))
Critique adverse (−2) : Hugo échoue (7 contre 6).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from ..francais import est_pluriel, majuscule, nombre_relatif, signe
from .jet import Jet2D6


class Ordre(Enum):
    """Hypothèse : quand les deux jets sont des doubles, lequel se lit d'abord.

    * ``ATTAQUANT`` (par défaut) : le double de l'attaquant d'abord ; celui du défenseur
      ne compte ensuite que si le défenseur tient encore (deux critiques) ou rate encore
      (deux maladresses) ;
    * ``DEFENSEUR`` : l'inverse ;
    * ``SIMULTANE`` : les deux doubles, jugés sur la première lecture, comptent ensemble.

    Quand un seul jet est un double, les trois ordres se valent. En scène majeure, les dés
    du camp qui se lit d'abord sont aussi lancés d'abord.
    """

    ATTAQUANT = "attaquant"
    DEFENSEUR = "defenseur"
    SIMULTANE = "simultane"


#: Les choix d'ordre tels que les lanceurs (scène majeure, poursuite) les proposent.
CHOIX_ORDRE: tuple[tuple[str, str], ...] = (
    (Ordre.ATTAQUANT.value, "celui de l'attaquant d'abord"),
    (Ordre.DEFENSEUR.value, "celui du défenseur d'abord"),
    (Ordre.SIMULTANE.value, "les deux ensemble"),
)


@dataclass(frozen=True)
class Lecture:
    """Ce que valent les deux jets une fois les doubles lus.

    ``ajustement_*`` est le Dd ajouté à la cible de ce camp pour sa relecture (0 : pas de
    relecture).
    """

    attaquant_reussit: bool
    defenseur_reussit: bool
    ajustement_attaquant: int = 0
    ajustement_defenseur: int = 0


def effet_du_double(jet: Jet2D6) -> int:
    """Ce que le double d'un jet fait à la cible de l'autre : −Dd (critique), +Dd (maladresse), 0 sans double."""
    if jet.dd is None:
        return 0
    return -jet.dd if jet.reussi else jet.dd


def _relu(jet: Jet2D6, ajustement: int) -> bool:
    return jet.total <= jet.cible + ajustement


def _lire_dans_l_ordre(premier: Jet2D6, second: Jet2D6) -> tuple[bool, bool, int, int]:
    """Deux jets au même point, lus l'un après l'autre : le double du premier fait relire le
    second ; si le second reste au même point, son double fait relire le premier. Rend (premier
    réussit, second réussit, ajustement du premier, ajustement du second)."""
    meme = premier.reussi
    ok_1, ok_2, aj_1, aj_2 = meme, second.reussi, 0, 0
    if premier.dd is not None:
        aj_2 = effet_du_double(premier)
        ok_2 = _relu(second, aj_2)
    if ok_2 == meme and second.dd is not None:
        aj_1 = effet_du_double(second)
        ok_1 = _relu(premier, aj_1)
    return ok_1, ok_2, aj_1, aj_2


def lire_doubles(att: Jet2D6, dfn: Jet2D6, ordre: Ordre = Ordre.ATTAQUANT) -> Lecture:
    """Les deux jets lus avec leurs doubles (voir le module).

    >>> lire_doubles(Jet2D6((4, 5), 8), Jet2D6((5, 5), 8))  # deux échecs, maladresse du défenseur
    Lecture(attaquant_reussit=True, defenseur_reussit=False, ajustement_attaquant=5, ajustement_defenseur=0)
    >>> l = lire_doubles(Jet2D6((3, 3), 8), Jet2D6((2, 2), 6))  # deux critiques
    >>> l.defenseur_reussit, l.ajustement_attaquant
    (False, 0)
    >>> lire_doubles(Jet2D6((3, 3), 8), Jet2D6((2, 2), 6), Ordre.SIMULTANE).attaquant_reussit
    True
    """
    a_ok, d_ok = att.reussi, dfn.reussi
    if a_ok != d_ok:  # l'un passe, l'autre non : aucun double n'y change rien
        return Lecture(a_ok, d_ok)
    if ordre is Ordre.SIMULTANE:
        aj_a, aj_d = effet_du_double(dfn), effet_du_double(att)
        return Lecture(_relu(att, aj_a), _relu(dfn, aj_d), aj_a, aj_d)
    if ordre is Ordre.ATTAQUANT:
        a_ok, d_ok, aj_a, aj_d = _lire_dans_l_ordre(att, dfn)
    else:
        d_ok, a_ok, aj_d, aj_a = _lire_dans_l_ordre(dfn, att)
    return Lecture(a_ok, d_ok, aj_a, aj_d)


def phrase_relecture(nom: str, ajustement: int, jet: Jet2D6) -> str:
    """La relecture d'un jet, en une phrase : « Critique adverse (−3) : le douanier échoue (5 contre 4). »"""
    cause = "critique adverse" if ajustement < 0 else "maladresse adverse"
    cible = jet.cible + ajustement
    passe = jet.total <= cible
    if est_pluriel(nom):
        verdict = "réussissent quand même" if passe else "échouent"
    else:
        verdict = "réussit quand même" if passe else "échoue"
    return f"{majuscule(cause)} ({signe(ajustement)}) : {nom} {verdict} ({jet.total} contre {nombre_relatif(cible)})."


#: Une relecture à raconter : le nom du camp, l'ajustement de sa cible (0 : pas de relecture), son jet.
Relecture = tuple[str, int, Jet2D6 | None]


def phrases_relectures(ordre: Ordre, attaquant: Relecture, defenseur: Relecture) -> list[str]:
    """Les relectures d'un échange en phrases (:func:`phrase_relecture`), dans l'ordre où les
    doubles se lisent : celle du défenseur d'abord (le double de l'attaquant compte le premier),
    sauf quand le double du défenseur se lit d'abord."""
    relectures = [defenseur, attaquant]
    if ordre is Ordre.DEFENSEUR:
        relectures.reverse()
    return [phrase_relecture(nom, aj, jet) for nom, aj, jet in relectures if aj and jet is not None]
