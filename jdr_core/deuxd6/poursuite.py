"""Les poursuites du 2D6 : une échelle de distances, une initiative, des manœuvres.

Celui qui tient l'initiative (l'« attaquant ») choisit la manœuvre ; les deux
conducteurs lancent alors 2D6 sous 7 + Conduite, tous deux avec le modificateur de
la manœuvre. Attaquant réussi et défenseur raté : la manœuvre marche. Deux
réussites : rien ne bouge et l'attaquant garde la main. Attaquant raté :
l'initiative change de camp. La distance court de Contact à Extrême ; au-delà,
le poursuivant est semé.

Ce module joue les manches ; le vocabulaire (camps, distances, manœuvres et leurs règles) est
dans :mod:`.manoeuvres`, les cotes exactes (la chaîne de Markov) dans :mod:`.poursuite_cotes`.

Les truands (Conduite 1) talonnent Philip (Conduite 2), qui a la main :

>>> from jdr_core.des import DesScriptes
>>> p = Poursuite(1, 2, Distance.EXTREME, Camp.POURSUIVI, noms=("les truands", "Philip"))
>>> p = p.tour(Manoeuvre.RATTRAPER_FUIR, modificateur=-3, des=DesScriptes([3, 2, 5, 2]))
>>> print(p)
Philip a semé les truands : l'écart a dépassé la distance extrême.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from enum import Enum

from ..des import SourceDes
from ..erreurs import ParametreInvalide, RegleEnfreinte, entier_borne
from ..francais import au, conjuguer, de, est_pluriel, majuscule, signe
from .doubles import Ordre, lire_doubles, phrases_relectures
from .jet import (
    CARACTERISTIQUE_MAX,
    CARACTERISTIQUE_MIN,
    MODIFICATEUR_MAX,
    MODIFICATEUR_MIN,
    NIVEAU_MAX,
    NIVEAU_MIN,
    Jet2D6,
    cible_competence,
    cible_jet_caracteristique,
    lancer_2d6,
)
from .manoeuvres import (
    MALUS_CACHETTE,
    MALUS_CONTRE,
    MALUS_EMBARDEES_RAPPROCHEMENT,
    Autre,
    Camp,
    Distance,
    Manoeuvre,
    texte_distances,
)

#: Nombre de manches qu'une poursuite accepte de jouer : au-delà, refus (l'onglet ne gèle pas).
TOURS_MAX = 30
def _texte_modif(modificateur: int) -> str:
    return "sans modificateur" if modificateur == 0 else signe(modificateur)


# --- Un échange : deux jets et la règle du Dd ---------------------------------------


class Resultat(Enum):
    """Ce qu'a donné une manche, vu de l'attaquant.

    >>> print(Resultat.SANS_EFFET.value)
    les deux réussissent : rien ne change
    """

    REUSSIE = "la manœuvre réussit"
    SANS_EFFET = "les deux réussissent : rien ne change"
    RATEE = "la manœuvre échoue"
    CONTRE_REUSSI = "la contre-manœuvre réussit"
    CONTRE_RATE = "la contre-manœuvre échoue"
    STABILISEE = "l'allure est stabilisée"
    STABILISATION_RATEE = "l'allure n'est pas stabilisée"


@dataclass(frozen=True)
class Echange:
    """Deux jets face à face et leur lecture, règle du Dd comprise.

    La lecture des doubles est celle des scènes majeures (:func:`~jdr_core.deuxd6.doubles.lire_doubles`) :
    tout double compte ; quand les deux jets sont des doubles, ``ordre`` dit lequel se lit
    d'abord (hypothèse, par défaut celui de l'attaquant).

    >>> from jdr_core.deuxd6.jet import Jet2D6
    >>> e = Echange(Jet2D6((2, 2), 8), Jet2D6((3, 4), 8))
    >>> e.ajustement_defenseur, e.attaquant_reussit, e.defenseur_reussit, e.resultat.value
    (-2, True, False, 'la manœuvre réussit')
    """

    jet_attaquant: Jet2D6
    jet_defenseur: Jet2D6
    ordre: Ordre = Ordre.ATTAQUANT
    # La lecture des doubles (:class:`~jdr_core.deuxd6.doubles.Lecture`), faite une fois à la
    # création et recopiée champ par champ : ni dans la comparaison, ni dans la représentation.
    attaquant_reussit: bool = field(init=False, repr=False, compare=False)
    defenseur_reussit: bool = field(init=False, repr=False, compare=False)
    #: Le Dd appliqué à la relecture du jet de l'attaquant (0 : pas de relecture).
    ajustement_attaquant: int = field(init=False, repr=False, compare=False)
    ajustement_defenseur: int = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        lu = lire_doubles(self.jet_attaquant, self.jet_defenseur, self.ordre)
        for champ in fields(lu):
            object.__setattr__(self, champ.name, getattr(lu, champ.name))

    @property
    def resultat(self) -> Resultat:
        if not self.attaquant_reussit:
            return Resultat.RATEE
        return Resultat.SANS_EFFET if self.defenseur_reussit else Resultat.REUSSIE


# --- L'issue d'une poursuite --------------------------------------------------------


class Issue(Enum):
    """Où en est la poursuite.

    >>> Issue.CACHE.echappe, Issue.POURSUIVI_ARRETE.echappe, Issue.EN_COURS.finie
    (True, False, False)
    """

    EN_COURS = "la poursuite continue"
    DISTANCE = "le poursuivi a distancé le poursuivant"
    CACHE = "le poursuivi s'est caché"
    POURSUIVANT_ARRETE = "le poursuivant est arrêté"
    POURSUIVI_ARRETE = "le poursuivi est arrêté"

    @property
    def echappe(self) -> bool:
        """Le poursuivi s'en sort (distancé, caché, ou poursuivant bloqué)."""
        return self in (Issue.DISTANCE, Issue.CACHE, Issue.POURSUIVANT_ARRETE)

    @property
    def finie(self) -> bool:
        return self is not Issue.EN_COURS


@dataclass(frozen=True)
class Manche:
    """Une manche jouée : qui menait, quelle manœuvre, les jets, et ce qui en sort.

    >>> from jdr_core.des import DesScriptes
    >>> p = Poursuite(2, 1, Distance.CONTACT, noms=("Anna", "Léo"))
    >>> print(p.tour(Manoeuvre.FORCER_BLOQUER, des=DesScriptes([1, 2, 6, 5])).manches[0])
    Manche 1, au contact : Anna a l'initiative et choisit de forcer Léo sur le côté (−3).
    Anna fait 1 et 2 = 3 contre 6 : réussite.
    Léo fait 6 et 5 = 11 contre 5 : échec.
    La manœuvre réussit. Anna immobilise Léo : la poursuite est finie.
    """

    numero: int
    noms: tuple[str, str]
    attaquant: Camp
    manoeuvre: Manoeuvre
    modificateur: int
    distance_avant: Distance
    jet_attaquant: Jet2D6 | None
    jet_defenseur: Jet2D6 | None
    contre: Manoeuvre | None
    resultat: Resultat
    distance_apres: Distance
    initiative_apres: Camp
    issue: Issue
    ajustement_attaquant: int = 0
    ajustement_defenseur: int = 0
    #: −2 de l'attaquant qui tente de passer de Court au contact d'un camp en embardées.
    malus_embardees: int = 0
    jet_sen: Jet2D6 | None = None
    autre: Autre | None = None
    ordre: Ordre = Ordre.ATTAQUANT

    @property
    def defenseur(self) -> Camp:
        return self.attaquant.autre

    @property
    def reussie(self) -> bool:
        """La manœuvre de l'attaquant a produit son effet."""
        return self.resultat in (Resultat.REUSSIE, Resultat.CONTRE_RATE, Resultat.STABILISEE)

    @property
    def attaque(self) -> bool:
        """Écraser/Foncer a marché : une attaque est à régler (dégâts selon la vitesse)."""
        return self.reussie and self.manoeuvre is Manoeuvre.ECRASER_FONCER

    def _nom(self, camp: Camp) -> str:
        return self.noms[camp.rang]

    def _intention(self) -> str:
        a = self._nom(self.attaquant)
        d = self._nom(self.defenseur)
        poursuivant = self.attaquant is Camp.POURSUIVANT
        if self.manoeuvre is Manoeuvre.RATTRAPER_FUIR:
            verbe = "rattraper " + d if poursuivant else "fuir"
        elif self.manoeuvre is Manoeuvre.ECRASER_FONCER:
            verbe = "foncer sur " + d
        elif self.manoeuvre is Manoeuvre.FORCER_BLOQUER:
            pronom = "leur" if est_pluriel(d) else "lui"
            verbe = f"forcer {d} sur le côté" if poursuivant else f"freiner devant {d} pour {pronom} barrer la route"
        elif self.manoeuvre is Manoeuvre.AUTRE and self.autre is not None:
            verbe = f"tenter une autre manœuvre, « {self.autre.nom} »"
        else:
            verbe = self.manoeuvre.regle.verbe
        return (f"{a} {conjuguer(a, 'a', 'ont')} l'initiative et {conjuguer(a, 'choisit', 'choisissent')} {de(verbe)} "
                f"({_texte_modif(self.modificateur)})")

    def lignes(self) -> list[str]:
        """Le récit de la manche, phrase par phrase."""
        a, d = self._nom(self.attaquant), self._nom(self.defenseur)
        lignes = [f"Manche {self.numero}, {self.distance_avant.locution} : {self._intention()}."]
        if self.malus_embardees:
            lignes.append(f"Les embardées {de(d)} coûtent {signe(self.malus_embardees)} {au(a)} "
                          "pour passer au contact.")
        if self.contre is not None:
            lignes.append(f"{majuscule(d)} {conjuguer(d, 'riposte', 'ripostent')} par {self.contre.regle.verbe} "
                          f"({signe(MALUS_CONTRE)} de plus).")
        if self.jet_attaquant is not None:
            lignes.append(f"{majuscule(a)} {conjuguer(a, 'fait', 'font')} {self.jet_attaquant}")
        if self.jet_defenseur is not None:
            lignes.append(f"{majuscule(d)} {conjuguer(d, 'fait', 'font')} {self.jet_defenseur}")
        lignes += phrases_relectures(self.ordre, (a, self.ajustement_attaquant, self.jet_attaquant),
                                     (d, self.ajustement_defenseur, self.jet_defenseur))
        lignes += self._conclusion()
        return lignes

    def _conclusion(self) -> list[str]:
        a, d = self._nom(self.attaquant), self._nom(self.defenseur)
        r = self.resultat
        if r is Resultat.SANS_EFFET:
            return [f"Les deux jets réussissent : rien ne change, {a} {conjuguer(a, 'garde', 'gardent')} l'initiative."]
        if r is Resultat.RATEE:
            return [f"La manœuvre échoue : l'initiative passe {au(d)}."]
        if r is Resultat.CONTRE_REUSSI:
            return [f"La contre-manœuvre réussit : {d} {conjuguer(d, 'prend', 'prennent')} l'initiative."]
        if r is Resultat.STABILISATION_RATEE:
            return [f"L'allure n'est pas tenue : l'initiative passe {au(d)}."]
        if r is Resultat.STABILISEE:
            suite = (f"réussite critique, {a} {conjuguer(a, 'garde', 'gardent')} l'initiative" if
                     self.initiative_apres is self.attaquant else f"l'initiative passe {au(d)}")
            return [f"L'allure est stabilisée : les tirs du camp {de(a)} comptent la distance un cran plus près ; "
                    f"{suite}."]
        debut = ("La contre-manœuvre échoue : la manœuvre réussit d'office. " if r is Resultat.CONTRE_RATE
                 else "La manœuvre réussit. ")
        effet = self._effet()
        return [debut + effet[0], *effet[1:]]

    def _effet(self) -> list[str]:
        a, d = self._nom(self.attaquant), self._nom(self.defenseur)
        m = self.manoeuvre
        if self.issue is Issue.DISTANCE:
            return [f"{majuscule(a)} {conjuguer(a, 'sème', 'sèment')} {d} : "
                    "au-delà de la distance extrême, la poursuite est finie."]
        if m in (Manoeuvre.RATTRAPER_FUIR, Manoeuvre.AUTRE):
            if self.distance_apres is self.distance_avant:
                return [f"La distance ne change pas : {self.distance_apres.locution}."]
            pres = self.distance_apres.rang < self.distance_avant.rang
            sens = conjuguer(a, "se rapproche", "se rapprochent") if pres else conjuguer(a, "s'éloigne", "s'éloignent")
            return [f"{majuscule(a)} {sens} : les voilà {self.distance_apres.locution}."]
        if m is Manoeuvre.ECRASER_FONCER:
            return [f"{majuscule(a)} {conjuguer(a, 'percute', 'percutent')} {d} : c'est une attaque, "
                    "dont les dégâts dépendent de la vitesse."]
        if m is Manoeuvre.FORCER_BLOQUER:
            return [f"{majuscule(a)} {conjuguer(a, 'immobilise', 'immobilisent')} {d} : la poursuite est finie."]
        if m is Manoeuvre.EMBARDEES:
            pronom = "leur" if est_pluriel(d) else "lui"
            return [f"{majuscule(a)} {conjuguer(a, 'zigzague', 'zigzaguent')} : les tirs du camp {de(d)} comptent "
                    f"la distance un cran plus loin, et passer de courte distance au contact {pronom} coûtera "
                    f"{signe(MALUS_EMBARDEES_RAPPROCHEMENT)}."]
        if m is Manoeuvre.SE_CACHER and self.jet_sen is not None:
            lignes = [f"{majuscule(a)} {conjuguer(a, 'disparaît', 'disparaissent')} dans une rue de traverse.",
                      f"Au jet de SEN, {d} {conjuguer(d, 'fait', 'font')} {self.jet_sen}"]
            if self.issue is Issue.CACHE:
                return [*lignes, f"{majuscule(d)} {conjuguer(d, 'perd', 'perdent')} la trace : la poursuite est finie."]
            retrouve = conjuguer(d, "retrouve", "retrouvent")
            return [*lignes, f"{majuscule(d)} {retrouve} la piste : la poursuite continue."]
        return [f"{majuscule(a)} {conjuguer(a, 'mène', 'mènent')} toujours."]

    def __str__(self) -> str:
        return "\n".join(self.lignes())


# --- Tactiques : ce que fait chaque camp quand il a la main ---------------------------


@dataclass(frozen=True)
class Tactique:
    """La conduite d'un camp : ses manœuvres préférées, son modificateur, sa contre-manœuvre.

    Quand il a l'initiative, le camp prend la première manœuvre de ``manoeuvres`` permise
    à la distance du moment. En défense, il tente ``contre`` chaque fois qu'il le peut
    (jamais contre une stabilisation), sinon il se contente de son jet.

    >>> Tactique((Manoeuvre.FORCER_BLOQUER, Manoeuvre.RATTRAPER_FUIR), modificateur=-1).choisir(
    ...     Camp.POURSUIVANT, Distance.MOYEN).value
    'rattraper_fuir'
    """

    manoeuvres: tuple[Manoeuvre, ...] = (Manoeuvre.RATTRAPER_FUIR,)
    #: Modificateur des manœuvres à modificateur libre (Rattraper/Fuir, Écraser, Autre).
    modificateur: int = 0
    contre: Manoeuvre | None = None
    autre: Autre | None = None

    def __post_init__(self) -> None:
        if not self.manoeuvres or len(self.manoeuvres) > len(Manoeuvre):
            raise ParametreInvalide("manœuvres de la tactique", len(self.manoeuvres), f"de 1 à {len(Manoeuvre)}")
        entier_borne("modificateur de la tactique", self.modificateur, MODIFICATEUR_MIN, MODIFICATEUR_MAX)
        for m in self.manoeuvres:
            if m.regle.contre:
                raise RegleEnfreinte(f"{m.nom} se tente en défense : mettez-le en contre-manœuvre")
        if self.contre is not None and not self.contre.regle.contre:
            raise RegleEnfreinte(f"{self.contre.nom} n'est pas une contre-manœuvre (demi-tour ou renversement)")

    def choisir(self, camp: Camp, distance: Distance, *, aerienne: bool = False) -> Manoeuvre:
        """La première manœuvre permise ; :class:`RegleEnfreinte` s'il n'y en a aucune."""
        for m in self.manoeuvres:
            if raison_interdite(m, camp, distance, aerienne=aerienne, autre=self.autre) is None:
                return m
        raise RegleEnfreinte(f"aucune manœuvre de la tactique du {camp.value} n'est permise {distance.locution}")


def raison_interdite(
    manoeuvre: Manoeuvre, camp: Camp, distance: Distance, *, aerienne: bool = False, autre: Autre | None = None
) -> str | None:
    """Pourquoi ``camp`` ne peut pas tenter ``manoeuvre`` à ``distance`` (``None`` : permis).

    >>> raison_interdite(Manoeuvre.SE_CACHER, Camp.POURSUIVI, Distance.COURT)
    'Se cacher en tournant rapidement se tente à distance Moyen ou plus, pas à courte distance'
    >>> raison_interdite(Manoeuvre.FORCER_BLOQUER, Camp.POURSUIVANT, Distance.CONTACT) is None
    True
    """
    regle = manoeuvre.regle
    if camp not in regle.camps:
        return f"{regle.nom} est réservé au {' et au '.join(c.value for c in regle.camps)}"
    if regle.aerienne and not aerienne:
        return f"{regle.nom} n'existe que dans une poursuite aérienne"
    if manoeuvre is Manoeuvre.RATTRAPER_FUIR and camp is Camp.POURSUIVANT and distance is Distance.CONTACT:
        return "au contact, il n'y a plus rien à rattraper : forcez sur le côté ou foncez"
    if manoeuvre is Manoeuvre.AUTRE:
        if autre is None:
            return "une autre manœuvre se décrit d'abord avec le MJ (distances, crans gagnés)"
        bas, haut = autre.distance_min, autre.distance_max
    else:
        bas, haut = regle.distance_min, regle.distance_max
    if not bas.rang <= distance.rang <= haut.rang:
        if manoeuvre is Manoeuvre.AUTRE:
            permis = f"{de(bas.nom)} à {haut.nom}" if bas is not haut else f"à distance {bas.nom}"
        else:
            permis = f"à distance {texte_distances(manoeuvre)}"
        return f"{regle.nom} se tente {permis}, pas {distance.locution}"
    return None


# --- La poursuite -------------------------------------------------------------------


@dataclass(frozen=True)
class Poursuite:
    """Une poursuite en cours : niveaux de Conduite, distance, initiative, effets et manches jouées.

    ``noms`` : (poursuivant, poursuivi). ``sen_poursuivant`` : la caractéristique SEN
    du poursuivant, pour son jet quand le poursuivi se cache. Chaque manche rend une
    nouvelle valeur : rien n'est modifié en place.

    >>> p = Poursuite(2, 2, Distance.COURT, Camp.POURSUIVANT)
    >>> print(p)
    La poursuite continue : le poursuivant a l'initiative, à courte distance.
    >>> Poursuite(11, 2)
    Traceback (most recent call last):
    ...
    jdr_core.erreurs.ParametreInvalide: Conduite du poursuivant 11 : attendu un entier de 0 à 10
    """

    conduite_poursuivant: int
    conduite_poursuivi: int
    distance: Distance = Distance.MOYEN
    initiative: Camp = Camp.POURSUIVANT
    noms: tuple[str, str] = ("le poursuivant", "le poursuivi")
    aerienne: bool = False
    sen_poursuivant: int = 3
    #: Camps dont les embardées réussies font encore effet (jusqu'à leur prochaine autre manœuvre).
    embardees: frozenset[Camp] = frozenset()
    #: Camps qui ont stabilisé leur allure (jusqu'à leur prochaine autre manœuvre).
    stabilises: frozenset[Camp] = frozenset()
    #: Hypothèse : quand les deux jets d'une manche sont des doubles, lequel se lit d'abord
    #: (et ses dés se lancent d'abord), comme en scène majeure.
    ordre: Ordre = Ordre.ATTAQUANT
    issue: Issue = Issue.EN_COURS
    manches: tuple[Manche, ...] = field(default=())

    def __post_init__(self) -> None:
        entier_borne("Conduite du poursuivant", self.conduite_poursuivant, NIVEAU_MIN, NIVEAU_MAX)
        entier_borne("Conduite du poursuivi", self.conduite_poursuivi, NIVEAU_MIN, NIVEAU_MAX)
        entier_borne("SEN du poursuivant", self.sen_poursuivant, CARACTERISTIQUE_MIN, CARACTERISTIQUE_MAX)
        if not isinstance(self.distance, Distance) or not isinstance(self.initiative, Camp):
            raise ParametreInvalide("distance ou initiative", self.distance, "une Distance et un Camp")
        for nom in self.noms:
            if not isinstance(nom, str) or not nom.strip() or len(nom) > 40:
                raise ParametreInvalide("nom", nom, "de 1 à 40 caractères")
        if len(self.noms) != 2:
            raise ParametreInvalide("noms", len(self.noms), "deux noms : poursuivant, poursuivi")
        entier_borne("manches jouées", len(self.manches), 0, TOURS_MAX)

    def nom(self, camp: Camp) -> str:
        return self.noms[camp.rang]

    def conduite(self, camp: Camp) -> int:
        return self.conduite_poursuivant if camp is Camp.POURSUIVANT else self.conduite_poursuivi

    @property
    def etat(self) -> Poursuite:
        """La même poursuite sans son historique : ce qui décide de la suite (clé de la chaîne de Markov)."""
        return self._avec(manches=()) if self.manches else self

    def _avec(self, **champs: object) -> Poursuite:
        """Une copie aux champs changés, sans refaire les vérifications de ``__post_init__`` :
        seulement pour des valeurs que les règles ont déjà tirées d'une poursuite vérifiée
        (chaque manche ; l'énumération des cotes en joue des milliers)."""
        copie = object.__new__(Poursuite)
        copie.__dict__.update(self.__dict__)
        copie.__dict__.update(champs)
        return copie

    def cran_de_tir(self, tireur: Camp) -> int:
        """Le cran de distance qui compte pour les tirs de ``tireur`` (0 : Contact ; 5 : hors d'échelle).

        Stabiliser rapproche d'un cran, les embardées de la cible éloignent d'un cran.

        >>> Poursuite(1, 1, Distance.LONG, embardees=frozenset({Camp.POURSUIVI})).cran_de_tir(Camp.POURSUIVANT)
        4
        """
        cran = self.distance.rang
        if tireur in self.stabilises:
            cran -= 1
        if tireur.autre in self.embardees:
            cran += 1
        return max(0, cran)

    def phrase_tir(self, tireur: Camp) -> str:
        """Où en sont les tirs de ``tireur``, en une phrase (stabilisation et embardées comprises).

        >>> print(Poursuite(1, 1, Distance.LONG, stabilises=frozenset({Camp.POURSUIVANT})).phrase_tir(Camp.POURSUIVANT))
        Pour les tirs du camp du poursuivant, la distance compte comme Moyen (au lieu de Long).
        """
        cran = self.cran_de_tir(tireur)
        debut = f"Pour les tirs du camp {de(self.nom(tireur))}, "
        if cran > Distance.EXTREME.rang:
            return debut + "la cible est hors de portée (au-delà d'Extrême)."
        distance = Distance.de_rang(cran)
        if distance is self.distance:
            return debut + f"la distance compte comme {distance.nom}."
        return debut + f"la distance compte comme {distance.nom} (au lieu {de(self.distance.nom)})."

    def modificateur_de(
        self, manoeuvre: Manoeuvre, modificateur: int | None = None, autre: Autre | None = None
    ) -> int:
        """Le modificateur de la manœuvre tentée par le camp qui a la main, après vérification.

        >>> Poursuite(1, 2, Distance.LONG, Camp.POURSUIVI).modificateur_de(Manoeuvre.SE_CACHER)
        -2
        >>> poursuite = Poursuite(1, 2, Distance.COURT, Camp.POURSUIVI)
        >>> poursuite.modificateur_de(Manoeuvre.FORCER_BLOQUER)  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        jdr_core.erreurs.RegleEnfreinte: Forcer sur le côté/Bloquer en freinant devant se tente à distance Contact, ...
        """
        camp = self.initiative
        if manoeuvre.regle.contre:
            raise RegleEnfreinte(f"{manoeuvre.nom} est une contre-manœuvre : c'est le défenseur qui la tente")
        raison = raison_interdite(manoeuvre, camp, self.distance, aerienne=self.aerienne, autre=autre)
        if raison is not None:
            raise RegleEnfreinte(raison)
        impose = MALUS_CACHETTE[self.distance] if manoeuvre is Manoeuvre.SE_CACHER else manoeuvre.regle.modificateur
        if impose is None:
            return entier_borne("modificateur choisi", 0 if modificateur is None else modificateur,
                                MODIFICATEUR_MIN, MODIFICATEUR_MAX)
        if modificateur is not None and modificateur != impose:
            raise RegleEnfreinte(f"{manoeuvre.nom} se tente à {signe(impose)} {self.distance.locution}, "
                                 f"pas à {signe(modificateur)}")
        return impose

    def _verifier_contre(self, contre: Manoeuvre, manoeuvre: Manoeuvre) -> None:
        if not contre.regle.contre:
            raise RegleEnfreinte(f"{contre.nom} n'est pas une contre-manœuvre (demi-tour ou renversement)")
        if manoeuvre is Manoeuvre.STABILISER:
            raise RegleEnfreinte("on ne contre pas une stabilisation : personne ne s'y oppose")
        raison = raison_interdite(contre, self.initiative.autre, self.distance, aerienne=self.aerienne)
        if raison is not None:
            raise RegleEnfreinte(raison)

    def tour(
        self,
        manoeuvre: Manoeuvre,
        *,
        des: SourceDes,
        modificateur: int | None = None,
        contre: Manoeuvre | None = None,
        autre: Autre | None = None,
    ) -> Poursuite:
        """Joue une manche : le camp qui a la main tente ``manoeuvre`` ; ``contre`` est la
        contre-manœuvre éventuelle du défenseur. Les dés : attaquant, puis défenseur, puis
        le jet de SEN du poursuivant si le poursuivi s'est caché.

        >>> from jdr_core.des import DesScriptes
        >>> p = Poursuite(1, 2, Distance.EXTREME, Camp.POURSUIVI, noms=("les truands", "Philip"))
        >>> print(p.tour(Manoeuvre.RATTRAPER_FUIR, modificateur=-1, des=DesScriptes([1, 6, 4, 1])).manches[0])
        Manche 1, à distance extrême : Philip a l'initiative et choisit de fuir (−1).
        Philip fait 1 et 6 = 7 contre 8 : réussite.
        Les truands font 4 et 1 = 5 contre 7 : réussite.
        Les deux jets réussissent : rien ne change, Philip garde l'initiative.
        """
        if self.issue.finie:
            raise RegleEnfreinte(f"la poursuite est finie : {self.issue.value}")
        if len(self.manches) >= TOURS_MAX:
            raise RegleEnfreinte(f"pas plus de {TOURS_MAX} manches par poursuite")
        modif = self.modificateur_de(manoeuvre, modificateur, autre)
        if contre is not None:
            self._verifier_contre(contre, manoeuvre)
        attaquant = self.initiative
        defenseur = attaquant.autre
        # Les effets durables d'un camp cessent dès qu'il tente autre chose.
        embardees = self.embardees if manoeuvre is Manoeuvre.EMBARDEES else self.embardees - {attaquant}
        stabilises = self.stabilises if manoeuvre is Manoeuvre.STABILISER else self.stabilises - {attaquant}
        if contre is not None:
            embardees, stabilises = embardees - {defenseur}, stabilises - {defenseur}
        malus = 0
        if (manoeuvre is Manoeuvre.RATTRAPER_FUIR and attaquant is Camp.POURSUIVANT
                and self.distance is Distance.COURT and Camp.POURSUIVI in embardees):
            malus = MALUS_EMBARDEES_RAPPROCHEMENT
        cible_a = cible_competence(self.conduite(attaquant), modif + malus)
        cible_d = cible_competence(self.conduite(defenseur), modif + (MALUS_CONTRE if contre else 0))
        jet_a: Jet2D6 | None = None
        jet_d: Jet2D6 | None = None
        aj_a = aj_d = 0
        initiative = attaquant
        if manoeuvre is Manoeuvre.STABILISER:
            jet_a = lancer_2d6(cible_a, des=des)
            resultat = Resultat.STABILISEE if jet_a.reussi else Resultat.STABILISATION_RATEE
            if jet_a.reussi:
                stabilises = stabilises | {attaquant}
            if not jet_a.critique:
                initiative = defenseur
        elif contre is not None:
            jet_d = lancer_2d6(cible_d, des=des)
            resultat = Resultat.CONTRE_REUSSI if jet_d.reussi else Resultat.CONTRE_RATE
            if jet_d.reussi:
                initiative = defenseur
        else:
            if self.ordre is Ordre.DEFENSEUR:
                jet_d = lancer_2d6(cible_d, des=des)
                jet_a = lancer_2d6(cible_a, des=des)
            else:
                jet_a = lancer_2d6(cible_a, des=des)
                jet_d = lancer_2d6(cible_d, des=des)
            echange = Echange(jet_a, jet_d, self.ordre)
            resultat, aj_a, aj_d = echange.resultat, echange.ajustement_attaquant, echange.ajustement_defenseur
            if resultat is Resultat.RATEE:
                initiative = defenseur
        distance, issue, jet_sen = self.distance, Issue.EN_COURS, None
        if resultat in (Resultat.REUSSIE, Resultat.CONTRE_RATE):
            distance, issue, embardees, jet_sen = self._effet(manoeuvre, autre, embardees, des)
        manche = Manche(
            numero=len(self.manches) + 1, noms=self.noms, attaquant=attaquant, manoeuvre=manoeuvre,
            modificateur=modif, distance_avant=self.distance, jet_attaquant=jet_a, jet_defenseur=jet_d,
            contre=contre, resultat=resultat, distance_apres=distance, initiative_apres=initiative, issue=issue,
            ajustement_attaquant=aj_a, ajustement_defenseur=aj_d, malus_embardees=malus, jet_sen=jet_sen,
            autre=autre, ordre=self.ordre,
        )
        return self._avec(distance=distance, initiative=initiative, embardees=embardees,
                       stabilises=stabilises, issue=issue, manches=(*self.manches, manche))

    def _effet(
        self, manoeuvre: Manoeuvre, autre: Autre | None, embardees: frozenset[Camp], des: SourceDes
    ) -> tuple[Distance, Issue, frozenset[Camp], Jet2D6 | None]:
        attaquant = self.initiative
        rang = self.distance.rang
        if manoeuvre in (Manoeuvre.RATTRAPER_FUIR, Manoeuvre.AUTRE):
            crans = autre.crans if manoeuvre is Manoeuvre.AUTRE and autre is not None else 1
            rang += -crans if attaquant is Camp.POURSUIVANT else crans
            if rang > Distance.EXTREME.rang:
                return Distance.EXTREME, Issue.DISTANCE, embardees, None
            return Distance.de_rang(max(0, rang)), Issue.EN_COURS, embardees, None
        if manoeuvre is Manoeuvre.FORCER_BLOQUER:
            issue = Issue.POURSUIVI_ARRETE if attaquant is Camp.POURSUIVANT else Issue.POURSUIVANT_ARRETE
            return self.distance, issue, embardees, None
        if manoeuvre is Manoeuvre.EMBARDEES:
            return self.distance, Issue.EN_COURS, embardees | {attaquant}, None
        if manoeuvre is Manoeuvre.SE_CACHER:
            jet = lancer_2d6(cible_jet_caracteristique(self.sen_poursuivant), des=des)
            return self.distance, Issue.EN_COURS if jet.reussi else Issue.CACHE, embardees, jet
        return self.distance, Issue.EN_COURS, embardees, None  # Écraser/Foncer : une attaque à régler

    def jouer(self, poursuivant: Tactique, poursuivi: Tactique, *, des: SourceDes, tours: int) -> Poursuite:
        """Joue jusqu'à ``tours`` manches, ou jusqu'à la fin de la poursuite, selon les tactiques.

        >>> from jdr_core.des import DesAleatoires
        >>> rattraper_puis_forcer = Tactique((Manoeuvre.FORCER_BLOQUER, Manoeuvre.RATTRAPER_FUIR))
        >>> p = Poursuite(1, 2).jouer(rattraper_puis_forcer, Tactique(), des=DesAleatoires(7), tours=20)
        >>> p.issue.finie or len(p.manches) == 20
        True
        >>> Poursuite(1, 2, Distance.CONTACT).jouer(Tactique(), Tactique(), des=DesAleatoires(7), tours=3)
        Traceback (most recent call last):
        ...
        jdr_core.erreurs.RegleEnfreinte: aucune manœuvre de la tactique du poursuivant n'est permise au contact
        """
        entier_borne("nombre de manches", tours, 1, TOURS_MAX)
        for tactique in (poursuivant, poursuivi):
            if tactique.contre is not None and tactique.contre.regle.aerienne and not self.aerienne:
                raise RegleEnfreinte(f"{tactique.contre.nom} n'existe que dans une poursuite aérienne")
        poursuite = self
        for _ in range(tours):
            if poursuite.issue.finie:
                break
            poursuite = poursuite._jouer_manche(poursuivant, poursuivi, des)
        return poursuite

    def _jouer_manche(self, poursuivant: Tactique, poursuivi: Tactique, des: SourceDes) -> Poursuite:
        tactiques = {Camp.POURSUIVANT: poursuivant, Camp.POURSUIVI: poursuivi}
        attaque, defense = tactiques[self.initiative], tactiques[self.initiative.autre]
        manoeuvre = attaque.choisir(self.initiative, self.distance, aerienne=self.aerienne)
        contre = defense.contre
        if contre is not None and (manoeuvre is Manoeuvre.STABILISER or raison_interdite(
                contre, self.initiative.autre, self.distance, aerienne=self.aerienne) is not None):
            contre = None
        libre = manoeuvre.regle.modificateur is None and manoeuvre is not Manoeuvre.SE_CACHER
        return self.tour(manoeuvre, des=des, modificateur=attaque.modificateur if libre else None,
                         contre=contre, autre=attaque.autre)

    def phrase(self, *, capitale: bool = True) -> str:
        """Où en est la poursuite, en une phrase ; sans capitale initiale pour la glisser dans une autre.

        >>> p = Poursuite(1, 2, Distance.LONG, Camp.POURSUIVI, noms=("les truands", "Philip"))
        >>> print(f"Après 3 manches, {p.phrase(capitale=False)}")
        Après 3 manches, la poursuite continue : Philip a l'initiative, à longue distance.
        """
        poursuivant, poursuivi = self.noms
        if self.issue is Issue.DISTANCE:
            texte = (f"{poursuivi} {conjuguer(poursuivi, 'a', 'ont')} semé {poursuivant} : "
                     "l'écart a dépassé la distance extrême.")
        elif self.issue is Issue.CACHE:
            texte = f"{poursuivi} {conjuguer(poursuivi, 'a', 'ont')} échappé {au(poursuivant)} en se cachant."
        elif self.issue is Issue.POURSUIVANT_ARRETE:
            texte = f"{poursuivi} {conjuguer(poursuivi, 'a', 'ont')} bloqué {poursuivant} : la poursuite est finie."
        elif self.issue is Issue.POURSUIVI_ARRETE:
            texte = f"{poursuivant} {conjuguer(poursuivant, 'a', 'ont')} arrêté {poursuivi} : la poursuite est finie."
        else:
            qui = self.nom(self.initiative)
            texte = (f"la poursuite continue : {qui} {conjuguer(qui, 'a', 'ont')} l'initiative, "
                     f"{self.distance.locution}.")
        return majuscule(texte) if capitale else texte

    def __str__(self) -> str:
        return self.phrase()
