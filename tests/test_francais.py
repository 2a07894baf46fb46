"""L'outil de rédaction : zéro, singulier et pluriel, élision et contraction."""

from __future__ import annotations

import pytest

from jdr_core.francais import accorder, au, compter, conjuguer, de, le, majuscule, minuscule, ordinal, quantite, signe


class TestCompter:
    """« aucun », « 1 », « 2 » : le nom s'accorde et zéro se dit en toutes lettres."""

    @pytest.mark.parametrize(("n", "attendu"), [(0, "aucun succès"), (1, "1 succès"), (2, "2 succès")])
    def test_invariable(self, n: int, attendu: str) -> None:
        assert compter(n, "succès") == attendu

    @pytest.mark.parametrize(("n", "attendu"), [(0, "aucune blessure"), (1, "1 blessure"), (4, "4 blessures")])
    def test_feminin(self, n: int, attendu: str) -> None:
        assert compter(n, "blessure", feminin=True) == attendu

    @pytest.mark.parametrize(("n", "attendu"), [(0, "aucun palier franchi"), (1, "1 palier franchi"),
                                               (2, "2 paliers franchis")])
    def test_groupe_de_mots(self, n: int, attendu: str) -> None:
        assert compter(n, "palier franchi") == attendu

    def test_pluriel_irregulier(self) -> None:
        assert compter(3, "œil", "yeux") == "3 yeux" and accorder(1, "œil", "yeux") == "œil"

    def test_quantite_garde_le_zero(self) -> None:
        assert [quantite(n, "manche") for n in (0, 1, 2)] == ["0 manche", "1 manche", "2 manches"]


class TestArticles:
    """Élision devant une voyelle, contraction devant le et les."""

    @pytest.mark.parametrize(("nom", "attendu"), [("Incendie", "d'Incendie"), ("Pierre", "de Pierre"),
                                                 ("le garde", "du garde"), ("les truands", "des truands"),
                                                 ("la nuit", "de la nuit"), ("Hugo", "d'Hugo")])
    def test_de(self, nom: str, attendu: str) -> None:
        assert de(nom) == attendu

    @pytest.mark.parametrize(("nom", "attendu"), [("le garde", "au garde"), ("les truands", "aux truands"),
                                                 ("Philip", "à Philip")])
    def test_au(self, nom: str, attendu: str) -> None:
        assert au(nom) == attendu

    def test_le(self) -> None:
        assert (le("adversaire"), le("garde"), le("rue", feminin=True)) == ("l'adversaire", "le garde", "la rue")

    def test_verbe(self) -> None:
        assert conjuguer("les truands", "a", "ont") == "ont" and conjuguer("Joséphine", "a", "ont") == "a"


class TestDivers:
    """Signes typographiques, capitales et ordinaux."""

    def test_signe(self) -> None:
        assert (signe(-3), signe(2), signe(0)) == ("−3", "+2", "0")

    def test_capitales(self) -> None:
        assert majuscule("l'adversaire") == "L'adversaire"
        assert minuscule("Le personnage") == "le personnage" and minuscule("Pierre") == "Pierre"

    def test_ordinal(self) -> None:
        rangs = [ordinal(1), ordinal(1, feminin=True), ordinal(2), ordinal(25)]
        assert rangs == ["premier", "première", "deuxième", "25e"]
