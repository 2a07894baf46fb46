"""Les anciennes adresses d'un dossier renommé (option « anciens_dossiers » du greffon jdr), et les
anciennes ancres d'une page scindée.

Un lien de rejeu partagé dans une discussion, une entrée du journal ou un favori gardent
l'adresse du jour où ils ont été faits. Quand un dossier de ``docs/`` change de nom (pour prendre
celui de son système, par exemple), chaque page du nouveau dossier laisse à son ancienne
adresse une page de renvoi : ``renvoi.js`` y remplace l'adresse par la nouvelle en gardant la
requête (graine, réglages du lanceur) et l'ancre ; sans JavaScript, un rafraîchissement et un
lien mènent à la page, sans la requête. Ces pages ne sont ni indexées ni dans le plan du site.

Une page scindée en plusieurs (une section devenue sa propre page) garde son adresse ; l'en-tête
``sections_deplacees`` nomme les pages qui ont reçu ses sections. Le greffon écrit dans la page
scindée la carte de ses anciennes ancres (celles des pages reçues qu'elle n'a plus), et ``jdr.js``
mène un lien vers l'une d'elles à la page qui l'a reçue, requête comprise.

>>> print(page_de_renvoi("../../nouveau/test/", "Le test", "../../", "https://exemple.org/regles/nouveau/test/"))
... # doctest: +ELLIPSIS
<!doctype html>
<html lang="fr" data-jdr-vers="../../nouveau/test/">
...<link rel="canonical" href="https://exemple.org/regles/nouveau/test/">
<script src="../../assets/jdr/widgets/renvoi.js"></script>...
<p>Cette page a changé d'adresse\xa0: <a href="../../nouveau/test/">Le test</a>.</p>...
"""

from __future__ import annotations

import html
import json
import posixpath
import re
from pathlib import Path

from jdr_core.francais import typographier_html

_TITRE = re.compile(r"<title>(.*?)</title>", re.IGNORECASE | re.DOTALL)


class RenvoiImpossible(ValueError):
    """Une option « anciens_dossiers » qui ne peut pas être tenue (le message dit pourquoi)."""


def page_de_renvoi(cible: str, titre: str, racine: str, canonique: str) -> str:
    """Le HTML d'une page de renvoi vers ``cible`` (adresse relative), ``racine`` menant à la racine du
    site ; ``canonique`` est l'adresse publiée de la page (comme le lien canonique des autres pages)."""
    cible, titre = html.escape(cible), html.escape(titre)
    return typographier_html(f"""<!doctype html>
<html lang="fr" data-jdr-vers="{cible}">
<head>
<meta charset="utf-8">
<meta name="robots" content="noindex">
<title>{titre}</title>
<link rel="canonical" href="{html.escape(canonique)}">
<script src="{html.escape(racine)}assets/jdr/widgets/renvoi.js"></script>
<noscript><meta http-equiv="refresh" content="0; url={cible}"></noscript>
</head>
<body>
<p>Cette page a changé d'adresse : <a href="{cible}">{titre}</a>.</p>
</body>
</html>
""")


def ecrire_renvois(site: Path, anciens: dict[str, str], adresse: str) -> list[str]:
    """Pour chaque ancien dossier → nouveau, une page de renvoi à l'ancienne adresse de chaque page
    HTML du nouveau dossier du site construit (``adresse`` : celle du site publié, ``site_url``).
    Rend les chemins écrits (relatifs au site)."""
    ecrits: list[str] = []
    for ancien, nouveau in sorted(anciens.items()):
        for nom in (ancien, nouveau):
            if not re.fullmatch(r"[a-z0-9][a-z0-9_-]*", nom):
                raise RenvoiImpossible(f"anciens_dossiers : « {nom} » n'est pas un nom de dossier simple")
        if (site / ancien).exists():
            raise RenvoiImpossible(f"anciens_dossiers : le dossier {ancien}/ existe encore dans le site")
        pages = sorted((site / nouveau).rglob("*.html"))
        if not pages:
            raise RenvoiImpossible(f"anciens_dossiers : le site n'a aucune page dans {nouveau}/")
        for page in pages:
            relatif = page.relative_to(site / nouveau).as_posix()
            origine = f"{ancien}/{relatif}"
            profondeur = origine.count("/")
            racine = "../" * profondeur
            nouvelle = nouveau + "/" + relatif.removesuffix("index.html")
            cible = racine + nouvelle
            trouve = _TITRE.search(page.read_text(encoding="utf-8"))
            titre = html.unescape(trouve[1].strip()) if trouve else posixpath.basename(cible.rstrip("/"))
            (site / origine).parent.mkdir(parents=True, exist_ok=True)
            canonique = adresse.rstrip("/") + "/" + nouvelle
            (site / origine).write_text(page_de_renvoi(cible, titre, racine, canonique), encoding="utf-8")
            ecrits.append(origine)
    return ecrits


# --- Une page scindée : ses anciennes ancres suivent leurs sections -------------------------------

#: La clé d'en-tête d'une page scindée : les pages (chemins relatifs à elle) qui ont reçu ses sections.
SECTIONS_DEPLACEES = "sections_deplacees"
#: L'id du bloc JSON que jdr.js lit sur une page scindée (ancre → adresse de la page qui l'a reçue).
CARTE_DES_ANCRES = "jdr-ancres-deplacees"
#: Ce qu'un lien vise : un titre, un exemple (lien de rejeu), un lanceur (« Lancer cette situation »).
_CIBLE = re.compile(r'<(?:h[1-6]|div class="jdr-exemple"|form class="jdr-lanceur")(?=[\s>])[^>]*?\sid="([^"]+)"')


def ids_de(fragment: str) -> set[str]:
    """Les ancres qu'un lien vise dans un fragment HTML : titres, exemples et lanceurs (pas les
    champs ni les graphiques qu'ils contiennent).

    >>> sorted(ids_de('<h2 id="le-sabotage">…</h2><div class="jdr-exemple" data-exemple="s" id="exemple-s">'
    ...               '<input id="exemple-s-niveau"><form class="jdr-lanceur" data-mecanique="m" id="lanceur-m">'))
    ['exemple-s', 'lanceur-m', 'le-sabotage']
    """
    return set(_CIBLE.findall(fragment))


def carte_des_ancres(restees: set[str], parties: list[tuple[str, set[str]]]) -> dict[str, str]:
    """Ancre → adresse de la page qui l'a reçue, pour chaque ancre des ``parties`` (adresse, ses id)
    qui n'est plus sur la page scindée (``restees``). Une ancre reçue par deux pages va à la première.

    >>> carte_des_ancres({"intro", "t"}, [("../b/", {"t", "x", "y"}), ("../c/", {"y", "z"})])
    {'x': '../b/', 'y': '../b/', 'z': '../c/'}
    """
    carte: dict[str, str] = {}
    for adresse, ids in parties:
        for ident in sorted(ids - restees):
            carte.setdefault(ident, adresse)
    return carte


def inserer_carte(page: str, carte: dict[str, str]) -> str:
    """La carte des ancres en JSON dans un ``<template>`` inerte, à la fin de l'article de la page
    (remplacé avec lui par la navigation instantanée), échappée comme du texte HTML.

    Pas dans un ``<script type="application/json">`` : la navigation instantanée de Material recrée
    chaque script du contenu sans ses attributs ; la carte perdait son id (plus de renvoi) et devenait
    un script à exécuter, que la CSP bloquait (erreur de console à chaque arrivée sur la page).

    >>> inserer_carte("<article></article>", {"x": "../b/", "y": "</template>"})
    '<article><template id="jdr-ancres-deplacees">{"x": "../b/", "y": "&lt;/template&gt;"}</template></article>'
    """
    if page.count("</article>") != 1:
        raise RenvoiImpossible("page scindée : un seul <article> attendu pour y poser la carte de ses ancres")
    donnees = html.escape(json.dumps(carte, ensure_ascii=False, sort_keys=True), quote=False)
    bloc = f'<template id="{CARTE_DES_ANCRES}">{donnees}</template>'
    return page.replace("</article>", bloc + "</article>", 1)
