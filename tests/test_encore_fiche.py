"""enCORE : la fiche d'un personnage (jdr_core/encore/fiche.py) : Santé et blessures, Stress des deux tons,
fin de conflit, résistance, première vision d'une créature, sauvegarde, refus en français."""

from __future__ import annotations

import json

import pytest

from jdr_core import pont
from jdr_core.des import DesAleatoires, DesScriptes
from jdr_core.encore.dangers import PAR_CLE, affronter
from jdr_core.encore.fiche import CREATURES_MAX, Blessure, Fiche
from jdr_core.encore.reserve import Issue, lancer_reserve
from jdr_core.encore.ton import REGLES, Evenement, Palier, Ton
from jdr_core.erreurs import JdrErreur, RegleEnfreinte

from .test_encore_francais import sans_restes
from .test_encore_reserve import jet


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


def test_fiche_aleatoire_reproductible() -> None:
    a = affronter(Fiche.nouvelle("A", Ton.RAW), PAR_CLE["poison"], 3, des=DesAleatoires(3),
                  blessures=[("x", [])])
    b = affronter(Fiche.nouvelle("A", Ton.RAW), PAR_CLE["poison"], 3, des=DesAleatoires(3),
                  blessures=[("x", [])])
    assert a == b


BLESSURES_KO = [("côtes cassées", ["courir"]), ("arcade ouverte", ["viser"]), ("commotion", [])]


def gideon_a_terre() -> Fiche:
    return Fiche.nouvelle("Gideon", Ton.BLOCKBUSTER).subir(8, BLESSURES_KO)


class TestFinDeConflit:
    """Les blessures restent à la fin du conflit, celle du palier 0 comprise."""

    def test_la_blessure_du_palier_zero_reste(self) -> None:
        apres = gideon_a_terre().fin_de_conflit()
        assert apres.sante == 3
        assert [b.nom for b in apres.blessures] == ["côtes cassées", "arcade ouverte", "commotion"]

    def test_elle_rejoint_le_palier_du_reveil(self) -> None:
        commotion = gideon_a_terre().fin_de_conflit().blessures[-1]
        assert commotion.palier is Palier.GRAVEMENT_BLESSE

    def test_elle_part_avec_le_premier_soin(self) -> None:
        apres = gideon_a_terre().fin_de_conflit().premiers_soins(reussi=True)
        assert apres.sante == 4 and [b.nom for b in apres.blessures] == ["côtes cassées"]

    def test_autre_lecture_en_parametre(self) -> None:
        apres = gideon_a_terre().fin_de_conflit(garder_blessures=False)
        assert [b.nom for b in apres.blessures] == ["côtes cassées", "arcade ouverte"]

    def test_deux_fins_de_conflit_de_suite(self) -> None:
        une = gideon_a_terre().fin_de_conflit()
        assert une.fin_de_conflit() == replace_soins(une)

    def test_durable_garde_son_palier(self) -> None:
        durable = gideon_a_terre().rendre_durable("commotion").fin_de_conflit()
        assert durable.blessures[-1].palier is Palier.HORS_DE_COMBAT and durable.blessures[-1].durable

    def test_sauvegarde_relue(self) -> None:
        apres = gideon_a_terre().fin_de_conflit()
        assert Fiche.depuis_json(apres.en_json()) == apres

    def test_raw_rien_ne_bouge(self) -> None:
        ada = Fiche.nouvelle("Ada", Ton.RAW).subir(6, [("a", []), ("b", []), ("c", [])])
        assert ada.fin_de_conflit().sante == 0 and len(ada.fin_de_conflit().blessures) == 3


def replace_soins(fiche: Fiche) -> Fiche:
    """La même fiche, soins médicaux de nouveau possibles (ce que toute fin de conflit rend)."""
    return Fiche.depuis_json({**fiche.en_json(), "soins_medicaux_faits": False})


class TestResistanceSansMalus:
    """Le jet de résistance (Raw) ignore le malus de Stress ; le cœur refuse un jet qui l'a compté."""

    def test_jet_ordinaire_refuse_a_4_de_stress(self) -> None:
        ada = Fiche("Ada", Ton.RAW, sante=6, stress=4)
        avec_malus = lancer_reserve(2, malus=ada.malus_stress, des=DesScriptes([6]))
        with pytest.raises(RegleEnfreinte, match="ignore ce malus"):
            ada.evenement(Evenement.HORREUR, resistance=avec_malus)

    def test_message_en_francais(self) -> None:
        ada = Fiche("Ada", Ton.RAW, sante=6, stress=5)
        with pytest.raises(RegleEnfreinte) as erreur:
            ada.evenement(Evenement.CHOC, resistance=lancer_reserve(1, des=DesScriptes([6])))
        assert str(erreur.value) == (
            "Jet de résistance refusé : à 5 de Stress, un jet ordinaire d'Ada perd un dé, mais la "
            "résistance ignore ce malus et ne se relance pas. Lancez le jet de résistance de la fiche.")

    @pytest.mark.parametrize("stress", [4, 5])
    def test_jet_de_la_fiche_garde_tous_ses_des(self, stress: int) -> None:
        ada = Fiche("Ada", Ton.RAW, sante=6, stress=stress)
        jet = ada.jet_de_resistance(2, des=DesScriptes([6, 1]))
        assert len(jet.des) == 2 and not jet.relancable
        assert ada.evenement(Evenement.HORREUR, resistance=jet).stress == min(6, stress + 1)

    def test_les_blessures_comptent_encore(self) -> None:
        jet = Fiche("Ada", Ton.RAW, sante=6, stress=4).jet_de_resistance(3, malus=1, des=DesScriptes([1, 1]))
        assert len(jet.des) == 2 and jet.issue is Issue.ECHEC

    def test_sans_malus_un_jet_ordinaire_reste_accepte(self) -> None:
        ada = Fiche("Ada", Ton.RAW, sante=6, stress=2)
        assert ada.evenement(Evenement.HORREUR, resistance=lancer_reserve(2, des=DesScriptes([5, 3]))).stress == 3

    def test_blockbuster_sans_jet_de_resistance(self) -> None:
        with pytest.raises(RegleEnfreinte, match="qu'en Raw"):
            Fiche.nouvelle("Lucrèce", Ton.BLOCKBUSTER).jet_de_resistance(2, des=DesScriptes([6, 6]))

    def test_pas_un_jet(self) -> None:
        with pytest.raises(JdrErreur, match="jet de réserve"):
            Fiche("Ada", Ton.RAW, 6, 0).evenement(Evenement.CHOC, resistance=6)  # type: ignore[arg-type]


class TestResisterObligatoire:
    """Raw : face à un événement marquant, le joueur lance CON Standard (source, l. 43) ; seuls
    le Stress d'un coût et celui d'un danger déjà soumis à un jet se prennent sans jet (l. 45)."""

    def test_evenement_sans_jet_refuse_en_raw(self) -> None:
        ada = Fiche("Ada", Ton.RAW, 6, 2)
        with pytest.raises(RegleEnfreinte, match="jet de CON Standard"):
            ada.evenement(Evenement.CHOC)
        with pytest.raises(RegleEnfreinte, match="jet de CON Standard"):
            ada.premiere_vision("goule", 2)

    def test_rate_compte_en_entier(self) -> None:
        ada = Fiche("Ada", Ton.RAW, 6, 2)
        rate = ada.jet_de_resistance(2, des=DesScriptes([1, 2]))
        assert ada.evenement(Evenement.HORREUR, resistance=rate).stress == 4

    def test_sans_jet_pour_un_cout_ou_un_danger(self) -> None:
        ada = Fiche("Ada", Ton.RAW, 6, 2)
        assert ada.stress_impose(1).stress == 3
        assert ada.evenement(Evenement.CHOC, danger="incendie").stress == 3

    def test_blockbuster_sans_jet(self) -> None:
        assert Fiche("Gideon", Ton.BLOCKBUSTER, 8, 2).evenement(Evenement.HORREUR).stress == 3


class TestPremiereVision:
    """La première vision d'une créature : Stress fixé par le scénario, une seule fois, résistible en Raw."""

    def test_blockbuster_compte_la_valeur_du_scenario(self) -> None:
        assert Fiche.nouvelle("L", Ton.BLOCKBUSTER).premiere_vision("goule", 2).stress == 2

    def test_une_seule_fois_par_creature(self) -> None:
        vue = Fiche.nouvelle("L", Ton.BLOCKBUSTER).premiere_vision("Goule", 2)
        assert vue.premiere_vision("goule", 2) == vue
        assert vue.premiere_vision("nuée", 1).stress == 3
        assert vue.nouvelle_scene().premiere_vision("goule", 2).stress == 2

    @pytest.mark.parametrize(("faces", "attendu"), [([6, 1], 4), ([1, 2], 5)])
    def test_raw_resistance(self, faces: list[int], attendu: int) -> None:
        ada = Fiche("Ada", Ton.RAW, sante=6, stress=3)
        jet = ada.jet_de_resistance(2, des=DesScriptes(faces))
        assert ada.premiere_vision("goule", 2, resistance=jet).stress == attendu

    def test_resistance_ne_descend_pas_sous_zero(self) -> None:
        ada = Fiche("Ada", Ton.RAW, sante=6, stress=1)
        assert ada.premiere_vision("ombre", 0, resistance=ada.jet_de_resistance(1, des=DesScriptes([6]))).stress == 1

    def test_resistance_avec_malus_refusee(self) -> None:
        ada = Fiche("Ada", Ton.RAW, sante=6, stress=4)
        with pytest.raises(RegleEnfreinte, match="ignore ce malus"):
            ada.premiere_vision("goule", 2, resistance=lancer_reserve(1, des=DesScriptes([6])))

    def test_resistance_refusee_en_blockbuster(self) -> None:
        with pytest.raises(RegleEnfreinte, match="qu'en Raw"):
            Fiche.nouvelle("L", Ton.BLOCKBUSTER).premiere_vision("goule", 2, resistance=lancer_reserve(
                1, des=DesScriptes([6])))

    @pytest.mark.parametrize("stress", [-1, 7, "2", None, 2.0, True])
    def test_valeur_du_scenario_bornee(self, stress: object) -> None:
        fiche = Fiche.nouvelle("L", Ton.RAW)
        with pytest.raises(JdrErreur, match=r"Stress prévu par le scénario .* attendu un entier de 0 à 6"):
            fiche.premiere_vision("goule", stress)  # type: ignore[arg-type]

    @pytest.mark.parametrize("nom", ["", "   ", 3, None, "x" * 61])
    def test_nom_de_creature(self, nom: object) -> None:
        with pytest.raises(JdrErreur, match="créature"):
            Fiche.nouvelle("L", Ton.RAW).premiere_vision(nom, 1)  # type: ignore[arg-type]

    def test_memoire_bornee(self) -> None:
        fiche = Fiche.nouvelle("L", Ton.BLOCKBUSTER)
        for i in range(CREATURES_MAX):
            fiche = fiche.premiere_vision(f"bête {i}", 0)
        with pytest.raises(JdrErreur, match=f"{CREATURES_MAX} créatures"):
            fiche.premiere_vision("une de trop", 0)

    def test_sauvegarde(self) -> None:
        fiche = Fiche.nouvelle("L", Ton.RAW)
        fiche = fiche.premiere_vision("goule", 2, resistance=fiche.jet_de_resistance(2, des=DesScriptes([1, 2])))
        assert Fiche.depuis_json(fiche.en_json()) == fiche
        assert Fiche.depuis_json({**fiche.en_json(), "creatures_vues": []}).creatures_vues == ()
        ancienne = fiche.en_json()
        del ancienne["creatures_vues"]
        assert Fiche.depuis_json(ancienne).creatures_vues == ()
        with pytest.raises(JdrErreur, match="créatures déjà vues"):
            Fiche.depuis_json({**fiche.en_json(), "creatures_vues": "goule"})


class TestTraceSante:
    """Quelques règles de la source que rien d'autre n'exerçait (trace de l'issue 37)."""

    def test_stress_commence_a_zero(self) -> None:
        assert Fiche.nouvelle("L", Ton.BLOCKBUSTER).stress == 0 == Fiche.nouvelle("A", Ton.RAW).stress

    def test_gravement_blesse_et_hors_de_combat(self) -> None:
        fiche = Fiche.nouvelle("G", Ton.BLOCKBUSTER)
        assert fiche.subir(5, [("a", ["x"]), ("b", ["y"])]).palier is Palier.GRAVEMENT_BLESSE
        assert fiche.subir(8, [("a", ["x"]), ("b", ["y"]), ("c", ["z"])]).palier is Palier.HORS_DE_COMBAT

    def test_equipement_dans_la_table_des_soins(self) -> None:
        from jdr_core.encore.tables import SOINS

        ligne = next(ligne for ligne in SOINS.lignes if ligne[0] == "Certains équipements")
        assert all("Créer un objet" in cellule for cellule in ligne[1:])

    def test_blessure_de_poison_durable(self) -> None:
        fiche = Fiche.nouvelle("A", Ton.RAW).subir(2, [("poison", ["tout"])]).rendre_durable("poison")
        assert fiche.blessures[0].durable


class TestErreursFrancaises:
    """Une fiche construite ou relue de travers lève une JdrErreur en français."""

    @pytest.mark.parametrize(("args", "message"), [
        (("Ada", "epique", 6), "Ton inconnu"),
        (("Ada", Ton.RAW, 7), "Santé 7 : attendu un entier de 0 à 6"),
        (("Ada", Ton.RAW, 6, -1), "Stress -1 : attendu un entier de 0 à 6"),
        (("Ada", Ton.RAW, "6"), "Santé 6 : attendu un entier de 0 à 6"),
        (("Ada", Ton.RAW, None), r"Santé \(vide\) : attendu un entier de 0 à 6"),
        ((None, Ton.RAW, 6), "Le nom doit être un texte : donnez un nom au personnage."),
        (("  ", Ton.RAW, 6), "Le nom est vide"),
    ])
    def test_fiche_construite_a_la_main(self, args: tuple[object, ...], message: str) -> None:
        with pytest.raises(JdrErreur, match=message):
            Fiche(*args)  # type: ignore[arg-type]

    def test_ton_en_texte_accepte(self) -> None:
        assert Fiche("Ada", "raw", 6).ton is Ton.RAW  # type: ignore[arg-type]
        assert Fiche.nouvelle("Ada", "Raw").sante == 6  # type: ignore[arg-type]

    @pytest.mark.parametrize("ton", ["epique", [], None])
    def test_nouvelle_fiche_ton_inconnu(self, ton: object) -> None:
        with pytest.raises(JdrErreur, match="Ton inconnu : choisissez Blockbuster ou Raw"):
            Fiche.nouvelle("Ada", ton)  # type: ignore[arg-type]

    def test_evenement_inconnu(self) -> None:
        with pytest.raises(JdrErreur, match="Événement inconnu : choisissez Choc, Horreur ou Indicible"):
            Fiche("Ada", Ton.RAW, 6).evenement("Horreur")  # type: ignore[arg-type]

    @pytest.mark.parametrize("etat", [
        {"version": 1, "nom": "A", "ton": [], "sante": 3, "stress": 0},
        {"version": 1, "nom": "A", "ton": "raw", "sante": 3, "stress": 0, "blessures": [{"nom": "x", "palier": []}]},
    ])
    def test_sauvegarde_mal_typee(self, etat: dict[str, object]) -> None:
        with pytest.raises(JdrErreur, match=r"Fiche illisible : le (ton|palier)"):
            Fiche.depuis_json(etat)


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
