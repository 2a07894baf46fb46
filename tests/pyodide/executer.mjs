// Rejoue dans Pyodide, sous Node, ce que pytest vérifie sous CPython :
// les exemples des pages, les doctests des modules de jdr_core et des jets graines.
// Usage : node executer.mjs <jdr_core.zip> <requete.json>   → JSON sur la sortie standard.
import { readFileSync } from "node:fs";
import { loadPyodide } from "pyodide";

const [archive, fichierRequete] = process.argv.slice(2);
const requete = JSON.parse(readFileSync(fichierRequete, "utf-8"));

const pyodide = await loadPyodide();
pyodide.unpackArchive(new Uint8Array(readFileSync(archive)), "zip", { extractDir: "/home/pyodide/jdr" });
pyodide.runPython("import sys; sys.path.insert(0, '/home/pyodide/jdr')");
const pont = pyodide.pyimport("jdr_core.pont");

const exemples = requete.exemples.map((e) => ({
  id: e.id,
  ...JSON.parse(pont.traiter(JSON.stringify({ type: "exemple", source: e.source, nom: e.id }))),
}));
const lancers = requete.lancers.map((l) =>
  JSON.parse(pont.traiter(JSON.stringify({ type: "lancer", mecanique: l.mecanique, parametres: l.parametres, graine: l.graine }))),
);
const modules = JSON.parse(pyodide.runPython(`
import doctest, importlib, json, pkgutil
import jdr_core
resultats = {}
for info in pkgutil.walk_packages(jdr_core.__path__, "jdr_core."):
    module = importlib.import_module(info.name)
    echecs, total = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    resultats[info.name] = [echecs, total]
json.dumps(resultats)
`));
const version = pyodide.runPython("import sys; sys.version.split()[0]");
process.stdout.write(JSON.stringify({ version, exemples, lancers, modules }));
