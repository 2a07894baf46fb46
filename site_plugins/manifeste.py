"""Le manifeste d'application web et ses icônes : le site s'installe sur un téléphone.

« Ajouter à l'écran d'accueil » lit ``manifest.webmanifest`` (nom, page de départ,
couleurs, icônes) ; le service worker garde ces fichiers avec le reste du site, si
bien que l'application installée s'ouvre hors ligne.

Les icônes sont dessinées ici, en Python pur (un dé à cinq points sur le violet du
thème), et écrites en PNG à la construction : aucun fichier binaire dans le dépôt,
aucune bibliothèque d'images. Elles sont « maskable » : le dé tient dans le cercle
central de 80 % que les lanceurs d'Android gardent quand ils découpent l'icône.

Les adresses du manifeste sont relatives à lui-même (``./``) : il vaut pour le site
publié à la racine d'un domaine comme sous un chemin (``https://hote/projet/``).
"""

from __future__ import annotations

import json
import struct
import zlib
from pathlib import Path
from typing import Any

NOM_FICHIER = "manifest.webmanifest"
#: Tailles des icônes (pixels) : 192 pour l'écran d'accueil, 512 pour l'écran de lancement.
TAILLES = (192, 512)
#: Violet du thème Material « deep purple » (--md-primary-fg-color) et fond des pages.
COULEUR_THEME = "#7e56c2"
COULEUR_FOND = "#ffffff"
_VIOLET = (0x7E, 0x56, 0xC2)
_BLANC = (0xFF, 0xFF, 0xFF)
_POINT = (0x4A, 0x2C, 0x86)


def nom_icone(taille: int) -> str:
    return f"assets/jdr/icone-{taille}.png"


def png(largeur: int, hauteur: int, lignes: list[bytes]) -> bytes:
    """Un PNG RVB 8 bits à partir de ses lignes de pixels (3 octets par pixel)."""

    def bloc(nature: bytes, donnees: bytes) -> bytes:
        return struct.pack(">I", len(donnees)) + nature + donnees + struct.pack(">I", zlib.crc32(nature + donnees))

    brut = b"".join(b"\0" + ligne for ligne in lignes)  # filtre 0 (aucun) sur chaque ligne
    entete = struct.pack(">IIBBBBB", largeur, hauteur, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + bloc(b"IHDR", entete) + bloc(b"IDAT", zlib.compress(brut, 9)) + bloc(b"IEND", b"")


def icone(taille: int) -> bytes:
    """L'icône carrée de ``taille`` pixels : fond violet plein, dé blanc aux coins arrondis, cinq points."""
    cote = taille * 0.5  # le dé : 50 % du côté, donc dans le cercle sûr de 80 %
    debut = (taille - cote) / 2
    rayon_coin = cote * 0.18
    rayon_point = cote * 0.09
    centres = [(0.27, 0.27), (0.73, 0.27), (0.5, 0.5), (0.27, 0.73), (0.73, 0.73)]
    points = [(debut + x * cote, debut + y * cote) for x, y in centres]

    def couleur(px: float, py: float) -> tuple[int, int, int]:
        dx = max(debut + rayon_coin - px, 0.0, px - (debut + cote - rayon_coin))
        dy = max(debut + rayon_coin - py, 0.0, py - (debut + cote - rayon_coin))
        dans_de = debut <= px <= debut + cote and debut <= py <= debut + cote and dx * dx + dy * dy <= rayon_coin**2
        if not dans_de:
            return _VIOLET
        if any((px - cx) ** 2 + (py - cy) ** 2 <= rayon_point**2 for cx, cy in points):
            return _POINT
        return _BLANC

    lignes = []
    for y in range(taille):
        ligne = bytearray()
        for x in range(taille):
            ligne.extend(couleur(x + 0.5, y + 0.5))
        lignes.append(bytes(ligne))
    return png(taille, taille, lignes)


def manifeste(nom: str, description: str) -> dict[str, Any]:
    """Le contenu du manifeste, en français ; adresses relatives au manifeste lui-même."""
    return {
        "name": nom,
        "short_name": "Règles",
        "description": description,
        "lang": "fr",
        "dir": "ltr",
        "id": "./",
        "start_url": "./",
        "scope": "./",
        "display": "standalone",
        "theme_color": COULEUR_THEME,
        "background_color": COULEUR_FOND,
        "icons": [
            {"src": nom_icone(t), "sizes": f"{t}x{t}", "type": "image/png", "purpose": "any maskable"}
            for t in TAILLES
        ],
    }


def ecrire(site: Path, cache: Path, nom: str, description: str) -> None:
    """Écrit le manifeste et ses icônes dans ``site`` (icônes gardées dans ``cache``)."""
    for taille in TAILLES:
        en_cache = cache / f"icone-{taille}-v1.png"
        if not en_cache.is_file():
            cache.mkdir(parents=True, exist_ok=True)
            en_cache.write_bytes(icone(taille))
        cible = site / nom_icone(taille)
        cible.parent.mkdir(parents=True, exist_ok=True)
        cible.write_bytes(en_cache.read_bytes())
    texte = json.dumps(manifeste(nom, description), ensure_ascii=False, indent=1)
    (site / NOM_FICHIER).write_text(texte + "\n", encoding="utf-8")


def liens(vers_racine: str) -> str:
    """Ce que chaque page porte dans son en-tête : le manifeste, la couleur de la barre, l'icône iOS."""
    return (
        f'<link rel="manifest" href="{vers_racine}{NOM_FICHIER}">'
        f'<meta name="theme-color" content="{COULEUR_THEME}">'
        f'<link rel="apple-touch-icon" href="{vers_racine}{nom_icone(192)}">'
    )
