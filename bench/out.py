"""Where a benchmark writes its figures: the file it names, or, when OUTREMER_BENCH_OUT names a
folder (bench/smoke.py sets it), the file of that name there, so that a smoke run never touches
the committed figures."""

from __future__ import annotations

import os
from pathlib import Path


def out_path(default: Path) -> Path:
    folder = os.environ.get("OUTREMER_BENCH_OUT")
    return Path(folder) / Path(default).name if folder else Path(default)
