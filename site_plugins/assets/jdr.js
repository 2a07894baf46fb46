// Règles vivantes : branche les widgets de la page sur un worker Pyodide, et fait les
// retouches d'accessibilité de chaque page (widgets/accessibilite.js). Pour les widgets, ce module
// n'est qu'un aiguillage : chaque genre de widget (exemple, lanceur, fiche de suivi, copie locale)
// est un module, importé seulement si la page en contient. Le navigateur ne connaît aucune
// règle : il envoie des paramètres, il affiche des résultats.
import { AVEC_PYTHON, WIDGETS_A_INTENTION, auRepos, moteur } from "./moteur/client.js";
import "./hors-ligne/versions.js";
import "./recherche/annonce.js";
import { retoucher } from "./widgets/accessibilite.js";

// Sélecteur du widget → module qui sait le brancher : la liste de widgets.json, que le greffon
// lit aussi pour annoncer ces modules dans l'en-tête (prechargement.py), et recopie dans la
// configuration du site.
import "./configuration.js";
const WIDGETS = globalThis.JDR_CONFIGURATION.widgets;

// Une intention, une opération, pour tous les widgets à la fois (avant leurs propres écouteurs) :
//   - le second clic d'un double clic (ou d'un triple clic, d'un double toucher), que le navigateur
//     marque d'un compte de clics (detail) de 2 ou plus, ne relance rien, même s'il arrive après
//     le résultat du premier (un double clic lent, à 250 ms) : un nouveau jet est un nouvel appui ;
//   - une touche Entrée ou Espace tenue enfoncée (répétition du clavier) ne clique qu'une fois.
// Les boutons marqués data-repetable (aucun aujourd'hui) échappent à la règle.
const BOUTONS_A_INTENTION = `:is(${WIDGETS_A_INTENTION}) :is(button, input[type=submit]):not([data-repetable])`;
window.addEventListener("click", (e) => {
  const cible = e.target instanceof Element ? e.target.closest(BOUTONS_A_INTENTION) : null;
  if (cible && e.detail > 1) {
    e.preventDefault();
    e.stopImmediatePropagation();
  }
}, true);
window.addEventListener("keydown", (e) => {
  if (!e.repeat || !(e.target instanceof Element)) return;
  const bouton = (e.key === "Enter" || e.key === " ") && e.target.matches(BOUTONS_A_INTENTION);
  // Entrée dans un champ envoie le formulaire (un lanceur) ; Ctrl+Entrée exécute un exemple modifié.
  const envoi = e.key === "Enter" && e.target.closest(WIDGETS_A_INTENTION)
    && (e.ctrlKey || e.metaKey || !e.target.matches("textarea"));
  if (bouton || envoi) {
    e.preventDefault();
    e.stopImmediatePropagation();
  }
}, true);

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
  // Son module qui ne vient pas (hors ligne avant que le service worker garde les fichiers du site) :
  // le bouton le dit, sans erreur laissée sans réponse ; le navigateur garde l'échec jusqu'au rechargement.
  b.addEventListener("click", () => import("./table/journal/vue.js").then((vue) => vue.ouvrir(b), () => {
    const raison = "Journal des jets indisponible (réseau coupé ?) : rechargez la page une fois le réseau revenu.";
    b.title = raison;
    b.setAttribute("aria-label", raison);
  }));
  titre.after(b);
}

// Un lien de rejeu (?lanceur=… ou ?exemple=…) qui vise un widget absent de la page : on le
// dit, au lieu de l'ignorer en silence. Le nom reçu est écrit comme texte, tronqué.
function lienSansCible() {
  const params = new URLSearchParams(window.location.search);
  const manque = [];
  const lanceur = params.get("lanceur");
  const exemple = params.get("exemple");
  const cite = (nom) => `«\u202f${nom.slice(0, 60)}\u202f»`;
  if (lanceur && !document.querySelector(`form.jdr-lanceur[data-mecanique="${CSS.escape(lanceur)}"]`)) {
    manque.push(`le lanceur ${cite(lanceur)}`);
  }
  if (exemple && !document.querySelector(`.jdr-exemple[data-exemple="${CSS.escape(exemple)}"]`)) {
    manque.push(`l'exemple ${cite(exemple)}`);
  }
  const article = document.querySelector("article");
  if (!manque.length || !article || article.querySelector(".jdr-lien-sans-cible")) return;
  const avis = document.createElement("p");
  avis.className = "jdr-lien-sans-cible";
  avis.setAttribute("role", "alert");
  avis.textContent = `Ce lien vise ${manque.join(" et ")}, qui n'est pas sur cette page\u00a0: rien n'a été rejoué.`;
  article.prepend(avis);
}

async function brancher() {
  boutonJournal();
  lienSansCible();
  // Les modules des widgets de la page sont demandés ensemble (pas l'un après l'autre :
  // chacun coûterait un aller-retour de plus avant que Python puisse partir).
  const lots = WIDGETS.map(([selecteur, chemin]) => [chemin, [...document.querySelectorAll(`${selecteur}:not([data-branche])`)]])
    .filter(([, nouveaux]) => nouveaux.length);
  for (const [, nouveaux] of lots) for (const w of nouveaux) w.dataset.branche = "1";
  const modules = await Promise.allSettled(lots.map(([chemin]) => import(chemin)));
  lots.forEach(([, nouveaux], i) => {
    // Un module qui n'a pas pu venir (réseau coupé) : ses widgets restent tels que la page
    // les montre, et un nouvel affichage de la page réessaiera.
    if (modules[i].status !== "fulfilled") {
      for (const w of nouveaux) delete w.dataset.branche;
      return;
    }
    for (const w of nouveaux) {
      modules[i].value.brancher(w);
      w.dataset.branche = "pret";  // lisible par les tests : le widget écoute désormais
      const clic = clicsEnAttente.get(w);
      if (clic) {
        clicsEnAttente.delete(w);
        clic.click();
      }
    }
  });
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
  if (document.querySelector("form.jdr-lanceur")) (await import("./widgets/lanceur.js")).rejouer();
}

// Visite de retour : le worker est déjà parti de la tête de la page (amorce.js, qui seul juge
// de l'indice d'instantané et des widgets) ; le moteur l'adopte dès que ce module s'exécute.
// À la première visite, rien ne part d'ici (repos ou premier geste).
if (window.__jdrAmorce) moteur.precharger();

// Une page scindée (site_plugins/renvois.py) : un lien vers l'une de ses anciennes ancres, gardé dans
// un favori ou un journal de jets, mène à la page qui a reçu la section, requête (graine, réglages)
// et ancre comprises, sans entrée d'historique. Rend vrai si la page s'en va.
function ancreDeplacee() {
  const bloc = document.getElementById("jdr-ancres-deplacees");
  if (!bloc || location.hash.length < 2) return false;
  let ancre;
  try {
    ancre = decodeURIComponent(location.hash.slice(1));
  } catch {
    return false;
  }
  let carte;
  try {
    carte = JSON.parse(bloc.content.textContent); // un <template> : son texte est dans son contenu
  } catch {
    return false;
  }
  if (document.getElementById(ancre) || !Object.hasOwn(carte, ancre)) return false;
  const vers = new URL(carte[ancre], location.href);
  vers.search = location.search;
  vers.hash = location.hash;
  location.replace(vers.href);
  return true;
}
addEventListener("hashchange", ancreDeplacee);

function afficher() {
  if (ancreDeplacee()) return;
  retoucher();
  brancher();
}

if (window.document$ && typeof window.document$.subscribe === "function") {
  window.document$.subscribe(afficher);
} else if (document.readyState === "loading") {
  document.addEventListener("DOMContentLoaded", afficher);
} else {
  afficher();
}
