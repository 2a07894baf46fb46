// Règles vivantes : branche les widgets de la page sur un worker Pyodide. Ce module n'est
// qu'un aiguillage : chaque genre de widget (exemple, lanceur, fiche de suivi, copie locale)
// est un module, importé seulement si la page en contient. Le navigateur ne connaît aucune
// règle : il envoie des paramètres, il affiche des résultats.
import { AVEC_PYTHON, auRepos, moteur } from "./moteur.js";

// Sélecteur du widget → module qui sait le brancher.
const WIDGETS = [
  [".jdr-exemple", "./exemple.js"],
  ["form.jdr-lanceur", "./lanceur.js"],
  [".jdr-fiche", "./suivi.js"],
  [".jdr-copie-locale", "./copie-locale.js"],
  [".jdr-journal", "./journal.js"],
];

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

// Le bouton « Journal des jets » de l'en-tête (gardé par la navigation instantanée) ; le
// panneau du journal n'est chargé qu'au clic.
function boutonJournal() {
  const titre = document.querySelector(".md-header__title");
  if (!titre || document.querySelector(".jdr-journal-bouton")) return;
  const b = Object.assign(document.createElement("button"), { type: "button", title: "Journal des jets" });
  b.className = "md-header__button md-icon jdr-journal-bouton";
  b.setAttribute("aria-label", "Journal des jets");
  b.setAttribute("aria-haspopup", "dialog");
  const svg = document.createElementNS("http://www.w3.org/2000/svg", "svg");
  svg.setAttribute("viewBox", "0 0 24 24");
  svg.setAttribute("aria-hidden", "true");
  const trace = document.createElementNS("http://www.w3.org/2000/svg", "path");
  trace.setAttribute("d", "M13.5 8H12v5l4.28 2.54.72-1.21-3.5-2.08zM13 3a9 9 0 0 0-9 9H1l3.96 4.03L9 12H6a7 7 0 0 1 7-7 7 7 0 0 1 7 7 7 7 0 0 1-7 7c-1.93 0-3.68-.79-4.94-2.06l-1.42 1.42A8.9 8.9 0 0 0 13 21a9 9 0 0 0 9-9 9 9 0 0 0-9-9");
  svg.append(trace);
  b.append(svg);
  b.addEventListener("click", async () => (await import("./journal.js")).ouvrir(b));
  titre.after(b);
}

async function brancher() {
  boutonJournal();
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
      w.addEventListener(type, () => moteur.precharger(), { once: true, passive: true });
    }
  }
  // … ou quand la page est au repos.
  auRepos(() => moteur.precharger());
  if (document.querySelector("form.jdr-lanceur")) (await import("./lanceur.js")).rejouer();
}

if (window.document$ && typeof window.document$.subscribe === "function") {
  window.document$.subscribe(() => brancher());
} else if (document.readyState === "loading") {
  document.addEventListener("DOMContentLoaded", () => brancher());
} else {
  brancher();
}
