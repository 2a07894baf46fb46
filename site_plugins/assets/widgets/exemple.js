// Les exemples : une histoire d'abord (ses résultats, rendus à la construction), le code
// replié dessous. Trois façons de le faire tourner dans le navigateur :
//   « Exécuter »           le texte tel quel : chaque résultat comparé au texte, et un verdict ;
//   « Avec d'autres dés »  la même situation, les dés scriptés remplacés par des dés graines
//                          (avec un lien qui rejoue exactement ce tirage) ;
//   « Modifier »           la situation de l'exemple en champs (ceux de son lanceur, ou ses
//                          propres nombres), lancée sur place ; pour les curieux, « Modifier le
//                          code » rend le code modifiable, et les écarts au texte sont des
//                          différences. Le code modifié tourne à part, dans son propre Python
//                          (edition.js) : jamais dans le moteur des lanceurs, avec un budget de temps.
// Le pont Python compose les phrases (verdict, erreurs) ; ce module ne fait qu'afficher.
import { bouton, el, erreur } from "../commun/dom.js";
import { piedDeRejeu } from "../commun/rejeu.js";
import { annoncerJet } from "../table/journal/annonce.js";
import { MESSAGES, moteur } from "../moteur/client.js";

// Le Python à part du code modifié, chargé au premier « Modifier » seulement.
let edition = null;
function chargerEdition() {
  edition = edition || import("./edition.js").then((m) => m.edition);
  edition.catch(() => {
    edition = null;  // réseau coupé : un prochain « Modifier » réessaiera
  });
  return edition;
}

// Les exemples en attente suivent le chargement (téléchargement, démarrage).
moteur.abonner((etat) => {
  for (const zone of document.querySelectorAll(".jdr-exemple[data-attente] .jdr-etat")) {
    if (MESSAGES[etat] && etat !== "pret") zone.textContent = MESSAGES[etat];
    else if (etat === "pret") zone.textContent = "Calcul…";
  }
});

function graineAuHasard() {
  const tampon = new Uint32Array(2);
  crypto.getRandomValues(tampon);
  return (tampon[0] & 0x1fffff) * 2 ** 32 + tampon[1];
}

function lienRejeu(bloc, graine) {
  const url = new URL(window.location.href);
  url.search = "";
  url.hash = bloc.id;
  url.searchParams.set("exemple", bloc.dataset.exemple);
  url.searchParams.set("graine", String(graine));
  return url.href;
}

// Les sorties d'une exécution : une ligne par résultat, marquée selon le texte.
function sorties(reponse) {
  const liste = el("ul", "jdr-verdicts");
  for (const ligne of reponse.lignes) {
    const obtenu = ligne.obtenu.trimEnd();
    const attendu = ligne.attendu.trimEnd();
    if (!obtenu && !attendu) continue;
    if (ligne.erreur) {
      const li = el("li", "jdr-ko jdr-erreur-exemple");
      li.setAttribute("role", "alert");
      li.append(el("span", "jdr-marque", "⚠ "), el("span", null, ligne.erreur.message));
      if (ligne.erreur.detail) {
        const detail = el("details", "jdr-detail-python");
        detail.append(el("summary", null, "Détail technique"), el("pre", null, ligne.erreur.detail));
        li.append(detail);
      }
      liste.append(li);
      continue;
    }
    const identique = ligne.ok;
    const li = el("li", identique ? "jdr-ok" : "jdr-ecart");
    // La marque dit ce qu'elle veut dire (infobulle, lecteur d'écran) : ✔ comme le texte, ≠ différent.
    const marque = el("span", "jdr-marque", identique ? "✔ " : "≠ ");
    marque.title = identique ? "Comme dans le texte" : "Différent du texte";
    marque.setAttribute("role", "img");
    marque.setAttribute("aria-label", `${marque.title} :`);
    li.append(marque, el("span", "jdr-obtenu", obtenu || "(rien)"));
    if (!identique && reponse.mode !== "autres_des") {
      li.append(el("div", "jdr-texte-disait", `Le texte donne : ${attendu || "(rien)"}`));
    }
    liste.append(li);
  }
  return liste;
}

async function executer(bloc, requete, rejeu = false) {
  // Une exécution à la fois : Ctrl+Entrée pressé cinq fois pendant un calcul n'en met pas cinq en file.
  if (bloc.dataset.attente) return;
  const sortie = bloc.querySelector("output.jdr-sortie");
  const etat = bloc.querySelector(".jdr-etat");
  const boutons = [...bloc.querySelectorAll(".jdr-exemple-actions button, .jdr-reglages button")];
  for (const b of boutons) b.disabled = true;
  delete bloc.dataset.etat;
  bloc.dataset.attente = "1";
  const modifie = requete.mode === "modifie";
  let reponse;
  if (modifie) {
    reponse = await chargerEdition().then((e) => e.executer(requete.source, (message) => {
      etat.textContent = message;
    }), () => ({ erreur: "Votre version n'a pas pu partir : un fichier du site manque (réseau coupé ?)." }));
  } else {
    etat.textContent = moteur.etat === "pret" ? "Calcul…" : MESSAGES[moteur.etat] || MESSAGES.telechargement;
    reponse = await moteur.demander({ type: "exemple", nom: bloc.dataset.exemple, ...requete });
  }
  delete bloc.dataset.attente;
  for (const b of boutons) b.disabled = false;
  if (reponse.erreur) {
    etat.textContent = "";
    bloc.dataset.etat = "echec";
    const p = el("p", "jdr-erreur", reponse.erreur);
    p.setAttribute("role", "alert");
    return sortie.replaceChildren(p);
  }
  etat.textContent = reponse.verdict;
  const contenu = [sorties(reponse)];
  // Le code modifié ne va jamais au journal ni ne donne de lien de rejeu, quoi qu'il réponde.
  if (reponse.mode === "autres_des" && !modifie) {
    const lien = lienRejeu(bloc, reponse.graine);
    contenu.push(piedDeRejeu("Lien vers ce tirage", lien, reponse.graine));
    // Un nouveau tirage part dans le journal des jets ; un tirage rejoué depuis un lien y est déjà.
    const issue = reponse.lignes.map((l) => (l.erreur ? l.erreur.message : l.obtenu.trim())).filter(Boolean).join("\n");
    if (!rejeu) annoncerJet(bloc, { issue, graine: reponse.graine, lien });
  }
  sortie.replaceChildren(...contenu);
  // « ok » : identique au texte ; « ecart » : différent, attendu (autres dés, code modifié) ;
  // « echec » : le texte lui-même ne se vérifie pas, ou une erreur.
  const erreurs = reponse.lignes.some((l) => l.erreur);
  bloc.dataset.etat = reponse.ok ? "ok" : erreurs || reponse.mode === "texte" ? "echec" : "ecart";
}

// « Modifier » : la situation de l'exemple en champs, à la place des boutons, avec « Modifier le
// code » pour les curieux. Deux sortes de champs, rendus à la construction dans un modèle inerte :
//   - ceux du lanceur de l'exemple (.jdr-situation-modele), lancés sur place par le module des
//     lanceurs (cotes exactes, dés, journal). Le lien de rejeu d'un jet mène au lanceur de la
//     même mécanique, là où mène « Lancer cette situation » : c'est là qu'un lien rejoue un jet ;
//   - ses propres nombres (.jdr-reglages-modele, site_plugins/situation.py) : remis dans le code,
//     qui tourne à part comme un code modifié ; les écarts au texte sont des différences (≠).
function remplacer(source, form) {
  const lignes = source.split("\n");
  const champs = [...form.querySelectorAll("input[data-ligne]")]
    .sort((a, b) => b.dataset.ligne - a.dataset.ligne || b.dataset.debut - a.dataset.debut);
  for (const c of champs) {
    const i = Number(c.dataset.ligne);
    const texte = c.type === "checkbox" ? (c.checked ? "True" : "False") : c.value.trim();
    lignes[i] = lignes[i].slice(0, Number(c.dataset.debut)) + texte + lignes[i].slice(Number(c.dataset.fin));
  }
  return lignes.join("\n");
}

// Un champ vide ou qui n'est pas un entier : dit en français, et rien ne part.
function reglagesIllisibles(form) {
  const mauvais = [...form.querySelectorAll("input[type=number]")]
    .find((c) => !/^-?\d{1,9}$/.test(c.value.trim()));
  if (!mauvais) return "";
  const nom = form.querySelector(`label[for="${CSS.escape(mauvais.id)}"]`).textContent;
  mauvais.focus();
  return `${nom} : écrivez un nombre entier (par exemple 3), sans lettre ni virgule.`;
}

function situation(bloc, source) {
  const ouverte = bloc.querySelector(".jdr-situation");
  if (ouverte) {
    ouverte.querySelector("input, select").focus();
    return;
  }
  const boutonModifier = bloc.querySelector(".jdr-modifier");
  const modele = bloc.querySelector("template.jdr-situation-modele, template.jdr-reglages-modele");
  const panneau = el("div", "jdr-situation");
  panneau.append(modele.content.cloneNode(true));
  const form = panneau.querySelector("form");
  const lanceur = form.matches(".jdr-lanceur");
  // L'aide d'abord, à la place des boutons : ce que font les champs, avant les champs.
  form.before(el("p", "jdr-aide", lanceur
    ? "Changez un réglage : les chances se recalculent ; « Lancer les dés » tire cette situation ici, avec de vrais dés."
    : "Changez un nombre, puis exécutez : mêmes dés que l'exemple, et les résultats qui diffèrent du texte sont signalés par ≠."));
  const principales = bloc.querySelector(":scope > .jdr-exemple-actions");
  const effacer = () => {
    bloc.querySelector("output.jdr-sortie").replaceChildren();
    bloc.querySelector(".jdr-etat").textContent = "";
    delete bloc.dataset.etat;
  };
  const fermer = () => {
    panneau.remove();
    principales.hidden = false;
    effacer();
    boutonModifier.setAttribute("aria-expanded", "false");
    boutonModifier.focus();
  };
  const actions = el("div", "jdr-exemple-actions");
  actions.append(
    bouton("Modifier le code", () => {
      panneau.remove();
      effacer();
      modifier(bloc, source);
    }, { titre: "Le code Python de l'exemple, modifiable" }),
    bouton("Revenir au texte", fermer),
  );
  panneau.append(actions);
  principales.hidden = true;
  // Sous les boutons qu'il remplace et au-dessus du résultat : ce qu'on lance se lit juste en dessous.
  principales.after(panneau);
  boutonModifier.setAttribute("aria-expanded", "true");
  if (lanceur) {
    const lien = bloc.querySelector("a.jdr-lancer-situation");
    if (lien) form.dataset.pageRejeu = lien.href;
    // Un envoi avant l'arrivée du module attend (jdr.js), et part dès le branchement.
    import("./lanceur.js").then((m) => {
      m.brancher(form);
      form.dataset.branche = "pret";
    }, () => erreur(form.querySelector("output.jdr-sortie") || panneau,
      "Ce lanceur n'a pas pu se charger (réseau coupé ?) : rechargez la page une fois le réseau revenu."));
  } else {
    form.addEventListener("submit", (e) => {
      e.preventDefault();
      const illisible = reglagesIllisibles(form);
      if (illisible) {
        const p = el("p", "jdr-erreur", illisible);
        p.setAttribute("role", "alert");
        bloc.querySelector("output.jdr-sortie").replaceChildren(p);
        bloc.dataset.etat = "echec";
        return;
      }
      executer(bloc, { source: remplacer(source, form), mode: "modifie" });
    });
    // Le Python à part démarre pendant que le lecteur change les nombres.
    chargerEdition().then((ed) => ed.preparer(source), () => {});
  }
  form.querySelector("input, select").focus();
}

// « Modifier le code » : le code devient un champ de texte, exécutable et réinitialisable.
function modifier(bloc, source) {
  const code = bloc.querySelector(".jdr-exemple-code");
  const boutonModifier = bloc.querySelector(".jdr-modifier");
  let editeur = bloc.querySelector(".jdr-editeur");
  if (editeur) {
    editeur.querySelector("textarea").focus();
    return;
  }
  editeur = el("div", "jdr-editeur");
  const zone = el("textarea", "jdr-code-modifiable");
  zone.value = source;
  zone.spellcheck = false;
  zone.rows = Math.min(24, source.split("\n").length + 1);
  zone.setAttribute("aria-label", `Code de l'exemple « ${bloc.querySelector(".jdr-exemple-titre").textContent} », modifiable`);
  const lancer = () => executer(bloc, { source: zone.value, mode: "modifie" });
  zone.addEventListener("keydown", (e) => {
    if (e.key === "Enter" && (e.ctrlKey || e.metaKey)) {
      e.preventDefault();
      lancer();
    }
  });
  const actions = el("div", "jdr-exemple-actions");
  actions.append(
    bouton("Exécuter ma version", lancer, { titre: "Ctrl+Entrée depuis le code" }),
    bouton("Revenir au texte", () => {
      editeur.remove();
      code.hidden = false;
      principales.hidden = false;
      boutonModifier.setAttribute("aria-expanded", "false");
      bloc.querySelector("output.jdr-sortie").replaceChildren();
      bloc.querySelector(".jdr-etat").textContent = "";
      delete bloc.dataset.etat;
      boutonModifier.focus();
      chargerEdition().then((e) => e.liberer(), () => {});
    }),
  );
  editeur.append(el("p", "jdr-aide", "Changez un nombre, puis exécutez : les résultats qui diffèrent du texte sont signalés par ≠."),
    zone, actions);
  // Pendant la modification, seules les actions de l'éditeur restent (pas deux « Exécuter »).
  const principales = bloc.querySelector(":scope > .jdr-exemple-actions");
  code.hidden = true;
  principales.hidden = true;
  principales.after(editeur);
  boutonModifier.setAttribute("aria-expanded", "true");
  zone.focus();
  // Le Python à part démarre pendant que le lecteur lit et modifie le code.
  chargerEdition().then((e) => e.preparer(source), () => {});
}

export function brancher(bloc) {
  const source = JSON.parse(bloc.querySelector("template.jdr-source").content.textContent);
  bloc.querySelector(".jdr-executer").addEventListener("click", () => executer(bloc, { source, mode: "texte" }));
  const autres = bloc.querySelector(".jdr-autres-des");
  if (autres) autres.addEventListener("click", () => executer(bloc, { source, graine: graineAuHasard() }));
  const avecSituation = bloc.querySelector("template.jdr-situation-modele, template.jdr-reglages-modele");
  bloc.querySelector(".jdr-modifier").addEventListener("click", () => (avecSituation ? situation : modifier)(bloc, source));
  // Un lien de rejeu (?exemple=…&graine=…) rejoue ce tirage-là, et le dit.
  const params = new URLSearchParams(window.location.search);
  if (params.get("exemple") === bloc.dataset.exemple && params.get("graine") && autres) {
    bloc.scrollIntoView({ block: "center" });
    bloc.querySelector(".jdr-etat").textContent = "Tirage rejoué depuis un lien.";
    executer(bloc, { source, graine: params.get("graine") }, true).then(() => {
      const etat = bloc.querySelector(".jdr-etat");
      etat.textContent = `Tirage rejoué depuis un lien. ${etat.textContent}`;
    });
  }
}
