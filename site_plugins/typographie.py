"""La typographie française des pages construites : espaces insécables, une passe par page.

Le Markdown et les sorties des doctests s'écrivent avec des espaces ordinaires (lisibles,
comparables) ; la page construite reçoit les espaces de la typographie française par
:func:`jdr_core.francais.typographier_html`, la même règle que le pont applique aux
phrases envoyées au navigateur, et que ``assets/commun/francais.js`` reprend pour les quelques phrases des
scripts de page.

La passe porte sur toute la page produite (``on_post_page``) : titres, menu, table des
matières, prose, phrases rendues des exemples et des lanceurs, graphiques, infobulles et
noms lus par les lecteurs d'écran. Le code (``pre``, ``code``), les scripts, les styles et
les attributs techniques restent tels quels. L'index de recherche, construit avant (dans
``on_page_context``), garde des espaces ordinaires.
"""

from __future__ import annotations

from jdr_core.francais import typographier_html


def typographier_page(html: str) -> str:
    """La page HTML complète, avec ses espaces insécables (voir le module)."""
    return typographier_html(html)
