"""What each strength series of bench/series/ cost to play: CPU seconds per game, core-hours for
the whole series, and the hours it takes on this machine's 2 cores and on clusters of 16 and 64.

    python bench/series_cost.py [--sample 2] [--only WORD] [--folder bench/series] [--jobs 2]

A series whose rows record each game's CPU seconds (``cpu_s``, written by ``ai_strength.py
series`` since 2026-11-29) is costed from them. One from before is costed from ``--sample`` of its
games played again here (its first deals, from every seat; the same games, as the levels and
their settings are those its rows record) and kept in ``bench/series_cost.json``, so that each is
played once. A series whose searching players are no longer the shipped levels (the history of
docs/computer-players.md) is listed as such and not played. A game's CPU seconds are those of the
process that played it, so a loaded machine gives about the same figure as a quiet one. Prints
one JSON object.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from ai_strength import _check, _games, cost, recorded_in, series_rows
from out import out_path

from outremer.ai import heuristic_for
from outremer.games import get_game
from outremer.jobs import add_arguments, runner

ROOT = Path(__file__).resolve().parent
SERIES = ROOT / "series"
SAMPLES = ROOT / "series_cost.json"


def _sampled(path: Path, rows: list[dict], sample: int, run: dict, kept: dict) -> list[float] | str:
    """The CPU seconds of the series' first ``sample`` games played again (kept ones first)."""
    first = rows[0]
    game = get_game(first["game"])
    if recorded_in(first, heuristic_for(game)[2]) != _check(game, first["level"], first["against"], first["players"]):
        return "played with other searching players than the levels as they ship: not played again"
    timed = list(kept.get(path.name, []))
    players, seed = first["players"], first["seed"]
    work = [
        (i, (first["game"], first["level"], first["against"], players, seed + i // players, i % players))
        for i in range(len(timed), sample)
    ]
    if work:
        for _i, (_me, _payoff, cpu) in _games(work, run, f"cost of {path.name}").results():
            timed.append(cpu)
        kept[path.name] = timed
    return timed[:sample] if sample else timed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--sample", type=int, default=2, help="games played again where rows record no time")
    parser.add_argument("--only", default="", help="only the series whose file name holds this")
    parser.add_argument("--folder", default=str(SERIES), help="where the series' files are")
    add_arguments(parser)
    args = parser.parse_args()
    run = runner(args)
    kept = json.loads(SAMPLES.read_text()) if SAMPLES.exists() else {}
    report = {}
    for path in sorted(Path(args.folder).glob("*.jsonl")):
        rows = [row for _, row in sorted(series_rows(path).items())]
        if args.only not in path.name or not rows or "against" not in rows[0]:
            continue  # not a series of ai_strength.py (bench/tc_solo.py writes its own)
        entry: dict = {"games": len(rows)}
        if any("cpu_s" in r for r in rows):
            entry["cost"] = cost(rows)
        else:
            timed = _sampled(path, rows, args.sample, run, kept) if args.sample or path.name in kept else []
            if isinstance(timed, str):
                entry["cost"] = timed
            elif timed:
                entry["cost"] = {"sampled": len(timed), **cost(rows, timed)}
        report[path.name] = entry
    if kept:
        out_path(SAMPLES).write_text(json.dumps(kept, indent=1, sort_keys=True) + "\n")
    print(json.dumps(report, indent=1))


if __name__ == "__main__":
    main()
