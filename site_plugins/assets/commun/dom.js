// Petits outils d'affichage : uniquement des nœuds texte, jamais de HTML construit.

// La typographie française des phrases écrites par les scripts de page : la même règle que
// typographier() de jdr_core/francais.py (tests/test_typographie.py compare les deux).
// Fine insécable avant ; ! ? » et %, après « ; insécable avant : et entre un nombre et le mot
// qu'il compte ; seules les espaces changent (adresses, heures 12:30 et rapports 1:2 intacts).
const BLANCS = "[ \\t\\r\\n\\u00a0\\u202f]+";
const AVANT_FINE = new RegExp(`${BLANCS}(?=[;!?»])`, "gu");
const AVANT_DEUX_POINTS = new RegExp(`${BLANCS}(?=:)`, "gu");
const APRES_GUILLEMET = new RegExp(`(?<=«)${BLANCS}`, "gu");
// Avant le signe d'un calcul entre deux nombres (« 7 + 1 = 8 ») : pas de ligne qui commence par « + 1 ».
const OPERATEUR = new RegExp(`(?<=[0-9)])${BLANCS}(?=[+−=×][ \\t\\r\\n\\u00a0\\u202f]*[−+]?[0-9])`, "gu");
const NOMBRE = new RegExp(
  `(?<![^ \\t\\r\\n\\u00a0\\u202f(\\[«—–])([−+-]?[0-9]+(?:,[0-9]+)?(?:er|re|e)?)(${BLANCS})(?=(%|[\\p{L}\\p{Nl}\\p{No}]+)(['’]?))`, "gu");
const MOTS_LIBRES = new Set(`à a ai après au aux avant avec c car ce ces cet cette chez comme contre d dans de des dès donc
  dont du elle elles en entre est et il ils j jusqu l la le les lorsqu lorsque m mais moins n ne ni on ont ou où par parmi
  pas plus pour puis qu quand que qui s sa sans se selon ses si sinon soit son sont sous sur t un une vers y`.split(/\s+/));
// Lettres qui ne sont un mot qu'élidées (« 3 s'ajoutent ») ; seules, une unité comptée (« 2 s ») : ELISIONS de francais.py.
const ELISIONS = new Set("cdjlmnst");

export function typographier(texte) {
  const phrase = String(texte);
  // Un texte vide ou fait de blancs reste tel quel : aucune espace à y mettre.
  if (/^[ \t\r\n]*$/.test(phrase)) return phrase;
  return phrase.replace(AVANT_FINE, "\u202f").replace(AVANT_DEUX_POINTS, "\u00a0").replace(APRES_GUILLEMET, "\u202f")
    .replace(OPERATEUR, "\u00a0")
    .replace(NOMBRE, (_m, nombre, blanc, mot, apostrophe) => {
      const m = mot.toLowerCase();
      const libre = MOTS_LIBRES.has(m) && (!ELISIONS.has(m) || apostrophe !== "");
      return nombre + (mot === "%" ? "\u202f" : libre ? blanc : "\u00a0");
    });
}

// « 1 personnage », « 3 personnages », « 0 manche » (quantite() de francais.py).
export function quantite(nombre, singulier, pluriel = `${singulier}s`) {
  return `${nombre} ${Math.abs(nombre) < 2 ? singulier : pluriel}`;
}

// Le texte d'un élément passe par la typographie, sauf le code et les champs de saisie.
const SANS_TYPOGRAPHIE = new Set(["PRE", "CODE", "TEXTAREA"]);

export function el(balise, classe, texte) {
  const n = document.createElement(balise);
  if (classe) n.className = classe;
  if (texte !== undefined) {
    n.textContent = typeof texte === "string" && !SANS_TYPOGRAPHIE.has(n.tagName) ? typographier(texte) : texte;
  }
  return n;
}

// Un fichier téléchargé d'un clic (journal, fiches) : le navigateur le range, la page n'affiche rien.
export function telecharger(contenu, nom, type) {
  const lien = el("a");
  lien.href = URL.createObjectURL(new Blob([contenu], { type }));
  lien.download = nom;
  lien.hidden = true;
  document.body.append(lien);
  lien.click();
  lien.remove();
  setTimeout(() => URL.revokeObjectURL(lien.href), 10000);
}

export function erreur(sortie, message) {
  const p = el("p", "jdr-erreur", message);
  p.setAttribute("role", "alert");
  sortie.replaceChildren(p);
}

export function bouton(texte, action, options = {}) {
  const b = el("button", "md-button jdr-bouton", texte);
  b.type = "button";
  if (options.titre) b.title = options.titre;
  if (options.desactive) b.disabled = true;
  b.addEventListener("click", action);
  return b;
}

export function champ(libelle, input) {
  const l = el("label", "jdr-champ-ligne");
  l.append(el("span", null, libelle), input);
  return l;
}

export function nombre(valeur, min, max) {
  const i = document.createElement("input");
  Object.assign(i, { type: "number", min, max, step: 1, value: valeur, inputMode: "numeric" });
  return i;
}

export function texte(valeur, longueurMax, indication) {
  const i = Object.assign(document.createElement("input"), { type: "text", maxLength: longueurMax, value: valeur });
  if (indication) i.placeholder = indication;
  return i;
}

export function case_a_cocher() {
  return Object.assign(document.createElement("input"), { type: "checkbox" });
}

export function liste(options) {
  const s = document.createElement("select");
  for (const [valeur, libelle] of options) {
    s.append(Object.assign(document.createElement("option"), { value: valeur, textContent: typographier(libelle) }));
  }
  return s;
}

// Le lien qui rejoue un jet ; son numéro de tirage (la graine du hasard) reste discret, rangé
// dans « Détails du tirage ». Ses 16 chiffres se voient mais ne sont pas lus à voix haute : un
// lecteur d'écran entend « Numéro de tirage : le même numéro… » (accessibilité, voir jdr.css).
function graineLisible(graine) {
  const chiffres = el("span", null, String(graine));
  chiffres.setAttribute("aria-hidden", "true");
  const span = el("span", "jdr-graine", "Numéro de tirage ");
  span.append(chiffres, typographier(" : le même numéro et les mêmes réglages redonnent les mêmes dés."));
  return span;
}

// L'adresse qui rejoue un jet dans un lanceur : la page et l'ancre du lanceur (base), puis
// la mécanique, ses réglages tels que le cœur les a rendus, et la graine.
export function adresseDeRejeu(base, mecanique, parametres, graine) {
  const url = new URL(base);
  url.search = "";
  url.searchParams.set("lanceur", mecanique);
  for (const [nom, valeur] of Object.entries(parametres || {})) {
    url.searchParams.set(nom, typeof valeur === "boolean" ? (valeur ? "1" : "0") : String(valeur));
  }
  url.searchParams.set("graine", String(graine));
  return url.href;
}

// Un jet que le cœur dit comme un jet de lanceur (r.rejeu : mécanique, réglages, dés) : ses dés
// et le lien qui le rejoue dans le lanceur dont la page et l'ancre sont `base`, même graine.
export function jetRejouable(base, r) {
  return { des: r.rejeu.des, lien: adresseDeRejeu(base, r.rejeu.mecanique, r.rejeu.parametres, r.graine) };
}

export function piedDeRejeu(texte, adresse, graine) {
  const pied = el("div", "jdr-pied");
  const lien = el("a", "jdr-lien", texte);
  lien.href = adresse;
  const details = el("details", "jdr-tirage");
  details.append(el("summary", null, "Détails du tirage"),
    graineLisible(graine));
  pied.append(lien, details);
  return pied;
}

// Le journal des jets : chaque widget qui lance des dés annonce son jet ici, en une ligne.
// Le module du journal n'est chargé qu'au premier jet (aucune requête avant).
function texteDe(noeud) {
  // Seules les espaces ordinaires se resserrent : les insécables de la page restent.
  return noeud ? noeud.textContent.replace(/[ \t\r\n\f]+/g, " ").trim() : "";
}

// jet : { titre?, des?, issue, graine?, lien?, situation?, reglages? } ; le système, la page et
// le titre se lisent sur la page. La situation et les réglages d'un jet de lanceur viennent du
// cœur (jdr_core.mecanique.Mecanique.pour_journal : seuls ceux qui diffèrent du défaut).
export function annoncerJet(racine, jet) {
  const avis = racine.querySelector(".jdr-avis-rejeu");
  if (avis) avis.remove();  // un nouveau jet n'est plus le jet rejoué
  const lanceur = racine.matches("form.jdr-lanceur");
  const source = lanceur ? "lanceur" : racine.matches(".jdr-exemple") ? "exemple" : "suivi";
  const titre = jet.titre || texteDe(racine.querySelector(lanceur ? "legend" : ".jdr-exemple-titre"));
  const entree = {
    source,
    systeme: texteDe(document.querySelector(
      ".md-nav--primary > .md-nav__list > .md-nav__item--active > .md-nav__link .md-ellipsis")),
    page: texteDe(document.querySelector('[data-md-component="header-topic"]')) || document.title,
    titre,
    reglages: [],
    ...jet,
  };
  entree.titre = titre;
  // Un jet que le journal n'a pas pu noter (stockage plein, journal illisible) le dit à côté de
  // lui-même, sous le résultat affiché, tant que ce résultat est là.
  const sortie = racine.matches("output") ? racine : racine.querySelector("output.jdr-sortie") || racine;
  const resultat = sortie.lastElementChild;
  return import("../table/journal/journal.js").then((journal) => journal.noter(entree)).then((refus) => {
    if (refus && (!resultat || resultat.parentNode === sortie)) {
      const note = el("p", "jdr-erreur jdr-jet-non-note", refus);
      note.setAttribute("role", "alert");
      sortie.append(note);
    }
    return refus;
  });
}

// Un jet déjà noté change d'aspect (dés cachés révélés) : son entrée du journal, retrouvée par
// son lien de rejeu, prend les nouveaux dés et la nouvelle issue ; aucune entrée de plus.
export function reviserJet(lien, jet) {
  return import("../table/journal/journal.js").then((journal) => journal.reviser(lien, jet));
}

// Un jet rejoué depuis un lien le dit, au-dessus de son résultat, jusqu'au prochain jet.
export function avisRejeu(racine, texte) {
  const sortie = racine.querySelector("output.jdr-sortie");
  if (!sortie) return;
  const deja = racine.querySelector(".jdr-avis-rejeu");
  if (deja) {  // un rejeu refusé corrige l'avis posé avant la réponse
    deja.textContent = typographier(texte);
    return;
  }
  const avis = el("p", "jdr-avis-rejeu", texte);
  avis.setAttribute("role", "status");
  sortie.before(avis);
}
