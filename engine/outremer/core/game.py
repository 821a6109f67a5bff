"""The interface every game implements.

A :class:`Game` is static: rules, data, seat names, options. A state is plain data
(a dict of JSON values) owned by one match. Legality has one source,
:meth:`Game.legal_actions`; :meth:`Game.apply` refuses everything else.
"""

from __future__ import annotations

import json
import marshal
from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, TypeVar

from . import rules
from .actions import Action
from .errors import BadSetup, BadState, IllegalAction

if TYPE_CHECKING:
    import random

State = dict[str, Any]
_Plain = TypeVar("_Plain", bound=dict[str, Any] | list[Any])

CONTROLLERS = ("human", "random", "heuristic", "easy", "normal", "hard")
"""Who may sit in a seat. The order is part of the share-code format: append only (a link's
seats keep their meaning: "heuristic" is the computer player of earlier versions)."""


TEAM_SHARE = 0.5
"""What a seat of the winning side scores in a game played in sides when it is not the Final
Winner (the Final Winner scores 1, a seat of the losing side 0): see Game.payoff."""


@dataclass(frozen=True, slots=True)
class Option:
    """A setup option with a fixed list of choices; the first choice is the default."""

    id: str
    label: str
    choices: tuple[Any, ...] = (False, True)
    help: str = ""
    tells: bool = False
    """True for an option whose non-default choices let a seat learn something hidden (the
    generic harness checks that nothing tells only when every such option is at its default)."""
    names: tuple[str, ...] = ()
    """What a player reads for each choice (the choices themselves, where empty)."""
    players: tuple[int, ...] = ()
    """The player counts the option concerns (every count, where empty)."""
    hidden: bool = False
    """An option the new-game form does not offer: a lesson (Learn to play) sets it, and a link
    keeps it like any other option."""

    def choice_names(self) -> list[str]:
        return list(self.names) if self.names else [str(c) for c in self.choices]

    @property
    def default(self) -> Any:
        return self.choices[0]


QUICK_RESPONSES = Option(
    "quick",
    "Quick responses (tells who holds one)",
    (False, True),
    "A response is offered only to a player holding a card that answers it: fewer questions, "
    "but everyone learns who holds one. By default every player it could concern is asked.",
    tells=True,
)
"""Response windows (a card played out of turn in answer to another) are by default offered to
every seat they could concern, whether or not it holds an answer, so that who is asked tells
nothing; this option asks only holders, for a quicker game between players who do not mind."""


def offer_window(state: State, holds: bool) -> bool:
    """Whether a response window that could concern a seat is offered to it (see QUICK_RESPONSES)."""
    return holds or not state.get("quick", False)


@dataclass(frozen=True, slots=True)
class Setup:
    """Everything a match starts from: the game, its seed, options and who sits in each seat."""

    game: str
    seed: int
    seats: tuple[str, ...]
    options: tuple[tuple[str, Any], ...] = ()

    def option(self, key: str, default: Any = None) -> Any:
        return dict(self.options).get(key, default)

    def to_json(self) -> dict[str, Any]:
        return {"game": self.game, "seed": self.seed, "seats": list(self.seats), "options": dict(self.options)}


@dataclass(slots=True)
class Event:
    """One line of the log, in words a player understands, naming the rule that applied.

    ``private`` is the seat allowed to read ``text``, or a tuple of the seats allowed (partners
    who see each other's cards); everyone else reads ``public`` (or nothing when ``public`` is
    None).

    ``marks`` name what the line is about on the table, for the table to mark as the last move
    (``"area:5"``, ``"card:12"``): only things every seat can see there, and only with a line
    every seat reads.
    """

    text: str
    rule: str = ""
    private: int | tuple[int, ...] | None = None
    public: str | None = None
    marks: tuple[str, ...] = ()

    def for_seat(self, seat: int | None) -> str | None:
        private = self.private
        if private is None or private == seat or (isinstance(private, tuple) and seat in private):
            return self.text
        return self.public


class Game:
    """Base class of every game. Subclasses fill in the rules."""

    _legal_memo: tuple[State, list[Action]] | None
    """The last state :meth:`legal_for` was asked about, and its answer (set on first use)."""

    id: str = ""
    name: str = ""
    code_id: int = 0
    """Stable number of the game inside share codes (never reused)."""
    seat_names: tuple[str, ...] = ()
    min_seats: int = 2
    max_seats: int = 2
    options: tuple[Option, ...] = ()
    format_version: int = 1
    """Version of this game's saved-state format."""
    rules_revision: int = 1
    """Raised whenever a change to the rules changes the legal actions of some moment: share
    codes store actions by their index, so a code replays only under its own revision."""
    earlier_revisions: dict[int, dict[str, Any]] = {}
    """Earlier revisions whose codes still replay exactly under today's rules with some options
    set (options added since, so absent from those codes): {revision: {option id: value}}."""

    @classmethod
    def offered_options(cls) -> tuple[Option, ...]:
        """The options a player chooses (the new-game form, the rules page): all but the hidden
        ones, which a lesson sets."""
        return tuple(o for o in cls.options if not o.hidden)

    def earlier_revision(self, revision: int, seats: int) -> dict[str, Any] | None:
        """How a code recorded under an earlier ``revision`` with ``seats`` players replays under
        today's rules: the options to set (see ``earlier_revisions``), or None if it cannot. A
        game whose change touched only some player counts overrides this."""
        fixed = self.earlier_revisions.get(revision)
        return dict(fixed) if fixed else None

    def replays_earlier(self, revision: int, seats: int, options: dict[str, Any]) -> bool:
        """Whether a code of an earlier ``revision`` that :meth:`earlier_revision` lets through
        replays exactly with the ``options`` it holds. A game whose change touched only some
        choices of its options overrides this."""
        return True

    # -- setup ---------------------------------------------------------------
    def make_setup(self, seed: int, seats: tuple[str, ...] | list[str], options: dict[str, Any] | None = None) -> Setup:
        """A validated :class:`Setup`, with every option present (defaults filled in)."""
        seats = tuple(seats)
        if not self.min_seats <= len(seats) <= self.max_seats:
            raise BadSetup(f"{self.name} is played by {self.min_seats}–{self.max_seats} players, not {len(seats)}.")
        for who in seats:
            if who not in CONTROLLERS:
                raise BadSetup(f"Unknown seat controller {who!r}: choose one of {', '.join(CONTROLLERS)}.")
        if not isinstance(seed, int) or seed < 0 or seed >= 1 << 64:
            raise BadSetup("The seed must be a whole number from 0 to 2^64 - 1.")
        given = dict(options or {})
        chosen = []
        for opt in self.options:
            value = given.pop(opt.id, opt.default)
            if value not in opt.choices:
                raise BadSetup(f"Option {opt.label!r} cannot be {value!r}.")
            chosen.append((opt.id, value))
        if given:
            raise BadSetup(f"{self.name} has no option named {sorted(given)[0]!r}.")
        return Setup(self.id, seed, seats, tuple(chosen))

    def rule_title(self, key: str) -> str:
        """The rulebook section or ruling a log line's ``rule`` key names."""
        return key

    def rule_anchor(self, key: str) -> str:
        """Where on the rules page that rule is explained."""
        return rules.rule_anchor(key)

    def seat_labels(self, setup: Setup) -> list[str]:
        return list(self.seat_names[: len(setup.seats)])

    def seat_label(self, state: State, seat: int) -> str:
        """The name of a seat in a match under way."""
        return self.seat_names[seat]

    # -- the rules (subclasses) -------------------------------------------------
    def initial_state(self, setup: Setup) -> State:
        raise NotImplementedError

    def to_act(self, state: State) -> int | None:
        """The seat that must act now, or None when the game is over."""
        raise NotImplementedError

    def legal_actions(self, state: State) -> list[Action]:
        """Every action the seat to act may take, in a stable order."""
        raise NotImplementedError

    def perform(self, state: State, action: Action, log: list[Event]) -> None:
        """Carry out a legal action on ``state`` in place, appending to ``log``."""
        raise NotImplementedError

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        """What ``seat`` may see (None: a spectator, who sees no hand)."""
        raise NotImplementedError

    def agent_view(self, state: State, seat: int) -> dict[str, Any]:
        """The view a computer player reads inside a search, thousands of times a move: the same
        entries as :meth:`view`. A game may work them out only when read
        (:class:`outremer.core.view.LazyView`); it is read before the state moves on."""
        return self.view(state, seat)

    def result(self, state: State) -> dict[str, Any] | None:
        """None while the game goes on; else ``{"winners": [...], "text": ..., ...}``. A game
        played in sides (:meth:`teams`) adds ``"team"``: the index of the side that won, or None
        when none did; its ``"winners"`` are then the seats of that side who win outright (the
        Final Winner, or the whole side where it names none)."""
        raise NotImplementedError

    def teams(self, state: State) -> list[tuple[str, tuple[int, ...]]]:
        """The sides of a game played in teams, as (name, seats): the seats of a side win or
        lose together (an Alliance). Empty where every seat plays for itself."""
        return []

    def summary(self, state: State) -> dict[str, Any] | None:
        """The end of the game as its summary shows it; None while the game goes on.

        ``{"winners": [...], "why": text, "columns": [label, ...], "rows": [{"seat", "values",
        "hand"}, ...]}``: who won and why (tie-breaks spelled out), one row of figures per seat
        (``columns`` name them) and every hand, by card name, now that nothing is secret. A game
        fills the rows through :meth:`standings` and may say more in ``why``."""
        result = self.result(state)
        if result is None:
            return None
        columns, rows = self.standings(state)
        out = {
            "winners": list(result.get("winners", [])),
            "why": result.get("why") or result.get("text", ""),
            "columns": columns,
            "rows": rows,
        }
        teams = self.teams(state)
        if teams:
            won = result.get("team")
            out["teams"] = [
                {"name": name, "seats": list(seats), "won": i == won} for i, (name, seats) in enumerate(teams)
            ]
        return out

    def standings(self, state: State) -> tuple[list[str], list[dict[str, Any]]]:
        """The summary's table: column labels and ``{"seat", "values", "hand"}`` per seat."""
        return [], []

    def in_window(self, state: State) -> bool:
        """Whether the decision at hand is a response window: offered to a seat whether or not it
        holds an answer (see QUICK_RESPONSES), so that a seat without one has a single legal
        action, its "no response"."""
        return False

    def multi_choice(self, state: State) -> dict[str, Any] | None:
        """A decision that is several alike choices in a row by the seat to act, such as the
        cards to discard down to a hand limit: ``{"verb": "discard", "count": 3}``. The table
        lets the seat pick them all and confirm once (:func:`outremer.bridge.act_many`), and
        undo takes them back together. None (the default) when the decision is a single one."""
        return None

    def unplayable(self, state: State, seat: int) -> dict[int, str]:
        """For the cards in ``seat``'s hand that no legal action uses now, why not (the same
        reason :meth:`why_illegal` gives), by card id; only while ``seat`` is to act. Read from
        what ``seat`` may see. Games with hands refine it; the default names none."""
        return {}

    def describe(self, state: State, action: Action) -> str:
        """A label for a legal action, for menus and buttons."""
        return action.text

    def prompt(self, state: State) -> str:
        """What the seat to act is asked now, in a line that names it (every seat may read it: it
        tells nothing hidden); the result once the game is over. Games word it; the default names
        the seat only."""
        result = self.result(state)
        if result is not None:
            text: str = result["text"]
            return text
        seat = self.to_act(state)
        return "" if seat is None else f"{self.seat_label(state, seat)}: choose an action."

    def text_table(self, view: dict[str, Any]) -> str:
        """The table as plain text for the terminal (``outremer play``), from one seat's view: only
        what the view holds. Every game draws its own."""
        raise NotImplementedError

    def why_illegal(self, state: State, action: Action) -> str:
        """Why ``action`` is refused now. Games refine this; the default lists the options."""
        legal = self.legal_actions(state)
        shown = ", ".join(a.text for a in legal[:8]) + (" …" if len(legal) > 8 else "")
        return f"“{action.text}” is not possible now. Possible: {shown}."

    def reveals(self, before: State, after: State, actor: int, seat: int) -> bool:
        """Whether an action by ``actor`` gave ``seat`` new information (undo stops there).

        By default, any use of chance, and the reveal of a sealed round (:mod:`.secret`); games
        add what else reveals hidden things.
        """
        return (
            before["rng"] != after["rng"]
            or len(before.get("rigged", ())) != len(after.get("rigged", ()))
            or before.get("revealed", 0) != after.get("revealed", 0)
        )

    on_site: bool = True
    """Whether the site offers the game. A game whose table is not built yet is played in the
    terminal and tested like the others, and joins the site with its table."""

    max_actions: int = 10_000
    """No game may last longer than this many actions (the harness checks it)."""

    def redeal(self, state: State, seat: int, rand: random.Random) -> State:
        """A copy of ``state`` whose information hidden from ``seat`` is dealt anew at random.

        The harness checks that ``view(state, seat)`` does not change: a view that did
        would be showing something the seat may not know.
        """
        return clone(state)

    def determinize(self, state: State, seat: int, rand: random.Random) -> State:
        """A state ``seat`` could be in, given what it may see: its hidden information dealt anew
        by :meth:`redeal` and chance's future drawn afresh from ``rand`` (nothing scripted).

        What a search plans against. It reads the true state only through what ``seat`` sees:
        for the same ``rand``, every state that ``seat`` cannot tell from this one gives the same
        answer (the harness checks it), so nothing hidden, not even the order in which the hidden
        cards happen to lie, shapes the answer. ``redeal`` must therefore deal from a canonical
        order (the hidden cards sorted) rather than from where the cards lie.
        """
        new = self.redeal(state, seat, rand)
        new["rng"] = rand.getrandbits(64)
        if new.get("rigged"):
            new["rigged"] = []
        return new

    def payoff(self, state: State) -> list[float]:
        """What each seat scores in a finished game, from 0 (lost) to 1 (won alone): a search
        plays for it. By default the winners share 1; games with levels of victory refine it. In
        a game played in sides, every seat of the winning side scores TEAM_SHARE, and its
        winners share the rest: a seat plays for its side first, then to be the Final Winner."""
        result = self.result(state) or {}
        winners = result.get("winners", [])
        out = [1 / len(winners) if seat in winners else 0.0 for seat in range(self.seats_in(state))]
        teams = self.teams(state)
        if teams:
            side = result.get("team")
            seats = teams[side][1] if side is not None else ()
            out = [TEAM_SHARE + (1 - TEAM_SHARE) * x if seat in seats else 0.0 for seat, x in enumerate(out)]
        return out

    def seats_in(self, state: State) -> int:
        """How many seats play in the match of ``state`` (a game keeping no ``hands`` list, one
        per seat, says so itself)."""
        return len(state["hands"])

    def cards_in_play(self, state: State) -> list[int]:
        """Every card of the state wherever it lies, for conservation checks (card games)."""
        return []

    # -- shared machinery ------------------------------------------------------
    def start(self, setup: Setup) -> tuple[State, list[Event]]:
        if setup.game != self.id:
            raise BadSetup(f"This setup is for {setup.game!r}, not {self.id!r}.")
        log: list[Event] = []
        state = self.initial_state(setup)
        self.settle(state, log)
        return state, log

    def settle(self, state: State, log: list[Event]) -> None:
        """Run the automatic steps until a seat must decide (games override)."""

    def apply(self, state: State, action: Action, seat: int | None = None) -> tuple[State, list[Event]]:
        """A new state with ``action`` carried out, and what happened; ``state`` is untouched.

        With ``seat`` given, the action is refused unless that seat is the one to act.
        """
        actor = self.to_act(state)
        if actor is None:
            raise IllegalAction("The game is over: no more actions can be taken.")
        if seat is not None and seat != actor:
            raise IllegalAction(f"It is not your turn: {self.seat_label(state, actor)} is to act.")
        if action not in self.legal_for(state):
            raise IllegalAction(self.why_illegal(state, action))
        new = clone(state)
        log: list[Event] = []
        self.perform(new, action, log)
        self.settle(new, log)
        return new, log

    def advance(self, state: State, action: Action) -> None:
        """Carry out ``action`` on ``state`` itself, keeping no log: ``state`` becomes what
        :meth:`apply` would return (the tests check it over many random games).

        For a search, which plays many actions on a state of its own (``redeal`` and
        :func:`clone` make one) and reads no log: no copy of the state per action. The action is
        checked as :meth:`apply` checks it (against ``legal_for``, usually already listed). The
        rules still word their log lines, which are dropped: that is a small share of the cost.
        """
        if action not in self.legal_for(state):
            if self.to_act(state) is None:
                raise IllegalAction("The game is over: no more actions can be taken.")
            raise IllegalAction(self.why_illegal(state, action))
        self._legal_memo = None  # the state changes under the memo
        self.perform(state, action, NO_LOG)
        self.settle(state, NO_LOG)

    def legal_for(self, state: State) -> list[Action]:
        """``legal_actions``, remembered for the last state asked about (states are not changed
        once made, but by :meth:`advance`, which forgets it: asking twice about the same one gives
        the same answer)."""
        memo: tuple[State, list[Action]] | None = getattr(self, "_legal_memo", None)
        if memo is not None and memo[0] is state:
            return memo[1]
        legal = self.legal_actions(state)
        self._legal_memo = (state, legal)
        return legal

    def save(self, state: State) -> str:
        return json.dumps(state, separators=(",", ":"), sort_keys=True)

    def load(self, text: str) -> State:
        try:
            state = json.loads(text)
        except ValueError as exc:
            raise BadState(f"The saved game is not valid JSON ({exc}).") from None
        if not isinstance(state, dict) or state.get("game") != self.id:
            raise BadState(f"The saved game is not a {self.name} game.")
        if state.get("format") != self.format_version:
            raise BadState(
                f"The saved game has format {state.get('format')!r}; this version reads format {self.format_version}."
            )
        return state


class _NoLog:
    """A log that keeps nothing (see :meth:`Game.advance`): rules only ever add to a log."""

    __slots__ = ()

    def append(self, event: Event) -> None:
        pass

    def extend(self, events: Iterable[Event]) -> None:
        pass

    def insert(self, index: int, event: Event) -> None:
        pass


NO_LOG: list[Event] = _NoLog()  # type: ignore[assignment]


def clone(state: _Plain) -> _Plain:
    """A deep copy of a plain-data state (marshal is the fastest exact copy of JSON values).

    Format 2 keeps no table of the objects already written (formats 3 and 4 do, to preserve
    sharing, and copy a state at some 40% more cost): a state is a tree of JSON values, in which
    no list or dict appears twice (tests/test_fast_path.py checks it), so there is no sharing
    to preserve."""
    copy: _Plain = marshal.loads(marshal.dumps(state, 2))
    return copy
