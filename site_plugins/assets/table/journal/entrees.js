// Le journal des jets en données : ses entrées bornées, sa relecture, ses textes. Des fonctions
// pures, sans navigateur (tests/test_journal.py les fait tourner sous Node) ; le stockage est dans
// journal.js, l'affichage dans vue.js.
import { quantite } from "../../commun/francais.js";

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

export function resume(journal, limite = LIMITE) {
  const n = journal.entrees.length;
  const phrases = [n ? `${quantite(n, "jet enregistré", "jets enregistrés")}.`
    : "Aucun jet enregistré pour l'instant : lancez des dés sur une page de règles, ils apparaîtront ici."];
  if (journal.ecartees) {
    phrases.push(`Le journal garde les ${limite} derniers : ${quantite(journal.ecartees, "jet plus ancien a été retiré",
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
