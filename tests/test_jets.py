"""Les jets écrits dans le texte (``{{jet …}}``, site_plugins/jets.py et assets/widgets/jet-en-ligne.js) :
l'extension sur une instance de Markdown, puis le site construit ; dans Chromium : tests/navigateur/test_jets.py."""

from __future__ import annotations

import html
import json
import re
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import markdown
import pytest
from mkdocs.exceptions import PluginError

from jdr_core.erreurs import JdrErreur
from site_plugins.fences import Registre, declarations
from site_plugins.jets import JetInvalide, JetsEnLigne, lire_jet
from site_plugins.plugin import resoudre_liens
from site_plugins.recherche import exclure_widgets

from .conftest import RACINE, pages_construites


def convertir(texte: str, page: str = "troisd6/essai.md") -> str:
    """Une page passée par Markdown avec superfences, nos blocs et les jets, la page posée dans le
    registre comme le fait le greffon (son nom sert aux messages d'erreur)."""
    registre = Registre(page=(page, page.removesuffix(".md") + "/"))
    md = markdown.Markdown(extensions=["pymdownx.superfences", JetsEnLigne(registre=registre)],
                           extension_configs={"pymdownx.superfences": {"custom_fences": declarations(registre)}})
    return str(md.convert(texte))


class _SansJavaScript(HTMLParser):
    """Le texte d'une page tel qu'il se lit sans JavaScript ni infobulle ouverte : sans les
    infobulles (cachées par la feuille de style), ni les modèles, ni les sorties vides."""

    def __init__(self) -> None:
        super().__init__()
        self.textes: list[str] = []
        self._caches = 0
        self._pile: list[bool] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        classes = (dict(attrs).get("class") or "").split()
        cache = tag == "template" or "jdr-jet-cotes" in classes
        self._pile.append(cache)
        self._caches += cache

    def handle_endtag(self, tag: str) -> None:
        if self._pile:
            self._caches -= self._pile.pop()

    def handle_data(self, data: str) -> None:
        if not self._caches:
            self.textes.append(data)


def lu_sans_javascript(balisage: str) -> str:
    lecteur = _SansJavaScript()
    lecteur.feed(balisage)
    return "".join(lecteur.textes)


PHRASE = "Tentez {{jet 3d6-test caracteristique=3 difficulte=2 | trois dés contre un Mental de 3}} avant de partir."


class TestLire:
    """La syntaxe d'un jet : mécanique, paramètres nom=valeur, une barre, la prose."""

    def test_forme_complete(self) -> None:
        assert lire_jet(" 2d6-test niveau=1 difficulte=-3 |  Mécanique 1,  5 ou moins ") == (
            "2d6-test", {"niveau": "1", "difficulte": "-3"}, "Mécanique 1, 5 ou moins")

    @pytest.mark.parametrize(("corps", "message"), [
        (" 3d6-test difficulte=2", "la prose du jet manque"),
        (" 3d6-test difficulte=2 |  ", "la prose du jet manque"),
        (" 3d6-test | un | deux", "une seule barre"),
        (" | trois dés", "la mécanique manque"),
        (" 3d6-test difficulte | trois dés", "« difficulte » : attendu nom=valeur"),
        (" 3d6-test Difficulte=2 | trois dés", "attendu nom=valeur"),
        (" 3d6-test difficulte=2 difficulte=3 | trois dés", "paramètre difficulte donné deux fois"),
        (" 3d6-test | " + "mot " * 40, "au plus"),
    ])
    def test_refus(self, corps: str, message: str) -> None:
        with pytest.raises(JdrErreur, match=message):
            lire_jet(corps)


class TestExtension:
    """Le jet rendu par l'extension, sur une instance de Markdown : bouton, infobulle, erreurs."""

    def test_bouton_porte_la_prose(self) -> None:
        rendu = convertir(PHRASE)
        assert '<button type="button" class="jdr-jet-bouton" aria-describedby="jdr-jet-1-cotes" ' \
               'aria-controls="jdr-jet-1-sortie">trois dés contre un Mental de 3</button>' in rendu
        assert 'data-mecanique="3d6-test"' in rendu and 'data-systeme="troisd6"' in rendu
        donnees = json.loads(html.unescape(re.search(r'data-jet="([^"]+)"', rendu).group(1)))  # type: ignore[union-attr]
        assert donnees == {"parametres": {"caracteristique": 3, "difficulte": 2},
                           "reglages": [["Caractéristique", "3"], ["Difficulté (succès demandés)", "2"]]}

    def test_lisible_sans_javascript(self) -> None:
        """Sans script ni infobulle ouverte, le paragraphe se lit tel qu'il est écrit, la prose du jet
        à sa place ; pas de gabarit ni de nom de mécanique dans le texte."""
        rendu = convertir(PHRASE)
        assert lu_sans_javascript(rendu) == "Tentez trois dés contre un Mental de 3 avant de partir."
        assert rendu.startswith("<p>") and rendu.count("<p>") == 1  # le jet reste dans sa phrase

    def test_cotes_exactes_dans_l_infobulle(self) -> None:
        """Les cotes sont calculées à la construction, fractions comprises, dans l'élément que nomme
        aria-describedby ; les réglages donnés y sont rappelés."""
        rendu = convertir(PHRASE)
        infobulle = re.search(r'<small class="jdr-jet-cotes" id="jdr-jet-1-cotes" role="tooltip">(.*?)</small>'
                              r'<template', rendu)
        assert infobulle
        texte = re.sub(r"<[^>]+>", "", infobulle.group(1))
        assert "Lanceur : Test." in texte and "Caractéristique : 3 ;" in texte
        assert "Réussir (difficulté 2) : 50 % (1/2) ;" in texte
        assert "Réussite critique : 1,4 % (1/72) ;" in texte and texte.endswith("(1/72).")

    def test_issue_impossible_dite_dans_l_infobulle(self) -> None:
        """Deux dés pour trois succès : toutes les issues sont impossibles, et l'infobulle le dit par
        une phrase qui nomme l'issue cherchée, au lieu de s'arrêter sur son titre."""
        rendu = convertir("Ici {{jet 3d6-test caracteristique=4 desavantages=1 difficulte=3 | deux dés pour 3}}.")
        infobulle = re.search(r'role="tooltip">(.*?)</small>', rendu)
        assert infobulle
        texte = re.sub(r"<[^>]+>", "", infobulle.group(1))
        assert texte.endswith("Chances exactes avant de lancer : Réussir (difficulté 3) : impossible (0 %).")
        assert "()" not in texte and "0/1" not in texte

    def test_numerotes_dans_la_page(self) -> None:
        """Deux jets d'une page ont chacun leurs id ; une nouvelle page repart de 1."""
        md = markdown.Markdown(extensions=[JetsEnLigne()])
        rendu = md.convert(PHRASE + "\n\n" + PHRASE)
        assert 'id="jdr-jet-1"' in rendu and 'id="jdr-jet-2-cotes"' in rendu
        assert 'id="jdr-jet-1"' in md.reset().convert(PHRASE)

    def test_code_et_exemples_ne_sont_pas_lus(self) -> None:
        """Entre accents graves, dans un bloc de code ou un exemple, ``{{jet …}}`` reste du texte."""
        texte = ("La forme : `{{jet 3d6-test | prose}}`.\n\n"
                 "```exemple id=\"essai\"\n>>> print('{{jet inconnu | x}}')\n{{jet inconnu | x}}\n```\n")
        rendu = convertir(texte)
        assert "jdr-jet-bouton" not in rendu and "<code>{{jet 3d6-test | prose}}</code>" in rendu

    @pytest.mark.parametrize(("jet", "raison"), [
        ("{{jet 3d6-inconnu | trois dés}}", "mécanique « 3d6-inconnu » inconnue"),
        ("{{jet 3d6-test caracteristique=9 | trois dés}}", "Caractéristique 9 : attendu un entier de 1 à 5"),
        ("{{jet 3d6-test cible=12 | trois dés}}", "paramètre inconnu : 'cible'"),
        ("{{jet 3d6-test regle_critique=jamais | trois dés}}", "une valeur parmi"),
        ("{{jet 3d6-test graine=12 | trois dés}}", "réservé au lien de rejeu"),
        ("{{jet 2d6-jet-cache mode=mj | en secret}}", "cache ses dés"),
        ("{{jet 3d6-test difficulte=2}}", "la prose du jet manque"),
    ])
    def test_jet_invalide_arrete_la_construction(self, jet: str, raison: str) -> None:
        """Le message dit la page, le jet tel qu'écrit et la raison, en français."""
        with pytest.raises(JetInvalide) as refus:
            convertir(f"Un essai : {jet}.", page="d10/essai.md")
        message = str(refus.value)
        assert isinstance(refus.value, PluginError)
        assert message.startswith(f"jdr : d10/essai.md : jet « {jet} » : ") and raison in message, message

    def test_lien_de_rejeu_vers_le_lanceur(self) -> None:
        """Le lien qui rejouera le jet mène au lanceur de sa mécanique, sur sa page, avec ses réglages ;
        sans lanceur de cette mécanique sur le site, la construction s'arrête."""
        def markdown_avec(registre: Registre) -> markdown.Markdown:
            return markdown.Markdown(
                extensions=["pymdownx.superfences", JetsEnLigne(registre=registre)],
                extension_configs={"pymdownx.superfences": {"custom_fences": declarations(registre)}})

        registre = Registre(page=("troisd6/test.md", "troisd6/test/"))
        md = markdown_avec(registre)
        md.convert('```lanceur mecanique="3d6-test"\n```\n')
        registre.page = ("troisd6/usages.md", "troisd6/usages/")
        page = md.reset().convert(PHRASE)
        registre.page = ("", "")
        resolu = resoudre_liens(page, "troisd6/usages.md", "troisd6/usages/", registre)
        (lien,) = re.findall(r'<template class="jdr-jet-lanceur"><a href="([^"]+)">', resolu)
        adresse = urlsplit(html.unescape(lien))
        assert (adresse.path, adresse.fragment) == ("../test/", "lanceur-3d6-test")
        assert parse_qs(adresse.query) == {"lanceur": ["3d6-test"], "caracteristique": ["3"], "difficulte": ["2"]}
        neuf = Registre(page=("troisd6/usages.md", "troisd6/usages/"))
        seul = markdown_avec(neuf).convert(PHRASE)
        with pytest.raises(PluginError, match="aucun lanceur « 3d6-test »"):
            resoudre_liens(seul, "troisd6/usages.md", "troisd6/usages/", neuf)

    def test_recherche_garde_la_prose(self) -> None:
        """L'index de recherche lit la prose du bouton, pas l'infobulle ni la sortie."""
        marque = exclure_widgets(convertir(PHRASE))
        assert re.search(r'<button class="jdr-jet-bouton"|<button type="button" class="jdr-jet-bouton"', marque)
        assert '<small data-search-exclude="oui" class="jdr-jet-cotes"' in marque
        assert '<output data-search-exclude="oui"' in marque


def _valeurs_du_formulaire(formulaire: str) -> dict[str, str]:
    """Les valeurs qu'un formulaire de lanceur montre avant toute saisie : le nombre écrit, l'option
    choisie, la case cochée ou non."""
    valeurs = dict(re.findall(r'<input type="number"[^>]*name="(\w+)"[^>]*value="([^"]*)"', formulaire))
    valeurs |= {nom: "true" if coche else "false"
                for nom, coche in re.findall(r'<input type="checkbox"[^>]*name="(\w+)"[^>]*?( checked)?>', formulaire)}
    for nom, options in re.findall(r'<select[^>]*name="(\w+)">(.*?)</select>', formulaire, re.S):
        (valeurs[nom],) = re.findall(r'<option value="([^"]*)" selected', options)
    return valeurs


@pytest.mark.parametrize(("page", "invitation"), [
    ("deuxd6/index.md", "Essayez l'écrou à votre tour"),
    ("deuxd6/cas-speciaux.md", "Relancez la fouille des trois amis"),
    ("d10/blessures.md", "Tentez à votre tour de garder Oskar debout"),
    # Le seul lanceur d'attaque de la page, en fin de page : il part du seul jet du texte.
    ("d10/combat.md", "Reprenez l'épée de Nadia contre le palefrenier"),
    ("encore/dangers.md", "Passez un tour dans le brasier"),
    # « Lancer une réserve », en fin de page : le saut de Mira, seul jet du texte.
    ("encore/reserve.md", "À votre tour de sauter"),
    ("troisd6/combat.md", "Un premier coup pour voir"),
    # Le lanceur de « Lancer un test » part du dernier jet du texte qui le précède (3, action moyenne),
    # pas de la ruelle de Pierre (difficulté 1), plus haut, qu'un jet du texte rejoue déjà sur place.
    ("troisd6/test.md", "Mesurez l'écart avec 3 dans la caractéristique"),
], ids=["deuxd6-ecrou", "deuxd6-fouille", "d10-ko", "d10-attaque", "encore-incendie", "encore-saut",
        "troisd6-attaque", "troisd6-test"])
def test_le_lanceur_sous_une_invitation_part_de_sa_situation(page: str, invitation: str) -> None:
    """Sous une invitation à rejouer la situation (un jet du texte), le lanceur de la même mécanique
    part des mêmes réglages : le lecteur qui passe du bouton au formulaire retrouve son jet."""
    rendu = convertir((RACINE / "docs" / page).read_text(encoding="utf-8"), page)
    suite = rendu[rendu.index(invitation):]
    jet = re.search(r'data-mecanique="([^"]+)"[^>]*data-jet="([^"]+)"', suite)
    formulaire = re.search(r'<form class="jdr-lanceur" data-mecanique="([^"]+)" id="lanceur-.*?</form>', suite, re.S)
    assert jet and formulaire and formulaire.group(1) == jet.group(1)
    parametres = json.loads(html.unescape(jet.group(2)))["parametres"]
    valeurs = _valeurs_du_formulaire(formulaire.group(0))
    assert {nom: valeurs[nom] for nom in parametres} == {nom: str(v).lower() if isinstance(v, bool) else str(v)
                                                          for nom, v in parametres.items()}


# --- Le site construit --------------------------------------------------------------------

@pytest.mark.construction
def test_un_jet_mal_ecrit_arrete_mkdocs(tmp_path: Path) -> None:
    """Une vraie construction (mkdocs build --strict) s'arrête sur un jet refusé, en nommant la page,
    le jet et la raison : aucun bouton cassé n'est publié."""
    from .test_plugin import BASE, FENCES, construire

    page = "# Essai\n\nUn essai : {{jet 3d6-test caracteristique=9 | trois dés}}.\n"
    r = construire(tmp_path, BASE + FENCES, page)
    assert r.returncode != 0
    attendu = "docs/index.md, ligne 3 : jet « {{jet 3d6-test caracteristique=9 | trois dés}} » : Caractéristique 9"
    assert attendu in r.stderr, r.stderr
    assert not (tmp_path / "site" / "index.html").exists()

def _pages_avec_jets(site: Path) -> dict[str, str]:
    return {str(p.relative_to(site)): p.read_text(encoding="utf-8") for p in pages_construites(site)
            if 'class="jdr-jet"' in p.read_text(encoding="utf-8")}


@pytest.mark.construction
def test_au_moins_dix_pages_portent_un_jet(site_construit: Path) -> None:
    """Au moins dix pages du site portent un jet écrit dans le texte ; chacun annonce son module,
    et son lien de rejeu mène à une vraie page de lanceur."""
    pages = _pages_avec_jets(site_construit)
    assert len(pages) >= 10, sorted(pages)
    for chemin, contenu in pages.items():
        assert 'rel="modulepreload" href="' in contenu and "assets/jdr/widgets/jet-en-ligne.js" in contenu, chemin
        for lien in re.findall(r'<template class="jdr-jet-lanceur"><a href="([^"]+)">', contenu):
            adresse = urlsplit(html.unescape(lien))
            assert adresse.fragment.startswith("lanceur-"), (chemin, lien)
            cible = (site_construit / chemin).parent / adresse.path / "index.html"
            assert f'id="{adresse.fragment}"' in cible.resolve().read_text(encoding="utf-8"), (chemin, lien)
    # La recherche trouve la prose d'un jet, jamais son infobulle.
    sections = json.loads((site_construit / "search" / "search_index.json").read_text(encoding="utf-8"))["docs"]
    index = " ".join(section["text"] for section in sections)
    assert "une action moyenne, 2 succès" in index and "Chances exactes avant de lancer :" not in index
