"""Strength and speed of the computer players.

  python bench/ai_strength.py heuristic [--game levantine] [--games 1000]
      the heuristic against random players, N games on each side
  python bench/ai_strength.py levels [--games N]
      the levels against the heuristic player: Levantine normal against the heuristic (N games
      on each side), hard against normal; Crusader Kingdoms one normal seat among three
      heuristic ones (rotated over the kingdoms); the solo game played by normal
  python bench/ai_strength.py one --game G --players P --level L --against A [--games N]
      one series of ``levels``: level L in one seat, rotated over the seats, A in the others
  python bench/ai_strength.py series --game G --players P --level L --against A --games N --seed S --log F
      the same, resumable: finished games are appended to the file F, a run plays the rest;
      L may be a searching level with "+sight" (``SIGHT``): it plans on the true hidden cards;
      or with "+model" (``MODEL``): the other seats move inside its tree as their quick player would;
      or with "+paired" (``PAIRED``): it compares the actions of its root on common random numbers;
      L or A may be a searching level with "@FILE": it plays with the estimate's weights of that
      file (a training round's candidate: bench/train.py);
      with --sprt [--elo0 0 --elo1 30 --alpha 0.05 --beta 0.05] (2 players) it stops as soon as
      a sequential test on the pairs of games (one deal, seats swapped) decides
  python bench/ai_strength.py times [--decisions N] [--only GAME] [--players P]
      seconds per decision of each level (median, 95th percentile), in the Python running it;
      inside Pyodide: ``node tools/pyodide_run.mjs bench/ai_strength.py times``

Prints one JSON object. Games are seeded (consecutive seeds from --seed); the searching player's
budget is counted in iterations, so every figure is reproducible. The games of heuristic, levels,
one and series run as a job of ``outremer.jobs``: ``--backend {auto,ray,local}``, ``--address``
(a Ray cluster; default $RAY_ADDRESS) and ``--jobs`` (local processes); the figures do not
depend on them.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import sys
import time
from dataclasses import asdict
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
from outremer.ai.trained import estimate_from_file
from outremer.core.game import clone
from outremer.games import get_game
from outremer.jobs import GameFailed, Job, add_arguments, runner
from outremer.sim import simulate, wilson
from outremer.sprt import SequentialTest, feed_pairs, paired_elo

SIGHT = "+sight"
"""A searching level named with this ending ("hard+sight") plans on the true state, its hidden
cards as they lie, chance's future still drawn afresh: the cheating search that
``tests/test_search.py`` shows its no-peek check catching. A measure of what the hidden cards
are worth to a search, never a seat's controller."""

MODEL = "+model"
"""A searching level named with this ending ("normal+model") has the other seats move inside its
tree as the game's quick player would (``Search.model``, as every game's hard does but Levantine's):
a trial of a level's settings, recorded in each row of its series like the level's own."""


PAIRED = "+paired"
"""A searching level named with this ending ("hard+paired") compares the actions of its root on
common random numbers (``Search.paired``, as Levantine's hard does): a trial of a level's settings,
recorded in each row of its series like the level's own."""

TRIALS = (SIGHT, MODEL, PAIRED)


def plain(kind: str) -> str:
    """A level's own name: without its weights file and without any of ``TRIALS``."""
    name = split(kind)[0]
    while name.endswith(TRIALS):
        for trial in TRIALS:
            name = name.removesuffix(trial)
    return name


def modelled(kind: str) -> bool:
    """Whether a level so named models the other seats by its name (``MODEL``)."""
    return MODEL in split(kind)[0]


def paired(kind: str) -> bool:
    """Whether a level so named compares its root's actions paired by its name (``PAIRED``)."""
    return PAIRED in split(kind)[0]


def agent_named(game, kind: str):
    """The player a level's name stands for: its plain level, with the weights file it names, and
    the trials its name adds (``MODEL``, ``PAIRED``; a ``SIGHT`` level's decisions: ``_decide``)."""
    agent = agent_for(game, plain(kind), estimate_from_file(game, split(kind)[1]))
    if modelled(kind):
        agent.model = True
    if paired(kind):
        agent.paired = True
    return agent


AT = "@"
"""A searching level named ``normal@bench/training/levantine/round-1.json`` plays with the estimate's
weights of that file (a training round's candidate: bench/train.py), a path from the repository's
root as the games' workers read it."""


def split(kind: str) -> tuple[str, str | None]:
    """A level's name and the weights file it plays with (None: the game's own)."""
    level, _, path = kind.partition(AT)
    return level, path or None


def digest(path: str) -> str:
    """The weights file's fingerprint, as a series records it."""
    return hashlib.sha256(Path(path).read_bytes()).hexdigest()[:12]


def _decide(agent, kind: str, game, state: dict, seat: int, rand: random.Random):
    """One decision of the seat's ``agent``: from its view, or, for a sighted level, on copies
    of the true state."""
    if SIGHT not in kind:
        return decide(agent, game, state, seat, rand)

    def sample(draw: random.Random) -> dict:
        new = clone(state)
        new["rng"] = draw.getrandbits(64)
        return new

    return agent.choose(game, game.view(state, seat), game.legal_for(state), rand, sample=sample)


def heuristic_vs_random(game_id: str, games: int, seed: int, runner: dict | None = None) -> dict:
    game = get_game(game_id)
    names = list(game.seat_names)
    as_first = simulate(game, ["heuristic", "random"], games, seed, **(runner or {}))
    as_second = simulate(game, ["random", "heuristic"], games, seed + games, **(runner or {}))
    won = as_first["wins"][names[0]] + as_second["wins"][names[1]]
    lo, hi = wilson(won, 2 * games)
    return {
        "game": game_id,
        "games_per_side": games,
        f"heuristic_as_{names[0].lower()}": as_first["win_rate"][names[0]],
        f"heuristic_as_{names[1].lower()}": as_second["win_rate"][names[1]],
        "heuristic_overall": won / (2 * games),
        "interval_95": [round(lo, 4), round(hi, 4)],
        "code_chars": sorted([as_first["median_code_chars"], as_second["median_code_chars"]]),
    }


def _one_game(args: tuple[str, str, str, int, int, int]) -> tuple[int, float, float]:
    """One game of ``one_seat``: the seat ``me`` played by ``level``, the others by ``others``; the
    seat, its payoff, and the CPU seconds the game took (of the process that played it)."""
    begun = time.process_time()
    game_id, level, others, players, seed, me = args
    game = get_game(game_id)
    seats = [others] * players
    seats[me] = level
    state, _ = game.start(game.make_setup(seed, [plain(kind) for kind in seats]))
    agents = [agent_named(game, kind) for kind in seats]
    step = 0
    while (seat := game.to_act(state)) is not None:
        game.advance(state, _decide(agents[seat], seats[seat], game, state, seat, agent_random(seed, step)))
        step += 1
    return me, game.payoff(state)[me], round(time.process_time() - begun, 2)


def _deal(task: tuple) -> str:
    game_id, level, others, players, seed, me = task
    return f"{game_id}, deal {seed}, {level} in seat {me} against {others}, {players} players"


def _games(work: list[tuple[int, tuple]], runner: dict, label: str) -> Job:
    return Job(_one_game, work, label=label, deal=_deal, **runner)


def one_seat(
    game_id: str, level: str, others: str, players: int, games: int, seed: int, runner: dict | None = None
) -> dict:
    """``level`` in one seat, rotated over every seat, ``others`` in the rest: its share of the
    payoff (wins; ½ for a Marginal victory against the automaton) and, by seat, its win rate.
    Game ``i`` is dealt from seed ``seed + i // players``, so each deal is played once from every
    seat (paired games: the deal's luck cancels out). The games run as a ``Job`` (``runner``: its
    backend, address and jobs); the figures do not depend on where."""
    work = [(i, (game_id, level, others, players, seed + i // players, i % players)) for i in range(games)]
    started = time.perf_counter()
    job = _games(work, runner or {}, f"{game_id} {level} against {others}")
    results = dict(job.results())
    score, by_seat, victories, played = 0.0, [0.0] * players, 0, [0] * players
    for i in sorted(results):
        me, payoff, _cpu = results[i]
        score += payoff
        by_seat[me] += payoff
        played[me] += 1
        victories += payoff == 1.0
    n = max(1, len(results))
    lo, hi = wilson(score, n)
    out = {
        "game": game_id,
        "players": players,
        "level": level,
        "against": others,
        "games": len(results),
        "seed": seed,
        "share": round(score / n, 4),
        "interval_95": [round(lo, 4), round(hi, 4)],
        "victories": round(victories / n, 4),
        "by_seat": [round(x / max(1, k), 4) for x, k in zip(by_seat, played, strict=False)],
        "seconds": round(time.perf_counter() - started, 1),
        "core_hours": round(sum(cpu for _, _, cpu in results.values()) / 3600, 2),
        "backend": job.backend,
    }
    if job.lost:
        out["lost"] = sorted(lost.key for lost in job.lost)
    return out


CORES = (2, 16, 64)
"""The machines a series' cost is given for: this one, and two sizes of cluster."""


def cost(rows: list[dict], timed: list[float] | None = None) -> dict:
    """What a series' games cost: the CPU seconds of those whose rows record them (``cpu_s``;
    rows written before 2026-11-29 do not) or of ``timed`` games of it played again
    (bench/series_cost.py), and for all of them, at that mean, the core-hours and the hours on
    clusters of ``CORES`` cores (the games are independent: a cluster of N cores plays N at once,
    less the wait for the last ones)."""
    timed = timed or [r["cpu_s"] for r in rows if "cpu_s" in r]
    if not timed:
        return {"games_timed": 0}
    mean = sum(timed) / len(timed)
    total = mean * len(rows)
    return {
        "games_timed": len(timed),
        "cpu_s_per_game": round(mean, 1),
        "core_hours": round(total / 3600, 2),
        "hours_on_cores": {str(n): round(total / n / 3600, 2) for n in CORES},
    }


def series_mode(game, players: int) -> str | None:
    """The mode of the game a series plays, as the searching levels' settings name it
    (``GAME_LEVELS``): the one its quick player's ``search_mode`` gives the first view of a game
    with that many seats (Third Crusade with one: "bot")."""
    mode_of = getattr(heuristic_for(game)[0], "search_mode", None)
    if mode_of is None:
        return None
    state, _ = game.start(game.make_setup(0, ["heuristic"] * players))
    return mode_of(game.view(state, 0))


def _check(game, level: str, others: str, players: int = 2) -> dict:
    """The settings of the searching players in a series of ``players`` seats (in the mode those
    give, ``series_mode``), as each row of a series records them."""
    mode = series_mode(game, players)
    # a sighted or modelling level plays as its plain one; one with a weights file, as its plain
    # one with those
    base = {kind: plain(kind) for kind in (level, others)}
    searching = [kind for kind in (level, others) if base[kind] in SEARCH_LEVELS]
    files = {kind: split(kind)[1] for kind in searching if split(kind)[1]}
    if any(split(kind)[1] and kind not in searching for kind in (level, others)):
        raise SystemExit(f"Only a searching level ({', '.join(SEARCH_LEVELS)}) plays with a weights file.")
    if any(split(kind)[0] != base[kind] and kind not in searching for kind in (level, others)):
        raise SystemExit(
            f"Only a searching level ({', '.join(SEARCH_LEVELS)}) may end in {SIGHT!r} (it plans on the "
            f"true state), {MODEL!r} (it models the other seats) or {PAIRED!r} (it compares its moves paired)."
        )
    settings = {kind: search_level(game, base[kind], mode) for kind in searching}
    return {
        "budgets": {kind: settings[kind].iterations for kind in searching},
        "bias": {kind: round(search_bias(game, base[kind], mode), 4) for kind in searching},
        "paired": [kind for kind in searching if settings[kind].paired or paired(kind)],
        "model": [kind for kind in searching if settings[kind].model or modelled(kind)],
        "depth": {kind: settings[kind].depth for kind in searching},
        **({"weights": {kind: digest(path) for kind, path in files.items()}} if files else {}),
    }


def recorded_in(row: dict, game_depth: int) -> dict:
    """The settings of the searching players a series' row records, as ``_check`` gives them.
    Rows from before the model was recorded: every hard level had it; from before the rollouts'
    depth was: every level had the game's own."""
    return {
        "budgets": row.get("budgets"),
        "bias": row.get("bias"),
        "paired": row.get("paired", []),
        "model": row.get("model", [kind for kind in row.get("budgets", {}) if kind == "hard"]),
        "depth": row.get("depth", {kind: game_depth for kind in row.get("budgets", {})}),
        **({"weights": row["weights"]} if "weights" in row else {}),
    }


def series_rows(path: Path) -> dict[int, dict]:
    """A series file's games by number: a game written twice (a run stopped and resumed) counts
    once."""
    return {row["i"]: row for row in (json.loads(line) for line in path.read_text().splitlines() if line.strip())}


def _read(path: Path, key: tuple, recorded: dict, game_depth: int) -> dict:
    done = series_rows(path) if path.exists() else {}
    for row in done.values():
        if (row["game"], row["level"], row["against"], row["players"], row["seed"]) != key:
            raise SystemExit(f"{path} holds another series ({json.dumps(row)[:80]}…)")
        was = recorded_in(row, game_depth)
        if was != recorded:
            raise SystemExit(
                f"{path} was played with other searching players (iterations, bias, paired, "
                f"model, depth, weights: {tuple(was.values())}; now {tuple(recorded.values())})"
            )
    return done


def series(
    game_id: str,
    level: str,
    others: str,
    players: int,
    games: int,
    seed: int,
    log: str,
    runner: dict | None = None,
    sprt: SequentialTest | None = None,
) -> dict:
    """``one_seat``, resumable: each finished game is appended to the JSON-lines file ``log``
    (its number, deal, seat and payoff), a run plays only the games not yet there, and the
    figures are those of every game the file holds. A long series (1,000 games a side) is
    played over several runs, on a Ray cluster, or by several machines each given its own range
    of games. With ``sprt`` (2 players: games ``2k`` and ``2k + 1`` are deal ``k`` with the
    seats swapped), the pairs are tested in the order of the deals and the series stops at the
    first pair where the test decides; ``games`` is then the most it may play."""
    path = Path(log)
    game = get_game(game_id)
    if sprt is not None and players != 2:
        raise SystemExit("The sequential test weighs pairs of games with the seats swapped: 2 players only.")
    recorded = _check(game, level, others, players)
    done = _read(path, (game_id, level, others, players, seed), recorded, heuristic_for(game)[2])
    payoffs = {i: row["payoff"] for i, row in done.items()}
    checked = feed_pairs(sprt, payoffs) if sprt is not None else 0
    todo = [i for i in range(games) if i not in done]
    work = [(i, (game_id, level, others, players, seed + i // players, i % players)) for i in todo]
    started = time.perf_counter()
    job = _games(
        work if sprt is None or sprt.result is None else [], runner or {}, f"{game_id} {level} against {others}"
    )
    with path.open("a") as out:
        for i, (me, payoff, cpu) in job.results():
            row = {
                "game": game_id,
                "level": level,
                "against": others,
                "players": players,
                "seed": seed,
                "i": i,
                "deal": seed + i // players,
                "me": me,
                "payoff": payoff,
                "cpu_s": cpu,
                **recorded,
            }
            out.write(json.dumps(row) + "\n")
            out.flush()
            done[i] = row
            payoffs[i] = payoff
            if sprt is not None:
                checked = feed_pairs(sprt, payoffs, checked)
                if sprt.result is not None:
                    break  # the games still running are cancelled; those finished stay in the file
    if sprt is not None and sprt.result is not None:  # the figures are those of the pairs the test saw
        rows = [done[i] for i in range(2 * sprt.pairs)]
    else:
        rows = [done[i] for i in sorted(done)]
    score = sum(r["payoff"] for r in rows)
    by_seat = [[r["payoff"] for r in rows if r["me"] == p] for p in range(players)]
    lo, hi = wilson(score, max(1, len(rows)))
    out = {
        "game": game_id,
        "players": players,
        "level": level,
        "against": others,
        "seed": seed,
        "games": len(rows),
        "share": round(score / max(1, len(rows)), 4),
        "interval_95": [round(lo, 4), round(hi, 4)],
        "by_seat": [round(sum(x) / max(1, len(x)), 4) for x in by_seat],
        "games_by_seat": [len(x) for x in by_seat],
        "seconds_this_run": round(time.perf_counter() - started, 1),
        "cost": cost(rows),
        "log": log,
        "backend": job.backend,
    }
    if players == 2:
        decided = sprt is not None and sprt.result is not None
        ks = range(sprt.pairs) if decided else sorted({i // 2 for i in done})
        pairs = [
            (done[2 * k]["payoff"] + done[2 * k + 1]["payoff"]) / 2 for k in ks if 2 * k in done and 2 * k + 1 in done
        ]
        out["paired"] = paired_elo(pairs)
    if sprt is not None:
        out["sprt"] = sprt.summary()
    if job.lost:
        out["lost"] = sorted(lost.key for lost in job.lost)
    return out


def levels(games: int, seed: int, runner: dict) -> dict:
    return {
        "levantine_normal_vs_heuristic": one_seat("levantine", "normal", "heuristic", 2, 2 * games, seed, runner),
        "levantine_hard_vs_normal": one_seat("levantine", "hard", "normal", 2, 2 * games, seed, runner),
        "ck4_normal_among_heuristic": one_seat("crusader-kingdoms", "normal", "heuristic", 4, 4 * games, seed, runner),
        "ck_solo_normal": one_seat("crusader-kingdoms", "normal", "normal", 1, games, seed, runner),
        "ck_solo_heuristic": one_seat("crusader-kingdoms", "heuristic", "heuristic", 1, games, seed, runner),
    }


TIMED = (
    ("levantine", 2),
    ("crusader-kingdoms", 4),
    ("crusader-kingdoms", 1),
    ("lords-of-heaven", 4),
    ("lords-of-heaven", 2),
    ("third-crusade", 4),
    ("third-crusade", 2),
    ("third-crusade", 1),
)
"""The cases ``times`` measures: a game and its seats. Third Crusade with one seat is the game
against the Bot (rulebook p.19), one Crusader Army against one Bot Army, the setup's default."""


def times(decisions: int, seed: int, only: str | None = None, players: int | None = None) -> dict:
    """Seconds per decision with a choice (more than one legal action), along games between
    heuristic players, for each level in each game and player count (``only``: one game;
    ``players``: one player count)."""
    out = {
        "runtime": "pyodide" if sys.platform == "emscripten" else "cpython",
        "python": sys.version.split()[0],
        "game_levels": GAME_LEVELS,
        "levels": {kind: asdict(settings) for kind, settings in SEARCH_LEVELS.items()},
    }
    for game_id, count in TIMED:
        if (only and game_id != only) or (players and count != players):
            continue
        game = get_game(game_id)
        states = []
        rand = random.Random(seed)
        i = 0
        while len(states) < decisions:
            state, _ = game.start(game.make_setup(seed + i, ["heuristic"] * count))
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
            out[f"{game_id}_{count}p_{level}"] = {
                "decisions": len(spent),
                "median_s": round(spent[len(spent) // 2], 4),
                "p95_s": round(spent[min(len(spent) - 1, int(len(spent) * 0.95))], 4),
            }
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "what", nargs="?", default="heuristic", choices=("heuristic", "levels", "one", "series", "times")
    )
    parser.add_argument("--game", default="levantine")
    parser.add_argument(
        "--players", type=int, default=None, help="the seats (one, series: default 2; times: that count only)"
    )
    parser.add_argument("--level", default="normal")
    parser.add_argument("--against", default="heuristic")
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--decisions", type=int, default=40)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--only", default=None, help="times: one game only")
    parser.add_argument("--log", default="", help="series: the JSON-lines file of finished games")
    parser.add_argument(
        "--sprt", action="store_true", help="series: stop as soon as a sequential test (GSPRT on the pairs) decides"
    )
    parser.add_argument("--elo0", type=float, default=0.0, help="the SPRT's H0: the level is this much stronger")
    parser.add_argument("--elo1", type=float, default=30.0, help="the SPRT's H1 (logistic Elo)")
    parser.add_argument("--alpha", type=float, default=0.05)
    parser.add_argument("--beta", type=float, default=0.05)
    add_arguments(parser)
    args = parser.parse_args()
    jobs = runner(args)
    try:
        if args.what == "heuristic":
            print(json.dumps(heuristic_vs_random(args.game, args.games, args.seed, jobs)))
        elif args.what == "one":
            print(
                json.dumps(
                    one_seat(args.game, args.level, args.against, args.players or 2, args.games, args.seed, jobs)
                )
            )
        elif args.what == "series":
            test = SequentialTest(args.elo0, args.elo1, args.alpha, args.beta) if args.sprt else None
            report = series(
                args.game, args.level, args.against, args.players or 2, args.games, args.seed, args.log, jobs, test
            )
            print(json.dumps(report))
            if test is not None:
                print(test.text(), file=sys.stderr)
        elif args.what == "levels":
            print(json.dumps(levels(args.games, args.seed, jobs), indent=1))
        else:
            print(json.dumps(times(args.decisions, args.seed, args.only, args.players), indent=1))
    except GameFailed as error:
        raise SystemExit(str(error)) from None


if __name__ == "__main__":
    main()
