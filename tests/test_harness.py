"""The generic harness: random full games of every game, checked after every action, and the
states a few plies around positions of random games of every mode, where no state short of the
end may leave the seat to act without a legal action.

Written once for all games: it uses only the core interface (legal_actions, apply,
view, redeal, cards_in_play, save/load, share codes).
"""

import itertools
import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from conftest import IN_PYODIDE, sweep
from outremer.ai import heuristic_for
from outremer.core import sharecode
from outremer.core.actions import Action
from outremer.core.errors import IllegalAction
from outremer.core.match import Match
from outremer.games import all_games, game_by_code
from outremer.sim import play_out

GAMES = sorted(all_games().values(), key=lambda g: g.id)
LONG = {"third-crusade"}
"""Games whose random games run to hundreds of actions with four seats to check: the property
below tries fewer of them (the every-mode test and the bench sweeps cover more)."""


def setups(game):
    counts = st.integers(game.min_seats, game.max_seats)
    opts = st.fixed_dictionaries({o.id: st.sampled_from(o.choices) for o in game.options})
    return st.builds(
        lambda seed, n, options: game.make_setup(seed, ["random"] * n, options), st.integers(0, 2**32 - 1), counts, opts
    )


def _seen(game, state, seat):
    """All a seat is shown of a state: its view, and, when it is to act, why its other cards
    cannot be played and whether its choice is a multiple one."""
    mine = game.to_act(state) == seat
    return json.dumps(
        [game.view(state, seat), game.unplayable(state, seat), game.multi_choice(state) if mine else None],
        sort_keys=True,
    )


def _told(log, seat):
    """What a seat reads of log lines, with what they mark on the table."""
    return [(e.for_seat(seat), e.marks if e.private is None else ()) for e in log]


def check_view_hides(game, state, rand, tells=False, tries=4):
    """Hidden cards dealt anew, consistently with a seat's view, change nothing that seat is
    shown: not its view (the table, the prompt of the seat to act), not who is to act, and —
    one action on, whatever the seat to act does in both deals — not who is asked next, what
    it is asked, nor what the log tells. Quick responses (an option that says it tells) are
    exempt from the last part."""
    seats = game.seats_in(state)
    over = game.to_act(state) is None
    for seat in range(seats):
        seen = _seen(game, state, seat)
        for _ in range(2):
            other = game.redeal(state, seat, rand)
            assert _seen(game, other, seat) == seen, f"seat {seat}'s view changed when hidden cards were dealt anew"
            assert game.to_act(other) == game.to_act(state), (
                f"who is to act changed for seat {seat} when hidden cards were dealt anew"
            )
            if over or tells:
                continue
            legal = game.legal_actions(state)
            legal_other = set(game.legal_actions(other))
            actor = game.to_act(state)
            if actor == seat:
                assert game.legal_actions(other) == legal, (
                    f"seat {seat}'s own choices changed when cards it cannot see were dealt anew"
                )
            both = [a for a in legal if a in legal_other]
            for action in rand.sample(both, min(tries, len(both))):
                after, log = game.apply(state, action)
                after_other, log_other = game.apply(other, action)
                if game.reveals(state, after, actor, seat) or game.reveals(other, after_other, actor, seat):
                    continue  # a die, a draw, a card shown: what follows may depend on it
                told = (game.to_act(after), game.to_act(after_other))
                assert told[0] == told[1], (
                    f"after {action.text!r} by seat {actor}, seat {seat} would see seat {told[0]} "
                    f"asked in one deal of the cards it cannot see and seat {told[1]} in another"
                )
                assert _seen(game, after, seat) == _seen(game, after_other, seat), (
                    f"after {action.text!r} by seat {actor}, seat {seat}'s table depends on cards it cannot see"
                )
                assert _told(log, seat) == _told(log_other, seat), (
                    f"after {action.text!r} by seat {actor}, the log seat {seat} reads depends on cards it cannot see"
                )


# 20 random games of each in the tests (fewer inside Pyodide, as its profile says); the 50 of
# the CPython profile under `python bench/sweeps.py invariant`.
SAMPLED_GAMES = min(20, settings().max_examples)


@pytest.mark.parametrize("game", [g for g in GAMES if g.id not in LONG], ids=lambda g: g.id)
@settings(max_examples=sweep(SAMPLED_GAMES, settings().max_examples))
@given(data=st.data())
def test_random_games_keep_every_invariant(game, data):
    _random_game_invariants(game, data)


@pytest.mark.parametrize("game", [g for g in GAMES if g.id in LONG], ids=lambda g: g.id)
@settings(max_examples=5)
@given(data=st.data())
def test_random_long_games_keep_every_invariant(game, data):
    _random_game_invariants(game, data)


def _random_game_invariants(game, data):
    setup = data.draw(setups(game))
    rand = random.Random(setup.seed)
    tells = any(opt.tells and setup.option(opt.id) != opt.default for opt in game.options)
    match = Match(game, setup)
    all_cards = sorted(game.cards_in_play(match.state))
    while match.to_act() is not None:
        assert match.steps <= game.max_actions, "the game did not end within its bound"
        state = match.state
        legal = match.legal_actions()
        assert legal, "a seat is to act but has no legal action"
        assert len(set(legal)) == len(legal), "the same action is listed twice"
        for action in legal:
            assert Action.parse(action.text) == action
        action = rand.choice(legal)
        before = json.dumps(state, sort_keys=True)
        match.play(action)
        assert json.dumps(state, sort_keys=True) == before, "apply changed the state it was given"
        after = match.state
        assert sorted(game.cards_in_play(after)) == all_cards, f"cards not conserved after {action.text}"
        assert game.load(game.save(after)) == after
        if match.steps % 7 == 0:
            check_view_hides(game, after, rand, tells=tells)
    assert match.result() is not None
    replayed = Match(game, setup)
    for action in match.actions:
        replayed.play(action)
    assert replayed.state == match.state, "replaying the actions gave another state"
    again = sharecode.decode(sharecode.encode(match), game_by_code)
    assert again.state == match.state and again.actions == match.actions
    with pytest.raises(IllegalAction):
        match.play(Action("pass"))


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
@given(seed=st.integers(0, 2**32 - 1), cut=st.floats(0, 1))
def test_share_code_round_trips_mid_game(game, seed, cut):
    kind = "heuristic" if heuristic_for(game)[0] is not None else "random"
    setup = game.make_setup(seed, [kind] * game.min_seats)
    full = play_out(game, setup)
    match = Match(game, setup)
    for action in full.actions[: int(cut * full.steps)]:
        match.play(action)
    code = sharecode.encode(match)
    again = sharecode.decode(code, game_by_code)
    assert again.state == match.state
    assert sharecode.encode(again) == code


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
def test_illegal_actions_are_refused_with_a_reason(game):
    match = Match(game, game.make_setup(3, ["human"] * max(2, game.min_seats)))
    for text in ("fly 1", "play 99999", "discard -1"):
        with pytest.raises(IllegalAction) as err:
            match.play(Action.parse(text))
        assert err.value.message and "Traceback" not in err.value.message
    seat = match.to_act()
    other = (seat + 1) % len(match.setup.seats)
    with pytest.raises(IllegalAction, match="not your turn"):
        match.play(match.legal_actions()[0], seat=other)


MODES = [(game, players) for game in GAMES for players in range(game.min_seats, game.max_seats + 1)]


@pytest.mark.parametrize("game,players", MODES, ids=lambda x: getattr(x, "id", x))
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_hidden_cards_tell_nothing_in_every_mode(game, players, seed):
    """Every game at every player count, default options: along a whole random game, dealing the
    cards a seat cannot see anew changes nothing it is shown, who is asked, or what it is told."""
    rand = random.Random(seed)
    match = Match(game, game.make_setup(seed, ["random"] * players))
    while match.to_act() is not None:
        match.play(rand.choice(match.legal_actions()))
        if match.steps % 2 == 0:
            check_view_hides(game, match.state, rand, tries=4)


def option_sets(game, players):
    """Every combination of the choices of the options that concern ``players`` (the others at
    their defaults)."""
    concern = [o for o in game.options if not o.players or players in o.players]
    return [
        dict(zip((o.id for o in concern), combo, strict=True))
        for combo in itertools.product(*(o.choices for o in concern))
    ]


ALL_MODES = [
    (game, players, options)
    for game in GAMES
    for players in range(game.min_seats, game.max_seats + 1)
    for options in (option_sets(game, players)[:1] if IN_PYODIDE else option_sets(game, players))
]
NEAR_POSITIONS = 1 if IN_PYODIDE else 6
"""Positions sampled from the random game of each mode."""
NEAR_WIDTH = (6, 3) if IN_PYODIDE else (12, 4, 2)
"""How many legal actions are followed at each ply below a sampled position (all of them where
there are fewer): the number of entries is the depth."""


def _mode_id(x):
    return getattr(x, "id", None) or (",".join(f"{k}={v}" for k, v in x.items()) if isinstance(x, dict) else str(x))


@pytest.mark.parametrize("game,players,options", ALL_MODES, ids=_mode_id)
def test_every_state_near_a_random_game_that_is_not_over_has_a_legal_action(game, players, options):
    """No state that is not over may leave the seat to act without a legal action. Random games
    meet only the states on their path; here, from positions sampled along a random game of
    every game, player count and option set, every legal action (up to a width a ply) is followed
    to a few plies, and each state reached is checked."""
    seed = 1 + len(ALL_MODES) + players
    rand = random.Random(seed)
    match = Match(game, game.make_setup(seed, ["random"] * players, options))
    path = [match.state]
    while match.to_act() is not None:
        match.play(rand.choice(match.legal_actions()))
        path.append(match.state)
    picks = sorted(rand.sample(range(len(path) - 1), min(NEAR_POSITIONS, len(path) - 1)))
    for pick in picks:
        frontier = [(path[pick], f"action {pick} of the random game (seed {seed})")]
        for width in NEAR_WIDTH:
            below = []
            for state, where in frontier:
                if game.to_act(state) is None:
                    assert game.result(state) is not None, f"nobody is to act and the game is not over: {where}"
                    continue
                legal = game.legal_actions(state)
                assert legal, f"a seat is to act but has no legal action: {where}"
                for action in rand.sample(legal, min(width, len(legal))):
                    after, _ = game.apply(state, action)
                    below.append((after, f"{where}, then {action.text!r}"))
            frontier = below
        for state, where in frontier:
            assert game.to_act(state) is None or game.legal_actions(state), (
                f"a seat is to act but has no legal action: {where}"
            )
