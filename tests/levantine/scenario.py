"""Build Levantine positions directly, for scenario tests of single rules and cards.

A scenario starts from ``Levantine().initial_state(setup)`` — every card shuffled into
the deck, nothing dealt — and then places cards by name: into a hand, into play, on top
of the deck. Dice are scripted through the state's ``rigged`` list (written here as the
faces the dice show). Everything else goes through the engine's public door:
``legal_actions`` and ``apply``, and ``settle`` to run automatic steps.
"""

from __future__ import annotations

from collections.abc import Iterable

from outremer.core.actions import Action
from outremer.core.errors import IllegalAction
from outremer.core.game import Event, State, clone
from outremer.games.levantine import Levantine
from outremer.games.levantine import combat as _combat
from outremer.games.levantine.state import attacker, crusade

GAME = Levantine()
CARDS = GAME.cards
BY_NAME = {c.name: c.id for c in CARDS}
CRUSADER, MUSLIM = 0, 1
SEATS = (CRUSADER, MUSLIM)


def cid(card: str | int) -> int:
    """A card's id from its name (ids pass through)."""
    return card if isinstance(card, int) else BY_NAME[card]


def card(name: str | int):
    return CARDS[cid(name)]


# ------------------------------------------------------------------ building positions
def new(hand: int = 1, step: str = "recruit", *, seed: int = 7, egypt: bool = False, quick: bool = True) -> State:
    """A state in ``hand`` (1 = Crusader attacks, 2 = Muslim attacks, ...) at ``step``.

    Every card starts in the (shuffled) deck; hands and play areas are empty; the Muslims
    hold the 3 Territory Tokens (and Egypt with the option). ``step`` "battle" or "siege"
    opens that combat's commit step (the card exchange of ruling L5).

    ``quick``: The Will of God is asked only of its holder, so that a scenario about another
    rule is not interrupted by windows nobody can answer; the scenarios of ruling L4 itself
    pass ``quick=False``, the game's default, where both players are asked.
    """
    setup = GAME.make_setup(seed, ["human", "human"], {"egypt": egypt, "quick": quick})
    s = GAME.initial_state(setup)
    s["hand"] = hand
    set_step(s, step)
    return s


def set_step(s: State, step: str) -> State:
    """Go to ``step``, with the phase allowances the engine gives at its start."""
    s["step"] = step
    if step == "recruit":
        s["allow"] = [1, 1 if attacker(s) == CRUSADER else -1, 0]
    elif step == "defender":
        s["allow"] = [1, 1, 1]
    elif step in ("battle", "siege"):
        s["combat"] = _combat.new_combat(s, step)
        s["step"] = "commit"
    return s


def take(s: State, card_id: int) -> None:
    """Remove a card from wherever it lies."""
    for pile in (s["deck"], s["discard"], *s["hands"], *s["armies"], *s["forts"]):
        if card_id in pile:
            pile.remove(card_id)
            return
    for seat in SEATS:
        for entry in s["leaders"][seat]:
            if entry[0] == card_id:
                s["leaders"][seat].remove(entry)
                return
    raise AssertionError(f"card {card_id} is nowhere")


def give(s: State, seat: int, *cards: str | int) -> list[int]:
    """Put cards (names or ids) into ``seat``'s hand; returns their ids."""
    ids = [cid(c) for c in cards]
    for i in ids:
        take(s, i)
        s["hands"][seat].append(i)
    return ids


def fill_hand(s: State, seat: int, count: int, avoid: Iterable[str | int] = ()) -> list[int]:
    """Give ``seat`` ``count`` harmless cards (Fortifications cannot act outside the Defender Phase,
    so plain Armies of the other side are used: dead weight in this hand)."""
    avoid_ids = {cid(a) for a in avoid}
    other_side = "CM"[1 - seat]
    pool = [
        c.id for c in CARDS if c.type == "army" and c.side == other_side and c.id not in avoid_ids and c.id in s["deck"]
    ]
    assert len(pool) >= count
    return give(s, seat, *pool[:count])


def lead(s: State, seat: int, *cards: str | int, since: int | None = None) -> list[int]:
    """Put Leaders into ``seat``'s play area (entered in crusade ``since``, default the current one)."""
    ids = [cid(c) for c in cards]
    for i in ids:
        take(s, i)
        s["leaders"][seat].append([i, crusade(s) if since is None else since])
    return ids


def muster(s: State, seat: int, *cards: str | int) -> list[int]:
    """Put Armies into ``seat``'s play area."""
    ids = [cid(c) for c in cards]
    for i in ids:
        take(s, i)
        s["armies"][seat].append(i)
    return ids


def fortify(s: State, seat: int, *cards: str | int) -> list[int]:
    """Put Fortifications into ``seat``'s play area."""
    ids = [cid(c) for c in cards]
    for i in ids:
        take(s, i)
        s["forts"][seat].append(i)
    return ids


def stack(s: State, *cards: str | int) -> list[int]:
    """Put cards on top of the deck: the first named is the first drawn."""
    ids = [cid(c) for c in cards]
    for i in ids:
        take(s, i)
    s["deck"].extend(reversed(ids))
    return ids


def to_discard(s: State, *cards: str | int) -> list[int]:
    ids = [cid(c) for c in cards]
    for i in ids:
        take(s, i)
        s["discard"].append(i)
    return ids


def rig(s: State, *faces: int) -> None:
    """Script the next dice: each value is the face a die shows (1..6)."""
    assert all(1 <= f <= 6 for f in faces), faces
    s["rigged"].extend(f - 1 for f in faces)


def rig_raw(s: State, *values: int) -> None:
    """Script the next raw chance results (randbelow values, e.g. random discards)."""
    s["rigged"].extend(values)


def rig_combat(s: State, crusader: Iterable[int] = (), muslim: Iterable[int] = ()) -> None:
    """Script a combat's dice: the engine rolls the Crusader's dice first, then the Muslim's."""
    rig(s, *crusader, *muslim)


# ------------------------------------------------------------------ driving the engine
def settle(s: State) -> list[Event]:
    log: list[Event] = []
    GAME.settle(s, log)
    return log


def play(name: str | int, use: str | None = None) -> Action:
    return Action("play", (cid(name),) if use is None else (cid(name), use))


def discard(name: str | int) -> Action:
    return Action("discard", (cid(name),))


def lose(name: str | int) -> Action:
    return Action("lose", (cid(name),))


def act(s: State, a: Action | str, seat: int | None = None) -> tuple[State, list[Event]]:
    """Apply one action (an Action or its text form) through ``Game.apply``."""
    if isinstance(a, str):
        a = Action.parse(a)
    # A fresh copy each time: scenarios edit states in place between actions, and the
    # engine may remember the legal actions of a state object it has seen.
    return GAME.apply(clone(s), a, seat)


def run(s: State, *actions: Action | str) -> tuple[State, list[Event]]:
    """Apply several actions in turn; returns the last state and the whole log."""
    log: list[Event] = []
    for a in actions:
        s, more = act(s, a)
        log += more
    return s, log


def legal(s: State) -> list[str]:
    return [a.text for a in GAME.legal_actions(s)]


def is_legal(s: State, a: Action | str) -> bool:
    if isinstance(a, str):
        a = Action.parse(a)
    return a in GAME.legal_actions(s)


def refusal(s: State, a: Action | str, seat: int | None = None) -> str:
    """The message with which ``apply`` refuses ``a`` (fails if the action is accepted)."""
    try:
        act(s, a, seat)
    except IllegalAction as exc:
        return exc.message
    raise AssertionError(f"{a} was accepted")


def fight(
    s: State, crusader: Iterable[int] = (), muslim: Iterable[int] = (), then: Iterable[int] = ()
) -> tuple[State, list[Event]]:
    """From a commit step where nobody wants to play a card: both pass, with the dice scripted
    (``then``: the dice rolled after the combat, e.g. the Age Roll)."""
    assert s["step"] == "commit", s["step"]
    rig_combat(s, crusader, muslim)
    rig(s, *then)
    return run(s, "pass", "pass")


def dice_of(s: State, seat: int, card_name: str | int | None = None) -> list[list]:
    """The dice of the last (or current) combat for ``seat``, optionally only one card's."""
    c = s["combat"] if s["combat"] and s["combat"]["dice"] else s["last_combat"]
    dice = c["dice"][seat]
    if card_name is None:
        return dice
    return [d for d in dice if d[3] == cid(card_name)]


def texts(log: list[Event]) -> str:
    return "\n".join(e.text for e in log)


def rules(log: list[Event]) -> list[str]:
    return [e.rule for e in log]


def leader_ids(s: State, seat: int) -> list[int]:
    return [c for c, _ in s["leaders"][seat]]


def conserved(s: State) -> bool:
    """Every card lies in exactly one place (ruling L1: one copy of each card)."""
    return sorted(GAME.cards_in_play(s)) == list(range(len(CARDS)))
