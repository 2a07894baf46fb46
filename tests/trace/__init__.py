"""Les données de la trace règle par règle : les noms du jeu et les règles de chaque texte source.

Lues par ``tests/test_trace.py`` ; elles ne font rien par elles-mêmes."""
