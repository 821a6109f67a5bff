"""No Python module of the engine or the site over 600 lines (house style: split by concern).

A file over the limit fails here with its length; the allowance below names the few that wait
for their split, each with its reason, and an allowance no longer needed fails too, so that the
list only shrinks."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
LIMIT = 600
FOLDERS = ("engine", "web")

ALLOWED: dict[str, str] = {}

if sys.platform == "emscripten" or not (ROOT / "engine").is_dir():
    pytest.skip("the sources are measured in the repository, not in the browser", allow_module_level=True)


def _lengths() -> dict[str, int]:
    out = {}
    for folder in FOLDERS:
        for path in sorted((ROOT / folder).rglob("*.py")):
            if "__pycache__" in path.parts:
                continue
            with path.open(encoding="utf-8") as handle:
                out[path.relative_to(ROOT).as_posix()] = sum(1 for _ in handle)
    return out


def test_no_module_passes_the_limit():
    lengths = _lengths()
    assert len(lengths) > 50, "the engine's and the site's modules were not found"
    over = {name: n for name, n in lengths.items() if n > LIMIT and name not in ALLOWED}
    assert not over, f"over {LIMIT} lines, to split by concern: " + ", ".join(
        f"{name} ({n})" for name, n in sorted(over.items())
    )


def test_every_allowance_is_still_needed():
    lengths = _lengths()
    stale = [name for name in ALLOWED if lengths.get(name, 0) <= LIMIT]
    assert not stale, f"no longer over {LIMIT} lines (or gone): take them off ALLOWED: {stale}"
