// Worker de module : charge Pyodide (auto-hébergé) avec l'archive précompilée de la
// bibliothèque standard et de jdr_core, puis répond aux requêtes de la page.
// Aucune règle ici : tout passe par jdr_core.pont.traiter.
//
// Ce fichier tient le cycle de vie de Python (démarrage, depuis l'instantané local ou
// non, travail de fond, réponses à la page). Le code modifié par le lecteur n'y tourne
// jamais : il a son propre worker (edition-worker.js). La configuration écrite à la
// construction est dans worker/config.js ; le format et le rangement de l'instantané dans
// worker/instantane.js ; le téléchargement suivi et repris après une coupure, dans
// worker/telechargement.js (la mesure du lien dans worker/lien.js) ; le WebAssembly compilé une
// seule fois, dans worker/webassembly.js ; l'instantané de construction (le demander ou non, son
// téléchargement) dans worker/construction.js.
import { CLE_INSTANTANE, CONFIG, adresseDuSite } from "./worker/config.js";
import { deciderInstantaneConstruit } from "./worker/construction.js";
import { magasinInstantanes } from "./worker/instantane.js";
import { marquer, mesures } from "./worker/mesures.js";
import { raisonEnFrancais, servirDepuisTelechargements, telecharger } from "./worker/telechargement.js";
import { compilerEnFlux, partagerModule, reponseDuModule } from "./worker/webassembly.js";

function etat(valeur, detail) {
  self.postMessage({ etat: valeur, detail: detail || "", mesures });
}

const DELAI_FOND_MS = 150;

// L'instantané local, rangé sous une clé qui suit le runtime exact (voir worker/config.js).
const instantanes = magasinInstantanes(CLE_INSTANTANE, Boolean(CONFIG && CONFIG.instantane));

// Ce que la page lit : une phrase en français, jamais le texte anglais d'une exception.
function enFrancais(erreur) {
  const telechargement = raisonEnFrancais(erreur);
  if (telechargement) return telechargement;
  const texte = String(erreur && erreur.message ? erreur.message : erreur);
  if (/dynamically imported module|Importing a module script failed|Failed to fetch/i.test(texte)) {
    return "un fichier de Python n'a pas pu être téléchargé (réseau coupé ou bloqué)";
  }
  if (/exit\(|Program terminated|abort/i.test(texte)) return "Python s'est arrêté pendant son démarrage";
  if (/memory/i.test(texte)) return "la mémoire a manqué pour démarrer Python";
  return "Python n'a pas pu démarrer dans ce navigateur";
}

// Pyodide ne lit le contenu d'un instantané qu'une fois son module créé (loadPyodide :
// prepareSnapshot n'en prend que la longueur, pour la taille de la mémoire ; bootstrapPyodide le
// copie, après instantiatePyodideModule). Le module se crée donc pendant que la mémoire donnée se
// remplit : instanciation du WebAssembly, liaison des symboles par emscripten (150 ms au banc,
// trace de Chromium), système de fichiers ; seul son retour à Pyodide attend la fin de
// « lecture ». Pyodide ne voit jamais une mémoire à moitié écrite ni un paquet abîmé : la lecture
// ne finit qu'après la vérification de la somme, et une lecture refusée fait échouer ce
// démarrage-là (sa raison l'emporte).
function creerApres(creer, lecture) {
  return async (reglages) => {
    const module = await creer(reglages);
    await lecture;
    return module;
  };
}

// L'instantané de construction n'est pas arrivé : la raison est déjà dans les mesures.
class NonRecu extends Error {}

// Pyodide restauré dans « memoire », qui se remplit pendant qu'il crée son module (creerApres) ; une
// lecture refusée l'emporte, avec sa raison (ce Pyodide-là échoue ensuite, sans que personne l'attende).
function restaurer(loadPyodide, options, memoire, lecture) {
  const restauration = loadPyodide({
    ...options, _loadSnapshot: memoire, createPyodideModule: creerApres(options.createPyodideModule, lecture),
  });
  restauration.catch(() => {});
  return Promise.race([restauration, lecture.then(() => restauration)]);
}

// « local » : [la lecture de l'instantané local], commencée dès qu'il est trouvé (demarrer), ou null.
async function chargerPython(loadPyodide, options, local, construit) {
  if (!local && construit) {
    // La longueur de la mémoire est connue à la construction : Pyodide crée son module pendant
    // que l'instantané se télécharge et se déballe, au lieu d'attendre (creerApres).
    const { memoire } = construit;
    const lecture = construit.deballage.then((deballage) => {
      if (!deballage) throw new NonRecu();
      // fin() vérifie la longueur et la somme de contrôle : un paquet abîmé n'arrive pas à Pyodide.
      deballage.fin();
      return deballage.paquet;
    });
    lecture.catch(() => {});
    try {
      await instantanes.marquerEssai().catch(() => {});
      const pyodide = await restaurer(loadPyodide, options, memoire, lecture);
      // Pas encore « restauré » : l'indice de client.js (jdr-instantane) attend l'instantané local,
      // qui n'existe qu'une fois celui-ci rangé (« rangé », travail de fond).
      mesures.instantane = "restauré depuis la construction";
      mesures.instantane_construit = "restauré";
      return { pyodide, depuisInstantane: true, paquet: await lecture };
    } catch (erreur) {
      if (!(erreur instanceof NonRecu)) mesures.instantane_construit = `écarté : ${String(erreur).slice(0, 200)}`;
      await instantanes.confirmer().catch(() => {});
    }
  }
  if (local) {
    try {
      // Comme celui de la construction, dans une mémoire de la longueur lue dans son en-tête.
      const { memoire, lecture } = await local[0];
      // Un instantané qui passerait ce cap puis casserait plus loin (import du cœur) garde sa
      // marque « essai » : la visite suivante l'écarte (voir demarrer).
      const pyodide = await restaurer(loadPyodide, options, memoire, lecture);
      mesures.instantane = "restauré";
      return { pyodide, depuisInstantane: true };
    } catch (erreur) {
      await instantanes.oublier(String(erreur)).catch(() => {});
    }
  }
  const pyodide = await loadPyodide({ ...options, _makeSnapshot: instantanes.possible() });
  return { pyodide, depuisInstantane: false };
}

// La page envoie d'abord { init } : les octets déjà reçus par un worker précédent (reprise
// après une coupure) et, d'ordinaire, les systèmes de ses widgets (pour le préchauffage).
// Parti de la tête de la page (amorce.js), le worker reçoit ces systèmes plus tard, dans un
// message { indices } : ils ne servent qu'au préchauffage d'un démarrage sans instantané.
let recevoirInit;
const init = new Promise((resoudre) => {
  recevoirInit = resoudre;
});
let recevoirIndices;
const indicesDeLaPage = new Promise((resoudre) => {
  recevoirIndices = resoudre;
});

// Les paquets de systèmes que les widgets de la page désignent : mécaniques des lanceurs
// (traduites par la table construite depuis le registre), fiches, modules des exemples.
function systemesDeLaPage(indices) {
  const table = CONFIG.mecaniques || {};
  const connus = new Set(Object.values(table));
  const trouves = new Set();
  for (const m of indices.mecaniques || []) if (Object.hasOwn(table, m)) trouves.add(table[m]);
  for (const nom of [...(indices.systemes || []), ...(indices.modules || [])]) if (connus.has(nom)) trouves.add(nom);
  return [...trouves];
}

// Le travail de fond, une fois Python prêt : ranger celui de la construction, restauré, comme
// instantané local ; ou bien, sans instantané, préchauffer les systèmes de la page puis ranger
// l'instantané des visites suivantes.
async function travailDeFond(pyodide, pont, depuisInstantane, paquet) {
  if (depuisInstantane) {
    if (paquet && instantanes.possible()) await rangerLocal(() => instantanes.rangerPaquet(paquet));
    return;
  }
  const systemes = systemesDeLaPage(await indicesDeLaPage);
  mesures.prechauffes = systemes;
  try {
    pont.prechauffer(pyodide.toPy(systemes));
  } catch (erreur) {
    // Le préchauffage n'est qu'une avance : son échec ne touche pas au moteur prêt.
    mesures.prechauffe_erreur = String(erreur).slice(0, 300);
  }
  marquer("prechauffe");
  // Signe de vie pour la page : les requêtes arrivées pendant le préchauffage attendent encore
  // l'instantané, leur délai de réponse repart de zéro (client.js, recevoir).
  self.postMessage({ mesures });
  if (instantanes.possible()) await rangerLocal(() => instantanes.ranger(pyodide));
}

// Range l'instantané local (« ranger » : l'action qui le fait) et note l'issue dans les mesures.
async function rangerLocal(ranger) {
  try {
    await ranger();
    mesures.instantane = "rangé";
  } catch (erreur) {
    mesures.instantane = `non rangé : ${erreur}`;
  }
  marquer("instantane_range");
}

async function demarrer() {
  if (!CONFIG) throw new Error("worker non configuré : construisez le site avec le greffon jdr");
  etat("telechargement");
  const indexURL = adresseDuSite(CONFIG.pyodide);
  // Sans attendre le premier message de la page (au rechargement, son fil est pris par l'affichage :
  // 100 ms au banc), ce qui ne dépend que de la configuration : les modules JavaScript de Pyodide et
  // la recherche de l'instantané local (ses opérations sur le Cache Storage prennent de 20 à 250 ms
  // quand le service worker y lit les fichiers de Python en même temps).
  const modulesPyodide = Promise.all([
    import(new URL("pyodide.mjs", indexURL).href),
    import(new URL("pyodide.asm.mjs", indexURL).href),
  ]);
  modulesPyodide.catch(() => {}); // attendus plus bas, où leur échec est traité
  const trouver = instantanes.trouver().catch((erreur) => {
    instantanes.oublier(String(erreur)).catch(() => {});
    return null;
  });
  // L'instantané local se lit dès qu'il est trouvé, pendant que les fichiers de Pyodide arrivent et
  // que ses modules se chargent. Rend null sans instantané local, sinon [la promesse de sa lecture] :
  // dans un tableau, pour qu'un refus (instantané abîmé) n'emporte pas l'attente plus bas ;
  // chargerPython le traite.
  const lectureLocale = trouver.then((reponse) => {
    if (!reponse) return null;
    const lecture = instantanes.lireEnFlux(reponse);
    lecture.catch(() => {});
    return [lecture];
  });
  const { partiels = {}, variantesGz = [] } = await init;
  const adresseWasm = new URL("pyodide.asm.wasm", indexURL).href;
  const adresseRuntime = adresseDuSite(CONFIG.runtime);
  const tailles = CONFIG.tailles || {};
  // Tout part en même temps et Python démarre pendant que ses fichiers arrivent. Le premier
  // échec de téléchargement l'emporte sur tout le reste ; les octets reçus de chaque
  // fichier sont alors rendus à la page pour qu'un nouvel essai reprenne là.
  const recus = new Map();
  const enCours = new Map();
  // Chez un hébergeur qui les sert tels quels, leurs versions .gz (worker/telechargement.js).
  const taillesGz = CONFIG.tailles_gz || {};
  const gros = [[adresseWasm, "wasm"], [adresseRuntime, "runtime"]];
  const telechargements = gros.map(([adresse, cle]) => {
    const suivi = {};
    const demblee = Array.isArray(variantesGz) && variantesGz.includes(adresse.split("/").pop());
    const variante = taillesGz[cle] ? { adresse: `${adresse}.gz`, octets: taillesGz[cle], demblee } : null;
    suivi.flux = new ReadableStream({
      start(controleur) {
        suivi.octets = telecharger(adresse, tailles[cle], partiels[adresse], controleur, CONFIG.silence_reseau, variante);
      },
    });
    suivi.octets.catch(() => {});
    enCours.set(adresse, suivi);
    return suivi.octets.then((octets) => recus.set(adresse, octets));
  });
  // Le WebAssembly se compile dès son premier octet, une fois pour tous les essais de démarrage.
  const wasm = enCours.get(adresseWasm);
  const module = compilerEnFlux(wasm.flux);
  module.catch(() => {});
  wasm.flux = null;
  wasm.reponse = reponseDuModule;
  const tousRecus = Promise.all(telechargements);
  const echecDeTelechargement = tousRecus.then(() => new Promise(() => {}));
  tousRecus.then(() => {
    marquer("module");
    etat("demarrage");
  }, () => {});
  // Sans instantané local, celui de la construction, selon l'hébergeur et le lien (voir plus haut).
  const instantaneConstruit = deciderInstantaneConstruit(
    CONFIG.instantane_construit, trouver, [adresseWasm, adresseRuntime], adresseRuntime, instantanes);
  instantaneConstruit.then(() => {
    marquer("decision_instantane");
    // La décision et sa raison, lisibles par la page (data-jdr-mesures) avant la fin des téléchargements.
    self.postMessage({ mesures });
  }, () => {});
  const retablir = servirDepuisTelechargements(enCours);
  const separer = partagerModule(module);
  let charge;
  try {
    const [[{ loadPyodide }, { default: createPyodideModule }], local, paquetConstruit] = await Promise.race([
      Promise.all([modulesPyodide, lectureLocale, instantaneConstruit]),
      echecDeTelechargement,
    ]);
    const options = { indexURL, stdLibURL: adresseRuntime, lockFileContents: CONFIG.verrou, createPyodideModule };
    charge = await Promise.race([chargerPython(loadPyodide, options, local, paquetConstruit), echecDeTelechargement]);
    await tousRecus;
  } catch (erreur) {
    // Les autres téléchargements peuvent encore courir : on garde leurs octets aussi.
    const morceaux = {};
    for (const [adresse, octets] of recus) morceaux[adresse] = octets.buffer;
    if (erreur && erreur.partiel) morceaux[erreur.adresse] = erreur.partiel.buffer;
    self.postMessage({ partiels: morceaux }, Object.values(morceaux));
    throw erreur;
  } finally {
    separer();
    retablir();
    recus.clear();
  }
  const { pyodide, depuisInstantane, paquet } = charge;
  marquer("python");
  const pont = pyodide.pyimport("jdr_core.pont");
  marquer("coeur");
  // Restauré et cœur importé : la marque « essai » de l'instantané s'en va tout de suite, sans
  // attendre le travail de fond (un rechargement immédiat ne prend pas la visite pour un échec).
  if (depuisInstantane) instantanes.confirmer().catch(() => {});
  etat("pret");
  // Préchauffage (les systèmes de la page, doctest, cotes) quand le worker est libre : une
  // requête déjà en attente (le clic qui a lancé le chargement) passe d'abord. Puis, la
  // première fois, l'instantané pour les visites suivantes. Le court délai laisse la page
  // afficher ce résultat sans partager les deux cœurs avec ce travail de fond.
  setTimeout(async () => {
    try {
      await travailDeFond(pyodide, pont, depuisInstantane, paquet);
    } finally {
      // La page attend ce signal pour installer le service worker (hors-ligne/versions.js).
      self.postMessage({ mesures, fond: "fini" });
    }
  }, DELAI_FOND_MS);
  return pont;
}

const pret = demarrer();
// Un seul message d'échec, en français ; le détail technique reste dans les mesures.
pret.catch((erreur) => {
  mesures.erreur = String(erreur && erreur.message ? erreur.message : erreur).slice(0, 300);
  etat("echec", enFrancais(erreur));
});

// Le premier message de la page : par postMessage (moteur/client.js, avec les octets déjà reçus),
// ou dans le nom du worker (amorce.js, sans octets), lisible dès le départ.
function premierMessage(donnees) {
  if (!donnees.indicesAVenir) recevoirIndices(donnees.indices || {});
  recevoirInit(donnees);
}
try {
  const nomme = JSON.parse(self.name || "null");
  if (nomme && nomme.init && typeof nomme.init === "object") premierMessage({ ...nomme.init, partiels: {} });
} catch {
  // Un nom qui n'en porte pas : le premier message viendra par postMessage.
}

self.onmessage = async (evenement) => {
  if (evenement.data.init) return premierMessage(evenement.data.init);
  if (evenement.data.indices) return recevoirIndices(evenement.data.indices);
  const { id, requete } = evenement.data;
  // Le code modifié par le lecteur ne tourne jamais dans le Python des lanceurs.
  if (requete && requete.mode === "modifie") {
    return self.postMessage({ id, reponse: { erreur: "Le code modifié tourne à part, pas dans le moteur des lanceurs." } });
  }
  try {
    const pont = await pret;
    const reponse = JSON.parse(pont.traiter(JSON.stringify(requete)));
    self.postMessage({ id, reponse });
  } catch (erreur) {
    self.postMessage({ id, reponse: { erreur: `Python n'a pas pu répondre : ${enFrancais(erreur)}.` } });
  }
};
