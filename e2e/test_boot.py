"""The site boots Pyodide in a worker, from our own origin, with a progress bar."""

from __future__ import annotations

import json
import re
import sys

import pytest

from conftest import ROOT, click_first_action, play_first_action, set_pace, start_game, wait_for_turn, wait_ready

WATCH_DETAIL = """document.addEventListener('DOMContentLoaded', () => {
  window.__details = [];
  const detail = document.querySelector('.boot-stages li[data-stage="runtime"] .stage-detail');
  new MutationObserver(() => window.__details.push(detail.textContent)).observe(detail, {childList: true, characterData: true, subtree: true});
});"""


def test_frame_and_progress_show_before_python_is_ready(page, guard, site):
    guard.watch(page)
    page.add_init_script(WATCH_DETAIL)
    page.goto(site, wait_until="commit")
    # The front door and the progress bar are in the page itself, not made by Python.
    page.wait_for_selector(".game-card", state="visible", timeout=10_000)
    page.wait_for_selector("#boot-progress", state="visible", timeout=10_000)
    assert page.locator("#boot-status").is_visible()
    assert page.get_attribute("body", "data-engine") == "loading"
    stages = page.eval_on_selector_all(".boot-stages li", "items => items.map(i => i.dataset.stage)")
    assert stages == ["runtime", "python", "packages", "engine"]
    # The page stays responsive while Python loads: the main thread answers quickly.
    for _ in range(3):
        assert (
            page.evaluate(
                "1 + 1",
            )
            == 2
        )
    wait_ready(page)
    assert page.locator("#boot-status").inner_text().startswith("Engine ready")
    assert page.locator("#boot-progress").evaluate("p => p.value") == 100
    done = page.eval_on_selector_all(".boot-stages li.done", "items => items.length")
    assert done == 4
    # A first visit: the runtime's download was counted, and its size is shown.
    detail = page.locator('.boot-stages li[data-stage="runtime"] .stage-detail').inner_text()
    assert re.fullmatch(r"\(\d+\.\d MB\)", detail), detail
    # While it downloads, the size says what has arrived and names the file still on its way
    # (files are counted whole: the bar moves on while the largest one arrives).
    during = [d for d in page.evaluate("window.__details") if " of " in d]
    assert during, page.evaluate("window.__details")
    for d in during:
        assert re.fullmatch(r"\(\d+\.\d of \d+\.\d MB arrived; on its way: [\w.-]+, \d+\.\d MB\)", d), d


def test_engine_ready_from_our_origin_only(app, app_guard, site):
    guard = app_guard
    boot = app.evaluate("window.outremerBoot")
    assert boot["status"]["engine"], boot
    assert set(boot["worker"]) == {"runtime", "python", "packages", "engine"}
    requested = {url.removeprefix(site) for url in guard.requests}
    for needed in (
        "pyodide/pyodide.asm.wasm",
        "pyodide/python_stdlib.zip",
        "pyodide/pyodide-lock.json",
        "worker.js",
        "pyodide/stdlib-bytecode.bin",
    ):
        assert needed in requested
    assert not [e for e in guard.errors if "favicon" not in e], guard.errors


def test_standard_library_comes_precompiled(page, guard, site):
    """web/stdlib_bytecode.py: the standard modules the site imports, from booting to a
    game of each kind, run from the build's bytecode; none is compiled on the page."""
    guard.watch(page)
    page.goto(site)
    wait_ready(page)
    set_pace(page, 0)
    start_game(page, seats=("human", "heuristic"), seed=5)
    for _ in range(3):
        if wait_for_turn(page)["over"]:
            break
        click_first_action(page)
    start_game(page, game="crusader-kingdoms", seats=("heuristic",) * 4, seed=5)
    page.wait_for_timeout(1500)  # the computers play a few moves
    found = page.evaluate("window.outremer.engine.diagnostics()")["stdlib_bytecode"]
    assert found["installed"], found
    assert found["stale"] == [] and found["compiled"] == [], found
    assert found["used"] >= 10, found


def test_python_renders_the_frame_as_cpython_does(app):
    sys.path.insert(0, str(ROOT / "web"))
    import render

    in_browser = app.evaluate("window.outremer.engine.frame(null)")
    assert in_browser == render.frame(None)


def test_worker_calls_only_bridge_functions(app):
    answer = app.evaluate("window.outremer.engine.call('__import__', 'os')")
    assert answer["ok"] is False
    assert answer["error"]["kind"] in ("unknown-function", "unavailable")


def test_manifest_makes_it_installable(app, site, dist):
    manifest = json.loads((dist / "manifest.webmanifest").read_text())
    for key in ("name", "short_name", "start_url", "display", "theme_color", "icons"):
        assert manifest.get(key), key
    assert manifest["display"] == "standalone"
    sizes = {icon["sizes"] for icon in manifest["icons"] if icon["type"] == "image/png"}
    assert {"192x192", "512x512"} <= sizes
    for icon in manifest["icons"]:
        data = (dist / icon["src"]).read_bytes()
        if icon["type"] == "image/png":
            assert data[:8] == b"\x89PNG\r\n\x1a\n"
            width = int.from_bytes(data[16:20], "big")
            assert f"{width}x{width}" == icon["sizes"]
        response = app.request.get(site + icon["src"])
        assert response.ok and response.headers["content-type"] == icon["type"]
    linked = app.evaluate("document.querySelector('link[rel=manifest]').href")
    assert linked == site + "manifest.webmanifest"


def test_served_with_the_right_types(app, site):
    for path, kind in (
        ("pyodide/pyodide.asm.wasm", "application/wasm"),
        ("pyodide/pyodide.mjs", "text/javascript"),
        ("manifest.webmanifest", "application/manifest+json"),
        ("sw.js", "text/javascript"),
    ):
        response = app.request.head(site + path)
        assert response.headers["content-type"].split(";")[0] == kind, path


def test_chromium_finds_it_installable(app):
    cdp = app.context.new_cdp_session(app)
    manifest = cdp.send("Page.getAppManifest")
    assert not manifest.get("errors"), manifest["errors"]
    errors = cdp.send("Page.getInstallabilityErrors")["installabilityErrors"]
    # Playwright's contexts are off-the-record, which Chromium names as a reason of its own.
    assert [e for e in errors if e["errorId"] != "in-incognito"] == []


# ------------------------------------------------------------------ quick start (worker.js)

SNAPSHOT_ENTRY = """async () => {
    const cache = await caches.open('outremer-snapshot');
    const keys = await cache.keys();
    return keys.map((request) => request.url);
}"""


def _first_visit(page, site):
    page.goto(site)
    wait_ready(page)
    assert page.evaluate("window.outremerBoot.snapshot") is False
    page.wait_for_selector("body[data-quick-start=saved]", timeout=90_000)


def test_a_later_visit_restores_the_engine_from_the_devices_snapshot(context, guard, site):
    """worker.js, quick start: a first visit, once the page leaves the engine idle, saves a
    snapshot of Python with every game loaded; later visits restore it, and every game
    plays as before, each new game with a seed of its own."""
    page = context.new_page()
    guard.watch(page)
    _first_visit(page, site)
    build = page.evaluate("fetch('build.json').then(r => r.json())")["build"]
    assert page.evaluate(SNAPSHOT_ENTRY) == [f"{site}pyodide/memory-{build}.snapshot"]

    seeds = []
    for _ in range(2):
        page.reload()
        wait_ready(page)
        assert page.evaluate("window.outremerBoot.snapshot") is True
        assert page.get_attribute("body", "data-quick-start") == "restored"
        set_pace(page, 0)
        start_game(page, seats=("human", "heuristic"))
        seeds.append(page.evaluate("window.outremer.game.snapshot.seed"))
        play_first_action(page)
    assert seeds[0] != seeds[1], "a restored engine drew the same seed twice"

    start_game(page, game="crusader-kingdoms", seats=("human", "heuristic", "heuristic"), seed=3)
    play_first_action(page)
    assert page.locator("#table .ck").count() == 1
    found = page.evaluate("window.outremer.engine.diagnostics()")["stdlib_bytecode"]
    assert found["installed"] and found["compiled"] == [], found
    assert not guard.errors, guard.errors


DAMAGE = {
    # Pyodide refuses it (its magic number and build id come first).
    "overwritten": "bytes.fill(0, 0, 4096); return new Response(bytes, { headers: response.headers });",
    # Cut short: its length is not the one it was saved with.
    "truncated": "return new Response(bytes.slice(0, 1 << 20), { headers: response.headers });",
}


@pytest.mark.parametrize("damage", sorted(DAMAGE))
def test_a_damaged_snapshot_is_thrown_away(context, guard, site, damage):
    """worker.js, quick start: a snapshot that cannot be restored costs one ordinary start
    (the engine works), and a good snapshot takes its place."""
    page = context.new_page()
    guard.watch(page)
    _first_visit(page, site)
    page.evaluate(
        """async () => {
            const cache = await caches.open('outremer-snapshot');
            const [request] = await cache.keys();
            const response = await cache.match(request);
            const bytes = new Uint8Array(await response.arrayBuffer());
            await cache.put(request, (() => { %s })());
        }""".replace("%s", DAMAGE[damage])  # JavaScript source: braces stay single
    )
    page.reload()
    wait_ready(page)
    assert page.evaluate("window.outremerBoot.snapshot") is False
    set_pace(page, 0)
    start_game(page, seats=("human", "heuristic"), seed=11)
    play_first_action(page)
    page.wait_for_selector("body[data-quick-start=saved]", timeout=90_000)

    page.reload()
    wait_ready(page)
    assert page.evaluate("window.outremerBoot.snapshot") is True
    play_first_action(page)  # the game in progress, continued
    assert not guard.errors, guard.errors


def test_another_builds_snapshot_is_neither_used_nor_kept(context, guard, site):
    """worker.js, quick start: a snapshot is for the build that saved it."""
    page = context.new_page()
    guard.watch(page)
    _first_visit(page, site)
    other = page.evaluate(
        """async () => {
            const cache = await caches.open('outremer-snapshot');
            const [request] = await cache.keys();
            const other = request.url.replace(/memory-[^.]*/, 'memory-0000000000000000');
            await cache.put(other, await cache.match(request));
            await cache.delete(request);
            return other;
        }"""
    )
    page.reload()
    wait_ready(page)
    assert page.evaluate("window.outremerBoot.snapshot") is False
    page.wait_for_selector("body[data-quick-start=saved]", timeout=90_000)
    entries = page.evaluate(SNAPSHOT_ENTRY)
    assert len(entries) == 1 and entries[0] != other, entries
