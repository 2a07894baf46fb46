"""Lanceurs contre cotes exactes : 20 000 jets graines par cas, test du khi-deux.

Les jets passent par le registre, comme dans le navigateur (une graine par jet) ;
les cotes viennent des distributions exactes du cœur. Graines fixes : déterministe.
"""

from collections import Counter
from collections.abc import Callable, Hashable
from fractions import Fraction
from math import sqrt
from typing import Any

import pytest

from jdr_core.des import DesAleatoires
from jdr_core.encore.reserve import Difficulte, distribution_reserve
from jdr_core.mecanique import Mecanique
from jdr_core.registre import mecanique
from jdr_core.troisd6.combat import distribution_degats
from jdr_core.troisd6.opposition import distribution_opposition
from jdr_core.troisd6.test import RegleCritique, distribution_test

JETS = 20_000
Z_0_999 = 3.090  # quantile 99,9 % de la loi normale


def seuil_khi2(ddl: int) -> float:
    """Quantile 99,9 % du khi-deux (approximation de Wilson-Hilferty)."""
    k = 2 / (9 * ddl)
    return float(ddl * (1 - k + Z_0_999 * sqrt(k)) ** 3)


def khi2(observes: Counter[Hashable], attendus: dict[Any, Fraction], n: int) -> tuple[float, int]:
    assert set(observes) <= set(attendus), f"issue impossible observée : {set(observes) - set(attendus)}"
    # On regroupe les issues rares (effectif attendu < 5) pour que le test reste valable.
    cases: list[tuple[float, int]] = []
    reste_e, reste_o = 0.0, 0
    for issue, p in sorted(attendus.items(), key=lambda kv: kv[1]):
        e = float(p) * n
        if e < 5:
            reste_e, reste_o = reste_e + e, reste_o + observes.get(issue, 0)
        else:
            cases.append((e, observes.get(issue, 0)))
    if reste_e > 0:
        cases.append((reste_e, reste_o))
    stat = sum((o - e) ** 2 / e for e, o in cases)
    return stat, len(cases) - 1


#: Ce qu'on compte d'un jet, et la loi exacte attendue des valeurs validées.
Issue = Callable[[Any], Hashable]
Exacte = Callable[[dict[str, Any]], dict[Any, Fraction]]
#: Un cas : le lanceur, ses paramètres bruts, l'issue comptée et sa loi exacte.
Cas = tuple[str, dict[str, Any], Issue, Exacte]


def par_cas(cas: list[Cas]) -> pytest.MarkDecorator:
    """Un test par cas, nommé par son lanceur et son rang (« d10-ko-5 »)."""
    return pytest.mark.parametrize(("nom", "bruts", "issue", "exacte"), cas,
                                   ids=[f"{c[0]}-{i}" for i, c in enumerate(cas)])


def verifier_les_cotes(meca: Mecanique[Any], bruts: dict[str, Any], issue: Issue, exacte: Exacte) -> None:
    """Les ``JETS`` jets graines du lanceur (une graine par jet, comme dans le navigateur) contre sa loi
    exacte : le khi-deux reste sous son quantile 99,9 %.

    Les issues de probabilité nulle ne sont pas des cases : en observer une est une erreur.
    """
    valeurs = meca.valider(bruts)
    observes = Counter(issue(meca.lancer(valeurs, DesAleatoires(graine))) for graine in range(JETS))
    attendus = {k: p for k, p in exacte(valeurs).items() if p}
    assert sum(attendus.values()) == 1
    stat, ddl = khi2(observes, attendus, JETS)
    assert stat < seuil_khi2(ddl), f"khi2 = {stat:.1f} pour {ddl} ddl (seuil {seuil_khi2(ddl):.1f})"


CAS: list[Cas] = [
    ("3d6-test", {"caracteristique": 3},
     lambda j: (j.succes, j.critique), lambda v: distribution_test(3)),
    ("3d6-test", {"caracteristique": 2, "avantages": 1, "relances": 2, "fp": 1},
     lambda j: (j.succes, j.critique), lambda v: distribution_test(2, avantages=1, relances=2, fp=1)),
    ("3d6-test", {"caracteristique": 4, "desavantages": 1, "regle_critique": "tous"},
     lambda j: (j.succes, j.critique),
     lambda v: distribution_test(4, desavantages=1, regle_critique=RegleCritique.TOUS)),
    ("3d6-opposition", {"caracteristique_a": 4, "caracteristique_b": 2, "modificateur_b": "avantage"},
     lambda o: o.gagnant,
     lambda v: distribution_opposition(distribution_test(4), distribution_test(2, avantages=1))),
    ("3d6-attaque", {"physique": 3, "arme": "2", "protection": "1", "defense": "1", "preparer": True},
     lambda a: (a.touche, a.degats),
     lambda v: distribution_degats(3, arme=2, protection=1, defense=1, avantages=1)),
    ("encore-reserve", {"attribut": 3, "bonus": 2, "malus": 1, "difficulte": "Difficile"},
     lambda j: j.issue, lambda v: distribution_reserve(3, bonus=2, malus=1, difficulte=Difficulte.DIFFICILE)),
    ("encore-reserve", {"attribut": 1, "ton": "raw", "stress": 4},
     lambda j: j.issue, lambda v: distribution_reserve(1, malus=1)),
    ("encore-danger", {"danger": "incendie", "attribut": 2},
     lambda e: e.jet.issue, lambda v: distribution_reserve(2, difficulte=Difficulte.DIFFICILE)),
]


@pytest.mark.lent
@par_cas(CAS)
def test_lanceur_suit_les_cotes(nom: str, bruts: dict[str, Any], issue: Issue, exacte: Exacte) -> None:
    verifier_les_cotes(mecanique(nom), bruts, issue, exacte)


def test_le_khi2_detecte_un_de_pipe() -> None:
    """Le test sait échouer : un dé qui ne sort jamais 6 est repéré."""
    observes = Counter({k: 0 for k in range(1, 7)})
    for g in range(6000):
        observes[DesAleatoires(g).lancer(5)] += 1
    stat, ddl = khi2(observes, {k: Fraction(1, 6) for k in range(1, 7)}, 6000)
    assert stat > seuil_khi2(ddl)
