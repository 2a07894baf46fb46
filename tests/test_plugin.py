"""Le greffon MkDocs : échec rapide et clair quand la configuration est fausse."""

from __future__ import annotations

import html
import json
import os
import re
import shutil
import subprocess
import sys
import zipfile
from functools import partial
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import markdown
import pytest
from mkdocs.exceptions import PluginError

from jdr_core.registre import systemes
from site_plugins.fences import MARQUE_LANCEUR, BlocInvalide, Registre, declarations, formater_lanceur
from site_plugins.minification import esbuild, minifier
from site_plugins.plugin import amorce_en_ligne, resoudre_liens
from site_plugins.prechargement import MODULE_MOTEUR, ModulesIllisibles, lire
from site_plugins.runtime import ErreurRuntime

from .conftest import RACINE

ASSETS = RACINE / "site_plugins" / "assets"

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


#: Compression rapide : ces sites d'essai ne vérifient pas le niveau de compression (TestCompression
#: de tests/test_publication.py le fait), et Brotli 11 sur Pyodide coûtait une minute à une machine neuve.
BASE = (f"site_name: essai\nplugins:\n  - jdr:\n      pyodide: {RACINE / 'node_modules/pyodide'}\n"
        "      compression: rapide\n      instantane_construit: false\n")


def convertir_page(page: str) -> str:
    """Une page passée par superfences avec les blocs du greffon, comme dans MkDocs, sans construire
    de site (pymdown-extensions teste ses blocs de la même façon) : voir :func:`convertir`."""
    return convertir(("index.md", "", page))["index.md"]


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

    def test_construction_minimale(self, tmp_path: Path, site_construit: Path) -> None:
        """mkdocs.yml ne déclare que superfences : les blocs viennent du greffon ; le runtime, le worker
        configuré et les délais de la page (valeurs par défaut : celles du site publié) sont posés.

        Après le site (``site_construit``) : Pyodide compressé et les scripts réduits viennent alors de son cache
        (node_modules/.cache) au lieu d'être refaits en même temps que lui sur une machine neuve ; l'archive
        d'exécution, propre à ces pages (les modules que leurs exemples importent), reste à faire (20 à 27 s dans
        une CI chargée)."""
        page = ('```lanceur mecanique="3d6-test"\ncaracteristique = 5\n```\n\n'
                '```tableau nom="3d6-difficultes"\n```\n\n```fiche systeme="encore" id="f"\n```\n')
        r = construire(tmp_path, BASE + FENCES, page)
        assert r.returncode == 0, r.stderr
        html = (tmp_path / "site" / "index.html").read_text(encoding="utf-8")
        assert 'name="caracteristique" min="1" max="5" step="1" value="5"' in html
        assert 'data-table="3d6-difficultes"' in html and 'data-systeme="encore"' in html
        for fichier in ("pyodide/314.0.7/pyodide.asm.wasm", "pyodide/314.0.7/pyodide.asm.wasm.br",
                        "assets/jdr/moteur/jdr-worker.js"):
            assert (tmp_path / "site" / fichier).is_file()
        # instantane_construit: false (BASE) : ni fichier, ni adresse pour le worker.
        assert not list((tmp_path / "site").glob("pyodide/*/*.instantane"))
        # La configuration du navigateur, écrite à part (réduite par esbuild) : le worker de Python lit la
        # sienne, la page ses délais ; aucun script n'est retouché.
        config = (tmp_path / "site/assets/jdr/configuration.js").read_text(encoding="utf-8")
        assert re.search(r'worker:\{pyodide:"\.\./\.\./pyodide/314\.0\.7/",runtime:"[^"]*runtime-', config), config
        assert "instantane_construit:null" in config
        assert _nombre(config, "silence_reseau") == 15000
        delais = {cle: _nombre(config, cle) for cle in ("silenceTelechargement", "silenceDemarrage", "reponse")}
        assert delais == {"silenceTelechargement": 20000, "silenceDemarrage": 60000, "reponse": 20000}
        worker = "moteur/jdr-worker.js"
        assert (ASSETS / worker).read_bytes() != (tmp_path / "site/assets/jdr" / worker).read_bytes()

    def test_menu_des_systemes_sans_leurs_pages(self, tmp_path: Path) -> None:
        """L'entrée « jdr:systemes » de la nav devient une section par système déclaré : ses pages
        doivent exister, sinon la construction s'arrête en le disant."""
        r = construire(tmp_path, BASE + FENCES + "nav:\n  - index.md\n  - jdr:systemes\n")
        premiere = systemes()[0].pages[0]
        assert r.returncode != 0 and f"déclare la page {premiere}, absente de" in r.stderr

    def test_delais_configures(self, tmp_path: Path) -> None:
        """L'option delais arrive dans le worker et dans la page (minifiés ou non)."""
        config = BASE + "      minifier: false\n      delais:\n        silence_reseau: 3000\n" \
            "        silence_telechargement: 5000\n" + FENCES
        r = construire(tmp_path, config, '```lanceur mecanique="3d6-test"\n```\n')
        assert r.returncode == 0, r.stderr
        # Sans minification, chaque script est servi tel qu'écrit ; les délais sont dans la configuration.
        for nom in ("moteur/jdr-worker.js", "moteur/client.js"):
            assert (tmp_path / "site/assets/jdr" / nom).read_bytes() == (ASSETS / nom).read_bytes()
        config = (tmp_path / "site/assets/jdr/configuration.js").read_text(encoding="utf-8")
        assert _nombre(config, "silence_reseau") == 3000
        assert (_nombre(config, "silenceTelechargement"), _nombre(config, "reponse")) == (5000, 20000)

    @pytest.mark.parametrize(("delais", "message"), [
        ("silence_reseau: 5000\n        silence_telechargement: 5000", "silence_telechargement doit dépasser"),
        ("reponse: 10", "au moins 1000 ms"),
        ("recherche: -1", "recherche vaut 0 ms ou plus"),
        ("silence_reseau: vite", "silence_reseau"),
    ])
    def test_delais_refuses(self, tmp_path: Path, delais: str, message: str) -> None:
        r = construire(tmp_path, BASE + f"      delais:\n        {delais}\n" + FENCES)
        assert r.returncode != 0 and message in r.stderr, r.stderr

    def test_bloc_mal_ecrit_arrete_la_construction(self, tmp_path: Path) -> None:
        """Une erreur d'un bloc (ici un lanceur inconnu) arrête la construction ; chaque erreur de bloc
        est vérifiée sans construire, dans TestBlocs."""
        r = construire(tmp_path, BASE + FENCES, '```lanceur mecanique="inconnu"\n```\n')
        assert r.returncode != 0 and "mécanique « inconnu » inconnue" in r.stderr, r.stderr


def _nombre(js: str, cle: str) -> float:
    """La valeur d'une clé numérique dans un script construit (« cle: 6e4 » une fois minifié)."""
    m = re.search(rf'"?{cle}"?\s*:\s*([0-9.e]+)', js)
    assert m, f"{cle} absent"
    return float(m.group(1))


def convertir(*pages: tuple[str, str, str], fences: list[dict[str, object]] | None = None,
              registre: Registre | None = None) -> dict[str, str]:
    """Convertir des pages (fichier source, adresse, Markdown) dans l'ordre, comme le greffon le
    fait pendant une construction : une instance de Markdown avec nos blocs et un registre neuf (ou
    ``registre``, que le test lit ensuite), la page posée dans le registre avant chaque conversion,
    puis les liens vers les lanceurs résolus (on_post_page)."""
    registre = Registre() if registre is None else registre
    md = markdown.Markdown(extensions=["pymdownx.superfences"], extension_configs={
        "pymdownx.superfences": {"custom_fences": fences or declarations(registre)}})
    rendus = {}
    for source, adresse, texte in pages:
        registre.page = (source, adresse)
        rendus[source] = md.reset().convert(texte)
    registre.page = ("", "")
    return {source: resoudre_liens(rendus[source], source, adresse, registre) for source, adresse, _ in pages}


def lien_lancer(page: str) -> tuple[str, str]:
    """Le lien « Lancer cette situation » de la page : (chemin, ancre) ; ses valeurs sont vérifiées."""
    (lien,) = re.findall(r'class="jdr-lancer-situation md-button" href="([^"]+)"', page)
    adresse = urlsplit(html.unescape(lien))
    valeurs = parse_qs(adresse.query)
    assert valeurs["lanceur"] == ["3d6-test"] and valeurs["caracteristique"] == ["4"]
    assert valeurs["difficulte"] == ["3"]
    return adresse.path, adresse.fragment


EXEMPLE_LANCE = ('```exemple id="carmen" lanceur="3d6-test" valeurs="caracteristique=4 difficulte=3"\n'
                 ">>> 1\n1\n```\n")
LANCEUR = '```lanceur mecanique="3d6-test"\n```\n'


class TestRegistreDesBlocs:
    """Les blocs notent ce qu'ils rendent (fences.Registre) ; le greffon ne relit pas son HTML."""

    def test_lancer_cette_situation_vers_une_page_suivante(self) -> None:
        """Le lien d'un exemple mène au lanceur d'une page convertie après lui, avec ses valeurs."""
        registre = Registre()
        pages = convertir(("regles/a.md", "regles/a/", EXEMPLE_LANCE), ("jets.md", "jets/", LANCEUR), registre=registre)
        assert registre.lanceurs == {"3d6-test": ("jets/", "lanceur-3d6-test")}
        assert lien_lancer(pages["regles/a.md"]) == ("../../jets/", "lanceur-3d6-test")
        assert MARQUE_LANCEUR not in pages["regles/a.md"]

    def test_attributs_du_formulaire_dans_un_autre_ordre(self) -> None:
        """Le lanceur est trouvé quel que soit l'ordre des attributs de son formulaire (l'ancienne
        lecture du HTML par expression régulière exigeait data-mecanique puis id)."""
        def formater_a_l_envers(source: str, *args: object, **kwargs: object) -> str:
            rendu = str(formater_lanceur(source, *args, **kwargs))
            ouverture = re.match(r"<form ([^>]*)>", rendu)
            assert ouverture
            attributs = re.findall(r'[\w-]+(?:="[^"]*")?', ouverture.group(1))
            return f"<form {' '.join(reversed(attributs))}>" + rendu[ouverture.end():]

        registre = Registre()
        fences = [dict(f, format=partial(formater_a_l_envers, registre=registre)) if f["name"] == "lanceur" else f
                  for f in declarations(registre)]
        pages = convertir(("a.md", "a/", EXEMPLE_LANCE), ("b.md", "b/", LANCEUR.replace('"\n', '" id="ici"\n', 1)),
                          fences=fences, registre=registre)
        assert re.search(r'<form novalidate [^>]*id="ici" data-mecanique="3d6-test" class="jdr-lanceur">',
                         pages["b.md"])
        assert lien_lancer(pages["a.md"]) == ("../b/", "ici")

    def test_situation_de_l_exemple_en_champs(self) -> None:
        """« Modifier » : l'exemple porte, dans un modèle inerte, le formulaire de son lanceur réglé comme
        lui (les valeurs de son lien « Lancer cette situation »), sans graphique ; ce formulaire-là n'est
        pas le lanceur de la mécanique, qui reste celui de la page des jets."""
        registre = Registre()
        pages = convertir(("a.md", "a/", EXEMPLE_LANCE), ("jets.md", "jets/", LANCEUR), registre=registre)
        (modele,) = re.findall(r'<template class="jdr-situation-modele">(.*?)</template>', pages["a.md"], re.S)
        assert '<form class="jdr-lanceur" data-mecanique="3d6-test" id="exemple-carmen-situation"' in modele
        assert "<legend>Votre version de la situation</legend>" in modele
        assert 'data-titre="Exemple (votre version)"' in modele
        champs = dict(re.findall(r'name="(\w+)"[^>]*value="([^"]*)"', modele))
        assert champs["caracteristique"] == "4" and champs["difficulte"] == "3"
        assert "jdr-graphique" not in modele and "Comparer" not in modele
        assert registre.lanceurs == {"3d6-test": ("jets/", "lanceur-3d6-test")}
        assert "<template" not in pages["jets.md"]
        exemple_seul = convertir(("a.md", "a/", '```exemple id="a"\n>>> 1\n1\n```\n'))["a.md"]
        assert "jdr-situation-modele" not in exemple_seul

    def test_boutons_du_joueur_avant_ceux_du_verificateur(self) -> None:
        """Sur un exemple, les boutons du joueur (« Avec d'autres dés », « Modifier », « Lancer cette
        situation ») viennent avant ceux du vérificateur : « Exécuter », puis « Voir le code », replié
        sous le résultat."""
        source = ('```exemple id="carmen" lanceur="3d6-test" valeurs="caracteristique=4 difficulte=3"\n'
                  ">>> from jdr_core.des import DesScriptes\n>>> des = DesScriptes([1, 2, 3])\n```\n")
        page = convertir(("a.md", "a/", source), ("jets.md", "jets/", LANCEUR))["a.md"]
        page = page[:page.index("<template")]  # le formulaire de « Modifier » attend dans un modèle
        controles = [html.unescape(t) for t in re.findall(
            r'<(?:button|a) [^>]*class="jdr-[\w-]+ md-button"[^>]*>([^<]*)</(?:button|a)>|<summary>([^<]*)</summary>',
            page) for t in t if t]
        assert controles == ["Avec d'autres dés", "Modifier", "Lancer cette situation", "Exécuter", "Voir le code"]
        assert page.index('class="jdr-sortie"') < page.index('class="jdr-exemple-code"')
        sans_lanceur = convertir(("a.md", "a/", '```exemple id="a"\n>>> 1\n1\n```\n'))["a.md"]
        assert re.findall(r'<button [^>]*>([^<]*)</button>', sans_lanceur.split("<template")[0]) == [
            "Modifier", "Exécuter"]

    def test_situation_d_un_exemple_sans_lanceur(self) -> None:
        """Sans lanceur, « Modifier » propose les propres nombres de l'exemple, par étape, chacun avec sa
        place dans le code (ligne, colonnes) ; un oui/non devient une case."""
        source = (">>> from jdr_core.troisd6 import tester, action_de_groupe\n"
                  ">>> print(tester(3, difficulte=2).reussi)\nTrue\n"
                  ">>> print(action_de_groupe(2, avancee=True))\n…\n")
        page = convertir(("a.md", "a/", f'```exemple id="g"\n{source}```\n'))["a.md"]
        (modele,) = re.findall(r'<template class="jdr-reglages-modele">(.*?)</template>', page, re.S)
        assert [html.unescape(t) for t in re.findall(r"<p class=\"jdr-etape-titre\">([^<]*)</p>", modele)] == [
            "Étape 1 : tester", "Étape 2 : action de groupe"]
        champs = re.findall(r'<label for="[^"]+">([^<]*)</label><input type="number"[^>]*value="(\d+)" '
                            r'data-ligne="(\d+)" data-debut="(\d+)" data-fin="(\d+)"', modele)
        assert [(html.unescape(n), v) for n, v, *_ in champs] == [
            ("Caractéristique", "3"), ("Difficulté", "2"), ("Jets", "2")]
        lignes = source.split("\n")
        for _, valeur, ligne, debut, fin in champs:
            assert lignes[int(ligne)][int(debut):int(fin)] == valeur
        assert re.search(r'<input type="checkbox" [^>]*data-ligne="3"[^>]* checked><label [^>]*>Avancée<', modele)
        assert "Exécuter avec ces valeurs" in modele

    def test_le_premier_lanceur_d_une_mecanique(self) -> None:
        registre = Registre()
        convertir(("a.md", "a/", LANCEUR), ("b.md", "b/", LANCEUR.replace('"\n', '" id="autre"\n', 1)),
                  registre=registre)
        assert registre.lanceurs["3d6-test"] == ("a/", "lanceur-3d6-test")

    def test_fiche_avec_lanceurs(self) -> None:
        """Une fiche lanceurs="oui" mène au lanceur de chaque mécanique de son système."""
        from jdr_core.registre import systeme

        mecaniques = [m.nom for m in systeme("encore").mecaniques]
        # Avec leurs réglages par défaut, aucun jet de l'un ou l'autre ne finit en réussite partielle.
        lanceurs = "".join(f'```lanceur mecanique="{nom}" impossibles="partielle"\n```\n\n' for nom in mecaniques)
        pages = convertir(("fiche.md", "fiche/", '```fiche systeme="encore" id="f" lanceurs="oui"\n```\n'),
                          ("jets.md", "jets/", lanceurs))
        for nom in mecaniques:
            assert f'<a data-mecanique="{nom}" href="../jets/?lanceur={nom}#lanceur-{nom}"></a>' in pages["fiche.md"]

    def test_lien_sans_lanceur(self) -> None:
        with pytest.raises(PluginError, match=r"a\.md : aucun lanceur « 3d6-test » sur le site"):
            convertir(("a.md", "a/", EXEMPLE_LANCE))

    def test_lien_provisoire_qui_ne_vient_pas_d_un_bloc(self) -> None:
        with pytest.raises(PluginError, match="n'a pas été écrit par un bloc du greffon"):
            convertir(("a.md", "a/", f"[ici]({MARQUE_LANCEUR}3d6-test?x=1)\n\n" + LANCEUR))

    def test_id_d_exemple_en_double(self) -> None:
        """Deux pages, un même identifiant : la construction s'arrête, en nommant les deux pages."""
        exemple = '```exemple id="a"\n>>> 1\n1\n```\n'
        with pytest.raises(BlocInvalide, match=r"^jdr : index\.md : exemple « a » en double \(autre\.md, index\.md\)$"):
            convertir(("autre.md", "autre/", exemple), ("index.md", "", exemple.replace("1", "2")))

    def test_chaque_construction_repart_de_rien(self, tmp_path: Path) -> None:
        """Le registre est tenu par le greffon, neuf à chaque on_config : une seconde construction
        (mkdocs serve qui reconstruit, avec le même greffon ou un neuf) ne voit rien de la première,
        ni un exemple déplacé d'une page à l'autre en double, ni un lien noté par un jet en ligne."""
        from mkdocs.config import load_config

        (tmp_path / "docs").mkdir()
        (tmp_path / "mkdocs.yml").write_text(BASE + "      minifier: false\n" + FENCES, encoding="utf-8")
        exemple = '```exemple id="a"\n>>> 1\n1\n```\n'
        greffon = None
        registres = []
        for page in ("autre.md", "index.md"):
            config = load_config(str(tmp_path / "mkdocs.yml"))
            greffon = greffon or config.plugins["jdr"]  # le même greffon, comme un greffon gardé par serve
            config = greffon.on_config(config)
            md = markdown.Markdown(extensions=config.markdown_extensions, extension_configs=config.mdx_configs)
            greffon.registre.page = (page, page.removesuffix(".md").replace("index", "") + "/")
            md.convert(exemple + ("{{jet 3d6-test | un jet}}\n" if page == "autre.md" else ""))
            registres.append(greffon.registre)
        premier, second = registres
        assert premier is not second
        assert premier.exemples == {"a": "autre.md"} and set(premier.liens) == {"autre.md"}
        assert second.exemples == {"a": "index.md"} and second.liens == {} and second.lanceurs == {}
        # Nos blocs et les jets de la seconde construction écrivent dans son registre, pas dans l'ancien.
        assert [f["format"].keywords["registre"] for f in config.mdx_configs["pymdownx.superfences"]["custom_fences"]
                ] == [second] * 4
        assert config.mdx_configs["site_plugins.jets"]["registre"] is second


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
def test_instantane_de_construction(site_construit: Path) -> None:
    """L'instantané préparé à la construction : à côté de son runtime, au format rangé du worker
    (« RVI1 »), compressé, nommé dans la configuration du worker, et hors du préchargement du
    service worker (il ne se télécharge que sur un lien rapide)."""
    (runtime,) = site_construit.glob("pyodide/*/runtime-*.zip")
    instantane = runtime.with_suffix(".instantane")
    assert instantane.read_bytes()[:4] == b"RVI1" and instantane.stat().st_size > 5_000_000
    assert instantane.with_name(instantane.name + ".br").stat().st_size < instantane.stat().st_size / 3
    config = (site_construit / "assets/jdr/configuration.js").read_text(encoding="utf-8")
    assert f'instantane_construit:{{adresse:"../../pyodide/314.0.7/{instantane.name}"' in config
    assert instantane.name not in (site_construit / "sw.js").read_text(encoding="utf-8")


@pytest.mark.construction
@pytest.mark.parametrize("page", ["index.html", "troisd6/test/index.html"])
def test_aucune_ressource_externe(site_construit: Path, page: str) -> None:
    """Aucun script, style ou police chargé depuis un autre site (pas de CDN)."""
    import re

    html = (site_construit / page).read_text(encoding="utf-8")
    assert not re.findall(r'<(?:script|link(?! rel="canonical")|img)[^>]+(?:src|href)="(?:https?:)?//', html)


class TestBlocs:
    """Les blocs du greffon dans une instance de Markdown : ce qu'ils produisent, et chaque erreur
    d'écriture, levée en PluginError (MkDocs arrête alors la construction, voir TestConfiguration)."""

    def test_blocs_rendus(self) -> None:
        html = convertir_page('```lanceur mecanique="3d6-test"\ncaracteristique = 5\n```\n\n'
                         '```tableau nom="3d6-difficultes"\n```\n\n```fiche systeme="encore" id="f"\n```\n')
        assert 'name="caracteristique" min="1" max="5" step="1" value="5"' in html
        assert 'data-table="3d6-difficultes"' in html and 'data-systeme="encore"' in html

    def test_lanceur_aux_issues_toutes_impossibles(self) -> None:
        """Réglé sur deux dés pour trois succès, le lanceur dit que l'issue cherchée est impossible au
        lieu de laisser sa liste de chances vide."""
        rendu = convertir_page('```lanceur mecanique="3d6-test" impossibles="reussite reussite_critique '
                               'echec_critique"\ncaracteristique = 4\ndesavantages = 1\ndifficulte = 3\n```\n')
        cotes = re.search(r'<div class="jdr-cotes"[^>]*>(.*?)</div>', rendu)
        assert cotes
        assert re.sub(r"<[^>]+>", "", cotes.group(1)) == (
            "Chances exactes avant de lancer :Réussir (difficulté 3) : impossible (0 %)")

    def test_lanceur_defaut_invalide(self) -> None:
        with pytest.raises(BlocInvalide, match="Caractéristique 8") as erreur:
            convertir_page('```lanceur mecanique="3d6-test"\ncaracteristique = 8\n```\n')
        assert isinstance(erreur.value, PluginError)


@pytest.mark.parametrize(("page", "message"), [
    ('```exemple id="Pas Bon"\n>>> 1\n1\n```\n', "id « Pas Bon » invalide"),
    ('```exemple\n>>> 1\n1\n```\n', "id «  » invalide"),
    ('```lanceur mecanique="inconnu"\n```\n', "mécanique « inconnu » inconnue"),
    ('```lanceur mecanique="3d6-test" couleur="rouge"\n```\n', "option inconnue couleur"),
    ('```tableau nom="rien"\n```\n', "table « rien » inconnue"),
    ('```fiche id="f"\n```\n', "système inconnu"),
    ('```fiche systeme="sansfiche" id="f"\n```\n', "système inconnu"),
])
def test_bloc_mal_ecrit_refuse(page: str, message: str) -> None:
    with pytest.raises(BlocInvalide, match=re.escape(message)) as erreur:
        convertir_page(page)
    assert isinstance(erreur.value, PluginError) and str(erreur.value).startswith("jdr : index.md : bloc ")


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
        for nom in ("jdr.js", "moteur/client.js", "jdr.css", "widgets/lanceur.js"):
            source = (RACINE / "site_plugins" / "assets" / nom).read_text(encoding="utf-8")
            servi = (site_construit / "assets" / "jdr" / nom).read_text(encoding="utf-8")
            assert len(servi) < 0.8 * len(source), nom
            lignes = source.splitlines()
            commentaire = next(ligne.strip(" /*") for ligne in lignes if ligne.lstrip().startswith(("//", "/*")))
            assert len(commentaire) > 20 and commentaire not in servi, nom
        assert "\n//" not in (site_construit / "sw.js").read_text(encoding="utf-8")


class TestPrechargement:
    """La liste des modules annoncés se lit dans les sources : une seule liste, le manifeste widgets.json."""

    @staticmethod
    def assets(dossier: Path, widgets: str, **modules: str) -> Path:
        (dossier / "jdr.js").write_text('import { moteur } from "./moteur/client.js";\nimport "./configuration.js";\n',
                                        encoding="utf-8")
        (dossier / "widgets.json").write_text(widgets, encoding="utf-8")
        moteur = 'export const AVEC_PYTHON = ".jdr-x, form.jdr-y";\nexport const moteur = 1;\n'
        (dossier / "moteur").mkdir(exist_ok=True)
        (dossier / MODULE_MOTEUR).write_text(moteur, encoding="utf-8")
        for nom, texte in modules.items():
            (dossier / f"{nom}.js").parent.mkdir(parents=True, exist_ok=True)
            (dossier / f"{nom}.js").write_text(texte, encoding="utf-8")
        return dossier

    def test_le_manifeste_et_les_imports_suivis(self) -> None:
        p = lire(ASSETS)
        # Chaque page : le moteur (et son avis de chargement, qui suit la typographie), le service worker,
        # l'annonce de la recherche, les retouches d'accessibilité.
        assert p.communs == ("moteur/client.js", "hors-ligne/versions.js", "recherche/annonce.js",
                             "widgets/accessibilite.js", "configuration.js", "moteur/chargement.js",
                             "moteur/requete.js", "commun/francais.js")
        widgets = dict(p.widgets)
        manifeste = json.loads((ASSETS / "widgets.json").read_text(encoding="utf-8"))
        assert [list(e) for e in p.manifeste] == manifeste
        assert list(widgets) == [selecteur.partition(".")[2] for selecteur, _ in manifeste]
        for (_, module), noms in zip(manifeste, widgets.values(), strict=True):
            assert module == f"./{noms[0]}"
        assert widgets["jdr-lanceur"] == ("widgets/lanceur.js", "commun/dom.js", "commun/francais.js",
                                          "commun/rejeu.js", "table/journal/annonce.js", "moteur/client.js",
                                          "table/liaison.js", "configuration.js", "moteur/chargement.js",
                                          "moteur/requete.js")
        # La vue du journal : ses entrées, son stockage (journal.js), les verrous entre onglets (stockage.js).
        assert widgets["jdr-journal"] == ("table/journal/vue.js", "commun/dom.js", "commun/francais.js",
                                          "table/journal/entrees.js", "table/journal/journal.js", "table/stockage.js")

    def test_un_nouvel_import_est_annonce(self, tmp_path: Path) -> None:
        dossier = self.assets(tmp_path, '[[".jdr-x", "./x.js"]]',
                              x='import { a } from "./a.js";\nimport("./tard.js");\n',
                              a='import {\n  b,\n} from "./b.js";\n', b="export const b = 2;\n")
        p = lire(dossier)
        assert p.avec_python == ("jdr-x", "jdr-y")
        assert p.parle_a_python('<form class="jdr-y">') and not p.parle_a_python('<div class="jdr-x-legende">')
        modules = ["moteur/client.js", "configuration.js", "x.js", "a.js", "b.js"]
        assert p.pour('<div class="jdr-x">') == modules
        assert p.pour('<div class="autre jdr-x cache">') == modules
        assert p.pour('<div class="jdr-x-legende">') == ["moteur/client.js", "configuration.js"]

    def test_chemins_relatifs_au_module(self, tmp_path: Path) -> None:
        """Un import se lit depuis le dossier du module qui importe ; un import hors du dossier des fichiers
        du site est refusé."""
        dossier = self.assets(tmp_path, '[[".jdr-x", "./widgets/x.js"]]',
                              **{"widgets/x": 'import { a } from "../commun/a.js";\n',
                                 "commun/a": 'import "./b.js";\n', "commun/b": ""})
        assert lire(dossier).pour('<div class="jdr-x">') == ["moteur/client.js", "configuration.js", "widgets/x.js",
                                                             "commun/a.js", "commun/b.js"]
        (dossier / "commun/b.js").write_text('import "../../ailleurs.js";\n', encoding="utf-8")
        with pytest.raises(ModulesIllisibles, match="hors du dossier"):
            lire(dossier)

    @pytest.mark.parametrize(("ligne", "message"), [
        ("export const moteur = 1;\n", "ne définit plus AVEC_PYTHON"),
        ('export const AVEC_PYTHON = ".jdr-x, [data-y]";\n', "sélecteur illisible « \\[data-y\\] »"),
    ])
    def test_avec_python_illisible(self, tmp_path: Path, ligne: str, message: str) -> None:
        dossier = self.assets(tmp_path, "[]")
        (dossier / MODULE_MOTEUR).write_text(ligne, encoding="utf-8")
        with pytest.raises(ModulesIllisibles, match=message):
            lire(dossier)

    @pytest.mark.parametrize(("widgets", "modules", "message"), [
        ("[]", {}, None),
        ("", {}, "widgets.json illisible"),
        ('{"x": 1}', {}, "attendu une liste de paires"),
        ('[["jdr-x", "./x.js"]]', {}, "entrée de widgets.json illisible"),
        ('[[".jdr-x", "x.js"]]', {}, "entrée de widgets.json illisible"),
        ('[[".jdr-x", "./x.js", 3]]', {}, "entrée de widgets.json illisible"),
        ('[[".jdr-x", "./x.js"]]', {}, "« x.js » est importé mais n'existe pas"),
        ('[[".jdr-x", "./x.js"]]', {"x": 'import { z } from "./z.js";\n'}, "« z.js »"),
        ('[[".jdr-x", "./x.js"]]', {"x": 'import "./y.js";\n'}, "« y.js »"),
    ])
    def test_source_illisible(self, tmp_path: Path, widgets: str, modules: dict[str, str], message: str | None) -> None:
        dossier = self.assets(tmp_path, widgets, **modules)
        if message is None:
            assert lire(dossier).widgets == ()
            return
        with pytest.raises(ModulesIllisibles, match=message):
            lire(dossier)


class TestManifesteDansLaConfiguration:
    """jdr.js lit le manifeste des widgets dans le module de configuration (étape « configuration »,
    tests/test_etapes.py) : il ne demande pas widgets.json, qui n'est pas servi."""

    @pytest.mark.construction
    def test_site_construit(self, site_construit: Path) -> None:
        servi = (site_construit / "assets/jdr/jdr.js").read_text(encoding="utf-8")
        config = (site_construit / "assets/jdr/configuration.js").read_text(encoding="utf-8")
        manifeste = json.loads((ASSETS / "widgets.json").read_text(encoding="utf-8"))
        (liste,) = re.findall(r'widgets:(\[\["[^;]*?"\]\])', config)
        assert json.loads(liste) == manifeste
        assert "widgets.json" not in servi and not (site_construit / "assets/jdr/widgets.json").exists()
        assert '"./configuration.js"' in servi


class TestAmorce:
    """amorce.js : le worker d'une visite de retour part de la tête des pages qui parlent à Python."""

    def test_classes_et_cle_de_moteur_js(self) -> None:
        assert lire(ASSETS).avec_python == ("jdr-exemple", "jdr-lanceur", "jdr-fiche")
        client = (ASSETS / "moteur" / "client.js").read_text(encoding="utf-8")
        (cle,) = re.findall(r'^const CLE_INSTANTANE = "([^"]+)";', client, re.M)
        assert f'localStorage.getItem("{cle}") !== "1"' in amorce_en_ligne()
        (variantes,) = re.findall(r'^const CLE_VARIANTES = "([^"]+)";', client, re.M)
        assert f'localStorage.getItem("{variantes}")' in amorce_en_ligne()

    def test_en_ligne_sans_commentaire(self) -> None:
        texte = amorce_en_ligne()
        assert "//" not in texte and "</script" not in texte and not re.search(r"^\s", texte, re.M)
        assert texte.startswith("(() => {") and texte.endswith("})();")

    @pytest.mark.construction
    def test_pages_construites(self, site_construit: Path) -> None:
        """Juste après l'encodage, avec l'adresse du worker depuis la page, là où un widget parle à Python ;
        nulle part ailleurs."""
        amorce = re.escape(amorce_en_ligne())
        for page, worker in (("troisd6/test/index.html", "../../assets/jdr/moteur/jdr-worker.js"),
                             ("index.html", "assets/jdr/moteur/jdr-worker.js"),
                             ("encore/fiche/index.html", "../../assets/jdr/moteur/jdr-worker.js")):
            texte = (site_construit / page).read_text(encoding="utf-8")
            assert re.search(f'<meta charset="utf-8"><script data-jdr-worker="{re.escape(worker)}">{amorce}</script>',
                             texte), page
            assert (site_construit / page).parent.joinpath(worker).resolve().is_file()
        for page in ("a-propos/index.html", "404.html"):
            assert "data-jdr-worker" not in (site_construit / page).read_text(encoding="utf-8"), page


@pytest.mark.construction
def test_modules_annonces_dans_l_en_tete(site_construit: Path) -> None:
    """Chaque page annonce (modulepreload) les modules de ses widgets, qui existent ; la page 404 aucun."""
    def annonces(page: str) -> list[str]:
        html = (site_construit / page).read_text(encoding="utf-8")
        tete = html[:html.index("</head>")]
        return re.findall(r'<link rel="modulepreload" href="([^"]+)">', tete)

    test = annonces("troisd6/test/index.html")
    # La configuration écrite à la construction en fait partie : aucune page n'attend de la découvrir.
    attendus = ("moteur/client.js", "hors-ligne/versions.js", "recherche/annonce.js", "widgets/accessibilite.js",
                "configuration.js", "moteur/chargement.js", "moteur/requete.js", "commun/francais.js",
                "widgets/exemple.js", "commun/dom.js", "commun/rejeu.js", "table/journal/annonce.js",
                "widgets/lanceur.js", "table/liaison.js", "widgets/jet-en-ligne.js")
    assert test == [f"../../assets/jdr/{nom}" for nom in attendus]
    for lien in test:
        assert (site_construit / "troisd6/test" / lien).resolve().is_file(), lien
    assert "../../assets/jdr/table/suivi/fiche.js" in annonces("encore/fiche/index.html")
    assert annonces("404.html") == []
