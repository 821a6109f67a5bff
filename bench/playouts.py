"""Random full-game playouts per second (run by CPython, or inside Pyodide by
``node tools/pyodide_run.mjs bench/playouts.py``). Prints one JSON object."""

from __future__ import annotations

import argparse
import json
import platform
import random
import sys
import time

from outremer.games import get_game


def playouts(game_id: str, games: int, seed: int) -> dict:
    game = get_game(game_id)
    rand = random.Random(seed)
    actions = 0
    started = time.perf_counter()
    for i in range(games):
        state, _ = game.start(game.make_setup(seed + i, ["random"] * game.min_seats))
        while game.to_act(state) is not None:
            state, _ = game.apply(state, rand.choice(game.legal_for(state)))
            actions += 1
    seconds = time.perf_counter() - started
    return {"game": game_id, "runtime": "pyodide" if sys.platform == "emscripten" else "cpython",
            "python": platform.python_version(), "games": games, "seconds": round(seconds, 3),
            "games_per_second": round(games / seconds, 2), "actions_per_second": round(actions / seconds)}


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--game", default="levantine")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    print(json.dumps(playouts(args.game, args.games, args.seed)))
