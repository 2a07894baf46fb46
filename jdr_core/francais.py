"""Le petit outil de rédaction française, pour toute phrase que le cœur fabrique.

Les phrases des jets, des fiches et des erreurs passent par ici plutôt que d'écrire
un pluriel entre parenthèses : accord en nombre (et en genre) des noms comptés, « aucun » /
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
>>> de("Incendie"), de("la nuit"), de("Pierre"), de("les truands"), de("le garde")
("d'Incendie", 'de la nuit', 'de Pierre', 'des truands', 'du garde')
>>> au("le garde"), au("les truands"), au("Philip")
('au garde', 'aux truands', 'à Philip')
>>> quantite(0, "manche"), quantite(3, "réussite")
('0 manche', '3 réussites')
>>> ordinal(1), ordinal(1, feminin=True), ordinal(3), ordinal(21)
('premier', 'première', 'troisième', '21e')
>>> conjuguer("les truands", "a", "ont"), conjuguer("Philip", "a", "ont")
('ont', 'a')
>>> enumerer([]), enumerer(["course"]), enumerer(["course", "saut"]), enumerer(["a", "b", "c"], "ou")
('', 'course', 'course et saut', 'a, b ou c')
>>> en_minuscule("Chute d'un étage")
"chute d'un étage"
>>> le("adversaire"), le("garde"), le("rue", feminin=True)
("l'adversaire", 'le garde', 'la rue')
>>> signe(-3), signe(2), signe(0)
('−3', '+2', '0')
>>> majuscule("l'adversaire l'emporte")
"L'adversaire l'emporte"
"""

from __future__ import annotations

from collections.abc import Sequence

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
    """« de » devant un nom : contracté (« du garde », « des truands »), élidé devant une
    voyelle (« d'Incendie », « de l'inspecteur »), sinon « de Pierre »."""
    bas = mot.lower()
    if bas.startswith("les "):
        return "des " + mot[4:]
    if bas.startswith("le "):
        return "du " + mot[3:]
    return f"d'{mot}" if elide(mot) else f"de {mot}"


def au(mot: str) -> str:
    """« à » devant un nom, contracté : « au garde », « aux truands », « à Philip », « à l'adversaire »."""
    bas = mot.lower()
    if bas.startswith("les "):
        return "aux " + mot[4:]
    if bas.startswith("le "):
        return "au " + mot[3:]
    return "à " + mot


#: Un nom précédé de l'un de ces mots est pluriel (« les truands ») : le verbe s'accorde.
ARTICLES_PLURIELS = ("les ", "des ", "ces ", "mes ", "tes ", "ses ", "nos ", "vos ", "leurs ")


def est_pluriel(nom: str) -> bool:
    return nom.lower().startswith(ARTICLES_PLURIELS)


def conjuguer(nom: str, singulier: str, pluriel: str) -> str:
    """Le verbe accordé au nom : « Philip a », « les truands ont »."""
    return pluriel if est_pluriel(nom) else singulier


def quantite(nombre: int, singulier: str, pluriel: str | None = None) -> str:
    """Le nombre, même zéro, suivi du nom accordé : « 0 manche », « 3 réussites » (pour un
    score ou un décompte, où « aucun » sonnerait faux)."""
    return f"{nombre} {accorder(nombre, singulier, pluriel)}"


_ORDINAUX = (
    "deuxième", "troisième", "quatrième", "cinquième", "sixième", "septième", "huitième", "neuvième",
    "dixième", "onzième", "douzième", "treizième", "quatorzième", "quinzième", "seizième", "dix-septième",
    "dix-huitième", "dix-neuvième", "vingtième",
)


def ordinal(rang: int, *, feminin: bool = False) -> str:
    """« premier » (ou « première »), « deuxième »… jusqu'à « vingtième », puis « 21e »."""
    if rang == 1:
        return "première" if feminin else "premier"
    if 2 <= rang <= len(_ORDINAUX) + 1:
        return _ORDINAUX[rang - 2]
    return f"{rang}e"


def nombre_relatif(nombre: int) -> str:
    """Un entier relatif avec le vrai signe moins (« −2 »), sans « + » pour les positifs."""
    return f"−{-nombre}" if nombre < 0 else str(nombre)


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


def enumerer(elements: Sequence[str], conjonction: str = "et") -> str:
    """Une énumération à la française : « a, b et c » (ou « a, b ou c »)."""
    if len(elements) < 2:
        return "".join(elements)
    return f"{', '.join(elements[:-1])} {conjonction} {elements[-1]}"


def en_minuscule(nom_commun: str) -> str:
    """Un nom commun placé au milieu d'une phrase (« Incendie » → « incendie »)."""
    return nom_commun[:1].lower() + nom_commun[1:]
