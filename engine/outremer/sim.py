"""Playing whole games between computer seats, and summarising many of them."""

from __future__ import annotations

import math
import time
from typing import Any

from .ai import agent_for, agent_random, decide
from .core import sharecode
from .core.game import Game, Setup
from .core.match import Match


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


def simulate(game: Game, seats: list[str], games: int, seed: int, options: dict | None = None) -> dict:
    """Play ``games`` matches from consecutive seeds and report wins, lengths and code sizes; in
    a game played in sides (Game.teams), each side's wins besides each seat's (its Final Winner's)."""
    wins = [0.0] * len(seats)
    levels: dict[str, int] = {}
    team_wins: dict[str, float] = {}
    actions = []
    code_chars = []
    started = time.perf_counter()
    for i in range(games):
        setup = game.make_setup(seed + i, seats, options)
        match = play_out(game, setup)
        result = match.result()
        assert result is not None  # the game is played out
        winners = result["winners"]
        for w in winners:
            wins[w] += 1 / len(winners)
        teams = game.teams(match.state)
        if teams:
            side = result.get("team")
            if side is not None:
                team_wins[teams[side][0]] = team_wins.get(teams[side][0], 0) + 1
            for name, _ in teams:
                team_wins.setdefault(name, 0)
        if "level" in result:
            levels[result["level"]] = levels.get(result["level"], 0) + 1
        actions.append(match.steps)
        code_chars.append(len(sharecode.encode(match)))
    elapsed = time.perf_counter() - started
    names = game.seat_labels(game.make_setup(seed, seats, options))
    extra: dict[str, Any] = {"levels": {k: v / games for k, v in sorted(levels.items())}} if levels else {}
    if team_wins:
        extra["team_win_rate"] = {name: n / games for name, n in team_wins.items()}
        extra["team_interval_95"] = {name: list(wilson(n, games)) for name, n in team_wins.items()}
    return {
        "game": game.id, "games": games, "seats": seats, "seed": seed,
        "wins": {name: wins[i] for i, name in enumerate(names)},
        "win_rate": {name: wins[i] / games for i, name in enumerate(names)},
        "win_interval_95": {name: list(wilson(wins[i], games)) for i, name in enumerate(names)},
        "mean_actions": sum(actions) / games,
        "mean_code_chars": sum(code_chars) / games,
        "median_code_chars": sorted(code_chars)[games // 2],
        "max_code_chars": max(code_chars),
        "games_per_second": games / elapsed if elapsed else float("inf"),
        **extra,
    }
