"""enCORE en français : chaque erreur qu'un joueur peut provoquer, dans tous les modules du système (fiche,
ton, suivi), dit en mots quel champ ou quelle règle. Les phrases de chaque module sont testées dans son
fichier (test_encore_reserve.py, test_encore_fiche.py…), avec `sans_restes` défini ici."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest

from jdr_core.des import DesScriptes
from jdr_core.encore.dangers import danger
from jdr_core.encore.fiche import Fiche
from jdr_core.encore.reserve import Difficulte, lancer_reserve
from jdr_core.encore.suivi import operer
from jdr_core.encore.ton import Evenement, Ton
from jdr_core.erreurs import JdrErreur

#: Ce qu'aucune phrase montrée à un joueur ne doit contenir.
INTERDITS = re.compile(r"\(s\)|None|True|False|is not a valid|Traceback|'[a-z_]+'|\(\w[^()]*\([^()]*\)[^()]*\)")


def sans_restes(phrase: str) -> str:
    assert not INTERDITS.search(phrase), phrase
    assert "-1" not in phrase and "+-" not in phrase, phrase  # le vrai signe moins
    return phrase


def creer(ton: str = "raw", nom: str = "Ada") -> Any:
    return operer(None, {"op": "creer", "nom": nom, "ton": ton})["etat"]


ADA = Fiche.nouvelle("Ada", Ton.RAW)
SAUVEGARDE = {"version": 1, "nom": "A", "ton": "raw", "sante": 3, "stress": 0}


def _json(**changes: object) -> Callable[[], object]:
    donnees = {**SAUVEGARDE, **changes}
    return lambda: Fiche.depuis_json({k: v for k, v in donnees.items() if v is not ...})


def _operer(op: dict[str, Any], etat: Fiche = ADA) -> Callable[[], object]:
    return lambda: operer(etat.en_json(), op)


ERREURS: list[tuple[Callable[[], object], str]] = [
    # les noms de blessure et les paliers (zéro, un, plusieurs)
    (lambda: ADA.subir(2), "1 palier franchi (blessé) : il faut 1 nom de blessure, aucun donné."),
    (lambda: ADA.subir(1, [("x", [])]),
     "Ces dégâts ne franchissent aucun palier : aucune blessure à nommer, mais 1 nom donné."),
    (lambda: ADA.subir(1, [("x", []), ("y", [])]),
     "Ces dégâts ne franchissent aucun palier : aucune blessure à nommer, mais 2 noms donnés."),
    (lambda: Fiche.nouvelle("G", Ton.BLOCKBUSTER).subir(5, [("x", [])]),
     "2 paliers franchis (blessé, gravement blessé) : il faut 2 noms de blessure, 1 seul donné."),
    (lambda: ADA.subir(6, [("x", []), ("y", [])]),
     "3 paliers franchis (blessé, gravement blessé, hors de combat) : il faut 3 noms de blessure, 2 donnés."),
    # les textes saisis
    (lambda: Fiche.nouvelle("", Ton.RAW), "Le nom est vide : donnez un nom au personnage."),
    (lambda: Fiche.nouvelle(" \x00 ", Ton.RAW), "Le nom est vide : donnez un nom au personnage."),
    (lambda: Fiche.nouvelle("x" * 61, Ton.RAW), "Le nom est trop long : 60 caractères au plus."),
    (lambda: ADA.subir(2, [("", [])]), "Le nom de la blessure est vide : nommez chaque blessure."),
    (lambda: ADA.subir(2, [("x", [""] * 9)]), "Les actions gênées sont une liste de 8 actions au plus."),
    # les règles
    (lambda: ADA.premiers_soins(True), "Ada a toute sa Santé : les premiers soins n'ont rien à soigner."),
    (lambda: Fiche("Ada", Ton.RAW, 3, 0).premiers_soins(True).premiers_soins(True),
     "Ada a déjà reçu les premiers soins dans cette scène : une fois par scène seulement."),
    (lambda: ADA.soins_medicaux().soins_medicaux(),
     "Ada a déjà reçu des soins médicaux depuis le dernier conflit : une fois entre deux conflits seulement."),
    (lambda: ADA.reconfort().reconfort(), "Ada a déjà eu son Réconfort dans cette scène : un seul par scène."),
    (lambda: Fiche("Ada", Ton.RAW, 6, 6).reconfort(),
     "Ada est en Rupture : un allié doit d'abord ramener ce personnage à la raison."),
    (lambda: Fiche("G", Ton.BLOCKBUSTER, 8, 3).reconfort(), "Le Réconfort est une règle du ton Raw."),
    (lambda: ADA.repos("sieste"), "Repos inconnu : choisissez pause sûre, scène de repos ou nuit en sécurité."),
    (lambda: ADA.choisir_rupture("fuite"), "Ada n'est pas en Rupture."),
    (lambda: Fiche("Ada", Ton.RAW, 6, 6).choisir_rupture("x"),
     "Façon de craquer inconnue : choisissez fuite, paralysie, violence, hurlements ou effondrement."),
    (lambda: ADA.ramener(lancer_reserve(1, des=DesScriptes([6]))),
     "Ada n'est pas en Rupture : personne à ramener à la raison."),
    (lambda: Fiche("G", Ton.BLOCKBUSTER, 8, 3).declarer_coup_d_eclat(),
     "Le Coup d'éclat n'est pas prêt : il faut 6 de Stress, en Blockbuster."),
    (lambda: ADA.rendre_durable("os"), "Ada n'a aucune blessure nommée « os »."),
    (lambda: ADA.subir(2, [("os", [])]).guerir_durable("os", soins_medicaux=True, jours_de_repos=3),
     "La blessure « os » n'est pas durable : elle s'efface quand la Santé remonte."),
    (lambda: ADA.subir(2, [("os", [])]).rendre_durable("os").guerir_durable("os", soins_medicaux=True,
                                                                          jours_de_repos=1),
     "Pour guérir « os », il faut des soins médicaux puis au moins 3 jours de repos."),
    (lambda: Fiche("G", Ton.BLOCKBUSTER, 8, 0).evenement(Evenement.CHOC, resistance=lancer_reserve(
        1, des=DesScriptes([6]))), "Le jet de résistance au Stress n'existe qu'en Raw."),
    (lambda: ADA.evenement(Evenement.CHOC, resistance=lancer_reserve(
        1, difficulte=Difficulte.DIFFICILE, des=DesScriptes([6]))),
     "Le jet de résistance est un jet de CON Standard ordinaire, sans Coup d'éclat."),
    (lambda: ADA.evenement(Evenement.CHOC, danger="feu", resistance=lancer_reserve(1, des=DesScriptes([6]))),
     "On ne résiste pas au Stress d'un danger : le jet pour l'éviter est déjà fait."),
    (lambda: danger("lave"), "Danger inconnu : « lave ». Choisissez un danger de la table."),
    # les sauvegardes abîmées
    (lambda: Fiche.depuis_json(None), "Fiche illisible : ce n'est pas une fiche enCORE sauvegardée."),
    (lambda: Fiche.depuis_json({"version": 0}), "Fiche illisible : version de sauvegarde inconnue."),
    (_json(ton="epique"), "Fiche illisible : le ton doit être blockbuster ou raw."),
    (_json(ton=...), "Fiche illisible : le ton manque."),
    (_json(sante=...), "Fiche illisible : la Santé manque."),
    (_json(sante=None), "Fiche illisible : la Santé doit être un entier de 0 à 6."),
    (_json(sante=7), "Fiche illisible : la Santé doit être un entier de 0 à 6."),
    (_json(stress="2"), "Fiche illisible : le Stress doit être un entier de 0 à 6."),
    (_json(nom=...), "Fiche illisible : le nom manque."),
    (_json(nom=""), "Fiche illisible. Le nom est vide : donnez un nom au personnage."),
    (_json(blessures="x"), "Fiche illisible : la liste des blessures est mal formée."),
    (_json(blessures=["x"]), "Fiche illisible : une blessure est mal formée."),
    (_json(blessures=[{"palier": "blessé"}]), "Fiche illisible : le nom d'une blessure manque."),
    (_json(blessures=[{"nom": "x", "palier": "mort"}]), "Fiche illisible : le palier d'une blessure est inconnu."),
    (_json(sante=6, blessures=[{"nom": "x", "palier": "blessé"}]),
     "Fiche illisible : la blessure « x » aurait dû disparaître."),
    (_json(mode_rupture="fuite"), "Fiche illisible : la Rupture ne correspond pas au ton ni au Stress."),
    (_json(reconfort_recu="oui"), "Fiche illisible : le Réconfort doit valoir oui ou non."),
    (_json(dangers_comptes="x"), "Fiche illisible : la liste des dangers de la scène est mal formée."),
    # la fiche de suivi
    (lambda: operer(None, []), "Opération illisible : le widget n'a pas envoyé d'opération."),
    (lambda: operer(None, {"op": "creer", "nom": "A", "ton": "epique"}),
     "Ton inconnu : choisissez Blockbuster ou Raw."),
    (_operer({"op": "pirate"}), "Opération inconnue : « pirate »."),
    (_operer({"op": "ramener"}, Fiche("Ada", Ton.RAW, 6, 6)),
     "Le champ « CHA de l'allié » est vide : indiquez un entier de 0 à 6."),
    (_operer({"op": "evenement", "evenement": "Choc", "resister": True}),
     "Le champ « CON » est vide : indiquez un entier de 0 à 6."),
    (_operer({"op": "premiers_soins", "int": ""}, ADA.subir(1)),
     "Le champ « INT » est vide : indiquez un entier de 0 à 6."),
    (_operer({"op": "subir", "degats": "beaucoup"}), "Dégâts « beaucoup » : attendu un entier de 0 à 20"),
    (_operer({"op": "subir"}), "Le champ « Dégâts » est vide : indiquez un entier de 0 à 20."),
    (_operer({"op": "subir", "degats": 2, "blessures": "x"}),
     "Blessures illisibles : chaque blessure a un nom et ses actions gênées."),
    (_operer({"op": "evenement", "evenement": "ennui"}), "Événement inconnu : choisissez Choc, Horreur ou Indicible."),
]


@pytest.mark.parametrize(("action", "attendu"), ERREURS, ids=[str(i) for i in range(len(ERREURS))])
def test_erreurs_en_francais(action: Callable[[], object], attendu: str) -> None:
    """Chaque erreur qu'un joueur peut provoquer dit en mots quel champ ou quelle règle."""
    with pytest.raises(JdrErreur) as erreur:
        action()
    assert sans_restes(str(erreur.value)) == attendu
