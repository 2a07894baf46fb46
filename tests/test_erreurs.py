"""La racine des erreurs (jdr_core/erreurs.py) : chaque erreur que le cœur lève en descend, et les
valeurs reçues se montrent au joueur sans représentation Python."""

from __future__ import annotations

import ast
import importlib
import pkgutil
from enum import Enum
from pathlib import Path

import pytest

import jdr_core
from jdr_core import erreurs
from jdr_core.erreurs import JdrErreur, ParametreInvalide, decrire_valeur, entier_borne, membre_nomme


def _toutes_les_sous_classes(racine: type) -> set[str]:
    for info in pkgutil.walk_packages(jdr_core.__path__, "jdr_core."):
        importlib.import_module(info.name)
    vues, a_voir = set(), [racine]
    while a_voir:
        classe = a_voir.pop()
        vues.add(classe.__name__)
        a_voir += classe.__subclasses__()
    return vues


def test_chaque_raise_du_coeur_leve_une_jdrerreur() -> None:
    """Lu dans les sources : chaque ``raise Classe(…)`` nomme une sous-classe de JdrErreur. À part :
    les fabriques de refus (``self.refus(…)``, ``_refus(…)``, qui rendent une JdrErreur), l'aiguillage
    interne de l'énumération (``_Embranchement``, rattrapé dans loi.py), l'``AttributeError`` que
    PEP 562 exige d'un ``__getattr__`` de module, et l'``AssertionError`` d'une branche impossible."""
    permises = _toutes_les_sous_classes(JdrErreur)
    etrangeres = []
    for fichier in sorted(Path(jdr_core.__file__).parent.rglob("*.py")):
        source = fichier.read_text(encoding="utf-8")
        lignes = source.splitlines()
        arbre = ast.parse(source)
        dans_getattr = {id(n) for f in ast.walk(arbre) if isinstance(f, ast.FunctionDef) and f.name == "__getattr__"
                        for n in ast.walk(f)}
        for noeud in ast.walk(arbre):
            if not (isinstance(noeud, ast.Raise) and isinstance(noeud.exc, ast.Call)
                    and isinstance(noeud.exc.func, ast.Name) and noeud.exc.func.id[:1].isupper()):
                continue
            nom = noeud.exc.func.id
            pep_562 = nom == "AttributeError" and id(noeud) in dans_getattr
            impossible = nom == "AssertionError" and "pragma: no cover" in lignes[noeud.lineno - 1]
            if nom not in permises and not pep_562 and not impossible:
                etrangeres.append(f"{fichier.relative_to(fichier.parents[1])}:{noeud.lineno} {nom}")
    assert len(permises) >= 6 and not etrangeres, etrangeres


def test_les_erreurs_du_module_descendent_de_la_racine() -> None:
    classes = [v for v in vars(erreurs).values() if isinstance(v, type) and issubclass(v, Exception)]
    assert len(classes) >= 6 and all(issubclass(c, JdrErreur) for c in classes)
    assert issubclass(JdrErreur, ValueError)


@pytest.mark.parametrize(("valeur", "montre"), [
    (-12, "-12"), (10**40 - 1, str(10**40 - 1)), (-(10**40), "(nombre trop long)"), (False, "(oui ou non)"),
    (2.5, "2.5"), (float("nan"), "(nombre illisible)"), (float("-inf"), "(nombre illisible)"),
    ("a\x00b\nc", "abc"), ("é" * 50, "é" * 40), ("\n\t", "(rien d'écrit)"), ((1, 2), "(une liste)"),
    ({"a": 1}, "(un objet)"), ({1}, "(valeur illisible)"), (object(), "(valeur illisible)"),
])
def test_decrire_valeur(valeur: object, montre: str) -> None:
    assert decrire_valeur(valeur) == montre


def test_parametre_invalide_garde_ses_morceaux() -> None:
    erreur = ParametreInvalide("graine", [1], "un entier")
    assert str(erreur) == "graine (une liste) : attendu un entier"
    assert (erreur.nom, erreur.valeur, erreur.attendu) == ("graine", [1], "un entier")


def test_entier_borne_contre_l_intervalle() -> None:
    for valeur in [*range(-4, 9), True, False, 3.0, "3", None]:
        permise = type(valeur) is int and -2 <= valeur <= 6
        if permise:
            assert entier_borne("n", valeur, -2, 6) == valeur
        else:
            with pytest.raises(ParametreInvalide, match="attendu un entier de -2 à 6"):
                entier_borne("n", valeur, -2, 6)


class Couleur(Enum):
    ROUGE = "rouge"
    VERT_SOMBRE = "vert sombre"


@pytest.mark.parametrize(("brut", "membre"), [
    ("rouge", Couleur.ROUGE), ("  ROUGE", Couleur.ROUGE), ("Vert Sombre", Couleur.VERT_SOMBRE),
    ("vert_sombre", None), ("ROUGE_", None), (Couleur.ROUGE, None), (None, None), ("", None),
])
def test_membre_nomme(brut: object, membre: Couleur | None) -> None:
    if membre is not None:
        assert membre_nomme(Couleur, brut, "Couleur inconnue.") is membre
    else:
        with pytest.raises(JdrErreur, match=r"^Couleur inconnue\.$"):
            membre_nomme(Couleur, brut, "Couleur inconnue.")
