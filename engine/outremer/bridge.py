"""The one door between the engine and JavaScript: JSON strings in, JSON strings out.

Every function returns a JSON object with ``"ok": true`` and its data, or
``"ok": false`` with ``"error": {"kind", "message"}`` — never a traceback. A refused
share code (kind ``BadShareCode``) also says ``"other_version"``: true when the code is
sound but was written by another version of Outremer (another code format or rules
revision), false when it is damaged or malformed. A game is always named by its share
code; the last few matches are kept so that playing on from a code does not replay it.

Lessons (Learn to play; core/lesson.py, docs/lessons.md), a stable API: ``new_lesson(game)`` (or
``new_game`` with ``"lesson": true``) starts one; every snapshot carries ``"lesson"`` (None, or
``{id, title, count, learner, group: [{index, say, show, do, by, label, part, parts, run, mine,
next}], finished, end: {say, continue} | None}``: ``do`` the step's next action, the ``part``-th
of its ``parts``, ``run`` how many of that seat's follow in the step); ``lesson_next(code,
viewer)`` plays the other side's next scripted move (one; the page repeats it for a run);
``lesson_continue(code, "computer" | "hotseat", viewer)`` goes on after the end; the catalog's
games carry ``"lesson"`` ({id, title, blurb, steps} or None). While a lesson runs,
``act``, ``act_text`` and ``act_many`` take only the script's action and ``ai_step``/``ai_think``
are refused.
"""

from __future__ import annotations

import json
import secrets
import time
from collections import OrderedDict
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, cast

from . import __version__
from .ai import agent_for, agent_random, choose, sampler
from .core import lesson as lessons
from .core import sharecode
from .core.actions import Action
from .core.errors import BadSetup, BadShareCode, IllegalAction, OutremerError, ShareCodeFromOtherVersion
from .core.game import CONTROLLERS
from .core.match import Match
from .games import all_games, game_by_code, get_game

if TYPE_CHECKING:
    from .ai.search import SearchAgent

__all__ = [
    "catalog",
    "new_game",
    "new_lesson",
    "lesson_next",
    "lesson_continue",
    "open_code",
    "act",
    "act_many",
    "act_text",
    "ai_step",
    "ai_think",
    "undo",
    "at_step",
    "rewind",
]

MENU = ("human", "easy", "heuristic", "normal", "hard", "random")
"""The seat controllers a person chooses from, in the order of the menu."""

_CACHE: OrderedDict[str, Match] = OrderedDict()
_THINKING: dict[str, Any] = {}
"""The search under way, by the share code of the game it decides for (one at a time: asking
about another game drops it, so undo, a new game or leaving the table stops it)."""
_CACHE_SIZE = 16

_TIMES: dict[str, float] | None = None
"""Where the time of an answer goes (seconds by part), kept only while a benchmark asks for it
(:func:`timing`); off otherwise, so that no answer a seat sees says how long anything took."""


def timing(on: bool) -> None:
    """Time each answer by part (bench/site_bench.py click, bench/click_parts.py): its answer then
    carries ``"timing": {"engine_ms", "legal_ms", "view_ms"}`` (the action played with the share
    code written; the legal actions listed with their labels; the seat's view, log and the rest
    of the snapshot). Not in ``__all__``: the page's calls cannot reach it, only the worker's
    benchmark switch (``dispatch.set_timing``)."""
    global _TIMES
    _TIMES = {} if on else None


def _timed(part: str, start: float) -> None:
    """Add the time since ``start`` to ``part`` of the answer under way (when timing)."""
    if _TIMES is not None:
        _TIMES[part] = _TIMES.get(part, 0.0) + time.perf_counter() - start


def _answer(fn: Callable[..., dict]) -> Callable[..., str]:
    def wrapper(*args: Any) -> str:
        try:
            if _TIMES is not None:
                _TIMES.clear()
                start = time.perf_counter()
                data = fn(*args)
                total = time.perf_counter() - start
                legal, view = _TIMES.get("legal", 0.0), _TIMES.get("view", 0.0)
                data["timing"] = {
                    "engine_ms": round(1000 * (total - legal - view), 3),
                    "legal_ms": round(1000 * legal, 3),
                    "view_ms": round(1000 * view, 3),
                }
            else:
                data = fn(*args)
            return json.dumps({"ok": True, **data}, separators=(",", ":"))
        except OutremerError as exc:
            error: dict[str, Any] = {"kind": exc.kind, "message": exc.message}
            if isinstance(exc, BadShareCode):
                error["other_version"] = isinstance(exc, ShareCodeFromOtherVersion)
            return json.dumps({"ok": False, "error": error})
        except Exception as exc:  # a bug: still a readable answer, never a crash
            return json.dumps(
                {
                    "ok": False,
                    "error": {"kind": "InternalError", "message": f"The engine failed: {type(exc).__name__}: {exc}"},
                }
            )

    wrapper.__name__ = fn.__name__
    wrapper.__doc__ = fn.__doc__
    return wrapper


def _remember(match: Match) -> str:
    code = sharecode.encode(match)
    _CACHE[code] = match
    _CACHE.move_to_end(code)
    while len(_CACHE) > _CACHE_SIZE:
        _CACHE.popitem(last=False)
    return code


def forget() -> None:
    """Drop the games kept for speed (``_remember``), as if none had been played yet."""
    _CACHE.clear()
    _THINKING.clear()


def _on_site(game):
    """``game``, if the site plays it (a game still being built is refused with a message)."""
    if not game.on_site:
        raise BadSetup(f"{game.name} is not on the site yet: play it in the terminal (outremer play {game.id}).")
    return game


def _match(code: str) -> Match:
    match = _CACHE.get(code)
    if match is None:
        match = sharecode.decode(code, lambda number: (g := game_by_code(number)) and _on_site(g))
        _remember(match)
    else:
        _CACHE.move_to_end(code)
    return _copy(match)


def _copy(match: Match) -> Match:
    """A match that can be played on without changing the cached one."""
    new = Match.__new__(Match)
    new.game, new.setup = match.game, match.setup
    new.states, new.logs, new.actions = list(match.states), list(match.logs), list(match.actions)
    new.indices, new.counts, new.actors = list(match.indices), list(match.counts), list(match.actors)
    return new


def _viewer(match: Match, viewer: Any) -> int | None:
    if viewer is None:
        return None
    seats = len(match.setup.seats)
    if not isinstance(viewer, int) or not 0 <= viewer < seats:
        raise IllegalAction(f"There is no seat {viewer!r} in this game.")
    return viewer


def _shown_options(match: Match) -> dict:
    """The match's options, less a hidden one left at its default (not the players' choice: a
    lesson's option shows only in a lesson)."""
    hidden = {o.id: o.default for o in match.game.options if o.hidden}
    return {k: v for k, v in match.setup.options if k not in hidden or v != hidden[k]}


def snapshot(match: Match, viewer: int | None, step: int | None = None, code: str | None = None) -> dict:
    """What one seat sees of a match, now or at ``step`` (history: no actions offered then)."""
    begun = time.perf_counter()
    game = match.game
    now = step is None or step == match.steps
    step = match.steps if step is None else step
    state = match.state_at(step)
    to_act = game.to_act(state)
    legal = []
    if now and to_act is not None and viewer == to_act:
        legal = [
            {"index": i, "text": a.text, "label": game.describe(state, a)}
            for i, a in enumerate(game.legal_actions(state))
        ]
    _timed("legal", begun)
    begun = time.perf_counter()
    log = [
        dict(line, rule_title=game.rule_title(line["rule"]), rule_anchor=game.rule_anchor(line["rule"]))
        for line in match.log_for(viewer, step)
    ]
    since = match.last_moves(viewer, step) if viewer is not None else step
    marks = sorted({m for line in log if line["step"] > since for m in line.get("marks", ())})
    mine = bool(legal)
    seen = {
        "game": game.id,
        "code": code if code is not None else sharecode.encode(match),
        "viewer": viewer,
        "seats": list(match.setup.seats),
        "seat_names": game.seat_labels(match.setup),
        "options": _shown_options(match),
        "seed": match.setup.seed,
        "step": step,
        "steps": match.steps,
        "to_act": to_act,
        "to_act_kind": None if to_act is None else match.setup.seats[to_act],
        "view": game.view(state, viewer),
        "legal": legal,
        "log": log,
        "since": since,
        "marks": marks,
        "choose": game.multi_choice(state) if mine else None,
        "unplayable": {str(k): v for k, v in game.unplayable(state, viewer).items()}
        if mine and viewer is not None
        else {},
        "window": bool(legal) and game.in_window(state),
        "over": to_act is None,
        "result": game.result(state),
        "summary": game.summary(state) if to_act is None else None,
        "undo_to": match.undo_point(viewer) if (now and viewer is not None) else None,
        "lesson": lessons.for_page(match, viewer) if now else None,
    }
    _timed("view", begun)
    return seen


def _card_list(game) -> list:
    """A game's cards, kept as a list or as a dict by number."""
    cards = getattr(game, "cards", ())
    return list(cards.values()) if isinstance(cards, dict) else list(cards)


def _lesson_entry(game) -> dict | None:
    lesson = lessons.lesson_for(game)
    return (
        None
        if lesson is None
        else {"id": lesson.id, "title": lesson.title, "blurb": lesson.blurb, "steps": len(lesson.steps)}
    )


@_answer
def catalog() -> dict:
    """The games, their seats, options and the kinds of player a seat can have."""
    games = []
    for game in all_games().values():
        if not game.on_site:
            continue
        games.append(
            {
                "id": game.id,
                "name": game.name,
                "seat_names": list(game.seat_names),
                "min_seats": game.min_seats,
                "max_seats": game.max_seats,
                "options": [
                    {
                        "id": o.id,
                        "label": o.label,
                        "choices": list(o.choices),
                        "default": o.default,
                        "help": o.help,
                        "names": o.choice_names(),
                        "players": list(o.players),
                    }
                    for o in game.offered_options()
                ],
                "controllers": list(CONTROLLERS),
                "menu": [c for c in MENU if c in CONTROLLERS],
                "cards": [c.to_json() for c in _card_list(game)],
                "lesson": _lesson_entry(game),
            }
        )
    return {"version": __version__, "code_format": sharecode.FORMAT_VERSION, "games": games}


@_answer
def new_game(request: str) -> dict:
    """Start a game: ``{"game", "seats": [...], "options": {...}, "seed"?, "viewer"?}``."""
    try:
        req = json.loads(request)
    except ValueError:
        raise BadSetup("The new-game request is not valid JSON.") from None
    if not isinstance(req, dict):
        raise BadSetup("The new-game request must be a JSON object.")
    game = _on_site(get_game(req.get("game", "")))
    if req.get("lesson"):
        return _start_lesson(game)
    seed = req.get("seed")
    if seed is None or seed == "":
        seed = secrets.randbits(32)
    elif isinstance(seed, str):
        if not seed.strip().isdigit():
            raise BadSetup("The seed must be a whole number.")
        seed = int(seed)
    setup = game.make_setup(seed, req.get("seats") or ["human"] * game.min_seats, req.get("options") or {})
    match = Match(game, setup)
    code = _remember(match)
    return snapshot(match, _viewer(match, req.get("viewer")), code=code)


def _start_lesson(game) -> dict:
    lesson = lessons.lesson_for(game)
    if lesson is None:
        raise BadSetup(f"{game.name} has no lesson yet.")
    match = Match(game, lesson.setup(game))
    code = _remember(match)
    return snapshot(match, lessons.LEARNER, code=code)


@_answer
def new_lesson(game_id: str) -> dict:
    """Start a game's lesson (Learn to play): its setup, as its learner (seat 0) sees it. The
    snapshot's ``lesson`` says where the learner is (:func:`outremer.core.lesson.for_page`)."""
    return _start_lesson(_on_site(get_game(game_id if isinstance(game_id, str) else "")))


@_answer
def lesson_next(code: str, viewer: Any = 0) -> dict:
    """Next, in a lesson: the scripted action of another seat that the lesson waits for, played
    (one at a time); refused when it is the learner's move."""
    match = _match(code)
    seat = _viewer(match, viewer)
    action = lessons.scripted(match)
    match.play(action, match.to_act())
    return snapshot(match, seat, code=_remember(match))


@_answer
def lesson_continue(code: str, how: Any = "computer", viewer: Any = 0) -> dict:
    """The game of a finished lesson goes on as a normal game: ``"computer"`` keeps the lesson's
    seats (the others are the computer); ``"hotseat"`` gives every seat to people at this table
    (a new code: the same actions, other seats)."""
    match = _match(code)
    seat = _viewer(match, viewer)
    lesson = lessons.lesson_for(match.game)
    if lesson is None or not match.setup.option(lessons.LESSON_OPTION):
        raise IllegalAction("This game is not a lesson.")
    if lessons.running(match) is not None:
        raise IllegalAction("The lesson is not over yet: follow its steps to the end first.")
    if how == "computer":
        return snapshot(match, seat, code=_remember(match))
    if how != "hotseat":
        raise IllegalAction('Continue the game with "computer" or "hotseat".')
    setup = match.setup
    game = match.game
    new = Match(game, game.make_setup(setup.seed, ["human"] * len(setup.seats), dict(setup.options)))
    for index in match.indices:
        new.play_index(index)
    return snapshot(new, seat, code=_remember(new))


@_answer
def open_code(code: str, viewer: Any = None) -> dict:
    """The game a share code holds, as ``viewer`` sees it (a bad code: a clear error)."""
    match = _match(code)
    return snapshot(match, _viewer(match, viewer), code=sharecode.encode(match))


@_answer
def act(code: str, index: int, viewer: Any) -> dict:
    """``viewer`` takes legal action number ``index``; refused unless ``viewer`` is to act."""
    match = _match(code)
    seat = _viewer(match, viewer)
    actor = match.to_act()
    if actor is None:
        raise IllegalAction("The game is over: no more actions can be taken.")
    if match.setup.seats[actor] != "human":
        raise IllegalAction("It is a computer player's turn.")
    legal = match.legal_actions()
    if isinstance(index, int) and 0 <= index < len(legal):
        lessons.refuse(match, legal[index], seat)
    match.play_index(index, seat)
    return snapshot(match, seat, code=_remember(match))


@_answer
def act_many(code: str, texts: Any, viewer: Any) -> dict:
    """``viewer`` takes several actions in a row, named by their text forms: the choices of one
    multiple choice (:meth:`Game.multi_choice`), confirmed at once. All or none: if one is not
    legal when its turn comes, nothing is played."""
    match = _match(code)
    seat = _viewer(match, viewer)
    if not isinstance(texts, list) or not texts or not all(isinstance(t, str) for t in texts):
        raise IllegalAction('Send the actions as a list of their texts, such as ["discard 3", "discard 7"].')
    actor = match.to_act()
    if actor is None:
        raise IllegalAction("The game is over: no more actions can be taken.")
    if match.setup.seats[actor] != "human":
        raise IllegalAction("It is a computer player's turn.")
    for text in texts:
        if match.to_act() != seat:
            raise IllegalAction(f"“{text}” is not yours to play: it is not your move any more.")
        action = Action.parse(text)
        lessons.refuse(match, action, seat)
        match.play(action, seat)
    return snapshot(match, seat, code=_remember(match))


@_answer
def act_text(code: str, text: str, viewer: Any) -> dict:
    """Like :func:`act`, naming the action by its text form (``"play 12"``)."""
    match = _match(code)
    seat = _viewer(match, viewer)
    action = Action.parse(text)
    lessons.refuse(match, action, seat)
    match.play(action, seat)
    return snapshot(match, seat, code=_remember(match))


def _no_lesson(match: Match) -> None:
    """The computer does not move on its own while a lesson's script runs (Next plays its moves)."""
    if lessons.running(match) is not None:
        raise IllegalAction("In this lesson the other side's moves are scripted: press Next to play them.")


@_answer
def ai_step(code: str, viewer: Any = None) -> dict:
    """One action by the computer seat to act; the answer is shown as ``viewer`` sees it."""
    match = _match(code)
    seat = match.to_act()
    if seat is None:
        raise IllegalAction("The game is over: no more actions can be taken.")
    kind = match.setup.seats[seat]
    if kind == "human":
        raise IllegalAction(f"The {match.game.seat_labels(match.setup)[seat]} is played by a person.")
    _no_lesson(match)
    action = choose(match.game, match.state, seat, kind, match.setup.seed, match.steps)
    match.play(action)
    return snapshot(match, _viewer(match, viewer), code=_remember(match))


@_answer
def ai_think(code: str, viewer: Any = None, iterations: Any = 50) -> dict:
    """Part of the computer's decision: up to ``iterations`` more of a searching player's search
    (``{"thinking": true, "done", "of"}``), or, once it is decided (at once for the other
    players), the action played and the snapshot as ``viewer`` sees it (as :func:`ai_step`).
    The decision is the one ``ai_step`` makes, whatever the slices."""
    match = _match(code)
    seat = match.to_act()
    if seat is None:
        raise IllegalAction("The game is over: no more actions can be taken.")
    kind = match.setup.seats[seat]
    if kind == "human":
        raise IllegalAction(f"The {match.game.seat_labels(match.setup)[seat]} is played by a person.")
    _no_lesson(match)
    if not isinstance(iterations, int) or iterations < 1:
        raise IllegalAction("Think for at least one iteration.")
    agent = agent_for(match.game, kind)
    search = _THINKING.get(code)
    if search is None and getattr(agent, "needs_sample", False):
        _THINKING.clear()
        game, state = match.game, match.state
        search = _THINKING[code] = cast("SearchAgent", agent).decision(
            game,
            game.view(state, seat),
            game.legal_for(state),
            agent_random(match.setup.seed, match.steps),
            sampler(game, state, seat),
        )
    if search is not None:
        search.run(iterations)
        if not search.finished:
            return {"thinking": True, "done": search.done, "of": search.iterations}
        del _THINKING[code]
        action = search.best()
    else:
        action = choose(match.game, match.state, seat, kind, match.setup.seed, match.steps)
    match.play(action)
    return snapshot(match, _viewer(match, viewer), code=_remember(match))


@_answer
def undo(code: str, viewer: Any) -> dict:
    """Take back ``viewer``'s last decision, if nothing new was revealed since."""
    match = _match(code)
    seat = _viewer(match, viewer)
    if seat is None or not match.undo(seat):  # a spectator has nothing to take back
        raise IllegalAction(
            "Nothing to take back: new cards or dice have been seen since your last "
            "decision, or another player has acted."
        )
    return snapshot(match, seat, code=_remember(match))


@_answer
def at_step(code: str, step: int, viewer: Any = None) -> dict:
    """The game as it stood after ``step`` actions (for the history control)."""
    match = _match(code)
    return snapshot(match, _viewer(match, viewer), step=step, code=sharecode.encode(match))


@_answer
def rewind(code: str, step: int, viewer: Any = None) -> dict:
    """A new game code that continues from ``step`` (later actions are dropped)."""
    match = _match(code)
    match.truncate(step)
    return snapshot(match, _viewer(match, viewer), code=_remember(match))
