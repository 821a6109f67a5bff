"""The content policy travels as HTTP headers (a <meta> policy cannot refuse framing, and
a worker does not take the page's): the page, the engine's worker and the service worker
each carry theirs, also when the offline copy serves them, and other sites cannot frame
the page."""

from __future__ import annotations

import http.server
import sys
import threading
import time
import urllib.error
import urllib.request

from conftest import until


def _headers(url: str) -> dict[str, str]:
    with urllib.request.urlopen(url) as response:
        return {k.lower(): v for k, v in response.headers.items()}


def _policy(value: str) -> dict[str, str]:
    return {part.split()[0]: part.strip() for part in value.split(";") if part.strip()}


def test_the_page_and_the_workers_carry_their_policies(site):
    for path in ("", "index.html", "rules/levantine.html"):
        page = _policy(_headers(site + path)["content-security-policy"])
        assert page["frame-ancestors"] == "frame-ancestors 'self'", path
        assert page["script-src"] == "script-src 'self'", path
        assert page["default-src"] == "default-src 'self'", path
    for path in ("worker.js", "sw.js"):
        worker = _policy(_headers(site + path)["content-security-policy"])
        assert worker["script-src"] == "script-src 'self' 'wasm-unsafe-eval'", path
        assert worker["connect-src"] == "connect-src 'self'", path
        assert "'unsafe-eval'" not in worker["script-src"].replace("'wasm-unsafe-eval'", "")


def test_the_offline_copy_serves_the_same_headers(app):
    until(app, "navigator.serviceWorker.controller !== null", timeout=60)
    until(app, "document.body.dataset.offlineCopy === 'whole'", timeout=60)
    found = app.evaluate(
        """async () => {
          const headers = {};
          for (const path of ['index.html', 'worker.js']) {
            const name = (await caches.keys()).find((n) => n.startsWith('outremer-') && n !== 'outremer-snapshot');
            const hit = await (await caches.open(name)).match(new URL(path, location.href).href);
            headers[path] = hit && hit.headers.get('Content-Security-Policy');
          }
          return headers;
        }"""
    )
    assert "frame-ancestors 'self'" in found["index.html"]
    assert "'wasm-unsafe-eval'" in found["worker.js"]


def test_another_site_cannot_frame_the_page(page, site, tmp_path):
    (tmp_path / "index.html").write_text(
        f'<!doctype html><title>Elsewhere</title><iframe id="outremer" src="{site}" width="800" height="600"></iframe>'
    )

    class Quiet(http.server.ThreadingHTTPServer):
        daemon_threads = True

    elsewhere = Quiet(("127.0.0.1", 0), lambda *a, **k: _QuietHandler(*a, directory=str(tmp_path), **k))
    thread = threading.Thread(target=elsewhere.serve_forever, daemon=True)
    thread.start()
    refused: list[str] = []
    page.on("console", lambda m: "frame-ancestors" in m.text and refused.append(m.text))
    try:
        page.goto(f"http://127.0.0.1:{elsewhere.server_address[1]}/")
        deadline = time.monotonic() + 15
        while not refused and time.monotonic() < deadline:
            page.wait_for_timeout(100)
        assert refused, "the browser did not refuse the frame"
        frame = page.frame_locator("#outremer")
        assert frame.locator("#boot").count() == 0
    finally:
        elsewhere.shutdown()
        elsewhere.server_close()


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format, *args):  # noqa: A002 - stdlib signature
        pass


def test_the_engines_worker_runs_under_its_own_policy(page, site):
    page.goto(site)
    until(page, "document.body.dataset.engine === 'ready'", timeout=120)
    (worker,) = [w for w in page.workers if w.url.endswith("/worker.js")]
    # Another origin, asked from inside the worker: refused by the policy before any request.
    violated = worker.evaluate(
        """new Promise((resolve) => {
          self.addEventListener('securitypolicyviolation', (event) => resolve(event.violatedDirective));
          fetch('http://127.0.0.1:9/elsewhere').catch(() => {});
          setTimeout(() => resolve(null), 5000);
        })"""
    )
    assert violated == "connect-src"


def test_the_serving_guide_gives_the_headers_a_host_should_send(site_build):
    guide = (site_build.ROOT / "docs" / "serving.md").read_text()
    assert site_build.PAGE_CSP in guide and site_build.WORKER_CSP in guide


def _status(url: str) -> int:
    try:
        with urllib.request.urlopen(url) as response:
            return response.status
    except urllib.error.HTTPError as error:
        return error.code


def test_the_server_lists_no_folder_and_refuses_a_malformed_path(site_build, dist):
    """The development server (`make play`) serves files only: a folder without its own
    index.html is not listed; a path the file system cannot take is answered 400, quietly (no
    request ends in an error of the server's own, which it would print as a traceback)."""
    server = site_build.make_server(dist, "127.0.0.1", 0)
    failures = []
    server.handle_error = lambda request, address: failures.append(sys.exc_info()[1])
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    here = f"http://127.0.0.1:{server.server_address[1]}/"
    try:
        for folder in ("pyodide/", "rules/", "icons/"):
            assert _status(here + folder) == 404, folder
        assert _status(here) == 200 and _status(here + "rules/levantine.html") == 200
        for bad in ("index.html%00", "%00", "rules/%00levantine.html", "%ff%fe"):
            assert _status(here + bad) == 400, bad
    finally:
        server.shutdown()
        server.server_close()
    assert failures == []
