"""La recherche du site en français, par-dessus la recherche intégrée de Material.

Une retouche faite à la construction par le greffon ``jdr``, une autre dans le navigateur :

1. **Ce qui n'est pas du texte de règle reste hors de l'index.** Le code des exemples,
   les blocs de code, les formulaires des lanceurs, les boutons, les sorties vides des
   widgets et la fiche de suivi reçoivent ``data-search-exclude`` avant que le greffon
   ``search`` lise la page (``on_page_content`` passe avant son ``on_page_context`` ;
   Material retire ensuite l'attribut du HTML publié). Sinon on cherchait « initiative »
   et on trouvait « l'initiativeExécuter ».

2. **Élisions, accents et pluriels** se règlent dans le navigateur, là où lunr construit
   l'index : ``assets/recherche/recherche-worker.js`` ajoute une étape au pipeline de lunr (élisions
   retirées, mots pliés sans accents, position gardée pour le surlignage) et réécrit chaque
   requête de la même façon. Un champ plié ajouté ici à ``search_index.json`` ne pouvait pas
   tout faire : « dé » plié en « de » y était jeté avec l'article par le filtre des mots vides,
   et un mot trouvé par lui n'était pas surligné. Les mots se coupent aux apostrophes par le
   séparateur réglé dans ``mkdocs.yml``.

Le worker de Material est trouvé là où Material le déclare : la configuration de chaque page
(``<script id="__config">``, clé ``search``, que le gabarit ``base.html`` du thème écrit avec
l'adresse de son worker, nom haché compris). Le greffon y met le nôtre à la place
(:func:`remplacer_worker`) et le pose à côté ; le nôtre lit l'adresse de celui de Material dans
le module de configuration (:mod:`site_plugins.configuration`).
"""

from __future__ import annotations

import json
import posixpath
import re

from jinja2.utils import htmlsafe_json_dumps

#: Attribut reconnu par le greffon search de Material (valeur non vide : Material ne
#: retire du HTML publié que ``data-search-…="…"`` avec une valeur).
ATTRIBUT_EXCLU = 'data-search-exclude="oui"'

#: Balises jamais indexées : du code, des commandes, des sorties de widget.
BALISES_EXCLUES = frozenset({"pre", "form", "button", "output", "select", "textarea", "template", "noscript"})

#: Classes dont tout le contenu reste hors de l'index : code replié des exemples, boutons
#: et état des exemples, fiches de suivi (leurs libellés de commande), copie locale, liens vers les
#: pages voisines (ceux du menu).
CLASSES_EXCLUES = frozenset({
    "highlight", "jdr-exemple-code", "jdr-exemple-actions", "jdr-etat", "jdr-fiche",
    "jdr-copie-locale", "jdr-lanceur", "jdr-jet-cotes", "jdr-pages-du-systeme",
})
#: Un bouton dont le texte est de la prose : celui d'un jet écrit dans le texte (jets.py) reste
#: indexé, sa phrase est celle de l'auteur ; son infobulle (réglages et cotes) ne l'est pas.
CLASSES_INDEXEES = frozenset({"jdr-jet-bouton"})

#: Cellules et entrées dont le texte se collerait à la voisine dans l'index.
BALISES_CELLULES = frozenset({"td", "th", "dt", "dd", "li"})

_OUVRANTE = re.compile(r"<(?P<balise>[a-zA-Z][a-zA-Z0-9]*)(?P<attributs>(?:\s[^<>]*?)?)(?P<fin>/?)>")
_CLASSE = re.compile(r'\sclass="([^"]*)"')


def exclure_widgets(contenu: str) -> str:
    """Marque ``data-search-exclude`` sur le code et les widgets d'une page HTML.

    >>> exclure_widgets('<p>Texte</p><pre class="x"><code>x = 1</code></pre>')
    '<p>Texte</p><pre data-search-exclude="oui" class="x"><code>x = 1</code></pre>'
    """

    def marquer(m: re.Match[str]) -> str:
        balise, attributs = m.group("balise").lower(), m.group("attributs")
        if "data-search-exclude" in attributs:
            return m.group(0)
        classe = _CLASSE.search(attributs)
        classes = set(classe.group(1).split()) if classe else set()
        if (balise in BALISES_EXCLUES and not classes & CLASSES_INDEXEES) or classes & CLASSES_EXCLUES:
            return f"<{m.group('balise')} {ATTRIBUT_EXCLU}{attributs}{m.group('fin')}>"
        if balise in BALISES_CELLULES:
            # Une espace avant chaque cellule : sinon l'index colle « critique » et « total ».
            return " " + m.group(0)
        return m.group(0)

    return _OUVRANTE.sub(marquer, contenu)


#: Notre worker de recherche : dans nos sources, puis dans le site, à côté de celui de Material.
WORKER = "recherche-worker.js"
#: La configuration que Material écrit dans chaque page (gabarit base.html, bloc « config »).
_CONFIG_MATERIAL = re.compile(r'(<script id="__config" type="application/json">)(.*?)(</script>)', re.S)


def remplacer_worker(page: str) -> tuple[str, str]:
    """La page avec notre worker à la place de celui de Material dans sa configuration
    (``__config.search``), et l'adresse de celui de Material telle que la page l'écrivait ;
    la page telle quelle et une adresse vide si elle n'a pas de recherche.

    La configuration est réécrite comme le filtre ``tojson`` de Jinja l'a écrite (clés triées,
    caractères sûrs dans du HTML) : seule l'adresse change.

    >>> page = ('<script id="__config" type="application/json">{"base": "../..", '
    ...         '"search": "../../assets/javascripts/workers/search.0123abcd.min.js"}</script>')
    >>> nouvelle, adresse = remplacer_worker(page)
    >>> adresse
    '../../assets/javascripts/workers/search.0123abcd.min.js'
    >>> nouvelle == page.replace("search.0123abcd.min.js", "recherche-worker.js")
    True
    """
    trouve = _CONFIG_MATERIAL.search(page)
    if trouve is None:
        return page, ""
    config = json.loads(trouve[2])
    adresse = config.get("search") if isinstance(config, dict) else None
    if not isinstance(adresse, str) or not adresse:
        return page, ""
    config["search"] = posixpath.join(posixpath.dirname(adresse), WORKER)
    return page[:trouve.start(2)] + str(htmlsafe_json_dumps(config, sort_keys=True)) + page[trouve.end(2):], adresse


def chemin_dans_le_site(adresse: str, page: str) -> str | None:
    """Le chemin dans le site d'une ``adresse`` relative écrite dans la page d'adresse ``page`` ;
    None si elle n'est pas relative (page 404, servie partout, qui écrit des adresses absolues).

    >>> chemin_dans_le_site("../../assets/javascripts/workers/search.0123abcd.min.js", "regles/combat/")
    'assets/javascripts/workers/search.0123abcd.min.js'
    >>> chemin_dans_le_site("assets/x.js", ""), chemin_dans_le_site("/assets/x.js", "404.html")
    ('assets/x.js', None)
    """
    if adresse.startswith("/") or "://" in adresse:
        return None
    chemin = posixpath.normpath(posixpath.join(posixpath.dirname(page), adresse))
    return None if chemin.startswith("..") else chemin
