// Méthodes de la fiche de suivi (Suivi, fiche.js) qui changent une fiche : une opération du
// lecteur, une fiche de plus dans le groupe (création, import, copie), la suppression.
//
// Deux onglets au même instant (stockage.js) : une opération se fait sous le verrou de sa fiche,
// partagé par tous les onglets du site. Dans le verrou, la fiche rangée est relue, l'opération
// calculée par le moteur sur elle, puis écrite ; l'autre onglet attend son tour et repart de ce
// résultat. Une opération faite sur une fiche qui avait changé ailleurs depuis son affichage ici :
//   - relative (encaisser, relancer, au suivant…) : elle s'applique à la fiche à jour, et le dit ;
//     si elle n'y tient plus (le moteur la refuse), elle est refusée avec sa raison ;
//   - absolue (annuler, renommer, modifier un combattant : des valeurs lues sur une page périmée)
//     : refusée, la fiche à jour est montrée, la saisie du lecteur gardée.
// Une intention, une opération : le bouton cliqué est désactivé jusqu'à la réponse, et
// l'opération porte une clé (stockage.js) ; rejouée, elle ne s'applique pas deux fois.
import { jetRejouable } from "../../commun/rejeu.js";
import { moteur } from "../../moteur/client.js";
import { annoncerJet } from "../journal/annonce.js";
import { ecrire, noterOperation, nouvelleOperation, operationFaite, sousVerrou, supprimer, versionDe } from "../stockage.js";
import { membres, nomRange, nouvelleCle } from "./cles.js";
import { ATTENTE_MOTEUR, DEJA_FAITE, MOTEUR_ABSENT, PLEIN, SANS_FIN, phraseDe } from "./phrases.js";
import { ESSAIS_MAX, moteurEnPanne, relire } from "./rangement.js";
import { clesAncre, nomDeBouton } from "./sortie.js";

// Les opérations qui posent des valeurs lues sur la page (et non un changement relatif) : sur
// une fiche changée ailleurs entre-temps, elles écraseraient ce changement, donc sont refusées.
// « renommer » ici ; celles d'un système, dans l'export `absolues` de sa vue.
const ABSOLUES = ["renommer"];

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

export const operations = {
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
  },

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
      this.sortie.opEnCours = clesAncre(avecCle);
      this.sortie.boutonEnCours = presse;
      try {
        await this.moteurPret();
        await this.opererMaintenant(avecCle);
      } finally {
        this.sortie.opEnCours = null;
      }
    }).catch((e) => this.dire(String(e), true)).finally(rendre);
    return this.file;
  },

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
          const action = this.sortie.boutonEnCours || envoi.op.replaceAll("_", " ");
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
  },

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
  },

  // Python d'abord, le verrou ensuite : un onglet qui télécharge encore son moteur ne garde pas la
  // fiche des autres onglets ; il dit qu'il attend.
  async moteurPret() {
    if (moteur.etat === "pret") return;
    this.dire(ATTENTE_MOTEUR);
    await moteur.pret();
  },

  // La réponse rangée devient la fiche de la page (mémoire et affichage).
  prendre(cle, r, version, { avant = null, ailleurs = false, annulable = true } = {}) {
    if (ailleurs) this.annulations.delete(cle);
    if (annulable && avant !== null) this.empiler(cle, avant);
    Object.assign(this, { cle, version, etat: r.etat, vue: r.vue });
    sessionStorage.setItem(this.cleActive, cle);
    this.afficher();
  },

  dupliquer() {
    const rendre = this.prendreBouton();
    const id = nouvelleOperation();
    const vueAvant = this.vue;
    // Le nom de la copie tient dans la borne du cœur (nom_max), sa marque comprise.
    const marque = " (copie)";
    const garde = this.bornes.nom_max ? this.bornes.nom_max - marque.length : vueAvant.nom.length;
    const nom = `${vueAvant.nom.slice(0, garde)}${marque}`;
    const etat = this.etat;
    this.file = this.file.then(() => this.creer(id,
      () => this.requete(etat, this.vueModule.renommable ? { op: "renommer", nom } : { op: "lire" }),
      (r) => phraseDe(vueAvant, "dupliquee", { copie: r.vue.nom })))
      .catch((e) => this.dire(String(e), true)).finally(rendre);
    return this.file;
  },

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
  },
};
