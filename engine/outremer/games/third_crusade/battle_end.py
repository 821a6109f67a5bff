"""The end of a Battle (p.15): the retreats, one piece at a time, of a beaten defence, of the
attacker's pieces a Region has no Slot for, and of a beaten attack (each Road paying its Bandits,
``moves.cross``); then the Glory, and the Battle is over. With who is in charge of each side and
who defends, which the Battle's earlier steps (``battle_phase.py``) ask too."""

from __future__ import annotations

from ...core.game import Event, State
from . import battle as arithmetic
from .data import ALLIANCE_OF, NEUTRAL, UNITS, Content, alliance_controller, controller, owner, shape, what
from .execution import board
from .moves import add, cross, free, owned, pieces, presence, take
from .state import retrack


def defenders(s: State) -> list[str]:
    b = s["battle"]
    return [p for p in pieces(s, b["region"]) if (a := owner(p)) == NEUTRAL or a is None or ALLIANCE_OF[a] != b["side"]]


def in_charge(s: State, side: str) -> int:
    """The seat in charge of a side: the attacker; for the defence the Army Controlling the
    Region, or, on a tie, the one ahead on the initiative track (p.14)."""
    b = s["battle"]
    if side == b["side"]:
        return b["attacker"]
    ruler = controller(s["map"][b["region"]])
    if ruler is not None and ALLIANCE_OF[ruler] == side and ruler in s["armies"]:
        return s["armies"].index(ruler)
    for seat in s["initiative"]:
        if ALLIANCE_OF[s["armies"][seat]] == side and presence(s, b["region"], {s["armies"][seat]}):
            return seat
    return next(seat for seat in s["initiative"] if ALLIANCE_OF[s["armies"][seat]] == side)


def loser(s: State) -> str:
    b = s["battle"]
    other = "muslim" if b["side"] == "crusader" else "crusader"
    return other if b["result"]["winner"] == "attacker" else b["side"]


def after_losses(content: Content, s: State, log: list[Event]) -> None:
    """Retreats (p.15): the beaten defence leaves for an Adjacent Region that is empty or its
    Alliance's, never the attacker's origin; the winning attacker takes the Region, and where a
    shape of Slot is short, the attacker chooses which of its pieces retreat the same way; a
    beaten attack goes back where it came from (Neutral attackers join the defence if they fit)."""
    b = s["battle"]
    region = b["region"]
    b["retreat"] = []
    if b["result"]["winner"] == "attacker":
        for piece in [p for p in defenders(s) if owner(p) != NEUTRAL]:
            take(content, s, region, piece, recount_now=False)
            b["retreat"].append({"pieces": [piece], "n": 1})
        for sh in ("square", "hex", "trapezoid"):
            mine = [p for p in b["group"] if shape(content, p) == sh]
            room = free(content, s, region, sh)
            if len(mine) > room:
                b["retreat"].append({"pieces": mine, "n": len(mine) - room})
    else:
        for piece in b["group"]:
            if owner(piece) == NEUTRAL and free(content, s, region, shape(content, piece)):
                add(content, s, region, piece, recount_now=False)  # Neutral attackers join the defence
            elif b["from"] and free(content, s, b["from"], shape(content, piece)):
                if b.get("sea") or not cross(content, s, region, b["from"], [piece], log, owed=b["toll"]):
                    add(content, s, b["from"], piece, recount_now=False)
            else:  # no room where it came from, or added by an Event Card: it retreats
                b["retreat"].append({"pieces": [piece], "n": 1})
        b["group"] = []
    retrack(content, s)
    _next_retreat(content, s, log)


def _side_of(s: State, piece: str) -> str:
    """The side a piece leaving the Battle belongs to: its Army's Alliance; a Neutral piece that
    must retreat marched with the attack."""
    army = owner(piece)
    assert army is not None, f"{piece!r} is no piece"
    return ALLIANCE_OF[army] if army != NEUTRAL else s["battle"]["side"]


def retreat_targets(content: Content, s: State, piece: str) -> list[str]:
    """Where a piece may retreat (p.15): an Adjacent Region "either empty or Controlled by their
    Alliance" (ruling TC74), with a free Slot of its shape; the defence never to the Region the
    attack came from. A Region holding only Neutral pieces is neither."""
    b = s["battle"]
    bd = board(content, s)
    side = _side_of(s, piece)
    out = []
    for key in bd.adjacent_to(b["region"]):
        if key == b["from"] and side != b["side"]:
            continue  # never to the Region the attacker Marched from
        if pieces(s, key) and alliance_controller(s["map"][key]) != side:
            continue
        if not free(content, s, key, shape(content, piece)):
            continue
        out.append(key)
    return out


def _next_retreat(content: Content, s: State, log: list[Event]) -> None:
    b = s["battle"]
    while b["retreat"]:
        entry = b["retreat"][0]
        if entry["n"] <= 0:
            b["retreat"].pop(0)
            continue
        movable = [p for p in entry["pieces"] if retreat_targets(content, s, p)]
        if movable:
            b["stage"] = "retreat"
            side = _side_of(s, movable[0])
            b["chooser"] = in_charge(s, side)
            return
        piece = entry["pieces"].pop(0)  # nowhere to go: lost
        entry["n"] -= 1
        if piece in b["group"]:
            b["group"].remove(piece)
        if what(piece) in UNITS and owner(piece) != NEUTRAL:
            s["reserve"][owner(piece)][what(piece)] += 1
        elif what(piece) in content.leaders and _side_of(s, piece) == loser(s):  # any colour (p.15)
            b["dead_leaders"].append(piece)
        log.append(Event(f"{owned(content, piece)} has nowhere to retreat and is lost.", "p.15"))
    for piece in b["group"]:
        add(content, s, b["region"], piece, recount_now=False)  # the winning attack moves in
    b["group"] = []
    retrack(content, s)
    _glory(content, s, log)


def retreat(content: Content, s: State, key: str, piece: str, log: list[Event]) -> None:
    b = s["battle"]
    entry = b["retreat"][0]
    entry["pieces"].remove(piece)
    entry["n"] -= 1
    if piece in b["group"]:
        b["group"].remove(piece)
    log.append(
        Event(
            f"{owned(content, piece)} retreats to {board(content, s).region(key).name}.",
            "p.15",
            marks=(f"region:{key}",),
        )
    )
    if not cross(content, s, b["region"], key, [piece], log, owed=b["toll"]):
        add(content, s, key, piece)
    _next_retreat(content, s, log)


def _glory(content: Content, s: State, log: list[Event]) -> None:
    """Glory to the winning Alliance, up to 4 (p.15); the Battle ends (the Command phase goes on
    with the Order or Event Card that started it)."""
    b = s["battle"]
    result = b["result"]
    winner = b["side"] if result["winner"] == "attacker" else ("muslim" if b["side"] == "crusader" else "crusader")
    if result.get("withdrawn") == "tactical_retreat":
        log.append(Event("After a Tactical Retreat nobody wins the Battle and no Glory is gained.", "TC51"))
        s["battle"] = None
        return
    gained = arithmetic.glory(
        board(content, s).region(b["region"]).city,
        result["winner"] == "attacker",
        bool(b.get("leaders_attacking")),
        bool(b.get("leaders_defending")),
        bool(b["dead_leaders"]),
    )
    s["glory"] += gained if winner == "crusader" else -gained
    log.append(
        Event(
            f"The {'Crusader' if winner == 'crusader' else 'Muslim'} Alliance wins the Battle"
            + (f" and gains {gained} Glory." if gained else " and gains no Glory."),
            "p.15",
        )
    )
    s["battle"] = None
