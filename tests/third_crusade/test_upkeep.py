"""The Upkeep phase's counts (p.17; the plutorial's Upkeep, p.28-29; rulings TC18, TC22)."""

from __future__ import annotations

from outremer.games.third_crusade import planning, upkeep
from outremer.games.third_crusade.cards import cards
from outremer.games.third_crusade.data import content
from outremer.games.third_crusade.moves import add
from outremer.games.third_crusade.state import new_state

C = content()
SUPPLY = next(m for m in cards().missions if m.title == "Ensure our supply")


def _bare(armies=("angevin", "ayyubid")):
    s = new_state(C, list(armies), 1)
    for key in s["map"]:
        s["map"][key] = [None] * 9
    return s


def test_ensure_our_supply_counts_regions_not_icons():
    """Plutorial, Upkeep 1 (ruling TC22): the Ayyubid has 4 supply icons in 2 Regions, the
    Angevin 3 in 3: the Angevin wins the Glory section by 1 (the text's "the winner Ayyubid" is
    a misprint: the round's Glory arithmetic needs the Angevin to win it)."""
    s = _bare()
    for key in ("tyre", "sidon", "desert_east_of_tripoli"):
        add(C, s, key, "angevin:infantry")
    for key in ("acre", "damascus"):
        add(C, s, key, "ayyubid:infantry")
    icons = {
        k: C.south.region(k).icons.count("supply")
        for k in ("tyre", "sidon", "desert_east_of_tripoli", "acre", "damascus")
    }
    assert (
        icons["acre"] + icons["damascus"] == 4 and icons["tyre"] + icons["sidon"] + icons["desert_east_of_tripoli"] == 5
    )
    assert upkeep.counted(C, s, "angevin", SUPPLY.glory) == 3 and upkeep.counted(C, s, "ayyubid", SUPPLY.glory) == 2
    assert upkeep.mission_glory(C, s, SUPPLY) == 1  # one step towards the Crusaders
    assert upkeep.mission_faith(C, s, SUPPLY) == {}  # no Alliance of two Armies


def test_the_faith_section_is_for_an_alliance_of_two():
    s = _bare(("angevin", "hre", "ayyubid", "turkoman"))
    add(C, s, "tyre", "angevin:infantry")
    add(C, s, "sidon", "hre:infantry")
    add(C, s, "acre", "hre:infantry")
    moves = upkeep.mission_faith(C, s, SUPPLY)
    faith = SUPPLY.faith
    expected = upkeep.counted(C, s, "angevin", faith) - upkeep.counted(C, s, "hre", faith)
    assert moves["crusader"] == expected and moves["muslim"] == 0


def test_orders_left_cost_glory_blank_orders_do_not_and_all_go_home():
    """Steps 2-3: every Order not executed costs its Alliance a Glory, Blank Orders excepted;
    then every Order of the round goes back to its box."""
    s = new_state(C, ["angevin", "ayyubid"], 1)
    planning.setup_orders(C, s)
    for region, key in (("tyre", "march_1"), ("sidon", "blank_1"), ("acre", "defence")):
        army = "angevin" if region != "acre" else "ayyubid"
        s["box"][army].remove(key)
        s["sections"][region]["crusader" if army == "angevin" else "muslim"] = [army, key]
    assert upkeep.unexecuted(C, s) == {"angevin": 1, "ayyubid": 1}
    upkeep.clear_orders(s)
    assert all(len(box) == 12 for box in s["box"].values())
    assert all(side is None for sides in s["sections"].values() for side in sides.values())


def test_jerusalem_gold_glory_icons_victory_and_the_track():
    """Steps 4C-4E, 5, 10."""
    s = _bare()
    add(C, s, "jerusalem", "angevin:infantry")
    assert upkeep.jerusalem_glory(C, s) == 2
    s["map"]["jerusalem"] = [None] * 9
    add(C, s, "jerusalem", "ayyubid:infantry")
    assert upkeep.jerusalem_glory(C, s) == 0
    add(C, s, "ahamant", "ayyubid:infantry")  # Ahamant's Glory icon, uncovered: towards the Muslims
    glory_slots = C.south.region("ahamant").icons.count("glory")
    assert upkeep.glory_icons(C, s) == -glory_slots
    s["glory"] = 9
    assert upkeep.winner(s) is None
    s["glory"] = -10
    assert upkeep.winner(s) == "muslim"
    s["initiative"] = [1, 0]
    upkeep.turn_track(s)
    assert s["initiative"] == [0, 1]
    four = new_state(C, ["angevin", "hre", "ayyubid", "turkoman"], 1)
    track = list(four["initiative"])
    upkeep.turn_track(four)
    assert four["initiative"] == [track[-1]] + track[:-1]


def test_the_supply_shortfall():
    """Step 4A: the need above the supply track costs a Glory per icon."""
    s = new_state(C, ["angevin", "ayyubid"], 1)
    assert upkeep.shortfall(C, s, 0) == 0
    s["reserve"]["angevin"]["siege"] = 2  # 4 Siege Engines out: both Sections open, 1 + 4
    assert upkeep.shortfall(C, s, 0) > 0
