"""Les lanceurs du D10 : système, cotes contre énumération et contre 20 000 jets, affichage, saisies."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from jdr_core.d10.blessures import chance_resistance, distribution_survie
from jdr_core.d10.combat import Couvert, Defense, distribution_attaque
from jdr_core.d10.lanceurs import MECANIQUES
from jdr_core.des import DesAleatoires
from jdr_core.erreurs import JdrErreur
from jdr_core.mecanique import ROLES, Mecanique

from .loi_d10 import FIXE, cotes_action, difficulte_opposition, loi_de_ouvert, loi_marge
from .test_enumeration import enumerer_mecanique
from .test_khi2 import Cas, Exacte, Issue, par_cas, verifier_les_cotes

PAR_NOM: dict[str, Mecanique[Any]] = {m.nom: m for m in MECANIQUES}


CAS_PETITS = [(m.nom, i, petit) for m in MECANIQUES for i, petit in enumerate(m.petits)]


@pytest.mark.parametrize(("nom", "indice", "petit"), CAS_PETITS, ids=[f"{n}-{i}" for n, i, _ in CAS_PETITS])
def test_enumeration_egale_les_cotes(nom: str, indice: int, petit: dict[str, object]) -> None:
    """Toutes les suites de dés (moins de 50 000), passées par le lanceur, donnent les cotes annoncées."""
    meca = PAR_NOM[nom]
    valeurs = meca.valider(petit)
    totaux, feuilles = enumerer_mecanique(meca, valeurs)
    assert feuilles < 50_000
    cotes = {c.cle: c.probabilite for c in meca.cotes(valeurs)}
    assert set(totaux) <= set(cotes)
    for cle, attendu in cotes.items():
        assert totaux.get(cle, Fraction(0)) == attendu, cle


def _cotes_independantes(nom: str, v: dict[str, Any]) -> dict[str, Fraction]:
    """Les cotes d'une action ou d'une opposition, recalculées sans le moteur (tests/loi_d10.py)."""
    if nom == "d10-action":
        difficulte = FIXE + v["dv"]
    else:
        difficulte = difficulte_opposition(v["comp"], v["stat_adverse"], v["comp_adverse"])
    return cotes_action(v["stat"], v["comp"], difficulte, malus=v["malus"], automatique=v.get("automatique", False),
                        enchainer=v["enchainer"], egalite_reussit=v["egalite"])


CAS_ACTIONS = [(nom, i, petit) for nom, i, petit in CAS_PETITS if nom in ("d10-action", "d10-opposition")]


@pytest.mark.parametrize(("nom", "indice", "petit"), CAS_ACTIONS, ids=[f"{n}-{i}" for n, i, _ in CAS_ACTIONS])
def test_cotes_contre_calcul_independant(nom: str, indice: int, petit: dict[str, object]) -> None:
    """Les cotes annoncées d'une action et d'une opposition égalent la règle recalculée sans le moteur."""
    meca = PAR_NOM[nom]
    valeurs = meca.valider(petit)
    assert {c.cle: c.probabilite for c in meca.cotes(valeurs)} == _cotes_independantes(nom, valeurs)


def test_le_calcul_independant_voit_une_regle_changee() -> None:
    """Le calcul du test n'est pas complaisant : une égalité qui échoue change les cotes annoncées."""
    meca = PAR_NOM["d10-action"]
    valeurs = meca.valider({"stat": 4, "comp": 3, "dv": 2})
    annoncees = {c.cle: c.probabilite for c in meca.cotes(valeurs)}
    assert annoncees != _cotes_independantes("d10-action", {**valeurs, "egalite": False})


CAS_KHI2: list[Cas] = [
    ("d10-action", {"stat": 4, "comp": 3, "dv": 6},
     lambda a: a.marge, lambda v: loi_marge(4, 3, FIXE + 6)),
    ("d10-action", {"stat": 2, "comp": 6, "dv": 3},
     lambda a: a.de.total, lambda v: loi_de_ouvert(6)),
    ("d10-action", {"stat": 3, "comp": 0, "dv": 2, "malus": 2, "enchainer": True},
     lambda a: a.de.total, lambda v: loi_de_ouvert(0, enchainer=True)),
    ("d10-opposition", {"stat": 5, "comp": 4, "stat_adverse": 6, "comp_adverse": 0},
     lambda a: a.marge, lambda v: loi_marge(5, 4, difficulte_opposition(4, 6, 0))),
    ("d10-attaque", {"mode": "tir", "distance": 20, "agi": 6, "comp": 4, "esquive": 1, "arme": 9, "con": 3,
                     "couvert": "2"},
     lambda a: a.gravite,
     lambda v: distribution_attaque(5 + 7 + 1, agi=6, comp=4, arme=9, defense=Defense(3, couvert=Couvert.LEGER))),
    ("d10-ko", {"degats": 9, "valeur": 4, "malus": 1},
     lambda j: j.reussi,
     lambda v: {True: chance_resistance(9, 4, malus=1), False: 1 - chance_resistance(9, 4, malus=1)}),
    ("d10-survie", {"degats": 12, "con": 6, "jours": 3},
     lambda s: s.jour_de_la_mort, lambda v: distribution_survie(12, 6, jours_sans_soins=3)),
]


@pytest.mark.lent
@par_cas(CAS_KHI2)
def test_lanceur_suit_les_cotes(nom: str, bruts: dict[str, Any], issue: Issue, exacte: Exacte) -> None:
    """20 000 jets graines par cas : le khi-deux reste sous son quantile 99,9 %."""
    verifier_les_cotes(PAR_NOM[nom], bruts, issue, exacte)


class TestAffichage:
    """Le schéma lu par la page : rôles connus, dés à dix faces, phrases sans jargon."""

    @pytest.mark.parametrize("nom", sorted(PAR_NOM))
    def test_schema(self, nom: str) -> None:
        meca = PAR_NOM[nom]
        for petit in meca.petits:
            valeurs = meca.valider(petit)
            for graine in range(40):
                a = meca.afficher(meca.lancer(valeurs, DesAleatoires(graine)), valeurs)
                assert a["phrase"] and a["issue"] in ("reussite", "neutre", "echec")
                for groupe in a["groupes"]:
                    assert all(d["role"] in ROLES and d["faces"] == 10 for d in groupe["des"])
                texte = " ".join([a["phrase"], *a["details"]])
                for interdit in ("(s)", "True", "False", "Fraction(", "None"):
                    assert interdit not in texte, (nom, texte)

    def test_chaine_du_de_ouvert(self) -> None:
        """Le premier dé compte en « somme », l'ajouté en « succes », le retranché en « echec »."""
        meca = PAR_NOM["d10-action"]
        valeurs = meca.valider({"comp": 5})
        vus = set()
        for graine in range(200):
            a = meca.afficher(meca.lancer(valeurs, DesAleatoires(graine)), valeurs)
            roles = tuple(d["role"] for d in a["groupes"][0]["des"])
            vus.add(roles)
        assert vus == {("somme",), ("somme", "succes"), ("somme", "echec")}

    @pytest.mark.parametrize(("compenser", "difficulte"), [("non", "5 + AGI 4 + Esquive 0 = 9."),
                                                          ("oui", "5 + AGI 4 + Esquive 0 + 5 = 14.")])
    def test_contact_sans_esquive(self, compenser: str, difficulte: str) -> None:
        """Le réglage « compenser » change la difficulté annoncée d'un défenseur sans Esquive."""
        meca = PAR_NOM["d10-attaque"]
        valeurs = meca.valider({"agi_adverse": 4, "esquive": 0, "comp": 3, "compenser": compenser})
        a = meca.afficher(meca.lancer(valeurs, DesAleatoires(3)), valeurs)
        assert f"Difficulté : {difficulte}" in a["details"]

    def test_des_degats_ouverts_affiches(self) -> None:
        """Ouvert, le dé des dégâts montre aussi le dé ajouté ou retranché ; sinon, un seul dé."""
        meca = PAR_NOM["d10-attaque"]
        vus: dict[bool, set[int]] = {True: set(), False: set()}
        for ouvert in (True, False):
            valeurs = meca.valider({"agi": 10, "comp": 6, "esquive": 0, "agi_adverse": 1, "degats_ouverts": ouvert})
            for graine in range(300):
                a = meca.afficher(meca.lancer(valeurs, DesAleatoires(graine)), valeurs)
                vus[ouvert].add(len(a["groupes"][-1]["des"]))
        assert vus == {True: {1, 2}, False: {1}}

    def test_automatique_refusee_lance_quand_meme(self) -> None:
        meca = PAR_NOM["d10-action"]
        valeurs = meca.valider({"stat": 2, "comp": 1, "dv": 10, "automatique": "oui"})
        a = meca.afficher(meca.lancer(valeurs, DesAleatoires(1)), valeurs)
        assert any("pas permise" in d for d in a["details"]) and a["groupes"]


class TestSaisies:
    """Une saisie hors bornes donne une JdrErreur en français, jamais autre chose."""

    @pytest.mark.parametrize(("nom", "bruts"), [("d10-action", {"stat": "11"}), ("d10-action", {"comp": "-1"}),
                                                 ("d10-attaque", {"couvert": "3"}), ("d10-ko", {"carac": "FOR"}),
                                                 ("d10-survie", {"jours": "99"}), ("d10-action", {"inconnu": 1})])
    def test_refus(self, nom: str, bruts: dict[str, object]) -> None:
        with pytest.raises(JdrErreur):
            PAR_NOM[nom].valider(bruts)

    @given(st.sampled_from(sorted(PAR_NOM)), st.dictionaries(st.sampled_from(["stat", "comp", "dv", "malus", "degats",
                                                                               "valeur", "con", "jours", "distance",
                                                                               "arme", "agi", "esquive"]),
                                                              st.integers(-100, 100), max_size=4),
           st.integers(0, 2**32))
    def test_tout_ou_erreur(self, nom: str, bruts: dict[str, int], graine: int) -> None:
        meca = PAR_NOM[nom]
        connus = {p.nom for p in meca.parametres}
        try:
            valeurs = meca.valider({k: str(v) for k, v in bruts.items() if k in connus})
        except JdrErreur:
            return
        resultat = meca.lancer(valeurs, DesAleatoires(graine))
        cotes = meca.cotes(valeurs)
        exclusives = cotes if nom == "d10-survie" else cotes[:2]
        assert sum(c.probabilite for c in exclusives) == 1
        assert meca.afficher(resultat, valeurs)["phrase"]
