"""Points d'énergie : états, dépense de PE, récupération, stabilisation, soins, séquelle Infirme."""


import pytest

from jdr_core.des import DesScriptes
from jdr_core.erreurs import JdrErreur, RegleEnfreinte
from jdr_core.troisd6.energie import COUTS, Etat, Usage, Vitalite, etat_pour, pe_de_depart
from jdr_core.troisd6.test import tester

from .phrases_troisd6 import propre


class TestEtats:
    """Affaibli à 1–2 (sauf robots), gravement blessé à 0, critique en dessous."""

    @pytest.mark.parametrize(
        ("pe", "robot", "etat"),
        [(5, False, Etat.EN_FORME), (2, False, Etat.AFFAIBLI), (1, True, Etat.EN_FORME),
         (0, False, Etat.GRAVEMENT_BLESSE), (-1, True, Etat.CRITIQUE)],
    )
    def test_etat(self, pe: int, robot: bool, etat: Etat) -> None:
        assert etat_pour(pe, robot) is etat

    def test_pe_de_depart(self) -> None:
        assert pe_de_depart(5, 5, 10) == 20
        with pytest.raises(JdrErreur, match="Mental 6"):
            pe_de_depart(1, 6)


class TestSoins:
    """Stabiliser évite la séquelle ; guérir sans stabilisation la donne."""

    def test_soin_sans_stabilisation_donne_infirme(self) -> None:
        v = Vitalite(2, 6).subir(4)
        assert v.sequelle_menace
        v = v.soigner(tester(3, des=DesScriptes([1, 1, 6])))
        assert (v.pe, v.infirme) == (0, True)

    def test_stabiliser_evite_la_sequelle(self) -> None:
        v = Vitalite(2, 6).subir(4).stabiliser().recuperer(3)
        assert (v.pe, v.infirme) == (3, False)

    def test_se_stabiliser_rate(self) -> None:
        v = Vitalite(-1, 6)
        rate = v.se_stabiliser(tester(3, difficulte=3, des=DesScriptes([1, 2, 6])))
        assert rate == v

    def test_se_stabiliser_demande_difficulte_3(self) -> None:
        with pytest.raises(RegleEnfreinte, match="difficulté 3"):
            Vitalite(-1, 6).se_stabiliser(tester(3, difficulte=2, des=DesScriptes([1, 2, 3])))

    def test_stabiliser_hors_critique(self) -> None:
        with pytest.raises(RegleEnfreinte):
            Vitalite(3, 6).stabiliser()

    def test_recuperation_plafonnee(self) -> None:
        assert Vitalite(5, 6).recuperer(10).pe == 6

    def test_soin_echec_critique(self) -> None:
        v = Vitalite(3, 6).soigner(tester(2, des=DesScriptes([5, 5, 5])))
        assert (v.pe, v.infirme) == (3, True)

    def test_robot_reparation(self) -> None:
        robot = Vitalite(0, 12, robot=True, physique=4)
        assert robot.soigner(tester(3, des=DesScriptes([3, 6, 6]))).pe == 8
        assert robot.soigner(tester(3, des=DesScriptes([4, 6, 6]))).pe == 0

    def test_valeurs_immuables(self) -> None:
        v = Vitalite(5, 6)
        v.subir(3)
        assert v.pe == 5


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


class TestPhraseVitalite:
    """Les PE (avec le vrai signe moins), l'état, son effet et la séquelle."""

    @pytest.mark.parametrize(("pe", "debut"), [
        (5, "5 PE sur 5 : en forme."),
        (1, "1 PE sur 5 : affaibli, un désavantage sur toutes les actions."),
        (0, "0 PE sur 5 : gravement blessé, incapable d'agir vraiment avant d'avoir retrouvé 1 PE."),
        (-1, "−1 PE sur 5 : état critique, à stabiliser ou à soigner"),
    ])
    def test_etats(self, pe: int, debut: str) -> None:
        assert propre(str(Vitalite(pe, 5))).startswith(debut)

    def test_sequelle(self) -> None:
        tombe = Vitalite.nouvelle(physique=3, mental=2).subir(6)
        assert str(tombe).endswith("; la séquelle Infirme menace, faute de stabilisation.")
        assert str(tombe.stabiliser()).endswith("avant d'avoir retrouvé 1 PE.")
        assert str(tombe.reprendre_conscience().recuperer(3)) == "3 PE sur 5 : en forme, avec le défaut Infirme."
