"""Le banc : des mesures qui s'impriment, à part des tests (rien n'y affirme quoi que ce soit).

    nox -s bench                      (ou : python -m tests.bench --essais 5)

* :mod:`tests.bench.demarrage` : clic → premier résultat dans Chromium, notre site contre une
  page témoin qui charge Pyodide « simplement », chez chaque sorte d'hébergeur
  (:mod:`tests.bench.hotes`) et sur un profil de téléphone ; octets, tâches longues, construction ;
* :mod:`tests.bench.reseau` : clic → résultat à 1 et 2 Mbit/s ;
* :mod:`tests.bench.serveur` : le serveur du projet sous 50 clients simultanés.

Aucun de ces modules n'est un test : pytest n'y lit que leurs doctests.
"""
