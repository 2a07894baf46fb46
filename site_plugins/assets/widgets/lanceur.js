// Les lanceurs : un formulaire rendu à la construction (bornes lues dans jdr_core), un jet
// demandé au moteur, un résultat affiché selon le schéma écrit dans jdr_core/mecanique.py
// (Affichage : phrase, issue, groupes de dés avec leur rôle, détails).
import { el, erreur } from "../commun/dom.js";
import { typographier } from "../commun/francais.js";
import { adresseDeRejeu, avisRejeu, piedDeRejeu } from "../commun/rejeu.js";
import { annoncerJet, reviserJet } from "../table/journal/annonce.js";
import { afficherEtat, moteur } from "../moteur/client.js";
import { ficheChoisie, lier } from "../table/liaison.js";
import "../configuration.js";

// Ce que dit chaque rôle de dé (infobulle et lecteur d'écran).
const ROLES = {
  succes: "succès",
  echec: "pas de succès",
  ecarte: "relancé",
  somme: "additionné",
  double: "double",
  cache: "caché",
};

function de(d) {
  const cache = d.role === "cache";
  const span = el("span", `jdr-de jdr-de--${ROLES[d.role] ? d.role : "echec"}`, cache ? "?" : String(d.face));
  span.dataset.face = cache ? "" : String(d.face);
  if (d.faces) span.dataset.faces = String(d.faces);
  const sens = ROLES[d.role] || "";
  span.setAttribute("aria-label", cache ? "dé caché" : `dé ${d.face}, ${sens}`);
  span.title = sens;
  if (cache) span.dataset.cache = String(d.face);
  return span;
}

// Les groupes de dés d'un jet, ses dés cachés montrés (pour le journal).
function desRevele(groupes) {
  return groupes.map((g) => ({ ...g, des: g.des.map((d) => (d.role === "cache" ? { ...d, role: "revele" } : d)) }));
}

function groupe(g, quandRevele) {
  const ligne = el("div", "jdr-groupe");
  ligne.append(el("span", "jdr-groupe-titre", `${g.titre} :`));
  const des = el("span", "jdr-des");
  for (const d of g.des) des.append(de(d));
  ligne.append(des);
  const caches = [...des.querySelectorAll("[data-cache]")];
  if (caches.length) {
    const reveler = el("button", "md-button jdr-bouton jdr-reveler", "Révéler");
    reveler.type = "button";
    const toutReveler = () => {
      for (const c of caches) {
        c.textContent = c.dataset.cache;
        c.dataset.face = c.dataset.cache;
        c.setAttribute("aria-label", `dé ${c.dataset.cache}, révélé`);
        c.title = "révélé";
        c.removeAttribute("role");
        c.removeAttribute("tabindex");
        c.classList.replace("jdr-de--cache", "jdr-de--revele");
      }
      reveler.remove();
      quandRevele();
    };
    reveler.addEventListener("click", toutReveler);
    // Le dé caché lui-même se révèle au clic ou au clavier (Entrée, Espace).
    for (const c of caches) {
      c.setAttribute("role", "button");
      c.tabIndex = 0;
      c.addEventListener("click", toutReveler, { once: true });
      c.addEventListener("keydown", (e) => {
        if (e.key === "Enter" || e.key === " ") {
          e.preventDefault();
          toutReveler();
        }
      });
    }
    ligne.append(reveler);
  }
  return ligne;
}

// Au-delà de cette longueur, la fraction exacte ne se lit plus : elle passe en infobulle
// (seuil et titre de la liste, ceux des cotes rendues à la construction : site_plugins/fences.py).
const { fractionLisible: FRACTION_LISIBLE, titre: TITRE_COTES } = globalThis.JDR_CONFIGURATION.cotes;

function cotesListe(cotes) {
  const ul = el("ul");
  for (const c of cotes) {
    const li = el("li", null, `${c.libelle} : `);
    const pourcentage = el("strong", null, c.pourcentage);
    li.append(pourcentage);
    // Une issue impossible n'a pas de fraction : le cœur l'a dite « impossible (0 %) ».
    if (c.fraction && c.fraction.length <= FRACTION_LISIBLE) li.append(" ", el("span", "jdr-fraction", `(${c.fraction})`));
    else if (c.fraction) pourcentage.title = `Fraction exacte : ${c.fraction}`;
    ul.append(li);
  }
  return ul;
}

function lireFormulaire(form) {
  const params = {};
  for (const champ of form.querySelectorAll("input[name], select[name]")) {
    // Un champ numérique où le lecteur a tapé autre chose qu'un nombre : le navigateur en
    // cache le texte (valeur vide) ; on le dit tel quel, le cœur répond avec la règle.
    const illisible = champ.type === "number" && champ.validity && champ.validity.badInput;
    params[champ.name] = champ.type === "checkbox" ? champ.checked : illisible ? "(pas un nombre)" : champ.value;
  }
  return params;
}

// Le lien qui rejoue un jet : vers ce lanceur, ou, pour la situation d'un exemple (exemple.js),
// vers le lanceur de la même mécanique (data-page-rejeu, adresse et ancre comprises).
function lienDuJet(form, reponse) {
  const url = new URL(form.dataset.pageRejeu || window.location.href);
  if (!form.dataset.pageRejeu) url.hash = form.id;
  return adresseDeRejeu(url, form.dataset.mecanique, reponse.parametres, reponse.graine);
}

function majCotes(form, cotes) {
  const zone = form.querySelector(".jdr-cotes");
  const liste = cotesListe(cotes);
  // Cotes inchangées (un jet de plus, mêmes réglages) : la zone ne bouge pas, et le lecteur
  // d'écran ne relit pas les chances (la zone est aria-live).
  const ancienne = zone.querySelector("ul");
  if (ancienne && ancienne.textContent === liste.textContent && zone.querySelector(".jdr-cotes-titre")) return;
  const titre = el("p", "jdr-cotes-titre", TITRE_COTES);
  zone.replaceChildren(titre, liste);
}

// Le graphique des chances est rendu par jdr_core (jdr_core/graphique.py, texte échappé) : ici,
// on ne fait que poser son balisage à la place de l'ancien. Aucun second rendu en JavaScript.
function majGraphique(form, graphique) {
  const zone = form.querySelector(".jdr-graphique-zone");
  if (!zone || !graphique || typeof graphique.html !== "string") return;
  const modele = document.createElement("template");
  modele.innerHTML = graphique.html;
  zone.replaceChildren(modele.content);
}

// Les options du graphique envoyées avec chaque demande : l'id du lanceur et, en mode
// « comparer », le réglage figé.
function optionsGraphique(form) {
  const options = { id: form.id };
  if (form.dataset.comparer) options.comparer = JSON.parse(form.dataset.comparer);
  return options;
}

function brancherComparer(form) {
  const bloc = form.querySelector(".jdr-comparer");
  if (!bloc) return;
  const figer = bloc.querySelector(".jdr-figer");
  const defiger = bloc.querySelector(".jdr-defiger");
  const montrer = () => {
    const actif = Boolean(form.dataset.comparer);
    defiger.hidden = !actif;
    figer.textContent = typographier(actif ? "Figer ce réglage à la place" : "Comparer : figer ce réglage");
  };
  figer.addEventListener("click", () => {
    // Un réglage hors bornes ne se fige pas : le navigateur dit quel champ corriger.
    if (!form.checkValidity()) {
      form.reportValidity();
      return;
    }
    form.dataset.comparer = JSON.stringify(lireFormulaire(form));
    montrer();
    recalculerCotes(form);
  });
  defiger.addEventListener("click", () => {
    delete form.dataset.comparer;
    montrer();
    figer.focus();
    recalculerCotes(form);
  });
  bloc.hidden = false;
  montrer();
}

function afficherJet(form, reponse) {
  const sortie = form.querySelector("output.jdr-sortie");
  if (reponse.erreur) return erreur(sortie, reponse.erreur);
  const bloc = el("div", `jdr-resultat jdr-resultat--${reponse.issue}`);
  const phrase = el("p", "jdr-phrase", reponse.phrase);
  phrase.tabIndex = -1;
  bloc.append(phrase);
  const details = el("ul", "jdr-details");
  const ecrireDetails = (lignes) => details.replaceChildren(...lignes.map((d) => el("li", null, d)));
  // Des dés cachés : une fois tous révélés, le résultat remplace la phrase d'attente, et
  // l'entrée de ce jet au journal montre les vraies faces.
  const quandRevele = () => {
    const r = reponse.revelation;
    if (!r || bloc.querySelector("[data-cache]:not(.jdr-de--revele)")) return;
    phrase.textContent = r.phrase;
    bloc.className = `jdr-resultat jdr-resultat--${r.issue}`;
    ecrireDetails(r.details);
    phrase.focus();
    if (!reponse.erreur) reviserJet(lienDuJet(form, reponse), { des: desRevele(reponse.groupes), issue: r.phrase });
  };
  for (const g of reponse.groupes) bloc.append(groupe(g, quandRevele));
  ecrireDetails(reponse.details);
  bloc.append(details);
  bloc.append(piedDeRejeu("Lien vers ce jet", lienDuJet(form, reponse), reponse.graine));
  sortie.replaceChildren(bloc);
  majCotes(form, reponse.cotes);
  majGraphique(form, reponse.graphique);
}

async function lancer(form, graine) {
  const bouton = form.querySelector("button[type=submit]");
  // Un bouton désactivé perd le focus : on le lui rend, pour relancer au clavier.
  const avaitLeFocus = document.activeElement === bouton;
  bouton.disabled = true;
  let resultat = null;
  const requete = {
    type: "lancer", mecanique: form.dataset.mecanique, parametres: lireFormulaire(form),
    graphique: optionsGraphique(form),
  };
  if (graine !== undefined) requete.graine = graine;
  const fiche = ficheChoisie(form);
  if (fiche) requete.fiche = fiche;
  try {
    const reponse = await moteur.demander(requete);
    afficherJet(form, reponse);
    resultat = reponse;
    // Un nouveau jet part dans le journal des jets (un jet rejoué depuis un lien y est déjà).
    // La situation et les réglages qui diffèrent du défaut viennent du cœur (Mecanique.pour_journal).
    if (!reponse.erreur && graine === undefined) {
      annoncerJet(form, { ...(form.dataset.titre ? { titre: form.dataset.titre } : {}), des: reponse.groupes, issue: reponse.phrase, graine: reponse.graine, lien: lienDuJet(form, reponse),
        ...(reponse.journal_jet || {}) });
    }
  } finally {
    bouton.disabled = false;
    if (avaitLeFocus) bouton.focus();
  }
  return resultat;
}

// Chaque demande de cotes porte un numéro : une réponse qui arrive après une saisie plus
// récente est ignorée, et la zone signale le calcul en cours au lieu d'afficher des cotes périmées.
const demandesDeCotes = new WeakMap();

// Les cotes affichées ne valent plus (une saisie, ou le calcul qui part) : la zone le dit, et toute
// réponse déjà en route sera ignorée. Rend le numéro de la demande qui seule pourra s'afficher.
function perimerCotes(form) {
  const numero = (demandesDeCotes.get(form) || 0) + 1;
  demandesDeCotes.set(form, numero);
  form.querySelector(".jdr-cotes").setAttribute("aria-busy", "true");
  return numero;
}

async function recalculerCotes(form) {
  const numero = perimerCotes(form);
  const zone = form.querySelector(".jdr-cotes");
  const reponse = await moteur.demander({
    type: "cotes", mecanique: form.dataset.mecanique, parametres: lireFormulaire(form),
    graphique: optionsGraphique(form),
  });
  if (demandesDeCotes.get(form) !== numero) return;
  zone.removeAttribute("aria-busy");
  // Un réglage refusé : le graphique du dernier réglage valide reste, grisé et marqué périmé.
  form.querySelector(".jdr-graphique-zone")?.classList.toggle("jdr-graphique-perime", Boolean(reponse.erreur));
  if (reponse.erreur) {
    form.querySelector(".jdr-cotes").replaceChildren(el("p", "jdr-erreur", reponse.erreur));
  } else {
    majCotes(form, reponse.cotes);
    majGraphique(form, reponse.graphique);
  }
}

moteur.abonner(() => {
  for (const zone of document.querySelectorAll(".jdr-lanceur .jdr-etat")) afficherEtat(zone);
});

export function brancher(form) {
  lier(form);  // enCORE : un personnage du suivi règle le lanceur et reçoit son résultat
  const etat = form.querySelector(".jdr-etat");
  if (etat) afficherEtat(etat);
  form.addEventListener("submit", (e) => {
    e.preventDefault();
    lancer(form);
  });
  brancherComparer(form);
  // Un champ changé avant que ce module soit chargé : les cotes de la page sont celles des
  // valeurs par défaut, on les recalcule tout de suite.
  const change = [...form.querySelectorAll("input[name], select[name]")].some((c) =>
    c.type === "checkbox" ? c.checked !== c.defaultChecked
      : c.tagName === "SELECT" ? [...c.options].some((o) => o.selected !== o.defaultSelected)
        : c.value !== c.defaultValue);
  if (change) recalculerCotes(form);
  if (form.dataset.enAttente) {
    delete form.dataset.enAttente;
    lancer(form);
  }
  let minuteur = null;
  form.addEventListener("input", () => {
    // Une réponse déjà en route est celle d'une saisie d'avant : ignorée. Sinon, arrivée pendant
    // l'attente de 200 ms, elle ôtait « calcul… » et montrait, comme à jour, les cotes d'avant.
    perimerCotes(form);
    clearTimeout(minuteur);
    minuteur = setTimeout(() => recalculerCotes(form), 200);
  });
}

// Rejouer un jet depuis l'adresse (?lanceur=…&graine=…).
export function rejouer() {
  const params = new URLSearchParams(window.location.search);
  const nom = params.get("lanceur");
  if (!nom) return;
  const form = document.querySelector(`form.jdr-lanceur[data-mecanique="${CSS.escape(nom)}"]`);
  if (!form) return;
  // Un lien d'avant un changement du formulaire : le champ prend la valeur de son ancien nom,
  // que le cœur déclare (Mecanique.anciens, écrit par la construction dans data-anciens).
  const anciens = new Map(Object.entries(JSON.parse(form.dataset.anciens || "{}")));
  for (const champ of form.querySelectorAll("input[name], select[name]")) {
    const lu = params.has(champ.name) ? champ.name : anciens.get(champ.name);
    if (!lu || !params.has(lu)) continue;
    const valeur = params.get(lu);
    if (champ.type === "checkbox") champ.checked = valeur === "1";
    else champ.value = valeur;
  }
  form.scrollIntoView({ block: "center" });
  // Avec une graine : le jet est rejoué. Sans graine (« Lancer cette situation ») : le
  // lanceur est réglé comme l'exemple, et le bouton attend le lecteur.
  if (params.get("graine")) {
    avisRejeu(form, "Jet rejoué depuis un lien : mêmes réglages et mêmes dés que le jet d'origine, pas un nouveau jet.");
    lancer(form, params.get("graine")).then((reponse) => {
      // Réglages ou graine refusés : rien n'a été rejoué, et l'avis ne doit pas dire le contraire.
      if (!reponse || reponse.erreur) {
        avisRejeu(form, "Ce lien n'a rejoué aucun jet : ses réglages ou sa graine sont refusés (voir le message ci-dessous).");
      }
    });
  } else {
    recalculerCotes(form);
    form.querySelector("button[type=submit]").focus({ preventScroll: true });
  }
}
