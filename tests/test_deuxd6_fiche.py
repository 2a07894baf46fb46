"""La fiche 2D6 (jdr_core/deuxd6/fiche.py) : son format sauvegardé, relu ou refusé."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from jdr_core.deuxd6.fiche import ATTRIBUTS_MAX, CARACTERISTIQUES, COMPETENCES_MAX, FORMAT, Personnage
from jdr_core.deuxd6.suivi import SUIVI, operer
from jdr_core.erreurs import JdrErreur

from .test_deuxd6_suivi import _philip


@given(st.lists(st.tuples(st.text(st.characters(categories=["L"]), min_size=1, max_size=12), st.integers(0, 10),
                          st.booleans()), max_size=COMPETENCES_MAX, unique_by=lambda c: c[0].casefold()),
       st.lists(st.tuples(st.text(st.characters(categories=["L"]), min_size=1, max_size=12), st.integers(1, 10)),
                max_size=ATTRIBUTS_MAX, unique_by=lambda a: a[0].casefold()),
       st.dictionaries(st.sampled_from(list(CARACTERISTIQUES)), st.integers(1, 10)), st.integers(0, 6))
def test_format_aller_retour(competences: list[Any], attributs: list[Any], caracs: dict[str, int],
                             bonus: int) -> None:
    p = Personnage.nouveau("Zoé", caracs).avec_bonus(bonus)
    for nom, niveau, formation in competences:
        p = p.ajouter_competence(nom, niveau, formation=formation)
    for nom, valeur in attributs:
        p = p.ajouter_attribut(nom, valeur)
    assert FORMAT.depuis_json(FORMAT.en_json(p)) == p
    assert SUIVI.depuis_json(operer(FORMAT.en_json(p), {"op": "lire"})["etat"]) == p


@pytest.mark.parametrize(("changement", "raison"), [
    ({"caracteristiques": {"for": 3}}, "DEX manque"),
    ({"caracteristiques": []}, "les caractéristiques sont mal formées"),
    ({"competences": [{"nom": "Tir", "niveau": 11}]}, "le niveau doit être un entier de 0 à 10"),
    ({"attributs": [{"nom": "", "valeur": 3}]}, "Le nom de l'attribut est vide"),
    ({"bonus": 9}, "le bonus du prochain jet doit être un entier de 0 à 6"),
    ({"genre": "troisd6.fiche"}, "ce n'est pas une fiche 2D6 sauvegardée"),
])
def test_sauvegarde_abimee_refusee(changement: dict[str, Any], raison: str) -> None:
    with pytest.raises(JdrErreur) as refus:
        operer({**_philip(), **changement}, {"op": "lire"})
    assert str(refus.value).startswith("Fiche illisible") and raison in str(refus.value)
