"""Les erreurs de Python dites en français, pour le code qu'un lecteur modifie sur la page.

Un joueur qui change un nombre dans un exemple et oublie une parenthèse ne doit pas lire
« '(' was never closed (<doctest basile-ecrou[3]>, line 1) ». Ce module traduit les messages
courants de CPython (erreurs de syntaxe, noms inconnus, récursion, arrêts demandés par le
code) en une phrase française qui dit la ligne ; un message qu'il ne connaît pas reçoit une
phrase générale, et le texte de Python reste à part, dans le détail technique.

>>> try:
...     compile("x = (\\n", "<doctest basile-ecrou[3]>", "single")
... except SyntaxError as e:
...     print(decrire(e, 3)["message"])
Erreur de syntaxe à la ligne 3 : parenthèse « ( » ouverte et jamais fermée.
>>> print(decrire(NameError("name 'tester2' is not defined", name="tester2"), 2, ["tester"])["message"])
Ligne 2 : « tester2 » n'est défini nulle part (vouliez-vous écrire « tester » ?).
>>> print(syntaxe("unexpected indent"), syntaxe("expected ':'"), sep="\\n")
retrait inattendu en début de ligne (une espace de trop ?)
deux-points « : » attendus en fin de ligne
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable

#: Les erreurs Python les plus courantes, dites en français (les autres gardent leur nom).
GENRES_D_ERREUR = {
    "NameError": "nom inconnu",
    "SyntaxError": "erreur d'écriture du code",
    "IndentationError": "erreur d'indentation",
    "TypeError": "valeur du mauvais type",
    "ValueError": "valeur refusée",
    "ZeroDivisionError": "division par zéro",
    "AttributeError": "attribut inconnu",
    "IndexError": "élément introuvable",
    "KeyError": "clé introuvable",
    "ImportError": "import impossible",
    "ModuleNotFoundError": "module introuvable",
    "RecursionError": "récursion trop profonde",
    "MemoryError": "mémoire épuisée",
    "OverflowError": "nombre trop grand",
}

#: Ce qu'on dit après un arrêt de Python demandé par le code : la page repart d'un Python neuf.
REPRISE = "La prochaine exécution repart d'un Python neuf."
SUITE = "la suite n'a pas été exécutée."

#: Phrase générale pour une erreur de syntaxe dont le message n'est pas connu ici.
SYNTAXE_INCONNUE = "Python ne comprend pas cette écriture (voyez le détail technique)"

# Les signes qui s'ouvrent et se ferment : leur nom, et s'il est féminin.
_SIGNES = {"(": ("parenthèse", True), ")": ("parenthèse", True), "[": ("crochet", False),
           "]": ("crochet", False), "{": ("accolade", True), "}": ("accolade", True)}


def _jamais_ferme(m: re.Match[str]) -> str:
    nom, feminin = _SIGNES[m[1]]
    return f"{nom} « {m[1]} » ouver{'te' if feminin else 't'} et jamais fermé{'e' if feminin else ''}"


def _sans_ouvrant(m: re.Match[str]) -> str:
    nom, feminin = _SIGNES[m[1]]
    e = "e" if feminin else ""
    return f"{nom} fermant{e} « {m[1]} » sans {nom} ouvrant{e} avant elle" if feminin \
        else f"{nom} fermant « {m[1]} » sans {nom} ouvrant avant lui"


def _mal_appariee(m: re.Match[str]) -> str:
    nom, _ = _SIGNES[m[2]]
    return f"« {m[1]} » ne peut pas fermer « {m[2]} » : il faut fermer d'abord la {nom}" if _SIGNES[m[2]][1] \
        else f"« {m[1]} » ne peut pas fermer « {m[2]} » : il faut fermer d'abord le {nom}"


def _caractere(m: re.Match[str]) -> str:
    signe = m[1]
    if signe in "«»“”„":
        return f"caractère « {signe} » interdit dans le code : un texte s'écrit entre guillemets droits \" ou '"
    if signe in "‘’":
        return f"apostrophe typographique « {signe} » interdite dans le code : écrivez l'apostrophe droite '"
    return f"caractère « {signe} » interdit dans le code"


def _invisible(m: re.Match[str]) -> str:
    code = m[1].upper()
    espace = " (une espace insécable, souvent venue d'un copier-coller)" if code in ("00A0", "202F") else ""
    return f"caractère invisible U+{code} interdit dans le code{espace}"


#: Les messages de CPython (3.11 à 3.14) et leur traduction : un motif lu en entier (le
#: début suffit quand il finit par « .* »), puis une phrase ou une fonction du motif trouvé.
TRADUCTIONS: tuple[tuple[re.Pattern[str], str | Callable[[re.Match[str]], str]], ...] = tuple(
    (re.compile(motif, re.S), traduction) for motif, traduction in (
        (r"'([(\[{])' was never closed", _jamais_ferme),
        (r"unmatched '([)\]}])'", _sans_ouvrant),
        (r"closing parenthesis '([)\]}])' does not match opening parenthesis '([(\[{])'.*", _mal_appariee),
        (r"invalid syntax\. Perhaps you forgot a comma\?", "écriture incorrecte : une virgule oubliée ?"),
        (r"invalid syntax\. Maybe you meant '==' or ':=' instead of '='\?",
         "écriture incorrecte : vouliez-vous écrire « == » (comparer) au lieu de « = » ?"),
        (r"cannot assign to .*Maybe you meant '==' instead of '='\?",
         "affectation impossible ici : vouliez-vous écrire « == » (comparer) au lieu de « = » ?"),
        (r"cannot assign to .*|cannot delete .*|assignment to keyword",
         "affectation impossible : on ne peut pas ranger une valeur dans ce qui est à gauche du « = »"),
        (r"invalid syntax.*", "écriture que Python ne comprend pas à cet endroit"),
        (r"unexpected indent", "retrait inattendu en début de ligne (une espace de trop ?)"),
        (r"unindent does not match any outer indentation level",
         "le retrait de cette ligne ne correspond à aucune des lignes au-dessus"),
        (r"expected an indented block after '?(\w+)'? .*",
         lambda m: f"un bloc en retrait (décalé de quatre espaces) est attendu après « {m[1]} »"),
        (r"expected an indented block.*", "un bloc en retrait (décalé de quatre espaces) est attendu"),
        (r"inconsistent use of tabs and spaces in indentation", "tabulations et espaces mélangées dans le retrait"),
        (r"expected ':'", "deux-points « : » attendus en fin de ligne"),
        (r"expected '([^']+)'", lambda m: f"« {m[1]} » attendu à cet endroit"),
        (r"unterminated triple-quoted string literal.*", "texte entre triples guillemets jamais fermé"),
        (r"unterminated string literal.*|EOL while scanning string literal.*",
         "texte entre guillemets jamais fermé (il manque le guillemet de la fin)"),
        (r"unexpected EOF while parsing|incomplete input",
         "le code s'arrête au milieu d'une instruction (une ligne manque ?)"),
        (r"invalid decimal literal", "nombre mal écrit (une lettre collée à un chiffre ?)"),
        (r"leading zeros in decimal integer literals are not permitted.*",
         "un nombre entier ne s'écrit pas avec un zéro devant"),
        (r"invalid character '(.)' \(U\+[0-9A-Fa-f]+\)", _caractere),
        (r"invalid non-printable character U\+([0-9A-Fa-f]+)", _invisible),
        (r"Missing parentheses in call to '(\w+)'.*",
         lambda m: f"parenthèses manquantes : écrivez {m[1]}(…)"),
        (r"'(return|yield|await)' outside (?:async )?function",
         lambda m: f"« {m[1]} » ne s'emploie que dans une fonction"),
        (r"'(break|continue)' (?:outside loop|not properly in loop)",
         lambda m: f"« {m[1]} » ne s'emploie que dans une boucle"),
        (r"positional argument follows keyword argument", "un argument sans nom suit un argument nommé"),
        (r"f-string.*", "texte formaté (f\"…\") mal écrit"),
    )
)


def syntaxe(message: str) -> str:
    """Le message d'une erreur de syntaxe de CPython, en français (sans la ligne ni le point).

    >>> syntaxe("'[' was never closed"), syntaxe("unmatched ')'")
    ('crochet « [ » ouvert et jamais fermé', 'parenthèse fermante « ) » sans parenthèse ouvrante avant elle')
    >>> syntaxe("un message que personne ne connaît")
    'Python ne comprend pas cette écriture (voyez le détail technique)'
    """
    for motif, traduction in TRADUCTIONS:
        m = motif.fullmatch(message)
        if m:
            return traduction if isinstance(traduction, str) else traduction(m)
    return SYNTAXE_INCONNUE


def ligne_de_syntaxe(exc: SyntaxError, ligne: int) -> int:
    """La ligne du texte modifié où Python a vu l'erreur : ``ligne`` est celle du « >>> »,
    l'erreur peut être sur une ligne « ... » qui suit (la compilation d'un exemple compte
    ses lignes à partir de 1). Une erreur venue d'un ``compile`` ou d'un ``eval`` du code
    lui-même garde la ligne de l'exemple."""
    if exc.filename and exc.filename.startswith("<doctest ") and exc.lineno and exc.lineno > 0:
        return ligne + exc.lineno - 1
    return ligne


def _phrase(texte: str) -> str:
    return texte if texte.endswith((".", "?", "!")) else texte + "."


def _suggestion(nom: str, noms: Iterable[str]) -> str:
    import builtins
    import difflib

    candidats = [n for n in {*noms, *dir(builtins)} if not n.startswith("__")]
    proches = difflib.get_close_matches(nom, candidats, n=1, cutoff=0.75)
    return f" (vouliez-vous écrire « {proches[0]} » ?)" if proches else ""


def decrire(exc: BaseException, ligne: int, noms: Iterable[str] = ()) -> dict[str, str]:
    """Une exception levée par le code d'un exemple, en français, avec sa ligne
    (``ligne`` : celle du « >>> » qui l'a levée) ; ``noms`` : ceux que l'exemple a définis,
    pour proposer le plus proche d'un nom mal tapé. Le texte de Python reste dans ``detail``.

    >>> decrire(RecursionError("maximum recursion depth exceeded"), 4)["message"]
    "Ligne 4 : récursion trop profonde : une fonction s'appelle elle-même sans fin (ou presque)."
    >>> decrire(ZeroDivisionError("division by zero"), 1)["message"]
    'Ligne 1 : division par zéro (ZeroDivisionError), « division by zero »'
    """
    import traceback

    detail = "".join(traceback.format_exception_only(type(exc), exc)).strip()[:2000]
    nom = type(exc).__name__
    if isinstance(exc, SyntaxError):
        message = f"Erreur de syntaxe à la ligne {ligne_de_syntaxe(exc, ligne)} : {_phrase(syntaxe(exc.msg or ''))}"
    elif isinstance(exc, UnboundLocalError) and (exc.name or _nom_inconnu(str(exc))):
        local = exc.name or _nom_inconnu(str(exc))
        message = f"Ligne {ligne} : « {local} » est employé avant d'avoir reçu une valeur dans cette fonction."
    elif isinstance(exc, NameError) and (exc.name or _nom_inconnu(str(exc))):
        inconnu = exc.name or _nom_inconnu(str(exc))
        message = f"Ligne {ligne} : « {inconnu} » n'est défini nulle part{_suggestion(inconnu, noms)}."
    elif isinstance(exc, RecursionError):
        message = f"Ligne {ligne} : récursion trop profonde : une fonction s'appelle elle-même sans fin (ou presque)."
    elif isinstance(exc, SystemExit):
        message = f"Ligne {ligne} : votre code a demandé l'arrêt de Python (sys.exit) ; {SUITE} {REPRISE}"
    elif isinstance(exc, KeyboardInterrupt):
        message = f"Ligne {ligne} : votre code a interrompu Python (KeyboardInterrupt) ; {SUITE} {REPRISE}"
    elif isinstance(exc, MemoryError):
        message = f"Ligne {ligne} : la mémoire a manqué pour ce calcul."
    else:
        message = f"Ligne {ligne} : {GENRES_D_ERREUR.get(nom, 'erreur')} ({nom})"
        if str(exc):
            message += f", « {str(exc)[:200]} »"
    return {"message": message, "detail": detail}


def _nom_inconnu(texte: str) -> str:
    m = re.match(r"(?:name|cannot access local variable|local variable) '(\w+)'", texte)
    return m[1] if m else ""


#: Les refus du lecteur de doctest (un texte qui ne se lit pas comme un exemple).
_LECTURE: tuple[tuple[re.Pattern[str], Callable[[re.Match[str]], str]], ...] = (
    (re.compile(r"line (\d+) of the docstring for .* lacks blank after (>>>|\.\.\.): .*", re.S),
     lambda m: f"ligne {m[1]} : une espace est attendue après « {m[2]} »"),
    (re.compile(r"line (\d+) of the docstring for .* has inconsistent leading whitespace: .*", re.S),
     lambda m: f"ligne {m[1]} : son retrait ne suit pas celui de la ligne « >>> » qu'elle continue"),
    (re.compile(r"line (\d+) of the (?:docstring|doctest) for .* has (?:an )?invalid option: .*", re.S),
     lambda m: f"ligne {m[1]} : option de doctest inconnue après « # doctest: »"),
)


def lecture_doctest(message: str) -> str:
    """Un refus du lecteur de doctest, en français.

    >>> lecture_doctest("line 3 of the docstring for ex lacks blank after >>>: '>>>x'")
    'ligne 3 : une espace est attendue après « >>> »'
    """
    for motif, traduction in _LECTURE:
        m = motif.fullmatch(message)
        if m:
            return traduction(m)
    return "le texte ne se lit pas comme un exemple (des lignes « >>> » suivies de leurs résultats)"
