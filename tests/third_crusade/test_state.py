"""The Third Crusade state at setup: the seats' Armies, Gold, Faith, the initiative track and
the four tracks recomputed from the map (p.4-6; rulings TC2-TC4)."""

from __future__ import annotations

from pathlib import Path

import pytest

from outremer.games.third_crusade.data import ALLIANCE_OF, content, supply_need
from outremer.games.third_crusade.state import alone, armies_for, lone, need, new_state, partner, track

PRINTED = {"angevin": [1, 1, 5, 1], "hre": [2, 3, 5, 1], "ayyubid": [3, 2, 4, 3], "turkoman": [2, 2, 7, 3]}
"""The tracks printed on the 2- and 3-player page (p.6): command points, crowns, supply, gold."""


@pytest.mark.parametrize("crusader", ["angevin", "hre"])
@pytest.mark.parametrize("muslim", ["ayyubid", "turkoman"])
def test_two_players_start_on_the_printed_tracks(crusader, muslim):
    armies = armies_for(2, {"crusader_army": crusader, "muslim_army": muslim})
    assert armies == [crusader, muslim]
    s = new_state(content(), armies, seed=5)
    for seat, army in enumerate(armies):
        assert s["tracks"][army] == PRINTED[army]
        assert s["cp"][seat] == track(s, seat, "cp")  # current command points start at base
        assert s["gold"][seat] == 4  # p.4
        assert lone(s, seat)
    assert s["faith"] == {"crusader": 2, "muslim": 2}  # each Army alone in its Alliance (p.5)
    assert sorted(s["initiative"]) == [0, 1]


@pytest.mark.parametrize("lone_alliance", ["crusader", "muslim"])
def test_three_players_the_lone_player_has_six_gold_faith_2_and_both_markers(lone_alliance):
    armies = armies_for(3, {"lone": lone_alliance, "crusader_army": "hre", "muslim_army": "turkoman"})
    alone = "hre" if lone_alliance == "crusader" else "turkoman"
    assert alone in armies and len(armies) == 3
    assert sum(ALLIANCE_OF[a] == lone_alliance for a in armies) == 1
    for seed in range(20):
        s = new_state(content(), armies, seed)
        me = armies.index(alone)
        assert s["gold"][me] == 6 and all(g == 4 for i, g in enumerate(s["gold"]) if i != me)  # p.4
        assert s["faith"][lone_alliance] == 2 and s["faith"][next(a for a in s["faith"] if a != lone_alliance)] == 0
        order = s["initiative"]
        assert len(order) == 4 and order.count(me) == 2
        assert order[0::2].count(me) == 2 or order[1::2].count(me) == 2  # every other turn (p.8)
        assert s["tracks"][alone] == PRINTED[alone]  # the lone Army places as in 2 players (TC2)


def test_three_players_the_pair_starts_on_the_designed_tracks():
    """Rulings TC2, TC70: the tracks of the pair on the 2- and 3-player page."""
    s = new_state(content(), armies_for(3, {"lone": "muslim"}), seed=1)
    assert s["tracks"]["angevin"] == [0, 1, 4, 0] and s["tracks"]["hre"] == [2, 3, 1, 1]
    s = new_state(content(), armies_for(3, {"lone": "crusader"}), seed=1)
    assert s["tracks"]["ayyubid"] == [3, 2, 2, 1] and s["tracks"]["turkoman"] == [1, 1, 5, 3]  # TC72


def test_the_initiative_track_alternates_the_alliances_and_is_drawn_from_the_seed():
    armies = armies_for(3, {"lone": "crusader"})
    tracks = set()
    for seed in range(40):
        order = new_state(content(), armies, seed)["initiative"]
        alliances = [ALLIANCE_OF[armies[seat]] for seat in order]
        assert alliances[0] == alliances[2] != alliances[1] == alliances[3]  # p.5
        tracks.add(tuple(order))
        assert new_state(content(), armies, seed)["initiative"] == order
    assert len(tracks) > 1


def test_the_reserve_is_what_is_not_on_the_map_or_on_a_ship():
    """p.5: Units go onto the map and the Genoa ships from the player board."""
    s = new_state(content(), ["angevin", "ayyubid"], seed=1)
    assert s["reserve"]["angevin"] == {"infantry": 30 - 7 - 6, "cavalry": 12 - 2 - 2, "siege": 6 - 1 - 1}
    assert s["reserve"]["ayyubid"] == {"infantry": 30 - 11, "cavalry": 12 - 5, "siege": 6}


@pytest.mark.parametrize(
    "armies",
    [
        ["angevin", "ayyubid"],
        ["angevin", "turkoman"],
        ["hre", "ayyubid"],
        ["hre", "turkoman"],
        ["angevin", "hre", "ayyubid"],
        ["angevin", "hre", "turkoman"],
        ["angevin", "ayyubid", "turkoman"],
        ["hre", "ayyubid", "turkoman"],
        ["angevin", "hre", "ayyubid", "turkoman"],
    ],
)
def test_every_army_starts_with_the_supply_its_board_needs(armies):
    """Ruling TC21: on every starting page each Army's supply covers its player board's need, but
    the Holy Roman Empire's: 1 short in the 3-player Crusader pair (rulings TC2, TC70), and 1
    short alone in its Alliance, where it places the Siege Engine of Tyre (TC72)."""
    c = content()
    s = new_state(c, armies, seed=1)
    for seat, army in enumerate(armies):
        if army == "hre" and len(armies) < 4:
            assert need(c, s, army) - track(s, seat, "supply") == 1
        else:
            assert need(c, s, army) <= track(s, seat, "supply"), army


def test_the_plutorial_supply_check():
    """Plutorial, Upkeep 4A (p.29): the Angevin, 10 Infantry, 2 Cavalry and a Siege Engine on the
    map with its ships loaded, needs 4, and 4 still after bringing 1 Infantry home; the Ayyubid,
    11 Infantry and 6 Cavalry on the map, needs 4."""
    c = content()
    angevin = {"infantry": 30 - 10 - 6, "cavalry": 12 - 2 - 2, "siege": 6 - 1 - 1}
    assert supply_need(c, angevin, "angevin") == 4
    assert supply_need(c, dict(angevin, infantry=angevin["infantry"] + 1), "angevin") == 4
    assert supply_need(c, {"infantry": 30 - 11, "cavalry": 12 - 6, "siege": 6}, "ayyubid") == 4


def test_the_upkeep_example_five_sections_need_8_and_two_infantry_home_leave_7():
    """p.17, Supply check: 5 Sections not fully stacked need 8; 2 Infantry brought home fill a
    Section and the need is 7 (12 Infantry, 2 Cavalry and 4 Siege Engines off the board)."""
    c = content()
    reserve = {"infantry": 30 - 12, "cavalry": 12 - 2, "siege": 6 - 4}
    assert supply_need(c, reserve, "angevin") == 8
    assert supply_need(c, dict(reserve, infantry=reserve["infantry"] + 2), "angevin") == 7
    assert supply_need(c, {"infantry": 30, "cavalry": 12, "siege": 6}, "angevin") == 0  # every Section full


def test_the_holy_roman_empire_and_the_turkoman_boards_need_more_supply():
    """Ruling TC72: the Holy Roman Empire's first Siege Engine Section needs 3 (the other
    Armies' 1); the Turkoman's second Infantry Section, emptied from the 11th Infantry off the
    board, needs 4 (the others' 1). Every other Section prints what every board prints."""
    c = content()
    one_siege = {"infantry": 30, "cavalry": 12, "siege": 5}
    assert [supply_need(c, one_siege, a) for a in ("angevin", "hre", "ayyubid", "turkoman")] == [1, 3, 1, 1]
    twelve = {"infantry": 30 - 12, "cavalry": 12 - 4, "siege": 6}
    assert [supply_need(c, twelve, a) for a in ("angevin", "hre", "ayyubid", "turkoman")] == [3, 3, 3, 6]
    ten = dict(twelve, infantry=30 - 10)
    assert supply_need(c, ten, "turkoman") == supply_need(c, ten, "ayyubid") == 2


def test_the_player_board_must_hold_every_unit():
    from outremer.core.data import read_toml
    from outremer.core.errors import DataError
    from outremer.games.third_crusade.loading import parse_player_board

    text = (
        Path(__file__).resolve().parents[2] / "engine/outremer/games/third_crusade/data/player_boards.toml"
    ).read_text()
    bad = text.replace('unit = "siege"\nsize = 3\nsupply = 4', 'unit = "siege"\nsize = 2\nsupply = 4')
    with pytest.raises(DataError, match="player_boards.toml: the siege Sections hold 5 Units; an Army has 6"):
        parse_player_board(read_toml("x", "player_boards.toml", text=bad))
    with pytest.raises(DataError, match=r"player_boards.toml: section 1 \('infantry'\): unknown field 'colour'"):
        parse_player_board(
            read_toml("x", "player_boards.toml", text=text.replace("size = 10\n", "size = 10\ncolour = 1\n", 1))
        )


BOARD = Path(__file__).resolve().parents[2] / "engine/outremer/games/third_crusade/data/player_boards.toml"


def own_icons(icons: str):
    """The player boards with ``icons`` as the [supply] table (ruling TC72), parsed."""
    from outremer.core.data import read_toml
    from outremer.games.third_crusade.loading import parse_player_board

    plain = BOARD.read_text().split("\n[supply]")[0]  # the Sections alone, without the Armies' own icons
    return parse_player_board(read_toml("x", "player_boards.toml", text=f"{plain}\n[supply]\n{icons}\n"))


@pytest.mark.parametrize(
    "icons,message",
    [
        ("hre = [1, 2]", r"\[supply\] hre: give 8 numbers"),
        ("saladin = [1, 1, 1, 1, 1, 1, 1, 1]", r"\[supply\]: unknown field 'saladin'"),
        ("hre = [1, 1, -1, 1, 1, 1, 1, 1]", r"\[supply\] hre: Section 3 has -1"),
    ],
)
def test_an_armys_own_supply_icons_are_checked(icons, message):
    from outremer.core.errors import DataError

    with pytest.raises(DataError, match="player_boards.toml: " + message):
        own_icons(icons)


def test_an_armys_own_supply_icons_replace_the_boards():
    boards = own_icons("hre = [1, 1, 2, 1, 1, 2, 9, 4]")
    assert [s.supply for s in boards["hre"]] == [1, 1, 2, 1, 1, 2, 9, 4]
    assert [s.supply for s in boards["turkoman"]] == [1, 1, 2, 1, 1, 2, 1, 4]  # the Sections' own


@pytest.mark.parametrize(
    "players,lone_alliance,expected",
    [
        (2, "muslim", {"crusader": True, "muslim": True}),
        (3, "muslim", {"crusader": False, "muslim": True}),
        (3, "crusader", {"crusader": True, "muslim": False}),
        (4, "muslim", {"crusader": False, "muslim": False}),
    ],
)
def test_an_alliance_is_alone_when_one_army_plays_it(players, lone_alliance, expected):
    """p.4: 2 players, one Army of each Alliance; 3, a lone player against a pair; 4, two pairs.
    The one answer every rule asks (Faith, the Faith bonus, double picks, the Final Winner)."""
    s = new_state(content(), armies_for(players, {"lone": lone_alliance}), seed=1)
    assert {al: alone(s, al) for al in expected} == expected
    for seat, army in enumerate(s["armies"]):
        assert lone(s, seat) == expected[ALLIANCE_OF[army]]
        assert (partner(s, army) is None) == expected[ALLIANCE_OF[army]]
        if partner(s, army):
            assert ALLIANCE_OF[partner(s, army)] == ALLIANCE_OF[army] and partner(s, army) != army
