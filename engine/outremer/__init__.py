"""Outremer: a rules-enforcing engine for board games of the Crusades.

The engine is pure Python (standard library only). It runs unchanged on CPython
and inside Pyodide; `outremer.bridge` is the only module meant to face JavaScript.
"""

__version__ = "0.1.0"
