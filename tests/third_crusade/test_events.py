"""Third Crusade designed Event Cards: the counts the components list gives (p.35), every card
and number the rulebook's text fixes (each test names its page or example), the decks a game
uses (setup, p.4; variable setup, p.9), the balance between the Armies, and mistakes in the
file answered with the file, the entry and the field."""

import itertools
import tomllib
from pathlib import Path

import pytest

from outremer.core.data import read_toml
from outremer.core.errors import DataError
from outremer.games.third_crusade import events as events_module
from outremer.games.third_crusade.data import ALLIANCE_OF, ARMIES, check_armies, content
from outremer.games.third_crusade.events import (
    DRAW,
    PERIODS,
    STEPS,
    deck,
    event,
    events,
    parse_events,
    step_value,
    value,
)

E = events()
BOTH = content().both
LEADERS = content().leaders
FOLDER = Path(events_module.__file__).parent / "data"
START_GOLD = 4
"""Each player's gold at setup (p.4); the plutorial's players still hold it in the Command phase."""


def steps(card, part="main"):
    return [(s.do, s.unit, s.n, s.army, s.whose, s.action, s.key, s.icon, s.what) for s in getattr(card, part)]


def affordable(crowns_on_track, gold, requirement):
    """Whether a crown event can be played: each missing crown costs 2 gold (p.12)."""
    return 2 * max(0, requirement - crowns_on_track) <= gold


def legal_games():
    for n in (2, 3, 4):
        for armies in itertools.combinations(ARMIES, n):
            try:
                check_armies(armies)
            except ValueError:
                continue
            yield armies


# --- counts (components, p.35) ------------------------------------------------------------------


def test_128_cards_32_per_army_8_per_round():
    """Components, p.35: "32 Event Cards, 8 per year"; setup, p.4: 4 piles by year."""
    assert len(E) == 128
    assert len({e.key for e in E}) == 128 and len({e.title for e in E}) == 128
    for army in ARMIES:
        assert sum(e.army == army for e in E) == 32
        for period in PERIODS:
            assert sum(e.army == army and e.period == period for e in E) == 8


def test_crown_requirements_and_markings_are_sound():
    for e in E:
        assert 0 <= e.crowns <= 6
        assert bool(e.crown) == bool(e.crowns)
        assert e.marked == "" or ALLIANCE_OF[e.marked] != ALLIANCE_OF[e.army]
        assert e.main


def test_every_step_word_is_used():
    """One small vocabulary, each word in use (the file header documents it)."""
    used = {s.do for e in E for s in (*e.main, *e.crown)}
    used |= {s.do for e in E for step in (*e.main, *e.crown) for o in step.options for s in o}
    assert used == set(STEPS)


def test_every_crown_mode_is_used():
    """p.12: crown events beside the main event, "In same Region" and "Instead"."""
    assert {e.crown_mode for e in E if e.crown} == {"and", "same_region", "instead"}
    raid = event("raid_on_the_road")
    assert raid.crown_mode == "instead" and value(raid)[1] == sum(step_value(s, "turkoman") for s in raid.crown) - sum(
        step_value(s, "turkoman") for s in raid.main
    )


def test_specials_are_few():
    assert sum(s.do == "special" for e in E for s in (*e.main, *e.crown)) <= 4


# --- the cards the text names -------------------------------------------------------------------


def test_the_plutorial_piles_1190():
    """Plutorial, Strategy (p.24): the Angevin places Conquests of Cyprus, Guy's Expedition,
    Ayyubid Servants Loot Their Own Camp and Henry II of Champagne; the Ayyubid Tuhgril's
    Rebellion, Crusader Fleet Suffer Defeats, Forced Slaughter of Horses and Al-Adil's Victory,
    all drawn from the 1190 piles of a game of the two."""
    angevin = {e.title for e in deck("angevin", "1190", ("angevin", "ayyubid"), False)}
    ayyubid = {e.title for e in deck("ayyubid", "1190", ("angevin", "ayyubid"), False)}
    assert {
        "Conquests of Cyprus",
        "Guy's Expedition",
        "Ayyubid Servants Loot Their Own Camp",
        "Henry II of Champagne",
        "Burning of Haifa",
    } <= angevin
    assert {
        "Tuhgril's Rebellion",
        "Crusader Fleet Suffer Defeats",
        "Forced Slaughter of Horses",
        "Al-Adil's Victory",
    } <= ayyubid


def test_loot_their_own_camp():
    """Plutorial, Command 2: where the Ayyubid has Presence, a Sabotage token (Acre's Glory
    icon) and 1 Ayyubid Infantry removed (Jerusalem): two Regions for one card; the Angevin,
    1 crown and 4 gold, cannot play the crown event."""
    card = event("ayyubid_servants_loot")
    assert card.army == "angevin" and card.banner.presence == "ayyubid" and card.banner.region == "any"
    assert steps(card) == [
        ("sabotage", "", 1, "", "", "", "", "", ""),
        ("remove", "infantry", 1, "", "ayyubid", "", "", "", ""),
    ]
    assert not affordable(1, START_GOLD, card.crowns)


def test_al_adils_victory():
    """Plutorial, Command 3: a Forced March from Al-Adil's Region (Ahamant); the crown event
    needs 3, the Ayyubid has 2 and pays 2 gold; any Presence: a Bandit on a Road."""
    card = event("al_adils_victory")
    assert card.army == "ayyubid" and card.banner.presence == "ayyubid" and card.banner.leader == "al_adil"
    assert [s.do for s in card.main] == ["forced_march"]
    assert card.crowns == 3 and affordable(2, 4, card.crowns) and 2 * (card.crowns - 2) == 2
    assert card.crown_banner.presence == "none"
    assert steps(card, "crown") == [("bandit", "", 1, "", "", "", "", "", "")]


def test_guys_expedition():
    """Plutorial, Command 4: in a Desert with Angevin Presence, a Neutral Cavalry and a Neutral
    Infantry; the Angevin (1 crown, 4 gold) cannot play the crown event."""
    card = event("guys_expedition")
    assert card.army == "angevin" and (card.banner.presence, card.banner.region) == ("angevin", "desert")
    assert sorted((s.do, s.unit, s.n, s.army) for s in card.main) == [
        ("muster", "cavalry", 1, "neutral"),
        ("muster", "infantry", 1, "neutral"),
    ]
    assert not affordable(1, START_GOLD, card.crowns)


def test_crusader_fleet_suffer_defeats():
    """Plutorial, Command 5: a Port, any Presence: a Destroyed Port (Tripoli) and a Sabotage
    token (Sidon's supply icon); the Ayyubid, 2 crowns and 2 gold left, could buy the crown
    event (3) and chooses not to."""
    card = event("crusader_fleet_defeats")
    assert card.army == "ayyubid" and (card.banner.presence, card.banner.region) == ("none", "port")
    assert [s.do for s in card.main] == ["destroyed_port", "sabotage"]
    assert card.crowns == 3 and affordable(2, 2, card.crowns)


def test_forced_slaughter_of_horses_removes_angevin_units():
    """Plutorial, Strategy: the Ayyubid's slot-4 card removes Angevin Units (cavalry here)."""
    card = event("forced_slaughter_of_horses")
    assert card.army == "ayyubid" and card.period == "1190"
    assert all(s.do == "remove" and s.whose == "angevin" for s in (*card.main, *card.crown))
    assert card.main[0].unit == "cavalry" and card.main[0].n >= 2


def test_tughril_and_a_cavalry_in_an_empty_desert():
    """p.12, main event: Tughril and a Cavalry to a Desert without Crusader or Muslim Presence;
    the crown event needs 4, the player has 2 and pays 4 gold (ruling: the card is Tuhgril's
    Rebellion)."""
    card = event("tuhgrils_rebellion")
    assert card.army == "ayyubid" and card.banner.region == "desert"
    assert set(card.banner.absent) == {"crusader", "muslim"} and card.banner.presence == "none"
    assert ("leader", "", 0, "", "", "add", "tughril", "", "") in steps(card)
    assert ("muster", "cavalry", 1, "own", "", "", "", "", "") in steps(card)
    assert card.crowns == 4 and 2 * (card.crowns - 2) == 4


def test_infantry_and_a_crown_token_in_a_controlled_city():
    """p.12: the Holy Roman Empire places an Infantry and a crown token in a City it Controls;
    its crowns go 2 -> 3, enough for the crown event, which raises its base command points."""
    card = event("court_of_christ")
    assert card.army == "hre"
    assert (card.banner.presence, card.banner.region, card.banner.control) == ("hre", "city", True)
    assert [(s.do, s.unit or s.icon, s.n) for s in card.main] == [("muster", "infantry", 1), ("token", "crown", 1)]
    assert card.crowns == 3 and card.crowns <= 2 + 1
    assert [(s.do, s.icon) for s in card.crown] == [("token", "cp")]


def test_one_faith_or_three_glory():
    """p.12: "Gain 1 Faith OR 3 Glory"."""
    card = event("pilgrims_at_the_sepulchre")
    (step,) = card.main
    assert step.do == "or"
    assert [[(s.do, s.what, s.n) for s in o] for o in step.options] == [[("gain", "faith", 1)], [("gain", "glory", 3)]]
    assert step_value(step, card.army) == 3


def test_greek_fire_is_a_turkoman_card():
    """Strategy example, p.10: the Angevin picks Greek Fire from the Turkoman row."""
    assert event("greek_fire").army == "turkoman"


def test_burning_of_haifa_is_marked_for_the_ayyubid():
    """Setup, p.4: without the Ayyubid, the Angevin removes Burning of Haifa, marked in yellow;
    the setup text names no other Angevin card."""
    card = event("burning_of_haifa")
    assert card.army == "angevin" and card.marked == "ayyubid"
    assert [e.key for e in E if e.army == "angevin" and e.marked] == ["burning_of_haifa"]


# --- the decks a game uses --------------------------------------------------------------------


def test_a_card_marked_for_an_absent_army_leaves_the_deck():
    """Setup, p.4: "remove any cards marked for an opponent Army not joining the game"."""
    with_ayyubid = deck("angevin", "1190", ("angevin", "ayyubid"), False)
    without = deck("angevin", "1190", ("angevin", "turkoman"), False)
    assert "burning_of_haifa" in {e.key for e in with_ayyubid}
    assert {e.key for e in with_ayyubid} - {e.key for e in without} == {"burning_of_haifa"}
    assert len(without) == 7


def test_north_cards_leave_without_the_north_board():
    """Variable setup, p.9: 2 players may use it "if the cards with the North icon are
    removed"; the 2- and 3-player games use the south board alone (p.5)."""
    south = deck("hre", "1190", ("hre", "turkoman"), False)
    full = deck("hre", "1190", ARMIES, True)
    assert not any(e.north for e in south)
    assert len(full) == 8 and {e.key for e in full if e.north} == {
        "crossing_the_hellespont",
        "storming_of_iconium",
        "drowned_in_the_saleph",
        "armenian_guides",
    }
    assert len(south) == 4


def test_every_game_draws_four_from_every_pile():
    """p.10: each player draws 4 cards from the round's pile: every pile keeps at least 4 in
    every game, 4 players with the north board, 2 and 3 without."""
    for armies in legal_games():
        north = len(armies) == 4
        for army in armies:
            for period in PERIODS:
                pile = deck(army, period, armies, north)
                assert len(pile) >= DRAW, (armies, army, period)
                assert all(e.army == army and e.period == period for e in pile)


def test_deck_refuses_unknown_names():
    with pytest.raises(ValueError):
        deck("templar", "1190", ARMIES, True)
    with pytest.raises(ValueError):
        deck("angevin", "1193", ARMIES, True)


def test_named_regions_and_leaders_exist():
    keys = {r.key for r in BOTH.regions}
    for e in E:
        for b in (e.banner, e.crown_banner):
            assert not b.named or b.named in keys
            assert not b.leader or b.leader in LEADERS
            if b.named and BOTH.region(b.named).board == "north":
                assert e.north, e.key


# --- balance ------------------------------------------------------------------------------------


def test_the_armies_decks_weigh_alike():
    """Designed: on the points scale of ``value``, each Army's 32 cards total within 3% of the
    mean, each round's 8 within 12%, and the crown requirements within 5%."""
    totals = {a: sum(sum(value(e)) for e in E if e.army == a) for a in ARMIES}
    mean = sum(totals.values()) / 4
    assert all(abs(t - mean) <= 0.03 * mean for t in totals.values()), totals
    per_round = [sum(sum(value(e)) for e in E if e.army == a and e.period == p) for a in ARMIES for p in PERIODS]
    assert all(abs(t - mean / 4) <= 0.12 * mean / 4 for t in per_round), per_round
    crowns = {a: sum(e.crowns for e in E if e.army == a) for a in ARMIES}
    c_mean = sum(crowns.values()) / 4
    assert all(abs(c - c_mean) <= 0.05 * c_mean for c in crowns.values()), crowns


# --- mistakes in the file -----------------------------------------------------------------------


def _text(old, new):
    raw = (FOLDER / "events.toml").read_text(encoding="utf-8")
    assert old in raw, old
    return read_toml("x", "events.toml", text=raw.replace(old, new, 1))


def _escape(message):
    return "".join("\\" + ch if ch in "()[].+" else ch for ch in message)


@pytest.mark.parametrize(
    "old,new,message",
    [
        (
            'key = "guys_expedition"',
            'key = "conquests_of_cyprus"',
            "events.toml: event 2 ('conquests_of_cyprus'): field 'key' repeats an earlier event",
        ),
        (
            'key = "guys_expedition"',
            'key = "guys_expedition"\ncolour = "red"',
            "events.toml: event 2 ('guys_expedition'): unknown field 'colour'",
        ),
        (
            'crown = [{ do = "march", strength = 1 }]',
            'crown = [{ do = "charge", strength = 1 }]',
            "event 2 ('guys_expedition'): field 'crown', step 1: 'do' is 'charge'",
        ),
        (
            'crown = [{ do = "march", strength = 1 }]',
            'crown = [{ do = "march", strength = 5 }]',
            "event 2 ('guys_expedition'): field 'crown', step 1 ('march'): field 'strength' is 5; expected -3 to 3",
        ),
        (
            'main = [{ do = "sabotage" }',
            'main = [{ do = "sabotage", icon = "glory" }',
            "event 3 ('ayyubid_servants_loot'): field 'main', step 1 ('sabotage'): unknown field 'icon'",
        ),
        (
            'whose = "ayyubid", unit = "infantry", n = 1 }]\ncrowns = 4',
            'whose = "ayyubid", unit = "infantry", n = "1" }]\ncrowns = 4',
            "event 3 ('ayyubid_servants_loot'): field 'main', step 2 ('remove'): field 'n' must be int",
        ),
        (
            'whose = "ayyubid", unit = "infantry", n = 1 }]\ncrowns = 4',
            'whose = "saracen", unit = "infantry", n = 1 }]\ncrowns = 4',
            "event 3 ('ayyubid_servants_loot'): field 'main', step 2 ('remove'): field 'whose' is 'saracen'",
        ),
        (
            'crowns = 4\ncrown = [{ do = "march", strength = 1 }]',
            'crowns = "4"\ncrown = [{ do = "march", strength = 1 }]',
            "event 2 ('guys_expedition'): field 'crowns' must be int",
        ),
        (
            'crowns = 4\ncrown = [{ do = "march", strength = 1 }]',
            'crowns = 7\ncrown = [{ do = "march", strength = 1 }]',
            "event 2 ('guys_expedition'): field 'crowns' is 7; expected 0 to 6",
        ),
        (
            'crowns = 2\ncrown = [{ do = "muster", unit = "infantry", n = 2 }]',
            'crowns = 0\ncrown = [{ do = "muster", unit = "infantry", n = 2 }]',
            "event 6 ('siege_camp_before_acre'): field 'crowns' is 0; a crown event needs 1 or more crowns",
        ),
        (
            'named = "famagusta"',
            'named = "rhodes"',
            "event 1 ('conquests_of_cyprus'): field 'banner': field 'named' is 'rhodes', which is no Region",
        ),
        (
            'region = "port", named = "famagusta"',
            'region = "desert", named = "famagusta"',
            "event 1 ('conquests_of_cyprus'): field 'banner': field 'region' is 'desert', but Famagusta is not one",
        ),
        (
            'banner = { presence = "angevin", region = "desert" }',
            'banner = { presence = "english", region = "desert" }',
            "event 2 ('guys_expedition'): field 'banner': field 'presence' is 'english'",
        ),
        (
            'banner = { presence = "angevin", region = "desert" }',
            'banner = { presence = "angevin", region = "oasis" }',
            "event 2 ('guys_expedition'): field 'banner': field 'region' is 'oasis'",
        ),
        (
            'banner = { presence = "angevin", region = "desert" }',
            'banner = { presence = "angevin", absent = ["crusader"], region = "desert" }',
            "event 2 ('guys_expedition'): field 'banner': field 'absent': 'angevin' cannot both have and lack Presence",
        ),
        (
            'leader = "al_adil"',
            'leader = "saphadin"',
            "event 68 ('al_adils_victory'): field 'banner': field 'leader' is 'saphadin', which is no Leader",
        ),
        (
            'key = "tughril" }',
            'key = "toghrul" }',
            "event 65 ('tuhgrils_rebellion'): field 'main', step 1 ('leader'): field 'key' is 'toghrul', which is no Leader",
        ),
        (
            'key = "tughril" }',
            'key = "richard_i" }',
            "event 65 ('tuhgrils_rebellion'): field 'main', step 1 ('leader'): field 'key': a card adds a Leader of its own "
            "Alliance",
        ),
        (
            'marked = "ayyubid"\nflavour = "The Sultan',
            'marked = "angevin"\nflavour = "The Sultan',
            "event 5 ('burning_of_haifa'): field 'marked' is 'angevin'; a card is marked for an Army of the opposing Alliance",
        ),
        (
            'marked = "ayyubid"\nflavour = "The Sultan',
            'marked = "hre"\nflavour = "The Sultan',
            "event 5 ('burning_of_haifa'): field 'marked' is 'hre'",
        ),
        (
            'marked = "ayyubid"\nflavour = "The Sultan',
            'marked = "templars"\nflavour = "The Sultan',
            "event 5 ('burning_of_haifa'): field 'marked' is 'templars'",
        ),
        (
            'crown_mode = "same_region"\nnorth = true\nflavour = "The Temple',
            'crown_mode = "same_region"\nflavour = "The Temple',
            "event 22 ('templars_of_tortosa'): field 'north' is false, but the card names 'tortosa' of the north board",
        ),
        (
            'main = [{ do = "muster", unit = "cavalry", n = 2 }]',
            'main = [{ do = "muster", unit = "cavalry", n = 3 }]',
            "event 9 ('lionheart_arrives'): field 'main', step 1 ('muster'): 3 cavalry do not fit",
        ),
        (
            'options = [[{ do = "gain", what = "faith", n = 1 }], [{ do = "gain", what = "glory", n = 3 }]]',
            'options = [[{ do = "gain", what = "glory", n = 3 }]]',
            "event 25 ('pilgrims_at_the_sepulchre'): field 'main', step 1 ('or'): field 'options' must list at least 2",
        ),
        (
            'options = [[{ do = "gain", what = "faith", n = 1 }], [{ do = "gain", what = "glory", n = 3 }]]',
            'options = [[{ do = "gain", what = "faith", n = 1 }], [{ do = "gain", what = "piety", n = 3 }]]',
            "event 25 ('pilgrims_at_the_sepulchre'): field 'main', step 1 ('or'): field 'options 2', step 1 ('gain'): "
            "field 'what' is 'piety'",
        ),
        (
            'crown = [{ do = "bandit" }]\ncrown_banner = { presence = "none" }',
            'crown = [{ do = "bandit" }]\ncrown_mode = "same_region"\ncrown_banner = { presence = "none" }',
            "event 68 ('al_adils_victory'): field 'crown_banner': an 'In same Region' crown event uses the main event's Region",
        ),
        (
            'crown_mode = "same_region"\nflavour = "Isaac',
            'crown_mode = "beside"\nflavour = "Isaac',
            "event 1 ('conquests_of_cyprus'): field 'crown_mode' is 'beside'",
        ),
        (
            'period = "1190"\nkey = "guys_expedition"',
            'period = "1191 Spring"\nkey = "guys_expedition"',
            "events.toml: field 'period': angevin has 7 cards for 1190; each Army has 8 per round",
        ),
        (
            'period = "1190"\nkey = "guys_expedition"',
            'period = "1189"\nkey = "guys_expedition"',
            "event 2 ('guys_expedition'): field 'period' is '1189'",
        ),
        (
            'main = [{ do = "special", key = "treaty_of_jaffa" }]',
            'main = [{ do = "special", key = "truce" }]',
            "event 89 ('treaty_of_jaffa'): field 'main', step 1 ('special'): field 'key' is 'truce'",
        ),
    ],
)
def test_a_mistake_in_the_events_names_file_entry_and_field(old, new, message):
    with pytest.raises(DataError, match=_escape(message)):
        parse_events(_text(old, new), BOTH, LEADERS)


def test_a_pile_too_thin_without_the_north_board_is_refused():
    """p.10: a player draws 4 cards; a pile that keeps fewer without the north board is an error."""
    raw = tomllib.loads((FOLDER / "events.toml").read_text(encoding="utf-8"))
    for card in raw["event"]:
        if card["key"] == "host_of_ratisbon":
            card["north"] = True
    with pytest.raises(DataError, match=_escape("events.toml: field 'north': hre's 1190 pile keeps 3 cards")):
        parse_events(raw, BOTH, LEADERS)
