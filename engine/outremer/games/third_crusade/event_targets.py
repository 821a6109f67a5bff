"""Where an Event Card's steps could act (p.12-13; rulings TC35, TC38, TC39, TC54): whether a
Region meets a card's banner, and, step word by step word, whether a step could do something in
a Region, and which Units, Leaders, Slots and Roads there it may take. Queries only: the Event
executor (``effects.py``) asks them and changes the state.
"""

from __future__ import annotations

from dataclasses import replace

from ...core.game import State
from .data import (
    ALLIANCE_OF,
    ALLIANCES,
    NEUTRAL,
    SABOTAGE,
    SLOT_SHAPES,
    UNITS,
    Content,
    board_for,
    controller,
    owner,
    present,
    shape,
    what,
)
from .events import MARCHES, Step
from .moves import TOKEN_SHAPE, any_march, battle_at, free, leader_region, pieces, sides
from .solo import relaxed
from .state import partner


def armies_of(who: str) -> tuple[str, ...]:
    return ALLIANCES.get(who, (who,))


def meets(content: Content, s: State, banner, army: str, key: str, board=None) -> bool:
    """Whether a Region meets a banner (p.12; card anatomy): a Named Region or a Named Leader's
    Region, the Presence icon, the "No X Presence" icons, the Region type, Control."""
    if banner.named and key != banner.named:
        return False
    if not _of_type((board or board_for(content, s["armies"])).region(key), banner.region, s, key):
        return False
    if banner.leader and key != leader_region(content, s, banner.leader):
        return False
    slots = s["map"][key]
    if banner.presence != "none" or banner.absent:
        here = present(slots)  # who has Presence (glossary): as moves.presence asks
        if banner.presence != "none" and here.isdisjoint(armies_of(banner.presence)):
            return False
        if any(not here.isdisjoint(armies_of(a)) for a in banner.absent):
            return False
    return not banner.control or controller(slots) == army


def _of_type(region, kind: str, s: State, key: str) -> bool:
    """Whether a Region is of the banner's type: any, a City, a Desert, Jerusalem, a Port not
    destroyed."""
    if kind == "any":
        return True
    if kind == "city":
        return region.city
    if kind == "desert":
        return not region.city
    if kind == "jerusalem":
        return region.jerusalem
    assert kind == "port", kind  # the banner's types (events.py checks them on loading)
    return region.port and key not in s.get("destroyed", [])


def meeting(content: Content, s: State, banner, army: str) -> list[str]:
    """The Regions that meet a banner (:func:`meets`, the same questions), in the map's order; the
    Named Region and the Named Leader's Region looked up once rather than for every Region, the
    Region types the map alone settles once per board."""
    keys = list(s["map"])
    if banner.named:
        keys = [k for k in keys if k == banner.named]
    if banner.leader:
        at = leader_region(content, s, banner.leader)
        keys = [k for k in keys if k == at]
    board = board_for(content, s["armies"])
    if banner.region in ("city", "desert", "jerusalem"):
        of_type = _of_kind(board, banner.region)
        keys = [k for k in keys if k in of_type]
    elif banner.region != "any":
        keys = [k for k in keys if _of_type(board.region(k), banner.region, s, k)]
    # what remains of :func:`meets`, its sets of Armies found once for all the Regions
    need = armies_of(banner.presence) if banner.presence != "none" else None
    absent = [armies_of(a) for a in banner.absent]
    out = []
    for k in keys:
        slots = s["map"][k]
        if need is not None or absent:
            here = present(slots)
            if need is not None and here.isdisjoint(need):
                continue
            if any(not here.isdisjoint(a) for a in absent):
                continue
        if banner.control and controller(slots) != army:
            continue
        out.append(k)
    return out


def _of_kind(board, kind: str) -> frozenset[str]:
    """The Regions of a type the map alone settles (a City, a Desert, Jerusalem), computed once
    per board: :func:`meeting` asks :func:`meets` only about those."""
    found = board.memo.get(("of_type", kind))
    if found is None:
        found = board.memo["of_type", kind] = frozenset(r.key for r in board.regions if _of_type(r, kind, {}, r.key))
    return found


def main_banner(s: State, banner, army: str):
    """The banner a main event is executed under: the card's own, or for a Bot whose column
    relaxes it (p.23, EVENT CARDS) the same without its Region type (column 2) or its Presence icon
    (column 3); a Named Region or Leader, Control and "No X Presence" still hold (ruling TC95)."""
    kind = relaxed(s, army)
    if kind == "any_region":
        return replace(banner, region="any")
    if kind == "any_presence":
        return replace(banner, presence="none")
    return banner


def muster_army(s: State, army: str, step: Step) -> str:
    """Whose Units a muster places: the Army's, its partner's (its own when the partner does not
    play, as for double-coloured Units at setup, p.6), or Neutral ones."""
    if step.army == "partner":
        return partner(s, army) or army
    return NEUTRAL if step.army == NEUTRAL else army


def closed(s: State, key: str, side: str) -> bool:
    """A truce forbids a Battle here (The Treaty of Jaffa)."""
    return key in (s.get("truce") or ()) and battle_at(s, key, {side})


def leader_free(content: Content, s: State, key: str) -> bool:
    up = sides(content, key)
    on_ship = any(k in pieces_ for ship in s["ships"].values() for pieces_ in ship.values() for k in up)
    return leader_region(content, s, key) is None and not on_ship and key not in s.get("gone", [])


def units_of(s: State, key: str, whose: str, unit: str = "any") -> list[str]:
    """The Units (never Leaders) of ``whose`` in a Region, of a type or any."""
    armies = (NEUTRAL,) if whose == NEUTRAL else armies_of(whose)
    return [p for p in pieces(s, key) if owner(p) in armies and what(p) in UNITS and unit in ("any", what(p))]


def leaders_of(content: Content, s: State, key: str, whose: str) -> list[str]:
    armies = None if whose == "any" else ((NEUTRAL,) if whose == NEUTRAL else armies_of(whose))
    return [p for p in pieces(s, key) if what(p) in content.leaders and (armies is None or owner(p) in armies)]


def slots_holding(content: Content, s: State, key: str, held) -> list[int]:
    """One Slot of each kind (shape and icon shown) holding ``held`` (None: free)."""
    region = board_for(content, s["armies"]).region(key)
    tokens = s.get("tokens", {}).get(key) or [None] * len(SLOT_SHAPES)
    seen, out = set(), []
    for i, piece in enumerate(s["map"][key]):
        kind = (SLOT_SHAPES[i], tokens[i] or region.icons[i])
        if piece == held and kind not in seen:
            seen.add(kind)
            out.append(i)
    return out


def roads_from(content: Content, s: State, key: str) -> list[str]:
    b = board_for(content, s["armies"])
    return b.adjacent_to(key)  # by Road (ruling TC75)


def can(content: Content, s: State, p: dict, step: Step, key: str) -> bool:
    """Whether ``step`` could do something in the Region."""
    army, do = p["army"], step.do
    if do == "muster":
        who = muster_army(s, army, step)
        piece = f"{who}:{step.unit}"
        if who == NEUTRAL:
            return free(content, s, key, shape(content, piece)) > 0
        if closed(s, key, ALLIANCE_OF[who]) or not s["reserve"][who][step.unit]:
            return False
        return free(content, s, key, shape(content, piece)) > 0 or battle_at(s, key, {ALLIANCE_OF[who]})
    if do == "remove":
        return bool(units_of(s, key, step.whose, step.unit))
    if do == "leader":
        leader = content.leaders[step.key]
        if step.action != "add":
            return leader_region(content, s, step.key) == key
        at = leader_region(content, s, step.key)  # on the map already: it moves here (ruling TC54)
        if (leader.army != NEUTRAL and leader.army not in s["armies"]) or at == key:
            return False
        if at is None and not leader_free(content, s, step.key):
            return False
        if leader.army != NEUTRAL:
            side = ALLIANCE_OF[leader.army]
            if closed(s, key, side):
                return False
            if battle_at(s, key, {side}):
                return True
        return free(content, s, key, leader.shape) > 0
    if do == "assassinate":
        return bool(leaders_of(content, s, key, step.whose))
    if do == "sabotage":
        return not board_for(content, s["armies"]).region(key).jerusalem and None in s["map"][key]
    if do == "remove_sabotage":
        return SABOTAGE in s["map"][key]
    if do == "bandit":
        return bool(roads_from(content, s, key))
    if do == "remove_bandit":
        return any(key in r for r in s.get("bandits", []))
    if do == "destroyed_port":
        return board_for(content, s["armies"]).region(key).port and key not in s.get("destroyed", [])
    if do == "token":
        tokens = s.get("tokens", {}).get(key) or [None] * len(SLOT_SHAPES)
        return any(
            sh == TOKEN_SHAPE[step.icon] and s["map"][key][i] is None and tokens[i] is None
            for i, sh in enumerate(SLOT_SHAPES)
        )
    if do == "remove_token":
        return step.icon in (s.get("tokens", {}).get(key) or [])
    if do in MARCHES:
        return any_march(content, s, p["army"], key, step.do, step.keep, [])
    return False
