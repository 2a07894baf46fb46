// La vue de la fiche 2D6 : caractéristiques, attributs, compétences, et un bouton par jet avec
// ses chances. Les règles restent dans jdr_core.deuxd6.suivi ; les chances suivent les réglages
// par la question « chances », posée au moteur sans rien changer à la fiche.
import { bouton, case_a_cocher, champ, el, liste, nombre, texte } from "../../../commun/dom.js";
import { creation as formulaire, demande, entete, garderReglage, jetsAvecChances, ligneAjout, listeModifiable, memoire, section } from "./commun.js";

export { demande };

export function creation(suivi) {
  const b = suivi.bornes;
  return formulaire(suivi, {
    indication: "Philip, Joséphine…",
    avis: `Caractéristiques de ${b.caracteristique_min} à ${b.caracteristique_max} :`,
    nombres: b.caracteristiques.map(([cle, libelle]) => [cle, libelle,
      nombre(b.caracteristique_defaut, b.caracteristique_min, b.caracteristique_max)]),
  });
}

export const renommable = true;
// Une fiche de personnage : une vue de jeu et une vue d'édition (rendu.js, choixDeVue).
export const vues = true;

function sectionJets(suivi, v) {
  const b = suivi.bornes;
  const m = memoire(suivi, "jets2d6", { difficulte: "0", autre: "0", scene: false });
  const zone = section("jdr-fiche-tests", "Lancer les dés");
  for (const avis of v.avis) zone.append(el("p", "jdr-fiche-avis", avis));
  const difficulte = liste(b.difficultes);
  difficulte.value = m.difficulte;
  const autre = nombre(m.autre, b.autre_min, b.autre_max);
  const scene = case_a_cocher();
  scene.checked = m.scene;
  const reglages = [["Difficulté", difficulte], ["Autre modificateur", autre]];
  const ligne = el("div", "jdr-ligne jdr-fiche-reglages");
  ligne.append(...reglages.map(([libelle, entree]) => champ(libelle, entree)),
    champ("Ce jet compte dans une scène (un critique donne son Dd au jet suivant)", scene));
  if (v.bonus) ligne.append(bouton("Oublier le bonus", () => suivi.operer({ op: "oublier_bonus" })));
  zone.append(ligne);
  const lire = () => ({ difficulte: difficulte.value, autre: autre.value });
  const { ul, legende } = jetsAvecChances(suivi, v.jets, {
    libelle: (j) => `Jet : ${j.libelle}`,
    operation: (j) => ({ op: "lancer", jet: j.jet, nom: j.nom, ...lire(), scene: scene.checked }),
    cle: (j) => `${j.jet}|${j.nom}`,
    liste: "jets", reglages, lire, m,
  });
  zone.append(legende, ul);

  // Sans la compétence : le jet par défaut, refusé d'office si l'action demande une formation.
  const defaut = el("div", "jdr-ligne");
  const carac = liste(b.caracteristiques);
  const formation = case_a_cocher();
  const proche = liste([["", "Aucune"], ...v.competences.map((c) => [c.nom, `${c.nom} (niveau ${c.niveau})`])]);
  defaut.append(champ("Sans la compétence, avec", carac), champ("L'action demande une formation théorique", formation),
    champ("Compétence proche", proche),
    bouton("Jet par défaut", () => suivi.operer({
      op: "lancer", jet: "sans_competence", nom: carac.value, formation: formation.checked, proche: proche.value,
      ...lire(), scene: scene.checked,
    })));
  zone.append(defaut);

  garderReglage(scene, m, "scene");
  return zone;
}

// Les compétences et les attributs : le nombre de chaque ligne (sa clé « cle » : niveau, valeur) se change
// sur place, puis l'opération « changer » l'envoie ; la ligne se retire par l'opération « retirer ».
function nombresModifiables(suivi, elements, { texte, bornes, cle, changer, libelle, retirer, quoi, vide }) {
  return listeModifiable(suivi, elements, {
    texte, libelle, vide,
    ligne: (e) => {
      const saisie = nombre(e[cle], ...bornes);
      return { champs: [[e.champ, saisie]], changer: () => ({ op: changer, nom: e.nom, [cle]: saisie.value }) };
    },
    aria: (e) => e.changer,
    retirer: (e) => ({ op: retirer, nom: e.nom }),
    nom: (e) => `${quoi} ${e.nom}`,
  });
}

function sectionCompetences(suivi, v) {
  const b = suivi.bornes;
  const zone = section("jdr-fiche-maitrises", "Compétences", "edition");
  const ul = nombresModifiables(suivi, v.competences, {
    texte: (c) => `${c.nom}${c.formation ? " (formation théorique)" : ""}`, bornes: [b.niveau_min, b.niveau_max],
    cle: "niveau", changer: "changer_niveau", libelle: "Changer le niveau", retirer: "retirer_competence",
    quoi: "la compétence", vide: b.sans_competence,
  });
  const nom = texte("", b.nom_max, "Mécanique, Conduite…");
  const niveau = nombre(b.niveau_defaut, b.niveau_min, b.niveau_max);
  const formation = case_a_cocher();
  const ajout = ligneAjout(suivi, [["Nouvelle compétence", nom], ["Niveau (0 : simple base)", niveau],
    ["Elle demande une formation théorique", formation]], "Ajouter la compétence", () => ({
    op: "ajouter_competence", nom: nom.value, niveau: niveau.value, formation: formation.checked,
  }), v.competences.length >= b.competences_max);
  zone.append(ul, ajout);
  return zone;
}

function sectionAttributs(suivi, v) {
  const b = suivi.bornes;
  const zone = section("jdr-fiche-attributs", "Caractéristiques et attributs", "edition");
  // Chaque attribut se change sur place (sa valeur) ou se retire.
  const ul = nombresModifiables(suivi, v.attributs, {
    texte: (a) => a.nom, bornes: [b.caracteristique_min, b.caracteristique_max],
    cle: "valeur", changer: "changer_attribut", libelle: "Changer", retirer: "retirer_attribut", quoi: "l'attribut",
  });
  const nom = texte("", b.nom_max, "Fatigue…");
  const valeur = nombre(b.caracteristique_defaut, b.caracteristique_min, b.caracteristique_max);
  const ajout = ligneAjout(suivi, [["Nouvel attribut", nom], ["Valeur de l'attribut", valeur]], "Ajouter l'attribut",
    () => ({ op: "ajouter_attribut", nom: nom.value, valeur: valeur.value }), v.attributs.length >= b.attributs_max);
  const carac = liste(b.caracteristiques);
  const nouvelle = nombre(b.caracteristique_defaut, b.caracteristique_min, b.caracteristique_max);
  const changer = el("div", "jdr-ligne");
  changer.append(champ("Caractéristique à changer", carac), champ("Nouvelle valeur", nouvelle),
    bouton("Changer la caractéristique", () => suivi.operer({
      op: "changer_caracteristique", caracteristique: carac.value, valeur: nouvelle.value,
    })));
  zone.append(ul, ajout, changer);
  return zone;
}

export function fiche(suivi, v) {
  const haut = entete(v.nom, [...v.caracteristiques, ...v.attributs].map((c) => `${c.nom} ${c.valeur}`).join(", "));
  return [haut, sectionJets(suivi, v), sectionCompetences(suivi, v), sectionAttributs(suivi, v)];
}
