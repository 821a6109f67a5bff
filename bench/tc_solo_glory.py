"""Third Crusade against the Bot (p.19-23): where each side's Glory comes from, game by game.

Plays N solo games of one mode (``bench/tc_solo.py``'s modes, deal ``seed + i``) with the quick
player in the person's seat(s), reads every log line that moves the Glory marker, and prints the
mean Glory a game each side gained or lost, by source: Battles won (p.15), Missions (p.17, step
1), the Glory icons of the Regions Controlled (p.17, step 4E), Jerusalem (p.17, step 4C), Event
Cards and Diplomacy (p.12, p.16), and lost for Orders left unexecuted (p.17, step 3) and for
supply lacking (p.17, step 4A). Prints one JSON object.

    python bench/tc_solo_glory.py [--mode "1 Army against 1 Bot, Muslim"] [--games 40] [--seed 1]
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from tc_solo import ALLIANCE, MODES, NAMES  # noqa: E402

from outremer.ai import agent_for, agent_random, decide
from outremer.games import get_game
from outremer.games.third_crusade.data import ALLIANCE_OF
from outremer.games.third_crusade.records import ARMY_NAMES

SIDE_OF_NAME = {name: ALLIANCE_OF[army] for army, name in ARMY_NAMES.items()}
PATTERNS = (  # (regular expression, source, the group naming the side, the group of the Glory, sign)
    (r"The (Crusader|Muslim) Alliance wins the Battle and gains (\d+) Glory", "battle", 1, 2, 1),
    (r"Mission .*: the (Crusader|Muslim) Alliance gains (\d+) Glory", "mission", 1, 2, 1),
    (r"Glory marker (\d+) steps? towards the (Crusader|Muslim)", "glory icons", 2, 1, 1),
    (r"The (Crusader)s Control Jerusalem: (\d+) Glory", "Jerusalem", 1, 2, 1),
    (r"^(.+?) is \d+ supply short: (\d+) Glory away", "lost: supply", 1, 2, -1),
    (r"^(.+?) reveals the Orders? it left on the map.*?(\d+) Glory away", "lost: Orders left", 1, 2, -1),
    (r"^(.+?) gains (\d+) Glory", "Event Cards and Diplomacy", 1, 2, 1),
)


def side_of(name: str) -> str | None:
    """The Alliance a log line's subject names: an Alliance, or an Army by its name."""
    return name.lower() if name.lower() in ("crusader", "muslim") else SIDE_OF_NAME.get(name)


def run(mode: str, games: int, seed: int) -> dict:
    game = get_game("third-crusade")
    agent = agent_for(game, "heuristic")
    players, options = next((p, o) for n, p, o in MODES if n == mode)
    mine = str(options.get("side", "crusader"))
    glory: dict[str, Counter[str]] = {"person": Counter(), "bot": Counter()}
    wins, rounds = 0, Counter[str]()
    for i in range(games):
        state, _ = game.start(game.make_setup(seed + i, ["heuristic"] * players, options))
        step = 0
        while (seat := game.to_act(state)) is not None:
            state, log = game.apply(state, decide(agent, game, state, seat, agent_random(seed + i, step)))
            step += 1
            for event in log:
                for pattern, source, who, much, sign in PATTERNS:
                    if (m := re.search(pattern, event.text)) and (side := side_of(m[who])) is not None:
                        glory["person" if side == mine else "bot"][source] += sign * int(m[much])
                        break
        wins += (game.result(state) or {}).get("team") == ALLIANCE[mine]
        rounds[["1190", "1191 Spring", "1191 Autumn", "1192"][min(3, state["round"])]] += 1
    return {
        "mode": mode,
        "games": games,
        "seed": seed,
        "person_wins": wins,
        "game_ends_in": dict(rounds),
        "glory_per_game": {k: {s: round(v / games, 2) for s, v in c.most_common()} for k, c in glory.items()},
        "command": f'python bench/tc_solo_glory.py --mode "{mode}" --games {games} --seed {seed}',
    }


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--mode", default=NAMES[1], choices=NAMES)
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    print(json.dumps(run(args.mode, args.games, args.seed), indent=1))
