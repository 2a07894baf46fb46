"""Les options du greffon ``jdr`` (``plugins: - jdr: …`` dans mkdocs.yml), typées comme celles des
greffons de Material : le greffon les vérifie dans on_config, les étapes de la construction
(:mod:`site_plugins.etapes`) les lisent dans leur contexte."""

from __future__ import annotations

from mkdocs.config import base
from mkdocs.config import config_options as c

from .runtime import NIVEAUX_COMPRESSION


class DelaisConfig(base.Config):  # type: ignore[no-untyped-call]  # __init_subclass__ de MkDocs non typé
    """Les délais du navigateur, en millisecondes. Les valeurs par défaut sont celles du site
    publié ; les tests construisent le leur avec des délais courts pour ne pas attendre."""

    #: Le worker abandonne (puis reprend par Range) un fichier dont aucun octet n'arrive pendant ce délai.
    silence_reseau = c.Type(int, default=15000)
    #: La page abandonne un téléchargement dont le worker ne donne aucune nouvelle pendant ce délai
    #: (plus long que silence_reseau, pour que le message précis du worker passe d'abord).
    silence_telechargement = c.Type(int, default=20000)
    #: La page abandonne un démarrage de Python (travail du processeur) silencieux pendant ce délai.
    silence_demarrage = c.Type(int, default=60000)
    #: Python prêt, une requête sans réponse après ce délai signale un worker bloqué.
    reponse = c.Type(int, default=20000)
    #: Sans recherche du lecteur, l'index de recherche se construit au repos après ce délai (environ
    #: 0,4 s de calcul) ; les tests le repoussent, pour que leurs pages ne le construisent pas pour rien.
    recherche = c.Type(int, default=4000)


class JdrConfig(base.Config):  # type: ignore[no-untyped-call]  # __init_subclass__ de MkDocs non typé
    pyodide = c.Type(str, default="node_modules/pyodide")
    paquets = c.ListOfItems(c.Type(str), default=["jdr_core"])
    optimiser_stdlib = c.Choice((0, 1, 2), default=2)
    lignes_stdlib = c.Type(bool, default=False)
    #: Faux : les tables de positions de jdr_core sont réduites dans l'archive (runtime.py, Reglages).
    lignes_coeur = c.Type(bool, default=False)
    garder = c.ListOfItems(c.Type(str), default=[])
    compresser = c.Type(bool, default=True)
    #: « maximale » (Brotli 11, gzip 9) pour le site publié, « rapide » pour le serveur local.
    compression = c.Choice(tuple(NIVEAUX_COMPRESSION), default="maximale")
    #: Nos scripts et styles réduits par esbuild dans le site construit (minification.py).
    minifier = c.Type(bool, default=True)
    #: Instantané local de la mémoire de Python, fabriqué et gardé par le navigateur du
    #: lecteur après son premier démarrage (voir jdr-worker.js) ; rien n'est téléchargé.
    instantane_local = c.Type(bool, default=True)
    #: Instantané préparé à la construction (instantane.mjs), téléchargé à la première visite
    #: sur un lien rapide seulement : 1 Mo des fichiers de Python reçu en moins de
    #: ``lien_rapide_ms`` après leur premier octet, soit 40 Mbit/s (un quart reçu à ce débit suffit à
    #: conclure, pour demander l'instantané plus tôt). Hypothèse : à ce débit, ses
    #: 3,8 Mo (0,8 s) coûtent à peu près le démarrage qu'ils évitent sur un processeur lent
    #: (0,5 s sur la machine du banc, bien plus sur un téléphone) ; 20 Mbit/s en reste loin.
    instantane_construit = c.Type(bool, default=True)
    lien_rapide_ms = c.Type(int, default=200)
    #: Le service worker qui garde le site pour le hors-ligne ; sans lui (nox -s ecrire),
    #: un sw.js qui retire celui d'une visite précédente.
    hors_ligne = c.Type(bool, default=True)
    delais = c.SubConfig(DelaisConfig)
    #: Pour l'auteur (nox -s ecrire) : chaque exemple est exécuté à la construction et la page montre
    #: son verdict (✓, ou ✗ avec l'attendu et l'obtenu, voir site_plugins/verdicts.py). Sous
    #: ``mkdocs serve``, un ✗ se lit dans la page ; sous ``mkdocs build``, il arrête la construction.
    ecriture = c.Type(bool, default=False)
    #: Dossiers de docs/ renommés, ancien nom → nouveau : chaque page garde une page de renvoi à
    #: son ancienne adresse (liens de rejeu partagés, journaux ; voir site_plugins/renvois.py).
    anciens_dossiers = c.DictOfItems(c.Type(str), default={})
