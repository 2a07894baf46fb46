"""Le genre grammatical d'un personnage : donné à la création (jamais deviné d'après le nom),
gardé dans la sauvegarde (format enCORE version 3, migration depuis les versions 1 et 2), et
suivi par les phrases que la page dit de la fiche ; sans genre, une tournure sans accord."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from jdr_core.d10.suivi import operer as operer_combat
from jdr_core.encore.fiche import FORMAT, Blessure, Fiche
from jdr_core.encore.suivi import operer
from jdr_core.encore.ton import Palier, Ton
from jdr_core.erreurs import JdrErreur
from jdr_core.francais import ACCORDS, accorde, elide, lire_accord, phrases_suivi


class TestPhrases:
    """Les phrases de la page sur une fiche, pour chaque genre."""

    def test_elle(self) -> None:
        p = phrases_suivi("Mara", "elle")
        assert p["modifiee_ailleurs"] == "Mara a été modifiée dans un autre onglet : voici sa fiche à jour."
        assert p["supprimee_ailleurs"] == "Mara a été supprimée dans un autre onglet."
        assert p["dupliquee"] == "Mara est dupliquée : {copie} rejoint le groupe."
        assert "Opération refusée : Mara a été modifiée dans un autre onglet" in p["refus_absolue"]

    def test_il(self) -> None:
        p = phrases_suivi("Oskar", "il")
        assert p["modifiee_ailleurs"] == "Oskar a été modifié dans un autre onglet : voici sa fiche à jour."
        assert p["supprimee"] == "Oskar a été supprimé."
        assert "la fiche rangée d'Oskar" in p["refus_illisible"]

    def test_sans_genre_tournure_sans_accord(self) -> None:
        p = phrases_suivi("Mara")
        assert p["modifiee_ailleurs"] == "La fiche de Mara a changé dans un autre onglet : la voici à jour."
        assert p["supprimee"] == "La fiche de Mara a été supprimée."
        # Aucune phrase ne fait de Mara le sujet d'un participe : le nom seul n'apparaît qu'après « de ».
        for texte in p.values():
            assert not re.search(r"(?<!de )Mara (a été|est)", texte), texte

    @pytest.mark.parametrize("nom", ["Mara", "Oskar", "Yves", "Hugo", "Le quai"])
    @pytest.mark.parametrize("accord", list(ACCORDS))
    def test_memes_cles_et_champs_a_remplir(self, nom: str, accord: str) -> None:
        p = phrases_suivi(nom, accord)
        assert set(p) == set(phrases_suivi("Mara", "elle"))
        for texte in p.values():
            assert set(re.findall(r"\{(\w+)\}", texte)) <= {"copie", "raison"}
            if elide(nom):  # « d'Oskar », jamais « de Oskar »
                assert f"de {nom}" not in texte, texte

    def test_jamais_devine_d_apres_le_nom(self) -> None:
        # Un prénom qu'on lirait féminin ne change rien sans genre donné.
        assert phrases_suivi("Marie") == {k: v.replace("Mara", "Marie") for k, v in phrases_suivi("Mara").items()}

    def test_accorde(self) -> None:
        assert (accorde("elle", "blessé"), accorde("il", "blessé"), accorde("", "blessé")) == (
            "blessée", "blessé", "blessé")

    @pytest.mark.parametrize("brut", ["iel", 3, "ils"])
    def test_accord_inconnu(self, brut: object) -> None:
        with pytest.raises(JdrErreur, match=r"Accord .* inconnu : choisissez il, elle ou non précisé"):
            lire_accord(brut)


class TestFiche:
    """La fiche enCORE garde l'accord et le donne à la page."""

    def test_creation(self) -> None:
        r = operer(None, {"op": "creer", "nom": "Mara", "ton": "raw", "accord": "elle"})
        assert r["etat"]["accord"] == "elle" and r["etat"]["version"] == FORMAT.version == 3
        assert r["vue"]["accord"] == "elle"
        assert r["vue"]["phrases"]["modifiee_ailleurs"].startswith("Mara a été modifiée")

    def test_creation_sans_accord(self) -> None:
        r = operer(None, {"op": "creer", "nom": "Mara", "ton": "raw"})
        assert r["etat"]["accord"] == ""
        assert r["vue"]["phrases"]["modifiee_ailleurs"].startswith("La fiche de Mara a changé")

    def test_creation_refusee(self) -> None:
        with pytest.raises(JdrErreur, match="Accord « iel » inconnu"):
            operer(None, {"op": "creer", "nom": "Mara", "ton": "raw", "accord": "iel"})

    def test_renommer_garde_l_accord(self) -> None:
        etat = operer(None, {"op": "creer", "nom": "Mara", "ton": "raw", "accord": "elle"})["etat"]
        r = operer(etat, {"op": "renommer", "nom": "Ada"})
        assert r["etat"]["accord"] == "elle" and r["vue"]["phrases"]["supprimee"] == "Ada a été supprimée."

    def test_ancienne_sauvegarde_v2_sans_genre(self) -> None:
        v2 = {"version": 2, "genre": "encore.fiche", "nom": "Mara", "ton": "raw", "sante": 3, "stress": 1,
              "blessures": [{"nom": "bras", "palier": "blesse", "gene": ["tir"], "durable": False}]}
        f = Fiche.depuis_json(v2)
        assert f.accord == "" and f.sante == 3 and f.nom == "Mara"
        assert Fiche.depuis_json(f.en_json()) == f and f.en_json()["version"] == 3

    def test_ancienne_sauvegarde_v1(self) -> None:
        v1 = {"version": 1, "nom": "Mara", "ton": "raw", "sante": 3, "stress": 0,
              "blessures": [{"nom": "bras", "palier": "blessé", "gene": [], "durable": False}]}
        f = Fiche.depuis_json(v1)
        assert f.accord == "" and f.blessures == (Blessure("bras", Palier.BLESSE),)

    @pytest.mark.parametrize("accord", ["iel", None, 1])
    def test_accord_abime_refuse(self, accord: object) -> None:
        etat = {**Fiche.nouvelle("Mara", Ton.RAW, "elle").en_json(), "accord": accord}
        with pytest.raises(JdrErreur, match="Fiche illisible : l'accord doit être"):
            Fiche.depuis_json(etat)

    def test_v3_sans_accord_refusee(self) -> None:
        etat = Fiche.nouvelle("Mara", Ton.RAW).en_json()
        del etat["accord"]
        with pytest.raises(JdrErreur, match="Fiche illisible : l'accord manque"):
            Fiche.depuis_json(etat)

    @given(nom=st.text(st.characters(codec="utf-8", categories=("L", "Nd", "Zs")), min_size=1, max_size=60)
           .filter(lambda n: n.strip()),
           ton=st.sampled_from(list(Ton)), accord=st.sampled_from(list(ACCORDS)),
           stress=st.integers(0, 5), version=st.sampled_from([2, 3]))
    def test_aller_retour(self, nom: str, ton: Ton, accord: str, stress: int, version: int) -> None:
        """Toute fiche relit son genre ; la même fiche écrite en version 2 (sans genre) se relit
        sans genre, tout le reste intact."""
        f = Fiche.nouvelle(nom, ton, accord)
        f = Fiche(f.nom, f.ton, f.sante, stress=stress, accord=f.accord)
        etat: dict[str, Any] = json.loads(json.dumps(f.en_json()))
        if version == 2:
            del etat["accord"]
            etat["version"] = 2
            assert Fiche.depuis_json(etat) == Fiche(f.nom, f.ton, f.sante, stress=stress)
        else:
            assert Fiche.depuis_json(etat) == f


class TestCombat:
    """Un combat D10 n'a pas de genre : ses phrases disent « le combat « … » » ; chaque
    combattant a le sien, facultatif, que son état suit (« morte », « soignée »)."""

    @staticmethod
    def _combat(accord: str, voulu: str = "agonie") -> dict[str, Any]:
        """Lina reçoit un coup mortel ; la première graine qui la laisse dans l'état voulu
        (à l'agonie, ou morte d'un premier jet de survie raté)."""
        etat = operer_combat(None, {"op": "creer", "nom": "Le quai"})["etat"]
        etat = operer_combat(etat, {"op": "ajouter", "nom": "Lina", "accord": accord, "agi": 4, "con": 8})["etat"]
        etat = operer_combat(etat, {"op": "ajouter", "nom": "Marek", "agi": 6})["etat"]
        for graine in range(1, 100):
            r = operer_combat(etat, {"op": "encaisser", "cible": 1, "degats": 16, "graine": graine})
            if r["etat"]["combattants"][0]["etat"] == voulu:
                return r
        raise AssertionError(f"aucune graine ne donne « {voulu} »")

    @pytest.mark.parametrize(("accord", "agonie", "soignee"), [
        ("elle", "à l'agonie", "à l'agonie, soignée"), ("il", "à l'agonie", "à l'agonie, soigné"),
        ("", "à l'agonie", "à l'agonie, soins reçus"),
    ])
    def test_etat_accorde(self, accord: str, agonie: str, soignee: str) -> None:
        r = self._combat(accord)
        lina = next(c for c in r["vue"]["combattants"] if c["nom"] == "Lina")
        assert lina["accord"] == accord and lina["etat_texte"] == agonie
        r = operer_combat(r["etat"], {"op": "soigner", "combattant": 1})
        lina = next(c for c in r["vue"]["combattants"] if c["nom"] == "Lina")
        assert lina["etat_texte"] == soignee
        assert lina["survie_texte"].startswith(soignee.removeprefix("à l'agonie, ") + " après")

    def test_mort_accordee_ou_deces(self) -> None:
        for accord, attendu in (("elle", "morte"), ("il", "mort"), ("", "décès")):
            r = self._combat(accord, "mort")
            lina = next(c for c in r["vue"]["combattants"] if c["nom"] == "Lina")
            assert lina["etat"] == "mort" and lina["etat_texte"] == attendu
            with pytest.raises(JdrErreur, match=f"Lina est hors d'état d'agir \\({attendu}\\)"):
                operer_combat(r["etat"], {"op": "attaquer", "attaquant": 1, "cible": 2, "graine": 1})

    def test_modifier_l_accord(self) -> None:
        etat = self._combat("")["etat"]
        r = operer_combat(etat, {"op": "modifier", "combattant": 1, "accord": "elle"})
        assert r["message"] == "Les phrases parlent de Lina avec « elle »."
        assert r["etat"]["combattants"][0]["accord"] == "elle"
        r = operer_combat(r["etat"], {"op": "modifier", "combattant": 1, "nom": "Lina"})
        assert r["etat"]["combattants"][0]["accord"] == "elle"  # non envoyé : gardé

    def test_ancien_combat_v2_sans_genre(self) -> None:
        etat = self._combat("elle")["etat"]
        v2 = {**etat, "version": 2, "combattants": [{k: v for k, v in c.items() if k != "accord"}
                                                    for c in etat["combattants"]]}
        r = operer_combat(v2, {"op": "lire"})
        assert r["etat"]["version"] == 3 and [c["accord"] for c in r["etat"]["combattants"]] == ["", ""]

    def test_accord_abime_refuse(self) -> None:
        etat = self._combat("elle")["etat"]
        etat["combattants"][0]["accord"] = "iel"
        with pytest.raises(JdrErreur, match="l'accord de Lina doit être"):
            operer_combat(etat, {"op": "lire"})

    def test_phrases(self) -> None:
        r = operer_combat(None, {"op": "creer", "nom": "Duel sur le quai"})
        assert r["vue"]["phrases"]["supprimee_ailleurs"] == (
            "Le combat « Duel sur le quai » a été supprimé dans un autre onglet.")
        assert r["vue"]["phrases"]["modifiee_ailleurs"] == (
            "Le combat « Duel sur le quai » a changé dans un autre onglet : le voici à jour.")
