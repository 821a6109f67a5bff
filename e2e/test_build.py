"""The built site, checked without a browser: lock file, precache list, pages."""

from __future__ import annotations

import hashlib
import html
import json
import re
import zipfile


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
    for page in ("index.html", "app.js", "worker.js", "style.css", "sw.js"):
        text = (dist / page).read_text()
        assert not re.search(r"https?://(?!www\.w3\.org/2000/svg)", text), page
    assert "default-src 'self'" in html.unescape((dist / "index.html").read_text())


def test_build_info_matches_the_files(dist):
    info = json.loads((dist / "build.json").read_text())
    for name, meta in info["files"].items():
        assert meta["sha256"] == _sha(dist / name) and meta["size"] == (dist / name).stat().st_size
    assert info["preload_bytes"] == sum(info["preload"].values())
    assert set(info["packages"]) == set(
        json.loads((dist / "pyodide" / "pyodide-lock.json").read_text())["packages"]
    )
