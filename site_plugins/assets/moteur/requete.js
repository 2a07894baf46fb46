// Une requête pour le moteur, mesurée avant l'envoi : ce que le pont refuserait n'a pas à faire le voyage.

import "../configuration.js";

// Limites d'une requête, vérifiées avant l'envoi : celles du pont (TAILLE_MAX_REQUETE et
// PROFONDEUR_MAX de jdr_core/pont.py), que la construction écrit dans la configuration. Un objet
// trop profond ferait échouer postMessage, et ce que Python refuserait n'a pas à faire le voyage.
// Les fiches (table/suivi/rangement.js) les appliquent aussi, sur le texte brut d'un import.
export const PROFONDEUR_MAX = globalThis.JDR_CONFIGURATION.limites.profondeurMax;
export const TAILLE_MAX = globalThis.JDR_CONFIGURATION.limites.tailleMax;

// Une requête que le worker peut recevoir, ou la raison (en français) de la refuser.
export function verifierRequete(valeur) {
  const pile = [[valeur, 1]];
  let vus = 0;
  while (pile.length) {
    const [v, profondeur] = pile.pop();
    if (v === null || typeof v !== "object") continue;
    if (profondeur > PROFONDEUR_MAX) {
      return `données trop imbriquées (plus de ${PROFONDEUR_MAX} niveaux) : rien n'a été envoyé`;
    }
    if (++vus > TAILLE_MAX) break;
    for (const enfant of Object.values(v)) pile.push([enfant, profondeur + 1]);
  }
  let texte;
  try {
    texte = JSON.stringify(valeur);
  } catch {
    return "données illisibles : rien n'a été envoyé";
  }
  if (texte === undefined || texte.length > TAILLE_MAX) {
    return `données trop longues (plus de ${TAILLE_MAX.toLocaleString("fr-FR")} caractères) : rien n'a été envoyé`;
  }
  return null;
}
