// L'instantané de construction (site_plugins/instantane.mjs), vu du worker de Python : faut-il le
// demander à cette première visite (selon l'hébergeur et le lien), et son téléchargement, déballé
// pendant qu'il arrive. Le démarrage de Python qui s'en sert est dans jdr-worker.js (chargerPython).
import { adresseDuSite } from "./config.js";
import { Deballage } from "./instantane.js";
import { lienRapide } from "./lien.js";
import { marquer, mesures } from "./mesures.js";
import { compresse, encodage } from "./telechargement.js";

// L'instantané de construction (site_plugins/instantane.mjs) : la mémoire de Python démarré et
// préchauffé, préparée avec le site. La première visite le télécharge en plus (environ 3,8 Mo
// compressés) et restaure Python au lieu de le démarrer, sur un lien assez rapide pour que ces
// octets coûtent moins que le calcul qu'ils évitent (voir deciderInstantaneConstruit). Chez un
// hébergeur qui sert les fichiers compressés du site, le navigateur le décompresse ; chez un autre
// (« gz » : fichiers tels quels, comme GitHub Pages ou python -m http.server), sa version .gz arrive
// comme un fichier ordinaire et se décompresse ici (DecompressionStream). Chaque morceau reçu est
// déballé dans « memoire » aussitôt (worker/instantane.js, Deballage) : à l'arrivée du dernier, il
// ne reste qu'à vérifier la somme. Rend le déballage, ou null (la raison est dans les mesures) :
// Python démarre alors normalement.
async function telechargerInstantaneConstruit(construit, memoire, variante) {
  const controleur = new AbortController();
  const limite = setTimeout(() => controleur.abort(), construit.delai_max_ms);
  try {
    const adresse = adresseDuSite(construit.adresse) + (variante === "gz" ? ".gz" : "");
    const reponse = await fetch(adresse, { signal: controleur.signal });
    if (!reponse.ok) throw new Error(`http ${reponse.status}`);
    let corps = reponse.body;
    if (variante === "gz") {
      // Un hébergeur qui annonce lui-même un .gz comme compressé (Content-Encoding: gzip) le fait
      // décompresser par le navigateur : il n'y a alors rien à faire ici.
      if (!compresse(reponse.headers.get("Content-Encoding"))) corps = corps.pipeThrough(new DecompressionStream("gzip"));
    } else if (!compresse(reponse.headers.get("Content-Encoding"))) {
      // Servi sans compression : 15 Mo, trop cher. L'archive servie compressée le laissait
      // attendre ; cette vérification reste, par sûreté.
      corps.cancel().catch(() => {});
      mesures.instantane_construit = "servi sans compression";
      return null;
    }
    const deballage = new Deballage(memoire);
    const lecteur = corps.getReader();
    for (let morceau = await lecteur.read(); !morceau.done; morceau = await lecteur.read()) {
      deballage.ajouter(morceau.value);
    }
    marquer("instantane_construit_recu");
    return deballage;
  } catch (erreur) {
    mesures.instantane_construit = `non reçu : ${String(erreur).slice(0, 200)}`;
    return null;
  } finally {
    clearTimeout(limite);
  }
}

// Faut-il l'instantané de construction ? Décidé sans requête de plus et sans retenir le démarrage
// normal de Python plus que le temps de lire des réponses déjà en route : rien sans l'option ou
// avec un instantané local ; rien si le lecteur économise ses données ou si la tentative
// précédente n'a pas abouti ; sinon, seulement sur un lien rapide (Hypothèse, réglable dans le
// greffon : 1 Mo de Python reçu en moins de 200 ms, ou un quart au même débit, compté à partir de
// la tâche qui suit le premier morceau lu : voir lien.js). Ce seuil vaut pour le Brotli ; si
// l'archive d'exécution, demandée dès le départ, n'arrive pas compressée (l'hébergeur ne sert pas
// les .br/.gz du site ; c'est aussi un fichier que les hébergeurs qui compressent eux-mêmes laissent
// tel quel, comme une archive zip), l'instantané
// viendrait tel quel (15 Mo) : c'est sa version .gz qui sert, décompressée ici, et le lien doit
// être plus rapide d'autant qu'elle est plus lourde (octets écrits à la construction). Sans .gz
// (construit sans compression) ou sans DecompressionStream, rien. Rend null (la raison est dans
// les mesures) ou { memoire, deballage } : la mémoire de Python, de la longueur connue à la
// construction, et la promesse de son déballage (chargerPython).
// « instantanes » : le magasin de l'instantané local (echecRecent).
export async function deciderInstantaneConstruit(construit, trouver, adresses, adresseRuntime, instantanes) {
  if (!construit || (await trouver)) return null;
  if (instantanes.echecRecent) {
    mesures.instantane_construit = "écarté après une tentative qui n'a pas abouti";
    return null;
  }
  if (self.navigator && navigator.connection && navigator.connection.saveData) {
    mesures.instantane_construit = "économie de données demandée";
    return null;
  }
  const servie = await encodage(adresseRuntime);
  mesures.encodage_runtime = servie;
  const { br, gz } = construit.octets || {};
  const variante = compresse(servie) ? "servi compressé" : "gz";
  if (variante === "gz" && !(br && gz && typeof DecompressionStream === "function")) {
    mesures.instantane_construit = "archive servie sans compression";
    return null;
  }
  const delaiMs = variante === "gz" ? (construit.seuil_ms * br) / gz : construit.seuil_ms;
  if (!(await lienRapide(adresses, construit.seuil_octets, delaiMs))) {
    mesures.instantane_construit = "lien trop lent";
    return null;
  }
  mesures.instantane_variante = variante;
  const memoire = new Uint8Array(construit.longueur);
  return { memoire, deballage: telechargerInstantaneConstruit(construit, memoire, variante) };
}
