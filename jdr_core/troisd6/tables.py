"""Les tables du 3D6, sous forme de données : les pages et les lanceurs lisent les mêmes."""

from __future__ import annotations

from typing import Final

from ..mecanique import Table

#: Niveaux de difficulté : nombre de succès demandés.
DIFFICULTES: Final[dict[int, str]] = {
    0: "automatique",
    1: "facile",
    2: "moyenne",
    3: "difficile",
    4: "extrême (limite humaine)",
}

#: Dégâts de base par arme (1 à 5), avec des exemples.
ARMES: Final[dict[int, tuple[str, ...]]] = {
    1: ("coup de poing", "arme improvisée", "coup de pied", "taser", "tonfa"),
    2: ("couteau", "arc", "dague", "cran d'arrêt", "bâton", "rasoir", "pistolet léger",
        "harpon", "cocktail Molotov", "javelot"),
    3: ("arbalète", "épée", "hache", "machette", "lance", "trident", "gros pistolet ou revolver",
        "pistolet-mitrailleur", "grenade", "fouet électrique", "coup porté en exoarmure"),
    4: ("fusil à pompe", "canon scié", "fusil de précision", "fusil d'assaut", "mine"),
    5: ("arme montée sur véhicule, vaisseau ou exoarmure : canon, missile, laser, torpille",),
}

#: Points de protection (1 à 4), avec des exemples.
PROTECTIONS: Final[dict[int, tuple[str, ...]]] = {
    0: ("aucune protection",),
    1: ("gilet pare-balles", "cuir renforcé", "blouson de cuir", "cotte de mailles", "petit bouclier"),
    2: ("armure de plaques", "grand bouclier"),
    3: ("armure de combat moderne ou futuriste",),
    4: ("blindage de véhicule", "protection surnaturelle"),
}

#: Dégâts continus par tour (1 à 3), jusqu'à ce que le personnage soit soigné.
DEGATS_CONTINUS: Final[dict[int, tuple[str, ...]]] = {
    1: ("torche", "asphyxie", "noyade", "venin"),
    2: ("feu de camp", "jet d'acide", "poison"),
    3: ("lave", "bain d'acide", "poison foudroyant"),
}

#: Prouesses, déplacements, discrétion et enquête : (caractéristique, {action: difficulté}).
PROUESSES: Final[dict[str, tuple[str, dict[str, int]]]] = {
    "Briser un objet": ("Physique", {
        "forcer la serrure d'une porte ou d'une fenêtre": 1,
        "traverser une cloison": 2,
        "rompre des menottes ou des chaînes": 3,
    }),
    "Se déplacer sur terre": ("Physique", {
        "monter à un arbre ou sur un mur": 1,
        "franchir un précipice d'un bond": 2,
        "courir à travers bois": 3,
    }),
    "Se déplacer sur ou sous l'eau": ("Physique", {
        "nager en surface, eau calme": 1,
        "manœuvrer une embarcation": 2,
        "conduire un sous-marin ou marcher en scaphandre": 3,
    }),
    "Se déplacer dans les airs ou l'espace": ("Physique", {
        "évoluer en apesanteur": 1,
        "piloter un engin antigravité ou un petit vaisseau": 2,
        "éviter les tirs ennemis ou tracer la meilleure route stellaire": 3,
    }),
    "Discrétion": ("Physique", {
        "prendre un passant par surprise": 1,
        "échapper à l'attention d'un garde ou d'une patrouille": 2,
        "se dissimuler à un animal": 3,
    }),
}

ENQUETE: Final[dict[str, tuple[str, dict[str, int]]]] = {
    "Soutirer une information à un témoin réticent": ("Social", {
        "savoir s'il a vu ou entendu quelque chose": 1,
        "obtenir qu'un spécialiste cherche pour vous": 2,
        "arracher des aveux à un criminel": 3,
    }),
    "Obtenir une autorisation": ("Mental", {
        "entrer dans un bâtiment avec l'accord du gardien": 1,
        "se procurer vite un document officiel, par ruse ou mensonge": 2,
        "se faire ouvrir une zone militaire": 3,
    }),
    "Trouver des indices sur place": ("Mental", {
        "dénicher un journal intime": 1,
        "retrouver des douilles en forêt après un échange de tirs": 2,
        "repérer du sang dans une pièce soigneusement lavée": 3,
    }),
}


def _lignes_exemples(table: dict[int, tuple[str, ...]]) -> tuple[tuple[str, ...], ...]:
    return tuple((str(valeur), ", ".join(exemples)) for valeur, exemples in table.items())


def _lignes_actions(table: dict[str, tuple[str, dict[str, int]]]) -> tuple[tuple[str, ...], ...]:
    return tuple(
        (situation, carac, action, f"{DIFFICULTES[niveau]} ({niveau})")
        for situation, (carac, actions) in table.items()
        for action, niveau in actions.items()
    )


#: Les tables publiées sur les pages (bloc ``tableau``) : titre des colonnes et lignes.
TABLES: Final[tuple[Table, ...]] = (
    Table("3d6-difficultes", ("Succès demandés", "Difficulté"), tuple((str(k), v) for k, v in DIFFICULTES.items())),
    Table("3d6-armes", ("Dégâts de base", "Armes"), _lignes_exemples(ARMES)),
    Table("3d6-protections", ("Protection", "Exemples"), _lignes_exemples(PROTECTIONS)),
    Table("3d6-degats-continus", ("PE par tour", "Sources"), _lignes_exemples(DEGATS_CONTINUS)),
    Table("3d6-prouesses", ("Situation", "Caractéristique", "Action", "Difficulté"), _lignes_actions(PROUESSES)),
    Table("3d6-enquete", ("Situation", "Caractéristique", "Action", "Difficulté"), _lignes_actions(ENQUETE)),
)
