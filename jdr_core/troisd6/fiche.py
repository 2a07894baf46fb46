"""La fiche d'un personnage du 3D6 : trois caractéristiques, ses maîtrises, son Facteur de
puissance et ses points d'énergie (PE), avec leur état.

Chaque opération rend une nouvelle fiche ; les règles des PE restent dans
:class:`~jdr_core.troisd6.energie.Vitalite`, celles du test dans :mod:`jdr_core.troisd6.test`.

Jules, soldat (Physique 4, Mental 2, Social 3), grimpe comme personne :

>>> jules = Personnage.nouveau("Jules", physique=4, mental=2, social=3)
>>> jules = jules.ajouter_maitrise("Athlétisme", "physique")
>>> print(jules)
Jules : Physique 4, Mental 2, Social 3 ; maîtrise Athlétisme (Physique) ; 6 PE sur 6 : en forme.
>>> print(jules.subir(4).vitalite)
2 PE sur 6 : affaibli, un désavantage sur toutes les actions.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from ..erreurs import JdrErreur, RegleEnfreinte, entier_borne
from ..francais import enumerer, lire_accord, nombre_relatif
from ..suivi import Format, Lecteur, caracteristique_parmi, lire_nom, lire_texte, sans_accord, trouver, verifier_ajout
from .energie import EFFETS, PE_MIN, Etat, Usage, Vitalite, pe_de_depart
from .test import CARACTERISTIQUE_MAX, CARACTERISTIQUE_MIN, FP_MAX

#: Les caractéristiques : identifiant sauvegardé → nom du lecteur.
CARACTERISTIQUES: dict[str, str] = {"physique": "Physique", "mental": "Mental", "social": "Social"}
NOM_MAX = 40
MAITRISES_MAX = 12
DOMAINE_MAX = 60


@dataclass(frozen=True)
class Maitrise:
    """Une maîtrise (Athlétisme, Technologie…) : un avantage quand elle sert au test, sur la
    caractéristique qu'elle accompagne."""

    nom: str
    caracteristique: str

    def __str__(self) -> str:
        return f"{self.nom} ({CARACTERISTIQUES[self.caracteristique]})"


def lire_caracteristique(cle: object) -> str:
    """L'identifiant d'une caractéristique, ou un refus qui nomme les trois."""
    return caracteristique_parmi(cle, CARACTERISTIQUES)


@dataclass(frozen=True)
class Personnage:
    """Un personnage du 3D6 et ses PE. ``fp`` : son Facteur de puissance, ``domaine`` : ce
    pour quoi il vaut (les flammes, le tir…)."""

    nom: str
    physique: int
    mental: int
    social: int
    vitalite: Vitalite
    fp: int = 0
    domaine: str = ""
    robot: bool = False
    maitrises: tuple[Maitrise, ...] = ()
    #: Le genre grammatical donné à la création (« il », « elle », ou "" : non précisé, jamais
    #: deviné d'après le nom) ; l'état s'accorde avec lui (:func:`etat_accorde`).
    accord: str = ""

    @classmethod
    def nouveau(cls, nom: object, *, physique: int, mental: int, social: int, fp: int = 0,
                domaine: object = "", robot: bool = False, accord: object = "") -> Personnage:
        """Un personnage neuf : chaque caractéristique de 1 à 5, FP de 0 à 10 ; ses PE de départ
        valent Physique + Mental + FP.

        >>> Personnage.nouveau("Carmen", physique=6, mental=4, social=2)
        Traceback (most recent call last):
        ...
        jdr_core.erreurs.ParametreInvalide: Physique 6 : attendu un entier de 1 à 5
        """
        propre = lire_nom(nom, NOM_MAX)
        for cle, valeur in (("physique", physique), ("mental", mental), ("social", social)):
            entier_borne(CARACTERISTIQUES[cle], valeur, CARACTERISTIQUE_MIN, CARACTERISTIQUE_MAX)
        entier_borne("Facteur de puissance", fp, 0, FP_MAX)
        texte_domaine = lire_texte(domaine, "le domaine du Facteur de puissance", DOMAINE_MAX) if domaine else ""
        if fp and not texte_domaine:
            raise JdrErreur("Un Facteur de puissance vaut pour un domaine (les flammes, le tir…) : nommez-le.")
        vitalite = Vitalite.nouvelle(physique=physique, mental=mental, fp=fp, robot=robot)
        return cls(propre, physique, mental, social, vitalite, fp, texte_domaine if fp else "", robot,
                   accord=lire_accord(accord))

    def valeur(self, caracteristique: str) -> int:
        valeur: int = getattr(self, lire_caracteristique(caracteristique))
        return valeur

    @property
    def peut_agir(self) -> bool:
        """À 0 PE ou moins, un personnage n'agit plus vraiment (il marmonne, fait des gestes faibles)."""
        return self.vitalite.etat in (Etat.EN_FORME, Etat.AFFAIBLI)

    def maitrise(self, nom: str) -> Maitrise:
        return trouver(self.maitrises, nom, f"{self.nom} n'a pas de maîtrise « {nom[:NOM_MAX]} ».")

    def ajouter_maitrise(self, nom: object, caracteristique: object) -> Personnage:
        """Une maîtrise de plus ; deux maîtrises ne portent pas le même nom.

        >>> Personnage.nouveau("Jules", physique=4, mental=2, social=3).ajouter_maitrise("Vol", "agilité")
        Traceback (most recent call last):
        ...
        jdr_core.erreurs.JdrErreur: Caractéristique inconnue : choisissez Physique, Mental ou Social.
        """
        propre = lire_texte(nom, "le nom de la maîtrise", NOM_MAX, "nommez la maîtrise (Athlétisme, Technologie…)")
        cle = lire_caracteristique(caracteristique)
        verifier_ajout(self.maitrises, propre, MAITRISES_MAX, qui=self.nom, sorte=("la maîtrise", "maîtrises"))
        return replace(self, maitrises=(*self.maitrises, Maitrise(propre, cle)))

    def retirer_maitrise(self, nom: str) -> Personnage:
        retiree = self.maitrise(nom)
        return replace(self, maitrises=tuple(m for m in self.maitrises if m is not retiree))

    def renommer(self, nom: object) -> Personnage:
        return replace(self, nom=lire_nom(nom, NOM_MAX))

    # --- Les PE : chaque règle vient de Vitalite ----------------------------------------------

    def _vitalite(self, vitalite: Vitalite) -> Personnage:
        return replace(self, vitalite=vitalite)

    def subir(self, degats: int) -> Personnage:
        return self._vitalite(self.vitalite.subir(degats))

    def depenser(self, usage: Usage, cout: int | None = None) -> Personnage:
        return self._vitalite(self.vitalite.depenser(usage, cout=cout))

    def recuperer(self, periodes: int) -> Personnage:
        return self._vitalite(self.vitalite.recuperer(periodes))

    def __str__(self) -> str:
        caracs = ", ".join(f"{nom} {getattr(self, cle)}" for cle, nom in CARACTERISTIQUES.items())
        morceaux = [f"{self.nom} : {caracs}"]
        if self.fp:
            morceaux.append(f"FP({self.fp}) pour {self.domaine}")
        if self.maitrises:
            mot = "maîtrise" if len(self.maitrises) == 1 else "maîtrises"
            morceaux.append(f"{mot} {enumerer([str(m) for m in self.maitrises])}")
        return " ; ".join(morceaux) + f" ; {self.vitalite.decrire(etat_accorde(self))}"


# --- Le format sauvegardé -------------------------------------------------------------------


def _lire(lu: Lecteur, d: Mapping[str, Any]) -> Personnage:
    caracs = {cle: lu.entier(d, cle, nom, CARACTERISTIQUE_MIN, CARACTERISTIQUE_MAX)
              for cle, nom in CARACTERISTIQUES.items()}
    fp = lu.entier(d, "fp", "le Facteur de puissance", 0, FP_MAX)
    robot = lu.booleen(d, "robot", "robot", False)
    domaine = d.get("domaine", "")
    accord = lu.accord(d)
    with lu.regles():
        perso = Personnage.nouveau(lu.champ(d, "nom", "le nom"), **caracs, fp=fp, domaine=domaine, robot=robot,
                                   accord=accord)
    maximum = pe_de_depart(caracs["physique"], caracs["mental"], fp)
    vitalite = Vitalite(lu.entier(d, "pe", "les PE", PE_MIN, maximum), maximum, robot=robot,
                        physique=caracs["physique"], infirme=lu.booleen(d, "infirme", "le défaut Infirme", False),
                        sequelle_menace=lu.booleen(d, "sequelle", "la séquelle", False))
    perso = replace(perso, vitalite=vitalite)
    for brute in lu.liste(d, "maitrises", MAITRISES_MAX, "la liste des maîtrises est mal formée"):
        m = lu.objet(brute, "une maîtrise est mal formée")
        with lu.regles():
            perso = perso.ajouter_maitrise(m.get("nom"), m.get("caracteristique"))
    return perso


def _ecrire(p: Personnage) -> dict[str, Any]:
    v = p.vitalite
    return {"nom": p.nom, "physique": p.physique, "mental": p.mental, "social": p.social, "fp": p.fp,
            "domaine": p.domaine, "robot": p.robot, "pe": v.pe, "infirme": v.infirme, "sequelle": v.sequelle_menace,
            "maitrises": [{"nom": m.nom, "caracteristique": m.caracteristique} for m in p.maitrises],
            "accord": p.accord}


#: La fiche 3D6 sauvegardée. Version 2 : le genre grammatical du personnage (``accord``).
FORMAT: Format[Personnage] = Format("troisd6.fiche", 2, "Fiche illisible", "une fiche 3D6 sauvegardée",
                                    lire=_lire, ecrire=_ecrire, migrations={1: sans_accord})


def resume_pe(p: Personnage) -> str:
    """Les PE sur leur maximum : « 2 PE sur 6 »."""
    return f"{nombre_relatif(p.vitalite.pe)} PE sur {p.vitalite.maximum}"


#: L'état dit d'un personnage : sans genre donné, une tournure qui n'a pas besoin d'accord
#: (« état affaibli », « blessure grave ») ; sinon l'adjectif accordé (« affaiblie »).
ETATS_ACCORDES: dict[Etat, dict[str, str]] = {
    Etat.EN_FORME: {"": "en forme", "il": "en forme", "elle": "en forme"},
    Etat.AFFAIBLI: {"": "état affaibli", "il": "affaibli", "elle": "affaiblie"},
    Etat.GRAVEMENT_BLESSE: {"": "blessure grave", "il": "gravement blessé", "elle": "gravement blessée"},
    Etat.CRITIQUE: {"": "état critique", "il": "état critique", "elle": "état critique"},
}


def etat_accorde(p: Personnage) -> str:
    """L'état de ses PE, dit du personnage.

    >>> carmen = Personnage.nouveau("Carmen", physique=2, mental=4, social=2, accord="elle").subir(4)
    >>> print(carmen.vitalite.decrire(etat_accorde(carmen)))
    2 PE sur 6 : affaiblie, un désavantage sur toutes les actions.
    >>> print(etat_accorde(Personnage.nouveau("Sam", physique=2, mental=4, social=2).subir(6)))
    blessure grave
    """
    return ETATS_ACCORDES[p.vitalite.etat][p.accord]


def etat_texte(p: Personnage) -> str:
    """L'état que donnent les PE, et ce qu'il impose : « affaibli (un désavantage sur toutes les actions) ».

    >>> print(etat_texte(Personnage.nouveau("Carmen", physique=2, mental=4, social=2).subir(7)))
    état critique (à stabiliser ou à soigner, sinon réveil à 0 PE au bout de 2 minutes ; la séquelle Infirme menace)
    """
    v = p.vitalite
    texte = etat_accorde(p)
    if v.etat is not Etat.EN_FORME:
        texte += f" ({EFFETS[v.etat]}"
        texte += " ; la séquelle Infirme menace)" if v.sequelle_menace and not v.infirme else ")"
    if v.infirme:
        texte += ", avec le défaut Infirme"
    return texte


def verifier_peut_agir(p: Personnage) -> None:
    """Refuse un test d'un personnage qui n'agit plus (0 PE ou moins)."""
    if not p.peut_agir:
        raise RegleEnfreinte(f"à {nombre_relatif(p.vitalite.pe)} PE, {p.nom} ne peut pas agir vraiment : "
                             "il faut d'abord retrouver 1 PE")


__all__ = ["CARACTERISTIQUES", "ETATS_ACCORDES", "FORMAT", "Maitrise", "Personnage", "etat_accorde",
           "lire_caracteristique"]
