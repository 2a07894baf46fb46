"""Le jet de 2D6 (jdr_core/deuxd6/jet.py) : cibles, compétences proches, niveaux, Dd, distribution exacte."""

from __future__ import annotations

from fractions import Fraction

import icepool
import pytest
from hypothesis import given
from hypothesis import strategies as st

from jdr_core.des import DesAleatoires, DesScriptes
from jdr_core.deuxd6.jet import (
    CIBLE_MAX,
    CIBLE_MIN,
    MODIFICATEURS,
    PAIRES,
    EchecAutomatique,
    Jet2D6,
    Niveau,
    cible_attribut,
    cible_caracteristique,
    cible_competence,
    cible_jet_caracteristique,
    cible_sans_competence,
    distribution_2d6,
    distribution_dd,
    lancer_2d6,
    niveau_de,
    nom_difficulte,
    tenter,
)
from jdr_core.erreurs import JdrErreur


class TestModificateurs:
    """La table des difficultés : valeurs exactes du texte, de +5 à −10."""

    def test_valeurs(self) -> None:
        assert sorted(MODIFICATEURS) == [-10, -5, -3, -1, 0, 1, 3, 5]

    def test_noms(self) -> None:
        assert nom_difficulte(5) == "Évident" and nom_difficulte(-10) == "Quasiment impossible"
        assert nom_difficulte(-2) == "−2"


class TestCibles:
    """7 + niveau, 2 + caractéristique, 2 + attribut, plus le modificateur."""

    def test_competence(self) -> None:
        assert cible_competence(2, -1) == 8 and cible_competence(0) == 7 and cible_competence(2, 1) == 10

    def test_caracteristique_et_attribut(self) -> None:
        assert cible_caracteristique(3) == 5 and cible_attribut(4, -1) == 5

    def test_jet_de_caracteristique_hypothese(self) -> None:
        assert cible_jet_caracteristique(3) == 5
        assert cible_jet_caracteristique(3, 1, base=7) == 11

    @pytest.mark.parametrize(("appel", "message"), [
        (lambda: cible_competence(-1), "niveau de compétence -1 : attendu un entier de 0 à 10"),
        (lambda: cible_caracteristique(0), "caractéristique 0 : attendu un entier de 1 à 10"),
        (lambda: cible_attribut(21), "attribut 21 : attendu un entier de 0 à 20"),
        (lambda: cible_competence(2, 99), "modificateur 99 : attendu un entier de -25 à 15"),
        (lambda: cible_jet_caracteristique(2, base=8), "base du jet de caractéristique 8"),
        (lambda: cible_competence(True), r"niveau de compétence \(oui ou non\) : attendu un entier"),
    ])
    def test_bornes(self, appel: object, message: str) -> None:
        with pytest.raises(JdrErreur, match=message):
            appel()  # type: ignore[operator]


class TestSansCompetence:
    """Échec d'office, jet par défaut, compétence proche et plafond de 7."""

    def test_formation_exigee(self) -> None:
        assert cible_sans_competence(4, apprentissage=True) is None
        assert cible_sans_competence(4, apprentissage=True, niveau_proche=3, modificateur=-1) == 5

    def test_action_faisable(self) -> None:
        assert cible_sans_competence(4, modificateur=1) == 7

    def test_hache_et_epee(self) -> None:
        assert cible_sans_competence(3, niveau_proche=2) == 7
        assert cible_sans_competence(4, niveau_proche=2) == 7
        assert cible_sans_competence(1, niveau_proche=2) == 5

    def test_plafond_avant_ou_apres_modificateur(self) -> None:
        assert cible_sans_competence(5, niveau_proche=2, modificateur=3) == 10
        assert cible_sans_competence(5, niveau_proche=2, modificateur=3, plafond_avant_modificateur=False) == 7
        assert cible_sans_competence(5, niveau_proche=2, modificateur=-3, plafond_avant_modificateur=False) == 6

    def test_echec_automatique_sans_de(self) -> None:
        des = DesScriptes([3, 3])
        resultat = tenter(None, des=des)
        assert isinstance(resultat, EchecAutomatique) and not resultat.reussi
        assert resultat.niveau is Niveau.ECHEC and des.restants == 2
        assert "échoue d'office" in str(resultat)


class TestJet:
    """Total, réussite sous la cible ou égale, double, critique, maladresse, Dd."""

    def test_reussite_simple(self) -> None:
        jet = lancer_2d6(8, des=DesScriptes([1, 6]))
        assert (jet.total, jet.reussi, jet.double, jet.critique, jet.maladresse, jet.dd) == (7, True, False, False,
                                                                                           False, None)
        assert str(jet) == "1 et 6 = 7 contre 8 : réussite."

    def test_egalite_avec_la_cible_reussit(self) -> None:
        assert lancer_2d6(7, des=DesScriptes([3, 4])).reussi

    def test_critique(self) -> None:
        jet = lancer_2d6(7, des=DesScriptes([2, 2]))
        assert jet.critique and jet.dd == 2 and jet.niveau is Niveau.REUSSITE_CRITIQUE
        assert str(jet) == "2 et 2 = 4 contre 7 : réussite critique (Dd 2)."

    def test_maladresse(self) -> None:
        jet = lancer_2d6(5, des=DesScriptes([6, 6]))
        assert jet.maladresse and jet.dd == 6 and jet.marge == -7
        assert str(jet) == "6 et 6 = 12 contre 5 : maladresse (Dd 6)."

    def test_echec(self) -> None:
        assert str(lancer_2d6(-2, des=DesScriptes([1, 2]))) == "1 et 2 = 3 contre −2 : échec."

    def test_cible_verifiee_avant_les_des(self) -> None:
        des = DesScriptes([1, 1])
        with pytest.raises(JdrErreur, match="cible 41 : attendu un entier de -40 à 40"):
            lancer_2d6(41, des=des)
        assert des.restants == 2

    def test_niveau_rang(self) -> None:
        assert [n.rang for n in Niveau] == [3, 2, 1, 0]
        assert [n.reussi for n in Niveau] == [True, True, False, False]


class TestDistribution:
    """Les 36 issues, contre icepool et contre l'énumération directe."""

    @pytest.mark.parametrize("cible", [-3, 1, 2, 3, 6, 7, 8, 11, 12, 13, 20])
    def test_contre_icepool(self, cible: int) -> None:
        d = icepool.map(lambda a, b: (a == b, a + b <= cible), icepool.d6, icepool.d6)
        attendu = {
            Niveau.REUSSITE_CRITIQUE: d.probability((True, True)),
            Niveau.REUSSITE: d.probability((False, True)),
            Niveau.ECHEC: d.probability((False, False)),
            Niveau.MALADRESSE: d.probability((True, False)),
        }
        assert distribution_2d6(cible) == attendu

    def test_somme_et_cas_limites(self) -> None:
        assert sum(distribution_2d6(7).values()) == 1
        assert distribution_2d6(1)[Niveau.MALADRESSE] == Fraction(1, 6)
        assert distribution_2d6(12)[Niveau.REUSSITE_CRITIQUE] == Fraction(1, 6)

    def test_distribution_dd(self) -> None:
        d = distribution_dd(6)
        assert d[(Niveau.REUSSITE_CRITIQUE, 3)] == Fraction(1, 36) and d[(Niveau.MALADRESSE, 4)] == Fraction(1, 36)
        assert sum(d.values()) == 1

    def test_paires(self) -> None:
        assert len(PAIRES) == 36 and len(set(PAIRES)) == 36


class TestProprietes:
    """Tout jet valide suit la règle ; toute cible invalide lève une JdrErreur en français."""

    @given(cible=st.integers(CIBLE_MIN, CIBLE_MAX), graine=st.integers(0, 2**32))
    def test_jet_suit_la_regle(self, cible: int, graine: int) -> None:
        jet = lancer_2d6(cible, des=DesAleatoires(graine))
        a, b = jet.des
        assert 1 <= a <= 6 and 1 <= b <= 6
        assert jet.reussi == (a + b <= cible)
        assert jet.critique == (a == b and a + b <= cible)
        assert jet.maladresse == (a == b and a + b > cible)
        assert jet.niveau is niveau_de(a, b, cible)
        assert str(jet).endswith(".") and "contre" in str(jet)

    @given(cible=st.one_of(st.integers(max_value=CIBLE_MIN - 1), st.integers(min_value=CIBLE_MAX + 1),
                           st.booleans(), st.text(max_size=3), st.floats()))
    def test_cible_invalide(self, cible: object) -> None:
        with pytest.raises(JdrErreur, match=r"(?s)cible .* : attendu un entier de -40 à 40"):
            lancer_2d6(cible, des=DesScriptes([1, 1]))  # type: ignore[arg-type]

    @given(niveau=st.integers(0, 10), modificateur=st.integers(-25, 15))
    def test_cible_competence(self, niveau: int, modificateur: int) -> None:
        assert cible_competence(niveau, modificateur) == 7 + niveau + modificateur

    @given(carac=st.integers(1, 10), proche=st.one_of(st.none(), st.integers(0, 10)), app=st.booleans(),
           modificateur=st.integers(-25, 15))
    def test_sans_competence(self, carac: int, proche: int | None, app: bool, modificateur: int) -> None:
        cible = cible_sans_competence(carac, apprentissage=app, niveau_proche=proche, modificateur=modificateur)
        if app and proche is None:
            assert cible is None
        elif app or proche is None:
            assert cible == 2 + carac + modificateur
        else:
            assert cible == min(7, 2 + carac + proche) + modificateur

    def test_jet_est_immuable(self) -> None:
        jet = Jet2D6((1, 2), 5)
        with pytest.raises(AttributeError):
            jet.cible = 9  # type: ignore[misc]
