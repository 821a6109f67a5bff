"""The lesson (Learn to play): the rulebook's guided first round (p.24-29) played from the lesson's
setup (the hidden option ``lesson``, rulings TC120-TC122) by the script ``data/lesson.toml``.

Every step's action must be legal for its seat at that moment; every checkpoint holds (the tracks
as the text prints them, corrected by rulings TC22, TC60-TC62); the script plays exactly the
actions test_walkthrough.py replays and asserts number by number; after the round the game goes
on as a normal 2-player game, with the Objective Cards the text names and the Faith markers at 2."""

from __future__ import annotations

import random
import re
import tomllib
from functools import cache
from importlib import resources
from pathlib import Path

import pytest

from outremer.core import lesson as lessons
from outremer.core import sharecode
from outremer.core.actions import Action
from outremer.core.match import Match
from outremer.games import game_by_code, get_game
from outremer.games.third_crusade import plutorial
from outremer.games.third_crusade.cards import cards
from outremer.games.third_crusade.data import TRACKS
from outremer.games.third_crusade.events import events

from .test_walkthrough import upkeep_phase as walkthrough_round

GAME = get_game("third-crusade")
LESSON = lessons.lesson_for(GAME)
"""The lesson as the site reads it (core.lesson)."""
SCRIPT = tomllib.loads(
    resources.files("outremer.games.third_crusade").joinpath("data", "lesson.toml").read_text(encoding="utf-8")
)
"""The same file as plain TOML, for what the core leaves to the game (the checkpoints' names)."""
STEPS = SCRIPT["step"]
TRACK_NAMES = {"gold_track": "gold", "supply": "supply", "crowns": "crown", "base": "cp"}
"""The script's names of an Army's tracks, and the engine's (``data.TRACKS``)."""


def lesson_setup():
    return LESSON.setup(GAME)


def check(s, wanted: dict, where: str) -> None:
    """A checkpoint of the script: every value it names, as the game's state has it."""
    for key, value in wanted.items():
        if key in ("cp", "gold") or key in ("glory", "phase", "round"):
            assert s[key] == value, (where, key, s[key], value)
        elif key in s["armies"]:
            for name, n in value.items():
                have = s["tracks"][key][TRACKS.index(TRACK_NAMES[name])]
                assert have == n, (where, key, name, have, n)
        else:
            raise AssertionError(f"{where}: unknown checkpoint {key!r}")


@cache
def walk() -> tuple[list, list]:
    """The lesson played from its setup, step by step, as the site plays it: each action the one
    the core lesson expects at that point, which it lets through (the learner's) or plays on Next
    (the Ayyubid's); a step's checkpoint once its last action is taken; the states after each
    step, and the log."""
    match = Match(GAME, lesson_setup())
    states = []
    for i, step in enumerate(LESSON.steps):
        assert STEPS[i].get("say", "").strip() == step.say
        for move in (m for m in LESSON.moves if m.step is step):
            where = f"step {i + 1}, action {move.part + 1} of {move.parts} ({step.say[:40]!r})"
            assert lessons.running(match) is LESSON and LESSON.due(match.steps) == move, where
            assert LESSON.position(match.steps, 99) == i, where  # the texts before it read
            assert match.to_act() == move.by, (where, match.to_act())
            assert move.action in match.legal_actions(), (where, [a.text for a in match.legal_actions()][:12])
            if move.by != lessons.LEARNER:
                assert lessons.scripted(match) == move.action, where
            lessons.refuse(match, move.action, move.by)
            match.play(move.do, move.by)
        check(match.state, step.check, f"step {i + 1} ({step.say[:40]!r})")
        states.append(match.state)
    assert lessons.running(match) is None
    return states, [e for events in match.logs for e in events]


def test_the_script_is_well_formed():
    assert SCRIPT["id"] == LESSON.id == plutorial.plutorial().lesson == "first-round"
    assert len(LESSON.steps) == len(STEPS) and LESSON.end_continue == "computer"
    assert SCRIPT["seats"][0] == "human" and len(SCRIPT["seats"]) == 2
    assert set(SCRIPT["end"]) == {"say", "continue"} and SCRIPT["end"]["continue"] == "computer"
    # the guided round in 35-40 short texts, a step taking one action or several in a row
    assert 35 <= len(STEPS) <= 40, len(STEPS)
    for i, step in enumerate(STEPS):
        assert set(step) <= {"say", "do", "by", "show", "check"}, i
        assert "say" in step or "do" in step, i
        assert ("do" in step) == ("by" in step), i
        if isinstance(step.get("by"), list):
            assert isinstance(step["do"], list) and len(step["by"]) == len(step["do"]), i
        assert all(isinstance(sel, str) and sel for sel in step.get("show", [])), i
        assert len(step.get("say", "")) <= 280, (i, "keep each text short")
        assert len(re.findall(r"[.!?](?:\s|$)", step.get("say", ""))) <= 3, (i, "1-3 sentences")


def test_the_lesson_replays_legally_and_every_checkpoint_holds():
    states, log = walk()
    assert len(states) == len(STEPS)
    assert sum(1 for step in STEPS if "check" in step) >= 15
    # the learner is the Angevin, and clicks roughly half of the round's actions
    assert states[0]["armies"] == ["angevin", "ayyubid"]
    mine = sum(1 for move in LESSON.moves if move.by == 0)
    assert 40 <= mine <= 55, mine


def test_the_script_plays_the_walkthroughs_actions():
    """One round, told twice: the script's actions are the walkthrough's, in order, by the same
    seats (the walkthrough asserts every number the text prints along the way)."""
    script = [(move.by, move.do) for move in LESSON.moves]
    assert len(script) == LESSON.actions == 92
    assert script == walkthrough_round().played


def test_the_round_ends_and_the_game_goes_on_with_the_named_objectives_and_faith():
    """Rulings TC121, TC122: at the end of the round each player holds the Objective Card the
    text names (one each), the Faith markers stand at 2 and count from now on; 1191 Spring's
    Strategy phase begins, the Angevin laying out its cards first (sealed, seat order)."""
    states, log = walk()
    s = states[-1]
    assert s["round"] == 1 and s["phase"] == "strategy" and s["result"] is None
    assert s["objectives"] == {"angevin": ["damascus"], "ayyubid": ["sidon"]}
    assert "damascus" not in s["objective_deck"] and "sidon" not in s["objective_deck"]
    south = {o.key for o in cards().objectives if o.section == "south"}
    assert sorted(s["objective_deck"]) == sorted(south - {"damascus", "sidon"})
    assert s["faith"] == {"crusader": 2, "muslim": 2} and "plutorial" not in s
    assert GAME.view(s, 0)["faith"] == {"crusader": 2, "muslim": 2}
    assert GAME.view(s, 0)["players"][0]["objectives"] == ["damascus"]
    assert GAME.view(s, 0)["players"][1]["objectives"] is None  # the other's stays secret
    mine = [e.for_seat(0) for e in log if e.rule == "TC122"]
    assert "Angevin takes the Objective Card Damascus in secret" in mine[0]
    assert "Ayyubid takes an Objective Card in secret" in mine[1]
    assert any(e.rule == "TC121" and "Faith markers go on the board at 2" in e.text for e in log)
    assert GAME.to_act(s) == 0 and all(a.verb == "arrange" for a in GAME.legal_actions(s))


def test_in_the_round_faith_is_off_the_board():
    """Ruling TC121: no Faith marker in the lesson's round (the view shows none, nobody has the
    bonus, a gain moves nothing); the round's Battles go as printed (test_walkthrough.py)."""
    from outremer.games.third_crusade.state import faith_of, faith_words, gain_faith

    s, _ = GAME.start(lesson_setup())
    assert GAME.view(s, 0)["faith"] is None and s["plutorial"] is True
    assert faith_of(s, "angevin") == faith_of(s, "ayyubid") == 0
    before = dict(s["faith"])
    gain_faith(s, "angevin", 2)
    assert s["faith"] == before and "not on the board" in faith_words(s, "crusader")
    assert s["objectives"] == {"angevin": [], "ayyubid": []}


def test_the_game_goes_on_against_the_computer():
    """After the lesson: a normal 2-player game, the computer in the Ayyubid's seat; a few
    dozen actions of both seats, each legal, the share code of it all opening to the same game."""
    from outremer.ai import choose

    states, _ = walk()
    match = Match(GAME, lesson_setup())
    for move in LESSON.moves:
        match.play(Action.parse(move.do))
    assert match.state == states[-1]
    rand = random.Random(5)
    for _ in range(40):
        if match.to_act() is None:
            break
        legal = match.legal_actions()
        seat = match.to_act()
        move = choose(GAME, match.state, seat, "heuristic", 5, match.steps) if seat == 1 else rand.choice(legal)
        assert move in legal
        match.play(move)
    assert match.state["round"] >= 1 and match.state["objectives"]["angevin"] == ["damascus"]
    again = sharecode.decode(sharecode.encode(match), game_by_code)
    assert again.state == match.state and dict(again.setup.options)["lesson"] == "first-round"


def test_a_lesson_link_resumes_at_the_same_step():
    """The link holds the step: after any number of actions, the code opens on the same state and
    at the step holding the next action (the middle of a step of several included)."""
    match = Match(GAME, lesson_setup())
    for move in LESSON.moves:
        again = sharecode.decode(sharecode.encode(match), game_by_code)
        assert again.steps == match.steps and again.state == match.state
        assert lessons.running(again) is LESSON and LESSON.due(again.steps) == move
        if move.part:  # mid-step: that step, whatever the read counter says
            assert LESSON.position(again.steps) == LESSON.position(again.steps, 2) == move.step.index
        match.play(move.do, move.by)


# Links made under the lesson's first script (96 steps, one action each), mid-lesson: the code
# (the actions taken) and the action the step then on show took. The script's actions are the
# same in the same order, only grouped, so each opens on the step holding that action.
OLD_LINKS = [
    ("AgQIAQIAAgAAAAAAAAAAAAABLYC3TgIFyAeSHnXj5DW_OEqLXt0X", 45, "march desert_south_of_damascus g1.2.0.1"),
    ("AgQIAQIAAgAAAAAAAAAAAAABTYC3TgIFSAjYUjCvWDVUAdwiIbLr_2xjZwLgdoW3", 77, "bid 2"),
]


@pytest.mark.parametrize("code,taken,do", OLD_LINKS)
def test_a_link_made_under_the_first_script_opens_at_its_step(code, taken, do):
    import json

    from outremer import bridge

    answer = json.loads(bridge.open_code(code, 0))
    assert answer["ok"] and answer["steps"] == taken
    move = LESSON.due(taken)
    assert move.do == do
    page = answer["lesson"]
    assert [s["index"] for s in page["group"]] == [move.step.index]
    shown = page["group"][0]
    assert shown["by"] == move.by and shown["part"] == move.part + 1 and shown["parts"] == move.parts
    assert shown["do"] == (do if move.by == 0 else None)  # the Ayyubid's move is not named to the learner
    assert LESSON.position(taken, 0) == LESSON.position(taken, 3) == move.step.index


def test_every_step_of_the_first_script_maps_to_the_step_holding_its_action():
    """Under the first script the step on show after ``k`` actions (text read) took the ``k``-th
    action of the round (test_the_script_plays_the_walkthroughs_actions: the same actions); now
    the step on show is the one holding it."""
    for k, move in enumerate(LESSON.moves):
        assert LESSON.position(k, 9) == move.step.index
        group = LESSON.group(k)
        assert group[-1] is move.step and all(not s.dos for s in group[:-1])
        assert len(group) == 1 or move.part == 0


def test_the_option_is_hidden_and_appended_last():
    option = GAME.options[-1]
    assert option.id == "lesson" and option.hidden and option.choices == ("", "first-round")
    assert option.default == ""


@pytest.mark.parametrize(
    "players,options", [(3, {}), (4, {}), (2, {"crusader_army": "hre"}), (2, {"muslim_army": "turkoman"})]
)
def test_elsewhere_the_lesson_changes_nothing(players, options):
    """Ruling TC120: the lesson is the Angevin against the Ayyubid, 2 players."""
    plain, _ = GAME.start(GAME.make_setup(4, ["human"] * players, options))
    lesson, _ = GAME.start(GAME.make_setup(4, ["human"] * players, {**options, "lesson": "first-round"}))
    assert lesson == plain and "plutorial" not in lesson


def test_the_lesson_does_without_the_variable_setup():
    """Ruling TC120: the text follows the 2-player page, so the lesson ignores the variable setup."""
    s, _ = GAME.start(GAME.make_setup(4, ["human"] * 2, {"lesson": "first-round", "variable": True}))
    assert s["phase"] == "strategy" and s["plutorial"]
    assert s["strategy"]["drawn"] == {a: list(k) for a, k in plutorial.plutorial().drawn.items()}


# A code recorded before the lesson was added (rules revision 6, 2 players, the computer as the
# Ayyubid, seed 7, 120 random actions), with what it replayed to then.
EARLIER_CODE = "AQQGBwIAAgAAAAB49zEoOl9JLEaoKDqnDtE-MZ0JLA-IS0KJmSlil1v8EjguzOZAdAKIvs1A"


def test_a_link_made_before_the_lesson_still_opens_with_the_lesson_off():
    match = sharecode.decode(EARLIER_CODE, game_by_code)
    s = match.state
    assert match.steps == 120 and dict(match.setup.options)["lesson"] == ""
    assert (s["glory"], s["round"], s["phase"], s["gold"], s["cp"]) == (-7, 2, "planning", [0, 5], [8, 13])
    # Revision 7 (the solo game's options) writes the code anew; it opens on the same game.
    again = sharecode.decode(sharecode.encode(match), game_by_code)
    assert again.steps == 120 and again.state == s


def _rulebook() -> str | None:
    for parent in Path(__file__).resolve().parents:
        for candidate in (parent / "shared" / "rules" / "third-crusade.md",):
            if candidate.is_file():
                return candidate.read_text(encoding="utf-8")
    return None


def test_the_texts_are_our_own_words():
    """No run of 6 words of the rulebook in the lesson's texts, the cards' titles aside."""
    book = _rulebook()
    if book is None:
        pytest.skip("the rulebook's text is not available here")
    titles = sorted({e.title for e in events()}, key=len, reverse=True)

    def words(text: str) -> list[str]:
        text = text.replace("\u2019", "'")
        for title in titles:
            text = text.replace(title, " ")
        return re.findall(r"[a-z0-9']+", text.lower())

    bw = words(book)
    runs = {tuple(bw[i : i + 6]) for i in range(len(bw) - 5)}
    for step in STEPS + [SCRIPT["end"]]:
        w = words(step.get("say", ""))
        copied = [" ".join(w[i : i + 6]) for i in range(len(w) - 5) if tuple(w[i : i + 6]) in runs]
        assert not copied, copied


def test_hidden_cards_tell_nothing_in_the_lesson():
    """The lesson's round and the game after it, played at random from the lesson's setup: dealing
    anew what a seat cannot see (the other's Event Cards, Orders, and after the round its
    Objective) changes nothing it is shown, as in any game (test_harness.py)."""
    from test_harness import check_view_hides

    rand = random.Random(3)
    match = Match(GAME, GAME.make_setup(3, ["random"] * 2, {"lesson": "first-round"}))
    assert match.state["plutorial"]
    while match.to_act() is not None and match.state["round"] < 2:
        match.play(rand.choice(match.legal_actions()))
        if match.steps % 3 == 0:
            check_view_hides(GAME, match.state, rand, tries=2)
    assert "plutorial" not in match.state and all(len(o) == 1 for o in match.state["objectives"].values())


PLUTORIAL = (
    resources.files("outremer.games.third_crusade").joinpath("data", "plutorial.toml").read_text(encoding="utf-8")
)


@pytest.mark.parametrize(
    "old,new,message",
    [
        (
            'initiative = ["ayyubid", "angevin"]',
            'initiative = ["ayyubid", "hre"]',
            "initiative lists the Angevin and the Ayyubid",
        ),
        ('diplomacy = "bedouin_tribes"', 'diplomacy = "bedouins"', "diplomacy 'bedouins' is no Diplomacy Card"),
        ('mission = "ensure_supply"', 'mission = "supply"', "mission 'supply' is no Mission Card"),
        (
            '"henry_of_champagne"]',
            '"al_adils_victory"]',
            "drawn.angevin names 4 different Event Cards of the Angevin's 1190",
        ),
        (
            'ayyubid = "sidon"',
            'ayyubid = "antioch"',
            "objectives gives each Army a different Objective Card of the south",
        ),
        ("faith = 2", "faith = 7", "faith is a whole number from 0 to 5"),
        ("faith = 2", "faith = 2\ncolour = 1", "unknown field 'colour'"),
    ],
)
def test_a_mistake_in_the_lessons_setup_file_is_named(old, new, message):
    from outremer.core.data import DataError

    assert old in PLUTORIAL
    with pytest.raises(DataError, match="plutorial.toml: .*" + re.escape(message)):
        plutorial.parse(tomllib.loads(PLUTORIAL.replace(old, new, 1)))
