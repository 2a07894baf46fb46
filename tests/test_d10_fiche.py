"""La fiche D10 (jdr_core/d10/fiche.py) : années ↔ niveau, armes et armure, format sauvegardé."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from jdr_core.d10.fiche import FORMAT, STATS, Personnage
from jdr_core.d10.regles import annees_pour_niveau, niveau_pour_annees
from jdr_core.d10.suivi_fiche import SUIVI, operer
from jdr_core.erreurs import JdrErreur

from .test_d10_suivi_fiche import _marek


@given(st.integers(0, 200), st.sampled_from([1, 2, 3]))
def test_annees_et_niveau_dans_les_deux_sens(annees: int, diviseur: int) -> None:
    p = Personnage.nouveau("Lina").ajouter_competence("Pistolet", "AGI", annees=annees, diviseur=diviseur)
    c = p.competence("pistolet")
    assert c.niveau == niveau_pour_annees(annees, diviseur=diviseur)
    assert c.annees == annees_pour_niveau(c.niveau, diviseur=diviseur) <= annees
    assert Personnage.nouveau("Lina").ajouter_competence("Pistolet", "AGI", niveau=c.niveau,
                                                         diviseur=diviseur).competence("Pistolet") == c


def test_format_aller_retour_et_sauvegarde_abimee() -> None:
    etat = operer(_marek(), {"op": "blesser", "gravite": "légère"})["etat"]
    p = FORMAT.depuis_json(etat)
    assert FORMAT.depuis_json(FORMAT.en_json(p)) == p and set(dict(p.stats)) == set(STATS)
    for changement, raison in (({"stats": {"FOR": 3}}, "Constitution manque"),
                               ({"competences": []}, "n'a pas la compétence « Corps à corps »"),
                               ({"blessures": {"legeres": 12, "graves": 0, "critiques": 0}}, "de 0 à 9"),
                               ({"genre": "d10.combat"}, "ce n'est pas une fiche D10 sauvegardée")):
        with pytest.raises(JdrErreur) as refus:
            operer({**etat, **changement}, {"op": "lire"})
        assert str(refus.value).startswith("Fiche illisible") and raison in str(refus.value), str(refus.value)


@given(st.dictionaries(st.sampled_from(list(STATS)), st.integers(1, 10)),
       st.lists(st.tuples(st.text(st.characters(categories=["L"]), min_size=1, max_size=12),
                          st.sampled_from(list(STATS)), st.integers(0, 10), st.sampled_from([1, 2, 3])),
                max_size=8, unique_by=lambda c: c[0].casefold()),
       st.lists(st.tuples(st.text(st.characters(categories=["L"]), min_size=1, max_size=12), st.integers(0, 20),
                          st.sampled_from(["contact", "tir"])), max_size=6, unique_by=lambda a: a[0].casefold()),
       st.integers(0, 15), st.lists(st.sampled_from(["légère", "grave", "critique"]), max_size=4))
def test_format_aller_retour(stats: dict[str, int], competences: list[Any], armes: list[Any], armure: int,
                             blessures: list[str]) -> None:
    from jdr_core.d10.blessures import Gravite

    p = Personnage.nouveau("Zoé", stats).avec_armure(armure)
    for nom, stat, niveau, diviseur in competences:
        if nom.casefold() in ("tir", "esquive", "corps à corps"):
            continue
        p = p.ajouter_competence(nom, stat, niveau=niveau, diviseur=diviseur)
    for nom, degats, mode in armes:
        p = p.ajouter_arme(nom, degats, mode)
    for gravite in blessures:
        if not p.blessures.mort:
            p = p.blesser(Gravite(gravite))[0]
    assert FORMAT.depuis_json(FORMAT.en_json(p)) == p
    assert SUIVI.depuis_json(operer(FORMAT.en_json(p), {"op": "lire"})["etat"]) == p
