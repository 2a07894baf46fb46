// Rejoue dans Pyodide, sous Node, ce que pytest vérifie sous CPython, avec l'archive
// d'exécution précompilée que sert le site (stdlib réduite + jdr_core en .pyc) :
// les exemples des pages, les doctests des modules de jdr_core et des jets graines.
// Usage : node executer.mjs <runtime.zip> <requete.json>   → JSON sur la sortie standard :
// { normal, instantane }, les mêmes vérifications dans deux Python d'un même processus.
// « normal » : démarré depuis l'archive, comme le fait le worker du site sans instantané (avec
// _makeSnapshot, pour pouvoir en prendre un) ; « instantane » : restauré depuis l'instantané mémoire que
// ce premier Python a pris comme le fait le worker (cœur importé, une requête servie, préchauffé).
// Un seul démarrage depuis l'archive sert aux deux : makeMemorySnapshot copie la mémoire, et le Python
// source reste utilisable.
import { readFileSync } from "node:fs";
import { loadPyodide } from "pyodide";

const [runtime, fichierRequete] = process.argv.slice(2);
const requete = JSON.parse(readFileSync(fichierRequete, "utf-8"));
const PRECHAUFFE = "import sys; 'doctest' in sys.modules";
// Chaque module qu'importe le code du cœur ou d'un exemple (liste faite sous CPython), importé ici :
// ceux qui manquent, avec leur erreur (l'archive ne garde de la bibliothèque standard que ce qui sert).
const IMPORTES = String.raw`
import importlib, json
manquants = []
for nom in json.loads(NOMS_IMPORTES):
    try:
        importlib.import_module(nom)
    except ImportError as erreur:
        manquants.append(f"{nom} : {erreur}")
json.dumps({"essayes": len(json.loads(NOMS_IMPORTES)), "manquants": manquants})
`;

// Les doctests des modules de jdr_core (leurs noms dans MODULES).
const DOCTESTS = `
import doctest, importlib, json
resultats = {}
for nom in json.loads(MODULES):
    echecs, total = doctest.testmod(importlib.import_module(nom), optionflags=doctest.ELLIPSIS)
    resultats[nom] = [echecs, total]
json.dumps(resultats)
`;
// Exploration au hasard (graine fixe) : aucune entrée ne doit lever autre chose qu'une
// réponse JSON, ce qui prouve aussi qu'aucun module retiré de la stdlib ne manque.
const EXPLORATION = `
import json, random
from jdr_core import pont, registre
rng = random.Random(0)
valeurs = ["", "0", "1", "3", "6", "99", "-1", "abc", "<b>", True, False, None, 2.5, [], {}]
reponses, erreurs = 0, []
for i in range(400):
    nom = rng.choice(sorted(registre.mecaniques()))
    meca = registre.mecanique(nom)
    params = {p.nom: rng.choice(valeurs + list(getattr(p, "valeurs", ()))) for p in meca.parametres if rng.random() < 0.7}
    for requete in ({"type": "lancer", "mecanique": nom, "parametres": params, "graine": rng.choice([None, 1, "x"])},
                    {"type": "cotes", "mecanique": nom, "parametres": params}):
        try:
            json.loads(pont.traiter(json.dumps(requete)))
            reponses += 1
        except Exception as e:
            erreurs.append(repr(e))
etat = json.loads(pont.traiter(json.dumps({"type": "suivi", "systeme": "encore", "etat": None, "op": {"op": "creer", "nom": "A", "ton": "raw"}})))["etat"]
for i in range(300):
    op = rng.choice([{"op": "subir", "degats": rng.randint(0, 8)}, {"op": "evenement", "evenement": "horreur", "resister": True, "con": 2},
                     {"op": "repos", "duree": "scene"}, {"op": "reconfort"}, {"op": "ramener", "cha": 3}, {"op": "relance"},
                     {"op": "rupture", "mode": "fuite"}, {"op": rng.choice(["?", "lire", "nouvelle_scene"])}])
    try:
        r = json.loads(pont.traiter(json.dumps({"type": "suivi", "systeme": "encore", "etat": etat, "op": op})))
        reponses += 1
        etat = r.get("etat", etat) if "demande" not in r else etat
    except Exception as e:
        erreurs.append(repr(e))
json.dumps({"reponses": reponses, "erreurs": erreurs[:5]})
`;
// Des traces d'erreur qui traversent la stdlib et jdr_core, dont l'archive réduit les tables de
// positions (runtime.mjs, sans_lignes) : elles doivent encore se formater.
const TRACES = `
import json, traceback
from jdr_core import pont, registre
traces = {"lignes_de_traiter": len({ligne for _, _, ligne in pont.traiter.__code__.co_lines()})}
for nom, appel in (("stdlib", lambda: json.loads("{")), ("coeur", lambda: registre.mecanique("inconnue"))):
    try:
        appel()
    except Exception:
        traces[nom] = traceback.format_exc()
json.dumps(traces)
`;

function verifier(pyodide, prechauffe) {
  const pont = pyodide.pyimport("jdr_core.pont");
  const exemples = requete.exemples.map((e) => ({
    id: e.id,
    ...JSON.parse(pont.traiter(JSON.stringify({ type: "exemple", source: e.source, nom: e.id }))),
  }));
  const lancers = requete.lancers.map((l) =>
    JSON.parse(pont.traiter(JSON.stringify({ type: "lancer", mecanique: l.mecanique, parametres: l.parametres, graine: l.graine }))),
  );
  pyodide.globals.set("MODULES", JSON.stringify(requete.modules));
  pyodide.globals.set("NOMS_IMPORTES", JSON.stringify(requete.importes));
  return {
    version: pyodide.runPython("import sys; sys.version.split()[0]"),
    origine: pyodide.runPython("import jdr_core; jdr_core.__spec__.origin"),
    exemples,
    lancers,
    modules: JSON.parse(pyodide.runPython(DOCTESTS)),
    exploration: JSON.parse(pyodide.runPython(EXPLORATION)),
    traces: JSON.parse(pyodide.runPython(TRACES)),
    importes: JSON.parse(pyodide.runPython(IMPORTES)),
    restaure: prechauffe,
  };
}

const source = await loadPyodide({ stdLibURL: runtime, _makeSnapshot: true });
// Lu avant le préchauffage : démarré depuis l'archive, ce Python n'a encore rien importé d'avance.
const sourcePrechauffe = source.runPython(PRECHAUFFE);
const pontSource = source.pyimport("jdr_core.pont");
pontSource.traiter(JSON.stringify({ type: "lancer", mecanique: "3d6-test", parametres: {}, graine: 5 }));
pontSource.prechauffer();
const restaure = await loadPyodide({ stdLibURL: runtime, _loadSnapshot: source.makeMemorySnapshot() });
// Le restauré d'abord : ce qu'y vérifier importe ne vient que de l'instantané, jamais du Python source.
const instantane = verifier(restaure, restaure.runPython(PRECHAUFFE));
process.stdout.write(JSON.stringify({ instantane, normal: verifier(source, sourcePrechauffe) }));
