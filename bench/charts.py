"""The docs' charts, drawn from the committed figures in bench/*.json and bench/series/.

    python bench/charts.py [--out docs/charts]

Small hand-made SVG (standard library only): horizontal bars with their labels and values, a
target band where the figure has one. Each chart is redrawn from the JSON, so a new measure
followed by this command refreshes the pictures in docs/. Charts:

  ai_times.svg        seconds per move inside Pyodide, 95th percentile (ai_times_pyodide.json)
  pyodide_ratio.svg   Pyodide's time over CPython's, per game and level (ai_times_*.json)
  strength.svg        each level's wins against its opponent, 95% interval (bench/series/)
  site_clicks.svg     click to painted table, median and 90th percentile (site_results.json)
  ck_balance.svg      Crusader Kingdoms: wins of each kingdom or result (ck_balance.json)
  loh_balance.svg     Lords of Heaven: wins of each faction in each line-up (loh_balance.json)
  tc_balance.svg      Third Crusade: each Alliance's wins and the Final Winners (tc_balance.json)
"""

from __future__ import annotations

import argparse
import json
import math
from html import escape
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BENCH = ROOT / "bench"

ROW, BAR, LEFT, RIGHT, TOP = 20, 13, 250, 80, 34
COLOURS = ["#8a2f25", "#2f6b8a", "#7a8a2f", "#8a6a2f", "#5b3f8a"]
STYLE = ("<style>text{font:12px sans-serif;fill:#222}.t{font-weight:bold;font-size:13px}"
         ".s{fill:#666;font-size:11px}.band{fill:#dfe8d8}.grid{stroke:#ccc;stroke-width:1}</style>")


def _load(name: str) -> dict:
    return json.loads((BENCH / name).read_text())


def bars(title: str, rows: list[tuple[str, list[tuple[float, str]]]], scale: float, unit: str,
         note: str = "", band: tuple[float, float] | None = None, width: int = 640,
         whiskers: dict[int, tuple[float, float]] | None = None, legend: list[str] | None = None,
         ticks: int = 4, percent: bool = False) -> str:
    """Rows of one or more bars: (label, [(value, text)]); values from 0 to ``scale``, the axis in
    ``ticks`` steps (as percentages if ``percent``)."""
    left = max(LEFT, 16 + round(6.6 * max(len(label) for label, _ in rows)))
    width += left - LEFT
    inner = width - left - RIGHT
    heights = [max(1, len(values)) * (BAR + 2) + (ROW - BAR) for _, values in rows]
    body = sum(heights)
    height = TOP + body + 22 + (20 if legend else 0) + (18 if note else 0)
    x = lambda v: left + inner * min(v, scale) / scale  # noqa: E731
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
           f'viewBox="0 0 {width} {height}" role="img" aria-label="{escape(title)}">', STYLE,
           f'<rect width="{width}" height="{height}" fill="#fff"/>',
           f'<text class="t" x="8" y="18">{escape(title)}</text>']
    if band:
        out.append(f'<rect class="band" x="{x(band[0]):.1f}" y="{TOP - 4}" width="{x(band[1]) - x(band[0]):.1f}" '
                   f'height="{body + 4}"/>')
    for i in range(ticks + 1):
        gx = x(scale * i / ticks)
        label = f"{_tick(100 * scale * i / ticks)}%" if percent else f"{_tick(scale * i / ticks)}{unit}"
        out.append(f'<line class="grid" x1="{gx:.1f}" y1="{TOP - 4}" x2="{gx:.1f}" y2="{TOP + body}"/>')
        out.append(f'<text class="s" x="{gx:.1f}" y="{TOP + body + 13}" text-anchor="middle">{label}</text>')
    y = TOP
    for r, ((label, values), h) in enumerate(zip(rows, heights, strict=False)):
        out.append(f'<text x="{left - 6}" y="{y + BAR - 2}" text-anchor="end">{escape(label)}</text>')
        for k, (value, text) in enumerate(values):
            by = y + k * (BAR + 2)
            out.append(f'<rect x="{left}" y="{by}" width="{x(value) - left:.1f}" height="{BAR}" '
                       f'fill="{COLOURS[k % len(COLOURS)]}"/>')
            end = x(value)
            if whiskers and (r, k) in whiskers:
                lo, hi = whiskers[(r, k)]
                wy = by + BAR / 2
                out.append(f'<path d="M{x(lo):.1f} {wy}H{x(hi):.1f}M{x(lo):.1f} {wy - 4}v8M{x(hi):.1f} {wy - 4}v8" '
                           'stroke="#111" stroke-width="1.2" fill="none"/>')
                end = max(end, x(hi))
            out.append(f'<text class="s" x="{end + 4:.1f}" y="{by + BAR - 2}">{escape(text)}</text>')
        y += h
    if legend:
        lx = left
        for k, name in enumerate(legend):
            ly = TOP + body + 24
            out.append(f'<rect x="{lx}" y="{ly}" width="10" height="10" fill="{COLOURS[k % len(COLOURS)]}"/>')
            out.append(f'<text class="s" x="{lx + 14}" y="{ly + 9}">{escape(name)}</text>')
            lx += 20 + 7 * len(name)
    if note:
        out.append(f'<text class="s" x="8" y="{height - 8}">{escape(note)}</text>')
    out.append("</svg>")
    return "\n".join(out) + "\n"


def _tick(v: float) -> str:
    return f"{v:.0f}" if abs(v - round(v)) < 1e-9 else f"{v:g}"


def _pct(p: float) -> str:
    return f"{100 * p:.1f}%"


GAME_NAMES = {"levantine": "Levantine", "crusader-kingdoms": "Crusader Kingdoms",
              "lords-of-heaven": "Lords of Heaven", "third-crusade": "Third Crusade"}


def _cases(times: dict) -> list[tuple[str, str]]:
    keys = [k for k, v in times.items() if isinstance(v, dict) and "median_s" in v]
    cases = []
    for k in keys:
        game, players = k.rsplit("_", 2)[0], k.rsplit("_", 2)[1]
        if (game, players) not in cases:
            cases.append((game, players))
    return cases


def _case_label(game: str, players: str) -> str:
    n = players.rstrip("p")
    return f"{GAME_NAMES.get(game, game)}, {'solo' if n == '1' else n + ' players'}"


def ai_times() -> str:
    p = _load("ai_times_pyodide.json")
    rows = [(_case_label(g, n), [(p[f"{g}_{n}_normal"]["p95_s"], f"normal {p[f'{g}_{n}_normal']['p95_s']:.2f} s"),
                                 (p[f"{g}_{n}_hard"]["p95_s"], f"hard {p[f'{g}_{n}_hard']['p95_s']:.2f} s")])
            for g, n in _cases(p)]
    return bars("Seconds per move inside Pyodide, 95th percentile", rows, 3.0, " s",
                "python bench/ai_strength.py times (under node tools/pyodide_run.mjs); "
                "targets: normal 1 s, hard 3 s", legend=["normal", "hard"], ticks=6)


def pyodide_ratio() -> str:
    c, p = _load("ai_times_cpython.json"), _load("ai_times_pyodide.json")
    rows = []
    for g, n in _cases(p):
        values = []
        for level in ("normal", "hard"):
            key = f"{g}_{n}_{level}"
            ratio = p[key]["median_s"] / c[key]["median_s"]
            values.append((ratio, f"{level} {ratio:.2f}×"))
        rows.append((_case_label(g, n), values))
    r = _load("results.json")
    for key, value in r.items():
        if key.endswith("_slowdown"):
            _, game, players, path = key.split("_")[:4]
            short = "".join(w[0] for w in GAME_NAMES.get(game, game).split()) if " " in GAME_NAMES.get(game, game) \
                else GAME_NAMES.get(game, game)
            rows.append((f"random playouts: {short} {players}, {path}", [(value["ratio"], f"{value['ratio']:.2f}×")]))
    return bars("Pyodide's time over CPython's (moves: medians; playouts: best rounds)", rows, 2.5, "×",
                "bench/ai_times_*.json and bench/results.json; target for playouts: at most 2.5×",
                legend=["normal (or playouts)", "hard"], ticks=5)


def _wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    p = wins / n
    d = 1 + z * z / n
    c = (p + z * z / (2 * n)) / d
    h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return c - h, c + h


STRENGTH = [  # (series file, label)
    ("levantine-normal-heuristic-10000.jsonl", "Levantine: normal vs quick"),
    ("levantine-hard-normal-9000.jsonl", "Levantine: hard vs normal"),
    ("third-crusade-normal-heuristic-20000.jsonl", "Third Crusade 2p: normal vs quick"),
]


def strength() -> str:
    rows, whiskers = [], {}
    for i, (name, label) in enumerate(STRENGTH):
        games = [json.loads(line) for line in (BENCH / "series" / name).read_text().splitlines() if line.strip()]
        won = sum(g["payoff"] for g in games)
        lo, hi = _wilson(won, len(games))
        rows.append((label, [(won / len(games), f"{_pct(won / len(games))} of {len(games)}")]))
        whiskers[(i, 0)] = (lo, hi)
    return bars("Wins of the searching level against its opponent", rows, 1.0, "",
                "bench/series/*.jsonl (python bench/ai_strength.py series); 95% Wilson intervals; "
                "the line at 50%: even", whiskers=whiskers, band=(0.497, 0.503), percent=True)


def site_clicks() -> str:
    s = _load("site_results.json")["click_to_table"]
    rows = [(_case_label(v["game"], str(v["players"])),
             [(v["median_ms"], f"median {v['median_ms']:.0f} ms"), (v["p90_ms"], f"90th {v['p90_ms']:.0f} ms")])
            for v in s.values()]
    scale = 150 * max(1, -(-max(v["p90_ms"] for v in s.values()) // 150))  # a slow run is not cut off
    return bars("Click to painted table, in Chromium", rows, scale, " ms",
                "python bench/site_bench.py click (bench/site_results.json); targets: median 75 ms, 90th 120 ms",
                legend=["median", "90th percentile"], ticks=6)


def ck_balance() -> str:
    d = _load("ck_balance.json")
    rows, whiskers = [], {}
    for key, title in (("four", "4 players, quick"), ("four_random", "4 players, random")):
        for name, rate in d[key]["win_rate"].items():
            whiskers[(len(rows), 0)] = tuple(d[key]["interval_95"][name])
            rows.append((f"{title}: {name.split(' of ')[-1]}", [(rate, _pct(rate))]))
    for name, rate in d["three"]["win_rate"].items():
        whiskers[(len(rows), 0)] = tuple(d["three"]["interval_95"][name])
        rows.append((f"3 players: {name.split(' of ')[-1]}", [(rate, _pct(rate))]))
    for key, title in (("coop", "co-op"), ("solo", "solo")):
        for name in ("Victory", "Marginal victory", "Defeat"):
            rows.append((f"{title}: {name}", [(d[key]["levels"][name], _pct(d[key]["levels"][name]))]))
    return bars("Crusader Kingdoms: wins by kingdom, results of co-op and solo", rows, 0.6, "",
                f"{d['command']} (bench/ck_balance.json); 4-player band 18–32%", band=(0.18, 0.32),
                whiskers=whiskers, ticks=4, percent=True)


def loh_balance() -> str:
    d = _load("loh_balance.json")
    rows, whiskers = [], {}
    for s in d["series"]:
        opts = s["options"]
        line = (f"{s['players']} players" + (", random" if s["seats"] == "random" else "")
                + (f", no {opts['absent']}" if "absent" in opts else "")
                + (f", {opts['christians']}–{opts['muslims']}" if "christians" in opts else ""))
        for name, rate in s["win_rate"].items():
            whiskers[(len(rows), 0)] = tuple(s["interval_95"][name])
            rows.append((f"{line}: {name}", [(rate, _pct(rate))]))
    return bars("Lords of Heaven: wins by faction in each line-up", rows, 0.8, "",
                f"{d['command']} (bench/loh_balance.json); bands 18–32% (4), 23–43% (3), 40–60% (2)",
                whiskers=whiskers, percent=True)


def tc_balance() -> str:
    d = _load("tc_balance.json")
    rows, whiskers = [], {}
    for s in d["series"]:
        label = f"{s['line_up']} (seed {s['seed']})"
        crusader = s["alliance_win_rate"]["Crusader Alliance"]
        whiskers[(len(rows), 0)] = tuple(s["alliance_interval_95"]["Crusader Alliance"])
        rows.append((label, [(crusader, _pct(crusader))]))
    return bars("Third Crusade: the Crusader Alliance's wins in each line-up", rows, 1.0, "",
                "python bench/tc_balance.py --games 1000 --seed 2027 (bench/tc_balance.json); band 40–60%",
                band=(0.4, 0.6), whiskers=whiskers, percent=True)


CHARTS = {"ai_times": ai_times, "pyodide_ratio": pyodide_ratio, "strength": strength,
          "site_clicks": site_clicks, "ck_balance": ck_balance, "loh_balance": loh_balance,
          "tc_balance": tc_balance}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "charts")
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    for name, draw in CHARTS.items():
        path = args.out / f"{name}.svg"
        path.write_text(draw(), encoding="utf-8")
        print(f"{path}: {path.stat().st_size / 1000:.1f} KB")


if __name__ == "__main__":
    main()
