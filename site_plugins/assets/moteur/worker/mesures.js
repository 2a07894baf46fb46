// Les mesures du démarrage de Python, partagées par les modules du worker (un seul objet
// par worker) : la page les lit avec chaque état et à la fin du travail de fond.
const T0 = performance.now();

export const mesures = {};

// Le temps écoulé depuis le chargement du worker, en millisecondes, sous ce nom.
export function marquer(nom) {
  mesures[nom] = Math.round(performance.now() - T0);
}
