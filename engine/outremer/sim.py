"""Playing whole games between computer seats, and summarising many of them."""

from __future__ import annotations

import math
import time
from typing import Any

from .ai import agent_for, agent_random, decide
from .core import sharecode
from .core.game import Game, Setup
from .core.match import Match
from .games import all_games, get_game
from .jobs import Job


def play_out(game: Game, setup: Setup, max_steps: int = 100_000) -> Match:
    """Play a match to its end with the computer players its seats name."""
    match = Match(game, setup)
    agents = [agent_for(game, kind) for kind in setup.seats]
    while (seat := match.to_act()) is not None:
        if match.steps >= max_steps:
            raise RuntimeError(f"{game.name} did not end within {max_steps} actions")
        action = decide(agents[seat], game, match.state, seat, agent_random(setup.seed, match.steps))
        match.play(action)
    return match


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """95% Wilson score interval for a proportion."""
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def play_game(task: tuple[str | Game, list[str], int, dict | None]) -> dict:
    """One game of ``simulate``, from its deal: ``(game, seats, seed, options)``, the game by its
    id (or, one not among the site's games, itself). What the summary needs of it, in plain
    values (it may come back from another process or machine)."""
    ref, seats, seed, options = task
    game = get_game(ref) if isinstance(ref, str) else ref
    match = play_out(game, game.make_setup(seed, seats, options))
    result = match.result()
    assert result is not None  # the game is played out
    teams = game.teams(match.state)
    side = result.get("team")
    return {
        "winners": list(result["winners"]),
        "teams": [name for name, _ in teams],
        "team": teams[side][0] if teams and side is not None else None,
        "level": result.get("level"),
        "actions": match.steps,
        "code_chars": len(sharecode.encode(match)),
    }


def simulate(
    game: Game,
    seats: list[str],
    games: int,
    seed: int,
    options: dict | None = None,
    *,
    backend: str = "local",
    address: str | None = None,
    jobs: int | None = None,
    progress: bool = False,
) -> dict:
    """Play ``games`` matches from consecutive seeds and report wins, lengths and code sizes; in
    a game played in sides (Game.teams), each side's wins besides each seat's (its Final Winner's).
    The games run as a ``jobs.Job`` (``backend``, ``address``, ``jobs``: see there); the figures
    are added up in the order of the seeds, so they do not depend on where the games ran. A game
    whose worker was lost is left out (``lost`` lists its seeds; the rates are of the rest)."""
    names = game.seat_labels(game.make_setup(seed, seats, options))  # a bad setup is refused before any game
    started = time.perf_counter()
    ref = game.id if all_games().get(game.id) is game else game  # an id travels lighter
    job = Job(
        play_game,
        [(seed + i, (ref, seats, seed + i, options)) for i in range(games)],
        backend=backend,
        address=address,
        jobs=jobs,
        progress=progress,
        label=f"{game.id} simulate",
        deal=lambda task: f"{game.id}, seed {task[2]}, seats {','.join(task[1])}",
    )
    rows = dict(job.results())
    elapsed = time.perf_counter() - started
    played = [rows[k] for k in sorted(rows)]
    n = len(played)
    if not n:
        raise ValueError("No game was played: every game's worker was lost.")
    wins = [0.0] * len(seats)
    levels: dict[str, int] = {}
    team_wins: dict[str, float] = {}
    for row in played:
        for w in row["winners"]:
            wins[w] += 1 / len(row["winners"])
        for name in row["teams"]:
            team_wins.setdefault(name, 0)
        if row["team"] is not None:
            team_wins[row["team"]] += 1
        if row["level"] is not None:
            levels[row["level"]] = levels.get(row["level"], 0) + 1
    actions = [row["actions"] for row in played]
    code_chars = [row["code_chars"] for row in played]
    extra: dict[str, Any] = {"levels": {k: v / n for k, v in sorted(levels.items())}} if levels else {}
    if team_wins:
        extra["team_win_rate"] = {name: w / n for name, w in team_wins.items()}
        extra["team_interval_95"] = {name: list(wilson(w, n)) for name, w in team_wins.items()}
    if job.lost:
        extra["lost"] = sorted(lost.key for lost in job.lost)
    return {
        "game": game.id,
        "games": n,
        "seats": seats,
        "seed": seed,
        "wins": {name: wins[i] for i, name in enumerate(names)},
        "win_rate": {name: wins[i] / n for i, name in enumerate(names)},
        "win_interval_95": {name: list(wilson(wins[i], n)) for i, name in enumerate(names)},
        "mean_actions": sum(actions) / n,
        "mean_code_chars": sum(code_chars) / n,
        "median_code_chars": sorted(code_chars)[n // 2],
        "max_code_chars": max(code_chars),
        "games_per_second": n / elapsed if elapsed else float("inf"),
        "backend": job.backend,
        **extra,
    }
