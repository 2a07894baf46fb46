// Méthodes de la fiche de suivi (Suivi, fiche.js) pour annuler : par fiche, les états d'avant les
// dernières opérations de cet onglet, gardés en mémoire (une annulation ne survit pas à un
// rechargement). Annuler remet un état d'avant : refusé si la fiche a changé ailleurs entre-temps.
import { ecrire, sousVerrou } from "../stockage.js";
import { PLEIN, phraseDe } from "./phrases.js";
import { relire } from "./rangement.js";

export const ANNULATIONS_MAX = 20;

export const annulation = {
  pile(cle = this.cle) {
    if (!this.annulations.has(cle)) this.annulations.set(cle, []);
    return this.annulations.get(cle);
  },

  // L'état d'avant une opération, repris par la prochaine annulation ; les plus anciens partent.
  empiler(cle, avant) {
    const pile = this.pile(cle);
    pile.push(avant);
    if (pile.length > ANNULATIONS_MAX) pile.shift();
  },

  annuler() {
    const rendre = this.prendreBouton();
    this.file = this.file.then(async () => {
      await this.moteurPret();
      await this.annulerMaintenant();
    }).catch((e) => this.dire(String(e), true)).finally(rendre);
    return this.file;
  },

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
  },
};
