// Le stockage partagé par les onglets du site (localStorage) : les fiches de suivi, le journal
// des jets et ce qui viendra après passent tous par ici pour écrire.
//
// Une lecture-vérification-écriture à la fois par clé, dans TOUS les onglets du site :
// sousVerrou(cle, travail) prend le verrou « jdr-stockage:<clé> » de l'API Web Locks
// (navigator.locks, partagée par les onglets d'une même origine) et ne le rend qu'une fois
// `travail` fini, même asynchrone (une réponse du moteur attendue). Le travail relit donc
// toujours l'état rangé à jour, le modifie et l'écrit avant qu'un autre onglet ne puisse le lire.
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
  if (VERROUS_PARTAGES) return navigator.locks.request(PREFIXE_VERROU + cle, { mode: "exclusive" }, () => travail());
  const avant = filesDeCetOnglet.get(cle) || Promise.resolve();
  const resultat = avant.then(() => travail());
  const fin = resultat.then(() => {}, () => {});
  filesDeCetOnglet.set(cle, fin);
  fin.then(() => {
    if (filesDeCetOnglet.get(cle) === fin) filesDeCetOnglet.delete(cle);
  });
  return resultat;
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
  try {
    localStorage.setItem(cle, JSON.stringify(valeur));
  } catch (erreurEcriture) {
    return { plein: erreurEcriture };
  }
  try {
    localStorage.setItem(cle + SUFFIXE_VERSION, String(version));
  } catch (erreurEcriture) {
    // La valeur est passée mais pas sa version : on remet celle d'avant, pour que rien n'ait changé.
    if (avant === null) localStorage.removeItem(cle);
    else try { localStorage.setItem(cle, avant); } catch { /* rien de plus à tenter */ }
    return { plein: erreurEcriture };
  }
  if (operation) noterOperation(cle, operation);
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

export function supprimer(cle) {
  localStorage.removeItem(cle);
  localStorage.removeItem(cle + SUFFIXE_VERSION);
  localStorage.removeItem(PREFIXE_OPERATIONS + cle);
}
