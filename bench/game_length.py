"""How long each game takes and how much there is to learn: the figures the front door shows.

For each game's one-click setup ("Play against the computer", ``FRONT["quick"]`` of its web
module), games are played by the quick computer player in every seat, and the person's seat's
decisions are counted (every time it is asked, a forced choice included: on the site each is a
click). The figures are written to ``web/games/front_figures.json`` with the rules revision they
were measured under; ``tests`` check that every game has them and that they are not stale.

    python bench/game_length.py                 # every game, 40 games each
    python bench/game_length.py --games 10 --game third-crusade

Time is shown as decisions at ``SECONDS_PER_DECISION``, a newcomer's pace (reading the card,
choosing): an estimate, said so on the page."""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from out import out_path  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT / "engine"), str(ROOT / "web")]

from outremer.ai import agent_for, agent_random, decide  # noqa: E402
from outremer.games import get_game  # noqa: E402

OUT = out_path(ROOT / "web" / "games" / "front_figures.json")
GAMES = ("levantine", "crusader-kingdoms", "lords-of-heaven", "third-crusade")
SECONDS_PER_DECISION = 12


def quick_setup(game_id: str) -> dict:
    import importlib

    import render

    return importlib.import_module(f"games.{render.module_name(game_id)}").FRONT["quick"]


def measure(game_id: str, games: int, seed: int) -> dict:
    game = get_game(game_id)
    quick = quick_setup(game_id)
    seats = len(quick["seats"])
    agent = agent_for(game, "heuristic")
    counts = []
    for i in range(games):
        state, _ = game.start(game.make_setup(seed + i, ["heuristic"] * seats, quick["options"]))
        mine = step = 0
        while (seat := game.to_act(state)) is not None:
            action = decide(agent, game, state, seat, agent_random(seed + i, step))
            mine += seat == 0
            state, _ = game.apply(state, action)
            step += 1
        counts.append(mine)
    median = statistics.median(counts)
    return {
        "players": seats,
        "games": games,
        "seed": seed,
        "rules_revision": game.rules_revision,
        "decisions_median": median,
        "decisions_range": [min(counts), max(counts)],
        "minutes": round(median * SECONDS_PER_DECISION / 60),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--game", choices=GAMES)
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    figures = json.loads(OUT.read_text()) if OUT.exists() else {}
    figures["seconds_per_decision"] = SECONDS_PER_DECISION
    figures["command"] = "python bench/game_length.py"
    for game_id in [args.game] if args.game else GAMES:
        figures.setdefault("games", {})[game_id] = row = measure(game_id, args.games, args.seed)
        print(game_id, json.dumps(row))
    OUT.write_text(json.dumps(figures, indent=1, sort_keys=True) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
