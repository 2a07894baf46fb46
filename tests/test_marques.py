"""Les marques de coût sont vérifiées : un test qui coûte sans le dire échoue, en français."""

from __future__ import annotations

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
