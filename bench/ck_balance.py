"""Crusader Kingdoms balance: win rates of the kingdoms, and the levels of the 1–2 player games.

The 4-player game is played twice, with heuristic players in every seat and with random players
in every seat (2,000 games each by default); its targets (ruling R17) are every kingdom winning
18–32% of the heuristic games and 15–35% of the random games. The 3-player, co-operative and solo
games are played between heuristic players (1,000 games each by default): the 3-player game
gives each side's win rate, the 1–2 player games the share of Victory, Marginal victory and Defeat.

Prints one JSON object and writes it to ``bench/ck_balance.json``. Shared wins count as a
fraction for each winner; the intervals are 95% Wilson intervals. The games of each series run as
a job of ``outremer.jobs`` (``--backend {auto,ray,local}``, ``--address`` of a Ray cluster,
``--jobs`` local processes; the figures do not depend on them).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from out import out_path  # noqa: E402

from outremer.games import get_game
from outremer.jobs import GameFailed, add_arguments, runner
from outremer.sim import simulate

OUT = out_path(Path(__file__).with_name("ck_balance.json"))
TARGETS = {"heuristic": (0.18, 0.32), "random": (0.15, 0.35)}


def _entry(r: dict, games: int) -> dict:
    entry = {
        "games": r["games"],
        **({"lost": r["lost"]} if "lost" in r else {}),
        "mean_actions": round(r["mean_actions"], 1),
        "max_code_chars": r["max_code_chars"],
        "games_per_second": round(r["games_per_second"], 1),
    }
    if "levels" in r:
        entry["levels"] = {k: round(v, 3) for k, v in r["levels"].items()}
    else:
        entry["win_rate"] = {k: round(v, 3) for k, v in r["win_rate"].items()}
        entry["interval_95"] = {k: [round(x, 3) for x in v] for k, v in r["win_interval_95"].items()}
    return entry


def balance(games: int, other_games: int, seed: int, runner: dict | None = None) -> dict:
    game = get_game("crusader-kingdoms")
    jobs = {"progress": True, **(runner or {})}
    out = {}
    for kind in ("heuristic", "random"):
        key = "four" if kind == "heuristic" else "four_random"
        entry = _entry(simulate(game, [kind] * 4, games, seed, **jobs), games)
        low, high = TARGETS[kind]
        entry["players"] = kind
        entry["target"] = f"every kingdom wins {low:.0%}-{high:.0%}"
        entry["met"] = all(low <= v <= high for v in entry["win_rate"].values())
        out[key] = entry
    for players, key in ((3, "three"), (2, "coop"), (1, "solo")):
        out[key] = _entry(simulate(game, ["heuristic"] * players, other_games, seed, **jobs), other_games)
        out[key]["players"] = "heuristic"
    out["command"] = f"python bench/ck_balance.py --games {games} --other-games {other_games} --seed {seed}"
    return out


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=2000, help="games of each 4-player series (default 2000)")
    parser.add_argument(
        "--other-games",
        type=int,
        default=1000,
        help="games of the 3-player, co-operative and solo series (default 1000)",
    )
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--no-write", action="store_true", help="print only; leave bench/ck_balance.json alone")
    add_arguments(parser)
    args = parser.parse_args()
    try:
        result = balance(args.games, args.other_games, args.seed, runner(args))
    except GameFailed as error:
        raise SystemExit(str(error)) from None
    text = json.dumps(result, indent=2)
    print(text)
    if not args.no_write:
        OUT.write_text(text + "\n")
