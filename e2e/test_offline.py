"""After one visit the service worker serves everything: the site boots offline."""

from __future__ import annotations

from conftest import RequestGuard, play_first_action, set_pace, start_game, until, wait_for_turn, wait_ready


def _visit_until_offline_ready(page, url):
    """A first visit, until the site is saved on the device and so is the engine's snapshot."""
    page.goto(url)
    wait_ready(page)
    page.wait_for_selector("body[data-offline=ready]", timeout=60_000)
    page.wait_for_selector("body[data-quick-start=saved]", timeout=60_000)


def test_boots_with_the_network_off_and_the_server_stopped(playwright, launch, serve_dist, tmp_path):
    server = serve_dist()
    profile = tmp_path / "profile"

    context = playwright.chromium.launch_persistent_context(profile, **launch)
    guard = RequestGuard(server.url).attach(context)
    page = context.pages[0] if context.pages else context.new_page()
    _visit_until_offline_ready(page, server.url)
    cache = page.evaluate("caches.keys()")
    assert "outremer-snapshot" in cache
    assert len([c for c in cache if c.startswith("outremer-") and c != "outremer-snapshot"]) == 1

    start_game(page, seats=("human", "heuristic"), seed=7)
    set_pace(page, 0)
    wait_for_turn(page)

    # Same browser, network off and server stopped: reload, the game comes back, and plays.
    server.stop()
    context.set_offline(True)
    page.reload()
    wait_ready(page)
    assert page.evaluate("window.outremerBoot.snapshot"), "Python was not restored from the device's snapshot"
    _play_an_action(page)
    guard.check()
    context.close()

    # A new browser on the same profile, the server still stopped.
    context = playwright.chromium.launch_persistent_context(profile, **launch)
    guard = RequestGuard(server.url).attach(context)
    context.set_offline(True)
    page = context.pages[0] if context.pages else context.new_page()
    page.goto(server.url)
    wait_ready(page)
    assert page.evaluate("navigator.serviceWorker.controller !== null")
    assert page.evaluate("window.outremerBoot.snapshot")
    page.locator(".kept-game").first.get_by_role("button", name="Continue").click()  # from Your games
    _play_an_action(page)
    guard.check()
    context.close()


def _play_an_action(page):
    """Click a legal action of the restored game; the table is drawn anew from it."""
    until(page, "window.outremer.game.snapshot !== null", timeout=60)
    play_first_action(page)
    wait_for_turn(page)
    assert page.locator("#table .lev").count() == 1


def test_a_new_build_replaces_the_old_cache(context, serve_dist, site_build, dist):
    server = serve_dist()
    page = context.new_page()
    _visit_until_offline_ready(page, server.url)
    before = page.evaluate("caches.keys()")
    # A different build: same files, a changed sw.js cache id.
    sw = dist / "sw.js"
    original = sw.read_text()
    try:
        sw.write_text(original.replace('const CACHE = "outremer-" + ', 'const CACHE = "outremer-next-" + '))
        page.evaluate("navigator.serviceWorker.getRegistration().then(r => r.update())")
        after = until(
            page,
            # (outremer-snapshot, the engine's quick start, is the worker's: test_boot.py)
            "caches.keys().then(k => k.filter(n => n !== 'outremer-snapshot'))"
            ".then(k => k.length === 1 && k[0].startsWith('outremer-next-') && k)",
            timeout=60,
        )
        assert after != before
    finally:
        sw.write_text(original)
