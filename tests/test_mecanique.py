"""Le contrat d'une mécanique (jdr_core/mecanique.py) : la lecture des entiers saisis, les trois sortes
de paramètres, la validation d'un formulaire (anciens noms compris), le journal, et les garde-fous de
``Table``, ``Parcours`` et ``Systeme``."""

from __future__ import annotations

import dataclasses
import re
from itertools import product

import pytest

from jdr_core import registre
from jdr_core.des import DesAleatoires
from jdr_core.erreurs import JdrErreur, ParametreInvalide
from jdr_core.mecanique import Choix, Entier, OuiNon, Parcours, Systeme, Table, champ_entier, lire_entier

TEST = registre.mecanique("3d6-test")


def _attendu(texte: str, minimum: int, maximum: int) -> int | None:
    """La règle de saisie récrite : des chiffres ASCII après un signe facultatif, blancs autour
    permis, pas plus de caractères que la plus longue borne plus un, puis les bornes."""
    propre = texte.strip()
    if not re.fullmatch(r"[+-]?[0-9]+", propre, re.ASCII):
        return None
    if len(propre) > max(len(str(minimum)), len(str(maximum))) + 1:
        return None
    return int(propre) if minimum <= int(propre) <= maximum else None


class TestLireEntier:
    @pytest.mark.parametrize(("minimum", "maximum"), [(-10, 10), (0, 5), (1, 100)])
    def test_chaque_saisie_courte(self, minimum: int, maximum: int) -> None:
        """Toutes les saisies de trois caractères au plus sur un petit alphabet (chiffres, signes, blanc,
        chiffres non ASCII) : la valeur de la règle récrite, ou un refus qui cite la saisie."""
        for longueur in range(4):
            for lettres in product("+- 059²٣a", repeat=longueur):
                texte = "".join(lettres)
                attendu = _attendu(texte, minimum, maximum)
                if attendu is None:
                    with pytest.raises(ParametreInvalide, match=f"attendu un entier de {minimum} à {maximum}"):
                        lire_entier("n", texte, minimum, maximum)
                else:
                    assert lire_entier("n", texte, minimum, maximum) == attendu, repr(texte)

    @pytest.mark.parametrize("brut", [True, 2.0, None, [3], "1e1", "0x5"])
    def test_ni_booleen_ni_flottant(self, brut: object) -> None:
        with pytest.raises(ParametreInvalide):
            lire_entier("n", brut, 0, 100)

    def test_champ_vide_d_une_operation(self) -> None:
        assert champ_entier({"x": ""}, "x", "Dégâts", 0, 20, defaut=4) == 4
        with pytest.raises(JdrErreur, match=r"^Le champ « Dégâts » est vide : indiquez un entier de 0 à 20\.$"):
            champ_entier({}, "x", "Dégâts", 0, 20)
        with pytest.raises(ParametreInvalide, match=r"^Dégâts « 99 » : attendu un entier de 0 à 20$"):
            champ_entier({"x": 99}, "x", "Dégâts", 0, 20)


class TestParametres:
    @pytest.mark.parametrize(("brut", "attendu"), [
        (True, True), ("on", True), ("oui", True), (1, True), ("1", True), ("true", True),
        (False, False), ("", False), ("non", False), (None, False), (0, False), ("false", False),
    ])
    def test_oui_non(self, brut: object, attendu: bool) -> None:
        assert OuiNon("aide", "Aide").convertir(brut) is attendu

    @pytest.mark.parametrize("brut", ["Oui", "yes", 2, [], "vrai"])
    def test_oui_non_refuse(self, brut: object) -> None:
        with pytest.raises(ParametreInvalide, match=r"^Aide .* : attendu oui ou non$"):
            OuiNon("aide", "Aide").convertir(brut)

    def test_choix_refuse_en_citant_les_libelles(self) -> None:
        ton = Choix("ton", "Ton", "bb", (("bb", "Blockbuster"), ("raw", "Raw")))
        assert ton.convertir("raw") == "raw"
        with pytest.raises(ParametreInvalide) as refus:
            ton.convertir("Raw")
        assert str(refus.value) == "Ton Raw : attendu une valeur parmi « Blockbuster » ou « Raw »"
        with pytest.raises(JdrErreur, match="défaut 'x' absent des choix"):
            Choix("ton", "Ton", "x", (("bb", "Blockbuster"),))

    def test_entier_dit_son_libelle(self) -> None:
        with pytest.raises(ParametreInvalide, match=r"^Caractéristique 0 : attendu un entier de 1 à 5$"):
            Entier("c", "Caractéristique", 3, 1, 5).convertir(0)


class TestValider:
    def test_defauts_et_conversion(self) -> None:
        valeurs = TEST.valider({"caracteristique": "4", "graine": 12})
        assert valeurs == {p.nom: p.defaut for p in TEST.parametres} | {"caracteristique": 4}

    def test_parametre_inconnu(self) -> None:
        with pytest.raises(JdrErreur, match=r"^paramètre inconnu : 'pirate'$"):
            TEST.valider({"pirate": 1, "graine": 1})

    def test_anciens_noms(self) -> None:
        """Un ancien nom cède sa valeur à ses remplaçants, sauf à celui qui est donné sous son nom actuel."""
        vieux = dataclasses.replace(TEST, anciens=(("modif", ("avantages", "desavantages")),))
        assert {k: v for k, v in vieux.valider({"modif": 2}).items() if k.endswith("avantages")} == \
            {"avantages": 2, "desavantages": 2}
        assert vieux.valider({"modif": 2, "avantages": 1})["avantages"] == 1
        for anciens in [(("caracteristique", ("fp",)),), (("modif", ()),), (("modif", ("inconnu",)),)]:
            with pytest.raises(JdrErreur, match="doit céder sa valeur"):
                dataclasses.replace(TEST, anciens=anciens)

    def test_journal_ne_garde_que_les_reglages_changes(self) -> None:
        """Ni les défauts, ni ce que la situation dit déjà (caractéristique, difficulté)."""
        valeurs = TEST.valider({"caracteristique": 5, "difficulte": 4, "relances": 1})
        resultat = TEST.lancer(valeurs, DesAleatoires(3))
        entree = TEST.pour_journal(resultat, valeurs)
        assert [libelle for libelle, _ in entree["reglages"]] == \
            [p.libelle for p in TEST.parametres if p.nom == "relances"]
        assert entree["situation"]


class TestGardeFous:
    def test_table_aux_lignes_inegales(self) -> None:
        assert Table("t", ("a", "b"), (("1", "2"),)).lignes == (("1", "2"),)
        with pytest.raises(JdrErreur, match=r"^table t : ligne de 1 cases pour 2 colonnes$"):
            Table("t", ("a", "b"), (("1", "2"), ("3",)))

    def test_parcours_sans_fiche(self) -> None:
        assert Parcours("x/index.md", "x/jet.md#exemple-a").etapes() == (("lire", "x/index.md"),
                                                                         ("jet", "x/jet.md#exemple-a"))

    def test_deux_suivis_du_meme_nom(self) -> None:
        d10 = registre.systeme("d10")
        with pytest.raises(JdrErreur, match="deux suivis portent le même nom"):
            dataclasses.replace(d10, suivis=(d10.suivis[0], d10.suivis[0]))
        assert dataclasses.replace(d10, suivis=()).suivi is None
        assert isinstance(d10, Systeme)
