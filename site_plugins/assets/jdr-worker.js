// Worker de module : charge Pyodide (auto-hébergé) avec l'archive précompilée de la
// bibliothèque standard et de jdr_core, puis répond aux requêtes de la page.
// Aucune règle ici : tout passe par jdr_core.pont.traiter.
const CONFIG = null; // remplacé à la construction

const T0 = performance.now();
const mesures = {};
function marquer(nom) {
  mesures[nom] = Math.round(performance.now() - T0);
}

function etat(valeur, detail) {
  self.postMessage({ etat: valeur, detail: detail || "", mesures });
}

async function demarrer() {
  if (!CONFIG) throw new Error("worker non configuré : construisez le site avec le greffon jdr");
  etat("telechargement");
  const indexURL = new URL(CONFIG.pyodide, import.meta.url).href;
  const { loadPyodide } = await import(new URL("pyodide.mjs", indexURL).href);
  marquer("module");
  const pyodide = await loadPyodide({
    indexURL,
    stdLibURL: new URL(CONFIG.runtime, import.meta.url).href,
    lockFileContents: CONFIG.verrou,
  });
  marquer("python");
  etat("demarrage");
  const pont = pyodide.pyimport("jdr_core.pont");
  marquer("coeur");
  etat("pret");
  // Préchauffage (systèmes, doctest, cotes) dès que le worker est libre : une requête
  // déjà en attente (le clic qui a lancé le chargement) passe d'abord.
  setTimeout(() => {
    pont.prechauffer();
    marquer("prechauffe");
  }, 0);
  return pont;
}

const pret = demarrer();
pret.catch((erreur) => etat("echec", String(erreur && erreur.message ? erreur.message : erreur)));

self.onmessage = async (evenement) => {
  const { id, requete } = evenement.data;
  try {
    const pont = await pret;
    const reponse = JSON.parse(pont.traiter(JSON.stringify(requete)));
    self.postMessage({ id, reponse });
  } catch (erreur) {
    self.postMessage({ id, reponse: { erreur: `Python n'a pas pu répondre : ${erreur}` } });
  }
};
