// La recherche ne construit son index qu'à la demande (recherche-worker.js, posé par le greffon à la
// place du worker de Material). Sur chaque page (jdr.js importe ce module), dès que le lecteur
// s'approche de la boîte de recherche (survol, focus, raccourci clavier), on le dit à ce worker :
// l'index se construit pendant qu'il tape. Le canal touche aussi les autres onglets du site : sans dommage.
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
