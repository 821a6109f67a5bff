"""The Bot's Orders' large icons (p.21-22): a Muster takes all it may; a March goes where the
Marching rules send it, with the pieces they name.

Target (p.22): an adjacent Region where the people have Presence and the Bot can win, the
strongest such; else an empty Region (one holding an Order of its own first); else a Region of
its or its partner's Presence. Ties by Proximity. Never out of Jerusalem; all Leaders come.
Composition: into a Battle, the Units strongest in the target's Region type, always leaving 1
(the weakest); into an empty Region, half rounded up; to a friendly Region, equal numbers on both
sides (the new one the more); a Disperse, k each into the two new Regions with k = (n - 1) // 2,
so that the origin keeps the rest (the rulebook's 5 -> 1 + 2 + 2 and 4 -> 2 + 1 + 1; ruling TC91).
"""

from __future__ import annotations

from ...core.actions import Action
from ...core.game import Event, State
from .battle import piece_strength
from .bot import geometry as geo
from .bot.placement import bare_room, overflow_region
from .cards import order_of
from .data import ALLIANCE_OF, NEUTRAL, UNITS, Content, board_for, owner, remembered_with, what
from .moves import group_of, movable, pieces
from .moves import marches as march_actions
from .solo_command import fail_effect, place_units
from .solo_common import bot_words, name


def step(content: Content, s: State, p: int, legal: list[Action], log: list[Event]) -> Action | None:
    """An Order's icon: a Muster takes all it may without covering a Resource icon ("The Bot never
    covers any Resource icons", p.21); a March as :func:`march` says."""
    pend = s["pending"]
    musters = [a for a in legal if a.verb == "muster"]
    if musters:
        unit = order_of(pend["army"], pend["order"]).effects[pend["step"]].unit
        room = bare_room(s, pend["region"], unit) if unit in UNITS else len(musters)
        fit = [a for a in musters if a.args[0] <= room] or musters[:1]
        chosen = max(fit, key=lambda a: a.args[0])
        excess = max(a.args[0] for a in musters) - chosen.args[0]
        if excess:
            army = s["armies"][p]
            spot = overflow_region(s, army, pend["region"], unit) if unit in UNITS else None
            added = place_units(content, s, army, spot, [(unit, excess)]) if spot else 0
            where = (
                f"; {added} more in {name(content, s, spot)}, the weakest Region beside it" if added and spot else ""
            )
            log.append(
                Event(
                    f"{bot_words(s, army, 'COMMAND')}: musters {chosen.args[0]} in "
                    f"{name(content, s, pend['region'])}, covering no Resource icon{where} (p.21).",
                    "p.21",
                )
            )
        return chosen
    do = order_of(pend["army"], pend["order"]).effects[pend["step"]].do
    return march(content, s, p, legal, log, pend["from"], do, pend)


def march(
    content: Content, s: State, p: int, legal: list[Action], log: list[Event], frm: str, do: str, pend: dict
) -> Action | None:
    """The March the Bot's rules choose among ``legal`` (``march`` and ``stay``) from ``frm``, by
    an Order's or an Event Card's icon ``do`` (p.22: "With the execution of both Orders and Event
    Cards"); None where ``legal`` holds no March."""
    army = s["armies"][p]
    marches = [a for a in legal if a.verb == "march"]
    stay = next((a for a in legal if a.verb == "stay"), None)
    if not marches and stay is None:
        return None
    if frm == geo.jerusalem(s) and stay is not None:
        log.append(Event(f"{bot_words(s, army, 'COMMAND')}: it never Marches out of Jerusalem (p.22).", "p.22"))
        return stay
    if (
        do == "disperse"
        and not pend["went"]
        and stay is not None
        and (len([x for x in pieces(s, frm) if owner(x) in (army, NEUTRAL)]) - 1) // 2 < 1
    ):
        fail_effect(content, s, p, frm, "too few pieces to Disperse in 3", log)  # p.22; ruling TC91
        return stay
    if not marches:
        return stay
    kinds = sorted(set(movable(content, s, frm, army, do == "coordinated_march")))
    here = [x for x in pieces(s, frm) if owner(x) == army or owner(x) == NEUTRAL]
    best, why = None, ""
    memo: dict = {}
    named: dict[str, list[str]] = {}  # a group's word -> its pieces (the same groups for each destination)
    for a in marches:
        to, code = a.args
        group = named.get(code)
        if group is None:
            group = named[code] = group_of(kinds, code)
        ranked = _rank(content, s, army, frm, to, group, here, do, pend, memo)
        if ranked is None:
            continue
        rank, words = ranked
        if best is None or rank < best[0]:
            best, why = (rank, a), words
    if best is None:
        if stay is not None:
            log.append(
                Event(
                    f"{bot_words(s, army, 'COMMAND')}: no March its rules allow from {name(content, s, frm)} (p.22).",
                    "p.22",
                )
            )
        return stay
    chosen = best[1]
    if do == "disperse" and not pend["went"]:
        pend["bot_disperse"] = len(group_of(kinds, chosen.args[1]))
    log.append(
        Event(
            f"{bot_words(s, army, 'COMMAND')}: Marches to {name(content, s, chosen.args[0])}, {why} (p.22).",
            "p.22",
            marks=(f"region:{chosen.args[0]}",),
        )
    )
    return chosen


def best_origin(content: Content, s: State, p: int, ats: list[str], step, log: list[Event]) -> str | None:
    """Where an Event Card's March starts: the Region from which the Marching rules find their
    best March (p.22, "With the execution of both Orders and Event Cards"); None where none
    finds one."""
    army = s["armies"][p]
    best = None
    memo: dict = {}
    for frm in ats:
        if frm == geo.jerusalem(s):
            continue  # never out of Jerusalem
        kinds = sorted(set(movable(content, s, frm, army, step.do == "coordinated_march")))
        here = [x for x in pieces(s, frm) if owner(x) == army or owner(x) == NEUTRAL]
        for a in march_actions(content, s, army, frm, step.do, step.keep, []):
            ranked = _rank(
                content, s, army, frm, a.args[0], group_of(kinds, a.args[1]), here, step.do, {"went": []}, memo
            )
            if ranked and (best is None or (ranked[0], geo.proximity_key(s, army, frm)) < best[0]):
                best = ((ranked[0], geo.proximity_key(s, army, frm)), frm)
    if best is None:
        return None
    log.append(
        Event(
            f"{bot_words(s, army, 'COMMAND')}: the March starts in {name(content, s, best[1])}, whence "
            "the Marching rules find their best March (p.22).",
            "p.22",
        )
    )
    return best[1]


def _leader(x: str) -> bool:
    return what(x) not in UNITS


def _rank(
    content: Content,
    s: State,
    army: str,
    frm: str,
    to: str,
    group: list[str],
    here: list[str],
    do: str,
    pend: dict,
    memo: dict | None = None,
):
    """The order in which the Bot's rules prefer this March (smaller first), and why; None for a
    March they never make. ``memo``: one dict for the Marches of one choice (the same state and
    Army), which then works out once what depends on the destination or on ``frm``'s pieces
    ``here`` only; a group's Leaders and Strength in a Region type are remembered by value
    (:func:`_of_group`)."""
    facts: tuple | None = None if memo is None else memo.get(to)
    if facts is None:
        facts = _target(content, s, army, to)
        if memo is not None:
            memo[to] = facts
    counts: tuple[int, int, int] | None = None if memo is None else memo.get(("here", frm))
    if counts is None:
        counts = _here(here)
        if memo is not None:
            memo["here", frm] = counts
    prox, kind, foes, theirs, empty, order_there, there = facts
    total, leaders_here, units_here = counts
    of_group = _of_group(content, tuple(group), kind)
    group_leaders, strength = of_group
    leaders_left = leaders_here - group_leaders
    n = len(group)
    if do == "disperse":
        first = pend.get("bot_disperse")
        k = first if pend["went"] and first else (total - 1) // 2
        if k < 1 or foes or n != k:
            return None
        return (1, leaders_left, -strength, prox), f"a Disperse, {k} into each new Region"
    if foes:
        units_left = units_here - (n - group_leaders)
        mine = strength
        if units_left < 1 or mine <= theirs:
            return None
        return (
            (0, -theirs, units_left, leaders_left, -mine, prox),
            f"a Region of the player's it can beat ({mine} against {theirs}), leaving 1 Unit behind",
        )
    if empty:
        want = (total + 1) // 2
        return (
            (1, not order_there, leaders_left, abs(n - want), -strength, prox),
            f"an empty Region, half its pieces ({want})",
        )
    want = (total + there + 1) // 2 - there
    if want < 1:
        return None
    return (
        (2, leaders_left, abs(n - want), -strength, prox),
        "a Region of its Alliance's Presence, to even both",
    )


def _target(content: Content, s: State, army: str, to: str) -> tuple:
    """What :func:`_rank` asks of a destination: its Proximity, its Region type, the other
    Alliance's pieces there and their strength, whether it is empty, whether the Army's Order lies
    there, and the Army's pieces there."""
    kind = board_for(content, s["armies"]).region(to).kind
    side = ALLIANCE_OF[army]
    foes = [x for x in s["map"][to] if (a := owner(x)) is not None and a != NEUTRAL and ALLIANCE_OF[a] != side]
    theirs = sum(piece_strength(content, x, kind) for x in foes) if foes else 0
    empty = not pieces(s, to)
    order_there = bool(s["sections"][to][side] and s["sections"][to][side][0] == army) if empty else False
    there = 0 if foes or empty else len(pieces(s, to, army))
    return geo.proximity_key(s, army, to), kind, foes, theirs, empty, order_there, there


def _here(here: list[str]) -> tuple[int, int, int]:
    """The pieces that could March, their Leaders and their Units."""
    leaders = sum(1 for x in here if _leader(x))
    return len(here), leaders, len(here) - leaders


def _group_strength(content: Content, group: list[str], kind: str) -> int:
    return sum(piece_strength(content, x, kind) for x in group)


_GROUPS: dict = {}
"""(a March group's pieces, a Region type) -> ((the content,), :func:`_of_group`): the Bot weighs the
same few groups on every March of a search."""


def _of_group(content: Content, group: tuple[str, ...], kind: str) -> tuple[int, int]:
    """A March group's Leaders, and its Strength in a Region of type ``kind``."""
    return remembered_with(_GROUPS, (group, kind), (content,), _worked_out, content, group, kind)


def _worked_out(content: Content, group: tuple[str, ...], kind: str) -> tuple[int, int]:
    return sum(1 for x in group if _leader(x)), _group_strength(content, list(group), kind)
