"""Les tables d'enCORE que l'écran du MJ rassemble, calculées par les règles du cœur.

Aucun nombre n'est recopié ici : chaque case vient d'une fiche que l'on fait vivre
(une perte de Santé, une relance, un repos, une fin de conflit) et dont on lit l'effet.
Si une règle change dans :mod:`.fiche` ou :mod:`.ton`, la table change avec elle.

>>> for ligne in GRAVITES.lignes[:2]:
...     print(" | ".join(ligne))
Légère (1) | Santé 7, valide, aucune blessure ; Stress +1 | Santé 5, valide, aucune blessure
Moyenne (2) | Santé 6, blessé, 1 blessure ; Stress +1 | Santé 4, blessé, 1 blessure
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Final

from ..erreurs import RegleEnfreinte
from ..francais import compter, enumerer, signe
from ..mecanique import Table
from .dangers import DANGERS
from .fiche import DUREES_REPOS, MODES_RUPTURE, NOMS_REPOS, Fiche
from .reserve import BONUS_COUP_D_ECLAT, HYPOTHESE, Difficulte, JetReserve
from .ton import REGLES, STRESS_MAX, Evenement, Ton

#: Les deux tons, dans l'ordre des colonnes.
TONS: Final[tuple[Ton, ...]] = (Ton.BLOCKBUSTER, Ton.RAW)

#: Une case vide : la règle n'existe pas dans ce ton.
ABSENT = "–"

#: Un jet de réserve réussi en Standard (un 6 réussit quelle que soit l'hypothèse retenue).
_JET_REUSSI = JetReserve((6,), Difficulte.STANDARD, False, HYPOTHESE, relancable=False)


def _colonnes(premiere: str) -> tuple[str, ...]:
    return (premiere, *(f"{ton.value.capitalize()} ({REGLES[ton].sante_max})" for ton in TONS))


def _fiche(ton: Ton, *, sante: int | None = None, stress: int = 0) -> Fiche:
    """Une fiche d'essai : un personnage anonyme, à la Santé et au Stress voulus."""
    fiche = Fiche.nouvelle("Essai", ton)
    return replace(fiche, sante=fiche.sante if sante is None else sante, stress=stress)


def _ecart_stress(avant: Fiche, apres: Fiche) -> str:
    return signe(apres.stress - avant.stress)


# --- Gravité des dégâts -----------------------------------------------------------


def _encaisser(ton: Ton, degats: int) -> str:
    """Ce que des dégâts font à un personnage en pleine forme (une blessure par palier franchi)."""
    fiche = _fiche(ton)
    paliers = fiche.paliers_franchis(degats)
    apres = fiche.subir(degats, [(f"blessure {i}", ()) for i in range(len(paliers))])
    texte = f"Santé {apres.sante}, {apres.palier.value}, {compter(len(paliers), 'blessure', feminin=True)}"
    if apres.stress != fiche.stress:
        texte += f" ; Stress {_ecart_stress(fiche, apres)}"
    return texte


def _gravites() -> tuple[tuple[str, int], ...]:
    """Les gravités de la table des dangers, de la plus légère à la plus lourde."""
    vues = {d.degats: d.gravite for d in DANGERS}
    return tuple((vues[n], n) for n in sorted(vues))


GRAVITES = Table(
    "encore-gravites",
    _colonnes("Dégâts encaissés en pleine forme"),
    tuple((f"{nom} ({n})", *(_encaisser(ton, n) for ton in TONS)) for nom, n in _gravites()),
)


# --- Ce qui fait bouger le Stress, en plus des événements marquants --------------


def _essai(action: Callable[[Fiche], Fiche], ton: Ton, *, stress: int = 3) -> str:
    """L'effet d'une action sur le Stress, ou « – » si le ton refuse cette règle."""
    avant = _fiche(ton, stress=stress)
    try:
        return _ecart_stress(avant, action(avant))
    except RegleEnfreinte:
        return ABSENT


def _perte_de_sante(ton: Ton) -> str:
    avant = _fiche(ton)
    apres = avant.subir(1)
    return ABSENT if apres.stress == avant.stress else _ecart_stress(avant, apres)


def _resistance(ton: Ton) -> str:
    """Le Stress de chaque événement quand le jet de résistance réussit."""
    effets = []
    for evenement in Evenement:
        avant = _fiche(ton)
        try:
            apres = avant.evenement(evenement, resistance=_JET_REUSSI)
        except RegleEnfreinte:
            return ABSENT
        effets.append(f"{evenement.value} {_ecart_stress(avant, apres)}")
    return enumerer(effets)


def _danger_deja_compte(ton: Ton) -> str:
    danger = next(d for d in DANGERS if d.stress is not None)
    assert danger.stress is not None  # le filtre ci-dessus le garantit (pour mypy)
    avant = _fiche(ton).evenement(danger.stress, danger=danger.cle)
    return _ecart_stress(avant, avant.evenement(danger.stress, danger=danger.cle))


_SOURCES: Final[tuple[tuple[str, Callable[[Ton], str]], ...]] = (
    ("Perte de Santé, quels que soient les dégâts", _perte_de_sante),
    ("Événement, jet de résistance réussi (CON Standard)", _resistance),
    ("Stress d'un danger déjà compté dans la scène", _danger_deja_compte),
    ("Relance d'un dé", lambda ton: _essai(Fiche.relance, ton)),
    ("Réconfort d'un allié (une action, une fois par scène)", lambda ton: _essai(Fiche.reconfort, ton)),
)

STRESS_SOURCES = Table(
    "encore-stress-sources",
    _colonnes("Ce qui arrive"),
    tuple((libelle, *(effet(ton) for ton in TONS)) for libelle, effet in _SOURCES),
)


# --- Ce que fait le Stress, selon son niveau --------------------------------------


def _effet_du_niveau(ton: Ton, stress: int) -> str:
    fiche = _fiche(ton, stress=stress)
    if fiche.coup_d_eclat_pret:
        apres = fiche.declarer_coup_d_eclat()
        return (f"Coup d'éclat prêt : +{BONUS_COUP_D_ECLAT}d6 hors plafond, pas d'échec ; "
                f"une fois déclaré, le Stress revient à {apres.stress}")
    if fiche.en_rupture:
        ramene = fiche.ramener(_JET_REUSSI)
        return (f"Rupture ({enumerer(MODES_RUPTURE, 'ou')}) ; un allié qui réussit CHA Standard "
                f"ramène le Stress à {ramene.stress}")
    if fiche.malus_stress:
        return f"−{fiche.malus_stress}d6 à tous les jets"
    return "aucun effet"


def _niveaux() -> tuple[tuple[str, ...], ...]:
    """Une ligne par tranche de Stress où l'effet ne change dans aucun des deux tons."""
    effets = [tuple(_effet_du_niveau(ton, s) for ton in TONS) for s in range(STRESS_MAX + 1)]
    lignes: list[tuple[str, ...]] = []
    debut = 0
    for s in range(1, STRESS_MAX + 2):
        if s == STRESS_MAX + 1 or effets[s] != effets[debut]:
            tranche = str(debut) if debut == s - 1 else f"{debut} à {s - 1}"
            lignes.append((tranche, *effets[debut]))
            debut = s
    return tuple(lignes)


STRESS_NIVEAUX = Table("encore-stress-niveaux", _colonnes("Stress"), _niveaux())


# --- Regagner de la Santé et faire baisser le Stress ----------------------------


def _fin_de_conflit(ton: Ton) -> str:
    """Où remonte la Santé en fin de conflit, depuis le bas de chaque palier."""
    regles = REGLES[ton]
    arrivees = []
    for palier, bas, _ in regles.paliers:
        apres = _fiche(ton, sante=bas).fin_de_conflit()
        if apres.sante != bas:
            arrivees.append(f"{palier.value} → {apres.sante}")
    return "Santé en haut du palier : " + ", ".join(arrivees) if arrivees else "la Santé ne bouge pas"


def _premiers_soins(ton: Ton) -> str:
    avant = _fiche(ton, sante=1)
    return f"Santé {signe(avant.premiers_soins(reussi=True).sante - avant.sante)}"


def _soins_medicaux(ton: Ton) -> str:
    return f"Santé à {_fiche(ton, sante=1).soins_medicaux().sante}"


def _repos(duree: str, ton: Ton) -> str:
    """L'effet d'un repos sur un personnage blessé et tendu (Santé 1, Stress 5)."""
    avant = _fiche(ton, sante=1, stress=STRESS_MAX - 1)
    apres = avant.repos(duree)
    sante = f"Santé {signe(apres.sante - avant.sante)}" if apres.sante != avant.sante else "Santé inchangée"
    stress = "Stress à 0" if apres.stress == 0 else f"Stress {_ecart_stress(avant, apres)}"
    return f"{sante}, {stress}"


_SOINS: Final[tuple[tuple[str, Callable[[Ton], str]], ...]] = (
    ("Fin de conflit", _fin_de_conflit),
    ("Premiers soins réussis (INT Standard, une fois par scène)", _premiers_soins),
    ("Soins médicaux (une fois entre deux conflits)", _soins_medicaux),
    # La source le dit en une ligne, sans chiffre : l'objet fixe ce qu'il rend.
    ("Certains équipements", lambda ton: "davantage de Santé, selon l'objet (Créer un objet → 4)"),
    *((NOMS_REPOS[d].capitalize(), lambda ton, d=d: _repos(d, ton)) for d in DUREES_REPOS),
)

SOINS = Table(
    "encore-soins",
    _colonnes("Ce qui soigne ou apaise"),
    tuple((libelle, *(effet(ton) for ton in TONS)) for libelle, effet in _SOINS),
)


#: Les tables propres à l'écran du MJ, en plus de celles des pages de règles (voir lanceurs.py).
TABLES: Final[tuple[Table, ...]] = (GRAVITES, STRESS_SOURCES, STRESS_NIVEAUX, SOINS)
