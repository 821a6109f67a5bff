"""Scenario tests of the Crusader Kingdoms cards: every Troop, every event effect, every response
effect, and the Muslim automaton's use of its cards (rule 8.4).

The decks are designed content (ruling R1: data/deck_christian.toml, data/deck_muslim.toml); the
rulebook fixes how Troops, Events and Responses work (2.1, 4.1–4.4) and what the automaton does
with them (8.3, 8.4). Each test names the rule or ruling it checks. Tests that run for every
card of an effect are parametrized over the card ids, and the last test checks that every card
of both decks is played in at least one of them.
"""

from __future__ import annotations

import pytest

from outremer.games.crusader_kingdoms.state import NOBODY

from .scenario import (
    ALEPPO,
    ANTIOCH,
    CARDS,
    CRUSADE,
    DAMASCUS,
    GAME,
    JERUSALEM,
    LEOPOLD,
    MUSLIMS,
    RICHARD,
    SALADIN,
    act,
    area,
    army,
    at,
    attack_of,
    auto_responses,
    board,
    clear_map,
    fight,
    give,
    is_legal,
    legal,
    new,
    on_top,
    one,
    own,
    queue,
    rig,
    rig_raw,
    rules,
    texts,
    to_act,
    troops,
)

COVERED: dict[int, list[str]] = {}


def each(cards: list[int], why: str):
    """Parametrize a test over these card ids, and note that they are exercised."""
    for c in cards:
        COVERED.setdefault(c, []).append(why)
    return pytest.mark.parametrize("cid", cards, ids=[f"{CARDS[c].deck}-{CARDS[c].name}-{c}" for c in cards])


def of(effect: str, deck: str | None = None, *, solo: bool | None = None) -> list[int]:
    return [
        c.id
        for c in CARDS
        if c.effect == effect and (deck is None or c.deck == deck) and (solo is None or c.solo == solo)
    ]


def player_for(cid: int, players: int = 4) -> int:
    """A seat of the card's faith (the first in table order)."""
    if players == 4:
        return DAMASCUS if CARDS[cid].deck == "muslim" else JERUSALEM
    if players == 3:
        return SALADIN if CARDS[cid].deck == "muslim" else JERUSALEM
    return 0


def play(s, seat, cid, *then):
    """``seat`` holds ``cid`` and plays it as its event, then ``then``."""
    give(s, seat, cid)
    at(s, seat)
    return act(s, f"event {cid}", *then)


def filler(s, seat):
    """A Christian Pilgrims for a Crusader to discard as his round (then comes a Muslim round)."""
    c = next(c for c in s["deck"]["christian"] if CARDS[c].name == "Pilgrims")
    give(s, seat, c)
    return f"discard {c}"


# ====================================================================== troops (2.1, 4.2)
@each([c.id for c in CARDS if c.type == "troop"], "troop")
def test_a_troop_throws_as_many_dice_as_its_value(cid):
    """Rulebook 2.1 and 4.2: a Troop card is marked with its strength; the attacker throws that many dice."""
    s = new(4)
    seat, target = (DAMASCUS, "baalbek") if CARDS[cid].deck == "muslim" else (ANTIOCH, "shaizar")
    give(s, seat, cid)
    at(s, seat)
    value = CARDS[cid].value
    s, _ = fight(s, target, [cid], [6] * value, [1] * 4)
    a = attack_of(s)
    assert len(a["dice"]["attack"][0]) == value and a["hits"][0] == value
    assert a["troops"] == [[cid, seat]]


# ====================================================================== events (4.4)
@each(of("draw"), "draw")
def test_draw_event_draws_from_the_players_own_deck(cid):
    """Rulebook 4.4 and the card: the player draws n cards from his deck; the event is then discarded
    and his round is over."""
    s = new(4)
    seat = player_for(cid)
    faith = CARDS[cid].deck
    n = CARDS[cid].n
    assert n == 2
    give(s, seat, cid)
    expected = list(reversed(s["deck"][faith][-n:]))  # the top of the deck is the end of the list
    s, log = play(s, seat, cid)
    assert s["hands"][seat] == expected and all(CARDS[c].deck == faith for c in expected)
    assert cid in s["discard"][faith] and to_act(s) == seat + 1
    assert "4.4" in rules(log)


def test_draw_event_in_the_cooperative_game():
    """Rulebook 8.1 (Pilgrim Fleet stays in the 1–2 player deck) and 4.4: it draws 2 Christian cards."""
    s = new(2)
    fleet = of("draw", "christian")[0]
    s, _ = play(s, RICHARD, fleet)
    assert len(s["hands"][RICHARD]) == 2 and all(CARDS[c].deck == "christian" for c in s["hands"][RICHARD])


@each(of("card_bonus"), "card bonus")
def test_card_bonus_event_advances_the_marker(cid):
    """Rulebook 4.4 and 6: the event advances the player's Card Bonus by one."""
    s = new(4)
    seat = player_for(cid)
    s["bonus"][seat] = -1
    s, log = play(s, seat, cid)
    assert s["bonus"][seat] == 0 and cid in s["discard"][CARDS[cid].deck] and not s["pending"]


@each(of("card_bonus", solo=False) + [one("Italian Merchants"), one("Commerce")], "card bonus beyond +2")
def test_card_bonus_event_beyond_plus_two_flips_a_castle(cid):
    """Rulebook 6 and ruling R12: a Card Bonus past +2 in the 3–4 player game gives a flip to +1 instead;
    with every castle already on +1 the gain is lost."""
    s = new(4)
    seat = player_for(cid)
    s["bonus"][seat] = 2
    mine = [i for i, o in enumerate(s["owner"]) if o == seat]
    s["plus"][mine[0]] = True
    s, log = play(s, seat, cid)
    assert s["bonus"][seat] == 2 and to_act(s) == seat
    assert legal(s) == [f"flip {mine[1]}"]
    s, _ = act(s, f"flip {mine[1]}")
    assert s["plus"][mine[1]] and to_act(s) == seat + 1
    full = new(4)
    full["bonus"][seat] = 2
    for i in mine:
        full["plus"][i] = True
    full, _ = play(full, seat, cid)
    assert full["bonus"][seat] == 2 and not full["pending"] and to_act(full) == seat + 1


@each(of("card_bonus", "christian", solo=True), "card bonus, 1-2 players")
def test_card_bonus_event_in_the_one_and_two_player_games(cid):
    """Rulebook 8.2 and ruling R12: the Card Bonus moves by events in the 1–2 player games; excess gains
    are ignored (no +1 castle in exchange)."""
    s = new(2)
    raised, _ = play(s, RICHARD, cid)
    assert raised["bonus"] == [1, 0]
    s["bonus"][RICHARD] = 2
    capped, _ = play(s, RICHARD, cid)
    assert capped["bonus"] == [2, 0] and not capped["pending"] and not any(capped["plus"])
    assert to_act(capped) == LEOPOLD


@each(of("walls"), "walls")
def test_walls_event_flips_one_of_the_players_castles(cid):
    """Rulebook 4.4 and the card: the player flips one of his castles, of his choice, to its +1 side;
    with every castle on +1 the card cannot be played as an event."""
    s = new(4)
    seat = player_for(cid)
    mine = [i for i, o in enumerate(s["owner"]) if o == seat]
    s2, _ = play(s, seat, cid)
    assert sorted(legal(s2)) == sorted(f"flip {i}" for i in mine)
    s2, _ = act(s2, f"flip {mine[1]}")
    assert s2["plus"][mine[1]] and not s2["plus"][mine[0]] and to_act(s2) == seat + 1
    for i in mine:
        s["plus"][i] = True
    give(s, seat, cid)
    at(s, seat)
    assert not is_legal(s, f"event {cid}") and is_legal(s, f"discard {cid}")


def test_castle_building_in_the_solo_game():
    """Rulebook 8.1 (castles are placed on their +1 side when needed) and 4.4: Castle Building flips a
    castle of the 1st Crusade."""
    s = new(1)
    s, _ = play(s, CRUSADE, one("Castle Building"))
    s, _ = act(s, f"flip {area(s, 'marath')}")
    assert s["plus"][area(s, "marath")]


@each(of("seduction"), "seduction")
def test_seduction_takes_the_top_card_of_the_other_deck(cid):
    """Ruling R15: a player's Seduction takes the top card of the other faith's deck into his hand, to
    play as his own; with that deck empty it cannot be played."""
    s = new(4)
    seat = player_for(cid)
    other = "christian" if CARDS[cid].deck == "muslim" else "muslim"
    top = s["deck"][other][-1]
    s2, log = play(s, seat, cid)
    assert s2["hands"][seat] == [top] and cid in s2["discard"][CARDS[cid].deck]
    # the taken card is the player's own now (a Troop to attack with, here)
    t = troops(other, 2)[0]
    on_top(s, t)
    s3, _ = play(s, seat, cid)
    assert s3["hands"][seat] == [t]
    at(s3, seat)
    assert any(a.startswith("attack") for a in legal(s3))
    s["deck"][other] = []
    give(s, seat, cid)
    at(s, seat)
    assert not is_legal(s, f"event {cid}")


@each(of("random_discard"), "random discard")
def test_assassins_make_an_opponent_discard_two_cards_at_random(cid):
    """Rulebook 4.4 and the card: an opponent of the player's choice discards n cards at random; only
    opponents holding cards may be named."""
    s = new(4)
    victim = give(s, DAMASCUS, *troops("muslim", 1, 2, 3))
    s, _ = play(s, JERUSALEM, cid)
    assert legal(s) == [f"target {DAMASCUS}"]  # the others hold nothing
    rig_raw(s, 2, 0)  # the third card, then the first of those left
    s, log = act(s, f"target {DAMASCUS}")
    assert s["hands"][DAMASCUS] == [victim[1]]
    assert {victim[0], victim[2], cid} <= set(s["discard"]["muslim"]) | set(s["discard"]["christian"])
    assert to_act(s) == ANTIOCH


@each(of("independent_attack"), "independent attack")
def test_independent_attack(cid):
    """Rulebook 4.4 ("some events result in an attack") and the card: an independent kingdom next to an
    opponent's area attacks it with its defensive value + 1 dice; the owner defends as usual
    (responses, flips); if it wins, the area becomes independent and its owner's Card Bonus steps
    back; the player of the card gains nothing."""
    s = new(4)
    give(s, ANTIOCH, one("Shield Wall"))
    s["plus"][area(s, "antioch")] = True
    s, _ = play(s, DAMASCUS, cid)
    options = sorted(int(a.split()[1]) for a in legal(s))
    expected = sorted(
        i
        for i, o in enumerate(s["owner"])
        if o not in (NOBODY, DAMASCUS) and any(s["owner"][b] == NOBODY for b in board(s).areas[i].borders)
    )
    assert options == expected and area(s, "latakia") in options
    s, log = act(s, f"target {area(s, 'latakia')}")
    a = s["attack"]
    # Latakia's independent neighbours: Shaizar (3) and Tortosa (4): Tortosa attacks with 4 + 1
    assert a["independent_from"] == area(s, "tortosa") and a["bonus_dice"] == 5 and a["defender"] == ANTIOCH
    assert to_act(s) == ANTIOCH and "4.4" in rules(log)
    s, _ = act(s, "done")
    assert s["step"] == "flip" and legal(s) == [f"flip {area(s, 'antioch')}", "done"]
    rig(s, 6, 6, 6, 1, 1, 1, 1, 1, 1)
    s, log = act(s, "done")
    last = s["last_attack"]
    assert last["hits"] == [3, 0] and last["winner"] == "attack"
    assert s["owner"][area(s, "latakia")] == NOBODY and s["bonus"] == [0, 0, -1, 0]
    assert s["supply"][ANTIOCH] == 6 and s["supply"][DAMASCUS] == 5
    assert to_act(s) == JERUSALEM and cid in s["discard"]["muslim"]


@each(of("truce"), "truce")
def test_truce_lasts_the_turn_and_forbids_attacks_between_the_two(cid):
    """Rulebook 4.4 (lasting events stay face up for the turn) and the card: the player names an
    opponent; neither may attack the other this turn; others are not bound; at the end of the
    turn the card is shuffled back (5) and the truce is over."""
    s = new(4)
    own(s, DAMASCUS, "tortosa")  # borders Antioch's Latakia
    s, log = play(s, DAMASCUS, cid)
    assert sorted(legal(s)) == [f"target {p}" for p in (JERUSALEM, ANTIOCH, ALEPPO)]
    s, _ = act(s, f"target {ANTIOCH}")
    assert [cid, DAMASCUS] in s["lasting"] and cid not in s["discard"]["muslim"]
    ta, tm = troops("christian", 2)[0], troops("muslim", 2)[0]
    give(s, ANTIOCH, ta)
    give(s, DAMASCUS, tm)
    at(s, ANTIOCH)
    assert not is_legal(s, f"attack {area(s, 'homs')}") and not is_legal(s, f"attack {area(s, 'tortosa')}")
    assert is_legal(s, f"attack {area(s, 'aleppo')}")
    assert is_legal(s, f"incursion {DAMASCUS} {ta}")  # a truce forbids attacks, not incursions
    at(s, DAMASCUS)
    assert not is_legal(s, f"attack {area(s, 'latakia')}") and is_legal(s, f"attack {area(s, 'palmyra')}")
    s, _ = act(s, "pass", "pass", "pass", "pass")
    assert s["turn"] == 2 and s["lasting"] == [] and s["truces"] == []
    assert cid in s["deck"]["muslim"] or any(cid in h for h in s["hands"])
    at(s, ANTIOCH)
    if not any(CARDS[c].type == "troop" for c in s["hands"][ANTIOCH]):
        give(s, ANTIOCH, ta)
    assert is_legal(s, f"attack {area(s, 'homs')}")


@each(of("watchtowers"), "watchtowers")
def test_watchtowers_last_the_turn(cid):
    """Ruling R8 and the card (lasting, rule 4.4): this turn the player's areas defend with n more dice
    and incursions against him fail; the card is discarded and shuffled back at the end of the
    turn (5), and the effect is over."""
    s = new(4)
    s, _ = play(s, ALEPPO, cid)
    assert [cid, ALEPPO] in s["lasting"] and s["watch"] == [[ALEPPO, CARDS[cid].n]]
    assert to_act(s) == DAMASCUS
    t = give(s, ANTIOCH, *troops("christian", 1, 1))
    give(s, ALEPPO, *troops("muslim", 1))
    at(s, ANTIOCH)
    rig(s, 6)
    inc, log = act(s, f"incursion {ALEPPO} {t[0]}")
    assert len(inc["hands"][ALEPPO]) == 1 and "R8" in rules(log)
    rig(s, *[1] * 1, *[1] * (3 + CARDS[cid].n))
    att, _ = act(s, f"attack {area(s, 'aleppo')}", f"add {t[1]}", "go")
    assert len(attack_of(att)["dice"]["defence"][0]) == 3 + CARDS[cid].n and not att["rigged"]
    s, _ = act(s, "pass", "pass", "pass", "pass")  # from Antioch: the turn ends
    assert s["turn"] == 2 and s["watch"] == [] and s["lasting"] == []
    assert cid in s["deck"]["muslim"] or any(cid in h for h in s["hands"])


@each(of("skip_round"), "succession")
def test_succession_makes_an_opponent_lose_his_next_round(cid):
    """Ruling R8 and the card: the opponent named loses his next round: it is passed for him."""
    s = new(4)
    give(s, JERUSALEM, *troops("christian", 3))
    s, _ = play(s, DAMASCUS, cid, f"target {JERUSALEM}")
    assert to_act(s) == ANTIOCH
    assert s["skip"] == [False] * 4
    assert cid in s["discard"]["muslim"]
    # the lost round counts as a pass: three more passes end the turn
    s, _ = act(s, "pass", "pass", "pass")
    assert s["turn"] == 2


@each(of("spies"), "spies")
def test_spies_take_a_card_from_an_opponents_hand(cid):
    """Rulebook 4.4 and the card: the player looks at an opponent's hand and takes one card of it;
    only opponents holding cards may be named."""
    s = new(4)
    hand = give(s, ALEPPO, *troops("muslim", 1, 4), one("Leader", "muslim"))
    s, _ = play(s, JERUSALEM, cid)
    assert legal(s) == [f"target {ALEPPO}"]
    s, _ = act(s, f"target {ALEPPO}")
    assert to_act(s) == JERUSALEM and sorted(legal(s)) == sorted(f"take {c}" for c in hand)
    s, log = act(s, f"take {hand[1]}")
    assert s["hands"][JERUSALEM] == [hand[1]] and s["hands"][ALEPPO] == [hand[0], hand[2]]
    assert to_act(s) == ANTIOCH
    # what is taken is hidden from the other seats' log
    assert any(e.for_seat(DAMASCUS) and CARDS[hand[1]].name not in e.for_seat(DAMASCUS) for e in log)


@each(of("concerted_attack"), "concerted attack")
def test_concerted_attack(cid):
    """Ruling R9 and the card: the player attacks at once with 1 extra die, and may do so with no Troop
    (R7); while responses are placed, another Christian player may add Troop cards from his hand
    to the attack; a Muslim player may not."""
    s = new(4)
    own(s, ANTIOCH, "tortosa")
    ally = give(s, ANTIOCH, *troops("christian", 2, 3))
    give(s, ALEPPO, *troops("muslim", 3))
    s, _ = play(s, JERUSALEM, cid)
    assert sorted(int(a.split()[1]) for a in legal(s)) == sorted(GAME.attack_targets(s, JERUSALEM))
    s, _ = act(s, f"target {area(s, 'beirut')}")
    assert s["step"] == "attack_cards" and legal(s) == ["go"]
    s, _ = act(s, "go")
    assert to_act(s) == ANTIOCH
    assert sorted(legal(s)) == sorted([f"add {c} attack" for c in ally] + ["done"])
    s, log = act(s, f"add {ally[1]} attack")
    rig(s, 6, 6, 6, 6, 1, 1)
    s, more = act(s, "done")  # Aleppo holds Troops but is not asked
    log += more
    a = attack_of(s)
    assert len(a["dice"]["attack"][0]) == 3 + CARDS[cid].n and a["winner"] == "attack"
    assert s["owner"][area(s, "beirut")] == JERUSALEM and s["step"] == "reward" and to_act(s) == JERUSALEM
    s, _ = act(s, "bonus")
    assert ally[1] in s["discard"]["christian"] and s["hands"][ANTIOCH] == [ally[0]]
    assert to_act(s) == ANTIOCH and "R9" in rules(log)


@each(of("concerted_attack"), "concerted attack, 3 players")
def test_concerted_attack_respects_the_three_player_ban(cid):
    """Rulebook 7.2: in the 3-player game the Christians may not attack each other, by this card either."""
    s = new(3)
    own(s, ANTIOCH, "beirut")
    s, _ = play(s, JERUSALEM, cid)
    assert f"target {area(s, 'beirut')}" not in legal(s)
    assert f"target {area(s, 'tiberias')}" in legal(s)


# ====================================================================== responses (4.1, 4.2)
def battle(cid, side, attack_dice, defence_dice, *, troop=2):
    """A 4-player attack with a response ``cid`` on ``side``: a Muslim card is Damascus's (who attacks
    Latakia from Homs, or defends Homs), a Christian card Antioch's (attacks Homs, or defends
    Latakia). Returns the state after the fight."""
    s = new(4)
    muslim = CARDS[cid].deck == "muslim"
    attacking = side == "attack"
    attacker = (DAMASCUS if muslim else ANTIOCH) if attacking else (ANTIOCH if muslim else DAMASCUS)
    defender = ANTIOCH if attacker == DAMASCUS else DAMASCUS
    target = "latakia" if attacker == DAMASCUS else "homs"
    t = troops("muslim" if attacker == DAMASCUS else "christian", troop)[0]
    give(s, attacker, t)
    at(s, attacker)
    rig(s, *attack_dice, *defence_dice)
    if attacking:
        give(s, attacker, cid)
        s, _ = act(s, f"attack {area(s, target)}", f"add {t}", f"add {cid}", "go")
    else:
        give(s, defender, cid)
        s, _ = act(s, f"attack {area(s, target)}", f"add {t}", "go")
        assert to_act(s) == defender
        s, _ = act(s, f"add {cid} defence")
    while s["step"] in ("respond", "flip"):
        s, _ = act(s, "done")
    assert not s["rigged"]
    if s["step"] == "reward":
        s, _ = act(s, "bonus")
    return s, attack_of(s), attacker


def sides(cid):
    side = CARDS[cid].side
    return ["attack", "defence"] if side == "either" else [side]


@pytest.mark.parametrize("side", ["attack", "defence"])
@each(of("leader"), "leader")
def test_leader_adds_three_points_for_the_most_hits(cid, side):
    """Ruling R11 and the card: after the roll, 3 points go to the side's dice, on the misses nearest
    to 4 first (the rulebook's example: +2 on a 2 and +1 on a 3)."""
    if side == "attack":
        s, a, _ = battle(cid, side, [3, 2], [1, 1, 1])
        assert a["dice"]["attack"] == [[3, 2], [4, 4]] and a["hits"] == [2, 0]
    else:
        s, a, _ = battle(cid, side, [1, 1], [1, 2, 3])
        assert a["dice"]["defence"] == [[1, 2, 3], [1, 4, 4]] and a["hits"] == [0, 2]
    assert cid in s["discard"][CARDS[cid].deck]


def test_leader_points_are_not_wasted_on_a_die_they_cannot_lift():
    """Ruling R11: the points make the most hits: a 1 needs 3, so two 3s are lifted first."""
    s, a, _ = battle(one("Leader", "christian"), "attack", [1, 3, 3], [1, 1, 1], troop=3)
    assert a["dice"]["attack"][1] == [1, 4, 4] and a["hits"][0] == 2


@pytest.mark.parametrize("side", ["attack", "defence"])
@each(of("extra_dice"), "extra dice")
def test_extra_dice(cid, side):
    """The card (rule 2.1: responses as their text allows): n more dice for the side it is placed on;
    a card for one side cannot be placed on the other."""
    n = CARDS[cid].n
    if side not in sides(cid):
        s = new(4)
        t = troops("christian", 2)[0]
        give(s, ANTIOCH, t)
        give(s, DAMASCUS, cid)
        at(s, ANTIOCH)
        s, _ = act(s, f"attack {area(s, 'homs')}", f"add {t}", "go")
        assert to_act(s) == DAMASCUS and not is_legal(s, f"add {cid} {side}")
        return
    if side == "attack":
        s, a, _ = battle(cid, side, [1] * (2 + n), [1] * 3)
        assert len(a["dice"]["attack"][0]) == 2 + n
    else:
        s, a, _ = battle(cid, side, [1, 1], [1] * (3 + n))
        assert len(a["dice"]["defence"][0]) == 3 + n


@each(of("cancel_hits"), "cancel hits")
def test_cancel_hits_on_the_defence(cid):
    """The card: placed on the defence, it cancels n of the attacker's hits (the defender wins ties,
    rule 4.2); it cannot be placed on the attack."""
    assert sides(cid) == ["defence"]
    s, a, _ = battle(cid, "defence", [6, 6], [4, 1, 1])
    assert a["hits"] == [2 - CARDS[cid].n, 1] and a["winner"] == "defence"


@pytest.mark.parametrize("side", ["attack", "defence"])
@each(of("reroll_misses"), "reroll misses")
def test_reroll_misses(cid, side):
    """The card: after the roll, the side's missed dice are rolled once more."""
    if side not in sides(cid):
        s = new(4)
        t = troops("muslim", 2)[0]
        give(s, DAMASCUS, t)
        give(s, ANTIOCH, cid)
        at(s, DAMASCUS)
        s, _ = act(s, f"attack {area(s, 'latakia')}", f"add {t}", "go")
        assert to_act(s) == ANTIOCH and not is_legal(s, f"add {cid} {side}")
        return
    if side == "attack":
        s, a, _ = battle(cid, side, [5, 2, 3], [1, 1, 1])  # 2 rerolled to 3: still a miss
        assert a["dice"]["attack"] == [[5, 2], [5, 3]] and a["hits"] == [1, 0]
    else:
        s, a, _ = battle(cid, side, [6, 6], [1, 4, 2, 6, 5])  # the 1 and the 2 rerolled: 6, 5
        assert a["dice"]["defence"] == [[1, 4, 2], [6, 4, 5]] and a["hits"] == [2, 3]


@each(of("regrouping"), "regrouping")
def test_regrouping_returns_the_best_troop_to_hand(cid):
    """The card: placed on the attack, after the combat the highest Troop used returns to the
    attacker's hand instead of the discard pile."""
    s = new(4)
    ts = give(s, DAMASCUS, *troops("muslim", 1, 3, 2), cid)
    at(s, DAMASCUS)
    s, log = fight(s, "latakia", ts, [1] * 6, [6, 1, 1])
    assert s["hands"][DAMASCUS] == [ts[1]]
    assert {ts[0], ts[2], cid} <= set(s["discard"]["muslim"])


# ====================================================================== the automaton's cards (8.3, 8.4, R6, R13)
def solo_round(s, *cards):
    """The 1st Crusade discards a card; the Muslims reveal the next of ``cards`` (queued)."""
    queue(s, *cards)
    return act(s, filler(s, to_act(s)))


@each(of("leader", "muslim"), "automaton leader")
def test_automaton_leader_joins_the_army_or_waits_as_a_response(cid):
    """Rulebook 8.4: Leader joins the Muslim army if there is one (adding its 3 points to the army's
    attack, R11), otherwise it is kept face up like the other responses (8.3)."""
    s = new(1)
    clear_map(s)
    waiting, _ = solo_round(s, cid)
    assert waiting["auto"]["responses"] == [cid] and waiting["auto"]["army"] == []
    s = new(1)
    t = troops("muslim", 2)[0]
    army(s, t)
    rig(s, 1, 1, 2, 1, 1)  # activation 1 < 2; the army rolls 1 and 2 (Leader: 1→… 2→4); Marath rolls 1
    s, log = solo_round(s, cid)
    assert any("Leader joins the Muslim army" in x for x in texts(log))
    a = s["last_attack"]
    assert a["attacker"] == MUSLIMS and a["bonus_dice"] == 2
    assert a["dice"]["attack"] == [[1, 2], [1, 4]] and a["hits"] == [1, 0]
    assert s["owner"][area(s, "marath")] == MUSLIMS and cid in s["discard"]["muslim"]


@each(of("regrouping", "muslim"), "automaton regrouping")
def test_automaton_regrouping_joins_the_army_or_is_discarded(cid):
    """Rulebook 8.4: Regrouping joins the Muslim army if there is one, otherwise it is discarded; after
    an attack the army's highest Troop stays on the table."""
    s = new(1)
    clear_map(s)
    alone, _ = solo_round(s, cid)
    assert alone["auto"]["army"] == [] and cid in alone["discard"]["muslim"]
    s = new(1)
    small, big = troops("muslim", 1, 3)
    army(s, small, big)
    rig(s, 1, 1, 1, 1, 1, 6)  # activation 1 < 4; the army misses; Marath's 1 die hits
    s, log = solo_round(s, cid)
    assert s["last_attack"]["winner"] == "defence"
    assert s["auto"]["army"] == [big]
    assert {small, cid} <= set(s["discard"]["muslim"])


@each(of("walls", "muslim"), "automaton walls")
def test_automaton_walls_on_the_lowest_id_muslim_area_without_a_plus_one_castle(cid):
    """Rulebook 8.4: Walls places a +1 castle in the Muslim area with the lowest id that has none; it
    adds a die to that area's defence (R13)."""
    s = new(2)
    own(s, RICHARD, "jerusalem")  # id 1 is not Muslim
    s["plus"][area(s, "acre")] = True  # id 2 already walled
    s, log = solo_round(s, cid)
    assert s["plus"][area(s, "jaffa")] and sum(s["plus"]) == 2  # id 3
    assert cid in s["discard"]["muslim"] and "8.4" in rules(log)
    t = give(s, LEOPOLD, troops("christian", 1)[0])[0]
    own(s, LEOPOLD, "ascalon")
    at(s, LEOPOLD)
    s, _ = fight(s, "jaffa", [t], [1], [1, 1])
    assert len(attack_of(s)["dice"]["defence"][0]) == board(s).areas[area(s, "jaffa")].defence + 1


def test_the_automaton_never_flips_castles():
    """Ruling R13: the Muslims' +1 castles add a die to their own area only; they are not flipped for
    extra dice when a neighbouring area is attacked."""
    s = new(1)
    s["plus"][area(s, "homs")] = True
    s["plus"][area(s, "aleppo")] = True
    t = give(s, CRUSADE, troops("christian", 2)[0])[0]
    rig(s, 1, 1, 1, 1)
    s, _ = act(s, f"attack {area(s, 'latakia')}", f"add {t}", "go")
    a = attack_of(s)
    assert a["flipped"] == [] and len(a["dice"]["defence"][0]) == 1
    assert s["plus"][area(s, "homs")] and s["plus"][area(s, "aleppo")]


@each(of("card_bonus", "muslim", solo=True), "automaton commerce")
def test_automaton_commerce_raises_the_muslim_card_bonus(cid):
    """Rulebook 8.4: Commerce increases the Muslim Card Bonus by 1 and is discarded; the Muslims draw
    that many more cards next turn (R12), and it counts against the Crusaders' VP (8.5)."""
    s = new(1)
    clear_map(s)
    s, _ = solo_round(s, cid)
    assert s["auto"]["bonus"] == 1 and cid in s["discard"]["muslim"]
    s, _ = act(s, "pass")
    assert s["turn"] == 2 and len(s["auto"]["queue"]) == 9 and s["auto"]["bonus"] == 0


@each(of("seduction", "muslim"), "automaton seduction")
def test_automaton_seduction_troop_joins_the_army(cid):
    """Rulebook 8.4: a Christian Troop taken by Seduction is deployed on the table as a Muslim card:
    it joins the army."""
    s = new(1)
    clear_map(s)
    t = troops("christian", 4)[0]
    on_top(s, t)
    s, _ = solo_round(s, cid)
    assert s["auto"]["army"] == [t] and cid in s["discard"]["muslim"]
    assert GAME.view(s, CRUSADE)["automaton"]["strength"] == 4


@each(of("seduction", "muslim"), "automaton seduction")
def test_automaton_seduction_response_waits_face_up(cid):
    """Rulebook 8.4: a Christian Response taken by Seduction is deployed like a Muslim one: kept face up
    for the defence (8.3), or joining the army if it is a Leader and an army stands."""
    s = new(1)
    clear_map(s)
    shield = one("Shield Wall")
    on_top(s, shield)
    s, _ = solo_round(s, cid)
    assert s["auto"]["responses"] == [shield]
    s = new(1)
    clear_map(s)
    leader = one("Leader", "christian")
    t = troops("muslim", 1)[0]
    army(s, t)
    on_top(s, leader)
    s, _ = solo_round(s, cid)
    assert s["auto"]["army"] == [t, leader] and s["auto"]["responses"] == []


@pytest.mark.parametrize(
    "event, effect", [("Italian Merchants", "bonus"), ("Castle Building", "walls"), ("Pilgrim Fleet", "discarded")]
)
@each(of("seduction", "muslim"), "automaton seduction")
def test_automaton_seduction_event_is_played_for_the_muslims_or_discarded(cid, event, effect):
    """Rulebook 8.4 and ruling R6: a Christian Event taken by Seduction is played at once if it can serve
    the Muslims (Card Bonus, Walls), otherwise it is discarded."""
    s = new(1)
    clear_map(s)
    own(s, CRUSADE, "jerusalem")
    taken = one(event) if event != "Pilgrim Fleet" else of("draw", "christian")[0]
    troop = troops("christian", 3)[0]
    on_top(s, taken, troop)
    s, log = solo_round(s, cid)
    assert taken in s["discard"]["christian"] and cid in s["discard"]["muslim"]
    assert s["auto"]["bonus"] == (1 if effect == "bonus" else 0)
    assert sum(s["plus"]) == (1 if effect == "walls" else 0)
    if effect == "walls":
        assert s["plus"][area(s, "acre")]  # the lowest id Muslim area: Jerusalem (1) is the Crusade's
    if effect == "discarded":
        assert s["auto"]["queue"] == [] and s["auto"]["army"] == [] and s["auto"]["responses"] == []
        assert any("cannot use" in t for t in texts(log))


@pytest.mark.parametrize("drawn", ["troop", "commerce"])
@each(of("seduction", "muslim"), "automaton seduction")
def test_automaton_seduction_of_emirs_defection_takes_a_muslim_card(cid, drawn):
    """Rulebook 8.4 and ruling R18: Emir's Defection, taken by the Muslims' Seduction, serves them as
    its text says: they take the top card of the Muslim deck, not another Christian card, and play it
    at once (a Troop joins the army, Commerce raises their Card Bonus); the cards still to be
    revealed this turn are untouched."""
    s = new(1)
    clear_map(s)
    own(s, CRUSADE, "jerusalem")
    emir = one("Emir's Defection")
    christian = troops("christian", 3)[0]
    muslim = troops("muslim", 2)[0] if drawn == "troop" else one("Commerce")
    on_top(s, emir, christian, muslim)
    rig(s, 6)  # the army, if any, does not move
    s, log = solo_round(s, cid)
    assert cid in s["discard"]["muslim"] and emir in s["discard"]["christian"]
    assert s["deck"]["christian"][-1] == christian and muslim not in s["deck"]["muslim"]
    if drawn == "troop":
        assert s["auto"]["army"] == [muslim]
    else:
        assert s["auto"]["army"] == [] and s["auto"]["bonus"] == 1 and muslim in s["discard"]["muslim"]
    assert s["auto"]["queue"] == [] and christian not in s["auto"]["army"]
    taking = [e for e in log if e.text.startswith("Emir's Defection: the Muslims take")]
    assert [e.rule for e in taking] == ["R18"] and CARDS[muslim].name in taking[0].text
    assert "from the Muslim deck" in taking[0].text


def test_a_seduction_card_takes_from_the_deck_it_names_whoever_plays_it():
    """Ruling R15: the deck is the one the card's text names, whoever plays it: Emir's Defection in a
    Muslim player's hand takes a Muslim card, Seduction in a Christian player's hand a Christian one."""
    s = new(4)
    emir = one("Emir's Defection")
    top = s["deck"]["muslim"][-1]
    s, log = play(s, DAMASCUS, emir)
    assert s["hands"][DAMASCUS] == [top] and "from the Muslim deck" in texts(log)[-1]
    s = new(2)
    seduction = one("Seduction")
    top = s["deck"]["christian"][-1]
    s, log = play(s, RICHARD, seduction)
    assert top in s["hands"][RICHARD] and "from the Christian deck" in " ".join(texts(log))


def test_automaton_seduction_with_an_empty_christian_deck():
    """Rulebook 8.4: Seduction with nothing to take is simply discarded."""
    s = new(1)
    clear_map(s)
    s["hands"][CRUSADE] += s["deck"]["christian"][:-1]
    s["deck"]["christian"] = s["deck"]["christian"][-1:]
    cid = of("seduction", "muslim")[0]
    queue(s, cid)
    last = s["deck"]["christian"][-1]
    s, log = act(s, f"discard {last if last in s['hands'][CRUSADE] else s['hands'][CRUSADE][0]}")
    assert cid in s["discard"]["muslim"]


@each(
    [c.id for c in CARDS if c.deck == "muslim" and c.type == "response" and c.effect != "regrouping"],
    "automaton response",
)
def test_automaton_responses_answer_a_crusader_attack_with_their_effect(cid):
    """Rulebook 8.3: a Response the Muslims keep face up is played, first in line, when the Crusaders
    attack with 3 or more dice, with the card's own effect (R11 for Leader), then discarded."""
    s = new(1)
    auto_responses(s, cid)
    ts = give(s, CRUSADE, *troops("christian", 3))
    effect = CARDS[cid].effect
    defence = {"leader": [2, 3], "extra_dice": [1, 1, 1, 1], "reroll_misses": [1, 1, 4, 4], "cancel_hits": [1, 1]}
    s, _ = fight(s, "homs", ts, [4, 4, 1], defence[effect])
    a = attack_of(s)
    assert a["auto_response"] == cid and not s["rigged"] and cid in s["discard"]["muslim"]
    expected = {
        "leader": ([2, 3], [4, 4], [2, 2]),
        "extra_dice": ([1, 1, 1, 1], [1, 1, 1, 1], [2, 0]),
        "reroll_misses": ([1, 1], [4, 4], [2, 2]),
        "cancel_hits": ([1, 1], [1, 1], [1, 0]),
    }[effect]
    assert a["dice"]["defence"] == [expected[0], expected[1]] and a["hits"] == expected[2]


def test_automaton_random_discard_targets_the_player_whose_round_it_is():
    """Rulebook 8.2 ("if the Muslims play any event, it will affect the player making his round") and
    ruling R6: a random-discard event the Muslims take by Seduction is played against that player.
    (No such event remains in the 1–2 player decks; the automaton's handling is checked directly.)"""
    from outremer.games.crusader_kingdoms import automaton

    s = new(2)
    assassins = of("random_discard", "christian")[0]
    hand = give(s, LEOPOLD, *troops("christian", 1, 2, 3))
    give(s, RICHARD, *troops("christian", 4))
    rig_raw(s, 0, 0)
    log = []
    automaton.event(GAME.flow(s), s, log, CARDS[assassins], LEOPOLD)
    assert s["hands"][LEOPOLD] == [hand[2]] and len(s["hands"][RICHARD]) == 1


# ====================================================================== every card
def test_every_card_of_both_decks_is_exercised():
    """Ruling R1 and rulebook 2.1: every card of the Christian and the Muslim decks is played in at
    least one of the scenarios above (parametrized by effect)."""
    missing = [f"{c.id} {c.deck} {c.name}" for c in CARDS if c.id not in COVERED]
    assert not missing
    assert len(CARDS) == 80 and {c.deck for c in CARDS} == {"christian", "muslim"}
