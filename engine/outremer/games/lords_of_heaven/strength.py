"""The sides of a conflict and where each side's Strength comes from (p.10-11, step 11): the
sources are named once here, for the log, the tables and the total the conflict is decided by."""

from __future__ import annotations

from ...core.game import State
from .state import fortresses_next_to


def participants(c: dict) -> list[int]:
    """Attacker, the attacker's Ally, the Defender, the Defender's Ally: the order of rerolls and
    of bringing Units home (ruling LH18)."""
    return [p for p in (c["attacker"], c["ally"], c["defender"], c["def_ally"]) if p is not None]


def side_of(c: dict, seat: int) -> int:
    """0 for the attacking side, 1 for the defending side."""
    return 0 if seat in (c["attacker"], c["ally"]) else 1


def strength_parts(content, s: State, c: dict) -> list[list[list]]:
    """Step 11: where each side's Strength comes from, as [source, amount] pairs in a fixed order
    (only those that add something): the Units, Faith, the cards played (face down and a second
    card), the cards' +Strength effects, the dice, the Fortresses next to a Battle (the row's level
    each) and the besieged Defender's Citadel (its row's level). Each side's Strength is their sum."""
    loc = c["loc"]
    sums = [dict.fromkeys(SOURCES, 0) for _ in (0, 1)]
    forts = [0, 0]
    for side in (0, 1):
        sums[side]["card effects"] = c["bonus"][side]
    for seat in participants(c):
        side = side_of(c, seat)
        key = str(seat)
        part = sums[side]
        card = c["cards"].get(key, 0)
        if card:
            part["cards"] += content.cards[card].strength
        if key in c["second"]:
            part["cards"] += content.cards[c["second"][key]].strength
        units = c["units"][key]
        part["Units"] += units[0] + 2 * units[1] + 3 * units[2]
        part["Faith"] += c["faith"][key]
        part["dice"] += sum(content.dice[d][0] for d in c["dice"][key])
        if c["kind"] == "battle":
            here = fortresses_next_to(content, s, loc, seat)
            forts[side] += here
            part["Fortress"] += here * s["upgrades"][seat][1]
    if c["kind"] == "siege" and s["citadel"][loc] == c["defender"]:
        sums[1]["Citadel"] += s["upgrades"][c["defender"]][2]
    out = []
    for side in (0, 1):
        out.append(
            [["Fortresses" if k == "Fortress" and forts[side] > 1 else k, n] for k, n in sums[side].items() if n]
        )
    return out


SOURCES = ("Units", "Faith", "cards", "card effects", "dice", "Fortress", "Citadel")
"""The sources of Strength, by the words that name them, in the order they are shown (the
rulebook's sum of "the cards, Units, Faith, dice, card effects and buildings", 7)."""


def parts_text(parts: list[list]) -> str:
    """ "Units 4, Faith 1, dice 2": a side's Strength by where it comes from."""
    return ", ".join(f"{what} {n}" for what, n in parts) or "nothing"
