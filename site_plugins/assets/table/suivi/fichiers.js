// Méthodes de la fiche de suivi (Suivi, fiche.js) pour les fichiers : « Enregistrer dans un fichier »
// (le JSON de la fiche, téléchargé d'un clic) et « Ouvrir un fichier » (un fichier ou un texte collé,
// mesuré avant d'être lu, relu par le cœur, puis ajouté au groupe sans rien remplacer).
import { bouton, champ, el, telecharger } from "../../commun/dom.js";
import { TAILLE_MAX } from "../../moteur/requete.js";
import { nouvelleOperation } from "../stockage.js";
import { MOTEUR_ABSENT, SANS_FIN, phraseDe } from "./phrases.js";
import { moteurEnPanne, verifierJson } from "./rangement.js";

export const fichiers = {
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
  },

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
  },

  // Un clic, un fichier : le téléchargement part aussitôt, et la page dit son nom.
  exporter() {
    const json = JSON.stringify(this.etat, null, 1);
    const nom = `fiche-${this.vue.nom.replace(/[\\/:*?"<>|\u0000-\u001f]+/g, "-").trim() || "sans-nom"}.json`;
    telecharger(json, nom, "application/json");
    this.dire(`Fiche enregistrée dans le fichier « ${nom} » (dossier des téléchargements). « Ouvrir un fichier » la `
      + "reprend, dans ce navigateur ou un autre.");
  },
};
