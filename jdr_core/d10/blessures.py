"""Les blessures : gravité des dégâts, cumul en cascade, malus, jets de KO et de survie.

* Les dégâts d'un coup tombent dans une bande : éraflure (moins de 1), légère (1 à 5,
  malus 1), grave (6 à 10, malus 2), critique (11 à 15, malus 4), mort (16 et plus).
* Deux légères font une grave, deux graves une critique, deux critiques la mort : la
  cascade peut descendre de plusieurs marches d'un coup.
* Après chaque coup qui blesse, jet de KO : D10 + VOL ou CON (au choix du joueur) contre une
  difficulté égale aux dégâts ; réussi d'office si les dégâts sont sous la carac choisie. Une
  éraflure ne blesse pas : pas de jet de KO.
* À la mort : KO d'office, puis jet de survie de CON contre les dégâts jusqu'aux soins, puis
  un par jour tant que personne ne soigne.

>>> b = Blessures(legeres=1)
>>> print(b.ajouter(Gravite.LEGERE))
Une blessure légère de plus : deux légères font une grave. Reste 1 blessure grave (malus −2).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import Enum
from fractions import Fraction

from ..des import SourceDes
from ..erreurs import entier_borne
from ..francais import compter, enumerer, majuscule, nombre_relatif, signe
from ..loi import Loi, loi_du_jet
from .action import REGLE, DeOuvert, RegleAction, lancer_de_ouvert, marge_de
from .regles import STAT_MAX, STAT_MIN

#: Bornes des dégâts saisis (après la résistance) et d'un nombre de blessures d'une gravité.
DEGATS_MIN, DEGATS_MAX = -60, 80
BLESSURES_MAX = 9
#: Jours sans soins au plus pour une suite de jets de survie.
JOURS_MAX = 60


class Gravite(Enum):
    """Les cinq bandes de dégâts, de la plus bénigne à la mort."""

    ERAFLURE = "éraflure"
    LEGERE = "légère"
    GRAVE = "grave"
    CRITIQUE = "critique"
    MORT = "mort"

    @property
    def malus(self) -> int:
        """Le malus aux jets d'une blessure de cette gravité (0 pour une éraflure ou la mort)."""
        return {Gravite.LEGERE: 1, Gravite.GRAVE: 2, Gravite.CRITIQUE: 4}.get(self, 0)

    @property
    def libelle(self) -> str:
        """« une éraflure », « une blessure légère », « la mort »."""
        if self is Gravite.ERAFLURE:
            return "une éraflure"
        if self is Gravite.MORT:
            return "la mort"
        return f"une blessure {self.value}"

    @property
    def suivante(self) -> Gravite:
        ordre = list(Gravite)
        return ordre[min(ordre.index(self) + 1, len(ordre) - 1)]


#: Les bandes : gravité, plus petits et plus grands dégâts (None : sans borne).
BANDES: tuple[tuple[Gravite, int | None, int | None], ...] = (
    (Gravite.ERAFLURE, None, 0),
    (Gravite.LEGERE, 1, 5),
    (Gravite.GRAVE, 6, 10),
    (Gravite.CRITIQUE, 11, 15),
    (Gravite.MORT, 16, None),
)


def gravite_de(degats: int) -> Gravite:
    """La bande de dégâts.

    >>> [gravite_de(d).value for d in (0, 1, 5, 6, 11, 16)]
    ['éraflure', 'légère', 'légère', 'grave', 'critique', 'mort']
    """
    entier_borne("dégâts", degats, DEGATS_MIN, DEGATS_MAX)
    for gravite, bas, haut in BANDES:
        if (bas is None or degats >= bas) and (haut is None or degats <= haut):
            return gravite
    raise AssertionError(degats)  # pragma: no cover - les bandes couvrent tout


#: Les paires qui fusionnent, dans l'ordre de la cascade.
_FUSIONS = ((Gravite.LEGERE, "deux légères font une grave"),
            (Gravite.GRAVE, "deux graves font une critique"),
            (Gravite.CRITIQUE, "deux critiques font la mort"))


@dataclass(frozen=True)
class Blessures:
    """Les blessures qu'un personnage porte (les éraflures ne comptent pas)."""

    legeres: int = 0
    graves: int = 0
    critiques: int = 0
    mort: bool = False

    def __post_init__(self) -> None:
        for nom, n in (("blessures légères", self.legeres), ("blessures graves", self.graves),
                       ("blessures critiques", self.critiques)):
            entier_borne(nom, n, 0, BLESSURES_MAX)

    def nombre(self, gravite: Gravite) -> int:
        return {Gravite.LEGERE: self.legeres, Gravite.GRAVE: self.graves, Gravite.CRITIQUE: self.critiques,
                Gravite.MORT: int(self.mort)}.get(gravite, 0)

    def _avec(self, gravite: Gravite, n: int) -> Blessures:
        if gravite is Gravite.MORT:
            return replace(self, mort=n > 0)
        if gravite is Gravite.LEGERE:
            return replace(self, legeres=n)
        if gravite is Gravite.GRAVE:
            return replace(self, graves=n)
        return replace(self, critiques=n)

    def malus(self, *, cumul: bool = True) -> int:
        """Le malus aux jets : la somme des malus de chaque blessure (``cumul``, par défaut),
        ou seulement celui de la pire.

        >>> Blessures(legeres=1, graves=1).malus(), Blessures(legeres=1, graves=1).malus(cumul=False)
        (3, 2)
        """
        if cumul:
            return self.legeres + 2 * self.graves + 4 * self.critiques
        pires = [g.malus for g in (Gravite.CRITIQUE, Gravite.GRAVE, Gravite.LEGERE) if self.nombre(g)]
        return pires[0] if pires else 0

    def ajouter(self, gravite: Gravite) -> Cascade:
        """Ajoute une blessure et fait tomber la cascade (deux d'une gravité font une de la suivante).

        >>> print(Blessures(legeres=1, graves=1, critiques=1).ajouter(Gravite.LEGERE).apres)
        la mort
        """
        if self.mort or gravite is Gravite.ERAFLURE:
            return Cascade(self, gravite, self, ())
        if gravite is Gravite.MORT:
            return Cascade(self, gravite, replace(self, mort=True), ())
        etat = self._avec(gravite, self.nombre(gravite) + 1)
        etapes: list[str] = []
        for g, phrase in _FUSIONS:
            if etat.nombre(g) >= 2:
                suivante = g.suivante
                etat = etat._avec(g, etat.nombre(g) - 2)._avec(suivante, etat.nombre(suivante) + 1)
                etapes.append(phrase)
        return Cascade(self, gravite, etat, tuple(etapes))

    def __str__(self) -> str:
        if self.mort:
            return "la mort"
        parties = [compter(n, f"blessure {g.value}", f"blessures {g.value}s", feminin=True)
                   for g, n in ((Gravite.CRITIQUE, self.critiques), (Gravite.GRAVE, self.graves),
                                (Gravite.LEGERE, self.legeres)) if n]
        return enumerer(parties) if parties else "aucune blessure"


@dataclass(frozen=True)
class Cascade:
    """Une blessure ajoutée : l'état avant, la gravité reçue, les fusions, l'état après."""

    avant: Blessures
    ajout: Gravite
    apres: Blessures
    etapes: tuple[str, ...]

    def bilan(self, *, cumul: bool = True) -> str:
        """« Reste 1 blessure grave (malus −2) », « Le personnage meurt »."""
        if self.apres.mort:
            return "C'est la mort."
        malus = self.apres.malus(cumul=cumul)
        etat = str(self.apres)
        return f"Reste {etat} (malus {nombre_relatif(-malus)})." if malus else f"{majuscule(etat)}."

    def __str__(self) -> str:
        return self.phrase()

    def phrase(self, *, ko_d_office: bool = False) -> str:
        """La cascade en une phrase ; avec ``ko_d_office``, la mort dit aussi le KO qu'elle impose,
        dans la même phrase (sans « C'est la mort. » suivi d'un « KO d'office. » à part).

        >>> print(Blessures(critiques=1).ajouter(Gravite.CRITIQUE).phrase(ko_d_office=True))
        Une blessure critique de plus : deux critiques font la mort, ce qui met KO d'office.
        >>> print(Blessures().ajouter(Gravite.MORT).phrase(ko_d_office=True))
        Un coup mortel, qui met KO d'office.
        """
        if self.ajout is Gravite.ERAFLURE:
            return f"Une simple éraflure, sans effet. {self.bilan()}"
        if self.avant.mort:
            return "Le coup mortel était déjà porté : rien de plus."
        ko = ko_d_office and self.apres.mort
        if self.ajout is Gravite.MORT:
            return "Un coup mortel, qui met KO d'office." if ko else "Un coup mortel. C'est la mort."
        texte = f"Une blessure {self.ajout.value} de plus"
        if self.etapes:
            texte += " : " + enumerer(list(self.etapes), "puis")
        if ko:
            return f"{texte}, ce qui met KO d'office."
        return f"{texte}. {self.bilan()}"


# --- Jets de KO et de survie --------------------------------------------------------

CARACS_KO = ("VOL", "CON")


@dataclass(frozen=True)
class JetResistance:
    """Un jet de D10 ouvert + une caractéristique contre une difficulté égale aux dégâts.

    ``de`` vaut ``None`` quand la réussite est d'office (dégâts sous la caractéristique).
    """

    nature: str
    carac: str
    valeur: int
    degats: int
    de: DeOuvert | None
    malus: int = 0
    regle: RegleAction = REGLE

    @property
    def total(self) -> int:
        base = self.valeur - self.malus
        return base if self.de is None else self.de.total + base

    @property
    def reussi(self) -> bool:
        return self.de is None or marge_de(self.total, self.degats, 0, self.regle) is not None

    @property
    def calcul(self) -> str:
        if self.de is None:
            return f"{self.carac} {self.valeur} dépasse les dégâts ({nombre_relatif(self.degats)}), réussite d'office"
        texte = f"{nombre_relatif(self.de.total)} + {self.carac} {self.valeur}"
        if self.malus:
            texte += f" − {self.malus}"
        return f"{texte} = {nombre_relatif(self.total)} contre {nombre_relatif(self.degats)}"

    @property
    def issue(self) -> str:
        if self.nature == "ko":
            return "reste conscient" if self.reussi else "KO"
        return "survit" if self.reussi else "meurt"

    def __str__(self) -> str:
        titre = "Jet de KO" if self.nature == "ko" else "Jet de survie"
        if self.de is None:
            return f"{titre} : {self.calcul} ; {self.issue}."
        return f"{titre} : dé {self.de.texte} ; {self.calcul} : {self.issue}."


def _valider(carac: str, valeur: int, degats: int, malus: int) -> None:
    if carac not in CARACS_KO:
        from ..erreurs import ParametreInvalide
        raise ParametreInvalide("caractéristique du jet", carac, "VOL ou CON")
    entier_borne(carac, valeur, STAT_MIN, STAT_MAX)
    entier_borne("dégâts", degats, DEGATS_MIN, DEGATS_MAX)
    entier_borne("malus", malus, 0, 40)


def jet_ko(degats: int, valeur: int, *, carac: str = "VOL", des: SourceDes, malus: int = 0,
           regle: RegleAction = REGLE) -> JetResistance:
    """Le jet de KO après un coup : D10 ouvert + VOL ou CON contre les dégâts.

    Hypothèse : c'est le dé ouvert de l'action, sans compétence (bornes −10 et 10), et
    la difficulté est les dégâts seuls, sans le 5 fixe ; réussi d'office si les dégâts
    sont sous la caractéristique choisie.

    >>> from jdr_core.des import DesScriptes
    >>> print(jet_ko(7, 3, des=DesScriptes([5])))
    Jet de KO : dé 5 ; 5 + VOL 3 = 8 contre 7 : reste conscient.
    >>> print(jet_ko(2, 3, carac="CON", des=DesScriptes([])))
    Jet de KO : CON 3 dépasse les dégâts (2), réussite d'office ; reste conscient.
    """
    _valider(carac, valeur, degats, malus)
    de = None if degats < valeur else lancer_de_ouvert(0, des=des, regle=regle)
    return JetResistance("ko", carac, valeur, degats, de, malus, regle)


def jet_survie(degats: int, constitution: int, *, des: SourceDes, malus: int = 0,
               regle: RegleAction = REGLE) -> JetResistance:
    """Un jet de survie : D10 ouvert + CON contre les dégâts, jamais réussi d'office.

    >>> from jdr_core.des import DesScriptes
    >>> print(jet_survie(17, 6, des=DesScriptes([10])))
    Jet de survie : dé 10 (déjà au plus haut sans compétence) ; 10 + CON 6 = 16 contre 17 : meurt.
    """
    _valider("CON", constitution, degats, malus)
    return JetResistance("survie", "CON", constitution, degats, lancer_de_ouvert(0, des=des, regle=regle),
                         malus, regle)


def chance_resistance(degats: int, valeur: int, *, malus: int = 0, automatique: bool = True,
                      regle: RegleAction = REGLE) -> Fraction:
    """Probabilité exacte de réussir un jet de KO (``automatique``) ou de survie.

    >>> chance_resistance(7, 3), chance_resistance(2, 3), chance_resistance(17, 6, automatique=False)
    (Fraction(7, 10), Fraction(1, 1), Fraction(0, 1))
    """
    _valider("CON", valeur, degats, malus)
    jet = jet_ko if automatique else jet_survie
    return loi_du_jet(lambda des: jet(degats, valeur, des=des, malus=malus, regle=regle).reussi)[True]


@dataclass(frozen=True)
class Survie:
    """Les jets de survie d'un mourant : le premier tient jusqu'aux soins, puis un par jour sans soins."""

    degats: int
    constitution: int
    jours_sans_soins: int
    jets: tuple[JetResistance, ...]

    @property
    def survit(self) -> bool:
        return all(j.reussi for j in self.jets)

    @property
    def jour_de_la_mort(self) -> int | None:
        """0 : avant les soins ; k : le k-ième jour sans soins ; ``None`` : il tient bon."""
        for i, j in enumerate(self.jets):
            if not j.reussi:
                return i
        return None

    def __str__(self) -> str:
        lignes = []
        for i, j in enumerate(self.jets):
            quand = "Jusqu'aux soins" if i == 0 else f"Jour {i} sans soins"
            lignes.append(f"{quand} : {str(j)[len('Jet de survie : '):]}")
        if self.jour_de_la_mort is not None:
            return "\n".join(lignes)  # la dernière ligne dit déjà quand il meurt : pas de bilan en double
        fin = "Survie jusqu'aux soins." if self.jours_sans_soins == 0 else (
            f"Tient bon {compter(self.jours_sans_soins, 'jour')} sans soins.")
        return "\n".join([*lignes, fin])


def survivre(degats: int, constitution: int, *, des: SourceDes, jours_sans_soins: int = 0, malus: int = 0,
             regle: RegleAction = REGLE) -> Survie:
    """Le premier jet de survie, puis un par jour sans soins ; on s'arrête au premier raté.

    >>> from jdr_core.des import DesScriptes
    >>> print(survivre(16, 6, des=DesScriptes([10, 7, 2]), jours_sans_soins=2))
    Jusqu'aux soins : dé 10 (déjà au plus haut sans compétence) ; 10 + CON 6 = 16 contre 16 : survit.
    Jour 1 sans soins : dé 7 ; 7 + CON 6 = 13 contre 16 : meurt.
    """
    entier_borne("jours sans soins", jours_sans_soins, 0, JOURS_MAX)
    _valider("CON", constitution, degats, malus)
    jets: list[JetResistance] = []
    for _ in range(jours_sans_soins + 1):
        jet = jet_survie(degats, constitution, des=des, malus=malus, regle=regle)
        jets.append(jet)
        if not jet.reussi:
            break
    return Survie(degats, constitution, jours_sans_soins, tuple(jets))


def distribution_survie(degats: int, constitution: int, *, jours_sans_soins: int = 0, malus: int = 0,
                        regle: RegleAction = REGLE) -> Loi[int | None]:
    """Loi exacte du jour de la mort (0 : avant les soins ; ``None`` : il tient bon).

    >>> d = distribution_survie(16, 6, jours_sans_soins=1)
    >>> d[0], d[1], d[None]
    (Fraction(9, 10), Fraction(9, 100), Fraction(1, 100))
    """
    entier_borne("jours sans soins", jours_sans_soins, 0, JOURS_MAX)
    _valider("CON", constitution, degats, malus)
    reussi = loi_du_jet(lambda des: jet_survie(degats, constitution, des=des, malus=malus, regle=regle).reussi)

    # État : (jets réussis, jour de la mort) ; comme :func:`survivre`, on s'arrête au premier raté.
    def pas(etat: tuple[int, int | None]) -> Loi[tuple[int, int | None]]:
        return reussi.map(lambda ok: (etat[0] + 1, None) if ok else (etat[0], etat[0]))

    depart: Loi[tuple[int, int | None]] = Loi.certaine((0, None))
    return depart.repeter(pas, jours_sans_soins + 1, fini=lambda etat: etat[1] is not None).map(lambda e: e[1])


#: La phrase d'un coup qui ne blesse pas : la règle ne fait pas de jet de KO.
PAS_DE_JET_KO = "Une éraflure ne blesse pas : pas de jet de KO."


@dataclass(frozen=True)
class Coup:
    """Un coup encaissé : la cascade des blessures, puis le jet de KO (ou, à la mort, le KO
    d'office et le premier jet de survie)."""

    degats: int
    cascade: Cascade
    ko: JetResistance | None
    survie: JetResistance | None
    cumul: bool = True

    @property
    def assomme(self) -> bool:
        """KO : jet raté, ou d'office à la mort."""
        return self.cascade.apres.mort or (self.ko is not None and not self.ko.reussi)

    @property
    def mort(self) -> bool:
        """Mort pour de bon : le jet de survie a raté."""
        return self.survie is not None and not self.survie.reussi

    @property
    def sans_jet_ko(self) -> bool:
        """Une éraflure : elle ne blesse pas, la règle ne demande aucun jet de KO."""
        return self.ko is None and self.survie is None

    def ligne_ko(self) -> str | None:
        """Ce que dit le coup du KO : le jet, « pas de jet de KO » sur une éraflure, rien à la mort
        (le KO d'office est dit avec le jet de survie)."""
        if self.ko is not None:
            return str(self.ko)
        return PAS_DE_JET_KO if self.sans_jet_ko else None

    def __str__(self) -> str:
        gravite = gravite_de(self.degats)
        lignes = [f"Dégâts {nombre_relatif(self.degats)} : {gravite.libelle}.",
                  self.cascade.phrase(ko_d_office=self.survie is not None)]
        ko = self.ligne_ko()
        if ko is not None:
            lignes.append(ko)
        if self.survie is not None:
            lignes.append(str(self.survie))
        return "\n".join(lignes)


def encaisser(blessures: Blessures, degats: int, *, carac_ko: str, valeur_ko: int, constitution: int,
              des: SourceDes, cumul: bool = True, malus_au_ko: bool = True,
              regle: RegleAction = REGLE) -> Coup:
    """Un coup reçu : la blessure et sa cascade, puis le jet de KO (ou le KO d'office et la survie).

    Hypothèse : le jet de KO subit déjà le malus des blessures, la nouvelle comprise
    (``malus_au_ko``). Le jet suit « chaque dégât » : une éraflure (moins de 1) n'en est pas
    un, elle ne blesse pas et n'appelle aucun jet de KO.

    >>> from jdr_core.des import DesScriptes
    >>> print(encaisser(Blessures(legeres=1), 4, carac_ko="VOL", valeur_ko=5, constitution=4, des=DesScriptes([])))
    Dégâts 4 : une blessure légère.
    Une blessure légère de plus : deux légères font une grave. Reste 1 blessure grave (malus −2).
    Jet de KO : VOL 5 dépasse les dégâts (4), réussite d'office ; reste conscient.
    >>> print(encaisser(Blessures(), -5, carac_ko="CON", valeur_ko=6, constitution=6, des=DesScriptes([])))
    Dégâts −5 : une éraflure.
    Une simple éraflure, sans effet. Aucune blessure.
    Une éraflure ne blesse pas : pas de jet de KO.
    """
    entier_borne("CON", constitution, STAT_MIN, STAT_MAX)
    cascade = blessures.ajouter(gravite_de(degats))
    malus = cascade.apres.malus(cumul=cumul) if malus_au_ko else 0
    if cascade.apres.mort:
        survie = jet_survie(degats, constitution, des=des, malus=0, regle=regle)
        return Coup(degats, cascade, None, survie, cumul)
    if gravite_de(degats) is Gravite.ERAFLURE:
        _valider(carac_ko, valeur_ko, degats, malus)
        return Coup(degats, cascade, None, None, cumul)
    ko = jet_ko(degats, valeur_ko, carac=carac_ko, des=des, malus=malus, regle=regle)
    return Coup(degats, cascade, ko, None, cumul)


def signe_malus(malus: int) -> str:
    """Le malus tel qu'on l'écrit sur la fiche : « −3 », « 0 »."""
    return signe(-malus)
