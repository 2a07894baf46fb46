"""Le contrat entre une mécanique et la page, et la forme d'un système.

Ce module ne connaît aucun système : chaque paquet de système (``jdr_core/<nom>/``)
s'en sert pour déclarer ses lanceurs, ses tables et son suivi dans une valeur
:class:`Systeme`, et le registre (:mod:`jdr_core.registre`) lit la liste déclarée des
systèmes. Aucun import ne remonte d'un système vers le registre : pas de cycle.

* Un paramètre de formulaire est un :class:`Entier`, un :class:`OuiNon` ou un
  :class:`Choix` ; il sait convertir une valeur brute (texte de formulaire ou JSON).
* Une :class:`Mecanique` est générique sur le type de son résultat : ``lancer`` rend
  un résultat, ``afficher`` le traduit en :class:`Affichage` (le schéma écrit que lit
  ``jdr.js``), et ses ``issues`` (:mod:`jdr_core.issues`) disent une fois ses lignes de cotes :
  les cotes exactes, le classement d'un jet (les clés des lignes qu'il réalise), le graphique
  et sa barre surlignée s'en tirent, ce qui permet de vérifier les cotes par énumération de
  tous les dés.

>>> Entier("caracteristique", "Caractéristique", 3, 1, 5).convertir("9")
Traceback (most recent call last):
...
jdr_core.erreurs.ParametreInvalide: Caractéristique 9 : attendu un entier de 1 à 5
>>> OuiNon("aide", "Aide").convertir("oui")
True
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import TYPE_CHECKING, Any, Generic, Literal, NotRequired, TypedDict, TypeVar

from .des import SourceDes
from .erreurs import JdrErreur, ParametreInvalide, entier_borne
from .francais import enumerer, nombre_relatif
from .issues import Cote, Issues, Repartition
from .issues import Valeurs as Valeurs
from .loi import Loi, loi_du_jet

if TYPE_CHECKING:  # le contrat des suivis (jdr_core.suivi) importe ce module-ci
    from .suivi import Suivi

R = TypeVar("R")
H = TypeVar("H", bound=Hashable)

def lire_entier(nom: str, brut: object, minimum: int, maximum: int) -> int:
    """Le seul endroit où un texte devient un entier : chiffres ASCII, un signe au plus,
    pas plus de caractères que n'en demandent les bornes ; puis les bornes.

    >>> lire_entier("difficulté", " -3", -10, 10)
    -3
    >>> lire_entier("difficulté", "--3", -10, 10)
    Traceback (most recent call last):
    ...
    jdr_core.erreurs.ParametreInvalide: difficulté --3 : attendu un entier de -10 à 10
    >>> lire_entier("graine", "²", 0, 10)
    Traceback (most recent call last):
    ...
    jdr_core.erreurs.ParametreInvalide: graine ² : attendu un entier de 0 à 10
    """
    valeur: object = brut
    if isinstance(brut, str):
        texte = brut.strip()
        chiffres = texte[1:] if texte[:1] in ("+", "-") else texte
        longueur_max = max(len(str(minimum)), len(str(maximum))) + 1
        if not chiffres or len(texte) > longueur_max or not all("0" <= c <= "9" for c in chiffres):
            raise ParametreInvalide(nom, brut, f"un entier de {minimum} à {maximum}")
        valeur = int(texte)
    return entier_borne(nom, valeur, minimum, maximum)


def champ_entier(op: Mapping[str, Any], cle: str, libelle: str, minimum: int, maximum: int,
                 defaut: int | None = None) -> int:
    """Un champ entier d'une opération de suivi (formulaire de fiche) : vide → le défaut s'il y
    en a un, sinon un refus qui nomme le champ ; la valeur fautive citée entre guillemets."""
    brut = op.get(cle)
    if brut is None or brut == "":
        if defaut is None:
            raise JdrErreur(f"Le champ « {libelle} » est vide : indiquez un entier de {minimum} à {maximum}.")
        brut = defaut
    try:
        return lire_entier(libelle, brut, minimum, maximum)
    except ParametreInvalide:
        raise ParametreInvalide(libelle, f"« {str(brut)[:20]} »", f"un entier de {minimum} à {maximum}") from None


# --- Paramètres ------------------------------------------------------------------


@dataclass(frozen=True)
class Entier:
    """Un entier borné (champ numérique)."""

    nom: str
    libelle: str
    defaut: int
    minimum: int
    maximum: int
    #: Réglage d'hypothèse : rangé dans « Réglages avancés » du formulaire.
    avance: bool = False
    genre: Literal["entier"] = field(default="entier", init=False)

    def convertir(self, brut: object) -> int:
        return lire_entier(self.libelle, brut, self.minimum, self.maximum)


@dataclass(frozen=True)
class OuiNon:
    """Une case à cocher."""

    nom: str
    libelle: str
    defaut: bool = False
    avance: bool = False
    genre: Literal["booleen"] = field(default="booleen", init=False)

    def convertir(self, brut: object) -> bool:
        if isinstance(brut, bool):
            return brut
        if brut in ("1", "true", "on", "oui", 1):
            return True
        if brut in ("0", "false", "", "non", 0, None):
            return False
        raise ParametreInvalide(self.libelle, brut, "oui ou non")


@dataclass(frozen=True)
class Choix:
    """Une liste de choix : (valeur, libellé affiché)."""

    nom: str
    libelle: str
    defaut: str
    choix: tuple[tuple[str, str], ...]
    avance: bool = False
    genre: Literal["choix"] = field(default="choix", init=False)

    def __post_init__(self) -> None:
        if self.defaut not in self.valeurs:
            raise JdrErreur(f"paramètre {self.nom} : défaut {self.defaut!r} absent des choix")

    @property
    def valeurs(self) -> tuple[str, ...]:
        return tuple(v for v, _ in self.choix)

    def convertir(self, brut: object) -> str:
        if not isinstance(brut, str) or brut not in self.valeurs:
            # Les choix tels que le lecteur les voit dans la liste, jamais les codes internes.
            proposes = enumerer([f"« {libelle} »" for _, libelle in self.choix], "ou")
            raise ParametreInvalide(self.libelle, brut, "une valeur parmi " + proposes)
        return brut


Parametre = Entier | OuiNon | Choix


def reglage_lisible(parametre: Parametre, valeur: Any) -> list[str]:
    """Un réglage comme le lecteur le voit dans le formulaire : son libellé et sa valeur
    affichée (le libellé du choix, l'entier avec son vrai signe moins) ; une case cochée est
    une phrase vraie, dite seule, une case décochée dit « non ».

    >>> reglage_lisible(Entier("autre", "Autre modificateur", 0, -5, 5), -2)
    ['Autre modificateur', '−2']
    >>> reglage_lisible(Choix("ton", "Ton", "a", (("a", "Blockbuster"), ("b", "Raw"))), "b")
    ['Ton', 'Raw']
    >>> reglage_lisible(OuiNon("proche", "Le personnage a une compétence proche"), True)
    ['Le personnage a une compétence proche', '']
    """
    if isinstance(parametre, OuiNon):
        return [parametre.libelle, "" if valeur else "non"]
    if isinstance(parametre, Choix):
        return [parametre.libelle, dict(parametre.choix).get(valeur, str(valeur))]
    return [parametre.libelle, nombre_relatif(valeur)]


class EntreeJournal(TypedDict):
    """Ce qu'un jet de lanceur laisse au journal des jets (voir :meth:`Mecanique.pour_journal`)."""

    situation: str
    reglages: list[list[str]]


# --- Le schéma d'affichage (lu par jdr.js) -----------------------------------------

#: Le rôle d'un dé montré : il décide de son style et de ce qu'en dit un lecteur d'écran.
#: succes : il compte ; echec : il ne compte pas ; ecarte : remplacé par une relance ;
#: somme : additionné au total ; double : fait partie d'un double ; cache : face tenue
#: secrète jusqu'à ce que le lecteur la révèle.
Role = Literal["succes", "echec", "ecarte", "somme", "double", "cache"]
ROLES: tuple[Role, ...] = ("succes", "echec", "ecarte", "somme", "double", "cache")

#: La couleur de l'issue : bonne, mitigée ou mauvaise pour celui qui lance.
IssueAffichee = Literal["reussite", "neutre", "echec"]


class DeAffiche(TypedDict):
    face: int
    faces: int
    role: Role


class GroupeAffiche(TypedDict):
    titre: str
    des: list[DeAffiche]


class Revelation(TypedDict):
    """Ce que la page montre quand le lecteur révèle les dés cachés (rôle « cache »)."""

    phrase: str
    issue: IssueAffichee
    details: list[str]


class Affichage(TypedDict):
    phrase: str
    issue: IssueAffichee
    groupes: list[GroupeAffiche]
    details: list[str]
    #: Seulement quand des dés sont cachés : le résultat, montré une fois les dés révélés.
    revelation: NotRequired[Revelation]


def de_affiche(face: int, role: Role, faces: int = 6) -> DeAffiche:
    return {"face": face, "faces": faces, "role": role}


def des_comptes(faces: Iterable[int], comptent: Iterable[bool]) -> list[DeAffiche]:
    """Des dés à six faces, dans leur ordre : « succes » s'ils comptent, « echec » sinon.

    >>> [d["role"] for d in des_comptes((6, 2), (True, False))]
    ['succes', 'echec']
    """
    return [de_affiche(face, "succes" if compte else "echec") for face, compte in zip(faces, comptent, strict=True)]


#: La couleur d'un face-à-face selon qui l'emporte : 0, celui qui lance ; 1, son adversaire ;
#: ``None``, personne (égalité, ou rien n'est encore joué).
ISSUE_DU_GAGNANT: Mapping[int | None, IssueAffichee] = {0: "reussite", 1: "echec", None: "neutre"}


# --- Mécaniques et systèmes --------------------------------------------------------

@dataclass(frozen=True)
class Mecanique(Generic[R]):
    """Une mécanique que le lecteur peut lancer depuis une page."""

    nom: str
    titre: str
    parametres: tuple[Parametre, ...]
    lancer: Callable[[Valeurs, SourceDes], R]
    afficher: Callable[[R, Valeurs], Affichage]
    #: Ses issues, dites une fois (:class:`~jdr_core.issues.Issues`) : les lignes de cotes, le
    #: graphique et, là où une chaîne ou une forme close évite l'énumération, la loi exacte.
    #: Les cotes, le classement d'un jet, le graphique et sa barre s'en tirent.
    issues: Issues[R, Any]
    #: Jeux de paramètres assez petits pour énumérer toutes les suites de dés. Ensemble, ils
    #: doivent atteindre chaque ligne déclarée (de cotes et du graphique), sauf celles de
    #: :attr:`hors_petits`.
    petits: tuple[Mapping[str, object], ...] = ({},)
    #: Les clés des lignes qu'aucun jeu de :attr:`petits` n'atteint, dites exprès (une issue
    #: impossible sous ces règles, ou trop rare pour une énumération de test) ; les tests
    #: vérifient qu'elles restent hors d'atteinte, et que toutes les autres sont atteintes.
    hors_petits: tuple[str, ...] = ()
    #: Le graphique surligne la barre que réalise un jet ; ``False`` : rien à surligner (des dés
    #: cachés, dont la barre dirait le niveau).
    surligner: bool = True
    #: L'opération du suivi de son système qui rejoue un jet de cette mécanique sur une fiche
    #: (elle reçoit ``parametres`` et ``graine``) ; ``None`` : le lanceur ne se relie à aucune fiche.
    operation_suivi: str | None = None
    #: Le résultat dit au nom du personnage du suivi choisi à côté du lanceur (son nom, son genre
    #: grammatical, ``""`` s'il n'est pas donné) au lieu d'un personnage anonyme ; ``None`` : le
    #: résultat ne nomme personne (voir :func:`jdr_core.registre.executer`, ``fiche``).
    nommer: Callable[[R, str, str], R] | None = None
    #: La situation d'un jet, en une phrase pour le journal des jets : ce qui a été joué (la
    #: cible, la difficulté, les dés…). ``None`` : l'entrée n'a que ses réglages.
    situation: Callable[[R, Valeurs], str] | None = None
    #: Les paramètres que cette phrase dit déjà : le journal ne les répète pas dans ses réglages.
    dans_situation: tuple[str, ...] = ()
    #: Les noms d'une version antérieure du formulaire, encore lus pour qu'un vieux lien de rejeu
    #: (ou une entrée du journal) rejoue le même jet : (ancien nom, paramètres qui prennent sa
    #: valeur). Un paramètre donné sous son nom actuel l'emporte ; le formulaire construit porte
    #: cette table (``data-anciens``) pour régler ses champs depuis un vieux lien.
    anciens: tuple[tuple[str, tuple[str, ...]], ...] = ()

    def __post_init__(self) -> None:
        noms = {p.nom for p in self.parametres}
        for ancien, nouveaux in self.anciens:
            if ancien in noms or not nouveaux or not set(nouveaux) <= noms:
                raise JdrErreur(f"lanceur {self.nom} : l'ancien paramètre {ancien!r} doit céder sa valeur "
                                "à des paramètres actuels, sans en être un")

    def pour_journal(self, resultat: R, valeurs: Valeurs) -> EntreeJournal:
        """Ce que le journal des jets note d'un jet : sa situation, puis les seuls réglages qui
        diffèrent de leur défaut (ceux que la situation ne dit pas déjà), comme le lecteur les
        voit (libellé, valeur affichée)."""
        reglages = [reglage_lisible(p, valeurs[p.nom]) for p in self.parametres
                    if p.nom not in self.dans_situation and p.nom in valeurs and valeurs[p.nom] != p.defaut]
        return {"situation": self.situation(resultat, valeurs) if self.situation is not None else "",
                "reglages": reglages}

    def loi(self, valeurs: Valeurs) -> Loi[Any]:
        """La loi exacte du résumé d'un jet (:attr:`Issues.resume`) pour des valeurs déjà validées :
        celle que déclarent ses issues, sinon celle de toutes les suites de dés de ``lancer``."""
        if self.issues.loi is not None:
            return self.issues.loi(valeurs)
        return loi_du_jet(lambda des: self.issues.resume(self.lancer(valeurs, des)))

    def cotes(self, valeurs: Valeurs, loi: Loi[Any] | None = None) -> list[Cote]:
        """Les lignes de cotes et leurs probabilités exactes (``loi`` : celle de :meth:`loi`, déjà
        calculée)."""
        return self.issues.cotes(valeurs, self.loi(valeurs) if loi is None else loi)

    def classer(self, resultat: R) -> frozenset[str]:
        """Les clés des lignes de cotes que réalise un résultat (elles peuvent se recouper)."""
        return self.issues.classer(resultat)

    def chance(self, valeurs: Valeurs, cle: str) -> Fraction:
        """La probabilité exacte de la ligne de cotes ``cle`` pour des valeurs déjà validées (ce
        que les fiches affichent à côté d'un bouton de jet) ; une clé absente est une erreur."""
        for cote in self.cotes(valeurs):
            if cote.cle == cle:
                return cote.probabilite
        raise JdrErreur(f"lanceur {self.nom} : pas de ligne de cotes {cle!r}")

    def repartir(self, valeurs: Valeurs, loi: Loi[Any] | None = None) -> Repartition:
        """La répartition du graphique pour des valeurs déjà validées (``loi`` : celle de
        :meth:`loi`, déjà calculée)."""
        loi = self.loi(valeurs) if loi is None else loi
        try:
            return self.issues.repartition(valeurs, loi)
        except JdrErreur as e:  # un contrat rompu : le dire avec le nom du lanceur
            raise JdrErreur(f"lanceur {self.nom} : {e}") from None

    def barre_de(self, resultat: R, repartition: Repartition) -> str | None:
        """La barre que réalise ``resultat`` (une clé de ``repartition``), ou ``None`` si le
        lanceur ne surligne pas."""
        if not self.surligner:
            return None
        try:
            cle = self.issues.barre(resultat)
        except JdrErreur as e:
            raise JdrErreur(f"lanceur {self.nom} : {e}") from None
        if cle not in repartition.cles:
            raise JdrErreur(f"lanceur {self.nom} : barre {cle!r} absente du graphique")
        return cle

    def traduire_anciens(self, bruts: Mapping[str, object]) -> dict[str, object]:
        """Les paramètres bruts où chaque ancien nom (:attr:`anciens`) a cédé sa valeur à ceux
        qui le remplacent, sauf à ceux qui sont donnés sous leur nom actuel."""
        traduits = dict(bruts)
        for ancien, nouveaux in self.anciens:
            if ancien in traduits:
                valeur = traduits.pop(ancien)
                for nom in nouveaux:
                    traduits.setdefault(nom, valeur)
        return traduits

    def valider(self, bruts: Mapping[str, object]) -> Valeurs:
        """Toutes les valeurs, converties ; les absentes prennent leur défaut ; un ancien nom
        de paramètre est lu comme ceux qui le remplacent (:attr:`anciens`)."""
        bruts = self.traduire_anciens(bruts)
        connus = {p.nom for p in self.parametres}
        inconnus = sorted(set(bruts) - connus - {"graine", "lanceur"})
        if inconnus:
            raise JdrErreur(f"paramètre inconnu : {inconnus[0][:40]!r}")
        return {
            p.nom: p.convertir(bruts[p.nom]) if p.nom in bruts else p.defaut
            for p in self.parametres
        }


@dataclass(frozen=True)
class Table:
    """Une table de règles publiée sur les pages (bloc ``tableau``)."""

    nom: str
    colonnes: tuple[str, ...]
    lignes: tuple[tuple[str, ...], ...]

    def __post_init__(self) -> None:
        for ligne in self.lignes:
            if len(ligne) != len(self.colonnes):
                raise JdrErreur(f"table {self.nom} : ligne de {len(ligne)} cases pour {len(self.colonnes)} colonnes")


@dataclass(frozen=True)
class Parcours:
    """Le chemin d'un nouveau venu dans un système, que la page d'accueil du site lui propose : la
    page à lire d'abord, un premier jet, puis la fiche.

    Chaque étape est un chemin sous ``docs/``, une ancre permise : ``#exemple-<id>`` mène à un
    exemple de la page, une autre ancre à l'un de ses titres. Le greffon nomme l'étape d'après ce
    qu'elle montre (le titre de l'exemple, de la section ou de la page) et refuse une cible absente ;
    un système sans fiche de suivi n'en nomme pas (``fiche=None``)."""

    lire: str
    jet: str
    #: ``None`` : le système n'a pas (encore) de fiche de suivi ; l'accueil le dit dans sa case.
    fiche: str | None = None

    def etapes(self) -> tuple[tuple[str, str], ...]:
        """Chaque étape déclarée (son nom, sa cible), dans l'ordre où on la suit."""
        etapes = (("lire", self.lire), ("jet", self.jet), ("fiche", self.fiche))
        return tuple((nom, cible) for nom, cible in etapes if cible is not None)


@dataclass(frozen=True)
class Systeme:
    """Un système de règles : ses mécaniques, ses tables et ses suivis, et ce que la page
    d'accueil et le menu du site en montrent. Le greffon du site construit l'un et l'autre à
    partir d'ici : rien d'autre ne nomme un système, ni ne liste ses pages."""

    nom: str
    #: Son nom pour le lecteur : section du menu, ligne de l'accueil, titres qui le citent.
    titre: str
    #: Son principe en une ligne, sur la page d'accueil.
    principe: str
    #: Ses pages (chemins sous ``docs/``), dans l'ordre du menu ; on entre par la première.
    pages: tuple[str, ...]
    mecaniques: tuple[Mecanique[Any], ...]
    tables: tuple[Table, ...] = ()
    #: Ses suivis (:class:`jdr_core.suivi.Suivi`), chacun nommé dans le système ; un bloc
    #: ``fiche`` montre le premier, ou celui que nomme son option ``suivi``.
    suivis: tuple[Suivi[Any], ...] = ()
    #: Le chemin d'un nouveau venu (« Nouveau ? Commencez ici » sur la page d'accueil du site).
    parcours: Parcours | None = None

    def __post_init__(self) -> None:
        noms = [s.nom for s in self.suivis]
        if len(set(noms)) != len(noms):
            raise JdrErreur(f"système {self.nom} : deux suivis portent le même nom")

    @property
    def suivi(self) -> Suivi[Any] | None:
        """Son premier suivi (celui d'un bloc ``fiche`` sans option ``suivi``), ou ``None``."""
        return self.suivis[0] if self.suivis else None
