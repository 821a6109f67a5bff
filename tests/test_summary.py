"""Game.summary: the end of the game as the summary shows it, for every game and mode."""

from __future__ import annotations

import random

import pytest

from outremer.games import get_game

MODES = [
    ("levantine", 2),
    ("crusader-kingdoms", 1),
    ("crusader-kingdoms", 2),
    ("crusader-kingdoms", 3),
    ("crusader-kingdoms", 4),
    ("lords-of-heaven", 2),
    ("lords-of-heaven", 3),
    ("lords-of-heaven", 4),
]


def _played(game, seats: int, seed: int):
    state, _ = game.start(game.make_setup(seed, ["random"] * seats))
    rand = random.Random(seed)
    while game.to_act(state) is not None:
        assert game.summary(state) is None  # nothing to sum up while the game goes on
        state, _ = game.apply(state, rand.choice(game.legal_for(state)))
    return state


@pytest.mark.parametrize("game_id,seats", MODES)
def test_summary_has_a_row_per_seat_with_every_hand(game_id, seats):
    game = get_game(game_id)
    for seed in (1, 2):
        state = _played(game, seats, seed)
        summary = game.summary(state)
        assert summary["winners"] == game.result(state)["winners"]
        assert summary["why"]
        assert [row["seat"] for row in summary["rows"]] == list(range(seats))
        for row in summary["rows"]:
            assert len(row["values"]) == len(summary["columns"])
            assert row["hand"] == [game.cards[c].name for c in state["hands"][row["seat"]]]


def test_a_tie_on_castles_is_explained_by_the_card_bonus():
    """Rule 7.3: the most castles wins, a tie goes to the highest Card Bonus (seed 49, 3 players,
    random players: Saladin and Jerusalem end on 6 castles each)."""
    game = get_game("crusader-kingdoms")
    state = _played(game, 3, 49)
    summary = game.summary(state)
    castles = game.result(state)["castles"]
    assert castles.count(max(castles)) == 2
    assert summary["why"].startswith("2 kingdoms had 6 castles on the map")
    assert "highest Card Bonus" in summary["why"] and "rule 7.3" in summary["why"]
    winner = summary["winners"][0]
    assert game.seat_label(state, winner) in summary["why"].split(":")[-1]
