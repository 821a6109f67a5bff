"""The site's scripts (web/static/*.js) stay small and their imports form no circle.

The page is ES modules, one a concern (app.js the entry that wires them). Each stays under
MAX_LINES, and the graph of their ``import ... from "./x.js"`` lines (``export ... from`` too)
is a DAG: a module never imports, however indirectly, one that imports it. Only the standard
library is used, and only the sources are read."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

STATIC = Path(__file__).resolve().parent.parent / "web" / "static"
MAX_LINES = 400

# import { a, b } from "./x.js";  import "./x.js";  export { a } from "./x.js";  import("./x.js")
IMPORT = re.compile(
    r"""(?:^|;)\s*(?:import|export)\s+(?:[^;'"]*?\sfrom\s*)?["'](\./[^"']+)["']"""
    r"""|\bimport\s*\(\s*["'](\./[^"']+)["']\s*\)""",
    re.M,
)
COMMENT = re.compile(r"//[^\n]*|/\*.*?\*/", re.S)


def scripts() -> list[Path]:
    return sorted(STATIC.glob("*.js"))


def imports_of(text: str) -> list[str]:
    """The sibling modules a script imports (file names), in order, from its source text. A path
    into a folder (the worker's "./pyodide/pyodide.mjs", put there by build.py) is not one."""
    code = COMMENT.sub("", text)
    found = [(a or b)[2:] for a, b in IMPORT.findall(code)]
    return [name for name in found if "/" not in name]


def graph() -> dict[str, list[str]]:
    return {p.name: imports_of(p.read_text(encoding="utf-8")) for p in scripts()}


def circle(edges: dict[str, list[str]]) -> list[str] | None:
    """One import circle of the graph (its modules, the first repeated at the end), or None."""
    state: dict[str, str] = {}
    path: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = "open"
        path.append(node)
        for nxt in edges.get(node, []):
            if state.get(nxt) == "open":
                return path[path.index(nxt) :] + [nxt]
            if nxt not in state:
                found = visit(nxt)
                if found:
                    return found
        path.pop()
        state[node] = "done"
        return None

    for node in sorted(edges):
        if node not in state:
            found = visit(node)
            if found:
                return found
    return None


def test_the_import_reader_sees_every_form():
    text = """
    import { a, b } from "./one.js";
    import {
      c,
      d,
    } from "./two.js";
    import * as e from './three.js';
    import "./four.js";
    export { f } from "./five.js";
    // import { g } from "./commented.js";
    const later = await import("./six.js");
    const runtime = import("./pyodide/pyodide.mjs");
    """
    assert imports_of(text) == ["one.js", "two.js", "three.js", "four.js", "five.js", "six.js"]


def test_the_circle_finder_finds_a_circle_and_passes_a_dag():
    assert circle({"a.js": ["b.js"], "b.js": ["c.js"], "c.js": ["a.js"]}) == ["a.js", "b.js", "c.js", "a.js"]
    assert circle({"a.js": ["a.js"]}) == ["a.js", "a.js"]
    assert circle({"a.js": ["b.js", "c.js"], "b.js": ["c.js"], "c.js": []}) is None


def test_the_page_is_split_into_modules():
    edges = graph()
    assert "app.js" in edges
    assert len(edges["app.js"]) >= 10, "app.js should wire the page's modules, not hold them"


@pytest.mark.parametrize("script", scripts(), ids=lambda p: p.name)
def test_no_script_is_over_the_limit(script):
    lines = len(script.read_text(encoding="utf-8").splitlines())
    assert lines <= MAX_LINES, f"web/static/{script.name} has {lines} lines (at most {MAX_LINES}): split it by concern"


def test_every_import_names_a_script_of_the_site():
    names = {p.name for p in scripts()}
    missing = [(name, dep) for name, deps in graph().items() for dep in deps if dep not in names]
    assert missing == []


def test_no_import_circle_among_the_scripts():
    found = circle(graph())
    assert found is None, "import circle: " + " -> ".join(found)
