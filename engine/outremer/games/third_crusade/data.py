"""Third Crusade data: the south and north map boards and the Roads that join them, the Leaders,
the starting positions (2 and 3 players on the south board, 4 players on both); and the pure
functions every rule asks of them: who Controls a Region, which Slot a new piece takes, and
each Army's four tracks.

All designed for Outremer but the facts the rulebook gives (ruling TC1); TOML files in
``data/``, read and validated into typed records by ``loading.py`` (an error names the file, the
entry and the field) and loaded once here (``content()``). The constants and the records are
``records.py``'s, below this module; they are read from here as well.

A *position* is plain data: for each Region key, its 9 Slots in the order of the map file
(6 square, 2 hexagonal, 1 trapezoid), each ``None`` (free), ``"sabotage"`` (a Sabotage token)
or a piece ``"<owner>:<what>"``: the owner an Army or ``neutral``, the what a Unit type
(``infantry``, ``cavalry``, ``siege``) or a Leader's key (``"ayyubid:al_adil"``).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from dataclasses import replace
from functools import cache
from operator import is_
from typing import Any

from ...core.errors import DataError
from .loading import parse, parse_player_board, read_data
from .records import (  # noqa: F401 (the constants and records, read from here by the other modules and web/)
    ALLIANCE_OF,
    ALLIANCES,
    ARMIES,
    ARMY_NAMES,
    ICONS,
    NEUTRAL,
    SABOTAGE,
    SHIPS,
    SIDES,
    SLOT_COUNT,
    SLOT_SHAPES,
    TRACKS,
    UNIT_SHAPE,
    UNIT_TOTALS,
    UNITS,
    Board,
    Content,
    Leader,
    LoneMove,
    Page,
    Placement,
    Position,
    Region,
    Section,
    Setup,
)

# --- the content, loaded once ---------------------------------------------------------------


@cache
def content() -> Content:
    parsed = parse(
        read_data("map_south.toml"),
        read_data("leaders.toml"),
        read_data("setup.toml"),
        read_data("map_north.toml"),
        read_data("setup_four.toml"),
    )
    return replace(parsed, boards=parse_player_board(read_data("player_boards.toml")))


_NEEDS: dict = {}
"""(id of the Sections, Units on the board by type) -> (the Sections, the supply needed): every
view asks it for every Army."""


def supply_need(content: Content, reserve: Mapping[str, int], army: str) -> int:
    """The supply ``army`` needs at Upkeep with ``reserve`` Units of each type on its player
    board: the icons of every Section not fully stacked (p.17). Units leave from the leftmost
    Section still holding their type and come back to the rightmost one not full (p.5), so
    the Units on the board fill a type's Sections from the right."""
    sections = content.boards[army]
    key = (id(sections), *(reserve.get(unit, 0) for unit in UNITS))
    hit = _NEEDS.get(key)
    if hit is not None and hit[0] is sections:
        return hit[1]
    need = _supply_need(sections, reserve)
    if len(_NEEDS) > 10_000:
        _NEEDS.clear()
    _NEEDS[key] = (sections, need)
    return need


def _supply_need(sections: Sequence[Section], reserve: Mapping[str, int]) -> int:
    need = 0
    for unit in UNITS:
        left = reserve.get(unit, 0)
        for section in reversed([s for s in sections if s.unit == unit]):
            inside = min(section.size, left)
            left -= inside
            if inside < section.size:
                need += section.supply
    return need


# --- pieces, Control, Slots, tracks ---------------------------------------------------------


_OWNERS: dict = {None: None, SABOTAGE: None}


def owner(piece: str | None) -> str | None:
    """The Army (or ``neutral``) a piece belongs to; None for a free Slot or a Sabotage token."""
    try:
        return _OWNERS[piece]
    except KeyError:
        assert piece is not None  # None is a key of _OWNERS: never missing
        found = _OWNERS[piece] = piece.split(":", 1)[0]
        return found


_WHATS: dict[str, str] = {}
"""Piece -> its Unit type or Leader key, as :func:`what` finds it (like ``_OWNERS``: the pieces'
names, the same in every game)."""


def what(piece: str) -> str:
    """A piece's Unit type or Leader key."""
    try:
        return _WHATS[piece]
    except KeyError:
        found = _WHATS[piece] = piece.split(":", 1)[1]
        return found


def shape(content: Content, piece: str) -> str:
    """The Slot shape a piece takes: Units by type, Leaders by their token."""
    w = what(piece)
    return UNIT_SHAPE[w] if w in UNIT_SHAPE else content.leaders[w].shape


CACHE_LIMIT = 20_000
"""The most entries a cache of answers keyed by Slots keeps before it is emptied (a search meets
many sets of Slots; a game's steps ask again mostly of the latest)."""


def remembered(cache: dict, key: Hashable, work: Callable, *args: Any) -> Any:
    """``work(key, *args)``, looked up in ``cache`` first and kept there (emptied past
    ``CACHE_LIMIT``): for answers that are functions of the key alone (``args``, if any, are
    worked out from it, given to save the work again)."""
    try:
        return cache[key]
    except KeyError:
        pass
    if len(cache) > CACHE_LIMIT:
        cache.clear()
    found = cache[key] = work(key, *args)
    return found


def remembered_with(cache: dict, key: Hashable, within: tuple, work: Callable, *args: Any) -> Any:
    """``work(*args)``, kept in ``cache`` as :func:`remembered` keeps answers, for answers that
    depend also on the objects ``within`` (the game's Content, a Region, a map) that the key leaves
    out or names by ``id`` alone: they are kept beside the answer, and an entry counts only for
    the very same objects (an ``id`` may be reused once its object is gone)."""
    hit = cache.get(key)
    if hit is not None and all(map(is_, hit[0], within)):
        return hit[1]
    if len(cache) > CACHE_LIMIT:
        cache.clear()
    found = work(*args)
    cache[key] = (within, found)
    return found


_PRESENT: dict = {}
"""A Region's Slots (as a tuple) -> who holds them (:func:`present`)."""


def present(slots: Iterable) -> frozenset:
    """Who holds these Slots: the owner of each (:func:`owner`: an Army or ``neutral``), and None
    where a Slot is free or holds a Sabotage token; the set of ``owner(p) for p in slots``."""
    return remembered(_PRESENT, slots if type(slots) is tuple else tuple(slots), _present)


def _present(slots: tuple) -> frozenset:
    return frozenset(owner(p) for p in slots)


_CONTROLLERS: dict = {}
"""A Region's Slots (as a tuple) -> the Army Controlling it (:func:`controller`): asked for every
Region many times on each step of a search, while a step changes few Slots."""


def controller(slots: Iterable) -> str | None:
    """The Army Controlling a Region holding these Slots: the one with the most pieces there,
    Units and Leaders alike (ruling TC6); Neutral pieces count for nobody; a tie: no Army (their
    Alliance may still Control it: :func:`alliance_controller`, ruling TC74)."""
    return remembered(_CONTROLLERS, slots if type(slots) is tuple else tuple(slots), _controller)


def _controller(slots: tuple) -> str | None:
    count: dict[str, int] = {}
    for piece in slots:
        if piece is None:
            continue
        army = owner(piece)
        if army is not None and army != NEUTRAL:
            count[army] = count.get(army, 0) + 1
    if len(count) < 2:
        return next(iter(count), None)
    best = max(count.values())
    leaders = [a for a, n in count.items() if n == best]
    return leaders[0] if len(leaders) == 1 else None


_ALLIANCE_CONTROLLERS: dict = {}
"""A Region's Slots (as a tuple) -> the Alliance in Control of it (:func:`alliance_controller`)."""


def alliance_controller(slots: Iterable) -> str | None:
    """The Alliance in Control of a Region holding these Slots (ruling TC74): the Alliance of the
    Army that Controls it, or, where the Armies with the most pieces are level and all of one
    Alliance, that Alliance ("The Crusader Alliance is in Control of the Region, but no single
    Army is", p.14). None where nobody's pieces stand, or Armies of both Alliances are level."""
    return remembered(_ALLIANCE_CONTROLLERS, slots if type(slots) is tuple else tuple(slots), _alliance_controller)


def _alliance_controller(slots: tuple) -> str | None:
    count: dict[str, int] = {}
    for piece in slots:
        army = owner(piece) if piece is not None else None
        if army is not None and army != NEUTRAL:
            count[army] = count.get(army, 0) + 1
    if not count:
        return None
    best = max(count.values())
    sides = {ALLIANCE_OF[a] for a, n in count.items() if n == best}
    return sides.pop() if len(sides) == 1 else None


def control(region: str, pieces: Position) -> str | None:
    """Who Controls ``region`` in the position ``pieces`` (glossary, Control; ruling TC6)."""
    return controller(pieces[region])


def free_slot(content: Content, region: Region, slots: Sequence, piece_shape: str) -> int | None:
    """The Slot a new piece of this shape takes: a free one without a Resource icon if there is
    one, else the first free one with an icon, in the map's order ("avoid covering Resources
    where possible", ruling TC5); None when every Slot of the shape is taken."""
    free = [i for i, s in enumerate(SLOT_SHAPES) if s == piece_shape and slots[i] is None]
    bare = [i for i in free if not region.icons[i]]
    return bare[0] if bare else free[0] if free else None


def place(content: Content, region: Region, slots: Sequence, piece: str) -> tuple:
    """The Slots with ``piece`` added where :func:`free_slot` puts it; a DataError if no Slot
    of its shape is free."""
    i = free_slot(content, region, slots, shape(content, piece))
    if i is None:
        raise DataError(f"{region.name} has no free {shape(content, piece)} Slot for {piece!r}.")
    return tuple(piece if j == i else s for j, s in enumerate(slots))


def uncovered(region: Region, slots: Sequence, tokens: Sequence | None = None) -> tuple[str, ...]:
    """The Resource icons of a Region that show: on Slots holding no piece and no Sabotage
    token; a Resource token on a Slot shows its icon instead of the printed one (ruling TC32)."""
    out = []
    for i, (icon, held) in enumerate(zip(region.icons, slots, strict=False)):
        if held is None:
            shown = tokens[i] if tokens and tokens[i] else icon
            if shown:
                out.append(shown)
    return tuple(out)


def tracks(
    content: Content, position: Position, board: Board | None = None, tokens: Mapping[str, Sequence] | None = None
) -> dict[str, tuple[int, int, int, int]]:
    """Each Army's four tracks (command points, crowns, supply, gold; ruling TC4): the
    uncovered icons of the Regions it Controls, plus the icons of its Leaders on the map
    (Setup step 4, p.5; ruling TC8). Glory icons are no track: they count only at Upkeep.
    ``board`` defaults to the 4-player map, which holds every Region of both boards."""
    board = board or content.both or content.south
    totals = {army: dict.fromkeys(TRACKS, 0) for army in ARMIES}
    tokens = tokens or {}
    for key, slots in position.items():
        for army, icon in region_tracks(content, board.region(key), slots, tokens.get(key)):
            totals[army][icon] += 1
    cp, crown, supply, gold = TRACKS
    return {army: (t[cp], t[crown], t[supply], t[gold]) for army, t in totals.items()}


_REGION_TRACKS: dict = {}
"""(id of the Region, its Slots, its tokens) -> ((the Region, the content), what it gives): asked
before and after every change of a Region's Slots (``state.set_slot``), and for every Region when
the tracks are counted anew (``state.recount``)."""


def region_tracks(
    content: Content, region: Region, slots: Sequence, tokens: Sequence | None
) -> tuple[tuple[str, str], ...]:
    """The track icons one Region gives, each as (Army, track): the uncovered icons to its
    ruler, a Leader's icons to its Army (a Neutral Leader's to the ruler)."""
    slots = tuple(slots)
    key = (id(region), slots, None if tokens is None else tuple(tokens))
    return remembered_with(_REGION_TRACKS, key, (region, content), _region_tracks, content, region, slots, tokens)


def _region_tracks(
    content: Content, region: Region, slots: tuple, tokens: Sequence | None
) -> tuple[tuple[str, str], ...]:
    out = []
    ruler = controller(slots)
    if ruler is not None:
        for icon in uncovered(region, slots, tokens):
            if icon in TRACKS:
                out.append((ruler, icon))
    for piece in slots:
        army = owner(piece)
        if army is None or what(piece) not in content.leaders:
            continue
        army = ruler if army == NEUTRAL else army
        if army is not None:
            for icon in content.leaders[what(piece)].icons:
                out.append((army, icon))
    return tuple(out)


# --- setup ---------------------------------------------------------------------------------


_CHECKED: set = set()
"""The lists of Armies already found valid (``board_for`` is asked on every step of a search)."""


def check_armies(armies: Sequence[str]) -> None:
    """2 players: one Army of each Alliance; 3 players: both Armies of one Alliance and one of
    the other; 4 players: all four (Setup, p.4)."""
    key = tuple(armies)
    if key in _CHECKED:
        return
    _check_armies(armies)
    _CHECKED.add(key)


def _check_armies(armies: Sequence[str]) -> None:
    if len(set(armies)) != len(armies) or any(a not in ARMIES for a in armies):
        raise ValueError(f"armies must be distinct, from {', '.join(ARMIES)}: {list(armies)}")
    sizes = sorted(sum(a in ALLIANCES[al] for a in armies) for al in ALLIANCES)
    if sizes not in ([1, 1], [1, 2], [2, 2]):
        raise ValueError(
            f"the south page is for 2 players (one Army of each Alliance) or 3 (two Armies of one "
            f"Alliance, one of the other), the 4-player page for all four, not {list(armies)}"
        )


def board_for(content: Content, armies: Sequence[str]) -> Board:
    """The map in play: the south board with 2 and 3 players, both boards joined with 4 (p.5)."""
    if tuple(armies) not in _CHECKED:  # asked on almost every step: checked once per list of Armies
        check_armies(armies)
    if len(armies) < 4:
        return content.south
    if content.both is None or content.four is None:
        raise ValueError("the 4-player game needs the north board and the 4-player page")
    return content.both


def genoa(content: Content, armies: Sequence[str]) -> dict:
    """The Genoa ships of the page in play: ship -> Crusader Army -> pieces (p.5; ruling TC14)."""
    return content.four.genoa if len(armies) == 4 and content.four is not None else content.setup.genoa


def placer(placement: Placement, armies: Sequence[str]) -> str | None:
    """Who places the double-coloured Units of a Region: the one Army of their Alliance in
    play (2-player page text), or the ``three_player`` Army when both are (ruling TC3)."""
    if placement.alliance is None:
        return None
    playing = [a for a in ALLIANCES[placement.alliance] if a in armies]
    if not playing:
        return None
    return playing[0] if len(playing) == 1 else placement.three_player


def paired_in(army: str, armies: Sequence[str]) -> bool:
    """Whether ``army`` plays beside its Alliance Partner (the pair of 3 players; 4 players use
    their own page)."""
    return all(a in armies for a in ALLIANCES[ALLIANCE_OF[army]])


def lone_moves(content: Content, armies: Sequence[str]) -> tuple[LoneMove, ...]:
    """The [[lone]] moves of the 3-player page that apply to these Armies: those of the lone
    player's Army (ruling TC73)."""
    if len(armies) != 3:
        return ()
    return tuple(m for m in content.setup.lone if m.army in armies and not paired_in(m.army, armies))


def starting_position(content: Content, armies: Sequence[str]) -> dict[str, tuple]:
    """The map after setup for the Armies in play, on the 2- and 3-player page (p.6; ruling TC2)
    or, with all four, on the 4-player page over both boards (p.8-9; ruling TC14): the page's
    Sabotage tokens, each Army's own pieces (with those it places only beside its partner, ruling
    TC71, and those the lone player of 3 places elsewhere, TC73) and the double-coloured Units,
    the page's Neutral pieces, then a Neutral Infantry in every City holding no Unit or Leader."""
    board = board_for(content, armies)
    position: dict[str, tuple[str | None, ...]] = {r.key: (None,) * len(SLOT_SHAPES) for r in board.regions}
    lone = lone_moves(content, armies)
    if len(armies) == 4:
        assert content.four is not None, "four Armies play on the 4-player page (board_for checks it is read)"
        placements = content.four.placements
    else:
        placements = content.setup.two_three
    for p in placements:
        region = board.region(p.region)
        slots: list[str | None] = list(position[p.region])
        for icon in p.sabotage:
            slots[next(i for i, s in enumerate(slots) if s is None and region.icons[i] == icon)] = SABOTAGE
        own = {a: list(p.own.get(a, ())) for a in ARMIES if a in armies}
        for m in lone:
            if m.source == p.region:
                for w in m.pieces:
                    own[m.army].remove(w)
        pieces = [f"{a}:{w}" for a, placed in own.items() for w in placed]
        pieces += [f"{a}:{w}" for a in ARMIES if a in armies and paired_in(a, armies) for w in p.paired.get(a, ())]
        by = placer(p, armies)
        if by is not None:
            pieces += [f"{by}:{w}" for w in p.double]
        pieces += [f"{m.army}:{w}" for m in lone if m.to == p.region for w in m.pieces]
        pieces += [f"{NEUTRAL}:{w}" for w in p.neutral]
        placed = tuple(slots)
        for piece in pieces:
            placed = place(content, region, placed, piece)
        position[p.region] = placed
    for m in lone:
        if all(p.region != m.to for p in placements):
            for w in m.pieces:
                position[m.to] = place(content, board.region(m.to), position[m.to], f"{m.army}:{w}")
    for region in board.regions:
        if region.city and all(owner(s) is None for s in position[region.key]):
            position[region.key] = place(content, region, position[region.key], f"{NEUTRAL}:infantry")
    return position
