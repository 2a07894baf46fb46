// Recherche sans calcul à l'ouverture de la page (worker classique, pas un module).
//
// Le worker de recherche de Material construit l'index lunr de tout le site dès qu'une page
// s'ouvre : environ 0,5 s de calcul (tracé Chromium d'une seconde visite, 219 sections),
// pendant que Python démarre sur l'autre cœur. Le greffon pose ce worker-ci à côté de celui
// de Material (même dossier : ses chemins relatifs vers lunr restent justes) et le met à sa
// place dans la configuration des pages (__config.search). Il répond « prêt » tout de suite,
// garde ce que la page lui envoie, et ne charge le worker de Material (importScripts, même
// fil) que lorsque la page annonce une recherche (survol ou focus de la boîte, voir jdr.js),
// à la première requête, ou après ATTENTE_MS. Il lui donne alors la mise en place,
// attend son « prêt » (sa mise en place est asynchrone) et lui rejoue les requêtes gardées.
// Protocole de Material (type) : 0 mise en place, 1 prêt, 2 requête, 3 résultat.
const MATERIAL = "__WORKER_MATERIAL__"; // remplacé à la construction (greffon jdr)
const ATTENTE_MS = 4000;
const MISE_EN_PLACE = 0;
const PRET = 1;
const REQUETE = 2;
const RESULTAT = 3;

let etat = "attente"; // puis "chargement", puis "pret" : Material répond seul
let rejeu = false;
const gardes = [];

function rejouer(data) {
  rejeu = true;
  try {
    self.dispatchEvent(new MessageEvent("message", { data }));
  } finally {
    rejeu = false;
  }
}

function charger() {
  if (etat !== "attente") return;
  etat = "chargement";
  const poster = self.postMessage.bind(self);
  const miseEnPlace = gardes.find((data) => data && data.type === MISE_EN_PLACE);
  const finir = () => {
    self.postMessage = poster;
    etat = "pret";
    for (const data of gardes.splice(0)) if (data !== miseEnPlace) rejouer(data);
  };
  // Le « prêt » de Material ne repart pas vers la page, qui a déjà eu le nôtre.
  self.postMessage = (message, ...reste) => {
    if (message && message.type === PRET) return finir();
    return poster(message, ...reste);
  };
  importScripts(new URL(MATERIAL, self.location.href).href);
  if (miseEnPlace) rejouer(miseEnPlace);
  else finir();
}

// La page annonce qu'une recherche approche (jdr.js : survol ou focus de la boîte).
if (self.BroadcastChannel) new BroadcastChannel("regles-vivantes-recherche").onmessage = () => charger();

// Écouteur posé avant celui de Material : tant que Material n'est pas prêt, il garde tout.
self.addEventListener("message", (evenement) => {
  if (rejeu || etat === "pret") return;
  evenement.stopImmediatePropagation();
  const { type, data } = evenement.data || {};
  // La page envoie la requête vide dès le « prêt » (champ vide) : sa réponse n'a pas
  // besoin de l'index, c'est celle de Material pour un texte vide.
  if (etat === "attente" && type === REQUETE && typeof data === "string" && !data.trim()) {
    self.postMessage({ type: RESULTAT, data: { items: [] } });
    return;
  }
  gardes.push(evenement.data);
  if (etat !== "attente") return;
  if (type === MISE_EN_PLACE) {
    self.postMessage({ type: PRET });
    setTimeout(charger, ATTENTE_MS);
  } else {
    charger();
  }
});
