"""The site's benchmarks, in Debian's Chromium; figures go into bench/site_results.json.

    .venv/bin/python bench/site_bench.py [boot|click|bytes|all] [--runs N] [--smoke --out FILE]
        [--game G [--players N]] [--clicks N] [--games N]

boot   time to "engine ready" from the start of navigation, cold (new profile) and warm
       (second visit: our service worker and the engine's snapshot the first visit saved,
       which it waits for; the bare page: the HTTP cache), beside a bare
       Pyodide page that loads the same runtime files (pyodide.mjs, the wasm, the standard
       library, the lock file) in the same browser run.  Target: ours within 1.2x.
click  games against the computer played by clicks, in every game and player count (PLAYERS),
       each beside Levantine's in the same run: the time from a click on an action to the
       updated table painted (the computer's turns excluded: they are not clicks).
       Target: median at most 75 ms and 90th percentile at most 120 ms in every case.
       Each click is also cut into its parts (PARTS: the engine's step, the legal actions,
       the seat's view, the table's context and template, JSON, the crossing to the worker
       and back, the table's elements built from its HTML, the rest of the DOM update, the
       paint), with the engine's timing switched on for the
       run (engine.timing in static/engine.js; off in normal play): median and 90th
       percentile of each part.
bytes  what a first visit downloads (the page, the engine, and the service worker's
       precache of the whole site), raw and as gzip would send it.  Target: at most 7 MB gzip.

Timings are noisy on a shared machine: runs alternate ours / bare, and medians are kept.
"""

from __future__ import annotations

import argparse
import gzip
import http.server
import importlib.util
import json
import random
import shutil
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from out import out_path  # noqa: E402
from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parent.parent
RESULTS = out_path(ROOT / "bench" / "site_results.json")
sys.path.insert(0, str(ROOT / "e2e"))
from conftest import CHROMIUM, CHROMIUM_ARGS, make_multiple_choice, set_pace, start_game, wait_for_turn, wait_ready  # noqa: E402

spec = importlib.util.spec_from_file_location("outremer_site_build", ROOT / "build.py")
site_build = importlib.util.module_from_spec(spec)
spec.loader.exec_module(site_build)

BARE_HTML = """<!doctype html><html lang="en"><head><meta charset="utf-8"><title>bare Pyodide</title>
<script type="module" src="bare.js"></script></head><body><p id="state">loading</p></body></html>
"""
BARE_JS = """import { loadPyodide } from "./pyodide/pyodide.mjs";
const indexURL = new URL("./pyodide/", location.href).href;
const pyodide = await loadPyodide({ indexURL, lockFileURL: indexURL + "pyodide-lock.json" });
pyodide.runPython("import sys");
window.bareReady = Math.round(performance.now());
document.getElementById("state").textContent = "ready";
"""


class Counting(site_build.SiteHandler):
    """The site's handler, counting what it sends."""

    sent: dict = {"requests": 0, "bytes": 0, "files": []}

    def log_request(self, code="-", size="-"):
        if str(code) == "200" and self.command == "GET":
            path = Path(self.translate_path(self.path))
            if path.is_file():
                Counting.sent["bytes"] += path.stat().st_size
                Counting.sent["files"].append(path)
        Counting.sent["requests"] += 1


class Bare(Counting):
    """The bare Pyodide page as such a page is served: without our content policy, which
    (rightly, for our page) refuses WebAssembly on the main thread, where the bare page runs it."""

    def end_headers(self) -> None:
        self.send_header("Cache-Control", "no-cache")
        http.server.SimpleHTTPRequestHandler.end_headers(self)


def serve(root: Path, kind: type = Counting) -> tuple[http.server.ThreadingHTTPServer, str]:
    handler = lambda *a, **k: kind(*a, directory=str(root), **k)  # noqa: E731
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}/"


def bare_site(tmp: Path) -> Path:
    root = tmp / "bare"
    (root / "pyodide").mkdir(parents=True)
    for name in (*site_build.PYODIDE_RUNTIME, "pyodide-lock.json"):
        shutil.copy2(site_build.DIST / "pyodide" / name, root / "pyodide" / name)
    (root / "index.html").write_text(BARE_HTML)
    (root / "bare.js").write_text(BARE_JS)
    return root


def launch(p, profile: Path):
    return p.chromium.launch_persistent_context(profile, executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)


STAGES: list[dict] = []


def visit_ours(p, profile: Path, url: str) -> int:
    context = launch(p, profile)
    page = context.pages[0] if context.pages else context.new_page()
    page.goto(url)
    wait_ready(page)
    boot = page.evaluate("window.outremerBoot")
    ms = boot["sinceNavigation"]
    at = boot.get("workerStartedAt") or 0
    STAGES.append({"ms": ms, "worker_at": at, **{k: at + v for k, v in boot["worker"].items()}})
    page.wait_for_selector("body[data-offline=ready]", timeout=120_000)
    page.wait_for_selector("body[data-quick-start]", timeout=120_000)
    context.close()
    return ms


def visit_bare(p, profile: Path, url: str) -> int:
    context = launch(p, profile)
    page = context.pages[0] if context.pages else context.new_page()
    page.goto(url)
    page.wait_for_selector("#state:text('ready')", timeout=120_000)
    ms = page.evaluate("window.bareReady")
    context.close()
    return ms


def bench_boot(runs: int) -> dict:
    STAGES.clear()
    ours_server, ours_url = serve(site_build.DIST)
    found = {"ours": {"cold": [], "warm": []}, "bare": {"cold": [], "warm": []}}
    with tempfile.TemporaryDirectory() as tmp, sync_playwright() as p:
        bare_server, bare_url = serve(bare_site(Path(tmp)), Bare)
        for run in range(runs):
            for who, url, visit in (("ours", ours_url, visit_ours), ("bare", bare_url, visit_bare)):
                profile = Path(tmp) / f"{who}-{run}"
                found[who]["cold"].append(visit(p, profile, url))
                found[who]["warm"].append(visit(p, profile, url))
                print(
                    who,
                    "cold",
                    found[who]["cold"][-1],
                    "warm",
                    found[who]["warm"][-1],
                    STAGES[-2:] if who == "ours" else "",
                    flush=True,
                )
        bare_server.shutdown()
    ours_server.shutdown()
    out = {}
    for n, kind in enumerate(("cold", "warm")):
        ours, bare = statistics.median(found["ours"][kind]), statistics.median(found["bare"][kind])
        ratio = ours / bare
        best = min(found["ours"][kind]) / min(found["bare"][kind])
        stages = STAGES[n::2]
        out[kind] = {
            "ours_ms": round(ours),
            "bare_pyodide_ms": round(bare),
            "ratio": round(ratio, 2),
            "ratio_of_best": round(best, 2),
            "ours_runs": found["ours"][kind],
            "bare_runs": found["bare"][kind],
            # Where our time goes (medians, ms from the start of navigation).
            "ours_stages": {
                key: round(statistics.median(s[key] for s in stages))
                for key in ("worker_at", "runtime", "python", "packages", "engine")
            },
            "target": "ours at most 1.2x bare Pyodide (medians)",
            "met": ratio <= 1.2,
        }
    return out


PLAYERS = {
    "levantine": (2,),
    "crusader-kingdoms": (1, 2, 3, 4),
    "lords-of-heaven": (2, 3, 4),
    "third-crusade": (2, 3, 4),
}
"""Every game and player count the click measure covers (a person and the quick computer player)."""
TARGET_MS = {"median": 75, "p90": 120}
PARTS = ("engine", "legal", "view", "context", "template", "json", "transfer", "html", "dom", "paint")
"""The parts of a click, in order (static/turns.js, clickParts): they add up to the whole."""


def quantiles(values: list[float]) -> dict:
    """Median and 90th percentile (ms, or the figure given)."""
    p90 = statistics.quantiles(values, n=10)[-1] if len(values) > 1 else values[0]
    return {"median": round(statistics.median(values), 2), "p90": round(p90, 2)}


def part_figures(parts: list[dict]) -> dict:
    """Each part's median and 90th percentile over the clicks (ms)."""
    return {name: quantiles([p[name] for p in parts if name in p]) for name in PARTS if any(name in p for p in parts)}


def drawn_figures(drawn: list[dict]) -> dict:
    """What the page drew again per click (static/parts.js ``drawn``): the elements built and the
    characters of HTML parsed (median, 90th percentile), and the share of clicks that drew the
    whole table (its frame changed: another phase, say) rather than the parts that changed."""
    return {
        "nodes": quantiles([d["nodes"] for d in drawn]),
        "html_kchars": quantiles([d["chars"] / 1000 for d in drawn]),
        "whole_share": round(sum(d["how"] == "whole" for d in drawn) / len(drawn), 2),
    }


def bench_click(games: int, game_id: str = "levantine", max_clicks: int = 400, players: int | None = None) -> dict:
    server, url = serve(site_build.DIST)
    samples, dom, parts, drawn = [], [], [], []
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        page = browser.new_page(viewport={"width": 1280, "height": 900})
        page.goto(url)
        wait_ready(page)
        page.evaluate("window.outremer.engine.timing(true)")
        for game in range(games):
            rand = random.Random(game)
            count = players or max(PLAYERS[game_id])
            seats = ("human",) + ("heuristic",) * (count - 1)
            start_game(
                page, game=game_id, seats=seats, seed=100 + game, players=None if game_id == "levantine" else count
            )
            set_pace(page, 0)
            page.evaluate("window.outremer.timings.clicks.length = 0")
            clicked = 0
            while not wait_for_turn(page)["over"] and clicked < max_clicks:
                clicked += 1
                if make_multiple_choice(page, rand):  # several cards, confirmed with one click
                    continue
                acts = page.locator("#table [data-act]:visible")
                acts.nth(rand.randrange(acts.count())).click()
            clicks = page.evaluate("window.outremer.timings.clicks")
            samples += [c["paint"] for c in clicks]
            dom += [c["dom"] for c in clicks]
            parts += [c["parts"] for c in clicks if "parts" in c]
            drawn += [c["drawn"] for c in clicks if "drawn" in c]
            print(f"game {game + 1}: {len(clicks)} clicks, median {statistics.median(samples):.1f} ms", flush=True)
        browser.close()
    server.shutdown()
    median = statistics.median(samples)
    p90 = statistics.quantiles(samples, n=10)[-1] if len(samples) > 1 else samples[0]
    return {
        "game": game_id,
        "players": players or max(PLAYERS[game_id]),
        "clicks": len(samples),
        "median_ms": round(median, 1),
        "p90_ms": round(p90, 1),
        "max_ms": round(max(samples), 1),
        "median_to_dom_ms": round(statistics.median(dom), 1),
        "parts_ms": part_figures(parts),
        **({"drawn": drawn_figures(drawn)} if drawn else {}),
        "target": f"median at most {TARGET_MS['median']} ms, p90 at most {TARGET_MS['p90']} ms",
        "met": median <= TARGET_MS["median"] and p90 <= TARGET_MS["p90"],
    }


def bench_clicks(
    games: int, max_clicks: int, only: str | None = None, smoke: bool = False, players: int | None = None
) -> dict:
    """Every game and player count in one run (or ``only`` one game, at ``players`` only), each
    beside Levantine's (the ratio of medians); a smoke run takes each game at its largest count only."""
    cases = [
        (g, n)
        for g in PLAYERS
        for n in PLAYERS[g]
        if only in (None, g) and players in (None, n) and (not smoke or n == max(PLAYERS[g]))
    ]
    if ("levantine", 2) not in cases:
        cases.insert(0, ("levantine", 2))
    found = {}
    for game_id, players in cases:
        found[f"{game_id}-{players}"] = bench_click(games, game_id, max_clicks, players)
    base = found["levantine-2"]["median_ms"]
    for row in found.values():
        row["ratio_to_levantine"] = round(row["median_ms"] / base, 2)
    return found


def bench_bytes() -> dict:
    server, url = serve(site_build.DIST)
    Counting.sent = {"requests": 0, "bytes": 0, "files": []}
    with tempfile.TemporaryDirectory() as tmp, sync_playwright() as p:
        visit_ours(p, Path(tmp) / "profile", url)
    server.shutdown()
    files = Counting.sent["files"]
    raw = sum(f.stat().st_size for f in files)
    zipped = sum(len(gzip.compress(f.read_bytes(), 6)) for f in files)
    biggest = sorted(((f.stat().st_size, f.relative_to(site_build.DIST).as_posix()) for f in set(files)), reverse=True)[
        :5
    ]
    return {
        "requests": Counting.sent["requests"],
        "files_sent": len(files),
        "raw_bytes": raw,
        "gzip_bytes": zipped,
        "raw_mb": round(raw / 1e6, 2),
        "gzip_mb": round(zipped / 1e6, 2),
        "largest": [{"file": name, "bytes": size} for size, name in biggest],
        "target": "at most 7 MB gzip",
        "met": zipped <= 7e6,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("what", nargs="?", default="all", choices=["boot", "click", "bytes", "all"])
    parser.add_argument("--runs", type=int, default=5, help="boot: visits of each kind")
    parser.add_argument("--games", type=int, default=1, help="click: games played per case")
    parser.add_argument("--clicks", type=int, default=80, help="click: at most this many clicks a game")
    parser.add_argument("--game", choices=sorted(PLAYERS), help="click: one game (and Levantine beside it)")
    parser.add_argument("--players", type=int, help="click: with --game, one player count of it")
    parser.add_argument(
        "--smoke",
        action="store_true",
        help="a few iterations of each, to check the benchmark runs to its end (no figures kept)",
    )
    parser.add_argument("--out", type=Path, default=RESULTS, help="where the figures go")
    args = parser.parse_args()
    if args.smoke:
        args.runs, args.clicks = 1, 4
    if not (site_build.DIST / "build.json").exists():
        site_build.build()
    results = json.loads(args.out.read_text()) if args.out.exists() else {}
    if args.what in ("bytes", "all"):
        results["first_visit_bytes"] = bench_bytes()
    if args.what in ("click", "all"):
        results.pop("click_to_table_third-crusade", None)  # before every game was measured in one run
        if args.players and not args.game:
            parser.error("--players goes with --game")
        found = bench_clicks(args.games, args.clicks, args.game, args.smoke, args.players)
        for row in found.values():
            row["measured"] = time.strftime("%Y-%m-%d %H:%M")
        # One game's run (--game) replaces its own rows and Levantine's, and keeps the others' (each
        # row says when it was measured).
        results["click_to_table"] = {**(results.get("click_to_table", {}) if args.game else {}), **found}
    if args.what in ("boot", "all"):
        results["engine_ready"] = bench_boot(args.runs)
    results["build"] = json.loads((site_build.DIST / "build.json").read_text())["build"]
    results["measured"] = time.strftime("%Y-%m-%d %H:%M")
    args.out.write_text(json.dumps(results, indent=2) + "\n")
    print(json.dumps({k: v for k, v in results.items()}, indent=2))


if __name__ == "__main__":
    main()
