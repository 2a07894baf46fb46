"""Les étapes de la construction (site_plugins/etapes.py), chacune seule, sur un petit site temporaire.

Aucun site complet n'est construit ici (tests/conftest.py le fait une fois par session) : un faux
paquet Pyodide de quelques octets, des pages HTML écrites par le test, et, là où une étape lancerait
Node (précompilation, instantané, esbuild), une fausse fonction qui note ce qu'on lui demande.
"""

from __future__ import annotations

import gzip
import json
import os
import re
import shutil
import struct
import subprocess
import time
from pathlib import Path
from typing import Any

import pytest
from mkdocs.exceptions import PluginError

from jdr_core import pont
from site_plugins import configuration as module_configuration
from site_plugins import etapes
from site_plugins.etapes import Contexte, EtapeImpossible
from site_plugins.fences import FRACTION_LISIBLE, TITRE_COTES
from site_plugins.options import JdrConfig
from site_plugins.prechargement import lire
from site_plugins.runtime import FICHIERS_PYODIDE, MARQUE_SERVICE_WORKER, SERVICE_WORKER_RETRAIT

VERSION = "0.0.1"
#: Une page écrite par le test : un script en ligne (sa CSP), un lien vers le site.
PAGE = '<html><head><title>Essai</title><script>console.log("en ligne")</script></head><body>x</body></html>'


def options(**valeurs: Any) -> JdrConfig:
    """Les options du greffon, validées comme MkDocs le fait (valeurs par défaut comprises)."""
    config = JdrConfig()
    config.load_dict(valeurs)
    erreurs, _ = config.validate()
    assert not erreurs, erreurs
    return config


@pytest.fixture
def ctx(tmp_path: Path) -> Contexte:
    """Un contexte neuf : un faux paquet Pyodide, un site d'une page, des docs vides."""
    pyodide = tmp_path / "node_modules" / "pyodide"
    pyodide.mkdir(parents=True)
    for nom in FICHIERS_PYODIDE:
        (pyodide / nom).write_bytes(nom.encode() * 10)
    (pyodide / "package.json").write_text(json.dumps({"version": VERSION}), encoding="utf-8")
    verrou = {"info": {"python": "3.14.0"}, "packages": {"numpy": {}}}
    (pyodide / "pyodide-lock.json").write_text(json.dumps(verrou), encoding="utf-8")
    site = tmp_path / "site"
    site.mkdir()
    (site / "index.html").write_text(PAGE, encoding="utf-8")
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "index.md").write_text('# Essai\n\n```exemple id="essai"\n>>> 1 + 1\n2\n```\n', encoding="utf-8")
    return Contexte(site=site, cache=tmp_path / "cache", pyodide=pyodide, options=options(), docs=docs,
                    nom_du_site="Essai", prechargement=lire(etapes.ASSETS))


@pytest.fixture
def faux_runtime(monkeypatch: pytest.MonkeyPatch) -> list[dict[str, Any]]:
    """La précompilation (Pyodide sous Node) remplacée : une archive de quelques octets ; rend les appels."""
    appels: list[dict[str, Any]] = []

    def construire(pyodide: Path, sources: bytes, exemples: list[str], reglages: Any, cache: Path) -> Any:
        appels.append({"exemples": exemples, "reglages": reglages, "cache": cache})
        return b"PK archive d'essai", {"modules": 3}

    monkeypatch.setattr(etapes, "construire_runtime", construire)
    return appels


def avec_runtime(ctx: Contexte) -> Contexte:
    etapes.runtime(ctx)
    return ctx


class TestRuntime:
    """Étape 1 : Pyodide et l'archive précompilée sous pyodide/<version>/."""

    def test_fichiers_et_archive(self, ctx: Contexte, faux_runtime: list[dict[str, Any]]) -> None:
        etapes.runtime(ctx)
        dossier = ctx.site / "pyodide" / VERSION
        for nom in FICHIERS_PYODIDE:
            assert (dossier / nom).read_bytes() == (ctx.pyodide / nom).read_bytes()
        assert re.fullmatch(r"runtime-[0-9a-f]{12}\.zip", ctx.nom_runtime)
        assert (dossier / ctx.nom_runtime).read_bytes() == ctx.runtime == b"PK archive d'essai"
        assert json.loads((ctx.site / "assets/jdr/runtime.json").read_text(encoding="utf-8")) == {"modules": 3}
        # Les exemples des pages préchauffent le runtime ; les réglages de la stdlib viennent des options.
        (appel,) = faux_runtime
        assert appel["exemples"] == [">>> 1 + 1\n2\n"] and appel["reglages"].optimiser_stdlib == 2
        assert appel["cache"] == ctx.cache

    def test_le_nom_suit_le_contenu(self, ctx: Contexte, monkeypatch: pytest.MonkeyPatch) -> None:
        noms = []
        for contenu in (b"un", b"deux", b"un"):
            monkeypatch.setattr(etapes, "construire_runtime", lambda *a, c=contenu: (c, {}))
            etapes.runtime(ctx)
            noms.append(ctx.nom_runtime)
        assert noms[0] != noms[1] and noms[0] == noms[2]


class TestInstantane:
    """Étape 2 : l'instantané de construction, et ce que le worker en lit."""

    def test_sans_l_option(self, ctx: Contexte, faux_runtime: list[dict[str, Any]]) -> None:
        ctx.options = options(instantane_construit=False)
        etapes.instantane(avec_runtime(ctx))
        assert ctx.instantane is None and not list(ctx.site.rglob("*.instantane"))

    def test_avec_l_option(self, ctx: Contexte, faux_runtime: list[dict[str, Any]],
                           monkeypatch: pytest.MonkeyPatch) -> None:
        recus = []

        def construire(pyodide: Path, runtime: bytes, verrou: dict[str, Any], cache: Path) -> bytes:
            recus.append((runtime, verrou))
            return b"JDRI" + struct.pack("<II", 1, 123456) + b"\0" * 20

        monkeypatch.setattr(etapes, "construire_instantane", construire)
        ctx.options = options(lien_rapide_ms=300)
        etapes.instantane(avec_runtime(ctx))
        nom = ctx.nom_runtime.removesuffix(".zip") + ".instantane"
        assert (ctx.site / "pyodide" / VERSION / nom).is_file()
        # Le runtime exact, et le verrou sans paquets : rien d'autre à charger.
        assert recus == [(b"PK archive d'essai", {"info": {"python": "3.14.0"}, "packages": {}})]
        # Ses versions compressées, écrites dès ici : le worker tire de leurs tailles le seuil du lien
        # pour la version .gz, qu'il décompresse lui-même chez un hébergeur sans les .br/.gz du site.
        fichier = ctx.site / "pyodide" / VERSION / nom
        assert gzip.decompress(fichier.with_name(nom + ".gz").read_bytes()) == fichier.read_bytes()
        octets = {ext: fichier.with_name(f"{nom}.{ext}").stat().st_size for ext in ("br", "gz")}
        assert ctx.instantane == {"adresse": f"../../pyodide/{VERSION}/{nom}", "longueur": 123456,
                                  "seuil_octets": 1_000_000, "seuil_ms": 300, "delai_max_ms": 5000,
                                  "octets": octets}
        # Sans compression, ni .br ni .gz : le worker ne le prend que servi compressé par l'hébergeur.
        ctx.options = options(lien_rapide_ms=300, compresser=False)
        etapes.instantane(ctx)
        assert ctx.instantane["octets"] == {}

    def test_sans_runtime(self, ctx: Contexte) -> None:
        with pytest.raises(EtapeImpossible, match="l'étape runtime doit passer avant"):
            etapes.instantane(ctx)


class TestFichiers:
    """Étape 3 : nos scripts tels qu'écrits, le worker de recherche à côté de celui de Material."""

    def test_copie_sans_ce_qui_va_ailleurs(self, ctx: Contexte) -> None:
        etapes.fichiers(ctx)
        for nom in ("jdr.js", "moteur/client.js", "moteur/jdr-worker.js", "jdr.css", "moteur/worker/instantane.js"):
            assert (ctx.assets / nom).read_bytes() == (etapes.ASSETS / nom).read_bytes(), nom
        for nom in ("sw.js", "recherche-worker.js", "widgets.json"):
            assert not list(ctx.site.rglob(nom)), nom
        assert ctx.worker_recherche is None

    def test_worker_de_recherche(self, ctx: Contexte) -> None:
        workers = ctx.site / "assets" / "javascripts" / "workers"
        workers.mkdir(parents=True)
        (workers / "search.abc.min.js").write_text("// Material", encoding="utf-8")
        ctx.worker_material = "assets/javascripts/workers/search.abc.min.js"
        etapes.fichiers(ctx)
        assert ctx.worker_recherche == workers / "recherche-worker.js"
        assert ctx.worker_recherche.read_bytes() == etapes.SOURCE_RECHERCHE.read_bytes()

    def test_worker_de_material_absent(self, ctx: Contexte) -> None:
        ctx.worker_material = "assets/javascripts/workers/search.abc.min.js"
        with pytest.raises(EtapeImpossible, match=r"worker de recherche de Material \(assets/.*\) est introuvable"):
            etapes.fichiers(ctx)


def lire_configuration(ctx: Contexte) -> dict[str, Any]:
    texte = (ctx.assets / module_configuration.NOM).read_text(encoding="utf-8")
    trouve = re.fullmatch(r"(?s)// [^\n]*\nglobalThis\.JDR_CONFIGURATION = Object\.freeze\((.*)\);\n", texte)
    assert trouve, texte
    donnees: dict[str, Any] = json.loads(trouve[1])
    return donnees


class TestConfiguration:
    """Étape 4 : le module de configuration, seul script écrit par la construction."""

    def test_contenu(self, ctx: Contexte, faux_runtime: list[dict[str, Any]]) -> None:
        ctx.options = options(delais={"silence_reseau": 3000, "silence_telechargement": 4000, "recherche": 50})
        ctx.worker_material = "assets/javascripts/workers/search.abc.min.js"
        etapes.configuration(avec_runtime(ctx))
        config = lire_configuration(ctx)
        worker = config["worker"]
        # Les adresses du worker partent du dossier des fichiers (assets/jdr/), où moteur/worker/config.js les résout.
        assert worker["pyodide"] == f"../../pyodide/{VERSION}/"
        assert worker["runtime"] == f"../../pyodide/{VERSION}/{ctx.nom_runtime}"
        assert worker["verrou"] == {"info": {"python": "3.14.0"}, "packages": {}}
        assert worker["tailles"] == {"wasm": len(b"pyodide.asm.wasm") * 10, "runtime": len(ctx.runtime)}
        assert worker["mecaniques"]["3d6-test"] == "troisd6"
        assert (worker["silence_reseau"], worker["instantane"], worker["instantane_construit"]) == (3000, True, None)
        assert config["delais"] == {"silenceTelechargement": 4000, "silenceDemarrage": 60000, "reponse": 20000}
        assert config["recherche"] == {"material": "./search.abc.min.js", "attenteMs": 50}
        manifeste = json.loads((etapes.ASSETS / "widgets.json").read_text(encoding="utf-8"))
        assert config["widgets"] == manifeste and manifeste
        assert config["limites"] == {"profondeurMax": pont.PROFONDEUR_MAX, "tailleMax": pont.TAILLE_MAX_REQUETE}
        assert config["cotes"] == {"fractionLisible": FRACTION_LISIBLE, "titre": TITRE_COTES}

    def test_sans_recherche_ni_runtime(self, ctx: Contexte, faux_runtime: list[dict[str, Any]]) -> None:
        with pytest.raises(EtapeImpossible, match="l'étape configuration a besoin du runtime"):
            etapes.configuration(ctx)
        etapes.configuration(avec_runtime(ctx))
        assert lire_configuration(ctx)["recherche"] is None

    def test_l_instantane_passe_au_worker(self, ctx: Contexte, faux_runtime: list[dict[str, Any]]) -> None:
        avec_runtime(ctx).instantane = {"adresse": "x", "longueur": 1}
        etapes.configuration(ctx)
        assert lire_configuration(ctx)["worker"]["instantane_construit"] == {"adresse": "x", "longueur": 1}

    @pytest.mark.node
    def test_script_classique_et_module(self, ctx: Contexte, faux_runtime: list[dict[str, Any]]) -> None:
        """Le même fichier se charge par importScripts (worker de recherche, script classique) et
        par import (modules de la page et worker de Python) : la même valeur, gelée, dans les deux."""
        if shutil.which("node") is None:
            pytest.skip("Node.js absent")
        ctx.worker_material = "assets/javascripts/workers/search.abc.min.js"
        etapes.configuration(avec_runtime(ctx))
        module = ctx.assets / "configuration.mjs"  # .mjs : Node le lit en module ES, comme un navigateur
        shutil.copyfile(ctx.assets / module_configuration.NOM, module)
        script = """
const vm = require("vm"), fs = require("fs"), { pathToFileURL } = require("url");
const [classique, module] = process.argv.slice(1);
const worker = {}; vm.createContext(worker); vm.runInContext(fs.readFileSync(classique, "utf8"), worker);
import(pathToFileURL(module).href).then(() => console.log(JSON.stringify({
  classique: worker.JDR_CONFIGURATION, module: globalThis.JDR_CONFIGURATION,
  gele: Object.isFrozen(globalThis.JDR_CONFIGURATION),
})));
"""
        sortie = subprocess.run(["node", "-e", script, str(ctx.assets / module_configuration.NOM), str(module)],
                                capture_output=True, text=True, check=True)
        lu = json.loads(sortie.stdout)
        assert lu["classique"] == lu["module"] == lire_configuration(ctx) and lu["gele"]


class TestRenvois:
    """Étape 5 : les pages de renvoi des dossiers renommés (option anciens_dossiers)."""

    def test_renvoi(self, ctx: Contexte) -> None:
        (ctx.site / "nouveau").mkdir()
        (ctx.site / "nouveau" / "index.html").write_text(PAGE, encoding="utf-8")
        ctx.options = options(anciens_dossiers={"ancien": "nouveau"})
        etapes.renvois(ctx)
        assert "../nouveau/" in (ctx.site / "ancien" / "index.html").read_text(encoding="utf-8")

    def test_sans_renvoi(self, ctx: Contexte) -> None:
        etapes.renvois(ctx)
        assert sorted(p.name for p in ctx.site.iterdir()) == ["index.html"]


class TestManifeste:
    """Étape 6 : le manifeste d'application, ses icônes depuis le cache."""

    def test_manifeste(self, ctx: Contexte) -> None:
        (ctx.cache / "icones").mkdir(parents=True)
        for taille in (192, 512):  # des icônes déjà dessinées : l'étape les reprend du cache
            (ctx.cache / "icones" / f"icone-{taille}-v1.png").write_bytes(b"png" * taille)
        etapes.manifeste(ctx)
        assert json.loads((ctx.site / "manifest.webmanifest").read_text(encoding="utf-8"))["name"] == "Essai"
        assert (ctx.site / "assets/jdr/icone-512.png").read_bytes() == b"png" * 512


@pytest.fixture
def faux_esbuild(ctx: Contexte, monkeypatch: pytest.MonkeyPatch) -> list[list[Path]]:
    """esbuild (Node) remplacé : rend les listes de fichiers qu'on lui donne à réduire."""
    recus: list[list[Path]] = []
    monkeypatch.setattr(etapes, "minifier", lambda fichiers, commande, cache: recus.append(list(fichiers)) or 0)
    ctx.esbuild = ["esbuild"]
    return recus


class TestMinification:
    """Étape 7 : nos scripts et le worker de recherche réduits ; rien sans esbuild."""

    def test_ce_qui_est_reduit(self, ctx: Contexte, faux_esbuild: list[list[Path]]) -> None:
        ctx.worker_recherche = ctx.site / "recherche-worker.js"
        (ctx.assets / "a").mkdir(parents=True)
        (ctx.assets / "a" / "b.js").write_text("x", encoding="utf-8")
        (ctx.assets / "c.css").write_text("x", encoding="utf-8")
        etapes.minification(ctx)
        (fichiers,) = faux_esbuild
        assert [f.relative_to(ctx.site).as_posix() for f in fichiers if f.is_file() or f == ctx.worker_recherche] == [
            "assets/jdr/a/b.js", "assets/jdr/c.css", "recherche-worker.js"]

    def test_sans_esbuild(self, ctx: Contexte, faux_esbuild: list[list[Path]]) -> None:
        ctx.esbuild = []
        etapes.minification(ctx)
        assert faux_esbuild == []


class TestEntetes:
    """Étape 8 : _headers, avec l'empreinte du script en ligne de la page dans la CSP."""

    def test_csp(self, ctx: Contexte) -> None:
        etapes.entetes(ctx)
        entetes = (ctx.site / "_headers").read_text(encoding="utf-8")
        csp = re.search(r"Content-Security-Policy: (.*)", entetes)
        assert csp and re.search(r"script-src 'self' 'wasm-unsafe-eval' 'sha256-[^']+';", csp[1])


class TestServiceWorker:
    """Étape 9 : sw.js, qui garde pour le hors-ligne tous les fichiers finis, la configuration comprise."""

    def test_hors_ligne(self, ctx: Contexte, faux_runtime: list[dict[str, Any]],
                        faux_esbuild: list[list[Path]]) -> None:
        etapes.configuration(avec_runtime(ctx))
        etapes.service_worker(ctx)
        texte = (ctx.site / "sw.js").read_text(encoding="utf-8")
        assert MARQUE_SERVICE_WORKER not in texte
        config = json.loads(re.search(r"const CONFIG_SW = (\{.*\});", texte)[1])  # type: ignore[index]
        assert "assets/jdr/configuration.js" in config["pages"] and "./" in config["pages"]
        assert config["runtime"] and all(c.startswith("pyodide/") for c in config["runtime"])
        # Les fichiers que le worker peut prendre en .gz (ceux dont la configuration a la taille du .gz) :
        # le service worker en garde la version décompressée ; sans compression, aucun.
        assert config["variantes_gz"] == {f"pyodide/{VERSION}/pyodide.asm.wasm": "application/wasm",
                                          f"pyodide/{VERSION}/{ctx.nom_runtime}": "application/zip"}
        assert faux_esbuild == [[ctx.site / "sw.js"]]
        ctx.options = options(compresser=False)
        etapes.service_worker(ctx)
        texte = (ctx.site / "sw.js").read_text(encoding="utf-8")
        assert json.loads(re.search(r"const CONFIG_SW = (\{.*\});", texte)[1])["variantes_gz"] == {}  # type: ignore[index]

    def test_sans_hors_ligne(self, ctx: Contexte) -> None:
        ctx.options = options(hors_ligne=False)
        etapes.service_worker(ctx)
        assert (ctx.site / "sw.js").read_text(encoding="utf-8") == SERVICE_WORKER_RETRAIT


class TestCompression:
    """Étape 10 : .br et .gz de ce qui dépasse 1 ko, au niveau de l'option ; rien sans l'option."""

    def test_compression(self, ctx: Contexte) -> None:
        (ctx.site / "gros.js").write_text("x" * 2000, encoding="utf-8")
        ctx.options = options(compression="rapide")
        etapes.compression(ctx)
        assert (ctx.site / "gros.js.br").is_file() and (ctx.site / "gros.js.gz").is_file()
        assert not (ctx.site / "index.html.br").exists()  # moins de 1 ko

    def test_sans_compression(self, ctx: Contexte) -> None:
        (ctx.site / "gros.js").write_text("x" * 2000, encoding="utf-8")
        ctx.options = options(compresser=False)
        etapes.compression(ctx)
        assert not list(ctx.site.glob("*.br"))


class TestExecuter:
    """Les étapes dans leur ordre ; l'échec de l'une arrête la construction, en français."""

    def test_ordre(self) -> None:
        assert [e.__name__ for e in etapes.ETAPES] == [
            "runtime", "instantane", "fichiers", "configuration", "renvois", "manifeste", "minification", "entetes",
            "service_worker", "compression"]

    def test_echec(self, ctx: Contexte) -> None:
        faites: list[str] = []
        with pytest.raises(PluginError, match=r"^jdr : l'étape configuration a besoin du runtime"):
            etapes.executer(ctx, (lambda c: faites.append("avant"), etapes.configuration,
                                  lambda c: faites.append("après")))
        assert faites == ["avant"]


def test_exemples_des_docstrings() -> None:
    """Les exemples écrits dans etapes.py et configuration.py (pytest ne lit pas site_plugins)."""
    import doctest

    for module in (etapes, module_configuration):
        echecs, essais = doctest.testmod(module)
        assert essais >= 1 and echecs == 0, module.__name__


class TestReprise:
    """Une reconstruction de mkdocs serve --dirty (nox -s ecrire) reprend le site de la précédente : une
    étape dont rien n'a changé est sautée, ce qu'elle laissait aux suivantes est repris, et la
    compression ne reprend que les fichiers récrits."""

    @pytest.fixture
    def reprise(self, ctx: Contexte, faux_runtime: list[dict[str, Any]], faux_esbuild: list[list[Path]],
                monkeypatch: pytest.MonkeyPatch) -> Contexte:
        ctx.options = options(hors_ligne=False, compression="rapide", instantane_construit=False)
        compresses: list[str] = []
        monkeypatch.setattr(etapes, "compresser_site", lambda site, cache, niveau, depuis=None: compresses.append(
            "tous" if depuis is None else "récrits"))
        ctx.compresses = compresses  # type: ignore[attr-defined]
        return ctx

    @staticmethod
    def sautees(rapport: list[etapes.Passage]) -> list[str]:
        return [p.etape for p in rapport if p.saute]

    def test_rien_n_a_change(self, reprise: Contexte, faux_runtime: list[dict[str, Any]]) -> None:
        memoire = etapes.Memoire()
        assert self.sautees(etapes.executer(reprise, memoire=memoire)) == []
        nom = reprise.nom_runtime
        reprise.nom_runtime, reprise.runtime = "", b""  # un contexte neuf, comme à chaque construction
        rapport = etapes.executer(reprise, memoire=memoire)
        assert self.sautees(rapport) == ["runtime", "instantane", "fichiers", "configuration", "renvois", "manifeste",
                                         "minification", "service_worker"]
        assert len(faux_runtime) == 1 and reprise.nom_runtime == nom  # l'archive reprise, pas refaite
        assert reprise.compresses == ["tous", "récrits"]  # type: ignore[attr-defined]

    def test_un_import_refait_l_archive_une_sortie_non(self, reprise: Contexte,
                                                       faux_runtime: list[dict[str, Any]]) -> None:
        memoire = etapes.Memoire()
        etapes.executer(reprise, memoire=memoire)
        page = reprise.docs / "index.md"
        page.write_text(page.read_text(encoding="utf-8").replace("\n2\n", "\n3\n"), encoding="utf-8")
        assert "runtime" in self.sautees(etapes.executer(reprise, memoire=memoire))
        page.write_text('```exemple id="essai"\n>>> import random\n>>> 1 + 1\n2\n```\n', encoding="utf-8")
        rapport = etapes.executer(reprise, memoire=memoire)
        # L'archive change : la configuration qui la nomme et la réduction qui suit repassent aussi.
        assert not {"runtime", "configuration", "minification"} & set(self.sautees(rapport))
        assert len(faux_runtime) == 2

    def test_un_site_vide_repart_de_rien(self, reprise: Contexte) -> None:
        """Sans le module de configuration dans le site (vidé, ou un autre site), tout repasse."""
        memoire = etapes.Memoire()
        etapes.executer(reprise, memoire=memoire)
        (reprise.assets / module_configuration.NOM).unlink()
        assert self.sautees(etapes.executer(reprise, memoire=memoire)) == []

    def test_compression_des_seuls_fichiers_recrits(self, ctx: Contexte) -> None:
        from site_plugins.runtime import compresser_site

        for nom in ("ancien.js", "nouveau.js"):
            (ctx.site / nom).write_text(nom * 500, encoding="utf-8")
        os.utime(ctx.site / "ancien.js", (time.time() - 60, time.time() - 60))
        compresser_site(ctx.site, ctx.cache, "rapide", depuis=time.time() - 30)
        assert (ctx.site / "nouveau.js.br").is_file() and not (ctx.site / "ancien.js.br").exists()
