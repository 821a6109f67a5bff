"""The rulebook's optional Bot rules as solo options (p.20 STRATEGY and p.23 DIPLOMACY alternative
rules; rulings TC96, TC97), and the codes of revision 7 under revision 8."""

from __future__ import annotations

import random

import pytest

from outremer.core import sharecode
from outremer.core.errors import ShareCodeFromOtherVersion
from outremer.core.match import Match
from outremer.games.third_crusade.bot_table import table
from outremer.games.third_crusade.game import ThirdCrusade
from outremer.games.third_crusade.options import OPTIONS

GAME = ThirdCrusade()
NEW = ("bot_reroll", "bot_diplomacy_column")

# Codes recorded under revision 7 (before the optional Bot rules), with what they replayed to then:
# 2 players against each other (the Holy Roman Empire against the Ayyubid, seed 21, 150 random
# actions) and a solo game (one person, Muslim, against the Angevin Bot, seed 5, 60 random actions).
REVISION_7_TWO = "AQQHFQIAAAEAAAAAAAAAlgH9aReqYlmmvsIHDEZkuNcx0iuNbiDKqjD83zxR7-TC36gAI1Szy9C6Go_ifk0MUBinqDO7"
REVISION_7_SOLO = "AQQHBQEAAAAAAAABAAA8VoZotVovtrD5sIVRIoH-J3oUCO-B0KI"


def _games(_code_id):
    return GAME


def test_the_options_are_solo_options_after_the_offered_ones():
    """Offered in solo games (one person, or two together), off by default, written after every
    option the form offered in revision 7 (the hidden lesson is written after them all)."""
    offered = [o.id for o in OPTIONS if not o.hidden]
    assert offered[-2:] == list(NEW)
    for option in OPTIONS:
        if option.id in NEW:
            assert option.choices == (False, True) and option.default is False and option.players == (1, 2)


def test_a_revision_7_code_of_two_players_replays_with_the_options_off():
    match = sharecode.decode(REVISION_7_TWO, _games)
    s = match.state
    assert GAME.rules_revision == 8 and match.steps == 150
    assert (s["glory"], s["round"], s["phase"], s["gold"], s["cp"]) == (-4, 1, "command", [3, 3], [7, 10])
    options = dict(match.setup.options)
    assert options["crusader_army"] == "hre" and not options["bot_reroll"] and not options["bot_diplomacy_column"]
    again = sharecode.decode(sharecode.encode(match), _games)  # written anew under revision 8
    assert again.steps == 150 and again.state == s


def test_a_revision_7_solo_code_is_refused_with_a_sentence():
    """Revision 8 changed the Bot's Event Cards (ruling TC95): a revision-7 solo code may not
    replay as it was played, so it is refused, as every code of a changed moment is."""
    with pytest.raises(ShareCodeFromOtherVersion, match=r"older revision of the rules engine \(7"):
        sharecode.decode(REVISION_7_SOLO, _games)
    assert GAME.earlier_revision(7, 1) is None
    assert GAME.earlier_revision(7, 2) == {"bot_reroll": False, "bot_diplomacy_column": False}
    assert not GAME.replays_earlier(7, 2, {"together": "crusader"})
    assert GAME.replays_earlier(7, 2, {"together": "off"})


def test_a_code_with_the_options_on_replays_them():
    match = Match(GAME, GAME.make_setup(3, ["human"], {"bot_reroll": True, "bot_diplomacy_column": True}))
    rand = random.Random(3)
    for _ in range(40):
        if not match.legal_actions():
            break
        match.play(rand.choice(match.legal_actions()))
    assert match.steps > 10
    again = sharecode.decode(sharecode.encode(match), _games)
    assert again.state == match.state
    assert dict(again.setup.options)["bot_reroll"] and dict(again.setup.options)["bot_diplomacy_column"]


def _until(s, phase, seed):
    rand = random.Random(seed)
    lines = []
    while s["phase"] != phase and GAME.to_act(s) is not None:
        s, log = GAME.apply(s, rand.choice(GAME.legal_actions(s)))
        lines += log
    return s, lines


def _start(options, seed=11):
    return GAME.start(GAME.make_setup(seed, ["human"], options))


def test_reroll_a_new_column_at_the_start_of_command_diplomacy_and_upkeep():
    """p.20, alternative rule: the Bot rolls anew at the start of the Command, Diplomacy and
    Upkeep phases (ruling TC96); the column it follows is the die of the last roll."""
    s, log = _start({"bot_reroll": True})
    assert s["bot_rules"] == ["reroll"]
    s, lines = _until(s, "upkeep", 11)
    if s["phase"] != "upkeep":
        pytest.skip("the game ended before Upkeep")
    rolls = [e.text for e in log + lines if "ruling TC96" in e.text]
    assert [r.split(" at the start of ")[1].split(":")[0] for r in rolls] == [
        "the Command phase",
        "the Diplomacy phase",
        "the Upkeep phase",
    ]
    assert rolls[-1].startswith("Bot Angevin rolls") or rolls[-1].startswith("Bot Ayyubid rolls")
    last = int(rolls[-1].split(" rolls ")[1].split(" ")[0])
    assert s["bot"]["ayyubid"]["column"] == last


def test_without_the_option_the_strategy_roll_holds_all_round():
    s, log = _start({})
    assert "bot_rules" not in s
    s, lines = _until(s, "planning", 11)
    s, more = _until(s, "upkeep", 11)
    assert not [e for e in log + lines + more if "TC96" in e.text]


def _at_the_bid(options, seed=11):
    s, _ = _start(options, seed)
    s, _ = _until(s, "diplomacy", 0)
    if s["phase"] != "diplomacy":
        pytest.skip("the game ended before Diplomacy")
    return s


@pytest.mark.parametrize("seed", [11, 12, 13, 14])
def test_the_diplomacy_roll_changes_the_column_under_the_alternative(seed):
    """p.23, DIPLOMACY, alternative rule: the die rolled for the bid is the Bot's column, for the
    bid's Gold part and the Upkeep after (ruling TC97)."""
    s = _at_the_bid({"bot_diplomacy_column": True}, seed)
    gold = s["gold"][1]
    s, log = GAME.apply(s, GAME.legal_actions(s)[0])  # the person bids 0; the Bot bids
    die = s["dip"]["bot_die"]["ayyubid"]
    assert s["bot"]["ayyubid"]["column"] == die
    part = {"all": gold, "half": (gold + 1) // 2, "none": 0}[table().column(die).bid_gold]
    assert s["dip"]["bids"]["ayyubid"] == die + part
    assert f"(column {die}, DIPLOMACY)" in " ".join(e.text for e in log)


@pytest.mark.parametrize("seed", [11, 12, 13, 14])
def test_the_diplomacy_roll_keeps_the_column_by_default(seed):
    s = _at_the_bid({}, seed)
    before = s["bot"]["ayyubid"]["column"]
    s, log = GAME.apply(s, GAME.legal_actions(s)[0])
    assert s["bot"]["ayyubid"]["column"] == before
    assert not [e for e in log if "TC97" in e.text]


def test_the_column_changes_are_logged_with_their_ruling():
    """Where the roll gives another column, the log says from which to which (ruling TC97)."""
    for seed in range(11, 30):
        s = _at_the_bid({"bot_diplomacy_column": True}, seed)
        before = s["bot"]["ayyubid"]["column"]
        s, log = GAME.apply(s, GAME.legal_actions(s)[0])
        after = s["bot"]["ayyubid"]["column"]
        if after != before:
            assert any(f"changes from column {before} to column {after}" in e.text and e.rule == "TC97" for e in log)
            return
    pytest.fail("no seed changed the column")
