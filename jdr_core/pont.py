"""Le pont entre le navigateur et le cœur : du JSON entre, du JSON sort.

Le worker JavaScript ne connaît aucune règle : il transmet une requête à
:func:`traiter` et affiche la réponse. Les requêtes :

* ``lancer`` : une mécanique du registre, ses paramètres bruts et une graine ;
* ``cotes`` : les chances exactes pour des paramètres, sans lancer ;
* ``exemple`` : le texte d'un exemple, exécuté avec :mod:`doctest`, ligne à ligne ;
* ``suivi`` : une opération sur la fiche de suivi d'un système nommé (``systeme``) ; le
  registre trouve ce suivi dans la valeur ``SYSTEME`` du système.

>>> import json
>>> r = json.loads(traiter(json.dumps({"type": "lancer", "mecanique": "3d6-test",
...                                     "parametres": {"caracteristique": "7"}})))
>>> r["erreur"]
'Caractéristique 7 : attendu un entier de 1 à 5'
>>> r = json.loads(traiter(json.dumps({"type": "exemple", "source": ">>> 1 + 1\\n3\\n"})))
>>> r["ok"], r["lignes"][0]["obtenu"]
(False, '2\\n')
"""

from __future__ import annotations

import json
from functools import cache
from typing import Any

from .erreurs import JdrErreur

TAILLE_MAX_REQUETE = 100_000

# doctest et le registre ne sont importés qu'au premier besoin : dans le navigateur,
# chaque module importé retarde la première réponse.


@cache
def _classe_runner() -> Any:
    import doctest

    class Runner(doctest.DocTestRunner):
        """Garde, pour chaque ligne ``>>>``, ce qui était attendu et ce qui est sorti."""

        def __init__(self) -> None:
            super().__init__(optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE, verbose=False)
            self.lignes: list[dict[str, Any]] = []

        def report_start(self, out: Any, test: Any, example: Any) -> None:
            pass

        def report_success(self, out: Any, test: Any, example: doctest.Example, got: str) -> None:
            self.lignes.append({"source": example.source, "attendu": example.want, "obtenu": got, "ok": True})

        def report_failure(self, out: Any, test: Any, example: doctest.Example, got: str) -> None:
            self.lignes.append({"source": example.source, "attendu": example.want, "obtenu": got, "ok": False})

        def report_unexpected_exception(self, out: Any, test: Any, example: doctest.Example, exc_info: Any) -> None:
            erreur = f"{exc_info[0].__name__}: {exc_info[1]}"
            self.lignes.append({"source": example.source, "attendu": example.want, "obtenu": erreur, "ok": False})

    return Runner


def executer_exemple(source: str, nom: str = "exemple") -> dict[str, Any]:
    """Exécute un exemple comme le fait pytest et rend le verdict de chaque ligne."""
    import doctest

    test = doctest.DocTestParser().get_doctest(source, {}, nom, None, 0)
    runner = _classe_runner()()
    runner.run(test, out=lambda _texte: None, clear_globs=True)
    ok = bool(runner.lignes) and all(ligne["ok"] for ligne in runner.lignes)
    return {"ok": ok, "lignes": runner.lignes}


def _repondre(requete: Any) -> dict[str, Any]:
    if not isinstance(requete, dict):
        raise JdrErreur("requête illisible : un objet JSON est attendu")
    genre = requete.get("type")
    parametres = requete.get("parametres") or {}
    if not isinstance(parametres, dict):
        raise JdrErreur("paramètres illisibles : un objet est attendu")
    from . import registre

    if genre == "lancer":
        return registre.executer(requete.get("mecanique"), parametres, requete.get("graine"))
    if genre == "cotes":
        return {"cotes": registre.cotes(requete.get("mecanique"), parametres)}
    if genre == "suivi":
        return registre.suivi(requete.get("systeme")).operer(requete.get("etat"), requete.get("op"))
    if genre == "exemple":
        source = requete.get("source")
        if not isinstance(source, str):
            raise JdrErreur("exemple illisible : le texte est attendu")
        return executer_exemple(source, str(requete.get("nom", "exemple")))
    raise JdrErreur(f"requête inconnue : {str(genre)[:40]!r}")


def prechauffer() -> None:
    """Charge tous les systèmes et exécute un petit exemple : appelé par le worker avant
    d'annoncer « prêt », pour que le premier clic réponde aussitôt."""
    from . import registre

    executer_exemple(">>> 1 + 1\n2\n")
    for nom in registre.mecaniques():
        registre.cotes(nom, {})


def traiter(requete_json: str) -> str:
    """Point d'entrée unique du worker : jamais d'exception, toujours une réponse JSON."""
    try:
        if len(requete_json) > TAILLE_MAX_REQUETE:
            raise JdrErreur("requête trop longue")
        reponse = _repondre(json.loads(requete_json))
    except JdrErreur as erreur:
        reponse = {"erreur": str(erreur)}
    except json.JSONDecodeError:
        reponse = {"erreur": "requête illisible : JSON invalide"}
    return json.dumps(reponse, ensure_ascii=False)
