"""Le genre grammatical sur les fiches 3D6, 2D6 et D10 : demandé à la création (facultatif, jamais
deviné d'après le nom), gardé dans la sauvegarde (version 2), et suivi par les phrases de la page.
Les sauvegardes d'avant (version 1, au format exact d'alors) se relisent sans genre."""

from __future__ import annotations

from typing import Any

import pytest

from jdr_core.d10.suivi import operer as operer_combat
from jdr_core.d10.suivi_fiche import operer as operer_d10
from jdr_core.deuxd6.suivi import operer as operer_2d6
from jdr_core.erreurs import JdrErreur
from jdr_core.troisd6.suivi import operer as operer_3d6

#: Par système : l'opération, la création minimale, et une sauvegarde de la version 1 telle qu'elle s'écrivait.
FICHES: dict[str, tuple[Any, dict[str, Any], dict[str, Any]]] = {
    "troisd6": (operer_3d6, {"physique": 3, "mental": 3, "social": 3}, {
        "genre": "troisd6.fiche", "version": 1, "nom": "Mara", "physique": 3, "mental": 3, "social": 3, "fp": 0,
        "domaine": "", "robot": False, "pe": 6, "infirme": False, "sequelle": False, "maitrises": []}),
    "deuxd6": (operer_2d6, {}, {
        "genre": "deuxd6.fiche", "version": 1, "nom": "Mara",
        "caracteristiques": {"for": 3, "dex": 3, "int": 3, "edu": 3, "pre": 3, "vol": 3, "sen": 3},
        "competences": [], "attributs": [], "bonus": 0}),
    "d10": (operer_d10, {}, {
        "genre": "d10.fiche", "version": 1, "nom": "Mara",
        "stats": {"FOR": 5, "CON": 5, "AGI": 5, "FM": 5, "VOL": 5, "INT": 5},
        "competences": [{"nom": n, "stat": s, "niveau": 0, "diviseur": 1}
                        for n, s in (("Corps à corps", "AGI"), ("Tir", "AGI"), ("Esquive", "AGI"))],
        "armes": [], "armure": 0, "blessures": {"legeres": 0, "graves": 0, "critiques": 0, "mort": False}}),
}


@pytest.mark.parametrize("systeme", FICHES)
@pytest.mark.parametrize(("accord", "debut"), [
    ("elle", "Mara a été modifiée dans un autre onglet"),
    ("il", "Mara a été modifié dans un autre onglet"),
    ("", "La fiche de Mara a changé dans un autre onglet"),
])
def test_les_phrases_suivent_le_genre_donne(systeme: str, accord: str, debut: str) -> None:
    operer, champs, _ = FICHES[systeme]
    r = operer(None, {"op": "creer", "nom": "Mara", **champs, "accord": accord})
    assert r["etat"]["accord"] == accord
    relu = operer(r["etat"], {"op": "lire"})
    assert relu["vue"]["phrases"]["modifiee_ailleurs"].startswith(debut)


@pytest.mark.parametrize("systeme", FICHES)
def test_sauvegarde_de_la_version_1_relue_sans_genre(systeme: str) -> None:
    operer, _, ancienne = FICHES[systeme]
    r = operer(ancienne, {"op": "lire"})
    assert r["etat"]["version"] == 2 and r["etat"]["accord"] == ""
    assert r["vue"]["phrases"]["supprimee"] == "La fiche de Mara a été supprimée."


@pytest.mark.parametrize("systeme", FICHES)
def test_genre_inconnu_refuse_sans_rien_changer(systeme: str) -> None:
    operer, champs, ancienne = FICHES[systeme]
    with pytest.raises(JdrErreur, match="Accord « iel » inconnu"):
        operer(None, {"op": "creer", "nom": "Mara", **champs, "accord": "iel"})
    sauvegarde = {**operer(ancienne, {"op": "lire"})["etat"], "accord": "<img src=x>"}
    with pytest.raises(JdrErreur, match="l'accord doit être « il », « elle » ou vide"):
        operer(sauvegarde, {"op": "lire"})


def test_un_personnage_d10_entre_au_combat_avec_son_genre() -> None:
    fiche = operer_d10(None, {"op": "creer", "nom": "Nadia", "accord": "elle"})["etat"]
    valeurs = operer_d10(fiche, {"op": "lire"})["vue"]["combat"]
    assert valeurs["accord"] == "elle"
    combat = operer_combat(None, {"op": "creer", "nom": "Le quai"})["etat"]
    r = operer_combat(combat, {"op": "ajouter", **valeurs})
    (nadia,) = r["vue"]["combattants"]
    assert nadia["accord"] == "elle"
