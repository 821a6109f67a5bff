"""Every game's lesson (data/lesson.toml, core.lesson): it loads, each step shows something, and
the script replays legally from its setup to its end, each `do` by the seat `by` at its step.
Games gain their lesson files one by one: every file that exists is walked."""

import pytest

from outremer.core import lesson as lessons
from outremer.core.actions import Action
from outremer.core.errors import DataError, IllegalAction
from outremer.core.match import Match
from outremer.games import all_games, get_game

WITH_LESSON = [g.id for g in all_games().values() if lessons.lesson_for(g) is not None]


def test_levantine_has_a_lesson():
    assert "levantine" in WITH_LESSON


@pytest.mark.parametrize("game_id", WITH_LESSON)
def test_every_step_says_something_and_shows_something(game_id):
    lesson = lessons.lesson_for(get_game(game_id))
    assert lesson.title and lesson.end_say and lesson.actions > 0
    for step in lesson.steps:
        assert step.say.strip()
        assert isinstance(step.show, tuple) and step.show
        assert all(isinstance(s, str) and s.strip() for s in step.show)


@pytest.mark.parametrize("game_id", WITH_LESSON)
def test_the_script_replays_legally_to_its_end(game_id):
    game = get_game(game_id)
    lesson = lessons.lesson_for(game)
    match = Match(game, lesson.setup(game))
    assert match.setup.option("lesson") == lesson.id and tuple(match.setup.seats) == lesson.seats
    for step in lesson.steps:
        if step.do is None:
            continue
        assert lessons.running(match) is lesson
        assert lesson.expected(match.steps) is step
        assert match.to_act() == step.by, f"step {step.index + 1}: seat {match.to_act()} is to act, not {step.by}"
        legal = [a.text for a in match.legal_actions()]
        assert step.do in legal, f"step {step.index + 1}: {step.do!r} is not among {legal}"
        if step.by != lessons.LEARNER:
            assert lessons.scripted(match) == step.action
        lessons.refuse(match, step.action, step.by)  # the script's own action passes
        match.play(step.do, step.by)
    assert match.steps == lesson.actions and lessons.running(match) is None
    assert match.to_act() is not None, "the game goes on after the lesson"
    page = lessons.for_page(match, lessons.LEARNER)
    assert page["finished"] and page["end"]["say"] == lesson.end_say


@pytest.mark.parametrize("game_id", WITH_LESSON)
def test_a_learner_action_other_than_the_scripts_is_refused_naming_it(game_id):
    game = get_game(game_id)
    lesson = lessons.lesson_for(game)
    match = Match(game, lesson.setup(game))
    for step in lesson.steps:
        if step.do is None:
            continue
        others = [a for a in match.legal_actions() if a.text != step.do]
        if step.by == lessons.LEARNER and others:
            with pytest.raises(IllegalAction, match="In this lesson"):
                lessons.refuse(match, others[0], step.by)
        if step.by != lessons.LEARNER:
            with pytest.raises(IllegalAction, match="press Next"):
                lessons.refuse(match, step.action, lessons.LEARNER)
        match.play(step.do, step.by)
    lessons.refuse(match, Action("anything"), 0)  # the lesson is over: nothing is refused


def test_levantine_lesson_positions_and_groups():
    game = get_game("levantine")
    lesson = lessons.lesson_for(game)
    first = lesson.group(0)
    assert [s.do for s in first] == [None, None, "play 0"]
    assert lesson.position(0) == 0 and lesson.position(0, 1) == 1 and lesson.position(0, 2) == 2
    assert lesson.position(0, 9) == 2  # read past the texts: the action's step
    assert lesson.position(1) == 3
    assert lesson.position(lesson.actions) == len(lesson.steps)
    assert lesson.expected(lesson.actions) is None


def test_levantine_lesson_teaches_a_conquest():
    """The deal of the lesson's seed gives what its texts say: the Battle 20 to 0, the Siege 11 to 2,
    one Territory Token taken (rules: Conquest Phase)."""
    game = get_game("levantine")
    lesson = lessons.lesson_for(game)
    match = Match(game, lesson.setup(game))
    checked = 0
    for step in lesson.steps:
        for key, value in step.check.items():  # the checkpoints: entries of Levantine's state
            assert match.state[key] == value, f"step {step.index + 1}: {key} is {match.state[key]!r}, not {value!r}"
            checked += 1
        if step.do:
            match.play(step.do, step.by)
    assert checked >= 4
    text = " ".join(line["text"] for line in match.log_for(0))
    assert "Crusader wins the Battle, 20 to 0" in text and "Crusader wins the Siege, 11 to 2" in text
    assert match.state["tt"] == [1, 2]


def _parse(text):
    return lessons.parse(get_game("levantine"), text, "lesson.toml")


GOOD = '''
id = "first-turn"
seats = ["human", "heuristic"]
seed = 1
[[step]]
say = "Hello."
do = "end"
show = [".x"]
[end]
say = "Bye."
'''


def test_a_sound_file_parses():
    lesson = _parse(GOOD)
    assert lesson.seed == 1 and lesson.steps[0].by == 0 and lesson.end_continue == "computer"


@pytest.mark.parametrize("change,message", [
    (lambda t: t.replace('seed = 1', 'seed = "1"'), "field 'seed' must be int"),
    (lambda t: t.replace('show = [".x"]', 'show = []'), "step 1: field 'show' must be a non-empty list"),
    (lambda t: t.replace('show = [".x"]', 'show = ".x"'), "step 1: field 'show' must be list"),
    (lambda t: t.replace('say = "Hello."', 'sai = "Hello."'), "step 1: unknown field 'sai'"),
    (lambda t: t.replace('["human", "heuristic"]', '["heuristic", "human"]'), "seat 0 is the learner"),
    (lambda t: t.replace('["human", "heuristic"]', '["human"]'), "played by 2–2 players"),
    (lambda t: t.replace('id = "first-turn"', 'id = "second"'), "no hidden option 'lesson' with the choice 'second'"),
    (lambda t: t.replace('do = "end"', 'by = 5'), "field 'by' is 5"),
    (lambda t: t.replace('do = "end"', ''), "no step takes an action"),
    (lambda t: t.replace('[end]\nsay = "Bye."', ''), "missing field 'end'"),
    (lambda t: t + 'continue = "later"\n', "field 'continue' is 'later'"),
    (lambda t: t.replace('seed = 1', 'seed = 1\n[options]\negypt = 3'), "option 'egypt' cannot be 3"),
    (lambda t: t.replace('seed = 1', 'seed = 1\n[options]\nlesson = "first-turn"'), "must not set 'lesson'"),
    (lambda t: t.replace('seed = 1', 'seed = 1 ='), "not valid TOML"),
])
def test_a_malformed_file_is_refused_with_a_clear_message(change, message):
    with pytest.raises(DataError, match=message.replace("(", r"\(").replace(")", r"\)")) as exc:
        _parse(change(GOOD))
    assert exc.value.message.startswith("lesson.toml")


def test_a_lessons_code_carries_its_hidden_option_and_other_codes_stay_as_they_were():
    """Share codes: format 1 for every game whose hidden options are at their defaults (the codes
    made before lessons existed open unchanged), format 2 for a lesson's, which writes them."""
    import base64

    from outremer.core import sharecode
    from outremer.games import game_by_code
    game = get_game("levantine")
    lesson = lessons.lesson_for(game)
    normal = Match(game, game.make_setup(lesson.seed, list(lesson.seats)))
    taught = Match(game, lesson.setup(game))
    for match in (normal, taught):
        match.play("play 0")
    raw = [base64.urlsafe_b64decode(code + "=" * (-len(code) % 4))
           for code in (sharecode.encode(normal), sharecode.encode(taught))]
    assert raw[0][0] == sharecode.FORMAT_VERSION and raw[1][0] == sharecode.FORMAT_HIDDEN
    assert len(raw[1]) == len(raw[0]) + 1  # one more number: the lesson option
    again = sharecode.decode(sharecode.encode(taught), game_by_code)
    assert again.setup == taught.setup and again.state == taught.state
    assert sharecode.decode(sharecode.encode(normal), game_by_code).setup.option("lesson") == ""
