"""Les marques de coût sont vérifiées : un test qui coûte sans le dire échoue, en français."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import pytest

from .conftest import RACINE

#: Une session pytest d'essai avec le conftest du projet (copié), sur des tests écrits pour l'occasion.
CONFTEST = (Path(__file__).parent / "conftest.py").read_text(encoding="utf-8")


@pytest.fixture
def essai(pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch) -> pytest.Pytester:
    monkeypatch.setenv("PYTHONPATH", str(RACINE))
    monkeypatch.syspath_prepend(str(RACINE))
    pytester.makeconftest(CONFTEST)
    pytester.makeini("[pytest]\nmarkers =\n    navigateur\n    construction\n    node\n    lent\n")
    return pytester


def _echecs(essai: pytest.Pytester, *, erreurs: int, echecs: int, reussis: int) -> str:
    """Lance la session d'essai dans ce processus et rend le texte de ses échecs (sans lire le
    terminal, que pytest-xdist ne montre pas)."""
    rapports = essai.inline_run("-p", "no:cacheprovider", "-p", "no:xdist").getreports("pytest_runtest_logreport")
    en_erreur = [r for r in rapports if r.failed and r.when != "call"]
    en_echec = [r for r in rapports if r.failed and r.when == "call"]
    assert (len(en_erreur), len(en_echec), len([r for r in rapports if r.passed and r.when == "call"])) == (
        erreurs, echecs, reussis)
    return "\n".join(f"{r.nodeid} {r.longreprtext}" for r in en_erreur + en_echec)


def test_fixture_sans_sa_marque(essai: pytest.Pytester) -> None:
    """site_construit, serveur et chromium refusent un test sans marque, avant tout travail."""
    essai.makepyfile(
        """
        import pytest

        def test_lit_le_site(site_construit):
            pass

        def test_sert_le_site(serveur):
            pass

        @pytest.mark.construction
        def test_ouvre_chromium(chromium):
            pass
        """
    )
    texte = _echecs(essai, erreurs=3, echecs=0, reussis=0)
    assert "test_lit_le_site utilise la fixture « site_construit » sans la marque « construction »" in texte
    assert "test_sert_le_site utilise la fixture « serveur » sans la marque « construction »" in texte
    assert "test_ouvre_chromium utilise la fixture « chromium » sans la marque « navigateur »" in texte
    assert "@pytest.mark.navigateur" in texte


def test_processus_sans_sa_marque(essai: pytest.Pytester) -> None:
    """Node, un outil de node_modules ou mkdocs build lancés sans leur marque échouent avant de partir."""
    essai.makepyfile(
        """
        import subprocess, sys
        import pytest

        def test_node():
            subprocess.run(["node", "-e", "1"])

        def test_esbuild():
            subprocess.run(["/ailleurs/node_modules/.bin/esbuild", "--version"])

        def test_mkdocs():
            subprocess.run([sys.executable, "-m", "mkdocs", "build", "-q"])

        @pytest.mark.node
        def test_node_marque_mais_python():
            subprocess.run([sys.executable, "-c", "pass"], check=True)

        def test_python_sans_marque():
            subprocess.run([sys.executable, "-c", "pass"], check=True)
        """
    )
    texte = _echecs(essai, erreurs=0, echecs=3, reussis=2)
    assert "test_node lance node sans la marque « node »" in texte
    assert "test_esbuild lance esbuild sans la marque « node »" in texte
    assert "test_mkdocs construit un site (mkdocs build) sans la marque « construction »" in texte


def test_marques_declarees_et_decrites() -> None:
    """Les quatre marques de coût sont déclarées dans pyproject.toml et décrites dans conftest.py, avec
    les deux qui choisissent le contexte Chromium d'un test (neuf, ou servi sans l'instantané) : elles ne
    coûtent rien de plus qu'un test de navigateur."""
    import tomllib

    from .conftest import CONTEXTE_NEUF, MARQUES, SANS_INSTANTANE

    reglages = tomllib.loads((RACINE / "pyproject.toml").read_text(encoding="utf-8"))
    declarees = {m.split(":")[0] for m in reglages["tool"]["pytest"]["ini_options"]["markers"]}
    assert set(MARQUES) == {"navigateur", "construction", "node", "lent"}
    assert declarees == {*MARQUES, CONTEXTE_NEUF, SANS_INSTANTANE}


def test_playwright_pas_importe_par_le_conftest() -> None:
    """Importer le conftest ne charge pas Playwright (seul un test de navigateur le fait)."""
    import subprocess

    code = f"import sys; sys.path.insert(0, {str(RACINE)!r}); import tests.conftest; print('playwright' in sys.modules)"
    sortie = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=RACINE)
    assert sortie.stdout.strip() == "False"


def test_les_seconds_essais_sont_comptes() -> None:
    """Un second essai (pytest-rerunfailures) n'est donné qu'aux deux tests que README nomme : une
    marque « flaky » de plus doit passer par README et par ce test."""
    marques = {f.relative_to(RACINE / "tests").as_posix(): f.read_text(encoding="utf-8").count("@pytest.mark.flaky(")
               for f in (RACINE / "tests").rglob("test_*.py") if f.name != "test_marques.py"}
    assert {nom: n for nom, n in marques.items() if n} == {"navigateur/test_publication.py": 1,
                                                           "navigateur/test_fiches.py": 1}


# --- Les tests de Chromium dans leur dossier -------------------------------------------------------

def _marques(decorateurs: list[ast.expr]) -> set[str]:
    """Les marques que nomment des décorateurs ou la valeur d'un ``pytestmark`` : ``pytest.mark.x``
    ou ``pytest.mark.x(...)``, seules ou en liste."""
    noms: set[str] = set()
    for expression in decorateurs:
        if isinstance(expression, ast.List | ast.Tuple):
            noms |= _marques(list(expression.elts))
            continue
        noeud = expression.func if isinstance(expression, ast.Call) else expression
        if (isinstance(noeud, ast.Attribute) and isinstance(noeud.value, ast.Attribute)
                and noeud.value.attr == "mark"):
            noms.add(noeud.attr)
    return noms


def _pytestmark(corps: list[ast.stmt]) -> set[str]:
    return {nom for n in corps if isinstance(n, ast.Assign) and any(
        isinstance(c, ast.Name) and c.id == "pytestmark" for c in n.targets) for nom in _marques([n.value])}


def marques_des_tests(source: str) -> dict[str, set[str]]:
    """Chaque test d'un fichier (``f``, ``Classe::f``), avec les marques qu'il porte par lui-même, par
    ses classes ou par le ``pytestmark`` de son module ou d'une classe ; lu dans le texte, sans importer
    le module (ce que pytest collecte : fonctions ``test_*``, classes ``Test*``). Les tests qu'une classe
    hérite d'une autre sont lus dans la classe d'origine (test_onglets_sans_verrous.py : ceux de
    test_onglets.TestMemeInstant)."""
    tests: dict[str, set[str]] = {}

    def parcourir(corps: list[ast.stmt], prefixe: str, heritees: set[str]) -> None:
        heritees = heritees | _pytestmark(corps)
        for noeud in corps:
            if isinstance(noeud, ast.FunctionDef) and noeud.name.startswith("test_"):
                tests[prefixe + noeud.name] = heritees | _marques(noeud.decorator_list)
            elif isinstance(noeud, ast.ClassDef) and noeud.name.startswith("Test"):
                parcourir(noeud.body, f"{prefixe}{noeud.name}::", heritees | _marques(noeud.decorator_list))

    parcourir(ast.parse(source).body, "", set())
    return tests


def hors_de_leur_dossier(tests: Path) -> list[str]:
    """Les tests marqués ``navigateur`` hors de ``tests/navigateur/``, et ceux de ce dossier qui ne le
    sont pas : une ligne chacun, vide quand chaque test de Chromium est à sa place."""
    ecarts = []
    for fichier in sorted(tests.rglob("test_*.py")):
        relatif = fichier.relative_to(tests).as_posix()
        dedans = relatif.startswith("navigateur/")
        for test, marques in marques_des_tests(fichier.read_text(encoding="utf-8")).items():
            if ("navigateur" in marques) != dedans:
                ou = "hors de tests/navigateur/" if not dedans else "sans la marque « navigateur »"
                ecarts.append(f"tests/{relatif}::{test} : {ou}")
    return ecarts


def test_les_tests_de_chromium_dans_leur_dossier() -> None:
    """Issue 38, point 5 : les tests qui lancent Chromium (marqués ``navigateur``) vivent tous dans
    tests/navigateur/, et ce dossier n'a rien d'autre ; un fichier mixte s'y coupe en deux, un sujet
    gardant son nom des deux côtés (tests/test_bac.py, tests/navigateur/test_bac.py)."""
    assert hors_de_leur_dossier(RACINE / "tests") == []
    dossier = RACINE / "tests" / "navigateur"
    lus = {f.name: len(marques_des_tests(f.read_text(encoding="utf-8"))) for f in dossier.glob("test_*.py")}
    assert len(lus) >= 20 and all(lus.values()), lus


def test_un_test_de_chromium_mal_range_serait_vu(tmp_path: Path) -> None:
    """Sur un petit arbre : les marques lues par fonction, par classe, par ``pytestmark`` (seule ou en
    liste), et chaque écart nommé ; une marque d'une autre sorte ne compte pas."""
    (tmp_path / "navigateur").mkdir()
    (tmp_path / "test_x.py").write_text(
        "import pytest\n\n"
        "def test_sans_marque(): pass\n\n"
        "@pytest.mark.navigateur\ndef test_chromium(): pass\n\n"
        "@pytest.mark.construction\nclass TestSite:\n"
        "    @pytest.mark.navigateur\n    def test_page(self): pass\n\n"
        "    def test_fichier(self): pass\n", encoding="utf-8")
    (tmp_path / "navigateur" / "test_y.py").write_text(
        "import pytest\n\n"
        "pytestmark = [pytest.mark.navigateur, pytest.mark.construction]\n\n"
        "def test_page(): pass\n\n"
        "class TestDeux:\n    def test_onglets(self): pass\n", encoding="utf-8")
    (tmp_path / "navigateur" / "test_z.py").write_text(
        "import pytest\n\n"
        "@pytest.mark.parametrize('n', [1])\n@pytest.mark.node\ndef test_node(n): pass\n\n"
        "@pytest.mark.navigateur\nclass TestMarquee:\n    def test_ok(self): pass\n", encoding="utf-8")
    assert hors_de_leur_dossier(tmp_path) == [
        "tests/navigateur/test_z.py::test_node : sans la marque « navigateur »",
        "tests/test_x.py::test_chromium : hors de tests/navigateur/",
        "tests/test_x.py::TestSite::test_page : hors de tests/navigateur/",
    ]
    (tmp_path / "navigateur" / "test_z.py").write_text(
        "import pytest\n\npytestmark = pytest.mark.navigateur\n\ndef test_node(): pass\n", encoding="utf-8")
    (tmp_path / "test_x.py").write_text("def test_sans_marque(): pass\n", encoding="utf-8")
    assert hors_de_leur_dossier(tmp_path) == []
