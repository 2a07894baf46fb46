"""Le graphique d'un lanceur : une barre par issue, en SVG, et les mêmes chiffres en tableau.

Un seul moteur de rendu, celui-ci : le bloc ``lanceur`` l'appelle à la construction (le
graphique est dans la page, sans JavaScript et à l'impression) et le registre le rend au
navigateur à chaque changement de réglage ; le JavaScript ne fait que poser ce balisage.
Tout texte passe par :func:`_e` (le même échappement que ``html.escape``). Les issues impossibles (probabilité 0 dans
chaque série) sont cachées ; la barre réalisée par le jet est mise en valeur.

Une ou deux séries : le réglage actuel, et, en mode « comparer », un réglage figé.

>>> from fractions import Fraction
>>> from jdr_core.issues import Barre, Repartition
>>> r = Repartition("Succès", (Barre("0", "aucun succès", Fraction(1, 4), "au moins 0 succès"),
...                            Barre("1", "1 succès", Fraction(3, 4), "au moins 1 succès")), au_moins=True)
>>> [ligne["au_moins"] for ligne in lignes([Serie("Réglage actuel", r)])]
[[Fraction(1, 1)], [Fraction(3, 4)]]
>>> "<svg" in figure([Serie("Réglage actuel", r)], ident="essai", realisee="1")
True
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from .cotes import pourcentage
from .issues import Barre, Repartition
from .mecanique import Mecanique, Valeurs

#: Géométrie du SVG (en pixels) : les barres s'étirent en pourcentage de la largeur.
HAUTEUR_LIBELLE = 18
HAUTEUR_BARRE = 14
ECART_BARRES = 3
MARGE_LIGNE = 10
HAUTEUR_LEGENDE = 20
#: Longueur de la plus grande barre, en pourcentage de la largeur (la place du reste : le texte).
LONGUEUR_MAX = 72


@dataclass(frozen=True)
class Serie:
    """Une série du graphique : un nom pour la légende et sa répartition."""

    nom: str
    repartition: Repartition
    #: Le nom court, pour les en-têtes du tableau (« actuel », « figé »).
    court: str = ""


#: Ce que ``html.escape(texte, quote=True)`` remplace, dans le même ordre (& d'abord).
_ECHAPPEMENTS = (("&", "&amp;"), ("<", "&lt;"), (">", "&gt;"), ('"', "&quot;"), ("'", "&#x27;"))


def _e(texte: object) -> str:
    # Écrit ici plutôt qu'importé : le module html tire html.entities (60 ko), qui
    # alourdissait l'archive de Python et son premier import dans le navigateur.
    sortie = str(texte)
    for signe, entite in _ECHAPPEMENTS:
        sortie = sortie.replace(signe, entite)
    return sortie


def lisible(p: Fraction) -> str:
    """Le pourcentage d'abord, arrondi sans jamais dire 0 % ou 100 % d'un cas possible mais rare.

    >>> lisible(Fraction(1, 2000)), lisible(Fraction(1999, 2000)), lisible(Fraction(3, 8))
    ('< 0,1 %', '> 99,9 %', '37,5 %')
    """
    if 0 < p < Fraction(1, 1000):
        return "< 0,1 %"
    if Fraction(999, 1000) < p < 1:
        return "> 99,9 %"
    return pourcentage(p)


def fraction(p: Fraction) -> str:
    return f"{p.numerator}/{p.denominator}"


def fusionner(series: Sequence[Serie]) -> list[Barre]:
    """Les barres de toutes les séries, une par clé, dans l'ordre des répartitions : une clé
    absente de la première série se range après sa voisine de gauche dans la sienne."""
    ordre: list[Barre] = []
    for serie in series:
        precedente: str | None = None
        for b in serie.repartition.barres:
            cles = [o.cle for o in ordre]
            if b.cle not in cles:
                position = 0 if precedente is None else cles.index(precedente) + 1
                ordre.insert(position, b)
            precedente = b.cle
    return ordre


def lignes(series: Sequence[Serie]) -> list[dict[str, Any]]:
    """Une ligne par issue possible dans au moins une série : sa probabilité dans chaque
    série et, si la lecture a un sens, la probabilité d'« au moins » cette issue."""
    resultat: list[dict[str, Any]] = []
    barres = fusionner(series)
    for b in barres:
        probas = []
        cumuls = []
        for serie in series:
            par_cle = {x.cle: x.probabilite for x in serie.repartition.barres}
            probas.append(par_cle.get(b.cle, Fraction(0)))
            rang = [x.cle for x in barres].index(b.cle)
            suite = {x.cle for x in barres[rang:]}
            cumuls.append(sum((p for c, p in par_cle.items() if c in suite), Fraction(0)))
        if any(probas):
            ligne: dict[str, Any] = {"barre": b, "probabilites": probas}
            if all(s.repartition.au_moins for s in series):
                ligne["au_moins"] = cumuls
            resultat.append(ligne)
    return resultat


def _infobulle(libelle: str, p: Fraction, nom_serie: str, cumul: Fraction | None, lecture: str) -> str:
    texte = f"{libelle} ({nom_serie}) : {lisible(p)}, fraction exacte {fraction(p)}"
    if cumul is not None and lecture:
        texte += f" ; {lecture} : {lisible(cumul)}"
    return texte


def svg(series: Sequence[Serie], *, ident: str, realisee: str | None = None) -> str:
    """Le graphique en barres horizontales : le libellé de l'issue, puis une barre par série."""
    contenu = lignes(series)
    deux = len(series) > 1
    titre_id = f"{ident}-graphique-titre"
    titre = series[0].repartition.titre
    resume = "répartition exacte" + (f", deux réglages comparés ({series[0].nom} ; {series[1].nom})" if deux else "")
    haut_ligne = HAUTEUR_LIBELLE + len(series) * (HAUTEUR_BARRE + ECART_BARRES) + MARGE_LIGNE
    y0 = HAUTEUR_LEGENDE * len(series) + 4 if deux else 0
    hauteur = y0 + haut_ligne * len(contenu)
    plus_grande = max((p for ligne in contenu for p in ligne["probabilites"]), default=Fraction(1)) or Fraction(1)
    morceaux = [
        f'<svg class="jdr-graphique-svg" role="img" aria-labelledby="{_e(titre_id)}" width="100%" '
        f'height="{hauteur}" xmlns="http://www.w3.org/2000/svg">',
        f'<title id="{_e(titre_id)}">{_e(titre)} : {_e(resume)}</title>',
    ]
    if deux:
        for i, serie in enumerate(series):
            y = i * HAUTEUR_LEGENDE
            morceaux.append(
                f'<g class="jdr-graphique-legende"><rect class="jdr-graphique-serie{i}" x="0" y="{y + 4}" '
                f'width="12" height="12"/><text x="18" y="{y + 14}">{_e(serie.nom)}</text></g>')
    for n, ligne in enumerate(contenu):
        b: Barre = ligne["barre"]
        y = y0 + n * haut_ligne
        marque = b.cle == realisee
        classe = "jdr-graphique-ligne jdr-graphique-ligne--realisee" if marque else "jdr-graphique-ligne"
        libelle = b.libelle + (" (ce jet)" if marque else "")
        morceaux.append(f'<g class="{classe}" data-cle="{_e(b.cle)}">')
        morceaux.append(f'<text class="jdr-graphique-libelle" x="0" y="{y + HAUTEUR_LIBELLE - 5}">{_e(libelle)}</text>')
        if ("au_moins" in ligne and not deux and b.au_moins
                and ligne["au_moins"][0] not in (1, ligne["probabilites"][0])):
            # La lecture « au moins » à droite de la ligne du libellé (une seule série) ; rien
            # quand elle ne dit rien de plus : certaine, ou égale à la barre (la meilleure issue).
            morceaux.append(f'<text class="jdr-graphique-cumul" x="100%" y="{y + HAUTEUR_LIBELLE - 5}" '
                            f'text-anchor="end">au moins : {_e(lisible(ligne["au_moins"][0]))}</text>')
        for i, (serie, p) in enumerate(zip(series, ligne["probabilites"], strict=True)):
            yb = y + HAUTEUR_LIBELLE + i * (HAUTEUR_BARRE + ECART_BARRES)
            longueur = float(p / plus_grande * LONGUEUR_MAX)
            cumul = ligne["au_moins"][i] if "au_moins" in ligne else None
            info = _infobulle(b.libelle, p, serie.nom, cumul, b.au_moins)
            texte = lisible(p)
            morceaux.append(
                f'<g><title>{_e(info)}</title>'
                f'<rect class="jdr-graphique-serie{i}" x="0" y="{yb}" width="{longueur:.2f}%" '
                f'height="{HAUTEUR_BARRE}" rx="2"/>'
                f'<text class="jdr-graphique-valeur" x="{longueur:.2f}%" dx="5" y="{yb + HAUTEUR_BARRE - 3}">'
                f"{_e(texte)}</text></g>")
        morceaux.append("</g>")
    morceaux.append("</svg>")
    return "".join(morceaux)


def tableau(series: Sequence[Serie], *, realisee: str | None = None) -> str:
    """Les mêmes chiffres en tableau : pourcentage, fraction exacte, et « au moins » s'il a un sens."""
    contenu = lignes(series)
    cumul = bool(contenu) and "au_moins" in contenu[0]
    tete = ["<th scope=\"col\">Issue</th>"]
    for serie in series:
        suffixe = f" ({_e(serie.court or serie.nom)})" if len(series) > 1 else ""
        tete.append(f'<th scope="col">Chance{suffixe}</th><th scope="col">Fraction exacte{suffixe}</th>')
        if cumul:
            tete.append(f'<th scope="col">Au moins{suffixe}</th>')
    corps = []
    for ligne in contenu:
        b: Barre = ligne["barre"]
        marque = b.cle == realisee
        entete = _e(b.libelle) + (" <strong>(ce jet)</strong>" if marque else "")
        cellules = [f'<th scope="row">{entete}</th>']
        for i, p in enumerate(ligne["probabilites"]):
            cellules.append(f'<td>{_e(lisible(p))}</td><td class="jdr-graphique-fraction">{_e(fraction(p))}</td>')
            if cumul:
                cellules.append(f"<td>{_e(lisible(ligne['au_moins'][i]))}</td>")
        classe = ' class="jdr-graphique-realisee"' if marque else ""
        corps.append(f"<tr{classe}>{''.join(cellules)}</tr>")
    # Un tableau plus large que l'écran défile : sa zone prend le focus, pour défiler au clavier.
    return ('<div class="jdr-graphique-defile" tabindex="0" role="region" aria-label="Chiffres du graphique">'
            f'<table class="jdr-graphique-table"><thead><tr>{"".join(tete)}</tr></thead>'
            f"<tbody>{''.join(corps)}</tbody></table></div>")


def figure(series: Sequence[Serie], *, ident: str, realisee: str | None = None) -> str:
    """Le graphique et, replié dessous, le tableau de ses chiffres."""
    titre = series[0].repartition.titre
    return (
        f'<figure class="jdr-graphique" data-series="{len(series)}">'
        f'<figcaption class="jdr-graphique-titre">{_e(titre)} : répartition exacte</figcaption>'
        f"{svg(series, ident=ident, realisee=realisee)}"
        '<details class="jdr-graphique-chiffres"><summary>Voir les chiffres</summary>'
        f"{tableau(series, realisee=realisee)}</details></figure>"
    )


def differences(meca: Mecanique[Any], actuelles: Valeurs, figees: Valeurs) -> tuple[str, str]:
    """Les noms des deux séries : ce qui distingue le réglage actuel du réglage figé.

    >>> from jdr_core.registre import mecanique
    >>> m = mecanique("3d6-test")
    >>> differences(m, m.valider({"avantages": 1}), m.valider({}))
    ('Actuel : Avantages 1', 'Figé : Avantages 0')
    """
    def texte(p: Any, v: object) -> str:
        if isinstance(v, bool):
            return f"{p.libelle} : {'oui' if v else 'non'}"
        if hasattr(p, "choix"):
            v = dict(p.choix).get(v, v)
        return f"{p.libelle} {v}"

    ecarts = [p for p in meca.parametres if actuelles[p.nom] != figees[p.nom]]
    if not ecarts:
        return "Réglage actuel", "Réglage figé (identique)"
    montres = ecarts[:2]
    reste = " …" if len(ecarts) > 2 else ""
    return ("Actuel : " + ", ".join(texte(p, actuelles[p.nom]) for p in montres) + reste,
            "Figé : " + ", ".join(texte(p, figees[p.nom]) for p in montres) + reste)


def pour_lanceur(meca: Mecanique[Any], valeurs: Valeurs, *, ident: str, realisee: str | None = None,
                 comparaison: Mapping[str, Any] | None = None, repartition: Repartition | None = None) -> str:
    """Le graphique d'un lanceur pour des valeurs validées ; avec ``comparaison`` (des valeurs
    validées elles aussi), la seconde série du mode « comparer »."""
    actuelle = meca.repartir(valeurs) if repartition is None else repartition
    if comparaison is None:
        return figure([Serie("Réglage actuel", actuelle)], ident=ident, realisee=realisee)
    figees = dict(comparaison)
    nom_actuel, nom_fige = differences(meca, valeurs, figees)
    series = [Serie(nom_actuel, actuelle, "actuel"), Serie(nom_fige, meca.repartir(figees), "figé")]
    return figure(series, ident=ident, realisee=realisee)
