"""La fiche de suivi d'un personnage d'enCORE : Santé, blessures et Stress.

Chaque opération rend une **nouvelle** fiche (les valeurs sont figées) et applique
les règles du ton : paliers et blessures, Stress des pertes de Santé (Blockbuster),
Coup d'éclat, malus de Stress et Rupture (Raw), repos, soins, Réconfort.

Gideon, 8 de Santé, encaisse 5 dégâts d'une explosion :

>>> gideon = Fiche.nouvelle("Gideon", Ton.BLOCKBUSTER, "il")
>>> print(gideon.prevoir_degats(5))
5 dégâts font passer Gideon de 8 à 3 Santé : 2 paliers franchis (blessé, gravement blessé), donc 2 blessures à nommer.
>>> gideon = gideon.subir(5, [("cheville foulée", ("la course",)), ("brûlure à l'épaule", ("le tir",))])
>>> print(gideon)
Gideon (Blockbuster) : Santé 3/8, gravement blessé ; Stress 1/6.
2 blessures : cheville foulée (−1d6 pour la course), brûlure à l'épaule (−1d6 pour le tir).
>>> gideon.malus("la course"), gideon.malus("la négociation")
(1, 0)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from ..des import SourceDes
from ..erreurs import JdrErreur, RegleEnfreinte, entier_borne
from ..francais import accorder, compter, de, enumerer, lire_accord, majuscule
from ..suivi import Format, Lecteur, Sauvegardable, lire_texte, sans_accord
from .reserve import HYPOTHESE, Difficulte, Hypothese, Issue, JetReserve, lancer_reserve
from .ton import REGLES, STRESS_MAX, Evenement, Palier, ReglesDuTon, Ton, lire_ton

NOM_MAX = 60
GENES_MAX = 8
#: Longueur d'une action gênée (« la course », « le tir »).
ACTION_GENEE_MAX = 40
#: Dés retirés à une action par chaque blessure qui la gêne.
DES_PAR_BLESSURE = 1
#: Le Réconfort d'un allié, en Raw : son effet sur le Stress.
STRESS_RECONFORT = -1
BLESSURES_MAX = 30
DEGATS_MAX = 20
MODES_RUPTURE = ("fuite", "paralysie", "violence", "hurlements", "effondrement")
DUREES_REPOS = ("pause", "scene", "longue")
#: Le nom de chaque durée de repos, tel qu'un joueur le dit.
NOMS_REPOS = {"pause": "pause sûre", "scene": "scène de repos", "longue": "nuit en sécurité"}
#: Hypothèse : « quelques jours » de repos pour guérir une blessure durable.
JOURS_GUERISON_DURABLE = 3
#: Créatures et calamités déjà vues qu'une fiche retient au plus.
CREATURES_MAX = 30
#: Hypothèse : le Stress qu'un scénario peut fixer pour une première vision va de 0 à 6.
STRESS_VISION_MAX = STRESS_MAX
#: Hypothèse : en Raw, le Stress que retirent la pause sûre et le repos (qui « fonctionnent comme
#: d'habitude ») fait sortir de la Rupture ; le livre ne dit pas s'ils la lèvent avant l'allié.
REPOS_LEVE_RUPTURE = True


#: Chaque texte saisi : ce qu'il est (sujet d'une phrase) et ce qu'on attend du joueur.
CHAMPS_TEXTE = {
    "nom": ("le nom", "donnez un nom au personnage"),
    "blessure": ("le nom de la blessure", "nommez chaque blessure"),
    "action gênée": ("une action gênée", "nommez l'action, ou laissez la liste vide"),
    "danger": ("le nom du danger", "choisissez un danger de la table"),
    "créature": ("le nom de la créature", "nommez la créature ou la calamité que le scénario désigne"),
}


def _texte(champ: str, valeur: object, maximum: int = NOM_MAX) -> str:
    """Un texte saisi par le joueur : une chaîne non vide, courte, sans caractère de contrôle."""
    sujet, conseil = CHAMPS_TEXTE[champ]
    return lire_texte(valeur, sujet, maximum, conseil)


@dataclass(frozen=True)
class Blessure:
    """Une blessure nommée par le MJ, notée avec le palier qui l'a causée."""

    nom: str
    palier: Palier
    gene: tuple[str, ...] = ()
    durable: bool = False

    def __str__(self) -> str:
        return f"{self.nom} ({self.effet}{', durable' if self.durable else ''})"

    @property
    def effet(self) -> str:
        """Ce que la blessure retire, en mots : « −1d6 pour la course », ou ce qu'il reste à dire."""
        return f"−{DES_PAR_BLESSURE}d6 pour {enumerer(self.gene)}" if self.gene else "actions gênées à préciser"


#: Chaque palier dit d'un personnage, selon son genre (« » : non précisé).
PALIERS_DITS: dict[Palier, dict[str, str]] = {
    Palier.VALIDE: {"": "valide", "il": "valide", "elle": "valide"},
    Palier.BLESSE: {"": "palier « blessé »", "il": "blessé", "elle": "blessée"},
    Palier.GRAVEMENT_BLESSE: {"": "palier « gravement blessé »", "il": "gravement blessé",
                              "elle": "gravement blessée"},
    Palier.HORS_DE_COMBAT: {"": "hors de combat", "il": "hors de combat", "elle": "hors de combat"},
}


@dataclass(frozen=True)
class Fiche(Sauvegardable):
    nom: str
    ton: Ton
    sante: int
    stress: int = 0
    blessures: tuple[Blessure, ...] = ()
    mode_rupture: str | None = None
    premiers_soins_recus: bool = False
    reconfort_recu: bool = False
    soins_medicaux_faits: bool = False
    dangers_comptes: tuple[str, ...] = ()
    #: Les créatures et calamités déjà vues : leur première vision ne compte qu'une fois.
    creatures_vues: tuple[str, ...] = ()
    #: Le genre grammatical donné à la création (``"il"``, ``"elle"``, ``""`` non précisé) :
    #: les phrases qui s'accordent avec le personnage le suivent (:data:`~jdr_core.francais.ACCORDS`).
    accord: str = ""

    def __post_init__(self) -> None:
        """Une fiche construite à la main est vérifiée comme une saisie : ton connu, jauges bornées."""
        if not isinstance(self.ton, Ton):
            object.__setattr__(self, "ton", lire_ton(self.ton))
        if not isinstance(self.nom, str) or self.nom != " ".join(self.nom.split()):
            object.__setattr__(self, "nom", _texte("nom", self.nom))
        entier_borne("Santé", self.sante, 0, REGLES[self.ton].sante_max)
        entier_borne("Stress", self.stress, 0, STRESS_MAX)
        object.__setattr__(self, "accord", lire_accord(self.accord))

    def __str__(self) -> str:
        """La fiche lue à voix haute : les deux jauges, puis les blessures.

        >>> print(Fiche("Ada", Ton.RAW, sante=6, stress=6, mode_rupture="fuite"))
        Ada (Raw) : Santé 6/6, valide ; Stress 6/6, en Rupture (fuite).
        Aucune blessure.
        """
        blessures = majuscule(compter(len(self.blessures), "blessure", feminin=True))
        if self.blessures:
            blessures += " : " + ", ".join(map(str, self.blessures))
        return f"{self.jauges}\n{blessures}."

    @property
    def palier_dit(self) -> str:
        """Le palier de Santé dit du personnage : accordé à son genre (« blessée »), ou, sans genre
        donné, nommé comme un palier (« palier « blessé » »), sans accord à deviner.

        >>> print(Fiche.nouvelle("Ada", Ton.RAW, "elle").subir(3, [("entaille", ())]).palier_dit)
        blessée
        >>> print(Fiche.nouvelle("Sam", Ton.RAW).subir(3, [("entaille", ())]).palier_dit)
        palier « blessé »
        """
        return PALIERS_DITS[self.palier][self.accord]

    @property
    def jauges(self) -> str:
        """La Santé et le Stress en une phrase, sans les blessures."""
        etats = []
        if self.coup_d_eclat_pret:
            etats.append("Coup d'éclat prêt")
        if self.en_rupture:
            etats.append(f"en Rupture ({self.mode_rupture})" if self.mode_rupture else "en Rupture")
        if self.malus_stress:
            etats.append(self.malus_stress_dit)
        jauges = (f"{self.nom} ({majuscule(self.ton.value)}) : Santé {self.sante}/{self.regles.sante_max}, "
                  f"{self.palier_dit} ; Stress {self.stress}/{STRESS_MAX}")
        return f"{', '.join([jauges, *etats])}."

    # --- création et lecture ------------------------------------------------

    @classmethod
    def nouvelle(cls, nom: str, ton: Ton, accord: str = "") -> Fiche:
        """Une fiche neuve, Santé au maximum du ton (le ton peut être donné par son nom) ; le
        genre grammatical (``accord``) est facultatif, jamais deviné d'après le nom."""
        ton = ton if isinstance(ton, Ton) else lire_ton(ton)
        return cls(_texte("nom", nom), ton, REGLES[ton].sante_max, accord=lire_accord(accord))

    @property
    def regles(self) -> ReglesDuTon:
        return REGLES[self.ton]

    @property
    def palier(self) -> Palier:
        return self.regles.palier(self.sante)

    @property
    def hors_de_combat(self) -> bool:
        return self.sante == 0

    @property
    def coup_d_eclat_pret(self) -> bool:
        return self.regles.coup_d_eclat and self.stress == STRESS_MAX

    @property
    def en_rupture(self) -> bool:
        return self.regles.rupture and self.stress == STRESS_MAX

    @property
    def malus_stress(self) -> int:
        bornes = self.regles.malus_stress
        return 1 if bornes and bornes[0] <= self.stress <= bornes[1] else 0

    @property
    def malus_stress_dit(self) -> str:
        """Le malus de Stress en mots (« −1d6 à tous les jets »), vide sans malus."""
        return f"−{self.malus_stress}d6 à tous les jets" if self.malus_stress else ""

    def malus(self, action: str) -> int:
        """Dés retirés à une action : une par blessure qui la gêne, plus le Stress en Raw."""
        return sum(DES_PAR_BLESSURE for b in self.blessures if action in b.gene) + self.malus_stress

    # --- Santé --------------------------------------------------------------

    def paliers_franchis(self, degats: int) -> list[Palier]:
        """Les paliers dans lesquels on entre en perdant ``degats`` : une blessure chacun."""
        entier_borne("Dégâts", degats, 0, DEGATS_MAX)
        avant = self.regles.rang(self.palier)
        apres = self.regles.rang(self.regles.palier(max(0, self.sante - degats)))
        return [p for p, _, _ in self.regles.paliers[avant + 1 : apres + 1]]

    def prevoir_degats(self, degats: int) -> str:
        """Ce que des dégâts feraient, avant de les appliquer : paliers franchis, blessures à nommer."""
        paliers = self.paliers_franchis(degats)
        if degats == 0:
            return f"Sans dégâts, {self.nom} garde {self.sante} Santé : aucun palier franchi, aucune blessure à nommer."
        sante = max(0, self.sante - degats)
        franchis = compter(len(paliers), "palier franchi", "paliers franchis")
        if paliers:
            franchis += f" ({', '.join(p.value for p in paliers)})"
        a_nommer = compter(len(paliers), "blessure", feminin=True)
        return (f"{compter(degats, 'dégât', 'dégâts')} {accorder(degats, 'fait', 'font')} passer "
                f"{self.nom} de {self.sante} à {sante} Santé : {franchis}, donc {a_nommer} à nommer.")

    def subir(self, degats: int, blessures: Sequence[tuple[str, Sequence[str]]] = ()) -> Fiche:
        """Perd de la Santé. Il faut un nom de blessure par palier franchi."""
        paliers = self.paliers_franchis(degats)
        if len(blessures) != len(paliers):
            raise RegleEnfreinte(_noms_attendus(len(paliers), [p.value for p in paliers], len(blessures)))
        nouvelles = tuple(
            Blessure(_texte("blessure", nom), palier, _genes(gene))
            for (nom, gene), palier in zip(blessures, paliers, strict=True)
        )
        if len(self.blessures) + len(nouvelles) > BLESSURES_MAX:
            raise JdrErreur(f"Une fiche porte {BLESSURES_MAX} blessures au plus.")
        sante = max(0, self.sante - degats)
        fiche = replace(self, sante=sante, blessures=self.blessures + nouvelles)
        if sante < self.sante and self.regles.stress_si_blesse:
            fiche = fiche._stress(+1)
        return fiche

    def _soigner(self, gain: int) -> Fiche:
        sante = min(self.regles.sante_max, self.sante + gain)
        # Une blessure (non durable) part quand la Santé remonte au-dessus de son palier.
        gardees = tuple(
            b for b in self.blessures if b.durable or sante <= self.regles.haut_du_palier(b.palier)
        )
        return replace(self, sante=sante, blessures=gardees)

    def premiers_soins(self, reussi: bool) -> Fiche:
        """INT Standard (Médecine, trousse) : +1 Santé, une fois par blessé et par scène."""
        if self.sante >= self.regles.sante_max:
            raise RegleEnfreinte(f"{self.nom} a toute sa Santé : les premiers soins n'ont rien à soigner.")
        if self.premiers_soins_recus:
            raise RegleEnfreinte(
                f"{self.nom} a déjà reçu les premiers soins dans cette scène : une fois par scène seulement.")
        fiche = replace(self, premiers_soins_recus=True)
        return fiche._soigner(1) if reussi else fiche

    def soins_medicaux(self) -> Fiche:
        """Scène au calme, matériel, soigneur compétent : Santé au maximum, une fois entre deux conflits."""
        if self.soins_medicaux_faits:
            raise RegleEnfreinte(
                f"{self.nom} a déjà reçu des soins médicaux depuis le dernier conflit : "
                "une fois entre deux conflits seulement.")
        return replace(self, soins_medicaux_faits=True)._soigner(self.regles.sante_max)

    def fin_de_conflit(self, fiction_empeche: bool = False, *, garder_blessures: bool = True) -> Fiche:
        """Blockbuster : remonte en haut de son palier (hors de combat : à 3, sauf si la
        fiction l'empêche). Raw : la Santé ne bouge pas. Les soins médicaux redeviennent possibles.

        Les blessures restent, celle du palier « hors de combat » comprise : elle est notée
        avec le palier où le PJ se réveille (gravement blessé) et partira avec lui (hypothèse).
        ``garder_blessures=False`` suit l'autre lecture du texte, où la Santé revenue à 3
        efface la blessure du palier 0 (voir la Note de cohérence de la page Santé).
        """
        fiche = replace(self, soins_medicaux_faits=False)
        if not self.regles.fin_de_conflit:
            return fiche
        if self.hors_de_combat:
            if fiction_empeche:
                return fiche
            cible = self.regles.haut_du_palier(Palier.GRAVEMENT_BLESSE)
        else:
            cible = self.regles.haut_du_palier(self.palier)
        if not garder_blessures:
            return fiche._soigner(cible - self.sante)
        reveil = self.regles.palier(cible)
        blessures = tuple(
            replace(b, palier=reveil) if not b.durable and self.regles.rang(b.palier) > self.regles.rang(reveil)
            else b
            for b in self.blessures
        )
        return replace(fiche, sante=cible, blessures=blessures)

    def rendre_durable(self, nom: str) -> Fiche:
        """Le MJ déclare une blessure durable : elle reste, comme un objet de l'équipement."""
        i = self._indice(nom)
        blessures = list(self.blessures)
        blessures[i] = replace(blessures[i], durable=True)
        return replace(self, blessures=tuple(blessures))

    def guerir_durable(self, nom: str, *, soins_medicaux: bool, jours_de_repos: int) -> Fiche:
        """Soigner une blessure durable : il faut des soins médicaux puis plusieurs jours de repos.

        Hypothèse : « quelques jours » = 3 jours au moins (JOURS_GUERISON_DURABLE)."""
        i = self._indice(nom)
        if not self.blessures[i].durable:
            raise RegleEnfreinte(
                f"La blessure « {nom} » n'est pas durable : elle s'efface quand la Santé remonte.")
        entier_borne("Jours de repos", jours_de_repos, 0, 1000)
        if not soins_medicaux or jours_de_repos < JOURS_GUERISON_DURABLE:
            raise RegleEnfreinte(
                f"Pour guérir « {nom} », il faut des soins médicaux puis au moins "
                f"{compter(JOURS_GUERISON_DURABLE, 'jour')} de repos."
            )
        return replace(self, blessures=self.blessures[:i] + self.blessures[i + 1 :])

    def _indice(self, nom: str) -> int:
        for i, b in enumerate(self.blessures):
            if b.nom == nom:
                return i
        raise JdrErreur(f"{self.nom} n'a aucune blessure nommée « {str(nom)[:NOM_MAX]} ».")

    # --- Stress -------------------------------------------------------------

    def _stress(self, delta: int, *, repos: bool = False) -> Fiche:
        # Coup d'éclat prêt : le Stress est figé, sauf par le repos.
        if self.coup_d_eclat_pret and not repos:
            return self
        stress = min(STRESS_MAX, max(0, self.stress + delta))
        mode = self.mode_rupture if self.regles.rupture and stress == STRESS_MAX else None
        return replace(self, stress=stress, mode_rupture=mode)

    def evenement(self, evenement: Evenement, *, resistance: JetReserve | None = None,
                  danger: str | None = None) -> Fiche:
        """Un événement marquant. En Raw, le joueur lance CON Standard (``resistance``, obligatoire) :
        une réussite retire 1 à ce Stress.

        ``danger`` : le Stress d'un même danger ne compte qu'une fois par scène, et on
        ne résiste pas au Stress d'un danger déjà soumis à un jet.

        >>> Fiche("Ada", Ton.RAW, sante=6, stress=2).evenement(Evenement.CHOC)
        Traceback (most recent call last):
        ...
        jdr_core.erreurs.RegleEnfreinte: En Raw, un événement marquant appelle toujours un jet de CON Standard : \
lancez le jet de résistance d'Ada.
        """
        if not isinstance(evenement, Evenement):
            raise JdrErreur(f"Événement inconnu : choisissez {enumerer([e.value for e in Evenement], 'ou')}.")
        montant = self.regles.stress_evenement[evenement]
        fiche = self
        if danger is not None:
            cle = _texte("danger", danger)
            if cle in self.dangers_comptes:
                return self
            if resistance is not None:
                raise RegleEnfreinte("On ne résiste pas au Stress d'un danger : le jet pour l'éviter est déjà fait.")
            fiche = replace(self, dangers_comptes=(*self.dangers_comptes, cle))
        else:
            self._exige_resistance(resistance)
        return fiche._stress(montant - self._resiste(resistance))

    def _exige_resistance(self, resistance: JetReserve | None) -> None:
        """Raw : le jet de CON Standard n'est pas facultatif face à un événement marquant."""
        if resistance is None and self.regles.rupture:
            raise RegleEnfreinte("En Raw, un événement marquant appelle toujours un jet de CON Standard : "
                                 f"lancez le jet de résistance {de(self.nom)}.")

    def _resiste(self, resistance: JetReserve | None) -> int:
        """Le Stress qu'un jet de résistance retire à un événement : 1 s'il réussit, sinon 0.
        Refuse un jet qui n'en est pas un (hors Raw, pas en CON Standard, malus de Stress compté)."""
        if resistance is None:
            return 0
        if not isinstance(resistance, JetReserve):
            raise JdrErreur("Le jet de résistance doit être un jet de réserve lancé en CON Standard.")
        if not self.regles.rupture:
            raise RegleEnfreinte("Le jet de résistance au Stress n'existe qu'en Raw.")
        if resistance.coup_d_eclat or resistance.difficulte is not Difficulte.STANDARD:
            raise RegleEnfreinte("Le jet de résistance est un jet de CON Standard ordinaire, sans Coup d'éclat.")
        if self.malus_stress and resistance.relancable:
            # Un jet ordinaire, à 4 ou 5 de Stress, a pu perdre le dé du malus : seul le jet
            # de résistance de la fiche (sans ce malus, sans relance) est accepté.
            raise RegleEnfreinte(
                f"Jet de résistance refusé : à {self.stress} de Stress, un jet ordinaire {de(self.nom)} "
                "perd un dé, mais la résistance ignore ce malus et ne se relance pas. "
                "Lancez le jet de résistance de la fiche.")
        return 1 if resistance.issue is Issue.REUSSITE else 0

    def jet_de_resistance(self, con: int, *, des: SourceDes, bonus: int = 0, malus: int = 0,
                          hypothese: Hypothese = HYPOTHESE) -> JetReserve:
        """Raw : le jet de CON Standard qui résiste au Stress d'un événement. Le malus de
        Stress n'y compte jamais (``malus`` : les seuls dés retirés par une blessure qui
        gêne ce jet ; ``bonus`` : Sang-froid ou Endurance) et le jet ne se relance pas.

        >>> from jdr_core.des import DesScriptes
        >>> ada = Fiche("Ada", Ton.RAW, sante=6, stress=4)
        >>> print(ada.jet_de_resistance(2, des=DesScriptes([6, 1])))   # 2 dés, pas 1
        2d6 (6, 1) en Standard : 1 succès, réussite.
        """
        if not self.regles.rupture:
            raise RegleEnfreinte("Le jet de résistance au Stress n'existe qu'en Raw.")
        return lancer_reserve(con, des=des, bonus=bonus, malus=malus, difficulte=Difficulte.STANDARD,
                              hypothese=hypothese, relancable=False)

    def premiere_vision(self, creature: str, stress: int, *, resistance: JetReserve | None = None) -> Fiche:
        """La première fois que le PJ voit une créature ou une calamité désignée par le
        scénario, le Stress monte de ``stress``, la valeur que le scénario fixe. Les visions
        suivantes de la même créature ne coûtent rien. En Raw, on y résiste comme à tout
        événement (le jet de CON Standard est obligatoire) : un jet réussi retire 1.

        Hypothèses : le scénario fixe de 0 à 6 ; la fiche retient chaque créature vue jusqu'à
        la fin de la campagne (le nom compte, pas les majuscules).
        """
        montant = entier_borne("Stress prévu par le scénario", stress, 0, STRESS_VISION_MAX)
        nom = _texte("créature", creature)
        if nom.casefold() in {vue.casefold() for vue in self.creatures_vues}:
            return self
        if len(self.creatures_vues) >= CREATURES_MAX:
            raise JdrErreur(f"Une fiche retient {CREATURES_MAX} créatures vues au plus.")
        self._exige_resistance(resistance)
        retire = self._resiste(resistance)
        return replace(self, creatures_vues=(*self.creatures_vues, nom))._stress(max(0, montant - retire))

    def stress_impose(self, montant: int) -> Fiche:
        """Stress imposé comme un coût (équipement, fiction) : aucune résistance possible."""
        entier_borne("Stress imposé", montant, 0, STRESS_MAX)
        return self._stress(montant)

    def relance(self) -> Fiche:
        """Blockbuster : −1 Stress par relance ; Raw : +1."""
        return self._stress(self.regles.stress_relance)

    def declarer_coup_d_eclat(self) -> Fiche:
        """Blockbuster, à 6 de Stress, avant le jet : le Stress redescend à 3."""
        if not self.coup_d_eclat_pret:
            raise RegleEnfreinte("Le Coup d'éclat n'est pas prêt : il faut 6 de Stress, en Blockbuster.")
        return replace(self, stress=3)

    def choisir_rupture(self, mode: str) -> Fiche:
        if not self.en_rupture:
            raise RegleEnfreinte(f"{self.nom} n'est pas en Rupture.")
        if mode not in MODES_RUPTURE:
            raise JdrErreur(f"Façon de craquer inconnue : choisissez {enumerer(MODES_RUPTURE, 'ou')}.")
        return replace(self, mode_rupture=mode)

    def ramener(self, jet_cha: JetReserve) -> Fiche:
        """Un allié consacre une action et réussit un jet de CHA Standard : Stress à 5."""
        if not self.en_rupture:
            raise RegleEnfreinte(f"{self.nom} n'est pas en Rupture : personne à ramener à la raison.")
        if jet_cha.issue is Issue.REUSSITE:
            return replace(self, stress=STRESS_MAX - 1, mode_rupture=None)
        return self

    def reconfort(self) -> Fiche:
        """Raw : un allié rassure le PJ (une action, sans jet) : −1 Stress, une fois par scène."""
        if not self.regles.rupture:
            raise RegleEnfreinte("Le Réconfort est une règle du ton Raw.")
        if self.en_rupture:
            raise RegleEnfreinte(self._en_rupture())
        if self.reconfort_recu:
            raise RegleEnfreinte(f"{self.nom} a déjà eu son Réconfort dans cette scène : un seul par scène.")
        return replace(self, reconfort_recu=True)._stress(STRESS_RECONFORT)

    def _en_rupture(self) -> str:
        return f"{self.nom} est en Rupture : un allié doit d'abord ramener ce personnage à la raison."

    # --- temps qui passe ----------------------------------------------------

    def nouvelle_scene(self) -> Fiche:
        return replace(self, premiers_soins_recus=False, reconfort_recu=False, dangers_comptes=())

    def repos(self, duree: str, *, repos_leve_rupture: bool = REPOS_LEVE_RUPTURE) -> Fiche:
        """Le tableau « Récupérer » : pause (−1 Stress), scène (+1 Santé, −1 Stress),
        longue (+1 Santé, Stress à 0). Le repos fait perdre un Coup d'éclat non déclaré.

        En Raw, la pause sûre et le repos marchent comme d'habitude, Rupture comprise.
        Hypothèse (``repos_leve_rupture``) : le Stress qu'ils retirent fait sortir de la Rupture ;
        avec ``False``, il reste à 6 jusqu'à ce qu'un allié ramène le PJ (la Santé remonte).

        >>> ada = Fiche("Ada", Ton.RAW, sante=4, stress=6, mode_rupture="fuite")
        >>> print(ada.repos("pause").jauges)
        Ada (Raw) : Santé 4/6, palier « blessé » ; Stress 5/6, −1d6 à tous les jets.
        >>> print(ada.repos("scene", repos_leve_rupture=False).jauges)
        Ada (Raw) : Santé 5/6, valide ; Stress 6/6, en Rupture (fuite).
        """
        if duree not in DUREES_REPOS:
            raise JdrErreur(f"Repos inconnu : choisissez {enumerer(list(NOMS_REPOS.values()), 'ou')}.")
        fiche = self
        if self.en_rupture and not repos_leve_rupture:
            return fiche._soigner(1).nouvelle_scene() if duree in ("scene", "longue") else fiche
        if duree in ("scene", "longue"):
            fiche = fiche._soigner(1).nouvelle_scene()
        delta = -STRESS_MAX if duree == "longue" else -1
        return fiche._stress(delta, repos=True)


ILLISIBLE = "Fiche illisible"


def _noms_attendus(paliers: int, noms_paliers: Sequence[str], donnes: int) -> str:
    """Le refus de :meth:`Fiche.subir` quand les noms de blessure ne collent pas aux paliers.

    >>> print(_noms_attendus(2, ["blessé", "gravement blessé"], 1))
    2 paliers franchis (blessé, gravement blessé) : il faut 2 noms de blessure, 1 seul donné.
    """
    recus = "aucun donné" if donnes == 0 else ("1 seul donné" if donnes == 1 else f"{donnes} donnés")
    if paliers == 0:
        return (f"Ces dégâts ne franchissent aucun palier : aucune blessure à nommer, "
                f"mais {compter(donnes, 'nom donné', 'noms donnés')}.")
    franchis = compter(paliers, "palier franchi", "paliers franchis")
    return (f"{franchis} ({', '.join(noms_paliers)}) : il faut "
            f"{compter(paliers, 'nom de blessure', 'noms de blessure')}, {recus}.")


#: L'identifiant sauvegardé de chaque palier (ASCII) ; son libellé reste ``palier.value``.
CLES_PALIERS: dict[Palier, str] = {
    Palier.VALIDE: "valide", Palier.BLESSE: "blesse", Palier.GRAVEMENT_BLESSE: "gravement_blesse",
    Palier.HORS_DE_COMBAT: "hors_de_combat",
}
PALIERS_PAR_CLE = {cle: palier for palier, cle in CLES_PALIERS.items()}


def _genes(valeur: object) -> tuple[str, ...]:
    if isinstance(valeur, str):
        valeur = [v for v in valeur.split(",") if v.strip()]
    if not isinstance(valeur, (list, tuple)) or len(valeur) > GENES_MAX:
        raise JdrErreur(f"Les actions gênées sont une liste de {GENES_MAX} actions au plus.")
    return tuple(_texte("action gênée", v, ACTION_GENEE_MAX).lower() for v in valeur)


def _ecrire(f: Fiche) -> dict[str, Any]:
    return {
        "nom": f.nom,
        "ton": f.ton.value,
        "sante": f.sante,
        "stress": f.stress,
        "blessures": [
            {"nom": b.nom, "palier": CLES_PALIERS[b.palier], "gene": list(b.gene), "durable": b.durable}
            for b in f.blessures
        ],
        "mode_rupture": f.mode_rupture,
        "premiers_soins_recus": f.premiers_soins_recus,
        "reconfort_recu": f.reconfort_recu,
        "soins_medicaux_faits": f.soins_medicaux_faits,
        "dangers_comptes": list(f.dangers_comptes),
        "creatures_vues": list(f.creatures_vues),
        "accord": f.accord,
    }


def _lire(lu: Lecteur, donnees: Mapping[str, Any]) -> Fiche:
    ton = lire_ton(lu.choix(donnees, "ton", "le ton", [t.value for t in Ton]))
    regles = REGLES[ton]
    blessures = tuple(_blessure(lu, b) for b in lu.liste(donnees, "blessures", BLESSURES_MAX,
                                                         "la liste des blessures est mal formée"))
    dangers = lu.liste(donnees, "dangers_comptes", 20, "la liste des dangers de la scène est mal formée")
    creatures = lu.liste(donnees, "creatures_vues", CREATURES_MAX, "la liste des créatures déjà vues est mal formée")
    stress = lu.entier(donnees, "stress", "le Stress", 0, STRESS_MAX)
    mode = donnees.get("mode_rupture")
    if mode is not None and (mode not in MODES_RUPTURE or not (regles.rupture and stress == STRESS_MAX)):
        raise lu.refus("la Rupture ne correspond pas au ton ni au Stress")
    fiche = Fiche(
        nom=_texte("nom", lu.champ(donnees, "nom", "le nom")),
        ton=ton,
        sante=lu.entier(donnees, "sante", "la Santé", 0, regles.sante_max),
        stress=stress,
        blessures=blessures,
        mode_rupture=mode,
        premiers_soins_recus=lu.booleen(donnees, "premiers_soins_recus", "les premiers soins", False),
        reconfort_recu=lu.booleen(donnees, "reconfort_recu", "le Réconfort", False),
        soins_medicaux_faits=lu.booleen(donnees, "soins_medicaux_faits", "les soins médicaux", False),
        dangers_comptes=tuple(_texte("danger", d) for d in dangers),
        creatures_vues=tuple(_texte("créature", c) for c in creatures),
        accord=lu.accord(donnees),
    )
    for b in fiche.blessures:
        if not b.durable and fiche.sante > regles.haut_du_palier(b.palier):
            raise lu.refus(f"la blessure « {b.nom} » aurait dû disparaître")
    return fiche


def _blessure(lu: Lecteur, brute: object) -> Blessure:
    b = lu.objet(brute, "une blessure est mal formée")
    palier = b.get("palier")
    if not isinstance(palier, str) or palier not in PALIERS_PAR_CLE:
        raise lu.refus("le palier d'une blessure est inconnu")
    return Blessure(_texte("blessure", lu.champ(b, "nom", "le nom d'une blessure")), PALIERS_PAR_CLE[palier],
                    _genes(b.get("gene", [])), lu.booleen(b, "durable", "« durable »", False))


def _migrer_1(donnees: dict[str, Any]) -> dict[str, Any]:
    """Version 1 → 2 : le palier d'une blessure était son libellé (« gravement blessé ») ; il
    devient son identifiant (``gravement_blesse``), et la sauvegarde dit son genre. Un palier
    illisible reste tel quel : la lecture le refusera en le disant."""
    blessures = donnees.get("blessures", [])
    if isinstance(blessures, list):
        par_libelle = {p.value: cle for p, cle in CLES_PALIERS.items()}
        blessures = [
            {**b, "palier": par_libelle.get(b["palier"], b["palier"])}
            if isinstance(b, Mapping) and isinstance(b.get("palier"), str) else b
            for b in blessures
        ]
    return {**donnees, "genre": FORMAT.genre, "blessures": blessures}


#: Le format d'une fiche enCORE sauvegardée. Version 2 : paliers par identifiant ;
#: version 3 : le genre grammatical du personnage (``accord``).
FORMAT: Format[Fiche] = Format(
    genre="encore.fiche", version=3, illisible=ILLISIBLE, nature="une fiche enCORE sauvegardée",
    lire=_lire, ecrire=_ecrire, migrations={1: _migrer_1, 2: sans_accord},
)
Fiche.FORMAT = FORMAT
