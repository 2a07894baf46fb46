"""Publier le site, dans Chromium : servi sous un sous-chemin (exemple, lanceur, hors ligne), puis
d'une construction à la suivante (la nouvelle version annoncée, prise à la demande du lecteur, la
relève reprise après le rechargement de secours). Sans navigateur : tests/test_publication.py."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest

from site_plugins.serveur import en_arriere_plan

from ..conftest import ADRESSE_PUBLIEE as ADRESSE
from ..conftest import attendre_promesse


@pytest.mark.construction
@pytest.mark.navigateur
def test_sous_un_chemin_dans_chromium(chromium: Any, site_construit: Path) -> None:
    """Le site servi sous /regles/ seulement : un exemple, un lanceur, puis hors ligne à la visite suivante,
    sans aucune requête hors du préfixe."""
    from playwright.sync_api import expect

    with en_arriere_plan(site_construit, prefixe="/regles/") as base:
        contexte = chromium.new_context(locale="fr-FR")
        contexte.set_default_timeout(60_000)
        hors_prefixe: list[str] = []
        contexte.on("request", lambda r: None if r.url.startswith(base + "/regles/") else hors_prefixe.append(r.url))
        page = contexte.new_page()
        page.goto(base + "/regles/troisd6/test/")
        bloc = page.locator('.jdr-exemple[data-exemple="pierre-ruelle"]')
        bloc.locator("button.jdr-executer").click()
        expect(bloc).to_have_attribute("data-etat", "ok", timeout=60_000)
        formulaire = page.locator('form.jdr-lanceur[data-mecanique="3d6-test"]').first
        formulaire.locator("button[type=submit]").click()
        expect(formulaire.locator("output .jdr-resultat")).to_be_visible(timeout=60_000)
        page.wait_for_function("() => navigator.serviceWorker && navigator.serviceWorker.controller",
                               timeout=60_000)
        attendre_promesse(page, """async () => {
          for (const nom of await caches.keys()) {
            const cles = (await (await caches.open(nom)).keys()).map((r) => r.url);
            if (cles.some((u) => u.endsWith("pyodide.asm.wasm"))
                && cles.some((u) => u.endsWith("manifest.webmanifest"))) return true;
          }
          return false;
        }""", intervalle_ms=500)
        contexte.set_offline(True)
        page.reload()
        bloc.locator("button.jdr-executer").click()
        expect(bloc).to_have_attribute("data-etat", "ok", timeout=60_000)
        assert page.evaluate("async () => (await fetch('../../manifest.webmanifest')).ok")
        contexte.close()
        assert hors_prefixe == []


_CACHE_SITE = """async () => (await caches.keys()).filter((n) => n.startsWith("regles-vivantes-site-"))"""
_CANONIQUE = """() => document.querySelector('link[rel="canonical"]').href"""


@pytest.mark.navigateur
@pytest.mark.construction
# Vu deux fois sur une dizaine de CI chargées : la version en attente ne prend pas la main dans la minute
# qui suit « Recharger » (moteur.js, relever : la page redemande la relève chaque seconde).
# Un second essai seulement : deux échecs de suite font rouge.
@pytest.mark.flaky(reruns=1)
def test_mise_a_jour_entre_deux_constructions(chromium: Any, site_construit: Path, site_publie: Path,
                                              tmp_path: Path) -> None:
    """Deux constructions de suite : la page ouverte annonce la nouvelle version sans la mélanger à
    l'ancienne, passe à la nouvelle quand le lecteur le demande, et garde journal et instantané."""
    from playwright.sync_api import expect

    nouvelle = site_publie
    servi = tmp_path / "servi"
    shutil.copytree(site_construit, servi)
    with en_arriere_plan(servi) as base:
        contexte = chromium.new_context(locale="fr-FR")
        contexte.set_default_timeout(60_000)
        page = contexte.new_page()
        page.goto(base + "/troisd6/test/")
        formulaire = page.locator('form.jdr-lanceur[data-mecanique="3d6-test"]').first
        formulaire.locator("button[type=submit]").click()
        expect(formulaire.locator("output .jdr-resultat")).to_be_visible(timeout=60_000)
        page.wait_for_function("() => navigator.serviceWorker && navigator.serviceWorker.controller", timeout=60_000)
        attendre_promesse(page, """async () => (await caches.keys()).includes("regles-vivantes-instantanes")""",
                          intervalle_ms=500)
        journal = page.evaluate("() => localStorage.getItem('jdr-journal')")
        assert journal and json.loads(journal)
        ancienne = page.evaluate(_CACHE_SITE)
        assert len(ancienne) == 1
        autre = contexte.new_page()
        autre.goto(base + "/encore/")
        # La nouvelle construction remplace l'ancienne sur le serveur.
        shutil.rmtree(servi)
        # Copiés à cette heure-ci (et non à celle de leur construction) : le serveur ne répond pas « 304 »
        # à la vérification du service worker, quel que soit l'ordre dans lequel les deux sites ont été construits.
        shutil.copytree(nouvelle, servi, copy_function=shutil.copy)
        page.evaluate("async () => (await navigator.serviceWorker.getRegistration()).update()")
        avis = page.locator(".jdr-nouvelle-version")
        expect(avis).to_contain_text("Une nouvelle version des règles est disponible.", timeout=60_000)
        # Tant que le lecteur n'a rien demandé, la page et ses voisines restent de l'ancienne version.
        page.goto(base + "/troisd6/combat/")
        assert page.evaluate(_CANONIQUE).startswith("http://127.0.0.1:8000/")
        expect(avis).to_be_visible(timeout=60_000)
        avis.get_by_role("button", name="Recharger").click()
        try:
            page.wait_for_function(
                f"() => document.querySelector('link[rel=\"canonical\"]').href.startsWith('{ADRESSE}')", timeout=60_000)
        except Exception as erreur:  # une fois sur quatre CI, sous charge : dire où en étaient les versions
            versions = page.evaluate(_VERSIONS)
            raise AssertionError(f"pas de nouvelle version après « Recharger » : {versions}") from erreur
        attendre_promesse(page, f"async () => {{ const n = await ({_CACHE_SITE})(); return n.length === 1 "
                                f"&& n[0] !== {json.dumps(ancienne[0])}; }}", intervalle_ms=300)
        # L'autre onglet, resté sur l'ancienne version, le dit au lieu de continuer en silence.
        expect(autre.locator(".jdr-nouvelle-version")).to_contain_text("active dans un autre onglet", timeout=60_000)
        assert page.evaluate("() => localStorage.getItem('jdr-journal')") == journal
        assert "regles-vivantes-instantanes" in page.evaluate("caches.keys()")
        contexte.close()


@pytest.mark.navigateur
@pytest.mark.construction
def test_releve_reprise_apres_le_rechargement_de_secours(chromium: Any, site_construit: Path, site_publie: Path,
                                                          tmp_path: Path) -> None:
    """Quand la relève tarde (Chromium attend que l'ancienne version n'ait plus rien en cours), la page
    se recharge au bout de dix essais : la demande du lecteur tient après ce rechargement. La page dit
    que la nouvelle version s'installe et continue de la demander, sans nouveau clic ; une demande trop
    ancienne ne vaut plus.

    Les demandes (« activer ») sont comptées et retenues dans la page : la version en attente ne prend
    jamais la main, et l'avis reste lisible. Le passage effectif à la nouvelle version après « Recharger »
    est suivi par test_mise_a_jour_entre_deux_constructions. (Chromium peut tarder plus d'une minute à
    passer la main après un rechargement, même sans rien en cours dans la page : vu le 4 décembre, une
    fois sur deux dans ce scénario, cause non trouvée ; d'où ce que teste celui-ci.)"""
    from playwright.sync_api import expect

    servi = tmp_path / "servi"
    shutil.copytree(site_construit, servi)
    with en_arriere_plan(servi) as base:
        contexte = chromium.new_context(locale="fr-FR")
        contexte.set_default_timeout(60_000)
        contexte.add_init_script(_RETENIR_LES_DEMANDES)
        page = contexte.new_page()
        page.goto(base + "/a-propos/")  # une page sans Python : le service worker s'inscrit au repos
        page.wait_for_function("() => navigator.serviceWorker && navigator.serviceWorker.controller", timeout=60_000)
        shutil.rmtree(servi)
        shutil.copytree(site_publie, servi, copy_function=shutil.copy)  # à cette heure-ci, comme plus haut
        page.evaluate("async () => (await navigator.serviceWorker.getRegistration()).update()")
        statut = page.locator(".jdr-nouvelle-version [role=status]")
        expect(statut).to_have_text("Une nouvelle version des règles est disponible.")
        # Une demande notée il y a plus de 330 s (l'attente maximale de Chromium) ne vaut plus : la
        # version en attente attend l'accord du lecteur (annoncerVersion écrit l'avis et demande d'un coup).
        page.evaluate("() => sessionStorage.setItem('jdr-releve-demandee', String(Date.now() - 400000))")
        page.reload()
        expect(statut).to_have_text("Une nouvelle version des règles est disponible.")
        assert page.evaluate("() => window.essaiDemandes") == 0
        expect(page.get_by_role("button", name="Recharger")).to_be_enabled()
        # Ce que laisse le rechargement de secours de relever() : la demande notée pour l'onglet.
        page.evaluate("() => sessionStorage.setItem('jdr-releve-demandee', String(Date.now()))")
        page.reload()
        expect(statut).to_have_text("La nouvelle version des règles s'installe\u00a0: "
                                    "la page se rechargera d'elle-même.")
        expect(page.get_by_role("button", name="Recharger")).to_be_disabled()
        page.wait_for_function("() => window.essaiDemandes >= 2", polling=200)  # redemandée chaque seconde
        assert page.evaluate(_CANONIQUE).startswith("http://127.0.0.1:8000/"), "aucun rechargement de plus"
        assert page.evaluate("() => sessionStorage.getItem('jdr-releve-demandee')")
        contexte.close()


#: Compte les demandes de relève de la page (window.essaiDemandes) au lieu de les envoyer.
_RETENIR_LES_DEMANDES = """window.essaiDemandes = 0;
const envoyer = ServiceWorker.prototype.postMessage;
ServiceWorker.prototype.postMessage = function (message, ...reste) {
  if (message && message.type === "activer") {
    window.essaiDemandes++;
    return undefined;
  }
  return envoyer.call(this, message, ...reste);
};"""


#: L'état des versions du service worker, pour le message d'un échec.
_VERSIONS = """async () => {
    const r = await navigator.serviceWorker.getRegistration();
    const etat = (w) => w ? w.state + " " + new URL(w.scriptURL).pathname : "aucune";
    return {attente: etat(r && r.waiting), installation: etat(r && r.installing), active: etat(r && r.active),
            controleur: etat(navigator.serviceWorker.controller), avis: document.querySelector(".jdr-nouvelle-version")
            ?.innerText || "", canonique: document.querySelector('link[rel="canonical"]')?.href || ""};
}"""
