"""The Bot's measures of the map (Solo rules, General changes, p.19): an Army's Battle Strength in
a Region, its Regions weakest to strongest, Jerusalem's strength, and Proximity, the tie-break
of every Bot choice. Pure functions of the state and the map data; nothing here is typed by hand
per Region (ruling TC100, TC101).

The API the Bot's flow uses (``s`` the state, ``army`` a Bot Army or, where the text counts "both
Bot Armies", a tuple of them; ``key`` a Region key):

- ``strength(s, army, key) -> int``: the Battle Strength of ``army``'s own Units and Leaders in
  ``key``, each piece by its Strength in that Region's type (p.14); Neutral and partner pieces
  are not counted (ruling TC100).
- ``strength_key(s, army, key) -> tuple``: what "stronger" compares: the strength, then a Region
  holding a Leader "without any Unit(s)" (no Unit icon) counts stronger on equal strength (p.19;
  ruling TC100).
- ``proximity_key(s, army, key) -> tuple``: smaller is closer (ruling TC101): the Road steps to
  the player's side of the board, then the distance to the Glory track, then the map's order.
- ``by_proximity(s, army, keys) -> list``: closest first.
- ``by_strength(s, army, keys) -> list``: weakest first, ties by Proximity.
- ``strongest_first(s, army, keys) -> list``: strongest first, ties by Proximity.
- ``weakest(s, army, keys)`` and ``strongest(s, army, keys)``: the first of those (None for none).
- ``jerusalem(s) -> str`` and ``jerusalem_strength(s, armies) -> int``: the Jerusalem Region and
  the strength there of one Bot or of both (Bot Table, COMMAND: JERUSALEM).
- ``jerusalem_steps(s, key) -> int``: Road steps to Jerusalem ("closest to Jerusalem", p.21).
- ``player_side(s, army) -> str``: the side of the board of the Alliance the Bot plays against.
- ``regions_with(s, army)`` (Presence) and ``controlled_by(s, army)`` (Control), in map order.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from ....core.game import State
from ....core.graph import distances
from ..battle import piece_strength
from ..data import (
    ALLIANCE_OF,
    ALLIANCES,
    Board,
    Content,
    board_for,
    content,
    controller,
    owner,
    present,
    remembered_with,
    what,
)

BOARD = 1000
"""Each map board is 1000 x 1000 board units (map files, x and y)."""
SIDE_BAND = BOARD / 3
"""A Region lies on a side of the board when its centre is in the third of the board next to that
side (ruling TC101)."""
FAR = 10_000
"""The steps counted for a Region no path reaches (none on our boards: they are connected)."""


def _armies(army: str | Sequence[str]) -> tuple[str, ...]:
    return (army,) if isinstance(army, str) else tuple(army)


def board(s: State) -> Board:
    """The map in play (the south board, or both boards with 4 Armies)."""
    return board_for(content(), s["armies"])


def strength(s: State, army: str | Sequence[str], key: str) -> int:
    """``army``'s Battle Strength in ``key``: all its Units and Leaders, each by its Strength in
    the Region's type (p.14, p.19: "Calculate the Strength of all Units, including Leaders, in each
    Bot Region"); with a tuple of Armies, all of theirs ("2 Bots = both Armies", Bot Table)."""
    c = content()
    kind = board(s).region(key).kind
    mine = _armies(army)
    return sum(piece_strength(c, p, kind) for p in s["map"][key] if p is not None and owner(p) in mine)


def bare_leader(s: State, army: str | Sequence[str], key: str) -> bool:
    """A Region holding a Leader of ``army`` "without any Unit(s)" (p.19): a Leader whose token
    carries no Unit icon, which adds no Strength (ruling TC100, after the p.20 example: "Acre and
    the Desert both have 4 in Battle Strength. Acre also has a Leader without any Units and
    therefore counts as stronger")."""
    leaders = content().leaders
    return any(
        owner(p) in _armies(army) and what(p) in leaders and not leaders[what(p)].unit
        for p in s["map"][key]
        if p is not None
    )


_STRENGTH_KEYS: dict = {}
"""(the Region, the Armies, its Slots as a tuple) -> ((the content, the map), :func:`strength_key`):
the Bot sorts Regions by strength many times on each step of a search, while a step changes few
Slots."""


def strength_key(s: State, army: str | Sequence[str], key: str) -> tuple[int, int]:
    """What "stronger" compares (p.19): the strength, then "if 2 Regions have equal Strength but
    one has a Leader without any Unit(s), that Region will count as stronger" (ruling TC100).
    :func:`strength` and :func:`bare_leader` in one pass over the Region's Slots."""
    return _strength_key(content(), board(s), s, _armies(army), key)


def _strength_key(c: Content, b: Board, s: State, mine: tuple[str, ...], key: str) -> tuple[int, int]:
    """:func:`strength_key` in the map ``b`` of the content ``c``, for the Armies ``mine``."""
    slots = tuple(s["map"][key])
    return remembered_with(_STRENGTH_KEYS, (key, mine, slots), (c, b), _worked_out, c, b, mine, key, slots)


def _worked_out(c: Content, b: Board, mine: tuple[str, ...], key: str, slots: tuple) -> tuple[int, int]:
    kind = b.region(key).kind
    leaders = c.leaders
    total, bare = 0, 0
    for p in slots:
        if p is None or owner(p) not in mine:
            continue
        total += piece_strength(c, p, kind)
        w = what(p)
        if w in leaders and not leaders[w].unit:
            bare = 1
    return total, bare


def jerusalem(s: State) -> str:
    b = board(s)
    found = b.memo.get("jerusalem")
    if found is None:
        found = b.memo["jerusalem"] = next(r.key for r in b.regions if r.jerusalem)
    return found


def jerusalem_strength(s: State, armies: str | Sequence[str]) -> int:
    """The Bot's (or both Bots') strength in Jerusalem, compared with the Bot Table's Jerusalem
    value (COMMAND: JERUSALEM, "2 Bots = both Armies")."""
    return strength(s, armies, jerusalem(s))


def player_side(s: State, army: str) -> str:
    """The side of the board of the Alliance the Bot ``army`` plays against (ruling TC9 puts the
    Crusaders west and the Muslims east; ruling TC101)."""
    other = next(a for a in ALLIANCES if a != ALLIANCE_OF[army])
    return board(s).sides[other]


def _plane(b: Board, key: str) -> tuple[float, float]:
    """A Region's centre on the table: with both boards, the north board lies above the south one
    (map_drawing.toml), so the south board's y is counted below the north board's."""
    r = b.region(key)
    below = BOARD if b.key == "both" and r.board == "south" else 0
    return r.x, r.y + below


def _on_side(b: Board, key: str, side: str) -> bool:
    x, y = _plane(b, key)
    height = BOARD * (2 if b.key == "both" else 1)
    return {
        "west": x < SIDE_BAND,
        "east": x > BOARD - SIDE_BAND,
        "north": y < height / 3,
        "south": y > height - height / 3,
    }[side]


def _graph(b: Board) -> list[list[int]]:
    """The map as the rules join it: Roads, and Ports by sea (ruling TC10), so that Famagusta on
    Cyprus has a distance too."""
    return [[b.index(k) for k in b.adjacent_to(r.key, sea=True)] for r in b.regions]


def _steps_to(b: Board, target: str) -> list[int]:
    """Steps from every Region to the nearest Region of ``target``: a side ("west", ...) or a
    Region key."""
    cached = b.memo.get(("steps", target))
    if cached is not None:
        return cached
    graph = _graph(b)
    goal = [r.index for r in b.regions if (r.key == target if target in b.at else _on_side(b, r.key, target))]
    best = [FAR] * len(b.regions)
    for g in goal:
        for i, d in enumerate(distances(graph, g)):
            if d is not None and d < best[i]:
                best[i] = d
    b.memo["steps", target] = best
    return best


def side_steps(s: State, army: str, key: str) -> int:
    """Steps from ``key`` to the player's side of the board (ruling TC101): 0 for a Region on that
    side, else the fewest Roads (or sea crossings between Ports) to one."""
    b = board(s)
    return _steps_to(b, player_side(s, army))[b.index(key)]


def glory_distance(s: State, key: str) -> float:
    """How far ``key`` lies from the Glory track, in board units (ruling TC101): the track stands
    above the map on our table, so the distance from the top edge of the top board."""
    return _plane(board(s), key)[1]


def jerusalem_steps(s: State, key: str) -> int:
    """Road steps (and sea crossings) from ``key`` to Jerusalem (p.21, "closest to Jerusalem")."""
    b = board(s)
    return _steps_to(b, jerusalem(s))[b.index(key)]


def proximity_key(s: State, army: str, key: str) -> tuple:
    """Proximity (p.19; ruling TC101), smaller first: the steps to the player's side of the board
    ("more or less equal" = the same number of steps), then the distance to the Glory track, then
    the map's order (two Regions never tie). The map's alone: computed once per board."""
    return _proximity(board(s), s, army, key)


def _proximity(b: Board, s: State, army: str, key: str) -> tuple:
    """:func:`proximity_key` in the map ``b``."""
    found = b.memo.get(("proximity", army, key))
    if found is None:
        found = b.memo["proximity", army, key] = (side_steps(s, army, key), glory_distance(s, key), b.index(key))
    return found


def by_proximity(s: State, army: str, keys: Iterable[str]) -> list[str]:
    b = board(s)
    return sorted(keys, key=lambda k: _proximity(b, s, army, k))


def _bot(army: str | Sequence[str]) -> str:
    return _armies(army)[0]


def by_strength(s: State, army: str | Sequence[str], keys: Iterable[str]) -> list[str]:
    """``keys`` from the weakest to the strongest for ``army`` (p.19-20), ties by Proximity."""
    c, b, mine = content(), board(s), _armies(army)
    bot = mine[0]
    return sorted(keys, key=lambda k: (_strength_key(c, b, s, mine, k), _proximity(b, s, bot, k)))


def strongest_first(s: State, army: str | Sequence[str], keys: Iterable[str]) -> list[str]:
    """``keys`` from the strongest to the weakest for ``army``, ties by Proximity."""
    c, b, mine = content(), board(s), _armies(army)
    bot = mine[0]

    def order(k: str) -> tuple:
        strong, bare = _strength_key(c, b, s, mine, k)
        return -strong, -bare, _proximity(b, s, bot, k)

    return sorted(keys, key=order)


def weakest(s: State, army: str | Sequence[str], keys: Iterable[str]) -> str | None:
    return next(iter(by_strength(s, army, keys)), None)


def strongest(s: State, army: str | Sequence[str], keys: Iterable[str]) -> str | None:
    return next(iter(strongest_first(s, army, keys)), None)


def regions_with(s: State, army: str | Sequence[str]) -> list[str]:
    """The Regions where ``army`` has Presence (a Unit or a Leader), in the map's order."""
    mine = set(_armies(army))
    return [r.key for r in board(s).regions if not mine.isdisjoint(present(s["map"][r.key]))]


def controlled_by(s: State, army: str) -> list[str]:
    """The Regions ``army`` Controls (ruling TC6), in the map's order."""
    return [r.key for r in board(s).regions if controller(s["map"][r.key]) == army]
