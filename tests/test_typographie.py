"""La typographie française : les espaces insécables d'une phrase et d'une page HTML (les textes
écrits dans la page, dans Chromium : tests/navigateur/test_typographie.py)."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from jdr_core import pont, registre
from jdr_core.francais import FINE, INSECABLE, quantite, typographier, typographier_html
from site_plugins.typographie import typographier_page

#: Les espaces, ordinaires ou insécables : la seule chose que la typographie change.
BLANCS = re.compile("[ \t\r\n\u00a0\u202f]+")

#: Des morceaux de phrases des pages, assemblés au hasard par Hypothesis.
MORCEAUX = [
    " ", "  ", "\n", "\u00a0", "\u202f", ";", ":", "!", "?", "«", "»", "%", "3", "12", "−2", "+1", "2,5", "1/2",
    "12:30", "1:2", "http://exemple.fr/a?b=1;c", "+", "=", "−", "succès", "PE", "ou", "et", "contre", "2D6", "Oskar",
    "l'ours", "d'", ".", ",", "(", ")", "<", "&amp;", "e", "a",
]
textes = st.lists(st.sampled_from(MORCEAUX), max_size=30).map("".join) | st.text(max_size=60)


def sans_blancs(texte: str) -> str:
    return BLANCS.sub("", texte)


class TestTypographier:
    """Une phrase : quelles espaces deviennent insécables, et lesquelles restent."""

    @pytest.mark.parametrize(("texte", "attendu"), [
        ("2, 3, 5 contre 3 : 2 succès.", f"2, 3, 5 contre 3{INSECABLE}: 2{INSECABLE}succès."),
        ("Marge ; l'excédent", f"Marge{FINE}; l'excédent"),
        ("Encore ? Oui !", f"Encore{FINE}? Oui{FINE}!"),
        ("« difficile »", f"«{FINE}difficile{FINE}»"),
        ("«\ndifficile\n»", f"«{FINE}difficile{FINE}»"),
        ("12,5 %", f"12,5{FINE}%"),
        ("À 2 PE il est affaibli", f"À 2{INSECABLE}PE il est affaibli"),
        ("−3 Santé, +2 Stress", f"−3{INSECABLE}Santé, +2{INSECABLE}Stress"),
        ("la 3e manche", f"la 3e{INSECABLE}manche"),
        ("de 1 à 3\nPE", f"de 1 à 3{INSECABLE}PE"),
        ("Mot  :", f"Mot{INSECABLE}:"),  # une suite d'espaces devient une seule insécable
        ("ce qui donne 7 + 1 = 8", f"ce qui donne 7{INSECABLE}+ 1{INSECABLE}= 8"),
        ("8 − 3 = 5 ou moins", f"8{INSECABLE}− 3{INSECABLE}= 5 ou moins"),
        # Une lettre qui n'est un mot qu'élidée, seule après un nombre : une unité comptée.
        ("arrêté après 2 s.", f"arrêté après 2{INSECABLE}s."), ("à 5 m du mur", f"à 5{INSECABLE}m du mur"),
    ])
    def test_espaces_insecables(self, texte: str, attendu: str) -> None:
        assert typographier(texte) == attendu

    @pytest.mark.parametrize("texte", [
        "5 ou 6", "3 contre 4", "fait 5 ou moins", "ses 6 de Stress", "2D6 sous le seuil", "1D10 + AGI",
        "à 12:30 précises", "un rapport 1:2", "voir http://exemple.fr/?q=1;2 ici", "a::b", "x!=y", "3/4 des dés",
        "Attaque:", "mot;", "", "   ", "les 3 s'ajoutent", "2 d’entre eux", "il y en a 3 a priori",
    ])
    def test_laisse_tel_quel(self, texte: str) -> None:
        """Mots de liaison, noms de dés, heures, rapports, adresses, signes collés : rien ne change."""
        assert typographier(texte) == texte

    def test_contexte_des_voisins(self) -> None:
        """Un texte coupé par une balise se lit avec ses voisins, qui ne sont pas rendus."""
        assert typographier(" PE", avant="soit 3") == f"{INSECABLE}PE"
        assert typographier("Réussite ", apres=": 2") == f"Réussite{INSECABLE}"
        assert typographier(" PE", avant="2D6") == " PE"

    @given(textes)
    def test_idempotent(self, texte: str) -> None:
        une_fois = typographier(texte)
        assert typographier(une_fois) == une_fois

    @given(textes)
    def test_seules_les_espaces_changent(self, texte: str) -> None:
        """Tout caractère qui n'est pas une espace reste, dans l'ordre ; une suite d'espaces
        reste une suite d'espaces (au moins une)."""
        sortie = typographier(texte)
        assert sans_blancs(sortie) == sans_blancs(texte)
        assert len(BLANCS.findall(sortie)) == len(BLANCS.findall(texte))

    @given(st.lists(st.sampled_from(MORCEAUX), max_size=12).map("".join),
           st.sampled_from(["http://exemple.fr/a?b=1;c:d!", "12:30", "1:2", "https://x.y/?q=a%20b", "3/4"]))
    def test_adresses_et_heures_intactes(self, texte: str, intact: str) -> None:
        """Une adresse, une heure ou un rapport entouré d'espaces ressort tel quel."""
        assert f" {intact} " in typographier(f"{texte} {intact} {texte}").replace(INSECABLE, " ").replace(FINE, " ")
        assert intact in typographier(f"{texte} {intact} {texte}")


class TestHtml:
    """Une page : le texte lu change, le code et les attributs techniques non."""

    def test_texte_et_attributs_lus(self) -> None:
        html = '<p title="Oui ?" data-cle="1 succès" class="a ;">Contre 3 : 2 succès ; <a href="?x=1 ;">lien !</a></p>'
        assert typographier_html(html) == (
            f'<p title="Oui{FINE}?" data-cle="1 succès" class="a ;">Contre 3{INSECABLE}: 2{INSECABLE}succès{FINE}; '
            f'<a href="?x=1 ;">lien{FINE}!</a></p>')

    @pytest.mark.parametrize("bloc", [
        "<pre><code>print(x) ; a : b</code></pre>", "<code>a ; b</code>", "<script>if (a ? b : c) {}</script>",
        "<style>a { b : c ; }</style>", "<!-- a ; b -->", "<kbd>Ctrl ; A</kbd>", "<textarea>a ; b</textarea>",
        '<script type="application/json">{"a": "3 succès ; b"}</script>',
    ])
    def test_code_scripts_et_styles_intacts(self, bloc: str) -> None:
        assert typographier_html(f"<p>avant ; {bloc} après ;</p>") == f"<p>avant{FINE}; {bloc} après{FINE};</p>"

    def test_texte_coupe_par_une_balise_en_ligne(self) -> None:
        assert typographier_html("<p><strong>3</strong> PE</p>") == f"<p><strong>3</strong>{INSECABLE}PE</p>"
        assert typographier_html("<p>Réussite <em>:</em> 2</p>") == f"<p>Réussite{INSECABLE}<em>:</em> 2</p>"

    def test_pas_de_contexte_entre_deux_blocs(self) -> None:
        """Deux cellules ou deux paragraphes ne se lisent pas d'un trait."""
        html = "<tr><td>3</td>\n<td>succès</td></tr><p>12</p> <p>ans</p>"
        assert typographier_html(html) == html

    def test_page_complete(self) -> None:
        """La passe de construction : titre de l'onglet et infobulles compris, scripts exclus."""
        page = ('<html><head><title>Le test : bases</title><script>var a = "b : c";</script></head>'
                '<body><p aria-label="Ce que donne l\'exemple ?">« oui »</p></body></html>')
        assert typographier_page(page) == (
            f'<html><head><title>Le test{INSECABLE}: bases</title><script>var a = "b : c";</script></head>'
            f'<body><p aria-label="Ce que donne l\'exemple{FINE}?">«{FINE}oui{FINE}»</p></body></html>')

    @given(st.lists(st.sampled_from([*MORCEAUX, "<b>", "</b>", "<p>", "</p>", "<code>a ; b</code>", '<i title="a ?">']),
                    max_size=30).map("".join))
    def test_balisage_intact(self, html: str) -> None:
        """Les balises ressortent telles quelles (hors attributs lus), et la passe est idempotente."""
        sortie = typographier_html(html)
        assert re.findall(r"<[^>]*>", sortie.replace(FINE, " ")) == re.findall(r"<[^>]*>", html.replace(FINE, " "))
        assert sans_blancs(sortie) == sans_blancs(html)
        assert typographier_html(sortie) == sortie


class TestPont:
    """Le pont, seule sortie du cœur vers la page : ses phrases ont la typographie, ses données non."""

    def test_phrase_d_un_jet_et_graphique(self) -> None:
        r = json.loads(pont.traiter(json.dumps({"type": "lancer", "mecanique": "3d6-test", "parametres": {},
                                                "graine": 3, "graphique": {"id": "a"}})))
        brut = registre.executer("3d6-test", {}, 3, {"id": "a"})
        assert r["phrase"] == typographier(brut["phrase"]) and " :" in brut["phrase"] and " :" not in r["phrase"]
        assert [c["pourcentage"] for c in r["cotes"]] == [typographier(c["pourcentage"]) for c in brut["cotes"]]
        assert r["graphique"]["html"] == typographier_html(brut["graphique"]["html"])
        # La barre surlignée se retrouve par sa clé, restée telle quelle des deux côtés.
        assert r["graphique"]["realisee"] == brut["graphique"]["realisee"]
        assert f'data-cle="{r["graphique"]["realisee"]}"' in r["graphique"]["html"]
        assert r["parametres"] == brut["parametres"]

    def test_etat_d_une_fiche_intact(self) -> None:
        """L'état sauvegardé (et son journal) repart tel quel ; le message et la vue sont typographiés."""
        requete = {"type": "suivi", "systeme": "d10", "etat": None, "op": {"op": "creer", "nom": "Duel : quai"}}
        r = json.loads(pont.traiter(json.dumps(requete)))
        assert r["etat"]["nom"] == "Duel : quai" and all(" :" not in ligne for ligne in r["vue"]["journal"])
        assert any(" :" in ligne for ligne in r["etat"]["journal"])
        assert r["message"].startswith(f"Nouveau combat{INSECABLE}: ")

    def test_exemple_et_erreurs(self) -> None:
        r = json.loads(pont.traiter(json.dumps({"type": "exemple", "source": ">>> print('a : b')\na : c\n"})))
        assert r["lignes"][0]["obtenu"] == f"a{INSECABLE}: b\n" and r["lignes"][0]["source"] == "print('a : b')\n"
        r = json.loads(pont.traiter(json.dumps({"type": "exemple", "source": ">>> 1 / 0\n"})))
        assert r["lignes"][0]["erreur"]["message"].startswith(f"Ligne 1{INSECABLE}: ")
        assert "ZeroDivisionError: division by zero" in r["lignes"][0]["erreur"]["detail"]


DOM_JS = Path(__file__).resolve().parent.parent / "site_plugins" / "assets" / "commun" / "francais.js"
#: Lit une liste JSON de textes sur l'entrée standard, rend leur typographie par francais.js.
TYPOGRAPHIER_NODE = """
const { typographier, quantite } = await import(process.argv[1]);
let entree = "";
for await (const morceau of process.stdin) entree += morceau;
const { textes, quantites } = JSON.parse(entree);
process.stdout.write(JSON.stringify({
  textes: textes.map(typographier), quantites: quantites.map(([n, s]) => quantite(n, s)),
}));
"""


def _echantillons() -> list[str]:
    """Des phrases des pages, des pièges, et 3 000 phrases assemblées au hasard (graine fixe)."""
    import random

    from jdr_core.francais import MOTS_LIBRES

    hasard = random.Random(0)
    briques = [*MORCEAUX, *sorted(MOTS_LIBRES), "É", "Œil", "ﬁ", "½", "Ⅻ", "٣", "\t", "\x1c", "—", "–", "[",
               "2e", "1er"]
    fixes = ["2, 3, 5 contre 3 : 2 succès.", "Réussite partielle : 0 % (0/1)", "« Lancer » ; puis ?", "12:30 à 1:2",
             "Graine  : la même graine", "3 PE sur 6 : affaibli", "de 1 à 3\nPE", "«\u00a0oui\u00a0»", "", " ",
             "\u00a0"]
    # Chaque mot de liaison après un nombre (l'espace reste) face à des mots comptés (insécable).
    fixes += [f"{n} {mot} x" for mot in [*sorted(MOTS_LIBRES), "succès", "PE", "Ou", "%"] for n in ("3", "−2", "1er")]
    # Les lettres élidées : libres devant une apostrophe, unités sans elle.
    fixes += [f"{n} {lettre}{apostrophe}x" for lettre in "cdjlmnstS" for apostrophe in ("'", "’", "")
              for n in ("3", "2e")]
    separateurs = [" ", " ", " ", "  ", "\n", "\u00a0", ""]

    def phrase() -> str:
        mots = hasard.choices(briques, k=hasard.randint(0, 12))
        return "".join(m + hasard.choice(separateurs) for m in mots)

    return fixes + [phrase() for _ in range(3000)]


@pytest.mark.node
def test_dom_js_suit_la_regle_du_coeur() -> None:
    """La typographie des scripts de page (commun/francais.js, sous Node) donne exactement celle du cœur."""
    node = shutil.which("node")
    if node is None:
        pytest.fail("node introuvable : il fait tourner francais.js pour le comparer au cœur")
    textes = _echantillons()
    quantites = [[n, "personnage"] for n in (0, 1, 2, 12)]
    sortie = subprocess.run([node, "--no-warnings", "--input-type=module", "-e", TYPOGRAPHIER_NODE, DOM_JS.as_uri()],
                            input=json.dumps({"textes": textes, "quantites": quantites}), capture_output=True,
                            text=True, encoding="utf-8", timeout=60, check=True)
    js = json.loads(sortie.stdout)
    ecarts = [(t, py, j) for t, py, j in zip(textes, map(typographier, textes), js["textes"], strict=True) if py != j]
    assert not ecarts, ecarts[:5]
    assert js["quantites"] == [quantite(n, s) for n, s in quantites]
