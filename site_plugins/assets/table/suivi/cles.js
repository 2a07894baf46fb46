// Les clés des fiches de suivi dans le stockage du navigateur : leur seule grammaire. La fiche
// (fiche.js), les lanceurs qui appliquent un jet à un personnage (liaison.js) et la fiche D10 qui
// met un personnage au combat lisent ici ce qui est rangé, sans réécrire ces motifs.
//
//   jdr-suivi:<espace>:<id>              la première fiche d'un bloc (celle d'une fiche seule,
//                                        d'avant les groupes) ;
//   jdr-suivi:<espace>:<id>:p<horodatage> les suivantes, dans l'ordre de création ;
// où <espace> est le système pour le premier suivi d'un système, <systeme>:<suivi> pour les autres
// (la fiche D10 ne se mêle pas aux combats). La valeur est l'état JSON rendu par Python ; à côté,
// stockage.js tient <clé>#version et les clés d'opérations. Dans sessionStorage, par onglet : la
// fiche montrée d'un bloc (jdr-suivi-actif:<espace>:<id>) et sa vue (jdr-fiche-vue:<clé du bloc>).

const PREFIXE = "jdr-suivi:";
const HORODATAGE = /^[a-z0-9]+$/;

// L'espace des clés d'un suivi : son système, ou <systeme>:<suivi> s'il n'est pas le premier du système.
export function espace(systeme, suivi, second) {
  return second ? `${systeme}:${suivi}` : systeme;
}

export function cleDuBloc(espaceDuSuivi, fiche) {
  return `${PREFIXE}${espaceDuSuivi}:${fiche}`;
}

// La fiche montrée d'un bloc, gardée par onglet.
export function cleActive(espaceDuSuivi, fiche) {
  return `jdr-suivi-actif:${espaceDuSuivi}:${fiche}`;
}

// La vue montrée (« jeu » ou « edition ») d'un bloc de fiches de personnage, gardée par onglet.
export function cleDuMode(bloc) {
  return `jdr-fiche-vue:${bloc}`;
}

// Les fiches d'un bloc, la première d'abord, puis dans l'ordre de création.
export function membres(bloc) {
  const autres = [];
  for (let i = 0; i < localStorage.length; i++) {
    const cle = localStorage.key(i);
    if (cle && cle.startsWith(`${bloc}:p`) && HORODATAGE.test(cle.slice(bloc.length + 2))) autres.push(cle);
  }
  autres.sort();
  return localStorage.getItem(bloc) === null ? autres : [bloc, ...autres];
}

// Une clé libre pour une fiche de plus dans le bloc (la clé du bloc elle-même si elle est libre).
export function nouvelleCle(bloc) {
  if (localStorage.getItem(bloc) === null) return bloc;
  let cle;
  do {
    cle = `${bloc}:p${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36).padStart(2, "0")}`;
  } while (localStorage.getItem(cle) !== null);
  return cle;
}

const echapper = (texte) => texte.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

// Les fiches rangées par le premier suivi d'un système, tous blocs confondus, chacune avec son nom :
// [clé, nom], dans l'ordre des clés (les personnages qu'un lanceur propose, les combats D10).
export function fichesDuSysteme(systeme) {
  const motif = new RegExp(`^${PREFIXE}${echapper(systeme)}:[a-z0-9-]+(:p[a-z0-9]+)?$`);
  const cles = [];
  for (let i = 0; i < localStorage.length; i++) {
    const cle = localStorage.key(i);
    if (cle && motif.test(cle)) cles.push(cle);
  }
  return cles.sort().map((cle) => [cle, nomRange(cle)]);
}

// Le nom rangé dans une sauvegarde, pour une liste (sans Python : une fiche illisible a sa ligne aussi).
export function nomRange(cle) {
  try {
    const etat = JSON.parse(localStorage.getItem(cle));
    if (etat && typeof etat.nom === "string" && etat.nom.trim()) return etat.nom.slice(0, 80);
  } catch {
    // illisible : dit ci-dessous
  }
  return "fiche illisible";
}
