"""Learned judgement: the estimate's weights learned from positions played and judged by the
searching player (expert iteration), one round at a time.

    python bench/train.py --game levantine data     --round N [--games 200] [--seed S] [--level normal]
    python bench/train.py --game levantine fit      --round N [--blend 0.5]
    python bench/train.py --game levantine evaluate --round N [--games 400] [--seed S]
    python bench/train.py --game levantine all      --round N ...        (the three in turn)
    python bench/train.py --game levantine ship     --round N            (only once evaluate accepted H1)

A round, in ``bench/training/<game>/``:

* **data**: games of the searching level (``--level``, normal by default) against itself, each seat
  playing with the previous round's weights (``round-<N-1>.json``; round 1: the shipped ones).
  At every decision a seat searches (more than one legal action), the position is kept as that seat
  sees it: the estimate's stage and every seat's features, computed on a state drawn from the
  seat's own view (``Game.determinize``, as the search itself draws them; a test shows the features
  read nothing hidden), with two labels: the game's outcome (``Game.payoff``) and the search's value
  at the root (the mean payoff, to that seat, of the action it chose; the other seats share the
  rest equally, exact in a 2-player game). Each finished game is appended as one line to
  ``round-N.jsonl``; a run plays only the deals not yet there (resumable, reproducible: deal
  ``seed + i``, the agents' randomness from the deal and the step).
* **fit**: stage by stage, the weights of greatest likelihood (``outremer.ai.estimate.fit``, pure
  Python) of the blended label ``blend × outcome + (1 − blend) × root value`` (``--blend``, 0.5 by
  default: the outcome is unbiased but noisy, the root value is the search's judgement, smooth but
  biased by the estimate it was itself rolled out to). Deals ``i % 5 == 4`` are held out: the
  file's training record gives the log-likelihood of their outcomes under the new weights and under
  the previous ones. A stage with fewer than ``MIN_POSITIONS`` positions keeps the previous weights
  (a tiny round cannot learn it). Writes ``round-N.json``, a weights file like the shipped ones.
* **evaluate**: a paired series (``bench/ai_strength.py series``: each deal played twice, seats
  swapped) of the level with the new weights against the level with the current ones, with the
  sequential test of ``outremer.sprt``, to ``bench/series/train-<game>-round-N.jsonl`` (resumable);
  prints the verdict. (2 players only: the test weighs pairs.)
* **ship**: copies ``round-N.json`` over ``engine/outremer/ai/weights/<game>.json`` with the
  verdict in its training record, only if the test accepted H1.

The games run as a job of ``outremer.jobs`` (``--backend {auto,ray,local}``, ``--address``,
``--jobs``): the data do not depend on where. ``--iterations`` replaces the level's budget in the
data games (a smaller one for a quick trial, or the tests); the evaluation always plays the level
as it is shipped.
"""

from __future__ import annotations

import argparse
import datetime
import json
import random
import shutil
import sys
from pathlib import Path

from ai_strength import digest, series

from outremer.ai import SEARCH_LEVELS, agent_for, agent_random, decide, sampler
from outremer.ai.estimate import fit, log_likelihood
from outremer.ai.search import SearchAgent
from outremer.ai.trained import ai_module as module_of
from outremer.ai.trained import estimate_from_file, file_name
from outremer.ai.trained import read_file as read
from outremer.games import get_game
from outremer.jobs import GameFailed, Job, add_arguments, runner
from outremer.sprt import SequentialTest

ROOT = Path(__file__).resolve().parent.parent
MIN_POSITIONS = 200
"""Fewer positions than this in a stage: the stage keeps the previous round's weights."""


def folder(game_id: str, base: Path | None = None) -> Path:
    return (base or ROOT / "bench" / "training") / game_id


def _shown(path: Path) -> str:
    """A path as the commands take it: from the repository's root where it lies inside."""
    try:
        return str(path.resolve().relative_to(ROOT))
    except ValueError:
        return str(path)


def weights_path(game_id: str, round_: int, base: Path | None = None) -> Path | None:
    """The weights a round's games are played with: the previous round's (None: the shipped)."""
    if round_ <= 1:
        return None
    path = folder(game_id, base) / f"round-{round_ - 1}.json"
    if not path.exists():
        raise SystemExit(
            f"{path} is missing: fit round {round_ - 1} first (python bench/train.py --game {game_id} "
            f"fit --round {round_ - 1})."
        )
    return path


def previous_weights(game, round_: int, base: Path | None = None) -> tuple[dict, str]:
    path = weights_path(game.id, round_, base)
    if path is None:
        ai = module_of(game)
        return {"weights": [list(row) for row in ai.LOGIT.weights]}, f"engine/outremer/ai/weights/{file_name(game.id)}"
    return read(game, str(path)), str(path)


def _searching(game, level: str, iterations: int | None, path: str | None):
    agent = agent_for(game, level, estimate_from_file(game, path))
    if iterations is not None and isinstance(agent, SearchAgent):
        agent.iterations = iterations
    return agent


def play(task: tuple) -> dict:
    """One game of a round's data: ``(game id, players, level, iterations, weights file, deal)``."""
    game_id, players, level, iterations, path, deal = task
    game = get_game(game_id)
    ai = module_of(game)
    agent = _searching(game, level, iterations, path)
    state, _ = game.start(game.make_setup(deal, [level] * players))
    positions, step = [], 0
    while (seat := game.to_act(state)) is not None:
        legal = game.legal_for(state)
        rand = agent_random(deal, step)
        if isinstance(agent, SearchAgent) and len(legal) > 1:
            sample = sampler(game, state, seat)
            search = agent.decision(game, game.view(state, seat), legal, rand, sample)  # as SearchAgent.choose
            search.run()
            action = search.best()
            node = search.root.children.get(action)
            value = node.total / node.visits if node is not None and node.visits else None
            seen = sample(random.Random(deal * 7919 + step))  # a state the seat could be in: its view
            if value is not None:
                root = [value if p == seat else (1 - value) / (players - 1) for p in range(players)]
                positions.append(
                    [ai.stage(seen), [list(map(float, ai.features(seen, p))) for p in range(players)], seat, root]
                )
        else:
            action = decide(agent, game, state, seat, rand)
        game.advance(state, action)
        step += 1
    return {"positions": positions, "payoff": game.payoff(state), "actions": step}


def data(
    game_id: str,
    round_: int,
    games: int,
    seed: int,
    level: str,
    players: int,
    iterations: int | None,
    jobs: dict,
    base: Path | None = None,
) -> dict:
    game = get_game(game_id)
    if level not in SEARCH_LEVELS:
        raise SystemExit(f"The data are played by a searching level ({', '.join(SEARCH_LEVELS)}), not {level!r}.")
    out = folder(game_id, base)
    out.mkdir(parents=True, exist_ok=True)
    log = out / f"round-{round_}.jsonl"
    path = weights_path(game_id, round_, base)
    key = {
        "game": game_id,
        "round": round_,
        "seed": seed,
        "level": level,
        "players": players,
        "iterations": iterations,
        "weights": digest(str(path)) if path else "shipped",
        "rules_revision": game.rules_revision,
    }
    done = set()
    if log.exists():
        for line in log.read_text().splitlines():
            row = json.loads(line)
            if {k: row.get(k) for k in key} != key:
                raise SystemExit(
                    f"{log} holds games of another round's settings ({ {k: row.get(k) for k in key} }); "
                    f"now {key}. Remove it, or give another --round."
                )
            done.add(row["i"])
    todo = [
        (i, (game_id, players, level, iterations, str(path) if path else None, seed + i))
        for i in range(games)
        if i not in done
    ]
    job = Job(play, todo, label=f"{game_id} round {round_} data", deal=lambda t: f"{t[0]}, deal {t[5]}", **jobs)
    with log.open("a") as f:
        for i, result in job.results():
            f.write(json.dumps({**key, "i": i, "deal": seed + i, **result}) + "\n")
            f.flush()
            done.add(i)
    return {
        "data": str(log),
        "games": len(done),
        "played_now": len(todo) - len(job.lost),
        **({"lost": [lost.key for lost in job.lost]} if job.lost else {}),
    }


def _rows(game_id: str, round_: int, base: Path | None) -> list[dict]:
    log = folder(game_id, base) / f"round-{round_}.jsonl"
    if not log.exists():
        raise SystemExit(
            f"{log} is missing: play the round's games first (python bench/train.py --game {game_id} "
            f"data --round {round_})."
        )
    return [json.loads(line) for line in log.read_text().splitlines()]


def fit_round(
    game_id: str, round_: int, blend: float, base: Path | None = None, min_positions: int = MIN_POSITIONS
) -> dict:
    if not 0 <= blend <= 1:
        raise SystemExit("--blend is the outcome's share of the label, between 0 and 1.")
    game = get_game(game_id)
    ai = module_of(game)
    rows = sorted(_rows(game_id, round_, base), key=lambda r: r["i"])
    before, before_name = previous_weights(game, round_, base)
    train = [[] for _ in range(ai.STAGES)]
    held = [[] for _ in range(ai.STAGES)]
    for row in rows:
        for stage, feats, _seat, root in row["positions"]:
            if row["i"] % 5 == 4:  # held out, and judged on the outcome alone
                held[stage].append((stage, feats, list(row["payoff"])))
            else:
                label = [blend * o + (1 - blend) * r for o, r in zip(row["payoff"], root, strict=True)]
                train[stage].append((stage, feats, label))
    weights, stages = [], []
    for stage in range(ai.STAGES):
        old = list(before["weights"][stage])
        new = fit(train[stage], len(ai.FEATURES)) if len(train[stage]) >= min_positions else old
        weights.append([round(w, 4) for w in new])
        stages.append(
            {
                "stage": stage,
                "positions": len(train[stage]),
                "held_out": len(held[stage]),
                "kept_previous": len(train[stage]) < min_positions,
                "held_out_log_likelihood": {
                    "new": round(log_likelihood(held[stage], new), 4) if held[stage] else None,
                    "previous": round(log_likelihood(held[stage], old), 4) if held[stage] else None,
                },
            }
        )
    first = rows[0] if rows else {}
    players = first.get("players", 2)
    out = {
        "game": game_id,
        "rules_revision": game.rules_revision,
        "features": list(ai.FEATURES),
        "stages": ai.STAGES,
        "training": {
            "command": f"python bench/train.py --game {game_id} all --round {round_} --seed {first.get('seed')} "
            f"--games {len(rows)} --level {first.get('level')} --players {players} --blend {blend}"
            + (f" --iterations {first['iterations']}" if first.get("iterations") else "")
            + (f" --min-positions {min_positions}" if min_positions != MIN_POSITIONS else "")
            + (f" --folder {_shown(base)}" if base is not None else ""),
            "round": round_,
            "seed": first.get("seed"),
            "games": len(rows),
            "players": players,
            "level": first.get("level"),
            "iterations": first.get("iterations"),
            "labels": f"{blend} x outcome + {round(1 - blend, 4)} x the search's root value",
            "played_with": before_name,
            "data": _shown(folder(game_id, base) / f"round-{round_}.jsonl"),
            "date": datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%d"),
            "min_positions": min_positions,
            "by_stage": stages,
        },
        "weights": weights,
    }
    path = folder(game_id, base) / f"round-{round_}.json"
    path.write_text(json.dumps(out, indent=1) + "\n")
    return {
        "weights": str(path),
        "positions": sum(s["positions"] for s in stages),
        "stages_learned": sum(not s["kept_previous"] for s in stages),
    }


def evaluate(
    game_id: str,
    round_: int,
    games: int,
    seed: int,
    level: str,
    jobs: dict,
    sprt: SequentialTest | None,
    base: Path | None = None,
    series_dir: Path | None = None,
    players: int = 2,
) -> dict:
    """The series of ``level`` with the round's weights against ``level`` with the shipped ones;
    with 2 players stopped by ``sprt``, with more (the test weighs pairs) the level's share of
    ``games`` games, the new weights rotated over the seats."""
    new = folder(game_id, base) / f"round-{round_}.json"
    if not new.exists():
        raise SystemExit(f"{new} is missing: fit round {round_} first.")
    game = get_game(game_id)
    read(game, str(new))  # checked before any game
    rel = _shown(new)
    tag = "" if base is None or base.resolve() == (ROOT / "bench" / "training").resolve() else f"-{base.name}"
    log = (series_dir or ROOT / "bench" / "series") / f"train-{game_id}-round-{round_}{tag}.jsonl"
    report = series(
        game_id, f"{level}@{rel}", level, players, games, seed, str(log), jobs, sprt if players == 2 else None
    )
    return report


def ship(game_id: str, round_: int, report: dict, base: Path | None = None) -> str:
    verdict = report.get("sprt", {})
    if verdict.get("result") != "H1":
        raise SystemExit(
            f"Not shipped: the test has not accepted H1 ({verdict.get('text', 'no test')}). The shipped weights stay."
        )
    new = json.loads((folder(game_id, base) / f"round-{round_}.json").read_text())
    new["training"]["evaluation"] = {"series": report["log"], "text": verdict["text"], "paired": report.get("paired")}
    dest = ROOT / "engine" / "outremer" / "ai" / "weights" / file_name(game_id)
    tmp = dest.with_suffix(".new")
    tmp.write_text(json.dumps(new, indent=1) + "\n")
    shutil.move(tmp, dest)
    return str(dest)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("what", choices=("data", "fit", "evaluate", "all", "ship"))
    parser.add_argument("--game", default="levantine")
    parser.add_argument("--round", type=int, default=1, dest="round_")
    parser.add_argument("--seed", type=int, default=None, help="first deal (default: 100000 × round)")
    parser.add_argument("--games", type=int, default=200, help="data: games of the round")
    parser.add_argument("--eval-games", type=int, default=400, help="evaluate: most games of the series")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--level", default="normal")
    parser.add_argument("--iterations", type=int, default=None, help="the level's budget replaced (trials)")
    parser.add_argument("--blend", type=float, default=0.5, help="the outcome's share of the label")
    parser.add_argument(
        "--min-positions",
        type=int,
        default=MIN_POSITIONS,
        help="fit: a stage with fewer positions keeps the previous weights",
    )
    parser.add_argument("--elo0", type=float, default=0.0)
    parser.add_argument("--elo1", type=float, default=30.0)
    parser.add_argument("--alpha", type=float, default=0.05)
    parser.add_argument("--beta", type=float, default=0.05)
    parser.add_argument(
        "--folder",
        type=Path,
        default=None,
        help="where the rounds are kept (default bench/training; another one, for a trial, also names the series file)",
    )
    add_arguments(parser)
    args = parser.parse_args(argv)
    base = args.folder
    jobs = {k: v for k, v in runner(args).items() if v is not None}
    seed = 100_000 * args.round_ if args.seed is None else args.seed
    if args.iterations is not None and args.what in ("evaluate", "all", "ship"):
        raise SystemExit("--iterations is for trial data only: the series compares the levels as they play.")
    try:
        if args.what in ("data", "all"):
            print(
                json.dumps(
                    data(
                        args.game, args.round_, args.games, seed, args.level, args.players, args.iterations, jobs, base
                    )
                ),
                flush=True,
            )
        if args.what in ("fit", "all"):
            print(json.dumps(fit_round(args.game, args.round_, args.blend, base, args.min_positions)), flush=True)
        if args.what in ("evaluate", "all", "ship"):
            test = SequentialTest(args.elo0, args.elo1, args.alpha, args.beta) if args.players == 2 else None
            report = evaluate(
                args.game,
                args.round_,
                args.eval_games,
                seed + 50_000,
                args.level,
                jobs if args.what != "ship" else {},
                test,
                base,
                players=args.players,
            )
            print(json.dumps(report), flush=True)
            if test is None:
                print(
                    f"No sequential test with {args.players} players: the new weights' share is "
                    f"{report['share']} {report['interval_95']}.",
                    file=sys.stderr,
                )
                if args.what == "ship":
                    raise SystemExit("Not shipped: only a 2-player series' test ships weights.")
                return
            print(test.text(), file=sys.stderr)
            if args.what == "ship":
                print(f"shipped: {ship(args.game, args.round_, report, base)}")
            elif test.result == "H1":
                print(
                    f"H1 accepted: ship with python bench/train.py --game {args.game} ship --round {args.round_}",
                    file=sys.stderr,
                )
            else:
                print("The shipped weights stay (only an accepted H1 ships new ones).", file=sys.stderr)
    except GameFailed as error:
        raise SystemExit(str(error)) from None


if __name__ == "__main__":
    main()
