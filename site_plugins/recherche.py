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
"""

from __future__ import annotations

import re

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
