"""Le registre : la liste déclarée des systèmes, et ce qu'on en tire.

Un système est un paquet ``jdr_core/<nom>/`` dont le module ``systeme`` expose une valeur
``SYSTEME`` (voir :class:`~jdr_core.mecanique.Systeme`). Ajouter un système, c'est
ajouter son paquet, ses pages, ses tests et son nom dans :data:`SYSTEMES` : rien d'autre
(ni le pont, ni les blocs, ni la construction, ni le worker) ne nomme un système. Les
systèmes n'importent jamais ce module : ils ne dépendent que de :mod:`jdr_core.mecanique`.

>>> m = mecanique("3d6-test")
>>> m.valider({"caracteristique": "9"})
Traceback (most recent call last):
...
jdr_core.erreurs.ParametreInvalide: Caractéristique 9 : attendu un entier de 1 à 5
"""

from __future__ import annotations

import importlib
import re
from collections.abc import Mapping
from functools import cache
from typing import Any

from .des import GRAINE_MAX, DesAleatoires, graine_au_hasard
from .erreurs import JdrErreur
from .francais import enumerer
from .issues import cotes_affichees
from .loi import Loi
from .mecanique import Mecanique, Systeme, Table, Valeurs, lire_entier
from .suivi import Suivi

#: L'id d'un lanceur, préfixe des id de son graphique.
ID_GRAPHIQUE = re.compile(r"[A-Za-z0-9][A-Za-z0-9_-]{0,79}")

#: La seule liste des systèmes : le nom de chaque paquet, dans l'ordre du site, une ligne par
#: système (``nox -s nouveau`` en ajoute une ; la retirer, avec les dossiers, retire le système).
SYSTEMES: tuple[str, ...] = (
    "troisd6",
    "encore",
    "deuxd6",
    "d10",
)


@cache
def systemes() -> tuple[Systeme, ...]:
    """Les valeurs ``SYSTEME`` de chaque paquet déclaré, chargées une fois."""
    trouves = []
    for nom in SYSTEMES:
        systeme = importlib.import_module(f"{__package__}.{nom}.systeme").SYSTEME
        if not isinstance(systeme, Systeme) or systeme.nom != nom:
            raise JdrErreur(f"système {nom} : jdr_core.{nom}.systeme.SYSTEME doit être un Systeme nommé {nom!r}")
        trouves.append(systeme)
    return tuple(trouves)


@cache
def _index() -> tuple[dict[str, Mecanique[Any]], dict[str, Table], dict[str, Systeme]]:
    mecaniques: dict[str, Mecanique[Any]] = {}
    tables: dict[str, Table] = {}
    for s in systemes():
        for m in s.mecaniques:
            if m.nom in mecaniques:
                raise JdrErreur(f"mécanique déclarée deux fois : {m.nom}")
            mecaniques[m.nom] = m
        for t in s.tables:
            if t.nom in tables:
                raise JdrErreur(f"table déclarée deux fois : {t.nom}")
            tables[t.nom] = t
    return mecaniques, tables, {s.nom: s for s in systemes()}


def mecaniques() -> dict[str, Mecanique[Any]]:
    """Toutes les mécaniques, par nom."""
    return _index()[0]


def mecanique(nom: object) -> Mecanique[Any]:
    if not isinstance(nom, str) or nom not in mecaniques():
        raise JdrErreur(f"lanceur inconnu : {str(nom)[:40]!r}")
    return mecaniques()[nom]


def systeme_de(nom: object) -> str:
    """Le nom du système qui déclare une mécanique (pour relier son lanceur à une fiche)."""
    meca = mecanique(nom)
    return next(s.nom for s in systemes() if meca in s.mecaniques)


def tables() -> dict[str, Table]:
    """Toutes les tables publiées, par nom."""
    return _index()[1]


def systeme(nom: object) -> Systeme:
    connus = _index()[2]
    if not isinstance(nom, str) or nom not in connus:
        raise JdrErreur(f"système inconnu : {str(nom)[:40]!r} (connus : {', '.join(connus)})")
    return connus[nom]


def suivi(nom: object, quel: object = None) -> Suivi[Any]:
    """Un suivi d'un système : celui que nomme ``quel``, ou par défaut le premier qu'il
    déclare ; une erreur en français si le système n'en a pas, ou pas de ce nom."""
    s = systeme(nom)
    if not s.suivis:
        raise JdrErreur(f"le système {s.titre} n'a pas de fiche de suivi")
    if quel is None or quel == "":
        return s.suivis[0]
    for candidat in s.suivis:
        if candidat.nom == quel:
            return candidat
    connus = enumerer([f"{c.nom} ({c.titre})" for c in s.suivis], "ou")
    raise JdrErreur(f"suivi inconnu : « {str(quel)[:40]} » ; les suivis du système {s.titre} : {connus}")


def lire_graine(graine: object) -> int:
    """Une graine reçue (nombre ou texte de l'adresse), ou une graine neuve si absente."""
    if graine is None or graine == "":
        return graine_au_hasard()
    return lire_entier("graine", graine, 0, GRAINE_MAX)


def _options_graphique(meca: Mecanique[Any], options: object) -> tuple[str, Valeurs | None]:
    """Les options du graphique reçues du navigateur : l'id du lanceur (pour les id du SVG)
    et, en mode « comparer », les paramètres figés, validés comme ceux du jet."""
    if options is None:
        return f"lanceur-{meca.nom}", None
    if not isinstance(options, Mapping):
        raise JdrErreur("options du graphique illisibles : un objet est attendu")
    ident = options.get("id") or f"lanceur-{meca.nom}"
    if not isinstance(ident, str) or not ID_GRAPHIQUE.fullmatch(ident):
        raise JdrErreur("graphique : id invalide (lettres, chiffres et tirets, 80 au plus)")
    comparer = options.get("comparer")
    if comparer is None:
        return ident, None
    if not isinstance(comparer, Mapping):
        raise JdrErreur("comparaison illisible : un objet de paramètres est attendu")
    try:
        return ident, meca.valider(comparer)
    except JdrErreur as e:
        raise JdrErreur(f"réglage figé pour comparer : {e}") from e


def graphique(meca: Mecanique[Any], valeurs: Valeurs, options: object = None, resultat: object = None,
              loi: Loi[Any] | None = None) -> dict[str, Any]:
    """Le graphique JSON d'un lanceur : son balisage (SVG et tableau) et la barre surlignée
    (``loi`` : celle de :meth:`Mecanique.loi`, si elle est déjà calculée)."""
    from .graphique import pour_lanceur  # seulement quand un graphique est demandé (démarrage plus court)

    ident, comparaison = _options_graphique(meca, options)
    repartition = meca.repartir(valeurs, loi)
    realisee = None if resultat is None else meca.barre_de(resultat, repartition)
    return {
        "html": pour_lanceur(meca, valeurs, ident=ident, realisee=realisee, comparaison=comparaison,
                             repartition=repartition),
        "realisee": realisee,
        "series": 1 if comparaison is None else 2,
    }


def executer(nom: object, bruts: Mapping[str, object], graine: object = None,
             options_graphique: object = None, fiche: object = None) -> dict[str, Any]:
    """Lance une mécanique avec une graine (tirée au hasard si absente).

    Rend un dictionnaire JSON : la graine, les paramètres retenus, les cotes et
    l'affichage (dés, phrase, détails). Toute erreur est une :class:`JdrErreur`.
    ``fiche`` : l'état rangé du personnage choisi à côté du lanceur ; relu par le suivi du
    système, il donne son nom (et son genre) au résultat, si la mécanique sait le dire
    (:attr:`~jdr_core.mecanique.Mecanique.nommer`). Les dés n'en dépendent pas.

    >>> r = executer("3d6-test", {"caracteristique": "3"}, 7)
    >>> r["graine"], r["parametres"]["caracteristique"]
    (7, 3)
    >>> executer("3d6-test", {}, 7) == executer("3d6-test", {}, "7")
    True
    """
    meca = mecanique(nom)
    valeurs = meca.valider(bruts)
    graine_ok = lire_graine(graine)
    resultat = meca.lancer(valeurs, DesAleatoires(graine_ok))
    if fiche is not None:
        resultat = _au_nom_de(meca, resultat, fiche)
    loi = meca.loi(valeurs)
    return {
        "mecanique": meca.nom,
        "graine": graine_ok,
        "parametres": valeurs,
        "cotes": cotes_affichees(meca.cotes(valeurs, loi)),
        "graphique": graphique(meca, valeurs, options_graphique, resultat, loi),
        "journal_jet": meca.pour_journal(resultat, valeurs),
        **meca.afficher(resultat, valeurs),
    }


def _au_nom_de(meca: Mecanique[Any], resultat: Any, fiche: object) -> Any:
    """Le résultat dit au nom du personnage d'une fiche rangée, relue (et migrée) par le premier
    suivi du système, celui auquel le lanceur applique ses jets ; inchangé si la mécanique ne
    nomme personne."""
    if meca.nommer is None:
        return resultat
    s = systeme(systeme_de(meca.nom)).suivi
    if s is None or s.designation is None:
        return resultat
    nom, accord, _ = s.designation(s.depuis_json(fiche))
    return meca.nommer(resultat, nom, accord)


def cotes(nom: object, bruts: Mapping[str, object]) -> list[dict[str, str]]:
    """Les cotes exactes pour des paramètres, sans lancer."""
    meca = mecanique(nom)
    return cotes_affichees(meca.cotes(meca.valider(bruts)))


def cotes_et_graphique(nom: object, bruts: Mapping[str, object], options_graphique: object = None) -> dict[str, Any]:
    """La réponse à un changement de réglage : les cotes et le graphique, sans lancer.

    >>> r = cotes_et_graphique("3d6-test", {"caracteristique": "4"}, {"id": "essai"})
    >>> r["cotes"][0]["libelle"], 'aria-labelledby="essai-graphique-titre"' in r["graphique"]["html"]
    ('Réussir (difficulté 2)', True)
    """
    meca = mecanique(nom)
    valeurs = meca.valider(bruts)
    loi = meca.loi(valeurs)
    return {"cotes": cotes_affichees(meca.cotes(valeurs, loi)),
            "graphique": graphique(meca, valeurs, options_graphique, None, loi)}
