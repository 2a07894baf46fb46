"""La fiche de suivi d'un personnage d'enCORE : Santé, blessures et Stress.

Chaque opération rend une **nouvelle** fiche (les valeurs sont figées) et applique
les règles du ton : paliers et blessures, Stress des pertes de Santé (Blockbuster),
Coup d'éclat, malus de Stress et Rupture (Raw), repos, soins, Réconfort.

Gideon, 8 de Santé, encaisse 5 dégâts d'une explosion :

>>> gideon = Fiche.nouvelle("Gideon", Ton.BLOCKBUSTER)
>>> gideon = gideon.subir(5, [("cheville foulée", ("course",)), ("brûlure à l'épaule", ("tir",))])
>>> gideon.sante, gideon.palier.value, gideon.stress
(3, 'gravement blessé', 1)
>>> gideon.malus("course"), gideon.malus("tir"), gideon.malus("négocier")
(1, 1, 0)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from ..erreurs import JdrErreur, RegleEnfreinte, entier_borne
from .reserve import Difficulte, Issue, JetReserve
from .ton import REGLES, STRESS_MAX, Evenement, Palier, ReglesDuTon, Ton

NOM_MAX = 60
GENES_MAX = 8
BLESSURES_MAX = 30
DEGATS_MAX = 20
MODES_RUPTURE = ("fuite", "paralysie", "violence", "hurlements", "effondrement")
DUREES_REPOS = ("pause", "scene", "longue")
#: Hypothèse : « quelques jours » de repos pour guérir une blessure durable.
JOURS_GUERISON_DURABLE = 3


def _texte(nom: str, valeur: object, maximum: int = NOM_MAX) -> str:
    """Un texte saisi par le joueur : une chaîne non vide, courte, sans caractère de contrôle."""
    if not isinstance(valeur, str):
        raise JdrErreur(f"{nom} : un texte est attendu")
    propre = " ".join("".join(c for c in valeur if c.isprintable()).split())
    if not propre:
        raise JdrErreur(f"{nom} : le texte est vide")
    if len(propre) > maximum:
        raise JdrErreur(f"{nom} : {maximum} caractères au plus")
    return propre


@dataclass(frozen=True)
class Blessure:
    """Une blessure nommée par le MJ, notée avec le palier qui l'a causée."""

    nom: str
    palier: Palier
    gene: tuple[str, ...] = ()
    durable: bool = False

    def __str__(self) -> str:
        genes = ", ".join(self.gene) or "à préciser"
        return f"{self.nom} (−1d6 : {genes}{', durable' if self.durable else ''})"


@dataclass(frozen=True)
class Fiche:
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

    # --- création et lecture ------------------------------------------------

    @classmethod
    def nouvelle(cls, nom: str, ton: Ton) -> Fiche:
        return cls(_texte("nom", nom), ton, REGLES[ton].sante_max)

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

    def malus(self, action: str) -> int:
        """Dés retirés à une action : une par blessure qui la gêne, plus le Stress en Raw."""
        return sum(1 for b in self.blessures if action in b.gene) + self.malus_stress

    # --- Santé --------------------------------------------------------------

    def paliers_franchis(self, degats: int) -> list[Palier]:
        """Les paliers dans lesquels on entre en perdant ``degats`` : une blessure chacun."""
        entier_borne("dégâts", degats, 0, DEGATS_MAX)
        avant = self.regles.rang(self.palier)
        apres = self.regles.rang(self.regles.palier(max(0, self.sante - degats)))
        return [p for p, _, _ in self.regles.paliers[avant + 1 : apres + 1]]

    def subir(self, degats: int, blessures: Sequence[tuple[str, Sequence[str]]] = ()) -> Fiche:
        """Perd de la Santé. Il faut un nom de blessure par palier franchi."""
        paliers = self.paliers_franchis(degats)
        if len(blessures) != len(paliers):
            noms = ", ".join(p.value for p in paliers) or "aucun"
            raise RegleEnfreinte(
                f"{len(paliers)} palier(s) franchi(s) ({noms}) : il faut {len(paliers)} "
                f"nom(s) de blessure, {len(blessures)} donné(s)"
            )
        nouvelles = tuple(
            Blessure(_texte("blessure", nom), palier, _genes(gene))
            for (nom, gene), palier in zip(blessures, paliers, strict=True)
        )
        if len(self.blessures) + len(nouvelles) > BLESSURES_MAX:
            raise JdrErreur(f"{BLESSURES_MAX} blessures au plus sur une fiche")
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
            raise RegleEnfreinte(f"{self.nom} n'est pas blessé")
        if self.premiers_soins_recus:
            raise RegleEnfreinte("premiers soins déjà reçus dans cette scène")
        fiche = replace(self, premiers_soins_recus=True)
        return fiche._soigner(1) if reussi else fiche

    def soins_medicaux(self) -> Fiche:
        """Scène au calme, matériel, soigneur compétent : Santé au maximum, une fois entre deux conflits."""
        if self.soins_medicaux_faits:
            raise RegleEnfreinte("soins médicaux déjà reçus depuis le dernier conflit")
        return replace(self, soins_medicaux_faits=True)._soigner(self.regles.sante_max)

    def fin_de_conflit(self, fiction_empeche: bool = False) -> Fiche:
        """Blockbuster : remonte en haut de son palier (hors de combat : à 3, sauf si la
        fiction l'empêche). Raw : la Santé ne bouge pas. Les soins médicaux redeviennent possibles."""
        fiche = replace(self, soins_medicaux_faits=False)
        if not self.regles.fin_de_conflit:
            return fiche
        if self.hors_de_combat:
            if fiction_empeche:
                return fiche
            cible = self.regles.haut_du_palier(Palier.GRAVEMENT_BLESSE)
        else:
            cible = self.regles.haut_du_palier(self.palier)
        return fiche._soigner(cible - self.sante)

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
            raise RegleEnfreinte(f"« {nom} » n'est pas une blessure durable")
        entier_borne("jours de repos", jours_de_repos, 0, 1000)
        if not soins_medicaux or jours_de_repos < JOURS_GUERISON_DURABLE:
            raise RegleEnfreinte(
                f"il faut des soins médicaux et {JOURS_GUERISON_DURABLE} jours de repos au moins"
            )
        return replace(self, blessures=self.blessures[:i] + self.blessures[i + 1 :])

    def _indice(self, nom: str) -> int:
        for i, b in enumerate(self.blessures):
            if b.nom == nom:
                return i
        raise JdrErreur(f"aucune blessure nommée « {str(nom)[:NOM_MAX]} »")

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
        """Un événement marquant. En Raw, un jet de résistance réussi retire 1 à ce Stress.

        ``danger`` : le Stress d'un même danger ne compte qu'une fois par scène, et on
        ne résiste pas au Stress d'un danger déjà soumis à un jet.
        """
        montant = self.regles.stress_evenement[evenement]
        fiche = self
        if danger is not None:
            cle = _texte("danger", danger)
            if cle in self.dangers_comptes:
                return self
            if resistance is not None:
                raise RegleEnfreinte("on ne résiste pas au Stress d'un danger déjà soumis à un jet")
            fiche = replace(self, dangers_comptes=(*self.dangers_comptes, cle))
        if resistance is not None:
            if not self.regles.rupture:
                raise RegleEnfreinte("le jet de résistance au Stress n'existe qu'en Raw")
            if resistance.coup_d_eclat or resistance.difficulte is not Difficulte.STANDARD:
                raise RegleEnfreinte("le jet de résistance est un jet CON Standard ordinaire")
            if resistance.issue is Issue.REUSSITE:
                montant -= 1
        return fiche._stress(montant)

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
            raise RegleEnfreinte("le Coup d'éclat n'est pas prêt (Blockbuster, 6 de Stress)")
        return replace(self, stress=3)

    def choisir_rupture(self, mode: str) -> Fiche:
        if not self.en_rupture:
            raise RegleEnfreinte("pas de Rupture en cours")
        if mode not in MODES_RUPTURE:
            raise JdrErreur(f"Rupture : attendu {', '.join(MODES_RUPTURE)}")
        return replace(self, mode_rupture=mode)

    def ramener(self, jet_cha: JetReserve) -> Fiche:
        """Un allié consacre une action et réussit un jet de CHA Standard : Stress à 5."""
        if not self.en_rupture:
            raise RegleEnfreinte("pas de Rupture en cours")
        if jet_cha.issue is Issue.REUSSITE:
            return replace(self, stress=STRESS_MAX - 1, mode_rupture=None)
        return self

    def reconfort(self) -> Fiche:
        """Raw : un allié rassure le PJ (une action, sans jet) : −1 Stress, une fois par scène."""
        if not self.regles.rupture:
            raise RegleEnfreinte("le Réconfort est une règle du ton Raw")
        if self.en_rupture:
            raise RegleEnfreinte("en Rupture, il faut d'abord ramener le PJ à lui")
        if self.reconfort_recu:
            raise RegleEnfreinte("un seul Réconfort par PJ et par scène")
        return replace(self, reconfort_recu=True)._stress(-1)

    # --- temps qui passe ----------------------------------------------------

    def nouvelle_scene(self) -> Fiche:
        return replace(self, premiers_soins_recus=False, reconfort_recu=False, dangers_comptes=())

    def repos(self, duree: str) -> Fiche:
        """Le tableau « Récupérer » : pause (−1 Stress), scène (+1 Santé, −1 Stress),
        longue (+1 Santé, Stress à 0). Le repos fait perdre un Coup d'éclat non déclaré."""
        if duree not in DUREES_REPOS:
            raise JdrErreur(f"repos : attendu {', '.join(DUREES_REPOS)}")
        if self.en_rupture:
            raise RegleEnfreinte("en Rupture, il faut d'abord ramener le PJ à lui")
        fiche = self
        if duree in ("scene", "longue"):
            fiche = fiche._soigner(1).nouvelle_scene()
        delta = -STRESS_MAX if duree == "longue" else -1
        return fiche._stress(delta, repos=True)

    # --- sauvegarde ---------------------------------------------------------

    def en_json(self) -> dict[str, Any]:
        return {
            "version": 1,
            "nom": self.nom,
            "ton": self.ton.value,
            "sante": self.sante,
            "stress": self.stress,
            "blessures": [
                {"nom": b.nom, "palier": b.palier.value, "gene": list(b.gene), "durable": b.durable}
                for b in self.blessures
            ],
            "mode_rupture": self.mode_rupture,
            "premiers_soins_recus": self.premiers_soins_recus,
            "reconfort_recu": self.reconfort_recu,
            "soins_medicaux_faits": self.soins_medicaux_faits,
            "dangers_comptes": list(self.dangers_comptes),
        }

    @classmethod
    def depuis_json(cls, donnees: object) -> Fiche:
        """Relit une fiche sauvegardée ; toute incohérence lève :class:`JdrErreur`."""
        if not isinstance(donnees, Mapping) or donnees.get("version") != 1:
            raise JdrErreur("fiche illisible : format inconnu")
        try:
            ton = Ton(donnees["ton"])
            regles = REGLES[ton]
            blessures_brutes = donnees.get("blessures", [])
            if not isinstance(blessures_brutes, list) or len(blessures_brutes) > BLESSURES_MAX:
                raise JdrErreur("fiche illisible : blessures")
            blessures = tuple(
                Blessure(_texte("blessure", b["nom"]), Palier(b["palier"]), _genes(b.get("gene", [])),
                         _booleen("durable", b.get("durable", False)))
                for b in blessures_brutes
            )
            dangers = donnees.get("dangers_comptes", [])
            if not isinstance(dangers, list) or len(dangers) > 20:
                raise JdrErreur("fiche illisible : dangers")
            stress = entier_borne("Stress", donnees["stress"], 0, STRESS_MAX)
            mode = donnees.get("mode_rupture")
            if mode is not None and (mode not in MODES_RUPTURE or not (regles.rupture and stress == STRESS_MAX)):
                raise JdrErreur("fiche illisible : Rupture incohérente")
            fiche = cls(
                nom=_texte("nom", donnees["nom"]),
                ton=ton,
                sante=entier_borne("Santé", donnees["sante"], 0, regles.sante_max),
                stress=stress,
                blessures=blessures,
                mode_rupture=mode,
                premiers_soins_recus=_booleen("premiers soins", donnees.get("premiers_soins_recus", False)),
                reconfort_recu=_booleen("Réconfort", donnees.get("reconfort_recu", False)),
                soins_medicaux_faits=_booleen("soins médicaux", donnees.get("soins_medicaux_faits", False)),
                dangers_comptes=tuple(_texte("danger", d) for d in dangers),
            )
        except (KeyError, TypeError, AttributeError) as erreur:
            raise JdrErreur(f"fiche illisible : champ manquant ou mal formé ({erreur})") from None
        except ValueError as erreur:
            if isinstance(erreur, JdrErreur):
                raise
            raise JdrErreur(f"fiche illisible : {erreur}") from None
        for b in fiche.blessures:
            if not b.durable and fiche.sante > regles.haut_du_palier(b.palier):
                raise JdrErreur(f"fiche illisible : la blessure « {b.nom} » aurait dû disparaître")
        return fiche


def _genes(valeur: object) -> tuple[str, ...]:
    if isinstance(valeur, str):
        valeur = [v for v in valeur.split(",") if v.strip()]
    if not isinstance(valeur, (list, tuple)) or len(valeur) > GENES_MAX:
        raise JdrErreur(f"actions gênées : une liste de {GENES_MAX} actions au plus")
    return tuple(_texte("action gênée", v, 40).lower() for v in valeur)


def _booleen(nom: str, valeur: object) -> bool:
    if not isinstance(valeur, bool):
        raise JdrErreur(f"fiche illisible : {nom} doit valoir vrai ou faux")
    return valeur
