// Le moteur : un seul worker Pyodide par onglet, gardé à travers la navigation instantanée.
// Il ne connaît aucune règle : il transmet une requête JSON au pont Python et rend la réponse.
//
// Réseau lent : le worker télécharge Python en annonçant sa progression ; la page l'affiche
// (barre, mégaoctets reçus, temps restant estimé) et ne juge que le silence : tant que des
// octets arrivent, on attend. Un nouvel essai reprend avec les octets déjà reçus.
import { avis } from "./chargement.js";
import { verifierRequete } from "./requete.js";
import "../configuration.js";

// Le dossier des fichiers du site (assets/jdr/), d'où partent les adresses des modules et du worker.
export const BASE = new URL("../", import.meta.url);
// Les widgets qui parlent à Python (la copie locale et le journal n'en ont pas besoin).
export const AVEC_PYTHON = ".jdr-exemple, form.jdr-lanceur, .jdr-fiche";
// Les widgets dont un bouton fait une opération (jet, écriture) : une intention, une opération (jdr.js).
export const WIDGETS_A_INTENTION = `${AVEC_PYTHON}, .jdr-jet, .jdr-jet-panneau, .jdr-journal-vue`;
// Les délais, en millisecondes, viennent de la configuration de la construction (option
// « delais » du greffon jdr : 20 s, 60 s et 20 s sur le site publié, plus courts pour les tests).
const DELAIS = globalThis.JDR_CONFIGURATION.delais;
// Sans aucune nouvelle du worker pendant le téléchargement (le worker, lui, abandonne plus tôt
// quand aucun octet n'arrive, et le dit) ou pendant le démarrage de Python (travail du processeur).
const SILENCE_TELECHARGEMENT_MS = DELAIS.silenceTelechargement;
const SILENCE_DEMARRAGE_MS = DELAIS.silenceDemarrage;
// Une fois Python prêt, une requête sans réponse après ce délai signale un worker bloqué.
const DELAI_REPONSE_MS = DELAIS.reponse;

export const MESSAGES = {
  attente: "",
  telechargement: "Chargement du moteur de règles…",
  demarrage: "Démarrage du moteur de règles…",
  // Prêt : rien à dire, l'état ne se montre que pendant le chargement.
  pret: "",
  // L'échec est annoncé une seule fois, par l'avis de chargement de la page (chargement.js) :
  // les zones d'état des widgets restent vides pour ne pas le répéter.
  echec: "",
};
const PAS_DE_CALCUL = "Pas de calcul : le moteur de règles est indisponible (voyez l'avis en bas de la page).";

// Ce que la page contient : le worker ne préchauffe que ces systèmes-là.
function indicesDeLaPage() {
  const valeurs = (selecteur, cle) => [...document.querySelectorAll(selecteur)].map((e) => e.dataset[cle]);
  const modules = new Set();
  for (const code of document.querySelectorAll(".jdr-exemple-code")) {
    for (const m of code.textContent.matchAll(/jdr_core\.(\w+)/g)) modules.add(m[1]);
  }
  return {
    mecaniques: valeurs("[data-mecanique]", "mecanique"),
    systemes: valeurs("[data-systeme]", "systeme"),
    modules: [...modules],
  };
}

// Ceux qui veulent suivre l'état du moteur (lanceurs, exemples en attente).
const abonnes = new Set();
// Le worker a fini son travail de fond (préchauffage, instantané), ou le moteur a échoué :
// le service worker peut s'installer sans rien disputer à Python.
let finirFond;
export const fondFini = new Promise((resoudre) => {
  finirFond = resoudre;
});

export const moteur = {
  worker: null,
  demarrages: 0,
  etat: "attente",
  detail: "",
  suivant: 1,
  enCours: new Map(),
  chien: null,
  dernierSigne: 0,
  dernierTour: 0,  // le dernier tour du chien de garde
  arreteApresPret: false,
  // { recus, total } en octets, et les derniers relevés pour estimer le débit.
  progression: null,
  releves: [],
  // Les octets reçus par un worker abandonné, rendus au suivant (requête Range).
  partiels: {},

  // Préchargement (survol, focus, page au repos) : jamais après un échec, sinon l'avis
  // d'échec disparaîtrait sous un nouveau téléchargement que personne n'a demandé ; seul un
  // geste du lecteur (« Réessayer », un bouton d'un widget) relance le moteur.
  precharger() {
    if (this.etat !== "echec") this.demarrer();
  },

  demarrer() {
    if (this.worker) return;
    this.arreteApresPret = false;
    // Le worker parti de la tête de la page (amorce.js, visite de retour) est adopté une fois.
    const amorce = window.__jdrAmorce;
    window.__jdrAmorce = null;
    let worker;
    if (amorce) {
      worker = amorce.worker;
      worker.postMessage({ indices: indicesDeLaPage() });
    } else {
      try {
        worker = new Worker(new URL("moteur/jdr-worker.js", BASE), { type: "module" });
      } catch {
        this.changer("echec", "ce navigateur refuse de lancer le moteur de règles");
        return;
      }
      const partiels = this.partiels;
      this.partiels = {};
      worker.postMessage({ init: { indices: indicesDeLaPage(), partiels, variantesGz: variantesRetenues() } },
        Object.values(partiels));
    }
    this.worker = worker;
    // Compteur lisible par les tests : un seul worker par onglet, même après navigation.
    document.documentElement.dataset.jdrWorkers = String(++this.demarrages);
    this.progression = null;
    this.releves = [];
    this.changer("telechargement");
    this.dernierSigne = this.dernierTour = performance.now();
    clearInterval(this.chien);
    this.chien = setInterval(() => this.veiller(), 1000);
    // Ce que le worker adopté a déjà dit, dans l'ordre, avant d'écouter la suite (dans la même
    // tâche : aucun message ne peut se glisser entre les deux).
    if (amorce) for (const message of amorce.recus.splice(0)) if (this.worker === worker) this.recevoir(message);
    if (this.worker !== worker) return;  // un « echec » rejoué a déjà tout arrêté
    worker.onmessage = (e) => this.recevoir(e.data);
    worker.onerror = (e) => {
      e.preventDefault();
      this.abandonner("une erreur l'a interrompu");
    };
  },

  // Le chien de garde juge le silence, jamais la durée totale. Un tour très en retard dit que
  // la page elle-même était occupée : les messages du worker arrivés entre-temps attendent
  // encore leur tour, on les laisse passer avant de juger.
  veiller() {
    const maintenant = performance.now();
    const enRetard = maintenant - this.dernierTour > 2000;
    this.dernierTour = maintenant;
    if (enRetard) return;
    const silence = maintenant - this.dernierSigne;
    if (this.etat === "telechargement" && silence > SILENCE_TELECHARGEMENT_MS) {
      this.abandonner(`plus rien n'est arrivé depuis ${Math.round(silence / 1000)} secondes`);
    } else if (this.etat === "demarrage" && silence > SILENCE_DEMARRAGE_MS) {
      this.abandonner("Python ne termine pas son démarrage");
    }
  },

  abandonner(raison) {
    // Lisible par les tests, comme le compteur : pourquoi et à quel moment le worker a été arrêté.
    document.documentElement.dataset.jdrAbandon = `${this.etat} : ${raison}`;
    // Prêt puis arrêté : l'avis dit « s'est arrêté », pas « n'a pas pu se charger ».
    this.arreteApresPret = this.etat === "pret";
    if (this.worker) this.worker.terminate();
    this.worker = null;
    clearInterval(this.chien);
    for (const attente of this.enCours.values()) {
      clearTimeout(attente.minuteur);
      attente.resoudre({ erreur: PAS_DE_CALCUL, moteur: "echec" });
    }
    this.enCours.clear();
    this.changer("echec", raison);
  },

  recevoir(message) {
    this.dernierSigne = performance.now();
    // Le worker a parlé : il avance dans sa file, les requêtes qui y attendent encore
    // reprennent leur délai de réponse à zéro (voir armer).
    if (this.etat === "pret") for (const [id, attente] of this.enCours) if (attente.minuteur) this.armer(id, attente);
    if (message.mesures) {
      document.documentElement.dataset.jdrMesures = JSON.stringify(message.mesures);
      noterInstantane(message.mesures.instantane);
    }
    if (message.partiels) this.partiels = message.partiels;
    if (message.fond) {
      noterVariantes(message.mesures && message.mesures.variantes_gz);
      finirFond();
    }
    if (message.progression) {
      this.progression = message.progression;
      this.releves.push([this.dernierSigne, message.progression.recus]);
      while (this.releves.length > 2 && this.dernierSigne - this.releves[0][0] > 6000) this.releves.shift();
      avis.montrer(this);
    }
    if (message.etat) {
      if (message.etat === "echec") return this.abandonner(message.detail);
      return this.changer(message.etat, message.detail);
    }
    const attente = this.enCours.get(message.id);
    if (!attente) return;
    clearTimeout(attente.minuteur);
    this.enCours.delete(message.id);
    attente.resoudre(message.reponse);
  },

  // Le délai de réponse ne court qu'une fois Python prêt : avant, c'est le chargement qui
  // est surveillé (un réseau lent n'est pas une panne). Lui aussi juge le silence : chaque
  // message du worker (une réponse, la fin du préchauffage) le relance pour toute la file.
  // Dix clics d'un coup derrière le travail de fond d'une machine chargée ne sont pas un
  // worker bloqué ; un worker muet pendant tout le délai, si.
  armer(id, attente) {
    clearTimeout(attente.minuteur);
    attente.minuteur = setTimeout(() => {
      if (this.enCours.get(id) === attente) {
        this.abandonner(`il ne répondait plus depuis ${Math.round(DELAI_REPONSE_MS / 1000)} secondes`);
      }
    }, DELAI_REPONSE_MS);
  },

  demander(requete) {
    const refus = verifierRequete(requete);
    if (refus) return Promise.resolve({ erreur: `Requête refusée : ${refus}.` });
    this.demarrer();
    if (!this.worker) return Promise.resolve({ erreur: PAS_DE_CALCUL, moteur: "echec" });
    const id = this.suivant++;
    return new Promise((resoudre) => {
      const attente = { resoudre, minuteur: null };
      try {
        this.worker.postMessage({ id, requete });
      } catch {
        // Seule cette requête échoue : aucun minuteur ne reste armé, le moteur continue.
        resoudre({ erreur: "Requête refusée : ces données ne peuvent pas être transmises au moteur de règles. Rien n'a changé." });
        return;
      }
      this.enCours.set(id, attente);
      if (this.etat === "pret") this.armer(id, attente);
    });
  },

  changer(etat, detail) {
    this.etat = etat;
    this.detail = detail || "";
    document.documentElement.dataset.jdrMoteur = etat;
    if (etat === "echec") finirFond();
    if (etat === "pret") {
      clearInterval(this.chien);
      for (const [id, attente] of this.enCours) if (!attente.minuteur) this.armer(id, attente);
    }
    avis.montrer(this);
    for (const abonne of abonnes) abonne(etat);
  },

  abonner(fonction) {
    abonnes.add(fonction);
  },

  // Résolue quand Python est prêt (ou en échec : la requête suivante le dira). Démarre le moteur.
  // Qui écrit sous un verrou partagé l'attend AVANT de le prendre (stockage.js).
  pret() {
    if (this.etat === "pret" || this.etat === "echec") return Promise.resolve(this.etat);
    return new Promise((resoudre) => {
      const suivre = (etat) => {
        if (etat !== "pret" && etat !== "echec") return;
        abonnes.delete(suivre);
        resoudre(etat);
      };
      abonnes.add(suivre);
      this.demarrer();
      suivre(this.etat);
    });
  },
};

// Le worker dit s'il a rangé ou restauré un instantané de Python (voir jdr-worker.js) ; la
// page s'en souvient pour les visites suivantes (amorce.js lit cette clé). Ce n'est qu'un
// indice : s'il ment (copie locale effacée depuis « À propos »), le worker part seulement
// plus tôt que prévu, et range un nouvel instantané.
const CLE_INSTANTANE = "jdr-instantane";
function noterInstantane(instantane) {
  if (!instantane) return;
  try {
    if (instantane === "rangé" || instantane === "restauré") localStorage.setItem(CLE_INSTANTANE, "1");
    else localStorage.removeItem(CLE_INSTANTANE);
  } catch {
    // Stockage refusé : le worker partira au repos de la page, comme à la première visite.
  }
}

// Les gros fichiers de Python que le worker a dû prendre en .gz (hébergeur qui les sert tels quels,
// worker/telechargement.js) : la page s'en souvient à la fin de chaque démarrage, et le worker de la
// visite suivante les demande ainsi d'emblée (amorce.js lit la même clé). Ce n'est qu'un indice : un
// .gz absent fait revenir au fichier tel quel.
const CLE_VARIANTES = "jdr-variantes-gz";
function noterVariantes(variantes) {
  try {
    if (Array.isArray(variantes) && variantes.length) localStorage.setItem(CLE_VARIANTES, JSON.stringify(variantes));
    else localStorage.removeItem(CLE_VARIANTES);
  } catch {
    // Stockage refusé : la visite suivante redemandera chaque fichier avant son .gz.
  }
}
// Sous le service worker, aucune : il garde ces fichiers décompressés (hors-ligne/sw.js), et le
// worker les demande tels quels (s'il ne les a pas encore, le worker prend le .gz après la réponse).
function variantesRetenues() {
  if (navigator.serviceWorker && navigator.serviceWorker.controller) return [];
  try {
    const variantes = JSON.parse(localStorage.getItem(CLE_VARIANTES) || "[]");
    return Array.isArray(variantes) ? variantes.filter((nom) => typeof nom === "string") : [];
  } catch {
    return [];
  }
}

// Une zone d'état (« Chargement du moteur de règles… ») qui suit le moteur.
export function afficherEtat(zone) {
  zone.textContent = MESSAGES[moteur.etat] || "";
  zone.dataset.etat = moteur.etat;
}

// Au plus long, l'attente de l'événement « load » avant le travail de fond (une image qui ne vient
// jamais ne le retient pas).
const ATTENTE_CHARGEMENT_MS = 10000;

// Quand la page est chargée puis au repos (ou au plus tard après quelques secondes) : ce travail de
// fond (le worker de Python et ses 4 à 12 Mo, le service worker…) ne dispute ni le lien ni le fil
// aux fichiers de la page elle-même. requestIdleCallback seul partait avant la fin du chargement
// sur un lien lent, où le fil attend ces fichiers.
export function auRepos(f) {
  const auCalme = () => {
    if (window.requestIdleCallback) window.requestIdleCallback(f, { timeout: 4000 });
    else setTimeout(f, 2000);
  };
  if (document.readyState === "complete") return auCalme();
  let parti = false;
  const partir = () => {
    if (parti) return;
    parti = true;
    auCalme();
  };
  window.addEventListener("load", partir, { once: true });
  setTimeout(partir, ATTENTE_CHARGEMENT_MS);
}
