"""Trace règle par règle du D10 + carac + compétence (source 004) : voir ``regles_troisd6.py``."""

from __future__ import annotations

R = "tests/test_d10_regles.py"
A = "tests/test_d10_action.py"
C = "tests/test_d10_combat.py"
B = "tests/test_d10_blessures.py"
AC = "d10/action.md"
CO = "d10/combat.md"
BL = "d10/blessures.md"

REGLES: tuple[tuple[int, str, str | None, str | None] | tuple[int, str, str | None, str | None, str], ...] = (
    (1, "six-caracteristiques", f"{AC}#les-caracteristiques", f"{R}::TestCaracteristiques::test_familles"),
    (5, "valeurs-humaines-1-10", f"{AC}#les-caracteristiques", f"{A}::TestAction::test_refus"),
    (7, "annees-de-pratique", f"{AC}#les-competences-et-les-annees-de-pratique", f"{R}::TestAnnees::test_table_du_texte"),
    (7, "pratique-intensive-divise", f"{AC}#les-competences-et-les-annees-de-pratique", f"{R}::TestAnnees::test_diviseurs",
     "« se choisit à la création » ajouté à la source : retiré"),
    (19, "d10-stat-comp-contre-5-dv", f"{AC}#la-difficulte", f"{A}::TestAction::test_phrase"),
    (20, "dix-ajoute-un-d10", f"{AC}#le-de-ouvert", f"{A}::TestDeOuvert::test_dix_ajoute"),
    (20, "plafond-10-plus-comp", f"{AC}#le-de-ouvert", f"{A}::TestDeOuvert::test_plafond"),
    (21, "un-retranche-un-d10", f"{AC}#le-de-ouvert", f"{A}::TestDeOuvert::test_un_retranche"),
    (21, "plancher-comp-moins-10", f"{AC}#le-de-ouvert", f"{A}::TestDeOuvert::test_plancher"),
    (22, "dv-plus-0", f"{AC}#contre-un-autre-personnage", f"{R}::TestDifficulte::test_cas"),
    (23, "dv-plus-5", f"{AC}#contre-un-autre-personnage", f"{R}::TestDifficulte::test_cas"),
    (24, "dv-moins-5", f"{AC}#contre-un-autre-personnage", f"{R}::TestDifficulte::test_cas"),
    (25, "dv-perso-contre-perso", f"{AC}#contre-un-autre-personnage", f"{R}::TestDifficulte::test_opposee"),
    (26, "bandes-environnement", f"{AC}#contre-lenvironnement", f"{R}::TestDifficulte::test_bandes"),
    (32, "reussite-automatique", f"{AC}#la-reussite-automatique", f"{A}::TestAction::test_automatique"),
    (33, "marge-plafonnee-comp", f"{AC}#la-marge", f"{A}::TestMarge::test_cas"),
    (35, "initiative-1d10-agi", f"{CO}#linitiative", f"{C}::TestInitiative::test_de_ordinaire_ou_ouvert",
     "« dé ordinaire, pas le dé ouvert » affirmé sans encadré : Hypothèse et paramètre (ouvert) ajoutés"),
    (35, "initiative-egalites-agi-puis-de", f"{CO}#linitiative", f"{C}::TestInitiative::test_de_departage"),
    (36, "attaque-au-contact", f"{CO}#lattaque-au-contact", f"{C}::TestDifficultes::test_melee",
     "nom rétabli (Attaque CàC)"),
    (37, "attaque-a-distance", f"{CO}#lattaque-a-distance", f"{C}::TestDifficultes::test_distance",
     "noms rétablis (Attaque tir, arme de poing standard)"),
    (39, "x-egal-distance-jusqu-a-5-m", f"{CO}#lattaque-a-distance", f"{C}::TestDifficultes::test_distance_croissante"),
    (40, "plus-1-par-10-m", f"{CO}#lattaque-a-distance", f"{C}::TestDifficultes::test_distance_croissante"),
    (41, "couverts-resistance", f"{CO}#les-couverts", f"{C}::TestDegats::test_couverts",
     "nom rétabli : couvert lourd (mur, porte en métal)"),
    (47, "formule-des-degats", f"{CO}#les-degats", f"{C}::TestDegats::test_calcul"),
    (48, "bande-eraflure", f"{BL}#la-gravite-dun-coup", f"{B}::TestBandes::test_limites"),
    (49, "bandes-et-malus", f"{BL}#la-gravite-dun-coup", f"{B}::TestBandes::test_malus"),
    (52, "seize-et-plus-mort", f"{BL}#la-gravite-dun-coup", f"{B}::TestCascade::test_mort_directe"),
    (53, "deux-legeres-une-grave", f"{BL}#les-blessures-sadditionnent", f"{B}::TestCascade::test_legeres"),
    (54, "deux-graves-une-critique", f"{BL}#les-blessures-sadditionnent", f"{B}::TestCascade::test_cascade_complete"),
    (55, "deux-critiques-mort", f"{BL}#les-blessures-sadditionnent", f"{B}::TestCascade::test_cascade_complete"),
    (49, "malus-des-blessures", f"{BL}#le-malus-des-blessures", f"{B}::TestMalus::test_cumul"),
    (56, "jet-de-ko", f"{BL}#le-jet-de-ko", f"{B}::TestKO::test_jet"),
    (56, "ko-reussite-auto-sous-la-stat", f"{BL}#le-jet-de-ko", f"{B}::TestKO::test_automatique"),
    (57, "mort-ko-et-jet-de-con", f"{BL}#la-mort-et-les-jets-de-survie", f"{B}::TestEncaisser::test_mort"),
    (58, "survie-un-jet-par-jour", f"{BL}#la-mort-et-les-jets-de-survie", f"{B}::TestSurvie::test_suite"),
)
