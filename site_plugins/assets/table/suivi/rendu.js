// Méthodes de la fiche de suivi (Suivi, fiche.js) qui la dessinent : la barre du groupe, le
// formulaire de création, la fiche (la vue de son système, puis les outils de jeu et d'édition),
// les deux onglets d'une fiche de personnage (Jouer, Modifier la fiche) et l'impression.
import { bouton, champ, el, liste, texte } from "../../commun/dom.js";
import { quantite } from "../../commun/francais.js";
import { ANNULATIONS_MAX } from "./annulation.js";
import { cleDuMode, membres, nomRange } from "./cles.js";

export const rendu = {
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
  },

  afficherCreation() {
    this.majBarre(null);
    const creation = this.vueModule.creation(this);
    creation.append(this.outilsImport());
    this.sortie.sousLaFiche();
    this.corps.replaceChildren(creation);
    this.sortie.placer();
    this.offrirPartage();
  },

  // garder : un rendu que le lecteur n'a pas demandé (autre onglet, refus) garde sa saisie.
  afficher({ garder = false } = {}) {
    // Le bouton qui avait le focus le retrouve après le nouveau rendu (sinon il tomberait sur
    // la page, et Ctrl+Z ne viserait plus la fiche) ; désactivé pendant l'opération, il a pu le perdre.
    const actif = document.activeElement;
    const sansCompte = (t) => t.replace(/ \(\d+\)$/, "");
    const reprise = this.repriseFocus
      ?? (actif && actif.tagName === "BUTTON" && this.corps.contains(actif) ? sansCompte(actif.textContent) : null);
    this.repriseFocus = null;
    const saisie = garder ? this.saisies.lire() : null;
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
      const nom = texte(this.vue.nom, this.bornes.nom_max);
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
    this.sortie.placer();
    this.offrirPartage();
    if (saisie) this.saisies.rendre(saisie, this.jetonDemande !== null);
    if (reprise !== null && !(saisie && saisie.focus)) {
      const meme = [...this.corps.querySelectorAll("button")].find((b) => sansCompte(b.textContent) === reprise);
      (meme && !meme.disabled ? meme : this.corps.querySelector(".jdr-fiche-outils button:not(:disabled)")).focus();
    }
  },

  // La vue montrée (« jeu » ou « edition »), gardée par onglet et par groupe de fiches.
  mode() {
    return sessionStorage.getItem(cleDuMode(this.bloc)) === "edition" ? "edition" : "jeu";
  },

  // Les deux onglets de la fiche : « Jouer » (les jets, les jauges, les actions de la table) et
  // « Modifier » (création, compétences, nom, fichiers, partage). Un seul rendu : la feuille de
  // style cache la vue qui n'est pas choisie (data-vue), l'impression prend celle de jeu.
  choixDeVue() {
    const zone = el("div", "jdr-fiche-modes");
    zone.setAttribute("role", "group");
    zone.setAttribute("aria-label", "Vue de la fiche");
    for (const [mode, libelle] of [["jeu", "Jouer"], ["edition", "Modifier la fiche"]]) {
      const b = bouton(libelle, () => {
        sessionStorage.setItem(cleDuMode(this.bloc), mode);
        this.corps.dataset.mode = mode;
        for (const autre of zone.querySelectorAll("button")) autre.setAttribute("aria-pressed", String(autre === b));
      });
      b.dataset.mode = mode;
      b.setAttribute("aria-pressed", String(this.mode() === mode));
      zone.append(b);
    }
    return zone;
  },

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
  },
};
