"""Règles vivantes : le cœur de règles, en Python pur, partagé par les tests, les doctests
des pages et le navigateur (Pyodide)."""

from .des import DesAleatoires, DesScriptes
from .erreurs import JdrErreur

__all__ = ["DesAleatoires", "DesScriptes", "JdrErreur"]
__version__ = "0.1.0"
