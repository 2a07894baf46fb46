"""Le code modifié d'un exemple : à part des lanceurs, borné, et ses erreurs dites en français.

Ici, le pont et la traduction sous CPython ; le site construit dans Chromium (« Modifier »,
« Exécuter ma version ») : tests/navigateur/test_bac.py.
"""

from __future__ import annotations

import json
import re

import pytest

from jdr_core import erreurs_python, pont
from jdr_core.francais import typographier


def _erreur(source: str) -> str:
    """Le message de la première erreur d'un exemple modifié."""
    r = pont.executer_exemple(source, mode="modifie")
    erreurs = [ligne["erreur"]["message"] for ligne in r["lignes"] if "erreur" in ligne]
    assert erreurs, r
    return str(erreurs[0])


class TestSyntaxe:
    """Les erreurs de syntaxe de CPython, en français, avec la ligne du texte modifié."""

    @pytest.mark.parametrize(("source", "attendu"), [
        (">>> x = (\n", "Erreur de syntaxe à la ligne 1 : parenthèse « ( » ouverte et jamais fermée."),
        (">>> a = 1\n>>> b = [1, 2\n", "Erreur de syntaxe à la ligne 2 : crochet « [ » ouvert et jamais fermé."),
        (">>> a = 1\n>>> b = 2)\n",
         "Erreur de syntaxe à la ligne 2 : parenthèse fermante « ) » sans parenthèse ouvrante"),
        (">>> y = (1,\n...  2]\n", "Erreur de syntaxe à la ligne 2 : « ] » ne peut pas fermer « ( »"),
        (">>> if True\n...     pass\n", "Erreur de syntaxe à la ligne 1 : deux-points « : » attendus en fin de ligne."),
        (">>> x = 1\n>>> if x:\n... y = 2\n", "Erreur de syntaxe à la ligne 3 : un bloc en retrait"),
        (">>> x = 'abc\n", "Erreur de syntaxe à la ligne 1 : texte entre guillemets jamais fermé"),
        (">>> x = « épée »\n", "Erreur de syntaxe à la ligne 1 : caractère « « » interdit dans le code"),
        (">>> x\u00a0= 1\n", "Erreur de syntaxe à la ligne 1 : caractère invisible U+00A0"),
        (">>> x = 1 2\n", "Erreur de syntaxe à la ligne 1 : écriture"),
        (">>> 3 = x\n", "Erreur de syntaxe à la ligne 1 : affectation impossible"),
        (">>> x = 3d6\n", "Erreur de syntaxe à la ligne 1 : nombre mal écrit"),
        (">>> return 3\n", "Erreur de syntaxe à la ligne 1 : « return » ne s'emploie que dans une fonction."),
    ])
    def test_message_et_ligne(self, source: str, attendu: str) -> None:
        message = _erreur(source)
        assert message.startswith(attendu), message
        assert not re.search(r"\b(was|never|closed|invalid|expected|unmatched)\b", message), message

    def test_retrait_inattendu(self) -> None:
        """« unexpected indent » : un retrait en trop au début d'une ligne."""
        assert erreurs_python.syntaxe("unexpected indent").startswith("retrait inattendu")

    def test_message_inconnu_phrase_generale(self) -> None:
        """Un message que la table ne connaît pas : une phrase française, l'anglais dans le détail."""
        erreur = erreurs_python.decrire(SyntaxError("something new in CPython 3.20"), 4)
        assert erreur["message"] == f"Erreur de syntaxe à la ligne 4 : {erreurs_python.SYNTAXE_INCONNUE}."
        assert "something new" in erreur["detail"]

    def test_chaque_traduction_est_en_francais(self) -> None:
        """Aucune traduction ne laisse un mot anglais courant du message d'origine."""
        for _, traduction in erreurs_python.TRADUCTIONS:
            if isinstance(traduction, str):
                assert not re.search(r"\b(the|was|never|expected|invalid|syntax)\b", traduction), traduction

    def test_exemple_illisible_en_francais(self) -> None:
        """Le lecteur de doctest refuse « >>>x » : la ligne et la raison, en français."""
        r = json.loads(pont.traiter(json.dumps({"type": "exemple", "source": ">>> a = 1\n>>>x\n", "mode": "modifie"})))
        assert r == {"erreur": typographier("exemple illisible : ligne 2 : une espace est attendue après « >>> ».")}


class TestAutresErreurs:
    """Noms inconnus, récursion, arrêts de Python : la cause réelle, en français."""

    def test_nom_defini_nulle_part_avec_suggestion(self) -> None:
        message = _erreur(">>> from jdr_core.troisd6 import tester\n>>> testr(3)\n")
        assert message == "Ligne 2 : « testr » n'est défini nulle part (vouliez-vous écrire « tester » ?)."

    def test_nom_defini_nulle_part_sans_suggestion(self) -> None:
        assert _erreur(">>> x = 1\n>>> pierre\n") == "Ligne 2 : « pierre » n'est défini nulle part."

    def test_variable_locale_avant_valeur(self) -> None:
        source = ">>> def f():\n...     print(v)\n...     v = 1\n>>> f()\n"
        assert _erreur(source) == "Ligne 4 : « v » est employé avant d'avoir reçu une valeur dans cette fonction."

    def test_recursion(self) -> None:
        message = _erreur(">>> def f(n):\n...     return f(n + 1)\n>>> f(0)\n")
        assert message.startswith("Ligne 3 : récursion trop profonde")

    @pytest.mark.parametrize(("code", "attendu"), [
        ("raise KeyboardInterrupt", "votre code a interrompu Python (KeyboardInterrupt)"),
        ("import sys; sys.exit(2)", "votre code a demandé l'arrêt de Python (sys.exit)"),
    ])
    def test_arret_de_python_et_rien_apres(self, code: str, attendu: str) -> None:
        """KeyboardInterrupt et sys.exit arrêtent l'exemple : dit, et la ligne suivante ne tourne pas."""
        r = pont.executer_exemple(f">>> x = 1\n>>> {code}\n>>> print('après')\naprès\n", mode="modifie")
        assert [ligne["ligne"] for ligne in r["lignes"]] == [1, 2]
        message = r["lignes"][-1]["erreur"]["message"]
        assert message.startswith(f"Ligne 2 : {attendu}") and erreurs_python.REPRISE in message
        assert not r["ok"] and r["verdict"].startswith("Le calcul s'arrête sur une erreur")

    def test_interruption_par_traiter(self) -> None:
        """Par le point d'entrée du worker aussi : une réponse, jamais une exception qui s'échappe."""
        r = json.loads(pont.traiter(json.dumps({"type": "exemple", "mode": "modifie",
                                                "source": ">>> raise KeyboardInterrupt\n"})))
        assert "KeyboardInterrupt" in r["lignes"][0]["erreur"]["message"]

    def test_autre_erreur_garde_genre_et_nom(self) -> None:
        assert _erreur(">>> 1 / 0\n").startswith("Ligne 1 : division par zéro (ZeroDivisionError)")


class TestSortieBornee:
    """Une sortie énorme est tronquée dans la réponse, et le dit."""

    def test_dix_megaoctets(self) -> None:
        r = pont.executer_exemple(">>> print('x' * 10_000_000)\n", mode="modifie")
        obtenu = r["lignes"][0]["obtenu"]
        assert len(obtenu) < pont.SORTIE_MAX + 200
        assert obtenu.startswith("x" * 1000) and "sortie tronquée" in obtenu
        assert "9\u202f900\u202f001 caractères de plus, non affichés." in obtenu

    def test_borne_sur_toutes_les_lignes(self) -> None:
        source = "".join(">>> print('y' * 60_000)\n" for _ in range(4))
        r = pont.executer_exemple(source, mode="modifie")
        assert sum(len(ligne["obtenu"]) for ligne in r["lignes"]) < pont.SORTIE_MAX + 500
        assert all("sortie tronquée" in ligne["obtenu"] for ligne in r["lignes"][1:])

    def test_sortie_courte_intacte(self) -> None:
        r = pont.executer_exemple(">>> print('abc')\nabc\n", mode="modifie")
        assert r["ok"] and r["lignes"][0]["obtenu"] == "abc\n"
