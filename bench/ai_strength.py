"""Strength and speed of the computer players.

  python bench/ai_strength.py heuristic [--game levantine] [--games 1000]
      the heuristic against random players, N games on each side
  python bench/ai_strength.py levels [--games N]
      the levels against the heuristic player: Levantine normal against the heuristic (N games
      on each side), hard against normal; Crusader Kingdoms one normal seat among three
      heuristic ones (rotated over the kingdoms); the solo game played by normal
  python bench/ai_strength.py one --game G --players P --level L --against A [--games N] [--jobs J]
      one series of ``levels``: level L in one seat, rotated over the seats, A in the others
  python bench/ai_strength.py series --game G --players P --level L --against A --games N --seed S --log F
      the same, resumable: finished games are appended to the file F, a run plays the rest;
      L may be a searching level with "+sight" (``SIGHT``): it plans on the true hidden cards
  python bench/ai_strength.py times [--decisions N] [--only GAME]
      seconds per decision of each level (median, 95th percentile), in the Python running it;
      inside Pyodide: ``node tools/pyodide_run.mjs bench/ai_strength.py times``

Prints one JSON object. Games are seeded (consecutive seeds from --seed); the searching player's
budget is counted in iterations, so every figure is reproducible.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from dataclasses import asdict
from multiprocessing import Pool
from pathlib import Path

from outremer.ai import (
    GAME_LEVELS,
    SEARCH_LEVELS,
    agent_for,
    agent_random,
    decide,
    heuristic_for,
    search_bias,
    search_level,
)
from outremer.core.game import clone
from outremer.games import get_game
from outremer.sim import simulate, wilson

SIGHT = "+sight"
"""A searching level named with this ending ("hard+sight") plans on the true state, its hidden
cards as they lie, chance's future still drawn afresh: the cheating search that
``tests/test_search.py`` shows its no-peek check catching. A measure of what the hidden cards
are worth to a search, never a seat's controller."""


def _decide(agent, kind: str, game, state: dict, seat: int, rand: random.Random):
    """One decision of the seat's ``agent``: from its view, or, for a sighted level, on copies
    of the true state."""
    if not kind.endswith(SIGHT):
        return decide(agent, game, state, seat, rand)

    def sample(draw: random.Random) -> dict:
        new = clone(state)
        new["rng"] = draw.getrandbits(64)
        return new
    return agent.choose(game, game.view(state, seat), game.legal_for(state), rand, sample=sample)


def heuristic_vs_random(game_id: str, games: int, seed: int) -> dict:
    game = get_game(game_id)
    names = list(game.seat_names)
    as_first = simulate(game, ["heuristic", "random"], games, seed)
    as_second = simulate(game, ["random", "heuristic"], games, seed + games)
    won = as_first["wins"][names[0]] + as_second["wins"][names[1]]
    lo, hi = wilson(won, 2 * games)
    return {"game": game_id, "games_per_side": games,
            f"heuristic_as_{names[0].lower()}": as_first["win_rate"][names[0]],
            f"heuristic_as_{names[1].lower()}": as_second["win_rate"][names[1]],
            "heuristic_overall": won / (2 * games), "interval_95": [round(lo, 4), round(hi, 4)],
            "code_chars": sorted([as_first["median_code_chars"], as_second["median_code_chars"]])}


def _one_game(args: tuple[str, str, str, int, int, int]) -> tuple[int, float]:
    """One game of ``one_seat``: the seat ``me`` played by ``level``, the others by ``others``."""
    game_id, level, others, players, seed, me = args
    game = get_game(game_id)
    seats = [others] * players
    seats[me] = level
    controllers = [kind.removesuffix(SIGHT) for kind in seats]
    state, _ = game.start(game.make_setup(seed, controllers))
    agents = [agent_for(game, kind) for kind in controllers]
    step = 0
    while (seat := game.to_act(state)) is not None:
        game.advance(state, _decide(agents[seat], seats[seat], game, state, seat, agent_random(seed, step)))
        step += 1
    return me, game.payoff(state)[me]


def one_seat(game_id: str, level: str, others: str, players: int, games: int, seed: int, jobs: int = 1) -> dict:
    """``level`` in one seat, rotated over every seat, ``others`` in the rest: its share of the
    payoff (wins; ½ for a Marginal victory against the automaton) and, by seat, its win rate.
    Game ``i`` is dealt from seed ``seed + i // players``, so each deal is played once from every
    seat (paired games: the deal's luck cancels out). ``jobs`` processes share the games; the
    figures do not depend on how many."""
    work = [(game_id, level, others, players, seed + i // players, i % players) for i in range(games)]
    started = time.perf_counter()
    if jobs > 1:
        with Pool(jobs) as pool:
            results = pool.map(_one_game, work, chunksize=1)
    else:
        results = [_one_game(w) for w in work]
    score, by_seat, victories, played = 0.0, [0.0] * players, 0, [0] * players
    for me, payoff in results:
        score += payoff
        by_seat[me] += payoff
        played[me] += 1
        victories += payoff == 1.0
    lo, hi = wilson(score, games)
    return {"game": game_id, "players": players, "level": level, "against": others, "games": games,
            "seed": seed, "share": round(score / games, 4), "interval_95": [round(lo, 4), round(hi, 4)],
            "victories": round(victories / games, 4),
            "by_seat": [round(x / max(1, n), 4) for x, n in zip(by_seat, played, strict=False)],
            "seconds": round(time.perf_counter() - started, 1), "jobs": jobs}


def series(game_id: str, level: str, others: str, players: int, games: int, seed: int, log: str,
           jobs: int = 1) -> dict:
    """``one_seat``, resumable: each finished game is appended to the JSON-lines file ``log``
    (its number, deal, seat and payoff), a run plays only the games not yet there, and the
    figures are those of every game the file holds. A long series (1,000 games a side) is
    played over several runs, or by several machines each given its own range of games."""
    path = Path(log)
    game = get_game(game_id)
    plain = {kind: kind.removesuffix(SIGHT) for kind in (level, others)}  # a sighted level plays as its plain one
    searching = [kind for kind in (level, others) if plain[kind] in SEARCH_LEVELS]
    if any(kind != plain[kind] and kind not in searching for kind in (level, others)):
        raise SystemExit(f"Only a searching level ({', '.join(SEARCH_LEVELS)}) may end in {SIGHT!r}: it plans "
                         "on the true state.")
    settings = {kind: search_level(game, plain[kind]) for kind in searching}
    budgets = {kind: settings[kind].iterations for kind in searching}
    bias = {kind: round(search_bias(game, plain[kind]), 4) for kind in searching}
    paired = [kind for kind in searching if settings[kind].paired]
    model = [kind for kind in searching if settings[kind].model]
    depth = {kind: settings[kind].depth for kind in searching}
    game_depth = heuristic_for(game)[2]
    done = {}
    if path.exists():
        for line in path.read_text().splitlines():
            row = json.loads(line)
            if (row["game"], row["level"], row["against"], row["players"], row["seed"]) != (
                    game_id, level, others, players, seed):
                raise SystemExit(f"{log} holds another series ({line[:80]}…)")
            # Rows from before the model was recorded: every hard level had it; from before the
            # rollouts' depth was: every level had the game's own.
            was = (row.get("budgets"), row.get("bias"), row.get("paired", []),
                   row.get("model", [kind for kind in row.get("budgets", {}) if kind == "hard"]),
                   row.get("depth", {kind: game_depth for kind in row.get("budgets", {})}))
            if was != (budgets, bias, paired, model, depth):
                raise SystemExit(f"{log} was played with other searching players (iterations, bias, paired, "
                                 f"model, depth: {was}; now {(budgets, bias, paired, model, depth)})")
            done[row["i"]] = row
    work = [(game_id, level, others, players, seed + i // players, i % players) for i in range(games) if i not in done]
    started = time.perf_counter()
    with path.open("a") as out, Pool(jobs) as pool:
        for i, (me, payoff) in zip([i for i in range(games) if i not in done], pool.imap(_one_game, work), strict=False):
            row = {"game": game_id, "level": level, "against": others, "players": players, "seed": seed, "i": i,
                   "deal": seed + i // players, "me": me, "payoff": payoff, "budgets": budgets, "bias": bias,
                   "paired": paired, "model": model, "depth": depth}
            out.write(json.dumps(row) + "\n")
            out.flush()
            done[i] = row
    rows = [done[i] for i in sorted(done)]
    score = sum(r["payoff"] for r in rows)
    by_seat = [[r["payoff"] for r in rows if r["me"] == p] for p in range(players)]
    lo, hi = wilson(score, len(rows))
    return {"game": game_id, "players": players, "level": level, "against": others, "seed": seed,
            "games": len(rows), "share": round(score / max(1, len(rows)), 4),
            "interval_95": [round(lo, 4), round(hi, 4)],
            "by_seat": [round(sum(x) / max(1, len(x)), 4) for x in by_seat],
            "games_by_seat": [len(x) for x in by_seat], "seconds_this_run": round(time.perf_counter() - started, 1),
            "log": log}


def levels(games: int, seed: int, jobs: int) -> dict:
    return {
        "levantine_normal_vs_heuristic": one_seat("levantine", "normal", "heuristic", 2, 2 * games, seed, jobs),
        "levantine_hard_vs_normal": one_seat("levantine", "hard", "normal", 2, 2 * games, seed, jobs),
        "ck4_normal_among_heuristic": one_seat("crusader-kingdoms", "normal", "heuristic", 4, 4 * games, seed, jobs),
        "ck_solo_normal": one_seat("crusader-kingdoms", "normal", "normal", 1, games, seed, jobs),
        "ck_solo_heuristic": one_seat("crusader-kingdoms", "heuristic", "heuristic", 1, games, seed, jobs),
    }


TIMED = (("levantine", 2), ("crusader-kingdoms", 4), ("crusader-kingdoms", 1), ("lords-of-heaven", 4),
         ("lords-of-heaven", 2), ("third-crusade", 4), ("third-crusade", 2))


def times(decisions: int, seed: int, only: str | None = None) -> dict:
    """Seconds per decision with a choice (more than one legal action), along games between
    heuristic players, for each level in each game and player count (``only``: one game)."""
    out = {"runtime": "pyodide" if sys.platform == "emscripten" else "cpython",
           "python": sys.version.split()[0], "game_levels": GAME_LEVELS,
           "levels": {kind: asdict(settings) for kind, settings in SEARCH_LEVELS.items()}}
    for game_id, players in TIMED:
        if only and game_id != only:
            continue
        game = get_game(game_id)
        states = []
        rand = random.Random(seed)
        i = 0
        while len(states) < decisions:
            state, _ = game.start(game.make_setup(seed + i, ["heuristic"] * players))
            heuristic = agent_for(game, "heuristic")
            step = 0
            while (seat := game.to_act(state)) is not None:
                if len(game.legal_for(state)) > 1 and rand.random() < 0.1:
                    states.append(state)
                state, _ = game.apply(state, decide(heuristic, game, state, seat, agent_random(i, step)))
                step += 1
            i += 1
        for level in ("easy", "normal", "hard"):
            agent = agent_for(game, level)
            spent = []
            for k, state in enumerate(states[:decisions]):
                seat = game.to_act(state)
                t0 = time.perf_counter()
                decide(agent, game, state, seat, agent_random(seed, k))
                spent.append(time.perf_counter() - t0)
            spent.sort()
            out[f"{game_id}_{players}p_{level}"] = {
                "decisions": len(spent), "median_s": round(spent[len(spent) // 2], 4),
                "p95_s": round(spent[min(len(spent) - 1, int(len(spent) * 0.95))], 4)}
    return out


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("what", nargs="?", default="heuristic", choices=("heuristic", "levels", "one", "series", "times"))
    parser.add_argument("--game", default="levantine")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--level", default="normal")
    parser.add_argument("--against", default="heuristic")
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--decisions", type=int, default=40)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=1, help="processes to share the games (same figures)")
    parser.add_argument("--only", default=None, help="times: one game only")
    parser.add_argument("--log", default="", help="series: the JSON-lines file of finished games")
    args = parser.parse_args()
    if args.what == "heuristic":
        print(json.dumps(heuristic_vs_random(args.game, args.games, args.seed)))
    elif args.what == "one":
        print(json.dumps(one_seat(args.game, args.level, args.against, args.players, args.games, args.seed,
                                  args.jobs)))
    elif args.what == "series":
        print(json.dumps(series(args.game, args.level, args.against, args.players, args.games, args.seed,
                                args.log, args.jobs)))
    elif args.what == "levels":
        print(json.dumps(levels(args.games, args.seed, args.jobs), indent=1))
    else:
        print(json.dumps(times(args.decisions, args.seed, args.only), indent=1))
