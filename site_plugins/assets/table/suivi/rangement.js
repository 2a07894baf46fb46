// Une fiche rangée, lue et écrite sous son verrou (stockage.js) : sa relecture mesurée, et une
// opération faite sur elle hors de son widget (un lanceur qui applique son jet à un personnage, la
// fiche D10 qui met un personnage au combat), avec le même verrou, la même relecture et la même clé
// d'opération que la fiche elle-même.
import { moteur } from "../../moteur/client.js";
import { PROFONDEUR_MAX, TAILLE_MAX } from "../../moteur/requete.js";
import { ecrire, operationFaite, sousVerrou, versionDe } from "../stockage.js";

// Sans verrou partagé (repli de stockage.js), une écriture devancée est recalculée au plus ce nombre de fois.
export const ESSAIS_MAX = 3;

// Un JSON reçu (import, sauvegarde) est mesuré sur son texte, avant d'être lu ou envoyé au
// moteur, avec les limites des requêtes (moteur/requete.js, les mêmes que le pont) : trop gros ou
// trop imbriqué, il serait refusé plus loin. Rend la raison d'un refus, ou null.
export function verifierJson(brut, octetsMax = TAILLE_MAX, profondeurMax = PROFONDEUR_MAX) {
  const octets = new TextEncoder().encode(brut).length;
  if (octets > octetsMax) {
    return `le texte fait ${Math.ceil(octets / 1000)} ko, ${Math.floor(octetsMax / 1000)} ko au plus`;
  }
  let profondeur = 0;
  let pire = 0;
  let chaine = false;
  let echappe = false;
  for (const c of brut) {
    if (chaine) {
      if (echappe) echappe = false;
      else if (c === "\\") echappe = true;
      else if (c === '"') chaine = false;
    } else if (c === '"') chaine = true;
    else if (c === "{" || c === "[") pire = Math.max(pire, ++profondeur);
    else if (c === "}" || c === "]") profondeur--;
  }
  if (pire > profondeurMax) return `${pire} niveaux d'imbrication, ${profondeurMax} au plus`;
  return null;
}

// Le moteur lui-même a échoué (Python pas chargé), par opposition à un refus du pont.
export function moteurEnPanne(reponse) {
  return moteur.etat === "echec" || Boolean(reponse && reponse.moteur === "echec");
}

// Une fiche rangée, relue telle quelle : { etat, version } ; null si elle n'existe plus ;
// { illisible: raison } si son texte ne se lit pas.
export function relire(cle) {
  const brut = localStorage.getItem(cle);
  if (brut === null) return null;
  const refus = verifierJson(brut);
  if (refus) return { illisible: refus };
  try {
    return { etat: JSON.parse(brut), version: versionDe(cle) };
  } catch {
    return { illisible: "ce n'est pas du JSON valide" };
  }
}

// Une opération sur une fiche rangée, faite hors de son widget (un lanceur qui applique son jet à
// un personnage, liaison.js) : même verrou, même relecture, même clé d'opération que la fiche.
// Rend la réponse du moteur, ou { deja }, { disparue }, { illisible }, { plein }, { perime }.
export async function operationRangee(systeme, cle, op, id) {
  await moteur.pret();
  return sousVerrou(cle, async () => {
    if (operationFaite(cle, id)) return { deja: true };
    for (let essai = 0; essai < ESSAIS_MAX; essai++) {
      const lue = relire(cle);
      if (lue === null) return { disparue: true };
      if (lue.illisible) return { illisible: lue.illisible };
      const r = await moteur.demander({ type: "suivi", systeme, etat: lue.etat, op });
      if (r.erreur) return r;
      const ecrit = ecrire(cle, r.etat, lue.version, id);
      if (ecrit.plein) return { plein: true };
      if (!ecrit.perime) return r;
    }
    return { perime: true };
  });
}

// Les fiches de cette page qui montrent `cle` la relisent (une écriture faite dans ce même
// onglet, hors de leur widget, ne leur arrive pas par l'évènement « storage »).
export function signalerIci(cle) {
  for (const racine of document.querySelectorAll(".jdr-fiche")) {
    if (racine.jdrSuivi) racine.jdrSuivi.quandStockageChange({ storageArea: localStorage, key: cle });
  }
}
