"""Pieces on the map (glossary p.32-34): adding a piece to a Region's Slots, taking it off,
mustering Units from the player board, Marching a group along a Road (who may go, where, and the
one toll every move along a Road pays its Bandits, :func:`cross`), a Leader token's sides, and
whether a Region holds a Battle. Every change of a Slot or a Resource token goes through
``state.set_slot`` or ``state.set_token``, which keep what the map gives the four tracks up to
date; the tracks are set from it at once (``state.retrack``).

A piece is ``"<owner>:<what>"`` (``data.py``); a *group* is a list of pieces leaving one Region
together.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import product

from ...core.actions import Action, act
from ...core.game import Event, State
from ...core.words import count
from .data import (
    ALLIANCE_OF,
    ARMY_NAMES,
    NEUTRAL,
    SABOTAGE,
    SLOT_SHAPES,
    UNITS,
    Content,
    Leader,
    board_for,
    controller,
    owner,
    present,
    remembered,
    shape,
    what,
)
from .records import ICON_WORDS, SLOTS_OF_SHAPE, UNIT_WORDS
from .state import retrack, set_slot, set_token


class NoSlot(Exception):
    """No free Slot of a piece's shape in the Region."""


def region_of(content: Content, s: State, key: str):
    return board_for(content, s["armies"]).region(key)


_PIECES: dict = {}
"""(a Region's Slots as a tuple, an Army or None) -> :func:`pieces` (as a tuple): asked of the same
Slots many times on each step of a search."""


def pieces(s: State, key: str, army: str | None = None) -> list[str]:
    """The pieces in a Region (one Army's, or everyone's, Neutral included)."""
    return list(remembered(_PIECES, (tuple(s["map"][key]), army), _pieces))


def _pieces(key: tuple) -> tuple[str, ...]:
    slots, army = key
    if army is None:
        return tuple(p for p in slots if owner(p) is not None)
    return tuple(p for p in slots if owner(p) == army)


def alliance_in(s: State, key: str) -> set[str]:
    """The Alliances with pieces in a Region (Neutral pieces belong to none)."""
    return {ALLIANCE_OF[a] for a in present(s["map"][key]) if a is not None and a != NEUTRAL}


def presence(s: State, key: str, armies) -> bool:
    """Whether any of ``armies`` has a Unit or Leader in the Region (glossary, Presence)."""
    return not present(s["map"][key]).isdisjoint(armies)


def free(content: Content, s: State, key: str, piece_shape: str) -> int:
    """Free Slots of a shape in a Region (a Sabotage token fills one)."""
    slots = s["map"][key]
    return sum(1 for i in SLOTS_OF_SHAPE.get(piece_shape, ()) if slots[i] is None)


def add(content: Content, s: State, key: str, piece: str, recount_now: bool = True) -> None:
    """Put a piece on a free Slot of its shape, covering an icon only when it must (TC5)."""
    slots = s["map"][key]
    region = region_of(content, s, key)
    tokens = s.get("tokens", {}).get(key) or [None] * len(slots)
    free_ = [j for j in SLOTS_OF_SHAPE.get(shape(content, piece), ()) if slots[j] is None]
    bare = [j for j in free_ if not region.icons[j] and not tokens[j]]
    i = bare[0] if bare else free_[0] if free_ else None
    if i is None:
        raise NoSlot(f"no free {shape(content, piece)} Slot in {region_of(content, s, key).name}")
    set_slot(content, s, key, i, piece)
    if recount_now:
        retrack(content, s)


def take(content: Content, s: State, key: str, piece: str, recount_now: bool = True) -> None:
    """Take a piece off a Region's Slots (the last Slot holding it, so that an icon a piece
    covers is uncovered first: the plutorial's Upkeep takes the Infantry covering Tyre's supply)."""
    slots = s["map"][key]
    icons = region_of(content, s, key).icons
    held = [i for i, p in enumerate(slots) if p == piece]
    if not held:
        raise ValueError(f"{piece} is not in {key}")
    i = max(held, key=lambda j: (bool(icons[j]), j))
    set_slot(content, s, key, i, None)
    if recount_now:
        retrack(content, s)


def to_board(content: Content, s: State, key: str, piece: str) -> None:
    """A Unit goes back to its owner's player board (lost in Battle, removed by an effect or for
    supply); a Leader leaves the game; a Neutral piece goes back to the general supply (p.15)."""
    take(content, s, key, piece)
    army, kind = owner(piece), what(piece)
    if army != NEUTRAL and kind in UNITS:
        s["reserve"][army][kind] += 1


def muster(content: Content, s: State, army: str, unit: str, key: str, n: int) -> int:
    """Up to ``n`` Units of a type from the player board into a Region, as many as its free
    Slots and the board allow (glossary, Slot: those that do not fit are not placed). Returns
    how many were placed."""
    placed = 0
    while placed < n and s["reserve"][army][unit] > 0 and free(content, s, key, shape(content, f"{army}:{unit}")):
        s["reserve"][army][unit] -= 1
        add(content, s, key, f"{army}:{unit}", recount_now=False)
        placed += 1
    retrack(content, s)
    return placed


def can_march(content: Content, s: State, frm: str, to: str, group: list[str]) -> bool:
    """A group may March from ``frm`` along a Road into ``to`` (glossary, March): Adjacent by a
    Road, every piece in ``frm``; into a Region without another Alliance's pieces, every piece
    must find a Slot of its shape (a March into a Battle waits on the Road, p.14)."""
    board = board_for(content, s["armies"])
    if not board.adjacent(frm, to):
        return False
    here = list(s["map"][frm])
    for piece in group:
        if piece not in here:
            return False
        here.remove(piece)
    movers = {ALLIANCE_OF[a] for p in group if (a := owner(p)) is not None and a != NEUTRAL}
    if battle_at(s, to, movers):
        return True
    for sh in set(shape(content, p) for p in group):
        if sum(1 for p in group if shape(content, p) == sh) > free(content, s, to, sh):
            return False
    return True


def march(content: Content, s: State, frm: str, to: str, group: list[str], log: list[Event] | None = None) -> bool:
    """Move the group, past the Road's Bandits (:func:`cross`); True if it moved in, False if it
    waits on the Road for a Battle in ``to`` (p.14: "Keep the Units and/or Leaders of the
    attacking Alliance in a separate group on the Road")."""
    group = list(group)
    for piece in group:
        take(content, s, frm, piece, recount_now=False)
    cross(content, s, frm, to, group, [] if log is None else log)
    movers = {ALLIANCE_OF[a] for p in group if (a := owner(p)) is not None and a != NEUTRAL}
    if battle_at(s, to, movers):
        s["road"] = {"from": frm, "to": to, "group": list(group)}
        retrack(content, s)
        return False
    for piece in group:
        add(content, s, to, piece, recount_now=False)
    retrack(content, s)
    return True


def battle_at(s: State, key: str, attackers: set[str]) -> bool:
    """Whether pieces of the Alliance(s) ``attackers`` entering the Region meet the other
    Alliance's pieces: a Battle occurs whenever opposing Alliances share a Region (p.14). Neutral
    pieces alone fight nobody: they join the next Army to take Control of their Region
    (glossary, Neutral Units and Leaders)."""
    return any(a is not None and a != NEUTRAL and ALLIANCE_OF[a] not in attackers for a in present(s["map"][key]))


TOKEN_SHAPE = {"glory": "hex", "cp": "square", "crown": "square", "gold": "square", "supply": "square"}
"""The Slot a Resource token takes (ruling TC29: the Glory token hexagonal, the others square)."""


def place_token(content: Content, s: State, key: str, kind: str) -> bool:
    """A Resource token onto a free Slot of its shape without a piece or another token, one
    without a printed icon if there is one (ruling TC32); False if none is free (not placed)."""
    region = region_of(content, s, key)
    tokens = s["tokens"].setdefault(key, [None] * len(SLOT_SHAPES))
    open_ = [
        i
        for i, sh in enumerate(SLOT_SHAPES)
        if sh == TOKEN_SHAPE[kind] and s["map"][key][i] is None and tokens[i] is None
    ]
    if not open_:
        return False
    bare = [i for i in open_ if not region.icons[i]]
    set_token(content, s, key, (bare or open_)[0], kind)
    retrack(content, s)
    return True


def describe(content: Content, group: list[str]) -> str:
    """Pieces in words for the log: "2 Infantry, 1 Neutral Cavalry, Al-Adil"."""
    words = []
    for kind in sorted(set(group)):
        n, w = group.count(kind), what(kind)
        label = content.leaders[w].name if w in content.leaders else "Siege Engine" if w == "siege" else w.capitalize()
        neutral = "Neutral " if owner(kind) == NEUTRAL else ""
        words.append(count(n, neutral + label) if w in UNITS else f"{neutral}{label}")
    return ", ".join(words)


def owned(content: Content, piece: str) -> str:
    """One piece named with its Army, for a loss or a retreat: "1 Angevin Infantry", "Saladin
    (Ayyubid)", "1 Neutral Cavalry"."""
    mine = owner(piece)
    assert mine is not None, f"{piece!r} is no piece"
    w, army = what(piece), ("Neutral" if mine == NEUTRAL else ARMY_NAMES[mine])
    if w in content.leaders:
        return f"{content.leaders[w].name} ({army})"
    return f"1 {army} {UNIT_WORDS[w]}"


def describe_side(leader: Leader) -> str:
    """What a Leader's side shows, for the log: "1 Infantry icon, 1 crown icon"."""

    def icons(n: int, word: str) -> str:
        return count(n, f"{word} icon")

    shown = [icons(leader.units, UNIT_WORDS[leader.unit]) if leader.unit else "no Unit icon"]
    shown += [icons(leader.icons.count(i), ICON_WORDS[i]) for i in dict.fromkeys(leader.icons)]
    return ", ".join(shown)


def sabotaged(s: State, key: str) -> int:
    return sum(1 for p in s["map"][key] if p == SABOTAGE)


def remove_token(content: Content, s: State, key: str, kind: str) -> bool:
    """Take one Resource token of a kind off a Region (the one a piece does not hide first);
    False if there is none."""
    tokens = s.get("tokens", {}).get(key)
    held = [i for i, t in enumerate(tokens or []) if t == kind]
    if not held:
        return False
    set_token(content, s, key, min(held, key=lambda i: (s["map"][key][i] is not None, i)), None)
    retrack(content, s)
    return True


# -- Leaders: a token and its sides (ruling TC52) -------------------------------------------
def token(content: Content, key: str) -> str:
    """The Leader token a side belongs to, by its front's key (what events and the box name)."""
    leader = content.leaders[key]
    return leader.other if leader.back else key


def sides(content: Content, key: str) -> tuple[str, ...]:
    """Both sides' keys of the token ``key`` shows (one if its sides are alike)."""
    front = token(content, key)
    other = content.leaders[front].other
    return (front, other) if other else (front,)


def leader_region(content: Content, s: State, key: str) -> str | None:
    """The Region of the Leader token ``key``, whichever side is up; None off the map."""
    up = sides(content, key)
    for r, slots in s["map"].items():
        for p in slots:
            if p and p != SABOTAGE and what(p) in up:
                return r
    return None


def leader_piece(content: Content, s: State, key: str) -> str:
    """The piece of the Leader token ``key`` on the map, as it shows."""
    up = sides(content, key)
    return next(p for slots in s["map"].values() for p in slots if p and p != SABOTAGE and what(p) in up)


def flip(content: Content, s: State, key: str) -> tuple[Leader, Leader]:
    """Turn the Leader token ``key`` over on its Slot (glossary, Named Leader): its other side's
    icons count from now on. Returns the sides (was, now)."""
    piece = leader_piece(content, s, key)
    was = content.leaders[what(piece)]
    now = content.leaders[was.other]
    at = leader_region(content, s, key)
    assert at is not None  # leader_piece found the token on the map
    set_slot(content, s, at, s["map"][at].index(piece), f"{owner(piece)}:{now.key}")
    retrack(content, s)
    return was, now


# -- Marches: who may go, in which groups, where ----------------------------------------------
def movable(content: Content, s: State, key: str, army: str, coordinated: bool) -> list[str]:
    """The pieces ``army`` may March out of a Region: its own, its partner's on a Coordinated
    March, and the Neutral pieces it Controls there (glossary, March, Neutral Units)."""
    mine = {army} | ({a for a in s["armies"] if ALLIANCE_OF[a] == ALLIANCE_OF[army]} if coordinated else set())
    rules = controller(s["map"][key]) == army
    return [p for p in pieces(s, key) if owner(p) in mine or (owner(p) == NEUTRAL and rules)]


def groups(candidates: list[str]) -> list[tuple[int, ...]]:
    """Every non-empty choice among ``candidates``, as counts of each distinct piece (sorted)."""
    kinds = sorted(set(candidates))
    return [counts for counts, _ in _groups(tuple(candidates.count(k) for k in kinds))]


@lru_cache(maxsize=4096)
def _groups(sizes: tuple[int, ...]) -> tuple[tuple[tuple[int, ...], str], ...]:
    """:func:`groups` for ``sizes`` of each distinct piece, each with its word (:func:`group_code`):
    the same for every Region holding as many of each, worked out once."""
    return tuple((counts, group_code(counts)) for counts in product(*(range(n + 1) for n in sizes)) if any(counts))


def destinations(content: Content, s: State, frm: str, sea: bool, exclude: list[str]) -> list[str]:
    """Where a March from ``frm`` may go: along its Roads, or for a Sea Move from a Port to
    every other Port, no Destroyed Port at either end (glossary, Destroyed Port); never into a
    Region a truce closes (``s["truce"]``)."""
    b = board_for(content, s["armies"])
    closed = set(s.get("truce") or ())
    if sea:
        if frm in s.get("destroyed", []):
            return []
        return [
            r.key
            for r in b.regions
            if r.key != frm and b.by_sea(frm, r.key) and r.key not in s.get("destroyed", []) and r.key not in closed
        ]
    return [key for key in b.adjacent_to(frm) if key not in exclude and key not in closed]


def marches(content: Content, s: State, army: str, frm: str, do: str, keep: int, went: list[str]) -> list[Action]:
    """``march <to> <counts>`` for each group ``army`` may March from ``frm`` by a March icon of
    an Order or an Event Card (``do``: march, coordinated_march, forced_march, disperse or
    sea_move): its Roads or, by sea, the Ports, none it went to already; ``keep`` of its own pieces
    staying; every piece finding a Slot unless it meets the other Alliance (:func:`fits`)."""
    return [a for into in _marches(content, s, army, frm, do, keep, went) for a in into]


def any_march(content: Content, s: State, army: str, frm: str, do: str, keep: int, went: list[str]) -> bool:
    """Whether :func:`marches` offers any March at all (stopping at the first)."""
    return any(_marches(content, s, army, frm, do, keep, went))


def _marches(content: Content, s: State, army: str, frm: str, do: str, keep: int, went: list[str]):
    """The actions of :func:`marches`, destination by destination (a tuple each, maybe empty);
    :func:`fits` and the ``keep`` count worked out from each group's counts by piece, the
    Region's Slots and Battle once per destination."""
    candidates = movable(content, s, frm, army, do == "coordinated_march")
    kinds = sorted(set(candidates))
    sizes = tuple(candidates.count(k) for k in kinds)
    shapes = tuple(shape(content, k) for k in kinds)
    own = tuple(owner(k) == army for k in kinds)
    here = len(pieces(s, frm, army)) if keep else 0
    side = ALLIANCE_OF[army]
    first_of_forced = do == "forced_march" and not went
    kinds_of_slot = tuple(sorted(set(shapes)))
    ready = None  # each group kept: its word, the Slots it needs (:func:`_ready`)
    for to in destinations(content, s, frm, do == "sea_move", went):
        if ready is None:
            groups_key = (sizes, shapes, own, keep, here)
            ready = _ready(*groups_key)
        if battle_at(s, to, {side}) and not first_of_forced:  # fits: it waits on the Road
            yield _into(to, groups_key, ready, kinds_of_slot, None)
            continue
        room = tuple(free(content, s, to, sh) for sh in kinds_of_slot)
        yield _into(to, groups_key, ready, kinds_of_slot, room)


_INTO: dict = {}
"""(the arguments of :func:`_into` but the groups, which their key stands for) -> what it gives:
the same Marches into the same Regions are listed over and over."""


def _into(
    to: str,
    groups_key: tuple,
    ready: tuple[tuple[str, tuple[tuple[str, int], ...]], ...],
    kinds: tuple[str, ...],
    room: tuple[int, ...] | None,
) -> tuple[Action, ...]:
    """The March actions into ``to`` of the groups ``ready`` (:func:`_ready` of ``groups_key``):
    each of them where they meet the other Alliance (``room`` None: they wait on the Road), else
    those whose pieces all find a free Slot (``room``: the free Slots of each shape of ``kinds``)."""
    return remembered(_INTO, (to, groups_key, kinds, room), _marches_into, ready)


def _marches_into(key: tuple, ready: tuple) -> tuple[Action, ...]:
    to, _, kinds, room = key
    if room is None:
        return tuple(act("march", to, code) for code, _ in ready)
    free_of = dict(zip(kinds, room, strict=True))
    return tuple(act("march", to, code) for code, needed in ready if all(n <= free_of[sh] for sh, n in needed))


_READY: dict = {}
"""(the arguments of :func:`_ready`) -> what it gives: the same few groups are weighed over and over."""


def _ready(
    sizes: tuple[int, ...], shapes: tuple[str, ...], own: tuple[bool, ...], keep: int, here: int
) -> tuple[tuple[str, tuple[tuple[str, int], ...]], ...]:
    """The groups of :func:`_marches` (``sizes`` of each distinct piece, of ``shapes``, ``own``
    when the Army's own) that keep ``keep`` of the Army's ``here`` pieces behind: each one's word
    and the Slots it needs, by shape."""
    return remembered(_READY, (sizes, shapes, own, keep, here), _worked_ready)


def _worked_ready(key: tuple) -> tuple[tuple[str, tuple[tuple[str, int], ...]], ...]:
    sizes, shapes, own, keep, here = key
    ready = []
    for counts, code in _groups(sizes):
        if keep and here - sum(n for n, mine in zip(counts, own, strict=False) if mine) < keep:
            continue
        need: dict[str, int] = {}
        for sh, n in zip(shapes, counts, strict=False):
            if n:
                need[sh] = need.get(sh, 0) + n
        ready.append((code, tuple(need.items())))
    return tuple(ready)


def fits(
    content: Content, s: State, to: str, group: list[str], first_of_forced: bool = False, side: str | None = None
) -> bool:
    """A group marching into its own Alliance's or an empty Region must find Slots there; one
    marching into the other Alliance waits on the Road (a Forced March's first step must fit,
    glossary). ``side``: the Alliance of the Army marching (Neutral pieces march with it)."""
    movers = {side} if side else {ALLIANCE_OF[a] for g in group if (a := owner(g)) is not None and a != NEUTRAL}
    if battle_at(s, to, movers) and not first_of_forced:
        return True
    for sh in set(shape(content, g) for g in group):
        if sum(1 for g in group if shape(content, g) == sh) > free(content, s, to, sh):
            return False
    return True


# -- Bandits ---------------------------------------------------------------------------------
BANDIT_TOLL = 2
"""Units lost for each Bandit on a Road marched along (glossary, Bandit)."""
TOLL_ORDER = ("infantry", "cavalry", "siege")


def road(a: str, b: str) -> list[str]:
    """A Road as ``s["bandits"]`` keeps it: its two ends, sorted."""
    return sorted((a, b))


def bandits_on(s: State, a: str, b: str) -> int:
    return sum(1 for r in s.get("bandits", []) if r == road(a, b))


def cross(
    content: Content,
    s: State,
    frm: str,
    to: str,
    group: list[str],
    log: list[Event],
    ignore: bool = False,
    owed: dict | None = None,
) -> list[str]:
    """The one toll of the Road ``frm``-``to`` (glossary, Bandit; rulings TC39, TC50): every
    move along a Road pays it once, a March, a Forced March's each leg, a retreat from a Battle
    and a Reinforce alike. Its Bandits take 2 Units each from ``group`` and are removed, unless
    the move ignores Bandits. The Units lost are the cheapest, Neutral ones first, then the
    partner's, then the mover's own; they go back to their boards; Leaders are not Units: they
    pass. ``group`` is held off the map by the caller (a Reinforce takes the lost off its Region
    itself); the lost are taken out of it and returned. ``owed`` (a Battle's, for pieces that
    leave it one at a time): a toll not yet taken on a Road stays owed by the next Units that go
    the same way in this Battle."""
    if ignore:
        return []
    n = bandits_on(s, frm, to)
    if n:
        s["bandits"] = [r for r in s["bandits"] if r != road(frm, to)]
    way = "|".join(road(frm, to))
    toll = BANDIT_TOLL * n + (owed.pop(way, 0) if owed is not None else 0)
    if not toll:
        return []
    armies = [a for p in group if (a := owner(p)) is not None and a != NEUTRAL]
    mover = max(set(armies), key=armies.count) if armies else NEUTRAL
    units = sorted(
        (p for p in group if what(p) in UNITS),
        key=lambda p: (TOLL_ORDER.index(what(p)), owner(p) != NEUTRAL, owner(p) == mover),
    )
    lost = units[:toll]
    for piece in lost:
        group.remove(piece)
        if owner(piece) != NEUTRAL:
            s["reserve"][owner(piece)][what(piece)] += 1
    if owed is not None and toll > len(lost):
        owed[way] = toll - len(lost)
    board = board_for(content, s["armies"])
    if n or lost:
        gone = (
            "nothing lost"
            if not lost
            else f"{describe(content, lost)} lost"
            if mover == NEUTRAL
            else f"the {ARMY_NAMES[mover]} loses {describe(content, lost)}"
        )
        log.append(
            Event(
                f"Bandits on the Road from {board.region(frm).name} to {board.region(to).name}: {gone}"
                + ("; the Bandits are removed." if n else "."),
                "p.32",
            )
        )
    return lost


def group_code(counts) -> str:
    """A March group as a word of an action: how many of each distinct piece, in sorted order,
    after a "g" (so that a one-kind group, "g3", never reads as a number)."""
    return "g" + ".".join(map(str, counts))


_GROUPS: dict = {}
"""(the distinct movable pieces, a group word) -> :func:`group_of` (as a tuple)."""


def group_of(kinds: list[str], code: str) -> list[str]:
    """The pieces a group word names, ``kinds`` being the distinct movable pieces, sorted."""
    return list(remembered(_GROUPS, (tuple(kinds), code), _group_of))


def _group_of(key: tuple) -> tuple[str, ...]:
    kinds, code = key
    return tuple(k for k, n in zip(kinds, map(int, str(code).lstrip("g").split(".")), strict=False) for _ in range(n))
