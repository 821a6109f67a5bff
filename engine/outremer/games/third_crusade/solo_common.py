"""What every part of the Bot's play shares: the column it follows, the head of its log lines,
Jerusalem's limit, and its die choosing where no priority applies (ruling TC90)."""

from __future__ import annotations

from ...core import rng
from ...core.actions import Action
from ...core.game import Event, State
from .bot import geometry as geo
from .bot_table import table
from .data import ARMY_NAMES, Content, board_for
from .solo import bots


def name(content: Content, s: State, key: str) -> str:
    return board_for(content, s["armies"]).region(key).name


def column(s: State, army: str):
    return table().column(s["bot"][army]["column"] or 1)


def bot_words(s: State, army: str, cell: str) -> str:
    """The head of a Bot's log line: which Bot, which column, which cell."""
    return f"Bot {ARMY_NAMES[army]} (column {s['bot'][army]['column']}, {cell})"


def jerusalem_open(s: State, army: str) -> bool:
    """Whether the Bot may place or execute in Jerusalem: its strength there (both Bots' with
    two) at most the column's Jerusalem value (p.20, p.21)."""
    armies = [s["armies"][p] for p in bots(s)]
    return geo.jerusalem_strength(s, armies) <= column(s, army).jerusalem


def at_random(s: State, army: str, legal: list[Action], log: list[Event]) -> Action:
    """Where neither the Bot Table nor the solo rules give the Bot a priority, its die chooses
    among what the rules allow (ruling TC90)."""
    if len(legal) == 1:
        return legal[0]
    chosen = legal[rng.randbelow(s, len(legal))]
    log.append(
        Event(
            f"Bot {ARMY_NAMES[army]}: no priority of the Bot Table applies; it chooses at random among "
            f"{len(legal)} choices (ruling TC90).",
            "TC90",
        )
    )
    return chosen
