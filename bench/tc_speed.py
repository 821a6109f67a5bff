"""Third Crusade's cost for a search, in CPU seconds (steady on a shared machine, where wall time
is not): random 4- and 2-player playouts along the search's path (``Game.advance``), and normal
decisions (the searching player's 110 iterations) at states met along a random game. Each figure
is the best of ``--repeat`` runs. Prints one JSON object.

    python bench/tc_speed.py [--repeat 3]
"""

from __future__ import annotations

import argparse
import json
import random
import time

from outremer.ai import choose
from outremer.games import get_game

GAME = get_game("third-crusade")


def playouts(players: int, games: int, seed: int = 1) -> float:
    """Random games per CPU second, every action carried out by ``advance``."""
    rand = random.Random(seed)
    started = time.process_time()
    for i in range(games):
        state, _ = GAME.start(GAME.make_setup(seed + i, ["random"] * players))
        while GAME.to_act(state) is not None:
            GAME.advance(state, rand.choice(GAME.legal_for(state)))
    return games / (time.process_time() - started)


def decisions(players: int, n: int, seed: int = 3) -> float:
    """CPU seconds per normal decision, at ``n`` states along a random game (every 11th action
    with a choice)."""
    rand = random.Random(seed)
    state, _ = GAME.start(GAME.make_setup(seed, ["random"] * players))
    states, step = [], 0
    while GAME.to_act(state) is not None and len(states) < n:
        legal = GAME.legal_for(state)
        if step % 11 == 0 and len(legal) > 1:
            states.append(state)
        state, _ = GAME.apply(state, rand.choice(legal))
        step += 1
    started = time.process_time()
    for k, at in enumerate(states):
        choose(GAME, at, GAME.to_act(at), "normal", seed, k)
    return (time.process_time() - started) / len(states)


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeat", type=int, default=3)
    runs = parser.parse_args().repeat
    playouts(2, 2)  # the content loaded, the caches warm
    print(
        json.dumps(
            {
                "games_per_second_4p": round(max(playouts(4, 12) for _ in range(runs)), 2),
                "games_per_second_2p": round(max(playouts(2, 40) for _ in range(runs)), 2),
                "seconds_per_normal_decision_4p": round(min(decisions(4, 8) for _ in range(runs)), 3),
                "seconds_per_normal_decision_2p": round(min(decisions(2, 8) for _ in range(runs)), 3),
            }
        )
    )
