"""The Strategy phase (p.10): each player draws 4 Event Cards of its Army from the round's pile
and arranges them face down under the 4 slots of its row of the bidding board (worth 2, 3, 4 and
5 command points); the rows are revealed together; then, in initiative order, each player picks
cards from the rows of the other Alliance: the card goes to its owner, the picker gains the
slot's command points. Each player ends with 2 Event Cards; the rest are discarded.

- 2 players: each picks 2 from the other's row.
- 3 players: the lone player picks 2 from each of the pair's rows; each of the pair picks 1 from
  the lone player's row, for double the command points.
- 4 players: each picks 2, at most 2 from any row; a full row sends a picker to the other.

State: ``s["events"][army][period]`` the piles, ``s["hand"][army]`` the Event Cards to execute
this round, ``s["strategy"]`` the phase in progress (the drawn cards, the revealed rows, the picks).
"""

from __future__ import annotations

from itertools import permutations

from ...core import rng
from ...core.actions import Action, act
from ...core.game import Event, State
from ...core.secret import all_sealed, open_sealed, reveal, seal, sealed_next
from . import solo_strategy
from .data import ALLIANCE_OF, ARMY_NAMES, Content
from .diplomacy import FLAGS
from .events import DRAW, PERIODS, deck, event
from .solo import solo
from .state import ROUNDS, alone, lone

ORDERS = tuple(permutations(range(DRAW)))
"""The 24 ways to lay 4 cards under the slots: ``ORDERS[i][slot]`` is the drawn card there."""


def setup_events(content: Content, s: State) -> None:
    """Each Army's Event Cards in 4 shuffled piles by year (p.4), without those marked for an
    Army not in the game or needing the north board where it is not (ruling TC34)."""
    north = len(s["armies"]) == 4
    s["events"] = {}
    for army in s["armies"]:
        piles = {}
        for period in PERIODS:
            pile = sorted(e.key for e in deck(army, period, s["armies"], north))
            rng.shuffle(s, pile)
            piles[period] = pile
        s["events"][army] = piles
    s["hand"] = {army: [] for army in s["armies"]}


def quotas(s: State) -> dict[int, dict[str, int]]:
    """How many cards each seat picks from each row of the other Alliance (p.10)."""
    n = len(s["armies"])
    out = {}
    for seat, army in enumerate(s["armies"]):
        rows = [a for a in s["armies"] if ALLIANCE_OF[a] != ALLIANCE_OF[army]]
        if n == 3:
            out[seat] = {a: (2 if lone(s, seat) else 1) for a in rows}
        else:
            out[seat] = {a: 2 for a in rows}  # with 4 players, 2 in all (checked in ``legal``)
    return out


def start(content: Content, s: State) -> None:
    s["phase"] = "strategy"
    period = PERIODS[s["round"]]
    drawn = {}
    for army in s["armies"]:
        pile = s["events"][army][period]
        drawn[army], s["events"][army][period] = pile[:DRAW], pile[DRAW:]
    s["strategy"] = {
        "drawn": drawn,
        "rows": None,
        "picks": {str(seat): [] for seat in range(len(s["armies"]))},
        "turn": 0,
    }
    if solo(s):
        solo_strategy.start(s, drawn)
        return
    open_sealed(s, f"arrange-{s['round']}", list(range(len(s["armies"]))))


def to_act(s: State) -> int | None:
    st = s.get("strategy")
    if s["phase"] != "strategy" or st is None:
        return None
    if st.get("solo"):
        return solo_strategy.to_act(s)
    if st["rows"] is None:
        return sealed_next(s)
    return s["initiative"][st["turn"]]


def legal(content: Content, s: State, seat: int) -> list[Action]:
    st = s["strategy"]
    if st.get("solo"):
        return solo_strategy.legal(s, seat)
    if st["rows"] is None:
        drawn = st["drawn"][s["armies"][seat]]
        return [act("arrange", *(drawn[i] for i in order)) for order in ORDERS]
    return [act("pick", army, FLAGS[slot]) for army, slot in _open_slots(s, seat)]


def _open_slots(s: State, seat: int) -> list[tuple[str, int]]:
    """(row, slot) the seat may pick from now: a card still there, in a row it still owes picks
    to (with 4 players: any row of the other Alliance with fewer than 2 picks taken, p.10)."""
    st = s["strategy"]
    mine = st["picks"][str(seat)]
    want = quotas(s)[seat]
    n = len(s["armies"])
    out = []
    for army, cards in st["rows"].items():
        if army not in want:
            continue
        taken_here = sum(1 for picks in st["picks"].values() for a, _ in picks if a == army)
        if n == 4:
            if len(mine) >= 2 or taken_here >= 2:
                continue
        elif sum(1 for a, _ in mine if a == army) >= want[army]:
            continue
        out += [(army, slot) for slot, key in enumerate(cards) if key is not None]
    return out


def perform(content: Content, s: State, seat: int, action: Action, log: list[Event]) -> None:
    st = s["strategy"]
    army = s["armies"][seat]
    if st.get("solo"):
        if solo_strategy.perform(s, seat, action, log):
            _over(s, log)
        return
    if st["rows"] is None:
        laid = list(action.args)  # the cards under the flags 2, 3, 4 and 5, in order
        if sorted(laid) != sorted(st["drawn"][army]):
            raise ValueError("arrange: not the cards drawn")
        seal(s, seat, laid)
        log.append(
            Event(
                f"{ARMY_NAMES[army]} lays its Event Cards under the bidding board: "
                + ", ".join(f"{FLAGS[i]}: {event(k).title}" for i, k in enumerate(laid))
                + ".",
                "p.10",
                private=seat,
                public=f"{ARMY_NAMES[army]} lays its Event Cards face down.",
            )
        )
        if all_sealed(s):
            rows = {s["armies"][i]: list(cards) for i, cards in reveal(s).items()}
            st["rows"] = rows
            log.append(
                Event(
                    "The rows are revealed: "
                    + "; ".join(
                        f"{ARMY_NAMES[a]}: " + ", ".join(f"{FLAGS[i]} {event(k).title}" for i, k in enumerate(cards))
                        for a, cards in rows.items()
                    )
                    + ".",
                    "p.10",
                )
            )
            st["turn"] = 0
            _skip(s, log)
        return
    row, flag = action.args
    slot = FLAGS.index(flag)
    key = st["rows"][row][slot]
    st["rows"][row][slot] = None
    st["picks"][str(seat)].append([row, flag])
    s["hand"][row].append(key)
    double = len(s["armies"]) == 3 and alone(s, ALLIANCE_OF[row])
    gain = flag * (2 if double else 1)
    s["cp"][seat] += gain
    log.append(
        Event(
            f"{ARMY_NAMES[army]} picks {event(key).title} from the {ARMY_NAMES[row]} row for "
            f"{gain} command points{' (double, from the lone player)' if double else ''}; the card goes "
            f"to the {ARMY_NAMES[row]}.",
            "p.10",
        )
    )
    st["turn"] = (st["turn"] + 1) % len(s["initiative"])
    _skip(s, log)


def _skip(s: State, log: list[Event]) -> None:
    """On to the next place on the track whose seat still has a pick to make; when none has,
    the leftover cards are discarded and Planning follows."""
    st = s["strategy"]
    for _ in range(len(s["initiative"]) + 1):
        seat = s["initiative"][st["turn"]]
        if _open_slots(s, seat):
            return
        st["turn"] = (st["turn"] + 1) % len(s["initiative"])
    _over(s, log)


def _over(s: State, log: list[Event]) -> None:
    st = s["strategy"]
    left = sum(1 for cards in st["rows"].values() for k in cards if k is not None)
    log.append(
        Event(
            f"The {left} cards left under the bidding board are discarded; {ROUNDS[s['round']]}'s Planning begins.",
            "p.10",
        )
    )
    s["strategy"] = None
    s["phase"] = "planning"
