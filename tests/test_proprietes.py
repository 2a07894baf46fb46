"""Propriétés (Hypothesis) : toute entrée valide donne un résultat conforme aux règles,
toute entrée invalide lève JdrErreur avec un message en français."""

from hypothesis import given
from hypothesis import strategies as st

from jdr_core import pont, registre
from jdr_core.des import DesAleatoires
from jdr_core.erreurs import JdrErreur
from jdr_core.troisd6.combat import attaquer
from jdr_core.troisd6.energie import Etat, Vitalite
from jdr_core.troisd6.test import Critique, RegleCritique, face_critique, tester

graines = st.integers(0, 2**53 - 1)


@given(
    carac=st.integers(1, 5), av=st.integers(0, 10), des_=st.integers(0, 10), rel=st.integers(0, 6),
    fp=st.integers(0, 10), diff=st.integers(0, 12), regle=st.sampled_from(RegleCritique), graine=graines,
)
def test_test_valide(carac: int, av: int, des_: int, rel: int, fp: int, diff: int,
                     regle: RegleCritique, graine: int) -> None:
    jet = tester(carac, avantages=av, desavantages=des_, relances=rel, fp=fp, difficulte=diff,
                 regle_critique=regle, des=DesAleatoires(graine))
    assert 2 <= len(jet.des) <= 4
    assert all(1 <= f <= 6 for f in jet.des)
    assert jet.succes == sum(f <= carac for f in jet.des) + fp
    assert len(jet.relances) <= rel
    assert all(r.avant > carac for r in jet.relances)
    face = face_critique(jet.des, regle)
    if face is None:
        assert jet.critique is Critique.AUCUN and jet.reussi == (jet.succes >= diff)
    else:
        assert jet.reussi == (face <= carac)


@given(carac=st.integers(), rel=st.integers(), fp=st.integers(), diff=st.integers())
def test_test_invalide(carac: int, rel: int, fp: int, diff: int) -> None:
    try:
        tester(carac, relances=rel, fp=fp, difficulte=diff, des=DesAleatoires(1))
    except JdrErreur as e:
        assert "attendu" in str(e)
    else:
        assert 1 <= carac <= 5 and 0 <= rel <= 6 and 0 <= fp <= 10 and 0 <= diff <= 12


@given(phys=st.integers(1, 5), arme=st.integers(1, 5), prot=st.integers(0, 4), fp=st.integers(0, 10),
       defense=st.integers(0, 2), auto=st.booleans(), graine=graines)
def test_attaque_valide(phys: int, arme: int, prot: int, fp: int, defense: int, auto: bool, graine: int) -> None:
    a = attaquer(phys, arme=arme, protection=prot, fp=fp, defense=defense, automatique=auto,
                 des=DesAleatoires(graine))
    assert a.degats >= 0
    if not a.touche:
        assert a.degats == 0
    else:
        assert a.degats <= 2 * arme + a.jet.succes + fp


@given(nom=st.sampled_from(sorted(registre.mecaniques())),
       bruts=st.dictionaries(st.text(max_size=20), st.one_of(st.text(max_size=30), st.integers(), st.booleans(),
                                                              st.none()), max_size=6),
       graine=st.one_of(st.none(), st.integers(-5, 2**60), st.text(max_size=20)))
def test_registre_jamais_d_exception_etrangere(nom: str, bruts: dict[str, object], graine: object) -> None:
    try:
        r = registre.executer(nom, bruts, graine)
    except JdrErreur as e:
        assert str(e)
    else:
        assert r["phrase"] and r["groupes"]


@given(st.text(max_size=300))
def test_pont_repond_toujours(texte: str) -> None:
    assert pont.traiter(texte).startswith("{")


@given(ops=st.lists(st.tuples(st.sampled_from(["subir", "recuperer", "soigner", "stabiliser", "conscience"]),
                              st.integers(0, 12), graines), max_size=25),
       robot=st.booleans())
def test_vitalite_sequences(ops: list[tuple[str, int, int]], robot: bool) -> None:
    v = Vitalite.nouvelle(physique=3, mental=2, robot=robot)
    for op, n, graine in ops:
        try:
            if op == "subir":
                v = v.subir(n)
            elif op == "recuperer":
                v = v.recuperer(n)
            elif op == "soigner":
                v = v.soigner(tester(3, des=DesAleatoires(graine)))
            elif op == "stabiliser":
                v = v.stabiliser()
            else:
                v = v.reprendre_conscience()
        except JdrErreur:
            pass
        assert v.pe <= v.maximum
        assert (v.etat is Etat.CRITIQUE) == (v.pe < 0)
        assert not (v.robot and v.etat is Etat.AFFAIBLI)


# --- enCORE : toute suite d'opérations du suivi garde la fiche cohérente ----------

from jdr_core.encore.fiche import MODES_RUPTURE, Fiche  # noqa: E402
from jdr_core.encore.reserve import lancer_reserve  # noqa: E402
from jdr_core.encore.ton import REGLES, Evenement, Ton  # noqa: E402

OPERATIONS = st.one_of(
    st.tuples(st.just("subir"), st.integers(0, 12)),
    st.tuples(st.just("evenement"), st.sampled_from(Evenement)),
    st.tuples(st.just("resister"), st.sampled_from(Evenement)),
    st.tuples(st.just("repos"), st.sampled_from(["pause", "scene", "longue"])),
    st.tuples(st.just("simple"), st.sampled_from(["relance", "declarer_coup_d_eclat", "reconfort", "nouvelle_scene",
                                                 "soins_medicaux", "fin_de_conflit"])),
    st.tuples(st.just("premiers_soins"), st.booleans()),
    st.tuples(st.just("rupture"), st.sampled_from(MODES_RUPTURE)),
    st.tuples(st.just("ramener"), st.integers(0, 6)),
    st.tuples(st.just("durable"), st.integers(0, 5)),
)


@given(ton=st.sampled_from(Ton), ops=st.lists(st.tuples(OPERATIONS, graines), max_size=30))
def test_fiche_reste_coherente(ton: Ton, ops: list[tuple[tuple[str, object], int]]) -> None:
    fiche = Fiche.nouvelle("Essai", ton)
    regles = REGLES[ton]
    for (genre, valeur), graine in ops:
        try:
            if genre == "subir":
                n = len(fiche.paliers_franchis(valeur))  # type: ignore[arg-type]
                fiche = fiche.subir(valeur, [(f"b{i}", ["x"]) for i in range(n)])  # type: ignore[arg-type]
            elif genre == "evenement":
                fiche = fiche.evenement(valeur)  # type: ignore[arg-type]
            elif genre == "resister":
                fiche = fiche.evenement(valeur, resistance=lancer_reserve(2, des=DesAleatoires(graine)))  # type: ignore[arg-type]
            elif genre == "repos":
                fiche = fiche.repos(valeur)  # type: ignore[arg-type]
            elif genre == "simple":
                fiche = getattr(fiche, valeur)()  # type: ignore[arg-type]
            elif genre == "premiers_soins":
                fiche = fiche.premiers_soins(bool(valeur))
            elif genre == "rupture":
                fiche = fiche.choisir_rupture(valeur)  # type: ignore[arg-type]
            elif genre == "ramener":
                fiche = fiche.ramener(lancer_reserve(valeur, des=DesAleatoires(graine)))  # type: ignore[arg-type]
            elif genre == "durable" and fiche.blessures:
                fiche = fiche.rendre_durable(fiche.blessures[valeur % len(fiche.blessures)].nom)  # type: ignore[operator]
        except JdrErreur as erreur:
            assert str(erreur)
        assert 0 <= fiche.sante <= regles.sante_max
        assert 0 <= fiche.stress <= 6
        for b in fiche.blessures:
            assert b.durable or fiche.sante <= regles.haut_du_palier(b.palier)
        assert not (fiche.coup_d_eclat_pret and fiche.en_rupture)
        assert fiche.mode_rupture is None or fiche.en_rupture
        assert Fiche.depuis_json(fiche.en_json()) == fiche
