"""Actions are small values with a text form that round-trips: ``Action.parse(a.text) == a``."""

from __future__ import annotations

from functools import cache
from typing import Any, NamedTuple

from .errors import IllegalAction


class Action(NamedTuple):
    """A verb and its arguments (integers or short words), e.g. ``play 12 transport``.

    A named tuple: immutable, hashable, and cheap to make (legal actions are listed often).
    """

    verb: str
    args: tuple[Any, ...] = ()
    """Each an ``int`` or a ``str``: which one at each place, the verb says, and the rules that
    read an action know it (typed ``Any`` so that they need not check again)."""

    @property
    def text(self) -> str:
        return " ".join([self.verb, *map(str, self.args)])

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"Action({self.text!r})"

    @classmethod
    def of(cls, verb: str, *args: int | str) -> Action:
        return cls(verb, tuple(args))

    @classmethod
    def parse(cls, text: str) -> Action:
        words = text.split()
        if not words:
            raise IllegalAction("An empty action: type one of the listed actions.")
        args: list[int | str] = []
        for word in words[1:]:
            args.append(int(word) if word.lstrip("-").isdigit() else word)
        return cls(words[0], tuple(args))


@cache
def act(verb: str, *args: int | str) -> Action:
    """``Action(verb, args)``, made once and shared after: the rules list the same few hundred
    actions over and over (a search, millions of times), and a look-up costs less than making
    one; an action found among the legal ones is then also equal by identity at once."""
    return Action(verb, args)
