"""Le module de configuration du navigateur, écrit par la construction depuis Python.

Tout ce que le JavaScript tient de la construction ou du cœur est dans un seul fichier,
``assets/jdr/configuration.js``, que l'étape « configuration » (:mod:`site_plugins.etapes`) écrit
en entier : la configuration du worker de Python (adresses du runtime, verrou, instantané,
tailles, mécaniques), les délais de la page, le worker de recherche de Material et le délai du
repos, le manifeste des widgets, les limites d'une requête (celles de :mod:`jdr_core.pont`) et
les réglages de l'affichage des cotes (ceux de :mod:`site_plugins.fences`). Aucune ligne d'un
script du site n'est plus remplacée à la construction, et aucune de ces valeurs n'est écrite
deux fois.

Un seul fichier pour trois sortes de lecteurs : les modules de la page et le worker de Python
(modules ES) l'importent (``import "./configuration.js";``), le worker de recherche, worker
classique à côté de celui de Material, le charge par ``importScripts``. C'est donc un script sans
``import`` ni ``export``, valable des deux façons : il pose sa valeur, gelée, dans
``globalThis.JDR_CONFIGURATION``, où chacun la lit. La page l'annonce dans son en-tête
(modulepreload, comme tout import statique de ``jdr.js`` : voir :mod:`site_plugins.prechargement`),
et le worker de Python l'importe en même temps que ses autres modules : aucun aller-retour de
plus avant le démarrage de Python.
"""

from __future__ import annotations

import json
from typing import Any

from jdr_core import pont

from .fences import FRACTION_LISIBLE, TITRE_COTES

#: Le fichier, à côté de jdr.js dans ``assets/jdr/`` (les imports des modules le nomment ainsi).
NOM = "configuration.js"
#: La variable globale où le script pose la configuration.
GLOBALE = "JDR_CONFIGURATION"


def constantes() -> dict[str, Any]:
    """Ce que le JavaScript lisait autrefois en copie : les limites d'une requête, vérifiées par la
    page avant l'envoi (les mêmes que le pont), et les réglages de la liste des cotes."""
    return {
        "limites": {"profondeurMax": pont.PROFONDEUR_MAX, "tailleMax": pont.TAILLE_MAX_REQUETE},
        "cotes": {"fractionLisible": FRACTION_LISIBLE, "titre": TITRE_COTES},
    }


def texte(donnees: dict[str, Any]) -> str:
    """Le script de configuration : ``donnees`` en JSON, posé gelé dans la variable globale.

    >>> print(texte({"delais": {"reponse": 20000}}).splitlines()[-1])
    globalThis.JDR_CONFIGURATION = Object.freeze({"delais": {"reponse": 20000}});
    """
    return (
        "// Écrit à la construction par le greffon jdr (site_plugins/configuration.py) : ne pas modifier.\n"
        f"globalThis.{GLOBALE} = Object.freeze({json.dumps(donnees, ensure_ascii=False)});\n"
    )
