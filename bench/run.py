"""Every engine benchmark, with its target; writes bench/results.json.

    python bench/run.py            # all (about ten minutes on 2 cores)
    python bench/run.py --quick    # smaller samples
    python bench/run.py --smoke    # does it run? (bench/smoke.py)

Playouts run in CPython here and inside Pyodide under node (tools/pyodide_run.mjs).
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from out import out_path  # noqa: E402

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from ai_strength import heuristic_vs_random as strength  # noqa: E402
from code_length import lengths  # noqa: E402
from playouts import CASES, PATHS, playouts  # noqa: E402


def pyodide_playouts(scale: float) -> list[dict]:
    """Every playout case, along both paths, inside Pyodide (a run of node each)."""
    found = []
    for game_id, players, games in CASES:
        run = subprocess.run(
            [
                "node",
                "tools/pyodide_run.mjs",
                "bench/playouts.py",
                "--game",
                game_id,
                "--players",
                str(players),
                "--games",
                str(max(1, round(games * scale))),
            ],
            cwd=HERE.parent,
            capture_output=True,
            text=True,
            check=True,
        )
        found += [json.loads(line) for line in run.stdout.strip().splitlines()[-len(PATHS) :]]
    return found


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--smoke", action="store_true", help="one round of the smallest samples: does it run?")
    args = parser.parse_args()
    scale, n_ai, n_code = (0.2, 100, 100) if args.quick else (1, 1000, 400)
    if args.smoke:
        scale, n_ai, n_code = 0.01, 4, 4
    results = {}
    # CPython and Pyodide alternate, three rounds, best of each: the machine's other load
    # then weighs on both alike.
    runs = {"cpython": [], "pyodide": []}
    for _ in range(1 if args.smoke else 3):
        runs["cpython"].append(
            [playouts(g, max(1, round(n * scale)), 1, p, path) for g, p, n in CASES for path in PATHS]
        )
        runs["pyodide"].append(pyodide_playouts(scale))
    cases = [(g, p, path) for g, p, _n in CASES for path in PATHS]
    for i, (game_id, players, path) in enumerate(cases):
        case = f"playouts_{game_id}_{players}p_{path}"
        for runtime, found in runs.items():
            rounds = [r[i] for r in found]
            best = max(rounds, key=lambda r: r["games_per_second"])
            results[f"{case}_{runtime}"] = dict(best, rounds=[r["games_per_second"] for r in rounds])
        ratio = results[f"{case}_cpython"]["games_per_second"] / results[f"{case}_pyodide"]["games_per_second"]
        results[f"{case}_pyodide_slowdown"] = {"ratio": round(ratio, 2), "target": "at most 2.5", "met": ratio <= 2.5}
    s = strength("levantine", n_ai, 1)
    results["heuristic_vs_random"] = dict(s, target="at least 0.75 overall", met=s["heuristic_overall"] >= 0.75)
    c = lengths("levantine", n_code, 1)
    results["code_length"] = dict(
        c, target="median at most 500, none over 2000", met=c["median_chars"] <= 500 and c["max_chars"] <= 2000
    )
    out_path(HERE / "results.json").write_text(json.dumps(results, indent=2) + "\n")
    print(json.dumps(results, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
