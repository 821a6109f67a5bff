"""Secret simultaneous choices: several seats each commit a hidden choice, revealed together.

A draft pick, a card placed face down for a conflict, Units and Faith committed in a closed
hand, bids: the rulebook has the players choose at the same time. Here the seats of a *sealed
round* choose one after another, in a fixed order, and nobody else sees a choice until every
seat of the round has made its own; then all are revealed at once. Choosing in turn is fair
because nothing of a sealed choice shows: not in the views, not in the log, not in who is asked
next (the order is fixed when the round opens), and a later seat's choices do not depend on an
earlier seat's sealed one.

A round lives in the state under ``"sealed"`` as plain data::

    {"key": "draft", "seats": [0, 2, 3], "choices": [value or None per listed seat]}

and ``"revealed"`` counts the rounds revealed so far, which :meth:`Game.reveals` reads (undo
stops at a reveal). A choice is any JSON value the game gives (a card id, a list of numbers).
The game's ``view`` shows :func:`sealed_view`; its ``redeal`` calls :func:`redeal_sealed`, so
that a seat's determinizations hold other choices than the true ones; its ``to_act`` returns
:func:`sealed_next` while a round is open.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from .errors import IllegalAction
from .game import State


def open_sealed(state: State, key: str, seats: list[int]) -> None:
    """Open a sealed round for ``seats``, who will choose in that order."""
    if state.get("sealed"):
        raise ValueError(f"a sealed round ({state['sealed']['key']}) is already open")
    if not seats or len(set(seats)) != len(seats):
        raise ValueError("a sealed round needs one or more distinct seats")
    state["sealed"] = {"key": key, "seats": list(seats), "choices": [None] * len(seats)}


def sealed_key(state: State) -> str | None:
    """The key of the open round, or None."""
    sealed = state.get("sealed")
    return sealed["key"] if sealed else None


def sealed_next(state: State) -> int | None:
    """The next seat of the open round to choose, or None (no round, or every choice made)."""
    sealed = state.get("sealed")
    if not sealed:
        return None
    for seat, choice in zip(sealed["seats"], sealed["choices"], strict=True):
        if choice is None:
            first: int = seat
            return first
    return None


def seal(state: State, seat: int, choice: Any) -> None:
    """Record ``seat``'s choice (it must be the next to choose; ``choice`` not None)."""
    if choice is None:
        raise ValueError("a sealed choice cannot be None")
    if sealed_next(state) != seat:
        raise IllegalAction("It is not this seat's turn to choose in secret.")
    sealed = state["sealed"]
    sealed["choices"][sealed["seats"].index(seat)] = choice


def all_sealed(state: State) -> bool:
    sealed = state.get("sealed")
    return sealed is not None and bool(sealed) and all(c is not None for c in sealed["choices"])


def reveal(state: State) -> dict[int, Any]:
    """Close the round, every choice made: ``{seat: choice}``, in the round's order."""
    if not all_sealed(state):
        raise ValueError("a sealed round is revealed only when every seat has chosen")
    sealed = state.pop("sealed")
    state["revealed"] = state.get("revealed", 0) + 1
    return dict(zip(sealed["seats"], sealed["choices"], strict=True))


def sealed_view(state: State, seat: int | None) -> dict[str, Any] | None:
    """The open round as ``seat`` may see it: who takes part, who has chosen, and its own
    choice only."""
    sealed = state.get("sealed")
    if not sealed:
        return None
    mine = None
    if seat in sealed["seats"]:
        mine = sealed["choices"][sealed["seats"].index(seat)]
    return {
        "key": sealed["key"],
        "seats": list(sealed["seats"]),
        "chosen": [c is not None for c in sealed["choices"]],
        "mine": mine,
    }


def redeal_sealed(state: State, seat: int, rand: random.Random, choices: Callable[[State, int], list[Any]]) -> None:
    """Replace, in ``state`` (a redealt copy), every sealed choice but ``seat``'s with one drawn
    at random from ``choices(state, other)``, the choices that seat could have made given the
    redealt state. They are sorted first, so that the draw depends only on what ``seat`` sees."""
    sealed = state.get("sealed")
    if not sealed:
        return
    for i, other in enumerate(sealed["seats"]):
        if other == seat or sealed["choices"][i] is None:
            continue
        options = sorted(choices(state, other), key=repr)
        if not options:
            raise ValueError(f"seat {other} could have made no sealed choice")
        sealed["choices"][i] = options[rand.randrange(len(options))]
