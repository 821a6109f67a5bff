"""What every Bot decision shares: the log line it writes, the random draw it is given, the
humans' Armies it plays against, and the Unit orders the Solo rules print.

``rand`` is a callable ``rand(n) -> int`` giving a uniform whole number from 0 to n - 1 (the flow
passes ``lambda n: rng.randbelow(s, n)``); a die is ``rand(6) + 1``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from ....core.actions import Action
from ....core.errors import IllegalAction
from ....core.game import Event, State
from ..data import ALLIANCE_OF, ALLIANCES, ARMY_NAMES, NEUTRAL, UNITS, owner, remembered, what
from ..records import UNIT_WORDS

Rand = Callable[[int], int]

LOSS_ORDER = {"city": ("infantry", "cavalry", "siege"), "desert": ("siege", "infantry", "cavalry")}
"""Battle losses by Region type (p.21): in a City Infantry, Cavalry, then Siege Engines; in a
Desert Siege Engines, Infantry, then Cavalry."""


def name(army: str) -> str:
    return f"the {ARMY_NAMES[army]} Bot"


def note(log: list, army: str, text: str, rule: str) -> None:
    """A line of the log: "The Ayyubid Bot <text> (<rule>)." naming the rule followed."""
    line = f"{name(army)[0].upper()}{name(army)[1:]} {text}"
    log.append(Event(line if line.endswith(".") else line + ".", rule))


_SIDES: dict = {}
"""(an Army, the Armies in play) -> (:func:`opponents`, :func:`allies`): the same few lists of
Armies, asked for on every Bot decision."""


def _sides(s: State, army: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
    key = (army, tuple(s["armies"]))
    found = _SIDES.get(key)
    if found is None:
        armies = key[1]
        other = next(a for a in ALLIANCES if a != ALLIANCE_OF[army])
        found = _SIDES[key] = (
            tuple(a for a in armies if ALLIANCE_OF[a] == other),
            tuple(a for a in armies if ALLIANCE_OF[a] == ALLIANCE_OF[army]),
        )
    return found


def opponents(s: State, army: str) -> tuple[str, ...]:
    """The Armies of the other Alliance in play: the player's (the solo game's humans, p.19)."""
    return _sides(s, army)[0]


def allies(s: State, army: str) -> tuple[str, ...]:
    return _sides(s, army)[1]


def unit_word(piece: str) -> str:
    return UNIT_WORDS.get(what(piece), what(piece))


def is_unit(piece: str) -> bool:
    return what(piece) in UNITS


def is_neutral(piece: str) -> bool:
    return owner(piece) == NEUTRAL


def of_verb(legal: Iterable[Action], *verbs: str) -> list[Action]:
    return [a for a in legal if a.verb in verbs]


def need(legal: list[Action], decision: str) -> None:
    """A clear message when a decision is asked with nothing to choose from."""
    if not legal:
        raise IllegalAction(f"The Bot has no legal action to choose from for {decision}.")


def draw(items: list, rand: Rand):
    """One of ``items`` at random, taken out of the list (a face-down group, p.19)."""
    return items.pop(rand(len(items)))


def units_in(s: State, key: str, armies) -> list[str]:
    """The Units (never Leaders) of ``armies`` (an Army or several) in a Region."""
    armies = (armies,) if isinstance(armies, str) else tuple(armies)
    return [p for p in s["map"][key] if owner(p) in armies and what(p) in UNITS]


_PIECES_IN: dict = {}
"""(a Region's Slots as a tuple, the Armies) -> their pieces there (:func:`pieces_in`): the Bot asks
of the same Regions many times on each step of a search, while a step changes few Slots."""


def pieces_in(s: State, key: str, armies) -> list[str]:
    """The Units and Leaders of ``armies`` in a Region."""
    armies = (armies,) if isinstance(armies, str) else tuple(armies)
    return list(remembered(_PIECES_IN, (tuple(s["map"][key]), armies), _pieces_in))


def _pieces_in(key: tuple) -> tuple[str, ...]:
    slots, armies = key
    return tuple(p for p in slots if owner(p) in armies)
