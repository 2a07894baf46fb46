// La vue du suivi de combat D10 : combattants dans l'ordre d'initiative, attaques, dégâts,
// jets de KO et de survie. Les règles restent dans jdr_core.d10.suivi : chaque bouton envoie
// une opération, la vue rendue par Python est réaffichée telle quelle (nœuds texte seulement).
import { bouton, case_a_cocher, champ, el, liste, nombre, texte } from "../../../commun/dom.js";

// Les choix d'attaque que le lecteur garde d'un coup à l'autre (état de la page, pas du combat).
function memoire(suivi) {
  if (!suivi.memoireD10) suivi.memoireD10 = { mode: "contact", distance: String(suivi.bornes.defauts.distance), couvert: "aucun" };
  return suivi.memoireD10;
}

export function creation(suivi) {
  const nom = texte("", suivi.bornes.nom_combat_max, "Fusillade au port…");
  nom.setAttribute("aria-label", "Nom du combat");
  const form = el("div", "jdr-fiche-creation jdr-combat-creation");
  form.append(champ("Nom du combat", nom),
    bouton("Nouveau combat", () => suivi.operer({ op: "creer", nom: nom.value })));
  return form;
}

// « modifier » pose les valeurs lues dans le formulaire : sur un combat changé dans un autre
// onglet depuis son affichage, elle est refusée plutôt que d'écraser ce changement (operations.js).
export const absolues = ["modifier"];

// Ce suivi ne réclame jamais de complément : chaque opération s'applique d'un coup.
export function demande(suivi, op, demandeRecue, message) {
  suivi.dire(message || "Opération incomplète.", true);
}

function champsCombattant(bornes, valeurs) {
  const entrees = {};
  const zone = el("div", "jdr-ligne jdr-combat-champs");
  for (const [cle, libelle, min, max, defaut] of bornes.champs) {
    const entree = nombre(valeurs ? valeurs[cle] : defaut, min, max);
    entrees[cle] = entree;
    zone.append(champ(libelle, entree));
  }
  return { zone, entrees };
}

function lireChamps(entrees) {
  const op = {};
  for (const [cle, entree] of Object.entries(entrees)) op[cle] = entree.value;
  return op;
}

function carte(suivi, c, bornes) {
  const li = el("li", "jdr-combattant");
  li.dataset.etat = c.etat;
  li.dataset.id = String(c.id);
  if (c.actif) {
    li.classList.add("jdr-combattant--actif");
    li.setAttribute("aria-current", "true");
  }
  const tete = el("div", "jdr-combattant-tete");
  tete.append(el("strong", "jdr-combattant-nom", c.nom));
  if (c.initiative !== null) {
    tete.append(el("span", "jdr-combattant-init", `Init ${c.initiative} (${c.initiative_detail})`));
  }
  tete.append(el("span", "jdr-combattant-etat", c.actif && c.peut_agir ? `${c.etat_texte}, agit` : c.etat_texte));
  const valeurs = el("div", "jdr-combattant-valeurs",
    bornes.champs.map(([cle, libelle]) => `${libelle} ${c[cle]}`).join(" · "));
  let blessures = `Blessures : ${c.blessures}`;
  if (c.malus) blessures += ` (malus ${c.malus_texte} aux jets)`;
  if (c.survie_texte) blessures += ` ; ${c.survie_texte}`;
  li.append(tete, valeurs, el("div", "jdr-combattant-blessures", blessures));

  const actions = el("div", "jdr-actions-fiche");
  const nommer = (b, verbe) => { b.setAttribute("aria-label", `${verbe} ${c.nom}`); return b; };
  if (c.etat === "agonie") {
    actions.append(
      nommer(bouton("Jet de survie (un jour sans soins)",
        () => suivi.operer({ op: "survie", combattant: c.id })), "Jet de survie pour"),
      nommer(bouton("Soigner", () => suivi.operer({ op: "soigner", combattant: c.id })), "Soigner"));
  }
  if (c.etat === "ko") {
    actions.append(nommer(bouton("Réveiller", () => suivi.operer({ op: "reveiller", combattant: c.id })), "Réveiller"));
  }
  actions.append(nommer(bouton("Retirer", () => suivi.operer({ op: "retirer", combattant: c.id })), "Retirer"));
  // Le résultat d'un bouton de la carte s'écrit juste sous ses boutons (sortie.js, ancre).
  li.append(actions, suivi.ancre(...["survie", "soigner", "reveiller"].map((o) => `${o}:${c.id}`)));

  // Modifier un combattant : son nom et ses valeurs (le couvert se choisit à chaque attaque).
  const modif = el("details", "jdr-combattant-modifier");
  modif.append(el("summary", null, `Modifier ${c.nom}`));
  const nom = texte(c.nom, bornes.nom_max);
  const accord = liste(bornes.accords);
  accord.value = c.accord || "";
  const { zone, entrees } = champsCombattant(bornes, c);
  modif.append(champ("Nom", nom), champ("Accord (facultatif)", accord), zone,
    bouton("Enregistrer", () => suivi.operer({
      op: "modifier", combattant: c.id, nom: nom.value, accord: accord.value, ...lireChamps(entrees),
    })));
  li.append(modif, suivi.ancre(`modifier:${c.id}`));
  return li;
}

function sectionOrdre(suivi, v) {
  const section = el("section", "jdr-combat-ordre");
  section.append(el("h4", null, v.initiative_lancee ? "Ordre d'action" : "Combattants"));
  section.append(el("p", "jdr-combat-tour", v.initiative_lancee ? `Tour ${v.tour} : ${v.au_tour}` : v.resume));
  const ol = el("ol", "jdr-combattants");
  for (const c of v.combattants) ol.append(carte(suivi, c, suivi.bornes));
  if (v.combattants.length) section.append(ol);
  const actions = el("div", "jdr-actions-fiche jdr-combat-tours");
  const vide = !v.combattants.length;
  actions.append(
    bouton(v.initiative_lancee ? "Relancer l'initiative" : "Lancer l'initiative", () => suivi.operer({ op: "initiative" }),
      { desactive: vide, titre: "1D10 + AGI pour chacun ; l'AGI puis un dé départagent les égalités" }),
    bouton("Au suivant", () => suivi.operer({ op: "suivant" }), { desactive: !v.initiative_lancee }),
    bouton("Nouveau tour", () => suivi.operer({ op: "nouveau_tour" }), { desactive: !v.initiative_lancee }));
  section.append(actions, suivi.ancre("initiative", "suivant", "nouveau_tour"));
  return section;
}

function optionsCombattants(combattants, filtre) {
  return combattants.filter(filtre).map((c) => [String(c.id), c.nom]);
}

function sectionAttaque(suivi, v) {
  const bornes = suivi.bornes;
  const m = memoire(suivi);
  const section = el("section", "jdr-combat-attaque");
  section.append(el("h4", null, "Attaque"));
  const attaquants = optionsCombattants(v.combattants, (c) => c.peut_agir);
  const cibles = optionsCombattants(v.combattants, (c) => c.ciblable);
  if (attaquants.length < 1 || cibles.length < bornes.combattants_attaque) {
    section.append(el("p", "jdr-message", "Il faut au moins deux combattants, dont un en état d'agir, pour une attaque."),
      suivi.ancre("attaquer"));
    return section;
  }
  const attaquant = liste(attaquants);
  if (v.actif !== null && attaquants.some(([id]) => id === String(v.actif))) attaquant.value = String(v.actif);
  const cible = liste(cibles);
  const mode = liste(bornes.modes);
  mode.value = m.mode;
  const distance = nombre(m.distance, bornes.distance_min, bornes.distance_max);
  const champDistance = champ("Distance (m)", distance);
  const couvert = liste(bornes.couverts);
  couvert.value = m.couvert;
  const ko = liste(bornes.caracs_ko);
  // Renoncer au dé d'attaque : le cœur dit si la règle le permet (sinon il refuse, rien ne change).
  const automatique = case_a_cocher();
  automatique.checked = Boolean(m.automatique);
  const parId = new Map(v.combattants.map((c) => [String(c.id), c]));
  // La cible par défaut : la première autre que l'attaquant ; le jet de KO propose sa meilleure carac.
  const choisirCible = () => {
    if (cible.value === attaquant.value) {
      const autre = cibles.find(([id]) => id !== attaquant.value);
      if (autre) cible.value = autre[0];
    }
    const c = parId.get(cible.value);
    if (c) ko.value = c.ko_conseille;
  };
  const montrerDistance = () => { champDistance.hidden = mode.value !== "tir"; };
  attaquant.addEventListener("change", choisirCible);
  cible.addEventListener("change", () => { const c = parId.get(cible.value); if (c) ko.value = c.ko_conseille; });
  mode.addEventListener("change", montrerDistance);
  choisirCible();
  montrerDistance();
  const ligne = el("div", "jdr-ligne");
  ligne.append(champ("Attaquant", attaquant), champ("Cible", cible), champ("Attaque", mode), champDistance,
    champ("Couvert de la cible", couvert), champ("Jet de KO avec", ko));
  const choixAuto = el("label", "jdr-champ-ligne jdr-combat-automatique");
  choixAuto.append(automatique, el("span", null, bornes.libelle_automatique));
  section.append(ligne, choixAuto, bouton("Attaquer", () => {
    Object.assign(m, { mode: mode.value, distance: distance.value, couvert: couvert.value,
      automatique: automatique.checked });
    const op = { op: "attaquer", attaquant: attaquant.value, cible: cible.value, mode: mode.value,
      couvert: couvert.value, ko: ko.value, automatique: automatique.checked };
    if (mode.value === "tir") op.distance = distance.value;
    return suivi.operer(op);
  }), suivi.ancre("attaquer"));
  return section;
}

function sectionDegats(suivi, v) {
  const bornes = suivi.bornes;
  const cibles = optionsCombattants(v.combattants, (c) => c.ciblable);
  const zone = el("details", "jdr-combat-degats");
  zone.append(el("summary", null, "Dégâts directs (chute, explosion…)"));
  if (!cibles.length) {
    zone.append(el("p", "jdr-message", "Aucun combattant ne peut encore encaisser de dégâts."));
    return zone;
  }
  const cible = liste(cibles);
  const degats = nombre(bornes.defauts.degats, bornes.degats_min, bornes.degats_max);
  const ko = liste(bornes.caracs_ko);
  const parId = new Map(v.combattants.map((c) => [String(c.id), c]));
  const conseil = () => { const c = parId.get(cible.value); if (c) ko.value = c.ko_conseille; };
  cible.addEventListener("change", conseil);
  conseil();
  const ligne = el("div", "jdr-ligne");
  ligne.append(champ("Cible", cible), champ("Dégâts (après résistance)", degats), champ("Jet de KO avec", ko));
  zone.append(ligne, bouton("Appliquer les dégâts",
    () => suivi.operer({ op: "encaisser", cible: cible.value, degats: degats.value, ko: ko.value })));
  return zone;
}

function sectionAjout(suivi, v) {
  const bornes = suivi.bornes;
  const zone = el("details", "jdr-combat-ajout");
  zone.open = v.combattants.length < bornes.combattants_attaque;
  zone.append(el("summary", null, "Ajouter un combattant"));
  const nom = texte("", bornes.nom_max, "Lina, Marek…");
  // Le genre grammatical, facultatif : son état s'accorde (« morte », « soignée ») ; sans lui, « décès », « soins reçus ».
  const accord = liste(bornes.accords);
  const { zone: champs, entrees } = champsCombattant(bornes, null);
  const plein = v.combattants.length >= bornes.combattants_max;
  zone.append(champ("Nom", nom), champ("Accord (facultatif)", accord), champs,
    bouton("Ajouter", () => suivi.operer({ op: "ajouter", nom: nom.value, accord: accord.value, ...lireChamps(entrees) }),
      { desactive: plein, titre: plein ? `${bornes.combattants_max} combattants au plus` : undefined }));
  return zone;
}

// Le journal du combat reste déplié : c'est le fil de la bagarre, on le lit sans l'ouvrir.
function sectionJournal(v) {
  const zone = el("section", "jdr-combat-journal");
  zone.append(el("h4", null, "Journal du combat"));
  if (!v.journal.length) {
    zone.append(el("p", "jdr-note", "Rien encore : chaque coup, chaque jet s'inscrira ici, le plus récent en tête."));
    return zone;
  }
  const ol = el("ol", "jdr-combat-entrees");
  ol.reversed = true;
  for (const entree of [...v.journal].reverse()) ol.append(el("li", null, entree));
  zone.append(ol);
  return zone;
}

export function fiche(suivi, v) {
  const haut = el("div", "jdr-fiche-entete");
  haut.append(el("strong", null, v.nom),
    el("span", "jdr-ton", v.initiative_lancee ? `Tour ${v.tour}` : "Initiative à lancer"));
  const outils = el("section", "jdr-combat-outils");
  // Sous un repli (refermé au rendu suivant), le résultat s'écrit juste après lui, toujours visible.
  outils.append(sectionAttaque(suivi, v), sectionDegats(suivi, v), suivi.ancre("encaisser"),
    sectionAjout(suivi, v), suivi.ancre("ajouter"));
  return [haut, sectionOrdre(suivi, v), outils, sectionJournal(v)];
}
