"""The Planning phase (p.11): Orders placed face down in initiative order, one per Alliance per
Region, on the Alliance's own side; passing is final; the partner sees an Order's face, the
other Alliance does not."""

from __future__ import annotations

import random

from outremer.core.actions import act
from outremer.games.third_crusade import planning
from outremer.games.third_crusade.data import ALLIANCE_OF, content
from outremer.games.third_crusade.state import armies_for, new_state

C = content()


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
    _play(s, act("order", key, "jerusalem"))
    side = ALLIANCE_OF[army]
    assert s["sections"]["jerusalem"][side] == [army, key]
    partner = next(i for i, a in enumerate(s["armies"]) if a != army and ALLIANCE_OF[a] == side)
    other = next(i for i, a in enumerate(s["armies"]) if ALLIANCE_OF[a] != side)
    assert "jerusalem" not in planning.free_sections(C, s, partner)  # one Order per Alliance per Region
    assert "jerusalem" in planning.free_sections(C, s, other)        # the other side is free


def test_two_orders_of_a_kind_are_one_choice():
    s = _planning(2)
    seat = planning.to_act(s)
    army = s["armies"][seat]
    keys = planning.distinct(s["box"][army], army)
    assert len(keys) == 10  # 12 basic Orders, two of them Blank and two March
    assert len(planning.legal(C, s, seat)) == 10 * len(s["sections"]) + 1


def test_the_face_is_seen_by_the_owner_and_partner_only():
    s = _planning(4, seed=5)
    seat, log = _play(s, act("order", planning.distinct(s["box"][s["armies"][planning.to_act(s)]],
                                                                 s["armies"][planning.to_act(s)])[0], "acre"))
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
        asked.append(seat)
        assert not s["passed"][seat]
        legal = planning.legal(C, s, seat)
        _play(s, legal[-1] if rand.random() < 0.15 else rand.choice(legal[:-1]))
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
        _play(s, next(a for a in planning.legal(C, s, seat) if a.verb == "order"))
    assert s["phase"] == "command" and all(s["passed"]) and seen == {0, 1}
