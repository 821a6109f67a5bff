"""Scenario tests of the rules of Crusader Kingdoms, one rule at a time.

Every test names in its docstring the section of the rulebook (shared/rules/crusader-kingdoms.txt)
or the ruling (docs/rulings/crusader-kingdoms.md) it checks. The cards' own effects are in
test_cards.py.
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
    all_cards,
    area,
    areas,
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
    mode,
    new,
    one,
    own,
    queue,
    refusal,
    rig,
    rig_raw,
    rules,
    texts,
    to_act,
    to_discard,
    troops,
)


def names_of(s, idx):
    return sorted(board(s).areas[i].key for i in idx)


def held(s, seat):
    return sorted(board(s).areas[i].key for i, o in enumerate(s["owner"]) if o == seat)


def pass_all(s, n=None):
    """Every seat passes once, from the seat to act."""
    n = len(s["hands"]) if n is None else n
    return act(s, *["pass"] * n)


# ====================================================================== deployment (7.1, 8.1)
DEPLOYMENT = {
    4: [
        ("Emirate of Damascus", "muslim", 7, 8, ["damascus", "homs"]),
        ("Kingdom of Jerusalem", "christian", 7, 8, ["acre", "jerusalem"]),
        ("Principality of Antioch", "christian", 7, 8, ["antioch", "latakia"]),
        ("Emirate of Aleppo", "muslim", 7, 8, ["aleppo", "edessa"]),
    ],
    3: [
        ("Saladin", "muslim", 9, 12, ["aleppo", "damascus", "edessa", "homs"]),
        ("Kingdom of Jerusalem", "christian", 7, 8, ["acre", "jerusalem"]),
        ("Principality of Antioch", "christian", 7, 8, ["antioch", "latakia"]),
    ],
}


@pytest.mark.parametrize("players", [4, 3])
def test_three_and_four_player_deployment(players):
    """Rulebook 7.1: the Saladin side of the map; each player places a castle on its regular side
    in each starting area and draws the cards of the table; empty areas are independent
    kingdoms; play starts with the first player of the table."""
    setup = GAME.make_setup(5, ["human"] * players)
    s, log = GAME.start(setup)
    table = DEPLOYMENT[players]
    assert GAME.seat_labels(setup) == [row[0] for row in table]
    assert mode(s).map == "saladin" and not mode(s).solo_rules
    assert s["auto"] is None
    for seat, (_name, faith, castles, cards, start) in enumerate(table):
        assert held(s, seat) == start
        assert s["supply"][seat] == castles - len(start)
        assert len(s["hands"][seat]) == cards
        assert all(CARDS[c].deck == faith for c in s["hands"][seat])
    assert not any(s["plus"])  # castles on their regular side
    starting = {k for row in table for k in row[4]}
    assert {a.key for a in board(s).areas if s["owner"][a.index] == NOBODY} == {
        a.key for a in board(s).areas
    } - starting
    assert s["turn"] == 1 and to_act(s) == 0 and s["step"] == "action"
    assert all(b == 0 for b in s["bonus"])
    drawn = {"christian": 0, "muslim": 0}
    for row in table:
        drawn[row[1]] += row[3]
    assert {f: len(d) for f, d in s["deck"].items()} == {f: 40 - n for f, n in drawn.items()}
    assert "7.1" in rules(log)


@pytest.mark.parametrize(
    "players, seats, muslim_cards",
    [
        (2, [("Richard the Lion-heart", 8, ["tripoli"]), ("Leopold V", 8, ["antioch"])], 12),
        (1, [("The 1st Crusade", 12, ["marath"])], 8),
    ],
)
def test_one_and_two_player_deployment(players, seats, muslim_cards):
    """Rulebook 8.1: the "1st and 3rd Crusades" side; a castle (regular side) in each starting area,
    the table's cards for each player and for the Muslims (not a player); every other area is
    Muslim and bears no castle counter; castles are unlimited ("All")."""
    setup = GAME.make_setup(5, ["human"] * players)
    s, log = GAME.start(setup)
    assert GAME.seat_labels(setup) == [row[0] for row in seats]
    assert mode(s).map == "crusades" and mode(s).solo_rules
    assert [a.id for a in board(s).areas] == list(range(1, 15))
    for seat, (_name, cards, start) in enumerate(seats):
        assert held(s, seat) == start
        assert len(s["hands"][seat]) == cards
        assert all(CARDS[c].deck == "christian" for c in s["hands"][seat])
        assert s["supply"][seat] == -1  # no limit: no sudden victory count
    assert held(s, MUSLIMS) == sorted(a.key for a in board(s).areas if a.key not in {k for r in seats for k in r[2]})
    assert not any(s["plus"])
    assert len(s["auto"]["queue"]) == muslim_cards
    assert all(CARDS[c].deck == "muslim" for c in s["auto"]["queue"])
    assert s["auto"]["army"] == [] and s["auto"]["responses"] == [] and s["auto"]["bonus"] == 0
    assert to_act(s) == 0 and "8.1" in rules(log)


REMOVED_MUSLIM = {"Mercenaries", "Independent attack", "Jews", "Succession", "Watchtowers", "Truce"}
REMOVED_CHRISTIAN = {"Concerted Attack", "Assassins", "Troubadours", "Spies"}


@pytest.mark.parametrize("players", [1, 2])
def test_cards_removed_in_one_and_two_player_games(players):
    """Rulebook 8.1: the Muslim deck loses one 4-value Troop and the events Mercenaries, Independent
    attack, Jews, Succession, Watchtowers and Truce; the Christian deck loses Concerted Attack,
    Assassins, Troubadours and Spies. Nothing else is removed."""
    s, _ = GAME.start(GAME.make_setup(3, ["human"] * players))
    present = all_cards(s)
    names = {CARDS[c].name for c in present}
    assert not names & (REMOVED_MUSLIM | REMOVED_CHRISTIAN)
    full_muslim = [c for c in CARDS if c.deck == "muslim"]
    muslim = [CARDS[c] for c in present if CARDS[c].deck == "muslim"]
    christian = [CARDS[c] for c in present if CARDS[c].deck == "christian"]
    fours = [c for c in full_muslim if c.type == "troop" and c.value == 4]
    assert len(fours) >= 1
    assert len([c for c in muslim if c.type == "troop" and c.value == 4]) == len(fours) - 1
    assert len(muslim) == len(full_muslim) - len(REMOVED_MUSLIM) - 1
    assert len(christian) == 40 - len(REMOVED_CHRISTIAN)
    assert sorted(c.name for c in christian) == sorted(
        c.name for c in CARDS if c.deck == "christian" and c.name not in REMOVED_CHRISTIAN
    )


@pytest.mark.parametrize("players", [3, 4])
def test_every_card_plays_in_three_and_four_player_games(players):
    """Rulebook 8.1 (by contrast) and 2.1: the three- and four-player games use both whole decks."""
    s, _ = GAME.start(GAME.make_setup(3, ["human"] * players))
    assert all_cards(s) == list(range(len(CARDS)))


# ====================================================================== drawing (3, 6)
def test_draw_the_deployment_number_plus_bonus_less_cards_kept():
    """Rulebook 6, example: a player with the Card Bonus at +1 who saved two cards draws 7 (8 + 1 − 2),
    starts with 9 cards and his bonus again at 0. Rulebook 3 steps 1–2: every player draws, then
    the Card Bonus markers are set to 0."""
    s = new(4)
    kept = give(s, JERUSALEM, *troops("christian", 1, 2))
    s["bonus"] = [0, 1, -2, 2]
    give(s, ALEPPO, *troops("muslim", 1, 1, 1))
    s, log = pass_all(s)
    assert s["turn"] == 2
    assert len(s["hands"][JERUSALEM]) == 9 and set(kept) <= set(s["hands"][JERUSALEM])
    assert [len(h) for h in s["hands"]] == [8, 9, 6, 10]  # 8 + 0; 8 + 1 − 2 + 2; 8 − 2; 8 + 2 − 3 + 3
    assert s["bonus"] == [0, 0, 0, 0]
    assert any("Kingdom of Jerusalem draws 7" in t for t in texts(log))


def test_a_player_who_kept_more_than_his_due_draws_nothing():
    """Rulebook 6: the number drawn is reduced by the cards saved (never below nothing)."""
    s = new(4)
    kept = give(s, DAMASCUS, *troops("muslim", 1, 1, 1, 1, 2, 2, 2, 2))
    s["bonus"][DAMASCUS] = -1
    s, _ = pass_all(s)
    assert sorted(s["hands"][DAMASCUS]) == sorted(kept)


def test_an_empty_deck_stops_the_draw():
    """Ruling R3: decks are refilled only at the end of a turn; a draw from an empty deck stops there."""
    s = new(4)
    christian = [c.id for c in CARDS if c.deck == "christian"]
    give(s, JERUSALEM, *christian[:35])  # 5 Christian cards remain for Antioch's 8
    s, log = pass_all(s)
    assert len(s["hands"][ANTIOCH]) == 5 and s["deck"]["christian"] == []
    assert "R3" in rules(log)


# ====================================================================== rounds and turns (3, 4.6, 5)
def test_rounds_follow_the_deployment_table_order():
    """Rulebook 3 step 3–4: starting with the first player of the deployment table, each player in
    turn makes one (and only one) action."""
    s = new(4)
    cards = {
        seat: give(s, seat, *troops(mode(s).seats[seat].faith, 1, exclude=[c for h in s["hands"] for c in h]))
        for seat in range(4)
    }
    seen = []
    for _ in range(5):
        seat = to_act(s)
        seen.append(seat)
        s, _ = act(s, f"discard {s['hands'][seat][0]}" if s["hands"][seat] else "pass")
    assert seen == [0, 1, 2, 3, 0]
    assert all(c[0] in s["discard"][CARDS[c[0]].deck] for c in cards.values())


def test_the_turn_ends_when_everyone_passes_consecutively():
    """Rulebook 3 step 4, 4.6 and 5: the turn ends only when all the players, consecutively, pass;
    any other action starts the count again."""
    s = new(4)
    c = give(s, ALEPPO, troops("muslim", 1)[0])[0]
    s, _ = act(s, "pass", "pass", "pass", f"discard {c}", "pass", "pass", "pass")
    assert s["turn"] == 1 and to_act(s) == ALEPPO
    s, log = act(s, "pass")
    assert s["turn"] == 2 and to_act(s) == DAMASCUS
    assert any(t.startswith("Turn 2 of 3 begins:") for t in texts(log))


def test_players_without_cards_can_only_pass():
    """Rulebook 4.6: players without cards can only pass."""
    s = new(4)
    assert legal(s) == ["pass"]
    assert "no Troop card" in refusal(s, f"attack {area(s, 'baalbek')}")


def test_end_of_turn_reshuffles_each_deck_apart_and_keeps_hands():
    """Rulebook 5: at the end of the turn the turn marker advances; discarded, unplayed and lasting
    cards are shuffled together, the Christian and the Muslim decks separately; the cards in
    hand are kept for the next turn."""
    s = new(4)
    gone_c = troops("christian", 1, 2, 3)
    gone_m = troops("muslim", 1, 2)
    to_discard(s, *gone_c, *gone_m)
    watch = one("Watchtowers")
    give(s, ALEPPO, watch)
    s["lasting"] = []
    kept = give(s, ANTIOCH, one("Leader", "christian"))
    s, log = act(s, "pass", "pass", "pass", f"event {watch}")
    assert [watch, ALEPPO] in s["lasting"]
    s, log = pass_all(s)
    assert s["turn"] == 2
    assert s["discard"] == {"christian": [], "muslim": []} and s["lasting"] == []
    for faith in ("christian", "muslim"):
        assert all(CARDS[c].deck == faith for c in s["deck"][faith])
    in_play = set(s["deck"]["christian"]) | set(s["deck"]["muslim"]) | {c for h in s["hands"] for c in h}
    assert set(gone_c) | set(gone_m) | {watch} <= in_play
    assert kept[0] in s["hands"][ANTIOCH]
    assert "5" in rules(log)


def test_the_game_lasts_three_turns():
    """Rulebook 3: the game is divided into 3 turns; after the third, it is over (7.3)."""
    s = new(4)
    for turn in (1, 2):
        assert s["turn"] == turn
        for hand in s["hands"]:
            hand.clear()
        s, _ = pass_all(s)
    assert s["turn"] == 3
    for hand in s["hands"]:
        hand.clear()
    s, _ = pass_all(s)
    assert s["step"] == "over" and to_act(s) is None and GAME.result(s) is not None


# ====================================================================== attack targets (4.1, 7.2, R2, R16)
def test_attack_targets_are_the_border_areas():
    """Ruling R16 and rulebook 4.1 step 1: a player may attack any area next to one of his, held by
    another player or an independent kingdom, and no other."""
    s = new(4)
    give(s, ANTIOCH, troops("christian", 2)[0])
    at(s, ANTIOCH)
    targets = [int(t.split()[1]) for t in legal(s) if t.startswith("attack")]
    # Acre across the sea lane from Latakia (ruling R19)
    assert names_of(s, targets) == ["acre", "aleppo", "homs", "mamistra", "marash", "shaizar", "tortosa", "turbessel"]
    assert "not a border area" in refusal(s, f"attack {area(s, 'jerusalem')}")
    assert "not a border area" in refusal(s, f"attack {area(s, 'latakia')}")


def test_a_player_without_areas_attacks_only_his_starting_areas():
    """Rulebook 4.1 step 1 and ruling R16: a player who controls no area can only attack one of his
    starting areas."""
    s = new(4)
    own(s, DAMASCUS, "jerusalem", "acre")
    give(s, JERUSALEM, troops("christian", 3)[0])
    at(s, JERUSALEM)
    targets = [int(t.split()[1]) for t in legal(s) if t.startswith("attack")]
    assert names_of(s, targets) == ["acre", "jerusalem"]


def test_the_sea_lane_joins_acre_and_latakia_for_every_rule():
    """Ruling R19 (rulebook 4.1, 4.3, 4.1 step 4): the sea lane makes Acre and Latakia border each
    other: Jerusalem may attack Latakia and make an incursion against Antioch from the first round,
    and Antioch's +1 castle in Latakia may be flipped to defend Acre."""
    s = new(4)
    board_ = board(s)
    acre, latakia = area(s, "acre"), area(s, "latakia")
    assert latakia in board_.areas[acre].borders and board_.areas[acre].sea == (latakia,)
    t = give(s, JERUSALEM, troops("christian", 2)[0])[0]
    at(s, JERUSALEM)
    assert is_legal(s, f"attack {latakia}") and is_legal(s, f"incursion {ANTIOCH} {t}")
    assert not is_legal(s, f"attack {area(s, 'antioch')}")  # Antioch itself is not on the coast lane
    own(s, ANTIOCH, "acre")
    own(s, ANTIOCH, "latakia", plus=True)
    tm = give(s, DAMASCUS, troops("muslim", 2)[0])[0]
    own(s, DAMASCUS, "banias")
    at(s, DAMASCUS)
    s, _ = act(s, f"attack {acre}", f"add {tm}", "go")
    while s["step"] == "respond":
        s, _ = act(s, "done")
    assert s["step"] == "flip" and to_act(s) == ANTIOCH
    assert [a for a in legal(s) if a.startswith("flip")] == [f"flip {latakia}"]


def test_three_player_christians_may_not_attack_each_other():
    """Rulebook 7.2 and ruling R2: in the 3-player game the Christian kingdoms may not attack each
    other; they may attack Saladin, and incursions between them are allowed."""
    s = new(3)
    own(s, JERUSALEM, "beirut")
    own(s, ANTIOCH, "tripoli")
    own(s, SALADIN, "baalbek")
    t = give(s, JERUSALEM, troops("christian", 2)[0])[0]
    at(s, JERUSALEM)
    assert not is_legal(s, f"attack {area(s, 'tripoli')}")
    assert is_legal(s, f"attack {area(s, 'baalbek')}")
    assert is_legal(s, f"incursion {ANTIOCH} {t}")
    t2 = give(s, ANTIOCH, troops("christian", 2, exclude=[t])[0])[0]
    at(s, ANTIOCH)
    assert not is_legal(s, f"attack {area(s, 'beirut')}")
    assert is_legal(s, f"incursion {JERUSALEM} {t2}")


def test_four_player_christians_may_attack_each_other():
    """Rulebook 7.2 (by contrast): the ban on Christians attacking each other is for the 3-player game."""
    s = new(4)
    own(s, JERUSALEM, "beirut")
    own(s, ANTIOCH, "tripoli")
    give(s, JERUSALEM, troops("christian", 2)[0])
    at(s, JERUSALEM)
    assert is_legal(s, f"attack {area(s, 'tripoli')}")


def test_cooperative_allies_never_attack_each_other():
    """Ruling R2: Richard and Leopold may not attack each other's areas; nor is the ally an opponent
    for an incursion."""
    s = new(2)
    own(s, LEOPOLD, "latakia")
    t = give(s, RICHARD, troops("christian", 3)[0])[0]
    assert to_act(s) == RICHARD
    assert not is_legal(s, f"attack {area(s, 'latakia')}")
    assert is_legal(s, f"attack {area(s, 'homs')}")
    assert not is_legal(s, f"incursion {LEOPOLD} {t}")


def test_an_attack_needs_a_troop():
    """Ruling R7 and rulebook 4.1 step 2: an attack is announced only by a player holding a Troop
    card, and at least one Troop must be placed; Response cards join the attack only if their
    text allows it."""
    s = new(4)
    leader, shield = one("Leader", "christian"), one("Shield Wall")
    give(s, ANTIOCH, leader, shield)
    at(s, ANTIOCH)
    assert not [t for t in legal(s) if t.startswith("attack")]
    assert "no Troop card" in refusal(s, f"attack {area(s, 'homs')}")
    t = give(s, ANTIOCH, troops("christian", 2)[0])[0]
    s, _ = act(s, f"attack {area(s, 'homs')}")
    assert s["step"] == "attack_cards"
    assert sorted(legal(s)) == sorted([f"add {leader}", f"add {t}"])  # no "go", no Shield Wall (defence)
    s, _ = act(s, f"add {leader}")
    assert "go" not in legal(s)
    s, _ = act(s, f"add {t}")
    assert "go" in legal(s)


# ====================================================================== hidden cards and responses (4.1, R10)
def test_face_down_cards_are_hidden_from_the_other_seats_until_revealed():
    """Rulebook 4.1 steps 2, 3 and 5, ruling R10: the attack's cards and the responses lie face down;
    only their owner sees them until they are revealed for the combat."""
    s = new(4)
    t = give(s, ANTIOCH, troops("christian", 2)[0])[0]
    garrison = give(s, DAMASCUS, one("Citadel Garrison"))[0]
    at(s, ANTIOCH)
    s, _ = act(s, f"attack {area(s, 'homs')}", f"add {t}", "go")
    assert to_act(s) == DAMASCUS
    assert GAME.view(s, ANTIOCH)["attack"]["placed"] == [{"seat": ANTIOCH, "side": "attack", "card": t}]
    for seat in (DAMASCUS, JERUSALEM, ALEPPO, None):
        assert GAME.view(s, seat)["attack"]["placed"] == [{"seat": ANTIOCH, "side": "attack", "card": None}]
    rig(s, 1, 1, 1, 1, 1)
    s2, _ = act(s, f"add {garrison} defence")
    # (the combat is fought at once: no +1 castle next to Homs)
    last = GAME.view(s2, JERUSALEM)["last_attack"]
    assert last["troops"] == [[t, ANTIOCH]] and last["cards"] == [[garrison, DAMASCUS, "defence"]]
    # before the reveal, the garrison was hidden from the others
    s3 = dict(s)
    s3["attack"] = {**s["attack"], "cards": [[garrison, DAMASCUS, "defence"]], "responders": [ALEPPO]}
    assert GAME.view(s3, ANTIOCH)["attack"]["placed"] == [
        {"seat": DAMASCUS, "side": "defence", "card": None},
        {"seat": ANTIOCH, "side": "attack", "card": t},
    ]
    assert GAME.view(s3, DAMASCUS)["attack"]["placed"] == [
        {"seat": DAMASCUS, "side": "defence", "card": garrison},
        {"seat": ANTIOCH, "side": "attack", "card": None},
    ]


def test_views_hide_the_other_hands_and_the_muslims_unrevealed_cards():
    """Rulebook 3 and 8.3, ruling R10: a seat sees its own hand only (the others' as counts); the
    Muslims' cards drawn for the turn stay face down until each is revealed in its round, while
    their army and responses lie face up."""
    s = new(2, deal=True)
    s["auto"]["responses"] = []
    v = GAME.view(s, RICHARD)
    assert v["seats"][RICHARD]["hand"] == s["hands"][RICHARD]
    assert v["seats"][LEOPOLD]["hand"] is None and v["seats"][LEOPOLD]["hand_count"] == 8
    assert v["automaton"]["to_reveal"] == 12 and "queue" not in v["automaton"]
    assert not set(s["auto"]["queue"]) & set(_ids_in(v))
    spectator = GAME.view(s, None)
    assert all(seat["hand"] is None for seat in spectator["seats"])


def _ids_in(view):
    """Every card id a view shows outside the viewer's own hand."""
    out = []
    for seat in view["seats"]:
        if seat["seat"] != view["viewer"] and seat["hand"]:
            out += seat["hand"]
    au = view["automaton"] or {}
    out += au.get("army", []) + au.get("responses", [])
    return out


@pytest.mark.parametrize("players", [1, 2])
def test_the_muslims_cards_drawn_are_not_named_in_the_log(players):
    """Rulebook 8.3: the Muslims reveal, each round, the first card from the ones they drew that turn —
    until then those cards are face down, so no seat's log may name them when they are drawn
    (the view shows only how many are left to reveal)."""
    s = new(players, deal=True)
    s, log = act(s, *["pass"] * players)  # the turn ends (the Muslims reveal all), the next one begins
    assert s["turn"] == 2
    queued = {CARDS[c].name for c in s["auto"]["queue"]}
    draw_lines = [e for e in log if e.rule == "8.3" and "draw" in e.text]
    assert draw_lines
    for seat in range(players):
        for e in draw_lines:
            shown = e.for_seat(seat) or ""
            assert not any(name in shown for name in queued), shown


def test_every_player_the_attack_concerns_is_asked_whether_or_not_he_holds_a_response():
    """Ruling R10 and rulebook 4.1 step 3: after the attacker, every other player with cards in hand
    is asked in table order, holding a Response or not (a player with none may only place nothing),
    so that who is asked, the prompt and the log tell nothing of the hands; a player with no card
    at all (which all can see) is not asked."""
    seen = {}
    for holds in (True, False):
        s = new(4, quick=False)
        t = give(s, ANTIOCH, troops("christian", 3)[0])[0]
        give(s, ALEPPO, *troops("muslim", 2))
        garrison = give(s, DAMASCUS, one("Citadel Garrison") if holds else troops("muslim", 1)[0])[0]
        at(s, ANTIOCH)
        s, log = act(s, f"attack {area(s, 'homs')}", f"add {t}", "go")
        told = []
        for seat in (ALEPPO, DAMASCUS):  # table order after Antioch; Jerusalem holds nothing
            assert to_act(s) == seat
            told.append((GAME.view(s, JERUSALEM)["prompt"], GAME.view(s, JERUSALEM)["attack"]))
            if seat == DAMASCUS and holds:
                assert sorted(legal(s)) == sorted([f"add {garrison} defence", "done"])
            else:
                assert legal(s) == ["done"]
            rig(s, 1, 1, 1, 1, 1, 1, 1, 1)
            s, more = act(s, "done")
            log += more
        assert s["last_attack"] is not None and s["attack"] is None
        seen[holds] = (told, [e.for_seat(JERUSALEM) for e in log if "rolls" not in e.text])
    assert seen[True] == seen[False]


def test_quick_responses_ask_only_holders_on_the_sides_each_card_allows():
    """Ruling R10 and rulebook 4.1 step 3, with the option Quick responses (which says that it
    tells): after the attacker, each other player in table order who holds a Response card may
    place some face down, on the attack or the defence as each card allows; players without one
    are not asked."""
    s = new(4, quick=True)
    t = give(s, ANTIOCH, troops("christian", 3)[0])[0]
    give(s, ALEPPO, *troops("muslim", 2))  # no response: not asked
    garrison, regroup = give(s, DAMASCUS, one("Citadel Garrison"), one("Regrouping"))
    leader = give(s, JERUSALEM, one("Leader", "christian"))[0]
    at(s, ANTIOCH)
    s, _ = act(s, f"attack {area(s, 'homs')}", f"add {t}", "go")
    assert to_act(s) == DAMASCUS
    assert sorted(legal(s)) == sorted([f"add {garrison} defence", f"add {regroup} attack", "done"])
    s, _ = act(s, "done")
    assert to_act(s) == JERUSALEM
    assert sorted(legal(s)) == sorted([f"add {leader} attack", f"add {leader} defence", "done"])
    rig(s, 1, 1, 1, 1, 1, 1)
    s, _ = act(s, f"add {leader} attack")
    assert attack_of(s)["cards"] == [[leader, JERUSALEM, "attack"]] and attack_of(s)["dice"] is not None


def test_with_nobody_to_respond_the_attack_is_fought_at_once():
    """Ruling R10: when no other player holds a Response card and the defender has no +1 castle to
    flip, the cards are revealed as soon as the attacker has placed his."""
    s = new(4)
    t = give(s, ANTIOCH, troops("christian", 1)[0])[0]
    give(s, DAMASCUS, *troops("muslim", 3, 3))
    at(s, ANTIOCH)
    rig(s, 6, 1, 1, 1)
    s, log = act(s, f"attack {area(s, 'homs')}", f"add {t}", "go")
    assert attack_of(s)["hits"] == [1, 0] and not s["rigged"]


# ====================================================================== flipping castles (4.1 step 4)
def test_the_defender_flips_adjacent_plus_one_castles_for_extra_dice():
    """Rulebook 4.1 step 4 and 4.2: the defender may flip his +1 castles adjacent to the attacked area,
    one extra die each; flipped castles stay on their regular side; castles not adjacent cannot
    be flipped."""
    s = new(4)
    own(s, DAMASCUS, "palmyra", "baalbek", "damascus", "bosra", plus=True)
    t = give(s, ANTIOCH, troops("christian", 2)[0])[0]
    at(s, ANTIOCH)
    s, _ = act(s, f"attack {area(s, 'homs')}", f"add {t}", "go")
    assert s["step"] == "flip" and to_act(s) == DAMASCUS
    flips = sorted(int(a.split()[1]) for a in legal(s) if a.startswith("flip"))
    assert names_of(s, flips) == ["baalbek", "damascus", "palmyra"]  # not Bosra: not adjacent
    s, _ = act(s, f"flip {area(s, 'palmyra')}", f"flip {area(s, 'damascus')}")
    rig(s, 1, 1, 1, 1, 1, 1, 1)
    s, log = act(s, "done")
    assert s["last_attack"]["dice"]["defence"][0] == [1, 1, 1, 1, 1]  # Homs 3 + 2 flipped
    assert not s["rigged"]
    assert [s["plus"][i] for i in areas(s, "palmyra", "damascus", "baalbek", "bosra")] == [False, False, True, True]
    assert s["last_attack"]["flipped"] == areas(s, "palmyra", "damascus")


def test_a_defender_with_no_adjacent_plus_one_castle_is_not_asked_to_flip():
    """Rulebook 4.1 step 4: only +1 castles adjacent to the attacked area can be flipped."""
    s = new(4)
    own(s, DAMASCUS, "bosra", plus=True)
    t = give(s, ANTIOCH, troops("christian", 2)[0])[0]
    at(s, ANTIOCH)
    rig(s, 1, 1, 1, 1, 1)
    s, _ = act(s, f"attack {area(s, 'homs')}", f"add {t}", "go")
    assert s["step"] == "action" and s["last_attack"]["flipped"] == []


# ====================================================================== combat (4.2)
def test_hits_are_fours_fives_and_sixes_and_troops_give_the_dice():
    """Rulebook 4.2: the attacker throws as many dice as his Troops' values; the defender throws the
    area's defensive value; each 4, 5 or 6 is a hit; more hits than the defender wins."""
    s = new(4)
    ts = give(s, ANTIOCH, *troops("christian", 4, 2))
    at(s, ANTIOCH)
    s, log = fight(s, "homs", ts, [1, 2, 3, 4, 5, 6], [4, 5, 3])
    a = attack_of(s)
    assert len(a["dice"]["attack"][0]) == 6 and len(a["dice"]["defence"][0]) == 3
    assert a["hits"] == [3, 2] and a["winner"] == "attack"


def test_a_plus_one_castle_adds_a_die_to_the_area():
    """Rulebook 4.2: the defender adds the area's defensive value and +1 if he has a +1 castle there."""
    s = new(4)
    s["plus"][area(s, "homs")] = True
    ts = give(s, ANTIOCH, *troops("christian", 1))
    at(s, ANTIOCH)
    s, _ = fight(s, "homs", ts, [1], [1, 1, 1, 1])
    assert len(s["last_attack"]["dice"]["defence"][0]) == 4 and not s["rigged"]


def test_the_defender_wins_ties():
    """Rulebook 4.2: if the attacker makes the same number of hits or fewer, the defender wins; the
    area and the Card Bonus markers do not change, and the attacker's cards are lost (4.1 step 7)."""
    s = new(4)
    ts = give(s, ANTIOCH, *troops("christian", 3, 1))
    at(s, ANTIOCH)
    s, log = fight(s, "homs", ts, [4, 5, 1, 1], [6, 6, 1])
    assert s["last_attack"]["hits"] == [2, 2] and s["last_attack"]["winner"] == "defence"
    assert s["owner"][area(s, "homs")] == DAMASCUS and s["bonus"] == [0, 0, 0, 0]
    assert set(ts) <= set(s["discard"]["christian"]) and s["hands"][ANTIOCH] == []
    assert to_act(s) == ALEPPO  # the attack was Antioch's round


def test_anyone_may_attack_an_independent_kingdom_which_rolls_its_defence():
    """Rulebook 4.2: an independent kingdom (an empty area) defends with its defensive value."""
    s = new(4)
    ts = give(s, ANTIOCH, *troops("christian", 1))
    at(s, ANTIOCH)
    s, _ = fight(s, "shaizar", ts, [6], [4, 1, 1])
    assert len(s["last_attack"]["dice"]["defence"][0]) == board(s).areas[area(s, "shaizar")].defence
    assert s["last_attack"]["winner"] == "defence" and s["owner"][area(s, "shaizar")] == NOBODY


# ====================================================================== conquest and the Card Bonus (4.1 step 6, 6, R12)
def test_conquest_replaces_the_castle_on_its_regular_side():
    """Rulebook 4.1 step 6 and 6: the defender's castle (+1 side or not) is removed and the attacker
    places one of his on its regular side; the loser's Card Bonus steps back one; the winner
    chooses to advance his Card Bonus or flip one of his castles, the new one included (R12)."""
    s = new(4)
    homs = area(s, "homs")
    s["plus"][homs] = True
    ts = give(s, ANTIOCH, *troops("christian", 4, 3))
    at(s, ANTIOCH)
    s, log = fight(s, "homs", ts, [6, 6, 6, 1, 1, 1, 1], [1, 1, 1, 1])
    assert s["owner"][homs] == ANTIOCH and s["plus"][homs] is False
    assert s["supply"][ANTIOCH] == 4 and s["supply"][DAMASCUS] == 6
    assert s["bonus"][DAMASCUS] == -1
    assert s["step"] == "reward" and to_act(s) == ANTIOCH
    assert sorted(legal(s)) == sorted(["bonus"] + [f"flip {i}" for i in areas(s, "antioch", "latakia", "homs")])
    flipped, _ = act(s, f"flip {homs}")
    assert flipped["plus"][homs] is True and flipped["bonus"][ANTIOCH] == 0
    advanced, _ = act(s, "bonus")
    assert advanced["bonus"][ANTIOCH] == 1 and advanced["plus"][homs] is False
    assert to_act(advanced) == ALEPPO
    assert set(ts) <= set(advanced["discard"]["christian"])


def test_card_bonus_limits_and_excess():
    """Rulebook 2.3 and 6, ruling R12: the Card Bonus stays between −2 and +2; a loser at −2 stays
    there; a winner at +2 may only flip a castle to its +1 side (positive excess becomes +1
    castles)."""
    s = new(4)
    s["bonus"][DAMASCUS] = -2
    s["bonus"][ANTIOCH] = 2
    s["plus"][area(s, "antioch")] = True
    ts = give(s, ANTIOCH, *troops("christian", 3))
    at(s, ANTIOCH)
    s, _ = fight(s, "homs", ts, [6, 6, 6], [1, 1, 1])
    assert s["bonus"][DAMASCUS] == -2
    assert sorted(legal(s)) == sorted(f"flip {i}" for i in areas(s, "latakia", "homs"))
    s, _ = act(s, f"flip {area(s, 'homs')}")
    assert s["bonus"][ANTIOCH] == 2 and s["plus"][area(s, "homs")]


def test_an_independent_kingdom_has_no_card_bonus():
    """Ruling R12: conquering an independent kingdom moves only the winner's marker."""
    s = new(4)
    ts = give(s, ANTIOCH, *troops("christian", 3))
    at(s, ANTIOCH)
    s, _ = fight(s, "shaizar", ts, [6, 6, 6], [1, 1, 1], then=("bonus",))
    assert s["owner"][area(s, "shaizar")] == ANTIOCH and s["bonus"] == [0, 0, 1, 0]


# ====================================================================== winning (7.3, R14)
def test_sudden_victory_when_every_castle_is_on_the_map():
    """Rulebook 7.3 and ruling R14: a player with all his available castles on the map wins at once."""
    s = new(4)
    own(s, JERUSALEM, "tiberias", "kerak", "beirut", "banias")
    assert s["supply"][JERUSALEM] == 1
    ts = give(s, JERUSALEM, *troops("christian", 4))
    at(s, JERUSALEM)
    s, log = fight(s, "ascalon", ts, [6, 6, 6, 6], [1, 1, 1, 1], then=("bonus",))
    assert s["supply"][JERUSALEM] == 0
    assert s["step"] == "over" and to_act(s) is None
    assert GAME.result(s)["winners"] == [JERUSALEM] and "sudden victory" in GAME.result(s)["text"]
    assert "7.3" in rules(log)


def test_saladin_needs_all_nine_castles_for_sudden_victory():
    """Rulebook 7.1 and 7.3: Saladin has 9 castles; with 8 on the map the game goes on."""
    s = new(3)
    own(s, SALADIN, "palmyra", "shaizar", "baalbek")
    assert s["supply"][SALADIN] == 2
    ts = give(s, SALADIN, *troops("muslim", 4))
    s, _ = fight(s, "bosra", ts, [6, 6, 6, 6], [1, 1], then=("bonus",))
    assert s["supply"][SALADIN] == 1 and s["step"] == "action" and to_act(s) == JERUSALEM


def end_of_game(s):
    s["turn"] = 3
    return pass_all(s)


def test_the_most_castles_win_at_the_end():
    """Rulebook 7.3: at the end of the third turn, the player with the most castles on the map wins."""
    s = new(4)
    own(s, ALEPPO, "manbij")
    s["bonus"] = [2, 2, 2, -2]
    s, log = end_of_game(s)
    assert GAME.result(s)["winners"] == [ALEPPO] and GAME.result(s)["castles"] == [2, 2, 2, 3]
    assert "7.3" in rules(log)


def test_a_tie_on_castles_goes_to_the_highest_card_bonus():
    """Rulebook 7.3 and ruling R14: a tie on castles goes to the one with the highest Card Bonus."""
    s = new(4)
    own(s, JERUSALEM, "tiberias")
    own(s, ANTIOCH, "shaizar")
    s["bonus"] = [2, 0, 1, 2]
    s, _ = end_of_game(s)
    assert GAME.result(s)["winners"] == [ANTIOCH]


def test_a_tie_on_castles_and_card_bonus_is_a_shared_victory():
    """Ruling R14: a tie on castles and Card Bonus is a shared victory."""
    s = new(3)
    own(s, JERUSALEM, "tiberias", "beirut")
    own(s, ANTIOCH, "shaizar", "marash")
    s["bonus"] = [0, 1, 1]
    s, log = end_of_game(s)
    assert GAME.result(s)["castles"] == [4, 4, 4]
    assert GAME.result(s)["winners"] == [JERUSALEM, ANTIOCH]


# ====================================================================== incursion (4.3, R4, R8)
def test_incursion_discards_a_troop_and_a_four_to_six_makes_the_opponent_discard_at_random():
    """Rulebook 4.3: the player selects an opponent with whom he has a border and discards a Troop of
    his choice; on a roll of 4, 5 or 6 the opponent discards a random card."""
    s = new(4)
    t = give(s, ANTIOCH, troops("christian", 1)[0])[0]
    leader = give(s, ANTIOCH, one("Leader", "christian"))[0]
    victims = give(s, DAMASCUS, *troops("muslim", 1, 2, 3))
    at(s, ANTIOCH)
    options = sorted(a for a in legal(s) if a.startswith("incursion"))
    # Troops only; bordering opponents (Jerusalem across the sea lane, ruling R19)
    assert options == sorted([f"incursion {DAMASCUS} {t}", f"incursion {JERUSALEM} {t}", f"incursion {ALEPPO} {t}"])
    rig_raw(s, 3, 1)  # the die shows 4; the second card of Damascus's hand is lost
    hit, log = act(s, f"incursion {DAMASCUS} {t}")
    assert hit["hands"][DAMASCUS] == [victims[0], victims[2]]
    assert victims[1] in hit["discard"]["muslim"] and t in hit["discard"]["christian"]
    assert hit["hands"][ANTIOCH] == [leader] and "4.3" in rules(log)
    assert to_act(hit) == ALEPPO
    rig(s, 3)
    miss, _ = act(s, f"incursion {DAMASCUS} {t}")
    assert miss["hands"][DAMASCUS] == victims and t in miss["discard"]["christian"]


def test_incursion_needs_a_border():
    """Rulebook 4.3: an incursion is against an opponent with whom the player has a border."""
    s = new(4)
    t = give(s, JERUSALEM, troops("christian", 1)[0])[0]
    at(s, JERUSALEM)
    # at the start Jerusalem borders only Antioch, across the sea lane (ruling R19)
    assert [a for a in legal(s) if a.startswith("incursion")] == [f"incursion {ANTIOCH} {t}"]
    own(s, JERUSALEM, "beirut")
    own(s, ANTIOCH, "tripoli")
    assert legal(s).count(f"incursion {ANTIOCH} {t}") == 1
    own(s, DAMASCUS, "banias")
    assert legal(s).count(f"incursion {DAMASCUS} {t}") == 1 and not legal(s).count(f"incursion {ALEPPO} {t}")


def test_incursion_against_the_muslims_loses_their_next_card():
    """Ruling R4: in the 1–2 player games a Crusader bordering a Muslim area may make an incursion
    against the Muslims; on a 4–6 they lose the next card they would have revealed."""
    s = new(1)
    t = give(s, CRUSADE, troops("christian", 1)[0])[0]
    first, second = one("Citadel Garrison"), one("Call to Jihad")
    queue(s, first, second)
    assert is_legal(s, f"incursion {MUSLIMS} {t}")
    rig(s, 5)
    hit, log = act(s, f"incursion {MUSLIMS} {t}")
    assert first in hit["discard"]["muslim"] and "R4" in rules(log)
    assert hit["auto"]["responses"] == [second] and hit["auto"]["queue"] == []  # the Muslim round revealed the next
    rig(s, 3)
    miss, _ = act(s, f"incursion {MUSLIMS} {t}")
    assert miss["auto"]["responses"] == [first] and miss["auto"]["queue"] == [second]
    queue(s)
    assert not [a for a in legal(s) if a.startswith("incursion")]  # nothing left to lose


# ====================================================================== 1–2 player rules (8.2, R5)
def test_one_two_player_card_bonus_moves_only_by_events():
    """Rulebook 8.2 and ruling R12: in the 1–2 player games conquering or losing areas moves no Card
    Bonus, and the winner may not flip a castle instead."""
    s = new(2)
    ts = give(s, RICHARD, *troops("christian", 3))
    s, _ = fight(s, "homs", ts, [6, 6, 6], [1, 1])
    assert s["owner"][area(s, "homs")] == RICHARD and s["step"] == "action" and to_act(s) == LEOPOLD
    assert s["bonus"] == [0, 0] and s["auto"]["bonus"] == 0 and not any(s["plus"])


def test_one_two_player_a_muslim_round_follows_each_crusader_round():
    """Rulebook 8.2 and 8.3: in the 2-player game each player's round is followed by a Muslim round,
    which reveals the next Muslim card."""
    s = new(2)
    cards = [one("Citadel Garrison"), one("Call to Jihad"), one("Feigned Retreat")]
    queue(s, *cards)
    give(s, RICHARD, *troops("christian", 1, 1))
    give(s, LEOPOLD, *troops("christian", 1, 1, exclude=s["hands"][RICHARD]))
    order = []
    for n in range(3):
        seat = to_act(s)
        order.append(seat)
        s, log = act(s, f"discard {s['hands'][seat][0]}")
        assert s["auto"]["responses"] == cards[: n + 1]
        assert any(f"Muslim round (against {mode(s).seats[seat].name})" in t for t in texts(log))
    assert order == [RICHARD, LEOPOLD, RICHARD]


def test_one_two_player_a_passing_player_is_out_for_the_turn():
    """Rulebook 8.2: a player who passes can no longer play this turn (and keeps his cards for the
    next); the other plays on, each of his rounds followed by a Muslim round."""
    s = new(2)
    queue(s, *[one("Citadel Garrison"), one("Call to Jihad"), one("Feigned Retreat")])
    kept = give(s, RICHARD, troops("christian", 3)[0])[0]
    give(s, LEOPOLD, *troops("christian", 1, 1))
    s, _ = act(s, "pass")
    assert s["out"] == [True, False] and to_act(s) == LEOPOLD and len(s["auto"]["queue"]) == 2
    s, _ = act(s, f"discard {s['hands'][LEOPOLD][0]}")
    assert to_act(s) == LEOPOLD and len(s["auto"]["queue"]) == 1
    assert s["hands"][RICHARD] == [kept]
    s, _ = act(s, "pass")  # Leopold out too: the Muslims reveal their last card, the turn ends
    assert s["turn"] == 2 and kept in s["hands"][RICHARD] and len(s["hands"][RICHARD]) == 8  # 7 drawn + 1 kept


def test_the_muslims_play_on_after_every_crusader_has_passed():
    """Ruling R5 and rulebook 8.2: once every Crusader has passed, the Muslims reveal their remaining
    cards one round at a time; the turn ends when none is left; face-up cards carry over (8.3)."""
    s = new(2)
    cards = [one("Citadel Garrison"), one("Call to Jihad"), one("Feigned Retreat"), one("Leader", "muslim")]
    queue(s, *cards)
    s, log = act(s, "pass", "pass")
    assert s["turn"] == 2
    assert s["auto"]["responses"][:4] == cards
    reveals = [t for t in texts(log) if t.startswith("Muslim round")]
    assert len(reveals) == 4
    assert "against Richard" in reveals[0] and "against Leopold" in reveals[1]
    assert "against Richard" in reveals[2] and "against Leopold" in reveals[3]


def test_a_crusader_without_areas_attacks_only_his_starting_area():
    """Rulebook 4.1 step 1 and ruling R16, in the solo game: the 1st Crusade holding no area may only
    attack Marath, its starting area."""
    s = new(1)
    clear_map(s)
    give(s, CRUSADE, troops("christian", 2)[0])
    assert [a for a in legal(s) if a.startswith("attack")] == [f"attack {area(s, 'marath')}"]


def test_no_sudden_victory_in_the_one_and_two_player_games():
    """Rulebook 8.1 ("All" castles) and 8.5: the Crusaders have no castle count to exhaust; they play the
    three turns and score victory points."""
    s = new(2)
    own(s, RICHARD, *[a.key for a in board(s).areas if a.key not in ("antioch", "edessa")])
    ts = give(s, RICHARD, *troops("christian", 4))
    s, _ = fight(s, "edessa", ts, [6, 6, 6, 6], [1, 1])
    assert not [o for o in s["owner"] if o == MUSLIMS]
    assert s["step"] == "action" and GAME.result(s) is None and s["supply"] == [-1, -1]


def test_solo_a_muslim_round_follows_the_crusade_round():
    """Rulebook 8.3: in the solo game the Muslims alternate rounds with the 1st Crusade."""
    s = new(1)
    queue(s, one("Citadel Garrison"), one("Call to Jihad"))
    give(s, CRUSADE, *troops("christian", 1, 1))
    s, log = act(s, f"discard {s['hands'][CRUSADE][0]}")
    assert to_act(s) == CRUSADE and len(s["auto"]["queue"]) == 1 and len(s["auto"]["responses"]) == 1


# ====================================================================== the automaton (8.3)
def auto_round(s, seat=None):
    """The Crusader to act discards a card given for the purpose: then comes a Muslim round."""
    seat = to_act(s) if seat is None else seat
    filler = next(c for c in s["deck"]["christian"] if CARDS[c].name == "Pilgrims")
    give(s, seat, filler)
    return act(s, f"discard {filler}")


def test_automaton_events_are_applied_at_once():
    """Rulebook 8.3 and 8.4: a Muslim event is applied the moment it is revealed (Commerce: +1 to the
    Muslim Card Bonus), then discarded."""
    s = new(1)
    commerce = one("Commerce")
    queue(s, commerce)
    give(s, CRUSADE, troops("christian", 1)[0])
    s, log = auto_round(s)
    assert s["auto"]["bonus"] == 1 and commerce in s["discard"]["muslim"]


def test_automaton_responses_wait_face_up_and_answer_an_attack_of_three_dice_or_more():
    """Rulebook 8.3: Muslim Response cards stay face up in the order drawn; when the Crusaders attack
    with 3 or more dice the Muslims play the first available one and then discard it."""
    s = new(1)
    garrison, jihad = one("Citadel Garrison"), one("Call to Jihad")
    auto_responses(s, garrison, jihad)
    two = give(s, CRUSADE, *troops("christian", 2))
    small, _ = fight(s, "homs", two, [6, 6], [1, 1])
    assert small["auto"]["responses"] == [garrison, jihad] and small["last_attack"]["auto_response"] is None
    three = give(s, CRUSADE, *troops("christian", 3))
    big, log = fight(s, "homs", three, [6, 6, 6], [1, 1])
    a = big["last_attack"]
    assert a["auto_response"] == garrison and a["hits"] == [2, 0]  # one hit cancelled
    assert big["auto"]["responses"] == [jihad] and garrison in big["discard"]["muslim"]
    assert "8.3" in rules(log)


def test_automaton_troops_form_one_army():
    """Rulebook 8.3: Troop cards revealed stay face up and join the other Muslim Troops in one army."""
    s = new(1)
    clear_map(s)  # no roll while the Crusaders hold nothing
    a, b = troops("muslim", 2, 3)
    queue(s, a, b)
    s, _ = auto_round(s)
    s, _ = auto_round(s)
    assert s["auto"]["army"] == [a, b]
    assert GAME.view(s, CRUSADE)["automaton"]["strength"] == 5


@pytest.mark.parametrize("face, attacks", [(1, True), (2, True), (3, False), (6, False)])
def test_automaton_activation_roll_must_be_below_the_army_strength(face, attacks):
    """Rulebook 8.3: after playing its card, if the Muslims have an army they roll a die; only a result
    less than the sum of the army's Troop points makes it attack."""
    s = new(1)
    a, b = troops("muslim", 1, 2)
    army(s, a)
    queue(s, b)
    rig(s, face, 1, 1, 1, 1, 1)
    s, log = auto_round(s)
    assert (s["attack"] is not None or s["last_attack"] is not None) == attacks
    if attacks:
        assert attack_of(s)["attacker"] == MUSLIMS and attack_of(s)["bonus_dice"] == 3
    else:
        assert s["auto"]["army"] == [a, b] and any(f"rolls {face}: it does not move" in t for t in texts(log))


def test_automaton_does_not_roll_when_the_crusaders_hold_no_area():
    """Rulebook 8.3: the Muslims do not roll to activate their army if the Christians control no area."""
    s = new(2)
    clear_map(s)
    a, b = troops("muslim", 3, 3)
    army(s, a)
    queue(s, b)
    rig(s, 1)
    s, log = auto_round(s)
    assert s["rigged"] == [0] and s["auto"]["army"] == [a, b]
    assert any("do not roll" in t for t in texts(log))


def test_automaton_attacks_the_lowest_id_area_of_the_player_whose_round_it_is():
    """Rulebook 8.3: the army attacks the adjacent Crusader area with the lowest id number among those
    of the Crusader player playing the Muslim round."""
    s = new(2)
    own(s, RICHARD, "jerusalem", "acre")
    own(s, LEOPOLD, "latakia", "aleppo")  # ids 9 and 11; Antioch 14
    a, b = troops("muslim", 3, 3)
    army(s, a)
    queue(s, b, *troops("muslim", 1, exclude=[a, b]))
    give(s, LEOPOLD, troops("christian", 2)[0])
    at(s, LEOPOLD)
    rig(s, 1)
    s, log = auto_round(s, LEOPOLD)
    att = attack_of(s)
    assert att["defender"] == LEOPOLD and att["area"] == area(s, "latakia")


def test_automaton_army_attacks_with_its_strength_and_is_discarded_after():
    """Rulebook 8.3: the army attacks with its Troop points as dice; after the attack its cards are
    discarded whatever the outcome; a won area becomes Muslim again (no castle, 8.1)."""
    s = new(1)
    a, b = troops("muslim", 2, 3)
    army(s, a)
    queue(s, b)
    marath = area(s, "marath")
    rig(s, 1, 6, 6, 6, 1, 1, 1, 1, 1, 1, 1, 1)
    s, log = auto_round(s)
    last = s["last_attack"]
    assert last["attacker"] == MUSLIMS and last["area"] == marath and len(last["dice"]["attack"][0]) == 5
    assert last["winner"] == "attack" and s["owner"][marath] == MUSLIMS and not s["plus"][marath]
    assert s["auto"]["army"] == [] and {a, b} <= set(s["discard"]["muslim"])
    assert s["bonus"] == [0] and s["auto"]["bonus"] == 0  # 8.2: no Card Bonus for areas


def test_automaton_army_is_discarded_after_a_lost_attack_too():
    """Rulebook 8.3: after resolving the attack the Muslims discard the attacking cards."""
    s = new(1)
    a, b = troops("muslim", 1, 1)
    army(s, a)
    queue(s, b)
    rig(s, 1, 1, 1, 6)
    s, _ = auto_round(s)
    assert s["last_attack"]["winner"] == "defence" and s["owner"][area(s, "marath")] == CRUSADE
    assert s["auto"]["army"] == [] and {a, b} <= set(s["discard"]["muslim"])


def army_against_latakia(s):
    """The solo Crusader holds Latakia (a +1 castle at Marath beside it) and a Shield Wall; a
    Muslim army of 2 waits and a Troop of 3 is the next card revealed; its roll will be a 1."""
    own(s, CRUSADE, "latakia")
    s["plus"][area(s, "marath")] = True
    shield = give(s, CRUSADE, one("Shield Wall"))[0]
    a, b = troops("muslim", 2, 3)
    army(s, a)
    queue(s, b)
    rig(s, 1)
    return s, shield


def test_the_defending_crusader_may_respond_and_flip_against_the_muslim_army():
    """Rulebook 4.1 steps 3–4 applied to a Muslim attack (8.3): the Crusader may place responses and
    flip adjacent +1 castles."""
    s, shield = army_against_latakia(new(1))
    s, _ = auto_round(s)
    assert s["attack"]["area"] == area(s, "latakia")  # id 9, below Marath's 10
    assert to_act(s) == CRUSADE and sorted(legal(s)) == sorted([f"add {shield} defence", "done"])
    s, _ = act(s, f"add {shield} defence")
    assert s["step"] == "flip" and sorted(legal(s)) == sorted([f"flip {area(s, 'marath')}", "done"])
    rig(s, 6, 6, 6, 6, 6, 1, 1)
    s, _ = act(s, f"flip {area(s, 'marath')}")
    last = s["last_attack"]
    assert len(last["dice"]["defence"][0]) == 2 and not s["rigged"]  # Latakia's 1 and Marath's flipped castle
    assert last["hits"] == [4, 0] and not s["plus"][area(s, "marath")]  # Shield Wall cancelled one hit
    assert s["owner"][area(s, "latakia")] == MUSLIMS


def test_a_crusader_who_has_passed_takes_no_part_in_the_muslims_later_attacks():
    """Rulebook 8.2 ("if a player passes, can no longer play"): once he has passed, a Crusader
    places no response and flips no castle against the Muslims' later rounds of the turn; the
    attack is fought at once."""
    for passed in (False, True):
        s, shield = army_against_latakia(new(1, quick=False))
        s, log = auto_round(s) if not passed else act(s, "pass")
        assert any("attacks Latakia" in line for line in texts(log))
        if not passed:
            assert to_act(s) == CRUSADE and s["step"] == "respond"
            assert sorted(legal(s)) == sorted([f"add {shield} defence", "done"])
            continue
        last = s["last_attack"]  # fought at once; the turn then ended (every card revealed)
        assert last["area"] == area(s, "latakia") and last["cards"] == [] and last["flipped"] == []
        assert s["plus"][area(s, "marath")] and shield in s["hands"][CRUSADE] and s["turn"] == 2


def test_in_the_cooperative_game_the_partner_who_passed_is_not_asked():
    """Rulebook 8.2 and ruling R10: when the Muslims attack one Crusader, his partner is asked for
    responses only while he has not passed."""
    for passed in (False, True):
        s = new(2, quick=False)
        own(s, RICHARD, "latakia")
        give(s, RICHARD, one("Shield Wall"))
        give(s, LEOPOLD, troops("christian", 1)[0])
        a, b = troops("muslim", 2, 3)
        army(s, a)
        queue(s, b)
        s["out"] = [False, passed]
        rig(s, 1)
        s, _ = auto_round(s)
        assert to_act(s) == RICHARD and s["step"] == "respond"
        s, _ = act(s, "done")
        assert (to_act(s) == LEOPOLD and s["step"] == "respond") == (not passed)


def test_automaton_cards_carry_over_and_do_not_reduce_its_draw():
    """Rulebook 8.3: Response and Troop cards left face up at the end of the turn carry over to the
    next; unlike the players, the Muslims still draw their full number (and their Card Bonus,
    R12, which then returns to 0)."""
    s = new(1)
    clear_map(s)
    a, b = troops("muslim", 1, 2)
    army(s, a, b)
    garrison = one("Citadel Garrison")
    auto_responses(s, garrison)
    s["auto"]["bonus"] = 1
    s, _ = act(s, "pass")
    assert s["turn"] == 2
    assert s["auto"]["army"] == [a, b] and s["auto"]["responses"] == [garrison]
    assert len(s["auto"]["queue"]) == 8 + 1 and s["auto"]["bonus"] == 0


def test_the_cooperative_muslims_draw_twelve_plus_their_bonus():
    """Rulebook 8.1 and ruling R12: the co-operative game's Muslims draw 12, plus their Card Bonus."""
    s = new(2)
    s["auto"]["bonus"] = -1
    s, _ = act(s, "pass", "pass")
    assert s["turn"] == 2 and len(s["auto"]["queue"]) == 11


# ====================================================================== victory points (8.5, R12)
@pytest.mark.parametrize(
    "keys, bonus, muslim, vp, level",
    [
        (["jerusalem", "acre", "jaffa", "ascalon", "damascus"], [0, 0], 0, 17, "Victory"),
        (["jerusalem", "acre", "jaffa", "ascalon"], [1, 1], 0, 15, "Victory"),
        (["jerusalem", "acre", "jaffa", "ascalon"], [1, 0], 0, 14, "Marginal victory"),
        (["jerusalem", "acre", "jaffa", "ascalon"], [0, 0], 2, 11, "Marginal victory"),
        (["jerusalem", "acre", "jaffa", "ascalon"], [-1, 0], 2, 10, "Defeat"),
    ],
)
def test_cooperative_victory_points_and_levels(keys, bonus, muslim, vp, level):
    """Rulebook 8.5 and ruling R12: at the end the Crusaders score the VP of their areas plus the
    difference between their Card Bonus (both markers in the co-operative game) and the Muslims';
    15+ Victory, 11–14 Marginal victory, 10 or less Defeat."""
    s = new(2)
    clear_map(s)
    own(s, RICHARD, *keys)
    s["bonus"] = list(bonus)
    s["auto"]["bonus"] = muslim
    s, log = end_of_game(s)
    res = GAME.result(s)
    assert res["vp"] == vp and res["level"] == level
    assert res["winners"] == ([] if level == "Defeat" else [RICHARD, LEOPOLD])
    assert "8.5" in rules(log)


def test_solo_victory_points():
    """Rulebook 8.5: the 1st Crusade scores its areas' VP and its Card Bonus less the Muslims'."""
    s = new(1)
    clear_map(s)
    own(s, CRUSADE, "jerusalem", "damascus", "homs", "marath")  # 6 + 4 + 2 + 1
    s["bonus"] = [2]
    s["auto"]["bonus"] = 0
    s, _ = end_of_game(s)
    assert GAME.result(s)["vp"] == 15 and GAME.result(s)["level"] == "Victory"
