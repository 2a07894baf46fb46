// Méthodes de la fiche de suivi (Suivi, fiche.js) pour le partage par un lien : le lien qui porte la
// fiche (partage.js l'encode dans le fragment de l'adresse, qui ne passe par aucun serveur), et un
// lien reçu, proposé une fois la fiche affichée, qui n'entre au groupe que si le lecteur le veut.
import { bouton, el } from "../../commun/dom.js";
import { LienIllisible, decoder, encoder } from "../partage.js";
import { MOTEUR_ABSENT, SANS_FIN, phraseDe } from "./phrases.js";
import { moteurEnPanne, verifierJson } from "./rangement.js";

export const lienDePartage = {
  offrirPartage() {
    const fragment = this.partageRecu;
    this.partageRecu = null;
    if (fragment) this.recevoirPartage(fragment);
  },

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
    this.sortie.sousLaFiche();
    this.sortie.placer();
    this.message.replaceChildren(el("p", "jdr-message", phraseDe(this.vue, "partage")), champLien, copier);
  },

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
    this.sortie.sousLaFiche();
    this.sortie.placer();
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
  },
};
