"""La recherche en français dans Chromium : les mots tapés par un lecteur dans la vraie boîte de
recherche de Material, sur le site construit, trouvent leur page ; l'index se charge à l'approche
de la boîte. L'index publié, le module et le worker sous Node : tests/test_recherche.py.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page

from ..conftest import sans_moteur
from ..test_recherche import APOSTROPHES

DELAI = 40_000  # ms, large pour une machine de CI chargée

#: (ce que tape le lecteur, une page que les premiers résultats doivent proposer)
REQUETES = [
    ("initiative", "d10/combat/"),
    ("initiative", "troisd6/combat/"),
    ("l'initiative", "d10/combat/"),
    ("éclat", "encore/reserve/"),
    ("eclat", "encore/reserve/"),
    ("Éclat", "encore/reserve/"),
    ("eclats", "encore/reserve/"),
    ("blessure", "encore/sante/"),
    ("blessures", "encore/sante/"),
    ("blessures", "d10/blessures/"),
    ("sante", "encore/sante/"),
    ("degats", "troisd6/combat/"),
    ("dégât", "troisd6/combat/"),
    ("energie", "troisd6/energie/"),
    ("poursuites", "deuxd6/poursuites/"),
    ("caracteristique", "d10/action/"),
    ("caractéristiques", "d10/action/"),
    ("stress", "encore/stress/"),
    ("reserve", "encore/reserve/"),
]

#: (article élidé, mot, page attendue parmi les cinq premières) : des requêtes de joueurs, qui
#: tapent l'article comme ils l'écrivent. Chaque mot est aussi cherché avec chaque article, avec
#: l'apostrophe droite et la typographique, et sans accents ; tous doivent rendre les mêmes pages
#: que le mot seul.
ELISIONS = [
    (("l", "d", "qu"), "initiative", "d10/combat/"),
    (("l",), "avantage", "troisd6/test/"),
    (("l", "d"), "éclat", "encore/reserve/"),
    (("s",), "aider", "deuxd6/cas-speciaux/"),
    (("l", "n"), "esquive", "troisd6/combat/"),
    (("d",), "énergie", "troisd6/energie/"),
    (("l",), "échec", "deuxd6/scenes/"),
    (("l",), "adversaire", "deuxd6/scenes/"),
    (("l", "j"), "aide", "deuxd6/cas-speciaux/"),
]

#: (requête avec ses accents, variantes qui doivent rendre les mêmes pages, page attendue).
ACCENTS = [
    ("dé ouvert", ("de ouvert", "dés ouverts", "Dé ouvert"), "d10/action/"),
    ("dégâts", ("degats", "dégats", "Dégâts"), "troisd6/combat/"),
    ("réussite critique", ("reussite critique",), "troisd6/test/"),
    ("caractéristiques", ("caracteristique", "caractéristique"), "d10/action/"),
]

def sans_accents(texte: str) -> str:
    return "".join(c for c in unicodedata.normalize("NFD", texte) if not unicodedata.combining(c))


@pytest.fixture(scope="module")
def page_recherche(navigateur: Browser, serveur: str) -> Iterator[Page]:
    """Une seule page, ouverte sur l'accueil : chaque requête remplace la précédente."""
    contexte = navigateur.new_context(viewport={"width": 1280, "height": 900}, locale="fr-FR")
    page = sans_moteur(contexte.new_page())  # la recherche seule : Python ne sert pas ici
    page.set_default_timeout(DELAI)
    page.goto(serveur + "/")
    yield page
    contexte.close()


def chercher(page: Page, requete: str, *, frappe: bool = False) -> list[str]:
    """Tape la requête dans la boîte de recherche et rend les pages des résultats, dans l'ordre."""
    return [chemin for chemin, _ in chercher_avec_manques(page, requete, frappe=frappe)]


def chercher_avec_manques(page: Page, requete: str, *, frappe: bool = False) -> list[tuple[str, set[str]]]:
    """Les pages des résultats, chacune avec les mots marqués « Non trouvé » dans ses sections
    visibles (pas celles repliées sous « de plus sur cette page »)."""
    champ = page.locator("input.md-search__input")
    meta = page.locator(".md-search-result__meta")
    champ.click()
    champ.fill("")
    champ.press("End")
    # Champ vide : Material revient à son invite ; la réponse suivante sera celle de la requête.
    page.wait_for_function(
        "() => /Taper pour/.test(document.querySelector('.md-search-result__meta').textContent)",
        polling=50,
    )
    # Material lit le champ à chaque touche relâchée (keyup) : la requête entière, puis une seule
    # touche, font une seule recherche et une seule réponse, qu'on n'a pas à laisser « passer ».
    # La frappe lettre à lettre, elle, est celle de test_surlignage_avec_le_mot_du_texte.
    if frappe:
        champ.press_sequentially(requete, delay=20)
    else:
        champ.fill(requete)
        champ.press("End")
    page.wait_for_function(
        "() => /document/.test(document.querySelector('.md-search-result__meta').textContent)",
        polling=50,
    )
    if frappe:
        page.wait_for_timeout(400)  # la frappe est finie : laisser passer la dernière réponse
    assert "document" in meta.inner_text()
    resultats = page.locator(".md-search-result__item").evaluate_all(
        """items => items.map(li => [
            new URL(li.querySelector(':scope > a.md-search-result__link').href).pathname,
            [...li.querySelectorAll(':scope > a .md-search-result__terms del')].map(d => d.textContent),
        ])"""
    )
    pages: list[tuple[str, set[str]]] = []
    for chemin, manques in resultats:
        chemin = chemin.lstrip("/")
        if chemin not in [p for p, _ in pages]:
            pages.append((chemin, set(manques)))
    return pages


@pytest.mark.construction
class TestIndexALaDemande:
    """L'index de recherche ne se charge qu'à l'approche d'une recherche (recherche-worker.js, à la
    place du worker de Material) : rien à l'ouverture de la page."""

    @staticmethod
    def ouvrir(navigateur: Browser, serveur: str) -> tuple[Page, list[str]]:
        contexte = navigateur.new_context(viewport={"width": 1280, "height": 900}, locale="fr-FR")
        charges: list[str] = []
        # Seulement les demandes des pages et de leurs workers : le service worker, lui, range
        # tous les fichiers du site pour le hors-ligne, celui-ci compris.
        contexte.on("request", lambda r: charges.append(r.url)
                    if "/workers/search." in r.url and r.service_worker is None else None)
        page = sans_moteur(contexte.new_page())  # la recherche seule : Python ne sert pas ici
        page.set_default_timeout(DELAI)
        page.goto(serveur + "/troisd6/test/")
        return page, charges

    @pytest.mark.navigateur
    def test_charge_a_l_approche_de_la_boite(self, navigateur: Browser, serveur: str) -> None:
        page, charges = self.ouvrir(navigateur, serveur)
        page.wait_for_timeout(1500)
        assert charges == []  # rien à l'ouverture de la page
        page.locator("input.md-search__input").focus()
        page.wait_for_timeout(500)  # le message du canal, puis la demande du worker de Material
        assert len(charges) == 1
        assert "encore/sante/" in chercher(page, "blessure")[:8]
        assert chercher(page, "eclat")
        page.context.close()


@pytest.mark.navigateur
@pytest.mark.construction
class TestRequetes:
    """Chaque mot tapé par un lecteur trouve sa page parmi les premiers résultats."""

    @pytest.mark.parametrize(("requete", "attendue"), REQUETES)
    def test_requete_trouve_sa_page(self, page_recherche: Page, requete: str, attendue: str) -> None:
        pages = chercher(page_recherche, requete)
        assert attendue in pages[:8], f"« {requete} » : {pages[:8]}"

    def test_mot_absent_ne_trouve_rien(self, page_recherche: Page) -> None:
        assert chercher(page_recherche, "xylophone") == []


class TestFrancais:
    """Les requêtes telles qu'un joueur les tape : article élidé, apostrophe droite ou
    typographique, accents oubliés. Elles trouvent les mêmes pages que le mot seul, et
    « Non trouvé » ne marque jamais le mot cherché sur la page qui le contient."""

    @staticmethod
    def verifier(pages: list[tuple[str, set[str]]], attendue: str, mots: str, requete: str) -> None:
        chemins = [p for p, _ in pages]
        assert attendue in chemins[:5], f"« {requete} » : {chemins[:5]}"
        manques = dict(pages)[attendue]
        for mot in mots.split():
            assert mot not in manques and sans_accents(mot) not in manques, f"« {requete} » : {mot} « Non trouvé »"

    @pytest.mark.navigateur
    @pytest.mark.construction
    @pytest.mark.parametrize(("articles", "mot", "attendue"), ELISIONS, ids=[m for _, m, _ in ELISIONS])
    def test_article_elide(self, page_recherche: Page, articles: tuple[str, ...], mot: str, attendue: str) -> None:
        seul = chercher_avec_manques(page_recherche, mot)
        self.verifier(seul, attendue, mot, mot)
        variantes = [a + apostrophe + mot for a in articles for apostrophe in APOSTROPHES]
        variantes += [sans_accents(mot), f"{articles[0]}'{sans_accents(mot)}", mot.capitalize()]
        for requete in dict.fromkeys(variantes):
            pages = chercher_avec_manques(page_recherche, requete)
            assert [p for p, _ in pages] == [p for p, _ in seul], f"« {requete} » ≠ « {mot} »"
            self.verifier(pages, attendue, mot, requete)

    @pytest.mark.navigateur
    @pytest.mark.construction
    @pytest.mark.parametrize(("requete", "variantes", "attendue"), ACCENTS, ids=[r for r, _, _ in ACCENTS])
    def test_accents_sans_importance(self, page_recherche: Page, requete: str, variantes: tuple[str, ...],
                                     attendue: str) -> None:
        reference = chercher_avec_manques(page_recherche, requete)
        self.verifier(reference, attendue, requete, requete)
        for variante in variantes:
            pages = chercher_avec_manques(page_recherche, variante)
            assert [p for p, _ in pages] == [p for p, _ in reference], f"« {variante} » ≠ « {requete} »"

    @pytest.mark.navigateur
    @pytest.mark.construction
    def test_surlignage_avec_le_mot_du_texte(self, page_recherche: Page) -> None:
        """Tapé sans accent, le mot est surligné dans les résultats et, sur la page d'arrivée
        (paramètre h), écrit comme le texte l'écrit."""
        chercher(page_recherche, "l'eclat", frappe=True)
        marques = page_recherche.locator(".md-search-result mark").all_inner_texts()
        assert "éclat" in [m.lower() for m in marques]
        liens = page_recherche.locator(".md-search-result__link").evaluate_all("liens => liens.map(a => a.href)")
        assert any("h=%C3%A9clat" in lien for lien in liens)
        assert not any(re.search(r"h=[^&#]*\bl\b", lien) for lien in liens)
