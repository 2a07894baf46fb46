// Le français des phrases que les scripts de page écrivent eux-mêmes (messages, avis, libellés) :
// celles des règles viennent déjà du cœur, typographiées. Une seule copie en JavaScript, parce que la
// page compose des phrases avec ce qu'elle sait seule (un nom de fichier, un compte de fiches).

// La typographie française des phrases écrites par les scripts de page : la même règle que
// typographier() de jdr_core/francais.py (tests/test_typographie.py compare les deux).
// Fine insécable avant ; ! ? » et %, après « ; insécable avant : et entre un nombre et le mot
// qu'il compte ; seules les espaces changent (adresses, heures 12:30 et rapports 1:2 intacts).
const BLANCS = "[ \\t\\r\\n\\u00a0\\u202f]+";
const AVANT_FINE = new RegExp(`${BLANCS}(?=[;!?»])`, "gu");
const AVANT_DEUX_POINTS = new RegExp(`${BLANCS}(?=:)`, "gu");
const APRES_GUILLEMET = new RegExp(`(?<=«)${BLANCS}`, "gu");
// Avant le signe d'un calcul entre deux nombres (« 7 + 1 = 8 ») : pas de ligne qui commence par « + 1 ».
const OPERATEUR = new RegExp(`(?<=[0-9)])${BLANCS}(?=[+−=×][ \\t\\r\\n\\u00a0\\u202f]*[−+]?[0-9])`, "gu");
const NOMBRE = new RegExp(
  `(?<![^ \\t\\r\\n\\u00a0\\u202f(\\[«—–])([−+-]?[0-9]+(?:,[0-9]+)?(?:er|re|e)?)(${BLANCS})(?=(%|[\\p{L}\\p{Nl}\\p{No}]+)(['’]?))`, "gu");
const MOTS_LIBRES = new Set(`à a ai après au aux avant avec c car ce ces cet cette chez comme contre d dans de des dès donc
  dont du elle elles en entre est et il ils j jusqu l la le les lorsqu lorsque m mais moins n ne ni on ont ou où par parmi
  pas plus pour puis qu quand que qui s sa sans se selon ses si sinon soit son sont sous sur t un une vers y`.split(/\s+/));
// Lettres qui ne sont un mot qu'élidées (« 3 s'ajoutent ») ; seules, une unité comptée (« 2 s ») : ELISIONS de francais.py.
const ELISIONS = new Set("cdjlmnst");

export function typographier(texte) {
  const phrase = String(texte);
  // Un texte vide ou fait de blancs reste tel quel : aucune espace à y mettre.
  if (/^[ \t\r\n]*$/.test(phrase)) return phrase;
  return phrase.replace(AVANT_FINE, "\u202f").replace(AVANT_DEUX_POINTS, "\u00a0").replace(APRES_GUILLEMET, "\u202f")
    .replace(OPERATEUR, "\u00a0")
    .replace(NOMBRE, (_m, nombre, blanc, mot, apostrophe) => {
      const m = mot.toLowerCase();
      const libre = MOTS_LIBRES.has(m) && (!ELISIONS.has(m) || apostrophe !== "");
      return nombre + (mot === "%" ? "\u202f" : libre ? blanc : "\u00a0");
    });
}

// Le mot accordé au nombre : singulier sous 2 (« 0 manche », « 1,6 Mo reçu »), pluriel ensuite.
export function accorder(nombre, singulier, pluriel = `${singulier}s`) {
  return Math.abs(nombre) < 2 ? singulier : pluriel;
}

// « 1 personnage », « 3 personnages », « 0 manche » (quantite() de francais.py).
export function quantite(nombre, singulier, pluriel = `${singulier}s`) {
  return `${nombre} ${accorder(nombre, singulier, pluriel)}`;
}
