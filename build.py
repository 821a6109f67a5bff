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
import os
from pathlib import Path

# The steps live in sitebuild/ beside this file (importable however this file is loaded:
# `python build.py`, or by path from the browser tests and the benchmarks).
if str(Path(__file__).resolve().parent) not in sys.path:
    sys.path.append(str(Path(__file__).resolve().parent))

# Every name the tests, benchmarks and tools read from this module.
from sitebuild.bytecode import STDLIB_BYTECODE, stdlib_bytecode, with_bytecode
from sitebuild.common import (
    CACHE,
    DIST,
    NODE_PYODIDE,
    ROOT,
    WEB,
    log,
    pins,
    project_version,
    run,
    sha256,
)
from sitebuild.headers import (
    CSP,
    MIME_TYPES,
    PAGE_CSP,
    WORKER_CSP,
    WORKER_SCRIPTS,
    security_headers,
)
from sitebuild.manifest import (
    BACKGROUND_COLOR,
    THEME_COLOR,
    THEME_COLOR_DARK,
    icon_png,
    icon_svg,
    write_icons,
)
from sitebuild.pyodide import (
    PRELOAD,
    PYODIDE_RUNTIME,
    STDLIB_CODECS_KEPT,
    STDLIB_DROPPED_MODULES,
    STDLIB_DROPPED_PACKAGES,
    pyodide_runtime,
    stdlib_dropped,
    trimmed_stdlib,
)
from sitebuild.report import sizes
from sitebuild.serve import SiteHandler, make_server, serve
from sitebuild.site import build
from sitebuild.wheels import (
    engine_wheel,
    jinja2_wheel,
    markupsafe_wheel,
    site_wheel,
    wheel_entry,
)

__all__ = [
    "BACKGROUND_COLOR",
    "CACHE",
    "CSP",
    "DIST",
    "MIME_TYPES",
    "NODE_PYODIDE",
    "PAGE_CSP",
    "PRELOAD",
    "PYODIDE_RUNTIME",
    "ROOT",
    "STDLIB_BYTECODE",
    "STDLIB_CODECS_KEPT",
    "STDLIB_DROPPED_MODULES",
    "STDLIB_DROPPED_PACKAGES",
    "SiteHandler",
    "THEME_COLOR",
    "THEME_COLOR_DARK",
    "WEB",
    "WORKER_CSP",
    "WORKER_SCRIPTS",
    "build",
    "engine_wheel",
    "icon_png",
    "icon_svg",
    "jinja2_wheel",
    "log",
    "make_server",
    "markupsafe_wheel",
    "pins",
    "project_version",
    "pyodide_runtime",
    "run",
    "security_headers",
    "serve",
    "sha256",
    "site_wheel",
    "sizes",
    "stdlib_bytecode",
    "stdlib_dropped",
    "trimmed_stdlib",
    "wheel_entry",
    "with_bytecode",
    "write_icons",
]


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
