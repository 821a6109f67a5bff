"""The normal searching player's chosen action at a fixed list of Third Crusade decisions, as
JSON on stdout: 24 states of a solo game on the Crusader side and 12 on the Muslim side
(``tc_speed.solo_states``), and 12 states each along a random 2- and 4-player game
(``tc_speed.random_states``). Two runs' outputs are identical unless a change altered a choice:
a change meant only to make the search faster must leave them so.

    python bench/tc_moves.py > moves.json
    python bench/tc_moves.py --states 2      # 2 states of each list (the smoke run)
"""

from __future__ import annotations

import argparse
import json

from tc_speed import GAME, random_states, solo_states

from outremer.ai import choose


def chosen(states: list[dict], seed: int) -> list[str]:
    return [str(choose(GAME, at, GAME.to_act(at), "normal", seed, k)) for k, at in enumerate(states)]


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--states", type=int, help="this many states of each list (default: 24, 12, 12, 12)")
    n = parser.parse_args().states
    print(
        json.dumps(
            {
                "solo_crusader": chosen(solo_states(n or 24), 2),
                "solo_muslim": chosen(solo_states(n or 12, side="muslim"), 2),
                "random_2p": chosen(random_states(2, n or 12), 3),
                "random_4p": chosen(random_states(4, n or 12), 3),
            },
            indent=1,
        )
    )
