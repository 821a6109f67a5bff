"""Build Lords of Heaven positions for scenario tests: a game started through the engine, its
draft played out, then the pieces a test needs put in place. Everything after goes through
``legal_actions`` and ``apply``; dice are scripted by face (``rig``)."""

from __future__ import annotations

from outremer.core.actions import Action
from outremer.core.game import State
from outremer.games import get_game

GAME = get_game("lords-of-heaven")
CONTENT = GAME.content
BYZ, SEL, CRU, CAL = 0, 1, 2, 3  # seats in 4 players (ruling LH2)
FACES = {"blank": 0, "strength": 2, "wound": 4, "both": 5}


def loc(key: str) -> int:
    return CONTENT.location(key).index


def card(name: str) -> int:
    return next(c.id for c in CONTENT.cards.values() if c.name == name)


def border(a: str, b: str) -> int:
    x, y = sorted((loc(a), loc(b)))
    return CONTENT.borders.index((x, y))


def started(players: int = 4, options: dict | None = None, seed: int = 1) -> State:
    """A game whose draft is over and whose first turn is open; hands emptied into the deck."""
    state, _ = GAME.start(GAME.make_setup(seed, ["human"] * players, options or {}))
    while state["step"] == "draft":
        state, _ = GAME.apply(state, GAME.legal_actions(state)[0])
    for hand in state["hands"]:
        state["deck"].extend(hand)
        hand.clear()
    return state


def turn_of(state: State, seat: int, hand: list[str]) -> State:
    """``seat`` to act at the start of its turn, holding ``hand`` (card names)."""
    from outremer.games.lords_of_heaven.turn import start_turn

    ids = [card(name) for name in hand]
    for c in ids:
        for place in [state["deck"], state["discard"]] + state["hands"]:
            if c in place:
                place.remove(c)
    state["hands"][seat] = ids
    state["seat"] = seat
    start_turn(CONTENT, state)
    return state


def play(state: State, *texts: str) -> tuple[State, list]:
    log = []
    for text in texts:
        action = Action.parse(text)
        assert action in GAME.legal_actions(state), (text, [a.text for a in GAME.legal_actions(state)][:40])
        state, events = GAME.apply(state, action)
        log += events
    return state, log


def rig(state: State, *faces: str) -> None:
    state["rigged"] = [FACES[f] for f in faces]


def with_card(state: State, seat: int, card_id: int) -> State:
    """A copy of ``state`` where ``seat`` holds ``card_id``: the card changes places with the
    first card of the seat's hand (wherever it was: the deck, the discard pile, a column, another
    hand), so every card stays in play exactly once."""
    from outremer.core.game import clone

    state = clone(state)
    hand = state["hands"][seat]
    if card_id in hand:
        return state
    places = (
        [state["deck"], state["discard"]] + state["columns"] + [h for i, h in enumerate(state["hands"]) if i != seat]
    )
    where = next(place for place in places if card_id in place)
    i = where.index(card_id)
    if hand:
        where[i] = hand[0]
        hand[0] = card_id
    else:
        del where[i]
        hand.append(card_id)
    hand.sort()
    return state


def antiocheia_battle() -> State:
    """The position of the Battle example (p.10-11): George (Seljuk) about to attack Beatrice
    (Byzantines) in Antiocheia, with Robert's (Crusaders) Fortress at level 2 next to it."""
    s = started()
    antiocheia = loc("antiocheia")
    s["support"][antiocheia][SEL] = 2
    s["fortress"][border("iconium", "antiocheia")] = CRU
    s["buildings"][CRU][1] = 2
    s["upgrades"][CRU][1] = 2
    s["stock"][SEL].update(footman=4, faith=2, gold=3)
    s["stock"][BYZ].update(footman=2, faith=0, gold=2)
    s["stock"][CRU].update(footman=1, faith=2, gold=2, knight=0, siege_tower=0)
    s["hands"][BYZ] = [card("Varangian Guard")]
    s = turn_of(s, SEL, ["Ilghazi's Turkmen", "Armenian Soldiery", "Holy Zeal"])
    s["turn"]["column"] = 2
    s["step"] = "conflicts"
    return s
