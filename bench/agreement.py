"""How often two computer players choose the same move at the same decisions, beside how often
each agrees with itself when given other randomness.

A screen before a strength series, at a few minutes' cost instead of hours: a level that chooses
as another does no more often than either chooses as itself on another seed differs from it only
by the luck of its rollouts, and cannot be much stronger. The decisions are met along games
between quick players (one in ``--every`` of those where the seat's shortlist still leaves a
choice); each level (named as ``ai_strength.py`` names them: "hard", "hard+paired",
"normal@FILE"…) decides each of them from the seat's view with the randomness of seed 1 and of
seed 2. Prints one JSON object: each level's agreement with itself, each pair's (the mean over
both seeds), and both by the kind of decision (its actions' verbs) where a game names them.

    python bench/agreement.py --game third-crusade --players 2 --levels normal,hard [--decisions 80]
"""

from __future__ import annotations

import argparse
import json
import random
from collections import defaultdict
from itertools import combinations

from ai_strength import _decide, agent_named  # a bench script beside this one

from outremer.ai import agent_for, agent_random, decide
from outremer.games import get_game

SEEDS = (1, 2)


def decisions(game, players: int, count: int, seed: int, every: int) -> list[tuple[dict, int]]:
    """``count`` states (and the seat to act) met along quick players' games from deal ``seed``
    on, one in ``every`` of those where the seat's shortlist leaves it a choice."""
    quick = agent_for(game, "heuristic")
    narrow = getattr(quick, "shortlist", None)
    found: list[tuple[dict, int]] = []
    draw, deal = random.Random(seed), seed
    while len(found) < count:
        state, _ = game.start(game.make_setup(deal, ["heuristic"] * players))
        step = 0
        while (seat := game.to_act(state)) is not None and len(found) < count:
            legal = game.legal_for(state)
            choice = len(legal) > 1 and (narrow is None or len(narrow(game, game.view(state, seat), legal)) > 1)
            if choice and draw.randrange(every) == 0:
                found.append((state, seat))
            state, _ = game.apply(state, decide(quick, game, state, seat, agent_random(deal, step)))
            step += 1
        deal += 1
    return found


def agreement(game_id: str, players: int, levels: list[str], count: int, seed: int, every: int) -> dict:
    game = get_game(game_id)
    agents = {kind: agent_named(game, kind) for kind in levels}
    chosen: dict[tuple[str, int], list] = defaultdict(list)
    kinds = []
    for k, (state, seat) in enumerate(decisions(game, players, count, seed, every)):
        kinds.append("/".join(sorted({action.verb for action in game.legal_for(state)})))
        for kind in levels:
            for s in SEEDS:
                chosen[kind, s].append(_decide(agents[kind], kind, game, state, seat, agent_random(s, k)))

    def rate(pairs: list[tuple[tuple[str, int], tuple[str, int]]], only: str | None = None) -> float:
        hits = [chosen[a][k] == chosen[b][k] for a, b in pairs for k in range(len(kinds)) if only in (None, kinds[k])]
        return round(sum(hits) / len(hits), 3)

    selves = {kind: [((kind, 1), (kind, 2))] for kind in levels}
    pairs = {f"{a} / {b}": [((a, s), (b, s)) for s in SEEDS] for a, b in combinations(levels, 2)}
    common = sorted({v for v in kinds if kinds.count(v) >= max(5, len(kinds) // 20)})
    return {
        "game": game_id,
        "players": players,
        "decisions": len(kinds),
        "seed": seed,
        "itself": {kind: rate(p) for kind, p in selves.items()},
        "pairs": {name: rate(p) for name, p in pairs.items()},
        "by_kind": {
            v: {"decisions": kinds.count(v), **{name: rate(p, v) for name, p in {**selves, **pairs}.items()}}
            for v in common
        },
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="levantine")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--levels", default="normal,hard", help="two or more, comma-separated")
    parser.add_argument("--decisions", type=int, default=80)
    parser.add_argument("--seed", type=int, default=40, help="the first quick players' deal")
    parser.add_argument("--every", type=int, default=25, help="one decision in this many is kept")
    args = parser.parse_args()
    levels = args.levels.split(",")
    if len(levels) < 2:
        parser.error("--levels names two or more")
    print(json.dumps(agreement(args.game, args.players, levels, args.decisions, args.seed, args.every), indent=1))


if __name__ == "__main__":
    main()
