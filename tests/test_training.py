"""The learned judgement's pipeline (bench/train.py): a round's data, resumable; its fit, written
as a weights file that loads as the shipped ones do; and the strength series naming the weights
each level played with. Tiny games (a searching level of 2 iterations) so that it runs in seconds."""

import json

import pytest

from conftest import bench_module, bench_only

pytestmark = bench_only("train.py")


@pytest.fixture(scope="module")
def train():
    yield from bench_module("train")


def test_a_round_plays_its_games_once_and_fits_a_weights_file(train, tmp_path):
    from outremer.ai.levantine import FEATURES, STAGES
    from outremer.games import get_game

    first = train.data("levantine", 1, 2, 11, "normal", 2, 2, {}, tmp_path)
    assert first["games"] == 2 and first["played_now"] == 2
    log = tmp_path / "levantine" / "round-1.jsonl"
    rows = [json.loads(line) for line in log.read_text().splitlines()]
    assert sorted(r["deal"] for r in rows) == [11, 12]
    for row in rows:
        assert row["rules_revision"] == get_game("levantine").rules_revision and row["weights"] == "shipped"
        assert sorted(row["payoff"]) == [0.0, 1.0]
        assert row["positions"], "every searched decision is a position"
        for stage, feats, seat, root in row["positions"]:
            assert 0 <= stage < STAGES and seat in (0, 1)
            assert len(feats) == 2 and all(len(f) == len(FEATURES) for f in feats)
            assert all(0 <= x <= 1 for x in root) and abs(sum(root) - 1) < 1e-9
    again = train.data("levantine", 1, 3, 11, "normal", 2, 2, {}, tmp_path)  # resumed: only the third deal
    assert again["games"] == 3 and again["played_now"] == 1
    with pytest.raises(SystemExit, match="another round's settings"):
        train.data("levantine", 1, 3, 99, "normal", 2, 2, {}, tmp_path)

    out = train.fit_round("levantine", 1, 0.5, tmp_path, min_positions=20)
    assert out["stages_learned"] >= 1
    path = tmp_path / "levantine" / "round-1.json"
    from outremer.ai.trained import read_file

    data = read_file(get_game("levantine"), str(path))  # checked as the shipped files are
    assert data["rules_revision"] == get_game("levantine").rules_revision
    assert data["training"]["games"] == 3 and data["training"]["seed"] == 11
    assert "--iterations 2" in data["training"]["command"]
    learned = [s for s in data["training"]["by_stage"] if not s["kept_previous"]]
    from outremer.ai.levantine import LOGIT

    assert all(data["weights"][s["stage"]] != list(LOGIT.weights[s["stage"]]) for s in learned)
    kept = [s for s in data["training"]["by_stage"] if s["kept_previous"]]
    assert all(data["weights"][s["stage"]] == [round(w, 4) for w in LOGIT.weights[s["stage"]]] for s in kept)

    # The next round plays with these weights, and says so.
    second = train.data("levantine", 2, 1, 21, "normal", 2, 2, {}, tmp_path)
    row = json.loads((tmp_path / "levantine" / "round-2.jsonl").read_text())
    assert second["games"] == 1 and row["weights"] == train.digest(str(path))
    with pytest.raises(SystemExit, match="fit round 2 first"):
        train.data("levantine", 3, 1, 31, "normal", 2, 2, {}, tmp_path)


def test_a_series_records_the_weights_file_each_level_plays_with(train, tmp_path):
    import ai_strength

    from outremer.games import get_game

    path = tmp_path / "w.json"
    from outremer.ai.trained import read_text

    path.write_text(read_text("levantine"))
    game = get_game("levantine")
    recorded = ai_strength._check(game, f"normal@{path}", "normal")
    assert recorded["weights"] == {f"normal@{path}": train.digest(str(path))}
    assert "weights" not in ai_strength._check(game, "normal", "heuristic")
    with pytest.raises(SystemExit, match="Only a searching level"):
        ai_strength._check(game, f"heuristic@{path}", "normal")


def test_a_series_records_a_level_tried_with_the_model_of_the_other_seats(train):
    """``normal+model`` is normal with the other seats moving inside its tree as their quick player
    would (``Search.model``): its rows say so, so a series of it never resumes as plain normal's."""
    import ai_strength

    from outremer.games import get_game

    game = get_game("third-crusade")
    assert ai_strength._check(game, "normal", "heuristic")["model"] == []
    tried = ai_strength._check(game, "normal+model", "heuristic")
    assert tried["model"] == ["normal+model"] and tried["budgets"] == {
        "normal+model": ai_strength.search_level(game, "normal").iterations
    }
    assert ai_strength.plain("hard+sight+model@w.json") == "hard"
    assert ai_strength.modelled("normal+model@w.json") and not ai_strength.modelled("normal@w.json")
    solo = ai_strength._check(game, "normal", "heuristic", 1)  # against the Bot, as the level plays there
    bot = ai_strength.search_level(game, "normal", "bot")
    assert solo["budgets"] == {"normal": bot.iterations} and solo["depth"] == {"normal": bot.depth}
    with pytest.raises(SystemExit, match="'\\+model'"):
        ai_strength._check(game, "heuristic+model", "normal")


def test_weights_ship_only_when_the_test_accepted_them(train, tmp_path):
    from outremer.ai.trained import read_text

    before = read_text("levantine")
    for verdict in ({"result": None, "text": "no decision at 2 pairs"}, {"result": "H0", "text": "H0 accepted"}):
        with pytest.raises(SystemExit, match="Not shipped: the test has not accepted H1"):
            train.ship("levantine", 1, {"sprt": verdict, "log": "x"}, tmp_path)
    assert read_text("levantine") == before


def test_a_series_cost_is_its_games_cpu_seconds_at_their_mean(train):
    """bench/series_cost.py: rows with their CPU seconds give the mean per game, and the whole
    series at that mean; a sample played again stands for rows that record none."""
    import ai_strength

    rows = [{"cpu_s": 10.0}, {"cpu_s": 20.0}, {}, {}]
    found = ai_strength.cost(rows)
    assert found["games_timed"] == 2 and found["cpu_s_per_game"] == 15.0
    assert found["hours_on_cores"]["2"] == round(60 / 2 / 3600, 2) and found["core_hours"] == round(60 / 3600, 2)
    many = [{}] * 7200
    assert ai_strength.cost(many) == {"games_timed": 0}
    sampled = ai_strength.cost(many, [30.0, 50.0])
    assert sampled["games_timed"] == 2 and sampled["core_hours"] == 80.0 and sampled["hours_on_cores"]["64"] == 1.25


@pytest.mark.parametrize(
    "game_id, players",
    [("levantine", 2), ("crusader-kingdoms", 4), ("lords-of-heaven", 2), ("third-crusade", 2)],
)
def test_every_game_trains_with_one_command_and_plays_with_the_weights_it_wrote(train, game_id, players, tmp_path):
    """Each game's round: its data, a weights file fitted from them, and a searching level whose
    estimate is that file's (weights of nothing but zeros: every seat's chance alike)."""
    from outremer.ai import heuristic_for
    from outremer.ai.trained import estimate_from_file, read_file
    from outremer.games import get_game

    game = get_game(game_id)
    assert train.data(game_id, 1, 1, 5, "normal", players, 2, {}, tmp_path)["games"] == 1
    assert train.fit_round(game_id, 1, 0.5, tmp_path, min_positions=1)["stages_learned"] >= 1
    path = tmp_path / game_id / "round-1.json"
    data = read_file(game, str(path))
    zero = tmp_path / "zero.json"
    zero.write_text(json.dumps({**data, "weights": [[0.0] * len(row) for row in data["weights"]]}))
    row = json.loads((tmp_path / game_id / "round-1.jsonl").read_text())
    state, _ = game.start(game.make_setup(5, ["normal"] * players))
    for _ in range(row["actions"] // 2):  # half-way through the game the data played
        game.advance(state, game.legal_for(state)[0])
        if game.to_act(state) is None:
            break
    shipped = heuristic_for(game)[1](game, state)
    even = estimate_from_file(game, str(zero))(game, state)
    assert max(shipped) - min(shipped) > 1e-6, "the shipped weights tell the seats apart here"
    assert max(even) - min(even) < 1e-9, "the file's weights, not the shipped ones, judge the state"
