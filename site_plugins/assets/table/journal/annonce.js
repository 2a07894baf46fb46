// L'entrée du journal des jets : chaque widget qui lance des dés annonce son jet ici, en une ligne.
// Le module du journal (journal.js) n'est chargé qu'au premier jet : aucune requête avant.
import { el } from "../../commun/dom.js";

// Le journal lui-même absent (plus bas) : la phrase commence comme ses refus (journal.js, NON_NOTE), qu'on
// ne peut importer d'ici sans charger le journal, ni d'un module commun sans le charger sur chaque page.
const REFUS_MODULE = "Ce jet n'a pas été noté au journal des jets : le module du journal n'a pas pu se charger"
  + " (réseau coupé ?). Rechargez la page une fois le réseau revenu.";

function texteDe(noeud) {
  // Seules les espaces ordinaires se resserrent : les insécables de la page restent.
  return noeud ? noeud.textContent.replace(/[ \t\r\n\f]+/g, " ").trim() : "";
}

// jet : { titre?, des?, issue, graine?, lien?, situation?, reglages? } ; le système, la page et
// le titre se lisent sur la page. La situation et les réglages d'un jet de lanceur viennent du
// cœur (jdr_core.mecanique.Mecanique.pour_journal : seuls ceux qui diffèrent du défaut).
export function annoncerJet(racine, jet) {
  const avis = racine.querySelector(".jdr-avis-rejeu");
  if (avis) avis.remove();  // un nouveau jet n'est plus le jet rejoué
  const lanceur = racine.matches("form.jdr-lanceur");
  const source = lanceur ? "lanceur" : racine.matches(".jdr-exemple") ? "exemple" : "suivi";
  const titre = jet.titre || texteDe(racine.querySelector(lanceur ? "legend" : ".jdr-exemple-titre"));
  const entree = {
    source,
    systeme: texteDe(document.querySelector(
      ".md-nav--primary > .md-nav__list > .md-nav__item--active > .md-nav__link .md-ellipsis")),
    page: texteDe(document.querySelector('[data-md-component="header-topic"]')) || document.title,
    titre,
    reglages: [],
    ...jet,
  };
  entree.titre = titre;
  // Un jet que le journal n'a pas pu noter (stockage plein, journal illisible) le dit à côté de
  // lui-même, sous le résultat affiché, tant que ce résultat est là.
  const sortie = racine.matches("output") ? racine : racine.querySelector("output.jdr-sortie") || racine;
  const resultat = sortie.lastElementChild;
  // Le module du journal qui ne vient pas (réseau coupé avant que le service worker le garde) : le jet
  // reste affiché, et la phrase dit qu'il n'est pas noté. Le navigateur garde cet échec pour toute la
  // page : seul un rechargement, le réseau revenu, le fera venir.
  const notation = import("./journal.js").then((journal) => journal.noter(entree), () => REFUS_MODULE);
  return notation.then((refus) => {
    if (refus && (!resultat || resultat.parentNode === sortie)) {
      const note = el("p", "jdr-erreur jdr-jet-non-note", refus);
      note.setAttribute("role", "alert");
      sortie.append(note);
    }
    return refus;
  });
}

// Un jet déjà noté change d'aspect (dés cachés révélés) : son entrée du journal, retrouvée par
// son lien de rejeu, prend les nouveaux dés et la nouvelle issue ; aucune entrée de plus.
export function reviserJet(lien, jet) {
  return import("./journal.js").then((journal) => journal.reviser(lien, jet), () => {});  // non noté : rien à réviser
}
