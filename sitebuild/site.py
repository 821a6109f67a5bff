"""The build: each step in turn into a staging folder under .cache/, then dist/ swapped in
(the old site goes only once the new one is in place)."""

from __future__ import annotations

import json
import shutil
import tempfile
import time
from pathlib import Path

from .common import CACHE, DIST, WEB, log, pins, project_version
from .manifest import write_icons, write_manifest
from .pages import web_importable, write_index, write_rules_pages
from .pyodide import PRELOAD, copy_runtime, pyodide_runtime
from .report import sizes, write_build_json
from .service_worker import write_service_worker
from .wheels import write_wheels_and_lock


def build(out: Path = DIST) -> dict:
    started = time.monotonic()
    web_importable()
    versions = pins()
    version = project_version()
    runtime = pyodide_runtime()
    stock_lock = json.loads((runtime / "pyodide-lock.json").read_text())

    CACHE.mkdir(exist_ok=True)
    staging = Path(tempfile.mkdtemp(prefix="dist-", dir=CACHE))
    staging.chmod(0o755)
    try:
        (staging / "pyodide").mkdir()
        copy_runtime(runtime, staging / "pyodide")
        packages = write_wheels_and_lock(staging, versions, version, stock_lock)

        for item in sorted((WEB / "static").iterdir()):
            if item.is_file() and item.name != "sw.js":
                shutil.copy2(item, staging / item.name)
        write_manifest(staging, write_icons(staging))

        # The sizes index.html announces: the site as it stands before its pages.
        preload_bytes = sum((staging / p).stat().st_size for p in PRELOAD)
        all_bytes = sum(p.stat().st_size for p in staging.rglob("*") if p.is_file())
        write_index(staging, version, stock_lock, all_bytes)
        write_rules_pages(staging)

        build_id, hashes = write_build_json(staging, version, runtime, stock_lock, packages, preload_bytes)
        cache_id = write_service_worker(staging, hashes)

        old = None
        if out.exists():
            old = out.rename(Path(tempfile.mkdtemp(prefix="old-", dir=CACHE)) / "dist")
        staging.rename(out)
        if old is not None:
            shutil.rmtree(old.parent)
    finally:
        if staging.exists():
            shutil.rmtree(staging)

    stats = sizes(out)
    log(
        f"dist/ built in {time.monotonic() - started:.1f} s: build {build_id}, cache {cache_id}, "
        f"{stats['files']} files, {stats['raw'] / 1e6:.1f} MB raw, {stats['gzip'] / 1e6:.1f} MB gzip"
    )
    return {"build": build_id, "cache": cache_id, **stats}
