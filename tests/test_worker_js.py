"""Les modules du worker de Python que la page ne voit pas, exécutés par Node, sans navigateur :
le format de l'instantané (site_plugins/assets/worker/instantane.js) et le téléchargement suivi
(worker/telechargement.js) devant un faux réseau qui coupe, ignore les requêtes Range, refuse
ou se tait. Les mêmes chemins sont suivis de bout en bout dans Chromium (navigateur/test_widgets.py)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from .conftest import executer_node

ASSETS = Path(__file__).resolve().parent.parent / "site_plugins" / "assets"

# Un seul passage de Node : il rend un objet JSON, un champ par situation.
ESSAIS = """
globalThis.self = globalThis;
const envoyes = [];
globalThis.postMessage = (m) => envoyes.push(m);
let scenario = null;
globalThis.fetch = async (adresse, options) => scenario(adresse, options);
const base = process.argv[1];
const inst = await import(base + "moteur/worker/instantane.js");
const tel = await import(base + "moteur/worker/telechargement.js");
const { lienRapide } = await import(base + "moteur/worker/lien.js");
const { mesures } = await import(base + "moteur/worker/mesures.js");
const sortie = {};

// Mémoire : 5 pages et un bout ; les pages impaires (et le bout) sont nulles.
const PAGE = 4096;
const brut = new Uint8Array(PAGE * 5 + 100);
for (let i = 0; i < brut.length; i++) if (Math.floor(i / PAGE) % 2 === 0) brut[i] = (i * 7) % 251 + 1;
const paquet = inst.empaqueter(brut);
const rendu = inst.deballer(paquet.buffer.slice(0));
sortie.aller_retour = rendu.length === brut.length && rendu.every((v, i) => v === brut[i]);
sortie.octets = [brut.length, paquet.byteLength];
const refus = (tampon, cible = null) => {
  try { inst.deballer(tampon, cible); return null; } catch (e) { return e.message; }
};
const abime = paquet.slice(0); abime[abime.length - 1] ^= 1;
sortie.abime = refus(abime.buffer);
sortie.tronque = refus(paquet.slice(0, 10).buffer);
sortie.coupe = refus(paquet.slice(0, paquet.length - PAGE).buffer);
const magie = paquet.slice(0); magie[0] ^= 1;
sortie.magie = refus(magie.buffer);
// Dans une mémoire préparée d'avance : remplie si tout va bien ; refusée si sa longueur est fausse.
const cible = new Uint8Array(brut.length);
inst.deballer(paquet.buffer.slice(0), cible);
sortie.dans_cible = cible.every((v, i) => v === brut[i]);
sortie.cible_abime = refus(abime.buffer.slice(0), new Uint8Array(brut.length));
sortie.cible_fausse = refus(paquet.buffer.slice(0), new Uint8Array(10));
// Par morceaux, comme il arrive du réseau (tailles qui coupent l'en-tête, la carte, les mots et
// les pages) : la même mémoire, et les mêmes refus dans le même ordre que d'un seul tenant.
// Sans « garder » (l'instantané local), les morceaux sont lus sans être recopiés : mêmes résultats. Un
// morceau peut commencer à une adresse qui n'est pas un multiple de 4 (une vue dans un plus grand tampon).
const parMorceaux = (octets, cibleDonnee = null, garder = true, garde = null) => {
  const deballage = new inst.Deballage(cibleDonnee, null, { garder });
  const tailles = [1, 3, 17, 4093, 5, 8190, 7];
  for (let lu = 0, k = 0; lu < octets.length; k++) {
    const n = tailles[k % tailles.length];
    const decale = new Uint8Array(n + 1);
    decale.set(octets.subarray(lu, lu + n), 1);
    deballage.ajouter(k % 2 ? decale.subarray(1, 1 + Math.min(n, octets.length - lu)) : octets.subarray(lu, lu + n));
    lu += n;
  }
  try {
    const memoire = deballage.fin();
    const identique = (p) => p.length === paquet.length && p.every((v, i) => v === paquet[i]);
    if (garde) garde.push(garder ? identique(deballage.paquet) : deballage.paquet);
    return memoire;
  } catch (e) { return e.message; }
};
const gardes = [];
const enMorceaux = [true, false].map((garder) => parMorceaux(paquet, new Uint8Array(brut.length), garder, gardes));
sortie.morceaux = enMorceaux.map((m) => m instanceof Uint8Array && m.every((v, i) => v === brut[i]));
sortie.morceaux_paquet_garde = gardes;
const abimes = [abime, paquet.slice(0, 10), paquet.slice(0, paquet.length - PAGE), magie,
  new Uint8Array([...paquet, 1, 2, 3, 4])];
sortie.morceaux_refus = [true, false].map((garder) => abimes.map((octets) => parMorceaux(octets, null, garder)));
sortie.morceaux_cible_fausse = [true, false].map((garder) => parMorceaux(paquet, new Uint8Array(10), garder));
// Une mémoire vide (en-tête seul, ni carte ni pages), d'un seul tenant ou en morceaux.
const vide = inst.empaqueter(new Uint8Array(0));
const videDeballe = (garder) => {
  try {
    if (garder === null) return inst.deballer(vide.buffer.slice(0)).length;
    const deballage = new inst.Deballage(null, null, { garder });
    deballage.ajouter(vide.subarray(0, 7));
    deballage.ajouter(vide.subarray(7));
    return deballage.fin().length;
  } catch (e) { return e.message; }
};
sortie.vide = [null, true, false].map(videDeballe);
// L'instantané local lu en flux depuis le Cache Storage (lireEnFlux) : la mémoire, de la longueur de
// l'en-tête, est rendue avant la fin ; « lecture » la remplit, ou rejette un paquet abîmé.
const magasin = inst.magasinInstantanes("http://x/runtime.zip", false);
const enFlux = async (octets) => {
  try {
    const { memoire, lecture } = await magasin.lireEnFlux(new Response(new Blob([octets]).stream()));
    try {
      const rendue = await lecture;
      return [memoire.length, rendue === memoire && memoire.every((v, i) => v === memoire64[i])];
    } catch (e) { return [memoire.length, e.message]; }
  } catch (e) { return e.message; }
};
const memoire64 = new Uint8Array(65536 * 2);
for (let i = 0; i < memoire64.length; i += 3) memoire64[i] = (i % 251) + 1;
const paquet64 = inst.empaqueter(memoire64);
const abime64 = paquet64.slice(0); abime64[abime64.length - 1] ^= 1;
sortie.en_flux = {
  bon: await enFlux(paquet64),
  abime: await enFlux(abime64),
  tronque: await enFlux(paquet64.slice(0, 10)),
};

// Téléchargement : un faux réseau qui sert « contenu » selon l'en-tête Range.
// Pseudo-aléatoire : sa version gzip pèse autant que lui, une coupure peut tomber en son milieu.
let graine = 2463534242;
const contenu = new Uint8Array(10000).map(() => {
  graine ^= graine << 13;
  graine ^= graine >>> 17;
  graine ^= graine << 5;
  return graine & 255;
});
const gzip = async (octets) => {
  const flux = new Blob([octets]).stream().pipeThrough(new CompressionStream("gzip"));
  return new Uint8Array(await new Response(flux).arrayBuffer());
};
const contenuGz = await gzip(contenu);
// « entasses » : tant de morceaux déjà là au premier (un fil occupé ne les a pas lus à leur arrivée).
function reponse(octets, options = {}, signal) {
  const { statut = 200, entetes = {}, coupureApres = null, muet = false, pause = 0, entasses = 0 } = options;
  const fin = coupureApres ?? octets.length;
  let position = 0;
  const corps = new ReadableStream({
    start(c) {
      if (signal) signal.addEventListener("abort", () => c.error(new DOMException("arrêt", "AbortError")));
      for (; position < Math.min(entasses * 1000, fin); position += 1000) {
        c.enqueue(octets.slice(position, position + 1000));
      }
    },
    async pull(c) {
      if (muet) return new Promise(() => {});
      await (pause ? new Promise((r) => setTimeout(r, pause)) : null);
      if (position >= fin) {
        if (coupureApres !== null) c.error(new TypeError("network error"));
        else c.close();
        return;
      }
      c.enqueue(octets.slice(position, Math.min(position + 1000, fin)));
      position += 1000;
    },
  });
  return new Response(corps, { status: statut, headers: entetes });
}
async function essai(nom, reponses, silenceMs = 15000, variante = null) {
  const demandes = [];
  const adresses = [];
  scenario = (adresse, options) => {
    const range = (options.headers || {}).Range || null;
    demandes.push(range);
    adresses.push(adresse.split("/").pop());
    return reponses[demandes.length - 1](range, options.signal);
  };
  delete mesures.reprise;
  delete mesures.variantes_gz;
  delete mesures.variante_gz_abandonnee;
  delete mesures.variante_gz_injoignable;
  let lecture;
  const flux = new ReadableStream({
    start(c) {
      lecture = tel.telecharger("http://x/gros.bin", contenu.length, null, c, silenceMs, variante);
    },
  });
  lecture.catch(() => {});
  const lus = [];
  let erreurFlux = null;
  const lecteur = flux.getReader();
  try {
    for (let l = await lecteur.read(); !l.done; l = await lecteur.read()) lus.push(...l.value);
  } catch (e) {
    erreurFlux = e.message;
  }
  let octets = null, erreur = null;
  try {
    octets = await lecture;
  } catch (e) {
    erreur = { raison: e.message, francais: tel.raisonEnFrancais(e), partiel: e.partiel ? e.partiel.length : null };
  }
  const egal = (a) => a !== null && a.length === contenu.length && a.every((v, i) => v === contenu[i]);
  sortie[nom] = { demandes, complet: egal(octets), flux: egal(Uint8Array.from(lus)), erreurFlux, erreur,
    reprise: mesures.reprise ?? null, adresses, gz: mesures.variantes_gz ?? null,
    abandon: mesures.variante_gz_abandonnee ?? null, injoignable: mesures.variante_gz_injoignable ?? null };
}
await essai("coupure", [
  () => reponse(contenu, { coupureApres: 3000 }),
  () => reponse(contenu.slice(3000), { statut: 206, entetes: { "Content-Range": "bytes 3000-9999/10000" } }),
]);
await essai("sans_range", [
  () => reponse(contenu, { coupureApres: 4000 }),
  () => reponse(contenu),
]);
await essai("refus", [() => reponse(new Uint8Array(0), { statut: 404 })]);
await essai("coupures_repetees", Array.from({ length: 5 }, (_, k) => (range) => {
  const debut = range ? Number(/bytes=(\\d+)-/.exec(range)[1]) : 0;
  return reponse(contenu.slice(debut), { statut: debut ? 206 : 200, coupureApres: 1000,
    entetes: debut ? { "Content-Range": `bytes ${debut}-9999/10000` } : {} });
}));
await essai("silence", [(range, signal) => reponse(contenu, { muet: true }, signal)], 30);
// Servi tel quel, avec une version .gz : elle est prise à sa place, et une coupure en son milieu
// reprend par Range sur ses octets, dans le même décompresseur.
const variante = { adresse: "http://x/gros.bin.gz", octets: contenuGz.length };
await essai("gz", [() => reponse(contenu), () => reponse(contenuGz)], 15000, variante);
await essai("gz_coupe", [
  () => reponse(contenu),
  () => reponse(contenuGz, { coupureApres: 4000 }),
  () => reponse(contenuGz.slice(4000), {
    statut: 206, entetes: { "Content-Range": `bytes 4000-${contenuGz.length - 1}/${contenuGz.length}` } }),
], 15000, variante);
// La visite précédente l'a vu servi tel quel : le .gz d'emblée, sans demander le fichier.
await essai("gz_demblee", [() => reponse(contenuGz)], 15000, { ...variante, demblee: true });
// La copie décompressée que garde le service worker (hors-ligne/sw.js) : prise telle quelle, pas de .gz.
await essai("gz_copie_locale", [() => reponse(contenu, { entetes: { "X-Jdr-Copie-Locale": "1" } })], 15000, variante);
// Le fichier injoignable (hors ligne, le service worker n'a que le .gz) : le .gz.
await essai("gz_injoignable", [() => Promise.reject(new TypeError("Failed to fetch")), () => reponse(contenuGz)],
  15000, variante);
// Servi compressé par l'hébergeur : pas de .gz.
await essai("gz_inutile", [() => reponse(contenu, { entetes: { "Content-Encoding": "br" } })], 15000, variante);
// Un .gz absent ou illisible : le fichier tel quel, depuis le début.
const absent = () => reponse(new Uint8Array(0), { statut: 404 });
await essai("gz_absent", [() => reponse(contenu), absent, () => reponse(contenu)], 15000, variante);
await essai("gz_illisible", [() => reponse(contenu), () => reponse(contenu), () => reponse(contenu)], 15000, variante);
const silence15 = Object.assign(new tel.ErreurChargement("silence"), { silenceMs: 15000 });
sortie.silence.francais_15 = tel.raisonEnFrancais(silence15);
const progressions = envoyes.filter((m) => m.progression).map((m) => m.progression);
sortie.derniere_progression = progressions.at(-1);

// Lien rapide : tant d'octets reçus, tous téléchargements nommés ensemble, avant tel délai.
const sansLecteur = { enqueue() {}, close() {}, error() {} };
async function lien(pause, adresses, octets, delaiMs, options = {}) {
  scenario = () => reponse(contenu, { pause, ...options });
  const lectures = adresses.map((a) => tel.telecharger(a, contenu.length, null, sansLecteur, 15000));
  const rapide = await lienRapide(adresses, octets, delaiMs);
  await Promise.all(lectures);
  return rapide;
}
// Un morceau par tâche (pause de 1 ms), comme le réseau les donne : la mesure part de la tâche qui
// suit le premier (sans lui).
sortie.lien = {
  rapide: await lien(1, ["http://x/a.bin"], 5000, 1000),
  lent: await lien(30, ["http://x/b.bin"], 5000, 60),
  ensemble: await lien(1, ["http://x/c.bin", "http://x/d.bin"], 15000, 1000),
  inconnu: await lienRapide(["http://x/absent.bin"], 1, 10),
  // Tout reçu sans atteindre le seuil : la réponse vient à la fin du téléchargement, pas au délai.
  trop_petit: await lien(1, ["http://x/e.bin"], 50000, 60000),
  // Un lien lent (1 000 octets toutes les 30 ms, 80 par ms demandés) dont les 5 000 premiers octets
  // se sont entassés pendant que le fil était occupé : lus d'un coup, ils ne font pas un lien rapide.
  entasse: await lien(30, ["http://x/g.bin"], 8000, 100, { entasses: 5 }),
  // Compressé à la volée sans longueur annoncée : les octets décompressés ne mesurent pas le lien.
  sans_longueur: await lien(1, ["http://x/h.bin"], 5000, 1000, { entetes: { "Content-Encoding": "gzip" } }),
  // Avec sa longueur (2 500 octets portés pour 10 000 décompressés) : comptés au quart, assez pour
  // 2 000 octets demandés, pas pour 12 000 (sans le quart, un quart de 12 000 aurait suffi).
  avec_longueur: [2000, 12000].map((demandes, k) => lien(1, [`http://x/i${k}.bin`], demandes, 60000,
    { entetes: { "Content-Encoding": "br", "Content-Length": "2500" } })),

};
// Un quart des octets au débit demandé suffit (1 000 octets toutes les 10 ms, 8 000 demandés en
// 1 000 ms) : « rapide » dès le deuxième morceau, sans attendre les 8 000. Le deuxième morceau a
// 250 ms pour venir (un délai de 100 ms laissait une machine chargée conclure au délai).
delete mesures.lien_octets;
sortie.lien.avec_longueur = await Promise.all(sortie.lien.avec_longueur);
// Tout déjà reçu quand la mesure commence (un lien très rapide pendant que le fil était occupé) :
// la mesure du navigateur (Resource Timing) décide : 10 000 octets en 10 ms pour k.bin, en 1 000 ms
// pour m.bin ; aucune pour l.bin (faux : on ne sait pas).
const entreesReelles = performance.getEntriesByName.bind(performance);
const mesuresDuNavigateur = { "http://x/k.bin": 10, "http://x/m.bin": 1000 };
performance.getEntriesByName = (nom) => nom in mesuresDuNavigateur
  ? [{ encodedBodySize: 10000, responseStart: 100, responseEnd: 100 + mesuresDuNavigateur[nom] }] : entreesReelles(nom);
delete mesures.lien_selon;
sortie.lien.selon_le_navigateur = [
  await lien(1, ["http://x/k.bin"], 8000, 100, { entasses: 10 }), mesures.lien_selon ?? null,
  await lien(1, ["http://x/m.bin"], 8000, 100, { entasses: 10 }),
  await lien(1, ["http://x/l.bin"], 8000, 100, { entasses: 10 }),
];
performance.getEntriesByName = entreesReelles;
sortie.lien.tot = [await lien(10, ["http://x/f.bin"], 8000, 1000), mesures.lien_octets ?? null];

// L'encodage de la réponse, lu dès ses en-têtes : le corps de « muet » n'arrive jamais.
async function encodageLu(nom, reponses, deja = null) {
  let n = 0;
  scenario = (adresse, options) => reponses[n++](options.signal);
  const adresse = `http://x/${nom}.bin`;
  const lecture = tel.telecharger(adresse, contenu.length, deja, sansLecteur, 200);
  lecture.catch(() => {});
  const lu = await Promise.race([tel.encodage(adresse), new Promise((r) => setTimeout(() => r("jamais"), 5000))]);
  await lecture.catch(() => {});
  return lu;
}
sortie.encodage = {
  br: await encodageLu("br", [(signal) => reponse(contenu, { entetes: { "Content-Encoding": "br" }, muet: true },
    signal)]),
  tel_quel: await encodageLu("tel", [(signal) => reponse(contenu, { muet: true }, signal)]),
  reprise: await encodageLu("reprise", [() => reponse(contenu.slice(3000), { statut: 206,
    entetes: { "Content-Range": "bytes 3000-9999/10000" } })], contenu.slice(0, 3000).buffer),
  refus: await encodageLu("refus", [() => reponse(new Uint8Array(0), { statut: 404 })]),
  inconnu: await tel.encodage("http://x/jamais-demande.bin"),
};

// Le WebAssembly compilé une fois, pendant qu'il arrive (ici un module vide, en deux morceaux) ;
// chaque démarrage qui demande le fichier l'instancie ; une autre réponse passe telle quelle.
const wa = await import(base + "moteur/worker/webassembly.js");
const octetsWasm = new Uint8Array([0, 0x61, 0x73, 0x6d, 1, 0, 0, 0]);
let pousser;
const moduleWasm = wa.compilerEnFlux(new ReadableStream({ start(c) { pousser = c; } }));
pousser.enqueue(octetsWasm.slice(0, 3));
const instancierAvant = WebAssembly.instantiateStreaming;
const separer = wa.partagerModule(moduleWasm);
const premier = WebAssembly.instantiateStreaming(Promise.resolve(wa.reponseDuModule()), {});
pousser.enqueue(octetsWasm.slice(3));
pousser.close();
const second = await WebAssembly.instantiateStreaming(wa.reponseDuModule(), {});
const autre = await WebAssembly.instantiateStreaming(
  new Response(octetsWasm, { headers: { "Content-Type": "application/wasm" } }), {});
separer();
sortie.wasm = {
  meme_module: (await premier).module === second.module && second.module === await moduleWasm,
  deux_instances: (await premier).instance !== second.instance,
  autre_compile_a_part: autre.module !== second.module,
  instanciations: mesures.wasm_instanciations,
  compile_marque: typeof mesures.wasm_compile === "number",
  retabli: WebAssembly.instantiateStreaming === instancierAvant,
};
console.log(JSON.stringify(sortie));
"""

pytestmark = pytest.mark.node


@pytest.fixture(scope="module")
def sortie() -> dict[str, Any]:
    return executer_node(ESSAIS, ASSETS.as_uri() + "/", role="les modules du worker")


class TestFormatDeLInstantane:
    """Les pages nulles ne sont pas rangées ; un fichier abîmé est refusé avant Pyodide."""

    def test_aller_retour_sans_les_pages_nulles(self, sortie: dict[str, Any]) -> None:
        assert sortie["aller_retour"] is True
        brut, range_ = sortie["octets"]
        # 6 pages (la dernière incomplète), dont 3 nulles : 3 gardées, plus l'en-tête (20 octets) et la carte (8).
        assert (brut, range_) == (5 * 4096 + 100, 20 + 8 + 3 * 4096)

    @pytest.mark.parametrize(("cas", "raison"), [
        ("abime", "somme de contrôle fausse"),
        ("tronque", "fichier tronqué"),
        ("coupe", "longueur incohérente"),
        ("magie", "en-tête inconnu"),
    ])
    def test_fichier_refuse(self, sortie: dict[str, Any], cas: str, raison: str) -> None:
        assert sortie[cas] == raison

    def test_dans_une_memoire_preparee(self, sortie: dict[str, Any]) -> None:
        """Pour l'instantané de construction, la mémoire est préparée avant son arrivée (jdr-worker.js)."""
        assert sortie["dans_cible"] is True
        assert sortie["cible_abime"] == "somme de contrôle fausse"
        assert sortie["cible_fausse"] == "longueur annoncée fausse"

    def test_par_morceaux(self, sortie: dict[str, Any]) -> None:
        """Déballé pendant qu'il arrive, le paquet gardé (l'instantané de construction, rangé ensuite tel quel)
        ou non (l'instantané local) : même mémoire, mêmes refus, dans le même ordre."""
        assert sortie["morceaux"] == [True, True]
        assert sortie["morceaux_paquet_garde"] == [True, None]
        refus = ["somme de contrôle fausse", "fichier tronqué", "longueur incohérente", "en-tête inconnu",
                 "longueur incohérente"]
        assert sortie["morceaux_refus"] == [refus, refus]
        assert sortie["morceaux_cible_fausse"] == ["longueur annoncée fausse"] * 2
        assert sortie["vide"] == [0, 0, 0]

    def test_lu_en_flux(self, sortie: dict[str, Any]) -> None:
        """L'instantané local (lireEnFlux) : la mémoire de la longueur annoncée, rendue avant la fin de la
        lecture, remplie à la fin ; un paquet abîmé est refusé par la lecture, un paquet tronqué avant même
        que la mémoire soit rendue."""
        assert sortie["en_flux"] == {"bon": [131072, True], "abime": [131072, "somme de contrôle fausse"],
                                     "tronque": "fichier tronqué"}


class TestTelechargement:
    """Une coupure reprend où elle s'est arrêtée ; le flux donné à Pyodide reçoit chaque octet une fois."""

    def test_coupure_reprise_par_range(self, sortie: dict[str, Any]) -> None:
        c = sortie["coupure"]
        assert c["demandes"] == [None, "bytes=3000-"]
        assert c["complet"] and c["flux"] and c["erreur"] is None
        assert c["reprise"] == "gros.bin depuis 3000 octets"

    def test_serveur_sans_range_repart_de_zero(self, sortie: dict[str, Any]) -> None:
        """Réponse 200 à une requête Range : tout est redemandé, le flux ne reçoit pas deux fois le début."""
        s = sortie["sans_range"]
        assert s["demandes"] == [None, "bytes=4000-"]
        assert s["complet"] and s["flux"] and s["reprise"] is None

    def test_trois_reprises_puis_abandon_avec_les_octets_recus(self, sortie: dict[str, Any]) -> None:
        r = sortie["coupures_repetees"]
        assert r["demandes"] == [None, "bytes=1000-", "bytes=2000-", "bytes=3000-"]
        assert r["erreur"] == {"raison": "coupure", "francais": "le téléchargement de Python a été interrompu",
                               "partiel": 4000}
        assert r["erreurFlux"] == "coupure"

    def test_refus_du_serveur_dit_son_code(self, sortie: dict[str, Any]) -> None:
        r = sortie["refus"]
        assert r["demandes"] == [None]
        assert r["erreur"]["francais"] == "le serveur a refusé un fichier de Python (code 404)"

    def test_silence_du_reseau(self, sortie: dict[str, Any]) -> None:
        s = sortie["silence"]
        assert s["erreur"]["raison"] == "silence" and s["erreurFlux"] == "silence"
        assert s["francais_15"] == "le réseau n'a plus rien envoyé depuis 15 secondes"

    def test_version_gz_chez_un_hebergeur_sans_compression(self, sortie: dict[str, Any]) -> None:
        """Servi tel quel, le fichier laisse la place à sa version .gz, décompressée au fil de l'eau."""
        gz = sortie["gz"]
        assert (gz["complet"], gz["flux"], gz["adresses"], gz["gz"]) == (True, True, ["gros.bin", "gros.bin.gz"],
                                                                           ["gros.bin"])
        coupe = sortie["gz_coupe"]
        assert (coupe["complet"], coupe["flux"]) == (True, True), coupe
        assert coupe["demandes"] == [None, None, "bytes=4000-"] and coupe["reprise"] == "gros.bin.gz depuis 4000 octets"
        demblee = sortie["gz_demblee"]
        assert (demblee["complet"], demblee["flux"], demblee["adresses"]) == (True, True, ["gros.bin.gz"])
        local = sortie["gz_copie_locale"]
        assert (local["complet"], local["flux"], local["adresses"], local["gz"]) == (True, True, ["gros.bin"], None)
        injoignable = sortie["gz_injoignable"]
        # Noté à part : une coupure passagère ne fait pas prendre le .gz d'emblée aux visites suivantes.
        assert (injoignable["complet"], injoignable["flux"], injoignable["adresses"], injoignable["gz"],
                injoignable["injoignable"]) == (True, True, ["gros.bin", "gros.bin.gz"], None, "gros.bin")
        inutile = sortie["gz_inutile"]
        assert (inutile["complet"], inutile["adresses"], inutile["gz"]) == (True, ["gros.bin"], None)

    @pytest.mark.parametrize(("cas", "raison"), [("gz_absent", "http 404"), ("gz_illisible", "illisible")])
    def test_version_gz_absente_ou_illisible(self, sortie: dict[str, Any], cas: str, raison: str) -> None:
        s = sortie[cas]
        assert (s["complet"], s["flux"], s["adresses"]) == (True, True, ["gros.bin", "gros.bin.gz", "gros.bin"])
        assert s["abandon"].startswith(f"gros.bin.gz : {raison}"), s
        assert s["gz"] == [], "repris tel quel : plus noté comme pris en .gz"

    def test_progression_finale_complete(self, sortie: dict[str, Any]) -> None:
        assert sortie["derniere_progression"] == {"recus": 10000, "total": 10000, "approchee": False}

    def test_lien_rapide(self, sortie: dict[str, Any]) -> None:
        """Le seuil de l'instantané de construction : octets comptés sur tous les fichiers nommés
        (15 000 octets demandés, 10 000 par fichier), avant le délai compté du premier octet ; faux
        pour un fichier lent (1 000 octets toutes les 30 ms), inconnu, ou reçu en entier sous le seuil
        (la réponse vient alors de la fin du téléchargement : le délai d'une minute dépasserait celui
        laissé à Node par la fixture)."""
        assert sortie["lien"] == {"rapide": True, "lent": False, "ensemble": True, "inconnu": False,
                                  "trop_petit": False, "tot": [True, 2000], "entasse": False,
                                  "sans_longueur": False, "avec_longueur": [True, False],
                                  "selon_le_navigateur": [True, "navigateur", False, False]}


class TestEncodage:
    """« Servi compressé ? » se lit sur la réponse déjà en route, dès ses en-têtes (jdr-worker.js décide
    ainsi de l'instantané de construction sans requête de plus ni attente du corps)."""

    def test_lu_des_les_en_tetes(self, sortie: dict[str, Any]) -> None:
        e = sortie["encodage"]
        # Le corps de ces deux réponses n'arrive jamais : seule la lecture des en-têtes peut répondre.
        assert (e["br"], e["tel_quel"]) == ("br", "")

    def test_inconnu_plutot_que_devine(self, sortie: dict[str, Any]) -> None:
        """Une reprise (206, octets déjà reçus), un refus ou un fichier jamais demandé : on ne sait pas."""
        e = sortie["encodage"]
        assert (e["reprise"], e["refus"], e["inconnu"]) == (None, None, None)


class TestWebAssemblyPartage:
    """worker/webassembly.js : un seul module compilé, en flux, pour tous les démarrages de Python."""

    def test_un_module_deux_instanciations(self, sortie: dict[str, Any]) -> None:
        w = sortie["wasm"]
        assert w["meme_module"] and w["deux_instances"] and w["instanciations"] == 2
        assert w["compile_marque"]

    def test_autres_reponses_et_retour_a_l_original(self, sortie: dict[str, Any]) -> None:
        w = sortie["wasm"]
        assert w["autre_compile_a_part"] and w["retabli"]
