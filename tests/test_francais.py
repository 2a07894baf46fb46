"""L'outil de rédaction : zéro, singulier et pluriel, élision et contraction."""

from __future__ import annotations

import pytest

from jdr_core.des import DesScriptes
from jdr_core.erreurs import JdrErreur
from jdr_core.francais import (
    accorder,
    au,
    compter,
    conjuguer,
    de,
    elide,
    en_minuscule,
    enumerer,
    le,
    majuscule,
    minuscule,
    nombre_relatif,
    ordinal,
    quantite,
    signe,
)


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


class TestElision:
    """L'élision devant une voyelle, pour les noms propres comme pour les noms communs."""

    @pytest.mark.parametrize(("mot", "elide_"), [
        ("Oskar", True), ("Ours", True), ("Élise", True), ("Œdipe", True), ("Hugo", True), ("homme", True),
        ("Yves", True), ("ypérite", True), ("Yann", False), ("yaourt", False), ("hasard", False),
        ("héros", False), ("Haut-Fond", False), ("huit", False), ("Pierre", False), ("8", False), ("", False),
    ])
    def test_elide(self, mot: str, elide_: bool) -> None:
        assert elide(mot) is elide_

    @pytest.mark.parametrize(("mot", "attendu"), [("Oskar", "d'Oskar"), ("Extrême", "d'Extrême"),
                                                 ("un demi-tour", "d'un demi-tour"), ("héros", "de héros"),
                                                 ("se cacher", "de se cacher"), ("11", "de 11")])
    def test_de(self, mot: str, attendu: str) -> None:
        assert de(mot) == attendu

    def test_le(self) -> None:
        assert (le("Ours"), le("héros"), le("Yann"), le("8")) == ("l'Ours", "le héros", "le Yann", "le 8")


class TestPhrasesDuCoeur:
    """Les phrases que le cœur bâtit autour d'un nom passent par l'outil : « d'Oskar », jamais « de Oskar »."""

    def test_malus_de_l_attaquant_d10(self) -> None:
        from jdr_core.d10.suivi import operer

        r = operer(None, {"op": "creer", "nom": "Le quai"})
        for nom in ("Lina", "Oskar"):
            r = operer(r["etat"], {"op": "ajouter", "nom": nom, "agi": 5, "con": 3, "vol": 3, "contact": 5, "tir": 5,
                                   "arme_contact": 8, "arme_tir": 10})
        r = operer(r["etat"], {"op": "initiative", "graine": 1})
        r = operer(r["etat"], {"op": "encaisser", "cible": 2, "degats": 7, "ko": "CON", "graine": 0})
        oskar = next(c for c in r["vue"]["combattants"] if c["nom"] == "Oskar")
        if oskar["etat"] == "ko":
            r = operer(r["etat"], {"op": "reveiller", "combattant": 2})
        a = operer(r["etat"], {"op": "attaquer", "attaquant": 2, "cible": 1, "graine": 3})
        assert "malus de blessures d'Oskar (−2)" in a["message"] and "de Oskar" not in a["message"]

    def test_erreurs_qui_nomment_un_personnage(self) -> None:
        from jdr_core.d10.combat import initiative
        from jdr_core.troisd6.combat import Combattant, ordre_initiative

        with pytest.raises(JdrErreur, match="AGI d'Oskar"):
            initiative([("Oskar", 99)], des=DesScriptes([5]))
        with pytest.raises(JdrErreur, match="Physique d'Ursula"):
            ordre_initiative([Combattant("Ursula", physique=99)])


class TestRedaction:
    """Les deux petites aides locales (à verser un jour dans jdr_core.francais)."""

    @pytest.mark.parametrize(("elements", "attendu"), [
        ([], ""), (["tir"], "tir"), (["tir", "course"], "tir et course"), (["a", "b", "c"], "a, b et c"),
    ])
    def test_enumerer(self, elements: list[str], attendu: str) -> None:
        assert enumerer(elements) == attendu

    def test_enumerer_ou(self) -> None:
        assert enumerer(["Choc", "Horreur", "Indicible"], "ou") == "Choc, Horreur ou Indicible"

    def test_en_minuscule(self) -> None:
        assert en_minuscule("Piège mortel") == "piège mortel"


class TestTexte:
    """Accords et signes."""

    def test_quantite(self) -> None:
        assert [quantite(n, "manche") for n in (0, 1, 2)] == ["0 manche", "1 manche", "2 manches"]

    def test_signes(self) -> None:
        assert (signe(3), signe(-1), signe(0), nombre_relatif(-4), nombre_relatif(4)) == ("+3", "−1", "0", "−4", "4")
