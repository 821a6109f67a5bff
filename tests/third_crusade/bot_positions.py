"""Hand-built positions for the Bot's tests: a game's state with an empty map, and pieces put
where a test wants them (each on the Slot the rules give it, ruling TC5)."""

from __future__ import annotations

from outremer.games.third_crusade import data, state
from outremer.games.third_crusade.moves import add

C = data.content()


def empty(armies=("angevin", "ayyubid"), seed: int = 1) -> dict:
    """A fresh game of these Armies with no piece on the map (the Armies' reserves as at setup)."""
    s = state.new_state(C, list(armies), seed)
    for key in s["map"]:
        s["map"][key] = [None] * len(s["map"][key])
    s["tokens"] = {}
    state.recount(C, s)
    return s


def put(s: dict, key: str, *pieces: str) -> None:
    for piece in pieces:
        add(C, s, key, piece)
