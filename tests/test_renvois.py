"""Les anciennes adresses d'un dossier renommé (site_plugins/renvois.py) : une page de renvoi par
page, qui garde la requête d'un lien de rejeu ; dans Chromium : tests/navigateur/test_widgets.py,
test_lien_rejoue_le_meme_jet. Les anciennes ancres d'une page scindée : la carte écrite dans la page,
et dans Chromium test_ancre_d_une_page_scindee."""

from __future__ import annotations

import doctest
import html
import json
import re
from pathlib import Path

import pytest
from mkdocs.exceptions import PluginError
from mkdocs.structure.files import File, Files

from site_plugins import renvois
from site_plugins.plugin import parties_recues
from site_plugins.renvois import CARTE_DES_ANCRES, SECTIONS_DEPLACEES, RenvoiImpossible, ecrire_renvois, ids_de

from .conftest import RACINE


def _site(tmp_path: Path) -> Path:
    site = tmp_path / "site"
    for chemin, titre in (("troisd6/test/index.html", "Le test &amp; ses dés"), ("troisd6/index.html", "3D6"),
                          ("encore/index.html", "enCORE")):
        (site / chemin).parent.mkdir(parents=True, exist_ok=True)
        (site / chemin).write_text(f"<html><head><title>{titre}</title></head><body></body></html>",
                                   encoding="utf-8")
    return site


def test_une_page_de_renvoi_par_page(tmp_path: Path) -> None:
    site = _site(tmp_path)
    ecrits = ecrire_renvois(site, {"3d6": "troisd6"}, "https://exemple.org/regles/")
    assert ecrits == ["3d6/index.html", "3d6/test/index.html"]
    renvoi = (site / "3d6" / "test" / "index.html").read_text(encoding="utf-8")
    assert 'data-jdr-vers="../../troisd6/test/"' in renvoi
    assert '<script src="../../assets/jdr/widgets/renvoi.js"></script>' in renvoi
    assert '<meta http-equiv="refresh" content="0; url=../../troisd6/test/">' in renvoi
    assert '<meta name="robots" content="noindex">' in renvoi
    assert '<link rel="canonical" href="https://exemple.org/regles/troisd6/test/">' in renvoi
    # Le titre de la page, échappé une fois, et la phrase à la typographie française.
    assert "<title>Le test &amp; ses dés</title>" in renvoi
    assert "Cette page a changé d'adresse\xa0:" in renvoi
    racine = (site / "3d6" / "index.html").read_text(encoding="utf-8")
    assert 'data-jdr-vers="../troisd6/"' in racine and 'src="../assets/jdr/widgets/renvoi.js"' in racine
    assert not (site / "encore" / "test").exists()


@pytest.mark.parametrize(("anciens", "message"), [
    ({"../x": "troisd6"}, "n'est pas un nom de dossier simple"),
    ({"3d6": "troisd6/../encore"}, "n'est pas un nom de dossier simple"),
    ({"encore": "troisd6"}, "le dossier encore/ existe encore"),
    ({"vieux": "absent"}, "aucune page dans absent/"),
])
def test_option_intenable_refusee_sans_rien_ecrire(tmp_path: Path, anciens: dict[str, str], message: str) -> None:
    site = _site(tmp_path)
    avant = sorted(p.relative_to(site).as_posix() for p in site.rglob("*"))
    with pytest.raises(RenvoiImpossible, match=re.escape(message)):
        ecrire_renvois(site, anciens, "https://exemple.org/regles/")
    assert sorted(p.relative_to(site).as_posix() for p in site.rglob("*")) == avant


@pytest.mark.construction
def test_le_site_construit_renvoie_chaque_page_3d6(site_construit: Path) -> None:
    pages = sorted(p.relative_to(site_construit / "troisd6").as_posix()
                   for p in (site_construit / "troisd6").rglob("index.html"))
    assert "test/index.html" in pages and len(pages) >= 7
    for page in pages:
        renvoi = (site_construit / "3d6" / page).read_text(encoding="utf-8")
        assert f'data-jdr-vers="{"../" * page.count("/")}../troisd6/{page.removesuffix("index.html")}"' in renvoi
    # Hors du plan du site et de l'index de recherche ; gardées hors ligne comme les autres pages.
    assert "/3d6/" not in (site_construit / "sitemap.xml").read_text(encoding="utf-8")
    assert '"3d6/' not in (site_construit / "search" / "search_index.json").read_text(encoding="utf-8")
    assert '"3d6/test/"' in (site_construit / "sw.js").read_text(encoding="utf-8")


# --- Page scindée ---------------------------------------------------------------------------------

def test_doctests() -> None:
    echecs, essais = doctest.testmod(renvois)
    assert essais >= 4 and echecs == 0


def _pages(*chemins: str) -> Files:
    return Files([File(c, "docs", "site", use_directory_urls=True) for c in chemins])


def test_parties_recues_relatives_a_la_page() -> None:
    fichiers = _pages("regles/scenes.md", "regles/scenes-relation.md", "regles/poursuites.md")
    assert parties_recues("regles/scenes.md", ["scenes-relation.md", "../regles/poursuites.md"], fichiers) == [
        ("regles/scenes-relation.md", "regles/scenes-relation/"), ("regles/poursuites.md", "regles/poursuites/")]


@pytest.mark.parametrize(("declarees", "message"), [
    ("scenes-relation.md", "attend une liste de pages"),
    ([], "attend une liste de pages"),
    (["absente.md"], "nomme absente.md, qui n'est pas une autre page"),
    (["scenes.md"], "nomme scenes.md, qui n'est pas une autre page"),
])
def test_parties_recues_refusees(declarees: object, message: str) -> None:
    with pytest.raises(PluginError, match=re.escape(message)):
        parties_recues("regles/scenes.md", declarees, _pages("regles/scenes.md", "regles/scenes-relation.md"))


def _carte(site: Path, adresse: str) -> dict[str, str]:
    page = (site / adresse / "index.html").read_text(encoding="utf-8")
    trouve = re.search(rf'<template id="{CARTE_DES_ANCRES}">(.*?)</template>', page)
    assert trouve, f"{adresse} : pas de carte des ancres"
    carte: dict[str, str] = json.loads(html.unescape(trouve[1]))
    return carte


@pytest.mark.construction
def test_page_scindee_mene_ses_anciennes_ancres_a_leur_nouvelle_page(site_construit: Path) -> None:
    """Chaque page qui déclare des sections déplacées porte la carte de ses anciennes ancres : chacune
    manque à la page scindée et se trouve sur la page qu'elle désigne."""
    scindees = [p for p in (RACINE / "docs").rglob("*.md")
                if f"\n{SECTIONS_DEPLACEES}:" in p.read_text(encoding="utf-8").split("\n---", 1)[0]]
    assert len(scindees) >= 2
    for source in scindees:
        adresse = source.relative_to(RACINE / "docs").as_posix().removesuffix(".md") + "/"
        carte = _carte(site_construit, adresse)
        ici = ids_de((site_construit / adresse / "index.html").read_text(encoding="utf-8"))
        for ancre, vers in carte.items():
            assert ancre not in ici, (adresse, ancre)
            cible = (site_construit / adresse / vers / "index.html").resolve()
            assert ancre in ids_de(cible.read_text(encoding="utf-8")), (adresse, ancre, vers)
    # Les sections des scènes et des poursuites : titres, exemples et lanceurs.
    scenes = _carte(site_construit, "deuxd6/scenes/")
    assert scenes["le-sabotage"] == scenes["exemple-philip-sabotage"] == "../scenes-reflexion/"
    assert scenes["lanceur-2d6-rattrapage"] == scenes["scenes-de-relation"] == "../scenes-relation/"
    assert _carte(site_construit, "deuxd6/poursuites/")["lea-se-cache-dans-le-vieux-marseille"] == \
        "../poursuites-exemples/"
