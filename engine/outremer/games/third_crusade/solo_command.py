"""The Bot's turn in the Command phase (p.21, COMMAND: BOT ROLL).

It always tries an Order first, by the priorities: Jerusalem until its strength there reaches
the column's Jerusalem value; the weakest Region it Controls; a Region of its Presence its
partner Controls (ties by Proximity). An executed Order meeting the column's CARD TRIGGER makes
it play 1 random Event Card on its next turn; its other cards it plays after all its Orders. An
Order left on the map that cannot be executed at all (no Presence, a Sea Move without its Port)
meets ORDER FAIL: a D6 on the table. The column's BONUS comes at the end of the phase.
"""

from __future__ import annotations

from ...core import rng
from ...core.actions import Action, act
from ...core.game import Event, State
from ...core.words import count
from . import command, event_choices
from .battle import piece_strength
from .bot import geometry as geo
from .bot.events import perk_units
from .bot_table import table
from .cards import Order, order_of
from .data import ALLIANCE_OF, NEUTRAL, Content, board_for, controller, owner, shape, what
from .execution import executable
from .moves import add, cross, free, pieces, take
from .records import UNIT_WORDS
from .solo import MARCH_STEPS, bots
from .solo_common import bot_words, column, jerusalem_open, name
from .state import retrack


def priority(content: Content, s: State, army: str, key: str) -> tuple[int, str]:
    """Where an Order in ``key`` stands in the Bot's priorities (p.21), smaller first, and why."""
    if key == geo.jerusalem(s) and jerusalem_open(s, army):
        armies = [s["armies"][p] for p in bots(s)]
        if geo.jerusalem_strength(s, armies) < column(s, army).jerusalem:
            return 0, "Jerusalem, below the column's Jerusalem value"
    who = controller(s["map"][key])
    if who == army:
        return 1, "the weakest Region it Controls"
    if who is not None and ALLIANCE_OF[who] == ALLIANCE_OF[army]:
        return 2, "a Region of its Presence its partner Controls"
    return 3, "a Region of its Presence"


def turn(content: Content, s: State, p: int, legal: list[Action], log: list[Event]) -> Action | None:
    """The Bot's turn (p.21) among ``legal``, the turn's actions (``command.legal``)."""
    execs = [a for a in legal if a.verb == "execute"]
    return _turn(content, s, p, execs, lambda: [a for a in legal if a.verb == "event"], log)


def own_turn(content: Content, s: State, p: int, log: list[Event]) -> Action | None:
    """:func:`turn` with the turn's actions worked out as it asks for them, in the order
    ``command.legal`` lists them: the Event Cards of its hand it may play only when the turn may
    play one (a CARD TRIGGER, or all its Orders done), which is the rarer case."""
    execs = [act("execute", key) for key, _ in executable(content, s, p)]
    return _turn(
        content, s, p, execs, lambda: [act("event", key) for key in event_choices.playable(content, s, p)], log
    )


def _turn(content: Content, s: State, p: int, execs: list[Action], playable, log: list[Event]) -> Action | None:
    army = s["armies"][p]
    me = s["bot"][army]
    cell = "COMMAND"
    events = playable() if me.get("trigger") else None
    if me.get("trigger") and events:
        me["trigger"] = False
        chosen = events[rng.randbelow(s, len(events))]
        log.append(
            Event(f"{bot_words(s, army, 'CARD TRIGGER')}: plays an Event Card of its hand at random (p.21).", "p.21")
        )
        perk(content, s, p, chosen.args[0], log)
        return chosen
    me["trigger"] = False
    if execs:

        def rank(a: Action) -> tuple:
            key = a.args[0]
            return priority(content, s, army, key)[0], geo.strength_key(s, army, key), geo.proximity_key(s, army, key)

        chosen = min(execs, key=rank)
        key = chosen.args[0]
        why = priority(content, s, army, key)[1]
        order = order_of(army, s["sections"][key][ALLIANCE_OF[army]][1])
        log.append(
            Event(
                f"{bot_words(s, army, cell)}: executes its Order in {name(content, s, key)}, {why}; it pays "
                "no command points (p.21).",
                "p.21",
                marks=(f"region:{key}",),
            )
        )
        if triggers(content, s, army, order, key):
            me["trigger"] = True
            log.append(
                Event(
                    f"{bot_words(s, army, 'CARD TRIGGER')}: {order.name} meets the trigger; it will play 1 "
                    "Event Card at random on its next turn (p.21).",
                    "p.21",
                )
            )
        return chosen
    left = _left(s, army)
    if left:
        order_fail(content, s, p, left[0], log)
        return None
    if events is None:
        events = playable()
    if events:
        log.append(
            Event(
                f"{bot_words(s, army, cell)}: all its Orders done, it plays an Event Card of its hand at "
                "random (p.21).",
                "p.21",
            )
        )
        chosen = events[rng.randbelow(s, len(events))]
        perk(content, s, p, chosen.args[0], log)
        return chosen
    return act("pass")


def perk(content: Content, s: State, p: int, card: str, log: list[Event]) -> None:
    """The column's EVENT CARDS perk of extra Units (columns 4-6, p.23): placed as the Bot adds
    Units, in its weakest Region (p.21, Adding Units)."""
    army = s["armies"][p]
    units = perk_units(card, s["bot"][army]["column"])
    home = geo.weakest(s, army, geo.regions_with(s, army))
    if not units or home is None:
        return
    added = place_units(content, s, army, home, [(u, 1) for u in units])
    log.append(
        Event(
            f"{bot_words(s, army, 'EVENT CARDS')}: the column's perk, "
            f"{count(added, UNIT_WORDS[units[0]])} added in {name(content, s, home)}, its weakest Region "
            "(p.23).",
            "p.23",
        )
    )


def triggers(content: Content, s: State, army: str, order: Order, key: str) -> bool:
    """Whether an Order executed meets the column's CARD TRIGGER (p.23), read from what the
    Order prints (ruling TC85)."""
    trig = column(s, army).trigger
    musters = sum(step.n for step in order.effects if step.do == "muster")
    kind = trig["kind"]
    if kind == "units":
        return musters >= trig["n"]
    if kind == "march":
        return any(step.do in MARCH_STEPS for step in order.effects)
    if kind == "unit_in":
        return musters > 0 and board_for(content, s["armies"]).region(key).kind == trig["region"]
    return kind == "reaction" and order.reaction


def _left(s: State, army: str) -> list[str]:
    """The Regions holding an Order of the Bot's still on the map (in the map's order, nearest by
    Proximity first)."""
    side = ALLIANCE_OF[army]
    keys = [
        k
        for k, sides in s["sections"].items()
        if sides[side] and sides[side][0] == army and not order_of(army, sides[side][1]).blank
    ]
    return geo.by_proximity(s, army, keys)


def order_fail(content: Content, s: State, p: int, key: str, log: list[Event]) -> None:
    """An Order the Bot cannot execute at all: set aside like an executed one, a D6 on the ORDER
    FAIL table (p.23; ruling TC80): its Units join the Region if the Bot has Presence there, else
    an empty Region beside its weakest (p.21, Adding Units). The table's March is ruling TC91's."""
    army = s["armies"][p]
    side = ALLIANCE_OF[army]
    order = order_of(army, s["sections"][key][side][1])
    s["sections"][key][side] = None
    s["executed"][army].append(order.key)
    fail_effect(content, s, p, key, "its Order there cannot be executed", log)
    _advance_turn(content, s)


def fail_effect(content: Content, s: State, p: int, key: str, why: str, log: list[Event]) -> None:
    """The ORDER FAIL table's face for an Order in ``key`` (p.23; ruling TC80)."""
    army = s["armies"][p]
    die = rng.die(s)
    fail = table().fail(die)
    city = board_for(content, s["armies"]).region(key).kind == "city"
    units = fail.city_units if city and fail.city_units is not None else fail.units
    where = key if any(owner(x) == army for x in pieces(s, key)) else _empty_beside_weakest(content, s, army)
    added = place_units(content, s, army, where, units) if where else 0
    parts = [f"{count(added, 'Unit')} added in {name(content, s, where)}" if added and where else "no Unit added"]
    if fail.march:
        parts.append(
            "and a March" + (" made" if where and march_half(content, s, army, where, log) else ": none possible")
        )
    log.append(
        Event(
            f"{bot_words(s, army, 'ORDER FAIL')}: in {name(content, s, key)}, {why}; "
            f"it rolls {die}: " + " ".join(parts) + " (p.23; ruling TC80).",
            "p.23",
            marks=(f"region:{key}",),
        )
    )


def _advance_turn(content: Content, s: State) -> None:
    command.advance(content, s)


def _empty_beside_weakest(content: Content, s: State, army: str) -> str | None:
    """An empty Region beside the Bot's weakest, one with Neutral pieces first (p.21)."""
    b = board_for(content, s["armies"])
    for home in geo.by_strength(s, army, geo.regions_with(s, army)):
        near = [n for n in b.adjacent_to(home) if all(owner(x) in (None, NEUTRAL) for x in s["map"][n])]
        if near:
            neutral = [n for n in near if pieces(s, n)]
            return geo.by_proximity(s, army, neutral or near)[0]
    return None


def place_units(content: Content, s: State, army: str, key: str, units) -> int:
    """Units from the Bot's board into ``key`` as far as its Slots and the board allow (the
    excess into the weakest adjacent Region of its Presence, p.21); how many were placed."""
    b = board_for(content, s["armies"])
    placed = 0
    for unit, n in units:
        for _ in range(n):
            if s["reserve"][army][unit] <= 0:
                break
            piece = f"{army}:{unit}"
            spots = [key] + geo.by_strength(
                s, army, [k for k in b.adjacent_to(key) if any(owner(x) == army for x in s["map"][k])]
            )
            spot = next((k for k in spots if free(content, s, k, shape(content, piece))), None)
            if spot is None:
                break
            s["reserve"][army][unit] -= 1
            add(content, s, spot, piece, recount_now=False)
            placed += 1
    retrack(content, s)
    return placed


def march_half(content: Content, s: State, army: str, frm: str, log: list[Event]) -> bool:
    """ORDER FAIL's March (ruling TC91): half the Bot's pieces there, rounded up, its Leaders
    first, into an empty adjacent Region (by Proximity), never out of Jerusalem."""
    if frm == geo.jerusalem(s):
        return False
    b = board_for(content, s["armies"])
    empty = [k for k in b.adjacent_to(frm) if not pieces(s, k) and k not in s.get("truce", [])]
    mine = [x for x in pieces(s, frm, army)]
    if not empty or len(mine) < 2:
        return False
    to = geo.by_proximity(s, army, empty)[0]
    kind = b.region(to).kind
    mine.sort(key=lambda x: (what(x) in UNIT_WORDS, -piece_strength(content, x, kind)))
    group = mine[: (len(mine) + 1) // 2]
    for x in group:
        take(content, s, frm, x, recount_now=False)
    group = [x for x in group if x not in cross(content, s, frm, to, group, log)] if s.get("bandits") else group
    for x in group:
        if free(content, s, to, shape(content, x)):
            add(content, s, to, x, recount_now=False)
        else:
            add(content, s, frm, x, recount_now=False)
    retrack(content, s)
    return True


def bonus(content: Content, s: State, log: list[Event]) -> None:
    """Each Bot's BONUS at the end of the Command phase (p.23; ruling TC86 for the lost icons)."""
    for p in bots(s):
        army = s["armies"][p]
        b = column(s, army).bonus
        cell = "BONUS"
        if b["kind"] == "gold":
            s["gold"][p] += b["n"]
            log.append(Event(f"{bot_words(s, army, cell)}: +{b['n']} Gold (p.23; ruling TC86).", "TC86"))
        elif b["kind"] == "units":
            home = geo.weakest(s, army, geo.regions_with(s, army))
            added = place_units(content, s, army, home, [(b["unit"], b["n"])]) if home else 0
            where = f" in {name(content, s, home)}, its weakest Region" if home else ""
            log.append(
                Event(
                    f"{bot_words(s, army, cell)}: {count(added, UNIT_WORDS[b['unit']])} added{where} "
                    "(p.23; ruling TC86).",
                    "TC86",
                )
            )
        else:
            joined: list[str] = []
            for key in geo.regions_with(s, army):
                leads = any(owner(x) == army and what(x) not in UNIT_WORDS for x in s["map"][key])
                piece = f"{NEUTRAL}:{b['unit']}"
                if leads and free(content, s, key, shape(content, piece)):
                    add(content, s, key, piece, recount_now=False)
                    joined.append(name(content, s, key))
            retrack(content, s)
            log.append(
                Event(
                    f"{bot_words(s, army, cell)}: +1 Neutral {UNIT_WORDS[b['unit']]} in each Region with its "
                    f"Leader: {', '.join(joined) or 'none with room'} (p.23).",
                    "p.23",
                )
            )
