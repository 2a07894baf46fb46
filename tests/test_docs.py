"""Les exemples des pages, exécutés sous CPython, et la fidélité du texte."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from jdr_core.francais import typographier
from jdr_core.pont import executer_exemple
from site_plugins.exemples import ExempleInvalide, extraire, tous_les_exemples

from .conftest import RACINE

EXEMPLES = tous_les_exemples(RACINE / "docs")
EXIGES = {"pierre-ruelle", "pierre-garde", "jules-mur", "carmen-code", "groupe", "jules-entrepot",
          "gideon", "lucrece", "raw-resister", "raw-rupture", "raw-reconfort",
          "philip-poursuite", "philip-sabotage", "philip-reparation", "josephine-interview"}


@pytest.mark.parametrize("exemple", EXEMPLES, ids=[e.ident for e in EXEMPLES])
def test_exemple(exemple) -> None:  # type: ignore[no-untyped-def]
    resultat = executer_exemple(exemple.source, exemple.ident)
    ecarts = [
        f">>> {ligne['source'].rstrip()}\n  attendu : {ligne['attendu']!r}\n  obtenu  : {ligne['obtenu']!r}"
        for ligne in resultat["lignes"] if not ligne["ok"]
    ]
    assert resultat["ok"], f"{exemple.fichier}:{exemple.ligne}\n" + "\n".join(ecarts)


def test_exemples_exiges_presents() -> None:
    assert {e.ident for e in EXEMPLES} >= EXIGES


def test_exemple_sans_id_refuse() -> None:
    with pytest.raises(ExempleInvalide, match="sans id"):
        extraire('```exemple\n>>> 1\n1\n```\n')
    with pytest.raises(ExempleInvalide, match="jamais fermé"):
        extraire('```exemple id="a"\n>>> 1\n')


def test_exemple_indente() -> None:
    (ex,) = extraire('!!! note\n    ```exemple id="dedans"\n    >>> 1 + 1\n    2\n    ```\n')
    assert ex.source == ">>> 1 + 1\n2\n" and executer_exemple(ex.source)["ok"]


def test_notes_de_coherence_et_hypotheses() -> None:
    combat = (RACINE / "docs/troisd6/combat.md").read_text(encoding="utf-8")
    assert "Note de cohérence" in combat and "jules-entrepot-coherence" in combat
    test = (RACINE / "docs/troisd6/test.md").read_text(encoding="utf-8")
    assert '??? hypothese "Hypothèse : qu\'est-ce qu\'un triple sur 2 ou 4 dés ?"' in test


#: Un encadré « Hypothèse » : repliable, de type ``hypothese``, titré par la question qu'il tranche.
_ENCADRE = re.compile(r'^[ \t]*(!!!|\?\?\?\+?)[ \t]+([\w-]+)(?:[ \t]+"([^"]*)")?', re.M)
#: Les seuls encadrés « Hypothèse » dépliés d'emblée : la page qui n'existe que pour les énoncer.
HYPOTHESES_DEPLIEES = {"encore/reserve.md"}


def test_hypotheses_repliees_et_titrees_d_une_question() -> None:
    """La règle d'abord, les lectures ensuite : chaque encadré « Hypothèse » est replié (``???``),
    de type ``hypothese``, et son titre est la question qu'il tranche."""
    docs = RACINE / "docs"
    trouves = 0
    for page in sorted(docs.rglob("*.md")):
        chemin = page.relative_to(docs).as_posix()
        for marque, genre, titre in _ENCADRE.findall(page.read_text(encoding="utf-8")):
            if genre != "hypothese" and not (titre or "").startswith("Hypoth"):
                continue
            trouves += 1
            lieu = f"{chemin} : « {titre} »"
            assert genre == "hypothese", f"{lieu} : de type hypothese, pas {genre}"
            attendue = "???+" if chemin in HYPOTHESES_DEPLIEES else "???"
            assert marque == attendue, f"{lieu} : {attendue} attendu, pas {marque}"
            assert re.fullmatch(r"Hypothèses? : \S.* \?", titre or ""), f"{lieu} : le titre pose une question"
    assert trouves >= 50


def test_texte_dans_nos_mots() -> None:
    """copycheck (fourni à côté du dépôt) ne trouve aucun passage recopié des sources."""
    outil = RACINE.parent / "shared" / "tools" / "copycheck.py"
    if not outil.exists():
        pytest.skip("../shared/tools/copycheck.py absent de cette machine")
    sortie = subprocess.run([sys.executable, str(outil), "docs", "jdr_core", "site_plugins"],
                            cwd=RACINE, capture_output=True, text=True)
    assert sortie.returncode == 0, sortie.stdout[-3000:]


@pytest.mark.construction
def test_pages_lisibles_sans_javascript(site_construit: Path) -> None:
    """Le résultat attendu des exemples et les cotes des lanceurs sont dans le HTML construit."""
    page = (site_construit / "troisd6/test/index.html").read_text(encoding="utf-8")
    # Avec la typographie française de la construction (espaces insécables, voir typographie.py).
    assert 'data-exemple="pierre-ruelle"' in page
    assert typographier("2, 3, 5 contre 3 : 2 succès pour 1 demandé, c") in page
    assert 'data-mecanique="3d6-test"' in page and "Chances exactes" in page and "(1/2)" in page
    assert 'min="1" max="5"' in page  # bornes issues du registre


AVEC_DES = [e for e in EXEMPLES if "DesScriptes(" in e.source]


@pytest.mark.parametrize("exemple", AVEC_DES, ids=[e.ident for e in AVEC_DES])
def test_exemple_avec_d_autres_des(exemple) -> None:  # type: ignore[no-untyped-def]
    """« Avec d'autres dés » : la même situation, avec 40 tirages graines, ne s'arrête jamais sur une erreur."""
    for graine in range(40):
        resultat = executer_exemple(exemple.source, exemple.ident, graine, "autres_des")
        erreurs = [ligne["erreur"]["message"] for ligne in resultat["lignes"] if "erreur" in ligne]
        assert not erreurs, f"graine {graine} : {erreurs[0]}"


def test_exemples_sans_verification_interne() -> None:
    """Les pages racontent : aucune vérification interne (des.fin()) dans un exemple."""
    assert not [e.ident for e in EXEMPLES if "des.fin()" in e.source]
