"""sw.js: the service worker, with the precache list of every file and a cache name taken
from their hashes (a new build, a new cache)."""

from __future__ import annotations

import json
from pathlib import Path

from .common import WEB
from .report import tree_id


def write_service_worker(staging: Path, hashes: dict[str, str]) -> str:
    """staging/sw.js from web/static/sw.js; returns its cache id."""
    cache_id = tree_id(hashes)
    precache = dict(sorted(hashes.items()))
    sw = (WEB / "static" / "sw.js").read_text()
    sw = sw.replace('"__CACHE_ID__"', json.dumps(cache_id))
    sw = sw.replace("__PRECACHE__", json.dumps(precache, indent=1))
    (staging / "sw.js").write_text(sw)
    return cache_id
