// La recherche du site : à la demande, et en français (worker classique, pas un module).
//
// 1. À la demande. Le worker de recherche de Material construit l'index lunr de tout le site
// dès qu'une page s'ouvre : environ 0,5 s de calcul (tracé Chromium d'une seconde visite,
// 219 sections), pendant que Python démarre sur l'autre cœur. Le greffon pose ce worker-ci à
// côté de celui de Material (même dossier : ses chemins relatifs vers lunr restent justes) et
// le met à sa place dans la configuration des pages (__config.search). Il répond « prêt » tout
// de suite, garde ce que la page lui envoie, et ne charge le worker de Material (importScripts,
// même fil) que lorsque la page annonce une recherche (survol ou focus de la boîte, voir
// annonce.js), à la première requête, ou après ATTENTE_MS (option delais.recherche du greffon ; cette
// valeur et l'adresse du worker de Material viennent du module de configuration du site).
// Il lui donne alors la mise en place, attend son « prêt » (sa mise en place est asynchrone)
// et lui rejoue les requêtes gardées.
// Protocole de Material (type) : 0 mise en place, 1 prêt, 2 requête, 3 résultat.
//
// 2. En français. Material coupe les mots aux apostrophes (séparateur de mkdocs.yml), mais
// cherche chaque mot tapé comme un préfixe : « l'initiative » devenait « l* initiative* », et
// « l* » trouvait « lire », « Léa », « loin » en marquant « initiative » comme « Non trouvé ».
// Lunr ne sait pas non plus plier les accents. Ce worker ajoute donc, sans toucher au texte
// affiché :
// - à l'index, une étape du pipeline de lunr (plierJeton) : les élisions (l, d, qu…) sont
//   retirées et chaque mot est indexé sans accents, après le filtre des mots vides, pour que
//   « dé » (indexé « de ») ne soit pas jeté avec l'article « de » ; la position du mot reste
//   celle du texte, Material surligne donc « éclat » quand on a tapé « eclat » ;
// - à la requête (reecrire) : élisions retirées (apostrophe droite ou typographique), mots
//   vides retirés s'il reste un vrai mot, accents pliés, pluriels ramenés au singulier (la
//   recherche par préfixe trouve alors les deux) ;
// - au résultat (traduire) : « Non trouvé » cite le mot tel qu'il a été tapé, et le surlignage
//   de la page d'arrivée (paramètre h) reçoit les mots tels que le texte les écrit.
importScripts("../../jdr/configuration.js");
const { material: MATERIAL, attenteMs: ATTENTE_MS } = self.JDR_CONFIGURATION.recherche;
const MISE_EN_PLACE = 0;
const PRET = 1;
const REQUETE = 2;
const RESULTAT = 3;

// --- Le français : élisions, accents, pluriels ---------------------------------------------

// Ce qui s'élide devant une voyelle (l'initiative, qu'un, jusqu'à), en minuscules.
const ELIDES = new Set(["c", "d", "j", "l", "m", "n", "s", "t", "qu", "jusqu", "lorsqu", "puisqu", "quoiqu"]);
// Une élision en début de mot : la forme élidée, puis une apostrophe droite, typographique ou
// modificative (claviers de téléphone). « aujourd'hui » n'en est pas une (lettre avant le d).
const ELISION = /(^|[^\p{L}\p{N}])(jusqu|lorsqu|puisqu|quoiqu|qu|[cdjlmnst])['’ʼ‘]/giu;
// Un mot de la requête, sauf un nom de champ (« title: », syntaxe de lunr).
const MOT = /[\p{L}\p{N}]+(?![\p{L}\p{N}:])/gu;
const LIGATURES = { œ: "oe", æ: "ae" };

/** Le mot en minuscules, sans accents ni ligatures (« Éclat » → « eclat », « cœur » → « coeur »). */
function plier(mot) {
  return mot.toLowerCase().replace(/[œæ]/g, (l) => LIGATURES[l]).normalize("NFD").replace(/\p{M}/gu, "");
}

/** Le singulier approché d'un mot plié : assez pour qu'une recherche par préfixe trouve les deux
 * nombres (« blessures » → « blessure », « chevaux » → « cheva », « dés » → « de »). */
function singulier(mot) {
  if (mot.length < 3 || !/^\p{L}+$/u.test(mot)) return mot;
  if (mot.length > 4 && mot.endsWith("aux")) return mot.slice(0, -2);
  return /[sx]$/.test(mot) ? mot.slice(0, -1) : mot;
}

/** Étape du pipeline de lunr, à l'indexation comme à la requête : élision retirée, mot plié. */
function plierJeton(jeton) {
  const mot = jeton.toString();
  if (ELIDES.has(mot)) return undefined;
  const plie = plier(mot);
  return plie === mot ? jeton : jeton.update(() => plie);
}

/** Un mot vide du français (article, préposition…), selon la liste de lunr.fr une fois chargée. */
function estVide(mot) {
  const filtre = self.lunr && self.lunr.fr && self.lunr.fr.stopWordFilter;
  return ELIDES.has(mot) || (typeof filtre === "function" && !filtre(mot));
}

/**
 * La requête telle que Material doit la chercher, le mot tapé derrière chaque mot cherché, et
 * les mots vides tapés (jamais « Non trouvé » : l'index ne les garde pas).
 *
 * Chaque mot est cherché comme un préfixe (le lecteur tape encore), sauf un mot court (trois
 * lettres au plus) ou un mot vide : il est cherché tel quel, au singulier et au pluriel, et
 * comme préfixe à un poids dix fois moindre s'il est le dernier mot, pas encore fini. Sinon
 * « dé ouvert » cherchait « de* », tous les mots en « de », et la section du dé ouvert passait
 * après celles qui en avaient beaucoup. L'index ne garde des mots vides que ceux qui portaient
 * un accent : « de » y est le dé, pas l'article. Le poids est écrit à chaque mot (^10) : Material
 * laisse alors le mot tel quel, préfixe compris.
 *
 * reecrire("l'Éclat du dé") → « eclat*^10 du^10 dus^10 de^10 des^10 de*^1 »
 */
function reecrire(requete) {
  const texte = requete.replace(ELISION, "$1");
  const parties = texte.split(/\s+/).filter(Boolean);
  const fini = /\s$/.test(texte);
  const tapes = new Map();
  const vides = new Set();
  // Un mot cherché pour deux mots tapés (« des dés ») se dit comme le mot plein.
  const noter = (cherche, mot) => {
    if (!tapes.has(cherche) || vides.has(tapes.get(cherche))) tapes.set(cherche, mot);
  };
  const sortie = [];
  parties.forEach((partie, i) => {
    const nu = partie.replace(/[^\p{L}\p{N}]/gu, "").toLowerCase();
    if (!nu) return;
    const vide = estVide(nu);
    const complet = i < parties.length - 1 || fini;
    sortie.push(partie.replace(MOT, (mot) => {
      const cherche = singulier(plier(mot));
      if (vide && mot === partie) vides.add(mot);
      noter(cherche, mot);
      if (mot !== partie) return cherche; // avec +, -, ~ ou ^ : la syntaxe de lunr, telle quelle
      if (!/^\p{L}+$/u.test(cherche) || !(vide || cherche.length <= 3)) return `${cherche}*^10`;
      noter(`${cherche}s`, mot);
      const exact = `${cherche}^10 ${cherche}s^10`;
      return complet || vide ? exact : `${exact} ${cherche}*^1`;
    }));
  });
  // Un mot cherché une fois suffit (« de dés ») : lunr compterait deux fois ses occurrences.
  return { requete: [...new Set(sortie.join(" ").split(" "))].join(" "), tapes, vides };
}

/** Les mots surlignés par Material dans un résultat (titre et extrait), tels que le texte les écrit. */
function marques(doc) {
  const mots = new Set();
  for (const champ of [doc.title, doc.text]) {
    if (typeof champ !== "string") continue;
    for (const m of champ.matchAll(/<mark>([^<]*)<\/mark>/g)) mots.add(m[1].toLowerCase());
  }
  return mots;
}

/** Le résultat de Material, ses mots repris dans la langue du lecteur (voir l'en-tête) : un mot
 * tapé est trouvé si l'un des mots cherchés pour lui l'est. */
function traduire(resultat, { tapes, vides }) {
  for (const groupe of (resultat && resultat.items) || []) {
    for (const doc of groupe) {
      if (!doc.terms) continue;
      const surlignes = [...marques(doc)];
      const parMot = new Map();
      for (const [terme, trouve] of Object.entries(doc.terms)) {
        const mot = tapes.get(terme) || terme;
        const cherches = parMot.get(mot) || { trouve: false, termes: [] };
        cherches.trouve ||= trouve;
        if (trouve) cherches.termes.push(terme);
        parMot.set(mot, cherches);
      }
      const termes = {};
      for (const [mot, { trouve, termes: cherches }] of parMot) {
        if (!trouve) {
          if (!vides.has(mot)) termes[mot] = false;
          continue;
        }
        // Les mots de la page qui commencent comme un terme cherché sont surlignés tels qu'ils sont écrits.
        const commence = (ecrit) => cherches.some((terme) => singulier(plier(ecrit)).startsWith(terme));
        const ecrits = surlignes.filter(commence);
        for (const ecrit of ecrits.length ? ecrits : [mot]) termes[ecrit] = true;
      }
      doc.terms = termes;
    }
  }
  return resultat;
}

// Material expose lunr dans self.lunr dès son chargement : on branche plierJeton sur chaque index
// qu'il construit, après sa mise en place du français (premier document ajouté).
function brancher(lunr) {
  if (!lunr || !lunr.Builder || lunr.Builder.prototype.jdrFrancais) return;
  lunr.Pipeline.registerFunction(plierJeton, "jdr-plier");
  const ajouter = lunr.Builder.prototype.add;
  lunr.Builder.prototype.jdrFrancais = true;
  lunr.Builder.prototype.add = function (doc, attributs) {
    if (!this.jdrBranche) {
      this.jdrBranche = true;
      this.pipeline.add(plierJeton);
      this.searchPipeline.add(plierJeton);
    }
    return ajouter.call(this, doc, attributs);
  };
}

// --- À la demande ---------------------------------------------------------------------------

let etat = "attente"; // puis "chargement", puis "pret" : Material répond seul
let rejeu = false;
const gardes = [];
// Les mots tapés de chaque requête passée à Material, dans l'ordre : il répond dans le même.
const enCours = [];
const poster = self.postMessage.bind(self);

// Tout ce que Material envoie à la page passe par ici : son « prêt » ne repart pas vers la page,
// qui a déjà eu le nôtre ; ses résultats reprennent les mots du lecteur.
self.postMessage = (message, ...reste) => {
  if (message && message.type === PRET && etat === "chargement") return finir();
  if (message && message.type === RESULTAT && enCours.length) traduire(message.data, enCours.shift());
  return poster(message, ...reste);
};

function rejouer(data) {
  rejeu = true;
  try {
    self.dispatchEvent(new MessageEvent("message", { data }));
  } finally {
    rejeu = false;
  }
}

let miseEnPlace = null;
function finir() {
  etat = "pret";
  for (const data of gardes.splice(0)) if (data !== miseEnPlace) rejouer(data);
}

function charger() {
  if (etat !== "attente") return;
  etat = "chargement";
  miseEnPlace = gardes.find((data) => data && data.type === MISE_EN_PLACE) || null;
  importScripts(new URL(MATERIAL, self.location.href).href);
  brancher(self.lunr);
  if (miseEnPlace) rejouer(miseEnPlace);
  else finir();
}

// La page annonce qu'une recherche approche (jdr.js : survol ou focus de la boîte).
if (self.BroadcastChannel) new BroadcastChannel("regles-vivantes-recherche").onmessage = () => charger();

// Écouteur posé avant celui de Material : tant que Material n'est pas prêt, il garde tout ;
// ensuite, chaque requête lui arrive réécrite en français.
self.addEventListener("message", (evenement) => {
  const message = evenement.data;
  if (rejeu || etat === "pret") {
    if (message && message.type === REQUETE && typeof message.data === "string") {
      const { requete, ...mots } = reecrire(message.data);
      message.data = requete;
      enCours.push(mots);
    }
    return;
  }
  evenement.stopImmediatePropagation();
  const { type, data } = message || {};
  // La page envoie la requête vide dès le « prêt » (champ vide) : sa réponse n'a pas
  // besoin de l'index, c'est celle de Material pour un texte vide.
  if (etat === "attente" && type === REQUETE && typeof data === "string" && !data.trim()) {
    poster({ type: RESULTAT, data: { items: [] } });
    return;
  }
  gardes.push(message);
  if (etat !== "attente") return;
  if (type === MISE_EN_PLACE) {
    poster({ type: PRET });
    setTimeout(charger, ATTENTE_MS);
  } else {
    charger();
  }
});
