// La configuration des workers du moteur, écrite à la construction par le greffon jdr
// (site_plugins/plugin.py) à la place de la ligne qui suit : adresses de Pyodide et du runtime,
// verrou de paquets, instantanés, tailles, mécaniques par système, délai de silence du réseau.
const CONFIG = null; // remplacé à la construction
export { CONFIG };

// Les adresses de CONFIG partent du dossier des fichiers du site (assets/jdr/), deux crans au-dessus.
const RACINE = new URL("../../", import.meta.url);

export function adresseDuSite(relative) {
  return new URL(relative, RACINE).href;
}

// L'instantané dépend du runtime exact (version de Pyodide, archive précompilée) : sa clé reprend
// l'adresse de l'archive, dont le nom porte l'empreinte de son contenu.
export const CLE_INSTANTANE = CONFIG ? `${adresseDuSite(CONFIG.runtime)}.instantane` : "";
