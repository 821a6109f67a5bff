"""The Diplomacy phase played (p.16; the plutorial's Diplomacy, p.28)."""

from __future__ import annotations

from outremer.core.actions import act
from outremer.games.third_crusade import diplomacy_phase as phase
from outremer.games.third_crusade import planning
from outremer.games.third_crusade.data import content
from outremer.games.third_crusade.state import new_state

C = content()


def _start(armies, seed=1, card="bedouin_tribes"):
    s = new_state(C, armies, seed)
    planning.setup_orders(C, s)
    phase.setup(C, s)
    s["diplomacy_cards"].remove(card)
    s["diplomacy_cards"].insert(0, card)
    phase.start(C, s)
    return s


def _do(s, action):
    seat = phase.to_act(s)
    assert action in phase.legal(C, s, seat), (action, phase.legal(C, s, seat)[:6])
    log = []
    phase.perform(C, s, seat, action, log)
    return seat, log


def test_the_plutorial_bids_tie_and_the_first_on_the_track_chooses():
    """Plutorial, Diplomacy: both bid 2; the Ayyubid, first on the initiative track, wins the
    tie, takes reward 1 (+1 Faith) and both pay 2; the Angevin gets reward 3 (+1 Gold). A bid
    is sealed: the other seat's view and log show nothing of it."""
    s = _start(["angevin", "ayyubid"])
    s["initiative"] = [1, 0]
    gold = list(s["gold"])
    first = phase.to_act(s)
    seat, log = _do(s, act("bid", 2))
    other = 1 - seat
    assert log[0].for_seat(other).endswith("has made its bid.")
    assert "2" not in log[0].for_seat(other)
    _do(s, act("bid", 2))
    assert phase.to_act(s) == 1  # the Ayyubid chooses first
    assert set(phase.legal(C, s, 1)) == {act("reward", 1), act("reward", 2)}
    faith = s["faith"]["muslim"]
    _do(s, act("reward", 1))
    assert s["faith"]["muslim"] == faith + 1
    assert s["gold"] == [gold[0] - 2 + 1, gold[1] - 2]  # both pay; the Angevin's reward 3 is +1 Gold
    assert s["dip"]["stage"] == "move"


def test_moves_follow_the_card_and_place_what_the_space_gives():
    """p.16: the holders of rewards 1-3 move in the card's order; a space's Units or tokens go
    into a Region the player Controls."""
    s = _start(["angevin", "ayyubid"])
    _do(s, act("bid", 0))
    _do(s, act("bid", 0))
    _do(s, next(a for a in phase.legal(C, s, phase.to_act(s)) if a.verb == "reward"))
    moved = []
    while s["phase"] == "diplomacy":
        seat = phase.to_act(s)
        legal = phase.legal(C, s, seat)
        if legal[0].verb == "move":
            moved.append(seat)
            _do(s, legal[0])
        else:
            _do(s, legal[0])
    assert sorted(moved) == [0, 1]
    assert s["phase"] == "upkeep" and all(len(m) == 1 for m in s["markers"].values())


def test_four_players_the_fourth_bidder_takes_nothing_and_every_bid_is_paid():
    s = _start(["angevin", "hre", "ayyubid", "turkoman"])
    bids = {0: 1, 1: 0, 2: 3, 3: 2}
    for _ in range(4):
        seat = phase.to_act(s)
        _do(s, act("bid", bids[seat]))
    gold = list(s["gold"])
    while s["dip"]["stage"] == "reward":
        _do(s, phase.legal(C, s, phase.to_act(s))[0])
    assert s["dip"]["rewards"]["hre"] is None  # the lowest bid
    assert s["dip"]["order"] == ["ayyubid", "turkoman", "angevin", "hre"]
    assert sum(gold) <= sum(4 for _ in range(4)) - sum(bids.values()) + 6  # rewards add at most a little Gold
