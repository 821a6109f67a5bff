"""Build Crusader Kingdoms positions directly, for scenario tests of single rules and cards.

A scenario starts from a game started through the engine (``GAME.start``: castles deployed,
turn 1 dealt, the first seat to act) and, unless asked otherwise, empties every hand and the
Muslims' unrevealed cards back into their decks. Then it places what the test needs: cards
into a hand (by id, found by name or value), areas to a seat, +1 castles, Card Bonus
markers, the Muslim automaton's queue, army and responses. Dice are scripted through the
state's ``rigged`` list, written here as the faces the dice show. Everything else goes
through the engine's public door: ``legal_actions`` and ``apply``.
"""

from __future__ import annotations

from outremer.core.actions import Action
from outremer.core.errors import IllegalAction
from outremer.core.game import Event, State, clone
from outremer.games import get_game
from outremer.games.crusader_kingdoms.state import NOBODY

GAME = get_game("crusader-kingdoms")
CARDS = GAME.cards
CONTENT = GAME.content
MUSLIMS = NOBODY
"""The owner of the Muslim areas (1–2 players) and of the independent kingdoms (3–4 players)."""

# seats by mode, in deployment table order (rules 7.1 and 8.1)
DAMASCUS, JERUSALEM, ANTIOCH, ALEPPO = 0, 1, 2, 3  # 4 players
SALADIN = 0  # 3 players: Saladin, Jerusalem, Antioch
RICHARD, LEOPOLD = 0, 1  # 2 players (co-operative)
CRUSADE = 0  # 1 player


# ------------------------------------------------------------------ cards
def card(cid: int):
    return CARDS[cid]


def pick(name: str, deck: str | None = None, n: int = 1, exclude=()) -> list[int]:
    """The ids of ``n`` cards called ``name`` (in ``deck`` when the name is in both)."""
    found = [c.id for c in CARDS if c.name == name and (deck is None or c.deck == deck) and c.id not in exclude]
    decks = {CARDS[c].deck for c in found}
    assert len(decks) == 1, f"{name!r} is in {sorted(decks) or 'no deck'}: name the deck"
    assert len(found) >= n, f"only {len(found)} {name!r}"
    return found[:n]


def one(name: str, deck: str | None = None, exclude=()) -> int:
    return pick(name, deck, 1, exclude)[0]


def troops(deck: str, *values: int, exclude=()) -> list[int]:
    """Distinct Troop cards of ``deck`` with these values, in the order asked."""
    taken = list(exclude)
    out = []
    for v in values:
        c = next(c.id for c in CARDS if c.deck == deck and c.type == "troop" and c.value == v and c.id not in taken)
        taken.append(c)
        out.append(c)
    return out


def with_effect(effect: str, kind: str | None = None) -> list[int]:
    return [c.id for c in CARDS if c.effect == effect and (kind is None or c.type == kind)]


# ------------------------------------------------------------------ positions
def new(players: int = 4, *, seed: int = 1, deal: bool = False, quick: bool = True) -> State:
    """A game started with ``players`` seats: turn 1, the first seat to act. Unless ``deal``,
    every hand and the Muslims' unrevealed cards go back to their decks.

    ``quick``: responses are asked only of players who hold one, so that a scenario about another
    rule is not interrupted by windows nobody can answer; the scenarios of ruling R10 itself pass
    ``quick=False``, the game's default, where every player the attack concerns is asked."""
    s, _ = GAME.start(GAME.make_setup(seed, ["human"] * players, {"quick": quick}))
    if not deal:
        for hand in s["hands"]:
            for c in hand:
                s["deck"][CARDS[c].deck].append(c)
            hand.clear()
        if s["auto"] is not None:
            s["deck"]["muslim"] += s["auto"]["queue"]
            s["auto"]["queue"] = []
    return s


def board(s: State):
    return GAME.flow(s).board


def mode(s: State):
    return GAME.flow(s).mode


def area(s: State, key: str) -> int:
    return board(s).index(key)


def areas(s: State, *keys: str) -> list[int]:
    return [area(s, k) for k in keys]


def take(s: State, cid: int) -> None:
    """Remove a card from wherever it lies."""
    piles = [
        s["deck"]["christian"],
        s["deck"]["muslim"],
        s["discard"]["christian"],
        s["discard"]["muslim"],
        *s["hands"],
    ]
    if s["auto"] is not None:
        piles += [s["auto"]["queue"], s["auto"]["army"], s["auto"]["responses"]]
    for pile in piles:
        if cid in pile:
            pile.remove(cid)
            return
    for entry in s["lasting"]:
        if entry[0] == cid:
            s["lasting"].remove(entry)
            return
    raise AssertionError(f"card {cid} ({CARDS[cid].name}) is nowhere")


def give(s: State, seat: int, *cids: int) -> list[int]:
    """Put cards into ``seat``'s hand (taken from wherever they are); returns their ids."""
    for c in cids:
        take(s, c)
        s["hands"][seat].append(c)
    return list(cids)


def on_top(s: State, *cids: int) -> None:
    """Put cards on top of their decks; the first named is drawn first."""
    for c in reversed(cids):
        take(s, c)
        s["deck"][CARDS[c].deck].append(c)


def to_discard(s: State, *cids: int) -> None:
    for c in cids:
        take(s, c)
        s["discard"][CARDS[c].deck].append(c)


def queue(s: State, *cids: int) -> None:
    """The Muslims' unrevealed cards this turn, in the order they will be revealed."""
    for c in cids:
        take(s, c)
    s["auto"]["queue"] = list(cids)


def army(s: State, *cids: int) -> None:
    for c in cids:
        take(s, c)
    s["auto"]["army"] = list(cids)


def auto_responses(s: State, *cids: int) -> None:
    for c in cids:
        take(s, c)
    s["auto"]["responses"] = list(cids)


def own(s: State, seat: int, *keys: str, plus: bool = False) -> list[int]:
    """Give areas to ``seat`` (MUSLIMS: independent or Muslim), with a regular castle or a +1
    one; the castles in supply follow (3–4 players)."""
    idx = []
    for k in keys:
        i = area(s, k)
        s["owner"][i] = seat
        s["plus"][i] = plus
        idx.append(i)
    recount(s)
    return idx


def recount(s: State) -> None:
    for seat, sd in enumerate(mode(s).seats):
        if sd.castles:
            s["supply"][seat] = sd.castles - sum(1 for o in s["owner"] if o == seat)


def clear_map(s: State) -> None:
    """Every area to nobody (independent kingdoms, or the Muslims), no +1 castle."""
    s["owner"] = [NOBODY] * len(s["owner"])
    s["plus"] = [False] * len(s["plus"])
    recount(s)


def at(s: State, seat: int) -> State:
    """Make it ``seat``'s round."""
    s["current"] = seat
    s["step"] = "action"
    return s


def rig(s: State, *faces: int) -> None:
    """Script the next dice: the faces they show."""
    assert all(1 <= f <= 6 for f in faces)
    s["rigged"] = [f - 1 for f in faces]


def rig_raw(s: State, *values: int) -> None:
    """Script the next draws of chance as they are (random indices, etc.)."""
    s["rigged"] = list(values)


def settle(s: State) -> list[Event]:
    log: list[Event] = []
    GAME.settle(s, log)
    return log


# ------------------------------------------------------------------ acting
def act(s: State, *texts: str) -> tuple[State, list[Event]]:
    """Apply actions in turn; returns the last state and the whole log. The state given is
    copied first, so scenarios may keep changing their own copy."""
    s = clone(s)
    log: list[Event] = []
    for t in texts:
        s, more = GAME.apply(s, Action.parse(t))
        log += more
    return s, log


def legal(s: State) -> list[str]:
    return [a.text for a in GAME.legal_actions(s)]


def is_legal(s: State, text: str) -> bool:
    return Action.parse(text) in GAME.legal_actions(s)


def refusal(s: State, text: str) -> str:
    """The engine's refusal of an action (fails if the action is accepted)."""
    try:
        GAME.apply(clone(s), Action.parse(text))
    except IllegalAction as exc:
        return str(exc)
    raise AssertionError(f"{text!r} was accepted")


def texts(log: list[Event]) -> list[str]:
    return [e.text for e in log]


def rules(log: list[Event]) -> set[str]:
    return {e.rule for e in log}


def to_act(s: State) -> int | None:
    return GAME.to_act(s)


def attack_of(s: State) -> dict:
    """The attack under way, or the last one resolved."""
    return s["attack"] if s["attack"] is not None else s["last_attack"]


def fight(
    s: State,
    seat_area: str,
    cards: list[int],
    attack_dice: list[int],
    defence_dice: list[int],
    *,
    then: tuple[str, ...] = (),
) -> tuple[State, list[Event]]:
    """The seat to act attacks ``seat_area`` with ``cards`` (all added), the dice scripted;
    every other seat places nothing and flips nothing, then ``then`` is applied."""
    s = clone(s)
    rig(s, *attack_dice, *defence_dice)
    s, log = act(s, f"attack {area(s, seat_area)}", *[f"add {c}" for c in cards], "go")
    while s["step"] in ("respond", "flip") and not s["pending"]:
        s, more = act(s, "done")
        log += more
    if then:
        s, more = act(s, *then)
        log += more
    return s, log


def all_cards(s: State) -> list[int]:
    return sorted(GAME.cards_in_play(s))
