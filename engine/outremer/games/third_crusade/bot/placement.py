"""Where the Bot adds, removes and places things in the Command phase (Solo rules, Adding and
removing during the phase, p.20-21): Units added (and where the excess goes), Units and Leaders
removed, Sabotage placed and removed, Bandits, Destroyed Ports, Resource tokens. Pure questions
of the state; ``events.py`` turns them into the Event Card's actions, and the flow asks them for
Orders and the diplomacy gains.

- ``add_priority(s, army, keys, jerusalem_max=None) -> list``: the Regions to add Units to, best
  first (p.20-21; ruling TC105); ``jerusalem_max`` the column's Jerusalem value.
- ``bare_room(s, key, unit) -> int``: the free Slots for ``unit`` that show no Resource icon or
  token ("The Bot never covers any Resource icons", p.21).
- ``overflow_region(s, army, key, unit) -> str | None``: where a Unit that does not fit goes.
- ``remove_region(s, army, keys, whose) -> str | None`` and ``remove_piece(s, army, key, pieces)``.
- ``leader_to_remove(s, army, pieces) -> str | None``: Cavalry over Infantry (p.21).
- ``sabotage_slot(s, army, options) -> (key, slot) | None`` over (Region, Slot) options with the
  player's Presence; ``unsabotage_slot(s, army, options)`` likewise for removing.
- ``bandit_to_remove(s, army, roads) -> (a, b) | None``: only a Road into Jerusalem the player
  Controls; the Bot never places Bandits (``places_bandits`` is False).
- ``destroyed_port_region(s, army, keys)``; ``port_to_rebuild(s, army, keys)``.
- ``token_region(s, army, keys, icon) -> str | None``: its strongest Region; None for CP.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from ....core.game import State
from .. import battle as arithmetic
from ..data import (
    ALLIANCE_OF,
    NEUTRAL,
    SABOTAGE,
    SLOT_SHAPES,
    UNIT_SHAPE,
    alliance_controller,
    content,
    controller,
    owner,
    present,
    what,
)
from . import geometry as geo
from .common import allies, opponents, pieces_in, units_in

places_bandits = False
"""p.21: "The Bot ignores placing Bandits"."""
SABOTAGE_ORDER = ("glory", "cp", "crown", "supply", "gold")
"""p.21: Glory, command point, crown, supply, gold; a Slot without an icon last (ruling TC106)."""
UNSABOTAGE_ORDER = ("glory", "crown", "supply", "gold")
"""Removing Sabotage: the same order skipping command points (p.21)."""
TOKENS = ("glory", "crown", "gold", "supply")
"""p.21: "The Bot only places Glory, crowns, gold and supply chits"."""
SHAPE_UNIT = {shape: unit for unit, shape in UNIT_SHAPE.items()}


def _kind(s: State, key: str) -> str:
    return geo.board(s).region(key).kind


def _icon(s: State, key: str, i: int) -> str:
    """What a Slot shows: a Resource token on it, else its printed icon ("" for none)."""
    tokens = (s.get("tokens") or {}).get(key) or [None] * len(SLOT_SHAPES)
    return tokens[i] or geo.board(s).region(key).icons[i]


def bare_room(s: State, key: str, unit: str) -> int:
    """Free Slots for ``unit`` showing no Resource icon or token (p.21)."""
    return sum(
        1
        for i, sh in enumerate(SLOT_SHAPES)
        if sh == UNIT_SHAPE[unit] and s["map"][key][i] is None and not _icon(s, key, i)
    )


def _alliance_presence(s: State, army: str, key: str) -> bool:
    """Whether ``army``'s Alliance has a piece in ``key`` (:func:`pieces_in` of its Armies)."""
    return not present(s["map"][key]).isdisjoint(allies(s, army))


def _player_presence(s: State, army: str, key: str) -> bool:
    """Whether the player's Armies have a piece in ``key`` (:func:`pieces_in` of them)."""
    return not present(s["map"][key]).isdisjoint(opponents(s, army))


def add_priority(s: State, army: str, keys: Iterable[str], jerusalem_max: int | None = None) -> list[str]:
    """Where to add the Bot's Units, best first (p.20, Command: "1. Jerusalem if possible, until
    the Battle Strength there is equal to or higher than the value stated in the Bot Table; 2. the
    weakest Region where they have Control; 3. a Region where they have Presence and their
    Alliance Partner is in Control"; p.21: "If the Bot plays a card adding Units to a Region
    without their Alliance's Presence, they will choose an empty Region Adjacent to their weakest
    Region, with Neutral Units if possible"). Ruling TC105: then any other Region with its
    Alliance's Presence, weakest first; then Regions without it next to its weakest Regions in
    turn, Neutral Units first, then by Proximity; never a Region only the player holds."""
    keys = list(dict.fromkeys(keys))
    mine = allies(s, army)
    ranked: list[str] = []
    jer = geo.jerusalem(s)
    if jer in keys and jerusalem_max is not None and geo.strength(s, mine, jer) < jerusalem_max:
        ranked.append(jer)
    control = {k: controller(s["map"][k]) for k in keys}
    own = [k for k in keys if control[k] == army]
    partner = [k for k in keys if control[k] in mine and control[k] != army and pieces_in(s, k, army)]
    for group in (own, partner, [k for k in keys if _alliance_presence(s, army, k)]):
        ranked += [k for k in geo.by_strength(s, army, group) if k not in ranked]
    bare = [k for k in keys if not _alliance_presence(s, army, k) and not _player_presence(s, army, k)]
    b = geo.board(s)
    for base in geo.by_strength(s, army, geo.regions_with(s, army)):
        adjacent = b.adjacent_to(base)
        near = [k for k in bare if k in adjacent and k not in ranked]
        near.sort(key=lambda k: (not pieces_in(s, k, NEUTRAL), geo.proximity_key(s, army, k)))
        ranked += near
    ranked += [k for k in geo.by_proximity(s, army, bare) if k not in ranked]
    return ranked


def overflow_region(s: State, army: str, key: str, unit: str) -> str | None:
    """Where a Unit goes that ``key`` cannot hold (p.21): "add the excess Unit(s) to the weakest
    Adjacent Region. If none apply, first choose an Adjacent Region with Neutral Unit(s) and then
    an empty Adjacent Region"; the weakest Adjacent Region is one with the Bot's Presence (ruling
    TC105); each without covering an icon. None: that part is not played (an Order fails)."""
    near = [k for k in geo.board(s).adjacent_to(key) if bare_room(s, k, unit)]
    mine = [k for k in near if pieces_in(s, k, army) and not _player_presence(s, army, k)]
    if mine:
        return geo.weakest(s, army, mine)
    others = [k for k in near if not _alliance_presence(s, army, k) and not _player_presence(s, army, k)]
    neutral = [k for k in others if pieces_in(s, k, NEUTRAL)]
    return next(iter(geo.by_proximity(s, army, neutral or others)), None)


def remove_region(s: State, army: str, keys: Iterable[str], whose: Sequence[str] | None = None) -> str | None:
    """p.21: "The Bot chooses the Region with the fewest of your Units. They never remove Neutral
    Units": among Regions holding Units of the player's (``whose``, by default every opposing
    Army), the fewest, ties by Proximity."""
    whose = tuple(whose) if whose else opponents(s, army)
    held = [k for k in keys if units_in(s, k, whose)]
    return min(held, key=lambda k: (len(units_in(s, k, whose)), geo.proximity_key(s, army, k)), default=None)


def remove_piece(s: State, army: str, key: str, pieces: Iterable[str]) -> str | None:
    """Which of the player's Units to remove (ruling TC107): never a Neutral one; the one
    strongest in the Region's type (as Sabotage takes "the stronger Unit for that Region type",
    p.21), ties Cavalry, Infantry, Siege Engine."""
    kind = _kind(s, key)
    theirs = [p for p in pieces if (a := owner(p)) is not None and a != NEUTRAL and ALLIANCE_OF[a] != ALLIANCE_OF[army]]
    tie = ("cavalry", "infantry", "siege")
    return min(theirs, key=lambda p: (-arithmetic.STRENGTH[(what(p), kind)], tie.index(what(p)), p), default=None)


def leader_to_remove(s: State, army: str, pieces: Iterable[str]) -> str | None:
    """p.21: "If The Bot is removing a Leader they choose Cavalry over Infantry": of the player's
    Leaders, one with a Cavalry icon, then an Infantry icon, then none; never its own Alliance's
    or a Neutral one (ruling TC107)."""
    leaders = content().leaders
    theirs = [
        p
        for p in pieces
        if (a := owner(p)) is not None and a != NEUTRAL and ALLIANCE_OF[a] != ALLIANCE_OF[army] and what(p) in leaders
    ]
    rank = {"cavalry": 0, "infantry": 1, "": 2}
    return min(theirs, key=lambda p: (rank[leaders[what(p)].unit], -leaders[what(p)].units, p), default=None)


def _slot_strength(s: State, key: str, i: int) -> int:
    """The Battle Strength, in the Region's type, of the Unit a Slot holds (p.14)."""
    return arithmetic.STRENGTH[(SHAPE_UNIT[SLOT_SHAPES[i]], _kind(s, key))]


def sabotage_slot(s: State, army: str, options: Iterable[tuple[str, int]]) -> tuple[str, int] | None:
    """p.21: "The Bot only Sabotages a Region where you have Presence, prioritizing first Glory,
    followed by command point, crown, supply and last gold. With multiple options, they choose
    the Unit Slot that holds the stronger Unit for that Region type." Then Proximity (ruling
    TC106). ``options``: free (Region, Slot) pairs the card allows."""
    held: dict[str, bool] = {}  # the player's Presence, once per Region
    ok = []
    for k, i in options:
        if s["map"][k][i] is not None:
            continue
        there = held.get(k)
        if there is None:
            there = held[k] = _player_presence(s, army, k)
        if there:
            ok.append((k, i))

    def rank(o):
        k, i = o
        icon = _icon(s, k, i)
        return (
            SABOTAGE_ORDER.index(icon) if icon in SABOTAGE_ORDER else len(SABOTAGE_ORDER),
            -_slot_strength(s, k, i),
            geo.proximity_key(s, army, k),
            i,
        )

    return min(ok, key=rank, default=None)


def unsabotage_slot(s: State, army: str, options: Iterable[tuple[str, int]]) -> tuple[str, int] | None:
    """p.21: "When the Bot removes Sabotage chits they follow the priority order, but skips
    command point chits, in the stronger Region with multiple options": Glory, crown, supply,
    gold, then a Slot without an icon; never one on a command point; only in Regions its Alliance
    Controls, whose icons it would count (ruling TC106)."""
    side = ALLIANCE_OF[army]
    ok = [
        (k, i)
        for k, i in options
        if s["map"][k][i] == SABOTAGE and alliance_controller(s["map"][k]) == side and _icon(s, k, i) != "cp"
    ]

    def rank(o):
        k, i = o
        icon = _icon(s, k, i)
        strong, bare = geo.strength_key(s, allies(s, army), k)
        return (
            UNSABOTAGE_ORDER.index(icon) if icon in UNSABOTAGE_ORDER else len(UNSABOTAGE_ORDER),
            -strong,
            -bare,
            geo.proximity_key(s, army, k),
            i,
        )

    return min(ok, key=rank, default=None)


def bandit_to_remove(s: State, army: str, roads: Iterable[Sequence[str]]) -> tuple[str, str] | None:
    """p.21: "A Bot will only remove a Bandit if you Control Jerusalem and a Bandit blocks a Road
    with direct access to Jerusalem": a Road with a Bandit, one end Jerusalem, while the player's
    Alliance Controls Jerusalem (ruling TC74); the first such by Proximity of its other end."""
    jer = geo.jerusalem(s)
    players = {ALLIANCE_OF[a] for a in opponents(s, army)}
    if alliance_controller(s["map"][jer]) not in players:
        return None
    bandits = [sorted(r) for r in s.get("bandits", [])]
    into = [(r[0], r[1]) for r in roads if jer in r and sorted(r) in bandits]
    return min(into, key=lambda r: geo.proximity_key(s, army, r[0] if r[1] == jer else r[1]), default=None)


def destroyed_port_region(s: State, army: str, keys: Iterable[str]) -> str | None:
    """p.21: "When adding a Destroyed Port the Bot chooses the Region where you have the highest
    Battle Strength"; ties by Proximity. With the player in none of the Ports allowed, a Port
    without its own Alliance's pieces; never one of its own (ruling TC107)."""
    keys = list(keys)
    them = opponents(s, army)
    pool = [k for k in keys if pieces_in(s, k, them)] or [k for k in keys if not pieces_in(s, k, allies(s, army))]
    return min(pool, key=lambda k: (-geo.strength(s, them, k), geo.proximity_key(s, army, k)), default=None)


def port_to_rebuild(s: State, army: str, keys: Iterable[str]) -> str | None:
    """p.21: "When removing a chit they choose the Region where they have the highest Battle
    Strength"."""
    return geo.strongest(s, allies(s, army), keys)


def token_region(s: State, army: str, keys: Iterable[str], icon: str) -> str | None:
    """p.21: "The Bot only places Glory, crowns, gold and supply chits. Command points are
    ignored. The Bot places a Resource in the strongest Region" (of its own, ruling TC105)."""
    if icon not in TOKENS:
        return None
    mine = [k for k in keys if pieces_in(s, k, army)]
    return geo.strongest(s, army, mine)
