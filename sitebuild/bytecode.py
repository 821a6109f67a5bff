"""Bytecode made by Pyodide's own Python under node (Python 3.14), cached under .cache/:
the third-party wheels without their sources (web/pyc_wheels.py) and the standard-library
modules the site imports (web/stdlib_bytecode.py)."""

from __future__ import annotations

import hashlib
import json
import shutil
import tempfile
from pathlib import Path

from .common import CACHE, NODE_PYODIDE, WEB, log, run


def with_bytecode(wheel: Path) -> Path:
    """``wheel`` with Python 3.14 bytecode instead of sources (web/pyc_wheels.py, run by
    Pyodide's own Python under node), cached: the browser then imports it without
    compiling it on every visit. For third-party wheels only: ours keep their sources."""
    runtime = json.loads((NODE_PYODIDE / "package.json").read_text())["version"]
    key = hashlib.sha256(wheel.read_bytes() + runtime.encode() + (WEB / "pyc_wheels.py").read_bytes()).hexdigest()[:16]
    out = CACHE / "pyc-wheels" / key / wheel.name
    if out.exists():
        return out
    out.parent.mkdir(parents=True, exist_ok=True)
    empty = CACHE / "pyc-wheels" / "no-wheels"
    empty.mkdir(parents=True, exist_ok=True)
    log(f"compiling {wheel.name} to Python bytecode inside Pyodide")
    try:
        run(
            [
                "node",
                "tools/pyodide_run.mjs",
                "--no-engine",
                "--no-bytecode-cache",
                "--wheels",
                str(empty),
                str(WEB / "pyc_wheels.py"),
                "--sourceless",
                str(wheel),
                str(out),
            ]
        )
    except SystemExit as exc:
        log(f"warning: {wheel.name} is shipped without bytecode ({exc})")
        return wheel
    return out


STDLIB_BYTECODE = "pyodide/stdlib-bytecode.bin"


def stdlib_bytecode(wheels: list[Path]) -> Path | None:
    """The bytecode of the standard-library modules the site imports (web/stdlib_bytecode.py,
    run by Pyodide's own Python under node with the site's wheels), cached; None if it
    could not be made (the site then compiles those modules on each visit)."""
    runtime = json.loads((NODE_PYODIDE / "package.json").read_text())["version"]
    digest = hashlib.sha256(runtime.encode() + (WEB / "stdlib_bytecode.py").read_bytes())
    for wheel in sorted(wheels):
        digest.update(wheel.name.encode() + wheel.read_bytes())
    out = CACHE / "stdlib-bytecode" / digest.hexdigest()[:16] / "stdlib-bytecode.bin"
    if out.exists():
        return out
    out.parent.mkdir(parents=True, exist_ok=True)
    log("compiling the standard library modules the site imports, inside Pyodide")
    with tempfile.TemporaryDirectory(dir=CACHE) as tmp:
        for wheel in wheels:
            shutil.copy2(wheel, Path(tmp) / wheel.name)
        try:
            run(
                [
                    "node",
                    "tools/pyodide_run.mjs",
                    "--no-engine",
                    "--no-bytecode-cache",
                    "--wheels",
                    tmp,
                    "--mount",
                    str(out.parent),
                    str(WEB / "stdlib_bytecode.py"),
                    str(out),
                ]
            )
        except SystemExit as exc:
            log(f"warning: the site is built without standard-library bytecode ({exc})")
            return None
    return out
