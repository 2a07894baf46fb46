"""L'écran du MJ de chaque système : les tables d'enCORE tirées du cœur, les pages construites.
L'impression sur A4 et la lecture sur un téléphone, dans Chromium : tests/navigateur/test_ecrans.py."""

from __future__ import annotations

import posixpath
import re
from dataclasses import replace
from html.parser import HTMLParser
from pathlib import Path

import pytest

from jdr_core.encore import tables as tables_encore
from jdr_core.encore.dangers import DANGERS
from jdr_core.encore.fiche import DUREES_REPOS, NOMS_REPOS, Fiche
from jdr_core.encore.systeme import SYSTEME as ENCORE
from jdr_core.encore.ton import REGLES, STRESS_MAX, Evenement, Ton
from jdr_core.francais import signe, typographier
from jdr_core.mecanique import Table
from jdr_core.registre import systemes

SECTIONS = ["la-procedure", "les-tables", "glossaire"]


def _table(nom: str) -> Table:
    return next(t for t in ENCORE.tables if t.nom == nom)


def _case(table: Table, debut_de_ligne: str, ton: Ton) -> str:
    """La case d'une ligne (repérée par le début de sa première colonne) pour un ton."""
    ligne = next(ligne for ligne in table.lignes if ligne[0].startswith(debut_de_ligne))
    return ligne[1 + tables_encore.TONS.index(ton)]


# --- Les tables d'enCORE, recalculées depuis les règles ------------------------------


class TestTablesEncore:
    """Chaque case des tables de l'écran est refaite ici à partir des règles du cœur."""

    def test_declarees_dans_le_systeme(self) -> None:
        noms = {t.nom for t in ENCORE.tables}
        assert {t.nom for t in tables_encore.TABLES} <= noms
        assert len(noms) == len(ENCORE.tables)  # aucune table déclarée deux fois

    @pytest.mark.parametrize("ton", list(Ton))
    def test_colonnes_nomment_la_sante_de_chaque_ton(self, ton: Ton) -> None:
        for table in tables_encore.TABLES:
            assert table.colonnes[1 + tables_encore.TONS.index(ton)].endswith(f"({REGLES[ton].sante_max})")

    @pytest.mark.parametrize("ton", list(Ton))
    def test_gravites(self, ton: Ton) -> None:
        table = tables_encore.GRAVITES
        degats = sorted({d.degats for d in DANGERS})
        assert [ligne[0] for ligne in table.lignes] == [
            f"{next(d.gravite for d in DANGERS if d.degats == n)} ({n})" for n in degats]
        for n in degats:
            sante = REGLES[ton].sante_max - n
            palier = REGLES[ton].palier(sante)
            rang = REGLES[ton].rang(palier)
            case = _case(table, next(d.gravite for d in DANGERS if d.degats == n), ton)
            assert case.startswith(f"Santé {sante}, {palier.value}, ")
            assert ("aucune blessure" in case) == (rang == 0)
            if rang:
                assert f"{rang} blessure" in case
            assert ("Stress +1" in case) == REGLES[ton].stress_si_blesse

    @pytest.mark.parametrize("ton", list(Ton))
    def test_sources_de_stress(self, ton: Ton) -> None:
        regles, table = REGLES[ton], tables_encore.STRESS_SOURCES
        assert _case(table, "Perte de Santé", ton) == ("+1" if regles.stress_si_blesse else "–")
        assert _case(table, "Relance", ton) == signe(regles.stress_relance)
        assert _case(table, "Réconfort", ton) == ("−1" if regles.rupture else "–")
        assert _case(table, "Stress d'un danger déjà compté", ton) == "0"
        resistance = _case(table, "Événement, jet de résistance", ton)
        if regles.rupture:
            for e in Evenement:
                assert f"{e.value} {signe(regles.stress_evenement[e] - 1)}" in resistance
        else:
            assert resistance == "–"

    @pytest.mark.parametrize("ton", list(Ton))
    def test_niveaux_de_stress(self, ton: Ton) -> None:
        regles, table = REGLES[ton], tables_encore.STRESS_NIVEAUX
        couverts: list[int] = []
        for ligne in table.lignes:
            bornes = [int(n) for n in re.findall(r"\d+", ligne[0])]
            niveaux = range(bornes[0], bornes[-1] + 1)
            couverts += niveaux
            case = ligne[1 + tables_encore.TONS.index(ton)]
            for s in niveaux:
                malus = regles.malus_stress is not None and regles.malus_stress[0] <= s <= regles.malus_stress[1]
                assert ("−1d6 à tous les jets" in case) == malus
                assert ("Coup d'éclat prêt" in case) == (regles.coup_d_eclat and s == STRESS_MAX)
                assert case.startswith("Rupture") == (regles.rupture and s == STRESS_MAX)
        assert couverts == list(range(STRESS_MAX + 1))
        derniere = table.lignes[-1][1 + tables_encore.TONS.index(ton)]
        sommet = replace(Fiche.nouvelle("Vérif", ton), stress=STRESS_MAX)
        if regles.coup_d_eclat:
            assert derniere.endswith(f"Stress revient à {sommet.declarer_coup_d_eclat().stress}")
        else:
            ramene = sommet.ramener(tables_encore._JET_REUSSI)
            assert ramene.stress < STRESS_MAX and derniere.endswith(f"Stress à {ramene.stress}")

    @pytest.mark.parametrize("ton", list(Ton))
    def test_soins_et_repos(self, ton: Ton) -> None:
        regles, table = REGLES[ton], tables_encore.SOINS
        assert _case(table, "Soins médicaux", ton) == f"Santé à {regles.sante_max}"
        assert _case(table, "Premiers soins", ton) == "Santé +1"
        fin = _case(table, "Fin de conflit", ton)
        if regles.fin_de_conflit:
            for palier, _, haut in regles.paliers[:-1]:
                assert f"{palier.value} → {haut}" in fin
        else:
            assert fin == "la Santé ne bouge pas"
        for duree in DUREES_REPOS:
            avant = replace(Fiche.nouvelle("Vérif", ton), sante=1, stress=STRESS_MAX - 1)
            apres = avant.repos(duree)
            case = _case(table, NOMS_REPOS[duree].capitalize(), ton)
            gain = apres.sante - avant.sante
            assert case.startswith(f"Santé {signe(gain)}" if gain else "Santé inchangée")
            assert case.endswith("Stress à 0" if apres.stress == 0 else f"Stress {signe(apres.stress - avant.stress)}")

    def test_suivent_les_regles_sans_nombre_recopie(self, monkeypatch: pytest.MonkeyPatch) -> None:
        """Une règle modifiée dans le cœur change la case : rien n'est écrit en dur."""
        monkeypatch.setitem(REGLES, Ton.RAW, replace(REGLES[Ton.RAW], stress_relance=+2, sante_max=7))
        assert tables_encore._essai(Fiche.relance, Ton.RAW) == "+2"
        assert tables_encore._soins_medicaux(Ton.RAW) == "Santé à 7"


# --- Les pages construites -------------------------------------------------------------


class _Lecteur(HTMLParser):
    """Relève, dans l'article d'une page, les titres h2, les tables et le glossaire."""

    def __init__(self) -> None:
        super().__init__()
        self.h2: list[str] = []
        self.tables: dict[str, list[list[str]]] = {}
        self.termes: dict[str, str] = {}
        self._table: str | None = None
        self._cellule: list[str] | None = None
        self._terme: list[str] | None = None
        self._definition: list[str] | None = None
        self._dernier_terme = ""
        self.listes_numerotees = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        if tag == "h2" and a.get("id"):
            self.h2.append(a["id"] or "")
        elif tag == "table" and a.get("data-table"):
            self._table = a["data-table"]
            self.tables[self._table or ""] = []
        elif tag == "tr" and self._table:
            self.tables[self._table].append([])
        elif tag == "td" and self._table:
            self._cellule = []
        elif tag == "dt":
            self._terme = []
        elif tag == "dd":
            self._definition = []
        elif tag == "ol":
            self.listes_numerotees += 1

    def handle_endtag(self, tag: str) -> None:
        if tag == "table":
            self._table = None
        elif tag == "td" and self._table and self._cellule is not None:
            self.tables[self._table][-1].append("".join(self._cellule))
            self._cellule = None
        elif tag == "dt" and self._terme is not None:
            self._dernier_terme = "".join(self._terme).strip()
            self.termes[self._dernier_terme] = ""
            self._terme = None
        elif tag == "dd" and self._definition is not None:
            self.termes[self._dernier_terme] = " ".join("".join(self._definition).split())
            self._definition = None

    def handle_data(self, data: str) -> None:
        for tampon in (self._cellule, self._terme, self._definition):
            if tampon is not None:
                tampon.append(data)


RACINE = Path(__file__).resolve().parent.parent


def _lire(site: Path, systeme: str) -> _Lecteur:
    page = site / systeme / "ecran" / "index.html"
    assert page.is_file(), f"pas d'écran du MJ construit pour {systeme}"
    texte = page.read_text(encoding="utf-8")
    lecteur = _Lecteur()
    lecteur.feed(texte[texte.index("<article"): texte.index("</article>")])
    return lecteur


NOMS = [s.nom for s in systemes()]


@pytest.mark.construction
class TestPagesConstruites:
    """Chaque écran existe, suit le même plan et porte toutes les tables de son système."""

    @pytest.mark.parametrize("nom", NOMS)
    def test_toutes_les_tables_du_systeme(self, site_construit: Path, nom: str) -> None:
        systeme = next(s for s in systemes() if s.nom == nom)
        lues = _lire(site_construit, nom).tables
        assert set(lues) == {t.nom for t in systeme.tables}
        for table in systeme.tables:
            # La page imprime les cases de la table du cœur avec la typographie française de la construction.
            attendues = [[typographier(case) for case in ligne] for ligne in table.lignes]
            assert [ligne for ligne in lues[table.nom] if ligne] == attendues

    @pytest.mark.parametrize("nom", NOMS)
    def test_meme_plan_procedure_tables_glossaire(self, site_construit: Path, nom: str) -> None:
        lecteur = _lire(site_construit, nom)
        assert lecteur.h2 == SECTIONS
        assert lecteur.listes_numerotees >= 1  # la procédure, en étapes
        assert len(lecteur.termes) >= 5
        assert all(len(d) > 20 for d in lecteur.termes.values()), lecteur.termes

    def test_mots_d_encore_expliques(self, site_construit: Path) -> None:
        termes = _lire(site_construit, ENCORE.nom).termes
        texte_de = {mot: d for terme, d in termes.items() for mot in re.split(r"[ ,]+", terme)}
        for mot in ("DEX", "CON", "INT", "CHA", "PER", "Spécialité", "Ressource"):
            assert mot in texte_de, f"{mot} absent du glossaire"
            assert "jeu complet" in texte_de[mot]

    @pytest.mark.parametrize("nom", NOMS)
    def test_dans_la_navigation(self, site_construit: Path, nom: str) -> None:
        accueil = (site_construit / "index.html").read_text(encoding="utf-8")
        assert re.search(rf'href="{nom}/ecran/"[^>]*>\s*<span[^>]*>\s*Écran du MJ', accueil)

    @pytest.mark.parametrize("nom", NOMS)
    def test_mene_aux_autres_pages_du_systeme(self, site_construit: Path, nom: str) -> None:
        """L'écran masque le menu (toute la largeur pour ses colonnes) : une ligne de liens, sous
        son titre, mène à chaque autre page du système, celle-ci nommée sans lien."""
        systeme = next(s for s in systemes() if s.nom == nom)
        texte = (site_construit / nom / "ecran" / "index.html").read_text(encoding="utf-8")
        nav = re.search(r'<nav [^>]*class="jdr-pages-du-systeme"[^>]*>(.*?)</nav>', texte, re.S)
        assert nav is not None, "pas de liens vers les pages du système"
        assert texte.index("<h1") < nav.start() < texte.index("<h2")
        liens = re.findall(r'href="([^"]+)"', nav.group(1))
        adresses = [p.removesuffix(".md").removesuffix("/index") for p in systeme.pages if not p.endswith("/ecran.md")]
        attendus = [posixpath.relpath(a, f"{nom}/ecran") + "/" for a in adresses]
        assert liens == attendus
        assert re.search(r"<strong>\s*Écran du MJ", nav.group(1))


def test_aucun_has_qui_restyle_toute_la_page() -> None:
    """jdr.css : chaque ``:has()`` ne regarde que les enfants de son élément (``:has(> …)``). Un
    ``.md-typeset:has(.jdr-ecran)`` (l'écran du MJ, désormais ``.jdr-page-ecran``, posé par le greffon)
    faisait restyler tout l'article à chaque changement dans la page : pendant le chargement de Python,
    des tâches de 60 à 180 ms sur le profil téléphone du banc, entre le clic et le résultat."""
    feuille = (RACINE / "site_plugins" / "assets" / "jdr.css").read_text(encoding="utf-8")
    larges = [m.group(0) for m in re.finditer(r":has\(\s*(?!>)[^)]*\)", feuille)]
    assert not larges, larges
