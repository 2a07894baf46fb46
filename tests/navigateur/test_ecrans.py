"""L'écran du MJ de chaque système dans Chromium : sur deux hauteurs de fenêtre, imprimé sur deux A4
au plus sans l'habillage du site, lu sur un téléphone. Les tables et les pages construites :
tests/test_ecrans.py."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import BrowserContext, Page

from jdr_core.encore.systeme import SYSTEME as ENCORE
from jdr_core.francais import compter

from ..test_ecrans import NOMS

#: Les pages A4 qu'un écran peut occuper à l'impression (chaque page l'annonce au lecteur).
PAGES_A4_MAX = 2
#: À l'écran, toutes les tables et la procédure tiennent en deux hauteurs de fenêtre au plus,
#: mesurées sur un écran de portable courant.
FENETRE = {"width": 1440, "height": 900}
HAUTEURS_MAX = 2


#: Attend que la mise en page ne bouge plus : polices prêtes, puis la position et la taille de
#: chaque titre et de chaque table identiques pendant trois images de suite (sur une machine
#: chargée, Material et jdr.js retouchent encore la page après l'événement load).
MISE_EN_PAGE_STABLE = """async () => {
    await document.fonts.ready;
    const blocs = "article h1, article h2, article h3, article table";
    const releve = () => JSON.stringify([...document.querySelectorAll(blocs)]
        .map(e => { const r = e.getBoundingClientRect(); return [r.left, r.top, r.width, r.height]; })
        .concat([[document.documentElement.scrollWidth, document.documentElement.scrollHeight]]));
    let avant = releve();
    for (let stables = 0; stables < 3;) {
        await new Promise(r => requestAnimationFrame(() => r()));
        const maintenant = releve();
        stables = maintenant === avant ? stables + 1 : 0;
        avant = maintenant;
    }
}"""


def _ouvrir(contexte: BrowserContext, url: str, largeur: int, sombre: bool = False) -> Page:
    """``url`` dans une page du contexte servi (conftest.contexte_servi), à la largeur et au thème voulus."""
    page = contexte.new_page()
    page.set_viewport_size({"width": largeur, "height": FENETRE["height"]})
    page.emulate_media(color_scheme="dark" if sombre else "light")
    page.goto(url)
    page.evaluate(MISE_EN_PAGE_STABLE)
    return page


def compter_pages_pdf(pdf: bytes) -> int:
    """Le nombre de pages d'un PDF : ses objets « /Type /Page » (sans « /Pages »)."""
    return len(re.findall(rb"/Type\s*/Page\b", pdf))


@pytest.mark.navigateur
@pytest.mark.construction
class TestImpressionEtTelephone:
    """L'écran tient en deux hauteurs de fenêtre, s'imprime sur deux A4 au plus, sans l'habillage
    du site, et se lit à 375 px."""

    @pytest.mark.parametrize("nom", NOMS)
    def test_tient_sur_deux_hauteurs_d_ecran(self, contexte_servi: BrowserContext, serveur: str, nom: str) -> None:
        page = _ouvrir(contexte_servi, f"{serveur}/{nom}/ecran/", FENETRE["width"])
        hauteur = page.evaluate("() => document.documentElement.scrollHeight")
        # Chaque table tient dans sa colonne : rien à faire défiler de côté.
        a_defiler = page.evaluate("""() => [...document.querySelectorAll('table[data-table]')]
            .map(t => [t.dataset.table, t.closest('.md-typeset__scrollwrap') || t])
            .filter(([, boite]) => boite.scrollWidth > boite.clientWidth + 1).map(([nom]) => nom)""")
        # Serré mais lisible : aucun texte des tables, de la procédure ou du glossaire sous 12 px.
        taille = page.evaluate("""() => Math.min(...[...document.querySelectorAll(
            'article td, article th, article li, article dt, article dd')]
            .map(e => parseFloat(getComputedStyle(e).fontSize)))""")
        page.close()
        print(f"\nÉcran du MJ {nom} : {hauteur} px de haut à {FENETRE['width']} × {FENETRE['height']}")  # pytest -s
        assert hauteur <= HAUTEURS_MAX * FENETRE["height"], f"{nom} : {hauteur} px"
        assert a_defiler == []
        assert taille >= 12

    @pytest.mark.parametrize("nom", NOMS)
    def test_tient_sur_deux_pages_a4(self, contexte_servi: BrowserContext, serveur: str, nom: str) -> None:
        page = _ouvrir(contexte_servi, f"{serveur}/{nom}/ecran/", 1280)
        page.emulate_media(media="print")
        pages = compter_pages_pdf(page.pdf(format="A4"))
        page.close()
        print(f"\nÉcran du MJ {nom} : {compter(pages, 'page A4', 'pages A4')}")  # lu avec pytest -s
        assert 1 <= pages <= PAGES_A4_MAX, f"{nom} : {pages} pages A4"

    @pytest.mark.parametrize("sombre", [False, True])
    def test_impression_sans_habillage(self, contexte_servi: BrowserContext, serveur: str, sombre: bool) -> None:
        page = _ouvrir(contexte_servi, f"{serveur}/{ENCORE.nom}/ecran/", 1280, sombre)
        page.emulate_media(media="print", color_scheme="dark" if sombre else "light")
        visibles = page.evaluate("""() => [...document.querySelectorAll(
            '.md-header, .md-sidebar, .md-footer, .md-search, .md-top, button, .headerlink')]
            .filter(e => getComputedStyle(e).display !== 'none' && e.getClientRects().length > 0)
            .map(e => e.className || e.tagName)""")
        encre = page.evaluate("() => getComputedStyle(document.querySelector('.md-typeset td')).color")
        page.close()
        assert visibles == []
        # Du texte sombre sur le papier blanc, même si le lecteur est en mode sombre.
        rouge, vert, bleu = (int(n) for n in re.findall(r"\d+", encre)[:3])
        assert max(rouge, vert, bleu) < 100, encre

    @pytest.mark.parametrize(("largeur", "colonnes"), [(1440, 3), (1000, 2), (375, 1)])
    def test_colonnes_selon_la_largeur(self, contexte_servi: BrowserContext, serveur: str, largeur: int,
                                       colonnes: int) -> None:
        """Trois colonnes sur un grand écran, deux sur une tablette, une seule sur un téléphone."""
        page = _ouvrir(contexte_servi, f"{serveur}/{ENCORE.nom}/ecran/", largeur)
        # Les colonnes vraiment remplies : les bords gauches distincts de ce qui commence au bord d'une
        # colonne (titres, termes du glossaire ; pas les tables, que Material élargit sur un téléphone).
        # Les titres de tables seuls ne suffisaient pas :
        # selon la charge, l'équilibrage des colonnes peut laisser la dernière au glossaire, sans titre h3.
        lu = page.evaluate("""() => new Set([...document.querySelectorAll(
                'article :is(h2, h3, dt)')]
            .map(h => Math.round(h.getBoundingClientRect().left))).size""")
        page.close()
        assert lu == colonnes

    @pytest.mark.parametrize("nom", NOMS)
    def test_lisible_sur_telephone(self, contexte_servi: BrowserContext, serveur: str, nom: str) -> None:
        page = _ouvrir(contexte_servi, f"{serveur}/{nom}/ecran/", 375, sombre=True)
        largeurs = page.evaluate("() => [document.documentElement.scrollWidth, innerWidth]")
        taille = page.evaluate("() => parseFloat(getComputedStyle(document.querySelector('.md-typeset td')).fontSize)")
        # Aucune colonne de table cachée hors de l'écran (à faire défiler de côté).
        coupees = page.evaluate("""() => [...document.querySelectorAll('table[data-table]')]
            .filter(t => t.getBoundingClientRect().right > innerWidth + 0.5).map(t => t.dataset.table)""")
        page.close()
        assert largeurs[0] <= largeurs[1], f"la page déborde à 375 px : {largeurs}"
        assert coupees == []
        assert taille >= 11
