"""Every game's terminal table (``Game.text_table``, what ``outremer play`` prints for the seat to
act): plain text, never the view as JSON, and only what the seat may see — dealing everything
hidden from it anew leaves its table unchanged (house style 7: hidden information has one door)."""

from __future__ import annotations

import random
import re

import pytest

from outremer.ai import choose
from outremer.core.match import Match
from outremer.games import all_games

ACTIONS = 120
"""Random actions played in each game; the tables are read at every third position."""


@pytest.mark.parametrize("game_id", sorted(all_games()))
def test_every_game_draws_its_table_as_text_from_the_seat_view_only(game_id):
    game = all_games()[game_id]
    players = max(2, game.min_seats)
    match = Match(game, game.make_setup(9, ["random"] * players))
    rand = random.Random(9)
    read = 0
    while match.to_act() is not None and match.steps < ACTIONS:
        if match.steps % 3 == 0:
            for seat in range(players):
                table = game.text_table(game.view(match.state, seat))
                assert isinstance(table, str) and table.count("\n") >= 3
                assert not re.search(r'[{}]|"\w+":\s', table), f"{game_id}: the view as JSON:\n{table}"
                assert game.text_table(game.view(game.redeal(match.state, seat, rand), seat)) == table
                read += 1
        match.play(choose(game, match.state, match.to_act(), "random", 9, match.steps))
    assert read


@pytest.mark.parametrize("game_id", sorted(all_games()))
def test_outremer_play_prints_the_text_table(game_id, monkeypatch, capsys):
    """``outremer play``: the person's seat reads its table as text, then the numbered actions."""
    import io

    from outremer import cli

    game = all_games()[game_id]
    seats = ",".join(["human"] + ["random"] * (max(2, game.min_seats) - 1))
    monkeypatch.setattr("sys.stdin", io.StringIO("quit\n"))
    assert cli.main(["play", game_id, "--seats", seats, "--seed", "4"]) == 0
    out = capsys.readouterr().out
    table = out.split("'quit'.\n", 1)[1]
    assert not re.search(r'[{}]|"\w+":\s', table), table
    assert re.search(r"\n +0\. .+ +\(.+\)\n", table), table
    assert "Game code, to continue later:" in out
