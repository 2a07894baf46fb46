"""Le suivi de la fiche 3D6 dans le navigateur : une opération entre, une fiche et sa vue sortent.

Chaque test part du lanceur de test (``3d6-test``) avec les nombres de la fiche : sa
caractéristique, un avantage par maîtrise qui sert, le désavantage d'un personnage affaibli.
Le lien de rejeu du journal redonne donc exactement ces dés.

>>> r = operer(None, {"op": "creer", "nom": "Pierre", "physique": 2, "mental": 3, "social": 3})
>>> print(r["message"])
Nouvelle fiche : Pierre, 5 PE.
>>> r = operer(r["etat"], {"op": "tester", "caracteristique": "mental", "difficulte": 3, "graine": 7})
>>> print(r["message"])
Pierre teste son Mental (3) et obtient 3, 2 et 4 sur 3D6. Raté : 2 succès pour une action difficile (3 succès demandés).
>>> r["rejeu"]["parametres"]["caracteristique"], r["rejeu"]["parametres"]["desavantages"]
(3, 0)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .. import suivi as contrat
from ..des import DesAleatoires
from ..erreurs import RegleEnfreinte
from ..francais import compter, de, enumerer, majuscule, nombre_relatif, quantite
from .energie import COUT_MAX, COUTS, DIFFICULTE_SE_STABILISER, Etat, Usage, Vitalite, etat_pour
from .fiche import (
    CARACTERISTIQUES,
    DOMAINE_MAX,
    FORMAT,
    MAITRISES_MAX,
    NOM_MAX,
    Personnage,
    etat_accorde,
    etat_texte,
    resume_pe,
    verifier_peut_agir,
)
from .lanceurs import TEST, phrase_test
from .tables import DIFFICULTES
from .test import (
    CARACTERISTIQUE_MAX,
    CARACTERISTIQUE_MIN,
    DIFFICULTE_MAX_HUMAINE,
    FP_MAX,
    MODIFICATEURS_MAX,
    RELANCES_MAX,
    Critique,
    JetTest,
)

#: Une maîtrise qui sert au test donne un avantage (Jules et sa maîtrise Athlétisme).
AVANTAGE_MAITRISE = 1
#: Difficulté du test de soins pour le journal : chaque succès rend 1 PE, un seul suffit à soigner.
DIFFICULTE_SOINS = 1


def parametres_test(p: Personnage, caracteristique: str, *, maitrise: str = "", avantages: int = 0,
                    desavantages: int = 0, relances: int = 0, difficulte: int = 2, fp: bool = False) -> contrat.Valeurs:
    """Les réglages du lanceur de test pour ce personnage : sa caractéristique, un avantage si
    une de ses maîtrises sert (sur cette caractéristique), un désavantage s'il est affaibli,
    son Facteur de puissance si l'action relève de son domaine.

    >>> jules = Personnage.nouveau("Jules", physique=4, mental=2, social=3).ajouter_maitrise("Athlétisme", "physique")
    >>> v = parametres_test(jules.subir(4), "physique", maitrise="athlétisme", desavantages=2)
    >>> v["caracteristique"], v["avantages"], v["desavantages"]
    (4, 1, 3)
    >>> parametres_test(jules, "mental", maitrise="Athlétisme")
    Traceback (most recent call last):
    ...
    jdr_core.erreurs.RegleEnfreinte: la maîtrise Athlétisme accompagne le Physique, pas le Mental
    """
    cle = CARACTERISTIQUES[caracteristique]
    bonus = 0
    if maitrise:
        m = p.maitrise(maitrise)
        if m.caracteristique != caracteristique:
            raise RegleEnfreinte(f"la maîtrise {m.nom} accompagne le {CARACTERISTIQUES[m.caracteristique]}, "
                                 f"pas le {cle}")
        bonus = AVANTAGE_MAITRISE
    return TEST.valider({
        "caracteristique": p.valeur(caracteristique), "avantages": min(MODIFICATEURS_MAX, avantages + bonus),
        "desavantages": min(MODIFICATEURS_MAX, desavantages + p.vitalite.desavantages), "relances": relances,
        "fp": p.fp if fp else 0, "difficulte": difficulte,
    })


def tests_de(p: Personnage, v: contrat.Valeurs, *, calculer: bool = True) -> list[dict[str, str]]:
    """Les tests que la fiche propose, chacun avec ses chances de réussir sous les réglages
    ``v`` (difficulté, avantages…) et l'état du personnage : une caractéristique seule, ou une
    maîtrise avec sa caractéristique. Les chances sont la cote « réussir » du lanceur de test
    lui-même : la fiche et le lanceur ne peuvent pas différer.

    >>> jules = Personnage.nouveau("Jules", physique=4, mental=2, social=3).ajouter_maitrise("Athlétisme", "physique")
    >>> for test in tests_de(jules, {"difficulte": 2}):
    ...     print(f"{test['libelle']} : {test['chance']}")
    Physique (4) : 74,1 %
    Mental (2) : 25,9 %
    Social (3) : 50 %
    Athlétisme (Physique 4) : 88,9 %
    """
    reglages = {cle: v[cle] for cle in ("avantages", "desavantages", "relances", "difficulte", "fp") if cle in v}
    cas = [(cle, "", f"{nom} ({p.valeur(cle)})") for cle, nom in CARACTERISTIQUES.items()]
    cas += [(m.caracteristique, m.nom, f"{m.nom} ({CARACTERISTIQUES[m.caracteristique]} {p.valeur(m.caracteristique)})")
            for m in p.maitrises]
    return contrat.avec_chances(
        TEST, "reussite",
        (({"caracteristique": cle, "maitrise": maitrise, "libelle": libelle},
          parametres_test(p, cle, maitrise=maitrise, **reglages)) for cle, maitrise, libelle in cas),
        lambda chance, p_reussir, _v: f"{chance} de chances de réussir ({p_reussir})", calculer=calculer)


def vue(p: Personnage) -> dict[str, Any]:
    """Ce que le widget affiche : les caractéristiques et leurs chances, les maîtrises, les PE."""
    v = p.vitalite
    return {
        "nom": p.nom,
        "caracteristiques": [{"cle": cle, "nom": nom, "valeur": p.valeur(cle)}
                             for cle, nom in CARACTERISTIQUES.items()],
        # Les chances à la difficulté par défaut, sans circonstances : affichées avant toute question.
        "tests": tests_de(p, {}, calculer=False) if p.peut_agir else [],
        "fp": p.fp, "domaine": p.domaine, "robot": p.robot,
        "maitrises": [{"nom": m.nom, "caracteristique": m.caracteristique,
                       "caracteristique_texte": CARACTERISTIQUES[m.caracteristique]} for m in p.maitrises],
        "pe": v.pe, "pe_max": v.maximum, "etat": v.etat.name.lower(), "etat_texte": v.decrire(etat_accorde(p)),
        "jauge_pe": jauge_pe(v),
        "accord": p.accord,
        "peut_agir": p.peut_agir, "critique": v.pe < 0, "desavantages": v.desavantages,
        "infirme": v.infirme, "sequelle": v.sequelle_menace,
        "avis": _avis(p),
        "bornes": BORNES,
    }


def jauge_pe(v: Vitalite) -> dict[str, float]:
    """Les repères de la jauge des PE (un élément ``<meter>``), lus dans la règle des états
    (:func:`etat_pour`) : sous ``bas``, le personnage n'agit plus (gravement blessé, ou critique,
    que la jauge montre à 0) ; de ``bas`` à ``haut``, il est affaibli ; au-dessus de ``haut``, il
    est en forme, la meilleure région. Un repère tombe entre deux totaux de PE (un demi-point
    sous le premier PE de l'état), pour qu'un navigateur range chaque total du bon côté même
    quand le repère touche le maximum. Un robot n'est jamais affaibli, et un maximum sous le
    seuil « en forme » (Physique 1, Mental 1) laisse affaibli au mieux : les deux repères se
    confondent alors, et la jauge n'a plus que deux régions.

    >>> jauge_pe(Vitalite.nouvelle(physique=3, mental=3))
    {'min': 0, 'max': 6, 'valeur': 6, 'bas': 0.5, 'haut': 2.5, 'optimum': 6}
    >>> jauge_pe(Vitalite.nouvelle(physique=3, mental=3, robot=True).subir(8))
    {'min': 0, 'max': 6, 'valeur': 0, 'bas': 0.5, 'haut': 0.5, 'optimum': 6}
    """
    def premier(*etats: Etat) -> int | None:
        return next((pe for pe in range(v.maximum + 1) if etat_pour(pe, v.robot) in etats), None)

    agit = premier(Etat.AFFAIBLI, Etat.EN_FORME)
    en_forme = premier(Etat.EN_FORME)
    bas = v.maximum if agit is None else agit
    haut = bas if en_forme is None else en_forme
    demi = 0.5
    return {"min": 0, "max": v.maximum, "valeur": max(0, v.pe), "bas": bas - demi, "haut": haut - demi,
            "optimum": v.maximum}


def _avis(p: Personnage) -> list[str]:
    """Ce que l'état change aux tests, en phrases, au-dessus des boutons de test."""
    if not p.peut_agir:
        return [f"À {nombre_relatif(p.vitalite.pe)} PE, {p.nom} ne peut pas agir vraiment : pas de test avant "
                "d'avoir retrouvé 1 PE."]
    if p.vitalite.desavantages:
        return [f"{p.nom} est à {resume_pe(p)} : le désavantage de l'état affaibli est déjà compté dans chaque test "
                "et dans ses chances."]
    return []


#: Les bornes que le widget affiche dans ses champs : déclarées ici, une seule fois.
BORNES: dict[str, Any] = {
    "caracteristique_min": CARACTERISTIQUE_MIN, "caracteristique_max": CARACTERISTIQUE_MAX, "fp_max": FP_MAX,
    "nom_max": NOM_MAX, "domaine_max": DOMAINE_MAX, "maitrises_max": MAITRISES_MAX,
    "modificateurs_max": MODIFICATEURS_MAX, "relances_max": RELANCES_MAX,
    "difficultes": [[str(d), f"{d} : {nom}"] for d, nom in DIFFICULTES.items()], "difficulte": 2,
    "cout_max": COUT_MAX,
    "couts": {u.value: c for u, c in COUTS.items()},
    "avantage_maitrise": AVANTAGE_MAITRISE,
    "caracteristiques": [[cle, nom] for cle, nom in CARACTERISTIQUES.items()],
    "accords": contrat.ACCORDS_PROPOSES,
    "difficulte_se_stabiliser": DIFFICULTE_SE_STABILISER,
    #: Les valeurs de départ des champs : une caractéristique moyenne, un coup léger, une période.
    "defauts": {"caracteristique": 3, "degats": 1, "periodes": 1},
}


# --- Les champs que le widget envoie ------------------------------------------------------

CARACTERISTIQUE = contrat.choix("caracteristique", "Caractéristique", list(CARACTERISTIQUES), feminin=True)
USAGES = ("aucun", *(u.value for u in Usage))
DEGATS = contrat.entier("degats", "Dégâts (PE perdus)", 0, 100)
PERIODES = contrat.entier("periodes", "Périodes de repos", 0, 1000, 1)
BORNES["degats_max"] = DEGATS.maximum
BORNES["periodes_max"] = PERIODES.maximum


def _bilan(avant: Personnage, apres: Personnage) -> str:
    """Ce qui a bougé sur les PE : « 6 → 2 PE sur 6, affaibli (…) », ou « rien ne change (…) »."""
    if apres.vitalite == avant.vitalite:
        return f"rien ne change ({resume_pe(apres)})"
    return f"{nombre_relatif(avant.vitalite.pe)} → {resume_pe(apres)}, {etat_texte(apres)}"


def _jet(valeurs: contrat.Valeurs, tirage: int) -> tuple[JetTest, str]:
    """Le jet du lanceur de test, et sa phrase : « obtient 3, 2 et 4 sur 3D6. Réussi : … »."""
    jet = TEST.lancer(valeurs, DesAleatoires(tirage))
    des = enumerer([str(f) for f in jet.des])
    return jet, f"obtient {des} sur {len(jet.des)}D6. {phrase_test(jet, valeurs['difficulte'])}"


def _tester(p: Personnage, v: contrat.Valeurs) -> contrat.Reponse[Personnage]:
    """Un test de la fiche ; s'il coûte des PE (une compétence, un pouvoir), ils sont payés avant."""
    verifier_peut_agir(p)
    caracteristique = v["caracteristique"]
    valeurs = parametres_test(p, caracteristique, maitrise=str(v["maitrise"] or "")[:NOM_MAX],
                              avantages=v["avantages"], desavantages=v["desavantages"], relances=v["relances"],
                              difficulte=v["difficulte"], fp=v["fp"])
    apres = p if v["depense"] == "aucun" else p.depenser(Usage(v["depense"]), v["cout"])
    tirage = contrat.graine(v)
    jet, phrase = _jet(valeurs, tirage)
    texte = f"{p.nom} teste son {CARACTERISTIQUES[caracteristique]} ({valeurs['caracteristique']})"
    if v["maitrise"]:
        texte += f" avec sa maîtrise {p.maitrise(str(v['maitrise'])).nom}"
    texte += f" et {phrase}"
    if apres is not p:
        depense = quantite(p.vitalite.pe - apres.vitalite.pe, "PE dépensé", "PE dépensés")
        quoi = "Compétence utilisée" if v["depense"] == Usage.COMPETENCE.value else "Pouvoir utilisé"
        texte += f" {quoi}, {depense} : "
        texte += f"{_bilan(p, apres)}."
    return contrat.Reponse(apres, texte, tirage, contrat.rejeu(TEST, valeurs, jet))


def _soigner(p: Personnage, v: contrat.Valeurs) -> contrat.Reponse[Personnage]:
    """Les soins d'un autre (test de Mental au calme) : 1 PE par succès, doublés sur un triple réussi."""
    valeurs = TEST.valider({"caracteristique": v["mental"], "difficulte": DIFFICULTE_SOINS})
    tirage = contrat.graine(v)
    jet = TEST.lancer(valeurs, DesAleatoires(tirage))
    apres = p._vitalite(p.vitalite.soigner(jet))
    quoi = "répare" if p.robot else "soigne"
    des = enumerer([str(f) for f in jet.des])
    if jet.critique is Critique.ECHEC:
        effet = "échec critique, le patient garde le défaut Infirme"
    else:
        rendus = apres.vitalite.pe - p.vitalite.pe
        effet = compter(jet.succes, "succès", "succès")
        if jet.critique is Critique.REUSSITE:
            effet += ", réussite critique"
        effet += f", {quantite(rendus, 'PE rendu', 'PE rendus')}" if rendus else ", aucun PE rendu"
    return contrat.Reponse(apres, f"Le soigneur (Mental {v['mental']}) {quoi} {p.nom} et obtient {des} sur "
                          f"{len(jet.des)}D6 : {effet}. {majuscule(_bilan(p, apres))}.", tirage,
                   contrat.rejeu(TEST, valeurs, jet))


def _se_stabiliser(p: Personnage, v: contrat.Valeurs) -> contrat.Reponse[Personnage]:
    """En état critique, un test de Physique difficile (3 succès) : réussi, le personnage revient à 0 PE."""
    valeurs = TEST.valider({"caracteristique": p.physique, "difficulte": DIFFICULTE_SE_STABILISER})
    tirage = contrat.graine(v)
    if p.vitalite.pe >= 0:
        raise RegleEnfreinte("on ne se stabilise qu'en état critique")
    jet, phrase = _jet(valeurs, tirage)
    apres = p._vitalite(p.vitalite.se_stabiliser(jet))
    return contrat.Reponse(apres, f"{p.nom} tente de se stabiliser (Physique {p.physique}) et {phrase} "
                          f"{majuscule(_bilan(p, apres))}.", tirage, contrat.rejeu(TEST, valeurs, jet))


def _simple(action: Callable[[Personnage, contrat.Valeurs], Personnage],
            libelle: Callable[[Personnage, contrat.Valeurs], str],
            champs: tuple[contrat.Champ, ...] = (), pe: bool = True) -> contrat.Operation[Personnage]:
    """Une opération sans dés : la règle, son libellé, puis le bilan des PE (sauf s'ils ne bougent jamais)."""
    def appliquer(p: Personnage, v: contrat.Valeurs) -> contrat.Reponse[Personnage]:
        apres = action(p, v)
        texte = libelle(p, v)
        return contrat.Reponse(apres, f"{texte} : {_bilan(p, apres)}." if pe else f"{texte}.")
    return contrat.Operation(appliquer, champs)


def _usage(usage: str) -> str:
    return "une compétence" if usage == Usage.COMPETENCE.value else "un pouvoir"


def _repos(p: Personnage, v: contrat.Valeurs) -> str:
    """« Repos de Jules (2 demi-journées) » ; un robot récupère par heure branchée."""
    n = v["periodes"]
    duree = quantite(n, "heure branchée", "heures branchées") if p.robot else quantite(n, "demi-journée",
                                                                                       "demi-journées")
    return f"Repos {de(p.nom)} ({duree})"


def _creer(v: contrat.Valeurs) -> contrat.Reponse[Personnage]:
    p = Personnage.nouveau(v["nom"], physique=v["physique"], mental=v["mental"], social=v["social"], fp=v["fp"],
                           domaine=v["domaine"] or "", robot=v["robot"], accord=v["accord"])
    return contrat.Reponse(p, f"Nouvelle fiche : {p.nom}, {quantite(p.vitalite.maximum, 'PE', 'PE')}.")


def _carac(cle: str) -> contrat.Champ:
    return contrat.entier(cle, CARACTERISTIQUES[cle], CARACTERISTIQUE_MIN, CARACTERISTIQUE_MAX)


def _pour_lanceur(p: Personnage) -> dict[str, Any]:
    """Ce qu'un lanceur de test relié prend de la fiche, et une phrase qui la rappelle."""
    return {"reglages": {"desavantages": p.vitalite.desavantages}, "resume": str(p)}


#: Les réglages d'un test, communs au jet et à la question de ses chances.
REGLAGES = (
    contrat.entier("avantages", "Avantages", 0, MODIFICATEURS_MAX, 0),
    contrat.entier("desavantages", "Désavantages", 0, MODIFICATEURS_MAX, 0),
    contrat.entier("relances", "Relances", 0, RELANCES_MAX, 0),
    contrat.entier("difficulte", "Difficulté (succès demandés)", 0, DIFFICULTE_MAX_HUMAINE, 2),
    contrat.oui_non("fp", "Le Facteur de puissance s'applique à ce test"),
)

OPERATIONS: dict[str, contrat.Operation[Personnage]] = {
    "tester": contrat.Operation(_tester, (
        CARACTERISTIQUE, contrat.libre("maitrise", ""), *REGLAGES,
        contrat.choix("depense", "Dépense de PE", USAGES, "aucun", feminin=True),
        contrat.entier("cout", "Coût en PE", 1, COUT_MAX, presence="facultatif"), contrat.GRAINE)),
    "subir": _simple(lambda p, v: p.subir(v["degats"]),
                     lambda p, v: f"{p.nom} perd {quantite(v['degats'], 'PE', 'PE')}",
                     (DEGATS,)),
    "depenser": _simple(lambda p, v: p.depenser(Usage(v["usage"]), v["cout"]),
                        lambda p, v: f"{p.nom} utilise {_usage(v['usage'])}",
                        (contrat.choix("usage", "Usage", [u.value for u in Usage]),
                         contrat.entier("cout", "Coût en PE", 1, COUT_MAX, presence="facultatif"))),
    "recuperer": _simple(lambda p, v: p.recuperer(v["periodes"]), _repos,
                         (PERIODES,)),
    "soigner": contrat.Operation(_soigner, (contrat.entier("mental", "Mental du soigneur", CARACTERISTIQUE_MIN,
                                                           CARACTERISTIQUE_MAX),
                                    contrat.GRAINE)),
    "stabiliser": _simple(lambda p, v: p._vitalite(p.vitalite.stabiliser()),
                          lambda p, v: f"Un compagnon stabilise {p.nom} (deux actions au contact)"),
    "se_stabiliser": contrat.Operation(_se_stabiliser, (contrat.GRAINE,)),
    "reprendre_conscience": _simple(lambda p, v: p._vitalite(p.vitalite.reprendre_conscience()),
                                    lambda p, v: f"Sans aide, {p.nom} reprend conscience au bout de deux minutes"),
    "ajouter_maitrise": _simple(lambda p, v: p.ajouter_maitrise(v["nom"], v["caracteristique"]),
                                lambda p, v: f"Nouvelle maîtrise pour {p.nom} : {str(v['nom'])[:NOM_MAX].strip()}",
                                (contrat.libre("nom", ""), CARACTERISTIQUE), pe=False),
    "retirer_maitrise": _simple(lambda p, v: p.retirer_maitrise(str(v["nom"])),
                                lambda p, v: f"Maîtrise retirée : {p.maitrise(str(v['nom'])).nom}",
                                (contrat.libre("nom", ""),), pe=False),
    "renommer": contrat.renommage(Personnage.renommer),
}

#: La fiche d'un personnage du 3D6 : caractéristiques, maîtrises, Facteur de puissance, PE.
SUIVI: contrat.Suivi[Personnage] = contrat.Suivi(
    nom="fiche", titre="Fiche de personnage", format=FORMAT, vue=vue,
    # Le genre grammatical, s'il a été donné ; sinon les phrases de la page disent « la fiche de <nom> ».
    designation=lambda p: (p.nom, p.accord, None),
    creer=contrat.Creation(_creer, (contrat.libre("nom", ""), _carac("physique"), _carac("mental"), _carac("social"),
                            contrat.entier("fp", "Facteur de puissance", 0, FP_MAX, 0), contrat.libre("domaine", ""),
                            contrat.oui_non("robot", "Le personnage est un robot"), contrat.ACCORD)),
    operations=OPERATIONS, bornes=BORNES, pour_lanceur=_pour_lanceur,
    questions={"chances": contrat.Question(lambda p, v: {"tests": tests_de(p, v) if p.peut_agir else []}, REGLAGES)},
)


def operer(etat: object, op: object) -> dict[str, Any]:
    """Applique une opération à une fiche sauvegardée (ou en crée une) : voir :meth:`Suivi.operer`."""
    return dict(SUIVI.operer(etat, op))


__all__ = ["AVANTAGE_MAITRISE", "BORNES", "SUIVI", "operer", "parametres_test", "vue"]
