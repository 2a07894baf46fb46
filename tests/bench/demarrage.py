"""Mesures de démarrage dans Chromium, notre site contre une page témoin : imprime, n'affirme rien.

    nox -s bench                  (ou : python -m tests.bench --essais 5)

La page témoin charge Pyodide 314 « simplement » : sur le fil principal, avec la
bibliothèque standard d'origine (sources .py) et jdr_core en sources, au premier
clic. Mêmes fichiers Pyodide, même hébergeur, même exemple (pierre-ruelle) : chaque
rapport compare deux mesures du même passage. Chaque chiffre est la médiane de
--essais essais ; chaque essai « froid » part d'un profil neuf.

Trois sortes d'hébergeurs (:mod:`tests.bench.hotes`) : précompressé (le serveur du
projet), compressé à la volée (gzip), fichiers tels quels ; et, chez chacun, un profil
de téléphone : le processeur ralenti 4 fois (Emulation.setCPUThrottlingRate du
protocole DevTools) et un lien de type 4G (PROFIL_TELEPHONE). Le banc mesure aussi ce
que ce ralentissement fait vraiment, sur le fil principal et dans un worker.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

RACINE = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(RACINE))

from site_plugins.runtime import archive_sources, compresser, version_pyodide  # noqa: E402
from site_plugins.serveur import en_arriere_plan  # noqa: E402
from tests.bench.hotes import HOTES  # noqa: E402
from tests.bench.reseau import mesurer as mesurer_lent  # noqa: E402
from tests.bench.serveur import mesurer_serveur  # noqa: E402

DRAPEAUX = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
            "--disable-sync", "--no-first-run", "--disable-quic"]
#: Pause entre le premier résultat et le rechargement, pour la mesure « chaud ».
LECTURE_MS = 3000
RESEAU_20_MBPS = {"offline": False, "latency": 40, "downloadThroughput": 20e6 / 8, "uploadThroughput": 20e6 / 8}


@dataclass(frozen=True)
class Profil:
    """Ce qu'un essai impose au navigateur : un lien bridé (CDP Network) et un processeur ralenti."""

    reseau: dict[str, Any] | None = None
    cpu: float = 1.0


BUREAU = Profil()
#: Le téléphone : processeur ralenti 4 fois, lien de type 4G (9 Mbit/s descendant, 1,5 montant, 60 ms).
PROFIL_TELEPHONE = Profil({"offline": False, "latency": 60, "downloadThroughput": 9e6 / 8,
                           "uploadThroughput": 1.5e6 / 8}, 4.0)


@dataclass(frozen=True)
class Cible:
    nom: str
    chemin: str
    bloc: str  # l'élément qui reçoit data-etat
    bouton: str


SITE = Cible("site", "/troisd6/test/", '.jdr-exemple[data-exemple="pierre-ruelle"]', ".jdr-executer")
TEMOIN = Cible("témoin", "/temoin/", "#temoin", "#executer")

# Clique et attend data-etat, en mesurant dans la page (performance.now()).
CLIC_JS = """async ([bloc, bouton]) => {
  const b = document.querySelector(bloc);
  // Instant où Python devient prêt (notre site : <html data-jdr-moteur="pret">) ;
  // pour le témoin, tout se passe jusqu'au résultat.
  let pret = null;
  new MutationObserver(() => {
    if (pret === null && document.documentElement.dataset.jdrMoteur === "pret") pret = performance.now();
  }).observe(document.documentElement, { attributes: true });
  const t0 = performance.now();
  b.querySelector(bouton).click();
  while (!b.dataset.etat) await new Promise(r => setTimeout(r, 2));
  const fin = performance.now();
  // Le résultat n'est vu qu'une fois peint : la tâche qui le met en page et le peint suit data-etat, elle
  // compte (avant, lue trop tôt, elle échappait souvent au relevé). L'observateur rend ses entrées après coup.
  await new Promise(r => requestAnimationFrame(() => setTimeout(r, 0)));
  const peint = performance.now();
  await new Promise(r => setTimeout(r, 100));
  const limite = pret === null ? fin : pret;
  const longues = window.__longues || [];
  const chargement = longues.filter(([debut]) => debut >= t0 && debut < limite).map(([, d]) => d);
  const affichage = longues.filter(([debut]) => debut >= limite && debut < peint).map(([, d]) => d);
  const avant = longues.filter(([debut]) => debut < t0).map(([, d]) => d);
  return [fin - t0, b.dataset.etat, Math.max(0, ...chargement), Math.max(0, ...avant), Math.max(0, ...affichage)];
}"""
TACHES_LONGUES_JS = """
window.__longues = [];
new PerformanceObserver((l) => { for (const e of l.getEntries()) window.__longues.push([e.startTime, e.duration]); })
  .observe({ type: "longtask", buffered: true });
"""

PAGE_TEMOIN = """<!doctype html>
<html lang="fr"><head><meta charset="utf-8"><title>Témoin : Pyodide simple</title></head>
<body><div id="temoin"><button id="executer">Exécuter</button><pre id="sortie"></pre></div>
<script type="module">
const SOURCE = %(source)s;
const bloc = document.getElementById("temoin");
document.getElementById("executer").addEventListener("click", async () => {
  const { loadPyodide } = await import("../pyodide/%(version)s/pyodide.mjs");
  const pyodide = await loadPyodide({ indexURL: "../pyodide/%(version)s/",
    stdLibURL: "python_stdlib.zip", lockFileURL: "pyodide-lock.json" });
  const archive = await (await fetch("jdr_core.zip")).arrayBuffer();
  pyodide.unpackArchive(archive, "zip", { extractDir: "/home/pyodide/jdr" });
  pyodide.runPython("import sys; sys.path.insert(0, '/home/pyodide/jdr')");
  const pont = pyodide.pyimport("jdr_core.pont");
  const r = JSON.parse(pont.traiter(JSON.stringify({ type: "exemple", source: SOURCE })));
  document.getElementById("sortie").textContent = JSON.stringify(r);
  bloc.dataset.etat = r.ok ? "ok" : "echec";
});
</script></body></html>
"""


def construire(cible: Path) -> float:
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
    cmd = [sys.executable, "-m", "mkdocs", "build", "--strict", "-q", "-d", str(cible)]
    subprocess.run(cmd, cwd=RACINE, check=True, env=env)  # premier passage : caches chauds
    debut = time.perf_counter()
    subprocess.run(cmd, cwd=RACINE, check=True, env=env)
    return time.perf_counter() - debut


def ajouter_temoin(site: Path) -> None:
    from site_plugins.exemples import tous_les_exemples

    pyodide = RACINE / "node_modules" / "pyodide"
    dossier = site / "temoin"
    dossier.mkdir()
    for fichier in ("python_stdlib.zip", "pyodide-lock.json"):
        shutil.copyfile(pyodide / fichier, dossier / fichier)
    (dossier / "jdr_core.zip").write_bytes(archive_sources(["jdr_core"]))
    source = next(e.source for e in tous_les_exemples(RACINE / "docs") if e.ident == "pierre-ruelle")
    (dossier / "index.html").write_text(
        PAGE_TEMOIN % {"source": json.dumps(source), "version": version_pyodide(pyodide)}, encoding="utf-8")
    for fichier in dossier.iterdir():
        compresser(fichier, pyodide.parent / ".cache" / "regles-vivantes" / "compresse")


class Octets:
    """Octets transférés (corps encodés + en-têtes), requêtes du worker comprises."""

    def __init__(self, page: Any) -> None:
        self.total = 0
        page.on("requestfinished", self._fini)

    def _fini(self, requete: Any) -> None:
        try:
            tailles = requete.sizes()
        except Exception:  # requête annulée pendant la mesure
            return
        self.total += tailles["responseBodySize"] + tailles["responseHeadersSize"]


@dataclass
class Essai:
    duree_ms: float
    octets: int
    tache_max_ms: float  # plus longue tâche du fil principal entre le clic et « Python est prêt »
    tache_page_ms: float  # plus longue tâche avant le clic (affichage de la page elle-même)
    tache_resultat_ms: float  # plus longue tâche entre « prêt » et le résultat peint
    instantane_octets: int = 0  # instantané local rangé par la 1re visite (mesure « chaud »)


def _contexte(navigateur: Any) -> Any:
    contexte = navigateur.new_context()
    contexte.add_init_script(TACHES_LONGUES_JS)
    return contexte


def _page(contexte: Any, profil: Profil) -> Any:
    """Une page du contexte, sous ``profil`` (gardé par la page d'un chargement à l'autre)."""
    page = contexte.new_page()
    if profil.reseau or profil.cpu != 1:
        cdp = contexte.new_cdp_session(page)
        if profil.reseau:
            cdp.send("Network.enable")
            cdp.send("Network.emulateNetworkConditions", profil.reseau)
        if profil.cpu != 1:
            cdp.send("Emulation.setCPUThrottlingRate", {"rate": profil.cpu})
    return page


def _cliquer(page: Any, cible: Cible, octets: Octets) -> Essai:
    duree, etat, chargement, avant, affichage = page.evaluate(CLIC_JS, [cible.bloc, cible.bouton])
    if etat != "ok":
        raise SystemExit(f"{cible.nom} : l'exemple a échoué pendant la mesure")
    return Essai(duree, octets.total, chargement, avant, affichage)


def froid(navigateur: Any, url: str, cible: Cible, *, repos_ms: int = 0, profil: Profil = BUREAU) -> Essai:
    contexte = _contexte(navigateur)
    page = _page(contexte, profil)
    octets = Octets(page)
    page.goto(url + cible.chemin, wait_until="load")
    if repos_ms:
        page.wait_for_timeout(repos_ms)
    essai = _cliquer(page, cible, octets)
    contexte.close()
    return essai


def chaud(navigateur: Any, url: str, cible: Cible, *, lecture_ms: int = LECTURE_MS, profil: Profil = BUREAU) -> Essai:
    """Même profil, rechargé : lecture_ms après le premier résultat (le temps de le lire),
    ou aussitôt avec lecture_ms=0."""
    contexte = _contexte(navigateur)
    page = _page(contexte, profil)
    page.goto(url + cible.chemin, wait_until="load")
    _cliquer(page, cible, Octets(page))
    page.wait_for_timeout(lecture_ms)
    premiere = json.loads(page.evaluate("document.documentElement.dataset.jdrMesures || '{}'"))
    page.reload(wait_until="load")
    essai = _cliquer(page, cible, Octets(page))
    contexte.close()
    return replace(essai, instantane_octets=premiere.get("instantane_octets", 0))


def sans_interaction(navigateur: Any, url: str, cible: Cible) -> tuple[int, int]:
    """(octets avant le démarrage de Python, octets au bout de 10 s sans interaction)."""
    contexte = navigateur.new_context()
    page = contexte.new_page()
    octets = Octets(page)
    avant: list[int] = []
    page.on("worker", lambda _w: avant.append(octets.total))
    page.goto(url + cible.chemin, wait_until="load")
    page.wait_for_timeout(10_000)
    total = octets.total
    contexte.close()
    return (avant[0] if avant else total), total


def pret_seconde_visite(playwright: Any, executable: str, url: str) -> float:
    """Profil persistant : une visite remplit le cache ; temps jusqu'à « Python est prêt » ensuite."""
    with tempfile.TemporaryDirectory() as profil:
        contexte = playwright.chromium.launch_persistent_context(profil, executable_path=executable, args=DRAPEAUX)
        page = contexte.new_page()
        page.goto(url + SITE.chemin)
        page.evaluate(CLIC_JS, [SITE.bloc, SITE.bouton])
        page.wait_for_timeout(LECTURE_MS)
        page.goto(url + "/a-propos/")
        debut = time.perf_counter()
        page.goto(url + SITE.chemin)
        page.wait_for_function("() => document.documentElement.dataset.jdrMoteur === 'pret'", timeout=60_000)
        duree = time.perf_counter() - debut
        contexte.close()
        return duree * 1000


#: Le même calcul sur le fil principal puis dans un worker : (ms, ms), le meilleur de deux passages.
RALENTI_JS = """async () => {
  const travail = () => {
    let x = 0;
    const t0 = performance.now();
    for (let i = 0; i < 2e7; i++) x = (x + i * 7) % 1000003;
    return performance.now() - t0 + (x < 0 ? 1 : 0);
  };
  const principal = Math.min(travail(), travail());
  const source = `const travail = ${travail.toString()}; postMessage(Math.min(travail(), travail()));`;
  const w = new Worker(URL.createObjectURL(new Blob([source], { type: "text/javascript" })));
  const worker = await new Promise((r) => { w.onmessage = (e) => r(e.data); });
  w.terminate();
  return [principal, worker];
}"""


def ralentissement(navigateur: Any, url: str) -> tuple[float, float]:
    """Combien de fois plus lent le profil de téléphone rend le fil principal, puis un worker (où
    tourne notre Python ; le témoin, lui, tourne sur le fil principal)."""
    def mesurer(profil: Profil) -> tuple[float, float]:
        contexte = navigateur.new_context()
        page = _page(contexte, profil)
        page.goto(url + TEMOIN.chemin, wait_until="load")
        principal, worker = page.evaluate(RALENTI_JS)
        contexte.close()
        return principal, worker

    sans, avec = mesurer(Profil()), mesurer(Profil(cpu=PROFIL_TELEPHONE.cpu))
    return avec[0] / sans[0], avec[1] / sans[1]


#: Essais par hébergeur et par profil : (notre site, témoin) → « froid » / « retour » → essais.
Mesures = dict[str, dict[str, list[Essai]]]


def mesurer_hote(navigateur: Any, url: str, n: int, profil: Profil) -> dict[str, Mesures]:
    """Froid et retour (rechargé LECTURE_MS après le premier résultat), notre site puis le témoin."""
    return {c.nom: {"froid": [froid(navigateur, url, c, profil=profil) for _ in range(n)],
                    "retour": [chaud(navigateur, url, c, profil=profil) for _ in range(n)]} for c in (SITE, TEMOIN)}


def imprimer_hotes(hotes: dict[tuple[str, str], dict[str, Mesures]], n: int, m: int) -> None:
    """Le tableau par hébergeur et par profil ; au téléphone, la cible est le rapport du bureau."""
    print(f"Par hébergeur (bureau : médiane de {n} essais ; téléphone : de {m}) — froid : profil neuf ; "
          f"retour : rechargé {LECTURE_MS / 1000:.0f} s après le premier résultat")
    print(f"  {'':<44} {'notre site':>14} {'témoin':>14} {'site/témoin':>11}")
    rapports: dict[tuple[str, str, str], float] = {}
    for (hote, profil), res in hotes.items():
        titre, _ = HOTES[hote]
        print(f"  {titre}, {'téléphone' if profil == 'telephone' else 'bureau'}")
        s, t = res[SITE.nom], res[TEMOIN.nom]
        for cle, mot in (("froid", "froid"), ("retour", "retour")):
            site = mediane([e.duree_ms for e in s[cle]])
            temoin = mediane([e.duree_ms for e in t[cle]])
            rapports[hote, profil, cle] = site / temoin
            if profil == "telephone":
                cible = rapports.get((hote, "bureau", cle))
            else:
                cible = CIBLES["chaud"] if cle == "retour" else (0.20 if hote == "precompresse" else 0.30)
            ligne(f"    clic → résultat, {mot}", site, temoin, "ms", cible=cible)
        ligne("    octets jusqu'au premier résultat (froid)", mediane([e.octets for e in s["froid"]]) / 1e6,
              mediane([e.octets for e in t["froid"]]) / 1e6, "Mo", ",.2f")
        taches = [max(e.tache_max_ms, e.tache_resultat_ms) for cle in ("froid", "retour") for e in s[cle]]
        print(f"    plus longue tâche du fil principal, du clic au résultat (notre site) : {max(taches):,.0f} ms"
              f" ({'aucune' if max(taches) <= 50 else 'au moins une'} au-delà de 50 ms)")


def mediane(valeurs: list[float]) -> float:
    return statistics.median(valeurs)


#: Les cibles de l'issue 21, en rapport notre site / témoin mesurés dans le même passage du banc.
CIBLES = {"froid": 0.20, "chaud": 0.15}


def ligne(titre: str, site: float, temoin: float, unite: str, format_: str = ",.0f",
          cible: float | None = None) -> None:
    """Une ligne du tableau : les deux mesures et leur rapport (notre site / témoin : plus bas, mieux),
    avec la cible s'il y en a une."""
    rapport = f"{site / temoin:6.2f}×" if site and temoin else "    —  "
    fin = f"  (cible ≤ {cible:.2f}× : {'tenue' if site / temoin <= cible else 'manquée'})" if cible and temoin else ""
    print(f"  {titre:<44} {site:>10{format_}} {unite:<3} {temoin:>10{format_}} {unite:<3} {rapport}{fin}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--essais", type=int, default=5)
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    n = args.essais
    executable = os.environ.get("CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"
    with tempfile.TemporaryDirectory() as tmp:
        site = Path(tmp) / "site"
        construction = construire(site)
        ajouter_temoin(site)
        gzip_seul = ((".gz", "gzip"),)
        with en_arriere_plan(site) as url, en_arriere_plan(site, gzip_seul) as url_gzip, sync_playwright() as p:
            nav = p.chromium.launch(executable_path=executable, args=DRAPEAUX)
            res: dict[str, dict[str, list[Any]]] = {}
            for c in (SITE, TEMOIN):
                res[c.nom] = {
                    "froid": [froid(nav, url, c) for _ in range(n)],
                    "chaud": [chaud(nav, url, c) for _ in range(n)],
                    "aussitot": [chaud(nav, url, c, lecture_ms=0) for _ in range(n)],
                    "repos": [froid(nav, url, c, repos_ms=5000) for _ in range(n)],
                    "lent": [froid(nav, url, c, profil=Profil(RESEAU_20_MBPS)) for _ in range(n)],
                    "sans": [sans_interaction(nav, url, c) for _ in range(n)],
                }
            site_gz = [froid(nav, url_gzip, SITE).octets for _ in range(n)]
            m_tel = min(n, 3)
            hotes = {("precompresse", "bureau"): {c: {"froid": r["froid"], "retour": r["chaud"]}
                                                   for c, r in res.items()}}
            for hote, (_, servir) in HOTES.items():
                with servir(site) as adresse:
                    if hote != "precompresse":
                        hotes[hote, "bureau"] = mesurer_hote(nav, adresse, n, BUREAU)
                    hotes[hote, "telephone"] = mesurer_hote(nav, adresse, m_tel, PROFIL_TELEPHONE)
                    if hote == "brut":
                        ralenti = ralentissement(nav, adresse)
            nav.close()
            seconde = [pret_seconde_visite(p, executable, url) for _ in range(n)]
        # Réseau lent (1 et 2 Mbit/s, tests/bench_reseau.py) : son propre Playwright, donc après le premier.
        with en_arriere_plan(site) as url:
            lents = mesurer_lent(url, executable, essais=min(n, 3))
        # Le serveur local sous charge, une fois Chromium fermé (tests/bench_serveur.py).
        charge = mesurer_serveur(site)

    s, t = res["site"], res["témoin"]

    def m(r: dict[str, list[Any]], cle: str, champ: str) -> float:
        return mediane([getattr(e, champ) for e in r[cle]])

    print(f"Démarrage, médiane de {n} essais — Chromium headless, 127.0.0.1, site_plugins.serveur (.br/.gz)")
    print(f"  {'':<44} {'notre site':>14} {'témoin':>14} {'site/témoin':>11}")
    ligne("clic → résultat, froid (profil neuf)", m(s, "froid", "duree_ms"), m(t, "froid", "duree_ms"), "ms",
          cible=CIBLES["froid"])
    ligne(f"clic → résultat, chaud (rechargé {LECTURE_MS / 1000:.0f} s après)", m(s, "chaud", "duree_ms"),
          m(t, "chaud", "duree_ms"), "ms", cible=CIBLES["chaud"])
    ligne("clic → résultat, chaud (rechargé aussitôt)", m(s, "aussitot", "duree_ms"),
          m(t, "aussitot", "duree_ms"), "ms")
    ligne("clic → résultat après 5 s de repos", m(s, "repos", "duree_ms"), m(t, "repos", "duree_ms"), "ms")
    ligne("clic → résultat, froid à 20 Mbit/s, 40 ms", m(s, "lent", "duree_ms"), m(t, "lent", "duree_ms"), "ms")
    ligne("octets jusqu'au premier résultat (froid)", m(s, "froid", "octets") / 1e6, m(t, "froid", "octets") / 1e6,
          "Mo", ",.2f")
    ligne("plus longue tâche, chargement de Python", m(s, "froid", "tache_max_ms"),
          m(t, "froid", "tache_max_ms"), "ms")
    ligne("plus longue tâche, affichage du résultat", m(s, "froid", "tache_resultat_ms"),
          m(t, "froid", "tache_resultat_ms"), "ms")
    ligne("plus longue tâche, affichage de la page", m(s, "froid", "tache_page_ms"),
          m(t, "froid", "tache_page_ms"), "ms")
    ligne("octets sans interaction, avant Python", mediane([a for a, _ in s["sans"]]) / 1e3,
          mediane([a for a, _ in t["sans"]]) / 1e3, "ko", ",.0f")
    ligne("octets sans interaction, 10 s (préchargement)", mediane([b for _, b in s["sans"]]) / 1e6,
          mediane([b for _, b in t["sans"]]) / 1e6, "Mo", ",.2f")
    print("  (tâche longue : la plus longue relevée par PerformanceObserver « longtask », 0 = aucune > 50 ms ;")
    print("   « chargement » = du clic à « Python est prêt » ; pour le témoin, tout le chargement est sur le fil)")
    print(f"  (chaud : même contexte, rechargé {LECTURE_MS} ms après le premier résultat, le temps de le lire ;")
    print("   notre worker a alors rangé son instantané local de Python, restauré au rechargement ;")
    print("   « aussitôt » : rechargé dès le résultat affiché, avant que l'instantané soit rangé)")
    instantane_mo = m(s, "chaud", "instantane_octets") / 1e6
    print(f"  instantané local rangé par le navigateur (Cache Storage) : {instantane_mo:,.1f} Mo")
    print(f"  prêt à la seconde visite (cache chaud, notre site) : {mediane(seconde):,.0f} ms")
    print(f"  octets transférés (gzip seul, sans Brotli) jusqu'au premier résultat : {mediane(site_gz) / 1e6:,.2f} Mo")
    print(f"  construction du site (mkdocs build, à chaud)       : {construction:,.2f} s")
    imprimer_hotes(dict(sorted(hotes.items(), key=lambda k: (list(HOTES).index(k[0][0]), k[0][1]))), n, m_tel)
    lien = PROFIL_TELEPHONE.reseau or {}
    print(f"  (téléphone : processeur ralenti {PROFIL_TELEPHONE.cpu:g} fois, lien de "
          f"{lien.get('downloadThroughput', 0) * 8 / 1e6:g} Mbit/s descendant, "
          f"{lien.get('uploadThroughput', 0) * 8 / 1e6:g} montant, {lien.get('latency', 0)} ms ;")
    print(f"   ralentissement mesuré sous ce profil : fil principal ×{ralenti[0]:.1f}, worker ×{ralenti[1]:.1f})")
    if ralenti[1] < 1.5:
        # Chromium refuse Emulation.setCPUThrottlingRate à un worker : « Operation is only supported
        # for pages, not workers » (essayé par Target.attachToTarget sur le worker).
        print("  (le protocole DevTools ne ralentit que le fil principal : notre Python, dans son worker, y tourne")
        print("   à pleine vitesse, et le témoin, sur le fil principal, ralenti : ces rapports flattent le site)")
    print(f"Réseau lent, médiane de {min(n, 3)} essais froids (profil neuf)")
    for lent in lents:
        print(lent)
    print("\n".join(charge.lignes()))


if __name__ == "__main__":
    main()
