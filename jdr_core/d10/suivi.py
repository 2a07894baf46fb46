"""Le suivi d'un combat D10 dans le navigateur : une opération entre, le combat et sa vue sortent.

Le widget « fiche » de la page garde l'état (un objet JSON) dans le navigateur et ne fait
qu'appeler :func:`operer` ; chaque règle passe par le cœur : l'initiative et l'attaque par
:mod:`.combat`, la cascade des blessures, le jet de KO et les jets de survie par
:mod:`.blessures`. Chaque jet part d'une graine neuve, rendue à part dans ``"graine"``.

Lina et Marek se battent sur le quai ; on lance l'initiative, puis Marek frappe :

>>> r = operer(None, {"op": "creer", "nom": "Le quai"})
>>> r = operer(r["etat"], {"op": "ajouter", "nom": "Lina", "agi": 4, "con": 4, "vol": 6})
>>> r = operer(r["etat"], {"op": "ajouter", "nom": "Marek", "agi": 6, "contact": 4, "arme_contact": 5})
>>> r = operer(r["etat"], {"op": "initiative", "graine": 3})
>>> [c["nom"] for c in r["vue"]["combattants"]], r["vue"]["actif_nom"]
(['Marek', 'Lina'], 'Marek')
>>> r = operer(r["etat"], {"op": "attaquer", "attaquant": 2, "cible": 1, "mode": "contact",
...                        "ko": "VOL", "graine": 1})
>>> print(r["message"])
Marek attaque Lina au contact : difficulté 5 + AGI 4 + Esquive 2 = 11.
Dé : 3 ; 3 + 6 + 4 = 13 contre 11 : réussite, marge 2.
Dégâts : dé 10 + marge 2 + arme 5 − (5 + CON 4) = 8 : une blessure grave.
Une blessure grave de plus. Reste 1 blessure grave (malus −2).
Jet de KO : dé 2 ; 2 + VOL 6 − 2 = 6 contre 8 : KO.
Lina tombe KO.
>>> r["graine"]
1
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from ..des import DesAleatoires
from ..erreurs import JdrErreur, RegleEnfreinte
from ..francais import ACCORDS, accorde, compter, de, enumerer, lire_accord, majuscule, nombre_relatif, ordinal
from ..suivi import (
    ACCORD,
    ACCORDS_PROPOSES,
    GRAINE,
    Creation,
    Format,
    Lecteur,
    Operation,
    Reponse,
    Sauvegardable,
    Suivi,
    Valeurs,
    choix,
    entier,
    graine,
    libre,
    oui_non,
    par_nom,
)
from ..suivi import lire_texte as _lire_texte
from .action import reussite_automatique_possible
from .blessures import CARACS_KO, DEGATS_MAX, DEGATS_MIN, Blessures, encaisser, gravite_de, jet_survie, signe_malus
from .combat import (
    ARME_MAX,
    ARME_MIN,
    ARMURE_MAX,
    ARMURE_MIN,
    DISTANCE_MAX,
    DISTANCE_MIN,
    Couvert,
    Defense,
    Init,
    attaquer,
    difficulte_melee,
    difficulte_tir,
    initiative,
    terme_distance,
)
from .regles import COMP_MAX, COMP_MIN, STAT_MAX, STAT_MIN

#: La version du format sauvegardé : elle change quand la forme de l'état change (2 : la
#: sauvegarde dit son genre, « d10.combat »).
VERSION = 3
#: Bornes du combat : combattants, longueur des noms, entrées du journal, jours sans soins.
COMBATTANTS_MAX = 12
NOM_MAX = 30
NOM_COMBAT_MAX = 60
JOURNAL_MAX = 30
ENTREE_MAX = 2000
TOURS_MAX = 999
JOURS_MAX = 60
#: Un identifiant de combattant : un entier, jamais réutilisé dans un même combat.
ID_MAX = 9999

ILLISIBLE = "Combat illisible"


@dataclass(frozen=True)
class Champ:
    """Un champ chiffré d'un combattant : clé, libellé, bornes, valeur par défaut."""

    cle: str
    libelle: str
    minimum: int
    maximum: int
    defaut: int


#: Les valeurs d'un combattant, dans l'ordre du formulaire.
CHAMPS: tuple[Champ, ...] = (
    Champ("agi", "AGI", STAT_MIN, STAT_MAX, 5),
    Champ("con", "CON", STAT_MIN, STAT_MAX, 5),
    Champ("vol", "VOL", STAT_MIN, STAT_MAX, 5),
    Champ("contact", "Corps à corps", COMP_MIN, COMP_MAX, 3),
    Champ("tir", "Tir", COMP_MIN, COMP_MAX, 3),
    Champ("esquive", "Esquive", COMP_MIN, COMP_MAX, 2),
    Champ("arme_contact", "Arme au contact", ARME_MIN, ARME_MAX, 3),
    Champ("arme_tir", "Arme à distance", ARME_MIN, ARME_MAX, 6),
    Champ("armure", "Armure", ARMURE_MIN, ARMURE_MAX, 0),
)

#: Les couverts, par la clé que le widget envoie.
COUVERTS: dict[str, Couvert] = {"aucun": Couvert.AUCUN, "leger": Couvert.LEGER, "moyen": Couvert.MOYEN,
                                "lourd": Couvert.LOURD}
MODES = {"contact": "au contact", "tir": "à distance"}

#: Où en est un combattant : debout, KO, à l'agonie (mort atteinte, jets de survie),
#: soigné (à l'agonie mais soigné : plus de jet), mort pour de bon.
ETATS = {"debout": "debout", "ko": "KO", "agonie": "à l'agonie", "soigne": "à l'agonie, soigné", "mort": "mort"}


def etat_texte(c: Combattant) -> str:
    """L'état d'un combattant, accordé à son genre s'il a été donné ; sans genre, une tournure
    sans accord (« à l'agonie, soins reçus », « décès »).

    >>> [etat_texte(Combattant(1, n, (), etat="mort", accord=a)) for n, a in (("Lina", "elle"), ("Marek", "il"),
    ...                                                                         ("Sam", ""))]
    ['morte', 'mort', 'décès']
    """
    if c.etat == "soigne":
        return f"à l'agonie, {accorde(c.accord, 'soigné')}" if c.accord else "à l'agonie, soins reçus"
    if c.etat == "mort":
        return accorde(c.accord, "mort") if c.accord else "décès"
    return ETATS[c.etat]
HORS_DE_COMBAT = frozenset({"agonie", "soigne", "mort"})

#: Les bornes que le widget affiche dans ses champs : déclarées ici, une seule fois.
BORNES: dict[str, Any] = {
    "combattants_max": COMBATTANTS_MAX,
    "accords": ACCORDS_PROPOSES,
    "nom_max": NOM_MAX,
    "nom_combat_max": NOM_COMBAT_MAX,
    "champs": [[c.cle, c.libelle, c.minimum, c.maximum, c.defaut] for c in CHAMPS],
    "distance_min": DISTANCE_MIN,
    "distance_max": DISTANCE_MAX,
    "degats_min": DEGATS_MIN,
    "degats_max": DEGATS_MAX,
    "modes": [["contact", "Au contact"], ["tir", "À distance (arme de poing)"]],
    "couverts": [["aucun", "À découvert"], ["leger", "Couvert léger (+2)"], ["moyen", "Couvert moyen (+5)"],
                 ["lourd", "Couvert lourd (+10)"]],
    "caracs_ko": [[c, c] for c in CARACS_KO],
    #: Une attaque vise un autre combattant : il en faut au moins deux.
    "combattants_attaque": 2,
    #: Les valeurs de départ des champs de la page : une distance de tir courante, un coup moyen.
    "defauts": {"distance": 10, "degats": 3},
    "libelle_automatique": "L'attaquant renonce au dé : il touche d'office, sans marge, si son AGI "
                           "(ou AGI + compétence) dépasse la difficulté",
}


# --- L'état ------------------------------------------------------------------------


@dataclass(frozen=True)
class Combattant:
    """Un combattant : ses valeurs, son initiative, ses blessures et où il en est."""

    id: int
    nom: str
    valeurs: tuple[tuple[str, int], ...]
    blessures: Blessures = field(default_factory=Blessures)
    etat: str = "debout"
    init: Init | None = None
    #: À l'agonie : les dégâts du coup mortel (difficulté des jets de survie) et les jours sans soins.
    degats_mortels: int | None = None
    jours: int = 0
    #: Le genre grammatical donné à l'ajout (``"il"``, ``"elle"``, ``""`` non précisé).
    accord: str = ""

    def v(self, cle: str) -> int:
        return dict(self.valeurs)[cle]

    @property
    def peut_agir(self) -> bool:
        return self.etat == "debout"

    @property
    def malus(self) -> int:
        return self.blessures.malus()


@dataclass(frozen=True)
class Combat(Sauvegardable):
    """Le combat : son nom, ses combattants, l'ordre d'initiative, le tour et qui agit."""

    nom: str
    combattants: tuple[Combattant, ...] = ()
    ordre: tuple[int, ...] = ()
    tour: int = 0
    actif: int | None = None
    prochain_id: int = 1
    journal: tuple[str, ...] = ()

    def combattant(self, ident: int) -> Combattant:
        for c in self.combattants:
            if c.id == ident:
                return c
        raise JdrErreur(f"Aucun combattant n° {ident} dans ce combat.")

    def avec(self, c: Combattant) -> Combat:
        return replace(self, combattants=tuple(c if x.id == c.id else x for x in self.combattants))

    def en_ordre(self) -> list[Combattant]:
        """Les combattants dans l'ordre d'initiative (avant l'initiative : dans l'ordre d'arrivée)."""
        if not self.ordre:
            return list(self.combattants)
        return [self.combattant(i) for i in self.ordre]

    def noter(self, message: str) -> Combat:
        entree = message[:ENTREE_MAX]
        return replace(self, journal=(*self.journal, entree)[-JOURNAL_MAX:])


def _ecrire(combat: Combat) -> dict[str, Any]:
    return {
        "nom": combat.nom,
        "tour": combat.tour,
        "actif": combat.actif,
        "ordre": list(combat.ordre),
        "prochain_id": combat.prochain_id,
        "combattants": [_combattant_json(c) for c in combat.combattants],
        "journal": list(combat.journal),
    }


def _combattant_json(c: Combattant) -> dict[str, Any]:
    b = c.blessures
    return {
        "id": c.id,
        "nom": c.nom,
        **dict(c.valeurs),
        "blessures": {"legeres": b.legeres, "graves": b.graves, "critiques": b.critiques, "mort": b.mort},
        "etat": c.etat,
        "init": None if c.init is None else {"de": c.init.de, "agi": c.init.agi,
                                            "departage": list(c.init.departage)},
        "degats_mortels": c.degats_mortels,
        "jours": c.jours,
        "accord": c.accord,
    }


LU = Lecteur(ILLISIBLE)
_refus = LU.refus
_entier_lu = LU.entier


def _nom(brut: object, maximum: int, sujet: str) -> str:
    """Un nom saisi : un texte non vide, sans espaces autour, pas trop long."""
    return _lire_texte(brut, sujet, maximum)


def _lire_init(brut: object, nom: str) -> Init | None:
    if brut is None:
        return None
    if not isinstance(brut, Mapping):
        raise _refus(f"l'initiative {de(nom)} est mal formée")
    departage = brut.get("departage", [])
    if not isinstance(departage, list) or len(departage) > 11:
        raise _refus(f"les dés de départage {de(nom)} sont mal formés")
    for face in departage:
        if isinstance(face, bool) or not isinstance(face, int) or not 1 <= face <= 10:
            raise _refus(f"les dés de départage {de(nom)} vont de 1 à 10")
    return Init(_entier_lu(brut, "de", f"le dé d'initiative {de(nom)}", 1, 10),
                _entier_lu(brut, "agi", f"l'AGI d'initiative {de(nom)}", STAT_MIN, STAT_MAX), tuple(departage))


def _lire_combattant(brut: object) -> Combattant:
    if not isinstance(brut, Mapping):
        raise _refus("un combattant est mal formé")
    if "nom" not in brut:
        raise _refus("le nom d'un combattant manque")
    nom = _nom(brut.get("nom"), NOM_MAX, "le nom d'un combattant")
    ident = _entier_lu(brut, "id", f"le numéro {de(nom)}", 1, ID_MAX)
    valeurs = tuple((c.cle, _entier_lu(brut, c.cle, f"{c.libelle} {de(nom)}", c.minimum, c.maximum)) for c in CHAMPS)
    b = brut.get("blessures")
    if not isinstance(b, Mapping):
        raise _refus(f"les blessures {de(nom)} manquent")
    mort = b.get("mort")
    if not isinstance(mort, bool):
        raise _refus(f"les blessures {de(nom)} doivent dire s'il est mort (vrai ou faux)")
    # Après chaque cascade, il reste au plus une blessure de chaque gravité.
    blessures = Blessures(
        legeres=_entier_lu(b, "legeres", f"les blessures légères {de(nom)}", 0, 1),
        graves=_entier_lu(b, "graves", f"les blessures graves {de(nom)}", 0, 1),
        critiques=_entier_lu(b, "critiques", f"les blessures critiques {de(nom)}", 0, 1),
        mort=mort,
    )
    etat = brut.get("etat")
    if etat not in ETATS:
        raise _refus(f"l'état {de(nom)} doit être {enumerer(list(ETATS), 'ou')}")
    if mort != (etat in HORS_DE_COMBAT):
        raise _refus(f"l'état {de(nom)} ne correspond pas à ses blessures")
    degats_mortels = brut.get("degats_mortels")
    if etat in HORS_DE_COMBAT:
        degats_mortels = _entier_lu(brut, "degats_mortels", f"les dégâts du coup mortel {de(nom)}",
                                    DEGATS_MIN, DEGATS_MAX)
    elif degats_mortels is not None:
        raise _refus(f"{nom} n'a pas reçu de coup mortel")
    jours = _entier_lu(brut, "jours", f"les jours sans soins {de(nom)}", 0, JOURS_MAX)
    if jours and etat not in HORS_DE_COMBAT:
        raise _refus(f"{nom} n'a pas de jours sans soins à compter")
    accord = brut.get("accord")
    if not isinstance(accord, str) or accord not in ACCORDS:
        raise _refus(f"l'accord {de(nom)} doit être « il », « elle » ou vide (non précisé)")
    return Combattant(ident, nom, valeurs, blessures, str(etat), _lire_init(brut.get("init"), nom),
                      degats_mortels, jours, accord)


def _cle_ordre(c: Combattant) -> tuple[int, int]:
    assert c.init is not None
    return (-c.init.total, -c.init.agi)


def _lire_combat(lu: Lecteur, donnees: Mapping[str, Any]) -> Combat:
    if "nom" not in donnees:
        raise _refus("le nom du combat manque")
    nom = _nom(donnees.get("nom"), NOM_COMBAT_MAX, "le nom du combat")
    bruts = donnees.get("combattants")
    if not isinstance(bruts, list) or len(bruts) > COMBATTANTS_MAX:
        raise _refus(f"la liste des combattants est mal formée ({COMBATTANTS_MAX} au plus)")
    combattants = tuple(_lire_combattant(b) for b in bruts)
    ids = [c.id for c in combattants]
    if len(set(ids)) != len(ids):
        raise _refus("deux combattants portent le même numéro")
    if len({c.nom.casefold() for c in combattants}) != len(combattants):
        raise _refus("deux combattants portent le même nom")
    prochain = _entier_lu(donnees, "prochain_id", "le prochain numéro", 1, ID_MAX + 1)
    if any(i >= prochain for i in ids):
        raise _refus("un numéro de combattant dépasse le prochain numéro")
    tour = _entier_lu(donnees, "tour", "le tour", 0, TOURS_MAX)
    ordre_brut = donnees.get("ordre")
    if not isinstance(ordre_brut, list) or not all(isinstance(i, int) and not isinstance(i, bool) for i in ordre_brut):
        raise _refus("l'ordre d'initiative est mal formé")
    ordre = tuple(ordre_brut)
    actif = donnees.get("actif")
    if tour == 0:
        if ordre or actif is not None or any(c.init is not None for c in combattants):
            raise _refus("l'initiative n'est pas lancée, mais un ordre ou un combattant actif est noté")
    else:
        if sorted(ordre) != sorted(ids) or not ordre or any(c.init is None for c in combattants):
            raise _refus("l'ordre d'initiative doit nommer chaque combattant une fois")
        rangs = [_cle_ordre(Combat(nom, combattants).combattant(i)) for i in ordre]
        if rangs != sorted(rangs):
            raise _refus("l'ordre d'initiative ne suit pas les jets d'initiative")
        if isinstance(actif, bool) or actif not in ordre:
            raise _refus("le combattant qui agit n'est pas dans l'ordre d'initiative")
    journal = donnees.get("journal", [])
    if not isinstance(journal, list) or len(journal) > JOURNAL_MAX:
        raise _refus(f"le journal est mal formé ({JOURNAL_MAX} entrées au plus)")
    if not all(isinstance(e, str) and len(e) <= ENTREE_MAX for e in journal):
        raise _refus("une entrée du journal est mal formée")
    return Combat(nom, combattants, ordre, tour, actif if isinstance(actif, int) else None, prochain, tuple(journal))


def _migrer_2(donnees: dict[str, Any]) -> dict[str, Any]:
    """Version 2 → 3 : chaque combattant garde son genre grammatical ; ceux d'avant n'en ont
    pas (non précisé). Une liste mal formée reste telle quelle : la lecture la refusera."""
    combattants = donnees.get("combattants")
    if isinstance(combattants, list):
        combattants = [{**c, "accord": ""} if isinstance(c, Mapping) else c for c in combattants]
    return {**donnees, "combattants": combattants}


#: Le format d'un combat D10 sauvegardé. La version 1 ne disait pas son genre (de sauvegarde) :
#: elle le reçoit ; la version 3 ajoute le genre grammatical de chaque combattant.
FORMAT: Format[Combat] = Format(
    genre="d10.combat", version=VERSION, illisible=ILLISIBLE, nature="un combat D10 sauvegardé",
    lire=_lire_combat, ecrire=_ecrire, migrations={1: lambda d: {**d, "genre": "d10.combat"}, 2: _migrer_2},
)
Combat.FORMAT = FORMAT


# --- Lecture des opérations -----------------------------------------------------------

#: Les champs que le widget envoie (hors valeurs d'un combattant, déclarées par :data:`CHAMPS`).
COMBATTANT = entier("combattant", "Combattant", 1, ID_MAX, presence="facultatif")
ATTAQUANT = entier("attaquant", "Attaquant", 1, ID_MAX, presence="facultatif")
CIBLE = entier("cible", "Cible", 1, ID_MAX, presence="facultatif")
DISTANCE = entier("distance", "Distance (m)", DISTANCE_MIN, DISTANCE_MAX, presence="facultatif")
DEGATS = entier("degats", "Dégâts", DEGATS_MIN, DEGATS_MAX)
KO = choix("ko", "Caractéristique du jet de KO", CARACS_KO, "VOL", feminin=True)
#: L'attaquant renonce au dé d'attaque : réussite automatique, sans marge (si elle est permise).
AUTOMATIQUE = oui_non("automatique", "L'attaquant renonce au dé : réussite automatique, sans marge")
NOM = libre("nom")
#: Un nouveau combattant : chaque valeur, son défaut si elle manque.
VALEURS_AJOUT = tuple(entier(c.cle, c.libelle, c.minimum, c.maximum, c.defaut) for c in CHAMPS)
#: Un combattant modifié : une valeur absente ou vide garde la sienne.
VALEURS_MODIF = tuple(entier(c.cle, c.libelle, c.minimum, c.maximum, presence="facultatif") for c in CHAMPS)


def _qui(combat: Combat, v: Valeurs, cle: str) -> Combattant:
    if not combat.combattants:
        raise JdrErreur("Ce combat n'a encore aucun combattant : ajoutez-en d'abord.")
    ident = v[cle]
    if ident is None:
        raise JdrErreur(f"Choisissez {'la cible' if cle == 'cible' else 'un combattant'} dans la liste.")
    return combat.combattant(ident)


def _des(v: Valeurs) -> tuple[DesAleatoires, int]:
    """Les dés de l'opération : la graine donnée (pour rejouer), sinon une graine neuve."""
    tirage = graine(v)
    return DesAleatoires(tirage), tirage


# --- Les opérations -----------------------------------------------------------------------


def _ajouter(combat: Combat, v: Valeurs) -> tuple[Combat, str, int | None]:
    if len(combat.combattants) >= COMBATTANTS_MAX:
        raise RegleEnfreinte(f"Ce combat compte déjà {COMBATTANTS_MAX} combattants : c'est le plus que le suivi tient.")
    if combat.prochain_id > ID_MAX:
        raise RegleEnfreinte("Trop de combattants sont passés par ce combat : commencez-en un nouveau.")
    nom = _nom(v["nom"], NOM_MAX, "le nom du combattant")
    if par_nom(combat.combattants, nom) is not None:
        raise JdrErreur(f"{nom} est déjà dans ce combat : donnez un autre nom.")
    valeurs = tuple((c.cle, int(v[c.cle])) for c in CHAMPS)
    nouveau = Combattant(combat.prochain_id, nom, valeurs, accord=lire_accord(v["accord"]))
    combat = replace(combat, combattants=(*combat.combattants, nouveau), prochain_id=combat.prochain_id + 1)
    if combat.tour == 0:
        return combat, f"{nom} entre dans le combat.", None
    # Initiative déjà lancée : le retardataire lance la sienne et prend place après les
    # combattants de même total et de même AGI (hypothèse : il arrive après eux).
    des, graine = _des(v)
    jet = initiative([(nom, nouveau.v("agi"))], des=des).jets[0]
    nouveau = replace(nouveau, init=Init(jet.de, jet.agi))
    combat = combat.avec(nouveau)
    cle = _cle_ordre(nouveau)
    rang = sum(1 for i in combat.ordre if _cle_ordre(combat.combattant(i)) <= cle)
    ordre = (*combat.ordre[:rang], nouveau.id, *combat.ordre[rang:])
    combat = replace(combat, ordre=ordre)
    message = (f"{nom} entre dans le combat en cours. Initiative : {nouveau.init.texte if nouveau.init else ''} ; "
               f"{ordinal(rang + 1)} dans l'ordre.")
    return combat, message, graine


def _modifier(combat: Combat, v: Valeurs) -> tuple[Combat, str, int | None]:
    c = _qui(combat, v, "combattant")
    nom = c.nom
    if v["nom"] is not None:
        nom = _nom(v["nom"], NOM_MAX, "le nom du combattant")
        if par_nom((x for x in combat.combattants if x.id != c.id), nom) is not None:
            raise JdrErreur(f"{nom} est déjà dans ce combat : donnez un autre nom.")
    valeurs = tuple((ch.cle, c.v(ch.cle) if v[ch.cle] is None else int(v[ch.cle])) for ch in CHAMPS)
    changes = [f"{ch.libelle} {dict(valeurs)[ch.cle]}" for ch in CHAMPS if dict(valeurs)[ch.cle] != c.v(ch.cle)]
    accord = c.accord if v["accord"] is None else lire_accord(v["accord"])
    apres = replace(c, nom=nom, valeurs=valeurs, accord=accord)
    morceaux = []
    if nom != c.nom:
        morceaux.append(f"{c.nom} s'appelle désormais {nom}")
    if accord != c.accord:
        morceaux.append(f"les phrases parlent {de(nom)} avec « {accord} »" if accord
                        else f"les phrases parlent {de(nom)} sans accord")
    if changes:
        morceaux.append(f"{'nouvelle valeur' if len(changes) < 2 else 'nouvelles valeurs'} pour {nom} : "
                        f"{enumerer(changes)}")
    message = majuscule(" ; ".join(morceaux)) + "." if morceaux else f"Rien ne change pour {nom}."
    return combat.avec(apres), message, None


def _retirer(combat: Combat, v: Valeurs) -> tuple[Combat, str, int | None]:
    c = _qui(combat, v, "combattant")
    restants = tuple(x for x in combat.combattants if x.id != c.id)
    message = f"{c.nom} quitte le combat."
    if not restants:
        return replace(combat, combattants=(), ordre=(), tour=0, actif=None), message, None
    if combat.tour == 0:
        return replace(combat, combattants=restants), message, None
    rang = combat.ordre.index(c.id)
    ordre = tuple(i for i in combat.ordre if i != c.id)
    actif = combat.actif
    if actif == c.id:
        # Le tour passe à celui qui suivait le partant (au premier de l'ordre s'il était dernier).
        actif = ordre[rang % len(ordre)]
    return replace(combat, combattants=restants, ordre=ordre, actif=actif), message, None


def _initiative(combat: Combat, v: Valeurs) -> tuple[Combat, str, int | None]:
    if not combat.combattants:
        raise JdrErreur("Ajoutez au moins un combattant avant de lancer l'initiative.")
    des, graine = _des(v)
    ini = initiative([(c.nom, c.v("agi")) for c in combat.combattants], des=des)
    par_nom = {c.nom: c for c in combat.combattants}
    combattants = []
    for j in ini.jets:
        combattants.append(replace(par_nom[j.nom], init=Init(j.de, j.agi, j.departage)))
    ordre = tuple(c.id for c in combattants)
    # Relancée en cours de combat, l'initiative garde le numéro du tour.
    tour = max(1, combat.tour)
    combat = replace(combat, combattants=tuple(combattants), ordre=ordre, tour=tour, actif=ordre[0])
    premier = _premier_debout(combat, 0)
    combat = replace(combat, actif=ordre[premier] if premier is not None else ordre[0])
    lignes = ["Initiative, dans l'ordre d'action :", str(ini), f"Tour {tour} : {_au_tour(combat)}"]
    return combat, "\n".join(lignes), graine


def _premier_debout(combat: Combat, depuis: int) -> int | None:
    """Le rang du premier combattant qui peut agir, à partir de ``depuis`` (sans revenir au début)."""
    for rang in range(depuis, len(combat.ordre)):
        if combat.combattant(combat.ordre[rang]).peut_agir:
            return rang
    return None


def _au_tour(combat: Combat) -> str:
    if combat.actif is None:
        return "personne n'agit."
    c = combat.combattant(combat.actif)
    if not c.peut_agir:
        return f"{c.nom} ne peut pas agir (état : {etat_texte(c)}) : passez au suivant."
    return f"à {c.nom} d'agir."


def _exiger_initiative(combat: Combat) -> None:
    if combat.tour == 0:
        raise JdrErreur("Lancez d'abord l'initiative : elle fixe l'ordre d'action.")


def _suivant(combat: Combat, v: Valeurs) -> tuple[Combat, str, int | None]:
    _exiger_initiative(combat)
    assert combat.actif is not None
    if not any(c.peut_agir for c in combat.combattants):
        raise RegleEnfreinte("Plus personne ne peut agir : tous les combattants sont hors de combat ou KO.")
    rang = _premier_debout(combat, combat.ordre.index(combat.actif) + 1)
    if rang is not None:
        combat = replace(combat, actif=combat.ordre[rang])
        return combat, f"Tour {combat.tour} : {_au_tour(combat)}", None
    return _nouveau_tour(combat, v)


def _nouveau_tour(combat: Combat, v: Valeurs) -> tuple[Combat, str, int | None]:
    _exiger_initiative(combat)
    if combat.tour >= TOURS_MAX:
        raise RegleEnfreinte(f"Ce combat a déjà duré {TOURS_MAX} tours : commencez-en un nouveau.")
    rang = _premier_debout(combat, 0)
    if rang is None:
        raise RegleEnfreinte("Plus personne ne peut agir : tous les combattants sont hors de combat ou KO.")
    combat = replace(combat, tour=combat.tour + 1, actif=combat.ordre[rang])
    return combat, f"Nouveau tour (tour {combat.tour}) : {_au_tour(combat)}", None


def _coup(combat: Combat, cible: Combattant, degats: int, ko: str, des: DesAleatoires) -> tuple[Combat, list[str]]:
    """Un coup encaissé par la cible : cascade des blessures, jet de KO ou, à la mort, KO
    d'office et premier jet de survie (tous par :func:`.blessures.encaisser`)."""
    valeur = cible.v("vol" if ko == "VOL" else "con")
    coup = encaisser(cible.blessures, degats, carac_ko=ko, valeur_ko=valeur, constitution=cible.v("con"), des=des)
    lignes = [coup.cascade.phrase(ko_d_office=coup.survie is not None)]
    apres = replace(cible, blessures=coup.cascade.apres)
    ligne_ko = coup.ligne_ko()
    if ligne_ko is not None:
        lignes.append(ligne_ko)
    if coup.ko is not None and coup.assomme:
        apres = replace(apres, etat="ko")
        lignes.append(f"{cible.nom} tombe KO." if cible.etat != "ko" else f"{cible.nom} reste KO.")
    if coup.survie is not None:
        lignes.append(str(coup.survie))
        if coup.mort:
            apres = replace(apres, etat="mort", degats_mortels=degats, jours=0)
            lignes.append(f"{cible.nom} succombe.")
        else:
            apres = replace(apres, etat="agonie", degats_mortels=degats, jours=0)
            lignes.append(f"{cible.nom} est à l'agonie : ce jet tient jusqu'aux soins ; sans soins, "
                          "un nouveau jet de survie chaque jour.")
    return combat.avec(apres), lignes


def _cible_vivante(cible: Combattant) -> None:
    if cible.etat in HORS_DE_COMBAT:
        raise RegleEnfreinte(f"{cible.nom} est déjà hors de combat ({etat_texte(cible)}) : "
                             "un autre coup ne changerait rien au suivi.")


def _attaquer(combat: Combat, v: Valeurs) -> tuple[Combat, str, int | None]:
    attaquant = _qui(combat, v, "attaquant")
    cible = _qui(combat, v, "cible")
    if attaquant.id == cible.id:
        raise JdrErreur(f"{attaquant.nom} ne peut pas s'attaquer : choisissez une autre cible.")
    if not attaquant.peut_agir:
        raise RegleEnfreinte(f"{attaquant.nom} est hors d'état d'agir ({etat_texte(attaquant)}) : "
                             "impossible d'attaquer.")
    _cible_vivante(cible)
    mode = v["mode"]
    couvert = COUVERTS[v["couvert"]]
    ko = v["ko"]
    esquive = cible.v("esquive")
    if mode == "contact":
        difficulte = difficulte_melee(cible.v("agi"), esquive)
        detail = f"5 + AGI {cible.v('agi')} + Esquive {esquive} = {difficulte}"
        comp, arme = attaquant.v("contact"), attaquant.v("arme_contact")
        libelle_comp = "corps à corps"
    else:
        distance = v["distance"]
        if distance is None:
            raise DISTANCE.vide()
        difficulte = difficulte_tir(distance, esquive)
        detail = f"5 + distance {terme_distance(distance)} ({distance} m) + Esquive {esquive} = {difficulte}"
        comp, arme = attaquant.v("tir"), attaquant.v("arme_tir")
        libelle_comp = "tir"
    automatique = bool(v["automatique"])
    agi = attaquant.v("agi")
    if automatique and not reussite_automatique_possible(agi, comp, difficulte):
        raise RegleEnfreinte(f"Réussite automatique impossible pour {attaquant.nom} : ni son AGI ({agi}) ni "
                             f"AGI + {libelle_comp} ({agi} + {comp} = {agi + comp}) ne dépasse la difficulté "
                             f"({difficulte}). Décochez-la pour lancer le dé.")
    defense = Defense(constitution=cible.v("con"), armure=cible.v("armure"), couvert=couvert)
    des, graine = _des(v)
    malus = attaquant.malus
    attaque = attaquer(difficulte, agi=agi, comp=comp, arme=arme, defense=defense, des=des,
                       malus=malus, automatique=automatique)
    entete = f"{attaquant.nom} attaque {cible.nom} {MODES[mode]}"
    if couvert is not Couvert.AUCUN:
        entete += f", cible derrière un {couvert.libelle}"
    lignes = [f"{entete} : difficulté {detail}.", str(attaque.action)]
    if malus and automatique:
        lignes[-1] += f" Sans dé, le malus de blessures {de(attaquant.nom)} ({signe_malus(malus)}) ne joue pas."
    elif malus:
        lignes[-1] += f" Le malus de blessures {de(attaquant.nom)} ({signe_malus(malus)}) est compté."
    if attaque.degats is None:
        lignes.append("L'attaque manque.")
        return combat, "\n".join(lignes), graine
    lignes.append(str(attaque.degats))
    degats = max(DEGATS_MIN, min(DEGATS_MAX, attaque.degats.valeur))
    combat, suite = _coup(combat, cible, degats, ko, des)
    return combat, "\n".join(lignes + suite), graine


def _encaisser(combat: Combat, v: Valeurs) -> tuple[Combat, str, int | None]:
    cible = _qui(combat, v, "cible")
    _cible_vivante(cible)
    degats = v["degats"]
    ko = v["ko"]
    des, graine = _des(v)
    combat, suite = _coup(combat, cible, degats, ko, des)
    entete = f"{cible.nom} encaisse des dégâts de {nombre_relatif(degats)} : {gravite_de(degats).libelle}."
    return combat, "\n".join([entete, *suite]), graine


def _survie(combat: Combat, v: Valeurs) -> tuple[Combat, str, int | None]:
    c = _qui(combat, v, "combattant")
    if c.etat != "agonie" or c.degats_mortels is None:
        raise RegleEnfreinte(f"{c.nom} n'est pas à l'agonie sans soins : pas de jet de survie à lancer.")
    if c.jours >= JOURS_MAX:
        raise RegleEnfreinte(f"{c.nom} a déjà passé {JOURS_MAX} jours sans soins : le suivi s'arrête là.")
    des, graine = _des(v)
    jet = jet_survie(c.degats_mortels, c.v("con"), des=des)
    jour = c.jours + 1
    lignes = [f"{c.nom}, {ordinal(jour)} jour sans soins.", str(jet)]
    if jet.reussi:
        apres = replace(c, jours=jour)
        lignes.append(f"{c.nom} tient bon : {compter(jour, 'jour')} sans soins jusqu'ici.")
    else:
        apres = replace(c, etat="mort", jours=jour)
        lignes.append(f"{c.nom} succombe.")
    return combat.avec(apres), "\n".join(lignes), graine


def _soigner(combat: Combat, v: Valeurs) -> tuple[Combat, str, int | None]:
    c = _qui(combat, v, "combattant")
    if c.etat != "agonie":
        raise RegleEnfreinte(f"{c.nom} n'est pas à l'agonie : les soins qui sauvent d'un coup mortel "
                             "ne s'appliquent pas.")
    return combat.avec(replace(c, etat="soigne")), f"{c.nom} reçoit des soins : plus de jet de survie.", None


def _reveiller(combat: Combat, v: Valeurs) -> tuple[Combat, str, int | None]:
    c = _qui(combat, v, "combattant")
    if c.etat != "ko":
        raise RegleEnfreinte(f"{c.nom} n'est pas KO : rien à réveiller.")
    return combat.avec(replace(c, etat="debout")), f"{c.nom} reprend connaissance.", None


def _op(action: Any, *champs: Any) -> Operation[Combat]:
    """Une opération de la table : l'action rend (combat, message, graine ou ``None``)."""
    return Operation(lambda combat, v: Reponse(*action(combat, v)), tuple(champs))


OPERATIONS: dict[str, Operation[Combat]] = {
    "ajouter": _op(_ajouter, NOM, ACCORD, *VALEURS_AJOUT, GRAINE),
    "modifier": _op(_modifier, COMBATTANT, NOM, libre("accord"), *VALEURS_MODIF),
    "retirer": _op(_retirer, COMBATTANT),
    "initiative": _op(_initiative, GRAINE),
    "suivant": _op(_suivant),
    "nouveau_tour": _op(_nouveau_tour),
    "attaquer": _op(_attaquer, ATTAQUANT, CIBLE, choix("mode", "Mode d'attaque", list(MODES), "contact"), DISTANCE,
                    choix("couvert", "Couvert", list(COUVERTS), "aucun"), KO, AUTOMATIQUE, GRAINE),
    "encaisser": _op(_encaisser, CIBLE, DEGATS, KO, GRAINE),
    "survie": _op(_survie, COMBATTANT, GRAINE),
    "soigner": _op(_soigner, COMBATTANT),
    "reveiller": _op(_reveiller, COMBATTANT),
}


# --- La vue -----------------------------------------------------------------------------


def _vue_combattant(combat: Combat, c: Combattant, rang: int | None) -> dict[str, Any]:
    return {
        "id": c.id,
        "nom": c.nom,
        "rang": rang,
        **dict(c.valeurs),
        "initiative": None if c.init is None else c.init.total,
        "initiative_detail": None if c.init is None else c.init.texte,
        "blessures": str(c.blessures) if not c.blessures.mort else "coup mortel",
        "legeres": c.blessures.legeres,
        "graves": c.blessures.graves,
        "critiques": c.blessures.critiques,
        "malus": c.malus,
        "malus_texte": signe_malus(c.malus),
        "etat": c.etat,
        "etat_texte": etat_texte(c),
        "accord": c.accord,
        "actif": combat.actif == c.id,
        "peut_agir": c.peut_agir,
        "ciblable": c.etat not in HORS_DE_COMBAT,
        "degats_mortels": c.degats_mortels,
        "jours_sans_soins": c.jours,
        "survie_texte": _survie_texte(c),
        # La meilleure des deux pour le jet de KO (une carac plus haute réussit toujours au moins aussi bien).
        "ko_conseille": "VOL" if c.v("vol") >= c.v("con") else "CON",
    }


def _survie_texte(c: Combattant) -> str:
    """Où en sont les jets de survie d'un combattant à l'agonie (vide sinon)."""
    if c.etat not in HORS_DE_COMBAT or c.degats_mortels is None:
        return ""
    jours = f"{compter(c.jours, 'jour')} sans soins"
    if c.etat == "soigne":
        soigne = accorde(c.accord, "soigné") if c.accord else "soins reçus"
        return f"{soigne} après {jours}, plus de jet de survie"
    if c.etat == "mort":
        return f"{accorde(c.accord, 'mort') if c.accord else 'décès'} après {jours}" if c.jours else ""
    return f"jets de survie contre {nombre_relatif(c.degats_mortels)}, {jours} jusqu'ici"


def vue(combat: Combat) -> dict[str, Any]:
    """Ce que le widget affiche, calculé par les règles (ordre, malus, états…)."""
    en_ordre = combat.en_ordre()
    actif = None if combat.actif is None else combat.combattant(combat.actif)
    return {
        "nom": combat.nom,
        "tour": combat.tour,
        "initiative_lancee": combat.tour > 0,
        "actif": combat.actif,
        "actif_nom": None if actif is None else actif.nom,
        "au_tour": _au_tour(combat) if combat.tour else "",
        "combattants": [_vue_combattant(combat, c, i + 1 if combat.ordre else None) for i, c in enumerate(en_ordre)],
        "resume": _resume(combat),
        "journal": list(combat.journal),
        "bornes": BORNES,
    }


def _resume(combat: Combat) -> str:
    n = len(combat.combattants)
    if not n:
        return "Aucun combattant pour l'instant."
    debout = sum(1 for c in combat.combattants if c.peut_agir)
    texte = f"{compter(n, 'combattant')}, dont {debout} en état d'agir."
    if combat.tour:
        texte = f"Tour {combat.tour}. {texte}"
    return texte


# --- Le point d'entrée ---------------------------------------------------------------------


def _creer(v: Valeurs) -> Reponse[Combat]:
    combat = Combat(_nom(v["nom"], NOM_COMBAT_MAX, "le nom du combat"))
    return Reponse(combat, f"Nouveau combat : {combat.nom}. Ajoutez les combattants, puis lancez l'initiative.")


#: Le suivi de combat D10 : chaque message entre aussi au journal du combat.
SUIVI: Suivi[Combat] = Suivi(
    nom="combat", titre="Suivi de combat", format=FORMAT, vue=vue, creer=Creation(_creer, (libre("nom", ""),)),
    operations=OPERATIONS, bornes=BORNES, noter=Combat.noter,
    # Un combat n'a pas de genre grammatical : les phrases disent « le combat « … » ».
    designation=lambda combat: (combat.nom, "", (f"le combat « {combat.nom} »", False)),
)


def operer(etat: object, op: object) -> dict[str, Any]:
    """Applique une opération à un combat sauvegardé (ou en crée un) : voir :meth:`Suivi.operer`.

    Rend ``{"etat", "vue", "message"}``, plus ``"graine"`` quand des dés ont roulé (pour
    rejouer ; jamais dans la phrase du joueur). Une erreur de règle ou de saisie lève
    :class:`JdrErreur` et ne change rien.
    """
    return dict(SUIVI.operer(etat, op))


__all__ = ["BORNES", "FORMAT", "SUIVI", "VERSION", "Combat", "operer", "vue"]
