"""Where the Bot adds, removes and places things (Solo rules p.20-21; rulings TC105-TC107), on
hand-built positions."""

from __future__ import annotations

from outremer.games.third_crusade.bot import placement as bot

from .bot_positions import empty, put

DESERT_S = "desert_south_of_damascus"
DESERT_W = "desert_west_of_damascus"


def test_add_units_jerusalem_first_until_the_column_value():
    """p.20: Jerusalem while its strength is below the column's Jerusalem value, then the weakest
    Region the Bot Controls."""
    s = empty()
    put(s, "jerusalem", "ayyubid:infantry", "ayyubid:infantry")
    put(s, "damascus", "ayyubid:infantry")
    put(s, "homs", "ayyubid:infantry", "ayyubid:infantry", "ayyubid:infantry")
    keys = ["homs", "damascus", "jerusalem"]
    assert bot.add_priority(s, "ayyubid", keys, jerusalem_max=6) == ["jerusalem", "damascus", "homs"]
    assert bot.add_priority(s, "ayyubid", keys, jerusalem_max=2) == ["damascus", "jerusalem", "homs"]


def test_add_units_partner_region_after_its_own_and_never_the_players():
    """p.20, 3: a Region with its Presence where the Alliance Partner Controls, after its own;
    a Region only the player holds is never chosen (ruling TC105)."""
    s = empty(("angevin", "ayyubid", "turkoman"))
    put(s, "hama", "turkoman:infantry", "turkoman:infantry", "ayyubid:infantry")
    put(s, "homs", "ayyubid:infantry", "ayyubid:infantry")
    put(s, "acre", "angevin:infantry")
    assert bot.add_priority(s, "ayyubid", ["acre", "hama", "homs"]) == ["homs", "hama"]


def test_add_units_without_presence_next_to_the_weakest_region_with_neutral_units_first():
    """p.21: a card adding Units to a Region without the Alliance's Presence: an empty Region
    Adjacent to its weakest Region, with Neutral Units if possible."""
    s = empty()
    put(s, "homs", "ayyubid:infantry")  # its weakest
    put(s, "damascus", *["ayyubid:infantry"] * 4)
    put(s, "desert_north_of_damascus", "neutral:infantry")
    keys = ["desert_east_of_tripoli", "desert_north_of_damascus", DESERT_W, "hama"]
    ranked = bot.add_priority(s, "ayyubid", keys)
    assert ranked[0] == "desert_north_of_damascus"  # next to Homs, with a Neutral Infantry
    assert set(ranked[1:3]) == {"desert_east_of_tripoli", "hama"}  # next to Homs, empty
    assert ranked[3] == DESERT_W  # next to Damascus only


def test_never_cover_a_resource_icon_and_overflow_to_the_weakest_adjacent_region():
    """p.21: the Bot never covers a Resource icon; the excess goes to the weakest Adjacent Region,
    else one with Neutral Units, else an empty one."""
    s = empty()
    acre = [i for i, icon in enumerate(bot.geo.board(s).region("acre").icons[:6]) if not icon]
    assert bot.bare_room(s, "acre", "infantry") == len(acre)
    put(s, "tyre", "ayyubid:infantry", "ayyubid:infantry")
    put(s, "jaffa", "ayyubid:infantry")
    assert bot.overflow_region(s, "ayyubid", "acre", "infantry") == "jaffa"
    s["map"]["jaffa"] = [None] * 9
    s["map"]["tyre"] = [None] * 9
    put(s, DESERT_S, "neutral:cavalry")
    assert bot.overflow_region(s, "ayyubid", "acre", "infantry") == DESERT_S


def test_remove_units_from_the_region_with_the_fewest_player_units_never_neutral():
    """p.21: the Region with the fewest of the player's Units; never a Neutral Unit; the Unit
    strongest in the Region's type (ruling TC107)."""
    s = empty()
    put(s, "acre", "angevin:infantry", "angevin:infantry")
    put(s, "tyre", "angevin:infantry", "neutral:infantry", "neutral:infantry")
    put(s, "jaffa", "neutral:infantry")
    assert bot.remove_region(s, "ayyubid", ["acre", "tyre", "jaffa"]) == "tyre"
    put(s, DESERT_S, "angevin:infantry", "angevin:cavalry", "angevin:siege")
    assert bot.remove_piece(s, "ayyubid", DESERT_S, s["map"][DESERT_S]) == "angevin:cavalry"
    put(s, "sidon", "angevin:infantry", "angevin:siege", "neutral:cavalry")
    assert bot.remove_piece(s, "ayyubid", "sidon", s["map"]["sidon"]) == "angevin:siege"


def test_remove_a_leader_cavalry_over_infantry():
    s = empty()
    assert (
        bot.leader_to_remove(s, "ayyubid", ["angevin:philip_ii", "angevin:richard_i", "neutral:conrad"])
        == "angevin:richard_i"
    )
    assert bot.leader_to_remove(s, "ayyubid", ["angevin:william", "angevin:philip_ii"]) == "angevin:philip_ii"


def test_sabotage_glory_first_only_where_the_player_is():
    """p.21: only where the player has Presence; Glory first, then command point, crown, supply,
    gold."""
    s = empty()
    b = bot.geo.board(s)
    put(s, "acre", "angevin:infantry")
    put(s, "tyre", "angevin:infantry")
    options = [(k, i) for k in ("acre", "tyre", "damascus") for i in range(9) if s["map"][k][i] is None]
    key, slot = bot.sabotage_slot(s, "ayyubid", options)
    assert key in ("acre", "tyre") and b.region(key).icons[slot] == "glory"
    tyre_only = [o for o in options if o[0] == "tyre" and b.region("tyre").icons[o[1]] != "glory"]
    key, slot = bot.sabotage_slot(s, "ayyubid", tyre_only)
    icons = {b.region("tyre").icons[i] for _, i in tyre_only}
    best = next(icon for icon in bot.SABOTAGE_ORDER if icon in icons)
    assert b.region("tyre").icons[slot] == best


def test_sabotage_on_equal_icons_the_slot_of_the_stronger_unit():
    """p.21: with several options, the Slot holding the stronger Unit for the Region type: in a
    City the Siege Engine's, in a Desert the Cavalry's."""
    s = empty()
    put(s, "acre", "angevin:infantry")
    put(s, DESERT_S, "angevin:infantry")

    def bare(k):
        return [(k, i) for i in range(9) if s["map"][k][i] is None and not bot._icon(s, k, i)]

    assert bot.SLOT_SHAPES[bot.sabotage_slot(s, "ayyubid", bare("acre"))[1]] == "trapezoid"
    assert bot.SLOT_SHAPES[bot.sabotage_slot(s, "ayyubid", bare(DESERT_S))[1]] == "hex"


def test_unsabotage_skips_command_points_and_takes_the_stronger_region():
    """p.21: removing Sabotage, the same order skipping command points, in the stronger Region:
    Damascus shows supply, supply, a command point and a crown; Homs supply, supply and gold."""
    s = empty()
    b = bot.geo.board(s)
    put(s, "damascus", "ayyubid:infantry")
    put(s, "homs", "ayyubid:infantry", "ayyubid:infantry")
    for k in ("damascus", "homs"):
        for i, icon in enumerate(b.region(k).icons):
            if icon and s["map"][k][i] is None:
                s["map"][k][i] = "sabotage"
    options = [(k, i) for k in ("damascus", "homs") for i in range(9) if s["map"][k][i] == "sabotage"]
    assert bot.unsabotage_slot(s, "ayyubid", options) == ("damascus", 8)  # the crown, over supply and gold
    no_crown = [o for o in options if o != ("damascus", 8)]
    assert bot.unsabotage_slot(s, "ayyubid", no_crown) == ("homs", 0)  # supply in both: the stronger Homs
    cp_only = [o for o in options if b.region(o[0]).icons[o[1]] == "cp"]
    assert cp_only and bot.unsabotage_slot(s, "ayyubid", cp_only) is None


def test_bandits_never_placed_removed_only_into_a_jerusalem_the_player_holds():
    s = empty()
    assert bot.places_bandits is False
    s["bandits"] = [sorted(("jerusalem", "jaffa")), sorted(("acre", "tyre"))]
    roads = [("jaffa", "jerusalem"), ("acre", "tyre")]
    assert bot.bandit_to_remove(s, "ayyubid", roads) is None  # nobody holds Jerusalem
    put(s, "jerusalem", "angevin:infantry")
    assert bot.bandit_to_remove(s, "ayyubid", roads) == ("jaffa", "jerusalem")
    assert bot.bandit_to_remove(s, "ayyubid", [("acre", "tyre")]) is None


def test_destroyed_port_where_the_player_is_strongest_and_tokens_in_the_bots_strongest():
    s = empty()
    put(s, "acre", "angevin:infantry")
    put(s, "tyre", "angevin:siege")
    assert bot.destroyed_port_region(s, "ayyubid", ["acre", "tyre", "jaffa"]) == "tyre"
    put(s, "jaffa", "ayyubid:infantry", "ayyubid:infantry")
    put(s, "sidon", "ayyubid:infantry")
    assert bot.port_to_rebuild(s, "ayyubid", ["jaffa", "sidon"]) == "jaffa"
    assert bot.token_region(s, "ayyubid", ["jaffa", "sidon", "acre"], "gold") == "jaffa"
    assert bot.token_region(s, "ayyubid", ["jaffa", "sidon"], "cp") is None
