// Le journal des jets : chaque jet fait sur le site (lanceurs, « Avec d'autres dés » des
// exemples, fiches de suivi) y laisse une entrée, gardée dans localStorage et donc partagée
// par tous les onglets du site. Ce module n'arrive qu'à la demande : au premier jet (dom.js)
// ou quand le lecteur ouvre le journal (bouton de l'en-tête, page « Journal des jets »).
// D'abord les fonctions pures (testées sous Node), puis le stockage, puis l'affichage.
import { ecrireTexte, sousVerrou, supprimer } from "../stockage.js";

export const CLE = "jdr-journal";
export const LIMITE = 200;
const VERSION = 1;
// Chaque texte d'une entrée est borné : 200 entrées tiennent toujours dans localStorage.
const LONGUEURS = {
  source: 20, systeme: 80, page: 120, titre: 200, situation: 400, des: 600, issue: 2000, lien: 2000, graine: 40,
};
const REGLAGES_MAX = 24;

export class JournalIllisible extends Error {}

export function vide() {
  return { version: VERSION, ecartees: 0, entrees: [] };
}

function borne(valeur, cle) {
  if (valeur === undefined || valeur === null) return "";
  const texte = String(valeur);
  return texte.length > LONGUEURS[cle] ? `${texte.slice(0, LONGUEURS[cle] - 1)}…` : texte;
}

// Les dés d'un lanceur arrivent en groupes (titre, dés avec leur rôle) : les groupes sont nommés
// quand il y en a plusieurs ; un dé caché reste caché dans le journal aussi, jusqu'à ce que le
// lanceur le révèle (voir reviserEntree).
export function desEnTexte(des) {
  if (!Array.isArray(des)) return borne(des, "des");
  const nommer = des.length > 1;
  return borne(des.map((g) => {
    const faces = (Array.isArray(g && g.des) ? g.des : []).map((d) => (d && d.role === "cache" ? "?" : String(d && d.face)));
    return `${nommer && g.titre ? `${g.titre} : ` : ""}${faces.join(", ")}`;
  }).join(" ; "), "des");
}

// Une annonce de jet reçue d'un widget, ramenée à des textes bornés (jamais de HTML).
export function normaliser(jet, maintenant) {
  const reglages = Array.isArray(jet.reglages) ? jet.reglages : [];
  return {
    temps: maintenant.toISOString(),
    source: borne(jet.source, "source"),
    systeme: borne(jet.systeme, "systeme"),
    page: borne(jet.page, "page"),
    titre: borne(jet.titre, "titre"),
    situation: borne(jet.situation, "situation"),
    reglages: reglages.slice(0, REGLAGES_MAX).map((r) => [borne(r[0], "titre"), borne(r[1], "titre")]),
    des: desEnTexte(jet.des),
    issue: borne(jet.issue, "issue"),
    lien: borne(jet.lien, "lien"),
    graine: borne(jet.graine, "graine"),
  };
}

function entreeLue(e, rang) {
  const ok = e && typeof e === "object" && !Array.isArray(e) && typeof e.temps === "string"
    && !Number.isNaN(Date.parse(e.temps)) && typeof e.issue === "string";
  if (!ok) throw new JournalIllisible(`le jet n° ${rang + 1} est illisible`);
  const lue = normaliser({ ...e, des: typeof e.des === "string" ? e.des : "" }, new Date(e.temps));
  return lue;
}

// Le texte gardé dans localStorage → le journal ; une erreur en français s'il est abîmé.
export function lire(brut) {
  if (brut === null || brut === undefined) return vide();
  let donnees;
  try {
    donnees = JSON.parse(brut);
  } catch {
    throw new JournalIllisible("ce n'est pas du JSON valide");
  }
  if (!donnees || typeof donnees !== "object" || Array.isArray(donnees)) {
    throw new JournalIllisible("un objet était attendu");
  }
  if (donnees.version !== VERSION) throw new JournalIllisible(`version ${String(donnees.version).slice(0, 20)} inconnue`);
  if (!Array.isArray(donnees.entrees)) throw new JournalIllisible("la liste des jets manque");
  if (!Number.isInteger(donnees.ecartees) || donnees.ecartees < 0) {
    throw new JournalIllisible("le nombre de jets retirés est illisible");
  }
  return { version: VERSION, ecartees: donnees.ecartees, entrees: donnees.entrees.map(entreeLue) };
}

// Un jet de plus ; au-delà de la limite, les plus anciens partent et sont comptés.
export function ajouter(journal, entree, limite = LIMITE) {
  const entrees = [...journal.entrees, entree];
  const surplus = Math.max(0, entrees.length - limite);
  return { version: VERSION, ecartees: journal.ecartees + surplus, entrees: entrees.slice(surplus) };
}

// Un jet déjà noté, revu (ses dés cachés révélés) : l'entrée la plus récente qui porte ce lien
// de rejeu prend les dés et l'issue donnés ; son heure, ses réglages et son lien ne bougent pas.
// Rend le journal revu, ou null si aucune entrée ne porte ce lien.
export function reviserEntree(journal, lien, jet) {
  const cherche = borne(lien, "lien");
  if (!cherche) return null;
  let rang = -1;
  for (let i = journal.entrees.length - 1; i >= 0 && rang < 0; i--) if (journal.entrees[i].lien === cherche) rang = i;
  if (rang < 0) return null;
  const avant = journal.entrees[rang];
  const revue = {
    ...avant,
    des: jet.des === undefined ? avant.des : desEnTexte(jet.des),
    issue: jet.issue === undefined ? avant.issue : borne(jet.issue, "issue"),
  };
  const entrees = [...journal.entrees];
  entrees[rang] = revue;
  return { version: VERSION, ecartees: journal.ecartees, entrees };
}

export function pluriel(n, singulier, plurielForme) {
  return `${n} ${n === 1 ? singulier : plurielForme}`;
}

export function resume(journal, limite = LIMITE) {
  const n = journal.entrees.length;
  const phrases = [n ? `${pluriel(n, "jet enregistré", "jets enregistrés")}.`
    : "Aucun jet enregistré pour l'instant : lancez des dés sur une page de règles, ils apparaîtront ici."];
  if (journal.ecartees) {
    phrases.push(`Le journal garde les ${limite} derniers : ${pluriel(journal.ecartees, "jet plus ancien a été retiré",
      "jets plus anciens ont été retirés")}.`);
  }
  return phrases.join(" ");
}

function deuxChiffres(n) {
  return String(n).padStart(2, "0");
}

// L'heure locale du lecteur, sans dépendre de la langue du navigateur.
export function horodatage(iso) {
  const d = new Date(iso);
  return `${deuxChiffres(d.getDate())}/${deuxChiffres(d.getMonth() + 1)}/${d.getFullYear()} `
    + `${deuxChiffres(d.getHours())}:${deuxChiffres(d.getMinutes())}:${deuxChiffres(d.getSeconds())}`;
}

// Seuls les liens web sont rendus cliquables (un journal importé ou abîmé ne peut pas glisser
// un « javascript: »).
export function lienSur(lien) {
  return /^https?:\/\//i.test(lien) ? lien : "";
}

// Un réglage tel que le cœur le rend (jdr_core.mecanique.reglage_lisible) : « Avantages : 1 » ;
// une case cochée est une phrase, dite seule (sa valeur est vide).
export function reglageEnTexte([libelle, valeur]) {
  return valeur ? `${libelle} : ${valeur}` : libelle;
}

export function entreeEnTexte(e) {
  const tete = [e.systeme, e.titre].filter(Boolean).join(" · ");
  const lignes = [`[${horodatage(e.temps)}] ${tete}`];
  if (e.situation) lignes.push(`  ${e.situation}`);
  if (e.reglages.length) lignes.push(`  Réglages : ${e.reglages.map(reglageEnTexte).join(" ; ")}`);
  if (e.des) lignes.push(`  Dés : ${e.des}`);
  lignes.push(...e.issue.split("\n").map((l) => `  ${l}`));
  if (lienSur(e.lien)) lignes.push(`  Rejouer : ${e.lien}`);
  else if (e.graine) lignes.push(`  Numéro de tirage : ${e.graine}`);
  return lignes.join("\n");
}

export function enTexte(journal) {
  const entete = `Journal des jets (Règles vivantes) : ${resume(journal)}`;
  return [entete, ...journal.entrees.map(entreeEnTexte)].join("\n\n");
}

export function enJson(journal, maintenant) {
  return JSON.stringify({
    format: "journal des jets de Règles vivantes",
    version: VERSION,
    exporte: maintenant.toISOString(),
    ecartees: journal.ecartees,
    entrees: journal.entrees,
  }, null, 1);
}

// --- Stockage : localStorage, lu à chaque fois (un autre onglet a pu écrire entre-temps). ---

function etatStocke() {
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

// Les vues ouvertes (panneau, page) : redessinées après chaque écriture, ici ou ailleurs.
const vues = new Set();
let dernierRefus = "";

function rafraichir() {
  for (const vue of [...vues]) {
    if (vue.isConnected) dessiner(vue);
    else vues.delete(vue);
  }
}

const NON_NOTE = "Ce jet n'a pas été noté au journal des jets";
const REFUS_ILLISIBLE = `${NON_NOTE} : le journal enregistré est illisible (ouvrez le journal pour le garder ou l'effacer).`;
const REFUS_PLEIN = `${NON_NOTE} : le navigateur refuse d'écrire dans son stockage local (plein ou interdit). `
  + "Libérez de la place, par exemple en exportant puis en effaçant le journal.";

// Appelé par dom.js pour chaque jet. Sous le verrou du journal (stockage.js), partagé par tous
// les onglets : le journal est relu, le jet ajouté, le tout écrit, avant qu'un autre onglet ne
// le relise ; deux jets au même instant sont donc notés tous les deux. Un journal abîmé n'est
// jamais écrasé. Rend null si le jet est noté, sinon la phrase qui dit pourquoi (dom.js la
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
  }).then((refus) => {
    dernierRefus = refus || "";
    rafraichir();
    return refus;
  });
}

// Appelé par dom.js quand un jet affiché change (dés cachés révélés) : son entrée est réécrite
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

// --- Affichage : uniquement des nœuds texte. ---

// Les phrases affichées reçoivent les espaces insécables de la typographie française (dom.js).
import { telecharger, typographier } from "../../commun/dom.js";

function el(balise, classe, texte) {
  const n = document.createElement(balise);
  if (classe) n.className = classe;
  if (texte !== undefined) n.textContent = typeof texte === "string" ? typographier(texte) : texte;
  return n;
}

function bouton(texte, action, desactive) {
  const b = el("button", "md-button jdr-bouton", texte);
  b.type = "button";
  b.disabled = Boolean(desactive);
  b.addEventListener("click", action);
  return b;
}

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
  sousVerrou(CLE, () => supprimer(CLE)).then(() => {
    dernierRefus = "";
    rafraichir();
    dire(vue, "Journal effacé, dans tous les onglets.");
  });
}

async function copier(vue, journal) {
  const texte = enTexte(journal);
  try {
    await navigator.clipboard.writeText(texte);
    dire(vue, `Journal copié dans le presse-papiers : ${pluriel(journal.entrees.length, "jet", "jets")}.`);
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
    if (dernierRefus) corps.append(el("p", "jdr-message", dernierRefus));
    return;
  }
  const journal = etat.journal;
  const n = journal.entrees.length;
  const resumeVue = el("p", "jdr-journal-resume", resume(journal));
  resumeVue.setAttribute("role", "status");
  const actions = el("div", "jdr-journal-actions");
  actions.append(
    bouton("Copier (texte)", () => copier(vue, etatStocke().journal || journal), !n),
    bouton("Enregistrer dans un fichier", () => {
      const courant = etatStocke().journal || journal;
      const nom = `journal-des-jets-${dateDuJour()}.json`;
      telecharger(enJson(courant, new Date()), nom, "application/json");
      dire(vue, `Fichier prêt : ${nom} (${pluriel(courant.entrees.length, "jet", "jets")}).`);
    }, !n),
    bouton("Effacer le journal", () => effacer(vue,
      `Effacer les ${pluriel(n, "jet", "jets")} du journal ? Tous les onglets du site perdront ce journal.`), !n));
  const contenu = [resumeVue, actions];
  if (dernierRefus) {
    const refus = el("p", "jdr-erreur", dernierRefus);
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
