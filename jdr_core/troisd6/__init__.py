"""Le système 3D6 à comptage de succès : tests, oppositions, combat, énergie et véhicules.

Les noms sont chargés à la demande (PEP 562) : ``from jdr_core.troisd6 import tester``
n'importe que le module du test, ce qui compte dans le navigateur, où chaque module
importé coûte au premier clic.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

_OU: dict[str, str] = {
    **dict.fromkeys(
        ["Action", "Activation", "Attaque", "Combattant", "DegatsContinus", "Milieu", "Nature", "aider",
         "annoncer_ordre", "attaquer", "gener", "ordre_initiative", "se_defendre", "se_deplacer"], "combat"),
    **dict.fromkeys(["Etat", "Usage", "Vitalite", "etat_pour", "pe_de_depart"], "energie"),
    **dict.fromkeys(["Vehicule"], "vehicule"),
    **dict.fromkeys(
        ["Egalite", "Mode", "Poursuite", "TacheLongue", "action_de_groupe", "distribution_opposition", "opposer"],
        "opposition"),
    **dict.fromkeys(
        ["Critique", "JetTest", "RegleCritique", "chance_de_reussite", "distribution_test", "nombre_de_des",
         "tester"], "test"),
}
__all__ = sorted(_OU)


def __getattr__(nom: str) -> Any:
    if nom in _OU:
        valeur = getattr(importlib.import_module(f"{__name__}.{_OU[nom]}"), nom)
        globals()[nom] = valeur
        return valeur
    raise AttributeError(f"module {__name__!r} has no attribute {nom!r}")


def __dir__() -> list[str]:
    return [*globals(), *__all__]


if TYPE_CHECKING:
    from .combat import (
        Action,
        Activation,
        Attaque,
        Combattant,
        DegatsContinus,
        Milieu,
        Nature,
        aider,
        annoncer_ordre,
        attaquer,
        gener,
        ordre_initiative,
        se_defendre,
        se_deplacer,
    )
    from .energie import Etat, Usage, Vitalite, etat_pour, pe_de_depart
    from .opposition import (
        Egalite,
        Mode,
        Poursuite,
        TacheLongue,
        action_de_groupe,
        distribution_opposition,
        opposer,
    )
    from .test import (
        Critique,
        JetTest,
        RegleCritique,
        chance_de_reussite,
        distribution_test,
        nombre_de_des,
        tester,
    )
    from .vehicule import Vehicule
