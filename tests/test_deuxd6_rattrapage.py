"""Se rattraper d'un échec simple (2D6, règle optionnelle) : la règle, ses cotes exactes contre une
énumération écrite à part, et le lanceur qui la joue."""

from __future__ import annotations

from fractions import Fraction
from itertools import product

import pytest

from jdr_core.des import DesAleatoires, DesScriptes
from jdr_core.deuxd6.jet import Jet2D6, Niveau, niveau_de
from jdr_core.deuxd6.lanceurs import MECANIQUES
from jdr_core.deuxd6.rattrapage import Facon, Issue, Rattrapage, distribution_rattrapage, jet_rattrapable, rattraper
from jdr_core.erreurs import JdrErreur

RATTRAPAGE = next(m for m in MECANIQUES if m.nom == "2d6-rattrapage")


def _a_la_main(cible: int, facon: Facon, cible_chance: int) -> dict[Issue, Fraction]:
    """La règle relue sur les 6⁴ suites de quatre dés (les deux derniers ne servent qu'après un échec simple)."""
    compte: dict[Issue, int] = {}
    for a, b, c, d in product(range(1, 7), repeat=4):
        niveau = niveau_de(a, b, cible)
        if niveau.reussi:
            issue = Issue.REUSSITE
        elif niveau is Niveau.MALADRESSE:
            issue = Issue.MALADRESSE
        elif facon is Facon.CHANCE:
            issue = Issue.RATTRAPE if c + d <= cible_chance else Issue.ECHEC
        else:
            issue = Issue.RATTRAPE if c == d and c + d <= cible else Issue.ECHEC
        compte[issue] = compte.get(issue, 0) + 1
    return {issue: Fraction(n, 6**4) for issue, n in compte.items()}


class TestRegle:
    """Seul un échec simple se rattrape : par un jet de chance réussi, ou par un critique au jet suivant."""

    def test_jet_de_chance(self) -> None:
        r = jet_rattrapable(8, des=DesScriptes([5, 4, 2, 3]))
        assert r.second == Jet2D6((2, 3), 7) and r.issue is Issue.RATTRAPE and r.reussi
        r = jet_rattrapable(8, des=DesScriptes([5, 4, 6, 2]), cible_chance=7)
        assert r.issue is Issue.ECHEC and not r.reussi
        assert str(r).endswith("Le rattrapage rate : l'échec reste.")

    def test_cible_de_chance_reglable(self) -> None:
        """Hypothèse : 7 par défaut ; le même 8 réussit contre une cible de chance de 9."""
        assert jet_rattrapable(8, des=DesScriptes([5, 4, 6, 2])).issue is Issue.ECHEC
        assert jet_rattrapable(8, des=DesScriptes([5, 4, 6, 2]), cible_chance=9).issue is Issue.RATTRAPE

    def test_critique_au_jet_suivant(self) -> None:
        """Contre la même cible ; une réussite ordinaire ne suffit pas, un double raté non plus."""
        r = jet_rattrapable(8, des=DesScriptes([5, 4, 3, 3]), facon=Facon.CRITIQUE)
        assert r.second == Jet2D6((3, 3), 8) and r.issue is Issue.RATTRAPE
        r = jet_rattrapable(8, des=DesScriptes([5, 4, 1, 2]), facon=Facon.CRITIQUE)
        assert r.issue is Issue.ECHEC and r.bilan() == "Ce n'est pas une réussite critique : l'échec reste."
        r = jet_rattrapable(8, des=DesScriptes([5, 4, 5, 5]), facon=Facon.CRITIQUE)
        assert r.issue is Issue.ECHEC and r.bilan() == "Le rattrapage rate : l'échec reste."

    @pytest.mark.parametrize(("des", "issue"), [([2, 3], Issue.REUSSITE), ([1, 1], Issue.REUSSITE),
                                                 ([5, 5], Issue.MALADRESSE)])
    def test_rien_a_rattraper(self, des: list[int], issue: Issue) -> None:
        """Une réussite ou une maladresse : aucun second dé n'est lancé (les dés scriptés s'arrêtent là)."""
        source = DesScriptes(des)
        r = jet_rattrapable(8, des=source)
        source.fin()
        assert r.second is None and r.issue is issue

    def test_rattraper_un_jet_deja_fait(self) -> None:
        r = rattraper(Jet2D6((6, 4), 9), des=DesScriptes([3, 3]), facon=Facon.CRITIQUE)
        assert r.issue is Issue.RATTRAPE
        assert str(r) == ("Jet de compétence, 6 et 4 = 10 contre 9 : échec. Jet suivant, 3 et 3 = 6 contre 9 : "
                          "réussite critique (Dd 3). L'échec est rattrapé : l'action réussit.")

    @pytest.mark.parametrize("cible_chance", [1, 13, -4])
    def test_cible_de_chance_refusee(self, cible_chance: int) -> None:
        with pytest.raises(JdrErreur, match="cible du jet de chance"):
            jet_rattrapable(8, des=DesScriptes([5, 4, 2, 3]), cible_chance=cible_chance)

    def test_second_jet_seulement_apres_un_echec_simple(self) -> None:
        with pytest.raises(JdrErreur, match="échec simple"):
            Rattrapage(Jet2D6((1, 2), 8), Facon.CHANCE, Jet2D6((1, 2), 7))
        with pytest.raises(JdrErreur, match="échec simple"):
            Rattrapage(Jet2D6((5, 4), 8), Facon.CHANCE)


class TestCotes:
    """Les cotes exactes, tirées du code qui lance, contre la règle relue sur toutes les suites de dés."""

    @pytest.mark.parametrize("facon", list(Facon))
    @pytest.mark.parametrize("cible", [-1, 2, 5, 7, 8, 10, 12, 13])
    def test_enumeration(self, cible: int, facon: Facon) -> None:
        for cible_chance in (2, 7, 12):
            assert distribution_rattrapage(cible, facon=facon, cible_chance=cible_chance) == _a_la_main(
                cible, facon, cible_chance)

    def test_valeurs(self) -> None:
        """Cible 7 : 1/3 d'échecs simples ; un jet de chance contre 7 en sauve 7 sur 12, un critique 1 sur 12."""
        chance = distribution_rattrapage(7)
        assert chance[Issue.RATTRAPE] == Fraction(1, 3) * Fraction(7, 12)
        critique = distribution_rattrapage(7, facon=Facon.CRITIQUE)
        assert critique[Issue.RATTRAPE] == Fraction(1, 3) * Fraction(1, 12)
        assert critique[Issue.MALADRESSE] == chance[Issue.MALADRESSE] == Fraction(1, 12)


class TestLanceur:
    """Le lanceur « 2d6-rattrapage » : paramètres, cotes, affichage."""

    def test_cotes(self) -> None:
        v = RATTRAPAGE.valider({"niveau": 0, "facon": "critique"})
        cotes = {c.cle: c.probabilite for c in RATTRAPAGE.cotes(v)}
        d = distribution_rattrapage(7, facon=Facon.CRITIQUE)
        assert cotes["reussie"] == d[Issue.REUSSITE] + d[Issue.RATTRAPE]
        assert cotes["rattrape"] == Fraction(1, 36) and cotes["maladresse"] == Fraction(1, 12)

    def test_affichage(self) -> None:
        v = RATTRAPAGE.valider({"niveau": 1})
        for graine in range(40):
            r = RATTRAPAGE.lancer(v, DesAleatoires(graine))
            a = RATTRAPAGE.afficher(r, v)
            assert str(r).endswith(a["phrase"])
            assert a["issue"] == ("reussite" if r.reussi else "echec")
            assert len(a["groupes"]) == (2 if r.second is not None else 1)
            assert RATTRAPAGE.classer(r) >= {r.issue.value}

    def test_refus_en_francais(self) -> None:
        with pytest.raises(JdrErreur, match="Cible du jet de chance"):
            RATTRAPAGE.valider({"cible_chance": 20})
