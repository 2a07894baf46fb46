"""Les cotes de chaque mécanique, recalculées en énumérant toutes les suites de dés.

Pour des paramètres assez petits (``Mecanique.petits``), on fait passer chaque suite de
faces possible par le même code de jet que le lanceur (``lancer``), on range le résultat
avec ``classer`` (les clés des lignes), et la somme exacte des probabilités de chaque ligne
doit égaler ce que rend ``cotes``. Un système qui ajoute une mécanique passe ce contrôle sans rien écrire ici.
"""

from __future__ import annotations

from collections import defaultdict
from fractions import Fraction
from itertools import product
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
        for cle in meca.classer(resultat):
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
    assert ecarts(totaux, cotes) == [], feuilles


def ecarts(totaux: dict[str, Fraction], cotes: dict[str, Fraction]) -> list[str]:
    """Ce qui sépare l'énumération des cotes annoncées : une clé que les cotes ignorent, une ligne
    dont la probabilité diffère. Vide quand tout concorde."""
    inconnues = [f"clé inconnue des cotes : {cle}" for cle in sorted(set(totaux) - set(cotes))]
    return inconnues + [f"{cle} : {totaux.get(cle, Fraction(0))} énuméré, {p} annoncé"
                        for cle, p in cotes.items() if totaux.get(cle, Fraction(0)) != p]


def test_chaque_mecanique_a_des_petits_cas() -> None:
    """Aucune mécanique n'échappe au contrôle : chacune déclare au moins un jeu de paramètres."""
    assert all(m.petits for m in registre.mecaniques().values())


def test_le_controle_voit_une_cote_fausse() -> None:
    """Le contrôle s'accorde avec un calcul fait sans le moteur, et attrape une cote décalée d'un
    seul cas sur 216. Le test 3D6 par défaut : Caractéristique 3, difficulté 2 ; un dé réussit s'il
    ne dépasse pas 3, un triple de 1, 2 ou 3 réussit d'office, un triple de 4, 5 ou 6 échoue."""
    meca = registre.mecanique("3d6-test")
    valeurs = meca.valider({})
    assert (valeurs["caracteristique"], valeurs["difficulte"]) == (3, 2)
    totaux, feuilles = enumerer_mecanique(meca, valeurs)
    assert feuilles == 216
    reussis = 0
    for des in product(range(1, 7), repeat=3):
        triple = len(set(des)) == 1
        succes = sum(d <= 3 for d in des)
        reussis += (des[0] <= 3) if triple else succes >= 2
    vraie = Fraction(reussis, 216)
    assert vraie == Fraction(1, 2)  # 108 suites sur 216, comptées à la main ci-dessus
    cotes = {c.cle: c.probabilite for c in meca.cotes(valeurs)}
    assert cotes["reussite"] == vraie and totaux["reussite"] == vraie
    assert ecarts(totaux, cotes) == []
    assert ecarts(totaux, {**cotes, "reussite": vraie + Fraction(1, 216)}) == [
        f"reussite : {vraie} énuméré, {vraie + Fraction(1, 216)} annoncé"]
    sans_ligne = {cle: p for cle, p in cotes.items() if cle != "echec_critique"}
    assert ecarts(totaux, sans_ligne) == ["clé inconnue des cotes : echec_critique"]
