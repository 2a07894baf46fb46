"""Les tests qui lancent Chromium (Playwright) sur le site construit : un fichier par sujet."""
