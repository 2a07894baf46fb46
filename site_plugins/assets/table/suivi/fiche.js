// Les fiches de suivi : l'état vit dans localStorage, les règles dans Python (requête
// « suivi » du pont, qui nomme son système). Ce module ne connaît aucun système : la vue
// d'une fiche est le module vues/<systeme>.js, chargé à la demande, qui exporte
//   creation(suivi) → élément du formulaire de création,
//   fiche(suivi, vue) → éléments de la fiche,
//   demande(suivi, op, demande, message) → ce que la fiche réclame avant d'appliquer une opération,
//   renommable (facultatif) → vrai si le cœur du système connaît l'opération « renommer »,
//   vues (facultatif) → vrai pour une fiche de personnage : deux onglets, Jouer et Modifier la fiche,
//   absolues (facultatif) → les opérations qui posent des valeurs lues sur la page (voir operations.js).
// Une vue pose `suivi.ancre("attaquer")` juste après un bouton : le message de cette opération
// s'écrit là, à côté du bouton, plutôt que sous la fiche (la même sortie, annoncée, déplacée).
//
// Un bloc tient un groupe de fiches (un groupe de personnages, plusieurs combats), chacune sous sa
// clé (cles.js). La classe Suivi ne tient que l'état du widget ; ses méthodes sont rangées par
// sujet, chacune dans son module : lecture.js (lire la fiche rangée, deux onglets), operations.js
// (changer une fiche, sous verrou), annulation.js, fichiers.js (enregistrer, ouvrir), partager.js
// (le lien de partage), rendu.js (dessiner la fiche) ; sortie.js place le message, saisie.js garde
// ce que le lecteur a tapé, rangement.js lit et écrit une fiche sous son verrou, phrases.js dit.
//
// Deux onglets au même instant, et une intention qui ne fait qu'une opération : voir operations.js.
import { el } from "../../commun/dom.js";
import { typographier } from "../../commun/francais.js";
import { moteur } from "../../moteur/client.js";
import { PREFIXE as PREFIXE_PARTAGE } from "../partage.js";
import { annulation } from "./annulation.js";
import { cleActive, cleDuBloc, espace } from "./cles.js";
import { fichiers } from "./fichiers.js";
import { lecture } from "./lecture.js";
import { operations } from "./operations.js";
import { lienDePartage } from "./partager.js";
import { rendu } from "./rendu.js";
import { Saisies } from "./saisie.js";
import { Sortie } from "./sortie.js";

class Suivi {
  constructor(racine, vue) {
    this.racine = racine;
    this.vueModule = vue;
    this.systeme = racine.dataset.systeme;
    // Le suivi montré ; celui qui n'est pas le premier de son système range ses fiches à part
    // (jdr-suivi:<systeme>:<suivi>:<id>), pour que la fiche D10 ne se mêle pas aux combats.
    this.suiviNom = racine.dataset.suivi || "";
    const espaceDesCles = espace(this.systeme, this.suiviNom, Boolean(racine.dataset.second));
    this.bloc = cleDuBloc(espaceDesCles, racine.dataset.fiche);
    this.cleActive = cleActive(espaceDesCles, racine.dataset.fiche);
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
    // Le bouton du clic en cours (désactivé jusqu'à la réponse), et celui qui retrouvera le focus.
    this.boutonDuClic = null;
    this.repriseFocus = null;
    // Ce que le lecteur a tapé ou choisi (saisie.js), et où s'écrit le message (sortie.js).
    this.saisies = new Saisies(this.corps);
    this.sortie = new Sortie(this.corps, this.message);
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
        this.sortie.refusTenu = false;
        this.annuler();
      }
    });
    racine.addEventListener("click", (e) => {
      const b = e.target instanceof Element ? e.target.closest("button") : null;
      if (!b) return;
      this.sortie.refusTenu = false;
      if (!this.corps.contains(b)) return;
      // Lu par operer() pendant ce même clic, oublié ensuite.
      this.boutonDuClic = b;
      setTimeout(() => {
        if (this.boutonDuClic === b) this.boutonDuClic = null;
      });
    }, true);
    const toucher = (e) => {
      if (this.saisies.noter(e) && e.type === "change") this.sortie.refusTenu = false;
    };
    racine.addEventListener("input", toucher, true);
    racine.addEventListener("change", toucher, true);
    this.demarrer();
  }

  requete(etat, op) {
    return moteur.demander({ type: "suivi", systeme: this.systeme, suivi: this.suiviNom, etat, op });
  }

  // Ce que les vues appellent pour écrire (sortie.js) : un message, une ancre.
  dire(texte, alerte) {
    this.sortie.dire(texte, alerte);
  }

  ancre(...cles) {
    return this.sortie.ancre(...cles);
  }
}

// Les méthodes rangées par sujet (voir l'en-tête) : une seule classe, une seule fiche à l'écran.
Object.assign(Suivi.prototype, lecture, operations, annulation, fichiers, lienDePartage, rendu);

export async function brancher(racine) {
  const sortie = racine.querySelector("output.jdr-sortie");
  try {
    const systeme = racine.dataset.systeme;
    if (!/^[a-z0-9]+$/.test(systeme || "")) throw new Error("système de la fiche illisible");
    const suivi = racine.dataset.suivi || "";
    if (!/^[a-z0-9]*$/.test(suivi)) throw new Error("suivi de la fiche illisible");
    // La vue d'un suivi qui n'est pas le premier de son système : vues/<systeme>-<suivi>.js.
    const vue = await import(`./vues/${racine.dataset.second ? `${systeme}-${suivi}` : systeme}.js`);
    racine.jdrSuivi = new Suivi(racine, vue);
  } catch (erreurFiche) {
    sortie.textContent = typographier(`Suivi indisponible : ${erreurFiche.message}`);
  }
}
