"""2D6 : les cotes exactes d'une poursuite (jdr_core/deuxd6/poursuite_cotes.py), chaîne contre énumération."""

from __future__ import annotations

from fractions import Fraction

import pytest

from jdr_core.deuxd6.manoeuvres import Camp, Distance, Manoeuvre
from jdr_core.deuxd6.poursuite import Issue, Poursuite, Tactique
from jdr_core.deuxd6.poursuite_cotes import chance_d_echapper, distribution_poursuite
from jdr_core.loi import Loi, loi_du_jet

TACTIQUES: dict[str, tuple[Tactique, Tactique]] = {
    "fuir-forcer": (Tactique((Manoeuvre.FORCER_BLOQUER, Manoeuvre.RATTRAPER_FUIR), -1), Tactique(modificateur=-2)),
    "cacher-foncer": (Tactique((Manoeuvre.ECRASER_FONCER, Manoeuvre.RATTRAPER_FUIR)),
                      Tactique((Manoeuvre.SE_CACHER, Manoeuvre.RATTRAPER_FUIR))),
    "embardees": (Tactique((Manoeuvre.FORCER_BLOQUER, Manoeuvre.RATTRAPER_FUIR), 1), Tactique((Manoeuvre.EMBARDEES,))),
    "contres": (Tactique((Manoeuvre.FORCER_BLOQUER, Manoeuvre.RATTRAPER_FUIR), contre=Manoeuvre.DEMI_TOUR),
                Tactique(contre=Manoeuvre.DEMI_TOUR)),
    "stabiliser": (Tactique((Manoeuvre.STABILISER,), contre=Manoeuvre.DEMI_TOUR), Tactique(contre=Manoeuvre.DEMI_TOUR)),
}


def brute(depart: Poursuite, tactiques: tuple[Tactique, Tactique], tours: int) -> Loi[Issue]:
    """Toutes les suites de dés, une par une (sans regrouper les paires ni les états)."""
    return loi_du_jet(lambda des: depart.jouer(*tactiques, des=des, tours=tours).issue)


class TestChaine:
    """La chaîne de Markov exacte égale l'énumération de toutes les suites de dés."""

    @pytest.mark.parametrize("nom", sorted(TACTIQUES))
    @pytest.mark.parametrize("distance", [Distance.COURT, Distance.LONG, Distance.EXTREME])
    def test_une_manche(self, nom: str, distance: Distance) -> None:
        depart = Poursuite(1, 2, distance, Camp.POURSUIVI, sen_poursuivant=4)
        assert distribution_poursuite(depart, *TACTIQUES[nom], tours=1) == brute(depart, TACTIQUES[nom], 1)

    @pytest.mark.parametrize(("nom", "tours"), [("contres", 3), ("stabiliser", 2)])
    def test_plusieurs_manches(self, nom: str, tours: int) -> None:
        depart = Poursuite(2, 1, Distance.COURT, Camp.POURSUIVANT)
        assert distribution_poursuite(depart, *TACTIQUES[nom], tours=tours) == brute(depart, TACTIQUES[nom], tours)

    def test_deux_manches_au_contact(self) -> None:
        depart = Poursuite(2, 1, Distance.CONTACT, Camp.POURSUIVANT)
        forcer = Tactique((Manoeuvre.FORCER_BLOQUER,), contre=Manoeuvre.DEMI_TOUR)
        tactiques = (forcer, forcer)
        assert distribution_poursuite(depart, *tactiques, tours=2) == brute(depart, tactiques, 2)

    def test_somme_et_monotonie(self) -> None:
        depart = Poursuite(1, 2, Distance.MOYEN, Camp.POURSUIVI)
        tactiques = TACTIQUES["fuir-forcer"]
        precedente = Fraction(0)
        for tours in (1, 2, 5, 10):
            d = distribution_poursuite(depart, *tactiques, tours=tours)
            assert sum(d.values()) == 1
            echappe = chance_d_echapper(depart, *tactiques, tours=tours)
            assert echappe >= precedente
            precedente = echappe

    def test_meilleur_conducteur_s_echappe_plus(self) -> None:
        tactiques = TACTIQUES["fuir-forcer"]
        faible = chance_d_echapper(Poursuite(2, 0, Distance.MOYEN, Camp.POURSUIVI), *tactiques, tours=6)
        fort = chance_d_echapper(Poursuite(2, 4, Distance.MOYEN, Camp.POURSUIVI), *tactiques, tours=6)
        assert fort > faible
