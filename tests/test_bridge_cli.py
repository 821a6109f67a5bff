"""The JSON bridge (the one door to JavaScript) and the command line."""

import json
import subprocess
import sys

import pytest

from outremer import bridge, cli

IN_PYODIDE = sys.platform == "emscripten"


def call(fn, *args):
    answer = json.loads(fn(*args))
    assert isinstance(answer, dict) and "ok" in answer
    return answer


def new(seats=("human", "human"), seed=11, viewer=0, **options):
    return call(
        bridge.new_game,
        json.dumps({"game": "levantine", "seats": list(seats), "seed": seed, "options": options, "viewer": viewer}),
    )


def test_catalog_lists_levantine_with_its_cards():
    cat = call(bridge.catalog)
    lev = next(g for g in cat["games"] if g["id"] == "levantine")
    assert lev["seat_names"] == ["Crusader", "Muslim"]
    assert len(lev["cards"]) == 133 and lev["options"][0]["id"] == "egypt"


def test_a_person_sees_only_their_own_hand_and_their_own_actions():
    snap = new(viewer=0)
    assert snap["ok"] and snap["to_act"] == 0 and snap["legal"]
    assert snap["view"]["players"][0]["hand"] and snap["view"]["players"][1]["hand"] is None
    other = call(bridge.open_code, snap["code"], 1)
    assert other["legal"] == []  # the Muslim is not to act: no list of the Crusader's options
    assert other["view"]["players"][0]["hand"] is None
    assert all("draws 10 cards:" not in line["text"] for line in other["log"])


def test_act_moves_on_and_refuses_the_wrong_seat():
    snap = new(viewer=0)
    after = call(bridge.act, snap["code"], len(snap["legal"]) - 1, 0)  # end the Recruit Phase
    assert after["ok"] and after["steps"] == 1 and after["code"] != snap["code"]
    wrong = call(bridge.act, after["code"], 0, 0)
    assert not wrong["ok"] and wrong["error"]["kind"] == "IllegalAction"
    assert "not your turn" in wrong["error"]["message"]


def test_bad_codes_and_requests_come_back_as_clear_errors():
    for code in ("", "!!!", "AQEF", "AQEFAgACAAg7AWGhlsX"):
        answer = call(bridge.open_code, code, 0)
        assert not answer["ok"] and answer["error"]["kind"] == "BadShareCode"
        assert answer["error"]["message"]
    answer = call(bridge.new_game, "{not json")
    assert not answer["ok"] and answer["error"]["kind"] == "BadSetup"


def test_ai_step_history_undo_and_rewind():
    snap = new(seats=("human", "heuristic"), viewer=0)
    code = snap["code"]
    end = next(a["index"] for a in snap["legal"] if a["text"] == "end")
    code = call(bridge.act, code, end, 0)["code"]
    while True:
        snap = call(bridge.open_code, code, 0)
        if snap["to_act"] != 1:
            break
        snap = call(bridge.ai_step, code, 0)
        assert snap["ok"]
        code = snap["code"]
    past = call(bridge.at_step, code, 1, 0)
    assert past["step"] == 1 and past["legal"] == [] and past["steps"] == snap["steps"]
    rewound = call(bridge.rewind, code, 1, 0)
    assert rewound["steps"] == 1
    refused = call(bridge.ai_step, rewound["code"], 0)
    assert refused["ok"] or refused["error"]["kind"] == "IllegalAction"


def test_cli_decode_reports_and_fails_cleanly(capsys):
    snap = new()
    assert cli.main(["decode", snap["code"]]) == 0
    out = capsys.readouterr().out
    assert "Game: Levantine" in out and "Actions: 0" in out
    assert cli.main(["decode", snap["code"][:-2] + "zz"]) == 2
    out = capsys.readouterr().out.strip().splitlines()
    assert len(out) == 1 and "damaged" in out[0]


def test_cli_decode_takes_the_code_from_a_whole_address(capsys):
    snap = new()
    assert cli.main(["decode", f"https://outremer.example/play/#{snap['code']}"]) == 0
    assert "Game: Levantine" in capsys.readouterr().out
    assert cli.main(["decode", f"  http://127.0.0.1:8000/#{snap['code']}\n"]) == 0
    assert "Actions: 0" in capsys.readouterr().out
    assert cli.main(["decode", "https://outremer.example/play/"]) == 2
    out = capsys.readouterr().out
    assert "holds no game" in out and "contains ':'" not in out


def test_cli_simulate_json_has_the_promised_keys(capsys):
    assert (
        cli.main(["simulate", "levantine", "--games", "3", "--seats", "heuristic,random", "--seed", "4", "--json"]) == 0
    )
    report = json.loads(capsys.readouterr().out)
    for key in ("games", "wins", "mean_actions", "mean_code_chars", "max_code_chars", "games_per_second"):
        assert key in report
    assert report["games"] == 3 and sum(report["wins"].values()) == 3


def test_cli_simulate_takes_setup_options(capsys):
    """Lords of Heaven in 3 players with the faction that sits out, and in 2 with the pairing;
    a malformed or unknown option is refused with a message."""
    assert (
        cli.main(
            [
                "simulate",
                "lords-of-heaven",
                "--games",
                "2",
                "--seats",
                "heuristic,heuristic,heuristic",
                "--option",
                "absent=seljuk",
                "--json",
            ]
        )
        == 0
    )
    assert set(json.loads(capsys.readouterr().out)["wins"]) == {"Byzantines", "Crusaders", "Caliphate"}
    assert (
        cli.main(
            [
                "simulate",
                "lords-of-heaven",
                "--games",
                "2",
                "--seats",
                "heuristic,heuristic",
                "--option",
                "christians=byzantines",
                "--option",
                "muslims=caliphate",
                "--json",
            ]
        )
        == 0
    )
    assert set(json.loads(capsys.readouterr().out)["wins"]) == {"Byzantines", "Caliphate"}
    assert cli.main(["simulate", "lords-of-heaven", "--seats", "heuristic,heuristic", "--option", "absent"]) == 2
    assert "KEY=VALUE" in capsys.readouterr().err
    assert (
        cli.main(
            ["simulate", "lords-of-heaven", "--seats", "heuristic,heuristic,heuristic", "--option", "absent=franks"]
        )
        == 2
    )
    assert "cannot be 'franks'" in capsys.readouterr().err


def test_cli_simulate_takes_the_computers_levels(capsys, monkeypatch):
    from outremer import ai

    monkeypatch.setitem(ai.SEARCH_LEVELS, "normal", ai.Level(4))  # a whole game searched, in a moment
    assert (
        cli.main(
            [
                "simulate",
                "crusader-kingdoms",
                "--games",
                "1",
                "--seats",
                "normal,easy,heuristic",
                "--seed",
                "3",
                "--json",
            ]
        )
        == 0
    )
    report = json.loads(capsys.readouterr().out)
    assert report["seats"] == ["normal", "easy", "heuristic"] and sum(report["wins"].values()) == 1
    assert cli.main(["simulate", "levantine", "--games", "1", "--seats", "expert,heuristic"]) == 2
    assert "Unknown seat controller 'expert'" in capsys.readouterr().err


@pytest.mark.skipif(IN_PYODIDE, reason="no subprocesses inside Pyodide")
def test_cli_play_refuses_bad_entries_and_asks_again():
    entries = "zzz\n999\nplay 100000\nquit\n"
    run = subprocess.run(
        [sys.executable, "-m", "outremer.cli", "play", "levantine", "--seed", "5", "--seats", "human,heuristic"],
        input=entries,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert run.returncode == 0
    assert run.stdout.count("Refused:") == 3
    assert "Game code, to continue later:" in run.stdout


def test_a_game_not_yet_on_the_site_is_refused_with_a_message(monkeypatch):
    """A game whose table is still being built is played in the terminal only: the catalog leaves
    it out, and a new game or a share code for it gets a clear message. (Every game is on the site
    now: the test takes one off it for a moment.)"""
    from outremer.core import sharecode
    from outremer.core.match import Match
    from outremer.games import get_game

    game = get_game("lords-of-heaven")
    assert game.on_site
    code = sharecode.encode(Match(game, game.make_setup(3, ["human"] * 2)))
    monkeypatch.setattr(game, "on_site", False)
    bridge.forget()  # a game kept for speed would open without being decoded again
    assert "lords-of-heaven" not in [g["id"] for g in call(bridge.catalog)["games"]]
    answer = call(bridge.new_game, json.dumps({"game": "lords-of-heaven", "seats": ["human"] * 2}))
    assert not answer["ok"] and "not on the site yet" in answer["error"]["message"]
    answer = call(bridge.open_code, code, 0)
    assert not answer["ok"] and "not on the site yet" in answer["error"]["message"]
    monkeypatch.undo()
    assert "lords-of-heaven" in [g["id"] for g in call(bridge.catalog)["games"]]
    assert call(bridge.open_code, code, 0)["ok"]


@pytest.mark.skipif(IN_PYODIDE, reason="no subprocesses inside Pyodide")
@pytest.mark.parametrize("extra", [[], ["--json"]])
def test_the_cli_ends_quietly_when_its_reader_goes_away(extra):
    """``outremer simulate … | head``: the reader may close the pipe before the report is written.
    The command then stops without a traceback, with the status of a program a closed pipe
    stopped (128 + SIGPIPE), as ``yes | head`` does."""
    import os

    read_end, write_end = os.pipe()
    os.close(read_end)  # the reader has gone before the first line: every write meets a closed pipe
    try:
        run = subprocess.run(
            [
                sys.executable,
                "-m",
                "outremer.cli",
                "simulate",
                "crusader-kingdoms",
                "--games",
                "1",
                "--seats",
                "random,random",
                *extra,
            ],
            stdout=write_end,
            stderr=subprocess.PIPE,
            text=True,
            timeout=120,
        )
    finally:
        os.close(write_end)
    assert run.stderr == ""
    assert run.returncode == 141


def test_cli_options_with_numbers_for_choices(capsys):
    """Third Crusade alone against both Crusader Bots: ``bots=2`` is the choice 2, not the word."""
    assert (
        cli.main(
            [
                "simulate",
                "third-crusade",
                "--games",
                "1",
                "--seats",
                "random",
                "--seed",
                "3",
                "--option",
                "side=muslim",
                "--option",
                "bots=2",
                "--json",
            ]
        )
        == 0
    )
    assert set(json.loads(capsys.readouterr().out)["wins"]) == {"Ayyubid"}  # the one seat: the Ayyubid
    assert cli.main(["simulate", "third-crusade", "--seats", "random", "--option", "bots=3"]) == 2
    assert "cannot be '3'" in capsys.readouterr().err
