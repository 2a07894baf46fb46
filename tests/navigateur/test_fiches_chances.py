"""Les chances écrites à côté des boutons de jet d'une fiche ne dérivent jamais (issue 36).

Une propriété, vérifiée dans Chromium sur les quatre fiches (3D6, 2D6, D10, enCORE en Raw), à
1 280 et à 390 px : après chaque pas d'une suite tirée au hasard (un réglage changé, un jet, une
annulation, un rechargement, un changement fait dans un second onglet), les chances affichées sont
exactement celles que le cœur calcule, sous CPython, pour la fiche rangée et les réglages VISIBLES
(lus dans les champs de la page, comme un joueur les lit ; ceux qui ne sont pas montrés, comme le
CHA de l'allié hors d'une Rupture, prennent leur valeur par défaut). La suite est tirée d'une graine écrite
dans le rapport : ``JDR_GRAINE_CHANCES=<graine>`` la rejoue.

Et la mise en page de la fiche : au téléphone, aucun contrôle de moins de 44 px de haut (une case
compte avec sa phrase), pas de défilement horizontal ; un résultat tombe à côté du bouton pressé,
dans l'écran."""

from __future__ import annotations

import json
import os
import random
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pytest
from playwright.sync_api import BrowserContext, Locator, Page, expect

from jdr_core.pont import traiter

pytestmark = [pytest.mark.navigateur, pytest.mark.construction]
DELAI = 40_000
PAS = 7


@dataclass(frozen=True)
class Fiche:
    """Une fiche à chances : sa page, son sélecteur, sa requête au pont, ses réglages (libellé du champ
    → nom du réglage, et les valeurs qu'on y essaie ; « oui »/« non » pour une case), le libellé de ses
    boutons de jet ; ``creation`` : les listes réglées à la création (libellé → valeur)."""
    chemin: str
    racine: str
    systeme: str
    suivi: str
    reglages: dict[str, tuple[str, tuple[str, ...]]]
    liste: str
    prefixe: str
    operation_ailleurs: str
    creation: tuple[tuple[str, str], ...] = ()


FICHES = {
    "troisd6": Fiche("/troisd6/fiche/", ".jdr-fiche[data-systeme='troisd6']", "troisd6", "",
                     {"Difficulté (succès demandés)": ("difficulte", ("0", "1", "2", "3", "4")),
                      "Avantages en plus": ("avantages", ("0", "1", "2")),
                      "Désavantages en plus": ("desavantages", ("0", "1", "2")),
                      "Relances": ("relances", ("0", "1", "2"))},
                     "tests", "Tester : ", "Encaisser"),
    "deuxd6": Fiche("/deuxd6/fiche/", ".jdr-fiche[data-systeme='deuxd6']", "deuxd6", "",
                    {"Difficulté": ("difficulte", ("5", "3", "1", "0", "-1", "-3", "-5", "-10")),
                     "Autre modificateur": ("autre", ("-2", "0", "1", "3"))},
                    "jets", "Jet : ", "Changer la caractéristique"),
    "d10": Fiche("/d10/fiche/", ".jdr-fiche[data-systeme='d10'][data-suivi='fiche']", "d10", "fiche",
                 {"Difficulté variable (la difficulté vaut 5 + DV)": ("dv", ("0", "3", "6", "8", "10"))},
                 "jets", "Jet : ", "Ajouter la blessure"),
    # En Raw : les premiers soins (INT, trousse), la résistance à chaque événement (CON) et, en Rupture,
    # ramener à la raison (CHA de l'allié). Le second onglet subit un événement Indicible (+3) : la
    # Rupture, et son bouton « Ramener à la raison », arrivent vite d'un autre onglet.
    "encore": Fiche("/encore/fiche/", ".jdr-fiche[data-systeme='encore']", "encore", "",
                    {"INT": ("int", ("0", "1", "2", "4", "6")),
                     "Le soigneur a une trousse de premiers soins": ("trousse", ("oui", "non")),
                     "CON": ("con", ("0", "1", "3", "5")),
                     "CHA de l'allié": ("cha", ("0", "2", "3", "6"))},
                    "jets", "", "Indicible (+3)", creation=(("Ton", "raw"),)),
}


def _espaces(texte: str) -> str:
    return re.sub(r"\s+", " ", texte.replace("\u202f", " ").replace("\u00a0", " ")).strip()


def _champ(fiche: Locator, libelle: str) -> Locator:
    """Le champ d'un réglage par son libellé : le nom accessible d'un champ dans son label comprend aussi
    sa valeur (« Relances 0 »), d'où le début du nom plutôt que le nom exact."""
    return fiche.get_by_label(re.compile("^" + re.escape(libelle)))


def _reglages_visibles(fiche: Locator, f: Fiche) -> dict[str, str | bool]:
    """Les réglages tels que la page les montre (la valeur des champs, une case cochée ou non, pas une
    mémoire du script) ; seulement ceux que la page montre (aucun pour un personnage 3D6 hors d'état
    d'agir, pas de CHA de l'allié hors d'une Rupture)."""
    champs = {nom: _champ(fiche, libelle) for libelle, (nom, _) in f.reglages.items()}
    return {nom: champ.is_checked() if champ.get_attribute("type") == "checkbox" else champ.input_value()
            for nom, champ in champs.items() if champ.count()}


def _attendues(page: Page, f: Fiche, reglages: dict[str, str | bool]) -> list[tuple[str, str]]:
    """(bouton, chances) que le cœur donne, sous CPython, pour la fiche rangée et ces réglages."""
    etat = page.evaluate(f"() => JSON.parse(localStorage.getItem(document.querySelector({f.racine!r}).jdrSuivi.cle))")
    requete = {"type": "suivi", "systeme": f.systeme, "etat": etat, "op": {"op": "chances", **reglages}}
    if f.suivi:
        requete["suivi"] = f.suivi
    reponse: dict[str, Any] = json.loads(traiter(json.dumps(requete)))
    assert "erreur" not in reponse, reponse
    return [(_espaces(f.prefixe + j["libelle"]), _espaces(j["phrase"])) for j in reponse["reponse"][f.liste]]


#: Pour chaque bouton de jet : son texte, ses chances, et ce qu'un lecteur d'écran entend avec lui
#: (aria-describedby) : ses chances, puis la légende qui dit pour quels réglages elles valent.
LIGNES = """(lis) => lis.map((li) => {
    const b = li.querySelector('button');
    const decrit = (b.getAttribute('aria-describedby') || '').split(' ').map((id) => document.getElementById(id));
    return [b.textContent, li.querySelector('.jdr-fiche-chance').textContent,
            decrit.map((n) => (n ? n.className.split(' ')[0] : 'absent'))];
})"""


def _affichees(fiche: Locator) -> list[tuple[str, str]]:
    """(bouton, chances) affichés, une fois les chances calculées (aucune marquée « en calcul ») ;
    chaque bouton est décrit par ses chances et par sa légende."""
    expect(fiche.locator(".jdr-fiche-chance--calcul")).to_have_count(0, timeout=DELAI)
    lignes: list[list[Any]] = fiche.locator(".jdr-fiche-test").evaluate_all(LIGNES)
    assert [d for _, _, d in lignes] == [["jdr-fiche-chance", "jdr-fiche-legende"]] * len(lignes), lignes
    return [(_espaces(b), _espaces(c)) for b, c, _ in lignes]


def _fiche_posee(page: Page, f: Fiche) -> Locator:
    """La fiche affichée et ses opérations finies (la file du suivi vide)."""
    fiche = page.locator(f.racine)
    expect(fiche.locator(".jdr-fiche-entete")).to_be_visible(timeout=DELAI)
    page.evaluate(f"() => document.querySelector({f.racine!r}).jdrSuivi.file")
    return fiche


def _creer(page: Page, serveur: str, f: Fiche) -> Locator:
    page.goto(serveur + f.chemin)
    fiche = page.locator(f.racine)
    creation = fiche.locator(".jdr-fiche-creation")
    creation.get_by_label("Nom").fill("Mira")
    for libelle, valeur in f.creation:
        _champ(creation, libelle).select_option(valeur)
    creation.get_by_role("button", name="Créer la fiche").click()
    return _fiche_posee(page, f)


def _pas(hasard: random.Random, page: Page, second_onglet: Callable[[], Page], f: Fiche) -> str:
    """Un pas de la suite : rend ce qui a été fait (pour le rapport d'un échec). ``second_onglet`` rend l'autre
    onglet de la table, ouvert à son premier usage (ouvert d'avance, il démarrait Python pour rien dans une suite
    sur trois)."""
    fiche = page.locator(f.racine)
    geste = hasard.choice(["reglage", "reglage", "jet", "jet", "annuler", "recharger", "ailleurs"])
    if geste == "reglage":
        montres = [libelle for libelle in f.reglages if _champ(fiche, libelle).count()]
        if not montres:
            return "aucun réglage montré"
        libelle = hasard.choice(montres)
        valeur = hasard.choice(f.reglages[libelle][1])
        champ = _champ(fiche, libelle)
        if champ.evaluate("(e) => e.tagName") == "SELECT":
            champ.select_option(valeur)
        elif champ.get_attribute("type") == "checkbox":
            champ.set_checked(valeur == "oui")
        else:
            champ.fill(valeur)
        return f"{libelle} = {valeur}"
    if geste == "jet":
        # Un bouton désactivé (premiers soins déjà reçus dans la scène) ne se presse pas.
        boutons = fiche.locator(".jdr-fiche-test button:enabled")
        if not boutons.count():
            return "aucun jet possible"
        rang = hasard.randrange(boutons.count())
        nom = _espaces(boutons.nth(rang).text_content() or "")
        boutons.nth(rang).click()
        _fiche_posee(page, f)
        return f"jet {nom}"
    if geste == "annuler":
        annuler = fiche.get_by_role("button", name=re.compile("^Annuler la dernière opération"))
        if annuler.is_enabled():
            annuler.click()
            _fiche_posee(page, f)
        return "annuler"
    if geste == "recharger":
        page.reload()
        _fiche_posee(page, f)
        return "recharger"
    # Un second onglet, resté ouvert, change la fiche (autre que les réglages de celui-ci) ; l'évènement storage
    # arrive ici. Il a suivi lui-même les pas d'avant (l'évènement storage, là aussi) : on ne le recharge pas.
    version = page.evaluate(f"() => document.querySelector({f.racine!r}).jdrSuivi.version")
    autre = second_onglet()
    ailleurs = autre.locator(f.racine)
    _fiche_posee(autre, f)
    autre.wait_for_function(f"(v) => document.querySelector({f.racine!r}).jdrSuivi.version >= v", arg=version,
                            polling=50, timeout=DELAI)
    if f.operation_ailleurs == "Changer la caractéristique":
        modifier = autre.locator(f"{f.racine} .jdr-fiche-modes button[data-mode=edition]")
        if modifier.count():  # la vue « Modifier la fiche » (absente des pages d'avant, que la sonde lit aussi)
            modifier.click()
        ailleurs.get_by_label("Nouvelle valeur").fill(str(hasard.randint(2, 6)))
    ailleurs.get_by_role("button", name=f.operation_ailleurs, exact=True).first.click()
    _fiche_posee(autre, f)
    page.wait_for_function(f"(v) => document.querySelector({f.racine!r}).jdrSuivi.version > v", arg=version,
                           timeout=DELAI)
    _fiche_posee(page, f)
    return f"ailleurs : {f.operation_ailleurs}"


@pytest.mark.parametrize("largeur", [1280, 390])
@pytest.mark.parametrize("systeme", list(FICHES))
def test_les_chances_affichees_sont_celles_du_coeur(contexte_servi: BrowserContext, serveur: str, systeme: str,
                                                     largeur: int) -> None:
    """Après chaque pas d'une suite au hasard, chances affichées = chances exactes pour les réglages visibles."""
    f = FICHES[systeme]
    graine = int(os.environ.get("JDR_GRAINE_CHANCES") or random.SystemRandom().randrange(10**6))
    hasard = random.Random(f"{graine}-{systeme}-{largeur}")
    page = contexte_servi.new_page()
    page.set_viewport_size({"width": largeur, "height": 900})
    page.set_default_timeout(DELAI)
    fiche = _creer(page, serveur, f)
    onglets: list[Page] = []

    def second_onglet() -> Page:
        if not onglets:
            autre = contexte_servi.new_page()
            autre.set_default_timeout(DELAI)
            autre.goto(serveur + f.chemin)
            onglets.append(autre)
        return onglets[0]

    faits: list[str] = []
    for _ in range(PAS):
        faits.append(_pas(hasard, page, second_onglet, f))
        fiche = page.locator(f.racine)
        affichees = _affichees(fiche)
        attendues = _attendues(page, f, _reglages_visibles(fiche, f))
        assert affichees == attendues, f"graine {graine}, après {faits} : affichées {affichees}, attendues {attendues}"
    print(f"{systeme} à {largeur} px, graine {graine} : {PAS} pas, chances exactes à chaque pas ({'; '.join(faits)})")
    page.close()


# --- Mise en page : au téléphone et au large, dans les deux thèmes ------------------------------

#: Les fiches de personnage (les quatre) : page, sélecteur, un bouton de jeu qui écrit un résultat.
MISES_EN_PAGE = {
    "troisd6": ("/troisd6/fiche/", FICHES["troisd6"].racine, "Tester : Physique"),
    "deuxd6": ("/deuxd6/fiche/", FICHES["deuxd6"].racine, "Jet : FOR"),
    "d10": ("/d10/fiche/", FICHES["d10"].racine, "Jet : FOR"),
    "encore": ("/encore/fiche/", FICHES["encore"].racine, "Choc"),
}

#: Les contrôles visibles de la fiche et leur hauteur : une case à cocher compte avec sa phrase (son label).
CONTROLES = """(racine) => [...document.querySelector(racine).querySelectorAll(
        'button, select, summary, input:not([type=checkbox]):not([type=hidden]), label:has(> input[type=checkbox])')]
    .filter((n) => n.offsetParent !== null && !n.closest('.jdr-fiche-demande'))
    .map((n) => [n.tagName + ' ' + (n.getAttribute('aria-label') || n.textContent || n.name || '').trim().slice(0, 40),
                 n.getBoundingClientRect().height])"""


def _mesurer(page: Page, racine: str, largeur: int) -> float:
    """La hauteur du plus petit contrôle visible ; au téléphone, 44 px au moins, et rien ne déborde."""
    controles: list[tuple[str, float]] = page.evaluate(CONTROLES, racine)
    assert controles
    _, plus_petit = min(controles, key=lambda c: c[1])
    if largeur <= 390:
        trop_petits = [c for c in controles if c[1] < 44 - 0.5]
        assert trop_petits == [], f"contrôles de moins de 44 px à {largeur} px : {trop_petits}"
    assert page.evaluate("() => document.documentElement.scrollWidth <= document.documentElement.clientWidth"), \
        "défilement horizontal"
    return float(plus_petit)


@pytest.mark.parametrize("largeur", [1280, 390])
@pytest.mark.parametrize("systeme", list(MISES_EN_PAGE))
def test_mise_en_page_des_deux_vues(contexte_servi: BrowserContext, serveur: str, systeme: str, largeur: int) -> None:
    """Vue de jeu et vue d'édition, en clair et en sombre : contrôles d'au moins 44 px au téléphone, pas
    de défilement horizontal ; un résultat tombe à côté du bouton pressé, dans l'écran."""
    chemin, racine, jeu = MISES_EN_PAGE[systeme]
    page = contexte_servi.new_page()
    page.set_viewport_size({"width": largeur, "height": 800})
    page.set_default_timeout(DELAI)
    page.goto(serveur + chemin)
    fiche = page.locator(racine)
    creation = fiche.locator(".jdr-fiche-creation")
    creation.locator("input[type=text]").first.fill("Mira")
    for libelle, valeur in FICHES[systeme].creation:  # enCORE en Raw : ses jets et leurs chances
        _champ(creation, libelle).select_option(valeur)
    creation.get_by_role("button", name="Créer la fiche").click()
    expect(fiche.locator(".jdr-fiche-modes")).to_be_visible()
    expect(fiche.locator(".jdr-fiche-chance--calcul")).to_have_count(0)
    mesures = {}
    for theme in ("light", "dark"):
        page.emulate_media(color_scheme=theme)  # type: ignore[arg-type]
        for vue in ("jeu", "edition"):
            fiche.locator(f".jdr-fiche-modes button[data-mode={vue}]").click()
            mesures[f"{vue}/{theme}"] = _mesurer(page, racine, largeur)
    fiche.locator(".jdr-fiche-modes button[data-mode=jeu]").click()
    bouton = fiche.get_by_role("button", name=re.compile("^" + re.escape(jeu))).first
    sortie = fiche.locator("output.jdr-sortie")
    avant = sortie.text_content() or ""
    bouton.click()
    expect(sortie).not_to_have_text(avant)
    message = sortie.locator(".jdr-message")
    expect(message).to_be_visible()
    boite_bouton, boite_message = bouton.bounding_box(), message.bounding_box()
    assert boite_bouton and boite_message
    ecart = boite_message["y"] - (boite_bouton["y"] + boite_bouton["height"])
    hauteur = page.viewport_size["height"] if page.viewport_size else 800
    assert boite_message["y"] >= 0, "résultat au-dessus de l'écran"
    assert boite_message["y"] + boite_message["height"] <= hauteur, "résultat sous l'écran"
    assert ecart < 200, f"le résultat tombe {ecart:.0f} px sous le bouton"
    # Une hauteur qui change ailleurs avant le prochain geste (une ligne d'état, un avis) : le message, poussé hors
    # de l'écran, y revient (sortie.js regarde le message lui-même ; rouge une fois en CI : 815 px pour 800).
    # Gardé : sortie.js le dit sur le message (data-garde), puis, s'il le lâche, pourquoi (rouge une fois en CI, le
    # 7 décembre, message resté hors de l'écran ; non reproduit en 17 passages de ce cas, dont 2 sous charge : la raison
    # dira où chercher).
    expect(message, "le message n'est pas gardé dans l'écran").to_have_attribute("data-garde", "oui")
    message.evaluate("p => p.before(Object.assign(document.createElement('div'), { style: 'height: 900px' }))")
    try:
        expect(message).to_be_in_viewport(ratio=1, timeout=5_000)
    except AssertionError as echec:
        garde = message.get_attribute("data-garde")
        raise AssertionError(f"message resté hors de l'écran (data-garde : {garde!r})") from echec
    assert page.evaluate(f"() => document.querySelector({racine!r} + ' output.jdr-sortie').getAttribute('role')") \
        == "status"
    print(f"{systeme} à {largeur} px : plus petit contrôle {min(mesures.values()):.0f} px "
          f"({', '.join(f'{k} {v:.0f}' for k, v in mesures.items())}) ; résultat à {ecart:.0f} px sous son bouton")
    page.close()
