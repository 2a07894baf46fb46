"""Le lanceur des poursuites du 2D6 et la table des manœuvres.

Le formulaire règle les deux conducteurs, la distance de départ, qui a la main et la
tactique de chaque camp ; les cotes viennent de la chaîne de Markov exacte de
:mod:`.poursuite`, le lancer joue la poursuite manche par manche.

>>> v = POURSUITE.valider({"distance": "extreme", "tours": "1"})
>>> for cote in POURSUITE.cotes(v):
...     print(f"{cote.libelle} : {cote.en_json()['pourcentage']}")
Le poursuivi s'échappe : 27,8 %
Le poursuivi est arrêté : impossible (0 %)
La poursuite dure encore après 1 manche : 72,2 %
"""

from __future__ import annotations

from typing import Any

from ..des import SourceDes
from ..erreurs import RegleEnfreinte
from ..francais import de, quantite
from ..issues import Issues, Ligne, est
from ..loi import Loi
from ..mecanique import Affichage, Choix, Entier, GroupeAffiche, IssueAffichee, Mecanique, OuiNon, Table, Valeurs
from .doubles import CHOIX_ORDRE, Ordre
from .jet import MODIFICATEUR_MAX, MODIFICATEUR_MIN, Jet2D6
from .lanceurs import champ_caracteristique, champ_niveau, des_affiches
from .manoeuvres import CRANS_MAX, Autre, Camp, Distance, Manoeuvre, texte_distances, texte_modificateur
from .poursuite import Issue, Poursuite, Tactique
from .poursuite_cotes import distribution_poursuite

#: Manches au plus dans le lanceur (les règles en acceptent jusqu'à ``TOURS_MAX``).
TOURS_LANCEUR_MAX = 20

TABLE_MANOEUVRES = Table(
    "2d6-manoeuvres",
    ("Manœuvre", "Distance", "Modificateur", "Effet si elle réussit"),
    tuple((m.nom, texte_distances(m), texte_modificateur(m), m.regle.effet) for m in Manoeuvre),
)
TABLES_POURSUITE: tuple[Table, ...] = (TABLE_MANOEUVRES,)

#: Tactique du poursuivi : (valeur, libellé, manœuvres par ordre de préférence).
TACTIQUES_POURSUIVI: dict[str, tuple[str, tuple[Manoeuvre, ...]]] = {
    "fuir": ("Fuir", (Manoeuvre.RATTRAPER_FUIR,)),
    "se_cacher": ("Se cacher dès la distance moyenne, sinon fuir", (Manoeuvre.SE_CACHER, Manoeuvre.RATTRAPER_FUIR)),
    "bloquer": ("Bloquer au contact, sinon fuir", (Manoeuvre.FORCER_BLOQUER, Manoeuvre.RATTRAPER_FUIR)),
    "embardees": ("Faire des embardées", (Manoeuvre.EMBARDEES,)),
    "stabiliser": ("Stabiliser l'allure (pour tirer)", (Manoeuvre.STABILISER,)),
    "autre": ("Une autre manœuvre, réglée plus bas, sinon fuir", (Manoeuvre.AUTRE, Manoeuvre.RATTRAPER_FUIR)),
}
TACTIQUES_POURSUIVANT: dict[str, tuple[str, tuple[Manoeuvre, ...]]] = {
    "forcer": ("Rattraper, puis forcer sur le côté au contact", (Manoeuvre.FORCER_BLOQUER, Manoeuvre.RATTRAPER_FUIR)),
    "foncer": ("Rattraper, puis foncer dessus au contact", (Manoeuvre.ECRASER_FONCER, Manoeuvre.RATTRAPER_FUIR)),
    "stabiliser": ("Stabiliser l'allure (pour tirer)", (Manoeuvre.STABILISER,)),
    "autre": ("Une autre manœuvre, réglée plus bas, sinon rattraper et forcer au contact",
              (Manoeuvre.AUTRE, Manoeuvre.FORCER_BLOQUER, Manoeuvre.RATTRAPER_FUIR)),
}
#: Le nom d'une autre manœuvre dans le récit du lanceur (le formulaire ne demande pas de texte).
NOM_AUTRE = "franchir un obstacle imprévu"
CONTRES: dict[str, Manoeuvre | None] = {
    "aucun": None,
    "demi_tour": Manoeuvre.DEMI_TOUR,
    "renversement": Manoeuvre.RENVERSEMENT,
}
CHOIX_CONTRES = (("aucun", "Aucune"), ("demi_tour", "Faire demi-tour complet"),
                 ("renversement", "Renversement (en l'air)"))

def _tactiques(v: Valeurs) -> tuple[Tactique, Tactique]:
    contres = (CONTRES[v["contre_poursuivant"]], CONTRES[v["contre_poursuivi"]])
    if Manoeuvre.RENVERSEMENT in contres and not v["aerienne"]:
        raise RegleEnfreinte("contre-manœuvre renversement : attendu une poursuite aérienne "
                             "(cochez « Poursuite aérienne »)")
    autre = Autre(NOM_AUTRE, Distance(v["autre_min"]), Distance(v["autre_max"]), v["crans_autre"])
    poursuivant = Tactique(TACTIQUES_POURSUIVANT[v["manoeuvre_poursuivant"]][1], v["modificateur_poursuivant"],
                           contres[0], autre if v["manoeuvre_poursuivant"] == "autre" else None)
    poursuivi = Tactique(TACTIQUES_POURSUIVI[v["manoeuvre_poursuivi"]][1], v["modificateur_poursuivi"], contres[1],
                         autre if v["manoeuvre_poursuivi"] == "autre" else None)
    return poursuivant, poursuivi


def _depart(v: Valeurs) -> Poursuite:
    return Poursuite(
        v["conduite_poursuivant"], v["conduite_poursuivi"], Distance(v["distance"]), Camp(v["initiative"]),
        aerienne=v["aerienne"], sen_poursuivant=v["sen_poursuivant"], ordre=Ordre(v["ordre"]),
    )


def _lancer(v: Valeurs, des: SourceDes) -> Poursuite:
    poursuivant, poursuivi = _tactiques(v)
    return _depart(v).jouer(poursuivant, poursuivi, des=des, tours=v["tours"])


def _loi(v: Valeurs) -> Loi[Issue]:
    poursuivant, poursuivi = _tactiques(v)
    return distribution_poursuite(_depart(v), poursuivant, poursuivi, tours=v["tours"])


#: Trois lignes qui partagent toutes les issues (leur somme vaut 1) ; le détail (distancé,
#: caché, poursuivant bloqué) est dans la loi et dans la phrase. La loi : la chaîne de Markov
#: exacte des manches (:func:`.poursuite_cotes.distribution_poursuite`).
ISSUES: Issues[Poursuite, Issue] = Issues(
    resume=lambda p: p.issue,
    lignes=(Ligne("echappe", "Le poursuivi s'échappe", lambda issue: issue.echappe),
            Ligne("arrete", "Le poursuivi est arrêté", est(Issue.POURSUIVI_ARRETE)),
            Ligne("en_cours", lambda v: f"La poursuite dure encore après {quantite(v['tours'], 'manche')}",
                  est(Issue.EN_COURS))),
    loi=_loi,
)


def _groupe(titre: str, jet: Jet2D6) -> GroupeAffiche:
    return {"titre": titre, "des": des_affiches(jet)}


def _afficher(p: Poursuite, v: Valeurs) -> Affichage:
    """Les dés de la dernière manche seulement ; le récit de chaque manche va dans les détails."""
    issue: IssueAffichee = "neutre"
    if p.issue.finie:
        bon_pour_le_poursuivi = p.issue.echappe
        issue = "reussite" if bon_pour_le_poursuivi == (v["camp_joueur"] == Camp.POURSUIVI.value) else "echec"
    groupes: list[GroupeAffiche] = []
    if p.manches:
        m = p.manches[-1]
        for camp, jet in ((m.attaquant, m.jet_attaquant), (m.attaquant.autre, m.jet_defenseur)):
            if jet is not None:
                groupes.append(_groupe(f"Dernière manche, {p.nom(camp)}", jet))
        if m.jet_sen is not None:
            groupes.append(_groupe(f"Dernière manche, jet de SEN {de(p.nom(Camp.POURSUIVANT))}", m.jet_sen))
    fin = f"Après {quantite(len(p.manches), 'manche')}, {p.phrase(capitale=False)}"
    return {"phrase": fin, "issue": issue, "groupes": groupes, "details": [" ".join(m.lignes()) for m in p.manches]}


DISTANCES = tuple((d.value, d.nom) for d in Distance)
#: Les deux camps, dans l'ordre des listes du formulaire (qui a l'initiative, qui joue le joueur).
CAMPS = ((Camp.POURSUIVI.value, "le poursuivi"), (Camp.POURSUIVANT.value, "le poursuivant"))


def _modificateur(nom: str, libelle: str) -> Entier:
    return Entier(nom, libelle, 0, MODIFICATEUR_MIN, MODIFICATEUR_MAX)


POURSUITE: Mecanique[Poursuite] = Mecanique(
    nom="2d6-poursuite",
    titre="Poursuite",
    parametres=(
        champ_niveau("conduite_poursuivant", "Conduite du poursuivant", 1),
        champ_niveau("conduite_poursuivi", "Conduite du poursuivi", 2),
        Choix("distance", "Distance de départ", Distance.MOYEN.value, DISTANCES),
        Choix("initiative", "Qui a l'initiative", Camp.POURSUIVI.value, CAMPS),
        Choix("manoeuvre_poursuivi", "Manœuvre du poursuivi quand il a la main", "fuir",
              tuple((k, t[0]) for k, t in TACTIQUES_POURSUIVI.items())),
        _modificateur("modificateur_poursuivi", "Modificateur choisi par le poursuivi (Fuir)"),
        Choix("manoeuvre_poursuivant", "Manœuvre du poursuivant quand il a la main", "forcer",
              tuple((k, t[0]) for k, t in TACTIQUES_POURSUIVANT.items())),
        _modificateur("modificateur_poursuivant", "Modificateur choisi par le poursuivant (Rattraper, Foncer)"),
        Entier("crans_autre", "Autre manœuvre réussie : crans gagnés par celui qui la tente (hypothèse)", 1, 0,
               CRANS_MAX, avance=True),
        Choix("autre_min", "Autre manœuvre : distance la plus courte où elle se tente", Distance.CONTACT.value,
              DISTANCES, avance=True),
        Choix("autre_max", "Autre manœuvre : distance la plus longue où elle se tente", Distance.EXTREME.value,
              DISTANCES, avance=True),
        Choix("contre_poursuivi", "Contre-manœuvre du poursuivi en défense", "aucun", CHOIX_CONTRES),
        Choix("contre_poursuivant", "Contre-manœuvre du poursuivant en défense", "aucun", CHOIX_CONTRES),
        OuiNon("aerienne", "La poursuite se déroule dans les airs", False),
        champ_caracteristique("sen_poursuivant", "SEN du poursuivant (s'il faut retrouver une cachette)", 3),
        Entier("tours", "Manches au plus", 10, 1, TOURS_LANCEUR_MAX),
        Choix("camp_joueur", "Le joueur joue", Camp.POURSUIVI.value, CAMPS),
        Choix("ordre", "Deux doubles dans la même manche : lequel compte d'abord (hypothèse)",
              Ordre.ATTAQUANT.value, CHOIX_ORDRE, avance=True),
    ),
    lancer=_lancer,
    afficher=_afficher,
    issues=ISSUES,
    situation=lambda p, v: (f"Poursuite partie de la distance « {dict(DISTANCES)[v['distance']]} » : Conduite "
                            f"{v['conduite_poursuivi']} pour le poursuivi, {v['conduite_poursuivant']} pour le "
                            "poursuivant"),
    dans_situation=("distance", "conduite_poursuivi", "conduite_poursuivant"),
    petits=(
        {"tours": 1},
        {"tours": 1, "distance": "extreme", "modificateur_poursuivi": -1},
        {"tours": 1, "distance": "contact", "initiative": "poursuivant"},
        {"tours": 1, "distance": "contact", "initiative": "poursuivant", "manoeuvre_poursuivant": "foncer"},
        {"tours": 1, "distance": "contact", "manoeuvre_poursuivi": "bloquer", "conduite_poursuivi": 4},
        {"tours": 1, "distance": "long", "manoeuvre_poursuivi": "se_cacher", "sen_poursuivant": 5},
        {"tours": 1, "manoeuvre_poursuivi": "embardees"},
        {"tours": 2, "distance": "court", "contre_poursuivi": "demi_tour", "contre_poursuivant": "demi_tour"},
        {"tours": 2, "manoeuvre_poursuivi": "stabiliser", "contre_poursuivi": "demi_tour"},
        {"tours": 1, "aerienne": True, "distance": "court", "initiative": "poursuivant",
         "contre_poursuivi": "renversement"},
        {"tours": 1, "ordre": Ordre.DEFENSEUR.value},
        {"tours": 1, "manoeuvre_poursuivi": "autre", "crans_autre": 2, "modificateur_poursuivi": -2},
        {"tours": 1, "distance": "court", "initiative": "poursuivant", "manoeuvre_poursuivant": "autre",
         "crans_autre": 0, "autre_min": "long"},
        {"tours": 1, "distance": "court", "ordre": Ordre.SIMULTANE.value, "conduite_poursuivant": 4},
    ),
)

MECANIQUES_POURSUITE: tuple[Mecanique[Any], ...] = (POURSUITE,)
