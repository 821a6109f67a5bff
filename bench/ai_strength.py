"""Heuristic against random: N games with the heuristic on each side. Prints one JSON object."""

from __future__ import annotations

import argparse
import json

from outremer.games import get_game
from outremer.sim import simulate, wilson


def strength(game_id: str, games: int, seed: int) -> dict:
    game = get_game(game_id)
    names = list(game.seat_names)
    as_first = simulate(game, ["heuristic", "random"], games, seed)
    as_second = simulate(game, ["random", "heuristic"], games, seed + games)
    won = as_first["wins"][names[0]] + as_second["wins"][names[1]]
    lo, hi = wilson(won, 2 * games)
    return {"game": game_id, "games_per_side": games,
            f"heuristic_as_{names[0].lower()}": as_first["win_rate"][names[0]],
            f"heuristic_as_{names[1].lower()}": as_second["win_rate"][names[1]],
            "heuristic_overall": won / (2 * games), "interval_95": [round(lo, 4), round(hi, 4)],
            "code_chars": sorted([as_first["median_code_chars"], as_second["median_code_chars"]])}


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--game", default="levantine")
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    print(json.dumps(strength(args.game, args.games, args.seed)))
