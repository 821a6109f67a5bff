"""The fitted estimates a searching player's rollouts stop at (outremer.ai.estimate)."""

import importlib
import math
import random

import pytest

from outremer.ai import heuristic_for
from outremer.ai.estimate import chances, fit, log_likelihood
from outremer.games import get_game


def synthetic(weights, positions, seats, seed):
    """Positions whose results are drawn from the model with ``weights`` (one stage)."""
    rand = random.Random(seed)
    data = []
    for _ in range(positions):
        feats = [[rand.randint(0, 6), rand.randint(-2, 2), rand.random() < 0.5] for _ in range(seats)]
        p = chances(weights, feats)
        winner = rand.choices(range(seats), p)[0]
        data.append((0, feats, [1.0 if s == winner else 0.0 for s in range(seats)]))
    return data


@pytest.mark.parametrize("seats", [2, 4])
def test_fit_recovers_the_weights_that_made_the_results(seats):
    true = [0.6, -0.4, 1.0]
    data = synthetic(true, 4000, seats, seed=seats)
    w = fit(data, 3)
    assert all(abs(a - b) < 0.15 for a, b in zip(w, true, strict=True)), w
    # The fitted weights explain the results at least as well as the true ones, and far better
    # than knowing nothing.
    assert log_likelihood(data, w) >= log_likelihood(data, true) - 1e-9
    assert log_likelihood(data, w) > -math.log(seats) + 0.05


def test_a_feature_that_never_differs_between_seats_gets_no_weight():
    data = [(0, [[f[0], 5], [g[0], 5]], pay) for _, (f, g), pay in synthetic([0.8, 0.0], 1000, 2, seed=3)]
    w = fit(data, 2)
    assert abs(w[1]) < 1e-3 and abs(w[0] - 0.8) < 0.2


def test_shared_wins_count_for_each_winner():
    data = [(0, [[1], [0]], [0.5, 0.5])] * 50
    assert abs(fit(data, 1)[0]) < 1e-3


@pytest.mark.parametrize(
    "game_id,players",
    [
        ("levantine", 2),
        ("crusader-kingdoms", 4),
        ("crusader-kingdoms", 3),
        ("crusader-kingdoms", 1),
        ("lords-of-heaven", 4),
        ("lords-of-heaven", 2),
    ],
)
def test_each_game_estimate_is_a_share_of_the_payoff_at_every_stage(game_id, players):
    logit = importlib.import_module(f"outremer.ai.{game_id.replace('-', '_')}").LOGIT
    stages = set()
    for state, p in estimates_along(game_id, players, seeds=3):
        assert len(p) == players and all(0 < x < 1 for x in p)
        if players > 1:
            assert abs(sum(p) - 1) < 1e-9
            stages.add(logit.stage(state))
    assert players == 1 or stages == set(range(len(logit.weights))), stages


def estimates_along(game_id, players, seeds):
    """(state, the game's estimate of it) at every step of games between random players."""
    game = get_game(game_id)
    _, estimate, _ = heuristic_for(game)
    for seed in range(seeds):
        state, _ = game.start(game.make_setup(seed, ["random"] * players))
        rand = random.Random(seed)
        while game.to_act(state) is not None:
            yield state, estimate(game, state)
            game.advance(state, rand.choice(game.legal_for(state)))


@pytest.mark.parametrize("players", [2, 3, 4])
def test_third_crusade_estimate_is_each_alliance_chance_shared_as_the_payoff_is(players):
    """Third Crusade's estimate is fitted over the two Alliances (2 players); a seat expects its
    Alliance's chance, whole when alone in it, and 3/4 of it in a pair (Final Winner 1, partner
    1/2: ``Game.payoff``); the chances of the two Alliances add up to 1."""
    from outremer.games.third_crusade.data import ALLIANCE_OF
    from outremer.games.third_crusade.state import alone

    logit = importlib.import_module("outremer.ai.third_crusade_estimate").LOGIT
    stages = set()
    for state, p in estimates_along("third-crusade", players, seeds=2):
        chance = {}
        for army, x in zip(state["armies"], p, strict=True):
            side = ALLIANCE_OF[army]
            chance.setdefault(side, set()).add(round(x / (1.0 if alone(state, side) else 0.75), 9))
        assert len(p) == players and all(0 < x < 1 for x in p)
        assert all(len(v) == 1 for v in chance.values())
        assert abs(sum(v.pop() for v in chance.values()) - 1) < 1e-6
        stages.add(logit.stage(state))
    assert {0, 1} <= stages <= set(range(len(logit.weights)))


def test_third_crusade_estimate_counts_no_supply_lacking_for_a_bot():
    """The Bots do not use supply (p.19) and lose no Glory for it (the Upkeep's supply check is
    the people's): the estimate counts no supply lacking for a Bot Army, however many of its
    Units stand on the map, and counts it for the same Army in a game between people."""
    from outremer.ai.third_crusade_estimate import alliance_features
    from outremer.games.third_crusade.data import ALLIANCE_OF, TRACKS

    game = get_game("third-crusade")
    lacking = TRACKS.index("supply"), 2  # the supply track, and the feature's place
    for players, options in ((1, {"side": "crusader"}), (2, {})):
        state, _ = game.start(game.make_setup(2, ["heuristic"] * players, options))
        army = "ayyubid"
        state["tracks"][army][lacking[0]] = 0
        lack = alliance_features(state)[ALLIANCE_OF[army]][lacking[1]]
        assert (lack == 0) if players == 1 else (lack < 0)
