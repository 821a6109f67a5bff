"""The Upkeep phase's counts (p.17), each a pure function of the state: the active Mission's
Glory and Faith sections, the Glory lost for Orders left on the map, the supply check, the
Jerusalem bonus, Gold, the Glory icons, the victory check and the turn of the initiative track.
The phase's sequence, with the players' choices in it (Tithe, Units brought home for supply,
Advanced Orders bought, the Genoa ships' landing), is built on these.

Glory is one number, ``s["glory"]``: positive towards the Crusader Alliance, negative towards
the Muslim (the two-sided track, p.5).
"""

from __future__ import annotations

from ...core.game import State
from .cards import Mission, Predicate, matches, orders
from .data import ALLIANCE_OF, ALLIANCES, Content, alliance_controller, board_for, controller, owner, present, uncovered
from .state import alone, need, towards, track

VICTORY = 10
"""A victory check wins at 10 Glory or more on one side (p.17)."""


def counted(content: Content, s: State, army: str, predicate: Predicate) -> int:
    """How many Regions ``army`` Controls that meet a Mission section (ruling TC18)."""
    return _meeting(content, s, predicate, lambda slots: controller(slots) == army)


def counted_by_alliance(content: Content, s: State, alliance: str, predicate: Predicate) -> int:
    """How many Regions ``alliance`` Controls that meet a Mission section, those where two partners
    are level included (ruling TC74)."""
    return _meeting(content, s, predicate, lambda slots: alliance_controller(slots) == alliance)


def _meeting(content: Content, s: State, predicate: Predicate, held) -> int:
    """How many Regions whose Slots ``held`` accepts meet ``predicate``."""
    b = board_for(content, s["armies"])
    n = 0
    for key, slots in s["map"].items():
        if not held(slots):
            continue
        shown = uncovered(b.region(key), slots, s.get("tokens", {}).get(key))
        if matches(predicate, b, key, shown, key in s.get("destroyed", [])):
            n += 1
    return n


def mission_glory(content: Content, s: State, mission: Mission) -> int:
    """Step 1, Glory section: the Alliance Controlling more matching Regions gains the
    difference (a tie moves nothing); returned as the change of ``s["glory"]`` (ruling TC22).
    "Count the number of Regions each Alliance Controls" (p.17): a Region where two partners
    are level counts for their Alliance (ruling TC74)."""
    per = {al: counted_by_alliance(content, s, al, mission.glory) for al in ALLIANCES}
    diff = per["crusader"] - per["muslim"]
    return diff


def mission_faith(content: Content, s: State, mission: Mission) -> dict[str, int]:
    """Step 1, Faith section: in an Alliance of two Armies, the one Controlling more matching
    Regions moves its Alliance's Faith marker towards itself by the difference (p.17; only an
    Alliance of two Armies, ruling TC18). Returns, per Alliance, the signed move: positive
    towards its first Army in ``ALLIANCES``."""
    out = {}
    for al, (first, second) in ALLIANCES.items():
        if not alone(s, al):
            out[al] = counted(content, s, first, mission.faith) - counted(content, s, second, mission.faith)
    return out


def unexecuted(content: Content, s: State) -> dict[str, int]:
    """Step 3: each Army's Orders left on the map, Blank Orders not counted (a Glory each)."""
    out = {army: 0 for army in s["armies"]}
    for sides in s["sections"].values():
        for placed in sides.values():
            if placed is not None and not next(o for o in orders(placed[0]) if o.key == placed[1]).blank:
                out[placed[0]] += 1
    return out


def clear_orders(s: State) -> None:
    """Step 3, after the count: every Order of the round goes back to its box."""
    for sides in s["sections"].values():
        for side, placed in sides.items():
            if placed is not None:
                s["box"][placed[0]].append(placed[1])
                sides[side] = None
    for army, done in s.get("executed", {}).items():
        s["box"][army].extend(done)
        done.clear()


def shortfall(content: Content, s: State, seat: int) -> int:
    """Step 4A: supply icons short of what the player board needs (a Glory each)."""
    return max(0, need(content, s, s["armies"][seat]) - track(s, seat, "supply"))


def jerusalem_glory(content: Content, s: State) -> int:
    """Step 4C: 2 Glory to the Crusaders if their Alliance Controls Jerusalem (only here), the
    two partners level there included (ruling TC74)."""
    return 2 if jerusalem_alliance(content, s) == "crusader" else 0


def jerusalem_alliance(content: Content, s: State) -> str | None:
    """The Alliance in Control of Jerusalem (ruling TC74), or None."""
    b = board_for(content, s["armies"])
    return alliance_controller(s["map"][next(r.key for r in b.regions if r.jerusalem)])


def glory_icons(content: Content, s: State) -> int:
    """Step 4E: a Glory for each uncovered Glory icon or token in the Regions each Army Controls,
    as a change of ``s["glory"]``."""
    b = board_for(content, s["armies"])
    total = 0
    for key, slots in s["map"].items():
        ruler = controller(slots)
        if ruler is not None:
            shown = uncovered(b.region(key), slots, s.get("tokens", {}).get(key))
            total += towards(ALLIANCE_OF[ruler], shown.count("glory"))
    return total


def winner(s: State) -> str | None:
    """Step 5, the victory check."""
    if s["glory"] >= VICTORY:
        return "crusader"
    if s["glory"] <= -VICTORY:
        return "muslim"
    return None


def turn_track(s: State) -> None:
    """Step 10: every marker one step down, the last to the top (in 2 players, a swap)."""
    s["initiative"] = [s["initiative"][-1]] + s["initiative"][:-1]


def units_on_map(s: State, army: str) -> list[tuple[str, str]]:
    """(Region, piece) for each of ``army``'s Units on the map: what it may bring home to meet
    its supply (step 4A)."""
    return [
        (key, p)
        for key, slots in s["map"].items()
        if army in present(slots)  # who holds the Region's Slots, looked up once per set of Slots
        for p in slots
        if owner(p) == army and p.split(":")[1] in ("infantry", "cavalry", "siege")
    ]
