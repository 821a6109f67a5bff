"""The Bot's Event Cards (Solo rules p.20-21 and the Bot Table's EVENT CARDS row; ruling TC109):
the card drawn at random, the crown event bought when at least partly useful, each step placed by
the placement rules, on cards the engine executes."""

from __future__ import annotations

from outremer.core.actions import act
from outremer.games.third_crusade import command
from outremer.games.third_crusade.bot import events as bot
from outremer.games.third_crusade.bot.steps import choose_step

from .test_bandits import C, _do, _game, _put

PORTS = ("tripoli", "sidon", "tyre", "acre", "jaffa", "ascalon", "famagusta")


def _play(s, army, key, jerusalem_max=None):
    """The Bot executes ``key`` from its hand, answering every question; the log."""
    seat = s["armies"].index(army)
    log = _do(s, act("event", key))
    while s.get("pending"):
        legal = command.legal(C, s, seat)
        choice = choose_step(s, army, legal, lambda n: 0, log, jerusalem_max)
        if choice is None:  # a March: the flow composes it (p.22); here it is left out
            choice = act("skip") if act("skip") in legal else act("stay")
        assert choice in legal, (choice, legal)
        _do(s, choice)
    return log


def test_crusader_fleet_destroyed_port_sabotage_and_the_crown_bought():
    """Crusader Fleet Suffer Defeats (a Port): the Destroyed Port where the player is strongest
    (Tripoli, 3 Infantry), the Sabotage on the Glory icon of Tyre (p.21: Glory first, where the
    player has Presence); the crown event (remove 2 Crusader Infantry) is useful, so the Bot buys
    its 3 crowns with 6 Gold (p.20) and removes them from the Region with the fewest player Units."""
    s = _game(
        ["angevin", "ayyubid"], "ayyubid", hands={"ayyubid": ["crusader_fleet_defeats"]}, empty=PORTS + ("damascus",)
    )
    _put(s, "tripoli", *["angevin:infantry"] * 3)
    _put(s, "tyre", "angevin:infantry", "angevin:infantry")
    _put(s, "sidon", "angevin:infantry", "angevin:cavalry", "angevin:cavalry")
    s["gold"][1] = 10
    crowns = s["tracks"]["ayyubid"][1]
    log = _play(s, "ayyubid", "crusader_fleet_defeats")
    assert "tripoli" in s.get("destroyed", [])
    assert s["map"]["tyre"][8] == "sabotage"  # Tyre's Glory icon
    assert s["gold"][1] == 10 - 2 * (3 - crowns)
    assert any("crown event" in e.text and "p.20" in e.text for e in log)
    assert s["map"]["tyre"].count("angevin:infantry") == 0  # 2 Infantry, the fewest Units
    assert s["map"]["tripoli"].count("angevin:infantry") == 3


def test_a_crown_event_that_does_it_no_good_is_not_bought():
    """Scorched Earth: the main event Sabotages (the player's Region with the best icon); its crown
    event places a Bandit, which the Bot never does (p.21): not bought, though the Gold is there."""
    s = _game(["angevin", "ayyubid"], "ayyubid", hands={"ayyubid": ["scorched_earth"]}, empty=PORTS)
    _put(s, "acre", "angevin:infantry")
    s["gold"][1] = 20
    log = _play(s, "ayyubid", "scorched_earth")
    assert s["gold"][1] == 20 and not s.get("bandits")
    assert s["map"]["acre"][0] == "sabotage"  # Acre's Glory icon
    assert any("does not execute the crown event" in e.text for e in log)


def test_units_added_to_the_weakest_desert_without_covering_icons():
    """The Camp at Kharruba (a Desert with Ayyubid Presence: 2 Infantry, 1 Cavalry): to its weakest
    Desert (p.20: the weakest Region it Controls; 3 against 4), the 2 Infantry on bare Slots; the
    Cavalry would cover the supply icon of the last hexagonal Slot, so it is not added there
    (p.21: the Bot never covers a Resource icon)."""
    south, west = "desert_south_of_damascus", "desert_west_of_damascus"
    s = _game(
        ["angevin", "ayyubid"],
        "ayyubid",
        hands={"ayyubid": ["camp_at_kharruba"]},
        empty=(south, west, "desert_north_of_damascus", "desert_east_of_tripoli"),
    )
    _put(s, south, "ayyubid:infantry", "ayyubid:cavalry")
    _put(s, west, *["ayyubid:infantry"] * 4)
    assert C.south.region(south).icons[6:8] == ("", "supply")
    log = _play(s, "ayyubid", "camp_at_kharruba")
    after = s["map"][south]
    assert after.count("ayyubid:infantry") == 3 and after.count("ayyubid:cavalry") == 1
    assert after[7] is None and after[0] is None  # supply and gold icons uncovered
    assert s["map"][west].count("ayyubid:infantry") == 4
    assert any("covering no Resource icon" in e.text for e in log)


def test_a_march_is_left_to_the_flow():
    """Al-Adil's Victory opens with a Forced March: its composition is the flow's (p.22)."""
    s = _game(["angevin", "ayyubid"], "ayyubid", hands={"ayyubid": ["al_adils_victory"]})
    seat = 1
    _do(s, act("event", "al_adils_victory"))
    legal = command.legal(C, s, seat)
    if s["pending"]["stage"] == "where":
        _do(s, next(a for a in legal if a.verb == "at"))
    assert choose_step(s, "ayyubid", command.legal(C, s, seat), lambda n: 0, []) is None


def test_the_card_drawn_at_random_among_the_playable():
    """p.20: with 2 cards, one at random."""
    legal = [act("event", "scorched_earth"), act("event", "call_to_jihad"), act("execute", "acre"), act("pass")]
    s = _game(["angevin", "ayyubid"], "ayyubid")
    log = []
    assert bot.choose_card(s, "ayyubid", legal, lambda n: 1, log) == act("event", "call_to_jihad")
    assert bot.choose_card(s, "ayyubid", legal, lambda n: 0, log) == act("event", "scorched_earth")
    assert "at random" in log[-1].text and log[-1].rule == "p.20"


def test_column_perks():
    """The Bot Table's EVENT CARDS row (p.23): column 4 +1 Cavalry when the main event adds Units,
    5 +1 Infantry when it includes a March, 6 +1 Infantry when the card adds Units."""
    assert bot.perk_units("camp_at_kharruba", 4) == ["cavalry"]
    assert bot.perk_units("scorched_earth", 4) == []
    assert bot.perk_units("al_adils_victory", 5) == ["infantry"]
    assert bot.perk_units("camp_at_kharruba", 5) == []
    assert bot.perk_units("call_to_jihad", 6) == ["infantry"]  # its crown event musters
    assert bot.perk_units("call_to_jihad", 4) == []  # its main event does not
    assert bot.perk_units("camp_at_kharruba", 1) == []


def test_main_events_regardless_of_region_or_presence():
    """Columns 2 and 3 (p.23): The Camp at Kharruba needs a Desert with Ayyubid Presence; column 2
    lets Damascus (a City) do, column 3 an empty Desert."""
    s = _game(["angevin", "ayyubid"], "ayyubid", empty=("damascus", "desert_north_of_damascus"))
    _put(s, "damascus", "ayyubid:infantry")
    plain = bot.relaxed_regions(s, "ayyubid", "camp_at_kharruba", "main", 1)
    assert "damascus" not in plain and "desert_north_of_damascus" not in plain
    assert "damascus" in bot.relaxed_regions(s, "ayyubid", "camp_at_kharruba", "main", 2)
    assert "desert_north_of_damascus" in bot.relaxed_regions(s, "ayyubid", "camp_at_kharruba", "main", 3)


def _bot_column(s, army, column):
    """``army`` a Bot of the round's ``column`` (p.19, p.23), as the solo setup and the Strategy
    roll leave it."""
    s.setdefault("bot", {})[army] = {"column": column, "advanced": [], "aside": []}


def _kharruba(column=None):
    """The Camp at Kharruba (a Desert with Ayyubid Presence) in the Ayyubid's hand, its only
    Presence in Damascus (a City); ``column`` the Bot's, None for a person."""
    deserts = (
        "desert_south_of_damascus",
        "desert_west_of_damascus",
        "desert_north_of_damascus",
        "desert_east_of_tripoli",
    )
    s = _game(["angevin", "ayyubid"], "ayyubid", hands={"ayyubid": ["camp_at_kharruba"]}, empty=("damascus",) + deserts)
    for key in list(s["map"]):  # no Ayyubid Presence in any Desert
        if not C.south.region(key).city and any(p and p.startswith("ayyubid:") for p in s["map"][key]):
            s["map"][key] = [None] * len(s["map"][key])
    _put(s, "damascus", "ayyubid:infantry")
    if column is not None:
        _bot_column(s, "ayyubid", column)
    return s


def test_column_2_executes_the_main_event_regardless_of_region():
    """p.23, EVENT CARDS, column 2: with no Ayyubid Presence in a Desert, a person cannot play The
    Camp at Kharruba, nor a Bot of column 1; a Bot of column 2 can, and adds its Units to Damascus
    (a City with its Presence, the banner's Presence still required), the log naming the cell
    (ruling TC95)."""
    assert act("event", "camp_at_kharruba") not in command.legal(C, _kharruba(), 1)
    assert act("event", "camp_at_kharruba") not in command.legal(C, _kharruba(1), 1)
    s = _kharruba(2)
    assert act("event", "camp_at_kharruba") in command.legal(C, s, 1)
    before = sum(p == "ayyubid:infantry" for k in s["map"] for p in s["map"][k])
    log = _play(s, "ayyubid", "camp_at_kharruba")
    assert sum(p == "ayyubid:infantry" for k in s["map"] for p in s["map"][k]) == before + 2
    assert any("adds 2 Infantry in Jerusalem" in e.text for e in log)  # a City: its weakest, Jerusalem first
    assert any("column 2, EVENT CARDS: the main event regardless of Region" in e.text and e.rule == "p.23" for e in log)


def test_column_3_executes_the_main_event_regardless_of_presence():
    """p.23, EVENT CARDS, column 3: the Bot plays The Camp at Kharruba in a Desert without its
    Presence (the Region type still required: Damascus, a City, gains nothing), the log naming the
    cell (ruling TC95)."""
    s = _kharruba(3)
    assert act("event", "camp_at_kharruba") in command.legal(C, s, 1)
    log = _play(s, "ayyubid", "camp_at_kharruba")
    assert s["map"]["damascus"].count("ayyubid:infantry") == 1
    deserts = [
        k for k in s["map"] if not C.south.region(k).city and any(p and p.startswith("ayyubid:") for p in s["map"][k])
    ]
    assert deserts, "the Units went to a Desert"
    assert any("column 3, EVENT CARDS: the main event regardless of Presence" in e.text for e in log)


def test_the_perks_relax_the_main_event_only_for_the_bot():
    """The perk is the Bot's (p.23): the person's Army in the same game keeps the card's banner,
    and the Bot's crown event keeps its own (ruling TC95)."""
    s = _kharruba(2)
    s["hand"]["angevin"] = ["camp_at_kharruba"]
    from outremer.games.third_crusade.event_choices import playable

    assert "camp_at_kharruba" not in playable(C, s, 0)
    assert "camp_at_kharruba" in playable(C, s, 1)
