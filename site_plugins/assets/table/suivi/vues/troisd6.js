// La vue de la fiche 3D6 : caractéristiques, maîtrises, Facteur de puissance, PE et leur état.
// Les règles restent dans jdr_core.troisd6.suivi : chaque bouton envoie une opération, les
// chances d'un test viennent de la question « chances », posée au moteur sans rien changer.
import { bouton, case_a_cocher, champ, el, liste, nombre, texte } from "../../../commun/dom.js";
import { creation as formulaire, demande, entete, garderReglage, jetsAvecChances, ligneAjout, listeRetirable, memoire, section } from "./commun.js";

export { demande };

export function creation(suivi) {
  const b = suivi.bornes;
  return formulaire(suivi, {
    indication: "Pierre, Carmen…",
    nombres: b.caracteristiques.map(([cle, libelle]) => [cle, `${libelle} (${b.caracteristique_min} à ${b.caracteristique_max})`,
      nombre(b.defauts.caracteristique, b.caracteristique_min, b.caracteristique_max)]),
    autres: [["fp", "Facteur de puissance (0 s'il n'en a pas)", nombre(0, 0, b.fp_max)],
      ["domaine", "Domaine du Facteur de puissance", texte("", b.domaine_max, "les flammes, le tir…")],
      ["robot", "Ce personnage est un robot", case_a_cocher()]],
  });
}

export const renommable = true;
// Une fiche de personnage : une vue de jeu et une vue d'édition (rendu.js, choixDeVue).
export const vues = true;

function sectionTests(suivi, v) {
  const b = suivi.bornes;
  const m = memoire(suivi, "tests3d6", { difficulte: String(b.difficulte), avantages: "0", desavantages: "0",
    relances: "0", fp: false, depense: "aucun" });
  const zone = section("jdr-fiche-tests", "Tester");
  for (const avis of v.avis) zone.append(el("p", "jdr-fiche-avis", avis));
  const difficulte = liste(b.difficultes);
  difficulte.value = m.difficulte;
  const avantages = nombre(m.avantages, 0, b.modificateurs_max);
  const desavantages = nombre(m.desavantages, 0, b.modificateurs_max);
  const relances = nombre(m.relances, 0, b.relances_max);
  const fp = case_a_cocher();
  fp.checked = m.fp;
  const depense = liste([["aucun", "Aucune"], ["compétence", `Une compétence (${b.couts["compétence"]} PE)`],
    ["pouvoir", `Un pouvoir (${b.couts.pouvoir} PE)`]]);
  depense.value = m.depense;
  // Les réglages qui changent les chances : leur libellé sert au champ et à la légende des chances.
  const reglages = [["Difficulté (succès demandés)", difficulte], ["Avantages en plus", avantages],
    ["Désavantages en plus", desavantages], ["Relances", relances]];
  if (v.fp) reglages.push([`L'action relève de son Facteur de puissance (${v.domaine})`, fp]);
  const ligne = el("div", "jdr-ligne jdr-fiche-reglages");
  ligne.append(...reglages.map(([libelle, entree]) => champ(libelle, entree)), champ("PE dépensés pour ce test", depense));
  zone.append(ligne);

  const lire = () => ({ difficulte: difficulte.value, avantages: avantages.value, desavantages: desavantages.value,
    relances: relances.value, fp: fp.checked });
  const { ul, legende } = jetsAvecChances(suivi, v.tests, {
    libelle: (t) => `Tester : ${t.libelle}`,
    operation: (t) => ({ op: "tester", caracteristique: t.caracteristique, maitrise: t.maitrise, ...lire(),
      depense: depense.value }),
    cle: (t) => `${t.caracteristique}|${t.maitrise}`,
    liste: "tests", reglages, lire, m,
  });
  zone.append(legende, ul);
  garderReglage(depense, m, "depense");
  return zone;
}

function sectionMaitrises(suivi, v) {
  const b = suivi.bornes;
  const zone = section("jdr-fiche-maitrises", "Maîtrises", "edition");
  const ul = listeRetirable(suivi, v.maitrises, {
    texte: (mt) => `${mt.nom} (${mt.caracteristique_texte})`,
    retirer: (mt) => ({ op: "retirer_maitrise", nom: mt.nom }),
    nom: (mt) => `la maîtrise ${mt.nom}`,
    vide: "Aucune maîtrise : chacune donne un avantage aux tests qu'elle sert.",
  });
  const nom = texte("", b.nom_max, "Athlétisme, Technologie…");
  const carac = liste(b.caracteristiques);
  const ajout = ligneAjout(suivi, [["Nouvelle maîtrise", nom], ["Avec la caractéristique", carac]], "Ajouter la maîtrise",
    () => ({ op: "ajouter_maitrise", nom: nom.value, caracteristique: carac.value }), v.maitrises.length >= b.maitrises_max);
  zone.append(ul, ajout);
  return zone;
}

// Les repères de la jauge viennent du cœur (états des PE, robot compris) : sous « bas », le
// personnage n'agit plus ; de « bas » à « haut », il est affaibli ; au-delà, il est en forme.
function jaugePe(v) {
  const j = el("meter", "jdr-fiche-pe");
  const g = v.jauge_pe;
  Object.assign(j, { min: g.min, max: g.max, value: g.valeur, low: g.bas, high: g.haut, optimum: g.optimum });
  j.setAttribute("aria-label", `Points d'énergie : ${v.pe} sur ${v.pe_max}`);
  return j;
}

function sectionEnergie(suivi, v) {
  const b = suivi.bornes;
  const zone = section("jdr-fiche-energie", "Points d'énergie");
  zone.append(jaugePe(v), el("p", `jdr-fiche-etat jdr-fiche-etat--${v.etat}`, v.etat_texte));
  const degats = nombre(b.defauts.degats, 0, b.degats_max);
  const periodes = nombre(b.defauts.periodes, 0, b.periodes_max);
  const mental = nombre(b.defauts.caracteristique, b.caracteristique_min, b.caracteristique_max);
  const actions = el("div", "jdr-actions-fiche");
  actions.append(champ("PE perdus", degats), bouton("Encaisser", () => suivi.operer({ op: "subir", degats: degats.value })),
    bouton(`Utiliser une compétence (−${b.couts["compétence"]} PE)`, () => suivi.operer({ op: "depenser", usage: "compétence" }),
      { desactive: !v.peut_agir }),
    bouton(`Utiliser un pouvoir (−${b.couts.pouvoir} PE)`, () => suivi.operer({ op: "depenser", usage: "pouvoir" }),
      { desactive: !v.peut_agir }));
  const soins = el("div", "jdr-actions-fiche");
  soins.append(champ(v.robot ? "Heures branchées" : "Demi-journées de repos", periodes),
    bouton("Se reposer", () => suivi.operer({ op: "recuperer", periodes: periodes.value })),
    champ(v.robot ? "Mental de la personne qui répare" : "Mental du soigneur", mental),
    bouton(v.robot ? "Réparer (test de Mental)" : "Soigner (test de Mental)",
      () => suivi.operer({ op: "soigner", mental: mental.value })));
  zone.append(actions, soins);
  if (v.critique) {
    const critique = el("div", "jdr-actions-fiche");
    critique.append(bouton("Stabilisé par un compagnon (deux actions)", () => suivi.operer({ op: "stabiliser" })),
      bouton(`Se stabiliser seul (Physique, difficulté ${b.difficulte_se_stabiliser})`, () => suivi.operer({ op: "se_stabiliser" })),
      bouton("Reprendre conscience sans aide (deux minutes)", () => suivi.operer({ op: "reprendre_conscience" })));
    zone.append(critique);
  }
  return zone;
}

export function fiche(suivi, v) {
  const haut = entete(v.nom, v.caracteristiques.map((c) => `${c.nom} ${c.valeur}`).join(", "));
  if (v.fp) haut.append(el("span", "jdr-ton", `FP(${v.fp}) : ${v.domaine}`));
  if (v.robot) haut.append(el("span", "jdr-ton", "robot"));
  if (v.infirme) haut.append(el("span", "jdr-ton", "défaut Infirme"));
  return [haut, sectionTests(suivi, v), sectionEnergie(suivi, v), sectionMaitrises(suivi, v)];
}
