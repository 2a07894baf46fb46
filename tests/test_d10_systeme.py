"""D10 : la valeur ``SYSTEME`` (jdr_core/d10/systeme.py) : ses noms, ses tables, ses suivis, et l'inventaire
du dossier et des pages (tests/inventaire.py) qu'elle doit déclarer."""

from __future__ import annotations

from jdr_core import registre
from jdr_core.d10.lanceurs import MECANIQUES
from jdr_core.d10.suivi_fiche import SUIVI
from jdr_core.d10.systeme import SYSTEME
from jdr_core.mecanique import Entier

from .inventaire import ecarts
from .test_d10_lanceurs import PAR_NOM


class TestSysteme:
    """La valeur SYSTEME : noms préfixés « d10- », tables bien formées, défauts dans leurs bornes."""

    def test_noms(self) -> None:
        assert SYSTEME.nom == "d10" and SYSTEME.titre == "D10 + carac + compétence"
        assert set(PAR_NOM) == {"d10-action", "d10-opposition", "d10-attaque", "d10-ko", "d10-survie"}

    def test_tables(self) -> None:
        noms = {t.nom for t in SYSTEME.tables}
        assert noms == {"d10-caracteristiques", "d10-annees", "d10-de-ouvert", "d10-cas", "d10-environnement",
                        "d10-distance", "d10-couverts", "d10-bandes", "d10-cumul"}
        annees = next(t for t in SYSTEME.tables if t.nom == "d10-annees")
        assert [ligne[1] for ligne in annees.lignes][:4] == ["1 an", "3 ans", "6 ans", "10 ans"]

    def test_declare_ce_que_le_dossier_et_les_pages_contiennent(self) -> None:
        assert ecarts(SYSTEME) == []
        assert SYSTEME.suivi is SYSTEME.suivis[0]  # un bloc « fiche » sans option « suivi » : le combat

    def test_defauts_valides(self) -> None:
        for m in MECANIQUES:
            for p in m.parametres:
                if isinstance(p, Entier):
                    assert p.minimum <= p.defaut <= p.maximum, (m.nom, p.nom)

    def test_hypotheses_dans_les_reglages_avances(self) -> None:
        for m in MECANIQUES:
            for p in m.parametres:
                assert p.avance == ("hypothèse" in p.libelle), (m.nom, p.nom)


def test_le_systeme_a_deux_suivis_le_combat_d_abord() -> None:
    assert registre.suivi("d10").nom == "combat" and registre.suivi("d10", "fiche") is SUIVI
