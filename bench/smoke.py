"""Every benchmark run to its end with a few iterations, so that none breaks unseen (`make test`
runs this). No figure is asserted and none is kept: each writes into a temporary folder
(OUTREMER_BENCH_OUT, see bench/out.py), never over the committed figures.

    python bench/smoke.py            # every benchmark
    python bench/smoke.py site_bench # the ones whose name holds this
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor, as_completed
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PY = sys.executable
NODE_PYODIDE = ["node", "tools/pyodide_run.mjs"]

# (name, command): each benchmark with its smallest sensible run.
RUNS = [
    ("playouts", [PY, "bench/playouts.py", "--games", "2"]),
    ("playouts in Pyodide", [*NODE_PYODIDE, "bench/playouts.py", "--game", "levantine", "--games", "2"]),
    ("run", [PY, "bench/run.py", "--smoke"]),
    ("code_length", [PY, "bench/code_length.py", "--games", "3"]),
    ("fuzz_codes", [PY, "bench/fuzz_codes.py", "--codes", "200"]),
    ("game_length", [PY, "bench/game_length.py", "--games", "1"]),
    ("estimate_fit", [PY, "bench/estimate_fit.py", "--games", "4"]),
    # a training round's data and fit at a budget of 2 iterations (its evaluation plays the levels as they ship)
    (
        "train data",
        [
            PY,
            "bench/train.py",
            "--game",
            "levantine",
            "data",
            "--round",
            "1",
            "--games",
            "2",
            "--iterations",
            "2",
            "--folder",
            "{out}/training",
        ],
    ),
    (
        "train fit",
        [
            PY,
            "bench/train.py",
            "--game",
            "levantine",
            "fit",
            "--round",
            "1",
            "--min-positions",
            "20",
            "--folder",
            "{out}/training",
        ],
    ),
    ("paired_noise", [PY, "bench/paired_noise.py", "--decisions", "2", "--rounds", "2"]),
    ("agreement", [PY, "bench/agreement.py", "--levels", "normal,normal+paired", "--decisions", "1"]),
    ("ai_strength heuristic", [PY, "bench/ai_strength.py", "heuristic", "--games", "4"]),
    # the quick player against random moves: the same code paths as a level's, in seconds
    (
        "ai_strength one",
        [
            PY,
            "bench/ai_strength.py",
            "one",
            "--game",
            "levantine",
            "--level",
            "heuristic",
            "--against",
            "random",
            "--games",
            "2",
        ],
    ),
    (
        "ai_strength series",
        [
            PY,
            "bench/ai_strength.py",
            "series",
            "--game",
            "levantine",
            "--level",
            "heuristic",
            "--against",
            "random",
            "--games",
            "2",
            "--seed",
            "9",
            "--log",
            "{out}/series.jsonl",
        ],
    ),
    (
        "ai_strength series sprt",
        [
            PY,
            "bench/ai_strength.py",
            "series",
            "--game",
            "levantine",
            "--level",
            "heuristic",
            "--against",
            "random",
            "--games",
            "4",
            "--seed",
            "9",
            "--sprt",
            "--jobs",
            "2",
            "--log",
            "{out}/series-sprt.jsonl",
        ],
    ),
    # costed from the CPU seconds the smoke's own series recorded: nothing played again
    ("series_cost", [PY, "bench/series_cost.py", "--sample", "0", "--folder", "{out}", "--only", "series.jsonl"]),
    # the strength targets' standing, read from the committed series: nothing played
    ("targets", [PY, "bench/targets.py", "report"]),
    ("ai_strength times", [PY, "bench/ai_strength.py", "times", "--decisions", "1", "--only", "levantine"]),
    ("ck_balance", [PY, "bench/ck_balance.py", "--games", "2", "--other-games", "2"]),
    ("loh_balance", [PY, "bench/loh_balance.py", "--games", "2"]),
    ("tc_balance", [PY, "bench/tc_balance.py", "--games", "1"]),
    ("tc_solo", [PY, "bench/tc_solo.py", "--games", "1", "--jobs", "2"]),
    ("tc_speed", [PY, "bench/tc_speed.py", "--repeat", "1", "--solo", "2", "--only-solo"]),
    ("tc_moves", [PY, "bench/tc_moves.py", "--states", "2"]),
    (
        "ck_map_search",
        [
            PY,
            "bench/ck_map_search.py",
            "--minutes",
            "0.05",
            "--games",
            "2",
            "--random-games",
            "2",
            "--three-games",
            "2",
            "--out",
            "{out}/ck_map_best.toml",
        ],
    ),
    (
        "heuristic_duel",
        [PY, "bench/heuristic_duel.py", "--game", "levantine", "--commit", "HEAD", "--players", "2", "--games", "2"],
    ),
    ("site_bench", [PY, "bench/site_bench.py", "all", "--smoke"]),
    ("click_parts", [PY, "bench/click_parts.py", "--games", "1", "--clicks", "3"]),
    ("click_trace", [PY, "bench/click_trace.py", "--game", "levantine", "--clicks", "2"]),
    ("lighthouse", [PY, "bench/lighthouse.py", "--smoke"]),
    ("snapshot_size", [PY, "bench/snapshot_size.py"]),
    ("charts", [PY, "bench/charts.py", "--out", "{out}/charts"]),
    # the full sweeps take half an hour: here only that every test they name still exists
    ("sweeps", [PY, "bench/sweeps.py", "--collect"]),
]


# A benchmark that reads what another wrote runs after it, in the same turn of the pool.
AFTER = {"train fit": "train data", "series_cost": "ai_strength series"}


def _chain(steps: list[tuple[str, list[str]]], env: dict) -> list[tuple[str, int, float, str]]:
    """Runs these benchmarks one after another, stopping at the first that fails."""
    done = []
    for name, command in steps:
        started = time.monotonic()
        run = subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True)
        done.append((name, run.returncode, time.monotonic() - started, run.stdout + run.stderr))
        if run.returncode != 0:
            break
    return done


def main(argv: list[str]) -> int:
    """Runs the benchmarks two at a time (most of them keep one core busy; this machine has two),
    printing each as it ends."""
    wanted = argv[0] if argv else ""
    failed = []
    with tempfile.TemporaryDirectory(prefix="outremer-bench-") as out:
        env = {
            **os.environ,
            "OUTREMER_BENCH_OUT": out,
            "PYTHONPATH": f"{ROOT / 'engine'}{os.pathsep}" + os.environ.get("PYTHONPATH", ""),
        }
        chains: dict[str, list[tuple[str, list[str]]]] = {}
        for name, command in RUNS:
            if wanted in name:
                chains.setdefault(AFTER.get(name, name), []).append(
                    (name, [part.replace("{out}", out) for part in command])
                )
        with ThreadPoolExecutor(max_workers=2) as pool:
            for future in as_completed([pool.submit(_chain, steps, env) for steps in chains.values()]):
                for name, code, seconds, output in future.result():
                    print(f"{'ok  ' if code == 0 else 'FAIL'} {name} ({seconds:.0f} s)", flush=True)
                    if code != 0:
                        failed.append(name)
                        print("\n".join(output.strip().splitlines()[-25:]), flush=True)
    if failed:
        print(f"{len(failed)} benchmark(s) did not run to their end: {', '.join(failed)}")
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
