"""Le système 2D6 sous le seuil : un jet de deux dés à six faces, à faire sous une cible.

Chaque règle vit dans son module : :mod:`.jet` (le jet, les cibles, les critiques),
:mod:`.opposition` (scènes mineures), :mod:`.scene` (scènes majeures),
:mod:`.tache` (scènes de relation et de réflexion, sabotage), :mod:`.cache`
(jets cachés), :mod:`.assistance` (aide et actions parallèles), :mod:`.lanceurs`
(les mécaniques des pages) et :mod:`.systeme` (la valeur ``SYSTEME``).
Rien n'est importé ici : dans le navigateur, chaque module coûte au premier clic.
"""
