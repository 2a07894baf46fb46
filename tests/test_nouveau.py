"""``nox -s nouveau`` (site_plugins/nouveau.py) : un système écrit d'une commande passe les contrôles
communs, paraît au menu et à l'accueil, et se retire sans laisser de trace ; le système du guide de
l'auteur (docs/auteurs/systeme.md et pages.md), écrit en suivant le guide, aussi.

Tout se passe dans une copie des parties du dépôt qu'un système touche : le dépôt n'est jamais
modifié, et le registre chargé par ce processus-ci ne voit jamais le système d'essai.
"""

from __future__ import annotations

import hashlib
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from site_plugins.nouveau import EchafaudageRefuse, creer, fichiers, main, retirer

from .conftest import RACINE

#: Les parties du dépôt que lit un système et ses contrôles (sans node_modules, relié à part).
PARTIES = ("jdr_core", "docs", "site_plugins", "tests", "mkdocs.yml", "pyproject.toml")
#: Les pages du guide qui font écrire le d20 : la commande, puis les fichiers donnés en entier, dans cet ordre.
GUIDE = (RACINE / "docs" / "auteurs" / "systeme.md", RACINE / "docs" / "auteurs" / "pages.md")
#: Les modules qu'écrit le générateur, chacun avec son fichier de tests nommé comme lui.
MODULES = ("jet", "lanceurs", "systeme", "tables")
#: Un bloc de code du guide qui donne un fichier entier : ``title="<chemin>"``.
_FICHIER_DU_GUIDE = re.compile(r'^(?P<indent>[ \t]*)(?P<fence>`{3,})\w*[^\n]*\btitle="(?P<chemin>[^"]+)"[^\n]*\n'
                               r"(?P<corps>.*?)^(?P=indent)(?P=fence)[ \t]*$", re.M | re.S)


def empreintes(racine: Path) -> dict[str, str]:
    """Chaque fichier sous ``racine`` (caches exclus) et l'empreinte de son contenu."""
    return {p.relative_to(racine).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(racine.rglob("*")) if p.is_file() and "__pycache__" not in p.parts
            and ".hypothesis" not in p.parts and "node_modules" not in p.parts}


def etat(racine: Path) -> list[tuple[str, int, int]]:
    """Chaque fichier sous ``racine``, sa taille et sa date : assez pour voir qu'un refus n'a rien écrit."""
    return [(p.relative_to(racine).as_posix(), p.stat().st_size, p.stat().st_mtime_ns)
            for p in sorted(racine.rglob("*")) if p.is_file() and "node_modules" not in p.parts]


@pytest.fixture(scope="module")
def copie(tmp_path_factory: pytest.TempPathFactory) -> Path:
    cible = tmp_path_factory.mktemp("depot")
    sans_caches = shutil.ignore_patterns("__pycache__", "*.pyc", ".hypothesis", ".pytest_cache")
    for partie in PARTIES:
        source = RACINE / partie
        if source.is_dir():
            shutil.copytree(source, cible / partie, ignore=sans_caches)
        else:
            shutil.copy2(source, cible / partie)
    (cible / "node_modules").symlink_to(RACINE / "node_modules")  # le runtime Pyodide, que le greffon vérifie
    return cible


def fichiers_du_guide(texte: str) -> dict[str, str]:
    """Les fichiers que le guide donne en entier (blocs ``title="chemin"``), sans leur retrait."""
    trouves = {}
    for bloc in _FICHIER_DU_GUIDE.finditer(texte):
        retrait = len(bloc["indent"])
        trouves[bloc["chemin"]] = "".join(ligne[retrait:] for ligne in bloc["corps"].splitlines(keepends=True))
    return trouves


def commande_du_guide(texte: str) -> tuple[str, str]:
    """Le nom et le titre de la commande ``nox -s nouveau`` que le guide fait taper."""
    trouvee = re.search(r'nox -s nouveau -- (\S+) "([^"]+)"', texte)
    assert trouvee, "le guide ne donne pas la commande nox -s nouveau"
    return trouvee[1], trouvee[2]


class TestRefus:
    """Un nom ou un titre refusé l'est en français, et rien n'est écrit."""

    @pytest.mark.parametrize(("nom", "raison"), [
        ("troisd6", "jdr_core/troisd6 existe déjà"),
        ("journal", "docs/journal.md existe déjà"),
        ("des", "jdr_core/des.py existe déjà"),
        ("Brume", "des minuscules sans accent"),
        ("brume-2", "des minuscules sans accent"),
        ("../brume", "des minuscules sans accent"),
        ("brumé", "des minuscules sans accent"),
        ("b" * 31, "des minuscules sans accent"),
        ("import", "c.est un mot réservé"),
        ("assets", "c.est un mot réservé"),
        ("exemple", ".* l.emploie déjà"),
    ])
    def test_nom(self, copie: Path, nom: str, raison: str) -> None:
        avant = etat(copie)
        with pytest.raises(EchafaudageRefuse, match=rf"^nom « {re.escape(nom[:40])} » refusé : {raison}"):
            creer(copie, nom, "Brume")
        assert etat(copie) == avant

    @pytest.mark.parametrize(("titre", "raison"), [
        ("", "de 2 à 60 caractères"),
        (" Brume", "de 2 à 60 caractères"),
        ("B" * 61, "de 2 à 60 caractères"),
        ("Brume | x", "le caractère « | » n'est pas permis"),
        ("Brume <b>", "le caractère « < » n'est pas permis"),
        ("Brume\n# Titre", "le caractère « U\\+000A » n'est pas permis"),
        ('Brume "x"', "le caractère « \" » n'est pas permis"),
        ("{{jet 3d6-test | x}}", "le caractère « { » n'est pas permis"),
        ("3D6 à succès", "jdr_core/troisd6/systeme.py le porte déjà"),
    ])
    def test_titre(self, copie: Path, titre: str, raison: str) -> None:
        avant = etat(copie)
        with pytest.raises(EchafaudageRefuse, match=raison):
            creer(copie, "brume", titre)
        assert etat(copie) == avant

    def test_en_ligne_de_commande(self, copie: Path, capsys: pytest.CaptureFixture[str]) -> None:
        assert main(["brume"], racine=copie) == 2
        assert main(["--retirer", "troisd6"], racine=copie) == 2
        erreurs = capsys.readouterr().err.splitlines()
        assert erreurs == ['nox -s nouveau : le titre manque : nox -s nouveau -- <nom> "<Titre>"',
                           "nox -s nouveau : « troisd6 » : jdr_core/troisd6/systeme.py n'a pas été écrit par nox -s "
                           "nouveau ; retirez ce système à la main"]

    def test_des_titres_avec_apostrophe_et_accents(self) -> None:
        """Un titre français passe tel quel dans le code (une chaîne entre guillemets) et dans les pages."""
        ecrits = fichiers("brume", "L'Œil d'ambre : acte 2")
        assert 'titre="L\'Œil d\'ambre : acte 2",' in ecrits["jdr_core/brume/systeme.py"]
        assert ecrits["docs/brume/index.md"].startswith("# L'Œil d'ambre : acte 2 : lire d'abord\n")


@pytest.mark.lent
def test_ecrit_verifie_puis_retire(copie: Path, tmp_path: Path) -> None:
    """Deux systèmes dans la copie : l'un tel que le générateur l'écrit, l'autre (le d20 du guide) tel que
    le guide le fait écrire puis modifier. Les contrôles communs (énumération des dés, issues atteintes,
    exemples des pages, accueil et menu, registre) et leurs propres tests passent ; retirés, ils ne
    laissent rien."""
    avant = empreintes(copie)
    guide = "\n".join(page.read_text(encoding="utf-8") for page in GUIDE)
    nom_guide, titre_guide = commande_du_guide(guide)
    # 1. Le système tel que le générateur l'écrit.
    assert main(["brume", "Brume des marais"], racine=copie) == 0
    # 2. Le système du guide : la commande du guide, puis chaque fichier qu'il donne en entier.
    creer(copie, nom_guide, titre_guide)
    donnes = fichiers_du_guide(guide)
    assert {f"jdr_core/{nom_guide}/jet.py", f"jdr_core/{nom_guide}/lanceurs.py",
            f"jdr_core/{nom_guide}/systeme.py", f"tests/test_{nom_guide}_jet.py", f"tests/test_{nom_guide}_lanceurs.py",
            *(f"docs/{nom_guide}/{page}.md" for page in ("index", "regles", "ecran"))} <= set(donnes)
    for chemin, texte in donnes.items():
        assert (copie / chemin).is_file(), f"le guide remplace {chemin}, que le générateur n'écrit pas"
        (copie / chemin).write_text(texte, encoding="utf-8")
    # 3. Les contrôles, dans la copie : ceux de chaque mécanique et de chaque page, qui s'appliquent d'eux-mêmes
    # aux nouveaux systèmes (-k leur nom), ceux du registre, et ce que le site en montre (controle_nouveau.py).
    tests_propres = [f"tests/test_{systeme}_{module}.py" for systeme in ("brume", nom_guide) for module in MODULES]
    controles = [*tests_propres, "jdr_core/brume", f"jdr_core/{nom_guide}", "tests/test_disposition.py",
                 "tests/test_enumeration.py", "tests/test_issues.py", "tests/test_docs.py", "tests/test_accueil.py",
                 "tests/test_registre.py", "tests/controle_nouveau.py"]
    choix = (f"brume or {nom_guide} or TestSysteme or un_systeme_au_moins or liste_declaree or aucun_module_partage "
             "or toutes_les_pages or chaque_module_du_coeur")
    env = {**os.environ, "PYTHONPATH": str(copie), "PYTHONHASHSEED": "0"}
    env.pop("PYTEST_XDIST_WORKER", None)
    fait = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:randomly", "--basetemp", str(tmp_path / "pt"),
         "-m", "not navigateur and not construction and not node and not lent", "-k", choix, *controles],
        cwd=copie, env=env, capture_output=True, text=True, timeout=600)
    assert fait.returncode == 0, fait.stdout[-4000:] + fait.stderr[-2000:]
    passes = int(re.search(r"(\d+) passed", fait.stdout)[1])  # type: ignore[index]
    assert passes >= 40, fait.stdout[-2000:]
    # 4. Retirés, ils ne laissent rien : les deux dossiers, le fichier de tests et la ligne du registre.
    assert sorted(retirer(copie, "brume")) == ["docs/brume/", "jdr_core/brume/", "jdr_core/registre.py (sa ligne)",
                                              *sorted(f"tests/test_brume_{module}.py" for module in MODULES)]
    retirer(copie, nom_guide)
    assert empreintes(copie) == avant


# --- Le guide de l'auteur (docs/auteurs/) ----------------------------------------------------------

PAGES_DU_GUIDE = sorted((RACINE / "docs" / "auteurs").glob("*.md"))
#: Un bloc ````markdown du guide qui montre une source (sans title= : pas un fichier du d20).
_SOURCE_MONTREE = re.compile(r"^(?P<indent>[ \t]*)````markdown[ \t]*\n(?P<corps>.*?)^(?P=indent)````[ \t]*$",
                             re.M | re.S)


def sources_montrees() -> list[tuple[str, str]]:
    """Chaque source que le guide montre dans un bloc ````markdown (sa page, son texte sans retrait)."""
    sources = []
    for page in PAGES_DU_GUIDE:
        for bloc in _SOURCE_MONTREE.finditer(page.read_text(encoding="utf-8")):
            retrait = len(bloc["indent"])
            sources.append((page.name, "".join(ligne[retrait:] for ligne in bloc["corps"].splitlines(keepends=True))))
    return sources


class TestGuide:
    """Ce que le guide montre marche tel qu'il est écrit, et il nomme chaque option des blocs."""

    def test_chaque_source_montree_se_convertit_et_ses_exemples_passent(self) -> None:
        from jdr_core.pont import executer_exemple
        from site_plugins.exemples import extraire

        from .test_auteurs import convertir

        sources = sources_montrees()
        assert len(sources) >= 8
        exemples = 0
        for page, source in sources:
            convertir(source)  # une option, une mécanique, une table ou un jet refusés lèveraient ici
            for exemple in extraire(source, page):
                exemples += 1
                assert executer_exemple(exemple.source, exemple.ident)["ok"], f"{page} : exemple {exemple.ident}"
        assert exemples >= 2

    def test_chaque_option_de_bloc_est_nommee(self) -> None:
        """Les options que lit chaque validateur de site_plugins/fences.py, et celles du jet en ligne."""
        import inspect

        from site_plugins import fences

        blocs = (RACINE / "docs" / "auteurs" / "blocs.md").read_text(encoding="utf-8")
        for nom, (validateur, _) in fences.BLOCS.items():
            section = blocs.split(f"## `{nom}`", 1)[1].split("\n## ", 1)[0]
            options = re.findall(r'inputs\.pop\("(\w+)"', inspect.getsource(validateur))
            if "_identifiant(" in inspect.getsource(validateur):
                options.append("id")
            assert options, nom
            for option in options:
                assert f"| `{option}` |" in section, f"bloc {nom} : option {option} absente du guide"
        jet = blocs.split("## Le jet écrit dans la phrase", 1)[1]
        for mot in ("`graine`", "`lanceur`", "120 caractères", "`|`"):
            assert mot in jet
