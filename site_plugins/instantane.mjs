// Fabrique, avec Pyodide sous Node, l'instantané de construction : la mémoire de Python après
// un démarrage complet sur le runtime de ce site (jdr_core importé, tous les systèmes
// préchauffés), au format rangé de worker/instantane.js. À la première visite, sur un lien
// rapide, le worker le télécharge et restaure Python au lieu de le démarrer (jdr-worker.js).
//
// Usage : node instantane.mjs <runtime.zip> <verrou.json> <sortie>
import { readFileSync, writeFileSync } from "node:fs";
import { loadPyodide } from "pyodide";
import { empaqueter } from "./assets/moteur/worker/instantane.js";

const [runtime, verrou, sortie] = process.argv.slice(2);
// Les mêmes réglages que le worker du navigateur (archive d'exécution, verrou sans paquets).
const pyodide = await loadPyodide({
  stdLibURL: runtime,
  lockFileContents: readFileSync(verrou, "utf-8"),
  _makeSnapshot: true,
});
pyodide.pyimport("jdr_core.pont").prechauffer();
writeFileSync(sortie, empaqueter(pyodide.makeMemorySnapshot()));
