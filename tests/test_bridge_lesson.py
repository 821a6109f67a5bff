"""The bridge's lesson calls: start a lesson, follow it (the learner's clicks, Next for the other
side), wrong clicks refused with the lesson's words, the link holding the step, the game going
on after the end."""

import json

import pytest

from outremer import bridge
from outremer.core import lesson as lessons
from outremer.games import get_game

GAME = "levantine"


def call(fn, *args):
    return json.loads(getattr(bridge, fn)(*args))


def ok(fn, *args):
    answer = call(fn, *args)
    assert answer["ok"], answer
    return answer


@pytest.fixture
def lesson():
    return lessons.lesson_for(get_game(GAME))


def test_the_catalog_names_the_games_with_a_lesson_and_hides_the_option(lesson):
    games = {g["id"]: g for g in ok("catalog")["games"]}
    assert games[GAME]["lesson"] == {
        "id": lesson.id,
        "title": lesson.title,
        "blurb": lesson.blurb,
        "steps": len(lesson.steps),
    }
    assert "lesson" not in [o["id"] for o in games[GAME]["options"]]


def test_a_lesson_starts_from_its_setup_by_either_call(lesson):
    first = ok("new_lesson", GAME)
    again = ok("new_game", json.dumps({"game": GAME, "lesson": True}))
    assert first["code"] == again["code"]
    assert first["seed"] == lesson.seed and first["seats"] == list(lesson.seats)
    assert first["options"]["lesson"] == lesson.id and first["viewer"] == 0
    page = first["lesson"]
    assert page["count"] == len(lesson.steps) and not page["finished"] and page["end"] is None
    assert [s["index"] for s in page["group"]] == [0, 1, 2]
    assert page["group"][-1]["mine"] and page["group"][-1]["do"] == "play 0"
    assert page["group"][0]["next"] and page["group"][0]["do"] is None


def test_a_game_without_a_lesson_and_a_normal_game_say_so():
    assert ok("new_game", json.dumps({"game": GAME, "seats": ["human", "heuristic"]}))["lesson"] is None
    answer = call("new_lesson", "no-such-game")
    assert not answer["ok"] and answer["error"]["kind"] == "BadSetup"


def _walk(game_id, lesson):
    """The lesson followed through the bridge to its end, as the page does: the learner's click,
    Next for the other side; each answer's lesson checked against the script. The last answer."""
    snap = ok("new_lesson", game_id)
    code = snap["code"]
    for move in lesson.moves:
        step = move.step
        group = snap["lesson"]["group"]
        shown = group[-1]
        assert shown["index"] == step.index and shown["by"] == move.by and shown["waits"]
        # the other side's scripted action is not given: it may be hidden from the learner
        assert shown["do"] == (move.do if move.by == 0 else None)
        assert (shown["part"], shown["parts"]) == (move.part + 1, len(step.dos))
        assert len(group) == 1 or move.part == 0  # mid-step: that step alone, its texts read
        if move.by == 0:
            assert shown["mine"] and not shown["next"]
            legal = {a["text"]: a["index"] for a in snap["legal"]}
            wrong = [i for t, i in legal.items() if t != move.do]
            if wrong:
                refused = call("act", code, wrong[0], 0)
                assert not refused["ok"] and "In this lesson" in refused["error"]["message"]
                assert refused["error"]["message"].startswith(step.say)
                assert shown["label"] in refused["error"]["message"]
            nexted = call("lesson_next", code, 0)
            assert not nexted["ok"] and "your move" in nexted["error"]["message"]
            snap = ok("act", code, legal[move.do], 0)
        else:
            assert shown["next"] and not shown["mine"] and shown["run"] >= 1 and shown["label"] is None
            assert all(entry["do"] is None and entry["label"] is None for entry in group)
            thinking = call("ai_step", code, 0)
            assert not thinking["ok"] and "press Next" in thinking["error"]["message"]
            assert not call("ai_think", code, 0, 5)["ok"]
            snap = ok("lesson_next", code, 0)
        assert ok("open_code", snap["code"], 0)["lesson"] == snap["lesson"]  # the link holds the step
        code = snap["code"]
    return snap


def test_walking_the_lesson_through_the_bridge(lesson):
    snap = _walk(GAME, lesson)
    code = snap["code"]
    page = snap["lesson"]
    assert page["finished"] and page["end"]["say"] == lesson.end_say and page["group"] == []
    assert snap["to_act"] == 1 and snap["to_act_kind"] == "heuristic"
    going_on = ok("ai_step", code, 0)  # the computer answers once the lesson is over
    assert going_on["steps"] == lesson.actions + 1 and going_on["lesson"] is None
    hotseat = ok("lesson_continue", code, "hotseat", 0)
    assert hotseat["seats"] == ["human", "human"] and hotseat["lesson"] is None
    assert hotseat["steps"] == lesson.actions and hotseat["code"] != code
    assert ok("lesson_continue", code, "computer", 0)["code"] == code


def test_continuing_before_the_end_is_refused():
    code = ok("new_lesson", GAME)["code"]
    answer = call("lesson_continue", code, "hotseat", 0)
    assert not answer["ok"] and "not over yet" in answer["error"]["message"]


def test_act_text_and_act_many_are_held_to_the_script_too():
    code = ok("new_lesson", GAME)["code"]
    refused = call("act_text", code, "end", 0)
    assert not refused["ok"] and "Richard the Lionhearted" in refused["error"]["message"]
    refused = call("act_many", code, ["end"], 0)
    assert not refused["ok"] and "In this lesson" in refused["error"]["message"]
    assert ok("act_text", code, "play 0", 0)["lesson"]["group"][-1]["do"] == "play 19"


def test_a_lesson_of_grouped_steps_through_the_bridge():
    """Third Crusade's lesson takes several actions in most steps: the step stays on show while
    they are taken, one Next per action of the other side (the page plays a run of them on one
    press: ``run``), and "Step k of n" counts its texts."""
    lesson = lessons.lesson_for(get_game("third-crusade"))
    assert any(len(s.dos) > 1 for s in lesson.steps) and any(len(set(s.bys)) > 1 for s in lesson.steps)
    first = ok("new_lesson", "third-crusade")["lesson"]
    assert first["count"] == len(lesson.steps) < lesson.actions
    snap = _walk("third-crusade", lesson)
    assert snap["lesson"]["finished"] and snap["steps"] == lesson.actions
