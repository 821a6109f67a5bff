"""The Battle's arithmetic against the rulebook's numbers (p.14-15 and the plutorial)."""

from __future__ import annotations

from outremer.games.third_crusade import battle
from outremer.games.third_crusade.data import content

C = content()
TURKOMAN_ATTACK = [
    "turkoman:badr_al_din",
    "turkoman:cavalry",
    "turkoman:siege",
    "turkoman:infantry",
    "turkoman:infantry",
]
TRIPOLI_DEFENCE = ["neutral:conrad", "hre:infantry", "angevin:cavalry", "neutral:infantry"]


def test_the_battle_example_in_tripoli():
    """p.14-15: the Turkoman attacks Tripoli with Strength 8 (2 for the Cavalry on Badr al-Din,
    1 for the Cavalry, 3 for the Siege Engine, 1 for each Infantry); the Crusaders have 4, +2 by
    Defence is 6, +2 by Reinforce is 8 (the attacker now lower on the tie), back to 6 when the
    Diversion cancels the Reinforce; the Turkoman wins 8 to 6, the Crusaders lose 2 and the
    Turkoman 1; the Muslim Alliance gains 3 Glory."""
    attack = battle.strength(C, TURKOMAN_ATTACK, "city")
    defence = battle.strength(C, TRIPOLI_DEFENCE, "city")
    assert (attack, defence) == (8, 4)
    assert battle.strength(C, TRIPOLI_DEFENCE, "city", bonus=2 + 2) == 8  # Defence +2, Reinforce 2 Units
    assert battle.outcome(8, 8)[0] == "defender"  # a tie: the attacker is the lower
    assert battle.outcome(attack, defence + 2) == ("attacker", 1, 2)
    assert (
        battle.glory(
            city=True, attacker_won=True, leader_attacking=True, leader_defending=True, loser_leader_killed=False
        )
        == 3
    )


def test_losses_keep_the_partner_and_neutral_limits():
    """p.15: the Holy Roman Empire, in charge, first removes the Neutral Infantry, then must
    remove its own Infantry before the Angevin Cavalry or the Neutral Leader."""
    assert battle.fair_losses(["neutral:infantry", "hre:infantry"], "hre")
    assert not battle.fair_losses(["neutral:infantry", "angevin:cavalry"], "hre")
    assert not battle.fair_losses(["neutral:infantry", "neutral:conrad"], "hre")
    assert battle.fair_losses(["hre:infantry", "angevin:cavalry"], "hre")
    assert not battle.fair_losses(["angevin:cavalry", "hre:infantry"], "hre")  # only a Neutral may go first


def test_the_plutorial_battles():
    """Plutorial 1: 5 against 3 + Defence 2, a tie: the defender wins, each side loses 1.
    Plutorial 8: James (a Cavalry icon, 2 in a Desert) and 2 Infantry, 4 against Al-Afdal and 1
    Infantry, 3: the attacker wins, each side loses 1."""
    ayyubid = ["ayyubid:cavalry", "ayyubid:infantry", "ayyubid:infantry", "ayyubid:infantry"]
    angevin = ["angevin:cavalry", "neutral:infantry"]
    assert battle.strength(C, ayyubid, "desert") == 5 and battle.strength(C, angevin, "desert") == 3
    assert battle.outcome(5, 3 + 2) == ("defender", 1, 1)
    james = ["angevin:james", "angevin:infantry", "angevin:infantry"]
    afdal = ["ayyubid:al_afdal", "ayyubid:infantry"]
    assert battle.strength(C, james, "desert") == 4 and battle.strength(C, afdal, "desert") == 3
    assert battle.outcome(4, 3) == ("attacker", 1, 1)


def test_units_by_region_type_and_bare_leaders():
    """p.14: Cavalry 2 in a Desert, a Siege Engine 0 there and 3 in a City; a side of Leaders
    without Unit icons is lost."""
    assert battle.strength(C, ["angevin:cavalry", "angevin:siege"], "desert") == 2
    assert battle.strength(C, ["angevin:cavalry", "angevin:siege"], "city") == 4
    assert battle.only_bare_leaders(C, ["ayyubid:saladin", "ayyubid:ibn_shaddad"])
    assert battle.strength(C, ["ayyubid:saladin"], "city") == 0
    assert not battle.only_bare_leaders(C, ["ayyubid:saladin", "ayyubid:infantry"])
    assert not battle.only_bare_leaders(C, ["angevin:james"])


def test_the_faith_bonus_and_the_glory_cap():
    assert battle.faith_bonus(True, 3, 2) == 1 and battle.faith_bonus(True, 2, 2) == 0
    assert battle.faith_bonus(False, 5, 0) == 0  # only a lone player (p.14)
    assert battle.glory(True, True, True, True, True) == 4
    assert battle.glory(True, False, False, False, False) == 0  # a defender's win in a City


def _three_player_battle(attacker, crusader_marker):
    """3 players, the lone Ayyubid (Faith 2) holding Tyre with 2 Infantry, attacked by 2
    Infantry of ``attacker`` from the Desert west of Damascus; the pair's shared marker at
    ``crusader_marker`` (positive: towards the Angevin)."""
    from outremer.games.third_crusade import battle_phase, planning
    from outremer.games.third_crusade.moves import add
    from outremer.games.third_crusade.state import new_state

    s = new_state(C, ["angevin", "hre", "ayyubid"], 1)
    planning.setup_orders(C, s)
    s["faith"] = {"crusader": crusader_marker, "muslim": 2}
    desert = "desert_west_of_damascus"
    for key in ("tyre", desert):
        s["map"][key] = [None] * 9
    add(C, s, "tyre", "ayyubid:infantry")
    add(C, s, "tyre", "ayyubid:infantry")
    battle_phase.start(C, s, s["armies"].index(attacker), desert, "tyre", [f"{attacker}:infantry"] * 2, [])
    return s["battle"]["result"]["attack"], s["battle"]["result"]["defence"]


def test_three_players_the_lone_player_compares_faith_with_the_army_it_fights():
    """p.14 (Faith bonus) and ruling TC53: the pair's marker 3 steps towards the Holy Roman
    Empire gives the Holy Roman Empire Faith 3 and the Angevin 0. The lone Ayyubid's 2 is not
    higher than the Holy Roman Empire's 3 (no bonus: 2 against 2), but is higher than the
    Angevin's 0 (+1: 2 against 3). The pair never gets the bonus."""
    from outremer.games.third_crusade.state import faith_of, new_state

    assert _three_player_battle("hre", -3) == (2, 2)
    assert _three_player_battle("angevin", -3) == (2, 3)
    assert _three_player_battle("angevin", 1) == (2, 3) and _three_player_battle("angevin", 2) == (2, 2)
    s = new_state(C, ["angevin", "hre", "ayyubid"], 1)
    s["faith"] = {"crusader": -3, "muslim": 0}
    assert (faith_of(s, "hre"), faith_of(s, "angevin"), faith_of(s, "ayyubid")) == (3, 0, 0)
    assert _three_player_battle("hre", -1) == (2, 3)  # the Holy Roman Empire's 1 against the lone 2
