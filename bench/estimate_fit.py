"""Fit a game's estimate, the position score a searching player's rollouts stop at.

Plays games between heuristic players, keeps positions met along them (one in twenty), and fits,
stage by stage, the weights of the game's estimate (:class:`outremer.ai.estimate.Logit`: each
seat's chance in proportion to exp(w · features)) to the games' results. Prints the weights to
put in the game's AI module and the mean log-likelihood per position of the fitted and of the
current weights, on the fitting games and on as many others (a check against over-fitting),
beside that of knowing nothing (every seat even). The games run as a job of ``outremer.jobs``
(``--backend {auto,ray,local}``, ``--address`` of a Ray cluster, ``--jobs`` local processes, 2 by
default); the weights do not depend on them.

    python bench/estimate_fit.py --game levantine [--games 1000] [--seed 1]
    python bench/estimate_fit.py --game crusader-kingdoms --players 4
"""

from __future__ import annotations

import argparse
import importlib
import json
import math
import random

from outremer.ai import agent_for, agent_random, decide
from outremer.ai.estimate import Logit, fit, log_likelihood
from outremer.games import get_game
from outremer.jobs import GameFailed, Job, add_arguments, runner

KEEP = 0.05


def logit_of(game) -> Logit:
    """The game's fitted estimate: in its own module ``outremer.ai.<g>_estimate`` where it has one
    (Third Crusade), else beside its quick player in ``outremer.ai.<g>``."""
    name = f"outremer.ai.{game.id.replace('-', '_')}"
    try:
        return importlib.import_module(f"{name}_estimate").LOGIT
    except ModuleNotFoundError:
        return importlib.import_module(name).LOGIT


def positions(args: tuple[str, int, int]) -> list:
    game_id, players, seed = args
    game = get_game(game_id)
    logit = logit_of(game)
    state, _ = game.start(game.make_setup(seed, ["heuristic"] * players))
    agent = agent_for(game, "heuristic")
    rand = random.Random(seed)
    kept, step = [], 0
    while (seat := game.to_act(state)) is not None:
        if rand.random() < KEEP:
            kept.append((logit.stage(state), [list(logit.features(state, p)) for p in range(players)]))
        game.advance(state, decide(agent, game, state, seat, agent_random(seed, step)))
        step += 1
    payoff = game.payoff(state)
    return [(stage, feats, payoff) for stage, feats in kept]


def main(game_id: str, players: int, games: int, seed: int, runner: dict | None = None) -> dict:
    game = get_game(game_id)
    logit = logit_of(game)
    job = Job(
        positions,
        [(i, (game_id, players, seed + i)) for i in range(2 * games)],
        label=f"{game_id} estimate positions",
        deal=lambda task: f"{task[0]}, deal {task[2]}",
        **{"jobs": 2, **(runner or {})},
    )
    played = dict(job.results())
    train = [p for i in sorted(played) if i < games for p in played[i]]
    test = [p for i in sorted(played) if i >= games for p in played[i]]
    out = {
        "game": game_id,
        "players": players,
        "games": games,
        "seed": seed,
        **({"lost": sorted(lost.key for lost in job.lost)} if job.lost else {}),
        "command": f"python bench/estimate_fit.py --game {game_id} --players {players} --games {games} --seed {seed}",
        "even": round(-math.log(players), 4),
        "stages": [],
    }
    for stage, current in enumerate(logit.weights):
        tr = [p for p in train if p[0] == stage]
        te = [p for p in test if p[0] == stage]
        w = fit(tr, len(current))
        out["stages"].append(
            {
                "stage": stage,
                "positions": len(tr),
                "weights": [round(x, 3) for x in w],
                "fitted": [round(log_likelihood(tr, w), 4), round(log_likelihood(te, w), 4)],
                "current": [round(log_likelihood(tr, current), 4), round(log_likelihood(te, current), 4)],
            }
        )
    out["weights"] = tuple(tuple(s["weights"]) for s in out["stages"])
    return out


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="levantine")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1)
    add_arguments(parser)
    args = parser.parse_args()
    jobs = {k: v for k, v in runner(args).items() if v is not None}  # --jobs unsaid: 2 processes, as before
    try:
        print(json.dumps(main(args.game, args.players, args.games, args.seed, jobs), indent=1))
    except GameFailed as error:
        raise SystemExit(str(error)) from None
