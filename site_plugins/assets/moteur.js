// Le moteur : un seul worker Pyodide par onglet, gardé à travers la navigation instantanée.
// Il ne connaît aucune règle : il transmet une requête JSON au pont Python et rend la réponse.
export const BASE = new URL(".", import.meta.url);
const DELAI_MAX_MS = 20000;

export const MESSAGES = {
  attente: "",
  telechargement: "Chargement du moteur de règles…",
  demarrage: "Démarrage du moteur de règles…",
  // Prêt : rien à dire, l'état ne se montre que pendant le chargement ou en cas d'échec.
  pret: "",
  echec: "Le moteur de règles n'a pas pu se charger : les résultats affichés restent ceux de la page.",
};

// Ceux qui veulent suivre l'état du moteur (lanceurs, exemples en attente).
const abonnes = new Set();

export const moteur = {
  worker: null,
  demarrages: 0,
  etat: "attente",
  detail: "",
  suivant: 1,
  enCours: new Map(),
  chien: null,

  demarrer() {
    if (this.worker) return;
    let worker;
    try {
      worker = new Worker(new URL("jdr-worker.js", BASE), { type: "module" });
    } catch (erreur) {
      this.changer("echec", String(erreur));
      return;
    }
    this.worker = worker;
    // Compteur lisible par les tests : un seul worker par onglet, même après navigation.
    document.documentElement.dataset.jdrWorkers = String(++this.demarrages);
    this.changer("telechargement");
    this.chien = setTimeout(() => {
      if (this.etat !== "pret") this.abandonner("délai de chargement dépassé (20 s)");
    }, DELAI_MAX_MS);
    worker.onmessage = (e) => this.recevoir(e.data);
    worker.onerror = (e) => {
      e.preventDefault();
      this.abandonner(e.message || "erreur du worker");
    };
  },

  abandonner(raison) {
    if (this.worker) this.worker.terminate();
    this.worker = null;
    clearTimeout(this.chien);
    for (const attente of this.enCours.values()) {
      clearTimeout(attente.minuteur);
      attente.resoudre({ erreur: `Le moteur de règles ne répond pas (${raison}). Réessayez : il sera relancé.` });
    }
    this.enCours.clear();
    this.changer("echec", raison);
  },

  recevoir(message) {
    if (message.mesures) document.documentElement.dataset.jdrMesures = JSON.stringify(message.mesures);
    if (message.etat) {
      if (message.etat === "pret" || message.etat === "echec") clearTimeout(this.chien);
      if (message.etat === "echec") return this.abandonner(message.detail);
      return this.changer(message.etat, message.detail);
    }
    const attente = this.enCours.get(message.id);
    if (!attente) return;
    clearTimeout(attente.minuteur);
    this.enCours.delete(message.id);
    attente.resoudre(message.reponse);
  },

  demander(requete) {
    this.demarrer();
    if (!this.worker) return Promise.resolve({ erreur: MESSAGES.echec });
    const id = this.suivant++;
    return new Promise((resoudre) => {
      const minuteur = setTimeout(() => this.abandonner("aucune réponse en 20 s"), DELAI_MAX_MS);
      this.enCours.set(id, { resoudre, minuteur });
      this.worker.postMessage({ id, requete });
    });
  },

  changer(etat, detail) {
    this.etat = etat;
    this.detail = detail || "";
    document.documentElement.dataset.jdrMoteur = etat;
    for (const abonne of abonnes) abonne(etat);
  },

  abonner(fonction) {
    abonnes.add(fonction);
  },
};

// Une zone d'état (« Chargement du moteur de règles… », échec) qui suit le moteur.
export function afficherEtat(zone) {
  zone.textContent = MESSAGES[moteur.etat] || "";
  zone.dataset.etat = moteur.etat;
  if (moteur.etat === "echec" && moteur.detail) zone.title = moteur.detail;
}

// Quand la page est au repos (ou au plus tard après quelques secondes).
export function auRepos(f) {
  if (window.requestIdleCallback) window.requestIdleCallback(f, { timeout: 4000 });
  else setTimeout(f, 2000);
}
