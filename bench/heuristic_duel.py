"""A game's heuristic against its own earlier version: the present one in one seat, rotated over
the seats game by game, the version of an earlier commit in every other seat, on the same deals.
The earlier heuristic is read from git (``git show COMMIT:engine/outremer/ai/<game>.py``) and
plays on today's rules and data, so the comparison is of the players alone.

    python bench/heuristic_duel.py --game lords-of-heaven --commit 4eea27e --players 4 --games 800 --seed 5000
    python bench/heuristic_duel.py --game lords-of-heaven --commit 4eea27e --players 2 --games 600 --seed 5000 \\
        --option christians=crusaders --option muslims=caliphate

Prints one JSON object: the present player's share of the wins (shared wins split), its 95%
interval, the fair share, and its share by faction or seat name.
"""

from __future__ import annotations

import argparse
import json
import re
import subprocess
import types
from pathlib import Path

from outremer.ai import agent_random, decide, heuristic_for
from outremer.core.match import Match
from outremer.games import get_game
from outremer.sim import wilson

ROOT = Path(__file__).resolve().parent.parent


def earlier_heuristic(game, commit: str):
    """The heuristic class of ``game`` as it was at ``commit``, loaded as a module of its own."""
    present = heuristic_for(game)[0]
    module = type(present).__module__
    path = "engine/" + module.replace(".", "/") + ".py"
    source = subprocess.run(
        ["git", "show", f"{commit}:{path}"], cwd=ROOT, check=True, capture_output=True, text=True
    ).stdout
    package = module.rsplit(".", 1)[0]  # outremer.ai
    source = re.sub(r"^from \.\.", "from outremer.", source, flags=re.M)
    source = re.sub(r"^from \. import", f"from {package} import", source, flags=re.M)
    source = re.sub(r"^from \.(\w)", rf"from {package}.\1", source, flags=re.M)
    old = types.ModuleType(f"earlier_{module.replace('.', '_')}")
    exec(compile(source, f"{commit}:{path}", "exec"), old.__dict__)
    return getattr(old, type(present).__name__)()


def duel(game_id: str, commit: str, players: int, games: int, seed: int, options: dict) -> dict:
    game = get_game(game_id)
    present, earlier = heuristic_for(game)[0], earlier_heuristic(game, commit)
    share, by_seat = 0.0, {}
    for i in range(games):
        setup = game.make_setup(seed + i, ["heuristic"] * players, options)
        hero = i % players
        match = Match(game, setup)
        agents = [present if seat == hero else earlier for seat in range(players)]
        while (seat := match.to_act()) is not None:
            match.play(decide(agents[seat], game, match.state, seat, agent_random(setup.seed, match.steps)))
        winners = match.result()["winners"]
        won = 1 / len(winners) if hero in winners else 0.0
        share += won
        name = game.seat_labels(setup)[hero]
        total, count = by_seat.get(name, (0.0, 0))
        by_seat[name] = (total + won, count + 1)
    low, high = wilson(share, games)
    return {
        "game": game_id,
        "against_commit": commit,
        "players": players,
        "options": options,
        "games": games,
        "seed": seed,
        "share": round(share / games, 3),
        "interval_95": [round(low, 3), round(high, 3)],
        "fair": round(1 / players, 3),
        "by_seat": {k: round(t / n, 3) for k, (t, n) in by_seat.items()},
    }


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", required=True)
    parser.add_argument("--commit", required=True, help="the commit whose heuristic plays the other seats")
    parser.add_argument("--players", type=int, required=True)
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--seed", type=int, default=5000)
    parser.add_argument("--option", action="append", default=[], help="a setup option, key=value")
    args = parser.parse_args()
    opts = dict(o.split("=", 1) for o in args.option)
    print(json.dumps(duel(args.game, args.commit, args.players, args.games, args.seed, opts)))
