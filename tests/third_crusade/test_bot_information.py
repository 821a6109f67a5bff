"""What the Bot reads (ruling TC92, the solo flow's): its decisions read what every seat sees and
the Bot's own hidden things, never the player's face-down Orders, hand, Objective Cards or bids. Each decision is
made twice, the second time with the player's hidden things changed: it does not change."""

from __future__ import annotations

import copy

from outremer.core.actions import act
from outremer.games.third_crusade import planning
from outremer.games.third_crusade.bot import diplomacy, placement
from outremer.games.third_crusade.bot import geometry as geo

from .bot_positions import C, empty, put


def _position():
    s = empty()
    planning.setup_orders(C, s)
    s["diplomacy_cards"] = ["qilij_arslan_embassy"]
    s["markers"] = {a: [] for a in s["armies"]}
    put(s, "acre", "angevin:infantry", "angevin:infantry")
    put(s, "tyre", "angevin:infantry")
    put(s, "damascus", *["ayyubid:infantry"] * 3)
    put(s, "homs", "ayyubid:infantry")
    s["hand"] = {"angevin": ["guys_expedition"], "ayyubid": []}
    s["objectives"] = {"angevin": ["damascus"], "ayyubid": ["sidon"]}
    return s


def _hide_otherwise(s):
    t = copy.deepcopy(s)
    t["hand"]["angevin"] = []
    t["objectives"]["angevin"] = ["jerusalem"]
    box = t["box"]["angevin"]
    t["sections"]["homs"]["crusader"] = ["angevin", box.pop()]  # a face-down Order of the player's
    return t


def _decisions(s):
    keys = list(s["map"])
    free = [(k, i) for k in keys for i, p in enumerate(s["map"][k]) if p is None]
    return (
        placement.add_priority(s, "ayyubid", keys, 6),
        placement.remove_region(s, "ayyubid", keys),
        placement.sabotage_slot(s, "ayyubid", free),
        placement.destroyed_port_region(s, "ayyubid", ["acre", "tyre", "jaffa"]),
        geo.by_strength(s, "ayyubid", keys),
        diplomacy.choose_reward(s, "ayyubid", [act("reward", k) for k in (1, 2, 3)], lambda n: 0, []),
        diplomacy.choose_move(s, "ayyubid", [act("move", k) for k in ("r1a", "r1b")], lambda n: 0, []),
    )


def test_the_players_hidden_things_do_not_move_the_bot():
    s = _position()
    t = _hide_otherwise(s)
    assert t["sections"]["homs"] != s["sections"]["homs"]
    assert _decisions(s) == _decisions(t)
