"""Every question an Event Card asks the Bot while it is executed (``event_choices.legal`` on
``s["pending"]``), answered by the Solo rules' priorities (p.20-21): where a step goes and what it
takes there. Marches are the flow's (their composition, p.22): :func:`choose_step` returns None
for them.

``choose_step(s, army, legal, rand, log, jerusalem_max=None, free_crowns=False)``.
"""

from __future__ import annotations

from ....core.actions import Action, act
from ....core.game import State
from .. import event_choices
from ..data import ALLIANCE_OF, NEUTRAL, content
from ..event_targets import muster_army
from ..events import MARCHES, event
from ..moves import battle_at
from ..records import ICON_WORDS, UNIT_WORDS
from . import diplomacy as dip
from . import events as bot_events
from . import geometry as geo
from . import placement
from .common import Rand, allies, need, note, of_verb


def _current(s: State):
    p = s["pending"]
    return event_choices.step_of(event(p["card"]), p["queue"][0])


def _region(s: State, key: str) -> str:
    return geo.board(s).region(key).name


def _skip(legal: list[Action]) -> Action:
    for verb in ("skip", "done", "stay", "discard"):
        if act(verb) in legal:
            return act(verb)
    return legal[0]


def choose_step(
    s: State,
    army: str,
    legal: list[Action],
    rand: Rand,
    log: list,
    jerusalem_max: int | None = None,
    free_crowns: bool = False,
) -> Action | None:
    need(legal, "an Event Card's step")
    p = s["pending"]
    if p["stage"] == "crown":
        return bot_events.choose_crown(s, army, legal, rand, log, free=free_crowns)
    step = _current(s)
    if step.do in MARCHES:
        return None
    if p["stage"] == "where":
        return _where(s, army, step, legal, rand, log, jerusalem_max)
    return _act(s, army, step, legal, rand, log)


def _where(s: State, army: str, step, legal: list[Action], rand: Rand, log: list, jerusalem_max) -> Action:
    do = step.do
    ats = [a.args[0] for a in of_verb(legal, "at")]
    if do == "or":
        options = of_verb(legal, "or")
        useful = [
            a
            for a in options
            if any(bot_events._helps(s, army, x, list(s["map"])) for x in step.options[a.args[0] - 1])
        ]
        choice = (useful or options or [_skip(legal)])[0]
        if choice.verb == "or":
            note(log, army, f"takes option {choice.args[0]}, the first that does it good", "TC109")
        return choice
    if do == "diplomacy_move":
        return dip.choose_move(s, army, legal, rand, log)
    if do == "advanced_order":
        options = of_verb(legal, "advanced")
        return options[rand(len(options))] if options else _skip(legal)
    if act("do") in legal:
        if do == "lose" or bot_events._helps(s, army, step, []):
            return act("do")
        return _skip(legal)
    target = None
    if do == "muster":
        who = muster_army(s, army, step)
        if who in allies(s, army) + (NEUTRAL,):
            target = next(iter(placement.add_priority(s, army, ats, jerusalem_max)), None)
        why = "adding Units: Jerusalem below the column's value, then its weakest Region, p.20-21"
    elif do == "remove":
        target = placement.remove_region(s, army, ats) if bot_events.theirs(s, army, step.whose) else None
        why = "the Region with the fewest of the player's Units, p.21"
    elif do == "assassinate":
        found = [(placement.leader_to_remove(s, army, s["map"][k]), k) for k in ats]
        best = [(leader, k) for leader, k in found if leader]
        if best:
            rank = {"cavalry": 0, "infantry": 1, "": 2}
            target = min(
                best,
                key=lambda lk: (rank[content().leaders[lk[0].split(":")[1]].unit], geo.proximity_key(s, army, lk[1])),
            )[1]
        why = "a Leader of the player's, Cavalry over Infantry, p.21"
    elif do == "sabotage":
        slot = placement.sabotage_slot(s, army, bot_events._free_slots(s, ats))
        target = slot[0] if slot else None
        why = "where the player has Presence: Glory, command point, crown, supply, gold, p.21"
    elif do == "remove_sabotage":
        slot = placement.unsabotage_slot(s, army, bot_events._sabotaged(s, ats))
        target = slot[0] if slot else None
        why = "Glory, crown, supply, gold, in the stronger Region, p.21"
    elif do == "remove_bandit":
        road = placement.bandit_to_remove(s, army, bot_events._roads(s, ats))
        target = road[0] if road else None
        why = "a Bandit on a Road into the Jerusalem the player Controls, p.21"
    elif do == "destroyed_port":
        target = placement.destroyed_port_region(s, army, ats)
        why = "the Port where the player is strongest, p.21"
    elif do == "token":
        target = placement.token_region(s, army, ats, step.icon)
        why = "its strongest Region, p.21"
    elif do == "remove_token":
        target = bot_events._token_to_remove(s, army, ats, step.icon)
        why = "the Region where the player is strongest, TC109"
    elif do == "leader":
        if bot_events._helps(s, army, step, ats):
            target = (
                next(iter(placement.add_priority(s, army, ats, jerusalem_max)), None)
                if step.action == "add"
                else (ats[0] if ats else None)
            )
        why = "by the adding priorities, p.20-21" if step.action == "add" else "the card's Leader, p.12"
    else:  # bandit: "The Bot ignores placing Bandits" (p.21)
        why = "the Bot never places Bandits, p.21"
    if target is None or act("at", target) not in legal:
        note(log, army, f"passes over that step of the card ({why})", "p.21")
        return _skip(legal)
    note(log, army, f"chooses {_region(s, target)} ({why})", "p.21")
    return act("at", target)


def _act(s: State, army: str, step, legal: list[Action], rand: Rand, log: list) -> Action:
    p = s["pending"]
    at = p["at"]
    do = step.do
    if do == "muster":
        most = max(a.args[0] for a in of_verb(legal, "muster"))
        who = muster_army(s, army, step)
        fighting = who != NEUTRAL and battle_at(s, at, {ALLIANCE_OF[army]})
        n = most if fighting else min(most, placement.bare_room(s, at, step.unit))
        if n < most:
            note(
                log,
                army,
                f"adds {n} {UNIT_WORDS[step.unit]} in {_region(s, at)}, covering no Resource icon; "
                f"{most - n} more go to an Adjacent Region if one has room (p.21)",
                "p.21",
            )
        else:
            note(log, army, f"adds {n} {UNIT_WORDS[step.unit]} in {_region(s, at)}", "p.21")
        return act("muster", n)
    if do == "diplomacy_move":
        if p.get("place"):
            return dip.choose_gain(s, army, legal, p["place"][0], rand, log)
        moves = of_verb(legal, "move")
        return dip.choose_move(s, army, legal, rand, log) if moves else _skip(legal)
    if do == "advanced_order":
        options = of_verb(legal, "advanced")
        return options[rand(len(options))] if options else _skip(legal)
    choice = None
    if do == "remove":
        piece = placement.remove_piece(s, army, at, [a.args[0] for a in of_verb(legal, "remove")])
        choice = act("remove", piece) if piece else None
        text = (
            f"removes the player's {UNIT_WORDS.get(piece.split(':')[1], '') if piece else ''} from {_region(s, at)} "
            "(the stronger Unit for the Region, TC107)"
        )
    elif do == "assassinate":
        piece = placement.leader_to_remove(s, army, [a.args[0] for a in of_verb(legal, "assassinate")])
        choice = act("assassinate", piece) if piece else None
        text = f"removes {content().leaders[piece.split(':')[1]].name if piece else ''} (Cavalry over Infantry, p.21)"
    elif do == "sabotage":
        slot = placement.sabotage_slot(s, army, [(at, a.args[0]) for a in of_verb(legal, "sabotage")])
        choice = act("sabotage", slot[1]) if slot else None
        icon = placement._icon(s, at, slot[1]) if slot else ""
        text = (
            f"sabotages {'the ' + ICON_WORDS[icon] + ' icon of ' if icon else ''}{_region(s, at)} "
            "(Glory, command point, crown, supply, gold, p.21)"
        )
    elif do == "remove_sabotage":
        slot = placement.unsabotage_slot(s, army, [(at, a.args[0]) for a in of_verb(legal, "unsabotage")])
        choice = act("unsabotage", slot[1]) if slot else None
        text = f"removes a Sabotage token from {_region(s, at)} (p.21)"
    elif do == "remove_bandit":
        road = placement.bandit_to_remove(s, army, [(at, a.args[0]) for a in of_verb(legal, "unbandit")])
        choice = act("unbandit", road[1] if road[0] == at else road[0]) if road else None
        text = "removes the Bandit on the Road into Jerusalem (p.21)"
    if choice is None or choice not in legal:
        return _skip(legal)
    note(log, army, text, "p.21")
    return choice
