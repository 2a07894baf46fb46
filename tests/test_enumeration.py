"""Les cotes de chaque mécanique, recalculées en énumérant toutes les suites de dés.

Pour des paramètres assez petits (``Mecanique.petits``), on fait passer chaque suite de
faces possible par le même code de jet que le lanceur (``lancer``), on range le résultat
avec ``classer``, et la somme exacte des probabilités de chaque ligne doit égaler ce que
rend ``cotes``. Un système qui ajoute une mécanique passe ce contrôle sans rien écrire ici.
"""

from __future__ import annotations

from collections import defaultdict
from fractions import Fraction
from typing import Any

import pytest

from jdr_core import registre
from jdr_core.mecanique import Mecanique

FEUILLES_MAX = 200_000


class _Embranchement(BaseException):
    def __init__(self, faces: int) -> None:
        self.faces = faces


class DesEnumeres:
    """Rejoue un préfixe de faces, puis signale le dé suivant pour que l'énumération se divise."""

    def __init__(self, prefixe: tuple[int, ...]) -> None:
        self.prefixe = prefixe
        self.position = 0

    def lancer(self, faces: int) -> int:
        if self.position < len(self.prefixe):
            face = self.prefixe[self.position]
            self.position += 1
            assert 1 <= face <= faces
            return face
        raise _Embranchement(faces)


def enumerer(meca: Mecanique[Any], valeurs: dict[str, Any]) -> tuple[dict[str, Fraction], int]:
    """Probabilité exacte de chaque libellé de cote, et nombre de suites de dés parcourues."""
    totaux: dict[str, Fraction] = defaultdict(Fraction)
    pile: list[tuple[tuple[int, ...], Fraction]] = [((), Fraction(1))]
    feuilles = 0
    masse = Fraction(0)
    while pile:
        prefixe, p = pile.pop()
        try:
            resultat = meca.lancer(valeurs, DesEnumeres(prefixe))
        except _Embranchement as e:
            pile.extend(((*prefixe, f), p / e.faces) for f in range(1, e.faces + 1))
            continue
        feuilles += 1
        assert feuilles <= FEUILLES_MAX, f"{meca.nom} {valeurs} : trop de suites pour énumérer"
        masse += p
        for libelle in meca.classer(resultat, valeurs):
            totaux[libelle] += p
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
    totaux, feuilles = enumerer(meca, valeurs)
    cotes = {c.libelle: c.probabilite for c in meca.cotes(valeurs)}
    assert set(totaux) <= set(cotes), f"libellés inconnus des cotes : {set(totaux) - set(cotes)}"
    for libelle, attendu in cotes.items():
        assert totaux.get(libelle, Fraction(0)) == attendu, (libelle, feuilles)


def test_chaque_mecanique_a_des_petits_cas() -> None:
    """Aucune mécanique n'échappe au contrôle : chacune déclare au moins un jeu de paramètres."""
    assert all(m.petits for m in registre.mecaniques().values())


def test_le_controle_voit_une_cote_fausse() -> None:
    """Le contrôle attrape une cote décalée d'un seul cas sur 216."""
    vraie = registre.mecanique("3d6-test")
    valeurs = vraie.valider({})
    totaux, feuilles = enumerer(vraie, valeurs)
    assert feuilles == 216
    fausse = vraie.cotes(valeurs)[0].probabilite + Fraction(1, 216)
    assert totaux[vraie.cotes(valeurs)[0].libelle] != fausse
