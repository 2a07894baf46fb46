"""« Modifier » sans lanceur : les nombres d'un exemple, trouvés dans son code (site_plugins/situation.py)."""

from __future__ import annotations

import doctest
import re
from pathlib import Path

import pytest

from site_plugins.exemples import tous_les_exemples
from site_plugins.situation import libelle, reglages

RACINE = Path(__file__).resolve().parent.parent
EXEMPLES = tous_les_exemples(RACINE / "docs")


def remplacer(source: str, valeurs: dict[int, str]) -> str:
    """Ce que fait exemple.js : chaque nombre remplacé à sa place, de la fin vers le début."""
    lignes = source.split("\n")
    trouves = reglages(source)
    for i in sorted(valeurs, key=lambda i: (trouves[i].ligne, trouves[i].debut), reverse=True):
        r = trouves[i]
        lignes[r.ligne] = lignes[r.ligne][:r.debut] + valeurs[i] + lignes[r.ligne][r.fin:]
    return "\n".join(lignes)


@pytest.mark.parametrize("exemple", EXEMPLES, ids=[e.ident for e in EXEMPLES])
def test_chaque_nombre_est_a_sa_place(exemple: object) -> None:
    """Chaque réglage désigne exactement le nombre écrit dans le code, et un libellé en mots."""
    source = exemple.source  # type: ignore[attr-defined]
    lignes = source.split("\n")
    for r in reglages(source):
        ecrit = lignes[r.ligne][r.debut:r.fin]
        assert ecrit == (str(r.valeur) if not isinstance(r.valeur, bool) else repr(r.valeur))
        assert "_" not in r.libelle and re.match(r"[A-ZÉÀ]", r.libelle), r.libelle
    # Les mêmes valeurs remises : le même code, mot pour mot.
    assert remplacer(source, {i: lignes[r.ligne][r.debut:r.fin] for i, r in enumerate(reglages(source))}) == source


def test_la_plupart_des_exemples_sans_lanceur_ont_des_champs() -> None:
    sans = [e.ident for e in EXEMPLES if not reglages(e.source)]
    assert len(sans) <= len(EXEMPLES) // 8, sans


def test_un_nombre_change_change_le_resultat() -> None:
    """Pierre, caractéristique 3 → 5 : le code modifié se lit encore, et son résultat change."""
    (pierre,) = [e for e in EXEMPLES if e.ident == "pierre-ruelle"]
    r = reglages(pierre.source)[0]
    assert (r.libelle, r.valeur, r.etape) == ("Caractéristique", 3, 1)
    modifie = remplacer(pierre.source, {0: "5"})
    assert "tester(5" in modifie and "tester(3" not in modifie
    test = doctest.DocTestParser().get_doctest(modifie, {}, "pierre", None, 0)
    sortie: list[str] = []
    doctest.DocTestRunner(optionflags=doctest.ELLIPSIS).run(test, out=sortie.append)
    assert sortie, "le résultat devait changer avec la caractéristique"


def test_variables_suivies_par_leur_type() -> None:
    """``heros = Vitalite.nouvelle(…)`` puis ``heros.subir(3)`` : le 3 règle les dégâts de subir."""
    source = (">>> from jdr_core.troisd6 import Vitalite\n"
              ">>> heros = Vitalite.nouvelle(physique=3, mental=2)\n"
              ">>> heros = heros.subir(3)\n>>> inconnu.subir(4)\n")
    assert [(r.etape, r.nom, r.valeur) for r in reglages(source)] == [
        (1, "physique", 3), (1, "mental", 2), (2, "degats", 3)]


def test_code_illisible_ou_sans_regle() -> None:
    assert reglages(">>> x = (\n") == []
    assert reglages(">>> print(3)\n3\n>>> len([1, 2])\n2\n") == []
    assert libelle("cible_a") == "Cible du personnage"
