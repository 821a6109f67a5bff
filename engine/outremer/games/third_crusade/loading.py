"""Third Crusade's data files read and checked: the map boards (``map_south.toml``,
``map_north.toml``) and the Roads that join them, the Leaders (``leaders.toml``), the starting
positions of 2 and 3 players (``setup.toml``) and of 4 (``setup_four.toml``) with the Genoa
ships, and the player boards' Unit Sections (``player_boards.toml``), validated into the typed
records of ``records.py``; an error names the file, the entry and the field. ``data.py`` loads
them once (``content()``) and answers the rules' questions about them."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import replace

from ...core.data import entry, field, only_known, read_toml, tables, unique_keys
from ...core.errors import DataError
from ...core.graph import check_connected, links
from .records import (
    ALLIANCE_OF,
    ALLIANCES,
    ARMIES,
    ARMY_NAMES,
    ICONS,
    NEUTRAL,
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
    Region,
    Section,
    Setup,
)


def _int(where: str, raw: dict, key: str, low: int, high: int) -> int:
    value = field(where, raw, key, int)
    if not low <= value <= high:
        raise DataError(f"{where}: field {key!r} is {value}; expected {low} to {high}.")
    return value


def _strings(where: str, raw: dict, key: str, allowed=None, default=None) -> tuple[str, ...]:
    values = field(where, raw, key, list) if default is None else field(where, raw, key, list, default)
    for value in values:
        if not isinstance(value, str) or (allowed is not None and value not in allowed):
            expected = f"; expected each of {', '.join(repr(a) for a in allowed)}" if allowed is not None else ""
            raise DataError(f"{where}: field {key!r} has {value!r}{expected}.")
    return tuple(values)


def _joined(regions: Sequence[Region]) -> list[tuple[int, ...]]:
    """Each Region's neighbours by Road and, for a Port, by sea: what connects the map (ruling
    TC10; Adjacency itself is by Road, the sea only for a Sea Move, TC75)."""
    ports = [r.index for r in regions if r.port]
    return [tuple(sorted(set(r.roads) | ({p for p in ports if p != r.index} if r.port else set()))) for r in regions]


def parse_map(key: str, data: dict, name: str, *, jerusalem: bool = True, joins: bool = False) -> Board:
    """One map board. ``jerusalem``: the board holds Jerusalem (the south board) or holds none
    (the north); ``joins``: the file may declare [[join]] Roads to the other board, read by
    :func:`parse_joins`."""
    only_known(name, data, ("title", "note", "crusader_side", "muslim_side", "region") + (("join",) if joins else ()))
    title = field(name, data, "title", str)
    field(name, data, "note", str)
    sides = {a: field(name, data, f"{a}_side", str, allowed=SIDES) for a in ALLIANCES}
    if sides["crusader"] == sides["muslim"]:
        raise DataError(f"{name}: the two Alliances sit on the same side of the board.")
    raws = tables(data, "region", name, "region")
    keys = unique_keys(raws, name, "region")
    roads = links(raws, keys, name, "region", link="roads")
    regions = []
    for i, raw in enumerate(raws):
        where = entry(name, "region", i, raw)
        only_known(
            where,
            raw,
            (
                "key",
                "name",
                "kind",
                "jerusalem",
                "port",
                "mercantile",
                "x",
                "y",
                "roads",
                "square",
                "hex",
                "trapezoid",
                "flavour",
            ),
        )
        kind = field(where, raw, "kind", str, allowed=("city", "desert"))
        flags = {flag: field(where, raw, flag, bool) for flag in ("jerusalem", "port", "mercantile")}
        if kind == "desert":
            for flag, on in flags.items():
                if on:
                    raise DataError(f"{where}: field {flag!r}: a Desert cannot be {flag.capitalize()}.")
        if i in roads[i]:
            raise DataError(f"{where}: field 'roads' joins the Region to itself.")
        icons: list[str] = []
        for shape, count in SLOT_COUNT.items():
            slots = _strings(where, raw, shape, allowed=("",) + ICONS)
            if len(slots) != count:
                raise DataError(
                    f"{where}: field {shape!r} must list {count} Slot{'s' if count > 1 else ''}, not {len(slots)}."
                )
            icons.extend(slots)
        regions.append(
            Region(
                i,
                raw["key"],
                field(where, raw, "name", str),
                kind,
                flags["jerusalem"],
                flags["port"],
                flags["mercantile"],
                _int(where, raw, "x", 0, 1000),
                _int(where, raw, "y", 0, 1000),
                roads[i],
                tuple(icons),
                field(where, raw, "flavour", str, ""),
                key,
            )
        )
    if jerusalem and sum(r.jerusalem for r in regions) != 1:
        raise DataError(f"{name}: exactly one Region must be Jerusalem.")
    for r in regions:
        if r.jerusalem and not jerusalem:
            raise DataError(
                f"{entry(name, 'region', r.index, raws[r.index])}: field 'jerusalem': Jerusalem is on the south board."
            )
    check_connected(_joined(regions), [r.key for r in regions], name, "region")
    return Board(key, title, tuple(regions), sides)


def parse_joins(data: dict, north: Board, south: Board, name: str = "map_north.toml") -> tuple[tuple[str, str], ...]:
    """The [[join]] Roads of the north board's file, each (north key, south key): declared once,
    each end a Region of its board, no Road twice (ruling TC13)."""
    out: list[tuple[str, str]] = []
    for i, raw in enumerate(tables(data, "join", name, "join")):
        where = entry(name, "join", i, raw, "north")
        only_known(where, raw, ("north", "south", "flavour"))
        ends = []
        for side, board in (("north", north), ("south", south)):
            key = field(where, raw, side, str)
            if key not in {r.key for r in board.regions}:
                raise DataError(f"{where}: field {side!r} is {key!r}, which is no Region of the {board.title}.")
            ends.append(key)
        field(where, raw, "flavour", str, "")
        if tuple(ends) in out:
            raise DataError(f"{where}: repeats the Road {ends[0]!r} - {ends[1]!r}.")
        out.append((ends[0], ends[1]))
    return tuple(out)


def join_boards(south: Board, north: Board, joins: Sequence[tuple[str, str]], name: str = "map_north.toml") -> Board:
    """The 4-player map: the south board's Regions, then the north's, each keeping its Roads,
    and the ``joins`` Roads added at both ends (ruling TC13). Keys are unique over both boards,
    both boards seat the Alliances alike (ruling TC9), and the whole map is connected."""
    south_keys = {r.key for r in south.regions}
    for r in north.regions:
        if r.key in south_keys:
            raise DataError(
                f"{name}: region {r.index + 1} ({r.key!r}): field 'key' is also a Region of the {south.title}."
            )
    if north.sides != south.sides:
        raise DataError(f"{name}: the Alliances sit on other sides of the board than on the {south.title}.")
    offset = len(south.regions)
    index = {r.key: r.index for r in south.regions} | {r.key: r.index + offset for r in north.regions}
    extra: dict[int, set[int]] = {}
    for a, b in joins:
        extra.setdefault(index[a], set()).add(index[b])
        extra.setdefault(index[b], set()).add(index[a])
    regions = []
    for r in (*south.regions, *north.regions):
        i = index[r.key]
        shift = 0 if r.board == south.key else offset
        roads = tuple(sorted({j + shift for j in r.roads} | extra.get(i, set())))
        regions.append(replace(r, index=i, roads=roads))
    check_connected(_joined(regions), [r.key for r in regions], name, "region")
    return Board("both", f"{south.title} and {north.title}", tuple(regions), dict(south.sides), tuple(joins))


def parse_leaders(data: dict, name: str = "leaders.toml") -> dict[str, Leader]:
    raws = tables(data, "leader", name, "leader")
    unique_keys(raws, name, "leader")
    out: dict[str, Leader] = {}
    names: set[str] = set()
    for i, raw in enumerate(raws):
        where = entry(name, "leader", i, raw)
        only_known(where, raw, ("key", "name", "army", "shape", "unit", "units", "icons", "flavour", "back"))
        army = field(where, raw, "army", str, allowed=ARMIES + (NEUTRAL,))
        token = field(where, raw, "shape", str, allowed=("square", "hex"))
        back = field(where, raw, "back", dict, None)
        front = _side(where, raw, army, token, names, back["key"] if back else "", False)
        out[front.key] = front
        if back is not None:
            at = f"{where}: [back]"
            only_known(at, back, ("key", "name", "unit", "units", "icons", "flavour"))
            key = field(at, back, "key", str)
            if key in out or key in (r.get("key") for r in raws):
                raise DataError(f"{at}: field 'key' is {key!r}, the key of another side.")
            out[key] = _side(at, back, army, token, names, front.key, True)
    return out


def _side(where: str, raw: dict, army: str, token: str, names: set, other: str, back: bool) -> Leader:
    """One side of a Leader's token: its name, unit icons, Resource icons and flavour; the army
    and the shape are the token's (ruling TC52)."""
    title = field(where, raw, "name", str)
    if title in names:
        raise DataError(f"{where}: field 'name' repeats an earlier leader.")
    names.add(title)
    side = Leader(
        field(where, raw, "key", str),
        title,
        army,
        token,
        field(where, raw, "unit", str, allowed=("", "infantry", "cavalry")),
        _strings(where, raw, "icons", allowed=TRACKS),
        field(where, raw, "flavour", str, ""),
        _int(where, raw, "units", 1, 3) if "units" in raw else (1 if raw.get("unit") else 0),
        other,
        back,
    )
    if side.units and not side.unit:
        raise DataError(f"{where}: field 'units' needs a 'unit' icon.")
    return side


def _pieces(
    where: str, raw: dict, key: str, owner: str, leaders: dict[str, Leader], units_only: bool = False
) -> tuple[str, ...]:
    fronts = tuple(k for k, ldr in leaders.items() if ldr.army == owner and not ldr.back)  # ruling TC52
    allowed = UNITS if units_only else UNITS + fronts
    return _strings(where, raw, key, allowed=allowed, default=[])


def parse_setup(data: dict, board: Board, leaders: dict[str, Leader], name: str = "setup.toml") -> Setup:
    only_known(name, data, ("start", "two_three", "genoa", "lone"))
    start = data.get("start")
    if not isinstance(start, dict):
        raise DataError(f"{name}: expected a [start] table.")
    only_known(f"{name}: [start]", start, ("gold", "lone_gold", "lone_faith"))
    at = f"{name}: [start]"
    gold, lone_gold, lone_faith = (
        _int(at, start, "gold", 0, 20),
        _int(at, start, "lone_gold", 0, 20),
        _int(at, start, "lone_faith", 0, 5),
    )
    seen_leaders: dict[str, str] = {}
    page = _placements(data, "two_three", board, leaders, name, seen_leaders)
    genoa = _genoa(data, leaders, name, seen_leaders)
    return Setup(gold, lone_gold, lone_faith, page, genoa, _lone(data, board, leaders, page, name))


def _lone(
    data: dict, board: Board, leaders: dict[str, Leader], page: tuple[Placement, ...], name: str
) -> tuple[LoneMove, ...]:
    """The [[lone]] tables: Units the lone player of 3 players places in another Region than the
    2-player page does (ruling TC73). Each moves some of one Army's own Units of one Region."""
    raws = data.get("lone", [])
    if not isinstance(raws, list) or not all(isinstance(r, dict) for r in raws):
        raise DataError(f"{name}: 'lone' must be an array of tables ([[lone]]).")
    placed = {p.region: p for p in page}
    moves: list[LoneMove] = []
    for i, raw in enumerate(raws):
        where = entry(name, "lone", i, raw, "army")
        only_known(where, raw, ("army", "from", "to", "pieces"))
        army = field(where, raw, "army", str, allowed=ARMIES)
        source, to = field(where, raw, "from", str), field(where, raw, "to", str)
        for label, key in (("from", source), ("to", to)):
            if key not in {r.key for r in board.regions}:
                raise DataError(f"{where}: field {label!r} is {key!r}, which is no Region of the {board.title}.")
        if source == to:
            raise DataError(f"{where}: fields 'from' and 'to' name the same Region.")
        pieces = _pieces(where, raw, "pieces", army, leaders, units_only=True)
        if not pieces:
            raise DataError(f"{where}: field 'pieces' is empty.")
        own = list(placed[source].own.get(army, ())) if source in placed else []
        for moved in moves:
            if (moved.army, moved.source) == (army, source):
                for piece in moved.pieces:
                    own.remove(piece)
        for piece in pieces:
            if piece not in own:
                raise DataError(
                    f"{where}: field 'pieces': {board.region(source).name} has no more "
                    f"{ARMY_NAMES[army]} {piece} of its own on the page to move."
                )
            own.remove(piece)
        target = placed.get(to)
        if target is not None and ALLIANCE_OF[army] != _alliance(target):
            raise DataError(
                f"{where}: {board.region(to).name} holds pieces of the other Alliance: the move would start a Battle."
            )
        moved_in = [p for m in moves if m.to == to for p in m.pieces] + list(pieces)
        _check_slots(where, board.region(to), leaders, moved_in, target)
        moves.append(LoneMove(army, source, to, pieces))
    return tuple(moves)


def _alliance(p: Placement) -> str | None:
    """The Alliance whose pieces a page's Region holds (None: only Neutral ones, or none)."""
    armies = [a for a, pieces in [*p.own.items(), *p.paired.items()] if pieces]
    return p.alliance or (ALLIANCE_OF[armies[0]] if armies else None)


def _check_slots(
    where: str, region: Region, leaders: dict[str, Leader], pieces: Iterable[str], p: Placement | None = None
) -> None:
    """That ``region`` has a Slot for each of ``pieces`` besides everything its page entry ``p``
    may place (the 3-player game with the pair: every piece on the page) and its Sabotage tokens."""
    need = {shape: 0 for shape in SLOT_COUNT}
    everything = [*pieces]
    if p is not None:
        everything += [*p.double, *p.neutral, *(w for placed in [*p.own.values(), *p.paired.values()] for w in placed)]
        for icon in p.sabotage:
            need[SLOT_SHAPES[region.icons.index(icon)]] += 1
    for w in everything:
        need[UNIT_SHAPE[w] if w in UNIT_SHAPE else leaders[w].shape] += 1
    for shape, n in need.items():
        if n > SLOT_COUNT[shape]:
            raise DataError(f"{where}: {n} pieces need a {shape} Slot; {region.name} has {SLOT_COUNT[shape]}.")


def _placements(
    data: dict, table: str, board: Board, leaders: dict[str, Leader], name: str, seen_leaders: dict[str, str]
) -> tuple[Placement, ...]:
    """The Regions of a setup page: the [[two_three]] tables, with double-coloured Units and
    who places them in 3 players, or the [[four]] tables, each Army's own pieces only."""
    doubled = table == "two_three"
    raws = tables(data, table, name, table)
    seen_regions: set[str] = set()
    page = []
    for i, raw in enumerate(raws):
        where = entry(name, table, i, raw, "region")
        only_known(
            where,
            raw,
            (
                "region",
                *ARMIES,
                *(ALLIANCES if doubled else ()),
                *(("three_player", "paired") if doubled else ()),
                "neutral",
                "sabotage",
            ),
        )
        key = field(where, raw, "region", str)
        if key not in {r.key for r in board.regions}:
            raise DataError(f"{where}: field 'region' is {key!r}, which is no Region of the {board.title}.")
        if key in seen_regions:
            raise DataError(f"{where}: field 'region' repeats an earlier entry.")
        seen_regions.add(key)
        region = board.region(key)
        own = {a: _pieces(where, raw, a, a, leaders) for a in ARMIES if a in raw}
        paired_raw = field(where, raw, "paired", dict, {})
        only_known(f"{where}: [paired]", paired_raw, ARMIES)
        paired = {
            a: _pieces(f"{where}: [paired]", paired_raw, a, a, leaders, units_only=True)
            for a in ARMIES
            if a in paired_raw
        }
        doubles = {a: _pieces(where, raw, a, a, leaders, units_only=True) for a in ALLIANCES if a in raw}
        neutral = _pieces(where, raw, "neutral", NEUTRAL, leaders)
        present = {ALLIANCE_OF[a] for a, p in [*own.items(), *paired.items()] if p} | {
            a for a, p in doubles.items() if p
        }
        if len(present) > 1:
            raise DataError(f"{where}: pieces of both Alliances in one Region would start a Battle.")
        alliance, double = next(((a, p) for a, p in doubles.items() if p), (None, ()))
        three = field(where, raw, "three_player", str, default=None)
        if double and three is None:
            raise DataError(
                f"{where}: missing field 'three_player' (who places the double-coloured Units "
                "when both Armies of the Alliance play)."
            )
        if three is not None and (not double or alliance is None or three not in ALLIANCES[alliance]):
            armies = (
                ", ".join(ALLIANCES[alliance])
                if double and alliance is not None
                else "none: there are no double-coloured Units here"
            )
            raise DataError(f"{where}: field 'three_player' is {three!r}; expected {armies}.")
        sabotage = _strings(where, raw, "sabotage", allowed=ICONS, default=[])
        if sabotage and region.jerusalem:
            raise DataError(f"{where}: field 'sabotage': no Sabotage token may stand in Jerusalem.")
        for icon in sabotage:
            if sum(1 for s in region.icons if s == icon) < sabotage.count(icon):
                raise DataError(f"{where}: field 'sabotage' covers a {icon!r} icon that {region.name} does not have.")
        for who, pieces in [*own.items(), (NEUTRAL, neutral)]:
            for p in pieces:
                if p in leaders:
                    if p in seen_leaders:
                        raise DataError(f"{where}: field {who!r}: Leader {p!r} is already placed in {seen_leaders[p]}.")
                    seen_leaders[p] = key
        placement = Placement(
            key,
            {a: p for a, p in own.items() if p},
            alliance,
            double,
            three,
            neutral,
            sabotage,
            {a: p for a, p in paired.items() if p},
        )
        _check_slots(where, region, leaders, (), placement)
        page.append(placement)
    return tuple(page)


def _genoa(data: dict, leaders: dict[str, Leader], name: str, seen_leaders: dict[str, str]) -> dict:
    """The [[genoa]] tables of a page: what each Crusader Army's ship carries."""
    genoa: dict[str, dict[str, tuple[str, ...]]] = {}
    for i, raw in enumerate(tables(data, "genoa", name, "genoa")):
        where = entry(name, "genoa", i, raw, "ship")
        only_known(where, raw, ("ship", *ALLIANCES["crusader"]))
        ship = field(where, raw, "ship", str, allowed=SHIPS)
        if ship in genoa:
            raise DataError(f"{where}: field 'ship' repeats an earlier ship.")
        genoa[ship] = {a: _pieces(where, raw, a, a, leaders) for a in ALLIANCES["crusader"]}
        for army, pieces in genoa[ship].items():
            for p in pieces:
                if p in leaders:
                    if p in seen_leaders:
                        raise DataError(
                            f"{where}: field {army!r}: Leader {p!r} is already placed in {seen_leaders[p]}."
                        )
                    seen_leaders[p] = f"the {ship} ship"
    return genoa


def parse_four(data: dict, board: Board, leaders: dict[str, Leader], name: str = "setup_four.toml") -> Page:
    """The 4-player page on the joined map ``board``: each Army's own pieces, Neutral pieces and
    Sabotage tokens per Region, and its Genoa ships (ruling TC14)."""
    only_known(name, data, ("four", "genoa"))
    seen_leaders: dict[str, str] = {}
    page = _placements(data, "four", board, leaders, name, seen_leaders)
    return Page(page, _genoa(data, leaders, name, seen_leaders))


def parse(south: dict, leaders: dict, setup: dict, north: dict | None = None, four: dict | None = None) -> Content:
    """The game's content: the south board, the Leaders and the 2- and 3-player page; with
    ``north``, the north board and the 4-player map; with ``four`` too, the 4-player page."""
    board = parse_map("south", south, "map_south.toml")
    people = parse_leaders(leaders)
    content = Content(board, people, parse_setup(setup, board, people))
    if north is None:
        return content
    upper = parse_map("north", north, "map_north.toml", jerusalem=False, joins=True)
    both = join_boards(board, upper, parse_joins(north, upper, board))
    return replace(content, north=upper, both=both, four=parse_four(four, both, people) if four is not None else None)


def parse_player_board(data: dict, name: str = "player_boards.toml") -> dict[str, tuple[Section, ...]]:
    """Each Army's player board, its Unit Sections: every Unit type has at least one, and they
    hold the Army's 30 Infantry, 12 Cavalry and 6 Siege Engines exactly (components, p.35). The
    ``section`` tables give every board's Sections and supply icons; ``supply`` gives an Army
    whose icons differ its own, one number for each Section in the same order."""
    only_known(name, data, ("section", "supply"))
    out = []
    for i, raw in enumerate(tables(data, "section", name, "section")):
        where = entry(name, "section", i, raw, "unit")
        only_known(where, raw, ("unit", "size", "supply"))
        out.append(
            Section(
                field(where, raw, "unit", str, allowed=UNITS),
                _int(where, raw, "size", 1, 30),
                _int(where, raw, "supply", 0, 9),
            )
        )
    for unit, total in UNIT_TOTALS.items():
        held = sum(s.size for s in out if s.unit == unit)
        if held != total:
            raise DataError(f"{name}: the {unit} Sections hold {held} Units; an Army has {total} (components, p.35).")
    own = data.get("supply", {})
    if not isinstance(own, dict):
        raise DataError(f"{name}: [supply] must be a table of Armies, each with a list of numbers.")
    only_known(f"{name}: [supply]", own, ARMIES)
    boards = {}
    for army in ARMIES:
        icons = own.get(army)
        if icons is None:
            boards[army] = tuple(out)
            continue
        where = f"{name}: [supply] {army}"
        if not isinstance(icons, list) or len(icons) != len(out):
            raise DataError(
                f"{where}: give {len(out)} numbers, one for each Section, in the order of the section tables."
            )
        for i, n in enumerate(icons):
            if not isinstance(n, int) or isinstance(n, bool) or not 0 <= n <= 9:
                raise DataError(f"{where}: Section {i + 1} has {n!r}; give a whole number from 0 to 9.")
        boards[army] = tuple(replace(s, supply=n) for s, n in zip(out, icons, strict=False))
    return boards


def read_data(name: str) -> dict:
    """A TOML file of the game's ``data/`` folder."""
    return read_toml(__package__, name, folder="data")
