"""Third Crusade balance: each Alliance's share of the wins between equal players.

Every line-up is played between heuristic players: 2 players with each pairing of Armies (the
Angevin against the Ayyubid by default); 3 players with each Army as the lone player (the Ayyubid
against the Angevin and the Holy Roman Empire, the Angevin against the Ayyubid and the Turkoman
by default); 4 players. The target (issue 14; ruling TC70): in every line-up each Alliance wins
40-60% of the games. A game nobody wins (Glory level and Jerusalem held by nobody, ruling TC36)
counts for neither Alliance; the Final Winners' shares are given too.

Prints one JSON object and writes it to ``bench/tc_balance.json``. The intervals are 95% Wilson
intervals. The line-ups run one after another, on one core; ``--only`` plays one of them and
puts its entry into the file beside the others already there.

    python bench/tc_balance.py [--games 1000] [--seed 1] [--only "4 players"]
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from outremer.games import get_game
from outremer.sim import simulate

OUT = Path(__file__).with_name("tc_balance.json")
TARGET = (0.40, 0.60)
LINEUPS = (
    ("2 players", 2, {}),
    ("3 players, lone Muslim", 3, {"lone": "muslim"}),
    ("3 players, lone Crusader", 3, {"lone": "crusader"}),
    ("4 players", 4, {}),
    ("2 players, Angevin against Turkoman", 2, {"muslim_army": "turkoman"}),
    ("2 players, Holy Roman Empire against Ayyubid", 2, {"crusader_army": "hre"}),
    ("2 players, Holy Roman Empire against Turkoman", 2, {"crusader_army": "hre", "muslim_army": "turkoman"}),
    ("3 players, the Turkoman alone", 3, {"lone": "muslim", "muslim_army": "turkoman"}),
    ("3 players, the Holy Roman Empire alone", 3, {"lone": "crusader", "crusader_army": "hre"}),
)
"""The four line-ups of the defaults first (2 players Angevin against Ayyubid; the Ayyubid, then
the Angevin, as the lone player), then every other choice of Armies (the options
``crusader_army``, ``muslim_army`` and ``lone``)."""
NAMES = [name for name, _, _ in LINEUPS]


def series(name: str, players: int, options: dict, games: int, seed: int) -> dict:
    game = get_game("third-crusade")
    r = simulate(game, ["heuristic"] * players, games, seed, options)
    low, high = TARGET
    rates = r["team_win_rate"]
    return {"line_up": name, "players": players, "seats": "heuristic", "options": options,
            "games": games, "seed": seed,
            "alliance_win_rate": {k: round(v, 3) for k, v in rates.items()},
            "alliance_interval_95": {k: [round(x, 3) for x in v] for k, v in r["team_interval_95"].items()},
            "no_winner": round(1 - sum(rates.values()), 3),
            "final_winner_rate": {k: round(v, 3) for k, v in r["win_rate"].items()},
            "mean_actions": round(r["mean_actions"], 1),
            "target": f"each Alliance wins {low:.0%}-{high:.0%}",
            "met": all(low <= v <= high for v in rates.values()),
            "command": f'python bench/tc_balance.py --games {games} --seed {seed} --only "{name}"'}


def summary(results: list[dict]) -> dict:
    results = sorted(results, key=lambda r: NAMES.index(r["line_up"]))
    runs = {(r["games"], r["seed"]) for r in results}
    out = {"series": results, "met": len(results) == len(LINEUPS) and all(r["met"] for r in results)}
    if len(runs) == 1:
        games, seed = runs.pop()
        out["command"] = f"python bench/tc_balance.py --games {games} --seed {seed}"
    return out


def balance(games: int, seed: int, only: str | None = None) -> list[dict]:
    return [series(name, players, options, games, seed) for name, players, options in LINEUPS
            if only is None or name == only]


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--only", choices=NAMES, help="play this line-up only, keeping the others' entries in the file")
    parser.add_argument("--no-write", action="store_true", help="print only; leave bench/tc_balance.json alone")
    args = parser.parse_args()
    results = balance(args.games, args.seed, args.only)
    if args.only and OUT.exists():
        kept = [r for r in json.loads(OUT.read_text()).get("series", []) if r["line_up"] != args.only]
        results = kept + results
    text = json.dumps(summary(results), indent=1)
    print(text)
    if not args.no_write:
        OUT.write_text(text + "\n")
