// Où s'écrit le message d'une fiche de suivi : une seule sortie (un <output>, annoncé au lecteur
// d'écran), gardée d'un rendu à l'autre et déplacée là où est l'œil : à l'ancre qu'une vue pose
// juste après le bouton d'une opération, sinon juste après le bouton pressé, sinon sous la fiche.
// Une alerte (refus, erreur) reste jusqu'au prochain geste du lecteur.
import { el } from "../../commun/dom.js";

// Le nom d'un bouton d'une fiche, stable d'un rendu à l'autre : son nom accessible, sans le compte
// qui change (« Annuler la dernière opération (3) »).
export function nomDeBouton(b) {
  return (b.getAttribute("aria-label") || b.textContent).replace(/ \(\d+\)$/, "");
}


// Les clés d'ancre d'une opération, la plus précise d'abord.
export function clesAncre(op) {
  return op.combattant !== undefined && op.combattant !== null ? [`${op.op}:${op.combattant}`, op.op] : [op.op];
}

// Le compte des gestes du lecteur dans la page (clic, touche, molette, toucher), tenu par un seul
// écouteur pour toutes les fiches : un message amené dans l'écran n'y est gardé que tant qu'il n'y a
// pas eu de geste depuis. Des écouteurs posés par chaque fiche sur la fenêtre survivaient à la
// navigation instantanée, qui garde la fenêtre, et retenaient chacun leur fiche disparue.
let gestes = 0;
for (const geste of ["pointerdown", "keydown", "wheel", "touchstart"]) {
  addEventListener(geste, () => {
    gestes += 1;
  }, { capture: true, passive: true });
}

export class Sortie {
  constructor(corps, message) {
    this.corps = corps;
    this.message = message;
    // Un refus affiché reste jusqu'au prochain geste du lecteur dans la fiche.
    this.refusTenu = false;
    // Où s'écrit le message : la clé de l'ancre de la dernière opération (voir ancre()), ou null
    // (sous la fiche) ; pendant une opération, les clés d'ancre qu'elle peut viser et le bouton pressé.
    this.ancreActive = null;
    this.boutonActif = null;
    this.opEnCours = null;
    this.boutonEnCours = null;
    // La sortie est un <output> (rôle « status » implicite) : le lecteur d'écran l'annonce.
    this.message.setAttribute("role", "status");
    // Le message amené dans l'écran y est gardé (garderVisible) jusqu'au prochain geste du lecteur, pas
    // pendant un temps fixé : sur un appareil lent, les chances recalculées arrivent bien après le message.
    this.sortieMontree = null;
    this.observateur = null;
    this.messageObserve = null;  // le message que l'observateur regarde
  }

  // Un message sous la fiche. Une alerte (refus, erreur) reste jusqu'au prochain geste du
  // lecteur : une nouvelle qui arrive entre-temps (un autre onglet a changé la fiche) s'écrit
  // sous elle au lieu de la remplacer.
  dire(texte, alerte) {
    // Pendant une opération, à côté de son bouton s'il a une ancre ; tout autre message (annuler,
    // importer, un autre onglet…) sous la fiche, là où sont ces boutons-là.
    this.ancreActive = this.opEnCours ? this.opEnCours.find((k) => this.trouverAncre(k)) ?? null : null;
    this.boutonActif = this.opEnCours && this.ancreActive === null ? this.boutonEnCours : null;
    const pres = this.placer();
    const p = el("p", alerte ? "jdr-erreur" : "jdr-message", texte);
    if (alerte) p.setAttribute("role", "alert");
    const tenu = this.refusTenu && !alerte ? this.message.querySelector(":scope > .jdr-erreur") : null;
    if (tenu) this.message.replaceChildren(tenu, p);
    else this.message.replaceChildren(p);
    if (alerte) this.refusTenu = true;
    // Le message est amené dans l'écran s'il déborde (rien ne bouge s'il est déjà visible ; le
    // focus reste sur le bouton) : toujours à côté du bouton, sous la fiche sur un téléphone.
    if (pres || matchMedia("(max-width: 44.9375em)").matches) {
      p.scrollIntoView({ block: "nearest" });
      this.sortieMontree = { p, gestes };
      this.suivreLeMessage(p);
    }
  }

  // Le message amené dans l'écran y est ramené s'il en sort sans geste du lecteur : les chances
  // recalculées, une ligne d'état, un avis, tout ce qui change de hauteur au-dessus de lui le pousse.
  // Un seul mécanisme pour toutes ces causes : on regarde le message lui-même (IntersectionObserver).
  // Lâché au premier geste ou quand le message s'en va (la navigation instantanée garde la fenêtre :
  // l'observateur ne doit pas retenir une fiche disparue).
  // Le message gardé le dit (data-garde) : « oui », puis la raison de l'avoir lâché (« geste », « parti »,
  // « suivant » : un autre message gardé l'a remplacé). Un message jamais gardé n'a pas l'attribut. Un test
  // qui voit un message hors de l'écran dit ainsi pourquoi (tests/navigateur/test_fiches_chances.py).
  garderVisible() {
    const m = this.sortieMontree;
    if (m && m.gestes === gestes && m.p.isConnected) m.p.scrollIntoView({ block: "nearest" });
    else this.lacherLeMessage(m && m.p.isConnected ? "geste" : "parti");
  }

  suivreLeMessage(p) {
    this.lacherLeMessage("suivant");
    if (!window.IntersectionObserver) return;
    this.observateur = new IntersectionObserver(([vu]) => {
      if (vu.intersectionRatio < 1) this.garderVisible();
    }, { threshold: 1 });
    this.observateur.observe(p);
    this.messageObserve = p;
    p.dataset.garde = "oui";
  }

  lacherLeMessage(raison) {
    if (!this.observateur) return;
    this.observateur.disconnect();
    this.observateur = null;
    this.messageObserve.dataset.garde = raison;
    this.messageObserve = null;
  }

  // Une ancre de message, qu'une vue pose juste après le bouton d'une opération : le résultat de
  // cette opération (ou son refus) s'y écrit, là où est l'œil, au lieu de tomber sous la fiche.
  // Une clé : le nom de l'opération (« attaquer »), ou « nom:combattant » pour un bouton de carte.
  ancre(...cles) {
    const a = el("div", "jdr-ancre-sortie");
    a.dataset.cles = cles.join(" ");
    return a;
  }

  trouverAncre(cle) {
    return [...this.corps.querySelectorAll(".jdr-ancre-sortie")].find((a) => a.dataset.cles.split(" ").includes(cle));
  }

  // La sortie (un seul élément, gardé d'un rendu à l'autre) va dans l'ancre active, ou sous la
  // fiche. Rend vrai si elle est à côté d'un bouton.
  placer() {
    const a = this.ancreActive === null ? null : this.trouverAncre(this.ancreActive);
    if (a) {
      if (this.message.parentElement !== a) a.append(this.message);
      return true;
    }
    // Sans ancre posée par la vue : juste après le bouton pressé (dans sa carte de jet, ou après sa
    // ligne d'actions), pour que le résultat tombe là où est l'œil.
    const b = this.boutonActif && [...this.corps.querySelectorAll("button")].find((x) => nomDeBouton(x) === this.boutonActif);
    if (b && b.offsetParent !== null) {
      const carte = b.closest("li");
      if (carte && this.corps.contains(carte)) {
        if (this.message.parentElement !== carte) carte.append(this.message);
      } else {
        const ligne = b.closest(".jdr-actions-fiche, .jdr-ligne") || b;
        if (ligne.nextElementSibling !== this.message) ligne.after(this.message);
      }
      return true;
    }
    if (this.message.previousElementSibling !== this.corps) this.corps.after(this.message);
    return false;
  }

  // Le prochain message (lecture, partage, import…) s'écrit sous la fiche, pas à côté d'un bouton.
  sousLaFiche() {
    this.ancreActive = null;
    this.boutonActif = null;
  }
}
