"""Render the table (HTML and SVG) from the engine's per-seat view.

The same module and the same templates run under CPython (build time, tests) and
inside Pyodide (the browser's worker), where build.py ships them in a small pure
wheel as the package ``outremer_web``.  Templates live in ``templates/table``
beside this file in both places.

Everything that reaches a template is plain JSON data: a snapshot as returned by
``outremer.bridge`` (or ``None`` while the engine loads).  Autoescaping is on.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import jinja2

TEMPLATE_DIR = Path(__file__).resolve().parent / "templates"

_env: jinja2.Environment | None = None


def environment() -> jinja2.Environment:
    """The one Jinja2 environment: strict undefineds, autoescaped HTML and SVG."""
    global _env
    if _env is None:
        _env = jinja2.Environment(
            loader=jinja2.FileSystemLoader(str(TEMPLATE_DIR)),
            autoescape=jinja2.select_autoescape(["html", "svg", "xml"]),
            undefined=jinja2.StrictUndefined,
            trim_blocks=True,
            lstrip_blocks=True,
            keep_trailing_newline=False,
        )
    return _env


def render(name: str, context: dict[str, Any] | None = None) -> str:
    """Render one template under ``templates/`` with a plain-data context."""
    return environment().get_template(name).render(**(context or {}))


def frame(snapshot: dict[str, Any] | None = None) -> str:
    """The table: the frame alone while loading, or a snapshot's view."""
    return render("table/frame.html", {"snapshot": snapshot})


def render_json(name: str, context_json: str) -> str:
    """JSON-string door used by the worker: template name + JSON context -> HTML."""
    context = json.loads(context_json) if context_json else {}
    if not isinstance(context, dict):
        raise TypeError("the context must be a JSON object")
    return render(name, context)


def frame_json(snapshot_json: str) -> str:
    """JSON-string door used by the worker: snapshot JSON (or "null") -> table HTML."""
    snapshot = json.loads(snapshot_json) if snapshot_json else None
    return frame(snapshot)
