"""Les lanceurs du 3D6 déclarés au registre : test, opposition, attaque."""

from __future__ import annotations

from typing import Any

from ..francais import accorder, compter, majuscule
from ..issues import Famille, Graphique, Issues, Ligne, est
from ..loi import Loi
from ..mecanique import (
    ISSUE_DU_GAGNANT,
    Affichage,
    Choix,
    DeAffiche,
    Entier,
    Mecanique,
    OuiNon,
    Valeurs,
    de_affiche,
    des_comptes,
)
from .combat import Attaque, ReglagesAttaque
from .opposition import Opposition, distribution_opposition, opposer
from .tables import ARMES, DIFFICULTES, PROTECTIONS
from .test import (
    CARACTERISTIQUE_MAX,
    CARACTERISTIQUE_MIN,
    DIFFICULTE_MAX,
    FP_MAX,
    MODIFICATEURS_MAX,
    RELANCES_MAX,
    Critique,
    JetTest,
    ReglagesTest,
    RegleCritique,
)

REGLE_CRITIQUE = Choix(
    "regle_critique",
    "Triples sur 2 ou 4 dés (hypothèse)",
    RegleCritique.TRIPLE.value,
    choix=(
        (RegleCritique.TRIPLE.value, "trois dés identiques"),
        (RegleCritique.TOUS.value, "tous les dés identiques"),
        (RegleCritique.SEULEMENT_3D6.value, "seulement sur 3D6"),
    ),
    avance=True,
)

MODIFICATEUR_CHOIX = (
    ("aucun", "ni avantage ni désavantage"),
    ("avantage", "avantage (4D6)"),
    ("desavantage", "désavantage (2D6)"),
)


def _carac(nom: str, libelle: str, defaut: int = 3) -> Entier:
    return Entier(nom, libelle, defaut, CARACTERISTIQUE_MIN, CARACTERISTIQUE_MAX)


def _fp(nom: str = "fp", libelle: str = "Facteur de puissance") -> Entier:
    return Entier(nom, libelle, 0, 0, FP_MAX)


def _modif(valeur: object) -> dict[str, int]:
    return {"avantages": int(valeur == "avantage"), "desavantages": int(valeur == "desavantage")}


def des_affiches(jet: JetTest) -> list[DeAffiche]:
    """Les dés finaux (succès ou non), puis les faces écartées par une relance."""
    return [*des_comptes(jet.des, jet.compte), *(de_affiche(r.avant, "ecarte") for r in jet.relances)]


def _details_jet(jet: JetTest) -> list[str]:
    lignes = [f"{len(jet.des)}D6 contre {jet.caracteristique} : {compter(jet.succes_des, 'succès', 'succès')} aux dés"]
    if jet.fp:
        lignes.append(f"Facteur de puissance : {compter(jet.fp, 'succès automatique', 'succès automatiques')}")
    for r in jet.relances:
        lignes.append(f"Relance : le {r.avant} devient {r.apres}")
    if jet.critique is not Critique.AUCUN:
        lignes.append(f"Triple : {jet.critique.value}")
    return lignes


# --- Test simple -------------------------------------------------------------

def _reglages_test(v: Valeurs, prefixe: str = "") -> ReglagesTest:
    """Le test que décrivent les valeurs du formulaire : le lanceur et les cotes partent de là."""
    return ReglagesTest(
        v[prefixe + "caracteristique"],
        avantages=v.get(prefixe + "avantages", 0),
        desavantages=v.get(prefixe + "desavantages", 0),
        relances=v.get(prefixe + "relances", 0),
        fp=v.get(prefixe + "fp", 0),
        difficulte=v.get(prefixe + "difficulte"),
        regle_critique=RegleCritique(v["regle_critique"]),
    )


def _lancer_test(v: Valeurs, des: Any) -> JetTest:
    return _reglages_test(v).lancer(des)


def _reussir(v: Valeurs) -> str:
    return f"Réussir (difficulté {v['difficulte']})"


#: Réussir, et les deux triples ; le graphique : une barre par nombre de succès, de 0 au plus
#: grand possible, lue aussi « au moins N succès ». La loi : celle du test, relances comprises.
ISSUES_TEST: Issues[JetTest, JetTest] = Issues(
    resume=lambda jet: jet,
    lignes=(
        Ligne("reussite", _reussir, lambda jet: bool(jet.reussi)),
        Ligne("reussite_critique", "Réussite critique", lambda jet: jet.critique is Critique.REUSSITE),
        Ligne("echec_critique", "Échec critique", lambda jet: jet.critique is Critique.ECHEC),
    ),
    graphique=Graphique((Famille(lambda jet: jet.succes, str, lambda n: compter(n, "succès", "succès"),
                                 valeurs=lambda v, atteintes: range(max(atteintes) + 1),
                                 au_moins=lambda n: f"au moins {n} {accorder(n, 'succès', 'succès')}"),),
                        "Nombre de succès", au_moins=True),
    loi=lambda v: _reglages_test(v).loi(),
)


def nom_difficulte(difficulte: int) -> str:
    """Le nom du niveau, sans sa précision : « moyenne », « extrême », « surhumaine » au-delà de 4."""
    return DIFFICULTES.get(difficulte, "surhumaine").split(" (")[0]


def phrase_test(jet: JetTest, difficulte: int) -> str:
    """La phrase du lanceur de test : le verdict, les succès et ce que demandait l'action.

    >>> from jdr_core.des import DesScriptes
    >>> from jdr_core.troisd6.test import tester
    >>> print(phrase_test(tester(3, difficulte=3, des=DesScriptes([1, 5, 6])), 3))
    Raté : 1 succès pour une action difficile (3 succès demandés).
    """
    if jet.critique is Critique.REUSSITE:
        return "Réussite critique ! L'action réussit au-delà des espérances."
    if jet.critique is Critique.ECHEC:
        return "Échec critique ! L'action échoue, et quelque chose tourne mal."
    demandes = compter(difficulte, "succès demandé", "succès demandés")
    verdict = "Réussi" if jet.reussi else "Raté"
    succes = compter(jet.succes, "succès", "succès")
    return f"{verdict} : {succes} pour une action {nom_difficulte(difficulte)} ({demandes})."


def _afficher_test(jet: JetTest, v: Valeurs) -> Affichage:
    phrase = phrase_test(jet, v["difficulte"])
    return {
        "phrase": phrase,
        "issue": "reussite" if jet.reussi else "echec",
        "groupes": [{"titre": "Dés", "des": des_affiches(jet)}],
        "details": _details_jet(jet),
    }


def _situation_test(jet: JetTest, v: Valeurs) -> str:
    """« Caractéristique 3, 3D6 contre 2 succès demandés » : le nombre de dés est celui du jet
    (avantages et désavantages compris)."""
    return (f"Caractéristique {v['caracteristique']}, {len(jet.des_initiaux)}D6 contre "
            f"{compter(v['difficulte'], 'succès demandé', 'succès demandés')}")


TEST: Mecanique[JetTest] = Mecanique(
    nom="3d6-test",
    titre="Test",
    parametres=(
        _carac("caracteristique", "Caractéristique"),
        Entier("avantages", "Avantages", 0, 0, MODIFICATEURS_MAX),
        Entier("desavantages", "Désavantages", 0, 0, MODIFICATEURS_MAX),
        Entier("relances", "Relances", 0, 0, RELANCES_MAX),
        _fp(),
        Entier("difficulte", "Difficulté (succès demandés)", 2, 0, DIFFICULTE_MAX),
        REGLE_CRITIQUE,
    ),
    lancer=_lancer_test,
    afficher=_afficher_test,
    issues=ISSUES_TEST,
    petits=({}, {"avantages": 1, "relances": 1}, {"desavantages": 1, "fp": 1, "difficulte": 3},
            {"regle_critique": "tous", "avantages": 1}),
    situation=_situation_test,
    dans_situation=("caracteristique", "difficulte"),
)


# --- Opposition --------------------------------------------------------------

def _v_opposant(v: Valeurs, camp: str) -> dict[str, Any]:
    return {
        "caracteristique": v[f"caracteristique_{camp}"],
        "fp": v[f"fp_{camp}"],
        **_modif(v[f"modificateur_{camp}"]),
        "regle_critique": v["regle_critique"],
    }


def _lancer_opposition(v: Valeurs, des: Any) -> Opposition:
    jet_a, jet_b = (_reglages_test(_v_opposant(v, camp)).lancer(des) for camp in ("a", "b"))
    return opposer(jet_a, jet_b, noms=("le personnage", "l'adversaire"),
                   critiques_decisifs=v["critiques_decisifs"])


def _loi_opposition(v: Valeurs) -> Loi[int | None]:
    """Qui l'emporte, tiré des lois des deux tests (succès et triple de chaque camp)."""
    a, b = (_reglages_test(_v_opposant(v, camp)).loi().map(lambda j: (j.succes, j.critique)) for camp in ("a", "b"))
    return distribution_opposition(a, b, v["critiques_decisifs"])


#: Qui l'emporte : 0, le personnage ; 1, l'adversaire ; ``None``, personne.
ISSUES_OPPOSITION: Issues[Opposition, int | None] = Issues(
    resume=lambda o: o.gagnant,
    lignes=(Ligne("personnage", "Le personnage l'emporte", est(0)), Ligne("egalite", "Égalité", est(None)),
            Ligne("adversaire", "L'adversaire l'emporte", est(1))),
    loi=_loi_opposition,
)


def _afficher_opposition(o: Opposition, v: Valeurs) -> Affichage:
    return {
        "phrase": str(o),
        "issue": ISSUE_DU_GAGNANT[o.gagnant],
        "groupes": [
            {"titre": majuscule(o.noms[0]), "des": des_affiches(o.jet_a)},
            {"titre": majuscule(o.noms[1]), "des": des_affiches(o.jet_b)},
        ],
        "details": [f"{majuscule(o.noms[0])} : " + " ; ".join(_details_jet(o.jet_a)),
                    f"{majuscule(o.noms[1])} : " + " ; ".join(_details_jet(o.jet_b))],
    }


OPPOSITION: Mecanique[Opposition] = Mecanique(
    nom="3d6-opposition",
    titre="Opposition",
    parametres=(
        _carac("caracteristique_a", "Caractéristique du personnage"),
        Choix("modificateur_a", "Circonstances du personnage", "aucun", MODIFICATEUR_CHOIX),
        _fp("fp_a", "FP du personnage"),
        _carac("caracteristique_b", "Caractéristique de l'adversaire"),
        Choix("modificateur_b", "Circonstances de l'adversaire", "aucun", MODIFICATEUR_CHOIX),
        _fp("fp_b", "FP de l'adversaire"),
        OuiNon("critiques_decisifs", "Un triple décide de l'opposition avant les succès (hypothèse)", False,
               avance=True),
        REGLE_CRITIQUE,
    ),
    lancer=_lancer_opposition,
    afficher=_afficher_opposition,
    issues=ISSUES_OPPOSITION,
    petits=({}, {"critiques_decisifs": True, "modificateur_b": "desavantage", "fp_a": 1}),
    situation=lambda r, v: f"Caractéristique {v['caracteristique_a']} contre caractéristique "
                           f"{v['caracteristique_b']} de l'adversaire",
    dans_situation=("caracteristique_a", "caracteristique_b"),
)


# --- Attaque -----------------------------------------------------------------

DEFENSES = (
    ("0", "pas de défense"),
    ("1", "position défensive (1 action) : 1 succès de plus"),
    ("2", "position défensive totale ou en réaction : 2 succès de plus"),
)


def _reglages_attaque(v: Valeurs) -> ReglagesAttaque:
    """L'attaque que décrivent les valeurs du formulaire : le lanceur et les cotes partent de là."""
    return ReglagesAttaque(
        v["physique"], int(v["arme"]), protection=int(v["protection"]), fp=v["fp"],
        fp_protection=v["fp_protection"], defense=int(v["defense"]), automatique=v["automatique"],
        avantages=int(v["preparer"]), relances=v["relances"], regle_critique=RegleCritique(v["regle_critique"]),
    )


def _lancer_attaque(v: Valeurs, des: Any) -> Attaque:
    return _reglages_attaque(v).lancer(des)


def _toucher(v: Valeurs) -> str:
    requis = 1 + int(v["defense"])
    return f"Toucher ({requis} succès {accorder(requis, 'demandé')})"


def _pe_perdus(n: int) -> str:
    return compter(n, "PE perdu", "PE perdus")


#: Toucher, faire perdre des PE, casser son arme ; le graphique : raté, puis touché avec 0, 1,
#: 2… PE perdus (jusqu'au plus grand possible), « au moins N PE » se lisant de droite à gauche.
ISSUES_ATTAQUE: Issues[Attaque, Attaque] = Issues(
    resume=lambda a: a,
    lignes=(
        Ligne("touche", _toucher, lambda a: a.touche),
        Ligne("pe_perdus", "Toucher et faire perdre au moins 1 PE", lambda a: a.touche and a.degats > 0),
        Ligne("arme_cassee", "Échec critique (arme cassée)", lambda a: a.arme_cassee),
    ),
    graphique=Graphique((
        Ligne("rate", "Raté", lambda a: not a.touche, au_moins="tous les jets"),
        Famille(lambda a: a.degats if a.touche else None, str, lambda n: f"Touché, {_pe_perdus(n)}",
                valeurs=lambda v, atteintes: range(max(atteintes, default=0) + 1),
                au_moins=lambda n: "touché" if n == 0 else f"touché, au moins {_pe_perdus(n)}"),
    ), "PE perdus par la cible", au_moins=True),
    loi=lambda v: _reglages_attaque(v).loi(),
)


def phrase_attaque(a: Attaque) -> str:
    """La phrase du lanceur d'attaque : touché ou non, et les PE que perd la cible.

    >>> from jdr_core.des import DesScriptes
    >>> from jdr_core.troisd6.combat import attaquer
    >>> print(phrase_attaque(attaquer(3, arme=1, protection=2, des=DesScriptes([1, 5, 6]))))
    Touché, mais la protection absorbe tous les dégâts.
    """
    perte = "la cible ne perd aucun PE" if a.degats == 0 else f"la cible perd {a.degats} PE"
    if a.touche and a.jet.critique is Critique.REUSSITE:
        return f"Réussite critique : dégâts de base doublés, {perte}."
    if a.touche and a.degats == 0:
        return "Touché, mais la protection absorbe tous les dégâts."
    if a.touche:
        return f"Touché ! {majuscule(perte)}."
    if a.arme_cassee:
        return "Échec critique : l'attaque rate et l'arme est cassée ou inutilisable."
    return "Raté : l'attaque ne touche pas."


def _afficher_attaque(a: Attaque, v: Valeurs) -> Affichage:
    phrase = phrase_attaque(a)
    return {
        "phrase": phrase,
        "issue": "reussite" if a.touche else "echec",
        "groupes": [{"titre": "Attaque", "des": des_affiches(a.jet)}],
        "details": [*_details_jet(a.jet), str(a)],
    }


def _libelles(table: dict[int, tuple[str, ...]]) -> tuple[tuple[str, str], ...]:
    return tuple((str(k), f"{k} : {', '.join(v[:3])}") for k, v in table.items())


ATTAQUE: Mecanique[Attaque] = Mecanique(
    nom="3d6-attaque",
    titre="Attaque et dégâts",
    parametres=(
        _carac("physique", "Physique de l'attaquant"),
        Choix("arme", "Arme (dégâts de base)", "2", _libelles(ARMES)),
        Choix("protection", "Protection de la cible", "0", _libelles(PROTECTIONS)),
        _fp("fp", "FP de l'attaquant (domaine de l'arme)"),
        _fp("fp_protection", "FP de la protection"),
        Choix("defense", "Défense de la cible", "0", DEFENSES),
        OuiNon("preparer", "L'attaquant a préparé son coup (avantage)", False),
        Entier("relances", "Relances", 0, 0, RELANCES_MAX),
        OuiNon("automatique", "Les dégâts sont automatiques : la protection ne compte pas", False),
        REGLE_CRITIQUE,
    ),
    lancer=_lancer_attaque,
    afficher=_afficher_attaque,
    issues=ISSUES_ATTAQUE,
    petits=({}, {"defense": "2", "protection": "2", "fp_protection": 1}, {"preparer": True, "relances": 1}),
    situation=lambda r, v: (f"Physique {v['physique']}, arme de dégâts {v['arme']} contre une protection de "
                            f"{v['protection']}"),
    dans_situation=("physique", "arme", "protection"),
)

MECANIQUES: tuple[Mecanique[Any], ...] = (TEST, OPPOSITION, ATTAQUE)

