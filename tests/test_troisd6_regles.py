"""3D6 : les règles du texte qui n'avaient pas encore de fonction (dépenser des PE,
se relever, véhicules)."""

from __future__ import annotations

import pytest

from jdr_core.des import DesScriptes
from jdr_core.erreurs import JdrErreur, ParametreInvalide, RegleEnfreinte
from jdr_core.troisd6 import Action, Activation, Etat, Usage, Vehicule, Vitalite, attaquer
from jdr_core.troisd6.energie import COUTS
from jdr_core.troisd6.vehicule import ARME_LEGERE_MAX


class TestDepenserDesPE:
    """Compétences et pouvoirs coûtent des PE (hypothèse : 1 et 2), sans dette d'énergie."""

    def test_couts_par_defaut(self) -> None:
        assert COUTS == {Usage.COMPETENCE: 1, Usage.POUVOIR: 2}
        v = Vitalite.nouvelle(physique=3, mental=3)
        assert v.depenser(Usage.COMPETENCE).pe == 5 and v.depenser(Usage.POUVOIR).pe == 4

    def test_cout_en_parametre(self) -> None:
        assert Vitalite.nouvelle(physique=3, mental=3).depenser(Usage.POUVOIR, cout=5).pe == 1

    def test_depense_mene_a_l_etat_affaibli(self) -> None:
        v = Vitalite(3, 6).depenser(Usage.POUVOIR)
        assert v.etat is Etat.AFFAIBLI and v.desavantages == 1

    def test_pas_de_dette(self) -> None:
        with pytest.raises(RegleEnfreinte, match="ce pouvoir coûte 2 PE, il n'en reste que 1"):
            Vitalite(1, 6).depenser(Usage.POUVOIR)

    @pytest.mark.parametrize("pe", [0, -2])
    def test_incapable_d_agir(self, pe: int) -> None:
        with pytest.raises(RegleEnfreinte, match="ne peut rien utiliser"):
            Vitalite(pe, 6).depenser(Usage.COMPETENCE)

    @pytest.mark.parametrize("cout", [0, 11, "1", 2.5, True])
    def test_cout_borne(self, cout: object) -> None:
        with pytest.raises(JdrErreur, match="coût en PE"):
            Vitalite(5, 6).depenser(Usage.COMPETENCE, cout=cout)  # type: ignore[arg-type]

    def test_usage_inconnu(self) -> None:
        with pytest.raises(JdrErreur, match="compétence ou un pouvoir"):
            Vitalite(5, 6).depenser("sort")  # type: ignore[arg-type]

    def test_ne_modifie_pas_l_original(self) -> None:
        v = Vitalite(5, 6)
        v.depenser(Usage.COMPETENCE)
        assert v.pe == 5


class TestSeRelever:
    """Se relever coûte une action, seulement à terre ; à terre, on se relève avant de bouger."""

    def test_une_action_puis_une_autre(self) -> None:
        a = Activation((Action.SE_RELEVER, Action.ATTAQUER), au_sol=True)
        assert a.debout and str(a) == "Se relever, puis attaquer : de nouveau debout."

    def test_reste_a_terre(self) -> None:
        assert not Activation((Action.DEFENDRE,), au_sol=True).debout

    def test_debout_par_defaut(self) -> None:
        assert Activation((Action.DEPLACER,)).debout

    @pytest.mark.parametrize(("actions", "au_sol"), [
        ((Action.SE_RELEVER,), False),
        ((Action.SE_RELEVER, Action.SE_RELEVER), True),
    ])
    def test_deja_debout(self, actions: tuple[Action, ...], au_sol: bool) -> None:
        with pytest.raises(RegleEnfreinte, match="déjà debout"):
            Activation(actions, au_sol=au_sol)

    def test_pas_de_deplacement_a_terre(self) -> None:
        with pytest.raises(RegleEnfreinte, match="d'abord se relever"):
            Activation((Action.DEPLACER, Action.SE_RELEVER), au_sol=True)

    def test_ramper_en_parametre(self) -> None:
        assert not Activation((Action.DEPLACER,), au_sol=True, ramper=True).debout

    def test_trois_actions_refusees(self) -> None:
        with pytest.raises(RegleEnfreinte, match="au plus 2"):
            Activation((Action.SE_RELEVER, Action.DEPLACER, Action.ATTAQUER), au_sol=True)

    def test_actions_illisibles(self) -> None:
        with pytest.raises(RegleEnfreinte, match="suite d'actions"):
            Activation(("se relever",), au_sol=True)  # type: ignore[arg-type]


class TestVehicules:
    """5 à 10 PE plus le FP, insensibles aux armes légères (hypothèse : 2 de base ou moins)."""

    @pytest.mark.parametrize("pe", [5, 10])
    def test_bornes_des_pe(self, pe: int) -> None:
        assert Vehicule.nouveau("v", pe).maximum == pe

    @pytest.mark.parametrize("pe", [4, 11, "7", None])
    def test_pe_hors_bornes(self, pe: object) -> None:
        with pytest.raises(ParametreInvalide, match="PE du véhicule"):
            Vehicule.nouveau("v", pe)  # type: ignore[arg-type]

    def test_fp_ajoute_aux_pe(self) -> None:
        assert Vehicule.nouveau("char", 8, fp=3).pe == 11

    @pytest.mark.parametrize("arme", range(1, ARME_LEGERE_MAX + 1))
    def test_insensible_aux_armes_legeres(self, arme: int) -> None:
        v = Vehicule.nouveau("v", 6)
        coup = attaquer(5, arme=arme, des=DesScriptes([1, 2, 3]))
        assert coup.degats > 0 and v.encaisser(coup) == v

    def test_arme_lourde_compte(self) -> None:
        v = Vehicule.nouveau("v", 6)
        coup = attaquer(4, arme=3, des=DesScriptes([1, 5, 6]))
        assert v.encaisser(coup).pe == 3

    def test_seuil_en_parametre(self) -> None:
        v = Vehicule.nouveau("v", 6, arme_legere_max=0)
        assert v.encaisser(attaquer(4, arme=1, des=DesScriptes([1, 5, 6]))).pe == 5

    def test_protection_du_vehicule(self) -> None:
        blinde = Vehicule.nouveau("blindé", 10, protection=4)
        coup = attaquer(4, arme=5, protection=4, des=DesScriptes([1, 5, 6]))
        assert blinde.encaisser(coup).pe == 9
        with pytest.raises(RegleEnfreinte, match="protection de 0"):
            blinde.encaisser(attaquer(4, arme=5, des=DesScriptes([1, 5, 6])))

    def test_rate_ne_coute_rien(self) -> None:
        v = Vehicule.nouveau("v", 6)
        coup = attaquer(2, arme=4, des=DesScriptes([5, 5, 6]))
        assert v.encaisser(coup) == v and v.decrire_coup(coup) == "L'attaque manque v."

    def test_jamais_sous_zero_et_hors_d_usage(self) -> None:
        v = Vehicule.nouveau("la moto", 5)
        apres = v.encaisser(attaquer(5, arme=5, des=DesScriptes([1, 2, 3])))
        assert apres.pe == 0 and apres.hors_d_usage and str(apres) == "La moto : 0 PE sur 5, hors d'usage."

    @pytest.mark.parametrize("nom", ["", "  ", 3, "x" * 61])
    def test_nom(self, nom: object) -> None:
        with pytest.raises(JdrErreur, match="nom du véhicule"):
            Vehicule.nouveau(nom, 6)  # type: ignore[arg-type]

    def test_pas_une_attaque(self) -> None:
        with pytest.raises(JdrErreur, match="attaque résolue"):
            Vehicule.nouveau("v", 6).encaisser(4)  # type: ignore[arg-type]


class TestErreursFrancaises:
    """Une saisie brute hors des choix donne une phrase, pas une KeyError."""

    def test_milieu_inconnu(self) -> None:
        from jdr_core.troisd6 import se_deplacer

        with pytest.raises(RegleEnfreinte, match="milieu inconnu : au sol, dans les airs, dans l'eau"):
            se_deplacer("sol", 1)  # type: ignore[arg-type]
