"""Les tables du D10, publiées sur les pages par les blocs ``tableau``.

Les valeurs viennent des modules de règles (jamais recopiées à la main).
"""

from __future__ import annotations

from ..francais import majuscule, nombre_relatif, signe
from ..mecanique import Table
from .blessures import BANDES as BANDES_DEGATS
from .blessures import Gravite
from .combat import Couvert, terme_distance
from .regles import BANDES, CARACTERISTIQUES, Cas, annees_pour_niveau, duree


def _carac(famille: str, role: str) -> str:
    c = next(c for c in CARACTERISTIQUES if c.famille == famille and c.role == role)
    return f"{c.nom} ({c.abreviation})"


CARACS = Table(
    "d10-caracteristiques",
    ("Rôle", "Physique", "Mental"),
    tuple((role.capitalize(), _carac("physique", role), _carac("mental", role))
          for role in ("puissance", "résistance", "précision")),
)

ANNEES = Table(
    "d10-annees",
    ("Niveau", "Pratique régulière", "Pratique intensive (÷ 2)", "Pratique très intensive (÷ 3)"),
    tuple((str(n), *(duree(annees_pour_niveau(n, diviseur=k)) for k in (1, 2, 3))) for n in range(1, 11)),
)

DE_OUVERT = Table(
    "d10-de-ouvert",
    ("Premier dé", "Ce qu'on fait", "Borne du dé"),
    (
        ("2 à 9", "on garde la face", "—"),
        ("10", "on lance un autre D10 et on l'ajoute", "au plus 10 + COMP"),
        ("1", "on lance un autre D10 et on le retranche", "au moins COMP − 10"),
    ),
)

CAS = Table(
    "d10-cas",
    ("Celui qui agit oppose…", "Ajustement de la DV"),
    tuple((majuscule(c.libelle), signe(c.ajustement)) for c in Cas),
)

ENVIRONNEMENT = Table(
    "d10-environnement",
    ("Difficulté", "Valeur totale (le 5 fixe compris)"),
    tuple((nom, f"{bas} à {haut}") for nom, bas, haut in BANDES),
)



def _tranche(debut: int) -> tuple[str, str]:
    fin = debut + 9
    assert terme_distance(debut) == terme_distance(fin)
    return f"{debut} à {fin} m", str(terme_distance(debut))


DISTANCES = Table(
    "d10-distance",
    ("Distance (arme de poing standard)", "X"),
    (
        ("1 à 5 m", "la distance en mètres (1 à 5)"),
        *(_tranche(d) for d in range(6, 56, 10)),
        ("au-delà", "+1 par tranche de 10 m commencée"),
    ),
)

COUVERTS = Table(
    "d10-couverts",
    ("Couvert", "Bonus à la résistance aux dégâts"),
    tuple((majuscule(c.libelle), signe(c.bonus)) for c in Couvert if c is not Couvert.AUCUN),
)


def _plage(bas: int | None, haut: int | None) -> str:
    if bas is None:
        return f"{nombre_relatif(haut or 0)} ou moins"
    if haut is None:
        return f"{bas} ou plus"
    return f"{bas} à {haut}"


BANDES_TABLE = Table(
    "d10-bandes",
    ("Dégâts", "Résultat", "Malus aux jets"),
    tuple((_plage(bas, haut), majuscule(g.libelle),
           "—" if g in (Gravite.ERAFLURE, Gravite.MORT) else signe(-g.malus)) for g, bas, haut in BANDES_DEGATS),
)

CUMUL = Table(
    "d10-cumul",
    ("Deux blessures…", "… deviennent"),
    (("légères", "une blessure grave"), ("graves", "une blessure critique"), ("critiques", "la mort")),
)

TABLES = (CARACS, ANNEES, DE_OUVERT, CAS, ENVIRONNEMENT, DISTANCES, COUVERTS, BANDES_TABLE, CUMUL)
