"""Ce que lit un joueur : aucune page construite ne montre de restes de programmeur."""

from __future__ import annotations

import re
from html import escape
from html.parser import HTMLParser
from pathlib import Path

import pytest

#: Ce qu'un joueur ne doit jamais lire : accords en « (s) », booléens et fractions de
#: Python, traces d'erreur, représentations de nos objets (« Fiche(nom=… », « <Ton.RAW: … »).
RESTES = {
    "accord en (s)": re.compile(r"\w\(s\)"),
    "booléen Python": re.compile(r"\b(True|False)\b"),
    "Fraction(": re.compile(r"\bFraction\("),
    "trace d'erreur": re.compile(r"Traceback"),
    "représentation d'objet": re.compile(r"\b[A-Z][A-Za-z0-9]+\((?:[a-z_]+=|\d+, \d+\))"),
    "représentation d'énumération": re.compile(r"<[A-Z][A-Za-z]+\.[A-Z_]+:"),
    "nom de module ou de constante": re.compile(r"\bjdr_core\.|\b[A-Z]{3,}_[A-Z_]{3,}\b|localStorage"),
}


class _TexteVisible(HTMLParser):
    """Le texte qu'un lecteur voit : sans scripts, styles, ni code replié des exemples."""

    CACHES = frozenset({"script", "style", "template"})

    def __init__(self) -> None:
        super().__init__()
        self.textes: list[str] = []
        self._pile: list[bool] = []  # pour chaque balise ouverte : son contenu est-il caché ?

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        classes = (dict(attrs).get("class") or "").split()
        cache = tag in self.CACHES or "jdr-exemple-code" in classes or "jdr-source" in classes
        if tag in ("br", "img", "input", "meta", "link", "hr", "source", "wbr"):
            return
        self._pile.append(cache or (bool(self._pile) and self._pile[-1]))

    def handle_endtag(self, tag: str) -> None:
        if tag not in ("br", "img", "input", "meta", "link", "hr", "source", "wbr") and self._pile:
            self._pile.pop()

    def handle_data(self, data: str) -> None:
        if not (self._pile and self._pile[-1]):
            self.textes.append(data)


def texte_visible(html: str) -> str:
    lecteur = _TexteVisible()
    lecteur.feed(html)
    return " ".join(lecteur.textes)


def test_le_detecteur_voit_les_restes() -> None:
    """Le contrôle attrape chaque reste, et ignore le code replié et les scripts."""
    for fautif in ("1 succès demandé(s)", "(True, False)", "Fraction(7, 8)", "Traceback (most recent",
                   "Fiche(nom='Gideon'", "<Ton.RAW: 'raw'>", "Relance(indice=0", "JOURS_GUERISON_DURABLE",
                   "jdr_core.troisd6.tables", "gardée en localStorage"):
        assert any(m.search(texte_visible(f"<p>{escape(fautif)}</p>")) for m in RESTES.values()), fautif
    cache = '<details class="jdr-exemple-code"><pre>Fraction(1, 2)</pre></details><script>True</script>'
    assert not any(m.search(texte_visible(cache)) for m in RESTES.values())


@pytest.mark.parametrize("motif", sorted(RESTES))
def test_aucune_page_ne_montre_de_restes(site_construit: Path, motif: str) -> None:
    """Chaque page construite, texte visible seulement."""
    trouves = []
    for html in sorted(site_construit.rglob("*.html")):
        texte = texte_visible(html.read_text(encoding="utf-8"))
        for m in RESTES[motif].finditer(texte):
            trouves.append(f"{html.relative_to(site_construit)} : …{texte[max(0, m.start() - 40):m.end() + 30]}…")
    assert not trouves, "\n".join(trouves[:15])


# --- Typographie et élision ----------------------------------------------------------------

class _TexteLu(HTMLParser):
    """Les nœuds de texte qu'un lecteur lit, code compris exclu (pre, code, kbd…) : ce que la
    passe typographique de la construction doit avoir traité."""

    CACHES = frozenset({"script", "style", "template", "pre", "code", "kbd", "samp", "textarea"})
    VIDES = frozenset({"br", "img", "input", "meta", "link", "hr", "source", "wbr", "col", "area", "base",
                       "path", "rect", "circle", "line", "polyline", "polygon", "use", "stop", "ellipse"})

    def __init__(self) -> None:
        super().__init__()
        self.textes: list[str] = []
        self._pile: list[bool] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag not in self.VIDES:
            self._pile.append(tag in self.CACHES or (bool(self._pile) and self._pile[-1]))

    def handle_endtag(self, tag: str) -> None:
        if tag not in self.VIDES and self._pile:
            self._pile.pop()

    def handle_data(self, data: str) -> None:
        if not (self._pile and self._pile[-1]):
            self.textes.append(data)


_ORDINAIRE = "[ \t\r\n]"
#: Une espace ordinaire là où la typographie française veut une insécable (le texte de la
#: page mis bout à bout, une balise en ligne ne cachant rien).
PONCTUATION_SANS_INSECABLE = re.compile(f"{_ORDINAIRE}+[;:!?»]|«{_ORDINAIRE}")
#: Un nombre et ce qu'il compte séparés par une espace ordinaire (dans un même nœud de texte).
NOMBRE_SECABLE = re.compile(rf"(?<![^\s(\[«—–])[−+-]?\d+(?:,\d+)?(?:er|re|e)?{_ORDINAIRE}+(%|[^\W\d_]+)")
#: « de », « le », « que » devant un mot (pas « Exportez-le en »).
SANS_ELISION = re.compile(r"(?<![-\w])([Dd]e|[Ll]e|[Qq]ue)[ \t\r\n\u00a0]+([^\W\d_][\w-]*)")


def fautes_de_typographie(html: str) -> list[str]:
    """Les fautes de typographie et d'élision du texte lu d'une page HTML."""
    from jdr_core.francais import MOTS_LIBRES, elide

    lecteur = _TexteLu()
    lecteur.feed(html)
    fautes = []
    tout = "".join(lecteur.textes)
    for m in PONCTUATION_SANS_INSECABLE.finditer(tout):
        fautes.append(f"espace ordinaire : …{tout[max(0, m.start() - 40):m.end() + 20]}…")
    for texte in lecteur.textes:
        for m in NOMBRE_SECABLE.finditer(texte):
            if m.group(1) == "%" or m.group(1).lower() not in MOTS_LIBRES:
                fautes.append(f"nombre séparé de son mot : …{texte[max(0, m.start() - 30):m.end() + 10]}…")
        for m in SANS_ELISION.finditer(texte):
            if elide(m.group(2)):
                fautes.append(f"élision oubliée : …{texte[max(0, m.start() - 30):m.end() + 10]}…")
    return fautes


def test_le_detecteur_typographique_voit_les_fautes() -> None:
    """Chaque faute est vue ; le code, les mots de liaison et les h aspirés ne sont pas des fautes."""
    for fautif in ("Contre 3 : réussite", "Marge ; suite", "Vraiment ?", "« oui", "3 succès", "12,5 %",
                   "Le malus de Oskar", "AGI de Oskar", "le Ours", "plus que un"):
        assert fautes_de_typographie(f"<p>{escape(fautif)}</p>"), fautif
    for correct in ("Contre 3\u00a0: réussite", "5 ou 6", "de hasard", "le héros", "de Yann", "Exportez-le en JSON",
                    "<code>a ; b</code>", "<pre>de Oskar : 3 PE</pre>", "<script>a ? b : c</script>", "12:30"):
        assert not fautes_de_typographie(f"<p>{correct}</p>"), correct


def test_typographie_et_elision_des_pages(site_construit: Path) -> None:
    """Chaque page construite : espaces insécables de la typographie française et élisions,
    dans la prose, les phrases rendues des exemples et des lanceurs, les graphiques."""
    trouves = [f"{html.relative_to(site_construit)} : {faute}"
               for html in sorted(site_construit.rglob("*.html"))
               for faute in fautes_de_typographie(html.read_text(encoding="utf-8"))]
    assert not trouves, "\n".join(trouves[:20])


def test_page_404_en_francais(site_construit: Path) -> None:
    """La page d'erreur 404 parle français et ramène à l'accueil."""
    texte = texte_visible((site_construit / "404.html").read_text(encoding="utf-8"))
    assert "Page introuvable" in texte and "Not found" not in texte and "Revenir à l'accueil" in texte
    assert '<a href="//"' not in (site_construit / "404.html").read_text(encoding="utf-8")  # pas d'adresse sans hôte
