"""Les lanceurs du D10 : chaque mécanique déclare ses paramètres, ses cotes et son affichage.

Les cotes sont exactes (le dé ouvert est borné, sa loi est finie) et chaque résultat dit,
par ``classer``, quelles lignes de cotes il réalise : l'énumération de toutes les suites de
dés (``petits``) retrouve les cotes annoncées.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from ..des import SourceDes
from ..francais import majuscule, nombre_relatif
from ..issues import Famille, Graphique, Issues, Ligne, est
from ..loi import Loi
from ..mecanique import (
    Affichage,
    Choix,
    DeAffiche,
    Entier,
    GroupeAffiche,
    Mecanique,
    OuiNon,
    Parametre,
    Role,
    Valeurs,
    de_affiche,
)
from .action import (
    Action,
    DeOuvert,
    RegleAction,
    agir,
    reussite_automatique_possible,
)
from .blessures import (
    DEGATS_MAX,
    JOURS_MAX,
    Gravite,
    JetResistance,
    Survie,
    chance_resistance,
    distribution_survie,
    jet_ko,
    survivre,
)
from .combat import (
    ARME_MAX,
    ARMURE_MAX,
    DISTANCE_MAX,
    Arrondi,
    Attaque,
    Couvert,
    Defense,
    RegleCombat,
    attaquer,
    difficulte_melee,
    difficulte_tir,
    distribution_attaque,
    terme_distance,
)
from .regles import COMP_MAX, STAT_MAX, STAT_MIN, cas_de, difficulte_opposee

# --- Paramètres partagés ---------------------------------------------------------------

ENCHAINER = OuiNon("enchainer", "Un dé ajouté ou retranché qui montre 10 en appelle un autre (hypothèse)",
                   False, avance=True)
EGALITE = OuiNon("egalite", "Un total égal à la difficulté réussit, marge 0 (hypothèse)", True, avance=True)
MALUS = Entier("malus", "Malus de blessures", 0, 0, 20)
#: Les hypothèses du dé ouvert, réglables à la fin de chaque formulaire du D10.
HYPOTHESES = (ENCHAINER, EGALITE)
DV_MIN, DV_MAX = -10, 40


def _stat(nom: str, libelle: str, defaut: int) -> Entier:
    return Entier(nom, libelle, defaut, STAT_MIN, STAT_MAX)


def _comp(nom: str, libelle: str, defaut: int) -> Entier:
    return Entier(nom, libelle, defaut, 0, COMP_MAX)


def regle_de(v: Valeurs) -> RegleAction:
    return RegleAction(enchainer=v["enchainer"], egalite_reussit=v["egalite"])


def des_ouverts(de: DeOuvert) -> list[DeAffiche]:
    """Le premier dé (« somme »), puis les dés ajoutés (« succes ») ou retranchés (« echec »)."""
    montres = [de_affiche(de.des[0], "somme", 10)]
    role: Role = "succes" if de.sens > 0 else "echec"
    montres += [de_affiche(f, role, 10) for f in de.des[1:]]
    return montres


def _groupe_de(de: DeOuvert, titre: str = "Dé ouvert") -> GroupeAffiche:
    if de.sens > 0:
        titre += " (10 : on ajoute)"
    elif de.sens < 0:
        titre += " (1 : on retranche)"
    return {"titre": titre, "des": des_ouverts(de)}


REUSSITE, ECHEC = "Réussite", "Échec"
OUVERT_HAUT, OUVERT_BAS = "Premier dé 10 : on ajoute un D10", "Premier dé 1 : on retranche un D10"


def _premier_de(face: int) -> Callable[[Action], bool]:
    return lambda a: a.de is not None and a.de.des[0] == face


#: L'échec d'une action, qui ouvre aussi son graphique (« au moins » : tous les jets).
ECHEC_ACTION: Ligne[Action] = Ligne("echec", ECHEC, lambda a: not a.reussie, au_moins="tous les jets")
#: Chaque marge de réussite possible, de 0 à la compétence (la marge est plafonnée à COMP).
MARGES: Famille[Action] = Famille(
    lambda a: a.marge, lambda m: f"marge_{m}", lambda m: f"Réussite avec une marge de {m}",
    valeurs=lambda v, atteintes: range(v["comp"] + 1), au_moins=lambda m: f"réussite, marge {m} ou plus")
#: Une action : réussir ou non, chaque marge, le dé qui s'ouvre ; le graphique : l'échec, puis
#: chaque marge, lue aussi « au moins une marge de N ». La loi : toutes les suites de dés du
#: lanceur (le dé ouvert est borné).
ISSUES_ACTION: Issues[Action, Action] = Issues(
    resume=lambda a: a,
    lignes=(Ligne("reussite", REUSSITE, lambda a: a.reussie), ECHEC_ACTION, MARGES,
            Ligne("ouvert_haut", OUVERT_HAUT, _premier_de(10)), Ligne("ouvert_bas", OUVERT_BAS, _premier_de(1))),
    graphique=Graphique((ECHEC_ACTION, MARGES), "Marge", au_moins=True),
)


def _phrase_action(a: Action) -> str:
    if a.automatique:
        return "Réussite automatique, sans marge."
    if a.marge is None:
        return f"Échec : {nombre_relatif(a.total)} contre {nombre_relatif(a.difficulte)}."
    return f"Réussite, marge {a.marge}."


def _afficher_action(a: Action, details: list[str]) -> Affichage:
    return {
        "phrase": _phrase_action(a),
        "issue": "reussite" if a.reussie else "echec",
        "groupes": [] if a.de is None else [_groupe_de(a.de)],
        "details": [str(a), *details],
    }


def _mecanique_action(nom: str, titre: str, parametres: tuple[Parametre, ...],
                      lancer: Callable[[Valeurs, SourceDes], Action],
                      details: Callable[[Action, Valeurs], list[str]], *,
                      situation: Callable[[Action, Valeurs], str], dans_situation: tuple[str, ...],
                      petits: tuple[Mapping[str, object], ...]) -> Mecanique[Action]:
    """Une action du D10 ne diffère d'une autre que par son formulaire, sa difficulté (dans
    ``lancer``) et les détails qui l'expliquent : ses issues sont celles de toute action, et son
    affichage se tire de son lanceur ; les hypothèses ferment le formulaire."""
    return Mecanique(
        nom=nom,
        titre=titre,
        parametres=(*parametres, *HYPOTHESES),
        lancer=lancer,
        afficher=lambda a, v: _afficher_action(a, details(a, v)),
        issues=ISSUES_ACTION,
        petits=petits,
        situation=situation,
        dans_situation=dans_situation,
    )


# --- L'action ----------------------------------------------------------------------------


def _difficulte_action(v: Valeurs) -> int:
    return 5 + int(v["dv"])


def _automatique(v: Valeurs, stat: int, comp: int, difficulte: int) -> bool:
    return bool(v["automatique"]) and reussite_automatique_possible(stat, comp, difficulte)


def _lancer_action(v: Valeurs, des: SourceDes) -> Action:
    diff = _difficulte_action(v)
    return agir(v["stat"], v["comp"], diff, des=des, malus=v["malus"],
                automatique=_automatique(v, v["stat"], v["comp"], diff), regle=regle_de(v))


def _situation_action(a: Action, v: Valeurs) -> str:
    """« Caractéristique 4 + compétence 3 + D10 contre 11 (5 + DV 6) », malus compris quand il y en a un."""
    malus = f" − malus {v['malus']}" if v["malus"] else ""
    return (f"Caractéristique {v['stat']} + compétence {v['comp']} + D10{malus} contre {nombre_relatif(a.difficulte)} "
            f"(5 + DV {nombre_relatif(v['dv'])})")


def _details_action(a: Action, v: Valeurs) -> list[str]:
    details = [f"Difficulté : 5 + DV {nombre_relatif(v['dv'])} = {nombre_relatif(a.difficulte)}."]
    if v["automatique"] and not a.automatique:
        details.append("La réussite automatique n'était pas permise (carac + compétence ne dépasse pas "
                       "la difficulté) : le dé a roulé.")
    return details


ACTION = _mecanique_action(
    "d10-action",
    "Action : D10 + carac + compétence",
    (
        _stat("stat", "Caractéristique", 4),
        _comp("comp", "Compétence", 3),
        Entier("dv", "Difficulté variable (DV) : la difficulté vaut 5 + DV", 6, DV_MIN, DV_MAX),
        MALUS,
        OuiNon("automatique", "Le personnage prend la réussite automatique, sans marge, si elle est permise"),
    ),
    _lancer_action,
    _details_action,
    petits=({}, {"comp": 0, "enchainer": True}, {"stat": 10, "comp": 2, "dv": 0, "automatique": True},
            {"comp": 10, "dv": 20, "malus": 3, "egalite": False, "enchainer": True},
            {"stat": 1, "comp": 10, "dv": 2}),
    situation=_situation_action,
    dans_situation=("stat", "comp", "dv", "malus"),
)


# --- L'action opposée -----------------------------------------------------------------------


def _difficulte_opposition(v: Valeurs) -> int:
    return difficulte_opposee(v["stat_adverse"], v["comp_adverse"], cas_de(v["comp"] > 0, v["comp_adverse"] > 0))


def _lancer_opposition(v: Valeurs, des: SourceDes) -> Action:
    return agir(v["stat"], v["comp"], _difficulte_opposition(v), des=des, malus=v["malus"], regle=regle_de(v))


def _details_opposition(a: Action, v: Valeurs) -> list[str]:
    cas = cas_de(v["comp"] > 0, v["comp_adverse"] > 0)
    termes = f"5 + {v['stat_adverse']}" + (f" + {v['comp_adverse']}" if v["comp_adverse"] else "")
    if cas.ajustement:
        termes += f" {'+' if cas.ajustement > 0 else '−'} {abs(cas.ajustement)}"
    return [f"Difficulté : {termes} = {nombre_relatif(a.difficulte)}.", f"Cas : {cas.libelle}."]


OPPOSITION = _mecanique_action(
    "d10-opposition",
    "Action contre un autre personnage",
    (
        _stat("stat", "Caractéristique de celui qui agit", 5),
        _comp("comp", "Sa compétence (0 : sans compétence)", 3),
        _stat("stat_adverse", "Caractéristique de l'adversaire", 4),
        _comp("comp_adverse", "Compétence de l'adversaire (0 : sans compétence)", 2),
        MALUS,
    ),
    _lancer_opposition,
    _details_opposition,
    petits=({}, {"comp": 0}, {"comp_adverse": 0, "comp": 6}),
    situation=lambda a, v: (f"Caractéristique {v['stat']} + compétence {v['comp']} + D10 contre "
                            f"{nombre_relatif(a.difficulte)} (l'adversaire : caractéristique {v['stat_adverse']} "
                            f"+ compétence {v['comp_adverse']})"),
    dans_situation=("stat", "comp", "stat_adverse", "comp_adverse"),
)


# --- L'attaque et ses dégâts ------------------------------------------------------------------

MODES = (("contact", "au contact"), ("tir", "à distance (arme de poing)"))
COUVERTS = tuple((str(c.value), c.libelle) for c in Couvert)
ARRONDIS = ((Arrondi.ENTAMEE.value, "une tranche de 10 m commencée compte"),
            (Arrondi.COMPLETE.value, "seules les tranches de 10 m complètes comptent"))
LIBELLES_GRAVITE = {
    Gravite.ERAFLURE: "Une éraflure", Gravite.LEGERE: "Une blessure légère", Gravite.GRAVE: "Une blessure grave",
    Gravite.CRITIQUE: "Une blessure critique", Gravite.MORT: "La mort",
}
MANQUE: Ligne[Gravite | None] = Ligne("manque", "L'attaque manque", est(None), au_moins="tous les jets")
#: Chaque gravité, de l'éraflure à la mort (« au moins grave » se lit « grave ou pire »).
GRAVITES: tuple[Ligne[Gravite | None], ...] = tuple(
    Ligne(g.name.lower(), libelle, est(g), au_moins=f"{libelle.lower()} ou pire")
    for g, libelle in LIBELLES_GRAVITE.items())


DEGATS_OUVERTS = OuiNon("degats_ouverts", "Le dé des dégâts est ouvert, comme celui de l'action (hypothèse)",
                        False, avance=True)
COMPENSER = OuiNon("compenser", "Au contact, la difficulté bouge de ±5 quand un seul des deux a sa compétence "
                   "(arme ou Esquive), comme pour toute action opposée (hypothèse)", False, avance=True)


def combat_de(v: Valeurs) -> RegleCombat:
    return RegleCombat(degats_ouverts=v["degats_ouverts"], compenser=v["compenser"])


def _difficulte_attaque(v: Valeurs) -> int:
    if v["mode"] == "contact":
        return difficulte_melee(v["agi_adverse"], v["esquive"], comp_attaquant=v["comp"], regle=combat_de(v))
    return difficulte_tir(v["distance"], v["esquive"], Arrondi(v["arrondi"]))


def _defense(v: Valeurs) -> Defense:
    return Defense(v["con"], v["armure"], Couvert(int(v["couvert"])))


def _lancer_attaque(v: Valeurs, des: SourceDes) -> Attaque:
    return attaquer(_difficulte_attaque(v), agi=v["agi"], comp=v["comp"], arme=v["arme"], defense=_defense(v),
                    des=des, malus=v["malus"], regle=regle_de(v), combat=combat_de(v))


#: La gravité infligée (``None`` : l'attaque manque) ; le graphique : manqué, puis chaque gravité.
#: La loi : celle de l'action groupée par marge, puis le dé des dégâts.
ISSUES_ATTAQUE: Issues[Attaque, Gravite | None] = Issues(
    resume=lambda a: a.gravite,
    lignes=(Ligne("touche", "L'attaque touche", lambda g: g is not None), MANQUE, *GRAVITES),
    graphique=Graphique((MANQUE, *GRAVITES), "Blessure infligée", au_moins=True),
    loi=lambda v: distribution_attaque(_difficulte_attaque(v), agi=v["agi"], comp=v["comp"], arme=v["arme"],
                                       defense=_defense(v), malus=v["malus"], regle=regle_de(v), combat=combat_de(v)),
)


def _situation_attaque(a: Attaque, v: Valeurs) -> str:
    """Au contact, la difficulté que font l'AGI et l'Esquive de l'adversaire ; à distance, la distance."""
    if v["mode"] == "contact":
        return (f"Au contact : AGI {v['agi']} + compétence {v['comp']} + D10 contre 5 "
                f"+ AGI {v['agi_adverse']} + Esquive {v['esquive']} de l'adversaire")
    return f"À distance, à {v['distance']} m : AGI {v['agi']} + compétence {v['comp']} + D10"


def _afficher_attaque(a: Attaque, v: Valeurs) -> Affichage:
    diff = a.action.difficulte
    if v["mode"] == "contact":
        ecart = diff - (5 + v["agi_adverse"] + v["esquive"])
        correction = f" {'+' if ecart > 0 else '−'} {abs(ecart)}" if ecart else ""
        detail = f"Difficulté : 5 + AGI {v['agi_adverse']} + Esquive {v['esquive']}{correction} = {diff}."
    else:
        x = terme_distance(v["distance"], Arrondi(v["arrondi"]))
        detail = f"Difficulté : 5 + X {x} ({v['distance']} m) + Esquive {v['esquive']} = {diff}."
    groupes = [_groupe_de(a.action.de, "Attaque")] if a.action.de is not None else []
    if a.degats is None:
        return {"phrase": "L'attaque manque.", "issue": "echec", "groupes": groupes,
                "details": [str(a.action), detail]}
    ouvert = a.degats.ouvert
    groupes.append({"titre": "Dégâts" if ouvert is None else _groupe_de(ouvert, "Dégâts")["titre"],
                    "des": [de_affiche(a.degats.de, "somme", 10)] if ouvert is None else des_ouverts(ouvert)})
    return {
        "phrase": f"Touché : {a.degats.gravite.libelle} ({nombre_relatif(a.degats.valeur)} de dégâts).",
        "issue": "reussite",
        "groupes": groupes,
        "details": [str(a.action), detail, str(a.degats)],
    }


ATTAQUE: Mecanique[Attaque] = Mecanique(
    nom="d10-attaque",
    titre="Attaque et dégâts",
    parametres=(
        Choix("mode", "Attaque", "contact", MODES),
        _stat("agi", "AGI de l'attaquant", 5),
        _comp("comp", "Compétence d'arme de l'attaquant", 3),
        _stat("agi_adverse", "AGI du défenseur (au contact)", 4),
        _comp("esquive", "Esquive du défenseur", 2),
        Entier("distance", "Distance en mètres (à distance)", 10, 1, DISTANCE_MAX),
        Entier("arme", "Dégâts de l'arme", 5, 0, ARME_MAX),
        _stat("con", "CON du défenseur", 4),
        Entier("armure", "Armure du défenseur", 0, 0, ARMURE_MAX),
        Choix("couvert", "Couvert du défenseur", "0", COUVERTS),
        MALUS,
        Choix("arrondi", "Distance : tranches de 10 m (hypothèse)", Arrondi.ENTAMEE.value, ARRONDIS, avance=True),
        COMPENSER,
        DEGATS_OUVERTS,
        *HYPOTHESES,
    ),
    lancer=_lancer_attaque,
    afficher=_afficher_attaque,
    issues=ISSUES_ATTAQUE,
    situation=_situation_attaque,
    dans_situation=("mode", "agi", "comp", "agi_adverse", "esquive", "distance"),
    petits=({}, {"mode": "tir", "distance": 30, "couvert": "5", "arme": 12, "comp": 6},
            {"comp": 0, "arme": 20, "con": 1, "enchainer": True},
            {"comp": 0, "esquive": 2, "compenser": True, "degats_ouverts": True},
            {"comp": 3, "esquive": 0, "compenser": True, "degats_ouverts": True, "enchainer": True, "arme": 1}),
)


# --- Jet de KO ------------------------------------------------------------------------------

CARACS = (("VOL", "Volonté (VOL)"), ("CON", "Constitution (CON)"))


def _lancer_ko(v: Valeurs, des: SourceDes) -> JetResistance:
    return jet_ko(v["degats"], v["valeur"], carac=v["carac"], des=des, malus=v["malus"], regle=regle_de(v))


#: Rester conscient ou non ; la loi : la chance de résister, sans énumérer le dé ouvert.
ISSUES_KO: Issues[JetResistance, bool] = Issues(
    resume=lambda j: j.reussi,
    lignes=(Ligne("conscient", "Reste conscient", est(True)), Ligne("ko", "KO", est(False))),
    loi=lambda v: Loi.booleenne(chance_resistance(v["degats"], v["valeur"], malus=v["malus"], regle=regle_de(v))),
)


def _afficher_resistance(j: JetResistance, titre: str) -> Affichage:
    return {
        "phrase": f"{majuscule(j.issue)}.",
        "issue": "reussite" if j.reussi else "echec",
        "groupes": [] if j.de is None else [_groupe_de(j.de, titre)],
        "details": [str(j)],
    }


KO_MECANIQUE: Mecanique[JetResistance] = Mecanique(
    nom="d10-ko",
    titre="Jet de KO",
    parametres=(
        # Dès 1 : une éraflure (moins de 1) ne blesse pas et n'appelle aucun jet de KO.
        Entier("degats", "Dégâts du coup (la difficulté)", 8, 1, DEGATS_MAX),
        Choix("carac", "Caractéristique choisie", "VOL", CARACS),
        _stat("valeur", "Sa valeur", 5),
        MALUS,
        *HYPOTHESES,
    ),
    lancer=_lancer_ko,
    afficher=lambda j, v: _afficher_resistance(j, "Jet de KO"),
    issues=ISSUES_KO,
    petits=({}, {"degats": 3, "valeur": 4}, {"degats": 12, "malus": 2, "enchainer": True, "egalite": False}),
    situation=lambda j, v: f"Jet de KO : {v['carac']} {v['valeur']} + D10 contre des dégâts de {v['degats']}",
    dans_situation=("carac", "valeur", "degats"),
)


# --- Jets de survie ------------------------------------------------------------------------


def _libelle_jour(jour: int) -> str:
    if jour == 0:
        return "Meurt avant les soins"
    return f"Meurt le jour {jour} sans soins"


def _lancer_survie(v: Valeurs, des: SourceDes) -> Survie:
    return survivre(v["degats"], v["con"], des=des, jours_sans_soins=v["jours"], regle=regle_de(v))


#: Le jour de la mort (``None`` : le mourant survit) : survivre, puis mourir chaque jour jusqu'au
#: dernier joué. La loi : la chaîne des jets de survie, jour après jour.
ISSUES_SURVIE: Issues[Survie, int | None] = Issues(
    resume=lambda s: s.jour_de_la_mort,
    lignes=(Ligne("survit", "Survit", est(None)),
            Famille(lambda jour: jour, lambda jour: f"meurt_{jour}", _libelle_jour,
                    valeurs=lambda v, atteints: range(v["jours"] + 1))),
    loi=lambda v: distribution_survie(v["degats"], v["con"], jours_sans_soins=v["jours"], regle=regle_de(v)),
)


def _afficher_survie(s: Survie, v: Valeurs) -> Affichage:
    lignes = s.__str__().splitlines()
    groupes: list[GroupeAffiche] = []
    for i, j in enumerate(s.jets):
        if j.de is not None:
            groupes.append(_groupe_de(j.de, "Jusqu'aux soins" if i == 0 else f"Jour {i}"))
    return {"phrase": lignes[-1], "issue": "reussite" if s.survit else "echec", "groupes": groupes,
            "details": lignes[:-1]}


SURVIE: Mecanique[Survie] = Mecanique(
    nom="d10-survie",
    titre="Jets de survie",
    parametres=(
        Entier("degats", "Dégâts du coup mortel (la difficulté)", 16, -10, DEGATS_MAX),
        _stat("con", "CON du mourant", 6),
        Entier("jours", "Jours passés sans soins après le premier jet", 0, 0, min(JOURS_MAX, 30)),
        *HYPOTHESES,
    ),
    lancer=_lancer_survie,
    afficher=_afficher_survie,
    issues=ISSUES_SURVIE,
    petits=({}, {"jours": 2, "degats": 12}, {"jours": 1, "degats": 14, "enchainer": True, "egalite": False}),
    situation=lambda s, v: f"Jets de survie : CON {v['con']} + D10 contre des dégâts de {v['degats']}",
    dans_situation=("con", "degats"),
)

MECANIQUES: tuple[Mecanique[Any], ...] = (ACTION, OPPOSITION, ATTAQUE, KO_MECANIQUE, SURVIE)
