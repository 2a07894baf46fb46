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
  self.postMessage({ etat: valeur, detail: detail || "", mesures });
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

async function chargerPython(loadPyodide, indexURL, trouve) {
  const options = {
    indexURL,
    stdLibURL: new URL(CONFIG.runtime, import.meta.url).href,
    lockFileContents: CONFIG.verrou,
  };
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

async function demarrer() {
  if (!CONFIG) throw new Error("worker non configuré : construisez le site avec le greffon jdr");
  etat("telechargement");
  const indexURL = new URL(CONFIG.pyodide, import.meta.url).href;
  const trouver = instantanes.trouver().catch((erreur) => {
    instantanes.oublier(String(erreur)).catch(() => {});
    return null;
  });
  const [{ loadPyodide }, trouve] = await Promise.all([import(new URL("pyodide.mjs", indexURL).href), trouver]);
  marquer("module");
  const { pyodide, depuisInstantane } = await chargerPython(loadPyodide, indexURL, trouve);
  marquer("python");
  etat("demarrage");
  const pont = pyodide.pyimport("jdr_core.pont");
  marquer("coeur");
  etat("pret");
  // Préchauffage (systèmes, doctest, cotes) quand le worker est libre : une requête déjà
  // en attente (le clic qui a lancé le chargement) passe d'abord. Puis, la première fois,
  // l'instantané pour les visites suivantes. Le court délai laisse la page afficher ce
  // résultat sans partager les deux cœurs avec ce travail de fond.
  setTimeout(async () => {
    if (depuisInstantane) {
      await instantanes.confirmer().catch(() => {});
      return;
    }
    pont.prechauffer();
    marquer("prechauffe");
    if (!instantanes.possible()) return;
    try {
      await instantanes.ranger(pyodide);
      mesures.instantane = "rangé";
    } catch (erreur) {
      mesures.instantane = `non rangé : ${erreur}`;
    }
    marquer("instantane_range");
    self.postMessage({ mesures });
  }, DELAI_FOND_MS);
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
