// Le moteur : un seul worker Pyodide par onglet, gardé à travers la navigation instantanée.
// Il ne connaît aucune règle : il transmet une requête JSON au pont Python et rend la réponse.
//
// Réseau lent : le worker télécharge Python en annonçant sa progression ; la page l'affiche
// (barre, mégaoctets reçus, temps restant estimé) et ne juge que le silence : tant que des
// octets arrivent, on attend. Un nouvel essai reprend avec les octets déjà reçus.
import { typographier } from "../commun/francais.js";

// Le dossier des fichiers du site (assets/jdr/), d'où partent les adresses des modules et du worker.
export const BASE = new URL("../", import.meta.url);
// Les widgets qui parlent à Python (la copie locale et le journal n'en ont pas besoin).
export const AVEC_PYTHON = ".jdr-exemple, form.jdr-lanceur, .jdr-fiche";
// Les widgets dont un bouton fait une opération (jet, écriture) : une intention, une opération (jdr.js).
export const WIDGETS_A_INTENTION = `${AVEC_PYTHON}, .jdr-jet, .jdr-jet-panneau, .jdr-journal-vue`;
// Les délais, en millisecondes, viennent de la configuration de la construction (option
// « delais » du greffon jdr : 20 s, 60 s et 20 s sur le site publié, plus courts pour les tests).
const DELAIS = null; // remplacé à la construction (option delais du greffon jdr)
// Sans aucune nouvelle du worker pendant le téléchargement (le worker, lui, abandonne plus tôt
// quand aucun octet n'arrive, et le dit) ou pendant le démarrage de Python (travail du processeur).
const SILENCE_TELECHARGEMENT_MS = DELAIS.silenceTelechargement;
const SILENCE_DEMARRAGE_MS = DELAIS.silenceDemarrage;
// Une fois Python prêt, une requête sans réponse après ce délai signale un worker bloqué.
const DELAI_REPONSE_MS = DELAIS.reponse;
// Limites d'une requête, vérifiées avant l'envoi : les mêmes que celles du pont
// (TAILLE_MAX_REQUETE et PROFONDEUR_MAX de jdr_core/pont.py ; tests/test_pont.py vérifie
// qu'elles s'accordent). Un objet trop profond ferait échouer postMessage, et ce que
// Python refuserait n'a pas à faire le voyage. Les imports des fiches (suivi.js) les
// appliquent aussi, sur le texte brut.
export const PROFONDEUR_MAX = 32;
export const TAILLE_MAX = 100000;

export const MESSAGES = {
  attente: "",
  telechargement: "Chargement du moteur de règles…",
  demarrage: "Démarrage du moteur de règles…",
  // Prêt : rien à dire, l'état ne se montre que pendant le chargement.
  pret: "",
  // L'échec est annoncé une seule fois, par l'avis de chargement de la page (plus bas) :
  // les zones d'état des widgets restent vides pour ne pas le répéter.
  echec: "",
};
const PAS_DE_CALCUL = "Pas de calcul : le moteur de règles est indisponible (voyez l'avis en bas de la page).";

// Une requête que le worker peut recevoir, ou la raison (en français) de la refuser.
export function verifierRequete(valeur) {
  const pile = [[valeur, 1]];
  let vus = 0;
  while (pile.length) {
    const [v, profondeur] = pile.pop();
    if (v === null || typeof v !== "object") continue;
    if (profondeur > PROFONDEUR_MAX) {
      return `données trop imbriquées (plus de ${PROFONDEUR_MAX} niveaux) : rien n'a été envoyé`;
    }
    if (++vus > TAILLE_MAX) break;
    for (const enfant of Object.values(v)) pile.push([enfant, profondeur + 1]);
  }
  let texte;
  try {
    texte = JSON.stringify(valeur);
  } catch {
    return "données illisibles : rien n'a été envoyé";
  }
  if (texte === undefined || texte.length > TAILLE_MAX) {
    return `données trop longues (plus de ${TAILLE_MAX.toLocaleString("fr-FR")} caractères) : rien n'a été envoyé`;
  }
  return null;
}

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
const fondFini = new Promise((resoudre) => {
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
      worker.postMessage({ init: { indices: indicesDeLaPage(), partiels } }, Object.values(partiels));
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
    if (message.fond) finirFond();
    if (message.progression) {
      this.progression = message.progression;
      this.releves.push([this.dernierSigne, message.progression.recus]);
      while (this.releves.length > 2 && this.dernierSigne - this.releves[0][0] > 6000) this.releves.shift();
      avis.montrer();
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
      garderPourHorsLigne();
    }
    avis.montrer();
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

function megaoctets(octets) {
  // Virgule décimale écrite à la main : le premier appel à Intl (toLocaleString) charge les
  // données de langue d'ICU et bloquait la page 90 ms au début du téléchargement (banc).
  return (octets / 1e6).toFixed(1).replace(".", ",");
}

// Le temps restant, d'après le débit des dernières secondes ; null tant qu'on ne sait pas.
export function tempsRestant(releves, recus, total) {
  if (releves.length < 2) return null;
  const [t0, o0] = releves[0];
  const [t1, o1] = releves[releves.length - 1];
  if (t1 - t0 < 500 || o1 <= o0) return null;
  const secondes = Math.ceil((total - recus) / ((o1 - o0) / ((t1 - t0) / 1000)));
  if (secondes <= 1) return "presque fini";
  if (secondes < 60) return `encore environ ${secondes} s`;
  return `encore environ ${Math.ceil(secondes / 60)} min`;
}

// L'avis de chargement : un seul par page, en bas de l'écran, visible pendant le
// téléchargement et le démarrage de Python, ou après un échec (avec « Réessayer »).
const avis = {
  element: null,

  creer() {
    const div = document.createElement("div");
    div.className = "jdr-chargement";
    div.hidden = true;
    // Posé hors du contenu (en bas de l'écran) : une région nommée, pour qu'axe et les lecteurs
    // d'écran le rattachent à un repère de la page.
    div.setAttribute("role", "region");
    div.setAttribute("aria-label", "Chargement de Python");
    const texte = document.createElement("p");
    texte.className = "jdr-chargement-texte";
    texte.setAttribute("role", "status");
    const barre = document.createElement("progress");
    barre.max = 1;
    barre.value = 0;
    barre.setAttribute("aria-label", "Téléchargement de Python");
    const chiffres = document.createElement("span");
    chiffres.className = "jdr-chargement-chiffres";
    const bouton = document.createElement("button");
    bouton.type = "button";
    bouton.textContent = "Réessayer";
    bouton.hidden = true;
    bouton.addEventListener("click", () => moteur.demarrer());
    // L'avis d'échec reste jusqu'à ce qu'on le ferme : sur un téléphone, il cache le bas de l'écran.
    const fermer = document.createElement("button");
    fermer.type = "button";
    fermer.textContent = "Fermer";
    fermer.hidden = true;
    fermer.addEventListener("click", () => {
      div.hidden = true;
    });
    div.append(texte, barre, chiffres, bouton, fermer);
    document.body.append(div);
    return div;
  },

  montrer() {
    const etat = moteur.etat;
    const visible = etat === "telechargement" || etat === "demarrage" || etat === "echec";
    if (!visible && !this.element) return;
    // La navigation instantanée remplace le corps de la page : l'avis est recréé au besoin.
    if (!this.element || !this.element.isConnected) this.element = this.creer();
    const div = this.element;
    div.hidden = !visible;
    div.dataset.etat = etat;
    if (!visible) return;
    const [texte, barre, chiffres, bouton, fermer] = div.children;
    bouton.hidden = etat !== "echec";
    fermer.hidden = etat !== "echec";
    barre.hidden = etat === "echec";
    if (etat === "echec") {
      const quoi = moteur.arreteApresPret ? "s'est arrêté" : "n'a pas pu se charger";
      const phrase = typographier(`Le moteur de règles ${quoi} : ${moteur.detail || "raison inconnue"}. `
        + "Les résultats affichés restent ceux de la page.");
      if (texte.textContent !== phrase) texte.textContent = phrase;
      texte.setAttribute("role", "alert");
      chiffres.textContent = "";
      return;
    }
    texte.setAttribute("role", "status");
    const p = moteur.progression;
    // Tous les octets reçus : ce qui reste est le travail du processeur, on le dit.
    const recu = etat === "telechargement" && p && p.total && p.recus >= p.total;
    const phrase = etat === "demarrage" || recu
      ? typographier("Téléchargement terminé : démarrage de Python…") : "Téléchargement de Python…";
    if (texte.textContent !== phrase) texte.textContent = phrase;
    if (etat === "demarrage" || recu) {
      barre.removeAttribute("value");  // une barre animée : plus d'octets à compter, Python s'installe
      chiffres.textContent = "";
      return;
    }
    if (!p || !p.total) {
      barre.removeAttribute("value");
      chiffres.textContent = "";
      return;
    }
    const recus = etat === "demarrage" ? p.total : Math.min(p.recus, p.total);
    barre.value = recus / p.total;
    const reste = etat === "telechargement" ? tempsRestant(moteur.releves, recus, p.total) : null;
    chiffres.textContent = typographier(`${megaoctets(recus)} Mo sur ${megaoctets(p.total)} Mo${reste ? ` (${reste})` : ""}`);
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

// Une zone d'état (« Chargement du moteur de règles… ») qui suit le moteur.
export function afficherEtat(zone) {
  zone.textContent = MESSAGES[moteur.etat] || "";
  zone.dataset.etat = moteur.etat;
}

// Quand la page est au repos (ou au plus tard après quelques secondes).
export function auRepos(f) {
  if (window.requestIdleCallback) window.requestIdleCallback(f, { timeout: 4000 });
  else setTimeout(f, 2000);
}

// Hors ligne : le service worker du site (/sw.js, écrit à la construction) garde pages,
// index de recherche, fichiers du site et runtime. Enregistré après le chargement, et
// seulement en HTTP ou HTTPS (pas depuis un fichier ouvert localement).
const RACINE = new URL("../../", BASE);
function enregistrer() {
  navigator.serviceWorker.register(new URL("sw.js", RACINE), { scope: RACINE.pathname })
    .then(suivreLesVersions).catch(() => {});
}

// Une nouvelle version publiée s'installe à côté de celle qui sert la page (sw.js) et
// attend : la page le dit, et ne passe à la nouvelle que si le lecteur le demande. Fiches,
// journal et instantané de Python ne sont pas dans le cache des pages : ils restent.
const CONTROLEE = /^https?:$/.test(location.protocol) && "serviceWorker" in navigator
  && Boolean(navigator.serviceWorker.controller);
let rechargementDemande = false;
const versions = { suivies: new WeakSet(), avis: null };

function suivreLesVersions(inscription) {
  if (!inscription || versions.suivies.has(inscription)) return;
  versions.suivies.add(inscription);
  const attendre = (travailleur) => {
    if (!travailleur) return;
    const verifier = () => {
      if (travailleur.state === "installed" && navigator.serviceWorker.controller) annoncerVersion(travailleur);
    };
    travailleur.addEventListener("statechange", verifier);
    verifier();
  };
  attendre(inscription.waiting);
  inscription.addEventListener("updatefound", () => attendre(inscription.installing));
}

function annoncerVersion(travailleur) {
  if (!versions.avis || !versions.avis.isConnected) {
    const div = document.createElement("div");
    div.className = "jdr-chargement jdr-nouvelle-version";
    div.setAttribute("role", "region");
    div.setAttribute("aria-label", "Nouvelle version");
    const texte = document.createElement("p");
    texte.setAttribute("role", "status");
    const bouton = document.createElement("button");
    bouton.type = "button";
    bouton.textContent = "Recharger";
    const plusTard = document.createElement("button");
    plusTard.type = "button";
    plusTard.textContent = "Plus tard";
    plusTard.addEventListener("click", () => div.remove());
    div.append(texte, bouton, plusTard);
    document.body.append(div);
    versions.avis = div;
  }
  const [texte, bouton] = versions.avis.children;
  texte.textContent = typographier(travailleur
    ? "Une nouvelle version des règles est disponible."
    : "Une nouvelle version des règles est active dans un autre onglet : rechargez cette page.");
  bouton.onclick = () => {
    bouton.disabled = true;
    // Plus de version en attente (un autre onglet l'a déjà acceptée) : recharger suffit.
    if (travailleur && travailleur.state === "installed") demanderLaReleve(travailleur);
    else location.reload();
  };
  // Demandée avant le rechargement de secours (voir relever) : la demande tient.
  if (travailleur && travailleur.state === "installed" && releveDemandee() && !rechargementDemande) {
    texte.textContent = typographier("La nouvelle version des règles s'installe : la page se rechargera d'elle-même.");
    bouton.disabled = true;
    rechargementDemande = true;
    relever(travailleur, RELEVE_ESSAIS + 1, false);
  }
}

// Le lecteur a demandé la nouvelle version : la demande est notée pour cet onglet, avec son
// heure (sessionStorage), si bien qu'elle tient encore si la page se recharge avant la
// relève ; passé le délai de Chromium, elle ne vaut plus (une version publiée plus tard
// attendra de nouveau l'accord du lecteur).
const RELEVE_DEMANDEE = "jdr-releve-demandee";
function demanderLaReleve(travailleur) {
  rechargementDemande = true;
  try {
    sessionStorage.setItem(RELEVE_DEMANDEE, String(Date.now()));
  } catch {
    // Stockage refusé (navigation privée stricte) : la demande vaut pour cette page seulement.
  }
  relever(travailleur);
}

function releveDemandee() {
  try {
    const depuis = Date.now() - Number(sessionStorage.getItem(RELEVE_DEMANDEE));
    return depuis >= 0 && depuis < RELEVE_MAX_S * 1000;
  } catch {
    return false;
  }
}

function oublierLaReleve() {
  try {
    sessionStorage.removeItem(RELEVE_DEMANDEE);
  } catch {
    // Rien à oublier.
  }
}

// Chromium ne passe la main à la version en attente qu'une fois l'ancienne sans travail en
// cours (une requête, un message), et au plus tard cinq minutes après la demande ; une requête
// qui arrive à l'instant où l'ancienne s'arrête la relance (notre test de mise à jour l'a vue
// attendre plus d'une minute sous la charge de la CI). La page redemande donc la relève
// chaque seconde tant qu'elle attend ; au bout de RELEVE_ESSAIS, elle se recharge, ce qui
// libère ses propres requêtes. La demande notée (releveDemandee) tient après ce rechargement :
// annoncerVersion dit que la nouvelle version s'installe et continue de la demander, sans
// recharger de nouveau ; la page se recharge d'elle-même quand celle-ci a pris la main. Les
// demandes s'arrêtent au bout de RELEVE_MAX_S, comme l'attente de Chromium.
const RELEVE_ESSAIS = 10;
const RELEVE_MAX_S = 330;
function relever(travailleur, essai = 1, recharger = true) {
  if (travailleur.state !== "installed") return;
  if (essai > RELEVE_ESSAIS && recharger) return location.reload();
  if (essai > RELEVE_MAX_S) return oublierLaReleve();
  travailleur.postMessage({ type: "activer" });
  setTimeout(() => relever(travailleur, essai + 1, recharger), 1000);
}

if (CONTROLEE) {
  navigator.serviceWorker.getRegistration(RACINE.href).then(suivreLesVersions).catch(() => {});
  // La nouvelle version a pris la main : cette page la demandait, elle se recharge ; sinon
  // (un autre onglet l'a acceptée), elle le dit au lieu de mélanger les deux versions.
  navigator.serviceWorker.addEventListener("controllerchange", () => {
    if (rechargementDemande) {
      oublierLaReleve();
      location.reload();
    } else {
      annoncerVersion(null);
    }
  });
}
// Son installation télécharge pages et scripts (environ 0,6 Mo compressé) et les range :
// du débit et du calcul, qu'elle ne doit pas disputer à Python (deux cœurs sur bien des
// téléphones). Sur une page dont les widgets vont démarrer Python (au premier geste ou
// au repos), elle attend que le worker ait fini son travail de fond (premier résultat,
// préchauffage, instantané) ou qu'il ait échoué, puis que la page soit au repos. Mesuré
// au banc (nox -s bench) : enregistrée dès le repos, elle coûtait 400 à 700 ms au premier clic.
function enregistrerAuCalme() {
  const pythonVient = moteur.etat === "telechargement" || moteur.etat === "demarrage"
    || (moteur.etat === "attente" && document.querySelector(AVEC_PYTHON));
  if (pythonVient) fondFini.then(() => auRepos(enregistrer));
  else enregistrer();
}
if (/^https?:$/.test(location.protocol) && "serviceWorker" in navigator) {
  const apresChargement = () => auRepos(enregistrerAuCalme);
  if (document.readyState === "complete") apresChargement();
  else window.addEventListener("load", apresChargement, { once: true });
}

// Python prêt : ses fichiers sont dans le cache HTTP du navigateur (« immutable »). Le
// service worker les recopie de là dans son cache s'il ne les a pas vus passer (premier
// chargement avant son activation) : aucun second téléchargement.
function garderPourHorsLigne() {
  if (!("serviceWorker" in navigator)) return;
  navigator.serviceWorker.ready.then((r) => r.active && r.active.postMessage({ type: "garder-runtime" })).catch(() => {});
}
