"""What keeps a search's iterations cheap gives what the whole rules give: the view a computer
player reads entry by entry is the seat's view, and the tracks and Control kept up to date as
pieces move are those counted anew from the map (glossary, "Tracks are adjusted immediately")."""

from __future__ import annotations

import random

import pytest

from outremer.games import get_game

GAME = get_game("third-crusade")
MODES = [(4, {}), (3, {"lone": "crusader"}), (3, {"lone": "muslim"}), (2, {}), (4, {"variable": True}),
         (2, {"variable": True}), (1, {"side": "muslim"}), (1, {"side": "crusader"}),
         (1, {"side": "muslim", "command": 2, "bots": 2}), (2, {"together": "muslim-2"})]
IDS = ["4", "3-lone-crusader", "3-lone-muslim", "2", "4-variable", "2-variable", "solo-muslim", "solo-crusader",
       "solo-2-armies", "together"]


def along(players: int, options: dict, seed: int):
    """The states of a game between random players, one after another."""
    s, _ = GAME.start(GAME.make_setup(seed, ["random"] * players, options))
    rand = random.Random(seed)
    while GAME.to_act(s) is not None:
        yield s
        s, _ = GAME.apply(s, rand.choice(GAME.legal_actions(s)))
    yield s


@pytest.mark.parametrize("players,options", MODES, ids=IDS)
def test_agent_view_is_the_view_worked_out_when_read(players, options):
    """The view a computer player reads (entries worked out when read, a player's too) holds the
    same entries, in the same order, as the seat's view: another Alliance's Orders face down,
    another player's Objectives hidden."""
    compared = 0
    for s in (s for seed in (3, 4) for s in along(players, options, seed)):
        for seat in range(players):
            lazy = GAME.agent_view(s, seat)
            whole = lazy.whole()
            full = GAME.view(s, seat)
            assert whole == full and list(whole) == list(full)
            assert [list(p) for p in whole["players"]] == [list(p) for p in full["players"]]
            compared += 1
    assert compared > 40  # a solo game between random players may end early
    with pytest.raises(KeyError):
        GAME.agent_view(s, 0)["objective_deck"]
