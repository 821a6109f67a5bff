"""Nothing lost, whatever the browser does with the site's storage: storage blocked or
full, the offline copy damaged or cleared, a kept setting out of range."""

from __future__ import annotations

from pathlib import Path

from conftest import RequestGuard, play_first_action, set_pace, start_game, until, wait_for_turn, wait_ready

SHOTS = Path(__file__).resolve().parent.parent / "artifacts"

# What Chromium does with "Don't allow sites to save data" (and in some cross-site frames):
# every way to keep something on the device is refused.
BLOCK_STORAGE = """
(() => {
  const denied = () => { throw new DOMException('Access is denied for this document.', 'SecurityError'); };
  Object.defineProperty(window, 'localStorage', { get: denied, configurable: true });
  Object.defineProperty(window, 'caches', { get: denied, configurable: true });
  if (navigator.serviceWorker) {
    Object.defineProperty(navigator.serviceWorker, 'register', {
      value: () => Promise.reject(new DOMException('Access denied.', 'SecurityError')),
    });
  }
})();
"""

# Storage full for the saved game: every write of it fails (other keys still work).
FILL_STORAGE = """() => {
  const setItem = Storage.prototype.setItem;
  window.roomAgain = () => { Storage.prototype.setItem = setItem; };
  Storage.prototype.setItem = function (key, value) {
    if (key.startsWith('outremer.saved.')) {
      throw new DOMException("Failed to execute 'setItem' on 'Storage': exceeded the quota.", 'QuotaExceededError');
    }
    return setItem.call(this, key, value);
  };
}"""


def _shot(page, name: str) -> None:
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"))


def _saved_code(page):
    """The game on the table as kept in the device's storage itself (not the page's memory)."""
    return page.evaluate(
        "JSON.parse(localStorage.getItem('outremer.saved.' + window.outremer.game.entry) || 'null')?.code ?? null"
    )


def test_blocked_storage_plays_on_and_says_the_game_is_kept_only_in_the_link(context, site, guard):
    context.add_init_script(BLOCK_STORAGE)
    page = context.new_page()
    guard.watch(page)
    page.goto(site)
    wait_ready(page)
    notice = page.locator("#storage-notice")
    assert notice.is_visible()
    text = notice.inner_text()
    assert "only in its link" in text and "copy the link" in text.lower()
    code = start_game(page, seats=("human", "heuristic"), seed=3)
    set_pace(page, 0)
    play_first_action(page)
    wait_for_turn(page)
    assert page.evaluate("location.hash.slice(1)") != code  # the link follows the game
    assert notice.is_visible()
    assert page.locator("#pace").input_value() == "0"  # kept for the page's life
    _shot(page, "storage-blocked")
    assert not [e for e in guard.errors if "console" not in e], guard.errors


def test_full_storage_says_so_and_keeps_the_last_good_save(page, site, guard):
    guard.watch(page)
    page.goto(site)
    wait_ready(page)
    start_game(page, seats=("human", "heuristic"), seed=4)
    set_pace(page, 0)
    wait_for_turn(page)
    kept = _saved_code(page)
    assert kept == page.evaluate("location.hash.slice(1)")
    notice = page.locator("#storage-notice")
    assert notice.is_hidden()

    page.evaluate(FILL_STORAGE)
    play_first_action(page)
    wait_for_turn(page)
    assert notice.is_visible()
    assert "storage is full" in notice.inner_text()
    assert _saved_code(page) == kept  # the last good save, untouched
    assert page.evaluate("location.hash.slice(1)") != kept
    _shot(page, "storage-full")

    # Room again: the next save goes through and the notice goes.
    page.evaluate("window.roomAgain()")
    play_first_action(page)
    wait_for_turn(page)
    assert notice.is_hidden()
    assert _saved_code(page) == page.evaluate("location.hash.slice(1)")


def test_a_kept_computer_speed_out_of_range_is_brought_back(page, site):
    page.goto(site)
    page.evaluate("localStorage.setItem('outremer.pace', '1e9')")
    page.reload()
    wait_ready(page)
    start_game(page, seats=("heuristic", "heuristic"), seed=5)
    assert page.locator("#pace").input_value() == "1000"  # Slow, the slowest choice
    steps = page.evaluate("window.outremer.game.snapshot.steps")
    until(page, f"window.outremer.game.snapshot.steps > {steps}", timeout=10)
    page.evaluate("localStorage.setItem('outremer.pace', '-5')")
    page.reload()
    wait_ready(page)
    assert page.locator("#pace").input_value() == "0"


# The offline copy: the service worker's cache of this build (not the engine's snapshot).
OFFLINE_COPY = """async () => {
  const name = (await caches.keys()).find((n) => n.startsWith('outremer-') && n !== 'outremer-snapshot');
  return name ? caches.open(name) : null;
}"""

# Entries under a kept game's key in every shape a damaged, tampered or foreign write may leave.
MALFORMED = {
    "not-json": "{this is not json",
    "null": "null",
    "number": "42",
    "a-string": '"a string"',
    "a-list": "[1, 2, 3]",
    "no-code": '{"game": "levantine", "step": 3}',
    "code-not-text": '{"code": 12345, "game": "levantine"}',
    "empty-code": '{"code": "   ", "game": "levantine"}',
}
# Entries that still hold a game's code, with every other field of a wrong shape: listed and
# playable, the wrong fields read as unknown.
ODD_FIELDS = {
    "time-a-string": {"saved": "yesterday"},
    "time-huge": {"saved": 1e300},
    "time-negative": {"saved": -5},
    "time-not-whole": {"saved": 1.5},
    "fields-wrong": {
        "saved": {"at": 1},
        "step": "three",
        "seats": "human",
        "seat_names": [1, None],
        "over": "yes",
        "result": ["won"],
        "viewer": "0",
        "game": 7,
    },
}


def test_damaged_saved_games_are_set_aside_and_the_others_play_on(page, site, guard):
    import json

    guard.watch(page)
    page.goto(site)
    wait_ready(page)
    code = json.loads(
        page.evaluate(
            """window.outremer.engine.request('call', 'new_game',
             JSON.stringify([JSON.stringify({game: 'levantine', seats: ['human', 'heuristic'], seed: 5})]))"""
        )
    )["code"]
    entries = {f"outremer.saved.{key}": text for key, text in MALFORMED.items()}
    good = {
        "code": code,
        "game": "levantine",
        "viewer": 0,
        "seats": ["human", "heuristic"],
        "seat_names": ["Crusader", "Muslim"],
        "step": 0,
        "over": False,
        "result": "",
        "saved": 1790000000000,
    }
    entries["outremer.saved.good"] = json.dumps(good)
    for key, odd in ODD_FIELDS.items():
        entries[f"outremer.saved.{key}"] = json.dumps({**good, **odd})
    page.evaluate("(entries) => { for (const [k, v] of Object.entries(entries)) localStorage.setItem(k, v); }", entries)
    page.reload()
    wait_ready(page)
    page.wait_for_selector(".kept-game")
    listed = page.eval_on_selector_all(
        ".kept-game", "(items) => items.map((i) => [i.dataset.entry, 'damaged' in i.dataset])"
    )
    assert sorted(map(tuple, listed)) == sorted(
        [(key, True) for key in MALFORMED] + [(key, False) for key in ["good", *ODD_FIELDS]]
    )
    for key in ODD_FIELDS:
        item = page.locator(f'.kept-game[data-entry="{key}"]')
        assert "unknown time" in item.inner_text() or key == "fields-wrong"
    _shot(page, "damaged-saves")
    # A damaged entry is deleted like any game; the others stay.
    damaged = page.locator('.kept-game[data-entry="not-json"]')
    damaged.get_by_role("button", name="Delete").click()
    page.locator('.kept-game[data-entry="not-json"]').get_by_role("button", name="Delete it").click()
    until(page, "localStorage.getItem('outremer.saved.not-json') === null")
    assert page.locator(".kept-game").count() == len(MALFORMED) - 1 + 1 + len(ODD_FIELDS)
    # The game whose every other field was wrong still opens.
    page.locator('.kept-game[data-entry="fields-wrong"]').get_by_role("button", name="Continue").click()
    until(page, f"window.outremer.game.code === {code!r}")
    wait_for_turn(page)
    assert not guard.errors, guard.errors


# Every file of the build whose copy on the device is missing or not the build's own bytes.
NOT_WHOLE = """async () => {
  const name = (await caches.keys()).find((n) => n.startsWith('outremer-') && n !== 'outremer-snapshot');
  if (!name) return ['no offline copy'];
  const cache = await caches.open(name);
  const build = await (await fetch('build.json', { cache: 'no-store' })).json();
  const hex = async (buffer) => Array.from(new Uint8Array(await crypto.subtle.digest('SHA-256', buffer)),
    (b) => b.toString(16).padStart(2, '0')).join('');
  const wrong = [];
  for (const [path, file] of Object.entries(build.files)) {
    const hit = await cache.match(new URL(path, location.href).href);
    if (!hit || (await hex(await hit.arrayBuffer())) !== file.sha256) wrong.push(path);
  }
  if (!(await cache.match(new URL('index.html', location.href).href))) wrong.push('index.html');
  return wrong;
}"""


def _visit_until_offline(page, url):
    page.goto(url)
    wait_ready(page)
    page.wait_for_selector("body[data-offline-copy=whole]", timeout=60_000)


def test_a_damaged_file_in_the_offline_copy_is_fetched_again(context, serve_dist):
    server = serve_dist()
    guard = RequestGuard(server.url).attach(context)
    page = context.new_page()
    guard.watch(page)
    _visit_until_offline(page, server.url)
    assert page.evaluate(NOT_WHOLE) == []
    # Damage the engine's wheels (checked by the worker) and the page's script.
    damaged = page.evaluate(
        """async () => {
          const cache = await (%s)();
          const damaged = [];
          for (const request of await cache.keys()) {
            if (request.url.endsWith('.whl') || request.url.endsWith('/app.js')) {
              await cache.put(request.url, new Response('damaged on this device', { headers: { 'Content-Type': 'text/javascript' } }));
              damaged.push(request.url);
            }
          }
          return damaged;
        }""".replace("%s", OFFLINE_COPY)  # JavaScript source: braces stay single
    )
    assert len(damaged) >= 3
    page.reload()
    wait_ready(page)
    start_game(page, seats=("human", "heuristic"), seed=2)
    until(page, "window.outremer.game.snapshot !== null")
    assert until(page, f"({NOT_WHOLE})().then((wrong) => wrong.length === 0)", timeout=30)
    guard.check()


def test_a_damaged_offline_copy_while_offline_says_so_and_is_repaired_on_the_next_connection(context, serve_dist):
    server = serve_dist()
    port = int(server.url.rstrip("/").rsplit(":", 1)[1])
    page = context.new_page()
    _visit_until_offline(page, server.url)
    start_game(page, seats=("human", "heuristic"), seed=2)
    until(page, "window.outremer.game.snapshot !== null")
    link = page.url
    kept = page.evaluate(
        "JSON.stringify(Object.entries(localStorage).filter(([k]) => k.startsWith('outremer.saved.')))"
    )
    page.evaluate(
        """async () => {
          const cache = await (%s)();
          for (const request of await cache.keys()) {
            if (request.url.endsWith('.whl') || request.url.endsWith('/app.js')) {
              await cache.put(request.url, new Response('damaged on this device', { headers: { 'Content-Type': 'text/javascript' } }));
            }
          }
        }""".replace("%s", OFFLINE_COPY)  # JavaScript source: braces stay single
    )
    # A later visit, offline (the page's script and the engine's wheels are checked by the service
    # worker on their first use since the copy was made: this page's first visit took them from
    # the server).
    server.stop()
    context.set_offline(True)
    page.reload()
    page.wait_for_selector("html[data-offline-copy=damaged]", state="attached", timeout=30_000)
    until(page, "document.getElementById('boot-status').textContent.includes('repaired the next time')")
    assert page.inner_text("#boot-title") == "The offline copy is damaged"
    _shot(page, "offline-copy-damaged")
    assert page.url == link  # the game's link is still the address
    assert (
        page.evaluate("JSON.stringify(Object.entries(localStorage).filter(([k]) => k.startsWith('outremer.saved.')))")
        == kept
    )
    # Online again (the same server): the page opens the game and the copy is made whole.
    serve_dist(port)
    context.set_offline(False)
    page.reload()
    wait_ready(page)
    until(page, "window.outremer.game.snapshot !== null")
    assert until(page, f"({NOT_WHOLE})().then((wrong) => wrong.length === 0)", timeout=30)


def test_a_cleared_offline_copy_is_refilled_on_the_next_visit(playwright, launch, serve_dist, tmp_path):
    server = serve_dist()
    context = playwright.chromium.launch_persistent_context(tmp_path / "profile", **launch)
    context.add_init_script(
        """(() => {
          window.persistAsked = 0;
          if (navigator.storage) navigator.storage.persist = () => { window.persistAsked++; return new Promise(() => {}); };
        })();"""
    )
    guard = RequestGuard(server.url).attach(context)
    page = context.pages[0] if context.pages else context.new_page()
    guard.watch(page)
    _visit_until_offline(page, server.url)
    assert page.evaluate("window.persistAsked") >= 1  # asked, and the start did not wait for it
    page.evaluate("caches.keys().then((names) => Promise.all(names.map((n) => caches.delete(n))))")
    assert page.evaluate("caches.keys()") == []

    page.reload()  # online: the site starts from the network and the copy is made whole
    _visit_until_offline(page, server.url)
    assert page.evaluate(NOT_WHOLE) == []

    server.stop()
    context.set_offline(True)
    page.reload()
    wait_ready(page)
    start_game(page, seats=("human", "heuristic"), seed=2)
    guard.check()
    context.close()
