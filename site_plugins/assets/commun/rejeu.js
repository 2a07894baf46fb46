// Les liens qui rejouent un jet (même mécanique, mêmes réglages, même graine) : leur adresse, le
// pied qui les montre sous un résultat, et l'avis d'un jet rejoué depuis un lien.
import { el } from "./dom.js";
import { typographier } from "./francais.js";

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
