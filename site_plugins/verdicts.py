"""En écriture (``nox -s ecrire``) : le verdict de chaque exemple, rendu dans la page à la construction.

L'auteur enregistre une page ; ``mkdocs serve`` la reconstruit seule (``--dirty``) et chaque exemple
de la page y est exécuté sous CPython, comme pytest le fait (:func:`jdr_core.pont.executer_exemple`).
Au-dessus de l'exemple, la page montre son verdict : ✓, ou ✗ avec, pour chaque ligne qui diffère,
ce que le texte attend et ce que le code donne côte à côte (« Attendu » / « Obtenu », les lignes
qui changent marquées), ou l'erreur de Python dite en français (:mod:`jdr_core.erreurs_python`),
chaque ligne nommée par sa ligne dans le fichier. Aucun JavaScript : du HTML, et quelques règles
à la fin de ``jdr.css``.

Sous ``mkdocs serve``, un ✗ se lit dans la page et dans le terminal, et la construction continue ;
sous ``mkdocs build`` avec l'option d'écriture, le premier ✗ arrête tout (:data:`ARRETER`).

>>> v = verifier(">>> 1 + 1\\n3\\n", "essai", 10)
>>> v.ok, v.ecarts[0].ligne, v.ecarts[0].attendu, v.ecarts[0].obtenu
(False, 11, '3', '2')
>>> print(v.resume())
exemple « essai » : la ligne 11 donne « 2 » au lieu de « 3 »
"""

from __future__ import annotations

import difflib
import html
import re
from dataclasses import dataclass, field

from jdr_core.erreurs import JdrErreur
from jdr_core.pont import executer_exemple

#: Les modes de l'option ``ecriture`` du greffon : rien (le site publié), montrer les verdicts
#: (``mkdocs serve``), ou les montrer et arrêter la construction au premier ✗ (``mkdocs build``).
MONTRER = "montrer"
ARRETER = "arreter"

#: « Ligne 3 : … » ou « Erreur de syntaxe à la ligne 3 : … » : un message de jdr_core.erreurs_python,
#: dont le numéro compte les lignes de l'exemple ; on le remplace par celui du fichier.
_NUMERO = re.compile(r"^(Ligne |Erreur de syntaxe à la ligne )(\d+)")


@dataclass(frozen=True)
class Ecart:
    """Une ligne « >>> » dont la sortie n'est pas celle du texte : sa ligne dans le fichier, son code,
    la sortie attendue et l'obtenue (ou le message d'erreur en français, et le détail de Python)."""

    ligne: int
    code: str
    attendu: str
    obtenu: str
    erreur: str = ""
    detail: str = ""


@dataclass(frozen=True)
class Verdict:
    """Le verdict d'un exemple : ✓ (aucun écart) ou ✗ (ses écarts, ou l'exemple illisible)."""

    ident: str
    #: La ligne de l'ouverture du bloc dans le fichier (0 si elle n'a pas été retrouvée).
    ligne: int
    ecarts: tuple[Ecart, ...] = field(default_factory=tuple)
    #: L'exemple ne se lit pas comme un doctest, ou n'a rien à vérifier : la raison.
    illisible: str = ""

    @property
    def ok(self) -> bool:
        return not self.ecarts and not self.illisible

    def resume(self) -> str:
        """Le verdict en une phrase, pour le terminal et pour l'erreur qui arrête ``mkdocs build``."""
        if self.illisible:
            return f"exemple « {self.ident} » : {self.illisible}"
        if not self.ecarts:
            return f"exemple « {self.ident} » : ✓"
        e = self.ecarts[0]
        cause = e.erreur or f"la ligne {e.ligne} donne « {_court(e.obtenu)} » au lieu de « {_court(e.attendu)} »"
        autres = len(self.ecarts) - 1
        suite = f" (et {autres} autre{'s' if autres > 1 else ''} ligne{'s' if autres > 1 else ''})" if autres else ""
        return f"exemple « {self.ident} » : {cause}{suite}"


def _court(texte: str, taille: int = 80) -> str:
    texte = " ⏎ ".join(ligne for ligne in texte.splitlines() if ligne.strip())
    return texte if len(texte) <= taille else texte[: taille - 1] + "…"


def situer_message(message: str, decalage: int) -> str:
    """Un message d'erreur de l'exemple, son numéro de ligne compté dans le fichier.

    >>> situer_message("Ligne 2 : « x » n'est défini nulle part.", 40)
    "Ligne 42 : « x » n'est défini nulle part."
    """
    return _NUMERO.sub(lambda m: f"{m[1]}{int(m[2]) + decalage}", message, count=1)


def verifier(source: str, ident: str, ligne: int | None) -> Verdict:
    """Exécute l'exemple (bloc ouvert à la ligne ``ligne`` du fichier) et rend son verdict."""
    debut = ligne or 0
    try:
        resultat = executer_exemple(source, ident)
    except JdrErreur as illisible:
        return Verdict(ident, debut, illisible=str(illisible))
    if not resultat["lignes"]:
        return Verdict(ident, debut, illisible="aucune ligne « >>> » à vérifier")
    ecarts = []
    for sortie in resultat["lignes"]:
        if sortie["ok"]:
            continue
        erreur = sortie.get("erreur") or {}
        ecarts.append(Ecart(
            ligne=debut + sortie["ligne"],
            code=sortie["source"].rstrip("\n"),
            attendu=sortie["attendu"].rstrip("\n"),
            obtenu="" if erreur else sortie["obtenu"].rstrip("\n"),
            erreur=situer_message(erreur.get("message", ""), debut),
            detail=erreur.get("detail", ""),
        ))
    return Verdict(ident, debut, tuple(ecarts))


def invites(code: str) -> str:
    r"""Le code d'une ligne d'exemple tel que la page l'écrit : « >>> », puis « ... » pour la suite.

    >>> invites("for n in (1, 2):\n    print(n)")
    '>>> for n in (1, 2):\n...     print(n)'
    """
    return "\n".join((">>> " if i == 0 else "... ") + ligne for i, ligne in enumerate(code.splitlines()))


def _cote_a_cote(attendu: str, obtenu: str) -> tuple[str, str]:
    """Les deux sorties en HTML, ligne à ligne : ce qui manque à l'obtenu marqué ``<del>`` dans
    l'attendu, ce qui s'y ajoute marqué ``<ins>`` dans l'obtenu ; le reste tel quel."""
    a, o = attendu.splitlines(), obtenu.splitlines()
    gauche: list[str] = []
    droite: list[str] = []
    for etiquette, i1, i2, j1, j2 in difflib.SequenceMatcher(a=a, b=o, autojunk=False).get_opcodes():
        if etiquette == "equal":
            gauche += [html.escape(x, quote=False) for x in a[i1:i2]]
            droite += [html.escape(x, quote=False) for x in o[j1:j2]]
            continue
        gauche += [f"<del>{html.escape(x, quote=False)}</del>" for x in a[i1:i2]]
        droite += [f"<ins>{html.escape(x, quote=False)}</ins>" for x in o[j1:j2]]
    return "\n".join(gauche) or "<em>(rien)</em>", "\n".join(droite) or "<em>(rien)</em>"


def verdict_html(verdict: Verdict) -> str:
    """Le verdict tel que la page le montre, au-dessus de l'exemple."""
    if verdict.ok:
        return ('<div class="jdr-verdict jdr-verdict--ok"><p class="jdr-verdict-titre">'
                '<span aria-hidden="true">✓</span> Vérifié : l\'exemple donne ce que dit le texte.</p></div>')
    ici = f" (ligne {verdict.ligne})" if verdict.ligne else ""
    if verdict.illisible:
        return ('<div class="jdr-verdict jdr-verdict--ko"><p class="jdr-verdict-titre"><span aria-hidden="true">✗'
                f'</span> Exemple illisible{ici} : {html.escape(verdict.illisible, quote=False)}</p></div>')
    n = len(verdict.ecarts)
    titre = f"{n} ligne{'s' if n > 1 else ''} ne donne{'nt' if n > 1 else ''} pas ce que dit le texte"
    lignes = []
    for e in verdict.ecarts:
        attendu, obtenu = _cote_a_cote(e.attendu, e.obtenu)
        if e.erreur:
            detail = ('<details><summary>Détail technique</summary>'
                      f'<pre>{html.escape(e.detail, quote=False)}</pre></details>' if e.detail else "")
            obtenu = f'<p class="jdr-verdict-erreur">{html.escape(e.erreur, quote=False)}</p>{detail}'
        else:
            obtenu = f"<pre>{obtenu}</pre>"
        lignes.append(
            f'<tr><th scope="row">Ligne {e.ligne}<pre><code>{html.escape(invites(e.code), quote=False)}'
            "</code></pre></th>"
            f"<td><pre>{attendu}</pre></td><td>{obtenu}</td></tr>"
        )
    return (
        '<div class="jdr-verdict jdr-verdict--ko">'
        f'<p class="jdr-verdict-titre"><span aria-hidden="true">✗</span> {titre}{ici}.</p>'
        '<table class="jdr-verdict-ecarts"><thead><tr><th scope="col">Code</th>'
        '<th scope="col">Attendu</th><th scope="col">Obtenu</th></tr></thead>'
        f"<tbody>{''.join(lignes)}</tbody></table></div>"
    )
