"""Sonde du code modifié (issue 22) : chiffres avant/après, hors de pytest.

Usage : ``python -m tests.sonde_bac DOSSIER_DU_SITE_CONSTRUIT``. Sur /troisd6/test/, après un
premier jet : « Modifier », puis ``while True: pass`` et un ``print`` de 10 Mo ; pour chacun,
le temps jusqu'à la réponse d'un lanceur cliqué 0,3 s après, le temps jusqu'au retour de
l'exemple et le plus long gel de la page (écart maximal d'un minuteur de 10 ms).
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

from playwright.sync_api import Locator, Page, expect, sync_playwright

from site_plugins.serveur import en_arriere_plan
from tests.conftest import DRAPEAUX_CHROMIUM, chemin_chromium

SURVEILLER = """() => { window.__gel = 0; let t = performance.now(); clearInterval(window.__iv);
  window.__iv = setInterval(() => {
    const n = performance.now(); window.__gel = Math.max(window.__gel, n - t); t = n;
  }, 10); }"""
LIBRE = "() => [...document.querySelectorAll('.jdr-editeur button')].every((b) => !b.disabled)"


def lancer(page: Page, form: Locator) -> tuple[float, str]:
    form.locator("output").evaluate("(o) => o.replaceChildren()")
    debut = time.monotonic()
    form.locator("button[type=submit]").click()
    expect(form.locator("output .jdr-resultat, output .jdr-erreur").first).to_be_visible(timeout=60_000)
    return time.monotonic() - debut, " ".join(form.locator("output").inner_text().split())[:90]


def main(site: Path) -> None:
    with en_arriere_plan(site) as adresse, sync_playwright() as p:
        navigateur = p.chromium.launch(executable_path=chemin_chromium(), args=DRAPEAUX_CHROMIUM)
        page = navigateur.new_page()
        page.goto(adresse + "/troisd6/test/")
        form = page.locator('form[data-mecanique="3d6-test"]')
        print(f"premier jet : {lancer(page, form)[0]:.2f} s")
        bloc = page.locator('.jdr-exemple[data-exemple="pierre-ruelle"]')
        bloc.get_by_role("button", name="Modifier").click()
        zone = bloc.locator("textarea.jdr-code-modifiable")
        essais = (("boucle sans fin", ">>> while True: pass\n"), ("print de 10 Mo", ">>> print('x' * 10_000_000)\n"))
        for nom, code in essais:
            zone.fill(code)
            page.evaluate(SURVEILLER)
            debut = time.monotonic()
            bloc.get_by_role("button", name="Exécuter ma version").click()
            page.wait_for_timeout(300)
            _, phrase = lancer(page, form)
            print(f"{nom} : lanceur répondu {time.monotonic() - debut:.2f} s après le clic : {phrase}")
            page.wait_for_function(LIBRE, timeout=60_000)
            sortie = " ".join(bloc.locator("output").inner_text().split())[:90]
            print(f"{nom} : exemple rendu {time.monotonic() - debut:.2f} s après le clic : {sortie}")
            page.wait_for_timeout(500)
            print(f"{nom} : plus long gel de la page {page.evaluate('() => window.__gel'):.0f} ms")
        navigateur.close()


if __name__ == "__main__":
    main(Path(sys.argv[1]))
