"""Ce qu'un joueur a rangé avec la version du site de décembre 2026 s'ouvre à l'identique après la
refonte des fiches (issue 36) : une fiche par système, enregistrée par le site d'avant (fichiers de
tests/donnees/sauvegardes-2026-12/, faits par son cœur), est relue par le pont sans changer d'un
octet, et sa vue se construit, avec les libellés élidés que la nouvelle page lit."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from jdr_core.pont import traiter

DOSSIER = Path(__file__).resolve().parent / "donnees" / "sauvegardes-2026-12"
SUIVIS = {"troisd6": ("troisd6", ""), "deuxd6": ("deuxd6", ""), "d10-fiche": ("d10", "fiche"), "encore": ("encore", "")}


def _lire(nom: str) -> tuple[dict[str, Any], dict[str, Any]]:
    systeme, suivi = SUIVIS[nom]
    etat = json.loads((DOSSIER / f"{nom}.json").read_text(encoding="utf-8"))
    requete: dict[str, Any] = {"type": "suivi", "systeme": systeme, "etat": etat, "op": {"op": "lire"}}
    if suivi:
        requete["suivi"] = suivi
    reponse: dict[str, Any] = json.loads(traiter(json.dumps(requete)))
    assert "erreur" not in reponse, reponse
    return etat, reponse


@pytest.mark.parametrize("nom", list(SUIVIS))
def test_la_sauvegarde_s_ouvre_a_l_identique(nom: str) -> None:
    etat, reponse = _lire(nom)
    assert reponse["etat"] == etat
    assert reponse["vue"]["nom"] in {"Jules", "Philip", "Ada", "Lucrèce"}


def test_les_libelles_de_la_nouvelle_vue() -> None:
    _, deuxd6 = _lire("deuxd6")
    assert deuxd6["vue"]["competences"][0]["champ"] == "Niveau de Mécanique"
    assert deuxd6["vue"]["attributs"][0]["changer"] == "Changer la valeur de Fatigue"
    _, d10 = _lire("d10-fiche")
    pistolet = next(c for c in d10["vue"]["competences"] if c["nom"] == "Pistolet")
    assert pistolet["niveau"] == 3 and pistolet["champs"]["annees"] == "ou années de pratique de Pistolet"
