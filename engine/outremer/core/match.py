"""A match is its setup plus its list of actions; everything else is a fold over them."""

from __future__ import annotations

from .actions import Action
from .errors import IllegalAction
from .game import Event, Game, Setup, State


class Match:
    """One game being played: setup, actions, and the states and log they produce."""

    def __init__(self, game: Game, setup: Setup):
        self.game = game
        self.setup = setup
        state, log = game.start(setup)
        self.states: list[State] = [state]
        self.logs: list[list[Event]] = [log]
        self.actions: list[Action] = []
        self.indices: list[int] = []
        self.counts: list[int] = []
        self.actors: list[int] = []

    # -- reading ---------------------------------------------------------------
    @property
    def state(self) -> State:
        return self.states[-1]

    @property
    def steps(self) -> int:
        return len(self.actions)

    def to_act(self) -> int | None:
        return self.game.to_act(self.state)

    def legal_actions(self) -> list[Action]:
        if self.to_act() is None:
            return []
        return list(self.game.legal_for(self.state))

    def result(self) -> State | None:
        return self.game.result(self.state)

    def state_at(self, step: int) -> State:
        if not 0 <= step <= self.steps:
            raise IllegalAction(f"There is no step {step}: the game has {self.steps} actions.")
        return self.states[step]

    def log_for(self, seat: int | None, upto: int | None = None) -> list[State]:
        """The log as ``seat`` may read it, up to step ``upto`` (default: now)."""
        upto = self.steps if upto is None else upto
        lines = []
        for step, events in enumerate(self.logs[: upto + 1]):
            for event in events:
                text = event.for_seat(seat)
                if text is not None:
                    line = {"step": step, "text": text, "rule": event.rule}
                    if event.marks and event.private is None:
                        line["marks"] = list(event.marks)
                    lines.append(line)
        return lines

    def last_moves(self, seat: int | None, upto: int | None = None) -> int:
        """The step after ``seat``'s own last action before ``upto`` (0 if it has not acted):
        the log lines from there on are what the others did since, the table's "last move"."""
        upto = self.steps if upto is None else upto
        for step in range(upto - 1, -1, -1):
            if self.actors[step] == seat:
                return step + 1
        return 0

    # -- playing ---------------------------------------------------------------
    def play(self, action: Action | str, seat: int | None = None) -> list[Event]:
        if isinstance(action, str):
            action = Action.parse(action)
        actor = self.to_act()
        legal = self.legal_actions()
        new, log = self.game.apply(self.state, action, seat)
        assert actor is not None  # apply refuses every action once the game is over
        self._push(new, log, action, legal.index(action), len(legal), actor)
        return log

    def play_index(self, index: int, seat: int | None = None) -> list[Event]:
        legal = self.legal_actions()
        if not legal:
            raise IllegalAction("The game is over: no more actions can be taken.")
        if not 0 <= index < len(legal):
            raise IllegalAction(f"There is no action number {index}: choose 0–{len(legal) - 1}.")
        return self.play(legal[index], seat)

    def _push(self, state: State, log: list[Event], action: Action, index: int, count: int, actor: int) -> None:
        self.states.append(state)
        self.logs.append(log)
        self.actions.append(action)
        self.indices.append(index)
        self.counts.append(count)
        self.actors.append(actor)

    def truncate(self, step: int) -> None:
        """Forget every action after ``step`` (the history slider's "play from here")."""
        self.state_at(step)
        del self.states[step + 1 :], self.logs[step + 1 :], self.actions[step:]
        del self.indices[step:], self.counts[step:], self.actors[step:]

    # -- undo ----------------------------------------------------------------
    def undo_point(self, seat: int) -> int | None:
        """The step to go back to so that ``seat`` retakes its last decision, or None.

        Undo stops at the last moment new information appeared: a draw, a die roll, a
        shuffle, or a card another seat revealed. Another person's action is never undone;
        a computer seat's action is, when it revealed nothing. A forced action (the only one
        legal, such as "no response" without a card to answer with) is not a decision: undo
        goes back past it to the decision before.
        """
        if self.to_act() is None:
            return None  # a finished game stays finished
        human = [who == "human" for who in self.setup.seats]
        for step in range(self.steps - 1, -1, -1):
            actor = self.actors[step]
            before, after = self.states[step], self.states[step + 1]
            if self.game.reveals(before, after, actor, seat):
                return None
            if actor == seat and self.counts[step] > 1 and not self._continues(step, seat):
                return step
            if human[actor] and actor != seat:
                return None
        return None

    def _continues(self, step: int, seat: int) -> bool:
        """Whether action ``step`` went on a multiple choice (:meth:`Game.multi_choice`) that
        ``seat``'s action before it began: undo takes the whole choice back."""
        if step == 0 or self.actors[step - 1] != seat:
            return False
        now, before = self.game.multi_choice(self.states[step]), self.game.multi_choice(self.states[step - 1])
        return bool(now and before and now["verb"] == before["verb"] and now["count"] == before["count"] - 1)

    def undo(self, seat: int) -> bool:
        point = self.undo_point(seat)
        if point is None:
            return False
        self.truncate(point)
        return True
