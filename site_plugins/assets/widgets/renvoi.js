// Page de renvoi d'une ancienne adresse (site_plugins/renvois.py) : la nouvelle adresse, avec la
// requête (graine et réglages d'un lien de rejeu) et l'ancre de l'ancienne, sans entrée d'historique.
const vers = new URL(document.documentElement.dataset.jdrVers, location.href);
vers.search = location.search;
vers.hash = location.hash;
location.replace(vers.href);
