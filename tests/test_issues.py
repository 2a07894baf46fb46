"""Les issues déclarées d'une mécanique (jdr_core/issues.py) : des lignes, on tire les cotes, le
classement d'un jet, le graphique et sa barre."""

from __future__ import annotations

from fractions import Fraction

import pytest

from jdr_core.erreurs import JdrErreur
from jdr_core.issues import Famille, Graphique, Issues, Ligne, est
from jdr_core.loi import Loi

#: Deux D6 additionnés : la loi d'un petit jeu écrite à la main, 36 cas.
DEUX_D6 = Loi.de(6) + Loi.de(6)

SOMME = Famille(lambda total: total, lambda n: f"total_{n}", lambda n: f"Total {n}")
SEPT: Issues[int, int] = Issues(
    resume=lambda total: total,
    lignes=(Ligne("reussite", lambda v: f"Au moins {v['cible']}", lambda total: total >= 7),
            Ligne("double_six", "Total 12", est(12))),
    graphique=Graphique((SOMME,), "Total", au_moins=True),
)


class TestLignes:
    """Une ligne : son libellé selon les réglages, sa probabilité par sa condition."""

    def test_cotes_dans_l_ordre_declare(self) -> None:
        cotes = SEPT.cotes({"cible": 7}, DEUX_D6)
        assert [(c.cle, c.libelle, c.probabilite) for c in cotes] == [
            ("reussite", "Au moins 7", Fraction(21, 36)), ("double_six", "Total 12", Fraction(1, 36))]

    def test_cle_refusee(self) -> None:
        with pytest.raises(JdrErreur, match="attendu des lettres ASCII"):
            Ligne("réussite", "Réussite", est(True))

    def test_deux_lignes_de_meme_cle(self) -> None:
        with pytest.raises(JdrErreur, match="même clé"):
            Issues(lambda r: r, (Ligne("a", "A", est(1)), Ligne("a", "B", est(2))))

    def test_famille_par_defaut_les_valeurs_atteintes(self) -> None:
        """Sans choix, une ligne par total que la loi atteint, croissant : de 2 à 12."""
        famille = Issues(lambda r: r, (SOMME,))
        cotes = famille.cotes({}, DEUX_D6)
        assert [c.cle for c in cotes] == [f"total_{n}" for n in range(2, 13)]
        assert sum(c.probabilite for c in cotes) == 1

    def test_famille_aux_valeurs_choisies(self) -> None:
        """Des valeurs choisies par les réglages : une valeur jamais atteinte a une ligne nulle."""
        choisies = Famille(lambda r: r, str, str, valeurs=lambda v, atteintes: range(v["haut"] + 1))
        cotes = Issues(lambda r: r, (choisies,)).cotes({"haut": 3}, Loi.de(2))
        assert [(c.cle, c.probabilite) for c in cotes] == [
            ("0", 0), ("1", Fraction(1, 2)), ("2", Fraction(1, 2)), ("3", 0)]

    def test_famille_qui_ne_concerne_pas_tous_les_jets(self) -> None:
        """``None`` : le jet n'a aucune ligne dans la famille (un raté n'a pas de marge)."""
        marges = Famille(lambda r: r - 4 if r >= 4 else None, lambda n: f"marge_{n}", str)
        issues = Issues(lambda r: r, (Ligne("rate", "Raté", lambda r: r < 4), marges))
        assert [c.cle for c in issues.cotes({}, Loi.de(6))] == ["rate", "marge_0", "marge_1", "marge_2"]
        assert issues.classer(2) == {"rate"} and issues.classer(6) == {"marge_2"}


class TestClassement:
    """Le classement d'un jet lit les mêmes conditions que les cotes."""

    def test_lignes_qui_se_recoupent(self) -> None:
        assert SEPT.classer(12) == {"reussite", "double_six"}
        assert SEPT.classer(3) == frozenset()

    def test_classement_somme_aux_cotes(self) -> None:
        """Pour chaque ligne, la masse des issues qui la réalisent est sa cote."""
        for cote in SEPT.cotes({"cible": 7}, DEUX_D6):
            assert sum(p for total, p in DEUX_D6.items() if cote.cle in SEPT.classer(total)) == cote.probabilite


class TestGraphique:
    """Le graphique : ses propres lignes, ou les lignes de cotes si elles s'excluent."""

    def test_lignes_du_graphique(self) -> None:
        r = SEPT.repartition({"cible": 7}, DEUX_D6)
        assert r.titre == "Total" and r.au_moins
        assert r.cles == tuple(f"total_{n}" for n in range(2, 13))
        assert r.barres[0].au_moins == "Total 2 ou mieux"
        assert SEPT.barre(9) == "total_9"

    def test_par_defaut_les_lignes_de_cotes(self) -> None:
        pile = Issues(lambda r: r, (Ligne("pile", "Pile", est(1)), Ligne("face", "Face", est(2))))
        r = pile.repartition({}, Loi.de(2))
        assert r.titre == "Issue du jet" and not r.au_moins and [b.au_moins for b in r.barres] == ["", ""]
        assert pile.barre(2) == "face"

    def test_lignes_qui_se_recoupent_refusees(self) -> None:
        """Des lignes de cotes qui se recoupent ne font pas un graphique : il faut le déclarer."""
        sans_graphique = Issues(SEPT.resume, SEPT.lignes)
        with pytest.raises(JdrErreur, match="se recoupent"):
            sans_graphique.repartition({"cible": 7}, DEUX_D6)

    def test_une_seule_barre_par_jet(self) -> None:
        deux = Issues(lambda r: r, (Ligne("bas", "Bas", lambda r: r <= 4), Ligne("haut", "Haut", lambda r: r >= 3)),
                      Graphique((Ligne("bas", "Bas", lambda r: r <= 4), Ligne("haut", "Haut", lambda r: r >= 3))))
        with pytest.raises(JdrErreur, match="2 barres au lieu d'une"):
            deux.barre(3)
