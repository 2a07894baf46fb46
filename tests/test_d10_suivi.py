"""Suivi de combat D10 : chaque opération, les jets graines, les sauvegardes abîmées refusées en
français, et des suites d'opérations au hasard qui gardent toujours le combat cohérent."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from jdr_core.d10.suivi import BORNES, COMBATTANTS_MAX, JOURNAL_MAX, NOM_MAX, VERSION, Combat, operer
from jdr_core.erreurs import JdrErreur

Reponse = dict[str, Any]


def combat(*noms: str, **valeurs: Any) -> Reponse:
    """Un combat avec ces combattants (mêmes valeurs pour tous)."""
    r = operer(None, {"op": "creer", "nom": "Le quai"})
    for nom in noms:
        r = operer(r["etat"], {"op": "ajouter", "nom": nom, **valeurs})
    return r


def op(r: Reponse, **champs: Any) -> Reponse:
    return operer(r["etat"], champs)


def par_nom(r: Reponse, nom: str) -> dict[str, Any]:
    return next(c for c in r["vue"]["combattants"] if c["nom"] == nom)


class TestCreation:
    """Créer, relire, ajouter, modifier, retirer."""

    def test_creer(self) -> None:
        r = operer(None, {"op": "creer", "nom": "  Le   quai "})
        assert r["vue"]["nom"] == "Le quai" and r["vue"]["combattants"] == []
        assert r["etat"]["version"] == VERSION and r["message"].startswith("Nouveau combat : Le quai.")
        assert r["vue"]["bornes"] == BORNES

    @pytest.mark.parametrize("nom", ["", "   ", None, 12, "x" * 61])
    def test_creer_nom_refuse(self, nom: object) -> None:
        with pytest.raises(JdrErreur, match="nom du combat"):
            operer(None, {"op": "creer", "nom": nom})

    def test_lire(self) -> None:
        r = combat("Lina")
        assert op(r, op="lire") == {**r, "message": ""}

    def test_ajouter_defauts_et_valeurs(self) -> None:
        r = combat()
        r = op(r, op="ajouter", nom="Lina", agi="7", con=3)
        lina = par_nom(r, "Lina")
        assert (lina["agi"], lina["con"], lina["vol"], lina["esquive"]) == (7, 3, 5, 2)
        assert lina["etat"] == "debout" and lina["blessures"] == "aucune blessure" and lina["malus"] == 0
        assert r["message"] == "Lina entre dans le combat."

    @pytest.mark.parametrize("champs", [
        {"nom": "Lina"},  # déjà là
        {"nom": "lina"},  # même nom, autre casse
        {"nom": ""}, {"nom": "x" * (NOM_MAX + 1)},
        {"nom": "Marek", "agi": 11}, {"nom": "Marek", "agi": 0}, {"nom": "Marek", "esquive": "beaucoup"},
        {"nom": "Marek", "armure": -1}, {"nom": "Marek", "arme_tir": 99}, {"nom": "Marek", "con": True},
    ])
    def test_ajouter_refuse(self, champs: dict[str, Any]) -> None:
        with pytest.raises(JdrErreur):
            op(combat("Lina"), op="ajouter", **champs)

    def test_ajouter_au_plus(self) -> None:
        r = combat(*[f"C{i}" for i in range(COMBATTANTS_MAX)])
        with pytest.raises(JdrErreur, match=f"{COMBATTANTS_MAX} combattants"):
            op(r, op="ajouter", nom="Un de trop")

    def test_modifier(self) -> None:
        r = combat("Lina", "Marek")
        r = op(r, op="modifier", combattant=1, nom="Lina B", agi="8", armure=2)
        assert par_nom(r, "Lina B")["agi"] == 8 and par_nom(r, "Lina B")["armure"] == 2
        assert r["message"] == "Lina s'appelle désormais Lina B ; nouvelles valeurs pour Lina B : AGI 8 et Armure 2."
        assert op(r, op="modifier", combattant=1)["message"] == "Rien ne change pour Lina B."
        with pytest.raises(JdrErreur, match="déjà dans ce combat"):
            op(r, op="modifier", combattant=1, nom="marek")
        with pytest.raises(JdrErreur, match="Aucun combattant n° 7"):
            op(r, op="modifier", combattant=7, agi=3)

    def test_retirer(self) -> None:
        r = combat("Lina", "Marek", "Sacha")
        r = op(r, op="initiative", graine=4)
        actif = r["vue"]["actif"]
        ordre = [c["id"] for c in r["vue"]["combattants"]]
        r2 = op(r, op="retirer", combattant=actif)
        assert r2["vue"]["actif"] == ordre[1] and len(r2["vue"]["combattants"]) == 2
        assert r2["message"].endswith("quitte le combat.")
        # Le dernier parti, le combat revient avant l'initiative.
        r3 = op(op(r2, op="retirer", combattant=ordre[1]), op="retirer", combattant=ordre[2])
        assert r3["vue"]["tour"] == 0 and r3["vue"]["combattants"] == []
        with pytest.raises(JdrErreur, match="aucun combattant"):
            op(r3, op="retirer", combattant=1)


class TestInitiative:
    """L'ordre d'action, les tours, le retardataire."""

    def test_ordre_et_tour(self) -> None:
        r = op(combat("Lina", "Marek", "Sacha"), op="initiative", graine=11)
        v = r["vue"]
        inits = [(c["initiative"], c["agi"]) for c in v["combattants"]]
        assert inits == sorted(inits, reverse=True)
        assert v["tour"] == 1 and v["actif"] == v["combattants"][0]["id"] and r["graine"] == 11
        assert r["message"].startswith("Initiative, dans l'ordre d'action :\n1. ")
        assert "graine" not in r["message"].lower()
        assert [c["rang"] for c in v["combattants"]] == [1, 2, 3]

    def test_meme_graine_meme_ordre(self) -> None:
        r = combat("Lina", "Marek", "Sacha")
        assert op(r, op="initiative", graine=5) == op(r, op="initiative", graine=5)

    def test_graine_neuve(self) -> None:
        r = op(combat("Lina"), op="initiative")
        assert isinstance(r["graine"], int) and 0 <= r["graine"] < 2**53

    def test_sans_combattant(self) -> None:
        with pytest.raises(JdrErreur, match="au moins un combattant"):
            op(combat(), op="initiative")

    def test_suivant_puis_nouveau_tour(self) -> None:
        r = op(combat("Lina", "Marek"), op="initiative", graine=2)
        ids = [c["id"] for c in r["vue"]["combattants"]]
        r = op(r, op="suivant")
        assert r["vue"]["actif"] == ids[1] and r["vue"]["tour"] == 1
        r = op(r, op="suivant")
        assert r["vue"]["actif"] == ids[0] and r["vue"]["tour"] == 2
        assert r["message"].startswith("Nouveau tour (tour 2) : à ")
        r = op(r, op="nouveau_tour")
        assert r["vue"]["tour"] == 3 and r["vue"]["actif"] == ids[0]

    @pytest.mark.parametrize("genre", ["suivant", "nouveau_tour"])
    def test_avant_initiative(self, genre: str) -> None:
        with pytest.raises(JdrErreur, match="Lancez d'abord l'initiative"):
            op(combat("Lina"), op=genre)

    def test_suivant_saute_les_ko(self) -> None:
        r = op(combat("Lina", "Marek", "Sacha"), op="initiative", graine=2)
        ids = [c["id"] for c in r["vue"]["combattants"]]
        # Le deuxième tombe KO (dégâts au-dessus de toute carac, dé faible) : on l'enjambe.
        for graine in range(200):
            r2 = op(r, op="encaisser", cible=ids[1], degats=9, ko="VOL", graine=graine)
            if par_nom(r2, next(c["nom"] for c in r2["vue"]["combattants"] if c["id"] == ids[1]))["etat"] == "ko":
                break
        else:
            pytest.fail("aucune graine ne met KO")
        assert op(r2, op="suivant")["vue"]["actif"] == ids[2]

    def test_celui_qui_agit_tombe(self) -> None:
        r = op(combat("Lina", "Marek"), op="initiative", graine=2)
        actif = r["vue"]["actif_nom"]
        r = op(r, op="encaisser", cible=r["vue"]["actif"], degats=40, graine=1)
        assert r["vue"]["au_tour"].startswith(f"{actif} ne peut pas agir (état : ")
        assert r["vue"]["au_tour"].endswith(" : passez au suivant.")
        autre = next(c for c in r["vue"]["combattants"] if c["nom"] != actif)
        assert op(r, op="suivant")["vue"]["actif"] == autre["id"]

    def test_relancer_garde_le_tour(self) -> None:
        r = op(op(combat("Lina", "Marek"), op="initiative", graine=2), op="nouveau_tour")
        r = op(r, op="initiative", graine=3)
        assert r["vue"]["tour"] == 2 and "\nTour 2 : à " in r["message"]

    def test_personne_ne_peut_agir(self) -> None:
        r = op(combat("Lina"), op="initiative", graine=1)
        r = op(r, op="encaisser", cible=1, degats=30, graine=1)
        with pytest.raises(JdrErreur, match="Plus personne ne peut agir"):
            op(r, op="suivant")
        with pytest.raises(JdrErreur, match="Plus personne ne peut agir"):
            op(r, op="nouveau_tour")

    def test_retardataire(self) -> None:
        r = op(combat("Lina", "Marek"), op="initiative", graine=3)
        r = op(r, op="ajouter", nom="Zoé", agi=10, graine=8)
        v = r["vue"]
        inits = [(c["initiative"], c["agi"]) for c in v["combattants"]]
        assert inits == sorted(inits, reverse=True) and "Zoé" in [c["nom"] for c in v["combattants"]]
        assert r["message"].startswith("Zoé entre dans le combat en cours. Initiative : ")
        assert r["graine"] == 8


class TestAttaque:
    """L'attaque passe par le cœur : difficulté, dé ouvert, dégâts, cascade, jet de KO."""

    def base(self) -> Reponse:
        r = combat("Lina", "Marek", agi=5, con=3, vol=3, contact=5, tir=5, arme_contact=8, arme_tir=10)
        return op(r, op="initiative", graine=1)

    def test_contact(self) -> None:
        r = op(self.base(), op="attaquer", attaquant=2, cible=1, mode="contact", ko="CON", graine=4)
        lignes = r["message"].split("\n")
        assert lignes[0] == "Marek attaque Lina au contact : difficulté 5 + AGI 5 + Esquive 2 = 12."
        assert lignes[1].startswith("Dé : ") and r["graine"] == 4

    def test_tir_distance_et_couvert(self) -> None:
        r = op(self.base(), op="attaquer", attaquant=2, cible=1, mode="tir", distance="12", couvert="lourd",
               graine=4)
        assert r["message"].startswith(
            "Marek attaque Lina à distance, cible derrière un couvert lourd (mur, porte en métal) : "
            "difficulté 5 + distance 6 (12 m) + Esquive 2 = 13.")
        if "Dégâts" in r["message"]:
            assert "couvert 10" in r["message"]

    def test_rejouable(self) -> None:
        r = self.base()
        a = op(r, op="attaquer", attaquant=1, cible=2, graine=9)
        assert a == op(r, op="attaquer", attaquant=1, cible=2, graine=9)

    def test_blessure_et_ko(self) -> None:
        """Sur de nombreuses graines, une touche blesse, la cascade se lit, le KO s'affiche."""
        vus = set()
        for graine in range(150):
            r = op(self.base(), op="attaquer", attaquant=2, cible=1, graine=graine)
            lina = par_nom(r, "Lina")
            vus.add(lina["etat"])
            if "L'attaque manque." in r["message"]:
                assert lina["blessures"] == "aucune blessure"
            else:
                assert "Dégâts : " in r["message"]
            if lina["etat"] == "ko":
                assert r["message"].endswith("Lina tombe KO.")
        assert {"debout", "ko"} <= vus

    def test_cascade_visible(self) -> None:
        r = op(self.base(), op="encaisser", cible=1, degats=3, graine=1)
        r = op(r, op="encaisser", cible=1, degats=2, graine=1)
        assert "deux légères font une grave" in r["message"]
        lina = par_nom(r, "Lina")
        assert (lina["legeres"], lina["graves"], lina["malus"], lina["malus_texte"]) == (0, 1, 2, "−2")

    def test_malus_de_l_attaquant(self) -> None:
        r = op(self.base(), op="encaisser", cible=2, degats=7, ko="CON", graine=0)
        r = op(r, op="reveiller", combattant=2) if par_nom(r, "Marek")["etat"] == "ko" else r
        a = op(r, op="attaquer", attaquant=2, cible=1, graine=3)
        assert "− 2 = " in a["message"] and "malus de blessures de Marek (−2)" in a["message"]

    @pytest.mark.parametrize("champs,erreur", [
        ({"attaquant": 1, "cible": 1}, "s'attaquer"),
        ({"attaquant": 1, "cible": 9}, "Aucun combattant n° 9"),
        ({"attaquant": 1}, "Choisissez la cible"),
        ({"attaquant": 1, "cible": 2, "mode": "magie"}, "Mode d'attaque inconnu"),
        ({"attaquant": 1, "cible": 2, "mode": "tir"}, "Distance"),
        ({"attaquant": 1, "cible": 2, "mode": "tir", "distance": 501}, "Distance"),
        ({"attaquant": 1, "cible": 2, "couvert": "nuage"}, "Couvert inconnu"),
        ({"attaquant": 1, "cible": 2, "ko": "FOR"}, "jet de KO inconnu"),
        ({"attaquant": 1, "cible": 2, "graine": -1}, "Graine"),
    ])
    def test_refus(self, champs: dict[str, Any], erreur: str) -> None:
        with pytest.raises(JdrErreur, match=erreur):
            op(self.base(), op="attaquer", **champs)

    def test_eraflure_sans_jet_de_ko(self) -> None:
        """Une touche qui ne blesse pas (éraflure) : le message dit « pas de jet de KO », sans dé de KO."""
        r = combat("Lina", "Marek", agi=5, con=10, vol=3, contact=1, arme_contact=0, armure=5)
        r = op(r, op="initiative", graine=1)
        vues = 0
        for graine in range(60):
            a = op(r, op="attaquer", attaquant=2, cible=1, ko="CON", graine=graine)
            if "L'attaque manque." in a["message"]:
                continue
            vues += 1
            assert "une éraflure" in a["message"]
            assert a["message"].endswith("Une éraflure ne blesse pas : pas de jet de KO.")
            assert "Jet de KO" not in a["message"] and "dépasse les dégâts" not in a["message"]
            assert par_nom(a, "Lina")["etat"] == "debout"
        assert vues
        e = op(r, op="encaisser", cible=1, degats=-5, ko="CON", graine=1)
        assert e["message"].splitlines()[-1] == "Une éraflure ne blesse pas : pas de jet de KO."

    def test_reussite_automatique(self) -> None:
        """Sans dé d'attaque : la touche est sûre, sans marge ; seul le dé des dégâts roule."""
        r = combat("Lina", "Marek", agi=5, con=3, vol=3, contact=10, esquive=0)
        r = op(r, op="initiative", graine=1)
        for graine in range(20):
            a = op(r, op="attaquer", attaquant=2, cible=1, automatique=True, graine=graine)
            lignes = a["message"].splitlines()
            assert lignes[1] == "Pas de dé : 5 + 10 dépasse déjà 10 ; réussite automatique, sans marge."
            assert "+ marge 0 +" in lignes[2] and "L'attaque manque." not in a["message"]
        # Sans la case, le dé d'attaque roule comme d'habitude.
        assert op(r, op="attaquer", attaquant=2, cible=1, graine=0)["message"].splitlines()[1].startswith("Dé : ")

    def test_reussite_automatique_malus_ne_joue_pas(self) -> None:
        """Un attaquant blessé : sans dé, son malus ne retire rien, et le message le dit."""
        r = combat("Lina", "Marek", agi=5, con=3, vol=10, contact=10, esquive=0)
        r = op(r, op="initiative", graine=1)
        r = op(r, op="encaisser", cible=2, degats=3, ko="VOL", graine=1)
        a = op(r, op="attaquer", attaquant=2, cible=1, automatique=True, graine=2)
        assert "Sans dé, le malus de blessures de Marek (−1) ne joue pas." in a["message"]
        assert "+ marge 0 +" in a["message"]

    def test_reussite_automatique_refusee(self) -> None:
        """Pas permise (AGI + compétence ne dépasse pas la difficulté) : refusée en français, rien ne change."""
        avant = self.base()
        with pytest.raises(JdrErreur, match=r"Réussite automatique impossible pour Marek : ni son AGI \(5\) ni "
                                            r"AGI \+ corps à corps \(5 \+ 5 = 10\) ne dépasse la difficulté \(12\)"):
            op(avant, op="attaquer", attaquant=2, cible=1, automatique=True, graine=1)
        with pytest.raises(JdrErreur, match="oui ou non"):
            op(avant, op="attaquer", attaquant=2, cible=1, automatique="oui", graine=1)

    def test_attaquant_ko_ou_cible_morte(self) -> None:
        r = op(self.base(), op="encaisser", cible=1, degats=40, graine=1)
        assert par_nom(r, "Lina")["etat"] in {"agonie", "mort"}
        with pytest.raises(JdrErreur, match="impossible d'attaquer"):
            op(r, op="attaquer", attaquant=1, cible=2)
        with pytest.raises(JdrErreur, match="déjà hors de combat"):
            op(r, op="attaquer", attaquant=2, cible=1)


class TestMortEtSurvie:
    """Le coup mortel : KO d'office, survie jusqu'aux soins, puis un jet par jour."""

    def agonisant(self) -> Reponse:
        # Mort par la cascade (deux critiques) avec des dégâts faibles : la survie est jouable.
        for graine in range(300):
            r = combat("Lina", "Marek", con=10, vol=10)
            r = op(r, op="encaisser", cible=1, degats=12, graine=graine)
            r = op(r, op="encaisser", cible=1, degats=11, graine=graine)
            if par_nom(r, "Lina")["etat"] == "agonie":
                return r
        pytest.fail("aucune graine ne laisse Lina à l'agonie")

    def test_coup_mortel(self) -> None:
        r = combat("Lina", con=2)
        r = op(r, op="encaisser", cible=1, degats=30, graine=1)
        lignes = r["message"].split("\n")
        assert any(ligne.endswith("qui met KO d'office.") for ligne in lignes)
        assert any(ligne.startswith("Jet de survie") for ligne in lignes)
        assert par_nom(r, "Lina")["etat"] == "mort" and lignes[-1] == "Lina succombe."

    def test_cascade_jusqu_a_la_mort(self) -> None:
        r = self.agonisant()
        lina = par_nom(r, "Lina")
        assert lina["degats_mortels"] == 11 and lina["blessures"] == "coup mortel"
        assert "deux critiques font la mort" in r["message"]
        assert lina["survie_texte"] == "jets de survie contre 11, aucun jour sans soins jusqu'ici"

    def test_jours_sans_soins(self) -> None:
        r = self.agonisant()
        for jour in range(1, 40):
            r = op(r, op="survie", combattant=1)
            lina = par_nom(r, "Lina")
            assert lina["jours_sans_soins"] == jour
            assert r["message"].startswith("Lina, ")
            if lina["etat"] == "mort":
                assert r["message"].endswith("Lina succombe.")
                break
        with pytest.raises(JdrErreur, match="pas à l'agonie"):
            op(r, op="soigner", combattant=2)

    def test_soins(self) -> None:
        r = op(self.agonisant(), op="soigner", combattant=1)
        assert par_nom(r, "Lina")["etat"] == "soigne"
        assert r["message"] == "Lina reçoit des soins : plus de jet de survie."
        with pytest.raises(JdrErreur, match="pas à l'agonie"):
            op(r, op="survie", combattant=1)
        with pytest.raises(JdrErreur, match="pas à l'agonie"):
            op(r, op="soigner", combattant=1)

    def test_reveil(self) -> None:
        r = combat("Lina", vol=1, con=1)
        for graine in range(100):
            r2 = op(r, op="encaisser", cible=1, degats=9, graine=graine)
            if par_nom(r2, "Lina")["etat"] == "ko":
                break
        r3 = op(r2, op="reveiller", combattant=1)
        assert par_nom(r3, "Lina")["etat"] == "debout" and r3["message"] == "Lina reprend connaissance."
        with pytest.raises(JdrErreur, match="pas KO"):
            op(r3, op="reveiller", combattant=1)

    def test_encaisser_refus(self) -> None:
        with pytest.raises(JdrErreur, match="Dégâts"):
            op(combat("Lina"), op="encaisser", cible=1, degats=81)
        with pytest.raises(JdrErreur, match="Dégâts"):
            op(combat("Lina"), op="encaisser", cible=1)


def autre_nom(etat: dict[str, Any]) -> Any:
    """Le nom d'un autre combattant (pour fabriquer un doublon)."""
    return etat["combattants"][1]["nom"].upper()


def autre_id(etat: dict[str, Any]) -> Any:
    """Le numéro d'un autre combattant (pour fabriquer un doublon)."""
    return etat["combattants"][1]["id"]


class TestSauvegarde:
    """L'état JSON : aller-retour, et tout état abîmé refusé en français."""

    def test_aller_retour(self) -> None:
        r = op(combat("Lina", "Marek"), op="initiative", graine=3)
        r = op(r, op="encaisser", cible=1, degats=7, graine=3)
        etat = json.loads(json.dumps(r["etat"]))
        assert Combat.depuis_json(etat).en_json() == r["etat"]

    @staticmethod
    def corrompre(chemin: tuple[Any, ...], valeur: Any) -> dict[str, Any]:
        r = op(combat("Lina", "Marek"), op="initiative", graine=3)
        etat = copy.deepcopy(r["etat"])
        cible = etat
        for cle in chemin[:-1]:
            cible = cible[cle]
        if valeur is KeyError:
            del cible[chemin[-1]]
        elif callable(valeur):
            cible[chemin[-1]] = valeur(etat)
        else:
            cible[chemin[-1]] = valeur
        return etat

    @pytest.mark.parametrize("chemin,valeur", [
        (("version",), VERSION + 1), (("version",), KeyError), (("version",), 0), (("version",), "2"),
        (("genre",), "encore.fiche"), (("genre",), KeyError), (("nom",), ""), (("nom",), 5),
        (("tour",), -1), (("tour",), "1"), (("tour",), 0), (("actif",), 99), (("actif",), True),
        (("ordre",), [1]), (("ordre",), "12"), (("ordre",), [1, 1]), (("prochain_id",), 2),
        (("combattants",), "x"), (("combattants",), [1, 2]), (("combattants", 0, "agi"), 11),
        (("combattants", 0, "nom"), autre_nom), (("combattants", 0, "id"), autre_id),
        (("combattants", 0, "con"), KeyError),
        (("combattants", 0, "etat"), "endormi"), (("combattants", 0, "etat"), "agonie"),
        (("combattants", 0, "blessures"), None), (("combattants", 0, "blessures", "legeres"), 2),
        (("combattants", 0, "blessures", "mort"), "non"), (("combattants", 0, "blessures", "mort"), True),
        (("combattants", 0, "init"), None), (("combattants", 0, "init"), {"de": 11, "agi": 5}),
        (("combattants", 0, "init", "departage"), [0]), (("combattants", 0, "degats_mortels"), 5),
        (("combattants", 0, "jours"), 3), (("journal",), "x"), (("journal",), ["x"] * (JOURNAL_MAX + 1)),
        (("journal",), [3]),
    ])
    def test_refus(self, chemin: tuple[Any, ...], valeur: Any) -> None:
        etat = self.corrompre(chemin, valeur)
        with pytest.raises(JdrErreur, match=r"^Combat illisible"):
            operer(etat, {"op": "lire"})

    def test_ordre_qui_ne_suit_pas_l_initiative(self) -> None:
        r = op(combat("Lina", "Marek"), op="initiative", graine=3)
        etat = copy.deepcopy(r["etat"])
        a, b = etat["combattants"]
        a["init"], b["init"] = {"de": 1, "agi": 5, "departage": []}, {"de": 9, "agi": 5, "departage": []}
        etat["ordre"] = [a["id"], b["id"]]
        with pytest.raises(JdrErreur, match="ne suit pas les jets d'initiative"):
            operer(etat, {"op": "lire"})

    @pytest.mark.parametrize("etat", [None, [], "texte", 3, {}, {"version": 1}])
    def test_pas_un_combat(self, etat: object) -> None:
        with pytest.raises(JdrErreur, match=r"^Combat illisible"):
            operer(etat, {"op": "lire"})

    @pytest.mark.parametrize("operation", [None, [], "lire", {"op": "pirate"}, {}])
    def test_operation_illisible(self, operation: object) -> None:
        with pytest.raises(JdrErreur):
            operer(combat("Lina")["etat"], operation)

    def test_journal_borne(self) -> None:
        r = op(combat("Lina", "Marek"), op="initiative", graine=3)
        for _ in range(JOURNAL_MAX + 5):
            r = op(r, op="nouveau_tour")
        assert len(r["vue"]["journal"]) == JOURNAL_MAX and r["vue"]["journal"][-1] == r["message"]


# --- Suites d'opérations au hasard ----------------------------------------------------------

NOMS = st.sampled_from(["Lina", "Marek", "Sacha", "Zoé", "lina", "", "Un nom bien trop long pour ce suivi de combat"])
IDS = st.one_of(st.integers(0, 8), st.sampled_from(["1", "2", "x", "", None]))
PETITS = st.one_of(st.integers(-3, 14), st.sampled_from(["5", "", "abc", None, True]))

OPERATIONS = st.one_of(
    st.fixed_dictionaries({"op": st.just("ajouter"), "nom": NOMS, "agi": PETITS, "con": PETITS, "vol": PETITS,
                           "contact": PETITS, "armure": PETITS}),
    st.fixed_dictionaries({"op": st.just("modifier"), "combattant": IDS, "agi": PETITS, "nom": NOMS}),
    st.fixed_dictionaries({"op": st.just("retirer"), "combattant": IDS}),
    st.just({"op": "initiative"}), st.just({"op": "suivant"}), st.just({"op": "nouveau_tour"}),
    st.just({"op": "lire"}),
    st.fixed_dictionaries({"op": st.just("attaquer"), "attaquant": IDS, "cible": IDS,
                           "mode": st.sampled_from(["contact", "tir", "x"]),
                           "distance": st.one_of(st.integers(-1, 600), st.none()),
                           "couvert": st.sampled_from(["aucun", "leger", "moyen", "lourd", "?"]),
                           "ko": st.sampled_from(["VOL", "CON", "INT"])}),
    st.fixed_dictionaries({"op": st.just("encaisser"), "cible": IDS, "degats": st.integers(-70, 90),
                           "ko": st.sampled_from(["VOL", "CON"])}),
    st.fixed_dictionaries({"op": st.just("survie"), "combattant": IDS}),
    st.fixed_dictionaries({"op": st.just("soigner"), "combattant": IDS}),
    st.fixed_dictionaries({"op": st.just("reveiller"), "combattant": IDS}),
    st.fixed_dictionaries({"op": st.text(max_size=8)}),
)


@given(st.lists(st.tuples(OPERATIONS, st.integers(0, 2**53 - 1)), max_size=25))
def test_suites_au_hasard(suite: list[tuple[dict[str, Any], int]]) -> None:
    """Toute suite d'opérations rend un combat valide ou lève JdrErreur sans rien changer."""
    r = combat("Lina", "Marek")
    for operation, graine in suite:
        try:
            nouveau = operer(r["etat"], {**operation, "graine": graine})
        except JdrErreur as erreur:
            assert str(erreur)  # un message en mots, jamais vide
            continue
        etat = json.loads(json.dumps(nouveau["etat"]))
        assert Combat.depuis_json(etat).en_json() == nouveau["etat"]  # l'état rendu se relit tel quel
        assert operer(etat, {"op": "lire"})["vue"] == nouveau["vue"]
        v = nouveau["vue"]
        if v["tour"]:
            totaux = [c["initiative"] for c in v["combattants"]]
            assert totaux == sorted(totaux, reverse=True)
            assert v["actif"] in [c["id"] for c in v["combattants"]]
        for c in v["combattants"]:
            assert c["legeres"] <= 1 and c["graves"] <= 1 and c["critiques"] <= 1
        assert len(json.dumps(nouveau, ensure_ascii=False)) < 100_000
        r = nouveau


JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 20) | st.text(max_size=6),
    lambda enfants: st.lists(enfants, max_size=3) | st.dictionaries(st.text(max_size=6), enfants, max_size=3),
    max_leaves=6,
)


def _chemins(valeur: Any, prefixe: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    chemins = [prefixe] if prefixe else []
    if isinstance(valeur, dict):
        for cle, sous in valeur.items():
            chemins += _chemins(sous, (*prefixe, cle))
    elif isinstance(valeur, list):
        for i, sous in enumerate(valeur):
            chemins += _chemins(sous, (*prefixe, i))
    return chemins


@given(st.data())
def test_etat_abime_au_hasard(data: st.DataObject) -> None:
    """Un champ quelconque remplacé par n'importe quelle valeur JSON : relu tel quel, ou refusé en français."""
    r = op(op(combat("Lina", "Marek"), op="initiative", graine=1), op="encaisser", cible=1, degats=7, graine=1)
    etat = copy.deepcopy(r["etat"])
    chemin = data.draw(st.sampled_from(_chemins(etat)))
    cible = etat
    for cle in chemin[:-1]:
        cible = cible[cle]
    cible[chemin[-1]] = data.draw(JSON)
    try:
        relu = operer(etat, {"op": "lire"})
    except JdrErreur as erreur:
        assert str(erreur).startswith("Combat illisible")
        return
    assert Combat.depuis_json(relu["etat"]).en_json() == relu["etat"]
