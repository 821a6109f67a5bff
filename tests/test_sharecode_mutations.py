"""A share code never fails open: altered codes from real games of every game and mode
decode to a game that round-trips, or are refused with BadShareCode and a message;
nothing else escapes the decoder. (bench/fuzz_codes.py runs 100,000 of the same.)"""

from __future__ import annotations

import json
import os
import random
import re
import sys

import pytest

from outremer import bridge, cli
from outremer.core import sharecode
from outremer.core.errors import BadShareCode
from outremer.games import game_by_code, get_game
from outremer.sim import play_out
from sharecode_mutations import KINDS, MODES, Fields, attempt, base_codes, mutations, signed, to_bytes, to_code

IN_PYODIDE = sys.platform == "emscripten" or os.environ.get("OUTREMER_PYODIDE") == "1"

SAMPLE = 800 if IN_PYODIDE else 4000
LEV = get_game("levantine")


@pytest.fixture(scope="module")
def bases():
    return base_codes(seeds=(7,))


@pytest.fixture(scope="module")
def code():
    return sharecode.encode(play_out(LEV, LEV.make_setup(77, ["heuristic", "random"])))


def refusal(text):
    with pytest.raises(BadShareCode) as caught:
        sharecode.decode(text, game_by_code)
    assert caught.value.message
    return caught.value


def test_the_real_codes_cover_every_game_and_mode(bases):
    assert {(b.mode.game, len(b.mode.seats)) for b in bases} == {
        ("levantine", 2),
        ("crusader-kingdoms", 1),
        ("crusader-kingdoms", 2),
        ("crusader-kingdoms", 3),
        ("crusader-kingdoms", 4),
    }
    assert {b.mode.options for b in bases if b.mode.game == "levantine"} == {(("egypt", False),), (("egypt", True),)}
    assert sum(b.complete for b in bases) == len(MODES)
    assert {b.steps for b in bases} >= {0, 1, 25}


def test_altered_codes_decode_to_a_game_or_fail_with_a_message(bases):
    rand = random.Random(2024)
    failures, verdicts = [], {kind: set() for kind in KINDS}
    for kind, base, text in mutations(rand, bases, SAMPLE):
        outcome = attempt(text)
        verdicts[kind].add(outcome.verdict)
        if outcome.verdict == "other":
            failures.append(f"{kind} on {base.label}: {outcome.message}: {text!r}")
        elif outcome.verdict == "rejected":
            if not re.fullmatch(r"[A-Z].*[.)]", outcome.message, re.S):
                failures.append(f"{kind}: not a sentence: {outcome.message!r}")
        elif not kind.startswith("signed") and outcome.own_code != base.code:
            failures.append(f"{kind}: a changed game got past the check: {text!r}")
    assert not failures, "\n".join(failures[:10])
    assert all("rejected" in seen for seen in verdicts.values())
    assert "accepted" in verdicts["signed: seed"]  # the replay is reached


def test_a_line_break_inside_a_code_is_named_not_a_crash(code):
    exc = refusal("AB\nCD")
    assert "a line break ('\\n') after character 2" in exc.message
    exc = refusal(code[:-1] + "\n" + code[-1])
    assert "line break" in exc.message and "one piece" in exc.message
    assert "a space (' ')" in refusal(code[:9] + " " + code[9:]).message
    assert "a tab ('\\t')" in refusal(code[:9] + "\t" + code[9:]).message


def test_a_line_break_around_a_code_is_ignored_but_not_one_inside_it(code):
    assert sharecode.encode(sharecode.decode(code + "\n", game_by_code)) == code
    assert sharecode.encode(sharecode.decode("\r\n#" + code + "\n", game_by_code)) == code
    assert "line break ('\\r')" in refusal(code + "\r" + "A").message


def test_a_line_break_written_as_in_a_link_is_named(code):
    exc = refusal(code[:10] + "%0A" + code[10:])
    assert "a line break written as '%0A' after character 10" in exc.message
    assert "written as '%0A' at its start" in refusal("%0A" + code).message
    assert "'%' (character 4)" in refusal("AQE%zz").message  # not an encoded blank: the % itself


def test_a_damaged_first_character_is_damage_not_another_format(code):
    for first in "BQ_-":
        exc = refusal(first + code[1:])
        assert "damaged" in exc.message and "format" not in exc.message


def test_a_sound_code_of_another_format_is_named_as_such(code):
    data = bytearray(to_bytes(code))
    data[0] = 3  # formats 1 and 2 are read (2: a lesson's code, with its hidden options)
    exc = refusal(signed(data[: -sharecode.CHECK_BYTES]))
    assert "format 3" in exc.message and "version that made it" in exc.message
    assert "damaged" not in exc.message
    unsigned = to_code(data)  # the same, its check not recomputed: damaged
    assert "damaged" in refusal(unsigned).message


def test_the_bridge_says_which_refusals_are_another_version(code):
    fields = Fields.of(code)
    fields.revision += 1
    for text, other_version in (
        ("AB\nCD", False),
        (code[:10] + "%0A" + code[10:], False),
        ("Q" + code[1:], False),
        (signed(fields.payload()), True),
    ):
        answer = json.loads(bridge.open_code(text, 0))
        assert answer["ok"] is False and answer["error"]["kind"] == "BadShareCode"
        assert answer["error"]["message"] and answer["error"]["other_version"] is other_version


def test_a_seed_too_large_is_refused_naming_it(code):
    fields = Fields.of(code)
    fields.seed = 1 << 64
    exc = refusal(signed(fields.payload()))
    assert str(1 << 64) in exc.message and "2^64 - 1" in exc.message
    fields.seed, fields.steps, fields.moves = (1 << 64) - 1, 0, b""  # the largest, at the start
    assert sharecode.decode(signed(fields.payload()), game_by_code).setup.seed == (1 << 64) - 1


def test_a_number_of_seats_the_game_cannot_have_is_refused_in_good_english(code):
    fields = Fields.of(code)
    fields.seats = [1, 2, 1]
    assert "names 3 seats, but Levantine is played by 2 players" in refusal(signed(fields.payload())).message
    fields.seats = [1]
    assert "names 1 seat, but Levantine is played by 2 players" in refusal(signed(fields.payload())).message
    ck = play_out(get_game("crusader-kingdoms"), get_game("crusader-kingdoms").make_setup(3, ["heuristic"]))
    fields = Fields.of(sharecode.encode(ck))
    fields.seats = [1] * 5
    assert "Crusader Kingdoms is played by 1–4 players" in refusal(signed(fields.payload())).message


def test_every_number_is_named_in_good_english_when_it_is_cut_or_overlong(code):
    fields = Fields.of(code)
    fields.seed = 1 << 40  # six bytes: a code cut after the seat count is not too short to read
    payload = fields.payload()
    empty = Fields(fields.version, fields.game, fields.revision, fields.seed, [], [], 0).payload()
    seats_at = len(empty) - 1  # where the seats begin: before the last byte, its number of actions
    exc = refusal(signed(payload[:seats_at]))
    assert exc.message.startswith("The code ends in the middle of a seat's player kind:")
    exc = refusal(signed(payload[:seats_at] + b"\xff" * 12 + payload[seats_at:]))
    assert exc.message == "The code is malformed: a seat's player kind is not a valid number."
    exc = refusal(signed(payload[: seats_at + 2]))
    assert exc.message.startswith("The code ends in the middle of the choice for option 'Strike at Egypt':")


def test_cli_decode_exits_2_with_a_clear_message_on_a_line_break(capsys):
    assert cli.main(["decode", "AB\nCD"]) == 2
    out = capsys.readouterr().out.strip().splitlines()
    assert len(out) == 1 and "line break" in out[0]
