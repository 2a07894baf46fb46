"""Le petit outil de rédaction française, pour toute phrase que le cœur fabrique.

Les phrases des jets, des fiches et des erreurs passent par ici plutôt que d'écrire
un pluriel entre parenthèses : accord en nombre (et en genre) des noms comptés, « aucun » /
« aucune » pour zéro, élision (« d'Incendie », « l'adversaire »), signes typographiques.

>>> compter(0, "succès", pluriel="succès")
'aucun succès'
>>> compter(1, "réussite", feminin=True)
'1 réussite'
>>> compter(3, "palier franchi", pluriel="paliers franchis")
'3 paliers franchis'
>>> compter(0, "blessure", feminin=True)
'aucune blessure'
>>> accorder(2, "demandé")
'demandés'
>>> de("Incendie"), de("la nuit"), de("Pierre"), de("les truands"), de("le garde")
("d'Incendie", 'de la nuit', 'de Pierre', 'des truands', 'du garde')
>>> au("le garde"), au("les truands"), au("Philip")
('au garde', 'aux truands', 'à Philip')
>>> quantite(0, "manche"), quantite(3, "réussite")
('0 manche', '3 réussites')
>>> ordinal(1), ordinal(1, feminin=True), ordinal(3), ordinal(21)
('premier', 'première', 'troisième', '21e')
>>> conjuguer("les truands", "a", "ont"), conjuguer("Philip", "a", "ont")
('ont', 'a')
>>> enumerer([]), enumerer(["course"]), enumerer(["course", "saut"]), enumerer(["a", "b", "c"], "ou")
('', 'course', 'course et saut', 'a, b ou c')
>>> en_minuscule("Chute d'un étage")
"chute d'un étage"
>>> le("adversaire"), le("garde"), le("rue", feminin=True)
("l'adversaire", 'le garde', 'la rue')
>>> signe(-3), signe(2), signe(0)
('−3', '+2', '0')
>>> majuscule("l'adversaire l'emporte")
"L'adversaire l'emporte"
>>> de("Oskar"), le("Ours"), de("hasard"), de("Yann"), de("Yves"), de("8")
("d'Oskar", "l'Ours", 'de hasard', 'de Yann', "d'Yves", 'de 8')

Les phrases restent écrites avec des espaces ordinaires ; la typographie est une affaire
d'affichage, faite en un seul endroit (:func:`typographier`) : par la construction pour
les pages, par le pont pour les phrases envoyées au navigateur.

>>> typographier("Contre 3 : 2 succès ; « bien » ! Encore ? 12,5 % à 12:30, http://a.fr/?b=1") == (
...     "Contre 3\u00a0: 2\u00a0succès\u202f; «\u202fbien\u202f»\u202f! Encore\u202f? "
...     "12,5\u202f% à 12:30, http://a.fr/?b=1")
True
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from .erreurs import JdrErreur

VOYELLES = "aàâäeéèêëiîïoôöuùûüyœæhAÀÂÄEÉÈÊËIÎÏOÔÖUÙÛÜYŒÆH"

#: Les mots à h aspiré (et leurs dérivés, par le début du mot) : « le héros », « de hasard ».
#: Tout autre h est supposé muet (« l'homme », « d'Hugo »).
H_ASPIRES = (
    "hache", "haie", "haine", "hall", "halte", "hameau", "hamac", "hanche", "handicap", "hangar", "hanter",
    "harceler", "hardi", "harnais", "harpe", "hasard", "hâte", "hausse", "haut", "havre", "hennir", "hérisson",
    "hernie", "héron", "héros", "hêtre", "heurter", "hibou", "hiérarchie", "hisser", "hocher", "hold-up",
    "homard", "honte", "hoquet", "horde", "hors", "houle", "housse", "hublot", "huer", "huit", "hurler",
    "hutte", "hyène",
)


def accorder(nombre: int, singulier: str, pluriel: str | None = None) -> str:
    """Le mot accordé au nombre : pluriel à partir de 2 (0 et 1 restent au singulier).

    Le pluriel par défaut ajoute « s » à chaque mot (« palier franchi » → « paliers franchis »),
    sauf aux mots qui finissent déjà par s, x ou z.
    """
    if abs(nombre) < 2:
        return singulier
    if pluriel is not None:
        return pluriel
    return " ".join(m if m[-1:] in "sxz" else m + "s" for m in singulier.split(" "))


def compter(nombre: int, singulier: str, pluriel: str | None = None, *, feminin: bool = False) -> str:
    """Un nombre et ce qu'il compte : « aucun succès », « 1 blessure », « 3 paliers franchis »."""
    if nombre == 0:
        return f"{'aucune' if feminin else 'aucun'} {singulier}"
    return f"{nombre} {accorder(nombre, singulier, pluriel)}"


def elide(mot: str) -> bool:
    """Vrai si le mot appelle l'élision : voyelle, h muet (pas ceux de :data:`H_ASPIRES`), ou
    y suivi d'une consonne (« d'Yves », mais « de Yann ») ; capitales et noms propres compris.
    Un nombre n'élide jamais (« le 8 », « de 11 »)."""
    bas = mot.lower()
    if not bas or bas[0] not in VOYELLES:
        return False
    if bas[0] == "h":
        return not bas.startswith(H_ASPIRES)
    if bas[0] == "y":
        return bas[1:2] not in VOYELLES
    return True


def de(mot: str) -> str:
    """« de » devant un nom : contracté (« du garde », « des truands »), élidé devant une
    voyelle (« d'Incendie », « de l'inspecteur »), sinon « de Pierre »."""
    bas = mot.lower()
    if bas.startswith("les "):
        return "des " + mot[4:]
    if bas.startswith("le "):
        return "du " + mot[3:]
    return f"d'{mot}" if elide(mot) else f"de {mot}"


def au(mot: str) -> str:
    """« à » devant un nom, contracté : « au garde », « aux truands », « à Philip », « à l'adversaire »."""
    bas = mot.lower()
    if bas.startswith("les "):
        return "aux " + mot[4:]
    if bas.startswith("le "):
        return "au " + mot[3:]
    return "à " + mot


#: Un nom précédé de l'un de ces mots est pluriel (« les truands ») : le verbe s'accorde.
ARTICLES_PLURIELS = ("les ", "des ", "ces ", "mes ", "tes ", "ses ", "nos ", "vos ", "leurs ")


def est_pluriel(nom: str) -> bool:
    return nom.lower().startswith(ARTICLES_PLURIELS)


def conjuguer(nom: str, singulier: str, pluriel: str) -> str:
    """Le verbe accordé au nom : « Philip a », « les truands ont »."""
    return pluriel if est_pluriel(nom) else singulier


def quantite(nombre: int, singulier: str, pluriel: str | None = None) -> str:
    """Le nombre, même zéro, suivi du nom accordé : « 0 manche », « 3 réussites » (pour un
    score ou un décompte, où « aucun » sonnerait faux)."""
    return f"{nombre} {accorder(nombre, singulier, pluriel)}"


_ORDINAUX = (
    "deuxième", "troisième", "quatrième", "cinquième", "sixième", "septième", "huitième", "neuvième",
    "dixième", "onzième", "douzième", "treizième", "quatorzième", "quinzième", "seizième", "dix-septième",
    "dix-huitième", "dix-neuvième", "vingtième",
)


def ordinal(rang: int, *, feminin: bool = False) -> str:
    """« premier » (ou « première »), « deuxième »… jusqu'à « vingtième », puis « 21e »."""
    if rang == 1:
        return "première" if feminin else "premier"
    if 2 <= rang <= len(_ORDINAUX) + 1:
        return _ORDINAUX[rang - 2]
    return f"{rang}e"


def nombre_relatif(nombre: int) -> str:
    """Un entier relatif avec le vrai signe moins (« −2 »), sans « + » pour les positifs."""
    return f"−{-nombre}" if nombre < 0 else str(nombre)


def le(mot: str, *, feminin: bool = False) -> str:
    """L'article défini devant un nom : « l'adversaire », « le garde », « la rue »."""
    if elide(mot):
        return f"l'{mot}"
    return f"{'la' if feminin else 'le'} {mot}"


def signe(nombre: int) -> str:
    """Un modificateur avec son signe typographique : « +2 », « −3 », « 0 »."""
    if nombre > 0:
        return f"+{nombre}"
    if nombre < 0:
        return f"−{-nombre}"
    return "0"


def majuscule(texte: str) -> str:
    """Le texte avec une capitale initiale (début de phrase)."""
    return texte[:1].upper() + texte[1:]


def minuscule(texte: str) -> str:
    """Le texte sans capitale initiale, pour le placer au milieu d'une phrase
    (« Le personnage » → « le personnage » ; un nom propre est laissé tel quel s'il n'a
    pas d'article)."""
    if texte.startswith(("Le ", "La ", "Les ", "L'", "Un ", "Une ", "Des ")):
        return texte[:1].lower() + texte[1:]
    return texte


def enumerer(elements: Sequence[str], conjonction: str = "et") -> str:
    """Une énumération à la française : « a, b et c » (ou « a, b ou c »)."""
    if len(elements) < 2:
        return "".join(elements)
    return f"{', '.join(elements[:-1])} {conjonction} {elements[-1]}"


def en_minuscule(nom_commun: str) -> str:
    """Un nom commun placé au milieu d'une phrase (« Incendie » → « incendie »)."""
    return nom_commun[:1].lower() + nom_commun[1:]


# --- Accord avec un personnage ----------------------------------------------------------

#: Le genre grammatical d'un personnage, donné par le joueur à la création (jamais deviné
#: d'après le nom) : identifiant sauvegardé → libellé du formulaire. ``""`` : non précisé,
#: et les phrases prennent alors une tournure qui n'a pas besoin d'accord.
ACCORDS: dict[str, str] = {"": "non précisé", "il": "il", "elle": "elle"}


def lire_accord(valeur: object) -> str:
    """L'accord saisi ou relu : ``"il"``, ``"elle"`` ou ``""`` (non précisé, ou absent).

    >>> lire_accord("Elle"), lire_accord(None), lire_accord("")
    ('elle', '', '')
    >>> lire_accord("iel")
    Traceback (most recent call last):
    ...
    jdr_core.erreurs.JdrErreur: Accord « iel » inconnu : choisissez il, elle ou non précisé.
    """
    if valeur is None:
        return ""
    texte = valeur.strip().casefold() if isinstance(valeur, str) else valeur
    if texte == "non précisé":
        return ""
    if not isinstance(texte, str) or texte not in ACCORDS:
        cite = str(valeur)[:20]
        raise JdrErreur(f"Accord « {cite} » inconnu : choisissez il, elle ou non précisé.")
    return texte


def accorde(accord: str, masculin: str, feminin: str | None = None) -> str:
    """Un adjectif ou un participe accordé au genre donné : « blessé », « blessée ».

    Sans genre (``""``), la forme masculine : à n'employer que si la phrase n'en a pas
    besoin ; pour un personnage, :func:`phrases_suivi` prend une autre tournure.

    >>> accorde("elle", "modifié"), accorde("il", "modifié"), accorde("elle", "mort", "morte")
    ('modifiée', 'modifié', 'morte')
    """
    if accord == "elle":
        return feminin if feminin is not None else masculin + "e"
    return masculin


def phrases_suivi(nom: str, accord: str = "", neutre: tuple[str, bool] | None = None) -> dict[str, str]:
    """Les phrases que la page d'un suivi dit d'une fiche quand un autre onglet la change ou
    quand on la supprime, la duplique… : accordées au genre donné ; sans genre, le sujet est
    ``neutre`` (« la fiche de Mara » par défaut, féminin) et la phrase s'accorde avec lui, ou
    prend une tournure sans accord (« a changé »). ``{copie}`` et ``{raison}`` sont remplis
    par la page (le nom de la copie, la raison d'un refus), sans rien accorder.

    >>> print(phrases_suivi("Mara", "elle")["modifiee_ailleurs"])
    Mara a été modifiée dans un autre onglet : voici sa fiche à jour.
    >>> print(phrases_suivi("Oskar", "il")["supprimee"])
    Oskar a été supprimé.
    >>> p = phrases_suivi("Oskar")
    >>> print(p["modifiee_ailleurs"])
    La fiche d'Oskar a changé dans un autre onglet : la voici à jour.
    >>> print(p["supprimee"])
    La fiche d'Oskar a été supprimée.
    >>> print(phrases_suivi("Le quai", neutre=("le combat « Le quai »", False))["supprimee_ailleurs"])
    Le combat « Le quai » a été supprimé dans un autre onglet.
    """
    accord = lire_accord(accord)
    if accord:
        sujet, feminin = nom, accord == "elle"
        change = f"a été {accorde(accord, 'modifié')}"
        voici = "voici sa fiche à jour"
    else:
        sujet, feminin = neutre if neutre is not None else (f"la fiche {de(nom)}", True)
        change = "a changé"
        voici = f"{'la' if feminin else 'le'} voici à jour"
    genre = "elle" if feminin else "il"
    supprime = accorde(genre, "supprimé")
    debut = majuscule(sujet)
    return {
        "modifiee_ailleurs": f"{debut} {change} dans un autre onglet : {voici}.",
        "supprimee_ailleurs": f"{debut} a été {supprime} dans un autre onglet.",
        "supprimee": f"{debut} a été {supprime}.",
        "dupliquee": f"{debut} est {accorde(genre, 'dupliqué')} : {{copie}} rejoint le groupe.",
        "annulation_refusee": f"Annulation refusée : {sujet} {change} dans un autre onglet depuis son dernier "
                              "affichage ici ; annuler effacerait ce changement. Voici la fiche à jour.",
        "refus_supprimee": f"Opération refusée : {sujet} a été {supprime} dans un autre onglet.",
        "refus_illisible": f"Opération refusée : la fiche rangée {de(nom)} est devenue illisible ({{raison}}), "
                           "sans doute dans un autre onglet. Rien n'a été écrit.",
        "refus_absolue": f"Opération refusée : {sujet} {change} dans un autre onglet depuis son dernier affichage "
                         "ici, et cette opération remplacerait ses nouvelles valeurs. Voici la fiche à jour, "
                         "votre saisie est gardée ; refaites l'opération si elle tient toujours.",
        "refus_ne_tient_plus": f"Opération refusée : {sujet} {change} dans un autre onglet depuis son dernier "
                               "affichage ici, et l'opération ne tient plus sur la fiche à jour : {raison}. "
                               "Voici la fiche à jour.",
        "fait_a_jour": f"Fait sur la fiche à jour {de(nom)} : elle avait changé dans un autre onglet.",
        "importee": f"Fiche importée : {nom} rejoint le groupe.",
        "confirmer_suppression": f"Supprimer « {nom} » ? Sa fiche sera effacée de ce navigateur, sans retour "
                                 "possible.",
        "lien_partage": f"Lien de partage de la fiche {de(nom)}",
        "partage": f"Ce lien porte la fiche {de(nom)} : qui l'ouvre peut l'ajouter à son groupe, sans rien remplacer. "
                   "Il ne passe par aucun serveur.",
    }


# --- Typographie -------------------------------------------------------------------------

#: Espace fine insécable (avant ; ! ? », après «, avant %) et espace insécable (avant :,
#: entre un nombre et ce qu'il compte).
FINE = "\u202f"
INSECABLE = "\u00a0"
#: Une suite d'espaces, ordinaires ou déjà insécables : elle devient une seule espace.
_BLANCS = "[ \t\r\n\u00a0\u202f]+"
_AVANT_FINE = re.compile(_BLANCS + "(?=[;!?»])")
_AVANT_DEUX_POINTS = re.compile(_BLANCS + "(?=:)")
_APRES_GUILLEMET = re.compile("(?<=«)" + _BLANCS)
#: Un nombre seul (en début de texte, après une espace, une parenthèse, un tiret ou «, donc
#: pas « 2D6 », ni « 12:30 », ni « 1/2 », ni la fin d'une adresse) suivi d'un mot ou de %.
_NOMBRE = re.compile(r"(?<![^ \t\r\n\u00a0\u202f(\[«—–])[−+-]?[0-9]+(?:,[0-9]+)?(?:er|re|e)?(" + _BLANCS
                     + r")(?=(%|[^\W\d_]+)(['’]?))")
#: Un calcul écrit dans une phrase (« 7 + 1 = 8 », « 8 − 3 ») : l'espace avant le signe, entre deux
#: nombres, est insécable ; une ligne ne commence jamais par « + 1 = 8 » (« 1D10 + AGI » reste).
_OPERATEUR = re.compile(r"(?<=[0-9)])" + _BLANCS + r"(?=[+−=×][ \t\r\n\u00a0\u202f]*[−+]?[0-9])")
_SANS_BLANC_FIN = re.compile("[^ \t\r\n\u00a0\u202f]*\\Z")
_SANS_BLANC_DEBUT = re.compile("[^ \t\r\n\u00a0\u202f]*")

#: Après un nombre, ces mots ne sont pas ce qu'il compte (« 5 ou 6 », « 3 contre 4 ») :
#: l'espace reste sécable.
_MOTS_LIBRES = """
    à a ai après au aux avant avec c car ce ces cet cette chez comme contre d dans de des dès donc dont du elle
    elles en entre est et il ils j jusqu l la le les lorsqu lorsque m mais moins n ne ni on ont ou où par parmi
    pas plus pour puis qu quand que qui s sa sans se selon ses si sinon soit son sont sous sur t un une vers y
"""
MOTS_LIBRES = frozenset(_MOTS_LIBRES.split())
#: Les lettres de ces mots qui ne sont un mot qu'élidées (« 3 s'ajoutent », « 2 d'entre eux ») ;
#: sans apostrophe, c'est une unité ou une abréviation comptée (« 2 s », « 5 m ») : insécable.
ELISIONS = frozenset("cdjlmnst")


def _nombre(m: re.Match[str]) -> str:
    debut = m.group(0)[: m.start(1) - m.start(0)]
    mot = m.group(2)
    if mot == "%":
        return debut + FINE
    libre = mot.lower() in MOTS_LIBRES and (mot.lower() not in ELISIONS or bool(m.group(3)))
    return debut + (m.group(1) if libre else INSECABLE)


def _regles(texte: str) -> str:
    if not texte.strip(" \t\r\n"):
        return texte
    texte = _AVANT_FINE.sub(FINE, texte)
    texte = _AVANT_DEUX_POINTS.sub(INSECABLE, texte)
    texte = _APRES_GUILLEMET.sub(FINE, texte)
    texte = _OPERATEUR.sub(INSECABLE, texte)
    return _NOMBRE.sub(_nombre, texte)


def typographier(texte: str, avant: str = "", apres: str = "") -> str:
    """Le texte avec les espaces insécables de la typographie française.

    Fine insécable (U+202F) avant ``; ! ? »``, après ``«`` et avant ``%`` ; insécable
    (U+00A0) avant ``:``, entre un nombre et le mot qui le suit (« 3 succès », « 2 PE »),
    sauf un mot de liaison (« 5 ou 6 »), et avant le signe d'un calcul entre deux nombres
    (« 7 + 1 = 8 »). Seules les espaces changent : une adresse, une
    heure (12:30), un rapport (1:2) ou un « http:// », qui n'en ont pas, restent intacts.
    Appliquer deux fois ne change plus rien.

    ``avant`` et ``apres`` sont les textes voisins (un nœud HTML coupé par ``<strong>``) :
    ils servent de contexte et ne sont pas rendus.

    >>> typographier("3", apres=" PE"), typographier(" PE", avant="soit 3"), typographier("5 ou 6")
    ('3', '\xa0PE', '5 ou 6')
    """
    prefixe = _SANS_BLANC_FIN.search(avant)
    suffixe = _SANS_BLANC_DEBUT.match(apres)
    debut = prefixe.group() if prefixe else ""
    fin = suffixe.group() if suffixe else ""
    sortie = _regles(debut + texte + fin)
    return sortie[len(debut): len(sortie) - len(fin)]


#: Ce que la typographie ne touche pas : code, scripts, styles, champs de saisie, données des
#: widgets (``template``), commentaires (rendus tels quels, en un morceau), puis toute autre balise.
_TELS_QUELS = ("script", "style", "pre", "code", "kbd", "samp", "textarea", "template")
_JETONS_HTML = re.compile(
    "(<!--.*?-->|" + "|".join(rf"<{b}\b[^>]*>.*?</{b}\s*>" for b in _TELS_QUELS) + "|<[^>]*>)",
    re.DOTALL | re.IGNORECASE)
_NOM_BALISE = re.compile(r"</?([A-Za-z][\w:-]*)")
#: Les attributs lus par une personne (infobulle, lecteur d'écran, texte de remplacement).
_ATTRIBUTS_LUS = re.compile(r'(\s(?:title|aria-label|alt|placeholder)=")([^"]*)(")')
#: Un texte sans aucun de ces signes n'a rien à changer (sauf par ses voisins).
_SIGNES = re.compile(r"[;:!?»«%\d]")
#: Les balises au milieu d'une phrase : le texte de part et d'autre se lit d'un trait.
_EN_LIGNE = "a abbr b bdi bdo cite data dfn em i mark q s small span strong sub sup time u var"
BALISES_EN_LIGNE = frozenset(_EN_LIGNE.split())
_BLANCS_ORDINAIRES = " \t\r\n"


def _en_ligne(jeton: str) -> bool:
    nom = _NOM_BALISE.match(jeton)
    return nom is not None and nom.group(1).lower() in BALISES_EN_LIGNE


def typographier_html(html: str) -> str:
    """:func:`typographier` appliqué aux textes d'un balisage HTML, et aux attributs lus
    (``title``, ``aria-label``, ``alt``, ``placeholder``) ; le code (``pre``, ``code``,
    ``kbd``, ``samp``), les scripts, les styles et les autres attributs restent tels quels.
    Un texte coupé par une balise en ligne (« <b>3</b> PE ») se lit avec ses voisins.

    >>> typographier_html('<p title="Oui ?">3 <b>PE</b> : <code>a ; b</code></p>')
    '<p title="Oui\u202f?">3\xa0<b>PE</b>\xa0: <code>a ; b</code></p>'
    """
    morceaux = _JETONS_HTML.split(html)  # textes aux rangs pairs, balises aux rangs impairs
    dernier = len(morceaux) - 1

    def voisin(i: int, pas: int) -> str:
        """Le texte voisin du texte ``i`` à travers des balises en ligne (vide sinon)."""
        j = i + pas
        while 0 < j < dernier and _en_ligne(morceaux[j]):
            if morceaux[j + pas]:
                return morceaux[j + pas]
            j += 2 * pas
        return ""

    resultat = list(morceaux)
    for i in range(1, dernier, 2):
        balise = morceaux[i]
        if "=" in balise and ("title=" in balise or "aria-label=" in balise or "alt=" in balise
                              or "placeholder=" in balise):
            nom = _NOM_BALISE.match(balise)
            if nom and balise[1] != "/" and nom.group(1).lower() not in _TELS_QUELS:
                resultat[i] = _ATTRIBUTS_LUS.sub(
                    lambda a: a.group(1) + typographier(a.group(2)) + a.group(3), balise)
    for i in range(0, dernier + 1, 2):
        texte = morceaux[i]
        if not texte:
            continue
        if not _SIGNES.search(texte):
            # Rien à faire ici, sauf une espace au bord qu'un voisin réclame (« <b>3</b> PE »).
            gauche = texte[0] in _BLANCS_ORDINAIRES and i > 0 and _en_ligne(morceaux[i - 1])
            droite = texte[-1] in _BLANCS_ORDINAIRES and i < dernier and _en_ligne(morceaux[i + 1])
            if not ((gauche and _SIGNES.search(voisin(i, -1)[-1:]))
                    or (droite and _SIGNES.match(voisin(i, 1)[:1]))):
                continue
        resultat[i] = typographier(texte, voisin(i, -1), voisin(i, 1))
    return "".join(resultat)
