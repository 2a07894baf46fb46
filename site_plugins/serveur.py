"""Un serveur statique pour le site construit : ``python -m site_plugins.serveur site``.

Ce qu'un hébergeur bien réglé fait aussi, en bibliothèque standard :

* il sert les versions précompressées (``.br`` puis ``.gz``) que le navigateur accepte,
  en lisant les poids de ``Accept-Encoding`` (``br;q=0`` : jamais de Brotli) ;
* il répond aux requêtes ``Range`` (206, ou 416 hors du fichier) sur le fichier non
  compressé, ce qui permet de reprendre un téléchargement interrompu ;
* il donne le bon type MIME à ``.wasm`` et ``.mjs`` (sans ``application/wasm``,
  ``loadPyodide`` ne se termine jamais) ;
* il envoie les en-têtes de ``site_plugins.entetes`` (CSP, cache…), ceux-là mêmes que la
  construction écrit dans ``site/_headers`` ;
* il sert ``sitemap.xml`` à l'adresse où il écoute (``sitemap_a_l_adresse``) : la navigation
  instantanée de Material ne suit que les liens de ce plan, dont elle ne corrige que le protocole
  et l'hôte (pas le port). Un site construit pour ``127.0.0.1:8000`` et servi sur un autre port
  rechargeait ainsi chaque page, et Python avec elle ;
* il répond à une requête mal formée (400, 414, 505) sans trace Python, ne liste aucun
  dossier, et sert la page 404 du site, en français ;
* sous charge, il garde 128 connexions en file d'attente et ferme au bout de
  ``DELAI_INACTIF`` secondes une connexion qui n'envoie rien.
"""

from __future__ import annotations

import argparse
import email.utils
import functools
import html
import os
import re
import socket
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from http import HTTPStatus
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any, BinaryIO
from urllib.parse import urlsplit

from . import entetes

TYPES = {".wasm": "application/wasm", ".mjs": "text/javascript", ".js": "text/javascript",
         ".json": "application/json", ".zip": "application/zip", ".html": "text/html; charset=utf-8",
         ".css": "text/css; charset=utf-8", ".webmanifest": "application/manifest+json", ".png": "image/png"}
ENCODAGES = ((".br", "br"), (".gz", "gzip"))
#: Secondes de silence après lesquelles une connexion est fermée.
DELAI_INACTIF = 10.0
#: Connexions que le noyau garde en attente pendant que tous les fils travaillent.
FILE_ATTENTE = 128
_BLOC = 64 * 1024
_MESSAGES = {
    400: "La requête est mal formée.",
    404: "Cette adresse ne mène à aucune page.",
    414: "L'adresse demandée est trop longue.",
    416: "La plage d'octets demandée est hors du fichier.",
    431: "Les en-têtes de la requête sont trop longs.",
    501: "Cette méthode n'est pas prise en charge : seules GET et HEAD le sont.",
    505: "Cette version de HTTP n'est pas prise en charge.",
}


def choisir_encodage(accepte: str, disponibles: list[str]) -> str | None:
    """L'encodage de ``disponibles`` au plus fort poids dans ``Accept-Encoding`` (à poids
    égal, le premier de ``disponibles``) ; ``None`` si aucun n'a un poids positif."""
    poids: dict[str, float] = {}
    for morceau in accepte.split(","):
        nom, *parametres = (p.strip() for p in morceau.split(";"))
        q = 1.0
        for parametre in parametres:
            cle, _, valeur = parametre.partition("=")
            if cle.strip().lower() == "q":
                try:
                    q = float(valeur)
                except ValueError:
                    q = 0.0
        if nom:
            poids[nom.lower()] = q if 0.0 <= q <= 1.0 else 0.0
    meilleur: tuple[float, str] | None = None
    for nom in disponibles:
        q = poids.get(nom, poids.get("*", 0.0))
        if q > 0 and (meilleur is None or q > meilleur[0]):
            meilleur = (q, nom)
    return meilleur[1] if meilleur else None


def lire_plage(entete: str, taille: int) -> tuple[int, int] | bool | None:
    """Lit ``Range: bytes=…`` : ``(début, fin incluse)``, ``False`` si la plage tombe hors
    du fichier (416), ``None`` si l'en-tête est à ignorer (syntaxe inconnue, plusieurs plages)."""
    unite, _, plage = entete.partition("=")
    if unite.strip().lower() != "bytes" or "," in plage:
        return None
    debut_txt, tiret, fin_txt = plage.strip().partition("-")
    if not tiret or not (debut_txt + fin_txt).isascii() or not all(t.isdigit() for t in (debut_txt, fin_txt) if t):
        return None
    if len(debut_txt) > 18 or len(fin_txt) > 18:
        return False
    if not debut_txt:  # bytes=-N : les N derniers octets
        if not fin_txt or int(fin_txt) == 0 or taille == 0:
            return False
        return max(0, taille - int(fin_txt)), taille - 1
    debut = int(debut_txt)
    fin = min(int(fin_txt), taille - 1) if fin_txt else taille - 1
    if fin_txt and int(fin_txt) < debut:
        return None
    if debut >= taille:
        return False
    return debut, fin


_LOC = re.compile(rb"(<loc>\s*)https?://[^/<\s]+")


def sitemap_a_l_adresse(xml: bytes, origine: str) -> bytes:
    """Le plan du site dont chaque adresse commence par ``origine`` (« http://hote:port ») au lieu de
    l'origine de ``site_url`` ; le chemin reste (un site publié sous « /regles/ » y reste)."""
    return _LOC.sub(lambda m: m.group(1) + origine.encode("ascii"), xml)


class Gestionnaire(SimpleHTTPRequestHandler):
    encodages = ENCODAGES
    extensions_map = {**SimpleHTTPRequestHandler.extensions_map, **TYPES}  # noqa: RUF012  (attribut de la bibliothèque standard)
    regles: tuple[entetes.Regle, ...] = ()
    #: Le chemin sous lequel le site est servi (« /projet/ ») : rien n'existe en dehors,
    #: comme chez un hébergeur qui publie le site sous un sous-chemin.
    prefixe = "/"
    silencieux = True
    timeout = DELAI_INACTIF
    # Une ligne de requête illisible reçoit quand même une réponse HTTP complète
    # (avec « HTTP/0.9 », la bibliothèque standard n'enverrait que le corps).
    default_request_version = "HTTP/1.0"

    def version_string(self) -> str:
        return "ReglesVivantes"

    def log_message(self, format: str, *args: Any) -> None:
        if not self.silencieux:
            super().log_message(format, *args)

    # En-têtes communs : ceux de site_plugins.entetes, le cache par défaut, Vary.
    def _entetes_site(self, adresse: str) -> None:
        recus = entetes.pour(self.regles, adresse)
        for nom, valeur in recus:
            self.send_header(nom, valeur)
        if not any(nom.lower() == "cache-control" for nom, _ in recus):
            self.send_header("Cache-Control", entetes.CACHE_DEFAUT)
        self.send_header("Vary", "Accept-Encoding")

    def send_error(self, code: int, message: str | None = None, explain: str | None = None) -> None:
        """Toute erreur : une page en français (celle du site pour 404), jamais de trace."""
        if code == HTTPStatus.REQUEST_URI_TOO_LONG:
            self._vider_ligne()
        corps: bytes | None = None
        page = Path(self.directory) / "404.html"
        if code == HTTPStatus.NOT_FOUND and page.is_file():
            corps = page.read_bytes()
        if corps is None:
            texte = _MESSAGES.get(code, "La requête n'a pas abouti.")
            corps = (f'<!doctype html>\n<html lang="fr"><meta charset="utf-8"><title>Erreur {code}</title>'
                     f"<p>Erreur {code} : {html.escape(texte)}</p></html>\n").encode()
        self.close_connection = True
        self.send_response(code)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(corps)))
        self.send_header("Connection", "close")
        adresse = urlsplit(getattr(self, "path", "") or "/").path if self.command else "/"
        self._entetes_site(adresse if adresse.startswith("/") else "/")
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(corps)

    def _vider_ligne(self) -> None:
        """Lit (jusqu'à 1 Mo) le reste d'une ligne trop longue, pour que le client reçoive
        la réponse 414 au lieu d'une connexion coupée."""
        ligne: bytes = getattr(self, "raw_requestline", b"\n")
        with suppress(OSError):
            reste = 1 << 20
            while reste > 0 and ligne and not ligne.endswith(b"\n"):
                ligne = self.rfile.readline(min(reste, _BLOC))
                reste -= len(ligne)

    def list_directory(self, path: str | os.PathLike[str]) -> None:
        """Aucune liste de dossier : un dossier sans index.html n'existe pas pour le lecteur."""
        self.send_error(HTTPStatus.NOT_FOUND)

    def _trouver(self, adresse: str) -> Path | str | None:
        """Le fichier visé, l'adresse où rediriger (dossier sans « / » final) ou None."""
        racine = Path(self.directory).resolve()
        try:
            chemin = Path(self.translate_path(adresse))
            if chemin.resolve() == racine / entetes.NOM_FICHIER:
                return None
            if chemin.is_dir():
                chemin = chemin / "index.html"
                if chemin.is_file() and not adresse.endswith("/"):
                    return adresse + "/"
            if not chemin.is_file() or not chemin.resolve().is_relative_to(racine):
                return None
        except (OSError, ValueError):  # nom trop long, octet nul, caractères illisibles
            return None
        return chemin

    def do_GET(self) -> None:
        self._servir(corps=True)

    def do_HEAD(self) -> None:
        self._servir(corps=False)

    def _servir(self, *, corps: bool) -> None:
        morceaux = urlsplit(self.path)
        adresse = morceaux.path
        if adresse + "/" == self.prefixe:
            trouve: Path | str | None = self.prefixe
        elif adresse.startswith(self.prefixe):
            # Dans le site, l'adresse est relative à sa racine (règles d'en-têtes comprises).
            adresse = "/" + adresse[len(self.prefixe):]
            trouve = self._trouver(adresse)
            if isinstance(trouve, str):
                trouve = self.prefixe + trouve[1:]
        else:
            trouve = None
        if trouve is None:
            self.send_error(HTTPStatus.NOT_FOUND)
            return
        if isinstance(trouve, str):
            self.send_response(HTTPStatus.MOVED_PERMANENTLY)
            self.send_header("Location", trouve + (f"?{morceaux.query}" if morceaux.query else ""))
            self.send_header("Content-Length", "0")
            self._entetes_site(adresse)
            self.end_headers()
            return
        fichier = trouve
        type_ = self.guess_type(str(fichier))
        if fichier.name == "sitemap.xml" and self._servir_sitemap(fichier, adresse, corps=corps):
            return
        plage_demandee = self.headers.get("Range")
        # Une plage porte sur le fichier non compressé : on ne choisit un encodage que sans elle.
        encodage = None
        if plage_demandee is None:
            presents = [nom for suffixe, nom in self.encodages if fichier.with_name(fichier.name + suffixe).is_file()]
            encodage = choisir_encodage(self.headers.get("Accept-Encoding", ""), presents)
        if encodage is not None:
            suffixe = next(s for s, nom in self.encodages if nom == encodage)
            fichier = fichier.with_name(fichier.name + suffixe)
        try:
            flux: BinaryIO = fichier.open("rb")
        except OSError:
            self.send_error(HTTPStatus.NOT_FOUND)
            return
        with flux:
            etat = os.fstat(flux.fileno())
            taille = etat.st_size
            modifie = email.utils.formatdate(etat.st_mtime, usegmt=True)
            etiquette = f'"{etat.st_mtime_ns:x}-{taille:x}{"-" + encodage if encodage else ""}"'
            if self._inchange(etiquette, etat.st_mtime):
                self.send_response(HTTPStatus.NOT_MODIFIED)
                self.send_header("ETag", etiquette)
                self._entetes_site(adresse)
                self.end_headers()
                return
            plage: tuple[int, int] | bool | None = None
            si_plage = self.headers.get("If-Range")
            if plage_demandee is not None and (si_plage is None or si_plage.strip() in (etiquette, modifie)):
                plage = lire_plage(plage_demandee, taille)
            if plage is False:
                self.send_response(HTTPStatus.REQUESTED_RANGE_NOT_SATISFIABLE)
                self.send_header("Content-Range", f"bytes */{taille}")
                self.send_header("Content-Length", "0")
                self.send_header("Accept-Ranges", "bytes")
                self._entetes_site(adresse)
                self.end_headers()
                return
            debut, fin = plage if isinstance(plage, tuple) else (0, taille - 1)
            self.send_response(HTTPStatus.PARTIAL_CONTENT if isinstance(plage, tuple) else HTTPStatus.OK)
            self.send_header("Content-Type", type_)
            self.send_header("Content-Length", str(fin - debut + 1))
            if isinstance(plage, tuple):
                self.send_header("Content-Range", f"bytes {debut}-{fin}/{taille}")
            if encodage:
                self.send_header("Content-Encoding", encodage)
            self.send_header("Accept-Ranges", "bytes")
            self.send_header("Last-Modified", modifie)
            self.send_header("ETag", etiquette)
            self._entetes_site(adresse)
            self.end_headers()
            if corps:
                self._copier(flux, debut, fin - debut + 1)

    def _servir_sitemap(self, fichier: Path, adresse: str, *, corps: bool) -> bool:
        """Le plan du site récrit pour l'hôte de la requête (en-tête Host) ; faux sans Host lisible."""
        hote = (self.headers.get("Host") or "").strip()
        if not re.fullmatch(r"[A-Za-z0-9.\-]+(:\d{1,5})?|\[[0-9A-Fa-f:.]+\](:\d{1,5})?", hote):
            return False
        try:
            contenu = sitemap_a_l_adresse(fichier.read_bytes(), f"http://{hote}")
        except OSError:
            return False
        self.send_response(HTTPStatus.OK)
        self.send_header("Content-Type", "application/xml; charset=utf-8")
        self.send_header("Content-Length", str(len(contenu)))
        self._entetes_site(adresse)
        self.end_headers()
        if corps:
            self.wfile.write(contenu)
        return True

    def _inchange(self, etiquette: str, mtime: float) -> bool:
        """Vrai si la copie du navigateur est à jour (If-None-Match, sinon If-Modified-Since)."""
        si_aucune = self.headers.get("If-None-Match")
        if si_aucune is not None:
            return etiquette in (e.strip() for e in si_aucune.split(",")) or si_aucune.strip() == "*"
        depuis = self.headers.get("If-Modified-Since")
        if depuis is None:
            return False
        try:
            date = email.utils.parsedate_to_datetime(depuis)
        except (TypeError, ValueError, IndexError, OverflowError):
            return False
        return date.tzinfo is not None and int(mtime) <= date.timestamp()

    def _copier(self, flux: BinaryIO, debut: int, longueur: int) -> None:
        """Envoie ``longueur`` octets depuis ``debut`` ; un lecteur parti en route n'est pas une erreur."""
        flux.seek(debut)
        try:
            while longueur > 0:
                bloc = flux.read(min(_BLOC, longueur))
                if not bloc:
                    break
                self.wfile.write(bloc)
                longueur -= len(bloc)
        except (ConnectionError, TimeoutError):
            self.close_connection = True


class Serveur(ThreadingHTTPServer):
    request_queue_size = FILE_ATTENTE

    def handle_error(self, request: socket.socket | tuple[bytes, socket.socket], client_address: Any) -> None:
        # Un client qui coupe la connexion n'est pas une panne du serveur : pas de trace.
        if isinstance(sys.exc_info()[1], (ConnectionError, TimeoutError)):
            return
        super().handle_error(request, client_address)


def creer(
    dossier: Path,
    hote: str = "127.0.0.1",
    port: int = 0,
    encodages: tuple[tuple[str, str], ...] = ENCODAGES,
    delai: float = DELAI_INACTIF,
    regles: tuple[entetes.Regle, ...] | None = None,
    prefixe: str = "/",
) -> ThreadingHTTPServer:
    """Un serveur (pas encore démarré) pour le site construit dans ``dossier``, avec les
    en-têtes de :func:`entetes.regles` (``regles`` : d'autres, pour une expérience),
    servi sous ``prefixe`` (« /projet/ » : le site publié sous un sous-chemin)."""
    if regles is None:
        regles = entetes.regles(Path(dossier))
    prefixe = entetes.normaliser_prefixe(prefixe)
    attributs = {"encodages": encodages, "regles": regles, "timeout": delai, "prefixe": prefixe}
    classe = type("GestionnaireSite", (Gestionnaire,), attributs)
    return Serveur((hote, port), functools.partial(classe, directory=str(Path(dossier).resolve())))


@contextmanager
def en_arriere_plan(
    dossier: Path,
    encodages: tuple[tuple[str, str], ...] = ENCODAGES,
    delai: float = DELAI_INACTIF,
    regles: tuple[entetes.Regle, ...] | None = None,
    prefixe: str = "/",
    hote: str = "127.0.0.1",
) -> Iterator[str]:
    """Sert ``dossier`` sur un port libre le temps d'un bloc ; rend l'adresse de base
    (sans le ``prefixe``). ``hote`` : une adresse de la machine sur le réseau local sert le site
    comme un MJ le partage avec les téléphones de sa table (http hors localhost : ni Web Locks ni
    service worker, un contexte non sûr)."""
    with en_fond(creer(dossier, hote, encodages=encodages, delai=delai, regles=regles, prefixe=prefixe)) as adresse:
        yield adresse


@contextmanager
def en_fond(httpd: ThreadingHTTPServer) -> Iterator[str]:
    """Fait tourner ``httpd`` dans un fil le temps d'un bloc ; rend son adresse (http://hôte:port)."""
    fil = threading.Thread(target=httpd.serve_forever, daemon=True)
    fil.start()
    try:
        hote, port = httpd.server_address[:2]
        yield f"http://{hote!s}:{port}"
    finally:
        httpd.shutdown()
        httpd.server_close()


def main() -> None:
    parser = argparse.ArgumentParser(description="Sert le site construit, fichiers compressés compris.")
    parser.add_argument("dossier", nargs="?", default="site")
    parser.add_argument("--hote", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--prefixe", default="/", help="servir le site sous ce chemin (« /projet/ »), comme publié")
    args = parser.parse_args()
    Gestionnaire.silencieux = False
    httpd = creer(Path(args.dossier), args.hote, args.port, prefixe=args.prefixe)
    base = entetes.normaliser_prefixe(args.prefixe)
    print(f"Règles vivantes : http://{args.hote}:{args.port}{base} (Ctrl+C pour arrêter)")
    with suppress(KeyboardInterrupt):
        httpd.serve_forever()


if __name__ == "__main__":
    main()
