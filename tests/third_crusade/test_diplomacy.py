"""Third Crusade diplomacy board and bidding board (designed data) and the Diplomacy phase's
pure functions: the board's shape (rows of 2 and 4, every space reachable, room for 12
markers), the movement rule on hand-made positions, every number of the rulebook's bid and
board examples (p.10, p.16, plutorial), and mistakes in the files answered with the file, the
entry and the field."""

import tomllib
from pathlib import Path

import pytest

from outremer.core.data import read_toml
from outremer.core.errors import DataError
from outremer.core.graph import check_connected
from outremer.games.third_crusade import diplomacy as diplomacy_module
from outremer.games.third_crusade.cards import cards
from outremer.games.third_crusade.data import ARMIES, NEUTRAL, content
from outremer.games.third_crusade.diplomacy import (
    FLAGS,
    MARKERS,
    assign_rewards,
    bid_order,
    bidding,
    board,
    chain,
    check_bids,
    movement_order,
    moves,
    parse_bidding,
    parse_board,
    pick_cp,
    player_moves,
    position,
    reward_choices,
)

B = board()
LEADERS = content().leaders
BEDOUIN = next(c for c in cards().diplomacy if c.key == "bedouin_tribes")
FOLDER = Path(diplomacy_module.__file__).parent / "data"


def gives(key):
    s = B.space(key)
    return (s.gives, s.leader or s.n)


def leader(key):
    return LEADERS[B.space(key).leader]


# --- the board's shape -------------------------------------------------------------------------


def test_rows_of_two_and_four_alternate_from_a_two_row_to_a_four_row():
    """p.16: rows of 2 and 4 spaces; plutorial: the crown token "on the first row" is passed,
    so the first row has 2; 4-player example: the 4-space row past the last 2-space row is
    "the end of the board"."""
    assert B.rows == (2, 4) * 5
    for number, size in enumerate(B.rows, 1):
        assert len(B.row(number)) == size
    assert len(B.spaces) == 30


def test_lines_lead_up_one_row_and_sideways_inside_a_row():
    for s in B.spaces:
        assert all(B.spaces[i].row == s.row + 1 for i in s.up)
        assert all(B.spaces[i].row == s.row and s.index in B.spaces[i].side for i in s.side)
        assert s.up or s.row == len(B.rows)
    for st in B.starts.values():
        assert all(B.spaces[i].row == 1 for i in st.up)


def test_the_board_is_connected_and_every_space_can_be_reached_from_a_start():
    undirected = [set(s.up) | set(s.side) for s in B.spaces]
    for s in B.spaces:
        for i in s.up:
            undirected[i].add(s.index)
    check_connected([tuple(n) for n in undirected], [s.key for s in B.spaces], "diplomacy_board.toml", "space")
    reached, todo = set(), [i for st in B.starts.values() for i in st.up]
    while todo:
        i = todo.pop()
        if i not in reached:
            reached.add(i)
            todo.extend(B.spaces[i].up + B.spaces[i].side)
    assert reached == {s.index for s in B.spaces}


def test_one_start_per_alliance_crusaders_west():
    assert set(B.starts) == {"crusader", "muslim"}
    assert B.starts["crusader"].x < B.starts["muslim"].x
    assert B.start("angevin") == B.start("hre") == B.starts["crusader"]
    assert B.start("ayyubid") == B.start("turkoman") == B.starts["muslim"]
    assert position(B, "turkoman", []) == "start_muslim"
    assert position(B, "turkoman", ["r1b", "r2c"]) == "r2c"


@pytest.mark.parametrize("alliance", ["crusader", "muslim"])
def test_room_for_twelve_markers_about_three_a_round(alliance):
    """12 diplomacy markers per player (setup 5B): one player alone on the board can place them
    all, 3 a round over 4 rounds, and on to the last row there are 5 moves at the least."""
    placed = chain(B, B.starts[alliance].key, MARKERS)
    assert MARKERS == 12 and len(placed) == 12 and len(set(placed)) == 12
    # the fewest moves to the end: one stop in each 4-space row
    at, steps = B.starts[alliance].key, 0
    while at == B.starts[alliance].key or B.space(at).row < len(B.rows):
        at = max(moves(B, set(), at), key=lambda k: (B.space(k).row, k))
        steps += 1
    assert steps == 5


def test_the_contents_are_the_kinds_the_text_names():
    """p.16 and the Solo rules' priority (p.23): Glory, hexagon Leader, square Leader, crown,
    Faith, command point, Neutral Units, gold, supply; 3 Infantry, 2 Cavalry, 3 supply tokens."""
    kinds = {s.gives for s in B.spaces}
    assert kinds == {
        "glory",
        "faith",
        "glory_token",
        "crown_token",
        "cp_token",
        "gold_token",
        "supply_token",
        "infantry",
        "cavalry",
        "leader",
    }
    given = {(s.gives, s.n) for s in B.spaces}
    assert {("infantry", 3), ("cavalry", 2), ("supply_token", 3)} <= given
    shapes = {leader(s.key).shape for s in B.spaces if s.gives == "leader"}
    assert shapes == {"hex", "square"}
    assert B.tokens["glory_token"] == "hex"  # the plutorial's "hexagon Glory chit"
    assert all(s.instant == (s.gives in ("glory", "faith")) for s in B.spaces)


def test_the_neutral_leaders_are_white_and_each_offered_once():
    """Ruling TC30: four Neutral Leaders of leaders.toml, one space each; Conrad starts on the
    4-player map and is not offered."""
    offered = [s.leader for s in B.spaces if s.gives == "leader"]
    assert sorted(offered) == ["balian", "humphrey", "isaac", "leo"]
    assert all(LEADERS[k].army == NEUTRAL for k in offered)
    assert "conrad" not in offered


# --- the movement rule on hand-made positions -------------------------------------------------


def test_from_a_start_a_move_reaches_the_first_two_row_or_passes_it_to_stop_in_the_four_row():
    assert moves(B, set(), "start_crusader") == {"r1a", "r2a", "r2b", "r2c", "r2d"}
    assert moves(B, set(), "start_muslim") == {"r1b", "r2a", "r2b", "r2c", "r2d"}


def test_a_two_row_may_be_passed_even_when_its_spaces_hold_markers():
    assert moves(B, {"r3a", "r3b"}, "r2b") == {"r2a", "r2c", "r2d", "r4a", "r4b", "r4c", "r4d"}
    assert moves(B, {"r1a", "r1b"}, "start_crusader") == {"r2a", "r2b", "r2c", "r2d"}


def test_every_four_row_must_be_stopped_in():
    for at in ("start_crusader", "r1a", "r2a", "r3a"):
        rows = {B.space(k).row for k in moves(B, set(), at)}
        assert max(rows) == (2 if at in ("start_crusader", "r1a") else 4)
    assert not any(B.space(k).row > 4 for k in moves(B, {"r4a", "r4b"}, "r3a"))


def test_never_backwards_and_only_to_a_free_space():
    assert "r2b" not in moves(B, set(), "r3a")
    full = {s.key for s in B.row(4)}
    assert moves(B, full, "r3a") == frozenset()  # blocked: every space it may reach holds a marker
    assert moves(B, {"r4b"}, "r3a") == {"r4a", "r4c", "r4d"}  # sideways past a marker
    assert moves(B, {"r4a"}, "r3a") == {"r4b", "r4c", "r4d"}


def test_sideways_only_along_the_row_of_the_position():
    assert moves(B, set(), "r10b") == {"r10a", "r10c", "r10d"}  # the end of the board
    assert moves(B, {"r10a", "r10c", "r10d"}, "r10b") == frozenset()
    # a 2-space row has no sideways line, and no sideways step is taken in a row passed
    assert moves(B, set(), "r9a") == {"r10a", "r10b", "r10c", "r10d"}
    assert moves(B, set(), "r8a") == {"r8b", "r8c", "r8d", "r9a", "r10a", "r10b", "r10c", "r10d"}


def test_a_player_with_its_twelve_markers_placed_moves_no_more():
    placed = chain(B, "start_crusader", MARKERS)
    assert player_moves(B, set(placed), "angevin", placed[:-1]) == moves(B, set(placed), placed[-2])
    assert moves(B, set(placed), placed[-1]) and player_moves(B, set(placed), "angevin", placed) == frozenset()
    assert player_moves(B, set(), "hre", []) == moves(B, set(), "start_crusader")


# --- the rulebook's examples -------------------------------------------------------------------


def test_the_four_player_bid_example():
    """p.16: the Holy Roman Empire bids 3 and takes reward 2 (+1 Glory); the Turkoman and the
    Ayyubid bid 2, the Turkoman is ahead on initiative and takes reward 1 (+1 Faith), the
    Ayyubid reward 3 (+1 gold); the Angevin, last, gets none but pays."""
    bids = {"angevin": 1, "hre": 3, "ayyubid": 2, "turkoman": 2}
    gold = {"angevin": 1, "hre": 3, "ayyubid": 2, "turkoman": 5}
    check_bids(bids, gold)
    order = bid_order(bids, ["angevin", "turkoman", "hre", "ayyubid"])
    assert order == ("hre", "turkoman", "ayyubid", "angevin")
    rewards = assign_rewards(order, {"hre": 2, "turkoman": 1})
    assert rewards == {"hre": 2, "turkoman": 1, "ayyubid": 3, "angevin": None}
    assert [(BEDOUIN.rewards[r - 1].gain, BEDOUIN.rewards[r - 1].n) for r in (2, 1, 3)] == [
        ("glory", 1),
        ("faith", 1),
        ("gold", 1),
    ]
    after = {a: gold[a] - bids[a] + (1 if rewards[a] == 3 else 0) for a in ARMIES}
    assert after == {"angevin": 0, "hre": 0, "ayyubid": 1, "turkoman": 3}
    # ... and the order of movement: Turkoman, Holy Roman Empire, Ayyubid, Angevin
    assert movement_order(BEDOUIN, rewards) == ("turkoman", "hre", "ayyubid", "angevin")
    # the same bids with the Ayyubid ahead on initiative: the tie goes the other way
    assert bid_order(bids, ["ayyubid", "turkoman", "hre", "angevin"]) == ("hre", "ayyubid", "turkoman", "angevin")


def test_the_four_player_board_example():
    """p.16, in the order of the Diplomacy Card: (1) the Turkoman may take the 2-space row or
    pass it to the 4-space row, and takes the Leader; (2) the Holy Roman Empire cannot go back
    to the 3 Infantry next to it and must stop in the 4-space row in front: 2 Cavalry; (3) the
    Ayyubid may take the 2-space row or pass it to the end of the board: triangular Glory;
    (4) the Angevin passes the Faith token in front of it for 3 supply tokens."""
    at = {"turkoman": "r4d", "hre": "r3a", "ayyubid": "r8d", "angevin": "r6a"}
    occupied = set(at.values())
    options = moves(B, occupied, at["turkoman"])
    assert "r5b" in options and {"r6c", "r6d"} <= options and max(B.space(k).row for k in options) == 6
    assert gives("r5b")[0] == "leader"
    occupied.add("r5b")

    options = moves(B, occupied, at["hre"])
    assert gives("r2b") == ("infantry", 3) and B.space("r3a").index in B.space("r2b").up  # next to it, behind
    assert "r2b" not in options
    assert options == {s.key for s in B.row(4)} - occupied
    assert gives("r4a") == ("cavalry", 2) and "r4a" in options
    occupied.add("r4a")

    options = moves(B, occupied, at["ayyubid"])
    assert gives("r9b") == ("glory", 1) and B.space("r9b").instant and "r9b" in options
    assert {B.space(k).row for k in options} == {8, 9, 10} and B.rows[9] == 4 and len(B.rows) == 10
    occupied.add("r9b")

    options = moves(B, occupied, at["angevin"])
    assert gives("r7a") == ("faith", 1) and B.space("r7a").instant and "r7a" in options
    assert gives("r8a") == ("supply_token", 3) and "r8a" in options
    assert not B.four(B.space("r7a")) and B.four(B.space("r8a"))


def test_the_plutorial_bid_and_board():
    """Plutorial, Diplomacy: both bid 2 gold; the tie goes to the Ayyubid, first on the
    initiative track; it takes reward 2 (+1 Glory: the marker from 2 to 1 on the Angevin side),
    the Angevin reward 3 (+1 gold); both pay. The Ayyubid moves first and takes the hexagon
    Glory chit; the Angevin bypasses the crown token on the first row for a command-point token
    in the next row."""
    bids = {"angevin": 2, "ayyubid": 2}
    check_bids(bids, {"angevin": 4, "ayyubid": 2})
    order = bid_order(bids, ["ayyubid", "angevin"])
    assert order == ("ayyubid", "angevin")
    assert reward_choices(2, 0) == (1, 2) and reward_choices(2, 1) == (3,)
    rewards = assign_rewards(order, {"ayyubid": 2})
    assert rewards == {"ayyubid": 2, "angevin": 3}
    glory = 2 - BEDOUIN.rewards[1].n  # Angevin's side counted positive
    assert glory == 1
    angevin_gold = 4 - 2 + BEDOUIN.rewards[2].n
    assert angevin_gold == 3 and angevin_gold + 1 == 4  # + 1 gold at Upkeep 4D: "4 Gold"
    assert movement_order(BEDOUIN, rewards) == ("ayyubid", "angevin")

    ayyubid = moves(B, set(), position(B, "ayyubid", []))
    assert "r1b" in ayyubid and gives("r1b") == ("glory_token", 1) and B.tokens["glory_token"] == "hex"
    angevin = moves(B, {"r1b"}, position(B, "angevin", []))
    assert gives("r1a") == ("crown_token", 1) and B.space("r1a").row == 1 and "r1a" in angevin
    assert gives("r2a") == ("cp_token", 1) and B.space("r2a").row == 2 and "r2a" in angevin


def test_in_two_players_the_winner_picks_one_or_two_and_the_loser_gets_three():
    assert assign_rewards(("ayyubid", "angevin"), {"ayyubid": 1}) == {"ayyubid": 1, "angevin": 3}
    with pytest.raises(ValueError, match="may take reward 1, 2, not 3"):
        assign_rewards(("ayyubid", "angevin"), {"ayyubid": 3})
    with pytest.raises(ValueError, match="may only take reward 3"):
        assign_rewards(("ayyubid", "angevin"), {"ayyubid": 2, "angevin": 1})
    with pytest.raises(ValueError, match="must choose a reward"):
        assign_rewards(("ayyubid", "angevin"), {})


def test_in_three_players_each_bidder_takes_a_reward():
    order = bid_order({"angevin": 0, "ayyubid": 3, "turkoman": 1}, ["turkoman", "angevin", "ayyubid", "angevin"])
    assert order == ("ayyubid", "turkoman", "angevin")
    assert reward_choices(3, 1, [2]) == (1, 3)
    assert assign_rewards(order, {"ayyubid": 2, "turkoman": 3}) == {"ayyubid": 2, "turkoman": 3, "angevin": 1}


def test_the_fourth_bidder_gets_nothing():
    assert reward_choices(4, 3, [1, 2, 3]) == ()
    with pytest.raises(ValueError, match="may only take no reward"):
        assign_rewards(("hre", "turkoman", "ayyubid", "angevin"), {"hre": 1, "turkoman": 2, "angevin": 3})
    with pytest.raises(ValueError, match="may take reward 1, 3, not 2"):
        assign_rewards(("hre", "turkoman", "ayyubid", "angevin"), {"hre": 2, "turkoman": 2})


def test_bids_are_whole_gold_the_bidder_holds():
    with pytest.raises(ValueError, match="bids 3 gold but holds 2"):
        check_bids({"ayyubid": 3}, {"ayyubid": 2})
    with pytest.raises(ValueError, match="a bid is a whole number"):
        check_bids({"ayyubid": -1}, {"ayyubid": 2})
    with pytest.raises(ValueError, match="not on the initiative track: hre"):
        bid_order({"hre": 1}, ["ayyubid"])


# --- the bidding board -------------------------------------------------------------------------


def test_the_bidding_board_has_a_row_per_army_of_four_flags_two_to_five():
    bb = bidding()
    assert [r.army for r in bb.rows] == list(ARMIES)
    assert all(r.flags == FLAGS == (2, 3, 4, 5) for r in bb.rows)


def test_the_strategy_examples_command_points():
    """p.10: "Greek Fire" from the Turkoman row gives the Angevin 2. Plutorial: the Ayyubid
    takes the Angevin's 4 and 3, the Angevin the Ayyubid's 5 and 3: 1 + 8 = 9 and 3 + 7 = 10;
    in 3 players the pair's pick from the lone row counts double."""
    bb = bidding()
    assert pick_cp(bb, "turkoman", 2) == 2
    assert 1 + pick_cp(bb, "ayyubid", 5) + pick_cp(bb, "ayyubid", 3) == 9
    assert 3 + pick_cp(bb, "angevin", 4) + pick_cp(bb, "angevin", 3) == 10
    assert pick_cp(bb, "angevin", 4, double=True) == 8
    with pytest.raises(ValueError):
        pick_cp(bb, "angevin", 6)


# --- mistakes in the files ---------------------------------------------------------------------


def _text(name, old, new, count=1):
    raw = (FOLDER / name).read_text(encoding="utf-8")
    assert old in raw, old
    return read_toml("x", name, text=raw.replace(old, new, count))


def _escape(message):
    return "".join("\\" + ch if ch in "()[].+" else ch for ch in message)


@pytest.mark.parametrize(
    "old,new,message",
    [
        ("rows = [2, 4, 2, 4,", "rows = [4, 2, 2, 4,", "diplomacy_board.toml: field 'rows' is [4, 2, 2, 4"),
        ("rows = [2, 4, 2, 4,", "rows = [2, 3, 2, 4,", "diplomacy_board.toml: field 'rows' is [2, 3, 2, 4"),
        (
            'key = "r2b"\nrow = 2',
            'key = "r2b"\nrow = 1',
            "diplomacy_board.toml: space 1 ('r1a'): field 'up' names 'r2b', which is not in the next row (2)",
        ),
        (
            'key = "r1a"\nrow = 1\nx = 250\ny = 875\ngives = "crown_token"\nup = ["r2a", "r2b"]',
            'key = "r1a"\nrow = 1\nx = 250\ny = 875\ngives = "crown_token"\nup = ["r2a", "r3a"]',
            "space 1 ('r1a'): field 'up' names 'r3a', which is not in the next row (2)",
        ),
        (
            'gives = "crown_token"\nup = ["r2a", "r2b"]',
            'gives = "crown_token"\nup = []',
            "space 1 ('r1a'): field 'up' is empty",
        ),
        (
            'up = ["r3a"]\nside = ["r2b"]',
            'up = ["r3a"]\nside = ["r2c"]',
            "space 3 ('r2a'): field 'side' lists 'r2c', but 'r2c' does not list 'r2a'",
        ),
        (
            'gives = "crown_token"\nup = ["r2a", "r2b"]',
            'gives = "wine"\nup = ["r2a", "r2b"]',
            "space 1 ('r1a'): field 'gives' is 'wine'",
        ),
        ('gives = "cavalry"\nn = 2', 'gives = "cavalry"\nn = 3', "space 9 ('r4a'): field 'n' is 3; expected 1 to 2"),
        ('gives = "supply_token"\nn = 3', 'gives = "supply_token"\nn = "3"', "space 5 ('r2c'): field 'n' must be int"),
        (
            'leader = "balian"',
            'leader = "saladin"',
            "space 13 ('r5a'): field 'leader' is 'saladin', which is no Neutral Leader",
        ),
        ('leader = "balian"', 'leader = "leo"', "space 25 ('r9a'): field 'leader': 'leo' is given by 'r5a' already"),
        ('leader = "balian"', 'leader = "balian"\nn = 2', "space 13 ('r5a'): field 'n': a Leader space gives one"),
        (
            'gives = "crown_token"\nup = ["r2a", "r2b"]',
            'gives = "crown_token"\nleader = "leo"\nup = ["r2a", "r2b"]',
            "space 1 ('r1a'): field 'leader' is only for gives = 'leader'",
        ),
        ('key = "r1b"\nrow = 1\nx = 750', 'key = "r1b"\nrow = 1\nx = 1750', "space 2 ('r1b'): field 'x' is 1750"),
        ('key = "r1b"\nrow = 1', 'key = "r1b"\nrow = 1\ncolour = "red"', "space 2 ('r1b'): unknown field 'colour'"),
        (
            'alliance = "muslim"',
            'alliance = "crusader"',
            "start 2 ('start_muslim'): field 'alliance': the crusader start",
        ),
        (
            'up = ["r1b"]',
            'up = ["r2c"]',
            "start 2 ('start_muslim'): field 'up' names 'r2c', which is no space of the first",
        ),
        ('key = "start_muslim"', 'key = "r1b"', "start 2 ('r1b'): field 'key' is a space of the board too"),
        (
            'glory_token = "hex"',
            'glory_token = "round"',
            "diplomacy_board.toml: [tokens]: field 'glory_token' is 'round'",
        ),
    ],
)
def test_a_mistake_in_the_diplomacy_board_names_file_entry_and_field(old, new, message):
    with pytest.raises(DataError, match=_escape(message)):
        parse_board(_text("diplomacy_board.toml", old, new), LEADERS)


def test_a_space_no_line_leads_to_is_refused():
    raw = tomllib.loads((FOLDER / "diplomacy_board.toml").read_text(encoding="utf-8"))
    for s in raw["space"]:
        if s["row"] == 2:
            s["up"] = ["r3a"]
    with pytest.raises(DataError, match=_escape("diplomacy_board.toml: space 'r3b' cannot be reached from a start")):
        parse_board(raw, LEADERS)


def test_a_row_short_of_a_space_and_a_missing_start_are_refused():
    raw = tomllib.loads((FOLDER / "diplomacy_board.toml").read_text(encoding="utf-8"))
    raw["start"].pop()
    with pytest.raises(DataError, match=_escape("diplomacy_board.toml: no [[start]] for the muslim Alliance")):
        parse_board(raw, LEADERS)
    raw = tomllib.loads((FOLDER / "diplomacy_board.toml").read_text(encoding="utf-8"))
    raw["space"] = [s for s in raw["space"] if s["key"] != "r10d"]
    for s in raw["space"]:
        s["side"] = [k for k in s.get("side", []) if k != "r10d"]
        s["up"] = [k for k in s["up"] if k != "r10d"]
    with pytest.raises(DataError, match=_escape("diplomacy_board.toml: row 10 has 3 spaces; field 'rows' gives it 4")):
        parse_board(raw, LEADERS)


def test_a_board_without_room_for_twelve_markers_is_refused():
    raw = tomllib.loads((FOLDER / "diplomacy_board.toml").read_text(encoding="utf-8"))
    raw["rows"] = [2, 4]
    raw["space"] = [s for s in raw["space"] if s["row"] <= 2]
    for s in raw["space"]:
        if s["row"] == 2:
            s["up"] = []
    with pytest.raises(DataError, match=_escape("from the crusader start a player finds room for 5 of its 12 markers")):
        parse_board(raw, LEADERS)


@pytest.mark.parametrize(
    "old,new,message",
    [
        (
            'army = "hre"\nflags = [2, 3, 4, 5]',
            'army = "hre"\nflags = [2, 3, 4, 4]',
            "bidding_board.toml: row 2 ('hre'): field 'flags' is [2, 3, 4, 4]; expected 2, 3, 4 and 5",
        ),
        ('army = "hre"', 'army = "angevin"', "bidding_board.toml: row 2 ('angevin'): field 'army' repeats"),
        ('army = "hre"', 'army = "genoa"', "row 2 ('genoa'): field 'army' is 'genoa'"),
        ('army = "hre"\nflags', 'army = "hre"\nslot = 1\nflags', "row 2 ('hre'): unknown field 'slot'"),
    ],
)
def test_a_mistake_in_the_bidding_board_names_file_entry_and_field(old, new, message):
    with pytest.raises(DataError, match=_escape(message)):
        parse_bidding(_text("bidding_board.toml", old, new))


def test_a_bidding_board_short_of_a_row_is_refused():
    raw = tomllib.loads((FOLDER / "bidding_board.toml").read_text(encoding="utf-8"))
    raw["row"].pop()
    with pytest.raises(DataError, match=_escape("bidding_board.toml: no row for turkoman")):
        parse_bidding(raw)
