"""Le suivi enCORE côté cœur : opérations des lanceurs liés, renommage, Coup d'éclat refusé,
messages en français pour les sauvegardes abîmées."""

from __future__ import annotations

import json
import re
from fractions import Fraction
from typing import Any, ClassVar

import pytest
from hypothesis import given
from hypothesis import strategies as st

from jdr_core import registre
from jdr_core.cotes import pourcentage
from jdr_core.des import DesScriptes
from jdr_core.encore.fiche import Fiche
from jdr_core.encore.reserve import (
    lancer_reserve,
    verifier_coup_d_eclat,
)
from jdr_core.encore.suivi import bilan, message_demande, operer
from jdr_core.encore.ton import Ton
from jdr_core.erreurs import JdrErreur, RegleEnfreinte
from jdr_core.francais import typographier
from jdr_core.pont import traiter

from .test_encore_francais import creer, sans_restes


def _creer(nom: str = "Lucrèce", ton: str = "blockbuster") -> dict[str, Any]:
    etat: dict[str, Any] = operer(None, {"op": "creer", "nom": nom, "ton": ton})["etat"]
    return etat


def _pont(etat: object, op: object) -> dict[str, Any]:
    reponse: dict[str, Any] = json.loads(traiter(json.dumps(
        {"type": "suivi", "systeme": "encore", "etat": etat, "op": op})))
    return reponse


class TestCoupDEclat:
    """Le Coup d'éclat ne se déclare qu'à 6 de Stress, dans le lanceur comme sur la fiche."""

    @pytest.mark.parametrize("stress", [0, 3, 5])
    def test_lanceur_refuse_sous_six(self, stress: int) -> None:
        with pytest.raises(RegleEnfreinte, match="Coup d'éclat refusé : il se déclare à 6 de Stress"):
            registre.executer("encore-reserve", {"coup_d_eclat": True, "stress": stress}, 5)

    def test_plus_de_stress_redescend_a_trois_a_zero(self) -> None:
        r = json.loads(traiter(json.dumps({"type": "lancer", "mecanique": "encore-reserve",
                                           "parametres": {"coup_d_eclat": True, "stress": 0}})))
        assert r == {"erreur": typographier(
            "Coup d'éclat refusé : il se déclare à 6 de Stress, et le personnage n'a aucun Stress.")}

    def test_cotes_refusees_aussi(self) -> None:
        with pytest.raises(RegleEnfreinte, match="n'en a que 4"):
            registre.cotes("encore-reserve", {"coup_d_eclat": True, "stress": 4})

    def test_a_six_le_jet_passe(self) -> None:
        r = registre.executer("encore-reserve", {"coup_d_eclat": True, "stress": 6}, 5)
        assert "le Stress redescend à 3" in r["phrase"]
        verifier_coup_d_eclat(6)

    def test_fiche_sous_six_refuse_le_jet_lie(self) -> None:
        etat = _creer()
        r = _pont(etat, {"op": "reserve", "parametres": {"coup_d_eclat": True, "stress": 6}, "graine": 1})
        # Le Stress du formulaire ne compte pas : c'est celui de la fiche (0) qui décide.
        assert r == {"erreur": typographier(
            "Coup d'éclat refusé : il se déclare à 6 de Stress, et le personnage n'a aucun Stress.")}

    def test_fiche_a_six_declare_et_redescend(self) -> None:
        fiche = Fiche("Lucrèce", Ton.BLOCKBUSTER, 8, stress=6)
        r = operer(fiche.en_json(), {"op": "reserve", "parametres": {"coup_d_eclat": True, "attribut": 3,
                                                                     "difficulte": "Difficile"}, "graine": 9})
        assert r["etat"]["stress"] == 3
        assert r["message"].startswith("Lucrèce déclare son Coup d'éclat : 6d6 (")
        assert r["message"].endswith("Stress 6 → 3.")


class TestLibellesDeLaVue:
    """Les boutons et phrases de la fiche dont un nombre dépend du ton viennent de la vue du cœur :
    la page ne les déduit pas (issue 38)."""

    @pytest.mark.parametrize(("ton", "relance", "apres"), [("blockbuster", "Relance (−1 Stress)", 2),
                                                           ("raw", "Relance (+1 Stress)", 4)])
    def test_le_libelle_de_la_relance_dit_ce_qu_elle_fait(self, ton: str, relance: str, apres: int) -> None:
        r = operer({**_creer(ton=ton), "stress": 3}, {"op": "relance"})
        assert r["vue"]["relance"] == relance and r["vue"]["stress"] == apres

    def test_reconfort_blessure_et_malus(self) -> None:
        r = operer({**_creer(ton="raw"), "stress": 4}, {"op": "subir", "degats": 2,
                                                         "blessures": [{"nom": "entaille", "gene": "la course"}]})
        v = r["vue"]
        assert v["reconfort"] == "Réconfort (−1)"
        assert v["malus_stress_texte"] == "−1d6 à tous les jets"
        assert [b["effet"] for b in v["blessures"]] == ["−1d6 pour la course"]
        assert operer(r["etat"], {"op": "reconfort"})["vue"]["stress"] == 3


class TestDangerLie:
    """Un danger appliqué à la fiche suit les règles avec la Santé, le Stress et les blessures réels."""

    @staticmethod
    def _graine_qui_echoue(parametres: dict[str, object]) -> int:
        for graine in range(200):
            r = registre.executer("encore-danger", parametres, graine)
            if r["issue"] == "echec":
                return graine
        raise AssertionError("aucune graine ne rate le danger")

    def test_memes_des_que_le_lanceur_et_vraie_sante(self) -> None:
        # Gideon a déjà 3 Santé et 1 blessure : une chute d'un étage (2 dégâts) le met à 1.
        gideon = Fiche.nouvelle("Gideon", Ton.BLOCKBUSTER).subir(5, [("cheville", ("course",)), ("brûlure", ())])
        parametres = {"danger": "chute-etage", "attribut": 1, "stress": gideon.stress}
        graine = self._graine_qui_echoue(parametres)
        lanceur = registre.executer("encore-danger", parametres, graine)
        assert any("Santé 8 → 6" in d for d in lanceur["details"])  # le lanceur seul : un personnage indemne
        r = operer(gideon.en_json(), {"op": "danger", "parametres": parametres, "graine": graine})
        apres = Fiche.depuis_json(r["etat"])
        assert (apres.sante, apres.stress) == (1, 2)  # −2 Santé, +1 Stress pour la perte de Santé
        assert len(apres.blessures) == 2  # 3 → 1 reste dans « gravement blessé » : aucune nouvelle blessure
        des = [str(d["face"]) for d in lanceur["groupes"][0]["des"]]
        assert f"({', '.join(des)})" in r["message"]
        assert r["message"].endswith("Santé 3 → 1, Stress 1 → 2.")
        assert r["graine"] == graine

    def test_palier_franchi_ajoute_une_blessure_nommee(self) -> None:
        parametres = {"danger": "chute-haute", "attribut": 0}
        graine = self._graine_qui_echoue(parametres)
        r = operer(_creer(), {"op": "danger", "parametres": parametres, "graine": graine})
        apres = Fiche.depuis_json(r["etat"])
        assert (apres.sante, apres.stress) == (4, 2)  # −4 Santé ; +1 pour la perte, +1 pour le Choc
        assert [b.nom for b in apres.blessures] == ["chute de plusieurs étages"]
        assert apres.dangers_comptes == ("chute-haute",)

    def test_ton_de_la_fiche_pas_du_formulaire(self) -> None:
        etat = _creer("Ada", "raw")
        r = operer(etat, {"op": "danger", "parametres": {"danger": "poison", "ton": "blockbuster"}, "graine": 2})
        assert r["etat"]["ton"] == "raw"

    @pytest.mark.parametrize("op", [
        {"op": "danger", "parametres": "chute", "graine": 1},
        {"op": "danger", "parametres": {"danger": "volcan"}, "graine": 1},
        {"op": "danger", "parametres": {"danger": "poison"}},
        {"op": "reserve", "parametres": {"attribut": 9}, "graine": 1},
    ])
    def test_reglages_refuses_en_francais(self, op: dict[str, object]) -> None:
        r = _pont(_creer(), op)
        assert set(r) == {"erreur"}
        assert any(mot in r["erreur"] for mot in ("illisible", "inconnu", "vide", "attendu"))


def _faces(groupes: list[dict[str, Any]]) -> list[list[int]]:
    return [[d["face"] for d in g["des"]] for g in groupes]


#: Une Raw à 4 de Stress (malus de Stress au lanceur), une Blockbuster à 6 (Coup d'éclat prêt).
FICHES_REJOUEES = {
    "raw-stresse": Fiche("Ada", Ton.RAW, 5, stress=4),
    "blockbuster-a-six": Fiche("Gideon", Ton.BLOCKBUSTER, 5, stress=6),
}
#: Les opérations qui lancent des dés, et les fiches dont les règles les refusent.
OPERATIONS_A_DES: list[tuple[dict[str, Any], str]] = [
    ({"op": "premiers_soins", "int": 2, "bonus": 1, "trousse": True}, ""),
    ({"op": "premiers_soins", "int": 0}, ""),
    ({"op": "ramener", "cha": 3}, "blockbuster-a-six"),  # la Rupture n'existe qu'en Raw
    ({"op": "evenement", "evenement": "choc", "resister": True, "con": 2, "bonus": 2}, "blockbuster-a-six"),
    ({"op": "danger", "parametres": {"danger": "chute-haute", "attribut": 1, "bonus": 1, "ton": "blockbuster"}}, ""),
    ({"op": "danger", "parametres": {"danger": "poison", "attribut": 3, "malus": 2, "face_succes": 4}}, ""),
    ({"op": "reserve", "parametres": {"attribut": 2, "difficulte": "Difficile", "stress": 0}}, ""),
    ({"op": "reserve", "parametres": {"attribut": 1, "coup_d_eclat": True}}, "raw-stresse"),
]


class TestPersonnageChoisi:
    """Un personnage du suivi choisi à côté du lanceur de dangers : la phrase du jet le nomme, au
    lieu du PJ anonyme, et s'accorde à son genre quand la fiche en donne un ; les dés ne changent pas."""

    PARAMETRES: ClassVar[dict[str, object]] = {"danger": "incendie", "attribut": "1"}

    @staticmethod
    def _graine(issue: str) -> int:
        return next(g for g in range(200)
                    if registre.executer("encore-danger", TestPersonnageChoisi.PARAMETRES, g)["issue"] == issue)

    def test_mira_evite_le_danger(self) -> None:
        graine = self._graine("neutre")
        mira = Fiche.nouvelle("Mira", Ton.BLOCKBUSTER, "elle").en_json()
        anonyme = registre.executer("encore-danger", self.PARAMETRES, graine)
        nommee = registre.executer("encore-danger", self.PARAMETRES, graine, None, mira)
        assert anonyme["phrase"] == "Le PJ évite le danger (incendie), mais une complication surgit."
        assert nommee["phrase"] == "Mira évite le danger (incendie), mais une complication surgit."
        assert {k: v for k, v in nommee.items() if k != "phrase"} == {k: v for k, v in anonyme.items() if k != "phrase"}

    @pytest.mark.parametrize(("accord", "qui", "palier"), [
        ("elle", "Mira", "(blessée)"), ("il", "Oskar", "(blessé)"), ("", "Sam", "(palier « blessé »)"),
    ])
    def test_echec_accorde_au_genre_de_la_fiche(self, accord: str, qui: str, palier: str) -> None:
        fiche = Fiche.nouvelle(qui, Ton.BLOCKBUSTER, accord).en_json()
        r = registre.executer("encore-danger", self.PARAMETRES, self._graine("echec"), None, fiche)
        assert r["phrase"] == f"{qui} subit le danger (incendie) : −3 Santé, +2 Stress."
        assert r["details"][1] == f"Santé 8 → 5 {palier} : aucune armure ne réduit ces dégâts."

    def test_par_le_pont_et_fiche_ancienne(self) -> None:
        """Par le pont, comme le navigateur l'envoie ; une fiche d'un format antérieur (sans genre) est
        relue comme le suivi la relit ; une fiche illisible est refusée en français."""
        ancienne = {k: v for k, v in Fiche.nouvelle("Mira", Ton.RAW).en_json().items() if k != "accord"}
        ancienne["version"] = 2
        requete = {"type": "lancer", "mecanique": "encore-danger", "parametres": self.PARAMETRES,
                   "graine": self._graine("neutre"), "fiche": ancienne}
        assert json.loads(traiter(json.dumps(requete)))["phrase"].startswith("Mira évite le danger")
        refus = json.loads(traiter(json.dumps({**requete, "fiche": {"nom": "Mira"}})))
        assert refus["erreur"].startswith("Fiche illisible")

    def test_lanceur_qui_ne_nomme_personne(self) -> None:
        """La réserve ne nomme personne : la fiche choisie ne change rien à son résultat."""
        mira = Fiche.nouvelle("Mira", Ton.BLOCKBUSTER, "elle").en_json()
        assert registre.executer("encore-reserve", {}, 7, None, mira) == registre.executer("encore-reserve", {}, 7)


class TestRejeuDansLeLanceur:
    """Un jet de la fiche, rejoué par le lanceur que nomme la réponse (mêmes réglages, même
    graine, par le pont), redonne les mêmes dés et la même issue."""

    FICHES = FICHES_REJOUEES

    @pytest.mark.parametrize("fiche", FICHES)
    @pytest.mark.parametrize(("op", "refusee"), OPERATIONS_A_DES,
                             ids=lambda x: str(x["op"]) if isinstance(x, dict) else x)
    @pytest.mark.parametrize("graine", [0, 7, 2**53 - 1])
    def test_memes_des_et_meme_issue(self, fiche: str, op: dict[str, Any], refusee: str, graine: int) -> None:
        etat = self.FICHES[fiche].en_json()
        if op["op"] == "ramener":  # en Rupture d'abord (6 de Stress en Raw)
            r = _pont({**etat, "stress": 6}, {"op": "rupture", "mode": "fuite"})
            etat = r.get("etat", etat)
        r = _pont(etat, {**op, "graine": graine})
        if fiche == refusee:
            assert set(r) == {"erreur"}
            return
        rejeu = r["rejeu"]
        lanceur = json.loads(traiter(json.dumps({"type": "lancer", "mecanique": rejeu["mecanique"],
                                                 "parametres": rejeu["parametres"], "graine": r["graine"]})))
        assert "erreur" not in lanceur, lanceur
        assert lanceur["parametres"] == rejeu["parametres"]
        assert _faces(lanceur["groupes"]) == _faces(rejeu["des"])
        faces = _faces(rejeu["des"])[0]
        assert f"{len(faces)}d6 ({', '.join(map(str, faces))})" in r["message"]
        # L'issue du lanceur est celle que la fiche a prise en compte.
        issue = {"reussite": "réussite", "neutre": "réussite partielle", "echec": "échec"}[lanceur["issue"]]
        assert f"succès, {issue}." in r["message"]

    def test_ton_et_stress_de_la_fiche_dans_le_danger(self) -> None:
        """Le lien reprend ce que la fiche impose (ton, Stress), pas ce que disait le formulaire."""
        r = operer(self.FICHES["raw-stresse"].en_json(),
                   {"op": "danger", "parametres": {"danger": "poison", "ton": "blockbuster", "stress": 0}, "graine": 3})
        assert (r["rejeu"]["mecanique"], r["rejeu"]["parametres"]["ton"]) == ("encore-danger", "raw")
        assert r["rejeu"]["parametres"]["stress"] == 4

    def test_premiers_soins_sans_malus_de_stress(self) -> None:
        """Les jets de la fiche ne prennent pas le malus de Stress : le lien règle le Stress à 0."""
        r = operer(self.FICHES["raw-stresse"].en_json(),
                   {"op": "premiers_soins", "int": 2, "trousse": True, "graine": 3})
        assert r["rejeu"]["mecanique"] == "encore-reserve"
        assert {k: r["rejeu"]["parametres"][k] for k in ("ton", "attribut", "bonus", "malus", "stress")} == {
            "ton": "raw", "attribut": 2, "bonus": 1, "malus": 0, "stress": 0}

    def test_sans_des_ni_rejeu(self) -> None:
        r = operer(self.FICHES["raw-stresse"].en_json(), {"op": "premiers_soins", "reussi": True})
        assert "rejeu" not in r and "graine" not in r


class TestChancesDesJets:
    """La question « chances » : les jets que la fiche lance (premiers soins, résistance en Raw,
    ramener en Rupture), leurs chances pour les réglages visibles, sans rien changer à la fiche."""

    @staticmethod
    def _chances(etat: dict[str, Any], **reglages: object) -> dict[str, str]:
        r = _pont(etat, {"op": "chances", **reglages})
        assert "erreur" not in r, r
        assert r["etat"] == etat and r["message"] == "" and "graine" not in r and "rejeu" not in r
        return {f"{j['jet']}|{j['evenement']}": j["chance"] for j in r["reponse"]["jets"]}

    @pytest.mark.parametrize(("ton", "stress", "jets"), [
        ("blockbuster", 6, ["Premiers soins (lancer INT)"]),
        ("raw", 5, ["Premiers soins (lancer INT)", "Choc (+1)", "Horreur (+2)", "Indicible (+3)"]),
        ("raw", 6, ["Premiers soins (lancer INT)", "Choc (+1)", "Horreur (+2)", "Indicible (+3)",
                    "Ramener à la raison"]),
    ])
    def test_les_jets_montres_selon_la_fiche(self, ton: str, stress: int, jets: list[str]) -> None:
        """Les boutons de la vue sont ceux de la réponse, dans le même ordre : seuls ceux qui lancent des dés."""
        etat = {**_creer(ton=ton), "stress": stress}
        vue = operer(etat, {"op": "lire"})["vue"]
        assert [j["libelle"] for j in vue["jets"]] == jets
        assert all("chance" not in j for j in vue["jets"])  # la vue n'envoie que les boutons
        reponse = _pont(etat, {"op": "chances"})["reponse"]["jets"]
        assert [(j["jet"], j["evenement"], j["libelle"]) for j in reponse] == [
            (j["jet"], j["evenement"], j["libelle"]) for j in vue["jets"]]
        # Les boutons des événements ont leur libellé dans la vue, qu'ils lancent des dés (Raw) ou non.
        montants = {"blockbuster": ["Choc (+1)", "Horreur (+1)", "Indicible (+2)"],
                    "raw": ["Choc (+1)", "Horreur (+2)", "Indicible (+3)"]}
        assert [e["libelle"] for e in vue["evenements"]] == montants[ton]

    @pytest.mark.parametrize("attribut", range(7))
    @pytest.mark.parametrize("trousse", [False, True])
    def test_une_loi_ecrite_ici(self, attribut: int, trousse: bool) -> None:
        """Chaque dé réussit sur 5 ou 6, un succès suffit en Standard : 1 − (2/3)^n, avec n dés (l'attribut,
        plus le dé de la trousse, jamais moins d'un) ; ni le malus de Stress (Stress 4, Raw) ni le ton n'y font."""
        etat = {**_creer(ton="raw"), "stress": 6}
        chances = self._chances(etat, int=str(attribut), trousse=trousse, con=attribut, cha=attribut)

        def loi(n: int) -> str:
            return pourcentage(1 - Fraction(2, 3) ** max(1, n))
        assert chances == {"premiers_soins|": loi(attribut + trousse), "evenement|Choc": loi(attribut),
                           "evenement|Horreur": loi(attribut), "evenement|Indicible": loi(attribut),
                           "ramener|": loi(attribut)}

    def test_sans_reglages_les_champs_de_depart(self) -> None:
        etat = {**_creer(ton="raw"), "stress": 6}
        assert self._chances(etat) == self._chances(etat, int=2, trousse=False, con=2, cha=2)

    @pytest.mark.parametrize(("op", "cle", "reglages", "stress"), [
        ({"op": "premiers_soins", "int": 4, "trousse": True}, "premiers_soins|", {"int": 4, "trousse": True}, 4),
        ({"op": "premiers_soins", "int": 0}, "premiers_soins|", {"int": 0}, 6),
        ({"op": "evenement", "evenement": "Horreur", "resister": True, "con": 1}, "evenement|Horreur", {"con": 1}, 4),
        ({"op": "evenement", "evenement": "Choc", "resister": True, "con": 6}, "evenement|Choc", {"con": 6}, 5),
        ({"op": "ramener", "cha": 5}, "ramener|", {"cha": 5}, 6),
    ])
    def test_celles_du_jet_que_le_bouton_lance(self, op: dict[str, Any], cle: str, reglages: dict[str, Any],
                                               stress: int) -> None:
        """Les chances affichées sont la cote « réussite » du lanceur rejoué par le jet même du bouton
        (ses réglages : lien de rejeu) : la question et l'opération ne peuvent pas différer."""
        etat = {**FICHES_REJOUEES["raw-stresse"].en_json(), "stress": stress}
        r = _pont(etat, {**op, "graine": 11})
        assert "erreur" not in r, r
        cotes = {c["cle"]: c["pourcentage"] for c in registre.cotes("encore-reserve", r["rejeu"]["parametres"])}
        assert self._chances(etat, **reglages)[cle] == cotes["reussite"]

    def test_reglage_refuse_en_francais(self) -> None:
        r = _pont(_creer(ton="raw"), {"op": "chances", "int": "9"})
        assert r == {"erreur": typographier("INT « 9 » : attendu un entier de 0 à 6")}


class TestRenommer:
    """Renommer garde tout le reste de la fiche et vérifie le nom comme à la création."""

    def test_renomme(self) -> None:
        etat = operer(_creer(), {"op": "subir", "degats": 1})["etat"]
        r = operer(etat, {"op": "renommer", "nom": "  Gideon  "})
        assert r["message"] == "Lucrèce s'appelle désormais Gideon."
        assert {**r["etat"], "nom": "Lucrèce"} == etat

    @pytest.mark.parametrize(("nom", "message"), [
        (None, "Le nom doit être un texte : donnez un nom au personnage."),
        ("   ", "Le nom est vide : donnez un nom au personnage."),
        ("x" * 61, "Le nom est trop long : 60 caractères au plus."),
    ])
    def test_nom_refuse(self, nom: object, message: str) -> None:
        with pytest.raises(JdrErreur) as e:
            operer(_creer(), {"op": "renommer", "nom": nom})
        assert str(e.value) == message


class TestMessagesDeSauvegardeAbimee:
    """Une sauvegarde abîmée ou une saisie absente donne une phrase française, sans fragment Python."""

    @pytest.mark.parametrize(("etat", "op", "attendu"), [
        ({"version": 1, "nom": "A", "ton": "raw", "stress": 0}, {"op": "lire"}, "Fiche illisible : la Santé manque."),
        ({"version": 1, "nom": "A", "ton": "raw", "sante": None, "stress": 0}, {"op": "lire"},
         "Fiche illisible : la Santé doit être un entier de 0 à 6."),
        ("fiche", {"op": "lire"}, "Fiche illisible : ce n'est pas une fiche enCORE sauvegardée."),
        ({"version": 1, "nom": "A", "ton": "raw", "sante": 6, "stress": 0, "blessures": ["x"]}, {"op": "lire"},
         "Fiche illisible : une blessure est mal formée."),
        ({"version": 1, "nom": "A", "ton": "raw", "sante": 6, "stress": 6}, {"op": "ramener", "cha": None},
         "Le champ « CHA de l'allié » est vide : indiquez un entier de 0 à 6."),
        ({"version": 1, "nom": "A", "ton": "raw", "sante": 6, "stress": 0}, {"op": "subir", "degats": 3,
                                                                            "blessures": ["cheville"]},
         "Blessures illisibles : chaque blessure a un nom et ses actions gênées."),
        ({"version": 1, "nom": "A", "ton": "raw", "sante": 6, "stress": 0}, "subir",
         "Opération illisible : le widget n'a pas envoyé d'opération."),
    ])
    def test_message(self, etat: object, op: object, attendu: str) -> None:
        r = _pont(etat, op)
        assert r == {"erreur": typographier(attendu)}
        for fragment in ("None", "string indices", "'sante'", "mal formé ("):
            assert fragment not in r["erreur"]


_JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-10, 40) | st.sampled_from(
        ["", "raw", "blockbuster", "Choc", "blessé", "x", "sante", "subir", "lire", "danger"]),
    lambda enfants: st.lists(enfants, max_size=4) | st.dictionaries(st.sampled_from(
        ["version", "nom", "ton", "sante", "stress", "blessures", "palier", "gene", "op", "degats", "cha",
         "con", "parametres", "graine", "danger", "evenement", "resister", "mode_rupture"]), enfants, max_size=6),
    max_leaves=12)


class TestToutJsonRecoitUnePhrase:
    """N'importe quel état et n'importe quelle opération : une réponse, ou un refus en français."""

    @given(etat=_JSON, op=_JSON)
    def test_reponse_ou_refus_francais(self, etat: object, op: object) -> None:
        r = _pont(etat, op)
        if "erreur" in r:
            for fragment in ("None", "string indices", "Error", "not a valid", "mal formé ('"):
                assert fragment not in r["erreur"], r["erreur"]

    @given(op=st.fixed_dictionaries({"op": st.sampled_from(["danger", "reserve", "renommer", "subir", "ramener"])},
                                    optional={"parametres": _JSON, "graine": _JSON, "nom": _JSON, "degats": _JSON,
                                              "cha": _JSON, "blessures": _JSON}))
    def test_operations_du_suivi(self, op: dict[str, object]) -> None:
        etat = Fiche("Ada", Ton.RAW, 6, stress=6).en_json()
        r = _pont(etat, op)
        assert ("erreur" in r) != ("etat" in r)
        if "erreur" in r:
            assert "None" not in r["erreur"] and "Error" not in r["erreur"], r["erreur"]


class TestCreerAvecDesChampsDeTravers:
    """Un ton ou un nom d'un autre type reçoit le message de la règle, pas celui du dernier filet."""

    @pytest.mark.parametrize(("op", "attendu"), [
        ({"op": "creer", "nom": "Lucrèce", "ton": []}, "Ton inconnu"),
        ({"op": "creer", "nom": "Lucrèce", "ton": {"x": 1}}, "Ton inconnu"),
        ({"op": "creer", "nom": ["Lucrèce"], "ton": "raw"}, "Le nom doit être un texte"),
    ])
    def test_message_de_la_regle(self, op: dict[str, Any], attendu: str) -> None:
        reponse = json.loads(traiter(json.dumps({"type": "suivi", "systeme": "encore", "etat": None, "op": op})))
        assert reponse["erreur"].startswith(attendu)

    def test_ton_en_majuscules_accepte(self) -> None:
        assert operer(None, {"op": "creer", "nom": "Lucrèce", "ton": "Raw"})["etat"]["ton"] == "raw"


class TestFicheDansLaPage:
    """Le bloc ``fiche`` avec ``lanceurs="oui"`` porte l'adresse provisoire du lanceur de chaque
    mécanique d'enCORE ; le greffon la remplace comme celle de « Lancer cette situation »."""

    @staticmethod
    def _html(**options: str) -> str:
        from site_plugins.fences import Registre, formater_fiche, valider_fiche

        lues: dict[str, Any] = {}
        assert valider_fiche("fiche", {"systeme": "encore", "id": "f", **options}, lues, {}, None)
        return formater_fiche("", "fiche", "", lues, None, registre=Registre())

    def test_adresses_des_lanceurs(self) -> None:
        from site_plugins.fences import MARQUE_LANCEUR

        html = self._html(lanceurs="oui")
        for nom in ("encore-reserve", "encore-danger"):
            assert f'<a data-mecanique="{nom}" href="{MARQUE_LANCEUR}{nom}?lanceur={nom}"></a>' in html
        assert '<template class="jdr-fiche-lanceurs">' in html

    def test_sans_l_option_aucune_adresse(self) -> None:
        assert "jdr-fiche-lanceurs" not in self._html() and "jdr-fiche-lanceurs" not in self._html(lanceurs="non")

    def test_valeur_refusee_en_francais(self) -> None:
        from site_plugins.fences import BlocInvalide

        with pytest.raises(BlocInvalide, match="lanceurs=« toujours », attendu oui ou non"):
            self._html(lanceurs="toujours")


class TestSuivi:
    """Le widget : demandes de noms, jets graines de résistance, erreurs sans effet."""

    def test_demande_puis_application(self) -> None:
        r = operer(None, {"op": "creer", "nom": "G", "ton": "raw"})
        d = operer(r["etat"], {"op": "subir", "degats": "3"})
        assert d["etat"] == r["etat"] and d["demande"]["paliers"] == ["blessé"]
        a = operer(r["etat"], {"op": "subir", "degats": "3", "blessures": [{"nom": "n", "gene": "tir, course"}]})
        assert a["vue"]["blessures"][0]["gene"] == ["tir", "course"]

    def test_resistance_graine(self) -> None:
        r = operer(None, {"op": "creer", "nom": "G", "ton": "raw"})
        a = operer(r["etat"], {"op": "evenement", "evenement": "horreur", "resister": True, "con": 2, "graine": 5})
        b = operer(r["etat"], {"op": "evenement", "evenement": "horreur", "resister": True, "con": 2, "graine": 5})
        assert a == b and a["graine"] == 5 and "graine" not in a["message"]

    @pytest.mark.parametrize("op", [
        {"op": "pirate"}, {"op": "subir", "degats": "beaucoup"}, {"op": "repos", "duree": "sieste"},
        {"op": "evenement", "evenement": "ennui"}, {"op": "creer", "nom": "A", "ton": "x"}, [],
    ])
    def test_operations_refusees(self, op: Any) -> None:
        etat = operer(None, {"op": "creer", "nom": "G", "ton": "raw"})["etat"]
        with pytest.raises(JdrErreur):
            operer(etat, op)


def test_premiers_soins_jet_int_graine() -> None:
    etat = operer(None, {"op": "creer", "nom": "G", "ton": "raw"})["etat"]
    etat = operer(etat, {"op": "subir", "degats": 1})["etat"]
    r = operer(etat, {"op": "premiers_soins", "int": 3, "bonus": 1, "trousse": True, "graine": 11})
    assert "Jet d'INT" in r["message"] and "5d6" in r["message"] and r["graine"] == 11
    assert r["vue"]["premiers_soins_recus"] is True


def test_coup_d_eclat_et_resistance_non_relancables() -> None:
    assert not lancer_reserve(2, coup_d_eclat=True, des=DesScriptes([1] * 5)).relancable
    assert lancer_reserve(2, des=DesScriptes([1, 1])).relancable
    etat = operer(None, {"op": "creer", "nom": "G", "ton": "raw"})["etat"]
    r = operer(etat, {"op": "evenement", "evenement": "choc", "resister": True, "con": 2, "graine": 1})
    assert r["vue"]["stress"] in (0, 1)


class TestPhrasesDuSuivi:
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
