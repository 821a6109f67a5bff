"""A searching player's decision is the same whether it is made at once (``ai_step``, the terminal,
the benchmarks) or in slices by the page's worker (``ai_think``): the same depth and budget for
the view, against the Third Crusade Bot (p.19), where the levels search less and roll out shorter,
as between people."""

from __future__ import annotations

import json

import pytest

from outremer import ai, bridge
from outremer.ai import agent_for, agent_random, sampler
from outremer.games import get_game


def call(fn, *args):
    answer = json.loads(getattr(bridge, fn)(*args))
    assert answer["ok"], answer
    return answer


@pytest.fixture
def small(monkeypatch):
    """Budgets small enough for a test."""
    monkeypatch.setitem(ai.SEARCH_LEVELS, "normal", ai.Level(6))
    monkeypatch.setitem(ai.SEARCH_LEVELS, "hard", ai.Level(16, model=True))
    monkeypatch.setitem(
        ai.GAME_LEVELS,
        "third-crusade",
        {
            "normal": {"iterations": 6, "modes": {"bot": {"iterations": 5, "depth": 12}}},
            "hard": {"iterations": 16, "modes": {"bot": {"iterations": 10, "depth": 12}}},
        },
    )


def test_a_search_against_the_bot_plays_the_budget_and_depth_set_for_it(small):
    game = get_game("third-crusade")
    agent = agent_for(game, "hard")
    for seats, options, iterations, depth in (
        (["hard"], {"side": "crusader"}, 10, 12),
        (["hard", "human"], {}, 16, 24),
    ):
        state, _ = game.start(game.make_setup(5, seats, options))
        while (seat := game.to_act(state)) is None or len(game.legal_for(state)) < 2 or seats[seat] != "hard":
            state, _ = game.apply(state, game.legal_for(state)[0])
        search = agent.decision(
            game, game.view(state, seat), game.legal_for(state), agent_random(5, 0), sampler(game, state, seat)
        )
        assert (search.iterations, search.depth) == (iterations, depth), seats


@pytest.mark.parametrize(
    "game_id,seats,options",
    [
        ("third-crusade", ["hard"], {"side": "crusader"}),
        ("third-crusade", ["normal"], {"side": "muslim"}),
        ("levantine", ["normal", "hard"], {}),
    ],
    ids=["tc-solo-hard", "tc-solo-normal", "levantine"],
)
def test_the_decision_in_slices_is_the_decision_at_once(small, game_id, seats, options):
    started = call("new_game", json.dumps({"game": game_id, "seats": seats, "options": options, "seed": 11}))
    code, searched = started["code"], 0
    while searched < 3:
        match = bridge._match(code)
        seat = match.to_act()
        assert seat is not None
        game, state = match.game, match.state
        legal = game.legal_for(state)
        agent = agent_for(game, seats[seat])
        whole = agent.decision(
            game, game.view(state, seat), legal, agent_random(11, match.steps), sampler(game, state, seat)
        )
        at_once = call("ai_step", code)["code"]
        answer = call("ai_think", code, None, 4)
        if answer.get("thinking"):  # the search in slices is the search at once
            sliced = bridge._THINKING[code]
            assert (answer["of"], sliced.depth, sliced.bias) == (whole.iterations, whole.depth, whole.bias)
        slices = 1
        while answer.get("thinking"):
            answer, slices = call("ai_think", code, None, 4), slices + 1
        assert answer["code"] == at_once
        searched += len(legal) > 1 and slices > 1
        code = at_once
