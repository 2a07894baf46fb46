// Le journal des jets à l'écran : la page « Journal des jets » et le panneau ouvert depuis l'en-tête.
// Uniquement des nœuds texte (dom.js) ; les entrées et leurs textes viennent d'entrees.js, le
// stockage de journal.js, qui prévient cette vue après chaque écriture (ici ou dans un autre onglet).
import { bouton, el, telecharger } from "../../commun/dom.js";
import { quantite } from "../../commun/francais.js";
import { enJson, enTexte, horodatage, lienSur, reglageEnTexte, resume } from "./entrees.js";
import { dernierRefus, effacer as effacerJournal, etatStocke, suivre } from "./journal.js";

// Les vues ouvertes (panneau, page) : redessinées après chaque écriture, ici ou ailleurs.
const vues = new Set();
suivre(() => {
  for (const vue of [...vues]) {
    if (vue.isConnected) dessiner(vue);
    else vues.delete(vue);
  }
});

function dire(vue, texte, alerte) {
  const p = el("p", alerte ? "jdr-erreur" : "jdr-message", texte);
  if (alerte) p.setAttribute("role", "alert");
  vue.querySelector(".jdr-journal-message").replaceChildren(p);
}

function dateDuJour() {
  return horodatage(new Date().toISOString()).slice(0, 10).split("/").reverse().join("-");
}

function effacer(vue, question) {
  if (!window.confirm(question)) return;
  effacerJournal().then(() => dire(vue, "Journal effacé, dans tous les onglets."));
}

async function copier(vue, journal) {
  const texte = enTexte(journal);
  try {
    await navigator.clipboard.writeText(texte);
    dire(vue, `Journal copié dans le presse-papiers : ${quantite(journal.entrees.length, "jet", "jets")}.`);
  } catch {
    // Presse-papiers refusé (permission, contexte non sûr) : le texte, sélectionné, à copier soi-même.
    const zone = el("textarea", "jdr-journal-copie");
    zone.readOnly = true;
    zone.rows = 8;
    zone.value = texte;
    zone.setAttribute("aria-label", "Journal des jets en texte");
    const message = vue.querySelector(".jdr-journal-message");
    message.replaceChildren(el("p", "jdr-message",
      "Le navigateur n'a pas permis la copie automatique : le texte est sélectionné ci-dessous, "
      + "copiez-le avec Ctrl+C (ou un appui long sur téléphone)."), zone);
    zone.focus();
    zone.select();
  }
}

function entreeVue(e) {
  const li = el("li", "jdr-journal-entree");
  const tete = el("div", "jdr-journal-tete");
  const quand = el("time", "jdr-journal-heure", horodatage(e.temps));
  quand.dateTime = e.temps;
  tete.append(quand);
  if (e.systeme) tete.append(el("span", "jdr-journal-systeme", e.systeme));
  tete.append(el("strong", "jdr-journal-titre", e.titre || "Jet"));
  li.append(tete);
  if (e.situation) li.append(el("div", "jdr-journal-situation", e.situation));
  if (e.reglages.length) {
    li.append(el("div", "jdr-journal-reglages", `Réglages : ${e.reglages.map(reglageEnTexte).join(" ; ")}`));
  }
  if (e.des) li.append(el("div", "jdr-journal-des", `Dés : ${e.des}`));
  li.append(el("p", "jdr-journal-issue", e.issue));
  const lien = lienSur(e.lien);
  if (lien) {
    const a = el("a", "jdr-lien jdr-journal-rejeu", "Rejouer ce jet");
    a.href = lien;
    li.append(a);
  } else if (e.graine) {
    // Sans lien de rejeu, la graine reste à portée, mais rangée : ce n'est pas ce qu'un joueur lit d'abord.
    const details = el("details", "jdr-journal-graine");
    details.append(el("summary", null, "Détails du tirage"), el("p", null, `Numéro de tirage : ${e.graine}`));
    li.append(details);
  }
  return li;
}

function dessiner(vue) {
  const corps = vue.querySelector(".jdr-journal-corps");
  const etat = etatStocke();
  if (etat.illisible) {
    const alerte = el("p", "jdr-erreur", `Le journal des jets enregistré est illisible (${etat.illisible}). `
      + "Il n'a été ni chargé ni effacé, et les nouveaux jets ne sont pas notés tant qu'il reste là : "
      + "téléchargez-le tel quel pour le garder, ou effacez-le pour repartir d'un journal vide.");
    alerte.setAttribute("role", "alert");
    const actions = el("div", "jdr-journal-actions");
    actions.append(
      bouton("Télécharger tel quel", () => telecharger(etat.brut || "", `journal-illisible-${dateDuJour()}.txt`, "text/plain")),
      bouton("Effacer le journal illisible", () => effacer(vue, "Effacer le journal illisible ? Son contenu sera perdu.")));
    corps.replaceChildren(alerte, actions);
    if (dernierRefus()) corps.append(el("p", "jdr-message", dernierRefus()));
    return;
  }
  const journal = etat.journal;
  const n = journal.entrees.length;
  const resumeVue = el("p", "jdr-journal-resume", resume(journal));
  resumeVue.setAttribute("role", "status");
  const actions = el("div", "jdr-journal-actions");
  actions.append(
    bouton("Copier (texte)", () => copier(vue, etatStocke().journal || journal), { desactive: !n }),
    bouton("Enregistrer dans un fichier", () => {
      const courant = etatStocke().journal || journal;
      const nom = `journal-des-jets-${dateDuJour()}.json`;
      telecharger(enJson(courant, new Date()), nom, "application/json");
      dire(vue, `Fichier prêt : ${nom} (${quantite(courant.entrees.length, "jet", "jets")}).`);
    }, { desactive: !n }),
    bouton("Effacer le journal", () => effacer(vue,
      `Effacer les ${quantite(n, "jet", "jets")} du journal ? Tous les onglets du site perdront ce journal.`), { desactive: !n }));
  const contenu = [resumeVue, actions];
  if (dernierRefus()) {
    const refus = el("p", "jdr-erreur", dernierRefus());
    refus.setAttribute("role", "alert");
    contenu.push(refus);
  }
  if (n) {
    const liste = el("ol", "jdr-journal-entrees");
    liste.reversed = true;
    for (const e of [...journal.entrees].reverse()) liste.append(entreeVue(e));
    contenu.push(liste);
  }
  corps.replaceChildren(...contenu);
}

function nouvelleVue() {
  const vue = el("div", "jdr-journal-vue");
  const message = el("div", "jdr-journal-message");
  message.setAttribute("aria-live", "polite");
  vue.append(el("div", "jdr-journal-corps"), message);
  vues.add(vue);
  dessiner(vue);
  return vue;
}

// La page « Journal des jets » : le journal en pleine page.
export function brancher(racine) {
  racine.replaceChildren(nouvelleVue());
}

// Le panneau ouvert depuis l'en-tête : un dialogue modal (Échap le ferme, le focus revient au bouton).
export function ouvrir(declencheur) {
  let panneau = document.querySelector("dialog.jdr-journal-panneau");
  if (!panneau) {
    panneau = el("dialog", "jdr-journal-panneau md-typeset");
    panneau.setAttribute("aria-labelledby", "jdr-journal-panneau-titre");
    const tete = el("div", "jdr-journal-panneau-tete");
    const titre = el("h2", null, "Journal des jets");
    titre.id = "jdr-journal-panneau-titre";
    tete.append(titre, bouton("Fermer", () => panneau.close()));
    panneau.append(tete, nouvelleVue());
    // Un clic sur le fond (hors de la boîte) ferme aussi, comme un lien suivi (« Rejouer ce jet »).
    panneau.addEventListener("click", (e) => {
      if (e.target === panneau || (e.target instanceof Element && e.target.closest("a[href]"))) panneau.close();
    });
    document.body.append(panneau);
  }
  panneau.onclose = () => {
    if (declencheur && declencheur.isConnected) declencheur.focus();
  };
  const vue = panneau.querySelector(".jdr-journal-vue");
  vues.add(vue);
  vue.querySelector(".jdr-journal-message").replaceChildren();
  dessiner(vue);
  if (!panneau.open) panneau.showModal();
  panneau.querySelector(".jdr-journal-panneau-tete button").focus();
}
