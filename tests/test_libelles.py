"""Chaque case à cocher d'un formulaire (lanceurs et suivis) se lit comme une phrase qu'un
joueur coche si elle est vraie : « Le soigneur a une trousse de premiers soins », pas
« trousse ». Le critère, appliqué à tous les champs déclarés :

* hors parenthèses (une précision : « (hypothèse) », « (Blockbuster) »), le libellé commence
  par une capitale et a au moins quatre mots ;
* il a un verbe conjugué (ou, pour une consigne, un infinitif en tête) : un mot de la liste
  :data:`VERBES`, les formes employées aujourd'hui. Un libellé qui en emploie un autre l'y
  ajoute : la liste dit, en une ligne, que ce mot est bien un verbe.
"""

from __future__ import annotations

import re

import pytest

from jdr_core import registre
from jdr_core.mecanique import OuiNon

#: Les formes verbales des libellés de case (présent, passé composé par son auxiliaire).
VERBES = frozenset([
    "a", "ont", "est", "sont", "demande", "donne", "garde", "laisse", "surprend", "contre-attaque", "décide",
    "réussit", "appelle", "prend", "empêche", "tente", "déclare", "s'applique", "bouge", "déroule", "compte",
    "renonce",
])


def _cases() -> list[tuple[str, str]]:
    """(où, libellé) de chaque case déclarée : paramètres oui/non des lanceurs, champs
    oui/non des opérations de suivi."""
    cases: list[tuple[str, str]] = []
    for systeme in registre.systemes():
        for meca in systeme.mecaniques:
            cases += [(f"{meca.nom}.{p.nom}", p.libelle) for p in meca.parametres if isinstance(p, OuiNon)]
        for suivi in systeme.suivis:
            for nom, operation in suivi.operations.items():
                cases += [(f"{systeme.nom}.{suivi.nom}.{nom}.{c.cle}", c.libelle)
                          for c in operation.champs if c.genre == "oui_non"]
    return cases


def refus(libelle: str) -> str | None:
    """Pourquoi ce libellé de case n'est pas une phrase claire, ou ``None``."""
    sans_precision = re.sub(r"\([^)]*\)", " ", libelle)
    mots = re.findall(r"[\w'’-]+", sans_precision)
    if not mots or not mots[0][:1].isupper():
        return "commence sans capitale"
    if len(mots) < 4:
        return f"{len(mots)} mot(s) : une phrase en demande au moins quatre"
    bas = sans_precision.lower()
    verbes = [v for v in VERBES if re.search(rf"(?<![\w'-]){re.escape(v)}(?![\w'-])", bas)]
    if not verbes:
        return "pas de verbe conjugué (liste VERBES)"
    return None


CASES = _cases()


def test_il_y_a_des_cases() -> None:
    # Un parcours vide passerait toujours : les deux sortes de champs y sont.
    assert len(CASES) > 20
    assert any(".fiche." in ou for ou, _ in CASES) and any(ou.startswith("2d6-") for ou, _ in CASES)


@pytest.mark.parametrize(("ou", "libelle"), CASES, ids=[ou for ou, _ in CASES])
def test_case_en_phrase(ou: str, libelle: str) -> None:
    assert refus(libelle) is None, f"{ou} : « {libelle} » {refus(libelle)}"


@pytest.mark.parametrize("libelle", [
    # Les libellés d'avant ce test : chacun est refusé.
    "trousse", "la fiction l'empêche", "Résister", "soins médicaux", "Premiers soins réussis",
    "Coup préparé (avantage)", "Dégâts automatiques (ignorent la protection)", "Coup d'éclat (Blockbuster)",
    "Poursuite aérienne", "Plafond de 7 avant la difficulté (hypothèse)",
    "Au contact, sans compétence d'arme ou sans Esquive : ±5, comme pour toute action opposée (hypothèse)",
])
def test_le_critere_voit_les_libelles_fautifs(libelle: str) -> None:
    assert refus(libelle) is not None


def test_la_page_affiche_les_libelles_declares() -> None:
    """La fiche enCORE prend ses libellés de case dans ses bornes (rendues par le cœur) : aucun
    n'est recopié dans son script."""
    from pathlib import Path

    from jdr_core.encore.suivi import BORNES

    vues = Path(__file__).parent.parent / "site_plugins/assets/table/suivi/vues"
    script = (vues / "encore.js").read_text(encoding="utf-8")
    for cle, libelle in BORNES["cases"].items():
        assert f"bornes.cases.{cle}" in script and libelle not in script
    assert script.count("case_a_cocher()") == len(BORNES["cases"])
