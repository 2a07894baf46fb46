// Visite de retour : Python part dès la tête de la page.
//
// Le greffon écrit ce script en ligne (sans ses lignes de commentaire), juste après l'encodage,
// dans les seules pages qui ont un widget qui parle à Python (AVEC_PYTHON de moteur/client.js) ;
// l'attribut data-jdr-worker donne l'adresse du worker depuis la page. Quand ce navigateur a
// déjà rangé un instantané de Python (l'indice que moteur/client.js pose, CLE_INSTANTANE), le worker
// part ici, avant que la page soit lue et que Material et jdr.js s'exécutent : au banc, il
// partait sinon après l'événement « load ». moteur/client.js l'adopte ensuite (moteur.demarrer),
// avec les messages qu'il a déjà envoyés, rangés ici dans l'ordre. À la première visite, rien
// ne part d'ici : le worker attend le repos de la page ou le premier geste (jdr.js). jdr.js ne
// refait pas ce jugement : il adopte le worker s'il existe.
(() => {
  const script = document.currentScript;
  try {
    // La clé de moteur/client.js (CLE_INSTANTANE), que tests/test_plugin.py compare à celle-ci.
    if (localStorage.getItem("jdr-instantane") !== "1") return;
  } catch {
    // Stockage refusé : rien ne part avant jdr.js.
    return;
  }
  // Les fichiers que la visite précédente a dû prendre en .gz (moteur/client.js, CLE_VARIANTES) ;
  // aucun sous le service worker, qui en garde la version décompressée (variantesRetenues).
  let variantesGz = [];
  try {
    const retenues = JSON.parse(localStorage.getItem("jdr-variantes-gz") || "[]");
    if (Array.isArray(retenues) && !(navigator.serviceWorker && navigator.serviceWorker.controller)) variantesGz = retenues.filter((nom) => typeof nom === "string");
  } catch {
    // Indice illisible : chaque fichier sera demandé avant son .gz.
  }
  // Les indices de la page (systèmes à préchauffer) viennent plus tard, de moteur/client.js : le
  // corps de la page n'est pas encore lu. Ils ne servent que si l'instantané manque.
  // Le premier message du worker voyage dans son nom : un message posté n'arrive qu'une fois ce
  // fil libre (il transmet au worker les messages mis en attente pendant son chargement), et il est
  // pris par l'affichage de la page : 100 ms au banc. Le nom, le worker le lit dès son départ.
  const init = { partiels: {}, indicesAVenir: true, variantesGz };
  let worker;
  try {
    worker = new Worker(new URL(script.dataset.jdrWorker, document.baseURI), { type: "module", name: JSON.stringify({ init }) });
  } catch {
    // moteur/client.js réessaiera, et dira l'échec s'il y en a un.
    return;
  }
  const recus = [];
  worker.onmessage = (e) => recus.push(e.data);
  worker.onerror = (e) => {
    e.preventDefault();
    recus.push({ etat: "echec", detail: "une erreur l'a interrompu" });
  };
  window.__jdrAmorce = { worker, recus };
})();
