"""``outremer decode``: what a share code holds — the game, its seats, its options as chosen (only
those that concern its number of players, by the names a player reads), and what is to happen now:
the seat to act and what it is asked (``Game.prompt``), every game."""

from __future__ import annotations

import random

import pytest

from outremer import cli
from outremer.ai import choose
from outremer.core import sharecode
from outremer.core.match import Match
from outremer.games import get_game

TWO_PLAYERS = {
    # a 2-player setup of each game, its options away from their defaults where it has some
    "levantine": ({"egypt": True, "quick": True}, ["Strike at Egypt: on", "Quick responses (tells who holds one): on"]),
    "crusader-kingdoms": ({"quick": True}, ["Quick responses (tells who holds one): on"]),
    "third-crusade": (
        {"crusader_army": "hre", "muslim_army": "turkoman", "variable": True},
        [
            "Crusader Army (2 players; the lone Crusader in 3): Holy Roman Empire",
            "Muslim Army (2 players; the lone Muslim in 3): Turkoman",
            "Variable setup (2 and 4 players): On",
            "Two players together against the Bot (2 players): Off",
            # the optional Bot rules serve two players together against the Bot too
            "Bot: a new column each phase (solo): Off",
            "Bot: its Diplomacy roll changes its column (solo): Off",
        ],
    ),
    "lords-of-heaven": (
        {"christians": "byzantines", "muslims": "caliphate"},
        ["Christian faction (2 players): Byzantines", "Muslim faction (2 players): Caliphate"],
    ),
}
STEPS = (0, 7, 25)


def played(game_id: str, steps: int, options: dict | None = None) -> Match:
    game = get_game(game_id)
    match = Match(
        game, game.make_setup(3, ["random", "random"], options if options is not None else TWO_PLAYERS[game_id][0])
    )
    for _ in range(steps):
        seat = match.to_act()
        if seat is None:
            break
        match.play(choose(game, match.state, seat, "random", 3, match.steps))
    return match


@pytest.mark.parametrize("game_id", TWO_PLAYERS)
def test_decode_prints_the_options_as_chosen_and_who_is_asked_what(game_id, capsys):
    """A 2-player code: the options it was made with, by label and choice name, and none of those
    that concern other player counts (Lords of Heaven's faction that sits out is a 3-player option,
    p.12; Third Crusade's lone Alliance too, p.4); then the seat to act and its question."""
    game = get_game(game_id)
    for steps in STEPS:
        match = played(game_id, steps)
        assert cli.main(["decode", sharecode.encode(match)]) == 0
        out = capsys.readouterr().out
        options = next(line for line in out.splitlines() if line.startswith("Options: "))
        assert options == "Options: " + "; ".join(TWO_PLAYERS[game_id][1])
        seat = match.to_act()
        assert seat is not None, "the game should still be under way"
        label = game.seat_label(match.state, seat)
        n = len(match.legal_actions())
        assert f"\nTo act: {label} (random), {n} possible action{'s' if n != 1 else ''}\n" in out
        now = next(line for line in out.splitlines() if line.startswith("Now: "))
        assert now == "Now: " + game.prompt(match.state)
        assert now.startswith(f"Now: {label}: ") or f" — {label}: " in now, now


@pytest.mark.parametrize("game_id", TWO_PLAYERS)
def test_the_prompt_names_the_seat_to_act_and_tells_nothing_hidden(game_id):
    """``Game.prompt`` along a game of random moves: it names the seat to act and says what it is
    asked; it reads the same whatever is hidden from any seat (every hidden card dealt anew); once
    the game is over it is the result."""
    game = get_game(game_id)
    match = Match(game, game.make_setup(5, ["random", "random"], {}))
    rand = random.Random(5)
    while (seat := match.to_act()) is not None and match.steps < 300:
        text = game.prompt(match.state)
        label = game.seat_label(match.state, seat)
        assert text.startswith(f"{label}: ") or f" — {label}: " in text, text
        assert not text.endswith(": choose an action."), f"{game_id} at step {match.steps}: a prompt says nothing"
        for viewer in range(2):
            assert game.prompt(game.redeal(match.state, viewer, rand)) == text
        match.play(choose(game, match.state, seat, "random", 5, match.steps))
    if seat is None:
        assert game.prompt(match.state) == match.result()["text"]


def test_a_finished_code_prints_its_result_and_no_seat_to_act(capsys):
    match = played("crusader-kingdoms", 10_000, {})
    assert match.result() is not None
    assert cli.main(["decode", sharecode.encode(match)]) == 0
    out = capsys.readouterr().out
    assert "To act:" not in out and "Now:" not in out and f"Result: {match.result()['text']}" in out
