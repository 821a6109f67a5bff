"""Lessons ("Learn to play"): a game's guided first turn, read from its ``data/lesson.toml``.

A lesson is a mode of the game, kept in the link like any game: its setup (seats, seed, options,
and the hidden ``lesson`` option set to the lesson's id) and the actions taken. The step the
learner is at follows from the number of actions taken since the start: step ``i`` with a ``do``
is the ``k``-th action of the match, where ``k`` counts the steps with a ``do`` before it.
Text-only steps (no ``do``) take no action: the text-only steps met before an action (or after
the last one) form its *group*, shown one after the other, and the page counts how many of
the group the learner has read (``read``, kept beside the code in the link). So the link holds
the whole lesson: the code says which group, ``read`` which step in it.

While a lesson runs (the option is set, the seats are the lesson's and not every scripted
action has been taken), only the script's action is taken: :func:`refuse` turns anything else
away with a sentence saying what the lesson asks, in the game's words (:meth:`Game.describe`),
and the computer seats do not move on their own: the scripted actions of the other seats are
played one at a time when the learner asks (:func:`scripted`). Once the last action is taken,
the game goes on as a normal game.

The API (stable: the lessons of every game and the bridge rely on it): :func:`lesson_for`,
:func:`parse`, :class:`Lesson` (``setup``, ``group``, ``expected``, ``position``, ``actions``),
:class:`Step`, :func:`running`, :func:`refuse`, :func:`scripted`, :func:`for_page`.
Standard library only (it runs in the browser).
"""

from __future__ import annotations

from dataclasses import dataclass
from dataclasses import field as dc_field
from importlib import resources
from typing import TYPE_CHECKING, Any

from .actions import Action
from .data import field, only_known, read_toml
from .errors import DataError, IllegalAction
from .game import CONTROLLERS, Game, Setup

if TYPE_CHECKING:
    from .match import Match

LESSON_FILE = "lesson.toml"
LESSON_OPTION = "lesson"
LEARNER = 0
"""The learner's seat: seat 0 in every lesson (the person; the others are scripted, then the
computer)."""
CONTINUE = ("computer", "hotseat")
"""How the game goes on after the last step: the other seats the computer, or people at this
table (the page offers both; ``continue`` names the one it leads with)."""

_TOP = ("id", "title", "blurb", "seats", "seed", "options", "step", "end")
_STEP = ("say", "do", "by", "show", "check")
_END = ("say", "continue")


@dataclass(frozen=True, slots=True)
class Step:
    """One step of a lesson: what the page says and highlights, and the action it takes (none
    for a text-only step), by which seat."""

    index: int
    say: str
    do: str | None
    by: int
    show: tuple[str, ...]
    check: dict[str, Any] = dc_field(default_factory=dict[str, Any])

    @property
    def action(self) -> Action | None:
        return None if self.do is None else Action.parse(self.do)


@dataclass(frozen=True, slots=True)
class Lesson:
    """A game's lesson, checked (see :func:`parse`)."""

    game: str
    id: str
    title: str
    blurb: str
    seats: tuple[str, ...]
    seed: int
    options: tuple[tuple[str, Any], ...]
    steps: tuple[Step, ...]
    end_say: str
    end_continue: str

    # -- setup ---------------------------------------------------------------------
    def setup(self, game: Game) -> Setup:
        """The lesson's setup: its seats, seed and options, with the lesson option set."""
        return game.make_setup(self.seed, self.seats, {**dict(self.options), LESSON_OPTION: self.id})

    def is_lesson(self, setup: Setup) -> bool:
        """Whether ``setup`` is this lesson's (the option set, the lesson's seats: a lesson
        continued with people in every seat is a normal game)."""
        return setup.option(LESSON_OPTION) == self.id and tuple(setup.seats) == self.seats

    # -- where the learner is --------------------------------------------------------
    @property
    def actions(self) -> int:
        """How many actions the script takes in all."""
        return sum(1 for s in self.steps if s.do is not None)

    def group(self, taken: int) -> list[Step]:
        """The steps shown while ``taken`` actions have been taken: the text-only steps before
        the next action, then the step that takes it (only text-only steps, maybe none, once
        every action is taken)."""
        out: list[Step] = []
        k = 0
        for step in self.steps:
            if k == taken:
                out.append(step)
            if step.do is not None:
                if k == taken:
                    return out
                k += 1
        return out

    def expected(self, taken: int) -> Step | None:
        """The step whose action is the next one, after ``taken`` actions (None once all are)."""
        group = self.group(taken)
        return group[-1] if group and group[-1].do is not None else None

    def position(self, taken: int, read: int = 0) -> int:
        """The index of the step shown after ``taken`` actions when ``read`` text-only steps of
        its group have been read; ``len(steps)`` once the lesson is over (the end's text)."""
        if taken > self.actions:
            return len(self.steps)
        group = self.group(taken)
        read = max(0, read)
        if read < len(group):
            return group[read].index
        if group and group[-1].do is not None:
            return group[-1].index
        return len(self.steps)


# -- reading and checking the file ------------------------------------------------------

def parse(game: Game, text: str, name: str = LESSON_FILE) -> Lesson:
    """The lesson in ``text`` (a ``lesson.toml``), checked: every field of the right type,
    the seats and options valid for ``game``. Each error is a :class:`DataError` naming the file,
    the step and the field. Whether each ``do`` is legal when its turn comes is for the lesson's
    test (it plays the script)."""
    data = read_toml("", name, text=text)
    only_known(name, data, _TOP)
    lesson_id = field(name, data, "id", str)
    if not lesson_id.strip():
        raise DataError(f"{name}: field 'id' must not be empty.")
    title = field(name, data, "title", str, "Learn to play")
    blurb = field(name, data, "blurb", str, "")
    seats = field(name, data, "seats", list)
    if not seats or not all(isinstance(s, str) for s in seats):
        raise DataError(f"{name}: field 'seats' must be a list of seat controllers.")
    for who in seats:
        if who not in CONTROLLERS:
            raise DataError(f"{name}: seat {who!r} is not one of {', '.join(CONTROLLERS)}.")
    if seats[LEARNER] != "human":
        raise DataError(f"{name}: seat {LEARNER} is the learner and must be 'human', not {seats[LEARNER]!r}.")
    if not game.min_seats <= len(seats) <= game.max_seats:
        raise DataError(f"{name}: {game.name} is played by {game.min_seats}–{game.max_seats} players, "
                        f"not {len(seats)}.")
    seed = field(name, data, "seed", int)
    options = field(name, data, "options", dict, {})
    if LESSON_OPTION in options:
        raise DataError(f"{name}: [options] must not set 'lesson': the lesson sets it itself.")
    ids = {o.id: o for o in game.options}
    if LESSON_OPTION not in ids or lesson_id not in ids[LESSON_OPTION].choices:
        raise DataError(f"{name}: {game.name} has no hidden option 'lesson' with the choice {lesson_id!r} "
                        "(append Option('lesson', ..., hidden=True) to its options).")
    for key, value in options.items():
        if key not in ids:
            raise DataError(f"{name}: [options]: {game.name} has no option {key!r}.")
        if value not in ids[key].choices:
            raise DataError(f"{name}: [options]: option {key!r} cannot be {value!r}.")
    raws = data.get("step")
    if not isinstance(raws, list) or not raws or not all(isinstance(r, dict) for r in raws):
        raise DataError(f"{name}: expected [[step]] tables.")
    steps = tuple(_step(name, i, raw, len(seats)) for i, raw in enumerate(raws))
    if not any(s.do is not None for s in steps):
        raise DataError(f"{name}: no step takes an action (a 'do').")
    end = field(name, data, "end", dict)
    only_known(f"{name}: [end]", end, _END)
    end_say = field(f"{name}: [end]", end, "say", str)
    end_continue = field(f"{name}: [end]", end, "continue", str, "computer", allowed=CONTINUE)
    return Lesson(game.id, lesson_id, title, blurb, tuple(seats), seed, tuple(sorted(options.items())),
                  steps, end_say.strip(), end_continue)


def _step(name: str, i: int, raw: dict[str, Any], seats: int) -> Step:
    where = f"{name}: step {i + 1}"
    only_known(where, raw, _STEP)
    say = field(where, raw, "say", str)
    if not say.strip():
        raise DataError(f"{where}: field 'say' must not be empty.")
    do = field(where, raw, "do", str, None)
    if do is not None:
        do = " ".join(do.split())
        if not do:
            raise DataError(f"{where}: field 'do' must not be empty (omit it for a text-only step).")
    by = field(where, raw, "by", int, LEARNER)
    if not 0 <= by < seats:
        raise DataError(f"{where}: field 'by' is {by}; the lesson has seats 0–{seats - 1}.")
    show = field(where, raw, "show", list)
    if not show or not all(isinstance(s, str) and s.strip() for s in show):
        raise DataError(f"{where}: field 'show' must be a non-empty list of CSS selectors (text).")
    check = field(where, raw, "check", dict, {})
    return Step(i, say.strip(), do, by, tuple(show), check)


_LOADED: dict[str, Lesson | None] = {}


def _package(game: Game) -> str:
    """The package of a game (``outremer.games.<game>``), where its ``data/`` lies."""
    return ".".join(type(game).__module__.split(".")[:3])


def lesson_for(game: Game) -> Lesson | None:
    """The game's lesson (``data/lesson.toml`` in its package), read and checked once; None if the
    game has none."""
    if game.id not in _LOADED:
        try:
            where = resources.files(_package(game)).joinpath("data").joinpath(LESSON_FILE)
            text = where.read_text(encoding="utf-8") if where.is_file() else None
        except (FileNotFoundError, ModuleNotFoundError):
            text = None
        _LOADED[game.id] = None if text is None else parse(game, text, f"{game.id}/{LESSON_FILE}")
    return _LOADED[game.id]


# -- a match under a lesson ----------------------------------------------------------------

def running(match: Match) -> Lesson | None:
    """The lesson ``match`` is playing, while some scripted action is still to be taken; else
    None (no lesson, a lesson continued with other seats, or a lesson played to its end)."""
    setup = match.setup
    if not setup.option(LESSON_OPTION):
        return None
    lesson = lesson_for(match.game)
    if lesson is None or not lesson.is_lesson(setup) or match.steps >= lesson.actions:
        return None
    return lesson


def _words(match: Match, step: Step) -> str:
    game, state, action = match.game, match.state, step.action
    try:
        if action is not None:
            return game.describe(state, action)
    except Exception:  # a script out of step with the rules still gets a readable answer
        pass
    return step.do or ""


def refuse(match: Match, action: Action, seat: int | None) -> None:
    """Raise :class:`IllegalAction` unless ``action``, by ``seat``, is what the running lesson
    asks now (nothing is refused when no lesson runs)."""
    lesson = running(match)
    if lesson is None:
        return
    step = lesson.expected(match.steps)
    if step is None:
        return
    if step.by != seat:
        seat_name = match.game.seat_labels(match.setup)[step.by]
        raise IllegalAction(f"In this lesson, the {seat_name} moves now: press Next to see "
                            f"“{_words(match, step)}”.")
    if action != step.action:
        raise IllegalAction(f"{step.say} In this lesson, take “{_words(match, step)}”.")


def scripted(match: Match) -> Action:
    """The scripted action of another seat that Next plays now; refused when the lesson does
    not wait for one (it is the learner's move, or no lesson runs)."""
    lesson = running(match)
    if lesson is None:
        raise IllegalAction("No lesson is under way: there is no scripted move to play.")
    step = lesson.expected(match.steps)
    if step is None or step.by == LEARNER:
        raise IllegalAction("It is your move in this lesson: take the highlighted action.")
    if match.to_act() != step.by or step.action not in match.legal_actions():
        raise IllegalAction(f"The lesson's step {step.index + 1} (“{step.do}”) cannot be played now: "
                            "its script is out of step with the rules.")
    return step.action


def for_page(match: Match, viewer: int | None) -> dict[str, Any] | None:
    """The lesson as the page shows it (in the snapshot): None when no lesson applies; else its
    steps awaiting the learner (``group``: text-only steps, then the one taking the next action),
    or, once every action is taken, the text-only steps left and the end. Only the script, which
    is public: nothing hidden."""
    setup = match.setup
    if not setup.option(LESSON_OPTION):
        return None
    lesson = lesson_for(match.game)
    if lesson is None or not lesson.is_lesson(setup) or match.steps > lesson.actions:
        return None
    taken = match.steps
    group = []
    for step in lesson.group(taken):
        mine = step.do is not None and step.by == viewer
        group.append({"index": step.index, "say": step.say, "show": list(step.show), "do": step.do,
                      "by": step.by, "label": _words(match, step) if step.do is not None else None,
                      "mine": mine, "next": not mine})
    finished = taken >= lesson.actions
    return {"id": lesson.id, "title": lesson.title, "count": len(lesson.steps), "learner": LEARNER,
            "group": group, "finished": finished,
            "end": {"say": lesson.end_say, "continue": lesson.end_continue} if finished else None}
