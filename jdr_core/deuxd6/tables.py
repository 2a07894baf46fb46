"""Les tables du 2D6, publiées sur les pages par les blocs ``tableau``.

Les valeurs viennent des modules de règles (jamais recopiées à la main) quand elles y vivent.
"""

from __future__ import annotations

from ..francais import majuscule, signe
from ..mecanique import Table
from .jet import MODIFICATEURS, PLAFOND_PROCHE, Niveau
from .scene import MALUS_CONTRE_ATTAQUE
from .tache import Argument, Outils

MODIFICATEURS_TABLE = Table(
    "2d6-modificateurs",
    ("Modificateur", "Difficulté"),
    tuple((signe(k), nom) for k, nom in sorted(MODIFICATEURS.items(), reverse=True)),
)

CIBLES = Table(
    "2d6-cibles",
    ("Situation", "Jet à faire (total des deux dés au plus)"),
    (
        ("Le personnage a la compétence", "7 + niveau (0 pour une simple base) ± difficulté"),
        ("Il ne l'a pas, mais l'action reste à sa portée", "2 + caractéristique adaptée ± difficulté"),
        ("Il ne l'a pas, et elle exige une formation", "aucun jet : échec d'office"),
        ("Formation exigée, compétence voisine acceptée par le MJ", "2 + caractéristique ± difficulté"),
        ("Sans formation exigée, compétence voisine", f"2 + caractéristique + son niveau, {PLAFOND_PROCHE} au plus"),
        ("Attribut (fatigue…)", "2 + attribut ± difficulté"),
        ("Caractéristique seule (hypothèse, réglable)", "2 + caractéristique ± difficulté"),
    ),
)

#: Ce que mesure le dé doublé, pour les deux niveaux qui en ont un.
MESURES_DD: dict[Niveau, str] = {
    Niveau.REUSSITE_CRITIQUE: "mesure l'éclat : bonus, malus à l'autre…",
    Niveau.MALADRESSE: "mesure les dégâts : aide à l'autre, panne…",
}


def _quand(niveau: Niveau) -> str:
    """Quand un jet atteint ce niveau, dit par ses deux traits (réussi ou non, double ou non)."""
    total = "total sous la cible ou égal" if niveau.reussi else "total au-dessus de la cible"
    return f"{total}, {'et double' if niveau.double else 'sans double'}"


NIVEAUX = Table(
    "2d6-niveaux",
    ("Résultat", "Quand", "Le dé doublé (Dd)"),
    tuple((majuscule(n.value), _quand(n), MESURES_DD.get(n, "—")) for n in Niveau),
)

OPPOSITION = Table(
    "2d6-opposition",
    ("Situation", "Qui l'emporte"),
    (
        ("Un seul réussit", "celui qui réussit"),
        ("Les deux réussissent, niveaux différents", "la réussite critique"),
        ("Les deux réussissent, même niveau", "le total le plus haut"),
        ("Les deux ratent, niveaux différents", "l'échec simple"),
        ("Les deux ratent, même niveau", "le total le plus bas"),
        ("Même niveau et même total", "on relance, ou le MJ tranche"),
    ),
)

ECHANGE = Table(
    "2d6-echange",
    ("Attaquant", "Défenseur", "Suite de la scène"),
    (
        ("réussit", "rate", "l'attaquant gagne la manche (et la scène, s'il ne lui en fallait qu'une)"),
        ("réussit", "réussit", "rien ne bouge ; le critique de l'un fait relire l'autre jet à −Dd"),
        ("rate", "réussit", "le défenseur prend l'initiative"),
        ("rate", "rate", "le défenseur prend l'initiative ; la maladresse de l'un fait relire l'autre à +Dd"),
        ("—", f"contre-attaque réussie ({signe(-MALUS_CONTRE_ATTAQUE)} en plus)",
         "le défenseur prend l'initiative, l'attaquant ne lance pas"),
        ("—", "contre-attaque ratée", "l'attaquant gagne la manche, sans lancer"),
    ),
)

ARGUMENTS = Table(
    "2d6-arguments",
    ("Argument", "Au jet", "Réussites à obtenir"),
    tuple((majuscule(a.libelle), signe(a.modificateur), signe(a.manches)) for a in Argument),
)

OUTILS = Table(
    "2d6-outils",
    ("Outils", "Au jet"),
    tuple((majuscule(o.libelle), signe(o.modificateur)) for o in Outils),
)

ASSISTANCE = Table(
    "2d6-assistance",
    ("Jet de l'assistant", "Modificateur pour le personnage principal"),
    (
        ("Réussite", "+1"),
        ("Réussite critique", "+Dd, sans dépasser le niveau du personnage principal"),
        ("Échec", "rien"),
        ("Maladresse", "−Dd"),
    ),
)

SABOTAGE = Table(
    "2d6-sabotage",
    ("Jets du saboteur", "Réussites qu'exigera la réparation"),
    (
        ("Toutes les réussites visées", "le niveau visé"),
        ("Arrêt sur un échec", "les réussites obtenues, au moins le niveau du saboteur, au moins 1"),
        ("Arrêt sur une maladresse", "aucune : la réparation se fait vite et d'office"),
    ),
)

TABLES: tuple[Table, ...] = (MODIFICATEURS_TABLE, CIBLES, NIVEAUX, OPPOSITION, ECHANGE, ARGUMENTS, OUTILS,
                             ASSISTANCE, SABOTAGE)
