"""Ce que lit un joueur : aucune page construite ne montre de restes de programmeur."""

from __future__ import annotations

import re
from html import escape
from html.parser import HTMLParser
from pathlib import Path

import pytest

from .conftest import pages_construites

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


#: Le dossier du guide de l'auteur, dans docs/ et dans le site construit.
GUIDE_DE_L_AUTEUR = "auteurs"


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
    """Chaque page construite qu'un joueur lit, texte visible seulement : le guide de l'auteur (auteurs/,
    hors du menu) montre à dessein du code, et ce qu'il ne faut pas écrire."""
    trouves = []
    for html in pages_construites(site_construit):
        if html.relative_to(site_construit).parts[0] == GUIDE_DE_L_AUTEUR:
            continue
        texte = texte_visible(html.read_text(encoding="utf-8"))
        for m in RESTES[motif].finditer(texte):
            trouves.append(f"{html.relative_to(site_construit)} : …{texte[max(0, m.start() - 40):m.end() + 30]}…")
    assert not trouves, "\n".join(trouves[:15])


#: Ce qu'une page de règles donne à lire d'une traite, en caractères de texte visible de l'article
#: (exemples racontés compris, leur code replié non) : environ un quart d'heure de lecture.
LECTURE_D_UNE_TRAITE = 20_000


@pytest.mark.construction
def test_chaque_page_se_lit_d_une_traite(site_construit: Path) -> None:
    """Une page trop longue pour une seule lecture se scinde (en-tête sections_deplacees, voir
    site_plugins/renvois.py) ; l'écran du MJ et les tables, qu'on consulte sans les lire, comptent aussi."""
    longues = []
    for html in pages_construites(site_construit, "index.html"):
        page = html.read_text(encoding="utf-8")
        if "<article" not in page:
            continue
        article = page[page.index("<article"):page.index("</article>")]
        taille = len(" ".join(texte_visible(article).split()))
        if taille > LECTURE_D_UNE_TRAITE:
            longues.append(f"{html.relative_to(site_construit)} : {taille} caractères")
    assert not longues, "\n".join(longues)


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


@pytest.mark.construction
def test_typographie_et_elision_des_pages(site_construit: Path) -> None:
    """Chaque page construite : espaces insécables de la typographie française et élisions,
    dans la prose, les phrases rendues des exemples et des lanceurs, les graphiques."""
    trouves = [f"{html.relative_to(site_construit)} : {faute}"
               for html in pages_construites(site_construit)
               for faute in fautes_de_typographie(html.read_text(encoding="utf-8"))]
    assert not trouves, "\n".join(trouves[:20])


@pytest.mark.construction
def test_page_404_en_francais(site_construit: Path) -> None:
    """La page d'erreur 404 parle français et ramène à l'accueil."""
    texte = texte_visible((site_construit / "404.html").read_text(encoding="utf-8"))
    assert "Page introuvable" in texte and "Not found" not in texte and "Revenir à l'accueil" in texte
    assert '<a href="//"' not in (site_construit / "404.html").read_text(encoding="utf-8")  # pas d'adresse sans hôte


# --- les lignes de résultat des exemples -------------------------------------

class _LignesDExemple(HTMLParser):
    """Le texte de chaque ligne de résultat d'exemple (``<p class="jdr-exemple-ligne">``)."""

    def __init__(self) -> None:
        super().__init__()
        self.lignes: list[str] = []
        self._profondeur = 0  # balises ouvertes dans la ligne en cours (0 : hors d'une ligne)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if self._profondeur:
            self._profondeur += 1
        elif tag == "p" and "jdr-exemple-ligne" in (dict(attrs).get("class") or "").split():
            self._profondeur = 1
            self.lignes.append("")

    def handle_endtag(self, tag: str) -> None:
        if self._profondeur:
            self._profondeur -= 1

    def handle_data(self, data: str) -> None:
        if self._profondeur:
            self.lignes[-1] += data


def lignes_d_exemple(html: str) -> list[str]:
    lecteur = _LignesDExemple()
    lecteur.feed(html)
    return [" ".join(ligne.split()) for ligne in lecteur.lignes]


#: Un mot : trois lettres de suite au moins. Une notation de dés (« 6d6 ») n'en est pas un.
_MOT = re.compile(r"[^\W\d_]{3,}")
_NOTATION_DE_DES = re.compile(r"\b\d*[dD]\d+\b")
#: Une valeur Python affichée telle quelle : chaîne entre apostrophes, liste, tuple, dictionnaire.
_LITTERAL = re.compile(r"""^(?:'.*'|".*"|\[.*\]|\(.*\)|\{.*\})$""")


def ligne_sans_phrase(ligne: str) -> str | None:
    """Pourquoi une ligne de résultat n'est pas une phrase qu'un joueur lit, ou None si elle en est une.

    Une ligne qui n'a aucun mot (« 3 », « 8 / 2 », « 1d6 »), un mot seul (« Moyen »,
    « None ») ou une valeur Python (« 'réussite' », « [3, 2] », « (1, 0) ») ne dit rien
    à un joueur qui ne lit pas le code replié.
    """
    texte = ligne.strip()
    if _LITTERAL.match(texte):
        return "valeur Python"
    mots = _MOT.findall(_NOTATION_DE_DES.sub(" ", texte))
    if not mots:
        return "aucun mot"
    if len(texte.split()) == 1:
        return "un mot seul"
    return None


def test_le_detecteur_voit_les_lignes_sans_phrase() -> None:
    """Valeurs nues et restes Python sont refusés ; une phrase courte, une cote, un état passent."""
    for fautive in ("3", "8 / 2", "7 / 9", "1 / 0", "−2", "1d6", "6d6 (1, 4)", "Moyen", "None",
                    "'réussite'", "[3, 2]", "(1, 0)", "{'succes': 2}"):
        assert ligne_sans_phrase(fautive), fautive
    for bonne in ("2, 3, 5 contre 3 : 2 succès.", "Réussite : 50 %", "KO d'office.", "20 m au sol.",
                  "Gideon (Blockbuster) : Santé 3/8, gravement blessé ; Stress 1/6."):
        assert ligne_sans_phrase(bonne) is None, bonne
    html = ('<div class="jdr-exemple-sorties"><p class="jdr-exemple-ligne">8</p>'
            '<p class="jdr-exemple-ligne">Jules lance <em>3</em> dés.</p></div><p>7</p>')
    assert lignes_d_exemple(html) == ["8", "Jules lance 3 dés."]


@pytest.mark.construction
def test_chaque_ligne_d_exemple_est_une_phrase(site_construit: Path) -> None:
    """Chaque page construite, de chaque système : une ligne de résultat se lit comme une phrase."""
    trouves = []
    for html in pages_construites(site_construit):
        page = html.relative_to(site_construit).as_posix()
        for ligne in lignes_d_exemple(html.read_text(encoding="utf-8")):
            if (pourquoi := ligne_sans_phrase(ligne)) is not None:
                trouves.append(f"{page} : « {ligne} » ({pourquoi})")
    assert not trouves, "\n".join(trouves)
