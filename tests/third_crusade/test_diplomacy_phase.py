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


def test_a_full_region_may_give_up_a_unit_or_a_token_for_the_gain():
    """p.16: "If the Region is full the player may replace a Unit or Resource. Units are returned
    to the player board and tokens are discarded" (ruling TC56). Tyre's six square Slots hold 5
    Angevin Infantry and a Neutral one: a Neutral Infantry gained may replace either (not be
    placed there); the Angevin Infantry goes back to its board. With a crown token on the sixth
    Slot instead, a gold token gained replaces the crown token, which is discarded."""
    from outremer.games.third_crusade.moves import add, place_token

    s = _start(["angevin", "ayyubid"])
    s["map"]["tyre"] = [None] * 9
    for _ in range(5):
        add(C, s, "tyre", "angevin:infantry")
    add(C, s, "tyre", "neutral:infantry")
    s["dip"].update(
        stage="move", moving=["angevin"], place=[{"army": "angevin", "piece": "neutral:infantry", "text": "Infantry"}]
    )
    slots = s["map"]["tyre"]
    mine, neutral = slots.index("angevin:infantry"), slots.index("neutral:infantry")
    legal = phase.legal(C, s, 0)
    assert act("place", "tyre") not in legal and act("discard") in legal
    assert {a for a in legal if a.verb == "replace" and a.args[0] == "tyre"} == {
        act("replace", "tyre", mine),
        act("replace", "tyre", neutral),
    }
    reserve = s["reserve"]["angevin"]["infantry"]
    seat, log = _do(s, act("replace", "tyre", mine))
    assert sorted(s["map"]["tyre"][:6]) == ["angevin:infantry"] * 4 + ["neutral:infantry"] * 2
    assert s["reserve"]["angevin"]["infantry"] == reserve + 1 and log[0].rule == "TC56"

    s = _start(["angevin", "ayyubid"])
    s["map"]["tyre"] = [None] * 9
    for _ in range(5):
        add(C, s, "tyre", "angevin:infantry")
    free_slot = s["map"]["tyre"].index(None)
    assert place_token(C, s, "tyre", "crown") and s["tokens"]["tyre"][free_slot] == "crown"
    s["dip"].update(
        stage="move", moving=["angevin"], place=[{"army": "angevin", "token": "gold", "text": "1 Gold token"}]
    )
    legal = phase.legal(C, s, 0)
    assert [a for a in legal if a.args[:1] == ("tyre",)] == [act("replace", "tyre", free_slot)]
    _do(s, act("replace", "tyre", free_slot))
    assert s["tokens"]["tyre"][free_slot] == "gold" and "crown" not in s["tokens"]["tyre"]


def test_the_heuristic_replaces_only_for_a_gain():
    """Ruling TC56 as the computer player weighs it: with no room anywhere, a Neutral Leader
    gained takes a Neutral Infantry's Slot; a Neutral Infantry gained is left off the map rather
    than swapped for an Infantry."""
    from outremer.ai import agent_for, agent_random, decide
    from outremer.games import get_game
    from outremer.games.third_crusade.moves import add

    game = get_game("third-crusade")
    for item, wanted in (
        ({"piece": "neutral:isaac", "text": "Isaac Komnenos"}, "replace"),
        ({"piece": "neutral:infantry", "text": "Infantry"}, "discard"),
    ):
        s, _ = game.start(game.make_setup(1, ["heuristic", "heuristic"], {}))
        s["strategy"], s["sealed"], s["_started"] = None, None, "diplomacy"
        phase.start(C, s)
        for key, slots in s["map"].items():  # every Angevin Region full of Infantry but Tyre's Neutral one
            if key != "tyre" and any(p and p.startswith("angevin:") for p in slots):
                s["map"][key] = [None] * 9
        s["map"]["tyre"] = [None] * 9
        for _ in range(5):
            add(C, s, "tyre", "angevin:infantry")
        add(C, s, "tyre", "neutral:infantry")
        s["dip"].update(stage="move", moving=["angevin"], place=[{"army": "angevin", **item}])
        choice = decide(agent_for(game, "heuristic"), game, s, 0, agent_random(1, 0))
        assert choice.verb == wanted, choice
        if wanted == "replace":
            assert s["map"]["tyre"][choice.args[1]] == "neutral:infantry"
