"""Third Crusade's cost for a search, in CPU seconds (steady on a shared machine, where wall time
is not): random 4- and 2-player playouts along the search's path (``Game.advance``), and normal
decisions (the searching player's 110 iterations) at states met along a random game, and normal
decisions against the Bot (rulebook p.19: one seat, the Bot Armies played by the engine) at states
met along a quick player's solo game, their median and 95th percentile. Each figure is the best of
``--repeat`` runs. Prints one JSON object.

    python bench/tc_speed.py [--repeat 3]
"""

from __future__ import annotations

import argparse
import json
import random
import time

from outremer.ai import agent_for, agent_random, choose, decide
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


def random_states(players: int, n: int, seed: int = 3) -> list[dict]:
    """``n`` states along a random game (every 11th action with a choice)."""
    rand = random.Random(seed)
    state, _ = GAME.start(GAME.make_setup(seed, ["random"] * players))
    states, step = [], 0
    while GAME.to_act(state) is not None and len(states) < n:
        legal = GAME.legal_for(state)
        if step % 11 == 0 and len(legal) > 1:
            states.append(state)
        state, _ = GAME.apply(state, rand.choice(legal))
        step += 1
    return states


def decisions(players: int, n: int, seed: int = 3) -> float:
    """CPU seconds per normal decision, at ``n`` states along a random game (``random_states``)."""
    states = random_states(players, n, seed)
    started = time.process_time()
    for k, at in enumerate(states):
        choose(GAME, at, GAME.to_act(at), "normal", seed, k)
    return (time.process_time() - started) / len(states)


def solo_states(n: int, seed: int = 2, side: str = "crusader") -> list[dict]:
    """``n`` states of a solo game played by the quick player (every 3rd action with a choice)."""
    state, _ = GAME.start(GAME.make_setup(seed, ["heuristic"], {"side": side}))
    quick = agent_for(GAME, "heuristic")
    states, step = [], 0
    while GAME.to_act(state) is not None and len(states) < n:
        legal = GAME.legal_for(state)
        if step % 3 == 0 and len(legal) > 1:
            states.append(state)
        state, _ = GAME.apply(state, decide(quick, GAME, state, GAME.to_act(state), agent_random(seed, step)))
        step += 1
    return states


def decisions_solo(states: list[dict], seed: int = 2) -> list[float]:
    """CPU seconds of each normal decision at ``states`` (a solo game's), in their order."""
    times = []
    for k, at in enumerate(states):
        started = time.process_time()
        choose(GAME, at, GAME.to_act(at), "normal", seed, k)
        times.append(time.process_time() - started)
    return times


def median_p95(times: list[float]) -> tuple[float, float]:
    times = sorted(times)
    return times[len(times) // 2], times[min(len(times) - 1, round(0.95 * (len(times) - 1)))]


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--solo", type=int, default=24, help="solo states (0: none)")
    parser.add_argument("--only-solo", action="store_true", help="the solo decisions only")
    args = parser.parse_args()
    runs = args.repeat
    figures = {}
    if args.solo:
        states = solo_states(args.solo)
        # each state's best of the runs, then their median and 95th percentile
        best = [min(ts) for ts in zip(*(decisions_solo(states) for _ in range(runs)), strict=True)]
        median, p95 = median_p95(best)
        figures["solo_normal_decision_median"] = round(median, 3)
        figures["solo_normal_decision_p95"] = round(p95, 3)
    if args.only_solo:
        print(json.dumps(figures))
        raise SystemExit
    playouts(2, 2)  # the content loaded, the caches warm
    print(
        json.dumps(
            figures
            | {
                "games_per_second_4p": round(max(playouts(4, 12) for _ in range(runs)), 2),
                "games_per_second_2p": round(max(playouts(2, 40) for _ in range(runs)), 2),
                "seconds_per_normal_decision_4p": round(min(decisions(4, 8) for _ in range(runs)), 3),
                "seconds_per_normal_decision_2p": round(min(decisions(2, 8) for _ in range(runs)), 3),
            }
        )
    )
