"""Les issues déclarées d'une mécanique (jdr_core/issues.py) : des lignes, on tire les cotes, le
classement d'un jet, le graphique et sa barre.

Pour chaque mécanique du registre, sans rien énumérer (tests/test_enumeration.py compare ensuite
la loi déclarée à toutes les suites de dés) : chaque issue de sa loi tombe dans une seule barre
de son graphique, les barres font exactement 1, et ses petits réglages atteignent chacune des
lignes qu'elle déclare, sauf celles qu'elle dit hors d'atteinte (``hors_petits``)."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from typing import Any

import pytest

from jdr_core import registre
from jdr_core.des import SourceDes
from jdr_core.erreurs import JdrErreur
from jdr_core.issues import Famille, Graphique, Issues, Ligne, est
from jdr_core.loi import Loi
from jdr_core.mecanique import Affichage, Mecanique, Valeurs

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


# --- Les mécaniques du registre ------------------------------------------------------------

CAS = [(nom, i, petit) for nom, meca in sorted(registre.mecaniques().items()) for i, petit in enumerate(meca.petits)]


def hors_barre(meca: Mecanique[Any], valeurs: Valeurs) -> list[str]:
    """Les issues de la loi déclarée qui ne tombent pas dans une et une seule barre du graphique,
    et ce qui cloche dans les probabilités. Vide quand tout va bien."""
    loi = meca.loi(valeurs)
    problemes = [] if sum(loi.values()) == 1 else [f"la loi fait {sum(loi.values())}"]
    repartition = meca.repartir(valeurs, loi)  # refuse des barres qui ne font pas 1
    for resume in loi:
        try:
            barre = meca.issues.barre_du_resume(resume)
        except JdrErreur as e:
            problemes.append(f"{resume!r} : {e}")
            continue
        if barre not in repartition.cles:
            problemes.append(f"{resume!r} : barre {barre} absente du graphique")
    problemes += [f"cote {c.cle} : {c.probabilite}" for c in meca.cotes(valeurs, loi) if not 0 <= c.probabilite <= 1]
    return problemes


def lignes_mal_atteintes(meca: Mecanique[Any]) -> tuple[set[str], set[str]]:
    """Les lignes déclarées (de cotes et du graphique) que ses petits réglages n'atteignent jamais
    sans le dire, et celles qu'elle dit hors d'atteinte mais qu'ils atteignent."""
    declarees: set[str] = set()
    atteintes: set[str] = set()
    for petit in meca.petits:
        valeurs = meca.valider(petit)
        loi = meca.loi(valeurs)
        lignes = [(c.cle, c.probabilite) for c in meca.cotes(valeurs, loi)]
        lignes += [(b.cle, b.probabilite) for b in meca.repartir(valeurs, loi).barres]
        declarees |= {cle for cle, _ in lignes}
        atteintes |= {cle for cle, p in lignes if p}
    jamais = declarees - atteintes
    return jamais - set(meca.hors_petits), set(meca.hors_petits) - jamais


class TestMecaniques:
    """Chaque mécanique du registre : des issues qui forment un graphique, et des lignes atteintes."""

    @pytest.mark.parametrize(("nom", "indice", "petit"), CAS, ids=[f"{n}-{i}" for n, i, _ in CAS])
    def test_chaque_issue_dans_une_seule_barre(self, nom: str, indice: int, petit: dict[str, object]) -> None:
        meca = registre.mecanique(nom)
        assert hors_barre(meca, meca.valider(petit)) == []

    @pytest.mark.parametrize("nom", sorted(registre.mecaniques()))
    def test_chaque_ligne_atteinte_ou_dite_hors_d_atteinte(self, nom: str) -> None:
        assert lignes_mal_atteintes(registre.mecanique(nom)) == (set(), set())


def _un_d6(v: Valeurs, des: SourceDes) -> int:
    return des.lancer(6)


def _dire(face: int, v: Valeurs) -> Affichage:
    return {"phrase": f"{face}.", "issue": "neutre", "groupes": [], "details": []}


#: Un D6 : pair ou impair, et le six ; la loi vient de l'énumération du lanceur.
D6: Mecanique[int] = Mecanique(
    nom="essai-d6", titre="Un D6", parametres=(), lancer=_un_d6, afficher=_dire,
    issues=Issues(lambda face: face, (Ligne("pair", "Pair", lambda f: f % 2 == 0),
                                      Ligne("impair", "Impair", lambda f: f % 2 == 1),
                                      Ligne("six", "Six", est(6))),
                  Graphique((Ligne("pair", "Pair", lambda f: f % 2 == 0),
                             Ligne("impair", "Impair", lambda f: f % 2 == 1)))))


class TestLesControlesPeuventEchouer:
    """Les contrôles ci-dessus voient une mécanique mal déclarée."""

    def test_une_mecanique_juste(self) -> None:
        assert D6.cotes({})[2].probabilite == Fraction(1, 6)
        assert hors_barre(D6, {}) == [] and lignes_mal_atteintes(D6) == (set(), set())

    def test_une_ligne_que_rien_n_atteint(self) -> None:
        """Une condition fausse (un sept sur un D6) laisse sa ligne hors d'atteinte : le contrôle le
        voit, sauf si la mécanique le dit ; et il voit aussi une ligne dite hors d'atteinte à tort."""
        sept = replace(D6, issues=replace(D6.issues, lignes=(*D6.issues.lignes, Ligne("sept", "Sept", est(7)))))
        assert lignes_mal_atteintes(sept) == ({"sept"}, set())
        assert lignes_mal_atteintes(replace(sept, hors_petits=("sept",))) == (set(), set())
        assert lignes_mal_atteintes(replace(D6, hors_petits=("six",))) == (set(), {"six"})

    def test_un_graphique_dont_les_barres_se_recoupent(self) -> None:
        """Des barres « petit » (1 à 3) et « pair » font bien 1 à elles deux, mais 2 tombe dans les
        deux et 5 dans aucune ; une troisième barre pour le 5 les porte à 7/6."""
        petit, pair = Ligne("petit", "Petit", lambda f: f <= 3), Ligne("pair", "Pair", lambda f: f % 2 == 0)
        recoupe = replace(D6, issues=replace(D6.issues, graphique=Graphique((petit, pair))))
        assert hors_barre(recoupe, {}) == ["2 : le résultat réalise 2 barres au lieu d'une",
                                           "5 : le résultat réalise 0 barres au lieu d'une"]
        trop = replace(D6, issues=replace(D6.issues, graphique=Graphique((petit, pair, Ligne("cinq", "Cinq", est(5))))))
        with pytest.raises(JdrErreur, match="essai-d6 : répartition « Issue du jet » : les probabilités font 7/6"):
            hors_barre(trop, {})
