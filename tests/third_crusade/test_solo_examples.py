"""The solo examples of the rulebook (p.19-23; analysis §3 I) on hand-built positions: the Bot's
Planning (column 5, 7 Orders; ruling TC89 for the order of Acre and the Desert), its Marches to
an empty Region and its Disperse, its Command priorities, ORDER FAIL and the BONUS."""

from __future__ import annotations

import pytest

from outremer.core.actions import act
from outremer.games.third_crusade import solo_command, solo_flow, solo_march
from outremer.games.third_crusade.bot import geometry as geo
from outremer.games.third_crusade.game import ThirdCrusade
from outremer.games.third_crusade.moves import add, pieces
from outremer.games.third_crusade.state import recount

GAME = ThirdCrusade()
C = GAME.content
HRE_BOT = {"side": "muslim", "muslim_army": "turkoman", "crusader_army": "hre"}


def bare(options=HRE_BOT, column=5):
    """A solo game's state with an empty map and no Order placed; the Bot on ``column``."""
    s, _ = GAME.start(GAME.make_setup(1, ["human"], options))
    for key in s["map"]:
        s["map"][key] = [None] * len(s["map"][key])
    s["tokens"] = {}
    for sides in s["sections"].values():
        for side in sides:
            sides[side] = None
    for army in s["bot"]:
        s["bot"][army]["column"] = column
    recount(C, s)
    return s


def put(s, key, *things):
    for t in things:
        add(C, s, key, t)
    recount(C, s)


def test_planning_column_5_places_7_orders_strongest_first_then_weakest_to_strongest():
    """p.20: "Sidon and Tripoli both have 6 ... the first Order is placed in Sidon" (by Proximity);
    then the weakest: the Desert and Acre (equal; Acre, a Leader without Units, counts stronger,
    so the Desert first: TC89), Jerusalem (3, within column 5's 6), Tripoli; no partner, so the last
    2 go to empty Regions beside its own, by Proximity."""
    s = bare()
    put(s, "sidon", *["hre:infantry"] * 6)
    put(s, "tripoli", *["hre:infantry"] * 6)
    put(s, "jerusalem", *["hre:infantry"] * 3)
    put(s, "acre", "hre:guido")
    put(s, "desert_west_of_damascus", "hre:infantry")
    put(s, "damascus", "turkoman:infantry", "turkoman:infantry")
    log = []
    solo_flow._plan(C, s, s["armies"].index("hre"), log)
    placed = [e.marks[0].split(":")[1] for e in log if e.marks]
    assert len(placed) == 7
    first = geo.by_proximity(s, "hre", ["sidon", "tripoli"])[0]
    assert placed[:5] == [
        first,
        "desert_west_of_damascus",
        "acre",
        "jerusalem",
        "tripoli" if first == "sidon" else "sidon",
    ]
    empty_near = {
        "desert_east_of_tripoli",
        "desert_north_of_damascus",
        "tyre",
        "desert_south_of_damascus",
        "jaffa",
        "ascalon",
        "kerak",
    }
    assert set(placed[5:]) <= empty_near
    assert all("column 5, PLANNING: PLACE 7" in e.text for e in log)


def test_planning_skips_jerusalem_above_the_column_value():
    s = bare(column=6)  # Jerusalem value 5
    put(s, "jerusalem", *["hre:infantry"] * 6)
    put(s, "tripoli", "hre:infantry")
    log = []
    solo_flow._plan(C, s, s["armies"].index("hre"), log)
    assert s["sections"]["jerusalem"]["crusader"] is None
    assert s["sections"]["tripoli"]["crusader"] is not None


def test_the_command_priorities():
    """p.21: Jerusalem below the column's value first, then the weakest Region it Controls."""
    s = bare(column=5)  # Jerusalem value 6
    put(s, "jerusalem", *["hre:infantry"] * 3)
    put(s, "tripoli", "hre:infantry")
    assert solo_command.priority(C, s, "hre", "jerusalem")[0] == 0
    assert solo_command.priority(C, s, "hre", "tripoli")[0] == 1
    put(s, "jerusalem", *["hre:infantry"] * 3)  # 6: the value reached
    assert solo_command.priority(C, s, "hre", "jerusalem")[0] == 1


def _march_rank(s, frm, to, group):
    here = [x for x in pieces(s, frm)]
    return solo_march._rank(C, s, "hre", frm, to, group, here, "march", {"went": []})


def test_a_march_to_an_empty_region_takes_half_rounded_up_and_its_leader():
    """p.22: "The Bot has 5 Units in Acre. They will bring 3 ... the Leader and ... the Cavalry"."""
    s = bare()
    put(s, "acre", "hre:guido", "hre:cavalry", "hre:infantry", "hre:infantry", "hre:infantry")
    three = ["hre:guido", "hre:cavalry", "hre:infantry"]
    two = ["hre:guido", "hre:cavalry"]
    no_leader = ["hre:cavalry", "hre:infantry", "hre:infantry"]
    ranks = {
        name: _march_rank(s, "acre", "desert_south_of_damascus", g)[0]
        for name, g in (("three", three), ("two", two), ("no_leader", no_leader))
    }
    assert ranks["three"] < ranks["two"] and ranks["three"] < ranks["no_leader"]
    infantry_instead = ["hre:guido", "hre:infantry", "hre:infantry"]
    assert ranks["three"] < _march_rank(s, "acre", "desert_south_of_damascus", infantry_instead)[0]


def test_a_march_into_a_battle_it_cannot_win_is_never_made():
    """p.22: "The Bot will not attack Turkoman from Sidon, since they would have to bring all Units"."""
    s = bare()
    put(s, "sidon", "hre:infantry", "hre:infantry", "hre:infantry")
    put(s, "tyre", "turkoman:infantry", "turkoman:infantry")
    assert _march_rank(s, "sidon", "tyre", ["hre:infantry"] * 3) is None  # it must leave 1
    assert _march_rank(s, "sidon", "tyre", ["hre:infantry"] * 2) is None  # 2 against 2 does not win
    put(s, "sidon", "hre:infantry")
    assert _march_rank(s, "sidon", "tyre", ["hre:infantry"] * 3) is not None


@pytest.mark.parametrize("n,k", [(5, 2), (4, 1), (3, 1), (2, 0)])
def test_disperse_splits_as_the_examples(n, k):
    """p.22: 5 -> 1 + 2 + 2, 4 -> 2 + 1 + 1 (TC91); 2 cannot be dispersed."""
    s = bare()
    put(s, "acre", *["hre:infantry"] * n)
    here = pieces(s, "acre")
    for size in range(1, n):
        ranked = solo_march._rank(
            C, s, "hre", "acre", "desert_south_of_damascus", ["hre:infantry"] * size, here, "disperse", {"went": []}
        )
        assert (ranked is not None) == (size == k)


def test_order_fail_adds_the_face_and_sets_the_order_aside():
    s = bare()
    put(s, "tripoli", "hre:infantry")
    s["sections"]["damascus"]["crusader"] = ["hre", "march_1"]  # no Presence there: it cannot be executed
    s["phase"], s["passed"], s["turn"] = "command", [False, False], 0
    s["battle"] = s["pending"] = None
    before = sum(s["reserve"]["hre"].values())
    log = []
    solo_command.order_fail(C, s, s["armies"].index("hre"), "damascus", log)
    assert s["sections"]["damascus"]["crusader"] is None and "march_1" in s["executed"]["hre"]
    assert "ORDER FAIL" in log[0].text and "rolls" in log[0].text and "TC80" in log[0].text
    assert sum(s["reserve"]["hre"].values()) <= before


def test_the_bot_turn_executes_before_it_fails_and_plays_cards_last():
    s = bare(column=5)
    put(s, "tripoli", "hre:infantry", "hre:infantry")
    s["sections"]["tripoli"]["crusader"] = ["hre", "muster_infantry"]
    s["sections"]["damascus"]["crusader"] = ["hre", "march_1"]
    s["phase"], s["passed"], s["turn"] = "command", [False, False], 0
    s["battle"] = s["pending"] = None
    p = s["armies"].index("hre")
    legal = [act("execute", "tripoli"), act("pass")]
    assert solo_command.turn(C, s, p, legal, []) == act("execute", "tripoli")


def test_bonus_at_the_end_of_command():
    s = bare(column=6)  # +2 Infantry (TC86)
    put(s, "tripoli", "hre:infantry")
    put(s, "sidon", "hre:infantry", "hre:infantry")
    log = []
    solo_command.bonus(C, s, log)
    assert len([x for x in pieces(s, "tripoli") if x == "hre:infantry"]) == 3
    assert "BONUS" in log[0].text
