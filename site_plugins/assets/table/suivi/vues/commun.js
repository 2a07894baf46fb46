// Ce que les vues des fiches de personnage (3D6, 2D6, D10) partagent : le formulaire de
// création, l'en-tête et les sections de la fiche, les chances des boutons de jet tenues à jour
// avec leurs réglages (enCORE aussi), une liste d'éléments qu'on retire et la ligne qui lui en ajoute.
// Aucune règle ici : les nombres, les phrases et les chances viennent du cœur (jdr_core).
import { bouton, champ, el, liste, texte } from "../../../commun/dom.js";
import { typographier } from "../../../commun/francais.js";

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
// `vue` : « jeu » (la vue de jeu, celle qui s'imprime) ou « edition » (Modifier la fiche).
export function section(classe, titre, vue = "jeu") {
  const zone = el("section", classe);
  zone.dataset.vue = vue;
  zone.append(el("h4", null, titre));
  return zone;
}

// Les réglages d'un jet gardés d'un rendu à l'autre, dans l'onglet (des choix du joueur, pas la fiche).
export function memoire(suivi, nom, defauts) {
  suivi.memoires ??= {};
  suivi.memoires[nom] ??= { ...defauts };
  return suivi.memoires[nom];
}

// Une liste de boutons de jet, chacun avec ses chances à côté, et la légende qui dit pour quels
// réglages elles valent (à l'écran et à l'impression) ; un lecteur d'écran entend les deux avec le
// bouton (aria-describedby).
//
// Les chances affichées ne viennent que d'un endroit : la question « chances » posée au moteur sur
// la fiche affichée (suivi.etat) et les réglages visibles (`lire()`, les entrées de `reglages`).
// Elle est posée à chaque rendu de la fiche (après un jet, une annulation, un rechargement, un
// changement venu d'un autre onglet) et à chaque saisie d'un réglage ; seule la dernière réponse
// compte. Jusqu'à elle, les chances sont marquées « en calcul » (aria-busy), jamais laissées à un
// réglage d'avant. Les réglages lus sont gardés dans la mémoire `m` de l'onglet pour le prochain rendu.
// `cle(jet)` : l'identité d'un jet dans la réponse (`liste` : son champ) ; `options(jet)` : celles
// de son bouton (désactivé, infobulle). Une vue peut avoir plusieurs de ces listes, chacune avec ses
// réglages (enCORE : INT et trousse pour les premiers soins, CON pour résister…).
export function jetsAvecChances(suivi, jets, { libelle, operation, cle, liste, reglages = [], lire, m, options = () => ({}) }) {
  // Un préfixe par liste : les identifiants restent uniques quand une fiche en a plusieurs.
  suivi.listesDeJets = (suivi.listesDeJets || 0) + 1;
  const prefixe = `${suivi.racine.id}-jets${suivi.listesDeJets}`;
  const legende = el("p", "jdr-fiche-legende");
  legende.id = `${prefixe}-legende`;
  const ul = el("ul", "jdr-fiche-liste-tests");
  const chances = new Map();
  for (const jet of jets) {
    const li = el("li", "jdr-fiche-test");
    const cote = el("span", "jdr-fiche-chance jdr-fiche-chance--calcul", "…");
    cote.id = `${prefixe}-chance-${chances.size}`;
    cote.setAttribute("aria-busy", "true");
    const lancer = bouton(libelle(jet), () => suivi.operer(operation(jet)), options(jet));
    lancer.setAttribute("aria-describedby", `${cote.id} ${legende.id}`);
    li.append(lancer, cote);
    ul.append(li);
    chances.set(cle(jet), cote);
  }
  let numero = 0;
  const actualiser = async () => {
    const mien = ++numero;
    const valeurs = lire();
    if (m) Object.assign(m, valeurs);
    legende.textContent = typographier(`Chances calculées pour : ${reglages.map(([nom, entree]) => `${nom} ${valeurLue(entree)}`)
      .join(" ; ")}.`);
    for (const c of chances.values()) {
      c.classList.add("jdr-fiche-chance--calcul");
      c.setAttribute("aria-busy", "true");
    }
    const r = await suivi.requete(suivi.etat, { op: "chances", ...valeurs });
    if (mien !== numero || !ul.isConnected) return;
    const recus = new Map(r.erreur ? [] : r.reponse[liste].map((jet) => [cle(jet), jet.phrase]));
    for (const [k, c] of chances) {
      c.classList.remove("jdr-fiche-chance--calcul");
      c.removeAttribute("aria-busy");
      c.textContent = recus.has(k) ? recus.get(k) : "chances indisponibles pour ce réglage";
    }
    if (r.erreur) suivi.dire(r.erreur, true);
  };
  for (const [, entree] of reglages) {
    entree.addEventListener("change", actualiser);
    if (entree.type === "number") entree.addEventListener("input", actualiser);
  }
  queueMicrotask(actualiser);
  return { ul, legende, actualiser };
}

// Ce qu'une entrée montre au lecteur : l'option choisie d'une liste, « oui »/« non » d'une case.
function valeurLue(entree) {
  if (entree.tagName === "SELECT") return entree.selectedOptions[0] ? entree.selectedOptions[0].textContent : "";
  if (entree.type === "checkbox") return entree.checked ? "oui" : "non";
  return entree.value;
}

// Un réglage qui ne change pas les chances (la dépense de PE, la scène) : gardé dans la mémoire `m`.
export function garderReglage(entree, m, nom, lire = () => (entree.type === "checkbox" ? entree.checked : entree.value)) {
  entree.addEventListener("change", () => { m[nom] = lire(); });
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
  return listeModifiable(suivi, elements, { texte, retirer, nom, vide });
}

// Une liste dont chaque ligne peut se changer sur place et se retirer. ligne(e) rend ses champs
// ([libellé, champ]…) et l'opération que son bouton « libelle » envoie (changer), ou rien (une ligne qui
// ne se change pas) ; retirer(e) rend l'opération de son bouton « Retirer », ou rien (elle reste).
export function listeModifiable(suivi, elements, { texte, ligne = () => null, libelle, aria, retirer, nom, vide }) {
  const ul = el("ul", "jdr-fiche-liste");
  for (const e of elements) {
    const li = el("li", null, `${texte(e)} `);
    const modifiable = ligne(e);
    if (modifiable) {
      const changer = bouton(libelle, () => suivi.operer(modifiable.changer()));
      changer.setAttribute("aria-label", aria(e));
      li.append(...modifiable.champs.map(([libelleDuChamp, saisie]) => champ(libelleDuChamp, saisie)), changer);
    }
    const retrait = retirer(e);
    if (retrait) {
      const b = bouton("Retirer", () => suivi.operer(retrait));
      b.setAttribute("aria-label", `Retirer ${nom(e)}`);
      li.append(b);
    }
    ul.append(li);
  }
  if (!elements.length && vide) ul.append(el("li", null, vide));
  return ul;
}
