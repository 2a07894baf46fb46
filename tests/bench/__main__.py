"""``python -m tests.bench`` : tout le banc (``nox -s bench``)."""

from tests.bench.demarrage import main

main()
