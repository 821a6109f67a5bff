"""The variable setup's content and its placement rules (p.9; rulings TC41-TC47).

``variable_setup.toml`` in ``data/`` gives the Objective Cards dealt and discarded, the
deployment points each Unit type costs (a Leader is free) and the types deployed only in a City,
how many Deserts a player may use, the Regions open to one Alliance with their caps (Jerusalem to
the Muslims: 3 square and 1 hexagonal piece), and each Army's Leaders and deployment points. It is
validated on load against the Leaders, the map and the Objective decks, with errors that name the
file, the entry and the field.

The rules here are pure functions of a position (``data.py``): which Regions an Army may deploy
into and which pieces it may place there now.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache

from ...core.data import entry, field, only_known, tables
from ...core.errors import DataError
from .cards import Objective, cards
from .data import (
    ALLIANCE_OF,
    ALLIANCES,
    ARMIES,
    SABOTAGE,
    SLOT_COUNT,
    SLOT_SHAPES,
    UNIT_SHAPE,
    UNITS,
    Board,
    Content,
    Leader,
    content,
    genoa,
    owner,
    read_data,
    shape,
)


@dataclass(frozen=True, slots=True)
class Opening:
    """A Region open to one Alliance's players besides their Objective Cities (Jerusalem to the
    Muslims), and the most pieces of each Slot shape it may hold at setup."""

    region: str
    alliance: str
    caps: dict
    """Slot shape ("square", "hex", "trapezoid") -> the most pieces of that shape."""


@dataclass(frozen=True, slots=True)
class Variable:
    dealt: int
    """Objective Cards dealt to each player from its Alliance's deck."""
    discard: int
    """Of which it discards this many face down."""
    cost: dict
    """Unit type -> deployment points; a Leader costs nothing."""
    city_only: tuple[str, ...]
    deserts: int
    """How many Deserts, each Adjacent by Road to a main City of its Objectives, a player may use."""
    openings: tuple[Opening, ...]
    leaders: dict
    """Army -> the keys of its Leaders deployed (in the order printed)."""
    points: dict
    """Army -> its deployment points."""


# --- loading -------------------------------------------------------------------------------


def _int(where: str, raw: dict, key: str, low: int, high: int) -> int:
    value = field(where, raw, key, int)
    if not low <= value <= high:
        raise DataError(f"{where}: field {key!r} is {value}; expected {low} to {high}.")
    return value


def _table(data: dict, key: str, name: str) -> dict:
    raw = data.get(key)
    if not isinstance(raw, dict):
        raise DataError(f"{name}: expected a [{key}] table.")
    return raw


def decks(objectives: Sequence[Objective], north: bool) -> dict[str, list[str]]:
    """Each Alliance's deck of the variable setup (p.9), its cards' keys sorted: without the North
    cards when only the south board is used (2 players, ruling TC41)."""
    return {
        al: sorted(o.key for o in objectives if o.deck == al and (north or o.section == "south"))
        for al in sorted(ALLIANCES)
    }


def parse_variable(
    data: dict,
    board: Board,
    leaders: Mapping[str, Leader],
    objectives: Sequence[Objective],
    name: str = "variable_setup.toml",
) -> Variable:
    """The variable setup on the 4-player ``board`` (both map boards joined)."""
    only_known(name, data, ("deal", "cost", "areas", "open", "army"))
    deal = _table(data, "deal", name)
    where = f"{name}: [deal]"
    only_known(where, deal, ("dealt", "discard"))
    dealt = _int(where, deal, "dealt", 1, 9)
    discard = _int(where, deal, "discard", 0, dealt - 1)
    for north, players in ((True, 2), (False, 1)):
        for al, deck in decks(objectives, north).items():
            if len(deck) < dealt * players:
                kind = "" if north else "south "
                raise DataError(
                    f"{where}: field 'dealt' is {dealt}: the {al} deck's {len(deck)} {kind}cards cannot "
                    f"deal it to {players} player{'s' if players > 1 else ''} (p.9)."
                )
    raw_cost = _table(data, "cost", name)
    where = f"{name}: [cost]"
    only_known(where, raw_cost, (*UNITS, "city_only"))
    cost = {unit: _int(where, raw_cost, unit, 1, 20) for unit in UNITS}
    city_only = field(where, raw_cost, "city_only", list, [])
    for unit in city_only:
        if unit not in UNITS:
            raise DataError(f"{where}: field 'city_only' has {unit!r}; expected each of {', '.join(UNITS)}.")
    areas = _table(data, "areas", name)
    only_known(f"{name}: [areas]", areas, ("deserts",))
    deserts = _int(f"{name}: [areas]", areas, "deserts", 0, 9)
    openings: list[Opening] = []
    regions = {r.key: r for r in board.regions}
    for i, raw in enumerate(tables(data, "open", name, "open") if "open" in data else []):
        where = entry(name, "open", i, raw, "region")
        only_known(where, raw, ("region", "alliance", *SLOT_COUNT))
        key = field(where, raw, "region", str)
        if key not in regions:
            raise DataError(f"{where}: field 'region' is {key!r}, which is no Region of the {board.title}.")
        if any(o.region == key for o in openings):
            raise DataError(f"{where}: field 'region' repeats an earlier entry.")
        caps = {sh: _int(where, raw, sh, 0, n) for sh, n in SLOT_COUNT.items()}
        openings.append(Opening(key, field(where, raw, "alliance", str, allowed=tuple(ALLIANCES)), caps))
    armies: dict[str, tuple[str, ...]] = {}
    points: dict[str, int] = {}
    for i, raw in enumerate(tables(data, "army", name, "army")):
        where = entry(name, "army", i, raw, "army")
        only_known(where, raw, ("army", "leaders", "points"))
        army = field(where, raw, "army", str, allowed=ARMIES)
        if army in armies:
            raise DataError(f"{where}: field 'army' repeats an earlier entry.")
        keys = field(where, raw, "leaders", list)
        for key in keys:
            if not isinstance(key, str) or key not in leaders or leaders[key].army != army:
                raise DataError(f"{where}: field 'leaders' has {key!r}, which is no Leader of the {army!r} Army.")
        if len(set(keys)) != len(keys):
            raise DataError(f"{where}: field 'leaders' names a Leader twice.")
        armies[army] = tuple(keys)
        points[army] = _int(where, raw, "points", 0, 99)
    missing = [a for a in ARMIES if a not in armies]
    if missing:
        raise DataError(f"{name}: no [[army]] entry for {', '.join(missing)}.")
    return Variable(dealt, discard, cost, tuple(city_only), deserts, tuple(openings), armies, points)


@cache
def variable() -> Variable:
    c = content()
    assert c.both is not None, "content() reads the north board too"
    return parse_variable(read_data("variable_setup.toml"), c.both, c.leaders, cards().objectives)


# --- the start -----------------------------------------------------------------------------


def empty(board: Board) -> dict[str, tuple]:
    """The map before anyone deploys: no piece and no Sabotage token (ruling TC42)."""
    return {r.key: (None,) * len(SLOT_SHAPES) for r in board.regions}


def ships(content: Content, armies: Sequence[str], v: Variable) -> dict:
    """The Genoa ships of the page for the player count, without the Leaders the variable setup
    deploys (Guido; with 4 players Diepold too): ship -> Army -> pieces (ruling TC42)."""
    deployed = {key for keys in v.leaders.values() for key in keys}
    return {
        ship: {a: [p for p in load if p not in deployed] for a, load in loads.items()}
        for ship, loads in genoa(content, armies).items()
    }


# --- where a piece may go ------------------------------------------------------------------


def areas(
    board: Board, v: Variable, army: str, mains: Sequence[str], deserts: Sequence[str], position: Mapping[str, Sequence]
) -> list[str]:
    """The Regions ``army`` may deploy into now, in the map's order (p.9; ruling TC44): the main
    Cities of its revealed Objectives; a Desert Adjacent by Road to one of them (once it has used
    its ``v.deserts`` Deserts, only those); the Regions open to its Alliance; none holding a piece
    of the other Alliance."""
    side = ALLIANCE_OF[army]
    opened = {o.region for o in v.openings if o.alliance == side}
    out = []
    for region in board.regions:
        key = region.key
        if region.city:
            usable = key in mains or key in opened
        else:
            usable = (
                key in opened
                or key in deserts
                or (len(deserts) < v.deserts and any(board.adjacent(key, m) for m in mains))
            )
        enemy = any((a := owner(p)) is not None and a in ALLIANCE_OF and ALLIANCE_OF[a] != side for p in position[key])
        if usable and not enemy:
            out.append(key)
    return out


def room(content: Content, v: Variable, key: str, slots: Sequence, piece_shape: str) -> bool:
    """Whether a piece of this shape fits in the Region: a free Slot of its shape, and below the
    Region's cap where it has one (Jerusalem, TC44)."""
    if not any(sh == piece_shape and s is None for sh, s in zip(SLOT_SHAPES, slots, strict=False)):
        return False
    opening = next((o for o in v.openings if o.region == key), None)
    if opening is None:
        return True
    held = sum(
        1 for sh, s in zip(SLOT_SHAPES, slots, strict=False) if sh == piece_shape and s is not None and s != SABOTAGE
    )
    return held < opening.caps[piece_shape]


def placements(
    content: Content,
    board: Board,
    v: Variable,
    army: str,
    mains: Sequence[str],
    deserts: Sequence[str],
    position: Mapping[str, Sequence],
    points: int,
    leaders: Sequence[str],
    reserve: Mapping[str, int],
) -> list[tuple[str, str]]:
    """Every (piece, Region) ``army`` may deploy now (p.9): its Leaders still to place, free; each
    Unit type it can pay for and still has on its player board, a City-only type in a City; in a
    Region it may use with room for the piece. Leaders first, then Infantry, Cavalry, Siege
    Engines, each over the Regions in the map's order."""
    open_now = areas(board, v, army, mains, deserts, position)
    kinds = list(leaders) + [u for u in UNITS if v.cost[u] <= points and reserve.get(u, 0) > 0]
    out = []
    for kind in kinds:
        piece = f"{army}:{kind}"
        piece_shape = UNIT_SHAPE[kind] if kind in UNIT_SHAPE else shape(content, piece)
        for key in open_now:
            if kind in v.city_only and not board.region(key).city:
                continue
            if room(content, v, key, position[key], piece_shape):
                out.append((kind, key))
    return out


def cost(v: Variable, kind: str) -> int:
    """The deployment points a piece costs: a Unit by the table, a Leader nothing."""
    return v.cost.get(kind, 0)
