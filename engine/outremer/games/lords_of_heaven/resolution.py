"""A conflict decided (p.10-11, steps 9-14; the steps before are ``conflict.py``'s): every
commitment revealed and the cards' conflict effects, the dice and their rerolls, each side's
Strength, the winner and the Victory Points, a Siege's outcome, the Wounds, the Units brought
home, and the conflict closed."""

from __future__ import annotations

from ...core import rng
from ...core.actions import Action, act
from ...core.game import Event, State
from ...core.secret import reveal
from .state import Names, draw_up, gain, level_of, put_influence, remove_influence, words
from .strength import participants, parts_text, side_of, strength_parts

UNIT_KINDS = ("footman", "siege_tower", "knight")
SUPPORT = 3
"""The Wound target after the Units: a Support in the conflict's Region (p.10, step 13)."""


def big_unit(c: dict) -> str:
    """The Unit that only one kind of conflict takes: Knights in Battles, Siege Towers in Sieges."""
    return "knight" if c["kind"] == "battle" else "siege_tower"


def leader(c: dict, side: int) -> int:
    return c["attacker"] if side == 0 else c["defender"]


def wound_options(s: State, c: dict) -> list[Action]:
    side = c["wounding"]
    members = [p for p in participants(c) if side_of(c, p) == side]
    units = [act("wound", p, k) for p in members for k in range(3) if c["units"][str(p)][k]]
    if units:
        return units
    return [act("wound", p, SUPPORT) for p in members if s["support"][c["loc"]][p]]


def face_text(content, face: int) -> str:
    strength, wounds = content.dice[face]
    parts = ([f"{strength} Strength"] if strength else []) + ([f"{wounds} Wound"] if wounds else [])
    return " and ".join(parts) if parts else "a blank"


def _applies(step: dict, c: dict, seat: int) -> bool:
    when = step.get("when")
    if when is None:
        return True
    if when in ("battle", "siege"):
        return c["kind"] == when
    return (when == "attacking") == (seat == c["attacker"])


def reveal_commitments(content, s: State, c: dict, log: list[Event]) -> None:
    """Step 9: every hand opened at once, the cards flipped; the cards' conflict effects apply."""
    names = Names(content, s)
    chosen = reveal(s)
    parts = []
    for seat in participants(c):
        card, f, b, x = chosen[seat]
        st = s["stock"][seat]
        st["footman"] -= f
        st[big_unit(c)] -= b
        st["faith"] -= x
        c["units"][str(seat)] = [f, b if c["kind"] == "siege" else 0, b if c["kind"] == "battle" else 0]
        c["faith"][str(seat)] = x
        committed = {"footman": f, big_unit(c): b, "faith": x}
        text = f"{names.the(seat)} {words(committed) if any(committed.values()) else 'nothing'}"
        if card >= 0:
            c["cards"][str(seat)] = card
            if card:
                s["hands"][seat].remove(card)
                text += f", card {names.card(card)} (strength {content.cards[card].strength})"
            else:
                text += f", the Bluff card {content.bluffs[s['factions'][seat]].name}"
        parts.append(text)
    log.append(Event("Everything is revealed: " + "; ".join(parts) + ".", "7.battle"))
    for seat in (c["attacker"], c["defender"]):
        card = c["cards"].get(str(seat), 0)
        if not card:
            continue
        side = side_of(c, seat)
        for step in content.cards[card].conflict:
            if not _applies(step, c, seat):
                continue
            do = step["do"]
            if do == "strength":
                c["bonus"][side] += step["n"]
            elif do == "wounds":
                c["dealt"][side] += step["n"]
            elif do == "shield":
                c["shield"][side] += step["n"]
            elif do == "second_card":
                if s["hands"][seat]:
                    c["seconds"].append(seat)
            elif do == "reroll":
                c["rerolls"][str(seat)] = c["rerolls"].get(str(seat), 0) + step["n"]
            elif do == "die":
                c["extra"][str(seat)] = c["extra"].get(str(seat), 0) + step["n"]
    if c["seconds"]:
        c["step"] = "second"
    else:
        roll(content, s, c, log)


def roll(content, s: State, c: dict, log: list[Event]) -> None:
    """Step 10: a die per Support in the conflict (and any a card adds); then rerolls, one per
    Church or Mosque on the board, the attacker first (p.5)."""
    names = Names(content, s)
    for seat in participants(c):
        n = s["support"][c["loc"]][seat] + c["extra"].get(str(seat), 0)
        dice = [rng.randbelow(s, 6) for _ in range(n)]
        c["dice"][str(seat)] = dice
        c["rerolls"][str(seat)] = c["rerolls"].get(str(seat), 0) + sum(s["church"][loc][seat] for loc in s["on_board"])
        if dice:
            log.append(
                Event(
                    f"{names.says(seat, 'rolls')} {len(dice)} {'die' if len(dice) == 1 else 'dice'}: "
                    + ", ".join(face_text(content, d) for d in dice)
                    + ".",
                    "7.battle",
                )
            )
    c["roller"] = -1
    c["step"] = "reroll"
    next_roller(content, s, c, log)


def next_roller(content, s: State, c: dict, log: list[Event]) -> None:
    order = participants(c)
    c["roller"] += 1
    while c["roller"] < len(order):
        seat = order[c["roller"]]
        if c["rerolls"].get(str(seat), 0) > 0 and c["dice"][str(seat)]:
            return
        c["roller"] += 1
    _total(content, s, c, log)


def _total(content, s: State, c: dict, log: list[Event]) -> None:
    """Step 11: each side's Strength (:func:`.strength.strength_parts`); the higher side wins, a tie
    goes to the Defender (ruling LH17). Step 12: Victory Points."""
    names = Names(content, s)
    loc = c["loc"]
    dealt = list(c["dealt"])
    for seat in participants(c):
        for d in c["dice"][str(seat)]:
            dealt[side_of(c, seat)] += content.dice[d][1]
    parts = strength_parts(content, s, c)
    strength = [sum(n for _, n in parts[side]) for side in (0, 1)]
    c["parts"] = parts
    c["strength"] = strength
    c["wounds"] = [max(0, dealt[1] - c["shield"][0]), max(0, dealt[0] - c["shield"][1])]
    side = 0 if strength[0] > strength[1] else 1
    c["winner"] = side
    win = leader(c, side)
    tie = " (a tie goes to the Defender: ruling LH17)" if strength[0] == strength[1] else ""
    log.append(
        Event(
            f"Strength: {names.owner(c['attacker'])} side {strength[0]} ({parts_text(parts[0])}), "
            f"{names.owner(c['defender'])} side {strength[1]} ({parts_text(parts[1])}). "
            f"{names.says(win, 'wins')}{tie}.",
            "7.battle" if c["kind"] == "battle" else "7.siege",
        )
    )
    for seat in participants(c):
        s["vp"][seat] += 1
    if c["kind"] == "battle":
        s["vp"][win] += 2
        ally = c["ally"] if side == 0 else c["def_ally"]
        if ally is not None:
            s["vp"][ally] += 1
        log.append(
            Event(
                f"Every player in the Battle scores 1 VP; {names.the(win)} 2 more"
                + (f", {names.the(ally)} as {names.its(ally)} Ally 1 more" if ally is not None else "")
                + ".",
                "3",
            )
        )
        _to_wounds(content, s, c, log)
        return
    log.append(Event("Every player in the Siege scores 1 VP.", "3"))
    if side == 1:
        defender = c["defender"]
        here = level_of(s, defender, loc)
        top = len(s["city"][loc]) - 1
        if here is not None and here == top:
            s["vp"][defender] += 1
            log.append(
                Event(
                    f"{names.says(defender, 'holds')} the City {names.it(defender, 'controls')} and {names.verb(defender, 'scores')} 1 VP more.",
                    "7.siege",
                )
            )
        elif here is not None:
            put_influence(s, defender, loc, here + 1, log, names)
            log.append(
                Event(
                    f"{names.owner(defender, start=True)} Influence in {names.loc(loc)} rises one level.",
                    "7.siege",
                    marks=(f"loc:{loc}",),
                )
            )
        _to_wounds(content, s, c, log)
        return
    c["step"] = "outcome"


def siege_win(content, s: State, c: dict, verb: str, log: list[Event]) -> None:
    """Step 12 of a Siege the attacker wins: take the City's top, or ransack it (p.11; LH19)."""
    names = Names(content, s)
    loc, winner, defender = c["loc"], c["attacker"], c["defender"]
    if verb == "take":
        remove_influence(s, defender, loc)
        top = len(s["city"][loc]) - 1
        if winner in s["city"][loc] or s["presence"][winner] > 0:
            put_influence(s, winner, loc, top, log, names)
            log.append(
                Event(
                    f"{names.owner(defender, start=True)} Influence leaves {names.loc(loc)}; "
                    f"{names.says(winner, 'takes', start=False)} the top level and {names.verb(winner, 'controls')} "
                    "the City.",
                    "LH19",
                    marks=(f"loc:{loc}",),
                )
            )
        else:
            log.append(
                Event(
                    f"{names.owner(defender, start=True)} Influence leaves {names.loc(loc)}; "
                    f"{names.says(winner, 'has', start=False)} no Presence "
                    "left to place on the top level (ruling LH19).",
                    "LH19",
                    marks=(f"loc:{loc}",),
                )
            )
    else:
        for seat in range(len(s["factions"])):
            remove_influence(s, seat, loc)
        citadel = s["citadel"][loc]
        s["citadel"][loc] = None
        got = content.locations[loc].ransack
        gain(s, winner, {"gold": got})
        log.append(
            Event(
                f"{names.says(winner, 'ransacks')} {names.loc(loc)}: every Influence leaves the City"
                + (f", {names.owner(citadel)} Citadel is destroyed" if citadel is not None else "")
                + f", and {names.says(winner, 'takes', start=False)} {got} Gold.",
                "7.siege",
                marks=(f"loc:{loc}",),
            )
        )
    _to_wounds(content, s, c, log)


def _to_wounds(content, s: State, c: dict, log: list[Event]) -> None:
    c["wounding"] = 0
    c["step"] = "wounds"
    _settle_wounds(content, s, c, log)


def _settle_wounds(content, s: State, c: dict, log: list[Event]) -> None:
    """Step 13: Wounds are assigned to Units first, then Support; the side's leader decides."""
    while c["wounding"] < 2:
        side = c["wounding"]
        if c["wounds"][side] > 0 and wound_options(s, c):
            return
        c["wounding"] += 1
    _to_home(content, s, c, log)


def wound(content, s: State, c: dict, seat: int, kind: int, log: list[Event]) -> None:
    names = Names(content, s)
    side = c["wounding"]
    if kind == SUPPORT:
        s["support"][c["loc"]][seat] -= 1
        s["presence"][seat] += 1
        what = "a Support"
    else:
        c["units"][str(seat)][kind] -= 1
        what = "a " + words({UNIT_KINDS[kind]: 1})[2:]
    c["wounds"][side] -= 1
    log.append(Event(f"A Wound: {names.says(seat, 'loses', start=False)} {what}.", "7.battle"))
    _settle_wounds(content, s, c, log)


def _to_home(content, s: State, c: dict, log: list[Event]) -> None:
    """Step 14: Units not removed may come home for 1 Gold each."""
    c["home"] = [p for p in participants(c) if sum(c["units"][str(p)])]
    c["step"] = "home"
    if not c["home"]:
        close(content, s, c, log)


def close(content, s: State, c: dict, log: list[Event]) -> None:
    """The played cards are discarded (the Bluff goes back to its owner's side); attacker and
    Defender draw up to a full hand (ruling LH20); the turn goes on."""
    names = Names(content, s)
    for card in list(c["cards"].values()) + list(c["second"].values()):
        if card:
            s["discard"].append(card)
    for seat in (c["attacker"], c["defender"]):
        drawn = draw_up(s, seat)
        if drawn:
            log.append(Event(f"{names.says(seat, 'draws')} {drawn} card{'s' if drawn > 1 else ''}.", "LH20"))
    s["conflict"] = None
    s["last_conflict"] = {
        "kind": c["kind"],
        "loc": c["loc"],
        "strength": c["strength"],
        "winner": leader(c, c["winner"]),
        "parts": c.get("parts") or [[], []],
    }
    s["step"] = "conflicts"
