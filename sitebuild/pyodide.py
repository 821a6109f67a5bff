"""The Pyodide runtime: taken from node_modules at the version package.json pins (npm ci
if missing), checked, and copied into dist/pyodide/ with a trimmed standard library."""

from __future__ import annotations

import io
import json
import re
import zipfile
from pathlib import Path

from .common import NODE_PYODIDE, ROOT, log, run

# The runtime files loadPyodide needs (its lock file is ours, written below).
PYODIDE_RUNTIME = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip")
# The big runtime files: on a first visit the worker counts their bytes for its progress bar.
PRELOAD = ("pyodide/pyodide.asm.wasm", "pyodide/python_stdlib.zip")

# Parts of Python's standard library the site never imports, left out of the python_stdlib.zip
# it ships (about 0.85 MB of a first visit's 7 MB, gzip): developer tools (debugger, help,
# doctest, unittest, profilers, the REPL), servers and mail clients, processes, and the
# codec tables of 8-bit and Asian encodings (the site speaks UTF-8; zipfile needs cp437).
# A module that needs one of them fails to import, so the browser tests, which boot the
# site and play every game, are the check; Pyodide's own start needs none of them.
STDLIB_DROPPED_PACKAGES = (
    "_pyrepl",
    "curses",
    "dbm",
    "ensurepip",
    "idlelib",
    "lib2to3",
    "multiprocessing",
    "pydoc_data",
    "sqlite3",
    "tkinter",
    "turtledemo",
    "unittest",
    "venv",
    "wsgiref",
    "xmlrpc",
)
STDLIB_DROPPED_MODULES = (
    "antigravity",
    "cProfile",
    "doctest",
    "ftplib",
    "imaplib",
    "mailbox",
    "nntplib",
    "pdb",
    "pickletools",
    "poplib",
    "profile",
    "pstats",
    "pyclbr",
    "pydoc",
    "smtplib",
    "tabnanny",
    "this",
    "trace",
    "turtle",
)
STDLIB_CODECS_KEPT = (
    "__init__",
    "aliases",
    "ascii",
    "base64_codec",
    "charmap",
    "cp437",
    "hex_codec",
    "idna",
    "latin_1",
    "punycode",
    "raw_unicode_escape",
    "undefined",
    "unicode_escape",
    "utf_16",
    "utf_16_be",
    "utf_16_le",
    "utf_32",
    "utf_32_be",
    "utf_32_le",
    "utf_8",
    "utf_8_sig",
)


def pyodide_runtime() -> Path:
    """node_modules/pyodide at the version package.json pins (npm ci if missing)."""
    wanted = json.loads((ROOT / "package.json").read_text())["dependencies"]["pyodide"]
    if not (NODE_PYODIDE / "pyodide.mjs").exists():
        if not (ROOT / "package-lock.json").exists():
            raise SystemExit("build: node_modules/pyodide is missing and there is no package-lock.json")
        log("installing the Pyodide runtime from the npm registry (npm ci)")
        run(["npm", "ci", "--no-audit", "--no-fund", "--loglevel=error"])
    found = json.loads((NODE_PYODIDE / "package.json").read_text())["version"]
    if found != wanted.lstrip("=^~"):
        raise SystemExit(f"build: node_modules has pyodide {found}, package.json pins {wanted}: run npm ci")
    return NODE_PYODIDE


def stdlib_dropped(name: str) -> bool:
    """Whether a file of python_stdlib.zip is left out of the site (STDLIB_DROPPED_*)."""
    top, folder, rest = name.partition("/")
    if top == "encodings" and rest:
        return rest.partition(".")[0] not in STDLIB_CODECS_KEPT
    if folder:  # a package's files and its folder's own entry
        return top in STDLIB_DROPPED_PACKAGES
    return top.removesuffix(".py") in STDLIB_DROPPED_MODULES


def trimmed_stdlib(data: bytes) -> bytes:
    """Pyodide's python_stdlib.zip without the modules the site never imports."""
    out = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(data)) as src, zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as dst:
        for info in src.infolist():
            if not stdlib_dropped(info.filename):
                dst.writestr(info, src.read(info), compress_type=zipfile.ZIP_DEFLATED, compresslevel=9)
    return out.getvalue()


def copy_runtime(runtime: Path, pyo: Path) -> None:
    """The runtime files loadPyodide needs, into ``pyo`` (dist/pyodide/)."""
    for name in PYODIDE_RUNTIME:
        data = (runtime / name).read_bytes()
        if name.endswith(".mjs"):  # no source maps shipped: drop the dangling reference
            data = re.sub(rb"\n?//# sourceMappingURL=\S+\s*$", b"\n", data)
        if name == "python_stdlib.zip":
            data = trimmed_stdlib(data)
        (pyo / name).write_bytes(data)
