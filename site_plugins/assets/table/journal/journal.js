// Le journal des jets : chaque jet fait sur le site (lanceurs, « Avec d'autres dés » des
// exemples, fiches de suivi) y laisse une entrée, gardée dans localStorage et donc partagée
// par tous les onglets du site. Ce module n'arrive qu'à la demande : au premier jet (annonce.js)
// ou quand le lecteur ouvre le journal (vue.js : bouton de l'en-tête, page « Journal des jets »).
// Ici, le stockage ; les entrées elles-mêmes sont dans entrees.js, leur affichage dans vue.js.
import { ecrireTexte, sousVerrou, supprimer } from "../stockage.js";
import { CLE, JournalIllisible, ajouter, lire, normaliser, reviserEntree } from "./entrees.js";

// localStorage est lu à chaque fois : un autre onglet a pu écrire entre-temps.
export function etatStocke() {
  let brut;
  try {
    brut = localStorage.getItem(CLE);
  } catch {
    return { illisible: "le stockage local du navigateur est indisponible", brut: null };
  }
  try {
    return { journal: lire(brut), brut };
  } catch (erreurLecture) {
    if (erreurLecture instanceof JournalIllisible) return { illisible: erreurLecture.message, brut };
    throw erreurLecture;
  }
}

// Ceux qui montrent le journal (vue.js) : prévenus après chaque écriture, ici ou dans un autre onglet.
const abonnes = new Set();
let refus = "";

export function suivre(fonction) {
  abonnes.add(fonction);
}

function rafraichir() {
  for (const abonne of abonnes) abonne();
}

// Le dernier refus de noter un jet dans cet onglet (vide s'il n'y en a pas), que le journal ouvert montre.
export function dernierRefus() {
  return refus;
}

const NON_NOTE = "Ce jet n'a pas été noté au journal des jets";
const REFUS_ILLISIBLE = `${NON_NOTE} : le journal enregistré est illisible (ouvrez le journal pour le garder ou l'effacer).`;
const REFUS_PLEIN = `${NON_NOTE} : le navigateur refuse d'écrire dans son stockage local (plein ou interdit). `
  + "Libérez de la place, par exemple en exportant puis en effaçant le journal.";

// Appelé par annonce.js pour chaque jet. Sous le verrou du journal (stockage.js), partagé par tous
// les onglets : le journal est relu, le jet ajouté, le tout écrit, avant qu'un autre onglet ne
// le relise ; deux jets au même instant sont donc notés tous les deux. Un journal abîmé n'est
// jamais écrasé. Rend null si le jet est noté, sinon la phrase qui dit pourquoi (annonce.js la
// montre à côté du jet ; le journal ouvert la montre aussi).
export function noter(jet) {
  const entree = normaliser(jet, new Date());
  return sousVerrou(CLE, () => {
    const etat = etatStocke();
    if (etat.illisible) return REFUS_ILLISIBLE;
    try {
      ecrireTexte(CLE, JSON.stringify(ajouter(etat.journal, entree)));
    } catch {
      return REFUS_PLEIN;
    }
    return null;
  }).then((raison) => {
    refus = raison || "";
    rafraichir();
    return raison;
  });
}

// Appelé par annonce.js quand un jet affiché change (dés cachés révélés) : son entrée est réécrite
// sur place, et les autres onglets la redessinent (évènement storage). Un journal abîmé, ou un
// jet retiré entre-temps, laisse tout tel quel. Rend (promesse) vrai si l'entrée a été revue.
export function reviser(lien, jet) {
  return sousVerrou(CLE, () => {
    const etat = etatStocke();
    if (etat.illisible) return false;
    const revu = reviserEntree(etat.journal, lien, jet);
    if (!revu) return false;
    try {
      ecrireTexte(CLE, JSON.stringify(revu));
    } catch {
      return false;
    }
    return true;
  }).then((fait) => {
    if (fait) rafraichir();
    return fait;
  });
}

if (typeof window !== "undefined") {
  window.addEventListener("storage", (e) => {
    if (e.key === CLE || e.key === null) rafraichir();
  });
}

// Efface le journal de tous les onglets (sous son verrou) ; le refus d'avant ne vaut plus.
export function effacer() {
  return sousVerrou(CLE, () => supprimer(CLE)).then(() => {
    refus = "";
    rafraichir();
  });
}
