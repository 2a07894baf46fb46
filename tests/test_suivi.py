"""Le contrat des suivis (jdr_core/suivi.py) : une vérification de version, une chaîne de
migrations, des champs d'opération validés, des refus en français qui ne changent rien ; et les
sauvegardes d'aujourd'hui (fiche enCORE et combat D10, version 1) qui se relisent et migrent
(relues par la page, dans Chromium : tests/navigateur/test_sauvegardes.py)."""

from __future__ import annotations

import copy
import json
from typing import Any, ClassVar

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from jdr_core import registre
from jdr_core.d10.suivi import SUIVI as COMBAT
from jdr_core.des import GRAINE_MAX
from jdr_core.encore.fiche import Fiche
from jdr_core.encore.suivi import SUIVI as FICHE
from jdr_core.erreurs import JdrErreur
from jdr_core.francais import typographier
from jdr_core.mecanique import Systeme
from jdr_core.pont import traiter
from jdr_core.suivi import (
    GRAINE,
    Creation,
    Format,
    Operation,
    Question,
    Reponse,
    Suivi,
    Valeurs,
    choix,
    entier,
    libre,
    liste,
    objet,
    oui_non,
    valider,
)

# --- Des sauvegardes d'aujourd'hui, copiées telles quelles -------------------------------------
# Faites avec le code de main avant ce changement (operer, puis json.dumps de « etat ») : c'est
# ce que les navigateurs des joueurs gardent en ce moment.

#: Gideon (Blockbuster) : deux paliers franchis, une blessure durable, premiers soins reçus.
FICHE_V1_GIDEON = json.loads(
    '{"version": 1, "nom": "Gideon", "ton": "blockbuster", "sante": 1, "stress": 2, "blessures": [{"nom": '
    '"cheville foulée", "palier": "blessé", "gene": ["course"], "durable": true}, {"nom": "brûlure à l\'épaule", '
    '"palier": "gravement blessé", "gene": ["tir", "escalade"], "durable": false}], "mode_rupture": null, '
    '"premiers_soins_recus": true, "reconfort_recu": false, "soins_medicaux_faits": false, "dangers_comptes": [], '
    '"creatures_vues": []}')
#: Ada (Raw) : hors de combat, en Rupture (fuite), une goule déjà vue.
FICHE_V1_ADA = json.loads(
    '{"version": 1, "nom": "Ada", "ton": "raw", "sante": 0, "stress": 6, "blessures": [{"nom": "côte cassée", '
    '"palier": "blessé", "gene": ["course"], "durable": false}, {"nom": "entaille", "palier": "gravement blessé", '
    '"gene": [], "durable": false}, {"nom": "commotion", "palier": "hors de combat", "gene": ["réfléchir"], '
    '"durable": false}], "mode_rupture": "fuite", "premiers_soins_recus": false, "reconfort_recu": false, '
    '"soins_medicaux_faits": false, "dangers_comptes": [], "creatures_vues": ["goule"]}')
#: Le quai : initiative lancée, Lina KO (une blessure grave), Sacha mort, le journal du combat.
COMBAT_V1_QUAI = json.loads(
    '{"version": 1, "nom": "Le quai", "tour": 1, "actif": 2, "ordre": [2, 3, 1], "prochain_id": 4, "combattants": '
    '[{"id": 2, "nom": "Marek", "agi": 6, "con": 5, "vol": 5, "contact": 4, "tir": 3, "esquive": 2, '
    '"arme_contact": 5, "arme_tir": 6, "armure": 0, "blessures": {"legeres": 0, "graves": 0, "critiques": 0, '
    '"mort": false}, "etat": "debout", "init": {"de": 10, "agi": 6, "departage": []}, "degats_mortels": null, '
    '"jours": 0}, {"id": 3, "nom": "Sacha", "agi": 5, "con": 3, "vol": 5, "contact": 3, "tir": 3, "esquive": 2, '
    '"arme_contact": 3, "arme_tir": 6, "armure": 0, "blessures": {"legeres": 0, "graves": 0, "critiques": 0, '
    '"mort": true}, "etat": "mort", "init": {"de": 9, "agi": 5, "departage": []}, "degats_mortels": 30, '
    '"jours": 0}, {"id": 1, "nom": "Lina", "agi": 4, "con": 4, "vol": 6, "contact": 3, "tir": 3, "esquive": 2, '
    '"arme_contact": 3, "arme_tir": 6, "armure": 0, "blessures": {"legeres": 0, "graves": 1, "critiques": 0, '
    '"mort": false}, "etat": "ko", "init": {"de": 4, "agi": 4, "departage": []}, "degats_mortels": null, '
    '"jours": 0}], "journal": ["Nouveau combat : Le quai. Ajoutez les combattants, puis lancez l\'initiative.", '
    '"Lina entre dans le combat.", "Marek entre dans le combat.", "Sacha entre dans le combat.", "Initiative, '
    'dans l\'ordre d\'action :\\n1. Marek : 10 + AGI 6 = 16.\\n2. Sacha : 9 + AGI 5 = 14.\\n3. Lina : 4 + AGI 4 = '
    '8.\\nTour 1 : à Marek d\'agir.", "Marek attaque Lina au contact : difficulté 5 + AGI 4 + Esquive 2 = 11.\\n'
    'Dé : 3 ; 3 + 6 + 4 = 13 contre 11 : réussite, marge 2.\\nDégâts : 10 + marge 2 + arme 5 − (5 + CON 4) = 8 : '
    'une blessure grave.\\nUne blessure grave de plus. Reste 1 blessure grave (malus −2).\\nJet de KO : dé 2 ; '
    '2 + VOL 6 − 2 = 6 contre 8 : KO.\\nLina tombe KO.", "Sacha encaisse des dégâts de 30 : la mort.\\nUn coup '
    'mortel. C\'est la mort.\\nKO d\'office.\\nJet de survie : dé 10 (déjà au plus haut sans compétence) ; 10 + '
    'CON 3 = 13 contre 30 : meurt.\\nSacha succombe."]}')
#: Ruelle : Zoé à l'agonie, un jour sans soins, avant l'initiative.
COMBAT_V1_RUELLE = json.loads(
    '{"version": 1, "nom": "Ruelle", "tour": 0, "actif": null, "ordre": [], "prochain_id": 2, "combattants": '
    '[{"id": 1, "nom": "Zoé", "agi": 5, "con": 6, "vol": 5, "contact": 3, "tir": 3, "esquive": 2, '
    '"arme_contact": 3, "arme_tir": 6, "armure": 0, "blessures": {"legeres": 0, "graves": 0, "critiques": 0, '
    '"mort": true}, "etat": "agonie", "init": null, "degats_mortels": 16, "jours": 1}], "journal": ["Nouveau '
    'combat : Ruelle. Ajoutez les combattants, puis lancez l\'initiative.", "Zoé entre dans le combat.", "Zoé '
    'encaisse des dégâts de 16 : la mort.\\nUn coup mortel. C\'est la mort.\\nKO d\'office.\\nJet de survie : dé '
    '10 (déjà au plus haut sans compétence) ; 10 + CON 6 = 16 contre 16 : survit.\\nZoé est à l\'agonie : ce jet '
    'tient jusqu\'aux soins ; sans soins, un nouveau jet de survie chaque jour.", "Zoé, premier jour sans soins.\\n'
    'Jet de survie : dé 10 (déjà au plus haut sans compétence) ; 10 + CON 6 = 16 contre 16 : survit.\\nZoé tient '
    'bon : 1 jour sans soins jusqu\'ici."]}')

SAUVEGARDES_V1 = {"gideon": ("encore", FICHE_V1_GIDEON), "ada": ("encore", FICHE_V1_ADA),
                  "quai": ("d10", COMBAT_V1_QUAI), "ruelle": ("d10", COMBAT_V1_RUELLE)}


def _pont(systeme: str, etat: object, op: object, **requete: object) -> dict[str, Any]:
    reponse: dict[str, Any] = json.loads(traiter(json.dumps(
        {"type": "suivi", "systeme": systeme, "etat": etat, "op": op, **requete})))
    return reponse


class TestSauvegardesDAujourdhui:
    """Les sauvegardes de la version 1 se relisent par le pont et migrent vers la version courante."""

    @pytest.mark.parametrize("nom", SAUVEGARDES_V1)
    def test_relue_et_migree(self, nom: str) -> None:
        systeme, ancienne = SAUVEGARDES_V1[nom]
        gardee = copy.deepcopy(ancienne)
        r = _pont(systeme, ancienne, {"op": "lire"})
        assert "erreur" not in r, r
        assert r["etat"]["version"] == 3 and r["etat"]["genre"] == f"{systeme}.{registre.suivi(systeme).nom}"
        assert ancienne == gardee  # la migration travaille sur une copie
        # Rien d'autre ne bouge que le genre de la sauvegarde, ce qui était un libellé, et le genre
        # grammatical (version 3), non précisé : une sauvegarde d'avant n'en avait pas.
        sans_meta = copy.deepcopy({k: v for k, v in r["etat"].items()
                                   if k not in ("version", "genre", "blessures", "accord")})
        if "combattants" in sans_meta:
            assert [c.pop("accord") for c in sans_meta["combattants"]] == [""] * len(sans_meta["combattants"])
        else:
            assert r["etat"]["accord"] == ""
        assert sans_meta == {k: v for k, v in ancienne.items() if k not in ("version", "blessures")}
        # Relire la sauvegarde migrée la redonne telle quelle.
        assert _pont(systeme, r["etat"], {"op": "lire"})["etat"] == r["etat"]

    def test_paliers_des_blessures_par_identifiant(self) -> None:
        r = FICHE.operer(FICHE_V1_ADA, {"op": "lire"})
        assert [b["palier"] for b in r["etat"]["blessures"]] == ["blesse", "gravement_blesse", "hors_de_combat"]
        assert [b["palier"] for b in r["vue"]["blessures"]] == ["blesse", "gravement_blesse", "hors_de_combat"]
        assert [b["palier_texte"] for b in r["vue"]["blessures"]] == ["blessé", "gravement blessé", "hors de combat"]
        assert (r["vue"]["palier"], r["vue"]["palier_texte"]) == ("hors_de_combat", "hors de combat")
        assert [p["cle"] for p in r["vue"]["paliers"]] == ["valide", "blesse", "gravement_blesse", "hors_de_combat"]
        assert r["vue"]["mode_rupture"] == "fuite" and r["etat"]["creatures_vues"] == ["goule"]

    def test_identifiants_ascii_dans_ce_qui_est_sauvegarde(self) -> None:
        """Chaque valeur codée d'une sauvegarde (palier, ton, état, Rupture) est un identifiant ASCII."""
        fiche = FICHE.operer(FICHE_V1_GIDEON, {"op": "lire"})["etat"]
        codes = [fiche["ton"], fiche["genre"], *(b["palier"] for b in fiche["blessures"])]
        combat = COMBAT.operer(COMBAT_V1_QUAI, {"op": "lire"})["etat"]
        codes += [combat["genre"], *(c["etat"] for c in combat["combattants"])]
        assert all(c.isascii() and " " not in c for c in codes), codes

    def test_une_fiche_migree_continue_de_jouer(self) -> None:
        """La blessure durable de Gideon (palier « blessé » en version 1) reste, la grave part au soin."""
        r = FICHE.operer(FICHE_V1_GIDEON, {"op": "soins_medicaux"})
        assert r["message"] == "Soins médicaux : Santé 1 → 8."
        assert [(b["nom"], b["palier"]) for b in r["etat"]["blessures"]] == [("cheville foulée", "blesse")]

    def test_un_combat_migre_continue_de_jouer(self) -> None:
        r = COMBAT.operer(COMBAT_V1_RUELLE, {"op": "survie", "combattant": 1, "graine": 3})
        assert r["message"].startswith("Zoé, deuxième jour sans soins.")
        assert r["etat"]["journal"][-1] == r["message"] and r["etat"]["version"] == 3

    def test_migration_garde_un_palier_illisible_pour_le_refuser(self) -> None:
        abimee = copy.deepcopy(FICHE_V1_GIDEON)
        abimee["blessures"][0]["palier"] = "égratigné"
        with pytest.raises(JdrErreur, match=r"^Fiche illisible : le palier d'une blessure est inconnu\.$"):
            FICHE.operer(abimee, {"op": "lire"})

    def test_un_libelle_n_est_plus_accepte_en_version_2(self) -> None:
        """En version 2, le palier est un identifiant : un libellé y est refusé (rien ne le devine)."""
        etat = FICHE.operer(FICHE_V1_GIDEON, {"op": "lire"})["etat"]
        etat["blessures"][0]["palier"] = "blessé"
        with pytest.raises(JdrErreur, match="palier d'une blessure est inconnu"):
            Fiche.depuis_json(etat)

    @pytest.mark.parametrize(("systeme", "etat"), [("encore", COMBAT_V1_QUAI), ("d10", FICHE_V1_GIDEON)])
    def test_la_sauvegarde_d_un_autre_suivi_est_refusee(self, systeme: str, etat: dict[str, Any]) -> None:
        migree = _pont("d10" if systeme == "encore" else "encore", etat, {"op": "lire"})["etat"]
        r = _pont(systeme, migree, {"op": "lire"})
        # Le pont rend ses messages avec la typographie française (espace insécable avant « : »).
        assert r["erreur"] in (
            typographier("Fiche illisible : ce n'est pas une fiche enCORE sauvegardée, mais la sauvegarde d'un autre "
                         "suivi (d10.combat)."),
            typographier("Combat illisible : ce n'est pas un combat D10 sauvegardé, mais la sauvegarde d'un autre "
                         "suivi (encore.fiche)."))

    def test_une_fiche_encore_ouverte_sur_la_fiche_3d6_est_refusee_pour_ce_qu_elle_est(self) -> None:
        """Un fichier enCORE d'aujourd'hui (version 3) sur la fiche 3D6 (version 2) : refusé comme
        fiche d'un autre suivi, pas comme « sauvegarde d'une version plus récente »."""
        encore = _pont("encore", FICHE_V1_GIDEON, {"op": "lire"})["etat"]
        r = _pont("troisd6", encore, {"op": "lire"})
        assert "autre suivi (encore.fiche)" in r["erreur"] and "plus récente" not in r["erreur"]

    def test_le_journal_des_jets_n_est_pas_touche(self) -> None:
        """Le journal des jets (journal.js) garde ses entrées dans sa propre clé ; le contrat des
        suivis ne la lit ni ne l'écrit : aucune opération ne nomme le journal, et la réponse d'un jet
        garde les champs que journal.js lit (message, graine, rejeu : mécanique, paramètres, dés)."""
        from pathlib import Path

        dossier = Path(__file__).parent.parent / "site_plugins/assets/table/journal"
        journal = "".join(f.read_text(encoding="utf-8") for f in sorted(dossier.glob("*.js")))
        assert "jdr-suivi:" not in journal
        r = FICHE.operer(FICHE_V1_GIDEON, {"op": "reserve", "parametres": {"attribut": 2}, "graine": 5})
        assert set(r) == {"etat", "vue", "message", "graine", "rejeu"}
        assert set(r["rejeu"]) == {"mecanique", "parametres", "des"}


# --- Le contrat lui-même, sur un petit suivi ------------------------------------------------


def _lire_compteur(lu: Any, d: Any) -> int:
    n: int = lu.entier(d, "n", "le compte", 0, 9)
    return n


FORMAT = Format("essai.compteur", 3, "Compteur illisible", "un compteur sauvegardé",
                lire=_lire_compteur, ecrire=lambda n: {"n": n},
                migrations={1: lambda d: {**d, "n": d.get("compte")},
                            2: lambda d: {**d, "genre": "essai.compteur"}})


def _ajouter(n: int, v: Valeurs) -> Reponse[int]:
    if n + v["pas"] > 9:
        raise JdrErreur("Le compteur s'arrête à 9.")
    return Reponse(n + v["pas"], f"{n} → {n + v['pas']}.", graine=v["graine"])


COMPTEUR: Suivi[int] = Suivi(
    "compteur", "Compteur", FORMAT, vue=lambda n: {"n": n}, creer=Creation(lambda v: Reponse(0, "Zéro.")),
    operations={
        "ajouter": Operation(_ajouter, (entier("pas", "Pas", 1, 3, 1), GRAINE)),
        "demander": Operation(lambda n, v: Reponse(n, "Combien ?", demande={"choix": [1, 2, 3]})),
    },
    noter=lambda n, message: n)


class TestFormat:
    """Une seule vérification de version, une chaîne de migrations, tout refus commence pareil."""

    def test_chaine_complete_depuis_la_version_1(self) -> None:
        assert FORMAT.depuis_json({"version": 1, "compte": 4}) == 4
        assert FORMAT.migrer({"version": 1, "compte": 4}) == {"version": 3, "compte": 4, "n": 4,
                                                             "genre": "essai.compteur"}

    def test_ecrit_version_et_genre_en_tete(self) -> None:
        assert list(FORMAT.en_json(2)) == ["version", "genre", "n"]

    @pytest.mark.parametrize(("donnees", "raison"), [
        (None, "ce n'est pas un compteur sauvegardé"),
        ([], "ce n'est pas un compteur sauvegardé"),
        ({}, "version de sauvegarde inconnue"),
        ({"version": "3"}, "version de sauvegarde inconnue"),
        ({"version": True}, "version de sauvegarde inconnue"),
        ({"version": 0}, "version de sauvegarde inconnue"),
        ({"version": 4, "n": 1}, "sauvegarde d'une version plus récente (4) que ce site (3)"),
        ({"version": 3, "n": 1}, "ce n'est pas un compteur sauvegardé"),
        # Un fichier d'un autre suivi est refusé pour ce qu'il est, même d'une version plus récente.
        ({"version": 3, "genre": "d10.combat", "n": 1},
         "ce n'est pas un compteur sauvegardé, mais la sauvegarde d'un autre suivi (d10.combat)"),
        ({"version": 3, "genre": "essai.compteur"}, "le compte manque"),
        ({"version": 3, "genre": "essai.compteur", "n": 10}, "le compte doit être un entier de 0 à 9"),
        ({"version": 1, "compte": "4"}, "le compte doit être un entier de 0 à 9"),
    ])
    def test_refus(self, donnees: object, raison: str) -> None:
        with pytest.raises(JdrErreur) as e:
            FORMAT.depuis_json(donnees)
        assert str(e.value) == f"Compteur illisible : {raison}."

    def test_une_migration_qui_plante_devient_un_refus(self) -> None:
        casse = Format("essai.casse", 2, "Essai illisible", "un essai", lire=lambda lu, d: 0, ecrire=lambda n: {},
                       migrations={1: lambda d: {**d, "x": d["absente"]}})
        with pytest.raises(JdrErreur, match=r"^Essai illisible : un champ est mal formé\.$"):
            casse.depuis_json({"version": 1})

    def test_une_migration_manquante_est_une_erreur_de_declaration(self) -> None:
        with pytest.raises(JdrErreur, match="migration manquante depuis la version 1"):
            Format("essai.trou", 3, "Essai illisible", "un essai", lire=lambda lu, d: 0, ecrire=lambda n: {},
                   migrations={2: lambda d: d})


class TestOperations:
    """La table des opérations : champs validés avant l'action, réponses typées, refus sans changement."""

    ETAT: ClassVar[dict[str, Any]] = {"version": 3, "genre": "essai.compteur", "n": 2}

    def test_reponse(self) -> None:
        assert COMPTEUR.operer(self.ETAT, {"op": "ajouter", "pas": "3", "graine": 7}) == {
            "etat": {"version": 3, "genre": "essai.compteur", "n": 5}, "vue": {"n": 5}, "message": "2 → 5.",
            "graine": 7}

    def test_demande_ne_change_rien(self) -> None:
        r = COMPTEUR.operer(self.ETAT, {"op": "demander"})
        assert r["etat"] == self.ETAT and r["demande"] == {"choix": [1, 2, 3]} and r["message"] == "Combien ?"

    def test_lire_et_creer(self) -> None:
        assert COMPTEUR.operer({"version": 1, "compte": 0}, {"op": "lire"})["message"] == ""
        assert COMPTEUR.operer("n'importe quoi", {"op": "creer"})["etat"]["n"] == 0

    @pytest.mark.parametrize(("op", "message"), [
        ("ajouter", "Opération illisible : le widget n'a pas envoyé d'opération."),
        ({"op": "multiplier"}, "Opération inconnue : « multiplier »."),
        ({"op": 3}, "Opération inconnue : le champ « op » nomme une opération (creer, lire, ajouter ou demander)."),
        ({"op": "ajouter", "pas": 4}, "Pas « 4 » : attendu un entier de 1 à 3"),
        ({"op": "ajouter", "pas": [1]}, "Le champ « Pas » attend un nombre entier de 1 à 3."),
        ({"op": "ajouter", "pas": True}, "Le champ « Pas » attend un nombre entier de 1 à 3."),
        ({"op": "ajouter", "pas": "1e3"}, "Pas « 1e3 » : attendu un entier de 1 à 3"),
        ({"op": "ajouter", "graine": GRAINE_MAX + 1}, f"Graine « {GRAINE_MAX + 1} » : attendu un entier de 0 à "
                                                      f"{GRAINE_MAX}"),
        ({"op": "ajouter", "graine": -1}, f"Graine « -1 » : attendu un entier de 0 à {GRAINE_MAX}"),
    ])
    def test_refus_en_francais(self, op: object, message: str) -> None:
        with pytest.raises(JdrErreur) as e:
            COMPTEUR.operer(self.ETAT, op)
        assert str(e.value) == message

    def test_nom_de_suivi_ascii(self) -> None:
        with pytest.raises(JdrErreur, match="identifiant en minuscules ASCII"):
            Suivi("Fiche perso", "x", FORMAT, vue=lambda n: {}, creer=COMPTEUR.creer, operations={})
        with pytest.raises(JdrErreur, match="déjà des opérations de tout suivi"):
            Suivi("x", "x", FORMAT, vue=lambda n: {}, creer=COMPTEUR.creer, operations={"lire": Operation(_ajouter)})


class TestChamps:
    """Chaque genre de champ : défaut, présence, type, bornes."""

    def test_presence(self) -> None:
        requis = entier("a", "A", 0, 5)
        facultatif = entier("a", "A", 0, 5, presence="facultatif")
        si_present = entier("a", "A", 0, 5, presence="si_present")
        for champ in (requis, si_present):
            with pytest.raises(JdrErreur, match=r"Le champ « A » est vide : indiquez un entier de 0 à 5."):
                champ.valider({"a": ""})
        with pytest.raises(JdrErreur, match="est vide"):
            requis.valider({})
        assert si_present.valider({}) is None and facultatif.valider({"a": ""}) is None
        assert entier("a", "A", 0, 5, 3).valider({"a": ""}) == 3

    def test_autres_genres(self) -> None:
        assert oui_non("o", "O").valider({}) is False
        with pytest.raises(JdrErreur, match="attend oui ou non"):
            oui_non("o", "O").valider({"o": "oui"})
        assert choix("k", "Clé", ["VOL", "CON"], "VOL").valider({"k": "con"}) == "CON"
        with pytest.raises(JdrErreur, match=r"^Clé inconnu : choisissez VOL ou CON.$"):
            choix("k", "Clé", ["VOL", "CON"]).valider({"k": ["VOL"]})
        with pytest.raises(JdrErreur, match=r"^Liste refusée.$"):
            liste("l", "Liste refusée.", 2).valider({"l": [1, 2, 3]})
        with pytest.raises(JdrErreur, match=r"^Objet refusé.$"):
            objet("p", "Objet refusé.", 2).valider({})
        assert libre("x", "d").valider({}) == "d" and libre("x").valider({"x": [1]}) == [1]
        assert valider((GRAINE,), {"autre": 1}) == {"graine": None}


# --- Des opérations au hasard sur les vrais suivis ----------------------------------------------

_BRUT = st.one_of(st.none(), st.booleans(), st.integers(-5, 40), st.sampled_from([2**53, -(2**60)]),
                  st.text(max_size=6), st.sampled_from(["", "3", "x", "raw", "VOL", "tir", "choc", "fuite", "physique",
                                                        "Mental", "pouvoir", "compétence", "Athlétisme",
                                                        "competence", "sans_competence", "Mécanique", "dex",
                                                        "AGI", "Tir", "légère", "contact"]),
                  st.lists(st.integers(0, 3), max_size=2), st.dictionaries(st.sampled_from(["nom", "gene"]),
                                                                             st.text(max_size=3), max_size=2))


def _operation(suivi: Suivi[Any]) -> st.SearchStrategy[dict[str, Any]]:
    """Une opération de la table, ses champs déclarés remplis au hasard (valides ou non)."""
    table = {**suivi.operations, **suivi.questions}

    def remplir(nom: str) -> st.SearchStrategy[dict[str, Any]]:
        champs = {c.cle: _BRUT for c in table[nom].champs}
        return st.fixed_dictionaries({"op": st.just(nom)}, optional=champs)  # type: ignore[arg-type]
    return st.sampled_from(sorted(table)).flatmap(remplir)


ETATS = {
    "encore": [FICHE_V1_GIDEON, FICHE_V1_ADA,
               FICHE.operer(None, {"op": "creer", "nom": "Lucrèce", "ton": "raw"})["etat"]],
    "d10": [COMBAT_V1_QUAI, COMBAT_V1_RUELLE],
    "troisd6": [registre.suivi("troisd6").operer(None, {"op": "creer", "nom": "Carmen", "physique": 2, "mental": 4,
                                                        "social": 2})["etat"],
                {"version": 1, "genre": "troisd6.fiche", "nom": "Jules", "physique": 4, "mental": 2, "social": 3,
                 "fp": 0, "domaine": "", "robot": False, "pe": -3, "infirme": False, "sequelle": True,
                 "maitrises": [{"nom": "Athlétisme", "caracteristique": "physique"}]}],
    "d10/fiche": [{"version": 1, "genre": "d10.fiche", "nom": "Marek",
                   "stats": {"FOR": 5, "CON": 4, "AGI": 6, "FM": 5, "VOL": 5, "INT": 5},
                   "competences": [{"nom": "Corps à corps", "stat": "AGI", "niveau": 4, "diviseur": 1},
                                   {"nom": "Tir", "stat": "AGI", "niveau": 0, "diviseur": 1},
                                   {"nom": "Esquive", "stat": "AGI", "niveau": 2, "diviseur": 2}],
                   "armes": [{"nom": "Couteau", "degats": 3, "mode": "contact"}], "armure": 1,
                   "blessures": {"legeres": 1, "graves": 0, "critiques": 0, "mort": False}}],
    "deuxd6": [{"version": 1, "genre": "deuxd6.fiche", "nom": "Philip",
                "caracteristiques": {"for": 3, "dex": 4, "int": 3, "edu": 3, "pre": 3, "vol": 3, "sen": 3},
                "competences": [{"nom": "Mécanique", "niveau": 2, "formation": False},
                                {"nom": "Pilotage avion", "niveau": 1, "formation": True}],
                "attributs": [{"nom": "Fatigue", "valeur": 4}], "bonus": 2}],
}


class TestToutesLesOperations:
    """Toute opération déclarée, avec n'importe quels champs : une réponse complète, ou une
    :class:`JdrErreur` en français ; jamais une autre exception, jamais la sauvegarde modifiée."""

    @pytest.mark.parametrize("systeme", ["encore", "d10", "troisd6", "deuxd6", "d10/fiche"])
    @settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
    @given(donnees=st.data())
    def test_reponse_ou_refus(self, systeme: str, donnees: st.DataObject) -> None:
        suivi = registre.suivi(*systeme.split("/"))
        etat = copy.deepcopy(donnees.draw(st.sampled_from(ETATS[systeme])))
        gardee = copy.deepcopy(etat)
        op = donnees.draw(_operation(suivi))
        try:
            r = suivi.operer(etat, op)
        except JdrErreur as e:
            # « None » ne doit pas fuir de Python ; un joueur peut en revanche l'avoir tapé lui-même
            # (une blessure nommée « None »), et le message le lui cite alors.
            assert str(e) and "Error" not in str(e), str(e)
            assert "None" not in str(e) or "None" in repr(op), str(e)
        else:
            assert {"etat", "vue", "message"} <= set(r) and isinstance(r["message"], str)
            assert r["etat"]["version"] == suivi.format.version
            assert suivi.operer(r["etat"], {"op": "lire"})["etat"] == r["etat"]  # toujours relisible
        assert etat == gardee


class TestQuestions:
    """Une question lit l'état sans le changer : sa réponse arrive sous « reponse »."""

    def test_reponse_sans_changement(self) -> None:
        etat = {"version": 3, "genre": "essai.compteur", "n": 4}
        fois = entier("fois", "Fois", 1, 3)
        s = Suivi("compteur", "Compteur", COMPTEUR.format, COMPTEUR.vue, COMPTEUR.creer, COMPTEUR.operations,
                  questions={"double": Question(lambda n, v: {"double": n * v["fois"]}, (fois,))})
        r = s.operer(etat, {"op": "double", "fois": 3})
        assert r["reponse"] == {"double": 12} and r["etat"] == etat and r["message"] == ""
        with pytest.raises(JdrErreur, match="Fois « 9 »"):
            s.operer(etat, {"op": "double", "fois": 9})

    def test_nom_pris_refuse(self) -> None:
        with pytest.raises(JdrErreur, match="une opération et une question portent le même nom"):
            Suivi("compteur", "Compteur", COMPTEUR.format, COMPTEUR.vue, COMPTEUR.creer, COMPTEUR.operations,
                  questions={"ajouter": Question(lambda n, v: {})})
        with pytest.raises(JdrErreur, match="« creer » et « lire » sont déjà"):
            Suivi("compteur", "Compteur", COMPTEUR.format, COMPTEUR.vue, COMPTEUR.creer, COMPTEUR.operations,
                  questions={"lire": Question(lambda n, v: {})})


class TestPlusieursSuivis:
    """Un système peut déclarer plusieurs suivis ; le pont et le bloc fiche choisissent le leur."""

    def test_le_premier_par_defaut(self) -> None:
        assert registre.suivi("d10") is COMBAT and registre.suivi("d10", "combat") is COMBAT
        assert registre.suivi("encore", "") is FICHE

    def test_suivi_inconnu(self) -> None:
        with pytest.raises(JdrErreur, match=r"^suivi inconnu : « perso » ; les suivis du système D10 \+ carac \+ "
                                            r"compétence : combat \(Suivi de combat\) ou fiche "
                                            r"\(Fiche de personnage\)$"):
            registre.suivi("d10", "perso")
        r = _pont("d10", None, {"op": "creer", "nom": "x"}, suivi="perso")
        assert r["erreur"].startswith(typographier("suivi inconnu : « perso »"))

    def test_le_pont_nomme_le_suivi(self) -> None:
        r = _pont("d10", None, {"op": "creer", "nom": "Le quai"}, suivi="combat")
        assert r["etat"]["genre"] == "d10.combat"

    def test_deux_suivis_du_meme_nom_refuses(self) -> None:
        with pytest.raises(JdrErreur, match="deux suivis portent le même nom"):
            Systeme("essai", "Essai", "", (), (), suivis=(COMPTEUR, COMPTEUR))

    @staticmethod
    def _html(**options: str) -> str:
        from site_plugins.fences import Registre, formater_fiche, valider_fiche

        lues: dict[str, Any] = {}
        assert valider_fiche("fiche", {"id": "f", **options}, lues, {}, None)
        return formater_fiche("", "fiche", "", lues, None, registre=Registre())

    def test_bloc_fiche_sans_option_garde_son_balisage(self) -> None:
        html = self._html(systeme="d10")
        assert '<div class="jdr-fiche" data-fiche="f" data-systeme="d10" data-suivi="combat" id="fiche-f">' in html

    def test_bloc_fiche_qui_nomme_son_suivi(self) -> None:
        assert 'data-suivi="fiche"' in self._html(systeme="encore", suivi="fiche")

    def test_bloc_fiche_suivi_inconnu_refuse_en_francais(self) -> None:
        from site_plugins.fences import BlocInvalide

        with pytest.raises(BlocInvalide, match=r"bloc fiche « f » : suivi inconnu : « personnage » ; les suivis du "
                                               r"système enCORE : fiche \(Fiche de personnage\)$"):
            self._html(systeme="encore", suivi="personnage")
