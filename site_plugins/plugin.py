"""Le greffon MkDocs ``jdr``.

Il vérifie la configuration (échec immédiat et clair), déclare nos blocs avec leur registre,
ajoute les fichiers du navigateur aux pages, et, après la construction, dépose dans le site le
runtime Pyodide auto-hébergé, la configuration du navigateur et les versions compressées de tout
ce qui se télécharge : les étapes nommées de :mod:`site_plugins.etapes`.
"""

from __future__ import annotations

import html
import importlib
import logging
import posixpath
import re
import time
from pathlib import Path
from typing import Any, Literal

import jinja2
from markdown.extensions.toc import slugify
from mkdocs.config.config_options import ExtraScriptValue
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import PluginError
from mkdocs.plugins import BasePlugin
from mkdocs.utils import get_relative_url
from mkdocs.utils.meta import get_data

from jdr_core.mecanique import Systeme
from jdr_core.registre import systemes

from . import etapes, manifeste
from .fences import BLOCS, MARQUE_LANCEUR, Registre, declarations
from .lieux import chemin_lisible, lieu, ligne_du_texte
from .minification import esbuild
from .options import DelaisConfig, JdrConfig
from .prechargement import ModulesIllisibles, Prechargement, lire
from .recherche import chemin_dans_le_site, exclure_widgets, remplacer_worker
from .renvois import SECTIONS_DEPLACEES, RenvoiImpossible, carte_des_ancres, ids_de, inserer_carte
from .runtime import FICHIERS_REQUIS, ErreurRuntime
from .typographie import typographier_page
from .verdicts import ARRETER, MONTRER, Verdict

__all__ = ["DelaisConfig", "JdrConfig", "JdrPlugin"]

ASSETS = etapes.ASSETS
THEME = Path(__file__).parent / "theme"
#: Les messages du greffon (verdicts en écriture, durée d'une reconstruction), sous ceux de MkDocs.
journal = logging.getLogger("mkdocs.plugins.jdr")


def amorce_en_ligne() -> str:
    """amorce.js tel que les pages le portent : sans ses lignes de commentaire ni l'indentation (relu à
    chaque page : mkdocs serve reprend une modification sans redémarrer)."""
    lignes = (ligne.strip() for ligne in (Path(__file__).parent / "amorce.js").read_text(encoding="utf-8").splitlines())
    return "\n".join(ligne for ligne in lignes if ligne and not ligne.startswith("//"))


#: L'encodage de la page, en tête du <head> de Material : amorce.js se place juste après.
_CHARSET = re.compile(r'<meta charset="utf-8">', re.I)

#: L'extension Markdown des jets écrits dans le texte, que le greffon ajoute aux pages.
JETS = "site_plugins.jets"

#: L'entrée de la nav de mkdocs.yml que le greffon remplace par une section par système déclaré.
NAV_SYSTEMES = "jdr:systemes"
#: Le bloc d'une page remplacé par la table des systèmes (titre, principe, lien vers la première page).
BLOC_SYSTEMES = re.compile(r"^```systemes[ \t]*\n```[ \t]*$", re.M)
#: Le bloc de l'accueil remplacé par le chemin d'un nouveau venu dans chaque système (Systeme.parcours).
BLOC_PARCOURS = re.compile(r"^```parcours[ \t]*\n```[ \t]*$", re.M)
#: Les colonnes du chemin d'un nouveau venu, une par étape de :class:`~jdr_core.mecanique.Parcours`.
ETAPES = {"lire": "1. À lire d'abord", "jet": "2. Un premier jet", "fiche": "3. Puis la fiche"}
#: La case d'une étape facultative qu'un système ne déclare pas.
PAS_D_ETAPE = {"fiche": "pas de fiche de suivi"}
_TITRE_H1 = re.compile(r"^#[ \t]+(.+?)[ \t#]*$", re.M)
#: Un titre de section (niveaux 2 à 6), et son id explicite s'il en a un (``{#id}``).
_TITRE = re.compile(r"^#{2,6}[ \t]+(.+?)[ \t#]*?(?:[ \t]*\{[^}]*#([\w-]+)[^}]*\})?[ \t]*$", re.M)
#: L'ouverture d'un bloc exemple : son id et son titre.
_EXEMPLE = re.compile(r'^[ \t]*`{3,}exemple\b(?=.*\bid="(?P<id>[^"]+)")(?:(?=.*\btitre="(?P<titre>[^"]*)"))?.*$', re.M)
#: Un bloc de code clôturé : ses « # » sont des commentaires, pas des titres.
_BLOC_DE_CODE = re.compile(r"^[ \t]*(`{3,}|~{3,}).*?^[ \t]*\1", re.M | re.S)


def titre_de_page(source: str) -> str | None:
    r"""Le titre d'une page Markdown, comme MkDocs le lit : ``title`` de l'en-tête, sinon le
    premier titre de niveau 1.

    >>> titre_de_page("---\nhide: [toc]\n# un commentaire\n---\n\n# Écran du MJ : enCORE\n")
    'Écran du MJ : enCORE'
    >>> titre_de_page("```exemple\n>>> # pas un titre\n```\n\n# Le titre\n")
    'Le titre'
    """
    texte, meta = get_data(source)
    if isinstance(meta.get("title"), str):
        return str(meta["title"])
    trouve = _TITRE_H1.search(_BLOC_DE_CODE.sub("", texte))
    return trouve.group(1) if trouve else None


def libelle_de_menu(titre: str, systeme: str) -> str:
    """Le libellé d'une page dans la section de son système : son titre, sans le nom du système
    qu'elle répète (la section le dit déjà).

    >>> libelle_de_menu("Écran du MJ : enCORE", "enCORE"), libelle_de_menu("D10 : lire d'abord", "D10")
    ('Écran du MJ', "Lire d'abord")
    >>> libelle_de_menu("Le combat", "enCORE")
    'Le combat'
    """
    if titre.endswith(f" : {systeme}"):
        return titre[: -len(f" : {systeme}")]
    if titre.startswith(f"{systeme} : "):
        reste = titre[len(f"{systeme} : "):]
        return reste[:1].upper() + reste[1:]
    return titre


def pages_et_libelles(docs: Path, systeme: Systeme) -> list[tuple[str, str]]:
    """Les pages d'un système dans son ordre, chacune avec son libellé de menu, tiré de son propre
    titre (le menu et la ligne de liens d'un écran ne peuvent pas dire autre chose que la page)."""
    if not systeme.pages:
        raise PluginError(f"jdr : le système {systeme.nom} ne déclare aucune page (Systeme.pages)")
    entrees = []
    for chemin in systeme.pages:
        fichier = docs / chemin
        if not fichier.is_file():
            raise PluginError(f"jdr : {lieu_dans_systeme(systeme, chemin)} : le système {systeme.nom} déclare "
                              f"la page {chemin}, absente de {docs.name}/ (Systeme.pages)")
        titre = titre_de_page(fichier.read_text(encoding="utf-8"))
        if titre is None:
            raise PluginError(f"jdr : {docs.name}/{chemin}, ligne 1 : la page n'a pas de titre (« # … » en tête "
                              "de page) pour le menu")
        entrees.append((chemin, libelle_de_menu(titre, systeme.titre)))
    return entrees


def lieu_dans_systeme(systeme: Systeme, extrait: str) -> str:
    """« jdr_core/<nom>/systeme.py, ligne N » : où le module d'un système écrit ``extrait`` (un chemin de
    page), à défaut son nom sans dossier ni extension (pages écrites par une boucle), à défaut sa
    déclaration ``pages=`` ; le fichier seul si rien ne s'y trouve."""
    try:
        fichier = Path(str(importlib.import_module(f"jdr_core.{systeme.nom}.systeme").__file__))
    except ImportError:  # un système qui n'est pas (encore) un paquet : le chemin qu'il devrait avoir
        return f"jdr_core/{systeme.nom}/systeme.py"
    texte = fichier.read_text(encoding="utf-8")
    nom = posixpath.splitext(posixpath.basename(extrait))[0]
    ligne = next((n for n in (ligne_du_texte(texte, f'"{extrait}"'), ligne_du_texte(texte, f'"{nom}"'),
                              ligne_du_texte(texte, "pages=")) if n), None)
    return lieu(chemin_lisible(fichier, Path.cwd()), ligne)


def pages_du_menu(nav: Any) -> list[str]:
    """Les pages Markdown que nomme la ``nav`` de mkdocs.yml (ni adresses, ni l'entrée des systèmes).

    >>> pages_du_menu(["index.md", {"Règles": ["a.md", {"B": "b.md"}]}, {"Site": "https://x.org/"}, "jdr:systemes"])
    ['index.md', 'a.md', 'b.md']
    """
    if isinstance(nav, str):
        return [nav] if nav.endswith(".md") and "://" not in nav else []
    if isinstance(nav, dict):
        return [page for valeur in nav.values() for page in pages_du_menu(valeur)]
    if isinstance(nav, list):
        return [page for entree in nav for page in pages_du_menu(entree)]
    return []


def verifier_menu(config: MkDocsConfig) -> None:
    """Chaque page que nomme la ``nav`` de mkdocs.yml existe dans docs/ : sinon la construction
    s'arrête sur la ligne de mkdocs.yml qui la nomme (MkDocs, lui, n'en fait qu'un avertissement)."""
    docs = Path(config.docs_dir)
    for page in pages_du_menu(config.nav or []):
        if not (docs / page).is_file():
            fichier = Path(config.config_file_path or "mkdocs.yml")
            texte = fichier.read_text(encoding="utf-8") if fichier.is_file() else ""
            raise PluginError(f"jdr : {lieu(fichier.name, ligne_du_texte(texte, page))} : la page {page} du menu "
                              f"(nav) n'existe pas dans {docs.name}/")


def menu_des_systemes(docs: Path) -> list[dict[str, Any]]:
    """Une section de nav par système déclaré : son titre, et ses pages dans son ordre."""
    return [{systeme.titre: [{libelle: chemin} for chemin, libelle in pages_et_libelles(docs, systeme)]}
            for systeme in systemes()]


def table_des_systemes(page: str) -> str:
    """La table Markdown des systèmes déclarés, ses liens écrits depuis la page ``page``."""
    lignes = ["| Système | Principe |", "|---|---|"]
    for systeme in systemes():
        lien = posixpath.relpath(systeme.pages[0], posixpath.dirname(page) or ".")
        lignes.append(f"| [**{systeme.titre}**]({lien}) | {systeme.principe} |")
    return "\n".join(lignes)


def libelle_d_etape(docs: Path, systeme: Systeme, cible: str) -> str:
    r"""Le nom d'une étape du chemin d'un nouveau venu, tiré de ce qu'elle montre : le titre de
    l'exemple (``#exemple-<id>``), de la section (une autre ancre) ou, sans ancre, celui de la
    page dans le menu. Une cible absente arrête la construction : le lien mènerait nulle part.

    >>> import tempfile
    >>> from jdr_core.mecanique import Systeme
    >>> docs = Path(tempfile.mkdtemp()); (docs / "essai").mkdir()
    >>> _ = (docs / "essai" / "index.md").write_text("# Essai : lire d'abord\n\n## Un premier jet\n\n"
    ...     '```exemple id="essai-jet" titre="Ada tente sa chance"\n```\n')
    >>> essai = Systeme(nom="essai", titre="Essai", principe="rien", pages=("essai/index.md",), mecaniques=())
    >>> [libelle_d_etape(docs, essai, c) for c in ("essai/index.md", "essai/index.md#un-premier-jet",
    ...                                           "essai/index.md#exemple-essai-jet")]
    ["Lire d'abord", 'Un premier jet', 'Ada tente sa chance']
    """
    chemin, _, ancre = cible.partition("#")
    fichier = docs / chemin
    if chemin not in systeme.pages or not fichier.is_file():
        raise PluginError(f"jdr : le parcours du système {systeme.nom} mène à {chemin}, "
                          "qui n'est pas l'une de ses pages")
    source = fichier.read_text(encoding="utf-8")
    if not ancre:
        return libelle_de_menu(titre_de_page(source) or chemin, systeme.titre)
    for exemple in _EXEMPLE.finditer(source):
        if f"exemple-{exemple['id']}" == ancre:
            return exemple["titre"] or "Exemple"
    for titre in _TITRE.finditer(_BLOC_DE_CODE.sub("", source)):
        if (titre[2] or slugify(titre[1], "-")) == ancre:
            return titre[1].replace("*", "").replace("`", "")
    raise PluginError(f"jdr : le parcours du système {systeme.nom} mène à {cible}, ancre absente de la page")


def parcours_des_systemes(docs: Path, page: str) -> str:
    """La table « Nouveau ? Commencez ici » : pour chaque système déclaré, la page à lire d'abord, un
    premier jet et la fiche (:class:`~jdr_core.mecanique.Parcours`), liens écrits depuis ``page``."""
    lignes = ["| Système | " + " | ".join(ETAPES.values()) + " |", "|---" * (len(ETAPES) + 1) + "|"]
    for systeme in systemes():
        if systeme.parcours is None:
            raise PluginError(f"jdr : le système {systeme.nom} ne déclare pas de parcours (Systeme.parcours)")
        cases = []
        cibles = dict(systeme.parcours.etapes())
        for etape in ETAPES:
            cible = cibles.get(etape)
            if cible is None:  # une étape que le système n'a pas (pas de fiche de suivi)
                cases.append(PAS_D_ETAPE[etape])
                continue
            chemin, _, ancre = cible.partition("#")
            lien = posixpath.relpath(chemin, posixpath.dirname(page) or ".")
            cases.append(f"[{libelle_d_etape(docs, systeme, cible)}]({lien}{'#' + ancre if ancre else ''})")
        lignes.append(f"| **{systeme.titre}** | " + " | ".join(cases) + " |")
    return "\n".join(lignes)


def parties_recues(page: str, declarees: object, files: Any) -> list[tuple[str, str]]:
    """Les pages qui ont reçu les sections d'une page scindée (en-tête ``sections_deplacees`` : une
    liste de chemins relatifs à elle), chacune avec son adresse ; une page absente arrête tout."""
    if not isinstance(declarees, list) or not declarees or not all(isinstance(c, str) for c in declarees):
        raise PluginError(f"jdr : {page} : {SECTIONS_DEPLACEES} attend une liste de pages (chemins relatifs)")
    parties = []
    for relatif in declarees:
        chemin = posixpath.normpath(posixpath.join(posixpath.dirname(page), relatif))
        fichier = files.get_file_from_path(chemin)
        if fichier is None or not fichier.is_documentation_page() or chemin == page:
            raise PluginError(f"jdr : {page} : {SECTIONS_DEPLACEES} nomme {relatif}, qui n'est pas une autre page")
        parties.append((chemin, fichier.url))
    return parties


def pages_du_systeme(docs: Path, page: str) -> str | None:
    """Les pages du système de ``page``, en liste Markdown dans un ``<nav>`` : la page qui masque
    le menu (un écran du MJ, ``hide: [navigation]``) garde ainsi le chemin vers ses voisines.
    None si la page n'appartient à aucun système déclaré."""
    for systeme in systemes():
        if page not in systeme.pages:
            continue
        lignes = []
        for chemin, libelle in pages_et_libelles(docs, systeme):
            if chemin == page:
                lignes.append(f"- **{libelle}**")
            else:
                lignes.append(f"- [{libelle}]({posixpath.relpath(chemin, posixpath.dirname(page) or '.')})")
        return (f'<nav class="jdr-pages-du-systeme" aria-label="Les pages : {html.escape(systeme.titre)}" '
                'markdown="1">\n\n' + "\n".join(lignes) + "\n\n</nav>\n")
    return None


def inserer_apres_titre(markdown: str, bloc: str) -> str:
    r"""``bloc`` juste après le premier titre de niveau 1 (hors des blocs de code), sinon en tête.

    >>> inserer_apres_titre("```\n# code\n```\n# Titre\nTexte\n", "<nav/>\n")
    '```\n# code\n```\n# Titre\n\n<nav/>\n\nTexte\n'
    """
    codes = [m.span() for m in _BLOC_DE_CODE.finditer(markdown)]
    for titre in _TITRE_H1.finditer(markdown):
        if not any(debut <= titre.start() < fin for debut, fin in codes):
            fin = markdown.find("\n", titre.end())
            fin = len(markdown) if fin < 0 else fin + 1
            return f"{markdown[:fin]}\n{bloc}\n{markdown[fin:]}"
    return f"{bloc}\n{markdown}"


def resoudre_liens(html_page: str, source: str, adresse: str, registre: Registre) -> str:
    """Chaque lien provisoire que nos blocs ont noté pour la page ``source`` (dans ``registre``)
    devient l'adresse du lanceur de sa mécanique, où qu'il soit sur le site ; ``adresse`` est
    celle de la page, d'où partent les liens relatifs."""
    for nom, provisoire in sorted(registre.liens.get(source, ())):
        if nom not in registre.lanceurs:
            raise PluginError(f"jdr : {source} : aucun lanceur « {nom} » sur le site, alors qu'un lien "
                              "y mène (« Lancer cette situation », fiche de suivi avec lanceurs=\"oui\", "
                              "ou jet écrit dans le texte)")
        url, ident = registre.lanceurs[nom]
        requete = provisoire.partition("?")[2]
        cible = f"{get_relative_url(url or './', adresse)}?{requete}#{ident}"
        html_page = html_page.replace(f'href="{html.escape(provisoire)}"', f'href="{html.escape(cible)}"')
    if MARQUE_LANCEUR in html_page:
        raise PluginError(f"jdr : {source} : un lien « {MARQUE_LANCEUR}… » n'a pas été écrit par un bloc du "
                          "greffon (exemple lanceur=…, fiche lanceurs=\"oui\") : il ne mène nulle part")
    return html_page



def marquer_ecran(page: str) -> str:
    """Une page d'écran du MJ (un paragraphe ``{ .jdr-ecran }``) : sa balise ``<main>`` reçoit la classe
    ``jdr-page-ecran``, dont jdr.css tire la mise en colonnes et l'impression serrée. Un sélecteur
    ``:has(.jdr-ecran)`` posé sur l'article restylait tout l'article à chaque changement dans la page
    (le bouton d'un lanceur pendant le chargement de Python : 60 à 180 ms par image sur un téléphone).
    La balise est dans le conteneur que la navigation instantanée de Material remplace.

    >>> marquer_ecran('<main class="md-main" data-md-component="main"><p class="jdr-ecran">É</p></main>')
    '<main class="md-main jdr-page-ecran" data-md-component="main"><p class="jdr-ecran">É</p></main>'
    >>> marquer_ecran('<main class="md-main"><p class="jdr-ecran-large">É</p></main>')
    '<main class="md-main"><p class="jdr-ecran-large">É</p></main>'
    """
    if 'class="jdr-ecran"' not in page:
        return page
    return page.replace('<main class="md-main"', '<main class="md-main jdr-page-ecran"', 1)

class JdrPlugin(BasePlugin[JdrConfig]):  # type: ignore[no-untyped-call]  # idem
    def __init__(self) -> None:
        self._pyodide = Path()
        #: La commande d'esbuild (vide : pas de minification).
        self._esbuild: list[str] = []
        #: Les modules que chaque page annonce, lus dans nos sources (prechargement.py).
        self._prechargement = Prechargement((), ())
        #: Ce que nos blocs et les jets en ligne ont rendu pendant la construction en cours ; neuf à
        #: chaque construction (on_config), donné à superfences et à l'extension des jets.
        self.registre = Registre()
        #: Le worker de recherche de Material dans le site, lu dans la configuration des pages.
        self._worker_material = ""
        #: Les id du contenu de chaque page (chemin source), pour les anciennes ancres d'une page scindée.
        self._ids: dict[str, set[str]] = {}
        #: Page scindée (chemin source) → les pages qui ont reçu ses sections (chemin source, adresse).
        self._parties: dict[str, list[tuple[str, str]]] = {}
        #: La commande de MkDocs (on_startup) : sous « serve », un exemple faux se montre dans sa page
        #: (option ecriture) ; sous « build », il arrête la construction.
        self._commande: str = "build"
        #: ``mkdocs serve --dirty`` : chaque reconstruction reprend le site et le registre de la
        #: précédente, ne reconvertit que les pages modifiées et saute les étapes que rien ne touche.
        self._reprise = False
        self._memoire = etapes.Memoire()
        #: Les gabarits du thème compilés (Jinja) : MkDocs refait son environnement à chaque construction.
        self._gabarits = GabaritsCompiles()
        #: L'instant où la construction en cours a commencé (on_config), et la fin de ses pages.
        self._debut = 0.0
        #: Les pages converties par cette construction : (fichier source, chemin lisible).
        self._pages_converties: list[tuple[str, str]] = []

    # Le greffon reste le même d'une reconstruction de mkdocs serve à la suivante (la présence de ce
    # crochet le demande à MkDocs) : avec --dirty, il garde ce que les pages non reconverties ont noté.
    def on_startup(self, *, command: Literal["build", "gh-deploy", "serve"], dirty: bool) -> None:
        self._commande = command
        self._reprise = dirty and command == "serve"
        if self._reprise:
            _journal_de_construction.addFilter(_reconstruction_partielle_voulue)

    def on_shutdown(self) -> None:
        _journal_de_construction.removeFilter(_reconstruction_partielle_voulue)
        self._commande, self._reprise = "build", False
        self._memoire = etapes.Memoire()

    # Vérifier la configuration avant tout travail, puis déclarer nos blocs à superfences avec un
    # registre neuf : ce que nos blocs ont rendu à la construction précédente (mkdocs serve) est oublié,
    # sauf quand la reconstruction reprend la précédente (--dirty : seules les pages modifiées sont
    # reconverties, les autres gardent ce qu'elles avaient noté).
    def on_config(self, config: MkDocsConfig) -> MkDocsConfig:
        self._debut = time.perf_counter()
        self._pages_converties = []
        if not self._reprise:
            self.registre = Registre()
            self._worker_material = ""
            self._ids, self._parties = {}, {}
        self.registre.page = ("", "")
        if "pymdownx.superfences" not in config.markdown_extensions:
            raise PluginError("jdr : l'extension pymdownx.superfences est requise")
        verifier_menu(config)
        reglages = config.mdx_configs.setdefault("pymdownx.superfences", {})
        blocs = reglages.setdefault("custom_fences", [])
        en_double = sorted({f.get("name") for f in blocs} & set(BLOCS))
        if en_double:
            raise PluginError(
                f"jdr : le bloc « {en_double[0]} » est déclaré par le greffon jdr : "
                "retirez-le de custom_fences dans mkdocs.yml"
            )
        blocs.extend(declarations(self.registre, self._mode_ecriture()))
        # Les jets écrits dans le texte ({{jet …}}) : une extension Markdown en ligne (jets.py),
        # qui note ses liens dans le même registre.
        if JETS not in config.markdown_extensions:
            config.markdown_extensions.append(JETS)
        config.mdx_configs[JETS] = {**config.mdx_configs.get(JETS, {}), "registre": self.registre}
        pyodide = Path(self.config.pyodide)
        if not pyodide.is_absolute():
            pyodide = Path(config.config_file_path).parent / pyodide
        manquants = [f for f in FICHIERS_REQUIS if not (pyodide / f).is_file()]
        if manquants:
            raise PluginError(
                f"jdr : runtime Pyodide introuvable dans {pyodide} ({', '.join(manquants)}) : "
                "lancez « npm ci » à la racine du projet"
            )
        self._pyodide = pyodide
        try:
            self._prechargement = lire(ASSETS)
        except ModulesIllisibles as erreur:
            raise PluginError(f"jdr : {erreur}") from erreur
        delais = self.config.delais
        if min(delais.silence_reseau, delais.silence_demarrage, delais.reponse) < 1000:
            raise PluginError("jdr : delais : chaque délai vaut au moins 1000 ms")
        if delais.recherche < 0:
            raise PluginError("jdr : delais : recherche vaut 0 ms ou plus")
        if delais.silence_telechargement <= delais.silence_reseau:
            raise PluginError("jdr : delais : silence_telechargement doit dépasser silence_reseau "
                              "(le worker annonce d'abord la panne du réseau, en détail)")
        self._esbuild = []
        if self.config.minifier:
            try:
                self._esbuild = esbuild(pyodide.parent)
            except ErreurRuntime as erreur:
                raise PluginError(f"jdr : {erreur}") from erreur
        # Nos gabarits (une page 404 en français) passent avant ceux du thème.
        if str(THEME) not in config.theme.dirs:
            config.theme.dirs.insert(0, str(THEME))
        if "assets/jdr/jdr.css" not in config.extra_css:
            config.extra_css.append("assets/jdr/jdr.css")
        if "assets/jdr/jdr.js" not in [str(script) for script in config.extra_javascript]:
            # Un module ES : il importe ses widgets (exemple, lanceur, fiche) à la demande.
            script = ExtraScriptValue("assets/jdr/jdr.js")
            script.type = "module"
            config.extra_javascript.append(script)
        # Le menu des systèmes vient de leur liste déclarée (jdr_core/registre.py), à la place
        # de l'entrée « jdr:systemes » de la nav.
        if config.nav and NAV_SYSTEMES in config.nav:
            position = config.nav.index(NAV_SYSTEMES)
            config.nav[position:position + 1] = menu_des_systemes(Path(config.docs_dir))
        return config

    # Une reconstruction qui reprend la précédente ne recompile pas les gabarits du thème (une demi-seconde
    # sur cette machine) : Jinja reprend leur code compilé, tant que leur texte n'a pas changé.
    def on_env(self, env: jinja2.Environment, *, config: MkDocsConfig, files: Any) -> jinja2.Environment:
        if self._reprise:
            env.bytecode_cache = self._gabarits
        return env

    # La table des systèmes de l'accueil vient de la même liste que le menu (bloc « systemes »).
    # Le menu abrège un titre (« Écran du MJ » sous « enCORE ») ; l'onglet du navigateur et
    # l'en-tête de la page gardent le titre entier (« Écran du MJ : enCORE »).
    def on_page_markdown(self, markdown: str, *, page: Any, config: MkDocsConfig, files: Any) -> str:
        # Nos blocs notent ce qu'ils rendent (exemples, lanceurs, liens) pour cette page :
        # un formateur de superfences ne la reçoit pas (fences.Registre). Ils nomment le fichier et
        # la ligne d'une erreur : le registre garde le texte de la page tel qu'il est sur le disque.
        self.registre.oublier_page(page.file.src_uri)
        self.registre.page = (page.file.src_uri, page.url)
        racine = Path(config.config_file_path).parent if config.config_file_path else Path.cwd()
        source = page.file.abs_src_path
        self.registre.poser_source(chemin_lisible(source, racine) if source else page.file.src_uri,
                                   page.file.content_string if source else markdown)
        self._pages_converties.append((page.file.src_uri, self.registre.fichier))
        titre = titre_de_page(markdown)
        if titre and page.title and page.title != titre and not page.is_homepage and "title" not in page.meta:
            page.meta["title"] = titre
        masque = page.meta.get("hide") or []
        if "navigation" in masque:
            voisines = pages_du_systeme(Path(config.docs_dir), page.file.src_uri)
            if voisines:
                markdown = inserer_apres_titre(markdown, voisines)
        if SECTIONS_DEPLACEES in page.meta:
            self._parties[page.file.src_uri] = parties_recues(page.file.src_uri, page.meta[SECTIONS_DEPLACEES], files)
        docs = Path(config.docs_dir)
        markdown = BLOC_PARCOURS.sub(lambda _: parcours_des_systemes(docs, page.file.src_uri), markdown)
        return BLOC_SYSTEMES.sub(lambda _: table_des_systemes(page.file.src_uri), markdown)

    # Code et widgets hors de l'index de recherche (voir recherche.py).
    # Les id du contenu sont notés : toutes les pages sont converties avant qu'aucune soit écrite.
    def on_page_content(self, html: str, *, page: Any, config: MkDocsConfig, files: Any) -> str:
        # En écriture, sous mkdocs serve : chaque exemple faux se lit aussi dans le terminal.
        for verdict in self.registre.verdicts.get(page.file.src_uri, ()):
            if not verdict.ok:
                journal.info("jdr : %s : ✗ %s", self.registre.lieu(verdict.ligne or None), verdict.resume())
        self.registre.page = ("", "")
        self.registre.poser_source("", "")
        self._ids[page.file.src_uri] = ids_de(html)
        return exclure_widgets(html)

    # La page 404 (un gabarit du thème, pas une page) reçoit la même typographie.
    def on_post_template(self, output_content: str, *, template_name: str, config: MkDocsConfig) -> str:
        return typographier_page(output_content) if template_name.endswith(".html") else output_content

    # « Lancer cette situation » : le lien d'un exemple vise la page qui porte ce lanceur
    # (toutes les pages ont alors été converties, y compris celles qui viennent après l'exemple).
    def on_post_page(self, output: str, *, page: Any, config: MkDocsConfig) -> str:
        output = resoudre_liens(output, page.file.src_uri, page.url, self.registre)
        # Les espaces insécables de la typographie française, sur toute la page (typographie.py).
        output = typographier_page(output)
        # Notre worker de recherche à la place de celui de Material, dans la configuration de la
        # page, où Material le déclare (recherche.py) ; il le charge à la première recherche.
        output, worker = remplacer_worker(output)
        chemin = chemin_dans_le_site(worker, page.url) if worker else None
        if chemin and not self._worker_material:
            self._worker_material = chemin
        if page.file.src_uri in self._parties:
            output = self._carte_des_ancres(output, page)
        output = marquer_ecran(output)
        if page.url.startswith("404"):  # servie à n'importe quelle adresse : pas de chemin relatif sûr
            return output
        modules = self._prechargement.pour(output)
        liens = "".join(
            f'<link rel="modulepreload" href="{get_relative_url("assets/jdr/" + nom, page.url)}">' for nom in modules
        )
        liens += manifeste.liens(get_relative_url("./", page.url).rstrip("/") + "/")
        output = output.replace("</head>", liens + "</head>", 1)
        if self._prechargement.parle_a_python(output):
            # En ligne, juste après l'encodage : le worker d'une visite de retour part avant que la page
            # soit lue, sans attendre aucun fichier (amorce.js ; son empreinte entre dans la CSP).
            worker = get_relative_url("assets/jdr/moteur/jdr-worker.js", page.url)
            amorce = f'<script data-jdr-worker="{html.escape(worker)}">{amorce_en_ligne()}</script>'
            output = _CHARSET.sub(lambda m: m.group(0) + amorce, output, count=1)
        return output

    def _carte_des_ancres(self, output: str, page: Any) -> str:
        """Une page scindée : la carte de ses anciennes ancres, chacune vers la page qui l'a reçue."""
        source = page.file.src_uri
        parties = [(get_relative_url(adresse, page.url), self._ids.get(chemin, set()))
                   for chemin, adresse in self._parties[source]]
        carte = carte_des_ancres(self._ids.get(source, set()), parties)
        for (adresse, _), (chemin, _) in zip(parties, self._parties[source], strict=True):
            if adresse not in carte.values():
                raise PluginError(f"jdr : {source} déclare {chemin} dans {SECTIONS_DEPLACEES}, "
                                  "mais aucune de ses ancres ne manque à la page scindée")
        try:
            return inserer_carte(output, carte)
        except RenvoiImpossible as erreur:
            raise PluginError(f"jdr : {source} : {erreur}") from erreur

    # Déposer le runtime, la configuration du navigateur et les fichiers compressés dans le site :
    # les étapes nommées de etapes.py, dans leur ordre (etapes.ETAPES).
    def on_post_build(self, *, config: MkDocsConfig) -> None:
        contexte = etapes.Contexte(
            site=Path(config.site_dir),
            cache=self._pyodide.parent / ".cache" / "regles-vivantes",
            pyodide=self._pyodide,
            options=self.config,
            docs=Path(config.docs_dir),
            nom_du_site=config.site_name,
            description=config.site_description or "",
            adresse_du_site=config.site_url or "",
            prechargement=self._prechargement,
            esbuild=self._esbuild,
            worker_material=self._worker_material,
        )
        debut_etapes = time.perf_counter()
        rapport = etapes.executer(contexte, memoire=self._memoire if self._reprise else None)
        if self._reprise or self.config.ecriture:
            verdicts = [v for source, _ in self._pages_converties for v in self.registre.verdicts.get(source, ())]
            journal.info("jdr : %s", bilan(time.perf_counter() - self._debut, time.perf_counter() - debut_etapes,
                                           rapport, [f for _, f in self._pages_converties], verdicts))

    def _mode_ecriture(self) -> str:
        """Le mode des verdicts (verdicts.py) : aucun hors écriture ; sous mkdocs serve, les montrer ;
        sous mkdocs build, les montrer et s'arrêter au premier exemple faux."""
        if not self.config.ecriture:
            return ""
        return MONTRER if self._commande == "serve" else ARRETER


class GabaritsCompiles(jinja2.BytecodeCache):
    """Le code compilé des gabarits, gardé en mémoire d'une construction à la suivante ; Jinja vérifie
    l'empreinte du texte de chacun avant de reprendre son code."""

    def __init__(self) -> None:
        self._codes: dict[str, bytes] = {}

    def load_bytecode(self, bucket: jinja2.bccache.Bucket) -> None:
        if bucket.key in self._codes:
            bucket.bytecode_from_string(self._codes[bucket.key])

    def dump_bytecode(self, bucket: jinja2.bccache.Bucket) -> None:
        self._codes[bucket.key] = bucket.bytecode_to_string()


def _secondes(duree: float) -> str:
    return f"{duree:.2f}".replace(".", ",") + " s"


def bilan(total: float, apres: float, rapport: list[etapes.Passage], pages: list[str], verdicts: list[Verdict]) -> str:
    """La durée d'une construction, mesurée par le greffon (de on_config à la fin des étapes) : les
    pages reconverties et leurs verdicts, puis les étapes passées et sautées.

    >>> from site_plugins.etapes import Passage
    >>> bilan(0.84, 0.05, [Passage("runtime", True, 0.01), Passage("compression", False, 0.04)], ["docs/a.md"],
    ...       [])
    'construit en 0,84 s (pages : 0,79 s, 1 page : docs/a.md ; étapes : 0,05 s, sautées : runtime)'
    """
    faux = sum(1 for v in verdicts if not v.ok)
    exemples = f", {len(verdicts)} exemples vérifiés : {len(verdicts) - faux} ✓, {faux} ✗" if verdicts else ""
    nommees = ", ".join(pages[:3]) + (", …" if len(pages) > 3 else "")
    liste = f"{len(pages)} page{'s' if len(pages) > 1 else ''}" + (f" : {nommees}" if pages else "")
    sautees = [p.etape for p in rapport if p.saute]
    return (f"construit en {_secondes(total)} (pages : {_secondes(total - apres)}, {liste}{exemples} ; "
            f"étapes : {_secondes(apres)}" + (f", sautées : {', '.join(sautees)}" if sautees else "") + ")")


#: Le journal où MkDocs avertit qu'une construction --dirty peut laisser des liens faux : en écriture
#: c'est voulu (nox -s ecrire), et l'avertissement, compté par --strict, arrêterait la construction.
_journal_de_construction = logging.getLogger("mkdocs.commands.build")


def _reconstruction_partielle_voulue(enregistrement: logging.LogRecord) -> bool:
    """Cet avertissement-là devient une information (les autres passent tels quels)."""
    if enregistrement.levelno == logging.WARNING and "'dirty' build" in enregistrement.getMessage():
        enregistrement.levelno, enregistrement.levelname = logging.INFO, "INFO"
    return True
