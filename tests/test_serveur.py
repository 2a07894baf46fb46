"""Le serveur local (``nox -s serve``) : requêtes hostiles, en-têtes, encodages, plages, charge.

Les requêtes partent d'une socket brute, pour envoyer ce qu'aucun client poli n'enverrait,
vers un petit site de test ; les en-têtes et la CSP sont vérifiés sur le site construit, puis
dans Chromium, page par page, Python compris (tests/navigateur/test_csp.py).
"""

from __future__ import annotations

import base64
import gzip
import hashlib
import re
import socket
import time
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urlsplit

import pytest

from site_plugins import entetes
from site_plugins.serveur import creer, en_arriere_plan, sitemap_a_l_adresse

PAGE_404 = "<!doctype html><html lang=fr><title>Page introuvable</title><h1>Page introuvable</h1></html>\n"
CONTENU = bytes(range(256)) * 40  # 10 240 octets, tous différents d'un voisin à l'autre
SCRIPT_EN_LIGNE = "window.essai = 1;"
PLAN = ('<?xml version="1.0" encoding="UTF-8"?>\n<urlset><url><loc>http://127.0.0.1:8000/</loc></url>'
        "<url><loc>https://exemple.org/regles/d10/</loc></url></urlset>\n")


@pytest.fixture(scope="module")
def petit_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Un site minuscule : une page, la page 404, un fichier et ses versions compressées,
    un dossier sans index."""
    site = tmp_path_factory.mktemp("petit") / "site"
    (site / "sous").mkdir(parents=True)
    (site / "sous" / "fichier.txt").write_text("rien", encoding="utf-8")
    (site / "index.html").write_text(
        f'<!doctype html><html lang="fr"><script>{SCRIPT_EN_LIGNE}</script>'
        '<script type="application/json">{"donnee": 1}</script><script src="a.js"></script></html>',
        encoding="utf-8")
    (site / "404.html").write_text(PAGE_404, encoding="utf-8")
    (site / "donnees.bin").write_bytes(CONTENU)
    (site / "donnees.bin.gz").write_bytes(gzip.compress(CONTENU))
    (site / "donnees.bin.br").write_bytes(b"faux brotli")  # seul compte l'encodage annoncé
    (site / "sitemap.xml").write_text(PLAN, encoding="utf-8")
    (site / "sitemap.xml.gz").write_bytes(gzip.compress(PLAN.encode()))
    (site / "pyodide" / "0.0.1").mkdir(parents=True)
    (site / "pyodide" / "0.0.1" / "p.js").write_text("1;", encoding="utf-8")
    entetes.ecrire(site)
    return site


@pytest.fixture(scope="module")
def adresse(petit_site: Path) -> Iterator[tuple[str, int]]:
    with en_arriere_plan(petit_site) as url:
        hote, port = urlsplit(url).netloc.split(":")
        yield hote, int(port)


class Reponse:
    def __init__(self, brut: bytes) -> None:
        tete, _, self.corps = brut.partition(b"\r\n\r\n")
        lignes = tete.decode("latin-1").split("\r\n")
        self.ligne = lignes[0]
        self.statut = int(lignes[0].split()[1]) if re.match(r"HTTP/1\.[01] \d{3}", lignes[0]) else 0
        self.entetes = {n.strip().lower(): v.strip() for n, _, v in (ligne.partition(":") for ligne in lignes[1:])}


def envoyer(adresse: tuple[str, int], requete: bytes, limite: float = 10) -> Reponse:
    """Envoie ``requete`` telle quelle et lit la réponse jusqu'à la fermeture."""
    with socket.create_connection(adresse, timeout=limite) as s:
        s.sendall(requete)
        recu = b""
        while morceau := s.recv(65536):
            recu += morceau
    return Reponse(recu)


def get(adresse: tuple[str, int], chemin: str, **entetes_: str) -> Reponse:
    lignes = "".join(f"{nom.replace('_', '-')}: {valeur}\r\n" for nom, valeur in entetes_.items())
    return envoyer(adresse, f"GET {chemin} HTTP/1.1\r\nHost: x\r\n{lignes}\r\n".encode())


class TestPlanDuSite:
    """sitemap.xml à l'adresse servie : la navigation instantanée de Material ne corrige que le protocole
    et l'hôte des adresses du plan ; au port près, elle rechargeait chaque page (et Python)."""

    def test_origine_remplacee_chemin_garde(self) -> None:
        assert sitemap_a_l_adresse(PLAN.encode(), "http://10.0.0.5:8791") == PLAN.replace(
            "http://127.0.0.1:8000/", "http://10.0.0.5:8791/").replace(
            "https://exemple.org/regles/", "http://10.0.0.5:8791/regles/").encode()

    def test_servi_pour_l_hote_de_la_requete(self, adresse: tuple[str, int]) -> None:
        r = envoyer(adresse, b"GET /sitemap.xml HTTP/1.1\r\nHost: 192.168.1.20:8791\r\n"
                             b"Accept-Encoding: gzip\r\n\r\n")
        assert r.statut == 200
        assert "content-encoding" not in r.entetes  # le .gz tiendrait encore l'ancienne adresse
        assert r.entetes["content-type"].startswith("application/xml")
        assert re.findall(rb"<loc>([^<]+)</loc>", r.corps) == [
            b"http://192.168.1.20:8791/", b"http://192.168.1.20:8791/regles/d10/"]
        assert int(r.entetes["content-length"]) == len(r.corps)

    @pytest.mark.parametrize("hote", ["", "<script>", "a b", "x:99999999"])
    def test_hote_illisible_plan_tel_quel(self, adresse: tuple[str, int], hote: str) -> None:
        r = envoyer(adresse, f"GET /sitemap.xml HTTP/1.1\r\nHost: {hote}\r\n\r\n".encode())
        assert r.statut == 200
        assert r.corps == PLAN.encode()

    def test_head_sans_corps(self, adresse: tuple[str, int]) -> None:
        r = envoyer(adresse, b"HEAD /sitemap.xml HTTP/1.1\r\nHost: h:1\r\n\r\n")
        assert r.statut == 200 and r.corps == b""


class TestRequetesMalFormees:
    """Toute requête reçoit une réponse HTTP complète, et le journal ne montre aucune trace Python."""

    @pytest.mark.parametrize(("requete", "statut"), [
        (b"GET / HTTP/9.9\r\n\r\n", 505),
        (b"\x01\x02\xff n'importe quoi\r\n\r\n", 400),
        (b"GARBAGE\r\n\r\n", 400),
        (b"GET /" + b"a" * 70_000 + b" HTTP/1.1\r\n\r\n", 414),
        (b"GET /" + b"a" * 300 + b" HTTP/1.1\r\n\r\n", 404),
        (b"GET /index%00.html HTTP/1.1\r\n\r\n", 404),
        (b"GET /%ff%fe HTTP/1.1\r\n\r\n", 404),
        (b"GET /../../../../etc/passwd HTTP/1.1\r\n\r\n", 404),
        (b"GET /%2e%2e/%2e%2e/%2e%2e/etc/passwd HTTP/1.1\r\n\r\n", 404),
        (b"DELETE / HTTP/1.1\r\n\r\n", 501),
    ])
    def test_reponse_sans_trace(self, adresse: tuple[str, int], capfd: pytest.CaptureFixture[str],
                                requete: bytes, statut: int) -> None:
        reponse = envoyer(adresse, requete)
        assert reponse.statut == statut, reponse.ligne
        assert int(reponse.entetes["content-length"]) == len(reponse.corps)
        assert "content-security-policy" in reponse.entetes
        assert b"root:" not in reponse.corps
        if statut == 404:
            assert reponse.corps.decode() == PAGE_404
        else:
            assert f"Erreur {statut}".encode() in reponse.corps
        time.sleep(0.05)
        assert "Traceback" not in capfd.readouterr().err


class TestDossiersEt404:
    """Pas de liste de dossier ; une adresse inconnue reçoit la page 404 du site."""

    @pytest.mark.parametrize("chemin", ["/sous/", "/sous", "/pyodide/", "/pyodide/0.0.1/"])
    def test_aucune_liste(self, adresse: tuple[str, int], chemin: str) -> None:
        reponse = get(adresse, chemin)
        assert reponse.statut == 404
        assert reponse.corps.decode() == PAGE_404
        assert b"fichier.txt" not in reponse.corps

    def test_page_404_du_site(self, adresse: tuple[str, int], tmp_path: Path) -> None:
        reponse = get(adresse, "/regles/inconnues/?q=1")
        assert reponse.statut == 404
        assert reponse.entetes["content-type"] == "text/html; charset=utf-8"
        assert reponse.corps.decode() == PAGE_404
        # Un dossier qui a sa page, demandé sans « / » final, est redirigé vers elle.
        (tmp_path / "a").mkdir()
        (tmp_path / "a" / "index.html").write_text("<p>a</p>", encoding="utf-8")
        with en_arriere_plan(tmp_path) as url:
            hote, port = urlsplit(url).netloc.split(":")
            redirige = get((hote, int(port)), "/a?x=1")
        assert (redirige.statut, redirige.entetes["location"]) == (301, "/a/?x=1")

    def test_fichier_des_entetes_pas_servi(self, adresse: tuple[str, int], petit_site: Path,
                                           monkeypatch: pytest.MonkeyPatch) -> None:
        assert get(adresse, "/_headers").statut == 404
        monkeypatch.chdir(petit_site.parent)  # comme « nox -s serve » : un dossier relatif, « site »
        with en_arriere_plan(Path(petit_site.name)) as url:
            hote, port = urlsplit(url).netloc.split(":")
            assert get((hote, int(port)), "/_headers").statut == 404
            assert get((hote, int(port)), "/donnees.bin").corps == CONTENU


class TestEntetes:
    """Une seule définition des en-têtes : site/_headers et le serveur disent la même chose."""

    def test_empreintes_des_scripts_executes_seulement(self, petit_site: Path) -> None:
        attendu = base64.b64encode(hashlib.sha256(SCRIPT_EN_LIGNE.encode()).digest()).decode()
        assert entetes.empreintes_scripts(petit_site) == [f"'sha256-{attendu}'"]

    def test_headers_relu_egal_aux_regles(self, petit_site: Path) -> None:
        assert entetes.lire((petit_site / "_headers").read_text(encoding="utf-8")) == entetes.regles(petit_site)

    def test_en_tetes_servis(self, adresse: tuple[str, int], petit_site: Path) -> None:
        ecrits = dict(entetes.lire((petit_site / "_headers").read_text(encoding="utf-8"))[0].entetes)
        reponse = get(adresse, "/")
        for nom, valeur in ecrits.items():
            assert reponse.entetes[nom.lower()] == valeur, nom
        csp = reponse.entetes["content-security-policy"]
        assert "frame-ancestors 'none'" in csp
        assert "worker-src 'self'" in csp
        assert "'unsafe-eval'" not in csp and "'unsafe-inline'" not in csp
        assert reponse.entetes["x-content-type-options"] == "nosniff"
        assert reponse.entetes["referrer-policy"] == "same-origin"
        assert reponse.entetes["cache-control"] == "no-cache"
        assert get(adresse, "/pyodide/0.0.1/p.js").entetes["cache-control"] == entetes.CACHE_LONG

    @pytest.mark.construction
    def test_site_construit(self, site_construit: Path, serveur: str) -> None:
        """Le vrai site : _headers écrit à la construction, avec les empreintes de Material."""
        regles = entetes.lire((site_construit / "_headers").read_text(encoding="utf-8"))
        assert regles == entetes.regles(site_construit)
        csp = dict(regles[0].entetes)["Content-Security-Policy"]
        assert re.search(r"script-src 'self' 'wasm-unsafe-eval' 'sha256-", csp)
        assert len(csp) <= 2000  # au-delà, Cloudflare Pages tronque la valeur d'un en-tête
        hote, port = urlsplit(serveur).netloc.split(":")
        assert get((hote, int(port)), "/troisd6/test/").entetes["content-security-policy"] == csp


class TestEncodage:
    """Accept-Encoding et ses poids : q=0 veut dire jamais."""

    POIDS = (
        ("br, gzip", "br"),
        ("br;q=0, gzip", "gzip"),
        ("gzip;q=0.5, br;q=0.8", "br"),
        ("gzip;q=0.9, br;q=0.2", "gzip"),
        ("br;q=0, gzip;q=0", None),
        ("BR;Q=0, *", "gzip"),
        ("*;q=0", None),
        ("identity", None),
        ("br;q=abc, gzip", "gzip"),
        ("", None),
    )

    def test_poids(self, adresse: tuple[str, int]) -> None:
        for accepte, attendu in self.POIDS:
            reponse = get(adresse, "/donnees.bin", Accept_Encoding=accepte)
            assert reponse.statut == 200
            assert (accepte, reponse.entetes.get("content-encoding")) == (accepte, attendu)
            assert reponse.entetes["vary"] == "Accept-Encoding"
            if attendu is None:
                assert reponse.corps == CONTENU
            elif attendu == "gzip":
                assert gzip.decompress(reponse.corps) == CONTENU


class TestPlages:
    """Range : reprendre un téléchargement là où il s'est arrêté."""

    def test_206(self, adresse: tuple[str, int]) -> None:
        reponse = get(adresse, "/donnees.bin", Range="bytes=10-19", Accept_Encoding="br, gzip")
        assert reponse.statut == 206
        assert reponse.entetes["content-range"] == f"bytes 10-19/{len(CONTENU)}"
        assert reponse.entetes["accept-ranges"] == "bytes"
        assert "content-encoding" not in reponse.entetes
        assert reponse.corps == CONTENU[10:20]
        # Une plage illisible, multiple ou à l'envers est ignorée : tout le fichier.
        for plage in ("bytes=0-1,5-6", "lignes=0-3", "bytes=5-2", "bytes=²-3"):
            reponse = get(adresse, "/donnees.bin", Range=plage)
            assert (plage, reponse.statut, reponse.corps) == (plage, 200, CONTENU)

    def test_reprise_redonne_le_fichier(self, adresse: tuple[str, int]) -> None:
        with socket.create_connection(adresse, timeout=10) as s:  # un téléchargement coupé en route
            s.sendall(b"GET /donnees.bin HTTP/1.1\r\nHost: x\r\n\r\n")
            debut = Reponse(s.recv(4096))
        premiere = get(adresse, "/donnees.bin")
        assert debut.entetes["etag"] == premiere.entetes["etag"]
        recu = debut.corps
        suite = get(adresse, "/donnees.bin", Range=f"bytes={len(recu)}-", If_Range=debut.entetes["etag"])
        assert suite.statut == 206
        assert recu + suite.corps == CONTENU
        # Le fichier a changé depuis (autre ETag) : tout le fichier, pas un morceau du nouveau.
        perime = get(adresse, "/donnees.bin", Range=f"bytes={len(recu)}-", If_Range='"ancienne"')
        assert (perime.statut, perime.corps) == (200, CONTENU)

    def test_derniers_octets(self, adresse: tuple[str, int]) -> None:
        reponse = get(adresse, "/donnees.bin", Range="bytes=-5")
        assert (reponse.statut, reponse.corps) == (206, CONTENU[-5:])

    @pytest.mark.parametrize("plage", [f"bytes={len(CONTENU)}-", "bytes=999999-1000000", "bytes=-0"])
    def test_416(self, adresse: tuple[str, int], plage: str) -> None:
        reponse = get(adresse, "/donnees.bin", Range=plage)
        assert reponse.statut == 416
        assert reponse.entetes["content-range"] == f"bytes */{len(CONTENU)}"
        assert reponse.corps == b""


class TestCharge:
    """Sous charge : file d'attente longue, connexions muettes fermées."""

    def test_connexion_muette_fermee(self, petit_site: Path) -> None:
        with en_arriere_plan(petit_site, delai=0.5) as url:
            hote, port = urlsplit(url).netloc.split(":")
            with socket.create_connection((hote, int(port)), timeout=5) as s:
                debut = time.monotonic()
                assert s.recv(1) == b""  # fermée par le serveur, sans attendre le délai du client
                assert time.monotonic() - debut < 4
            with socket.create_connection((hote, int(port)), timeout=5) as s:  # ligne commencée, jamais finie
                s.sendall(b"GET / HT")
                debut = time.monotonic()
                assert s.recv(1) == b""
                assert time.monotonic() - debut < 4

    def test_file_d_attente_de_60_connexions(self, petit_site: Path) -> None:
        """Serveur occupé (il n'accepte rien) : 60 connexions attendent quand même leur tour."""
        httpd = creer(petit_site)
        ouvertes: list[socket.socket] = []
        try:
            for _ in range(60):
                ouvertes.append(socket.create_connection(("127.0.0.1", httpd.server_address[1]), timeout=1))
        except TimeoutError:
            pass
        finally:
            for s in ouvertes:
                s.close()
            httpd.server_close()
        assert len(ouvertes) == 60
