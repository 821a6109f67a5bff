"""The README's pictures: each game's table, opened from a link at a fixed seed.

    PYTHONPATH=$PWD/engine .venv/bin/python build.py          # the site, once
    PYTHONPATH=$PWD/engine .venv/bin/python tools/screenshots.py [--only GAME]

Builds nothing: serves the built dist/ on a free 127.0.0.1 port (as e2e/conftest.py does),
plays each game some way with the quick computer player in every seat (CPython, this checkout's
engine), stops where the person's seat is to act, opens that game's link in Debian's Chromium at
a laptop's size (1366x900) and saves the window, 1000 px wide, as docs/pictures/<game>.png.
The picture is reduced to its 256 most frequent colours in the browser and written as an
indexed PNG by the standard library, so that each stays small (about 100 KB).
"""

from __future__ import annotations

import argparse
import base64
import importlib.util
import struct
import sys
import threading
import time
import zlib
from pathlib import Path

from playwright.sync_api import sync_playwright

from outremer.ai import agent_for, agent_random, decide
from outremer.core import sharecode
from outremer.core.match import Match
from outremer.games import get_game

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "docs" / "pictures"
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--no-first-run",
    "--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1",
]
WIDTH, HEIGHT, PICTURE_WIDTH = 1366, 900, 1000

# game: (seats, options, seed, actions played before the picture)
TABLES = {
    "levantine": (["human", "heuristic"], {}, 7, 40),
    "crusader-kingdoms": (["human", "heuristic", "heuristic", "heuristic"], {}, 7, 60),
    "lords-of-heaven": (["human", "heuristic", "heuristic", "heuristic"], {}, 7, 80),
    "third-crusade": (["human", "heuristic"], {}, 7, 12),
}


def code_for(game_id: str) -> str:
    """The link of a game played ``actions`` steps (or more, until the person is to act)."""
    seats, options, seed, actions = TABLES[game_id]
    game = get_game(game_id)
    setup = game.make_setup(seed, seats, dict(options))
    match = Match(game, setup)
    agents = [agent_for(game, "heuristic") for _ in seats]
    while (seat := match.to_act()) is not None and (match.steps < actions or seat != 0):
        match.play(decide(agents[seat], game, match.state, seat, agent_random(seed, match.steps)))
    return sharecode.encode(match)


def site_server():
    spec = importlib.util.spec_from_file_location("outremer_site_build", ROOT / "build.py")
    site_build = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = site_build
    spec.loader.exec_module(site_build)
    if not (site_build.DIST / "build.json").exists():
        sys.exit("dist/ is not built: run build.py first")
    httpd = site_build.make_server(site_build.DIST, "127.0.0.1", 0)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    return httpd, f"http://127.0.0.1:{httpd.server_address[1]}/"


# The most frequent colours (on a 5-bit-a-channel histogram, each the mean of its pixels), then
# every pixel mapped to the nearest of them: a table is mostly flat colours, and text edges fall
# to the nearest one.
QUANTIZE = """async ([src, colours]) => {
  const img = new Image(); img.src = src; await img.decode();
  const c = document.createElement('canvas'); c.width = img.width; c.height = img.height;
  const g = c.getContext('2d'); g.drawImage(img, 0, 0);
  const px = g.getImageData(0, 0, c.width, c.height).data;
  const key = (i) => ((px[i] >> 3) << 10) | ((px[i + 1] >> 3) << 5) | (px[i + 2] >> 3);
  const hist = new Map();
  for (let i = 0; i < px.length; i += 4) {
    const k = key(i), h = hist.get(k) || [0, 0, 0, 0];
    h[0] += 1; h[1] += px[i]; h[2] += px[i + 1]; h[3] += px[i + 2]; hist.set(k, h);
  }
  const top = [...hist.entries()].sort((a, b) => b[1][0] - a[1][0]).slice(0, colours);
  const palette = top.map(([, h]) => [h[1], h[2], h[3]].map((v) => Math.round(v / h[0])));
  const index = new Map();
  for (const [k, h] of hist) {
    const rgb = [h[1] / h[0], h[2] / h[0], h[3] / h[0]];
    let best = 0, bestD = Infinity;
    palette.forEach((p, i) => {
      const d = 2 * (p[0] - rgb[0]) ** 2 + 4 * (p[1] - rgb[1]) ** 2 + 3 * (p[2] - rgb[2]) ** 2;
      if (d < bestD) { bestD = d; best = i; }
    });
    index.set(k, best);
  }
  const out = new Uint8Array(c.width * c.height);
  for (let i = 0, j = 0; i < px.length; i += 4, j++) out[j] = index.get(key(i));
  let s = ''; for (let i = 0; i < out.length; i += 8192) s += String.fromCharCode(...out.subarray(i, i + 8192));
  return { width: c.width, height: c.height, palette, pixels: btoa(s) };
}"""


def indexed_png(width: int, height: int, palette: list[list[int]], pixels: bytes) -> bytes:
    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    rows = b"".join(b"\0" + pixels[y * width : (y + 1) * width] for y in range(height))
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 3, 0, 0, 0))
        + chunk(b"PLTE", bytes(v for rgb in palette for v in rgb))
        + chunk(b"IDAT", zlib.compress(rows, 9))
        + chunk(b"IEND", b"")
    )


def settled(page, timeout: float = 120.0) -> None:
    """Until the person may act on the table (the page's own state, read only)."""
    deadline = time.monotonic() + timeout
    while not page.evaluate("""() => { const g = window.outremer && window.outremer.game, s = g && g.snapshot;
        return !!s && !document.body.dataset.busy && g.viewer === s.to_act && s.legal.length > 0; }"""):
        if time.monotonic() > deadline:
            raise RuntimeError("the table did not settle")
        time.sleep(0.2)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--only", choices=sorted(TABLES))
    parser.add_argument("--colours", type=int, default=256)
    parser.add_argument("--raw", action="store_true", help="also keep the screenshot as taken (<game>.raw.png)")
    args = parser.parse_args()
    httpd, url = site_server()
    OUT.mkdir(parents=True, exist_ok=True)
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
            context = browser.new_context(
                viewport={"width": WIDTH, "height": HEIGHT},
                device_scale_factor=PICTURE_WIDTH / WIDTH,
                color_scheme="light",
            )
            work = browser.new_page()  # a blank page, no content policy, for the colour reduction
            for game_id in [args.only] if args.only else TABLES:
                page = context.new_page()
                page.goto(f"{url}#{code_for(game_id)}")
                settled(page)
                page.mouse.move(1, 1)
                time.sleep(1.0)
                shot = page.screenshot()
                if args.raw:
                    (OUT / f"{game_id}.raw.png").write_bytes(shot)
                page.close()
                src = "data:image/png;base64," + base64.b64encode(shot).decode()
                q = work.evaluate(QUANTIZE, [src, args.colours])
                png = indexed_png(q["width"], q["height"], q["palette"], base64.b64decode(q["pixels"]))
                path = OUT / f"{game_id}.png"
                path.write_bytes(png)
                print(
                    f"{path.relative_to(ROOT)}: {q['width']}x{q['height']}, {len(png) / 1000:.0f} KB "
                    f"(the screenshot {len(shot) / 1000:.0f} KB)"
                )
            browser.close()
    finally:
        httpd.shutdown()


if __name__ == "__main__":
    main()
