"""How often players choose alike (bench/agreement.py), and the trials a level's name may add in the
benchmarks (bench/ai_strength.py: "+model", "+paired")."""

import pytest

from conftest import bench_module, bench_only

pytestmark = bench_only("agreement.py")


@pytest.fixture(scope="module")
def agreement():
    yield from bench_module("agreement")


def test_a_player_agrees_with_itself_as_often_as_its_randomness_allows(agreement):
    found = agreement.agreement("levantine", 2, ["heuristic", "random", "easy"], 30, 40, 3)
    assert found["decisions"] == 30
    # the quick player does not draw its moves; random moves agree by chance alone; easy (a random
    # move one decision in four) in between
    assert found["itself"]["heuristic"] == 1.0
    assert found["itself"]["random"] < found["itself"]["easy"] < 1.0
    assert found["pairs"]["heuristic / random"] < found["pairs"]["heuristic / easy"] < 1.0


def test_a_levels_name_adds_the_trials_it_names_and_its_series_records_them(agreement):
    import ai_strength

    from outremer.games import get_game

    game = get_game("levantine")
    assert ai_strength.plain("normal+model+paired") == "normal"
    plain, trial = ai_strength.agent_named(game, "normal"), ai_strength.agent_named(game, "normal+paired")
    assert not plain.paired and not plain.model  # Levantine's normal: neither
    assert trial.paired and not trial.model and trial.iterations == plain.iterations
    assert ai_strength.agent_named(game, "normal+model").model
    recorded = ai_strength._check(game, "normal+paired", "normal")
    assert recorded["paired"] == ["normal+paired"] and recorded["model"] == []
    with pytest.raises(SystemExit, match=r"\+paired"):
        ai_strength._check(game, "heuristic+paired", "normal")
