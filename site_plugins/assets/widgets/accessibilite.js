// Retouches d'accessibilité, à chaque page affichée (navigation instantanée comprise) : jdr.js
// appelle retoucher(). Les styles qui vont avec sont dans jdr.css, section « Accessibilité ».
// Importé par jdr.js, et donc annoncé dans l'en-tête de chaque page avec lui.

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

export function retoucher() {
  nommerRecherche();
  suivreLesWidgets();
  lanceursObserves();
  // Après Material : il enveloppe les tableaux dans le même tour de page.
  requestAnimationFrame(defilables);
}

let attente = 0;
addEventListener("resize", () => {
  clearTimeout(attente);
  attente = setTimeout(defilables, 150);
});
// Un repli ouvert (« Voir le code ») peut révéler un code qui défile.
document.addEventListener("toggle", () => requestAnimationFrame(defilables), true);

