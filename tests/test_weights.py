"""The estimates' weights as data (outremer.ai.trained): each game's file is trained for the
game's current rules revision, fits its feature function, and is checked on load; the features it
weighs read nothing a seat cannot see."""

import importlib
import json
import random
import warnings

import pytest

from outremer.ai import agent_for, agent_random, decide
from outremer.ai.trained import StaleWeights, load, read_text
from outremer.core.errors import DataError
from outremer.games import get_game

GAMES = {"levantine": 2, "crusader-kingdoms": 4, "lords-of-heaven": 4, "third-crusade": 2}
"""The games whose estimate's weights are a data file, and a player count whose estimate they are."""


def ai_of(game_id):
    """The module of the game's estimate: its own ``<g>_estimate`` where it has one, else its AI's."""
    name = f"outremer.ai.{game_id.replace('-', '_')}"
    try:
        return importlib.import_module(f"{name}_estimate")
    except ModuleNotFoundError:
        return importlib.import_module(name)


RETRAIN = r"bench/(train|estimate_fit)\.py --game "
"""The command a refused or stale file's message names (Third Crusade's estimate is fitted again by
``bench/estimate_fit.py``, the others trained again by ``bench/train.py``)."""


def shipped(game_id):
    return json.loads(read_text(game_id))


@pytest.mark.parametrize("game_id", GAMES)
def test_each_weights_file_was_trained_for_the_games_current_rules(game_id):
    """A rules revision that changes the game leaves its weights stale: this fails until they are
    trained again (python bench/train.py --game G all) or the file's revision is raised by hand,
    with the reason in its training record."""
    data = shipped(game_id)
    assert data["game"] == game_id
    assert data["rules_revision"] == get_game(game_id).rules_revision, (
        f"outremer/ai/weights/{game_id.replace('-', '_')}.json was trained for rules revision "
        f"{data['rules_revision']}; train again: {data['training']['command']}"
    )
    ai = ai_of(game_id)
    assert data["features"] == list(ai.FEATURES)
    for key in ("command", "seed", "games", "level", "date"):
        assert key in data["training"], key


@pytest.mark.parametrize("game_id", GAMES)
def test_the_estimate_plays_with_the_files_weights(game_id):
    ai = ai_of(game_id)
    assert [list(row) for row in ai.LOGIT.weights] == shipped(game_id)["weights"]
    assert len(ai.FEATURES) == len(ai.features(_some_state(game_id), 0))


def _some_state(game_id):
    game = get_game(game_id)
    state, _ = game.start(game.make_setup(1, ["random"] * GAMES[game_id]))
    return state


def _tampered(game_id, change):
    data = shipped(game_id)
    change(data)
    return json.dumps(data)


def _load(game_id, text):
    ai = ai_of(game_id)
    return load(game_id, get_game(game_id).rules_revision, ai.FEATURES, ai.STAGES, text=text)


@pytest.mark.parametrize("game_id", GAMES)
def test_a_file_with_a_weight_too_few_is_refused_naming_the_file(game_id):
    stage = min(3, ai_of(game_id).STAGES - 1)
    text = _tampered(game_id, lambda d: d["weights"][stage].pop())
    with pytest.raises(
        DataError,
        match=rf"weights/{game_id.replace('-', '_')}\.json: stage {stage}: "
        rf"{len(ai_of(game_id).FEATURES)} weights expected",
    ):
        _load(game_id, text)


@pytest.mark.parametrize("game_id", GAMES)
def test_a_file_of_other_features_or_stages_is_refused_with_what_to_run(game_id):
    def rename(d):
        d["features"][0] = "something else"

    with pytest.raises(DataError, match=rf"do not match the game's feature function.*{RETRAIN}{game_id}"):
        _load(game_id, _tampered(game_id, rename))

    def drop_stage(d):
        d["weights"].pop()
        d["stages"] -= 1

    with pytest.raises(DataError, match=rf"{ai_of(game_id).STAGES} stages expected"):
        _load(game_id, _tampered(game_id, drop_stage))
    with pytest.raises(DataError, match="not valid JSON"):
        _load(game_id, "{")
    with pytest.raises(DataError, match="finite number"):
        _load(game_id, _tampered(game_id, lambda d: d["weights"][0].__setitem__(0, "1.0")))


@pytest.mark.parametrize("game_id", GAMES)
def test_a_file_of_another_rules_revision_warns_naming_the_file_and_the_command(game_id):
    """Decision (outremer/ai/trained.py): stale weights still play, so that the site keeps
    working, with a warning; the revision test above fails until they are trained again."""
    text = _tampered(game_id, lambda d: d.__setitem__("rules_revision", d["rules_revision"] - 1))
    with pytest.warns(StaleWeights, match=rf"\.json: trained for rules revision .*{RETRAIN}{game_id}"):
        weights = _load(game_id, text)
    assert [list(row) for row in weights] == shipped(game_id)["weights"]
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        _load(game_id, read_text(game_id))  # the shipped file: no warning


@pytest.mark.parametrize("game_id", GAMES)
def test_the_features_read_only_what_each_seat_sees(game_id):
    """The estimate is computed inside the search on states drawn from a seat's view, and the
    training data are positions so drawn: its stage and every seat's features are the same on
    any state the seat could be in as on the true one (they read nothing hidden)."""
    ai = ai_of(game_id)
    game = get_game(game_id)
    players = GAMES[game_id]
    for seed in range(2):
        state, _ = game.start(game.make_setup(seed, ["random"] * players))
        rand = random.Random(seed)
        step = 0
        while game.to_act(state) is not None:
            if step % 7 == 0:
                truth = (ai.stage(state), [tuple(ai.features(state, p)) for p in range(players)])
                for seat in range(players):
                    drawn = game.determinize(state, seat, random.Random(step * 10 + seat))
                    assert (ai.stage(drawn), [tuple(ai.features(drawn, p)) for p in range(players)]) == truth
            game.advance(state, rand.choice(game.legal_for(state)))
            step += 1


BEFORE = {  # the first actions of games played before the weights moved into data files (halved
    # weights change Levantine's, negated ones Crusader Kingdoms' and Lords of Heaven's)
    ("levantine", ("normal", "heuristic"), 7): [
        "play 27",
        "play 57",
        "allow",
        "play 87",
        "play 26",
        "play 88",
        "play 28",
        "play 62",
        "allow",
        "discard 17",
        "discard 18",
        "end",
        "play 33",
        "end",
        "play 120",
        "play 121",
        "play 130",
        "end",
        "end",
        "discard 107",
        "discard 111",
        "discard 119",
        "discard 126",
        "discard 96",
        "discard 39",
        "discard 45",
        "discard 46",
        "discard 6",
        "end",
        "play 84",
    ],
    ("crusader-kingdoms", ("normal", "heuristic", "heuristic"), 7): [
        "attack 6",
        "add 62",
        "add 55",
        "go",
        "done",
        "add 26 defence",
        "done",
        "bonus",
        "attack 14",
        "add 22",
        "add 9",
        "add 12",
        "go",
        "done",
        "add 69 defence",
        "done",
        "attack 6",
        "add 15",
        "add 16",
        "add 3",
        "add 7",
        "add 30",
        "add 28",
        "go",
        "done",
        "done",
        "attack 7",
        "add 61",
        "add 51",
        "add 43",
    ],
    ("lords-of-heaven", ("normal", "heuristic"), 7): [
        "pick 48",
        "pick 46",
        "pick 38",
        "pick 35",
        "pick 36",
        "pick 34",
        "play 38 0",
        "effect",
        "push 0 1",
        "push 1 1",
        "build 1 1",
        "play 34 0",
        "effect",
        "build 0 0",
    ],
}


@pytest.mark.parametrize("key", BEFORE, ids=lambda k: k[0])
def test_the_same_weights_play_the_same_moves(key):
    game_id, seats, seed = key
    game = get_game(game_id)
    state, _ = game.start(game.make_setup(seed, list(seats)))
    agents = [agent_for(game, kind) for kind in seats]
    played = []
    for step in range(len(BEFORE[key])):
        seat = game.to_act(state)
        action = decide(agents[seat], game, state, seat, agent_random(seed, step))
        played.append(str(action))
        game.advance(state, action)
    assert played == BEFORE[key]
