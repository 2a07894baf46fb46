"""Le pont : toute requête, même hostile, reçoit une réponse JSON en français, jamais une exception."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from jdr_core import pont, registre
from jdr_core.erreurs import JdrErreur
from jdr_core.francais import typographier

#: Des fragments qui trahissent une erreur Python ou un nom interne montrés tels quels.
FRAGMENTS_INTERDITS = re.compile(
    r"Error|Exception|Traceback|unhashable|is not|must be|not supported|object|<class|"
    r"\bTon\.|\bPalier\.|\bEvenement\.|\bNone\b|integers, not"
)


def repondre(texte: str) -> dict[str, Any]:
    """Passe un texte au pont et vérifie la forme de sa réponse : un objet JSON, et s'il
    porte une erreur, une phrase française sans trace technique."""
    brut = pont.traiter(texte)
    reponse = json.loads(brut)
    assert isinstance(reponse, dict)
    if "erreur" in reponse:
        erreur = reponse["erreur"]
        assert isinstance(erreur, str) and erreur.strip()
        assert not FRAGMENTS_INTERDITS.search(erreur), erreur
    else:
        assert reponse, "une réponse sans erreur porte un résultat"
    return reponse


# --- des valeurs JSON de toutes les formes -------------------------------------

SCALAIRES = st.one_of(
    st.none(), st.booleans(), st.integers(-(10**30), 10**30), st.floats(allow_nan=False, allow_infinity=False),
    st.text(max_size=30), st.sampled_from(["", "0", "--3", "²", "١٢", "1e9", "blockbuster", "raw", "epique",
                                           "creer", "subir", "évènement", "horreur", "encore"]),
)
VALEURS = st.recursive(
    SCALAIRES,
    lambda enfants: st.one_of(st.lists(enfants, max_size=5),
                              st.dictionaries(st.text(max_size=12), enfants, max_size=5)),
    max_leaves=25,
)
GENRES = st.sampled_from([*pont.GENRES_DE_REQUETE, "fiche", "", "LANCER"])
NOMS_MECANIQUES = sorted(registre.mecaniques())
OPERATIONS = st.sampled_from(["creer", "lire", "subir", "evenement", "premiers_soins", "ramener", "relance",
                              "repos", "rupture", "rendre_durable", "guerir_durable", "fin_de_conflit", ""])


@st.composite
def requetes(draw: st.DrawFn) -> dict[str, Any]:
    """Une requête de chaque genre, où chaque champ peut être juste, absurde ou absent."""
    requete: dict[str, Any] = {"type": draw(GENRES)}
    champs = {
        "mecanique": st.one_of(st.sampled_from(NOMS_MECANIQUES), VALEURS),
        "parametres": st.one_of(st.dictionaries(st.sampled_from(["caracteristique", "ton", "attribut", "stress",
                                                                  "difficulte", "malus", "bonus", "nombre"]),
                                                VALEURS, max_size=4), VALEURS),
        "graine": VALEURS,
        "systeme": st.one_of(st.sampled_from(registre.SYSTEMES), VALEURS),
        "etat": VALEURS,
        "op": st.one_of(st.fixed_dictionaries({"op": OPERATIONS}, optional={
            "ton": VALEURS, "nom": VALEURS, "degats": VALEURS, "blessures": VALEURS, "evenement": VALEURS,
            "resister": VALEURS, "con": VALEURS, "graine": VALEURS}), VALEURS),
        "source": st.one_of(st.just(">>> 1 + 1\n2\n"), st.text(max_size=40), VALEURS),
        "mode": VALEURS,
        "nom": VALEURS,
    }
    for cle, strategie in champs.items():
        if draw(st.booleans()):
            requete[cle] = draw(strategie)
    return requete


class TestJamaisDException:
    """Pour chaque genre de requête, toute valeur JSON donne une réponse JSON en français."""

    @given(requete=requetes())
    def test_requetes_arbitraires(self, requete: dict[str, Any]) -> None:
        repondre(json.dumps(requete, ensure_ascii=False))

    @given(valeur=VALEURS)
    def test_valeur_json_quelconque(self, valeur: object) -> None:
        repondre(json.dumps(valeur))

    @given(texte=st.text(max_size=200))
    def test_texte_quelconque(self, texte: str) -> None:
        repondre(texte)

    @given(profondeur=st.integers(33, 20_000), genre=GENRES, ouvrant=st.sampled_from(["[", '{"a":']))
    def test_imbrication_profonde(self, profondeur: int, genre: str, ouvrant: str) -> None:
        fermant = "]" if ouvrant == "[" else "}"
        texte = json.dumps({"type": genre, "parametres": "X"}).replace(
            '"X"', ouvrant * profondeur + "1" + fermant * profondeur)
        attendu = "imbriquée" if len(texte) <= pont.TAILLE_MAX_REQUETE else "trop longue"
        assert attendu in repondre(texte)["erreur"]

    @given(chiffres=st.integers(41, 20_000), champ=st.sampled_from(["graine", "parametres", "etat", "op"]),
           genre=st.sampled_from(pont.GENRES_DE_REQUETE), signe=st.sampled_from(["", "-"]))
    def test_entiers_immenses(self, chiffres: int, champ: str, genre: str, signe: str) -> None:
        texte = json.dumps({"type": genre, champ: "X"}).replace('"X"', signe + "7" * chiffres)
        if len(texte) <= pont.TAILLE_MAX_REQUETE:
            assert "chiffres" in repondre(texte)["erreur"]
        else:
            assert "trop longue" in repondre(texte)["erreur"]


@st.composite
def lancers(draw: st.DrawFn) -> dict[str, Any]:
    """Un lanceur réel, ses vrais noms de paramètres, des valeurs quelconques."""
    nom = draw(st.sampled_from(NOMS_MECANIQUES))
    noms = [p.nom for p in registre.mecanique(nom).parametres]
    parametres = {cle: draw(VALEURS) for cle in draw(st.lists(st.sampled_from(noms), max_size=4))}
    return {"type": draw(st.sampled_from(["lancer", "cotes"])), "mecanique": nom, "parametres": parametres,
            "graine": draw(st.none() | VALEURS)}


class TestLanceursSansFiletDeSecours:
    """Lancers et cotes expliquent toujours leur refus : le dernier filet n'y sert jamais."""

    @given(requete=lancers())
    def test_erreur_expliquee(self, requete: dict[str, Any]) -> None:
        reponse = repondre(json.dumps(requete))
        assert reponse.get("erreur") != pont.ERREUR_IMPREVUE


class TestCasDuRapport:
    """Les requêtes qui faisaient lever le pont, une par une."""

    @pytest.mark.parametrize("texte", [
        '{"type": "fiche", "op": {"op": "creer", "ton": []}}',
        '{"type": "suivi", "systeme": "encore", "op": {"op": "creer", "ton": []}}',
        '{"type": "suivi", "systeme": "encore", "op": {"op": "creer", "ton": {}}}',
        "[" * 1000 + "]" * 1000,
        '{"type": "lancer", "mecanique": "3d6-test", "graine": ' + "9" * 4400 + "}",
        '{"type": "cotes", "mecanique": "3d6-test", "parametres": {"caracteristique": 1e999}}',
        '{"type": "lancer", "mecanique": "3d6-test", "graine": NaN}',
        '{"type": ["lancer"]}',
        "",
        "\x00",
    ])
    def test_reponse_en_francais(self, texte: str) -> None:
        assert "erreur" in repondre(texte)

    def test_imbrication_dans_une_chaine_permise(self) -> None:
        """Les crochets d'un exemple (dans une chaîne JSON) ne comptent pas pour l'imbrication."""
        source = ">>> " + "[" * 40 + "1" + "]" * 40 + "\n" + "[" * 40 + "1" + "]" * 40 + "\n"
        reponse = repondre(json.dumps({"type": "exemple", "source": source}))
        assert reponse["ok"] is True

    def test_graine_longue_mais_lisible(self) -> None:
        reponse = repondre(json.dumps({"type": "lancer", "mecanique": "3d6-test", "graine": 2**53 - 1,
                                       "parametres": {"caracteristique": 3}}))
        assert "erreur" not in reponse

    def test_erreur_imprevue_sans_detail(self, monkeypatch: pytest.MonkeyPatch) -> None:
        """Une exception que le cœur n'a pas prévue donne le message de dernier recours."""
        def panne(_requete: object) -> dict[str, Any]:
            raise TypeError("string indices must be integers, not 'str'")

        monkeypatch.setattr(pont, "_repondre", panne)
        assert repondre('{"type": "lancer"}') == {"erreur": typographier(pont.ERREUR_IMPREVUE)}

    def test_reponse_non_serialisable(self, monkeypatch: pytest.MonkeyPatch) -> None:
        monkeypatch.setattr(pont, "_repondre", lambda _requete: {"valeur": float("nan")})
        assert repondre('{"type": "lancer"}') == {"erreur": typographier(pont.ERREUR_IMPREVUE)}

    def test_genre_inconnu_dit_les_genres_permis(self) -> None:
        erreur = repondre('{"type": "fiche"}')["erreur"]
        assert erreur == typographier("requête inconnue : « fiche » ; le champ « type » doit valoir "
                                      "lancer, cotes, suivi ou exemple.")


class TestLecture:
    """Les limites de lecture, avant l'analyse."""

    def test_profondeur_limite_acceptee(self) -> None:
        assert pont.lire_requete("[" * pont.PROFONDEUR_MAX + "]" * pont.PROFONDEUR_MAX) is not None

    def test_profondeur_depassee(self) -> None:
        n = pont.PROFONDEUR_MAX + 1
        with pytest.raises(JdrErreur, match="imbriquée"):
            pont.lire_requete("[" * n + "]" * n)

    def test_exemple_sans_le_registre(self) -> None:
        """Un « Exécuter » sans graine n'importe ni le registre ni les mécaniques (démarrage plus court)."""
        code = ("import json, sys; from jdr_core import pont; "
                "r = json.loads(pont.traiter(json.dumps({'type': 'exemple', 'source': '>>> 1 + 1\\n2\\n'}))); "
                "print(r['ok'], sorted({'jdr_core.registre', 'jdr_core.mecanique'} & set(sys.modules)))")
        sortie = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
        assert sortie.stdout.strip() == "True []"

    def test_memes_limites_que_la_page(self) -> None:
        """La page (moteur/requete.js) refuse avant l'envoi ce que le pont refuserait : elle lit ses bornes dans
        la configuration que la construction écrit depuis ce module, et n'en écrit aucune elle-même."""
        from site_plugins.configuration import GLOBALE, constantes

        assert constantes()["limites"] == {"profondeurMax": pont.PROFONDEUR_MAX, "tailleMax": pont.TAILLE_MAX_REQUETE}
        # Où que soit le module qui les définit (moteur/requete.js aujourd'hui), il les lit dans la configuration.
        lues = {nom: valeur for script in (Path(__file__).resolve().parent.parent / "site_plugins/assets").rglob("*.js")
                for nom, valeur in re.findall(r"^export const (\w+_MAX) = (.*);$", script.read_text(encoding="utf-8"),
                                              re.M)}
        assert {nom: lues.get(nom) for nom in ("PROFONDEUR_MAX", "TAILLE_MAX")} == {
            "PROFONDEUR_MAX": f"globalThis.{GLOBALE}.limites.profondeurMax",
            "TAILLE_MAX": f"globalThis.{GLOBALE}.limites.tailleMax"}

    def test_chaine_echappee(self) -> None:
        assert pont.lire_requete(json.dumps({"a": '\\"[[[' * 20})) == {"a": '\\"[[[' * 20}

    def test_pas_un_texte(self) -> None:
        with pytest.raises(JdrErreur, match="texte JSON"):
            pont.lire_requete(b"{}")
