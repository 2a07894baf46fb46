"""Les points d'énergie (PE) : états, récupération, stabilisation et soins.

Le suspect de l'entrepôt (PHYSIQUE 3, MENTAL 1) a 4 PE, en a déjà perdu 2, puis
encaisse les 2 PE du coup de poing de Jules :

>>> suspect = Vitalite.nouvelle(physique=3, mental=1).subir(2)
>>> print(suspect)
2 PE sur 4 : affaibli, un désavantage sur toutes les actions.
>>> print(suspect.subir(2))
0 PE sur 4 : gravement blessé, incapable d'agir vraiment avant d'avoir retrouvé 1 PE.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import Enum

from ..erreurs import JdrErreur, RegleEnfreinte, entier_borne
from ..francais import nombre_relatif, quantite
from .test import Critique, JetTest

#: Difficulté du test de Physique pour se stabiliser soi-même (« difficile »).
DIFFICULTE_SE_STABILISER = 3
PE_MIN = -50


class Etat(Enum):
    EN_FORME = "en forme"
    AFFAIBLI = "affaibli"
    GRAVEMENT_BLESSE = "gravement blessé"
    CRITIQUE = "état critique"


class Usage(Enum):
    """Ce pour quoi un personnage dépense ses PE."""

    COMPETENCE = "compétence"
    POUVOIR = "pouvoir"


#: Hypothèse : le texte dit que les PE servent aux compétences et aux pouvoirs, sans prix.
#: Nous comptons 1 PE pour une compétence et 2 pour un pouvoir ; ``cout`` les remplace.
COUTS = {Usage.COMPETENCE: 1, Usage.POUVOIR: 2}
COUT_MAX = 10


#: Ce que l'état impose, dit pour être placé dans une phrase.
EFFETS = {
    Etat.EN_FORME: "aucun effet",
    Etat.AFFAIBLI: "un désavantage sur toutes les actions",
    Etat.GRAVEMENT_BLESSE: "incapable d'agir vraiment avant d'avoir retrouvé 1 PE",
    Etat.CRITIQUE: "à stabiliser ou à soigner, sinon réveil à 0 PE au bout de 2 minutes",
}


def pe_de_depart(physique: int, mental: int, fp: int = 0) -> int:
    """PE = Physique + Mental + Facteur de puissance.

    >>> pe_de_depart(4, 3)
    7
    """
    entier_borne("Physique", physique, 1, 5)
    entier_borne("Mental", mental, 1, 5)
    entier_borne("FP", fp, 0, 10)
    return physique + mental + fp


def etat_pour(pe: int, robot: bool = False) -> Etat:
    """L'état qui correspond à un total de PE (les robots ne sont jamais affaiblis)."""
    if pe < 0:
        return Etat.CRITIQUE
    if pe == 0:
        return Etat.GRAVEMENT_BLESSE
    if pe <= 2 and not robot:
        return Etat.AFFAIBLI
    return Etat.EN_FORME


@dataclass(frozen=True)
class Vitalite:
    """Les PE d'un personnage et ce qui en découle. Chaque opération rend une nouvelle valeur."""

    pe: int
    maximum: int
    robot: bool = False
    physique: int = 1
    infirme: bool = False
    sequelle_menace: bool = False

    @classmethod
    def nouvelle(cls, *, physique: int, mental: int, fp: int = 0, robot: bool = False) -> Vitalite:
        maximum = pe_de_depart(physique, mental, fp)
        return cls(maximum, maximum, robot=robot, physique=physique)

    @property
    def etat(self) -> Etat:
        return etat_pour(self.pe, self.robot)

    def __str__(self) -> str:
        """Les PE, l'état et ce qu'il impose, puis la séquelle s'il y en a une.

        >>> print(Vitalite(0, 5, sequelle_menace=True).recuperer(1))
        1 PE sur 5 : affaibli, un désavantage sur toutes les actions, avec le défaut Infirme.
        >>> print(Vitalite(5, 5, infirme=True))
        5 PE sur 5 : en forme, avec le défaut Infirme.
        """
        return self.decrire(self.etat.value)

    def decrire(self, etat: str) -> str:
        """Comme ``str()``, l'état dit par ``etat`` : le mot accordé au personnage d'une fiche
        (:func:`jdr_core.troisd6.fiche.etat_accorde`)."""
        texte = f"{nombre_relatif(self.pe)} PE sur {self.maximum} : {etat}"
        if self.etat is not Etat.EN_FORME:
            texte += f", {EFFETS[self.etat]}"
        if self.infirme:
            texte += ", avec le défaut Infirme"
        elif self.sequelle_menace:
            texte += " ; la séquelle Infirme menace, faute de stabilisation"
        return texte + "."

    @property
    def desavantages(self) -> int:
        """Désavantage imposé à toutes les actions par l'état."""
        return 1 if self.etat is Etat.AFFAIBLI else 0

    def subir(self, degats: int) -> Vitalite:
        """Perd des PE ; passer sous 0 fait planer la séquelle Infirme."""
        entier_borne("dégâts", degats, 0, 100)
        pe = max(PE_MIN, self.pe - degats)
        return replace(self, pe=pe, sequelle_menace=self.sequelle_menace or pe < 0)

    def depenser(self, usage: Usage, *, cout: int | None = None) -> Vitalite:
        """Dépense des PE pour une compétence ou un pouvoir. Il faut être capable d'agir
        (1 PE au moins) et avoir de quoi payer : on ne s'endette pas en énergie.

        >>> carmen = Vitalite.nouvelle(physique=2, mental=4)
        >>> print(carmen.depenser(Usage.POUVOIR).depenser(Usage.COMPETENCE))
        3 PE sur 6 : en forme.
        >>> Vitalite(1, 6).depenser(Usage.POUVOIR)
        Traceback (most recent call last):
        ...
        jdr_core.erreurs.RegleEnfreinte: ce pouvoir coûte 2 PE, il n'en reste que 1
        """
        if not isinstance(usage, Usage):
            raise JdrErreur("On dépense des PE pour une compétence ou un pouvoir.")
        prix = COUTS[usage] if cout is None else entier_borne("coût en PE", cout, 1, COUT_MAX)
        if self.pe < 1:
            raise RegleEnfreinte(f"à {nombre_relatif(self.pe)} PE, le personnage ne peut rien utiliser")
        if prix > self.pe:
            ce = "cette" if usage is Usage.COMPETENCE else "ce"
            raise RegleEnfreinte(f"{ce} {usage.value} coûte {quantite(prix, 'PE', 'PE')}, "
                                 f"il n'en reste que {self.pe}")
        return replace(self, pe=self.pe - prix)

    def _gagner(self, gain: int) -> Vitalite:
        if gain <= 0:
            return self
        # Soigné sans avoir été stabilisé : la séquelle devient le défaut Infirme.
        infirme = self.infirme or self.sequelle_menace
        return replace(self, pe=min(self.maximum, self.pe + gain), infirme=infirme, sequelle_menace=False)

    def reprendre_conscience(self) -> Vitalite:
        """Sans aide, un personnage en état critique se réveille à 0 PE au bout de 2 minutes."""
        if self.etat is not Etat.CRITIQUE:
            raise RegleEnfreinte("seul un personnage en état critique reprend conscience ainsi")
        return replace(self, pe=0)

    def recuperer(self, periodes: int) -> Vitalite:
        """Récupération naturelle : 1 PE par demi-journée (vivant) ou par heure branché (robot)."""
        entier_borne("périodes de repos", periodes, 0, 1000)
        return self._gagner(periodes)

    def stabiliser(self) -> Vitalite:
        """Deux actions au contact : le blessé critique revient à 0 PE, sans séquelle."""
        if self.etat is not Etat.CRITIQUE:
            raise RegleEnfreinte("on ne stabilise qu'un personnage en état critique")
        return replace(self, pe=0, sequelle_menace=False)

    def se_stabiliser(self, jet: JetTest) -> Vitalite:
        """Test de Physique difficile (3 succès) ; en cas d'échec, rien ne change."""
        if self.etat is not Etat.CRITIQUE:
            raise RegleEnfreinte("on ne se stabilise qu'en état critique")
        if jet.difficulte != DIFFICULTE_SE_STABILISER:
            raise RegleEnfreinte("se stabiliser est un test de Physique de difficulté 3")
        return self.stabiliser() if jet.reussi else self

    def soigner(self, jet: JetTest) -> Vitalite:
        """Test de Mental au calme : 1 PE par succès, doublés sur réussite critique.

        Hypothèse pour les robots : une réparation qui obtient au moins un succès
        rend deux fois le Physique du robot (doublé aussi sur une réussite critique).
        Un échec critique donne le défaut Infirme.

        >>> from jdr_core.des import DesScriptes
        >>> from jdr_core.troisd6.test import tester
        >>> blesse = Vitalite(1, 6)
        >>> blesse.soigner(tester(3, des=DesScriptes([1, 3, 5]))).pe
        3
        """
        if jet.critique is Critique.ECHEC:
            return replace(self, infirme=True)
        # Un robot réparé regagne 2 × Physique dès qu'il y a un succès (hypothèse).
        gain = (2 * self.physique if jet.succes else 0) if self.robot else jet.succes
        if jet.critique is Critique.REUSSITE:
            gain *= 2
        return self._gagner(gain)
