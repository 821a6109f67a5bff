"""Games played in sides (Game.teams): the result names the side that won and its Final Winner,
the payoff makes a seat play for its side first, the summary and the simulation report the
sides. Tested through Sealed Bids with partners (tests/sealed_bids.py)."""

from __future__ import annotations

import random

import pytest

from outremer.core.errors import BadSetup
from outremer.core.game import TEAM_SHARE
from outremer.sim import play_out, simulate
from sealed_bids import SealedBids

GAME = SealedBids()


def _finished(seed: int, partners: bool = True):
    state, _ = GAME.start(GAME.make_setup(seed, ["random"] * 4, {"partners": partners}))
    rand = random.Random(seed)
    while GAME.to_act(state) is not None:
        state, _ = GAME.apply(state, rand.choice(GAME.legal_for(state)))
    return state


def _seeds_with(pred, count=1):
    found = [s for s in range(200) if pred(_finished(s))]
    assert len(found) >= count
    return found[:count]


def test_a_game_without_sides_names_none():
    state = _finished(1, partners=False)
    assert GAME.teams(state) == []
    assert "teams" not in GAME.summary(state)
    winners = GAME.result(state)["winners"]
    assert GAME.payoff(state) == [1 / len(winners) if s in winners else 0.0 for s in range(4)]


def test_the_winning_side_scores_and_its_final_winner_most():
    seed = _seeds_with(lambda st: GAME.result(st)["team"] is not None and len(GAME.result(st)["winners"]) == 1)[0]
    state = _finished(seed)
    result = GAME.result(state)
    side_seats = GAME.teams(state)[result["team"]][1]
    final = result["winners"][0]
    partner = next(s for s in side_seats if s != final)
    payoff = GAME.payoff(state)
    assert payoff[final] == 1.0
    assert payoff[partner] == TEAM_SHARE
    assert all(payoff[s] == 0.0 for s in range(4) if s not in side_seats)


def test_partners_level_on_points_share_the_final_win():
    seed = _seeds_with(lambda st: GAME.result(st)["team"] is not None and len(GAME.result(st)["winners"]) == 2)[0]
    state = _finished(seed)
    payoff = GAME.payoff(state)
    for s in GAME.result(state)["winners"]:
        assert payoff[s] == TEAM_SHARE + (1 - TEAM_SHARE) / 2


def test_level_sides_score_nothing():
    state = _finished(1)
    state["scores"] = [1, 0, 0, 1]  # three rounds cannot end level: set the points by hand
    assert GAME.result(state)["team"] is None
    assert GAME.payoff(state) == [0.0] * 4
    assert not any(side["won"] for side in GAME.summary(state)["teams"])


def test_the_summary_lists_the_sides_and_which_won():
    state = _finished(_seeds_with(lambda st: GAME.result(st)["team"] is not None)[0])
    summary = GAME.summary(state)
    won = GAME.result(state)["team"]
    assert summary["teams"] == [
        {"name": name, "seats": list(seats), "won": i == won} for i, (name, seats) in enumerate(GAME.SIDES)
    ]


def test_the_simulation_reports_each_side():
    r = simulate(GAME, ["random"] * 4, 60, 1, {"partners": True})
    rates = r["team_win_rate"]
    assert set(rates) == {"North and South", "East and West"}
    counted = {"North and South": 0, "East and West": 0}
    for i in range(60):
        m = play_out(GAME, GAME.make_setup(1 + i, ["random"] * 4, {"partners": True}))
        team = m.result()["team"]
        if team is not None:
            counted[GAME.SIDES[team][0]] += 1
    assert rates == {k: v / 60 for k, v in counted.items()}


def test_partners_need_four_players():
    with pytest.raises(BadSetup):
        GAME.start(GAME.make_setup(1, ["random"] * 3, {"partners": True}))
