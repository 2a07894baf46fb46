"""Les réglages d'un exemple : les nombres qu'il passe aux règles, à changer sans lire le code.

« Modifier » montre la situation d'un exemple en champs. Un exemple relié à un lanceur prend
les champs de ce lanceur (fences.py) ; les autres prennent leurs propres nombres : chaque entier
(ou oui/non) écrit en argument d'une règle de ``jdr_core``, avec le nom que la règle donne à ce
paramètre. Le navigateur remplace ces nombres dans le texte du code et le fait tourner à part
(edition.js), comme un code modifié à la main : les dés scriptés restent les mêmes, seuls les
nombres de la situation changent.

La règle appelée est retrouvée sans exécuter l'exemple : ses imports donnent les noms, et une
variable prend le type que la règle qui l'a faite annonce (``heros = Vitalite.nouvelle(…)``,
puis ``heros.subir(3)``). Un appel qu'on ne sait pas relier n'a pas de champ.

>>> source = '''>>> from jdr_core.francais import compter, ordinal
... >>> print(compter(3, "dé"), "pour le", ordinal(2), "jet")
... 3 dés pour le deuxième jet
... '''
>>> [(r.etape, r.libelle, r.valeur) for r in reglages(source)]
[(1, 'Nombre', 3), (2, 'Rang', 2)]
>>> r = reglages(source)[0]
>>> source.splitlines()[r.ligne][r.debut:r.fin]
'3'
"""

from __future__ import annotations

import ast
import doctest
import importlib
import inspect
import re
import typing
from dataclasses import dataclass, replace
from typing import Any

#: Appels dont les nombres ne sont pas une situation (les dés scriptés, l'affichage).
IGNORES = frozenset({"DesScriptes", "DesGraines", "print", "Fraction", "range", "list", "len", "sorted", "str"})

#: Les noms de paramètres dits en français : mots accentués, et sigles des règles.
MOTS = {
    "caracteristique": "caractéristique", "difficulte": "difficulté", "desavantages": "désavantages",
    "degats": "dégâts", "duree": "durée", "echanges": "échanges", "reussi": "réussi", "ecart": "écart",
    "eclat": "éclat", "soigne": "soigné", "medicaux": "médicaux", "empeche": "empêche", "annees": "années",
    "legeres": "légères", "aerienne": "aérienne", "avancee": "avancée", "reaction": "réaction",
    "premiere": "première", "resistance": "résistance", "periodes": "périodes", "defenseur": "défenseur",
    "competence": "compétence", "apres": "après", "sante": "santé", "reussites": "réussites", "vise": "visé",
    "max": "au plus", "ko": "KO", "agi": "AGI", "con": "CON", "vol": "VOL", "pre": "PRE",
    "sen": "SEN", "dv": "DV", "pe": "PE", "fp": "FP", "pj": "personnage joueur", "comp": "compétence",
    "stat": "caractéristique", "adverse": "de l'adversaire", "defense": "défense", "proche": "proche",
    "depart": "départ", "desordre": "désordre", "mj": "MJ", "dd": "Dd", "delai": "délai", "reussite": "réussite",
    "equipe": "équipe", "echec": "échec", "ecarts": "écarts", "etape": "étape", "etat": "état",
    "vitalite": "vitalité", "tache": "tâche", "regle": "règle", "defendre": "défendre", "deplacer": "déplacer",
    "recuperer": "récupérer", "guerir": "guérir", "opposition": "opposition", "reserve": "réserve",
    "echapper": "échapper", "determiner": "déterminer", "opposee": "opposée", "melee": "mêlée", "scene": "scène",
    "complete": "complète", "hypothese": "hypothèse", "prevoir": "prévoir", "vehicule": "véhicule", "des": "dés",
    "impose": "imposé", "cache": "caché",
}
#: Les noms entiers qui ne se disent pas mot à mot.
NOMS = {
    "cible_a": "Cible du personnage", "cible_b": "Cible de l'adversaire", "coup_d_eclat": "Coup d'éclat",
    "face_succes": "Un dé réussit à partir de", "avec_comp": "Le personnage a la compétence",
    "adverse_avec_comp": "L'adversaire a la compétence", "comp_attaquant": "Compétence de l'attaquant",
    "compenser": "Compenser l'absence de compétence (hypothèse)", "cumul": "Maladresses cumulées (hypothèse)",
    "plafond_bonus": "Plafond des dés de bonus", "niveau_vise": "Niveau visé", "sen_poursuivant": "SEN du poursuivant",
    "conduite_poursuivant": "Conduite du poursuivant", "conduite_poursuivi": "Conduite du poursuivi",
    "agi_defenseur": "AGI du défenseur", "pj": "C'est un personnage joueur",
}


@dataclass(frozen=True)
class Reglage:
    """Un nombre de l'exemple : où il est écrit (ligne et colonnes dans la source), et ce qu'il règle."""

    ligne: int
    debut: int
    fin: int
    etape: int
    action: str
    nom: str
    libelle: str
    valeur: int | bool


def libelle(nom: str) -> str:
    """Le nom d'un paramètre dit en français.

    >>> print(libelle("jours_de_repos"), libelle("soigne_apres"), libelle("agi_adverse"), sep=" / ")
    Jours de repos / Soigné après / AGI de l'adversaire
    >>> print(libelle("chance_d_echapper"))
    Chance d'échapper
    """
    if nom in NOMS:
        return NOMS[nom]
    mots = " ".join(MOTS.get(m, m) for m in nom.split("_"))
    mots = re.sub(r"\b([dl]) (?=[aeiouyéèêàh])", r"\1'", mots)  # chance_d_echapper : « chance d'échapper »
    return mots[:1].upper() + mots[1:]


def action(nom: str, classe: bool) -> str:
    """Ce que fait l'étape, d'après la règle appelée : une classe dite en mots (« DegatsContinus » :
    « Dégâts continus »), une fonction ou une méthode par son nom (« premiere_vision » : « Première vision »).

    >>> action("DegatsContinus", True), action("jet_de_resistance", False)
    ('Dégâts continus', 'Jet de résistance')
    """
    if classe:
        nom = "_".join(m.lower() for m in re.findall(r"[A-Z][a-z0-9]*|[a-z0-9]+", nom))
    return libelle(nom)


def _constante(noeud: ast.expr) -> int | bool | None:
    if isinstance(noeud, ast.Constant) and isinstance(noeud.value, bool | int):
        return noeud.value
    if (isinstance(noeud, ast.UnaryOp) and isinstance(noeud.op, ast.USub) and isinstance(noeud.operand, ast.Constant)
            and type(noeud.operand.value) is int):
        return -noeud.operand.value
    return None


class _Lecteur:
    """Suit les noms d'un exemple (imports, variables typées) pour relier chaque appel à sa règle."""

    def __init__(self) -> None:
        self.noms: dict[str, Any] = {}
        self.types: dict[str, type] = {}

    def importer(self, noeud: ast.ImportFrom) -> None:
        if not noeud.module or not noeud.module.startswith("jdr_core"):
            return
        module = importlib.import_module(noeud.module)
        for alias in noeud.names:
            if hasattr(module, alias.name):
                self.noms[alias.asname or alias.name] = getattr(module, alias.name)

    def regle(self, fonction: ast.expr) -> tuple[Any, bool] | None:
        """La règle appelée, et si c'est une méthode d'un objet (son premier paramètre est l'objet)."""
        if isinstance(fonction, ast.Name):
            cible = self.noms.get(fonction.id)
            return (cible, False) if cible is not None else None
        if isinstance(fonction, ast.Attribute) and isinstance(fonction.value, ast.Name):
            base = fonction.value.id
            if base in self.types:
                cible = getattr(self.types[base], fonction.attr, None)
                return (cible, True) if cible is not None else None
            if base in self.noms:
                cible = getattr(self.noms[base], fonction.attr, None)
                return (cible, False) if cible is not None else None
        return None

    def retenir(self, cible: str, valeur: ast.expr) -> None:
        """``x = règle(…)`` : x a le type que la règle annonce (une classe, ou le type de retour)."""
        if not isinstance(valeur, ast.Call):
            return
        trouve = self.regle(valeur.func)
        if trouve is None:
            return
        regle, _ = trouve
        if inspect.isclass(regle):
            self.types[cible] = regle
            return
        try:
            retour = typing.get_type_hints(regle).get("return")
        except Exception:  # annotation illisible hors de son module : pas de type, pas de champ
            return
        if inspect.isclass(retour):
            self.types[cible] = retour


def _parametres(regle: Any, methode: bool) -> list[str] | None:
    try:
        signature = inspect.signature(regle)
    except (TypeError, ValueError):
        return None
    noms = [p.name for p in signature.parameters.values()
            if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)]
    return noms[1:] if methode and noms[:1] == ["self"] else noms


def reglages(source: str) -> list[Reglage]:
    """Les nombres d'un exemple qui règlent sa situation, dans l'ordre du texte."""
    lecteur = _Lecteur()
    trouves: list[Reglage] = []
    etape = 0
    for exemple in doctest.DocTestParser().get_examples(source):
        try:
            arbre = ast.parse(exemple.source)
        except SyntaxError:
            continue
        decalage = exemple.indent + 4  # « >>> » ou « ... », puis une espace
        lignes = exemple.source.splitlines()
        for instruction in arbre.body:
            if isinstance(instruction, ast.ImportFrom):
                lecteur.importer(instruction)
                continue
            appels = sorted((n for n in ast.walk(instruction) if isinstance(n, ast.Call)),
                            key=lambda n: (n.lineno, n.col_offset))
            for appel in appels:
                trouve = lecteur.regle(appel.func)
                nom_appel = appel.func.id if isinstance(appel.func, ast.Name) else getattr(appel.func, "attr", "")
                if trouve is None or nom_appel in IGNORES:
                    continue
                noms = _parametres(*trouve)
                if noms is None:
                    continue
                arguments = [(noms[i] if i < len(noms) else None, a) for i, a in enumerate(appel.args)]
                arguments += [(k.arg, k.value) for k in appel.keywords]
                nouveaux = []
                for nom, noeud in arguments:
                    valeur = _constante(noeud)
                    sur_une_ligne = noeud.end_col_offset is not None and noeud.lineno == noeud.end_lineno
                    if nom is None or valeur is None or not sur_une_ligne:
                        continue
                    # Les colonnes d'ast comptent des octets UTF-8 ; la page compte des caractères.
                    octets = lignes[noeud.lineno - 1].encode()
                    debut = decalage + len(octets[:noeud.col_offset].decode())
                    fin = decalage + len(octets[:noeud.end_col_offset or 0].decode())
                    nouveaux.append(Reglage(exemple.lineno + noeud.lineno - 1, debut, fin, etape + 1, "", nom,
                                            libelle(nom), valeur))
                if nouveaux:
                    etape += 1
                    regle, methode = trouve
                    fonction = appel.func
                    if (not methode and nom_appel in ("nouveau", "nouvelle") and isinstance(fonction, ast.Attribute)
                            and isinstance(fonction.value, ast.Name)):
                        titre = action(fonction.value.id, True)  # Vitalite.nouvelle(…) : « Vitalité »
                    else:
                        titre = action(nom_appel, inspect.isclass(regle))
                    nouveaux = [replace(r, action=titre) for r in nouveaux]
                    trouves += nouveaux
            if isinstance(instruction, ast.Assign) and len(instruction.targets) == 1:
                cible = instruction.targets[0]
                if isinstance(cible, ast.Name):
                    lecteur.retenir(cible.id, instruction.value)
    return trouves
