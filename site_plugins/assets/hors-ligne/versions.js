// Le service worker du site (hors-ligne/sw.js, écrit à la racine par la construction) vu de la page :
// son inscription, qui attend que Python ait fini son travail de fond, la nouvelle version publiée
// qui attend l'accord du lecteur, et le runtime de Python gardé pour le hors ligne une fois prêt.
import { typographier } from "../commun/francais.js";
import { AVEC_PYTHON, BASE, auRepos, fondFini, moteur } from "../moteur/client.js";

// Hors ligne : le service worker du site (/sw.js, écrit à la construction) garde pages,
// index de recherche, fichiers du site et runtime. Enregistré après le chargement, et
// seulement en HTTP ou HTTPS (pas depuis un fichier ouvert localement).
const RACINE = new URL("../../", BASE);
function enregistrer() {
  navigator.serviceWorker.register(new URL("sw.js", RACINE), { scope: RACINE.pathname })
    .then(suivreLesVersions).catch(() => {});
}

// Une nouvelle version publiée s'installe à côté de celle qui sert la page (sw.js) et
// attend : la page le dit, et ne passe à la nouvelle que si le lecteur le demande. Fiches,
// journal et instantané de Python ne sont pas dans le cache des pages : ils restent.
const CONTROLEE = /^https?:$/.test(location.protocol) && "serviceWorker" in navigator
  && Boolean(navigator.serviceWorker.controller);
let rechargementDemande = false;
const versions = { suivies: new WeakSet(), avis: null };

function suivreLesVersions(inscription) {
  if (!inscription || versions.suivies.has(inscription)) return;
  versions.suivies.add(inscription);
  const attendre = (travailleur) => {
    if (!travailleur) return;
    const verifier = () => {
      if (travailleur.state === "installed" && navigator.serviceWorker.controller) annoncerVersion(travailleur);
    };
    travailleur.addEventListener("statechange", verifier);
    verifier();
  };
  attendre(inscription.waiting);
  inscription.addEventListener("updatefound", () => attendre(inscription.installing));
}

function annoncerVersion(travailleur) {
  if (!versions.avis || !versions.avis.isConnected) {
    const div = document.createElement("div");
    div.className = "jdr-chargement jdr-nouvelle-version";
    div.setAttribute("role", "region");
    div.setAttribute("aria-label", "Nouvelle version");
    const texte = document.createElement("p");
    texte.setAttribute("role", "status");
    const bouton = document.createElement("button");
    bouton.type = "button";
    bouton.textContent = "Recharger";
    const plusTard = document.createElement("button");
    plusTard.type = "button";
    plusTard.textContent = "Plus tard";
    plusTard.addEventListener("click", () => div.remove());
    div.append(texte, bouton, plusTard);
    document.body.append(div);
    versions.avis = div;
  }
  const [texte, bouton] = versions.avis.children;
  texte.textContent = typographier(travailleur
    ? "Une nouvelle version des règles est disponible."
    : "Une nouvelle version des règles est active dans un autre onglet : rechargez cette page.");
  bouton.onclick = () => {
    bouton.disabled = true;
    // Plus de version en attente (un autre onglet l'a déjà acceptée) : recharger suffit.
    if (travailleur && travailleur.state === "installed") demanderLaReleve(travailleur);
    else location.reload();
  };
  // Demandée avant le rechargement de secours (voir relever) : la demande tient.
  if (travailleur && travailleur.state === "installed" && releveDemandee() && !rechargementDemande) {
    texte.textContent = typographier("La nouvelle version des règles s'installe : la page se rechargera d'elle-même.");
    bouton.disabled = true;
    rechargementDemande = true;
    relever(travailleur, RELEVE_ESSAIS + 1, false);
  }
}

// Le lecteur a demandé la nouvelle version : la demande est notée pour cet onglet, avec son
// heure (sessionStorage), si bien qu'elle tient encore si la page se recharge avant la
// relève ; passé le délai de Chromium, elle ne vaut plus (une version publiée plus tard
// attendra de nouveau l'accord du lecteur).
const RELEVE_DEMANDEE = "jdr-releve-demandee";
function demanderLaReleve(travailleur) {
  rechargementDemande = true;
  try {
    sessionStorage.setItem(RELEVE_DEMANDEE, String(Date.now()));
  } catch {
    // Stockage refusé (navigation privée stricte) : la demande vaut pour cette page seulement.
  }
  relever(travailleur);
}

function releveDemandee() {
  try {
    const depuis = Date.now() - Number(sessionStorage.getItem(RELEVE_DEMANDEE));
    return depuis >= 0 && depuis < RELEVE_MAX_S * 1000;
  } catch {
    return false;
  }
}

function oublierLaReleve() {
  try {
    sessionStorage.removeItem(RELEVE_DEMANDEE);
  } catch {
    // Rien à oublier.
  }
}

// Chromium ne passe la main à la version en attente qu'une fois l'ancienne sans travail en
// cours (une requête, un message), et au plus tard cinq minutes après la demande ; une requête
// qui arrive à l'instant où l'ancienne s'arrête la relance (notre test de mise à jour l'a vue
// attendre plus d'une minute sous la charge de la CI). La page redemande donc la relève
// chaque seconde tant qu'elle attend ; au bout de RELEVE_ESSAIS, elle se recharge, ce qui
// libère ses propres requêtes. La demande notée (releveDemandee) tient après ce rechargement :
// annoncerVersion dit que la nouvelle version s'installe et continue de la demander, sans
// recharger de nouveau ; la page se recharge d'elle-même quand celle-ci a pris la main. Les
// demandes s'arrêtent au bout de RELEVE_MAX_S, comme l'attente de Chromium.
const RELEVE_ESSAIS = 10;
const RELEVE_MAX_S = 330;
function relever(travailleur, essai = 1, recharger = true) {
  if (travailleur.state !== "installed") return;
  if (essai > RELEVE_ESSAIS && recharger) return location.reload();
  if (essai > RELEVE_MAX_S) return oublierLaReleve();
  travailleur.postMessage({ type: "activer" });
  setTimeout(() => relever(travailleur, essai + 1, recharger), 1000);
}

if (CONTROLEE) {
  navigator.serviceWorker.getRegistration(RACINE.href).then(suivreLesVersions).catch(() => {});
  // La nouvelle version a pris la main : cette page la demandait, elle se recharge ; sinon
  // (un autre onglet l'a acceptée), elle le dit au lieu de mélanger les deux versions.
  navigator.serviceWorker.addEventListener("controllerchange", () => {
    if (rechargementDemande) {
      oublierLaReleve();
      location.reload();
    } else {
      annoncerVersion(null);
    }
  });
}
// Son installation télécharge pages et scripts (environ 0,6 Mo compressé) et les range :
// du débit et du calcul, qu'elle ne doit pas disputer à Python (deux cœurs sur bien des
// téléphones). Sur une page dont les widgets vont démarrer Python (au premier geste ou
// au repos), elle attend que le worker ait fini son travail de fond (premier résultat,
// préchauffage, instantané) ou qu'il ait échoué, puis que la page soit au repos. Mesuré
// au banc (nox -s bench) : enregistrée dès le repos, elle coûtait 400 à 700 ms au premier clic.
function enregistrerAuCalme() {
  const pythonVient = moteur.etat === "telechargement" || moteur.etat === "demarrage"
    || (moteur.etat === "attente" && document.querySelector(AVEC_PYTHON));
  if (pythonVient) fondFini.then(() => auRepos(enregistrer));
  else enregistrer();
}
if (/^https?:$/.test(location.protocol) && "serviceWorker" in navigator) {
  const apresChargement = () => auRepos(enregistrerAuCalme);
  if (document.readyState === "complete") apresChargement();
  else window.addEventListener("load", apresChargement, { once: true });
}

// Python prêt : ses fichiers sont dans le cache HTTP du navigateur (« immutable »). Le
// service worker les recopie de là dans son cache s'il ne les a pas vus passer (premier
// chargement avant son activation) : aucun second téléchargement. Ceux que le worker a pris en
// .gz, il les garde décompressés (hors-ligne/sw.js) : après le travail de fond, au repos, pour ne
// rien disputer au premier jet.
function garderPourHorsLigne() {
  if (!("serviceWorker" in navigator)) return;
  let variantesGz = [];
  try {
    variantesGz = JSON.parse(document.documentElement.dataset.jdrMesures || "{}").variantes_gz || [];
  } catch {
    variantesGz = [];
  }
  navigator.serviceWorker.ready.then((r) => r.active && r.active.postMessage({ type: "garder-runtime", variantesGz }))
    .catch(() => {});
}
moteur.abonner((etat) => {
  if (etat === "pret") fondFini.then(() => auRepos(garderPourHorsLigne));
});
