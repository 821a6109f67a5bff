"""The Bot in a Battle (Solo rules p.21; rulings TC102-TC104): the Reaction drawn at random and
where it goes, the losses it takes and where it retreats, each on a Battle the engine fights."""

from __future__ import annotations

import pytest

from outremer.core.actions import act
from outremer.core.errors import IllegalAction
from outremer.games.third_crusade import command
from outremer.games.third_crusade.bot import battle as bot

from .test_bandits import C, _do, _game, _group, _put

DESERT = "desert_south_of_damascus"


def _finish_losses(s, army, log):
    """The Bot chooses every loss its side must take; the lost pieces in order."""
    lost = []
    seat = s["armies"].index(army)
    while s["battle"] and s["battle"]["stage"] == "losses" and command.to_act(s) == seat:
        choice = bot.choose_loss(s, army, command.legal(C, s, seat), lambda n: 0, log)
        lost.append(choice.args[0])
        _do(s, choice)
    return lost


def _attack_desert(extra=None):
    """The Angevin attacks the Ayyubid Bot in the Desert south of Damascus with 6 Infantry and 2
    Cavalry from Acre: 10 against 1 + 2 + 0 + 1 + 2 = 6 (Infantry, Cavalry, Siege Engine, a Neutral
    Infantry, al-Afdal): the defence loses 4."""
    orders = {"acre": ("angevin", "march_1")}
    orders.update(extra or {})
    s = _game(
        ["angevin", "ayyubid"],
        "angevin",
        orders,
        empty=("acre", DESERT, "jerusalem", "ahamant", "damascus", "desert_west_of_damascus", "tyre", "jaffa"),
    )
    _put(s, "acre", *["angevin:infantry"] * 6, "angevin:cavalry", "angevin:cavalry")
    _put(s, DESERT, "ayyubid:infantry", "ayyubid:cavalry", "ayyubid:siege", "neutral:infantry", "ayyubid:al_afdal")
    _put(s, "jerusalem", "ayyubid:infantry")
    _put(s, "ahamant", "ayyubid:infantry")
    _put(s, "damascus", *["ayyubid:infantry"] * 3)
    _do(s, act("execute", "acre"))
    _do(s, act("march", DESERT, _group(s, "acre", "angevin", infantry=6, cavalry=2)))
    return s


def test_desert_losses_neutral_first_then_siege_infantry_cavalry_and_no_leader():
    """p.21: the 1 Neutral Unit allowed first; in a Desert Siege Engines, Infantry, then Cavalry;
    the Leader spared while a Unit is left."""
    s = _attack_desert()
    assert command.strengths(C, s) == (10, 6)
    log = []
    lost = _finish_losses(s, "ayyubid", log)
    assert lost == ["neutral:infantry", "ayyubid:siege", "ayyubid:infantry", "ayyubid:cavalry"]
    assert "Neutral Infantry first" in log[0].text and log[0].rule == "p.21"
    assert "Siege Engine > Infantry > Cavalry" in log[1].text


def test_retreat_to_the_weakest_region_then_closest_to_jerusalem():
    """p.21: al-Afdal, beaten, retreats to the weakest Region with the Bot's Units: Jerusalem and
    Ahamant hold 1 Infantry each (Damascus 3); Jerusalem is closest to Jerusalem."""
    s = _attack_desert()
    log = []
    _finish_losses(s, "ayyubid", log)
    while s["battle"] and s["battle"]["stage"] == "losses":  # the Angevin's 1 loss, its own choice
        _do(s, command.legal(C, s, command.to_act(s))[0])
    assert s["battle"]["stage"] == "retreat"
    legal = command.legal(C, s, command.to_act(s))
    choice = bot.choose_retreat(s, "ayyubid", legal, lambda n: 0, log)
    assert choice == act("retreat", "jerusalem", "ayyubid:al_afdal")
    assert "closest to Jerusalem" in log[-1].text


def test_retreat_prefers_the_weaker_region_over_jerusalem():
    s = _attack_desert()
    _put(s, "jerusalem", "ayyubid:infantry", "ayyubid:infantry")
    log = []
    _finish_losses(s, "ayyubid", log)
    while s["battle"] and s["battle"]["stage"] == "losses":
        _do(s, command.legal(C, s, command.to_act(s))[0])
    choice = bot.choose_retreat(s, "ayyubid", command.legal(C, s, command.to_act(s)), lambda n: 0, log)
    assert choice == act("retreat", "ahamant", "ayyubid:al_afdal")


def test_city_losses_infantry_cavalry_siege():
    """p.21: in a City, Infantry, Cavalry, then Siege Engines; al-Adil (no Unit icon) is spared.
    6 Infantry and 2 Cavalry from Tyre (8) against 1 + 1 + 3 + 0 (5): the defence loses 3."""
    s = _game(["angevin", "ayyubid"], "angevin", {"tyre": ("angevin", "march_1")}, empty=("tyre", "acre", "jaffa"))
    _put(s, "tyre", *["angevin:infantry"] * 6, "angevin:cavalry", "angevin:cavalry")
    _put(s, "acre", "ayyubid:infantry", "ayyubid:cavalry", "ayyubid:siege", "ayyubid:al_adil")
    _do(s, act("execute", "tyre"))
    _do(s, act("march", "acre", _group(s, "tyre", "angevin", infantry=6, cavalry=2)))
    assert command.strengths(C, s) == (8, 5)
    log = []
    assert _finish_losses(s, "ayyubid", log) == ["ayyubid:infantry", "ayyubid:cavalry", "ayyubid:siege"]
    assert "Infantry > Cavalry > Siege Engine" in log[0].text


def test_a_reaction_drawn_at_random_a_blank_is_none_and_set_aside():
    """p.21: a random Order from the Reaction group; a Blank means no Reaction; what is drawn
    leaves the group until Upkeep (ruling TC102)."""
    s = _attack_desert()
    group = ["blank_1", "defence", "reinforce"]
    log = []
    assert bot.draw_reaction(s, "ayyubid", group, lambda n: 0, log) is None
    assert group == ["defence", "reinforce"] and "Blank" in log[-1].text
    assert bot.draw_reaction(s, "ayyubid", group, lambda n: 1, log) == "reinforce"
    assert group == ["defence"]
    assert bot.draw_reaction(s, "ayyubid", [], lambda n: 0, log) is None


def test_reaction_placement_as_defender_and_reinforce_to_the_strongest_adjacent_region():
    """p.21: as the defender, in the Region it defends; Reinforce in the strongest Adjacent Region
    with Presence: Damascus (3 Infantry) over Jerusalem and Ahamant (1 each)."""
    s = _attack_desert({DESERT: ("ayyubid", "march_1")})
    assert s["battle"]["stage"] == "react" and bot.bot_is_lowest(s, "ayyubid")
    log = []
    assert bot.reaction_region(s, "ayyubid", "defence", log) == DESERT
    assert bot.reaction_region(s, "ayyubid", "reinforce", log) == "damascus"
    assert "strongest Adjacent Region" in log[-1].text


def test_reaction_placement_as_attacker():
    """p.21: as the attacker, in the Region it attacked from; a Defence cannot serve the attack and
    is not used (ruling TC102); Reinforce with no Adjacent Region holding its Units is not used."""
    s = _game(
        ["angevin", "ayyubid"],
        "ayyubid",
        {DESERT: ("ayyubid", "march_1"), "acre": ("angevin", "defence")},
        empty=("acre", DESERT, "tyre", "jaffa", "jerusalem", "ahamant", "damascus", "desert_west_of_damascus"),
    )
    _put(s, DESERT, "ayyubid:infantry", "ayyubid:infantry", "ayyubid:infantry")
    _put(s, "acre", *["angevin:infantry"] * 4)
    _do(s, act("execute", DESERT))
    _do(s, act("march", "acre", _group(s, DESERT, "ayyubid", infantry=2)))
    log = []
    assert bot.reaction_region(s, "ayyubid", "defence", log) is None and log[-1].rule == "TC102"
    assert bot.reaction_region(s, "ayyubid", "reinforce", log) == DESERT  # 1 Infantry left there
    s["map"][DESERT] = [None] * 9
    assert bot.reaction_region(s, "ayyubid", "reinforce", log) is None
    assert bot.choose_reaction(s, "ayyubid", [act("no_react")], lambda n: 0, log) == act("no_react")
    with pytest.raises(IllegalAction):
        bot.choose_reaction(s, "ayyubid", [act("lose", "ayyubid:infantry")], lambda n: 0, log)


def test_solo_example_the_bot_draws_reinforce_into_the_stronger_desert():
    """p.21's example: "The Bot attacks Acre. The Turkoman player plays a Reaction Order and has the
    higher Battle Strength. The Bot draws the Reinforce Order and places it in the stronger Desert
    Region Adjacent to Acre." The Holy Roman Empire Bot attacks Acre from Tyre with 3 Infantry
    (3 against 2); the Turkoman's Defence makes it 3 against 4; the Bot is lowest, draws Reinforce
    from its Reaction group and places it in the Desert south of Damascus (3 Infantry), stronger
    than Jaffa (1) and Tyre (1 left); executed, it brings 3 Infantry: 6 against 4."""
    s = _game(
        ["hre", "turkoman"],
        "hre",
        {"tyre": ("hre", "march_1"), "acre": ("turkoman", "defence"), "jaffa": ("hre", "muster_cavalry")},
        empty=("tyre", "acre", "jaffa", DESERT),
    )
    _put(s, "tyre", *["hre:infantry"] * 4)
    _put(s, "acre", "turkoman:infantry", "turkoman:infantry")
    _put(s, DESERT, *["hre:infantry"] * 3)
    _put(s, "jaffa", "hre:infantry")
    _do(s, act("execute", "tyre"))
    _do(s, act("march", "acre", _group(s, "tyre", "hre", infantry=3)))
    _do(s, act("react", "acre"))  # the Turkoman's Defence +2
    assert command.strengths(C, s) == (3, 4) and bot.bot_is_lowest(s, "hre")
    assert s["battle"]["stage"] == "react" and command.to_act(s) == 0  # asked: an Order of its stands in Jaffa
    log = []
    group = ["blank_1", "reinforce", "defence"]
    drawn = bot.draw_reaction(s, "hre", group, lambda n: 1, log)
    assert drawn == "reinforce" and group == ["blank_1", "defence"]
    where = bot.reaction_region(s, "hre", drawn, log)
    assert where == DESERT
    # the flow places the drawn Order face down there (p.21), paying nothing (p.20), and the Bot executes it
    s["sections"][DESERT]["crusader"] = ["hre", "reinforce"]
    s["cp"][0] = 9
    legal = command.legal(C, s, 0)
    choice = bot.choose_reaction(s, "hre", legal, lambda n: 0, log, placed=where)
    assert choice == act("react", DESERT)
    _do(s, choice)
    assert command.strengths(C, s)[0] == 6


def test_with_reinforce_losses_come_from_the_stronger_region():
    """p.21: "If the Reinforce Order is used, the Bot will remove losses from the stronger Region.
    Ties are broken by Proximity" (ruling TC103). The Desert south of Damascus (2 Infantry) is
    Reinforced from Damascus (4): 10 against 6, 4 losses: Damascus (4 > 2), Damascus (3 > 2), then
    2 against 2, the Desert by Proximity (a Road from the Crusader side, Damascus two), then
    Damascus (2 > 1)."""
    s = _game(
        ["angevin", "ayyubid"],
        "angevin",
        {"acre": ("angevin", "march_1"), "damascus": ("ayyubid", "reinforce")},
        empty=("acre", DESERT, "damascus"),
    )
    _put(s, "acre", *["angevin:infantry"] * 6, "angevin:cavalry", "angevin:cavalry")
    _put(s, DESERT, "ayyubid:infantry", "ayyubid:infantry")
    _put(s, "damascus", *["ayyubid:infantry"] * 4)
    _do(s, act("execute", "acre"))
    _do(s, act("march", DESERT, _group(s, "acre", "angevin", infantry=6, cavalry=2)))
    _do(s, act("react", "damascus"))
    if s["battle"]["stage"] == "react":
        _do(s, act("no_react"))
    assert command.strengths(C, s) == (10, 6)
    seat = 1
    where = []
    while s["battle"] and s["battle"]["stage"] == "losses" and command.to_act(s) == seat:
        choice = bot.choose_loss(s, "ayyubid", command.legal(C, s, seat), lambda n: 0, [])
        where.append(choice.args[1] if len(choice.args) > 1 else DESERT)
        _do(s, choice)
    assert where == ["damascus", "damascus", DESERT, "damascus"]
