"""Browser tests of the built site (dist/), in Debian's Chromium.

Fixtures:
  site_build    build.py, imported under another name (``build`` is PyPA's)
  dist          a private copy of the built site (built first if `make` did not)
  site          the site served on a free 127.0.0.1 port for the whole session
  serve_dist    a server of our own, to stop in the middle of a test (offline)
  guard         records every request of a browser context; fails the test on any
                origin other than the site's own
  shared, app   one page booted for the whole session (app: that page, tidied for a
                test); app_guard: its context's guard
  launch        keyword arguments for launching Chromium here (persistent contexts)
"""

from __future__ import annotations

import importlib.util
import json
import os
import random
import shutil
import sys
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit

import pytest

ROOT = Path(__file__).resolve().parent.parent
CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    # Nothing but the loopback resolves: a request to any other origin fails at once
    # (and the guard still records it).
    "--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1",
]
BOOT_TIMEOUT_MS = int(os.environ.get("OUTREMER_BOOT_TIMEOUT_MS", "120000"))
FULL_SWEEPS = os.environ.get("OUTREMER_FULL_SWEEPS") == "1"


def sweep(sample, full):
    """A slow sweep's extent: its representative sample in the tests, in full under
    ``python bench/sweeps.py`` (which sets OUTREMER_FULL_SWEEPS=1; docs/benchmarks.md).
    The assertions are the same either way."""
    return full if FULL_SWEEPS else sample


def _load_site_build():
    spec = importlib.util.spec_from_file_location("outremer_site_build", ROOT / "build.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="session")
def site_build():
    return _load_site_build()


@pytest.fixture(scope="session")
def dist(site_build, tmp_path_factory) -> Path:
    """A private copy of the built site: a rebuild of dist/ during the run (or a
    test that alters a file) touches nobody else."""
    if not (site_build.DIST / "build.json").exists() or os.environ.get("OUTREMER_E2E_REBUILD"):
        site_build.build()
    copy = tmp_path_factory.mktemp("site") / "dist"
    shutil.copytree(site_build.DIST, copy)
    return copy


class Server:
    """dist/ served on 127.0.0.1 in a background thread; stoppable."""

    def __init__(self, site_build, root: Path, port: int = 0):
        self.httpd = site_build.make_server(root, "127.0.0.1", port)
        self.port = self.httpd.server_address[1]
        self.url = f"http://127.0.0.1:{self.port}/"
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)
        self.thread.start()

    def stop(self) -> None:
        if self.thread is not None:
            self.httpd.shutdown()
            self.httpd.server_close()
            self.thread.join(timeout=10)
            self.thread = None


@pytest.fixture(scope="session")
def site(site_build, dist) -> str:
    server = Server(site_build, dist)
    yield server.url
    server.stop()


@pytest.fixture
def serve_dist(site_build, dist):
    servers: list[Server] = []

    def start(port: int = 0) -> Server:
        server = Server(site_build, dist, port)
        servers.append(server)
        return server

    yield start
    for server in servers:
        server.stop()


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    return {**browser_type_launch_args, "executable_path": CHROMIUM, "args": CHROMIUM_ARGS, "headless": True}


@pytest.fixture(scope="session")
def launch() -> dict:
    return {"executable_path": CHROMIUM, "args": CHROMIUM_ARGS, "headless": True}


@dataclass
class RequestGuard:
    """Every request a browser context makes; only the site's own origin is allowed."""

    origin: str
    requests: list[str] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)

    def attach(self, context) -> RequestGuard:
        context.on("request", lambda request: self.requests.append(request.url))
        context.on("weberror", lambda error: self.errors.append(str(error.error)))
        return self

    def watch(self, page) -> None:
        page.on("pageerror", lambda error: self.errors.append(str(error)))
        page.on("console", lambda m: m.type == "error" and self.errors.append(f"console: {m.text}"))

    def foreign(self) -> list[str]:
        allowed = urlsplit(self.origin)
        return [
            url
            for url in self.requests
            if urlsplit(url).scheme not in ("data", "blob")
            and (urlsplit(url).scheme, urlsplit(url).netloc) != (allowed.scheme, allowed.netloc)
        ]

    def check(self) -> None:
        foreign = self.foreign()
        assert not foreign, f"requests to other origins: {foreign}"


@pytest.fixture
def guard(context, site):
    """The default context, guarded: any request off our origin fails the test."""
    watcher = RequestGuard(site).attach(context)
    yield watcher
    watcher.check()


@dataclass
class Shared:
    context: object
    page: object
    guard: RequestGuard


def draws_frames(page, within_ms: int = 5000) -> bool:
    """Whether the page still paints: two animation frames come within ``within_ms``.

    Headless Chromium now and then stops producing compositor frames for a page for good
    (requestAnimationFrame never fires again, while scripts still run); every click and
    screenshot on that page then times out. A fresh page in the same context paints again.
    """
    try:
        return bool(
            page.evaluate(
                """(ms) => new Promise(resolve => {
                requestAnimationFrame(() => requestAnimationFrame(() => resolve(true)));
                setTimeout(() => resolve(false), ms);
            })""",
                within_ms,
            )
        )
    except Exception:  # a closed or crashed page does not paint either
        return False


_SHARED: list[Shared] = []  # the session's shared page, for the rerun condition below


def _open_shared_page(shared: Shared, site: str) -> None:
    page = shared.context.new_page()
    shared.guard.watch(page)
    page.goto(site)
    wait_ready(page)
    shared.page = page


@pytest.fixture(scope="session")
def shared(browser, site):
    """One page of the site, booted once for the whole session (booting Python is the
    slow part), its context guarded: any request off our origin fails the session."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    guard = RequestGuard(site).attach(context)
    shared = Shared(context, None, guard)
    _open_shared_page(shared, site)
    _SHARED.append(shared)
    yield shared
    _SHARED.remove(shared)
    guard.check()
    context.close()


def compositor_stalled(error: BaseException | None = None) -> bool:
    """The rerun condition: a Playwright timeout while the shared page has stopped painting.
    Any other failure, or a timeout on a page that still paints, stands."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    if error is not None and not isinstance(error, PlaywrightTimeout):
        return False
    return any(not draws_frames(shared.page) for shared in _SHARED)


def pytest_collection_modifyitems(items):
    """Every browser test runs once more, and only once, if it failed on a stalled
    compositor (see ``draws_frames``); the rerun starts on a fresh page (``app``)."""
    for item in items:
        item.add_marker(pytest.mark.flaky(reruns=1, condition=compositor_stalled))


@pytest.fixture
def app(shared, site):
    """The shared page, booted to "engine ready", back at its top level (no dialog open,
    nothing focused, scrolled to the top, the usual window size). A page that has stopped
    painting is replaced by a fresh one first."""
    if not draws_frames(shared.page):
        stalled = shared.page
        _open_shared_page(shared, site)
        stalled.close()
        print("the shared page stopped painting; a fresh page replaces it")
    page = shared.page
    page.set_viewport_size({"width": 1280, "height": 900})
    page.evaluate(
        """() => {
            const dialog = document.getElementById('new-game-dialog');
            if (dialog && dialog.open) dialog.close();
            if (document.activeElement) document.activeElement.blur();
            window.scrollTo(0, 0);
        }"""
    )
    return page


@pytest.fixture
def app_guard(shared) -> RequestGuard:
    """The guard of the shared page's context."""
    return shared.guard


def wait_ready(page, timeout: int = BOOT_TIMEOUT_MS) -> None:
    page.wait_for_selector("body[data-engine=ready], body[data-engine=failed]", timeout=timeout)
    state = page.get_attribute("body", "data-engine")
    assert state == "ready", page.inner_text("#boot")


def bridge_available(page) -> bool:
    return bool(page.evaluate("window.outremerBoot && window.outremerBoot.status.bridge"))


def until(page, expression: str, timeout: float = 30.0, interval: float = 0.1):
    """Poll a JavaScript expression (awaited) until it is truthy; return its value.

    Not ``page.wait_for_function``: that evaluates strings in the page, which the
    site's Content-Security-Policy (no 'unsafe-eval') rightly refuses.
    """
    deadline = time.monotonic() + timeout
    while True:
        value = page.evaluate(expression)
        if value:
            return value
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out after {timeout} s waiting for: {expression}")
        time.sleep(interval)


# ---------------------------------------------------------------- playing through the page

SHOTS = ROOT / "artifacts" / "screenshots"

# The page's own state, read (never changed) to know when it has settled after a click:
# "handoff:<steps>", "over:<steps>", "move:<steps>" (the viewer may act), else null.
SETTLED = """() => {
  const o = window.outremer, g = o && o.game, s = g && g.snapshot;
  if (!s || document.body.dataset.busy) return null;
  if (!document.getElementById('handoff').hidden) return 'handoff:' + s.steps;
  if (s.over) return 'over:' + s.steps;
  if (g.mode === 'play' && g.viewer === s.to_act && s.legal.length) return 'move:' + s.steps;
  return null;
}"""


def web_on_path() -> None:
    """Make the site's own Python (web/: render.py, games/) importable, as build.py sees it."""
    if str(ROOT / "web") not in sys.path:
        sys.path.insert(0, str(ROOT / "web"))


def guarded_page(browser, site: str, url: str | None = None, width: int = 1280, height: int = 900):
    """A page of its own (a new browser context of the given size, its requests guarded) opened
    on ``url`` (the site's front door by default), Python ready: (page, context, guard)."""
    context = browser.new_context(viewport={"width": width, "height": height})
    guard = RequestGuard(site).attach(context)
    page = context.new_page()
    guard.watch(page)
    page.goto(url or site)
    wait_ready(page)
    return page, context, guard


def acts(page, prefix: str):
    """The table's action elements whose action text starts with ``prefix``."""
    return page.locator(f'#table [data-action^="{prefix}"]')


AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
AXE_OPTIONS = {"rules": {"label-content-name-mismatch": {"enabled": True}}}
"""axe-core (npm, pinned in package.json) with its rules as they stand, and WCAG 2.5.3 "label in
name" on in any case: every visible label is part of its element's accessible name."""


def axe_violations(page) -> list[dict]:
    """axe-core's violations on the page as it stands (put in by evaluation, which the page's
    content policy, rightly, does not forbid to the browser's own tools)."""
    if not page.evaluate("typeof window.axe === 'object' && typeof window.axe.run === 'function'"):
        page.evaluate(AXE.read_text(encoding="utf-8"))
    return page.evaluate("(options) => axe.run(document, options).then((r) => r.violations)", AXE_OPTIONS)


def serious_violations(page) -> list[dict]:
    """axe-core's serious and critical accessibility violations on the page as it stands."""
    return [v for v in axe_violations(page) if v.get("impact") in ("serious", "critical")]


@pytest.fixture
def table(app, app_guard, site):
    """The session's booted page (booting Python is the slow part), allowed to use the
    clipboard; left as a visitor finds it (the next Tab starts from the top), and no request
    may have left the site."""
    app.context.grant_permissions(["clipboard-read", "clipboard-write"], origin=site.rstrip("/"))
    errors = len(app_guard.errors)
    yield app
    app.evaluate("() => { if (document.activeElement) document.activeElement.blur(); window.scrollTo(0, 0); }")
    app.mouse.click(2, 2)
    assert app_guard.errors[errors:] == []


def screenshot(page, name: str) -> None:
    """A full-page screenshot in artifacts/screenshots/ (not committed)."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)


def where(page, timeout: float = 60.0) -> tuple[str, int]:
    """Wait until the page has settled (SETTLED); its kind and the game's step."""
    kind, steps = until(page, SETTLED, timeout=timeout).split(":")
    return kind, int(steps)


def click_settled(page, locator, timeout: float = 60.0) -> tuple[str, int]:
    """Click an action element and wait until the page has settled on a later step."""
    _kind, before = where(page, timeout=timeout)
    locator.click()
    deadline = time.monotonic() + timeout
    while True:
        kind, steps = where(page, timeout=timeout)
        if steps > before:
            return kind, steps
        if time.monotonic() > deadline:
            raise AssertionError(f"no step after clicking {locator}")
        time.sleep(0.05)


CONTROLLER_LABELS = {"human": "Person", "heuristic": "Computer (plays to win)", "random": "Computer (random moves)"}


def start_game(
    page, game: str = "levantine", seats=("human", "heuristic"), seed=None, options=None, players: int | None = None
) -> str:
    """Start a game through the New game dialog, like a player; returns its code."""
    before = page.evaluate("location.hash")
    page.evaluate("() => { window.__before = window.outremer && window.outremer.game && window.outremer.game.entry; }")
    page.click("#new-game")
    page.wait_for_selector("#new-game-dialog[open]")
    page.select_option("#new-game-choice", game)
    if (players is not None or len(seats) != 2) and page.is_visible("#new-game-players"):
        page.select_option("#new-game-players", str(players or len(seats)))
    until(page, f"document.querySelectorAll('#seat-list select').length === {len(seats)}")
    for seat, who in enumerate(seats):
        page.select_option(f"#seat-{seat}-controller", who)
    for option, value in (options or {}).items():
        box = page.locator(f"#option-{option}")
        if box.get_attribute("type") == "checkbox":
            box.set_checked(bool(value))
        else:
            box.select_option(json.dumps(value))  # a choice's value is its JSON
    page.fill("#new-game-seed", "" if seed is None else str(seed))
    page.click("#new-game-start")
    page.wait_for_selector("#new-game-dialog", state="hidden")
    # a new game's link; or the same link again (the same seed and seats), a new game all the same:
    # kept under an entry of its own (the computer may have moved on from its first step already)
    until(
        page,
        f"location.hash.length > 1 && (location.hash !== {before!r} || (window.outremer.game.entry "
        "&& window.outremer.game.entry !== window.__before))",
    )
    return page.evaluate("location.hash.slice(1)")


def set_pace(page, ms: int) -> None:
    """The computer's pause between its moves: the Computer speed control, shown with a game
    (before one, the setting it keeps)."""
    if page.is_visible("#pace"):
        page.select_option("#pace", str(ms))
    else:
        page.evaluate(f"localStorage.setItem('outremer.pace', '{ms}')")


def settled(page) -> dict:
    """Where the page stands: over, a person's move (actions on the table), the computer's
    turn, a hand-off screen."""
    return page.evaluate(
        """() => ({
            over: document.body.dataset.over === 'yes',
            mode: document.body.dataset.mode,
            busy: document.body.dataset.busy === 'yes',
            thinking: document.body.dataset.thinking === 'yes',
            handoff: !document.getElementById('handoff').hidden,
            acts: document.querySelectorAll('#table [data-act]').length,
        })"""
    )


def play_first_action(page) -> None:
    """Once a person may act, click the first legal action on the table; until it is played."""
    wait_for_turn(page)
    steps = page.evaluate("window.outremer.game.snapshot.steps")
    click_first_action(page)
    until(page, f"window.outremer.game.snapshot.steps > {steps}")


def click_first_action(page) -> None:
    """Click the first legal action on the table; a multiple choice (several cards to discard)
    is made with the first cards offered, then confirmed once, as a player does."""
    if not make_multiple_choice(page):
        page.locator("#table [data-act]").first.click()


def make_multiple_choice(page, rand=None) -> bool:
    """If the table asks for a multiple choice (snapshot.choose), pick its cards (the first ones,
    or at random with ``rand``) and confirm once; False if it does not ask for one."""
    confirm = page.locator("#table [data-command='confirm-picks']")
    if not confirm.count():
        return False
    count = page.evaluate("window.outremer.game.snapshot.choose.count")
    picks = page.locator("#table [data-act][aria-pressed='false']")
    chosen = rand.sample(range(picks.count()), count) if rand else range(count)
    for index in sorted(chosen, reverse=True):  # picking leaves the later ones where they were
        picks.nth(index).click()
    confirm.click()
    return True


def wait_for_turn(page, timeout: float = 60.0) -> dict:
    """Until a person may act (actions on the table), a hand-off screen, or the end."""
    deadline = time.monotonic() + timeout
    while True:
        state = settled(page)
        if not state["busy"] and (state["over"] or state["handoff"] or (state["acts"] and not state["thinking"])):
            return state
        if time.monotonic() > deadline:
            raise AssertionError(f"the page did not settle: {state}")
        time.sleep(0.03)


# Keeps the snapshot shown (window.__snaps): the snapshots of a game, to draw again one over another.
COLLECT = """() => { (window.__snaps = window.__snaps || []).push(window.outremer.game.snapshot); return window.__snaps.length; }"""


def collect_snapshots(page, game: str, seats: tuple[str, ...], seed: int, clicks: int, choices: int) -> int:
    """Play ``clicks`` random clicks of the person (``choices`` seeds them) in a new game against
    the other ``seats``, keeping the snapshot before each and the last (``COLLECT``): how many."""
    set_pace(page, 0)
    start_game(page, game=game, seats=seats, seed=seed)
    page.evaluate("window.__snaps = []")
    rand = random.Random(choices)
    for _ in range(clicks):
        if wait_for_turn(page)["over"]:
            break
        page.evaluate(COLLECT)
        steps = page.evaluate("window.outremer.game.snapshot.steps")
        if not make_multiple_choice(page, rand):
            acts = page.locator("#table [data-act]:visible")
            acts.nth(rand.randrange(acts.count())).click()
        until(page, f"window.outremer.game.snapshot.steps > {steps}")
    wait_for_turn(page)
    return page.evaluate(COLLECT)


def check_table_actions(html: str, legal: list[dict], composed: tuple[str, ...]) -> None:
    """Every legal action is one element carrying data-act: a button, or an element with
    role="button", a tab stop and a name; the many alike ones (verbs in ``composed``) are composed
    in one form per verb whose button carries the action composed (render.py, "Actions")."""
    from html.parser import HTMLParser

    class Acts(HTMLParser):
        def __init__(self):
            super().__init__()
            self.acts, self.forms = [], []

        def handle_starttag(self, tag, attrs):
            attrs = dict(attrs)
            if tag == "form" and "data-compose" in attrs:
                self.forms.append(attrs["data-compose"])
            if "data-act" in attrs:
                assert tag == "button" or (
                    attrs.get("role") == "button" and attrs.get("tabindex") == "0" and attrs.get("aria-label")
                ), (tag, attrs)
                self.acts.append(int(attrs["data-act"]))

    parser = Acts()
    parser.feed(html)
    many = {a["index"] for a in legal if a["text"].split()[0] in composed}
    assert sorted(i for i in parser.acts if i not in many) == sorted(
        a["index"] for a in legal if a["index"] not in many
    )
    assert sorted(parser.forms) == sorted({a["text"].split()[0] for a in legal if a["index"] in many})
    assert len([i for i in parser.acts if i in many]) == len(parser.forms)
