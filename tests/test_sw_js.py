"""Le service worker du site (site_plugins/assets/hors-ligne/sw.js), exécuté par Node devant un faux
réseau et un faux Cache Storage : ce qu'il garde des gros fichiers de Python chez un hébergeur qui
les sert tels quels (le worker les prend en .gz, moteur/worker/telechargement.js). De bout en bout,
dans Chromium : navigateur/test_reseau.py (le retour ne décompresse rien)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from site_plugins.runtime import MARQUE_SERVICE_WORKER

from .conftest import executer_node

SW = Path(__file__).resolve().parent.parent / "site_plugins" / "assets" / "hors-ligne" / "sw.js"
CONFIG = {"version": "v1", "pages": [], "runtime": ["pyodide/1/pyodide.asm.wasm", "pyodide/1/runtime-ab.zip"],
          "variantes_gz": {"pyodide/1/pyodide.asm.wasm": "application/wasm",
                           "pyodide/1/runtime-ab.zip": "application/zip"}}

# Un seul passage de Node : il rend un objet JSON, un champ par situation. argv[1] : le texte de sw.js.
ESSAIS = """
const RACINE = "https://site.test/";
const ecouteurs = {};
globalThis.self = globalThis;
self.location = { href: RACINE + "sw.js" };
self.registration = { active: {} };
self.skipWaiting = async () => {};
self.clients = { claim: async () => {} };
self.addEventListener = (type, f) => { ecouteurs[type] = f; };

// Faux Cache Storage : des réponses gardées en octets, sous leur adresse.
const magasins = new Map();
const rangements = [];
const cle = (r) => (typeof r === "string" ? r : r.url);
class Cache {
  constructor() { this.m = new Map(); }
  async match(r) {
    const g = this.m.get(cle(r));
    return g ? new Response(g.octets.slice(0), { status: g.status, headers: g.entetes }) : undefined;
  }
  async put(r, reponse) {
    rangements.push(cle(r).replace(RACINE, ""));
    const octets = new Uint8Array(await reponse.arrayBuffer());
    this.m.set(cle(r), { octets, status: reponse.status, entetes: [...reponse.headers] });
  }
  async delete(r) { return this.m.delete(cle(r)); }
  async keys() { return [...this.m.keys()].map((url) => ({ url })); }
}
globalThis.caches = {
  async open(nom) { if (!magasins.has(nom)) magasins.set(nom, new Cache()); return magasins.get(nom); },
  async keys() { return [...magasins.keys()]; },
  async delete(nom) { return magasins.delete(nom); },
};
const demandes = [];
let reseau = () => { throw new TypeError("hors ligne"); };
globalThis.fetch = async (r, options = {}) => {
  demandes.push([cle(r).replace(RACINE, ""), options.cache || null]);
  return reseau(cle(r).replace(RACINE, ""));
};

const { writeFileSync } = await import("node:fs");
const { tmpdir } = await import("node:os");
const { join } = await import("node:path");
const fichier = join(tmpdir(), `sw-${process.pid}.mjs`);
writeFileSync(fichier, process.argv[1]);
await import(fichier);

// Un octet sur deux pseudo-aléatoire : le .gz pèse encore quelque chose.
const contenu = new Uint8Array(50000);
for (let i = 0; i < contenu.length; i++) contenu[i] = i % 2 ? (i * 7919) % 251 : 0;
const gzip = async (octets) => new Uint8Array(
  await new Response(new Blob([octets]).stream().pipeThrough(new CompressionStream("gzip"))).arrayBuffer());
const contenuGz = await gzip(contenu);
const WASM = "pyodide/1/pyodide.asm.wasm";
const ZIP = "pyodide/1/runtime-ab.zip";

// Un événement fetch ou message : sa réponse (ou son refus), puis ses waitUntil.
async function evenement(type, donnees) {
  const attentes = [];
  let reponse = null;
  const e = { ...donnees, waitUntil: (p) => attentes.push(p), respondWith: (p) => { reponse = p; } };
  ecouteurs[type](e);
  let rendu = null;
  if (reponse) {
    try {
      const r = await reponse;
      const octets = (await r.arrayBuffer()).byteLength;
      rendu = { status: r.status, octets, copie: r.headers.get("X-Jdr-Copie-Locale") };
    } catch (erreur) {
      rendu = { erreur: String(erreur) };
    }
  }
  await Promise.all(attentes);
  return rendu;
}
const demande = (chemin) => ({ request: new Request(RACINE + chemin) });
async function garde() {
  const cache = await caches.open("regles-vivantes-site-v1");
  const vus = {};
  for (const { url } of await cache.keys()) {
    const r = await cache.match(url);
    const octets = new Uint8Array(await r.arrayBuffer());
    vus[url.replace(RACINE, "")] = { octets: octets.length, egal: octets.every((v, i) => v === contenu[i]),
      type: r.headers.get("Content-Type"), copie: r.headers.get("X-Jdr-Copie-Locale") };
  }
  return vus;
}
const sortie = {};

// Servi tel quel : le worker abandonne la réponse pour le .gz ; elle n'est pas gardée, le .gz l'est.
reseau = (chemin) => new Response(chemin.endsWith(".gz") ? contenuGz : contenu, { status: 200 });
sortie.tel_quel = await evenement("fetch", demande(WASM));
sortie.gz = await evenement("fetch", demande(WASM + ".gz"));
sortie.apres_passage = Object.keys(await garde());
// Python prêt : la page nomme les fichiers pris en .gz. Le .gz gardé est rangé décompressé sous
// l'adresse du fichier ; l'archive, jamais vue passer, vient du cache HTTP (force-cache), en .gz.
demandes.length = 0;
await evenement("message", { data: { type: "garder-runtime", variantesGz: ["pyodide.asm.wasm", "runtime-ab.zip"] } });
sortie.garde = await garde();
sortie.demandes_garder = demandes.slice();
// La visite suivante : la copie locale, hors ligne, marquée pour le worker.
reseau = () => { throw new TypeError("hors ligne"); };
demandes.length = 0;
sortie.retour = await evenement("fetch", demande(WASM));
sortie.demandes_retour = demandes.slice();

// Servi compressé (précompressé, ou gzip à la volée) : gardé au passage, comme tout fichier.
await caches.delete("regles-vivantes-site-v1");
reseau = () => new Response(contenu, { status: 200, headers: { "Content-Encoding": "br" } });
await evenement("fetch", demande(WASM));
sortie.compresse = Object.keys(await garde());

// Un .gz illisible : il n'est plus gardé, et le fichier tel quel (cache HTTP) prend sa place, marqué
// copie locale ; l'archive, que la page ne nomme pas, de même.
await caches.delete("regles-vivantes-site-v1");
reseau = (chemin) => new Response(chemin.endsWith(".gz") ? new Uint8Array([1, 2, 3, 4]) : contenu, { status: 200 });
await evenement("fetch", demande(WASM + ".gz"));
await evenement("message", { data: { type: "garder-runtime", variantesGz: ["pyodide.asm.wasm"] } });
sortie.illisible = await garde();
// Un .gz gardé en plus d'une copie locale (un autre onglet l'a demandé) : retiré au rangement suivant.
await (await caches.open("regles-vivantes-site-v1")).put(RACINE + WASM + ".gz", new Response(contenuGz));
await evenement("message", { data: { type: "garder-runtime", variantesGz: [] } });
sortie.gz_en_plus = Object.keys(await garde());
// Un message sans liste (ou hostile) : traité comme aucun fichier pris en .gz.
await caches.delete("regles-vivantes-site-v1");
demandes.length = 0;
await evenement("message", { data: { type: "garder-runtime", variantesGz: "pyodide.asm.wasm" } });
sortie.sans_liste = demandes.slice();
// Deux onglets prêts ensemble : un rangement après l'autre, un seul .gz décompressé, une seule fois.
await caches.delete("regles-vivantes-site-v1");
reseau = (chemin) => new Response(chemin.endsWith(".gz") ? contenuGz : contenu, { status: 200 });
await evenement("fetch", demande(WASM + ".gz"));
demandes.length = 0;
rangements.length = 0;
const message = { data: { type: "garder-runtime", variantesGz: ["pyodide.asm.wasm"] } };
await Promise.all([evenement("message", message), evenement("message", message)]);
sortie.deux_onglets = [Object.keys(await garde()), demandes.slice(), rangements.slice()];
console.log(JSON.stringify(sortie));
"""

pytestmark = pytest.mark.node


@pytest.fixture(scope="module")
def sortie() -> dict[str, Any]:
    texte = SW.read_text(encoding="utf-8").replace(MARQUE_SERVICE_WORKER, f"const CONFIG_SW = {json.dumps(CONFIG)};")
    return executer_node(ESSAIS, texte, role="le service worker")


class TestFichiersPrisEnGz:
    def test_la_reponse_abandonnee_n_est_pas_gardee(self, sortie: dict[str, Any]) -> None:
        assert sortie["tel_quel"] == {"status": 200, "octets": 50000, "copie": None}
        assert sortie["apres_passage"] == ["pyodide/1/pyodide.asm.wasm.gz"]

    def test_python_pret_les_gz_ranges_decompresses(self, sortie: dict[str, Any]) -> None:
        copie = {"octets": 50000, "egal": True, "copie": "1"}
        assert sortie["garde"] == {"pyodide/1/pyodide.asm.wasm": {**copie, "type": "application/wasm"},
                                   "pyodide/1/runtime-ab.zip": {**copie, "type": "application/zip"}}
        # Le .gz de l'archive, jamais passé par le service worker, vient du cache HTTP ; jamais le fichier tel quel.
        assert sortie["demandes_garder"] == [["pyodide/1/runtime-ab.zip.gz", "force-cache"]]

    def test_le_retour_lit_la_copie_locale(self, sortie: dict[str, Any]) -> None:
        assert sortie["retour"] == {"status": 200, "octets": 50000, "copie": "1"}
        assert sortie["demandes_retour"] == []

    def test_servi_compresse_garde_au_passage(self, sortie: dict[str, Any]) -> None:
        assert sortie["compresse"] == ["pyodide/1/pyodide.asm.wasm"]

    def test_gz_illisible_le_fichier_tel_quel_a_sa_place(self, sortie: dict[str, Any]) -> None:
        tel_quel = {"octets": 50000, "egal": True, "type": None, "copie": "1"}
        assert sortie["illisible"] == {"pyodide/1/pyodide.asm.wasm": tel_quel, "pyodide/1/runtime-ab.zip": tel_quel}

    def test_gz_en_plus_d_une_copie_retire(self, sortie: dict[str, Any]) -> None:
        assert sortie["gz_en_plus"] == ["pyodide/1/pyodide.asm.wasm", "pyodide/1/runtime-ab.zip"]

    def test_liste_illisible_aucun_gz(self, sortie: dict[str, Any]) -> None:
        assert sortie["sans_liste"] == [["pyodide/1/pyodide.asm.wasm", "force-cache"],
                                        ["pyodide/1/runtime-ab.zip", "force-cache"]]

    def test_deux_onglets_un_rangement_apres_l_autre(self, sortie: dict[str, Any]) -> None:
        gardes, demandes, rangements = sortie["deux_onglets"]
        assert gardes == ["pyodide/1/pyodide.asm.wasm", "pyodide/1/runtime-ab.zip"]
        # Le second rangement trouve tout en place : rien de décompressé ni de demandé deux fois.
        assert demandes == [["pyodide/1/runtime-ab.zip", "force-cache"]]
        assert rangements == ["pyodide/1/pyodide.asm.wasm", "pyodide/1/runtime-ab.zip"]


def test_meme_en_tete_de_copie_locale() -> None:
    """L'en-tête que pose le service worker est celui que lit le worker (deux fichiers, aucun import commun)."""
    telechargement = SW.parent.parent / "moteur" / "worker" / "telechargement.js"
    for fichier in (SW, telechargement):
        assert 'const COPIE_LOCALE = "X-Jdr-Copie-Locale";' in fichier.read_text(encoding="utf-8"), fichier.name
