"""Les cotes et le graphique de chaque mécanique, recalculés en énumérant toutes les suites de dés.

Pour des paramètres assez petits (``Mecanique.petits``), on fait passer chaque suite de
faces possible par le même code de jet que le lanceur (``lancer``), on range le résultat
avec ``classer`` (les clés des lignes) et la barre qu'il réalise, et la somme exacte des
probabilités de chaque ligne doit égaler ce que rend ``cotes``, celle de chaque barre ce que
rend ``repartir``. Là où une mécanique remplace l'énumération par une loi à elle (une chaîne de
Markov, une forme close), c'est la preuve que cette loi dit vrai : vue à travers les lignes
déclarées (lignes réalisées ensemble, barre), elle doit égaler celle des suites de dés. Un
système qui ajoute une mécanique passe ce contrôle sans rien écrire ici.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import replace
from fractions import Fraction
from itertools import product
from typing import Any

import pytest

from jdr_core import registre
from jdr_core.mecanique import Mecanique

from .enumeration import suites

Jets = list[tuple[Any, Fraction]]


def jets_enumeres(meca: Mecanique[Any], valeurs: dict[str, Any]) -> Jets:
    """Chaque suite de dés possible passée par ``lancer`` : le résultat et sa probabilité exacte."""
    jets = list(suites(lambda des: meca.lancer(valeurs, des)))
    assert sum(p for _, p in jets) == 1
    return jets


def totaux_des_lignes(meca: Mecanique[Any], jets: Jets) -> dict[str, Fraction]:
    """Probabilité exacte de chaque ligne de cote (par sa clé), en rangeant chaque jet par ``classer``."""
    totaux: dict[str, Fraction] = defaultdict(Fraction)
    for resultat, p in jets:
        for cle in meca.classer(resultat):
            totaux[cle] += p
    return dict(totaux)


def enumerer_mecanique(meca: Mecanique[Any], valeurs: dict[str, Any]) -> tuple[dict[str, Fraction], int]:
    """Probabilité exacte de chaque ligne de cote (par sa clé), et nombre de suites de dés parcourues."""
    jets = jets_enumeres(meca, valeurs)
    return totaux_des_lignes(meca, jets), len(jets)


Signature = tuple[frozenset[str], str]


def ecarts_de_loi(meca: Mecanique[Any], valeurs: dict[str, Any], jets: Jets) -> list[str]:
    """Ce qui sépare la loi déclarée (:meth:`Mecanique.loi`) de celle des suites de dés, vues à
    travers les lignes : chaque jet y est sa signature (les lignes de cotes qu'il réalise ensemble,
    la barre du graphique). Vide quand elles concordent."""
    issues = meca.issues
    enumeree: dict[Signature, Fraction] = defaultdict(Fraction)
    for resultat, p in jets:
        enumeree[(meca.classer(resultat), issues.barre(resultat))] += p
    declaree = meca.loi(valeurs).map(lambda resume: (issues.cles_du_resume(resume), issues.barre_du_resume(resume)))
    return [f"{sorted(cles)}, barre {barre} : {enumeree.get((cles, barre), Fraction(0))} énuméré, "
            f"{declaree[(cles, barre)]} déclaré"
            for cles, barre in sorted(set(enumeree) | set(declaree), key=str)
            if enumeree.get((cles, barre), Fraction(0)) != declaree[(cles, barre)]]


CAS = [
    (nom, i, petit)
    for nom, meca in sorted(registre.mecaniques().items())
    for i, petit in enumerate(meca.petits)
]


@pytest.mark.parametrize(("nom", "indice", "petit"), CAS, ids=[f"{n}-{i}" for n, i, _ in CAS])
def test_enumeration_egale_les_issues(nom: str, indice: int, petit: dict[str, object]) -> None:
    """Toutes les suites de dés, passées par le code du lanceur, donnent les cotes annoncées, le
    graphique annoncé et, vue à travers les lignes, la loi déclarée."""
    meca = registre.mecanique(nom)
    valeurs = meca.valider(petit)
    jets = jets_enumeres(meca, valeurs)
    cotes = {c.cle: c.probabilite for c in meca.cotes(valeurs)}
    assert len(cotes) == len(meca.cotes(valeurs)), "deux lignes de cotes ont la même clé"
    assert ecarts(totaux_des_lignes(meca, jets), cotes) == [], len(jets)
    barres: dict[str, Fraction] = defaultdict(Fraction)
    for resultat, p in jets:
        barres[meca.issues.barre(resultat)] += p
    assert ecarts(dict(barres), {b.cle: b.probabilite for b in meca.repartir(valeurs).barres}) == []
    assert ecarts_de_loi(meca, valeurs, jets) == []


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


def test_le_controle_voit_une_loi_declaree_fausse() -> None:
    """Une loi à elle qui se trompe (ici, celle de l'opposition du 2D6 avec les camps échangés, le
    personnage contre 9, l'adversaire contre 8) est prise en défaut par les suites de dés."""
    vraie = registre.mecanique("2d6-opposition")
    valeurs = vraie.valider({"egalite": "mj"})
    loi = vraie.issues.loi
    assert loi is not None
    echangee = replace(vraie, issues=replace(vraie.issues, loi=lambda v: loi(v).map(
        lambda gagnant: None if gagnant is None else 1 - gagnant)))
    jets = jets_enumeres(vraie, valeurs)
    assert ecarts_de_loi(vraie, valeurs, jets) == []
    assert len(ecarts_de_loi(echangee, valeurs, jets)) == 2
    cotes = {c.cle: c.probabilite for c in echangee.cotes(valeurs)}
    assert ecarts(totaux_des_lignes(echangee, jets), cotes) != []
