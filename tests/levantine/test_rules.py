"""Scenario tests of the Levantine rules, one rulebook section or ruling at a time.

Every test names in its name or docstring the section of the rulebook
(crusades-card-game.txt) or the ruling id (docs/rulings/levantine.md) it checks.
"""

from __future__ import annotations

import random
import re

import pytest

from conftest import rulings_document
from outremer.ai import choose
from outremer.core.actions import Action
from outremer.games.levantine.rules import RULEBOOK, RULINGS
from outremer.games.levantine.state import CHART, HAND_LIMIT, HANDS

from .scenario import (
    CARDS,
    CRUSADER,
    GAME,
    MUSLIM,
    act,
    card,
    cid,
    conserved,
    dice_of,
    fight,
    fill_hand,
    fortify,
    give,
    is_legal,
    lead,
    leader_ids,
    legal,
    lose,
    muster,
    new,
    play,
    refusal,
    rig,
    rig_combat,
    rules,
    run,
    set_step,
    settle,
    stack,
    texts,
    to_discard,
)

C, M = CRUSADER, MUSLIM


def forces(s, crusader=(("King Philip",), ("Men-at-Arms",)), muslim=(("Kilij Arslan",), ("Seljuk Turks",))):
    lead(s, C, *crusader[0])
    muster(s, C, *crusader[1])
    lead(s, M, *muslim[0])
    muster(s, M, *muslim[1])
    return s


# ====================================================================== Setup, Turn Sequence
def test_setup_muslims_hold_three_tt_and_the_crusader_goes_first():
    """Rulebook: Setup — the Muslim player starts with all 3 TT; the Crusader player goes first."""
    s, log = GAME.start(GAME.make_setup(11, ["human", "human"], {"egypt": False}))
    assert s["tt"] == [0, 3]
    assert s["egypt"] is None
    assert s["hand"] == 1 and s["step"] == "recruit"
    assert GAME.to_act(s) == C
    assert len(s["hands"][C]) == 10 and len(s["hands"][M]) == 4
    assert conserved(s)


def test_setup_with_strike_at_egypt_muslims_also_hold_egypt():
    """Rulebook: Strike at Egypt — the Muslims start in control of Egypt (a fourth TT, ruling L17)."""
    s, _ = GAME.start(GAME.make_setup(11, ["human", "human"], {"egypt": True}))
    assert s["tt"] == [0, 3] and s["egypt"] == M
    assert len(s["hands"][M]) == CHART[3]  # 4 holdings: the chart stops at 3 or more


def test_turn_sequence_players_alternate_as_attacker():
    """Rulebook: Turn Sequence — players take turns; the current player is the Attacker."""
    s = new(1, "recruit")
    s, log = run(s, "end", "end")  # nothing in play: no Battle, straight to the End Phase
    assert s["hand"] == 2 and s["step"] == "recruit"
    assert GAME.to_act(s) == M
    assert GAME.view(s, M)["attacker"] == M and GAME.view(s, M)["defender"] == C
    s, _ = run(s, "end")
    assert s["step"] == "defender" and GAME.to_act(s) == C


def test_turn_sequence_phases_in_order():
    """Rulebook: Turn Sequence — Support, Recruit, (Defender), Battle, Siege, Conquest, End."""
    s = forces(new(1, "support"))
    s["tt"] = [0, 3]
    log = settle(s)
    assert s["step"] == "recruit" and "chart" in rules(log)
    s, _ = act(s, "end")
    assert s["step"] == "defender"
    s, _ = act(s, "end")
    assert s["step"] == "declare"
    s, _ = act(s, "attack")
    assert s["step"] == "commit" and s["combat"]["kind"] == "battle"
    s, _ = fight(s, [5, 5], [1, 1])
    assert s["step"] == "commit" and s["combat"]["kind"] == "siege"
    s, log = fight(s, [5, 5], [1, 1])
    assert s["tt"] == [1, 2] and s["step"] == "declare"  # Conquest, then an Extended Conquest may follow
    rig(s, 6, 6, 6, 6)  # Age Roll
    s, log = act(s, "hold")
    assert "L10" in rules(log)  # End Phase: the Age Roll, then the hand limit (10 cards drawn)
    assert s["pending"][0]["rule"] == "L12" and GAME.view(s, C)["phase"] == "End Phase"


def test_game_length_eighteen_hands():
    """Rulebook: Game Length — 18 hands; every 2 hands are a Crusade."""
    assert HANDS == 18
    s = new(17, "next")
    settle(s)
    assert s["hand"] == 18 and s["result"] is None
    assert GAME.view(s, C)["crusade"] == 9
    set_step(s, "next")
    settle(s)
    assert s["result"] is not None and s["step"] == "over"


# ====================================================================== Territory Chart, Support Phase
@pytest.mark.parametrize("tt,draws", [(0, 10), (1, 8), (2, 6), (3, 4)])
def test_territory_chart_draws(tt, draws):
    """Rulebook: Territory Chart — 0/1/2/3 TT draw 10/8/6/4 cards; Rulebook: Support Phase — both draw."""
    assert CHART[tt] == draws
    s = new(1, "support")
    s["tt"] = [tt, 3 - tt]
    settle(s)
    assert len(s["hands"][C]) == draws
    assert len(s["hands"][M]) == CHART[3 - tt]
    assert s["step"] == "recruit"


def test_support_phase_both_players_draw_in_the_muslim_turn_too():
    """Rulebook: Support Phase — both players draw, whoever attacks."""
    s = new(2, "support")
    s["tt"] = [1, 2]
    settle(s)
    assert len(s["hands"][C]) == 8 and len(s["hands"][M]) == 6
    assert GAME.to_act(s) == M


def test_support_phase_egypt_counts_as_a_tt_for_the_chart():
    """Ruling L17 — Egypt is a Territory Token: it counts on the Territory Chart."""
    s = new(1, "support", egypt=True)
    s["tt"] = [1, 2]
    s["egypt"] = C
    settle(s)
    assert len(s["hands"][C]) == CHART[2]  # 1 TT + Egypt
    assert len(s["hands"][M]) == CHART[2] - 2  # and 2 fewer while the Crusaders hold Egypt


def test_strike_at_egypt_muslim_draws_two_fewer_while_crusaders_hold_egypt():
    """Rulebook: Strike at Egypt — the Muslim draws 2 fewer in Support Phase until Egypt is won back."""
    s = new(1, "support", egypt=True)
    s["egypt"] = C
    s["tt"] = [0, 3]
    settle(s)
    assert len(s["hands"][C]) == CHART[1]
    assert len(s["hands"][M]) == CHART[3] - 2
    s2 = new(1, "support", egypt=True)
    s2["tt"] = [0, 3]
    settle(s2)
    assert len(s2["hands"][M]) == CHART[3]


# ====================================================================== Recruit Phase
def test_recruit_crusader_one_leader_and_one_army():
    """Rulebook: Recruit Phase — the Crusader as Attacker puts a max of 1 Leader and 1 Army into play."""
    s = new(1, "recruit")
    give(s, C, "King Philip", "King Edward", "Men-at-Arms", "English Knights")
    for name in ("King Philip", "King Edward", "Men-at-Arms", "English Knights"):
        assert is_legal(s, play(name))
    s, _ = act(s, play("King Philip"))
    assert leader_ids(s, C) == [cid("King Philip")]
    assert not is_legal(s, play("King Edward"))
    assert refusal(s, play("King Edward")) == "The Crusader may put no more Leaders into play this phase."
    s, _ = act(s, play("Men-at-Arms"))
    assert s["armies"][C] == [cid("Men-at-Arms")]
    assert not is_legal(s, play("English Knights"))
    assert refusal(s, play("English Knights")) == "The Crusader may put no more Armies into play this phase."
    assert legal(s) == ["end"]


def test_recruit_each_transport_allows_one_more_leader_and_army():
    """Rulebook: Recruit Phase — for every Transport card played, one additional Leader and Army."""
    s = new(1, "recruit")
    leaders = ["King Philip", "King Edward", "Theobald of Champagne"]
    armies = ["Men-at-Arms", "English Knights", "Latin Crusaders"]
    give(s, C, "Papal Support", "Sea Power", *leaders, *armies)
    s, _ = run(s, play("Papal Support"), play("Sea Power"))
    assert s["allow"][:2] == [3, 3]
    assert cid("Papal Support") in s["discard"] and cid("Sea Power") in s["discard"]
    s, _ = run(s, *[play(n) for n in leaders + armies])
    assert leader_ids(s, C) == [cid(n) for n in leaders]
    assert s["armies"][C] == [cid(n) for n in armies]
    assert legal(s) == ["end"]


def test_recruit_crusader_at_most_three_leaders_in_play():
    """Rulebook: Recruit Phase — the Crusader may have a max of 3 Leaders in play at a time."""
    s = new(3, "recruit")
    lead(s, C, "Amalric", "Grand Masters", since=1)
    give(s, C, "Papal Support", "King Philip", "King Edward")
    s, _ = run(s, play("King Philip"), play("Papal Support"))
    assert s["allow"][0] == 1
    assert not is_legal(s, play("King Edward"))
    assert refusal(s, play("King Edward")) == "The Crusader already has 3 Leaders in play."


def test_recruit_muslim_one_leader_and_any_number_of_armies():
    """Rulebook: Recruit Phase — the Muslim as Attacker: only 1 Leader, but any number of Armies."""
    s = new(2, "recruit")
    armies = ["Seljuk Turks", "Horse Archers", "Light Cavalry", "Muslim Archers", "Turkish Cavalry", "Heavy Cavalry"]
    give(s, M, "Saladin", "Baibars", *armies)
    s, _ = act(s, play("Saladin"))
    assert not is_legal(s, play("Baibars"))
    s, _ = run(s, *[play(n) for n in armies])
    assert s["armies"][M] == [cid(n) for n in armies]
    assert legal(s) == ["end"]


def test_recruit_muslim_at_most_one_leader_in_play():
    """Rulebook: Recruit Phase — the Muslim player may have a max of 1 Leader in play at a time."""
    s = new(2, "recruit")
    lead(s, M, "Zengi of Mosul", since=1)
    give(s, M, "Saladin")
    assert not is_legal(s, play("Saladin"))
    assert refusal(s, play("Saladin")) == "The Muslim already has 1 Leader in play."


def test_recruit_only_the_attacker_acts():
    """Rulebook: Recruit Phase — the Attacker puts cards into play; the Defender waits."""
    s = new(1, "recruit")
    give(s, M, "Saladin")
    assert GAME.to_act(s) == C
    assert refusal(s, "end", seat=M) == "It is not your turn: Crusader is to act."
    assert refusal(s, play("Saladin")) == "Saladin is not in the Crusader's hand."


def test_attacking_leader_only_in_recruit_phase():
    """Rulebook: Card List Notation — AL = Attacking Leader, can only be played in Recruit Phase."""
    s = new(1, "recruit")
    give(s, C, "Richard the Lionhearted")
    assert is_legal(s, play("Richard the Lionhearted"))
    d = new(2, "defender")
    give(d, C, "Richard the Lionhearted")
    assert not is_legal(d, play("Richard the Lionhearted"))
    assert (
        refusal(d, play("Richard the Lionhearted")) == "Richard the Lionhearted cannot be played in the Defender Phase."
    )


def test_defending_leader_only_in_defender_phase():
    """Rulebook: Card List Notation — DL = Defending Leader, can only be played in Defender Phase."""
    s = new(1, "recruit")
    give(s, C, "King Guy")
    assert not is_legal(s, play("King Guy"))
    assert refusal(s, play("King Guy")) == "King Guy cannot be played in the Recruit Phase."
    d = new(2, "defender")
    give(d, C, "King Guy")
    assert is_legal(d, play("King Guy"))


@pytest.mark.parametrize("name", ["Amalric", "Grand Masters", "Saladin", "Zengi of Mosul"])
def test_plain_leader_in_recruit_or_defender_phase(name):
    """Rulebook: Card List Notation — L = Leader, playable in the Recruit or the Defender Phase."""
    seat = C if card(name).side == "C" else M
    attacking = new(1 if seat == C else 2, "recruit")
    defending = new(2 if seat == C else 1, "defender")
    for s in (attacking, defending):
        give(s, seat, name)
        assert GAME.to_act(s) == seat
        assert is_legal(s, play(name))
        s2, _ = act(s, play(name))
        assert cid(name) in leader_ids(s2, seat)


def test_nobility_counts_as_leader_or_army():
    """Rulebook: Common Deck Card List — Nobility (X C) counts as Leader or Army."""
    s = new(1, "recruit")
    give(s, C, "Nobility", "King Philip")
    assert is_legal(s, play("Nobility", "leader")) and is_legal(s, play("Nobility", "army"))
    s2, _ = act(s, play("King Philip"))
    assert not is_legal(s2, play("Nobility", "leader"))  # the Leader of the phase is used
    assert is_legal(s2, play("Nobility", "army"))
    s3, _ = act(s2, play("Nobility", "army"))
    assert s3["armies"][C] == [cid("Nobility")]
    s4, _ = act(s, play("Nobility", "leader"))
    assert leader_ids(s4, C) == [cid("Nobility")]
    assert not is_legal(s4, play("Nobility", "army"))  # one card, one use


def test_fortifications_not_in_recruit_phase():
    """Rulebook: Defender Phase — Fortifications are put into play by the Defender, not in the Recruit Phase."""
    s = new(1, "recruit")
    give(s, C, "Fortifications")
    assert not is_legal(s, play("Fortifications"))
    assert refusal(s, play("Fortifications")) == "Fortifications are built in the Defender Phase."


# ====================================================================== Defender Phase
def test_defender_phase_one_fortification_one_leader_one_army():
    """Rulebook: Defender Phase — the Defender may put up to 1 Fortification, 1 Leader and 1 Army into play."""
    s = new(2, "defender")
    give(s, C, "King Guy", "Baldwin IV", "Fortifications", "Crusader Fortress", "Men-at-Arms", "Pikemen")
    assert GAME.to_act(s) == C
    s, _ = run(s, play("King Guy"), play("Fortifications"), play("Men-at-Arms"))
    assert leader_ids(s, C) == [cid("King Guy")]
    assert s["forts"][C] == [cid("Fortifications")] and s["armies"][C] == [cid("Men-at-Arms")]
    assert legal(s) == ["end"]
    assert refusal(s, play("Baldwin IV")) == "The Crusader may put no more Leaders into play this phase."
    assert refusal(s, play("Pikemen")) == "The Crusader may put no more Armies into play this phase."
    assert refusal(s, play("Crusader Fortress")) == "The Crusader may put no more Fortifications into play this phase."


def test_defender_phase_muslim_one_leader_in_play_at_most():
    """Rulebook: Defender Phase with Recruit Phase — the Muslim may have only 1 Leader in play."""
    s = new(1, "defender")
    lead(s, M, "Saladin", since=1)
    give(s, M, "Baibars", "Seljuk Turks", "Walled City")
    assert legal(s) == [play("Seljuk Turks").text, play("Walled City").text, "end"]


def test_defender_phase_no_transports():
    """Ruling L16 with Rulebook: Recruit Phase — Transports serve the Crusader's Recruit Phase only."""
    s = new(2, "defender")
    give(s, C, "Papal Support", "Holy War", "Templar Financing")
    assert not is_legal(s, play("Papal Support"))
    assert not is_legal(s, play("Holy War", "transport"))
    assert not is_legal(s, play("Templar Financing", "transport"))
    assert is_legal(s, play("Templar Financing", "draw"))


def test_defender_phase_only_the_defender_acts():
    """Rulebook: Defender Phase — it is the Defender's phase."""
    s = new(1, "defender")
    assert GAME.to_act(s) == M
    assert refusal(s, "end", seat=C) == "It is not your turn: Muslim is to act."


# ====================================================================== Battle Phase
@pytest.mark.parametrize("what", ["leader only", "army only", "nothing"])
def test_battle_skipped_without_leader_and_army(what):
    """Rulebook: Battle Phase — skip to End Phase if the Attacker lacks 1 Leader & 1 Army in play."""
    s = new(1, "defender")
    if what == "leader only":
        lead(s, C, "King Philip")
    elif what == "army only":
        muster(s, C, "Men-at-Arms")
    lead(s, M, "Saladin")
    muster(s, M, "Seljuk Turks")
    rig(s, 6, 6, 6)  # Age Roll: everyone survives
    s, log = act(s, "end")
    assert s["last_combat"] is None
    assert "no Leader and Army in play together: no Battle" in texts(log)
    assert s["hand"] == 2 and s["tt"] == [0, 3]


def test_battle_one_die_per_leader_army_and_battle_card():
    """Rulebook: Battle Phase — 1D6 for each Leader and Army in play, plus 1D6 per Battle card played."""
    s = new(1, "battle")
    lead(s, C, "King Philip", "King Edward")
    muster(s, C, "Men-at-Arms", "English Knights", "Latin Crusaders")
    lead(s, M, "Kilij Arslan")
    muster(s, M, "Seljuk Turks", "Horse Archers")
    fortify(s, M, "Walled City")  # Fortifications roll only in a Siege
    give(s, C, "The True Cross", "Discipline")
    s, _ = run(s, play("The True Cross"), "pass", play("Discipline"), "pass")
    rig_combat(s, [4] * 7, [2] * 3)
    s, log = act(s, "pass")
    crusader, muslim = dice_of(s, C), dice_of(s, M)
    assert [d[2] for d in crusader] == ["L", "L", "A", "A", "A", "C", "C"]
    assert [d[2] for d in muslim] == ["L", "A", "A"]
    assert s["last_combat"]["totals"] == [28, 6]
    assert cid("The True Cross") in s["discard"] and cid("Discipline") in s["discard"]


def test_battle_commit_order_attacker_first_then_alternating():
    """Ruling L5 — Battle cards and combat events are played in turn; two passes in a row roll the dice."""
    s = forces(new(1, "battle"))
    give(s, C, "Frankish Charge")
    give(s, M, "Ambush")
    assert GAME.to_act(s) == C
    s, _ = act(s, "pass")
    assert GAME.to_act(s) == M
    s, _ = act(s, play("Ambush"))
    assert GAME.to_act(s) == C and s["combat"]["dice"] is None  # a play reopens the round
    s, _ = act(s, play("Frankish Charge"))
    s, _ = act(s, "pass")
    assert s["combat"]["dice"] is None
    rig_combat(s, [3, 3, 3], [3, 3, 3])
    s, _ = act(s, "pass")
    assert s["last_combat"]["totals"] == [9, 9]


def test_battle_higher_total_wins_and_the_siege_follows():
    """Rulebook: Battle Phase — higher BT wins; an Attacker who wins goes on to the Siege Phase."""
    s = forces(new(1, "battle"))
    s, log = fight(s, [4, 4], [3, 4])
    assert s["last_combat"]["winner"] == C
    assert s["step"] == "commit" and s["combat"]["kind"] == "siege"


def test_battle_defender_wins_ties():
    """Rulebook: Battle Phase — Defender wins ties."""
    s = forces(new(1, "battle"))
    rig_combat(s, [4, 3], [3, 4])
    rig(s, 6, 6, 6, 6)
    s, log = run(s, "pass", "pass")
    assert s["last_combat"]["totals"] == [7, 7]
    assert s["last_combat"]["winner"] == M
    assert "the defender wins ties" in texts(log)


def test_battle_attacker_loses_skips_to_end_phase():
    """Rulebook: Battle Phase — if the Attacker loses the Battle Phase, skip to End Phase (no Siege)."""
    s = forces(new(1, "battle"))
    rig_combat(s, [2, 2], [3, 3])
    rig(s, 6, 6, 6, 6)  # Age Roll
    s, log = run(s, "pass", "pass")
    assert "siege" not in rules(log)
    assert s["last_combat"]["kind"] == "battle"
    assert s["hand"] == 2 and s["tt"] == [0, 3]


def test_battle_natural_six_opponent_discards_army_of_owner_choice():
    """Ruling L8 — for every natural 6, the opponent discards 1 Army, of the owner's choice."""
    s = forces(new(1, "battle"), muslim=(("Kilij Arslan",), ("Seljuk Turks", "Horse Archers")))
    s, log = fight(s, [6, 1], [1, 1, 1])
    assert GAME.to_act(s) == M
    assert legal(s) == [lose("Seljuk Turks").text, lose("Horse Archers").text]
    s, _ = act(s, lose("Horse Archers"))
    assert s["armies"][M] == [cid("Seljuk Turks")]
    assert cid("Horse Archers") in s["discard"]
    assert s["step"] == "commit" and s["combat"]["kind"] == "siege"


def test_battle_natural_sixes_count_for_each_die_and_either_side():
    """Rulebook: Battle Phase — every natural 6 costs the opponent an Army (the loser's sixes count too)."""
    s = forces(
        new(1, "battle"),
        crusader=(("King Philip",), ("Men-at-Arms", "Pikemen")),
        muslim=(("Kilij Arslan",), ("Seljuk Turks", "Horse Archers")),
    )
    s, log = fight(s, [6, 6, 5], [6, 1, 1])
    # Crusader: 17 beats 8; two sixes take both Muslim Armies, the Muslim six takes one Crusader Army.
    assert s["armies"][M] == []
    assert GAME.to_act(s) == C and legal(s) == [lose("Men-at-Arms").text, lose("Pikemen").text]
    s, _ = act(s, lose("Pikemen"))
    assert s["armies"][C] == [cid("Men-at-Arms")]


def test_battle_natural_six_on_a_modified_die_still_counts():
    """Ruling L8 with Ruling L7 — a natural 6 is the face shown, whatever the modifiers."""
    s = forces(new(1, "battle"))
    give(s, M, "Heat & Thirst")
    s, _ = run(s, "pass", play("Heat & Thirst"), "pass")
    rig_combat(s, [3, 6], [5, 5])
    s, log = act(s, "pass")
    assert dice_of(s, C, "Men-at-Arms")[0][:2] == [6, -2]
    assert s["armies"][M] == []  # lost to the Crusader's natural 6


@pytest.mark.parametrize("face,counted", [(1, 0), (2, 0), (3, 1), (6, 4)])
def test_modified_dice_never_below_zero(face, counted):
    """Ruling L7 — modified dice never count below zero."""
    s = forces(new(1, "battle"))
    give(s, M, "Leaders Quarrel")
    s, _ = run(s, "pass", play("Leaders Quarrel"), "pass")
    rig_combat(s, [face, 1], [1, 1])
    rig(s, 6, 6, 6, 6, 6, 6, 6, 6)
    s, _ = act(s, "pass")
    assert s["last_combat"]["totals"][C] == counted + 1


def test_battle_cards_only_for_their_side_and_only_in_battle():
    """Rulebook: Battle Phase — Battle cards (B, B/S and X used as Battle) add a die; C/M cards by their side."""
    s = forces(new(1, "battle"))
    give(s, C, "The Holy Lance", "Sorties", "Holy War", "Siege Engines", "Hit & Run Attacks")
    acts = legal(s)
    assert play("The Holy Lance").text in acts and play("Sorties").text in acts
    assert play("Holy War", "battle").text in acts
    assert play("Siege Engines").text not in acts
    assert refusal(s, play("Hit & Run Attacks")) == "Hit & Run Attacks is a Muslim card: the Crusader cannot use it."
    assert refusal(s, play("Siege Engines")) == "Siege Engines cannot be played in this Battle Phase by the Crusader."


# ====================================================================== Siege Phase
def test_siege_skipped_when_the_attacker_lost_his_last_army():
    """Rulebook: Siege Phase — skip to End Phase if the Attacker has not 1 Leader & 1 Army in play."""
    s = forces(new(1, "battle"))
    rig_combat(s, [5, 5], [6, 1])  # the Crusader wins 10-7, but the Muslim six takes his only Army
    rig(s, 6, 6, 6)
    s, log = run(s, "pass", "pass")
    assert s["last_combat"]["winner"] == C
    assert s["armies"][C] == []
    assert "no longer has a Leader and an Army in play: no Siege" in texts(log)
    assert s["hand"] == 2 and s["tt"] == [0, 3]


def test_siege_defender_rolls_for_each_fortification():
    """Rulebook: Siege Phase — dice for Leaders and Armies, and the Defender 1D6 per Fortification."""
    s = forces(new(1, "siege"))
    fortify(s, M, "Fortifications", "Bastion")
    fortify(s, C, "Crusader Fortress")  # the Attacker's own Fortifications do not roll
    s, _ = fight(s, [2, 2], [1, 1, 1, 1])
    assert [d[2] for d in dice_of(s, M)] == ["L", "A", "F", "F"]
    assert [d[2] for d in dice_of(s, C)] == ["L", "A"]
    assert s["last_combat"]["totals"] == [4, 4] and s["last_combat"]["winner"] == M


def test_siege_cards_add_a_die_and_respect_attacker_or_defender_only():
    """Rulebook: Siege Phase — 1D6 per Siege card; 'Attacker Only' / 'Defender Only' cards."""
    s = forces(new(1, "siege"))
    give(s, C, "Siege Towers", "Boiling Oil", "Siege Engines", "Sorties", "The True Cross")
    give(s, M, "Garrison", "Battering Rams", "Catapults")
    assert legal(s) == [play("Siege Towers").text, play("Siege Engines").text, play("Sorties").text, "pass"]
    assert refusal(s, play("Boiling Oil")) == "Boiling Oil cannot be played in this Siege Phase by the Crusader."
    s, _ = act(s, play("Siege Towers"))
    assert legal(s) == [play("Garrison").text, play("Catapults").text, "pass"]
    s, _ = run(s, play("Garrison"), "pass")
    rig_combat(s, [3, 3, 3], [3, 3, 3])
    rig(s, 6, 6, 6, 6)
    s, _ = act(s, "pass")
    assert [d[2] for d in dice_of(s, C)] == ["L", "A", "C"]
    assert [d[2] for d in dice_of(s, M)] == ["L", "A", "C"]


def test_fabian_tactics_crusader_defender_only():
    """Rulebook: Common Deck Card List — Fabian Tactics (S C): Defender Only, Crusader only."""
    defending = forces(new(2, "siege"))
    give(defending, C, "Fabian Tactics")
    defending, _ = act(defending, "pass")
    assert GAME.to_act(defending) == C
    assert is_legal(defending, play("Fabian Tactics"))
    attacking = forces(new(1, "siege"))
    give(attacking, C, "Fabian Tactics")
    assert not is_legal(attacking, play("Fabian Tactics"))
    muslim = forces(new(1, "siege"))
    give(muslim, M, "Fabian Tactics")
    muslim, _ = act(muslim, "pass")
    assert refusal(muslim, play("Fabian Tactics")) == "Fabian Tactics is a Crusader card: the Muslim cannot use it."


def test_siege_natural_six_opponent_discards_army_of_his_choice():
    """Rulebook: Siege Phase with Ruling L8 — each natural 6: the opponent discards 1 Army of his choice."""
    s = forces(new(1, "siege"), muslim=(("Kilij Arslan",), ("Seljuk Turks", "Horse Archers")))
    s, _ = fight(s, [1, 1], [6, 1, 1])
    assert s["last_combat"]["winner"] == M
    assert s["armies"][C] == []  # his only Army: no choice to make
    s = forces(new(1, "siege"), muslim=(("Kilij Arslan",), ("Seljuk Turks", "Horse Archers")))
    s, _ = fight(s, [6, 5], [1, 1, 1])
    assert GAME.to_act(s) == M and s["pending"][0]["rule"] == "L8"
    s, _ = act(s, lose("Seljuk Turks"))
    assert s["armies"][M] == [cid("Horse Archers")]


def test_siege_defender_wins_ties_and_keeps_the_tt():
    """Rulebook: Siege Phase — higher ST wins, Defender wins ties; no Conquest for a beaten Attacker."""
    s = forces(new(1, "siege"))
    fortify(s, M, "Bastion")
    rig_combat(s, [3, 3], [2, 2, 2])
    rig(s, 6, 6, 6, 6)
    s, log = run(s, "pass", "pass")
    assert s["last_combat"]["winner"] == M
    assert s["tt"] == [0, 3] and s["forts"][M] == [cid("Bastion")]
    assert s["hand"] == 2


@pytest.mark.parametrize("count", [1, 2, 3, 4])
def test_siege_lost_fortifications_half_discarded_half_given(count):
    """Ruling L9 — the beaten Defender discards half his Fortifications (round up), gives the rest to the Attacker."""
    s = forces(new(1, "siege"))
    forts = fortify(s, M, *["Fortifications", "Bastion", "Walled City", "Crusader Fortress"][:count])
    s, log = fight(s, [5, 5], [1, 1] + [1] * count)
    assert s["last_combat"]["winner"] == C
    lost = (count + 1) // 2
    assert s["forts"][M] == []
    assert all(f in s["discard"] for f in forts[:lost])
    assert s["forts"][C] == forts[lost:]
    assert "L9" in rules(log)
    assert conserved(s)


# ====================================================================== Conquest Phase
def test_conquest_takes_a_tt_after_winning_battle_and_siege():
    """Rulebook: Conquest Phase — the Attacker who won Battle and Siege takes a TT from his opponent."""
    s = forces(new(1, "declare"))
    s, _ = act(s, "attack")
    s, _ = fight(s, [5, 5], [1, 1])
    s, log = fight(s, [5, 5], [1, 1])
    assert s["tt"] == [1, 2]
    assert "conquest" in rules(log)
    assert s["step"] == "declare" and legal(s) == ["attack", "hold"]


def test_conquest_needs_a_leader_and_army_after_the_siege():
    """Rulebook: Conquest Phase — the Attacker must still have 1 Leader and 1 Army in play."""
    s = forces(new(1, "siege"), muslim=((), ()))
    fortify(s, M, "Walled City")
    rig_combat(s, [5, 5], [6])
    rig(s, 6)
    s, log = run(s, "pass", "pass")
    assert s["last_combat"]["winner"] == C
    assert "no Leader and Army left in play: no conquest" in texts(log)
    assert s["tt"] == [0, 3]


def test_extended_conquest_at_most_two_tt_a_turn():
    """Rulebook: Conquest Phase — an Extended Conquest (extra Battle and Siege); max 2 TT in one turn."""
    s = forces(new(1, "declare"))
    s, _ = act(s, "attack")
    s, _ = fight(s, [5, 5], [1, 1])
    s, _ = fight(s, [5, 5], [1, 1])
    assert s["tt"] == [1, 2] and s["step"] == "declare"
    s, log = act(s, "attack")
    assert "Extended Conquest" in texts(log)
    s, _ = fight(s, [5, 5], [1, 1])
    s, log = fight(s, [5, 5], [1, 1], then=[6, 6, 6, 6])  # and the Age Roll
    assert s["tt"] == [2, 1]
    assert s["hand"] == 2  # no third conquest is offered: on to the End Phase and the next hand


def test_extended_conquest_may_be_declined():
    """Rulebook: Conquest Phase — the victorious Attacker *may* continue; Ruling L6: he may hold back."""
    s = forces(new(1, "declare"))
    s["conquered"] = 1
    s["tt"] = [1, 2]
    rig(s, 6, 6, 6, 6)
    s, log = act(s, "hold")
    assert "ends the conquest" in texts(log)
    assert s["tt"] == [1, 2] and s["hand"] == 2


def test_conquest_ends_when_the_defender_has_nothing_left():
    """Ruling L14 — with no TT left to take, there is no Extended Conquest."""
    s = forces(new(1, "siege"))
    s["tt"] = [2, 1]
    rig_combat(s, [5, 5], [1, 1])
    rig(s, 6, 6, 6, 6)
    s, log = run(s, "pass", "pass")
    assert s["tt"] == [3, 0] and s["hand"] == 2


def test_attack_may_be_held_back():
    """Ruling L6 — the attack is declared, and may be held back."""
    s = forces(new(1, "declare"))
    assert legal(s) == ["attack", "hold"]
    rig(s, 6, 6, 6, 6)
    s, log = act(s, "hold")
    assert "L6" in rules(log) and s["last_combat"] is None and s["hand"] == 2


def test_no_attack_when_the_defender_holds_nothing():
    """Ruling L14 — nothing to conquer, no attack."""
    s = forces(new(2, "defender"))
    s["tt"] = [0, 3]
    rig(s, 6, 6, 6, 6)
    s, log = act(s, "end")
    assert "L14" in rules(log) and s["last_combat"] is None
    assert s["hand"] == 3


# ====================================================================== End Phase
def test_age_roll_one_to_three_discards_for_both_players():
    """Rulebook: End Phase / Ruling L10 — roll 1D6 per Leader and Army in play, both players; 1-3 discards."""
    s = forces(new(1, "age"))
    rig(s, 3, 4, 1, 6)  # the Attacker's Leader and Army, then the Defender's
    log = settle(s)
    assert leader_ids(s, C) == [] and s["armies"][C] == [cid("Men-at-Arms")]
    assert leader_ids(s, M) == [] and s["armies"][M] == [cid("Seljuk Turks")]
    assert "L10" in rules(log)


@pytest.mark.parametrize("face", [1, 2, 3, 4, 5, 6])
def test_age_roll_each_face(face):
    """Rulebook: End Phase — the Age Roll: 1-3 on 1D6 discards the card."""
    s = new(1, "age")
    muster(s, M, "Fatimids")
    rig(s, face)
    settle(s)
    assert (s["armies"][M] == []) == (face <= 3)


@pytest.mark.parametrize("name", ["Knights Templar", "Knights Hospitaller"])
def test_templar_and_hospitaller_plus_two_to_age(name):
    """Rulebook: Common Deck Card List — Knights Templar / Hospitaller: +2 to Age rolls."""
    for face, kept in ((1, False), (2, True)):
        s = new(1, "age")
        muster(s, C, name)
        rig(s, face)
        settle(s)
        assert (s["armies"][C] == [cid(name)]) == kept


def test_old_age_leaders_leave_after_two_crusades():
    """Ruling L11 — old age: a Leader serves two Crusades, and is discarded at the end of the second."""
    s = new(4, "age")  # end of Crusade 2
    lead(s, C, "King Philip", since=1)
    lead(s, C, "King Edward", since=2)
    lead(s, M, "Saladin", since=1)
    rig(s, 6)  # the only Age Roll left: King Edward's
    log = settle(s)
    assert leader_ids(s, C) == [cid("King Edward")] and leader_ids(s, M) == []
    assert cid("King Philip") in s["discard"] and cid("Saladin") in s["discard"]
    assert rules(log).count("L11") == 2


@pytest.mark.parametrize("hand", [2, 3])
def test_old_age_not_before_the_end_of_the_second_crusade(hand):
    """Ruling L11 — a Leader of Crusade 1 still serves at the end of Crusade 1 and during Crusade 2."""
    s = new(hand, "age")
    lead(s, C, "King Philip", since=1)
    rig(s, 6)
    settle(s)
    assert leader_ids(s, C) == [cid("King Philip")]


def test_hand_limit_seven_for_both_players():
    """Ruling L12 — max hand size 7 for both players; each discards the excess of his choice."""
    assert HAND_LIMIT == 7
    s = new(1, "age")
    crusader = fill_hand(s, C, 9)
    muslim = fill_hand(s, M, 8)
    settle(s)
    assert GAME.to_act(s) == C and s["pending"][0]["count"] == 2
    s, _ = run(s, f"discard {crusader[0]}", f"discard {crusader[5]}")
    assert len(s["hands"][C]) == 7
    assert GAME.to_act(s) == M and s["pending"][0]["count"] == 1
    s, log = act(s, f"discard {muslim[3]}")
    assert {crusader[0], crusader[5], muslim[3]} <= set(s["discard"])
    assert s["hand"] == 2  # then the next hand


def test_hand_of_seven_keeps_every_card():
    """Ruling L12 — a hand of exactly 7 is within the limit."""
    s = new(1, "age")
    fill_hand(s, C, 7)
    settle(s)
    assert s["hand"] == 2 and s["discard"] == []


# ====================================================================== Victory
@pytest.mark.parametrize("tt,winner", [((2, 1), C), ((3, 0), C), ((1, 2), M), ((0, 3), M)])
def test_victory_most_tt_after_hand_eighteen(tt, winner):
    """Rulebook: Victory — at the end of the game (the Ninth Crusade) the player with the most TT wins."""
    s = new(18, "next")
    s["tt"] = list(tt)
    settle(s)
    assert s["result"]["winners"] == [winner]
    assert s["step"] == "over" and GAME.to_act(s) is None and GAME.legal_actions(s) == []
    assert refusal(s, "end") == "The game is over: no more actions can be taken."


def test_victory_not_before_the_eighteenth_hand():
    """Rulebook: Game Length — the game goes on until hand 18, even with all TT taken."""
    s = new(17, "next")
    s["tt"] = [3, 0]
    settle(s)
    assert s["result"] is None and s["hand"] == 18


@pytest.mark.parametrize("tt,egypt", [((2, 1), M), ((1, 2), C)])
def test_victory_tie_goes_to_the_muslims(tt, egypt):
    """Ruling L13 — a tie in Territory Tokens goes to the Muslims (Egypt counted, ruling L17)."""
    s = new(18, "next", egypt=egypt is not None)
    s["tt"] = list(tt)
    s["egypt"] = egypt
    log = settle(s)
    assert s["result"]["winners"] == [M]
    assert "L13" in rules(log)


def test_victory_egypt_counts_as_a_tt():
    """Ruling L17 — Egypt counts as a TT for victory."""
    s = new(18, "next", egypt=True)
    s["tt"] = [1, 2]
    s["egypt"] = C
    settle(s)
    assert s["result"]["winners"] == [M]  # 2 to 2
    s = new(18, "next", egypt=True)
    s["tt"] = [2, 1]
    s["egypt"] = C
    settle(s)
    assert s["result"]["winners"] == [C] and s["result"]["tt"] == [3, 1]


# ====================================================================== Strike at Egypt
def test_attack_egypt_muslim_draws_six_at_once():
    """Rulebook: Strike at Egypt — the Crusaders may attack Egypt instead; the Muslim immediately draws 6."""
    s = forces(new(1, "declare", egypt=True))
    assert legal(s) == ["attack", "attack egypt", "hold"]
    before = len(s["hands"][M])
    s, log = act(s, "attack egypt")
    assert len(s["hands"][M]) == before + 6
    assert "egypt" in rules(log)
    assert s["step"] == "commit" and s["target"] == "egypt"


def test_conquering_egypt_leaves_the_tt_alone():
    """Rulebook: Strike at Egypt — the Crusaders conquer Egypt (ruling L17: a TT of its own)."""
    s = forces(new(1, "declare", egypt=True))
    s, _ = act(s, "attack egypt")
    s, _ = fight(s, [5, 5], [1, 1])
    s, log = fight(s, [5, 5], [1, 1])
    assert s["egypt"] == C and s["tt"] == [0, 3]
    assert s["step"] == "declare" and legal(s) == ["attack", "hold"]  # Extended Conquest of a TT
    assert GAME.view(s, C)["players"][C]["holdings"] == 1


def test_no_egypt_attack_without_the_option():
    """Rulebook: Optional Rules — Strike at Egypt is optional."""
    s = forces(new(1, "declare"))
    assert legal(s) == ["attack", "hold"]


def test_muslim_may_win_egypt_back():
    """Rulebook: Strike at Egypt — the penalty lasts until Egypt is won back."""
    s = forces(new(2, "declare", egypt=True))
    s["egypt"] = C
    assert legal(s) == ["attack egypt", "hold"]  # the Crusader holds no TT, only Egypt
    crusader_hand = len(s["hands"][C])
    s, _ = act(s, "attack egypt")
    assert len(s["hands"][C]) == crusader_hand and len(s["hands"][M]) == 0  # no six cards for anyone
    s, _ = fight(s, [1, 1], [5, 5])
    s, _ = fight(s, [1, 1], [5, 5], then=[6, 6, 6, 6])
    assert s["egypt"] == M


def test_egypt_held_means_there_is_something_to_attack():
    """Ruling L17 with Ruling L14 — a Crusader holding only Egypt can be attacked."""
    s = forces(new(2, "defender", egypt=True))
    s["egypt"] = C
    s, _ = act(s, "end")
    assert s["step"] == "declare"


# ====================================================================== The deck
def test_one_copy_of_each_card():
    """Ruling L1 — one copy of each card: 133 distinct cards, each in exactly one place."""
    assert len(CARDS) == 133
    assert len({c.name for c in CARDS}) == 133
    s, _ = GAME.start(GAME.make_setup(5, ["human", "human"]))
    assert conserved(s)


def test_empty_deck_is_refilled_from_the_discard_pile():
    """Ruling L2 — an empty deck is refilled from the (shuffled) discard pile."""
    s = new(1, "recruit")
    give(s, C, "Pilgrims")
    to_discard(s, "Bastion", "Walled City", "Garrison")
    fortify(s, M, *list(s["deck"]))  # out of the way: the deck is empty
    s, log = act(s, play("Pilgrims"))
    assert "L2" in rules(log)
    assert len(s["hands"][C]) == 2 and len(s["deck"]) == 2 and s["discard"] == []
    assert conserved(s)


def test_empty_deck_and_discard_pile_draws_stop():
    """Ruling L2 — with the deck and the discard pile both empty, there is nothing more to draw."""
    s = new(1, "support")
    fortify(s, M, *list(s["deck"]))
    log = settle(s)
    assert len(s["hands"][C]) == 0
    assert "both empty" in texts(log)


# ====================================================================== Refusals
def test_refusal_card_not_in_hand():
    """Rulebook: Recruit Phase — only cards from your own hand can be played."""
    s = new(1, "recruit")
    assert refusal(s, play("King Philip")) == "King Philip is not in the Crusader's hand."


def test_refusal_wrong_sides_card():
    """Rulebook: Card List Notation — C = Crusader player only, M = Muslim player only."""
    s = new(1, "recruit")
    give(s, C, "Saladin", "Seljuk Turks", "Unification")
    assert legal(s) == ["end"]
    assert refusal(s, play("Saladin")) == "Saladin is a Muslim card: the Crusader cannot use it."
    assert refusal(s, play("Unification")) == "Unification is a Muslim card: the Crusader cannot use it."
    m = new(2, "recruit")
    give(m, M, "Knights Templar")
    assert refusal(m, play("Knights Templar")) == "Knights Templar is a Crusader card: the Muslim cannot use it."


def test_refusal_not_your_turn_and_unknown_actions():
    """Rulebook: Turn Sequence — one player acts at a time; anything else is refused with a reason."""
    s = new(1, "recruit")
    assert refusal(s, "end", seat=M) == "It is not your turn: Crusader is to act."
    assert refusal(s, "fly").startswith("“fly” is not a Levantine action")
    assert refusal(s, "play 999").startswith("There is no card number 999")
    assert refusal(s, "attack").startswith("“attack” is not possible now.")


def test_refusal_pending_choice_first():
    """Ruling L15 — a discard of the player's choice must be settled before anything else."""
    s = new(1, "recruit")
    give(s, C, "Political Strife")
    fill_hand(s, M, 3)
    s, _ = act(s, play("Political Strife"))
    assert GAME.to_act(s) == M
    assert refusal(s, "end").startswith("First this must be settled")


# ====================================================================== The Will of God, Transports
def test_will_of_god_negates_an_event():
    """Ruling L4 — The Will of God answers an event as a response, and negates it."""
    s = new(1, "recruit")
    give(s, C, "Pilgrims")
    give(s, M, "The Will of God")
    s, _ = act(s, play("Pilgrims"))
    assert GAME.to_act(s) == M and legal(s) == ["negate", "allow"]
    s, log = act(s, "negate")
    assert s["hands"][C] == [] and s["hands"][M] == []
    assert {cid("Pilgrims"), cid("The Will of God")} <= set(s["discard"])
    assert "L4" in rules(log) and GAME.to_act(s) == C


def test_will_of_god_may_let_the_event_stand():
    """Ruling L4 — the holder may let the event stand, and keeps The Will of God."""
    s = new(1, "recruit")
    give(s, C, "Pilgrims")
    give(s, M, "The Will of God")
    s, _ = run(s, play("Pilgrims"), "allow")
    assert len(s["hands"][C]) == 2 and s["hands"][M] == [cid("The Will of God")]


def test_will_of_god_rerolls_a_die():
    """Ruling L4 — after the dice are rolled, the holder of The Will of God may reroll one die."""
    s = forces(new(1, "battle"))
    give(s, M, "The Will of God")
    rig_combat(s, [6, 5], [2, 2])
    s, _ = run(s, "pass", "pass")
    assert GAME.to_act(s) == M
    assert legal(s) == ["reroll 0 0", "reroll 0 1", "reroll 1 0", "reroll 1 1", "keep"]
    rig(s, 1)
    rig(s, 6, 6, 6, 6)  # Age Roll after the lost Battle
    s, log = act(s, "reroll 0 0")
    assert s["last_combat"]["dice"][C][0][0] == 1
    assert s["last_combat"]["totals"] == [6, 4] and s["last_combat"]["winner"] == C
    assert cid("The Will of God") in s["discard"]


def test_will_of_god_reroll_can_turn_the_battle():
    """Ruling L4 — the rerolled die counts (and a 6 rerolled away is no longer a natural 6)."""
    s = forces(new(1, "battle"), muslim=(("Kilij Arslan",), ("Seljuk Turks", "Horse Archers")))
    give(s, M, "The Will of God")
    rig_combat(s, [6, 2], [3, 2, 2])
    s, _ = run(s, "pass", "pass")
    rig(s, 1)
    rig(s, 6, 6, 6, 6, 6)
    s, log = act(s, "reroll 0 0")
    assert s["last_combat"]["totals"] == [3, 7] and s["last_combat"]["winner"] == M
    assert s["armies"][M] == [cid("Seljuk Turks"), cid("Horse Archers")]  # no natural 6 any more


def test_will_of_god_keep_the_dice():
    """Ruling L4 — the holder may keep the dice as rolled, and The Will of God stays in hand."""
    s = forces(new(1, "battle"))
    give(s, M, "The Will of God")
    rig_combat(s, [5, 5], [2, 2])
    s, _ = run(s, "pass", "pass", "keep")
    assert s["hands"][M] == [cid("The Will of God")]
    assert s["step"] == "commit" and s["combat"]["kind"] == "siege"


def test_will_of_god_window_is_offered_whether_or_not_the_card_is_held():
    """Ruling L4 — by default an event opens the window for the opponent whether or not he holds
    The Will of God: who is asked, what the Crusader is shown and what the log says are the same
    either way; only the holder may negate."""
    seen = {}
    for holds in (True, False):
        s = new(1, "recruit", quick=False)
        give(s, C, "Pilgrims")
        if holds:
            give(s, M, "The Will of God")
        s, log = act(s, play("Pilgrims"))
        assert GAME.to_act(s) == M
        assert legal(s) == (["negate", "allow"] if holds else ["allow"])
        view = GAME.view(s, C)
        seen[holds] = (view["prompt"], view["pending"], [e.for_seat(C) for e in log])
        s, log = act(s, "allow")
        assert "L4" in rules(log) and "lets Pilgrims stand" in texts(log)
        assert GAME.to_act(s) == C and len(s["hands"][C]) == 2
    assert seen[True] == seen[False]


def test_will_of_god_face_up_in_the_discard_opens_no_window():
    """Ruling L4 — once The Will of God lies face up in the discard pile, nobody can hold it and
    nobody is asked."""
    s = new(1, "recruit", quick=False)
    give(s, C, "Pilgrims")
    to_discard(s, "The Will of God")
    s, _ = act(s, play("Pilgrims"))
    assert GAME.to_act(s) == C and len(s["hands"][C]) == 2


def test_will_of_god_reroll_window_asks_attacker_then_defender():
    """Ruling L4 — after the dice, the attacker then the defender is asked, holder or not; once
    the attacker has spent The Will of God, the defender is not asked."""
    for holder in (None, C, M):
        s = forces(new(1, "battle", quick=False))
        if holder is not None:
            give(s, holder, "The Will of God")
        rig_combat(s, [5, 5], [2, 2])
        s, _ = run(s, "pass", "pass")
        assert GAME.to_act(s) == C and GAME.view(s, M)["pending"]["kind"] == "reroll"
        assert (legal(s)[-1], len(legal(s)) > 1) == ("keep", holder == C)
        if holder == C:
            rig(s, 5)
            s, _ = act(s, "reroll 1 0")
            assert cid("The Will of God") in s["discard"]
            assert s["step"] == "commit" and s["combat"]["kind"] == "siege"  # the Muslim is not asked
            continue
        s, _ = act(s, "keep")
        assert GAME.to_act(s) == M and (len(legal(s)) > 1) == (holder == M)
        s, _ = act(s, "keep")
        assert s["step"] == "commit" and s["combat"]["kind"] == "siege"


def test_quick_responses_ask_only_the_holder():
    """Ruling L4 — with the option Quick responses (which says that it tells) only the holder is
    asked."""
    s = new(1, "recruit", quick=True)
    give(s, C, "Pilgrims")
    s, _ = act(s, play("Pilgrims"))
    assert GAME.to_act(s) == C and len(s["hands"][C]) == 2
    s = new(1, "recruit", quick=True)
    give(s, C, "Pilgrims")
    give(s, M, "The Will of God")
    s, _ = act(s, play("Pilgrims"))
    assert GAME.to_act(s) == M and legal(s) == ["negate", "allow"]


def test_the_computer_without_the_will_of_god_lets_the_event_stand():
    """Ruling L4 — a computer player asked without the card takes the only answer, by the same
    path as any other decision."""
    s = new(1, "recruit", quick=False)
    give(s, C, "Pilgrims")
    s, _ = act(s, play("Pilgrims"))
    assert choose(GAME, s, M, "heuristic", 1, 0) == Action("allow")
    s = forces(new(1, "battle", quick=False))
    rig_combat(s, [5, 5], [2, 2])
    s, _ = run(s, "pass", "pass")
    assert choose(GAME, s, C, "heuristic", 1, 0) == Action("keep")


def test_will_of_god_is_only_a_response():
    """Ruling L4 — The Will of God is not played on its own."""
    s = new(1, "recruit")
    give(s, C, "The Will of God")
    assert legal(s) == ["end"]
    b = forces(new(1, "battle"))
    give(b, C, "The Will of God")
    assert legal(b) == ["pass"]


def test_transports_are_the_crusaders():
    """Ruling L16 — Transports are the Crusader's: the Muslim uses Z Transport/Draw cards only to draw."""
    s = new(2, "recruit")
    give(s, M, "Fight the Infidel", "Logistics")
    assert legal(s) == [play("Fight the Infidel", "draw").text, play("Logistics", "draw").text, "end"]
    assert "ruling L16" in refusal(s, play("Logistics", "transport"))
    c = new(1, "recruit")
    give(c, C, "Fight the Infidel")
    assert legal(c) == [play("Fight the Infidel", "transport").text, play("Fight the Infidel", "draw").text, "end"]


def test_view_hides_the_other_hand():
    """Rulebook: The Deck — hands are private; a seat's view shows only its own hand."""
    s = new(1, "recruit")
    give(s, C, "King Philip")
    give(s, M, "Saladin")
    v = GAME.view(s, C)
    assert v["players"][C]["hand"] == [cid("King Philip")]
    assert v["players"][M]["hand"] is None and v["players"][M]["hand_count"] == 1
    assert "deck" not in v


def test_agent_view_is_the_view_worked_out_when_read():
    """Rulebook: The Deck — the view a computer player reads inside a search (entries worked out
    when read) holds the same entries, in the same order, as the seat's view, its own hand and
    never the other one, all along games of random and heuristic players."""
    from outremer.ai import agent_for, agent_random, decide

    compared = 0
    for g in range(6):
        seats = ["random", "random"] if g % 2 else ["heuristic", "heuristic"]
        s, _ = GAME.start(GAME.make_setup(g, seats))
        agents = [agent_for(GAME, kind) for kind in seats]
        step = 0
        while (seat := GAME.to_act(s)) is not None:
            for viewer in (C, M):
                lazy = GAME.agent_view(s, viewer)
                assert lazy["players"][1 - viewer]["hand"] is None
                whole = lazy.whole()
                assert whole == GAME.view(s, viewer) and list(whole) == list(GAME.view(s, viewer))
                compared += 1
            s, _ = GAME.apply(s, decide(agents[seat], GAME, s, seat, agent_random(g, step)))
            step += 1
    assert compared > 1000
    with pytest.raises(KeyError):
        GAME.agent_view(s, C)["deck"]


# ====================================================================== more rulings
def test_support_phase_crusader_draws_first():
    """Ruling L20 — the Support Phase of hand 1 deals the hands: the Crusader draws first (10), then the Muslim (4)."""
    s = new(1, "support")
    top = stack(s, *[c.name for c in CARDS[:14]])
    settle(s)
    assert s["hands"][C] == top[:10] and s["hands"][M] == top[10:]


def test_egypt_is_one_of_the_two_tt_a_turn_may_take():
    """Ruling L17 — Egypt is one of the two Territory Tokens a turn may take (Extended Conquest)."""
    s = forces(new(1, "declare", egypt=True))
    s, _ = act(s, "attack egypt")
    s, _ = fight(s, [5, 5], [1, 1])
    s, _ = fight(s, [5, 5], [1, 1])
    assert s["egypt"] == C and legal(s) == ["attack", "hold"]
    s, _ = act(s, "attack")
    s, _ = fight(s, [5, 5], [1, 1])
    s, log = fight(s, [5, 5], [1, 1], then=[6, 6, 6, 6])
    assert s["tt"] == [1, 2] and s["egypt"] == C
    assert s["hand"] == 2  # two taken: the turn ends


def test_each_attack_on_egypt_draws_six():
    """Ruling L17 — each time the Crusaders attack Egypt, the Muslim draws 6 cards at once."""
    s = forces(new(1, "declare", egypt=True))
    s["conquered"] = 1
    s["tt"] = [1, 2]
    s, log = act(s, "attack egypt")
    assert len(s["hands"][M]) == 6 and "again" in texts(log)


def test_discard_events_against_a_short_hand():
    """Ruling L15 — a player with fewer cards than he must discard discards what he has."""
    s = new(1, "recruit")
    give(s, C, "Political Strife")
    give(s, M, "Saladin")
    s, log = act(s, play("Political Strife"))
    assert s["hands"][M] == [] and not s["pending"] and cid("Saladin") in s["discard"]


@pytest.mark.parametrize("name", ["Political Strife", "Petty Warfare", "Factionalism", "Revolt", "Mongol Invasions"])
def test_discard_event_that_could_do_nothing_cannot_be_played(name):
    """Ruling L3 — an event that could do nothing cannot be played (an opponent's empty hand has nothing
    to discard, as Disease has no target without an enemy Army)."""
    s = new(1, "recruit")
    give(s, C, name)
    assert s["hands"][M] == []
    assert not is_legal(s, play(name))


def test_refusal_second_fortification_names_the_limit():
    """Rulebook: Defender Phase — up to 1 Fortification: a second one is refused for the limit."""
    s = new(2, "defender")
    give(s, C, "Fortifications", "Crusader Fortress")
    s, _ = act(s, play("Fortifications"))
    message = refusal(s, play("Crusader Fortress"))
    assert message == "The Crusader may put no more Fortifications into play this phase."


def test_refusal_nobility_as_a_second_leader_names_the_limit():
    """Rulebook: Recruit Phase (1 Leader) with Nobility (Leader or Army) — the refusal names the Leader limit."""
    s = new(1, "recruit")
    give(s, C, "King Philip", "Nobility")
    s, _ = act(s, play("King Philip"))
    assert is_legal(s, play("Nobility", "army"))
    message = refusal(s, play("Nobility", "leader"))
    assert message == "The Crusader may put no more Leaders into play this phase."


def test_refusal_muslim_transport_names_the_ruling():
    """Ruling L16 — the Muslim may not use an X card as a Transport: the refusal says so."""
    s = new(2, "recruit")
    give(s, M, "Logistics")
    assert is_legal(s, play("Logistics", "draw"))
    message = refusal(s, play("Logistics", "transport"))
    assert "Transport" in message and "cannot be played in the Recruit Phase" not in message


# ====================================================================== rule names in the log
def _rulings_document():
    return rulings_document("levantine")


def test_ruling_titles_match_the_rulings_document():
    """Ruling L1–L20 — the rule titles the log shows are the headings of docs/rulings/levantine.md."""
    text = _rulings_document()
    if text is None:
        pytest.skip("docs/rulings/levantine.md is not available here")
    headings = dict(re.findall(r"^## (L\d+) — (.+)$", text, flags=re.M))
    assert set(headings) == set(RULINGS)
    for key, title in RULINGS.items():
        assert headings[key].startswith(title), key


def test_every_log_line_names_a_known_rule():
    """Rulebook and Rulings — every log line names a rulebook section or a ruling id."""
    known = set(RULEBOOK) | set(RULINGS)
    for seed, egypt in ((1, False), (2, True)):
        s, log = GAME.start(GAME.make_setup(seed, ["human", "human"], {"egypt": egypt}))
        chooser = random.Random(seed)
        while GAME.to_act(s) is not None:
            s, more = act(s, chooser.choice(GAME.legal_actions(s)))
            log += more
        unknown = {e.rule for e in log} - known
        assert not unknown, unknown
        assert all(GAME.rule_title(e.rule).startswith(("Rulebook:", "Ruling L")) for e in log)
