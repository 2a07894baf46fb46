"""Les cotes de chaque mécanique, recalculées en énumérant toutes les suites de dés.

Pour des paramètres assez petits (``Mecanique.petits``), on fait passer chaque suite de
faces possible par le même code de jet que le lanceur (``lancer``), on range le résultat
avec ``classer`` (les clés des lignes), et la somme exacte des probabilités de chaque ligne
doit égaler ce que rend ``cotes``. Un système qui ajoute une mécanique passe ce contrôle sans rien écrire ici.
"""

from __future__ import annotations

from collections import defaultdict
from fractions import Fraction
from typing import Any

import pytest

from jdr_core import registre
from jdr_core.mecanique import Mecanique

from .enumeration import suites


def enumerer_mecanique(meca: Mecanique[Any], valeurs: dict[str, Any]) -> tuple[dict[str, Fraction], int]:
    """Probabilité exacte de chaque ligne de cote (par sa clé), et nombre de suites de dés parcourues."""
    totaux: dict[str, Fraction] = defaultdict(Fraction)
    feuilles = 0
    masse = Fraction(0)
    for resultat, p in suites(lambda des: meca.lancer(valeurs, des)):
        feuilles += 1
        masse += p
        for cle in meca.classer(resultat, valeurs):
            totaux[cle] += p
    assert masse == 1
    return dict(totaux), feuilles


CAS = [
    (nom, i, petit)
    for nom, meca in sorted(registre.mecaniques().items())
    for i, petit in enumerate(meca.petits)
]


@pytest.mark.parametrize(("nom", "indice", "petit"), CAS, ids=[f"{n}-{i}" for n, i, _ in CAS])
def test_enumeration_egale_les_cotes(nom: str, indice: int, petit: dict[str, object]) -> None:
    """Toutes les suites de dés, passées par le code du lanceur, donnent les cotes annoncées."""
    meca = registre.mecanique(nom)
    valeurs = meca.valider(petit)
    totaux, feuilles = enumerer_mecanique(meca, valeurs)
    cotes = {c.cle: c.probabilite for c in meca.cotes(valeurs)}
    assert len(cotes) == len(meca.cotes(valeurs)), "deux lignes de cotes ont la même clé"
    assert set(totaux) <= set(cotes), f"clés inconnues des cotes : {set(totaux) - set(cotes)}"
    for cle, attendu in cotes.items():
        assert totaux.get(cle, Fraction(0)) == attendu, (cle, feuilles)


def test_chaque_mecanique_a_des_petits_cas() -> None:
    """Aucune mécanique n'échappe au contrôle : chacune déclare au moins un jeu de paramètres."""
    assert all(m.petits for m in registre.mecaniques().values())


def test_le_controle_voit_une_cote_fausse() -> None:
    """Le contrôle attrape une cote décalée d'un seul cas sur 216."""
    vraie = registre.mecanique("3d6-test")
    valeurs = vraie.valider({})
    totaux, feuilles = enumerer_mecanique(vraie, valeurs)
    assert feuilles == 216
    fausse = vraie.cotes(valeurs)[0].probabilite + Fraction(1, 216)
    assert totaux[vraie.cotes(valeurs)[0].cle] != fausse
