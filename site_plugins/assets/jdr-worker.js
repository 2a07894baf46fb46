// Worker de module : charge Pyodide (auto-hébergé) avec l'archive précompilée de la
// bibliothèque standard et de jdr_core, puis répond aux requêtes de la page.
// Aucune règle ici : tout passe par jdr_core.pont.traiter.
//
// Instantané local : après un premier démarrage complet, le worker photographie la
// mémoire de Python (cœur importé, préchauffé) et la range, sans ses pages vides, dans
// le Cache Storage du navigateur. Les visites suivantes repartent de cette photo au lieu de
// refaire tout le démarrage de CPython. Rien ne transite par le réseau : l'instantané
// est fabriqué chez le lecteur, pour la version exacte du runtime (son nom contient
// l'empreinte de l'archive), et n'est qu'une accélération : au moindre doute (illisible,
// refusé par Pyodide, tentative précédente restée en plan), il est effacé et Python
// démarre normalement.
const CONFIG = null; // remplacé à la construction

const T0 = performance.now();
const mesures = {};
function marquer(nom) {
  mesures[nom] = Math.round(performance.now() - T0);
}

function etat(valeur, detail) {
  envoyer({ etat: valeur, detail: detail || "", mesures });
}

const CACHE_INSTANTANES = "regles-vivantes-instantanes"; // même nom dans jdr.js (« À propos »)
const DELAI_FOND_MS = 150;

// L'instantané dépend du runtime exact (version de Pyodide, archive précompilée) : la
// clé reprend l'adresse de l'archive, dont le nom porte l'empreinte de son contenu.
function cleInstantane() {
  return new URL(CONFIG.runtime, import.meta.url).href + ".instantane";
}

// Format rangé : la mémoire de Python est surtout faite de pages vides. On ne garde que
// les pages non nulles, après un en-tête de 5 × uint32 [MAGIE, taille de page, longueur
// totale, nombre de pages, somme de contrôle] et une carte des pages (un octet par page,
// complétée à un multiple de 4). La somme couvre tout ce qui suit l'en-tête : un
// fichier abîmé est refusé avant d'arriver à Pyodide.
const MAGIE = 0x31495652; // « RVI1 »
const PAGE = 4096;
const ENTETE = 20;

function somme(octets) {
  const mots = new Uint32Array(octets.buffer, octets.byteOffset, octets.byteLength >>> 2);
  let h = 0x811c9dc5;
  for (let i = 0; i < mots.length; i++) h = Math.imul(h ^ mots[i], 0x01000193);
  return h >>> 0;
}

function empaqueter(brut) {
  const pages = Math.ceil(brut.length / PAGE);
  const mots = new Uint32Array(brut.buffer, brut.byteOffset, Math.floor(brut.length / 4));
  const tailleCarte = Math.ceil(pages / 4) * 4;
  const pleines = [];
  for (let p = 0; p < pages; p++) {
    const fin = Math.min((p + 1) * (PAGE / 4), mots.length);
    for (let i = p * (PAGE / 4); i < fin; i++) {
      if (mots[i] !== 0) {
        pleines.push(p);
        break;
      }
    }
  }
  const paquet = new Uint8Array(ENTETE + tailleCarte + pleines.length * PAGE);
  let ecrit = ENTETE + tailleCarte;
  for (const p of pleines) {
    paquet[ENTETE + p] = 1;
    paquet.set(brut.subarray(p * PAGE, (p + 1) * PAGE), ecrit);
    ecrit += PAGE;
  }
  new Uint32Array(paquet.buffer, 0, 5).set([MAGIE, PAGE, brut.length, pages, somme(paquet.subarray(ENTETE))]);
  return paquet;
}

function deballer(tampon) {
  if (tampon.byteLength < ENTETE) throw new Error("fichier tronqué");
  const [magie, page, longueur, pages, controle] = new Uint32Array(tampon, 0, 5);
  if (magie !== MAGIE || page !== PAGE || pages !== Math.ceil(longueur / PAGE)) throw new Error("en-tête inconnu");
  const tailleCarte = Math.ceil(pages / 4) * 4;
  if (tampon.byteLength < ENTETE + tailleCarte) throw new Error("fichier tronqué");
  const carte = new Uint8Array(tampon, ENTETE, pages);
  if (tampon.byteLength !== ENTETE + tailleCarte + carte.reduce((n, c) => n + c, 0) * PAGE) {
    throw new Error("longueur incohérente");
  }
  if (somme(new Uint8Array(tampon, ENTETE)) !== controle) throw new Error("somme de contrôle fausse");
  const brut = new Uint8Array(longueur);
  let lu = ENTETE + tailleCarte;
  for (let p = 0; p < pages; p++) {
    if (!carte[p]) continue;
    brut.set(new Uint8Array(tampon, lu, Math.min(PAGE, longueur - p * PAGE)), p * PAGE);
    lu += PAGE;
  }
  return brut;
}

const instantanes = {
  // Cache Storage manque parfois (origine opaque, navigation privée stricte) : on s'en passe.
  possible() {
    return Boolean(CONFIG.instantane && self.caches);
  },

  async ouvrir() {
    return this.possible() ? caches.open(CACHE_INSTANTANES) : null;
  },

  // La réponse rangée, ou null. Une marque « essai » est posée avant de s'en servir et
  // retirée une fois Python prêt : si elle est encore là, la visite précédente n'est pas
  // allée au bout avec cet instantané, on l'abandonne.
  async trouver() {
    const cache = await this.ouvrir();
    if (!cache) return null;
    const cle = cleInstantane();
    if (await cache.match(cle + ".essai")) {
      await this.oublier("une tentative précédente n'a pas abouti");
      return null;
    }
    const reponse = await cache.match(cle);
    if (reponse) await cache.put(cle + ".essai", new Response("1"));
    return reponse || null;
  },

  async decoder(reponse) {
    const brut = deballer(await reponse.arrayBuffer());
    marquer("instantane_lu");
    return brut;
  },

  async confirmer() {
    const cache = await this.ouvrir();
    if (cache) await cache.delete(cleInstantane() + ".essai");
  },

  async oublier(raison) {
    mesures.instantane = "écarté";
    mesures.instantane_ecarte = raison;
    const cache = await this.ouvrir();
    if (!cache) return;
    await cache.delete(cleInstantane());
    await cache.delete(cleInstantane() + ".essai");
  },

  async ranger(pyodide) {
    const cache = await this.ouvrir();
    if (!cache) return;
    const paquet = empaqueter(pyodide.makeMemorySnapshot());
    // Les instantanés d'anciennes versions du runtime ne servent plus à rien.
    for (const requete of await cache.keys()) await cache.delete(requete);
    await cache.put(cleInstantane(), new Response(paquet));
    mesures.instantane_octets = paquet.byteLength;
  },
};

// Téléchargement suivi : les deux gros fichiers (le WebAssembly de Pyodide, l'archive
// d'exécution) sont lus ici, morceau par morceau, pour annoncer la progression à la page
// et juger le réseau sur ce qui arrive, pas sur le temps passé : on n'abandonne que si
// aucun octet n'est arrivé depuis DELAI_SILENCE_MS. Une coupure en cours de route reprend
// par une requête Range à partir des octets déjà reçus (un serveur qui répond 200 au lieu
// de 206 renvoie tout : on repart de zéro). Les octets reçus sont ensuite donnés à
// Pyodide par un fetch local, sans second téléchargement.
// Le délai vient de la construction (option « delais » du greffon jdr : 15 s sur le site publié).
const DELAI_SILENCE_MS = CONFIG ? CONFIG.silence_reseau : 0;
const REPRISES_MAX = 3;
const INTERVALLE_PROGRESSION_MS = 150;

class ErreurChargement extends Error {}
// Le vrai fetch, gardé avant que servirDepuisTelechargements ne le remplace pour Pyodide
// (une reprise en cours de route doit aller au réseau, pas à nos propres téléchargements).
const fetchReseau = self.fetch.bind(self);

const suivis = new Map(); // adresse → { recus, identite, reseau }
let derniereProgression = 0;

function annoncerProgression(forcer) {
  const maintenant = performance.now();
  if (!forcer && maintenant - derniereProgression < INTERVALLE_PROGRESSION_MS) return;
  derniereProgression = maintenant;
  // Les octets comptés sont ceux du fichier décompressé ; ramenés à la taille transmise
  // (Content-Length d'une réponse compressée) pour dire au lecteur ce que son réseau porte.
  let recus = 0;
  let total = 0;
  for (const s of suivis.values()) {
    recus += Math.min(s.recus, s.identite) * (s.reseau / s.identite);
    total += s.reseau;
  }
  self.postMessage({ progression: { recus: Math.round(recus), total: Math.round(total) } });
}

function assembler(morceaux, longueur) {
  const tout = new Uint8Array(longueur);
  let position = 0;
  for (const m of morceaux) {
    tout.set(m, position);
    position += m.length;
  }
  return tout;
}

// Début annoncé par « Content-Range: bytes 123-456/789 », ou null.
function debutDePlage(reponse) {
  const m = /^bytes (\d+)-\d+\/(\d+|\*)$/.exec(reponse.headers.get("Content-Range") || "");
  return m ? Number(m[1]) : null;
}

// « flux » reçoit les octets dans l'ordre, une seule fois chacun, même quand une reprise
// repart de zéro (réponse 200 à une requête Range) : Pyodide compile le WebAssembly
// pendant qu'il arrive, au lieu d'attendre la fin du téléchargement.
async function telecharger(adresse, identite, deja, flux) {
  const suivi = { recus: 0, identite: identite || 1, reseau: identite || 1 };
  suivis.set(adresse, suivi);
  let morceaux = deja && deja.byteLength ? [new Uint8Array(deja)] : [];
  suivi.recus = morceaux.length ? morceaux[0].length : 0;
  let envoyes = 0;
  const transmettre = (morceau, debut) => {
    const fin = debut + morceau.length;
    if (fin <= envoyes) return;
    try {
      flux.enqueue(envoyes > debut ? morceau.subarray(envoyes - debut) : morceau);
    } catch {
      // Lecteur parti (Pyodide a abandonné ce flux) : les octets restent gardés ici.
    }
    envoyes = fin;
  };
  const conclure = (action) => {
    try {
      action();
    } catch {
      // Flux déjà fermé par son lecteur.
    }
  };
  if (morceaux.length) transmettre(morceaux[0], 0);
  let reprises = 0;
  for (;;) {
    const controleur = new AbortController();
    let silence = null;
    const veiller = () => {
      clearTimeout(silence);
      silence = setTimeout(() => controleur.abort(), DELAI_SILENCE_MS);
    };
    veiller();
    try {
      const entetes = suivi.recus ? { Range: `bytes=${suivi.recus}-` } : {};
      let reponse;
      try {
        reponse = await fetchReseau(adresse, { headers: entetes, signal: controleur.signal });
      } catch (erreur) {
        throw new ErreurChargement(controleur.signal.aborted ? "silence" : "injoignable");
      }
      if (reponse.status === 206 && debutDePlage(reponse) === suivi.recus && !reponse.headers.get("Content-Encoding")) {
        mesures.reprise = `${adresse.split("/").pop()} depuis ${suivi.recus} octets`;
      } else if (reponse.ok && reponse.status !== 206) {
        morceaux = [];
        suivi.recus = 0;
        const longueur = Number(reponse.headers.get("Content-Length"));
        if (reponse.headers.get("Content-Encoding") && longueur > 0) suivi.reseau = longueur;
      } else {
        // 206 inutilisable (autre début, morceau compressé) : on redemande tout.
        if (reponse.status === 206) {
          morceaux = [];
          suivi.recus = 0;
          continue;
        }
        throw new ErreurChargement(`http ${reponse.status}`);
      }
      const lecteur = reponse.body.getReader();
      for (;;) {
        let lu;
        try {
          lu = await lecteur.read();
        } catch (erreur) {
          throw new ErreurChargement(controleur.signal.aborted ? "silence" : "coupure");
        }
        if (lu.done) break;
        veiller();
        morceaux.push(lu.value);
        transmettre(lu.value, suivi.recus);
        suivi.recus += lu.value.length;
        annoncerProgression(false);
      }
      clearTimeout(silence);
      annoncerProgression(true);
      conclure(() => flux.close());
      return assembler(morceaux, suivi.recus);
    } catch (erreur) {
      clearTimeout(silence);
      const raison = erreur instanceof ErreurChargement ? erreur.message : "coupure";
      // Rien reçu, ou un refus net du serveur : inutile d'insister, on le dit tout de suite.
      // Sinon la suite est redemandée à partir de ce qui est déjà là.
      if (!suivi.recus || raison.startsWith("http") || reprises >= REPRISES_MAX) {
        const echec = new ErreurChargement(raison);
        echec.partiel = suivi.recus ? assembler(morceaux, suivi.recus) : null;
        echec.adresse = adresse;
        conclure(() => flux.error(echec));
        throw echec;
      }
      reprises++;
    }
  }
}

// Ce que la page lit : une phrase en français, jamais le texte anglais d'une exception.
function enFrancais(erreur) {
  if (erreur instanceof ErreurChargement) {
    const raison = erreur.message;
    if (raison === "silence") {
      const secondes = Math.round(DELAI_SILENCE_MS / 1000);
      return `le réseau n'a plus rien envoyé depuis ${secondes} seconde${secondes > 1 ? "s" : ""}`;
    }
    if (raison === "injoignable") return "les fichiers de Python n'ont pas pu être demandés (réseau coupé ou bloqué)";
    if (raison.startsWith("http")) return `le serveur a refusé un fichier de Python (code ${raison.slice(5)})`;
    return "le téléchargement de Python a été interrompu";
  }
  const texte = String(erreur && erreur.message ? erreur.message : erreur);
  if (/dynamically imported module|Importing a module script failed|Failed to fetch/i.test(texte)) {
    return "un fichier de Python n'a pas pu être téléchargé (réseau coupé ou bloqué)";
  }
  if (/exit\(|Program terminated|abort/i.test(texte)) return "Python s'est arrêté pendant son démarrage";
  if (/memory/i.test(texte)) return "la mémoire a manqué pour démarrer Python";
  return "Python n'a pas pu démarrer dans ce navigateur";
}

// Pendant loadPyodide, les adresses qu'on télécharge soi-même sont servies par nos
// téléchargements : la première demande reçoit le flux en cours, une demande suivante
// (nouvel essai sans instantané) les octets complets.
function servirDepuisTelechargements(suivisParAdresse) {
  const fetchAvant = self.fetch;
  self.fetch = (ressource, options) => {
    const adresse = new URL(ressource instanceof Request ? ressource.url : String(ressource), self.location.href).href;
    const suivi = suivisParAdresse.get(adresse);
    if (!suivi) return fetchAvant.call(self, ressource, options);
    const type = adresse.endsWith(".wasm") ? "application/wasm" : "application/octet-stream";
    const entetes = { headers: { "Content-Type": type } };
    const flux = suivi.flux;
    suivi.flux = null;
    if (flux) return Promise.resolve(new Response(flux, entetes));
    return suivi.octets.then((octets) => new Response(octets, entetes));
  };
  return () => {
    self.fetch = fetchAvant;
  };
}

async function chargerPython(loadPyodide, options, trouve) {
  if (trouve) {
    try {
      // La lecture se poursuit pendant que Pyodide charge son module JavaScript ; son échec
      // éventuel remonte par loadPyodide (le catch vide évite un rejet « non traité » entre-temps).
      const lecture = instantanes.decoder(trouve);
      lecture.catch(() => {});
      // Un instantané qui passerait ce cap puis casserait plus loin garde sa marque
      // « essai » : la visite suivante l'écarte.
      const pyodide = await loadPyodide({ ...options, _loadSnapshot: lecture });
      mesures.instantane = "restauré";
      return { pyodide, depuisInstantane: true };
    } catch (erreur) {
      await instantanes.oublier(String(erreur)).catch(() => {});
    }
  }
  const pyodide = await loadPyodide({ ...options, _makeSnapshot: instantanes.possible() });
  return { pyodide, depuisInstantane: false };
}

// La page envoie d'abord { init } : les systèmes de ses widgets (pour le préchauffage) et
// les octets déjà reçus par un worker précédent (reprise après une coupure).
let recevoirInit;
const init = new Promise((resoudre) => {
  recevoirInit = resoudre;
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

// Le travail de fond, une fois Python prêt : confirmer l'instantané restauré, ou bien
// préchauffer les systèmes de la page puis ranger l'instantané des visites suivantes.
async function travailDeFond(pyodide, pont, depuisInstantane) {
  if (depuisInstantane) {
    await instantanes.confirmer().catch(() => {});
    return;
  }
  const { indices = {} } = await init;
  const systemes = systemesDeLaPage(indices);
  mesures.prechauffes = systemes;
  try {
    pont.prechauffer(pyodide.toPy(systemes));
  } catch (erreur) {
    // Le préchauffage n'est qu'une avance : son échec ne touche pas au moteur prêt.
    mesures.prechauffe_erreur = String(erreur).slice(0, 300);
  }
  marquer("prechauffe");
  if (!instantanes.possible()) return;
  try {
    await instantanes.ranger(pyodide);
    mesures.instantane = "rangé";
  } catch (erreur) {
    mesures.instantane = `non rangé : ${erreur}`;
  }
  marquer("instantane_range");
}

async function demarrer() {
  if (!CONFIG) throw new Error("worker non configuré : construisez le site avec le greffon jdr");
  etat("telechargement");
  const { partiels = {}, role } = await init;
  if (role === "edition") return demarrerEdition((await init).modules);
  const indexURL = new URL(CONFIG.pyodide, import.meta.url).href;
  const adresseWasm = new URL("pyodide.asm.wasm", indexURL).href;
  const adresseRuntime = new URL(CONFIG.runtime, import.meta.url).href;
  const tailles = CONFIG.tailles || {};
  const trouver = instantanes.trouver().catch((erreur) => {
    instantanes.oublier(String(erreur)).catch(() => {});
    return null;
  });
  // Tout part en même temps et Python démarre pendant que ses fichiers arrivent. Le premier
  // échec de téléchargement l'emporte sur tout le reste ; les octets reçus de chaque
  // fichier sont alors rendus à la page pour qu'un nouvel essai reprenne là.
  const recus = new Map();
  const enCours = new Map();
  const telechargements = [[adresseWasm, tailles.wasm], [adresseRuntime, tailles.runtime]].map(([adresse, taille]) => {
    const suivi = {};
    suivi.flux = new ReadableStream({
      start(controleur) {
        suivi.octets = telecharger(adresse, taille, partiels[adresse], controleur);
      },
    });
    suivi.octets.catch(() => {});
    enCours.set(adresse, suivi);
    return suivi.octets.then((octets) => recus.set(adresse, octets));
  });
  const tousRecus = Promise.all(telechargements);
  const echecDeTelechargement = tousRecus.then(() => new Promise(() => {}));
  tousRecus.then(() => {
    marquer("module");
    etat("demarrage");
  }, () => {});
  const retablir = servirDepuisTelechargements(enCours);
  let charge;
  try {
    const [{ loadPyodide }, { default: createPyodideModule }, trouve] = await Promise.race([
      Promise.all([
        import(new URL("pyodide.mjs", indexURL).href),
        import(new URL("pyodide.asm.mjs", indexURL).href),
        trouver,
      ]),
      echecDeTelechargement,
    ]);
    const options = { indexURL, stdLibURL: adresseRuntime, lockFileContents: CONFIG.verrou, createPyodideModule };
    charge = await Promise.race([chargerPython(loadPyodide, options, trouve), echecDeTelechargement]);
    await tousRecus;
  } catch (erreur) {
    // Les autres téléchargements peuvent encore courir : on garde leurs octets aussi.
    const morceaux = {};
    for (const [adresse, octets] of recus) morceaux[adresse] = octets.buffer;
    if (erreur && erreur.partiel) morceaux[erreur.adresse] = erreur.partiel.buffer;
    self.postMessage({ partiels: morceaux }, Object.values(morceaux));
    throw erreur;
  } finally {
    retablir();
    recus.clear();
  }
  const { pyodide, depuisInstantane } = charge;
  marquer("python");
  const pont = pyodide.pyimport("jdr_core.pont");
  marquer("coeur");
  etat("pret");
  // Préchauffage (les systèmes de la page, doctest, cotes) quand le worker est libre : une
  // requête déjà en attente (le clic qui a lancé le chargement) passe d'abord. Puis, la
  // première fois, l'instantané pour les visites suivantes. Le court délai laisse la page
  // afficher ce résultat sans partager les deux cœurs avec ce travail de fond.
  setTimeout(async () => {
    try {
      await travailDeFond(pyodide, pont, depuisInstantane);
    } finally {
      // La page attend ce signal pour installer le service worker (voir moteur.js).
      self.postMessage({ mesures, fond: "fini" });
    }
  }, DELAI_FOND_MS);
  return pont;
}

// Le worker d'édition (edition.js) : le code que le lecteur a modifié tourne ici, jamais
// dans le worker des lanceurs. Même Python, mêmes fichiers (déjà dans le cache HTTP), et
// l'instantané du moteur s'il existe, lu sans y toucher (sa marque « essai » appartient au
// moteur). Une fois jdr_core importé, le worker se coupe de tout ce qui est partagé avec la
// page et les autres onglets (stockage, canaux, verrous, réseau, messages) : le code du
// lecteur ne peut ni changer ce qu'un lanceur montre, ni écrire au journal, ni parler à la
// page. Il ne sert qu'une exécution, puis la page le jette.
let role = "moteur";
const envoyer = self.postMessage.bind(self);

async function demarrerEdition(modules) {
  const indexURL = new URL(CONFIG.pyodide, import.meta.url).href;
  const options = { indexURL, stdLibURL: new URL(CONFIG.runtime, import.meta.url).href, lockFileContents: CONFIG.verrou };
  const { loadPyodide } = await import(new URL("pyodide.mjs", indexURL).href);
  let pyodide = null;
  try {
    const cache = instantanes.possible() ? await caches.open(CACHE_INSTANTANES) : null;
    const trouve = cache ? await cache.match(cleInstantane()) : null;
    if (trouve) pyodide = await loadPyodide({ ...options, _loadSnapshot: deballer(await trouve.arrayBuffer()) });
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

async function executerEdition(id, requete) {
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

const pret = demarrer();
// Un seul message d'échec, en français ; le détail technique reste dans les mesures.
pret.catch((erreur) => {
  mesures.erreur = String(erreur && erreur.message ? erreur.message : erreur).slice(0, 300);
  etat("echec", enFrancais(erreur));
});

self.onmessage = async (evenement) => {
  if (evenement.data.init) {
    if (evenement.data.init.role === "edition") role = "edition";
    return recevoirInit(evenement.data.init);
  }
  const { id, requete } = evenement.data;
  if (role === "edition") return executerEdition(id, requete);
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
