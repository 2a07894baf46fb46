// La configuration des workers du moteur, lue dans le module de configuration que la construction
// écrit (site_plugins/configuration.py) : adresses de Pyodide et du runtime, verrou de paquets,
// instantanés, tailles, mécaniques par système, délai de silence du réseau.
import "../../configuration.js";

export const CONFIG = globalThis.JDR_CONFIGURATION.worker;

// Les adresses de CONFIG partent du dossier des fichiers du site (assets/jdr/), deux crans au-dessus.
const RACINE = new URL("../../", import.meta.url);

export function adresseDuSite(relative) {
  return new URL(relative, RACINE).href;
}

// L'instantané dépend du runtime exact (version de Pyodide, archive précompilée) : sa clé reprend
// l'adresse de l'archive, dont le nom porte l'empreinte de son contenu.
export const CLE_INSTANTANE = CONFIG ? `${adresseDuSite(CONFIG.runtime)}.instantane` : "";
