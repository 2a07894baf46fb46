"""Les lanceurs d'enCORE (la réserve et les dangers) et ses tables publiées."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from ..erreurs import RegleEnfreinte
from ..francais import en_minuscule, enumerer
from ..issues import Issues, Ligne, est
from ..mecanique import (
    Affichage,
    Choix,
    DeAffiche,
    Entier,
    IssueAffichee,
    Mecanique,
    OuiNon,
    Table,
    Valeurs,
    des_comptes,
)
from .dangers import DANGERS, RECUPERATION, Exposition, affronter, danger
from .fiche import Fiche
from .reserve import (
    ATTRIBUT_MAX,
    DES_MODIFICATEUR_MAX,
    Difficulte,
    Hypothese,
    Issue,
    JetReserve,
    distribution_reserve,
    lancer_reserve,
    verifier_coup_d_eclat,
)
from .ton import REGLES, STRESS_MAX, Ton

TONS = ((Ton.BLOCKBUSTER.value, "Blockbuster"), (Ton.RAW.value, "Raw"))
DIFFICULTES = tuple((d.value, d.value) for d in Difficulte)



def _bornes(bas: int, haut: int) -> str:
    return str(bas) if bas == haut else f"{bas}–{haut}"


TABLES: tuple[Table, ...] = (
    Table("encore-dangers", ("Danger", "Pour l'éviter", "Dégâts", "Stress"), tuple(
        (d.intitule, f"{' ou '.join(d.attributs)}, {d.difficulte.value}", f"{d.gravite} ({d.degats})",
         d.stress.value if d.stress else "–") for d in DANGERS)),
    Table("encore-recuperer", ("Durée", "Santé", "Stress"), tuple(RECUPERATION.values())),
    Table("encore-paliers", ("Palier", "Blockbuster (8)", "Raw (6)"), tuple(
        (p.value, _bornes(bb, hb), _bornes(br, hr))
        for (p, bb, hb), (_, br, hr) in zip(REGLES[Ton.BLOCKBUSTER].paliers, REGLES[Ton.RAW].paliers, strict=True))),
    Table("encore-evenements", ("Événement", "Blockbuster", "Raw", "Exemples"), tuple(
        (e.value, str(REGLES[Ton.BLOCKBUSTER].stress_evenement[e]), str(REGLES[Ton.RAW].stress_evenement[e]), ex)
        for e, ex in zip(REGLES[Ton.RAW].stress_evenement, (
            "explosion proche, cadavre, trahison",
            "mort d'un proche, créature monstrueuse, piège sans issue",
            "calamité mondiale, effondrement de toute certitude"), strict=True))),
)


HYPOTHESE_PARAMETRES = (
    Entier("face_succes", "Un dé réussit à partir de (hypothèse)", 5, 2, 6, avance=True),
    Entier("plafond_bonus", "Plafond des dés de bonus (hypothèse)", 3, 0, DES_MODIFICATEUR_MAX, avance=True),
    Entier("requis_standard", "Succès requis en Standard (hypothèse)", 1, 1, 10, avance=True),
    Entier("requis_difficile", "Succès requis en Difficile (hypothèse)", 2, 1, 10, avance=True),
)


def _hypothese(v: Valeurs) -> Hypothese:
    return Hypothese(
        face_succes=v["face_succes"],
        requis={Difficulte.STANDARD: v["requis_standard"], Difficulte.DIFFICILE: v["requis_difficile"]},
        plafond_bonus=v["plafond_bonus"],
    )


def _malus_total(v: Valeurs) -> int:
    regles = REGLES[Ton(v["ton"])]
    bornes = regles.malus_stress
    stress = 1 if bornes and bornes[0] <= v["stress"] <= bornes[1] else 0
    return int(v["malus"]) + stress


def _params_jet(v: Valeurs) -> dict[str, Any]:
    ton = Ton(v["ton"])
    eclat = bool(v.get("coup_d_eclat", False))
    if eclat and not REGLES[ton].coup_d_eclat:
        raise RegleEnfreinte("le Coup d'éclat n'existe qu'en Blockbuster")
    if eclat:
        verifier_coup_d_eclat(v["stress"])
    return {"bonus": v["bonus"], "malus": _malus_total(v), "coup_d_eclat": eclat, "hypothese": _hypothese(v)}


def des_affiches(jet: JetReserve) -> list[DeAffiche]:
    return des_comptes(jet.des, jet.compte)


PHRASES = {
    Issue.REUSSITE: "Réussite : l'action aboutit.",
    Issue.PARTIELLE: "Réussite partielle : l'action aboutit, avec une complication ou un prix.",
    Issue.ECHEC: "Échec : l'action ne donne pas ce qu'on voulait.",
}
ISSUES_AFFICHAGE: dict[Issue, IssueAffichee] = {
    Issue.REUSSITE: "reussite", Issue.PARTIELLE: "neutre", Issue.ECHEC: "echec"}


#: Les issues d'une réserve, de la meilleure à la pire : la clé est leur nom, le libellé leur valeur.
LIGNES: tuple[Ligne[Issue], ...] = tuple(Ligne(i.name.lower(), i.value.capitalize(), est(i))
                                         for i in (Issue.REUSSITE, Issue.PARTIELLE, Issue.ECHEC))


# --- Réserve -----------------------------------------------------------------

def _lancer_reserve(v: Valeurs, des: Any) -> JetReserve:
    return lancer_reserve(v["attribut"], des=des, difficulte=Difficulte(v["difficulte"]), **_params_jet(v))


#: La loi des issues : les succès de chaque dé additionnés (une convolution, pas les 6ⁿ suites).
ISSUES_RESERVE: Issues[JetReserve, Issue] = Issues(
    resume=lambda jet: jet.issue, lignes=LIGNES,
    loi=lambda v: distribution_reserve(v["attribut"], difficulte=Difficulte(v["difficulte"]), **_params_jet(v)))


def _afficher_reserve(jet: JetReserve, v: Valeurs) -> Affichage:
    phrase = PHRASES[jet.issue]
    if jet.coup_d_eclat:
        phrase += " Coup d'éclat : le Stress redescend à 3, et une attaque devient Dévastatrice."
    details = [str(jet)]
    if _malus_total(v) != v["malus"]:
        details.append("Stress 4 ou 5 en Raw : −1d6 à la réserve.")
    return {
        "phrase": phrase,
        "issue": ISSUES_AFFICHAGE[jet.issue],
        "groupes": [{"titre": "Réserve", "des": des_affiches(jet)}],
        "details": details,
    }


COMMUNS = (
    Choix("ton", "Ton", Ton.BLOCKBUSTER.value, TONS),
    Entier("attribut", "Attribut", 3, 0, ATTRIBUT_MAX),
    Entier("bonus", "Dés de bonus", 0, 0, DES_MODIFICATEUR_MAX),
    Entier("malus", "Dés de malus (blessures…)", 0, 0, DES_MODIFICATEUR_MAX),
    Entier("stress", "Stress actuel", 0, 0, STRESS_MAX),
)

def _situation_reserve(jet: JetReserve, v: Valeurs) -> str:
    """« Attribut 3 en Blockbuster, jet Standard : 3d6 » (la réserve lancée, bonus, malus et
    Stress comptés)."""
    ton = dict(TONS)[v["ton"]]
    return f"Attribut {v['attribut']} en {ton}, jet {jet.difficulte.value} : {len(jet.des)}d6"


RESERVE: Mecanique[JetReserve] = Mecanique(
    nom="encore-reserve",
    titre="Réserve de d6",
    operation_suivi="reserve",
    parametres=(
        *COMMUNS,
        Choix("difficulte", "Difficulté", Difficulte.STANDARD.value, DIFFICULTES),
        OuiNon("coup_d_eclat", "Le personnage déclare son Coup d'éclat (Blockbuster)", False),
        *HYPOTHESE_PARAMETRES,
    ),
    lancer=_lancer_reserve,
    afficher=_afficher_reserve,
    issues=ISSUES_RESERVE,
    petits=({}, {"attribut": 2, "bonus": 2, "difficulte": Difficulte.DIFFICILE.value},
            {"ton": Ton.RAW.value, "stress": 4, "malus": 1}, {"attribut": 0}),
    situation=_situation_reserve,
    dans_situation=("attribut", "ton", "difficulte"),
)


# --- Dangers -----------------------------------------------------------------

def _lancer_danger(v: Valeurs, des: Any) -> Exposition:
    d = danger(v["danger"])
    ton = Ton(v["ton"])
    fiche = Fiche("Le PJ", ton, REGLES[ton].sante_max, v["stress"])
    noms = [(f"blessure {i + 1} ({en_minuscule(d.nom)})", ())
            for i in range(len(fiche.paliers_franchis(d.degats)))]
    p = _params_jet(v)
    return affronter(fiche, d, v["attribut"], des=des, bonus=p["bonus"], malus=p["malus"], blessures=noms,
                     hypothese=p["hypothese"])


def _nommer_danger(e: Exposition, nom: str, accord: str) -> Exposition:
    """Le même jet, dit du personnage choisi dans le suivi au lieu du PJ anonyme : son nom et
    son genre, sur la fiche d'avant comme sur celle d'après (les jauges ne changent pas)."""
    return replace(e, avant=replace(e.avant, nom=nom, accord=accord), apres=replace(e.apres, nom=nom, accord=accord))


#: L'issue du jet de réserve qui évite le danger, à sa difficulté.
ISSUES_DANGER: Issues[Exposition, Issue] = Issues(
    resume=lambda e: e.jet.issue, lignes=LIGNES,
    loi=lambda v: distribution_reserve(v["attribut"], difficulte=danger(v["danger"]).difficulte, **_params_jet(v)))


def _afficher_danger(e: Exposition, v: Valeurs) -> Affichage:
    details = [f"{enumerer(e.danger.attributs, 'ou')} {e.danger.difficulte.value} : {e.jet.des_lances}, {e.jet.bilan}."]
    if not e.evite:
        details.append(f"Santé {e.avant.sante} → {e.apres.sante} ({e.apres.palier_dit}) : "
                       "aucune armure ne réduit ces dégâts.")
        details += [f"Blessure à nommer, palier {b.palier.value}." for b in e.apres.blessures]
        details.append(f"Stress {e.avant.stress} → {e.apres.stress}.")
    return {
        "phrase": str(e),
        "issue": ISSUES_AFFICHAGE[e.jet.issue],
        "groupes": [{"titre": "Réserve", "des": des_affiches(e.jet)}],
        "details": details,
    }


DANGER: Mecanique[Exposition] = Mecanique(
    nom="encore-danger",
    titre="Danger",
    operation_suivi="danger",
    nommer=_nommer_danger,
    parametres=(
        Choix("danger", "Danger", DANGERS[0].cle, tuple((d.cle, d.intitule) for d in DANGERS)),
        *COMMUNS,
        *HYPOTHESE_PARAMETRES,
    ),
    lancer=_lancer_danger,
    afficher=_afficher_danger,
    issues=ISSUES_DANGER,
    petits=({}, {"danger": DANGERS[-1].cle, "attribut": 2}),
    situation=lambda e, v: (f"{danger(v['danger']).intitule} : attribut {v['attribut']} en {dict(TONS)[v['ton']]}, "
                            f"jet {e.jet.difficulte.value} de {len(e.jet.des)}d6"),
    dans_situation=("danger", "attribut", "ton"),
)

MECANIQUES: tuple[Mecanique[Any], ...] = (RESERVE, DANGER)
