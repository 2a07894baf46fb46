"""Publier le site : adresse publiée (SITE_URL), sous-chemin, en-têtes nginx, manifeste et icônes
(servi sous un sous-chemin et d'une version à l'autre, dans Chromium : tests/navigateur/test_publication.py)."""

from __future__ import annotations

import json
import re
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

from .conftest import ADRESSE_PUBLIEE as ADRESSE
from .conftest import RACINE, pages_construites


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
