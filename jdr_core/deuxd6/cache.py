"""Jets cachés : le MJ garde pour lui tout ou partie du résultat.

Deux façons de faire : le MJ lance les deux dés derrière son écran, ou le joueur lance
un dé à la vue de tous et le MJ lance l'autre en secret. Dans le second cas, le
joueur se fait une idée de ses chances sans rien savoir de sûr.

Élise (cible 8) cherche un passage secret ; elle voit son dé, un 2 :

>>> from jdr_core.des import DesScriptes
>>> jet = jet_cache(8, des=DesScriptes([2, 5]))
>>> print(jet)
Le joueur voit un 2 ; l'autre dé reste caché derrière l'écran.
>>> print(jet.indice())
Avec ce 2, la réussite est assurée ; le double (réussite critique) a une chance sur 6.
>>> print(jet.reveler())
2 et 5 = 7 contre 8 : réussite.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import Enum

from ..cotes import pourcentage
from ..des import SourceDes
from ..erreurs import entier_borne
from ..loi import Loi, loi_du_jet
from .jet import Jet2D6, Niveau, lancer_2d6, valider_cible


class ModeCache(Enum):
    """Qui lance quoi."""

    MJ = "mj"  # le MJ lance les deux dés en secret
    PARTAGE = "partage"  # le joueur lance un dé à découvert, le MJ l'autre en secret


@dataclass(frozen=True)
class JetCache:
    """Un jet dont une partie reste secrète tant qu'on ne l'a pas révélé."""

    jet: Jet2D6
    mode: ModeCache = ModeCache.PARTAGE
    revele: bool = False

    @property
    def visibles(self) -> tuple[int | None, int | None]:
        """Les faces que le joueur voit (``None`` : dé caché)."""
        if self.revele:
            return self.jet.des
        if self.mode is ModeCache.PARTAGE:
            return self.jet.des[0], None
        return None, None

    def reveler(self) -> JetCache:
        return replace(self, revele=True)

    def chances(self) -> Loi[Niveau]:
        """Ce que le joueur peut espérer au vu de ce qu'il voit (probabilités exactes) : le jet
        rejoué sachant les dés qu'il voit."""
        connus = tuple(face for face in self.visibles if face is not None)
        return loi_du_jet(lambda des: lancer_2d6(self.jet.cible, des=des).niveau, connus=connus)

    def indice(self) -> str:
        """Ce que le joueur peut déduire de son dé, en une phrase."""
        if self.visibles[0] is None:
            return "Le joueur ne voit rien : seul le MJ connaît le résultat."
        if self.revele:
            return str(self.jet)
        c = self.chances()
        reussite = c[Niveau.REUSSITE] + c[Niveau.REUSSITE_CRITIQUE]
        face = self.jet.des[0]
        if reussite == 1:
            debut = f"Avec ce {face}, la réussite est assurée"
        elif reussite == 0:
            debut = f"Avec ce {face}, l'échec est assuré"
        else:
            debut = f"Avec ce {face}, la réussite a {pourcentage(reussite)} de chances"
        double = "réussite critique" if c[Niveau.REUSSITE_CRITIQUE] else "maladresse"
        return f"{debut} ; le double ({double}) a une chance sur 6."

    def __str__(self) -> str:
        if self.revele:
            return str(self.jet)
        if self.mode is ModeCache.PARTAGE:
            return f"Le joueur voit un {self.jet.des[0]} ; l'autre dé reste caché derrière l'écran."
        return "Les deux dés restent cachés derrière l'écran du MJ."


def jet_cache(cible: int, *, des: SourceDes, mode: ModeCache = ModeCache.PARTAGE) -> JetCache:
    """Lance un jet caché ; en mode partagé, le premier dé est celui du joueur."""
    return JetCache(lancer_2d6(cible, des=des), mode)


def chances_apres_un_de(cible: int, face: int) -> Loi[Niveau]:
    """Probabilités exactes des niveaux une fois le dé du joueur connu.

    >>> chances_apres_un_de(7, 6)[Niveau.REUSSITE]
    Fraction(1, 6)
    """
    valider_cible(cible)
    entier_borne("face", face, 1, 6)
    return loi_du_jet(lambda des: lancer_2d6(cible, des=des).niveau, connus=(face,))
