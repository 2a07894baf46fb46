"""La fiche D10 : années ↔ niveau, jets du lanceur « d10-action » avec le malus des blessures,
armes et armure, passage au suivi de combat, format sauvegardé."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from jdr_core import registre
from jdr_core.d10.fiche import FORMAT, STATS, Personnage
from jdr_core.d10.lanceurs import ACTION
from jdr_core.d10.regles import annees_pour_niveau, niveau_pour_annees
from jdr_core.d10.suivi import operer as operer_combat
from jdr_core.d10.suivi_fiche import SUIVI, jets_de, operer, parametres_action
from jdr_core.erreurs import JdrErreur


def _marek() -> dict[str, Any]:
    r = operer(None, {"op": "creer", "nom": "Marek", "AGI": 6, "CON": 4})
    r = operer(r["etat"], {"op": "changer_competence", "nom": "Corps à corps", "niveau": 4})
    r = operer(r["etat"], {"op": "ajouter_competence", "nom": "Premiers soins", "stat": "INT", "annees": 10,
                           "diviseur": "3"})
    r = operer(r["etat"], {"op": "ajouter_arme", "nom": "Couteau", "degats": 3, "mode": "contact"})
    return operer(r["etat"], {"op": "ajouter_arme", "nom": "Pistolet", "degats": 6, "mode": "tir"})["etat"]


def test_le_systeme_a_deux_suivis_le_combat_d_abord() -> None:
    assert registre.suivi("d10").nom == "combat" and registre.suivi("d10", "fiche") is SUIVI


@given(st.integers(0, 200), st.sampled_from([1, 2, 3]))
def test_annees_et_niveau_dans_les_deux_sens(annees: int, diviseur: int) -> None:
    p = Personnage.nouveau("Lina").ajouter_competence("Pistolet", "AGI", annees=annees, diviseur=diviseur)
    c = p.competence("pistolet")
    assert c.niveau == niveau_pour_annees(annees, diviseur=diviseur)
    assert c.annees == annees_pour_niveau(c.niveau, diviseur=diviseur) <= annees
    assert Personnage.nouveau("Lina").ajouter_competence("Pistolet", "AGI", niveau=c.niveau,
                                                         diviseur=diviseur).competence("Pistolet") == c


def test_le_jet_est_celui_du_lanceur_blessures_comprises() -> None:
    etat = operer(_marek(), {"op": "blesser", "gravite": "légère"})["etat"]
    etat = operer(etat, {"op": "blesser", "gravite": "grave"})["etat"]
    r = operer(etat, {"op": "agir", "competence": "corps à corps", "dv": 4, "graine": 17})
    assert (r["rejeu"]["parametres"]["stat"], r["rejeu"]["parametres"]["comp"], r["rejeu"]["parametres"]["malus"]) \
        == (6, 4, 3)
    assert r["message"].startswith("Marek tente un jet de Corps à corps contre 9, malus de blessures −3.")
    rejoue = registre.executer("d10-action", r["rejeu"]["parametres"], r["graine"])
    assert rejoue["groupes"] == r["rejeu"]["des"]
    r = operer(etat, {"op": "agir", "stat": "int", "dv": 2, "graine": 3})
    assert r["rejeu"]["parametres"]["comp"] == 0 and r["rejeu"]["parametres"]["stat"] == 5


def test_chances_egales_aux_cotes_du_lanceur() -> None:
    p = FORMAT.depuis_json(_marek())
    for dv in (0, 6, 12):
        for j in operer(FORMAT.en_json(p), {"op": "chances", "dv": dv})["reponse"]["jets"]:
            v = parametres_action(p, j["competence"], stat=j["stat"], dv=dv)
            reussir = next(c for c in ACTION.cotes(v) if c.cle == "reussite")
            assert j["phrase"].startswith(f"{j['chance']} de chances de réussir contre {5 + dv}")
            assert reussir.probabilite >= 0
        assert operer(FORMAT.en_json(p), {"op": "chances", "dv": dv})["reponse"]["jets"] == jets_de(p, dv)


def test_la_cascade_des_blessures_et_la_mort() -> None:
    etat = _marek()
    for gravite in ("critique", "critique"):
        r = operer(etat, {"op": "blesser", "gravite": gravite})
        etat = r["etat"]
    assert r["vue"]["blessures"]["mort"] and "deux critiques" in r["message"]
    with pytest.raises(JdrErreur, match="Pour Marek, c'est la mort : plus aucun jet"):
        operer(etat, {"op": "agir", "competence": "Tir", "graine": 1})


def test_mettre_au_combat() -> None:
    valeurs = operer(_marek(), {"op": "lire"})["vue"]["combat"]
    assert valeurs == {"nom": "Marek", "accord": "", "agi": 6, "con": 4, "vol": 5, "contact": 4, "tir": 0, "esquive": 0,
                       "arme_contact": 3, "arme_tir": 6, "armure": 0}
    combat = operer_combat(None, {"op": "creer", "nom": "Le quai"})["etat"]
    r = operer_combat(combat, {"op": "ajouter", **valeurs})
    assert r["message"] == "Marek entre dans le combat."


@pytest.mark.parametrize(("op", "message"), [
    ({"op": "creer", "nom": "Ada", "FOR": 11}, "Force « 11 »"),
    ({"op": "ajouter_competence", "nom": "Tir", "stat": "AGI", "niveau": 2}, "a déjà la compétence « Tir »"),
    ({"op": "ajouter_competence", "nom": "Nage", "stat": "AGI"}, "Donnez le niveau de la compétence"),
    ({"op": "retirer_competence", "nom": "Esquive"}, "sert au combat"),
    ({"op": "ajouter_arme", "nom": "Canon", "degats": 21, "mode": "tir"}, "Dégâts de l'arme « 21 »"),
    ({"op": "guerir", "gravite": "grave"}, "n'a pas de blessure grave à guérir"),
])
def test_refus_en_francais(op: dict[str, Any], message: str) -> None:
    etat = None if op["op"] == "creer" else _marek()
    with pytest.raises(JdrErreur, match=message):
        operer(etat, op)


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
