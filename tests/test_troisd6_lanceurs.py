"""3D6 : les lanceurs des pages (jdr_core/troisd6/lanceurs.py) : phrases, détails, libellés."""

from __future__ import annotations

from typing import Any

import pytest

from jdr_core import registre
from jdr_core.des import DesScriptes
from jdr_core.troisd6.combat import attaquer
from jdr_core.troisd6.lanceurs import (
    ATTAQUE,
    DEFENSES,
    MODIFICATEUR_CHOIX,
    OPPOSITION,
    TEST,
    _details_jet,
    _toucher,
    nom_difficulte,
    phrase_attaque,
    phrase_test,
)

from .phrases_troisd6 import jet, propre


class TestPhrasesDesLanceurs:
    """Phrases, détails et libellés des lanceurs du 3D6."""

    @pytest.mark.parametrize(("difficulte", "fin"), [
        (0, "pour une action automatique (aucun succès demandé)."),
        (1, "pour une action facile (1 succès demandé)."),
        (3, "pour une action difficile (3 succès demandés)."),
        (4, "pour une action extrême (4 succès demandés)."),
        (6, "pour une action surhumaine (6 succès demandés)."),
    ])
    def test_phrase_test(self, difficulte: int, fin: str) -> None:
        texte = phrase_test(jet(3, 1, 5, 6, difficulte=difficulte), difficulte)
        assert propre(texte).endswith(fin)
        assert texte.startswith("Réussi : 1 succès" if difficulte <= 1 else "Raté : 1 succès")

    def test_phrase_test_zero_et_triples(self) -> None:
        assert phrase_test(jet(3, 4, 5, 6, difficulte=2), 2).startswith("Raté : aucun succès pour")
        assert phrase_test(jet(3, 1, 1, 1, difficulte=2), 2).startswith("Réussite critique !")
        assert phrase_test(jet(3, 6, 6, 6, difficulte=2), 2).startswith("Échec critique !")
        assert nom_difficulte(2) == "moyenne"

    def test_phrase_attaque(self) -> None:
        assert phrase_attaque(attaquer(3, arme=2, des=DesScriptes([1, 5, 6]))) == "Touché ! La cible perd 2 PE."
        assert phrase_attaque(attaquer(3, arme=1, protection=4, des=DesScriptes([2, 2, 2]))) == \
            "Réussite critique : dégâts de base doublés, la cible ne perd aucun PE."
        assert phrase_attaque(attaquer(3, arme=1, des=DesScriptes([4, 5, 6]))) == "Raté : l'attaque ne touche pas."
        assert phrase_attaque(attaquer(3, arme=1, des=DesScriptes([6, 6, 6]))).startswith("Échec critique")

    def test_details(self) -> None:
        assert _details_jet(jet(3, 4, 5, 6)) == ["3D6 contre 3 : aucun succès aux dés"]
        assert _details_jet(jet(3, 1, 5, 6, fp=1))[1] == "Facteur de puissance : 1 succès automatique"
        assert _details_jet(jet(3, 1, 5, 6, fp=2))[1] == "Facteur de puissance : 2 succès automatiques"

    def test_libelles(self) -> None:
        assert _toucher({"defense": "0"}) == "Toucher (1 succès demandé)"
        assert _toucher({"defense": "2"}) == "Toucher (3 succès demandés)"
        assert dict(MODIFICATEUR_CHOIX)["aucun"] == "ni avantage ni désavantage"
        assert dict(DEFENSES)["0"] == "pas de défense"

    def test_opposition_du_lanceur(self) -> None:
        valeurs = OPPOSITION.valider({"caracteristique_a": 3, "caracteristique_b": 3})
        affichage = OPPOSITION.afficher(OPPOSITION.lancer(valeurs, DesScriptes([4, 5, 6, 1, 5, 6])), valeurs)
        assert affichage["phrase"] == ("Le personnage n'obtient aucun succès, l'adversaire 1 : "
                                       "l'adversaire l'emporte d'un succès.")
        assert [g["titre"] for g in affichage["groupes"]] == ["Le personnage", "L'adversaire"]
        assert affichage["details"][1].startswith("L'adversaire : 3D6 contre 3 : 1 succès aux dés")

    @pytest.mark.parametrize("meca", [TEST, OPPOSITION, ATTAQUE], ids=lambda m: m.nom)
    def test_aucune_tournure_interdite(self, meca: Any) -> None:
        """Sur beaucoup de jets tirés au hasard, toute phrase et tout libellé restent propres."""
        libelles = [p.libelle for p in meca.parametres] + [lib for p in meca.parametres
                                                            for _, lib in getattr(p, "choix", ())]
        for texte in libelles:
            propre(texte)
        for petits in meca.petits:
            for graine in range(40):
                r = registre.executer(meca.nom, petits, graine)
                textes = [r["phrase"], *r["details"], *(g["titre"] for g in r["groupes"])]
                textes += [c["libelle"] for c in r["cotes"]]
                for texte in textes:
                    propre(texte)
