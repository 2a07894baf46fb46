// Ce que le lecteur a tapé, choisi ou ouvert dans une fiche de suivi survit à un rendu qu'il n'a pas
// demandé (un autre onglet a changé la fiche, un refus la remontre) : les champs touchés, les replis
// ouverts, le focus et la sélection, une demande en cours, retrouvés d'un rendu à l'autre par leur
// identité dans la fiche.

// L'identité d'un champ (ou d'un repli) de la fiche, stable d'un rendu à l'autre : le chemin de
// ses cartes (data-id), sections et replis, son libellé, son rang parmi ses semblables.
function identites(corps, selecteur) {
  const vus = new Map();
  return [...corps.querySelectorAll(selecteur)].map((n) => {
    const chemin = [];
    for (let p = n.parentElement; p && p !== corps; p = p.parentElement) {
      if (p.dataset.id) chemin.push(`#${p.dataset.id}`);
      else if (p.tagName === "DETAILS") {
        const titre = p.querySelector(":scope > summary");
        chemin.push(`details.${p.className}:${titre ? titre.textContent.replace(/\d+/g, "") : ""}`);
      } else if (p.tagName === "SECTION" || p.tagName === "FIELDSET") chemin.push(`${p.tagName}.${p.className}`);
      else if (p.tagName === "LABEL" && p.firstElementChild) chemin.push(p.firstElementChild.textContent);
    }
    const base = [...chemin.reverse(), n.getAttribute("aria-label") || "", n.type || n.tagName].join("|");
    const rang = vus.get(base) || 0;
    vus.set(base, rang + 1);
    return [`${base}|${rang}`, n];
  });
}

export class Saisies {
  constructor(corps) {
    this.corps = corps;
    // Les champs que le lecteur a touchés : un rendu venu d'un autre onglet les garde.
    this.touches = new WeakSet();
    this.restauration = false;
  }

  // Un évènement input ou change de la fiche ; faux s'il vient de la restauration elle-même.
  noter(e) {
    if (this.restauration) return false;
    if (e.target instanceof Element && e.target.matches("input, select, textarea")) this.touches.add(e.target);
    return true;
  }

  // Ce que le lecteur a tapé, choisi ou ouvert dans la fiche, pour le rendu suivant.
  lire() {
    const champs = new Map();
    for (const [id, n] of identites(this.corps, "input, select, textarea")) {
      if (this.touches.has(n)) champs.set(id, n.type === "checkbox" ? n.checked : n.value);
    }
    const replis = new Map(identites(this.corps, "details").map(([id, n]) => [id, n.open]));
    const actif = document.activeElement;
    const focus = actif && this.corps.contains(actif) && actif.matches("input, select, textarea")
      ? identites(this.corps, "input, select, textarea").find(([, n]) => n === actif) : null;
    const selection = focus && typeof actif.selectionStart === "number" ? [actif.selectionStart, actif.selectionEnd] : null;
    // Une demande en cours (blessures à nommer) : l'élément lui-même, avec ce qui y est tapé.
    const demande = this.corps.querySelector(".jdr-fiche-demande");
    const ancre = demande && demande.previousElementSibling ? demande.previousElementSibling.className.split(" ")[0] : null;
    return { champs, replis, focus: focus ? focus[0] : null, selection, demande, ancre };
  }

  rendre(saisie, demandeEnAttente) {
    this.restauration = true;
    try {
      if (saisie.demande && demandeEnAttente) {
        const ancre = saisie.ancre && this.corps.querySelector(`.${CSS.escape(saisie.ancre)}`);
        if (ancre) ancre.after(saisie.demande);
      }
      for (const [id, n] of identites(this.corps, "details")) if (saisie.replis.has(id)) n.open = saisie.replis.get(id);
      for (const [id, n] of identites(this.corps, "input, select, textarea")) {
        if (!saisie.champs.has(id)) continue;
        const valeur = saisie.champs.get(id);
        if (n.type === "checkbox") n.checked = valeur;
        else if (n.tagName === "SELECT" && ![...n.options].some((o) => o.value === valeur)) continue;
        else n.value = valeur;
        this.touches.add(n);
        // Les champs qui en règlent d'autres (mode d'attaque → distance) suivent.
        n.dispatchEvent(new Event("change"));
      }
      const focus = saisie.focus && identites(this.corps, "input, select, textarea").find(([id]) => id === saisie.focus);
      if (focus) {
        focus[1].focus({ preventScroll: true });
        if (saisie.selection) try { focus[1].setSelectionRange(...saisie.selection); } catch { /* champ sans sélection */ }
      }
    } finally {
      this.restauration = false;
    }
  }
}
