"""Crusader Kingdoms balance: 1,000 games per mode between heuristic players.

Prints one JSON object: for 3 and 4 players the win rate of each kingdom (target: none above
45% in the 4-player game), for solo and co-op the share of Victory, Marginal victory, Defeat.
"""

from __future__ import annotations

import argparse
import json

from outremer.games import get_game
from outremer.sim import simulate


def balance(games: int, seed: int) -> dict:
    game = get_game("crusader-kingdoms")
    out = {}
    for players, key in ((4, "four"), (3, "three"), (2, "coop"), (1, "solo")):
        r = simulate(game, ["heuristic"] * players, games, seed)
        entry = {"games": games, "mean_actions": round(r["mean_actions"], 1),
                 "max_code_chars": r["max_code_chars"], "games_per_second": round(r["games_per_second"], 1)}
        if "levels" in r:
            entry["levels"] = {k: round(v, 3) for k, v in r["levels"].items()}
        else:
            entry["win_rate"] = {k: round(v, 3) for k, v in r["win_rate"].items()}
            entry["interval_95"] = {k: [round(x, 3) for x in v] for k, v in r["win_interval_95"].items()}
        out[key] = entry
    top = max(out["four"]["win_rate"].values())
    out["four"]["target"] = "no kingdom above 45%"
    out["four"]["met"] = top <= 0.45
    return out


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    print(json.dumps(balance(args.games, args.seed), indent=2))
