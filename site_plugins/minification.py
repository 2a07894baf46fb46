"""Minification de nos scripts et de nos styles à la construction.

Les sources de ``site_plugins/assets`` restent lisibles et commentées ; le site construit
sert des copies réduites par esbuild (épinglé dans ``package.json``, installé par
``npm ci``, jamais copié dans le site). Au banc (``nox -s bench``), cela retire environ
3 ko compressés avant la première interaction et 4 ko de plus au premier clic.

Les noms exportés des modules sont gardés (les tests et les autres modules les importent) ;
les caractères accentués restent tels quels (``--charset=utf8``). Un cache par contenu
évite de relancer esbuild sur un fichier inchangé.
"""

from __future__ import annotations

import hashlib
import shutil
import subprocess
from pathlib import Path

from .runtime import ErreurRuntime

#: Extension → chargeur d'esbuild.
CHARGEURS = {".js": "js", ".mjs": "js", ".css": "css"}
#: Au-delà, esbuild est considéré bloqué (il réduit un fichier en quelques millisecondes).
DELAI_S = 60


def esbuild(node_modules: Path) -> list[str]:
    """La commande qui lance l'esbuild épinglé, ou une erreur claire s'il manque.

    ``esbuild/bin/esbuild`` est soit le binaire natif (déposé par son script
    d'installation), soit un petit script Node qui le retrouve (scripts d'installation
    désactivés) : le premier se lance tel quel, le second par node."""
    script = node_modules / "esbuild" / "bin" / "esbuild"
    if not script.is_file():
        raise ErreurRuntime(f"esbuild introuvable dans {node_modules} : lancez « npm ci » à la racine du projet")
    with script.open("rb") as f:
        natif = f.read(4) == b"\x7fELF"
    if natif:
        return [str(script)]
    node = shutil.which("node")
    if node is None:
        raise ErreurRuntime("Node.js (20 ou plus) est requis pour minifier les scripts du site")
    return [node, str(script)]


def _version(commande: list[str]) -> str:
    sortie = subprocess.run([*commande, "--version"], capture_output=True, text=True, timeout=DELAI_S, check=False)
    return sortie.stdout.strip() or "?"


def minifier(fichiers: list[Path], commande: list[str], cache: Path) -> int:
    """Remplace chaque fichier par sa version réduite ; rend le nombre d'octets gagnés."""
    version = _version(commande)
    gagne = 0
    for fichier in fichiers:
        chargeur = CHARGEURS.get(fichier.suffix)
        if chargeur is None:
            continue
        donnees = fichier.read_bytes()
        cle = hashlib.sha256(version.encode() + b"\0" + chargeur.encode() + b"\0" + donnees).hexdigest()[:24]
        en_cache = cache / f"{cle}{fichier.suffix}"
        if not en_cache.exists():
            commande_fichier = [*commande, f"--loader={chargeur}", "--minify", "--charset=utf8",
                                "--legal-comments=none", "--log-level=error"]
            try:
                sortie = subprocess.run(commande_fichier, input=donnees, capture_output=True, timeout=DELAI_S,
                                        check=False)
            except subprocess.TimeoutExpired as erreur:
                raise ErreurRuntime(f"esbuild n'a pas fini de réduire {fichier.name} en {DELAI_S} s") from erreur
            if sortie.returncode != 0 or not sortie.stdout:
                detail = sortie.stderr.decode("utf-8", "replace").strip()[:500]
                raise ErreurRuntime(f"esbuild refuse {fichier.name} : {detail}")
            cache.mkdir(parents=True, exist_ok=True)
            en_cache.write_bytes(sortie.stdout)
        reduit = en_cache.read_bytes()
        gagne += len(donnees) - len(reduit)
        fichier.write_bytes(reduit)
    return gagne
