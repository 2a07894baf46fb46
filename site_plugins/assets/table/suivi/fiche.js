// Les fiches de suivi : l'état vit dans localStorage, les règles dans Python (requête
// « suivi » du pont, qui nomme son système). Ce module ne connaît aucun système : la vue
// d'une fiche est le module suivi/<systeme>.js, chargé à la demande, qui exporte
//   creation(suivi) → élément du formulaire de création,
//   fiche(suivi, vue) → éléments de la fiche,
//   demande(suivi, op, demande, message) → ce que la fiche réclame avant d'appliquer une opération,
//   renommable (facultatif) → vrai si le cœur du système connaît l'opération « renommer »,
//   vues (facultatif) → vrai pour une fiche de personnage : deux onglets, Jouer et Modifier la fiche,
//   absolues (facultatif) → les opérations qui posent des valeurs lues sur la page (voir plus bas).
// Une vue pose `suivi.ancre("attaquer")` juste après un bouton : le message de cette opération
// s'écrit là, à côté du bouton, plutôt que sous la fiche (la même sortie, annoncée, déplacée).
//
// Un bloc tient un groupe de fiches (un groupe de personnages, plusieurs combats). Chaque
// fiche a sa clé : la clé du bloc (jdr-suivi:<systeme>:<id>, celle d'une fiche seule avant
// les groupes) pour la première, puis <clé du bloc>:p<horodatage> ; la valeur garde le format
// d'avant (l'état JSON rendu par Python). À côté, <clé>#version compte les écritures.
//
// Deux onglets au même instant (stockage.js) : une opération se fait sous le verrou de sa fiche,
// partagé par tous les onglets du site. Dans le verrou, la fiche rangée est relue, l'opération
// calculée par le moteur sur elle, puis écrite ; l'autre onglet attend son tour et repart de ce
// résultat. Une opération faite sur une fiche qui avait changé ailleurs depuis son affichage ici :
//   - relative (encaisser, relancer, au suivant…) : elle s'applique à la fiche à jour, et le dit ;
//     si elle n'y tient plus (le moteur la refuse), elle est refusée avec sa raison ;
//   - absolue (annuler, renommer, modifier un combattant : des valeurs lues sur une page périmée)
//     : refusée, la fiche à jour est montrée, la saisie du lecteur gardée.
// Un refus reste affiché jusqu'à ce que le lecteur agisse (un autre onglet ne l'efface pas), et
// un rafraîchissement venu d'un autre onglet garde ce que le lecteur a tapé ou choisi.
// Une intention, une opération : le bouton cliqué est désactivé jusqu'à la réponse, et
// l'opération porte une clé (stockage.js) ; rejouée, elle ne s'applique pas deux fois.
import { bouton, champ, el, liste, telecharger, texte } from "../../commun/dom.js";
import { quantite, typographier } from "../../commun/francais.js";
import { jetRejouable } from "../../commun/rejeu.js";
import { annoncerJet } from "../journal/annonce.js";
import { PROFONDEUR_MAX, TAILLE_MAX, auRepos, moteur } from "../../moteur/client.js";
import { LienIllisible, PREFIXE as PREFIXE_PARTAGE, decoder, encoder } from "../partage.js";
import {
  SUFFIXE_VERSION, ecrire, noterOperation, nouvelleOperation, operationFaite, sousVerrou, supprimer, versionDe,
} from "../stockage.js";

export { ecrire, nouvelleOperation, sousVerrou, supprimer, versionDe };

const PREFIXE = "jdr-suivi:";
export const ANNULATIONS_MAX = 20;
// Les opérations qui posent des valeurs lues sur la page (et non un changement relatif) : sur
// une fiche changée ailleurs entre-temps, elles écraseraient ce changement, donc sont refusées.
// « renommer » ici ; celles d'un système, dans l'export `absolues` de sa vue.
const ABSOLUES = ["renommer"];
// Sans verrou partagé (repli de stockage.js), une écriture devancée est recalculée au plus ce nombre de fois.
const ESSAIS_MAX = 3;

// --- Stockage : une clé par fiche, un compteur de version à côté --------------------

export function cleDuBloc(systeme, fiche) {
  return `${PREFIXE}${systeme}:${fiche}`;
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

// Le nom d'un bouton d'une fiche, stable d'un rendu à l'autre : son nom accessible, sans le compte
// qui change (« Annuler la dernière opération (3) »).
function nomDeBouton(b) {
  return (b.getAttribute("aria-label") || b.textContent).replace(/ \(\d+\)$/, "");
}

// Une fiche rangée, relue telle quelle : { etat, version } ; null si elle n'existe plus ;
// { illisible: raison } si son texte ne se lit pas.
function relire(cle) {
  const brut = localStorage.getItem(cle);
  if (brut === null) return null;
  const refus = verifierJson(brut);
  if (refus) return { illisible: refus };
  try {
    return { etat: JSON.parse(brut), version: versionDe(cle) };
  } catch {
    return { illisible: "ce n'est pas du JSON valide" };
  }
}

const SANS_FIN = /[.\s]+$/;

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
const ATTENTE_MOTEUR = "Le moteur de règles se charge : l'opération partira dès qu'il sera prêt.";
const DEJA_FAITE = "Cette opération a déjà été appliquée : elle ne compte qu'une fois.";
const PLEIN = "Sauvegarde impossible : le stockage de ce navigateur est plein ou refusé. L'opération n'a "
  + "pas été appliquée, la fiche reste telle qu'elle était ; exportez-la ou libérez de la place.";

// Une opération sur une fiche rangée, faite hors de son widget (un lanceur qui applique son jet à
// un personnage, liaison.js) : même verrou, même relecture, même clé d'opération que la fiche.
// Rend la réponse du moteur, ou { deja }, { disparue }, { illisible }, { plein }, { perime }.
export async function operationRangee(systeme, cle, op, id) {
  await moteur.pret();
  return sousVerrou(cle, async () => {
    if (operationFaite(cle, id)) return { deja: true };
    for (let essai = 0; essai < ESSAIS_MAX; essai++) {
      const lue = relire(cle);
      if (lue === null) return { disparue: true };
      if (lue.illisible) return { illisible: lue.illisible };
      const r = await moteur.demander({ type: "suivi", systeme, etat: lue.etat, op });
      if (r.erreur) return r;
      const ecrit = ecrire(cle, r.etat, lue.version, id);
      if (ecrit.plein) return { plein: true };
      if (!ecrit.perime) return r;
    }
    return { perime: true };
  });
}

// Les fiches de cette page qui montrent `cle` la relisent (une écriture faite dans ce même
// onglet, hors de leur widget, ne leur arrive pas par l'évènement « storage »).
export function signalerIci(cle) {
  for (const racine of document.querySelectorAll(".jdr-fiche")) {
    if (racine.jdrSuivi) racine.jdrSuivi.quandStockageChange({ storageArea: localStorage, key: cle });
  }
}

// L'identité d'un champ (ou d'un repli) de la fiche, stable d'un rendu à l'autre : le chemin de
// ses cartes (data-id), sections et replis, son libellé, son rang parmi ses semblables.
function identites(corps, selecteur) {
  const vus = new Map();
  return [...corps.querySelectorAll(selecteur)].map((n) => {
    const chemin = [];
    for (let p = n.parentElement; p && p !== corps; p = p.parentElement) {
      if (p.dataset.id) chemin.push(`#${p.dataset.id}`);
      else if (p.tagName === "DETAILS") {
        const titre = p.querySelector(":scope > summary");
        chemin.push(`details.${p.className}:${titre ? titre.textContent.replace(/\d+/g, "") : ""}`);
      } else if (p.tagName === "SECTION" || p.tagName === "FIELDSET") chemin.push(`${p.tagName}.${p.className}`);
      else if (p.tagName === "LABEL" && p.firstElementChild) chemin.push(p.firstElementChild.textContent);
    }
    const base = [...chemin.reverse(), n.getAttribute("aria-label") || "", n.type || n.tagName].join("|");
    const rang = vus.get(base) || 0;
    vus.set(base, rang + 1);
    return [`${base}|${rang}`, n];
  });
}

class Suivi {
  constructor(racine, vue) {
    this.racine = racine;
    this.vueModule = vue;
    this.systeme = racine.dataset.systeme;
    // Le suivi montré ; celui qui n'est pas le premier de son système range ses fiches à part
    // (jdr-suivi:<systeme>:<suivi>:<id>), pour que la fiche D10 ne se mêle pas aux combats.
    this.suiviNom = racine.dataset.suivi || "";
    const espace = racine.dataset.second ? `${this.systeme}:${this.suiviNom}` : this.systeme;
    this.bloc = cleDuBloc(espace, racine.dataset.fiche);
    this.cleActive = `jdr-suivi-actif:${espace}:${racine.dataset.fiche}`;
    this.corps = racine.querySelector(".jdr-fiche-corps");
    this.message = racine.querySelector("output.jdr-sortie");
    // Bornes, listes et anciennes clés déclarées dans jdr_core (rendues à la construction).
    const config = JSON.parse(racine.querySelector("template.jdr-fiche-config").content.textContent);
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
    // Un refus affiché reste jusqu'au prochain geste du lecteur dans la fiche.
    this.refusTenu = false;
    // Le bouton du clic en cours (désactivé jusqu'à la réponse), et celui qui retrouvera le focus.
    this.boutonDuClic = null;
    this.repriseFocus = null;
    // Les champs que le lecteur a touchés : un rendu venu d'un autre onglet les garde.
    this.touches = new WeakSet();
    this.restauration = false;
    // Où s'écrit le message : la clé de l'ancre de la dernière opération (voir ancre()), ou null
    // (sous la fiche) ; pendant une opération, les clés d'ancre qu'elle peut viser.
    this.ancreActive = null;
    this.boutonActif = null;
    this.opEnCours = null;
    // La sortie est un <output> (rôle « status » implicite) : le lecteur d'écran l'annonce.
    this.message.setAttribute("role", "status");
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
    // Un lien de partage collé dans l'onglet déjà ouvert sur cette page : seul le fragment change
    // (Material refait parfois la page, parfois non). La page se recharge, et le lien est lu d'un
    // seul chemin, celui d'une première ouverture (demarrer), une fois la fiche affichée.
    const partage = () => {
      if (!racine.isConnected) return window.removeEventListener("hashchange", partage);
      if (location.hash.startsWith(PREFIXE_PARTAGE)) location.reload();
    };
    window.addEventListener("hashchange", partage);
    racine.addEventListener("keydown", (e) => {
      const champTexte = e.target.matches("textarea, input[type=text]");
      if ((e.ctrlKey || e.metaKey) && !e.shiftKey && e.key.toLowerCase() === "z" && !champTexte) {
        e.preventDefault();
        this.refusTenu = false;
        this.annuler();
      }
    });
    racine.addEventListener("click", (e) => {
      const b = e.target instanceof Element ? e.target.closest("button") : null;
      if (!b) return;
      this.refusTenu = false;
      if (!this.corps.contains(b)) return;
      // Lu par operer() pendant ce même clic, oublié ensuite.
      this.boutonDuClic = b;
      setTimeout(() => {
        if (this.boutonDuClic === b) this.boutonDuClic = null;
      });
    }, true);
    const toucher = (e) => {
      if (this.restauration) return;
      if (e.target instanceof Element && e.target.matches("input, select, textarea")) this.touches.add(e.target);
      if (e.type === "change") this.refusTenu = false;
    };
    racine.addEventListener("input", toucher, true);
    racine.addEventListener("change", toucher, true);
    this.demarrer();
  }

  demarrer() {
    // Un lien de partage : proposé une fois la fiche affichée (son message ne doit pas être effacé).
    if (location.hash.startsWith(PREFIXE_PARTAGE)) this.partageRecu = location.hash;
    const presents = membres(this.bloc);
    const voulue = sessionStorage.getItem(this.cleActive);
    const cle = presents.includes(voulue) ? voulue : presents[0] || (this.ancienne() ? this.bloc : null);
    if (cle === null) return this.afficherCreation();
    // Une fiche sauvegardée se relit par Python : on attend que la page soit au repos.
    this.majBarre(cle);
    this.sortieSousLaFiche();
    this.corps.replaceChildren(el("p", "jdr-etat", "Lecture de la fiche sauvegardée…"));
    this.placerSortie();
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
    return moteur.demander({ type: "suivi", systeme: this.systeme, suivi: this.suiviNom, etat, op });
  }

  // Un message sous la fiche. Une alerte (refus, erreur) reste jusqu'au prochain geste du
  // lecteur : une nouvelle qui arrive entre-temps (un autre onglet a changé la fiche) s'écrit
  // sous elle au lieu de la remplacer.
  dire(texte, alerte) {
    // Pendant une opération, à côté de son bouton s'il a une ancre ; tout autre message (annuler,
    // importer, un autre onglet…) sous la fiche, là où sont ces boutons-là.
    this.ancreActive = this.opEnCours ? this.opEnCours.find((k) => this.trouverAncre(k)) ?? null : null;
    this.boutonActif = this.opEnCours && this.ancreActive === null ? this.boutonEnCours : null;
    const pres = this.placerSortie();
    const p = el("p", alerte ? "jdr-erreur" : "jdr-message", texte);
    if (alerte) p.setAttribute("role", "alert");
    const tenu = this.refusTenu && !alerte ? this.message.querySelector(":scope > .jdr-erreur") : null;
    if (tenu) this.message.replaceChildren(tenu, p);
    else this.message.replaceChildren(p);
    if (alerte) this.refusTenu = true;
    // Le message est amené dans l'écran s'il déborde (rien ne bouge s'il est déjà visible ; le
    // focus reste sur le bouton) : toujours à côté du bouton, sous la fiche sur un téléphone.
    if (pres || matchMedia("(max-width: 44.9375em)").matches) {
      p.scrollIntoView({ block: "nearest" });
      this.sortieMontree = { p, jusqua: performance.now() + 2000 };
    }
  }

  // Les chances recalculées après un rendu (suivi/commun.js) changent la hauteur des cartes : le
  // message qui vient d'être amené dans l'écran y est ramené s'il en a glissé.
  garderSortieVisible() {
    const m = this.sortieMontree;
    if (m && m.p.isConnected && performance.now() < m.jusqua) m.p.scrollIntoView({ block: "nearest" });
  }

  // Une ancre de message, qu'une vue pose juste après le bouton d'une opération : le résultat de
  // cette opération (ou son refus) s'y écrit, là où est l'œil, au lieu de tomber sous la fiche.
  // Une clé : le nom de l'opération (« attaquer »), ou « nom:combattant » pour un bouton de carte.
  ancre(...cles) {
    const a = el("div", "jdr-ancre-sortie");
    a.dataset.cles = cles.join(" ");
    return a;
  }

  trouverAncre(cle) {
    return [...this.corps.querySelectorAll(".jdr-ancre-sortie")].find((a) => a.dataset.cles.split(" ").includes(cle));
  }

  // La sortie (un seul élément, gardé d'un rendu à l'autre) va dans l'ancre active, ou sous la
  // fiche. Rend vrai si elle est à côté d'un bouton.
  placerSortie() {
    const a = this.ancreActive === null ? null : this.trouverAncre(this.ancreActive);
    if (a) {
      if (this.message.parentElement !== a) a.append(this.message);
      return true;
    }
    // Sans ancre posée par la vue : juste après le bouton pressé (dans sa carte de jet, ou après sa
    // ligne d'actions), pour que le résultat tombe là où est l'œil.
    const b = this.boutonActif && [...this.corps.querySelectorAll("button")].find((x) => nomDeBouton(x) === this.boutonActif);
    if (b && b.offsetParent !== null) {
      const carte = b.closest("li");
      if (carte && this.corps.contains(carte)) {
        if (this.message.parentElement !== carte) carte.append(this.message);
      } else {
        const ligne = b.closest(".jdr-actions-fiche, .jdr-ligne") || b;
        if (ligne.nextElementSibling !== this.message) ligne.after(this.message);
      }
      return true;
    }
    if (this.message.previousElementSibling !== this.corps) this.corps.after(this.message);
    return false;
  }

  // Le prochain message (lecture, partage, import…) s'écrit sous la fiche, pas à côté d'un bouton.
  sortieSousLaFiche() {
    this.ancreActive = null;
    this.boutonActif = null;
  }

  // Les clés d'ancre d'une opération, la plus précise d'abord.
  static clesAncre(op) {
    return op.combattant !== undefined && op.combattant !== null ? [`${op.op}:${op.combattant}`, op.op] : [op.op];
  }

  pile(cle = this.cle) {
    if (!this.annulations.has(cle)) this.annulations.set(cle, []);
    return this.annulations.get(cle);
  }

  // Le bouton cliqué pour ce geste : désactivé jusqu'à la réponse (un double clic ne part
  // qu'une fois). Rend la fonction qui le réactive s'il est encore là (pas de nouveau rendu).
  prendreBouton() {
    const b = this.boutonDuClic;
    this.boutonDuClic = null;
    if (!b || b.disabled) return () => {};
    const avaitLeFocus = document.activeElement === b;
    if (avaitLeFocus) this.repriseFocus = b.textContent.replace(/ \(\d+\)$/, "");
    b.disabled = true;
    return () => {
      if (!b.isConnected) return;
      b.disabled = false;
      if (avaitLeFocus) b.focus();
    };
  }

  // --- lecture -------------------------------------------------------------------

  async charger(cle, { garder = false } = {}) {
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
      const ecrit = await sousVerrou(cle, () => {
        const fait = ecrire(cle, r.etat, null);
        if (fait.version) localStorage.removeItem(migree.cle);
        return fait;
      });
      if (ecrit.plein) return this.dire("La fiche d'avant se lit, mais le navigateur refuse de la ranger sous "
        + "sa nouvelle clé (stockage plein). Elle reste sous l'ancienne, intacte.", true);
      if (ecrit.perime) return this.charger(cle);
      this.version = ecrit.version;
    } else {
      this.version = version;
    }
    this.etat = r.etat;
    this.vue = r.vue;
    this.afficher({ garder });
  }

  // Python n'a pas démarré : la sauvegarde n'a pas pu être relue, elle n'est pas en cause.
  moteurAbsent(cle) {
    this.sortieSousLaFiche();
    this.corps.replaceChildren(el("p", "jdr-etat", "Fiche sauvegardée en attente du moteur de règles."),
      bouton("Réessayer", () => this.charger(cle)));
    this.placerSortie();
    this.dire(`${MOTEUR_ABSENT} (réseau coupé ou bloqué ?) : la fiche sauvegardée n'a pas pu être relue, `
      + "mais elle est intacte. Rien n'a été effacé ni remplacé ; réessayez ou rechargez la page.", true);
  }

  // Une sauvegarde illisible : ni chargée ni effacée d'office ; le lecteur peut la télécharger
  // telle quelle (pour la réparer ou la garder) ou la supprimer, ou créer une fiche à côté.
  illisible(raison) {
    const cle = this.cle;
    this.afficherCreation();
    if (cle !== null && localStorage.getItem(cle) !== null) {
      const nom = `fiche-illisible-${cle.replace(/[^a-z0-9-]+/g, "-")}.txt`;
      const outils = el("div", "jdr-actions-fiche jdr-fiche-illisible");
      outils.append(
        bouton("Télécharger la sauvegarde telle quelle",
          () => telecharger(localStorage.getItem(cle) || "", nom, "text/plain")),
        bouton("Supprimer la sauvegarde illisible", () => {
          const question = "Supprimer la sauvegarde illisible ? Son contenu sera perdu (téléchargez-la d'abord pour le garder).";
          if (!window.confirm(question)) return;
          this.file = this.file.then(async () => {
            await sousVerrou(cle, () => supprimer(cle));
            this.annulations.delete(cle);
            const reste = membres(this.bloc);
            if (reste.length) await this.charger(reste[0]);
            else { this.cle = null; this.afficherCreation(); }
            this.dire("La sauvegarde illisible a été supprimée.");
          });
        }));
      this.corps.prepend(outils);
    }
    this.dire(`La fiche sauvegardée est illisible (${raison.replace(SANS_FIN, "")}). Elle n'a pas été chargée `
      + "ni effacée : téléchargez-la telle quelle, supprimez-la, importez une fiche valide ou créez-en une "
      + "nouvelle, qui sera rangée à côté.", true);
  }

  // La fiche rangée (relue sous le verrou) remplace celle de la page, sans toucher à la saisie.
  async montrerRangee(cle, lue) {
    const r = await this.requete(lue.etat, { op: "lire" });
    if (r.erreur) return;
    this.annulations.delete(cle);
    Object.assign(this, { cle, version: lue.version, etat: r.etat, vue: r.vue });
    this.afficher({ garder: true });
  }

  // --- opérations -----------------------------------------------------------------

  operer(op) {
    // Une opération née d'une demande (nommer les blessures) ne part qu'une fois : un double
    // clic sur « Appliquer les dégâts », ou une demande remplacée depuis, ne fait rien de plus.
    if (op.jeton !== undefined) {
      if (op.jeton !== this.jetonDemande) return this.file;
      this.jetonDemande = null;
    }
    // Le bouton pressé, reconnu après le nouveau rendu par son nom : le résultat s'écrira à côté.
    const presse = this.boutonDuClic ? nomDeBouton(this.boutonDuClic) : null;
    const rendre = this.prendreBouton();
    // La clé de l'opération : posée ici, au geste du lecteur, elle la suit jusqu'à l'écriture.
    const avecCle = { ...op, cle: typeof op.cle === "string" && op.cle ? op.cle : nouvelleOperation() };
    // Les opérations passent l'une après l'autre : deux clics rapides ne partent jamais
    // du même état (sinon la seconde effacerait la première).
    this.file = this.file.then(async () => {
      this.opEnCours = Suivi.clesAncre(avecCle);
      this.boutonEnCours = presse;
      try {
        await this.moteurPret();
        await this.opererMaintenant(avecCle);
      } finally {
        this.opEnCours = null;
      }
    }).catch((e) => this.dire(String(e), true)).finally(rendre);
    return this.file;
  }

  async opererMaintenant(op) {
    const { jeton, cle: id, ...envoi } = op;
    if (envoi.op === "creer") {
      return this.creer(id, () => this.requete(null, envoi), (r) => r.message);
    }
    const cle = this.cle;
    if (cle === null) return;
    // Ce qui reste à faire une fois le verrou rendu (relire une autre fiche prend d'autres verrous).
    let suite = null;
    await sousVerrou(cle, async () => {
      if (operationFaite(cle, id)) {
        suite = async () => {
          if (versionDe(cle) !== this.version) await this.charger(cle, { garder: true });
          this.dire(DEJA_FAITE);
        };
        return;
      }
      for (let essai = 0; essai < ESSAIS_MAX; essai++) {
        const lue = relire(cle);
        const vue = this.vue;
        if (lue === null) {
          suite = async () => {
            await this.synchroniser();
            this.dire(phraseDe(vue, "refus_supprimee"), true);
          };
          return;
        }
        if (lue.illisible) return this.dire(phraseDe(vue, "refus_illisible", { raison: lue.illisible }), true);
        const ailleurs = lue.version !== this.version;
        if (ailleurs && (ABSOLUES.includes(envoi.op) || (this.vueModule.absolues || []).includes(envoi.op))) {
          await this.montrerRangee(cle, lue);
          return this.dire(phraseDe(vue, "refus_absolue"), true);
        }
        const r = await this.requete(lue.etat, envoi);
        if (r.erreur) {
          if (moteurEnPanne(r)) return this.dire(`${MOTEUR_ABSENT} : l'opération n'a pas été faite, la fiche est intacte.`, true);
          if (!ailleurs) return this.dire(r.erreur, true);
          await this.montrerRangee(cle, lue);
          return this.dire(phraseDe(vue, "refus_ne_tient_plus", { raison: r.erreur.replace(SANS_FIN, "") }), true);
        }
        if (r.demande) {
          if (ailleurs) await this.montrerRangee(cle, lue);
          this.jetonDemande = ++this.jetons;
          return this.vueModule.demande(this, { ...op, jeton: this.jetonDemande }, r.demande, r.message);
        }
        const ecrit = ecrire(cle, r.etat, lue.version, id);
        if (ecrit.perime) continue;  // sans verrou partagé : un autre onglet est passé, on recalcule
        if (ecrit.plein) return this.dire(PLEIN, true);
        this.prendre(cle, r, ecrit.version, { avant: lue.etat, ailleurs });
        if (r.message) {
          this.dire(ailleurs ? `${r.message}\n${phraseDe(vue, "fait_a_jour")}` : r.message);
        }
        if (r.graine !== undefined) {
          // Au journal, le titre dit qui et quoi avec les mots de la table : le nom de la fiche, puis
          // le bouton pressé tel qu'il se lit (« Mira — Tester : Athlétisme (Physique 4) »).
          const action = this.boutonEnCours || envoi.op.replaceAll("_", " ");
          annoncerJet(this.racine, { titre: `${(this.vue && this.vue.nom) || nomRange(cle)} — ${action}`, issue: r.message,
            graine: r.graine, ...jetDuLanceur(this.racine, r) });
        }
        return;
      }
      suite = async () => {
        await this.charger(cle, { garder: true });
        this.dire("Opération refusée : cette fiche change sans cesse dans un autre onglet. Voici sa dernière "
          + "version ; refaites l'opération si elle tient toujours.", true);
      };
    });
    if (suite) await suite();
  }

  // Une fiche de plus dans le groupe (création, import, copie) : sa clé se choisit sous le
  // verrou du bloc, pour que deux onglets qui créent au même instant ne prennent pas la même.
  async creer(id, calculer, message) {
    await this.moteurPret();
    await sousVerrou(this.bloc, async () => {
      if (operationFaite(this.bloc, id)) return this.dire(DEJA_FAITE);
      const r = await calculer();
      if (r.erreur) {
        return this.dire(moteurEnPanne(r) && !r.dit ? `${MOTEUR_ABSENT} : rien n'a été créé.` : r.erreur, true);
      }
      const cle = nouvelleCle(this.bloc);
      // La clé de l'opération notée sur le bloc d'abord : refusée (stockage plein), rien n'est créé.
      if (cle !== this.bloc) {
        try {
          noterOperation(this.bloc, id);
        } catch {
          return this.dire(PLEIN, true);
        }
      }
      const ecrit = ecrire(cle, r.etat, null, id);
      if (ecrit.plein) return this.dire(PLEIN, true);
      this.prendre(cle, r, ecrit.version, { annulable: false });
      const texte = message(r);
      if (texte) this.dire(texte);
    });
  }

  // Python d'abord, le verrou ensuite : un onglet qui télécharge encore son moteur ne garde pas la
  // fiche des autres onglets ; il dit qu'il attend.
  async moteurPret() {
    if (moteur.etat === "pret") return;
    this.dire(ATTENTE_MOTEUR);
    await moteur.pret();
  }

  // La réponse rangée devient la fiche de la page (mémoire et affichage).
  prendre(cle, r, version, { avant = null, ailleurs = false, annulable = true } = {}) {
    if (ailleurs) this.annulations.delete(cle);
    if (annulable && avant !== null) {
      const pile = this.pile(cle);
      pile.push(avant);
      if (pile.length > ANNULATIONS_MAX) pile.shift();
    }
    Object.assign(this, { cle, version, etat: r.etat, vue: r.vue });
    sessionStorage.setItem(this.cleActive, cle);
    this.afficher();
  }

  annuler() {
    const rendre = this.prendreBouton();
    this.file = this.file.then(async () => {
      await this.moteurPret();
      await this.annulerMaintenant();
    }).catch((e) => this.dire(String(e), true)).finally(rendre);
    return this.file;
  }

  async annulerMaintenant() {
    if (this.cle === null || this.etat === null) return;
    const cle = this.cle;
    const pile = this.pile();
    if (!pile.length) return this.dire("Rien à annuler pour cette fiche dans cet onglet.");
    let suite = null;
    await sousVerrou(cle, async () => {
      const lue = relire(cle);
      if (lue === null) {
        suite = () => this.synchroniser();
        return;
      }
      const vue = this.vue;
      // Annuler remet un état d'avant : sur une fiche changée ailleurs, il effacerait ce changement.
      if (lue.illisible || lue.version !== this.version) {
        this.annulations.delete(cle);
        if (!lue.illisible) await this.montrerRangee(cle, lue);
        return this.dire(phraseDe(vue, "annulation_refusee"), true);
      }
      const r = await this.requete(pile[pile.length - 1], { op: "lire" });
      if (r.erreur) return this.dire(r.erreur, true);
      const ecrit = ecrire(cle, r.etat, lue.version);
      if (ecrit.plein) return this.dire(PLEIN, true);
      if (ecrit.perime) {
        suite = () => this.synchroniser();
        return;
      }
      pile.pop();
      this.prendre(cle, r, ecrit.version, { annulable: false });
      this.dire("Dernière opération annulée.");
    });
    if (suite) await suite();
  }

  dupliquer() {
    const rendre = this.prendreBouton();
    const id = nouvelleOperation();
    const vueAvant = this.vue;
    const max = this.bornes.nom_max || 60;
    const nom = `${vueAvant.nom.slice(0, max - 8)} (copie)`;
    const etat = this.etat;
    this.file = this.file.then(() => this.creer(id,
      () => this.requete(etat, this.vueModule.renommable ? { op: "renommer", nom } : { op: "lire" }),
      (r) => phraseDe(vueAvant, "dupliquee", { copie: r.vue.nom })))
      .catch((e) => this.dire(String(e), true)).finally(rendre);
    return this.file;
  }

  effacer() {
    const cle = this.cle;
    const vue = this.vue;
    if (!window.confirm(phraseDe(vue, "confirmer_suppression"))) return;
    this.file = this.file.then(async () => {
      await sousVerrou(cle, () => supprimer(cle));
      this.annulations.delete(cle);
      this.dire(phraseDe(vue, "supprimee"));
      const reste = membres(this.bloc);
      if (reste.length) {
        await this.charger(reste[0]);
        return this.dire(phraseDe(vue, "supprimee"));
      }
      this.cle = null;
      this.afficherCreation();
    });
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
    this.annulations.delete(cle);
    if (version === null) {
      const vue = this.vue;
      const reste = membres(this.bloc);
      if (reste.length) await this.charger(reste[0], { garder: true });
      else { this.cle = null; this.afficherCreation(); }
      return this.dire(phraseDe(vue, "supprimee_ailleurs"));
    }
    await this.charger(cle, { garder: true });
    // La fiche relue dit la phrase : un genre changé ailleurs y est déjà.
    this.dire(phraseDe(this.vue, "modifiee_ailleurs"));
  }

  // Ce que le lecteur a tapé, choisi ou ouvert dans la fiche, pour le rendu suivant.
  saisie() {
    const champs = new Map();
    for (const [id, n] of identites(this.corps, "input, select, textarea")) {
      if (this.touches.has(n)) champs.set(id, n.type === "checkbox" ? n.checked : n.value);
    }
    const replis = new Map(identites(this.corps, "details").map(([id, n]) => [id, n.open]));
    const actif = document.activeElement;
    const focus = actif && this.corps.contains(actif) && actif.matches("input, select, textarea")
      ? identites(this.corps, "input, select, textarea").find(([, n]) => n === actif) : null;
    const selection = focus && typeof actif.selectionStart === "number" ? [actif.selectionStart, actif.selectionEnd] : null;
    // Une demande en cours (blessures à nommer) : l'élément lui-même, avec ce qui y est tapé.
    const demande = this.corps.querySelector(".jdr-fiche-demande");
    const ancre = demande && demande.previousElementSibling ? demande.previousElementSibling.className.split(" ")[0] : null;
    return { champs, replis, focus: focus ? focus[0] : null, selection, demande, ancre };
  }

  rendreSaisie(saisie) {
    this.restauration = true;
    try {
      if (saisie.demande && this.jetonDemande !== null) {
        const ancre = saisie.ancre && this.corps.querySelector(`.${CSS.escape(saisie.ancre)}`);
        if (ancre) ancre.after(saisie.demande);
      }
      for (const [id, n] of identites(this.corps, "details")) if (saisie.replis.has(id)) n.open = saisie.replis.get(id);
      for (const [id, n] of identites(this.corps, "input, select, textarea")) {
        if (!saisie.champs.has(id)) continue;
        const valeur = saisie.champs.get(id);
        if (n.type === "checkbox") n.checked = valeur;
        else if (n.tagName === "SELECT" && ![...n.options].some((o) => o.value === valeur)) continue;
        else n.value = valeur;
        this.touches.add(n);
        // Les champs qui en règlent d'autres (mode d'attaque → distance) suivent.
        n.dispatchEvent(new Event("change"));
      }
      const focus = saisie.focus && identites(this.corps, "input, select, textarea").find(([id]) => id === saisie.focus);
      if (focus) {
        focus[1].focus({ preventScroll: true });
        if (saisie.selection) try { focus[1].setSelectionRange(...saisie.selection); } catch { /* champ sans sélection */ }
      }
    } finally {
      this.restauration = false;
    }
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
    this.sortieSousLaFiche();
    this.corps.replaceChildren(creation);
    this.placerSortie();
    this.offrirPartage();
  }

  offrirPartage() {
    const fragment = this.partageRecu;
    this.partageRecu = null;
    if (fragment) this.recevoirPartage(fragment);
  }

  // garder : un rendu que le lecteur n'a pas demandé (autre onglet, refus) garde sa saisie.
  afficher({ garder = false } = {}) {
    // Le bouton qui avait le focus le retrouve après le nouveau rendu (sinon il tomberait sur
    // la page, et Ctrl+Z ne viserait plus la fiche) ; désactivé pendant l'opération, il a pu le perdre.
    const actif = document.activeElement;
    const sansCompte = (t) => t.replace(/ \(\d+\)$/, "");
    const reprise = this.repriseFocus
      ?? (actif && actif.tagName === "BUTTON" && this.corps.contains(actif) ? sansCompte(actif.textContent) : null);
    this.repriseFocus = null;
    const saisie = garder ? this.saisie() : null;
    this.majBarre(this.cle);
    const pile = this.pile();
    // La vue de jeu : ce qui sert à la table (annuler, imprimer) ; la vue d'édition : le reste.
    const jeu = el("section", "jdr-fiche-outils jdr-fiche-outils--jeu");
    jeu.dataset.vue = "jeu";
    const annuler = bouton(`Annuler la dernière opération (${pile.length})`, () => this.annuler(),
      { desactive: !pile.length, titre: "Ctrl+Z dans la fiche" });
    annuler.setAttribute("aria-keyshortcuts", "Control+Z");
    const actionsJeu = el("div", "jdr-actions-fiche");
    actionsJeu.append(annuler, bouton("Imprimer la fiche", () => this.imprimer()));
    jeu.append(actionsJeu, el("p", "jdr-note", `L'annulation reprend les ${ANNULATIONS_MAX} dernières opérations faites `
      + "dans cet onglet ; elle ne survit pas à un rechargement de la page."));
    const edition = el("section", "jdr-fiche-outils jdr-fiche-outils--edition");
    edition.dataset.vue = "edition";
    edition.append(el("h4", null, "Nom, fichier et partage"));
    if (this.vueModule.renommable) {
      const renommer = el("div", "jdr-ligne");
      const nom = texte(this.vue.nom, this.bornes.nom_max || 60);
      renommer.append(champ("Nouveau nom", nom), bouton("Renommer", () => this.operer({ op: "renommer", nom: nom.value })));
      edition.append(renommer);
    }
    const actionsEdition = el("div", "jdr-actions-fiche");
    // Dupliquer n'a de sens qu'avec un autre nom : seulement si le cœur du système sait renommer.
    if (this.vueModule.renommable) actionsEdition.append(bouton("Dupliquer", () => this.dupliquer()));
    actionsEdition.append(bouton("Enregistrer dans un fichier", () => this.exporter()),
      bouton("Partager par un lien", () => this.partager()));
    edition.append(actionsEdition, this.outilsImport(),
      bouton("Réinitialiser (supprimer cette fiche)", () => this.effacer()));
    // Une fiche de personnage (sa vue exporte `vues`) a ses deux onglets ; un suivi de combat montre tout.
    const avecVues = Boolean(this.vueModule.vues);
    if (avecVues) this.corps.dataset.mode = this.mode();
    else delete this.corps.dataset.mode;
    this.corps.replaceChildren(...(avecVues ? [this.choixDeVue()] : []), ...this.vueModule.fiche(this, this.vue), jeu,
      edition);
    this.placerSortie();
    this.offrirPartage();
    if (saisie) this.rendreSaisie(saisie);
    if (reprise !== null && !(saisie && saisie.focus)) {
      const meme = [...this.corps.querySelectorAll("button")].find((b) => sansCompte(b.textContent) === reprise);
      (meme && !meme.disabled ? meme : this.corps.querySelector(".jdr-fiche-outils button:not(:disabled)")).focus();
    }
  }

  // La vue montrée (« jeu » ou « edition »), gardée par onglet et par groupe de fiches.
  mode() {
    return sessionStorage.getItem(`jdr-fiche-vue:${this.bloc}`) === "edition" ? "edition" : "jeu";
  }

  // Les deux onglets de la fiche : « Jouer » (les jets, les jauges, les actions de la table) et
  // « Modifier » (création, compétences, nom, fichiers, partage). Un seul rendu : la feuille de
  // style cache la vue qui n'est pas choisie (data-vue), l'impression prend celle de jeu.
  choixDeVue() {
    const zone = el("div", "jdr-fiche-modes");
    zone.setAttribute("role", "group");
    zone.setAttribute("aria-label", "Vue de la fiche");
    for (const [mode, libelle] of [["jeu", "Jouer"], ["edition", "Modifier la fiche"]]) {
      const b = bouton(libelle, () => {
        sessionStorage.setItem(`jdr-fiche-vue:${this.bloc}`, mode);
        this.corps.dataset.mode = mode;
        for (const autre of zone.querySelectorAll("button")) autre.setAttribute("aria-pressed", String(autre === b));
      });
      b.dataset.mode = mode;
      b.setAttribute("aria-pressed", String(this.mode() === mode));
      zone.append(b);
    }
    return zone;
  }

  outilsImport() {
    const zone = el("details", "jdr-import");
    zone.append(el("summary", null, "Ouvrir un fichier"));
    const saisie = document.createElement("textarea");
    saisie.rows = 4;
    saisie.setAttribute("aria-label", "Ou collez ici le texte d'une fiche enregistrée");
    // Un fichier (celui qu'« Enregistrer dans un fichier » a téléchargé) : mesuré avant d'être lu.
    const fichier = Object.assign(document.createElement("input"), { type: "file", accept: ".json,application/json,text/plain" });
    fichier.addEventListener("change", async () => {
      const choisi = fichier.files && fichier.files[0];
      fichier.value = "";
      if (!choisi) return;
      if (choisi.size > TAILLE_MAX) {
        return this.dire(`Import refusé : le fichier « ${choisi.name} » fait ${Math.ceil(choisi.size / 1000)} ko, `
          + `${Math.floor(TAILLE_MAX / 1000)} ko au plus. Rien n'a changé.`, true);
      }
      this.importer(await choisi.text());
    });
    zone.append(champ("Fichier de la fiche", fichier), saisie, bouton("Ouvrir ce texte", () => this.importer(saisie.value)));
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
      return this.dire("Ouverture refusée : ce texte n'est pas une fiche enregistrée (il est illisible). Rien n'a changé.", true);
    }
    const rendre = this.prendreBouton();
    const id = nouvelleOperation();
    this.file = this.file.then(() => this.creer(id, async () => {
      const r = await this.requete(etat, { op: "lire" });
      if (!r.erreur) return r;
      return { erreur: moteurEnPanne(r) ? `${MOTEUR_ABSENT} : l'import attendra, rien n'a changé.`
        : `Import refusé : ${r.erreur.replace(SANS_FIN, "")}. Rien n'a changé.`, dit: true };
    }, (r) => phraseDe(r.vue, "importee"))).catch((e) => this.dire(String(e), true)).finally(rendre);
    return this.file;
  }

  // La fiche seule, sur une page A4 (jdr.css) : le reste de la page est caché le temps d'imprimer.
  imprimer() {
    const racine = document.documentElement;
    racine.classList.add("jdr-impression-fiche");
    this.racine.classList.add("jdr-fiche-imprimee");
    const fin = () => {
      racine.classList.remove("jdr-impression-fiche");
      this.racine.classList.remove("jdr-fiche-imprimee");
    };
    window.addEventListener("afterprint", fin, { once: true });
    window.print();
  }

  // Un lien qui porte cette fiche (dans le fragment de l'adresse : il ne passe par aucun serveur).
  async partager() {
    let fragment;
    try {
      fragment = await encoder(this.etat);
    } catch (e) {
      return this.dire(`Partage impossible : ${e instanceof LienIllisible ? e.message : "ce navigateur ne sait pas compresser la fiche"}.`, true);
    }
    const adresse = new URL(location.href);
    adresse.hash = fragment.slice(1);
    const champLien = Object.assign(document.createElement("input"), { type: "text", readOnly: true, value: adresse.href });
    champLien.setAttribute("aria-label", phraseDe(this.vue, "lien_partage"));
    const copier = bouton("Copier le lien", async () => {
      champLien.select();
      try {
        await navigator.clipboard.writeText(adresse.href);
        copier.textContent = "Lien copié";
      } catch {
        copier.textContent = "Sélectionné : copiez-le (Ctrl+C)";
      }
    });
    this.sortieSousLaFiche();
    this.placerSortie();
    this.message.replaceChildren(el("p", "jdr-message", phraseDe(this.vue, "partage")), champLien, copier);
  }

  // Un lien de partage ouvert sur cette page : la fiche est mesurée, relue par le cœur, et
  // n'entre au groupe (comme un fichier ouvert, sans rien remplacer) que si le lecteur le veut.
  // Seule la fiche de la page qui est du même suivi la propose ; sans elle, la première fiche le dit.
  async recevoirPartage(fragment) {
    const fiches = [...document.querySelectorAll(".jdr-fiche")];
    let etat;
    try {
      etat = await decoder(fragment);
    } catch (e) {
      if (fiches[0] !== this.racine) return;
      return this.dire(`Lien de partage refusé : ${e instanceof LienIllisible ? e.message : "il est illisible"}. Rien n'a changé.`, true);
    }
    const genre = etat && typeof etat === "object" ? etat.genre : undefined;
    const miens = (racine) => `${racine.dataset.systeme}.${racine.dataset.suivi}` === genre;
    if (!miens(this.racine)) {
      if (fiches[0] === this.racine && !fiches.some(miens)) {
        this.dire("Lien de partage refusé : il porte une fiche qui ne se range pas ici (autre système ou autre suivi). "
          + "Rien n'a changé.", true);
      }
      return;
    }
    const brut = JSON.stringify(etat);
    const refus = verifierJson(brut);
    if (refus) return this.dire(`Lien de partage refusé : ${refus}. Rien n'a changé.`, true);
    const r = await this.requete(etat, { op: "lire" });
    if (r.erreur) {
      return this.dire(moteurEnPanne(r) ? `${MOTEUR_ABSENT} : le lien de partage attendra, rien n'a changé.`
        : `Lien de partage refusé : ${r.erreur.replace(SANS_FIN, "")}. Rien n'a changé.`, true);
    }
    const oublier = () => history.replaceState(null, "", location.pathname + location.search);
    this.sortieSousLaFiche();
    this.placerSortie();
    const ajouter = bouton("Ajouter au groupe", async () => {
      oublier();
      await this.importer(brut);
    });
    const ignorer = bouton("Ignorer ce lien", () => {
      oublier();
      this.dire("Lien ignoré : rien n'a changé.");
    });
    this.message.replaceChildren(el("p", "jdr-message", `Ce lien apporte une fiche : ${r.vue.nom}. L'ajouter au groupe `
      + "de ce navigateur ? Aucune fiche déjà là n'est remplacée."), ajouter, ignorer);
    this.racine.scrollIntoView({ block: "nearest" });
  }

  // Un clic, un fichier : le téléchargement part aussitôt, et la page dit son nom.
  exporter() {
    const json = JSON.stringify(this.etat, null, 1);
    const nom = `fiche-${this.vue.nom.replace(/[\\/:*?"<>|\u0000-\u001f]+/g, "-").trim() || "sans-nom"}.json`;
    telecharger(json, nom, "application/json");
    this.dire(`Fiche enregistrée dans le fichier « ${nom} » (dossier des téléchargements). « Ouvrir un fichier » la `
      + "reprend, dans ce navigateur ou un autre.");
  }
}

export async function brancher(racine) {
  const sortie = racine.querySelector("output.jdr-sortie");
  try {
    const systeme = racine.dataset.systeme;
    if (!/^[a-z0-9]+$/.test(systeme || "")) throw new Error("système de la fiche illisible");
    const suivi = racine.dataset.suivi || "";
    if (!/^[a-z0-9]*$/.test(suivi)) throw new Error("suivi de la fiche illisible");
    // La vue d'un suivi qui n'est pas le premier de son système : suivi/<systeme>-<suivi>.js.
    const vue = await import(`./vues/${racine.dataset.second ? `${systeme}-${suivi}` : systeme}.js`);
    racine.jdrSuivi = new Suivi(racine, vue);
  } catch (erreurFiche) {
    sortie.textContent = typographier(`Suivi indisponible : ${erreurFiche.message}`);
  }
}
