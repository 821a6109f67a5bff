"""No circles between the engine's modules (house style: data and state at the bottom, then the
rules, then the view, then the ``Game``; a lower file never imports a higher one).

Every import is read, wherever it stands: at the top of a module, inside a function, under
``if TYPE_CHECKING:`` or a ``try``. An import moved into a function to dodge a circle still ties
the two files, so it still counts. Only the standard library is used: the same test runs under
CPython and inside Pyodide, over the installed package's own sources."""

from __future__ import annotations

import ast
from importlib.resources import files

PACKAGE = "outremer"


def _sources(root, prefix: tuple[str, ...]):
    """(module name, file path in the package, source text) for every .py file under ``root``."""
    for entry in sorted(root.iterdir(), key=lambda e: e.name):
        if entry.is_dir():
            if entry.name != "__pycache__":
                yield from _sources(entry, prefix + (entry.name,))
        elif entry.name.endswith(".py"):
            name = ".".join(prefix if entry.name == "__init__.py" else prefix + (entry.name[:-3],))
            yield name, "/".join(prefix + (entry.name,)), entry.read_text(encoding="utf-8")


def _imported(module: str, is_package: bool, tree: ast.AST, known: set[str]) -> dict[str, int]:
    """The modules of ``known`` that ``module`` imports, at any depth of its code, each with the
    line of its first import there."""
    found: dict[str, int] = {}

    def nearest(name: str) -> str | None:
        # ``import a.b.c`` and ``from a.b import c`` name a module, or a name defined in one.
        parts = name.split(".")
        while parts:
            if ".".join(parts) in known:
                return ".".join(parts)
            parts.pop()
        return None

    here = module.split(".") if is_package else module.split(".")[:-1]
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            targets = [nearest(alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = here[: len(here) - (node.level - 1)]
                source = ".".join(base + ([node.module] if node.module else []))
            else:
                source = node.module or ""
            targets = [nearest(f"{source}.{alias.name}") for alias in node.names]
        else:
            continue
        for target in targets:
            if target is not None and target != module:
                found[target] = min(found.get(target, node.lineno), node.lineno)
    return found


def import_graph() -> tuple[dict[str, dict[str, int]], dict[str, str]]:
    """Each module of the package with the modules of the package that it imports (and the line
    of the import); and each module's file."""
    sources = list(_sources(files(PACKAGE), (PACKAGE,)))
    known = {name for name, _, _ in sources}
    graph = {
        name: _imported(name, path.endswith("__init__.py"), ast.parse(text, filename=path), known)
        for name, path, text in sources
    }
    return graph, {name: path for name, path, _ in sources}


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan, without recursion)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    for start in sorted(graph):
        if start in index:
            continue
        work = [(start, iter(sorted(graph[start])))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, successors = work[-1]
            for succ in successors:
                if succ not in index:
                    index[succ] = low[succ] = len(index)
                    stack.append(succ)
                    on_stack.add(succ)
                    work.append((succ, iter(sorted(graph[succ]))))
                    break
                if succ in on_stack:
                    low[node] = min(low[node], index[succ])
            else:
                work.pop()
                if work:
                    parent = work[-1][0]
                    low[parent] = min(low[parent], low[node])
                if low[node] == index[node]:
                    component = []
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        component.append(member)
                        if member == node:
                            break
                    if len(component) > 1:
                        found.append(sorted(component))
    return found


def _describe(component: list[str], graph: dict[str, dict[str, int]], paths: dict[str, str]) -> str:
    ties = [
        f"    {paths[a]}:{graph[a][b]} imports {paths[b]}"
        for a in component
        for b in sorted(graph[a])
        if b in component
    ]
    return f"  {', '.join(paths[m] for m in component)}\n" + "\n".join(ties)


def test_the_reader_sees_every_kind_of_import():
    known = {"p", "p.a", "p.b", "p.c", "p.sub", "p.sub.d", "p.sub.e"}
    source = (
        "from typing import TYPE_CHECKING\n"
        "from . import b\n"
        "import p.c as c\n"
        "if TYPE_CHECKING:\n"
        "    from .sub.d import Thing\n"
        "def later():\n"
        "    from .sub import e\n"
        "    from . import sub\n"
    )
    assert _imported("p.a", False, ast.parse(source), known) == {
        "p.b": 2,
        "p.c": 3,
        "p.sub.d": 5,
        "p.sub.e": 7,
        "p.sub": 8,
    }
    inner = "from ..a import x\nfrom .e import y\nfrom .. import c\n"
    assert set(_imported("p.sub.d", False, ast.parse(inner), known)) == {"p.a", "p.sub.e", "p.c"}
    assert set(_imported("p.sub", True, ast.parse("from .d import z\n"), known)) == {"p.sub.d"}


def test_circles_are_found():
    graph = {"a": {"b": 1}, "b": {"c": 1}, "c": {"a": 1, "d": 2}, "d": {}, "e": {"e": 1}}
    assert circles(graph) == [["a", "b", "c"]]


def test_the_whole_package_is_read():
    graph, paths = import_graph()
    assert paths[f"{PACKAGE}.ai"] == f"{PACKAGE}/ai/__init__.py"
    assert f"{PACKAGE}.bridge" in graph and f"{PACKAGE}.games.lords_of_heaven.view" in graph
    assert f"{PACKAGE}.core.game" in graph[f"{PACKAGE}.games.levantine.game"]


def test_no_module_circles():
    graph, paths = import_graph()
    found = circles(graph)
    assert not found, (
        "Modules that import each other in a circle (put the responsibility in the "
        "file where it belongs; a lower file never imports a higher one):\n"
        + "\n".join(_describe(c, graph, paths) for c in found)
    )
