"""Publier le site : adresse publiée (SITE_URL), sous-chemin, en-têtes nginx, manifeste et icônes."""

from __future__ import annotations

import json
import os
import re
import shutil
import struct
import subprocess
import sys
import urllib.error
import urllib.request
import zlib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from site_plugins import entetes, manifeste
from site_plugins.serveur import en_arriere_plan

from .conftest import RACINE, pages_construites

ADRESSE = "https://exemple.org/regles/"


def lire_png(donnees: bytes) -> tuple[int, int, list[bytes]]:
    """Largeur, hauteur et lignes de pixels RVB d'un PNG non entrelacé, blocs vérifiés (CRC)."""
    assert donnees[:8] == b"\x89PNG\r\n\x1a\n", "signature PNG"
    position, idat, entete = 8, b"", b""
    while position < len(donnees):
        (longueur,) = struct.unpack(">I", donnees[position:position + 4])
        nature = donnees[position + 4:position + 8]
        contenu = donnees[position + 8:position + 8 + longueur]
        (crc,) = struct.unpack(">I", donnees[position + 8 + longueur:position + 12 + longueur])
        assert crc == zlib.crc32(nature + contenu), f"CRC du bloc {nature!r}"
        if nature == b"IHDR":
            entete = contenu
        elif nature == b"IDAT":
            idat += contenu
        position += 12 + longueur
    largeur, hauteur, profondeur, couleur, _, _, entrelace = struct.unpack(">IIBBBBB", entete)
    assert (profondeur, couleur, entrelace) == (8, 2, 0), "RVB 8 bits non entrelacé"
    brut = zlib.decompress(idat)
    pas = 1 + 3 * largeur
    assert len(brut) == hauteur * pas
    assert all(brut[i * pas] == 0 for i in range(hauteur)), "filtre 0 sur chaque ligne"
    return largeur, hauteur, [brut[i * pas + 1:(i + 1) * pas] for i in range(hauteur)]


def verifier_icones(site: Path, contenu: dict[str, Any]) -> None:
    """Chaque icône du manifeste existe, a la taille annoncée et tient dans la zone sûre « maskable »."""
    assert {i["sizes"] for i in contenu["icons"]} >= {"192x192", "512x512"}
    fond = bytes.fromhex(manifeste.COULEUR_THEME[1:])
    for decrite in contenu["icons"]:
        largeur, hauteur, lignes = lire_png((site / decrite["src"]).read_bytes())
        assert f"{largeur}x{hauteur}" == decrite["sizes"] and decrite["type"] == "image/png"
        assert "maskable" in decrite["purpose"].split()
        centre = largeur / 2
        for y, ligne in enumerate(lignes):
            for x in range(largeur):
                if ligne[3 * x:3 * x + 3] != fond:  # le dessin, hors du fond plein
                    assert (x + 0.5 - centre) ** 2 + (y + 0.5 - centre) ** 2 <= (0.4 * largeur) ** 2
        assert lignes[hauteur // 2][3 * (largeur // 2):3 * (largeur // 2) + 3] != fond, "le dé est dessiné"


class TestManifeste:
    """Le manifeste d'application et ses icônes, sans construire le site."""

    def test_contenu_en_francais_et_relatif(self) -> None:
        contenu = manifeste.manifeste("Règles vivantes", "Des règles.")
        assert contenu["lang"] == "fr" and contenu["name"] == "Règles vivantes" and contenu["short_name"]
        assert contenu["display"] == "standalone"
        # Relatif au manifeste : vaut à la racine d'un domaine comme sous un chemin.
        assert contenu["start_url"] == contenu["scope"] == "./"

    def test_couleur_du_theme_celle_de_material(self) -> None:
        """La barre du téléphone prend le violet « deep purple » de la palette de Material."""
        import material

        feuilles = (Path(material.__file__).parent / "templates" / "assets" / "stylesheets").glob("palette*.css")
        texte = "".join(f.read_text(encoding="utf-8") for f in feuilles)
        trouve = re.search(r"primary=deep-purple\]\{--md-primary-fg-color:(#[0-9a-f]{6})", texte)
        assert trouve and trouve.group(1) == manifeste.COULEUR_THEME
        assert "primary: deep purple" in (RACINE / "mkdocs.yml").read_text(encoding="utf-8")

    def test_icones_valides(self, tmp_path: Path) -> None:
        manifeste.ecrire(tmp_path, tmp_path / "cache", "Règles vivantes", "Des règles.")
        contenu = json.loads((tmp_path / manifeste.NOM_FICHIER).read_text(encoding="utf-8"))
        verifier_icones(tmp_path, contenu)

    def test_liens_de_chaque_page(self) -> None:
        assert 'href="../../manifest.webmanifest"' in manifeste.liens("../../")
        assert 'name="theme-color"' in manifeste.liens("./")


def _site_factice(dossier: Path) -> Path:
    (dossier / "sous").mkdir(parents=True)
    (dossier / "pyodide").mkdir()
    (dossier / "index.html").write_text("<html><script>let a = 1;</script>accueil</html>", encoding="utf-8")
    (dossier / "sous" / "index.html").write_text("<html>sous</html>", encoding="utf-8")
    (dossier / "pyodide" / "x.js").write_text("x", encoding="utf-8")
    entetes.ecrire(dossier)
    return dossier


class TestNginx:
    """Les en-têtes du site en configuration nginx, tirés de la même définition que _headers."""

    def test_chaque_bloc_repete_ses_entetes(self, tmp_path: Path) -> None:
        site = _site_factice(tmp_path / "site")
        texte = entetes.nginx(entetes.regles(site), "/regles")
        blocs = dict(re.findall(r"location \^~ (\S+) \{\n(.*?)\n\}", texte, re.DOTALL))
        assert set(blocs) == {"/regles/", "/regles/pyodide/"}
        assert entetes.CACHE_LONG in blocs["/regles/pyodide/"] and entetes.CACHE_LONG not in blocs["/regles/"]
        for bloc in blocs.values():  # nginx n'hérite pas : la CSP est dans chaque bloc
            assert "Content-Security-Policy" in bloc and "'sha256-" in bloc
        assert "location = /regles/_headers { return 404; }" in texte

    def test_a_la_racine(self, tmp_path: Path) -> None:
        texte = entetes.nginx(entetes.regles(_site_factice(tmp_path / "site")))
        assert "location ^~ /pyodide/ {" in texte and "location ^~ / {" in texte

    def test_commande(self, tmp_path: Path) -> None:
        site = _site_factice(tmp_path / "site")
        sortie = subprocess.run([sys.executable, "-m", "site_plugins.entetes", str(site), "--prefixe", "/p/"],
                                cwd=RACINE, capture_output=True, text=True, check=True).stdout
        assert sortie == entetes.nginx(entetes.regles(site), "/p/")
        echec = subprocess.run([sys.executable, "-m", "site_plugins.entetes", str(tmp_path)],
                               cwd=RACINE, capture_output=True, text=True)
        assert echec.returncode != 0 and "n'est pas un site construit" in echec.stderr


def _statut(url: str) -> tuple[int, dict[str, str]]:
    class SansRedirection(urllib.request.HTTPRedirectHandler):
        def redirect_request(self, *args: Any, **kwargs: Any) -> None:
            return None

    try:
        with urllib.request.build_opener(SansRedirection).open(url, timeout=10) as reponse:
            return reponse.status, dict(reponse.headers)
    except urllib.error.HTTPError as erreur:
        return erreur.code, dict(erreur.headers)


class TestServeurSousUnChemin:
    """Le serveur du projet sert le site sous un préfixe seulement, comme un hébergeur."""

    @pytest.fixture
    def adresse(self, tmp_path: Path) -> Iterator[str]:
        with en_arriere_plan(_site_factice(tmp_path / "site"), prefixe="/regles/") as base:
            yield base

    def test_rien_hors_du_prefixe(self, adresse: str) -> None:
        assert _statut(adresse + "/regles/")[0] == 200
        assert _statut(adresse + "/")[0] == 404
        assert _statut(adresse + "/sous/")[0] == 404
        assert _statut(adresse + "/regles/_headers")[0] == 404

    def test_redirections_gardent_le_prefixe(self, adresse: str) -> None:
        statut, recus = _statut(adresse + "/regles")
        assert statut == 301 and recus["Location"] == "/regles/"
        statut, recus = _statut(adresse + "/regles/sous")
        assert statut == 301 and recus["Location"] == "/regles/sous/"

    def test_regles_d_entetes_relatives_au_site(self, adresse: str) -> None:
        assert _statut(adresse + "/regles/pyodide/x.js")[1]["Cache-Control"] == entetes.CACHE_LONG
        assert _statut(adresse + "/regles/")[1]["Cache-Control"] == entetes.CACHE_DEFAUT


@pytest.fixture(scope="module")
def site_publie(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Le site construit avec SITE_URL : il sert aussi de « nouvelle version » après site_construit
    (les deux constructions diffèrent, ne serait-ce que par l'adresse). Lu seulement, jamais modifié."""
    cible = tmp_path_factory.mktemp("publie") / "site"
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1", "SITE_URL": ADRESSE, "JDR_COMPRESSION": "rapide"}
    subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "-q", "-d", str(cible)],
                   cwd=RACINE, check=True, env=env)
    return cible


@pytest.mark.construction
def test_construction_avec_site_url(site_publie: Path) -> None:
    """SITE_URL : liens canoniques, plan du site et manifeste à l'adresse publiée ; rien de local."""
    cible = site_publie
    for fichier in cible.rglob("*"):
        if fichier.is_file() and fichier.suffix in {".html", ".xml", ".js", ".json", ".webmanifest", ".txt"}:
            assert "127.0.0.1" not in fichier.read_text(encoding="utf-8", errors="replace"), fichier
    page = (cible / "troisd6" / "test" / "index.html").read_text(encoding="utf-8")
    assert f'<link rel="canonical" href="{ADRESSE}troisd6/test/">' in page
    adresses = re.findall(r"<loc>([^<]+)</loc>", (cible / "sitemap.xml").read_text(encoding="utf-8"))
    assert adresses and all(a.startswith(ADRESSE) for a in adresses)
    pages = pages_construites(cible, "index.html")
    assert len(pages) > 20
    for html in pages:  # chaque page mène au manifeste par un chemin relatif juste
        lien = re.search(r'<link rel="manifest" href="([^"]+)">', html.read_text(encoding="utf-8"))
        assert lien, html
        assert (html.parent / lien.group(1)).resolve() == (cible / manifeste.NOM_FICHIER).resolve()
    contenu = json.loads((cible / manifeste.NOM_FICHIER).read_text(encoding="utf-8"))
    verifier_icones(cible, contenu)
    # Le service worker garde le manifeste et les icônes : l'application installée s'ouvre hors ligne.
    sw = (cible / "sw.js").read_text(encoding="utf-8")
    assert manifeste.NOM_FICHIER in sw and manifeste.nom_icone(512) in sw


@pytest.mark.construction
@pytest.mark.navigateur
def test_sous_un_chemin_dans_chromium(chromium: Any, site_construit: Path) -> None:
    """Le site servi sous /regles/ seulement : un exemple, un lanceur, puis hors ligne à la visite suivante,
    sans aucune requête hors du préfixe."""
    from playwright.sync_api import expect

    with en_arriere_plan(site_construit, prefixe="/regles/") as base:
        contexte = chromium.new_context(locale="fr-FR")
        contexte.set_default_timeout(60_000)
        hors_prefixe: list[str] = []
        contexte.on("request", lambda r: None if r.url.startswith(base + "/regles/") else hors_prefixe.append(r.url))
        page = contexte.new_page()
        page.goto(base + "/regles/troisd6/test/")
        bloc = page.locator('.jdr-exemple[data-exemple="pierre-ruelle"]')
        bloc.locator("button.jdr-executer").click()
        expect(bloc).to_have_attribute("data-etat", "ok", timeout=60_000)
        formulaire = page.locator('form.jdr-lanceur[data-mecanique="3d6-test"]').first
        formulaire.locator("button[type=submit]").click()
        expect(formulaire.locator("output .jdr-resultat")).to_be_visible(timeout=60_000)
        page.wait_for_function("() => navigator.serviceWorker && navigator.serviceWorker.controller",
                               timeout=60_000)
        page.wait_for_function("""async () => {
          for (const nom of await caches.keys()) {
            const cles = (await (await caches.open(nom)).keys()).map((r) => r.url);
            if (cles.some((u) => u.endsWith("pyodide.asm.wasm"))
                && cles.some((u) => u.endsWith("manifest.webmanifest"))) return true;
          }
          return false;
        }""", polling=500, timeout=60_000)
        contexte.set_offline(True)
        page.reload()
        bloc.locator("button.jdr-executer").click()
        expect(bloc).to_have_attribute("data-etat", "ok", timeout=60_000)
        assert page.evaluate("async () => (await fetch('../../manifest.webmanifest')).ok")
        contexte.close()
        assert hors_prefixe == []


_CACHE_SITE = """async () => (await caches.keys()).filter((n) => n.startsWith("regles-vivantes-site-"))"""
_CANONIQUE = """() => document.querySelector('link[rel="canonical"]').href"""


@pytest.mark.navigateur
@pytest.mark.construction
# Vu deux fois sur une dizaine de CI chargées : la version en attente ne prend pas la main dans la minute
# qui suit « Recharger » (moteur.js, relever : la page redemande la relève chaque seconde).
# Un second essai seulement : deux échecs de suite font rouge.
@pytest.mark.flaky(reruns=1)
def test_mise_a_jour_entre_deux_constructions(chromium: Any, site_construit: Path, site_publie: Path,
                                              tmp_path: Path) -> None:
    """Deux constructions de suite : la page ouverte annonce la nouvelle version sans la mélanger à
    l'ancienne, passe à la nouvelle quand le lecteur le demande, et garde journal et instantané."""
    from playwright.sync_api import expect

    nouvelle = site_publie
    servi = tmp_path / "servi"
    shutil.copytree(site_construit, servi)
    with en_arriere_plan(servi) as base:
        contexte = chromium.new_context(locale="fr-FR")
        contexte.set_default_timeout(60_000)
        page = contexte.new_page()
        page.goto(base + "/troisd6/test/")
        formulaire = page.locator('form.jdr-lanceur[data-mecanique="3d6-test"]').first
        formulaire.locator("button[type=submit]").click()
        expect(formulaire.locator("output .jdr-resultat")).to_be_visible(timeout=60_000)
        page.wait_for_function("() => navigator.serviceWorker && navigator.serviceWorker.controller", timeout=60_000)
        page.wait_for_function("""async () => (await caches.keys()).includes("regles-vivantes-instantanes")""",
                               polling=500, timeout=60_000)
        journal = page.evaluate("() => localStorage.getItem('jdr-journal')")
        assert journal and json.loads(journal)
        ancienne = page.evaluate(_CACHE_SITE)
        assert len(ancienne) == 1
        autre = contexte.new_page()
        autre.goto(base + "/encore/")
        # La nouvelle construction remplace l'ancienne sur le serveur.
        shutil.rmtree(servi)
        # Copiés à cette heure-ci (et non à celle de leur construction) : le serveur ne répond pas « 304 »
        # à la vérification du service worker, quel que soit l'ordre dans lequel les deux sites ont été construits.
        shutil.copytree(nouvelle, servi, copy_function=shutil.copy)
        page.evaluate("async () => (await navigator.serviceWorker.getRegistration()).update()")
        avis = page.locator(".jdr-nouvelle-version")
        expect(avis).to_contain_text("Une nouvelle version des règles est disponible.", timeout=60_000)
        # Tant que le lecteur n'a rien demandé, la page et ses voisines restent de l'ancienne version.
        page.goto(base + "/troisd6/combat/")
        assert page.evaluate(_CANONIQUE).startswith("http://127.0.0.1:8000/")
        expect(avis).to_be_visible(timeout=60_000)
        avis.get_by_role("button", name="Recharger").click()
        try:
            page.wait_for_function(
                f"() => document.querySelector('link[rel=\"canonical\"]').href.startsWith('{ADRESSE}')", timeout=60_000)
        except Exception as erreur:  # une fois sur quatre CI, sous charge : dire où en étaient les versions
            versions = page.evaluate(_VERSIONS)
            raise AssertionError(f"pas de nouvelle version après « Recharger » : {versions}") from erreur
        page.wait_for_function(f"async () => {{ const n = await ({_CACHE_SITE})(); return n.length === 1 "
                               f"&& n[0] !== {json.dumps(ancienne[0])}; }}", polling=300, timeout=60_000)
        # L'autre onglet, resté sur l'ancienne version, le dit au lieu de continuer en silence.
        expect(autre.locator(".jdr-nouvelle-version")).to_contain_text("active dans un autre onglet", timeout=60_000)
        assert page.evaluate("() => localStorage.getItem('jdr-journal')") == journal
        assert "regles-vivantes-instantanes" in page.evaluate("caches.keys()")
        contexte.close()


@pytest.mark.navigateur
@pytest.mark.construction
def test_releve_reprise_apres_le_rechargement_de_secours(chromium: Any, site_construit: Path, site_publie: Path,
                                                          tmp_path: Path) -> None:
    """Quand la relève tarde (Chromium attend que l'ancienne version n'ait plus rien en cours), la page
    se recharge au bout de dix essais : la demande du lecteur tient après ce rechargement. La page dit
    que la nouvelle version s'installe et continue de la demander, sans nouveau clic ; une demande trop
    ancienne ne vaut plus.

    Les demandes (« activer ») sont comptées et retenues dans la page : la version en attente ne prend
    jamais la main, et l'avis reste lisible. Le passage effectif à la nouvelle version après « Recharger »
    est suivi par test_mise_a_jour_entre_deux_constructions. (Chromium peut tarder plus d'une minute à
    passer la main après un rechargement, même sans rien en cours dans la page : vu le 4 décembre, une
    fois sur deux dans ce scénario, cause non trouvée ; d'où ce que teste celui-ci.)"""
    from playwright.sync_api import expect

    servi = tmp_path / "servi"
    shutil.copytree(site_construit, servi)
    with en_arriere_plan(servi) as base:
        contexte = chromium.new_context(locale="fr-FR")
        contexte.set_default_timeout(60_000)
        contexte.add_init_script(_RETENIR_LES_DEMANDES)
        page = contexte.new_page()
        page.goto(base + "/a-propos/")  # une page sans Python : le service worker s'inscrit au repos
        page.wait_for_function("() => navigator.serviceWorker && navigator.serviceWorker.controller", timeout=60_000)
        shutil.rmtree(servi)
        shutil.copytree(site_publie, servi, copy_function=shutil.copy)  # à cette heure-ci, comme plus haut
        page.evaluate("async () => (await navigator.serviceWorker.getRegistration()).update()")
        statut = page.locator(".jdr-nouvelle-version [role=status]")
        expect(statut).to_have_text("Une nouvelle version des règles est disponible.")
        # Une demande notée il y a plus de 330 s (l'attente maximale de Chromium) ne vaut plus : la
        # version en attente attend l'accord du lecteur (annoncerVersion écrit l'avis et demande d'un coup).
        page.evaluate("() => sessionStorage.setItem('jdr-releve-demandee', String(Date.now() - 400000))")
        page.reload()
        expect(statut).to_have_text("Une nouvelle version des règles est disponible.")
        assert page.evaluate("() => window.essaiDemandes") == 0
        expect(page.get_by_role("button", name="Recharger")).to_be_enabled()
        # Ce que laisse le rechargement de secours de relever() : la demande notée pour l'onglet.
        page.evaluate("() => sessionStorage.setItem('jdr-releve-demandee', String(Date.now()))")
        page.reload()
        expect(statut).to_have_text("La nouvelle version des règles s'installe\u00a0: "
                                    "la page se rechargera d'elle-même.")
        expect(page.get_by_role("button", name="Recharger")).to_be_disabled()
        page.wait_for_function("() => window.essaiDemandes >= 2", polling=200)  # redemandée chaque seconde
        assert page.evaluate(_CANONIQUE).startswith("http://127.0.0.1:8000/"), "aucun rechargement de plus"
        assert page.evaluate("() => sessionStorage.getItem('jdr-releve-demandee')")
        contexte.close()


#: Compte les demandes de relève de la page (window.essaiDemandes) au lieu de les envoyer.
_RETENIR_LES_DEMANDES = """window.essaiDemandes = 0;
const envoyer = ServiceWorker.prototype.postMessage;
ServiceWorker.prototype.postMessage = function (message, ...reste) {
  if (message && message.type === "activer") {
    window.essaiDemandes++;
    return undefined;
  }
  return envoyer.call(this, message, ...reste);
};"""


#: L'état des versions du service worker, pour le message d'un échec.
_VERSIONS = """async () => {
    const r = await navigator.serviceWorker.getRegistration();
    const etat = (w) => w ? w.state + " " + new URL(w.scriptURL).pathname : "aucune";
    return {attente: etat(r && r.waiting), installation: etat(r && r.installing), active: etat(r && r.active),
            controleur: etat(navigator.serviceWorker.controller), avis: document.querySelector(".jdr-nouvelle-version")
            ?.innerText || "", canonique: document.querySelector('link[rel="canonical"]')?.href || ""};
}"""


class TestCompression:
    """Les deux niveaux de compression : le site publié au plus fort, le serveur local vite."""

    def test_niveaux_et_cache(self, tmp_path: Path) -> None:
        import brotli

        from site_plugins.runtime import compresser

        donnees = b"".join(f.read_bytes() for f in sorted((RACINE / "jdr_core").rglob("*.py")))
        tailles = {}
        for niveau in ("rapide", "maximale"):
            fichier = tmp_path / niveau / "page.html"
            fichier.parent.mkdir()
            fichier.write_bytes(donnees)
            compresser(fichier, tmp_path / "cache", niveau)
            compresse = fichier.with_name("page.html.br").read_bytes()
            assert brotli.decompress(compresse) == donnees
            tailles[niveau] = len(compresse)
        assert tailles["maximale"] <= tailles["rapide"]
        assert len(list((tmp_path / "cache").glob("*.br"))) == 2, "un fichier de cache par niveau"
