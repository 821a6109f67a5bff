"""Scenario tests of the Levantine deck: the transcription of the rulebook's card list, one
legal play and the documented effect of every card, and each card effect in detail.

Every test names in its name or docstring the section of the rulebook
(crusades-card-game.txt) or the ruling id (docs/rulings/levantine.md) it checks.
"""

from __future__ import annotations

import re

import pytest

from outremer.games.levantine.cards import TYPE_LETTERS
from outremer.games.levantine.state import crusade

from .scenario import (
    CARDS,
    CRUSADER,
    GAME,
    MUSLIM,
    act,
    card,
    cid,
    dice_of,
    discard,
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
    rig_raw,
    rules,
    run,
    settle,
    stack,
    texts,
)

C, M = CRUSADER, MUSLIM

# The rulebook's "COMMON DECK CARD LIST" (crusades-card-game.txt), word for word:
# "Card Name: Type Use Notes:" — name, type letters, side letter, then the note.
RULEBOOK_CARD_LIST = " ".join(
    [
        "Richard the Lionhearted AL C Rolls an extra 1D6 for Battles Baldwin IV DL C Draw 2 cards when",
        "played King Guy DL C St Louis IX AL C Recruit Phase: Transport 1 extra Army Fredrick II AL C",
        "When Played Opponent discards 2 cards Theobald of Champagne AL C King Philip AL C King Edward AL",
        "C Amalric L C Land Hungry Barons AL C Rolls an extra 1D6 for Sieges if Attacker Nobility X C",
        "Counts as Leader or Army Knights Templar A C +2 to Age & Battle Rolls Knights Hospitaller A C +2",
        "to Age & Battle Rolls Men-at-Arms A C English Knights A C Latin Crusaders A C French Knights A C",
        "German Knights A C Teutonic Knights A C Heavy Infantry A C Turcopoles A C (Light Cavalry)",
        "Crossbowmen A C Footsoldiers A C Fortifications F Z Crusader Fortress F C Siege Engines S Z",
        "Pilgrims E C Draw 2 cards Children’s Crusade E M Draw 2 cards Templar Financing X C Use as",
        "Transport card or Draw 2 cards Massacre E Z Loser in B/S must discard all Armies Slaughter E Z",
        "Loser in B/S must discard all Armies Pillage E Z Winner of Siege draws 2 cards Sell into Slavery",
        "E Z Winner of Siege draws 2 cards Alliances E Z Draw 2 cards opponent discards 1 card Raiding E",
        "Z Draw 1 card opponent discards 2 cards Indulgences E C Draw 2 cards Papal Support T C Armenian",
        "Allies A Z Byzantine Allies A Z Sea Power T C Leaders Quarrel E M Enemy Leaders get –2 to Battle",
        "Rolls Cross Asia Minor T C Holy War X C Use as Transport or Battle card The True Cross B C",
        "Religious Fervor X C Use as Transport or Battle card Martial Glory X C Use as Battle card or",
        "Draw 2 cards True Believers T C Promise of Eternal Salvation X C Use as Transport card or Draw 2",
        "cards Hope of Material Gain X C Use as Transport card or Draw 2 cards Earthly Plunder X C Use as",
        "Transport card or Draw 2 cards The Will of God E Z Negate Event card or reroll Die Roll The Holy",
        "Lance B C Fight the Infidel X Z Use as Transport card or Draw 2 cards Saladin L M Rolls an extra",
        "1D6 for Battles & Sieges Kilij Arslan L M Yagi Siyan L M Nur al-Din L M Emir Kerboga L M Baibars",
        "L M Rolls an extra 1D6 for Sieges if Attacker Zengi of Mosul L M Al-Ashraf Khalil L M Poisoned",
        "Wells S Z Defender Only Heat & Thirst E M Opposing Armies get –2 to Battle Roll Starvation S Z",
        "Disease E M Opponent must discard an Army Counter Attacks X M Use as Battle card or Draw 2 cards",
        "Hit & Run Attacks B M Negotiations E Z Opponent may not attack this Phase Ambush B M Foolish",
        "Attack E M Opposing Armies get –2 to Battle Roll Factionalism E Z Opponent must discard 2 random",
        "cards Treaty E Z Opponent may not attack this Phase Diverted to Constantinople E M Crusaders may",
        "not attack this Turn Unification E M Draw 3 cards Expel the Invaders X M Use as Battle card or",
        "Draw 2 cards Avenge Atrocities X M Use as Battle card or Draw 2 cards Jihad X M Use as Battle",
        "card or Draw 2 cards Consolidate Power E M Draw 3 cards Seljuk Turks A M Horse Archers A M Light",
        "Cavalry A M Heavy Cavalry A Z Muslim Archers A M Turkish Cavalry A M Fatimids A M Ayyubids A M",
        "Mamelukes A M Saracens A M Bedouins A M Arabs A M Khwarizamian Horsemen A M Egyptian Armies A M",
        "Scythians A M Relief Force S Z Defender Only Greek Fire S Z Sappers S Z Siege Towers S Z",
        "Attacker Only Boiling Oil S Z Defender Only Battering Rams S Z Attacker Only Force a Breach S Z",
        "Attacker Only Sorties B/S Z Frankish Charge B C Discipline B C Bastion F Z Garrison S Z Defender",
        "Only Royal Fleet T C Kingdom of Cyprus T C Catapults S Z Political Strife E Z Opponent must",
        "discard 2 cards Petty Warfare E Z Opponent must discard 2 cards Supply by Sea T C Surrender",
        "Terms S Z Attacker Only Dungeon E Z Loser in B/S must discard a Leader Ransom Prisoners E Z Draw",
        "1 card opponent discards 2 cards Combined Forces A C Walled City F Z Illness E Z Opponent must",
        "discard a Leader Logistics X Z Use as Transport card or Draw 2 cards Pay Tribute E Z Draw 1 card",
        "opponent discards 2 cards Assassin Sect E M Opponent must discard a Leader Fanaticism X Z Use as",
        "Battle card or Draw 2 cards Grand Masters L C Venetian Fleet T C Genoese Shipping T C Great",
        "Fleet T C Italian Fleets T C Revolt E Z Opponent discards 2 Random cards Weak Crusader States E",
        "M Opponent discards 2 Random cards Antioch Mercenaries A Z Pikemen A C Islamic Spirit E M Draw 2",
        "Cards Mongol Invasions E C Opponent discards 2 Random cards Fabian Tactics S C Defender Only",
    ]
)

ENTRY = r" (AL|DL|L|A|E|T|F|S|B/S|B|X) ([CMZ])(?= |$)"


def letter(c) -> str:
    if c.type == "leader":
        return {"attack": "AL", "defend": "DL", "any": "L"}[c.play]
    return TYPE_LETTERS[c.type]


def rulebook_lines() -> dict[int, tuple[str, str, str]]:
    """Card id -> (type letters, side, note) as the rulebook prints them."""
    found = []
    for c in CARDS:
        m = re.search(re.escape(c.name) + ENTRY, RULEBOOK_CARD_LIST)
        assert m, f"{c.name} is not in the rulebook's card list"
        found.append((m.start(), m.end(), c.id, m.group(1), m.group(2)))
    found.sort()
    lines = {}
    for i, (_start, end, card_id, kind, side) in enumerate(found):
        stop = found[i + 1][0] if i + 1 < len(found) else len(RULEBOOK_CARD_LIST)
        lines[card_id] = (kind, side, RULEBOOK_CARD_LIST[end:stop].strip())
    return lines


# ====================================================================== the card list
def test_card_list_is_the_rulebooks():
    """Rulebook: Common Deck Card List — 133 cards, each with the rulebook's type, side and note."""
    entries = list(re.finditer(ENTRY, RULEBOOK_CARD_LIST))
    assert len(entries) == len(CARDS) == 133
    lines = rulebook_lines()
    for c in CARDS:
        kind, side, note = lines[c.id]
        assert (letter(c), c.side, c.note) == (kind, side, note), c.name


def test_card_notes_match_the_card_records():
    """Rulebook: Common Deck Card List — each note is carried by the card's fields."""
    for c in CARDS:
        note = c.note
        if c.type == "siege":
            assert ("Defender Only" in note) == (c.only == "defender"), c.name
            assert ("Attacker Only" in note) == (c.only == "attacker"), c.name
        if c.type == "special":
            words = {"Transport": "transport", "Draw": "draw", "Battle": "battle", "Leader": "leader", "Army": "army"}
            assert set(c.uses) == {use for word, use in words.items() if word in note}, c.name
        m = re.search(r"[Dd]raw (\d)", note)
        if m and c.type != "leader":
            assert c.draw == int(m.group(1)), c.name
        m = re.search(r"discards? (\d)", note)
        if m and c.type == "event":
            assert c.discard == int(m.group(1)), c.name


def test_one_copy_of_each_card_in_the_deck():
    """Ruling L1 — one copy of each card."""
    s = new(1, "recruit")
    assert sorted(s["deck"]) == list(range(len(CARDS)))


# ====================================================================== helpers
FILLER = ["Bastion", "Walled City", "Garrison", "Catapults"]
HELPERS = {
    C: (["King Philip", "King Edward"], ["Men-at-Arms", "English Knights", "Pikemen"]),
    M: (["Kilij Arslan", "Yagi Siyan"], ["Seljuk Turks", "Horse Archers", "Fatimids"]),
}


def attack_hand(seat: int) -> int:
    return 1 if seat == C else 2


def defend_hand(seat: int) -> int:
    return 2 if seat == C else 1


def pick(seat: int, kind: int, count: int, avoid: int | None = None) -> list[str]:
    return [n for n in HELPERS[seat][kind] if cid(n) != avoid][:count]


def armed(s, avoid=None, leaders=(1, 1), armies=(1, 1)):
    """Helper Leaders and Armies in play for both sides (never the card under test)."""
    for seat in (C, M):
        lead(s, seat, *pick(seat, 0, leaders[seat], avoid))
        muster(s, seat, *pick(seat, 1, armies[seat], avoid))
    return s


def rig_for(s, seat, mine, theirs):
    """Script a combat's dice from ``seat``'s point of view (the engine rolls the Crusader's first)."""
    if seat == C:
        rig(s, *mine, *theirs)
    else:
        rig(s, *theirs, *mine)


def table(hand: int, step: str, **kw):
    """A scenario where both sides hold TT: the Attacker 1, the Defender 2 (a conquest
    leaves him one, so the turn stops at the offer of an Extended Conquest)."""
    s = new(hand, step, **kw)
    s["tt"] = [1, 2] if hand % 2 else [2, 1]
    return s


def seats_for(c) -> list[int]:
    return {"C": [C], "M": [M], "Z": [C, M]}[c.side]


def roll_after_play(s, action):
    """Play ``action`` in a commit step, then both pass: the dice are rolled."""
    s, _ = act(s, action)
    s, _ = run(s, "pass", "pass")
    return s


# ====================================================================== every card, by type
def ex_leader(c, seat):
    opp = 1 - seat
    phase = "defender" if c.play == "defend" else "recruit"
    s = table(defend_hand(seat) if phase == "defender" else attack_hand(seat), phase)
    give(s, seat, c.id)
    opp_cards = fill_hand(s, opp, 4)
    drawn = stack(s, *FILLER[:2])
    assert is_legal(s, play(c.id))
    s, log = act(s, play(c.id))
    assert [c.id, crusade(s)] in s["leaders"][seat]
    if c.on_play_draw:  # Baldwin IV
        assert s["hands"][seat] == drawn
    else:
        assert s["hands"][seat] == []
    if c.on_play_discard:  # Fredrick II
        assert GAME.to_act(s) == opp and s["pending"][0]["count"] == c.on_play_discard
        s, _ = run(s, *[f"discard {x}" for x in opp_cards[: c.on_play_discard]])
        assert s["hands"][opp] == opp_cards[c.on_play_discard :]
    else:
        assert s["pending"] == [] and s["hands"][opp] == opp_cards
    if c.extra_armies:  # St Louis IX
        assert s["allow"][1] == 1 + c.extra_armies
    if c.play != "any":  # AL only in the Recruit Phase, DL only in the Defender Phase
        wrong = table(attack_hand(seat), "recruit") if c.play == "defend" else table(defend_hand(seat), "defender")
        give(wrong, seat, c.id)
        assert not is_legal(wrong, play(c.id))
    for kind in ("battle", "siege"):
        for attacking in (True, False):
            b = table(attack_hand(seat) if attacking else defend_hand(seat), kind)
            lead(b, seat, c.id)
            muster(b, seat, *pick(seat, 1, 1))
            lead(b, opp, *pick(opp, 0, 1))
            muster(b, opp, *pick(opp, 1, 1))
            b, _ = run(b, "pass", "pass")
            extra = c.battle_dice if kind == "battle" else c.siege_dice + (c.siege_dice_attacking if attacking else 0)
            dice = dice_of(b, seat, c.id)
            assert len(dice) == 1 + extra and {d[2] for d in dice} == {"L"}, (kind, attacking)


def ex_army(c, seat):
    opp = 1 - seat
    s = table(attack_hand(seat), "recruit")
    give(s, seat, c.id)
    s, _ = act(s, play(c.id))
    assert s["armies"][seat] == [c.id]
    d = table(defend_hand(seat), "defender")
    give(d, seat, c.id)
    d, _ = act(d, play(c.id))
    assert d["armies"][seat] == [c.id]
    for kind in ("battle", "siege"):
        b = table(attack_hand(seat), kind)
        lead(b, seat, *pick(seat, 0, 1))
        muster(b, seat, c.id)
        lead(b, opp, *pick(opp, 0, 1))
        muster(b, opp, *pick(opp, 1, 1))
        b, _ = run(b, "pass", "pass")
        dice = dice_of(b, seat, c.id)
        assert len(dice) == 1 and dice[0][2] == "A"
        assert dice[0][1] == (c.battle_bonus if kind == "battle" else 0)
    a = table(1, "age")
    muster(a, seat, c.id)
    rig(a, 3)
    settle(a)
    assert (a["armies"][seat] == [c.id]) == (3 + c.age_bonus > 3)


def ex_fortification(c, seat):
    s = table(defend_hand(seat), "defender")
    give(s, seat, c.id)
    s, _ = act(s, play(c.id))
    assert s["forts"][seat] == [c.id]
    r = table(attack_hand(seat), "recruit")
    give(r, seat, c.id)
    assert not is_legal(r, play(c.id))
    for kind, attacking, dice in (("siege", False, 1), ("siege", True, 0), ("battle", False, 0)):
        b = table(attack_hand(seat) if attacking else defend_hand(seat), kind)
        armed(b)
        fortify(b, seat, c.id)
        b, _ = run(b, "pass", "pass")
        assert [d[2] for d in dice_of(b, seat, c.id)] == ["F"] * dice, (kind, attacking)


def ex_siege(c, seat):
    for attacking in (True, False):
        b = armed(table(attack_hand(seat) if attacking else defend_hand(seat), "siege"))
        give(b, seat, c.id)
        if not attacking:
            b, _ = act(b, "pass")
        assert GAME.to_act(b) == seat
        allowed = not c.only or c.only == ("attacker" if attacking else "defender")
        assert is_legal(b, play(c.id)) == allowed, attacking
        if allowed:
            b = roll_after_play(b, play(c.id))
            assert [d[2] for d in dice_of(b, seat, c.id)] == ["C"]
            assert c.id in b["discard"]
        else:
            assert "cannot be played in this Siege Phase" in refusal(b, play(c.id))
    battle = armed(table(attack_hand(seat), "battle"))
    give(battle, seat, c.id)
    assert not is_legal(battle, play(c.id))


def ex_battle(c, seat):
    for attacking in (True, False):
        b = armed(table(attack_hand(seat) if attacking else defend_hand(seat), "battle"))
        give(b, seat, c.id)
        if not attacking:
            b, _ = act(b, "pass")
        assert is_legal(b, play(c.id))
        b = roll_after_play(b, play(c.id))
        assert [d[2] for d in dice_of(b, seat, c.id)] == ["C"]
        assert c.id in b["discard"]
    siege = armed(table(attack_hand(seat), "siege"))
    give(siege, seat, c.id)
    assert is_legal(siege, play(c.id)) == (c.type == "battle_siege")
    recruit = table(attack_hand(seat), "recruit")
    give(recruit, seat, c.id)
    assert legal(recruit) == ["end"]


def ex_transport(c, seat):
    s = table(1, "recruit")
    give(s, C, c.id)
    s, _ = act(s, play(c.id))
    assert s["allow"] == [2, 2, 0] and c.id in s["discard"]
    d = table(2, "defender")
    give(d, C, c.id)
    assert not is_legal(d, play(c.id))
    m = table(2, "recruit")
    give(m, M, c.id)
    assert refusal(m, play(c.id)) == f"{c.name} is a Crusader card: the Muslim cannot use it."


def ex_special(c, seat):
    opp = 1 - seat
    for use in ("transport", "draw", "battle", "leader", "army"):
        if use not in c.uses:
            s = table(attack_hand(seat), "recruit")
            give(s, seat, c.id)
            assert not is_legal(s, play(c.id, use)), use
            continue
        if use == "transport":
            s = table(attack_hand(seat), "recruit")
            give(s, seat, c.id)
            if seat == C:
                s, _ = act(s, play(c.id, "transport"))
                assert s["allow"] == [2, 2, 0] and c.id in s["discard"]
            else:  # ruling L16
                assert not is_legal(s, play(c.id, "transport"))
        elif use == "draw":
            for hand, phase in ((attack_hand(seat), "recruit"), (defend_hand(seat), "defender")):
                s = table(hand, phase)
                give(s, seat, c.id)
                drawn = stack(s, *FILLER[: c.draw])
                s, _ = act(s, play(c.id, "draw"))
                assert s["hands"][seat] == drawn and c.id in s["discard"]
        elif use == "battle":
            b = armed(table(attack_hand(seat), "battle"))
            give(b, seat, c.id)
            b = roll_after_play(b, play(c.id, "battle"))
            assert [d[2] for d in dice_of(b, seat, c.id)] == ["C"]
            siege = armed(table(attack_hand(seat), "siege"))
            give(siege, seat, c.id)
            assert legal(siege) == ["pass"]
        else:  # Nobility: a Leader or an Army
            s = table(attack_hand(seat), "recruit")
            give(s, seat, c.id)
            s, _ = act(s, play(c.id, use))
            zone = leader_ids(s, seat) if use == "leader" else s["armies"][seat]
            assert zone == [c.id]
            b = table(attack_hand(seat), "battle")
            if use == "leader":
                lead(b, seat, c.id)
                muster(b, seat, *pick(seat, 1, 1))
            else:
                lead(b, seat, *pick(seat, 0, 1))
                muster(b, seat, c.id)
            lead(b, opp, *pick(opp, 0, 1))
            muster(b, opp, *pick(opp, 1, 1))
            b, _ = run(b, "pass", "pass")
            assert [d[2] for d in dice_of(b, seat, c.id)] == ["L" if use == "leader" else "A"]


def ex_event(c, seat):
    EVENTS[c.effect](c, seat)


def ev_draw(c, seat):
    opp = 1 - seat
    for hand, phase in ((attack_hand(seat), "recruit"), (defend_hand(seat), "defender")):
        s = table(hand, phase)
        give(s, seat, c.id)
        opp_cards = fill_hand(s, opp, 4)
        drawn = stack(s, *FILLER[: c.draw])
        s, log = act(s, play(c.id))
        assert s["hands"][seat] == drawn and c.id in s["discard"]
        if c.discard:
            assert GAME.to_act(s) == opp and s["pending"][0]["count"] == c.discard
            assert legal(s) == [f"discard {x}" for x in opp_cards]  # of his choice (ruling L15)
            s, _ = run(s, *[f"discard {x}" for x in opp_cards[-c.discard :]])
            assert s["hands"][opp] == opp_cards[: -c.discard]
        else:
            assert s["hands"][opp] == opp_cards and not s["pending"]


def ev_discard(c, seat):
    opp = 1 - seat
    s = table(attack_hand(seat), "recruit")
    give(s, seat, c.id)
    opp_cards = fill_hand(s, opp, 4)
    s, _ = act(s, play(c.id))
    assert GAME.to_act(s) == opp and s["pending"][0]["count"] == c.discard
    s, _ = run(s, f"discard {opp_cards[3]}", f"discard {opp_cards[1]}")
    assert s["hands"][opp] == [opp_cards[0], opp_cards[2]]
    assert GAME.to_act(s) == seat and s["step"] == "recruit"


def ev_random_discard(c, seat):
    opp = 1 - seat
    s = table(attack_hand(seat), "recruit")
    give(s, seat, c.id)
    opp_cards = fill_hand(s, opp, 4)
    rig_raw(s, 3, 0)  # chance picks the 4th card, then the 1st of the three left
    s, log = act(s, play(c.id))
    assert s["hands"][opp] == opp_cards[1:3]
    assert {opp_cards[0], opp_cards[3]} <= set(s["discard"])
    assert not s["pending"] and GAME.to_act(s) == seat


def ev_lose_army(c, seat):
    opp = 1 - seat
    s = table(attack_hand(seat), "recruit")
    give(s, seat, c.id)
    assert not is_legal(s, play(c.id))  # no enemy Army in play: nothing to discard
    armies = muster(s, opp, *pick(opp, 1, 2))
    s, _ = act(s, play(c.id))
    assert GAME.to_act(s) == opp and legal(s) == [f"lose {a}" for a in armies]
    s, _ = act(s, f"lose {armies[1]}")
    assert s["armies"][opp] == [armies[0]] and armies[1] in s["discard"]


def ev_lose_leader(c, seat):
    opp = 1 - seat
    s = table(attack_hand(seat), "recruit")
    give(s, seat, c.id)
    assert not is_legal(s, play(c.id))
    leaders = lead(s, opp, *pick(opp, 0, 2 if opp == C else 1))
    s, _ = act(s, play(c.id))
    if len(leaders) > 1:
        assert GAME.to_act(s) == opp and legal(s) == [f"lose {x}" for x in leaders]
        s, _ = act(s, f"lose {leaders[0]}")
        assert leader_ids(s, opp) == leaders[1:]
    else:
        assert leader_ids(s, opp) == []
    assert leaders[0] in s["discard"]


def ev_loser_discards_armies(c, seat):
    opp = 1 - seat
    for kind in ("battle", "siege"):
        b = armed(table(attack_hand(seat), kind), armies=(2, 2))
        give(b, seat, c.id)
        assert is_legal(b, play(c.id))
        b, _ = run(b, play(c.id), "pass")
        rig_for(b, seat, [5, 5, 5], [1, 1, 1])
        b, _ = act(b, "pass")
        assert b["last_combat"]["winner"] == seat
        assert b["armies"][opp] == [] and len(b["armies"][seat]) == 2


def ev_loser_discards_leader(c, seat):
    opp = 1 - seat
    for kind in ("battle", "siege"):
        b = armed(table(attack_hand(seat), kind), leaders=(2, 1) if opp == C else (1, 1))
        leaders = leader_ids(b, opp)
        give(b, seat, c.id)
        b, _ = run(b, play(c.id), "pass")
        rig_for(b, seat, [5, 5], [1] * (len(leaders) + 1))
        b, _ = act(b, "pass")
        assert b["last_combat"]["winner"] == seat
        if len(leaders) > 1:
            assert GAME.to_act(b) == opp and legal(b) == [f"lose {x}" for x in leaders]
            b, _ = act(b, f"lose {leaders[1]}")
            assert leader_ids(b, opp) == leaders[:1]
        else:
            assert leader_ids(b, opp) == []


def ev_siege_winner_draws(c, seat):
    b = armed(table(attack_hand(seat), "siege"))
    give(b, seat, c.id)
    drawn = stack(b, *FILLER[: c.draw])
    b, _ = run(b, play(c.id), "pass")
    rig_for(b, seat, [5, 5], [1, 1])
    b, _ = act(b, "pass")
    assert b["last_combat"]["winner"] == seat
    assert b["hands"][seat] == drawn
    battle = armed(table(attack_hand(seat), "battle"))
    give(battle, seat, c.id)
    assert not is_legal(battle, play(c.id))  # only the winner of a Siege draws


def ev_enemy_battle(c, seat):
    zone = "L" if c.effect == "enemy_leaders_battle" else "A"
    for hand in (1, 2):
        b = armed(table(hand, "battle"))
        give(b, M, c.id)
        if hand == 1:
            b, _ = act(b, "pass")
        b = roll_after_play(b, play(c.id))
        for seat_, expected in ((C, c.modifier), (M, 0)):
            for d in dice_of(b, seat_):
                assert d[1] == (expected if d[2] == zone else 0)
    siege = armed(table(2, "siege"))
    give(siege, M, c.id)
    assert not is_legal(siege, play(c.id))


def ev_no_attack_phase(c, seat):
    for kind in ("battle", "siege"):
        attacking = armed(table(attack_hand(seat), kind))
        give(attacking, seat, c.id)
        assert not is_legal(attacking, play(c.id))  # "Opponent may not attack": the Defender's card
        b = armed(table(defend_hand(seat), kind))
        give(b, seat, c.id)
        b, _ = act(b, "pass")
        rig(b, 6, 6, 6, 6)
        tt = list(b["tt"])
        b, log = act(b, play(c.id))
        assert b["last_combat"]["cancelled"] == c.name and b["last_combat"]["dice"] is None
        assert b["tt"] == tt and b["hand"] == defend_hand(seat) + 1


def ev_no_attack_turn(c, seat):
    s = armed(table(1, "defender"))
    give(s, M, c.id)
    s, _ = act(s, play(c.id))
    assert s["blocked"]
    rig(s, 6, 6, 6, 6)
    s, log = act(s, "end")
    assert "may not attack this turn" in texts(log) and s["last_combat"] is None and s["hand"] == 2
    b = armed(table(1, "battle"))
    give(b, M, c.id)
    b, _ = act(b, "pass")
    b, _ = act(b, play(c.id))
    assert b["last_combat"]["cancelled"] == c.name
    muslim_attacks = armed(table(2, "battle"))
    give(muslim_attacks, M, c.id)
    assert not is_legal(muslim_attacks, play(c.id))


def ev_will_of_god(c, seat):
    opp = 1 - seat
    s = table(attack_hand(opp), "recruit")
    event = give(s, opp, "Pilgrims" if opp == C else "Islamic Spirit")[0]
    give(s, seat, c.id)
    s, _ = act(s, play(event))
    assert GAME.to_act(s) == seat and legal(s) == ["negate", "allow"]
    s, _ = act(s, "negate")
    assert s["hands"][opp] == [] and s["hands"][seat] == []
    assert {event, c.id} <= set(s["discard"])
    b = armed(table(attack_hand(seat), "battle"))
    give(b, seat, c.id)
    assert legal(b) == ["pass"]
    b, _ = run(b, "pass", "pass")
    assert GAME.to_act(b) == seat and b["pending"][0]["kind"] == "reroll"


EVENTS = {
    "draw": ev_draw,
    "discard": ev_discard,
    "random_discard": ev_random_discard,
    "lose_army": ev_lose_army,
    "lose_leader": ev_lose_leader,
    "loser_discards_armies": ev_loser_discards_armies,
    "loser_discards_leader": ev_loser_discards_leader,
    "siege_winner_draws": ev_siege_winner_draws,
    "enemy_leaders_battle": ev_enemy_battle,
    "enemy_armies_battle": ev_enemy_battle,
    "no_attack_phase": ev_no_attack_phase,
    "no_attack_turn": ev_no_attack_turn,
    "will_of_god": ev_will_of_god,
}
EXERCISE = {
    "leader": ex_leader,
    "army": ex_army,
    "fortification": ex_fortification,
    "siege": ex_siege,
    "battle": ex_battle,
    "battle_siege": ex_battle,
    "transport": ex_transport,
    "special": ex_special,
    "event": ex_event,
}


def test_every_card_type_and_effect_is_exercised():
    """Rulebook: Common Deck Card List — the test below has a scenario for every type and effect."""
    assert {c.type for c in CARDS} <= set(EXERCISE)
    assert {c.effect for c in CARDS if c.type == "event"} <= set(EVENTS)


@pytest.mark.parametrize("card_id", [c.id for c in CARDS], ids=[c.name for c in CARDS])
def test_every_card_plays_and_does_what_it_says(card_id):
    """Rulebook: Common Deck Card List — each card can be played in a legal situation, by each side
    that may use it (C, M or Z), and has its documented effect."""
    c = CARDS[card_id]
    for seat in seats_for(c):
        EXERCISE[c.type](c, seat)


# ====================================================================== Leaders
def test_richard_the_lionhearted_extra_die_in_battles_only():
    """Rulebook: Common Deck Card List — Richard the Lionhearted rolls an extra 1D6 for Battles."""
    b = armed(table(1, "battle"), leaders=(0, 1))
    lead(b, C, "Richard the Lionhearted")
    b, _ = fight(b, [2, 3, 4], [1, 1])
    assert [d[0] for d in dice_of(b, C, "Richard the Lionhearted")] == [2, 3]
    assert b["last_combat"]["totals"] == [9, 2]
    b, _ = fight(b, [5, 5], [1, 1])
    assert len(dice_of(b, C, "Richard the Lionhearted")) == 1  # the Siege: no extra die


def test_saladin_extra_die_in_battles_and_sieges():
    """Rulebook: Common Deck Card List — Saladin rolls an extra 1D6 for Battles & Sieges."""
    for kind in ("battle", "siege"):
        for hand in (1, 2):
            b = armed(table(hand, kind), leaders=(1, 0))
            lead(b, M, "Saladin")
            b, _ = run(b, "pass", "pass")
            assert len(dice_of(b, M, "Saladin")) == 2, (kind, hand)


@pytest.mark.parametrize("name", ["Land Hungry Barons", "Baibars"])
def test_siege_die_only_when_attacking(name):
    """Rulebook: Common Deck Card List — Land Hungry Barons / Baibars: an extra 1D6 for Sieges if Attacker."""
    seat = C if card(name).side == "C" else M
    for kind, attacking, count in (("siege", True, 2), ("siege", False, 1), ("battle", True, 1)):
        b = armed(
            table(attack_hand(seat) if attacking else defend_hand(seat), kind), leaders=(0, 1) if seat == C else (1, 0)
        )
        lead(b, seat, name)
        b, _ = run(b, "pass", "pass")
        assert len(dice_of(b, seat, name)) == count, (kind, attacking)


def test_baldwin_iv_draws_two_cards_when_played():
    """Rulebook: Common Deck Card List — Baldwin IV (DL): draw 2 cards when played."""
    s = table(2, "defender")
    give(s, C, "Baldwin IV")
    drawn = stack(s, "Pilgrims", "Sappers")
    s, log = act(s, play("Baldwin IV"))
    assert leader_ids(s, C) == [cid("Baldwin IV")]
    assert s["hands"][C] == drawn


def test_fredrick_ii_opponent_discards_two_of_his_choice():
    """Rulebook: Common Deck Card List — Fredrick II: when played, the opponent discards 2 cards (ruling L15)."""
    s = table(1, "recruit")
    give(s, C, "Fredrick II")
    give(s, M, "Saladin", "Jihad", "Bedouins", "Ambush")
    s, _ = act(s, play("Fredrick II"))
    assert GAME.to_act(s) == M and s["pending"][0]["count"] == 2
    s, _ = run(s, discard("Jihad"), discard("Ambush"))
    assert s["hands"][M] == [cid("Saladin"), cid("Bedouins")]
    assert GAME.to_act(s) == C and s["step"] == "recruit"


def test_fredrick_ii_against_a_short_hand():
    """Ruling L15 — a player with fewer cards than he must discard discards what he has."""
    s = table(1, "recruit")
    give(s, C, "Fredrick II")
    give(s, M, "Saladin")
    s, _ = act(s, play("Fredrick II"))
    assert s["hands"][M] == [] and not s["pending"]


def test_st_louis_ix_one_extra_army():
    """Ruling L19 — St Louis IX: the Crusader may put one more Army into play in that Recruit Phase."""
    s = table(1, "recruit")
    armies = ["Men-at-Arms", "English Knights", "Latin Crusaders", "Pikemen"]
    give(s, C, "St Louis IX", "Papal Support", *armies)
    s, log = act(s, play("St Louis IX"))
    assert "L19" in rules(log)
    s, _ = run(s, play("Papal Support"), *[play(a) for a in armies[:3]])
    assert len(s["armies"][C]) == 3 and not is_legal(s, play("Pikemen"))


def test_nobility_rolls_as_what_it_was_played_as():
    """Rulebook: Common Deck Card List — Nobility counts as Leader or Army (and rolls as one)."""
    b = table(1, "battle")
    lead(b, C, "Nobility")
    muster(b, C, "Men-at-Arms")
    armed(b, leaders=(0, 1), armies=(0, 1))
    b, _ = fight(b, [4, 4], [1, 1])
    assert dice_of(b, C, "Nobility")[0][2] == "L"
    assert b["step"] == "commit"  # a Leader and an Army: the Siege follows


# ====================================================================== Armies
@pytest.mark.parametrize("name", ["Knights Templar", "Knights Hospitaller"])
def test_templar_hospitaller_plus_two_to_battle_rolls(name):
    """Rulebook: Common Deck Card List — Knights Templar / Hospitaller: +2 to Battle rolls (not Sieges)."""
    b = armed(table(1, "battle"), armies=(0, 1))
    muster(b, C, name)
    b, _ = fight(b, [1, 3], [3, 3])
    assert dice_of(b, C, name)[0][:2] == [3, 2]
    assert b["last_combat"]["totals"] == [6, 6] and b["last_combat"]["winner"] == M


# ====================================================================== combat events
def test_leaders_quarrel_minus_two_to_every_enemy_leader_die():
    """Rulebook: Common Deck Card List — Leaders Quarrel: enemy Leaders get −2 to Battle rolls (ruling L7)."""
    b = armed(table(1, "battle"), leaders=(0, 1))
    lead(b, C, "Richard the Lionhearted")
    give(b, M, "Leaders Quarrel")
    b, _ = run(b, "pass", play("Leaders Quarrel"), "pass")
    rig_for(b, C, [4, 1, 5], [3, 3])
    rig(b, 6, 6, 6, 6)
    b, _ = act(b, "pass")
    assert [d[:2] for d in dice_of(b, C)] == [[4, -2], [1, -2], [5, 0]]
    assert b["last_combat"]["totals"] == [2 + 0 + 5, 6]


@pytest.mark.parametrize("name", ["Heat & Thirst", "Foolish Attack"])
def test_minus_two_to_opposing_armies(name):
    """Rulebook: Common Deck Card List — Heat & Thirst / Foolish Attack: opposing Armies −2 to Battle rolls."""
    b = armed(table(1, "battle"), armies=(1, 1))
    muster(b, C, "Knights Templar")
    give(b, M, name)
    b, _ = run(b, "pass", play(name), "pass")
    rig_for(b, C, [4, 4, 4], [1, 1])
    b, _ = act(b, "pass")
    assert [d[1] for d in dice_of(b, C)] == [0, -2, 0]  # the Leader; Men-at-Arms; Templar +2 −2
    assert b["last_combat"]["totals"] == [10, 2]


def test_combat_event_lasts_for_one_battle():
    """Ruling L3 — a combat event's effect lasts for that one Battle or Siege."""
    b = armed(table(1, "battle"))
    give(b, M, "Heat & Thirst")
    b, _ = run(b, "pass", play("Heat & Thirst"), "pass")
    rig_for(b, C, [5, 5], [1, 1])
    b, _ = act(b, "pass")
    assert dice_of(b, C, "Men-at-Arms")[0][1] == -2
    b, _ = fight(b, [5, 5], [1, 1])
    assert dice_of(b, C, "Men-at-Arms")[0][1] == 0
    b, _ = act(b, "attack")  # the Extended Conquest: a new Battle
    b, _ = fight(b, [5, 5], [1, 1])
    assert dice_of(b, C, "Men-at-Arms")[0][1] == 0


def test_massacre_hits_the_loser_even_the_player_who_played_it():
    """Ruling L3 — Massacre: the loser of the Battle discards all his Armies, whoever played it."""
    b = armed(table(1, "battle"), armies=(2, 1))
    give(b, C, "Massacre")
    b, _ = run(b, play("Massacre"), "pass")
    rig_for(b, C, [1, 1, 1], [5, 5])
    rig(b, 6, 6, 6)
    b, log = act(b, "pass")
    assert b["last_combat"]["winner"] == M
    assert b["armies"][C] == [] and len(b["armies"][M]) == 1
    assert "Massacre: the Crusader loses every Army" in texts(log)


def test_slaughter_in_a_siege():
    """Rulebook: Common Deck Card List — Slaughter: loser in B/S discards all Armies (here a Siege)."""
    b = armed(table(1, "siege"), armies=(1, 3))
    give(b, M, "Slaughter")
    b, _ = run(b, "pass", play("Slaughter"), "pass")
    rig_for(b, C, [6, 5], [1, 1, 1, 1])
    b, _ = act(b, "pass")
    assert b["armies"][M] == [] and b["tt"] == [2, 1]


def test_dungeon_the_loser_chooses_the_leader():
    """Rulebook: Common Deck Card List — Dungeon: loser in B/S discards a Leader (his choice, ruling L15)."""
    b = armed(table(2, "battle"), leaders=(2, 1))
    lead(b, C, "Amalric")
    leaders = leader_ids(b, C)
    give(b, M, "Dungeon")
    b, _ = run(b, play("Dungeon"), "pass")
    rig_for(b, M, [5, 5], [1, 1, 1, 1])
    b, _ = act(b, "pass")
    assert GAME.to_act(b) == C and legal(b) == [f"lose {x}" for x in leaders]
    b, _ = act(b, f"lose {leaders[1]}")
    assert leader_ids(b, C) == [leaders[0], leaders[2]]


@pytest.mark.parametrize("name", ["Pillage", "Sell into Slavery"])
def test_siege_winner_draws_even_against_the_player(name):
    """Ruling L3 — Pillage / Sell into Slavery: the winner of the Siege draws 2, whoever played the card."""
    b = armed(table(1, "siege"))
    give(b, C, name)
    drawn = stack(b, "Sappers", "Greek Fire")
    b, _ = run(b, play(name), "pass")
    rig_for(b, C, [1, 1], [5, 5])
    rig(b, 6, 6, 6, 6)
    b, log = act(b, "pass")
    assert b["last_combat"]["winner"] == M
    assert set(drawn) <= set(b["hands"][M]) and not set(drawn) & set(b["hands"][C])


def test_negotiations_in_a_siege_calls_off_the_conquest():
    """Ruling L3 — Negotiations in a Siege: the phase is called off, no TT changes hands; End Phase."""
    b = armed(table(1, "siege"))
    give(b, M, "Negotiations")
    rig(b, 6, 6, 6, 6)
    b, log = run(b, "pass", play("Negotiations"))
    assert b["last_combat"]["cancelled"] == "Negotiations"
    assert b["tt"] == [1, 2] and b["hand"] == 2


def test_treaty_ends_the_extended_conquest():
    """Ruling L3 — Treaty in the Battle of an Extended Conquest: the attack is over for this turn."""
    b = armed(table(1, "declare"))
    b["conquered"] = 1
    give(b, M, "Treaty")
    b, _ = act(b, "attack")
    rig(b, 6, 6, 6, 6)
    b, _ = run(b, "pass", play("Treaty"))
    assert b["tt"] == [1, 2] and b["hand"] == 2


def test_diverted_to_constantinople_in_the_defender_phase():
    """Rulebook: Common Deck Card List — Diverted to Constantinople: Crusaders may not attack this turn."""
    s = armed(table(1, "defender"))
    give(s, M, "Diverted to Constantinople")
    s, _ = act(s, play("Diverted to Constantinople"))
    rig(s, 6, 6, 6, 6)
    s, log = act(s, "end")
    assert "may not attack this turn" in texts(log)
    assert s["last_combat"] is None and s["hand"] == 2
    assert s["blocked"] is False  # the next turn is a new turn


def test_diverted_to_constantinople_in_a_siege():
    """Ruling L3 — Diverted to Constantinople during a Siege: no attack for the rest of the turn."""
    b = armed(table(1, "siege"))
    give(b, M, "Diverted to Constantinople")
    rig(b, 6, 6, 6, 6)
    b, _ = run(b, "pass", play("Diverted to Constantinople"))
    assert b["last_combat"]["cancelled"] == "Diverted to Constantinople"
    assert b["tt"] == [1, 2] and b["hand"] == 2


def test_diverted_only_stops_the_crusaders():
    """Rulebook: Common Deck Card List — Diverted to Constantinople: *Crusaders* may not attack."""
    s = armed(table(2, "recruit"))
    give(s, M, "Diverted to Constantinople")
    assert not is_legal(s, play("Diverted to Constantinople"))
    b = armed(table(2, "battle"))
    give(b, M, "Diverted to Constantinople")
    assert legal(b) == ["pass"]


# ====================================================================== events out of combat
def test_alliances_draw_two_and_opponent_discards_one_of_his_choice():
    """Rulebook: Common Deck Card List — Alliances: draw 2 cards, opponent discards 1 (ruling L15)."""
    s = table(2, "recruit")
    give(s, M, "Alliances")
    hand = give(s, C, "Pilgrims", "Papal Support", "Nobility")
    drawn = stack(s, "Jihad", "Arabs")
    s, _ = act(s, play("Alliances"))
    assert s["hands"][M] == drawn
    assert GAME.to_act(s) == C and legal(s) == [f"discard {x}" for x in hand]
    s, _ = act(s, discard("Papal Support"))
    assert s["hands"][C] == [cid("Pilgrims"), cid("Nobility")]


@pytest.mark.parametrize("name", ["Factionalism", "Revolt", "Weak Crusader States", "Mongol Invasions"])
def test_random_discards_are_drawn_by_chance(name):
    """Ruling L15 — 'random' discards are drawn by chance, not chosen."""
    seat = C if card(name).side in "CZ" else M
    opp = 1 - seat
    s = table(attack_hand(seat), "recruit")
    give(s, seat, name)
    hand = fill_hand(s, opp, 3)
    rig_raw(s, 1, 1)  # the 2nd card, then the 2nd of the two left
    s, log = act(s, play(name))
    assert s["hands"][opp] == [hand[0]] and not s["pending"]
    assert "discards at random" in texts(log)


def test_disease_needs_an_enemy_army_and_its_owner_chooses():
    """Ruling L3 / L15 — Disease: not playable without an enemy Army; the owner picks which Army."""
    s = table(2, "recruit")
    give(s, M, "Disease")
    assert not is_legal(s, play("Disease"))
    muster(s, C, "Pikemen", "Crossbowmen")
    s, _ = act(s, play("Disease"))
    assert legal(s) == [lose("Pikemen").text, lose("Crossbowmen").text]
    s, _ = act(s, f"lose {cid('Crossbowmen')}")
    assert s["armies"][C] == [cid("Pikemen")]


@pytest.mark.parametrize("name", ["Illness", "Assassin Sect"])
def test_illness_and_assassin_sect_remove_an_enemy_leader(name):
    """Rulebook: Common Deck Card List — Illness / Assassin Sect: opponent must discard a Leader."""
    s = table(2, "recruit")
    give(s, M, name)
    lead(s, C, "Amalric", "King Guy")
    s, _ = act(s, play(name))
    assert GAME.to_act(s) == C
    s, _ = act(s, f"lose {cid('King Guy')}")
    assert leader_ids(s, C) == [cid("Amalric")]


@pytest.mark.parametrize(
    "name",
    [
        c.name
        for c in CARDS
        if c.type == "event"
        and c.effect in ("loser_discards_armies", "siege_winner_draws", "enemy_leaders_battle", "no_attack_phase")
    ],
)
def test_combat_events_not_outside_combat(name):
    """Ruling L3 — combat events are played in the Battle or Siege they affect, not in the Recruit Phase."""
    seat = M if card(name).side == "M" else C
    s = table(attack_hand(seat), "recruit")
    give(s, seat, name)
    assert legal(s) == ["end"]
    d = table(defend_hand(seat), "defender")
    give(d, seat, name)
    assert legal(d) == ["end"]


@pytest.mark.parametrize("name", ["Pilgrims", "Political Strife", "Factionalism", "Templar Financing"])
def test_draw_and_discard_events_not_in_combat(name):
    """Ruling L3 — draw and discard events (and X cards' draw use) are played in the Recruit or Defender Phase."""
    b = armed(table(1, "battle"))
    give(b, C, name)
    assert legal(b) == ["pass"]


# ====================================================================== X cards
@pytest.mark.parametrize("name", [c.name for c in CARDS if c.type == "special"])
def test_x_card_offers_its_two_uses(name):
    """Rulebook: Card List Notation — X = Special: each X card is used one of its two ways."""
    c = card(name)
    seat = M if c.side == "M" else C
    s = table(attack_hand(seat), "recruit")
    give(s, seat, name)
    outside = {f"play {c.id} {u}" for u in c.uses if u != "battle"}
    assert set(legal(s)) - {"end"} == outside
    b = armed(table(attack_hand(seat), "battle"))
    give(b, seat, name)
    assert set(legal(b)) - {"pass"} == ({f"play {c.id} battle"} if "battle" in c.uses else set())
    for use in c.uses:
        if use != "battle":
            after, _ = act(s, play(name, use))
            assert c.id not in after["hands"][seat]


# ====================================================================== The Will of God
def test_will_of_god_not_asked_for_x_draws_or_leader_effects():
    """Ruling L4 — only Event cards (type E) can be negated: not X cards used to draw, not Leaders."""
    s = table(1, "recruit")
    give(s, C, "Templar Financing", "Fredrick II")
    give(s, M, "The Will of God", "Arabs", "Bedouins", "Jihad")
    s, _ = act(s, play("Templar Financing", "draw"))
    assert not s["pending"] and len(s["hands"][C]) == 3
    s, _ = act(s, play("Fredrick II"))
    assert s["pending"][0]["kind"] == "discard"


def test_will_of_god_negates_a_combat_event():
    """Ruling L4 — a negated event is discarded with no effect (here Heat & Thirst in a Battle)."""
    b = armed(table(1, "battle"))
    give(b, C, "The Will of God")
    give(b, M, "Heat & Thirst")
    b, _ = run(b, "pass", play("Heat & Thirst"))
    assert GAME.to_act(b) == C and legal(b) == ["negate", "allow"]
    b, _ = act(b, "negate")
    assert b["combat"]["effects"] == [] and GAME.to_act(b) == C
    b, _ = fight(b, [4, 4], [1, 1])
    assert dice_of(b, C, "Men-at-Arms")[0][1] == 0


def test_will_of_god_negates_diverted_to_constantinople():
    """Ruling L4 — negating Diverted to Constantinople: the Crusader may still attack."""
    s = armed(table(1, "defender"))
    give(s, C, "The Will of God")
    give(s, M, "Diverted to Constantinople")
    s, _ = run(s, play("Diverted to Constantinople"), "negate")
    assert not s["blocked"]
    s, _ = act(s, "end")
    assert s["step"] == "declare" and "attack" in legal(s)


def test_will_of_god_rerolled_natural_six_counts():
    """Ruling L4 — the new roll stands: a rerolled natural 6 makes the opponent discard an Army."""
    b = armed(table(1, "battle"))
    give(b, M, "The Will of God")
    b, _ = fight(b, [5, 5], [2, 2])
    rig(b, 6)
    rig(b, 6, 6)  # the Age Roll of what is left
    b, log = act(b, "reroll 1 0")
    assert b["last_combat"]["totals"] == [10, 8] and b["last_combat"]["winner"] == C
    assert b["armies"][C] == []  # the Muslim's new 6 took the Crusader's only Army
    assert b["hand"] == 2  # so there is no Siege


def test_will_of_god_cannot_reroll_the_age_roll():
    """Ruling L4 — the Age Roll is not a Battle or Siege roll and cannot be rerolled."""
    s = armed(table(1, "age"))
    give(s, C, "The Will of God")
    rig(s, 1, 1, 6, 6)
    settle(s)
    assert s["hand"] == 2 and leader_ids(s, C) == [] and s["armies"][C] == []
    assert s["hands"][C][0] == cid("The Will of God")


# ====================================================================== natural sixes, Fortifications
def test_natural_six_on_a_fortification_or_card_die():
    """Ruling L8 — every natural 6 counts: Fortifications' and cards' dice too."""
    b = armed(table(1, "siege"), armies=(1, 2))
    fortify(b, M, "Walled City")
    give(b, C, "Siege Engines")
    b, _ = run(b, play("Siege Engines"), "pass")
    rig_for(b, C, [1, 1, 6], [1, 1, 1, 6])
    rig(b, 6, 6, 6, 6, 6)
    b, log = act(b, "pass")
    assert GAME.to_act(b) == M and b["pending"][0]["count"] == 1  # the Siege Engines' 6
    b, _ = act(b, lose("Seljuk Turks"))
    assert b["armies"][M] == [cid("Horse Archers")]
    assert b["armies"][C] == []  # the Walled City's 6


def test_captured_crusader_fortress_rolls_for_the_muslim():
    """Ruling L9 — the oldest Fortifications are discarded first; the rest roll for their new owner."""
    b = armed(table(2, "siege"))
    fortify(b, C, "Fortifications", "Crusader Fortress")
    b, _ = fight(b, [1, 1, 1, 1], [5, 5])
    assert b["forts"][M] == [cid("Crusader Fortress")] and cid("Fortifications") in b["discard"]
    d = armed(table(1, "siege"))
    fortify(d, M, "Crusader Fortress")
    d, _ = fight(d, [1, 1], [1, 1, 1])
    assert [x[2] for x in dice_of(d, M, "Crusader Fortress")] == ["F"]
