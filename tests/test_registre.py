"""Registre des lanceurs et pont JSON du navigateur."""

import dataclasses
import json
import re

import pytest

from jdr_core import pont, registre
from jdr_core.erreurs import JdrErreur
from jdr_core.francais import INSECABLE
from jdr_core.issues import cotes_affichees

MECANIQUES = sorted(registre.mecaniques())


class TestRegistre:
    """Chaque mécanique déclare des bornes cohérentes et rejoue une graine."""

    def test_mecaniques_attendues(self) -> None:
        assert {"3d6-test", "3d6-opposition", "3d6-attaque"} <= set(MECANIQUES)

    @pytest.mark.parametrize("nom", MECANIQUES)
    def test_defauts_valides(self, nom: str) -> None:
        m = registre.mecanique(nom)
        defauts = {p.nom: p.defaut for p in m.parametres}
        assert m.valider(defauts) == defauts
        for p in m.parametres:
            if p.genre == "entier":
                assert p.minimum <= p.defaut <= p.maximum  # type: ignore[operator]

    @pytest.mark.parametrize("nom", MECANIQUES)
    def test_meme_graine_meme_jet(self, nom: str) -> None:
        a = registre.executer(nom, {}, 99)
        b = registre.executer(nom, {}, "99")
        assert a == b and a["graine"] == 99 and a["phrase"]

    @pytest.mark.parametrize("nom", MECANIQUES)
    def test_cotes_sont_des_probabilites(self, nom: str) -> None:
        for c in registre.cotes(nom, {}):
            num, den = map(int, c["fraction"].split("/"))
            assert 0 <= num <= den

    def test_parametre_inconnu(self) -> None:
        with pytest.raises(JdrErreur, match="paramètre inconnu"):
            registre.executer("3d6-test", {"pirate": "1"}, 1)

    @pytest.mark.parametrize(
        ("params", "message"),
        [
            ({"caracteristique": "abc"}, "Caractéristique abc : attendu un entier de 1 à 5"),
            ({"caracteristique": "1e3"}, "attendu un entier"),
            ({"caracteristique": ""}, "attendu un entier"),
            ({"relances": "7"}, "Relances 7 : attendu un entier de 0 à 6"),
            ({"regle_critique": "<script>"}, "attendu une valeur parmi"),
        ],
    )
    def test_saisies_refusees(self, params: dict[str, str], message: str) -> None:
        with pytest.raises(JdrErreur, match=message):
            registre.executer("3d6-test", params, 1)

    @pytest.mark.parametrize("graine", ["-1", "abc", "9" * 17, 2**53])
    def test_graine_refusee(self, graine: object) -> None:
        with pytest.raises(JdrErreur, match="graine"):
            registre.executer("3d6-test", {}, graine)


class TestPont:
    """Le pont ne lève jamais : il rend une réponse ou une erreur en français."""

    @pytest.mark.parametrize(
        "requete",
        ["", "[]", "{", '{"type": "rien"}', '{"type": "lancer", "mecanique": "nope"}',
         '{"type": "lancer", "mecanique": "3d6-test", "parametres": [1]}',
         '{"type": "exemple", "source": 3}', "x" * 200_000],
    )
    def test_requetes_hostiles(self, requete: str) -> None:
        reponse = json.loads(pont.traiter(requete))
        assert set(reponse) == {"erreur"} and reponse["erreur"]

    def test_exemple_ok(self) -> None:
        r = json.loads(pont.traiter(json.dumps({"type": "exemple", "source": ">>> 2 * 3\n6\n"})))
        assert r == {"ok": True, "mode": "texte",
                     "verdict": "Le calcul du navigateur donne les mêmes résultats que le texte.",
                     "lignes": [{"source": "2 * 3\n", "attendu": "6\n", "obtenu": "6\n", "ok": True, "ligne": 1}]}

    def test_exemple_exception(self) -> None:
        r = pont.executer_exemple(">>> 1 / 0\n")
        assert not r["ok"] and "ZeroDivisionError" in r["lignes"][0]["obtenu"]

    def test_exemple_erreur_de_regle_en_francais(self) -> None:
        """Une JdrErreur dans du code modifié donne son message, sans trace Python."""
        source = ">>> from jdr_core.troisd6 import tester\n>>> from jdr_core.des import DesScriptes\n" \
                 ">>> tester(9, des=DesScriptes([1, 1, 1]))\n"
        r = pont.executer_exemple(source, mode="modifie")
        ligne = r["lignes"][-1]
        assert ligne["erreur"] == {"message": "Ligne 3 : caractéristique 9 : attendu un entier de 1 à 5"}
        assert "Traceback" not in json.dumps(r) and r["verdict"].startswith("Le calcul s'arrête sur une erreur")

    def test_exemple_autre_erreur_genre_et_ligne(self) -> None:
        """Une autre exception : son genre en français et sa ligne, le détail Python à part."""
        r = pont.executer_exemple(">>> x = 1\n>>> pierre\n", mode="modifie")
        erreur = r["lignes"][-1]["erreur"]
        assert erreur["message"] == "Ligne 2 : « pierre » n'est défini nulle part."
        assert "pierre" in erreur["detail"]

    def test_avec_d_autres_des(self) -> None:
        """La même situation avec des dés graines : rejouable, et l'écart au texte n'est pas un échec."""
        source = (">>> from jdr_core.des import DesScriptes\n>>> from jdr_core.troisd6 import tester\n"
                  ">>> des = DesScriptes([2, 3, 5])\n>>> print(tester(3, des=des))\n2, 3, 5 contre 3 : 2 succès.\n")
        a = json.loads(pont.traiter(json.dumps({"type": "exemple", "source": source, "graine": "41"})))
        b = json.loads(pont.traiter(json.dumps({"type": "exemple", "source": source, "graine": 41})))
        assert a == b and a["mode"] == "autres_des" and a["graine"] == 41
        # Les phrases rendues à la page ont leurs espaces insécables (typographie du pont).
        obtenu = a["lignes"][-1]["obtenu"]
        assert obtenu.endswith(f"contre 3{INSECABLE}: " + obtenu.split(f"{INSECABLE}: ")[-1])
        assert a["verdict"].startswith(f"Mêmes règles, d'autres dés{INSECABLE}: ")
        sorties = {json.loads(pont.traiter(json.dumps({"type": "exemple", "source": source, "graine": g})))
                   ["lignes"][-1]["obtenu"] for g in range(30)}
        assert len(sorties) > 5  # les dés changent vraiment

    @pytest.mark.parametrize("requete", [
        {"type": "exemple", "source": ">>> 1\n1\n", "graine": "²"},
        {"type": "exemple", "source": ">>> 1\n1\n", "mode": "pirate"},
    ])
    def test_exemple_requete_refusee(self, requete: dict[str, object]) -> None:
        assert set(json.loads(pont.traiter(json.dumps(requete)))) == {"erreur"}

    def test_exemple_vide_n_est_pas_ok(self) -> None:
        assert not pont.executer_exemple("rien à exécuter\n")["ok"]

    def test_cotes(self) -> None:
        r = json.loads(pont.traiter('{"type": "cotes", "mecanique": "3d6-test", "parametres": {"difficulte": "1"}}'))
        assert r["cotes"][0]["fraction"] == "7/8"


class TestSystemes:
    """Une seule liste de systèmes ; le pont route la fiche vers le système nommé."""

    def test_liste_declaree(self) -> None:
        assert [s.nom for s in registre.systemes()] == list(registre.SYSTEMES)

    def test_aucun_module_partage_ne_nomme_un_systeme(self) -> None:
        """Ni le registre, ni le pont, ni les blocs, ni le greffon, ni le worker ne nomment un système."""
        from pathlib import Path

        racine = Path(__file__).parent.parent
        partages = [racine / "jdr_core" / f for f in ("registre.py", "pont.py", "mecanique.py")]
        partages += [p for p in (racine / "site_plugins").rglob("*") if p.suffix in (".py", ".mjs", ".js")
                     and p.parent != racine / "site_plugins" / "assets" / "table" / "suivi" / "vues"]
        for chemin in partages:
            texte = chemin.read_text(encoding="utf-8")
            if chemin.name == "registre.py":
                debut = texte.index("SYSTEMES: tuple")
                texte = texte[:debut] + texte[texte.index("\n)\n", debut):]  # la liste déclarée, une ligne par système
            for s in registre.systemes():
                # Un chemin d'import (jdr_core.encore, .encore) ou un nom entre guillemets.
                motif = rf"(\.{s.nom}\b|[\"'`]{s.nom}[\"'`/])"
                assert not re.search(motif, texte), f"{chemin.name} nomme {s.nom}"

    def test_suivi_route_par_systeme(self) -> None:
        r = json.loads(pont.traiter(json.dumps({"type": "suivi", "systeme": "encore", "etat": None,
                                                "op": {"op": "creer", "nom": "Gideon", "ton": "blockbuster"}})))
        assert r["vue"]["sante"] == 8

    @pytest.mark.parametrize("systeme", [None, "inconnu", ["encore"]])
    def test_suivi_refuse(self, systeme: object) -> None:
        r = json.loads(pont.traiter(json.dumps({"type": "suivi", "systeme": systeme, "etat": None, "op": {}})))
        assert set(r) == {"erreur"} and ("système" in r["erreur"])

    def test_systeme_sans_suivi(self, monkeypatch: pytest.MonkeyPatch) -> None:
        sans = dataclasses.replace(registre.systeme("deuxd6"), suivis=())
        monkeypatch.setattr(registre, "systeme", lambda nom: sans)
        with pytest.raises(JdrErreur, match="le système 2D6 sous le seuil n'a pas de fiche de suivi"):
            registre.suivi("deuxd6")

    @pytest.mark.parametrize("graine", ["²", "--3", "+-1", "１２"])
    def test_graine_unicode_refusee(self, graine: str) -> None:
        with pytest.raises(JdrErreur, match="graine"):
            registre.executer("3d6-test", {}, graine)


def test_refus_d_un_choix_nomme_les_libelles() -> None:
    """Un choix refusé propose les choix tels que la liste les montre, jamais leurs codes internes."""
    meca = registre.mecanique("2d6-test")
    with pytest.raises(JdrErreur) as refus:
        meca.valider({"jet": "n'importe quoi"})
    message = str(refus.value)
    assert "« Sans la compétence : 2 + caractéristique »" in message and " ou « " in message
    assert "sans_competence" not in message


def test_issue_impossible_pas_listee() -> None:
    """Une issue impossible n'est pas listée dans les cotes (« 0 % (0/1) ») ; le graphique garde toutes ses barres."""
    meca = registre.mecanique("encore-reserve")
    valeurs = meca.valider({})
    toutes = meca.cotes(valeurs)
    affichees = registre.cotes("encore-reserve", {})
    assert [c["cle"] for c in affichees] == [c.cle for c in toutes if c.probabilite]
    assert "partielle" in [c.cle for c in toutes] and "partielle" not in [c["cle"] for c in affichees]
    assert all(c["pourcentage"] != "0 %" for c in affichees)
    for nom in registre.mecaniques():
        lignes = registre.cotes(nom, {})
        assert lignes and all(not c["fraction"].startswith("0/") for c in lignes), nom


def test_issues_toutes_impossibles() -> None:
    """Quand toutes les issues sont impossibles, la liste ne reste pas vide : la première, celle que
    le jet cherche, dit « impossible (0 %) », sans fraction ; c'est la même liste pour le lanceur
    construit, l'infobulle d'un jet du texte et la réponse du worker."""
    bruts = {"caracteristique": "4", "desavantages": "1", "difficulte": "3"}
    meca = registre.mecanique("3d6-test")
    assert not any(c.probabilite for c in meca.cotes(meca.valider(bruts)))
    attendu = [{"cle": "reussite", "libelle": "Réussir (difficulté 3)", "fraction": "",
                "pourcentage": "impossible (0 %)"}]
    assert registre.cotes("3d6-test", bruts) == attendu
    assert registre.cotes_et_graphique("3d6-test", bruts)["cotes"] == attendu
    assert cotes_affichees([]) == []
