"""Le suivi de la fiche 2D6 : chaque jet part du lanceur « 2d6-test » avec les nombres de la fiche.

Une compétence se jette à 7 + niveau, une caractéristique ou un attribut à 2 + valeur ; sans
la compétence, le jet par défaut (2 + caractéristique), aidé d'une compétence proche de la
fiche, ou refusé d'office si l'action demande une formation. Dans une scène, une réussite
critique laisse son Dd en bonus au jet suivant : la fiche le garde et l'ajoute.

>>> r = operer(None, {"op": "creer", "nom": "Philip", "dex": 4})
>>> r = operer(r["etat"], {"op": "ajouter_competence", "nom": "Mécanique", "niveau": 2})
>>> r = operer(r["etat"], {"op": "lancer", "jet": "competence", "nom": "mécanique", "autre": -2, "graine": 4})
>>> print(r["message"])
Philip tente un jet de Mécanique (niveau 2) et fait 2 et 3 = 5 contre 7 : réussite. L'action aboutit.
"""

from __future__ import annotations

from typing import Any

from .. import suivi as contrat
from ..des import DesAleatoires
from ..erreurs import JdrErreur
from ..francais import de, signe
from .fiche import (
    ATTRIBUTS_MAX,
    BONUS_MAX,
    CARACTERISTIQUE_DEFAUT,
    CARACTERISTIQUES,
    COMPETENCES_MAX,
    FORMAT,
    NOM_MAX,
    Personnage,
)
from .jet import (
    BASE_COMPETENCE,
    CARACTERISTIQUE_MAX,
    CARACTERISTIQUE_MIN,
    MODIFICATEURS,
    NIVEAU_MAX,
    NIVEAU_MIN,
    EchecAutomatique,
)
from .lanceurs import AUTRE_MAX, AUTRE_MIN, REUSSIE, TEST, cible_test

JETS = ("competence", "caracteristique", "attribut", "sans_competence")


def parametres_jet(p: Personnage, jet: str, nom: str, *, difficulte: int = 0, autre: int = 0, proche: str = "",
                   formation: bool = False) -> contrat.Valeurs:
    """Les réglages du lanceur « 2d6-test » pour ce jet de la fiche ; le bonus d'un critique
    précédent s'ajoute à l'« autre modificateur ».

    >>> p = Personnage.nouveau("Philip", {"dex": 4}).ajouter_competence("Pilotage avion", 1, formation=True)
    >>> v = parametres_jet(p, "sans_competence", "dex", proche="Pilotage avion", formation=True)
    >>> v["jet"], v["caracteristique"], v["proche"], v["niveau_proche"], cible_test(v)
    ('sans_competence', 4, True, 1, 6)
    """
    bruts: dict[str, object] = {"difficulte": str(difficulte), "autre": max(AUTRE_MIN, min(AUTRE_MAX,
                                                                                         autre + p.bonus_prochain))}
    if jet == "competence":
        bruts |= {"jet": "competence", "niveau": p.competence(nom).niveau}
    elif jet == "caracteristique":
        bruts |= {"jet": "caracteristique", "caracteristique": p.valeur(nom)}
    elif jet == "attribut":
        bruts |= {"jet": "caracteristique", "caracteristique": p.attribut(nom).valeur}
    else:
        bruts |= {"jet": "sans_competence", "caracteristique": p.valeur(nom), "apprentissage": formation}
        if proche:
            bruts |= {"proche": True, "niveau_proche": p.competence(proche).niveau}
    return TEST.valider(bruts)


def _action(p: Personnage, jet: str, nom: str, proche: str = "") -> str:
    """Ce que tente le personnage, pour la phrase du jet : « un jet d'Interviewer (niveau 2) »."""
    if jet == "sans_competence":
        aide = f", aidé {de(p.competence(proche).nom)}" if proche else ""
        return f"un jet par défaut {de(CARACTERISTIQUES[nom.casefold()])} ({p.valeur(nom)}){aide}"
    return f"un jet {de(_libelle(p, jet, nom))}"


def _libelle(p: Personnage, jet: str, nom: str, proche: str = "") -> str:
    if jet == "competence":
        c = p.competence(nom)
        return f"{c.nom} (niveau {c.niveau})"
    if jet == "caracteristique":
        return f"{CARACTERISTIQUES[nom.casefold()]} ({p.valeur(nom)})"
    if jet == "attribut":
        a = p.attribut(nom)
        return f"{a.nom} ({a.valeur})"
    aide = f", aidé {de(p.competence(proche).nom)}" if proche else ""
    return f"sans la compétence, avec {CARACTERISTIQUES[nom.casefold()]} ({p.valeur(nom)}){aide}"


def jets_de(p: Personnage, v: contrat.Valeurs, *, calculer: bool = True) -> list[dict[str, str]]:
    """Chaque jet de la fiche et ses chances de réussite (la cote « réussite » du lanceur) sous
    la difficulté et le modificateur de ``v``.

    >>> p = Personnage.nouveau("Joséphine", {"pre": 5}).ajouter_competence("Interviewer", 2)
    >>> [(j["libelle"], j["chance"]) for j in jets_de(p, {"difficulte": 1}) if j["jet"] != "caracteristique"]
    [('Interviewer (niveau 2)', '91,7 %')]
    """
    reglages = {"difficulte": v.get("difficulte", 0), "autre": v.get("autre", 0)}
    cas = [("caracteristique", cle) for cle in CARACTERISTIQUES]
    cas += [("attribut", a.nom) for a in p.attributs] + [("competence", c.nom) for c in p.competences]
    jets = ((jet, nom, parametres_jet(p, jet, nom, **reglages)) for jet, nom in cas)
    return contrat.avec_chances(
        TEST, REUSSIE,
        (({"jet": jet, "nom": nom, "libelle": _libelle(p, jet, nom), "cible": str(cible_test(valeurs))}, valeurs)
         for jet, nom, valeurs in jets),
        lambda chance, _p, valeurs: f"cible {cible_test(valeurs)}, {chance} de réussite", calculer=calculer)


def vue(p: Personnage) -> dict[str, Any]:
    return {
        "nom": p.nom,
        "caracteristiques": [{"cle": c, "nom": CARACTERISTIQUES[c], "valeur": v} for c, v in p.caracteristiques],
        # Les libellés des champs de la fiche viennent d'ici, élidés (« Niveau d'Esquive »).
        "competences": [{"nom": c.nom, "niveau": c.niveau, "formation": c.formation, "champ": f"Niveau {de(c.nom)}",
                         "changer": f"Changer le niveau {de(c.nom)}"} for c in p.competences],
        "attributs": [{"nom": a.nom, "valeur": a.valeur, "champ": f"Valeur {de(a.nom)}",
                       "changer": f"Changer la valeur {de(a.nom)}"} for a in p.attributs],
        "bonus": p.bonus_prochain,
        "avis": ([f"Bonus de {signe(p.bonus_prochain)} au prochain jet : le Dd de la dernière réussite critique "
                  "en scène. Il est compté dans les chances ci-dessous et s'efface après le jet."]
                 if p.bonus_prochain else []),
        "jets": jets_de(p, {}, calculer=False),
        "bornes": BORNES,
    }


BORNES: dict[str, Any] = {
    "nom_max": NOM_MAX, "niveau_min": NIVEAU_MIN, "niveau_max": NIVEAU_MAX,
    "caracteristique_min": CARACTERISTIQUE_MIN, "caracteristique_max": CARACTERISTIQUE_MAX,
    "caracteristique_defaut": CARACTERISTIQUE_DEFAUT, "competences_max": COMPETENCES_MAX,
    "attributs_max": ATTRIBUTS_MAX, "autre_min": AUTRE_MIN, "autre_max": AUTRE_MAX,
    "caracteristiques": [[c, n] for c, n in CARACTERISTIQUES.items()],
    "accords": contrat.ACCORDS_PROPOSES,
    "difficultes": [[str(k), f"{signe(k)} : {n}"] for k, n in sorted(MODIFICATEURS.items(), reverse=True)],
    "sans_competence": f"Aucune compétence : un jet de compétence se fait à {BASE_COMPETENCE} + son niveau.",
    #: La valeur de départ du champ d'une nouvelle compétence.
    "niveau_defaut": 1,
}

REGLAGES = (
    contrat.choix("difficulte", "Difficulté", [str(k) for k in MODIFICATEURS], "0", feminin=True),
    contrat.entier("autre", "Autre modificateur", AUTRE_MIN, AUTRE_MAX, 0),
)


def _reglages(v: contrat.Valeurs) -> dict[str, int]:
    return {"difficulte": int(v["difficulte"]), "autre": v["autre"]}


def _lancer(p: Personnage, v: contrat.Valeurs) -> contrat.Reponse[Personnage]:
    """Un jet de la fiche. Le bonus d'un critique précédent y passe, puis s'efface ; une réussite
    critique en scène laisse le sien au jet suivant."""
    jet, nom, proche = v["jet"], str(v["nom"] or "")[:NOM_MAX], str(v["proche"] or "")[:NOM_MAX]
    if jet in ("caracteristique", "sans_competence") and nom.casefold() not in CARACTERISTIQUES:
        raise JdrErreur("Caractéristique inconnue : choisissez " + ", ".join(CARACTERISTIQUES.values()) + ".")
    valeurs = parametres_jet(p, jet, nom, proche=proche, formation=v["formation"], **_reglages(v))
    tirage = contrat.graine(v)
    r = TEST.lancer(valeurs, DesAleatoires(tirage))
    debut = f"{p.nom} tente {_action(p, jet, nom, proche)}"
    if isinstance(r, EchecAutomatique):
        return contrat.Reponse(p.avec_bonus(0), f"{debut}. {r}", tirage, contrat.rejeu(TEST, valeurs, r))
    suite = TEST.afficher(r, valeurs)["phrase"].split(" : ", 1)[-1]
    texte = f"{debut}{',' if proche else ''} et fait {r.texte}. {suite[0].upper()}{suite[1:]}"
    apres = p.avec_bonus(0)
    if p.bonus_prochain:
        texte += f" Le bonus de {signe(p.bonus_prochain)} du critique précédent est dépensé."
    if v["scene"] and r.critique and r.dd is not None:
        apres = p.avec_bonus(min(BONUS_MAX, r.dd))
        texte += f" En scène, ce critique donne {signe(r.dd)} au prochain jet."
    return contrat.Reponse(apres, texte, tirage, contrat.rejeu(TEST, valeurs, r))


def _simple(action: Any, libelle: Any, champs: tuple[contrat.Champ, ...] = ()) -> contrat.Operation[Personnage]:
    def appliquer(p: Personnage, v: contrat.Valeurs) -> contrat.Reponse[Personnage]:
        apres = action(p, v)
        return contrat.Reponse(apres, f"{libelle(p, v)}.")
    return contrat.Operation(appliquer, champs)


def _creer(v: contrat.Valeurs) -> contrat.Reponse[Personnage]:
    p = Personnage.nouveau(v["nom"], {c: v[c] for c in CARACTERISTIQUES}, v["accord"])
    return contrat.Reponse(p, f"Nouvelle fiche : {p.nom}.")


NOM = contrat.libre("nom", "")
OPERATIONS: dict[str, contrat.Operation[Personnage]] = {
    "lancer": contrat.Operation(_lancer, (contrat.choix("jet", "Jet", JETS), NOM, contrat.libre("proche", ""),
                                  contrat.oui_non("formation", "L'action demande une formation théorique"), *REGLAGES,
                                  contrat.oui_non("scene", "Ce jet compte dans une scène"), contrat.GRAINE)),
    "ajouter_competence": _simple(
        lambda p, v: p.ajouter_competence(v["nom"], v["niveau"], formation=v["formation"]),
        lambda p, v: f"Nouvelle compétence pour {p.nom} : {str(v['nom'])[:NOM_MAX].strip()} {v['niveau']}",
        (NOM, contrat.entier("niveau", "Niveau", NIVEAU_MIN, NIVEAU_MAX, 1),
         contrat.oui_non("formation", "La compétence demande une formation théorique"))),
    "changer_niveau": _simple(lambda p, v: p.changer_niveau(str(v["nom"]), v["niveau"]),
                              lambda p, v: f"{p.competence(str(v['nom'])).nom} passe au niveau {v['niveau']}",
                              (NOM, contrat.entier("niveau", "Niveau", NIVEAU_MIN, NIVEAU_MAX))),
    "retirer_competence": _simple(lambda p, v: p.retirer_competence(str(v["nom"])),
                                  lambda p, v: f"Compétence retirée : {p.competence(str(v['nom'])).nom}", (NOM,)),
    "ajouter_attribut": _simple(lambda p, v: p.ajouter_attribut(v["nom"], v["valeur"]),
                                lambda p, v: f"Nouvel attribut pour {p.nom} : {str(v['nom'])[:NOM_MAX].strip()}",
                                (NOM, contrat.entier("valeur", "Valeur", CARACTERISTIQUE_MIN, CARACTERISTIQUE_MAX, 3))),
    "changer_attribut": _simple(lambda p, v: p.changer_attribut(str(v["nom"]), v["valeur"]),
                                lambda p, v: f"{p.attribut(str(v['nom'])).nom} passe à {v['valeur']}",
                                (NOM, contrat.entier("valeur", "Valeur", CARACTERISTIQUE_MIN, CARACTERISTIQUE_MAX))),
    "retirer_attribut": _simple(lambda p, v: p.retirer_attribut(str(v["nom"])),
                                lambda p, v: f"Attribut retiré : {p.attribut(str(v['nom'])).nom}", (NOM,)),
    "changer_caracteristique": _simple(
        lambda p, v: p.changer_caracteristique(v["caracteristique"], v["valeur"]),
        lambda p, v: f"{CARACTERISTIQUES[str(v['caracteristique']).casefold()]} passe à {v['valeur']}",
        (contrat.choix("caracteristique", "Caractéristique", list(CARACTERISTIQUES), feminin=True),
         contrat.entier("valeur", "Valeur", CARACTERISTIQUE_MIN, CARACTERISTIQUE_MAX))),
    "oublier_bonus": _simple(lambda p, v: p.avec_bonus(0), lambda p, v: "Bonus du prochain jet oublié"),
    "renommer": contrat.renommage(Personnage.renommer),
}

SUIVI: contrat.Suivi[Personnage] = contrat.Suivi(
    nom="fiche", titre="Fiche de personnage", format=FORMAT, vue=vue,
    # Le genre grammatical, s'il a été donné ; sinon les phrases de la page disent « la fiche de <nom> ».
    designation=lambda p: (p.nom, p.accord, None),
    creer=contrat.Creation(_creer, (NOM, *(contrat.entier(c, n, CARACTERISTIQUE_MIN, CARACTERISTIQUE_MAX,
                                                          CARACTERISTIQUE_DEFAUT)
                                           for c, n in CARACTERISTIQUES.items()), contrat.ACCORD)),
    operations=OPERATIONS, bornes=BORNES,
    questions={"chances": contrat.Question(lambda p, v: {"jets": jets_de(p, _reglages(v))}, REGLAGES)},
)


def operer(etat: object, op: object) -> dict[str, Any]:
    """Applique une opération à une fiche sauvegardée (ou en crée une) : voir :meth:`Suivi.operer`."""
    return dict(SUIVI.operer(etat, op))


__all__ = ["BORNES", "SUIVI", "jets_de", "operer", "parametres_jet", "vue"]
