// La vue de la fiche enCORE (Santé, blessures, Stress, repos). Les règles restent dans
// jdr_core.encore.suivi : chaque bouton envoie une opération, la fiche réaffiche la vue rendue.
// Les jets que la fiche lance (premiers soins, résistance en Raw, ramener à la raison) ont leurs
// chances à côté, tenues à jour avec leurs réglages par la question « chances » (commun.js).
import { bouton, case_a_cocher, champ, el, liste, nombre, texte } from "../../../commun/dom.js";
import { jetsAvecChances, memoire } from "./commun.js";

function jauge(classe, valeur, maximum, couleur, nom) {
  const j = el("div", `jdr-jauge ${classe}`);
  j.setAttribute("role", "meter");
  j.setAttribute("aria-label", nom);  // une jauge sans nom n'est qu'un nombre pour un lecteur d'écran
  j.setAttribute("aria-valuemin", "0");
  j.setAttribute("aria-valuemax", String(maximum));
  j.setAttribute("aria-valuenow", String(valeur));
  for (let i = 1; i <= maximum; i++) {
    const c = el("span", "jdr-case");
    if (i <= valeur) c.classList.add("jdr-case--pleine");
    if (couleur) c.dataset.palier = couleur(i);
    j.append(c);
  }
  return j;
}

export function creation(suivi) {
  const nom = texte("", suivi.bornes.nom_max, "Nom du personnage");
  const ton = liste(suivi.bornes.tons);
  // Le genre grammatical, facultatif : les phrases qui parlent du personnage s'accordent avec
  // lui ; non précisé, elles prennent une tournure sans accord (jamais deviné d'après le nom).
  const accord = liste(suivi.bornes.accords);
  const form = el("div", "jdr-fiche-creation");
  form.append(champ("Nom", nom), champ("Ton", ton), champ("Accord (facultatif)", accord),
    bouton("Créer la fiche", () => suivi.operer({ op: "creer", nom: nom.value, ton: ton.value, accord: accord.value })));
  return form;
}

// Le cœur d'enCORE sait renommer une fiche (op « renommer ») : le groupe propose de le faire.
export const renommable = true;
// Une fiche de personnage : une vue de jeu et une vue d'édition (rendu.js, choixDeVue).
export const vues = true;

// Des dégâts qui franchissent un palier : nommer chaque blessure avant de les appliquer.
// Une seule demande à la fois : vingt clics sur « Encaisser » laissent une seule liste à remplir.
export function demande(suivi, op, demandeRecue, message) {
  for (const ancienne of suivi.corps.querySelectorAll(".jdr-fiche-blessures-a-nommer")) ancienne.remove();
  // jdr-fiche-demande : un rafraîchissement venu d'un autre onglet remet ce bloc en place, saisie comprise.
  const bloc = el("fieldset", "jdr-fiche-blessures-a-nommer jdr-fiche-demande");
  bloc.append(el("legend", null, message));
  const lignes = demandeRecue.paliers.map((palier, i) => {
    const nom = texte("", suivi.bornes.nom_max, "cheville foulée, brûlure…");
    const gene = texte("", suivi.bornes.gene_max, "course, tir…");
    const ligne = el("div", "jdr-ligne");
    ligne.append(champ(`Blessure ${i + 1} (palier ${palier})`, nom), champ("Actions gênées", gene));
    bloc.append(ligne);
    return { nom, gene };
  });
  bloc.append(bouton("Appliquer les dégâts", () => suivi.operer({
    ...op, blessures: lignes.map((l) => ({ nom: l.nom.value, gene: l.gene.value })),
  })), bouton("Renoncer à ces dégâts", () => {
    suivi.jetonDemande = null;
    suivi.afficher();
  }));
  suivi.corps.querySelector(".jdr-fiche-sante").after(bloc);
  lignes[0].nom.focus();
  suivi.dire(message);
}

// Les réglages des jets de la fiche, gardés d'un rendu à l'autre dans l'onglet.
function reglagesDesJets(suivi) {
  const a = String(suivi.bornes.defauts.attribut);
  return memoire(suivi, "jetsEncore", { int: a, trousse: false, con: a, cha: a });
}

// Un groupe de jets de la fiche (`genre` : premiers_soins, evenement, ramener) : la ligne de ses
// réglages [libellé du champ, nom dans la légende, entrée], la légende, puis ses boutons et leurs
// chances ; `operation(jet)` : l'opération d'un bouton, réglages compris.
function groupeDeJets(suivi, v, genre, reglages, { lire, operation, options }) {
  const ligne = el("div", "jdr-ligne jdr-fiche-reglages");
  ligne.append(...reglages.map(([libelle, , entree]) => champ(libelle, entree)));
  const { ul, legende } = jetsAvecChances(suivi, v.jets.filter((j) => j.jet === genre), {
    libelle: (j) => j.libelle, operation, cle: (j) => `${j.jet}|${j.evenement}`, liste: "jets",
    reglages: reglages.map(([, nom, entree]) => [nom, entree]), lire, m: reglagesDesJets(suivi), options,
  });
  return [ligne, legende, ul];
}

function sectionSante(suivi, v) {
  const bornes = suivi.bornes;
  const m = reglagesDesJets(suivi);
  const sante = el("section", "jdr-fiche-sante");
  // L'identifiant du palier (« gravement_blesse ») pour la feuille de style, son libellé pour le texte.
  const palierDe = (i) => v.paliers.find((p) => p.bas <= i && i <= p.haut).cle;
  sante.append(el("h4", null, `Santé ${v.sante}/${v.sante_max} : ${v.palier_texte}`),
    jauge("jdr-jauge-sante", v.sante, v.sante_max, palierDe, "Santé"));
  const degats = nombre(bornes.defauts.degats, 0, bornes.degats_max);
  const fiction = case_a_cocher();
  const trousse = case_a_cocher();
  trousse.checked = m.trousse;
  const intel = nombre(m.int, 0, bornes.attribut_max);
  const actions = el("div", "jdr-actions-fiche");
  actions.append(champ("Dégâts", degats),
    bouton("Encaisser", () => suivi.operer({ op: "subir", degats: degats.value })),
    // Les dés lancés à la table : le joueur dit seulement l'issue.
    bouton("Premiers soins réussis", () => suivi.operer({ op: "premiers_soins", reussi: true }),
      { desactive: v.premiers_soins_recus, titre: "INT Standard ; une fois par blessé et par scène" }),
    bouton("Premiers soins ratés", () => suivi.operer({ op: "premiers_soins", reussi: false }),
      { desactive: v.premiers_soins_recus }));
  // Ou la fiche lance l'INT du soigneur, une trousse ajoutant son dé.
  const lire = () => ({ int: intel.value, trousse: trousse.checked });
  const soins = groupeDeJets(suivi, v, "premiers_soins", [["INT", "INT", intel], [bornes.cases.trousse, "trousse", trousse]], {
    lire, operation: () => ({ op: "premiers_soins", ...lire() }),
    options: () => ({ desactive: v.premiers_soins_recus, titre: "INT Standard ; une trousse ajoute son dé" }),
  });
  const apres = el("div", "jdr-actions-fiche");
  apres.append(bouton("Soins médicaux", () => suivi.operer({ op: "soins_medicaux" }),
    { desactive: v.soins_medicaux_faits, titre: "Santé au maximum, une fois entre deux conflits" }),
    bouton("Fin de conflit", () => suivi.operer({ op: "fin_de_conflit", fiction_empeche: fiction.checked })),
    champ(bornes.cases.fiction_empeche, fiction));
  sante.append(actions, ...soins, apres);

  const blessures = el("ul", "jdr-blessures");
  for (const blessure of v.blessures) {
    const li = el("li", blessure.durable ? "jdr-blessure jdr-blessure--durable" : "jdr-blessure",
      `${blessure.nom} (palier ${blessure.palier_texte}) : ${blessure.effet}${blessure.durable ? ", durable" : ""} `);
    if (blessure.durable) {
      // Le champ part de la durée que les règles donnent (bornes.jours_guerison).
      const jours = nombre(bornes.jours_guerison, 0, bornes.jours_max);
      li.append(champ("jours de repos", jours),
        bouton("Guérir (soins médicaux)", () => suivi.operer({
          op: "guerir_durable", blessure: blessure.nom, soins: true, jours: jours.value,
        })));
    } else {
      li.append(bouton("Rendre durable", () => suivi.operer({ op: "rendre_durable", blessure: blessure.nom })));
    }
    blessures.append(li);
  }
  if (!v.blessures.length) blessures.append(el("li", null, "Aucune blessure."));
  sante.append(el("h5", null, "Blessures"), blessures);
  return sante;
}

function sectionStress(suivi, v) {
  const bornes = suivi.bornes;
  const stress = el("section", "jdr-fiche-stress");
  let titre = `Stress ${v.stress}/${v.stress_max}`;
  if (v.coup_d_eclat_pret) titre += " : Coup d'éclat prêt !";
  if (v.en_rupture) titre += ` : Rupture${v.mode_rupture ? ` (${v.mode_rupture})` : ""} !`;
  if (v.malus_stress) titre += ` : ${v.malus_stress_texte}`;
  stress.append(el("h4", null, titre), jauge("jdr-jauge-stress", v.stress, v.stress_max, null, "Stress"));
  const m = reglagesDesJets(suivi);
  // En Raw, tout événement marquant se subit avec un jet de CON Standard : ses boutons lancent les
  // dés, leurs chances à côté ; en Blockbuster, ils ajoutent le Stress, sans jet.
  const evts = [];
  if (v.regles.rupture) {
    const con = nombre(m.con, 0, bornes.attribut_max);
    const lire = () => ({ con: con.value });
    evts.push(...groupeDeJets(suivi, v, "evenement", [["CON", "CON", con]], {
      lire, operation: (j) => ({ op: "evenement", evenement: j.evenement, resister: true, ...lire() }),
    }));
  } else {
    const ligne = el("div", "jdr-actions-fiche");
    for (const e of v.evenements) {
      ligne.append(bouton(e.libelle, () => suivi.operer({ op: "evenement", evenement: e.evenement })));
    }
    evts.push(ligne);
  }
  const autres = el("div", "jdr-actions-fiche");
  // Le coût d'une relance dépend du ton : le cœur donne le libellé, coût compris.
  autres.append(bouton(v.relance, () => suivi.operer({ op: "relance" })));
  if (v.regles.coup_d_eclat) {
    autres.append(bouton("Déclarer le Coup d'éclat", () => suivi.operer({ op: "coup_d_eclat" }),
      { desactive: !v.coup_d_eclat_pret }));
  }
  const rupture = [];
  if (v.regles.rupture) {
    autres.append(bouton(v.reconfort, () => suivi.operer({ op: "reconfort" }),
      { desactive: v.reconfort_recu || v.en_rupture }));
    if (v.en_rupture) {
      const mode = liste(bornes.modes_rupture.map((mr) => [mr, mr]));
      autres.append(champ("Rupture", mode), bouton("Choisir", () => suivi.operer({ op: "rupture", mode: mode.value })));
      // Un allié tente de ramener le personnage : le CHA de l'allié, pas celui du personnage.
      const cha = nombre(m.cha, 0, bornes.attribut_max);
      const lire = () => ({ cha: cha.value });
      rupture.push(...groupeDeJets(suivi, v, "ramener", [["CHA de l'allié", "CHA de l'allié", cha]], {
        lire, operation: () => ({ op: "ramener", ...lire() }),
      }));
    }
  }
  stress.append(...evts, autres, ...rupture);
  return stress;
}

function sectionTemps(suivi) {
  const temps = el("section", "jdr-fiche-temps");
  temps.append(el("h4", null, "Repos et scènes"));
  const t = el("div", "jdr-actions-fiche");
  t.append(bouton("Pause sûre", () => suivi.operer({ op: "repos", duree: "pause" })),
    bouton("Scène de repos", () => suivi.operer({ op: "repos", duree: "scene" })),
    bouton("Nuit en sécurité", () => suivi.operer({ op: "repos", duree: "longue" })),
    bouton("Nouvelle scène", () => suivi.operer({ op: "nouvelle_scene" })));
  temps.append(t);
  return temps;
}

export function fiche(suivi, v) {
  const haut = el("div", "jdr-fiche-entete");
  haut.append(el("strong", null, v.nom), el("span", "jdr-ton", v.ton === "raw" ? "Raw" : "Blockbuster"));
  return [haut, sectionSante(suivi, v), sectionStress(suivi, v), sectionTemps(suivi)];
}
