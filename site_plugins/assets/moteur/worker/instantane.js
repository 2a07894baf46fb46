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
const MOT = 4; // octets d'un mot de la somme de contrôle (Uint32)

const FNV_DEPART = 0x811c9dc5;

// La somme FNV-1a des mots de 32 bits de « mots », à partir de l'état « h » (FNV_DEPART au début).
function sommer(h, mots) {
  for (let i = 0; i < mots.length; i++) h = Math.imul(h ^ mots[i], 0x01000193);
  return h;
}

function somme(octets) {
  return sommer(FNV_DEPART, new Uint32Array(octets.buffer, octets.byteOffset, octets.byteLength >>> 2)) >>> 0;
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

// Le déballage d'un paquet qui arrive par morceaux (ajouter), dans « cible » si elle est donnée
// (de la longueur annoncée), sinon dans une mémoire neuve : chaque morceau est lu là où il arrive,
// ses pages copiées à leur place dans la mémoire et ses mots ajoutés à la somme de contrôle, si bien
// qu'à l'arrivée du dernier il ne reste presque rien à faire. Le paquet n'est gardé en entier
// (this.paquet) qu'avec « garder » : celui de la construction, rangé ensuite tel quel. L'instantané
// local s'en passe : 15 Mo de moins à allouer et à recopier pendant le démarrage (déballage sous Node,
// 15,7 Mo en morceaux de 64 Kio : 34 à 42 ms avant, 16 à 18 ms sans garder, 25 à 30 ms en gardant ;
// dans Chromium, Python n'est pas prêt plus tôt : la lecture attend les morceaux, pas le déballage).
// fin() rend la mémoire, ou lève la raison du refus (fichier tronqué, en-tête inconnu, longueur
// incohérente, somme de contrôle fausse, longueur annoncée fausse, vérifiées dans cet ordre). Un paquet
// refusé peut avoir écrit une partie de la mémoire : Pyodide la reçoit tôt (jdr-worker.js, pour sa
// longueur), mais ne la lit qu'après fin() (creerApres).
export class Deballage {
  // « complet » : un paquet déjà reçu en entier (ArrayBuffer), lu sans recopie.
  constructor(cible = null, complet = null, { garder = true } = {}) {
    this.cible = cible;
    this.garder = garder && !complet;
    this.paquet = complet ? new Uint8Array(complet) : this.garder ? new Uint8Array(PAGE) : null;
    this.gardes = 0; // octets déjà dans this.paquet (avec « garder »)
    this.tete = new Uint8Array(PAGE); // l'en-tête puis la carte, le temps qu'ils arrivent
    this.recus = 0;
    this.h = FNV_DEPART;
    this.reste = new Uint8Array(MOT); // les octets d'un mot coupé entre deux morceaux
    this.nReste = 0;
    this.entete = null; // { longueur, pages, controle }, ou false s'il est inconnu
    this.total = null; // longueur du paquet, connue avec la carte
    this.debut = null; // où commencent les pages (après l'en-tête et la carte)
    this.pleines = null; // numéros des pages pleines, dans l'ordre du paquet
    this.memoire = null;
    if (complet) this.lire(this.paquet);
  }

  ajouter(morceau) {
    if (this.garder) this.garderMorceau(morceau);
    this.lire(morceau);
  }

  garderMorceau(morceau) {
    const fin = this.gardes + morceau.length;
    if (fin > this.paquet.length) {
      if (this.total !== null) return; // plus d'octets que la carte n'en annonce : refusé à la fin
      const plus = new Uint8Array(Math.max(fin, this.paquet.length * 2));
      plus.set(this.paquet.subarray(0, this.gardes));
      this.paquet = plus;
    }
    this.paquet.set(morceau, this.gardes);
    this.gardes = fin;
  }

  // Les octets de « morceau », qui suivent les this.recus déjà lus.
  lire(morceau) {
    const i = this.total === null ? this.lireLaTete(morceau) : 0;
    if (this.total !== null) this.lireLesPages(morceau, i);
    this.recus += morceau.length;
  }

  // L'en-tête, puis la carte, recopiés dans this.tete ; rend le nombre d'octets du morceau pris par eux.
  lireLaTete(morceau) {
    let i = 0;
    while (this.total === null && this.entete !== false && i < morceau.length) {
      const voulu = this.entete ? ENTETE + Math.ceil(this.entete.pages / 4) * 4 : ENTETE;
      const lus = this.recus + i;
      const pris = Math.min(morceau.length - i, voulu - lus);
      if (this.tete.length < voulu) {
        const plus = new Uint8Array(voulu);
        plus.set(this.tete.subarray(0, lus));
        this.tete = plus;
      }
      this.tete.set(morceau.subarray(i, i + pris), lus);
      i += pris;
      if (lus + pris < voulu) break;
      if (this.entete) {
        this.ouvrirLesPages(voulu);
      } else {
        const [magie, page, longueur, pages, controle] = new Uint32Array(this.tete.buffer, 0, 5);
        this.entete = magie === MAGIE && page === PAGE && pages === Math.ceil(longueur / PAGE) && { longueur, pages, controle };
        if (this.entete && pages === 0) this.ouvrirLesPages(ENTETE); // une mémoire vide : ni carte ni pages
      }
    }
    return this.entete === false ? morceau.length : i;
  }

  // La carte est là : les pages pleines, la longueur du paquet, la mémoire.
  ouvrirLesPages(debut) {
    const { longueur, pages } = this.entete;
    const carte = this.tete.subarray(ENTETE, ENTETE + pages);
    this.pleines = [];
    for (let p = 0; p < pages; p++) if (carte[p]) this.pleines.push(p);
    this.debut = debut;
    // La longueur compte les octets de la carte (1 par page pleine) : une carte abîmée (2 ou plus)
    // annonce plus de pages qu'il n'y en a, et le paquet est refusé (« longueur incohérente »).
    this.total = debut + carte.reduce((n, c) => n + c, 0) * PAGE;
    this.sommerOctets(this.tete.subarray(ENTETE, debut)); // la somme couvre la carte aussi
    // Un paquet plus long que toutes ses pages (carte abîmée) sera refusé : pas de mémoire pour lui.
    const possible = this.total <= debut + pages * PAGE;
    if (this.garder && possible && this.gardes <= this.total && this.paquet.length !== this.total) {
      const exact = new Uint8Array(this.total);
      exact.set(this.paquet.subarray(0, this.gardes));
      this.paquet = exact;
    }
    if (!this.cible || this.cible.length === longueur) this.memoire = this.cible || new Uint8Array(longueur);
  }

  // Les pages du morceau à partir de « i » : leurs mots dans la somme, leurs octets à leur place.
  lireLesPages(morceau, i) {
    const fin = Math.min(morceau.length, this.total - this.recus); // au-delà du paquet annoncé : ignoré
    if (i >= fin) return;
    this.sommerOctets(morceau.subarray(i, fin));
    if (!this.memoire) return;
    const { longueur } = this.entete;
    let o = this.recus + i - this.debut;
    while (i < fin) {
      const dans = o % PAGE;
      const n = Math.min(PAGE - dans, fin - i);
      const k = Math.floor(o / PAGE);
      const ou = k < this.pleines.length ? this.pleines[k] * PAGE + dans : longueur;
      const utiles = Math.min(n, longueur - ou); // la dernière page de la mémoire peut être courte
      if (utiles > 0) this.memoire.set(morceau.subarray(i, i + utiles), ou);
      i += n;
      o += n;
    }
  }

  // Les octets dans la somme, mot par mot ; un mot coupé entre deux morceaux attend la suite.
  sommerOctets(octets) {
    let i = 0;
    if (this.nReste) {
      while (this.nReste < MOT && i < octets.length) this.reste[this.nReste++] = octets[i++];
      if (this.nReste < MOT) return;
      this.h = sommer(this.h, new Uint32Array(this.reste.buffer, 0, 1));
      this.nReste = 0;
    }
    const mots = Math.floor((octets.length - i) / MOT);
    if (mots) {
      const ou = octets.byteOffset + i;
      // Un morceau mal aligné (rare) est recopié pour être lu en mots.
      const vue = ou % MOT === 0 ? new Uint32Array(octets.buffer, ou, mots) : new Uint32Array(octets.slice(i, i + mots * MOT).buffer);
      this.h = sommer(this.h, vue);
      i += mots * MOT;
    }
    while (i < octets.length) this.reste[this.nReste++] = octets[i++];
  }

  fin() {
    if (this.recus < ENTETE) throw new Error("fichier tronqué");
    if (!this.entete) throw new Error("en-tête inconnu");
    if (this.total === null) throw new Error("fichier tronqué");
    if (this.recus !== this.total) throw new Error("longueur incohérente");
    if (this.h >>> 0 !== this.entete.controle) throw new Error("somme de contrôle fausse");
    if (!this.memoire) throw new Error("longueur annoncée fausse");
    return this.memoire;
  }
}

// Un paquet reçu en entier (ArrayBuffer), dans « cible » si elle est donnée (voir Deballage).
export function deballer(tampon, cible = null) {
  return new Deballage(cible, tampon).fin();
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

    // La réponse rangée, lue en flux : la longueur de la mémoire est dans l'en-tête, lu avec le
    // premier morceau ; rend { memoire, lecture } dès qu'elle est connue. La mémoire se remplit
    // pendant que Pyodide crée son module (jdr-worker.js, creerApres) ; « lecture » ne se résout
    // qu'une fois tout reçu et la somme de contrôle vérifiée, et rejette un paquet abîmé.
    async lireEnFlux(reponse) {
      marquer("instantane_ouvert");
      const lecteur = reponse.body.getReader();
      const deballage = new Deballage(null, null, { garder: false });
      let fini = false;
      while (!deballage.memoire && !fini) {
        const morceau = await lecteur.read();
        if (morceau.done) fini = true;
        else deballage.ajouter(morceau.value);
      }
      if (fini) deballage.fin(); // lève la raison du refus (sinon, la mémoire serait là)
      const lecture = (async () => {
        for (let morceau = await lecteur.read(); !morceau.done; morceau = await lecteur.read()) {
          deballage.ajouter(morceau.value);
        }
        const memoire = deballage.fin();
        marquer("instantane_lu");
        return memoire;
      })();
      lecture.catch(() => {}); // attendue plus tard (chargerPython) : pas de rejet « non traité » d'ici là
      return { memoire: deballage.memoire, lecture };
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
