"""2D6 : deux jets face à face et leurs doubles (jdr_core/deuxd6/doubles.py).

La règle est récrite ici à partir du texte source (deux réussites : le critique de l'un fait relire
l'autre à −Dd ; deux échecs : la maladresse de l'un fait relire l'autre à +Dd), avec les trois
ordres de l'hypothèse, puis comparée à ``lire_doubles`` sur chaque paire de dés possible."""

from __future__ import annotations

from itertools import product

import pytest

from jdr_core.deuxd6.doubles import Ordre, lire_doubles, phrase_relecture, phrases_relectures
from jdr_core.deuxd6.jet import Jet2D6

PAIRES = list(product(range(1, 7), repeat=2))


def _selon_le_texte(att: Jet2D6, dfn: Jet2D6, ordre: Ordre) -> tuple[bool, bool]:
    """Qui réussit, d'après le texte : une relecture par double, dans l'ordre choisi."""
    passe = {"att": att.total <= att.cible, "dfn": dfn.total <= dfn.cible}
    if passe["att"] != passe["dfn"]:
        return passe["att"], passe["dfn"]
    tous_reussis = passe["att"]
    jets, autre = {"att": att, "dfn": dfn}, {"att": "dfn", "dfn": "att"}

    def double(camp: str) -> int | None:
        de_1, de_2 = jets[camp].des
        return de_1 if de_1 == de_2 else None

    def relire(camp: str, source: str) -> bool:
        dd = double(source)
        assert dd is not None
        decalage = -dd if tous_reussis else dd
        return jets[camp].total <= jets[camp].cible + decalage

    if ordre is Ordre.SIMULTANE:
        lu = {camp: relire(camp, autre[camp]) if double(autre[camp]) else passe[camp] for camp in jets}
        return lu["att"], lu["dfn"]
    premier = "att" if ordre is Ordre.ATTAQUANT else "dfn"
    second = autre[premier]
    if double(premier):
        passe[second] = relire(second, premier)
    if passe[second] == tous_reussis and double(second):
        passe[premier] = relire(premier, second)
    return passe["att"], passe["dfn"]


@pytest.mark.parametrize("ordre", list(Ordre))
@pytest.mark.parametrize(("cible_att", "cible_dfn"), [(7, 7), (9, 5), (4, 10), (12, 2)])
def test_chaque_paire_de_des_comme_le_texte(ordre: Ordre, cible_att: int, cible_dfn: int) -> None:
    for des_a, des_d in product(PAIRES, PAIRES):
        att, dfn = Jet2D6(des_a, cible_att), Jet2D6(des_d, cible_dfn)
        lu = lire_doubles(att, dfn, ordre)
        assert (lu.attaquant_reussit, lu.defenseur_reussit) == _selon_le_texte(att, dfn, ordre), (des_a, des_d)


def test_l_ordre_ne_compte_qu_avec_deux_doubles() -> None:
    """Un seul double (ou aucun) : les trois ordres lisent pareil ; deux doubles : il arrive qu'ils divergent."""
    divergent = False
    for des_a, des_d in product(PAIRES, PAIRES):
        att, dfn = Jet2D6(des_a, 8), Jet2D6(des_d, 6)
        lectures = {lire_doubles(att, dfn, ordre) for ordre in Ordre}
        if des_a[0] != des_a[1] or des_d[0] != des_d[1]:
            assert len(lectures) == 1, (des_a, des_d)
        else:
            divergent |= len(lectures) > 1
    assert divergent


class TestPhrases:
    def test_pluriel_et_reussite_maintenue(self) -> None:
        assert phrase_relecture("les gardes", -2, Jet2D6((3, 2), 8)) == \
            "Critique adverse (−2) : les gardes réussissent quand même (5 contre 6)."
        assert phrase_relecture("Hugo", 4, Jet2D6((6, 5), 6)) == "Maladresse adverse (+4) : Hugo échoue (11 contre 10)."

    def test_ordre_des_relectures(self) -> None:
        att, dfn = ("Hugo", -3, Jet2D6((2, 4), 7)), ("les gardes", -2, Jet2D6((3, 3), 8))
        phrases = phrases_relectures(Ordre.ATTAQUANT, att, dfn)
        assert [p.split(" : ")[1].split(" ")[0] for p in phrases] == ["les", "Hugo"]
        assert phrases_relectures(Ordre.DEFENSEUR, att, dfn) == phrases[::-1]
        assert phrases_relectures(Ordre.SIMULTANE, ("Hugo", 0, None), dfn) == phrases[:1]
