// Les deux gros fichiers de Python (le WebAssembly de Pyodide, l'archive d'exécution),
// téléchargés par le worker lui-même : progression annoncée à la page, reprise après une
// coupure, puis remis à Pyodide sans second téléchargement.
import { mesures } from "./mesures.js";

// Téléchargement suivi : les deux gros fichiers (le WebAssembly de Pyodide, l'archive
// d'exécution) sont lus ici, morceau par morceau, pour annoncer la progression à la page
// et juger le réseau sur ce qui arrive, pas sur le temps passé : on n'abandonne que si
// aucun octet n'est arrivé depuis « silenceMs ». Une coupure en cours de route reprend
// par une requête Range à partir des octets déjà reçus (un serveur qui répond 200 au lieu
// de 206 renvoie tout : on repart de zéro). Les octets reçus sont ensuite donnés à
// Pyodide par un fetch local, sans second téléchargement.
// Le délai vient de la construction (option « delais » du greffon jdr : 15 s sur le site
// publié) ; l'échec d'un téléchargement le garde (silenceMs), pour le dire au lecteur.
const REPRISES_MAX = 3;
const INTERVALLE_PROGRESSION_MS = 150;

export class ErreurChargement extends Error {}
// Le vrai fetch, gardé avant que servirDepuisTelechargements ne le remplace pour Pyodide
// (une reprise en cours de route doit aller au réseau, pas à nos propres téléchargements).
const fetchReseau = self.fetch.bind(self);

const suivis = new Map(); // adresse → { recus, identite, reseau }

// Le suivi du téléchargement de « adresse » (recus, reseau, premierOctet, fini, veilleur…), s'il existe.
export function suiviDe(adresse) {
  return suivis.get(adresse);
}

// Vrai si une réponse dit (Content-Encoding) qu'elle voyage compressée.
export function compresse(encodage) {
  return /^(br|gzip|deflate|zstd)$/i.test(encodage || "");
}
let derniereProgression = 0;

// Les octets reçus d'un téléchargement, comptés comme le réseau les porte : ceux du fichier
// décompressé, ramenés à la taille transmise (Content-Length d'une réponse compressée) ; pour un
// .gz décompressé ici (voir decompresseur), ceux du .gz lui-même.
export function octetsReseau(suivi) {
  if (suivi.gz) return suivi.gz.recus;
  return Math.min(suivi.recus, suivi.identite) * (suivi.reseau / suivi.identite);
}

function annoncerProgression(forcer) {
  const maintenant = performance.now();
  if (!forcer && maintenant - derniereProgression < INTERVALLE_PROGRESSION_MS) return;
  derniereProgression = maintenant;
  // Ce que le réseau a porté, sur ce qu'il portera, tous fichiers ensemble. Un lecteur ouvre une page
  // chez un hébergeur qui sert le Brotli : le WebAssembly pèse 3,2 Mo sur le réseau pour 9,6 Mo
  // décompressés, l'archive d'exécution 1,0 Mo. L'archive est arrivée, le WebAssembly à moitié
  // (4,8 Mo décompressés, soit 1,6 Mo portés) ; à 0,8 Mo par seconde, il lit « 2,6 Mo reçus sur
  // 4,2 Mo, encore environ 2 s. » (moteur/chargement.js), et la barre de progression le lui dit aussi.
  // Chez un hébergeur sans compression, le worker prend les .gz : ce sont leurs octets qu'il compte.
  // Un autre lecteur ouvre la même page chez un hébergeur qui compresse à la volée sans annoncer la
  // longueur (nginx, bien des CDN) : le navigateur ne dit pas ce que le réseau a porté, le WebAssembly ne
  // se compte qu'en octets décompressés (9,6 Mo) et les mégaoctets seraient faux. La proportion, elle,
  // reste juste (« approchee ») : à mi-chemin, il lit « Reçu à 50 %, encore environ 2 s. »
  let recus = 0;
  let total = 0;
  let approchee = false;
  for (const s of suivis.values()) {
    recus += octetsReseau(s);
    total += s.reseau;
    approchee ||= Boolean(s.reseauInconnu);
  }
  self.postMessage({ progression: { recus: Math.round(recus), total: Math.round(total), approchee } });
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

// Le fichier servi tel quel (sans Content-Encoding) a une version .gz écrite à la construction
// (« variante » : { adresse, octets, demblee }) : on la demande à sa place (d'emblée, sans demander
// le fichier, si la page se souvient de l'avoir vu ainsi : « demblee »), comme un fichier ordinaire, et
// on la décompresse ici (DecompressionStream). Chez un hébergeur qui ne compresse pas (fichiers
// tels quels, ou une archive zip qu'un hébergeur à gzip à la volée laisse telle quelle), le
// WebAssembly passe de 9,6 à 3,5 Mo, l'archive d'exécution de 3,9 à 1,2 Mo. Une reprise après
// une coupure redemande la suite du .gz (Range sur ses octets), que le même décompresseur
// reçoit ; un .gz illisible fait revenir au fichier tel quel, depuis le début.
//
// Le service worker garde ce .gz décompressé sous l'adresse du fichier (hors-ligne/sw.js) : sa
// réponse porte COPIE_LOCALE, et le worker la prend telle quelle (rien à décompresser au retour).
const COPIE_LOCALE = "X-Jdr-Copie-Locale";
function decompresseur(suivi, recevoir) {
  const ds = new DecompressionStream("gzip");
  const gz = { recus: 0, ecrivain: ds.writable.getWriter(), erreur: null };
  gz.pompe = (async () => {
    const lecteur = ds.readable.getReader();
    for (let lu = await lecteur.read(); !lu.done; lu = await lecteur.read()) recevoir(lu.value);
  })();
  gz.pompe.catch((erreur) => {
    gz.erreur = erreur;
  });
  gz.ecrivain.closed.catch(() => {});
  suivi.gz = gz;
  return gz;
}

// « flux » reçoit les octets dans l'ordre, une seule fois chacun, même quand une reprise
// repart de zéro (réponse 200 à une requête Range) : Pyodide compile le WebAssembly
// pendant qu'il arrive, au lieu d'attendre la fin du téléchargement.
export async function telecharger(adresse, identite, deja, flux, silenceMs, variante = null) {
  const suivi = { recus: 0, identite: identite || 1, reseau: identite || 1, premierOctet: null, fini: false, veilleur: null };
  suivi.encodage = new Promise((resoudre) => {
    suivi.noterEncodage = resoudre;
  });
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
  // Les octets décompressés du .gz, reçus dans l'ordre (voir decompresseur).
  const recevoir = (morceau) => {
    morceaux.push(morceau);
    transmettre(morceau, suivi.recus);
    suivi.recus += morceau.length;
  };
  let gz = null;
  const nom = adresse.split("/").pop();
  // Le .gz à la place du fichier : servi tel quel, noté dans les mesures (la page s'en souvient, le
  // service worker en garde la version décompressée) ; injoignable, noté à part (une coupure passagère
  // ne doit pas faire prendre le .gz aux visites suivantes, ni chez un hébergeur qui compresse).
  const prendreGz = (injoignable = false) => {
    suivi.noterEncodage(injoignable ? null : "");
    suivi.reseau = variante.octets;
    if (injoignable) mesures.variante_gz_injoignable = nom;
    else mesures.variantes_gz = [...(mesures.variantes_gz || []), nom];
    return decompresseur(suivi, recevoir);
  };
  // Ce que le .gz a donné jusqu'ici, oublié : pour le reprendre depuis le début dans un
  // décompresseur neuf (repartirGz), ou revenir au fichier tel quel (quitterGz).
  const oublierGz = () => {
    gz.ecrivain.abort().catch(() => {});
    morceaux = [];
    suivi.recus = 0;
  };
  const repartirGz = () => {
    oublierGz();
    return decompresseur(suivi, recevoir);
  };
  const quitterGz = (raison) => {
    oublierGz();
    mesures.variante_gz_abandonnee = `${nom}.gz : ${raison}`;
    // Le fichier tel quel, finalement : ni la page ni le service worker ne doivent le croire pris en .gz.
    if (mesures.variantes_gz) mesures.variantes_gz = mesures.variantes_gz.filter((n) => n !== nom);
    suivi.reseau = suivi.identite;
    suivi.gz = null;
    return null;
  };
  let varianteLibre = Boolean(variante && !morceaux.length && typeof DecompressionStream === "function");
  if (varianteLibre && variante.demblee) {
    // La visite précédente a déjà vu ce fichier servi tel quel, et aucun service worker n'en garde de
    // copie (client.js, variantesRetenues) : le .gz d'emblée, sans l'aller-retour du fichier.
    varianteLibre = false;
    gz = prendreGz();
  }
  let reprises = 0;
  for (;;) {
    const controleur = new AbortController();
    let silence = null;
    const veiller = () => {
      clearTimeout(silence);
      silence = setTimeout(() => controleur.abort(), silenceMs);
    };
    veiller();
    try {
      const depuis = gz ? gz.recus : suivi.recus;
      const entetes = depuis ? { Range: `bytes=${depuis}-` } : {};
      let reponse;
      try {
        reponse = await fetchReseau(gz ? variante.adresse : adresse, { headers: entetes, signal: controleur.signal });
      } catch (erreur) {
        if (varianteLibre && !controleur.signal.aborted) {
          // Le fichier injoignable (hors ligne, le service worker n'a que son .gz) : le .gz.
          varianteLibre = false;
          clearTimeout(silence);
          gz = prendreGz(true);
          continue;
        }
        throw new ErreurChargement(controleur.signal.aborted ? "silence" : "injoignable");
      }
      const premiere = varianteLibre;
      varianteLibre = false;
      // Servi tel quel par le réseau, pas la copie décompressée que garde le service worker.
      const telQuel = !reponse.headers.get("Content-Encoding") && !reponse.headers.get(COPIE_LOCALE);
      if (premiere && reponse.status === 200 && telQuel) {
        // Servi tel quel : la version .gz à sa place (voir decompresseur).
        reponse.body.cancel().catch(() => {});
        clearTimeout(silence);
        gz = prendreGz();
        continue;
      }
      if (gz) {
        const annonce = reponse.headers.get("Content-Encoding");
        if (reponse.status === 206 && debutDePlage(reponse) === gz.recus && !annonce) {
          mesures.reprise = `${nom}.gz depuis ${gz.recus} octets`;
        } else if (reponse.status === 200 && !annonce) {
          // Le .gz depuis son début (premier envoi, ou reprise refusée) : un décompresseur neuf.
          if (gz.recus) gz = repartirGz();
        } else {
          // Reprise inutilisable : tout le .gz. Refusé (404…) ou annoncé compressé (le navigateur
          // l'aurait déjà décompressé) : le fichier tel quel, depuis le début.
          reponse.body.cancel().catch(() => {});
          clearTimeout(silence);
          gz = reponse.status === 206 ? repartirGz() : quitterGz(annonce ? "annoncé compressé" : `http ${reponse.status}`);
          continue;
        }
      } else if (reponse.status === 206 && debutDePlage(reponse) === suivi.recus && !reponse.headers.get("Content-Encoding")) {
        mesures.reprise = `${adresse.split("/").pop()} depuis ${suivi.recus} octets`;
      } else if (reponse.ok && reponse.status !== 206) {
        morceaux = [];
        suivi.recus = 0;
        const longueur = Number(reponse.headers.get("Content-Length"));
        const encode = compresse(reponse.headers.get("Content-Encoding"));
        if (encode && longueur > 0) suivi.reseau = longueur;
        // Compressé à la volée sans longueur annoncée (envoi par morceaux, comme nginx ou un CDN) :
        // les octets décompressés ne disent pas ce que le réseau a porté (voir lienRapide).
        suivi.reseauInconnu = encode && !(longueur > 0);
      } else {
        // 206 inutilisable (autre début, morceau compressé) : on redemande tout.
        if (reponse.status === 206) {
          morceaux = [];
          suivi.recus = 0;
          continue;
        }
        throw new ErreurChargement(`http ${reponse.status}`);
      }
      // L'encodage de la première réponse complète (200) : une reprise (206) n'en dit rien.
      if (!gz) suivi.noterEncodage(reponse.status === 206 ? null : reponse.headers.get("Content-Encoding") || "");
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
        if (gz) {
          gz.recus += lu.value.length;
          await gz.ecrivain.write(lu.value).catch(() => {});
          if (gz.erreur) {
            lecteur.cancel().catch(() => {});
            break;
          }
        } else {
          recevoir(lu.value);
        }
        if (suivi.premierOctet === null) suivi.premierOctet = performance.now();
        if (suivi.veilleur) suivi.veilleur();
        annoncerProgression(false);
      }
      clearTimeout(silence);
      if (gz) {
        await gz.ecrivain.close().catch(() => {});
        await gz.pompe.catch(() => {});
        if (gz.erreur) {
          // .gz illisible : le fichier tel quel, depuis le début.
          gz = quitterGz(`illisible (${String(gz.erreur).slice(0, 120)})`);
          continue;
        }
      }
      annoncerProgression(true);
      suivi.fini = true;
      if (suivi.veilleur) suivi.veilleur();
      conclure(() => flux.close());
      return assembler(morceaux, suivi.recus);
    } catch (erreur) {
      clearTimeout(silence);
      const raison = erreur instanceof ErreurChargement ? erreur.message : "coupure";
      // Rien reçu, ou un refus net du serveur : inutile d'insister, on le dit tout de suite.
      // Sinon la suite est redemandée à partir de ce qui est déjà là.
      if (!(gz ? gz.recus : suivi.recus) || raison.startsWith("http") || reprises >= REPRISES_MAX) {
        const echec = new ErreurChargement(raison);
        echec.partiel = suivi.recus ? assembler(morceaux, suivi.recus) : null;
        echec.adresse = adresse;
        echec.silenceMs = silenceMs;
        suivi.noterEncodage(null);
        conclure(() => flux.error(echec));
        throw echec;
      }
      reprises++;
    }
  }
}

// L'en-tête Content-Encoding de la réponse qui porte « adresse », lu dès ses en-têtes, sans attendre
// son corps : « br », « gzip »… ; « » servie telle quelle ; null si on ne le saura pas (reprise
// d'octets déjà reçus, échec, téléchargement inconnu).
export function encodage(adresse) {
  const suivi = suivis.get(adresse);
  return suivi ? suivi.encodage : Promise.resolve(null);
}

// La raison d'un échec de téléchargement, en français, ou null pour une autre erreur.
export function raisonEnFrancais(erreur) {
  if (!(erreur instanceof ErreurChargement)) return null;
  const raison = erreur.message;
  if (raison === "silence") {
    const secondes = Math.round(erreur.silenceMs / 1000);
    return `le réseau n'a plus rien envoyé depuis ${secondes} seconde${secondes > 1 ? "s" : ""}`;
  }
  if (raison === "injoignable") return "les fichiers de Python n'ont pas pu être demandés (réseau coupé ou bloqué)";
  if (raison.startsWith("http")) return `le serveur a refusé un fichier de Python (code ${raison.slice(5)})`;
  return "le téléchargement de Python a été interrompu";
}

// Pendant loadPyodide, les adresses qu'on télécharge soi-même sont servies par nos
// téléchargements : la première demande reçoit le flux en cours, une demande suivante
// (nouvel essai sans instantané) les octets complets ; un suivi qui porte « reponse » (le
// WebAssembly, compilé à part : worker/webassembly.js) reçoit à chaque demande ce qu'elle rend.
export function servirDepuisTelechargements(suivisParAdresse) {
  const fetchAvant = self.fetch;
  self.fetch = (ressource, options) => {
    const adresse = new URL(ressource instanceof Request ? ressource.url : String(ressource), self.location.href).href;
    const suivi = suivisParAdresse.get(adresse);
    if (!suivi) return fetchAvant.call(self, ressource, options);
    const type = adresse.endsWith(".wasm") ? "application/wasm" : "application/octet-stream";
    const entetes = { headers: { "Content-Type": type } };
    if (suivi.reponse) return Promise.resolve(suivi.reponse());
    const flux = suivi.flux;
    suivi.flux = null;
    if (flux) return Promise.resolve(new Response(flux, entetes));
    return suivi.octets.then((octets) => new Response(octets, entetes));
  };
  return () => {
    self.fetch = fetchAvant;
  };
}
