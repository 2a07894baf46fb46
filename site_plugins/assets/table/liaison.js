// Les lanceurs et les fiches de suivi se parlent. Un lanceur dont la mécanique déclare une
// « operation_suivi » (dans le cœur ; le bloc la pose en data-operation-suivi, avec
// data-systeme) propose de choisir un personnage rangé par le suivi de son système (sur cet
// appareil) : la fiche règle le formulaire et se résume en une phrase ; après un jet,
// « Appliquer à … » rejoue ce jet (même graine, mêmes réglages) dans le cœur, sur la vraie
// fiche. Aucune règle ici, et aucun système nommé : la page lit la fiche, l'envoie au moteur
// et range ce qu'il rend. Le jet appliqué entre au journal comme un jet de suivi, avec un lien
// qui le rejoue dans ce lanceur réglé comme le cœur l'a lu sur la fiche (ton, Stress).
import { bouton, champ, el, liste } from "../commun/dom.js";
import { jetRejouable } from "../commun/rejeu.js";
import { annoncerJet } from "./journal/annonce.js";
import { moteur } from "../moteur/client.js";

// Ce qu'il faut du suivi (ses clés, une opération faite sur une fiche rangée, sous son verrou) : chargé
// seulement quand un lanceur se relie à une fiche, jamais annoncé avec les lanceurs, une fois pour
// toute la page. S'il ne vient pas (réseau coupé avant que le service worker garde ces modules), les
// lanceurs marchent sans le choix du personnage jusqu'au rechargement de la page (un navigateur garde
// l'échec d'un module pour toute la page : le redemander ne servirait à rien).
let suiviCharge = null;
function chargerSuivi() {
  suiviCharge = suiviCharge || Promise.all([import("./suivi/cles.js"), import("./suivi/rangement.js"), import("./stockage.js")])
    .then(([cles, rangement, { nouvelleOperation }]) => ({ ...cles, ...rangement, nouvelleOperation }));
  return suiviCharge;
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

// Le personnage choisi règle le formulaire (les cotes se recalculent) : le cœur dit quels champs.
async function prendre(form, cle, zone) {
  if (!cle) return zone.replaceChildren();
  const systeme = form.dataset.systeme;
  const r = await moteur.demander({ type: "suivi", systeme, etat: lireFiche(cle), op: { op: "lire" } });
  if (r.erreur) return dire(zone, `Fiche indisponible : ${r.erreur}`, true);
  const lien = r.pour_lanceur || { reglages: {}, resume: "" };
  for (const [nom, valeur] of Object.entries(lien.reglages)) {
    const entree = form.querySelector(`[name="${CSS.escape(nom)}"]`);
    if (entree) entree.value = String(valeur);
  }
  form.querySelector("input[name], select[name]").dispatchEvent(new Event("input", { bubbles: true }));
  dire(zone, lien.resume);
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
  // La clé de l'opération est celle du bouton (un par jet affiché) : même rejouée, même depuis un
  // autre onglet, elle ne s'applique qu'une fois. La fiche est relue sous son verrou (suivi/rangement.js).
  if (!bouton_.dataset.operation) bouton_.dataset.operation = suivi.nouvelleOperation();
  const op = { op: form.dataset.operationSuivi, parametres: jet.parametres, graine: jet.graine };
  const r = await suivi.operationRangee(form.dataset.systeme, cle, op, bouton_.dataset.operation);
  if (r.deja) return dire(zone, "Ce jet a déjà été appliqué à cette fiche : il ne compte qu'une fois.");
  if (r.erreur || r.disparue || r.illisible || r.plein || r.perime) {
    bouton_.disabled = moteur.etat === "echec" || Boolean(r.disparue);
    let raison = r.erreur;
    if (moteur.etat === "echec") raison = null;
    else if (r.disparue) raison = "cette fiche n'existe plus (supprimée dans un autre onglet ?)";
    else if (r.illisible) raison = `la fiche rangée est illisible (${r.illisible})`;
    else if (r.plein) raison = "le stockage de ce navigateur est plein ou refusé";
    else if (r.perime) raison = "la fiche change sans cesse dans un autre onglet ; réessayez";
    return dire(zone, raison === null
      ? "Le moteur de règles n'a pas pu se charger : rien n'a été appliqué, la fiche est intacte."
      : `Rien n'a été appliqué : ${raison}`, true);
  }
  suivi.signalerIci(cle);
  dire(zone, `${r.message} Fiche mise à jour dans le suivi.`);
  const note = { titre: `Suivi : ${form.dataset.operationSuivi}, appliqué à ${suivi.nomRange(cle)}`, issue: r.message, graine: r.graine };
  if (r.rejeu && r.rejeu.mecanique === form.dataset.mecanique) {
    const ici = new URL(window.location.href);
    ici.hash = form.id;
    Object.assign(note, jetRejouable(ici, r));
  }
  annoncerJet(zone, note);
}

// L'état rangé du personnage choisi à côté du lanceur (null : aucun) : lanceur.js l'envoie avec le
// jet, et le cœur nomme ce personnage dans la phrase du résultat (Mecanique.nommer).
export function ficheChoisie(form) {
  const choix = form.querySelector(".jdr-liaison select");
  return choix && choix.value ? lireFiche(choix.value) : null;
}

// Branché par lanceur.js sur chaque formulaire ; ne fait rien si sa mécanique ne se relie à aucune fiche.
export function lier(form) {
  if (!form.dataset.operationSuivi || !form.dataset.systeme || form.querySelector(".jdr-liaison")) return;
  chargerSuivi().then((suivi) => {
    if (form.querySelector(".jdr-liaison")) return;  // branché deux fois avant l'arrivée du suivi
    const zone = el("div", "jdr-liaison");
    const choix = liste([["", "aucun : réglages à la main"], ...suivi.fichesDuSysteme(form.dataset.systeme)]);
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
      choix.replaceChildren(...liste([["", "aucun : réglages à la main"], ...suivi.fichesDuSysteme(form.dataset.systeme)]).options);
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
  }, () => {});  // sans le suivi : le lanceur seul (plus haut)
}
