#!/usr/bin/env python3
"""Build the Outremer site into dist/, and serve it.

    python build.py                 build dist/
    python build.py --serve         build, then serve dist/ on 127.0.0.1
    python build.py --serve-only    serve the dist/ already built

What dist/ holds (every file is served from our own origin; nothing is fetched
from anywhere else, at build time after the first build, or by the page):

    index.html, app.js, worker.js, style.css     the page and the engine's worker
    <module>.js                                  the page's ES modules, which app.js wires
    rules/<game>.html                            each game's rules reference (ours) and
                                                 rulings, where the log's rule links lead
    sw.js                                        service worker: precaches everything
    manifest.webmanifest, icons/                 installable web app
    build.json                                   the build's files, sizes and hashes
    pyodide/                                     Pyodide runtime (npm, pinned) and
                                                 our own pyodide-lock.json + wheels:
        outremer-*.whl                           the engine (hatchling, stdlib only)
        outremer_web-*.whl                       web/render.py, web/dispatch.py, templates
        jinja2-*.whl, markupsafe-*.whl           pure wheels (markupsafe built pure), as
                                                 Python 3.14 bytecode (web/pyc_wheels.py)
        stdlib-bytecode.bin                      bytecode of the standard-library modules
                                                 the site imports (web/stdlib_bytecode.py)

Downloads and wheels built from sdists are kept under .cache/ so rebuilds are
fast and work offline after the first.
"""

from __future__ import annotations

import sys

if __name__ == "__main__" and __spec__ is not None and __spec__.name == "build":
    # `python -m build` run from the repository root finds this file first; it means
    # PyPA's build (how the engine's wheel is made), so hand over to it.
    import os
    import runpy

    _here = os.path.dirname(os.path.abspath(__file__))
    sys.path[:] = [p for p in sys.path if os.path.abspath(p or os.curdir) != _here]
    runpy.run_module("build", run_name="__main__", alter_sys=True)
    raise SystemExit(0)

import argparse
import base64
import gzip
import hashlib
import http.server
import io
import json
import os
import re
import shutil
import socket
import struct
import subprocess
import tempfile
import time
import urllib.parse
import zipfile
import zlib
from pathlib import Path

ROOT = Path(__file__).resolve().parent
DIST = ROOT / "dist"
CACHE = ROOT / ".cache"
WEB = ROOT / "web"
NODE_PYODIDE = ROOT / "node_modules" / "pyodide"

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
STDLIB_DROPPED_PACKAGES = ("_pyrepl", "curses", "dbm", "ensurepip", "idlelib", "lib2to3", "multiprocessing",
                           "pydoc_data", "sqlite3", "tkinter", "turtledemo", "unittest", "venv", "wsgiref",
                           "xmlrpc")
STDLIB_DROPPED_MODULES = ("antigravity", "cProfile", "doctest", "ftplib", "imaplib", "mailbox", "nntplib", "pdb",
                          "pickletools", "poplib", "profile", "pstats", "pyclbr", "pydoc", "smtplib", "tabnanny",
                          "this", "trace", "turtle")
STDLIB_CODECS_KEPT = ("__init__", "aliases", "ascii", "base64_codec", "charmap", "cp437", "hex_codec", "idna", "latin_1",
                      "punycode", "raw_unicode_escape", "undefined", "unicode_escape", "utf_16", "utf_16_be",
                      "utf_16_le", "utf_32", "utf_32_be", "utf_32_le", "utf_8", "utf_8_sig")

THEME_COLOR = "#6e1a1a"
THEME_COLOR_DARK = "#7e2820"  # the top bar's colour in the dark theme, for the browser's own bar
BACKGROUND_COLOR = "#f3ead6"

CSP = "; ".join(
    [
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self'",
        "img-src 'self' data:",
        "connect-src 'self'",
        "worker-src 'self'",
        "manifest-src 'self'",
        "font-src 'self'",
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
    ]
)

# The same policy as HTTP headers (what `make play` sends, and what any host should): only
# a header can refuse framing by other sites. A worker does not take the page's policy but
# its own script's: the engine's worker (which decodes links from anywhere) and the service
# worker get theirs; WebAssembly needs 'wasm-unsafe-eval', nothing needs eval itself.
PAGE_CSP = CSP + "; frame-ancestors 'self'"
WORKER_CSP = "; ".join(
    [
        "default-src 'self'",
        "script-src 'self' 'wasm-unsafe-eval'",
        "connect-src 'self'",
        "object-src 'none'",
        "base-uri 'none'",
    ]
)
WORKER_SCRIPTS = ("worker.js", "sw.js")


def security_headers(path: str) -> dict[str, str]:
    """The headers a response for ``path`` (a URL path) carries beside its content."""
    name = path.split("?", 1)[0].split("#", 1)[0].rsplit("/", 1)[-1]
    if name in WORKER_SCRIPTS:
        return {"Content-Security-Policy": WORKER_CSP}
    if name == "" or name.endswith(".html"):
        return {"Content-Security-Policy": PAGE_CSP, "X-Frame-Options": "SAMEORIGIN"}
    return {}


MIME_TYPES = {
    ".wasm": "application/wasm",
    ".mjs": "text/javascript",
    ".js": "text/javascript",
    ".json": "application/json",
    ".webmanifest": "application/manifest+json",
    ".whl": "application/zip",
    ".zip": "application/zip",
    ".svg": "image/svg+xml",
    ".png": "image/png",
    ".css": "text/css",
    ".html": "text/html",
}


def log(message: str) -> None:
    print(f"build: {message}", flush=True)


def run(cmd: list[str], **kwargs) -> subprocess.CompletedProcess:
    result = subprocess.run(cmd, cwd=kwargs.pop("cwd", ROOT), capture_output=True, text=True, **kwargs)
    if result.returncode != 0:
        sys.stderr.write(result.stdout + result.stderr)
        raise SystemExit(f"build: command failed ({result.returncode}): {' '.join(cmd)}")
    return result


def sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


# ------------------------------------------------------------------ inputs


def pins() -> dict[str, str]:
    """Exact pins from requirements-site.txt (name -> version)."""
    found = {}
    for line in (ROOT / "requirements-site.txt").read_text().splitlines():
        line = line.split("#", 1)[0].strip()
        if "==" in line:
            name, version = line.split("==", 1)
            found[name.strip().lower()] = version.strip()
    return found


def project_version() -> str:
    text = (ROOT / "pyproject.toml").read_text()
    match = re.search(r'^version\s*=\s*"([^"]+)"', text, re.M)
    return match.group(1) if match else "0"


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


def engine_wheel(workdir: Path) -> Path:
    """The engine as a pure wheel, built by hatchling without network access.

    Built from a copy of pyproject.toml, README.md and engine/, so that nothing is
    written into the work tree.
    """
    source = workdir / "source"
    source.mkdir()
    shutil.copy2(ROOT / "pyproject.toml", source)
    if (ROOT / "README.md").exists():
        shutil.copy2(ROOT / "README.md", source)
    else:
        log("warning: README.md is missing; the engine wheel gets a one-line description")
        (source / "README.md").write_text("# Outremer\n")
    shutil.copytree(ROOT / "engine", source / "engine", ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
    out = workdir / "engine-wheel"
    # cwd elsewhere: from the repository root, `-m build` would find this very file.
    run([sys.executable, "-m", "build", "--wheel", "--no-isolation", "--outdir", str(out), str(source)], cwd=workdir)
    (wheel,) = out.glob("outremer-*-py3-none-any.whl")
    with zipfile.ZipFile(wheel) as zf:
        binaries = [n for n in zf.namelist() if n.endswith((".so", ".pyd", ".dll"))]
    if binaries:
        raise SystemExit(f"build: the engine wheel is not pure: {binaries}")
    return wheel


def jinja2_wheel(version: str) -> Path:
    """jinja2's pure wheel from PyPI, cached."""
    folder = CACHE / "wheels"
    wheel = folder / f"jinja2-{version}-py3-none-any.whl"
    if not wheel.exists():
        log(f"downloading jinja2 {version}")
        folder.mkdir(parents=True, exist_ok=True)
        run(
            [sys.executable, "-m", "pip", "download", "-q", "--disable-pip-version-check",
             "--no-deps", "--only-binary=:all:", "--python-version", "3.14",
             "--platform", "any", "--implementation", "py",
             f"jinja2=={version}", "-d", str(folder)]
        )
    return wheel


def markupsafe_wheel(version: str) -> Path:
    """markupsafe built pure from its sdist (its C speedups disabled), cached."""
    folder = CACHE / "wheels"
    wheel = folder / f"markupsafe-{version}-py3-none-any.whl"
    if not wheel.exists():
        log(f"building markupsafe {version} pure from its sdist")
        folder.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryDirectory() as tmp:
            run(
                [sys.executable, "-m", "pip", "wheel", "-q", "--disable-pip-version-check",
                 "--no-cache-dir", "--no-deps", "--no-binary", "markupsafe",
                 f"markupsafe=={version}", "-w", tmp],
                env={**os.environ, "CC": "/bin/false"},
            )
            built = list(Path(tmp).glob("*.whl"))
            pure = [w for w in built if w.name.lower() == wheel.name]
            if not pure:
                raise SystemExit(f"build: expected a pure markupsafe wheel, got {[w.name for w in built]}")
            shutil.copy2(pure[0], wheel)
    return wheel


def with_bytecode(wheel: Path) -> Path:
    """``wheel`` with Python 3.14 bytecode instead of sources (web/pyc_wheels.py, run by
    Pyodide's own Python under node), cached: the browser then imports it without
    compiling it on every visit. For third-party wheels only: ours keep their sources."""
    runtime = json.loads((NODE_PYODIDE / "package.json").read_text())["version"]
    key = hashlib.sha256(wheel.read_bytes() + runtime.encode()
                         + (WEB / "pyc_wheels.py").read_bytes()).hexdigest()[:16]
    out = CACHE / "pyc-wheels" / key / wheel.name
    if out.exists():
        return out
    out.parent.mkdir(parents=True, exist_ok=True)
    empty = CACHE / "pyc-wheels" / "no-wheels"
    empty.mkdir(parents=True, exist_ok=True)
    log(f"compiling {wheel.name} to Python bytecode inside Pyodide")
    try:
        run(["node", "tools/pyodide_run.mjs", "--no-engine", "--no-bytecode-cache", "--wheels", str(empty),
             str(WEB / "pyc_wheels.py"), "--sourceless", str(wheel), str(out)])
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
            run(["node", "tools/pyodide_run.mjs", "--no-engine", "--no-bytecode-cache", "--wheels", tmp,
                 "--mount", str(out.parent), str(WEB / "stdlib_bytecode.py"), str(out)])
        except SystemExit as exc:
            log(f"warning: the site is built without standard-library bytecode ({exc})")
            return None
    return out


def _wheel_zip(path: Path, files: dict[str, bytes]) -> None:
    """Write a reproducible zip (fixed times, sorted names)."""
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as zf:
        for name in sorted(files):
            info = zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            zf.writestr(info, files[name])


def site_wheel(workdir: Path, version: str) -> Path:
    """outremer_web: the rendering module, the worker's dispatcher, the games' table
    modules (web/games/*.py) and the table templates."""
    package = "outremer_web"
    files: dict[str, bytes] = {
        f"{package}/__init__.py": b'"""Outremer in the browser: rendering and the worker\'s door to the engine."""\n',
        f"{package}/render.py": (WEB / "render.py").read_bytes(),
        f"{package}/dispatch.py": (WEB / "dispatch.py").read_bytes(),
        f"{package}/stdlib_bytecode.py": (WEB / "stdlib_bytecode.py").read_bytes(),
    }
    # One module per game (web/games/<game>.py: the context of its table template).
    for module in sorted((WEB / "games").glob("*.py")):
        files[f"{package}/games/{module.name}"] = module.read_bytes()
    for template in sorted((WEB / "templates" / "table").rglob("*")):
        if template.is_file():
            rel = template.relative_to(WEB).as_posix()
            files[f"{package}/{rel}"] = template.read_bytes()
    dist_info = f"{package}-{version}.dist-info"
    files[f"{dist_info}/METADATA"] = (
        f"Metadata-Version: 2.1\nName: outremer-web\nVersion: {version}\n"
        "Summary: Outremer's table rendering and worker glue, for Pyodide\n"
        "Requires-Dist: jinja2\nRequires-Dist: outremer\n"
    ).encode()
    files[f"{dist_info}/WHEEL"] = (
        "Wheel-Version: 1.0\nGenerator: outremer-build\nRoot-Is-Purelib: true\nTag: py3-none-any\n"
    ).encode()
    record = []
    for name, data in sorted(files.items()):
        digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
        record.append(f"{name},sha256={digest},{len(data)}")
    record.append(f"{dist_info}/RECORD,,")
    files[f"{dist_info}/RECORD"] = ("\n".join(record) + "\n").encode()
    wheel = workdir / f"{package}-{version}-py3-none-any.whl"
    _wheel_zip(wheel, files)
    return wheel


def wheel_entry(wheel: Path, name: str, version: str, imports: list[str], depends: list[str]) -> dict:
    return {
        "name": name,
        "version": version,
        "file_name": wheel.name,
        "install_dir": "site",
        "sha256": sha256(wheel),
        "package_type": "package",
        "imports": imports,
        "depends": depends,
        "unvendored_tests": False,
        "shared_library": False,
    }


# ------------------------------------------------------------------ icons


def _png(width: int, height: int, rgba: bytearray) -> bytes:
    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    stride = width * 4
    raw = b"".join(b"\x00" + bytes(rgba[y * stride:(y + 1) * stride]) for y in range(height))
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0))
        + chunk(b"IDAT", zlib.compress(raw, 9))
        + chunk(b"IEND", b"")
    )


def _hex(colour: str) -> tuple[int, int, int]:
    return tuple(int(colour[i:i + 2], 16) for i in (1, 3, 5))  # type: ignore[return-value]


def _jerusalem_cross(unit: float, cx: float, cy: float) -> list[tuple[float, float, float, float]]:
    """Rectangles (x0, y0, x1, y1) of a Jerusalem cross: a cross potent and four crosslets."""
    rects = []
    arm, bar = 3.0 * unit, 0.55 * unit
    rects += [(cx - bar, cy - arm, cx + bar, cy + arm), (cx - arm, cy - bar, cx + arm, cy + bar)]
    foot = 1.1 * unit
    for sx, sy in ((0, -1), (0, 1)):
        y = cy + sy * arm
        rects.append((cx - foot, min(y, y - sy * 2 * bar), cx + foot, max(y, y - sy * 2 * bar)))
    for sx in (-1, 1):
        x = cx + sx * arm
        rects.append((min(x, x - sx * 2 * bar), cy - foot, max(x, x - sx * 2 * bar), cy + foot))
    small_arm, small_bar = 0.85 * unit, 0.22 * unit
    for qx in (-1, 1):
        for qy in (-1, 1):
            x, y = cx + qx * 1.85 * unit, cy + qy * 1.85 * unit
            rects += [
                (x - small_bar, y - small_arm, x + small_bar, y + small_arm),
                (x - small_arm, y - small_bar, x + small_arm, y + small_bar),
            ]
    return rects


def icon_png(size: int, maskable: bool) -> bytes:
    """The app icon: a gold Jerusalem cross on crimson, drawn with exact pixel coverage."""
    ground, gold = _hex(THEME_COLOR), _hex("#d9b44a")
    rgba = bytearray(size * size * 4)
    radius = 0 if maskable else size * 0.18
    for y in range(size):
        for x in range(size):
            alpha = 1.0
            if radius:
                # distance from the rounded corner's centre, antialiased over one pixel
                dx = max(radius - (x + 0.5), (x + 0.5) - (size - radius), 0.0)
                dy = max(radius - (y + 0.5), (y + 0.5) - (size - radius), 0.0)
                if dx and dy:
                    alpha = min(1.0, max(0.0, radius - (dx * dx + dy * dy) ** 0.5 + 0.5))
            i = (y * size + x) * 4
            rgba[i:i + 4] = bytes((*ground, round(alpha * 255)))
    unit = size * (0.105 if maskable else 0.125)
    for x0, y0, x1, y1 in _jerusalem_cross(unit, size / 2, size / 2):
        for y in range(int(y0), min(size, int(y1) + 1)):
            cover_y = max(0.0, min(y + 1, y1) - max(y, y0))
            if not cover_y:
                continue
            for x in range(int(x0), min(size, int(x1) + 1)):
                cover = cover_y * max(0.0, min(x + 1, x1) - max(x, x0))
                if not cover:
                    continue
                i = (y * size + x) * 4
                for c in range(3):
                    rgba[i + c] = round(rgba[i + c] * (1 - cover) + gold[c] * cover)
    return _png(size, size, rgba)


def icon_svg() -> str:
    rects = "".join(
        f'<rect x="{x0:.2f}" y="{y0:.2f}" width="{x1 - x0:.2f}" height="{y1 - y0:.2f}"/>'
        for x0, y0, x1, y1 in _jerusalem_cross(12.5, 50, 50)
    )
    return (
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">'
        f'<rect width="100" height="100" rx="18" fill="{THEME_COLOR}"/>'
        f'<g fill="#d9b44a">{rects}</g></svg>\n'
    )


def write_icons(out: Path) -> list[dict]:
    cache = CACHE / "icons"
    cache.mkdir(parents=True, exist_ok=True)
    key = hashlib.sha256((Path(__file__).read_bytes())).hexdigest()[:16]
    (out / "icons").mkdir(parents=True, exist_ok=True)
    icons = []
    for size, maskable in ((192, False), (512, False), (512, True)):
        name = f"icon-{'maskable-' if maskable else ''}{size}.png"
        cached = cache / f"{key}-{name}"
        if not cached.exists():
            cached.write_bytes(icon_png(size, maskable))
        shutil.copy2(cached, out / "icons" / name)
        icons.append(
            {"src": f"icons/{name}", "sizes": f"{size}x{size}", "type": "image/png",
             "purpose": "maskable" if maskable else "any"}
        )
    (out / "icons" / "icon.svg").write_text(icon_svg())
    icons.append({"src": "icons/icon.svg", "sizes": "any", "type": "image/svg+xml", "purpose": "any"})
    return icons


# ------------------------------------------------------------------ the build


def build(out: Path = DIST) -> dict:
    started = time.monotonic()
    sys.path.insert(0, str(WEB))
    import render  # web/render.py: the same module the worker runs
    import front  # web/front.py: the front door's games, pictures and catalog
    from outremer import bridge
    from markupsafe import Markup

    versions = pins()
    version = project_version()
    runtime = pyodide_runtime()
    stock_lock = json.loads((runtime / "pyodide-lock.json").read_text())

    CACHE.mkdir(exist_ok=True)
    staging = Path(tempfile.mkdtemp(prefix="dist-", dir=CACHE))
    staging.chmod(0o755)
    try:
        pyo = staging / "pyodide"
        pyo.mkdir()
        for name in PYODIDE_RUNTIME:
            data = (runtime / name).read_bytes()
            if name.endswith(".mjs"):  # no source maps shipped: drop the dangling reference
                data = re.sub(rb"\n?//# sourceMappingURL=\S+\s*$", b"\n", data)
            if name == "python_stdlib.zip":
                data = trimmed_stdlib(data)
            (pyo / name).write_bytes(data)

        with tempfile.TemporaryDirectory() as tmp:
            work = Path(tmp)
            wheels = {
                "outremer": (engine_wheel(work), version, ["outremer"], []),
                "markupsafe": (with_bytecode(markupsafe_wheel(versions["markupsafe"])), versions["markupsafe"],
                               ["markupsafe"], []),
                "jinja2": (with_bytecode(jinja2_wheel(versions["jinja2"])), versions["jinja2"], ["jinja2"],
                           ["markupsafe"]),
                "outremer-web": (site_wheel(work, version), version, ["outremer_web"], ["outremer", "jinja2"]),
            }
            packages = {}
            for name, (wheel, wheel_version, imports, depends) in wheels.items():
                shutil.copy2(wheel, pyo / wheel.name)
                packages[name] = wheel_entry(pyo / wheel.name, name, wheel_version, imports, depends)
            bytecode = stdlib_bytecode([wheel for wheel, *_ in wheels.values()])
            if bytecode is not None:
                shutil.copy2(bytecode, staging / STDLIB_BYTECODE)
        lock = {"info": stock_lock["info"], "packages": packages}
        (pyo / "pyodide-lock.json").write_text(json.dumps(lock, indent=2, sort_keys=True) + "\n")

        for item in sorted((WEB / "static").iterdir()):
            if item.is_file() and item.name != "sw.js":
                shutil.copy2(item, staging / item.name)
        icons = write_icons(staging)
        manifest = {
            "id": "./",
            "name": "Outremer — board games of the Crusades",
            "short_name": "Outremer",
            "description": "Board games of the Crusades, played with the rules enforced. Works offline.",
            "start_url": "./",
            "scope": "./",
            "display": "standalone",
            "orientation": "any",
            "theme_color": THEME_COLOR,
            "background_color": BACKGROUND_COLOR,
            "lang": "en",
            "categories": ["games", "entertainment"],
            "icons": icons,
        }
        (staging / "manifest.webmanifest").write_text(json.dumps(manifest, indent=2, ensure_ascii=False) + "\n")

        preload_bytes = sum((staging / p).stat().st_size for p in PRELOAD)
        all_bytes = sum(p.stat().st_size for p in staging.rglob("*") if p.is_file())
        page = render.render(
            "site/index.html",
            {
                "csp": CSP,
                "theme_color": THEME_COLOR,
                "theme_color_dark": THEME_COLOR_DARK,
                "version": version,
                "python_version": stock_lock["info"]["python"],
                "download_mb": max(1, round(all_bytes / 1e6)),
                "table_html": Markup(render.frame(None)),
                "front_games": front.games(bridge),
                # Inside <script type="application/json">: "</" may not appear as such.
                "catalog_json": Markup(json.dumps(front.catalog(bridge)).replace("</", "<\\/")),
                # theme.css (the colours), style.css, then each game's own sheet (web/static/<game>.css).
                # The page's ES modules that app.js imports, fetched at once rather than one level of
                # imports after another.
                "modules": sorted(
                    p.name for p in (WEB / "static").glob("*.js")
                    if p.name not in ("app.js", "boot.js", "worker.js", "sw.js")),
                "stylesheets": ["theme.css", "style.css"] + sorted(
                    p.name for p in (WEB / "static").glob("*.css") if p.name not in ("theme.css", "style.css")),
            },
        )
        (staging / "index.html").write_text(page)

        # rules/<game>.html: where each log line's rule link leads.
        import rules_page
        from outremer import bridge

        (staging / "rules").mkdir()
        for game in json.loads(bridge.catalog())["games"]:
            (staging / "rules" / f"{game['id']}.html").write_text(rules_page.page(game, ROOT))

        # build.json: what the worker and the tests need to know about this build.
        files = {
            p.relative_to(staging).as_posix(): p
            for p in sorted(staging.rglob("*"))
            if p.is_file()
        }
        hashes = {name: sha256(path) for name, path in files.items()}
        build_id = hashlib.sha256(
            "".join(f"{n}\0{h}\n" for n, h in sorted(hashes.items())).encode()
        ).hexdigest()[:16]
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

        # sw.js: precache list and a cache name taken from the hash of every asset.
        cache_id = hashlib.sha256(
            "".join(f"{n}\0{h}\n" for n, h in sorted(hashes.items())).encode()
        ).hexdigest()[:16]
        precache = dict(sorted(hashes.items()))
        sw = (WEB / "static" / "sw.js").read_text()
        sw = sw.replace('"__CACHE_ID__"', json.dumps(cache_id))
        sw = sw.replace("__PRECACHE__", json.dumps(precache, indent=1))
        (staging / "sw.js").write_text(sw)

        # Swap in the new site; the old one goes only once the new one is in place.
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


# ------------------------------------------------------------------ serving


class SiteHandler(http.server.SimpleHTTPRequestHandler):
    """Static files with the MIME types Pyodide needs and the site's security headers
    (security_headers); every response revalidated."""

    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **MIME_TYPES}

    def end_headers(self) -> None:
        self.send_header("Cache-Control", "no-cache")
        self.send_header("X-Content-Type-Options", "nosniff")
        for header, value in security_headers(self.path).items():
            self.send_header(header, value)
        super().end_headers()

    def send_head(self):
        # A path the file system cannot take (a NUL byte, "%00") is the client's mistake: 400,
        # not a traceback in the server's log.
        try:
            path = urllib.parse.unquote(self.path.split("?", 1)[0].split("#", 1)[0], errors="strict")
        except UnicodeDecodeError:
            path = "\x00"
        if "\x00" in path:
            self.send_error(400, "Malformed path")
            return None
        return super().send_head()

    # A client that goes away before the answer is written (a page closed, a request given up)
    # is no error of the server's: nothing is printed.
    def handle(self) -> None:
        try:
            super().handle()
        except (BrokenPipeError, ConnectionResetError):
            self.close_connection = True

    def finish(self) -> None:
        try:
            super().finish()
        except (BrokenPipeError, ConnectionResetError):
            pass

    def list_directory(self, path):
        # Only files are served: a folder without an index.html is not listed.
        self.send_error(404, "Not found")
        return None

    def log_message(self, format: str, *args) -> None:  # noqa: A002 - stdlib signature
        if os.environ.get("OUTREMER_SERVER_LOG"):
            super().log_message(format, *args)


def make_server(root: Path = DIST, host: str = "127.0.0.1", port: int = 0) -> http.server.ThreadingHTTPServer:
    """A server for ``root`` on ``host:port`` (port 0: any free port)."""

    def handler(*args, **kwargs):
        return SiteHandler(*args, directory=str(root), **kwargs)

    server = http.server.ThreadingHTTPServer((host, port), handler)
    server.daemon_threads = True
    return server


def serve(host: str, port: int) -> None:
    if not (DIST / "index.html").exists():
        raise SystemExit("build: dist/ is not built: run `make site` first")
    try:
        server = make_server(DIST, host, port)
    except OSError as exc:
        print(f"Port {port} is busy ({exc.strerror}); using a free one.", flush=True)
        server = make_server(DIST, host, 0)
    address = f"http://{host}:{server.server_address[1]}/"
    print(f"\nOutremer is served at {address}\nOpen it in a browser; press Ctrl+C to stop.\n", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        print("\nStopped.")
    finally:
        server.server_close()


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--serve", action="store_true", help="build, then serve dist/")
    parser.add_argument("--serve-only", action="store_true", help="serve dist/ as built")
    parser.add_argument("--host", default=os.environ.get("HOST", "127.0.0.1"))
    parser.add_argument("--port", type=int, default=int(os.environ.get("PORT", "8000")))
    args = parser.parse_args(argv)
    if not args.serve_only:
        build()
    if args.serve or args.serve_only:
        serve(args.host, args.port)


if __name__ == "__main__":
    main()
