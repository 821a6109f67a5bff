"""The Faith battle modifier of the solo game (Solo rules, General changes, p.19 and p.21: "In any
Battle, if an Army has higher Faith than the opposing Army, they get +1 in Battle Strength. If
there are 2 Armies in an Alliance, only the Faith of the attacker and defender will count"; in an
Alliance of two, the marker's side holds its value and the partner counts 0; ruling TC53), on
hand-built Battles of a solo game."""

from __future__ import annotations

import pytest

from outremer.games.third_crusade import battle as arithmetic
from outremer.games.third_crusade import battle_phase
from outremer.games.third_crusade.data import content
from outremer.games.third_crusade.game import ThirdCrusade
from outremer.games.third_crusade.moves import add
from outremer.games.third_crusade.state import faith_of

C = content()
GAME = ThirdCrusade()
DESERT = "desert_west_of_damascus"


def _battle(options, attacker, holder, faith):
    """A solo game of ``options``; ``holder`` holds Tyre (a City) with 2 Infantry, ``attacker``
    attacks it with 2 Infantry from the Desert west of Damascus: 2 against 2 before Faith, a tie
    the defence wins (p.15). ``faith`` the two markers. (attack, defence, winner)."""
    s, _ = GAME.start(GAME.make_setup(1, ["human"], options))
    s["faith"] = dict(faith)
    for key in ("tyre", DESERT):
        s["map"][key] = [None] * len(s["map"][key])
    add(C, s, "tyre", f"{holder}:infantry")
    add(C, s, "tyre", f"{holder}:infantry")
    battle_phase.start(C, s, s["armies"].index(attacker), DESERT, "tyre", [f"{attacker}:infantry"] * 2, [])
    attack, defence = battle_phase.strengths(C, s)
    return attack, defence, arithmetic.outcome(attack, defence)[0]


def test_the_person_with_the_higher_faith_wins_the_tie_attacking_the_bot():
    """The Angevin (Faith 2) attacks the Ayyubid Bot (Faith 0): +1, 3 against 2, the attack wins;
    with equal Faith, 2 against 2, the defence wins."""
    assert _battle({}, "angevin", "ayyubid", {"crusader": 2, "muslim": 0}) == (3, 2, "attacker")
    assert _battle({}, "angevin", "ayyubid", {"crusader": 1, "muslim": 1}) == (2, 2, "defender")


def test_the_bot_with_the_higher_faith_gets_the_bonus_both_ways():
    """The Ayyubid Bot's Faith 3 against the Angevin's 1: +1 to the Bot attacking (3 against 2, it
    wins) and to the Bot defending (2 against 3)."""
    faith = {"crusader": 1, "muslim": 3}
    assert _battle({}, "ayyubid", "angevin", faith) == (3, 2, "attacker")
    assert _battle({}, "angevin", "ayyubid", faith) == (2, 3, "defender")
    # the person's higher Faith defending against the Bot: the defence +1
    assert _battle({}, "ayyubid", "angevin", {"crusader": 2, "muslim": 1}) == (2, 3, "defender")


TWO = {"command": 2}  # the person commands the Angevin and the Holy Roman Empire, against the Ayyubid Bot


@pytest.mark.parametrize("marker,hre,angevin", [(-3, 3, 0), (3, 0, 3)])
def test_an_alliance_of_two_the_marker_side_holds_the_faith_the_partner_counts_0(marker, hre, angevin):
    """The shared Crusader marker ``marker`` steps towards one Army (negative: the Holy Roman
    Empire): that Army has the Faith, its partner 0 (p.19). Against the Ayyubid Bot's Faith 1, the
    Army holding the marker attacks with +1 (3 against 2, it wins); its partner attacks with none
    and the Bot defends with +1 (2 against 3)."""
    faith = {"crusader": marker, "muslim": 1}
    s, _ = GAME.start(GAME.make_setup(1, ["human"], TWO))
    s["faith"] = dict(faith)
    assert (faith_of(s, "hre"), faith_of(s, "angevin"), faith_of(s, "ayyubid")) == (hre, angevin, 1)
    strong, weak = ("hre", "angevin") if hre else ("angevin", "hre")
    assert _battle(TWO, strong, "ayyubid", faith) == (3, 2, "attacker")
    assert _battle(TWO, weak, "ayyubid", faith) == (2, 3, "defender")


def test_an_alliance_of_two_only_the_defender_in_charge_counts():
    """The Bot attacks Tyre: the defence's Faith is that of the Army holding it (p.14; ruling
    TC53), not its partner's. The marker 3 towards the Holy Roman Empire: held by it, its 3
    against the Bot's 1 gives the defence +1 (2 against 3); held by the Angevin (Faith 0), the Bot
    attacks with +1 (3 against 2), though the partner's Faith is higher than the Bot's."""
    faith = {"crusader": -3, "muslim": 1}
    assert _battle(TWO, "ayyubid", "hre", faith) == (2, 3, "defender")
    assert _battle(TWO, "ayyubid", "angevin", faith) == (3, 2, "attacker")


def test_two_bots_the_attacking_bot_s_faith_counts_not_its_partner_s():
    """Against both Muslim Bots: the Muslim marker 2 towards the Turkoman (the Turkoman 2, the
    Ayyubid 0) against the Angevin's Faith 1: the Turkoman attacks with +1, the Ayyubid gives the
    Angevin's defence +1."""
    faith = {"crusader": 1, "muslim": -2}
    assert _battle({"bots": 2}, "turkoman", "angevin", faith) == (3, 2, "attacker")
    assert _battle({"bots": 2}, "ayyubid", "angevin", faith) == (2, 3, "defender")
