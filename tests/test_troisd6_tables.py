"""3D6 : les tables de l'écran du MJ (jdr_core/troisd6/tables.py) contre les repères du texte source."""

from __future__ import annotations

import re

import pytest

from jdr_core.troisd6.tables import ARMES, DEGATS_CONTINUS, ENQUETE, PROTECTIONS, PROUESSES, TABLES

from .test_trace import source


class TestTablesDeLaSource:
    """Prouesses, enquête et protections : les repères de la source, tels que les tables du cœur les donnent."""

    def test_prouesses_physique_facile_moyen_difficile(self) -> None:
        from jdr_core.troisd6.tables import PROUESSES

        assert list(PROUESSES) == ["Casser quelque chose", "Se déplacer sur terre", "Se déplacer sur ou sous l'eau",
                                   "Se déplacer dans l'air ou l'espace", "Se déplacer en silence ou se cacher"]
        for carac, actions in PROUESSES.values():
            assert carac == "Physique" and list(actions.values()) == [1, 2, 3]

    def test_enquete_social_puis_mental(self) -> None:
        from jdr_core.troisd6.tables import ENQUETE

        assert [carac for carac, _ in ENQUETE.values()] == ["Social", "Mental", "Mental"]
        assert all(list(actions.values()) == [1, 2, 3] for _, actions in ENQUETE.values())

    def test_protections(self) -> None:
        from jdr_core.troisd6.tables import PROTECTIONS

        assert "cotte de maille" in PROTECTIONS[1] and "armure de plaque" in PROTECTIONS[2]
        assert PROTECTIONS[4] == ("blindage de véhicule", "protection surnaturelle")


def _normal(texte: str) -> str:
    return texte.replace("’", "'").strip().lower()


def _puces(motif: str) -> dict[int, list[str]]:
    """Les puces « • N <motif> : a, b, c, etc. » du texte source : N → ses exemples, en minuscules."""
    trouvees: dict[int, list[str]] = {}
    for ligne in source("troisd6"):
        lu = re.fullmatch(rf"• (\d) {motif} : (.*)", ligne.strip())
        if lu:
            exemples = lu[2].removesuffix(".").split(", etc")[0]
            # les armes à 5 : « les armes montées sur les véhicules, …, telles que les canons, missiles… »
            exemples = exemples.rpartition("telles que les ")[2]
            trouvees[int(lu[1])] = [_normal(e) for e in exemples.split(", ")]
    return trouvees


class TestExemplesDeLaSource:
    """Armes, dégâts continus et protections : chaque valeur de la source, et chacun de ses exemples
    à cette valeur (le site peut en ajouter, comme le blouson de cuir du suspect)."""

    @pytest.mark.parametrize(("table", "motif"), [
        (ARMES, r"points? de dégâts"),
        (DEGATS_CONTINUS, r"points? de dégâts par tour"),
        (PROTECTIONS, r"protections?"),
    ], ids=["armes", "degats-continus", "protections"])
    def test_valeurs_et_exemples(self, table: dict[int, tuple[str, ...]], motif: str) -> None:
        puces = _puces(motif)
        assert set(puces) == set(table) - {0}
        for valeur, exemples in puces.items():
            texte = _normal(", ".join(table[valeur]))
            absents = [e for e in exemples if e not in {_normal(x) for x in table[valeur]} and e not in texte]
            assert not absents, f"{valeur} : {absents}"

    @pytest.mark.parametrize("table", [PROUESSES, ENQUETE], ids=["prouesses", "enquete"])
    def test_caracteristique_de_chaque_situation(self, table: dict[str, tuple[str, dict[str, int]]]) -> None:
        """Sous le titre de chaque situation, la source dit « Test de <caractéristique> »."""
        lignes = [_normal(ligne) for ligne in source("troisd6")]
        for situation, (carac, _) in table.items():
            titre = lignes.index(_normal(situation))
            consigne = next(ligne for ligne in lignes[titre + 1:] if ligne)
            assert consigne.startswith(f"test de {carac.lower()} "), situation

    def test_tables_publiees(self) -> None:
        """Les tables des pages reprennent ces valeurs : une ligne par valeur, une par action."""
        publiees = {t.nom: t for t in TABLES}
        assert [ligne[0] for ligne in publiees["3d6-armes"].lignes] == ["1", "2", "3", "4", "5"]
        assert [ligne[0] for ligne in publiees["3d6-protections"].lignes] == ["0", "1", "2", "3", "4"]
        assert len(publiees["3d6-prouesses"].lignes) == 5 * 3 and len(publiees["3d6-enquete"].lignes) == 3 * 3
        assert publiees["3d6-enquete"].lignes[0][3] == "facile (1)"
