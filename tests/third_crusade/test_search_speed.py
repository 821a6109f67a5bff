"""What keeps a search's iterations cheap gives what the whole rules give: the view a computer
player reads entry by entry is the seat's view, and the tracks and Control kept up to date as
pieces move are those counted anew from the map (glossary, "Tracks are adjusted immediately")."""

from __future__ import annotations

import random

import pytest

from outremer.core.game import clone
from outremer.games import get_game
from outremer.games.third_crusade.moves import flip
from outremer.games.third_crusade.state import new_state, recount

GAME = get_game("third-crusade")
MODES = [
    (4, {}),
    (3, {"lone": "crusader"}),
    (3, {"lone": "muslim"}),
    (2, {}),
    (4, {"variable": True}),
    (2, {"variable": True}),
    (1, {"side": "muslim"}),
    (1, {"side": "crusader"}),
    (1, {"side": "muslim", "command": 2, "bots": 2}),
    (2, {"together": "muslim-2"}),
]
IDS = [
    "4",
    "3-lone-crusader",
    "3-lone-muslim",
    "2",
    "4-variable",
    "2-variable",
    "solo-muslim",
    "solo-crusader",
    "solo-2-armies",
    "together",
]


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


def counted_anew(s) -> tuple[dict, dict]:
    """What the map gives the tracks, and the tracks, counted anew from the whole map."""
    fresh = clone(s)
    recount(GAME.content, fresh)
    return fresh["counted"], fresh["tracks"]


@pytest.mark.parametrize("players,options", MODES, ids=IDS)
def test_the_tracks_kept_as_pieces_move_are_those_the_whole_map_gives(players, options):
    """After every action of random games in every mode (Marches, Battles, Events, Diplomacy,
    Sabotage, Resource tokens, Leaders flipped, the Bot's moves), what the map gives each Army's
    tracks, kept up to date Region by Region, and the tracks set from it are what counting the
    whole map anew gives; the Control of every Region is read from its Slots as they stand."""
    checked = 0
    for seed in range(6):
        for s in along(players, options, seed):
            counted, tracks = counted_anew(s)
            assert s["counted"] == counted, f"seed {seed}, {s['phase']}: kept {s['counted']}, the map gives {counted}"
            assert s["tracks"] == tracks
            checked += 1
    assert checked > 100


def test_a_leader_flipped_on_its_slot_changes_the_kept_tracks():
    """Ruling TC52 (Drowned in the Saleph, rare in random games): Frederick I turned over on his
    Slot, the icons of Frederick of Swabia count from then on, in the kept count as in a count
    anew."""
    s = new_state(GAME.content, ["hre", "ayyubid"], 1)
    before = list(s["tracks"]["hre"])
    flip(GAME.content, s, "frederick_i")
    assert "hre:frederick_of_swabia" in s["map"]["tyre"]
    counted, tracks = counted_anew(s)
    assert s["counted"] == counted and s["tracks"] == tracks
    assert s["tracks"]["hre"] != before
