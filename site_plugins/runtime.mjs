// Construit, avec Pyodide sous Node, l'archive d'exécution servie au navigateur : la
// bibliothèque standard réduite à ce qui sert, et jdr_core, compilés en .pyc par le
// CPython 3.14 de Pyodide lui-même (le bytecode correspond donc exactement).
//
// Usage : node runtime.mjs <entree.json> <sortie.zip>
//   entree.json : { "coeur": "<zip des sources>", "modules_coeur": [noms…], "exemples": [sources…],
//                   "garder": [modules toujours gardés…], "optimiser_stdlib": 0|1|2,
//                   "lignes_stdlib": true|false, "lignes_coeur": true|false }
// Imprime un résumé JSON (modules gardés et retirés, octets) sur la sortie standard.
import { readFileSync, writeFileSync } from "node:fs";
import { loadPyodide } from "pyodide";

const [fichierEntree, fichierSortie] = process.argv.slice(2);
const entree = JSON.parse(readFileSync(fichierEntree, "utf-8"));
const pyodide = await loadPyodide();
const coeur = new Uint8Array(readFileSync(entree.coeur));
pyodide.FS.writeFile("/tmp/coeur.zip", coeur);
pyodide.unpackArchive(coeur, "zip", { extractDir: "/tmp/coeur" });
pyodide.globals.set("ENTREE", JSON.stringify(entree));

const resume = pyodide.runPython(String.raw`
import json, sys

entree = json.loads(ENTREE)
sys.path.insert(0, "/tmp/coeur")

# 1. Ce qui sert vraiment : on fait tourner le cœur comme le navigateur le fera (exemples,
#    lanceurs, cotes, erreurs), sans rien importer d'autre avant de relever sys.modules.
import jdr_core.pont as pont
from jdr_core import registre
for source in entree["exemples"]:
    pont.traiter(json.dumps({"type": "exemple", "source": source}))
for nom, meca in registre.mecaniques().items():
    # Les valeurs par défaut, un paramètre inconnu, puis chaque paramètre hors de ses bornes.
    essais = [{}, {"inconnu": "<"}, *({p.nom: "99999"} for p in meca.parametres)]
    for parametres in essais:
        pont.traiter(json.dumps({"type": "lancer", "mecanique": nom, "parametres": parametres, "graine": 1}))
    pont.traiter(json.dumps({"type": "cotes", "mecanique": nom, "parametres": {}}))
for systeme in registre.systemes():
    if systeme.suivi is not None:
        pont.traiter(json.dumps({"type": "suivi", "systeme": systeme.nom, "etat": None, "op": {"op": "lire"}}))
pont.traiter(json.dumps({"type": "exemple", "source": ">>> 1 / 0\n1\n>>> undefined_name\n"}))
pont.traiter("pas du json")
for module in entree["modules_coeur"]:
    __import__(module)
utiles = set(sys.modules) | set(entree["garder"])

import _imp, importlib._bootstrap_external as externe, io, zipfile

# Les modules gelés dans l'interpréteur (os, io, site, importlib._bootstrap…) ne sont
# jamais lus depuis l'archive : inutile de les envoyer.
geles = {m for m in utiles if _imp.is_frozen(m)} | {"importlib._bootstrap", "importlib._bootstrap_external"}
DATE = (1980, 1, 1, 0, 0, 0)

# Une entrée de la table des positions (Objects/locations.md de CPython) : « sans colonnes »
# (code 13), pour au plus 8 unités de code, l'écart de ligne suivant (0) en varint signé.
SANS_COLONNES = 13

def sans_lignes(code):
    """Remplace la table des positions (et celle des objets code imbriqués) par la plus petite
    table valide : chaque instruction à la première ligne de sa fonction, sans colonnes. Le
    module fond d'un tiers ; une trace d'erreur qui le traverse ne donne plus que la ligne du
    « def ». Une table vide ne suffit pas : le module traceback de CPython 3.14 lève alors
    StopIteration (RuntimeError) en formatant toute trace qui passe par ce code."""
    unites = len(code.co_code) // 2  # instructions et leurs caches, comptées en unités de 2 octets
    table = bytearray()
    while unites > 0:
        n = min(unites, 8)
        table += bytes((0x80 | SANS_COLONNES << 3 | (n - 1), 0))
        unites -= n
    consts = tuple(sans_lignes(k) if isinstance(k, type(code)) else k for k in code.co_consts)
    return code.replace(co_linetable=bytes(table), co_consts=consts)

def pyc(source, chemin, optimiser, lignes=True):
    code = compile(source, chemin, "exec", dont_inherit=True, optimize=optimiser)
    if not lignes:
        code = sans_lignes(code)
    return bytes(externe._code_to_timestamp_pyc(code, 0, len(source)))

def nom_module(chemin):
    sans = chemin[:-3]
    return (sans[: -len("/__init__")] if sans.endswith("/__init__") else sans).replace("/", ".")

# 2. L'archive : des .pyc sans source, non compressés dans le zip (le serveur compresse
#    l'ensemble, ce qui gagne davantage que fichier par fichier).
stdlib = zipfile.ZipFile("/lib/python314.zip")
gardes, retires = [], []
sortie = io.BytesIO()
with zipfile.ZipFile(sortie, "w", zipfile.ZIP_STORED) as z:
    for info in stdlib.infolist():
        nom = info.filename
        if info.is_dir() or not nom.endswith(".py"):
            continue
        module = nom_module(nom)
        if module not in utiles or module in geles:
            retires.append(module)
            continue
        gardes.append(module)
        z.writestr(zipfile.ZipInfo(nom[:-3] + ".pyc", DATE),
                   pyc(stdlib.read(nom), "/lib/python314.zip/" + nom, entree["optimiser_stdlib"],
                       entree["lignes_stdlib"]))
    source_coeur = zipfile.ZipFile("/tmp/coeur.zip")
    for nom in sorted(source_coeur.namelist()):
        donnees = source_coeur.read(nom)
        if nom.endswith(".py"):
            z.writestr(zipfile.ZipInfo(nom[:-3] + ".pyc", DATE),
                       pyc(donnees, "/lib/python314.zip/" + nom, 0, entree["lignes_coeur"]))
        else:
            z.writestr(zipfile.ZipInfo(nom, DATE), donnees)
with open("/tmp/runtime.zip", "wb") as f:
    f.write(sortie.getvalue())
json.dumps({"gardes": sorted(gardes), "retires": sorted(retires), "geles": sorted(geles),
            "octets": len(sortie.getvalue())})
`);
writeFileSync(fichierSortie, pyodide.FS.readFile("/tmp/runtime.zip"));
process.stdout.write(resume);
