"""The Bot's measures of the map (Solo rules p.19; rulings TC100, TC101): strength, weakest and
strongest, Jerusalem's strength, and Proximity computed from the map boards."""

from __future__ import annotations

from outremer.games.third_crusade import data
from outremer.games.third_crusade.bot import geometry as g

from .bot_positions import empty, put

DESERT = "desert_south_of_damascus"


def test_strength_counts_units_and_leaders_by_region_type():
    """p.19: "Calculate the Strength of all Units, including Leaders"; p.14 gives each Unit's
    Strength by Region type; Neutral pieces are not the Bot's (ruling TC100)."""
    s = empty()
    put(s, "acre", "ayyubid:cavalry", "ayyubid:siege", "ayyubid:al_afdal", "neutral:infantry")
    put(s, DESERT, "ayyubid:cavalry", "ayyubid:siege", "ayyubid:al_afdal")
    assert g.strength(s, "ayyubid", "acre") == 1 + 3 + 1
    assert g.strength(s, "ayyubid", DESERT) == 2 + 0 + 2
    assert g.strength(s, "angevin", "acre") == 0


def test_a_leader_without_units_counts_stronger_on_equal_strength():
    """p.19: "If 2 Regions have equal Strength but one has a Leader without any Unit(s), that
    Region will count as stronger"; p.20's example: "Acre and the Desert both have 4 in Battle
    Strength. Acre also has a Leader without any Units and therefore counts as stronger" (ruling
    TC100: a Leader whose token has no Unit icon). Here the Holy Roman Empire's Frederick I in Acre
    beside 4 Infantry, against 2 Cavalry in a Desert (4); al-Afdal's Cavalry icon is no such Leader."""
    s = empty(("hre", "turkoman"))
    desert = "desert_south_of_damascus"
    put(s, "acre", "hre:frederick_i", *["hre:infantry"] * 4)
    put(s, desert, "hre:cavalry", "hre:cavalry")
    assert g.strength(s, "hre", "acre") == g.strength(s, "hre", desert) == 4
    assert g.by_strength(s, "hre", ["acre", desert]) == [desert, "acre"]
    assert g.strongest(s, "hre", [desert, "acre"]) == "acre"
    put(s, "tyre", "hre:guido", "hre:infantry")  # 1 + 1, a Leader with a Cavalry icon
    put(s, "jaffa", "hre:infantry", "hre:infantry")
    assert not g.bare_leader(s, "hre", "tyre")
    assert g.by_strength(s, "hre", ["tyre", "jaffa"]) == g.by_proximity(s, "hre", ["tyre", "jaffa"])


def test_equal_strength_is_broken_by_proximity():
    """p.19, Proximity: the Ayyubid Bot plays against the Crusaders, whose side is the west
    (ruling TC9); Tyre lies on it, the Desert south of Damascus a Road away: Tyre first, both as
    the weakest and as the strongest."""
    s = empty()
    put(s, "tyre", "ayyubid:infantry")
    put(s, DESERT, "ayyubid:infantry")
    assert g.by_strength(s, "ayyubid", [DESERT, "tyre"]) == ["tyre", DESERT]
    assert g.strongest_first(s, "ayyubid", [DESERT, "tyre"]) == ["tyre", DESERT]


def test_jerusalem_strength_of_one_bot_or_both():
    """Bot Table, COMMAND: JERUSALEM, "2 Bots = both Armies"."""
    s = empty(("angevin", "ayyubid", "turkoman"))
    put(s, "jerusalem", "ayyubid:infantry", "ayyubid:infantry", "turkoman:siege")
    assert g.jerusalem(s) == "jerusalem"
    assert g.jerusalem_strength(s, "ayyubid") == 2
    assert g.jerusalem_strength(s, ("ayyubid", "turkoman")) == 5


def test_the_players_side_is_the_other_alliances():
    """Ruling TC101 over TC9: a Muslim Bot moves towards the west, a Crusader Bot towards the east."""
    s = empty()
    assert g.player_side(s, "ayyubid") == "west" and g.player_side(s, "angevin") == "east"


def test_side_steps_follow_the_roads_of_the_map():
    """Ruling TC101: 0 on the player's side (the third of the board next to it), else the fewest
    Roads (or sea crossings) to a Region there, computed from the map file. Checked against a
    search of our own over map_south.toml's Roads."""
    s = empty()
    b = data.content().south
    west = {r.key for r in b.regions if r.x < 1000 / 3}
    assert g.side_steps(s, "ayyubid", "acre") == 0 and "acre" in west
    for r in b.regions:
        frontier, seen, n = {r.key}, {r.key}, 0
        while not frontier & west:
            frontier = {k for f in frontier for k in b.adjacent_to(f, sea=True)} - seen
            seen |= frontier
            n += 1
        assert g.side_steps(s, "ayyubid", r.key) == n, r.key
    assert g.side_steps(s, "ayyubid", "damascus") == 2  # Damascus - Desert west of it - Sidon
    assert g.side_steps(s, "angevin", "damascus") == 2  # Damascus - Desert north of it - Homs


def test_about_equal_goes_to_the_glory_track():
    """p.19 example: two Regions of similar closeness to the player's side; the Bot goes to the one
    closer to the Glory track, which stands above the map (ruling TC101). For a Crusader Bot the
    Deserts east of Tripoli and south of Damascus are both one Road from the Muslim side: the
    northern one first."""
    s = empty()
    a, b = "desert_east_of_tripoli", DESERT
    assert g.side_steps(s, "angevin", a) == g.side_steps(s, "angevin", b) == 1
    assert g.by_proximity(s, "angevin", [b, a]) == [a, b]


def test_four_players_lay_the_north_board_above_the_south():
    """Ruling TC101: with both boards the north board is nearer the Glory track; its Regions on
    the player's side come before the south's."""
    s = empty(data.ARMIES)
    assert g.glory_distance(s, "tortosa") < g.glory_distance(s, "tripoli")
    assert g.by_proximity(s, "ayyubid", ["tripoli", "iconium"]) == ["iconium", "tripoli"]


def test_closest_to_jerusalem():
    s = empty()
    assert g.jerusalem_steps(s, "jerusalem") == 0
    assert g.jerusalem_steps(s, "jaffa") == 1
    assert g.jerusalem_steps(s, "tyre") == 2


def test_solo_example_a_desert_and_a_city_of_similar_closeness():
    """p.19's example: "The Holy Roman Empire Bot executes a March Order ... Since the Desert and the
    City are of similar closeness the Proximity rule takes effect. The Bot moves towards the
    Desert, which is closer to the Glory track." On our map, against the Turkoman (the east side):
    Damascus and the Desert west of it are both 2 Roads from it; the Desert lies nearer the top
    edge, where the Glory track stands (ruling TC101)."""
    s = empty(("hre", "turkoman"))
    city, desert = "damascus", "desert_west_of_damascus"
    assert g.side_steps(s, "hre", city) == g.side_steps(s, "hre", desert) == 2
    assert g.by_proximity(s, "hre", [city, desert]) == [desert, city]


def test_solo_example_sidon_and_tripoli_on_our_map():
    """p.20's planning example breaks the tie of Sidon and Tripoli (6 each) for Sidon by Proximity,
    on the printed map. On ours Tripoli is 2 Roads from the Turkoman's side and Sidon 3, so the
    Holy Roman Empire Bot's Proximity puts Tripoli first (ruling TC101 records the difference)."""
    s = empty(("hre", "turkoman"))
    put(s, "sidon", *["hre:infantry"] * 6)
    put(s, "tripoli", *["hre:infantry"] * 6)
    assert g.strength(s, "hre", "sidon") == g.strength(s, "hre", "tripoli") == 6
    assert g.strongest(s, "hre", ["sidon", "tripoli"]) == "tripoli"
