"""The Levantine state: plain data, and the small operations every rule uses."""

from __future__ import annotations

from ...core import rng
from ...core.game import Event, State, offer_window
from .cards import Card

CRUSADER, MUSLIM = 0, 1
SIDE_NAMES = ("Crusader", "Muslim")
HANDS = 18
HAND_LIMIT = 7
MAX_LEADERS = (3, 1)
CHART = {0: 10, 1: 8, 2: 6, 3: 4}
"""Territory Chart: cards drawn in the Support Phase by TT held (3 or more: 4)."""
EGYPT_DRAW = 6
EGYPT_PENALTY = 2
MAX_CONQUESTS = 2
FORMAT = 1


def other(seat: int) -> int:
    return 1 - seat


def attacker(s: State) -> int:
    return (s["hand"] - 1) % 2


def crusade(s: State) -> int:
    return (s["hand"] + 1) // 2


def new_state(seed: int, egypt: bool, quick: bool = False) -> State:
    s: State = {
        "format": FORMAT,
        "game": "levantine",
        "rng": rng.seed_state(seed),
        "rigged": [],
        "egypt_option": egypt,
        "quick": quick,
        "hand": 1,
        "step": "support",
        "deck": [],
        "discard": [],
        "hands": [[], []],
        "leaders": [[], []],
        "armies": [[], []],
        "forts": [[], []],
        "tt": [0, 3],
        "egypt": MUSLIM if egypt else None,
        "allow": [0, 0, 0],
        "blocked": False,
        "conquered": 0,
        "target": None,
        "combat": None,
        "last_combat": None,
        "pending": [],
        "result": None,
    }
    return s


def holdings(s: State, seat: int) -> int:
    """Territory Tokens held, Egypt included (ruling L17)."""
    return s["tt"][seat] + (1 if s["egypt"] == seat else 0)


def draw_count(s: State, seat: int) -> int:
    n = CHART[min(3, holdings(s, seat))]
    if seat == MUSLIM and s["egypt"] == CRUSADER:
        n -= EGYPT_PENALTY
    return max(0, n)


def leader_ids(s: State, seat: int) -> list[int]:
    return [card for card, _since in s["leaders"][seat]]


def has_force(s: State, seat: int) -> bool:
    """At least one Leader and one Army in play."""
    return bool(s["leaders"][seat]) and bool(s["armies"][seat])


def can_be_conquered(s: State, seat: int) -> bool:
    return holdings(s, seat) > 0


def draw(s: State, seat: int, count: int, cards: tuple[Card, ...], log: list[Event], rule: str) -> list[int]:
    """Draw ``count`` cards into ``seat``'s hand, refilling an empty deck (ruling L2)."""
    drawn = []
    for _ in range(count):
        if not s["deck"]:
            if not s["discard"]:
                log.append(Event("The deck and the discard pile are both empty: no more cards to draw.", "L2"))
                break
            s["deck"] = s["discard"]
            s["discard"] = []
            rng.shuffle(s, s["deck"])
            log.append(
                Event(
                    f"The deck is empty: the discard pile ({len(s['deck'])} cards) is shuffled to form a new deck.",
                    "L2",
                )
            )
        card = s["deck"].pop()
        s["hands"][seat].append(card)
        drawn.append(card)
    if drawn:
        names = ", ".join(cards[c].name for c in drawn)
        who = SIDE_NAMES[seat]
        log.append(
            Event(
                f"{who} draws {len(drawn)} card{'s' if len(drawn) != 1 else ''}: {names}.",
                rule,
                private=seat,
                public=f"{who} draws {len(drawn)} card{'s' if len(drawn) != 1 else ''}.",
            )
        )
    return drawn


def discard_from_hand(s: State, seat: int, card: int) -> None:
    s["hands"][seat].remove(card)
    s["discard"].append(card)


def remove_from_play(s: State, seat: int, card: int) -> str:
    """Take ``card`` out of ``seat``'s play area to the discard pile; returns what it was."""
    for i, (c, _since) in enumerate(s["leaders"][seat]):
        if c == card:
            del s["leaders"][seat][i]
            s["discard"].append(card)
            return "Leader"
    for zone, label in (("armies", "Army"), ("forts", "Fortification")):
        if card in s[zone][seat]:
            s[zone][seat].remove(card)
            s["discard"].append(card)
            return label
    raise KeyError(card)


def all_card_places(s: State) -> list[int]:
    """Every card wherever it lies (conservation: each card is in exactly one place)."""
    cards = list(s["deck"]) + list(s["discard"])
    for seat in (0, 1):
        cards += s["hands"][seat] + [c for c, _ in s["leaders"][seat]] + s["armies"][seat] + s["forts"][seat]
    if s["combat"]:
        cards += s["combat"]["played"][0] + s["combat"]["played"][1]
    return cards


def holds_will_of_god(s: State, seat: int, cards: tuple[Card, ...]) -> bool:
    return any(cards[c].effect == "will_of_god" for c in s["hands"][seat])


def asked_will_of_god(s: State, seat: int, cards: tuple[Card, ...]) -> bool:
    """Whether ``seat`` is offered a Will of God window (ruling L4): whenever the card could be
    in his hand as far as the other player knows — that is, unless it lies face up in the
    discard pile — so that being asked tells nothing; with quick responses, only if he holds it."""
    if any(cards[c].effect == "will_of_god" for c in s["discard"]):
        return False
    return offer_window(s, holds_will_of_god(s, seat, cards))
