"""3D6 : les véhicules (jdr_core/troisd6/vehicule.py) : 5 à 10 PE plus le FP, insensibles aux armes légères."""

from __future__ import annotations

import pytest

from jdr_core.des import DesScriptes
from jdr_core.erreurs import JdrErreur, ParametreInvalide, RegleEnfreinte
from jdr_core.troisd6 import Vehicule, attaquer
from jdr_core.troisd6.vehicule import ARME_LEGERE_MAX


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
