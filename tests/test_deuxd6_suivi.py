"""2D6 : le suivi de la fiche (jdr_core/deuxd6/suivi.py) : jets de la fiche, refus, Dd d'un critique, chances."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from jdr_core import registre
from jdr_core.deuxd6.fiche import CARACTERISTIQUES, FORMAT
from jdr_core.deuxd6.lanceurs import REUSSIE, TEST, cible_test
from jdr_core.deuxd6.suivi import jets_de, operer, parametres_jet
from jdr_core.erreurs import JdrErreur


def _philip() -> dict[str, Any]:
    r = operer(None, {"op": "creer", "nom": "Philip", "dex": 4, "int": 3})
    r = operer(r["etat"], {"op": "ajouter_competence", "nom": "Mécanique", "niveau": 2})
    r = operer(r["etat"], {"op": "ajouter_competence", "nom": "Pilotage avion", "niveau": 1, "formation": True})
    return operer(r["etat"], {"op": "ajouter_attribut", "nom": "Fatigue", "valeur": 4})["etat"]


@pytest.mark.parametrize(("op", "cible"), [
    ({"jet": "competence", "nom": "Mécanique", "autre": -2}, 7),  # 7 + 2, la petite caisse à outils −2
    ({"jet": "caracteristique", "nom": "dex"}, 6),
    ({"jet": "attribut", "nom": "fatigue"}, 6),
    ({"jet": "sans_competence", "nom": "dex", "proche": "Mécanique"}, 7),  # 2 + 4 + 2, plafonné à 7
    ({"jet": "sans_competence", "nom": "dex", "formation": True}, None),  # pas de jet sans formation
    ({"jet": "sans_competence", "nom": "dex", "formation": True, "proche": "Pilotage avion"}, 6),
])
def test_cibles_de_la_regle(op: dict[str, Any], cible: int | None) -> None:
    r = operer(_philip(), {"op": "lancer", "graine": 8, **op})
    assert cible_test(TEST.valider(r["rejeu"]["parametres"])) == cible
    rejoue = registre.executer("2d6-test", r["rejeu"]["parametres"], r["graine"])
    assert rejoue["groupes"] == r["rejeu"]["des"]


def test_refus_en_francais_sans_rien_changer() -> None:
    etat = _philip()
    for op, message in (
        ({"jet": "competence", "nom": "Vol"}, "Philip n'a pas la compétence « Vol »."),
        ({"jet": "caracteristique", "nom": "agi"}, "Caractéristique inconnue"),
        ({"jet": "competence", "nom": "Mécanique", "difficulte": "2"}, "Difficulté inconnu"),
    ):
        with pytest.raises(JdrErreur, match=message):
            operer(etat, {"op": "lancer", "graine": 1, **op})
    with pytest.raises(JdrErreur, match="PRE « 11 »"):
        operer(None, {"op": "creer", "nom": "Joséphine", "pre": 11})
    with pytest.raises(JdrErreur, match="a déjà la compétence « Mécanique »"):
        operer(etat, {"op": "ajouter_competence", "nom": "mécanique", "niveau": 3})


def test_un_critique_en_scene_laisse_son_dd_au_jet_suivant() -> None:
    etat = _philip()
    for graine in range(300):
        r = operer(etat, {"op": "lancer", "jet": "competence", "nom": "Mécanique", "scene": True, "graine": graine})
        if r["vue"]["bonus"]:
            break
    else:
        pytest.fail("aucun critique en 300 graines")
    dd = r["rejeu"]["des"][0]["des"][0]["face"]
    assert r["vue"]["bonus"] == dd and f"donne +{dd} au prochain jet" in r["message"]
    suivant = operer(r["etat"], {"op": "lancer", "jet": "caracteristique", "nom": "int", "graine": 2})
    assert suivant["rejeu"]["parametres"]["autre"] == dd and suivant["vue"]["bonus"] == 0
    # Hors scène, un critique ne laisse rien.
    hors = operer(etat, {"op": "lancer", "jet": "competence", "nom": "Mécanique", "graine": graine})
    assert hors["vue"]["bonus"] == 0


@given(st.sampled_from(["5", "3", "1", "0", "-1", "-3", "-5", "-10"]), st.integers(-10, 10), st.integers(0, 6))
def test_chances_de_la_question_egales_aux_cotes_du_lanceur(difficulte: str, autre: int, bonus: int) -> None:
    p = FORMAT.depuis_json(_philip()).avec_bonus(bonus)
    etat = FORMAT.en_json(p)
    r = operer(etat, {"op": "chances", "difficulte": difficulte, "autre": autre})
    assert r["etat"] == etat
    for j in r["reponse"]["jets"]:
        valeurs = parametres_jet(p, j["jet"], j["nom"], difficulte=int(difficulte), autre=autre)
        reussir = next(c for c in TEST.cotes(valeurs) if c.cle == REUSSIE)
        assert j["cible"] == str(cible_test(valeurs))
        assert j["chance"] in j["phrase"] and str(reussir.probabilite) != ""
    assert len(r["reponse"]["jets"]) == len(CARACTERISTIQUES) + 1 + 2
    assert r["reponse"]["jets"] == jets_de(p, {"difficulte": int(difficulte), "autre": autre})
