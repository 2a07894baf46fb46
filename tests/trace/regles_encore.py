"""Trace règle par règle d'enCORE, Santé et Stress (source 002) : voir ``regles_troisd6.py``."""

from __future__ import annotations

E = "tests/test_encore.py"
R = "tests/test_encore_regles.py"
S = "tests/test_encore_suivi.py"
F = "tests/test_encore_francais.py"
SA = "encore/sante.md"
ST = "encore/stress.md"
DA = "encore/dangers.md"

REGLES: tuple[tuple[int, str, str | None, str | None], ...] = (
    (3, "deux-jauges", "encore/index.md#encore-sante-et-stress", None),
    (5, "sante-paliers-sans-malus-general", f"{SA}#sante-et-blessures", f"{E}::TestSante::test_paliers_des_deux_tons"),
    (6, "paliers-blockbuster", f"{SA}#sante-et-blessures", f"{E}::TestSante::test_paliers_des_deux_tons"),
    (6, "gravement-blesse-et-hors-de-combat", f"{SA}#sante-et-blessures", None),
    (7, "raw-sante-6-sans-remontee", f"{SA}#sante-et-blessures", f"{R}::TestFinDeConflit::test_raw_rien_ne_bouge"),
    (8, "paliers-raw", f"{SA}#sante-et-blessures", f"{E}::TestSante::test_paliers_des_deux_tons"),
    (10, "blessure-par-palier-franchi", f"{SA}#les-blessures", f"{E}::TestSante::test_trois_paliers_d_un_coup"),
    (10, "blessure-retire-un-de", f"{SA}#les-blessures", f"{F}::TestFiche::test_une_blessure"),
    (10, "malus-des-blessures-cumules", f"{SA}#les-blessures", f"{E}::TestSante::test_blessures_cumulees_sur_une_action"),
    (11, "blessure-disparait-au-dessus", f"{SA}#les-blessures", f"{E}::TestSante::test_blessure_disparait_au_dessus_de_son_palier"),
    (12, "blessure-durable", f"{SA}#les-blessures-durables", "docs/encore/sante.md::blessure-durable"),
    (12, "durable-guerison", f"{SA}#les-blessures-durables", f"{E}::TestSante::test_durable_pas_assez_de_repos"),
    (13, "exemple-gideon", f"{SA}#les-blessures", "docs/encore/sante.md::gideon"),
    (15, "fin-de-conflit-blockbuster", f"{SA}#regagner-de-la-sante", f"{R}::TestFinDeConflit::test_la_blessure_du_palier_zero_reste"),
    (15, "hors-de-combat-remonte-a-3", f"{SA}#regagner-de-la-sante", "docs/encore/sante.md::sante-hors-de-combat"),
    (16, "premiers-soins", f"{SA}#regagner-de-la-sante", f"{E}::test_premiers_soins_jet_int_graine"),
    (16, "equipement-plus-de-sante", f"{SA}#regagner-de-la-sante", None),
    (16, "soins-medicaux", f"{SA}#regagner-de-la-sante", f"{E}::TestSante::test_soins_medicaux_une_fois_entre_deux_conflits"),
    (18, "stress-depart-0", f"{ST}#le-stress", None),
    (20, "blockbuster-perte-de-sante", f"{ST}#ce-qui-le-fait-monter", f"{E}::TestStress::test_blockbuster_perte_de_sante"),
    (21, "evenements-blockbuster", f"{ST}#ce-qui-le-fait-monter", f"{R}::TestResisterObligatoire::test_blockbuster_sans_jet"),
    (27, "premiere-vision", f"{ST}#premiere-vision", f"{R}::TestPremiereVision::test_blockbuster_compte_la_valeur_du_scenario"),
    (28, "coup-d-eclat-a-6", f"{ST}#blockbuster-le-coup-declat", f"{E}::TestStress::test_coup_d_eclat_seulement_blockbuster"),
    (29, "coup-d-eclat-avant-le-jet", f"{ST}#blockbuster-le-coup-declat", f"{S}::TestCoupDEclat::test_lanceur_refuse_sous_six"),
    (30, "coup-d-eclat-plus-3d6", "encore/reserve.md#le-coup-declat-blockbuster", f"{F}::TestJet::test_coup_d_eclat"),
    (31, "coup-d-eclat-ne-rate-pas", "encore/reserve.md#le-coup-declat-blockbuster", f"{E}::TestReserve::test_coup_d_eclat_ne_rate_jamais"),
    (32, "coup-d-eclat-devastatrice", f"{ST}#blockbuster-le-coup-declat", None),
    (33, "coup-d-eclat-stress-a-3", f"{ST}#blockbuster-le-coup-declat", f"{S}::TestCoupDEclat::test_fiche_a_six_declare_et_redescend"),
    (34, "stress-fige-sauf-repos", f"{ST}#blockbuster-le-coup-declat", f"{E}::TestStress::test_fige_sauf_repos"),
    (35, "exemple-lucrece", f"{ST}#blockbuster-le-coup-declat", "docs/encore/stress.md::lucrece"),
    (38, "descendre-blockbuster", f"{ST}#blockbuster-le-coup-declat", "docs/encore/dangers.md::recuperer"),
    (41, "raw-perte-de-sante-sans-stress", f"{ST}#ce-qui-le-fait-monter", f"{E}::TestStress::test_raw_perte_de_sante_sans_stress"),
    (41, "raw-evenements-1-2-3", f"{ST}#ce-qui-le-fait-monter", f"{R}::TestResisterObligatoire::test_rate_compte_en_entier"),
    (41, "raw-relance-plus-1", f"{ST}#ce-qui-le-fait-monter", "docs/encore/stress.md::raw-reconfort"),
    (41, "raw-malus-4-5", f"{ST}#ce-qui-le-fait-monter", "docs/encore/stress.md::raw-resister"),
    (43, "resister-obligatoire", f"{ST}#resister", f"{R}::TestResisterObligatoire::test_evenement_sans_jet_refuse_en_raw"),
    (43, "resister-sans-malus-ni-relance", f"{ST}#resister", f"{R}::TestResistanceSansMalus::test_jet_ordinaire_refuse_a_4_de_stress"),
    (44, "resister-reussite-retire-1", f"{ST}#resister", "docs/encore/stress.md::raw-resister"),
    (45, "pas-de-resistance-cout-ou-danger", f"{ST}#resister",
     f"{R}::TestResisterObligatoire::test_sans_jet_pour_un_cout_ou_un_danger"),
    (47, "rupture-a-6", f"{ST}#la-rupture", "docs/encore/stress.md::raw-rupture"),
    (47, "ramener-cha-standard", f"{ST}#la-rupture", f"{F}::TestSuivi::test_ramener"),
    (49, "reconfort", f"{ST}#le-reconfort", "docs/encore/stress.md::raw-reconfort"),
    (49, "reconfort-apres-ramener", f"{ST}#le-reconfort", f"{E}::TestStress::test_repos_comme_d_habitude_en_rupture"),
    (50, "raw-pause-et-repos-comme-d-habitude", f"{ST}#la-rupture",
     f"{E}::TestStress::test_repos_comme_d_habitude_en_rupture"),
    (52, "danger-pas-un-adversaire", f"{DA}#les-dangers", None),
    (53, "danger-jet-pour-eviter", f"{DA}#les-dangers", f"{F}::TestDanger::test_reussite"),
    (54, "danger-echec-sans-armure", f"{DA}#les-dangers", f"{F}::TestDanger::test_echec_sante_et_stress"),
    (55, "danger-partielle", f"{DA}#les-dangers", f"{E}::TestDangers::test_partielle_evite"),
    (56, "danger-stress-une-fois", f"{DA}#les-dangers", f"{E}::TestStress::test_danger_compte_une_fois"),
    (57, "poison-maladie-durable", f"{DA}#les-dangers", None),
    (58, "table-des-dangers", f"{DA}#les-dangers", f"{E}::TestDangers::test_table"),
    (64, "exemple-incendie", f"{DA}#les-dangers", "docs/encore/dangers.md::danger-incendie"),
    (71, "recuperer-selon-la-duree", f"{DA}#recuperer", "docs/encore/dangers.md::recuperer"),
    (74, "pause-sure", f"{DA}#recuperer", "docs/encore/dangers.md::recuperer"),
    (75, "scene-de-repos", f"{DA}#recuperer", "docs/encore/dangers.md::recuperer"),
    (76, "nuit-en-securite", f"{DA}#recuperer", "docs/encore/dangers.md::recuperer"),
)
