// Le stockage partagé par les onglets du site (localStorage) : les fiches de suivi, le journal
// des jets et ce qui viendra après passent tous par ici pour écrire.
//
// Une lecture-vérification-écriture à la fois par clé, dans TOUS les onglets du site :
// sousVerrou(cle, travail) prend le verrou « jdr-stockage:<clé> » et ne le rend qu'une fois
// `travail` fini, même asynchrone. Le travail relit donc toujours l'état rangé à jour (voir le
// registre des versions plus bas), le modifie et l'écrit avant qu'un autre onglet ne puisse le
// lire. Qui appelle ne prend le verrou qu'une fois prêt à calculer (le moteur de Python chargé :
// suivi/operations.js l'attend AVANT) : un onglet qui télécharge encore Python ne bloque jamais les autres.
//
// Deux verrous, un seul contrat :
//   - l'API Web Locks (navigator.locks), là où le navigateur l'offre : contexte sûr, https ou
//     localhost ;
//   - ailleurs (http:// vers l'adresse d'un portable sur le réseau local, le cas d'un MJ qui partage
//     le site avec les téléphones de sa table), un verrou à bail dans IndexedDB. Une transaction
//     « readwrite » d'IndexedDB est atomique entre onglets, dans tous les contextes : elle lit le
//     verrou et, s'il est libre ou si son bail a expiré, y écrit le nom de l'onglet et la fin de son
//     bail, sans qu'aucun autre onglet ne puisse lire entre les deux. Le bail (BAIL_MS) est
//     prolongé tant que le travail dure ; un onglet fermé ou figé au milieu ne bloque les autres que
//     le temps de son bail. Un onglet qui attend réessaie dès qu'un BroadcastChannel lui dit que le
//     verrou est rendu, sinon toutes les quelques millisecondes.
// Sans l'un ni l'autre (ni Web Locks ni IndexedDB : navigation privée très stricte), les travaux
// d'un même onglet passent l'un après l'autre et une fiche garde son compteur de version
// (ecrire ci-dessous), qui repère l'écriture d'un autre onglet ; entre deux onglets, deux
// écritures très proches peuvent alors se croiser.

export const PREFIXE_VERROU = "jdr-stockage:";
export const VERROUS_PARTAGES = typeof navigator !== "undefined" && Boolean(navigator.locks)
  && typeof navigator.locks.request === "function";

const filesDeCetOnglet = new Map();

// `travail` (synchrone ou non) s'exécute seul pour cette clé ; rend sa valeur.
export function sousVerrou(cle, travail) {
  if (VERROUS_PARTAGES) {
    return navigator.locks.request(PREFIXE_VERROU + cle, { mode: "exclusive" }, () => ecrireAJour(cle, travail));
  }
  // Sans Web Locks : d'abord la file de cet onglet, puis le verrou à bail, commun aux onglets.
  const avant = filesDeCetOnglet.get(cle) || Promise.resolve();
  const resultat = avant.then(() => sousBail(cle, travail));
  const fin = resultat.then(() => {}, () => {});
  filesDeCetOnglet.set(cle, fin);
  fin.then(() => {
    if (filesDeCetOnglet.get(cle) === fin) filesDeCetOnglet.delete(cle);
  });
  return resultat;
}

// Sous le verrou (l'un ou l'autre) : la copie de localStorage à jour, le travail, puis la note du
// registre si le travail a écrit.
async function ecrireAJour(cle, travail) {
  await copieAJour(cle);
  const avant = { valeur: localStorage.getItem(cle), version: versionLocale(cle) };
  try {
    return await travail();
  } finally {
    if (versionLocale(cle) !== avant.version) await publier(cle, avant);
  }
}

// --- Le verrou à bail (IndexedDB), pour les pages sans Web Locks -----------------------------
const MAGASIN_VERROUS = "verrous";
// La durée d'un bail, prolongé toutes les PROLONGATION_MS tant que le travail dure.
export const BAIL_MS = 5000;
const PROLONGATION_MS = 1000;
const ATTENTE_VERROU_MAX_MS = 60000;
export const VERROU_TENU = "Un autre onglet du site garde cet enregistrement occupé depuis une minute : "
  + "l'opération est abandonnée, rien n'a changé. Réessayez, ou fermez l'onglet bloqué.";
const ONGLET = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
let numeroDeBail = 0;
const reveils = new Set();
// Le canal qui réveille les onglets en attente, ouvert au premier verrou à bail (jamais à l'import : sous
// Node, où les tests importent ce module, un canal ouvert garderait le processus en vie).
let canalOuvert;
function canal() {
  if (canalOuvert === undefined) {
    canalOuvert = typeof BroadcastChannel === "function" ? new BroadcastChannel("jdr-stockage-verrous") : null;
    if (canalOuvert) canalOuvert.onmessage = () => { for (const r of [...reveils]) r(); };
  }
  return canalOuvert;
}

// Une transaction readwrite sur les verrous : `decider(actuel)` rend la valeur à écrire (ou
// undefined : rien, null : effacer). Rend vrai si la transaction a écrit, null sans IndexedDB.
function transactionVerrou(nom, decider) {
  return ouvrirRegistre().then((base) => new Promise((resoudre) => {
    if (!base || !base.objectStoreNames.contains(MAGASIN_VERROUS)) return resoudre(null);
    let ecrit = false;
    try {
      const tx = base.transaction(MAGASIN_VERROUS, "readwrite");
      const magasin = tx.objectStore(MAGASIN_VERROUS);
      const lu = magasin.get(nom);
      lu.onsuccess = () => {
        const nouveau = decider(lu.result);
        if (nouveau === undefined) return;
        if (nouveau === null) magasin.delete(nom);
        else magasin.put(nouveau, nom);
        ecrit = true;
      };
      tx.oncomplete = () => resoudre(ecrit);
      tx.onerror = () => resoudre(false);
      tx.onabort = () => resoudre(false);
    } catch {
      resoudre(null);
    }
  }));
}

function attendreReveil(ms) {
  return new Promise((resoudre) => {
    const fin = () => {
      reveils.delete(fin);
      clearTimeout(minuteur);
      resoudre();
    };
    const minuteur = setTimeout(fin, ms);
    reveils.add(fin);
  });
}

async function sousBail(cle, travail) {
  const nom = PREFIXE_VERROU + cle;
  canal();
  const moi = `${ONGLET}:${++numeroDeBail}`;
  const prendre = (actuel) => (!actuel || actuel.jusqua < Date.now() || actuel.par === moi
    ? { par: moi, jusqua: Date.now() + BAIL_MS } : undefined);
  const debut = Date.now();
  for (let attente = 2; ; attente = Math.min(attente * 2, 50)) {
    const pris = await transactionVerrou(nom, prendre);
    if (pris === null) return ecrireAJour(cle, travail);  // pas d'IndexedDB : le repli sans verrou
    if (pris) break;
    // Borné : un autre onglet qui prolongerait son bail sans fin n'arrête pas celui-ci pour toujours.
    if (Date.now() - debut > ATTENTE_VERROU_MAX_MS) throw new Error(VERROU_TENU);
    await attendreReveil(attente);
  }
  const prolonger = setInterval(() => transactionVerrou(nom, (actuel) => (actuel && actuel.par === moi
    ? { par: moi, jusqua: Date.now() + BAIL_MS } : undefined)), PROLONGATION_MS);
  try {
    return await ecrireAJour(cle, travail);
  } finally {
    clearInterval(prolonger);
    await transactionVerrou(nom, (actuel) => (actuel && actuel.par === moi ? null : undefined));
    if (canal()) canal().postMessage(nom);
    for (const r of [...reveils]) r();
  }
}

// --- Le registre des versions (IndexedDB) ----------------------------------------------------
// Chaque processus du navigateur garde sa copie de localStorage, tenue à jour par messages : un
// onglet qui obtient le verrou juste après un autre peut encore y lire la valeur d'avant (vu sous
// Chromium : 1 jet perdu sur 40 avec le verrou seul). Avant de rendre le verrou, l'écrivain note
// donc dans IndexedDB (lu dans le navigateur lui-même, jamais dans une copie) ce qu'il a écrit :
// la version, la valeur et les clés d'opérations, avec la valeur qu'il avait trouvée. Le suivant
// attend que sa copie de localStorage l'ait reçue ; si elle tarde (plus d'une seconde vue à la CI
// chargée : une compétence perdue sur 24 quand on lisait alors la copie telle quelle), et si sa
// copie est exactement celle que l'écrivain avait trouvée, il reprend l'écriture du registre dans
// sa copie (les mêmes octets, que la propagation confirmera) au lieu de calculer sur l'ancienne.
// Une copie qui ne ressemble à rien de connu (effacée ou écrite hors de ce module) n'est jamais
// remplacée : on l'attend un temps borné, puis on la lit telle quelle. Sans IndexedDB, on lit la
// copie telle quelle.
const BASE_REGISTRE = "jdr-stockage";
const MAGASIN = "versions";
// Une version attendue qui n'arrive pas (écrite hors de ce module, par exemple) n'arrête rien longtemps.
const ATTENTE_MAX_MS = 1000;
// Au-delà, une copie en retard d'une écriture connue reprend celle du registre.
const ATTENTE_AVANT_REPRISE_MS = 100;
let registre = null;

function ouvrirRegistre() {
  if (registre) return registre;
  registre = new Promise((resoudre) => {
    let demande;
    try {
      demande = indexedDB.open(BASE_REGISTRE, 2);
    } catch {
      resoudre(null);
      return;
    }
    // Version 1 : le registre seul ; version 2 : les verrous à bail à côté.
    demande.onupgradeneeded = () => {
      for (const nom of [MAGASIN, MAGASIN_VERROUS]) {
        if (!demande.result.objectStoreNames.contains(nom)) demande.result.createObjectStore(nom);
      }
    };
    demande.onsuccess = () => {
      // Une page d'une version plus récente du site veut mettre la base à jour : on la lui laisse.
      demande.result.onversionchange = () => {
        demande.result.close();
        registre = null;
      };
      resoudre(demande.result);
    };
    demande.onerror = () => resoudre(null);
    // Une connexion d'une version d'avant (un onglet ouvert avant la mise à jour du site) retient la mise
    // à jour de la base : on l'attend une seconde, puis on se passe du registre plutôt que de bloquer.
    demande.onblocked = () => setTimeout(() => resoudre(null), 1000);
  });
  return registre;
}

function dansRegistre(mode, faire) {
  return ouvrirRegistre().then((base) => new Promise((resoudre) => {
    if (!base) return resoudre(undefined);
    try {
      const tx = base.transaction(MAGASIN, mode);
      const demande = faire(tx.objectStore(MAGASIN));
      tx.oncomplete = () => resoudre(demande.result);
      tx.onerror = () => resoudre(undefined);
      tx.onabort = () => resoudre(undefined);
    } catch {
      resoudre(undefined);
    }
  }));
}

function versionLocale(cle) {
  return localStorage.getItem(cle + SUFFIXE_VERSION);
}

// La copie de localStorage de cet onglet a-t-elle reçu la dernière écriture faite sous verrou ?
function recue(locale, attendue) {
  if (locale === attendue) return true;
  // Plus récente que celle du registre : écrite hors de ce module (rien à attendre).
  return locale !== null && attendue !== null && Number(locale) > Number(attendue);
}

// Une note du registre : { version, valeur, operations, precedent, versionPrecedente } ; celles
// d'avant la reprise (une version seule, en texte) se lisent encore.
async function copieAJour(cle) {
  const note = await dansRegistre("readonly", (m) => m.get(cle));
  if (note === undefined) return;
  const complete = note !== null && typeof note === "object";
  const attendue = complete ? note.version : note;
  const debut = performance.now();
  while (!recue(versionLocale(cle), attendue) && performance.now() - debut < ATTENTE_MAX_MS) {
    if (complete && performance.now() - debut >= ATTENTE_AVANT_REPRISE_MS && reprendre(cle, note)) return;
    await new Promise((r) => setTimeout(r, 4));
  }
}

// La copie de cet onglet est celle que l'écrivain de `note` avait trouvée : elle prend son écriture.
// Faux (rien n'est touché) si la copie est autre, si l'écriture créait la clé, ou si le navigateur refuse.
function reprendre(cle, note) {
  if (typeof note.precedent !== "string" || localStorage.getItem(cle) !== note.precedent || versionLocale(cle) !== note.versionPrecedente) return false;
  const poser = (nom, valeur) => (valeur === null ? localStorage.removeItem(nom) : localStorage.setItem(nom, valeur));
  const operationsAvant = localStorage.getItem(PREFIXE_OPERATIONS + cle);
  try {
    poser(cle, note.valeur);
    poser(PREFIXE_OPERATIONS + cle, note.operations);
    poser(cle + SUFFIXE_VERSION, note.version);
  } catch {
    try {
      poser(cle, note.precedent);
      poser(PREFIXE_OPERATIONS + cle, operationsAvant);
    } catch { /* rien de plus à tenter */ }
    return false;
  }
  return true;
}

function publier(cle, avant) {
  const note = {
    version: versionLocale(cle), valeur: localStorage.getItem(cle),
    operations: localStorage.getItem(PREFIXE_OPERATIONS + cle),
    precedent: avant.valeur, versionPrecedente: avant.version,
  };
  return dansRegistre("readwrite", (m) => m.put(note, cle));
}

// --- Enregistrements versionnés : une valeur JSON, et <clé>#version qui compte les écritures ---

export const SUFFIXE_VERSION = "#version";
// Les clés des dernières opérations appliquées à un enregistrement, à part (la valeur garde son
// format) : une opération rejouée (même clé) ne s'applique pas deux fois, même dans un autre onglet.
const PREFIXE_OPERATIONS = "jdr-operations:";
export const OPERATIONS_GARDEES = 40;

// La version d'un enregistrement : null s'il n'existe pas, 0 pour une sauvegarde d'avant les versions.
export function versionDe(cle) {
  if (localStorage.getItem(cle) === null) return null;
  const v = Number(localStorage.getItem(cle + SUFFIXE_VERSION));
  return Number.isSafeInteger(v) && v > 0 ? v : 0;
}

function operationsDe(cle) {
  try {
    const liste = JSON.parse(localStorage.getItem(PREFIXE_OPERATIONS + cle));
    return Array.isArray(liste) ? liste.filter((id) => typeof id === "string") : [];
  } catch {
    return [];
  }
}

// Vrai si l'opération `id` a déjà été appliquée à cet enregistrement (ici ou dans un autre onglet).
export function operationFaite(cle, id) {
  return Boolean(id) && operationsDe(cle).includes(id);
}

// Une clé d'opération neuve : posée au clic, elle suit l'opération jusqu'à son écriture.
export function nouvelleOperation() {
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
}

// Écrit une valeur si l'enregistrement est encore à la version lue (null : la clé doit être libre).
// Rend { version } ; { perime: true } si un autre onglet est passé ; { plein: erreur } si le
// navigateur refuse d'écrire (stockage plein ou interdit) : rien n'a alors changé. `operation`,
// la clé de l'opération qui a produit la valeur, est notée à côté, et d'abord : une opération
// dont la clé ne peut pas être notée n'est pas appliquée (rejouée, elle compterait deux fois).
export function ecrire(cle, valeur, versionLue, operation) {
  if (versionDe(cle) !== versionLue) return { perime: true };
  const version = (versionLue || 0) + 1;
  const avant = localStorage.getItem(cle);
  const operationsAvant = localStorage.getItem(PREFIXE_OPERATIONS + cle);
  const remettre = () => {
    try {
      if (avant === null) localStorage.removeItem(cle);
      else localStorage.setItem(cle, avant);
      if (operationsAvant === null) localStorage.removeItem(PREFIXE_OPERATIONS + cle);
      else localStorage.setItem(PREFIXE_OPERATIONS + cle, operationsAvant);
    } catch { /* rien de plus à tenter */ }
  };
  try {
    // La clé de l'opération avant la version : qui voit la nouvelle version voit aussi la clé.
    if (operation) noterOperation(cle, operation);
    localStorage.setItem(cle, JSON.stringify(valeur));
    localStorage.setItem(cle + SUFFIXE_VERSION, String(version));
  } catch (erreurEcriture) {
    remettre();
    return { plein: erreurEcriture };
  }
  return { version };
}

// Note la clé d'une opération appliquée (sous le verrou de `cle`) ; les plus anciennes partent.
// Lève l'erreur du navigateur si le stockage est plein : à l'appelant de ne pas appliquer l'opération.
export function noterOperation(cle, operation) {
  localStorage.setItem(PREFIXE_OPERATIONS + cle, JSON.stringify([...operationsDe(cle), operation].slice(-OPERATIONS_GARDEES)));
}

// Un texte rangé tel quel (le journal des jets), son compteur de version à côté (pour le registre
// ci-dessus). Lève l'erreur du navigateur (stockage plein) ; rien n'a alors changé.
export function ecrireTexte(cle, texte) {
  const avant = localStorage.getItem(cle);
  localStorage.setItem(cle, texte);
  try {
    localStorage.setItem(cle + SUFFIXE_VERSION, String((Number(versionLocale(cle)) || 0) + 1));
  } catch (erreurEcriture) {
    if (avant === null) localStorage.removeItem(cle);
    else try { localStorage.setItem(cle, avant); } catch { /* rien de plus à tenter */ }
    throw erreurEcriture;
  }
}

export function supprimer(cle) {
  localStorage.removeItem(cle);
  localStorage.removeItem(cle + SUFFIXE_VERSION);
  localStorage.removeItem(PREFIXE_OPERATIONS + cle);
}
