"""Les sources de dés : le hasard est toujours injecté.

Deux sources suffisent :

* :class:`DesScriptes` rend les faces d'un exemple, dans l'ordre ; elle proteste si
  on lui en demande trop ou si des faces restent à la fin (:meth:`DesScriptes.fin`) ;
* :class:`DesAleatoires` tire au hasard à partir d'une graine : la même graine et les
  mêmes paramètres rejouent le même jet, sur CPython comme dans Pyodide.

>>> des = DesScriptes([2, 3, 5])
>>> [des.lancer(6) for _ in range(3)]
[2, 3, 5]
>>> des.fin()
>>> DesAleatoires(42).lancer(6) == DesAleatoires(42).lancer(6)
True

« Avec d'autres dés » : dans un bloc :func:`autres_des`, chaque source scriptée créée
ignore ses faces et tire au hasard à partir d'une graine. Un exemple rédigé rejoue ainsi
la même situation avec d'autres dés, sans qu'on en écrive une seconde copie :

>>> with autres_des(7):
...     a = [DesScriptes([1, 1]).lancer(6) for _ in range(3)]
>>> with autres_des(7):
...     b = [DesScriptes([1, 1]).lancer(6) for _ in range(3)]
>>> a == b
True
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Protocol

from .erreurs import BudgetDepasse, DesEpuises, DesRestants, ParametreInvalide, entier_borne

#: Plus grande graine acceptée : elle tient dans un nombre JavaScript sans perte.
GRAINE_MAX = 2**53 - 1

#: Nombre de dés qu'une source accepte de lancer avant de refuser (voir d20).
BUDGET_PAR_DEFAUT = 10_000


class SourceDes(Protocol):
    """Ce qu'un jet attend d'une source de dés."""

    def lancer(self, faces: int) -> int:
        """Rend une face entre 1 et ``faces``."""
        ...


class DesScriptes:
    """Les faces d'un exemple rédigé, rendues dans l'ordre.

    Dans un bloc :func:`autres_des`, la source ignore ses faces et tire au hasard.
    """

    def __init__(self, faces: Iterable[int]) -> None:
        self._faces = list(faces)
        self._position = 0
        self._hasard = _SUBSTITUTION.get()

    def lancer(self, faces: int) -> int:
        if self._hasard is not None:
            return self._hasard.lancer(faces)
        if self._position >= len(self._faces):
            prevues = len(self._faces)
            raise DesEpuises(
                f"dés scriptés épuisés : {prevues} {'face prévue' if prevues < 2 else 'faces prévues'}, "
                "le jet en demande davantage"
            )
        face = self._faces[self._position]
        entier_borne("face scriptée", face, 1, faces)
        self._position += 1
        return face

    @property
    def restants(self) -> int:
        """Nombre de faces pas encore utilisées (aucune quand d'autres dés les remplacent)."""
        if self._hasard is not None:
            return 0
        return len(self._faces) - self._position

    def fin(self) -> None:
        """Lève :class:`DesRestants` si des faces n'ont pas servi."""
        if self.restants:
            reste = self._faces[self._position :]
            raise DesRestants(f"dés scriptés inutilisés : {reste}")


class DesAleatoires:
    """Des dés tirés d'un générateur graine, rejouables à l'identique."""

    def __init__(self, graine: int, *, budget: int = BUDGET_PAR_DEFAUT) -> None:
        self.graine = entier_borne("graine", graine, 0, GRAINE_MAX)
        self._rng = random.Random(graine)
        self._budget = budget
        self.lances = 0

    def lancer(self, faces: int) -> int:
        if self.lances >= self._budget:
            raise BudgetDepasse(f"plus de {self._budget} dés demandés : jet refusé")
        if faces < 2:
            raise ParametreInvalide("nombre de faces", faces, "au moins 2")
        self.lances += 1
        return self._rng.randint(1, faces)


def graine_au_hasard() -> int:
    """Une graine neuve, tirée de l'entropie du système (jamais du ``random`` global)."""
    return random.SystemRandom().randint(0, GRAINE_MAX)


#: Les dés qui remplacent les faces scriptées dans un bloc :func:`autres_des` (sinon rien).
_SUBSTITUTION: ContextVar[DesAleatoires | None] = ContextVar("jdr_autres_des", default=None)


@contextmanager
def autres_des(graine: int) -> Iterator[DesAleatoires]:
    """Le temps du bloc, toute :class:`DesScriptes` créée tire au hasard (graine donnée).

    Toutes les sources du bloc partagent un même générateur : la graine rejoue tout le bloc.
    """
    hasard = DesAleatoires(graine)
    jeton = _SUBSTITUTION.set(hasard)
    try:
        yield hasard
    finally:
        _SUBSTITUTION.reset(jeton)
