"""What a player may choose while executing an Event Card (p.12-13; the card carried out is
``effects.py``'s): the cards of a hand it may execute now (:func:`playable`), the crowns it is
short of a crown event and whether that event is offered, the ways to take each step of the
card (a Region, an option of an OR, a diplomacy move, an Advanced Order), and the choices of the
pending event at each stage (:func:`legal`). Pure questions: nothing here changes the state."""

from __future__ import annotations

from ...core.actions import Action, act
from ...core.game import State
from . import diplomacy_moves as board_moves
from .data import ALLIANCE_OF, NEUTRAL, SABOTAGE, Content, shape
from .event_targets import can, leaders_of, main_banner, meeting, muster_army, roads_from, slots_holding, units_of
from .events import MARCHES, Step, event
from .execution import advanced_to_gain
from .moves import battle_at, free, marches, road
from .solo import free_crowns
from .state import track

CROWN_PRICE = 2
"""Gold for each crown a player is short of a crown event (p.12)."""
REGIONLESS = ("gain", "lose", "advanced_order", "diplomacy_move", "special", "or")
"""Steps that act off the map and need no Region (ruling TC35)."""


def missing(s: State, seat: int, card) -> int:
    """The crowns ``seat`` is short of the card's crown event."""
    return max(0, card.crowns - track(s, seat, "crown"))


def crown_open(s: State, seat: int, card) -> bool:
    return bool(card.crown) and (
        s["gold"][seat] >= CROWN_PRICE * missing(s, seat, card) or free_crowns(s, s["armies"][seat])
    )


def crown_offered(content: Content, s: State, p: dict) -> bool:
    """Whether the crown event may be executed now: the crowns there or bought, and a step of it
    that could do something."""
    card = event(p["card"])
    return crown_open(s, p["seat"], card) and any(choices(content, s, p, path) for path in paths(card, "crown"))


def paths(card, part: str) -> list[list]:
    return [[part, i] for i in range(len(card.main if part == "main" else card.crown))]


def playable(content: Content, s: State, seat: int) -> list[str]:
    """The cards in ``seat``'s hand it may execute now: a step of the main event, or of a crown
    event it can pay for, could do something."""
    army = s["armies"][seat]
    out = []
    met: dict = {}  # banner -> the Regions meeting it, for every card of the hand (one state, one Army)
    for key in s.get("hand", {}).get(army, []):
        card = event(key)
        p = {"seat": seat, "army": army, "card": key}
        parts = ["main"] + (["crown"] if crown_open(s, seat, card) else [])
        if any(_possible(content, s, p, path, met) for part in parts for path in paths(card, part)):
            out.append(key)
    return out


def _possible(content: Content, s: State, p: dict, path: list, met: dict | None = None) -> bool:
    """Whether :func:`choices` would offer a way to take the step of ``path`` of a card not yet
    executed (``_fresh``, its Regions as the map stands): the same question, stopping at the
    first way found. ``met``: the Regions meeting each banner, found once for one state and
    Army."""
    step = step_of(event(p["card"]), path)
    if step.do == "or":
        return any(
            _possible(content, s, p, path + [k, j], met)
            for k, option in enumerate(step.options)
            for j in range(len(option))
        )
    if step.do == "diplomacy_move":
        return bool(board_moves.spaces(s, p["army"]))
    if step.do == "advanced_order":
        return bool(advanced_to_gain(s, p["army"]))
    if step.do in REGIONLESS:
        return _doable(content, s, p, step)
    card = event(p["card"])
    banner = main_banner(s, card.banner, p["army"]) if path[0] == "main" else card.crown_banner
    if met is None:
        keys = meeting(content, s, banner, p["army"])
    else:
        found = met.get(banner)
        if found is None:
            found = met[banner] = meeting(content, s, banner, p["army"])
        keys = found
    return any(can(content, s, p, step, key) for key in keys)


def step_of(card, path: list) -> Step:
    part, i, *rest = path
    step = (card.main if part == "main" else card.crown)[i]
    return step.options[rest[0]][rest[1]] if rest else step


def current(s: State) -> Step:
    p = s["pending"]
    return step_of(event(p["card"]), p["queue"][0])


def _doable(content: Content, s: State, p: dict, step: Step) -> bool:
    """Whether a step off the map could do something."""
    army = p["army"]
    if step.do == "lose":
        whose = army if step.whose == "own" else step.whose
        if whose not in s["armies"]:
            return False
        seat = s["armies"].index(whose)
        return {
            "glory": True,
            "faith": True,
            "gold": s["gold"][seat] > 0,
            "current_cp": s["cp"][seat] > 0,
            "base_cp": track(s, seat, "cp") > 0,
        }[step.what]
    return step.do in ("gain", "special")


def regions(content: Content, s: State, p: dict, path: list) -> list[str]:
    """The Regions where the step of ``path`` could do something: meeting its part's banner
    (as the card found the map when executed), the card's one Region if it says "In same
    Region"."""
    step = step_of(event(p["card"]), path)
    card = event(p["card"])
    ok = p["ok"][path[0]]
    if card.crown_mode == "same_region" and p["same"]:
        ok = [p["same"]] if p["same"] in ok else []
    return [key for key in ok if can(content, s, p, step, key)]


def choices(content: Content, s: State, p: dict, path: list) -> list[Action]:
    """The ways to take the step of ``path`` (without skipping it); none: it cannot apply."""
    step = step_of(event(p["card"]), path)
    if step.do == "or":
        return [
            act("or", k + 1)
            for k, option in enumerate(step.options)
            if any(choices(content, s, p, path + [k, j]) for j in range(len(option)))
        ]
    if step.do == "diplomacy_move":
        return [act("move", key) for key in board_moves.spaces(s, p["army"])]
    if step.do == "advanced_order":  # which one is the player's choice (ruling TC76)
        return [act("advanced", key) for key in advanced_to_gain(s, p["army"])]
    if step.do in REGIONLESS:
        return [act("do")] if _doable(content, s, p, step) else []
    return [act("at", key) for key in regions(content, s, p, path)]


def legal(content: Content, s: State) -> list[Action]:
    p = s["pending"]
    card = event(p["card"])
    if p["stage"] == "crown":
        return [act("main"), act("crown", missing(s, p["seat"], card))]
    step = current(s)
    if p["stage"] == "where":
        own_loss = step.do == "lose" and step.whose == "own"
        return choices(content, s, p, p["queue"][0]) + ([] if own_loss else [act("skip")])
    at = p["at"]
    if step.do == "advanced_order":  # a second one to choose, or enough
        return choices(content, s, p, p["queue"][0]) + [act("done")]
    if step.do == "diplomacy_move":  # a gain of the space reached to put on the map, or the next move
        if p.get("place"):
            return board_moves.choices(content, s, p["place"][0])
        return choices(content, s, p, p["queue"][0]) + [act("done")]
    if step.do == "muster":
        return [act("muster", k) for k in range(_most(content, s, p, step) + 1)]
    if step.do in MARCHES:
        return _marches(content, s, p, step) + [act("stay")]
    if step.do == "remove":
        out = [act("remove", piece) for piece in sorted(set(units_of(s, at, step.whose, step.unit)))]
    elif step.do == "assassinate":
        out = [act("assassinate", piece) for piece in sorted(set(leaders_of(content, s, at, step.whose)))]
    elif step.do == "sabotage":
        out = [act("sabotage", i) for i in slots_holding(content, s, at, None)]
    elif step.do == "remove_sabotage":
        out = [act("unsabotage", i) for i in slots_holding(content, s, at, SABOTAGE)]
    elif step.do == "bandit":
        out = [act("bandit", to) for to in roads_from(content, s, at)]
    else:  # remove_bandit
        out = [act("unbandit", to) for to in roads_from(content, s, at) if road(at, to) in s.get("bandits", [])]
    return out + [act("done")]


def _most(content: Content, s: State, p: dict, step: Step) -> int:
    who = muster_army(s, p["army"], step)
    if who != NEUTRAL and battle_at(s, p["at"], {ALLIANCE_OF[who]}):
        return min(step.n, s["reserve"][who][step.unit])
    room = free(content, s, p["at"], shape(content, f"{who}:{step.unit}"))
    return min(step.n, room, s["reserve"][who][step.unit] if who != NEUTRAL else room)


def _marches(content: Content, s: State, p: dict, step: Step) -> list[Action]:
    """``march <to> <counts>``, as for Orders (``moves.marches``)."""
    return marches(content, s, p["army"], p["from"], step.do, step.keep, p["went"])
