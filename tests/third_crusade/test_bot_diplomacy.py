"""The Bot's Diplomacy (Solo rules p.23, p.21; ruling TC108): the Diplomacy Card reward, the
diplomacy board space, and where the gains go."""

from __future__ import annotations

from outremer.core.actions import act
from outremer.games.third_crusade import planning
from outremer.games.third_crusade.bot import diplomacy as bot
from outremer.games.third_crusade.diplomacy import BOT_CP_GOLD

from .bot_positions import C, empty, put

REWARDS = [act("reward", k) for k in (1, 2, 3)]


def _state(card: str):
    s = empty()
    planning.setup_orders(C, s)
    s["diplomacy_cards"] = [card]
    s["markers"] = {a: [] for a in s["armies"]}
    return s


def test_reward_glory_first():
    """Old Man of the Mountain: remove 2 Sabotage, 1 Glory, 1 Gold: Glory (p.23, 1)."""
    s = _state("old_man_of_the_mountain")
    log = []
    assert bot.choose_reward(s, "ayyubid", REWARDS, lambda n: 0, log) == act("reward", 2)
    assert "Glory" in log[-1].text and log[-1].rule == "p.23"


def test_reward_advanced_order_over_gold_and_sabotage():
    """Qilij Arslan's Embassy: an Advanced Order, 2 Gold, remove a Sabotage: the Advanced Order
    (p.23, 3 before 4 and 6); with none left to take it gives nothing and is passed over, and
    with no Sabotage in its Regions Gold comes next (ruling TC108)."""
    s = _state("qilij_arslan_embassy")
    assert bot.choose_reward(s, "ayyubid", REWARDS, lambda n: 0, []) == act("reward", 1)
    s["box"]["ayyubid"] += bot.advanced_to_gain(s, "ayyubid")
    assert bot.choose_reward(s, "ayyubid", REWARDS, lambda n: 0, []) == act("reward", 2)
    put(s, "damascus", "ayyubid:infantry")
    s["map"]["damascus"][0] = "sabotage"
    assert bot.choose_reward(s, "ayyubid", REWARDS, lambda n: 0, []) == act("reward", 3)


def test_reward_diplomacy_move_before_faith():
    """The Caliph of Baghdad: 2 Faith, 1 Glory, a move: Glory; without it, the move before Faith."""
    s = _state("caliph_of_baghdad")
    assert bot.choose_reward(s, "ayyubid", REWARDS, lambda n: 0, []) == act("reward", 2)
    assert bot.choose_reward(s, "ayyubid", [REWARDS[0], REWARDS[2]], lambda n: 0, []) == act("reward", 3)


def _moves(*keys):
    return [act("move", k) for k in keys]


def test_diplomacy_board_priority():
    """p.23: Glory, hexagon Leader, square Leader, crown, Faith, command point, Neutral Units,
    Gold, supply."""
    s = _state("bedouin_tribes")

    def choose(*keys):
        return bot.choose_move(s, "ayyubid", _moves(*keys), lambda n: 0, [])

    assert choose("r1a", "r1b") == act("move", "r1b")  # a Glory token over a crown
    assert choose("r5b", "r5a") == act("move", "r5a")  # Balian (hexagon) over Humphrey
    assert choose("r4c", "r5b") == act("move", "r5b")  # a square Leader over a crown
    assert choose("r3a", "r4c") == act("move", "r4c")  # a crown over Faith
    assert choose("r2a", "r3a") == act("move", "r3a")  # Faith over a command point
    assert choose("r2a", "r2b", "r2c", "r2d") == act("move", "r2a")  # a command point over Units
    assert choose("r2b", "r2c", "r2d") == act("move", "r2b")  # Neutral Units over Gold
    assert choose("r2c", "r2d") == act("move", "r2d")  # Gold over supply
    assert choose("r9b", "r10a") == act("move", "r10a")  # 2 Glory over 1


def test_neutral_units_the_strongest_option():
    """p.23, 7: "the strongest option for a Region": 2 Cavalry (4 in a Desert) over 3 Infantry
    when the Bot Controls a Desert; 3 Infantry over 2 Cavalry (2) in its Cities only."""
    s = _state("bedouin_tribes")
    put(s, "damascus", "ayyubid:infantry")
    assert bot.choose_move(s, "ayyubid", _moves("r4a", "r4d"), lambda n: 0, []) == act("move", "r4d")
    put(s, "desert_north_of_damascus", "ayyubid:infantry")
    assert bot.choose_move(s, "ayyubid", _moves("r4a", "r4d"), lambda n: 0, []) == act("move", "r4a")


def test_gains_placed_by_the_general_rules():
    """p.21: Units by the adding priorities (its weakest Region), tokens in its strongest Region;
    a command-point token removed for 3 Gold (p.23)."""
    s = _state("bedouin_tribes")
    put(s, "damascus", *["ayyubid:infantry"] * 3)
    put(s, "homs", "ayyubid:infantry")
    legal = [act("place", "damascus"), act("place", "homs"), act("discard")]
    unit = {"army": "ayyubid", "piece": "neutral:infantry", "text": "a Neutral Infantry"}
    assert bot.choose_gain(s, "ayyubid", legal, unit, lambda n: 0, []) == act("place", "homs")
    gold = {"army": "ayyubid", "token": "gold", "text": "a Gold token"}
    assert bot.choose_gain(s, "ayyubid", legal, gold, lambda n: 0, []) == act("place", "damascus")
    log = []
    cp = {"army": "ayyubid", "token": "cp", "text": "a Command Point token"}
    assert bot.choose_gain(s, "ayyubid", legal, cp, lambda n: 0, log) == act("discard")
    assert f"{BOT_CP_GOLD} Gold" in log[-1].text
    assert bot.choose_gain(s, "ayyubid", [act("discard")], unit, lambda n: 0, []) == act("discard")


def test_reward_gains_a_sabotage_removed_and_an_advanced_order_drawn():
    """A Diplomacy Card's remove-Sabotage reward by TC106 (Glory, crown, supply, gold, never a
    command point); an Advanced Order drawn at random (TC108)."""
    s = _state("old_man_of_the_mountain")
    put(s, "damascus", "ayyubid:infantry")
    s["map"]["damascus"][2] = "sabotage"  # its command point icon
    s["map"]["damascus"][8] = "sabotage"  # its crown icon
    legal = [act("clear", "damascus", 2), act("clear", "damascus", 8)]
    item = {"army": "ayyubid", "unsabotage": True, "text": "a Sabotage token"}
    assert bot.choose_gain(s, "ayyubid", legal, item, lambda n: 0, []) == act("clear", "damascus", 8)
    adv = [act("advanced", "disperse"), act("advanced", "retreat")]
    item = {"army": "ayyubid", "advanced": True, "text": "an Advanced Order"}
    assert bot.choose_gain(s, "ayyubid", adv, item, lambda n: 1, []) == act("advanced", "retreat")
