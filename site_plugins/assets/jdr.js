// Règles vivantes : branche les widgets de la page sur un worker Pyodide. Ce module n'est
// qu'un aiguillage : chaque genre de widget (exemple, lanceur, fiche de suivi, copie locale)
// est un module, importé seulement si la page en contient. Le navigateur ne connaît aucune
// règle : il envoie des paramètres, il affiche des résultats.
import { auRepos, moteur } from "./moteur.js";

// Sélecteur du widget → module qui sait le brancher.
const WIDGETS = [
  [".jdr-exemple", "./exemple.js"],
  ["form.jdr-lanceur", "./lanceur.js"],
  [".jdr-fiche", "./suivi.js"],
  [".jdr-copie-locale", "./copie-locale.js"],
];
// Les widgets qui parlent à Python (la copie locale n'en a pas besoin).
const AVEC_PYTHON = ".jdr-exemple, form.jdr-lanceur, .jdr-fiche";

// Un lanceur envoyé avant que son module soit chargé : pas d'envoi natif du formulaire
// (qui rechargerait la page) ; le jet part dès que le module est branché.
document.addEventListener("submit", (e) => {
  const form = e.target;
  if (form instanceof HTMLFormElement && form.matches("form.jdr-lanceur") && form.dataset.branche !== "pret") {
    e.preventDefault();
    form.dataset.enAttente = "1";
  }
}, true);

// Un clic sur un bouton de widget avant que son module soit chargé n'est pas perdu : il est
// rejoué dès que le widget est branché (les modules arrivent par import dynamique).
const clicsEnAttente = new WeakMap();
document.addEventListener("click", (e) => {
  const bouton = e.target instanceof Element ? e.target.closest("button") : null;
  const widget = bouton && bouton.closest('[data-branche="1"]');
  if (widget) {
    e.preventDefault();
    e.stopPropagation();
    clicsEnAttente.set(widget, bouton);
  }
}, true);

async function brancher() {
  for (const [selecteur, chemin] of WIDGETS) {
    const nouveaux = [...document.querySelectorAll(`${selecteur}:not([data-branche])`)];
    if (!nouveaux.length) continue;
    for (const w of nouveaux) w.dataset.branche = "1";
    const module = await import(chemin);
    for (const w of nouveaux) {
      module.brancher(w);
      w.dataset.branche = "pret";  // lisible par les tests : le widget écoute désormais
      const clic = clicsEnAttente.get(w);
      if (clic) {
        clicsEnAttente.delete(w);
        clic.click();
      }
    }
  }
  const widgets = document.querySelectorAll(AVEC_PYTHON);
  if (!widgets.length) return;
  // Le worker démarre dès qu'un widget va servir (survol, focus, toucher)…
  for (const w of widgets) {
    for (const type of ["pointerenter", "focusin", "touchstart"]) {
      w.addEventListener(type, () => moteur.demarrer(), { once: true, passive: true });
    }
  }
  // … ou quand la page est au repos.
  auRepos(() => moteur.demarrer());
  if (document.querySelector("form.jdr-lanceur")) (await import("./lanceur.js")).rejouer();
}

if (window.document$ && typeof window.document$.subscribe === "function") {
  window.document$.subscribe(() => brancher());
} else if (document.readyState === "loading") {
  document.addEventListener("DOMContentLoaded", () => brancher());
} else {
  brancher();
}
