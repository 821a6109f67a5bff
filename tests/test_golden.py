"""Golden games: the same setup and actions give the same game on CPython and in Pyodide.

Each entry pins a share code (setup + every action) and the SHA-256 of the final state
it replays to. When a rules change is meant to change games, regenerate with
``OUTREMER_REGEN_GOLDEN=1 pytest tests/test_golden.py`` and say why in the commit.
"""

import hashlib
import json
import os
from pathlib import Path

import pytest

from outremer.core import rng, sharecode
from outremer.games import game_by_code, get_game
from outremer.sim import play_out

GOLDEN = Path(__file__).parent / "golden" / "games.json"
CASES = [
    ("levantine", 2026, ["heuristic", "random"], {}),
    ("levantine", 1189, ["heuristic", "random"], {"egypt": True}),
    ("levantine", 1099, ["heuristic", "heuristic"], {}),
    ("levantine", 1192, ["heuristic", "heuristic"], {"quick": True}),
    ("crusader-kingdoms", 1147, ["heuristic"] * 4, {}),
    ("crusader-kingdoms", 1187, ["heuristic", "random", "heuristic"], {}),
    ("crusader-kingdoms", 1191, ["heuristic", "heuristic"], {}),
    ("crusader-kingdoms", 1097, ["heuristic"], {}),
    ("crusader-kingdoms", 1148, ["heuristic"] * 4, {"quick": True}),
]


def digest(game, state) -> str:
    return hashlib.sha256(game.save(state).encode()).hexdigest()


def produce():
    out = []
    for game_id, seed, seats, options in CASES:
        game = get_game(game_id)
        match = play_out(game, game.make_setup(seed, seats, options))
        out.append(
            {
                "game": game_id,
                "seed": seed,
                "seats": seats,
                "options": options,
                "steps": match.steps,
                "code": sharecode.encode(match),
                "final_state_sha256": digest(game, match.state),
                "result": match.result()["text"],
            }
        )
    return out


if os.environ.get("OUTREMER_REGEN_GOLDEN") == "1":  # pragma: no cover - maintenance switch
    GOLDEN.write_text(json.dumps(produce(), indent=2) + "\n")


def test_chance_is_pinned():
    """Seeded chance (core.rng) gives the same dice everywhere."""
    s = {"rng": rng.seed_state(42)}
    assert [rng.die(s) for _ in range(12)] == [6, 1, 2, 1, 3, 6, 6, 4, 5, 4, 4, 6]


@pytest.mark.parametrize("entry", json.loads(GOLDEN.read_text()), ids=lambda e: f"{e['game']}-{e['seed']}")
def test_golden_code_replays_to_the_pinned_state(entry):
    match = sharecode.decode(entry["code"], game_by_code)
    assert match.steps == entry["steps"]
    assert digest(match.game, match.state) == entry["final_state_sha256"]
    assert match.result()["text"] == entry["result"]


@pytest.mark.parametrize("entry", json.loads(GOLDEN.read_text()), ids=lambda e: f"{e['game']}-{e['seed']}")
def test_computer_players_replay_the_same_game(entry):
    game = get_game(entry["game"])
    match = play_out(game, game.make_setup(entry["seed"], entry["seats"], entry["options"]))
    assert sharecode.encode(match) == entry["code"]
