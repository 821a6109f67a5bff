"""The strength targets' report (bench/targets.py): each target is a series of levels that exist,
its sequential test bounded at its share, and its standing read from the series file as it is."""

import json
import math
from pathlib import Path

import pytest

from conftest import bench_module, bench_only

pytestmark = bench_only("targets.py")


@pytest.fixture(scope="module")
def targets():
    yield from bench_module("targets")


def elo(share: float) -> float:
    return 400 * math.log10(share / (1 - share))


def test_every_target_is_a_series_of_levels_that_exist_tested_at_its_share(targets):
    import ai_strength

    from outremer.games import get_game

    names = [t.name for t in targets.TARGETS]
    assert len(set(names)) == len(names) and len({t.log for t in targets.TARGETS}) == len(names)
    for t in targets.TARGETS:
        ai_strength._check(get_game(t.game), t.level, t.against, t.players)  # refuses an unknown level
        assert t.floor < t.share
        if t.players == 2:  # 60% against 55%
            assert abs(t.elo1 - elo(t.share)) < 1 and abs(t.elo0 - elo(t.share - 0.05)) < 1, t.name


def _series(targets, target, payoffs: list[float], folder: Path) -> None:
    import ai_strength

    from outremer.games import get_game

    recorded = ai_strength._check(get_game(target.game), target.level, target.against, target.players)
    with (folder / target.log).open("w") as out:
        for i, payoff in enumerate(payoffs):
            row = {
                "game": target.game,
                "level": target.level,
                "against": target.against,
                "players": target.players,
                "seed": target.seed,
                "i": i,
                "deal": target.seed + i // target.players,
                "me": i % target.players,
                "payoff": payoff,
                **recorded,
            }
            out.write(json.dumps(row) + "\n")


def test_a_targets_standing_is_read_from_its_series(targets, tmp_path):
    two = next(t for t in targets.TARGETS if t.name == "third-crusade-hard")
    four = next(t for t in targets.TARGETS if t.players == 4)
    assert targets.measure(two, 0, {}, tmp_path)["standing"] == "not played"

    _series(targets, two, [1.0, 0.0] * 10, tmp_path)  # every pair split: 50%
    found = targets.measure(two, 0, {}, tmp_path)
    assert (found["games"], found["share"], found["standing"]) == (20, 0.5, "not met yet")

    _series(targets, two, [1.0, 1.0, 1.0, 0.0] * 8 + [1.0, 0.0] * 4, tmp_path)  # 70% of 40
    found = targets.measure(two, 0, {}, tmp_path)
    assert (found["share"], found["sprt"]["result"]) == (0.7, None) and 0.5 < found["interval_95"][0] < 0.6
    assert found["standing"] == "met by the share, the interval's floor above 50%; not shown"

    _series(targets, two, [1.0] * 40, tmp_path)  # every game: the interval's floor above 60%
    found = targets.measure(two, 0, {}, tmp_path)
    assert found["interval_95"][0] >= 0.6 and found["standing"] == "shown"

    pairs = [[1.0, 1.0], [1.0, 0.0], [0.0, 1.0], [1.0, 0.0]] * 15  # 62.5% of 120: the test decides
    _series(targets, two, [payoff for pair in pairs for payoff in pair], tmp_path)
    found = targets.measure(two, 0, {}, tmp_path)
    assert found["sprt"]["result"] == "H1" and found["interval_95"][0] < 0.6 and found["standing"] == "shown"

    _series(targets, four, [1.0, 0.0, 0.0, 0.0] * 10, tmp_path)  # a fair share of 4-player games
    found = targets.measure(four, 0, {}, tmp_path)
    assert (found["share"], found["standing"]) == (0.25, "not met yet") and "sprt" not in found
