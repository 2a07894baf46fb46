"""Les blocs personnalisés de pymdownx.superfences : ``exemple``, ``lanceur``, ``tableau``, ``fiche``.

Chaque bloc est un validateur (qui lit et vérifie les options) plus un formateur (qui
rend le HTML) ; :data:`BLOCS` les liste, et le greffon les déclare lui-même à
superfences. Un bloc mal écrit lève :class:`SuperFencesException`, que superfences
laisse passer : la construction s'arrête avec le message. Tout est rendu à la construction : sans
JavaScript, à l'impression ou si Python ne charge pas, l'exemple et ses sorties
attendues restent lisibles, et le lanceur montre ses cotes pour les valeurs par défaut.
"""

from __future__ import annotations

import html
import json
from dataclasses import dataclass, field
from functools import partial
from typing import Any

from mkdocs.exceptions import PluginError
from pygments import highlight
from pygments.formatters import HtmlFormatter
from pygments.lexers import PythonConsoleLexer
from pymdownx.superfences import SuperFencesException

from jdr_core.erreurs import JdrErreur
from jdr_core.francais import en_minuscule
from jdr_core.graphique import pour_lanceur
from jdr_core.issues import cotes_affichees
from jdr_core.mecanique import Choix, Mecanique, OuiNon, Parametre
from jdr_core.registre import mecanique, mecaniques, suivi, systeme, systeme_de, tables

from .exemples import ID_VALIDE
from .lieux import lieu, ligne_du_bloc
from .situation import Reglage, reglages
from .verdicts import ARRETER, Verdict, verdict_html, verifier

_FORMATEUR = HtmlFormatter(nowrap=True)


def _attr(valeur: object) -> str:
    return html.escape(str(valeur), quote=True)


def _json_script(classe: str, donnees: object) -> str:
    """Les données d'un widget, en JSON dans un ``<template>`` (lu par ``content.textContent``).

    Pas dans un ``<script type="application/json">`` : quand la navigation instantanée de
    Material refait la page (une ancre de la page même, par exemple), elle recrée chaque
    script sans ses attributs ; le widget perdait ses données. Un ``template`` reste tel quel,
    ne s'affiche pas, n'entre ni dans la recherche ni dans la typographie.
    """
    texte = html.escape(json.dumps(donnees, ensure_ascii=False), quote=False)
    return f'<template class="{classe}">{texte}</template>'


# --- bloc mal écrit ; ce que les blocs ont rendu ---------------------------------

class BlocInvalide(SuperFencesException, PluginError):  # type: ignore[misc]  # pymdownx n'est pas typé
    """Un bloc mal écrit : superfences laisse passer cette exception (au lieu de rendre un
    bloc de code ordinaire) et MkDocs arrête la construction en affichant le message, précédé du
    fichier et de la ligne du bloc (:meth:`situee`, que :func:`declarations` ajoute)."""

    def __init__(self, message: str, lieu: str = "") -> None:
        self.raison = message
        self.lieu = lieu
        super().__init__(f"jdr : {lieu} : {message}" if lieu else f"jdr : {message}")

    def situee(self, lieu: str) -> BlocInvalide:
        """La même erreur, qui nomme le fichier et la ligne (une erreur déjà située le reste)."""
        return self if self.lieu or not lieu else BlocInvalide(self.raison, lieu)


@dataclass
class Registre:
    """Ce que les blocs ont rendu pendant une construction, page par page.

    Un formateur de superfences ne reçoit pas la page : le greffon la pose ici avant de la
    convertir (on_page_markdown), comme markdown-exec. Le greffon tient son registre : il en prend
    un neuf à chaque construction (on_config, y compris quand ``mkdocs serve`` reconstruit) et
    le donne à nos blocs (:func:`declarations`) et aux jets en ligne ; aucun état ne vit dans un
    module. Le greffon lit ensuite ces données au lieu de relire le HTML.
    """

    #: La page en cours de conversion : (fichier source, adresse), vide hors d'une construction.
    page: tuple[str, str] = ("", "")
    #: Identifiant d'exemple → fichier source de la page qui le porte.
    exemples: dict[str, str] = field(default_factory=dict)
    #: Mécanique → (adresse de la page, id du formulaire) de son premier lanceur.
    lanceurs: dict[str, tuple[str, str]] = field(default_factory=dict)
    #: Fichier source → liens provisoires vers un lanceur (mécanique, adresse provisoire).
    liens: dict[str, set[tuple[str, str]]] = field(default_factory=dict)
    #: La page en cours, pour les messages d'erreur : son chemin depuis la racine du projet
    #: (« docs/troisd6/test.md » ; à défaut, le fichier source) et son texte tel qu'il est sur le
    #: disque, où l'on retrouve la ligne d'un bloc (:mod:`site_plugins.lieux`).
    fichier: str = ""
    texte: str = ""
    #: En écriture (option ``ecriture``) : le verdict de chaque exemple, par fichier source.
    verdicts: dict[str, list[Verdict]] = field(default_factory=dict)
    #: La dernière ligne de bloc retrouvée par langage : deux blocs pareils se lisent dans l'ordre.
    _curseurs: dict[str, int] = field(default_factory=dict)
    #: Tous les lanceurs rendus, dans l'ordre : (fichier source, mécanique, adresse, id) ; une page
    #: oubliée retire les siens, et le premier d'une autre page prend sa place.
    _tous_les_lanceurs: list[tuple[str, str, str, str]] = field(default_factory=list)

    def vider(self) -> None:
        """Repartir de rien (une nouvelle construction, ou ``mkdocs serve`` qui reconstruit)."""
        self.page = ("", "")
        self.exemples.clear()
        self.lanceurs.clear()
        self._tous_les_lanceurs.clear()
        self.liens.clear()
        self.verdicts.clear()
        self.poser_source("", "")

    def poser_source(self, fichier: str, texte: str) -> None:
        """La page dont on va convertir le texte : son chemin lisible et son texte sur le disque."""
        self.fichier, self.texte = fichier, texte
        self._curseurs.clear()

    def oublier_page(self, source: str) -> None:
        """Oublier ce qu'une page avait rendu, avant de la convertir à nouveau (``mkdocs serve
        --dirty`` ne reconvertit que les pages modifiées et garde ce que les autres ont noté)."""
        for ident in [i for i, s in self.exemples.items() if s == source]:
            del self.exemples[ident]
        self._tous_les_lanceurs = [t for t in self._tous_les_lanceurs if t[0] != source]
        self.lanceurs.clear()
        for _, nom, adresse, ident in self._tous_les_lanceurs:
            self.lanceurs.setdefault(nom, (adresse, ident))
        self.liens.pop(source, None)
        self.verdicts.pop(source, None)

    def lieu(self, ligne: int | None = None) -> str:
        """« docs/x.md, ligne N » pour la page en cours (le fichier seul sans ligne, rien hors d'une page)."""
        return lieu(self.fichier or self.page[0], ligne)

    def ligne_du_bloc(self, langage: str, options: dict[str, str], corps: str | None = None) -> int | None:
        """La ligne du bloc ``langage`` à ces options dans la page en cours (voir :func:`ligne_du_bloc`)."""
        ligne = ligne_du_bloc(self.texte, langage, options, corps, self._curseurs.get(langage, 0))
        if ligne and corps is None:
            self._curseurs[langage] = ligne
        return ligne

    def exemple(self, ident: str) -> None:
        """Un identifiant d'exemple ne sert qu'une fois dans le site."""
        source = self.page[0]
        ailleurs = self.exemples.setdefault(ident, source)
        if ailleurs != source:
            raise BlocInvalide(f"exemple « {ident} » en double ({ailleurs}, {source})")

    def lanceur(self, nom: str, ident: str) -> None:
        self._tous_les_lanceurs.append((self.page[0], nom, self.page[1], ident))
        self.lanceurs.setdefault(nom, (self.page[1], ident))

    def lien(self, nom: str, valeurs: dict[str, object]) -> str:
        """L'adresse provisoire d'un lien vers le lanceur ``nom``, notée pour la page en cours."""
        adresse = lien_lanceur(nom, valeurs)
        self.liens.setdefault(self.page[0], set()).add((nom, adresse))
        return adresse


def mecanique_connue(nom: str) -> Mecanique[Any]:
    """La mécanique ``nom`` du registre, ou une :class:`JdrErreur` qui propose le nom le plus proche.

    >>> mecanique_connue("3d6-tets")
    Traceback (most recent call last):
    ...
    jdr_core.erreurs.JdrErreur: mécanique « 3d6-tets » inconnue (vouliez-vous écrire « 3d6-test » ?)
    """
    import difflib

    if nom in mecaniques():
        return mecanique(nom)
    proches = difflib.get_close_matches(nom, list(mecaniques()), n=1, cutoff=0.6)
    conseil = f"vouliez-vous écrire « {proches[0]} » ?" if proches else "voyez les mécaniques de jdr_core/<systeme>/"
    raise JdrErreur(f"mécanique « {nom[:40]} » inconnue ({conseil})")


# --- exemple -----------------------------------------------------------------

def _refuser_le_reste(bloc: str, inputs: dict[str, str]) -> None:
    if inputs:
        raise BlocInvalide(f"bloc {bloc} : option inconnue {sorted(inputs)[0]}")


def _identifiant(bloc: str, inputs: dict[str, str], options: dict[str, Any]) -> str:
    """L'``id`` obligatoire d'un bloc (minuscules, chiffres et tirets), rangé dans ses options."""
    ident = inputs.pop("id", "")
    options["id"] = ident
    if not ID_VALIDE.match(ident):
        raise BlocInvalide(f"bloc {bloc} : id « {ident} » invalide (minuscules, chiffres et tirets)")
    return ident


def _lire_valeurs(texte: str) -> dict[str, str]:
    """``nom=valeur nom2=valeur2`` : les valeurs d'un lanceur, séparées par des espaces."""
    valeurs: dict[str, str] = {}
    for morceau in texte.split():
        nom, egal, valeur = morceau.partition("=")
        if not egal or not nom:
            raise BlocInvalide(f"valeurs « {morceau} » : attendu nom=valeur")
        valeurs[nom] = valeur
    return valeurs


def valider_exemple(
    language: str, inputs: dict[str, str], options: dict[str, Any], attrs: dict[str, Any], md: Any
) -> bool:
    ident = _identifiant("exemple", inputs, options)
    options["titre"] = inputs.pop("titre", "")
    lanceur = inputs.pop("lanceur", "")
    valeurs = inputs.pop("valeurs", "")
    _refuser_le_reste(f"exemple « {ident} »", inputs)
    if valeurs and not lanceur:
        raise BlocInvalide(f"bloc exemple « {ident} » : valeurs= sans lanceur=")
    if lanceur:
        try:
            options["lanceur"] = (lanceur, mecanique_connue(lanceur).valider(_lire_valeurs(valeurs)))
        except JdrErreur as e:
            raise BlocInvalide(f"bloc exemple « {ident} » : {e}") from e
    return True


#: Une source de dés scriptée : l'exemple peut se rejouer « avec d'autres dés ».
DES_SCRIPTES = "DesScriptes("
#: Adresse provisoire d'un lien « Lancer cette situation », remplacée par le greffon
#: (on_post_page) par l'adresse de la page qui porte ce lanceur : le lanceur peut vivre sur
#: une page convertie plus tard. Les liens de chaque page sont notés dans le :class:`Registre`.
MARQUE_LANCEUR = "jdr-lanceur:"


def lien_lanceur(nom: str, valeurs: dict[str, object]) -> str:
    """L'adresse provisoire du lanceur, avec ses paramètres (comme un lien de rejeu sans graine)."""
    from urllib.parse import urlencode

    def texte(v: object) -> str:
        return ("1" if v else "0") if isinstance(v, bool) else str(v)

    return f"{MARQUE_LANCEUR}{nom}?" + urlencode({"lanceur": nom, **{k: texte(v) for k, v in valeurs.items()}})


def sorties_attendues(source: str) -> list[str]:
    """Ce que l'exemple affiche, ligne à ligne, d'après le texte du doctest."""
    import doctest

    sorties: list[str] = []
    for exemple in doctest.DocTestParser().get_examples(source):
        sorties += [ligne for ligne in exemple.want.splitlines() if ligne.strip()]
    return sorties


def formater_exemple(
    source: str, language: str, class_name: str, options: dict[str, Any], md: Any, *,
    registre: Registre, ecriture: str = "", **kwargs: Any
) -> str:
    """Un exemple : ses sorties attendues, les boutons du joueur et du vérificateur, son code replié.
    En écriture (``ecriture``, voir :mod:`site_plugins.verdicts`), son verdict au-dessus, calculé ici."""
    ident = options["id"]
    registre.exemple(ident)
    titre = options.get("titre") or "Exemple"
    verdict = ""
    if ecriture:
        resultat = verifier(source, ident, options.get(LIGNE))
        registre.verdicts.setdefault(registre.page[0], []).append(resultat)
        if ecriture == ARRETER and not resultat.ok:
            premiere = resultat.ecarts[0].ligne if resultat.ecarts else resultat.ligne
            raise BlocInvalide(resultat.resume(), registre.lieu(premiere))
        verdict = verdict_html(resultat)
    code = highlight(source, PythonConsoleLexer(), _FORMATEUR)
    sorties = "".join(f'<p class="jdr-exemple-ligne">{_attr(sortie)}</p>' for sortie in sorties_attendues(source))
    # Les boutons du joueur d'abord (rejouer avec d'autres dés, changer la situation, la lancer), puis
    # ceux du vérificateur : « Exécuter » refait le calcul du texte, et « Voir le code », replié sous le
    # résultat, le montre.
    boutons: list[str] = []
    if DES_SCRIPTES in source:
        boutons.append('<button type="button" class="jdr-autres-des md-button">Avec d\'autres dés</button>')
    boutons.append('<button type="button" class="jdr-modifier md-button" aria-expanded="false">Modifier</button>')
    if "lanceur" in options:
        nom, valeurs = options["lanceur"]
        boutons.append(f'<a class="jdr-lancer-situation md-button" href="{_attr(registre.lien(nom, valeurs))}">'
                       "Lancer cette situation</a>")
        # « Modifier » montre d'abord la situation en champs (ceux du lanceur, réglés comme
        # l'exemple) : un modèle inerte, qu'exemple.js pose dans la page au premier clic.
        situation = formulaire_lanceur(mecanique(nom), valeurs, f"exemple-{ident}-situation",
                                       "Votre version de la situation", graphique=False,
                                       titre_journal=f"{titre} (votre version)")
        situation = f'<template class="jdr-situation-modele">{situation}</template>'
    else:
        situation = formulaire_reglages(ident, reglages(source))
    boutons.append('<button type="button" class="jdr-executer md-button" '
                   f'aria-describedby="exemple-{_attr(ident)}-etat">Exécuter</button>')
    return (
        f'<div class="jdr-exemple" data-exemple="{_attr(ident)}" id="exemple-{_attr(ident)}">'
        f'<p class="jdr-exemple-titre">{_attr(titre)}</p>{verdict}'
        f'<div class="jdr-exemple-sorties" aria-label="Ce que donne l\'exemple">{sorties}</div>'
        f'<div class="jdr-exemple-actions">{"".join(boutons)}</div>'
        f'<p class="jdr-etat" id="exemple-{_attr(ident)}-etat" role="status"></p>'
        '<output class="jdr-sortie" aria-live="polite"></output>'
        '<details class="jdr-exemple-code"><summary>Voir le code</summary>'
        f'<div class="highlight"><pre><code>{code}</code></pre></div></details>'
        f"{_json_script('jdr-source', source)}{situation}"
        "</div>"
    )


def formulaire_reglages(ident: str, trouves: list[Reglage]) -> str:
    """« Modifier », exemple sans lanceur : ses propres nombres en champs (situation.py), rangés par
    étape de l'histoire ; le navigateur les remet dans le code et le fait tourner à part."""
    if not trouves:
        return ""
    etapes: dict[int, list[str]] = {}
    # « Étape 2 : subir » ; un sigle en tête garde ses capitales (« Étape 1 : PE de départ »).
    actions = {r.etape: r.action if r.action.split(" ")[0].isupper() else en_minuscule(r.action) for r in trouves}
    for i, r in enumerate(trouves):
        champ_id = f"exemple-{ident}-reglage-{i}"
        position = f'data-ligne="{r.ligne}" data-debut="{r.debut}" data-fin="{r.fin}"'
        label = f'<label for="{champ_id}">{_attr(r.libelle)}</label>'
        if isinstance(r.valeur, bool):
            coche = " checked" if r.valeur else ""
            champ = (f'<div class="jdr-champ jdr-champ--case"><input type="checkbox" id="{champ_id}" '
                     f'name="r{i}" {position}{coche}>{label}</div>')
        else:
            champ = (f'<div class="jdr-champ">{label}<input type="number" inputmode="numeric" id="{champ_id}" '
                     f'name="r{i}" step="1" value="{r.valeur}" {position} required></div>')
        etapes.setdefault(r.etape, []).append(champ)
    plusieurs = len(etapes) > 1
    corps = "".join(
        (f'<p class="jdr-etape-titre">Étape {n} : {_attr(actions[e])}</p>' if plusieurs else "")
        + f'<div class="jdr-champs">{"".join(c)}</div>'
        for n, (e, c) in enumerate(etapes.items(), start=1)
    )
    return (
        '<template class="jdr-reglages-modele"><form class="jdr-reglages" novalidate>'
        f"<fieldset><legend>Votre version de la situation</legend>{corps}"
        '<div class="jdr-actions"><button type="submit" class="md-button md-button--primary">'
        "Exécuter avec ces valeurs</button></div></fieldset></form></template>"
    )


# --- lanceur -----------------------------------------------------------------

def valider_lanceur(
    language: str, inputs: dict[str, str], options: dict[str, Any], attrs: dict[str, Any], md: Any
) -> bool:
    nom = inputs.pop("mecanique", "")
    options["mecanique"] = nom
    options["id"] = inputs.pop("id", "") or f"lanceur-{nom}"
    # Les lignes de cotes que ces réglages rendent impossibles, à dessein (voir verifier_issues).
    options["impossibles"] = tuple(inputs.pop("impossibles", "").replace(",", " ").split())
    try:
        mecanique_connue(nom)
    except JdrErreur as e:
        raise BlocInvalide(f"bloc lanceur : {e}") from e
    _refuser_le_reste("lanceur", inputs)
    return True


def _defauts(meca: Mecanique[Any], source: str) -> dict[str, object]:
    """Le corps du bloc peut changer les valeurs par défaut : ``nom = valeur`` par ligne."""
    bruts: dict[str, object] = {}
    for ligne in source.splitlines():
        if ligne.strip():
            nom, _, valeur = ligne.partition("=")
            bruts[nom.strip()] = valeur.strip()
    return meca.valider(bruts)


def _champ(p: Parametre, prefixe: str, valeur: object) -> str:
    ident = f"{prefixe}-{p.nom}"
    label = f'<label for="{_attr(ident)}">{_attr(p.libelle)}</label>'
    if isinstance(p, OuiNon):
        coche = " checked" if valeur else ""
        return (
            f'<div class="jdr-champ jdr-champ--case"><input type="checkbox" id="{_attr(ident)}" '
            f'name="{_attr(p.nom)}" value="1"{coche}>{label}</div>'
        )
    if isinstance(p, Choix):
        options = "".join(
            f'<option value="{_attr(v)}"{" selected" if v == valeur else ""}>{_attr(t)}</option>'
            for v, t in p.choix
        )
        return (
            f'<div class="jdr-champ">{label}<select id="{_attr(ident)}" name="{_attr(p.nom)}">'
            f"{options}</select></div>"
        )
    return (
        f'<div class="jdr-champ">{label}<input type="number" inputmode="numeric" '
        f'id="{_attr(ident)}" name="{_attr(p.nom)}" min="{p.minimum}" max="{p.maximum}" '
        f'step="1" value="{_attr(valeur)}" required></div>'
    )


#: Au-delà de cette longueur, la fraction exacte ne se lit plus : elle passe en infobulle
#: (lanceur.js lit ce seuil dans le module de configuration, voir configuration.py).
FRACTION_LISIBLE = 15
#: Le titre de la liste des cotes d'un lanceur (et de l'infobulle d'un jet en ligne), que lanceur.js
#: lit aussi dans le module de configuration quand il récrit la liste.
TITRE_COTES = "Chances exactes avant de lancer :"


def valeur_cote_html(c: dict[str, str]) -> str:
    """La chance d'une ligne de cotes (:func:`jdr_core.mecanique.cotes_affichees`) : le pourcentage,
    puis la fraction exacte si elle est courte, en infobulle sinon ; une issue impossible n'a
    pas de fraction (le cœur dit « impossible (0 %) »)."""
    if not c["fraction"]:
        return f'<strong>{_attr(c["pourcentage"])}</strong>'
    if len(c["fraction"]) <= FRACTION_LISIBLE:
        return (f'<strong>{_attr(c["pourcentage"])}</strong> '
                f'<span class="jdr-fraction">({_attr(c["fraction"])})</span>')
    return f'<strong title="Fraction exacte : {_attr(c["fraction"])}">{_attr(c["pourcentage"])}</strong>'


def cotes_html(cotes: list[dict[str, str]]) -> str:
    lignes = "".join(f"<li>{_attr(c['libelle'])} : {valeur_cote_html(c)}</li>" for c in cotes)
    return f"<ul>{lignes}</ul>"


def formulaire_lanceur(meca: Mecanique[Any], valeurs: dict[str, object], ident: str, legende: str,
                       *, graphique: bool = True, titre_journal: str = "") -> str:
    """Le formulaire d'un lanceur réglé sur ``valeurs`` : celui d'un bloc ``lanceur``, ou celui de la
    situation d'un exemple (« Modifier »), sans graphique pour rester léger."""
    champs = "".join(_champ(p, ident, valeurs[p.nom]) for p in meca.parametres if not p.avance)
    avances = "".join(_champ(p, ident, valeurs[p.nom]) for p in meca.parametres if p.avance)
    if avances:
        champs += (
            '<details class="jdr-avance"><summary>Réglages avancés (hypothèses)</summary>'
            f'<div class="jdr-champs">{avances}</div></details>'
        )
    loi = meca.loi(valeurs)
    cotes = cotes_affichees(meca.cotes(valeurs, loi))
    zone = ""
    comparer = ""
    if graphique:
        dessin = pour_lanceur(meca, valeurs, ident=ident, repartition=meca.repartir(valeurs, loi))
        zone = f'<div class="jdr-graphique-zone">{dessin}</div>'
        # Le mode « comparer » a besoin de JavaScript : ses boutons restent cachés sans lui.
        comparer = (
            '<div class="jdr-comparer" hidden>'
            '<button type="button" class="md-button jdr-figer">Comparer : figer ce réglage</button>'
            '<button type="button" class="md-button jdr-defiger" hidden>Arrêter la comparaison</button>'
            '<span class="jdr-comparer-aide">Figez un réglage, changez-en un autre : '
            "le graphique montre les deux.</span></div>"
        )
    # Un lanceur dont le jet peut se rejouer sur une fiche du suivi (liaison.js) le dit ici.
    liaison = f' data-operation-suivi="{_attr(meca.operation_suivi)}"' if meca.operation_suivi else ""
    # Le titre de ses jets au journal, quand ce n'est pas la légende (la situation d'un exemple).
    titre = f' data-titre="{_attr(titre_journal)}"' if titre_journal else ""
    # Les anciens noms de ses paramètres (Mecanique.anciens), champ par champ : un vieux lien de
    # rejeu règle encore le formulaire (lanceur.js, rejouer).
    par_champ = {nom: ancien for ancien, nouveaux in meca.anciens for nom in nouveaux}
    anciens = f' data-anciens="{_attr(json.dumps(par_champ, separators=(",", ":")))}"' if par_champ else ""
    return (
        f'<form class="jdr-lanceur" data-mecanique="{_attr(meca.nom)}" id="{_attr(ident)}" '
        f'data-systeme="{_attr(systeme_de(meca.nom))}"{liaison}{titre}{anciens} novalidate>'
        f'<fieldset><legend>{_attr(legende)}</legend>'
        f'<div class="jdr-champs">{champs}</div>'
        f'<div class="jdr-cotes" aria-live="polite"><p class="jdr-cotes-titre">{TITRE_COTES}</p>'
        f"{cotes_html(cotes)}</div>"
        f"{zone}{comparer}"
        '<div class="jdr-actions"><button type="submit" class="md-button md-button--primary">'
        "Lancer les dés</button>"
        '<span class="jdr-etat" role="status"></span></div>'
        '<output class="jdr-sortie" aria-live="polite"></output>'
        "</fieldset></form>"
    )


def verifier_issues(meca: Mecanique[Any], valeurs: dict[str, object], impossibles: tuple[str, ...] = ()) -> None:
    """Les chances d'une mécanique pour les réglages d'un lanceur, vérifiées avant d'être publiées :
    chaque ligne de cotes entre 0 et 1 ; les issues qui s'excluent (celles du graphique) font
    exactement 1 ; chaque ligne est atteinte par un jet au moins, sauf celles que le bloc déclare
    impossibles avec ces réglages (``impossibles="cle …"``), qui doivent l'être. Une
    :class:`JdrErreur` dit sinon ce qui manque, en français.

    Seule l'API publique d'une mécanique sert ici (``cotes``, et ``repartir`` pour les issues qui
    s'excluent : les lignes de cotes, elles, peuvent se recouper, « Réussir » et « Réussite
    critique »), si bien que la vérification ne dépend pas de la façon dont la mécanique déclare
    ses issues.
    """
    from fractions import Fraction

    lignes = meca.cotes(valeurs)
    cles = [c.cle for c in lignes]
    for c in lignes:
        if not 0 <= c.probabilite <= 1:
            raise JdrErreur(f"la ligne « {c.libelle} » ({c.cle}) a la chance {c.probabilite}, hors de 0 à 1")
    try:
        barres = meca.repartir(valeurs).barres
    except JdrErreur as e:
        total = sum((c.probabilite for c in lignes), Fraction(0))
        if total < 1:
            raise JdrErreur(f"ses issues ne font pas 1 : ses lignes de cotes font {total}, il manque {1 - total} "
                            "(une issue oubliée ?)") from e
        raise JdrErreur(f"ses issues ne font pas 1 : {e}") from e
    total = sum((b.probabilite for b in barres), Fraction(0))
    if total != 1:
        raise JdrErreur(f"ses issues ne font pas 1 : celles de son graphique font {total}")
    for cle in impossibles:
        if cle not in cles:
            raise JdrErreur(f"impossibles=\"…\" nomme « {cle} », qui n'est pas l'une de ses lignes "
                            f"({', '.join(cles)})")
        cote = lignes[cles.index(cle)]
        if cote.probabilite:
            raise JdrErreur(f"impossibles=\"…\" nomme « {cle} » ({cote.libelle}), que des jets atteignent "
                            f"avec ces réglages ({cote.en_json()['pourcentage']}) : retirez-la")
    jamais = [c for c in lignes if not c.probabilite and c.cle not in impossibles]
    if jamais:
        c = jamais[0]
        declarees = " ".join([*impossibles, *(j.cle for j in jamais)])
        raise JdrErreur(f"aucun jet n'atteint la ligne « {c.libelle} » ({c.cle}) avec ces réglages : si c'est voulu, "
                        f"déclarez-le dans l'en-tête du bloc (impossibles=\"{declarees}\"), sinon la "
                        "condition de cette ligne ne se réalise jamais")


def formater_lanceur(
    source: str, language: str, class_name: str, options: dict[str, Any], md: Any, *,
    registre: Registre, **kwargs: Any
) -> str:
    meca = mecanique(options["mecanique"])
    ident = options["id"]
    try:
        valeurs = _defauts(meca, source)
        verifier_issues(meca, valeurs, options.get("impossibles", ()))
    except JdrErreur as e:
        raise BlocInvalide(f"bloc lanceur {meca.nom} : {e}") from e
    registre.lanceur(meca.nom, ident)
    return formulaire_lanceur(meca, valeurs, ident, f"Lanceur : {meca.titre}")


# --- tableau -----------------------------------------------------------------

def valider_tableau(
    language: str, inputs: dict[str, str], options: dict[str, Any], attrs: dict[str, Any], md: Any
) -> bool:
    nom = inputs.pop("nom", "")
    options["nom"] = nom
    if nom not in tables():
        raise BlocInvalide(f"bloc tableau : table « {nom} » inconnue")
    _refuser_le_reste("tableau", inputs)
    return True


def formater_tableau(
    source: str, language: str, class_name: str, options: dict[str, Any], md: Any, **kwargs: Any
) -> str:
    """Une table de règles lue dans les données du cœur, comme le lisent les lanceurs."""
    table = tables()[options["nom"]]
    tete = "".join(f"<th>{_attr(c)}</th>" for c in table.colonnes)
    corps = "".join("<tr>" + "".join(f"<td>{_attr(v)}</td>" for v in ligne) + "</tr>" for ligne in table.lignes)
    return (
        f'<table data-table="{_attr(table.nom)}">'
        f"<thead><tr>{tete}</tr></thead><tbody>{corps}</tbody></table>"
    )


# --- fiche ---------------------------------------------------------------------

def valider_fiche(
    language: str, inputs: dict[str, str], options: dict[str, Any], attrs: dict[str, Any], md: Any
) -> bool:
    ident = _identifiant("fiche", inputs, options)
    options["systeme"] = inputs.pop("systeme", "")
    # Le suivi montré, parmi ceux du système (vide : le premier qu'il déclare).
    options["suivi"] = inputs.pop("suivi", "")
    lanceurs = inputs.pop("lanceurs", "non")
    if lanceurs not in ("oui", "non"):
        raise BlocInvalide(f"bloc fiche « {ident} » : lanceurs=« {lanceurs[:20]} », attendu oui ou non")
    options["lanceurs"] = lanceurs == "oui"
    try:
        suivi(options["systeme"], options["suivi"])
    except JdrErreur as e:
        raise BlocInvalide(f"bloc fiche « {ident} » : {e}") from e
    _refuser_le_reste(f"fiche « {ident} »", inputs)
    return True


def formater_fiche(
    source: str, language: str, class_name: str, options: dict[str, Any], md: Any, *,
    registre: Registre, **kwargs: Any
) -> str:
    """Le suivi d'une fiche : construit dans le navigateur, sauvegardé en localStorage.

    Le widget lit ses bornes et ses anciennes clés de sauvegarde dans la page ; sa vue
    est le module ``table/suivi/vues/<systeme>.js`` des fichiers du site. L'option ``suivi`` choisit
    l'un des suivis du système (``data-suivi``) ; sans elle, le premier qu'il déclare.

    Avec ``lanceurs="oui"``, le bloc porte l'adresse du lanceur de chaque mécanique de son
    système (liens provisoires que le greffon remplace, comme « Lancer cette situation ») :
    un jet fait sur la fiche entre au journal avec un lien qui le rejoue dans ce lanceur.
    Chacun de ces lanceurs doit alors exister sur le site."""
    nom_systeme = options["systeme"]
    s = suivi(nom_systeme, options.get("suivi"))
    ident = _attr(options["id"])
    config = {"bornes": dict(s.bornes), "anciennes_cles": [c.format(id=options["id"]) for c in s.anciennes_cles]}
    # Un suivi qui n'est pas le premier de son système a sa vue et ses clés de stockage à lui.
    second = ' data-second="oui"' if s is not systeme(nom_systeme).suivis[0] else ""
    lanceurs = ""
    if options.get("lanceurs"):
        liens = "".join(f'<a data-mecanique="{_attr(m.nom)}" href="{_attr(registre.lien(m.nom, {}))}"></a>'
                        for m in systeme(nom_systeme).mecaniques)
        lanceurs = f'<template class="jdr-fiche-lanceurs">{liens}</template>'
    return (
        f'<div class="jdr-fiche" data-fiche="{ident}" data-systeme="{_attr(nom_systeme)}" '
        f'data-suivi="{_attr(s.nom)}"{second} id="fiche-{ident}">'
        f"{_json_script('jdr-fiche-config', config)}{lanceurs}"
        '<p class="jdr-fiche-statique">Le suivi de fiche fonctionne dans le navigateur, avec '
        "JavaScript : il garde l'état d'un personnage sur cet appareil.</p>"
        '<div class="jdr-fiche-corps" hidden></div>'
        '<output class="jdr-sortie" aria-live="polite"></output>'
        "</div>"
    )


#: Les blocs du greffon : nom → (validateur, formateur), une table constante. Le greffon les déclare
#: à superfences avec son registre (:func:`declarations`).
BLOCS = {
    "exemple": (valider_exemple, formater_exemple),
    "lanceur": (valider_lanceur, formater_lanceur),
    "tableau": (valider_tableau, formater_tableau),
    "fiche": (valider_fiche, formater_fiche),
}


#: La clé des options d'un bloc où :func:`declarations` range la ligne de son ouverture dans le fichier.
LIGNE = "_ligne"


def _valider_situe(validateur: Any, language: str, inputs: dict[str, str], options: dict[str, Any],
                   attrs: dict[str, Any], md: Any, *, registre: Registre) -> bool:
    """Un validateur de bloc, dont l'erreur nomme le fichier et la ligne du bloc ; la ligne est
    gardée dans les options, pour le formateur."""
    ligne = registre.ligne_du_bloc(language, dict(inputs))
    try:
        ok = bool(validateur(language, inputs, options, attrs, md))
    except BlocInvalide as erreur:
        situee = erreur.situee(registre.lieu(ligne))
        if situee is erreur:
            raise
        raise situee from erreur
    options[LIGNE] = ligne
    return ok


def _formater_situe(formateur: Any, *args: Any, registre: Registre, **kwargs: Any) -> str:
    """Un formateur de bloc, dont l'erreur nomme le fichier et la ligne du bloc."""
    try:
        return str(formateur(*args, registre=registre, **kwargs))
    except BlocInvalide as erreur:
        # superfences passe (source, langage, classe, options, md) par position.
        options = args[3] if len(args) > 3 else kwargs.get("options", {})
        situee = erreur.situee(registre.lieu(options.get(LIGNE)))
        if situee is erreur:
            raise
        raise situee from erreur


def declarations(registre: Registre, ecriture: str = "") -> list[dict[str, Any]]:
    """Les entrées ``custom_fences`` de superfences pour nos blocs, qui notent ce qu'ils rendent dans
    ``registre`` (le greffon les ajoute dans on_config avec le sien ; un test les donne à une
    instance de Markdown avec un registre à lui). Chaque erreur d'un bloc nomme son fichier et sa
    ligne. ``ecriture`` : le mode de l'option du même nom (:mod:`site_plugins.verdicts`), qui
    fait vérifier chaque exemple à la construction."""
    entrees = []
    for nom, (validateur, formateur) in BLOCS.items():
        if nom == "exemple" and ecriture:
            formateur = partial(formateur, ecriture=ecriture)
        entrees.append({"name": nom, "class": f"jdr-{nom}",
                        "validator": partial(_valider_situe, validateur, registre=registre),
                        "format": partial(_formater_situe, formateur, registre=registre)})
    return entrees
