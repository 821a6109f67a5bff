"""Third Crusade against the Bot (p.19-23): how often a computer level beats the Bot Armies.

Each solo mode is played N times by one seat of the level (the quick player "heuristic", or a
searching level "normal"/"hard") against the Bot, which the engine plays itself. The modes: one
Army against one Bot (the south board), as each Alliance; both Armies of an Alliance from one
seat against both Bots; one Army against both Bots. Game ``i`` of every mode is dealt from seed
``seed + i``. A game is won when the seat's Alliance wins (rulebook p.19: the person's Alliance
against the Bot's); a game nobody wins counts for neither.

Resumable: each finished game is appended as one JSON line to
``bench/series/tc-solo-<level>-<seed>.jsonl`` (``--log`` to choose another file); a run plays only
the games not yet there, and the figures are those of every game the file holds (the first N of
each mode). The games run as a job of ``outremer.jobs``: ``--backend {auto,ray,local}``,
``--address`` (a Ray cluster; default $RAY_ADDRESS), ``--jobs`` (local processes); the figures do
not depend on them. A game whose worker died is tried again, then left out (``lost``). The
intervals are 95% Wilson intervals. Prints one JSON object.

    python bench/tc_solo.py [--level heuristic] [--games 1000] [--seed 1] [--jobs 2] [--only "..."]
    python bench/tc_solo.py --level normal --paired-with heuristic   # the same deals, side by side
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from out import out_path  # noqa: E402

from outremer.ai import SEARCH_LEVELS, agent_for, agent_random, decide, search_level
from outremer.games import get_game
from outremer.jobs import GameFailed, Job, add_arguments, runner
from outremer.sim import wilson

MODES = (
    ("1 Army against 1 Bot, Crusader", 1, {"side": "crusader"}),
    ("1 Army against 1 Bot, Muslim", 1, {"side": "muslim"}),
    ("2 Armies against 2 Bots, Crusader", 1, {"side": "crusader", "command": 2, "bots": 2}),
    ("2 Armies against 2 Bots, Muslim", 1, {"side": "muslim", "command": 2, "bots": 2}),
    ("1 Army against 2 Bots, Crusader", 1, {"side": "crusader", "bots": 2}),
    ("1 Army against 2 Bots, Muslim", 1, {"side": "muslim", "bots": 2}),
)
"""The solo modes (name, seats, options): every seat is played by the level."""
NAMES = [name for name, _, _ in MODES]
ALLIANCE = {"crusader": 0, "muslim": 1}
"""The Alliance's index in a result's ``team``."""


def _one_game(args: tuple[str, str, int, dict, int]) -> dict:
    """One solo game: every seat played by ``level``, from its own view (``decide``)."""
    name, level, players, options, seed = args
    game = get_game("third-crusade")
    state, _ = game.start(game.make_setup(seed, [level] * players, options))
    agent = agent_for(game, level)
    step = 0
    started = time.perf_counter()
    while (seat := game.to_act(state)) is not None:
        game.advance(state, decide(agent, game, state, seat, agent_random(seed, step)))
        step += 1
    team = (game.result(state) or {}).get("team")
    mine = ALLIANCE[options.get("side", "crusader")]
    return {
        "mode": name,
        "deal": seed,
        "team": team,
        "won": team == mine,
        "bot_won": team == 1 - mine,
        "actions": step,
        "seconds": round(time.perf_counter() - started, 2),
    }


def read(path: Path, level: str, seed: int, budget) -> dict:
    done = {}
    if path.exists():
        for line in path.read_text().splitlines():
            row = json.loads(line)
            if (row["level"], row["seed"], row.get("iterations")) != (level, seed, budget):
                raise SystemExit(f"{path} holds another series ({line[:80]}…)")
            done[(row["mode"], row["i"])] = row
    return done


def figures(done: dict, games: int) -> list[dict]:
    out = []
    for name, players, options in MODES:
        rows = [done[(name, i)] for i in range(games) if (name, i) in done]
        if not rows:
            continue
        won = sum(r["won"] for r in rows)
        bot = sum(r["bot_won"] for r in rows)
        lo, hi = wilson(won, len(rows))
        blo, bhi = wilson(bot, len(rows))
        out.append(
            {
                "mode": name,
                "players": players,
                "options": options,
                "games": len(rows),
                "win_rate": round(won / len(rows), 3),
                "interval_95": [round(lo, 3), round(hi, 3)],
                "bot_win_rate": round(bot / len(rows), 3),
                "bot_interval_95": [round(blo, 3), round(bhi, 3)],
                "no_winner": round(1 - (won + bot) / len(rows), 3),
                "mean_actions": round(sum(r["actions"] for r in rows) / len(rows), 1),
            }
        )
    return out


def paired(done: dict, other: dict, games: int) -> list[dict]:
    """Each mode's games played by both series on the same deals (game ``i`` of a mode is dealt
    alike in both): the wins of each, and the deals only one of them won (a sign test reads those)."""
    out = []
    for name, _, _ in MODES:
        both = [i for i in range(games) if (name, i) in done and (name, i) in other]
        if not both:
            continue
        mine = [done[(name, i)]["won"] for i in both]
        theirs = [other[(name, i)]["won"] for i in both]
        out.append(
            {
                "mode": name,
                "games": len(both),
                "wins": sum(mine),
                "other_wins": sum(theirs),
                "only_this": sum(a and not b for a, b in zip(mine, theirs, strict=True)),
                "only_other": sum(b and not a for a, b in zip(mine, theirs, strict=True)),
            }
        )
    return out


def solo_budget(level: str) -> int | None:
    """A searching level's iterations against the Bot, the mode "bot" of ``GAME_LEVELS`` (recorded
    with each game of a series); None for the other players."""
    return search_level(get_game("third-crusade"), level, "bot").iterations if level in SEARCH_LEVELS else None


def run(level: str, games: int, seed: int, log: Path, runner: dict | None = None, only: str | None = None) -> dict:
    budget = solo_budget(level)
    done = read(log, level, seed, budget)
    modes = [(name, players, options) for name, players, options in MODES if only is None or name == only]
    # the modes interleaved game by game, so that a series stopped early has every mode's first games
    todo = [(name, i) for i in range(games) for name, _, _ in modes if (name, i) not in done]
    spec = {name: (players, options) for name, players, options in MODES}
    work = [((name, i), (name, level, spec[name][0], spec[name][1], seed + i)) for name, i in todo]
    started = time.perf_counter()
    log.parent.mkdir(parents=True, exist_ok=True)
    job = Job(
        _one_game, work, label=f"tc-solo {level}", deal=lambda task: f"{task[0]}, deal {task[4]}", **(runner or {})
    )
    with log.open("a") as out:
        for (name, i), row in job.results():
            row = {"level": level, "seed": seed, "iterations": budget, "i": i, **row}
            out.write(json.dumps(row) + "\n")
            out.flush()
            done[(name, i)] = row
    out = {
        "level": level,
        "seed": seed,
        "iterations": budget,
        "games_per_mode": games,
        "log": str(log),
        "modes": figures(done, games),
        "seconds_this_run": round(time.perf_counter() - started, 1),
        "backend": job.backend,
        "command": f"python bench/tc_solo.py --level {level} --games {games} --seed {seed}",
    }
    if job.lost:
        out["lost"] = [{"mode": lost.key[0], "i": lost.key[1], "reason": lost.reason} for lost in job.lost]
    return out


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--level", default="heuristic", choices=("heuristic", "easy", *SEARCH_LEVELS))
    parser.add_argument("--games", type=int, default=1000, help="games per mode")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--only", choices=NAMES, help="play this mode only")
    parser.add_argument("--log", default="", help="the JSON-lines file of finished games")
    parser.add_argument(
        "--paired-with",
        default="",
        metavar="LEVEL",
        help="play nothing: compare the series with LEVEL's on the deals both played",
    )
    add_arguments(parser)
    args = parser.parse_args()
    log = (
        Path(args.log)
        if args.log
        else out_path(Path(__file__).with_name("series") / f"tc-solo-{args.level}-{args.seed}.jsonl")
    )
    if args.paired_with:
        other_log = log.with_name(f"tc-solo-{args.paired_with}-{args.seed}.jsonl")
        done = read(log, args.level, args.seed, solo_budget(args.level))
        other = read(other_log, args.paired_with, args.seed, solo_budget(args.paired_with))
        print(
            json.dumps(
                {
                    "level": args.level,
                    "other": args.paired_with,
                    "seed": args.seed,
                    "modes": paired(done, other, args.games),
                },
                indent=1,
            )
        )
    else:
        try:
            print(json.dumps(run(args.level, args.games, args.seed, log, runner(args), args.only), indent=1))
        except GameFailed as error:
            raise SystemExit(str(error)) from None
