"""Every way a card with an effect can resolve, from many positions: no moment of it may leave
the player to act without a legal action (p.7: "the effect and action may be resolved in any
order"; ruling LH29).

Positions are taken from random games of every player count, one at a turn of each seat; at
each, every card whose effect the acting faction may use is put in its hand
(``scenario.with_card``), played for Development and for Presence, and every branch is followed
to the end of the action: the effect before or after the action, every choice of the effect,
every building. The Presence action goes on for as
long as the player places markers, so there each first placement is followed, then the action is
ended (the effect may still follow it)."""

import json
import random

import pytest

from conftest import IN_PYODIDE
from outremer.core.actions import Action
from outremer.core.match import Match
from outremer.games.lords_of_heaven.state import in_deck

from .scenario import CONTENT, GAME, with_card

MODES = [(4, {}), (3, {"absent": "caliphate"}), (2, {"christians": "byzantines", "muslims": "caliphate"})]
SEATS = 2 if IN_PYODIDE else 4
"""Inside Pyodide the 4-player game alone, from the turns of its first two seats."""
if IN_PYODIDE:
    MODES = MODES[:1]


def turn_positions(players, options, seed):
    """From a random game, one position at the start of a turn of each seat, spread over the
    game (seat k's at about (k + 1) / (players + 1) of it): every faction's cards are tried."""
    rand = random.Random(seed)
    match = Match(GAME, GAME.make_setup(seed, ["random"] * players, options))
    found = []
    while match.to_act() is not None:
        s = match.state
        if s["step"] == "turn":
            found.append(s)
        match.play(rand.choice(match.legal_actions()))
    out = []
    for seat in range(min(players, SEATS)):
        mark = len(found) * (seat + 1) // (players + 1)
        out.append(next(s for s in found[mark:] + found[::-1] if s["seat"] == seat))
    return out


def resolve_every_way(s, seat):
    """Follow every branch of the action under way until the turn moves on; return how many
    states were seen. Fails on a state where the player is to act with nothing to do."""
    seen = set()
    stack = [(s, False)]
    while stack:
        state, placed = stack.pop()
        key = json.dumps(state, sort_keys=True)
        if key in seen:
            continue
        seen.add(key)
        turn = state["turn"]
        if turn is None or turn["seat"] != seat or state["step"] in ("turn", "conflicts", "conflict"):
            continue  # the action is over
        legal = GAME.legal_actions(state)
        assert legal, (
            f"{GAME.seat_label(state, seat)} has no legal action at step {state['step']!r} "
            f"while resolving {CONTENT.cards[turn['card']].name}"
        )
        for action in legal:
            if state["step"] == "presence" and placed and action.verb != "done":
                continue  # the rest of a Presence action: end it here
            after, _ = GAME.apply(state, action)
            stack.append((after, placed or (state["step"] == "presence" and action.verb in ("influence", "support"))))
    return len(seen)


def variants(position, seat, card_id):
    """The position with the card in hand as it is, and with 8 Gold more (every price within
    reach); for Development also with only Fortresses left on the player board, and with one
    Church/Mosque left, the others standing in the Regions next to the player's Support: there
    an effect that moves Support can take away the last site."""
    s = with_card(position, seat, card_id)
    yield s, (0, 1)
    rich = with_card(position, seat, card_id)
    rich["stock"][seat]["gold"] += 8
    yield rich, (0, 1)
    forts = with_card(rich, seat, card_id)
    forts["buildings"][seat] = [0, forts["buildings"][seat][1], 0]
    yield forts, (0,)
    churches = with_card(rich, seat, card_id)
    for loc in range(len(churches["church"])):
        churches["church"][loc][seat] = 0
    held = [loc for loc in churches["on_board"] if churches["support"][loc][seat]]
    near = sorted(
        {b for loc in held for b in CONTENT.locations[loc].borders if b in churches["on_board"] and b not in held}
    )
    for loc in near[:2]:
        churches["church"][loc][seat] = 1
    churches["buildings"][seat] = [3 - len(near[:2]), 0, 0]
    yield churches, (0,)


@pytest.mark.parametrize("players,options", MODES, ids=lambda x: str(x))
def test_every_card_with_an_effect_resolves_every_way_without_a_dead_end(players, options):
    explored = 0
    for position in turn_positions(players, options, 1):
        seat = position["seat"]
        factions = position["factions"]
        for c in CONTENT.cards.values():
            if not c.action or not c.usable_by(factions[seat]) or not in_deck(c.affiliation, factions):
                continue
            for s, columns in variants(position, seat, c.id):
                for column in columns:
                    action = Action("play", (c.id, column))
                    if action in GAME.legal_actions(s):
                        after, _ = GAME.apply(s, action)
                        explored += resolve_every_way(after, seat)
    assert explored
