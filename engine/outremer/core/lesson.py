"""Lessons ("Learn to play"): a game's guided first turn, read from its ``data/lesson.toml``.

A lesson is a mode of the game, kept in the link like any game: its setup (seats, seed, options,
and the hidden ``lesson`` option set to the lesson's id) and the actions taken. A step says one
short text and takes none, one or several actions (``do``: a text, or a list of texts, taken in
order while the step's text stays on show). The script's actions, step after step, are the
match's actions (:attr:`Lesson.moves`): after ``taken`` of them the next is ``moves[taken]``,
and the step holding it is the one on show. Text-only steps (no ``do``) take no action: the
text-only steps met before a step's first action (or after the last action) form its *group*,
shown one after the other, and the page counts how many of the group the learner has read
(``read``, kept beside the code in the link). So the link holds the whole lesson: the code says
which group (or, within a step of several actions, which of them is next), ``read`` which step
of the group.

While a lesson runs (the option is set, the seats are the lesson's and not every scripted
action has been taken), only the script's action is taken: :func:`refuse` turns anything else
away with a sentence saying what the lesson asks, in the game's words (:meth:`Game.describe`),
and the computer seats do not move on their own: the scripted actions of the other seats are
played one at a time when the learner asks (:func:`scripted`). Once the last action is taken,
the game goes on as a normal game.

The API (stable: the lessons of every game and the bridge rely on it): :func:`lesson_for`,
:func:`parse`, :class:`Lesson` (``setup``, ``group``, ``expected``, ``due``, ``moves``,
``position``, ``actions``), :class:`Step`, :class:`Move`, :func:`running`, :func:`refuse`,
:func:`scripted`, :func:`for_page`.
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
    """One step of a lesson: what the page says and highlights, and the actions it takes, in order
    (``dos``, none for a text-only step), each by its seat (``bys``). ``do``, ``by`` and
    ``action`` are its first action's (the only one, in a step taking one)."""

    index: int
    say: str
    dos: tuple[str, ...]
    bys: tuple[int, ...]
    show: tuple[str, ...]
    check: dict[str, Any] = dc_field(default_factory=dict[str, Any])

    @property
    def do(self) -> str | None:
        return self.dos[0] if self.dos else None

    @property
    def by(self) -> int:
        return self.bys[0] if self.bys else LEARNER

    @property
    def action(self) -> Action | None:
        return None if self.do is None else Action.parse(self.do)


@dataclass(frozen=True, slots=True)
class Move:
    """One scripted action: the ``part``-th (from 0) of step ``step``'s actions, ``do`` by
    seat ``by``."""

    step: Step
    part: int
    do: str
    by: int

    @property
    def action(self) -> Action:
        return Action.parse(self.do)

    @property
    def parts(self) -> int:
        """How many actions its step takes."""
        return len(self.step.dos)

    @property
    def first(self) -> bool:
        return self.part == 0


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
    def moves(self) -> tuple[Move, ...]:
        """The script's actions in order, step after step: the match's ``k``-th action is
        ``moves[k]``."""
        return tuple(
            Move(step, j, do, by)
            for step in self.steps
            for j, (do, by) in enumerate(zip(step.dos, step.bys, strict=True))
        )

    @property
    def actions(self) -> int:
        """How many actions the script takes in all."""
        return sum(len(s.dos) for s in self.steps)

    def due(self, taken: int) -> Move | None:
        """The scripted action to take after ``taken`` actions (None once all are)."""
        moves = self.moves
        return moves[taken] if 0 <= taken < len(moves) else None

    def group(self, taken: int) -> list[Step]:
        """The steps shown while ``taken`` actions have been taken: the text-only steps before
        the step holding the next action, then that step, when the next action is its first; that
        step alone when its earlier actions are taken; only text-only steps, maybe none, once
        every action is taken."""
        move = self.due(taken)
        if move is not None and not move.first:
            return [move.step]
        out: list[Step] = []
        k = 0
        for step in self.steps:
            if k == taken:
                out.append(step)
            if step.dos:
                if k == taken:
                    return out
                k += len(step.dos)
        return out

    def expected(self, taken: int) -> Step | None:
        """The step whose action is the next one, after ``taken`` actions (None once all are)."""
        move = self.due(taken)
        return None if move is None else move.step

    def position(self, taken: int, read: int = 0) -> int:
        """The index of the step shown after ``taken`` actions when ``read`` text-only steps of
        its group have been read; ``len(steps)`` once the lesson is over (the end's text)."""
        if taken > self.actions:
            return len(self.steps)
        group = self.group(taken)
        read = max(0, read)
        if read < len(group):
            return group[read].index
        if group and group[-1].dos:
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
        raise DataError(
            f"{name}: {game.name} is played by {game.min_seats}–{game.max_seats} players, not {len(seats)}."
        )
    seed = field(name, data, "seed", int)
    options = field(name, data, "options", dict, {})
    if LESSON_OPTION in options:
        raise DataError(f"{name}: [options] must not set 'lesson': the lesson sets it itself.")
    ids = {o.id: o for o in game.options}
    if LESSON_OPTION not in ids or lesson_id not in ids[LESSON_OPTION].choices:
        raise DataError(
            f"{name}: {game.name} has no hidden option 'lesson' with the choice {lesson_id!r} "
            "(append Option('lesson', ..., hidden=True) to its options)."
        )
    for key, value in options.items():
        if key not in ids:
            raise DataError(f"{name}: [options]: {game.name} has no option {key!r}.")
        if value not in ids[key].choices:
            raise DataError(f"{name}: [options]: option {key!r} cannot be {value!r}.")
    raws = data.get("step")
    if not isinstance(raws, list) or not raws or not all(isinstance(r, dict) for r in raws):
        raise DataError(f"{name}: expected [[step]] tables.")
    steps = tuple(_step(name, i, raw, len(seats)) for i, raw in enumerate(raws))
    if not any(s.dos for s in steps):
        raise DataError(f"{name}: no step takes an action (a 'do').")
    end = field(name, data, "end", dict)
    only_known(f"{name}: [end]", end, _END)
    end_say = field(f"{name}: [end]", end, "say", str)
    end_continue = field(f"{name}: [end]", end, "continue", str, "computer", allowed=CONTINUE)
    return Lesson(
        game.id,
        lesson_id,
        title,
        blurb,
        tuple(seats),
        seed,
        tuple(sorted(options.items())),
        steps,
        end_say.strip(),
        end_continue,
    )


def _step(name: str, i: int, raw: dict[str, Any], seats: int) -> Step:
    where = f"{name}: step {i + 1}"
    only_known(where, raw, _STEP)
    say = field(where, raw, "say", str)
    if not say.strip():
        raise DataError(f"{where}: field 'say' must not be empty.")
    dos = _dos(where, raw.get("do"))
    bys = _bys(where, raw.get("by", LEARNER), len(dos), seats)
    show = field(where, raw, "show", list)
    if not show or not all(isinstance(s, str) and s.strip() for s in show):
        raise DataError(f"{where}: field 'show' must be a non-empty list of CSS selectors (text).")
    check = field(where, raw, "check", dict, {})
    return Step(i, say.strip(), dos, bys, tuple(show), check)


def _dos(where: str, raw: Any) -> tuple[str, ...]:
    """A step's ``do``: absent (a text-only step), an action's text, or a non-empty list of them."""
    if raw is None:
        return ()
    if isinstance(raw, str):
        texts = [raw]
    elif isinstance(raw, list) and raw:
        texts = raw
    else:
        raise DataError(
            f"{where}: field 'do' must be an action's text or a non-empty list of them "
            f"(omit it for a text-only step), not {raw!r}."
        )
    out = []
    for n, text in enumerate(texts):
        at = "" if isinstance(raw, str) else f" (action {n + 1})"
        if not isinstance(text, str):
            raise DataError(f"{where}: field 'do'{at} must be an action's text, not {text!r}.")
        text = " ".join(text.split())
        if not text:
            raise DataError(f"{where}: field 'do'{at} must not be empty (omit it for a text-only step).")
        out.append(text)
    return tuple(out)


def _bys(where: str, raw: Any, count: int, seats: int) -> tuple[int, ...]:
    """A step's ``by``: one seat for all its actions, or a list of seats, one per action."""
    if isinstance(raw, list):
        if not count:
            raise DataError(f"{where}: field 'by' lists seats but the step takes no action ('do').")
        if len(raw) != count:
            raise DataError(
                f"{where}: field 'by' lists {len(raw)} seats for {count} actions in 'do' "
                "(one seat per action, or one number for all)."
            )
        bys = raw
    elif isinstance(raw, int) and not isinstance(raw, bool):
        bys = [raw] * count
        if not 0 <= raw < seats:
            raise DataError(f"{where}: field 'by' is {raw}; the lesson has seats 0–{seats - 1}.")
    else:
        raise DataError(f"{where}: field 'by' must be int (a seat) or a list of seats, not {raw!r}.")
    for by in bys:
        if not isinstance(by, int) or isinstance(by, bool) or not 0 <= by < seats:
            raise DataError(f"{where}: field 'by' is {by!r}; the lesson has seats 0–{seats - 1}.")
    return tuple(bys)


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


def _words(match: Match, move: Move | None) -> str:
    """The scripted action ``move``, as the game names it now (its text, if the game cannot)."""
    if move is None:
        return ""
    try:
        return match.game.describe(match.state, move.action)
    except Exception:  # a script out of step with the rules still gets a readable answer
        return move.do


def refuse(match: Match, action: Action, seat: int | None) -> None:
    """Raise :class:`IllegalAction` unless ``action``, by ``seat``, is what the running lesson
    asks now (nothing is refused when no lesson runs): the step's words and the action it waits
    for (in a step of several actions, the next of them)."""
    lesson = running(match)
    if lesson is None:
        return
    move = lesson.due(match.steps)
    if move is None:
        return
    if move.by != seat:  # its move is not named: it may be hidden from this seat (a face-down Order)
        seat_name = match.game.seat_labels(match.setup)[move.by]
        raise IllegalAction(f"In this lesson, the {seat_name} moves now: press Next to play its move.")
    if action != move.action:
        raise IllegalAction(f"{move.step.say} In this lesson, take “{_words(match, move)}”.")


def scripted(match: Match) -> Action:
    """The scripted action of another seat that Next plays now; refused when the lesson does
    not wait for one (it is the learner's move, or no lesson runs)."""
    lesson = running(match)
    if lesson is None:
        raise IllegalAction("No lesson is under way: there is no scripted move to play.")
    move = lesson.due(match.steps)
    if move is None or move.by == LEARNER:
        raise IllegalAction("It is your move in this lesson: take the highlighted action.")
    if match.to_act() != move.by or move.action not in match.legal_actions():
        raise IllegalAction(
            f"The lesson's step {move.step.index + 1} (“{move.do}”) cannot be played now: "
            "its script is out of step with the rules."
        )
    return move.action


def _run(move: Move) -> int:
    """How many actions of ``move``'s seat follow in its step from it on (itself included): what
    one Next plays when that seat is not the learner's."""
    bys = move.step.bys[move.part :]
    n = 0
    while n < len(bys) and bys[n] == move.by:
        n += 1
    return n


def for_page(match: Match, viewer: int | None) -> dict[str, Any] | None:
    """The lesson as the page shows it (in the snapshot): None when no lesson applies; else its
    steps awaiting the learner (``group``: text-only steps, then the one holding the next action,
    with that action: ``do``, ``by``, ``label``, its place in the step, ``part`` of ``parts``
    from 1, and ``run``, how many actions of that seat follow from it in the step), or, once
    every action is taken, the text-only steps left and the end. Another seat's scripted action
    is not given (no ``do``, no ``label``; ``waits`` says the step holds it): it may be hidden from
    ``viewer`` until played (a face-down Order, a card from a hand), and the table and the log
    show what is public of it once Next plays it. Nothing hidden."""
    setup = match.setup
    if not setup.option(LESSON_OPTION):
        return None
    lesson = lesson_for(match.game)
    if lesson is None or not lesson.is_lesson(setup) or match.steps > lesson.actions:
        return None
    taken = match.steps
    move = lesson.due(taken)
    group = []
    for step in lesson.group(taken):
        entry: dict[str, Any] = {
            "index": step.index,
            "say": step.say,
            "show": list(step.show),
            "do": None,
            "by": step.by,
            "label": None,
            "part": 0,
            "parts": len(step.dos),
            "run": 0,
            "mine": False,
            "next": True,
            "waits": False,
        }
        if move is not None and move.step is step:
            mine = move.by == viewer
            entry.update(
                {
                    "do": move.do if mine else None,
                    "by": move.by,
                    "label": _words(match, move) if mine else None,
                    "part": move.part + 1,
                    "run": _run(move),
                    "mine": mine,
                    "next": not mine,
                    "waits": True,
                }
            )
        group.append(entry)
    finished = taken >= lesson.actions
    return {
        "id": lesson.id,
        "title": lesson.title,
        "count": len(lesson.steps),
        "learner": LEARNER,
        "group": group,
        "finished": finished,
        "end": {"say": lesson.end_say, "continue": lesson.end_continue} if finished else None,
    }
