"""Sealed rounds (outremer.core.secret): seats choose in secret, one after another, and the
choices are revealed together. Tested through Sealed Bids (tests/sealed_bids.py), a small game
built on them, with the generic harness's own check that nothing hidden shows."""

import json
import random

import pytest

from outremer.core.errors import IllegalAction
from outremer.core.game import clone
from outremer.core.match import Match
from outremer.core.secret import open_sealed, seal, sealed_view
from sealed_bids import SealedBids
from test_harness import check_view_hides
from test_search import peeks

GAME = SealedBids()


def random_match(players: int, seed: int, seats=None) -> Match:
    return Match(GAME, GAME.make_setup(seed, seats or ["random"] * players))


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_sealed_choices_tell_nothing(players, seed):
    """At every step of random games: dealing anew what a seat cannot see (the other hands and
    the other seats' sealed bids) changes nothing it is shown, who is asked, or what it is told."""
    rand = random.Random(seed)
    match = random_match(players, seed)
    while match.to_act() is not None:
        check_view_hides(GAME, match.state, rand)
        match.play(rand.choice(match.legal_actions()))
    assert match.result() is not None
    assert sorted(GAME.cards_in_play(match.state)) == list(range(1, 4 * players + 1))


class Leaky(SealedBids):
    """Shows every sealed bid to everyone: the check must catch it."""

    def view(self, state, seat):
        view = super().view(state, seat)
        view["bids"] = list(state["sealed"]["choices"]) if state.get("sealed") else None
        return view


def test_a_view_showing_sealed_choices_is_caught():
    leaky = Leaky()
    match = Match(leaky, leaky.make_setup(4, ["random"] * 3))
    match.play(match.legal_actions()[0])  # the first seat has bid: the others must not see what
    with pytest.raises(AssertionError, match="view changed"):
        check_view_hides(leaky, match.state, random.Random(1))


def test_choices_are_revealed_together_and_in_one_line():
    match = random_match(3, 7)
    first = match.to_act()
    bid = match.legal_actions()[-1]
    log = match.play(bid)
    assert [e.for_seat(first) for e in log] == [f"{GAME.seat_names[first]} bids {bid.args[0]} in secret."]
    others = [s for s in range(3) if s != first]
    assert all(e.for_seat(s) == f"{GAME.seat_names[first]} has chosen a bid." for e in log for s in others)
    view = GAME.view(match.state, others[0])["sealed"]
    assert view["chosen"] == [True, False, False] and view["mine"] is None
    assert GAME.view(match.state, first)["sealed"]["mine"] == bid.args[0]
    match.play(match.legal_actions()[0])
    log = match.play(match.legal_actions()[0])
    assert log[-1].rule == "reveal" and log[-1].text.startswith("The bids are revealed")
    assert len(match.state["discards"]) == 3 and GAME.view(match.state, first)["sealed"]["key"] == "bid-2"


def test_undo_goes_back_past_a_computers_sealed_choice_but_never_past_a_reveal():
    match = random_match(3, 5, seats=["human", "random", "random"])
    match.play(match.legal_actions()[1])  # North bids
    match.play(match.legal_actions()[0])  # East (a computer) bids: nothing is revealed yet
    assert match.undo_point(0) == 0
    match.play(match.legal_actions()[0])  # South bids: the three bids are revealed
    assert match.undo_point(0) is None


def test_a_sealed_round_refuses_what_the_rules_do_not_allow():
    state = {"rng": 1}
    open_sealed(state, "draft", [2, 0])
    with pytest.raises(ValueError, match="already open"):
        open_sealed(state, "again", [1])
    with pytest.raises(IllegalAction):
        seal(state, 0, 5)  # seat 2 chooses first
    seal(state, 2, 5)
    assert sealed_view(state, 0) == {"key": "draft", "seats": [2, 0], "chosen": [True, False], "mine": None}
    with pytest.raises(ValueError, match="needs one or more distinct seats"):
        open_sealed({}, "x", [1, 1])


def test_a_search_never_peeks_at_sealed_choices():
    """The searching player, generic over the core, plays Sealed Bids by random rollouts; its
    choice does not depend on the other seats' sealed bids or hands."""
    from outremer.ai import sampler

    checked = 0
    for seed in range(6):
        match = random_match(3, seed)
        rand = random.Random(seed)
        for _ in range(rand.randrange(1, 5)):
            match.play(rand.choice(match.legal_actions()))
        state, seat = match.state, match.to_act()
        if seat is None or len(match.legal_actions()) < 2:
            continue
        assert peeks(GAME, state, seat, lambda s, seat=seat: sampler(GAME, s, seat), seed=seed) is None
        checked += 1
    assert checked >= 3


def test_a_redeal_keeps_the_seats_own_choice_and_draws_the_others_from_their_new_hands():
    match = random_match(4, 9)
    for _ in range(3):
        match.play(match.legal_actions()[0])
    state = match.state
    me = state["sealed"]["seats"][0]
    rand = random.Random(2)
    for _ in range(5):
        other = GAME.redeal(state, me, rand)
        sealed = other["sealed"]
        assert sealed["choices"][0] == state["sealed"]["choices"][0]
        for seat, choice in zip(sealed["seats"][1:3], sealed["choices"][1:3], strict=True):
            assert choice in other["hands"][seat]
        assert sealed["choices"][3] is None
        assert json.dumps(GAME.view(other, me), sort_keys=True) == json.dumps(GAME.view(state, me), sort_keys=True)
    assert clone(state) == state
