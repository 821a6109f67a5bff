"""What a first visit leaves in the browser's storage: the quick start's snapshot of Python's
memory (every game loaded) and the offline copy, in Debian's Chromium against the built site.

    .venv/bin/python bench/snapshot_size.py [--out FILE]

A new profile opens the front door, waits for "engine ready", then for the snapshot to be saved
(body[data-quick-start]), and reads the sizes back from the page: the snapshot's cache entry,
every cache's bytes, and ``navigator.storage.estimate()``. Figures go into
bench/snapshot_size.json (the build they were measured on, the date).
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from out import out_path  # noqa: E402
from playwright.sync_api import sync_playwright  # noqa: E402
from site_bench import launch, serve, site_build  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
RESULTS = out_path(ROOT / "bench" / "snapshot_size.json")
sys.path.insert(0, str(ROOT / "e2e"))
from conftest import wait_ready  # noqa: E402

READ = """async () => {
  const out = { caches: {} };
  for (const name of await caches.keys()) {
    const cache = await caches.open(name);
    let bytes = 0, entries = 0;
    for (const request of await cache.keys()) {
      const body = await (await cache.match(request)).arrayBuffer();
      bytes += body.byteLength; entries += 1;
      if (request.url.endsWith('.snapshot')) out.snapshot = body.byteLength;
    }
    out.caches[name] = { entries, bytes };
  }
  const estimate = await navigator.storage.estimate();
  out.usage = estimate.usage;
  return out;
}"""


def measure() -> dict:
    server, url = serve(site_build.DIST)
    try:
        with tempfile.TemporaryDirectory() as tmp, sync_playwright() as p:
            context = launch(p, Path(tmp) / "profile")
            page = context.pages[0] if context.pages else context.new_page()
            page.goto(url)
            wait_ready(page)
            page.wait_for_selector("body[data-quick-start]", timeout=180_000)
            found = page.evaluate(READ)
            context.close()
    finally:
        server.shutdown()
    mb = lambda n: round(n / 1e6, 1) if n is not None else None  # noqa: E731
    return {
        "snapshot_bytes": found.get("snapshot"),
        "snapshot_mb": mb(found.get("snapshot")),
        "caches": found["caches"],
        "storage_usage_mb": mb(found.get("usage")),
        "build": json.loads((site_build.DIST / "build.json").read_text())["build"],
        "measured": time.strftime("%Y-%m-%d %H:%M"),
        "command": "python bench/snapshot_size.py",
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=RESULTS, help="where the figures go")
    args = parser.parse_args()
    if not (site_build.DIST / "build.json").exists():
        site_build.build()
    results = measure()
    args.out.write_text(json.dumps(results, indent=1) + "\n")
    print(json.dumps(results, indent=1))


if __name__ == "__main__":
    main()
