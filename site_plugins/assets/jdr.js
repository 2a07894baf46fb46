// Règles vivantes : branche les exemples et les lanceurs de la page sur un worker Pyodide.
// Le navigateur ne connaît aucune règle : il envoie des paramètres, il affiche des résultats.
(function () {
  "use strict";

  const BASE = new URL(".", document.currentScript.src);
  const DELAI_MAX_MS = 20000;
  const MESSAGES = {
    attente: "",
    telechargement: "Chargement de Python…",
    demarrage: "Démarrage de Python…",
    pret: "Python est prêt.",
    echec: "Python n'a pas pu se charger : les résultats affichés restent ceux de la page.",
  };

  // --- Le moteur : un seul worker par onglet, gardé à travers la navigation instantanée.
  const moteur = {
    worker: null,
    demarrages: 0,
    etat: "attente",
    detail: "",
    suivant: 1,
    enCours: new Map(),
    chien: null,

    demarrer() {
      if (this.worker) return;
      let worker;
      try {
        worker = new Worker(new URL("jdr-worker.js", BASE), { type: "module" });
      } catch (erreur) {
        this.changer("echec", String(erreur));
        return;
      }
      this.worker = worker;
      // Compteur lisible par les tests : un seul worker par onglet, même après navigation.
      document.documentElement.dataset.jdrWorkers = String(++this.demarrages);
      this.changer("telechargement");
      this.chien = setTimeout(() => {
        if (this.etat !== "pret") this.abandonner("délai de chargement dépassé (20 s)");
      }, DELAI_MAX_MS);
      worker.onmessage = (e) => this.recevoir(e.data);
      worker.onerror = (e) => {
        e.preventDefault();
        this.abandonner(e.message || "erreur du worker");
      };
    },

    abandonner(raison) {
      if (this.worker) this.worker.terminate();
      this.worker = null;
      clearTimeout(this.chien);
      for (const attente of this.enCours.values()) {
        clearTimeout(attente.minuteur);
        attente.resoudre({ erreur: `Python ne répond pas : ${raison}.` });
      }
      this.enCours.clear();
      this.changer("echec", raison);
    },

    recevoir(message) {
      if (message.etat) {
        if (message.mesures) document.documentElement.dataset.jdrMesures = JSON.stringify(message.mesures);
        if (message.etat === "pret" || message.etat === "echec") clearTimeout(this.chien);
        if (message.etat === "echec") return this.abandonner(message.detail);
        return this.changer(message.etat, message.detail);
      }
      const attente = this.enCours.get(message.id);
      if (!attente) return;
      clearTimeout(attente.minuteur);
      this.enCours.delete(message.id);
      attente.resoudre(message.reponse);
    },

    demander(requete) {
      this.demarrer();
      if (!this.worker) return Promise.resolve({ erreur: MESSAGES.echec });
      const id = this.suivant++;
      return new Promise((resoudre) => {
        const minuteur = setTimeout(() => this.abandonner("aucune réponse en 20 s"), DELAI_MAX_MS);
        this.enCours.set(id, { resoudre, minuteur });
        this.worker.postMessage({ id, requete });
      });
    },

    changer(etat, detail) {
      this.etat = etat;
      this.detail = detail || "";
      document.documentElement.dataset.jdrMoteur = etat;
      for (const zone of document.querySelectorAll(".jdr-lanceur .jdr-etat")) afficherEtat(zone);
    },
  };

  function afficherEtat(zone) {
    zone.textContent = MESSAGES[moteur.etat] || "";
    zone.dataset.etat = moteur.etat;
    if (moteur.etat === "echec" && moteur.detail) zone.title = moteur.detail;
  }

  // --- Petits outils d'affichage : uniquement des nœuds texte, jamais de HTML construit.
  function el(balise, classe, texte) {
    const n = document.createElement(balise);
    if (classe) n.className = classe;
    if (texte !== undefined) n.textContent = texte;
    return n;
  }

  function erreur(sortie, message) {
    sortie.replaceChildren(el("p", "jdr-erreur", message));
    sortie.querySelector(".jdr-erreur").setAttribute("role", "alert");
  }

  function de(d) {
    const span = el("span", "jdr-de", String(d.face));
    span.dataset.face = d.face;
    if (d.compte) span.classList.add("jdr-de--compte");
    if (d.ecarte) span.classList.add("jdr-de--ecarte");
    const sens = d.ecarte ? "relancé" : d.compte ? "succès" : "pas de succès";
    span.setAttribute("aria-label", `dé ${d.face}, ${sens}`);
    span.title = sens;
    return span;
  }

  function cotesListe(cotes) {
    const ul = el("ul");
    for (const c of cotes) {
      const li = el("li", null, `${c.libelle} : `);
      li.append(el("strong", null, c.pourcentage), " ", el("span", "jdr-fraction", `(${c.fraction})`));
      ul.append(li);
    }
    return ul;
  }

  // --- Lanceurs
  function lireFormulaire(form) {
    const params = {};
    for (const champ of form.querySelectorAll("input[name], select[name]")) {
      params[champ.name] = champ.type === "checkbox" ? champ.checked : champ.value;
    }
    return params;
  }

  function lienDuJet(form, reponse) {
    const url = new URL(window.location.href);
    url.search = "";
    url.hash = form.id;
    url.searchParams.set("lanceur", form.dataset.mecanique);
    for (const [nom, valeur] of Object.entries(reponse.parametres)) {
      url.searchParams.set(nom, typeof valeur === "boolean" ? (valeur ? "1" : "0") : String(valeur));
    }
    url.searchParams.set("graine", String(reponse.graine));
    return url.href;
  }

  function afficherJet(form, reponse) {
    const sortie = form.querySelector("output.jdr-sortie");
    if (reponse.erreur) return erreur(sortie, reponse.erreur);
    const bloc = el("div", `jdr-resultat jdr-resultat--${reponse.issue}`);
    bloc.append(el("p", "jdr-phrase", reponse.phrase));
    for (const groupe of reponse.groupes) {
      const ligne = el("div", "jdr-groupe");
      ligne.append(el("span", "jdr-groupe-titre", `${groupe.titre} :`));
      const des = el("span", "jdr-des");
      for (const d of groupe.des) des.append(de(d));
      ligne.append(des);
      bloc.append(ligne);
    }
    const details = el("ul", "jdr-details");
    for (const d of reponse.details) details.append(el("li", null, d));
    bloc.append(details);
    const pied = el("p", "jdr-pied");
    const lien = el("a", "jdr-lien", "Lien vers ce jet");
    lien.href = lienDuJet(form, reponse);
    pied.append(el("span", "jdr-graine", `Graine ${reponse.graine}`), " · ", lien);
    bloc.append(pied);
    sortie.replaceChildren(bloc);
    majCotes(form, reponse.cotes);
  }

  function majCotes(form, cotes) {
    const zone = form.querySelector(".jdr-cotes");
    const titre = el("p", "jdr-cotes-titre", "Chances exactes avant de lancer :");
    zone.replaceChildren(titre, cotesListe(cotes));
  }

  async function lancer(form, graine) {
    const bouton = form.querySelector("button[type=submit]");
    bouton.disabled = true;
    const requete = { type: "lancer", mecanique: form.dataset.mecanique, parametres: lireFormulaire(form) };
    if (graine !== undefined) requete.graine = graine;
    try {
      afficherJet(form, await moteur.demander(requete));
    } finally {
      bouton.disabled = false;
    }
  }

  async function recalculerCotes(form) {
    const reponse = await moteur.demander({
      type: "cotes", mecanique: form.dataset.mecanique, parametres: lireFormulaire(form),
    });
    if (reponse.erreur) {
      const zone = form.querySelector(".jdr-cotes");
      zone.replaceChildren(el("p", "jdr-erreur", reponse.erreur));
    } else {
      majCotes(form, reponse.cotes);
    }
  }

  function brancherLanceur(form) {
    const etat = form.querySelector(".jdr-etat");
    if (etat) afficherEtat(etat);
    form.addEventListener("submit", (e) => {
      e.preventDefault();
      lancer(form);
    });
    let minuteur = null;
    form.addEventListener("input", () => {
      clearTimeout(minuteur);
      minuteur = setTimeout(() => recalculerCotes(form), 200);
    });
  }

  // --- Exemples
  async function executer(bloc) {
    const bouton = bloc.querySelector(".jdr-executer");
    const sortie = bloc.querySelector("output.jdr-sortie");
    const etat = bloc.querySelector(".jdr-etat");
    const source = JSON.parse(bloc.querySelector("script.jdr-source").textContent);
    bouton.disabled = true;
    delete bloc.dataset.etat;
    etat.textContent = moteur.etat === "pret" ? "Exécution…" : MESSAGES.telechargement;
    const reponse = await moteur.demander({ type: "exemple", source, nom: bloc.dataset.exemple });
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

  // --- Rejouer un jet depuis l'adresse (?lanceur=…&graine=…)
  function rejouer() {
    const params = new URLSearchParams(window.location.search);
    const nom = params.get("lanceur");
    if (!nom) return;
    const form = document.querySelector(`form.jdr-lanceur[data-mecanique="${CSS.escape(nom)}"]`);
    if (!form) return;
    for (const champ of form.querySelectorAll("input[name], select[name]")) {
      if (!params.has(champ.name)) continue;
      const valeur = params.get(champ.name);
      if (champ.type === "checkbox") champ.checked = valeur === "1";
      else champ.value = valeur;
    }
    form.scrollIntoView({ block: "center" });
    lancer(form, params.get("graine") || undefined);
  }

  // --- Brancher une page (au premier chargement et après chaque navigation instantanée)
  function brancher() {
    const widgets = document.querySelectorAll(".jdr-exemple, form.jdr-lanceur");
    for (const bloc of document.querySelectorAll(".jdr-exemple:not([data-branche])")) {
      bloc.dataset.branche = "1";
      bloc.querySelector(".jdr-executer").addEventListener("click", () => executer(bloc));
    }
    for (const form of document.querySelectorAll("form.jdr-lanceur:not([data-branche])")) {
      form.dataset.branche = "1";
      brancherLanceur(form);
    }
    if (!widgets.length) return;
    // Le worker démarre dès qu'un widget va servir (survol, focus, toucher)…
    for (const w of widgets) {
      for (const type of ["pointerenter", "focusin", "touchstart"]) {
        w.addEventListener(type, () => moteur.demarrer(), { once: true, passive: true });
      }
    }
    // … ou quand la page est au repos.
    const auRepos = window.requestIdleCallback || ((f) => setTimeout(f, 2000));
    auRepos(() => moteur.demarrer(), { timeout: 4000 });
    rejouer();
  }

  if (window.document$ && typeof window.document$.subscribe === "function") {
    window.document$.subscribe(brancher);
  } else if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", brancher);
  } else {
    brancher();
  }
})();
