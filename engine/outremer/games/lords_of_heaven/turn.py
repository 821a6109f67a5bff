"""A Lords of Heaven turn: the draft, one action a turn into the four columns or a discard, the
card's own effect, and the end of each Crusade and of the game (rulebook p.7-9).

Each function takes the game's data (``content``), the state and the log; the decisions open at
each step are listed by :func:`legal`, carried out by :func:`perform`, and the automatic steps
that follow run in :func:`settle`. The steps themselves live beside this module: the draft,
rounds and Crusades in ``rounds``, what may be done in ``options``, the actions in ``actions``
and the card's effect in ``effect``.
"""

from __future__ import annotations

from ...core.actions import Action, act
from ...core.game import Event, State
from ...core.secret import all_sealed, sealed_next
from . import conflict
from .actions import build, discard, finish_action, move_support, place_influence, place_support, play, provide, recruit
from .data import Content
from .effect import effect_act, start_effect
from .options import (
    PROVISIONS,
    can_build,
    effect_choices,
    effect_offered,
    influence_options,
    movement_actions,
    support_options,
    turn_actions,
)
from .rounds import (
    draft_pick,
    draft_reveal,
    end_crusade,
    end_game,
    end_turn,
    put_back,
    start_draft,
    start_round,
    start_turn,
)
from .state import Names

__all__ = ["PROVISIONS", "end_crusade", "end_game", "legal", "perform", "settle", "start_draft", "start_turn", "to_act"]


# -- legal actions and doing them -------------------------------------------------------------
def legal(content: Content, s: State) -> list[Action]:
    step = s["step"]
    if step == "over":
        return []
    if step == "draft":
        seat = sealed_next(s)
        return [act("pick", c) for c in s["draft"]["hands"][seat]] if seat is not None else []
    if step == "putback":
        seat = s["putback"]["order"][0]
        return [act("putback", c) for c in s["hands"][seat]]
    seat = s["seat"]
    if step == "conflict":
        return conflict.legal(content, s)
    t = s["turn"]
    if step == "effect":
        return effect_choices(content, s, seat)
    if step == "turn":
        return turn_actions(content, s, seat)
    offered = t["effect"] == "open" and effect_offered(content, s, seat, t["card"])
    first = [act("effect")] if offered and not t["begun"] else []
    if step == "development":
        builds = [act("build", row, site) for row, site in can_build(content, s, seat)]
        # the effect, resolved first, moved away what made a site: the Development is lost (LH29)
        return first + builds if first or builds else [act("done")]
    if step == "presence":
        return (
            first
            + [act("influence", loc, lv) for loc, lv, _ in influence_options(content, s, seat)]
            + [act("support", loc) for loc in support_options(s, seat)]
            + [act("done")]
        )
    if step == "after":
        return ([act("effect")] if offered else []) + [act("skip")]
    if step == "movement":
        return movement_actions(content, s, seat)
    if step == "provision":
        return [act("provision", i) for i in range(len(PROVISIONS))]
    if step == "conflicts":
        return conflict.starts(content, s, seat) + [act("end")]
    return []


def to_act(s: State) -> int | None:
    step = s["step"]
    if step == "over":
        return None
    if step == "draft":
        return sealed_next(s)
    if step == "putback":
        return s["putback"]["order"][0]
    if step == "conflict":
        return conflict.to_act(s)
    return s["seat"]


def perform(content: Content, s: State, action: Action, log: list[Event]) -> None:
    step = s["step"]
    verb, args = action.verb, action.args
    if step == "draft":
        seat = sealed_next(s)
        assert seat is not None  # a draft pick is legal only while a seat has still to choose
        draft_pick(s, seat, args[0])
        names = Names(content, s)
        log.append(
            Event(
                f"{names.says(seat, 'sets')} {names.card(args[0])} aside.",
                "5.draft",
                private=seat,
                public=f"{names.says(seat, 'has')} chosen a card.",
            )
        )
        return
    if step == "putback":
        put_back(content, s, s["putback"]["order"][0], args[0], log)
        return
    if step == "conflict":
        conflict.perform(content, s, action, log)
        return
    seat = s["seat"]
    if step == "effect":
        effect_act(content, s, seat, action, log)
    elif verb == "play":
        play(content, s, seat, args[0], args[1], log)
    elif verb == "discard":
        discard(content, s, seat, args[0], log)
    elif verb == "effect":
        s["step"] = "effect"
        start_effect(content, s, seat, log)
    elif verb == "skip":
        s["turn"]["effect"] = None
        finish_action(content, s, log)
    elif verb == "build":
        build(content, s, seat, args[0], args[1], log)
    elif verb == "influence":
        place_influence(content, s, seat, args[0], args[1], log)
    elif verb == "support":
        place_support(content, s, seat, args[0], log)
        s["turn"]["begun"] = True
    elif verb == "done" and step == "development":
        names = Names(content, s)
        log.append(
            Event(
                f"{names.says(seat, 'has')} no site left for a building: the Development is not performed "
                "(ruling LH29).",
                "LH29",
            )
        )
        s["turn"]["begun"] = True
        finish_action(content, s, log)
    elif verb == "done" and step == "presence":
        s["turn"]["begun"] = True
        finish_action(content, s, log)
    elif verb == "recruit":
        recruit(content, s, seat, args[0], log)
    elif verb == "move":
        move_support(content, s, seat, args[0], args[1], args[2], log)
    elif verb == "done" and step == "movement":
        s["step"] = "conflicts"
    elif verb == "provision":
        provide(content, s, seat, args[0], log)
    elif verb == "end":
        end_turn(content, s, log)
    elif verb in ("battle", "siege"):
        conflict.start(content, s, seat, verb, args, log)
    else:
        raise AssertionError(action)


def settle(content: Content, s: State, log: list[Event]) -> None:
    """The automatic steps: reveal a finished draft round, start a round."""
    while True:
        if s["step"] == "draft" and all_sealed(s):
            draft_reveal(content, s, log)
        elif s["step"] == "round":
            start_round(content, s, log)
        elif s["step"] == "conflict" and conflict.automatic(content, s, log):
            continue
        else:
            return
