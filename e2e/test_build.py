"""The built site, checked without a browser: lock file, precache list, pages."""

from __future__ import annotations

import hashlib
import html
import importlib.util
import json
import marshal
import re
import sys
import zipfile

from conftest import ROOT


def _sha(path):
    return hashlib.sha256(path.read_bytes()).hexdigest()


def test_our_lock_file_lists_exactly_the_wheels_we_ship(dist):
    lock = json.loads((dist / "pyodide" / "pyodide-lock.json").read_text())
    shipped = {p.name for p in (dist / "pyodide").glob("*.whl")}
    listed = {entry["file_name"] for entry in lock["packages"].values()}
    assert listed == shipped
    for entry in lock["packages"].values():
        assert "/" not in entry["file_name"]
        assert entry["sha256"] == _sha(dist / "pyodide" / entry["file_name"])
    assert lock["info"]["python"].startswith("3.")


def test_wheels_are_pure(dist):
    for wheel in (dist / "pyodide").glob("*.whl"):
        assert wheel.name.endswith("-py3-none-any.whl"), wheel.name
        with zipfile.ZipFile(wheel) as zf:
            assert not [n for n in zf.namelist() if n.endswith((".so", ".pyd"))], wheel.name


def test_service_worker_precaches_every_file_with_its_hash(dist):
    sw = (dist / "sw.js").read_text()
    precache = json.loads(re.search(r"const PRECACHE = (\{.*?\n\});", sw, re.S).group(1))
    files = {p.relative_to(dist).as_posix() for p in dist.rglob("*") if p.is_file()} - {"sw.js"}
    assert set(precache) == files
    for name, digest in precache.items():
        assert digest == _sha(dist / name), name
    cache_id = re.search(r'const CACHE = "outremer-" \+ "([0-9a-f]{16})";', sw).group(1)
    expected = hashlib.sha256("".join(f"{n}\0{h}\n" for n, h in sorted(precache.items())).encode())
    assert cache_id == expected.hexdigest()[:16]


def test_page_loads_nothing_from_elsewhere(dist):
    for page in ("index.html", "style.css", *sorted(p.name for p in dist.glob("*.js"))):
        text = (dist / page).read_text()
        assert not re.search(r"https?://(?!www\.w3\.org/2000/svg)", text), page
    assert "default-src 'self'" in html.unescape((dist / "index.html").read_text())


def test_the_pages_modules_are_shipped_precached_and_preloaded(dist):
    """Every module app.js imports, at any depth, is in dist/ as in web/static/, in the service
    worker's precache (so the page opens offline), and preloaded by index.html (fetched at once,
    not one level of imports after another)."""
    sw = (dist / "sw.js").read_text()
    precache = json.loads(re.search(r"const PRECACHE = (\{.*?\n\});", sw, re.S).group(1))
    page = (dist / "index.html").read_text()
    preloaded = set(re.findall(r'<link rel="modulepreload" href="([^"]+)">', page))
    reached, todo = set(), ["app.js"]
    while todo:
        name = todo.pop()
        text = (dist / name).read_text()
        assert text == (ROOT / "web" / "static" / name).read_text(), name
        for dep in re.findall(r"""\bfrom\s*["']\./([\w-]+\.js)["']""", text):
            if dep not in reached:
                reached.add(dep)
                todo.append(dep)
    assert {"store.js", "engine.js", "table.js"} <= reached
    assert reached <= set(precache)
    assert reached <= preloaded
    assert preloaded <= set(precache)


def test_build_info_matches_the_files(dist):
    info = json.loads((dist / "build.json").read_text())
    for name, meta in info["files"].items():
        assert meta["sha256"] == _sha(dist / name) and meta["size"] == (dist / name).stat().st_size
    assert info["preload_bytes"] == sum(info["preload"].values())
    assert set(info["packages"]) == set(json.loads((dist / "pyodide" / "pyodide-lock.json").read_text())["packages"])


def test_stdlib_bytecode_runs_only_for_unchanged_sources(tmp_path, monkeypatch):
    """web/stdlib_bytecode.py: a module of the bundle runs its bundled code while its
    source is the one compiled; a changed source, or a module not in the bundle, is
    compiled as usual (and reported); a package's other submodules are still found."""
    sys.path.insert(0, str(ROOT / "web"))
    import stdlib_bytecode

    archive = tmp_path / "lib.zip"
    with zipfile.ZipFile(archive, "w") as zf:
        zf.writestr("zb_fresh.py", "VALUE = 'source'\n")
        zf.writestr("zb_stale.py", "VALUE = 'source'\n")
        zf.writestr("zb_pkg/__init__.py", "")
        zf.writestr("zb_pkg/sub.py", "VALUE = 'source'\n")

    def entry(path: str, source: str, code: str) -> tuple:
        origin = f"{archive}/{path}"
        return origin, importlib.util.source_hash(source.encode()), compile(code, origin, "exec")

    modules = {
        "zb_fresh": entry("zb_fresh.py", "VALUE = 'source'\n", "VALUE = 'bundled'\n"),
        "zb_stale": entry("zb_stale.py", "VALUE = 'an older source'\n", "VALUE = 'bundled'\n"),
        "zb_pkg": entry("zb_pkg/__init__.py", "", ""),
    }
    bundle = tmp_path / "bundle.bin"
    bundle.write_bytes(
        marshal.dumps({"format": stdlib_bytecode.FORMAT, "magic": importlib.util.MAGIC_NUMBER, "modules": modules})
    )
    foreign = tmp_path / "foreign.bin"
    foreign.write_bytes(marshal.dumps({"format": stdlib_bytecode.FORMAT, "magic": b"\0\0\r\n", "modules": modules}))
    monkeypatch.syspath_prepend(str(archive))
    try:
        assert stdlib_bytecode.install(str(foreign))["modules"] == 0
        assert stdlib_bytecode.install(str(bundle)) == {"modules": 3}
        import zb_fresh
        import zb_pkg.sub
        import zb_stale

        assert zb_fresh.VALUE == "bundled" and zb_fresh.__file__ == f"{archive}/zb_fresh.py"
        assert zb_fresh.__loader__.get_source("zb_fresh") == "VALUE = 'source'\n"  # tracebacks
        assert zb_stale.VALUE == "source"
        assert zb_pkg.sub.VALUE == "source"
        report = stdlib_bytecode.report()
        assert report["used"] == 2 and report["stale"] == ["zb_stale"]
        assert report["compiled"] == ["zb_pkg.sub", "zb_stale"]
    finally:
        sys.meta_path.remove(stdlib_bytecode._finder)
        for name in ("zb_fresh", "zb_stale", "zb_pkg", "zb_pkg.sub"):
            sys.modules.pop(name, None)
