"""The Crusader Kingdoms state: plain data, and the operations every rule uses."""

from __future__ import annotations

from ...core import rng
from ...core.game import Event, State
from .data import Board, Card, Content, Mode

NOBODY = -1
"""Owner of an area no player holds: an independent kingdom (3–4 players) or the Muslims (1–2)."""
TURNS = 3
BONUS_MIN, BONUS_MAX = -2, 2
FORMAT = 1


def new_state(content: Content, mode: Mode, seed: int, quick: bool = False) -> State:
    board = content.boards[mode.map]
    s: State = {
        "format": FORMAT,
        "game": "crusader-kingdoms",
        "rng": rng.seed_state(seed),
        "rigged": [],
        "mode": mode.key,
        "quick": quick,
        "turn": 1,
        "step": "turn_start",
        "owner": [NOBODY] * len(board.areas),
        "plus": [False] * len(board.areas),
        "supply": [],
        "hands": [[] for _ in mode.seats],
        "bonus": [0] * len(mode.seats),
        "deck": {"christian": [], "muslim": []},
        "discard": {"christian": [], "muslim": []},
        "lasting": [],
        "truces": [],
        "watch": [],
        "skip": [False] * len(mode.seats),
        "current": 0,
        "passes": 0,
        "out": [False] * len(mode.seats),
        "slot": "seat",
        "auto": None,
        "attack": None,
        "last_attack": None,
        "pending": [],
        "result": None,
    }
    for seat, sd in enumerate(mode.seats):
        for key in sd.start:
            s["owner"][board.index(key)] = seat
        s["supply"].append(sd.castles - len(sd.start) if sd.castles else -1)
    if mode.automaton:
        s["auto"] = {"bonus": 0, "queue": [], "army": [], "responses": [], "revealed": None}
    for faith in ("christian", "muslim"):
        deck = [c.id for c in deck_cards(content, mode, faith)]
        rng.shuffle(s, deck)
        s["deck"][faith] = deck
    return s


def deck_cards(content: Content, mode: Mode, faith: str) -> list[Card]:
    """The cards of one deck in this mode: the 1–2 player games remove some (rule 8.1)."""
    cards = [c for c in content.cards if c.deck == faith]
    if mode.solo_rules:
        cards = [c for c in cards if c.solo]
        if faith == "muslim":
            four = next((c for c in cards if c.type == "troop" and c.value == 4), None)
            cards = [c for c in cards if c is not four]
    return cards


def faith_of(mode: Mode, seat: int) -> str:
    if seat == NOBODY:
        assert mode.automaton is not None  # nobody's seat is the solo game's Muslims
        return mode.automaton.faith
    return mode.seats[seat].faith


def areas_of(s: State, seat: int) -> list[int]:
    return [i for i, owner in enumerate(s["owner"]) if owner == seat]


def castles_on_map(s: State, seat: int) -> int:
    return sum(1 for owner in s["owner"] if owner == seat)


def draw(
    s: State, seat: int, faith: str, count: int, content: Content, log: list[Event], rule: str, who: str
) -> list[int]:
    """Draw ``count`` cards from a faith's deck into a seat's hand (an empty deck stops the draw)."""
    drawn = []
    deck = s["deck"][faith]
    for _ in range(count):
        if not deck:
            log.append(Event(f"The {faith.capitalize()} deck is empty: {who} draws no more.", "R3"))
            break
        drawn.append(deck.pop())
    if seat != NOBODY:
        s["hands"][seat].extend(drawn)
    if drawn:
        plural = "s" if len(drawn) != 1 else ""
        if seat == NOBODY:
            # the automaton's cards stay face down until it reveals them, one a round (8.3)
            log.append(Event(f"{who} draw {len(drawn)} card{plural}, face down.", rule))
        else:
            names = ", ".join(content.cards[c].name for c in drawn)
            log.append(
                Event(
                    f"{who} draws {len(drawn)} card{plural}: {names}.",
                    rule,
                    private=seat,
                    public=f"{who} draws {len(drawn)} card{plural}.",
                )
            )
    return drawn


def looked_at(s: State, seat: int | None) -> int | None:
    """The opponent whose hand ``seat`` is looking at (Spies: "look at an opponent's hand and
    take one card of it"), or None."""
    pending = s["pending"][:1]
    if pending and pending[0]["kind"] == "take" and pending[0]["seat"] == seat:
        return pending[0]["from"]
    return None


def seduced_deck(card: Card) -> str:
    """The deck a Seduction-like event takes from, as its text says: the other deck from the card's own
    (Seduction, a Muslim card, takes a Christian card; Emir's Defection, a Christian card, a Muslim one),
    whoever plays it (rulings R15, R18)."""
    return "christian" if card.deck == "muslim" else "muslim"


def discard(s: State, card: Card) -> None:
    s["discard"][card.deck].append(card.id)


def adjacent_to(board: Board, area: int, owner_areas: set[int]) -> bool:
    return not owner_areas.isdisjoint(board.areas[area].borders)


def move_bonus(s: State, seat: int, delta: int) -> int:
    """Move a Card Bonus within −2..+2; returns the positive excess that could not be taken (rule 6)."""
    if seat == NOBODY:
        a = s["auto"]
        new = max(BONUS_MIN, min(BONUS_MAX, a["bonus"] + delta))
        excess = max(0, a["bonus"] + delta - BONUS_MAX)
        a["bonus"] = new
        return excess
    new = max(BONUS_MIN, min(BONUS_MAX, s["bonus"][seat] + delta))
    excess = max(0, s["bonus"][seat] + delta - BONUS_MAX)
    s["bonus"][seat] = new
    return excess


def all_card_places(s: State) -> list[int]:
    cards = []
    for faith in ("christian", "muslim"):
        cards += s["deck"][faith] + s["discard"][faith]
    for hand in s["hands"]:
        cards += hand
    cards += [c for c, _seat in s["lasting"]]
    if s["auto"]:
        a = s["auto"]
        cards += a["queue"] + a["army"] + a["responses"]
    if s["attack"]:
        cards += [c for c, _seat in s["attack"]["troops"]] + [c for c, _seat, _side in s["attack"]["cards"]]
    return cards
