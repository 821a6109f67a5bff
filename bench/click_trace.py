"""Chromium's own trace of clicks on a table: where the page's thread spends its time, by the
browser's event names (style and layout, forced or not, paint, the HTML parser, hit tests),
per table drawn. Printed, not kept: it says what the click benchmark's "dom" and "paint" parts
(bench/site_bench.py click) are made of.

    python bench/click_trace.py [--game G] [--players N] [--clicks N]

Every action shown, the computer's too, draws the table anew, so the sums are divided by the
actions shown during the trace. Tracing adds its own cost: read the shares, not the times.
"""

from __future__ import annotations

import argparse
import collections
import json
import random
import sys
import tempfile
from pathlib import Path

BENCH = Path(__file__).resolve().parent
sys.path.insert(0, str(BENCH))
sys.path.insert(0, str(BENCH.parent / "e2e"))
import site_bench  # noqa: E402
from playwright.sync_api import sync_playwright  # noqa: E402

from conftest import CHROMIUM, CHROMIUM_ARGS, make_multiple_choice, set_pace, start_game, wait_for_turn, wait_ready  # noqa: E402


def trace(game_id: str, players: int, clicks: int, path: Path) -> tuple[int, int]:
    """Play ``clicks`` random clicks against the quick player under Chromium's tracing; the clicks
    made and the actions shown."""
    server, url = site_bench.serve(site_bench.site_build.DIST)
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        page = browser.new_page(viewport={"width": 1280, "height": 900})
        page.goto(url)
        wait_ready(page)
        rand = random.Random(0)
        start_game(
            page,
            game=game_id,
            seats=("human",) + ("heuristic",) * (players - 1),
            seed=100,
            players=None if game_id == "levantine" else players,
        )
        set_pace(page, 0)
        wait_for_turn(page)
        first = page.evaluate("window.outremer.game.snapshot.steps")
        browser.start_tracing(page=page, path=str(path), categories=["devtools.timeline", "blink"])
        made = 0
        while not wait_for_turn(page)["over"] and made < clicks:
            made += 1
            if make_multiple_choice(page, rand):
                continue
            acts = page.locator("#table [data-act]:visible")
            acts.nth(rand.randrange(acts.count())).click()
        wait_for_turn(page)
        browser.stop_tracing()
        shown = page.evaluate("window.outremer.game.snapshot.steps") - first
        browser.close()
    server.shutdown()
    return made, shown


def by_event(path: Path) -> collections.Counter:
    """Milliseconds of each complete event on the page's main thread."""
    data = json.loads(path.read_text())
    events = data["traceEvents"] if isinstance(data, dict) else data
    threads = {
        (e["pid"], e["tid"]): e["args"]["name"] for e in events if e.get("ph") == "M" and e.get("name") == "thread_name"
    }
    totals: collections.Counter = collections.Counter()
    for e in events:
        if e.get("ph") == "X" and "dur" in e and threads.get((e["pid"], e["tid"])) == "CrRendererMain":
            totals[e["name"]] += e["dur"] / 1000
    return totals


EVENTS = (
    "HandlePostMessage",
    "Blink.ForcedStyleAndLayout.UpdateTime",
    "Layout",
    "Paint",
    "PrePaint",
    "HTMLDocumentParser::PumpTokenizerIfPossible",
    "LayoutView::HitTest",
)
"""The events that say where a table's drawing goes: the worker's answer handled (the page's
whole reaction to it, present() included), style and layout forced by a script, all layout,
paint and pre-paint, the HTML parser (innerHTML), the hit tests of the pointer."""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="third-crusade", choices=sorted(site_bench.PLAYERS))
    parser.add_argument("--players", type=int, help="the player count (default: the game's largest)")
    parser.add_argument("--clicks", type=int, default=15)
    args = parser.parse_args()
    players = args.players or max(site_bench.PLAYERS[args.game])
    if not (site_bench.site_build.DIST / "build.json").exists():
        site_bench.site_build.build()
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "trace.json"
        made, shown = trace(args.game, players, args.clicks, path)
        totals = by_event(path)
    print(f"{args.game}, {players} players: {made} clicks, {shown} actions shown (each draws the table anew)")
    for name in EVENTS:
        print(f"  {name:45s} {totals[name] / max(1, shown):8.2f} ms per table drawn")


if __name__ == "__main__":
    main()
