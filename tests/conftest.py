"""Test configuration shared by CPython and the Pyodide run (same files, fewer examples there)."""

import os
import sys
from pathlib import Path

from hypothesis import HealthCheck, settings

IN_PYODIDE = sys.platform == "emscripten" or os.environ.get("OUTREMER_PYODIDE") == "1"

settings.register_profile("cpython", max_examples=50, deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.register_profile(
    "pyodide", max_examples=6, deadline=None, database=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.load_profile("pyodide" if IN_PYODIDE else "cpython")

FULL_SWEEPS = os.environ.get("OUTREMER_FULL_SWEEPS") == "1"


def sweep(sample, full):
    """A slow sweep's extent: its representative sample in the tests, in full under
    ``python bench/sweeps.py`` (which sets OUTREMER_FULL_SWEEPS=1; docs/benchmarks.md).
    The assertions are the same either way."""
    return full if FULL_SWEEPS else sample


def rulings_document(game_id: str) -> str | None:
    """The text of docs/rulings/<game_id>.md, found above this file (None where the tests run
    without the repository's docs, as inside Pyodide)."""
    for parent in Path(__file__).resolve().parents:
        doc = parent / "docs" / "rulings" / f"{game_id}.md"
        if doc.is_file():
            return doc.read_text(encoding="utf-8")
    return None


BENCH = Path(__file__).resolve().parent.parent / "bench"
"""The benchmarks and development tools (``bench/``), beside the tests in the repository; not
inside Pyodide, whose run has the tests alone."""


def bench_only(script: str):
    """The mark of a test module about a development tool of ``bench/``: skipped where it is not
    (inside Pyodide), as it runs under CPython."""
    import pytest

    return pytest.mark.skipif(
        IN_PYODIDE or not (BENCH / script).is_file(),
        reason=f"bench/{script} is a development tool, run under CPython",
    )


def bench_module(name: str):
    """A fixture's body: ``bench/<name>.py`` imported (the folder on the path meanwhile), yielded."""
    import importlib

    sys.path.insert(0, str(BENCH))
    try:
        yield importlib.import_module(name)
    finally:
        sys.path.remove(str(BENCH))
