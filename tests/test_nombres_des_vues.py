"""Aucune constante de règle dans les vues du suivi (issue 38).

Les modules ``site_plugins/assets/suivi/*.js`` ne font que montrer la vue que le cœur leur rend :
un seuil, un coût, une base de jet écrits en dur (``low: 3`` pour la jauge des PE, « Relance
(−1 Stress) », « 7 + son niveau ») redisent une règle que le cœur sait déjà, et divergent de lui au
premier cas particulier (le robot du 3D6, le ton Raw d'enCORE). Ce test lit les nombres de tous les
scripts du site, ceux du code comme ceux écrits dans un texte, et refuse, dans une vue du suivi, tout
nombre que la liste :data:`PERMIS` ne justifie pas. La liste dit, pour chaque nombre admis, dans quel
voisinage il l'est et pourquoi ; un nombre qui porte une règle vient de la vue ou des bornes.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

import pytest

ASSETS = Path(__file__).resolve().parent.parent / "site_plugins" / "assets"
VUES = sorted((ASSETS / "table" / "suivi" / "vues").glob("*.js"))


@dataclass(frozen=True)
class Nombre:
    """Un nombre lu dans un script : sa ligne, son écriture, sa valeur, et le texte qui l'entoure
    sur sa ligne (pour juger du voisinage)."""

    ligne: int
    ecrit: str
    valeur: float
    dans_un_texte: bool
    avant: str
    apres: str


# --- Un lecteur de JavaScript réduit : commentaires, chaînes, gabarits, expressions régulières ------

_NOMBRE = re.compile(r"(?:0[xX][\da-fA-F_]+|0[bB][01_]+|0[oO][0-7_]+"
                     r"|(?:\d[\d_]*(?:\.[\d_]*)?|\.\d[\d_]*)(?:[eE][+-]?\d+)?)n?")
#: Un nombre dans un texte : pas celui d'un nom (« h4 », « jets2d6 », le 6 de « 1d6 »).
_NOMBRE_TEXTE = re.compile(r"(?<![\w.])[−+-]?\d+(?:[.,]\d+)?")
_IDENT = re.compile(r"[A-Za-z_$][\w$]*")
#: Après ces mots, « / » ouvre une expression régulière, pas une division.
_AVANT_REGEX = {"return", "typeof", "case", "do", "else", "in", "of", "new", "delete", "void", "throw", "yield",
                "await", "instanceof"}


def _valeur(ecrit: str) -> float:
    propre = ecrit.replace("_", "").rstrip("n")
    if propre[:2].lower() in ("0x", "0b", "0o"):
        return int(propre, 0)
    return float(propre)


class _Lecteur:
    """Parcourt un script une fois et relève ses nombres ; refuse une chaîne ou un commentaire
    non fermé (le lecteur s'est alors trompé de contexte, et le test le dit plutôt que de se taire)."""

    def __init__(self, source: str) -> None:
        self.s, self.n, self.ligne = source, len(source), 1
        self.trouves: list[Nombre] = []
        self.gabarits: list[int] = []  # la profondeur d'accolades de chaque ${ ouvert
        self.profondeur = 0

    def _contexte(self, debut: int, fin: int) -> tuple[str, str]:
        gauche = self.s.rfind("\n", 0, debut) + 1
        droite = self.s.find("\n", fin)
        return self.s[gauche:debut], self.s[fin:droite if droite >= 0 else self.n]

    def _texte(self, debut: int, fin: int) -> None:
        morceau = self.s[debut:fin]
        for m in _NOMBRE_TEXTE.finditer(morceau):
            avant, apres = self._contexte(debut + m.start(), debut + m.end())
            valeur = float(m.group().replace("−", "-").replace(",", "."))
            self.trouves.append(Nombre(self.ligne + morceau.count("\n", 0, m.start()), m.group(), valeur, True,
                                       avant, apres))
        self.ligne += morceau.count("\n")

    def _gabarit(self, k: int) -> int:
        """Le texte d'un gabarit depuis ``k`` jusqu'au ` fermant ou au prochain ``${`` ; rend la suite."""
        debut = k
        while k < self.n:
            if self.s[k] == "\\":
                k += 2
            elif self.s[k] == "`":
                self._texte(debut, k)
                return k + 1
            elif self.s.startswith("${", k):
                self._texte(debut, k)
                self.gabarits.append(self.profondeur)
                self.profondeur += 1
                return k + 2
            else:
                k += 1
        raise ValueError(f"ligne {self.ligne} : gabarit non fermé")

    def _fin(self, k: int, fermant: str, quoi: str) -> int:
        while self.s[k] != fermant:
            if k + 1 >= self.n or self.s[k] == "\n":
                raise ValueError(f"ligne {self.ligne} : {quoi} non fermée")
            k += 2 if self.s[k] == "\\" else 1
        return k

    def lire(self) -> list[Nombre]:
        s, i, precedent = self.s, 0, ""
        while i < self.n:
            c = s[i]
            if c == "\n":
                self.ligne += 1
                i += 1
            elif c in " \t\r":
                i += 1
            elif s.startswith("//", i):
                fin = s.find("\n", i)
                i = self.n if fin < 0 else fin
            elif s.startswith("/*", i):
                fin = s.find("*/", i)
                if fin < 0:
                    raise ValueError(f"ligne {self.ligne} : commentaire non fermé")
                self.ligne += s.count("\n", i, fin)
                i = fin + 2
            elif c in "'\"":
                fin = self._fin(i + 1, c, "chaîne")
                self._texte(i + 1, fin)
                i, precedent = fin + 1, "texte"
            elif c == "`":
                i, precedent = self._gabarit(i + 1), "texte"
            elif c == "}" and self.gabarits and self.gabarits[-1] == self.profondeur - 1:
                self.gabarits.pop()
                self.profondeur -= 1
                i, precedent = self._gabarit(i + 1), "texte"
            elif c == "/" and (precedent in _AVANT_REGEX or not (
                    _IDENT.fullmatch(precedent) or precedent in (")", "]", "}", "nombre", "texte"))):
                k, classe = i + 1, False  # une expression régulière : ses chiffres ne sont pas des nombres
                while s[k] != "/" or classe:
                    if s[k] == "\n":
                        raise ValueError(f"ligne {self.ligne} : expression régulière non fermée")
                    classe = (classe or s[k] == "[") and s[k] != "]"
                    k += 2 if s[k] == "\\" else 1
                k += 1
                while k < self.n and s[k].isalnum():
                    k += 1
                i, precedent = k, "nombre"
            elif m := _IDENT.match(s, i):
                i, precedent = m.end(), m.group()
            elif (c.isdigit() or (c == "." and s[i + 1:i + 2].isdigit())) and (m := _NOMBRE.match(s, i)):
                avant, apres = self._contexte(i, m.end())
                valeur = _valeur(m.group())
                gauche = avant.rstrip()
                devant = gauche[:-1].rstrip()  # ce qui précède un « - » : un opérateur le rend unaire
                unaire = not devant or devant[-1] in "=(,:[?!&|+-*/%<>{;" or devant.endswith("return")
                if gauche.endswith("-") and unaire:
                    valeur = -valeur
                self.trouves.append(Nombre(self.ligne, m.group(), valeur, False, avant, apres))
                i, precedent = m.end(), "nombre"
            else:
                self.profondeur += (c == "{") - (c == "}")
                i, precedent = i + 1, c
        return self.trouves


def nombres(source: str) -> list[Nombre]:
    """Les nombres d'un script, dans l'ordre : ceux du code et ceux des textes (chaînes, gabarits)."""
    return _Lecteur(source).lire()


# --- Les nombres permis dans une vue ---------------------------------------------------------------


@dataclass(frozen=True)
class Permis:
    """Un nombre admis (``None`` : toute valeur) dans un voisinage (une expression cherchée dans
    les quelques signes autour du nombre, sur sa ligne ; ``None`` : partout), avec sa raison."""

    valeur: float | None
    voisinage: str | None
    raison: str

    def admet(self, n: Nombre) -> bool:
        if self.valeur is not None and n.valeur != self.valeur:
            return False
        return self.voisinage is None or re.search(self.voisinage, n.avant[-40:] + n.ecrit + n.apres[:12]) is not None


PERMIS: tuple[Permis, ...] = (
    Permis(0, None, "zéro : début d'une boucle, premier élément, minimum d'un champ, jauge vide, valeur neutre"),
    Permis(1, None, "un : pas d'une boucle, rang compté depuis 1 pour le lecteur (i + 1), « au moins un »"),
    Permis(-1, None, "moins un : « absent » d'indexOf ou de findIndex, dernier élément"),
    Permis(2, r"[/*]\s*2(?!\d)|(?<![\d.])2\s*[/*]", "deux, divisé ou multiplié : une moitié, un double (mise en page)"),
    Permis(None, r"(?:setTimeout|setInterval)\(.*,\s*-?[\d_]+\)", "un délai en millisecondes, pour la page"),
    Permis(None, r"(?i)\w*(?:_ms|delai\w*|duree\w*)\s*[:=]\s*[\d_]+", "un délai en millisecondes, nommé comme tel"),
    Permis(None, r"\bstatus\w*\s*[!=<>]=*\s*\d{3}\b", "un code de réponse HTTP (200, 206, 404…)"),
    Permis(44, r"44\s*px", "44 px : la hauteur d'un contrôle au doigt, sur téléphone"),
    Permis(None, r"\d\s*(?:px|rem|em|%|vh|vw)\b", "une taille de mise en page (px, rem, %)"),
)


def refus(fichier: Path) -> list[str]:
    """Les nombres d'une vue qu'aucun permis n'admet, en « fichier:ligne : nombre (voisinage) »."""
    return [f"{fichier.relative_to(ASSETS)}:{n.ligne} : {n.ecrit} ({(n.avant[-30:] + n.ecrit + n.apres[:20]).strip()})"
            for n in nombres(fichier.read_text(encoding="utf-8")) if not any(p.admet(n) for p in PERMIS)]


class TestVuesDuSuivi:
    """Les vues du suivi ne contiennent aucune constante de règle."""

    def test_il_y_a_des_vues(self) -> None:
        assert {f.name for f in VUES} >= {"encore.js", "troisd6.js", "d10.js", "deuxd6.js"}

    @pytest.mark.parametrize("fichier", VUES, ids=[f.name for f in VUES])
    def test_aucun_nombre_hors_des_permis(self, fichier: Path) -> None:
        fautes = refus(fichier)
        assert fautes == [], ("nombres sans raison dans une vue (demandez-les à la vue ou aux bornes du cœur, "
                              "ou ajoutez un permis motivé) :\n" + "\n".join(fautes))


class TestLecteur:
    """Le lecteur lit tous les scripts du site, et voit ce qu'il doit voir."""

    @pytest.mark.parametrize("fichier", sorted(ASSETS.rglob("*.js")), ids=lambda f: str(f.relative_to(ASSETS)))
    def test_lit_chaque_script(self, fichier: Path) -> None:
        nombres(fichier.read_text(encoding="utf-8"))  # aucune chaîne, aucun gabarit laissé ouvert

    def test_trouve_un_seuil_de_jauge(self) -> None:
        source = "function j(v) {\n  Object.assign(m, { min: 0, max: v.pe_max, low: 3, optimum: v.pe_max });\n}\n"
        lus = [(n.ligne, n.valeur) for n in nombres(source) if not any(p.admet(n) for p in PERMIS)]
        assert lus == [(2, 3)]

    @pytest.mark.parametrize(("source", "refuses"), [
        ('el("li", null, "un jet se fait à 7 + son niveau.")', [7]),
        ("const t = `Se stabiliser (difficulté ${3})`;", [3]),
        ("bouton(`Relance (${v.relance})`, f); x = nombre(2, 0, b.max);", [2]),
        ("const moitie = largeur / 2; const d = -5;", [-5]),
        ('setTimeout(f, 300); if (r.status === 404) x = "44px"; el("h4", null, "jets2d6 1d6");', []),
        ("// low: 3\n/* 12 */ const r = /\\d{3}[/9]/g; const s = 'a\\'5';", [5]),
        ("const a = `x${ { b: 6 }.b }y${`z${8}`}`;", [6, 8]),
    ])
    def test_refuse_et_admet(self, source: str, refuses: list[float]) -> None:
        assert [n.valeur for n in nombres(source) if not any(p.admet(n) for p in PERMIS)] == refuses
