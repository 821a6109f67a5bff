"""Share-code length of complete games (every mix of seats). Prints one JSON object."""

from __future__ import annotations

import argparse
import itertools
import json
import statistics

from outremer.core import sharecode
from outremer.games import get_game
from outremer.sim import play_out


def lengths(game_id: str, games: int, seed: int, players: int | None = None) -> dict:
    game = get_game(game_id)
    kinds = ["random", "heuristic"]
    mixes = list(itertools.product(kinds, repeat=players or game.min_seats))
    sizes = []
    for i in range(games):
        options = {o.id: o.choices[i % len(o.choices)] for o in game.options}
        setup = game.make_setup(seed + i, list(mixes[i % len(mixes)]), options)
        sizes.append(len(sharecode.encode(play_out(game, setup))))
    return {
        "game": game_id,
        "players": players or game.min_seats,
        "games": games,
        "median_chars": statistics.median(sizes),
        "mean_chars": round(statistics.mean(sizes), 1),
        "max_chars": max(sizes),
        "min_chars": min(sizes),
    }


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--game", default="levantine")
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--players", type=int, default=None, help="seats (the game's fewest by default)")
    args = parser.parse_args()
    print(json.dumps(lengths(args.game, args.games, args.seed, args.players)))
