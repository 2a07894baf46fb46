"""Aucun modèle de phrase des scripts de page ne colle « de », « le », « que »… devant un nom venu des
données : « Niveau de ${nom} » donnait « Niveau de Esquive ». Ces phrases viennent du cœur, qui élide
(jdr_core.francais.de) ; un nouveau modèle qui recommencerait fait échouer ce test. Et les libellés
que le cœur donne aux fiches s'élident devant une voyelle ou un h muet."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from jdr_core.d10.suivi_fiche import SUIVI as SUIVI_D10
from jdr_core.deuxd6.suivi import SUIVI as SUIVI_2D6
from jdr_core.francais import phrases_suivi

ASSETS = Path(__file__).resolve().parent.parent / "site_plugins" / "assets"
#: Un mot qui s'élide devant une voyelle, collé à une valeur insérée : ``de ${…}``. Un nombre inséré
#: (« de ${b.stat_min} à ») n'élide jamais : ses noms sont permis ci-dessous.
MODELE = re.compile(r"\b(?:[Dd]e|[Ll]e|[Ll]a|[Qq]ue|[Nn]e|[Ss]e|[Jj]usque|[Ll]orsque|[Pp]uisque) \$\{([^}]*)\}")
NOMBRES = re.compile(r"^(?:b\.\w+_(?:min|max)|[A-Z_]+(?:\.toLocaleString\([^)]*\))?)$")


def test_aucun_modele_des_scripts_ne_colle_de_devant_un_nom() -> None:
    fautes = []
    for fichier in sorted(ASSETS.rglob("*.js")):
        for numero, ligne in enumerate(fichier.read_text(encoding="utf-8").splitlines(), 1):
            for m in MODELE.finditer(ligne):
                if not NOMBRES.match(m.group(1)):
                    fautes.append(f"{fichier.relative_to(ASSETS)}:{numero} : {m.group(0)}")
    assert fautes == [], "modèles sans élision (demandez la phrase au cœur) :\n" + "\n".join(fautes)


def _vue(suivi: object, creation: dict[str, object], *ops: dict[str, object]) -> dict[str, object]:
    r = suivi.operer(None, {"op": "creer", **creation})  # type: ignore[attr-defined]
    for op in ops:
        r = suivi.operer(r["etat"], op)  # type: ignore[attr-defined]
    vue: dict[str, object] = r["vue"]
    return vue


class TestLibellesDesFiches:
    """Les libellés des champs d'une fiche, donnés par le cœur, s'élident."""

    @pytest.mark.parametrize(("nom", "attendu"), [("Esquive", "Niveau d'Esquive"), ("Histoire", "Niveau d'Histoire"),
                                                  ("Conduite", "Niveau de Conduite")])
    def test_2d6(self, nom: str, attendu: str) -> None:
        vue = _vue(SUIVI_2D6, {"nom": "Mira"}, {"op": "ajouter_competence", "nom": nom, "niveau": 1})
        assert [c["champ"] for c in vue["competences"]] == [attendu]  # type: ignore[attr-defined]
        vue = _vue(SUIVI_2D6, {"nom": "Mira"}, {"op": "ajouter_attribut", "nom": "Endurance", "valeur": 3})
        assert [a["champ"] for a in vue["attributs"]] == ["Valeur d'Endurance"]  # type: ignore[attr-defined]

    def test_d10(self) -> None:
        vue = _vue(SUIVI_D10, {"nom": "Mira"})
        esquive = next(c for c in vue["competences"] if c["nom"] == "Esquive")  # type: ignore[attr-defined]
        assert esquive["champs"] == {"niveau": "Niveau d'Esquive", "annees": "ou années de pratique d'Esquive",
                                     "pratique": "Pratique d'Esquive"}
        tir = next(c for c in vue["competences"] if c["nom"] == "Tir")  # type: ignore[attr-defined]
        assert tir["champs"]["niveau"] == "Niveau de Tir"

    def test_les_deux_pratiques_ont_deux_noms(self) -> None:
        """÷ 2 et ÷ 3 ne portent pas le même nom : « intensive » et « très intensive », comme la page."""
        noms = [libelle for _, libelle in SUIVI_D10.bornes["diviseurs"]]
        assert len(set(noms)) == 3 and "Pratique très intensive (÷ 3)" in noms

    def test_phrases_du_partage(self) -> None:
        p = phrases_suivi("Ada")
        assert p["lien_partage"] == "Lien de partage de la fiche d'Ada"
        assert p["partage"].startswith("Ce lien porte la fiche d'Ada : ")
