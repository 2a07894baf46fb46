"""Les jets écrits dans le texte : ``{{jet 3d6-test difficulte=3 | trois dés contre 3}}``.

Une extension Markdown en ligne (un motif de Python-Markdown, pas une retouche du HTML) : la
prose du jet, après la barre, devient le texte d'un bouton ; avant elle, le nom d'une mécanique
du registre (:mod:`jdr_core.registre`) et ses paramètres ``nom=valeur``, validés par le cœur
comme ceux d'un lanceur. La construction rend tout ce qui se lit sans attendre Python : le
bouton porte la prose telle qu'écrite (sans JavaScript, la phrase reste celle de l'auteur), et
l'infobulle porte les réglages et les cotes exactes, calculées ici. Le module
``assets/widgets/jet-en-ligne.js`` lance le jet au clic, par la requête ``lancer`` du pont, et le note
au journal des jets avec un lien qui le rejoue dans le lanceur de sa mécanique.

Un jet mal écrit (mécanique inconnue, paramètre refusé, prose absente) arrête la construction
avec un message qui nomme la page et le jet : aucun bouton cassé n'est publié. Le code
(``jet`` entre accents graves, blocs, exemples) n'est jamais lu par ce motif.

>>> import markdown
>>> html = markdown.markdown("Tentez {{jet 3d6-test difficulte=3 | trois dés contre 3}}.",
...                          extensions=[JetsEnLigne()])
>>> '<button type="button" class="jdr-jet-bouton"' in html, ">trois dés contre 3</button>" in html
(True, True)
"""

from __future__ import annotations

import html
import json
import re
from typing import Any

from markdown import Markdown
from markdown.extensions import Extension
from markdown.inlinepatterns import InlineProcessor
from mkdocs.exceptions import PluginError

from jdr_core.des import DesAleatoires
from jdr_core.erreurs import JdrErreur
from jdr_core.issues import cotes_affichees
from jdr_core.mecanique import Choix, Mecanique, OuiNon, Parametre, Valeurs
from jdr_core.registre import systeme_de

from .fences import TITRE_COTES, Registre, mecanique_connue, valeur_cote_html
from .lieux import ligne_du_texte

#: ``{{jet …}}`` : tout ce qui est entre les doubles accolades, lu ensuite par :func:`lire_jet`.
MOTIF = r"\{\{jet(?=[\s|}])(?P<corps>[^{}\n]*)\}\}(?P<ponctuation>[.,;!?…)»]{0,3})"
#: Avant le motif des liens (160) et après celui des accents graves (190) et des
#: échappements (180) : ``{{jet …}}`` entre accents graves reste du code.
PRIORITE = 175
#: La prose d'un jet : assez pour une phrase, pas un paragraphe.
PROSE_MAX = 120
_NOM_VALEUR = re.compile(r"(?P<nom>[a-z][a-z0-9_]*)=(?P<valeur>[^\s=|]+)")


class JetInvalide(PluginError):
    """Un jet mal écrit dans le texte : MkDocs arrête la construction et affiche le message, qui
    nomme le fichier et la ligne (``lieu`` : « docs/x.md, ligne 12 »)."""

    def __init__(self, lieu: str, jet: str, raison: str) -> None:
        super().__init__(f"jdr : {lieu or 'page inconnue'} : jet « {jet.strip()[:80]} » : {raison}")


def lire_jet(corps: str) -> tuple[str, dict[str, str], str]:
    """``3d6-test difficulte=3 | trois dés contre 3`` → (mécanique, paramètres bruts, prose).

    >>> lire_jet(" 3d6-test difficulte=3 caracteristique=4 | trois dés contre 3 ")
    ('3d6-test', {'difficulte': '3', 'caracteristique': '4'}, 'trois dés contre 3')
    >>> lire_jet(" 3d6-test difficulte=3")
    Traceback (most recent call last):
    ...
    jdr_core.erreurs.JdrErreur: la prose du jet manque : écrivez « {{jet mécanique nom=valeur | texte lu}} »
    """
    reglage, barre, prose = corps.partition("|")
    prose = " ".join(prose.split())
    if not barre or not prose:
        raise JdrErreur("la prose du jet manque : écrivez « {{jet mécanique nom=valeur | texte lu}} »")
    if "|" in prose:
        raise JdrErreur("une seule barre « | » par jet, entre les réglages et la prose")
    if len(prose) > PROSE_MAX:
        raise JdrErreur(f"prose de {len(prose)} caractères : {PROSE_MAX} au plus (un bout de phrase)")
    mots = reglage.split()
    if not mots:
        raise JdrErreur("la mécanique manque : écrivez son nom juste après « jet »")
    nom, bruts = mots[0], {}
    for mot in mots[1:]:
        m = _NOM_VALEUR.fullmatch(mot)
        if not m:
            raise JdrErreur(f"« {mot[:40]} » : attendu nom=valeur (nom en minuscules, valeur sans espace)")
        if m["nom"] in bruts:
            raise JdrErreur(f"paramètre {m['nom']} donné deux fois")
        bruts[m["nom"]] = m["valeur"]
    return nom, bruts, prose


def _valeur_lue(p: Parametre, valeur: object) -> str:
    """Une valeur telle que le formulaire du lanceur la montre."""
    if isinstance(p, OuiNon):
        return "oui" if valeur else "non"
    if isinstance(p, Choix):
        return dict(p.choix)[str(valeur)]
    return str(valeur)


def verifier(nom: str, bruts: dict[str, str]) -> tuple[Mecanique[Any], Valeurs]:
    """La mécanique et ses valeurs validées par le cœur, ou une :class:`JdrErreur` en français.

    Un jet aux dés cachés (le MJ lance en secret) n'a pas de sens dans le texte : refusé."""
    meca = mecanique_connue(nom)
    for reserve in ("graine", "lanceur"):
        if reserve in bruts:
            raise JdrErreur(f"paramètre {reserve} : réservé au lien de rejeu, pas à un jet du texte")
    valeurs = meca.valider(bruts)
    essai = meca.afficher(meca.lancer(valeurs, DesAleatoires(0)), valeurs)
    if any(d["role"] == "cache" for g in essai["groupes"] for d in g["des"]):
        raise JdrErreur(f"le lanceur {meca.titre} cache ses dés avec ces réglages : il ne s'écrit pas "
                        "dans le texte (mettez plutôt son lanceur)")
    return meca, valeurs


def _a(valeur: object) -> str:
    return html.escape(str(valeur), quote=True)


def rendre(meca: Mecanique[Any], valeurs: Valeurs, bruts: dict[str, str], prose: str, ident: str,
           ponctuation: str = "", registre: Registre | None = None) -> str:
    """Le HTML d'un jet : bouton, infobulle (réglages et cotes exactes) et sortie vide.

    Tout est du contenu en ligne (``span``, ``small``) : le jet vit au milieu d'un paragraphe.
    La ponctuation collée au jet (« {{jet …}}. ») reste sur la ligne du bouton, dans le même
    ``span`` insécable : un bouton est un bloc en ligne, et le point partirait seul à la ligne."""
    reglages = [[p.libelle, _valeur_lue(p, valeurs[p.nom])] for p in meca.parametres if p.nom in bruts]
    # Chaque ligne finit par sa ponctuation et les lignes sont séparées par une espace : lue par
    # un lecteur d'écran (aria-describedby), l'infobulle reste une suite de phrases.
    lignes = [f"Lanceur : {_a(meca.titre)}."]
    lignes += [f"{_a(libelle)} : {_a(v)}{' ;' if rang < len(reglages) - 1 else '.'}"
               for rang, (libelle, v) in enumerate(reglages)]
    lignes.append(TITRE_COTES)
    cotes = cotes_affichees(meca.cotes(valeurs))
    for rang, c in enumerate(cotes):
        fin = "." if rang == len(cotes) - 1 else " ;"
        lignes.append(f"{_a(c['libelle'])} : {valeur_cote_html(c)}{fin}")
    infobulle = " ".join(f'<span class="jdr-jet-ligne">{ligne}</span>' for ligne in lignes)
    donnees = json.dumps({"parametres": {p.nom: valeurs[p.nom] for p in meca.parametres if p.nom in bruts},
                          "reglages": reglages}, ensure_ascii=False, separators=(",", ":"))
    # Le lien qui rejoue ce jet mène au lanceur de sa mécanique, où qu'il soit sur le site :
    # une adresse provisoire que le greffon résout, comme « Lancer cette situation » (notée dans
    # son registre ; sans greffon, un registre jetable).
    lien = (registre or Registre()).lien(meca.nom, {p.nom: valeurs[p.nom] for p in meca.parametres if p.nom in bruts})
    return (
        f'<span class="jdr-jet" id="{ident}" data-mecanique="{_a(meca.nom)}" '
        f'data-systeme="{_a(systeme_de(meca.nom))}" data-jet="{_a(donnees)}">'
        f'<span class="jdr-jet-lie"><button type="button" class="jdr-jet-bouton" aria-describedby="{ident}-cotes" '
        f'aria-controls="{ident}-sortie">{_a(prose)}</button>{_a(ponctuation)}</span>'
        # Une balise à part (small) pour l'infobulle : l'index de Material compare les balises par leur
        # nom, et la fin d'un span intérieur y lèverait l'exclusion d'un span englobant.
        f'<small class="jdr-jet-cotes" id="{ident}-cotes" role="tooltip">{infobulle}</small>'
        f'<template class="jdr-jet-lanceur"><a href="{_a(lien)}"></a></template>'
        f'<output class="jdr-sortie jdr-jet-sortie" id="{ident}-sortie" aria-live="polite"></output>'
        "</span>"
    )


class JetProcessor(InlineProcessor):  # type: ignore[misc]  # Python-Markdown n'est pas typé
    """Le motif ``{{jet …}}`` : chaque jet validé puis rendu en HTML mis de côté (htmlStash),
    numéroté dans la page (``jdr-jet-1``, ``jdr-jet-2``…)."""

    def __init__(self, md: Markdown, registre: Registre) -> None:
        super().__init__(MOTIF, md)
        self.compte = 0
        self.registre = registre

    def handleMatch(self, m: re.Match[str], data: str) -> tuple[str, int, int]:  # nom imposé par Python-Markdown
        corps = m["corps"]
        try:
            nom, bruts, prose = lire_jet(corps)
            meca, valeurs = verifier(nom, bruts)
        except JdrErreur as e:
            jet = "{{jet" + corps + "}}"
            raise JetInvalide(self.registre.lieu(ligne_du_texte(self.registre.texte, jet)), jet, str(e)) from e
        self.compte += 1
        balisage = rendre(meca, valeurs, bruts, prose, f"jdr-jet-{self.compte}", m["ponctuation"], self.registre)
        return self.md.htmlStash.store(balisage), m.start(0), m.end(0)


class JetsEnLigne(Extension):  # type: ignore[misc]  # Python-Markdown n'est pas typé
    """L'extension que le greffon ajoute aux pages (``markdown_extensions``), avec son registre
    (option ``registre`` ; sans elle, un registre neuf, que personne ne lit)."""

    def __init__(self, **kwargs: Any) -> None:
        # Pas None par défaut : Python-Markdown changerait alors la valeur donnée en booléen.
        self.config = {"registre": ["", "le registre du greffon jdr (fences.Registre)"]}
        super().__init__(**kwargs)

    def extendMarkdown(self, md: Markdown) -> None:  # nom imposé par Python-Markdown
        processeur = JetProcessor(md, self.getConfig("registre") or Registre())
        md.inlinePatterns.register(processeur, "jdr-jet", PRIORITE)
        md.registerExtension(self)
        self._processeur = processeur

    def reset(self) -> None:
        """Une nouvelle page : la numérotation repart de 1."""
        if hasattr(self, "_processeur"):
            self._processeur.compte = 0


def makeExtension(**kwargs: Any) -> JetsEnLigne:  # nom imposé par Python-Markdown
    return JetsEnLigne(**kwargs)


