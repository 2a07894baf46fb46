// Ce que les vues des fiches de personnage (3D6, 2D6, D10) partagent : le formulaire de
// création, l'en-tête et les sections de la fiche, les chances des boutons de jet tenues à jour
// avec leurs réglages, une liste d'éléments qu'on retire et la ligne qui lui en ajoute.
// Aucune règle ici : les nombres, les phrases et les chances viennent du cœur (jdr_core).
import { bouton, champ, el, liste, texte } from "../dom.js";

// Ces fiches ne réclament jamais de complément : chaque opération s'applique d'un coup.
export function demande(suivi, op, demandeRecue, message) {
  suivi.dire(message || "Opération incomplète.", true);
}

// Le formulaire de création : le nom, puis des champs [clé, libellé, entrée] ; `avis` (facultatif)
// précède la ligne des nombres ; `autres` : des champs sous la ligne, lus de la même façon.
export function creation(suivi, { indication, nombres, avis, autres = [] }) {
  const nom = texte("", suivi.bornes.nom_max, indication);
  // Le genre grammatical, facultatif, si la fiche le garde : les phrases qui parlent du personnage
  // s'accordent avec lui ; non précisé, elles prennent une tournure sans accord (jamais deviné).
  if (suivi.bornes.accords) autres = [...autres, ["accord", "Accord (facultatif)", liste(suivi.bornes.accords)]];
  const ligne = el("div", "jdr-ligne");
  for (const [, libelle, entree] of nombres) ligne.append(champ(libelle, entree));
  const lire = (entree) => (entree.type === "checkbox" ? entree.checked : entree.value);
  const form = el("div", "jdr-fiche-creation");
  form.append(champ("Nom", nom), ...(avis ? [el("p", "jdr-fiche-avis", avis)] : []), ligne,
    ...autres.map(([, libelle, entree]) => champ(libelle, entree)),
    bouton("Créer la fiche", () => suivi.operer({
      op: "creer", nom: nom.value, ...Object.fromEntries([...nombres, ...autres].map(([cle, , e]) => [cle, lire(e)])),
    })));
  return form;
}

// L'en-tête d'une fiche : le nom du personnage, puis le résumé de ses caractéristiques.
export function entete(nom, resume) {
  const haut = el("div", "jdr-fiche-entete");
  haut.append(el("strong", null, nom), el("span", "jdr-ton", resume));
  return haut;
}

// Une section de la fiche, sa classe et son titre ; son contenu s'ajoute à la suite.
export function section(classe, titre) {
  const zone = el("section", classe);
  zone.append(el("h4", null, titre));
  return zone;
}

// Les réglages d'un jet gardés d'un rendu à l'autre, dans l'onglet (des choix du joueur, pas la fiche).
export function memoire(suivi, nom, defauts) {
  suivi.memoires ??= {};
  suivi.memoires[nom] ??= { ...defauts };
  return suivi.memoires[nom];
}

// Une liste de boutons de jet, chacun avec ses chances à côté (décrites au lecteur d'écran) ;
// `actualiser(reglages)` pose la question « chances » au moteur et réécrit les chances (seule la
// dernière question compte). `cle(jet)` : l'identité d'un jet dans la réponse (`liste` : son champ).
export function jetsAvecChances(suivi, jets, { libelle, operation, cle, liste }) {
  const ul = el("ul", "jdr-fiche-liste-tests");
  const chances = new Map();
  for (const jet of jets) {
    const li = el("li", "jdr-fiche-test");
    const cote = el("span", "jdr-fiche-chance", jet.phrase);
    cote.id = `${suivi.racine.id}-chance-${chances.size}`;
    const lancer = bouton(libelle(jet), () => suivi.operer(operation(jet)));
    lancer.setAttribute("aria-describedby", cote.id);
    li.append(lancer, cote);
    ul.append(li);
    chances.set(cle(jet), cote);
  }
  let numero = 0;
  const actualiser = async (reglages) => {
    const mien = ++numero;
    for (const c of chances.values()) c.classList.add("jdr-fiche-chance--calcul");
    const r = await suivi.requete(suivi.etat, { op: "chances", ...reglages });
    if (mien !== numero) return;
    for (const c of chances.values()) c.classList.remove("jdr-fiche-chance--calcul");
    if (r.erreur) return suivi.dire(r.erreur, true);
    for (const jet of r.reponse[liste]) {
      const c = chances.get(cle(jet));
      if (c) c.textContent = jet.phrase;
    }
  };
  return { ul, actualiser };
}

// Un réglage des jets change (une entrée de `entrees`) : les réglages lus (`lire()`) sont gardés
// dans la mémoire `m` pour le prochain rendu, et les chances se recalculent avec eux.
export function suivreReglages(entrees, m, lire, actualiser) {
  for (const entree of entrees) {
    entree.addEventListener("change", () => {
      Object.assign(m, lire());
      actualiser(lire());
    });
  }
}

// La ligne qui ajoute un élément à une liste de la fiche : ses champs [libellé, entrée], puis le
// bouton `libelle`, qui envoie l'opération `operation()` ; `plein` : la liste est pleine, le
// bouton est désactivé.
export function ligneAjout(suivi, champs, libelle, operation, plein) {
  const ajout = el("div", "jdr-ligne");
  ajout.append(...champs.map(([nom, entree]) => champ(nom, entree)),
    bouton(libelle, () => suivi.operer(operation()), { desactive: plein }));
  return ajout;
}

// Une liste d'éléments de la fiche (maîtrises, armes…), chacun avec son bouton « Retirer » ;
// `vide` : la phrase d'une liste vide.
export function listeRetirable(suivi, elements, { texte, retirer, nom, vide }) {
  const ul = el("ul", "jdr-fiche-liste");
  for (const e of elements) {
    const li = el("li", null, `${texte(e)} `);
    const b = bouton("Retirer", () => suivi.operer(retirer(e)));
    b.setAttribute("aria-label", `Retirer ${nom(e)}`);
    li.append(b);
    ul.append(li);
  }
  if (!elements.length && vide) ul.append(el("li", null, vide));
  return ul;
}
