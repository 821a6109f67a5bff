"""A move on the diplomacy board and what it gives (p.16), one code for the Diplomacy phase's
moves and for an Event Card's (ruling TC55): where a player's next marker may go, the marker
placed and the space's gain taken, and the gains to put on the map, each into a Region the
player Controls, in place of a Unit or token there when the Region is full (ruling TC56), or
left off the map.

A gain waiting to be put on the map is plain data, ``{"army", "text"}`` with ``"piece"`` (a
Neutral Unit or Leader) or ``"token"`` (a Resource token's kind); its choices are
``place <region>``, ``replace <region> <slot>`` and ``discard``. A Diplomacy Card's reward the
player chooses waits the same way (ruling TC76): ``"advanced"`` (an Advanced Order to take, its
choices ``advanced <order>``) or ``"unsabotage"`` (a Sabotage token to remove from a Region the
player Controls, ``clear <region> <slot>``).
"""

from __future__ import annotations

from ...core.actions import Action, act
from ...core.game import Event, State
from ...core.words import count, sentence
from . import diplomacy as rules
from .cards import order_of
from .data import (
    ALLIANCE_OF,
    ARMY_NAMES,
    NEUTRAL,
    SABOTAGE,
    SLOT_SHAPES,
    UNITS,
    Content,
    board_for,
    controller,
    owner,
    shape,
    what,
)
from .execution import advanced_to_gain
from .moves import TOKEN_SHAPE, add, place_token, to_board
from .records import ICON_WORDS, SLOTS_OF_SHAPE, UNIT_WORDS
from .state import faith_words, gain_faith, retrack, set_slot, set_token, towards

TOKEN_KIND = {
    "glory_token": "glory",
    "crown_token": "crown",
    "cp_token": "cp",
    "gold_token": "gold",
    "supply_token": "supply",
}
"""A diplomacy space's token -> the Resource token's kind on the map (ruling TC29)."""


def space_words(content: Content, space: rules.Space) -> str:
    """What a space of the diplomacy board gives, for the log: "3 Supply tokens", "2 Neutral
    Infantry", "Balian of Ibelin, a Neutral Leader", "a triangular token of 2 Glory"."""
    if space.gives == "leader":
        return f"{content.leaders[space.leader].name}, a Neutral Leader"
    if space.instant:
        return f"a triangular token of {space.n} {space.gives.capitalize()}"
    if space.gives in TOKEN_KIND:
        return count(space.n, f"{ICON_WORDS[TOKEN_KIND[space.gives]]} token")
    return f"{space.n} Neutral {UNIT_WORDS[space.gives]}"


def spaces(s: State, army: str) -> list[str]:
    """The free spaces ``army``'s next marker may go to (rulings TC24-TC26), sorted."""
    occupied = {k for placed in s["markers"].values() for k in placed}
    return sorted(rules.player_moves(rules.board(), occupied, army, s["markers"][army]))


def take(content: Content, s: State, army: str, key: str, log: list[Event], rule: str = "p.16") -> list[dict]:
    """``army`` places a marker on the space ``key`` and takes what it gives (p.16): a
    triangular Glory or Faith at once; Units, a Leader or Resource tokens returned, to be put on
    the map one at a time (:func:`choices`)."""
    s["markers"][army].append(key)
    space = rules.board().space(key)
    log.append(Event(f"{ARMY_NAMES[army]} places a diplomacy marker on {space_words(content, space)}.", rule))
    if space.gives == "glory":
        s["glory"] += towards(ALLIANCE_OF[army], space.n)
        return []
    if space.gives == "faith":
        gain_faith(s, army, space.n)
        log.append(Event(f"{sentence(faith_words(s, ALLIANCE_OF[army]))}.", rule))
        return []
    if space.gives == "leader":
        return [{"army": army, "piece": f"{NEUTRAL}:{space.leader}", "text": content.leaders[space.leader].name}]
    if space.gives in TOKEN_KIND:
        kind = TOKEN_KIND[space.gives]
        return [{"army": army, "token": kind, "text": f"a {ICON_WORDS[kind]} token"} for _ in range(space.n)]
    return [
        {"army": army, "piece": f"{NEUTRAL}:{space.gives}", "text": f"a Neutral {UNIT_WORDS[space.gives]}"}
        for _ in range(space.n)
    ]


def _open(content: Content, s: State, key: str, item: dict) -> list[int]:
    """The Slots of the gain's shape it may take in the Region as it is: free of pieces (and,
    for a token, of other tokens)."""
    slots = s["map"][key]
    if "token" not in item:
        return [i for i in SLOTS_OF_SHAPE.get(shape(content, item["piece"]), ()) if slots[i] is None]
    tokens = s["tokens"].get(key) or [None] * len(SLOT_SHAPES)
    return [i for i in SLOTS_OF_SHAPE.get(TOKEN_SHAPE[item["token"]], ()) if slots[i] is None and tokens[i] is None]


def _ruled(s: State, item: dict) -> list[str]:
    return [key for key, slots in s["map"].items() if controller(slots) == item["army"]]


def places(content: Content, s: State, item: dict, ruled: list[str] | None = None) -> list[str]:
    """Where a gain may go: a Region the player Controls with a free Slot for it (p.16).
    ``ruled``: the Regions the player Controls, if already found."""
    return [key for key in (_ruled(s, item) if ruled is None else ruled) if _open(content, s, key, item)]


def replacements(content: Content, s: State, item: dict, ruled: list[str] | None = None) -> list[tuple[str, int]]:
    """(Region, Slot) for what a gain may replace in a Region the player Controls that is full
    for it (p.16: "If the Region is full the player may replace a Unit or Resource"; ruling
    TC56): a Unit or Leader gained, a Unit of the player's own or a Neutral one on a Slot of its
    shape; a Resource token gained, a Resource token on a Slot of its shape that no piece
    covers. One Slot for each kind of thing there. ``ruled`` as for :func:`places`."""
    out = []
    for key in _ruled(s, item) if ruled is None else ruled:
        if _open(content, s, key, item):
            continue
        slots = s["map"][key]
        tokens = s["tokens"].get(key) or [None] * len(SLOT_SHAPES)
        seen = set()
        for i, held in enumerate(slots):
            if "token" in item:
                ok = SLOT_SHAPES[i] == TOKEN_SHAPE[item["token"]] and held is None and tokens[i] is not None
                kind = tokens[i]
            else:
                ok = (
                    SLOT_SHAPES[i] == shape(content, item["piece"])
                    and owner(held) in (item["army"], NEUTRAL)
                    and what(held) in UNITS
                )
                kind = held
            if ok and kind not in seen:
                seen.add(kind)
                out.append((key, i))
    return out


def rewards(s: State, army: str, gain: str, n: int) -> list[dict]:
    """The choices a Diplomacy Card's reward leaves to its taker (ruling TC76): ``n`` Advanced
    Orders or ``n`` Sabotage tokens removed, as many as there are to take."""
    if gain == "advanced_order":
        have = len(advanced_to_gain(s, army))
        return [{"army": army, "advanced": True, "text": "an Advanced Order"} for _ in range(min(n, have))]
    there = sum(slots.count(SABOTAGE) for slots in s["map"].values() if controller(slots) == army)
    return [{"army": army, "unsabotage": True, "text": "a Sabotage token"} for _ in range(min(n, there))]


def choices(content: Content, s: State, item: dict) -> list[Action]:
    """The ways to put a gain on the map: ``place``, ``replace`` or ``discard`` (left off); for
    a reward, which Advanced Order or which Sabotage token (ruling TC76)."""
    if item.get("advanced"):
        return [act("advanced", key) for key in advanced_to_gain(s, item["army"])]
    if item.get("unsabotage"):
        return [
            act("clear", key, i)
            for key, slots in s["map"].items()
            if controller(slots) == item["army"]
            for i, held in enumerate(slots)
            if held == SABOTAGE
        ]
    ruled = _ruled(s, item)
    return (
        [act("place", key) for key in places(content, s, item, ruled)]
        + [act("replace", key, i) for key, i in replacements(content, s, item, ruled)]
        + [act("discard")]
    )


def put(content: Content, s: State, item: dict, action: Action, log: list[Event], rule: str = "p.16") -> None:
    """Carry out one of :func:`choices`."""
    name = ARMY_NAMES[item["army"]]
    if action.verb == "advanced":
        s["box"][item["army"]].append(action.args[0])
        log.append(
            Event(
                f"{name} takes the Advanced Order {order_of(item['army'], action.args[0]).name} behind its "
                "screen, free.",
                "TC76",
            )
        )
        return
    if action.verb == "clear":
        key, i = action.args
        set_slot(content, s, key, i, None)
        retrack(content, s)
        log.append(
            Event(
                f"{name} removes a Sabotage token from {board_for(content, s['armies']).region(key).name}.",
                "TC76",
                marks=(f"region:{key}",),
            )
        )
        return
    if action.verb == "discard":
        log.append(Event(f"{name} leaves {item['text']} off the map.", rule))
        return
    key = action.args[0]
    where = board_for(content, s["armies"]).region(key).name
    instead = ""
    if action.verb == "replace":
        i = action.args[1]
        held = s["map"][key][i]
        if "token" in item:
            instead = f" in place of a {ICON_WORDS[s['tokens'][key][i]]} token, discarded"
            set_token(content, s, key, i, None)
        else:
            label = content.leaders[what(held)].name if what(held) in content.leaders else UNIT_WORDS[what(held)]
            army = owner(held)
            assert army is not None, "a Diplomacy card replaces a piece, never a free Slot"
            whose = "Neutral" if army == NEUTRAL else ARMY_NAMES[army]
            instead = f" in place of {'an' if whose[0] in 'AEIOU' else 'a'} {whose} {label}, returned"
            to_board(content, s, key, held)
        rule = "TC56"
    if "token" in item:
        place_token(content, s, key, item["token"])
    else:
        add(content, s, key, item["piece"])
    retrack(content, s)
    log.append(Event(f"{name} places {item['text']} in {where}{instead}.", rule, marks=(f"region:{key}",)))
