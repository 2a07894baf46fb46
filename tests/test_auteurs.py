"""Ce qu'un auteur de règles voit : le verdict de chaque exemple pendant qu'il écrit, et chaque erreur
d'écriture dite en français avec son fichier et sa ligne.

Rien n'est construit ici : une instance de Markdown avec les blocs du greffon, ou ses crochets appelés
directement sur une petite configuration ; les messages sont ceux que ``mkdocs build --strict`` et
``mkdocs serve`` affichent (une PluginError arrête l'un et l'autre).
"""

from __future__ import annotations

import dataclasses
import html
import re
from fractions import Fraction
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import markdown
import pytest
from mkdocs.config import load_config
from mkdocs.exceptions import PluginError

from jdr_core.erreurs import JdrErreur
from jdr_core.registre import systemes
from site_plugins import fences, plugin
from site_plugins.fences import BlocInvalide, Registre, declarations
from site_plugins.jets import JetInvalide, JetsEnLigne
from site_plugins.verdicts import ARRETER, MONTRER, verifier

from .conftest import RACINE

FICHIER = "docs/essai/page.md"


def convertir(texte: str, ecriture: str = "", registre: Registre | None = None) -> str:
    """La page ``texte``, convertie comme le greffon le fait : le registre connaît son fichier et son texte."""
    registre = registre or Registre()
    md = markdown.Markdown(extensions=["pymdownx.superfences", JetsEnLigne(registre=registre)],
                           extension_configs={"pymdownx.superfences": {
                               "custom_fences": declarations(registre, ecriture)}})
    registre.page = ("essai/page.md", "essai/page/")
    registre.poser_source(FICHIER, texte)
    return str(md.convert(texte))


def texte_visible(balisage: str) -> str:
    return html.unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", balisage)).strip())


#: Une page d'essai : un exemple juste (lignes 3 à 7), puis un faux (lignes 9 à 14).
PAGE = """# Essai

```exemple id="juste"
>>> from jdr_core.des import DesScriptes
>>> print(1 + 1)
2
```

```exemple id="faux"
>>> for n in (1, 2, 3):
...     print(n * 10)
10
25
30
```
"""


class TestVerdicts:
    """En écriture, chaque exemple est exécuté à la construction et son verdict est dans la page."""

    def test_juste_et_faux(self) -> None:
        juste, faux = convertir(PAGE, MONTRER).split('data-exemple="faux"')
        assert 'class="jdr-verdict jdr-verdict--ok"' in juste and "✓" in juste
        assert "Vérifié : l'exemple donne ce que dit le texte." in texte_visible(juste)
        assert 'class="jdr-verdict jdr-verdict--ko"' in faux and "jdr-verdict--ok" not in faux
        # Le verdict vient avant les sorties de l'exemple : l'auteur le voit d'abord.
        assert faux.index("jdr-verdict") < faux.index("jdr-exemple-sorties")

    def test_attendu_et_obtenu_cote_a_cote(self) -> None:
        """Une ligne « >>> » dont la sortie diffère : sa ligne dans le fichier, puis ce que le texte
        attend et ce que le code donne, seule la ligne qui change marquée de part et d'autre."""
        faux = convertir(PAGE, MONTRER).split('data-exemple="faux"')[1]
        tableau = re.search(r'<table class="jdr-verdict-ecarts">(.*?)</table>', faux, re.S)
        assert tableau
        assert re.findall(r'<th scope="col">([^<]+)</th>', tableau[1]) == ["Code", "Attendu", "Obtenu"]
        assert "1 ligne ne donne pas ce que dit le texte (ligne 9)." in texte_visible(faux)
        (ligne,) = re.findall(r"<tr>(.*?)</tr>", tableau[1].split("<tbody>")[1], re.S)
        assert texte_visible(ligne).startswith("Ligne 10 >>> for n in (1, 2, 3): ... print(n * 10)")
        attendu, obtenu = re.findall(r"<td><pre>(.*?)</pre></td>", ligne, re.S)
        assert attendu == "10\n<del>25</del>\n30" and obtenu == "10\n<ins>20</ins>\n30"

    def test_erreur_de_python_en_francais(self) -> None:
        """Le code lui-même échoue : le message français de jdr_core.erreurs_python, à la ligne du
        fichier, et le texte de Python replié à part."""
        page = ("# Essai\n\n```exemple id=\"nom\"\n>>> from jdr_core.troisd6 import tester\n"
                ">>> print(teste(3))\n2\n```\n")
        rendu = convertir(page, MONTRER)
        assert "Ligne 5 : « teste » n'est défini nulle part (vouliez-vous écrire « tester » ?)." in rendu
        assert "<summary>Détail technique</summary><pre>NameError: name 'teste' is not defined" in rendu

    def test_erreur_de_syntaxe(self) -> None:
        verdict = verifier(">>> print((1)\n1\n", "s", 20)
        assert not verdict.ok and verdict.ecarts[0].erreur == (
            "Erreur de syntaxe à la ligne 21 : parenthèse « ( » ouverte et jamais fermée.")

    def test_exemple_illisible(self) -> None:
        verdict = verifier(">>>print(1)\n1\n", "illisible", 3)
        assert not verdict.ok and "une espace est attendue après « >>> »" in verdict.illisible

    def test_hors_ecriture_aucun_verdict(self) -> None:
        """Le site publié ne change pas : pas de verdict, et l'exemple faux (pytest le refuse) se rend."""
        assert "jdr-verdict" not in convertir(PAGE)

    def test_build_s_arrete_au_premier_exemple_faux(self) -> None:
        with pytest.raises(BlocInvalide) as erreur:
            convertir(PAGE, ARRETER)
        assert str(erreur.value) == (f"jdr : {FICHIER}, ligne 10 : exemple « faux » : la ligne 10 donne "
                                     "« 10 ⏎ 20 ⏎ 30 » au lieu de « 10 ⏎ 25 ⏎ 30 »")
        assert isinstance(erreur.value, PluginError)


def greffon_et_configuration(tmp_path: Path, commande: str, nav: str = "") -> tuple[Any, Any]:
    """Le greffon d'une petite configuration, après on_startup (la commande de MkDocs) et on_config."""
    (tmp_path / "docs").mkdir(exist_ok=True)
    (tmp_path / "mkdocs.yml").write_text(
        f"site_name: essai\nplugins:\n  - jdr:\n      pyodide: {RACINE / 'node_modules/pyodide'}\n"
        f"      minifier: false\n      ecriture: true\nmarkdown_extensions:\n  - pymdownx.superfences\n{nav}",
        encoding="utf-8")
    config = load_config(str(tmp_path / "mkdocs.yml"))
    greffon = config.plugins["jdr"]
    greffon.on_startup(command=commande, dirty=commande == "serve")
    return greffon, greffon.on_config(config)


class TestModeEcriture:
    """L'option ecriture du greffon : sous mkdocs serve, le verdict se montre ; sous mkdocs build, un
    exemple faux arrête la construction."""

    @staticmethod
    def page(tmp_path: Path) -> Any:
        """Une page comme MkDocs la passe aux crochets : son fichier sur le disque, son adresse."""
        (tmp_path / "docs" / "page.md").write_text(PAGE, encoding="utf-8")
        fichier = SimpleNamespace(src_uri="page.md", abs_src_path=str(tmp_path / "docs" / "page.md"),
                                  content_string=PAGE)
        return SimpleNamespace(file=fichier, url="page/", title="Essai", meta={}, is_homepage=False)

    def convertir(self, tmp_path: Path, commande: str) -> tuple[Any, Any, str]:
        """La page passée par on_page_markdown, Markdown (nos blocs, comme MkDocs) et on_page_content."""
        greffon, config = greffon_et_configuration(tmp_path, commande)
        md = markdown.Markdown(extensions=config.markdown_extensions, extension_configs=config.mdx_configs)
        page = self.page(tmp_path)
        try:
            texte = greffon.on_page_markdown(PAGE, page=page, config=config, files=None)
            return greffon, config, greffon.on_page_content(md.convert(texte), page=page, config=config, files=None)
        finally:
            greffon.on_shutdown()

    def test_serve_montre(self, tmp_path: Path) -> None:
        _, _, rendu = self.convertir(tmp_path, "serve")
        assert "jdr-verdict--ok" in rendu and "jdr-verdict--ko" in rendu

    def test_build_arrete(self, tmp_path: Path) -> None:
        with pytest.raises(PluginError, match=r"^jdr : docs/page\.md, ligne 10 : exemple « faux »"):
            self.convertir(tmp_path, "build")

    def test_le_terminal_dit_chaque_exemple_faux(self, tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
        with caplog.at_level("INFO", logger="mkdocs.plugins.jdr"):
            self.convertir(tmp_path, "serve")
        assert [r.getMessage() for r in caplog.records] == [
            "jdr : docs/page.md, ligne 9 : ✗ exemple « faux » : la ligne 10 donne « 10 ⏎ 20 ⏎ 30 » au lieu "
            "de « 10 ⏎ 25 ⏎ 30 »"]


class TestErreursSituees:
    """Chaque erreur d'écriture arrête la construction avec le fichier et la ligne, en français."""

    def refus(self, texte: str, ecriture: str = "") -> str:
        with pytest.raises(PluginError) as erreur:
            convertir(texte, ecriture)
        return str(erreur.value)

    def test_option_de_bloc_inconnue(self) -> None:
        texte = "# Essai\n\nDu texte.\n\n```lanceur mecanique=\"3d6-test\" couleur=\"rouge\"\n```\n"
        assert self.refus(texte) == f"jdr : {FICHIER}, ligne 5 : bloc lanceur : option inconnue couleur"

    def test_option_d_exemple_inconnue(self) -> None:
        texte = "# Essai\n\n```exemple id=\"a\" lancer=\"3d6-test\"\n>>> 1\n1\n```\n"
        assert self.refus(texte) == f"jdr : {FICHIER}, ligne 3 : bloc exemple « a » : option inconnue lancer"

    def test_le_second_de_deux_blocs_pareils(self) -> None:
        """Deux lanceurs au même en-tête : l'erreur du second (sa valeur par défaut) nomme sa ligne."""
        texte = ('```lanceur mecanique="3d6-test"\ncaracteristique = 2\n```\n\n'
                 '```lanceur mecanique="3d6-test"\ncaracteristique = 8\n```\n')
        assert self.refus(texte).startswith(f"jdr : {FICHIER}, ligne 5 : bloc lanceur 3d6-test : Caractéristique 8")

    def test_exemple_dont_la_sortie_differe(self) -> None:
        """Hors écriture, c'est le travail de pytest (tests/test_docs.py) ; avec l'option, sous mkdocs build."""
        assert self.refus(PAGE, ARRETER).startswith(f"jdr : {FICHIER}, ligne 10 : exemple « faux » : ")

    def test_mecanique_inconnue_dans_un_lanceur(self) -> None:
        texte = "# Essai\n\n```lanceur mecanique=\"3d6-tset\"\n```\n"
        assert self.refus(texte) == (f"jdr : {FICHIER}, ligne 3 : bloc lanceur : mécanique « 3d6-tset » inconnue "
                                     "(vouliez-vous écrire « 3d6-test » ?)")

    def test_mecanique_inconnue_dans_un_jet_en_ligne(self) -> None:
        texte = "# Essai\n\nPierre tente sa chance :\n{{jet 3d6-tset difficulte=2 | deux succès}}.\n"
        with pytest.raises(JetInvalide) as erreur:
            convertir(texte)
        assert str(erreur.value) == (f"jdr : {FICHIER}, ligne 4 : jet « {{{{jet 3d6-tset difficulte=2 | deux "
                                     "succès}} » : mécanique « 3d6-tset » inconnue (vouliez-vous écrire "
                                     "« 3d6-test » ?)")

    def test_page_du_menu_absente(self, tmp_path: Path) -> None:
        nav = "nav:\n  - index.md\n  - Règles:\n    - regles/absente.md\n"
        (tmp_path / "docs").mkdir()
        (tmp_path / "docs" / "index.md").write_text("# Accueil\n", encoding="utf-8")
        with pytest.raises(PluginError) as erreur:
            greffon_et_configuration(tmp_path, "build", nav)
        lignes = (tmp_path / "mkdocs.yml").read_text(encoding="utf-8").splitlines()
        assert lignes[12 - 1] == "    - regles/absente.md"
        assert str(erreur.value) == ("jdr : mkdocs.yml, ligne 12 : la page regles/absente.md du menu (nav) "
                                     "n'existe pas dans docs/")

    def test_page_d_un_systeme_absente(self, monkeypatch: pytest.MonkeyPatch) -> None:
        """Une page de ``Systeme.pages`` absente : la ligne de jdr_core/<systeme>/systeme.py qui les déclare."""
        vrai = systemes()[0]
        faux = dataclasses.replace(vrai, pages=(*vrai.pages, f"{vrai.nom}/absente.md"))
        monkeypatch.setattr(plugin, "systemes", lambda: (faux,))
        source = (RACINE / "jdr_core" / vrai.nom / "systeme.py").read_text(encoding="utf-8").splitlines()
        ligne = next(n for n, texte in enumerate(source, 1) if "pages=" in texte)
        with pytest.raises(PluginError) as erreur:
            plugin.menu_des_systemes(RACINE / "docs")
        assert str(erreur.value) == (f"jdr : jdr_core/{vrai.nom}/systeme.py, ligne {ligne} : le système {vrai.nom} "
                                     f"déclare la page {vrai.nom}/absente.md, absente de docs/ (Systeme.pages)")


@dataclasses.dataclass(frozen=True)
class FausseCote:
    """Une ligne de cotes, comme en rend ``Mecanique.cotes``."""

    cle: str
    libelle: str
    probabilite: Fraction

    def en_json(self) -> dict[str, str]:
        return {"pourcentage": f"{float(self.probabilite):.0%}"}


@dataclasses.dataclass(frozen=True)
class FausseMecanique:
    """Une mécanique mal écrite, vue par son API publique seulement (``valider``, ``cotes``, ``repartir``) :
    la vérification ne dépend pas de la façon dont une mécanique déclare ses issues."""

    lignes: tuple[FausseCote, ...]
    graphique: tuple[Fraction, ...] | None = None
    nom: str = "essai-faux"
    titre: str = "Essai"
    parametres: tuple[Any, ...] = ()

    def valider(self, bruts: dict[str, object]) -> dict[str, object]:
        return {}

    def cotes(self, valeurs: dict[str, object]) -> list[FausseCote]:
        return list(self.lignes)

    def repartir(self, valeurs: dict[str, object]) -> Any:
        if self.graphique is None:
            raise JdrErreur(f"lanceur {self.nom} : ses cotes se recoupent, il doit déclarer sa répartition")
        return type("Repartition", (), {"barres": [FausseCote("b", "B", p) for p in self.graphique]})()


class TestChancesDUnLanceur:
    """Là où un lanceur se construit, les chances de sa mécanique pour ses réglages : elles font 1, et
    chaque ligne est atteinte par un jet, ou déclarée impossible par le bloc."""

    def refus(self, meca: FausseMecanique, monkeypatch: pytest.MonkeyPatch) -> str:
        monkeypatch.setattr(fences, "mecaniques", lambda: {meca.nom: meca})
        monkeypatch.setattr(fences, "mecanique", lambda nom: meca)
        with pytest.raises(BlocInvalide) as erreur:
            convertir(f'# Essai\n\n```lanceur mecanique="{meca.nom}"\n```\n')
        return str(erreur.value)

    def test_une_issue_oubliee(self, monkeypatch: pytest.MonkeyPatch) -> None:
        meca = FausseMecanique((FausseCote("reussite", "Réussite", Fraction(1, 2)),
                                FausseCote("echec", "Échec", Fraction(1, 3))))
        assert self.refus(meca, monkeypatch) == (
            f"jdr : {FICHIER}, ligne 3 : bloc lanceur essai-faux : ses issues ne font pas 1 : ses lignes de cotes "
            "font 5/6, il manque 1/6 (une issue oubliée ?)")

    def test_un_graphique_qui_ne_fait_pas_1(self, monkeypatch: pytest.MonkeyPatch) -> None:
        meca = FausseMecanique((FausseCote("reussite", "Réussite", Fraction(1, 2)),),
                               graphique=(Fraction(1, 2), Fraction(2, 3)))
        assert self.refus(meca, monkeypatch).endswith("ses issues ne font pas 1 : celles de son graphique font 7/6")

    def test_une_chance_hors_de_0_a_1(self, monkeypatch: pytest.MonkeyPatch) -> None:
        meca = FausseMecanique((FausseCote("reussite", "Réussite", Fraction(5, 4)),), graphique=(Fraction(1),))
        assert self.refus(meca, monkeypatch).endswith("la ligne « Réussite » (reussite) a la chance 5/4, hors de 0 à 1")

    def test_une_ligne_qu_aucun_jet_n_atteint(self) -> None:
        """Avec ses réglages par défaut (difficulté standard), aucun jet de réserve n'est une réussite partielle."""
        with pytest.raises(BlocInvalide) as erreur:
            convertir('# Essai\n\n```lanceur mecanique="encore-reserve"\n```\n')
        assert str(erreur.value) == (
            f"jdr : {FICHIER}, ligne 3 : bloc lanceur encore-reserve : aucun jet n'atteint la ligne « Réussite "
            "partielle » (partielle) avec ces réglages : si c'est voulu, déclarez-le dans l'en-tête du bloc "
            "(impossibles=\"partielle\"), sinon la condition de cette ligne ne se réalise jamais")

    def test_impossible_declaree(self) -> None:
        rendu = convertir('```lanceur mecanique="encore-reserve" impossibles="partielle"\n```\n')
        assert 'data-mecanique="encore-reserve"' in rendu
        # Réglée sur une difficulté qui la permet, la même ligne n'est plus impossible : le bloc doit le retirer.
        with pytest.raises(BlocInvalide, match=r"nomme « partielle » \(Réussite partielle\), que des jets atteignent"):
            convertir('```lanceur mecanique="encore-reserve" impossibles="partielle"\ndifficulte = Difficile\n```\n')
        with pytest.raises(BlocInvalide, match=r"nomme « partiel », qui n'est pas l'une de ses lignes "
                                               r"\(reussite, partielle, echec\)"):
            convertir('```lanceur mecanique="encore-reserve" impossibles="partiel partielle"\n```\n')

    def test_lanceurs_des_pages(self) -> None:
        """Les lanceurs des pages passent la vérification (ceux qui ont une ligne impossible la déclarent)."""
        ouverture = re.compile(r'^```lanceur mecanique="[^"]+".*?\n(?:.*\n)*?```$', re.M)
        blocs = [m[0] for page in sorted((RACINE / "docs").rglob("*.md"))
                 for m in ouverture.finditer(page.read_text(encoding="utf-8"))]
        assert len(blocs) >= 20
        rendu = convertir("\n\n".join(blocs) + "\n")
        assert rendu.count('class="jdr-lanceur"') == len(blocs)


def test_exemples_des_docstrings() -> None:
    """Les exemples écrits dans lieux.py, verdicts.py, exemples.py et nouveau.py (pytest ne lit pas
    site_plugins)."""
    import doctest

    from site_plugins import exemples, lieux, nouveau, verdicts

    for module in (lieux, verdicts, exemples, nouveau):
        echecs, essais = doctest.testmod(module)
        assert essais >= 1 and echecs == 0, module.__name__
