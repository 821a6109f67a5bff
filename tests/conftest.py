"""Test configuration shared by CPython and the Pyodide run (same files, fewer examples there)."""

import os
import sys

from hypothesis import HealthCheck, settings

IN_PYODIDE = sys.platform == "emscripten" or os.environ.get("OUTREMER_PYODIDE") == "1"

settings.register_profile("cpython", max_examples=50, deadline=None,
                          suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("pyodide", max_examples=6, deadline=None, database=None,
                          suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("pyodide" if IN_PYODIDE else "cpython")
