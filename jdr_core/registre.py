"""Le registre des lanceurs : chaque mécanique déclare ses paramètres une seule fois.

La construction du site en tire le formulaire HTML (bornes comprises), le worker du
navigateur valide avec lui, et :func:`executer` rend un résultat prêt pour JSON.

>>> m = mecanique("3d6-test")
>>> m.valider({"caracteristique": "9"})
Traceback (most recent call last):
...
jdr_core.erreurs.ParametreInvalide: Caractéristique 9 : attendu un entier de 1 à 5
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from .cotes import pourcentage
from .des import DesAleatoires, SourceDes, graine_au_hasard
from .erreurs import JdrErreur, ParametreInvalide, entier_borne

Valeurs = dict[str, Any]


@dataclass(frozen=True)
class Parametre:
    """Un champ de formulaire : entier borné, case à cocher ou liste de choix."""

    nom: str
    libelle: str
    defaut: int | bool | str
    minimum: int = 0
    maximum: int = 0
    choix: tuple[tuple[str, str], ...] = ()
    #: Réglage d'hypothèse : rangé dans « Réglages avancés » du formulaire.
    avance: bool = False

    @property
    def genre(self) -> str:
        if self.choix:
            return "choix"
        if isinstance(self.defaut, bool):
            return "booleen"
        return "entier"

    def convertir(self, brut: object) -> int | bool | str:
        """Convertit une valeur reçue (texte de formulaire ou JSON) et la vérifie."""
        if self.genre == "booleen":
            if isinstance(brut, bool):
                return brut
            if brut in ("1", "true", "on", "oui", 1):
                return True
            if brut in ("0", "false", "", "non", 0, None):
                return False
            raise ParametreInvalide(self.libelle, brut, "oui ou non")
        if self.genre == "choix":
            valeurs = [v for v, _ in self.choix]
            if brut not in valeurs:
                raise ParametreInvalide(self.libelle, brut, "une valeur parmi " + ", ".join(valeurs))
            return str(brut)
        valeur: object = brut
        if isinstance(brut, str):
            texte = brut.strip()
            if not texte.lstrip("-").isdigit() or len(texte) > 6:
                raise ParametreInvalide(
                    self.libelle, brut, f"un entier de {self.minimum} à {self.maximum}"
                )
            valeur = int(texte)
        return entier_borne(self.libelle, valeur, self.minimum, self.maximum)


@dataclass(frozen=True)
class Cote:
    """Une issue et sa probabilité exacte."""

    libelle: str
    probabilite: Fraction

    def en_json(self) -> dict[str, str]:
        p = self.probabilite
        return {
            "libelle": self.libelle,
            "fraction": f"{p.numerator}/{p.denominator}",
            "pourcentage": _pourcentage_lisible(p),
        }


def _pourcentage_lisible(p: Fraction) -> str:
    if 0 < p < Fraction(1, 1000):
        return "moins de 0,1 %"
    if Fraction(999, 1000) < p < 1:
        return "plus de 99,9 %"
    return pourcentage(p)


@dataclass(frozen=True)
class Mecanique:
    """Une mécanique que le lecteur peut lancer depuis une page."""

    nom: str
    titre: str
    parametres: tuple[Parametre, ...]
    lancer: Callable[[Valeurs, SourceDes], Any]
    cotes: Callable[[Valeurs], list[Cote]]
    afficher: Callable[[Any, Valeurs], dict[str, Any]]
    systeme: str = ""

    def valider(self, bruts: Mapping[str, object]) -> Valeurs:
        """Toutes les valeurs, converties ; les absentes prennent leur défaut."""
        connus = {p.nom for p in self.parametres}
        inconnus = sorted(set(bruts) - connus - {"graine", "lanceur"})
        if inconnus:
            raise JdrErreur(f"paramètre inconnu : {inconnus[0][:40]!r}")
        return {
            p.nom: p.convertir(bruts[p.nom]) if p.nom in bruts else p.defaut
            for p in self.parametres
        }


MECANIQUES: dict[str, Mecanique] = {}
#: Tables publiées sur les pages (bloc ``tableau``) : nom → (colonnes, lignes).
TABLES: dict[str, tuple[tuple[str, ...], list[tuple[str, ...]]]] = {}


def enregistrer(mecanique: Mecanique) -> Mecanique:
    if mecanique.nom in MECANIQUES:
        raise JdrErreur(f"mécanique déjà enregistrée : {mecanique.nom}")
    MECANIQUES[mecanique.nom] = mecanique
    return mecanique


def mecanique(nom: object) -> Mecanique:
    _charger_systemes()
    if not isinstance(nom, str) or nom not in MECANIQUES:
        raise JdrErreur(f"lanceur inconnu : {str(nom)[:40]!r}")
    return MECANIQUES[nom]


def _charger_systemes() -> None:
    # Chaque système enregistre ses lanceurs et ses tables en s'important.
    from .encore import lanceurs as _encore  # noqa: F401  (import pour son effet : l'enregistrement)
    from .troisd6 import lanceurs as _troisd6  # noqa: F401


def tables() -> dict[str, tuple[tuple[str, ...], list[tuple[str, ...]]]]:
    _charger_systemes()
    return TABLES


def executer(nom: object, bruts: Mapping[str, object], graine: object = None) -> dict[str, Any]:
    """Lance une mécanique avec une graine (tirée au hasard si absente).

    Rend un dictionnaire JSON : la graine, les paramètres retenus, les cotes et
    l'affichage (dés, phrase, détails). Toute erreur est une :class:`JdrErreur`.

    >>> r = executer("3d6-test", {"caracteristique": "3"}, 7)
    >>> r["graine"], r["parametres"]["caracteristique"]
    (7, 3)
    >>> executer("3d6-test", {}, 7) == executer("3d6-test", {}, "7")
    True
    """
    meca = mecanique(nom)
    valeurs = meca.valider(bruts)
    if graine is None or graine == "":
        graine_ok = graine_au_hasard()
    else:
        if isinstance(graine, str):
            if not graine.isdigit() or len(graine) > 16:
                raise ParametreInvalide("graine", graine, "un entier positif")
            graine = int(graine)
        graine_ok = entier_borne("graine", graine, 0, 2**53 - 1)
    resultat = meca.lancer(valeurs, DesAleatoires(graine_ok))
    return {
        "mecanique": meca.nom,
        "graine": graine_ok,
        "parametres": valeurs,
        "cotes": [c.en_json() for c in meca.cotes(valeurs)],
        **meca.afficher(resultat, valeurs),
    }


def cotes(nom: object, bruts: Mapping[str, object]) -> list[dict[str, str]]:
    """Les cotes exactes pour des paramètres, sans lancer."""
    meca = mecanique(nom)
    return [c.en_json() for c in meca.cotes(meca.valider(bruts))]


def tout_charger() -> dict[str, Mecanique]:
    _charger_systemes()
    return MECANIQUES
