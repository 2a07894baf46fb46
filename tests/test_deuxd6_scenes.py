"""2D6, plusieurs modules à la fois : les phrases des scènes (opposition.py, scene.py, tache.py) se lisent
de la même façon, accords, bilans et minuscules compris. Les règles de chaque module ont leur fichier
(test_deuxd6_opposition.py, test_deuxd6_scene.py, test_deuxd6_tache.py)."""

from __future__ import annotations

import pytest

from jdr_core.des import DesScriptes
from jdr_core.deuxd6.opposition import opposer
from jdr_core.deuxd6.scene import RegleScene, determiner_initiative, jouer_scene
from jdr_core.deuxd6.tache import mener_tache


class TestPhrases:
    """Les phrases montrées au joueur : accords, pas de « Nom : jet : résultat », même bilan partout."""

    @pytest.mark.parametrize(("faces", "attendu"), [
        ([5, 6], "Raté, la tentative s'arrête : aucune réussite sur 3."),
        ([1, 2, 6, 5], "Raté, la tentative s'arrête : 1 réussite sur 3."),
        ([1, 2, 1, 3, 6, 5], "Raté, la tentative s'arrête : 2 réussites sur 3."),
        ([1, 2, 5, 5], "Maladresse, la tentative s'arrête : 1 réussite sur 3 ; une nouvelle tentative coûtera 5 "
                       "de plus."),
    ])
    def test_bilan_de_tache_accorde(self, faces: list[int], attendu: str) -> None:
        t = mener_tache(3, 8, des=DesScriptes(faces))
        assert t.bilan() == attendu and str(t).endswith(attendu)

    def test_jets_de_tache_numerotes_en_toutes_lettres(self) -> None:
        t = mener_tache(3, 8, des=DesScriptes([1, 3, 1, 1, 5, 4]))
        assert t.phrase_jet(0) == "Premier jet, 1 et 3 = 4 contre 8 : réussite."
        assert t.phrase_jet(2) == "Troisième jet, avec +1 grâce au critique, 5 et 4 = 9 contre 9 : réussite."

    def test_opposition_sans_deux_points_empiles(self) -> None:
        o = opposer(9, 8, des=DesScriptes([3, 4, 6, 5]), noms=("le personnage", "les gardes"))
        assert str(o) == ("Le personnage fait 3 et 4 = 7 contre 9 : réussite ; les gardes font 6 et 5 = 11 "
                          "contre 8 : échec. Le personnage l'emporte.")

    def test_initiative_en_minuscules_au_milieu(self) -> None:
        depart = determiner_initiative(9, 8, des=DesScriptes([6, 3, 1, 3]), noms=("le personnage", "le douanier"))
        assert str(depart) == ("Pour l'initiative, le personnage fait 6 et 3 = 9 contre 9 : réussite ; le douanier "
                               "fait 1 et 3 = 4 contre 8 : réussite. Le personnage prend l'initiative.")
        egal = determiner_initiative(8, 8, des=DesScriptes([1, 2, 2, 1]), relances_max=0,
                                     noms=("le personnage", "le douanier"))
        assert str(egal).endswith("Égalité persistante : l'initiative reste au personnage, qui a lancé la scène.")

    def test_scene_inachevee_et_signe_moins(self) -> None:
        regle = RegleScene(cibles=(9, 9), modificateurs=(-2, 0), manches=(2, 2), noms=("Hugo", "les gardes"))
        scene = jouer_scene(regle, des=DesScriptes([1, 2, 6, 5]), echanges_max=1)
        assert str(scene) == ("Échange 1 : Hugo mène (−2 pour les deux). Hugo fait 1 et 2 = 3 contre 7 : réussite. "
                              "Les gardes font 6 et 5 = 11 contre 7 : échec. Hugo gagne la manche (1 sur 2).\n"
                              "Après 1 échange, rien n'est joué : Hugo mène, et le score est de 1 manche pour Hugo, "
                              "0 pour les gardes.")
