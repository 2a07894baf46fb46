"""Sources de dés : scriptées et graines."""

import pytest

from jdr_core.des import GRAINE_MAX, DesAleatoires, DesScriptes
from jdr_core.erreurs import BudgetDepasse, DesEpuises, DesRestants, JdrErreur, ParametreInvalide


class TestDesScriptes:
    """Les faces d'un exemple, dans l'ordre, sans surplus ni manque."""

    def test_rend_les_faces_dans_l_ordre(self) -> None:
        des = DesScriptes([4, 1, 6])
        assert [des.lancer(6) for _ in range(3)] == [4, 1, 6]
        des.fin()

    def test_epuisement(self) -> None:
        des = DesScriptes([2])
        des.lancer(6)
        with pytest.raises(DesEpuises, match="épuisés"):
            des.lancer(6)

    def test_faces_restantes(self) -> None:
        des = DesScriptes([2, 3])
        des.lancer(6)
        assert des.restants == 1
        with pytest.raises(DesRestants, match=r"\[3\]"):
            des.fin()

    def test_face_impossible(self) -> None:
        with pytest.raises(ParametreInvalide, match="attendu un entier de 1 à 6"):
            DesScriptes([7]).lancer(6)


class TestDesAleatoires:
    """Une graine rejoue les mêmes dés ; le budget borne les boucles."""

    def test_meme_graine_memes_des(self) -> None:
        a, b = DesAleatoires(123), DesAleatoires(123)
        assert [a.lancer(6) for _ in range(50)] == [b.lancer(6) for _ in range(50)]

    def test_graines_differentes(self) -> None:
        a, b = DesAleatoires(1), DesAleatoires(2)
        assert [a.lancer(6) for _ in range(50)] != [b.lancer(6) for _ in range(50)]

    def test_sequence_figee(self) -> None:
        # Valeurs de référence : elles doivent rester identiques sur CPython et Pyodide.
        des = DesAleatoires(2024)
        assert [des.lancer(6) for _ in range(10)] == [4, 2, 6, 5, 3, 2, 6, 4, 6, 3]

    @pytest.mark.parametrize("graine", [-1, GRAINE_MAX + 1, 1.5, "12", True])
    def test_graine_invalide(self, graine: object) -> None:
        with pytest.raises(JdrErreur, match="graine"):
            DesAleatoires(graine)  # type: ignore[arg-type]

    def test_budget(self) -> None:
        des = DesAleatoires(1, budget=3)
        for _ in range(3):
            des.lancer(6)
        with pytest.raises(BudgetDepasse, match="refusé"):
            des.lancer(6)
