"""La fiche d'un personnage du 2D6 : caractéristiques, attributs (caractéristiques secondaires)
et compétences avec leur niveau et leur formation ; le bonus de Dd gagné par un critique.

Chaque opération rend une nouvelle fiche. Les cibles des jets viennent de
:mod:`jdr_core.deuxd6.jet` (7 + niveau, 2 + caractéristique, compétence proche plafonnée à 7).

Philip, chauffeur et mécanicien :

>>> philip = Personnage.nouveau("Philip", {"dex": 4, "int": 3})
>>> philip = philip.ajouter_competence("Conduite", 1).ajouter_competence("Mécanique", 2)
>>> philip = philip.ajouter_competence("Pilotage avion", 1, formation=True)
>>> print(philip)
Philip : FOR 3, DEX 4, INT 3, EDU 3, PRE 3, VOL 3, SEN 3 ; Conduite 1, Mécanique 2, Pilotage avion 1 (formation).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from ..erreurs import JdrErreur, entier_borne
from ..francais import de, lire_accord
from ..suivi import Format, Lecteur, caracteristique_parmi, lire_nom, lire_texte, sans_accord, trouver, verifier_ajout
from .jet import CARACTERISTIQUE_MAX, CARACTERISTIQUE_MIN, NIVEAU_MAX, NIVEAU_MIN

#: Hypothèse : les caractéristiques de la fiche. Le texte n'en donne pas la liste ; il nomme
#: FOR, DEX, INT, EDU, PRE dans ses exemples de jets par défaut, VOL (VOL + INT d'un témoin)
#: et SEN (repérer qui se cache). La fiche garde ces sept-là.
CARACTERISTIQUES: dict[str, str] = {"for": "FOR", "dex": "DEX", "int": "INT", "edu": "EDU", "pre": "PRE",
                                    "vol": "VOL", "sen": "SEN"}
#: Hypothèse : la valeur d'une caractéristique qu'on ne donne pas à la création.
CARACTERISTIQUE_DEFAUT = 3
NOM_MAX = 40
COMPETENCES_MAX = 30
ATTRIBUTS_MAX = 8
#: Le plus grand bonus qu'un critique laisse pour le jet suivant : le Dd d'un double, 6 au plus.
BONUS_MAX = 6


@dataclass(frozen=True)
class Competence:
    """Une compétence : son niveau (0 : simple base) et si elle demande une formation théorique."""

    nom: str
    niveau: int
    formation: bool = False

    def __str__(self) -> str:
        return f"{self.nom} {self.niveau}{' (formation)' if self.formation else ''}"


@dataclass(frozen=True)
class Attribut:
    """Un attribut (caractéristique secondaire : fatigue…), qui se jette à 2 + sa valeur."""

    nom: str
    valeur: int


def lire_caracteristique(cle: object) -> str:
    return caracteristique_parmi(cle, CARACTERISTIQUES)


@dataclass(frozen=True)
class Personnage:
    nom: str
    caracteristiques: tuple[tuple[str, int], ...]
    competences: tuple[Competence, ...] = ()
    attributs: tuple[Attribut, ...] = ()
    #: Le Dd d'une réussite critique en scène, ajouté au prochain jet puis oublié.
    bonus_prochain: int = 0
    #: Le genre grammatical donné à la création (« il », « elle », ou "" : non précisé, jamais
    #: deviné d'après le nom) : les phrases de la page sur la fiche s'accordent avec lui.
    accord: str = ""

    @classmethod
    def nouveau(cls, nom: object, valeurs: Mapping[str, object] | None = None, accord: object = "") -> Personnage:
        """Un personnage : chaque caractéristique de 1 à 10 (3 si elle n'est pas donnée).

        >>> Personnage.nouveau("Joséphine", {"pre": 11})
        Traceback (most recent call last):
        ...
        jdr_core.erreurs.ParametreInvalide: PRE 11 : attendu un entier de 1 à 10
        """
        propre = lire_nom(nom, NOM_MAX)
        donnees = dict(valeurs or {})
        for cle in donnees:
            lire_caracteristique(cle)
        caracs = []
        for cle, libelle in CARACTERISTIQUES.items():
            valeur = donnees.get(cle, CARACTERISTIQUE_DEFAUT)
            if not isinstance(valeur, int):
                raise JdrErreur(f"{libelle} doit être un entier de {CARACTERISTIQUE_MIN} à {CARACTERISTIQUE_MAX}.")
            caracs.append((cle, entier_borne(libelle, valeur, CARACTERISTIQUE_MIN, CARACTERISTIQUE_MAX)))
        return cls(propre, tuple(caracs), accord=lire_accord(accord))

    def valeur(self, cle: str) -> int:
        return dict(self.caracteristiques)[lire_caracteristique(cle)]

    def competence(self, nom: str) -> Competence:
        return trouver(self.competences, nom, f"{self.nom} n'a pas la compétence « {nom[:NOM_MAX]} ».")

    def attribut(self, nom: str) -> Attribut:
        return trouver(self.attributs, nom, f"{self.nom} n'a pas d'attribut « {nom[:NOM_MAX]} ».")

    def ajouter_competence(self, nom: object, niveau: int, *, formation: bool = False) -> Personnage:
        propre = lire_texte(nom, "le nom de la compétence", NOM_MAX, "nommez la compétence (Mécanique, Conduite…)")
        entier_borne(f"niveau {de(propre)}", niveau, NIVEAU_MIN, NIVEAU_MAX)
        verifier_ajout(self.competences, propre, COMPETENCES_MAX, qui=self.nom, sorte=("la compétence", "compétences"))
        return replace(self, competences=(*self.competences, Competence(propre, niveau, formation)))

    def changer_niveau(self, nom: str, niveau: int) -> Personnage:
        c = self.competence(nom)
        entier_borne(f"niveau {de(c.nom)}", niveau, NIVEAU_MIN, NIVEAU_MAX)
        return replace(self, competences=tuple(replace(x, niveau=niveau) if x is c else x for x in self.competences))

    def retirer_competence(self, nom: str) -> Personnage:
        c = self.competence(nom)
        return replace(self, competences=tuple(x for x in self.competences if x is not c))

    def ajouter_attribut(self, nom: object, valeur: int) -> Personnage:
        propre = lire_texte(nom, "le nom de l'attribut", NOM_MAX, "nommez l'attribut (Fatigue…)")
        entier_borne(propre, valeur, CARACTERISTIQUE_MIN, CARACTERISTIQUE_MAX)
        verifier_ajout(self.attributs, propre, ATTRIBUTS_MAX, qui=self.nom, sorte=("l'attribut", "attributs"))
        return replace(self, attributs=(*self.attributs, Attribut(propre, valeur)))

    def changer_attribut(self, nom: str, valeur: int) -> Personnage:
        a = self.attribut(nom)
        entier_borne(f"valeur {de(a.nom)}", valeur, CARACTERISTIQUE_MIN, CARACTERISTIQUE_MAX)
        return replace(self, attributs=tuple(Attribut(x.nom, valeur) if x is a else x for x in self.attributs))

    def retirer_attribut(self, nom: str) -> Personnage:
        a = self.attribut(nom)
        return replace(self, attributs=tuple(x for x in self.attributs if x is not a))

    def changer_caracteristique(self, cle: object, valeur: int) -> Personnage:
        propre = lire_caracteristique(cle)
        entier_borne(CARACTERISTIQUES[propre], valeur, CARACTERISTIQUE_MIN, CARACTERISTIQUE_MAX)
        return replace(self, caracteristiques=tuple((c, valeur if c == propre else v)
                                                    for c, v in self.caracteristiques))

    def renommer(self, nom: object) -> Personnage:
        return replace(self, nom=lire_nom(nom, NOM_MAX))

    def avec_bonus(self, bonus: int) -> Personnage:
        return replace(self, bonus_prochain=entier_borne("bonus du prochain jet", bonus, 0, BONUS_MAX))

    def __str__(self) -> str:
        caracs = ", ".join(f"{CARACTERISTIQUES[c]} {v}" for c, v in self.caracteristiques)
        morceaux = [f"{self.nom} : {caracs}"]
        if self.attributs:
            morceaux.append(", ".join(f"{a.nom} {a.valeur}" for a in self.attributs))
        if self.competences:
            morceaux.append(", ".join(str(c) for c in self.competences))
        return " ; ".join(morceaux) + "."


def _lire(lu: Lecteur, d: Mapping[str, Any]) -> Personnage:
    brutes = lu.objet(lu.champ(d, "caracteristiques", "les caractéristiques"), "les caractéristiques sont mal formées")
    caracs = {cle: lu.entier(brutes, cle, nom, CARACTERISTIQUE_MIN, CARACTERISTIQUE_MAX)
              for cle, nom in CARACTERISTIQUES.items()}
    with lu.regles():
        p = Personnage.nouveau(lu.champ(d, "nom", "le nom"), caracs, lu.accord(d))
        for brute in lu.liste(d, "competences", COMPETENCES_MAX, "la liste des compétences est mal formée"):
            c = lu.objet(brute, "une compétence est mal formée")
            p = p.ajouter_competence(c.get("nom"), lu.entier(c, "niveau", "le niveau", NIVEAU_MIN, NIVEAU_MAX),
                                     formation=lu.booleen(c, "formation", "la formation", False))
        for brut in lu.liste(d, "attributs", ATTRIBUTS_MAX, "la liste des attributs est mal formée"):
            a = lu.objet(brut, "un attribut est mal formé")
            p = p.ajouter_attribut(a.get("nom"), lu.entier(a, "valeur", "la valeur",
                                                           CARACTERISTIQUE_MIN, CARACTERISTIQUE_MAX))
    return p.avec_bonus(lu.entier(d, "bonus", "le bonus du prochain jet", 0, BONUS_MAX))


def _ecrire(p: Personnage) -> dict[str, Any]:
    return {"nom": p.nom, "caracteristiques": dict(p.caracteristiques),
            "competences": [{"nom": c.nom, "niveau": c.niveau, "formation": c.formation} for c in p.competences],
            "attributs": [{"nom": a.nom, "valeur": a.valeur} for a in p.attributs], "bonus": p.bonus_prochain,
            "accord": p.accord}


#: La fiche 2D6 sauvegardée. Version 2 : le genre grammatical du personnage (``accord``).
FORMAT: Format[Personnage] = Format("deuxd6.fiche", 2, "Fiche illisible", "une fiche 2D6 sauvegardée",
                                    lire=_lire, ecrire=_ecrire, migrations={1: sans_accord})

__all__ = ["CARACTERISTIQUES", "FORMAT", "Attribut", "Competence", "Personnage", "lire_caracteristique"]
