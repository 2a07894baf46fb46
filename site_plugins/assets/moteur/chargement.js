// L'avis de chargement du moteur : un seul par page, en bas de l'écran, visible pendant le
// téléchargement et le démarrage de Python, ou après un échec (avec « Réessayer »). Le client
// (client.js) le tient à jour ; il ne lit que ce que le moteur lui donne.
import { accorder, typographier } from "../commun/francais.js";

function megaoctets(octets) {
  // Virgule décimale écrite à la main : le premier appel à Intl (toLocaleString) charge les
  // données de langue d'ICU et bloquait la page 90 ms au début du téléchargement (banc).
  return (octets / 1e6).toFixed(1).replace(".", ",");
}

// Le temps restant, d'après le débit des dernières secondes ; null tant qu'on ne sait pas.
export function tempsRestant(releves, recus, total) {
  if (releves.length < 2) return null;
  const [t0, o0] = releves[0];
  const [t1, o1] = releves[releves.length - 1];
  if (t1 - t0 < 500 || o1 <= o0) return null;
  const secondes = Math.ceil((total - recus) / ((o1 - o0) / ((t1 - t0) / 1000)));
  if (secondes <= 1) return "presque fini";
  if (secondes < 60) return `encore environ ${secondes} s`;
  return `encore environ ${Math.ceil(secondes / 60)} min`;
}

// `moteur` : l'état du moteur (etat, detail, progression, releves, arreteApresPret) et demarrer().
export const avis = {
  element: null,

  creer(moteur) {
    const div = document.createElement("div");
    div.className = "jdr-chargement";
    div.hidden = true;
    // Posé hors du contenu (en bas de l'écran) : une région nommée, pour qu'axe et les lecteurs
    // d'écran le rattachent à un repère de la page.
    div.setAttribute("role", "region");
    div.setAttribute("aria-label", "Chargement de Python");
    const texte = document.createElement("p");
    texte.className = "jdr-chargement-texte";
    texte.setAttribute("role", "status");
    const barre = document.createElement("progress");
    barre.max = 1;
    barre.value = 0;
    barre.setAttribute("aria-label", "Téléchargement de Python");
    const chiffres = document.createElement("span");
    chiffres.className = "jdr-chargement-chiffres";
    const bouton = document.createElement("button");
    bouton.type = "button";
    bouton.textContent = "Réessayer";
    bouton.hidden = true;
    bouton.addEventListener("click", () => moteur.demarrer());
    // L'avis d'échec reste jusqu'à ce qu'on le ferme : sur un téléphone, il cache le bas de l'écran.
    const fermer = document.createElement("button");
    fermer.type = "button";
    fermer.textContent = "Fermer";
    fermer.hidden = true;
    fermer.addEventListener("click", () => {
      div.hidden = true;
    });
    div.append(texte, barre, chiffres, bouton, fermer);
    document.body.append(div);
    return div;
  },

  montrer(moteur) {
    const etat = moteur.etat;
    const visible = etat === "telechargement" || etat === "demarrage" || etat === "echec";
    if (!visible && !this.element) return;
    // La navigation instantanée remplace le corps de la page : l'avis est recréé au besoin.
    if (!this.element || !this.element.isConnected) this.element = this.creer(moteur);
    const div = this.element;
    div.hidden = !visible;
    div.dataset.etat = etat;
    if (!visible) return;
    const [texte, barre, chiffres, bouton, fermer] = div.children;
    bouton.hidden = etat !== "echec";
    fermer.hidden = etat !== "echec";
    barre.hidden = etat === "echec";
    if (etat === "echec") {
      const quoi = moteur.arreteApresPret ? "s'est arrêté" : "n'a pas pu se charger";
      const phrase = typographier(`Le moteur de règles ${quoi} : ${moteur.detail || "raison inconnue"}. `
        + "Les résultats affichés restent ceux de la page.");
      if (texte.textContent !== phrase) texte.textContent = phrase;
      texte.setAttribute("role", "alert");
      chiffres.textContent = "";
      return;
    }
    texte.setAttribute("role", "status");
    const p = moteur.progression;
    // Tous les octets reçus : ce qui reste est le travail du processeur, on le dit.
    const recu = etat === "telechargement" && p && p.total && p.recus >= p.total;
    const phrase = etat === "demarrage" || recu
      ? typographier("Téléchargement terminé : démarrage de Python…") : "Téléchargement de Python…";
    if (texte.textContent !== phrase) texte.textContent = phrase;
    // Une barre animée quand il n'y a rien à compter : Python s'installe, ou la taille n'est pas encore connue.
    if (etat === "demarrage" || recu || !p || !p.total) {
      barre.removeAttribute("value");
      barre.removeAttribute("aria-valuetext");
      chiffres.textContent = "";
      return;
    }
    const recus = Math.min(p.recus, p.total);
    barre.value = recus / p.total;
    const reste = tempsRestant(moteur.releves, recus, p.total);
    // Une phrase : « 3,2 Mo reçus sur 8,4 Mo, encore environ 5 s. » ; un lecteur d'écran l'entend aussi sur la
    // barre, au lieu d'un pourcentage seul.
    // « 1,6 Mo reçu », « 2,0 Mo reçus » : le participe s'accorde au nombre tel qu'il est écrit.
    // Des tailles approchées (un hébergeur qui compresse sans annoncer la longueur, voir telechargement.js) :
    // la proportion seule, « Reçu à 50 %, encore environ 2 s. »
    const ecrits = megaoctets(recus);
    const quantite = p.approchee ? `Reçu à ${Math.floor((100 * recus) / p.total)} %`
      : `${ecrits} Mo ${accorder(Number(ecrits.replace(",", ".")), "reçu")} sur ${megaoctets(p.total)} Mo`;
    const avancee = typographier(`${quantite}${reste ? `, ${reste}` : ""}.`);
    chiffres.textContent = avancee;
    barre.setAttribute("aria-valuetext", avancee);
  },
};
