// Petits outils d'affichage : uniquement des nœuds texte, jamais de HTML construit.
export function el(balise, classe, texte) {
  const n = document.createElement(balise);
  if (classe) n.className = classe;
  if (texte !== undefined) n.textContent = texte;
  return n;
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
    s.append(Object.assign(document.createElement("option"), { value: valeur, textContent: libelle }));
  }
  return s;
}

// Le lien qui rejoue un jet ; la graine reste discrète, rangée dans « Détails du tirage ».
export function piedDeRejeu(texte, adresse, graine) {
  const pied = el("div", "jdr-pied");
  const lien = el("a", "jdr-lien", texte);
  lien.href = adresse;
  const details = el("details", "jdr-tirage");
  details.append(el("summary", null, "Détails du tirage"),
    el("span", "jdr-graine", `Graine ${graine} : la même graine et les mêmes réglages redonnent les mêmes dés.`));
  pied.append(lien, details);
  return pied;
}
