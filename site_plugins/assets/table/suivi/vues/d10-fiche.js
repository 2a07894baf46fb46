// La vue de la fiche D10 : six caractéristiques, compétences (niveau ou années de pratique),
// armes, armure, blessures ; un bouton par jet avec ses chances, et « Mettre au combat », qui
// ajoute le personnage à un combat du suivi de combat rangé sur cet appareil. Les règles restent
// dans jdr_core.d10.suivi_fiche (et jdr_core.d10.suivi pour le combat).
import { bouton, case_a_cocher, champ, el, liste, nombre, texte } from "../../../commun/dom.js";
import { nouvelleOperation } from "../../stockage.js";
import { fichesDuSysteme, nomRange } from "../cles.js";
import { operationRangee, signalerIci } from "../rangement.js";
import { creation as formulaire, demande, entete, garderReglage, jetsAvecChances, ligneAjout, listeModifiable, listeRetirable, memoire, section } from "./commun.js";

export { demande };

export function creation(suivi) {
  const b = suivi.bornes;
  return formulaire(suivi, {
    indication: "Lina, Marek…",
    avis: `Caractéristiques de ${b.stat_min} à ${b.stat_max} :`,
    nombres: b.stats.map(([cle, libelle]) => [cle, libelle, nombre(b.stat_defaut, b.stat_min, b.stat_max)]),
  });
}

export const renommable = true;
// Une fiche de personnage : une vue de jeu et une vue d'édition (rendu.js, choixDeVue).
export const vues = true;

function sectionJets(suivi, v) {
  const b = suivi.bornes;
  const m = memoire(suivi, "jetsD10", { dv: String(b.dv_defaut), automatique: false });
  const zone = section("jdr-fiche-tests", "Lancer les dés");
  zone.append(el("p", "jdr-fiche-avis", v.blessures_texte));
  const dv = nombre(m.dv, b.dv_min, b.dv_max);
  const auto = case_a_cocher();
  auto.checked = m.automatique;
  const reglages = [[b.libelle_dv, dv]];
  const ligne = el("div", "jdr-ligne jdr-fiche-reglages");
  ligne.append(champ(reglages[0][0], dv), champ("Prendre la réussite automatique, sans marge, si elle est permise", auto));
  zone.append(ligne);
  const lire = () => ({ dv: dv.value });
  const { ul, legende } = jetsAvecChances(suivi, v.jets, {
    libelle: (j) => `Jet : ${j.libelle}`,
    operation: (j) => ({ op: "agir", competence: j.competence, stat: j.stat, dv: dv.value, automatique: auto.checked }),
    cle: (j) => `${j.competence}|${j.stat}`,
    liste: "jets", reglages, lire, m,
  });
  zone.append(legende, ul);
  garderReglage(auto, m, "automatique");
  return zone;
}

function champsPratique(b, niveau) {
  return { niveau: nombre(niveau, b.comp_min, b.comp_max), annees: nombre("", 0, b.annees_max), pratique: liste(b.diviseurs) };
}

function sectionCompetences(suivi, v) {
  const b = suivi.bornes;
  const zone = section("jdr-fiche-maitrises", "Compétences", "edition");
  zone.append(el("p", "jdr-fiche-avis", "Donnez le niveau, ou les années de pratique : la fiche en déduit l'autre."));
  // Les compétences de combat restent sur la fiche : elles se changent, elles ne se retirent pas.
  const ul = listeModifiable(suivi, v.competences, {
    texte: (c) => c.texte,
    ligne: (c) => {
      const f = champsPratique(b, c.niveau);
      f.pratique.value = String(c.diviseur);
      return {
        champs: [[c.champs.niveau, f.niveau], [c.champs.annees, f.annees], [c.champs.pratique, f.pratique]],
        changer: () => ({
          op: "changer_competence", nom: c.nom, niveau: f.annees.value ? "" : f.niveau.value, annees: f.annees.value,
          diviseur: f.pratique.value,
        }),
      };
    },
    libelle: "Changer",
    aria: (c) => `Changer ${c.nom}`,
    retirer: (c) => (c.combat ? null : { op: "retirer_competence", nom: c.nom }),
    nom: (c) => `la compétence ${c.nom}`,
  });
  const nom = texte("", b.nom_max, "Pistolet, Premiers soins…");
  const stat = liste(b.stats);
  const f = champsPratique(b, b.defauts.niveau);
  const ajout = ligneAjout(suivi, [["Nouvelle compétence", nom], ["Avec la caractéristique", stat], ["Niveau", f.niveau],
    ["ou années de pratique", f.annees], ["Pratique", f.pratique]], "Ajouter la compétence", () => ({
    op: "ajouter_competence", nom: nom.value, stat: stat.value, niveau: f.annees.value ? "" : f.niveau.value,
    annees: f.annees.value, diviseur: f.pratique.value,
  }), v.competences.length >= b.competences_max);
  zone.append(ul, ajout);
  return zone;
}

function sectionEquipement(suivi, v) {
  const b = suivi.bornes;
  const zone = section("jdr-fiche-armes", "Armes et armure", "edition");
  const ul = listeRetirable(suivi, v.armes, {
    texte: (a) => a.texte,
    retirer: (a) => ({ op: "retirer_arme", nom: a.nom }),
    nom: (a) => `l'arme ${a.nom}`,
    vide: "Aucune arme : à mains nues.",
  });
  const nom = texte("", b.nom_max, "Couteau, pistolet…");
  const degats = nombre(b.defauts.arme, b.arme_min, b.arme_max);
  const mode = liste(b.modes);
  const ajout = ligneAjout(suivi, [["Nouvelle arme", nom], ["Dégâts de l'arme", degats], ["Elle sert", mode]], "Ajouter l'arme",
    () => ({ op: "ajouter_arme", nom: nom.value, degats: degats.value, mode: mode.value }), v.armes.length >= b.armes_max);
  const armure = nombre(v.armure, b.armure_min, b.armure_max);
  const ligneArmure = el("div", "jdr-ligne");
  ligneArmure.append(champ("Armure", armure), bouton("Changer l'armure", () => suivi.operer({ op: "armure", armure: armure.value })));
  zone.append(ul, ajout, ligneArmure);
  return zone;
}

function sectionBlessures(suivi, v) {
  const b = suivi.bornes;
  const zone = section("jdr-fiche-energie", "Blessures");
  zone.append(el("p", "jdr-fiche-etat", v.blessures_texte));
  const gravite = liste(b.gravites);
  const actions = el("div", "jdr-actions-fiche");
  actions.append(champ("Gravité", gravite),
    bouton("Ajouter la blessure", () => suivi.operer({ op: "blesser", gravite: gravite.value }), { desactive: v.blessures.mort }),
    bouton("Guérir une blessure", () => suivi.operer({ op: "guerir", gravite: gravite.value })));
  zone.append(actions);
  return zone;
}

function sectionCombat(suivi, v) {
  const zone = section("jdr-fiche-combat", "Au combat");
  // Les combats rangés sur cet appareil : ceux du premier suivi du système, le suivi de combat.
  const presents = fichesDuSysteme(suivi.systeme);
  if (!presents.length) {
    zone.append(el("p", "jdr-fiche-avis", "Aucun combat rangé sur cet appareil : créez-en un sur la page du suivi de "
      + "combat, puis revenez y mettre ce personnage."));
    return zone;
  }
  const choix = liste(presents);
  const mettre = bouton("Mettre au combat", async () => {
    mettre.disabled = true;  // un clic, un combattant
    try {
      const cle = choix.value;
      const r = await operationRangee(suivi.systeme, cle, { op: "ajouter", ...v.combat }, nouvelleOperation());
      if (r.erreur) return suivi.dire(r.erreur, true);
      if (r.deja || r.disparue || r.illisible || r.plein || r.perime) {
        return suivi.dire("Le combat n'a pas pu être modifié (illisible, disparu ou stockage plein) : rien n'a changé.", true);
      }
      signalerIci(cle);
      suivi.dire(`${r.message} (combat « ${nomRange(cle)} »)`);
    } finally {
      mettre.disabled = false;
    }
  });
  zone.append(el("p", "jdr-fiche-avis", v.combat_texte), champ("Combat", choix), mettre);
  return zone;
}

// À la table (et à l'impression) : les armes et l'armure se lisent, elles se changent dans « Modifier ».
function resumeEquipement(v) {
  const zone = section("jdr-fiche-equipement", "Armes et armure");
  const ul = el("ul", "jdr-fiche-liste");
  for (const a of v.armes) ul.append(el("li", null, a.texte));
  if (!v.armes.length) ul.append(el("li", null, "Aucune arme : à mains nues."));
  zone.append(ul, el("p", null, `Armure ${v.armure}`));
  return zone;
}

export function fiche(suivi, v) {
  const haut = entete(v.nom, v.stats.map((s) => `${s.cle} ${s.valeur}`).join(", "));
  return [haut, sectionJets(suivi, v), sectionBlessures(suivi, v), resumeEquipement(v), sectionCompetences(suivi, v),
    sectionEquipement(suivi, v), sectionCombat(suivi, v)];
}
