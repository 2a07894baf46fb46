"""Les lois du D10, recalculées ici sans le moteur : ni ``lancer_de_ouvert``, ni ``agir``, ni
l'énumérateur du cœur (:mod:`jdr_core.loi`). Les tests comparent le moteur à ces calculs ; un
calcul du moteur comparé à lui-même (sa loi contre ses propres suites de dés) ne pouvait pas
échouer sur une erreur de règle.

La règle, écrite à nouveau d'après le texte : on lance un D10 ; un 10 ajoute un D10, un 1 en
retranche un ; avec l'hypothèse « enchaîner », un dé ajouté ou retranché qui montre 10 en appelle
un autre dans le même sens. Le total est ramené entre COMP − 10 et 10 + COMP. On ajoute STAT et
COMP, on retire le malus de blessures ; la marge est l'écart avec la difficulté, plafonnée à COMP,
et l'égalité réussit (marge 0) sauf hypothèse contraire. Toutes les probabilités sont exactes.
"""

from __future__ import annotations

from collections import defaultdict
from fractions import Fraction

FACES = range(1, 11)
UN_DIXIEME = Fraction(1, 10)
#: La difficulté fixe du D10 : 5, plus la difficulté variable (ou ce que vaut l'adversaire).
FIXE = 5
#: Un dé ouvert qui s'enchaîne ne peut franchir ses bornes (20 de large) qu'en trois dés au plus.
PROFONDEUR_MAX = 4


def loi_de_ouvert(comp: int, enchainer: bool = False) -> dict[int, Fraction]:
    """La loi du total du dé ouvert, en parcourant chaque face de chaque dé (bornes comprises).

    >>> loi = loi_de_ouvert(3)
    >>> loi[5], loi[13], loi[-7], sum(loi.values())
    (Fraction(1, 10), Fraction(2, 25), Fraction(3, 100), Fraction(1, 1))
    """
    bas, haut = comp - 10, 10 + comp
    loi: dict[int, Fraction] = defaultdict(Fraction)

    def ouvrir(total: int, sens: int, p: Fraction, profondeur: int) -> None:
        assert profondeur <= PROFONDEUR_MAX, "le dé ouvert devrait avoir touché sa borne"
        for face in FACES:
            suite = total + sens * face
            # Au-delà d'une borne, d'autres dés dans le même sens n'y changeraient plus rien.
            if enchainer and face == 10 and bas < suite < haut:
                ouvrir(suite, sens, p * UN_DIXIEME, profondeur + 1)
            else:
                loi[max(bas, min(haut, suite))] += p * UN_DIXIEME

    for premiere in FACES:
        if premiere == 10:
            ouvrir(premiere, +1, UN_DIXIEME, 1)
        elif premiere == 1:
            ouvrir(premiere, -1, UN_DIXIEME, 1)
        else:
            loi[max(bas, min(haut, premiere))] += UN_DIXIEME
    return dict(loi)


def loi_marge(stat: int, comp: int, difficulte: int, *, malus: int = 0, enchainer: bool = False,
              egalite_reussit: bool = True) -> dict[int | None, Fraction]:
    """La loi de la marge d'une action lancée (``None`` : échec)."""
    loi: dict[int | None, Fraction] = defaultdict(Fraction)
    for de, p in loi_de_ouvert(comp, enchainer).items():
        ecart = de + stat + comp - malus - difficulte
        rate = ecart < 0 or (ecart == 0 and not egalite_reussit)
        loi[None if rate else min(ecart, comp)] += p
    return dict(loi)


def difficulte_opposition(comp: int, stat_adverse: int, comp_adverse: int) -> int:
    """Contre un personnage : 5 + sa STAT + sa COMP, +5 si seul celui qui agit a une compétence,
    −5 si seul l'adversaire en a une."""
    ajustement = 5 if comp and not comp_adverse else -5 if comp_adverse and not comp else 0
    return FIXE + stat_adverse + comp_adverse + ajustement


def cotes_action(stat: int, comp: int, difficulte: int, *, malus: int = 0, automatique: bool = False,
                 enchainer: bool = False, egalite_reussit: bool = True) -> dict[str, Fraction]:
    """Les cotes d'une action, ligne par ligne comme le lanceur les nomme : réussir, échouer,
    chaque marge, un premier dé ouvert vers le haut (10) ou vers le bas (1). La réussite
    automatique, permise si STAT ou STAT + COMP dépasse la difficulté, ne lance aucun dé."""
    if automatique and (stat > difficulte or stat + comp > difficulte):
        marges: dict[int | None, Fraction] = {0: Fraction(1)}
        ouvert = Fraction(0)
    else:
        marges = loi_marge(stat, comp, difficulte, malus=malus, enchainer=enchainer, egalite_reussit=egalite_reussit)
        ouvert = UN_DIXIEME  # la première face : un 10 sur dix, un 1 sur dix
    echec = marges.get(None, Fraction(0))
    return {"reussite": 1 - echec, "echec": echec,
            **{f"marge_{m}": marges.get(m, Fraction(0)) for m in range(comp + 1)},
            "ouvert_haut": ouvert, "ouvert_bas": ouvert}
