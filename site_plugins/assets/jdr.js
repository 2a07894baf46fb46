// Règles vivantes : branche les widgets de la page sur un worker Pyodide, et fait les
// retouches d'accessibilité de chaque page (en fin de fichier). Pour les widgets, ce module
// n'est qu'un aiguillage : chaque genre de widget (exemple, lanceur, fiche de suivi, copie locale)
// est un module, importé seulement si la page en contient. Le navigateur ne connaît aucune
// règle : il envoie des paramètres, il affiche des résultats.
import { AVEC_PYTHON, WIDGETS_A_INTENTION, auRepos, moteur } from "./moteur/client.js";

// Sélecteur du widget → module qui sait le brancher : la liste de widgets.json, que le greffon
// lit aussi pour annoncer ces modules dans l'en-tête (prechargement.py). À la construction, il
// recopie la liste ici à la place de cet import : une requête de moins.
import WIDGETS from "./widgets.json" with { type: "json" };

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
  b.addEventListener("click", async () => (await import("./table/journal/vue.js")).ouvrir(b));
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

// ---------------------------------------------------------------------------------------
// Retouches d'accessibilité, à chaque page affichée (navigation instantanée comprise). Les
// styles qui vont avec sont dans jdr.css, section « Accessibilité ». Elles vivent dans ce
// module, chargé par toutes les pages, plutôt que dans un script à part : une requête de
// moins avant la première interaction.

// La boîte de recherche de Material est un role="dialog" sans nom : on lui en donne un.
function nommerRecherche() {
  const dialogue = document.querySelector(".md-search[role='dialog']");
  if (dialogue && !dialogue.hasAttribute("aria-label")) dialogue.setAttribute("aria-label", "Recherche dans les règles");
}

// Un tableau large ou un code long qui défile doit pouvoir défiler au clavier : il reçoit
// le focus (tabindex="0") et un nom, seulement quand il défile vraiment à cette largeur.
function defilables() {
  const blocs = document.querySelectorAll(".md-typeset__scrollwrap, .md-typeset pre > code");
  let numero = 0;
  for (const bloc of blocs) {
    numero += 1;
    const defile = bloc.scrollWidth > bloc.clientWidth + 1;
    const pose = bloc.dataset.jdrDefilable === "oui";
    if (defile && !pose && !bloc.hasAttribute("tabindex")) {
      const tableau = bloc.matches(".md-typeset__scrollwrap");
      bloc.setAttribute("tabindex", "0");
      bloc.setAttribute("role", "region");
      // Un nom par bloc (numéroté dans la page) : deux régions ne portent jamais le même.
      const entetes = tableau ? [...bloc.querySelectorAll("thead th")].map((th) => th.textContent.trim()).filter(Boolean) : [];
      const sujet = entetes.length ? `Tableau ${numero} (${entetes.slice(0, 3).join(", ")})` : `${tableau ? "Tableau" : "Code"} ${numero}`;
      bloc.setAttribute("aria-label", `${sujet}, défile horizontalement`);
      bloc.dataset.jdrDefilable = "oui";
    } else if (!defile && pose) {
      for (const attribut of ["tabindex", "role", "aria-label", "data-jdr-defilable"]) bloc.removeAttribute(attribut);
    }
  }
}

// Les titres d'un widget (fiche de suivi, combat) suivent ceux de la page : un h4 posé
// juste sous le h1 est annoncé au niveau 2 (aria-level), sans toucher au balisage du widget.
const NIVEAUX = "h1, h2, h3, h4, h5, h6";
function niveauxDesTitres(widget) {
  let base = 1;
  for (const titre of document.querySelectorAll(`article ${NIVEAUX.replaceAll(", ", ", article ")}`)) {
    if (widget.contains(titre)) continue;
    if (!(titre.compareDocumentPosition(widget) & Node.DOCUMENT_POSITION_FOLLOWING)) break;
    base = Number(titre.tagName[1]);
  }
  const titres = [...widget.querySelectorAll(NIVEAUX)];
  if (!titres.length) return;
  const haut = Math.min(...titres.map((t) => Number(t.tagName[1])));
  for (const titre of titres) {
    const niveau = Math.min(6, base + 1 + Number(titre.tagName[1]) - haut);
    if (niveau === Number(titre.tagName[1])) titre.removeAttribute("aria-level");
    else if (titre.getAttribute("aria-level") !== String(niveau)) titre.setAttribute("aria-level", String(niveau));
  }
}
const observes = new WeakSet();
function suivreLesWidgets() {
  for (const widget of document.querySelectorAll(".jdr-fiche")) {
    niveauxDesTitres(widget);
    if (observes.has(widget)) continue;
    observes.add(widget);
    new MutationObserver(() => niveauxDesTitres(widget)).observe(widget, { childList: true, subtree: true });
  }
}

// Les chiffres des graphiques de deux lanceurs d'une page portent le même nom de région :
// chacun y ajoute le nom de son lanceur (la légende du formulaire), pour les distinguer.
function regionsDistinctes() {
  for (const region of document.querySelectorAll(".jdr-lanceur [role='region'][aria-label]")) {
    const legende = region.closest("fieldset")?.querySelector("legend")?.textContent.trim();
    const nom = region.getAttribute("aria-label");
    if (legende && !nom.endsWith(`(${legende})`)) region.setAttribute("aria-label", `${nom} (${legende})`);
  }
}
let prevu = false;
function lanceursObserves() {
  // Le lanceur remplace son graphique à chaque réglage : on renomme après chaque rendu.
  for (const form of document.querySelectorAll(".jdr-lanceur")) {
    if (observes.has(form)) continue;
    observes.add(form);
    new MutationObserver(() => {
      if (prevu) return;
      prevu = true;
      requestAnimationFrame(() => { prevu = false; regionsDistinctes(); });
    }).observe(form, { childList: true, subtree: true });
  }
  regionsDistinctes();
}

function retoucher() {
  nommerRecherche();
  suivreLesWidgets();
  lanceursObserves();
  // Après Material : il enveloppe les tableaux dans le même tour de page.
  requestAnimationFrame(defilables);
}

// La recherche ne construit son index qu'à la demande (recherche-worker.js, posé par le
// greffon à la place du worker de Material). Dès que le lecteur s'approche de la boîte de
// recherche (survol, focus, raccourci clavier), on le dit à ce worker : l'index se construit
// pendant qu'il tape. Le canal touche aussi les autres onglets du site : sans dommage.
const CANAL_RECHERCHE = "regles-vivantes-recherche"; // même nom dans recherche-worker.js
let rechercheAnnoncee = false;
function annoncerRecherche(e) {
  if (rechercheAnnoncee || !(e.target instanceof Element) || !e.target.closest(".md-search, label[for='__search']")) return;
  rechercheAnnoncee = true;
  if ("BroadcastChannel" in window) new BroadcastChannel(CANAL_RECHERCHE).postMessage("charger");
}
for (const type of ["pointerover", "focusin", "touchstart"]) {
  document.addEventListener(type, annoncerRecherche, { passive: true });
}

let attente = 0;
addEventListener("resize", () => {
  clearTimeout(attente);
  attente = setTimeout(defilables, 150);
});
// Un repli ouvert (« Voir le code ») peut révéler un code qui défile.
document.addEventListener("toggle", () => requestAnimationFrame(defilables), true);

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
  const carte = JSON.parse(bloc.textContent);
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
