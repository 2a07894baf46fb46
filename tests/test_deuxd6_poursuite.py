"""Poursuites du 2D6 (jdr_core/deuxd6/poursuite.py) : échange et Dd, chaque manœuvre jouée, manches, propriétés."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from jdr_core.des import DesAleatoires, DesScriptes
from jdr_core.deuxd6.jet import Jet2D6
from jdr_core.deuxd6.manoeuvres import MALUS_CACHETTE, Autre, Camp, Distance, Manoeuvre
from jdr_core.deuxd6.poursuite import TOURS_MAX, Echange, Issue, Poursuite, Resultat, Tactique, raison_interdite
from jdr_core.erreurs import JdrErreur, ParametreInvalide, RegleEnfreinte

from .test_deuxd6_lanceurs import assert_phrase_lisible

NOMS = ("les truands", "Philip")


def jet(a: int, b: int, cible: int) -> Jet2D6:
    return Jet2D6((a, b), cible)


def manche(p: Poursuite, manoeuvre: Manoeuvre, *faces: int, **kw: Any) -> Poursuite:
    des = DesScriptes(faces)
    suite = p.tour(manoeuvre, des=des, **kw)
    des.fin()
    return suite


# --- Les règles, une par une -----------------------------------------------------------


class TestEchange:
    """Attaquant réussi et défenseur raté : réussite ; deux réussites : rien ; attaquant raté : la main passe."""

    def test_trois_cas(self) -> None:
        assert Echange(jet(1, 6, 8), jet(3, 5, 7)).resultat is Resultat.REUSSIE
        assert Echange(jet(1, 6, 8), jet(4, 1, 7)).resultat is Resultat.SANS_EFFET
        assert Echange(jet(5, 6, 8), jet(4, 1, 7)).resultat is Resultat.RATEE
        assert Echange(jet(5, 6, 8), jet(5, 6, 7)).resultat is Resultat.RATEE

    def test_critique_de_l_attaquant(self) -> None:
        e = Echange(jet(3, 3, 8), jet(3, 4, 8))  # Dd 3 : le défenseur relit 7 contre 5
        assert (e.ajustement_defenseur, e.defenseur_reussit, e.resultat) == (-3, False, Resultat.REUSSIE)
        e = Echange(jet(1, 1, 8), jet(3, 4, 8))  # Dd 1 : 7 contre 7, il tient
        assert e.resultat is Resultat.SANS_EFFET

    def test_critique_du_defenseur(self) -> None:
        e = Echange(jet(3, 5, 8), jet(2, 2, 8))  # l'attaquant relit 8 contre 6
        assert (e.ajustement_attaquant, e.attaquant_reussit, e.resultat) == (-2, False, Resultat.RATEE)

    def test_deux_critiques_ordre(self) -> None:
        """Hypothèse : le critique de l'attaquant se lit en premier, celui du défenseur ensuite."""
        e = Echange(jet(4, 4, 9), jet(3, 3, 9))  # 6 contre 9 − 4 = 5 : le défenseur tombe
        assert (e.ajustement_defenseur, e.ajustement_attaquant, e.resultat) == (-4, 0, Resultat.REUSSIE)
        e = Echange(jet(1, 1, 9), jet(3, 3, 9))  # 6 contre 8 : tient ; puis 2 contre 6 : tient
        assert (e.ajustement_defenseur, e.ajustement_attaquant, e.resultat) == (-1, -3, Resultat.SANS_EFFET)

    def test_maladresse_du_defenseur(self) -> None:
        e = Echange(jet(4, 5, 7), jet(5, 5, 8))  # l'attaquant relit 9 contre 7 + 5 = 12 : réussit
        assert (e.ajustement_attaquant, e.resultat) == (5, Resultat.REUSSIE)

    def test_maladresse_de_l_attaquant(self) -> None:
        e = Echange(jet(6, 6, 7), jet(5, 4, 8))  # le défenseur relit 9 contre 14 : la main passe quand même
        assert (e.ajustement_defenseur, e.defenseur_reussit, e.resultat) == (6, True, Resultat.RATEE)

    def test_critique_sans_objet_si_l_autre_rate(self) -> None:
        e = Echange(jet(2, 2, 8), jet(6, 5, 8))
        assert (e.ajustement_defenseur, e.resultat) == (0, Resultat.REUSSIE)


class TestRattraperFuir:
    """Un cran gagné par le camp qui a la main ; au-delà d'Extrême, le poursuivi a semé."""

    def test_rattraper(self) -> None:
        p = manche(Poursuite(1, 1, Distance.LONG, Camp.POURSUIVANT), Manoeuvre.RATTRAPER_FUIR, 1, 2, 6, 5)
        assert (p.distance, p.initiative) == (Distance.MOYEN, Camp.POURSUIVANT)

    def test_fuir_au_dela(self) -> None:
        p = manche(Poursuite(1, 2, Distance.EXTREME, Camp.POURSUIVI), Manoeuvre.RATTRAPER_FUIR, 1, 2, 6, 5)
        assert p.issue is Issue.DISTANCE and p.issue.echappe

    def test_modificateur_libre_borne(self) -> None:
        p = Poursuite(1, 2, Distance.MOYEN, Camp.POURSUIVI)
        assert p.modificateur_de(Manoeuvre.RATTRAPER_FUIR, 3) == 3
        with pytest.raises(ParametreInvalide):
            p.modificateur_de(Manoeuvre.RATTRAPER_FUIR, -11)

    def test_pas_de_rattraper_au_contact(self) -> None:
        with pytest.raises(RegleEnfreinte, match="plus rien à rattraper"):
            Poursuite(1, 1, Distance.CONTACT).tour(Manoeuvre.RATTRAPER_FUIR, des=DesScriptes([]))

    def test_ratee_donne_la_main(self) -> None:
        p = manche(Poursuite(1, 1, Distance.LONG, Camp.POURSUIVANT), Manoeuvre.RATTRAPER_FUIR, 6, 5, 1, 2)
        assert (p.distance, p.initiative) == (Distance.LONG, Camp.POURSUIVI)


class TestEcraserFoncer:
    """Au contact seulement : une attaque, et la poursuite continue."""

    def test_attaque(self) -> None:
        p = manche(Poursuite(2, 1, Distance.CONTACT), Manoeuvre.ECRASER_FONCER, 1, 2, 6, 5, modificateur=-1)
        assert p.manches[0].attaque and p.issue is Issue.EN_COURS and "attaque" in str(p.manches[0])

    def test_hors_contact(self) -> None:
        with pytest.raises(RegleEnfreinte, match="Contact"):
            Poursuite(2, 1, Distance.COURT).tour(Manoeuvre.ECRASER_FONCER, des=DesScriptes([]))


class TestForcerBloquer:
    """Au contact, à −3 : l'adversaire est arrêté."""

    def test_poursuivant_arrete_le_poursuivi(self) -> None:
        p = manche(Poursuite(2, 1, Distance.CONTACT), Manoeuvre.FORCER_BLOQUER, 1, 2, 6, 5)
        assert p.issue is Issue.POURSUIVI_ARRETE and p.manches[0].modificateur == -3

    def test_poursuivi_bloque_le_poursuivant(self) -> None:
        p = manche(Poursuite(2, 1, Distance.CONTACT, Camp.POURSUIVI), Manoeuvre.FORCER_BLOQUER, 1, 2, 6, 5)
        assert p.issue is Issue.POURSUIVANT_ARRETE and p.issue.echappe

    def test_modificateur_impose(self) -> None:
        with pytest.raises(RegleEnfreinte, match="−3"):
            Poursuite(2, 1, Distance.CONTACT).tour(Manoeuvre.FORCER_BLOQUER, modificateur=0, des=DesScriptes([]))


class TestEmbardees:
    """À −2 : les tirs adverses reculent d'un cran ; −2 à l'adversaire pour passer de Court au contact."""

    def test_effet_et_malus(self) -> None:
        p = manche(Poursuite(1, 1, Distance.COURT, Camp.POURSUIVI), Manoeuvre.EMBARDEES, 1, 2, 6, 5)
        assert p.embardees == {Camp.POURSUIVI}
        assert p.cran_de_tir(Camp.POURSUIVANT) == 2
        p = manche(p, Manoeuvre.EMBARDEES, 6, 5, 1, 2)  # ratées : la main passe, l'effet demeure
        assert p.initiative is Camp.POURSUIVANT and p.embardees == {Camp.POURSUIVI}
        p = manche(p, Manoeuvre.RATTRAPER_FUIR, 3, 4, 6, 5)  # 7 contre 8 − 2 = 6 : raté
        m = p.manches[-1]
        assert (m.malus_embardees, m.jet_attaquant.cible if m.jet_attaquant else None) == (-2, 6)
        assert m.resultat is Resultat.RATEE

    def test_pas_de_malus_ailleurs(self) -> None:
        p = replace_embardees(Poursuite(1, 1, Distance.MOYEN, Camp.POURSUIVANT))
        p = manche(p, Manoeuvre.RATTRAPER_FUIR, 3, 4, 6, 5)
        assert p.manches[-1].malus_embardees == 0

    def test_finit_avec_une_autre_manoeuvre(self) -> None:
        p = replace_embardees(Poursuite(1, 1, Distance.MOYEN, Camp.POURSUIVI))
        p = manche(p, Manoeuvre.RATTRAPER_FUIR, 6, 5, 1, 2)
        assert p.embardees == frozenset()


def replace_embardees(p: Poursuite) -> Poursuite:
    from dataclasses import replace

    return replace(p, embardees=frozenset({Camp.POURSUIVI}))


class TestSeCacher:
    """Moyen ou plus, −3/−2/−1 ; réussie, le poursuivant doit réussir un jet de SEN (2 + SEN)."""

    @pytest.mark.parametrize(("distance", "malus"), list(MALUS_CACHETTE.items()))
    def test_malus_selon_distance(self, distance: Distance, malus: int) -> None:
        assert Poursuite(1, 1, distance, Camp.POURSUIVI).modificateur_de(Manoeuvre.SE_CACHER) == malus

    def test_sen_rate(self) -> None:
        p = manche(Poursuite(1, 2, Distance.LONG, Camp.POURSUIVI, sen_poursuivant=3), Manoeuvre.SE_CACHER,
                   1, 2, 6, 5, 4, 2)
        assert p.issue is Issue.CACHE and p.manches[0].jet_sen is not None and p.manches[0].jet_sen.cible == 5

    def test_sen_reussi(self) -> None:
        p = manche(Poursuite(1, 2, Distance.LONG, Camp.POURSUIVI), Manoeuvre.SE_CACHER, 1, 2, 6, 5, 1, 2)
        assert (p.issue, p.initiative, p.distance) == (Issue.EN_COURS, Camp.POURSUIVI, Distance.LONG)

    def test_trop_pres_ou_mauvais_camp(self) -> None:
        with pytest.raises(RegleEnfreinte, match="Moyen ou plus"):
            Poursuite(1, 2, Distance.COURT, Camp.POURSUIVI).tour(Manoeuvre.SE_CACHER, des=DesScriptes([]))
        with pytest.raises(RegleEnfreinte, match="réservé au poursuivi"):
            Poursuite(1, 2, Distance.LONG, Camp.POURSUIVANT).tour(Manoeuvre.SE_CACHER, des=DesScriptes([]))


class TestDemiTour:
    """Contre-manœuvre à −3 de plus : réussie, la main passe ; ratée, la manœuvre réussit d'office."""

    def test_reussi(self) -> None:
        p = manche(Poursuite(1, 2, Distance.MOYEN), Manoeuvre.RATTRAPER_FUIR, 1, 2,
                   contre=Manoeuvre.DEMI_TOUR, modificateur=-1)
        m = p.manches[0]
        assert m.jet_attaquant is None and m.jet_defenseur is not None and m.jet_defenseur.cible == 7 + 2 - 1 - 3
        assert (p.initiative, p.distance, m.resultat) == (Camp.POURSUIVI, Distance.MOYEN, Resultat.CONTRE_REUSSI)

    def test_rate(self) -> None:
        p = manche(Poursuite(1, 2, Distance.MOYEN), Manoeuvre.RATTRAPER_FUIR, 6, 5, contre=Manoeuvre.DEMI_TOUR)
        assert (p.initiative, p.distance, p.manches[0].resultat) == (
            Camp.POURSUIVANT, Distance.COURT, Resultat.CONTRE_RATE)

    def test_pas_une_manoeuvre_d_attaque(self) -> None:
        with pytest.raises(RegleEnfreinte, match="contre-manœuvre"):
            Poursuite(1, 2).tour(Manoeuvre.DEMI_TOUR, des=DesScriptes([]))
        with pytest.raises(RegleEnfreinte, match="n'est pas une contre-manœuvre"):
            Poursuite(1, 2).tour(Manoeuvre.RATTRAPER_FUIR, contre=Manoeuvre.EMBARDEES, des=DesScriptes([]))


class TestStabiliser:
    """Sans malus ni adversaire : les tirs gagnent un cran, la main passe sauf sur un critique."""

    def test_main_perdue(self) -> None:
        p = manche(Poursuite(1, 2, Distance.LONG), Manoeuvre.STABILISER, 1, 2)
        assert (p.initiative, p.stabilises, p.cran_de_tir(Camp.POURSUIVANT)) == (
            Camp.POURSUIVI, {Camp.POURSUIVANT}, 2)

    def test_critique_garde_la_main(self) -> None:
        p = manche(Poursuite(1, 2, Distance.LONG), Manoeuvre.STABILISER, 3, 3)
        assert p.initiative is Camp.POURSUIVANT

    def test_ratee(self) -> None:
        p = manche(Poursuite(1, 2, Distance.LONG), Manoeuvre.STABILISER, 6, 5)
        assert (p.initiative, p.stabilises) == (Camp.POURSUIVI, frozenset())

    def test_ne_se_contre_pas(self) -> None:
        with pytest.raises(RegleEnfreinte, match="stabilisation"):
            Poursuite(1, 2).tour(Manoeuvre.STABILISER, contre=Manoeuvre.DEMI_TOUR, des=DesScriptes([]))


class TestAutre:
    """Distances, modificateur et crans fixés avec le MJ."""

    def test_deux_crans(self) -> None:
        autre = Autre("passer sur deux roues", crans=2)
        p = manche(Poursuite(1, 2, Distance.COURT, Camp.POURSUIVI), Manoeuvre.AUTRE, 1, 2, 6, 5,
                   modificateur=-4, autre=autre)
        assert p.distance is Distance.LONG and "deux roues" in str(p.manches[0])

    def test_hors_de_ses_distances(self) -> None:
        with pytest.raises(RegleEnfreinte, match="Long"):
            Poursuite(1, 2, Distance.COURT, Camp.POURSUIVI).tour(
                Manoeuvre.AUTRE, autre=Autre("sauter le pont", Distance.LONG, Distance.LONG), des=DesScriptes([]))
        with pytest.raises(RegleEnfreinte, match="décrit"):
            Poursuite(1, 2).tour(Manoeuvre.AUTRE, des=DesScriptes([]))

    def test_bornes(self) -> None:
        with pytest.raises(JdrErreur):
            Autre("x", crans=3)
        with pytest.raises(JdrErreur):
            Autre("")


class TestRenversement:
    """En l'air, à Court ou moins : contre-manœuvre à −3 qui prend la main."""

    def test_reussi(self) -> None:
        p = manche(Poursuite(1, 2, Distance.COURT, aerienne=True), Manoeuvre.RATTRAPER_FUIR, 2, 3,
                   contre=Manoeuvre.RENVERSEMENT)
        assert p.initiative is Camp.POURSUIVI

    def test_au_sol_ou_trop_loin(self) -> None:
        with pytest.raises(RegleEnfreinte, match="aérienne"):
            Poursuite(1, 2, Distance.COURT).tour(Manoeuvre.RATTRAPER_FUIR, contre=Manoeuvre.RENVERSEMENT,
                                                 des=DesScriptes([]))
        with pytest.raises(RegleEnfreinte, match="Court ou moins"):
            Poursuite(1, 2, Distance.MOYEN, aerienne=True).tour(
                Manoeuvre.RATTRAPER_FUIR, contre=Manoeuvre.RENVERSEMENT, des=DesScriptes([]))


class TestPoursuite:
    """Valeurs immuables, bornes, fin de poursuite, phrases."""

    def test_bornes(self) -> None:
        with pytest.raises(ParametreInvalide, match="Conduite du poursuivi"):
            Poursuite(1, -1)
        with pytest.raises(ParametreInvalide, match="SEN"):
            Poursuite(1, 1, sen_poursuivant=0)
        with pytest.raises(ParametreInvalide):
            Poursuite(1, 1, noms=("", "x"))

    def test_finie(self) -> None:
        p = manche(Poursuite(1, 2, Distance.EXTREME, Camp.POURSUIVI), Manoeuvre.RATTRAPER_FUIR, 1, 2, 6, 5)
        with pytest.raises(RegleEnfreinte, match="finie"):
            p.tour(Manoeuvre.RATTRAPER_FUIR, des=DesScriptes([1, 2, 3, 4]))

    def test_manches_bornees(self) -> None:
        p = Poursuite(0, 0, Distance.MOYEN, Camp.POURSUIVI)
        tactique = Tactique(contre=Manoeuvre.DEMI_TOUR)
        fin = p.jouer(tactique, tactique, des=DesScriptes([1, 1] * TOURS_MAX), tours=TOURS_MAX)
        assert len(fin.manches) == TOURS_MAX and fin.issue is Issue.EN_COURS
        with pytest.raises(RegleEnfreinte, match=str(TOURS_MAX)):
            fin.tour(Manoeuvre.RATTRAPER_FUIR, des=DesScriptes([1, 1]))
        with pytest.raises(ParametreInvalide):
            p.jouer(tactique, tactique, des=DesScriptes([]), tours=TOURS_MAX + 1)

    def test_rien_ne_change_en_place(self) -> None:
        p = Poursuite(1, 2, Distance.MOYEN, Camp.POURSUIVI)
        manche(p, Manoeuvre.RATTRAPER_FUIR, 1, 2, 6, 5)
        assert p.manches == () and p.distance is Distance.MOYEN

    def test_phrases_accordees(self) -> None:
        p = Poursuite(1, 2, Distance.MOYEN, Camp.POURSUIVANT, noms=NOMS)
        assert str(p) == "La poursuite continue : les truands ont l'initiative, à moyenne distance."
        p = manche(p, Manoeuvre.RATTRAPER_FUIR, 6, 5, 1, 2)
        assert "l'initiative passe à Philip" in str(p.manches[0])
        assert "Les truands font 6 et 5" in str(p.manches[0])

    def test_tactique(self) -> None:
        with pytest.raises(RegleEnfreinte, match="en défense"):
            Tactique((Manoeuvre.DEMI_TOUR,))
        with pytest.raises(RegleEnfreinte, match="aérienne"):
            Poursuite(1, 1).jouer(Tactique(), Tactique(contre=Manoeuvre.RENVERSEMENT), des=DesScriptes([]), tours=1)


class TestPhilip:
    """L'exemple du texte : deux manches, les chiffres du récit."""

    def test_chiffres(self) -> None:
        p = Poursuite(1, 2, Distance.EXTREME, Camp.POURSUIVI, noms=NOMS)
        p = manche(p, Manoeuvre.RATTRAPER_FUIR, 1, 6, 4, 1, modificateur=-1)
        m1 = p.manches[0]
        assert m1.jet_attaquant is not None and m1.jet_defenseur is not None
        assert (m1.jet_attaquant.cible, m1.jet_attaquant.total, m1.jet_defenseur.cible, m1.jet_defenseur.total) == (
            8, 7, 7, 5)
        assert (m1.resultat, p.initiative) == (Resultat.SANS_EFFET, Camp.POURSUIVI)
        p = manche(p, Manoeuvre.RATTRAPER_FUIR, 3, 2, 5, 2, modificateur=-3)
        m2 = p.manches[1]
        assert m2.jet_attaquant is not None and m2.jet_defenseur is not None
        assert (m2.jet_attaquant.cible, m2.jet_attaquant.total, m2.jet_defenseur.cible, m2.jet_defenseur.total) == (
            6, 5, 5, 7)
        assert p.issue is Issue.DISTANCE
        assert str(p) == "Philip a semé les truands : l'écart a dépassé la distance extrême."




# --- Propriétés -----------------------------------------------------------------------

niveaux = st.integers(0, 10)
distances = st.sampled_from(list(Distance))
camps = st.sampled_from(list(Camp))
attaques = st.sampled_from([m for m in Manoeuvre if not m.regle.contre])
contres = st.sampled_from([None, Manoeuvre.DEMI_TOUR, Manoeuvre.RENVERSEMENT])


@given(a=niveaux, b=niveaux, distance=distances, camp=camps, manoeuvre=attaques, contre=contres,
       modif=st.integers(-10, 5), aerienne=st.booleans(), graine=st.integers(0, 2**53 - 1))
def test_manche_valide_suit_les_regles(a: int, b: int, distance: Distance, camp: Camp, manoeuvre: Manoeuvre,
                                       contre: Manoeuvre | None, modif: int, aerienne: bool, graine: int) -> None:
    """Toute manche permise rend un résultat conforme ; toute manche interdite lève RegleEnfreinte."""
    p = Poursuite(a, b, distance, camp, aerienne=aerienne)
    autre = Autre("tête-à-queue") if manoeuvre is Manoeuvre.AUTRE else None
    interdit = raison_interdite(manoeuvre, camp, distance, aerienne=aerienne, autre=autre)
    if contre is not None and interdit is None:
        interdit = raison_interdite(contre, camp.autre, distance, aerienne=aerienne)
        if manoeuvre is Manoeuvre.STABILISER:
            interdit = "stabilisation"
    libre = manoeuvre.regle.modificateur is None and manoeuvre is not Manoeuvre.SE_CACHER
    try:
        suite = p.tour(manoeuvre, des=DesAleatoires(graine), modificateur=modif if libre else None,
                       contre=contre, autre=autre)
    except RegleEnfreinte:
        assert interdit is not None
        return
    assert interdit is None
    m = suite.manches[-1]
    assert abs(suite.distance.rang - distance.rang) <= 2
    if m.resultat in (Resultat.RATEE, Resultat.CONTRE_REUSSI):
        assert suite.initiative is camp.autre and suite.distance is distance
    if m.resultat is Resultat.SANS_EFFET:
        assert suite.initiative is camp and suite.distance is distance
    if suite.issue is Issue.DISTANCE:
        assert camp is Camp.POURSUIVI and distance.rang >= Distance.EXTREME.rang - 2
    if suite.issue is Issue.POURSUIVI_ARRETE:
        assert camp is Camp.POURSUIVANT and distance is Distance.CONTACT
    if suite.issue is Issue.CACHE:
        assert m.jet_sen is not None and not m.jet_sen.reussi
    for phrase in [*m.lignes(), str(suite)]:
        assert_phrase_lisible(phrase)


@given(a=st.integers(), b=st.integers(), sen=st.integers(), tours=st.integers(), modif=st.integers())
def test_entrees_invalides(a: int, b: int, sen: int, tours: int, modif: int) -> None:
    """Toute entrée hors bornes lève une JdrErreur au message français."""
    try:
        p = Poursuite(a, b, Distance.MOYEN, Camp.POURSUIVI, sen_poursuivant=sen)
        p.jouer(Tactique(modificateur=modif), Tactique((Manoeuvre.FORCER_BLOQUER, Manoeuvre.RATTRAPER_FUIR)),
                des=DesAleatoires(1), tours=tours)
    except JdrErreur as e:
        assert "attendu" in str(e) or "permise" in str(e)
