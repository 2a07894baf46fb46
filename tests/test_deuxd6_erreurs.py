"""Toute entrée hors des bornes lève une JdrErreur au message français, avant le moindre dé."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from jdr_core.des import DesScriptes
from jdr_core.deuxd6.assistance import assister, chance_trouver, distribution_assistance, fouiller, malus_fouille
from jdr_core.deuxd6.cache import jet_cache
from jdr_core.deuxd6.jet import cible_competence, distribution_2d6, lancer_2d6
from jdr_core.deuxd6.opposition import distribution_opposition, opposer
from jdr_core.deuxd6.scene import RegleScene, distribution_scene, jouer_scene
from jdr_core.deuxd6.tache import distribution_tache, mener_tache, saboter
from jdr_core.erreurs import JdrErreur

#: (appel avec une valeur entière, plage permise)
CAS: list[tuple[str, Callable[[Any, DesScriptes], object], range]] = [
    ("cible", lambda x, d: lancer_2d6(x, des=d), range(-40, 41)),
    ("cible", lambda x, d: distribution_2d6(x), range(-40, 41)),
    ("cible", lambda x, d: jet_cache(x, des=d), range(-40, 41)),
    ("niveau de compétence", lambda x, d: cible_competence(x), range(0, 11)),
    ("relances", lambda x, d: opposer(7, 7, des=d, relances_max=x), range(0, 11)),
    ("relances", lambda x, d: distribution_opposition(7, 7, relances_max=x), range(0, 11)),
    ("manches à gagner", lambda x, d: RegleScene(cibles=(7, 7), manches=(x, 1)), range(1, 11)),
    ("malus de contre-attaque", lambda x, d: RegleScene(cibles=(7, 7), malus_contre_attaque=x), range(0, 11)),
    ("échanges", lambda x, d: jouer_scene(RegleScene(cibles=(7, 7)), des=d, echanges_max=x), range(1, 61)),
    ("échanges", lambda x, d: distribution_scene(RegleScene(cibles=(7, 7)), echanges_max=x), range(1, 61)),
    ("initiative", lambda x, d: jouer_scene(RegleScene(cibles=(7, 7)), des=d, initiative=x), range(0, 2)),
    ("réussites à obtenir", lambda x, d: mener_tache(x, 7, des=d), range(1, 21)),
    ("réussites à obtenir", lambda x, d: distribution_tache(x, 7), range(1, 21)),
    ("niveau de compétence du saboteur", lambda x, d: saboter(3, x, des=d), range(0, 11)),
    ("niveau du personnage principal", lambda x, d: assister(x, [], des=d), range(0, 11)),
    ("niveau d'un assistant", lambda x, d: distribution_assistance(3, [x]), range(0, 11)),
    ("tentative", lambda x, d: malus_fouille(x), range(1, 11)),
    ("bon endroit", lambda x, d: fouiller([7, 7], des=d, bon_endroit=x), range(0, 2)),
    ("bon endroit", lambda x, d: chance_trouver([7, 7], bon_endroit=x), range(0, 2)),
]


@pytest.mark.parametrize(("nom", "appel", "permis"), CAS, ids=[f"{c[0]}-{i}" for i, c in enumerate(CAS)])
@given(valeur=st.integers(-10**6, 10**6))
def test_hors_bornes(nom: str, appel: Callable[[Any, DesScriptes], object], permis: range, valeur: int) -> None:
    """Hors de la plage : message « nom valeur : attendu un entier de a à b », aucun dé consommé."""
    if valeur in permis:
        return
    des = DesScriptes([1, 2] * 200)
    with pytest.raises(JdrErreur, match=f"{nom} {valeur} : attendu un entier de {permis.start} à {permis.stop - 1}"):
        appel(valeur, des)
    assert des.restants == 400


@pytest.mark.parametrize(("nom", "appel", "permis"), CAS, ids=[f"{c[0]}-{i}" for i, c in enumerate(CAS)])
@given(valeur=st.one_of(st.booleans(), st.text(max_size=3), st.floats(allow_nan=False), st.none()))
def test_mauvais_type(nom: str, appel: Callable[[Any, DesScriptes], object], permis: range, valeur: object) -> None:
    """Un booléen, un texte, un flottant ou rien : refusés avec un message français."""
    if valeur is None and nom == "bon endroit":
        return  # None y a un sens : personne n'a dit où il cherchait, on tire au sort
    with pytest.raises(JdrErreur, match="attendu"):
        appel(valeur, DesScriptes([1, 2] * 200))
