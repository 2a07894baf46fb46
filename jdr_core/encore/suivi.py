"""Le suivi d'une fiche dans le navigateur : une opération entre, une fiche et sa vue sortent.

Le widget « fiche » de la page garde l'état en localStorage et ne fait qu'appeler
:func:`operer` ; toutes les règles passent par :class:`~jdr_core.encore.fiche.Fiche`.

>>> r = operer(None, {"op": "creer", "nom": "Gideon", "ton": "blockbuster"})
>>> r = operer(r["etat"], {"op": "subir", "degats": 5})
>>> r["demande"]["paliers"]
['blessé', 'gravement blessé']
>>> r = operer(r["etat"], {"op": "subir", "degats": 5, "blessures": [
...     {"nom": "cheville foulée", "gene": "course"}, {"nom": "brûlure", "gene": "tir"}]})
>>> r["vue"]["sante"], r["vue"]["stress"], r["message"]
(3, 1, 'Gideon perd 5 Santé : 8 → 3.')
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from ..des import DesAleatoires, graine_au_hasard
from ..erreurs import JdrErreur
from ..mecanique import lire_entier
from .fiche import DEGATS_MAX, JOURS_GUERISON_DURABLE, MODES_RUPTURE, NOM_MAX, Fiche
from .reserve import ATTRIBUT_MAX, DES_MODIFICATEUR_MAX, Difficulte, Issue, lancer_reserve
from .ton import REGLES, STRESS_MAX, Evenement, Ton

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


def _entier(op: Mapping[str, Any], nom: str, minimum: int, maximum: int, defaut: int | None = None) -> int:
    brut = op.get(nom)
    if defaut is not None and (brut is None or brut == ""):
        brut = defaut
    return lire_entier(nom, brut, minimum, maximum)


def _jet(op: Mapping[str, Any], attribut: str, relancable: bool = True) -> tuple[Any, str]:
    """Un jet Standard graine (résistance CON, CHA pour ramener, INT des premiers soins) ;
    rend le jet et sa description. Les dés de bonus couvrent la spécialité (Médecine,
    Sang-froid…) ; pour les premiers soins, ``trousse`` ajoute le dé de Ressource d'une trousse."""
    valeur = _entier(op, attribut, 0, ATTRIBUT_MAX)
    bonus = _entier(op, "bonus", 0, DES_MODIFICATEUR_MAX, 0)
    graine = op.get("graine")
    graine = graine_au_hasard() if graine is None else _entier(op, "graine", 0, 2**53 - 1)
    bonus += 1 if op.get("trousse") is True else 0
    jet = lancer_reserve(valeur, bonus=bonus, des=DesAleatoires(graine), difficulte=Difficulte.STANDARD,
                         relancable=relancable)
    return jet, f"jet {attribut.upper()} : {jet} (graine {graine})"


def _appliquer(fiche: Fiche, op: Mapping[str, Any], genre: str) -> tuple[Fiche, str]:
    if genre == "subir":
        degats = _entier(op, "degats", 0, DEGATS_MAX)
        brutes = op.get("blessures") or []
        if not isinstance(brutes, list) or not all(isinstance(b, Mapping) for b in brutes):
            raise JdrErreur("blessures : une liste de {nom, gene} est attendue")
        apres = fiche.subir(degats, [(b.get("nom"), b.get("gene", "")) for b in brutes])
        return apres, f"{fiche.nom} perd {degats} Santé : {fiche.sante} → {apres.sante}."
    if genre == "evenement":
        evenement = EVENEMENTS.get(str(op.get("evenement", "")).lower())
        if evenement is None:
            raise JdrErreur("événement : attendu Choc, Horreur ou Indicible")
        texte = f"{evenement.value}"
        jet = None
        if op.get("resister"):
            jet, description = _jet(op, "con", relancable=False)  # ni malus de Stress, ni relance
            texte += f", {description}"
        apres = fiche.evenement(evenement, resistance=jet)
        return apres, f"{texte} : Stress {fiche.stress} → {apres.stress}."
    if genre == "premiers_soins" and "int" in op:
        jet, description = _jet(op, "int")
        apres = fiche.premiers_soins(jet.issue is Issue.REUSSITE)
        return apres, f"Premiers soins ({description}) : Santé {fiche.sante} → {apres.sante}."
    if genre == "ramener":
        jet, description = _jet(op, "cha")
        apres = fiche.ramener(jet)
        return apres, f"Un allié tente de ramener {fiche.nom} ({description}) : Stress {fiche.stress} → {apres.stress}."
    simples: dict[str, tuple[Callable[[], Fiche], str]] = {
        "relance": (lambda: fiche.relance(), "Relance"),
        "coup_d_eclat": (lambda: fiche.declarer_coup_d_eclat(), "Coup d'éclat déclaré : +3d6, ne peut pas échouer"),
        "reconfort": (lambda: fiche.reconfort(), "Réconfort"),
        "soins_medicaux": (lambda: fiche.soins_medicaux(), "Soins médicaux"),
        "nouvelle_scene": (lambda: fiche.nouvelle_scene(), "Nouvelle scène"),
        "premiers_soins": (lambda: fiche.premiers_soins(op.get("reussi") is True), "Premiers soins"),
        "fin_de_conflit": (lambda: fiche.fin_de_conflit(op.get("fiction_empeche") is True), "Fin de conflit"),
        "repos": (lambda: fiche.repos(str(op.get("duree", ""))), "Repos"),
        "rupture": (lambda: fiche.choisir_rupture(str(op.get("mode", ""))), "Rupture"),
        "rendre_durable": (lambda: fiche.rendre_durable(str(op.get("blessure", ""))), "Blessure durable"),
        "guerir_durable": (
            lambda: fiche.guerir_durable(str(op.get("blessure", "")), soins_medicaux=op.get("soins") is True,
                                         jours_de_repos=_entier(op, "jours", 0, 1000, 0)),
            "Blessure durable guérie",
        ),
    }
    if genre not in simples:
        raise JdrErreur(f"opération inconnue : {genre[:40]!r}")
    action, libelle = simples[genre]
    apres = action()
    return apres, f"{libelle} : Santé {fiche.sante} → {apres.sante}, Stress {fiche.stress} → {apres.stress}."


def operer(etat: object, op: object) -> dict[str, Any]:
    """Applique une opération à une fiche sauvegardée (ou en crée une).

    Rend ``{"etat", "vue", "message"}``, ou ``{"etat", "vue", "demande"}`` quand il faut
    nommer des blessures avant d'appliquer des dégâts. Une erreur de règle ou de saisie
    lève :class:`JdrErreur` et ne change rien.
    """
    if not isinstance(op, Mapping):
        raise JdrErreur("opération illisible")
    genre = str(op.get("op", ""))
    if genre == "creer":
        ton = op.get("ton", Ton.BLOCKBUSTER.value)
        if ton not in {t.value for t in Ton}:
            raise JdrErreur("ton : attendu blockbuster ou raw")
        fiche = Fiche.nouvelle(str(op.get("nom", "")), Ton(ton))
        return {"etat": fiche.en_json(), "vue": vue(fiche), "message": f"Nouvelle fiche : {fiche.nom}."}
    fiche = Fiche.depuis_json(etat)
    if genre == "lire":
        return {"etat": fiche.en_json(), "vue": vue(fiche), "message": ""}
    if genre == "subir" and not op.get("blessures"):
        paliers = fiche.paliers_franchis(_entier(op, "degats", 0, DEGATS_MAX))
        if paliers:
            return {
                "etat": fiche.en_json(), "vue": vue(fiche),
                "demande": {"paliers": [p.value for p in paliers]},
                "message": f"{len(paliers)} palier(s) franchi(s) : nommez chaque blessure.",
            }
    apres, message = _appliquer(fiche, op, genre)
    return {"etat": apres.en_json(), "vue": vue(apres), "message": message}


__all__ = ["BORNES", "operer", "vue"]
