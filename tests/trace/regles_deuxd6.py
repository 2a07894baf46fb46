"""Trace règle par règle du 2D6 sous le seuil (source 003) : voir ``regles_troisd6.py``."""

from __future__ import annotations

J = "tests/test_deuxd6_jet.py"
S = "tests/test_deuxd6_scenes.py"
C = "tests/test_deuxd6_speciaux.py"
P = "tests/test_deuxd6_poursuite.py"
A = "tests/test_deuxd6_rattrapage.py"
IX = "deuxd6/index.md"
SC = "deuxd6/scenes.md"
PO = "deuxd6/poursuites.md"
CS = "deuxd6/cas-speciaux.md"

REGLES: tuple[tuple[int, str, str | None, str | None], ...] = (
    (2, "2d6-joueur-et-mj", f"{IX}#le-jet-de-2d6", None),
    (5, "jet-de-caracteristique", f"{IX}#un-jet-de-caracteristique-seule", f"{J}::TestCibles::test_jet_de_caracteristique_hypothese"),
    (7, "table-des-difficultes", f"{IX}#la-cible", f"{J}::TestModificateurs::test_noms"),
    (17, "jet-d-attribut", f"{IX}#la-cible", f"{J}::TestCibles::test_caracteristique_et_attribut"),
    (20, "cible-7-plus-niveau", f"{IX}#la-cible", f"{J}::TestCibles::test_competence"),
    (20, "egal-a-la-cible-reussit", f"{IX}#la-cible", f"{J}::TestJet::test_egalite_avec_la_cible_reussit"),
    (22, "sans-competence-formation-echec", f"{IX}#sans-la-competence", f"{J}::TestSansCompetence::test_echec_automatique_sans_de"),
    (23, "sans-competence-2-plus-carac", f"{IX}#sans-la-competence", f"{J}::TestSansCompetence::test_action_faisable"),
    (26, "competence-voisine-formation", f"{IX}#une-competence-voisine-regle-optionnelle", f"{J}::TestSansCompetence::test_formation_exigee"),
    (26, "competence-voisine-plafond-7", f"{IX}#une-competence-voisine-regle-optionnelle", f"{J}::TestSansCompetence::test_hache_et_epee"),
    (33, "reussite-critique-double", f"{IX}#critiques-maladresses-et-de-double", f"{J}::TestJet::test_critique"),
    (34, "maladresse-double", f"{IX}#critiques-maladresses-et-de-double", f"{J}::TestJet::test_maladresse"),
    (37, "de-double-dd", f"{IX}#critiques-maladresses-et-de-double", f"{J}::TestDistribution::test_distribution_dd"),
    (43, "scene-mineure-un-jet", f"{SC}#face-a-un-obstacle-passif", "docs/deuxd6/scenes.md::lucie-serrure"),
    (44, "mineure-critique-bat-simple", f"{SC}#face-a-un-adversaire-actif", f"{S}::TestComparer::test_deux_reussites"),
    (44, "mineure-deux-echecs", f"{SC}#face-a-un-adversaire-actif", f"{S}::TestComparer::test_deux_echecs"),
    (44, "mineure-egalite-parfaite", f"{SC}#face-a-un-adversaire-actif", f"{S}::TestOpposer::test_choix_du_mj"),
    (45, "mineure-pj-seul", f"{SC}#face-a-un-obstacle-passif", f"{S}::TestComparer::test_un_seul_reussit"),
    (51, "majeure-initiative", f"{SC}#qui-mene", f"{S}::TestScene::test_initiative"),
    (54, "attaquant-choisit-le-modificateur", f"{SC}#un-echange", f"{S}::TestEchange::test_modificateur_de_l_attaquant_pour_les_deux"),
    (56, "attaquant-reussit-defenseur-rate", f"{SC}#un-echange", f"{S}::TestEchange::test_quatre_issues"),
    (56, "manches-a-gagner", f"{SC}#un-echange", f"{S}::TestScene::test_manches"),
    (57, "deux-reussites-critique-moins-dd", f"{SC}#le-dd-dans-un-echange", f"{S}::TestEchange::test_critique_impose_le_dd"),
    (58, "attaquant-rate-defenseur-reussit", f"{SC}#un-echange", f"{S}::TestEchange::test_quatre_issues"),
    (59, "deux-echecs-maladresse-plus-dd", f"{SC}#le-dd-dans-un-echange", f"{S}::TestEchange::test_maladresse_donne_le_dd"),
    (63, "defenseur-ne-gagne-pas", f"{SC}#un-echange", f"{S}::TestScene::test_sans_vainqueur"),
    (65, "contre-attaque-moins-3", f"{SC}#la-contre-attaque", f"{S}::TestEchange::test_contre_attaque_reussie"),
    (65, "contre-attaque-ratee", f"{SC}#la-contre-attaque", f"{S}::TestEchange::test_contre_attaque_ratee"),
    (71, "trois-types-de-scenes", f"{SC}#un-echange", None),
    (76, "manoeuvre-virage-moins-2", f"{SC}#scenes-daction", None),
    (79, "exemple-philip-poursuite", f"{PO}#lexemple-philip-dans-les-rues-de-nice", f"{P}::TestPhilip::test_chiffres"),
    (84, "relation-deux-actifs", f"{SC}#scenes-de-relation", None),
    (85, "relation-un-actif-reussites", f"{SC}#scenes-de-relation", f"{S}::TestTache::test_josephine"),
    (86, "interrogatoire-vol-plus-int", f"{SC}#scenes-de-relation", "docs/deuxd6/scenes.md::inspecteur-maladresse"),
    (87, "relation-critique-bonus-dd", f"{SC}#scenes-de-relation", f"{S}::TestTache::test_le_critique_aide"),
    (87, "relation-echec-arrete", f"{SC}#scenes-de-relation", f"{S}::TestTache::test_arret_au_premier_echec"),
    (88, "rattrapage-optionnel", f"{SC}#se-rattraper-regle-optionnelle", f"{A}::TestRegle::test_jet_de_chance"),
    (89, "recommencer-maladresse-dd", f"{SC}#recommencer", f"{S}::TestTache::test_maladresse_et_reprise"),
    (91, "arguments", f"{SC}#les-arguments", f"{S}::TestTache::test_arguments_et_outils"),
    (93, "exemple-josephine", f"{SC}#scenes-de-relation", "docs/deuxd6/scenes.md::josephine-interview"),
    (96, "reflexion-deux-actifs", f"{SC}#scenes-de-reflexion", "docs/deuxd6/scenes.md::hugo-ines-echecs"),
    (97, "reflexion-un-actif", f"{SC}#scenes-de-reflexion", f"{S}::TestTache::test_philip_repare"),
    (99, "reflexion-maladresse-panne-accrue", f"{SC}#recommencer", f"{S}::TestTache::test_maladresse_et_reprise"),
    (101, "outils", f"{SC}#scenes-de-reflexion", f"{S}::TestTache::test_arguments_et_outils"),
    (103, "sabotage", f"{SC}#le-sabotage", f"{S}::TestSabotage::test_cas_du_texte"),
    (105, "exemple-philip-reparation", f"{SC}#la-reparation", "docs/deuxd6/scenes.md::philip-reparation"),
    (108, "duree-fixee-par-le-mj", f"{SC}#combien-de-temps", None),
    (113, "jets-caches", f"{IX}#jets-caches", f"{C}::TestJetCache::test_partage"),
    (116, "echelle-des-distances", f"{PO}#lechelle-de-distance", f"{P}::TestDistance::test_ordre"),
    (116, "au-dela-d-extreme", f"{PO}#lechelle-de-distance", f"{P}::TestRattraperFuir::test_fuir_au_dela"),
    (118, "rattraper-fuir", f"{PO}#les-manuvres", f"{P}::TestRattraperFuir::test_rattraper"),
    (119, "ecraser-foncer", f"{PO}#les-manuvres", f"{P}::TestEcraserFoncer::test_attaque"),
    (120, "forcer-bloquer", f"{PO}#les-manuvres", f"{P}::TestForcerBloquer::test_poursuivant_arrete_le_poursuivi"),
    (121, "embardees", f"{PO}#les-manuvres", f"{P}::TestEmbardees::test_effet_et_malus"),
    (122, "se-cacher", f"{PO}#les-manuvres", f"{P}::TestSeCacher::test_malus_selon_distance"),
    (123, "demi-tour", f"{PO}#les-manuvres", f"{P}::TestDemiTour::test_reussi"),
    (124, "stabiliser", f"{PO}#les-manuvres", f"{P}::TestStabiliser::test_main_perdue"),
    (125, "autre-manoeuvre", f"{PO}#les-manuvres", f"{P}::TestAutre::test_deux_crans"),
    (127, "renversement", f"{PO}#les-manuvres", f"{P}::TestRenversement::test_reussi"),
    (130, "assistance-meme-competence", f"{CS}#saider-une-tache-commune", f"{C}::TestAssistance::test_niveau_zero_ne_lance_pas"),
    (130, "assistance-meilleur-bonus", f"{CS}#saider-une-tache-commune", f"{C}::TestAssistance::test_combiner"),
    (132, "table-d-assistance", f"{CS}#saider-une-tache-commune", f"{C}::TestAssistance::test_table"),
    (138, "assistants-au-plus-le-niveau", f"{CS}#saider-une-tache-commune", f"{C}::TestAssistance::test_trop_d_assistants"),
    (138, "trop-d-assistants-desordre", f"{CS}#saider-une-tache-commune", f"{C}::TestAssistance::test_desordre_permet_le_surnombre"),
    (141, "fouille-bon-endroit", f"{CS}#agir-en-parallele-la-fouille", f"{C}::TestFouille::test_bon_endroit_connu"),
    (142, "fouille-tirage-au-sort", f"{CS}#agir-en-parallele-la-fouille", f"{C}::TestFouille::test_tirage_au_sort"),
    (142, "fouille-jet-de-chance", f"{CS}#agir-en-parallele-la-fouille", f"{A}::TestRegle::test_jet_de_chance"),
    (143, "refouiller-malus", f"{CS}#agir-en-parallele-la-fouille", f"{C}::TestFouille::test_malus"),
)
