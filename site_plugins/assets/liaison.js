// Les lanceurs d'enCORE et les fiches de suivi se parlent. Le lanceur de dangers et celui de
// la réserve proposent de choisir un personnage rangé par le suivi (sur cet appareil) : son
// ton et son Stress règlent le formulaire, sa Santé et ses blessures s'affichent ; après un
// jet, « Appliquer à … » rejoue ce jet (même graine, mêmes réglages) dans le cœur, sur la
// vraie fiche (opérations « danger » et « reserve » de jdr_core.encore.suivi). Aucune règle ici :
// la page ne fait que lire la fiche, l'envoyer au moteur et ranger ce qu'il rend.
import { bouton, champ, el, liste } from "./dom.js";
import { moteur } from "./moteur.js";

// Mécanique du lanceur → opération du suivi qui applique son résultat à une fiche.
const OPERATIONS = { "encore-danger": "danger", "encore-reserve": "reserve" };
const SYSTEME = "encore";
const MOTIF = /^jdr-suivi:encore:[a-z0-9-]+(:p[a-z0-9]+)?$/;

function personnages(suivi) {
  const cles = [];
  for (let i = 0; i < localStorage.length; i++) {
    const cle = localStorage.key(i);
    if (cle && MOTIF.test(cle)) cles.push(cle);
  }
  return cles.sort().map((cle) => [cle, suivi.nomRange(cle)]);
}

function lireFiche(cle) {
  try {
    return JSON.parse(localStorage.getItem(cle));
  } catch {
    return null;
  }
}

function dire(zone, texte, alerte) {
  const p = el("p", alerte ? "jdr-erreur" : "jdr-message", texte);
  if (alerte) p.setAttribute("role", "alert");
  zone.replaceChildren(p);
}

function resume(vue) {
  const blessures = vue.blessures.length
    ? vue.blessures.map((b) => `${b.nom}${b.gene.length ? ` (−1d6 pour ${b.gene.join(", ")})` : ""}`).join(" ; ")
    : "aucune";
  return `${vue.nom} : Santé ${vue.sante}/${vue.sante_max} (${vue.palier}), Stress ${vue.stress}/${vue.stress_max}, `
    + `blessures : ${blessures}. Ajoutez aux dés de malus les blessures qui gênent cette action.`;
}

// Le personnage choisi règle le ton et le Stress du formulaire (les cotes se recalculent).
async function prendre(form, cle, zone) {
  if (!cle) return zone.replaceChildren();
  const r = await moteur.demander({ type: "suivi", systeme: SYSTEME, etat: lireFiche(cle), op: { op: "lire" } });
  if (r.erreur) return dire(zone, `Fiche indisponible : ${r.erreur}`, true);
  for (const [nom, valeur] of [["ton", r.vue.ton], ["stress", String(r.vue.stress)]]) {
    const entree = form.querySelector(`[name="${nom}"]`);
    if (entree) entree.value = valeur;
  }
  form.querySelector("input[name], select[name]").dispatchEvent(new Event("input", { bubbles: true }));
  dire(zone, resume(r.vue));
}

// Les réglages et la graine du jet affiché, relus dans son lien de rejeu.
function jetAffiche(form) {
  const lien = form.querySelector("output.jdr-sortie .jdr-pied a.jdr-lien");
  if (!lien) return null;
  const params = new URL(lien.href).searchParams;
  const parametres = {};
  for (const [nom, valeur] of params) if (nom !== "lanceur" && nom !== "graine") parametres[nom] = valeur;
  return { parametres, graine: params.get("graine") };
}

async function appliquer(form, suivi, cle, jet, bouton_, zone) {
  bouton_.disabled = true;  // un jet s'applique une fois : un double clic ne compte pas deux fois
  const etat = lireFiche(cle);
  const version = suivi.versionDe(cle);
  const op = { op: OPERATIONS[form.dataset.mecanique], parametres: jet.parametres, graine: jet.graine };
  const r = await moteur.demander({ type: "suivi", systeme: SYSTEME, etat, op });
  if (r.erreur) {
    bouton_.disabled = moteur.etat !== "echec";
    return dire(zone, moteur.etat === "echec"
      ? "Le moteur de règles n'a pas pu se charger : rien n'a été appliqué, la fiche est intacte."
      : `Rien n'a été appliqué : ${r.erreur}`, true);
  }
  const ecrit = suivi.ecrire(cle, r.etat, version);
  if (ecrit.perime) {
    bouton_.disabled = false;
    return dire(zone, "Rien n'a été appliqué : la fiche a changé entre-temps (dans un autre onglet). "
      + "Réessayez : le jet sera appliqué à la fiche à jour.", true);
  }
  if (ecrit.plein) {
    bouton_.disabled = false;
    return dire(zone, "Rien n'a été appliqué : le stockage de ce navigateur est plein ou refusé.", true);
  }
  dire(zone, `${r.message} Fiche mise à jour dans le suivi.`);
}

// Branché par lanceur.js sur chaque formulaire ; ne fait rien hors des lanceurs d'enCORE.
export function lier(form) {
  if (!OPERATIONS[form.dataset.mecanique] || form.querySelector(".jdr-liaison")) return;
  import("./suivi.js").then((suivi) => {
    const zone = el("div", "jdr-liaison");
    const choix = liste([["", "aucun : réglages à la main"], ...personnages(suivi)]);
    const infos = el("div", "jdr-liaison-fiche");
    infos.setAttribute("aria-live", "polite");
    zone.append(champ("Personnage du suivi", choix), infos);
    // En tête du formulaire : on choisit le personnage avant de régler le reste.
    const legende = form.querySelector("legend");
    if (legende) legende.after(zone);
    else form.querySelector("output.jdr-sortie").before(zone);
    // La liste se relit quand on s'en sert : un personnage créé dans un autre onglet y apparaît.
    choix.addEventListener("focus", () => {
      const garde = choix.value;
      choix.replaceChildren(...liste([["", "aucun : réglages à la main"], ...personnages(suivi)]).options);
      choix.value = garde;
    });
    // Après chaque jet, et quand on choisit un personnage : le bouton qui applique le jet affiché.
    const sortie = form.querySelector("output.jdr-sortie");
    const proposer = () => {
      const ancien = sortie.querySelector(".jdr-liaison-appliquer");
      if (ancien && ancien.dataset.cle === choix.value) return;
      if (ancien) ancien.remove();
      const jet = jetAffiche(form);
      if (!choix.value || !jet || !sortie.querySelector(".jdr-resultat")) return;
      const cle = choix.value;
      const b = bouton(`Appliquer à ${choix.selectedOptions[0].textContent}`,
        () => appliquer(form, suivi, cle, jet, b, infos));
      b.classList.add("jdr-liaison-appliquer");
      b.dataset.cle = cle;
      sortie.append(b);
    };
    choix.addEventListener("change", () => {
      prendre(form, choix.value, infos);
      proposer();
    });
    new MutationObserver(proposer).observe(sortie, { childList: true });
  });
}
