// Petits outils d'affichage : uniquement des nœuds texte, jamais de HTML construit.
import { typographier } from "./francais.js";

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

// Un champ de texte ; sa longueur maximale est celle que le cœur donne (sans elle, aucune borne ici).
export function texte(valeur, longueurMax, indication) {
  const i = Object.assign(document.createElement("input"), { type: "text", value: valeur });
  if (longueurMax !== undefined) i.maxLength = longueurMax;
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
