"""Executing an Order on the map (p.12-13), in a turn of the Command phase or as a Reaction in a
Battle: which of a player's Orders may be executed now (Presence, Region type, cost), and
turning one face up and paying for it.
"""

from __future__ import annotations

from ...core.game import State
from .cards import Order, order_of, orders
from .data import ALLIANCE_OF, Content, board_for
from .moves import presence
from .solo import bot_army


def owned_by_army(s: State) -> dict[str, set[str]]:
    """The Orders each Army in play owns: behind its screen, on the map, executed this round.
    An Army has one set of 22 (p.35; ruling TC15): an Order it owns is never gained again."""
    out = {army: set(s["box"][army]) | set(s.get("executed", {}).get(army, [])) for army in s["armies"]}
    for sides in s["sections"].values():
        for side in sides.values():
            if side and side[0] in out:
                out[side[0]].add(side[1])
    return out


def owned(s: State, army: str) -> set[str]:
    """:func:`owned_by_army` for one Army."""
    return owned_by_army(s)[army]


def advanced_to_gain(s: State, army: str) -> list[str]:
    """The Advanced Orders ``army`` does not own yet, in the set's order: those it may buy at
    Upkeep or take for free (a Diplomacy Card's reward, an Event Card), its choice (ruling TC76)."""
    have = owned(s, army)
    return [o.key for o in orders(army) if o.advanced and o.key not in have]


def board(content: Content, s: State):
    return board_for(content, s["armies"])


def region_fits(content: Content, s: State, order: Order, key: str) -> bool:
    """The Region type an Order shows (p.12): any, City, Desert, or a Port not destroyed."""
    region = board(content, s).region(key)
    if order.region == "any":
        return True
    if order.region == "port":
        return region.port and key not in s.get("destroyed", [])
    return region.kind == order.region


def executable(content: Content, s: State, seat: int, reaction: bool = False) -> list[tuple[str, Order]]:
    """(Region, Order) for each of ``seat``'s Orders on the map it may execute now (p.12-13):
    not Blank, Reaction Orders only in a Battle, Presence and Region type met, cost within its
    current command points. A Bot ignores the cost and the Region type but for a Sea Move's Port
    (p.21, Orders)."""
    army = s["armies"][seat]
    side = ALLIANCE_OF[army]
    bot = bot_army(s, army)
    out = []
    for key, sides in s["sections"].items():
        placed = sides[side]
        if placed is None or placed[0] != army:
            continue
        order = order_of(army, placed[1])
        if order.blank or order.reaction != reaction or (order.cost > s["cp"][seat] and not bot):
            continue
        needed = order.presence_armies()
        if needed and not presence(s, key, needed):
            continue
        if region_fits(content, s, order, key) or (bot and order.region != "port"):
            out.append((key, order))
    return out


def turn_up(s: State, seat: int, key: str) -> Order:
    """``seat``'s Order in the Region is turned face up, paid from its current command points
    and set aside with the executed ones (p.12)."""
    army = s["armies"][seat]
    side = ALLIANCE_OF[army]
    order = order_of(army, s["sections"][key][side][1])
    s["sections"][key][side] = None
    if not bot_army(s, army):  # a Bot pays no command points (p.19, p.21)
        s["cp"][seat] -= order.cost
    s["executed"][army].append(order.key)
    return order
