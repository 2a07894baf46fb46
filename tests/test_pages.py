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


@pytest.mark.construction
@pytest.mark.parametrize("motif", sorted(RESTES))
def test_aucune_page_ne_montre_de_restes(site_construit: Path, motif: str) -> None:
    """Chaque page construite, texte visible seulement."""
    trouves = []
    for html in sorted(site_construit.rglob("*.html")):
        texte = texte_visible(html.read_text(encoding="utf-8"))
        for m in RESTES[motif].finditer(texte):
            trouves.append(f"{html.relative_to(site_construit)} : …{texte[max(0, m.start() - 40):m.end() + 30]}…")
    assert not trouves, "\n".join(trouves[:15])


@pytest.mark.construction
def test_page_404_en_francais(site_construit: Path) -> None:
    """La page d'erreur 404 parle français et ramène à l'accueil."""
    texte = texte_visible((site_construit / "404.html").read_text(encoding="utf-8"))
    assert "Page introuvable" in texte and "Not found" not in texte and "Revenir à l'accueil" in texte
    assert '<a href="//"' not in (site_construit / "404.html").read_text(encoding="utf-8")  # pas d'adresse sans hôte
