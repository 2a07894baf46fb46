// Le code modifié par le lecteur (« Modifier », « Exécuter ma version ») tourne à part : dans
// un second worker Pyodide (moteur/edition-worker.js), jamais celui des lanceurs, des fiches et du
// journal (moteur/jdr-worker.js).
//
// - Un worker par exécution : celui qui a servi est jeté, un autre se prépare au repos de la
//   page. Chaque version part donc d'un Python neuf et d'un jdr_core intact (celui de
//   l'instantané du moteur s'il existe), quoi qu'ait fait la précédente (jdr_core modifié,
//   os._exit, récursion qui a abîmé la pile).
// - Un budget de temps : une exécution qui dépasse BUDGET_S secondes est arrêtée depuis la
//   page (le worker est terminé, même s'il boucle sans fin dans Python).
// - La page n'accepte de ce worker que la réponse à sa requête en cours (même worker, même
//   numéro), réduite aux champs qu'un exemple rend ; jamais un message du moteur ni du journal.
// Les phrases de résultat viennent du pont Python ; ici, seulement l'état de ce worker.
import { BASE, auRepos } from "../moteur/client.js";
import { verifierRequete } from "../moteur/requete.js";

// Secondes accordées à une exécution, depuis l'envoi du code à un Python prêt (modules importés,
// interpréteur chauffé). Le plus lent des exemples du site (les chances de Philip, 2D6) y tourne
// en 0,3 à 0,6 s sur la machine de test au repos (tests/navigateur/test_bac.py).
export const BUDGET_S = 2;
// Le démarrage de Python pour le code modifié (sans instantané, sur une machine lente).
const DELAI_DEMARRAGE_MS = 60000;
// Caractères au plus par texte reçu : le pont borne déjà la sortie (SORTIE_MAX de pont.py).
const TEXTE_MAX = 120000;

export const MESSAGES = {
  demarrage: "Démarrage d'un Python à part pour votre version…",
  calcul: "Calcul de votre version…",
  sansFin: `Votre code tourne sans fin : arrêté après ${BUDGET_S} s. La prochaine exécution repart d'un Python neuf.`,
  echec: "Python n'a pas pu démarrer pour exécuter votre version : les lanceurs de la page ne sont pas touchés.",
  illisible: "La réponse de Python pour votre version est illisible : rien n'est affiché.",
};

function texte(valeur) {
  return typeof valeur === "string" ? valeur.slice(0, TEXTE_MAX) : "";
}

// Une réponse réduite à ce qu'un exemple modifié rend : des textes et des booléens.
export function nettoyer(reponse) {
  if (!reponse || typeof reponse !== "object") return { erreur: MESSAGES.illisible };
  if (typeof reponse.erreur === "string") return { erreur: texte(reponse.erreur) };
  if (!Array.isArray(reponse.lignes) || typeof reponse.verdict !== "string") return { erreur: MESSAGES.illisible };
  const lignes = reponse.lignes.slice(0, 1000).filter((l) => l && typeof l === "object").map((l) => {
    const ligne = { attendu: texte(l.attendu), obtenu: texte(l.obtenu), ok: l.ok === true };
    if (l.erreur && typeof l.erreur === "object") {
      ligne.erreur = { message: texte(l.erreur.message) };
      if (typeof l.erreur.detail === "string") ligne.erreur.detail = texte(l.erreur.detail);
    }
    return ligne;
  });
  return { ok: reponse.ok === true, lignes, mode: "modifie", verdict: texte(reponse.verdict) };
}

export const edition = {
  // { worker, pret: Promise<boolean> } : le worker qui servira la prochaine exécution.
  suivant: null,
  numero: 0,
  file: Promise.resolve(),
  // Lisibles par les tests : workers d'édition créés, état du prochain.
  crees: 0,
  // Les modules de jdr_core que le code nomme : le worker les importe avant de se dire prêt,
  // pour que le budget ne compte pas leur import (le plus lent des exemples passe de 0,6 s
  // à moins de 0,1 s dans Pyodide quand ses modules sont déjà importés).
  modules: [],

  retenir(source) {
    const noms = new Set(this.modules);
    for (const m of String(source).matchAll(/\bjdr_core\.([a-z_][a-z0-9_]*(?:\.[a-z_][a-z0-9_]*)*)/g)) noms.add(m[1]);
    this.modules = [...noms].slice(0, 20);
  },

  noter(etat) {
    document.documentElement.dataset.jdrEdition = etat;
  },

  // Prépare le worker de la prochaine exécution (au clic sur « Modifier », puis après chaque
  // exécution, au repos de la page).
  preparer(source = "") {
    this.retenir(source);
    if (this.suivant) return this.suivant;
    let worker;
    try {
      worker = new Worker(new URL("moteur/edition-worker.js", BASE), { type: "module" });
    } catch {
      this.noter("echec");
      return { worker: null, pret: Promise.resolve(false) };
    }
    document.documentElement.dataset.jdrEditionWorkers = String(++this.crees);
    this.noter("demarrage");
    const prochain = { worker, reponse: null };
    prochain.pret = new Promise((resoudre) => {
      const minuteur = setTimeout(() => resoudre(false), DELAI_DEMARRAGE_MS);
      worker.onmessage = (e) => {
        // Seul ce worker, et seulement ses messages d'état avant d'être prêt ; puis la seule
        // réponse attendue (voir executer).
        if (e.target !== worker || !e.data || typeof e.data !== "object") return;
        if (prochain.reponse) {
          prochain.reponse(e.data);
          return;
        }
        if (e.data.etat === "pret") {
          clearTimeout(minuteur);
          resoudre(true);
        } else if (e.data.etat === "echec") {
          clearTimeout(minuteur);
          resoudre(false);
        }
      };
      worker.onerror = (e) => {
        e.preventDefault();
        clearTimeout(minuteur);
        resoudre(false);
        if (prochain.reponse) prochain.reponse({ arret: true, id: prochain.id, reponse: { erreur: MESSAGES.echec } });
      };
    });
    prochain.pret.then((ok) => {
      if (this.suivant === prochain) this.noter(ok ? "pret" : "echec");
    });
    worker.postMessage({ init: { modules: this.modules } });
    this.suivant = prochain;
    return prochain;
  },

  // Plus aucun éditeur ouvert (« Revenir au texte ») : le Python préparé d'avance est rendu.
  liberer() {
    if (this.suivant && !document.querySelector(".jdr-editeur")) {
      this.jeter(this.suivant);
      this.noter("attente");
    }
  },

  jeter(prochain) {
    if (prochain.worker) prochain.worker.terminate();
    if (this.suivant === prochain) this.suivant = null;
  },

  // Exécute le code modifié ; `etat(message)` dit où l'on en est. Une exécution à la fois :
  // deux exemples modifiés en même temps passent l'un après l'autre.
  executer(source, etat) {
    const tour = this.file.then(() => this.executerSeul(source, etat));
    this.file = tour.catch(() => {});
    return tour;
  },

  async executerSeul(source, etat) {
    const requete = { type: "exemple", mode: "modifie", source };
    const refus = verifierRequete(requete);
    if (refus) return { erreur: `Requête refusée : ${refus}.` };
    const prochain = this.preparer(source);
    if (!prochain.worker) return { erreur: MESSAGES.echec };
    etat(MESSAGES.demarrage);
    const ok = await prochain.pret;
    // Ce worker sert cette exécution et aucune autre.
    if (this.suivant === prochain) this.suivant = null;
    if (!ok) {
      this.jeter(prochain);
      return { erreur: MESSAGES.echec };
    }
    this.noter("calcul");
    etat(MESSAGES.calcul);
    const id = ++this.numero;
    prochain.id = id;
    const reponse = await new Promise((resoudre) => {
      const minuteur = setTimeout(() => resoudre({ erreur: MESSAGES.sansFin }), BUDGET_S * 1000);
      prochain.reponse = (message) => {
        if (message.id !== id || !("reponse" in message)) return;  // pas la réponse attendue
        clearTimeout(minuteur);
        resoudre(nettoyer(message.reponse));
      };
      prochain.worker.postMessage({ id, requete });
    });
    this.jeter(prochain);
    this.noter("attente");
    // Le suivant se prépare quand la page est au repos, pour que la prochaine version parte aussitôt.
    auRepos(() => {
      if (document.querySelector(".jdr-editeur")) this.preparer();
    });
    return reponse;
  },
};
