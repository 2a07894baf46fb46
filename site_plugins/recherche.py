"""La recherche du site en français, par-dessus la recherche intégrée de Material.

Deux retouches, faites à la construction par le greffon ``jdr`` :

1. **Ce qui n'est pas du texte de règle reste hors de l'index.** Le code des exemples,
   les blocs de code, les formulaires des lanceurs, les boutons, les sorties vides des
   widgets et la fiche de suivi reçoivent ``data-search-exclude`` avant que le greffon
   ``search`` lise la page (``on_page_content`` passe avant son ``on_page_context`` ;
   Material retire ensuite l'attribut du HTML publié). Sinon on cherchait « initiative »
   et on trouvait « l'initiativeExécuter ».

2. **Accents, élisions et pluriels.** La recherche de Material (lunr) ne sait pas plier
   les accents : aucun réglage ne lui fait trouver « éclat » en tapant « eclat ». Le texte
   affiché dans les résultats doit pourtant garder ses accents. On ajoute donc à chaque
   section de ``search_index.json`` un champ caché ``plie`` : les mots de la section sans
   accents, et leur pluriel quand le texte n'a que le singulier. Le champ est déclaré
   dans la configuration de l'index, que le worker de Material indexe champ par champ ;
   il n'est jamais affiché. Côté requête, rien à changer : Material cherche chaque mot
   tapé comme un préfixe (« eclat* ») ; « éclat » trouve le texte, « eclat » et
   « eclats » trouvent le champ plié. Les élisions (« l'initiative ») sont coupées par le
   séparateur de mots réglé dans ``mkdocs.yml`` (apostrophes droite et typographique),
   que ce module relit dans l'index pour découper les mots exactement comme le
   navigateur.
"""

from __future__ import annotations

import html
import json
import re
import unicodedata
from pathlib import Path

#: Attribut reconnu par le greffon search de Material (valeur non vide : Material ne
#: retire du HTML publié que ``data-search-…="…"`` avec une valeur).
ATTRIBUT_EXCLU = 'data-search-exclude="oui"'

#: Balises jamais indexées : du code, des commandes, des sorties de widget.
BALISES_EXCLUES = frozenset({"pre", "form", "button", "output", "select", "textarea", "template", "noscript"})

#: Classes dont tout le contenu reste hors de l'index : code replié des exemples, boutons
#: et état des exemples, fiches de suivi (leurs libellés de commande), copie locale.
CLASSES_EXCLUES = frozenset({
    "highlight", "jdr-exemple-code", "jdr-exemple-actions", "jdr-etat", "jdr-fiche",
    "jdr-copie-locale", "jdr-lanceur",
})

#: Cellules et entrées dont le texte se collerait à la voisine dans l'index.
BALISES_CELLULES = frozenset({"td", "th", "dt", "dd", "li"})

#: Nom du champ plié ajouté à chaque section de l'index.
CHAMP_PLIE = "plie"

_OUVRANTE = re.compile(r"<(?P<balise>[a-zA-Z][a-zA-Z0-9]*)(?P<attributs>(?:\s[^<>]*?)?)(?P<fin>/?)>")
_CLASSE = re.compile(r'\sclass="([^"]*)"')
_BALISE_HTML = re.compile(r"<[^>]*>")
_LIGATURES = str.maketrans({"œ": "oe", "æ": "ae", "Œ": "oe", "Æ": "ae"})


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
        if balise in BALISES_EXCLUES or classes & CLASSES_EXCLUES:
            return f"<{m.group('balise')} {ATTRIBUT_EXCLU}{attributs}{m.group('fin')}>"
        if balise in BALISES_CELLULES:
            # Une espace avant chaque cellule : sinon l'index colle « critique » et « total ».
            return " " + m.group(0)
        return m.group(0)

    return _OUVRANTE.sub(marquer, contenu)


def plier(mot: str) -> str:
    """Le mot en minuscules, sans accents ni ligatures.

    >>> plier("Éclat"), plier("cœur"), plier("dégâts")
    ('eclat', 'coeur', 'degats')
    """
    decompose = unicodedata.normalize("NFD", mot.lower().translate(_LIGATURES))
    return "".join(c for c in decompose if not unicodedata.combining(c))


def formes(mot: str) -> set[str]:
    """Le mot plié et, s'il est au singulier, ses pluriels réguliers.

    >>> sorted(formes("blessure")), sorted(formes("cheval")), sorted(formes("jeu"))
    (['blessure', 'blessures'], ['cheval', 'chevals', 'chevaux'], ['jeu', 'jeus', 'jeux'])
    """
    base = plier(mot)
    resultat = {base}
    if len(base) < 3 or not base.isalpha() or base[-1] in "sxz":
        return resultat
    resultat.add(base + "s")
    if base.endswith("al"):
        resultat.add(base[:-2] + "aux")
    if base.endswith(("au", "eu")):
        resultat.add(base + "x")
    return resultat


def champ_plie(texte: str, separateur: re.Pattern[str]) -> str:
    """Les formes pliées des mots d'un texte HTML, sauf celles que le texte contient déjà.

    >>> champ_plie("<p>Un coup d'éclat, deux blessures.</p>", re.compile(r"[\\s'.,]+"))
    'coups eclat eclats'
    """
    mots = [m for m in separateur.split(html.unescape(_BALISE_HTML.sub(" ", texte)).lower()) if m]
    presents = set(mots)
    plies: set[str] = set()
    for mot in mots:
        plies |= formes(mot)
    return " ".join(sorted(plies - presents))


def plier_index(site: Path) -> None:
    """Ajoute le champ plié à ``search/search_index.json`` (s'il existe) et le déclare."""
    chemin = site / "search" / "search_index.json"
    if not chemin.is_file():
        return
    index = json.loads(chemin.read_text(encoding="utf-8"))
    config = index["config"]
    separateur = re.compile(config.get("separator") or r"[\s\-]+")
    for section in index["docs"]:
        plie = champ_plie(f"{section.get('title', '')} {section.get('text', '')}", separateur)
        if plie:
            section[CHAMP_PLIE] = plie
    # Le même poids que le texte : un mot tapé sans accent vaut le mot accentué.
    poids = config.get("fields", {}).get("text", {}).get("boost", 1.0)
    config.setdefault("fields", {})[CHAMP_PLIE] = {"boost": poids}
    chemin.write_text(json.dumps(index, ensure_ascii=False, separators=(",", ":")), encoding="utf-8")
