"""Measure the site's boot in Chromium: cold (empty profile) and warm (service worker).

    .venv/bin/python e2e/boot_timing.py [runs]

Not a test (timings are noisy): prints, for each visit, the time to "engine ready",
the worker's stage marks, and what the server sent (files with 200, files with 304).
"""

from __future__ import annotations

import collections
import importlib.util
import json
import statistics
import sys
import tempfile
import threading
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(Path(__file__).resolve().parent))
from conftest import CHROMIUM, CHROMIUM_ARGS, wait_ready  # noqa: E402

spec = importlib.util.spec_from_file_location("outremer_site_build", ROOT / "build.py")
site_build = importlib.util.module_from_spec(spec)
spec.loader.exec_module(site_build)

sent: collections.Counter = collections.Counter()


class CountingHandler(site_build.SiteHandler):
    def log_request(self, code="-", size="-"):
        path = self.path.split("?")[0].split("#")[0].lstrip("/") or "index.html"
        sent[str(code)] += 1
        if str(code) == "200" and self.command == "GET":
            file = site_build.DIST / path
            sent["bytes"] += file.stat().st_size if file.is_file() else 0


def main(runs: int) -> None:
    handler = lambda *a, **k: CountingHandler(*a, directory=str(site_build.DIST), **k)  # noqa: E731
    server = site_build.http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{server.server_address[1]}/"
    results = {"cold": [], "warm": []}
    with sync_playwright() as p:
        for _ in range(runs):
            with tempfile.TemporaryDirectory() as profile:
                for kind in ("cold", "warm"):
                    sent.clear()
                    context = p.chromium.launch_persistent_context(
                        profile, executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True
                    )
                    page = context.pages[0] if context.pages else context.new_page()
                    page.goto(url)
                    wait_ready(page)
                    boot = page.evaluate("window.outremerBoot")
                    page.wait_for_selector("body[data-offline=ready]", timeout=60_000)
                    context.close()
                    results[kind].append(boot["ms"])
                    print(
                        kind,
                        json.dumps({"ready_ms": boot["ms"], "worker": boot["worker"], "server": dict(sent)}),
                        flush=True,
                    )
    for kind, values in results.items():
        print(
            f"{kind}: median {statistics.median(values) / 1000:.2f} s over {len(values)} "
            f"(min {min(values) / 1000:.2f}, max {max(values) / 1000:.2f})"
        )
    server.shutdown()


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 3)
