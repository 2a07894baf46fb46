// Méthodes de la fiche de suivi (Suivi, fiche.js) qui lisent la fiche rangée : la première
// ouverture, la relecture par le cœur (migration d'une ancienne clé comprise), une sauvegarde
// illisible ou un moteur absent, et ce qu'un autre onglet a changé (évènement « storage »).
import { bouton, el, telecharger } from "../../commun/dom.js";
import { auRepos } from "../../moteur/client.js";
import { PREFIXE as PREFIXE_PARTAGE } from "../partage.js";
import { SUFFIXE_VERSION, ecrire, sousVerrou, supprimer, versionDe } from "../stockage.js";
import { membres } from "./cles.js";
import { MOTEUR_ABSENT, SANS_FIN, phraseDe } from "./phrases.js";
import { moteurEnPanne, verifierJson } from "./rangement.js";

export const lecture = {
  demarrer() {
    // Un lien de partage : proposé une fois la fiche affichée (son message ne doit pas être effacé).
    if (location.hash.startsWith(PREFIXE_PARTAGE)) this.partageRecu = location.hash;
    const presents = membres(this.bloc);
    const voulue = sessionStorage.getItem(this.cleActive);
    const cle = presents.includes(voulue) ? voulue : presents[0] || (this.ancienne() ? this.bloc : null);
    if (cle === null) return this.afficherCreation();
    // Une fiche sauvegardée se relit par Python : on attend que la page soit au repos.
    this.majBarre(cle);
    this.sortie.sousLaFiche();
    this.corps.replaceChildren(el("p", "jdr-etat", "Lecture de la fiche sauvegardée…"));
    this.sortie.placer();
    auRepos(() => this.charger(cle));
  },

  // Une sauvegarde sous une ancienne clé (format d'avant), seulement si la clé du bloc est libre.
  ancienne() {
    if (localStorage.getItem(this.bloc) !== null) return null;
    for (const cle of this.anciennesCles) {
      const brut = localStorage.getItem(cle);
      if (brut !== null) return { brut, cle };
    }
    return null;
  },

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
  },

  // Python n'a pas démarré : la sauvegarde n'a pas pu être relue, elle n'est pas en cause.
  moteurAbsent(cle) {
    this.sortie.sousLaFiche();
    this.corps.replaceChildren(el("p", "jdr-etat", "Fiche sauvegardée en attente du moteur de règles."),
      bouton("Réessayer", () => this.charger(cle)));
    this.sortie.placer();
    this.dire(`${MOTEUR_ABSENT} (réseau coupé ou bloqué ?) : la fiche sauvegardée n'a pas pu être relue, `
      + "mais elle est intacte. Rien n'a été effacé ni remplacé ; réessayez ou rechargez la page.", true);
  },

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
  },

  // La fiche rangée (relue sous le verrou) remplace celle de la page, sans toucher à la saisie.
  async montrerRangee(cle, lue) {
    const r = await this.requete(lue.etat, { op: "lire" });
    if (r.erreur) return;
    this.annulations.delete(cle);
    Object.assign(this, { cle, version: lue.version, etat: r.etat, vue: r.vue });
    this.afficher({ garder: true });
  },

  quandStockageChange(e) {
    if (e.storageArea !== localStorage) return;
    if (e.key !== null && !e.key.startsWith(this.bloc)) return;
    const cle = e.key && e.key.endsWith(SUFFIXE_VERSION) ? e.key.slice(0, -SUFFIXE_VERSION.length) : e.key;
    if (cle !== null && cle !== this.cle) return this.majBarre(this.cle);
    // La fiche affichée a changé ailleurs : on la relit (après l'opération en cours, s'il y en a une).
    this.file = this.file.then(() => this.synchroniser());
  },

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
  },
};
