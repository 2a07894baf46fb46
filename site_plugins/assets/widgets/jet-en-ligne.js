// Les jets écrits dans le texte ({{jet …}}, site_plugins/jets.py) : un bouton au milieu d'une
// phrase. La construction a tout rendu (la prose du bouton, l'infobulle des cotes exactes) ; ce
// module lance le jet au clic par la requête « lancer » du pont, comme un lanceur, montre ses dés
// et sa phrase sous le texte, et le note au journal avec un lien qui le rejoue dans le lanceur de
// sa mécanique. Aucune règle ici : les paramètres viennent de la page, le résultat du cœur.
import { el, erreur } from "../commun/dom.js";
import { adresseDeRejeu, piedDeRejeu } from "../commun/rejeu.js";
import { annoncerJet } from "../table/journal/annonce.js";
import { MESSAGES, moteur } from "../moteur/client.js";

// Ce que dit chaque rôle de dé (infobulle et lecteur d'écran), comme dans un lanceur. Un jet aux
// dés cachés n'entre pas dans le texte (refusé à la construction).
const ROLES = { succes: "succès", echec: "pas de succès", ecarte: "relancé", somme: "additionné", double: "double" };

function de(d) {
  const role = ROLES[d.role] ? d.role : "echec";
  const span = el("span", `jdr-de jdr-de--${role}`, String(d.face));
  span.dataset.face = String(d.face);
  span.setAttribute("aria-label", `dé ${d.face}, ${ROLES[role]}`);
  span.title = ROLES[role];
  return span;
}

function resultat(reponse, lien) {
  const bloc = el("span", `jdr-resultat jdr-resultat--${reponse.issue}`);
  for (const g of reponse.groupes) {
    const ligne = el("span", "jdr-groupe");
    const des = el("span", "jdr-des");
    for (const d of g.des) des.append(de(d));
    ligne.append(el("span", "jdr-groupe-titre", `${g.titre} :`), des);
    bloc.append(ligne);
  }
  bloc.append(el("span", "jdr-phrase", reponse.phrase));
  for (const d of reponse.details) bloc.append(el("span", "jdr-details", d));
  bloc.append(piedDeRejeu("Rejouer ce jet dans son lanceur", lien, reponse.graine));
  return bloc;
}

// Le lanceur de la mécanique (son adresse, résolue par le greffon), où le lien rejoue ce jet.
function lienDuJet(jet, reponse) {
  const a = jet.querySelector("template.jdr-jet-lanceur").content.querySelector("a");
  return adresseDeRejeu(new URL(a.getAttribute("href"), window.location.href), jet.dataset.mecanique,
    reponse.parametres, reponse.graine);
}

async function lancer(jet, bouton, sortie) {
  // Un seul jet à la fois : le bouton reste focalisable (aria-disabled) mais ne relance pas.
  if (bouton.getAttribute("aria-disabled") === "true") return;
  const { parametres, reglages } = JSON.parse(jet.dataset.jet);
  bouton.setAttribute("aria-disabled", "true");
  jet.classList.add("jdr-jet--sans-cotes");  // l'infobulle ne couvre pas le résultat
  if (moteur.etat !== "pret" && MESSAGES[moteur.etat]) sortie.replaceChildren(el("span", "jdr-etat", MESSAGES[moteur.etat]));
  try {
    const reponse = await moteur.demander({ type: "lancer", mecanique: jet.dataset.mecanique, parametres });
    if (reponse.erreur) {
      erreur(sortie, reponse.erreur);
      return;
    }
    const lien = lienDuJet(jet, reponse);
    sortie.replaceChildren(resultat(reponse, lien));
    annoncerJet(sortie, {
      source: "texte", titre: bouton.textContent.trim(), reglages,
      des: reponse.groupes, issue: reponse.phrase, graine: reponse.graine, lien,
    });
  } finally {
    bouton.removeAttribute("aria-disabled");
  }
}

// Le panneau d'un jet touché ou pris au clavier : ses cotes (une copie de l'infobulle, rendue à la
// construction) et le bouton « Lancer », décrit par les cotes pour un lecteur d'écran. Il s'ouvre
// sous le paragraphe, juste avant le résultat.
function panneau(jet, bouton, sortie) {
  if (jet.jdrPanneau) return jet.jdrPanneau;
  const cotes = jet.querySelector(".jdr-jet-cotes");
  const zone = el("span", "jdr-jet-panneau");
  zone.id = `${jet.id}-panneau`;
  zone.hidden = true;
  const lignes = el("span", "jdr-jet-panneau-cotes");
  for (const n of cotes.childNodes) lignes.append(n.cloneNode(true));
  lignes.setAttribute("aria-hidden", "true");  // lues une fois, par la description du bouton
  const lancerB = el("button", "md-button md-button--primary jdr-bouton jdr-jet-lancer", "Lancer");
  lancerB.type = "button";
  lancerB.setAttribute("aria-describedby", cotes.id);
  lancerB.addEventListener("click", () => lancer(jet, bouton, sortie));
  lancerB.addEventListener("keydown", (e) => {
    if (e.key !== "Escape") return;
    basculer(jet, bouton, sortie, false);
    bouton.focus();
  });
  zone.append(lignes, lancerB);
  (sortie || jet).before(zone);
  jet.jdrPanneau = zone;
  return zone;
}

function basculer(jet, bouton, sortie, auClavier) {
  const zone = panneau(jet, bouton, sortie);
  const ouvrir = zone.hidden;
  zone.hidden = !ouvrir;
  bouton.setAttribute("aria-expanded", String(ouvrir));
  jet.classList.toggle("jdr-jet--sans-cotes", ouvrir);
  if (ouvrir && auClavier) zone.querySelector("button").focus();
}

export function brancher(jet) {
  const bouton = jet.querySelector(".jdr-jet-bouton");
  // Le résultat s'affiche sous le paragraphe, pas au milieu de la phrase : sa zone (vide, et
  // annoncée aux lecteurs d'écran) passe en fin du bloc qui porte le jet.
  const sortie = document.getElementById(bouton.getAttribute("aria-controls"));
  const bloc = jet.parentElement && jet.parentElement.closest("p, li, dd, td, th");
  if (bloc && sortie && sortie.parentElement === jet) bloc.append(sortie);
  // Python démarre dès que le lecteur s'approche du jet (survol, focus, toucher).
  for (const type of ["pointerenter", "focusin", "touchstart"]) {
    jet.addEventListener(type, () => moteur.precharger(), { once: true, passive: true });
  }
  // À la souris, l'infobulle s'est montrée au survol : le clic lance. Au doigt et au clavier, où
  // rien ne se survole, le premier appui ouvre les cotes et un bouton « Lancer » : le jet reste un
  // appui plus loin, et se décide en connaissant ses chances.
  bouton.setAttribute("aria-expanded", "false");
  bouton.addEventListener("click", (e) => {
    if (e.pointerType === "mouse") return lancer(jet, bouton, sortie);
    return basculer(jet, bouton, sortie, e.detail === 0);
  });
  // Échap ferme l'infobulle (et le panneau) sans déplacer le focus ; elle revient au prochain survol ou focus.
  bouton.addEventListener("keydown", (e) => {
    if (e.key === "Escape") {
      jet.classList.add("jdr-jet--sans-cotes");
      if (jet.jdrPanneau && !jet.jdrPanneau.hidden) basculer(jet, bouton, sortie, false);
    }
  });
  const rouvrir = () => jet.classList.remove("jdr-jet--sans-cotes");
  bouton.addEventListener("pointerleave", rouvrir);
  bouton.addEventListener("blur", rouvrir);
}
