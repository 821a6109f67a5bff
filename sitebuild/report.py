"""What a build reports: build.json (its files, sizes and hashes, what the worker and the
tests read) and the site's total size, raw and gzip."""

from __future__ import annotations

import gzip
import hashlib
import json
from pathlib import Path

from .bytecode import STDLIB_BYTECODE
from .common import CACHE, sha256
from .pyodide import PRELOAD


def tree_id(hashes: dict[str, str]) -> str:
    """A short id of a set of files, from their names and hashes."""
    return hashlib.sha256("".join(f"{n}\0{h}\n" for n, h in sorted(hashes.items())).encode()).hexdigest()[:16]


def write_build_json(
    staging: Path, version: str, runtime: Path, stock_lock: dict, packages: dict, preload_bytes: int
) -> tuple[str, dict[str, str]]:
    """build.json; returns the build id and the hash of every file (build.json's own included)."""
    files = {p.relative_to(staging).as_posix(): p for p in sorted(staging.rglob("*")) if p.is_file()}
    hashes = {name: sha256(path) for name, path in files.items()}
    build_id = tree_id(hashes)
    info = {
        "build": build_id,
        "version": version,
        "pyodide": json.loads((runtime / "package.json").read_text())["version"],
        "python": stock_lock["info"]["python"],
        "packages": list(packages),
        "preload": {p: (staging / p).stat().st_size for p in PRELOAD},
        "stdlib_bytecode": STDLIB_BYTECODE if (staging / STDLIB_BYTECODE).exists() else None,
        "preload_bytes": preload_bytes,
        "files": {n: {"size": files[n].stat().st_size, "sha256": hashes[n]} for n in hashes},
    }
    (staging / "build.json").write_text(json.dumps(info, indent=2) + "\n")
    hashes["build.json"] = sha256(staging / "build.json")
    return build_id, hashes


def sizes(folder: Path) -> dict:
    """Total bytes of the site, raw and as gzip would send them (a first visit)."""
    raw = compressed = count = 0
    cache = CACHE / "gzip-sizes.json"
    known = json.loads(cache.read_text()) if cache.exists() else {}
    for path in folder.rglob("*"):
        if not path.is_file():
            continue
        count += 1
        data = path.read_bytes()
        raw += len(data)
        key = hashlib.sha256(data).hexdigest()
        if key not in known:
            known[key] = len(gzip.compress(data, 6))
        compressed += known[key]
    CACHE.mkdir(exist_ok=True)
    cache.write_text(json.dumps(known))
    return {"files": count, "raw": raw, "gzip": compressed}
