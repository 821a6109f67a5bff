"""The Planning phase (p.11): Orders placed face down in initiative order, one per Alliance per
Region, on the Alliance's own side, each in two choices (the Order, then its Region); passing is
final; the partner sees an Order's face, the other Alliance does not; a Region where the chosen
Order can never be executed (p.12) warns of its cost at Upkeep (p.17)."""

from __future__ import annotations

import random

from outremer.core import sharecode
from outremer.core.actions import act
from outremer.core.match import Match
from outremer.games import get_game
from outremer.games.third_crusade import planning
from outremer.games.third_crusade.data import ALLIANCE_OF, content
from outremer.games.third_crusade.state import armies_for, new_state

C = content()
GAME = get_game("third-crusade")


def _planning(players: int, seed: int = 1, **options):
    s = new_state(C, armies_for(players, options), seed)
    planning.setup_orders(C, s)
    planning.start(C, s)
    return s


def _play(s, action):
    seat = planning.to_act(s)
    assert action in planning.legal(C, s, seat)
    log = []
    planning.perform(C, s, seat, action, log)
    return seat, log


def _place(s, key, region):
    """The Order chosen, then its Region: the seat and the log of the placing."""
    seat, first = _play(s, act("order", key))
    assert not first and planning.to_act(s) == seat
    return _play(s, act("section", region))


def test_every_army_starts_with_its_twelve_basic_orders_behind_the_screen():
    s = _planning(4)
    for army in s["armies"]:
        assert len(s["box"][army]) == 12
    assert all(side is None for sides in s["sections"].values() for side in sides.values())


def test_an_order_goes_on_the_alliance_side_and_blocks_it_for_the_partner_only():
    s = _planning(4, seed=3)
    seat = planning.to_act(s)
    army = s["armies"][seat]
    key = planning.distinct(s["box"][army], army)[0]
    _place(s, key, "jerusalem")
    side = ALLIANCE_OF[army]
    assert s["sections"]["jerusalem"][side] == [army, key]
    partner = next(i for i, a in enumerate(s["armies"]) if a != army and ALLIANCE_OF[a] == side)
    other = next(i for i, a in enumerate(s["armies"]) if ALLIANCE_OF[a] != side)
    assert "jerusalem" not in planning.free_sections(C, s, partner)  # one Order per Alliance per Region
    assert "jerusalem" in planning.free_sections(C, s, other)  # the other side is free


def test_two_orders_of_a_kind_are_one_choice():
    s = _planning(2)
    seat = planning.to_act(s)
    army = s["armies"][seat]
    keys = planning.distinct(s["box"][army], army)
    assert len(keys) == 10  # 12 basic Orders, two of them Blank and two March
    assert planning.legal(C, s, seat) == [act("order", k) for k in keys] + [act("pass")]


def test_the_order_first_then_its_region():
    """Ruling TC78: two short choices instead of one of every (Order, Region) pair: the Order, then
    a Region among the free Order Sections of its Alliance, and nothing else (another Order is
    chosen by undoing the first choice, never by an action of the record). Nothing is placed,
    nothing told, and the same seat is asked, until the Region is chosen."""
    s = _planning(2, seed=4)
    seat = planning.to_act(s)
    army = s["armies"][seat]
    box = list(s["box"][army])
    _, log = _play(s, act("order", "march_1"))
    assert not log and planning.to_act(s) == seat and s["box"][army] == box
    assert planning.legal(C, s, seat) == [act("section", k) for k in s["sections"]]
    _, log = _play(s, act("section", "acre"))
    assert s["sections"]["acre"][ALLIANCE_OF[army]] == [army, "march_1"] and "march_1" not in s["box"][army]
    assert "march_2" in s["box"][army]  # two March Orders: one placed, the other still behind the screen
    assert s["plan"] is None and planning.to_act(s) != seat and len(log) == 1


def _planning_match(players: int, seed: int, seats=None) -> Match:
    """A game at the start of a Planning phase, every choice before it the first offered."""
    match = Match(GAME, GAME.make_setup(seed, seats or ["human"] * players))
    while not (match.state["phase"] == "planning" and match.state["plan"] is None):
        match.play_index(0)
    return match


def test_undo_takes_the_order_choice_back_and_the_record_keeps_no_trace():
    """Ruling TC78: another Order is chosen by undoing the first choice: the game is as it was
    before it (the same state, the same record: no step, no action that the other Alliance
    could count or replay), and the seat chooses again."""
    match = _planning_match(4, seed=5)
    seat = match.to_act()
    before, steps, code = match.state, match.steps, sharecode.encode(match)
    army = before["armies"][seat]
    key = planning.distinct(before["box"][army], army)[1]
    match.play(act("order", key))
    assert match.to_act() == seat and match.state["plan"] == key
    assert match.undo_point(seat) == steps
    said = "Choose its Region, or type 'undo' to choose another Order."
    assert said in GAME.text_table(GAME.view(match.state, seat))  # the terminal says how
    for other in range(4):
        if other != seat:
            assert match.undo_point(other) is None  # nobody else takes back the seat's choice
            assert said not in GAME.text_table(GAME.view(match.state, other))
    assert match.undo(seat)
    assert match.state == before and match.steps == steps and sharecode.encode(match) == code
    assert match.state["plan"] is None and match.to_act() == seat
    assert all(a.verb != "section" for a in match.actions)
    match.play(act("order", "sea_move"))
    match.play(act("section", "acre"))
    assert match.state["sections"]["acre"][ALLIANCE_OF[army]] == [army, "sea_move"]
    assert [a.verb for a in match.actions[steps:]] == ["order", "section"]


def test_undo_after_a_placing_takes_back_the_region_then_the_order():
    """Undo after a placing (nothing revealed since): the Region first, then the Order, one
    decision at a time; where the Region was the only free one (a forced step, not a decision),
    the Order choice at once (ruling TC78)."""
    match = _planning_match(2, seed=4)
    seat = match.to_act()
    steps = match.steps
    match.play(act("order", "sea_move"))
    match.play(act("section", "acre"))
    assert match.to_act() != seat
    assert match.undo(seat) and match.steps == steps + 1 and match.state["plan"] == "sea_move"
    assert match.undo(seat) and match.steps == steps and match.state["plan"] is None

    s = match.state
    army = s["armies"][seat]
    for key in list(s["sections"])[1:]:
        s["sections"][key][ALLIANCE_OF[army]] = [army, "blank_2"]  # every Section taken but the first
    match.play(act("order", "sea_move"))
    assert len(match.legal_actions()) == 1  # the Region is forced
    match.play(match.legal_actions()[0])
    assert match.undo_point(seat) == steps and match.undo(seat)
    assert match.state["plan"] is None and match.to_act() == seat


def test_a_region_where_the_order_can_never_be_executed_warns_of_its_cost():
    """p.12: "Some Orders require the Region to be of a specified type or to contain a Port";
    p.17, step 3: each Order left unexecuted moves the Glory marker one space away from its
    Alliance. The Region choice says so where the Region's type rules the Order out, and placing
    it there stays legal (a bluff); a Blank Order, never executed and free, warns of nothing
    (ruling TC78)."""
    s = _planning(2, seed=4)
    seat = planning.to_act(s)
    _play(s, act("order", "sea_move"))
    seen = planning.plan_view(C, s, seat)
    assert seen["order"] == "sea_move"
    assert "acre" not in seen["warnings"]  # a Port
    assert "damascus" in seen["warnings"]  # a City without one
    assert seen["warnings"]["damascus"] == (
        "Sea Move can never be executed in Damascus, which is not a Port: "
        "left on the map, it costs your Alliance 1 Glory at Upkeep (p.17)."
    )
    assert act("section", "damascus") in planning.legal(C, s, seat)
    s["destroyed"] = ["acre"]
    assert "while its Port is Destroyed" in planning.plan_view(C, s, seat)["warnings"]["acre"]
    for key, warned in (("desert_muster", True), ("blank_1", False), ("march_1", False), ("defence", False)):
        s = _planning(2, seed=4)
        _play(s, act("order", key))
        seen = planning.plan_view(C, s, seat)["warnings"]
        if warned:
            assert "damascus" in seen and not any(k.startswith("desert_") for k in seen)
        else:
            assert seen == {}


def test_the_order_chosen_is_seen_by_the_seat_and_partner_only():
    """Rulings TC40, TC78: the Order chosen and not yet placed is shown to its seat and partner."""
    s = _planning(4, seed=5)
    seat = planning.to_act(s)
    army = s["armies"][seat]
    key = planning.distinct(s["box"][army], army)[0]
    _play(s, act("order", key))
    for viewer, other in enumerate(s["armies"]):
        seen = planning.plan_view(C, s, viewer)
        assert (seen["order"] if seen else None) == (key if ALLIANCE_OF[other] == ALLIANCE_OF[army] else None)
    assert planning.plan_view(C, s, None) is None


def test_the_face_is_seen_by_the_owner_and_partner_only():
    s = _planning(4, seed=5)
    army = s["armies"][planning.to_act(s)]
    seat, log = _place(s, planning.distinct(s["box"][army], army)[0], "acre")
    army = s["armies"][seat]
    for viewer, other in enumerate(s["armies"]):
        shown = planning.sections_view(s, viewer)["acre"][ALLIANCE_OF[army]]
        line = log[0].for_seat(viewer)
        if ALLIANCE_OF[other] == ALLIANCE_OF[army]:
            assert shown["order"] is not None and "face down in Acre" in line and "(" in line
        else:
            assert shown == {"army": army, "order": None}
            assert line.endswith("places an Order face down in Acre.")
    assert planning.sections_view(s, None)["acre"][ALLIANCE_OF[army]]["order"] is None


def test_passing_is_final_and_the_lone_player_takes_every_other_turn():
    s = _planning(3, seed=2, lone="muslim")
    lone = next(i for i, a in enumerate(s["armies"]) if ALLIANCE_OF[a] == "muslim")
    asked = []
    rand = random.Random(4)
    while s["phase"] == "planning":
        seat = planning.to_act(s)
        assert not s["passed"][seat]
        legal = planning.legal(C, s, seat)
        action = legal[-1] if rand.random() < 0.15 else rand.choice(legal[:-1])
        _play(s, action)
        if action.verb in ("pass", "section"):  # a turn over (choosing the Order is not)
            asked.append(seat)
    assert s["phase"] == "command"
    first = [seat for seat in asked[:4]]
    assert first.count(lone) == 2 and first[0::2].count(lone) in (0, 2)  # both markers, every other turn
    used = sum(1 for sides in s["sections"].values() for side in sides.values() if side)
    assert used == sum(12 - len(s["box"][a]) for a in s["armies"])


def test_a_seat_with_nothing_left_passes_without_being_asked():
    s = _planning(2, seed=1)
    for army in s["armies"]:
        s["box"][army] = s["box"][army][:1]
    seen = set()
    while s["phase"] == "planning":
        seat = planning.to_act(s)
        seen.add(seat)
        _play(s, next(a for a in planning.legal(C, s, seat) if a.verb in ("order", "section")))
    assert s["phase"] == "command" and all(s["passed"]) and seen == {0, 1}


def test_the_terminal_lists_the_orders_then_the_regions_with_the_warning():
    """The terminal's two short lists (ruling TC78): the Orders by name and what they do, and
    passing; then each Region, with the warning where the Order could never be executed."""
    from outremer.games import get_game

    game = get_game("third-crusade")
    s = _planning(2, seed=4)
    s["executed"], s["pending"], s["battle"], s["result"] = {a: [] for a in s["armies"]}, None, None, None
    words = [game.describe(s, a) for a in planning.legal(C, s, planning.to_act(s))]
    assert "Sea Move (2 CP · Port · Sea Move)" in words and words[-1] == "Pass"
    _play(s, act("order", "sea_move"))
    words = {a.text: game.describe(s, a) for a in planning.legal(C, s, planning.to_act(s))}
    assert words["section acre"] == "Place Sea Move in Acre"
    assert (
        words["section damascus"]
        == "Place Sea Move in Damascus (⚠ never executed there, not a Port: 1 Glory at Upkeep)"
    )
    assert set(words) == {f"section {k}" for k in s["sections"]}  # another Order: undo (ruling TC78)
    s["destroyed"] = ["acre"]
    assert game.describe(s, act("section", "acre")) == (
        "Place Sea Move in Acre (⚠ not executed while its Port is Destroyed: 1 Glory at Upkeep)"
    )


def test_the_order_chosen_is_dealt_anew_for_the_other_alliance():
    """Rulings TC40, TC78: for a seat of the other Alliance the Order chosen and not yet placed is
    hidden like the Orders behind the screen: a search's deal draws it anew from them (and the
    placing then goes on in that deal); the seat's own Alliance keeps it."""
    from outremer.games import get_game

    game = get_game("third-crusade")
    match_state, _ = game.start(game.make_setup(3, ["human"] * 4))
    s = match_state
    while not (s["phase"] == "planning" and s["plan"] is None):
        s, _ = game.apply(s, game.legal_actions(s)[0])
    seat = game.to_act(s)
    army = s["armies"][seat]
    s, _ = game.apply(s, act("order", "sea_move"))
    other = next(i for i, a in enumerate(s["armies"]) if ALLIANCE_OF[a] != ALLIANCE_OF[army])
    partner = next(i for i, a in enumerate(s["armies"]) if a != army and ALLIANCE_OF[a] == ALLIANCE_OF[army])
    rand = random.Random(1)
    drawn = set()
    for _ in range(30):
        dealt = game.redeal(s, other, rand)
        assert dealt["plan"] in planning.distinct(dealt["box"][army], army)
        drawn.add(dealt["plan"])
        after, _ = game.apply(dealt, act("section", "acre"))
        assert after["sections"]["acre"][ALLIANCE_OF[army]] == [army, dealt["plan"]]
    assert len(drawn) > 3
    assert game.redeal(s, partner, rand)["plan"] == "sea_move"
