"""The search's fast path: ``advance`` (in place, no log) gives exactly the states ``apply``
gives, and ``clone`` copies exactly (states are trees of JSON values: nothing is shared)."""

import random

import pytest

from outremer.core.actions import Action
from outremer.core.errors import IllegalAction
from outremer.core.game import clone
from outremer.games import all_games

GAMES = sorted(all_games().values(), key=lambda g: g.id)
MODES = [
    (game, players, options)
    for game in GAMES
    for players in range(game.min_seats, game.max_seats + 1)
    for options in ({}, {opt.id: opt.choices[-1] for opt in game.options})
]


def containers(value, seen: set) -> None:
    """Every list and dict inside ``value``, each met once (else the state shares one)."""
    if isinstance(value, (list, dict)):
        assert id(value) not in seen, "a list or dict appears twice in the state"
        seen.add(id(value))
        for item in value.values() if isinstance(value, dict) else value:
            containers(item, seen)
    else:
        assert value is None or isinstance(value, (bool, int, float, str)), f"not a JSON value: {value!r}"


@pytest.mark.parametrize(
    "game,players,options", MODES, ids=lambda x: getattr(x, "id", None) or (",".join(x) if isinstance(x, dict) else x)
)
def test_advance_gives_the_states_apply_gives(game, players, options):
    rand = random.Random(players)
    for seed in range(12):
        state, _ = game.start(game.make_setup(seed, ["random"] * players, options))
        fast = clone(state)
        assert fast == state
        while game.to_act(state) is not None:
            containers(state, set())
            legal = game.legal_actions(state)
            assert game.legal_for(fast) == legal
            action = rand.choice(legal)
            state, _ = game.apply(state, action)
            game.advance(fast, action)
            assert fast == state, f"advance and apply differ after {action.text!r} (seed {seed})"
            assert game.legal_for(fast) == game.legal_actions(state)
        with pytest.raises(IllegalAction, match="over"):
            game.advance(fast, Action("pass"))


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
def test_advance_refuses_an_illegal_action_and_leaves_the_state_alone(game):
    state, _ = game.start(game.make_setup(5, ["random"] * game.max_seats))
    before = game.save(state)
    with pytest.raises(IllegalAction):
        game.advance(state, Action("fly", (1,)))
    assert game.save(state) == before
