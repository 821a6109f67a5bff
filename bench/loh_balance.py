"""Lords of Heaven balance: each faction's share of the wins between equal players.

Every mode is played between heuristic players: 4 players; 3 players with each faction sitting
out in turn; 2 players in each of the four Christian-Muslim pairings. The 4-player game is also
played between random players. Targets (ruling LH1, designed content): in 4 players every faction
wins 18-32% of the games; in 3 players, in each line-up, every faction 23-43%; in 2 players every
faction 40-60% of each pairing's games.

Prints one JSON object and writes it to ``bench/loh_balance.json``. Shared wins count as a
fraction for each winner; the intervals are 95% Wilson intervals. The modes run one after another,
the games of each as a job of ``outremer.jobs`` (``--backend {auto,ray,local}``, ``--address`` of
a Ray cluster, ``--jobs`` local processes; the figures do not depend on them).

    python bench/loh_balance.py [--games 1000] [--seed 1] [--jobs 2 (the default)]
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

OUT = out_path(Path(__file__).with_name("loh_balance.json"))
TARGETS = {4: (0.18, 0.32), 3: (0.23, 0.43), 2: (0.40, 0.60)}


def series(args: tuple[str, int, dict, int, int], runner: dict | None = None) -> dict:
    kind, players, options, games, seed = args
    game = get_game("lords-of-heaven")
    r = simulate(game, [kind] * players, games, seed, options, progress=True, **(runner or {}))
    low, high = TARGETS[players]
    return {
        "players": players,
        "seats": kind,
        "options": options,
        "games": r["games"],
        **({"lost": r["lost"]} if "lost" in r else {}),
        "win_rate": {k: round(v, 3) for k, v in r["win_rate"].items()},
        "interval_95": {k: [round(x, 3) for x in v] for k, v in r["win_interval_95"].items()},
        "mean_actions": round(r["mean_actions"], 1),
        "median_code_chars": r["median_code_chars"],
        "max_code_chars": r["max_code_chars"],
        "target": f"every faction wins {low:.0%}-{high:.0%}",
        "met": all(low <= v <= high for v in r["win_rate"].values()),
    }


def balance(games: int, seed: int, runner: dict | None = None) -> dict:
    work = [("heuristic", 4, {}, games, seed), ("random", 4, {}, games, seed)]
    work += [("heuristic", 3, {"absent": f}, games, seed) for f in ("caliphate", "byzantines", "crusaders", "seljuk")]
    work += [
        ("heuristic", 2, {"christians": c, "muslims": m}, games, seed)
        for c in ("crusaders", "byzantines")
        for m in ("seljuk", "caliphate")
    ]
    results = [series(w, runner) for w in work]
    return {
        "series": results,
        "met": all(r["met"] for r in results),
        "command": f"python bench/loh_balance.py --games {games} --seed {seed}",
    }


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1)
    add_arguments(parser)
    args = parser.parse_args()
    try:
        jobs = {k: v for k, v in runner(args).items() if v is not None}
        out = balance(args.games, args.seed, {"jobs": 2, **jobs})  # --jobs unsaid: 2 processes, as before
    except GameFailed as error:
        raise SystemExit(str(error)) from None
    text = json.dumps(out, indent=1)
    OUT.write_text(text + "\n")
    print(text)
