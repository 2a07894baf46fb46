"""Le pont entre le navigateur et le cœur : du JSON entre, du JSON sort.

Le worker JavaScript ne connaît aucune règle : il transmet une requête à
:func:`traiter` et affiche la réponse. Les requêtes :

* ``lancer`` : une mécanique du registre, ses paramètres bruts et une graine (et ``fiche``,
  l'état rangé du personnage choisi à côté du lanceur, que le résultat nomme) ;
* ``cotes`` : les chances exactes pour des paramètres, sans lancer ;
* ``exemple`` : le texte d'un exemple, exécuté avec :mod:`doctest`, ligne à ligne ;
* ``suivi`` : une opération sur un suivi d'un système nommé (``systeme``, et ``suivi`` quand
  le système en déclare plusieurs) ; le registre le trouve dans la valeur ``SYSTEME``.

Les phrases qui repartent vers la page reçoivent les espaces insécables de la typographie
française (:func:`~jdr_core.francais.typographier`), ici, en un seul endroit :

>>> import json
>>> r = json.loads(traiter(json.dumps({"type": "lancer", "mecanique": "3d6-test",
...                                     "parametres": {"caracteristique": "7"}})))
>>> r["erreur"] == 'Caractéristique 7\u00a0: attendu un entier de 1 à 5'
True
>>> r = json.loads(traiter(json.dumps({"type": "exemple", "source": ">>> 1 + 1\\n3\\n"})))
>>> r["ok"], r["lignes"][0]["obtenu"]
(False, '2\\n')
"""

from __future__ import annotations

import json
import re
from fractions import Fraction
from functools import cache
from typing import Any

from .erreurs import JdrErreur, entier_borne

TAILLE_MAX_REQUETE = 100_000
#: Imbrication la plus profonde acceptée (objets et listes) : mesurée avant l'analyse.
PROFONDEUR_MAX = 32
#: Chiffres au plus dans un nombre entier de la requête (une graine en a 16).
CHIFFRES_MAX = 40
#: Caractères de sortie au plus dans la réponse d'un exemple (toutes lignes comprises) : au-delà,
#: la sortie est tronquée et le dit (un ``print`` de 10 Mo gèlerait la page qui l'affiche).
SORTIE_MAX = 100_000
#: Les genres de requête que le pont connaît, pour le dire au lecteur.
GENRES_DE_REQUETE = ("lancer", "cotes", "suivi", "exemple")
#: Réponse quand une erreur imprévue échappe au cœur : rien de technique n'est montré.
ERREUR_IMPREVUE = ("Le calcul n'a pas abouti : cette demande n'a pas pu être traitée. "
                   "Vérifiez les valeurs saisies, puis réessayez.")

# doctest et le registre ne sont importés qu'au premier besoin : dans le navigateur,
# chaque module importé retarde la première réponse.


#: Les trois façons de lancer un exemple depuis la page.
MODES = ("texte", "autres_des", "modifie")


def decrire_erreur(exc: BaseException, ligne: int, noms: Any = ()) -> dict[str, str]:
    """Une erreur levée par un exemple, dite en français : une :class:`JdrErreur` donne son
    message ; toute autre exception, sa cause en français et sa ligne, le détail Python à
    part (:mod:`jdr_core.erreurs_python`)."""
    if isinstance(exc, JdrErreur):
        return {"message": f"Ligne {ligne} : {exc}"}
    from .erreurs_python import decrire

    return decrire(exc, ligne, noms)


class _Arret(Exception):
    """Le code de l'exemple a arrêté Python (KeyboardInterrupt, SystemExit) : rien ne suit."""


@cache
def _classe_runner() -> Any:
    import doctest
    import io

    class SortieBornee(io.StringIO):
        """La sortie d'une ligne « >>> », comme la garde doctest, mais bornée dès l'écriture :
        au-delà de :data:`SORTIE_MAX` caractères, le reste est seulement compté (un ``print`` de
        10 Mo ne coûte ni la mémoire ni le temps de le garder, puis de l'effacer)."""

        def __init__(self) -> None:
            super().__init__()
            self.gardes = 0
            self.coupes = 0
            #: Ce qui a été compté sans être gardé, pour la dernière sortie lue puis effacée.
            self.coupes_lus = 0

        def write(self, texte: str) -> int:
            place = max(SORTIE_MAX + 1 - self.gardes, 0)
            if len(texte) > place:
                self.coupes += len(texte) - place
            garde = texte[:place]
            self.gardes += len(garde)
            if garde:
                super().write(garde)
            return len(texte)

        def getvalue(self) -> str:
            valeur = super().getvalue()
            # Comme doctest, une sortie finit par un saut de ligne ; sauf coupée : son compte est exact.
            return valeur + "\n" if valeur and not valeur.endswith("\n") and not self.coupes else valeur

        def truncate(self, size: int | None = None) -> int:
            self.coupes_lus, self.gardes, self.coupes = self.coupes, 0, 0
            self.seek(size or 0)
            return super().truncate()

    class Verificateur(doctest.OutputChecker):
        """Une sortie plus longue que :data:`SORTIE_MAX` n'est pas comparée au texte (les
        expressions régulières de doctest y passeraient des secondes dans le navigateur) :
        elle en diffère, et sera montrée tronquée."""

        def check_output(self, want: str, got: str, optionflags: int) -> bool:
            return len(got) <= SORTIE_MAX and super().check_output(want, got, optionflags)

    class Runner(doctest.DocTestRunner):
        """Garde, pour chaque ligne ``>>>``, ce qui était attendu et ce qui est sorti."""

        def __init__(self) -> None:
            super().__init__(checker=Verificateur(), optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE,
                             verbose=False)
            self._fakeout = SortieBornee()
            self.lignes: list[dict[str, Any]] = []
            self.ecrits = 0
            self.courant: doctest.Example | None = None

        def _borner(self, got: str) -> str:
            reste = max(SORTIE_MAX - self.ecrits, 0)
            deja = self._fakeout.coupes_lus  # au-delà de ce que la sortie a gardé
            if len(got) > reste or deja:
                from .francais import accorder

                coupes = max(len(got) - reste, 0) + deja
                nombre = f"{coupes:,}".replace(",", "\u202f")
                got = (f"{got[:reste]}\n… sortie tronquée : {nombre} {accorder(coupes, 'caractère')} de plus, "
                       f"non {accorder(coupes, 'affiché')}.\n")
            self.ecrits += len(got)
            return got

        def _noter(self, example: doctest.Example, got: str, ok: bool) -> dict[str, Any]:
            got = self._borner(got)
            ligne = {"source": example.source, "attendu": example.want, "obtenu": got, "ok": ok,
                     "ligne": example.lineno + 1}
            # Après une erreur, les lignes suivantes échouent en cascade (noms jamais définis) :
            # seule la première erreur est rapportée.
            if not any("erreur" in precedente for precedente in self.lignes):
                self.lignes.append(ligne)
            return ligne

        def report_start(self, out: Any, test: Any, example: Any) -> None:
            self.courant = example

        def interrompre(self, exc: BaseException) -> None:
            """Le code a interrompu Python (KeyboardInterrupt) : la ligne en cours le dit."""
            if self.courant is not None:
                erreur = decrire_erreur(exc, self.courant.lineno + 1)
                self._noter(self.courant, erreur["message"] + "\n", False)["erreur"] = erreur

        def report_success(self, out: Any, test: Any, example: doctest.Example, got: str) -> None:
            self._noter(example, got, True)

        def report_failure(self, out: Any, test: Any, example: doctest.Example, got: str) -> None:
            self._noter(example, got, False)

        def report_unexpected_exception(self, out: Any, test: Any, example: doctest.Example, exc_info: Any) -> None:
            erreur = decrire_erreur(exc_info[1], example.lineno + 1, test.globs)
            self._noter(example, erreur["message"] + "\n", False)["erreur"] = erreur
            if isinstance(exc_info[1], SystemExit):
                raise _Arret  # sys.exit : la suite de l'exemple ne s'exécute pas

    return Runner


def verdict(mode: str, lignes: list[dict[str, Any]]) -> str:
    """La phrase qui résume l'exécution, pour un joueur.

    >>> verdict("texte", [{"ok": True}])
    'Le calcul du navigateur donne les mêmes résultats que le texte.'
    >>> verdict("modifie", [{"ok": False}, {"ok": True}, {"ok": False}])
    'Votre version donne 2 résultats différents du texte, marqués ≠.'
    >>> verdict("autres_des", [{"ok": False}])
    "Mêmes règles, d'autres dés : 1 ligne diffère du texte (≠), les dés ou l'issue."
    >>> verdict("autres_des", [{"ok": True}])
    "Mêmes règles, d'autres dés : les mêmes lignes que le texte (✔)."
    """
    from .francais import compter

    ecarts = sum(1 for ligne in lignes if not ligne["ok"])
    if any("erreur" in ligne for ligne in lignes):
        return "Le calcul s'arrête sur une erreur : voyez le message ci-dessous."
    if mode == "autres_des":
        # Une ligne diffère dès que ses dés diffèrent, même si l'issue reste la même : la phrase le dit.
        if not ecarts:
            return "Mêmes règles, d'autres dés : les mêmes lignes que le texte (✔)."
        verbe = "diffère" if ecarts < 2 else "diffèrent"
        return f"Mêmes règles, d'autres dés : {compter(ecarts, 'ligne')} {verbe} du texte (≠), les dés ou l'issue."
    if not lignes:
        return "Cet exemple n'a rien à calculer."
    if not ecarts:
        sujet = "Votre version" if mode == "modifie" else "Le calcul du navigateur"
        return f"{sujet} donne les mêmes résultats que le texte."
    sujet = "Votre version" if mode == "modifie" else "Le calcul du navigateur"
    marque = "marqué" if ecarts < 2 else "marqués"
    return f"{sujet} donne {compter(ecarts, 'résultat différent', 'résultats différents')} du texte, {marque} ≠."


def executer_exemple(
    source: str, nom: str = "exemple", graine: int | None = None, mode: str = "texte"
) -> dict[str, Any]:
    """Exécute un exemple comme le fait pytest et rend le verdict de chaque ligne.

    Avec une graine, les dés scriptés de l'exemple sont remplacés par des dés tirés de
    cette graine (« Avec d'autres dés ») : les écarts au texte sont alors attendus.
    """
    import doctest
    from contextlib import nullcontext

    from .des import autres_des

    if mode not in MODES:
        from .francais import enumerer

        raise JdrErreur(f"mode d'exécution inconnu : le mode vaut {enumerer(MODES, 'ou')}.")
    try:
        test = doctest.DocTestParser().get_doctest(source, {}, nom, None, 0)
    except ValueError as e:
        from .erreurs_python import lecture_doctest

        raise JdrErreur(f"exemple illisible : {lecture_doctest(str(e))}.") from e
    runner = _classe_runner()()
    contexte = autres_des(graine) if graine is not None else nullcontext()
    with contexte:
        try:
            runner.run(test, out=lambda _texte: None, clear_globs=True)
        except KeyboardInterrupt as exc:  # doctest laisse passer l'interruption : on la dit
            runner.interrompre(exc)
        except _Arret:
            pass
    lignes = runner.lignes
    ok = bool(lignes) and all(ligne["ok"] for ligne in lignes)
    reponse: dict[str, Any] = {"ok": ok, "lignes": lignes, "mode": mode, "verdict": verdict(mode, lignes)}
    if graine is not None:
        reponse["graine"] = graine
    return reponse


def _verifier_nom(requete: dict[str, Any], champ: str, quoi: str, requis: bool) -> None:
    """Un nom de lanceur ou de système : un texte court, sinon une phrase qui dit lequel manque."""
    if requis and not isinstance(requete.get(champ), str):
        raise JdrErreur(f"requête incomplète : le champ « {champ} » doit nommer {quoi}.")


def _exemple(requete: dict[str, Any]) -> dict[str, Any]:
    source = requete.get("source")
    if not isinstance(source, str):
        raise JdrErreur("exemple illisible : le texte est attendu")
    graine = requete.get("graine")
    mode = requete.get("mode", "autres_des" if graine is not None else "texte")
    graine_ok = None
    if graine is not None:
        from .registre import lire_graine

        graine_ok = lire_graine(graine)
    nom = requete.get("nom")
    nom = nom[:80] if isinstance(nom, str) else "exemple"
    return executer_exemple(source, nom, graine_ok, mode if isinstance(mode, str) else "")


def _repondre(requete: Any) -> dict[str, Any]:
    if not isinstance(requete, dict):
        raise JdrErreur("requête illisible : un objet JSON est attendu")
    genre = requete.get("type")
    parametres = requete.get("parametres") or {}
    if not isinstance(parametres, dict):
        raise JdrErreur("paramètres illisibles : un objet est attendu")
    _verifier_nom(requete, "mecanique", "un lanceur", genre in ("lancer", "cotes"))
    _verifier_nom(requete, "systeme", "un système", genre == "suivi")
    if genre == "exemple":
        return _exemple(requete)
    # Le registre (mécaniques, graphiques) n'est importé que par les requêtes qui s'en
    # servent : le premier « Exécuter » d'une page n'en paie pas l'import.
    from . import registre

    if genre == "lancer":
        return registre.executer(requete.get("mecanique"), parametres, requete.get("graine"), requete.get("graphique"),
                                 requete.get("fiche"))
    if genre == "cotes":
        return registre.cotes_et_graphique(requete.get("mecanique"), parametres, requete.get("graphique"))
    if genre == "suivi":
        # « suivi » (facultatif) nomme l'un des suivis du système ; sans lui, le premier.
        return dict(registre.suivi(requete.get("systeme"), requete.get("suivi")).operer(
            requete.get("etat"), requete.get("op")))
    from .francais import enumerer

    connus = enumerer(GENRES_DE_REQUETE, "ou")
    if not isinstance(genre, str):
        raise JdrErreur(f"requête sans genre : le champ « type » doit valoir {connus}.")
    raise JdrErreur(f"requête inconnue : « {genre[:40]} » ; le champ « type » doit valoir {connus}.")


def prechauffer(systemes: list[str] | None = None) -> None:
    """Exécute un petit exemple et calcule les cotes par défaut des lanceurs, pour que le
    premier clic réponde aussitôt. Le worker nomme ``systemes`` (les paquets dont la page
    porte un widget) : seuls ceux-là sont importés, une page 3D6 ne charge pas le D10.
    Sans liste : tous les systèmes déclarés."""
    import importlib

    from . import registre

    executer_exemple(">>> 1 + 1\n2\n")
    for nom in registre.SYSTEMES:
        if systemes is None or nom in systemes:
            for meca in importlib.import_module(f"{__package__}.{nom}.systeme").SYSTEME.mecaniques:
                meca.cotes(meca.valider({}))


def chauffer(fois: int = 20000) -> Fraction:
    """Fait tourner l'interpréteur sur ``fois`` additions de fractions (le calcul des cotes) et
    rend leur somme.

    Dans un worker neuf, le navigateur exécute d'abord le WebAssembly de Python en code de base,
    plusieurs fois plus lent, puis optimise ce qui a servi : le Python à part du code modifié
    chauffe ainsi (0,35 s dans Chromium) avant que son budget de temps ne coure. Le plus lent
    des exemples du site y passe de 0,58 s à 0,4 s, le plus court de 0,17 s à 0,06 s.

    >>> chauffer(3)
    Fraction(13, 12)
    """
    total = Fraction(0)
    for i in range(1, entier_borne("additions", fois, 0, 100_000) + 1):
        total += Fraction(1, i % 97 + 1)
    return total


#: Une chaîne JSON entière (guillemets et échappements compris) : retirée avant de compter.
_CHAINE_JSON = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"', re.DOTALL)
#: Tout ce qui n'est ni crochet ni accolade.
_SANS_CROCHET = re.compile(r"[^][{}]+")
_PARENTHESES = str.maketrans("[{]}", "(())")


def verifier_imbrication(texte: str) -> None:
    """Refuse une requête trop imbriquée, avant toute analyse et sans récursion : les
    chaînes sont retirées, il reste les crochets et accolades, dont on efface les paires
    les plus intérieures, un niveau par passe (chaque passe est un simple remplacement).

    >>> verifier_imbrication('{"a": [1, "[[[["]}')
    >>> verifier_imbrication("[" * 33 + "]" * 33)
    Traceback (most recent call last):
    ...
    jdr_core.erreurs.JdrErreur: requête trop imbriquée : 32 niveaux d'objets et de listes au plus.
    """
    signes = _SANS_CROCHET.sub("", _CHAINE_JSON.sub("", texte)).translate(_PARENTHESES)
    trop = JdrErreur(f"requête trop imbriquée : {PROFONDEUR_MAX} niveaux d'objets et de listes au plus.")
    if "(" * (PROFONDEUR_MAX + 1) in signes:
        raise trop
    reste = signes
    for _ in range(PROFONDEUR_MAX):
        if not reste:
            return
        reste = reste.replace("()", "")
    if not reste:
        return
    # Il reste une imbrication plus profonde, ou des crochets orphelins (le JSON le dira) :
    # le compte exact tranche, et s'arrête au premier niveau de trop.
    profondeur = 0
    for signe in signes:
        profondeur += 1 if signe == "(" else -1
        if profondeur > PROFONDEUR_MAX:
            raise trop


def _entier_json(texte: str) -> int:
    if len(texte.lstrip("-")) > CHIFFRES_MAX:
        raise JdrErreur(f"requête refusée : un nombre entier y dépasse {CHIFFRES_MAX} chiffres.")
    return int(texte)


def _reel_json(texte: str) -> float:
    valeur = float(texte)
    if valeur in (float("inf"), float("-inf")):
        raise JdrErreur("requête refusée : un nombre y est trop grand.")
    return valeur


def _constante_json(texte: str) -> float:
    raise JdrErreur(f"requête illisible : « {texte} » n'est pas un nombre JSON.")


def lire_requete(texte: object) -> Any:
    """Le texte JSON du worker, lu avec ses limites : longueur, imbrication, nombres."""
    if not isinstance(texte, str):
        raise JdrErreur("requête illisible : un texte JSON est attendu.")
    if len(texte) > TAILLE_MAX_REQUETE:
        raise JdrErreur(f"requête trop longue : {TAILLE_MAX_REQUETE} caractères au plus.")
    verifier_imbrication(texte)
    try:
        return json.loads(texte, parse_int=_entier_json, parse_float=_reel_json, parse_constant=_constante_json)
    except json.JSONDecodeError:
        raise JdrErreur("requête illisible : JSON invalide.") from None


#: Les champs de réponse que la page affiche comme du texte (phrases du cœur) : ils reçoivent
#: la typographie française. Les autres (clés, noms saisis, valeurs) restent tels quels, pour
#: que la page puisse les comparer et les renvoyer.
TEXTES_AFFICHES = frozenset({
    "phrase", "details", "titre", "libelle", "pourcentage", "au_moins", "message", "verdict", "erreur",
    "obtenu", "attendu", "resume", "au_tour", "journal", "blessures", "etat_texte", "malus_texte",
    "survie_texte", "initiative_detail", "situation", "reglages",
})
#: Les champs jamais touchés, ni eux ni ce qu'ils contiennent : l'état sauvegardé d'une fiche,
#: les paramètres d'un jet, le code d'un exemple et le détail technique d'une erreur.
DONNEES = frozenset({"etat", "rejeu", "parametres", "bornes", "source", "detail", "pour_lanceur"})


def typographier_reponse(valeur: Any, cle: str | None = None) -> Any:
    """La réponse avec la typographie française dans ses textes affichés (:data:`TEXTES_AFFICHES`)
    et dans le balisage des graphiques (``html``).

    >>> typographier_reponse({"phrase": "Contre 3 : réussite", "etat": {"journal": ["a : b"]}, "cle": "1 succès"})
    {'phrase': 'Contre 3\xa0: réussite', 'etat': {'journal': ['a : b']}, 'cle': '1 succès'}
    """
    from .francais import typographier, typographier_html

    if isinstance(valeur, str):
        if cle == "html":
            return typographier_html(valeur)
        return typographier(valeur) if cle in TEXTES_AFFICHES else valeur
    if isinstance(valeur, list):
        return [typographier_reponse(v, cle) for v in valeur]
    if isinstance(valeur, dict):
        return {k: v if k in DONNEES else typographier_reponse(v, k) for k, v in valeur.items()}
    return valeur


def traiter(requete_json: str) -> str:
    """Point d'entrée unique du worker : jamais d'exception, toujours une réponse JSON.

    Une erreur que le cœur sait expliquer (:class:`JdrErreur`) donne son message ; toute
    autre erreur, un message français sans détail technique.

    Les phrases y ont leurs espaces insécables (doctest ne les confond pas avec des espaces,
    même avec NORMALIZE_WHITESPACE : on compare donc au texte typographié).

    >>> from jdr_core.francais import typographier
    >>> json.loads(traiter('{"type": "fiche"}'))["erreur"] == typographier(
    ...     "requête inconnue : « fiche » ; le champ « type » doit valoir lancer, cotes, suivi ou exemple.")
    True
    >>> json.loads(traiter('[' * 5000 + ']' * 5000))["erreur"] == typographier(
    ...     "requête trop imbriquée : 32 niveaux d'objets et de listes au plus.")
    True
    """
    try:
        reponse = typographier_reponse(_repondre(lire_requete(requete_json)))
        return json.dumps(reponse, ensure_ascii=False, allow_nan=False)
    except JdrErreur as erreur:
        return json.dumps(typographier_reponse({"erreur": str(erreur)[:2000]}), ensure_ascii=False)
    except Exception:  # le dernier filet : le lecteur n'a pas à voir une trace Python
        return json.dumps(typographier_reponse({"erreur": ERREUR_IMPREVUE}), ensure_ascii=False)
