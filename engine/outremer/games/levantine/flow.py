"""The turn sequence: the automatic steps between one decision and the next."""

from __future__ import annotations

from ...core import rng
from ...core.game import Event, State
from . import combat
from .cards import Card
from .state import (
    CRUSADER,
    HAND_LIMIT,
    HANDS,
    MAX_CONQUESTS,
    MUSLIM,
    SIDE_NAMES,
    asked_will_of_god,
    attacker,
    can_be_conquered,
    crusade,
    draw,
    draw_count,
    has_force,
    holdings,
    other,
    remove_from_play,
)

DECISION_STEPS = ("recruit", "defender", "declare", "commit", "over")


def settle(s: State, cards: tuple[Card, ...], log: list[Event]) -> None:
    """Advance through automatic steps until a player must decide or the game is over."""
    while True:
        if s["pending"]:
            if not _auto_pending(s, cards, log):
                return
            continue
        step = s["step"]
        if step in DECISION_STEPS:
            if step == "commit" and s["combat"]["passes"] >= 2:
                combat.roll(s, cards, log)
                s["step"] = "rolled"
                continue
            return
        STEPS[step](s, cards, log)


def _auto_pending(s: State, cards: tuple[Card, ...], log: list[Event]) -> bool:
    """Carry out the first pending choice when there is nothing to choose; False if a choice is needed."""
    p = s["pending"][0]
    if p["kind"] == "discard":
        hand = s["hands"][p["seat"]]
        if len(hand) > p["count"] > 0:
            return False
        taken = list(hand) if p["count"] > 0 else []
        for card in taken:
            hand.remove(card)
            s["discard"].append(card)
        if taken:
            log.append(
                Event(
                    f"The {SIDE_NAMES[p['seat']]} discards {', '.join(cards[c].name for c in taken)} ({p['why']}).",
                    p["rule"],
                )
            )
        s["pending"].pop(0)
        return True
    if p["kind"] == "lose":
        pool = _pool(s, p)
        if p["count"] > 0 and len(pool) > p["count"]:
            return False
        for card in pool[: max(0, p["count"])]:
            combat.lose_from_play(s, p["seat"], card, cards, log, p["why"], p["rule"])
        s["pending"].pop(0)
        return True
    if p["kind"] == "reroll" and not asked_will_of_god(s, p["seat"], cards):
        s["pending"].pop(0)  # The Will of God was just spent on the other side's reroll
        return True
    return False  # otherwise a window is offered, holder or not (ruling L4)


def _pool(s: State, p: dict) -> list[int]:
    if p["zone"] == "leaders":
        return [c for c, _ in s["leaders"][p["seat"]]]
    return list(s["armies"][p["seat"]])


def pool(s: State, p: dict) -> list[int]:
    return _pool(s, p)


# ---------------------------------------------------------------- the steps
def _support(s, cards, log):
    att = attacker(s)
    log.append(
        Event(
            f"Hand {s['hand']} of {HANDS} — Crusade {crusade(s)}: the {SIDE_NAMES[att]} attacks, "
            f"the {SIDE_NAMES[other(att)]} defends. Both draw; the {SIDE_NAMES[att]} recruits Leaders "
            f"and Armies, the {SIDE_NAMES[other(att)]} reinforces; then come the Battle, the Siege and "
            f"the Conquest, and the hand ends.",
            "turn",
        )
    )
    for seat in (CRUSADER, MUSLIM):
        n = draw_count(s, seat)
        log.append(
            Event(
                f"Support Phase: the {SIDE_NAMES[seat]} holds {holdings(s, seat)} TT and draws {n}"
                + (" (2 fewer while the Crusaders hold Egypt)" if seat == MUSLIM and s["egypt"] == CRUSADER else "")
                + ".",
                "chart",
            )
        )
        draw(s, seat, n, cards, log, "support")
    s["allow"] = [1, 1 if att == CRUSADER else -1, 0]
    s["step"] = "recruit"


def _battle_check(s, cards, log):
    att = attacker(s)
    dfn = other(att)
    if s["blocked"]:
        log.append(Event(f"The {SIDE_NAMES[att]} may not attack this turn.", "cards"))
        s["step"] = "age"
    elif not has_force(s, att):
        log.append(Event(f"The {SIDE_NAMES[att]} has no Leader and Army in play together: no Battle.", "battle"))
        s["step"] = "age"
    elif not can_be_conquered(s, dfn):
        log.append(Event(f"The {SIDE_NAMES[dfn]} holds no Territory Token: there is nothing to attack.", "L14"))
        s["step"] = "age"
    else:
        s["step"] = "declare"


def _rolled(s, cards, log):
    # The holder of The Will of God may reroll one die: the attacker is asked, then the
    # defender, holder or not, while the card may be in a hand (ruling L4).
    for seat in (attacker(s), other(attacker(s))):
        if asked_will_of_god(s, seat, cards):
            s["pending"].append({"kind": "reroll", "seat": seat, "why": "The Will of God: reroll a die?", "rule": "L4"})
    s["step"] = "resolve"


def _resolve(s, cards, log):
    kind = s["combat"]["kind"]
    won = combat.resolve(s, cards, log) == attacker(s)
    if kind == "battle":
        s["step"] = "siege_check" if won else "age"
    else:
        s["step"] = "conquest" if won else "age"


def _siege_check(s, cards, log):
    att = attacker(s)
    if not has_force(s, att):
        log.append(Event(f"The {SIDE_NAMES[att]} no longer has a Leader and an Army in play: no Siege.", "siege"))
        s["step"] = "age"
        return
    s["combat"] = combat.new_combat(s, "siege")
    s["step"] = "commit"


def _conquest(s, cards, log):
    att = attacker(s)
    dfn = other(att)
    if not has_force(s, att):
        log.append(Event(f"The {SIDE_NAMES[att]} has no Leader and Army left in play: no conquest.", "conquest"))
        s["step"] = "age"
        return
    if s["target"] == "egypt":
        s["egypt"] = att
        log.append(Event(f"The {SIDE_NAMES[att]} conquers Egypt.", "egypt"))
    else:
        s["tt"][dfn] -= 1
        s["tt"][att] += 1
        log.append(
            Event(
                f"The {SIDE_NAMES[att]} takes a Territory Token: {holdings(s, att)} to {holdings(s, dfn)}.", "conquest"
            )
        )
    s["conquered"] += 1
    if s["conquered"] < MAX_CONQUESTS and can_be_conquered(s, dfn) and has_force(s, att):
        s["step"] = "declare"
    else:
        s["step"] = "age"


def _age(s, cards, log):
    if s["hand"] % 2 == 0:
        for seat in (CRUSADER, MUSLIM):
            old = [c for c, since in s["leaders"][seat] if since <= crusade(s) - 1]
            for card in old:
                remove_from_play(s, seat, card)
                log.append(
                    Event(
                        f"Old age: the {SIDE_NAMES[seat]}'s Leader {cards[card].name} has served two "
                        "Crusades and is discarded.",
                        "L11",
                    )
                )
    for seat in (attacker(s), other(attacker(s))):
        rolled = []
        for card in [c for c, _ in s["leaders"][seat]] + list(s["armies"][seat]):
            die = rng.die(s)
            bonus = cards[card].age_bonus
            lost = die + bonus <= 3
            rolled.append(f"{cards[card].name} {die}{f'+{bonus}' if bonus else ''}{' ✗' if lost else ''}")
            if lost:
                remove_from_play(s, seat, card)
        if rolled:
            log.append(Event(f"Age Roll, {SIDE_NAMES[seat]}: {'; '.join(rolled)} (1–3 discards).", "L10"))
    for seat in (attacker(s), other(attacker(s))):
        excess = len(s["hands"][seat]) - HAND_LIMIT
        if excess > 0:
            s["pending"].append(
                {"kind": "discard", "seat": seat, "count": excess, "why": f"hand limit of {HAND_LIMIT}", "rule": "L12"}
            )
    s["step"] = "next"


def _next(s, cards, log):
    if s["hand"] >= HANDS:
        c, m = holdings(s, CRUSADER), holdings(s, MUSLIM)
        winner = CRUSADER if c > m else MUSLIM
        tie = " (a tie goes to the Muslims)" if c == m else ""
        text = f"After the Ninth Crusade the {SIDE_NAMES[winner]} wins, holding {max(c, m)} TT to {min(c, m)}{tie}."
        s["result"] = {"winners": [winner], "tt": [c, m], "text": text}
        s["step"] = "over"
        log.append(Event(text, "victory" if not tie else "L13"))
        return
    s["hand"] += 1
    s["blocked"] = False
    s["conquered"] = 0
    s["target"] = None
    s["step"] = "support"


STEPS = {
    "support": _support,
    "battle_check": _battle_check,
    "rolled": _rolled,
    "resolve": _resolve,
    "siege_check": _siege_check,
    "conquest": _conquest,
    "age": _age,
    "next": _next,
}
