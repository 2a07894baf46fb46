// Une fiche partagée par un lien : son état JSON, compressé (deflate-raw) puis écrit en base64url
// dans le fragment de l'adresse (#partage=…). Le fragment ne part jamais vers le serveur ; la
// fiche reçue est mesurée à chaque étape (longueur du lien, alphabet, taille décompressée),
// puis relue par le cœur comme un fichier ouvert, et n'entre au groupe qu'après l'accord du
// lecteur (suivi/partager.js). Fonctions pures, testées sous Node (tests/test_partage.py).
import { TAILLE_MAX } from "../moteur/requete.js";

export const PREFIXE = "#partage=";
// Caractères du fragment au plus : une fiche pèse quelques centaines d'octets compressée.
export const LIEN_MAX = 16000;
// Octets du JSON décompressé au plus, ceux d'une requête au moteur : une bombe de compression s'arrête là.
export const TEXTE_MAX = TAILLE_MAX;

export class LienIllisible extends Error {}

function versBase64url(octets) {
  let binaire = "";
  for (const o of octets) binaire += String.fromCharCode(o);
  return btoa(binaire).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");
}

function depuisBase64url(texte) {
  const binaire = atob(texte.replaceAll("-", "+").replaceAll("_", "/"));
  return Uint8Array.from(binaire, (c) => c.charCodeAt(0));
}

async function lireTout(flux, maximum) {
  const lecteur = flux.getReader();
  const morceaux = [];
  let total = 0;
  for (;;) {
    const { done, value } = await lecteur.read();
    if (done) break;
    total += value.length;
    if (total > maximum) {
      await lecteur.cancel();
      throw new LienIllisible(`la fiche du lien dépasse ${Math.floor(maximum / 1000)} ko une fois décompressée`);
    }
    morceaux.push(value);
  }
  // Les morceaux bout à bout : un Blob les assemble sans copie écrite à la main.
  return new Uint8Array(await new Blob(morceaux).arrayBuffer());
}

// L'état d'une fiche → le fragment à mettre au bout de l'adresse de la page.
export async function encoder(etat) {
  const octets = new TextEncoder().encode(JSON.stringify(etat));
  const flux = new Blob([octets]).stream().pipeThrough(new CompressionStream("deflate-raw"));
  const fragment = PREFIXE + versBase64url(await lireTout(flux, TEXTE_MAX));
  if (fragment.length > LIEN_MAX) throw new LienIllisible("cette fiche est trop grande pour tenir dans un lien");
  return fragment;
}

// Un fragment reçu → l'état JSON qu'il porte, ou une LienIllisible qui dit pourquoi en français.
export async function decoder(fragment) {
  if (typeof fragment !== "string" || !fragment.startsWith(PREFIXE)) throw new LienIllisible("ce lien ne porte pas de fiche");
  const donnees = fragment.slice(PREFIXE.length);
  if (!donnees) throw new LienIllisible("le lien est vide");
  if (fragment.length > LIEN_MAX) throw new LienIllisible(`le lien est trop long (${LIEN_MAX} caractères au plus)`);
  if (!/^[A-Za-z0-9_-]+$/.test(donnees)) throw new LienIllisible("le lien contient des caractères qu'une fiche partagée n'a pas");
  let octets;
  try {
    octets = depuisBase64url(donnees);
  } catch {
    throw new LienIllisible("le lien est abîmé (il a été coupé ou modifié)");
  }
  let texte;
  try {
    const flux = new Blob([octets]).stream().pipeThrough(new DecompressionStream("deflate-raw"));
    texte = new TextDecoder("utf-8", { fatal: true }).decode(await lireTout(flux, TEXTE_MAX));
  } catch (e) {
    if (e instanceof LienIllisible) throw e;
    throw new LienIllisible("le lien est abîmé (il a été coupé ou modifié)");
  }
  try {
    return JSON.parse(texte);
  } catch {
    throw new LienIllisible("le lien ne contient pas une fiche lisible");
  }
}
