// Worker de module : charge Pyodide (auto-hébergé) et le cœur jdr_core, puis répond
// aux requêtes de la page. Aucune règle ici : tout passe par jdr_core.pont.traiter.
import { loadPyodide } from "../../pyodide/pyodide.mjs";

const RACINE_PYODIDE = new URL("../../pyodide/", import.meta.url).href;
const ARCHIVE = new URL("jdr_core.zip", import.meta.url).href;

function etat(valeur, detail) {
  self.postMessage({ etat: valeur, detail: detail || "" });
}

async function demarrer() {
  etat("telechargement");
  const archive = fetch(ARCHIVE).then((r) => {
    if (!r.ok) throw new Error(`archive du cœur introuvable (${r.status})`);
    return r.arrayBuffer();
  });
  const pyodide = await loadPyodide({ indexURL: RACINE_PYODIDE });
  etat("demarrage");
  pyodide.unpackArchive(await archive, "zip", { extractDir: "/home/pyodide/jdr" });
  pyodide.runPython("import sys; sys.path.insert(0, '/home/pyodide/jdr')");
  const pont = pyodide.pyimport("jdr_core.pont");
  etat("pret");
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
