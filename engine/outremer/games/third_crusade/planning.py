"""The Planning phase (p.11): in initiative order each player places one Order from behind its
screen, face down, in a free Order Section on its Alliance's side of any Region, or passes for
the rest of the phase. An Order's face is seen by its owner and by the owner's Alliance partner
(they share the Alliance's side of the board), never by the other Alliance, until it is
executed, tithed or revealed at Upkeep.

Placing an Order is two choices: the Order (``order <key>``, one of each kind behind the screen),
then the Region (``section <region>``, any free Order Section of its Alliance). Choosing another
Order instead is the frame's undo (``Match.undo``), which takes the Order choice back: it is the
seat's own decision and revealed nothing, so the record keeps no trace of an abandoned choice
(no step, no action for the other Alliance to count). While the Region is chosen the Order stays
behind the screen, and the other Alliance sees nothing of the choice: not which Order, not that
one was chosen. A Region
where the chosen Order can never be executed (its Region type, p.12) carries a warning of what
it will cost at Upkeep (p.17, step 3); placing it there stays legal (a bluff).

State: ``s["box"][army]`` the Orders behind the Army's screen (keys), ``s["sections"][region]``
the Order on each Alliance's side of a Region (``[army, key]`` or None), ``s["passed"]`` by seat,
``s["turn"]`` the place on the initiative track whose turn it is, ``s["plan"]`` the key of the
Order the seat to act has chosen and not yet placed (None before it chooses).
"""

from __future__ import annotations

from ...core.actions import Action, act
from ...core.game import Event, State
from .cards import Order, orders
from .data import ALLIANCE_OF, ARMY_NAMES, Content, board_for

UNEXECUTED_GLORY = 1
"""What an Order left unexecuted on the map costs at Upkeep: 1 Glory away from its Alliance
(p.17, step 3; a Blank Order costs nothing)."""


def setup_orders(content: Content, s: State) -> None:
    """Each Army's 12 basic Orders go behind its screen; the Order Sections start empty (p.4)."""
    s["box"] = {army: [o.key for o in orders(army) if not o.advanced] for army in s["armies"]}
    s["sections"] = {key: {"crusader": None, "muslim": None} for key in s["map"]}


def start(content: Content, s: State) -> None:
    s["phase"] = "planning"
    s["passed"] = [False] * len(s["armies"])
    s["turn"] = 0
    s["plan"] = None
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
    """First the Order (one of each kind behind the screen) or passing; then, the Order chosen,
    the Region (every free Order Section of the Alliance). Another Order is chosen by undoing the
    first choice (ruling TC78), never by an action of the record."""
    if s.get("plan") is None:
        return [act("order", key) for key in distinct(s["box"][s["armies"][seat]], s["armies"][seat])] + [act("pass")]
    return [act("section", region) for region in free_sections(content, s, seat)]


def chosen(s: State) -> Order | None:
    """The Order the seat to act has chosen and not yet placed."""
    key = s.get("plan")
    seat = to_act(s)
    if key is None or seat is None:
        return None
    return next(o for o in orders(s["armies"][seat]) if o.key == key)


def reason(content: Content, s: State, order: Order, region: str) -> str | None:
    """Why ``order`` placed in ``region`` would not be executed, in a few words: the Region's type
    (City, Desert, Port; p.12) never lets it be, or a Port now Destroyed, not while the token
    stays. None where its Region type lets it be executed (Blank Orders never are, and cost
    nothing at Upkeep)."""
    if order.blank or order.region == "any":
        return None
    r = board_for(content, s["armies"]).region(region)
    if order.region == "port" and r.port:
        return "its Port is Destroyed" if region in s.get("destroyed", []) else None
    if order.region == "port" or r.kind != order.region:
        return "not a " + {"port": "Port", "city": "City", "desert": "Desert"}[order.region]
    return None


def warning(content: Content, s: State, order: Order, region: str) -> str | None:
    """The warning the Region choice shows where ``order`` would not be executed (``reason``):
    why, and what an Order left on the map costs at Upkeep (p.17, step 3)."""
    why = reason(content, s, order, region)
    if why is None:
        return None
    name = board_for(content, s["armies"]).region(region).name
    cost = f"left on the map, it costs your Alliance {UNEXECUTED_GLORY} Glory at Upkeep (p.17)"
    if why.startswith("not a "):
        return f"{order.name} can never be executed in {name}, which is {why}: {cost}."
    return f"{order.name} cannot be executed in {name} while its Port is Destroyed: {cost}."


def plan_view(content: Content, s: State, viewer: int | None) -> dict | None:
    """The Order the seat to act has chosen and not yet placed, as ``viewer`` sees it: its key and
    the warning for each Region where it would not be executed, to the seat and its Alliance
    partner; nothing to anyone else (not even that an Order was chosen)."""
    order, seat = chosen(s), to_act(s)
    if order is None or seat is None or viewer is None or viewer not in partners(s, seat):
        return None
    side = ALLIANCE_OF[order.army]
    warnings = {}
    if not order.blank and order.region != "any":  # else no Region warns (:func:`reason`)
        for region, sides in s["sections"].items():
            if sides[side] is None:
                said = warning(content, s, order, region)
                if said:
                    warnings[region] = said
    return {"order": order.key, "warnings": warnings}


def redeal_plan(s: State, seat: int, rand) -> None:
    """For ``seat``, who cannot see it, the Order chosen by a seat of the other Alliance dealt anew
    from the Orders behind that seat's screen as ``seat`` could think them (``s["box"]`` already
    dealt anew)."""
    actor = to_act(s)
    if s.get("plan") is None or actor is None or seat in partners(s, actor):
        return
    army = s["armies"][actor]
    keys = distinct(s["box"][army], army)
    s["plan"] = keys[rand.randrange(len(keys))]


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
    if action.verb == "order":  # the Order chosen: nothing is told, nothing placed yet
        s["plan"] = action.args[0]
        return
    if action.verb == "pass":
        s["passed"][seat] = True
        log.append(Event(f"{name} passes for the rest of the Planning phase.", "p.11"))
    else:
        key, region = s["plan"], action.args[0]
        s["plan"] = None
        s["box"][army].remove(key)
        s["sections"][region][ALLIANCE_OF[army]] = [army, key]
        order = next(o for o in orders(army) if o.key == key)
        where = board_for(content, s["armies"]).region(region).name
        log.append(
            Event(
                f"{name} places {order.name} ({order.text}) face down in {where}.",
                "p.11",
                private=partners(s, seat),
                public=f"{name} places an Order face down in {where}.",
                marks=(f"region:{region}",),
            )
        )
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


skip = _skip


def sections_view(s: State, viewer: int | None) -> dict:
    """Each Region's Order Sections as ``viewer`` sees them: an Order of its own Alliance by name,
    another Alliance's only as a face-down Order of that Army."""
    mine = ALLIANCE_OF[s["armies"][viewer]] if viewer is not None else None
    return {
        region: {
            side: None if placed is None else {"army": placed[0], "order": placed[1] if side == mine else None}
            for side, placed in sides.items()
        }
        for region, sides in s["sections"].items()
    }
