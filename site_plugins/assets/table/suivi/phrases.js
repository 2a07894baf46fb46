// Ce que la page dit d'une fiche de suivi : les phrases du cœur quand la vue est là, les siennes sinon.

export const MOTEUR_ABSENT = "Le moteur de règles n'a pas pu se charger";

export const SANS_FIN = /[.\s]+$/;

// Les phrases que la page dit d'une fiche (changée dans un autre onglet, supprimée, dupliquée…)
// viennent du cœur, accordées au genre grammatical du personnage s'il a été donné, sinon dites
// sans accord (vue.phrases : jdr_core.francais.phrases_suivi). Ici, seulement celles d'une fiche
// dont la vue n'est pas encore arrivée, sans nom. La page remplit {copie} et {raison}.
const SANS_VUE = {
  modifiee_ailleurs: "Cette fiche a changé dans un autre onglet : la voici à jour.",
  supprimee_ailleurs: "Cette fiche a été supprimée dans un autre onglet.",
  supprimee: "La fiche a été supprimée.",
  dupliquee: "La fiche est dupliquée : {copie} rejoint le groupe.",
  annulation_refusee: "Annulation refusée : cette fiche a changé dans un autre onglet depuis son dernier affichage "
    + "ici ; annuler effacerait ce changement. Voici la fiche à jour.",
  refus_supprimee: "Opération refusée : cette fiche a été supprimée dans un autre onglet.",
  refus_illisible: "Opération refusée : la fiche rangée est devenue illisible ({raison}), sans doute dans un autre "
    + "onglet. Rien n'a été écrit.",
  refus_absolue: "Opération refusée : cette fiche a changé dans un autre onglet depuis son dernier affichage ici, "
    + "et cette opération remplacerait ses nouvelles valeurs. Voici la fiche à jour, votre saisie est gardée ; "
    + "refaites l'opération si elle tient toujours.",
  refus_ne_tient_plus: "Opération refusée : cette fiche a changé dans un autre onglet depuis son dernier affichage "
    + "ici, et l'opération ne tient plus sur la fiche à jour : {raison}. Voici la fiche à jour.",
  fait_a_jour: "Fait sur la fiche à jour : elle avait changé dans un autre onglet.",
  importee: "Fiche importée : elle rejoint le groupe.",
  confirmer_suppression: "Supprimer cette fiche ? Elle sera effacée de ce navigateur, sans retour possible.",
  lien_partage: "Lien de partage de la fiche",
  partage: "Ce lien porte la fiche : qui l'ouvre peut l'ajouter à son groupe, sans rien remplacer. Il ne passe par aucun serveur.",
};

export function phraseDe(vue, cle, remplir = {}) {
  const modele = (vue && vue.phrases && typeof vue.phrases[cle] === "string" && vue.phrases[cle]) || SANS_VUE[cle];
  return modele.replace(/\{(copie|raison)\}/g, (_m, nom) => String(remplir[nom] ?? ""));
}
export const ATTENTE_MOTEUR = "Le moteur de règles se charge : l'opération partira dès qu'il sera prêt.";
export const DEJA_FAITE = "Cette opération a déjà été appliquée : elle ne compte qu'une fois.";
export const PLEIN = "Sauvegarde impossible : le stockage de ce navigateur est plein ou refusé. L'opération n'a "
  + "pas été appliquée, la fiche reste telle qu'elle était ; exportez-la ou libérez de la place.";
