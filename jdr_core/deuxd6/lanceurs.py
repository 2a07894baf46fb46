"""Les lanceurs du 2D6 : chaque mécanique déclare ses paramètres, ses cotes et son affichage.

Les cotes sont exactes et chaque résultat dit, par ``classer``, quelles lignes de cotes
il réalise : l'énumération de toutes les suites de dés (``petits``) doit retrouver
les cotes annoncées.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ..des import SourceDes
from ..erreurs import RegleEnfreinte
from ..francais import enumerer, majuscule, nombre_relatif, ordinal, quantite, signe
from ..issues import Famille, Graphique, Issues, Ligne, S, est
from ..loi import Loi
from ..mecanique import (
    ISSUE_DU_GAGNANT,
    Affichage,
    Choix,
    DeAffiche,
    Entier,
    GroupeAffiche,
    IssueAffichee,
    Mecanique,
    OuiNon,
    Role,
    Valeurs,
    de_affiche,
)
from .assistance import (
    DESORDRE_MIN,
    TENTATIVES_MAX,
    Assistance,
    Cumul,
    Fouille,
    assister,
    chance_trouver,
    distribution_assistance,
    fouiller,
    verifier_assistants,
)
from .cache import JetCache, ModeCache, jet_cache
from .doubles import CHOIX_ORDRE
from .jet import (
    BASE_CARACTERISTIQUE,
    BASE_CARACTERISTIQUE_MAX,
    CARACTERISTIQUE_MAX,
    CARACTERISTIQUE_MIN,
    MODIFICATEURS,
    NIVEAU_MAX,
    NIVEAU_MIN,
    EchecAutomatique,
    Jet2D6,
    Niveau,
    cible_competence,
    cible_jet_caracteristique,
    cible_sans_competence,
    distribution_2d6,
    lancer_2d6,
    nom_difficulte,
    tenter,
    valider_cible,
)
from .opposition import RELANCES_DEFAUT, RELANCES_MAX, Egalite, Opposition, distribution_opposition, opposer
from .rattrapage import (
    CIBLE_CHANCE,
    CIBLE_CHANCE_MAX,
    CIBLE_CHANCE_MIN,
    Facon,
    Issue,
    Rattrapage,
    distribution_rattrapage,
    jet_rattrapable,
)
from .scene import (
    ECHANGES_DEFAUT,
    ECHANGES_MAX,
    MALUS_CONTRE_ATTAQUE,
    MALUS_CONTRE_ATTAQUE_MAX,
    MANCHES_MAX,
    Ordre,
    RegleScene,
    Scene,
    Score,
    determiner_initiative,
    distribution_scene_complete,
    jouer_scene,
)
from .tache import (
    REQUIS_MAX,
    Genre,
    Reprise,
    Sabotage,
    Tache,
    distribution_sabotage,
    distribution_tache,
    mener_tache,
    reprendre,
    saboter,
)

#: Bornes d'une cible saisie directement dans un formulaire.
CIBLE_SAISIE_MIN, CIBLE_SAISIE_MAX = -10, 25
#: Bornes d'un modificateur libre (outils, arguments, circonstances) ajouté à la table.
AUTRE_MIN, AUTRE_MAX = -10, 10

LIBELLES_NIVEAUX = {
    Niveau.REUSSITE_CRITIQUE: "Réussite critique",
    Niveau.REUSSITE: "Réussite simple",
    Niveau.ECHEC: "Échec simple",
    Niveau.MALADRESSE: "Maladresse",
}
REUSSITE_TOUTE = "Réussite (critique comprise)"
#: La clé de la ligne « réussite, critique comprise » ; un niveau a pour clé son nom.
REUSSIE = "reussie"
ISSUE_NIVEAU: dict[Niveau, IssueAffichee] = {
    Niveau.REUSSITE_CRITIQUE: "reussite",
    Niveau.REUSSITE: "reussite",
    Niveau.ECHEC: "echec",
    Niveau.MALADRESSE: "echec",
}

DIFFICULTE = Choix(
    "difficulte",
    "Difficulté",
    "0",
    tuple((str(k), f"{signe(k)} : {nom}") for k, nom in sorted(MODIFICATEURS.items(), reverse=True)),
)
AUTRE = Entier("autre", "Autre modificateur (outils, arguments, Dd…)", 0, AUTRE_MIN, AUTRE_MAX)
#: La difficulté puis l'autre modificateur d'un jet de compétence : les mêmes deux champs, dans cet
#: ordre, dans chaque formulaire qui fait lancer une compétence (lus ensemble par _modificateur).
MODIFICATEURS_DU_JET = (DIFFICULTE, AUTRE)


def champ_niveau(nom: str, libelle: str, defaut: int) -> Entier:
    """Un niveau de compétence saisi dans un formulaire du 2D6, aux bornes des règles."""
    return Entier(nom, libelle, defaut, NIVEAU_MIN, NIVEAU_MAX)


def champ_caracteristique(nom: str, libelle: str, defaut: int) -> Entier:
    """Une caractéristique saisie dans un formulaire du 2D6, aux bornes des règles."""
    return Entier(nom, libelle, defaut, CARACTERISTIQUE_MIN, CARACTERISTIQUE_MAX)


#: Le niveau de compétence de celui qui lance, le même champ dans chaque formulaire.
NIVEAU = champ_niveau("niveau", "Niveau de compétence", 2)


def _modificateur(v: Valeurs) -> int:
    return int(v["difficulte"]) + int(v["autre"])


def _cible_du_niveau(v: Valeurs) -> int:
    """La cible du jet de compétence d'un formulaire : 7 + niveau, difficulté et autre modificateur compris."""
    return cible_competence(v["niveau"], _modificateur(v))


def _nom_difficulte(v: Valeurs) -> str:
    """« standard (0) », « assez difficile (−3) »."""
    difficulte = int(v["difficulte"])
    return f"{nom_difficulte(difficulte).lower()} ({signe(difficulte)})"


def _difficulte_texte(v: Valeurs) -> str:
    """« difficulté standard (0) », « difficulté assez difficile (−3) »."""
    return f"difficulté {_nom_difficulte(v)}"


def _competence_texte(v: Valeurs) -> str:
    """« compétence de niveau 2, difficulté standard (0) » : le jet de compétence d'un formulaire."""
    return f"compétence de niveau {v['niveau']}, {_difficulte_texte(v)}"


def des_affiches(jet: Jet2D6, caches: tuple[bool, bool] = (False, False)) -> list[DeAffiche]:
    """Les deux dés : « double » s'ils sont pareils, « somme » sinon, « cache » s'ils sont secrets."""
    role: Role = "double" if jet.double else "somme"
    return [de_affiche(face, "cache" if cache else role) for face, cache in zip(jet.des, caches, strict=True)]


def cle_niveau(niveau: Niveau) -> str:
    """La clé stable d'un niveau : « reussite_critique », « echec »…"""
    return niveau.name.lower()


def _au_niveau(niveau: Callable[[S], Niveau], n: Niveau) -> Callable[[S], bool]:
    return lambda resume: niveau(resume) is n


def lignes_niveaux(niveau: Callable[[S], Niveau]) -> tuple[Ligne[S], ...]:
    """Les lignes d'un jet de 2D6, lues dans le résumé par ``niveau`` : la réussite (critique
    comprise), puis chaque niveau."""
    reussie: Ligne[S] = Ligne(REUSSIE, REUSSITE_TOUTE, lambda resume: niveau(resume).reussi)
    return (reussie, *(Ligne(cle_niveau(n), LIBELLES_NIVEAUX[n], _au_niveau(niveau, n)) for n in Niveau))


def graphique_niveaux(lignes: tuple[Ligne[S], ...]) -> Graphique[S]:
    """Le graphique d'un jet de 2D6 (``lignes`` : celles de :func:`lignes_niveaux`) : un niveau
    par barre, de la maladresse à la réussite critique. Les niveaux sont ordonnés : chaque barre
    se lit aussi « ce niveau ou mieux » (« Réussite simple ou mieux » : l'action aboutit ;
    « Échec simple ou mieux » : pas de maladresse).

    >>> from jdr_core.graphique import Serie, lignes
    >>> r = TEST.repartir(TEST.valider({"niveau": "0"}))
    >>> [(b.libelle, str(b.probabilite)) for b in r.barres]
    [('Maladresse', '1/12'), ('Échec simple', '1/3'), ('Réussite simple', '1/2'), ('Réussite critique', '1/12')]
    >>> [str(ligne["au_moins"][0]) for ligne in lignes([Serie("Cible 7", r)])]
    ['1', '11/12', '7/12', '1/12']
    """
    return Graphique(lignes[:0:-1], "Niveau de réussite", au_moins=True)


#: Les lignes et le graphique d'un jet dont le résumé est son niveau.
LIGNES_NIVEAUX: tuple[Ligne[Niveau], ...] = lignes_niveaux(lambda niveau: niveau)
GRAPHIQUE_NIVEAUX = graphique_niveaux(LIGNES_NIVEAUX)


def _phrase_niveau(jet: Jet2D6) -> str:
    if jet.critique:
        return f"Réussite critique (Dd {jet.dd}) : l'action réussit avec éclat."
    if jet.maladresse:
        return f"Maladresse (Dd {jet.dd}) : l'action rate, et cela tourne mal."
    if jet.reussi:
        return "Réussite : l'action aboutit."
    return "Échec : l'action ne donne rien."


# --- Le jet ------------------------------------------------------------------------

JETS = (
    ("competence", "Compétence : 7 + niveau"),
    ("sans_competence", "Sans la compétence : 2 + caractéristique"),
    ("caracteristique", "Caractéristique seule"),
)


def cible_test(v: Valeurs) -> int | None:
    """La cible du formulaire « 2d6-test », ou ``None`` pour un échec d'office."""
    m = _modificateur(v)
    if v["jet"] == "competence":
        return cible_competence(v["niveau"], m)
    if v["jet"] == "caracteristique":
        return cible_jet_caracteristique(v["caracteristique"], m, base=v["base_caracteristique"])
    return cible_sans_competence(
        v["caracteristique"],
        apprentissage=v["apprentissage"],
        niveau_proche=v["niveau_proche"] if v["proche"] else None,
        modificateur=m,
        plafond_avant_modificateur=v["plafond_avant"],
    )


def _situation_test(r: Jet2D6 | EchecAutomatique, v: Valeurs) -> str:
    """Ce qui est joué, la cible au bout : « Compétence de niveau 2, difficulté standard (0) :
    2D6 contre 9 » ; sans la formation voulue, pas de jet."""
    if v["jet"] == "competence":
        debut = majuscule(_competence_texte(v))
    elif v["jet"] == "caracteristique":
        debut = f"Caractéristique {v['caracteristique']} seule, {_difficulte_texte(v)}"
    else:
        debut = f"Sans la compétence, caractéristique {v['caracteristique']}, {_difficulte_texte(v)}"
    if isinstance(r, EchecAutomatique):
        return f"{debut} : pas de jet, la formation voulue manque"
    return f"{debut} : 2D6 contre {r.cible}"


def _lancer_test(v: Valeurs, des: SourceDes) -> Jet2D6 | EchecAutomatique:
    return tenter(cible_test(v), des=des)


def _afficher_test(r: Jet2D6 | EchecAutomatique, v: Valeurs) -> Affichage:
    if isinstance(r, EchecAutomatique):
        return {"phrase": str(r), "issue": "echec", "groupes": [], "details": []}
    details = [str(r), f"Difficulté : {_nom_difficulte(v)}."]
    if v["autre"]:
        details.append(f"Autre modificateur : {signe(v['autre'])}.")
    return {
        "phrase": _phrase_niveau(r),
        "issue": ISSUE_NIVEAU[r.niveau],
        "groupes": [{"titre": "2D6", "des": des_affiches(r)}],
        "details": details,
    }


TEST: Mecanique[Jet2D6 | EchecAutomatique] = Mecanique(
    nom="2d6-test",
    titre="Jet de 2D6",
    parametres=(
        Choix("jet", "Jet", "competence", JETS),
        NIVEAU,
        champ_caracteristique("caracteristique", "Caractéristique", 3),
        *MODIFICATEURS_DU_JET,
        OuiNon("apprentissage", "La compétence demande une formation théorique"),
        OuiNon("proche", "Le personnage a une compétence proche"),
        champ_niveau("niveau_proche", "Niveau de la compétence proche", 1),
        Entier("base_caracteristique", "Base d'un jet de caractéristique seule (hypothèse)", BASE_CARACTERISTIQUE,
               0, BASE_CARACTERISTIQUE_MAX, avance=True),
        OuiNon("plafond_avant", "Le plafond de 7 s'applique avant la difficulté (hypothèse)", True, avance=True),
    ),
    lancer=_lancer_test,
    situation=_situation_test,
    dans_situation=("jet", "niveau", "caracteristique", "difficulte"),
    afficher=_afficher_test,
    issues=Issues(lambda r: r.niveau, LIGNES_NIVEAUX, GRAPHIQUE_NIVEAUX),
    petits=(
        {},
        {"jet": "sans_competence", "apprentissage": True},
        {"jet": "sans_competence", "proche": True, "niveau_proche": 3, "difficulte": "-3"},
        {"jet": "caracteristique", "caracteristique": 5, "autre": 4},
    ),
)


# --- Opposition (scène mineure) ----------------------------------------------------

NOMS = ("le personnage", "l'adversaire")
EGALITES = (("relancer", "relancer"), ("mj", "le MJ tranche"))


def _cibles(precision: str = "") -> tuple[Entier, Entier]:
    """Les cibles saisies des deux camps d'une opposition ou d'une scène (``precision`` : ce qu'elles comprennent)."""
    return (Entier("cible_a", f"Cible du personnage{precision}", 9, CIBLE_SAISIE_MIN, CIBLE_SAISIE_MAX),
            Entier("cible_b", f"Cible de l'adversaire{precision}", 8, CIBLE_SAISIE_MIN, CIBLE_SAISIE_MAX))


def _face_a_face(v: Valeurs) -> str:
    """« le personnage contre 9, l'adversaire contre 8, sur 2D6 »."""
    return f"le personnage contre {v['cible_a']}, l'adversaire contre {v['cible_b']}, sur 2D6"


def _egalite(v: Valeurs) -> Egalite:
    return Egalite.RELANCER if v["egalite"] == "relancer" else Egalite.MJ


def _lancer_opposition(v: Valeurs, des: SourceDes) -> Opposition:
    return opposer(v["cible_a"], v["cible_b"], des=des, egalite=_egalite(v), relances_max=v["relances"],
                   noms=NOMS)


#: Qui l'emporte : 0, le personnage ; 1, l'adversaire ; ``None``, le MJ tranche. La loi : les
#: relances d'une égalité en chaîne, jusqu'au nombre permis.
ISSUES_OPPOSITION: Issues[Opposition, int | None] = Issues(
    resume=lambda o: o.gagnant,
    lignes=(Ligne("personnage", "Le personnage l'emporte", est(0)),
            Ligne("adversaire", "L'adversaire l'emporte", est(1)),
            Ligne("egalite_mj", "Égalité laissée au MJ", est(None))),
    loi=lambda v: distribution_opposition(v["cible_a"], v["cible_b"], egalite=_egalite(v),
                                          relances_max=v["relances"]),
)


def _afficher_opposition(o: Opposition, v: Valeurs) -> Affichage:
    a, b = o.paires[-1]
    return {
        "phrase": o.bilan(),
        "issue": ISSUE_DU_GAGNANT[o.gagnant],
        "groupes": [{"titre": "Le personnage", "des": des_affiches(a)},
                    {"titre": "L'adversaire", "des": des_affiches(b)}],
        "details": [str(o)],
    }


OPPOSITION: Mecanique[Opposition] = Mecanique(
    nom="2d6-opposition",
    titre="Opposition (scène mineure)",
    parametres=(
        *_cibles(" (modificateurs compris)"),
        Choix("egalite", "Égalité parfaite", "relancer", EGALITES),
        Entier("relances", "Relances permises avant que le MJ tranche", RELANCES_DEFAUT, 0, RELANCES_MAX),
    ),
    lancer=_lancer_opposition,
    afficher=_afficher_opposition,
    issues=ISSUES_OPPOSITION,
    situation=lambda o, v: majuscule(_face_a_face(v)),
    dans_situation=("cible_a", "cible_b"),
    petits=({"egalite": "mj"}, {"relances": 1, "cible_a": 4, "cible_b": 11},
            {"relances": 2, "cible_a": 2, "cible_b": 12}),
)


# --- Scène majeure -----------------------------------------------------------------

SCORES = (
    (Score.PAR_CAMP.value, "chaque camp garde ses manches"),
    (Score.REMISE_A_ZERO.value, "tout repart de zéro"),
)


def regle_scene(v: Valeurs) -> RegleScene:
    return RegleScene(
        cibles=(v["cible_a"], v["cible_b"]),
        modificateurs=(v["modificateur_a"], v["modificateur_b"]),
        manches=(v["manches_a"], v["manches_b"]),
        contre_attaque=(v["contre_a"], v["contre_b"]),
        malus_contre_attaque=v["malus_contre"],
        ordre=Ordre(v["ordre"]),
        score=Score(v["score"]),
        noms=NOMS,
    )


def _lancer_scene(v: Valeurs, des: SourceDes) -> Scene:
    regle = regle_scene(v)
    depart = determiner_initiative(v["cible_a"], v["cible_b"], des=des, surprise=v["surprise"],
                                   relances_max=v["relances"], noms=NOMS)
    return jouer_scene(regle, des=des, initiative=depart, echanges_max=v["echanges"])


#: Qui remporte la scène dans le nombre d'échanges permis (``None`` : personne encore). La loi :
#: la chaîne des échanges, initiative comprise.
ISSUES_SCENE: Issues[Scene, int | None] = Issues(
    resume=lambda s: s.vainqueur,
    lignes=(Ligne("personnage", lambda v: f"Le personnage remporte la scène en {v['echanges']} échanges au plus",
                  est(0)),
            Ligne("adversaire", lambda v: f"L'adversaire remporte la scène en {v['echanges']} échanges au plus",
                  est(1)),
            Ligne("rien", lambda v: f"Rien n'est joué après {v['echanges']} échanges", est(None))),
    loi=lambda v: distribution_scene_complete(regle_scene(v), surprise=v["surprise"], relances_max=v["relances"],
                                              echanges_max=v["echanges"]),
)


def _afficher_scene(s: Scene, v: Valeurs) -> Affichage:
    dernier = s.echanges[-1]
    groupes: list[GroupeAffiche] = []
    if dernier.jet_attaquant is not None:
        groupes.append({"titre": f"Dernier échange, {NOMS[dernier.attaquant]}",
                        "des": des_affiches(dernier.jet_attaquant)})
    groupes.append({"titre": f"Dernier échange, {NOMS[1 - dernier.attaquant]}",
                    "des": des_affiches(dernier.jet_defenseur)})
    if s.vainqueur is None:
        phrase = majuscule(s.bilan())
    else:
        phrase = f"{majuscule(NOMS[s.vainqueur])} remporte la scène en {quantite(len(s.echanges), 'échange')}."
    return {
        "phrase": phrase,
        "issue": ISSUE_DU_GAGNANT[s.vainqueur],
        "groupes": groupes,
        "details": s.__str__().splitlines(),
    }


SCENE: Mecanique[Scene] = Mecanique(
    nom="2d6-scene-majeure",
    titre="Scène majeure",
    parametres=(
        *_cibles(),
        OuiNon("surprise", "Le personnage surprend (ou l'adversaire est passif) : il mène d'office"),
        Entier("modificateur_a", "Modificateur choisi par le personnage quand il mène", 0, AUTRE_MIN, AUTRE_MAX),
        Entier("modificateur_b", "Modificateur choisi par l'adversaire quand il mène", 0, AUTRE_MIN, AUTRE_MAX),
        Entier("manches_a", "Manches que doit gagner le personnage", 1, 1, MANCHES_MAX),
        Entier("manches_b", "Manches que doit gagner l'adversaire", 1, 1, MANCHES_MAX),
        OuiNon("contre_a", "Le personnage contre-attaque quand il défend"),
        OuiNon("contre_b", "L'adversaire contre-attaque quand il défend"),
        Entier("echanges", "Échanges au plus", ECHANGES_DEFAUT, 1, ECHANGES_MAX),
        Entier("malus_contre", "Malus d'une contre-attaque (0 avec une compétence faite pour cela)",
               MALUS_CONTRE_ATTAQUE, 0, MALUS_CONTRE_ATTAQUE_MAX, avance=True),
        Entier("relances", "Relances d'une égalité pour l'initiative", RELANCES_DEFAUT, 0, RELANCES_MAX, avance=True),
        Choix("ordre", "Deux doubles dans le même échange : lequel compte d'abord (hypothèse)",
              Ordre.ATTAQUANT.value, CHOIX_ORDRE, avance=True),
        Choix("score", "Manches quand l'initiative change (hypothèse)", Score.PAR_CAMP.value, SCORES, avance=True),
    ),
    lancer=_lancer_scene,
    afficher=_afficher_scene,
    issues=ISSUES_SCENE,
    situation=lambda s, v: f"Scène majeure : {_face_a_face(v)}",
    dans_situation=("cible_a", "cible_b"),
    petits=(
        {"surprise": True, "echanges": 1},
        {"surprise": True, "contre_a": True, "contre_b": True, "echanges": 2, "manches_a": 2, "malus_contre": 0},
        {"surprise": True, "contre_b": True, "echanges": 2, "ordre": Ordre.DEFENSEUR.value},
        {"surprise": True, "echanges": 1, "ordre": Ordre.SIMULTANE.value, "cible_a": 6, "cible_b": 10},
        {"relances": 0, "contre_a": True, "contre_b": True, "echanges": 1},
    ),
)


# --- Tâche à réussites (relation, réflexion) ----------------------------------------

GENRES = ((Genre.REFLEXION.value, "réflexion (réparer, désamorcer…)"), (Genre.RELATION.value, "relation (interroger…)"))


def _cible_validee(v: Valeurs) -> int:
    """La cible du jet de compétence, refusée hors des bornes d'un jet (tâche, rattrapage)."""
    return valider_cible(_cible_du_niveau(v))


def _lancer_tache(v: Valeurs, des: SourceDes) -> Tache:
    return mener_tache(v["requis"], _cible_validee(v), des=des, genre=Genre(v["genre"]),
                       bonus_critique=v["bonus_critique"])


def _fin_tache(t: Tache) -> Niveau | None:
    """Comment finit une tâche : ``None``, accomplie ; sinon le niveau du jet raté qui l'arrête."""
    if t.accomplie:
        return None
    return Niveau.MALADRESSE if t.maladresse is not None else Niveau.ECHEC


#: La loi : la chaîne des jets (réussites obtenues, Dd d'un critique), jusqu'à l'arrêt.
ISSUES_TACHE: Issues[Tache, Niveau | None] = Issues(
    resume=_fin_tache,
    lignes=(Ligne("accomplie", "Tâche accomplie", est(None)), Ligne("echec", "Arrêt sur un échec", est(Niveau.ECHEC)),
            Ligne("maladresse", "Arrêt sur une maladresse", est(Niveau.MALADRESSE))),
    loi=lambda v: distribution_tache(v["requis"], _cible_validee(v), bonus_critique=v["bonus_critique"]).map(
        lambda issue: issue[1]),
)


REPRISES = ((Reprise.REUSSITES.value, "des réussites de plus à obtenir"),
            (Reprise.MALUS.value, "un malus sur tous les jets"))


def phrase_reprise(t: Tache, v: Valeurs) -> str:
    """Ce que demanderait une nouvelle tentative, si les circonstances changent."""
    requis, cible = reprendre(t, reprise=Reprise(v["reprise"]), progres_conserve=v["progres_conserve"])
    return (f"Si les circonstances changent, une nouvelle tentative demandera {quantite(requis, 'réussite')}, "
            f"contre {nombre_relatif(cible)} à chaque jet.")


def _afficher_tache(t: Tache, v: Valeurs) -> Affichage:
    issue: IssueAffichee = "reussite" if t.accomplie else "echec"
    details = [t.phrase_jet(i) for i in range(len(t.jets))]
    if not t.accomplie:
        details.append(phrase_reprise(t, v))
    return {
        "phrase": t.bilan(),
        "issue": issue,
        "groupes": [{"titre": t.titre_jet(i), "des": des_affiches(j)} for i, j in enumerate(t.jets)],
        "details": details,
    }


TACHE: Mecanique[Tache] = Mecanique(
    nom="2d6-tache",
    titre="Tâche à plusieurs réussites",
    parametres=(
        Choix("genre", "Scène", Genre.REFLEXION.value, GENRES),
        NIVEAU,
        *MODIFICATEURS_DU_JET,
        Entier("requis", "Réussites à obtenir", 3, 1, REQUIS_MAX),
        OuiNon("bonus_critique", "Un critique donne +Dd au jet suivant", True, avance=True),
        Choix("reprise", "Après une maladresse, recommencer coûte", Reprise.REUSSITES.value, REPRISES),
        OuiNon("progres_conserve", "Une nouvelle tentative garde les réussites déjà obtenues (hypothèse)", False,
               avance=True),
    ),
    lancer=_lancer_tache,
    afficher=_afficher_tache,
    issues=ISSUES_TACHE,
    situation=lambda t, v: (f"Scène de {dict(GENRES)[v['genre']].split(' (')[0]} : {_competence_texte(v)}, "
                            f"{quantite(v['requis'], 'réussite')} à obtenir"),
    dans_situation=("genre", "niveau", "difficulte", "requis"),
    petits=({"requis": 2}, {"requis": 2, "niveau": 0, "difficulte": "-3"}, {"requis": 3, "bonus_critique": False}),
)


# --- Sabotage ----------------------------------------------------------------------


def _lancer_sabotage(v: Valeurs, des: SourceDes) -> Sabotage:
    return saboter(v["niveau_vise"], v["niveau"], des=des, modificateur=_modificateur(v))


def _libelle_difficulte(d: int) -> str:
    return "Réparé d'office (maladresse)" if d == 0 else f"La réparation demandera {quantite(d, 'réussite')}"


#: Une ligne par difficulté de réparation possible, de la plus haute à la plus basse.
ISSUES_SABOTAGE: Issues[Sabotage, int] = Issues(
    resume=lambda s: s.difficulte,
    lignes=(Famille(lambda k: k, lambda k: f"difficulte_{k}", _libelle_difficulte,
                    valeurs=lambda v, atteintes: reversed(atteintes)),),
    loi=lambda v: distribution_sabotage(v["niveau_vise"], v["niveau"], _cible_du_niveau(v)),
)


def _afficher_sabotage(s: Sabotage, v: Valeurs) -> Affichage:
    t = s.tache
    issue: IssueAffichee = "echec" if s.repare_d_office else "reussite" if t.accomplie else "neutre"
    return {
        "phrase": s.bilan(),
        "issue": issue,
        "groupes": [{"titre": t.titre_jet(i), "des": des_affiches(j)} for i, j in enumerate(t.jets)],
        "details": [*(t.phrase_jet(i) for i in range(len(t.jets))), t.bilan()],
    }


SABOTAGE: Mecanique[Sabotage] = Mecanique(
    nom="2d6-sabotage",
    titre="Sabotage",
    parametres=(
        Entier("niveau_vise", "Niveau de sabotage visé", 4, 1, REQUIS_MAX),
        champ_niveau("niveau", "Niveau de compétence du saboteur", 2),
        *MODIFICATEURS_DU_JET,
    ),
    lancer=_lancer_sabotage,
    afficher=_afficher_sabotage,
    issues=ISSUES_SABOTAGE,
    situation=lambda s, v: f"Sabotage de niveau {v['niveau_vise']} visé : {_competence_texte(v)}",
    dans_situation=("niveau_vise", "niveau", "difficulte"),
    petits=({"niveau_vise": 2}, {"niveau_vise": 3, "niveau": 0, "difficulte": "-5"}),
)


# --- Se rattraper (règle optionnelle) -----------------------------------------------

FACONS = ((Facon.CHANCE.value, "un jet de chance"),
          (Facon.CRITIQUE.value, "une réussite critique au jet suivant"))
#: Chaque issue, rattrapage compris (la clé est la valeur de l'issue), dans l'ordre des issues.
LIGNES_RATTRAPAGE: tuple[Ligne[Issue], ...] = tuple(Ligne(issue.value, libelle, est(issue)) for issue, libelle in (
    (Issue.REUSSITE, "Réussite du premier coup"),
    (Issue.RATTRAPE, "Échec rattrapé"),
    (Issue.ECHEC, "Échec que le rattrapage n'efface pas"),
    (Issue.MALADRESSE, "Maladresse (elle ne se rattrape pas)"),
))


def _lancer_rattrapage(v: Valeurs, des: SourceDes) -> Rattrapage:
    return jet_rattrapable(_cible_validee(v), des=des, facon=Facon(v["facon"]), cible_chance=v["cible_chance"])


#: La réussite finale, puis chaque issue ; le graphique : une barre par issue, de la maladresse à
#: la réussite du premier coup.
ISSUES_RATTRAPAGE: Issues[Rattrapage, Issue] = Issues(
    resume=lambda r: r.issue,
    lignes=(Ligne(REUSSIE, "Réussite (rattrapage compris)", lambda issue: issue.reussi), *LIGNES_RATTRAPAGE),
    graphique=Graphique(LIGNES_RATTRAPAGE[::-1], "Issue, rattrapage compris"),
    loi=lambda v: distribution_rattrapage(_cible_validee(v), facon=Facon(v["facon"]), cible_chance=v["cible_chance"]),
)


def _afficher_rattrapage(r: Rattrapage, v: Valeurs) -> Affichage:
    groupes: list[GroupeAffiche] = [{"titre": "Jet de compétence", "des": des_affiches(r.jet)}]
    if r.second is not None:
        groupes.append({"titre": r.facon.titre, "des": des_affiches(r.second)})
    details = r.phrases()[:-1]
    if r.facon is Facon.CHANCE and r.second is not None:
        details.append(f"Cible du jet de chance : {r.second.cible} (hypothèse, réglable).")
    return {
        "phrase": r.bilan(),
        "issue": "reussite" if r.reussi else "echec",
        "groupes": groupes,
        "details": details,
    }


RATTRAPAGE: Mecanique[Rattrapage] = Mecanique(
    nom="2d6-rattrapage",
    titre="Se rattraper d'un échec simple",
    parametres=(
        NIVEAU,
        *MODIFICATEURS_DU_JET,
        Choix("facon", "Le MJ laisse rattraper un échec simple par", Facon.CHANCE.value, FACONS),
        Entier("cible_chance", "Cible du jet de chance (hypothèse)", CIBLE_CHANCE, CIBLE_CHANCE_MIN,
               CIBLE_CHANCE_MAX),
    ),
    lancer=_lancer_rattrapage,
    afficher=_afficher_rattrapage,
    issues=ISSUES_RATTRAPAGE,
    situation=lambda r, v: (f"{majuscule(_competence_texte(v))}, un échec simple rattrapable par "
                            f"{dict(FACONS)[v['facon']]}"),
    dans_situation=("niveau", "difficulte", "facon"),
    petits=({}, {"facon": Facon.CRITIQUE.value, "difficulte": "-3"}, {"niveau": 0, "cible_chance": 2},
            {"niveau": 10, "difficulte": "5", "cible_chance": 12}),
)


# --- Assistance --------------------------------------------------------------------

#: Nombre maximal d'assistants proposé par le formulaire.
ASSISTANTS_MAX = 4
CUMULS = ((Cumul.MEILLEUR.value, "seul le meilleur modificateur compte"),
          (Cumul.BONUS_ET_MALUS.value, "meilleur bonus plus pire malus"))


@dataclass(frozen=True)
class JetAide:
    """Les jets des assistants, puis celui du personnage principal avec le modificateur retenu."""

    assistance: Assistance
    jet: Jet2D6

    def phrase_jet(self) -> str:
        return f"Le personnage principal fait {self.jet}"

    def __str__(self) -> str:
        return f"{self.assistance} {self.phrase_jet()}"


#: Le niveau de chaque assistant, dans l'ordre où ils lancent : un paramètre par assistant.
NIVEAUX_AIDES = tuple(f"niveau_aide_{i}" for i in range(1, ASSISTANTS_MAX + 1))


def _niveaux_aides(v: Valeurs) -> list[int]:
    """Les niveaux des assistants qui aident (les champs au-delà de leur nombre ne comptent pas)."""
    return [v[nom] for nom in NIVEAUX_AIDES[:v["assistants"]]]


def _assistants_texte(v: Valeurs) -> str:
    """« 2 assistants de niveaux 1 et 3 », « 1 assistant de niveau 2 », « 0 assistant »."""
    niveaux = _niveaux_aides(v)
    texte = quantite(len(niveaux), "assistant")
    if not niveaux:
        return texte
    if len(set(niveaux)) == 1:
        return f"{texte} de niveau {niveaux[0]}"
    return f"{texte} de niveaux {enumerer([str(n) for n in niveaux])}"


def _desordre(v: Valeurs) -> int | None:
    return v["desordre"] if v["surnombre"] else None


def _lancer_assistance(v: Valeurs, des: SourceDes) -> JetAide:
    verifier_assistants(v["niveau"], _niveaux_aides(v), _desordre(v))
    cible = _cible_du_niveau(v)
    aide = assister(v["niveau"], _niveaux_aides(v), des=des, modificateur=_modificateur(v), cumul=Cumul(v["cumul"]),
                    desordre=_desordre(v))
    jet = lancer_2d6(cible + aide.modificateur, des=des)
    return JetAide(aide, jet)


def _loi_assistance(v: Valeurs) -> Loi[tuple[Niveau, int]]:
    """Le modificateur que retiennent les aides, puis le niveau du jet principal à sa cible."""
    d = distribution_assistance(v["niveau"], _niveaux_aides(v), modificateur=_modificateur(v), cumul=Cumul(v["cumul"]),
                                desordre=_desordre(v))
    cible = _cible_du_niveau(v)
    return d.lier(lambda bonus: distribution_2d6(cible + bonus).map(lambda niveau: (niveau, bonus)))


#: Le résumé : le niveau du jet principal et le modificateur retenu. Les lignes d'un jet de 2D6,
#: puis une par modificateur possible, du meilleur au pire.
LIGNES_AIDE: tuple[Ligne[tuple[Niveau, int]], ...] = lignes_niveaux(lambda aide: aide[0])
ISSUES_ASSISTANCE: Issues[JetAide, tuple[Niveau, int]] = Issues(
    resume=lambda r: (r.jet.niveau, r.assistance.modificateur),
    lignes=(*LIGNES_AIDE, Famille(lambda aide: aide[1], lambda k: f"modificateur_{k:+d}",
                                  lambda k: f"Modificateur retenu {signe(k)}",
                                  valeurs=lambda v, atteintes: reversed(atteintes))),
    graphique=graphique_niveaux(LIGNES_AIDE),
    loi=_loi_assistance,
)


def _afficher_assistance(r: JetAide, v: Valeurs) -> Affichage:
    groupes: list[GroupeAffiche] = [{"titre": majuscule(f"{ordinal(i + 1)} assistant"), "des": des_affiches(a.jet)}
                                    for i, a in enumerate(r.assistance.aides) if a.jet is not None]
    groupes.append({"titre": "Personnage principal", "des": des_affiches(r.jet)})
    return {
        "phrase": f"{r.assistance.bilan()} {_phrase_niveau(r.jet)}",
        "issue": ISSUE_NIVEAU[r.jet.niveau],
        "groupes": groupes,
        "details": [*r.assistance.phrases(), r.phrase_jet()],
    }


ASSISTANCE: Mecanique[JetAide] = Mecanique(
    nom="2d6-assistance",
    titre="Action aidée",
    parametres=(
        champ_niveau("niveau", "Niveau du personnage principal", 2),
        Entier("assistants", "Nombre d'assistants", 1, 0, ASSISTANTS_MAX),
        *(champ_niveau(nom, f"Niveau du {ordinal(i)} assistant", 1) for i, nom in enumerate(NIVEAUX_AIDES, 1)),
        *MODIFICATEURS_DU_JET,
        OuiNon("surnombre", "Le MJ laisse aider plus d'assistants que le niveau du personnage principal"),
        Entier("desordre", "Malus du MJ pour le désordre, s'il y a trop d'assistants", -2, DESORDRE_MIN, 0),
        Choix("cumul", "Maladresse d'un assistant (hypothèse)", Cumul.MEILLEUR.value, CUMULS, avance=True),
    ),
    lancer=_lancer_assistance,
    afficher=_afficher_assistance,
    issues=ISSUES_ASSISTANCE,
    situation=lambda j, v: f"{majuscule(_competence_texte(v))}, avec {_assistants_texte(v)}",
    dans_situation=("niveau", "difficulte", "assistants", *NIVEAUX_AIDES),
    # Avant un niveau par assistant, un seul niveau valait pour tous : un vieux lien le donne à chacun.
    anciens=(("niveau_aides", NIVEAUX_AIDES),),
    petits=({}, {"assistants": 1, "niveau": 1, "niveau_aide_1": 3}, {"assistants": 0},
            {"assistants": 2, "niveau_aide_1": 0, "niveau_aide_2": 0},
            {"assistants": 2, "niveau_aide_1": 1, "niveau_aide_2": 3},
            {"assistants": 2, "niveau": 1, "surnombre": True, "desordre": -3, "cumul": "bonus_et_malus"}),
)


# --- Fouille en parallèle ----------------------------------------------------------

#: Le lanceur propose jusqu'à quatre fouilleurs (le cœur en accepte davantage).
FOUILLEURS_LANCEUR = 4
TROUVE, RIEN = "L'objet est trouvé", "Rien n'est trouvé"
BONS_ENDROITS = (("hasard", "personne ne l'a dit : le MJ tire au sort"),
                 *((str(i), f"le {ordinal(i)} fouilleur") for i in range(1, FOUILLEURS_LANCEUR + 1)))


def _noms_fouilleurs(n: int) -> tuple[str, ...]:
    return tuple(f"le {ordinal(i)} fouilleur" for i in range(1, n + 1))


def _cibles_fouille(v: Valeurs) -> list[int]:
    return [cible_competence(v[f"niveau_{i}"]) for i in range(1, v["fouilleurs"] + 1)]


def _bon_endroit(v: Valeurs) -> int | None:
    if v["bon_endroit"] == "hasard":
        return None
    indice, n = int(v["bon_endroit"]) - 1, v["fouilleurs"]
    if indice >= n:
        attendu = "le premier" if n == 1 else f"l'un des {n} premiers"
        raise RegleEnfreinte(f"fouilleur au bon endroit, le {ordinal(indice + 1)} : attendu {attendu}, "
                             f"puisqu'il y a {quantite(n, 'fouilleur')}")
    return indice


def _lancer_fouille(v: Valeurs, des: SourceDes) -> Fouille:
    return fouiller(_cibles_fouille(v), des=des, bon_endroit=_bon_endroit(v), tentative=v["tentative"],
                    dissimulation=v["dissimulation"], noms=_noms_fouilleurs(v["fouilleurs"]))


def _loi_fouille(v: Valeurs) -> Loi[bool]:
    """Trouvé ou non : la chance du fouilleur au bon endroit (tiré au sort ou désigné)."""
    p = chance_trouver(_cibles_fouille(v), bon_endroit=_bon_endroit(v), tentative=v["tentative"],
                       dissimulation=v["dissimulation"])
    return Loi.booleenne(p)


ISSUES_FOUILLE: Issues[Fouille, bool] = Issues(
    resume=lambda f: f.trouve, lignes=(Ligne("trouve", TROUVE, est(True)), Ligne("rien", RIEN, est(False))),
    loi=_loi_fouille)


def _afficher_fouille(f: Fouille, v: Valeurs) -> Affichage:
    groupes: list[GroupeAffiche] = [
        {"titre": majuscule(nom) + (" (au bon endroit)" if i == f.bon_endroit else ""), "des": des_affiches(jet)}
        for i, (nom, jet) in enumerate(zip(f.noms, f.jets, strict=True))]
    return {
        "phrase": f"{majuscule(f.noms[f.bon_endroit])}, au bon endroit, fait {f.jets[f.bon_endroit]} "
                  f"{TROUVE if f.trouve else RIEN}.",
        "issue": "reussite" if f.trouve else "echec",
        "groupes": groupes,
        "details": [str(f), *(f"{majuscule(nom)} fait {jet}" for i, (nom, jet) in
                              enumerate(zip(f.noms, f.jets, strict=True)) if i != f.bon_endroit)],
    }


FOUILLE: Mecanique[Fouille] = Mecanique(
    nom="2d6-fouille",
    titre="Fouille en parallèle",
    parametres=(
        Entier("fouilleurs", "Fouilleurs, chacun à son endroit", 2, 1, FOUILLEURS_LANCEUR),
        *(champ_niveau(f"niveau_{i}", f"Niveau de Fouille du {ordinal(i)}", 1)
          for i in range(1, FOUILLEURS_LANCEUR + 1)),
        Choix("bon_endroit", "Qui cherche au bon endroit", "hasard", BONS_ENDROITS),
        Entier("dissimulation", "Malus de la cachette", 0, -10, 0),
        Entier("tentative", "Passage au même endroit (1 : le premier, sans malus)", 1, 1, TENTATIVES_MAX),
    ),
    lancer=_lancer_fouille,
    afficher=_afficher_fouille,
    issues=ISSUES_FOUILLE,
    situation=lambda f, v: f"Fouille à {quantite(v['fouilleurs'], 'fouilleur')}, chacun à son endroit",
    dans_situation=("fouilleurs",),
    petits=({}, {"fouilleurs": 1, "dissimulation": -2, "tentative": 3}, {"bon_endroit": "2", "niveau_2": 4},
            {"fouilleurs": 2, "niveau_1": 0, "niveau_2": 10, "dissimulation": -10}),
)


# --- Jet caché ---------------------------------------------------------------------

MODES = ((ModeCache.PARTAGE.value, "le joueur lance un dé, le MJ l'autre"),
         (ModeCache.MJ.value, "le MJ lance les deux dés"))


def _lancer_cache(v: Valeurs, des: SourceDes) -> JetCache:
    return jet_cache(_cible_du_niveau(v), des=des, mode=ModeCache(v["mode"]))


def _afficher_cache(r: JetCache, v: Valeurs) -> Affichage:
    visibles = r.visibles
    caches = (visibles[0] is None, visibles[1] is None)
    titre = "2D6 (les dés cachés se révèlent d'un clic)" if all(caches) else "2D6 (le dé caché se révèle d'un clic)"
    cache = "les dés cachés" if all(caches) else "le dé caché"
    return {
        "phrase": str(r),
        "issue": "neutre",
        "groupes": [{"titre": titre, "des": des_affiches(r.jet, caches)}],
        "details": [r.indice(), f"Cible : {nombre_relatif(r.jet.cible)}. Révélez {cache} pour connaître le résultat."],
        "revelation": {
            "phrase": str(r.reveler()),
            "issue": ISSUE_NIVEAU[r.jet.niveau],
            "details": [f"Cible : {nombre_relatif(r.jet.cible)}."],
        },
    }


CACHE: Mecanique[JetCache] = Mecanique(
    nom="2d6-jet-cache",
    titre="Jet caché",
    parametres=(
        Choix("mode", "Qui lance", ModeCache.PARTAGE.value, MODES),
        NIVEAU,
        *MODIFICATEURS_DU_JET,
    ),
    lancer=_lancer_cache,
    afficher=_afficher_cache,
    issues=Issues(lambda r: r.jet.niveau, LIGNES_NIVEAUX, GRAPHIQUE_NIVEAUX),
    # Surligner la barre dirait le niveau que les dés cachés doivent taire.
    surligner=False,
    situation=lambda j, v: f"Jet caché : {_competence_texte(v)}",
    dans_situation=("niveau", "difficulte"),
    petits=({}, {"mode": ModeCache.MJ.value, "difficulte": "-5"}),
)

MECANIQUES: tuple[Mecanique[Any], ...] = (TEST, OPPOSITION, SCENE, TACHE, SABOTAGE, RATTRAPAGE, ASSISTANCE, FOUILLE,
                                          CACHE)
