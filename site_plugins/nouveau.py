"""Un nouveau système en une commande : ``nox -s nouveau -- <nom> "<Titre>"``.

Le générateur écrit un système complet et qui passe les tests, à remplacer règle par règle :

* ``jdr_core/<nom>/`` : ``systeme.py`` (la valeur ``SYSTEME`` que lit le registre), ``jet.py`` (une
  première règle : un d20 plus un modificateur contre une difficulté, son résultat et sa phrase),
  ``lanceurs.py`` (sa mécanique : paramètres, lignes de cotes déclarées par :mod:`jdr_core.issues`),
  ``tables.py`` (une table pour l'écran du MJ) ;
* ``tests/test_<nom>_<module>.py`` : un fichier de tests par module, nommé comme lui (``jet``,
  ``lanceurs``, ``tables``, ``systeme``), comme le veut ``tests/test_disposition.py`` ;
* ``docs/<nom>/`` : l'accueil du système et son encadré de portée, une page de règle (un exemple
  vérifié, un jet dans le texte, un lanceur) et l'écran du MJ ;
* une ligne dans ``SYSTEMES`` (``jdr_core/registre.py``) : le menu et l'accueil du site s'en tirent.

``nox -s nouveau -- --retirer <nom>`` défait tout cela (les deux dossiers, le fichier de tests et la
ligne du registre), et seulement pour un système que ce générateur a écrit.

Un nom refusé l'est en français, avant qu'aucun fichier soit écrit :

>>> verifier_nom("Mon-Jeu")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
site_plugins.nouveau.EchafaudageRefuse: nom « Mon-Jeu » refusé : des minuscules sans accent, des chiffres et « _ »...
>>> verifier_titre("Brume <script>")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
site_plugins.nouveau.EchafaudageRefuse: titre « Brume <script> » refusé : le caractère « < » n'est pas permis...
"""

from __future__ import annotations

import argparse
import keyword
import re
import shutil
import sys
from pathlib import Path
from string import Template

RACINE = Path(__file__).resolve().parent.parent

#: Un nom de système : celui du paquet Python, du dossier de docs/ et du préfixe de ses mécaniques.
NOM = re.compile(r"[a-z][a-z0-9_]{1,29}")
#: Ce qu'un titre peut contenir en plus des lettres, des chiffres et des espaces : il s'écrit dans
#: un titre de page, une cellule de tableau, une chaîne Python, une étiquette de menu.
PONCTUATION_PERMISE = "-'’+&,.:!?()"
TITRE_MAX = 60
#: Les noms que le site prend déjà à la racine du site construit (dossiers de la construction).
RESERVES = frozenset({"assets", "pyodide", "search", "auteurs", "site", "static", "tests"})
#: La marque que porte le systeme.py écrit ici : --retirer ne touche qu'à un système qui la porte.
MARQUE = "Écrit par nox -s nouveau"
#: Les fichiers partagés qui ne doivent nommer aucun système (tests/test_registre.py le vérifie).
PARTAGES = ("jdr_core/registre.py", "jdr_core/pont.py", "jdr_core/mecanique.py")
#: La liste déclarée des systèmes dans jdr_core/registre.py : une ligne par système.
_LISTE = re.compile(r"^SYSTEMES: tuple\[str, \.\.\.\] = \(\n(?P<lignes>(?:    \"[a-z0-9_]+\",\n)*)\)$", re.M)


class EchafaudageRefuse(ValueError):
    """Un nom, un titre ou un dépôt que le générateur refuse ; le message dit pourquoi, en français."""


# --- Vérifications -----------------------------------------------------------------


def verifier_nom(nom: str) -> None:
    """Un nom de paquet Python sûr, qui sert aussi d'adresse (``/<nom>/``) et de préfixe d'identifiants."""
    if not NOM.fullmatch(nom):
        raise EchafaudageRefuse(
            f"nom « {nom[:40]} » refusé : des minuscules sans accent, des chiffres et « _ », en commençant par "
            "une lettre (2 à 30 caractères), par exemple « brume » ou « d20 »")
    if keyword.iskeyword(nom) or keyword.issoftkeyword(nom) or nom in RESERVES:
        raise EchafaudageRefuse(f"nom « {nom} » refusé : c'est un mot réservé (de Python ou du site)")


def verifier_titre(titre: str) -> None:
    """Un titre lisible : lettres, chiffres, espaces simples et un peu de ponctuation, 60 caractères au plus."""
    for caractere in titre:
        if not (caractere.isalnum() or caractere == " " or caractere in PONCTUATION_PERMISE):
            montre = caractere if caractere.isprintable() else f"U+{ord(caractere):04X}"
            raise EchafaudageRefuse(
                f"titre « {_lisible(titre)} » refusé : le caractère « {montre} » n'est pas permis (lettres, "
                f"chiffres, espaces et {' '.join(PONCTUATION_PERMISE)} seulement)")
    if not 2 <= len(titre) <= TITRE_MAX or titre != titre.strip() or "  " in titre or not titre[0].isalnum():
        raise EchafaudageRefuse(
            f"titre « {_lisible(titre)} » refusé : de 2 à {TITRE_MAX} caractères, commençant par une lettre ou un "
            "chiffre, sans espace au bord ni espace double")


def _lisible(texte: str) -> str:
    """Un texte refusé tel qu'un message peut le citer : sur une ligne, sans caractère de contrôle, abrégé."""
    return "".join(c if c.isprintable() else "�" for c in texte[:TITRE_MAX])


def verifier_depot(racine: Path, nom: str, titre: str) -> None:
    """Le dépôt accueille ce système : rien n'y porte déjà ce nom, ni ce titre."""
    occupes = [racine / "jdr_core" / nom, racine / "jdr_core" / f"{nom}.py", racine / "docs" / nom,
               racine / "docs" / f"{nom}.md", *sorted((racine / "tests").glob(f"test_{nom}_*.py"))]
    for chemin in occupes:
        if chemin.exists():
            raise EchafaudageRefuse(f"nom « {nom} » refusé : {chemin.relative_to(racine).as_posix()} existe déjà")
    if nom in systemes_declares(racine):
        raise EchafaudageRefuse(f"nom « {nom} » refusé : il est déjà dans SYSTEMES (jdr_core/registre.py)")
    # Le code partagé ne nomme aucun système (tests/test_registre.py) : un nom qu'il emploie déjà ferait
    # croire qu'il en nomme un.
    motif = re.compile(rf"(\.{nom}\b|[\"'`]{nom}[\"'`/])")
    partages = [racine / p for p in PARTAGES] + sorted(
        p for p in (racine / "site_plugins").rglob("*") if p.suffix in (".py", ".mjs", ".js")
        and p.parent != racine / "site_plugins" / "assets" / "table" / "suivi" / "vues")
    for chemin in partages:
        if motif.search(chemin.read_text(encoding="utf-8")):
            raise EchafaudageRefuse(f"nom « {nom} » refusé : {chemin.relative_to(racine).as_posix()} l'emploie "
                                    "déjà (un mot du code partagé) ; choisissez-en un autre")
    for systeme in sorted((racine / "jdr_core").glob("*/systeme.py")):
        if f'titre="{titre}"' in systeme.read_text(encoding="utf-8"):
            raise EchafaudageRefuse(f"titre « {titre} » refusé : {systeme.relative_to(racine).as_posix()} le porte "
                                    "déjà")


def systemes_declares(racine: Path) -> list[str]:
    """Les noms de ``SYSTEMES``, lus dans le texte de jdr_core/registre.py (sans l'importer)."""
    return re.findall(r'"([a-z0-9_]+)"', _liste(racine)["lignes"])


def _liste(racine: Path) -> re.Match[str]:
    texte = (racine / "jdr_core" / "registre.py").read_text(encoding="utf-8")
    trouvee = _LISTE.search(texte)
    if trouvee is None:
        raise EchafaudageRefuse("jdr_core/registre.py : la liste SYSTEMES n'a plus sa forme (une ligne par système, "
                                "entre « SYSTEMES: tuple[str, ...] = ( » et « ) ») ; ajoutez la ligne à la main")
    return trouvee


# --- Écrire et retirer ---------------------------------------------------------------


def fichiers(nom: str, titre: str) -> dict[str, str]:
    """Chaque fichier du système (chemin depuis la racine → texte), le nom et le titre mis en place."""
    # Les imports des fichiers de tests, dans l'ordre que veut ruff (isort), qui dépend du nom.
    def imports(*lignes: str) -> str:
        return "\n".join(sorted(lignes))

    valeurs = {"nom": nom, "titre": titre, "ident": nom.replace("_", "-"), "marque": MARQUE,
               "imports": imports(f"from jdr_core.{nom}.jet import tenter", "from jdr_core.des import DesScriptes",
                                  "from jdr_core.erreurs import JdrErreur"),
               "imports_lanceurs": imports(f"from jdr_core.{nom}.jet import Jet",
                                           f"from jdr_core.{nom}.lanceurs import JET",
                                           "from jdr_core.erreurs import JdrErreur"),
               "imports_tables": imports(f"from jdr_core.{nom}.tables import TABLES",
                                         "from jdr_core.cotes import pourcentage")}
    return {chemin.replace("NOM", nom): Template(modele).substitute(valeurs) for chemin, modele in MODELES.items()}


def creer(racine: Path, nom: str, titre: str) -> list[str]:
    """Écrit le système et sa ligne du registre ; rend les chemins écrits. Rien n'est écrit si un refus tombe."""
    verifier_nom(nom)
    verifier_titre(titre)
    verifier_depot(racine, nom, titre)
    liste = _liste(racine)
    a_ecrire = fichiers(nom, titre)
    for chemin, texte in a_ecrire.items():
        cible = racine / chemin
        cible.parent.mkdir(parents=True, exist_ok=True)
        cible.write_text(texte, encoding="utf-8")
    registre = racine / "jdr_core" / "registre.py"
    texte = registre.read_text(encoding="utf-8")
    fin = liste.end("lignes")
    registre.write_text(texte[:fin] + f'    "{nom}",\n' + texte[fin:], encoding="utf-8")
    return [*a_ecrire, "jdr_core/registre.py"]


def retirer(racine: Path, nom: str) -> list[str]:
    """Retire un système écrit par :func:`creer` : ses deux dossiers, son fichier de tests, sa ligne."""
    verifier_nom(nom)
    systeme = racine / "jdr_core" / nom / "systeme.py"
    if not systeme.is_file() or MARQUE not in systeme.read_text(encoding="utf-8"):
        raise EchafaudageRefuse(f"« {nom} » : jdr_core/{nom}/systeme.py n'a pas été écrit par nox -s nouveau ; "
                                "retirez ce système à la main")
    retires = []
    for dossier in (racine / "jdr_core" / nom, racine / "docs" / nom):
        if dossier.is_dir():
            shutil.rmtree(dossier)
            retires.append(dossier.relative_to(racine).as_posix() + "/")
    for test in sorted((racine / "tests").glob(f"test_{nom}_*.py")):
        test.unlink()
        retires.append(test.relative_to(racine).as_posix())
    registre = racine / "jdr_core" / "registre.py"
    texte = registre.read_text(encoding="utf-8")
    ligne = f'    "{nom}",\n'
    liste = _liste(racine)
    if ligne in liste["lignes"]:
        debut = liste.start("lignes") + liste["lignes"].index(ligne)
        registre.write_text(texte[:debut] + texte[debut + len(ligne):], encoding="utf-8")
        retires.append("jdr_core/registre.py (sa ligne)")
    return retires


def main(arguments: list[str] | None = None, racine: Path = RACINE) -> int:
    lecteur = argparse.ArgumentParser(
        prog="nox -s nouveau --",
        description="Écrit un nouveau système de règles (code, tests, pages) et l'inscrit au registre.")
    lecteur.add_argument("nom", help="le nom du paquet et du dossier : minuscules, chiffres, _ (ex. : brume)")
    lecteur.add_argument("titre", nargs="?", help="son titre pour le lecteur, entre guillemets (ex. : \"Brume\")")
    lecteur.add_argument("--retirer", action="store_true", help="retire un système écrit par cette commande")
    args = lecteur.parse_args(arguments)
    try:
        if args.retirer:
            for chemin in retirer(racine, args.nom):
                print(f"retiré : {chemin}")
            return 0
        if not args.titre:
            raise EchafaudageRefuse("le titre manque : nox -s nouveau -- <nom> \"<Titre>\"")
        ecrits = creer(racine, args.nom, args.titre)
    except EchafaudageRefuse as refus:
        print(f"nox -s nouveau : {refus}", file=sys.stderr)
        return 2
    for chemin in ecrits:
        print(f"écrit : {chemin}")
    print(f"\nLe système « {args.titre} » est inscrit. La suite : docs/auteurs/index.md (le guide de l'auteur) ;"
          f"\n  nox -s ecrire pour voir ses pages, pytest tests/test_{args.nom}_*.py pour ses tests ;"
          f"\n  nox -s nouveau -- --retirer {args.nom} pour tout retirer.")
    return 0


# --- Les modèles -------------------------------------------------------------------------

#: Les modèles des fichiers écrits : ``modeles/<chemin>.modele``, où ``NOM`` dans le chemin devient le nom
#: du système et, dans le texte, ``$nom``, ``$titre``, ``$ident`` (le nom avec des tirets, pour les id de
#: la page), ``$marque`` et ``$imports`` leurs valeurs (string.Template : les accolades restent telles quelles).
MODELES_DIR = Path(__file__).resolve().parent / "modeles"
MODELES = {p.relative_to(MODELES_DIR).as_posix().removesuffix(".modele"): p.read_text(encoding="utf-8")
           for p in sorted(MODELES_DIR.rglob("*.modele"))}

if __name__ == "__main__":
    sys.exit(main())
