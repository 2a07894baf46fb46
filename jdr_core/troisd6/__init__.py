"""Le système 3D6 à comptage de succès : tests, oppositions, combat et énergie."""

from .combat import (
    Action,
    Activation,
    Attaque,
    Combattant,
    DegatsContinus,
    Milieu,
    Nature,
    aider,
    attaquer,
    gener,
    ordre_initiative,
    se_defendre,
    se_deplacer,
)
from .energie import Etat, Vitalite, etat_pour, pe_de_depart
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

__all__ = [
    "Action", "Activation", "Attaque", "Combattant", "Critique", "DegatsContinus", "Egalite",
    "Etat", "JetTest", "Milieu", "Mode", "Nature", "Poursuite", "RegleCritique", "TacheLongue",
    "Vitalite", "action_de_groupe", "aider", "attaquer", "chance_de_reussite",
    "distribution_opposition", "distribution_test", "etat_pour", "gener", "nombre_de_des",
    "opposer", "ordre_initiative", "pe_de_depart", "se_defendre", "se_deplacer", "tester",
]
