"""enCORE : réserve, paliers et blessures, Stress des deux tons, dangers, suivi et sauvegarde."""

from __future__ import annotations

import json
from fractions import Fraction
from typing import Any

import pytest

from jdr_core import pont
from jdr_core.des import DesAleatoires, DesScriptes
from jdr_core.encore.dangers import DANGERS, PAR_CLE, affronter
from jdr_core.encore.fiche import Fiche
from jdr_core.encore.reserve import (
    Difficulte,
    Hypothese,
    Issue,
    distribution_reserve,
    lancer_reserve,
    taille_reserve,
)
from jdr_core.encore.suivi import operer
from jdr_core.encore.ton import REGLES, Evenement, Palier, Ton
from jdr_core.erreurs import JdrErreur, RegleEnfreinte


def jet(*faces: int, difficulte: Difficulte = Difficulte.STANDARD) -> Any:
    return lancer_reserve(len(faces), des=DesScriptes(faces), difficulte=difficulte)


class TestReserve:
    """Taille, plafond, minimum, issues et Coup d'éclat, sous l'hypothèse paramétrable."""

    @pytest.mark.parametrize(("attribut", "bonus", "malus", "eclat", "attendu"), [
        (3, 0, 0, False, 3), (3, 9, 0, False, 6), (1, 0, 3, False, 1), (0, 0, 0, False, 1),
        (0, 0, 5, True, 4), (3, 9, 0, True, 9),
    ])
    def test_taille(self, attribut: int, bonus: int, malus: int, eclat: bool, attendu: int) -> None:
        assert taille_reserve(attribut, bonus, malus, coup_d_eclat=eclat) == attendu

    def test_issues(self) -> None:
        assert jet(5, 1, 1).issue is Issue.REUSSITE
        assert jet(5, 1, 1, difficulte=Difficulte.DIFFICILE).issue is Issue.PARTIELLE
        assert jet(1, 2, 4, difficulte=Difficulte.DIFFICILE).issue is Issue.ECHEC
        assert jet(6, 5).succes == 2

    def test_coup_d_eclat_ne_rate_jamais(self) -> None:
        for diff in Difficulte:
            d = distribution_reserve(1, malus=5, difficulte=diff, coup_d_eclat=True)
            assert d[Issue.ECHEC] == 0
        assert distribution_reserve(0, coup_d_eclat=True)[Issue.REUSSITE] == 1

    def test_hypothese_modifiable(self) -> None:
        h = Hypothese(face_succes=4, requis={Difficulte.STANDARD: 2, Difficulte.DIFFICILE: 3})
        assert lancer_reserve(2, des=DesScriptes([4, 4]), hypothese=h).issue is Issue.REUSSITE
        with pytest.raises(JdrErreur, match="Face de succès 7"):
            Hypothese(face_succes=7)

    @pytest.mark.parametrize("attribut", range(0, 7))
    def test_distribution_somme_a_un(self, attribut: int) -> None:
        assert sum(distribution_reserve(attribut, bonus=2, malus=1).values()) == 1

    def test_attribut_hors_bornes(self) -> None:
        with pytest.raises(JdrErreur, match="Attribut 7"):
            taille_reserve(7)


class TestSante:
    """Paliers franchis, blessures nommées, disparition, durables, soins."""

    def test_paliers_des_deux_tons(self) -> None:
        assert REGLES[Ton.RAW].palier(2) is Palier.GRAVEMENT_BLESSE
        assert REGLES[Ton.BLOCKBUSTER].palier(6) is Palier.BLESSE

    def test_trois_paliers_d_un_coup(self) -> None:
        f = Fiche.nouvelle("A", Ton.RAW)
        assert [p.value for p in f.paliers_franchis(20)] == ["blessé", "gravement blessé", "hors de combat"]

    def test_blessures_cumulees_sur_une_action(self) -> None:
        f = Fiche.nouvelle("A", Ton.BLOCKBUSTER).subir(2, [("a", ["course"])]).subir(3, [("b", ["course"])])
        assert f.malus("course") == 2

    def test_blessure_disparait_au_dessus_de_son_palier(self) -> None:
        f = Fiche.nouvelle("A", Ton.BLOCKBUSTER).subir(2, [("a", ["course"])])
        assert (f.sante, len(f.blessures)) == (6, 1)
        assert f.repos("scene").blessures == ()  # 6 → 7 : au-dessus du palier « blessé »
        assert len(f.rendre_durable("a").repos("scene").blessures) == 1

    def test_noms_de_blessure_hostiles(self) -> None:
        with pytest.raises(JdrErreur, match="vide"):
            Fiche.nouvelle("A", Ton.RAW).subir(2, [("\x00\x07", [])])
        with pytest.raises(JdrErreur, match="60 caractères"):
            Fiche.nouvelle("A", Ton.RAW).subir(2, [("x" * 61, [])])
        f = Fiche.nouvelle("A", Ton.RAW).subir(2, [("<script>alert(1)</script>", ["tir"])])
        assert f.blessures[0].nom == "<script>alert(1)</script>"  # gardé comme texte, affiché comme texte

    def test_soins_medicaux_une_fois_entre_deux_conflits(self) -> None:
        f = Fiche.nouvelle("A", Ton.RAW).subir(1).soins_medicaux()
        with pytest.raises(RegleEnfreinte):
            f.soins_medicaux()
        assert f.fin_de_conflit().soins_medicaux().sante == 6

    def test_durable_pas_assez_de_repos(self) -> None:
        f = Fiche.nouvelle("A", Ton.RAW).subir(2, [("os", [])]).rendre_durable("os")
        with pytest.raises(RegleEnfreinte, match="3 jours"):
            f.guerir_durable("os", soins_medicaux=True, jours_de_repos=2)

    def test_degats_absurdes(self) -> None:
        with pytest.raises(JdrErreur, match="Dégâts 21"):
            Fiche.nouvelle("A", Ton.RAW).subir(21)


class TestStress:
    """Blockbuster : pertes de Santé, Coup d'éclat figé ; Raw : malus, résistance, Rupture."""

    def test_blockbuster_perte_de_sante(self) -> None:
        f = Fiche("A", Ton.BLOCKBUSTER, 6).subir(1).subir(1)
        assert (f.sante, f.stress) == (4, 2)

    def test_raw_perte_de_sante_sans_stress(self) -> None:
        assert Fiche.nouvelle("A", Ton.RAW).subir(1).stress == 0

    def test_plafond(self) -> None:
        f = Fiche.nouvelle("A", Ton.BLOCKBUSTER)
        for _ in range(5):
            f = f.evenement(Evenement.INDICIBLE)
        assert f.stress == 6

    def test_coup_d_eclat_seulement_blockbuster(self) -> None:
        with pytest.raises(RegleEnfreinte):
            Fiche("A", Ton.RAW, 6, 6).declarer_coup_d_eclat()
        with pytest.raises(RegleEnfreinte):
            Fiche("A", Ton.BLOCKBUSTER, 8, 5).declarer_coup_d_eclat()

    def test_fige_sauf_repos(self) -> None:
        f = Fiche("A", Ton.BLOCKBUSTER, 8, 6)
        assert f.subir(1).stress == 6 and f.evenement(Evenement.CHOC).stress == 6
        assert f.repos("longue").stress == 0

    def test_resistance_raw_seulement(self) -> None:
        with pytest.raises(RegleEnfreinte, match="Raw"):
            Fiche("A", Ton.BLOCKBUSTER, 8, 0).evenement(Evenement.CHOC, resistance=jet(6))

    def test_resistance_ratee(self) -> None:
        assert Fiche("A", Ton.RAW, 6, 0).evenement(Evenement.INDICIBLE, resistance=jet(1, 2)).stress == 3

    def test_danger_compte_une_fois(self) -> None:
        f = Fiche("A", Ton.RAW, 6, 0).evenement(Evenement.CHOC, danger="incendie")
        assert f.evenement(Evenement.CHOC, danger="incendie").stress == 1
        assert f.nouvelle_scene().evenement(Evenement.CHOC, danger="incendie").stress == 2
        with pytest.raises(RegleEnfreinte, match="le jet pour l'éviter est déjà fait"):
            Fiche("A", Ton.RAW, 6, 0).evenement(Evenement.CHOC, danger="x", resistance=jet(6))

    def test_repos_comme_d_habitude_en_rupture(self) -> None:
        """La pause sûre et le repos fonctionnent comme d'habitude en Raw (source, l. 50),
        Rupture comprise ; qu'ils la lèvent est une hypothèse réglable."""
        en_rupture = Fiche("A", Ton.RAW, 4, 6, mode_rupture="fuite")
        assert en_rupture.repos("pause").stress == 5 and not en_rupture.repos("pause").en_rupture
        assert en_rupture.repos("longue").stress == 0
        garde = en_rupture.repos("scene", repos_leve_rupture=False)
        assert garde.en_rupture and garde.sante == 5
        with pytest.raises(RegleEnfreinte, match="ramener"):
            en_rupture.reconfort()

    def test_reconfort_blockbuster_refuse(self) -> None:
        with pytest.raises(RegleEnfreinte, match="Raw"):
            Fiche("A", Ton.BLOCKBUSTER, 8, 3).reconfort()


class TestDangers:
    """Dix dangers ; l'échec blesse sans armure, la partielle évite avec complication."""

    def test_table(self) -> None:
        assert len(DANGERS) == 10
        assert PAR_CLE["piege-mortel"].attributs == ("PER", "DEX")

    def test_partielle_evite(self) -> None:
        f = Fiche.nouvelle("A", Ton.BLOCKBUSTER)
        e = affronter(f, PAR_CLE["chute-haute"], 2, des=DesScriptes([5, 1]))
        assert e.evite and e.apres == f and "complication" in str(e)


class TestSauvegarde:
    """Aller-retour JSON et refus de toute sauvegarde abîmée."""

    def test_aller_retour(self) -> None:
        f = Fiche.nouvelle("Ada", Ton.RAW).subir(3, [("x", ["tir"])])
        f = f.evenement(Evenement.HORREUR, resistance=f.jet_de_resistance(2, des=DesScriptes([1, 2])))
        assert Fiche.depuis_json(json.loads(json.dumps(f.en_json()))) == f

    @pytest.mark.parametrize("corrompue", [
        None, [], "texte", {"version": 2}, {"version": 1},
        {"version": 1, "nom": "A", "ton": "raw", "sante": 7, "stress": 0},
        {"version": 1, "nom": "A", "ton": "epique", "sante": 3, "stress": 0},
        {"version": 1, "nom": "A", "ton": "raw", "sante": 3, "stress": "2"},
        {"version": 1, "nom": "", "ton": "raw", "sante": 3, "stress": 0},
        {"version": 1, "nom": "A", "ton": "raw", "sante": 6, "stress": 0,
         "blessures": [{"nom": "x", "palier": "blessé", "gene": [], "durable": False}]},
        {"version": 1, "nom": "A", "ton": "raw", "sante": 3, "stress": 0, "blessures": "x"},
        {"version": 1, "nom": "A", "ton": "raw", "sante": 3, "stress": 0, "blessures": [{"palier": "blessé"}]},
        {"version": 1, "nom": "A", "ton": "raw", "sante": 3, "stress": 0, "mode_rupture": "fuite"},
        {"version": 1, "nom": "A", "ton": "raw", "sante": 3, "stress": 0, "reconfort_recu": "oui"},
    ])
    def test_refus(self, corrompue: object) -> None:
        with pytest.raises(JdrErreur, match=r"illisible|attendu|texte"):
            Fiche.depuis_json(corrompue)

    def test_pont_fiche_corrompue(self) -> None:
        requete = {"type": "suivi", "systeme": "encore", "etat": {"version": 1}, "op": {"op": "lire"}}
        r = json.loads(pont.traiter(json.dumps(requete)))
        assert set(r) == {"erreur"} and "illisible" in r["erreur"]


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


def test_lucrece_cotes_exactes() -> None:
    d = distribution_reserve(3, difficulte=Difficulte.DIFFICILE, coup_d_eclat=True)
    assert d == {Issue.REUSSITE: Fraction(473, 729), Issue.PARTIELLE: Fraction(256, 729), Issue.ECHEC: 0}


def test_fiche_aleatoire_reproductible() -> None:
    a = affronter(Fiche.nouvelle("A", Ton.RAW), PAR_CLE["poison"], 3, des=DesAleatoires(3),
                  blessures=[("x", [])])
    b = affronter(Fiche.nouvelle("A", Ton.RAW), PAR_CLE["poison"], 3, des=DesAleatoires(3),
                  blessures=[("x", [])])
    assert a == b


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
