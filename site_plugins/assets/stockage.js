// Le stockage partagé par les onglets du site (localStorage) : les fiches de suivi, le journal
// des jets et ce qui viendra après passent tous par ici pour écrire.
//
// Une lecture-vérification-écriture à la fois par clé, dans TOUS les onglets du site :
// sousVerrou(cle, travail) prend le verrou « jdr-stockage:<clé> » de l'API Web Locks
// (navigator.locks, partagée par les onglets d'une même origine) et ne le rend qu'une fois
// `travail` fini, même asynchrone (une réponse du moteur attendue). Le travail relit donc
// toujours l'état rangé à jour (voir le registre des versions plus bas), le modifie et l'écrit
// avant qu'un autre onglet ne puisse le lire. Un moteur qui ne répond plus ne garde pas le verrou
// indéfiniment : moteur.js abandonne la requête après 20 s, le travail finit, le verrou est rendu.
//
// Sans navigator.locks (navigateur ancien, ou page hors contexte sûr : http:// vers une autre
// machine que la sienne), le choix est de ne pas bloquer : les travaux d'un même onglet passent
// l'un après l'autre, et une fiche garde son compteur de version (ecrire ci-dessous), qui repère
// l'écriture d'un autre onglet faite pendant que le moteur calculait ; la fiche relit alors et
// recommence. Entre deux onglets, deux écritures dans la même milliseconde peuvent encore se
// croiser : c'est la limite de ce repli (aucun verrou sûr ne se construit sur localStorage seul).

export const PREFIXE_VERROU = "jdr-stockage:";
export const VERROUS_PARTAGES = typeof navigator !== "undefined" && Boolean(navigator.locks)
  && typeof navigator.locks.request === "function";

const filesDeCetOnglet = new Map();

// `travail` (synchrone ou non) s'exécute seul pour cette clé ; rend sa valeur.
export function sousVerrou(cle, travail) {
  if (VERROUS_PARTAGES) {
    return navigator.locks.request(PREFIXE_VERROU + cle, { mode: "exclusive" }, async () => {
      await copieAJour(cle);
      const avant = { valeur: localStorage.getItem(cle), version: versionLocale(cle) };
      try {
        return await travail();
      } finally {
        if (versionLocale(cle) !== avant.version) await publier(cle, avant);
      }
    });
  }
  const avant = filesDeCetOnglet.get(cle) || Promise.resolve();
  const resultat = avant.then(() => travail());
  const fin = resultat.then(() => {}, () => {});
  filesDeCetOnglet.set(cle, fin);
  fin.then(() => {
    if (filesDeCetOnglet.get(cle) === fin) filesDeCetOnglet.delete(cle);
  });
  return resultat;
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
      demande = indexedDB.open(BASE_REGISTRE, 1);
    } catch {
      resoudre(null);
      return;
    }
    demande.onupgradeneeded = () => demande.result.createObjectStore(MAGASIN);
    demande.onsuccess = () => resoudre(demande.result);
    demande.onerror = () => resoudre(null);
    demande.onblocked = () => resoudre(null);
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
// la clé de l'opération qui a produit la valeur, est notée à côté.
export function ecrire(cle, valeur, versionLue, operation) {
  if (versionDe(cle) !== versionLue) return { perime: true };
  const version = (versionLue || 0) + 1;
  const avant = localStorage.getItem(cle);
  const operationsAvant = localStorage.getItem(PREFIXE_OPERATIONS + cle);
  try {
    localStorage.setItem(cle, JSON.stringify(valeur));
  } catch (erreurEcriture) {
    return { plein: erreurEcriture };
  }
  // La clé de l'opération avant la version : qui voit la nouvelle version voit aussi la clé.
  if (operation) noterOperation(cle, operation);
  try {
    localStorage.setItem(cle + SUFFIXE_VERSION, String(version));
  } catch (erreurEcriture) {
    // La valeur est passée mais pas sa version : on remet celle d'avant, pour que rien n'ait changé.
    try {
      if (avant === null) localStorage.removeItem(cle);
      else localStorage.setItem(cle, avant);
      if (operationsAvant === null) localStorage.removeItem(PREFIXE_OPERATIONS + cle);
      else localStorage.setItem(PREFIXE_OPERATIONS + cle, operationsAvant);
    } catch { /* rien de plus à tenter */ }
    return { plein: erreurEcriture };
  }
  return { version };
}

// Note la clé d'une opération appliquée (sous le verrou de `cle`) ; les plus anciennes partent.
export function noterOperation(cle, operation) {
  try {
    localStorage.setItem(PREFIXE_OPERATIONS + cle, JSON.stringify([...operationsDe(cle), operation].slice(-OPERATIONS_GARDEES)));
  } catch {
    // Stockage plein juste après l'écriture : l'opération est faite, seule sa clé n'est pas notée.
  }
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
