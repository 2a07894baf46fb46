"""La fiche d'un personnage du D10 : six caractéristiques, des compétences (niveau ou années de
pratique, l'un se déduisant de l'autre), armes, armure et blessures avec leur malus.

Chaque opération rend une nouvelle fiche. Années et niveaux viennent de
:mod:`jdr_core.d10.regles`, les blessures et leur cascade de :mod:`jdr_core.d10.blessures`.

Lina s'entraîne au tir depuis trois ans, intensivement (diviseur 2) :

>>> lina = Personnage.nouveau("Lina", {"AGI": 6}).ajouter_competence("Pistolet", "AGI", annees=3, diviseur=2)
>>> print(lina.competence("pistolet"))
Pistolet 3 (AGI), niveau atteint après 3 ans de pratique intensive (diviseur 2)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import Any

from ..erreurs import JdrErreur, entier_borne
from ..francais import de, enumerer, lire_accord
from ..suivi import Format, Lecteur, lire_nom, lire_texte, par_nom, sans_accord, trouver, verifier_ajout
from .blessures import BLESSURES_MAX, Blessures, Gravite
from .combat import ARME_MAX, ARME_MIN, ARMURE_MAX, ARMURE_MIN
from .regles import (
    ANNEES_MAX,
    CARACTERISTIQUES,
    COMP_MAX,
    COMP_MIN,
    DIVISEURS,
    STAT_MAX,
    STAT_MIN,
    annees_pour_niveau,
    duree,
    niveau_pour_annees,
)

#: Les six caractéristiques, par abréviation.
STATS: dict[str, str] = {c.abreviation: c.nom for c in CARACTERISTIQUES}
#: Hypothèse : la valeur d'une caractéristique qu'on ne donne pas à la création (le milieu de 1 à 10).
STAT_DEFAUT = 5
#: Un nom de personnage tient dans le suivi de combat (30 caractères).
NOM_MAX = 30
COMPETENCES_MAX = 30
ARMES_MAX = 6
#: Les compétences que le suivi de combat lit : chaque fiche les a, au niveau 0 au départ.
COMPETENCES_DE_COMBAT = (("Corps à corps", "AGI"), ("Tir", "AGI"), ("Esquive", "AGI"))
MODES_ARME = {"contact": "au contact", "tir": "à distance"}


@dataclass(frozen=True)
class Competence:
    nom: str
    stat: str
    niveau: int
    #: 1 : pratique régulière ; 2 ou 3 : pratique intensive.
    diviseur: int = 1

    @property
    def annees(self) -> Fraction:
        return annees_pour_niveau(self.niveau, diviseur=self.diviseur)

    def __str__(self) -> str:
        pratique = "intensive (diviseur " + str(self.diviseur) + ")" if self.diviseur > 1 else "régulière"
        if self.niveau == 0:
            return f"{self.nom} 0 ({self.stat}), sans pratique"
        return (f"{self.nom} {self.niveau} ({self.stat}), niveau atteint après {duree(self.annees)} "
                f"de pratique {pratique}")


@dataclass(frozen=True)
class Arme:
    nom: str
    degats: int
    mode: str

    def __str__(self) -> str:
        return f"{self.nom} ({self.degats} de dégâts, {MODES_ARME[self.mode]})"


def lire_stat(nom: object) -> str:
    if not isinstance(nom, str) or nom.upper() not in STATS:
        raise JdrErreur(f"Caractéristique inconnue : choisissez {enumerer(list(STATS), 'ou')}.")
    return nom.upper()


@dataclass(frozen=True)
class Personnage:
    nom: str
    stats: tuple[tuple[str, int], ...]
    competences: tuple[Competence, ...] = ()
    armes: tuple[Arme, ...] = ()
    armure: int = 0
    blessures: Blessures = field(default_factory=Blessures)
    #: Le genre grammatical donné à la création (« il », « elle », ou "" : non précisé, jamais
    #: deviné d'après le nom) : les phrases de la page sur la fiche s'accordent avec lui.
    accord: str = ""

    @classmethod
    def nouveau(cls, nom: object, valeurs: Mapping[str, object] | None = None, accord: object = "") -> Personnage:
        """Un personnage : chaque caractéristique de 1 à 10 (5 si elle n'est pas donnée), et les
        trois compétences que lit le combat (Corps à corps, Tir, Esquive) au niveau 0.

        >>> Personnage.nouveau("Marek", {"FOR": 12})
        Traceback (most recent call last):
        ...
        jdr_core.erreurs.ParametreInvalide: Force 12 : attendu un entier de 1 à 10
        """
        propre = lire_nom(nom, NOM_MAX)
        donnees = {lire_stat(cle): v for cle, v in (valeurs or {}).items()}
        stats = []
        for abr, nom_long in STATS.items():
            valeur = donnees.get(abr, STAT_DEFAUT)
            if isinstance(valeur, bool) or not isinstance(valeur, int):
                raise JdrErreur(f"{nom_long} doit être un entier de {STAT_MIN} à {STAT_MAX}.")
            stats.append((abr, entier_borne(nom_long, valeur, STAT_MIN, STAT_MAX)))
        combat = tuple(Competence(n, s, 0) for n, s in COMPETENCES_DE_COMBAT)
        return cls(propre, tuple(stats), combat, accord=lire_accord(accord))

    def stat(self, abr: str) -> int:
        return dict(self.stats)[lire_stat(abr)]

    def competence(self, nom: str) -> Competence:
        return trouver(self.competences, nom, f"{self.nom} n'a pas la compétence « {nom[:NOM_MAX]} ».")

    @staticmethod
    def _niveau(niveau: int | None, annees: int | None, diviseur: int) -> int:
        if diviseur not in DIVISEURS:
            raise JdrErreur("Le diviseur de pratique vaut 1 (régulière), 2 ou 3 (intensive).")
        if annees is not None:
            entier_borne("années de pratique", annees, 0, ANNEES_MAX)
            return niveau_pour_annees(annees, diviseur=diviseur)
        if niveau is None:
            raise JdrErreur("Donnez le niveau de la compétence ou ses années de pratique.")
        return entier_borne("niveau de compétence", niveau, COMP_MIN, COMP_MAX)

    def ajouter_competence(self, nom: object, stat: object, *, niveau: int | None = None, annees: int | None = None,
                           diviseur: int = 1) -> Personnage:
        propre = lire_texte(nom, "le nom de la compétence", NOM_MAX, "nommez la compétence (Pistolet, Premiers soins…)")
        verifier_ajout(self.competences, propre, COMPETENCES_MAX, qui=self.nom, sorte=("la compétence", "compétences"),
                       suite=" : changez son niveau")
        c = Competence(propre, lire_stat(stat), self._niveau(niveau, annees, diviseur), diviseur)
        return replace(self, competences=(*self.competences, c))

    def changer_competence(self, nom: str, *, niveau: int | None = None, annees: int | None = None,
                           diviseur: int = 1) -> Personnage:
        c = self.competence(nom)
        nouvelle = replace(c, niveau=self._niveau(niveau, annees, diviseur), diviseur=diviseur)
        return replace(self, competences=tuple(nouvelle if x is c else x for x in self.competences))

    def retirer_competence(self, nom: str) -> Personnage:
        c = self.competence(nom)
        if (c.nom, c.stat) in COMPETENCES_DE_COMBAT:
            raise JdrErreur(f"{c.nom} sert au combat : mettez son niveau à 0 plutôt que de la retirer.")
        return replace(self, competences=tuple(x for x in self.competences if x is not c))

    def ajouter_arme(self, nom: object, degats: int, mode: str) -> Personnage:
        propre = lire_texte(nom, "le nom de l'arme", NOM_MAX, "nommez l'arme (couteau, pistolet…)")
        entier_borne(f"dégâts {de(propre)}", degats, ARME_MIN, ARME_MAX)
        if mode not in MODES_ARME:
            raise JdrErreur("Une arme sert au contact ou à distance.")
        if len(self.armes) >= ARMES_MAX:
            raise JdrErreur(f"Pas plus de {ARMES_MAX} armes sur une fiche.")
        if par_nom(self.armes, propre) is not None:
            raise JdrErreur(f"{self.nom} a déjà une arme nommée « {propre} ».")
        return replace(self, armes=(*self.armes, Arme(propre, degats, mode)))

    def retirer_arme(self, nom: str) -> Personnage:
        arme = trouver(self.armes, nom, f"{self.nom} n'a pas d'arme « {nom[:NOM_MAX]} ».")
        return replace(self, armes=tuple(a for a in self.armes if a is not arme))

    def avec_armure(self, armure: int) -> Personnage:
        return replace(self, armure=entier_borne("armure", armure, ARMURE_MIN, ARMURE_MAX))

    def blesser(self, gravite: Gravite) -> tuple[Personnage, str]:
        """Une blessure de plus, et la cascade qu'elle déclenche (deux légères font une grave…),
        dite en phrases.

        >>> marek = Personnage.nouveau("Marek").blesser(Gravite.LEGERE)[0]
        >>> print(marek.blesser(Gravite.LEGERE)[1])
        Marek reçoit une blessure légère : deux légères font une grave. Reste 1 blessure grave (malus −2).
        """
        if gravite not in (Gravite.LEGERE, Gravite.GRAVE, Gravite.CRITIQUE):
            raise JdrErreur("Une blessure est légère, grave ou critique.")
        if self.blessures.mort:
            raise JdrErreur(f"Pour {self.nom}, c'est la mort : plus de blessure à compter.")
        cascade = self.blessures.ajouter(gravite)
        texte = f"{self.nom} reçoit une blessure {gravite.value}"
        if cascade.etapes:
            texte += " : " + enumerer(list(cascade.etapes), "puis")
        return replace(self, blessures=cascade.apres), f"{texte}. {cascade.bilan()}"

    def guerir(self, gravite: Gravite) -> Personnage:
        n = self.blessures.nombre(gravite)
        if gravite not in (Gravite.LEGERE, Gravite.GRAVE, Gravite.CRITIQUE) or n == 0:
            raise JdrErreur(f"{self.nom} n'a pas de blessure {gravite.value} à guérir.")
        return replace(self, blessures=self.blessures._avec(gravite, n - 1))

    @property
    def malus(self) -> int:
        return self.blessures.malus()

    def meilleure_arme(self, mode: str) -> Arme | None:
        armes = [a for a in self.armes if a.mode == mode]
        return max(armes, key=lambda a: a.degats) if armes else None

    def pour_le_combat(self) -> dict[str, int | str]:
        """Les valeurs qu'un combattant du suivi de combat prend de la fiche : son nom et son genre,
        AGI, CON, VOL, les trois compétences de combat, la meilleure arme de chaque mode (0 sans
        arme) et l'armure."""
        contact, tir = self.meilleure_arme("contact"), self.meilleure_arme("tir")
        return {"nom": self.nom, "accord": self.accord,
                "agi": self.stat("AGI"), "con": self.stat("CON"), "vol": self.stat("VOL"),
                "contact": self.competence("Corps à corps").niveau, "tir": self.competence("Tir").niveau,
                "esquive": self.competence("Esquive").niveau, "arme_contact": contact.degats if contact else 0,
                "arme_tir": tir.degats if tir else 0, "armure": self.armure}

    def renommer(self, nom: object) -> Personnage:
        return replace(self, nom=lire_nom(nom, NOM_MAX))


def _lire(lu: Lecteur, d: Mapping[str, Any]) -> Personnage:
    brutes = lu.objet(lu.champ(d, "stats", "les caractéristiques"), "les caractéristiques sont mal formées")
    stats = {abr: lu.entier(brutes, abr, nom, STAT_MIN, STAT_MAX) for abr, nom in STATS.items()}
    b = lu.objet(lu.champ(d, "blessures", "les blessures"), "les blessures sont mal formées")
    with lu.regles():
        p = Personnage.nouveau(lu.champ(d, "nom", "le nom"), stats, lu.accord(d))
        p = replace(p, competences=())
        for brute in lu.liste(d, "competences", COMPETENCES_MAX, "la liste des compétences est mal formée"):
            c = lu.objet(brute, "une compétence est mal formée")
            diviseur = lu.entier(c, "diviseur", "le diviseur", 1, 3)
            p = p.ajouter_competence(c.get("nom"), c.get("stat"), diviseur=diviseur,
                                     niveau=lu.entier(c, "niveau", "le niveau", COMP_MIN, COMP_MAX))
        for nom, _stat in COMPETENCES_DE_COMBAT:
            p.competence(nom)  # chaque fiche a les siennes
        for brute in lu.liste(d, "armes", ARMES_MAX, "la liste des armes est mal formée"):
            a = lu.objet(brute, "une arme est mal formée")
            p = p.ajouter_arme(a.get("nom"), lu.entier(a, "degats", "les dégâts", ARME_MIN, ARME_MAX),
                               lu.choix(a, "mode", "le mode de l'arme", list(MODES_ARME)))
        p = p.avec_armure(lu.entier(d, "armure", "l'armure", ARMURE_MIN, ARMURE_MAX))
        blessures = Blessures(lu.entier(b, "legeres", "les blessures légères", 0, BLESSURES_MAX),
                              lu.entier(b, "graves", "les blessures graves", 0, BLESSURES_MAX),
                              lu.entier(b, "critiques", "les blessures critiques", 0, BLESSURES_MAX),
                              lu.booleen(b, "mort", "la mort", False))
    return replace(p, blessures=blessures)


def _ecrire(p: Personnage) -> dict[str, Any]:
    b = p.blessures
    return {"nom": p.nom, "stats": dict(p.stats),
            "competences": [{"nom": c.nom, "stat": c.stat, "niveau": c.niveau, "diviseur": c.diviseur}
                            for c in p.competences],
            "armes": [{"nom": a.nom, "degats": a.degats, "mode": a.mode} for a in p.armes], "armure": p.armure,
            "blessures": {"legeres": b.legeres, "graves": b.graves, "critiques": b.critiques, "mort": b.mort},
            "accord": p.accord}


#: La fiche D10 sauvegardée. Version 2 : le genre grammatical du personnage (``accord``).
FORMAT: Format[Personnage] = Format("d10.fiche", 2, "Fiche illisible", "une fiche D10 sauvegardée",
                                    lire=_lire, ecrire=_ecrire, migrations={1: sans_accord})

__all__ = ["COMPETENCES_DE_COMBAT", "FORMAT", "STATS", "Arme", "Competence", "Personnage", "lire_stat"]
