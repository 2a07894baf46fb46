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
      if (message.mesures) document.documentElement.dataset.jdrMesures = JSON.stringify(message.mesures);
      if (message.etat) {
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
      // Les exemples en attente suivent aussi le chargement (téléchargement, démarrage).
      for (const zone of document.querySelectorAll(".jdr-exemple[data-attente] .jdr-etat")) {
        if (MESSAGES[etat] && etat !== "pret") zone.textContent = MESSAGES[etat];
        else if (etat === "pret") zone.textContent = "Exécution…";
      }
    },
  };

  function afficherEtat(zone) {
    zone.textContent = MESSAGES[moteur.etat] || "";
    zone.dataset.etat = moteur.etat;
    if (moteur.etat === "echec" && moteur.detail) zone.title = moteur.detail;
  }

  // Quand la page est au repos (ou au plus tard après quelques secondes).
  function auRepos(f) {
    if (window.requestIdleCallback) window.requestIdleCallback(f, { timeout: 4000 });
    else setTimeout(f, 2000);
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


  // --- Fiches de suivi (enCORE) : l'état vit dans localStorage, les règles dans Python.
  const CLE_FICHE = "jdr-fiche:";

  function bouton(texte, action, options = {}) {
    const b = el("button", "md-button jdr-bouton", texte);
    b.type = "button";
    if (options.titre) b.title = options.titre;
    if (options.desactive) b.disabled = true;
    b.addEventListener("click", action);
    return b;
  }

  function champ(libelle, input) {
    const l = el("label", "jdr-champ-ligne");
    l.append(el("span", null, libelle), input);
    return l;
  }

  function nombre(valeur, min, max) {
    const i = document.createElement("input");
    Object.assign(i, { type: "number", min, max, step: 1, value: valeur, inputMode: "numeric" });
    return i;
  }

  function jauge(classe, valeur, maximum, couleur) {
    const j = el("div", `jdr-jauge ${classe}`);
    j.setAttribute("role", "meter");
    j.setAttribute("aria-valuemin", "0");
    j.setAttribute("aria-valuemax", String(maximum));
    j.setAttribute("aria-valuenow", String(valeur));
    for (let i = 1; i <= maximum; i++) {
      const c = el("span", "jdr-case");
      if (i <= valeur) c.classList.add("jdr-case--pleine");
      if (couleur) c.dataset.palier = couleur(i);
      j.append(c);
    }
    return j;
  }

  class SuiviFiche {
    constructor(racine) {
      this.racine = racine;
      this.cle = CLE_FICHE + racine.dataset.fiche;
      this.corps = racine.querySelector(".jdr-fiche-corps");
      this.message = racine.querySelector("output.jdr-sortie");
      // Bornes et listes déclarées dans jdr_core (rendues à la construction).
      this.bornes = JSON.parse(racine.querySelector("script.jdr-fiche-bornes").textContent);
      this.etat = null;
      this.vue = null;
      racine.querySelector(".jdr-fiche-statique").hidden = true;
      this.corps.hidden = false;
      if (localStorage.getItem(this.cle) === null) {
        this.afficherCreation();
      } else {
        // Une fiche sauvegardée se relit par Python : on attend que la page soit au repos.
        this.corps.replaceChildren(el("p", "jdr-etat", "Lecture de la fiche sauvegardée…"));
        auRepos(() => this.charger());
      }
    }

    dire(texte, alerte) {
      const p = el("p", alerte ? "jdr-erreur" : "jdr-message", texte);
      if (alerte) p.setAttribute("role", "alert");
      this.message.replaceChildren(p);
    }

    async charger() {
      const brut = localStorage.getItem(this.cle);
      if (brut === null) return this.afficherCreation();
      let etat;
      try {
        etat = JSON.parse(brut);
      } catch {
        return this.illisible("ce n'est pas du JSON valide");
      }
      const r = await moteur.demander({ type: "fiche", etat, op: { op: "lire" } });
      if (r.erreur) return this.illisible(r.erreur);
      this.appliquer(r);
    }

    illisible(raison) {
      this.afficherCreation();
      this.dire(`La fiche sauvegardée est illisible (${raison}). Elle n'a pas été chargée ni effacée : `
        + "importez une fiche valide ou créez-en une nouvelle (l'ancienne sera alors remplacée).", true);
    }

    operer(op) {
      // Les opérations passent l'une après l'autre : deux clics rapides ne partent jamais
      // du même état (sinon la seconde effacerait la première).
      this.file = (this.file || Promise.resolve()).then(() => this.operer_maintenant(op));
      return this.file;
    }

    async operer_maintenant(op) {
      const r = await moteur.demander({ type: "fiche", etat: this.etat, op });
      if (r.erreur) return this.dire(r.erreur, true);
      if (r.demande) return this.demanderBlessures(op, r.demande.paliers, r.message);
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
      const b = this.bornes;
      const nom = Object.assign(document.createElement("input"), { type: "text", maxLength: b.nom_max, value: "" });
      nom.placeholder = "Nom du personnage";
      const ton = document.createElement("select");
      for (const [v, t] of b.tons) {
        ton.append(Object.assign(document.createElement("option"), { value: v, textContent: t }));
      }
      const form = el("div", "jdr-fiche-creation");
      form.append(champ("Nom", nom), champ("Ton", ton),
        bouton("Créer la fiche", () => this.operer({ op: "creer", nom: nom.value, ton: ton.value })),
        this.outilsImport());
      this.corps.replaceChildren(form);
    }

    demanderBlessures(op, paliers, message) {
      const bloc = el("fieldset", "jdr-fiche-blessures-a-nommer");
      bloc.append(el("legend", null, message));
      const lignes = paliers.map((palier, i) => {
        const nom = Object.assign(document.createElement("input"), { type: "text", maxLength: this.bornes.nom_max });
        nom.placeholder = "cheville foulée, brûlure…";
        const gene = Object.assign(document.createElement("input"), { type: "text", maxLength: 120 });
        gene.placeholder = "course, tir…";
        const ligne = el("div", "jdr-ligne");
        ligne.append(champ(`Blessure ${i + 1} (palier ${palier})`, nom), champ("Actions gênées", gene));
        bloc.append(ligne);
        return { nom, gene };
      });
      bloc.append(bouton("Appliquer les dégâts", () => this.operer({
        ...op, blessures: lignes.map((l) => ({ nom: l.nom.value, gene: l.gene.value })),
      })), bouton("Annuler", () => this.afficher()));
      this.corps.querySelector(".jdr-fiche-sante").after(bloc);
      lignes[0].nom.focus();
      this.dire(message);
    }

    afficher() {
      const v = this.vue;
      const haut = el("div", "jdr-fiche-entete");
      haut.append(el("strong", null, v.nom), el("span", "jdr-ton", v.ton === "raw" ? "Raw" : "Blockbuster"));

      // Santé
      const sante = el("section", "jdr-fiche-sante");
      const palierDe = (i) => v.paliers.find((p) => p.bas <= i && i <= p.haut).nom;
      sante.append(el("h4", null, `Santé ${v.sante}/${v.sante_max} : ${v.palier}`),
        jauge("jdr-jauge-sante", v.sante, v.sante_max, palierDe));
      const b = this.bornes;
      const degats = nombre(1, 0, b.degats_max);
      const fiction = Object.assign(document.createElement("input"), { type: "checkbox" });
      const trousse = Object.assign(document.createElement("input"), { type: "checkbox" });
      const intel = nombre(2, 0, b.attribut_max);
      const actions = el("div", "jdr-actions-fiche");
      actions.append(champ("Dégâts", degats),
        bouton("Encaisser", () => this.operer({ op: "subir", degats: degats.value })),
        bouton("Premiers soins réussis", () => this.operer({ op: "premiers_soins", reussi: true }),
          { desactive: v.premiers_soins_recus, titre: "INT Standard ; une fois par blessé et par scène" }),
        bouton("Premiers soins ratés", () => this.operer({ op: "premiers_soins", reussi: false }),
          { desactive: v.premiers_soins_recus }),
        champ("INT", intel),
        champ("trousse", trousse),
        bouton("Premiers soins (lancer INT)", () => this.operer({
          op: "premiers_soins", int: intel.value, trousse: trousse.checked,
        }), { desactive: v.premiers_soins_recus, titre: "INT Standard ; une trousse ajoute son dé" }),
        bouton("Soins médicaux", () => this.operer({ op: "soins_medicaux" }),
          { desactive: v.soins_medicaux_faits, titre: "Santé au maximum, une fois entre deux conflits" }),
        bouton("Fin de conflit", () => this.operer({ op: "fin_de_conflit", fiction_empeche: fiction.checked })),
        champ("la fiction l'empêche", fiction));
      sante.append(actions);

      const liste = el("ul", "jdr-blessures");
      for (const b of v.blessures) {
        const li = el("li", b.durable ? "jdr-blessure jdr-blessure--durable" : "jdr-blessure",
          `${b.nom} (${b.palier}) : −1d6 à ${b.gene.join(", ") || "(actions à préciser)"}${b.durable ? ", durable" : ""} `);
        if (b.durable) {
          const jours = nombre(b.jours_guerison, 0, 1000);
          li.append(champ("jours de repos", jours),
            bouton("Guérir (soins médicaux)", () => this.operer({ op: "guerir_durable", blessure: b.nom, soins: true, jours: jours.value })));
        } else {
          li.append(bouton("Rendre durable", () => this.operer({ op: "rendre_durable", blessure: b.nom })));
        }
        liste.append(li);
      }
      if (!v.blessures.length) liste.append(el("li", null, "Aucune blessure."));
      sante.append(el("h5", null, "Blessures"), liste);

      // Stress
      const stress = el("section", "jdr-fiche-stress");
      let titre = `Stress ${v.stress}/${v.stress_max}`;
      if (v.coup_d_eclat_pret) titre += " : Coup d'éclat prêt !";
      if (v.en_rupture) titre += ` : Rupture${v.mode_rupture ? ` (${v.mode_rupture})` : ""} !`;
      if (v.malus_stress) titre += " : −1d6 à tous les jets";
      stress.append(el("h4", null, titre), jauge("jdr-jauge-stress", v.stress, v.stress_max));
      const resister = Object.assign(document.createElement("input"), { type: "checkbox" });
      const con = nombre(2, 0, b.attribut_max);
      const evts = el("div", "jdr-actions-fiche");
      for (const [nom, valeur] of Object.entries(v.evenements)) {
        evts.append(bouton(`${nom} (+${valeur})`, () => this.operer({
          op: "evenement", evenement: nom, resister: resister.checked, con: con.value,
        })));
      }
      if (v.regles.rupture) evts.append(champ("Résister (CON Standard)", resister), champ("CON", con));
      const autres = el("div", "jdr-actions-fiche");
      autres.append(bouton(v.regles.coup_d_eclat ? "Relance (−1 Stress)" : "Relance (+1 Stress)",
        () => this.operer({ op: "relance" })));
      if (v.regles.coup_d_eclat) {
        autres.append(bouton("Déclarer le Coup d'éclat", () => this.operer({ op: "coup_d_eclat" }),
          { desactive: !v.coup_d_eclat_pret }));
      }
      if (v.regles.rupture) {
        autres.append(bouton("Réconfort (−1)", () => this.operer({ op: "reconfort" }),
          { desactive: v.reconfort_recu || v.en_rupture }));
        if (v.en_rupture) {
          const mode = document.createElement("select");
          for (const m of b.modes_rupture) {
            mode.append(Object.assign(document.createElement("option"), { value: m, textContent: m }));
          }
          const cha = nombre(2, 0, b.attribut_max);
          autres.append(champ("Rupture", mode), bouton("Choisir", () => this.operer({ op: "rupture", mode: mode.value })),
            champ("CHA de l'allié", cha), bouton("Ramener à lui", () => this.operer({ op: "ramener", cha: cha.value })));
        }
      }
      stress.append(evts, autres);

      // Temps
      const temps = el("section", "jdr-fiche-temps");
      temps.append(el("h4", null, "Repos et scènes"));
      const t = el("div", "jdr-actions-fiche");
      t.append(bouton("Pause sûre", () => this.operer({ op: "repos", duree: "pause" })),
        bouton("Scène de repos", () => this.operer({ op: "repos", duree: "scene" })),
        bouton("Nuit en sécurité", () => this.operer({ op: "repos", duree: "longue" })),
        bouton("Nouvelle scène", () => this.operer({ op: "nouvelle_scene" })));
      temps.append(t);

      const outils = el("section", "jdr-fiche-outils");
      outils.append(bouton("Exporter (JSON)", () => this.exporter()), this.outilsImport(),
        bouton("Réinitialiser", () => this.reinitialiser()));
      this.corps.replaceChildren(haut, sante, stress, temps, outils);
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
        const r = await moteur.demander({ type: "fiche", etat, op: { op: "lire" } });
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

  // --- La copie locale de Python (l'instantané rangé par jdr-worker.js, même nom de cache
  // que là-bas) : la page « À propos » permet de voir si elle existe et de l'effacer.
  const CACHE_INSTANTANES = "regles-vivantes-instantanes";

  async function brancherCopieLocale(zone) {
    const bouton = zone.querySelector("button");
    const etatCopie = zone.querySelector(".jdr-message");
    if (!window.caches) {
      etatCopie.textContent = "Ce navigateur ne garde pas de copie locale de Python.";
      return;
    }
    const decrire = async () => {
      let present = false;
      try {
        // caches.open créerait un cache vide : on demande d'abord s'il existe.
        present = (await caches.has(CACHE_INSTANTANES))
          && (await (await caches.open(CACHE_INSTANTANES)).keys()).length > 0;
      } catch {
        present = false;
      }
      etatCopie.textContent = present
        ? "Une copie locale de Python est enregistrée dans ce navigateur."
        : "Aucune copie locale de Python n'est enregistrée dans ce navigateur.";
      bouton.disabled = !present;
    };
    bouton.hidden = false;
    bouton.addEventListener("click", async () => {
      bouton.disabled = true;
      try {
        await caches.delete(CACHE_INSTANTANES);
        await decrire();
        etatCopie.textContent += " Python repartira de zéro à la prochaine visite.";
      } catch (erreurCopie) {
        etatCopie.textContent = `La copie locale n'a pas pu être effacée : ${erreurCopie.message}`;
      }
    });
    await decrire();
  }

  // --- Brancher une page (au premier chargement et après chaque navigation instantanée)
  function brancher() {
    for (const zone of document.querySelectorAll(".jdr-copie-locale:not([data-branche])")) {
      zone.dataset.branche = "1";
      brancherCopieLocale(zone);
    }
    const widgets = document.querySelectorAll(".jdr-exemple, form.jdr-lanceur, .jdr-fiche");
    for (const bloc of document.querySelectorAll(".jdr-exemple:not([data-branche])")) {
      bloc.dataset.branche = "1";
      bloc.querySelector(".jdr-executer").addEventListener("click", () => executer(bloc));
    }
    for (const form of document.querySelectorAll("form.jdr-lanceur:not([data-branche])")) {
      form.dataset.branche = "1";
      brancherLanceur(form);
    }
    for (const fiche of document.querySelectorAll(".jdr-fiche:not([data-branche])")) {
      fiche.dataset.branche = "1";
      try {
        new SuiviFiche(fiche);
      } catch (erreurFiche) {
        fiche.querySelector("output.jdr-sortie").textContent = `Suivi indisponible : ${erreurFiche.message}`;
      }
    }
    if (!widgets.length) return;
    // Le worker démarre dès qu'un widget va servir (survol, focus, toucher)…
    for (const w of widgets) {
      for (const type of ["pointerenter", "focusin", "touchstart"]) {
        w.addEventListener(type, () => moteur.demarrer(), { once: true, passive: true });
      }
    }
    // … ou quand la page est au repos.
    auRepos(() => moteur.demarrer());
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
