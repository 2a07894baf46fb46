// Les fiches de suivi : l'état vit dans localStorage, les règles dans Python (requête
// « suivi » du pont, qui nomme son système). Ce module ne connaît aucun système : la vue
// d'une fiche est le module suivi/<systeme>.js, chargé à la demande, qui exporte
//   creation(suivi) → élément du formulaire de création,
//   fiche(suivi, vue) → éléments de la fiche,
//   demande(suivi, op, demande, message) → ce que la fiche réclame avant d'appliquer une opération.
import { bouton, el } from "./dom.js";
import { auRepos, moteur } from "./moteur.js";

const PREFIXE = "jdr-suivi:";

class Suivi {
  constructor(racine, vue) {
    this.racine = racine;
    this.vueModule = vue;
    this.systeme = racine.dataset.systeme;
    this.cle = `${PREFIXE}${this.systeme}:${racine.dataset.fiche}`;
    this.corps = racine.querySelector(".jdr-fiche-corps");
    this.message = racine.querySelector("output.jdr-sortie");
    // Bornes, listes et anciennes clés déclarées dans jdr_core (rendues à la construction).
    const config = JSON.parse(racine.querySelector("script.jdr-fiche-config").textContent);
    this.bornes = config.bornes;
    this.anciennesCles = config.anciennes_cles;
    this.etat = null;
    this.vue = null;
    racine.querySelector(".jdr-fiche-statique").hidden = true;
    this.corps.hidden = false;
    if (this.sauvegarde() === null) {
      this.afficherCreation();
    } else {
      // Une fiche sauvegardée se relit par Python : on attend que la page soit au repos.
      this.corps.replaceChildren(el("p", "jdr-etat", "Lecture de la fiche sauvegardée…"));
      auRepos(() => this.charger());
    }
  }

  // La sauvegarde sous la clé actuelle, sinon sous une ancienne clé (format d'avant).
  sauvegarde() {
    const brut = localStorage.getItem(this.cle);
    if (brut !== null) return { brut, cle: this.cle };
    for (const cle of this.anciennesCles) {
      const ancien = localStorage.getItem(cle);
      if (ancien !== null) return { brut: ancien, cle };
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
  }

  async charger() {
    const trouvee = this.sauvegarde();
    if (trouvee === null) return this.afficherCreation();
    let etat;
    try {
      etat = JSON.parse(trouvee.brut);
    } catch {
      return this.illisible("ce n'est pas du JSON valide");
    }
    const r = await this.requete(etat, { op: "lire" });
    if (r.erreur) return this.illisible(r.erreur);
    this.appliquer(r);
    // Migrée : la fiche vit désormais sous la nouvelle clé, l'ancienne est retirée.
    if (trouvee.cle !== this.cle) localStorage.removeItem(trouvee.cle);
  }

  illisible(raison) {
    this.afficherCreation();
    this.dire(`La fiche sauvegardée est illisible (${raison}). Elle n'a pas été chargée ni effacée : `
      + "importez une fiche valide ou créez-en une nouvelle (l'ancienne sera alors remplacée).", true);
  }

  operer(op) {
    // Les opérations passent l'une après l'autre : deux clics rapides ne partent jamais
    // du même état (sinon la seconde effacerait la première).
    this.file = (this.file || Promise.resolve()).then(() => this.opererMaintenant(op));
    return this.file;
  }

  async opererMaintenant(op) {
    const r = await this.requete(this.etat, op);
    if (r.erreur) return this.dire(r.erreur, true);
    if (r.demande) return this.vueModule.demande(this, op, r.demande, r.message);
    this.appliquer(r);
  }

  appliquer(r) {
    this.etat = r.etat;
    this.vue = r.vue;
    localStorage.setItem(this.cle, JSON.stringify(r.etat));
    this.afficher();
    if (r.message) this.dire(r.message);
  }

  afficherCreation() {
    const creation = this.vueModule.creation(this);
    creation.append(this.outilsImport());
    this.corps.replaceChildren(creation);
  }

  afficher() {
    const outils = el("section", "jdr-fiche-outils");
    outils.append(bouton("Exporter (JSON)", () => this.exporter()), this.outilsImport(),
      bouton("Réinitialiser", () => this.reinitialiser()));
    this.corps.replaceChildren(...this.vueModule.fiche(this, this.vue), outils);
  }

  outilsImport() {
    const zone = el("details", "jdr-import");
    zone.append(el("summary", null, "Importer une fiche (JSON)"));
    const texte = document.createElement("textarea");
    texte.rows = 4;
    texte.setAttribute("aria-label", "Fiche au format JSON");
    zone.append(texte, bouton("Importer", async () => {
      let etat;
      try {
        etat = JSON.parse(texte.value);
      } catch {
        return this.dire("Import refusé : ce n'est pas du JSON valide. Rien n'a changé.", true);
      }
      const r = await this.requete(etat, { op: "lire" });
      if (r.erreur) return this.dire(`Import refusé : ${r.erreur}. Rien n'a changé.`, true);
      this.appliquer({ ...r, message: "Fiche importée." });
    }));
    return zone;
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

  reinitialiser() {
    if (!window.confirm("Effacer cette fiche et repartir de zéro ?")) return;
    localStorage.removeItem(this.cle);
    this.etat = null;
    this.vue = null;
    this.afficherCreation();
    this.dire("Fiche effacée.");
  }
}

export async function brancher(racine) {
  const sortie = racine.querySelector("output.jdr-sortie");
  try {
    const systeme = racine.dataset.systeme;
    if (!/^[a-z0-9]+$/.test(systeme || "")) throw new Error("système de la fiche illisible");
    const vue = await import(`./suivi/${systeme}.js`);
    new Suivi(racine, vue);
  } catch (erreurFiche) {
    sortie.textContent = `Suivi indisponible : ${erreurFiche.message}`;
  }
}
