"""2D6 : les tables des pages (jdr_core/deuxd6/tables.py), contre les nombres du texte source et contre
les règles qu'elles résument (chaque ligne, rejouée par la fonction de la règle)."""

from __future__ import annotations

import re
import unicodedata

import pytest

from jdr_core.deuxd6.assistance import bonus_aide
from jdr_core.deuxd6.jet import Niveau
from jdr_core.deuxd6.opposition import comparer
from jdr_core.deuxd6.tables import ARGUMENTS, ASSISTANCE, MODIFICATEURS_TABLE, NIVEAUX, OPPOSITION, OUTILS, SABOTAGE
from jdr_core.deuxd6.tache import difficulte_sabotage

from .test_trace import source


def _nombre(texte: str) -> int:
    return int(texte.replace("−", "-").replace("+", ""))


def _sans_accents(texte: str) -> str:
    return unicodedata.normalize("NFKD", texte).encode("ascii", "ignore").decode().casefold()


class TestDuTexteSource:
    def test_modificateurs_de_difficulte(self) -> None:
        """La table « Modificateur / Signification » de la source, ligne à ligne (« Difficulté Standard »
        s'y lit « Standard »)."""
        lues = {int(valeur): _sans_accents(nom).removeprefix("difficulte ")
                for valeur, nom in (re.fullmatch(r"([+-]?\d+)\t(.+)", ligne).groups()  # type: ignore[union-attr]
                                    for ligne in source("deuxd6") if re.fullmatch(r"[+-]?\d+\t.+", ligne))}
        assert len(lues) == 8
        assert {_nombre(k): _sans_accents(nom) for k, nom in MODIFICATEURS_TABLE.lignes} == lues
        assert [_nombre(k) for k, _ in MODIFICATEURS_TABLE.lignes] == sorted(lues, reverse=True)

    def test_arguments_et_outils(self) -> None:
        """Les exemples chiffrés de la source : +1 pour l'information exclusive, −2 et une manche de moins
        pour l'argument délicat, +2 et une de plus pour le classique ; outils adéquats +1, aucun −3."""
        texte = "\n".join(source("deuxd6"))
        for morceau in ("information importante : +1", "argument délicat =-2", "réduit le nombre de manches à "
                        "réussir de 1", "argument classique = +2", "augmente le nombre de manches à réussir de 1",
                        "outils adéquats +1", "aucun outils -3"):
            assert morceau in texte
        arguments = {nom: (_nombre(jet), _nombre(manches)) for nom, jet, manches in ARGUMENTS.lignes}
        assert sorted(arguments.values()) == [(-2, -1), (1, 0), (2, 1)]
        outils = {_sans_accents(nom): _nombre(jet) for nom, jet in OUTILS.lignes}
        assert outils["outils adequats"] == 1 and outils["aucun outil"] == -3


class TestLesLignesSuiventLesRegles:
    """Chaque ligne d'une table résumée dit ce que la fonction de la règle fait."""

    @pytest.mark.parametrize(("ligne", "a", "b", "gagnant", "dit"), [
        (0, (Niveau.REUSSITE, 9), (Niveau.ECHEC, 4), 0, "celui qui réussit"),
        (1, (Niveau.REUSSITE, 8), (Niveau.REUSSITE_CRITIQUE, 4), 1, "la réussite critique"),
        (2, (Niveau.REUSSITE, 5), (Niveau.REUSSITE, 8), 1, "le plus haut"),
        (3, (Niveau.MALADRESSE, 10), (Niveau.ECHEC, 12), 1, "l'échec simple"),
        (4, (Niveau.ECHEC, 9), (Niveau.ECHEC, 11), 0, "le plus bas"),
        (5, (Niveau.REUSSITE, 7), (Niveau.REUSSITE, 7), None, "on relance"),
    ])
    def test_opposition(self, ligne: int, a: tuple[Niveau, int], b: tuple[Niveau, int], gagnant: int | None,
                        dit: str) -> None:
        """La ligne dit qui l'emporte ; comparer() fait gagner ce camp-là."""
        assert dit in OPPOSITION.lignes[ligne][1]
        assert comparer(*a, *b) == gagnant

    def test_assistance(self) -> None:
        lignes = dict(ASSISTANCE.lignes)
        assert _nombre(lignes["Réussite"]) == bonus_aide(Niveau.REUSSITE, None, 5) == 1
        assert lignes["Échec"] == "rien" and bonus_aide(Niveau.ECHEC, None, 5) == 0
        assert lignes["Maladresse"] == "−Dd" and bonus_aide(Niveau.MALADRESSE, 4, 5) == -4
        assert "sans dépasser le niveau" in lignes["Réussite critique"]
        assert bonus_aide(Niveau.REUSSITE_CRITIQUE, 5, 3) == 3 and bonus_aide(Niveau.REUSSITE_CRITIQUE, 2, 3) == 2

    def test_sabotage(self) -> None:
        vise, obtenues, arret_maladresse = (ligne[1] for ligne in SABOTAGE.lignes)
        assert vise == "le niveau visé" and difficulte_sabotage(4, 1, 4, True, False) == 4
        assert "au moins le niveau du saboteur, au moins 1" in obtenues
        assert [difficulte_sabotage(4, 2, r, False, False) for r in (0, 1, 3)] == [2, 2, 3]
        assert difficulte_sabotage(4, 0, 0, False, False) == 1
        assert arret_maladresse.startswith("aucune") and difficulte_sabotage(4, 2, 3, False, True) == 0

    def test_niveaux(self) -> None:
        """Une ligne par niveau ; seuls les deux niveaux d'un double ont un Dd."""
        assert [ligne[0].casefold() for ligne in NIVEAUX.lignes] == [n.value for n in Niveau]
        assert [ligne[2] != "—" for ligne in NIVEAUX.lignes] == [n.double for n in Niveau]
