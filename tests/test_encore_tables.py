"""enCORE : les tables de l'écran du MJ (jdr_core/encore/tables.py), qui se calculent en faisant vivre des
fiches, comparées aux nombres du texte source, relus ici dans le texte lui-même."""

from __future__ import annotations

import re

import pytest

from jdr_core.encore.tables import GRAVITES, SOINS, STRESS_NIVEAUX, STRESS_SOURCES

from .test_trace import source

#: Les colonnes des tables : Blockbuster, puis Raw.
TONS = ("blockbuster", "raw")


def _texte() -> str:
    return "\n".join(source("encore"))


def _paliers() -> dict[str, dict[int, str]]:
    """Les deux lignes « Les paliers : valide de 7 à 8, … » de la source : Santé → palier, par ton."""
    lus = {}
    for ton, ligne in zip(TONS, re.findall(r"^Les paliers : ([^.]*)\.", _texte(), re.M), strict=True):
        paliers: dict[int, str] = {}
        for morceau in ligne.split(", "):
            lu = re.fullmatch(r"(.+?) (?:de (\d) à (\d)|à (\d))", morceau)
            assert lu, morceau
            bas, haut = (int(lu[2]), int(lu[3])) if lu[2] else (int(lu[4]), int(lu[4]))
            paliers |= dict.fromkeys(range(bas, haut + 1), lu[1])
        lus[ton] = paliers
    return lus


def _cellule(table: object, debut: str, ton: str) -> str:
    ligne = next(ligne for ligne in table.lignes if ligne[0].startswith(debut))  # type: ignore[attr-defined]
    return ligne[1 + TONS.index(ton)]


class TestGravites:
    @pytest.mark.parametrize("ton", TONS)
    def test_degats_en_pleine_forme(self, ton: str) -> None:
        """Santé après les dégâts, son palier, une blessure par palier franchi, et en Blockbuster seulement
        +1 de Stress par perte de Santé : chaque case refaite à partir des paliers de la source."""
        paliers = _paliers()[ton]
        maximum = max(paliers)
        assert "+1 chaque fois que le personnage perd de la Santé" in _texte()
        for gravite, *cases in GRAVITES.lignes:
            degats = int(re.search(r"\((\d)\)", gravite)[1])  # type: ignore[index]
            sante = maximum - degats
            franchis = len({paliers[s] for s in range(sante, maximum + 1)}) - 1
            blessures = {0: "aucune blessure", 1: "1 blessure"}.get(franchis, f"{franchis} blessures")
            attendu = f"Santé {sante}, {paliers[sante]}, {blessures}" + (" ; Stress +1" if ton == "blockbuster" else "")
            assert cases[TONS.index(ton)] == attendu


class TestStress:
    def test_evenements_resistes_en_raw(self) -> None:
        """Raw : Choc 1, Horreur 2, Indicible 3, moins 1 sur un jet de résistance réussi."""
        pleins = re.search(r"Choc (\d), Horreur (\d), Indicible (\d)\.", _texte())
        resistes = re.search(r"Choc (\d), Horreur (\d), Indicible (\d)\. Un échec", _texte())
        assert pleins and resistes
        assert [int(n) - 1 for n in pleins.groups()] == [int(n) for n in resistes.groups()]
        case = _cellule(STRESS_SOURCES, "Événement, jet de résistance réussi", "raw")
        assert [int(n) for n in re.findall(r"[+]?(\d)", case)] == [int(n) for n in resistes.groups()]

    def test_relance_et_perte_de_sante(self) -> None:
        assert "une relance retire 1 au Stress" in _texte() and "Une relance fait monter le Stress de 1" in _texte()
        assert _cellule(STRESS_SOURCES, "Relance", "blockbuster") == "−1"
        assert _cellule(STRESS_SOURCES, "Relance", "raw") == "+1"
        assert _cellule(STRESS_SOURCES, "Perte de Santé", "blockbuster") == "+1"

    def test_malus_de_stress_en_raw(self) -> None:
        assert "À 4 ou 5, le personnage subit −1d6 à tous les jets" in _texte()
        assert _cellule(STRESS_NIVEAUX, "4 à 5", "raw") == "−1d6 à tous les jets"
        assert _cellule(STRESS_NIVEAUX, "4 à 5", "blockbuster") == "aucun effet"


class TestSoins:
    def test_repos_selon_la_duree(self) -> None:
        """La table « Durée / Santé / Stress » de la source, ligne à ligne, dans les deux tons."""
        lignes = {duree.split(" :")[0]: (sante, stress) for duree, sante, stress in
                  re.findall(r"^\| ([^|]+?) \| ([^|]+?) \| ([^|]+?) \|$", _texte(), re.M) if duree != "Durée"}
        assert set(lignes) >= {"Pause", "Scène", "Longue"}
        for duree, debut in (("Pause", "Pause sûre"), ("Scène", "Scène de repos"), ("Longue", "Nuit en sécurité")):
            sante, stress = lignes[duree]
            sante_attendue = "Santé inchangée" if sante == "–" else f"Santé {sante.split(' : ')[1].split(' ')[0]}"
            stress_attendu = "Stress " + stress.split(" (")[0]
            for ton in TONS:
                assert _cellule(SOINS, debut, ton) == f"{sante_attendue}, {stress_attendu}"

    def test_fin_de_conflit(self) -> None:
        """Blockbuster : en haut du palier (8, 6 ou 3), hors de combat à 3 ; Raw : rien ne remonte."""
        hauts = re.search(r"en haut de son palier \((\d), (\d) ou (\d)\)", _texte())
        assert hauts and "Un PJ hors de combat remonte à 3" in _texte()
        assert re.findall(r"→ (\d)", _cellule(SOINS, "Fin de conflit", "blockbuster")) == [*hauts.groups(), "3"]
        assert "ne bouge pas" in _cellule(SOINS, "Fin de conflit", "raw")

    def test_soins_medicaux_jusqu_au_maximum(self) -> None:
        assert [_cellule(SOINS, "Soins médicaux", ton) for ton in TONS] == \
            [f"Santé à {max(_paliers()[ton])}" for ton in TONS]
