// Les fiches de suivi : l'état vit dans localStorage, les règles dans Python (requête
// « suivi » du pont, qui nomme son système). Ce module ne connaît aucun système : la vue
// d'une fiche est le module suivi/<systeme>.js, chargé à la demande, qui exporte
//   creation(suivi) → élément du formulaire de création,
//   fiche(suivi, vue) → éléments de la fiche,
//   demande(suivi, op, demande, message) → ce que la fiche réclame avant d'appliquer une opération,
//   renommable (facultatif) → vrai si le cœur du système connaît l'opération « renommer ».
//
// Un bloc tient un groupe de fiches (un groupe de personnages, plusieurs combats). Chaque
// fiche a sa clé : la clé du bloc (jdr-suivi:<systeme>:<id>, celle d'une fiche seule avant
// les groupes) pour la première, puis <clé du bloc>:p<horodatage> ; la valeur garde le format
// d'avant (l'état JSON rendu par Python). À côté, <clé>#version compte les écritures : une
// écriture partie d'une version qui n'est plus celle du stockage (un autre onglet est passé
// entre-temps) est refusée, et la fiche à jour est réaffichée.
import { annoncerJet, bouton, champ, el, jetRejouable, liste, texte } from "./dom.js";
import { PROFONDEUR_MAX, TAILLE_MAX, auRepos, moteur } from "./moteur.js";

const PREFIXE = "jdr-suivi:";
const SUFFIXE_VERSION = "#version";
export const ANNULATIONS_MAX = 20;

// --- Stockage : une clé par fiche, un compteur de version à côté --------------------

export function cleDuBloc(systeme, fiche) {
  return `${PREFIXE}${systeme}:${fiche}`;
}

// La version d'une fiche rangée : null si la fiche n'existe pas, 0 pour une sauvegarde
// d'avant les versions.
export function versionDe(cle) {
  if (localStorage.getItem(cle) === null) return null;
  const v = Number(localStorage.getItem(cle + SUFFIXE_VERSION));
  return Number.isSafeInteger(v) && v > 0 ? v : 0;
}

// Les fiches d'un bloc, la première d'abord, puis dans l'ordre de création.
export function membres(bloc) {
  const autres = [];
  for (let i = 0; i < localStorage.length; i++) {
    const cle = localStorage.key(i);
    if (cle && cle.startsWith(`${bloc}:p`) && /^[a-z0-9]+$/.test(cle.slice(bloc.length + 2))) autres.push(cle);
  }
  autres.sort();
  return localStorage.getItem(bloc) === null ? autres : [bloc, ...autres];
}

// Le nom rangé dans une sauvegarde, pour la liste (sans Python : une fiche illisible a sa ligne aussi).
export function nomRange(cle) {
  try {
    const etat = JSON.parse(localStorage.getItem(cle));
    if (etat && typeof etat.nom === "string" && etat.nom.trim()) return etat.nom.slice(0, 80);
  } catch {
    // illisible : dit ci-dessous
  }
  return "fiche illisible";
}

// Écrit un état si la fiche est encore à la version lue (null : la clé doit être libre).
// Rend { version } ; { perime: true } si un autre onglet est passé ; { plein: erreur } si le
// navigateur refuse d'écrire (stockage plein ou interdit) : rien n'a alors changé.
export function ecrire(cle, etat, versionLue) {
  if (versionDe(cle) !== versionLue) return { perime: true };
  const version = (versionLue || 0) + 1;
  const avant = localStorage.getItem(cle);
  try {
    localStorage.setItem(cle, JSON.stringify(etat));
  } catch (erreurEcriture) {
    return { plein: erreurEcriture };
  }
  try {
    localStorage.setItem(cle + SUFFIXE_VERSION, String(version));
  } catch (erreurEcriture) {
    // L'état est passé mais pas sa version : on remet l'état d'avant, pour que rien n'ait changé.
    if (avant === null) localStorage.removeItem(cle);
    else try { localStorage.setItem(cle, avant); } catch { /* rien de plus à tenter */ }
    return { plein: erreurEcriture };
  }
  return { version };
}

export function supprimer(cle) {
  localStorage.removeItem(cle);
  localStorage.removeItem(cle + SUFFIXE_VERSION);
}

function nouvelleCle(bloc) {
  if (localStorage.getItem(bloc) === null) return bloc;
  let cle;
  do {
    cle = `${bloc}:p${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36).padStart(2, "0")}`;
  } while (localStorage.getItem(cle) !== null);
  return cle;
}

// Un JSON reçu (import, sauvegarde) est mesuré sur son texte, avant d'être lu ou envoyé au
// moteur, avec les limites des requêtes (moteur.js, les mêmes que le pont) : trop gros ou
// trop imbriqué, il serait refusé plus loin. Rend la raison d'un refus, ou null.
export function verifierJson(brut, octetsMax = TAILLE_MAX, profondeurMax = PROFONDEUR_MAX) {
  const octets = new TextEncoder().encode(brut).length;
  if (octets > octetsMax) {
    return `le texte fait ${Math.ceil(octets / 1000)} ko, ${Math.floor(octetsMax / 1000)} ko au plus`;
  }
  let profondeur = 0;
  let pire = 0;
  let chaine = false;
  let echappe = false;
  for (const c of brut) {
    if (chaine) {
      if (echappe) echappe = false;
      else if (c === "\\") echappe = true;
      else if (c === '"') chaine = false;
    } else if (c === '"') chaine = true;
    else if (c === "{" || c === "[") pire = Math.max(pire, ++profondeur);
    else if (c === "}" || c === "]") profondeur--;
  }
  if (pire > profondeurMax) return `${pire} niveaux d'imbrication, ${profondeurMax} au plus`;
  return null;
}

// Le moteur lui-même a échoué (Python pas chargé), par opposition à un refus du pont.
function moteurEnPanne(reponse) {
  return moteur.etat === "echec" || Boolean(reponse && reponse.moteur === "echec");
}

const MOTEUR_ABSENT = "Le moteur de règles n'a pas pu se charger";

// Un jet de la fiche que le cœur dit aussi comme un jet de lanceur (r.rejeu : mécanique,
// réglages, dés) : ses dés et le lien qui le rejoue dans ce lanceur, avec la même graine. Le bloc
// porte, rendue à la construction, l'adresse du lanceur de chaque mécanique de son système
// (fiche avec lanceurs="oui") ; sans elle, l'entrée du journal garde la graine seule.
export function jetDuLanceur(racine, r) {
  if (!r.rejeu || typeof r.rejeu.mecanique !== "string") return {};
  const modele = racine.querySelector("template.jdr-fiche-lanceurs");
  const a = modele && modele.content.querySelector(`a[data-mecanique="${CSS.escape(r.rejeu.mecanique)}"]`);
  return a ? jetRejouable(new URL(a.getAttribute("href"), document.baseURI), r) : { des: r.rejeu.des };
}

// --- Le widget ----------------------------------------------------------------

class Suivi {
  constructor(racine, vue) {
    this.racine = racine;
    this.vueModule = vue;
    this.systeme = racine.dataset.systeme;
    this.bloc = cleDuBloc(this.systeme, racine.dataset.fiche);
    this.cleActive = `jdr-suivi-actif:${this.systeme}:${racine.dataset.fiche}`;
    this.corps = racine.querySelector(".jdr-fiche-corps");
    this.message = racine.querySelector("output.jdr-sortie");
    // Bornes, listes et anciennes clés déclarées dans jdr_core (rendues à la construction).
    const config = JSON.parse(racine.querySelector("script.jdr-fiche-config").textContent);
    this.bornes = config.bornes;
    this.anciennesCles = config.anciennes_cles;
    this.cle = null;
    this.version = null;
    this.etat = null;
    this.vue = null;
    this.file = Promise.resolve();
    this.jetons = 0;
    this.jetonDemande = null;
    // Annulation : par fiche, les états d'avant les dernières opérations de cet onglet (en mémoire).
    this.annulations = new Map();
    this.barre = el("div", "jdr-groupe-barre");
    this.corps.before(this.barre);
    racine.querySelector(".jdr-fiche-statique").hidden = true;
    this.corps.hidden = false;
    // Navigation instantanée : une fiche quittée (retirée de la page) cesse d'écouter.
    const ecoute = (e) => {
      if (racine.isConnected) this.quandStockageChange(e);
      else window.removeEventListener("storage", ecoute);
    };
    window.addEventListener("storage", ecoute);
    racine.addEventListener("keydown", (e) => {
      const champTexte = e.target.matches("textarea, input[type=text]");
      if ((e.ctrlKey || e.metaKey) && !e.shiftKey && e.key.toLowerCase() === "z" && !champTexte) {
        e.preventDefault();
        this.annuler();
      }
    });
    this.demarrer();
  }

  demarrer() {
    const presents = membres(this.bloc);
    const voulue = sessionStorage.getItem(this.cleActive);
    const cle = presents.includes(voulue) ? voulue : presents[0] || (this.ancienne() ? this.bloc : null);
    if (cle === null) return this.afficherCreation();
    // Une fiche sauvegardée se relit par Python : on attend que la page soit au repos.
    this.majBarre(cle);
    this.corps.replaceChildren(el("p", "jdr-etat", "Lecture de la fiche sauvegardée…"));
    auRepos(() => this.charger(cle));
  }

  // Une sauvegarde sous une ancienne clé (format d'avant), seulement si la clé du bloc est libre.
  ancienne() {
    if (localStorage.getItem(this.bloc) !== null) return null;
    for (const cle of this.anciennesCles) {
      const brut = localStorage.getItem(cle);
      if (brut !== null) return { brut, cle };
    }
    return null;
  }

  requete(etat, op) {
    return moteur.demander({ type: "suivi", systeme: this.systeme, etat, op });
  }

  dire(texte, alerte) {
    const p = el("p", alerte ? "jdr-erreur" : "jdr-message", texte);
    if (alerte) p.setAttribute("role", "alert");
    this.message.replaceChildren(p);
    // Sur un téléphone, le message tombe sous le bord de l'écran : on l'y amène (rien ne bouge
    // s'il est déjà visible ; le focus reste sur le bouton).
    if (matchMedia("(max-width: 44.9375em)").matches) p.scrollIntoView({ block: "nearest" });
  }

  pile(cle = this.cle) {
    if (!this.annulations.has(cle)) this.annulations.set(cle, []);
    return this.annulations.get(cle);
  }

  // --- lecture -------------------------------------------------------------------

  async charger(cle) {
    this.cle = cle;
    this.etat = null;
    this.vue = null;
    sessionStorage.setItem(this.cleActive, cle);
    this.majBarre(cle);
    const migree = cle === this.bloc ? this.ancienne() : null;
    const brut = migree ? migree.brut : localStorage.getItem(cle);
    if (brut === null) return this.afficherCreation();
    const version = migree ? null : versionDe(cle);
    const refus = verifierJson(brut);
    if (refus) return this.illisible(refus);
    let etat;
    try {
      etat = JSON.parse(brut);
    } catch {
      return this.illisible("ce n'est pas du JSON valide");
    }
    const r = await this.requete(etat, { op: "lire" });
    if (this.cle !== cle) return;  // une autre fiche a été choisie entre-temps
    if (r.erreur) return moteurEnPanne(r) ? this.moteurAbsent(cle) : this.illisible(r.erreur);
    if (migree) {
      // Migrée : la fiche vit désormais sous la clé du bloc, l'ancienne est retirée.
      const ecrit = ecrire(cle, r.etat, null);
      if (ecrit.plein) return this.dire("La fiche d'avant se lit, mais le navigateur refuse de la ranger sous "
        + "sa nouvelle clé (stockage plein). Elle reste sous l'ancienne, intacte.", true);
      if (ecrit.perime) return this.charger(cle);
      localStorage.removeItem(migree.cle);
      this.version = ecrit.version;
    } else {
      this.version = version;
    }
    this.etat = r.etat;
    this.vue = r.vue;
    this.afficher();
  }

  // Python n'a pas démarré : la sauvegarde n'a pas pu être relue, elle n'est pas en cause.
  moteurAbsent(cle) {
    this.corps.replaceChildren(el("p", "jdr-etat", "Fiche sauvegardée en attente du moteur de règles."),
      bouton("Réessayer", () => this.charger(cle)));
    this.dire(`${MOTEUR_ABSENT} (réseau coupé ou bloqué ?) : la fiche sauvegardée n'a pas pu être relue, `
      + "mais elle est intacte. Rien n'a été effacé ni remplacé ; réessayez ou rechargez la page.", true);
  }

  illisible(raison) {
    this.afficherCreation();
    this.dire(`La fiche sauvegardée est illisible (${raison}). Elle n'a pas été chargée ni effacée : `
      + "importez une fiche valide ou créez-en une nouvelle, qui sera rangée à côté.", true);
  }

  // --- opérations -----------------------------------------------------------------

  operer(op) {
    // Une opération née d'une demande (nommer les blessures) ne part qu'une fois : un double
    // clic sur « Appliquer les dégâts », ou une demande remplacée depuis, ne fait rien de plus.
    if (op.jeton !== undefined) {
      if (op.jeton !== this.jetonDemande) return this.file;
      this.jetonDemande = null;
    }
    // Les opérations passent l'une après l'autre : deux clics rapides ne partent jamais
    // du même état (sinon la seconde effacerait la première).
    this.file = this.file.then(() => this.opererMaintenant(op)).catch((e) => this.dire(String(e), true));
    return this.file;
  }

  async opererMaintenant(op) {
    const creation = op.op === "creer";
    const { jeton, ...envoi } = op;
    const r = await this.requete(creation ? null : this.etat, envoi);
    if (r.erreur) {
      return this.dire(moteurEnPanne(r) ? `${MOTEUR_ABSENT} : l'opération n'a pas été faite, la fiche est intacte.`
        : r.erreur, true);
    }
    if (r.demande) {
      this.jetonDemande = ++this.jetons;
      return this.vueModule.demande(this, { ...op, jeton: this.jetonDemande }, r.demande, r.message);
    }
    if (this.enregistrer(r, { creation }) && r.graine !== undefined) {
      annoncerJet(this.racine, { titre: `Suivi : ${op.op.replaceAll("_", " ")}`, issue: r.message, graine: r.graine,
        ...jetDuLanceur(this.racine, r) });
    }
  }

  // Range la réponse de Python, puis seulement l'affiche : si le stockage refuse, la mémoire
  // et la page restent sur l'état rangé. Rend vrai si tout est passé.
  enregistrer(r, { creation = false, annulable = true, message = r.message } = {}) {
    const cle = creation ? nouvelleCle(this.bloc) : this.cle;
    const ecrit = ecrire(cle, r.etat, creation ? null : this.version);
    if (ecrit.plein) {
      this.dire("Sauvegarde impossible : le stockage de ce navigateur est plein ou refusé. L'opération n'a "
        + "pas été appliquée, la fiche reste telle qu'elle était ; exportez-la ou libérez de la place.", true);
      return false;
    }
    if (ecrit.perime) {
      const nom = this.vue ? this.vue.nom : "cette fiche";
      this.annulations.delete(cle);
      this.charger(cle).then(() => this.dire(`Opération refusée : ${nom} a été modifiée dans un autre onglet `
        + "depuis son dernier affichage ici. Voici la fiche à jour ; refaites l'opération si elle tient toujours.", true));
      return false;
    }
    if (!creation && annulable) {
      const pile = this.pile(cle);
      pile.push(this.etat);
      if (pile.length > ANNULATIONS_MAX) pile.shift();
    }
    this.cle = cle;
    this.version = ecrit.version;
    this.etat = r.etat;
    this.vue = r.vue;
    sessionStorage.setItem(this.cleActive, cle);
    this.afficher();
    if (message) this.dire(message);
    return true;
  }

  annuler() {
    this.file = this.file.then(() => this.annulerMaintenant());
    return this.file;
  }

  async annulerMaintenant() {
    if (this.cle === null || this.etat === null) return;
    const pile = this.pile();
    if (!pile.length) return this.dire("Rien à annuler pour cette fiche dans cet onglet.");
    const r = await this.requete(pile[pile.length - 1], { op: "lire" });
    if (r.erreur) return this.dire(r.erreur, true);
    if (this.enregistrer(r, { annulable: false, message: "Dernière opération annulée." })) {
      pile.pop();
      this.afficher();
    }
  }

  async dupliquer() {
    const max = this.bornes.nom_max || 60;
    const nom = `${this.vue.nom.slice(0, max - 8)} (copie)`;
    const r = await this.requete(this.etat, this.vueModule.renommable ? { op: "renommer", nom } : { op: "lire" });
    if (r.erreur) return this.dire(r.erreur, true);
    this.enregistrer(r, { creation: true, message: `${this.vue.nom} est dupliqué : ${r.vue.nom} rejoint le groupe.` });
  }

  effacer() {
    const nom = this.vue ? this.vue.nom : nomRange(this.cle);
    if (!window.confirm(`Supprimer « ${nom} » ? Sa fiche sera effacée de ce navigateur, sans retour possible.`)) return;
    supprimer(this.cle);
    this.annulations.delete(this.cle);
    this.dire(`${nom} a été supprimé.`);
    const reste = membres(this.bloc);
    if (reste.length) return this.charger(reste[0]).then(() => this.dire(`${nom} a été supprimé.`));
    this.cle = null;
    this.afficherCreation();
  }

  // --- deux onglets ----------------------------------------------------------------

  quandStockageChange(e) {
    if (e.storageArea !== localStorage) return;
    if (e.key !== null && !e.key.startsWith(this.bloc)) return;
    const cle = e.key && e.key.endsWith(SUFFIXE_VERSION) ? e.key.slice(0, -SUFFIXE_VERSION.length) : e.key;
    if (cle !== null && cle !== this.cle) return this.majBarre(this.cle);
    // La fiche affichée a changé ailleurs : on la relit (après l'opération en cours, s'il y en a une).
    this.file = this.file.then(() => this.synchroniser());
  }

  async synchroniser() {
    const cle = this.cle;
    if (cle === null) return this.majBarre(null);
    const version = versionDe(cle);
    if (version === this.version) return;
    const nom = this.vue ? this.vue.nom : nomRange(cle);
    this.annulations.delete(cle);
    if (version === null) {
      const reste = membres(this.bloc);
      if (reste.length) await this.charger(reste[0]);
      else { this.cle = null; this.afficherCreation(); }
      return this.dire(`${nom} a été supprimé dans un autre onglet.`);
    }
    await this.charger(cle);
    this.dire(`${nom} a été modifié dans un autre onglet : voici sa fiche à jour.`);
  }

  // --- affichage -------------------------------------------------------------------

  majBarre(active) {
    const presents = membres(this.bloc);
    if (!presents.length) return this.barre.replaceChildren();
    const choix = liste(presents.map((cle) => [cle, nomRange(cle)]));
    if (active) choix.value = active;
    choix.addEventListener("change", () => this.file = this.file.then(() => this.charger(choix.value)));
    const outils = el("div", "jdr-actions-fiche");
    outils.append(champ(`Fiche du groupe (${quantite(presents.length, "personnage")})`, choix),
      bouton("Nouvelle fiche", () => { this.cle = null; this.afficherCreation(); }));
    this.barre.replaceChildren(outils);
  }

  afficherCreation() {
    this.majBarre(null);
    const creation = this.vueModule.creation(this);
    creation.append(this.outilsImport());
    this.corps.replaceChildren(creation);
  }

  afficher() {
    // Le bouton qui avait le focus le retrouve après le nouveau rendu (sinon il tomberait sur
    // la page, et Ctrl+Z ne viserait plus la fiche).
    const actif = document.activeElement;
    const sansCompte = (t) => t.replace(/ \(\d+\)$/, "");
    const reprise = actif && actif.tagName === "BUTTON" && this.corps.contains(actif) ? sansCompte(actif.textContent) : null;
    this.majBarre(this.cle);
    const pile = this.pile();
    const outils = el("section", "jdr-fiche-outils");
    const annuler = bouton(`Annuler la dernière opération (${pile.length})`, () => this.annuler(),
      { desactive: !pile.length, titre: "Ctrl+Z dans la fiche" });
    annuler.setAttribute("aria-keyshortcuts", "Control+Z");
    const renommer = el("div", "jdr-ligne");
    if (this.vueModule.renommable) {
      const nom = texte(this.vue.nom, this.bornes.nom_max || 60);
      renommer.append(champ("Nouveau nom", nom), bouton("Renommer", () => this.operer({ op: "renommer", nom: nom.value })));
    }
    outils.append(annuler,
      el("p", "jdr-note", `L'annulation reprend les ${ANNULATIONS_MAX} dernières opérations faites dans cet `
        + "onglet ; elle ne survit pas à un rechargement de la page."),
      renommer);
    // Dupliquer n'a de sens qu'avec un autre nom : seulement si le cœur du système sait renommer.
    if (this.vueModule.renommable) outils.append(bouton("Dupliquer", () => this.dupliquer()));
    outils.append(
      bouton("Exporter (JSON)", () => this.exporter()), this.outilsImport(),
      bouton("Réinitialiser (supprimer cette fiche)", () => this.effacer()));
    this.corps.replaceChildren(...this.vueModule.fiche(this, this.vue), outils);
    if (reprise !== null) {
      const meme = [...this.corps.querySelectorAll("button")].find((b) => sansCompte(b.textContent) === reprise);
      (meme && !meme.disabled ? meme : this.corps.querySelector(".jdr-fiche-outils button:not(:disabled)")).focus();
    }
  }

  outilsImport() {
    const zone = el("details", "jdr-import");
    zone.append(el("summary", null, "Importer une fiche (JSON)"));
    const saisie = document.createElement("textarea");
    saisie.rows = 4;
    saisie.setAttribute("aria-label", "Fiche au format JSON");
    zone.append(saisie, bouton("Importer", () => this.importer(saisie.value)));
    return zone;
  }

  importer(brut) {
    // Mesuré avant toute lecture : un texte énorme ou imbriqué sans fin n'atteint jamais le moteur.
    const refus = verifierJson(brut);
    if (refus) return this.dire(`Import refusé : ${refus}. Rien n'a changé.`, true);
    let etat;
    try {
      etat = JSON.parse(brut);
    } catch {
      return this.dire("Import refusé : ce n'est pas du JSON valide. Rien n'a changé.", true);
    }
    this.file = this.file.then(async () => {
      const r = await this.requete(etat, { op: "lire" });
      if (r.erreur) {
        return this.dire(moteurEnPanne(r) ? `${MOTEUR_ABSENT} : l'import attendra, rien n'a changé.`
          : `Import refusé : ${r.erreur}. Rien n'a changé.`, true);
      }
      this.enregistrer(r, { creation: true, message: `Fiche importée : ${r.vue.nom} rejoint le groupe.` });
    });
    return this.file;
  }

  exporter() {
    const json = JSON.stringify(this.etat, null, 1);
    const lien = el("a", "jdr-lien", "Télécharger la fiche");
    lien.href = URL.createObjectURL(new Blob([json], { type: "application/json" }));
    lien.download = `fiche-${this.vue.nom}.json`;
    const zone = document.createElement("textarea");
    zone.readOnly = true;
    zone.rows = 6;
    zone.value = json;
    zone.setAttribute("aria-label", "Fiche exportée (JSON)");
    this.message.replaceChildren(lien, zone);
  }
}

export async function brancher(racine) {
  const sortie = racine.querySelector("output.jdr-sortie");
  try {
    const systeme = racine.dataset.systeme;
    if (!/^[a-z0-9]+$/.test(systeme || "")) throw new Error("système de la fiche illisible");
    const vue = await import(`./suivi/${systeme}.js`);
    racine.jdrSuivi = new Suivi(racine, vue);
  } catch (erreurFiche) {
    sortie.textContent = typographier(`Suivi indisponible : ${erreurFiche.message}`);
  }
}

// Le compte des fiches du groupe (« 1 personnage », « 3 personnages ») et la typographie. Un import
// est remonté en tête du module : sa place ici ne change rien.
import { quantite, typographier } from "./dom.js";
