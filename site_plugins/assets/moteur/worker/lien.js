// La mesure d'un lien rapide, sur les téléchargements déjà en route (worker/telechargement.js) :
// sans requête de plus, elle décide si l'instantané de construction vaut son poids (construction.js).
import { mesures } from "./mesures.js";
import { octetsReseau, suiviDe } from "./telechargement.js";

// Vrai si les téléchargements de « adresses », ensemble, reçoivent « octets » (octetsReseau)
// en moins de « delaiMs » ; faux sinon, au plus tard à ce délai ou quand ils ont tout reçu sans
// l'atteindre. C'est la mesure d'un lien rapide : le débit, sans la latence de la première réponse
// (mesures.lien_ms, mesures.lien_octets). La mesure part de la tâche qui suit le premier morceau
// reçu, sans les octets déjà là : un fil occupé (machine chargée, worker qui démarre) laisse les
// octets s'entasser sans les lire, et les compter comme arrivés en 0 ms ferait passer un lien lent
// pour rapide. Un téléchargement compressé sans longueur annoncée ne compte pas : ses octets reçus
// sont ceux du fichier décompressé, plusieurs fois ce que le réseau a porté. Tout reçu avant que la
// mesure ait pu conclure (lien très rapide pendant que le fil était occupé) : le navigateur sait,
// lui, quand les octets sont arrivés (voir selonLeNavigateur).
export function lienRapide(adresses, octets, delaiMs) {
  const lus = adresses.map(suiviDe).filter(Boolean);
  if (!lus.length) return Promise.resolve(false);
  return new Promise((resoudre) => {
    let debut = null;
    let base = 0;
    let depart = null;
    let limite = null;
    let reessai = null;
    const conclure = (rapide) => {
      clearTimeout(depart);
      clearTimeout(limite);
      clearTimeout(reessai);
      for (const suivi of lus) suivi.veilleur = null;
      resoudre(rapide);
    };
    const compter = (mesurables) => mesurables.reduce((n, suivi) => n + octetsReseau(suivi), 0);
    const veiller = () => {
      const mesurables = lus.filter((suivi) => !suivi.reseauInconnu);
      if (!mesurables.length) return conclure(false);
      if (!mesurables.some((suivi) => suivi.premierOctet !== null)) {
        // Rien reçu de ce réseau-ci (reprise d'octets déjà là, ou pas encore de réponse).
        if (lus.every((suivi) => suivi.fini)) conclure(false);
        return;
      }
      if (debut === null) {
        depart ??= setTimeout(() => {
          debut = performance.now();
          base = compter(lus.filter((suivi) => !suivi.reseauInconnu));
          limite = setTimeout(() => conclure(false), delaiMs);
          veiller();
        }, 0);
        return;
      }
      const recus = compter(mesurables) - base;
      const ecoule = performance.now() - debut;
      // Au même débit, un quart des octets suffit pour conclure « rapide » : sur un lien rapide, la
      // décision (et l'instantané qu'elle demande) vient plus tôt ; un lien plus lent attend la mesure entière.
      if (recus >= octets || (recus >= octets / 4 && recus * delaiMs >= octets * ecoule)) {
        mesures.lien_ms = Math.round(ecoule);
        mesures.lien_octets = Math.round(recus);
        conclure(recus * delaiMs >= octets * ecoule);
      } else if (lus.every((suivi) => suivi.fini)) {
        const selon = selonLeNavigateur(adresses);
        if (!selon && !reessai) {
          // Sa mesure s'inscrit quand le chargement finit, pas forcément avant le dernier morceau lu.
          reessai = setTimeout(veiller, 0);
          return;
        }
        if (selon && selon.octets >= octets / 4) {
          mesures.lien_ms = Math.round(selon.ms);
          mesures.lien_octets = selon.octets;
          mesures.lien_selon = "navigateur";
          conclure(selon.octets * delaiMs >= octets * selon.ms);
        } else {
          conclure(false);
        }
      }
    };
    for (const suivi of lus) suivi.veilleur = veiller;
    veiller();
  });
}

// Ce que le navigateur a mesuré des téléchargements finis de « adresses » (Resource Timing, tenu hors
// du fil du worker) : les octets portés par le réseau (ceux d'un .gz pris à la place du fichier
// compris) et le temps du premier octet reçu au dernier, tous fichiers ensemble ; null s'il en
// manque un (pas encore inscrit, ou pas de mesure).
function selonLeNavigateur(adresses) {
  let octets = 0;
  let debut = Infinity;
  let fin = 0;
  for (const adresse of adresses) {
    const entrees = [...performance.getEntriesByName(adresse), ...performance.getEntriesByName(`${adresse}.gz`)];
    const derniere = entrees.sort((a, b) => a.responseEnd - b.responseEnd).at(-1);
    if (!derniere || !(derniere.encodedBodySize > 0) || !(derniere.responseEnd > 0)) return null;
    octets += derniere.encodedBodySize;
    debut = Math.min(debut, derniere.responseStart);
    fin = Math.max(fin, derniere.responseEnd);
  }
  return { octets, ms: Math.max(1, fin - debut) };
}
