"""enCORE : les règles laissées en suspens (fin de conflit, résistance sans malus de Stress,
première vision d'une créature) et les erreurs dites en français."""

from __future__ import annotations

import pytest

from jdr_core.des import DesScriptes
from jdr_core.encore import ton as module_ton
from jdr_core.encore.fiche import CREATURES_MAX, Fiche
from jdr_core.encore.reserve import Issue, lancer_reserve
from jdr_core.encore.ton import REGLES, Evenement, Palier, Ton, lire_palier, lire_ton
from jdr_core.erreurs import JdrErreur, RegleEnfreinte

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


class TestErreursFrancaises:
    """Tout ce que lève le cœur d'enCORE est une JdrErreur en français, jamais un ValueError nu."""

    @pytest.mark.parametrize("brut", ["epique", [], {}, None, 3])
    def test_ton_inconnu(self, brut: object) -> None:
        with pytest.raises(JdrErreur) as erreur:
            lire_ton(brut)
        assert str(erreur.value) == "Ton inconnu : choisissez Blockbuster ou Raw."

    def test_ton_lu_sans_majuscules(self) -> None:
        assert lire_ton(" RAW ") is Ton.RAW and lire_palier("Blessé") is Palier.BLESSE

    @pytest.mark.parametrize("brut", ["épuisé", ["blessé"], None])
    def test_palier_inconnu(self, brut: object) -> None:
        with pytest.raises(JdrErreur, match="Palier inconnu : valide, blessé, gravement blessé ou hors de combat"):
            lire_palier(brut)

    def test_palier_hors_bornes_est_une_jdrerreur(self) -> None:
        with pytest.raises(JdrErreur, match="Santé 9 : attendu un entier de 0 à 8"):
            REGLES[Ton.BLOCKBUSTER].palier(9)

    def test_aucun_valueerror_nu_dans_ton(self) -> None:
        with open(module_ton.__file__, encoding="utf-8") as source:
            assert "raise ValueError" not in source.read()

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
