"""Every game's lesson (data/lesson.toml, core.lesson): it loads, each step shows something, and
the script replays legally from its setup to its end, each `do` by the seat `by` at its step (a
step may take several actions in a row, each legal in its turn). Games gain their lesson files one
by one: every file that exists is walked."""

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
    assert [(m.step.index, m.do) for m in lesson.moves] == [(s.index, d) for s in lesson.steps for d in s.dos]
    for move in lesson.moves:
        where = f"step {move.step.index + 1}, action {move.part + 1} of {move.parts}"
        assert lessons.running(match) is lesson
        assert lesson.due(match.steps) == move and lesson.expected(match.steps) is move.step
        assert lesson.position(match.steps, 99) == move.step.index, where
        assert match.to_act() == move.by, f"{where}: seat {match.to_act()} is to act, not {move.by}"
        legal = [a.text for a in match.legal_actions()]
        assert move.do in legal, f"{where}: {move.do!r} is not among {legal}"
        if move.by != lessons.LEARNER:
            assert lessons.scripted(match) == move.action
        lessons.refuse(match, move.action, move.by)  # the script's own action passes
        match.play(move.do, move.by)
    assert match.steps == lesson.actions and lessons.running(match) is None
    assert match.to_act() is not None, "the game goes on after the lesson"
    page = lessons.for_page(match, lessons.LEARNER)
    assert page["finished"] and page["end"]["say"] == lesson.end_say


@pytest.mark.parametrize("game_id", WITH_LESSON)
def test_a_learner_action_other_than_the_scripts_is_refused_naming_it(game_id):
    game = get_game(game_id)
    lesson = lessons.lesson_for(game)
    match = Match(game, lesson.setup(game))
    for move in lesson.moves:
        others = [a for a in match.legal_actions() if a.text != move.do]
        if move.by == lessons.LEARNER and others:
            with pytest.raises(IllegalAction, match="In this lesson") as refused:
                lessons.refuse(match, others[0], move.by)
            assert refused.value.message.startswith(move.step.say)
            assert game.describe(match.state, move.action) in refused.value.message
        if move.by != lessons.LEARNER:
            with pytest.raises(IllegalAction, match="press Next"):
                lessons.refuse(match, move.action, lessons.LEARNER)
        match.play(move.do, move.by)
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


GOOD = """
id = "first-turn"
seats = ["human", "heuristic"]
seed = 1
[[step]]
say = "Hello."
do = "end"
show = [".x"]
[end]
say = "Bye."
"""


def test_a_sound_file_parses():
    lesson = _parse(GOOD)
    assert lesson.seed == 1 and lesson.steps[0].by == 0 and lesson.end_continue == "computer"


def _levantine_actions(n):
    """The first ``n`` actions of Levantine's lesson, with their seats."""
    return [(m.do, m.by) for m in lessons.lesson_for(get_game("levantine")).moves[:n]]


def _grouped(actions, by=None):
    """A Levantine lesson of one text, then one step taking ``actions`` (its `by` as given, else
    each action's own seat), then a last step taking the next action."""
    lesson = lessons.lesson_for(get_game("levantine"))
    moves = lesson.moves
    dos = ", ".join(f'"{d}"' for d, _ in actions)
    bys = by if by is not None else "[" + ", ".join(str(b) for _, b in actions) + "]"
    last = moves[len(actions)]
    return _parse(f'''
id = "first-turn"
seats = ["human", "heuristic"]
seed = {lesson.seed}
[[step]]
say = "Welcome."
show = [".x"]
[[step]]
say = "Several moves in a row."
do = [{dos}]
by = {bys}
show = [".x"]
[[step]]
say = "One more."
do = "{last.do}"
by = {last.by}
show = [".x"]
[end]
say = "Bye."
''')


def test_a_grouped_steps_actions_are_legal_in_order_and_counted_as_one_step():
    actions = _levantine_actions(9)
    assert len({b for _, b in actions}) == 2, "the first moves of Levantine's lesson are by both seats"
    lesson = _grouped(actions)
    assert len(lesson.steps) == 3 and lesson.actions == 10
    step = lesson.steps[1]
    assert step.dos == tuple(d for d, _ in actions) and step.bys == tuple(b for _, b in actions)
    game = get_game("levantine")
    match = Match(game, lesson.setup(game))
    lessons._LOADED["levantine"], saved = lesson, lessons._LOADED["levantine"]
    try:
        for k, (do, by) in enumerate(actions):
            move = lesson.due(match.steps)
            assert (move.step, move.part, move.do, move.by) == (step, k, do, by)
            assert lesson.position(match.steps, 1) == 1  # the text read, the same step throughout
            page = lessons.for_page(match, 0)
            assert page["count"] == 3  # "Step k of n" counts texts, not actions
            shown = page["group"][-1]
            assert shown["index"] == 1 and shown["waits"] and (shown["part"], shown["parts"]) == (k + 1, 9)
            assert shown["do"] == (do if by == 0 else None)  # the other side's move is not named
            assert shown["mine"] == (by == 0) and [s["index"] for s in page["group"]] == ([0, 1] if k == 0 else [1])
            assert match.to_act() == by and do in [a.text for a in match.legal_actions()]
            match.play(do, by)
        assert lesson.position(match.steps) == 2 and lesson.due(match.steps).step is lesson.steps[2]
    finally:
        lessons._LOADED["levantine"] = saved


def test_a_wrong_action_within_a_group_is_refused_naming_the_next():
    actions = _levantine_actions(9)
    lesson = _grouped(actions)
    game = get_game("levantine")
    match = Match(game, lesson.setup(game))
    lessons._LOADED["levantine"], saved = lesson, lessons._LOADED["levantine"]
    refused_mine = refused_theirs = 0
    try:
        for do, by in actions:
            action = Action.parse(do)
            if by == 0:
                wrong = [a for a in match.legal_actions() if a.text != do]
                if wrong:
                    with pytest.raises(IllegalAction) as refused:
                        lessons.refuse(match, wrong[0], 0)
                    label = game.describe(match.state, action)
                    assert refused.value.message == f"Several moves in a row. In this lesson, take “{label}”."
                    refused_mine += 1
            else:  # the other side's move within the group: Next plays it
                with pytest.raises(IllegalAction) as refused:
                    lessons.refuse(match, action, 0)
                label = game.describe(match.state, action)
                # the other side's move is not named: it may be hidden from the learner
                assert refused.value.message == "In this lesson, the Muslim moves now: press Next to play its move."
                assert label not in refused.value.message
                refused_theirs += 1
                assert lessons.scripted(match) == action
            match.play(do, by)
        assert refused_mine >= 2 and refused_theirs == 2
    finally:
        lessons._LOADED["levantine"] = saved


def test_a_run_of_the_other_sides_actions_is_counted_for_next():
    actions = _levantine_actions(9)
    lesson = _grouped(actions)
    runs = [lessons._run(m) for m in lesson.moves[:9]]
    assert runs == [6, 5, 4, 3, 2, 1, 2, 1, 1]  # seats 0 0 0 0 0 0 1 1 0


@pytest.mark.parametrize(
    "change,message",
    [
        (lambda t: t.replace("seed = 1", 'seed = "1"'), "field 'seed' must be int"),
        (lambda t: t.replace('show = [".x"]', "show = []"), "step 1: field 'show' must be a non-empty list"),
        (lambda t: t.replace('show = [".x"]', 'show = ".x"'), "step 1: field 'show' must be list"),
        (lambda t: t.replace('say = "Hello."', 'sai = "Hello."'), "step 1: unknown field 'sai'"),
        (lambda t: t.replace('["human", "heuristic"]', '["heuristic", "human"]'), "seat 0 is the learner"),
        (lambda t: t.replace('["human", "heuristic"]', '["human"]'), "played by 2–2 players"),
        (
            lambda t: t.replace('id = "first-turn"', 'id = "second"'),
            "no hidden option 'lesson' with the choice 'second'",
        ),
        (lambda t: t.replace('do = "end"', "by = 5"), "field 'by' is 5"),
        (lambda t: t.replace('do = "end"', ""), "no step takes an action"),
        (lambda t: t.replace('[end]\nsay = "Bye."', ""), "missing field 'end'"),
        (lambda t: t + 'continue = "later"\n', "field 'continue' is 'later'"),
        (lambda t: t.replace("seed = 1", "seed = 1\n[options]\negypt = 3"), "option 'egypt' cannot be 3"),
        (lambda t: t.replace("seed = 1", 'seed = 1\n[options]\nlesson = "first-turn"'), "must not set 'lesson'"),
        (lambda t: t.replace("seed = 1", "seed = 1 ="), "not valid TOML"),
        (
            lambda t: t.replace('do = "end"', "do = []"),
            "step 1: field 'do' must be an action's text or a non-empty list",
        ),
        (
            lambda t: t.replace('do = "end"', 'do = ["end", 3]'),
            "step 1: field 'do' (action 2) must be an action's text, not 3",
        ),
        (lambda t: t.replace('do = "end"', 'do = ["end", "  "]'), "step 1: field 'do' (action 2) must not be empty"),
        (
            lambda t: t.replace('do = "end"', "do = 7"),
            "step 1: field 'do' must be an action's text or a non-empty list",
        ),
        (
            lambda t: t.replace('do = "end"', 'do = ["end", "end"]\nby = [0]'),
            "step 1: field 'by' lists 1 seats for 2 actions",
        ),
        (lambda t: t.replace('do = "end"', 'do = ["end", "end"]\nby = [0, 4]'), "step 1: field 'by' is 4"),
        (lambda t: t.replace('do = "end"', "by = [0]"), "step 1: field 'by' lists seats but the step takes no action"),
        (lambda t: t.replace('do = "end"', 'do = "end"\nby = "0"'), "step 1: field 'by' must be int"),
    ],
)
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
    raw = [
        base64.urlsafe_b64decode(code + "=" * (-len(code) % 4))
        for code in (sharecode.encode(normal), sharecode.encode(taught))
    ]
    assert raw[0][0] == sharecode.FORMAT_VERSION and raw[1][0] == sharecode.FORMAT_HIDDEN
    assert len(raw[1]) == len(raw[0]) + 1  # one more number: the lesson option
    again = sharecode.decode(sharecode.encode(taught), game_by_code)
    assert again.setup == taught.setup and again.state == taught.state
    assert sharecode.decode(sharecode.encode(normal), game_by_code).setup.option("lesson") == ""
