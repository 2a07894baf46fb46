"""Les pièces du navigateur (issue 38) : les scripts de ``site_plugins/assets`` sont rangés par sujet,
aucun ne dépasse 400 lignes, et leurs imports ne forment aucun cycle.

Le graphe des imports est lu dans les sources : imports statiques (``import … from``, ``export … from``,
``import "…"``) et dynamiques (``import("…")`` ; un gabarit comme ``import(`./vues/${nom}.js`)`` vaut
pour chaque module de son dossier qui correspond). Un cycle, même par un import dynamique, lie deux
modules qui ne peuvent plus se lire ni se tester l'un sans l'autre (``dom.js`` et ``journal.js``
s'importaient ainsi l'un l'autre).
"""

from __future__ import annotations

import posixpath
import re
from pathlib import Path

import pytest

from site_plugins.prechargement import GENERES

ASSETS = Path(__file__).resolve().parent.parent / "site_plugins" / "assets"
SCRIPTS = sorted(p.relative_to(ASSETS).as_posix() for p in ASSETS.rglob("*.js"))
LIGNES_MAX = 400
#: Les pièces et ce qu'elles tiennent ; à la racine, seul l'aiguillage que chaque page charge.
PIECES = {
    "commun": "les outils d'affichage partagés (nœuds, typographie, liens de rejeu)",
    "widgets": "les widgets des pages (exemple, lanceur, jet en ligne, édition, renvoi, accessibilité)",
    "moteur": "le moteur : son client dans la page, son avis de chargement, ses workers",
    "table": "l'état de la table : clés, stockage entre onglets, journal, fiches de suivi, partage, liaison",
    "hors-ligne": "le service worker, ses versions et la copie locale de Python",
    "recherche": "la recherche à la demande",
}

_COMMENTAIRE = re.compile(r"/\*.*?\*/|(?<![:\"'\\])//[^\n]*", re.S)
_STATIQUE = re.compile(r'^\s*(?:import|export)\s+(?:[^;"\'`]*?\sfrom\s+)?["\']([^"\']+)["\']', re.M)
_DYNAMIQUE = re.compile(r'\bimport\(\s*["\']([^"\']+)["\']\s*\)')
#: Le début fixe d'un gabarit importé, jusqu'à sa première valeur insérée.
_GABARIT = re.compile(r"\bimport\(\s*`([^`$]*)")


def imports(module: str) -> set[str]:
    """Les modules (chemins depuis ``assets``) que ``module`` importe, statiquement ou non."""
    source = _COMMENTAIRE.sub("", (ASSETS / module).read_text(encoding="utf-8"))
    dossier = posixpath.dirname(module)
    cibles = {posixpath.normpath(posixpath.join(dossier, c))
              for c in _STATIQUE.findall(source) + _DYNAMIQUE.findall(source) if c.startswith(".")}
    for gabarit in _GABARIT.findall(source):
        debut = posixpath.normpath(posixpath.join(dossier, gabarit)) + ("/" if gabarit.endswith("/") else "")
        cibles |= {s for s in SCRIPTS if s.startswith(debut)}
    return {c for c in cibles if c.endswith(".js")}


def graphe() -> dict[str, set[str]]:
    return {s: imports(s) for s in SCRIPTS}


def cycles(aretes: dict[str, set[str]]) -> list[list[str]]:
    """Les cycles du graphe, un par composante fortement connexe de plus d'un module (ou une boucle)."""
    index: dict[str, int] = {}
    bas: dict[str, int] = {}
    pile: list[str] = []
    trouves: list[list[str]] = []

    def visiter(n: str) -> None:
        index[n] = bas[n] = len(index)
        pile.append(n)
        for m in sorted(aretes.get(n, ())):
            if m not in index:
                visiter(m)
                bas[n] = min(bas[n], bas[m])
            elif m in pile:
                bas[n] = min(bas[n], index[m])
        if bas[n] == index[n]:
            composante = []
            while True:
                m = pile.pop()
                composante.append(m)
                if m == n:
                    break
            if len(composante) > 1 or n in aretes.get(n, ()):
                trouves.append(sorted(composante))

    for n in sorted(aretes):
        if n not in index:
            visiter(n)
    return trouves


class TestPieces:
    """Chaque script dans sa pièce, de taille lisible."""

    def test_chaque_script_est_dans_une_piece(self) -> None:
        hors = [s for s in SCRIPTS if s != "jdr.js" and s.split("/")[0] not in PIECES]
        assert hors == [], f"scripts hors des pièces {sorted(PIECES)} : {hors}"

    def test_aucune_piece_vide(self) -> None:
        assert {s.split("/")[0] for s in SCRIPTS if "/" in s} == set(PIECES)

    @pytest.mark.parametrize("script", SCRIPTS)
    def test_au_plus_400_lignes(self, script: str) -> None:
        lignes = len((ASSETS / script).read_text(encoding="utf-8").splitlines())
        assert lignes <= LIGNES_MAX, f"{script} : {lignes} lignes ; scindez-le par sujet"


class TestImports:
    """Les imports mènent à des modules qui existent, sans cycle."""

    def test_chaque_import_existe(self) -> None:
        # configuration.js n'est pas dans les sources : la construction l'écrit (site_plugins/configuration.py).
        manquants = [(s, c) for s, cibles in graphe().items() for c in cibles
                     if not (ASSETS / c).is_file() and c not in GENERES]
        assert manquants == []

    def test_aucun_cycle(self) -> None:
        assert cycles(graphe()) == []

    def test_les_imports_sont_lus(self) -> None:
        """Le lecteur voit les imports statiques, dynamiques et par gabarit (sinon « aucun cycle » ne
        prouverait rien)."""
        g = graphe()
        assert "commun/dom.js" in g["widgets/lanceur.js"]  # statique, dossier voisin
        assert "widgets/lanceur.js" in g["jdr.js"]  # dynamique
        vues = {s for s in SCRIPTS if s.startswith("table/suivi/vues/")}
        assert vues and vues <= g["table/suivi/fiche.js"]  # gabarit

    def test_un_cycle_se_voit(self) -> None:
        assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
        assert cycles({"a": {"a"}}) == [["a"]] and cycles({"a": {"b"}, "b": set()}) == []
