"""Le système D10 + carac + compétence : un D10 ouvert, plus une caractéristique et une
compétence, contre 5 + une difficulté variable.

Chaque règle vit dans son module : :mod:`.regles` (caractéristiques, années de pratique,
difficultés), :mod:`.action` (le dé ouvert, l'action, la marge), :mod:`.combat`
(initiative, attaques, couverts, dégâts), :mod:`.blessures` (gravités, cumul, jets de KO
et de survie), :mod:`.lanceurs` et :mod:`.tables` (les pages), :mod:`.systeme` (la valeur
``SYSTEME``). Rien n'est importé ici : dans le navigateur, chaque module coûte au premier clic.
"""
