"""3D6 : les tables de l'écran du MJ (jdr_core/troisd6/tables.py) contre les repères du texte source."""

from __future__ import annotations


class TestTablesDeLaSource:
    """Prouesses, enquête et protections : les repères de la source, tels que les tables du cœur les donnent."""

    def test_prouesses_physique_facile_moyen_difficile(self) -> None:
        from jdr_core.troisd6.tables import PROUESSES

        assert list(PROUESSES) == ["Casser quelque chose", "Se déplacer sur terre", "Se déplacer sur ou sous l'eau",
                                   "Se déplacer dans l'air ou l'espace", "Se déplacer en silence ou se cacher"]
        for carac, actions in PROUESSES.values():
            assert carac == "Physique" and list(actions.values()) == [1, 2, 3]

    def test_enquete_social_puis_mental(self) -> None:
        from jdr_core.troisd6.tables import ENQUETE

        assert [carac for carac, _ in ENQUETE.values()] == ["Social", "Mental", "Mental"]
        assert all(list(actions.values()) == [1, 2, 3] for _, actions in ENQUETE.values())

    def test_protections(self) -> None:
        from jdr_core.troisd6.tables import PROTECTIONS

        assert "cotte de maille" in PROTECTIONS[1] and "armure de plaque" in PROTECTIONS[2]
        assert PROTECTIONS[4] == ("blindage de véhicule", "protection surnaturelle")
