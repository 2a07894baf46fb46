"""Le lien de partage d'une fiche (site_plugins/assets/table/partage.js), sous Node : aller-retour de
vraies fiches des quatre systèmes (Hypothesis), refus en français de tout lien abîmé ou hostile."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from jdr_core.d10.suivi_fiche import operer as operer_d10
from jdr_core.deuxd6.suivi import operer as operer_2d6
from jdr_core.encore.suivi import operer as operer_encore
from jdr_core.troisd6.suivi import operer as operer_3d6

from .conftest import executer_node

pytestmark = pytest.mark.node
#: partage.js, dans la copie des scripts où Node le lit avec la configuration (conftest.assets_node).
PARTAGE_JS = "table/partage.js"

SCRIPT = """
const { encoder, decoder, LienIllisible, PREFIXE } = await import(process.argv[1]);
const { etats, fragments } = JSON.parse(await new Promise((ok) => {
  let t = ""; process.stdin.on("data", (d) => t += d); process.stdin.on("end", () => ok(t));
}));
const allers = [];
for (const etat of etats) {
  const f = await encoder(etat);
  allers.push({ fragment: f, retour: await decoder(f) });
}
const refus = [];
for (const f of fragments) {
  try {
    await decoder(f);
    refus.push({ ok: true });
  } catch (e) {
    refus.push({ ok: false, francais: e instanceof LienIllisible, message: e.message });
  }
}
// Une bombe : 1 Mo de zéros compressés en quelques kilo-octets.
const bombe = await encoder({ x: "0".repeat(60000) }).catch((e) => e.message);
const gros = new Uint8Array(1_000_000);
const flux = new Blob([gros]).stream().pipeThrough(new CompressionStream("deflate-raw"));
const octets = new Uint8Array(await new Response(flux).arrayBuffer());
let b = ""; for (const o of octets) b += String.fromCharCode(o);
const fragmentBombe = PREFIXE + btoa(b).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");
let bombeRefusee;
try { await decoder(fragmentBombe); bombeRefusee = "acceptée"; } catch (e) { bombeRefusee = e.message; }
console.log(JSON.stringify({ allers, refus, bombe: typeof bombe === "string" ? bombe : "ok", bombeRefusee }));
"""


def _node(assets: Path, etats: list[Any], fragments: list[str]) -> dict[str, Any]:
    return executer_node(SCRIPT, (assets / PARTAGE_JS).as_uri(), role="partage.js",
                         entree=json.dumps({"etats": etats, "fragments": fragments}))


NOMS = st.text(st.characters(codec="utf-8", exclude_categories=["Cs", "Cc"]), min_size=1, max_size=30).filter(
    lambda n: "".join(c for c in n if c.isprintable()).strip() != "")


@st.composite
def fiches(draw: st.DrawFn) -> dict[str, Any]:
    """Une vraie fiche sauvegardée d'un des quatre systèmes, faite par son cœur."""
    nom = draw(NOMS)
    systeme = draw(st.sampled_from(["troisd6", "deuxd6", "d10", "encore"]))
    if systeme == "troisd6":
        r = operer_3d6(None, {"op": "creer", "nom": nom, "physique": draw(st.integers(1, 5)),
                              "mental": draw(st.integers(1, 5)), "social": draw(st.integers(1, 5))})
        if draw(st.booleans()):
            r = operer_3d6(r["etat"], {"op": "ajouter_maitrise", "nom": "Ruse « <b>&</b> »",
                                       "caracteristique": "social"})
        return dict(r["etat"])
    if systeme == "deuxd6":
        r = operer_2d6(None, {"op": "creer", "nom": nom, "pre": draw(st.integers(1, 10))})
        return dict(operer_2d6(r["etat"], {"op": "ajouter_competence", "nom": "Mécanique", "niveau": 2})["etat"])
    if systeme == "d10":
        r = operer_d10(None, {"op": "creer", "nom": nom, "AGI": draw(st.integers(1, 10))})
        return dict(operer_d10(r["etat"], {"op": "blesser", "gravite": "légère"})["etat"])
    return dict(operer_encore(None, {"op": "creer", "nom": nom, "ton": draw(st.sampled_from(["raw", "blockbuster"]))})
                ["etat"])


@settings(max_examples=5, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(fiches(), min_size=10, max_size=20))
def test_aller_retour_de_vraies_fiches(assets_node: Path, etats: list[dict[str, Any]]) -> None:
    r = _node(assets_node, etats, [])
    for etat, aller in zip(etats, r["allers"], strict=True):
        assert aller["retour"] == etat
        assert aller["fragment"].startswith("#partage=") and len(aller["fragment"]) < 2000


def test_liens_abimes_ou_hostiles_refuses_en_francais(assets_node: Path) -> None:
    fragments = ["", "#autre=abc", "#partage=", "#partage=abc<script>", "#partage=" + "A" * 20000,
                 "#partage=AAAA", "#partage=q1YqSk1LLVKyUlAqSS0uUQIA"]
    r = _node(assets_node, [], fragments)
    for fragment, refus in zip(fragments, r["refus"], strict=True):
        assert not refus["ok"] and refus["francais"], (fragment, refus)
    messages = [x["message"] for x in r["refus"]]
    assert messages[0] == messages[1] == "ce lien ne porte pas de fiche"
    assert messages[2] == "le lien est vide"
    assert messages[3] == "le lien contient des caractères qu'une fiche partagée n'a pas"
    assert messages[4] == "le lien est trop long (16000 caractères au plus)"
    assert r["bombeRefusee"] == "la fiche du lien dépasse 100 ko une fois décompressée"
