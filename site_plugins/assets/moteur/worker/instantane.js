// L'instantané local de Python : son format rangé et sa place dans le Cache Storage.
// Après un premier démarrage complet, le worker photographie la mémoire de Python (cœur
// importé, préchauffé) et la range ici, sans ses pages vides. Les visites suivantes
// repartent de cette photo au lieu de refaire tout le démarrage de CPython. Rien ne
// transite par le réseau : l'instantané est fabriqué chez le lecteur, pour la version
// exacte du runtime (sa clé contient l'empreinte de l'archive), et n'est qu'une
// accélération : au moindre doute (illisible, refusé par Pyodide, tentative précédente
// restée en plan), il est effacé et Python démarre normalement.
import { marquer, mesures } from "./mesures.js";

export const CACHE_INSTANTANES = "regles-vivantes-instantanes"; // même nom dans copie-locale.js et sw.js

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

export function empaqueter(brut) {
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

// Dans « cible » si elle est donnée (vierge, de la longueur annoncée par l'en-tête).
export function deballer(tampon, cible = null) {
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
  if (cible && cible.length !== longueur) throw new Error("longueur annoncée fausse");
  const brut = cible || new Uint8Array(longueur);
  let lu = ENTETE + tailleCarte;
  for (let p = 0; p < pages; p++) {
    if (!carte[p]) continue;
    brut.set(new Uint8Array(tampon, lu, Math.min(PAGE, longueur - p * PAGE)), p * PAGE);
    lu += PAGE;
  }
  return brut;
}

// Le magasin des instantanés d'un runtime : « cle » est l'adresse de l'instantané (celle
// de l'archive d'exécution, suivie de « .instantane »), « actif » l'option de construction.
export function magasinInstantanes(cle, actif) {
  return {
    // Cache Storage manque parfois (origine opaque, navigation privée stricte) : on s'en passe.
    possible() {
      return Boolean(actif && self.caches);
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
      if (await cache.match(cle + ".essai")) {
        await this.oublier("une tentative précédente n'a pas abouti");
        // Ni celui-ci ni celui de la construction pour cette visite : Python démarre normalement.
        this.echecRecent = true;
        return null;
      }
      const reponse = await cache.match(cle);
      if (reponse) await cache.put(cle + ".essai", new Response("1"));
      return reponse || null;
    },

    // Vrai quand la visite précédente n'est pas allée au bout avec un instantané (voir trouver).
    echecRecent: false,

    // La marque « essai » seule, avant de restaurer l'instantané de construction : s'il faisait
    // tomber la page, la visite suivante démarrerait Python normalement (voir trouver).
    async marquerEssai() {
      const cache = await this.ouvrir();
      if (cache) await cache.put(cle + ".essai", new Response("1"));
    },

    // La mémoire rangée, déballée, sans toucher à la marque « essai » (qui appartient au
    // worker des lanceurs) : pour le worker d'édition. Null s'il n'y en a pas.
    async lire() {
      const cache = await this.ouvrir();
      const trouve = cache ? await cache.match(cle) : null;
      return trouve ? deballer(await trouve.arrayBuffer()) : null;
    },

    async decoder(reponse) {
      const brut = deballer(await reponse.arrayBuffer());
      marquer("instantane_lu");
      return brut;
    },

    async confirmer() {
      const cache = await this.ouvrir();
      if (cache) await cache.delete(cle + ".essai");
    },

    async oublier(raison) {
      mesures.instantane = "écarté";
      mesures.instantane_ecarte = raison;
      const cache = await this.ouvrir();
      if (!cache) return;
      await cache.delete(cle);
      await cache.delete(cle + ".essai");
    },

    async ranger(pyodide) {
      await this.rangerPaquet(empaqueter(pyodide.makeMemorySnapshot()));
    },

    // Range un instantané déjà empaqueté : celui de la construction, une fois restauré, devient
    // l'instantané local des visites suivantes (sans nouveau téléchargement).
    async rangerPaquet(paquet) {
      const cache = await this.ouvrir();
      if (!cache) return;
      // Les instantanés d'anciennes versions du runtime ne servent plus à rien.
      for (const requete of await cache.keys()) await cache.delete(requete);
      await cache.put(cle, new Response(paquet));
      mesures.instantane_octets = paquet.byteLength;
    },
  };
}
