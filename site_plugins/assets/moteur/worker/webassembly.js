// Le WebAssembly de Pyodide, compilé une seule fois, pendant qu'il arrive, quel que soit le
// démarrage de Python qui s'en sert. Pyodide (instantiateWasm, emscripten-settings.ts) demande
// le fichier dès le début de loadPyodide puis appelle WebAssembly.instantiateStreaming(réponse,
// imports) : la réponse qu'on lui donne ne porte rien, et l'instanciation prend le module
// compilé ici. Un second loadPyodide (instantané refusé, démarrage normal après lui) ne coûte
// donc qu'une instanciation, sans attendre la fin du téléchargement ni recompiler 9,6 Mo.
import { marquer, mesures } from "./mesures.js";

// Les réponses données à Pyodide à la place du fichier : elles désignent le module partagé.
const REPONSES = new WeakSet();

// Compile le flux du téléchargement (ses octets dans l'ordre, dès le premier) ; rend le module.
export function compilerEnFlux(flux) {
  const module = WebAssembly.compileStreaming(new Response(flux, { headers: { "Content-Type": "application/wasm" } }));
  module.then(() => marquer("wasm_compile"), () => {});
  return module;
}

// La réponse que reçoit Pyodide quand il demande le fichier (servirDepuisTelechargements).
export function reponseDuModule() {
  const reponse = new Response(new Uint8Array(0), { headers: { "Content-Type": "application/wasm" } });
  REPONSES.add(reponse);
  return reponse;
}

// Jusqu'à l'appel de la fonction rendue, une instanciation en flux d'une réponse de
// reponseDuModule instancie « module » (une promesse) ; toute autre passe telle quelle.
// mesures.wasm_instanciations compte les démarrages qui s'en sont servis.
export function partagerModule(module) {
  const { instantiate, instantiateStreaming } = WebAssembly;
  WebAssembly.instantiateStreaming = async (source, imports) => {
    const reponse = await source;
    if (!REPONSES.has(reponse)) return instantiateStreaming.call(WebAssembly, reponse, imports);
    const compile = await module;
    const instance = await instantiate.call(WebAssembly, compile, imports);
    mesures.wasm_instanciations = (mesures.wasm_instanciations || 0) + 1;
    return { instance, module: compile };
  };
  return () => {
    WebAssembly.instantiateStreaming = instantiateStreaming;
  };
}
