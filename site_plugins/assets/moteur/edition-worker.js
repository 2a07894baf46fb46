// Le worker d'édition : le code que le lecteur a modifié (widgets/edition.js, « Exécuter ma
// version ») tourne ici, jamais dans le worker des lanceurs (jdr-worker.js). Même Python, mêmes
// fichiers (déjà dans le cache HTTP), et l'instantané du moteur s'il existe, lu sans y toucher (sa
// marque « essai » appartient au moteur). Une fois jdr_core importé, le worker se coupe de tout ce
// qui est partagé avec la page et les autres onglets (stockage, canaux, verrous, réseau, messages) :
// le code du lecteur ne peut ni changer ce qu'un lanceur montre, ni écrire au journal, ni parler à
// la page. Il ne reçoit que { init: { modules } } puis une requête { id, requete }, ne sert qu'une
// exécution, et la page le jette.
import { CLE_INSTANTANE, CONFIG, adresseDuSite } from "./worker/config.js";
import { magasinInstantanes } from "./worker/instantane.js";
import { mesures } from "./worker/mesures.js";

// Le seul chemin vers la page, gardé avant que isoler() retire postMessage du worker.
const envoyer = self.postMessage.bind(self);

const instantanes = magasinInstantanes(CLE_INSTANTANE, Boolean(CONFIG && CONFIG.instantane));

async function demarrerEdition(modules) {
  if (!CONFIG) throw new Error("worker non configuré : construisez le site avec le greffon jdr");
  const indexURL = adresseDuSite(CONFIG.pyodide);
  const options = { indexURL, stdLibURL: adresseDuSite(CONFIG.runtime), lockFileContents: CONFIG.verrou };
  const { loadPyodide } = await import(new URL("pyodide.mjs", indexURL).href);
  let pyodide = null;
  try {
    const memoire = await instantanes.lire();
    if (memoire) pyodide = await loadPyodide({ ...options, _loadSnapshot: memoire });
    mesures.instantane = pyodide ? "restauré" : "absent";
  } catch (erreur) {
    mesures.instantane = `écarté : ${String(erreur).slice(0, 200)}`;
    pyodide = null;
  }
  if (!pyodide) pyodide = await loadPyodide(options);
  // Ce que le code écrit hors des résultats de l'exemple (sys.__stdout__) ne va nulle part.
  pyodide.setStdout({ batched: () => {} });
  pyodide.setStderr({ batched: () => {} });
  const pont = pyodide.pyimport("jdr_core.pont");
  // Avant le budget de temps : doctest et les modules de jdr_core que le code nomme.
  pont.traiter(JSON.stringify({ type: "exemple", mode: "modifie", source: ">>> 1 + 1\n2\n" }));
  const importlib = pyodide.pyimport("importlib");
  for (const nom of Array.isArray(modules) ? modules.slice(0, 20) : []) {
    if (typeof nom !== "string" || !/^[a-z_][a-z0-9_.]*$/.test(nom)) continue;
    try {
      importlib.import_module(`jdr_core.${nom}`);
    } catch {
      // Un nom qui n'est pas un module (une fonction, une faute de frappe) : l'exemple le dira.
    }
  }
  // Le WebAssembly de Python s'optimise quand il a servi (voir pont.chauffer) : hors budget.
  pont.chauffer();
  isoler();
  envoyer({ etat: "pret", detail: "", mesures });
  return pont;
}

// Retire du worker, jusque dans les prototypes, ce qui touche à l'extérieur. `envoyer`, gardé
// plus haut dans la portée du module, reste le seul chemin vers la page.
const HORS_DU_WORKER = ["postMessage", "close", "caches", "indexedDB", "BroadcastChannel", "Worker", "SharedWorker",
  "WebSocket", "WebTransport", "EventSource", "XMLHttpRequest", "fetch", "importScripts", "cookieStore"];
const HORS_DU_NAVIGATEUR = ["locks", "serviceWorker", "storage", "storageBuckets"];
function isoler() {
  const retirer = (objet, noms) => {
    for (let o = objet; o; o = Object.getPrototypeOf(o)) {
      for (const nom of noms) {
        try {
          if (Object.hasOwn(o, nom)) delete o[nom];
        } catch {
          // Propriété non configurable : la vérification ci-dessous le dira.
        }
      }
    }
  };
  retirer(self, HORS_DU_WORKER);
  if (self.navigator) retirer(self.navigator, HORS_DU_NAVIGATEUR);
  const restes = HORS_DU_WORKER.filter((nom) => nom in self)
    .concat(HORS_DU_NAVIGATEUR.filter((nom) => self.navigator && nom in self.navigator));
  if (restes.length) throw new Error(`isolement incomplet : ${restes.join(", ")}`);
}

// Ce que la page lit quand le code modifié a arrêté Python lui-même.
function arretEnFrancais(erreur) {
  const texte = String(erreur && erreur.message ? erreur.message : erreur);
  if (/exit\(|already exited|Program terminated/i.test(texte)) {
    return "Votre code a arrêté Python (os._exit ou un équivalent) : la suite n'a pas été exécutée. "
      + "La prochaine exécution repart d'un Python neuf.";
  }
  if (erreur instanceof RangeError || /call stack/i.test(texte)) {
    return "Votre code s'appelle lui-même trop profondément : la pile du navigateur est épuisée. "
      + "La prochaine exécution repart d'un Python neuf.";
  }
  if (/memory/i.test(texte)) return "La mémoire a manqué pour votre code. La prochaine exécution repart d'un Python neuf.";
  return "Python s'est arrêté pendant votre code. La prochaine exécution repart d'un Python neuf.";
}

async function executer(id, requete) {
  let pont;
  try {
    pont = await pret;
  } catch {
    return;  // l'échec du démarrage est déjà annoncé (état « echec »)
  }
  // Seul un exemple modifié, toujours dans ce mode : rien ici ne lance un dé pour le journal.
  const demande = { type: "exemple", mode: "modifie", source: String(requete && requete.source), nom: "votre-version" };
  try {
    envoyer({ id, reponse: JSON.parse(pont.traiter(JSON.stringify(demande))) });
  } catch (erreur) {
    envoyer({ id, reponse: { erreur: arretEnFrancais(erreur) }, arret: true });
  }
}

// Les modules de jdr_core que le code nomme (edition.js), à importer avant le budget de temps.
let recevoirModules;
const modules = new Promise((resoudre) => {
  recevoirModules = resoudre;
});
const pret = modules.then(demarrerEdition);
pret.catch((erreur) => {
  mesures.erreur = String(erreur && erreur.message ? erreur.message : erreur).slice(0, 300);
  envoyer({ etat: "echec", detail: "Python n'a pas pu démarrer pour le code modifié", mesures });
});

self.onmessage = (evenement) => {
  if (evenement.data.init) return recevoirModules(evenement.data.init.modules);
  const { id, requete } = evenement.data;
  return executer(id, requete);
};
