"""Lords of Heaven at the table: what the context module (``lords_of_heaven.py``) draws with.

The board's drawing (where each Location card lies, the border roads between them and the
Fortress space on each), the words for the cards' effects (the data holds them as steps of a
small vocabulary, ``data/cards.toml``) and for Benefits and dice faces. Everything is computed
from the engine's data, so that it cannot drift from what the engine plays; nothing here
decides legality.
"""

from __future__ import annotations

import math
from functools import cache
from typing import Any

# ---------------------------------------------------------------------------- the factions
COLOURS = ("purple", "green", "red", "yellow")
"""The factions' colours: roles of static/theme.css (--loh-<colour>, its ink and its tint)."""
LETTERS = {"byzantines": "By", "seljuk": "Se", "crusaders": "Cr", "caliphate": "Ca"}
FAITH_WORDS = {"christians": "Christian", "muslims": "Muslim"}
UNIT_NAMES = {
    "footman": ("Footman", "Footmen"),
    "siege_tower": ("Siege Tower", "Siege Towers"),
    "knight": ("Knight", "Knights"),
    "gold": ("Gold", "Gold"),
    "faith": ("Faith", "Faith"),
    "vp": ("VP", "VP"),
}
ROWS = ("church", "fortress", "citadel")
COLUMN_NAMES = ("Development", "Presence", "Movement", "Income")


def amount(what: str, n: int) -> str:
    one, many = UNIT_NAMES[what]
    return f"{n} {one if n == 1 else many}"


def amounts(pairs) -> str:
    """ "1 Footman, 2 Gold" from (what, n) pairs, alike ones added up, in the order met."""
    total: dict[str, int] = {}
    for what, n in pairs:
        total[what] = total.get(what, 0) + n
    return ", ".join(amount(w, n) for w, n in total.items() if n) or "nothing"


# ---------------------------------------------------------------------------- card words
WHEN_WORDS = {
    "attacking": "when attacking",
    "defending": "when defending",
    "battle": "in a Battle",
    "siege": "in a Siege",
}


def action_words(step: dict) -> str:
    """One step of a card's effect for Development or Presence, in our words."""
    do = step["do"]
    if do == "gain":
        return "Gain " + amounts((k, v) for k, v in step.items() if k != "do")
    if do == "push":
        faith = step["faith"]
        whose = "an opponent's" if faith == "opponents" else FAITH_WORDS[faith]
        cities = step["cities"]
        head = f"Pay {step['pay']} Gold: m" if step.get("pay") else "M"
        return f"{head}ove {whose} Influence down one level in " + (
            "1 City" if cities == 1 else f"up to {cities} Cities"
        )
    if do == "influence":
        return "Place Influence on the lowest level of a City next to your Presence"
    if do == "support":
        return "Place 1 Support for free" if step["n"] == 1 else f"Place up to {step['n']} Support for free"
    if do == "reinforce":
        return "Gain a Footman for each Location around one of your Cities where you have Support"
    if do == "upgrade":
        return "Upgrade one row of your player board"
    if do == "move":
        return "Move 1 Support one step" if step["n"] == 1 else f"Move up to {step['n']} Support one step each"
    if do == "income":
        return "Gain the Gold your Influence in the Cities yields"
    return do


def conflict_words(step: dict) -> str:
    """One step of a card's effect in a conflict, in our words."""
    do, n = step["do"], step.get("n", 0)
    text = {
        "strength": f"+{n} Strength",
        "wounds": f"deals {n} Wound{'s' if n != 1 else ''}",
        "shield": f"cancels {n} Wound{'s' if n != 1 else ''} against your side",
        "second_card": "play a second card face up after the reveal",
        "reroll": f"{n} reroll{'s' if n != 1 else ''}",
        "die": f"roll {n} more {'die' if n == 1 else 'dice'}",
    }.get(do, do)
    when = step.get("when")
    return f"{text} {WHEN_WORDS[when]}" if when else text


def affiliation_words(affiliation: str) -> str:
    if affiliation == "any":
        return "Any faction"
    if affiliation in FAITH_WORDS:
        return FAITH_WORDS[affiliation] + "s"
    return affiliation.capitalize()


def card_words(card: dict) -> dict[str, str]:
    """The lines a card shows: its effect for an action, its effect in a conflict."""
    steps = [action_words(s) for s in card["action"]]
    action = "; then ".join(steps[:1] + [w[:1].lower() + w[1:] for w in steps[1:]])
    fight = "; ".join(conflict_words(s) for s in card["conflict"])
    return {
        "action": action[:1].upper() + action[1:] if action else "",
        "fight": fight[:1].upper() + fight[1:] if fight else "",
    }


# ---------------------------------------------------------------------------- a commitment
def _count(n: int, one: str, many: str) -> str:
    return f"{n} {one if n == 1 else many}"


def commitment_words(
    kind: str, besieged: bool, support: int, citadels: int, footmen: int, big: int, faith: int, leader: bool
) -> list[str]:
    """What the commitment form tells the seat committing, plainly: how many Units it may commit
    and why (2 for each Support in the Region, p.6; a besieged player 1 and 1 more for each Citadel
    off its player board, ruling LH15), what its stock allows, its Faith, and its card."""
    big_one, big_many = ("Knight", "Knights") if kind == "battle" else ("Siege Tower", "Siege Towers")
    cap = 2 * support + ((1 + citadels) if besieged else 0)
    reasons = []
    if besieged:
        reasons.append("1 as the besieged player")
        if citadels:
            reasons.append(
                f"1 for each of your {citadels} Citadels off your player board"
                if citadels > 1
                else "1 for your Citadel off your player board"
            )
    if support:
        reasons.append(
            f"2 for each of your {support} Support in this Region"
            if support > 1
            else "2 for your 1 Support in this Region"
        )
    no_support = "you have no Support in this Region"
    if cap == 0:
        lines = [f"You may commit no Units here: {no_support}."]
    else:
        why = ", ".join(reasons[:-1]) + " and " + reasons[-1] if len(reasons) > 1 else reasons[0]
        lines = [
            f"You may commit up to {_count(cap, 'Unit', 'Units')} here: {why}"
            + (f"; {no_support}." if not support else ".")
        ]
        have = footmen + big
        if have == 0:
            lines.append(f"You have no Footmen and no {big_many} to commit.")
        elif have < cap:
            stock = (
                f"{_count(footmen, 'Footman', 'Footmen') if footmen else 'no Footmen'} and "
                f"{_count(big, big_one, big_many) if big else 'no ' + big_many}"
            )
            lines.append(f"You have {stock}: at most {_count(have, 'Unit', 'Units')}.")
    lines.append(
        f"Faith adds 1 Strength each and is no Unit: you have {faith}." if faith else "You have no Faith to add."
    )
    lines.append(
        "Lay one card face down: its Strength and its Conflict effect count; the Bluff card has "
        "Strength 0 and comes back to your hand."
        if leader
        else "As an Ally you lay no card."
    )
    return lines


# ---------------------------------------------------------------------------- dice
def face(strength: int, wounds: int) -> dict[str, Any]:
    parts = ([f"{strength} Strength"] if strength else []) + ([f"{wounds} Wound"] if wounds else [])
    return {"strength": strength, "wounds": wounds, "words": " and ".join(parts) if parts else "blank"}


# ---------------------------------------------------------------------------- the board
W, H = 184, 124
"""A Location card on the board, in SVG units."""
COLUMNS_X = (126, 350, 574)
HALF_ROW = 84
PLACES = {  # Location key: (column, half-row), the coast to the west (left)
    "iconium": (0, 0),
    "edessa": (2, 0),
    "antiocheia": (1, 1),
    "tripoli": (0, 2),
    "aleppo": (2, 2),
    "damascus": (1, 3),
    "tyrus": (0, 4),
    "jerusalem": (1, 5),
    "ascalon": (0, 6),
}
TOP = 72
WIDTH, HEIGHT = 676, 648
SLOT_W, SLOT_H, SLOT_GAP = 42, 42, 4


def centre(key: str) -> tuple[int, int]:
    col, row = PLACES[key]
    return COLUMNS_X[col], TOP + HALF_ROW * row


def _edge_point(cx: float, cy: float, dx: float, dy: float) -> tuple[float, float]:
    """Where the ray from a card's centre along (dx, dy) leaves the card."""
    tx = (W / 2) / abs(dx) if dx else math.inf
    ty = (H / 2) / abs(dy) if dy else math.inf
    t = min(tx, ty)
    return cx + dx * t, cy + dy * t


@cache
def geometry() -> dict[str, Any]:
    """The board: each Location card's place, and every border as a road from card edge to card
    edge, with its Fortress space in the middle where the board has one (ruling LH7)."""
    from outremer.games.lords_of_heaven.data import content

    data = content()
    places = []
    for loc in data.locations:
        x, y = centre(loc.key)
        places.append({"index": loc.index, "key": loc.key, "x": x - W / 2, "y": y - H / 2, "cx": x, "cy": y})
    roads = []
    for i, (a, b) in enumerate(data.borders):
        (ax, ay), (bx, by) = centre(data.locations[a].key), centre(data.locations[b].key)
        dx, dy = bx - ax, by - ay
        p = _edge_point(ax, ay, dx, dy)
        q = _edge_point(bx, by, -dx, -dy)
        others = [centre(loc.key) for loc in data.locations if loc.index not in (a, b)]
        if any(_inside(ax + dx * k / 20, ay + dy * k / 20, c) for k in range(1, 20) for c in others):
            roads.append({**_sea_road(i, a, b, (ax, ay), (bx, by)), "fort": i in data.forts})
            continue
        roads.append(
            {
                "index": i,
                "a": a,
                "b": b,
                "x1": round(p[0], 1),
                "y1": round(p[1], 1),
                "x2": round(q[0], 1),
                "y2": round(q[1], 1),
                "mx": round((p[0] + q[0]) / 2, 1),
                "my": round((p[1] + q[1]) / 2, 1),
                "sea": False,
                "d": f"M{p[0]:.1f},{p[1]:.1f} L{q[0]:.1f},{q[1]:.1f}",
                "length": round(math.dist(p, q), 1),
                "fort": i in data.forts,
            }
        )
    return {
        "width": WIDTH,
        "height": HEIGHT,
        "viewbox": f"0 0 {WIDTH} {HEIGHT}",
        "w": W,
        "h": H,
        "places": places,
        "roads": roads,
    }


def _inside(x: float, y: float, card: tuple[int, int]) -> bool:
    return abs(x - card[0]) < W / 2 and abs(y - card[1]) < H / 2


def _sea_road(index: int, a: int, b: int, pa: tuple[int, int], pb: tuple[int, int]) -> dict[str, Any]:
    """A border by sea with cards between its ends (ruling LH28): from the coast's west edge a
    lane curves out to sea and back; an end inland (Antiocheia) is reached by a spur between the
    coast cards, from the edge to its card's west side."""
    edge = COLUMNS_X[0] - W / 2
    (_, ay), (_, by) = pa, pb
    inland = [(x - W / 2, y) for x, y in (pa, pb) if x != COLUMNS_X[0]]
    out = 16 if inland else 6  # two lanes up the same coast, side by side
    spurs = [[edge, y, x] for x, y in inland]
    mx = (2 * edge + 6 * out) / 8  # the curve's middle, a cubic with both controls out at sea
    d = f"M{edge:g},{ay:g} C{out},{ay:g} {out},{by:g} {edge:g},{by:g}"
    for x, y in inland:
        d += f" M{edge:g},{y:g} L{x:g},{y:g}"
    return {
        "index": index,
        "a": a,
        "b": b,
        "sea": True,
        "x1": edge,
        "y1": ay,
        "x2": edge,
        "y2": by,
        "cx": out,
        "spurs": spurs,
        "d": d,
        "mx": round(mx, 1),
        "my": round((ay + by) / 2, 1),
        "length": round(abs(by - ay) + sum(x - e for e, _, x in spurs), 1),
    }


def slot_x(level: int, levels: int) -> float:
    """The left edge of a City level's slot, inside its Location card."""
    return 8 + level * (SLOT_W + SLOT_GAP)
