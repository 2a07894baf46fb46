"""Le petit outil de rédaction française, pour toute phrase que le cœur fabrique.

Les phrases des jets, des fiches et des erreurs passent par ici plutôt que d'écrire
« succès demandé(s) » : accord en nombre (et en genre) des noms comptés, « aucun » /
« aucune » pour zéro, élision (« d'Incendie », « l'adversaire »), signes typographiques.

>>> compter(0, "succès", pluriel="succès")
'aucun succès'
>>> compter(1, "réussite", feminin=True)
'1 réussite'
>>> compter(3, "palier franchi", pluriel="paliers franchis")
'3 paliers franchis'
>>> compter(0, "blessure", feminin=True)
'aucune blessure'
>>> accorder(2, "demandé")
'demandés'
>>> de("Incendie"), de("la nuit"), de("Pierre")
("d'Incendie", 'de la nuit', 'de Pierre')
>>> le("adversaire"), le("garde"), le("rue", feminin=True)
("l'adversaire", 'le garde', 'la rue')
>>> signe(-3), signe(2), signe(0)
('−3', '+2', '0')
>>> majuscule("l'adversaire l'emporte")
"L'adversaire l'emporte"
"""

from __future__ import annotations

VOYELLES = "aàâäeéèêëiîïoôöuùûüyœæhAÀÂÄEÉÈÊËIÎÏOÔÖUÙÛÜYŒÆH"


def accorder(nombre: int, singulier: str, pluriel: str | None = None) -> str:
    """Le mot accordé au nombre : pluriel à partir de 2 (0 et 1 restent au singulier).

    Le pluriel par défaut ajoute « s » à chaque mot (« palier franchi » → « paliers franchis »),
    sauf aux mots qui finissent déjà par s, x ou z.
    """
    if abs(nombre) < 2:
        return singulier
    if pluriel is not None:
        return pluriel
    return " ".join(m if m[-1:] in "sxz" else m + "s" for m in singulier.split(" "))


def compter(nombre: int, singulier: str, pluriel: str | None = None, *, feminin: bool = False) -> str:
    """Un nombre et ce qu'il compte : « aucun succès », « 1 blessure », « 3 paliers franchis »."""
    if nombre == 0:
        return f"{'aucune' if feminin else 'aucun'} {singulier}"
    return f"{nombre} {accorder(nombre, singulier, pluriel)}"


def elide(mot: str) -> bool:
    """Vrai si le mot appelle l'élision (voyelle ou h muet supposé)."""
    return mot[:1] in VOYELLES


def de(mot: str) -> str:
    """« de » devant un mot, élidé devant une voyelle : « d'Incendie », « de Pierre »."""
    return f"d'{mot}" if elide(mot) else f"de {mot}"


def le(mot: str, *, feminin: bool = False) -> str:
    """L'article défini devant un nom : « l'adversaire », « le garde », « la rue »."""
    if elide(mot):
        return f"l'{mot}"
    return f"{'la' if feminin else 'le'} {mot}"


def signe(nombre: int) -> str:
    """Un modificateur avec son signe typographique : « +2 », « −3 », « 0 »."""
    if nombre > 0:
        return f"+{nombre}"
    if nombre < 0:
        return f"−{-nombre}"
    return "0"


def majuscule(texte: str) -> str:
    """Le texte avec une capitale initiale (début de phrase)."""
    return texte[:1].upper() + texte[1:]


def minuscule(texte: str) -> str:
    """Le texte sans capitale initiale, pour le placer au milieu d'une phrase
    (« Le personnage » → « le personnage » ; un nom propre est laissé tel quel s'il n'a
    pas d'article)."""
    if texte.startswith(("Le ", "La ", "Les ", "L'", "Un ", "Une ", "Des ")):
        return texte[:1].lower() + texte[1:]
    return texte
