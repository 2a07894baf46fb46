"""Les véhicules : de 5 à 10 PE (plus leur Facteur de puissance), insensibles aux armes légères.

Le texte laisse le MJ trancher au cas par cas ; ce qu'il ne fixe pas est une hypothèse
réglable : une arme est « légère » jusqu'à 2 de dégâts de base (``arme_legere_max``),
et un véhicule à 0 PE est hors d'usage.

Une camionnette de 6 PE encaisse le fusil à pompe de Jules (4 de dégâts de base) :

>>> from jdr_core.des import DesScriptes
>>> from jdr_core.troisd6.combat import attaquer
>>> camionnette = Vehicule.nouveau("la camionnette", 6)
>>> print(camionnette.encaisser(attaquer(4, arme=4, des=DesScriptes([3, 5, 6]))))
La camionnette : 2 PE sur 6, en état de marche.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from ..erreurs import JdrErreur, RegleEnfreinte, entier_borne
from ..francais import majuscule
from .combat import ARME_MAX, PROTECTION_MAX, Attaque
from .test import FP_MAX

PE_VEHICULE_MIN, PE_VEHICULE_MAX = 5, 10
#: Hypothèse : une arme légère fait au plus 2 de dégâts de base (couteau, pistolet léger, arc…).
ARME_LEGERE_MAX = 2
NOM_MAX = 60


@dataclass(frozen=True)
class Vehicule:
    """Un véhicule et ses PE ; chaque coup encaissé rend une nouvelle valeur."""

    nom: str
    pe: int
    maximum: int
    protection: int = 0
    fp: int = 0
    arme_legere_max: int = ARME_LEGERE_MAX

    @classmethod
    def nouveau(cls, nom: str, pe: int, *, protection: int = 0, fp: int = 0,
                arme_legere_max: int = ARME_LEGERE_MAX) -> Vehicule:
        """Un véhicule neuf : ses PE (5 à 10) plus son FP, une protection de 0 à 4 (4 : un blindage).

        >>> Vehicule.nouveau("le char", 10, protection=4, fp=2).maximum
        12
        >>> Vehicule.nouveau("le scooter", 3)
        Traceback (most recent call last):
        ...
        jdr_core.erreurs.ParametreInvalide: PE du véhicule 3 : attendu un entier de 5 à 10
        """
        if not isinstance(nom, str) or not nom.strip() or len(nom) > NOM_MAX:
            raise JdrErreur(f"Le nom du véhicule est un texte de 1 à {NOM_MAX} caractères.")
        entier_borne("PE du véhicule", pe, PE_VEHICULE_MIN, PE_VEHICULE_MAX)
        entier_borne("protection du véhicule", protection, 0, PROTECTION_MAX)
        entier_borne("FP du véhicule", fp, 0, FP_MAX)
        entier_borne("dégâts d'une arme légère", arme_legere_max, 0, ARME_MAX)
        return cls(nom.strip(), pe + fp, pe + fp, protection, fp, arme_legere_max)

    @property
    def hors_d_usage(self) -> bool:
        """Hypothèse : à 0 PE, le véhicule ne roule, ne vole ni ne flotte plus."""
        return self.pe == 0

    def insensible_a(self, arme: int) -> bool:
        """Vrai pour une arme légère, dont les dégâts ne comptent pas contre un véhicule."""
        entier_borne("arme", arme, 1, ARME_MAX)
        return arme <= self.arme_legere_max

    def encaisser(self, attaque: Attaque) -> Vehicule:
        """Le véhicule perd les PE d'une attaque lancée contre sa protection (et son FP) ;
        une arme légère ne lui fait rien. Les PE ne descendent pas sous 0.

        >>> from jdr_core.des import DesScriptes
        >>> from jdr_core.troisd6.combat import attaquer
        >>> camionnette = Vehicule.nouveau("la camionnette", 6)
        >>> camionnette.encaisser(attaquer(4, arme=2, des=DesScriptes([1, 1, 2]))) == camionnette
        True
        """
        if not isinstance(attaque, Attaque):
            raise JdrErreur("Un véhicule encaisse une attaque résolue (un test d'attaque).")
        if attaque.protection != self.protection + self.fp and not attaque.automatique:
            raise RegleEnfreinte(
                f"cette attaque compte une protection de {attaque.protection}, mais {self.nom} a "
                f"{self.protection + self.fp} (protection plus FP) : relancez-la contre celle du véhicule")
        if self.insensible_a(attaque.arme) or not attaque.touche:
            return self
        return replace(self, pe=max(0, self.pe - attaque.degats))

    def decrire_coup(self, attaque: Attaque) -> str:
        """Ce qu'une attaque fait au véhicule, dit à la table.

        >>> from jdr_core.des import DesScriptes
        >>> from jdr_core.troisd6.combat import attaquer
        >>> camionnette = Vehicule.nouveau("la camionnette", 6)
        >>> print(camionnette.decrire_coup(attaquer(4, arme=2, des=DesScriptes([1, 1, 2]))))
        Une arme légère (2 de dégâts de base) ne fait rien à la camionnette.
        """
        apres = self.encaisser(attaque)
        if self.insensible_a(attaque.arme):
            return f"Une arme légère ({attaque.arme} de dégâts de base) ne fait rien à {self.nom}."
        if not attaque.touche:
            return f"L'attaque manque {self.nom}."
        return f"{majuscule(self.nom)} perd {self.pe - apres.pe} PE."

    def __str__(self) -> str:
        etat = "hors d'usage" if self.hors_d_usage else "en état de marche"
        return f"{majuscule(self.nom)} : {self.pe} PE sur {self.maximum}, {etat}."
