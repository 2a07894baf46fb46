"""Les erreurs de Python en français (jdr_core/erreurs_python.py), sur de vraies erreurs : chaque faute
courante est compilée par le CPython des tests, chaque refus de doctest produit par le vrai lecteur,
et le message traduit doit être le bon, jamais la phrase générale."""

from __future__ import annotations

import doctest

import pytest

from jdr_core.erreurs_python import (
    REPRISE,
    SYNTAXE_INCONNUE,
    decrire,
    lecture_doctest,
    ligne_de_syntaxe,
    syntaxe,
)


def _erreur_de(source: str, nom: str = "<doctest essai[0]>") -> SyntaxError:
    try:
        compile(source, nom, "exec")
    except SyntaxError as e:
        return e
    raise AssertionError(f"{source!r} compile")


@pytest.mark.parametrize(("source", "traduit"), [
    ("x = [1, 2\n", "crochet « [ » ouvert et jamais fermé"),
    ("x = {1: 2\n", "accolade « { » ouverte et jamais fermée"),
    ("x = 1)\n", "parenthèse fermante « ) » sans parenthèse ouvrante avant elle"),
    ("x = (1]\n", "« ] »"),
    ("x = [a b]\n", "une virgule oubliée ?"),
    ("if x = 1:\n    pass\n", "« == » (comparer) au lieu de « = »"),
    ("1 = x\n", "affectation impossible"),
    ("if x\n    pass\n", "deux-points « : » attendus en fin de ligne"),
    ("if x:\npass\n", "un bloc en retrait (décalé de quatre espaces) est attendu après « if »"),
    ("x = 1\n  y = 2\n", "retrait inattendu"),
    ("x = 'abc\n", "texte entre guillemets jamais fermé"),
    ('x = """abc\n', "texte entre triples guillemets jamais fermé"),
    ("x = 1a\n", "nombre mal écrit"),
    ("x = 01\n", "un nombre entier ne s'écrit pas avec un zéro devant"),
    ("x = « 3 »\n", "« « »"),
    ("x = 1\u200b\n", "U+200B"),
    ("return 3\n", "« return » ne s'emploie que dans une fonction"),
    ("break\n", "« break » ne s'emploie que dans une boucle"),
    ("f(a=1, 2)\n", "un argument sans nom suit un argument nommé"),
])
def test_chaque_faute_courante_est_traduite(source: str, traduit: str) -> None:
    message = syntaxe(_erreur_de(source).msg)
    assert message != SYNTAXE_INCONNUE and traduit in message, message


def test_ligne_d_une_erreur_dans_un_exemple() -> None:
    """Une erreur sur la troisième ligne d'un exemple commencé ligne 10 est à la ligne 12 ; venue
    d'un compile() écrit dans le code, elle reste à la ligne de l'exemple."""
    source = "x = (\n1,\n2]\n"
    assert ligne_de_syntaxe(_erreur_de(source), 10) == 12
    assert ligne_de_syntaxe(_erreur_de(source, "<string>"), 10) == 10


class TestDecrire:
    def _leve(self, code: str) -> BaseException:
        try:
            exec(code, {})
        except BaseException as e:
            return e
        raise AssertionError(code)

    def test_nom_mal_tape(self) -> None:
        erreur = self._leve("lancr(3)")
        assert decrire(erreur, 5, ["lancer"])["message"] == \
            "Ligne 5 : « lancr » n'est défini nulle part (vouliez-vous écrire « lancer » ?)."
        assert decrire(self._leve("prnt(3)"), 1)["message"].endswith("(vouliez-vous écrire « print » ?).")
        inconnu = decrire(self._leve("zzzqqq"), 1, ["lancer"])["message"]
        assert inconnu == "Ligne 1 : « zzzqqq » n'est défini nulle part."

    def test_variable_locale_avant_sa_valeur(self) -> None:
        erreur = self._leve("def f():\n    print(n)\n    n = 1\nf()")
        assert decrire(erreur, 2)["message"] == \
            "Ligne 2 : « n » est employé avant d'avoir reçu une valeur dans cette fonction."

    @pytest.mark.parametrize("code", ["raise SystemExit(0)", "raise KeyboardInterrupt"])
    def test_arret_demande(self, code: str) -> None:
        assert decrire(self._leve(code), 3)["message"].endswith(REPRISE)

    def test_genres_et_detail(self) -> None:
        erreur = self._leve("{}['a']")
        d = decrire(erreur, 4)
        assert d["message"] == "Ligne 4 : clé introuvable (KeyError), « 'a' »" and d["detail"] == "KeyError: 'a'"

        class Perso(Exception):
            pass

        assert decrire(Perso(), 1)["message"] == "Ligne 1 : erreur (Perso)"


@pytest.mark.parametrize(("texte", "attendu"), [
    (">>> a = 1\n>>>x\n", "ligne 2 : une espace est attendue après « >>> »"),
    (">>> if a:\n...   b\n..x\n", "le texte ne se lit pas comme un exemple"),
    ("  >>> a = (1,\n ...  2)\n", "ligne 1 : son retrait ne suit pas celui de la ligne « >>> » qu'elle continue"),
    (">>> a  # doctest: +PIRATE\n", "ligne 1 : option de doctest inconnue après « # doctest: »"),
])
def test_refus_du_vrai_lecteur_de_doctest(texte: str, attendu: str) -> None:
    try:
        doctest.DocTestParser().get_doctest(texte, {}, "ex", "ex.md", 0)
    except ValueError as refus:
        assert lecture_doctest(str(refus)).startswith(attendu), str(refus)
    else:
        assert attendu.startswith("le texte ne se lit pas")
