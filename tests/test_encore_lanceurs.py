"""enCORE : les lanceurs et les tables des pages (jdr_core/encore/lanceurs.py), contre les tableaux du texte
source relus ici : dangers, paliers, événements, récupération ; la liste des dangers du lanceur ; ses phrases."""

from __future__ import annotations

import re

from jdr_core.des import DesScriptes
from jdr_core.encore.dangers import DANGERS, PAR_CLE
from jdr_core.encore.lanceurs import DANGER, RESERVE, TABLES

from .test_encore_francais import sans_restes
from .test_trace import source

PUBLIEES = {t.nom: t for t in TABLES}


def _tableau(entete: str) -> list[tuple[str, ...]]:
    """Les lignes du tableau de la source dont la première colonne s'intitule ``entete``."""
    lignes = source("encore")
    debut = next(i for i, ligne in enumerate(lignes) if ligne.startswith(f"| {entete} |"))
    fin = next((i for i in range(debut + 2, len(lignes)) if not lignes[i].startswith("|")), len(lignes))
    rangs = [lignes[i].split("|", 1)[1] for i in range(debut + 2, fin)]
    return [tuple(case.strip() for case in rang.split("|")[:-1]) for rang in rangs]


def test_dangers_comme_la_source() -> None:
    assert PUBLIEES["encore-dangers"].lignes == tuple(_tableau("Danger"))


def test_le_lanceur_propose_chaque_danger_dans_l_ordre_de_la_table() -> None:
    (danger,) = [p for p in DANGER.parametres if p.nom == "danger"]
    assert [libelle for _, libelle in danger.choix] == [ligne[0] for ligne in _tableau("Danger")]  # type: ignore[union-attr]


def test_paliers_des_deux_tons() -> None:
    lus = re.findall(r"^Les paliers : ([^.]*)\.", "\n".join(source("encore")), re.M)
    assert len(lus) == 2
    for rang, (palier, *cases) in enumerate(PUBLIEES["encore-paliers"].lignes):
        for ton, case in enumerate(cases):
            morceau = lus[ton].split(", ")[rang]
            assert morceau.startswith(palier + " ")
            bornes = re.findall(r"\d", morceau)
            assert case == "–".join(bornes), (palier, ton)


def test_evenements() -> None:
    """Blockbuster : la colonne « Perte » de la source ; Raw : « Choc 1, Horreur 2, Indicible 3 »."""
    raw = re.search(r"Choc (\d), Horreur (\d), Indicible (\d)\.", "\n".join(source("encore")))
    assert raw
    attendu = [(nom, perte, raw[i + 1], exemples) for i, (nom, perte, exemples) in enumerate(_tableau("Événement"))]
    assert list(PUBLIEES["encore-evenements"].lignes) == attendu


def test_recuperer() -> None:
    """La table « Durée / Santé / Stress » : mêmes durées, mêmes effets chiffrés (mots à nous)."""
    for (duree, sante, stress), (notre_duree, notre_sante, notre_stress) in zip(
            _tableau("Durée"), PUBLIEES["encore-recuperer"].lignes, strict=True):
        assert notre_duree.split(" :")[0] == duree.split(" :")[0]
        assert re.findall(r"[+−]?\d", notre_sante) == re.findall(r"[+−]?\d", sante)
        assert re.findall(r"[+−]?\d", notre_stress) == re.findall(r"[+−]?\d", stress)
        assert ("soins médicaux" in notre_sante) == ("soins médicaux" in sante)


class TestPhrasesDesLanceurs:
    """Ce que montrent les lanceurs de danger et de réserve ; des tables sans parenthèses imbriquées."""

    def test_lanceur(self) -> None:
        v = DANGER.valider({"danger": "incendie", "attribut": "3"})
        aff = DANGER.afficher(DANGER.lancer(v, DesScriptes([1, 2, 3])), v)
        assert aff["phrase"] == "Le PJ subit le danger (incendie) : −3 Santé, +2 Stress."
        assert aff["details"] == ["CON Difficile : 3d6 (1, 2, 3), aucun succès, échec.",
                                  "Santé 8 → 5 (palier « blessé ») : aucune armure ne réduit ces dégâts.",
                                  "Blessure à nommer, palier blessé.", "Stress 0 → 2."]

    def test_lanceur_reserve(self) -> None:
        v = RESERVE.valider({"ton": "raw", "stress": "4", "attribut": "2"})
        aff = RESERVE.afficher(RESERVE.lancer(v, DesScriptes([5])), v)
        assert aff["details"] == ["1d6 (5) en Standard : 1 succès, réussite.",
                                  "Stress 4 ou 5 en Raw : −1d6 à la réserve."]

    def test_tables_sans_parentheses_imbriquees(self) -> None:
        cellules = [c for t in TABLES for ligne in t.lignes for c in ligne]
        cellules += [d.intitule for d in DANGERS]
        for c in cellules:
            sans_restes(c)
        assert PAR_CLE["incendie"].intitule == "Incendie, par tour"
