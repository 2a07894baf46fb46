"""Le suivi de la fiche D10 : chaque jet part du lanceur « d10-action » avec les nombres de la
fiche (la caractéristique de la compétence, son niveau, le malus des blessures).

>>> r = operer(None, {"op": "creer", "nom": "Lina", "AGI": 6})
>>> r = operer(r["etat"], {"op": "changer_competence", "nom": "Tir", "annees": 6})
>>> print(r["message"])
Tir passe au niveau 3 (atteint après 6 ans de pratique régulière).
>>> r = operer(r["etat"], {"op": "agir", "competence": "Tir", "dv": 6, "graine": 3})
>>> r["rejeu"]["parametres"]["stat"], r["rejeu"]["parametres"]["comp"], r["rejeu"]["parametres"]["malus"]
(6, 3, 0)
"""

from __future__ import annotations

from typing import Any

from .. import suivi as contrat
from ..des import DesAleatoires
from ..erreurs import JdrErreur
from ..francais import de, nombre_relatif
from .action import DIFFICULTE_FIXE
from .blessures import Gravite
from .combat import ARME_MAX, ARME_MIN, ARMURE_MAX, ARMURE_MIN
from .fiche import (
    ARMES_MAX,
    COMPETENCES_DE_COMBAT,
    COMPETENCES_MAX,
    FORMAT,
    MODES_ARME,
    NOM_MAX,
    STAT_DEFAUT,
    STATS,
    Personnage,
    lire_stat,
)
from .lanceurs import ACTION, DV_MAX, DV_MIN
from .regles import ANNEES_MAX, COMP_MAX, COMP_MIN, DIVISEURS, STAT_MAX, STAT_MIN, duree

DV_DEFAUT = 6


def parametres_action(p: Personnage, competence: str = "", *, stat: str = "", dv: int = DV_DEFAUT,
                      automatique: bool = False) -> dict[str, Any]:
    """Les réglages du lanceur « d10-action » : la caractéristique et le niveau de la compétence
    (ou une caractéristique seule, compétence 0), le malus des blessures de la fiche.

    >>> lina = Personnage.nouveau("Lina", {"AGI": 6})
    >>> lina, _ = lina.blesser(Gravite.GRAVE)
    >>> v = parametres_action(lina, "Esquive", dv=4)
    >>> v["stat"], v["comp"], v["dv"], v["malus"]
    (6, 0, 4, 2)
    """
    if competence:
        c = p.competence(competence)
        valeur, niveau = p.stat(c.stat), c.niveau
    else:
        valeur, niveau = p.stat(stat), 0
    return ACTION.valider({"stat": valeur, "comp": niveau, "dv": dv, "malus": min(20, p.malus),
                           "automatique": automatique})


def jets_de(p: Personnage, dv: int = DV_DEFAUT, *, calculer: bool = True) -> list[dict[str, str]]:
    """Chaque jet de la fiche (une compétence, ou une caractéristique seule) et ses chances de
    réussir contre 5 + ``dv``, blessures comprises : la cote « réussite » du lanceur."""
    cas = [(c.nom, c.stat, f"{c.nom} ({c.stat} {p.stat(c.stat)} + {c.niveau})") for c in p.competences]
    cas += [("", abr, f"{abr} seule ({p.stat(abr)})") for abr in STATS]
    return contrat.avec_chances(
        ACTION, "reussite",
        (({"competence": competence, "stat": stat, "libelle": libelle},
          parametres_action(p, competence, stat=stat, dv=dv)) for competence, stat, libelle in cas),
        lambda chance, _p, _v: f"{chance} de chances de réussir contre {5 + dv}", calculer=calculer)


def vue(p: Personnage) -> dict[str, Any]:
    b = p.blessures
    return {
        "nom": p.nom,
        "stats": [{"cle": abr, "nom": STATS[abr], "valeur": v} for abr, v in p.stats],
        "competences": [{"nom": c.nom, "stat": c.stat, "niveau": c.niveau, "diviseur": c.diviseur,
                         "texte": str(c), "combat": (c.nom, c.stat) in COMPETENCES_DE_COMBAT,
                         # Les libellés des champs, élidés (« Niveau d'Esquive ») : jamais assemblés dans la page.
                         "champs": {"niveau": f"Niveau {de(c.nom)}", "annees": f"ou années de pratique {de(c.nom)}",
                                    "pratique": f"Pratique {de(c.nom)}"}}
                        for c in p.competences],
        "armes": [{"nom": a.nom, "texte": str(a)} for a in p.armes],
        "armure": p.armure,
        "blessures": {"legeres": b.legeres, "graves": b.graves, "critiques": b.critiques, "mort": b.mort},
        "blessures_texte": (f"{str(b)[0].upper()}{str(b)[1:]} : malus {nombre_relatif(-p.malus)} à tous les jets."
                            if p.malus else ("C'est la mort." if b.mort else "Aucune blessure : pas de malus.")),
        "jets": jets_de(p, calculer=False),
        "combat": p.pour_le_combat(),
        "combat_texte": _au_combat(p),
        "bornes": BORNES,
    }


def _au_combat(p: Personnage) -> str:
    """Ce que le suivi de combat prendra de la fiche, en une phrase.

    >>> print(_au_combat(Personnage.nouveau("Marek").ajouter_arme("Couteau", 3, "contact")))
    Au combat : AGI 5, CON 5, VOL 5 ; Corps à corps 0, Tir 0, Esquive 0 ; arme au contact 3, à distance 0 ; armure 0.
    """
    c = p.pour_le_combat()
    return (f"Au combat : AGI {c['agi']}, CON {c['con']}, VOL {c['vol']} ; Corps à corps {c['contact']}, "
            f"Tir {c['tir']}, Esquive {c['esquive']} ; arme au contact {c['arme_contact']}, à distance "
            f"{c['arme_tir']} ; armure {c['armure']}.")


BORNES: dict[str, Any] = {
    "nom_max": NOM_MAX, "stat_min": STAT_MIN, "stat_max": STAT_MAX, "stat_defaut": STAT_DEFAUT,
    "comp_min": COMP_MIN, "comp_max": COMP_MAX, "annees_max": ANNEES_MAX, "dv_min": DV_MIN, "dv_max": DV_MAX,
    "dv_defaut": DV_DEFAUT, "arme_min": ARME_MIN, "arme_max": ARME_MAX, "armure_min": ARMURE_MIN,
    "armure_max": ARMURE_MAX, "competences_max": COMPETENCES_MAX, "armes_max": ARMES_MAX,
    "stats": [[abr, f"{abr} ({nom})"] for abr, nom in STATS.items()],
    "diviseurs": [["1", "Pratique régulière"], ["2", "Pratique intensive (÷ 2)"],
                  ["3", "Pratique très intensive (÷ 3)"]],
    "modes": [[m, texte] for m, texte in MODES_ARME.items()],
    "gravites": [["légère", "Légère (−1)"], ["grave", "Grave (−2)"], ["critique", "Critique (−4)"]],
    "accords": contrat.ACCORDS_PROPOSES,
    "libelle_dv": f"Difficulté variable (la difficulté vaut {DIFFICULTE_FIXE} + DV)",
    #: Les valeurs de départ des champs d'ajout : une compétence au niveau 1, une arme légère.
    "defauts": {"niveau": 1, "arme": 3},
}

DV = contrat.entier("dv", "Difficulté variable (DV)", DV_MIN, DV_MAX, DV_DEFAUT)
NOM = contrat.libre("nom", "")
NIVEAU = contrat.entier("niveau", "Niveau", COMP_MIN, COMP_MAX, presence="facultatif")
ANNEES = contrat.entier("annees", "Années de pratique", 0, ANNEES_MAX, presence="facultatif")
DIVISEUR = contrat.choix("diviseur", "Pratique", [str(d) for d in DIVISEURS], "1", feminin=True)
GRAVITE = contrat.choix("gravite", "Gravité", ["légère", "grave", "critique"], feminin=True)


def _agir(p: Personnage, v: contrat.Valeurs) -> contrat.Reponse[Personnage]:
    if p.blessures.mort:
        raise JdrErreur(f"Pour {p.nom}, c'est la mort : plus aucun jet.")
    competence = str(v["competence"] or "")[:NOM_MAX]
    stat = "" if competence else lire_stat(v["stat"])
    valeurs = parametres_action(p, competence, stat=stat, dv=v["dv"], automatique=v["automatique"])
    tirage = contrat.graine(v)
    action = ACTION.lancer(valeurs, DesAleatoires(tirage))
    quoi = f"{p.competence(competence).nom}" if competence else f"{STATS[stat]} seule"
    malus = f", malus de blessures {nombre_relatif(-valeurs['malus'])}" if valeurs["malus"] else ""
    return contrat.Reponse(p, f"{p.nom} tente un jet {de(quoi)} contre {5 + v['dv']}{malus}. {action}",
                   tirage, contrat.rejeu(ACTION, valeurs, action))


def _simple(action: Any, libelle: Any, champs: tuple[contrat.Champ, ...] = ()) -> contrat.Operation[Personnage]:
    def appliquer(p: Personnage, v: contrat.Valeurs) -> contrat.Reponse[Personnage]:
        apres = action(p, v)
        return contrat.Reponse(apres, f"{libelle(p, apres, v)}.")
    return contrat.Operation(appliquer, champs)


def _blesser(p: Personnage, v: contrat.Valeurs) -> contrat.Reponse[Personnage]:
    apres, phrase = p.blesser(Gravite(v["gravite"]))
    return contrat.Reponse(apres, phrase)


def _niveau_dit(p: Personnage, nom: str) -> str:
    c = p.competence(nom)
    if c.niveau == 0:
        return f"{c.nom} passe au niveau 0"
    pratique = "régulière" if c.diviseur == 1 else f"intensive, ÷ {c.diviseur}"
    return f"{c.nom} passe au niveau {c.niveau} (atteint après {duree(c.annees)} de pratique {pratique})"


def _creer(v: contrat.Valeurs) -> contrat.Reponse[Personnage]:
    p = Personnage.nouveau(v["nom"], {abr: v[abr] for abr in STATS}, v["accord"])
    return contrat.Reponse(p, f"Nouvelle fiche : {p.nom}.")


OPERATIONS: dict[str, contrat.Operation[Personnage]] = {
    "agir": contrat.Operation(_agir, (contrat.libre("competence", ""), contrat.libre("stat", ""), DV,
                              contrat.oui_non("automatique", "Prendre la réussite automatique si elle est permise"),
                              contrat.GRAINE)),
    "ajouter_competence": _simple(
        lambda p, v: p.ajouter_competence(v["nom"], v["stat"], niveau=v["niveau"], annees=v["annees"],
                                          diviseur=int(v["diviseur"])),
        lambda p, apres, v: f"Nouvelle compétence : {_niveau_dit(apres, apres.competences[-1].nom)}",
        (NOM, contrat.choix("stat", "Caractéristique", list(STATS), feminin=True), NIVEAU, ANNEES, DIVISEUR)),
    "changer_competence": _simple(
        lambda p, v: p.changer_competence(str(v["nom"]), niveau=v["niveau"], annees=v["annees"],
                                          diviseur=int(v["diviseur"])),
        lambda p, apres, v: _niveau_dit(apres, str(v["nom"])), (NOM, NIVEAU, ANNEES, DIVISEUR)),
    "retirer_competence": _simple(lambda p, v: p.retirer_competence(str(v["nom"])),
                                  lambda p, apres, v: f"Compétence retirée : {p.competence(str(v['nom'])).nom}",
                                  (NOM,)),
    "ajouter_arme": _simple(lambda p, v: p.ajouter_arme(v["nom"], v["degats"], v["mode"]),
                            lambda p, apres, v: f"Nouvelle arme : {apres.armes[-1]}",
                            (NOM, contrat.entier("degats", "Dégâts de l'arme", ARME_MIN, ARME_MAX, 3),
                             contrat.choix("mode", "Mode", list(MODES_ARME), "contact"))),
    "retirer_arme": _simple(lambda p, v: p.retirer_arme(str(v["nom"])),
                            lambda p, apres, v: f"Arme retirée : {str(v['nom'])[:NOM_MAX]}", (NOM,)),
    "armure": _simple(lambda p, v: p.avec_armure(v["armure"]), lambda p, apres, v: f"Armure : {apres.armure}",
                      (contrat.entier("armure", "Armure", ARMURE_MIN, ARMURE_MAX),)),
    "blesser": contrat.Operation(_blesser, (GRAVITE,)),
    "guerir": _simple(lambda p, v: p.guerir(Gravite(v["gravite"])),
                      lambda p, apres, v: f"Une blessure {v['gravite']} guérit : {apres.blessures}", (GRAVITE,)),
    "renommer": contrat.renommage(Personnage.renommer),
}

#: La fiche d'un personnage du D10 : le second suivi du système, après le combat.
SUIVI: contrat.Suivi[Personnage] = contrat.Suivi(
    nom="fiche", titre="Fiche de personnage", format=FORMAT, vue=vue,
    # Le genre grammatical, s'il a été donné ; sinon les phrases de la page disent « la fiche de <nom> ».
    designation=lambda p: (p.nom, p.accord, None),
    creer=contrat.Creation(_creer, (NOM, *(contrat.entier(abr, nom, STAT_MIN, STAT_MAX, STAT_DEFAUT)
                                           for abr, nom in STATS.items()), contrat.ACCORD)),
    operations=OPERATIONS, bornes=BORNES,
    questions={"chances": contrat.Question(lambda p, v: {"jets": jets_de(p, v["dv"])}, (DV,))},
)


def operer(etat: object, op: object) -> dict[str, Any]:
    """Applique une opération à une fiche sauvegardée (ou en crée une) : voir :meth:`Suivi.operer`."""
    return dict(SUIVI.operer(etat, op))


__all__ = ["BORNES", "SUIVI", "jets_de", "operer", "parametres_action", "vue"]
