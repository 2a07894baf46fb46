// Rejoue dans Pyodide, sous Node, ce que pytest vérifie sous CPython, avec l'archive
// d'exécution précompilée que sert le site (stdlib réduite + jdr_core en .pyc) :
// les exemples des pages, les doctests des modules de jdr_core et des jets graines.
// Usage : node executer.mjs <runtime.zip> <requete.json>   → JSON sur la sortie standard.
import { readFileSync } from "node:fs";
import { loadPyodide } from "pyodide";

const [runtime, fichierRequete] = process.argv.slice(2);
const requete = JSON.parse(readFileSync(fichierRequete, "utf-8"));

const pyodide = await loadPyodide({ stdLibURL: runtime });
const pont = pyodide.pyimport("jdr_core.pont");

const exemples = requete.exemples.map((e) => ({
  id: e.id,
  ...JSON.parse(pont.traiter(JSON.stringify({ type: "exemple", source: e.source, nom: e.id }))),
}));
const lancers = requete.lancers.map((l) =>
  JSON.parse(pont.traiter(JSON.stringify({ type: "lancer", mecanique: l.mecanique, parametres: l.parametres, graine: l.graine }))),
);
pyodide.globals.set("MODULES", JSON.stringify(requete.modules));
const modules = JSON.parse(pyodide.runPython(`
import doctest, importlib, json
resultats = {}
for nom in json.loads(MODULES):
    echecs, total = doctest.testmod(importlib.import_module(nom), optionflags=doctest.ELLIPSIS)
    resultats[nom] = [echecs, total]
json.dumps(resultats)
`));
const version = pyodide.runPython("import sys; sys.version.split()[0]");
const origine = pyodide.runPython("import jdr_core; jdr_core.__spec__.origin");
process.stdout.write(JSON.stringify({ version, origine, exemples, lancers, modules }));
