"""The Strategy phase of the solo game (p.20): every Army's 4 Event Cards are laid under the
bidding board at random, unseen by anyone, then read by all (ruling TC84: the rulebook's example
weighs the Bot's cards in the slots); in initiative order each person's Army picks a slot (2, 3, 4
or 5): it takes its own card there and the slot's command points, and the Bot Army paired with
it takes its own card in the same slot. Then STRATEGY: BOT ROLL: each Bot rolls its die, the
Bot Table column it follows all round.

Pairing (p.20; ruling TC83): with two Armies, the person's with the Bot; with four, the top two
Armies of each Alliance on the track pair, and the bottom two; with three, all three Armies take
their cards from the same slot: a lone person picks twice and both Bots take theirs; against a
lone Bot the two people's Armies share each pick (the first on the track picks the first slot,
the other the second), and both gain the command points of both slots.
"""

from __future__ import annotations

from ...core import rng
from ...core.actions import Action, act
from ...core.game import Event, State
from .data import ARMY_NAMES
from .diplomacy import FLAGS
from .events import event
from .solo import is_bot


def start(s: State, drawn: dict[str, list[str]]) -> None:
    """The cards laid at random (the seeded chance) and the pickers' turns set."""
    rows = {}
    for army in s["armies"]:
        cards = list(drawn[army])
        rng.shuffle(s, cards)
        rows[army] = cards
    track = list(dict.fromkeys(s["initiative"]))
    people = [p for p in track if not is_bot(s, p)]
    bots = [p for p in track if is_bot(s, p)]
    shared = len(people) == 2 and len(bots) == 1
    turns = people if shared else people * 2
    st = s["strategy"]
    st["drawn"] = {army: [] for army in s["armies"]}
    st["rows"] = rows
    st["solo"] = {"turns": turns, "next": 0, "shared": shared, "pairs": _pairs(s, people, bots)}


def _pairs(s: State, people: list[int], bots: list[int]) -> dict[str, list[int]]:
    """For each person's Army (by index, as text), the Armies taking their card in the slot it
    picks, itself first."""
    out = {}
    for rank, p in enumerate(people):
        if len(people) == 1:
            takers = [p] + bots
        elif len(bots) == 1:
            takers = [p, next(q for q in people if q != p)] + bots
        else:
            takers = [p, bots[min(rank, len(bots) - 1)]]
        out[str(p)] = takers
    return out


def to_act(s: State) -> int | None:
    so = s["strategy"]["solo"]
    return so["turns"][so["next"]] if so["next"] < len(so["turns"]) else None


def legal(s: State, index: int) -> list[Action]:
    row = s["strategy"]["rows"][s["armies"][index]]
    return [act("slot", FLAGS[i]) for i, key in enumerate(row) if key is not None]


def perform(s: State, index: int, action: Action, log: list[Event]) -> bool:
    """The pick made; True when the phase is over (every pick made)."""
    st = s["strategy"]
    so = st["solo"]
    flag = action.args[0]
    slot = FLAGS.index(flag)
    parts = []
    for p in so["pairs"][str(index)]:
        army = s["armies"][p]
        key = st["rows"][army][slot]
        if key is None:
            continue
        st["rows"][army][slot] = None
        s["hand"][army].append(key)
        st["picks"][str(p)].append([army, flag])
        if not is_bot(s, p):
            s["cp"][p] += flag
            parts.append(f"the {ARMY_NAMES[army]} takes its card {event(key).title} and {flag} command points")
        else:
            parts.append(f"the Bot {ARMY_NAMES[army]} takes its card there, {event(key).title}")
    log.append(Event(f"{ARMY_NAMES[s['armies'][index]]} picks slot {flag}: " + "; ".join(parts) + ".", "p.20"))
    so["next"] += 1
    return so["next"] >= len(so["turns"])
