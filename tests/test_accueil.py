"""L'accueil et le menu viennent de la liste déclarée des systèmes : ils ne peuvent pas diverger.

Chaque système déclare une fois son titre, son principe et ses pages (``jdr_core/<systeme>/
systeme.py``) ; le greffon en fait la table de l'accueil et les sections du menu, et nomme chaque
page du menu d'après son propre titre. Ces tests relisent le site construit comme un lecteur le
voit : le libellé de chaque page du menu est son titre (ou ce titre sans le nom du système qu'il
répète), et l'accueil mène à la première page de chaque système.
"""

from __future__ import annotations

import dataclasses
import doctest
import html
import re
from pathlib import Path
from typing import Any
from urllib.parse import urljoin

import pytest
from mkdocs.exceptions import PluginError

from jdr_core import registre
from jdr_core.mecanique import Systeme
from site_plugins import plugin

from .conftest import RACINE

DOCS = RACINE / "docs"
#: Les pages du menu hors systèmes, et leur libellé quand il n'est pas leur titre.
HORS_SYSTEMES = {"index.md": "Accueil", "journal.md": None, "a-propos.md": None}
#: Le dossier du guide de l'auteur (docs/auteurs/) : ses pages sont construites, hors du menu des joueurs.
HORS_MENU = "auteurs"
#: L'encadré de l'accueil de chaque système : ce que couvre son texte d'origine, ce qu'il laisse à la table.
ENCADRE_PORTEE = '!!! abstract "Ce que couvre le livre de règles, et ce qu\'il laisse à la table"'


def texte(fragment: str) -> str:
    """Le texte d'un fragment HTML, espaces insécables ramenées à des espaces ordinaires."""
    fragment = re.sub(r'<a class="headerlink".*?</a>', "", fragment, flags=re.S)
    brut = html.unescape(re.sub(r"<[^>]+>", "", fragment))
    return " ".join(brut.replace("\u202f", " ").replace("\u00a0", " ").split())


def url_de(chemin: str) -> str:
    """L'adresse d'une page du site (use_directory_urls), depuis la racine."""
    sans = chemin.removesuffix(".md")
    if sans == "index":
        return ""
    return (sans.removesuffix("/index") if sans.endswith("/index") else sans) + "/"


def titre_publie(site: Path, chemin: str) -> str:
    page = (site / url_de(chemin) / "index.html").read_text(encoding="utf-8")
    trouve = re.search(r"<h1[^>]*>(.*?)</h1>", page, re.S)
    assert trouve, f"{chemin} : pas de titre de niveau 1"
    return texte(trouve.group(1))


def menu_publie(site: Path) -> tuple[list[str], list[tuple[str, str]]]:
    """Les sections et les liens (adresse depuis la racine, libellé) du menu principal,
    lus dans une page qui n'est pas dans une section (celle du journal)."""
    page = (site / "journal" / "index.html").read_text(encoding="utf-8")
    debut = page.index('<nav class="md-nav md-nav--primary"')
    menu = page[debut:]
    sections = [texte(s) for s in re.findall(
        r'<label class="md-nav__link" for="__nav_\d+" id="__nav_\d+_label"[^>]*>(.*?)</label>', menu, re.S)]
    liens = []
    for href, libelle in re.findall(r'<a href="([^"#][^"]*)" class="md-nav__link[^"]*"[^>]*>(.*?)</a>', menu, re.S):
        adresse = urljoin("http://site/journal/", href).removeprefix("http://site/")
        if (adresse, texte(libelle)) not in liens:
            liens.append((adresse, texte(libelle)))
    return sections, liens


def libelle_attendu(libelle: str, titre: str, systeme: str) -> bool:
    """Le libellé est le titre de la page, ou ce titre sans le nom de son système."""
    if libelle == titre or titre == f"{libelle} : {systeme}":
        return True
    debut = f"{systeme} : "
    return titre.startswith(debut) and titre[len(debut):].casefold() == libelle.casefold() \
        and titre[len(debut) + 1:] == libelle[1:]


class TestDeclaration:
    """Ce que chaque système déclare pour l'accueil et le menu."""

    @pytest.mark.parametrize("systeme", registre.systemes(), ids=registre.SYSTEMES)
    def test_titre_principe_et_pages(self, systeme: Systeme) -> None:
        assert systeme.titre.strip() == systeme.titre and systeme.titre
        assert systeme.principe and "\n" not in systeme.principe and len(systeme.principe) <= 100
        assert not systeme.principe.endswith("."), "une ligne de tableau, pas une phrase"
        assert systeme.pages and len(set(systeme.pages)) == len(systeme.pages)
        dossiers = {Path(p).parent for p in systeme.pages}
        assert len(dossiers) == 1, f"{systeme.nom} : ses pages sont dans un seul dossier de docs/"
        (dossier,) = dossiers
        # Aucune page du dossier n'est oubliée par le menu.
        assert sorted(systeme.pages) == sorted(p.relative_to(DOCS).as_posix() for p in (DOCS / dossier).glob("*.md"))

    @pytest.mark.parametrize("systeme", registre.systemes(), ids=registre.SYSTEMES)
    def test_l_accueil_du_systeme_dit_sa_portee(self, systeme: Systeme) -> None:
        """On entre dans un système par sa page d'accueil (index.md, donc /systeme/), qui dit d'emblée
        ce que couvre le texte d'origine et ce qu'il laisse à la table."""
        assert Path(systeme.pages[0]).name == "index.md", f"{systeme.nom} : on entre par son index.md"
        accueil = (DOCS / systeme.pages[0]).read_text(encoding="utf-8")
        assert accueil.count(ENCADRE_PORTEE) == 1, f"{systeme.pages[0]} : l'encadré de portée manque"
        encadre = accueil[accueil.index(ENCADRE_PORTEE):].split("\n\n#", 1)[0]
        assert "**Vous y trouverez**" in encadre and "**Il ne " in encadre

    @pytest.mark.parametrize("systeme", registre.systemes(), ids=registre.SYSTEMES)
    def test_le_parcours_d_un_nouveau_venu(self, systeme: Systeme) -> None:
        """Chaque système déclare, dans son propre dossier, la page à lire d'abord, un premier jet que le
        lecteur peut relancer (un exemple qui a son lanceur) et la page de sa fiche."""
        assert systeme.parcours is not None, f"{systeme.nom} : Systeme.parcours manque"
        lire, jet, fiche = systeme.parcours.lire, systeme.parcours.jet, systeme.parcours.fiche
        assert lire in systeme.pages and "#" not in lire and "#" not in (fiche or "")
        chemin, _, ancre = jet.partition("#")
        exemple = re.search(rf'^```exemple id="{ancre.removeprefix("exemple-")}"[^\n]*', (DOCS / chemin).read_text(
            encoding="utf-8"), re.M)
        assert ancre.startswith("exemple-") and exemple and " lanceur=" in exemple[0], jet
        if fiche is not None:  # un système sans fiche de suivi (nox -s nouveau) n'en nomme pas
            assert re.search(r"^```fiche ", (DOCS / fiche).read_text(encoding="utf-8"), re.M), fiche

    def test_rien_de_partage_ne_nomme_un_systeme(self) -> None:
        """Ni la nav de mkdocs.yml ni l'accueil ne recopient un titre ou une page de système."""
        config = (RACINE / "mkdocs.yml").read_text(encoding="utf-8")
        nav = config[config.index("\nnav:"):]
        accueil = (DOCS / "index.md").read_text(encoding="utf-8")
        for systeme in registre.systemes():
            assert systeme.titre not in nav and systeme.titre not in accueil
            assert not any(page in nav or page in accueil for page in systeme.pages)

    def test_toutes_les_pages_dans_le_menu_une_fois(self) -> None:
        """Toutes, sauf le guide de l'auteur : construit, mais hors du menu des joueurs."""
        declarees = [p for s in registre.systemes() for p in s.pages] + list(HORS_SYSTEMES)
        assert sorted(declarees) == sorted(p.relative_to(DOCS).as_posix() for p in DOCS.rglob("*.md")
                                           if p.parent != DOCS / HORS_MENU)


class TestGreffon:
    """Les fonctions du greffon qui font le menu et la table, sans construire le site."""

    def test_doctests(self) -> None:
        echecs, essais = doctest.testmod(plugin)
        assert essais >= 3 and echecs == 0

    def test_sections_dans_l_ordre_declare(self) -> None:
        sections = plugin.menu_des_systemes(DOCS)
        assert [next(iter(s)) for s in sections] == [s.titre for s in registre.systemes()]
        for section, systeme in zip(sections, registre.systemes(), strict=True):
            (entrees,) = section.values()
            assert [next(iter(e.values())) for e in entrees] == list(systeme.pages)

    def test_table_depuis_une_autre_page(self) -> None:
        table = plugin.table_des_systemes("guide/bienvenue.md")
        premier = registre.systemes()[0]
        assert f"| [**{premier.titre}**](../{premier.pages[0]}) | {premier.principe} |" in table

    def test_parcours_depuis_une_autre_page(self) -> None:
        table = plugin.parcours_des_systemes(DOCS, "guide/bienvenue.md")
        assert table.splitlines()[0] == "| Système | " + " | ".join(plugin.ETAPES.values()) + " |"
        for systeme in registre.systemes():
            assert systeme.parcours is not None
            cibles = dict(systeme.parcours.etapes())
            cases = [f"[{plugin.libelle_d_etape(DOCS, systeme, cibles[etape])}](../{cibles[etape]})"
                     if etape in cibles else plugin.PAS_D_ETAPE[etape] for etape in plugin.ETAPES]
            assert f"| **{systeme.titre}** | " + " | ".join(cases) + " |" in table

    def test_parcours_vers_une_ancre_absente_refuse(self, monkeypatch: pytest.MonkeyPatch) -> None:
        vrai = registre.systemes()[0]
        assert vrai.parcours is not None
        faux = dataclasses.replace(vrai, parcours=dataclasses.replace(vrai.parcours, jet=vrai.pages[0] + "#nulle-part"))
        monkeypatch.setattr(plugin, "systemes", lambda: (faux,))
        with pytest.raises(PluginError, match="ancre absente"):
            plugin.parcours_des_systemes(DOCS, "index.md")
        sans_fiche = dataclasses.replace(vrai, parcours=dataclasses.replace(vrai.parcours, fiche=None))
        monkeypatch.setattr(plugin, "systemes", lambda: (sans_fiche,))
        assert plugin.parcours_des_systemes(DOCS, "index.md").endswith(" | pas de fiche de suivi |")
        faux = dataclasses.replace(vrai, parcours=None)
        monkeypatch.setattr(plugin, "systemes", lambda: (faux,))
        with pytest.raises(PluginError, match="ne déclare pas de parcours"):
            plugin.parcours_des_systemes(DOCS, "index.md")

    def test_page_absente_refusee(self, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
        faux = Systeme(nom="essai", titre="Essai", principe="rien", pages=("essai/absente.md",), mecaniques=())
        monkeypatch.setattr(plugin, "systemes", lambda: (faux,))
        with pytest.raises(PluginError, match=r"déclare la page essai/absente\.md"):
            plugin.menu_des_systemes(tmp_path)

    def test_page_sans_titre_refusee(self, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
        (tmp_path / "essai").mkdir()
        (tmp_path / "essai" / "page.md").write_text("Du texte sans titre.\n", encoding="utf-8")
        faux = Systeme(nom="essai", titre="Essai", principe="rien", pages=("essai/page.md",), mecaniques=())
        monkeypatch.setattr(plugin, "systemes", lambda: (faux,))
        with pytest.raises(PluginError, match="n'a pas de titre"):
            plugin.menu_des_systemes(tmp_path)


class TestSitePublie:
    """Le menu et l'accueil du site construit."""

    @pytest.mark.construction
    def test_sections_du_menu(self, site_construit: Path) -> None:
        sections, _ = menu_publie(site_construit)
        assert sections == [s.titre for s in registre.systemes()]

    @pytest.mark.construction
    def test_libelle_de_chaque_page_est_son_titre(self, site_construit: Path) -> None:
        _, liens = menu_publie(site_construit)
        attendues = ["index.md"] + [p for s in registre.systemes() for p in s.pages] + ["journal.md", "a-propos.md"]
        assert [adresse for adresse, _ in liens] == [url_de(p) for p in attendues]
        systeme_de = {p: s.titre for s in registre.systemes() for p in s.pages}
        for (_, libelle), chemin in zip(liens, attendues, strict=True):
            titre = titre_publie(site_construit, chemin)
            if chemin in HORS_SYSTEMES:
                assert libelle == (HORS_SYSTEMES[chemin] or titre), chemin
            else:
                assert libelle_attendu(libelle, titre, systeme_de[chemin]), \
                    f"{chemin} : menu « {libelle} », titre « {titre} »"

    @pytest.mark.construction
    def test_onglet_garde_le_titre_entier(self, site_construit: Path) -> None:
        """Le menu dit « Écran du MJ » sous « enCORE » ; l'onglet du navigateur, « Écran du MJ : enCORE »."""
        for systeme in registre.systemes():
            for chemin in systeme.pages:
                page = (site_construit / url_de(chemin) / "index.html").read_text(encoding="utf-8")
                onglet = re.search(r"<title>(.*?)</title>", page, re.S)
                assert onglet and texte(onglet.group(1)) == f"{titre_publie(site_construit, chemin)} - Règles vivantes"

    @pytest.mark.construction
    def test_un_titre_qui_cite_son_systeme_le_nomme_comme_il_est_declare(self, site_construit: Path) -> None:
        """« Écran du MJ : 2D6 sous le seuil », jamais un autre nom du même système."""
        for systeme in registre.systemes():
            for chemin in systeme.pages:
                titre = titre_publie(site_construit, chemin)
                if " : " in titre:
                    assert systeme.titre in titre.split(" : "), f"{chemin} : « {titre} »"

    @pytest.mark.construction
    def test_accueil_mene_a_chaque_systeme(self, site_construit: Path) -> None:
        page = (site_construit / "index.html").read_text(encoding="utf-8")
        lignes: list[tuple[Any, ...]] = re.findall(
            r'<tr>\s*<td><a href="([^"]*)"><strong>(.*?)</strong></a></td>\s*<td>(.*?)</td>\s*</tr>', page, re.S)
        assert [(href, texte(titre), texte(principe)) for href, titre, principe in lignes] == [
            (url_de(s.pages[0]), s.titre, texte(s.principe)) for s in registre.systemes()
        ]
        assert "à venir" not in texte(page)
        assert "```systemes" not in page

    @pytest.mark.construction
    def test_accueil_donne_un_parcours_par_systeme(self, site_construit: Path) -> None:
        """« Nouveau ? Commencez ici » : une ligne par système, et chaque lien mène à une page du site qui
        porte l'ancre visée (l'exemple du premier jet)."""
        page = (site_construit / "index.html").read_text(encoding="utf-8")
        debut = page.index('id="nouveau-commencez-ici"')
        table = page[debut:page.index("</table>", debut)]
        lignes = re.findall(r"<tr>\s*<td><strong>(.*?)</strong></td>(.*?)</tr>", table, re.S)
        assert [texte(titre) for titre, _ in lignes] == [s.titre for s in registre.systemes()]
        for _, cases in lignes:
            liens = re.findall(r'<td><a href="([^"]*)">(.*?)</a></td>', cases)
            assert len(liens) == len(plugin.ETAPES)
            for href, _ in liens:
                adresse, _, ancre = href.partition("#")
                cible = (site_construit / adresse / "index.html").read_text(encoding="utf-8")
                assert not ancre or f'id="{ancre}"' in cible, href
