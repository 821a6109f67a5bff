"""What a player gains, the player chooses (ruling TC76): the free Advanced Orders of a Diplomacy
Card's reward or an Event Card, and the Sabotage tokens a reward removes; and an Army never gains
a second copy of an Order it owns, executed this round or not (one set of 22, ruling TC15)."""

from __future__ import annotations

from outremer.core.actions import act
from outremer.games.third_crusade import command
from outremer.games.third_crusade.cards import orders
from outremer.games.third_crusade.data import SABOTAGE, content

from . import test_diplomacy_phase as dip
from . import test_effects as ev

C = content()
ADVANCED = [o.key for o in orders("angevin") if o.advanced]


def _reward(card, k, prepare=None):
    """2 players, ``card`` the round's Diplomacy Card: the Angevin bids 1, the Ayyubid 0, and
    the Angevin takes reward ``k``."""
    s = dip._start(["angevin", "ayyubid"], card=card)
    s["initiative"] = [0, 1]
    if prepare:
        prepare(s)
    dip._do(s, act("bid", 1))
    dip._do(s, act("bid", 0))
    dip._do(s, act("reward", k))
    return s


def test_a_reward_never_gives_an_order_executed_this_round_and_the_player_chooses():
    """Byzantine Embassy, reward 2: 1 Advanced Order. The Angevin executed the Advanced March
    this round and has the Forced March behind its screen: it may take any of the other 8, and
    takes the Diversion."""

    def prepare(s):
        s["executed"] = {"angevin": ["advanced_march"], "ayyubid": []}
        s["box"]["angevin"].append("forced_march")

    s = _reward("byzantine_embassy", 2, prepare)
    assert dip.phase.to_act(s) == 0
    assert dip.phase.legal(C, s, 0) == [
        act("advanced", k) for k in ADVANCED if k not in ("advanced_march", "forced_march")
    ]
    _, log = dip._do(s, act("advanced", "diversion"))
    assert s["box"]["angevin"].count("diversion") == 1 and "advanced_march" not in s["box"]["angevin"]
    assert "takes the Advanced Order Diversion" in log[0].text and log[0].rule == "TC76"
    assert s["dip"]["stage"] == "move"


def test_the_sabotage_tokens_a_reward_removes_are_the_players_choice():
    """The Old Man of the Mountain, reward 1: 2 Sabotage tokens removed. Of three in Regions the
    Angevin Controls (Tripoli, Sidon, Tyre) it removes Tyre's and Tripoli's; none in a Region it
    does not Control (Jaffa's is the Neutral Infantry's) is offered."""
    spots = {}

    def prepare(s):
        for key in ("tripoli", "sidon", "tyre"):
            spots[key] = s["map"][key].index(None)
            s["map"][key][spots[key]] = SABOTAGE

    s = _reward("old_man_of_the_mountain", 1, prepare)
    offered = dip.phase.legal(C, s, 0)
    assert sorted(offered) == sorted(act("clear", key, i) for key, i in spots.items())
    dip._do(s, act("clear", "tyre", spots["tyre"]))
    dip._do(s, act("clear", "tripoli", spots["tripoli"]))
    assert SABOTAGE in s["map"]["sidon"] and SABOTAGE not in s["map"]["tyre"] + s["map"]["tripoli"]
    assert SABOTAGE in s["map"]["jaffa"] and s["dip"]["stage"] == "move"


def test_an_event_cards_advanced_orders_are_chosen_one_by_one():
    """Philip Sails Home: 2 Advanced Orders free. The Angevin, owning the Forced March (executed),
    chooses the Disperse, then the Retreat."""
    s = ev._game(["angevin", "ayyubid"], "angevin", {"angevin": ["philip_sails_home"]})
    s["executed"] = {"angevin": ["forced_march"], "ayyubid": []}
    ev._do(s, act("event", "philip_sails_home"))
    legal = command.legal(C, s, 0)
    assert act("advanced", "forced_march") not in legal and act("advanced", "disperse") in legal
    assert act("skip") in legal  # as much or as little of an event as it wishes (p.12)
    ev._do(s, act("advanced", "disperse"))
    assert act("advanced", "disperse") not in command.legal(C, s, 0) and act("done") in command.legal(C, s, 0)
    ev._do(s, act("advanced", "retreat"))
    assert s["box"]["angevin"][-2:] == ["disperse", "retreat"] and "forced_march" not in s["box"]["angevin"]
