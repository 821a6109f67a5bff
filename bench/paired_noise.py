"""How much noise common random numbers take out of comparing a decision's actions.

For decisions met along games between heuristic players, every legal action is played on the
same K drawn states (``Game.determinize``: the hidden cards and chance's future), each followed
by the searching player's rollout from the same seed (``Search.paired``'s rounds), and valued for
the seat to act. For the best action against each other, the standard error of the difference
of their mean values is worked out twice: from the differences round by round (paired, as the
hard level compares them) and as if the two had been valued on independent draws (as the
search's tree otherwise does). Prints one JSON object: the median of both over the decisions,
and of their ratio.

    python bench/paired_noise.py [--game levantine] [--players 2] [--decisions 20] [--rounds 200]
"""

from __future__ import annotations

import argparse
import json
import random
import statistics

from outremer.ai import agent_for, agent_random, decide, heuristic_for, sampler
from outremer.ai.search import Search
from outremer.core.game import clone
from outremer.games import get_game


def decisions(game, players: int, count: int, seed: int) -> list:
    """States with three or more legal actions, one in ten met along heuristic games."""
    found, rand, i = [], random.Random(seed), 0
    heuristic = agent_for(game, "heuristic")
    while len(found) < count:
        state, _ = game.start(game.make_setup(seed + i, ["heuristic"] * players))
        step = 0
        while (seat := game.to_act(state)) is not None and len(found) < count:
            if len(game.legal_for(state)) > 2 and rand.random() < 0.1:
                found.append(clone(state))
            game.advance(state, decide(heuristic, game, state, seat, agent_random(i, step)))
            step += 1
        i += 1
    return found


def noise(game, state, rounds: int, seed: int) -> tuple[float, float]:
    """Standard errors of the best action's lead over each other action (their median): paired
    and independent."""
    seat, legal = game.to_act(state), game.legal_for(state)
    policy, estimate, depth = heuristic_for(game)
    draw, rand = sampler(game, state, seat), random.Random(seed)
    values = {a: [] for a in legal}
    for _ in range(rounds):
        drawn, stream = draw(rand), rand.getrandbits(64)
        for action in legal:
            s = clone(drawn)
            game.advance(s, action)
            rollout = Search(game, draw, seat, [action], random.Random(stream), 0, policy, estimate, depth)
            values[action].append(rollout._rollout(s)[seat])
    best = max(legal, key=lambda a: statistics.fmean(values[a]))
    paired, independent = [], []
    for other in legal:
        if other == best:
            continue
        diff = [x - y for x, y in zip(values[best], values[other], strict=False)]
        paired.append(statistics.stdev(diff) / rounds**0.5)
        independent.append(((statistics.variance(values[best]) + statistics.variance(values[other])) / rounds) ** 0.5)
    return statistics.median(paired), statistics.median(independent)


def main(game_id: str, players: int, count: int, rounds: int, seed: int) -> dict:
    game = get_game(game_id)
    rows = [noise(game, state, rounds, seed + k) for k, state in enumerate(decisions(game, players, count, seed))]
    ratios = [ind / max(p, 1e-9) for p, ind in rows]
    return {
        "game": game_id,
        "players": players,
        "decisions": count,
        "rounds": rounds,
        "seed": seed,
        "command": f"python bench/paired_noise.py --game {game_id} --players {players} "
        f"--decisions {count} --rounds {rounds} --seed {seed}",
        "median_se_paired": round(statistics.median(p for p, _ in rows), 4),
        "median_se_independent": round(statistics.median(i for _, i in rows), 4),
        "median_ratio": round(statistics.median(ratios), 2),
        "ratio_range": [round(min(ratios), 2), round(max(ratios), 2)],
    }


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="levantine")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--decisions", type=int, default=20)
    parser.add_argument("--rounds", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    print(json.dumps(main(args.game, args.players, args.decisions, args.rounds, args.seed), indent=1))
