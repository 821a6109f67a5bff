"""Pieces on the map: Slots, mustering, Marching, the Road before a Battle, tracks recounted
at once (glossary p.32-34; plutorial p.25-29)."""

from __future__ import annotations

import pytest

from outremer.games.third_crusade import moves
from outremer.games.third_crusade.data import content
from outremer.games.third_crusade.state import new_state, track

C = content()


def _two(seed=1):
    return new_state(C, ["angevin", "ayyubid"], seed)


def test_muster_takes_from_the_board_and_stops_at_the_slots():
    """Glossary, Slot: Units that do not fit are not placed."""
    s = _two()
    free = moves.free(C, s, "tyre", "square")
    before = s["reserve"]["angevin"]["infantry"]
    placed = moves.muster(C, s, "angevin", "infantry", "tyre", free + 2)
    assert placed == free and s["reserve"]["angevin"]["infantry"] == before - free
    assert moves.free(C, s, "tyre", "square") == 0


def test_the_plutorial_muster_in_tyre_covers_a_supply_icon_with_the_third_infantry():
    """Plutorial 6: +3 Infantry in Tyre; the last covers a supply icon (supply 4 -> 3 after
    Sidon's Sabotage)."""
    s = _two()
    seat = 0
    supply = track(s, seat, "supply")
    moves.muster(C, s, "angevin", "infantry", "tyre", 2)
    assert track(s, seat, "supply") == supply
    moves.muster(C, s, "angevin", "infantry", "tyre", 1)
    assert track(s, seat, "supply") == supply - 1
    moves.to_board(C, s, "tyre", "angevin:infantry")  # Upkeep 4A: the one on the icon comes home
    assert track(s, seat, "supply") == supply


def test_a_march_needs_a_road_and_room():
    s = _two()
    assert not moves.can_march(C, s, "tripoli", "sidon", ["angevin:infantry"])  # not Adjacent (p.14)
    desert = "desert_east_of_tripoli"  # the Angevin's own, a Neutral Infantry with its Cavalry
    assert not moves.battle_at(s, desert, {"crusader"})
    assert moves.march(C, s, "tripoli", desert, ["angevin:infantry"])
    assert moves.pieces(s, desert, "angevin").count("angevin:infantry") == 1
    while moves.free(C, s, "tripoli", "hex"):
        moves.muster(C, s, "angevin", "cavalry", "tripoli", 1)
    assert moves.free(C, s, desert, "hex") == 1 and moves.pieces(s, "tripoli", "angevin").count("angevin:cavalry") == 2
    assert moves.can_march(C, s, "tripoli", desert, ["angevin:cavalry"])
    assert not moves.can_march(C, s, "tripoli", desert, ["angevin:cavalry"] * 2)  # one hexagonal Slot free


def test_neutral_pieces_alone_join_the_army_that_marches_in():
    """Glossary, Neutral Units and Leaders: a Region holding only Neutral pieces is Controlled by
    nobody, and they join the next Army to take Control; no Battle (p.14: a Battle is opposing
    Alliances in one Region)."""
    s = _two()
    city = next(k for k, v in s["map"].items() if moves.pieces(s, k) == ["neutral:infantry"])
    assert not moves.battle_at(s, city, {"crusader"}) and not moves.battle_at(s, city, {"muslim"})


def test_a_march_into_the_enemy_waits_on_the_road():
    """Plutorial 1: the Ayyubid Marches from its Desert into the Angevin Desert: a Battle; the
    attackers stand on the Road until it is resolved (p.14)."""
    s = _two()
    frm, to = "desert_north_of_damascus", "desert_east_of_tripoli"
    moves.muster(C, s, "ayyubid", "infantry", frm, 1)
    group = moves.pieces(s, frm, "ayyubid")[1:]  # all but 1
    assert moves.can_march(C, s, frm, to, group)
    assert moves.march(C, s, frm, to, group) is False
    assert s["road"] == {"from": frm, "to": to, "group": group}
    assert len(moves.pieces(s, frm, "ayyubid")) == 1


def test_a_lost_unit_goes_home_and_a_lost_leader_leaves_the_game():
    s = _two()
    leader = next(p for p in moves.pieces(s, "tripoli", "angevin") if p == "angevin:william")
    crowns = track(s, 0, "crown")
    moves.to_board(C, s, "tripoli", leader)
    assert leader not in s["map"]["tripoli"] and track(s, 0, "crown") == crowns - 1
    before = dict(s["reserve"]["angevin"])
    moves.to_board(C, s, "tripoli", "angevin:infantry")
    assert s["reserve"]["angevin"]["infantry"] == before["infantry"] + 1


def test_no_slot_is_refused():
    s = _two()
    moves.muster(C, s, "angevin", "infantry", "tyre", 9)
    with pytest.raises(moves.NoSlot):
        moves.add(C, s, "tyre", "angevin:infantry")


def test_a_resource_token_counts_while_no_piece_stands_on_it():
    """Glossary, Resources (ruling TC32): a token adds its icon to the Region's controller's track
    while its Slot is empty; a piece on it hides it."""
    s = _two()
    crowns = track(s, 0, "crown")
    assert moves.place_token(C, s, "tyre", "crown")
    assert track(s, 0, "crown") == crowns + 1
    moves.muster(C, s, "angevin", "infantry", "tyre", 1)
    assert track(s, 0, "crown") == crowns + 1  # a new piece avoids the token while it can (TC5)
    while moves.free(C, s, "tyre", "square"):
        moves.muster(C, s, "angevin", "infantry", "tyre", 1)
    assert track(s, 0, "crown") == crowns  # covered by the last Infantry
    assert not moves.place_token(C, s, "tyre", "gold")  # no square Slot left for a token
