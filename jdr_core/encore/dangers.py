"""Les dangers et la récupération d'enCORE : deux tables de données et leur résolution.

Un danger ne riposte pas : le PJ tente de l'éviter. Sur un échec, il subit les dégâts
(sans réduction d'armure) et le Stress du danger, une seule fois par scène ; une
réussite partielle l'évite au prix d'une complication.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from ..des import SourceDes
from ..erreurs import JdrErreur
from ..francais import en_minuscule, signe
from .fiche import Fiche
from .reserve import HYPOTHESE, Difficulte, Hypothese, Issue, JetReserve, lancer_reserve
from .ton import Evenement


@dataclass(frozen=True)
class Danger:
    cle: str
    nom: str
    attributs: tuple[str, ...]
    difficulte: Difficulte
    degats: int
    gravite: str
    stress: Evenement | None
    #: Pour un danger qui frappe à répétition : « chaque tour », « chaque heure ».
    rythme: str | None = None

    @property
    def intitule(self) -> str:
        """Le nom de la table, tel que l'écrit le livre : « Incendie, par tour »."""
        return f"{self.nom}, par {self.rythme.removeprefix('chaque ')}" if self.rythme else self.nom


DANGERS: Final[tuple[Danger, ...]] = (
    Danger("chute-courte", "Chute de quelques mètres", ("DEX",), Difficulte.STANDARD, 1, "Légère", None),
    Danger("chute-etage", "Chute d'un étage", ("DEX",), Difficulte.STANDARD, 2, "Moyenne", None),
    Danger("chute-haute", "Chute de plusieurs étages", ("DEX",), Difficulte.DIFFICILE, 4, "Très lourde",
           Evenement.CHOC),
    Danger("brulure", "Brûlure", ("DEX",), Difficulte.STANDARD, 1, "Légère", None),
    Danger("incendie", "Incendie", ("CON",), Difficulte.DIFFICILE, 3, "Lourde", Evenement.CHOC, "chaque tour"),
    Danger("noyade", "Noyade ou asphyxie", ("CON",), Difficulte.STANDARD, 2, "Moyenne",
           Evenement.CHOC, "chaque tour"),
    Danger("froid", "Froid extrême", ("CON",), Difficulte.STANDARD, 1, "Légère", None, "chaque heure"),
    Danger("poison", "Poison", ("CON",), Difficulte.STANDARD, 2, "Moyenne", None),
    Danger("piege-leger", "Piège léger", ("PER", "DEX"), Difficulte.STANDARD, 2, "Moyenne", None),
    Danger("piege-mortel", "Piège mortel", ("PER", "DEX"), Difficulte.DIFFICILE, 4, "Très lourde",
           Evenement.CHOC),
)
PAR_CLE: Final[dict[str, Danger]] = {d.cle: d for d in DANGERS}

#: Le tableau « Récupérer » : durée → (effet sur la Santé, effet sur le Stress).
RECUPERATION: Final[dict[str, tuple[str, str, str]]] = {
    "pause": ("Pause : quelques minutes vraiment à l'abri", "sans effet", "−1 (pause sûre)"),
    "scene": ("Scène : une ou deux heures à travailler ou à se reposer",
              "+1 au repos, ou soins médicaux (un seul passage entre deux conflits)", "−1"),
    "longue": ("Longue : une nuit à l'abri, à l'atelier ou au ravitaillement",
               "+1 au repos, ou soins médicaux", "remis à 0"),
}


def danger(cle: object) -> Danger:
    if not isinstance(cle, str) or cle not in PAR_CLE:
        raise JdrErreur(f"Danger inconnu : « {str(cle)[:40]} ». Choisissez un danger de la table.")
    return PAR_CLE[cle]


@dataclass(frozen=True)
class Exposition:
    """Un PJ face à un danger : le jet, l'issue et la fiche après coup."""

    danger: Danger
    jet: JetReserve
    avant: Fiche
    apres: Fiche

    @property
    def evite(self) -> bool:
        return self.jet.issue is not Issue.ECHEC

    def __str__(self) -> str:
        qui, quoi = self.avant.nom, en_minuscule(self.danger.nom)
        if self.jet.issue is Issue.REUSSITE:
            return f"{qui} évite le danger ({quoi})."
        if self.jet.issue is Issue.PARTIELLE:
            return f"{qui} évite le danger ({quoi}), mais une complication surgit."
        perte = self.avant.sante - self.apres.sante
        stress = self.apres.stress - self.avant.stress
        effets = [f"{signe(-perte)} Santé"] if perte else []
        effets += [f"{signe(stress)} Stress"] if stress else []
        return f"{qui} subit le danger ({quoi}) : {', '.join(effets) or 'rien de plus ne change'}."


def affronter(
    fiche: Fiche,
    d: Danger,
    attribut: int,
    *,
    des: SourceDes,
    bonus: int = 0,
    malus: int = 0,
    blessures: Sequence[tuple[str, Sequence[str]]] = (),
    hypothese: Hypothese = HYPOTHESE,
) -> Exposition:
    """Le PJ tente d'éviter le danger. Sur un échec, ``blessures`` nomme une blessure
    par palier franchi (voir :meth:`Fiche.paliers_franchis`).

    >>> from jdr_core.des import DesScriptes
    >>> from jdr_core.encore.ton import Ton
    >>> f = Fiche.nouvelle("Lucrèce", Ton.BLOCKBUSTER)
    >>> e = affronter(f, PAR_CLE["chute-haute"], 3, des=DesScriptes([1, 2, 3]),
    ...               blessures=[("côtes fêlées", ("la course",))])
    >>> print(e)
    Lucrèce subit le danger (chute de plusieurs étages) : −4 Santé, +2 Stress.
    """
    jet = lancer_reserve(attribut, des=des, bonus=bonus, malus=malus, difficulte=d.difficulte,
                         hypothese=hypothese)
    apres = fiche
    if jet.issue is Issue.ECHEC:
        apres = fiche.subir(d.degats, blessures)  # sans réduction d'armure
        if d.stress is not None:
            apres = apres.evenement(d.stress, danger=d.cle)
    return Exposition(d, jet, fiche, apres)
