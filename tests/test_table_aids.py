"""What the table offers beyond the rules: a multiple choice confirmed once (the hand limit,
L12), the others' last move marked, why a card cannot be played, the dice before a roll."""

import json
import random

import pytest

from outremer import bridge
from outremer.ai import agent_for, agent_random, decide
from outremer.core import sharecode
from outremer.core.actions import Action
from outremer.core.match import Match
from outremer.games import get_game
from outremer.games.levantine.combat import dice_plan
from outremer.sim import play_out
from test_harness import check_view_hides


def call(fn, *args):
    return json.loads(fn(*args))


def levantine_until(stop, seed=5, seats=("human", "human")):
    """A Levantine match between two people, played by the heuristic until ``stop(match)``."""
    game = get_game("levantine")
    match = Match(game, game.make_setup(seed, list(seats)))
    agent = agent_for(game, "heuristic")
    while match.to_act() is not None and not stop(match):
        seat = match.to_act()
        match.play(decide(agent, game, match.state, seat, agent_random(seed, match.steps)), seat)
    assert match.to_act() is not None, "the game ended before the moment looked for"
    return game, match


def at_hand_limit(match):
    p = match.state["pending"]
    return bool(p) and p[0]["kind"] == "discard" and p[0]["rule"] == "L12" and p[0]["count"] >= 2


# ---------------------------------------------------------------- the hand limit, at once
def test_the_hand_limit_is_one_multiple_choice_confirmed_at_once():
    game, match = levantine_until(at_hand_limit)
    seat, count = match.to_act(), match.state["pending"][0]["count"]
    code = sharecode.encode(match)
    snap = call(bridge.open_code, code, seat)
    assert snap["choose"] == {"verb": "discard", "count": count}
    hand = match.state["hands"][seat]
    texts = [f"discard {c}" for c in hand[:count]]
    after = call(bridge.act_many, code, texts, seat)
    assert after["ok"], after
    assert after["steps"] == match.steps + count
    assert after["choose"] is None
    names = [game.cards[c].name for c in hand[:count]]
    lines = [line for line in after["log"] if line["step"] > match.steps]
    # one line for the whole choice, naming every card, citing the hand limit (L12)
    grouped = [line for line in lines if line["rule"] == "L12"]
    assert len(grouped) == 1 and all(name in grouped[0]["text"] for name in names)


def test_undo_takes_the_whole_multiple_choice_back():
    game, match = levantine_until(at_hand_limit)
    seat, count = match.to_act(), match.state["pending"][0]["count"]
    before = match.steps
    assert match.undo_point(seat) != before  # nothing of the choice made yet
    for card in list(match.state["hands"][seat][: count - 1]):
        match.play(Action("discard", (card,)), seat)
    # the choice is under way (one card still to choose): undo goes back before all of it
    assert match.to_act() == seat and game.multi_choice(match.state) == {"verb": "discard", "count": 1}
    assert match.undo_point(seat) == before
    # and once complete, never back into the middle of it
    done = Match(game, match.setup)
    for action in match.actions:
        done.play(action)
    done.play(Action("discard", (match.state["hands"][seat][0],)), seat)
    assert done.undo_point(seat) in (None, before)
    match.undo(seat)
    assert match.steps == before and game.multi_choice(match.state)["count"] == count


def test_a_multiple_choice_is_all_or_nothing():
    game, match = levantine_until(at_hand_limit)
    seat = match.to_act()
    hand = match.state["hands"][seat]
    code = sharecode.encode(match)
    bad = call(bridge.act_many, code, [f"discard {hand[0]}", f"discard {hand[0]}"], seat)
    assert not bad["ok"] and "not in the" in bad["error"]["message"]
    still = call(bridge.open_code, code, seat)
    assert still["steps"] == match.steps  # nothing was played
    assert not call(bridge.act_many, code, "discard 1", seat)["ok"]  # not a list
    assert not call(bridge.act_many, code, [f"discard {hand[0]}"], 1 - seat)["ok"]  # not that seat's move


# ---------------------------------------------------------------- the others' last move
def test_the_table_marks_what_the_others_did_since_your_last_move():
    game = get_game("levantine")
    match = play_out(game, game.make_setup(7, ["heuristic", "heuristic"]))
    seen_other = seen_own = 0
    for step in range(1, match.steps + 1):
        for seat in (0, 1):
            since = match.last_moves(seat, step)
            lines = match.log_for(seat, step)
            marked = {m for line in lines if line["step"] > since for m in line.get("marks", ())}
            actor = match.actors[step - 1]
            if actor != seat and since < step:
                seen_other += bool(marked)
            # a seat's own move is never marked as the others' last move
            if actor == seat:
                assert since == step and not marked
                seen_own += 1
    assert seen_other > 10 and seen_own > 10


def test_marks_name_only_what_every_seat_sees():
    for game_id, seats in (
        ("levantine", ["random"] * 2),
        ("crusader-kingdoms", ["random"] * 4),
        ("crusader-kingdoms", ["random"]),
    ):
        game = get_game(game_id)
        match = play_out(game, game.make_setup(3, seats))
        marked = 0
        for events in match.logs:
            for event in events:
                if event.marks:
                    marked += 1
                    assert event.private is None, event
                    for mark in event.marks:
                        kind, _, value = mark.partition(":")
                        assert kind in ("area", "card") and value.isdigit(), mark
        assert marked > 0, game_id


# ---------------------------------------------------------------- why a card cannot be played
@pytest.mark.parametrize("game_id, players", [("levantine", 2), ("crusader-kingdoms", 4), ("crusader-kingdoms", 1)])
def test_every_card_in_hand_is_playable_or_says_why(game_id, players):
    game = get_game(game_id)
    match = play_out(game, game.make_setup(11, ["heuristic"] * players))
    explained = 0
    for state in match.states[:-1]:
        seat = game.to_act(state)
        reasons = game.unplayable(state, seat)
        legal = game.legal_actions(state)
        used = {a.args[0] for a in legal if a.verb in ("play", "discard", "add", "event") and a.args}
        used |= {a.args[1] for a in legal if a.verb == "incursion" and len(a.args) > 1}
        for card in state["hands"][seat]:
            assert (card in used) != (card in reasons), (card, reasons)
        for reason in reasons.values():
            assert reason and reason.endswith((".", ")", "?")), reason
        explained += len(reasons)
        # only the seat to act is told why: the others are simply not to act
        for other in range(players):
            if other != seat:
                assert game.unplayable(state, other) == {}
    assert explained > 0


def test_a_card_of_the_other_side_says_so():
    game, match = levantine_until(
        lambda m: (
            m.state["step"] == "recruit"
            and m.to_act() == 0
            and any(
                game_card.side == "M" for game_card in (get_game("levantine").cards[c] for c in m.state["hands"][0])
            )
        )
    )
    reasons = game.unplayable(match.state, 0)
    muslim = [c for c in match.state["hands"][0] if game.cards[c].side == "M"]
    assert muslim and all("Muslim card" in reasons[c] for c in muslim)


def test_a_reason_that_told_of_hidden_cards_would_be_caught():
    game = get_game("levantine")
    match = play_out(game, game.make_setup(4, ["random", "random"]))
    state = match.states[len(match.states) // 2]
    while game.to_act(state) is None:
        state = match.states[0]

    class Leaky(type(game)):
        def unplayable(self, s, seat):
            return {c: "the other hand holds it" for c in s["hands"][1 - seat]}

    leaky = Leaky()
    with pytest.raises(AssertionError, match="view changed"):
        check_view_hides(leaky, state, random.Random(1))


# ---------------------------------------------------------------- the dice before the roll
def test_the_dice_shown_before_a_roll_are_the_dice_rolled():
    game = get_game("levantine")
    checked = 0
    for seed in range(6):
        match = play_out(game, game.make_setup(seed, ["heuristic", "heuristic"]))
        for before, after in zip(match.states, match.states[1:], strict=False):
            c, c2 = before["combat"], after.get("combat") or after.get("last_combat")
            if c and not c["dice"] and c2 and c2.get("dice") and c2.get("hand") == before["hand"]:
                plan = game.view(before, 0)["combat"]["plan"]
                assert plan == dice_plan(before, game.cards)
                rolled = c2["dice"]
                assert [len(side) for side in plan] == [len(side) for side in rolled]
                assert [[d[1:] for d in side] for side in rolled] == plan
                checked += 1
    assert checked > 5
