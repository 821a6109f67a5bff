"""The Third Crusade state at setup: the seats' Armies, Gold, Faith, the initiative track and
the four tracks recomputed from the map (p.4-6; rulings TC2-TC4)."""

from __future__ import annotations

import pytest

from outremer.games.third_crusade.data import ALLIANCE_OF, content
from outremer.games.third_crusade.state import armies_for, lone, new_state, track

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
    """Ruling TC2: the tracks of the pair on the 2- and 3-player page."""
    s = new_state(content(), armies_for(3, {"lone": "muslim"}), seed=1)
    assert s["tracks"]["angevin"] == [1, 1, 2, 1] and s["tracks"]["hre"] == [1, 3, 3, 0]
    s = new_state(content(), armies_for(3, {"lone": "crusader"}), seed=1)
    assert s["tracks"]["ayyubid"] == [3, 2, 2, 1] and s["tracks"]["turkoman"] == [1, 1, 5, 3]


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
