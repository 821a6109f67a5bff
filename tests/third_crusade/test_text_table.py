"""The terminal's table of Third Crusade (``view.text_table``): each Army's supply against what its
player board needs at Upkeep, shown before Upkeep asks (p.17, step 4A; ruling TC21)."""

from __future__ import annotations

import random
from functools import cache

import pytest

from outremer.ai import choose
from outremer.core.match import Match
from outremer.games import get_game
from outremer.games.third_crusade.data import ARMY_NAMES
from outremer.games.third_crusade.state import need, track
from outremer.games.third_crusade.upkeep import shortfall

GAME = get_game("third-crusade")
SEEDS = {2: 3, 4: 2}
"""Seeds whose games leave an Army short of supply before an Upkeep within their first 300 actions."""


@cache
def positions(players: int) -> tuple[dict, ...]:
    """Every fourth position of a seeded game of random moves, up to 300 actions."""
    seed = SEEDS[players]
    match = Match(GAME, GAME.make_setup(seed, ["random"] * players))
    out = []
    while match.to_act() is not None and match.steps < 300:
        if match.steps % 4 == 0:
            out.append(match.state)
        match.play(choose(GAME, match.state, match.to_act(), "random", seed, match.steps))
    return tuple(out)


def supply_line(table: str, army: str) -> str:
    """The supply line under an Army's line of the table."""
    lines = table.split("\n")
    at = next(i for i, line in enumerate(lines) if line.startswith(f"{ARMY_NAMES[army]} ("))
    assert lines[at + 1].startswith("   Supply at Upkeep: "), lines[at + 1]
    return lines[at + 1]


@pytest.mark.parametrize("players", [2, 4])
def test_each_army_shows_its_supply_need_and_what_it_lacks_before_upkeep(players):
    """p.17 step 4A (ruling TC21): every Army's line is followed by what its player board needs at
    Upkeep, its supply track and the shortfall (a Glory lost per icon, Units brought home) or the
    supply left over — the engine's own counts (state.need, upkeep.shortfall), in every phase, the
    same for every seat (all of it shows on the table), and unchanged when what is hidden is dealt
    anew."""
    rand = random.Random(players)
    short = covered = 0
    for state in positions(players):
        tables = [GAME.text_table(GAME.view(state, seat)) for seat in range(players)]
        for seat, army in enumerate(state["armies"]):
            lines = {supply_line(table, army) for table in tables}
            assert len(lines) == 1
            line = lines.pop()
            lacks = shortfall(GAME.content, state, seat)
            assert f"needs {need(GAME.content, state, army)} " in line
            assert f", has {track(state, seat, 'supply')}: " in line
            if lacks:
                short += state["phase"] != "upkeep"
                assert f": {lacks} short, so {lacks} Glory lost and Units brought home" in line
            else:
                covered += 1
                assert "covered" in line and " short" not in line
        seat = rand.randrange(players)
        assert GAME.text_table(GAME.view(GAME.redeal(state, seat, rand), seat)) == tables[seat]
    assert short and covered
