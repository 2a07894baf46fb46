// Le service worker du site : après une visite, pages, recherche, exemples, lanceurs et
// fiches marchent sans réseau. La construction l'écrit à la racine (/sw.js) avec sa
// version (empreinte du site construit) et la liste des fichiers à garder.
//
// Un cache par version : « regles-vivantes-site-<version> ». Une nouvelle construction
// donne un nouveau sw.js, donc une nouvelle installation dans un cache neuf. Une page
// ouverte ne mélange jamais deux versions : chaque version sert ses propres fichiers
// (son cache d'abord), la nouvelle attend (« waiting ») que le lecteur accepte l'avis
// « Une nouvelle version des règles est disponible » (versions.js), puis prend la main,
// efface les caches des versions précédentes et les pages se rechargent. La première
// installation, elle, n'a rien à remplacer : elle prend la main tout de suite. Le cache des
// instantanés de Python (« regles-vivantes-instantanes », rangé par moteur/jdr-worker.js et
// affiché par copie-locale.js) n'est pas le nôtre : on n'y touche pas.
//
// Le runtime (WebAssembly, archive de Python) n'est jamais téléchargé deux fois : on ne
// le précharge pas à l'installation. Il est gardé au passage, quand le worker le
// demande à travers nous, ou recopié depuis le cache HTTP du navigateur (fichiers
// « immutable ») quand la page annonce Python prêt (message « garder-runtime »).
//
// Chez un hébergeur qui sert les fichiers tels quels, le worker prend le WebAssembly et l'archive
// d'exécution en .gz (moteur/worker/telechargement.js) : la réponse telle quelle qu'il abandonne
// n'est pas gardée (on la téléchargerait en entier pour rien), et le .gz reçu est gardé décompressé
// sous l'adresse du fichier, marqué COPIE_LOCALE : au retour, le worker le lit tel quel, sans rien
// décompresser (message « garder-runtime », qui nomme les fichiers pris en .gz).
const CONFIG_SW = null; // remplacé à la construction
const PREFIXE = "regles-vivantes-site-";
const CACHE = PREFIXE + CONFIG_SW.version;
const RACINE = new URL("./", self.location.href);
const adresse = (chemin) => new URL(chemin, RACINE).href;
// L'en-tête d'un fichier du runtime gardé décompressé (le worker le lit : voir plus haut).
const COPIE_LOCALE = "X-Jdr-Copie-Locale";
// Adresse → type (le fichier décompressé se garde sous le type que lui donne le serveur du projet).
const VARIANTES_GZ = new Map(Object.entries(CONFIG_SW.variantes_gz).map(([chemin, type]) => [adresse(chemin), type]));

self.addEventListener("install", (evenement) => {
  evenement.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    // cache: "reload" : la version neuve de chaque page, jamais celle du cache HTTP.
    await Promise.all(CONFIG_SW.pages.map(async (chemin) => {
      const reponse = await fetch(adresse(chemin), { cache: "reload" });
      if (reponse.ok) await cache.put(adresse(chemin), reponse);
    }));
    if (!self.registration.active) await self.skipWaiting();
  })());
});

self.addEventListener("activate", (evenement) => {
  evenement.waitUntil((async () => {
    for (const nom of await caches.keys()) {
      if (nom.startsWith(PREFIXE) && nom !== CACHE) await caches.delete(nom);
    }
    await self.clients.claim();
  })());
});

// Le .gz d'un fichier du runtime (gardé au passage, ou dans le cache HTTP), rangé décompressé sous
// l'adresse du fichier ; le .gz lui-même n'est plus gardé. Faux si le .gz n'est pas lisible (il
// n'est plus gardé non plus : le fichier tel quel prendra sa place).
async function garderDecompresse(cache, fichier) {
  const gz = `${fichier}.gz`;
  try {
    const reponse = (await cache.match(gz)) || (await fetch(gz, { cache: "force-cache" }));
    if (!reponse.ok || reponse.status !== 200 || reponse.headers.get("Content-Encoding")) throw new Error("illisible");
    const corps = reponse.body.pipeThrough(new DecompressionStream("gzip"));
    const entetes = { "Content-Type": VARIANTES_GZ.get(fichier), [COPIE_LOCALE]: "1" };
    await cache.put(fichier, new Response(corps, { headers: entetes }));
    await cache.delete(gz);
    return true;
  } catch {
    await cache.delete(gz).catch(() => {});
    return false;
  }
}

// Un fichier du runtime qui a un .gz, gardé entier tel quel (le worker l'a reçu ainsi, ou son .gz
// était illisible) : marqué copie locale, sinon le worker le laisserait pour chercher son .gz.
function marquerCopieLocale(url, reponse) {
  if (!VARIANTES_GZ.has(url) || reponse.headers.get("Content-Encoding")) return reponse;
  const entetes = new Headers(reponse.headers);
  entetes.set(COPIE_LOCALE, "1");
  return new Response(reponse.body, { status: reponse.status, statusText: reponse.statusText, headers: entetes });
}

// « prisGz » : les noms des fichiers que le worker a pris en .gz (mesures.variantes_gz).
async function garderRuntime(prisGz) {
  const cache = await caches.open(CACHE);
  for (const chemin of CONFIG_SW.runtime) {
    const url = adresse(chemin);
    const variante = VARIANTES_GZ.has(url);
    if (await cache.match(url)) {
      if (variante) await cache.delete(`${url}.gz`);  // gardé en plus, par un autre onglet : inutile
      continue;
    }
    // Pris en .gz : sa version décompressée, jamais le fichier tel quel (deux à trois fois plus lourd).
    if (variante && prisGz.includes(chemin.split("/").pop()) && (await garderDecompresse(cache, url))) continue;
    try {
      // only-if-cached serait trop strict pour une requête même origine en mode cors ;
      // « force-cache » lit le cache HTTP s'il l'a, sans revalider.
      const reponse = await fetch(url, { cache: "force-cache" });
      if (reponse.ok && reponse.status === 200) await cache.put(url, marquerCopieLocale(url, reponse));
    } catch {
      // Hors ligne ou fichier absent : ce sera pour la prochaine fois.
    }
  }
}

// Un rangement à la fois : deux onglets prêts ensemble ne décompressent pas deux fois le même fichier.
let rangement = Promise.resolve();
self.addEventListener("message", (evenement) => {
  if (evenement.data && evenement.data.type === "garder-runtime") {
    const noms = evenement.data.variantesGz;
    const prisGz = Array.isArray(noms) ? noms.filter((n) => typeof n === "string") : [];
    rangement = rangement.then(() => garderRuntime(prisGz)).catch(() => {});
    evenement.waitUntil(rangement);
  }
  // Le lecteur a accepté la nouvelle version (bouton « Recharger » de l'avis).
  if (evenement.data && evenement.data.type === "activer") evenement.waitUntil(self.skipWaiting());
});

// Tout ce que cette version a gardé se sert depuis son cache : pages, scripts, index de
// recherche et runtime vont ensemble, jamais une page d'une version avec le moteur d'une
// autre. Ce qu'elle n'a pas (runtime pas encore vu, adresse inconnue) vient du réseau et
// se garde au passage. Une version publiée depuis s'installe à côté et s'annonce.
self.addEventListener("fetch", (evenement) => {
  const requete = evenement.request;
  const url = new URL(requete.url);
  if (requete.method !== "GET" || url.origin !== RACINE.origin || !url.pathname.startsWith(RACINE.pathname)) return;
  // Une reprise (Range) va au réseau telle quelle : une réponse partielle ne se range pas.
  if (requete.headers.has("Range")) return;
  // L'instantané de construction non plus (ni sa version .gz) : le worker le range lui-même, une fois restauré.
  if (/\.instantane(\.gz)?$/.test(url.pathname)) return;
  evenement.respondWith(cacheDAbord(requete, url, evenement));
});

async function cacheDAbord(requete, url, evenement) {
  const cache = await caches.open(CACHE);
  // Une page demandée avec ?graine=… (lien de rejeu) est la même page.
  const garde = await cache.match(requete, { ignoreSearch: requete.mode === "navigate" });
  if (garde) return garde;
  try {
    const reponse = await fetch(requete);
    // Un fichier du runtime servi tel quel : le worker l'abandonne pour son .gz (voir plus haut).
    const abandonne = VARIANTES_GZ.has(url.origin + url.pathname) && !reponse.headers.get("Content-Encoding");
    // Rangé en arrière-plan : la page lit la réponse au fil de l'eau (sa barre de
    // progression), sans attendre que la copie soit finie.
    if (reponse.status === 200 && !abandonne) evenement.waitUntil(cache.put(requete, reponse.clone()));
    return reponse;
  } catch (erreur) {
    if (requete.mode === "navigate") {
      const page404 = await cache.match(adresse("404.html"));
      if (page404) return page404;
    }
    throw erreur;
  }
}
