"""Le contrat d'un suivi (fiche de personnage, combat) : un état sauvegardé, des opérations, des réponses.

Le widget « fiche » de la page garde l'état (un objet JSON) dans le navigateur et envoie des
opérations ; tout le reste est ici, une seule fois pour tous les systèmes :

* un :class:`Format` dit comment un état s'écrit et se relit : son genre (``"encore.fiche"``),
  sa version, la chaîne des migrations depuis les versions d'avant, et un :class:`Lecteur` qui
  refuse en français, champ par champ, une sauvegarde abîmée ;
* un :class:`Suivi` réunit le format, la vue (ce que le widget affiche), la création et la table
  des opérations : nom → :class:`Operation` (l'action et ses :class:`Champ` déclarés, validés
  avant l'action) ; chaque action rend une :class:`Reponse` typée, que :meth:`Suivi.operer`
  traduit en ``{"etat", "vue", "message"}`` (plus ``"graine"``, ``"rejeu"`` ou ``"demande"``).

Un système déclare un ou plusieurs suivis (``Systeme.suivis``), chacun nommé par un identifiant
ASCII. Ce qui est sauvegardé est fait d'identifiants ASCII ; les libellés français ne servent
qu'à l'affichage, pour qu'un mot reformulé ne casse jamais une sauvegarde.

Un petit suivi : un compteur qu'on augmente.

>>> FORMAT = Format("exemple.compteur", 2, "Compteur illisible", "un compteur sauvegardé",
...     lire=lambda lu, d: lu.entier(d, "n", "le compte", 0, 9), ecrire=lambda n: {"n": n},
...     migrations={1: lambda d: {**d, "n": d.get("compte")}})
>>> def ajouter(n: int, v: Valeurs) -> Reponse[int]:
...     return Reponse(n + v["pas"], f"Compte {n} → {n + v['pas']}.")
>>> COMPTEUR = Suivi("compteur", "Compteur", FORMAT, vue=lambda n: {"n": n},
...     creer=Creation(lambda v: Reponse(0, "Nouveau compteur.")),
...     operations={"ajouter": Operation(ajouter, (entier("pas", "Pas", 1, 3, 1),))})
>>> COMPTEUR.operer({"version": 1, "compte": 4}, {"op": "ajouter", "pas": "2"})["message"]
'Compte 4 → 6.'
>>> COMPTEUR.operer({"version": 2, "genre": "exemple.compteur", "n": 9}, {"op": "ajouter", "pas": 9})
Traceback (most recent call last):
...
jdr_core.erreurs.ParametreInvalide: Pas « 9 » : attendu un entier de 1 à 3
>>> COMPTEUR.operer({"version": 3, "n": 1}, {"op": "lire"})
Traceback (most recent call last):
...
jdr_core.erreurs.JdrErreur: Compteur illisible : sauvegarde d'une version plus récente (3) que ce site (2).
>>> COMPTEUR.operer({"version": 3, "genre": "encore.fiche", "nom": "Ada"}, {"op": "lire"})
... # doctest: +ELLIPSIS
Traceback (most recent call last):
...
jdr_core.erreurs.JdrErreur: Compteur illisible : ce n'est pas un compteur sauvegardé, mais ... (encore.fiche).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, ClassVar, Generic, Literal, NotRequired, Protocol, Self, TypedDict, TypeVar

from .cotes import pourcentage
from .des import GRAINE_MAX, graine_au_hasard
from .erreurs import JdrErreur
from .francais import ACCORDS, enumerer, majuscule, phrases_suivi
from .mecanique import Mecanique, champ_entier

T = TypeVar("T")

#: Les valeurs d'une opération, validées : clé → valeur (``None`` pour un champ facultatif absent).
Valeurs = dict[str, Any]


# --- Lire une sauvegarde ---------------------------------------------------------------


@dataclass(frozen=True)
class Lecteur:
    """Les lectures d'une sauvegarde JSON : chaque refus commence par ``illisible``
    (« Fiche illisible ») et dit, en mots, quel champ ne va pas."""

    illisible: str

    def refus(self, raison: str) -> JdrErreur:
        return JdrErreur(f"{self.illisible} : {raison}.")

    def champ(self, donnees: Mapping[str, Any], cle: str, libelle: str) -> object:
        if cle not in donnees:
            raise self.refus(f"{libelle} manque")
        return donnees[cle]

    def entier(self, donnees: Mapping[str, Any], cle: str, libelle: str, minimum: int, maximum: int) -> int:
        valeur = self.champ(donnees, cle, libelle)
        if isinstance(valeur, bool) or not isinstance(valeur, int) or not minimum <= valeur <= maximum:
            raise self.refus(f"{libelle} doit être un entier de {minimum} à {maximum}")
        return valeur

    def booleen(self, donnees: Mapping[str, Any], cle: str, libelle: str, defaut: bool | None = None) -> bool:
        valeur = donnees.get(cle, defaut) if defaut is not None else self.champ(donnees, cle, libelle)
        if not isinstance(valeur, bool):
            raise self.refus(f"{libelle} doit valoir oui ou non")
        return valeur

    def liste(self, donnees: Mapping[str, Any], cle: str, maximum: int, raison: str,
              requise: bool = False) -> list[Any]:
        """Une liste d'au plus ``maximum`` éléments (absente : vide, sauf si ``requise``) ;
        sinon le refus dit ``raison`` (« la liste des blessures est mal formée »)."""
        valeur = donnees.get(cle) if requise else donnees.get(cle, [])
        if not isinstance(valeur, list) or len(valeur) > maximum:
            raise self.refus(raison)
        return valeur

    def objet(self, brut: object, raison: str) -> Mapping[str, Any]:
        """Un objet JSON, sinon le refus dit ``raison`` (« une blessure est mal formée »)."""
        if not isinstance(brut, Mapping):
            raise self.refus(raison)
        return brut

    def choix(self, donnees: Mapping[str, Any], cle: str, libelle: str, permis: Sequence[str]) -> str:
        valeur = self.champ(donnees, cle, libelle)
        if not isinstance(valeur, str) or valeur not in permis:
            raise self.refus(f"{libelle} doit être {enumerer(list(permis), 'ou')}")
        return valeur

    @contextmanager
    def regles(self) -> Iterator[None]:
        """Autour des règles qui rebâtissent une fiche relue (chaque compétence ajoutée à son tour…) :
        leur refus devient un refus de lecture (« Fiche illisible : Lina a déjà la compétence
        « Tir » »), un refus de lecture passe tel quel."""
        try:
            yield
        except JdrErreur as erreur:
            if str(erreur).startswith(self.illisible):
                raise
            raise self.refus(str(erreur).rstrip(".")) from None

    def accord(self, donnees: Mapping[str, Any]) -> str:
        """Le genre grammatical d'un personnage sauvegardé : « il », « elle » ou "" (non précisé)."""
        accord = self.champ(donnees, "accord", "l'accord")
        if not isinstance(accord, str) or accord not in ACCORDS:
            raise self.refus("l'accord doit être « il », « elle » ou vide (non précisé)")
        return accord


def sans_accord(donnees: dict[str, Any]) -> dict[str, Any]:
    """La migration d'une fiche sauvegardée avant l'accord : elle n'a pas de genre (non précisé :
    les phrases prennent une tournure sans accord, rien n'est deviné d'après le nom)."""
    return {**donnees, "accord": ""}


def lire_texte(valeur: object, sujet: str, maximum: int, conseil: str = "") -> str:
    """Un texte saisi ou relu : une chaîne non vide, courte, sans caractère de contrôle, ses
    espaces resserrés. ``sujet`` est le sujet de la phrase de refus (« le nom du combat »).

    >>> lire_texte("  Le   quai ", "le nom du combat", 60)
    'Le quai'
    >>> lire_texte(" ", "le nom", 60, "donnez un nom au personnage")
    Traceback (most recent call last):
    ...
    jdr_core.erreurs.JdrErreur: Le nom est vide : donnez un nom au personnage.
    """
    if not isinstance(valeur, str):
        raise JdrErreur(f"{majuscule(sujet)} doit être un texte{' : ' + conseil if conseil else ''}.")
    propre = " ".join("".join(c for c in valeur if c.isprintable()).split())
    if not propre:
        raise JdrErreur(f"{majuscule(sujet)} est vide : {conseil or 'donnez-lui un nom'}.")
    if len(propre) > maximum:
        raise JdrErreur(f"{majuscule(sujet)} est trop long : {maximum} caractères au plus.")
    return propre


def lire_nom(valeur: object, maximum: int) -> str:
    """Le nom d'un personnage, à la création de sa fiche ou quand il est renommé (voir :func:`lire_texte`).

    >>> lire_nom("", 30)
    Traceback (most recent call last):
    ...
    jdr_core.erreurs.JdrErreur: Le nom du personnage est vide : donnez un nom au personnage.
    """
    return lire_texte(valeur, "le nom du personnage", maximum, "donnez un nom au personnage")


def caracteristique_parmi(cle: object, caracteristiques: Mapping[str, str]) -> str:
    """L'identifiant d'une caractéristique, la casse mise à part, ou un refus qui les nomme toutes
    (``caracteristiques`` : identifiant sauvegardé → nom montré au lecteur).

    >>> caracteristique_parmi("Mental", {"physique": "Physique", "mental": "Mental"})
    'mental'
    >>> caracteristique_parmi("agilité", {"physique": "Physique", "mental": "Mental"})
    Traceback (most recent call last):
    ...
    jdr_core.erreurs.JdrErreur: Caractéristique inconnue : choisissez Physique ou Mental.
    """
    if not isinstance(cle, str) or cle.casefold() not in caracteristiques:
        raise JdrErreur(f"Caractéristique inconnue : choisissez {enumerer(list(caracteristiques.values()), 'ou')}.")
    return cle.casefold()


# --- Les listes nommées d'une fiche (compétences, armes, maîtrises…) ------------------------


class Nomme(Protocol):
    """Un élément d'une fiche qui porte un nom : une compétence, une arme, une maîtrise…"""

    @property
    def nom(self) -> str: ...


N = TypeVar("N", bound=Nomme)


def par_nom(elements: Iterable[N], nom: str) -> N | None:
    """L'élément qui porte ce nom, la casse mise à part, ou ``None``.

    >>> from typing import NamedTuple
    >>> class Arme(NamedTuple):
    ...     nom: str
    >>> par_nom([Arme("Couteau"), Arme("Pistolet")], "pistolet")
    Arme(nom='Pistolet')
    """
    return next((e for e in elements if e.nom.casefold() == nom.casefold()), None)


def trouver(elements: Iterable[N], nom: str, refus: str) -> N:
    """L'élément qui porte ce nom, la casse mise à part ; sans lui, le refus ``refus`` (une phrase)."""
    trouve = par_nom(elements, nom)
    if trouve is None:
        raise JdrErreur(refus)
    return trouve


def verifier_ajout(elements: Sequence[Nomme], nom: str, maximum: int, *, qui: str, sorte: tuple[str, str],
                   suite: str = "") -> None:
    """Refuse d'ajouter ``nom`` à une liste de la fiche de ``qui`` où ce nom est déjà pris (la casse
    mise à part), puis à une liste qui a déjà ``maximum`` éléments. ``sorte`` : l'élément avec son
    article, puis au pluriel (« la compétence », « compétences ») ; ``suite`` prolonge le premier
    refus (« : changez son niveau »).

    >>> from typing import NamedTuple
    >>> class Maitrise(NamedTuple):
    ...     nom: str
    >>> verifier_ajout([Maitrise("Athlétisme")], "athlétisme", 12, qui="Jules", sorte=("la maîtrise", "maîtrises"))
    Traceback (most recent call last):
    ...
    jdr_core.erreurs.JdrErreur: Jules a déjà la maîtrise « Athlétisme ».
    """
    deja = par_nom(elements, nom)
    if deja is not None:
        raise JdrErreur(f"{qui} a déjà {sorte[0]} « {deja.nom} »{suite}.")
    if len(elements) >= maximum:
        raise JdrErreur(f"Pas plus de {maximum} {sorte[1]} sur une fiche.")


Migration = Callable[[dict[str, Any]], dict[str, Any]]


@dataclass(frozen=True)
class Format(Generic[T]):
    """Comment un état s'écrit et se relit.

    L'état écrit porte ``"version"`` et ``"genre"`` en tête, puis ce que rend ``ecrire``.
    À la lecture : une seule vérification de version ; une sauvegarde plus ancienne passe
    par ``migrations[v]`` (de la version ``v`` à ``v + 1``), de proche en proche, sur une
    copie ; puis ``lire`` relit l'état de la version courante avec le :class:`Lecteur`.
    Toute erreur devient un refus qui commence par ``illisible``.
    """

    #: Le genre de la sauvegarde, ``"<systeme>.<suivi>"`` : un combat ne se relit pas en fiche.
    genre: str
    version: int
    #: Le début de chaque refus : « Fiche illisible », « Combat illisible ».
    illisible: str
    #: Ce qu'est la sauvegarde, pour dire ce qu'une donnée n'est pas : « une fiche enCORE sauvegardée ».
    nature: str
    lire: Callable[[Lecteur, Mapping[str, Any]], T]
    ecrire: Callable[[T], dict[str, Any]]
    migrations: Mapping[int, Migration] = field(default_factory=dict)

    def __post_init__(self) -> None:
        manquantes = [v for v in range(1, self.version) if v not in self.migrations]
        if manquantes and self.migrations:
            raise JdrErreur(f"format {self.genre} : migration manquante depuis la version {manquantes[0]}")

    @property
    def lecteur(self) -> Lecteur:
        return Lecteur(self.illisible)

    def en_json(self, valeur: T) -> dict[str, Any]:
        return {"version": self.version, "genre": self.genre, **self.ecrire(valeur)}

    def migrer(self, donnees: object) -> dict[str, Any]:
        """La sauvegarde amenée à la version courante (une copie), ou un refus."""
        lu = self.lecteur
        if not isinstance(donnees, Mapping):
            raise lu.refus(f"ce n'est pas {self.nature}")
        version = donnees.get("version")
        # Une sauvegarde d'un autre suivi (une fiche enCORE ouverte sur la fiche 3D6) est refusée
        # pour ce qu'elle est, avant toute question de version.
        genre = donnees.get("genre")
        if isinstance(genre, str) and genre != self.genre:
            raise lu.refus(f"ce n'est pas {self.nature}, mais la sauvegarde d'un autre suivi ({genre[:40]})")
        if isinstance(version, bool) or not isinstance(version, int) or version < 1:
            raise lu.refus("version de sauvegarde inconnue")
        if version > self.version:
            raise lu.refus(f"sauvegarde d'une version plus récente ({version}) que ce site ({self.version})")
        copie = dict(donnees)
        for v in range(version, self.version):
            if v not in self.migrations:
                raise lu.refus("version de sauvegarde inconnue")
            copie = {**self.migrations[v](copie), "version": v + 1}
        if copie.get("genre", self.genre if version < self.version else None) != self.genre:
            raise lu.refus(f"ce n'est pas {self.nature}")
        return copie

    def depuis_json(self, donnees: object) -> T:
        try:
            return self.lire(self.lecteur, self.migrer(donnees))
        except JdrErreur as erreur:
            texte = str(erreur)
            if texte.startswith(self.illisible):
                raise
            raise JdrErreur(f"{self.illisible}. {texte}") from None
        except (KeyError, TypeError, AttributeError, ValueError, IndexError):
            raise JdrErreur(f"{self.illisible} : un champ est mal formé.") from None



class Sauvegardable:
    """Une valeur (une fiche, un combat) qui s'écrit et se relit par le :class:`Format` de sa
    classe, ``FORMAT`` : il est posé une fois le format défini, puisque sa lecture construit la
    classe (``Fiche.FORMAT = FORMAT``)."""

    FORMAT: ClassVar[Format[Any]]

    def en_json(self) -> dict[str, Any]:
        """L'état sauvegardé : des identifiants ASCII, pas des libellés."""
        return self.FORMAT.en_json(self)

    @classmethod
    def depuis_json(cls, donnees: object) -> Self:
        """Relit une sauvegarde, de ce format ou d'un plus ancien ; toute incohérence lève
        :class:`JdrErreur`, dont le message commence par le refus du format (« Fiche illisible »,
        « Combat illisible ») et dit, en mots, ce qui ne va pas."""
        relu: Self = cls.FORMAT.depuis_json(donnees)
        return relu

# --- Les champs d'une opération ---------------------------------------------------------

Genre = Literal["entier", "oui_non", "choix", "libre", "liste", "objet"]
Presence = Literal["requis", "facultatif", "si_present"]


@dataclass(frozen=True)
class Champ:
    """Un champ que le widget envoie avec une opération, validé avant l'action.

    Absent : ``defaut``. Un entier absent ou vide prend son défaut ; sans défaut, ``presence``
    décide : ``requis`` le refuse, ``facultatif`` le laisse à ``None``, ``si_present`` le laisse
    à ``None`` s'il est absent mais le refuse s'il est envoyé vide (le bouton qui lance un jet
    l'envoie toujours). Un champ ``libre`` passe tel quel (l'action le vérifie avec les
    règles, :func:`lire_texte`…).
    """

    cle: str
    libelle: str
    genre: Genre
    minimum: int = 0
    maximum: int = 0
    defaut: Any = None
    presence: Presence = "requis"
    #: Le libellé est féminin (« Gravité ») : le refus d'un choix s'accorde (« Gravité inconnue »).
    feminin: bool = False
    permis: tuple[str, ...] = ()
    #: Le refus d'une liste ou d'un objet mal formé (une phrase entière).
    refus: str = ""

    def vide(self) -> JdrErreur:
        return JdrErreur(f"Le champ « {self.libelle} » est vide : indiquez un entier de {self.minimum} "
                         f"à {self.maximum}.")

    def valider(self, op: Mapping[str, Any]) -> Any:
        brut = op.get(self.cle)
        if self.genre == "entier":
            if brut is not None and (isinstance(brut, bool) or not isinstance(brut, (str, int))):
                # Ni texte ni nombre (une liste, un objet, oui/non) : rien à citer, on dit ce qu'on attend.
                raise JdrErreur(f"Le champ « {self.libelle} » attend un nombre entier de {self.minimum} "
                                f"à {self.maximum}.")
            if (brut is None or brut == "") and self.defaut is None:
                if self.presence == "facultatif" or (self.presence == "si_present" and self.cle not in op):
                    return None
                raise self.vide()
            return champ_entier(op, self.cle, self.libelle, self.minimum, self.maximum, self.defaut)
        if self.genre == "oui_non":
            if brut is None:
                return bool(self.defaut)
            if not isinstance(brut, bool):
                raise JdrErreur(f"Le champ « {self.libelle} » attend oui ou non.")
            return brut
        if self.genre == "choix":
            brut = self.defaut if brut is None else brut
            trouve = next((p for p in self.permis if isinstance(brut, str) and brut.casefold() == p.casefold()), None)
            if trouve is None:
                inconnu = "inconnue" if self.feminin else "inconnu"
                raise JdrErreur(f"{self.libelle} {inconnu} : choisissez {enumerer(list(self.permis), 'ou')}.")
            return trouve
        if self.genre in ("liste", "objet"):
            brut = self.defaut if brut is None else brut
            attendu = list if self.genre == "liste" else Mapping
            if not isinstance(brut, attendu) or len(brut) > self.maximum:
                raise JdrErreur(self.refus)
            return brut
        return self.defaut if brut is None else brut


def entier(cle: str, libelle: str, minimum: int, maximum: int, defaut: int | None = None, *,
           presence: Presence = "requis") -> Champ:
    """Un champ entier borné (texte de formulaire ou nombre JSON)."""
    return Champ(cle, libelle, "entier", minimum, maximum, defaut, presence)


def oui_non(cle: str, libelle: str) -> Champ:
    """Une case à cocher : oui ou non, non si absente."""
    return Champ(cle, libelle, "oui_non", defaut=False)


def choix(cle: str, libelle: str, permis: Sequence[str], defaut: str | None = None, *, feminin: bool = False) -> Champ:
    """Un identifiant parmi ``permis`` (sans tenir compte des majuscules) ; ``feminin`` : le libellé
    l'est, son refus s'accorde.

    >>> choix("gravite", "Gravité", ["légère", "grave"], feminin=True).valider({"gravite": "moyenne"})
    Traceback (most recent call last):
    ...
    jdr_core.erreurs.JdrErreur: Gravité inconnue : choisissez légère ou grave.
    """
    return Champ(cle, libelle, "choix", defaut=defaut, permis=tuple(permis), feminin=feminin)


def libre(cle: str, defaut: object = None) -> Champ:
    """Une valeur que l'action vérifie elle-même, avec les règles (un nom, un mode…)."""
    return Champ(cle, cle, "libre", defaut=defaut)


def liste(cle: str, refus: str, maximum: int, defaut: list[Any] | None = None) -> Champ:
    """Une liste d'au plus ``maximum`` éléments (absente : ``defaut``, vide par défaut)."""
    return Champ(cle, cle, "liste", maximum=maximum, defaut=[] if defaut is None else defaut, refus=refus)


def objet(cle: str, refus: str, maximum: int) -> Champ:
    """Un objet JSON d'au plus ``maximum`` clés, obligatoire."""
    return Champ(cle, cle, "objet", maximum=maximum, refus=refus)


#: La graine d'un jet : donnée pour rejouer, sinon tirée au hasard (voir :func:`graine`).
GRAINE = entier("graine", "Graine", 0, GRAINE_MAX, presence="facultatif")
#: Le genre grammatical d'un personnage, facultatif, à la création d'une fiche.
ACCORD = libre("accord", "")
#: Les genres que propose le formulaire de création d'une fiche (clé enregistrée, libellé), pour les
#: bornes de chaque suivi : « non précisé » d'abord, la phrase s'écrit alors sans accord.
ACCORDS_PROPOSES: tuple[tuple[str, str], ...] = tuple(ACCORDS.items())


def graine(valeurs: Valeurs) -> int:
    """La graine validée de l'opération, ou une graine neuve si le widget n'en a pas envoyé."""
    donnee: int | None = valeurs.get("graine")
    return graine_au_hasard() if donnee is None else donnee


def valider(champs: Sequence[Champ], op: Mapping[str, Any]) -> Valeurs:
    """Chaque champ déclaré, validé dans l'ordre ; les autres clés de l'opération sont ignorées."""
    return {c.cle: c.valider(op) for c in champs}


# --- Les réponses -----------------------------------------------------------------------


@dataclass(frozen=True)
class Reponse(Generic[T]):
    """Ce que rend une action : le nouvel état et la phrase du joueur ; ``graine`` quand des
    dés ont roulé ; ``rejeu`` quand une mécanique redonne ce jet (:func:`rejeu`) ; ``demande``
    quand il manque quelque chose avant d'appliquer (l'état est alors inchangé)."""

    etat: T
    message: str
    graine: int | None = None
    rejeu: Mapping[str, Any] | None = None
    demande: Mapping[str, Any] | None = None


class ReponseJson(TypedDict):
    """La réponse qui part vers la page (pont → ``table/suivi/fiche.js``)."""

    etat: dict[str, Any]
    vue: dict[str, Any]
    message: str
    graine: NotRequired[int]
    rejeu: NotRequired[dict[str, Any]]
    demande: NotRequired[dict[str, Any]]
    pour_lanceur: NotRequired[dict[str, Any]]
    reponse: NotRequired[dict[str, Any]]


def rejeu(meca: Mecanique[Any], valeurs: Mapping[str, Any], resultat: Any) -> dict[str, Any]:
    """Le jet d'une opération dit comme un jet de lanceur : la mécanique, ses réglages et ses
    dés. Avec la graine de l'opération, ce lanceur redonne exactement les mêmes dés (le lien
    « Rejouer ce jet » du journal des jets)."""
    return {"mecanique": meca.nom, "parametres": dict(valeurs),
            "des": meca.afficher(resultat, dict(valeurs))["groupes"]}



#: Les chances déjà calculées : (lanceur, ligne de cotes, réglages) → probabilité exacte. Une fiche
#: les redemande à chaque rendu (après chaque opération, dans chaque onglet), pour des jets qui
#: changent peu d'un rendu à l'autre : une fiche D10 de trente compétences passe de 33 calculs de
#: loi par rendu aux seuls jets nouveaux. Borné à CHANCES_GARDEES entrées (au-delà, tout repart).
_CHANCES: dict[tuple[int, str, tuple[tuple[str, Any], ...]], Fraction] = {}
CHANCES_GARDEES = 2048


def _chance_gardee(meca: Mecanique[Any], valeurs: Valeurs, cle: str) -> Fraction:
    """``meca.chance(valeurs, cle)``, gardée : une même question (mêmes réglages validés) a toujours
    la même réponse, les lanceurs étant des fonctions pures de leurs réglages.

    >>> from jdr_core.registre import mecanique
    >>> meca = mecanique("3d6-test")
    >>> valeurs = meca.valider({})
    >>> _chance_gardee(meca, valeurs, "reussite") == meca.chance(valeurs, "reussite")
    True
    >>> _chance_gardee(meca, valeurs, "reussite") is _chance_gardee(meca, dict(valeurs), "reussite")
    True
    """
    try:
        cles = (id(meca), cle, tuple(sorted(valeurs.items())))
        hash(cles)
    except TypeError:  # un réglage non hachable (une liste) : pas de mémoire pour ce jet
        return meca.chance(valeurs, cle)
    if (gardee := _CHANCES.get(cles)) is None:
        if len(_CHANCES) >= CHANCES_GARDEES:
            _CHANCES.clear()
        gardee = _CHANCES[cles] = meca.chance(valeurs, cle)
    return gardee


def avec_chances(meca: Mecanique[Any], cle: str, jets: Iterable[tuple[dict[str, str], Valeurs]],
                 phrase: Callable[[str, Fraction, Valeurs], str], *, calculer: bool = True) -> list[dict[str, str]]:
    """Les boutons de jet d'une fiche, chacun avec ses chances : pour chaque jet, ce qui le
    désigne (sa compétence, son libellé…) et les réglages de son lanceur ``meca`` ; ses chances
    sont la ligne de cotes ``cle`` de ce lanceur même (la fiche et le lanceur ne peuvent pas
    différer), en pourcentage (``chance``) et dans la phrase montrée à côté du bouton, que
    ``phrase`` écrit d'après ce pourcentage, la probabilité exacte et les réglages.

    ``calculer=False`` : les boutons seuls, sans chances. C'est ce que la vue d'une fiche envoie à
    chaque opération ; la page demande les chances à part, pour les réglages qu'elle montre
    (question « chances »), et elles ne sont calculées qu'une fois."""
    if not calculer:
        return [ident for ident, _valeurs in jets]
    lignes = []
    for ident, valeurs in jets:
        probabilite = _chance_gardee(meca, valeurs, cle)
        chance = pourcentage(probabilite)
        lignes.append({**ident, "chance": chance, "phrase": phrase(chance, probabilite, valeurs)})
    return lignes

# --- Le suivi ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Operation(Generic[T]):
    """Une opération de la table : son action et les champs qu'elle lit, validés avant elle."""

    action: Callable[[T, Valeurs], Reponse[T]]
    champs: tuple[Champ, ...] = ()


@dataclass(frozen=True)
class Question(Generic[T]):
    """Une question posée à un état sans le changer (les chances d'un test avant de le lancer) :
    son action rend un objet JSON, ses champs sont validés avant elle. Le widget la pose
    directement au moteur ; elle n'est ni écrite, ni annulable, ni notée au journal."""

    action: Callable[[T, Valeurs], dict[str, Any]]
    champs: tuple[Champ, ...] = ()


@dataclass(frozen=True)
class Creation(Generic[T]):
    """L'opération ``creer`` : elle ne part d'aucun état."""

    action: Callable[[Valeurs], Reponse[T]]
    champs: tuple[Champ, ...] = ()


def renommage(renommer: Callable[[N, object], N], champ: Champ | None = None) -> Operation[N]:
    """L'opération « renommer » d'une fiche, que la page offre à toute vue ``renommable`` :
    ``renommer`` vérifie le nouveau nom comme à la création, la phrase dit l'ancien et le nouveau
    (« Lina s'appelle désormais Lou. »). ``champ`` : le champ du nom (par défaut ``nom``, vide
    s'il manque)."""
    nom = libre("nom", "") if champ is None else champ

    def action(etat: N, v: Valeurs) -> Reponse[N]:
        apres = renommer(etat, v[nom.cle])
        return Reponse(apres, f"{etat.nom} s'appelle désormais {apres.nom}.")
    return Operation(action, (nom,))


@dataclass(frozen=True)
class Suivi(Generic[T]):
    """Un suivi : son format, sa vue, sa création et sa table d'opérations.

    ``operer(etat, op)`` rend une :class:`ReponseJson` ou lève une :class:`JdrErreur` sans rien
    changer. ``lire`` (relire un état, le migrer) et ``creer`` existent pour tout suivi.
    """

    #: Son identifiant dans le système (ASCII) : ``fiche``, ``combat``.
    nom: str
    #: Son nom pour le lecteur.
    titre: str
    format: Format[T]
    vue: Callable[[T], dict[str, Any]]
    creer: Creation[T]
    operations: Mapping[str, Operation[T]]
    #: Rendu dans la page pour les champs du widget.
    bornes: Mapping[str, Any] = field(default_factory=dict)
    #: Clés localStorage d'un ancien format, relues une fois puis migrées (``{id}`` = id du bloc).
    anciennes_cles: tuple[str, ...] = ()
    #: Appliqué à l'état après chaque opération qui le change (un journal du combat…).
    noter: Callable[[T, str], T] | None = None
    #: Ajouté à la réponse de ``lire`` : ce qu'un lanceur relié prend de la fiche.
    pour_lanceur: Callable[[T], dict[str, Any]] | None = None
    #: Les questions (nom → :class:`Question`) : leur réponse arrive sous ``reponse``, l'état
    #: reste celui qui a été envoyé.
    questions: Mapping[str, Question[T]] = field(default_factory=dict)
    #: Qui est la fiche, pour les phrases que la page en dit (modifiée dans un autre onglet,
    #: supprimée…) : son nom, son genre grammatical (``""`` : non précisé) et, sans genre, le
    #: sujet de la tournure neutre et son genre (``None`` : « la fiche de <nom> »). Les phrases
    #: (:func:`~jdr_core.francais.phrases_suivi`) partent dans la vue, sous ``phrases``.
    designation: Callable[[T], tuple[str, str, tuple[str, bool] | None]] | None = None

    def __post_init__(self) -> None:
        if not self.nom.isascii() or not self.nom.isalnum() or not self.nom.islower():
            raise JdrErreur(f"suivi {self.nom!r} : identifiant en minuscules ASCII attendu")
        if {"creer", "lire"} & (set(self.operations) | set(self.questions)):
            raise JdrErreur(f"suivi {self.nom} : « creer » et « lire » sont déjà des opérations de tout suivi")
        if set(self.operations) & set(self.questions):
            raise JdrErreur(f"suivi {self.nom} : une opération et une question portent le même nom")

    def depuis_json(self, etat: object) -> T:
        return self.format.depuis_json(etat)

    def vue_complete(self, etat: T) -> dict[str, Any]:
        """La vue du système, avec les phrases de la page sur cette fiche (:attr:`designation`)."""
        vue = self.vue(etat)
        if self.designation is not None:
            nom, accord, neutre = self.designation(etat)
            vue = {**vue, "phrases": phrases_suivi(nom, accord, neutre)}
        return vue

    def repondre(self, r: Reponse[T]) -> ReponseJson:
        etat = r.etat
        if self.noter is not None and r.demande is None:
            etat = self.noter(etat, r.message)
        reponse: ReponseJson = {"etat": self.format.en_json(etat), "vue": self.vue_complete(etat),
                                "message": r.message}
        if r.demande is not None:
            reponse["demande"] = dict(r.demande)
        if r.graine is not None:
            reponse["graine"] = r.graine  # pour rejouer les dés ; jamais dans la phrase du joueur
        if r.rejeu is not None:
            reponse["rejeu"] = dict(r.rejeu)
        return reponse

    def operer(self, etat: object, op: object) -> ReponseJson:
        if not isinstance(op, Mapping):
            raise JdrErreur("Opération illisible : le widget n'a pas envoyé d'opération.")
        genre = op.get("op", "")
        if genre == "creer":
            return self.repondre(self.creer.action(valider(self.creer.champs, op)))
        valeur = self.format.depuis_json(etat)
        if genre == "lire":
            reponse: ReponseJson = {"etat": self.format.en_json(valeur), "vue": self.vue_complete(valeur),
                                    "message": ""}
            if self.pour_lanceur is not None:
                reponse["pour_lanceur"] = self.pour_lanceur(valeur)
            return reponse
        question = self.questions.get(genre) if isinstance(genre, str) else None
        if question is not None:
            return {"etat": self.format.en_json(valeur), "vue": self.vue(valeur), "message": "",
                    "reponse": question.action(valeur, valider(question.champs, op))}
        operation = self.operations.get(genre) if isinstance(genre, str) else None
        if operation is None:
            connues = enumerer(["creer", "lire", *self.operations, *self.questions], "ou")
            if not isinstance(genre, str):
                raise JdrErreur(f"Opération inconnue : le champ « op » nomme une opération ({connues}).")
            raise JdrErreur(f"Opération inconnue : « {genre[:40]} ».")
        return self.repondre(operation.action(valeur, valider(operation.champs, op)))


__all__ = ["GRAINE", "Champ", "Creation", "Format", "Lecteur", "Nomme", "Operation", "Question", "Reponse",
           "ReponseJson", "Sauvegardable", "Suivi", "avec_chances",
           "caracteristique_parmi", "choix", "entier", "graine", "libre", "lire_nom", "lire_texte",
           "liste", "objet", "oui_non", "par_nom", "rejeu", "renommage", "trouver", "valider", "verifier_ajout"]
