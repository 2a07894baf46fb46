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
        "harpon", "cock-tail Molotov", "javelot"),
    3: ("hache", "épée", "arbalète", "lance", "machette", "trident", "pistolet mitrailleur",
        "pistolet ou revolver de gros calibre", "fouet électrique", "grenade", "coup de poing/pied avec une exoarmure"),
    4: ("fusil à pompe", "canon scié", "fusil de sniper", "fusil d'assaut", "mines"),
    5: ("arme montée sur véhicule, vaisseau ou exoarmure : canons, missiles, rayon laser, torpilles",),
}

#: Points de protection (1 à 4), avec des exemples.
PROTECTIONS: Final[dict[int, tuple[str, ...]]] = {
    0: ("aucune protection",),
    1: ("gilet pare-balles", "cuir renforcé", "blouson de cuir", "cotte de maille", "petit bouclier"),
    2: ("armure de plaque", "grand bouclier"),
    3: ("armure de combat moderne ou futuriste",),
    4: ("blindage de véhicule", "protection surnaturelle"),
}

#: Dégâts continus par tour (1 à 3), jusqu'à ce que le personnage soit soigné.
DEGATS_CONTINUS: Final[dict[int, tuple[str, ...]]] = {
    1: ("feu d'une torche", "asphyxie", "noyade", "venin"),
    2: ("feu de camp", "jet d'acide", "poison"),
    3: ("lave", "bain d'acide", "poison extrêmement virulent"),
}

#: Prouesses, déplacements, discrétion et enquête : (caractéristique, {action: difficulté}).
PROUESSES: Final[dict[str, tuple[str, dict[str, int]]]] = {
    "Casser quelque chose": ("Physique", {
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
    "Se déplacer dans l'air ou l'espace": ("Physique", {
        "évoluer en apesanteur": 1,
        "piloter un engin antigravité ou un petit vaisseau": 2,
        "éviter les tirs ennemis ou tracer la meilleure route stellaire": 3,
    }),
    "Se déplacer en silence ou se cacher": ("Physique", {
        "prendre un passant par surprise": 1,
        "échapper à l'attention d'un garde ou d'une patrouille": 2,
        "se dissimuler à un animal": 3,
    }),
}

ENQUETE: Final[dict[str, tuple[str, dict[str, int]]]] = {
    "Obtenir des informations d'un individu peu coopératif": ("Social", {
        "savoir s'il a vu ou entendu quelque chose": 1,
        "obtenir qu'un spécialiste cherche pour vous": 2,
        "arracher des aveux à un criminel": 3,
    }),
    "Obtenir une autorisation d'un individu": ("Mental", {
        "entrer dans un bâtiment avec l'accord du gardien": 1,
        "se procurer vite un document officiel, par ruse ou mensonge": 2,
        "se faire ouvrir une zone militaire": 3,
    }),
    "Trouver des indices dans un lieu": ("Mental", {
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
