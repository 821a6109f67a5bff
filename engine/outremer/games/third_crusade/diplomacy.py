"""Third Crusade designed data for the Diplomacy phase and the Strategy phase's bidding board:
``diplomacy_board.toml`` and ``bidding_board.toml`` in ``data/``, validated here into typed
records (an error names the file, the entry and the field), and the pure functions the
Diplomacy phase asks of them: the order of the bids, who takes which reward of the Diplomacy
Card, the order of movement, and where a marker may move on the diplomacy board.

Designed for Outremer but the facts the rulebook gives (each file's header lists them;
rulings TC23-TC31).

The diplomacy board is a ladder of rows, 2 and 4 spaces alternating from the bottom, joined by
lines that lead up to the next row and, inside a 4-space row, sideways. Each Alliance has a
start space below the first row. A player's *position* is the space of its last marker, or its
Alliance's start before its first move. A move follows the lines up from the position, passing
any 2-space rows, and stops in a 2-space row or in the first 4-space row it reaches; there it
may go on sideways along the row's lines. A move may also go only sideways, along the row of
the position. Markers do not block the lines; the space where the move ends must be free.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache

from ...core.data import entry, field, only_known, tables, unique_keys
from ...core.errors import DataError
from ...core.graph import distances, links
from .cards import DiplomacyCard
from .data import ALLIANCE_OF, ALLIANCES, ARMIES, NEUTRAL, SLOT_COUNT, Leader, content
from .loading import read_data

MARKERS = 12
"""Diplomacy markers per player (setup 5B, p.5); a lone player of 3 players gets no more."""
ROW_SIZES = (2, 4)
INSTANT = ("glory", "faith")
"""Triangular tokens: their effect at once, then discarded (p.16)."""
TOKENS = ("glory_token", "crown_token", "cp_token", "gold_token", "supply_token")
UNITS = ("infantry", "cavalry")
GIVES = INSTANT + TOKENS + UNITS + ("leader",)
MOST = {"glory": 3, "faith": 3, "infantry": SLOT_COUNT["square"], "cavalry": SLOT_COUNT["hex"]}
"""The most a space may give of a kind; a token kind: as many as a Region has Slots of its shape."""
FLAGS = (2, 3, 4, 5)
"""The command points on the bidding board's flags (p.10)."""
BOT_CP_GOLD = 3
"""A Bot taking a command-point space removes the token and gains 3 gold instead (p.23)."""


# --- records -----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Space:
    index: int
    key: str
    row: int
    """1 (the bottom row) to the number of rows."""
    x: int
    y: int
    gives: str
    """A word of :data:`GIVES`."""
    n: int
    leader: str
    """The Neutral Leader given, for ``gives == "leader"``; else ""."""
    up: tuple[int, ...]
    """Indices of the next row's spaces its lines lead to."""
    side: tuple[int, ...]
    """Indices of its own row's spaces joined to it sideways."""

    @property
    def instant(self) -> bool:
        """A triangular token: its Glory or Faith at once, nothing placed on the map."""
        return self.gives in INSTANT

    @property
    def text(self) -> str:
        """What the space shows, in words: "3 Infantry", "triangular Glory"."""
        if self.gives == "leader":
            return f"Leader {self.leader}"
        if self.instant:
            return f"triangular {self.gives.capitalize()}" + (f" x{self.n}" if self.n > 1 else "")
        word = self.gives.replace("_token", " token").replace("cp ", "command point ").capitalize()
        return f"{self.n} {word}{'s' if self.n > 1 and self.gives in TOKENS else ''}"


@dataclass(frozen=True, slots=True)
class Start:
    key: str
    alliance: str
    x: int
    y: int
    up: tuple[int, ...]
    """Indices of the first-row spaces its lines lead to."""


@dataclass(frozen=True, slots=True)
class DiplomacyBoard:
    title: str
    rows: tuple[int, ...]
    """The number of spaces of each row, bottom first."""
    spaces: tuple[Space, ...]
    starts: dict[str, Start]
    """Alliance -> its start space."""
    tokens: dict[str, str]
    """Token kind -> the Slot shape it takes."""

    def index(self, key: str) -> int:
        for s in self.spaces:
            if s.key == key:
                return s.index
        raise KeyError(key)

    def space(self, key: str) -> Space:
        return self.spaces[self.index(key)]

    def row(self, number: int) -> tuple[Space, ...]:
        return tuple(s for s in self.spaces if s.row == number)

    def start(self, army: str) -> Start:
        """Where ``army``'s markers start: its Alliance's start space."""
        return self.starts[ALLIANCE_OF[army]]

    def four(self, space: Space) -> bool:
        """Whether the space lies in a 4-space row (one a move must stop in)."""
        return self.rows[space.row - 1] == 4


@dataclass(frozen=True, slots=True)
class BiddingRow:
    army: str
    flags: tuple[int, int, int, int]
    """The command points of each Slot, left to right."""


@dataclass(frozen=True, slots=True)
class BiddingBoard:
    title: str
    rows: tuple[BiddingRow, ...]

    def row(self, army: str) -> BiddingRow:
        return next(r for r in self.rows if r.army == army)


# --- loading -----------------------------------------------------------------------------


def _int(where: str, raw: dict, key: str, low: int, high: int, default=None) -> int:
    value = field(where, raw, key, int) if default is None else field(where, raw, key, int, default)
    if not low <= value <= high:
        raise DataError(f"{where}: field {key!r} is {value}; expected {low} to {high}.")
    return value


def parse_board(
    data: dict, leaders: Mapping[str, Leader] | None = None, name: str = "diplomacy_board.toml"
) -> DiplomacyBoard:
    """The diplomacy board. ``leaders`` are those of ``leaders.toml``: a Leader space names one
    of their Neutral Leaders (ruling TC30)."""
    leaders = dict(content().leaders if leaders is None else leaders)
    only_known(name, data, ("title", "note", "rows", "tokens", "start", "space"))
    title = field(name, data, "title", str)
    field(name, data, "note", str)
    rows = field(name, data, "rows", list)
    if not rows or any(r not in ROW_SIZES or isinstance(r, bool) for r in rows):
        raise DataError(f"{name}: field 'rows' is {rows!r}; each row has 2 or 4 spaces.")
    if rows[0] != 2 or rows[-1] != 4 or any(a == b for a, b in zip(rows, rows[1:], strict=False)):
        raise DataError(
            f"{name}: field 'rows' is {rows!r}; rows of 2 and 4 spaces alternate, from a 2-space "
            "first row (plutorial) to a 4-space last row (p.16)."
        )
    tokens = field(name, data, "tokens", dict)
    only_known(f"{name}: [tokens]", tokens, TOKENS)
    shapes = {kind: field(f"{name}: [tokens]", tokens, kind, str, allowed=tuple(SLOT_COUNT)) for kind in TOKENS}
    offered = {k: ldr for k, ldr in leaders.items() if ldr.army == NEUTRAL and not ldr.back}

    raws = tables(data, "space", name, "space")
    keys = unique_keys(raws, name, "space")
    side = links(raws, keys, name, "space", link="side", optional=True)
    spaces: list[Space] = []
    given_leaders: dict[str, str] = {}
    for i, raw in enumerate(raws):
        where = entry(name, "space", i, raw)
        only_known(where, raw, ("key", "row", "x", "y", "gives", "n", "leader", "up", "side"))
        row = _int(where, raw, "row", 1, len(rows))
        gives = field(where, raw, "gives", str, allowed=GIVES)
        leader = ""
        if gives == "leader":
            if "n" in raw:
                raise DataError(f"{where}: field 'n': a Leader space gives one Leader.")
            leader = field(where, raw, "leader", str)
            if leader not in offered:
                raise DataError(
                    f"{where}: field 'leader' is {leader!r}, which is no Neutral Leader of leaders.toml "
                    "or of this file."
                )
            if leader in given_leaders:
                raise DataError(f"{where}: field 'leader': {leader!r} is given by {given_leaders[leader]!r} already.")
            given_leaders[leader] = raw["key"]
            n = 1
        else:
            if "leader" in raw:
                raise DataError(f"{where}: field 'leader' is only for gives = 'leader'.")
            n = _int(where, raw, "n", 1, MOST.get(gives) or SLOT_COUNT[shapes[gives]], default=1)
        up = []
        for other in field(where, raw, "up", list):
            if other not in keys:
                raise DataError(f"{where}: field 'up' names {other!r}, which is no space of this board.")
            if raws[keys[other]].get("row") != row + 1:
                raise DataError(f"{where}: field 'up' names {other!r}, which is not in the next row ({row + 1}).")
            up.append(keys[other])
        if not up and row < len(rows):
            raise DataError(f"{where}: field 'up' is empty; every space below the last row leads up.")
        for j in side[i]:
            if raws[j].get("row") != row:
                raise DataError(f"{where}: field 'side' names {raws[j]['key']!r}, which is not in row {row}.")
        if i in side[i]:
            raise DataError(f"{where}: field 'side' joins the space to itself.")
        spaces.append(
            Space(
                i,
                raw["key"],
                row,
                _int(where, raw, "x", 0, 1000),
                _int(where, raw, "y", 0, 1000),
                gives,
                n,
                leader,
                tuple(sorted(set(up))),
                side[i],
            )
        )
    for number, size in enumerate(rows, 1):
        got = sum(1 for s in spaces if s.row == number)
        if got != size:
            plural = "" if got == 1 else "s"
            raise DataError(f"{name}: row {number} has {got} space{plural}; field 'rows' gives it {size}.")

    starts: dict[str, Start] = {}
    start_raws = tables(data, "start", name, "start")
    unique_keys(start_raws, name, "start")
    for i, raw in enumerate(start_raws):
        where = entry(name, "start", i, raw)
        only_known(where, raw, ("key", "alliance", "x", "y", "up"))
        if raw["key"] in keys:
            raise DataError(f"{where}: field 'key' is a space of the board too.")
        alliance = field(where, raw, "alliance", str, allowed=tuple(ALLIANCES))
        if alliance in starts:
            raise DataError(f"{where}: field 'alliance': the {alliance} start is given already.")
        up = []
        for other in field(where, raw, "up", list):
            if other not in keys or spaces[keys[other]].row != 1:
                raise DataError(f"{where}: field 'up' names {other!r}, which is no space of the first row.")
            up.append(keys[other])
        if not up:
            raise DataError(f"{where}: field 'up' is empty; a start leads to the first row.")
        starts[alliance] = Start(
            raw["key"], alliance, _int(where, raw, "x", 0, 1000), _int(where, raw, "y", 0, 1000), tuple(sorted(set(up)))
        )
    for alliance in ALLIANCES:
        if alliance not in starts:
            raise DataError(f"{name}: no [[start]] for the {alliance} Alliance.")
    board = DiplomacyBoard(title, tuple(rows), tuple(spaces), starts, shapes)
    _check_reach(board, name)
    return board


def _check_reach(board: DiplomacyBoard, name: str) -> None:
    """Every space can be reached from a start along the lines, and a player has room for all
    its markers: from either start, on an empty board, 12 moves one after another."""
    lines = [tuple(sorted(set(s.up) | set(s.side))) for s in board.spaces]
    n = len(lines)
    graph = lines + [tuple(st.up) for st in board.starts.values()]
    reached: set[int] = set()
    for k in range(len(board.starts)):
        reached |= {i for i, d in enumerate(distances(graph, n + k)) if d is not None and i < n}
    for s in board.spaces:
        if s.index not in reached:
            raise DataError(f"{name}: space {s.key!r} cannot be reached from a start along the lines.")
    for alliance, start in board.starts.items():
        placed = chain(board, start.key, MARKERS)
        if len(placed) < MARKERS:
            raise DataError(
                f"{name}: from the {alliance} start a player finds room for {len(placed)} of its {MARKERS} markers."
            )


def parse_bidding(data: dict, name: str = "bidding_board.toml") -> BiddingBoard:
    """The bidding board: a row per Army, each of 4 Slots under flags of 2, 3, 4 and 5 (p.10)."""
    only_known(name, data, ("title", "note", "row"))
    title = field(name, data, "title", str)
    field(name, data, "note", str)
    out: list[BiddingRow] = []
    for i, raw in enumerate(tables(data, "row", name, "row")):
        where = entry(name, "row", i, raw, "army")
        only_known(where, raw, ("army", "flags"))
        army = field(where, raw, "army", str, allowed=ARMIES)
        if any(r.army == army for r in out):
            raise DataError(f"{where}: field 'army' repeats an earlier row.")
        flags = field(where, raw, "flags", list)
        if sorted(f for f in flags if isinstance(f, int) and not isinstance(f, bool)) != list(FLAGS) or len(flags) != 4:
            raise DataError(f"{where}: field 'flags' is {flags!r}; expected 2, 3, 4 and 5, each once (p.10).")
        out.append(BiddingRow(army, tuple(flags)))
    missing = [a for a in ARMIES if all(r.army != a for r in out)]
    if missing:
        raise DataError(f"{name}: no row for {', '.join(missing)}; the board has a row per Army.")
    return BiddingBoard(title, tuple(out))


@cache
def board() -> DiplomacyBoard:
    return parse_board(read_data("diplomacy_board.toml"), content().leaders)


@cache
def bidding() -> BiddingBoard:
    return parse_bidding(read_data("bidding_board.toml"))


# --- the diplomacy board ---------------------------------------------------------------------


def _start_at(board: DiplomacyBoard, at: str) -> Start | None:
    return next((s for s in board.starts.values() if s.key == at), None)


def moves(board: DiplomacyBoard, occupied: Collection[str], at: str) -> frozenset[str]:
    """The free spaces a marker may be placed in, moving from ``at`` (a space's key, or a start
    space's key before the first move): up the lines, passing 2-space rows, stopping in a
    2-space row or in the first 4-space row reached, and then sideways along that row's lines;
    or only sideways along the row of ``at``. ``occupied`` are the spaces holding a marker of
    any colour; they do not block the lines."""
    taken = set(occupied)
    found: set[int] = set()

    def along(i: int) -> set[int]:
        """``i`` and the spaces of its row reached from it along sideways lines."""
        seen, todo = {i}, [i]
        while todo:
            for j in board.spaces[todo.pop()].side:
                if j not in seen:
                    seen.add(j)
                    todo.append(j)
        return seen

    start = _start_at(board, at)
    if start is not None:
        ahead, here = list(start.up), None
    else:
        here = board.index(at)
        ahead = list(board.spaces[here].up)
        found |= along(here) - {here}
    passed: set[int] = set()
    while ahead:
        i = ahead.pop()
        if i in passed:
            continue
        passed.add(i)
        found |= along(i)
        if not board.four(board.spaces[i]):
            ahead.extend(board.spaces[i].up)
    return frozenset(board.spaces[i].key for i in found if board.spaces[i].key not in taken and i != here)


def position(board: DiplomacyBoard, army: str, placed: Sequence[str]) -> str:
    """Where ``army`` moves from: its last marker's space (``placed`` in order), or its
    Alliance's start before its first move."""
    return placed[-1] if placed else board.start(army).key


def player_moves(board: DiplomacyBoard, occupied: Collection[str], army: str, placed: Sequence[str]) -> frozenset[str]:
    """Where ``army``, having placed the markers ``placed`` (in order), may place its next one:
    :func:`moves` from its position; nowhere once its 12 markers are on the board (a lone
    player of 3 players has no more, p.5). With no space left it does not move."""
    if len(placed) >= MARKERS:
        return frozenset()
    return moves(board, occupied, position(board, army, placed))


def chain(board: DiplomacyBoard, at: str, markers: int = MARKERS, occupied: Iterable[str] = ()) -> tuple[str, ...]:
    """The spaces one player fills moving ``markers`` times from ``at``, each time to the lowest
    free space it may reach (then the westernmost): how far the board's room goes."""
    taken, placed = set(occupied), []
    for _ in range(markers):
        options = moves(board, taken, at)
        if not options:
            break
        at = min(options, key=lambda k: (board.space(k).row, board.space(k).x, k))
        taken.add(at)
        placed.append(at)
    return tuple(placed)


# --- bids and rewards ------------------------------------------------------------------------


def check_bids(bids: Mapping[str, int], gold: Mapping[str, int]) -> None:
    """A bid is a whole number of gold, from 0 to the gold the bidder holds: every bidder pays."""
    for army, bid in bids.items():
        if not isinstance(bid, int) or isinstance(bid, bool) or bid < 0:
            raise ValueError(f"{army}: a bid is a whole number of gold, not {bid!r}")
        if bid > gold.get(army, 0):
            raise ValueError(f"{army}: bids {bid} gold but holds {gold.get(army, 0)}")


def bid_order(bids: Mapping[str, int], initiative: Sequence[str]) -> tuple[str, ...]:
    """The bidders from the highest bid down; a tie goes to the bidder higher on the
    initiative track (p.16). ``initiative`` is the track from the top, by Army; a lone player's
    Army counts where it first appears."""
    rank: dict[str, int] = {}
    for i, army in enumerate(initiative):
        rank.setdefault(army, i)
    missing = [a for a in bids if a not in rank]
    if missing:
        raise ValueError(f"not on the initiative track: {', '.join(missing)}")
    return tuple(sorted(bids, key=lambda a: (-bids[a], rank[a])))


def reward_choices(players: int, place: int, taken: Collection[int] = ()) -> tuple[int, ...]:
    """The rewards the bidder in ``place`` (0: the highest) may take, ``taken`` being those of
    the bidders before it. 2 players: the winner picks 1 or 2, the loser gets 3; 3 players:
    each picks from those left; 4 players: the same, and the fourth gets none (p.16)."""
    if players not in (2, 3, 4) or not 0 <= place < players:
        raise ValueError(f"no bidder {place + 1} of {players}")
    if players == 2:
        return (1, 2) if place == 0 else (3,)
    if place == 3:
        return ()
    return tuple(r for r in (1, 2, 3) if r not in taken)


def assign_rewards(order: Sequence[str], picks: Mapping[str, int] | None = None) -> dict[str, int | None]:
    """Each bidder's reward (None: none), down the bid ``order``: a bidder with a choice takes
    its ``picks`` entry; one with a single reward left (or none) needs no pick."""
    picks = picks or {}
    out: dict[str, int | None] = {}
    for place, army in enumerate(order):
        choices = reward_choices(len(order), place, [r for r in out.values() if r is not None])
        if len(choices) <= 1:
            if army in picks and picks[army] not in choices:
                raise ValueError(f"{army} may only take {'reward ' + str(choices[0]) if choices else 'no reward'}")
            out[army] = choices[0] if choices else None
            continue
        if army not in picks:
            raise ValueError(f"{army} must choose a reward: {', '.join(map(str, choices))}")
        if picks[army] not in choices:
            raise ValueError(f"{army} may take reward {', '.join(map(str, choices))}, not {picks[army]!r}")
        out[army] = picks[army]
    return out


def movement_order(card: DiplomacyCard, rewards: Mapping[str, int | None]) -> tuple[str, ...]:
    """Who moves on the diplomacy board, first to last: by the number the Diplomacy Card
    prints beside each reward; the bidder without one last (p.16; ruling TC19)."""
    return tuple(sorted(rewards, key=lambda a: card.movement(rewards[a])))


# --- the bidding board -----------------------------------------------------------------------


def pick_cp(bidding: BiddingBoard, army: str, flag: int, *, double: bool = False) -> int:
    """The current command points gained for selecting the card under ``flag`` in ``army``'s
    row: the flag's number, doubled for a player of the pair choosing from the lone player's
    row in 3 players (p.10)."""
    if flag not in bidding.row(army).flags:
        raise ValueError(f"no flag {flag} in the {army} row")
    return flag * (2 if double else 1)
