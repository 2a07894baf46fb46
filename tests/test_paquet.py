"""La roue : ``pip install .`` (non éditable) donne un cœur complet, tous les systèmes compris."""

from __future__ import annotations

import os
import subprocess
import sys
import venv
import zipfile
from pathlib import Path

import pytest

from jdr_core.registre import SYSTEMES

from .conftest import RACINE


@pytest.fixture(scope="module")
def roue(tmp_path_factory: pytest.TempPathFactory) -> Path:
    dossier = tmp_path_factory.mktemp("roue")
    fait = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "-q", "-w", str(dossier),
         str(RACINE)],
        capture_output=True, text=True, timeout=300,
    )
    assert fait.returncode == 0, fait.stderr[-2000:]
    (fichier,) = dossier.glob("regles_vivantes-*.whl")
    return fichier


@pytest.mark.lent
class TestRoue:
    """La roue contient chaque paquet de système et les fichiers du greffon."""

    def test_contenu(self, roue: Path) -> None:
        noms = set(zipfile.ZipFile(roue).namelist())
        for systeme in SYSTEMES:
            assert f"jdr_core/{systeme}/systeme.py" in noms
        assert "jdr_core/py.typed" in noms and "site_plugins/runtime.mjs" in noms
        assert "site_plugins/assets/jdr.js" in noms and "site_plugins/assets/moteur/jdr-worker.js" in noms
        assert "site_plugins/assets/moteur/worker/instantane.js" in noms
        assert not [n for n in noms if n.startswith("tests/")]

    def test_installee_dans_un_venv_neuf(self, roue: Path, tmp_path: Path) -> None:
        """Installée hors du dépôt, la roue lance un jet de chaque mécanique de chaque système."""
        # Sans pip dans le venv (ensurepip coûte plus que tout le reste du test) : le pip de ce Python-ci
        # l'installe dans le venv (--python), comme il le ferait du sien.
        venv.create(tmp_path / "v", with_pip=False)
        python = tmp_path / "v" / "bin" / "python"
        # Sans PYTHONPATH (souvent posé vers le dépôt pendant le travail) : pip le croirait déjà installé,
        # et le cœur viendrait du dépôt au lieu de la roue.
        propre = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
        fait = subprocess.run([sys.executable, "-m", "pip", "--python", str(python), "install", "-q", "--no-deps",
                               "--no-index", str(roue)],
                              capture_output=True, text=True, timeout=300, env=propre)
        assert fait.returncode == 0, fait.stderr[-2000:]
        script = (
            "import jdr_core, json\n"
            "from jdr_core import registre\n"
            "assert 'site-packages' in jdr_core.__file__, jdr_core.__file__\n"
            "noms = {s.nom: [m.nom for m in s.mecaniques] for s in registre.systemes()}\n"
            "for liste in noms.values():\n"
            "    for m in liste:\n"
            "        assert registre.executer(m, {}, 1)['phrase']\n"
            "print(json.dumps(sorted(noms)))\n"
        )
        fait = subprocess.run([python, "-c", script], capture_output=True, text=True, timeout=300, cwd=tmp_path,
                              env=propre)
        assert fait.returncode == 0, fait.stderr[-2000:]
        assert fait.stdout.strip() == str(sorted(SYSTEMES)).replace("'", '"')
