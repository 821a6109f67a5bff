"""The Planning phase (p.11): in initiative order each player places one Order from behind its
screen, face down, in a free Order Section on its Alliance's side of any Region, or passes for
the rest of the phase. An Order's face is seen by its owner and by the owner's Alliance partner
(they share the Alliance's side of the board), never by the other Alliance, until it is
executed, tithed or revealed at Upkeep.

State: ``s["box"][army]`` the Orders behind the Army's screen (keys), ``s["sections"][region]``
the Order on each Alliance's side of a Region (``[army, key]`` or None), ``s["passed"]`` by seat,
``s["turn"]`` the place on the initiative track whose turn it is.
"""

from __future__ import annotations

from ...core.actions import Action, act
from ...core.game import Event, State
from .cards import orders
from .data import ALLIANCE_OF, ARMY_NAMES, Content, board_for


def setup_orders(content: Content, s: State) -> None:
    """Each Army's 12 basic Orders go behind its screen; the Order Sections start empty (p.4)."""
    s["box"] = {army: [o.key for o in orders(army) if not o.advanced] for army in s["armies"]}
    s["sections"] = {key: {"crusader": None, "muslim": None} for key in s["map"]}


def start(content: Content, s: State) -> None:
    s["phase"] = "planning"
    s["passed"] = [False] * len(s["armies"])
    s["turn"] = 0
    _skip(content, s)


def to_act(s: State) -> int | None:
    if s["phase"] != "planning":
        return None
    return s["initiative"][s["turn"]]


def free_sections(content: Content, s: State, seat: int) -> list[str]:
    """The Regions whose Order Section on ``seat``'s Alliance side is free (one Order per
    Alliance per Region, p.11)."""
    side = ALLIANCE_OF[s["armies"][seat]]
    return [key for key, sides in s["sections"].items() if sides[side] is None]


def legal(content: Content, s: State, seat: int) -> list[Action]:
    army = s["armies"][seat]
    regions = free_sections(content, s, seat)
    return [act("order", key, region) for key in distinct(s["box"][army], army) for region in regions] + [act("pass")]


def distinct(box: list[str], army: str) -> list[str]:
    """One key for each kind of Order behind the screen (two March Orders are one choice)."""
    names = {o.key: o.name for o in orders(army)}
    seen, out = set(), []
    for key in sorted(box):
        if names[key] not in seen:
            seen.add(names[key])
            out.append(key)
    return out


def perform(content: Content, s: State, seat: int, action: Action, log: list[Event]) -> None:
    army = s["armies"][seat]
    name = ARMY_NAMES[army]
    if action.verb == "pass":
        s["passed"][seat] = True
        log.append(Event(f"{name} passes for the rest of the Planning phase.", "p.11"))
    else:
        key, region = action.args
        s["box"][army].remove(key)
        s["sections"][region][ALLIANCE_OF[army]] = [army, key]
        order = next(o for o in orders(army) if o.key == key)
        where = board_for(content, s["armies"]).region(region).name
        log.append(Event(f"{name} places {order.name} ({order.text}) face down in {where}.", "p.11",
                         private=partners(s, seat),
                         public=f"{name} places an Order face down in {where}.", marks=(f"region:{region}",)))
    _advance(content, s)


def partners(s: State, seat: int) -> tuple[int, ...]:
    """The seats that see ``seat``'s Orders: its own and its Alliance partner's."""
    side = ALLIANCE_OF[s["armies"][seat]]
    return tuple(i for i, a in enumerate(s["armies"]) if ALLIANCE_OF[a] == side)


def _advance(content: Content, s: State) -> None:
    s["turn"] = (s["turn"] + 1) % len(s["initiative"])
    _skip(content, s)


def _skip(content: Content, s: State) -> None:
    """On to the next place on the track whose seat has not passed; a seat with nothing left to
    place, or no free Section, passes without being asked. When every seat has passed, the
    Command phase follows."""
    for _ in range(2 * len(s["initiative"]) + 1):
        seat = s["initiative"][s["turn"]]
        if not s["passed"][seat]:
            if s["box"][s["armies"][seat]] and free_sections(content, s, seat):
                return
            s["passed"][seat] = True
        if all(s["passed"]):
            s["phase"] = "command"
            return
        s["turn"] = (s["turn"] + 1) % len(s["initiative"])


def sections_view(s: State, viewer: int | None) -> dict:
    """Each Region's Order Sections as ``viewer`` sees them: an Order of its own Alliance by name,
    another Alliance's only as a face-down Order of that Army."""
    mine = ALLIANCE_OF[s["armies"][viewer]] if viewer is not None else None
    out = {}
    for region, sides in s["sections"].items():
        shown = {}
        for side, placed in sides.items():
            if placed is None:
                shown[side] = None
            else:
                shown[side] = {"army": placed[0], "order": placed[1] if side == mine else None}
        out[region] = shown
    return out
