"""La racine unique des erreurs de ``jdr_core``.

Toutes les erreurs levées par le cœur héritent de :class:`JdrErreur`, elle-même
sous-classe de :class:`ValueError`. Le message dit en français ce qui ne va pas et
ce qui est permis, pour être montré tel quel à un joueur.

>>> from jdr_core.erreurs import ParametreInvalide
>>> raise ParametreInvalide("caractéristique", 7, "1 à 5")
Traceback (most recent call last):
...
jdr_core.erreurs.ParametreInvalide: caractéristique 7 : attendu 1 à 5
"""

from __future__ import annotations

from enum import Enum
from typing import TypeVar

E = TypeVar("E", bound=Enum)


class JdrErreur(ValueError):
    """Toute erreur de règle ou de saisie que le cœur sait expliquer."""


class ParametreInvalide(JdrErreur):
    """Une valeur hors des bornes ou du mauvais type."""

    def __init__(self, nom: str, valeur: object, attendu: str) -> None:
        self.nom = nom
        self.valeur = valeur
        self.attendu = attendu
        super().__init__(f"{nom} {decrire_valeur(valeur)} : attendu {attendu}")


def decrire_valeur(valeur: object) -> str:
    """Une valeur reçue, telle qu'on peut la montrer à un joueur : un nombre ou un texte
    court tel quel, et pour le reste sa nature en mots (jamais une représentation Python).

    >>> decrire_valeur(7), decrire_valeur("épique"), decrire_valeur([None]), decrire_valeur(None)
    ('7', 'épique', '(une liste)', '(vide)')
    """
    if valeur is None:
        return "(vide)"
    if isinstance(valeur, bool):
        return "(oui ou non)"
    if isinstance(valeur, int):
        texte = str(valeur) if abs(valeur) < 10**40 else "(nombre trop long)"
    elif isinstance(valeur, float):
        texte = f"{valeur:g}" if valeur == valeur and abs(valeur) != float("inf") else "(nombre illisible)"
    elif isinstance(valeur, str):
        texte = "".join(c for c in valeur if c.isprintable())[:40] or "(rien d'écrit)"
    elif isinstance(valeur, (list, tuple)):
        texte = "(une liste)"
    elif isinstance(valeur, dict):
        texte = "(un objet)"
    else:
        texte = "(valeur illisible)"
    return texte


class DesEpuises(JdrErreur):
    """Une source scriptée n'a plus de faces à donner."""


class DesRestants(JdrErreur):
    """Une source scriptée a encore des faces inutilisées à la fin de l'exemple."""


class BudgetDepasse(JdrErreur):
    """Trop de dés demandés : la limite protège l'onglet du lecteur."""


class RegleEnfreinte(JdrErreur):
    """Une action interdite par les règles (deux attaques, soin refusé…)."""


def entier_borne(nom: str, valeur: object, minimum: int, maximum: int) -> int:
    """Vérifie qu'une valeur est un entier (pas un booléen) entre deux bornes.

    >>> entier_borne("difficulté", 3, 0, 10)
    3
    >>> entier_borne("difficulté", 11, 0, 10)
    Traceback (most recent call last):
    ...
    jdr_core.erreurs.ParametreInvalide: difficulté 11 : attendu un entier de 0 à 10
    """
    if isinstance(valeur, bool) or not isinstance(valeur, int) or not minimum <= valeur <= maximum:
        raise ParametreInvalide(nom, valeur, f"un entier de {minimum} à {maximum}")
    return valeur


def membre_nomme(choix: type[E], valeur: object, refus: str) -> E:
    """Le membre d'une énumération nommé par une saisie ou une sauvegarde : sa valeur, sans tenir
    compte des majuscules ni des espaces autour ; sinon une :class:`JdrErreur` qui dit ``refus``.

    >>> Meteo = Enum("Meteo", {"PLUIE": "pluie", "SOLEIL": "soleil"})
    >>> membre_nomme(Meteo, " Pluie ", "Météo inconnue.")
    <Meteo.PLUIE: 'pluie'>
    >>> membre_nomme(Meteo, ["pluie"], "Météo inconnue.")
    Traceback (most recent call last):
    ...
    jdr_core.erreurs.JdrErreur: Météo inconnue.
    """
    if isinstance(valeur, str):
        nom = valeur.strip().lower()
        for membre in choix:
            if nom == membre.value:
                return membre
    raise JdrErreur(refus)
