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
...     {"nom": "cheville foulée", "gene": "course"}, {"nom": "brûlure", "gene": "tir"}]})
>>> print(r["message"])
Gideon perd 5 Santé : Santé 8 → 3, Stress 0 → 1.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import replace
from typing import Any

from ..des import DesAleatoires, graine_au_hasard
from ..erreurs import JdrErreur
from ..francais import compter, de, en_minuscule, enumerer, majuscule
from ..mecanique import Mecanique, Valeurs, champ_entier
from .dangers import affronter, danger
from .fiche import DEGATS_MAX, JOURS_GUERISON_DURABLE, MODES_RUPTURE, NOM_MAX, NOMS_REPOS, Fiche
from .reserve import ATTRIBUT_MAX, DES_MODIFICATEUR_MAX, Difficulte, Issue, JetReserve
from .ton import REGLES, STRESS_MAX, Evenement, Ton, lire_ton

EVENEMENTS = {e.value.lower(): e for e in Evenement}


def vue(fiche: Fiche) -> dict[str, Any]:
    """Ce que le widget affiche, calculé par les règles (paliers, malus, Coup d'éclat…)."""
    r = fiche.regles
    return {
        "nom": fiche.nom,
        "ton": fiche.ton.value,
        "sante": fiche.sante,
        "sante_max": r.sante_max,
        "palier": fiche.palier.value,
        "paliers": [{"nom": p.value, "bas": bas, "haut": haut} for p, bas, haut in r.paliers],
        "blessures": [
            {"nom": b.nom, "palier": b.palier.value, "gene": list(b.gene), "durable": b.durable}
            for b in fiche.blessures
        ],
        "stress": fiche.stress,
        "stress_max": STRESS_MAX,
        "coup_d_eclat_pret": fiche.coup_d_eclat_pret,
        "en_rupture": fiche.en_rupture,
        "mode_rupture": fiche.mode_rupture,
        "malus_stress": fiche.malus_stress,
        "evenements": {e.value: r.stress_evenement[e] for e in Evenement},
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
    "tons": [[Ton.BLOCKBUSTER.value, f"Blockbuster ({REGLES[Ton.BLOCKBUSTER].sante_max} Santé)"],
             [Ton.RAW.value, f"Raw ({REGLES[Ton.RAW].sante_max} Santé)"]],
}


#: Le nom, en mots, de chaque champ chiffré que le widget envoie.
LIBELLES = {
    "degats": "Dégâts", "con": "CON", "int": "INT", "cha": "CHA de l'allié", "bonus": "Dés de bonus",
    "graine": "Graine", "jours": "Jours de repos",
}


def _entier(op: Mapping[str, Any], cle: str, minimum: int, maximum: int, defaut: int | None = None) -> int:
    brut = op.get(cle)
    # Ni texte ni nombre (une liste, un objet, oui/non) : rien à citer au joueur, on dit ce qu'on attend.
    if brut is not None and (isinstance(brut, bool) or not isinstance(brut, (str, int))):
        raise JdrErreur(f"Le champ « {LIBELLES[cle]} » attend un nombre entier de {minimum} à {maximum}.")
    return champ_entier(op, cle, LIBELLES[cle], minimum, maximum, defaut)


def phrase_jet(attribut: str, jet: JetReserve) -> str:
    """Le jet d'un attribut, en une phrase : « Jet d'INT, Standard : 3d6 (6, 2, 1), 1 succès, réussite. »"""
    return f"Jet {de(attribut)}, {jet.difficulte.value} : {jet.des_lances}, {jet.bilan}."


def rejeu(meca: Mecanique[Any], valeurs: Valeurs, resultat: Any) -> dict[str, Any]:
    """Le jet d'une opération dit comme un jet de lanceur : la mécanique, ses réglages et ses
    dés. Avec la graine de l'opération, ce lanceur redonne exactement les mêmes dés (le lien
    « Rejouer ce jet » du journal des jets)."""
    return {"mecanique": meca.nom, "parametres": dict(valeurs), "des": meca.afficher(resultat, valeurs)["groupes"]}


def _jet(fiche: Fiche, op: Mapping[str, Any], attribut: str,
         relancable: bool = True) -> tuple[JetReserve, str, int, dict[str, Any]]:
    """Un jet Standard graine (résistance CON, CHA pour ramener, INT des premiers soins) ;
    rend le jet, sa phrase, la graine (rangée à part, hors du message) et le même jet dit
    comme un jet du lanceur de réserve. Les dés de bonus couvrent la spécialité (Médecine,
    Sang-froid…) ; pour les premiers soins, ``trousse`` ajoute le dé de Ressource d'une trousse.

    Le jet passe par le lanceur de réserve lui-même, avec un Stress de 0 : ces jets ne
    prennent pas le malus de Stress (celui qui soigne ou ramène n'est pas forcément ce
    personnage ; la résistance s'en passe), et le lien de rejeu redonne ainsi les mêmes dés."""
    from .lanceurs import RESERVE

    valeur = _entier(op, attribut, 0, ATTRIBUT_MAX)
    bonus = _entier(op, "bonus", 0, DES_MODIFICATEUR_MAX, 0)
    graine = op.get("graine")
    graine = graine_au_hasard() if graine is None else _entier(op, "graine", 0, 2**53 - 1)
    bonus += 1 if op.get("trousse") is True else 0
    valeurs = RESERVE.valider({"ton": fiche.ton.value, "attribut": valeur, "bonus": bonus, "stress": 0,
                               "difficulte": Difficulte.STANDARD.value})
    jet = replace(RESERVE.lancer(valeurs, DesAleatoires(graine)), relancable=relancable)
    return jet, phrase_jet(attribut.upper(), jet), graine, rejeu(RESERVE, valeurs, jet)


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


#: Le jet d'une opération : sa graine et le même jet dit comme un jet de lanceur (:func:`rejeu`).
Tirage = tuple[int, dict[str, Any]]


def _appliquer(fiche: Fiche, op: Mapping[str, Any], genre: str) -> tuple[Fiche, str, Tirage | None]:
    """Applique l'opération ; rend la fiche, le message du joueur et le tirage d'un jet éventuel."""
    if genre == "subir":
        degats = _entier(op, "degats", 0, DEGATS_MAX)
        brutes = op.get("blessures") or []
        if not isinstance(brutes, list) or not all(isinstance(b, Mapping) for b in brutes):
            raise JdrErreur("Blessures illisibles : chaque blessure a un nom et ses actions gênées.")
        apres = fiche.subir(degats, [(b.get("nom"), b.get("gene", "")) for b in brutes])
        return apres, f"{_pertes(fiche, degats)} : {bilan(fiche, apres)}.", None
    if genre == "evenement":
        evenement = EVENEMENTS.get(str(op.get("evenement", "")).lower())
        if evenement is None:
            raise JdrErreur(f"Événement inconnu : choisissez {enumerer([e.value for e in Evenement], 'ou')}.")
        if not op.get("resister"):
            apres = fiche.evenement(evenement)
            return apres, f"{evenement.value} : {bilan(fiche, apres)}.", None
        jet, phrase, graine, lie = _jet(fiche, op, "con", relancable=False)  # ni malus de Stress, ni relance
        apres = fiche.evenement(evenement, resistance=jet)
        resiste = "résiste" if jet.issue is Issue.REUSSITE else "ne résiste pas"
        return apres, f"{evenement.value}, {fiche.nom} {resiste} : {bilan(fiche, apres)}. {phrase}", (graine, lie)
    if genre == "premiers_soins" and "int" in op:
        jet, phrase, graine, lie = _jet(fiche, op, "int")
        apres = fiche.premiers_soins(jet.issue is Issue.REUSSITE)
        effet = "réussis" if jet.issue is Issue.REUSSITE else "ratés"
        return apres, f"Premiers soins {effet} : {bilan(fiche, apres)}. {phrase}", (graine, lie)
    if genre == "ramener":
        jet, phrase, graine, lie = _jet(fiche, op, "cha")
        apres = fiche.ramener(jet)
        if apres.en_rupture:
            return apres, f"{fiche.nom} reste en Rupture. {phrase}", (graine, lie)
        return apres, f"{fiche.nom} revient à la raison : {bilan(fiche, apres)}. {phrase}", (graine, lie)
    duree = str(op.get("duree", ""))
    blessure = str(op.get("blessure", ""))
    simples: dict[str, tuple[Callable[[], Fiche], str]] = {
        "relance": (lambda: fiche.relance(), "Relance"),
        "coup_d_eclat": (lambda: fiche.declarer_coup_d_eclat(),
                         "Coup d'éclat déclaré, +3d6 et impossible d'échouer"),
        "reconfort": (lambda: fiche.reconfort(), "Réconfort"),
        "soins_medicaux": (lambda: fiche.soins_medicaux(), "Soins médicaux"),
        "nouvelle_scene": (lambda: fiche.nouvelle_scene(),
                           "Nouvelle scène : premiers soins et Réconfort redeviennent possibles"),
        "premiers_soins": (lambda: fiche.premiers_soins(op.get("reussi") is True),
                           "Premiers soins réussis" if op.get("reussi") is True else "Premiers soins ratés"),
        "fin_de_conflit": (lambda: fiche.fin_de_conflit(op.get("fiction_empeche") is True), "Fin de conflit"),
        "repos": (lambda: fiche.repos(duree), majuscule(NOMS_REPOS.get(duree, "repos"))),
        "rupture": (lambda: fiche.choisir_rupture(str(op.get("mode", ""))),
                    f"{fiche.nom} craque : {str(op.get('mode', ''))[:20]}"),
        "rendre_durable": (lambda: fiche.rendre_durable(blessure),
                           f"La blessure « {blessure[:NOM_MAX]} » devient durable"),
        "guerir_durable": (
            lambda: fiche.guerir_durable(blessure, soins_medicaux=op.get("soins") is True,
                                         jours_de_repos=_entier(op, "jours", 0, 1000, 0)),
            f"La blessure durable « {blessure[:NOM_MAX]} » est guérie",
        ),
    }
    if genre not in simples:
        raise JdrErreur(f"Opération inconnue : « {genre[:40]} ».")
    action, libelle = simples[genre]
    apres = action()
    if genre in SANS_JAUGES:
        return apres, f"{libelle}.", None
    return apres, f"{libelle} : {bilan(fiche, apres)}.", None


#: Les opérations qui ne touchent jamais aux jauges : leur message ne parle pas de Santé ni de Stress.
SANS_JAUGES = frozenset({"nouvelle_scene", "rupture", "rendre_durable"})


def _parametres_lies(fiche: Fiche, op: Mapping[str, Any]) -> dict[str, object]:
    """Les réglages d'un lanceur appliqué à une fiche : le ton et le Stress viennent de la fiche,
    jamais du formulaire (la page peut être en retard sur la fiche)."""
    bruts = op.get("parametres")
    if not isinstance(bruts, Mapping) or len(bruts) > 30:
        raise JdrErreur("Réglages du jet illisibles : le lanceur n'a pas envoyé ses paramètres.")
    return {**bruts, "ton": fiche.ton.value, "stress": fiche.stress}


def _graine_liee(op: Mapping[str, Any]) -> int:
    """La graine du jet montré par le lanceur : la rejouer redonne exactement les mêmes dés."""
    return _entier(op, "graine", 0, 2**53 - 1)


def _danger_lie(fiche: Fiche, op: Mapping[str, Any]) -> tuple[Fiche, str, Tirage]:
    """Le jet du lanceur de dangers, rejoué avec sa graine sur la vraie fiche : la Santé, le
    Stress et les blessures de ce personnage, pas ceux d'un personnage indemne."""
    from .lanceurs import DANGER, _params_jet

    valeurs = DANGER.valider(_parametres_lies(fiche, op))
    graine = _graine_liee(op)
    d = danger(valeurs["danger"])
    p = _params_jet(valeurs)
    paliers = fiche.paliers_franchis(d.degats)
    noms = [(f"{en_minuscule(d.nom)[:NOM_MAX - 4]} {i + 1}" if len(paliers) > 1 else en_minuscule(d.nom)[:NOM_MAX], ())
            for i in range(len(paliers))]
    expo = affronter(fiche, d, valeurs["attribut"], des=DesAleatoires(graine), bonus=p["bonus"], malus=p["malus"],
                     blessures=noms, hypothese=p["hypothese"])
    phrase = phrase_jet(" ou ".join(d.attributs), expo.jet)
    tirage = (graine, rejeu(DANGER, valeurs, expo))
    if expo.apres == fiche:
        return fiche, f"{expo} {phrase} Rien ne change sur la fiche.", tirage
    return expo.apres, f"{expo} {phrase} {majuscule(bilan(fiche, expo.apres))}.", tirage


def _reserve_liee(fiche: Fiche, op: Mapping[str, Any]) -> tuple[Fiche, str, Tirage]:
    """Le jet du lanceur de réserve, rejoué sur la fiche : un Coup d'éclat n'y passe que si la
    fiche l'a prêt (6 de Stress, Blockbuster), et il fait alors redescendre le Stress à 3."""
    from .lanceurs import RESERVE

    valeurs = RESERVE.valider(_parametres_lies(fiche, op))
    graine = _graine_liee(op)
    jet = RESERVE.lancer(valeurs, DesAleatoires(graine))
    tirage = (graine, rejeu(RESERVE, valeurs, jet))
    if not jet.coup_d_eclat:
        return fiche, f"{fiche.nom} lance {jet} Rien ne change sur la fiche.", tirage
    apres = fiche.declarer_coup_d_eclat()
    return apres, f"{fiche.nom} déclare son Coup d'éclat : {jet} {majuscule(bilan(fiche, apres))}.", tirage


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
    resume = (f"{fiche.nom} : Santé {fiche.sante} sur {fiche.regles.sante_max} ({fiche.palier.value}), "
              f"Stress {fiche.stress} sur {STRESS_MAX}, "
              + (f"{compter(len(blessures), 'blessure')} : {enumerer(blessures)}. "
                 "Ajoutez aux dés de malus celles qui gênent cette action." if blessures else "aucune blessure."))
    return {"reglages": {"ton": fiche.ton.value, "stress": fiche.stress}, "resume": resume}


def _renommer(fiche: Fiche, op: Mapping[str, Any]) -> tuple[Fiche, str]:
    """Un nouveau nom, vérifié comme à la création ; rien d'autre ne bouge."""
    nom = Fiche.nouvelle(op.get("nom"), fiche.ton).nom  # type: ignore[arg-type]  # nouvelle() vérifie le type
    return replace(fiche, nom=nom), f"{fiche.nom} s'appelle désormais {nom}."


def operer(etat: object, op: object) -> dict[str, Any]:
    """Applique une opération à une fiche sauvegardée (ou en crée une).

    Rend ``{"etat", "vue", "message"}`` (plus ``"graine"`` et ``"rejeu"`` quand un jet a été
    lancé : voir :func:`rejeu`), ou
    ``{"etat", "vue", "demande"}`` quand il faut
    nommer des blessures avant d'appliquer des dégâts. Une erreur de règle ou de saisie
    lève :class:`JdrErreur` et ne change rien.
    """
    if not isinstance(op, Mapping):
        raise JdrErreur("Opération illisible : le widget n'a pas envoyé d'opération.")
    genre = str(op.get("op", ""))
    if genre == "creer":
        fiche = Fiche.nouvelle(op.get("nom", ""), lire_ton(op.get("ton", Ton.BLOCKBUSTER.value)))
        return {"etat": fiche.en_json(), "vue": vue(fiche), "message": f"Nouvelle fiche : {fiche.nom}."}
    fiche = Fiche.depuis_json(etat)
    if genre == "lire":
        return {"etat": fiche.en_json(), "vue": vue(fiche), "message": "", "pour_lanceur": pour_lanceur(fiche)}
    if genre == "renommer":
        apres, message = _renommer(fiche, op)
        return {"etat": apres.en_json(), "vue": vue(apres), "message": message}
    if genre in ("danger", "reserve"):
        lie, phrase, (graine_du_jet, jet_lie) = (_danger_lie if genre == "danger" else _reserve_liee)(fiche, op)
        return {"etat": lie.en_json(), "vue": vue(lie), "message": phrase, "graine": graine_du_jet,
                "rejeu": jet_lie}
    if genre == "subir" and not op.get("blessures"):
        paliers = fiche.paliers_franchis(_entier(op, "degats", 0, DEGATS_MAX))
        if paliers:
            return {
                "etat": fiche.en_json(), "vue": vue(fiche),
                "demande": {"paliers": [p.value for p in paliers]},
                "message": message_demande(len(paliers)),
            }
    apres, message, tirage = _appliquer(fiche, op, genre)
    reponse: dict[str, Any] = {"etat": apres.en_json(), "vue": vue(apres), "message": message}
    if tirage is not None:
        # Pour rejouer le jet (jamais dans la phrase du joueur) : la graine, et le lanceur qui
        # redonne ces dés avec elle.
        reponse["graine"], reponse["rejeu"] = tirage
    return reponse


def message_demande(paliers: int) -> str:
    """Ce que la fiche réclame avant d'appliquer des dégâts qui franchissent des paliers."""
    franchis = compter(paliers, "palier franchi", "paliers franchis")
    return f"{franchis} : {'nommez chaque blessure' if paliers > 1 else 'nommez la blessure'}."


__all__ = ["BORNES", "operer", "vue"]
