"""Third Crusade balance: each Alliance's share of the wins between equal players.

Every line-up is played between heuristic players: 2 players with each pairing of Armies (the
Angevin against the Ayyubid by default); 3 players with each Army as the lone player (the Ayyubid
against the Angevin and the Holy Roman Empire, the Angevin against the Ayyubid and the Turkoman
by default); 4 players. The targets: in every line-up each Alliance wins 40-60% of the games
(ruling TC70), and each player is the Final Winner of a fair share of them (ruling TC79): with
4 players each Army 18-32% (a quarter, give or take 7 points); with 3 players the lone player
40-60% (about half: it is its Alliance) and each partner 18-32% (about a quarter); with 2 players
each Army is its Alliance. A game nobody wins (Glory level and Jerusalem held by nobody, ruling
TC36) counts for neither Alliance and makes no Final Winner.

Prints one JSON object and writes it to ``bench/tc_balance.json``. The intervals are 95% Wilson
intervals. The line-ups run one after another, the games of each as a job of ``outremer.jobs``
(``--backend {auto,ray,local}``, ``--address`` of a Ray cluster, ``--jobs`` local processes; the
figures do not depend on them); ``--only`` plays one of them and
puts its entry into the file beside the others already there (an entry of the same line-up and
seed is replaced; one of another seed is kept, so that a second seed's figures stand beside the
first's).

    python bench/tc_balance.py [--games 1000] [--seed 1] [--only "4 players"]
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from out import out_path  # noqa: E402

from outremer.games import get_game
from outremer.jobs import GameFailed, add_arguments, runner
from outremer.sim import simulate

OUT = out_path(Path(__file__).with_name("tc_balance.json"))
TARGET = (0.40, 0.60)
SHARE = (0.18, 0.32)
"""The Final Winner's band of an Army that shares its Alliance with a partner (ruling TC79); a
lone Army's band is its Alliance's, TARGET."""
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


def final_winner_bands(players: int, options: dict, names: list[str]) -> dict[str, tuple[float, float]]:
    """Each Army's band for its share of the Final Wins: TARGET alone in its Alliance, SHARE
    beside a partner (ruling TC79)."""
    partnered = {4: set(names), 2: set()}.get(players)
    if partnered is None:  # 3 players: the two Armies of the Alliance that is not the lone one's
        lone = {"muslim": ("Ayyubid", "Turkoman"), "crusader": ("Angevin", "Holy Roman Empire")}[options["lone"]]
        partnered = {n for n in names if n not in lone}
    return {n: SHARE if n in partnered else TARGET for n in names}


def series(name: str, players: int, options: dict, games: int, seed: int, runner: dict | None = None) -> dict:
    game = get_game("third-crusade")
    r = simulate(game, ["heuristic"] * players, games, seed, options, progress=True, **(runner or {}))
    low, high = TARGET
    rates = r["team_win_rate"]
    bands = final_winner_bands(players, options, list(r["win_rate"]))
    shares = r["win_rate"]
    return {
        "line_up": name,
        "players": players,
        "seats": "heuristic",
        "options": options,
        "games": r["games"],
        "seed": seed,
        **({"lost": r["lost"]} if "lost" in r else {}),
        "alliance_win_rate": {k: round(v, 3) for k, v in rates.items()},
        "alliance_interval_95": {k: [round(x, 3) for x in v] for k, v in r["team_interval_95"].items()},
        "no_winner": round(1 - sum(rates.values()), 3),
        "final_winner_rate": {k: round(v, 3) for k, v in shares.items()},
        "final_winner_interval_95": {k: [round(x, 3) for x in v] for k, v in r["win_interval_95"].items()},
        "mean_actions": round(r["mean_actions"], 1),
        "target": f"each Alliance wins {low:.0%}-{high:.0%}",
        "met": all(low <= v <= high for v in rates.values()),
        "final_winner_target": {k: f"{a:.0%}-{b:.0%}" for k, (a, b) in bands.items()},
        "final_winner_met": all(bands[k][0] <= v <= bands[k][1] for k, v in shares.items()),
        "command": f'python bench/tc_balance.py --games {games} --seed {seed} --only "{name}"',
    }


def summary(results: list[dict]) -> dict:
    seeds = list(dict.fromkeys(r["seed"] for r in results))
    results = sorted(results, key=lambda r: (seeds.index(r["seed"]), NAMES.index(r["line_up"])))
    runs = {(r["games"], r["seed"]) for r in results}
    every = {r["line_up"] for r in results} == set(NAMES)
    out = {
        "series": results,
        "met": every and all(r["met"] for r in results),
        "final_winner_met": every and all(r.get("final_winner_met") for r in results),
    }
    if len(runs) == 1:
        games, seed = runs.pop()
        out["command"] = f"python bench/tc_balance.py --games {games} --seed {seed}"
    return out


def balance(games: int, seed: int, only: str | None = None, runner: dict | None = None) -> list[dict]:
    return [
        series(name, players, options, games, seed, runner)
        for name, players, options in LINEUPS
        if only is None or name == only
    ]


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--only", choices=NAMES, help="play this line-up only, keeping the others' entries in the file")
    parser.add_argument("--no-write", action="store_true", help="print only; leave bench/tc_balance.json alone")
    add_arguments(parser)
    args = parser.parse_args()
    try:
        results = balance(args.games, args.seed, args.only, runner(args))
    except GameFailed as error:
        raise SystemExit(str(error)) from None
    if args.only and OUT.exists():
        kept = [
            r
            for r in json.loads(OUT.read_text()).get("series", [])
            if (r["line_up"], r["seed"]) != (args.only, args.seed)
        ]
        results = kept + results
    text = json.dumps(summary(results), indent=1)
    print(text)
    if not args.no_write:
        OUT.write_text(text + "\n")
