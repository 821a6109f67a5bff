"""The docs' charts, drawn from the committed figures in bench/*.json and bench/series/.

    python bench/charts.py [--out docs/charts]

Small hand-made SVG (standard library only): horizontal bars with their labels and values, a
target band where the figure has one, drawn by web/balance_chart.py (the same drawing and
figures as the balance chart on each game's rules page). Each chart is redrawn from the JSON, so
a new measure followed by this command refreshes the pictures in docs/. Charts:

  ai_times.svg        seconds per move inside Pyodide, 95th percentile (ai_times_pyodide.json)
  pyodide_ratio.svg   Pyodide's time over CPython's, per game and level (ai_times_*.json)
  strength.svg        each level's wins against its opponent, 95% interval (bench/series/)
  site_clicks.svg     click to painted table, median and 90th percentile (site_results.json)
  levantine_balance.svg  Levantine: one player's wins from either side (results.json, series/)
  ck_balance.svg      Crusader Kingdoms: wins of each kingdom or result (ck_balance.json)
  loh_balance.svg     Lords of Heaven: wins of each faction in each line-up (loh_balance.json)
  tc_balance.svg      Third Crusade: each Alliance's wins and the Final Winners (tc_balance.json)
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BENCH = ROOT / "bench"
sys.path.insert(0, str(ROOT / "web"))  # the drawing, shared with the rules pages
sys.path.insert(0, str(ROOT / "engine"))

from ai_strength import series_rows  # noqa: E402

import balance_chart  # noqa: E402
from balance_chart import bars, pct  # noqa: E402
from outremer.sim import wilson  # noqa: E402


def _load(name: str) -> dict:
    return json.loads((BENCH / name).read_text())


_pct = pct


GAME_NAMES = {
    "levantine": "Levantine",
    "crusader-kingdoms": "Crusader Kingdoms",
    "lords-of-heaven": "Lords of Heaven",
    "third-crusade": "Third Crusade",
}


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
    rows = [
        (
            _case_label(g, n),
            [
                (p[f"{g}_{n}_normal"]["p95_s"], f"normal {p[f'{g}_{n}_normal']['p95_s']:.2f} s"),
                (p[f"{g}_{n}_hard"]["p95_s"], f"hard {p[f'{g}_{n}_hard']['p95_s']:.2f} s"),
            ],
        )
        for g, n in _cases(p)
    ]
    return bars(
        "Seconds per move inside Pyodide, 95th percentile",
        rows,
        3.0,
        " s",
        "python bench/ai_strength.py times (under node tools/pyodide_run.mjs); targets: normal 1 s, hard 3 s",
        legend=["normal", "hard"],
        ticks=6,
    )


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
            short = (
                "".join(w[0] for w in GAME_NAMES.get(game, game).split())
                if " " in GAME_NAMES.get(game, game)
                else GAME_NAMES.get(game, game)
            )
            rows.append((f"random playouts: {short} {players}, {path}", [(value["ratio"], f"{value['ratio']:.2f}×")]))
    return bars(
        "Pyodide's time over CPython's (moves: medians; playouts: best rounds)",
        rows,
        2.5,
        "×",
        "bench/ai_times_*.json and bench/results.json; target for playouts: at most 2.5×",
        legend=["normal (or playouts)", "hard"],
        ticks=5,
    )


STRENGTH = [  # (series file, label[, the games of its figure: those up to its test's decision])
    ("levantine-normal-heuristic-10000.jsonl", "Levantine: normal vs quick"),
    ("levantine-hard-normal-9000.jsonl", "Levantine: hard vs normal"),
    # H1 (60% against 55%) accepted at 52 pairs: bench/targets.py report
    ("third-crusade-normal-heuristic-21000.jsonl", "Third Crusade 2p: normal vs quick", 104),
    ("third-crusade-hard-normal-22000.jsonl", "Third Crusade 2p: hard vs normal"),
    ("lords-of-heaven-normal-heuristic-30000.jsonl", "Lords of Heaven 2p: normal vs quick"),
    ("lords-of-heaven-4p-normal-heuristic-31000.jsonl", "Lords of Heaven 4p: normal among 3 quick (fair: 25%)"),
]


def strength() -> str:
    rows, whiskers = [], {}
    for i, (name, label, *decided) in enumerate(STRENGTH):
        rows_by_game = series_rows(BENCH / "series" / name)
        games = [rows_by_game[k] for k in sorted(rows_by_game)][: decided[0] if decided else None]
        won = sum(g["payoff"] for g in games)
        lo, hi = wilson(won, len(games))
        rows.append((label, [(won / len(games), f"{_pct(won / len(games))} of {len(games)}")]))
        whiskers[(i, 0)] = (lo, hi)
    return bars(
        "Wins of the searching level against its opponent",
        rows,
        1.0,
        "",
        "bench/series/*.jsonl (python bench/ai_strength.py series); 95% Wilson intervals; the dashed line at 50%: even",
        whiskers=whiskers,
        mark=0.5,
        percent=True,
    )


def site_clicks() -> str:
    s = _load("site_results.json")["click_to_table"]
    rows = [
        (
            _case_label(v["game"], str(v["players"])),
            [(v["median_ms"], f"median {v['median_ms']:.0f} ms"), (v["p90_ms"], f"90th {v['p90_ms']:.0f} ms")],
        )
        for v in s.values()
    ]
    scale = 150 * max(1, -(-max(v["p90_ms"] for v in s.values()) // 150))  # a slow run is not cut off
    return bars(
        "Click to painted table, in Chromium",
        rows,
        scale,
        " ms",
        "python bench/site_bench.py click (bench/site_results.json); targets: median 75 ms, 90th 120 ms",
        legend=["median", "90th percentile"],
        ticks=6,
    )


def _balance(game_id: str):
    return lambda: balance_chart.balance(game_id, BENCH).svg(standalone=True)


CHARTS = {
    "ai_times": ai_times,
    "pyodide_ratio": pyodide_ratio,
    "strength": strength,
    "site_clicks": site_clicks,
    "levantine_balance": _balance("levantine"),
    "ck_balance": _balance("crusader-kingdoms"),
    "loh_balance": _balance("lords-of-heaven"),
    "tc_balance": _balance("third-crusade"),
}


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
