"""The Command phase (p.12-13).

In initiative order each player executes one Event Card from its hand (``effects.py``), or one
Order on the map, or passes for the rest of the phase. Executing an Order (``execution.py``): its
Region must meet the Presence and Region type it shows and its cost must be within the Army's
current command points; it is turned face up, paid, set aside, and its large icons are resolved
one by one (a Muster places up to its number, a March moves a group the player chooses). A March
along a Road pays its Bandits (``moves.cross``, ruling TC50). A March into the other Alliance's
pieces starts a Battle (``battle_phase.py``); when it is over, the Order or card goes on.

State: ``s["pending"]`` the Order or Event Card being resolved (``"kind": "event"`` for a card),
``s["battle"]`` the Battle being fought.
"""

from __future__ import annotations

from ...core.actions import Action, act
from ...core.game import Event, State
from ...core.words import count
from . import battle_phase, effects, event_choices
from .battle_end import defenders  # noqa: F401 (the Battle as the view and the tests read it)
from .battle_phase import strengths  # noqa: F401 (the Battle as the view and the tests read it)
from .cards import order_of
from .data import ALLIANCE_OF, ARMY_NAMES, Content, shape
from .execution import board, executable, turn_up
from .moves import (
    add,
    battle_at,
    cross,
    destinations,  # noqa: F401 (where a March may go, as the tests read it)
    free,
    group_of,
    marches,
    movable,
    take,
)
from .moves import describe as describe_group
from .records import UNIT_WORDS
from .solo import bot_army
from .state import retrack


# -- the turn --------------------------------------------------------------------------------------
def start(content: Content, s: State) -> None:
    s["phase"] = "command"
    s["passed"] = [False] * len(s["armies"])
    s["turn"] = 0
    s["pending"] = None
    s["battle"] = None
    s.setdefault("executed", {army: [] for army in s["armies"]})
    s.setdefault("road", None)


def to_act(s: State) -> int | None:
    if s["phase"] != "command":
        return None
    if s["battle"]:
        return battle_phase.to_act(s)
    if s["pending"]:
        return s["pending"]["seat"]
    return s["initiative"][s["turn"]]


def legal(content: Content, s: State, seat: int) -> list[Action]:
    if s["battle"]:
        return battle_phase.legal(content, s, seat)
    if s["pending"]:
        return event_choices.legal(content, s) if s["pending"].get("kind") == "event" else step_legal(content, s)
    return (
        [act("event", key) for key in event_choices.playable(content, s, seat)]
        + [act("execute", key) for key, _ in executable(content, s, seat)]
        + [act("pass")]
    )


def perform(content: Content, s: State, seat: int, action: Action, log: list[Event]) -> None:
    if s["battle"]:
        battle_phase.perform(content, s, seat, action, log)
        if not s["battle"]:
            _done_step(content, s, log)
    elif s["pending"] and s["pending"].get("kind") == "event":
        _event_perform(content, s, action, log)
    elif s["pending"]:
        step_perform(content, s, action, log)
    elif action.verb == "pass":
        s["passed"][seat] = True
        log.append(Event(f"{ARMY_NAMES[s['armies'][seat]]} passes for the rest of the Command phase.", "p.12"))
        _advance(content, s)
        return
    elif action.verb == "event":
        effects.start(content, s, seat, action.args[0], log)
        _event_battle(content, s, log)
    else:
        execute(content, s, seat, action.args[0], log)
    if not s["battle"] and not s["pending"]:
        _advance(content, s)


def _event_perform(content: Content, s: State, action: Action, log: list[Event]) -> None:
    effects.perform(content, s, action, log)
    _event_battle(content, s, log)


def _event_battle(content: Content, s: State, log: list[Event]) -> None:
    """The Battle an Event Card's step asks for: Units added to, or Marching into, a Region
    with the other Alliance's pieces (p.12)."""
    attack = s["pending"].pop("attack", None) if s["pending"] else None
    if attack:
        _fight(
            content,
            s,
            s["pending"]["seat"],
            attack["from"],
            attack["to"],
            attack["group"],
            log,
            strength=attack["strength"],
            sea=attack["sea"],
        )


def _fight(
    content: Content,
    s: State,
    seat: int,
    frm: str | None,
    to: str,
    group: list[str],
    log: list[Event],
    strength: int = 0,
    sea: bool = False,
) -> None:
    """A Battle starts (``battle_phase.start``); one over at once lets the Order or card go on."""
    battle_phase.start(content, s, seat, frm, to, group, log, strength=strength, sea=sea)
    if not s["battle"]:
        _done_step(content, s, log)


def execute(content: Content, s: State, seat: int, key: str, log: list[Event]) -> None:
    army = s["armies"][seat]
    order = turn_up(s, seat, key)
    log.append(
        Event(
            f"{ARMY_NAMES[army]} turns up {order.name} ({order.text}) in "
            f"{board(content, s).region(key).name} and pays "
            f"{'nothing (a Bot)' if bot_army(s, army) else count(order.cost, 'command point')}.",
            "p.13",
            marks=(f"region:{key}",),
        )
    )
    s["pending"] = {"seat": seat, "army": army, "region": key, "order": order.key, "step": 0, "from": key, "went": []}
    _next_step(content, s, log)


def _advance(content: Content, s: State) -> None:
    for _ in range(len(s["initiative"]) + 1):
        s["turn"] = (s["turn"] + 1) % len(s["initiative"])
        if all(s["passed"]):
            s["phase"] = "end_of_command"
            return
        if not s["passed"][s["initiative"][s["turn"]]]:
            return


advance = _advance
"""The next turn of the Command phase (a Bot's turn that its own rules made, ORDER FAIL)."""


# -- an Order's large icons -------------------------------------------------------------------------
def _step(s: State):
    p = s["pending"]
    order = order_of(p["army"], p["order"])
    return order.effects[p["step"]] if p["step"] < len(order.effects) else None


def _next_step(content: Content, s: State, log: list[Event]) -> None:
    """Stop at the next icon that asks for a choice; the Order is done after its last."""
    if _step(s) is None:
        s["pending"] = None


def _done_step(content: Content, s: State, log: list[Event]) -> None:
    """A step done, or the Battle it started over: the Order's next icon, or the card's next step."""
    p = s["pending"]
    if p.get("kind") == "event":
        effects.after_battle(content, s, log)
        return
    step = _step(s)
    if step.do == "forced_march" and len(p["went"]) == 1 and not p.get("stopped"):
        p["from"] = p["went"][0]  # the second March, from the new Region
    elif step.do == "disperse" and len(p["went"]) == 1 and not p.get("stopped"):
        pass  # the second group, from the same Region
    else:
        p["step"] += 1
        p["from"] = p["region"]
        p["went"] = []
        p.pop("stopped", None)
    _next_step(content, s, log)


def step_legal(content: Content, s: State) -> list[Action]:
    p = s["pending"]
    step = _step(s)
    if step.do == "muster":
        room = free(content, s, p["region"], shape(content, f"{p['army']}:{step.unit}"))
        most = min(step.n, room, s["reserve"][p["army"]][step.unit])
        return [act("muster", k) for k in range(most + 1)]
    return marches(content, s, p["army"], p["from"], step.do, step.keep, p["went"]) + [act("stay")]


def step_perform(content: Content, s: State, action: Action, log: list[Event]) -> None:
    p = s["pending"]
    army = p["army"]
    name = ARMY_NAMES[army]
    where = board(content, s).region(p["region"]).name
    if action.verb == "muster":
        unit = _step(s).unit
        for _ in range(action.args[0]):
            s["reserve"][army][unit] -= 1
            add(content, s, p["region"], f"{army}:{unit}", recount_now=False)
        retrack(content, s)
        mustered = count(action.args[0], UNIT_WORDS[unit]) if action.args[0] else f"no {UNIT_WORDS[unit]}"
        log.append(Event(f"{name} musters {mustered} in {where}.", "p.13", marks=(f"region:{p['region']}",)))
        _done_step(content, s, log)
        return
    if action.verb == "stay":
        p["stopped"] = True
        log.append(Event(f"{name} does not March.", "p.13"))
        _done_step(content, s, log)
        return
    to, code = action.args
    frm = p["from"]
    kinds = sorted(set(movable(content, s, frm, army, _step(s).do == "coordinated_march")))
    group = group_of(kinds, code)
    p["went"].append(to)
    for piece in group:
        take(content, s, frm, piece, recount_now=False)
    retrack(content, s)
    movers = {ALLIANCE_OF[army]}
    names = board(content, s)
    log.append(
        Event(
            f"{name} Marches {describe_group(content, group)} from {names.region(frm).name} to "
            f"{names.region(to).name}.",
            "p.13",
            marks=(f"region:{frm}", f"region:{to}"),
        )
    )
    sea = _step(s).do == "sea_move"
    if not sea:
        cross(content, s, frm, to, group, log)
    if group and battle_at(s, to, movers):
        if _step(s).do == "forced_march" and len(p["went"]) == 1:
            p["stopped"] = True  # "If a Battle occurs in the first Region the March is over"
        _fight(content, s, p["seat"], frm, to, group, log, sea=sea)
        return
    for piece in group:
        add(content, s, to, piece, recount_now=False)
    retrack(content, s)
    _done_step(content, s, log)
