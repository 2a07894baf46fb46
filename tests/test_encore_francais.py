"""enCORE en français : chaque phrase que le cœur et la fiche fabriquent, pour zéro, un et plusieurs."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest

from jdr_core.des import DesScriptes
from jdr_core.encore.dangers import DANGERS, PAR_CLE, affronter, danger
from jdr_core.encore.fiche import Blessure, Fiche
from jdr_core.encore.lanceurs import DANGER, RESERVE, TABLES
from jdr_core.encore.reserve import Difficulte, Hypothese, chances, lancer_reserve
from jdr_core.encore.suivi import bilan, message_demande, operer, phrase_jet
from jdr_core.encore.ton import Evenement, Palier, Ton
from jdr_core.erreurs import JdrErreur
from jdr_core.francais import en_minuscule, enumerer

#: Ce qu'aucune phrase montrée à un joueur ne doit contenir.
INTERDITS = re.compile(r"\(s\)|None|True|False|is not a valid|Traceback|'[a-z_]+'|\(\w[^()]*\([^()]*\)[^()]*\)")


def sans_restes(phrase: str) -> str:
    assert not INTERDITS.search(phrase), phrase
    assert "-1" not in phrase and "+-" not in phrase, phrase  # le vrai signe moins
    return phrase


def creer(ton: str = "raw", nom: str = "Ada") -> Any:
    return operer(None, {"op": "creer", "nom": nom, "ton": ton})["etat"]


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


class TestJet:
    """La phrase d'une réserve : aucun, un, plusieurs succès ; Coup d'éclat."""

    @pytest.mark.parametrize(("faces", "attendu"), [
        ((1, 2), "2d6 (1, 2) en Standard : aucun succès, échec."),
        ((5,), "1d6 (5) en Standard : 1 succès, réussite."),
        ((6, 5, 1), "3d6 (6, 5, 1) en Standard : 2 succès, réussite."),
    ])
    def test_succes(self, faces: tuple[int, ...], attendu: str) -> None:
        jet = lancer_reserve(len(faces), des=DesScriptes(faces))
        assert sans_restes(str(jet)) == attendu

    def test_difficile_partielle(self) -> None:
        jet = lancer_reserve(2, difficulte=Difficulte.DIFFICILE, des=DesScriptes([6, 1]))
        assert str(jet) == "2d6 (6, 1) en Difficile : 1 succès, réussite partielle."

    def test_coup_d_eclat(self) -> None:
        jet = lancer_reserve(0, coup_d_eclat=True, des=DesScriptes([1, 1, 1, 1]))
        assert str(jet) == "4d6 (1, 1, 1, 1) en Standard, Coup d'éclat : aucun succès, réussite."

    @pytest.mark.parametrize(("attribut", "attendu"), [("INT", "Jet d'INT"), ("CON", "Jet de CON")])
    def test_phrase_jet(self, attribut: str, attendu: str) -> None:
        jet = lancer_reserve(1, des=DesScriptes([2]))
        assert phrase_jet(attribut, jet) == f"{attendu}, Standard : 1d6 (2), aucun succès, échec."


class TestChances:
    """Les chances en une phrase : pourcentages, « impossible », « assurée »."""

    def test_trois_issues(self) -> None:
        assert str(chances(3, difficulte=Difficulte.DIFFICILE)) == (
            "Réussite 25,9 %, réussite partielle 44,4 %, échec 29,6 %.")

    def test_impossible_et_assuree(self) -> None:
        assert str(chances(0, coup_d_eclat=True)) == (
            "Réussite assurée, réussite partielle impossible, échec impossible.")

    def test_echec_assure(self) -> None:
        jamais = Hypothese(requis={Difficulte.STANDARD: 2, Difficulte.DIFFICILE: 3})
        assert str(chances(1, hypothese=jamais, difficulte=Difficulte.DIFFICILE)) == (
            "Réussite impossible, réussite partielle 33,3 %, échec 66,7 %.")


class TestFiche:
    """La fiche lue à voix haute : jauges, états, blessures (aucune, une, plusieurs)."""

    @pytest.mark.parametrize(("gene", "durable", "attendu"), [
        ((), False, "commotion (actions gênées à préciser)"),
        (("tir",), False, "commotion (−1d6 pour tir)"),
        (("tir", "course"), True, "commotion (−1d6 pour tir et course, durable)"),
        ((), True, "commotion (actions gênées à préciser, durable)"),
    ])
    def test_blessure(self, gene: tuple[str, ...], durable: bool, attendu: str) -> None:
        assert str(Blessure("commotion", Palier.BLESSE, gene, durable)) == attendu

    def test_sans_blessure(self) -> None:
        assert str(Fiche.nouvelle("Gideon", Ton.BLOCKBUSTER)) == (
            "Gideon (Blockbuster) : Santé 8/8, valide ; Stress 0/6.\nAucune blessure.")

    def test_une_blessure(self) -> None:
        f = Fiche.nouvelle("Ada", Ton.RAW).subir(2, [("entorse", ["course"])])
        assert str(f).splitlines()[1] == "1 blessure : entorse (−1d6 pour course)."

    def test_plusieurs_blessures(self) -> None:
        f = Fiche.nouvelle("Ada", Ton.RAW).subir(6, [("a", []), ("b", ["tir"]), ("c", [])])
        assert str(f) == ("Ada (Raw) : Santé 0/6, hors de combat ; Stress 0/6.\n"
                          "3 blessures : a (actions gênées à préciser), b (−1d6 pour tir), "
                          "c (actions gênées à préciser).")

    @pytest.mark.parametrize(("fiche", "attendu"), [
        (Fiche("L", Ton.BLOCKBUSTER, 8, 6), "L (Blockbuster) : Santé 8/8, valide ; Stress 6/6, Coup d'éclat prêt."),
        (Fiche("A", Ton.RAW, 6, 6), "A (Raw) : Santé 6/6, valide ; Stress 6/6, en Rupture."),
        (Fiche("A", Ton.RAW, 6, 6, mode_rupture="fuite"),
         "A (Raw) : Santé 6/6, valide ; Stress 6/6, en Rupture (fuite)."),
        (Fiche("A", Ton.RAW, 2, 4),
         "A (Raw) : Santé 2/6, palier « gravement blessé » ; Stress 4/6, −1d6 à tous les jets."),
    ])
    def test_jauges(self, fiche: Fiche, attendu: str) -> None:
        assert fiche.jauges == attendu

    @pytest.mark.parametrize(("degats", "attendu"), [
        (0, "Sans dégâts, Ada garde 6 Santé : aucun palier franchi, aucune blessure à nommer."),
        (1, "1 dégât fait passer Ada de 6 à 5 Santé : aucun palier franchi, donc aucune blessure à nommer."),
        (2, "2 dégâts font passer Ada de 6 à 4 Santé : 1 palier franchi (blessé), donc 1 blessure à nommer."),
        (9, "9 dégâts font passer Ada de 6 à 0 Santé : 3 paliers franchis (blessé, gravement blessé, "
            "hors de combat), donc 3 blessures à nommer."),
    ])
    def test_prevoir_degats(self, degats: int, attendu: str) -> None:
        assert sans_restes(Fiche.nouvelle("Ada", Ton.RAW).prevoir_degats(degats)) == attendu


class TestDanger:
    """Éviter, éviter avec complication, subir ; jamais de parenthèses imbriquées."""

    def test_reussite(self) -> None:
        e = affronter(Fiche.nouvelle("Ada", Ton.RAW), PAR_CLE["incendie"], 2, des=DesScriptes([5, 6]))
        assert str(e) == "Ada évite le danger (incendie)."

    def test_partielle(self) -> None:
        e = affronter(Fiche.nouvelle("Ada", Ton.RAW), PAR_CLE["incendie"], 2, des=DesScriptes([5, 1]))
        assert str(e) == "Ada évite le danger (incendie), mais une complication surgit."

    def test_echec_sante_et_stress(self) -> None:
        e = affronter(Fiche.nouvelle("Ada", Ton.RAW), PAR_CLE["noyade"], 1, des=DesScriptes([1]),
                      blessures=[("poumons", [])])
        assert sans_restes(str(e)) == "Ada subit le danger (noyade ou asphyxie) : −2 Santé, +1 Stress."

    def test_echec_sante_seule(self) -> None:
        e = affronter(Fiche.nouvelle("Ada", Ton.RAW), PAR_CLE["poison"], 1, des=DesScriptes([1]),
                      blessures=[("nausée", [])])
        assert str(e) == "Ada subit le danger (poison) : −2 Santé."

    def test_echec_sans_effet(self) -> None:
        f = Fiche("Ada", Ton.RAW, 0, 0)
        e = affronter(f, PAR_CLE["poison"], 1, des=DesScriptes([1]))
        assert str(e) == "Ada subit le danger (poison) : rien de plus ne change."

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


class TestSuivi:
    """Les messages de la fiche de suivi : ce qui change, sans graine ni « (s) »."""

    @pytest.mark.parametrize(("degats", "blessures", "attendu"), [
        (0, [], "Ada ne perd pas de Santé : rien ne change (Santé 6, Stress 0)."),
        (1, [], "Ada perd 1 Santé : Santé 6 → 5."),
        (2, [{"nom": "entorse", "gene": "course"}], "Ada perd 2 Santé : Santé 6 → 4."),
    ])
    def test_subir(self, degats: int, blessures: list[Any], attendu: str) -> None:
        r = operer(creer(), {"op": "subir", "degats": degats, "blessures": blessures})
        assert r["message"] == attendu

    def test_subir_blockbuster_stress(self) -> None:
        r = operer(creer("blockbuster", "Gideon"), {"op": "subir", "degats": 1})
        assert r["message"] == "Gideon perd 1 Santé : Santé 8 → 7, Stress 0 → 1."

    @pytest.mark.parametrize(("paliers", "attendu"), [
        (1, "1 palier franchi : nommez la blessure."),
        (2, "2 paliers franchis : nommez chaque blessure."),
        (3, "3 paliers franchis : nommez chaque blessure."),
    ])
    def test_demande(self, paliers: int, attendu: str) -> None:
        assert message_demande(paliers) == attendu

    def test_demande_par_operer(self) -> None:
        r = operer(creer(), {"op": "subir", "degats": 2})
        assert r["message"] == "1 palier franchi : nommez la blessure." and "graine" not in r

    def test_bilan(self) -> None:
        a = Fiche("A", Ton.RAW, 3, 2)
        assert bilan(a, a) == "rien ne change (Santé 3, Stress 2)"
        assert bilan(a, Fiche("A", Ton.RAW, 4, 2)) == "Santé 3 → 4"
        assert bilan(a, Fiche("A", Ton.RAW, 4, 1)) == "Santé 3 → 4, Stress 2 → 1"

    def test_evenement_toujours_avec_jet_en_raw(self) -> None:
        """En Raw, le jet de CON Standard n'est pas facultatif : la case « resister » décochée
        (ancien état, ancien lien) n'empêche pas le jet, et sans CON la fiche la demande."""
        r = operer(creer(), {"op": "evenement", "evenement": "Horreur", "con": 2, "graine": 5})
        assert sans_restes(r["message"]).startswith(("Horreur, Ada résiste : ", "Horreur, Ada ne résiste pas : "))
        with pytest.raises(JdrErreur, match="CON"):
            operer(creer(), {"op": "evenement", "evenement": "Horreur"})

    def test_evenement_avec_jet(self) -> None:
        r = operer(creer(), {"op": "evenement", "evenement": "horreur", "resister": True, "con": 2, "graine": 5})
        assert sans_restes(r["message"]).startswith(("Horreur, Ada résiste : ", "Horreur, Ada ne résiste pas : "))
        assert "Jet de CON, Standard : 2d6 (" in r["message"]
        assert "graine" not in r["message"] and r["graine"] == 5

    def test_premiers_soins_jet(self) -> None:
        etat = operer(creer(), {"op": "subir", "degats": 1})["etat"]
        r = operer(etat, {"op": "premiers_soins", "int": 3, "graine": 8149})
        assert re.fullmatch(r"Premiers soins (réussis : Santé 5 → 6|ratés : rien ne change \(Santé 5, Stress 0\))\. "
                            r"Jet d'INT, Standard : 3d6 \(\d, \d, \d\), [^.]+\.", r["message"]), r["message"]
        assert r["graine"] == 8149

    def test_ramener(self) -> None:
        etat = Fiche("Ada", Ton.RAW, 6, 6).en_json()
        messages = {operer(etat, {"op": "ramener", "cha": 1, "graine": g})["message"].split(".")[0]
                    for g in range(20)}
        assert messages == {"Ada reste en Rupture", "Ada revient à la raison : Stress 6 → 5"}

    @pytest.mark.parametrize(("etat", "op", "attendu"), [
        (Fiche("A", Ton.RAW, 6, 3), {"op": "relance"}, "Relance : Stress 3 → 4."),
        (Fiche("A", Ton.BLOCKBUSTER, 8, 6), {"op": "relance"}, "Relance : rien ne change (Santé 8, Stress 6)."),
        (Fiche("A", Ton.BLOCKBUSTER, 8, 6), {"op": "coup_d_eclat"},
         "Coup d'éclat déclaré, +3d6 et impossible d'échouer : Stress 6 → 3."),
        (Fiche("A", Ton.RAW, 3, 5), {"op": "repos", "duree": "pause"}, "Pause sûre : Stress 5 → 4."),
        (Fiche("A", Ton.RAW, 3, 5), {"op": "repos", "duree": "scene"}, "Scène de repos : Santé 3 → 4, Stress 5 → 4."),
        (Fiche("A", Ton.RAW, 3, 5), {"op": "repos", "duree": "longue"},
         "Nuit en sécurité : Santé 3 → 4, Stress 5 → 0."),
        (Fiche("A", Ton.RAW, 3, 5), {"op": "nouvelle_scene"},
         "Nouvelle scène : premiers soins et Réconfort redeviennent possibles."),
        (Fiche("A", Ton.RAW, 3, 5), {"op": "premiers_soins", "reussi": False},
         "Premiers soins ratés : rien ne change (Santé 3, Stress 5)."),
        (Fiche("A", Ton.RAW, 6, 6), {"op": "rupture", "mode": "fuite"},
         "A craque : fuite."),
    ])
    def test_operations_simples(self, etat: Fiche, op: dict[str, Any], attendu: str) -> None:
        assert operer(etat.en_json(), op)["message"] == attendu

    def test_blessure_durable(self) -> None:
        etat = operer(creer(), {"op": "subir", "degats": 2, "blessures": [{"nom": "os", "gene": ""}]})["etat"]
        r = operer(etat, {"op": "rendre_durable", "blessure": "os"})
        assert r["message"] == "La blessure « os » devient durable."
        r = operer(r["etat"], {"op": "guerir_durable", "blessure": "os", "soins": True, "jours": 3})
        assert r["message"].startswith("La blessure durable « os » est guérie : ")


ADA = Fiche.nouvelle("Ada", Ton.RAW)
SAUVEGARDE = {"version": 1, "nom": "A", "ton": "raw", "sante": 3, "stress": 0}


def _json(**changes: object) -> Callable[[], object]:
    donnees = {**SAUVEGARDE, **changes}
    return lambda: Fiche.depuis_json({k: v for k, v in donnees.items() if v is not ...})


def _operer(op: dict[str, Any], etat: Fiche = ADA) -> Callable[[], object]:
    return lambda: operer(etat.en_json(), op)


ERREURS: list[tuple[Callable[[], object], str]] = [
    # les noms de blessure et les paliers (zéro, un, plusieurs)
    (lambda: ADA.subir(2), "1 palier franchi (blessé) : il faut 1 nom de blessure, aucun donné."),
    (lambda: ADA.subir(1, [("x", [])]),
     "Ces dégâts ne franchissent aucun palier : aucune blessure à nommer, mais 1 nom donné."),
    (lambda: ADA.subir(1, [("x", []), ("y", [])]),
     "Ces dégâts ne franchissent aucun palier : aucune blessure à nommer, mais 2 noms donnés."),
    (lambda: Fiche.nouvelle("G", Ton.BLOCKBUSTER).subir(5, [("x", [])]),
     "2 paliers franchis (blessé, gravement blessé) : il faut 2 noms de blessure, 1 seul donné."),
    (lambda: ADA.subir(6, [("x", []), ("y", [])]),
     "3 paliers franchis (blessé, gravement blessé, hors de combat) : il faut 3 noms de blessure, 2 donnés."),
    # les textes saisis
    (lambda: Fiche.nouvelle("", Ton.RAW), "Le nom est vide : donnez un nom au personnage."),
    (lambda: Fiche.nouvelle(" \x00 ", Ton.RAW), "Le nom est vide : donnez un nom au personnage."),
    (lambda: Fiche.nouvelle("x" * 61, Ton.RAW), "Le nom est trop long : 60 caractères au plus."),
    (lambda: ADA.subir(2, [("", [])]), "Le nom de la blessure est vide : nommez chaque blessure."),
    (lambda: ADA.subir(2, [("x", [""] * 9)]), "Les actions gênées sont une liste de 8 actions au plus."),
    # les règles
    (lambda: ADA.premiers_soins(True), "Ada a toute sa Santé : les premiers soins n'ont rien à soigner."),
    (lambda: Fiche("Ada", Ton.RAW, 3, 0).premiers_soins(True).premiers_soins(True),
     "Ada a déjà reçu les premiers soins dans cette scène : une fois par scène seulement."),
    (lambda: ADA.soins_medicaux().soins_medicaux(),
     "Ada a déjà reçu des soins médicaux depuis le dernier conflit : une fois entre deux conflits seulement."),
    (lambda: ADA.reconfort().reconfort(), "Ada a déjà eu son Réconfort dans cette scène : un seul par scène."),
    (lambda: Fiche("Ada", Ton.RAW, 6, 6).reconfort(),
     "Ada est en Rupture : un allié doit d'abord ramener ce personnage à la raison."),
    (lambda: Fiche("G", Ton.BLOCKBUSTER, 8, 3).reconfort(), "Le Réconfort est une règle du ton Raw."),
    (lambda: ADA.repos("sieste"), "Repos inconnu : choisissez pause sûre, scène de repos ou nuit en sécurité."),
    (lambda: ADA.choisir_rupture("fuite"), "Ada n'est pas en Rupture."),
    (lambda: Fiche("Ada", Ton.RAW, 6, 6).choisir_rupture("x"),
     "Façon de craquer inconnue : choisissez fuite, paralysie, violence, hurlements ou effondrement."),
    (lambda: ADA.ramener(lancer_reserve(1, des=DesScriptes([6]))),
     "Ada n'est pas en Rupture : personne à ramener à la raison."),
    (lambda: Fiche("G", Ton.BLOCKBUSTER, 8, 3).declarer_coup_d_eclat(),
     "Le Coup d'éclat n'est pas prêt : il faut 6 de Stress, en Blockbuster."),
    (lambda: ADA.rendre_durable("os"), "Ada n'a aucune blessure nommée « os »."),
    (lambda: ADA.subir(2, [("os", [])]).guerir_durable("os", soins_medicaux=True, jours_de_repos=3),
     "La blessure « os » n'est pas durable : elle s'efface quand la Santé remonte."),
    (lambda: ADA.subir(2, [("os", [])]).rendre_durable("os").guerir_durable("os", soins_medicaux=True,
                                                                          jours_de_repos=1),
     "Pour guérir « os », il faut des soins médicaux puis au moins 3 jours de repos."),
    (lambda: Fiche("G", Ton.BLOCKBUSTER, 8, 0).evenement(Evenement.CHOC, resistance=lancer_reserve(
        1, des=DesScriptes([6]))), "Le jet de résistance au Stress n'existe qu'en Raw."),
    (lambda: ADA.evenement(Evenement.CHOC, resistance=lancer_reserve(
        1, difficulte=Difficulte.DIFFICILE, des=DesScriptes([6]))),
     "Le jet de résistance est un jet de CON Standard ordinaire, sans Coup d'éclat."),
    (lambda: ADA.evenement(Evenement.CHOC, danger="feu", resistance=lancer_reserve(1, des=DesScriptes([6]))),
     "On ne résiste pas au Stress d'un danger : le jet pour l'éviter est déjà fait."),
    (lambda: danger("lave"), "Danger inconnu : « lave ». Choisissez un danger de la table."),
    # les sauvegardes abîmées
    (lambda: Fiche.depuis_json(None), "Fiche illisible : ce n'est pas une fiche enCORE sauvegardée."),
    (lambda: Fiche.depuis_json({"version": 0}), "Fiche illisible : version de sauvegarde inconnue."),
    (_json(ton="epique"), "Fiche illisible : le ton doit être blockbuster ou raw."),
    (_json(ton=...), "Fiche illisible : le ton manque."),
    (_json(sante=...), "Fiche illisible : la Santé manque."),
    (_json(sante=None), "Fiche illisible : la Santé doit être un entier de 0 à 6."),
    (_json(sante=7), "Fiche illisible : la Santé doit être un entier de 0 à 6."),
    (_json(stress="2"), "Fiche illisible : le Stress doit être un entier de 0 à 6."),
    (_json(nom=...), "Fiche illisible : le nom manque."),
    (_json(nom=""), "Fiche illisible. Le nom est vide : donnez un nom au personnage."),
    (_json(blessures="x"), "Fiche illisible : la liste des blessures est mal formée."),
    (_json(blessures=["x"]), "Fiche illisible : une blessure est mal formée."),
    (_json(blessures=[{"palier": "blessé"}]), "Fiche illisible : le nom d'une blessure manque."),
    (_json(blessures=[{"nom": "x", "palier": "mort"}]), "Fiche illisible : le palier d'une blessure est inconnu."),
    (_json(sante=6, blessures=[{"nom": "x", "palier": "blessé"}]),
     "Fiche illisible : la blessure « x » aurait dû disparaître."),
    (_json(mode_rupture="fuite"), "Fiche illisible : la Rupture ne correspond pas au ton ni au Stress."),
    (_json(reconfort_recu="oui"), "Fiche illisible : le Réconfort doit valoir oui ou non."),
    (_json(dangers_comptes="x"), "Fiche illisible : la liste des dangers de la scène est mal formée."),
    # la fiche de suivi
    (lambda: operer(None, []), "Opération illisible : le widget n'a pas envoyé d'opération."),
    (lambda: operer(None, {"op": "creer", "nom": "A", "ton": "epique"}),
     "Ton inconnu : choisissez Blockbuster ou Raw."),
    (_operer({"op": "pirate"}), "Opération inconnue : « pirate »."),
    (_operer({"op": "ramener"}, Fiche("Ada", Ton.RAW, 6, 6)),
     "Le champ « CHA de l'allié » est vide : indiquez un entier de 0 à 6."),
    (_operer({"op": "evenement", "evenement": "Choc", "resister": True}),
     "Le champ « CON » est vide : indiquez un entier de 0 à 6."),
    (_operer({"op": "premiers_soins", "int": ""}, ADA.subir(1)),
     "Le champ « INT » est vide : indiquez un entier de 0 à 6."),
    (_operer({"op": "subir", "degats": "beaucoup"}), "Dégâts « beaucoup » : attendu un entier de 0 à 20"),
    (_operer({"op": "subir"}), "Le champ « Dégâts » est vide : indiquez un entier de 0 à 20."),
    (_operer({"op": "subir", "degats": 2, "blessures": "x"}),
     "Blessures illisibles : chaque blessure a un nom et ses actions gênées."),
    (_operer({"op": "evenement", "evenement": "ennui"}), "Événement inconnu : choisissez Choc, Horreur ou Indicible."),
]


@pytest.mark.parametrize(("action", "attendu"), ERREURS, ids=[str(i) for i in range(len(ERREURS))])
def test_erreurs_en_francais(action: Callable[[], object], attendu: str) -> None:
    """Chaque erreur qu'un joueur peut provoquer dit en mots quel champ ou quelle règle."""
    with pytest.raises(JdrErreur) as erreur:
        action()
    assert sans_restes(str(erreur.value)) == attendu
