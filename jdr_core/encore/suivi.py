"""Le suivi d'une fiche dans le navigateur : une opération entre, une fiche et sa vue sortent.

Le widget « fiche » de la page garde l'état dans le navigateur et ne fait qu'appeler
:func:`operer` ; toutes les règles passent par :class:`~jdr_core.encore.fiche.Fiche`.

>>> r = operer(None, {"op": "creer", "nom": "Gideon", "ton": "blockbuster"})
>>> r = operer(r["etat"], {"op": "subir", "degats": 5})
>>> r["demande"]["paliers"]
['blessé', 'gravement blessé']
>>> print(r["message"])
2 paliers franchis : nommez chaque blessure.
>>> r = operer(r["etat"], {"op": "subir", "degats": 5, "blessures": [
...     {"nom": "cheville foulée", "gene": "la course"}, {"nom": "brûlure", "gene": "le tir"}]})
>>> print(r["message"])
Gideon perd 5 Santé : Santé 8 → 3, Stress 0 → 1.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import replace
from typing import Any

from ..des import DesAleatoires
from ..erreurs import JdrErreur
from ..francais import compter, de, en_minuscule, enumerer, lire_accord, majuscule, signe
from ..suivi import (
    ACCORD,
    ACCORDS_PROPOSES,
    GRAINE,
    Champ,
    Creation,
    Operation,
    Question,
    Reponse,
    Suivi,
    Valeurs,
    avec_chances,
    choix,
    entier,
    graine,
    libre,
    liste,
    objet,
    oui_non,
    rejeu,
    renommage,
)
from .dangers import affronter, danger
from .fiche import (
    ACTION_GENEE_MAX,
    BLESSURES_MAX,
    CLES_PALIERS,
    DEGATS_MAX,
    FORMAT,
    GENES_MAX,
    JOURS_GUERISON_DURABLE,
    MODES_RUPTURE,
    NOM_MAX,
    NOMS_REPOS,
    STRESS_RECONFORT,
    Fiche,
)
from .lanceurs import DANGER, RESERVE, _params_jet
from .reserve import ATTRIBUT_MAX, DES_MODIFICATEUR_MAX, Difficulte, Issue, JetReserve, ReglagesReserve
from .ton import REGLES, STRESS_MAX, Evenement, Ton, lire_ton


def vue(fiche: Fiche) -> dict[str, Any]:
    """Ce que le widget affiche, calculé par les règles (paliers, malus, Coup d'éclat…). Un palier
    y est un identifiant (``palier``, ``cle``), que la page et sa feuille de style reconnaissent,
    avec son libellé à côté (``palier_texte``, ``nom``). Les boutons dont l'effet dépend du ton
    reçoivent ici leur libellé, coût compris : la page n'en déduit aucun.

    >>> vue(Fiche.nouvelle("Ada", Ton.BLOCKBUSTER))["relance"]
    'Relance (−1 Stress)'
    >>> vue(Fiche.nouvelle("Ada", Ton.RAW))["relance"]
    'Relance (+1 Stress)'
    """
    r = fiche.regles
    return {
        "nom": fiche.nom,
        "accord": fiche.accord,
        "ton": fiche.ton.value,
        "sante": fiche.sante,
        "sante_max": r.sante_max,
        "palier": CLES_PALIERS[fiche.palier],
        "palier_texte": fiche.palier_dit,
        "paliers": [{"cle": CLES_PALIERS[p], "nom": p.value, "bas": bas, "haut": haut} for p, bas, haut in r.paliers],
        "blessures": [
            {"nom": b.nom, "palier": CLES_PALIERS[b.palier], "palier_texte": b.palier.value, "gene": list(b.gene),
             "effet": b.effet, "durable": b.durable}
            for b in fiche.blessures
        ],
        "stress": fiche.stress,
        "stress_max": STRESS_MAX,
        "coup_d_eclat_pret": fiche.coup_d_eclat_pret,
        "en_rupture": fiche.en_rupture,
        "mode_rupture": fiche.mode_rupture,
        "malus_stress": fiche.malus_stress,
        "malus_stress_texte": fiche.malus_stress_dit,
        "relance": f"Relance ({signe(r.stress_relance)} Stress)",
        "reconfort": f"Réconfort ({signe(STRESS_RECONFORT)})",
        # Les boutons des événements marquants, libellés ici ; en Raw, ils lancent CON et sont aussi
        # dans « jets », avec les autres jets que la fiche lance (leurs chances : question « chances »).
        "evenements": [{"evenement": e.value, "libelle": libelle_evenement(fiche, e)} for e in Evenement],
        "jets": jets_de(fiche, {}, calculer=False),
        "regles": {"coup_d_eclat": r.coup_d_eclat, "rupture": r.rupture, "fin_de_conflit": r.fin_de_conflit},
        "premiers_soins_recus": fiche.premiers_soins_recus,
        "reconfort_recu": fiche.reconfort_recu,
        "soins_medicaux_faits": fiche.soins_medicaux_faits,
        "bornes": BORNES,
    }


#: Les bornes que le widget affiche dans ses champs : déclarées ici, une seule fois.
BORNES: dict[str, Any] = {
    "degats_max": DEGATS_MAX,
    "attribut_max": ATTRIBUT_MAX,
    "bonus_max": DES_MODIFICATEUR_MAX,
    "nom_max": NOM_MAX,
    "modes_rupture": list(MODES_RUPTURE),
    "jours_guerison": JOURS_GUERISON_DURABLE,
    "accords": ACCORDS_PROPOSES,
    "tons": [[Ton.BLOCKBUSTER.value, f"Blockbuster ({REGLES[Ton.BLOCKBUSTER].sante_max} Santé)"],
             [Ton.RAW.value, f"Raw ({REGLES[Ton.RAW].sante_max} Santé)"]],
}


# --- Les champs que le widget envoie ------------------------------------------------------

#: La valeur de départ d'un champ d'attribut (INT, CON, CHA) : un attribut moyen.
ATTRIBUT_DEFAUT = 2
#: Le dé de Ressource qu'une trousse ajoute aux premiers soins.
DE_TROUSSE = 1

DEGATS = entier("degats", "Dégâts", 0, DEGATS_MAX)
CON = entier("con", "CON", 0, ATTRIBUT_MAX, presence="facultatif")  # lu seulement pour résister
INT = entier("int", "INT", 0, ATTRIBUT_MAX, presence="si_present")  # présent : les premiers soins se lancent
CHA = entier("cha", "CHA de l'allié", 0, ATTRIBUT_MAX)
BONUS = entier("bonus", "Dés de bonus", 0, DES_MODIFICATEUR_MAX, 0)
JOURS = entier("jours", "Jours de repos", 0, 1000, 0)
TROUSSE = oui_non("trousse", "Le soigneur a une trousse de premiers soins")
#: Lu pour les anciens états et liens ; en Raw on lance toujours (la page n'affiche plus de case).
RESISTER = oui_non("resister", "Le personnage tente de résister (jet de CON Standard)")
REUSSI = oui_non("reussi", "Les premiers soins ont réussi")
FICTION_EMPECHE = oui_non("fiction_empeche", "La fiction empêche le personnage de se relever")
SOINS = oui_non("soins", "Le personnage a reçu des soins médicaux")
BORNES["jours_max"] = JOURS.maximum
#: Les actions gênées d'une blessure se saisissent d'un trait, séparées par des virgules.
BORNES["gene_max"] = GENES_MAX * (ACTION_GENEE_MAX + len(", "))
#: Les valeurs de départ des champs : un coup léger, un attribut moyen.
BORNES["defauts"] = {"degats": 1, "attribut": ATTRIBUT_DEFAUT}
#: Les libellés des cases de la fiche, que la page affiche tels quels (déclarés une fois, ici).
BORNES["cases"] = {c.cle: c.libelle for c in (TROUSSE, FICTION_EMPECHE)}
BLESSURES = liste("blessures", "Blessures illisibles : chaque blessure a un nom et ses actions gênées.",
                  BLESSURES_MAX)
EVENEMENT = choix("evenement", "Événement", [e.value for e in Evenement])
PARAMETRES = objet("parametres", "Réglages du jet illisibles : le lanceur n'a pas envoyé ses paramètres.", 30)
#: Le jet lié d'un lanceur rejoue sa graine : elle est requise.
GRAINE_LIEE = entier("graine", "Graine", 0, GRAINE.maximum)
#: Les réglages que la page montre à côté des jets de la fiche, lus par la question « chances » ;
#: absents, ceux que ses champs montrent au départ.
REGLAGES_JETS = (entier("int", "INT", 0, ATTRIBUT_MAX, ATTRIBUT_DEFAUT), TROUSSE,
                 entier("con", "CON", 0, ATTRIBUT_MAX, ATTRIBUT_DEFAUT),
                 entier("cha", "CHA de l'allié", 0, ATTRIBUT_MAX, ATTRIBUT_DEFAUT))


def phrase_jet(attribut: str, jet: JetReserve) -> str:
    """Le jet d'un attribut, en une phrase : « Jet d'INT, Standard : 3d6 (6, 2, 1), 1 succès, réussite. »"""
    return f"Jet {de(attribut)}, {jet.difficulte.value} : {jet.des_lances}, {jet.bilan}."


def valeurs_jet(fiche: Fiche, attribut: int, bonus: int = 0) -> Valeurs:
    """Les réglages du lanceur de réserve pour un jet que la fiche lance elle-même (résistance CON,
    CHA pour ramener, INT des premiers soins) : Standard, au ton de la fiche, avec un Stress de 0.

    Ces jets ne prennent pas le malus de Stress (celui qui soigne ou ramène n'est pas forcément ce
    personnage ; la résistance s'en passe). Le jet et ses chances partent de ces mêmes réglages,
    et le lien de rejeu redonne les mêmes dés dans le lanceur.

    >>> v = valeurs_jet(Fiche("Ada", Ton.RAW, sante=6, stress=5), 2, bonus=1)
    >>> v["ton"], v["attribut"], v["bonus"], v["stress"], v["difficulte"]
    ('raw', 2, 1, 0, 'Standard')
    """
    return RESERVE.valider({"ton": fiche.ton.value, "attribut": attribut, "bonus": bonus, "stress": 0,
                            "difficulte": Difficulte.STANDARD.value})


def _jet(fiche: Fiche, v: Valeurs, attribut: Champ,
         relancable: bool = True) -> tuple[JetReserve, str, int, dict[str, Any]]:
    """Un jet Standard graine (voir :func:`valeurs_jet`) ; rend le jet, sa phrase, la graine
    (rangée à part, hors du message) et le même jet dit comme un jet du lanceur de réserve. Les
    dés de bonus couvrent la spécialité (Médecine, Sang-froid…) ; pour les premiers soins,
    ``trousse`` ajoute le dé de Ressource d'une trousse."""
    valeur = v[attribut.cle]
    if valeur is None:
        raise attribut.vide()
    tirage = graine(v)
    valeurs = valeurs_jet(fiche, valeur, v["bonus"] + (DE_TROUSSE if v.get("trousse") else 0))
    jet = replace(RESERVE.lancer(valeurs, DesAleatoires(tirage)), relancable=relancable)
    return jet, phrase_jet(attribut.cle.upper(), jet), tirage, rejeu(RESERVE, valeurs, jet)


# --- Les jets que la fiche lance, et leurs chances ------------------------------------------------

#: Le libellé du bouton qui lance les premiers soins (INT Standard).
PREMIERS_SOINS = "Premiers soins (lancer INT)"
#: Le libellé du bouton qui ramène à la raison un personnage en Rupture (CHA de l'allié).
RAMENER = "Ramener à la raison"


def libelle_evenement(fiche: Fiche, evenement: Evenement) -> str:
    """Le bouton d'un événement marquant, son Stress au ton de la fiche : « Horreur (+2) »."""
    return f"{evenement.value} ({signe(fiche.regles.stress_evenement[evenement])})"


def jets_de(fiche: Fiche, v: Valeurs, *, calculer: bool = True) -> list[dict[str, str]]:
    """Les jets que la fiche lance elle-même, tels que la page les montre, chacun avec ses chances de
    réussir pour les réglages visibles ``v`` (``int``, ``trousse``, ``con``, ``cha``, absents : ceux
    des champs de la page) : les premiers soins (INT, plus le dé d'une trousse) ; en Raw, la
    résistance à chaque événement marquant (CON) ; en Rupture, ramener à la raison (CHA de l'allié).
    Chaque jet n'aboutit que sur une réussite : ses chances sont la cote « réussite » du lanceur de
    réserve, avec les réglages mêmes du jet (:func:`valeurs_jet`).

    >>> ada = Fiche("Ada", Ton.RAW, sante=6, stress=6)
    >>> for j in jets_de(ada, {"int": 2, "trousse": True, "con": 1, "cha": 3}):
    ...     print(f"{j['libelle']} : {j['phrase']}")
    Premiers soins (lancer INT) : 70,4 % de chances de réussir (3d6, Standard)
    Choc (+1) : 33,3 % de chances de réussir (1d6, Standard)
    Horreur (+2) : 33,3 % de chances de réussir (1d6, Standard)
    Indicible (+3) : 33,3 % de chances de réussir (1d6, Standard)
    Ramener à la raison : 70,4 % de chances de réussir (3d6, Standard)
    >>> [j["libelle"] for j in jets_de(Fiche.nouvelle("Gideon", Ton.BLOCKBUSTER), {})]
    ['Premiers soins (lancer INT)']
    """
    attribut = {cle: v.get(cle, ATTRIBUT_DEFAUT) for cle in ("int", "con", "cha")}
    trousse = DE_TROUSSE if v.get("trousse") else 0
    cas = [("premiers_soins", "", PREMIERS_SOINS, valeurs_jet(fiche, attribut["int"], trousse))]
    if fiche.regles.rupture:
        cas += [("evenement", e.value, libelle_evenement(fiche, e), valeurs_jet(fiche, attribut["con"]))
                for e in Evenement]
    if fiche.en_rupture:
        cas.append(("ramener", "", RAMENER, valeurs_jet(fiche, attribut["cha"])))

    def phrase(chance: str, _p: object, valeurs: Valeurs) -> str:
        taille = ReglagesReserve(valeurs["attribut"], **_params_jet(valeurs)).taille
        return f"{chance} de chances de réussir ({taille}d6, {valeurs['difficulte']})"
    return avec_chances(RESERVE, Issue.REUSSITE.name.lower(),
                        (({"jet": jet, "evenement": evenement, "libelle": libelle}, valeurs)
                         for jet, evenement, libelle, valeurs in cas), phrase, calculer=calculer)


def bilan(avant: Fiche, apres: Fiche) -> str:
    """Ce qui a bougé sur les jauges : « Santé 3 → 4, Stress 2 → 1 », ou « rien ne change »."""
    morceaux = []
    if apres.sante != avant.sante:
        morceaux.append(f"Santé {avant.sante} → {apres.sante}")
    if apres.stress != avant.stress:
        morceaux.append(f"Stress {avant.stress} → {apres.stress}")
    return ", ".join(morceaux) or f"rien ne change (Santé {apres.sante}, Stress {apres.stress})"


def _pertes(fiche: Fiche, degats: int) -> str:
    if degats == 0:
        return f"{fiche.nom} ne perd pas de Santé"
    return f"{fiche.nom} perd {degats} Santé"


def message_demande(paliers: int) -> str:
    """Ce que la fiche réclame avant d'appliquer des dégâts qui franchissent des paliers."""
    franchis = compter(paliers, "palier franchi", "paliers franchis")
    return f"{franchis} : {'nommez chaque blessure' if paliers > 1 else 'nommez la blessure'}."


# --- Les opérations ---------------------------------------------------------------------------


def _subir(fiche: Fiche, v: Valeurs) -> Reponse[Fiche]:
    """Des dégâts : s'ils franchissent des paliers sans blessures nommées, la fiche les demande."""
    brutes = v["blessures"]
    if not brutes:
        paliers = fiche.paliers_franchis(v["degats"])
        if paliers:
            return Reponse(fiche, message_demande(len(paliers)), demande={"paliers": [p.value for p in paliers]})
    if not all(isinstance(b, Mapping) for b in brutes):
        raise JdrErreur(BLESSURES.refus)
    apres = fiche.subir(v["degats"], [(b.get("nom"), b.get("gene", "")) for b in brutes])
    return Reponse(apres, f"{_pertes(fiche, v['degats'])} : {bilan(fiche, apres)}.")


def _evenement(fiche: Fiche, v: Valeurs) -> Reponse[Fiche]:
    evenement = Evenement(v["evenement"])
    # En Raw, le jet de CON Standard n'est pas facultatif : la case « resister » d'un ancien
    # état ou d'un ancien lien n'y change rien, on lance toujours.
    if not v["resister"] and not fiche.regles.rupture:
        apres = fiche.evenement(evenement)
        return Reponse(apres, f"{evenement.value} : {bilan(fiche, apres)}.")
    jet, phrase, tirage, lie = _jet(fiche, v, CON, relancable=False)  # ni malus de Stress, ni relance
    apres = fiche.evenement(evenement, resistance=jet)
    resiste = "résiste" if jet.issue is Issue.REUSSITE else "ne résiste pas"
    return Reponse(apres, f"{evenement.value}, {fiche.nom} {resiste} : {bilan(fiche, apres)}. {phrase}", tirage, lie)


def _premiers_soins(fiche: Fiche, v: Valeurs) -> Reponse[Fiche]:
    if v["int"] is None:
        apres = fiche.premiers_soins(v["reussi"])
        return Reponse(apres, f"Premiers soins {'réussis' if v['reussi'] else 'ratés'} : {bilan(fiche, apres)}.")
    jet, phrase, tirage, lie = _jet(fiche, v, INT)
    apres = fiche.premiers_soins(jet.issue is Issue.REUSSITE)
    effet = "réussis" if jet.issue is Issue.REUSSITE else "ratés"
    return Reponse(apres, f"Premiers soins {effet} : {bilan(fiche, apres)}. {phrase}", tirage, lie)


def _ramener(fiche: Fiche, v: Valeurs) -> Reponse[Fiche]:
    jet, phrase, tirage, lie = _jet(fiche, v, CHA)
    apres = fiche.ramener(jet)
    if apres.en_rupture:
        return Reponse(apres, f"{fiche.nom} reste en Rupture. {phrase}", tirage, lie)
    return Reponse(apres, f"{fiche.nom} revient à la raison : {bilan(fiche, apres)}. {phrase}", tirage, lie)


def _simple(action: Callable[[Fiche, Valeurs], Fiche], libelle: Callable[[Fiche, Valeurs], str],
            champs: tuple[Champ, ...] = (), jauges: bool = True) -> Operation[Fiche]:
    """Une opération sans jet : la règle, puis son libellé, suivi du bilan des jauges (sauf
    pour celles qui n'y touchent jamais)."""
    def appliquer(fiche: Fiche, v: Valeurs) -> Reponse[Fiche]:
        apres = action(fiche, v)
        texte = libelle(fiche, v)
        return Reponse(apres, f"{texte} : {bilan(fiche, apres)}." if jauges else f"{texte}.")
    return Operation(appliquer, champs)


def _parametres_lies(fiche: Fiche, v: Valeurs) -> dict[str, object]:
    """Les réglages d'un lanceur appliqué à une fiche : le ton et le Stress viennent de la fiche,
    jamais du formulaire (la page peut être en retard sur la fiche)."""
    return {**v["parametres"], "ton": fiche.ton.value, "stress": fiche.stress}


def _danger_lie(fiche: Fiche, v: Valeurs) -> Reponse[Fiche]:
    """Le jet du lanceur de dangers, rejoué avec sa graine sur la vraie fiche : la Santé, le
    Stress et les blessures de ce personnage, pas ceux d'un personnage indemne."""
    valeurs = DANGER.valider(_parametres_lies(fiche, v))
    tirage = v["graine"]
    d = danger(valeurs["danger"])
    p = _params_jet(valeurs)
    paliers = fiche.paliers_franchis(d.degats)
    noms = [(f"{en_minuscule(d.nom)[:NOM_MAX - 4]} {i + 1}" if len(paliers) > 1 else en_minuscule(d.nom)[:NOM_MAX], ())
            for i in range(len(paliers))]
    expo = affronter(fiche, d, valeurs["attribut"], des=DesAleatoires(tirage), bonus=p["bonus"], malus=p["malus"],
                     blessures=noms, hypothese=p["hypothese"])
    phrase = phrase_jet(" ou ".join(d.attributs), expo.jet)
    lie = rejeu(DANGER, valeurs, expo)
    if expo.apres == fiche:
        return Reponse(fiche, f"{expo} {phrase} Rien ne change sur la fiche.", tirage, lie)
    return Reponse(expo.apres, f"{expo} {phrase} {majuscule(bilan(fiche, expo.apres))}.", tirage, lie)


def _reserve_liee(fiche: Fiche, v: Valeurs) -> Reponse[Fiche]:
    """Le jet du lanceur de réserve, rejoué sur la fiche : un Coup d'éclat n'y passe que si la
    fiche l'a prêt (6 de Stress, Blockbuster), et il fait alors redescendre le Stress à 3."""
    valeurs = RESERVE.valider(_parametres_lies(fiche, v))
    tirage = v["graine"]
    jet = RESERVE.lancer(valeurs, DesAleatoires(tirage))
    lie = rejeu(RESERVE, valeurs, jet)
    if not jet.coup_d_eclat:
        return Reponse(fiche, f"{fiche.nom} lance {jet} Rien ne change sur la fiche.", tirage, lie)
    apres = fiche.declarer_coup_d_eclat()
    return Reponse(apres, f"{fiche.nom} déclare son Coup d'éclat : {jet} {majuscule(bilan(fiche, apres))}.",
                   tirage, lie)


def pour_lanceur(fiche: Fiche) -> dict[str, Any]:
    """Ce qu'un lanceur relié prend de la fiche : ses réglages (ton, Stress) et une phrase qui
    rappelle la Santé et les blessures, que le joueur compte lui-même en dés de malus.

    >>> r = pour_lanceur(Fiche.nouvelle("Gideon", Ton.BLOCKBUSTER))
    >>> r["reglages"]
    {'ton': 'blockbuster', 'stress': 0}
    >>> print(r["resume"])
    Gideon : Santé 8 sur 8 (valide), Stress 0 sur 6, aucune blessure.
    """
    blessures = [
        f"{b.nom} (gêne {enumerer(list(b.gene))})" if b.gene else b.nom for b in fiche.blessures
    ]
    resume = (f"{fiche.nom} : Santé {fiche.sante} sur {fiche.regles.sante_max} ({fiche.palier_dit}), "
              f"Stress {fiche.stress} sur {STRESS_MAX}, "
              + (f"{compter(len(blessures), 'blessure')} : {enumerer(blessures)}. "
                 "Ajoutez aux dés de malus celles qui gênent cette action." if blessures else "aucune blessure."))
    return {"reglages": {"ton": fiche.ton.value, "stress": fiche.stress}, "resume": resume}


def _renommer(fiche: Fiche, nom: Any) -> Fiche:
    """Un nouveau nom (le texte saisi), vérifié comme à la création ; rien d'autre ne bouge."""
    return replace(fiche, nom=Fiche.nouvelle(nom, fiche.ton).nom)


def _creer(v: Valeurs) -> Reponse[Fiche]:
    fiche = Fiche.nouvelle(v["nom"], lire_ton(v["ton"]), lire_accord(v["accord"]))
    return Reponse(fiche, f"Nouvelle fiche : {fiche.nom}.")


def _texte_op(v: Valeurs, cle: str, maximum: int) -> str:
    return str(v[cle])[:maximum]


BLESSURE = libre("blessure", "")
OPERATIONS: dict[str, Operation[Fiche]] = {
    "subir": Operation(_subir, (DEGATS, BLESSURES)),
    "evenement": Operation(_evenement, (EVENEMENT, RESISTER, CON, BONUS, GRAINE)),
    "premiers_soins": Operation(_premiers_soins, (REUSSI, INT, BONUS, TROUSSE, GRAINE)),
    "ramener": Operation(_ramener, (CHA, BONUS, GRAINE)),
    "renommer": renommage(_renommer, libre("nom")),
    "danger": Operation(_danger_lie, (PARAMETRES, GRAINE_LIEE)),
    "reserve": Operation(_reserve_liee, (PARAMETRES, GRAINE_LIEE)),
    "relance": _simple(lambda f, v: f.relance(), lambda f, v: "Relance"),
    "coup_d_eclat": _simple(lambda f, v: f.declarer_coup_d_eclat(),
                            lambda f, v: "Coup d'éclat déclaré, +3d6 et impossible d'échouer"),
    "reconfort": _simple(lambda f, v: f.reconfort(), lambda f, v: "Réconfort"),
    "soins_medicaux": _simple(lambda f, v: f.soins_medicaux(), lambda f, v: "Soins médicaux"),
    "nouvelle_scene": _simple(lambda f, v: f.nouvelle_scene(),
                              lambda f, v: "Nouvelle scène : premiers soins et Réconfort redeviennent possibles",
                              jauges=False),
    "fin_de_conflit": _simple(lambda f, v: f.fin_de_conflit(v["fiction_empeche"]), lambda f, v: "Fin de conflit",
                              (FICTION_EMPECHE,)),
    "repos": _simple(lambda f, v: f.repos(str(v["duree"])),
                     lambda f, v: majuscule(NOMS_REPOS.get(str(v["duree"]), "repos")), (libre("duree", ""),)),
    "rupture": _simple(lambda f, v: f.choisir_rupture(str(v["mode"])),
                       lambda f, v: f"{f.nom} craque : {_texte_op(v, 'mode', 20)}", (libre("mode", ""),), jauges=False),
    "rendre_durable": _simple(lambda f, v: f.rendre_durable(str(v["blessure"])),
                              lambda f, v: f"La blessure « {_texte_op(v, 'blessure', NOM_MAX)} » devient durable",
                              (BLESSURE,), jauges=False),
    "guerir_durable": _simple(
        lambda f, v: f.guerir_durable(str(v["blessure"]), soins_medicaux=v["soins"], jours_de_repos=v["jours"]),
        lambda f, v: f"La blessure durable « {_texte_op(v, 'blessure', NOM_MAX)} » est guérie",
        (BLESSURE, SOINS, JOURS)),
}

#: La fiche d'un personnage d'enCORE : Santé, blessures, Stress, repos.
SUIVI: Suivi[Fiche] = Suivi(
    nom="fiche", titre="Fiche de personnage", format=FORMAT, vue=vue,
    creer=Creation(_creer, (libre("nom", ""), libre("ton", Ton.BLOCKBUSTER.value), ACCORD)),
    operations=OPERATIONS, bornes=BORNES,
    # Avant la fiche nommée par système, le widget rangeait l'état sous « jdr-fiche:<id> ».
    anciennes_cles=("jdr-fiche:{id}",),
    pour_lanceur=pour_lanceur,
    designation=lambda fiche: (fiche.nom, fiche.accord, None),
    # Les chances des jets de la fiche pour les réglages que la page montre, sans rien changer.
    questions={"chances": Question(lambda fiche, v: {"jets": jets_de(fiche, v)}, REGLAGES_JETS)},
)


def operer(etat: object, op: object) -> dict[str, Any]:
    """Applique une opération à une fiche sauvegardée (ou en crée une) : voir :meth:`Suivi.operer`.

    Rend ``{"etat", "vue", "message"}`` (plus ``"graine"`` et ``"rejeu"`` quand un jet a été
    lancé), ou ``{"etat", "vue", "demande", "message"}`` quand il faut nommer des blessures
    avant d'appliquer des dégâts. Une erreur de règle ou de saisie lève :class:`JdrErreur` et
    ne change rien.
    """
    return dict(SUIVI.operer(etat, op))


__all__ = ["BORNES", "SUIVI", "jets_de", "operer", "valeurs_jet", "vue"]
