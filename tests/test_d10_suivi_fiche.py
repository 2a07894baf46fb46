"""D10 : le suivi de la fiche (jdr_core/d10/suivi_fiche.py) : jets du lanceur « d10-action » avec le malus des
blessures, cascade des blessures, passage au suivi de combat, refus en français."""

from __future__ import annotations

from typing import Any

import pytest

from jdr_core import registre
from jdr_core.d10.fiche import FORMAT
from jdr_core.d10.lanceurs import ACTION
from jdr_core.d10.suivi import operer as operer_combat
from jdr_core.d10.suivi_fiche import jets_de, operer, parametres_action
from jdr_core.erreurs import JdrErreur


def _marek() -> dict[str, Any]:
    r = operer(None, {"op": "creer", "nom": "Marek", "AGI": 6, "CON": 4})
    r = operer(r["etat"], {"op": "changer_competence", "nom": "Corps à corps", "niveau": 4})
    r = operer(r["etat"], {"op": "ajouter_competence", "nom": "Premiers soins", "stat": "INT", "annees": 10,
                           "diviseur": "3"})
    r = operer(r["etat"], {"op": "ajouter_arme", "nom": "Couteau", "degats": 3, "mode": "contact"})
    return operer(r["etat"], {"op": "ajouter_arme", "nom": "Pistolet", "degats": 6, "mode": "tir"})["etat"]


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
