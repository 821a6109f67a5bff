"""Standard-library bytecode: the modules of Python's standard library that the site
imports, compiled at build time.

Pyodide ships its standard library (``python_stdlib.zip``) as sources without bytecode,
and a browser tab has nowhere to keep ``__pycache__``: Python compiles every standard
module it imports afresh on each visit.  Pyodide's own start pays that for what it
imports; the site then imports about twenty more (jinja2 alone pulls in ``urllib.parse``,
``ipaddress``, ``pickle``, ``hashlib``…; the engine ``tomllib`` and
``importlib.resources``), which took ~0.2 s to compile inside Pyodide.  Our own modules
are not bundled: they compile in ~0.05 s, and their bytecode would take ~180 KB (gzip)
of a first visit's 7 MB budget, where these take ~140 KB.

Build time (run inside Pyodide under node by build.py, so that the bytecode is that of
the browser's Python)::

    node tools/pyodide_run.mjs --no-engine --wheels DIR --mount OUTDIR web/stdlib_bytecode.py OUT

imports what the site imports (the worker's modules and its warm-up, then a few moves of
every game, each drawn as the table) and writes OUT: the bytecode of each
standard-library module that this imported from the zip.

Run time (the worker, before it imports the engine): :func:`install` puts a finder first
on ``sys.meta_path``.  A module of the bundle whose source is still the one compiled
(same path, same source hash, checked on each import as CPython checks a hash-based
pyc) runs the bundled code; its loader is otherwise the usual one (the source for
tracebacks, resources).  Anything else imports as usual: a stale bundle, or one built
for another Python, only costs the time it would have saved.
"""

from __future__ import annotations

import importlib.machinery
import importlib.util
import json
import marshal
import sys
import zipimport
from types import CodeType, ModuleType
from typing import TYPE_CHECKING, Any, cast

if TYPE_CHECKING:
    from importlib.abc import Loader

FORMAT = 1

_finder: PrecompiledFinder | None = None


class _Loader:
    """The module's usual loader, executing precompiled code instead of compiling."""

    def __init__(self, real: Any, code: CodeType) -> None:
        self._real = real
        self._code = code

    def __getattr__(self, name: str) -> Any:  # get_source, get_data, get_resource_reader…
        return getattr(self._real, name)

    def create_module(self, spec: importlib.machinery.ModuleSpec) -> None:
        return None

    def exec_module(self, module: ModuleType) -> None:
        exec(self._code, module.__dict__)  # noqa: S102 - the module's own code


class PrecompiledFinder:
    """Finds modules as the path finder does, and hands over their bundled code."""

    def __init__(self, modules: dict[str, tuple[str, bytes, CodeType]]) -> None:
        self._modules = modules
        self.used: list[str] = []
        self.stale: list[str] = []
        self._before = set(sys.modules)

    def find_spec(self, name: str, path: Any = None, target: Any = None) -> importlib.machinery.ModuleSpec | None:
        entry = self._modules.pop(name, None)  # once: a reload compiles as usual
        if entry is None:
            return None
        spec = self._spec_for(name, path, *entry)
        (self.used if spec is not None else self.stale).append(name)
        return spec

    @staticmethod
    def _spec_for(
        name: str, path: Any, origin: str, digest: bytes, code: CodeType
    ) -> importlib.machinery.ModuleSpec | None:
        """The spec the path finder would give, with ``code`` to run; None when the module
        would not come from ``origin`` or its source has changed.  (Built here rather than
        asked of the path finder: zipimport compiles a module's source merely to find it.)"""
        folder = origin.rpartition("/")[0]
        package = origin.endswith("/__init__.py")
        where = folder.rpartition("/")[0] if package else folder  # the path entry holding it
        entries = list(sys.path if path is None else path)
        if where not in entries:
            return None
        earlier = entries[: entries.index(where)]
        if earlier and importlib.machinery.PathFinder.find_spec(name, earlier) is not None:
            return None  # found first elsewhere
        importer = sys.path_importer_cache.get(where)
        if importer is None:  # as the path finder would make it (a folder of the zip)
            try:
                importer = sys.path_importer_cache[where] = zipimport.zipimporter(where)
            except zipimport.ZipImportError:
                return None
        if not isinstance(importer, zipimport.zipimporter):
            return None
        try:
            if importlib.util.source_hash(importer.get_data(origin)) != digest:
                return None
        except OSError:
            return None
        loader = cast("Loader", _Loader(importer, code))  # a loader by the methods it has
        spec = importlib.machinery.ModuleSpec(name, loader, origin=origin, is_package=package)
        spec.has_location = True
        if package:
            spec.submodule_search_locations = [folder]
        return spec

    def compiled(self) -> list[str]:
        """Standard modules imported since install() and compiled from their source."""
        return sorted(
            name
            for name, module in list(sys.modules.items())
            if name not in self._before and name not in self.used and _from_stdlib_zip(module)
        )


def install(path: str) -> dict[str, Any]:
    """Read the bundle at ``path`` and put its finder first; a report for the page."""
    global _finder
    with open(path, "rb") as f:
        bundle = marshal.load(f)
    if bundle.get("format") != FORMAT or bundle.get("magic") != importlib.util.MAGIC_NUMBER:
        return {"modules": 0, "reason": "built for another Python"}
    if _finder is not None and _finder in sys.meta_path:
        sys.meta_path.remove(_finder)
    _finder = PrecompiledFinder(bundle["modules"])
    sys.meta_path.insert(0, _finder)
    return {"modules": len(bundle["modules"])}


def report_json() -> str:
    return json.dumps(report())


def report() -> dict[str, Any]:
    """What the bundle has done since install(): how many modules it served, its stale
    entries, and the standard modules compiled from source all the same."""
    if _finder is None:
        return {"installed": False}
    return {"installed": True, "used": len(_finder.used), "stale": list(_finder.stale), "compiled": _finder.compiled()}


# ---------------------------------------------------------------- build time


def _workload() -> None:
    """Import what the site imports: the worker's modules and its warm-up (every template,
    every game at every player count), then a dozen computer moves, an undo and a bad
    code in each game."""
    from outremer_web import dispatch

    dispatch.boot()
    dispatch.warm_up()
    for game in json.loads(dispatch.call("catalog", "[]"))["games"]:
        request = {"game": game["id"], "seats": ["heuristic"] * game["min_seats"], "seed": 7, "viewer": None}
        answer = json.loads(dispatch.show("new_game", json.dumps([json.dumps(request)])))
        for _ in range(12):
            if not answer.get("ok") or answer.get("result"):
                break
            answer = json.loads(dispatch.show("ai_step", json.dumps([answer["code"], None])))
        if answer.get("ok"):
            dispatch.show("undo", json.dumps([answer["code"], None]))
    dispatch.call("open_code", json.dumps(["not-a-code", None]))


def _from_stdlib_zip(module: ModuleType) -> bool:
    """Imported from source out of a zip (Pyodide's standard library)."""
    spec = getattr(module, "__spec__", None)
    return (
        spec is not None
        and isinstance(getattr(spec, "loader", None), zipimport.zipimporter)
        and (spec.origin or "").endswith(".py")
    )


def collect() -> dict[str, tuple[str, bytes, CodeType]]:
    """The standard modules the workload imports, compiled as zipimport compiles them."""
    before = set(sys.modules)
    _workload()
    modules = {}
    for name, module in sorted(sys.modules.items()):
        if name in before or not _from_stdlib_zip(module):
            continue
        spec = module.__spec__
        assert spec is not None and spec.origin is not None  # a zip's source module (just checked)
        origin, loader = spec.origin, cast(zipimport.zipimporter, spec.loader)
        source = loader.get_data(origin)
        code = compile(source, origin, "exec", dont_inherit=True)
        modules[name] = (origin, importlib.util.source_hash(source), code)
    return modules


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print("usage: stdlib_bytecode.py OUT", file=sys.stderr)
        return 2
    modules = collect()
    with open(argv[0], "wb") as f:
        marshal.dump(
            {"format": FORMAT, "magic": importlib.util.MAGIC_NUMBER, "python": sys.version, "modules": modules}, f
        )
    print(
        f"stdlib_bytecode: {len(modules)} modules, {sum(len(marshal.dumps(c)) for _, _, c in modules.values())} bytes"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
