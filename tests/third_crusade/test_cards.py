"""Third Crusade designed Orders and Mission, Diplomacy and Objective Cards: the counts the
components list gives (p.35), every number the rulebook's text fixes (each test names its page
or example), and mistakes in the files answered with the file, the entry and the field."""

import tomllib
from pathlib import Path

import pytest

from outremer.core.data import read_toml
from outremer.core.errors import DataError
from outremer.games.third_crusade import cards as cards_module
from outremer.games.third_crusade.cards import (
    DECKS,
    REACTIONS,
    cards,
    matches,
    orders,
    parse_diplomacy,
    parse_missions,
    parse_objectives,
    parse_orders,
)
from outremer.games.third_crusade.data import ARMIES, SLOT_SHAPES, content, uncovered

C = cards()
SOUTH = content().south
BOTH = content().both
NORTH_CITIES = tuple(r.key for r in content().north.regions if r.city)
FOLDER = Path(cards_module.__file__).parent / "data"


def by_key(army, key):
    return next(o for o in orders(army) if o.key == key)


def steps(order):
    return [(s.do, s.unit, s.n, s.keep) for s in order.effects]


# --- counts (components, p.35; setup, p.4) -------------------------------------------------------


@pytest.mark.parametrize("army", ARMIES)
def test_each_army_has_22_orders_12_basic_and_10_advanced(army):
    """Components, p.35: "22 Orders"; setup F and G, p.4: basic Orders in the box, Advanced
    beside the board; ruling: one set shared by the four Armies."""
    own = orders(army)
    assert len(own) == 22
    assert sum(not o.advanced for o in own) == 12 and sum(o.advanced for o in own) == 10
    assert [o.advanced for o in own] == [False] * 12 + [True] * 10
    assert all(o.army == army for o in own)
    assert len({o.id for o in own}) == 22


def test_the_four_sets_differ_only_in_the_army():
    shapes = {
        tuple(
            (o.key, o.name, o.presence, o.region, o.cost, o.reaction, o.tithe, o.advanced, o.blank, o.effects)
            for o in orders(a)
        )
        for a in ARMIES
    }
    assert len(shapes) == 1
    assert len({o.id for a in ARMIES for o in orders(a)}) == 88


def test_seven_missions_seven_diplomacy_cards_eighteen_objectives():
    """Components, p.35; the variable setup's decks, p.9."""
    assert len(C.missions) == 7 and len(C.diplomacy) == 7 and len(C.objectives) == 18
    by_deck = {d: sorted(o.key for o in C.objectives if o.deck == d) for d in DECKS}
    assert by_deck == {
        "crusader": ["adana", "antioch", "ascalon", "heraclea", "seleucia", "sidon", "tortosa", "tripoli", "tyre"],
        "muslim": ["acre", "ahamant", "aleppo", "damascus", "homs", "iconium", "jaffa", "kerak"],
        "none": ["famagusta"],
    }


# --- the Orders' numbers ------------------------------------------------------------------------


@pytest.mark.parametrize("army", ARMIES)
def test_at_least_two_blank_orders_that_do_nothing(army):
    """Plutorial, Planning: the Angevin places two Blank Orders; p.13: a Blank Order cannot
    be executed; Upkeep 3: Blank Orders are just removed."""
    blanks = [o for o in orders(army) if o.blank]
    assert len(blanks) >= 2
    assert all(not o.advanced and not o.effects and o.cost == 0 and not o.tithe and not o.reaction for o in blanks)


def test_defence_plus_two_costs_one_and_has_tithe():
    """Plutorial 1: the Angevin's Reaction Order adds +2 Defence for 1 command point;
    Upkeep 2: the Ayyubid tithes its Reaction Order in Acre for 1 command point."""
    o = by_key("angevin", "defence")
    assert (o.cost, o.reaction, o.tithe, o.advanced, o.presence, o.region) == (1, True, True, False, "own", "any")
    assert steps(o) == [("defence", "", 2, 0)]


def test_muster_and_march_with_all_but_one_costs_three():
    """Plutorial 1 (Ayyubid, own Army icon, no Region icon: "3 steps down", +1 Infantry, "March
    with all Units, except 1") and 8 (Angevin in Sidon)."""
    o = by_key("ayyubid", "muster_march")
    assert (o.cost, o.presence, o.region, o.advanced) == (3, "own", "any", False)
    assert steps(o) == [("muster", "infantry", 1, 0), ("march", "", 0, 1)]
    assert o.text == "3 CP · +1 Infantry, March with all but 1"


def test_three_infantry_cost_three():
    """Plutorial 6: the Angevin's Order in Tyre, "3 steps down", 3 Infantry."""
    o = by_key("angevin", "muster_infantry")
    assert (o.cost, o.presence, o.advanced) == (3, "own", False)
    assert steps(o) == [("muster", "infantry", 3, 0)]
    assert o.region in ("any", "city")


def test_one_infantry_regardless_of_presence_in_a_desert_costs_three():
    """Order example 2, p.13 (Turkoman): regardless of Presence, a Desert, 3 command points,
    1 Infantry."""
    o = by_key("turkoman", "desert_muster")
    assert (o.cost, o.presence, o.region) == (3, "none", "desert")
    assert o.presence_armies() == ()
    assert steps(o) == [("muster", "infantry", 1, 0)]


def test_two_infantry_in_a_city_with_alliance_presence_costs_three():
    """Order example 3, p.13 (Ayyubid: a City with Muslim Alliance Presence, 3 command points,
    2 Infantry); plutorial 11 (Ahamant, the Alliance's Presence icon)."""
    o = by_key("ayyubid", "alliance_levy")
    assert (o.cost, o.presence, o.region) == (3, "alliance", "city")
    assert o.presence_armies() == ("ayyubid", "turkoman")
    assert by_key("hre", "alliance_levy").presence_armies() == ("angevin", "hre")
    assert steps(o) == [("muster", "infantry", 2, 0)]


def test_an_angevin_order_needs_its_own_presence_in_a_desert():
    """Order example 1, p.13: an Angevin Order with the Angevin's Presence in a Desert."""
    assert any(
        o.presence == "own" and o.region == "desert" and o.presence_armies() == ("angevin",) for o in orders("angevin")
    )


def test_the_plutorial_orders_exist_and_cost_what_the_players_could_pay():
    """Plutorial 7, 9, 11: the Ayyubid's March (Damascus), +1 Cavalry (a City, Jerusalem) and
    +2 Infantry (Ahamant) cost 6 in all (10 - 3 - 6 = 1 at the end of the Command phase);
    plutorial 10: a Sea Move in a Port (Tripoli). The Angevin's four placed Orders (Defence,
    Tyre, Sidon, Tripoli) cost its 9 command points; the Ayyubid's five (its Desert, Damascus,
    Jerusalem, Ahamant, the Reaction in Acre) its 10."""
    march, cavalry, levy = (
        by_key("ayyubid", "march_1"),
        by_key("ayyubid", "muster_cavalry"),
        by_key("ayyubid", "alliance_levy"),
    )
    assert steps(march) == [("march", "", 0, 0)] and march.region == "any"
    assert steps(cavalry) == [("muster", "cavalry", 1, 0)] and cavalry.region == "city"
    assert march.cost + cavalry.cost + levy.cost == 6
    sea = by_key("angevin", "sea_move")
    assert steps(sea) == [("sea_move", "", 0, 0)] and sea.region == "port"
    angevin = sum(by_key("angevin", k).cost for k in ("defence", "muster_infantry", "muster_march", "sea_move"))
    ayyubid = sum(
        by_key("ayyubid", k).cost for k in ("muster_march", "march_1", "muster_cavalry", "alliance_levy", "defence")
    )
    assert (angevin, ayyubid) == (9, 10)


def test_reinforce_is_basic_and_the_advanced_march_costs_one():
    """Solo rules, Planning: the Reaction group holds the basic Reaction Orders (Reinforce among
    them: Bot Reactions); the Prepared group gains "the Advanced March Order, costing 1 command
    point"."""
    basic_reactions = [o.key for o in orders("hre") if o.reaction and not o.advanced]
    assert "reinforce" in basic_reactions and "defence" in basic_reactions
    o = by_key("hre", "advanced_march")
    assert o.advanced and o.cost == 1 and steps(o) == [("march", "", 0, 0)]
    assert [o.key for o in orders("hre") if o.advanced and o.cost == 1 and o.effects[0].do == "march"] == [
        "advanced_march"
    ]


def test_advanced_orders_hold_marches_and_reactions():
    """Bot Table, Upkeep row: an Advanced Order may be a March or a Reaction Order; the glossary's
    Forced March, Coordinated March, Disperse, Diversion, Retreat and Tactical Retreat."""
    advanced = [o for o in orders("turkoman") if o.advanced]
    words = {s.do for o in advanced for s in o.effects}
    assert {
        "forced_march",
        "coordinated_march",
        "disperse",
        "diversion",
        "retreat",
        "tactical_retreat",
        "march",
    } <= words
    assert any(o.reaction for o in advanced) and any(not o.reaction for o in advanced)


def test_reaction_orders_need_own_presence_and_carry_tithe():
    """Plutorial 1: "The player always needs Presence in the Region, but the Order can be
    executed in any Region type"; Upkeep 2: "Each non-executed Reaction Order will give the
    player a Tithe bonus"; ruling: the Tithe icon is on exactly the Reaction Orders."""
    for o in orders("angevin"):
        assert o.tithe == o.reaction
        if o.reaction:
            assert (o.presence, o.region) == ("own", "any")
            assert all(s.do in REACTIONS for s in o.effects)
        else:
            assert not any(s.do in REACTIONS for s in o.effects)


def test_an_order_describes_itself():
    assert by_key("ayyubid", "muster_cavalry").text == "1 CP · City · +1 Cavalry"
    assert by_key("ayyubid", "blank_1").text == "Blank"
    assert by_key("ayyubid", "siege_engine").text == "3 CP · City · +1 Siege Engine"


# --- Missions -----------------------------------------------------------------------------------


def _shown(key):
    return uncovered(SOUTH.region(key), (None,) * len(SLOT_SHAPES))


def test_ensure_our_supply_counts_regions_with_a_supply_icon():
    """Plutorial, Upkeep 1: "Ensure our supply" counts the Regions with at least 1 supply icon:
    4 icons in 2 Regions count 2, 3 icons in 3 Regions count 3, and the Glory moves 1 step
    toward the Alliance with more (erratum: toward the Angevin)."""
    m = next(m for m in C.missions if m.title == "Ensure our supply")
    assert (m.glory.regions, m.glory.icon) == ("icon", "supply")
    two_icons = ["homs", "sidon"]
    assert all(_shown(k).count("supply") == 2 for k in two_icons)
    ayyubid = sum(matches(m.glory, SOUTH, k, _shown(k)) for k in two_icons)
    angevin = sum(matches(m.glory, SOUTH, k, _shown(k)) for k in ("tripoli", "desert_east_of_tripoli", "hama", "jaffa"))
    assert ayyubid == 2 and angevin == 3  # Tripoli shows no supply icon
    covered = list(SOUTH.region("sidon").icons)
    slots = tuple("angevin:infantry" if icon == "supply" else None for icon in covered)
    assert not matches(m.glory, SOUTH, "sidon", uncovered(SOUTH.region("sidon"), slots))


def test_a_mission_counts_crown_icons_for_glory_and_ports_for_faith():
    """Upkeep example, p.17: Glory for the Regions with crown icons, Faith for the Ports."""
    m = next(m for m in C.missions if m.glory.regions == "icon" and m.glory.icon == "crown")
    assert m.faith.regions == "port"
    assert matches(m.faith, SOUTH, "tripoli", ()) and not matches(m.faith, SOUTH, "tripoli", (), port_destroyed=True)
    assert not matches(m.faith, SOUTH, "damascus", ())


def test_mission_predicates():
    road = next(m for m in C.missions if m.key == "road_to_jerusalem").glory
    near = {r.key for r in SOUTH.regions if matches(road, SOUTH, r.key, ())}
    assert near == {"jerusalem", "desert_south_of_damascus", "jaffa", "ascalon", "kerak"}
    desert = next(m for m in C.missions if m.key == "masters_of_the_desert").glory
    assert {r.key for r in SOUTH.regions if matches(desert, SOUTH, r.key, ())} == {
        r.key for r in SOUTH.regions if r.kind == "desert"
    }
    assert len({m.title for m in C.missions}) == 7 and len({(m.glory, m.faith) for m in C.missions}) == 7


# --- Diplomacy Cards ----------------------------------------------------------------------------


def test_bedouin_tribes_gives_faith_glory_gold_and_moves_in_reward_order():
    """Plutorial (the first card, "Bedouin Tribes"): reward 2 is +1 Glory, reward 3 +1 gold, and
    the holder of 2 moves before the holder of 3; 4-player example, p.16: reward 1 is +1 Faith,
    and the holders of 1, 2 and 3 move 1st, 2nd and 3rd, the fourth bidder last."""
    card = next(d for d in C.diplomacy if d.name == "Bedouin Tribes")
    assert [(r.gain, r.n) for r in card.rewards] == [("faith", 1), ("glory", 1), ("gold", 1)]
    assert [card.movement(r) for r in (1, 2, 3, None)] == [1, 2, 3, 4]


def test_every_diplomacy_card_orders_its_three_rewards():
    for d in C.diplomacy:
        assert sorted(d.order) == [1, 2, 3] and d.movement(None) == 4
        assert len(d.rewards) == 3 and all(1 <= r.n <= 3 for r in d.rewards)
    assert len({d.name for d in C.diplomacy}) == 7


# --- Objective Cards ----------------------------------------------------------------------------


def test_two_cities_give_three_glory():
    """p.18: the Ayyubid Controls Kerak and Damascus of its card: 3 Glory."""
    cards_with_both = [o for o in C.objectives if {"kerak", "damascus"} <= set(o.cities)]
    assert cards_with_both
    assert all(o.score(["kerak", "damascus", "jerusalem"]) == 3 for o in cards_with_both)
    assert all(o.glory[1] == 3 for o in C.objectives)
    assert all(o.score([]) == 0 and o.score(o.cities) == o.glory[3] for o in C.objectives)


def test_the_final_winner_example_cards_exist():
    """p.18, Final Winner: the Holy Roman Empire's second card names Sidon, Ascalon and
    Heraclea (3 Controlled), the Angevin's Homs and Tyre (2)."""
    assert any({"sidon", "ascalon", "heraclea"} <= set(o.cities) for o in C.objectives)
    assert any({"homs", "tyre"} <= set(o.cities) for o in C.objectives)


def test_the_plutorial_cards_are_south_cards():
    """Plutorial, end: the Angevin draws Damascus, the Ayyubid Sidon, in a 2-player game on the
    south board; ruling: a card naming a north City is a North card."""
    by_city = {o.city: o for o in C.objectives}
    assert by_city["damascus"].section == by_city["sidon"].section == "south"
    for o in C.objectives:
        north = any(c in NORTH_CITIES for c in o.cities)
        assert (o.section == "north") == north
        assert o.city == o.key and len(set(o.cities)) == 4 and "jerusalem" not in o.cities
    assert sorted(o.key for o in C.objectives if o.section == "north") == sorted(NORTH_CITIES)
    assert sum(o.section == "south" for o in C.objectives) == 11


def test_objective_cities_are_cities():
    for o in C.objectives:
        for c in o.cities:
            assert BOTH.region(c).city


# --- mistakes in the files ------------------------------------------------------------------------


def _text(name, old, new):
    raw = (FOLDER / name).read_text(encoding="utf-8")
    assert old in raw, old
    return read_toml("x", name, text=raw.replace(old, new, 1))


def _escape(message):
    return "".join("\\" + ch if ch in "()[].+" else ch for ch in message)


@pytest.mark.parametrize(
    "old,new,message",
    [
        (
            'effects = [{ do = "defence", n = 2 }]',
            'effects = [{ do = "defend", n = 2 }]',
            "orders.toml: order 3 ('defence'): field 'effects', step 1: 'do' is 'defend'",
        ),
        (
            'effects = [{ do = "defence", n = 2 }]',
            'effects = [{ do = "defence", n = "2" }]',
            "order 3 ('defence'): field 'effects', step 1 ('defence'): field 'n' must be int",
        ),
        (
            'effects = [{ do = "sea_move" }]',
            'effects = [{ do = "sea_move", ships = 2 }]',
            "order 11 ('sea_move'): field 'effects', step 1 ('sea_move'): unknown field 'ships'",
        ),
        ('region = "port"', 'region = "city"', "order 11 ('sea_move'): field 'region' is 'city'; a Sea Move"),
        ('region = "port"', 'region = "harbour"', "order 11 ('sea_move'): field 'region' is 'harbour'"),
        ('presence = "alliance"', 'presence = "partner"', "order 9 ('alliance_levy'): field 'presence' is 'partner'"),
        ("cost = 1\nreaction = true", 'cost = "1"\nreaction = true', "order 3 ('defence'): field 'cost' must be int"),
        (
            "cost = 1\nreaction = true",
            'cost = 1\nreaction = "yes"',
            "order 3 ('defence'): field 'reaction' must be bool",
        ),
        (
            'key = "defence"\nname = "Defence"\npresence = "own"\nregion = "any"\ncost = 1\nreaction = true',
            'key = "defence"\nname = "Defence"\npresence = "own"\nregion = "any"\ncost = 1',
            "order 3 ('defence'): field 'effects', step 1: 'defence' is a Reaction",
        ),
        (
            'unit = "cavalry", n = 2',
            'unit = "cavalry", n = 3',
            "order 22 ('desert_cavalry'): field 'effects', step 1 ('muster'): 3 cavalry do not fit",
        ),
        (
            'unit = "siege", n = 1',
            'unit = "trebuchet", n = 1',
            "order 21 ('siege_engine'): field 'effects', step 1 ('muster'): field 'unit' is 'trebuchet'",
        ),
        ('key = "march_2"', 'key = "march_1"', "order 6 ('march_1'): field 'key' repeats an earlier order"),
        (
            'flavour = "Camp rumours',
            'colour = "red"\nflavour = "Camp rumours',
            "order 1 ('blank_1'): unknown field 'colour'",
        ),
        (
            'blank = true\neffects = []\nflavour = "Camp',
            'blank = true\neffects = [{ do = "march" }]\nflavour = "Camp',
            "order 1 ('blank_1'): field 'effects': a Blank Order has no effect",
        ),
        (
            'cost = 1\nadvanced = true\neffects = [{ do = "march" }]',
            'cost = 1\neffects = [{ do = "march" }]',
            "orders.toml: field 'advanced': 13 basic and 9 Advanced Orders",
        ),
        (
            'key = "blank_2"\nname = "Blank"\npresence = "none"\nregion = "any"\ncost = 0\nblank = true\neffects = []',
            'key = "blank_2"\nname = "Blank"\npresence = "own"\nregion = "any"\ncost = 1\neffects = [{ do = "march" }]',
            "orders.toml: field 'blank': each Army needs at least 2 Blank Orders",
        ),
    ],
)
def test_a_mistake_in_the_orders_names_file_entry_and_field(old, new, message):
    with pytest.raises(DataError, match=_escape(message)):
        parse_orders(_text("orders.toml", old, new))


@pytest.mark.parametrize(
    "old,new,message",
    [
        (
            'glory = { regions = "icon", icon = "supply" }',
            'glory = { regions = "icon", icon = "wine" }',
            "missions.toml: mission 1 ('ensure_supply'): field 'glory': field 'icon' is 'wine'",
        ),
        (
            'faith = { regions = "desert" }',
            'faith = { regions = "oasis" }',
            "mission 1 ('ensure_supply'): field 'faith': field 'regions' is 'oasis'",
        ),
        (
            'faith = { regions = "desert" }',
            'faith = { regions = "desert", icon = "gold" }',
            "mission 1 ('ensure_supply'): field 'faith': 'icon' is only for regions = 'icon'",
        ),
        (
            'faith = { regions = "desert" }',
            'faith = "desert"',
            "mission 1 ('ensure_supply'): field 'faith' must be dict",
        ),
        (
            'title = "Hold the Coast"',
            'title = "Ensure our supply"',
            "mission 5 ('hold_the_coast'): field 'title' repeats",
        ),
    ],
)
def test_a_mistake_in_the_missions_names_file_entry_and_field(old, new, message):
    with pytest.raises(DataError, match=_escape(message)):
        parse_missions(_text("missions.toml", old, new))


def test_missions_and_diplomacy_cards_must_number_seven():
    raw = tomllib.loads((FOLDER / "missions.toml").read_text(encoding="utf-8"))
    raw["mission"].pop()
    with pytest.raises(DataError, match=_escape("missions.toml: 6 Mission Cards; the game has 7")):
        parse_missions(raw)
    raw = tomllib.loads((FOLDER / "diplomacy.toml").read_text(encoding="utf-8"))
    raw["card"].append(dict(raw["card"][0], key="copy", name="Copy"))
    with pytest.raises(DataError, match=_escape("diplomacy.toml: 8 Diplomacy Cards; the game has 7")):
        parse_diplomacy(raw)


@pytest.mark.parametrize(
    "old,new,message",
    [
        (
            "order = [1, 2, 3]",
            "order = [1, 2, 2]",
            "diplomacy.toml: card 1 ('bedouin_tribes'): field 'order' is [1, 2, 2]",
        ),
        (
            '{ gain = "gold", n = 1 }]\norder = [1, 2, 3]',
            '{ gain = "silk", n = 1 }]\norder = [1, 2, 3]',
            "card 1 ('bedouin_tribes'): field 'rewards', reward 3: field 'gain' is 'silk'",
        ),
        (
            'rewards = [{ gain = "faith", n = 1 }, { gain = "glory", n = 1 }, { gain = "gold", n = 1 }]',
            'rewards = [{ gain = "faith", n = 1 }, { gain = "glory", n = 1 }]',
            "card 1 ('bedouin_tribes'): field 'rewards' must list 3 rewards, not 2",
        ),
        (
            '{ gain = "faith", n = 1 }, { gain = "glory", n = 1 }',
            '{ gain = "faith", n = 4 }, { gain = "glory", n = 1 }',
            "card 1 ('bedouin_tribes'): field 'rewards', reward 1: field 'n' is 4; expected 1 to 3",
        ),
        ('name = "The Treaty of Jaffa"', 'name = "Bedouin Tribes"', "card 7 ('treaty_of_jaffa'): field 'name' repeats"),
    ],
)
def test_a_mistake_in_the_diplomacy_cards_names_file_entry_and_field(old, new, message):
    with pytest.raises(DataError, match=_escape(message)):
        parse_diplomacy(_text("diplomacy.toml", old, new))


@pytest.mark.parametrize(
    "old,new,message",
    [
        (
            'cities = ["sidon", "tyre", "damascus", "tripoli"]',
            'cities = ["sidon", "tyre", "damascus", "beirut"]',
            "objectives.toml: objective 6 ('sidon'): field 'cities' has 'beirut', which is no Region",
        ),
        (
            'cities = ["sidon", "tyre", "damascus", "tripoli"]',
            'cities = ["sidon", "tyre", "damascus", "desert_west_of_damascus"]',
            "objective 6 ('sidon'): field 'cities' has 'desert_west_of_damascus', a Desert",
        ),
        (
            'cities = ["sidon", "tyre", "damascus", "tripoli"]',
            'cities = ["sidon", "tyre", "damascus", "jerusalem"]',
            "objective 6 ('sidon'): field 'cities' has Jerusalem",
        ),
        (
            'cities = ["sidon", "tyre", "damascus", "tripoli"]',
            'cities = ["sidon", "tyre", "damascus", "aleppo"]',
            "objective 6 ('sidon'): field 'section' is 'south'; a card naming a City of the north board",
        ),
        (
            'cities = ["sidon", "tyre", "damascus", "tripoli"]',
            'cities = ["tyre", "sidon", "damascus", "tripoli"]',
            "objective 6 ('sidon'): field 'cities' must begin with the main City 'sidon'",
        ),
        (
            'cities = ["sidon", "tyre", "damascus", "tripoli"]',
            'cities = ["sidon", "tyre", "damascus"]',
            "objective 6 ('sidon'): field 'cities' must list 4 Cities, not 3",
        ),
        (
            'cities = ["sidon", "tyre", "damascus", "tripoli"]',
            'cities = ["sidon", "tyre", "tyre", "tripoli"]',
            "objective 6 ('sidon'): field 'cities' names a City twice",
        ),
        (
            'cities = ["sidon", "tyre", "damascus", "tripoli"]\nglory = [1, 3, 5, 7]',
            'cities = ["sidon", "tyre", "damascus", "tripoli"]\nglory = [1, 3, 3, 7]',
            "objective 6 ('sidon'): field 'glory' is [1, 3, 3, 7]",
        ),
        (
            'key = "acre"\nsection = "south"\ndeck = "muslim"',
            'key = "acre"\nsection = "south"\ndeck = "crusader"',
            "objective 10 ('acre'): field 'deck' is 'crusader', but 'acre' heads the 'muslim' deck",
        ),
        ('deck = "none"', 'deck = "neutral"', "objective 18 ('famagusta'): field 'deck' is 'neutral'"),
        (
            'cities = ["kerak", "ahamant", "damascus", "ascalon"]',
            'cities = ["kerak", "jaffa", "acre", "ahamant"]',
            "objective 17 ('kerak'): field 'cities' names the same 4 Cities as 'ahamant'",
        ),
        (
            'glory = [1, 3, 5, 7]\nflavour = "Richard took',
            'glory = [1, 3, 5, 7]\nnorth = true\nflavour = "Richard took',
            "objective 18 ('famagusta'): unknown field 'north'",
        ),
    ],
)
def test_a_mistake_in_the_objectives_names_file_entry_and_field(old, new, message):
    with pytest.raises(DataError, match=_escape(message)):
        parse_objectives(_text("objectives.toml", old, new), BOTH)


def test_a_deck_short_of_a_card_is_refused():
    raw = tomllib.loads((FOLDER / "objectives.toml").read_text(encoding="utf-8"))
    raw["objective"] = [o for o in raw["objective"] if o["key"] != "tyre"]
    with pytest.raises(DataError, match=_escape("objectives.toml: field 'deck': the 'crusader' deck has adana")):
        parse_objectives(raw, BOTH)
