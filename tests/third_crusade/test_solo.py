"""The solo game (p.19-23): its modes and seats, the setup changes, the Bot deciding in the flow
and never asked as a seat, what the people see, and random games of every mode to the end."""

from __future__ import annotations

import random

import pytest

from outremer.core.data import read_toml
from outremer.core.errors import DataError
from outremer.games.third_crusade import solo
from outremer.games.third_crusade.bot_table import parse, table
from outremer.games.third_crusade.cards import orders
from outremer.games.third_crusade.data import ALLIANCE_OF
from outremer.games.third_crusade.game import ThirdCrusade

GAME = ThirdCrusade()

MODES = [
    (1, {}, ["angevin"], ["ayyubid"]),
    (1, {"bots": 2}, ["angevin"], ["ayyubid", "turkoman"]),
    (1, {"command": 2}, ["angevin", "hre"], ["ayyubid"]),
    (1, {"command": 2, "bots": 2}, ["angevin", "hre"], ["ayyubid", "turkoman"]),
    (1, {"side": "muslim", "muslim_army": "turkoman", "crusader_army": "hre"}, ["turkoman"], ["hre"]),
    (1, {"side": "muslim", "command": 2, "bots": 2}, ["ayyubid", "turkoman"], ["angevin", "hre"]),
    (2, {"together": "crusader"}, ["angevin", "hre"], ["ayyubid"]),
    (2, {"together": "crusader-2"}, ["angevin", "hre"], ["ayyubid", "turkoman"]),
    (2, {"together": "muslim", "crusader_army": "hre"}, ["ayyubid", "turkoman"], ["hre"]),
    (2, {"together": "muslim-2"}, ["ayyubid", "turkoman"], ["angevin", "hre"]),
]


def start(players, options, seed=1):
    return GAME.start(GAME.make_setup(seed, ["human"] * players, options))


@pytest.mark.parametrize("players,options,people,bots", MODES)
def test_every_mode_seats_the_people_and_leaves_the_bots_to_the_engine(players, options, people, bots):
    s, log = start(players, options)
    assert s["armies"] == people + bots
    assert GAME.seats_in(s) == players
    assert [solo.is_bot(s, i) for i in range(len(s["armies"]))] == [False] * len(people) + [True] * len(bots)
    assert all(ALLIANCE_OF[a] != ALLIANCE_OF[people[0]] for a in bots)
    assert len(GAME.seat_labels(GAME.make_setup(1, ["human"] * players, options))) == players
    # four Armies play on both boards, two or three on the south board (TC82)
    assert s["mode"] == {2: "two", 3: "three", 4: "four"}[len(people) + len(bots)]
    assert GAME.to_act(s) in range(players)
    assert "(the Bot)" in log[0].text


@pytest.mark.parametrize("players,options,people,bots", MODES)
def test_the_solo_setup(players, options, people, bots):
    """p.19, Setup: a Bot first on the initiative track in round 1 (TC94); no command points for
    it; its Advanced March in Prepared, its other Advanced Orders in a group of their own; 3
    Objective Cards; people use no Blank Orders."""
    s, _ = start(players, options, seed=5)
    assert solo.is_bot(s, s["initiative"][0])
    for i, army in enumerate(s["armies"]):
        kinds = {o.key: o for o in orders(army)}
        if solo.is_bot(s, i):
            assert s["cp"][i] == 0
            assert "advanced_march" in s["box"][army]
            assert set(s["bot"][army]["advanced"]) == {
                k for k, o in kinds.items() if o.advanced and k != "advanced_march"
            }
            assert len(s["objectives"][army]) == 3
        else:
            assert not any(kinds[k].blank for k in s["box"][army])
            assert len(s["objectives"][army]) == 2


def test_revision_six_codes_replay_with_the_solo_options_at_their_defaults():
    fixed = GAME.earlier_revision(6, 2)
    assert fixed == {
        "together": "off",
        "side": "crusader",
        "command": 1,
        "bots": 1,
        "bot_reroll": False,
        "bot_diplomacy_column": False,
    }  # and revision 8's (TC96, TC97)
    assert GAME.earlier_revision(5, 2) is None and GAME.earlier_revision(6, 1) is None
    # a game of 2 players against each other is not solo
    s, _ = start(2, {})
    assert not solo.solo(s) and "bot" not in s


def test_the_bot_table_is_checked_on_load():
    t = table()
    assert [c.place for c in t.columns] == [4, 5, 6, 6, 7, 8]  # column 6 is TC81's
    assert [c.jerusalem for c in t.columns] == [10, 9, 8, 7, 6, 5]
    assert t.column(5).place == 7 and t.column(5).jerusalem == 6  # "Bot nr 5 can place 7 Orders" (p.20)
    assert t.fail(6).city_units == (("siege", 1),) and t.fail(6).ours  # TC80
    raw = read_toml("outremer.games.third_crusade", "bot_table.toml", folder="data")
    raw["column"] = raw["column"][:5]
    with pytest.raises(DataError, match="6 columns"):
        parse(raw)
    raw = read_toml("outremer.games.third_crusade", "bot_table.toml", folder="data")
    raw["column"][2]["bonus"] = {"kind": "dragons"}
    with pytest.raises(DataError, match="column 3 bonus"):
        parse(raw)


def test_strategy_the_person_picks_a_slot_and_the_bot_takes_its_card_there():
    """p.20's example: the Turkoman takes slot 5 (+5), then slot 3 (+3); the Bot gets its cards in
    slots 5 and 3."""
    s, _ = start(1, {"side": "muslim", "muslim_army": "turkoman", "crusader_army": "hre"}, seed=3)
    rows = {a: list(r) for a, r in s["strategy"]["rows"].items()}
    cp = s["cp"][0]
    s, log = GAME.apply(s, next(a for a in GAME.legal_actions(s) if a.args == (5,)))
    assert s["cp"][0] == cp + 5
    assert rows["hre"][3] in s["hand"]["hre"] and rows["turkoman"][3] in s["hand"]["turkoman"]
    s, log = GAME.apply(s, next(a for a in GAME.legal_actions(s) if a.args == (3,)))
    assert s["cp"][0] == cp + 8
    assert sorted(s["hand"]["hre"]) == sorted([rows["hre"][3], rows["hre"][1]])
    assert any("STRATEGY: BOT ROLL" in e.text for e in log)


def test_strategy_two_people_against_a_lone_bot_share_each_pick():
    """TC83: each pick takes every Army's card in the slot; both people gain both slots."""
    s, _ = start(2, {"together": "crusader"}, seed=4)
    before = list(s["cp"])
    first = GAME.to_act(s)
    a = GAME.legal_actions(s)[0]
    s, _ = GAME.apply(s, a)
    assert GAME.to_act(s) == 1 - first  # the other person picks the second slot
    b = GAME.legal_actions(s)[0]
    s, _ = GAME.apply(s, b)
    assert {len(h) for h in s["hand"].values()} == {2}
    assert s["cp"][0] - before[0] == s["cp"][1] - before[1] == a.args[0] + b.args[0]
    assert s["phase"] == "planning"


def test_planning_the_bot_places_first_by_its_column():
    """p.20: PLACE n from Prepared; the first in the strongest Region; Jerusalem only within the
    column's value; the Bot's Orders are all placed before the person is asked."""
    s, _ = start(1, {}, seed=2)
    while s["phase"] == "strategy":
        s, log = GAME.apply(s, GAME.legal_actions(s)[0])
    col = table().column(s["bot"]["ayyubid"]["column"])
    placed = [k for k, sides in s["sections"].items() if sides["muslim"]]
    kinds = {o.key: o for o in orders("ayyubid")}
    prepared = [k for k in s["box"]["ayyubid"] if not solo.reaction_group(kinds[k])]
    lines = [e.text for e in log if "PLANNING: PLACE" in e.text and "an Order" in e.text]
    assert len(placed) == len(lines) == min(col.place, len(prepared) + len(placed))
    assert len(prepared) + len(placed) == 9  # 12 basic Orders, less 2 Reactions and 2 Blanks, and the Advanced March
    assert "its strongest Region" in lines[0]
    assert all(f"column {col.die}, PLANNING: PLACE {col.place}" in line for line in lines)
    assert s["phase"] == "planning" and GAME.to_act(s) == 0
    assert s["passed"][1]


def test_the_people_never_see_the_bots_orders():
    """TC92: the Bot's Orders on the map are face down to the people, its groups unseen, and its
    log lines name Regions, not Orders."""
    s, _ = start(1, {}, seed=2)
    while s["phase"] == "strategy":
        s, log = GAME.apply(s, GAME.legal_actions(s)[0])
    view = GAME.view(s, 0)
    bot = next(p for p in view["players"] if p["army"] == "ayyubid")
    assert bot["bot"] and bot["box"] is None and bot["objectives"] is None
    shown = [v["muslim"] for v in view["sections"].values() if v["muslim"]]
    assert shown and all(x["order"] is None for x in shown)
    names = {o.name for o in orders("ayyubid")}
    assert not any(n in e.for_seat(0) for e in log if "PLANNING" in e.text for n in names if n != "Desert Camp")
    assert "advanced" not in str(view.get("bot", ""))


def test_the_bot_bids_its_die_and_its_gold_part_and_pays_only_the_gold():
    s, _ = start(1, {}, seed=11)
    rand = random.Random(0)
    while s["phase"] != "diplomacy" and GAME.to_act(s) is not None:
        s, _ = GAME.apply(s, rand.choice(GAME.legal_actions(s)))
    if s["phase"] != "diplomacy":
        pytest.skip("the game ended before Diplomacy")
    gold = s["gold"][1]
    col = table().column(s["bot"]["ayyubid"]["column"])
    part = {"all": gold, "half": (gold + 1) // 2, "none": 0}[col.bid_gold]
    s, log = GAME.apply(s, GAME.legal_actions(s)[0])  # the person bids first (0)
    text = " ".join(e.text for e in log)
    assert "DIPLOMACY" in text
    die = s["dip"]["bot_die"]["ayyubid"]
    assert s["dip"]["bids"]["ayyubid"] == die + part
    assert f"its die {die} and {part} Gold" in text  # paid: the Gold part only (rewards may add Gold after)
    assert f"pays only the {part} Gold" in text


def test_the_bot_loses_no_glory_for_orders_it_left():
    from outremer.games.third_crusade import upkeep_phase

    s, _ = start(1, {}, seed=2)
    while s["phase"] == "strategy":
        s, _ = GAME.apply(s, GAME.legal_actions(s)[0])
    glory = s["glory"]
    log = []
    upkeep_phase._orders_step(GAME.content, s, log)
    assert s["glory"] == glory
    assert any("a Bot loses no Glory" in e.text for e in log)


def test_a_final_winner_only_between_two_people():
    from outremer.games.third_crusade.solo_upkeep import final_winner_due

    s, _ = start(1, {"command": 2, "bots": 2})
    assert not final_winner_due(s, "crusader") and not final_winner_due(s, "muslim")
    s, _ = start(2, {"together": "crusader-2"})
    assert final_winner_due(s, "crusader") and not final_winner_due(s, "muslim")


def _play(players, options, seed):
    s, _ = start(players, options, seed)
    rand = random.Random(seed)
    steps = 0
    while GAME.to_act(s) is not None:
        seat = GAME.to_act(s)
        assert seat in range(players), "a Bot was asked as a seat"
        if steps % 7 == 0:
            for viewer in range(players):
                view = GAME.view(s, viewer)
                for p in view["players"]:
                    if p["bot"]:
                        assert p["box"] is None and p["objectives"] is None
        s, _ = GAME.apply(s, rand.choice(GAME.legal_actions(s)))
        steps += 1
        assert steps < GAME.max_actions
        assert all(s["cp"][i] == 0 for i in range(len(s["armies"])) if solo.is_bot(s, i))  # p.19
    return s, steps


@pytest.mark.parametrize("players,options,people,bots", MODES)
@pytest.mark.parametrize("seed", [1, 2])
def test_random_solo_games_of_every_mode_reach_their_end(players, options, people, bots, seed):
    s, steps = _play(players, options, seed)
    result = GAME.result(s)
    assert result is not None and s["phase"] == "over"
    assert all(w in range(players) for w in result["winners"])
    if result["team"] is not None:
        won = sorted(["crusader", "muslim"])[result["team"]]
        assert result["winners"] == ([] if won != ALLIANCE_OF[people[0]] else sorted(set(range(players))))


def test_a_random_solo_game_replays_from_its_record():
    from outremer.core import sharecode
    from outremer.core.match import Match
    from outremer.games import game_by_code

    match = Match(GAME, GAME.make_setup(7, ["human"], {"bots": 2}))
    rand = random.Random(7)
    for _ in range(40):
        if match.to_act() is None:
            break
        match.play(rand.choice(match.legal_actions()))
    again = sharecode.decode(sharecode.encode(match), game_by_code)
    assert again.state == match.state


@pytest.mark.parametrize("players,options,people,bots", MODES[::3] + [MODES[3]])
def test_what_a_person_cannot_see_tells_nothing(players, options, people, bots):
    """The generic harness's check along a random solo game: the Bot's hidden Orders and groups,
    the Objectives, the piles dealt anew change nothing a seat is shown or told (TC92)."""
    from test_harness import check_view_hides

    s, _ = start(players, options, seed=3)
    rand = random.Random(3)
    steps = 0
    while GAME.to_act(s) is not None and steps < 80:
        s, _ = GAME.apply(s, rand.choice(GAME.legal_actions(s)))
        steps += 1
        if steps % 3 == 0:
            check_view_hides(GAME, s, rand, tries=2)


def test_a_revision_six_link_of_two_players_still_opens_and_replays():
    """A link recorded before the solo options existed (revision 6: no solo option in the code)
    decodes with them at their defaults and replays the same game."""
    from outremer.core import sharecode
    from outremer.core.match import Match
    from outremer.games.third_crusade.options import OPTIONS, SOLO_OPTIONS

    class Revision6(ThirdCrusade):
        options = tuple(o for o in OPTIONS if o.id not in SOLO_OPTIONS + ("bot_reroll", "bot_diplomacy_column"))
        rules_revision = 6

    old = Revision6()
    setup = old.make_setup(12, ["human", "human"], {"crusader_army": "hre"})
    match = Match(old, setup)
    rand = random.Random(12)
    for _ in range(30):
        match.play(rand.choice(match.legal_actions()))
    code = sharecode.encode(match)
    again = sharecode.decode(code, lambda code_id: GAME)
    assert again.state == match.state and again.game is GAME
    assert dict(again.setup.options)["together"] == "off"


@pytest.mark.parametrize("players,options,people,bots", MODES[:4] + MODES[6:8])
def test_every_bot_decision_follows_a_rule_of_the_solo_game(players, options, people, bots):
    """Along random games, each Bot log line names its cell or priority (a page of p.19-23 or a
    ruling), and none falls back on the die of TC90."""
    s, _ = start(players, options, seed=9)
    rand = random.Random(9)
    lines = []
    while GAME.to_act(s) is not None:
        s, log = GAME.apply(s, rand.choice(GAME.legal_actions(s)))
        lines += [e for e in log if e.text.startswith("Bot ") or " Bot " in e.text[:20]]
    assert lines
    assert not [e.text for e in lines if "TC90" in e.rule]
    assert all(e.rule in {"p.19", "p.20", "p.21", "p.22", "p.23"} or e.rule.startswith("TC") for e in lines)
