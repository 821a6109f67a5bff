"""Event Cards in the Command phase (p.12-13): instead of an Order, a player executes one of the
Event Cards in its hand (``s["hand"][army]``, card keys). The main event is free; the crown
event needs the Army's crowns up to its requirement, each missing crown bought for 2 Gold for
that event only. The main event's steps come first, then the crown event, on the crowns the
track shows once the main event is done (p.12's example: the crown token the main event places
pays for the crown event); an "Instead" crown event is chosen before any step, since it replaces
the main event (ruling TC38). The steps are carried out in the order the card lists them, each
skippable (as much or as little as the player wishes); a step that cannot apply is ignored. Each
step goes in its own Region meeting the banner, unless the card says "In same Region" or names a
Region or a Leader (ruling TC35).

State: ``s["pending"] = {"kind": "event", ...}`` while a card is being executed: ``queue`` the
steps still to do, each a path (``["main", i]``, ``["crown", i]``, or inside an OR
``[part, i, option, j]``), ``stage`` ("crown", "where" or "act"), ``then`` "crown" while the
crown event is still to be decided after the main event's steps, ``ok`` the Regions meeting
each banner when the card was executed, ``at`` the Region of the current step, ``same`` the
card's one Region when it says "In same Region", ``from``/``went`` a March in progress,
``attack`` a Battle for the Command phase to start. Kept on the map besides the pieces:
``s["bandits"]`` (Roads, each its two ends sorted), ``s["destroyed"]`` (Destroyed Ports),
``s["base_cp"]`` (base command points gained or lost by events, added by ``state.retrack``),
``s["gone"]`` (Leaders returned to the box, by their token's front), ``s["truce"]`` (Regions
The Treaty of Jaffa closes, until the round ends). A Leader flipped shows its other side on the
map: its piece names that side (ruling TC52). A move on the diplomacy board is made at once,
with the Diplomacy phase's code (``diplomacy_moves.py``; ruling TC55): ``place`` the gains of
the spaces reached still to put on the map.

The Command phase (``command.py``) offers ``event <key>`` for each card of
``event_choices.playable``, calls :func:`start`, routes the pending choices to
``event_choices.legal`` and :func:`perform`, starts the Battle a step asks for, and calls
:func:`after_battle` when it is over. This module carries a card out; what may be chosen at
each moment is ``event_choices.py``'s.
"""

from __future__ import annotations

from ...core.actions import Action, act
from ...core.game import Event, State
from ...core.words import count
from . import diplomacy_moves as board_moves
from .cards import order_of
from .data import ALLIANCE_OF, ARMY_NAMES, NEUTRAL, SABOTAGE, SLOT_SHAPES, Content, board_for, owner, what
from .event_choices import CROWN_PRICE, choices, crown_offered, current, legal, missing, paths
from .event_targets import main_banner, meeting, muster_army
from .events import GAIN_WORDS, MARCHES, Step, event, words
from .execution import advanced_to_gain
from .moves import (
    add,
    battle_at,
    cross,
    describe,
    describe_side,
    flip,
    group_of,
    leader_piece,
    leader_region,
    movable,
    owned,
    place_token,
    remove_token,
    road,
    take,
    to_board,
    token,
)
from .records import ICON_WORDS, UNIT_WORDS
from .solo import RELAXED, bot_army, free_crowns, relaxed
from .state import faith_words, gain_faith, retrack, set_slot, towards

AT_ONCE = ("leader", "destroyed_port", "token", "remove_token")
"""Steps carried out as soon as their Region is chosen."""
TRUCE = ("jerusalem", "jaffa", "ascalon")
"""The Regions The Treaty of Jaffa closes."""


def _name(content: Content, s: State, key: str) -> str:
    return board_for(content, s["armies"]).region(key).name


# -- the start ---------------------------------------------------------------------------------------


def _fresh(content: Content, s: State, seat: int, key: str) -> dict:
    card = event(key)
    army = s["armies"][seat]
    return {
        "kind": "event",
        "seat": seat,
        "army": army,
        "card": key,
        "stage": "crown",
        "queue": [],
        "then": None,
        "ok": {
            "main": meeting(content, s, main_banner(s, card.banner, army), army),
            "crown": meeting(content, s, card.crown_banner, army),
        },
        "same": None,
        "at": None,
        "from": None,
        "went": [],
        "count": 0,
    }


def start(content: Content, s: State, seat: int, key: str, log: list[Event]) -> None:
    """``seat`` executes the card ``key`` from its hand."""
    army = s["armies"][seat]
    s["hand"][army].remove(key)
    card = event(key)
    log.append(Event(f"{ARMY_NAMES[army]} executes the Event Card {card.title}.", "p.12", marks=(f"card:{key}",)))
    p = s["pending"] = _fresh(content, s, seat, key)
    kind = relaxed(s, army)
    if kind:
        log.append(
            Event(
                f"Bot {ARMY_NAMES[army]} (column {s['bot'][army]['column']}, EVENT CARDS: {RELAXED[kind]}) "
                f"may execute it in {count(len(p['ok']['main']), 'Region')}.",
                "p.23",
            )
        )
    if card.crown_mode == "instead":  # the choice first: the main event, or the crown event in its place
        if not crown_offered(content, s, p):
            _begin(content, s, "main", log)
        return
    p["then"] = "crown" if card.crown else None
    _begin(content, s, "main", log)


def _begin(content: Content, s: State, part: str, log: list[Event]) -> None:
    """The steps of ``part`` ("main" or "crown") queued, and the first one that can apply."""
    p = s["pending"]
    p["queue"] = paths(event(p["card"]), part)
    _next(content, s, log)


def _crown_after(content: Content, s: State, log: list[Event]) -> bool:
    """The main event done, the crown event on the crowns the track shows now (p.12: the crown
    token the main event placed "now" makes 3, "enough to execute the crown event"): at once when
    none is missing, offered (``crown <n>`` or ``main``) when the Gold buys the missing ones, else
    not at all. True when the player is asked."""
    p = s["pending"]
    card = event(p["card"])
    if not crown_offered(content, s, p):
        return False
    if missing(s, p["seat"], card):
        p["stage"] = "crown"
        return True
    log.append(
        Event(f"{ARMY_NAMES[p['army']]} has the {card.crowns} crowns the crown event needs and executes it.", "p.12")
    )
    p["queue"] = paths(card, "crown")
    return False


# -- the player's choice carried out -----------------------------------------------------------------


def perform(content: Content, s: State, action: Action, log: list[Event]) -> None:
    p = s["pending"]
    card = event(p["card"])
    name = ARMY_NAMES[p["army"]]
    verb = action.verb
    if verb in ("main", "crown"):  # the crown decision: before the steps ("Instead"), or after the main event's
        bought = action.args[0] if verb == "crown" else 0
        free = free_crowns(s, p["army"])  # the Bot Table's column 1: crown effects are free (p.23)
        s["gold"][p["seat"]] -= 0 if free else CROWN_PRICE * bought
        if verb == "crown":
            paid = (
                f", buying {bought} crown{'s' if bought > 1 else ''} for {CROWN_PRICE * bought} Gold"
                if bought and not free
                else ", free (the Bot's column 1, p.23)"
                if free
                else ""
            )
            log.append(
                Event(
                    f"{name} executes the crown event{paid}"
                    f"{' instead of the main event' if card.crown_mode == 'instead' else ''}.",
                    "p.12",
                )
            )
            _begin(content, s, "crown", log)
        elif card.crown_mode == "instead":
            _begin(content, s, "main", log)
        else:
            log.append(Event(f"{name} does not execute the crown event.", "p.12"))
            _next(content, s, log)
        return
    step = current(s)
    if verb == "skip":
        log.append(Event(f"{name} chooses not to {words(step)}.", "p.12"))
        _pop(content, s, log)
    elif verb == "or":
        k = action.args[0] - 1
        head = p["queue"].pop(0)
        p["queue"][:0] = [head + [k, j] for j in range(len(step.options[k]))]
        log.append(Event(f"{name} chooses to {' and '.join(words(x) for x in step.options[k])}.", "p.12"))
        _next(content, s, log)
    elif verb == "do":
        _off_map(content, s, p, step, log)
        _pop(content, s, log)
    elif verb == "at":
        _at(content, s, p, step, action.args[0], log)
    elif verb == "muster":
        _muster(content, s, p, step, action.args[0], log)
    elif verb == "move":  # on the diplomacy board, at once (ruling TC55)
        p["place"] = board_moves.take(content, s, p["army"], action.args[0], log, "TC55")
        p["count"] += 1
        p["stage"] = "act"
        _envoy(content, s, p, step, log)
    elif verb in ("place", "replace", "discard"):
        board_moves.put(content, s, p["place"].pop(0), action, log)
        _envoy(content, s, p, step, log)
    elif verb in ("march", "stay"):
        _march(content, s, p, step, action, log)
    elif verb == "done":
        _pop(content, s, log)
    elif verb == "advanced":
        s["box"][p["army"]].append(action.args[0])
        log.append(
            Event(
                f"{name} takes the Advanced Order {order_of(p['army'], action.args[0]).name} behind its screen.", "p.33"
            )
        )
        p["count"] += 1
        p["stage"] = "act"
        if p["count"] >= step.n or not advanced_to_gain(s, p["army"]):
            _pop(content, s, log)
    else:
        _one(content, s, p, step, action, log)


def _at(content: Content, s: State, p: dict, step: Step, key: str, log: list[Event]) -> None:
    card = event(p["card"])
    p["at"] = key
    if card.crown_mode == "same_region" and p["same"] is None:
        p["same"] = key
    if step.do in MARCHES:
        p["from"], p["went"] = key, []
    p["stage"] = "act"
    if step.do not in AT_ONCE:
        return
    name, where = ARMY_NAMES[p["army"]], _name(content, s, key)
    if step.do == "leader":
        leader = content.leaders[step.key]
        piece = f"{leader.army}:{step.key}"
        if step.action == "add":
            at = leader_region(content, s, step.key)
            if at is None:
                log.append(Event(f"{name} adds {leader.name} in {where}.", "p.33", marks=(f"region:{key}",)))
            else:  # on the map already: taken from its Region and placed in this one (ruling TC54)
                piece = leader_piece(content, s, step.key)
                take(content, s, at, piece)
                log.append(
                    Event(
                        f"{name} places {content.leaders[what(piece)].name}, already on the map, in {where}, "
                        f"from {_name(content, s, at)}.",
                        "TC54",
                        marks=(f"region:{at}", f"region:{key}"),
                    )
                )
            if _attack(s, p, key, [piece]):
                return
            add(content, s, key, piece)
        elif step.action == "remove":
            piece = leader_piece(content, s, step.key)
            take(content, s, key, piece)
            s.setdefault("gone", []).append(step.key)
            log.append(Event(f"{name} removes {content.leaders[what(piece)].name} from {where} to the box.", "p.12"))
        else:
            was, now = flip(content, s, step.key)
            log.append(
                Event(
                    f"{name} flips {was.name} in {where}: {now.name} now shows {describe_side(now)}.",
                    "TC52",
                    marks=(f"region:{key}",),
                )
            )
    elif step.do == "destroyed_port":
        s.setdefault("destroyed", []).append(key)
        log.append(
            Event(
                f"{name} places a Destroyed Port token on {where}: it no longer counts as a Port.",
                "p.32",
                marks=(f"region:{key}",),
            )
        )
    elif step.do == "token":
        placed = sum(place_token(content, s, key, step.icon) for _ in range(step.n))
        log.append(
            Event(
                f"{name} places {count(placed, ICON_WORDS[step.icon] + ' token')} in {where}.",
                "p.12",
                marks=(f"region:{key}",),
            )
        )
    else:
        taken = sum(remove_token(content, s, key, step.icon) for _ in range(step.n))
        log.append(Event(f"{name} removes {count(taken, ICON_WORDS[step.icon] + ' token')} from {where}.", "p.12"))
    _pop(content, s, log)


def _attack(
    s: State,
    p: dict,
    key: str,
    group: list[str],
    strength: int = 0,
    frm: str | None = None,
    sea: bool = False,
    side: str | None = None,
) -> bool:
    """Pieces of an Alliance coming into the other Alliance's pieces: a Battle, which the
    Command phase starts (p.12: "a Battle immediately takes place"). ``side``: the Alliance of
    a marching Army (the Neutral pieces marching with it are its own); else the pieces' own."""
    movers = {side} if side else {ALLIANCE_OF[a] for g in group if (a := owner(g)) is not None and a != NEUTRAL}
    if not movers or not any(battle_at(s, key, {m}) for m in movers):
        return False
    p["attack"] = {"from": frm, "to": key, "group": list(group), "strength": strength, "sea": sea}
    return True


def _muster(content: Content, s: State, p: dict, step: Step, n: int, log: list[Event]) -> None:
    who = muster_army(s, p["army"], step)
    key = p["at"]
    piece = f"{who}:{step.unit}"
    whose = "Neutral " if who == NEUTRAL else ("" if who == p["army"] else f"{ARMY_NAMES[who]} ")
    added = count(n, whose + UNIT_WORDS[step.unit]) if n else f"no {whose}{UNIT_WORDS[step.unit]}"
    log.append(
        Event(f"{ARMY_NAMES[p['army']]} adds {added} in {_name(content, s, key)}.", "p.12", marks=(f"region:{key}",))
    )
    if who != NEUTRAL:
        s["reserve"][who][step.unit] -= n
    if n and _attack(s, p, key, [piece] * n):
        return
    for _ in range(n):
        add(content, s, key, piece, recount_now=False)
    retrack(content, s)
    _pop(content, s, log)


def _one(content: Content, s: State, p: dict, step: Step, action: Action, log: list[Event]) -> None:
    """One target of a step that takes up to n: a Unit removed, a Leader assassinated, a
    Sabotage or Bandit token placed or removed."""
    key, arg = p["at"], action.args[0]
    name, where = ARMY_NAMES[p["army"]], _name(content, s, key)
    if action.verb == "remove":
        to_board(content, s, key, arg)
        text = f"removes {owned(content, arg)} from {where}"
    elif action.verb == "assassinate":
        take(content, s, key, arg)
        s.setdefault("gone", []).append(token(content, what(arg)))
        text = f"assassinates {owned(content, arg)} in {where}"
    elif action.verb in ("sabotage", "unsabotage"):
        set_slot(content, s, key, arg, SABOTAGE if action.verb == "sabotage" else None)
        retrack(content, s)
        icon = (s.get("tokens", {}).get(key) or [None] * len(SLOT_SHAPES))[arg] or board_for(
            content, s["armies"]
        ).region(key).icons[arg]
        covered = f" on its {ICON_WORDS[icon]} icon" if icon else ""
        text = (
            f"places a Sabotage token in {where}{covered}"
            if action.verb == "sabotage"
            else f"removes a Sabotage token from {where}{covered}"
        )
    elif action.verb == "bandit":
        s.setdefault("bandits", []).append(road(key, arg))
        text = f"places a Bandit on the Road from {where} to {_name(content, s, arg)}"
    else:
        s["bandits"].remove(road(key, arg))
        text = f"removes a Bandit from the Road from {where} to {_name(content, s, arg)}"
    log.append(Event(f"{name} {text}.", "p.12", marks=(f"region:{key}",)))
    p["count"] += 1
    if p["count"] >= (step.n or 1) or legal(content, s) == [act("done")]:
        _pop(content, s, log)


def _off_map(content: Content, s: State, p: dict, step: Step, log: list[Event]) -> None:
    """A step that needs no Region: gains and losses, the bespoke card (a diplomacy move is made
    at once, by its own choices: ``move``; the Advanced Orders gained are chosen, ruling TC76)."""
    army = p["army"]
    if step.do in ("gain", "lose"):
        whose = army if step.do == "gain" or step.whose == "own" else step.whose
        seat = s["armies"].index(whose)
        n = step.n if step.do == "gain" else -step.n
        if step.what == "glory":
            s["glory"] += towards(ALLIANCE_OF[whose], n)
        elif step.what == "faith":
            gain_faith(s, whose, n)
        elif step.what == "gold":
            s["gold"][seat] = max(0, s["gold"][seat] + n)
        elif step.what == "current_cp":
            s["cp"][seat] = 0 if bot_army(s, s["armies"][seat]) else max(0, s["cp"][seat] + n)  # none for a Bot
        else:  # base_cp: kept beside the map's icons, the track recounted (p.12, Court of Christ at Mainz)
            s.setdefault("base_cp", {})[whose] = s.get("base_cp", {}).get(whose, 0) + n
            retrack(content, s)
        said = f"{ARMY_NAMES[whose]} {'gains' if n > 0 else 'loses'} {count(abs(n), GAIN_WORDS[step.what])}"
        if step.what == "faith":
            said += f": {faith_words(s, ALLIANCE_OF[whose])}"
        log.append(Event(f"{said}.", "p.12"))
    else:  # special: the Treaty of Jaffa
        s["truce"] = [key for key in TRUCE if key in s["map"]]
        log.append(
            Event(
                "Until the end of the round no Unit may March, Forced March, Disperse or Sea Move into "
                "Jerusalem, Jaffa or Ascalon, and no Battle starts there.",
                "p.12",
            )
        )


# -- Marches ----------------------------------------------------------------------------------------


def _march(content: Content, s: State, p: dict, step: Step, action: Action, log: list[Event]) -> None:
    name = ARMY_NAMES[p["army"]]
    if action.verb == "stay":
        p["stopped"] = True
        log.append(Event(f"{name} does not March.", "p.13"))
        _marched(content, s, log)
        return
    to, code = action.args
    frm = p["from"]
    kinds = sorted(set(movable(content, s, frm, p["army"], step.do == "coordinated_march")))
    group = group_of(kinds, code)
    p["went"].append(to)
    for piece in group:
        take(content, s, frm, piece, recount_now=False)
    retrack(content, s)
    verb = "Sea Moves" if step.do == "sea_move" else "Marches"
    log.append(
        Event(
            f"{name} {verb} {describe(content, group)} from {_name(content, s, frm)} to {_name(content, s, to)}.",
            "p.13",
            marks=(f"region:{frm}", f"region:{to}"),
        )
    )
    if step.do != "sea_move":
        cross(content, s, frm, to, group, log, step.ignore_bandit)
    if group and _attack(s, p, to, group, step.strength, frm, step.do == "sea_move", side=ALLIANCE_OF[p["army"]]):
        if step.do == "forced_march" and len(p["went"]) == 1:
            p["stopped"] = True  # "If a Battle occurs in the first Region the March is over"
        return
    for piece in group:
        add(content, s, to, piece, recount_now=False)
    retrack(content, s)
    _marched(content, s, log)


def _marched(content: Content, s: State, log: list[Event]) -> None:
    """After a March: a Forced March's second March from the new Region, a Disperse's second
    group from the same Region, or the next step."""
    p = s["pending"]
    step = current(s)
    if len(p["went"]) == 1 and not p.get("stopped") and step.do in ("forced_march", "disperse"):
        if step.do == "forced_march":
            p["from"] = p["went"][0]
        return
    _pop(content, s, log)


def after_battle(content: Content, s: State, log: list[Event]) -> None:
    """The event goes on after a Battle one of its steps started."""
    if current(s).do in MARCHES:
        _marched(content, s, log)
    else:
        _pop(content, s, log)


# -- the queue --------------------------------------------------------------------------------------
def _envoy(content: Content, s: State, p: dict, step: Step, log: list[Event]) -> None:
    """After a move on the diplomacy board, or one of its gains put on the map: the next gain,
    the step's next move, or (its moves made, or no space left, ruling TC26) the next step."""
    if p["place"] or (p["count"] < step.n and board_moves.spaces(s, p["army"])):
        return
    _pop(content, s, log)


def _pop(content: Content, s: State, log: list[Event]) -> None:
    p = s["pending"]
    p["queue"].pop(0)
    p.update(at=None, count=0, went=[], place=[])
    p["from"] = None
    p.pop("stopped", None)
    _next(content, s, log)


def _next(content: Content, s: State, log: list[Event]) -> None:
    """On to the next step that can apply; a part that cannot is ignored (p.12). After the main
    event's last step comes the crown event (:func:`_crown_after`); the card is done after its
    last step."""
    p = s["pending"]
    while True:
        while p["queue"]:
            if choices(content, s, p, p["queue"][0]):
                p["stage"] = "where"
                return
            log.append(
                Event(
                    f"{ARMY_NAMES[p['army']]} cannot {words(current(s))} now: that step of "
                    f"{event(p['card']).title} is skipped.",
                    "p.12",
                )
            )
            p["queue"].pop(0)
        if p.get("then") != "crown":
            break
        p["then"] = None
        if _crown_after(content, s, log):
            return
    s["pending"] = None
