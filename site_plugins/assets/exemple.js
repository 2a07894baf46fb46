// Les exemples : le doctest de la page exécuté dans le navigateur, ligne à ligne.
import { el, erreur } from "./dom.js";
import { MESSAGES, moteur } from "./moteur.js";

// Les exemples en attente suivent le chargement (téléchargement, démarrage).
moteur.abonner((etat) => {
  for (const zone of document.querySelectorAll(".jdr-exemple[data-attente] .jdr-etat")) {
    if (MESSAGES[etat] && etat !== "pret") zone.textContent = MESSAGES[etat];
    else if (etat === "pret") zone.textContent = "Exécution…";
  }
});

async function executer(bloc) {
  const bouton = bloc.querySelector(".jdr-executer");
  const sortie = bloc.querySelector("output.jdr-sortie");
  const etat = bloc.querySelector(".jdr-etat");
  const source = JSON.parse(bloc.querySelector("script.jdr-source").textContent);
  bouton.disabled = true;
  delete bloc.dataset.etat;
  bloc.dataset.attente = "1";
  etat.textContent = moteur.etat === "pret" ? "Exécution…" : MESSAGES[moteur.etat] || MESSAGES.telechargement;
  const reponse = await moteur.demander({ type: "exemple", source, nom: bloc.dataset.exemple });
  delete bloc.dataset.attente;
  bouton.disabled = false;
  if (reponse.erreur) {
    etat.textContent = "";
    bloc.dataset.etat = "echec";
    return erreur(sortie, reponse.erreur);
  }
  const liste = el("ol", "jdr-verdicts");
  for (const ligne of reponse.lignes) {
    const li = el("li", ligne.ok ? "jdr-ok" : "jdr-ko");
    li.append(el("span", "jdr-marque", ligne.ok ? "✔ " : "✘ "));
    li.append(el("code", null, ligne.source.trimEnd()));
    if (!ligne.ok) {
      const diff = el("div", "jdr-diff");
      diff.append(el("div", null, `Attendu : ${ligne.attendu.trimEnd() || "(rien)"}`));
      diff.append(el("div", null, `Obtenu : ${ligne.obtenu.trimEnd() || "(rien)"}`));
      li.append(diff);
    }
    liste.append(li);
  }
  const nbOk = reponse.lignes.filter((l) => l.ok).length;
  etat.textContent = reponse.ok
    ? `Vérifié dans votre navigateur : ${nbOk} ligne(s) sur ${reponse.lignes.length} conformes.`
    : `Écart : ${reponse.lignes.length - nbOk} ligne(s) sur ${reponse.lignes.length} ne donnent pas le résultat attendu.`;
  sortie.replaceChildren(liste);
  bloc.dataset.etat = reponse.ok ? "ok" : "echec";
}

export function brancher(bloc) {
  bloc.querySelector(".jdr-executer").addEventListener("click", () => executer(bloc));
}
