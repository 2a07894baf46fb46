// La copie locale de Python (l'instantané que le worker range, même nom de cache : voir
// worker/instantane.js) : la page « À propos » permet de voir si elle existe et de l'effacer.
//
// À ne pas confondre avec le cache hors ligne du service worker (/sw.js, caches
// « regles-vivantes-site-<version> ») : lui garde les fichiers téléchargés (pages, runtime),
// celle-ci la mémoire de Python déjà démarré, fabriquée dans le navigateur. Ni l'un ni
// l'autre ne télécharge le runtime une seconde fois, et effacer l'un ne touche pas l'autre.
import { CACHE_INSTANTANES } from "../moteur/worker/instantane.js";

export async function brancher(zone) {
  const bouton = zone.querySelector("button");
  const etatCopie = zone.querySelector(".jdr-message");
  if (!window.caches) {
    etatCopie.textContent = "Ce navigateur ne garde pas de copie locale de Python.";
    return;
  }
  const decrire = async () => {
    let present = false;
    try {
      // caches.open créerait un cache vide : on demande d'abord s'il existe.
      present = (await caches.has(CACHE_INSTANTANES))
        && (await (await caches.open(CACHE_INSTANTANES)).keys()).length > 0;
    } catch {
      present = false;
    }
    etatCopie.textContent = present
      ? "Une copie locale de Python est enregistrée dans ce navigateur."
      : "Aucune copie locale de Python n'est enregistrée dans ce navigateur.";
    bouton.disabled = !present;
  };
  bouton.hidden = false;
  bouton.addEventListener("click", async () => {
    bouton.disabled = true;
    try {
      await caches.delete(CACHE_INSTANTANES);
      await decrire();
      etatCopie.textContent += " Python repartira de zéro à la prochaine visite.";
    } catch (erreurCopie) {
      etatCopie.textContent = `La copie locale n'a pas pu être effacée : ${erreurCopie.message}`;
    }
  });
  await decrire();
}
