"""Conflicts: the Battle and the Siege, in the rulebook's fourteen steps (p.10-11).

A conflict lives in ``s["conflict"]`` while it is fought; ``c["step"]`` says which decision is
open. The face-down card and the Units and Faith every participant commits are one sealed
round (:mod:`outremer.core.secret`): chosen in turn, nobody sees another's choice, all are
revealed together (steps 7-9). This module starts a conflict and takes its decisions up to the
commitments (steps 1-8) and the ones of steps 9-14 as they come; what those steps do (the reveal,
the dice, Strength and Victory Points, Wounds, the Units brought home) is ``resolution.py``'s.
"""

from __future__ import annotations

from ...core import rng
from ...core.actions import Action, act
from ...core.game import Event, State
from ...core.secret import all_sealed, open_sealed, seal, sealed_next
from .resolution import (
    UNIT_KINDS,
    big_unit,
    close,
    face_text,
    leader,
    next_roller,
    reveal_commitments,
    roll,
    siege_win,
    wound,
    wound_options,
)
from .state import Names, border_index, gain, neighbours, pay, purse, words
from .strength import participants

STRENGTH = {"footman": 1, "siege_tower": 2, "knight": 3}


def _names(content, s):
    return Names(content, s)


def limit(content, s: State, c: dict, seat: int) -> int:
    """How many Units ``seat`` may commit: 2 per Support it has in the conflict (p.6); a
    besieged player 1, and 1 more per Citadel off its player board (p.6; ruling LH15)."""
    n = 2 * s["support"][c["loc"]][seat]
    if c["kind"] == "siege" and seat == c["defender"]:
        n += 1 + (3 - s["buildings"][seat][2])
    return n


def commit_options(content, s: State, seat: int) -> list[Action]:
    """Every commitment ``seat`` could seal: a card (or the Bluff, 0; -1 for an ally, who plays
    none), Footmen, the big Unit of the conflict and Faith."""
    c = s["conflict"]
    st = s["stock"][seat]
    cap = limit(content, s, c, seat)
    big = st[big_unit(c)]
    cards = [0] + sorted(s["hands"][seat]) if seat in (c["attacker"], c["defender"]) else [-1]
    out = []
    for card in cards:
        for f in range(min(st["footman"], cap) + 1):
            for b in range(min(big, cap - f) + 1):
                for x in range(st["faith"] + 1):
                    out.append(act("commit", card, f, b, x))
    return out


# -- starting a conflict (p.10) ---------------------------------------------------------------
def starts(content, s: State, seat: int) -> list[Action]:
    """The conflicts ``seat`` may start after its Movement: one a turn in the 1st Crusade, two in
    the 2nd (p.10)."""
    if s["turn"]["conflicts"] >= s["crusade"]:
        return []
    out = []
    n = len(s["factions"])
    for loc in s["on_board"]:
        if not s["support"][loc][seat]:
            continue
        out += [act("battle", loc, other) for other in range(n) if other != seat and s["support"][loc][other]]
        if any(other not in (None, seat) for other in s["city"][loc]):
            out.append(act("siege", loc))
    return out


def siege_target(s: State, seat: int, loc: int) -> int:
    """The player whose Influence stands highest in the City, among the others (p.11)."""
    city = s["city"][loc]
    return next(other for other in reversed(city) if other not in (None, seat))


def start(content, s: State, seat: int, kind: str, args: tuple, log: list[Event]) -> None:
    names = _names(content, s)
    loc = args[0]
    defender = args[1] if kind == "battle" else siege_target(s, seat, loc)
    s["turn"]["conflicts"] += 1
    s["conflict"] = {
        "kind": kind,
        "loc": loc,
        "attacker": seat,
        "defender": defender,
        "ally": None,
        "def_ally": None,
        "step": "bring",
        "mover": seat,
        "brought": [],
        "asker": seat,
        "asked": [],
        "asking": None,
        "cards": {},
        "units": {},
        "faith": {},
        "second": {},
        "seconds": [],
        "dice": {},
        "extra": {},
        "rerolls": {},
        "roller": 0,
        "strength": [0, 0],
        "dealt": [0, 0],
        "shield": [0, 0],
        "bonus": [0, 0],
        "winner": None,
        "wounds": [0, 0],
        "wounding": 0,
        "home": [],
        "parts": [[], []],
    }
    what = "a Battle" if kind == "battle" else "a Siege"
    log.append(
        Event(
            f"{names.says(seat, 'starts')} {what} in {names.loc(loc)} against {names.the(defender)}.",
            "7.battle" if kind == "battle" else "7.siege",
            marks=(f"loc:{loc}",),
        )
    )
    s["step"] = "conflict"
    if kind == "siege":
        _to_ask(s, s["conflict"], seat)


# -- who acts, what is legal -------------------------------------------------------------------
def to_act(s: State) -> int | None:
    c = s["conflict"]
    step = c["step"]
    if step == "bring":
        return c["mover"]
    if step == "ask":
        return c["asker"]
    if step == "answer":
        return c["asking"]
    if step == "commit":
        return sealed_next(s)
    if step == "second":
        return c["seconds"][0]
    if step == "reroll":
        return participants(c)[c["roller"]]
    if step == "outcome":
        return c["attacker"]
    if step == "wounds":
        return leader(c, c["wounding"])
    if step == "home":
        return c["home"][0]
    return None


def bring_options(content, s: State, c: dict) -> list[int]:
    seat = c["mover"]
    if purse(s, seat) < 1:
        return []
    return [b for b in neighbours(content, s, c["loc"]) if s["support"][b][seat] and b not in c["brought"]]


def ally_options(content, s: State, c: dict) -> list[int]:
    """Who the side may ask (p.10 steps 2 and 5): a player with Support in the Region, or in a
    Battle in a Location next to it; not the other side's leader or Ally, nobody asked twice."""
    places = [c["loc"]] + (neighbours(content, s, c["loc"]) if c["kind"] == "battle" else [])
    taken = {c["attacker"], c["defender"], c["ally"], c["def_ally"]}
    return [
        p
        for p in range(len(s["factions"]))
        if p not in taken and p not in c["asked"] and any(s["support"][loc][p] for loc in places)
    ]


def legal(content, s: State) -> list[Action]:
    c = s["conflict"]
    step = c["step"]
    if step == "bring":
        return [act("bring", b) for b in bring_options(content, s, c)] + [act("done")]
    if step == "ask":
        return [act("ask", p) for p in ally_options(content, s, c)] + [act("alone")]
    if step == "answer":
        return [act("accept"), act("decline")]
    if step == "commit":
        seat = sealed_next(s)
        return commit_options(content, s, seat) if seat is not None else []
    if step == "second":
        return [act("second", card) for card in sorted(s["hands"][c["seconds"][0]])] + [act("none")]
    if step == "reroll":
        seat = participants(c)[c["roller"]]
        return [act("reroll", i) for i in range(len(c["dice"][str(seat)]))] + [act("keep")]
    if step == "outcome":
        return [act("take"), act("ransack")]
    if step == "wounds":
        return wound_options(s, c)
    if step == "home":
        seat = c["home"][0]
        units = c["units"][str(seat)]
        paid = [act("home", k) for k in range(3) if units[k]] if purse(s, seat) >= 1 else []
        return paid + [act("release")]
    return []


# -- doing -------------------------------------------------------------------------------------
def perform(content, s: State, action: Action, log: list[Event]) -> None:
    names = _names(content, s)
    c = s["conflict"]
    step = c["step"]
    verb, args = action.verb, action.args
    if step == "bring":
        seat = c["mover"]
        if verb == "bring":
            b = args[0]
            pay(s, seat, 1)
            s["support"][b][seat] -= 1
            s["support"][c["loc"]][seat] += 1
            c["brought"].append(b)
            text = f"{names.says(seat, 'pays')} 1 Gold and {names.verb(seat, 'brings')} 1 Support from {names.loc(b)} into the Battle"
            if s["fortress"][border_index(content, b, c["loc"])] == seat:
                gain(s, seat, {"footman": 1})
                text += f"; {names.its(seat)} Fortress on the way gives a Footman (ruling LH24)"
            log.append(Event(text + ".", "LH24", marks=(f"loc:{b}", f"loc:{c['loc']}")))
        else:
            _after_bring(content, s, c)
    elif step == "ask":
        if verb == "ask":
            c["asked"].append(args[0])
            c["asking"] = args[0]
            c["step"] = "answer"
            log.append(
                Event(
                    f"{names.says(c['asker'], 'asks')} {names.the(args[0])} to be {names.its(c['asker'])} Ally.",
                    "7.battle",
                )
            )
        else:
            _after_ask(content, s, c)
    elif step == "answer":
        seat = c["asking"]
        c["asking"] = None
        if verb == "accept":
            log.append(Event(f"{names.says(seat, 'agrees')} to be {names.owner(c['asker'])} Ally.", "7.battle"))
            if c["asker"] == c["attacker"]:
                c["ally"] = seat
            else:
                c["def_ally"] = seat
            _after_ask(content, s, c)
        else:
            log.append(Event(f"{names.says(seat, 'refuses')}.", "7.battle"))
            c["step"] = "ask"
            if not ally_options(content, s, c):
                _after_ask(content, s, c)
    elif step == "commit":
        seat = sealed_next(s)
        assert seat is not None  # "commit" is legal only while a seat has yet to commit
        seal(s, seat, list(args))
        log.append(Event(f"{names.says(seat, 'commits')} in secret.", "7.battle", private=None))
    elif step == "second":
        seat = c["seconds"].pop(0)
        if verb == "second":
            card = args[0]
            s["hands"][seat].remove(card)
            c["second"][str(seat)] = card
            log.append(
                Event(
                    f"{names.says(seat, 'plays')} a second card face up: {names.card(card)} (strength "
                    f"{content.cards[card].strength}).",
                    "LH16",
                )
            )
        if not c["seconds"]:
            roll(content, s, c, log)
    elif step == "reroll":
        seat = participants(c)[c["roller"]]
        if verb == "reroll":
            i = args[0]
            dice = c["dice"][str(seat)]
            old = dice[i]
            dice[i] = rng.randbelow(s, 6)
            c["rerolls"][str(seat)] -= 1
            log.append(
                Event(
                    f"{names.says(seat, 'rerolls')} a die: {face_text(content, old)} becomes "
                    f"{face_text(content, dice[i])}.",
                    "4.church",
                )
            )
            if c["rerolls"][str(seat)] <= 0:
                next_roller(content, s, c, log)
        else:
            next_roller(content, s, c, log)
    elif step == "outcome":
        siege_win(content, s, c, verb, log)
    elif step == "wounds":
        seat, kind = args
        wound(content, s, c, seat, kind, log)
    elif step == "home":
        seat = c["home"][0]
        units = c["units"][str(seat)]
        if verb == "home":
            pay(s, seat, 1)
            units[args[0]] -= 1
            gain(s, seat, {UNIT_KINDS[args[0]]: 1})
            log.append(
                Event(
                    f"{names.says(seat, 'pays')} 1 Gold to bring a {words({UNIT_KINDS[args[0]]: 1})[2:]} home.",
                    "7.battle",
                )
            )
            if sum(units):
                return
        else:
            lost = {UNIT_KINDS[k]: units[k] for k in range(3) if units[k]}
            if lost:
                log.append(Event(f"{names.says(seat, 'leaves')} {words(lost)} to the general supply.", "7.battle"))
            c["units"][str(seat)] = [0, 0, 0]
        c["home"].pop(0)
        if not c["home"]:
            close(content, s, c, log)


def _after_bring(content, s: State, c: dict) -> None:
    """After a player has brought Support: the next step of p.10 (1 attacker, 3 its Ally,
    4 the Defender, 6 the Defender's Ally)."""
    mover = c["mover"]
    c["brought"] = []
    if mover == c["attacker"]:
        _to_ask(s, c, c["attacker"])
    elif mover == c["ally"]:
        c["mover"] = c["defender"]
    elif mover == c["defender"]:
        _to_ask(s, c, c["defender"])
    else:
        _to_commit(s, c)


def _to_ask(s: State, c: dict, asker: int) -> None:
    """A side's leader may ask for an Ally; a player who refused the attacker may still be asked
    by the Defender (the Battle example: Robert)."""
    if c["asker"] != asker:
        c["asked"] = []
    c["asker"] = asker
    c["step"] = "ask"


def _after_ask(content, s: State, c: dict) -> None:
    if c["asker"] == c["attacker"]:
        if c["kind"] == "battle" and c["ally"] is not None:
            c["step"], c["mover"] = "bring", c["ally"]
        elif c["kind"] == "battle":
            c["step"], c["mover"] = "bring", c["defender"]
        else:
            _to_ask(s, c, c["defender"])
    else:
        if c["kind"] == "battle" and c["def_ally"] is not None:
            c["step"], c["mover"] = "bring", c["def_ally"]
        else:
            _to_commit(s, c)


def _to_commit(s: State, c: dict) -> None:
    c["step"] = "commit"
    order = [c["attacker"], c["defender"]] + [p for p in (c["ally"], c["def_ally"]) if p is not None]
    open_sealed(s, "conflict", order)


def automatic(content, s: State, log: list[Event]) -> bool:
    """Steps that need no decision: the reveal once everyone has committed, and decisions with
    nothing to decide (no Support to bring, nobody to ask, no Gold for Units). True if one ran."""
    c = s["conflict"]
    step = c["step"]
    if step == "commit" and all_sealed(s):
        reveal_commitments(content, s, c, log)
        return True
    if step == "bring" and not bring_options(content, s, c):
        _after_bring(content, s, c)
        return True
    if step == "ask" and not ally_options(content, s, c):
        _after_ask(content, s, c)
        return True
    if step == "wounds" and len(set(wound_options(s, c))) == 1:
        seat, kind = wound_options(s, c)[0].args
        wound(content, s, c, seat, kind, log)
        return True
    if step == "home" and purse(s, c["home"][0]) < 1:
        perform(content, s, act("release"), log)
        return True
    return False
