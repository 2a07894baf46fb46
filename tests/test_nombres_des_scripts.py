"""Aucune constante de règle dans les scripts du site (issue 38, point 2).

Les vues du suivi ont leur propre test, plus strict (``test_nombres_des_vues.py``). Ici, tous les autres
scripts de ``site_plugins/assets`` : chaque nombre écrit (dans le code ou dans un texte) doit être admis
par un permis général (ceux de ce test-là et :data:`GENERAUX`), ou par un permis de :data:`PLOMBERIE`
(``tests/donnees/nombres-des-scripts.toml``), donné fichier par fichier avec sa raison. Un seuil, un
coût, une borne ou une taille de dé du jeu n'a pas de permis : il vient du cœur (la réponse du pont,
les bornes rendues dans la page). Un permis de fichier qui n'admet plus aucun nombre à lui fait échouer
le test aussi : la liste ne garde pas de raison périmée.
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass
from pathlib import Path

import pytest

from .test_nombres_des_vues import ASSETS, PERMIS, Nombre, Permis, nombres

#: Les vues du suivi : leur test est test_nombres_des_vues.py.
VUES = ASSETS / "table" / "suivi" / "vues"
SCRIPTS = sorted(p for p in ASSETS.rglob("*.js") if VUES not in p.parents)

@dataclass(frozen=True)
class PermisDeLigne(Permis):
    """Un permis dont le voisinage se cherche sur toute la ligne du nombre (un long texte de géométrie)."""

    def admet(self, n: Nombre) -> bool:
        return re.search(self.voisinage or "", n.avant + n.ecrit + n.apres) is not None


#: Permis de la plomberie, valables dans tous les scripts hors des vues.
GENERAUX: tuple[Permis, ...] = (
    Permis(1000, r"[/*]\s*1000\b", "conversion : millisecondes et secondes, octets et kilo-octets"),
    Permis(36, r"toString\(36\)", "un identifiant écrit en base 36 (horodatage, tirage au hasard)"),
    Permis(None, r"\.slice\(\s*\d+\s*(?:,\s*\d+\s*)?\)", "un texte ou une liste coupés avant d'être montrés ou notés"),
    Permis(2, r"padStart\(2", "deux chiffres d'une date ou d'une heure"),
    Permis(9, r"0-9", "une plage de chiffres d'une expression régulière écrite dans un texte"),
    Permis(None, r"\brows\s*=", "la hauteur d'une zone de texte, en lignes"),
    Permis(None, r"(?:\bsetTimeout\(.*|\btimeout:\s*|\bperformance\.now\(\)\s*\+\s*)[\d_]+\b",
           "un délai en millisecondes, pour la page"),
)

#: Permis propres à un fichier : (chemin depuis assets, permis), lus dans une table de données, chacun
#: avec sa raison. Chacun doit servir.
TABLE = Path(__file__).parent / "donnees" / "nombres-des-scripts.toml"


def _permis(entree: list[object]) -> tuple[str, Permis]:
    fichier, valeur, voisinage, raison = entree
    assert isinstance(valeur, (int, float)) or valeur == "toute", entree
    nombre = float(valeur) if isinstance(valeur, (int, float)) else None
    if str(voisinage).startswith("ligne:"):
        return str(fichier), PermisDeLigne(nombre, str(voisinage).removeprefix("ligne:"), str(raison))
    return str(fichier), Permis(nombre, str(voisinage), str(raison))


PLOMBERIE: tuple[tuple[str, Permis], ...] = tuple(
    _permis(e) for e in tomllib.loads(TABLE.read_text(encoding="utf-8"))["permis"])


def _admis(fichier: str, n: Nombre) -> bool:
    return any(p.admet(n) for p in (*PERMIS, *GENERAUX)) or any(
        f == fichier and p.admet(n) for f, p in PLOMBERIE)


def refus(chemin: Path) -> list[str]:
    fichier = chemin.relative_to(ASSETS).as_posix()
    return [f"{fichier}:{n.ligne} : {n.ecrit} ({(n.avant[-30:] + n.ecrit + n.apres[:20]).strip()})"
            for n in nombres(chemin.read_text(encoding="utf-8")) if not _admis(fichier, n)]


class TestScripts:
    """Hors des vues du suivi, les scripts ne portent que des nombres de plomberie, chacun avec sa raison."""

    @pytest.mark.parametrize("chemin", SCRIPTS, ids=lambda p: p.relative_to(ASSETS).as_posix())
    def test_aucun_nombre_hors_des_permis(self, chemin: Path) -> None:
        fautes = refus(chemin)
        assert fautes == [], ("nombres sans raison (une règle vient du cœur ; sinon, un permis motivé dans "
                              "PLOMBERIE) :\n" + "\n".join(fautes))

    def test_chaque_permis_sert(self) -> None:
        """Chaque permis de fichier admet au moins un nombre qu'aucun permis général n'admet."""
        lus = {p.relative_to(ASSETS).as_posix(): nombres(p.read_text(encoding="utf-8")) for p in SCRIPTS}
        generaux = (*PERMIS, *GENERAUX)
        inutiles = [(f, p.raison) for f, p in PLOMBERIE
                    if not any(p.admet(n) and not any(g.admet(n) for g in generaux) for n in lus.get(f, []))]
        assert inutiles == []

    @pytest.mark.parametrize(("source", "refuses"), [
        # Une taille de dé, un seuil, un coût : refusés, même dans un fichier qui a des permis.
        ("if (d.faces !== 6) x();", [6]),
        ("const SEUIL = 3; const cout = `Relance (−2 Stress)`;", [3, -2]),
        # La plomberie passe : délai, conversion, coupe, base 36.
        ("setTimeout(f, 250); const s = ms / 1000; t.slice(0, 80); Date.now().toString(36);", []),
    ])
    def test_refuse_et_admet(self, source: str, refuses: list[float]) -> None:
        assert [n.valeur for n in nombres(source) if not _admis("widgets/lanceur.js", n)] == refuses
