"""Le greffon MkDocs : échec rapide et clair quand la configuration est fausse."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import markdown
import pytest
from mkdocs.exceptions import PluginError

from site_plugins.fences import BLOCS, BlocInvalide
from site_plugins.minification import esbuild, minifier
from site_plugins.prechargement import ModulesIllisibles, lire
from site_plugins.runtime import ErreurRuntime

from .conftest import RACINE

FENCES = """
markdown_extensions:
  - pymdownx.superfences
"""


def construire(tmp_path: Path, config: str, page: str = "# Titre\n") -> subprocess.CompletedProcess[str]:
    (tmp_path / "docs").mkdir(exist_ok=True)
    (tmp_path / "docs" / "index.md").write_text(page, encoding="utf-8")
    (tmp_path / "mkdocs.yml").write_text(config, encoding="utf-8")
    return subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "-q", "-f", str(tmp_path / "mkdocs.yml")],
        capture_output=True, text=True, cwd=RACINE, env={**os.environ, "NO_MKDOCS_2_WARNING": "1"},
    )


BASE = f"site_name: essai\nplugins:\n  - jdr:\n      pyodide: {RACINE / 'node_modules/pyodide'}\n"


def convertir(page: str) -> str:
    """Une page passée par superfences avec les blocs du greffon, comme dans MkDocs, sans construire
    de site (pymdown-extensions teste ses blocs de la même façon)."""
    blocs = [{"name": nom, "class": f"jdr-{nom}", "validator": v, "format": f} for nom, (v, f) in BLOCS.items()]
    md = markdown.Markdown(extensions=["pymdownx.superfences"],
                           extension_configs={"pymdownx.superfences": {"custom_fences": blocs}})
    return md.convert(page)


@pytest.mark.construction
class TestConfiguration:
    """Chaque erreur de configuration arrête la construction avec un message en français."""

    def test_sans_superfences(self, tmp_path: Path) -> None:
        r = construire(tmp_path, BASE)
        assert r.returncode != 0 and "pymdownx.superfences est requise" in r.stderr

    def test_bloc_declare_deux_fois(self, tmp_path: Path) -> None:
        config = BASE + FENCES.replace(
            "- pymdownx.superfences\n",
            "- pymdownx.superfences:\n      custom_fences:\n        - name: exemple\n          class: x\n"
            "          format: !!python/name:site_plugins.fences.formater_exemple\n",
        )
        r = construire(tmp_path, config)
        assert r.returncode != 0 and "« exemple » est déclaré par le greffon jdr" in r.stderr

    def test_pyodide_absent(self, tmp_path: Path) -> None:
        config = f"site_name: essai\nplugins:\n  - jdr:\n      pyodide: {tmp_path / 'rien'}\n" + FENCES
        r = construire(tmp_path, config)
        assert r.returncode != 0 and "npm ci" in r.stderr

    def test_id_en_double(self, tmp_path: Path) -> None:
        page = '```exemple id="a"\n>>> 1\n1\n```\n\n```exemple id="a"\n>>> 2\n2\n```\n'
        (tmp_path / "docs").mkdir()
        (tmp_path / "docs" / "autre.md").write_text(page.split("\n\n")[0] + "\n", encoding="utf-8")
        r = construire(tmp_path, BASE + FENCES, page.split("\n\n")[1])
        assert r.returncode != 0 and "exemple « a » en double" in r.stderr

    def test_construction_minimale(self, tmp_path: Path) -> None:
        """mkdocs.yml ne déclare que superfences : les blocs viennent du greffon ; le runtime, le worker
        configuré et les délais de la page (valeurs par défaut : celles du site publié) sont posés."""
        page = ('```lanceur mecanique="3d6-test"\ncaracteristique = 5\n```\n\n'
                '```tableau nom="3d6-difficultes"\n```\n\n```fiche systeme="encore" id="f"\n```\n')
        r = construire(tmp_path, BASE + FENCES, page)
        assert r.returncode == 0, r.stderr
        html = (tmp_path / "site" / "index.html").read_text(encoding="utf-8")
        assert 'name="caracteristique" min="1" max="5" step="1" value="5"' in html
        assert 'data-table="3d6-difficultes"' in html and 'data-systeme="encore"' in html
        for fichier in ("pyodide/314.0.7/pyodide.asm.wasm", "pyodide/314.0.7/pyodide.asm.wasm.br",
                        "assets/jdr/jdr-worker.js"):
            assert (tmp_path / "site" / fichier).is_file()
        worker = (tmp_path / "site/assets/jdr/jdr-worker.js").read_text(encoding="utf-8")
        assert re.search(r"const CONFIG ?= ?\{", worker) and "runtime-" in worker
        assert _nombre(worker, "silence_reseau") == 15000
        moteur = (tmp_path / "site/assets/jdr/moteur.js").read_text(encoding="utf-8")
        delais = {cle: _nombre(moteur, cle) for cle in ("silenceTelechargement", "silenceDemarrage", "reponse")}
        assert delais == {"silenceTelechargement": 20000, "silenceDemarrage": 60000, "reponse": 20000}

    def test_delais_configures(self, tmp_path: Path) -> None:
        """L'option delais arrive dans le worker et dans la page (minifiés ou non)."""
        config = BASE + "      minifier: false\n      delais:\n        silence_reseau: 3000\n" \
            "        silence_telechargement: 5000\n" + FENCES
        r = construire(tmp_path, config, '```lanceur mecanique="3d6-test"\n```\n')
        assert r.returncode == 0, r.stderr
        worker = (tmp_path / "site/assets/jdr/jdr-worker.js").read_text(encoding="utf-8")
        moteur = (tmp_path / "site/assets/jdr/moteur.js").read_text(encoding="utf-8")
        assert _nombre(worker, "silence_reseau") == 3000
        assert (_nombre(moteur, "silenceTelechargement"), _nombre(moteur, "reponse")) == (5000, 20000)
        assert "DELAIS = null" not in moteur

    @pytest.mark.parametrize(("delais", "message"), [
        ("silence_reseau: 5000\n        silence_telechargement: 5000", "silence_telechargement doit dépasser"),
        ("reponse: 10", "au moins 1000 ms"),
        ("silence_reseau: vite", "silence_reseau"),
    ])
    def test_delais_refuses(self, tmp_path: Path, delais: str, message: str) -> None:
        r = construire(tmp_path, BASE + f"      delais:\n        {delais}\n" + FENCES)
        assert r.returncode != 0 and message in r.stderr, r.stderr

    def test_bloc_mal_ecrit_arrete_la_construction(self, tmp_path: Path) -> None:
        """Une erreur d'un bloc (ici un lanceur inconnu) arrête la construction ; chaque erreur de bloc
        est vérifiée sans construire, dans TestBlocs."""
        r = construire(tmp_path, BASE + FENCES, '```lanceur mecanique="inconnu"\n```\n')
        assert r.returncode != 0 and "lanceur inconnu" in r.stderr, r.stderr


def _nombre(js: str, cle: str) -> float:
    """La valeur d'une clé numérique dans un script construit (« cle: 6e4 » une fois minifié)."""
    m = re.search(rf'"?{cle}"?\s*:\s*([0-9.e]+)', js)
    assert m, f"{cle} absent"
    return float(m.group(1))


@pytest.mark.construction
def test_archive_d_execution(site_construit: Path) -> None:
    """L'archive servie : des .pyc seulement, le cœur compris, la stdlib réduite."""
    (runtime,) = site_construit.glob("pyodide/*/runtime-*.zip")
    with zipfile.ZipFile(runtime) as z:
        noms = z.namelist()
    assert "jdr_core/troisd6/test.pyc" in noms and "jdr_core/pont.pyc" in noms and "doctest.pyc" in noms
    assert not [n for n in noms if n.endswith(".py")]
    assert "unittest/mock.pyc" not in noms and "os.pyc" not in noms  # inutile, et gelé
    assert not (site_construit / "pyodide/314.0.7/python_stdlib.zip").exists()


@pytest.mark.construction
@pytest.mark.parametrize("page", ["index.html", "3d6/test/index.html"])
def test_aucune_ressource_externe(site_construit: Path, page: str) -> None:
    """Aucun script, style ou police chargé depuis un autre site (pas de CDN)."""
    import re

    html = (site_construit / page).read_text(encoding="utf-8")
    assert not re.findall(r'<(?:script|link(?! rel="canonical")|img)[^>]+(?:src|href)="(?:https?:)?//', html)


class TestBlocs:
    """Les blocs du greffon dans une instance de Markdown : ce qu'ils produisent, et chaque erreur
    d'écriture, levée en PluginError (MkDocs arrête alors la construction, voir TestConfiguration)."""

    def test_blocs_rendus(self) -> None:
        html = convertir('```lanceur mecanique="3d6-test"\ncaracteristique = 5\n```\n\n'
                         '```tableau nom="3d6-difficultes"\n```\n\n```fiche systeme="encore" id="f"\n```\n')
        assert 'name="caracteristique" min="1" max="5" step="1" value="5"' in html
        assert 'data-table="3d6-difficultes"' in html and 'data-systeme="encore"' in html

    def test_lanceur_defaut_invalide(self) -> None:
        with pytest.raises(BlocInvalide, match="Caractéristique 8") as erreur:
            convertir('```lanceur mecanique="3d6-test"\ncaracteristique = 8\n```\n')
        assert isinstance(erreur.value, PluginError)


@pytest.mark.parametrize(("page", "message"), [
    ('```exemple id="Pas Bon"\n>>> 1\n1\n```\n', "id « Pas Bon » invalide"),
    ('```exemple\n>>> 1\n1\n```\n', "id «  » invalide"),
    ('```lanceur mecanique="inconnu"\n```\n', "lanceur inconnu"),
    ('```lanceur mecanique="3d6-test" couleur="rouge"\n```\n', "option inconnue couleur"),
    ('```tableau nom="rien"\n```\n', "table « rien » inconnue"),
    ('```fiche id="f"\n```\n', "système inconnu"),
    ('```fiche systeme="troisd6" id="f"\n```\n', "n'a pas de fiche de suivi"),
])
def test_bloc_mal_ecrit_refuse(page: str, message: str) -> None:
    with pytest.raises(BlocInvalide, match=re.escape(message)) as erreur:
        convertir(page)
    assert isinstance(erreur.value, PluginError) and str(erreur.value).startswith("jdr : bloc ")


class TestMinification:
    """Nos scripts et styles sont réduits par esbuild à la construction ; les sources restent lisibles."""

    SOURCE = (
        "// Un commentaire qui ne doit pas partir chez le lecteur.\n"
        "export const phrase = (n) => `Résultat :  ${n}  // pas un commentaire`;\n"
        "/* bloc */ const motif = /^a\\/\\/b$/;\n"
        "export const teste = motif.test(\"a//b\");\n"
    )

    @pytest.mark.node
    def test_js_plus_court_et_meme_comportement(self, tmp_path: Path) -> None:
        if shutil.which("node") is None:
            pytest.skip("Node.js absent")
        fichier = tmp_path / "m.mjs"
        fichier.write_text(self.SOURCE, encoding="utf-8")
        avant = fichier.stat().st_size
        gagne = minifier([fichier], esbuild(RACINE / "node_modules"), tmp_path / "cache")
        reduit = fichier.read_text(encoding="utf-8")
        assert gagne == avant - len(reduit.encode()) > 0
        assert "Un commentaire" not in reduit and "bloc" not in reduit
        assert "Résultat" in reduit  # accents gardés tels quels (--charset=utf8)
        code = ("import('" + fichier.as_uri() + "').then((m) => console.log(JSON.stringify([m.phrase(3), m.teste])))")
        sortie = subprocess.run(["node", "-e", code], capture_output=True, text=True, check=True)
        assert sortie.stdout.strip() == '["Résultat :  3  // pas un commentaire",true]'

    @pytest.mark.node
    def test_css_et_cache(self, tmp_path: Path) -> None:
        fichier = tmp_path / "s.css"
        css = "/* Titre */\n.jdr-a  {\n  color : red ;\n  margin: 0px 0px;\n}\n"
        fichier.write_text(css, encoding="utf-8")
        commande = esbuild(RACINE / "node_modules")
        minifier([fichier], commande, tmp_path / "cache")
        premier = fichier.read_text(encoding="utf-8")
        assert "Titre" not in premier and "color:red" in premier.replace(" ", "")
        fichier.write_text(css, encoding="utf-8")
        minifier([fichier], commande, tmp_path / "cache")  # servi par le cache, même résultat
        assert fichier.read_text(encoding="utf-8") == premier and len(list((tmp_path / "cache").iterdir())) == 1

    @pytest.mark.node
    def test_code_invalide_refuse_en_francais(self, tmp_path: Path) -> None:
        fichier = tmp_path / "casse.js"
        fichier.write_text("const = ;\n", encoding="utf-8")
        with pytest.raises(ErreurRuntime, match=r"esbuild refuse casse\.js"):
            minifier([fichier], esbuild(RACINE / "node_modules"), tmp_path / "cache")
        assert fichier.read_text(encoding="utf-8") == "const = ;\n"  # inchangé

    def test_esbuild_absent(self, tmp_path: Path) -> None:
        with pytest.raises(ErreurRuntime, match="npm ci"):
            esbuild(tmp_path)

    @pytest.mark.construction
    def test_site_construit_reduit(self, site_construit: Path) -> None:
        """Le site sert les copies réduites : plus courtes que les sources, sans leurs commentaires."""
        for nom in ("jdr.js", "moteur.js", "jdr.css", "lanceur.js"):
            source = (RACINE / "site_plugins" / "assets" / nom).read_text(encoding="utf-8")
            servi = (site_construit / "assets" / "jdr" / nom).read_text(encoding="utf-8")
            assert len(servi) < 0.8 * len(source), nom
            lignes = source.splitlines()
            commentaire = next(ligne.strip(" /*") for ligne in lignes if ligne.lstrip().startswith(("//", "/*")))
            assert len(commentaire) > 20 and commentaire not in servi, nom
        assert "\n//" not in (site_construit / "sw.js").read_text(encoding="utf-8")


class TestPrechargement:
    """La liste des modules annoncés se lit dans les sources : une seule table, celle de jdr.js."""

    @staticmethod
    def assets(dossier: Path, widgets: str, **modules: str) -> Path:
        (dossier / "jdr.js").write_text(
            'import { moteur } from "./moteur.js";\nconst WIDGETS = [\n' + widgets + "];\n", encoding="utf-8")
        (dossier / "moteur.js").write_text("export const moteur = 1;\n", encoding="utf-8")
        for nom, texte in modules.items():
            (dossier / f"{nom}.js").write_text(texte, encoding="utf-8")
        return dossier

    def test_la_table_de_jdr_js_et_les_imports_suivis(self) -> None:
        p = lire(RACINE / "site_plugins" / "assets")
        assert p.communs == ("moteur.js",)
        widgets = dict(p.widgets)
        source = (RACINE / "site_plugins" / "assets" / "jdr.js").read_text(encoding="utf-8")
        for classe, noms in widgets.items():
            assert f'.{classe}", "./{noms[0]}"' in source
        assert widgets["jdr-lanceur"] == ("lanceur.js", "dom.js", "moteur.js", "liaison.js")
        assert widgets["jdr-journal"] == ("journal.js",)

    def test_un_nouvel_import_est_annonce(self, tmp_path: Path) -> None:
        dossier = self.assets(tmp_path, '  [".jdr-x", "./x.js"],\n',
                              x='import { a } from "./a.js";\nimport("./tard.js");\n',
                              a='import {\n  b,\n} from "./b.js";\n', b="export const b = 2;\n")
        p = lire(dossier)
        assert p.pour('<div class="jdr-x">') == ["moteur.js", "x.js", "a.js", "b.js"]
        assert p.pour('<div class="autre jdr-x cache">') == ["moteur.js", "x.js", "a.js", "b.js"]
        assert p.pour('<div class="jdr-x-legende">') == ["moteur.js"]

    @pytest.mark.parametrize(("widgets", "modules", "message"), [
        ("", {}, None),
        ('  [jdr-x, "./x.js"],\n', {}, "ligne de WIDGETS illisible"),
        ('  [".jdr-x", "./x.js"],\n', {}, "« x.js » est importé mais n'existe pas"),
        ('  [".jdr-x", "./x.js"],\n', {"x": 'import { z } from "./z.js";\n'}, "« z.js »"),
        ('  [".jdr-x", "./x.js"],\n', {"x": 'import "./y.js";\n'}, "« y.js »"),
    ])
    def test_source_illisible(self, tmp_path: Path, widgets: str, modules: dict[str, str], message: str | None) -> None:
        dossier = self.assets(tmp_path, widgets, **modules)
        if message is None:
            assert lire(dossier).widgets == ()
            (dossier / "jdr.js").write_text("const AUTRE = [];\n", encoding="utf-8")
            message = "n'a plus sa table"
        with pytest.raises(ModulesIllisibles, match=message):
            lire(dossier)


@pytest.mark.construction
def test_modules_annonces_dans_l_en_tete(site_construit: Path) -> None:
    """Chaque page annonce (modulepreload) les modules de ses widgets, qui existent ; la page 404 aucun."""
    def annonces(page: str) -> list[str]:
        html = (site_construit / page).read_text(encoding="utf-8")
        tete = html[:html.index("</head>")]
        return re.findall(r'<link rel="modulepreload" href="([^"]+)">', tete)

    test = annonces("3d6/test/index.html")
    attendus = ("moteur.js", "exemple.js", "dom.js", "lanceur.js", "liaison.js")
    assert test == [f"../../assets/jdr/{nom}" for nom in attendus]
    for lien in test:
        assert (site_construit / "3d6/test" / lien).resolve().is_file(), lien
    assert "../../assets/jdr/suivi.js" in annonces("encore/fiche/index.html")
    assert annonces("404.html") == []
