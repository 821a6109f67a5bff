"""Browser tests of the built site (dist/), in Debian's Chromium.

Fixtures:
  site_build    build.py, imported under another name (``build`` is PyPA's)
  dist          a private copy of the built site (built first if `make` did not)
  site          the site served on a free 127.0.0.1 port for the whole session
  serve_dist    a server of our own, to stop in the middle of a test (offline)
  guard         records every request of a browser context; fails the test on any
                origin other than the site's own
  launch        keyword arguments for launching Chromium here (persistent contexts)
"""

from __future__ import annotations

import importlib.util
import os
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

    def attach(self, context) -> "RequestGuard":
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


@pytest.fixture
def app(page, guard, site):
    """A page of the site, booted to "engine ready"."""
    guard.watch(page)
    page.goto(site)
    wait_ready(page)
    return page


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
