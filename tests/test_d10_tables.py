"""D10 : les tables des pages (jdr_core/d10/tables.py), contre les lignes du texte source relues ici :
caractéristiques, années de pratique, ajustements de la DV, bandes de difficulté, distances,
couverts, bandes de dégâts et cumul des blessures."""

from __future__ import annotations

import re
from math import ceil

import pytest

from jdr_core.d10.tables import ANNEES, BANDES_TABLE, CARACS, CAS, COUVERTS, CUMUL, DISTANCES, ENVIRONNEMENT

from .test_trace import source


def _lignes(motif: str) -> list[tuple[str, ...]]:
    """Les groupes de ``motif`` sur chaque ligne de la source qu'il décrit en entier."""
    return [lu.groups() for ligne in source("d10") if (lu := re.fullmatch(motif, ligne.strip()))]


def _nombre(texte: str) -> int:
    return int(texte.replace("−", "-").replace("+", ""))


def test_caracteristiques() -> None:
    lues = _lignes(r"\| (Puissance|Résistance|Précision) \| ([^|]+) \| ([^|]+) \|")
    assert [(role, physique.split(" (")[0], mental.split(" (")[0]) for role, physique, mental in CARACS.lignes] == \
        [tuple(case.strip() for case in ligne) for ligne in lues]


def test_annees_de_pratique_reguliere() -> None:
    lues = {int(n): int(a) for n, a in _lignes(r"(\d+) : (\d+)")}
    assert list(lues) == list(range(1, 11))
    assert {int(ligne[0]): int(ligne[1].split(" ")[0]) for ligne in ANNEES.lignes} == lues


def test_ajustements_de_la_dv() -> None:
    """« STAT+COMP vs … alors DV+0 / +5 / -5 », dans l'ordre de la source."""
    lues = [(_nombre(dv), gauche) for gauche, dv in _lignes(r"(STAT(?:\+COMP)?) vs .* alors DV([+-]\d+)")]
    assert [_nombre(ajustement) for _, ajustement in CAS.lignes] == [dv for dv, _ in lues]
    assert [libelle.startswith("Carac + compétence") for libelle, _ in CAS.lignes] == \
        [gauche == "STAT+COMP" for _, gauche in lues]


def test_bandes_de_l_environnement() -> None:
    lues = _lignes(r"((?:Très )?[A-Za-z]+) (\d+)-(\d+)")
    assert [(nom, f"{bas} à {haut}") for nom, bas, haut in lues] == list(ENVIRONNEMENT.lignes)


def _x(distance: int) -> int:
    """La source : X = la distance jusqu'à 5 m, puis +1 par tranche de 10 m commencée."""
    return distance if distance <= 5 else 5 + ceil((distance - 5) / 10)


def test_distances() -> None:
    assert _lignes(r"1-5 m : X = distance") and _lignes(r"Ensuite \+1 pour chaque 10 mètres de plus")
    for tranche, x in DISTANCES.lignes[1:-1]:
        bas, haut = (int(n) for n in re.findall(r"\d+", tranche))
        assert {_x(d) for d in range(bas, haut + 1)} == {int(x)}, tranche
    assert DISTANCES.lignes[0][0] == "1 à 5 m" and DISTANCES.lignes[-1][1] == "+1 par tranche de 10 m commencée"


@pytest.mark.parametrize("rang", range(3))
def test_couverts(rang: int) -> None:
    nom, exemple, bonus = _lignes(r"Couvert (\w+) \(([^)]*)\) : \+(\d+)")[rang]
    notre_nom, notre_bonus = COUVERTS.lignes[rang]
    assert notre_nom.startswith(f"Couvert {nom} (") and exemple in notre_nom and _nombre(notre_bonus) == int(bonus)


def test_bandes_de_degats() -> None:
    lues = _lignes(r"(\d+)-(\d+) : (\w+) \(malus de (\d)(?: aux jets)?\)")
    milieu = BANDES_TABLE.lignes[1:-1]
    assert [(f"{bas} à {haut}", f"Une blessure {nom}", -int(malus)) for bas, haut, nom, malus in lues] == \
        [(plage, resultat, _nombre(malus)) for plage, resultat, malus in milieu]
    assert _lignes(r"Moins de 1 : éraflure") and BANDES_TABLE.lignes[0][:2] == ("0 ou moins", "Une éraflure")
    (debut,) = _lignes(r"(\d+)\+ : mort")
    assert BANDES_TABLE.lignes[-1][:2] == (f"{debut[0]} ou plus", "La mort")


def test_cumul() -> None:
    lues = _lignes(r"2 (\w+) -> (?:1 )?(\w+)")
    assert [(avant, apres) for avant, apres in lues] == [(a, b.split()[-1]) for a, b in CUMUL.lignes]
