"""Random full-game playouts per second (run by CPython, or inside Pyodide by
``node tools/pyodide_run.mjs bench/playouts.py``). Prints one JSON object per case.

    python bench/playouts.py                                  # every case below
    python bench/playouts.py --game crusader-kingdoms --players 1 --games 400 --path advance

Each action is chosen at random among ``legal_for(state)`` and carried out along one of two
paths, named in the output:

- ``apply``: as the site does, a new state and the action's log lines;
- ``advance``: as a search does, the state changed in place and no log kept (the same states,
  tests/test_fast_path.py checks it)."""

from __future__ import annotations

import argparse
import json
import platform
import random
import sys
import time

from outremer.games import get_game

PATHS = ("apply", "advance")
CASES = (("levantine", 2, 200), ("crusader-kingdoms", 4, 200), ("crusader-kingdoms", 1, 1000))
"""(game, players, games): Levantine, the 4-player Crusader Kingdoms, and its solo mode
against the Muslim automaton (a solo game is about a seventh as long as a 4-player one)."""


def playouts(game_id: str, games: int, seed: int, players: int | None = None, path: str = "apply") -> dict:
    game = get_game(game_id)
    players = players or game.min_seats
    rand = random.Random(seed)
    actions = 0
    started = time.perf_counter()
    for i in range(games):
        state, _ = game.start(game.make_setup(seed + i, ["random"] * players))
        if path == "apply":
            while game.to_act(state) is not None:
                state, _ = game.apply(state, rand.choice(game.legal_for(state)))
                actions += 1
        else:
            while game.to_act(state) is not None:
                game.advance(state, rand.choice(game.legal_for(state)))
                actions += 1
    seconds = time.perf_counter() - started
    return {
        "game": game_id,
        "players": players,
        "path": path,
        "runtime": "pyodide" if sys.platform == "emscripten" else "cpython",
        "python": platform.python_version(),
        "games": games,
        "seconds": round(seconds, 3),
        "games_per_second": round(games / seconds, 2),
        "actions_per_second": round(actions / seconds),
    }


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--game", help="one game (default: every case)")
    parser.add_argument("--players", type=int, help="seats (default: the game's fewest)")
    parser.add_argument("--games", type=int, help="games per case (default: the case's)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--path", choices=PATHS, help="apply or advance (default: both)")
    args = parser.parse_args()
    cases = (
        [(args.game, args.players, args.games or 200)] if args.game else [(g, p, args.games or n) for g, p, n in CASES]
    )
    for game_id, players, games in cases:
        for path in [args.path] if args.path else PATHS:
            print(json.dumps(playouts(game_id, games, args.seed, players, path)))
