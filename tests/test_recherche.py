"""La recherche en français : les mots tapés par un lecteur trouvent leur page, le code non.

Les requêtes passent par la vraie boîte de recherche de Material, dans Chromium, sur le
site construit ; l'index publié est aussi relu pour vérifier ce qu'il contient.
"""

from __future__ import annotations

import doctest
import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page

from site_plugins import recherche

DELAI = 40_000  # ms, large pour une machine de CI chargée

#: (ce que tape le lecteur, une page que les premiers résultats doivent proposer)
REQUETES = [
    ("initiative", "d10/combat/"),
    ("initiative", "3d6/combat/"),
    ("l'initiative", "d10/combat/"),
    ("éclat", "encore/reserve/"),
    ("eclat", "encore/reserve/"),
    ("Éclat", "encore/reserve/"),
    ("eclats", "encore/reserve/"),
    ("blessure", "encore/sante/"),
    ("blessures", "encore/sante/"),
    ("blessures", "d10/blessures/"),
    ("sante", "encore/sante/"),
    ("degats", "3d6/combat/"),
    ("dégât", "3d6/combat/"),
    ("energie", "3d6/energie/"),
    ("poursuites", "deuxd6/poursuites/"),
    ("caracteristique", "d10/action/"),
    ("caractéristiques", "d10/action/"),
    ("stress", "encore/stress/"),
    ("reserve", "encore/reserve/"),
]

#: Libellés de widgets et fragments de code qui n'ont rien à faire dans l'index.
HORS_INDEX = [
    "Lancer les dés", "Réglages avancés", "Chances exactes avant de lancer", "&gt;&gt;&gt;",
    "print(", "Comparer : figer ce réglage", "Lancer cette situation",
]


@pytest.fixture(scope="module")
def page_recherche(navigateur: Browser, serveur: str) -> Iterator[Page]:
    """Une seule page, ouverte sur l'accueil : chaque requête remplace la précédente."""
    contexte = navigateur.new_context(viewport={"width": 1280, "height": 900}, locale="fr-FR")
    page = contexte.new_page()
    page.set_default_timeout(DELAI)
    page.goto(serveur + "/")
    yield page
    contexte.close()


def chercher(page: Page, requete: str) -> list[str]:
    """Tape la requête dans la boîte de recherche et rend les pages des résultats, dans l'ordre."""
    champ = page.locator("input.md-search__input")
    meta = page.locator(".md-search-result__meta")
    champ.click()
    champ.fill("")
    # Champ vide : Material revient à son invite ; la réponse suivante sera celle de la requête.
    page.wait_for_function(
        "() => /Taper pour/.test(document.querySelector('.md-search-result__meta').textContent)"
    )
    champ.press_sequentially(requete, delay=20)
    page.wait_for_function(
        "() => /document/.test(document.querySelector('.md-search-result__meta').textContent)"
    )
    page.wait_for_timeout(400)  # la frappe est finie : laisser passer la dernière réponse
    assert "document" in meta.inner_text()
    liens = page.locator(".md-search-result__item > a.md-search-result__link").evaluate_all(
        "liens => liens.map(a => new URL(a.href).pathname)"
    )
    pages: list[str] = []
    for chemin in liens:
        chemin = chemin.lstrip("/")
        if chemin not in pages:
            pages.append(chemin)
    return pages


@pytest.mark.construction
class TestIndexALaDemande:
    """L'index de recherche ne se construit plus à l'ouverture de chaque page (0,5 s de calcul
    pendant le démarrage de Python) : recherche-worker.js, à la place du worker de Material,
    ne le charge qu'à l'approche d'une recherche, ou après quelques secondes."""

    def test_pose_a_cote_du_worker_de_material(self, site_construit: Path) -> None:
        html = (site_construit / "3d6" / "test" / "index.html").read_text(encoding="utf-8")
        config = json.loads(re.search(r'<script id="__config" type="application/json">(.*?)</script>', html, re.S)[1])
        assert config["search"] == "../../assets/javascripts/workers/recherche-worker.js"
        dossier = site_construit / "assets" / "javascripts" / "workers"
        texte = (dossier / "recherche-worker.js").read_text(encoding="utf-8")
        assert "__WORKER_MATERIAL__" not in texte
        materiel = re.search(r'"\./(search\.[0-9a-f]+\.min\.js)"', texte)
        assert materiel and (dossier / materiel[1]).is_file()
        assert not (site_construit / "assets" / "jdr" / "recherche-worker.js").exists()

    @staticmethod
    def ouvrir(navigateur: Browser, serveur: str) -> tuple[Page, list[str]]:
        contexte = navigateur.new_context(viewport={"width": 1280, "height": 900}, locale="fr-FR")
        charges: list[str] = []
        # Seulement les demandes des pages et de leurs workers : le service worker, lui, range
        # tous les fichiers du site pour le hors-ligne, celui-ci compris.
        contexte.on("request", lambda r: charges.append(r.url)
                    if "/workers/search." in r.url and r.service_worker is None else None)
        page = contexte.new_page()
        page.set_default_timeout(DELAI)
        page.goto(serveur + "/3d6/test/")
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
    def test_charge_au_bout_de_quelques_secondes(self, navigateur: Browser, serveur: str) -> None:
        page, charges = self.ouvrir(navigateur, serveur)
        page.wait_for_timeout(5500)
        assert len(charges) == 1
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


def _index(site: Path) -> dict[str, Any]:
    donnees: dict[str, Any] = json.loads((site / "search" / "search_index.json").read_text(encoding="utf-8"))
    return donnees


@pytest.mark.construction
class TestIndex:
    """L'index publié : du texte de règles, pas de code ni de libellé de widget."""

    def test_aucun_code_ni_libelle_de_widget(self, site_construit: Path) -> None:
        for section in _index(site_construit)["docs"]:
            texte = section["text"] + section["title"]
            assert "<pre>" not in texte, section["location"]
            for fragment in HORS_INDEX:
                assert fragment not in texte, f"{section['location']} : « {fragment} » indexé"
            # La page d'accueil peut citer le libellé entre guillemets ; le bouton, jamais.
            assert not re.search(r"(?<!« )Voir le code", texte), section["location"]

    def test_mots_colles_absents(self, site_construit: Path) -> None:
        """Un mot suivi d'un bouton ou d'une autre cellule ne se colle pas à lui."""
        tout = " ".join(s["text"] for s in _index(site_construit)["docs"])
        assert "initiativeExécuter" not in tout
        assert not re.search(r"[a-zé]</?(?:td|th)>?[A-Z]", tout)
        assert "critiquetotal" not in tout.lower()

    def test_histoires_des_exemples_indexees(self, site_construit: Path) -> None:
        """Ce que raconte un exemple reste cherchable (seul son code est retiré)."""
        tout = " ".join(s["text"] for s in _index(site_construit)["docs"])
        assert "L&#x27;androïde agit en premier" in tout or "L'androïde agit en premier" in tout

    def test_champ_plie_declare_et_sans_accents(self, site_construit: Path) -> None:
        index = _index(site_construit)
        assert recherche.CHAMP_PLIE in index["config"]["fields"]
        plies = [s[recherche.CHAMP_PLIE] for s in index["docs"] if recherche.CHAMP_PLIE in s]
        assert plies, "aucune section n'a de champ plié"
        tout = " ".join(plies)
        assert "eclat" in tout.split()
        assert not re.search(r"[àâäéèêëîïôöùûüçœæ]", tout)

    def test_separateur_coupe_les_elisions(self, site_construit: Path) -> None:
        separateur = re.compile(_index(site_construit)["config"]["separator"])
        assert separateur.split("l'initiative d’éclat") == ["l", "initiative", "d", "éclat"]


class TestModule:
    """Les fonctions de site_plugins/recherche.py."""

    def test_doctests(self) -> None:
        resultat = doctest.testmod(recherche)
        assert resultat.attempted >= 4 and resultat.failed == 0

    def test_exclusion_ne_touche_pas_le_texte(self) -> None:
        page = '<p class="jdr-exemple-titre">Titre</p><form class="jdr-lanceur"><label>Dés</label></form>'
        sortie = recherche.exclure_widgets(page)
        assert '<p class="jdr-exemple-titre">Titre</p>' in sortie
        assert f'<form {recherche.ATTRIBUT_EXCLU} class="jdr-lanceur">' in sortie

    def test_pluriels_et_accents(self) -> None:
        assert recherche.formes("Dégât") == {"degat", "degats"}
        assert recherche.formes("dés") == {"des"}
        assert recherche.champ_plie("<p>état</p>", re.compile(r"\s+")) == "etat etats"
