"""The Bot at Upkeep (Solo rules p.23, the Bot Table's UPKEEP row; ruling TC110)."""

from __future__ import annotations

import pytest

from outremer.core.actions import act
from outremer.games.third_crusade.bot import upkeep as bot

from .bot_positions import empty, put

ADVANCED = ["advanced_march", "forced_march", "disperse", "diversion", "retreat", "siege_engine"]


def test_genoa_lands_in_the_weakest_port():
    s = empty()
    put(s, "acre", "angevin:infantry", "angevin:infantry")
    put(s, "tyre", "angevin:infantry")
    put(s, "jaffa", "angevin:siege")
    legal = [act("land", k) for k in ("acre", "tyre", "jaffa")]
    log = []
    assert bot.choose_landing(s, "angevin", legal, lambda n: 0, log) == act("land", "tyre")
    assert "weakest" in log[-1].text and log[-1].rule == "p.23"


def test_genoa_equal_ports_by_proximity():
    """A Crusader Bot plays against the Muslim side, the east (ruling TC101): Acre is 2 Roads from
    it, Tyre 3."""
    s = empty()
    put(s, "acre", "angevin:infantry")
    put(s, "tyre", "angevin:infantry")
    assert bot.choose_landing(s, "angevin", [act("land", "tyre"), act("land", "acre")], lambda n: 0, []) == act(
        "land", "acre"
    )


def test_what_the_columns_keep():
    assert bot.is_march("ayyubid", "disperse") and bot.is_march("ayyubid", "forced_march")
    assert not bot.is_march("ayyubid", "siege_engine") and bot.is_reaction("ayyubid", "retreat")
    for column, first, kept in [
        (2, "siege_engine", ["siege_engine"]),
        (3, "retreat", []),
        (3, "disperse", ["disperse"]),
        (4, "forced_march", ["forced_march"]),
        (4, "diversion", []),
        (5, "diversion", ["diversion"]),
        (5, "advanced_march", []),
    ]:
        group = list(ADVANCED)
        got = bot.select_advanced(None, "ayyubid", group, column, lambda n, g=group, f=first: g.index(f), [])
        assert got == kept, (column, first)
        assert len(group) == len(ADVANCED) - len(kept)
        assert (first in kept) != (first in group)  # kept, or put back in the group


def test_column_1_keeps_two_and_column_6_none():
    group = list(ADVANCED)
    log = []
    assert bot.select_advanced(None, "ayyubid", group, 1, lambda n: 0, log) == ADVANCED[:2]
    assert group == ADVANCED[2:]
    assert bot.select_advanced(None, "ayyubid", group, 6, lambda n: 0, log) == [] and group == ADVANCED[2:]
    assert bot.select_advanced(None, "ayyubid", [], 2, lambda n: 0, log) == []
    with pytest.raises(ValueError):
        bot.select_advanced(None, "ayyubid", group, 7, lambda n: 0, log)


def test_the_objective_worth_the_most_glory():
    """p.19: the Bot scores "the card with the highest score for a Region they Control"."""
    from outremer.games.third_crusade.cards import cards

    s = empty()
    south = [o for o in cards().objectives if o.section == "south"][:3]
    best = south[1]
    for city in best.cities[:2]:
        if city in s["map"]:
            put(s, city, "ayyubid:infantry")
    legal = [act("objective", o.key) for o in south]
    scores = [bot.objective_glory(s, "ayyubid", o.key) for o in south]
    log = []
    choice = bot.choose_objective(s, "ayyubid", legal, lambda n: 0, log)
    assert bot.objective_glory(s, "ayyubid", choice.args[0]) == max(scores) > 0
    assert log[-1].rule == "p.19"
